"""Events abilities send when they move cards themselves, so that other abilities hear them.

A container an ability takes off a ship (FAKE MONEY) is heard by AEROPONICS and GPS; a card an
ability puts on the Supply Island by RAMEN at once; a container an ability loads by OAT MILK,
YOGURT and PREFAB HOME (not by FIXIE BIKES, which asks for a Load action); a J card pirated from
the island by STOLEN RICE as the colour chosen for it; and SURSTRÖMMING's ban lasts its span
wherever the card goes.  Each test builds a position with ``load_scenario`` and drives it only
through ``legal_actions()``/``apply()``; each fails without the fix it shows.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import apply_one, cid, is_quiet, matching, plain_cards

from importexport import CARDS, Action, Game
from importexport.importexport.actions import ISLAND
from importexport.importexport.constants import COLOURS, RAINBOW, payout
from importexport.importexport.scenario import load_scenario

START = 10  # a scenario seat's credits unless given


class Fillers:
    """Quiet base cards (see ``helpers.is_quiet``), each handed out once, never one the test names."""

    def __init__(self, *named: str) -> None:
        self.used = {n.upper() for n in named}

    def plain(self, colour: str, n: int = 1) -> list[str]:
        out = plain_cards(colour, n, self.used)
        self.used.update(out)
        return out

    def one(self, colour: str) -> str:
        return self.plain(colour)[0]

    def contract(self, needs: str, size: int) -> str:
        """A quiet base contract asking for ``size`` containers, one of colour ``needs`` among them."""
        card = next(
            c for c in CARDS.cards
            if c.set == "base" and c.goods != "grey" and c.cargo_alt is None and RAINBOW not in c.cargo
            and needs in c.cargo and len(c.slots(0)) == size and c.name not in self.used and is_quiet(c.name)
        )
        self.used.add(card.name)
        return card.name


def game(seats: list[dict[str, Any]], **top: Any) -> Game:
    return load_scenario({"players": len(seats), "abilities": True, "seats": seats, **top})


def log_keys(g: Game) -> list[str]:
    return [k for _, k, _ in g.log]


def logged(g: Game, key: str, **fields: Any) -> int:
    """The index in the log of the first event ``key`` whose arguments include ``fields`` (-1: none)."""
    return next((i for i, (_, k, a) in enumerate(g.log) if k == key and fields.items() <= a.items()), -1)


def fulfil(contract: str, fill: Fillers, seat0: dict[str, Any] | None = None,
           others: tuple[dict[str, Any], ...] = ({}, {}), **top: Any) -> Game:
    """Seat 0 (one Load declared) fulfils ``contract`` on its ship 0 with the last container, its
    hand's first card; ``seat0`` adds to seat 0, ``others`` are the other seats.  The game after it."""
    cargo = [fill.one(COLOURS[slot]) for slot in CARDS.by_name(contract).slots(0)]
    first = dict(seat0 or {})
    first["hand"] = [cargo[-1], *first.get("hand", [])]
    first["ships"] = [{"contracts": [contract], "containers": cargo[:-1]}, *first.get("ships", [{}])[1:]]
    players = 1 + len(others)
    g = game([first, *others], turn={"led": "load", "declared": [1] + [-1] * (players - 1)}, **top)
    g.apply(Action(0, "load", (cid(cargo[-1]),), 0))
    assert cid(contract) in g.state.players[0].fulfilled
    return g


# --- a. a container taken off a ship at sea by an ability -------------------------------------------

@pytest.mark.card("AEROPONICS")
def test_fake_money_leaving_one_container_on_an_aeroponics_ship_at_sea_brings_it_home():
    fill = Fillers("FAKE MONEY", "AEROPONICS")
    taken, left = fill.one("red"), fill.one("green")
    g = fulfil("FAKE MONEY", fill,
               others=({"fulfilled": ["AEROPONICS"], "ships": [{}, {"at_sea": True, "containers": [taken, left]}]}, {}))
    ship = g.state.ships[g.state.players[1].ships[1]]
    assert g.deciders() == [0]
    g.apply(Action(0, "choose", (cid("FAKE MONEY"), cid(taken)), -1))  # no ship of seat 0 can take it: to the hand
    assert cid(taken) in g.state.players[0].hand
    assert not ship.at_sea and ship.containers == [cid(left)]  # home at once, the last container aboard
    assert logged(g, "ship_home_loaded", s=ship.id) >= 0


