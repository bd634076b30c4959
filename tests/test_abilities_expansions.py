"""Expansion cards whose abilities need their module (``abilities/expansion_cards.py``).

Capital: AUTOMATION, GPS and CONTAINER FACTORY put themselves on a ship as a rainbow (grey, wild)
container.  Tokyo: RAMEN, SQUID JERKY and TOTO TOILETS work with the Tokyo harbour (the Supply
Island list with the module "tokyo").  Every test builds a position with ``load_scenario``, drives
the game only through ``legal_actions()``/``apply()`` and checks that the effect happens with card
abilities on and not under the basic rules.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import apply_one, cid, matching, plain_cards

from importexport import CARDS, Action, Game
from importexport.bots import RandomBot
from importexport.importexport.actions import DISCARD, TAKE_GOODS
from importexport.importexport.constants import GREY, payout
from importexport.importexport.scenario import load_scenario

ON_OFF = pytest.mark.parametrize("abilities", [True, False], ids=["abilities", "basic"])
START = 10  # a scenario seat's credits unless given

# Contracts that do nothing until the end of the game (only a scoring hook).
GOLD_STUFF = "GOLD STUFF"  # blue 1, yellow 1 (level blue 2)
APPLE_WATCH = "APPLE WATCH"  # blue 1, green 2
NAMED = {GOLD_STUFF, APPLE_WATCH, "ALMONDS", "BOOKS"}  # cards the tests name themselves
GREEN = plain_cards("green", 4, NAMED)
YELLOW = plain_cards("yellow", 4, NAMED)
BLUE = plain_cards("blue", 4, NAMED)
BLACK = plain_cards("black", 3, NAMED)
RED = plain_cards("red", 2, NAMED)


def game(abilities: bool, modules: list[str], seat0: dict[str, Any], *, led: str = "load",
         declared: list[int] | None = None, others: list[dict[str, Any]] | None = None, **top: Any) -> Game:
    spec = {"players": 2, "abilities": abilities, "modules": modules, "seats": [seat0, *(others or [{}])],
            "turn": {"led": led, "declared": declared or [1, -1]}, **top}
    return load_scenario(spec)


def ask_options(g: Game, seat: int) -> set[tuple[str, int]]:
    """The ability choices of ``seat`` now, as (kind, target)."""
    assert g.deciders() == [seat], g.deciders()
    return {(a.kind, a.target) for a in g.legal_actions(seat) if a.kind in ("choose", "no")}


def asked(g: Game) -> bool:
    return bool(g.state.stack) and g.state.stack[-1]["kind"] == "ask"


def conserved(g: Game) -> None:
    cards = g.state.all_cards()
    assert len(cards) == len(set(cards))


# --- AUTOMATION -------------------------------------------------------------------------------

@ON_OFF
@pytest.mark.card("AUTOMATION")
def test_automation_loads_itself_onto_a_ship_with_a_contract(abilities: bool) -> None:
    g = game(abilities, ["capital"], {
        "hand": [GREEN[2]],
        "ships": [{"contracts": ["AUTOMATION"], "containers": GREEN[:2]}, {"contracts": [GOLD_STUFF]}],
    })
    g.apply(Action(0, "load", (cid(GREEN[2]),), 0))
    s = g.state
    assert s.players[0].credits == START + payout(3)
    if abilities:
        assert ask_options(g, 0) == {("choose", 1)}  # ship 0 is about to sail
        apply_one(g, "choose", 0, target=1)
        assert s.ships[1].containers == [cid("AUTOMATION")] and s.ships[1].colours == [GREY]
        assert cid("AUTOMATION") not in s.players[0].fulfilled
        assert not s.ships[1].at_sea  # one of GOLD STUFF's two slots is filled
    else:
        assert s.players[0].fulfilled == [cid("AUTOMATION")] and not s.ships[1].containers
    assert s.ships[0].at_sea and len(s.ships[0].containers) == 3
    conserved(g)


@ON_OFF
@pytest.mark.card("AUTOMATION")
def test_automation_is_discarded_when_no_ship_can_take_it(abilities: bool) -> None:
    # ship 1 has no contract: no suitable ship
    g = game(abilities, ["capital"], {
        "hand": [GREEN[2]], "ships": [{"contracts": ["AUTOMATION"], "containers": GREEN[:2]}, {}],
    })
    g.apply(Action(0, "load", (cid(GREEN[2]),), 0))
    s = g.state
    assert not asked(g)
    if abilities:
        assert cid("AUTOMATION") in s.discard and not s.players[0].fulfilled
    else:
        assert s.players[0].fulfilled == [cid("AUTOMATION")]


@ON_OFF
@pytest.mark.card("AUTOMATION")
def test_automation_moves_on_when_its_ship_is_fulfilled_and_completes_the_next(abilities: bool) -> None:
    # AUTOMATION stands on ship 0 (GOLD STUFF); loading the blue card fulfils ship 0.  It moves on
    # to ship 1, whose APPLE WATCH it completes; with no further ship it sails with ship 1.
    g = game(abilities, ["capital"], {
        "hand": [BLUE[0]],
        "ships": [{"contracts": [GOLD_STUFF], "containers": ["AUTOMATION"]},
                  {"contracts": [APPLE_WATCH], "containers": [BLUE[1], GREEN[0]]}],
    })
    auto = cid("AUTOMATION")
    g.apply(Action(0, "load", (cid(BLUE[0]),), 0))
    s = g.state
    if abilities:
        assert ask_options(g, 0) == {("choose", 1)}
        apply_one(g, "choose", 0, target=1)
        assert s.players[0].credits == START + payout(2) + payout(3)  # it counted on both ships
        assert s.players[0].fulfilled == [cid(GOLD_STUFF), cid(APPLE_WATCH)]
        assert s.ships[0].containers == [cid(BLUE[0])]
        assert s.ships[1].at_sea and auto in s.ships[1].containers
    else:
        assert s.players[0].credits == START + payout(2)
        assert s.ships[0].containers == [auto, cid(BLUE[0])]
        assert not s.ships[1].at_sea
    assert s.ships[0].at_sea
    conserved(g)


# --- GPS --------------------------------------------------------------------------------------

@ON_OFF
@pytest.mark.card("GPS")
def test_gps_loads_itself_or_is_discarded(abilities: bool) -> None:
    for second, where in (({"contracts": [APPLE_WATCH]}, "ship"), ({}, "discard")):
        g = game(abilities, ["capital"], {
            "hand": [YELLOW[0]], "ships": [{"contracts": ["GPS"], "containers": [BLUE[0]]}, second],
        })
        g.apply(Action(0, "load", (cid(YELLOW[0]),), 0))
        s = g.state
        gps = cid("GPS")
        if not abilities:
            assert s.players[0].fulfilled == [gps] and not asked(g)
        elif where == "ship":
            assert ask_options(g, 0) == {("choose", 1)}
            apply_one(g, "choose", 0, target=1)
            assert s.ships[1].containers == [gps] and s.ships[1].colours == [GREY] and not s.players[0].fulfilled
        else:
            assert gps in s.discard and not s.players[0].fulfilled


@ON_OFF
@pytest.mark.card("GPS")
def test_gps_left_alone_after_a_pirate_brings_the_ship_home(abilities: bool) -> None:
    g = game(abilities, ["capital"], {}, led="pirate",
             others=[{"ships": [{}, {"at_sea": True, "containers": [RED[0], "GPS"]}]}])
    assert not matching(g, "pirate", 0, cards=(cid("GPS"),))  # a grey container is never pirated
    g.apply(Action.pirate(0, cid(RED[0]), 3, DISCARD))
    s = g.state
    ship = s.ships[3]
    if abilities:
        assert not ship.at_sea and not ship.containers and cid("GPS") in s.discard
    else:
        assert ship.at_sea and ship.containers == [cid("GPS")]


@ON_OFF
@pytest.mark.card("GPS")
def test_gps_left_alone_during_an_import_ends_the_taking(abilities: bool) -> None:
    g = game(abilities, ["capital"], {}, led="import",
             others=[{"ships": [{}, {"at_sea": True, "containers": [RED[0], "GPS"]}]}])
    apply_one(g, "ship", 0, target=3)  # seat 0 bids alone: the cargo for free
    g.apply(Action(0, "take", (cid(RED[0]),), TAKE_GOODS))
    s = g.state
    ship = s.ships[3]
    if abilities:
        assert not ship.at_sea and cid("GPS") in s.discard
        assert s.players[0].goods == [cid(RED[0])]  # no second card: GPS was gone
        assert s.players[1].credits == START + 2  # the owner is still compensated
        assert s.active == 1  # the turn is over
    else:
        g.apply(Action(0, "take", (cid("GPS"),), TAKE_GOODS))
        assert s.players[0].goods == [cid(RED[0]), cid("GPS")] and not ship.at_sea


# --- CONTAINER FACTORY ------------------------------------------------------------------------

@ON_OFF
@pytest.mark.card("CONTAINER FACTORY")
@pytest.mark.parametrize("where", ["stay", "crew", "goods", "hand", "ship"])
def test_container_factory_goes_where_its_owner_chooses(abilities: bool, where: str) -> None:
    g = game(abilities, ["capital"], {
        "hand": [GREEN[0]],
        "ships": [{"contracts": ["CONTAINER FACTORY"], "containers": [BLUE[0]]}, {"contracts": [GOLD_STUFF]}],
    })
    cf = cid("CONTAINER FACTORY")
    g.apply(Action(0, "load", (cid(GREEN[0]),), 0))
    s = g.state
    p = s.players[0]
    if not abilities:
        assert not asked(g) and p.fulfilled == [cf]
        return
    targets = {"crew": -1, "goods": -2, "hand": -3, "ship": 1}
    assert ask_options(g, 0) == {("no", -1)} | {("choose", t) for t in targets.values()}
    if where == "stay":
        apply_one(g, "no", 0)
    else:
        apply_one(g, "choose", 0, target=targets[where])
    assert (p.fulfilled == [cf]) == (where == "stay")
    assert (p.crew == [cf]) == (where == "crew")
    assert (p.goods == [cf]) == (where == "goods")
    assert (p.hand == [cf]) == (where == "hand")
    assert (s.ships[1].containers == [cf] and s.ships[1].colours == [GREY]) == (where == "ship")
    conserved(g)


@pytest.mark.card("CONTAINER FACTORY")
def test_container_factory_offers_no_full_crew_or_goods() -> None:
    # with the card gone the limits are 1 crew and 2 goods: both are full
    g = game(True, ["capital"], {
        "hand": [GREEN[0]], "crew": [RED[0]], "goods": YELLOW[:2],
        "ships": [{"contracts": ["CONTAINER FACTORY"], "containers": [BLUE[0]]}, {}],
    })
    g.apply(Action(0, "load", (cid(GREEN[0]),), 0))
    assert ask_options(g, 0) == {("no", -1), ("choose", -3)}


# --- RAMEN ------------------------------------------------------------------------------------

@ON_OFF
@pytest.mark.card("RAMEN")
def test_ramen_takes_the_agriculture_cards_of_the_tokyo_harbour(abilities: bool) -> None:
    g = game(abilities, ["tokyo"], {
        "hand": [YELLOW[0]], "ships": [{"contracts": ["RAMEN"], "containers": [GREEN[0]]}, {}],
    }, island=[YELLOW[1], BLUE[0], YELLOW[2]], deck=[BLUE[1]])
    g.apply(Action(0, "load", (cid(YELLOW[0]),), 0))
    s = g.state
    if abilities:
        assert s.players[0].goods == [cid(YELLOW[1]), cid(YELLOW[2])]
        assert s.island == [cid(BLUE[0]), cid(BLUE[1])]  # the refill from the deck comes after
    else:
        assert not s.players[0].goods
        assert s.island == [cid(YELLOW[1]), cid(BLUE[0]), cid(YELLOW[2]), cid(BLUE[1])]


@ON_OFF
@pytest.mark.card("RAMEN")
def test_ramen_goes_on_taking_agriculture_cards_that_reach_the_harbour(abilities: bool) -> None:
    # seat 1 (active) sells a yellow card to the Tokyo harbour; seat 0 holds RAMEN and is at its goods limit
    g = game(abilities, ["tokyo"], {"fulfilled": ["RAMEN"], "goods": GREEN[:2] + BLUE[:2]},
             led="supply", declared=[-1, 1], active=1, others=[{"hand": [YELLOW[0]]}])
    y = cid(YELLOW[0])
    g.apply(Action(1, "sell", (y,)))
    s = g.state
    assert s.players[1].credits == START + 4
    if abilities:
        assert y in s.players[0].goods and y not in s.island
        assert g.deciders() == [0] and {a.kind for a in g.legal_actions(0)} == {"choose"}  # over the limit
        g.apply(Action(0, "choose", (y,), 1))  # discard the new good again
        assert y in s.discard and len(s.players[0].goods) == 4
    else:
        assert y in s.island and len(s.players[0].goods) == 4


# --- SQUID JERKY ------------------------------------------------------------------------------

@ON_OFF
@pytest.mark.card("SQUID JERKY")
def test_squid_jerky_swaps_itself_for_a_card_of_the_two_credit_column(abilities: bool) -> None:
    # ALMONDS and BOOKS lie in the level-0 column, GOLD STUFF (level 2) does not.  ALMONDS is taken
    # into the fulfilled contracts without being fulfilled: its instant credits do not come.
    island = ["ALMONDS", "BOOKS", GOLD_STUFF]
    g = game(abilities, ["tokyo"], {
        "hand": [YELLOW[0]], "ships": [{"contracts": ["SQUID JERKY"], "containers": BLACK[:2]}, {}],
    }, island=island, deck=[BLUE[0]])
    g.apply(Action(0, "load", (cid(YELLOW[0]),), 0))
    s = g.state
    sj = cid("SQUID JERKY")
    if abilities:
        assert {a.cards[1] for a in g.legal_actions(0) if a.kind == "choose"} == {cid("ALMONDS"), cid("BOOKS")}
        assert not matching(g, "no", 0)  # the exchange is not optional
        g.apply(Action(0, "choose", (sj, cid("ALMONDS"))))
        assert s.players[0].fulfilled == [cid("ALMONDS")]
        assert s.island == [cid("BOOKS"), cid(GOLD_STUFF), sj, cid(BLUE[0])]
    else:
        assert s.players[0].fulfilled == [sj]
        assert s.island == [*map(cid, island), cid(BLUE[0])]
    assert s.players[0].credits == START + payout(3)


@pytest.mark.card("SQUID JERKY")
def test_squid_jerky_stays_when_the_two_credit_column_is_empty() -> None:
    g = game(True, ["tokyo"], {
        "hand": [YELLOW[0]], "ships": [{"contracts": ["SQUID JERKY"], "containers": BLACK[:2]}, {}],
    }, island=[GOLD_STUFF])
    g.apply(Action(0, "load", (cid(YELLOW[0]),), 0))
    assert not asked(g)
    assert g.state.players[0].fulfilled == [cid("SQUID JERKY")]


@pytest.mark.card("SQUID JERKY")
@pytest.mark.card("RAMEN")
def test_squid_jerky_in_the_harbour_is_taken_by_ramen() -> None:
    g = game(True, ["tokyo"], {
        "hand": [YELLOW[0]], "fulfilled": ["RAMEN"],
        "ships": [{"contracts": ["SQUID JERKY"], "containers": BLACK[:2]}, {}],
    }, island=["BOOKS"], deck=[BLUE[0]])
    g.apply(Action(0, "load", (cid(YELLOW[0]),), 0))
    g.apply(Action(0, "choose", (cid("SQUID JERKY"), cid("BOOKS"))))
    s = g.state
    assert s.players[0].fulfilled == [cid("RAMEN"), cid("BOOKS")]
    assert s.players[0].goods == [cid("SQUID JERKY")]


# --- TOTO TOILETS -----------------------------------------------------------------------------

@ON_OFF
@pytest.mark.card("TOTO TOILETS")
def test_toto_toilets_places_a_harbour_contract_for_free(abilities: bool) -> None:
    # BOOKS lies in the 2-credit column; seat 0 has no credits
    g = game(abilities, ["tokyo"], {"credits": 0, "fulfilled": ["TOTO TOILETS"]},
             led="contract", island=["BOOKS", GOLD_STUFF])
    books = Action(0, "contract", (cid("BOOKS"),), 0, 1)
    # GOLD STUFF needs two blue levels: the Contract action does not skip them for free
    assert not matching(g, "contract", 0, cards=(cid(GOLD_STUFF),))
    if abilities:
        g.apply(books)
        s = g.state
        assert s.ships[0].contracts == [cid("BOOKS")] and s.players[0].credits == 0
        assert s.island == [cid(GOLD_STUFF)]
    else:
        assert books not in g.legal_actions(0)


@ON_OFF
@pytest.mark.card("TOTO TOILETS")
def test_toto_toilets_still_asks_the_levels(abilities: bool) -> None:
    # three Contract actions: one for the contract, two to skip GOLD STUFF's missing blue levels
    g = game(abilities, ["tokyo"], {"credits": 5, "fulfilled": ["TOTO TOILETS"]},
             led="contract", declared=[3, -1], island=[GOLD_STUFF])
    gold = Action(0, "contract", (cid(GOLD_STUFF),), 0, 3)
    if abilities:
        g.apply(gold)
        assert g.state.players[0].credits == 5
        assert g.state.ships[0].contracts == [cid(GOLD_STUFF)]
    else:  # the level-2 column costs 6 credits
        assert gold not in g.legal_actions(0)


# --- random play with the modules -------------------------------------------------------------

GROUP = ("AUTOMATION", "GPS", "CONTAINER FACTORY", "RAMEN", "SQUID JERKY", "TOTO TOILETS")


@pytest.mark.parametrize("name", GROUP)
def test_random_play_from_a_fulfilment(name: str) -> None:
    """Each card is fulfilled at once, then random players finish the game without breaking a rule."""
    slots = CARDS.by_name(name).slots(0)
    colours = ["green", "yellow", "black", "blue", "red"]
    used: set[str] = set(NAMED)
    fillers = []
    for slot in slots:
        filler = plain_cards(colours[slot] if slot < 5 else "green", 1, used)[0]
        used.add(filler)
        fillers.append(filler)
    rng = random.Random(name)
    for seed in range(10):
        g = load_scenario({
            "players": 3, "abilities": True, "modules": ["capital", "tokyo"], "seed": seed,
            "seats": [{"hand": [fillers[-1]], "fulfilled": [n for n in ("RAMEN", "TOTO TOILETS") if n != name],
                       "ships": [{"contracts": [name], "containers": fillers[:-1]},
                                 {"contracts": [APPLE_WATCH]}]}],
            "turn": {"led": "load", "declared": [1, -1, -1]},
        })
        g.apply(Action(0, "load", (cid(fillers[-1]),), 0))
        bots = [RandomBot(rng.randrange(10**6)) for _ in range(3)]
        steps = 0
        while not g.is_over() and steps < 3000:
            seat = g.deciders()[0]
            g.apply(bots[seat].choose(g, seat))
            steps += 1
        conserved(g)