@pytest.mark.card("GPS")
def test_fake_money_leaving_gps_alone_at_sea_discards_it_and_brings_the_ship_home():
    fill = Fillers("FAKE MONEY", "GPS")
    taken = fill.one("red")
    g = fulfil("FAKE MONEY", fill, others=({"ships": [{}, {"at_sea": True, "containers": [taken, "GPS"]}]}, {}),
               modules=["capital"])
    ship = g.state.ships[g.state.players[1].ships[1]]
    g.apply(Action(0, "choose", (cid("FAKE MONEY"), cid(taken)), -1))
    assert cid(taken) in g.state.players[0].hand
    assert not ship.at_sea and ship.containers == [] and cid("GPS") in g.state.discard


# --- b. cards an ability puts on the Supply Island (RAMEN takes agriculture cards at once) ------------

@pytest.mark.card("RAMEN")
def test_beer_put_on_the_island_is_taken_by_ramen_before_the_ship_sails():
    g = fulfil("BEER", Fillers("BEER", "RAMEN"), others=({"fulfilled": ["RAMEN"]}, {}), modules=["tokyo"])
    apply_one(g, "yes", 0, cards=(cid("BEER"),))
    beer = cid("BEER")
    assert beer in g.state.players[1].goods and beer not in g.state.island
    took, sailed = logged(g, "ex_island_to_goods", c=beer), logged(g, "sail", s=0)
    assert 0 <= took < sailed  # at once, not only when the ship's sailing refills the island


@pytest.mark.card("RAMEN")
def test_dino_bones_agriculture_good_on_the_island_goes_to_ramen_before_the_holder_picks():
    fill = Fillers("DINO BONES", "RAMEN")
    wheat, blue, isle = fill.one("yellow"), fill.one("blue"), fill.one("black")
    g = fulfil("DINO BONES", fill, seat0={"goods": [wheat]}, others=({"fulfilled": ["RAMEN"], "goods": [blue]}, {}),
               island=[isle], modules=["tokyo"])
    apply_one(g, "choose", 0, cards=(cid("DINO BONES"), cid(wheat)))  # seat 0 gives its agriculture good
    assert cid(wheat) in g.state.players[1].goods and cid(wheat) not in g.state.island
    apply_one(g, "choose", 1, cards=(cid("DINO BONES"), cid(blue)))
    offered = {a.cards[1] for a in matching(g, "choose", 0)}
    assert offered == {cid(isle), cid(blue)}  # RAMEN's holder got the agriculture card first


@pytest.mark.card("RAMEN")
def test_smart_cars_card_put_on_the_island_is_taken_by_ramen_at_once():
    fill = Fillers("SMART CARS", "RAMEN")
    wheat, blue, wants = fill.one("yellow"), fill.one("blue"), fill.contract("blue", 3)
    g = game([{"fulfilled": ["SMART CARS"], "hand": [wheat, blue], "ships": [{"contracts": [wants]}, {}]},
              {"fulfilled": ["RAMEN"]}], modules=["tokyo"], turn={"led": "load", "declared": [2, -1]})
    apply_one(g, "anytime", 0, cards=(cid("SMART CARS"), cid(wheat)))
    assert g.state.players[0].credits == START + 2 and g.deciders() == [0]  # one Load left: still seat 0's turn
    assert cid(wheat) in g.state.players[1].goods and cid(wheat) not in g.state.island


@pytest.mark.card("RAMEN")
def test_rope_swap_puts_a_card_on_the_island_that_ramen_takes_at_once():
    fill = Fillers("ROPE", "RAMEN")
    wheat, isle = fill.one("yellow"), fill.one("blue")
    g = game([{"fulfilled": ["ROPE"], "hand": [wheat]}, {"fulfilled": ["RAMEN"]}], modules=["tokyo"], island=[isle])
    apply_one(g, "anytime", 0, cards=(cid("ROPE"), cid(wheat), cid(isle)))
    assert g.state.players[0].hand == [cid(isle)]
    assert cid(wheat) in g.state.players[1].goods and cid(wheat) not in g.state.island


@pytest.mark.card("RAMEN")
def test_led_lights_cards_given_to_the_island_are_taken_by_ramen_at_once():
    fill = Fillers("LED LIGHTS", "RAMEN")
    wheat, other, isle = fill.one("yellow"), fill.one("blue"), fill.one("black")
    g = game([{"fulfilled": ["LED LIGHTS"], "hand": [wheat, other]}, {"fulfilled": ["RAMEN"]}],
             modules=["tokyo"], island=[isle])
    apply_one(g, "anytime", 0, cards=(cid("LED LIGHTS"), cid(isle)))
    g.apply(Action(0, "choose", (cid("LED LIGHTS"), *sorted((cid(wheat), cid(other))))))
    assert g.state.players[0].hand == [cid(isle)]
    assert cid(wheat) in g.state.players[1].goods and g.state.island == [cid(other)]


# --- c. containers an ability loads --------------------------------------------------------------------

@pytest.mark.card("OAT MILK")
@pytest.mark.card("FIXIE BIKES")
def test_fake_money_loading_an_agriculture_container_counts_for_oat_milk_not_for_fixie_bikes():
    """FIXIE BIKES pays for the Load action that fulfils FAKE MONEY, not for FAKE MONEY's loading;
    OAT MILK, which asks for no Load action, offers its reward for the yellow container it loads."""
    fill = Fillers("FAKE MONEY", "OAT MILK", "FIXIE BIKES")
    wants = fill.contract("yellow", 3)
    wheat, other = fill.one("yellow"), fill.one("black")
    cargo = [fill.one(COLOURS[s]) for s in CARDS.by_name("FAKE MONEY").slots(0)]  # the last one is not yellow
    seats = [
        {"hand": [cargo[-1]],
         "ships": [{"contracts": ["FAKE MONEY"], "containers": cargo[:-1]}, {"contracts": [wants]}]},
        {"ships": [{}, {"at_sea": True, "containers": [wheat, other]}]},
        {"fulfilled": ["OAT MILK", "FIXIE BIKES"]},
    ]
    g = game(seats, turn={"led": "load", "declared": [1, -1, -1]})
    g.apply(Action(0, "load", (cid(cargo[-1]),), 0))
    assert cid("FAKE MONEY") in g.state.players[0].fulfilled and g.deciders() == [0]
    assert g.state.players[2].credits == START + 2  # FIXIE BIKES: the Load action that fulfilled FAKE MONEY
    g.apply(Action(0, "choose", (cid("FAKE MONEY"), cid(wheat)), 1))  # onto seat 0's ship 1
    assert g.state.ships[1].containers == [cid(wheat)]
    assert g.deciders() == [2] and matching(g, "no", 2, cards=(cid("OAT MILK"),))  # OAT MILK offers its reward
    assert g.state.players[2].credits == START + 2  # FIXIE BIKES: no Load action, no 2 credits


@pytest.mark.card("YOGURT")
def test_flour_loading_yogurt_makes_everyone_draw():
    fill = Fillers("FLOUR", "YOGURT")
    blues, wheat = fill.plain("blue", 2), fill.one("yellow")
    g = game([{"hand": ["FLOUR", *blues, "YOGURT", wheat]}, {}, {}], harbours=["yellow", "green", "black"],
             turn={"led": "contract", "declared": [1, -1, -1]})
    apply_one(g, "anytime", 0, cards=(cid("FLOUR"),), target=0)
    deck = len(g.state.deck)
    g.apply(Action(0, "load", (cid("YOGURT"),), 0))  # FLOUR's loading, with its Contract action
    assert [len(p.hand) for p in g.state.players] == [len([*blues, wheat]) + 4, 2, 2]
    assert len(g.state.deck) == deck - 8


@pytest.mark.card("PREFAB HOME")
def test_cheap_labor_loaded_onto_a_luxury_ship_lets_prefab_home_offer_half():
    """CHEAP LABOR loads itself (a wild container) as the second of four containers of a luxury
    contract: PREFAB HOME's holder is asked whether to fulfil it with half."""
    fill = Fillers("CHEAP LABOR", "PREFAB HOME")
    luxury = next(
        c.name for c in CARDS.cards
        if c.set == "base" and c.goods == "blue" and len(c.slots(0)) == 4 and RAINBOW not in c.cargo
        and c.cargo_alt is None and is_quiet(c.name) and c.name not in fill.used
    )
    fill.used.add(luxury)
    first = fill.one(COLOURS[CARDS.by_name(luxury).slots(0)[0]])
    cargo = [fill.one(COLOURS[s]) for s in CARDS.by_name("CHEAP LABOR").slots(0)]
    seats = [
        {"fulfilled": ["PREFAB HOME"], "hand": [cargo[-1]],
         "ships": [{"contracts": ["CHEAP LABOR"], "containers": cargo[:-1]},
                   {"contracts": [luxury], "containers": [first]}]},
        {},
    ]
    g = game(seats, turn={"led": "load", "declared": [1, -1]})
    g.apply(Action(0, "load", (cid(cargo[-1]),), 0))
    assert g.state.players[0].credits == START + payout(4)
    apply_one(g, "choose", 0, cards=(cid("CHEAP LABOR"),), target=1)  # CHEAP LABOR loads itself onto ship 1
    assert g.state.ships[1].containers == [cid(first), cid("CHEAP LABOR")]
    apply_one(g, "yes", 0, cards=(cid("PREFAB HOME"),), target=1)  # 2 of 4: half the luxury contract
    assert cid(luxury) in g.state.players[0].fulfilled
    assert g.state.players[0].credits == START + payout(4) + payout(2)


# --- d. a J card pirated from the island, loaded as the colour chosen ----------------------------------

@pytest.mark.card("STOLEN RICE")
def test_stolen_rice_pays_for_a_j_card_pirated_from_the_island_as_agriculture():
    fill = Fillers("STOLEN RICE")
    j = next(
        c.name for c in CARDS.cards
        if c.cargo_alt is not None and c.goods != "yellow" and "yellow" in c.cargo_alt and is_quiet(c.name)
    )
    wants = fill.contract("yellow", 3)
    g = game([{"fulfilled": ["STOLEN RICE"], "ships": [{"contracts": [wants]}, {}]}, {}],
             island=[j], turn={"led": "pirate", "declared": [1, -1]})
    yellow = COLOURS.index("yellow")
    g.apply(Action.pirate(0, cid(j), ISLAND, onto=0, colour=yellow))  # from the island, loaded as yellow
    assert g.state.ships[0].containers == [cid(j)] and g.state.ships[0].colours == [yellow]
    assert g.state.players[0].credits == START - 2 + 2  # 2 for loading a J card, 2 back from STOLEN RICE


# --- e. SURSTRÖMMING's ban lasts wherever the card goes ----------------------------------------------

@pytest.mark.card("SURSTRÖMMING")
def test_surstromming_ban_lasts_after_the_card_leaves_the_fulfilled_contracts():
    """HENTAI MANGA moves the freshly fulfilled (illegal) SURSTRÖMMING into the goods: nobody may
    pirate until seat 0's next turn all the same, and the ban ends then."""
    fill = Fillers("SURSTRÖMMING", "HENTAI MANGA")
    pirate_card = next(c.name for c in CARDS.cards if c.action == "pirate" and c.set == "base" and is_quiet(c.name))
    fill.used.add(pirate_card)
    loot = fill.one("blue")
    g = fulfil("SURSTRÖMMING", fill, seat0={"fulfilled": ["HENTAI MANGA"]}, others=({"hand": [pirate_card]}, {}),
               island=[loot])
    sur = cid("SURSTRÖMMING")
    apply_one(g, "choose", 0, cards=(cid("HENTAI MANGA"), sur), target=1)  # into the goods
    assert sur in g.state.players[0].goods and sur not in g.state.players[0].fulfilled
    assert g.deciders() == [1]
    g.apply(Action(1, "play", (cid(pirate_card),)))
    g.apply(Action(2, "draw"))
    g.apply(Action(0, "draw"))
    assert not matching(g, "pirate") and g.deciders() == [2]  # seat 1's Pirate action was lost
    assert "ex_pirate_ban_over" not in log_keys(g)
    g.apply(Action(2, "draw"))  # seat 2's turn; then seat 0's begins and lifts the ban
    assert "ex_pirate_ban_over" in log_keys(g) and "pirate_ban" not in g.state.marks


@pytest.mark.card("MUJI PENS")
def test_muji_pens_hand_laid_on_the_island_is_taken_by_ramen_at_once():
    """The hand MUJI PENS lays on the Supply Island reaches a RAMEN holder's goods at once."""
    from helpers import fulfil_position

    yellow = plain_cards("yellow", 1, {"MUJI PENS", "RAMEN"})[0]
    g, load = fulfil_position(
        "MUJI PENS", True, seat0={"fulfilled": []},
        others=[{"fulfilled": ["RAMEN"], "hand": []}, {}], modules=["tokyo"],
    )
    g.state.players[0].hand.append(cid(yellow))
    g = Game.from_state(g.state.clone())
    g.apply(load)
    keys = [(key, args.get("c")) for _turn, key, args in g.log]
    taken = keys.index(("ex_island_to_goods", cid(yellow)))
    assert taken < next(i for i, (key, _c) in enumerate(keys) if key == "sail"), "taken at once, before the ship sails"
