"""Abilities that grant free or extra actions, draws and turns (group C).

Every test builds a concrete position with ``load_scenario``, drives the game only through
``legal_actions()``/``apply()``, and runs with card abilities and under the basic rules, where
the ability must not show.  Filler cards come from :class:`Fill`: cards whose abilities (if any)
cannot act from where a test puts them, so the tests keep working as more abilities arrive.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import cid

from importexport import CARDS, Action
from importexport.importexport.abilities import REGISTRY
from importexport.importexport.actions import TAKE_CREW, TAKE_DISCARD, TAKE_GOODS
from importexport.importexport.constants import BLACK, BLUE, COLOURS, GREEN, LOAD, RAINBOW_SLOT, RED, YELLOW, payout
from importexport.importexport.rules import crew_for
from importexport.importexport.scenario import load_scenario

ON_OFF = pytest.mark.parametrize("abilities", [True, False], ids=["abilities", "basic"])

GROUP = (
    "AR GLASSES", "GLASSES", "PLATINUM RINGS", "POCKY", "STRETCH GOAL", "PAPER", "JIDOHANBAIKI", "LUMBER",
    "NANOBOTS", "PAPRIKA", "CELL PHONES", "MACHINE ARMS", "MAPLE SYRUP", "BATTERIES", "PLAYSTATIONS",
    "CONTRABAND", "SMART CARS", "ROPE", "LED LIGHTS", "JASMINE TEA", "TSUKIJI FISH", "FLOUR", "US DOLLARS",
    "SPACECRAFT",
)


# --- positions ----------------------------------------------------------------------------------

def hooks_of(name: str) -> list[str]:
    ability = REGISTRY.get(name)
    return [] if ability is None else [h for h in dir(ability) if not h.startswith("__")]


def inert(name: str) -> bool:
    """May this card lie in a hand, crew, goods, on a ship or as an unfulfilled contract without
    its ability doing anything?"""
    card = CARDS.by_name(name)
    if card.timing == "anytime" or card.cargo_alt is not None or card.goods == "grey":
        return False
    ability = REGISTRY.get(name)
    if ability is None:
        return True
    if getattr(ability, "as_contract", False) or getattr(ability, "in_crew", False):
        return False
    return not any(
        h.startswith(("anytime_options", "on_container_fulfilled", "on_self_", "watch_")) for h in hooks_of(name)
    )


def quiet(name: str) -> bool:
    """Does this card do nothing at all during play, even once fulfilled (scoring aside)?"""
    if not inert(name):
        return False
    ability = REGISTRY.get(name)
    if ability is None:
        return True
    active = ("on_", "modify_", "wins", "options_", "anytime")
    return not (ability.modifies or ability.listens or any(h.startswith(active) for h in hooks_of(name)))


class Fill:
    """Hands out filler cards, each at most once, never one of this group's."""

    def __init__(self, *used: str) -> None:
        self.used = {n.upper() for n in used} | set(GROUP)

    def take(self, colour: int, n: int = 1, *, action: str | None = None, test: Any = inert, **more: Any) -> list[str]:
        pool = [
            c.name for c in sorted(CARDS.cards, key=lambda c: (c.set != "base", c.id))
            if c.goods == COLOURS[colour] and c.name.upper() not in self.used and test(c.name)
            and (action is None or c.action == action) and all(getattr(c, k) == v for k, v in more.items())
        ]
        assert len(pool) >= n, f"not enough filler {COLOURS[colour]} cards ({action}, {more})"
        self.used.update(pool[:n])
        return pool[:n]

    def one(self, colour: int, **kw: Any) -> str:
        return self.take(colour, 1, **kw)[0]

    def contract(self, colour: int | None = None, *, takes: tuple[int, ...] = (), avoid: tuple[int, ...] = (),
                 size: int = 2, test: Any = inert, level_met: bool = True) -> str:
        """A contract card: of ``colour``, with slots for ``takes`` and none for ``avoid``, at least
        ``size`` slots, and (``level_met``) placeable with seat 0's green harbour alone."""
        pool = [
            c.name for c in sorted(CARDS.cards, key=lambda c: (c.set != "base", c.id))
            if (colour is None or c.goods == COLOURS[colour]) and c.name.upper() not in self.used and test(c.name)
            and all(slots(c.name).count(x) >= takes.count(x) for x in takes) and not set(avoid) & set(slots(c.name))
            and len(slots(c.name)) >= size and (not level_met or c.level in ({}, {"green": 1}))
        ]
        assert pool, f"no contract card of {colour} taking {takes}"
        self.used.add(pool[0])
        return pool[0]


def slots(name: str) -> list[int]:
    return [GREEN if s == RAINBOW_SLOT else s for s in CARDS.by_name(name).slots(0)]


def acting(led: str, seat: int = 0, n: int = 1, players: int = 3) -> dict[str, Any]:
    """``turn`` for a scenario: ``seat`` carries out ``n`` ``led`` actions."""
    declared = [-1] * players
    declared[seat] = n
    return {"led": led, "declared": declared}


def game(abilities: bool, seats: list[dict[str, Any]], players: int = 3, **top: Any):
    return load_scenario({"players": players, "abilities": abilities, "seats": seats, **top})


def fulfil_game(contract: str, abilities: bool, fill: Fill, *, seat0: dict[str, Any] | None = None,
                others: list[dict[str, Any]] | None = None, players: int = 3, **top: Any):
    """Seat 0 carries out one Load that fulfils ``contract`` (on ship 0); returns the game after it."""
    fill.used.add(contract)
    containers = [fill.one(colour) for colour in slots(contract)]
    first = dict(seat0 or {})
    first["hand"] = [containers[-1], *first.get("hand", [])]
    first["ships"] = [{"contracts": [contract], "containers": containers[:-1]}, first.get("ship1", {})]
    first.pop("ship1", None)
    top.setdefault("turn", acting("load", players=players))
    g = game(abilities, [first, *(others or [])], players, **top)
    g.apply(Action(0, "load", (cid(containers[-1]),), 0))
    assert cid(contract) in g.state.players[0].fulfilled
    return g


def at_sea(*containers: str) -> list[dict[str, Any]]:
    """A seat's ships: ship 0 empty in harbour, ship 1 at sea with ``containers``."""
    return [{}, {"at_sea": True, "containers": list(containers)}]


def ids(names: list[str]) -> list[int]:
    return [cid(n) for n in names]


def credits(g) -> list[int]:
    return [p.credits for p in g.state.players]


def uses(g, name: str, seat: int = 0) -> list[Action]:
    """The legal choices of ``seat`` that use ``name`` (anytime uses and the card's questions)."""
    return [a for a in g.legal_actions(seat) if a.cards[:1] == (cid(name),)]


def frame(g) -> dict[str, Any]:
    return g.state.stack[-1]


def pick(g, kind: str, seat: int = 0, **fields: Any) -> Action:
    found = [a for a in g.legal_actions(seat) if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())]
    assert len(found) == 1, (kind, fields, [str(a) for a in g.legal_actions()])
    g.apply(found[0])
    return found[0]


def events(g, key: str) -> list[dict[str, Any]]:
    return [args for _, k, args in g.log if k == key]


# --- AR GLASSES, GLASSES, PLATINUM RINGS: actions carried out alone --------------------------------

@pytest.mark.card("AR GLASSES")
@ON_OFF
def test_ar_glasses_two_actions_from_the_hand_alone(abilities):
    fill = Fill()
    s1, s2 = fill.take(RED, 2, action="supply")
    x, crew = fill.one(BLUE), fill.one(RED)
    g = fulfil_game("AR GLASSES", abilities, fill, seat0={"hand": [s1, s2, x]}, island=[crew])
    paid = 10 + payout(4)
    if not abilities:
        assert g.deciders() == [1] and frame(g)["kind"] == "lead"
        assert sorted(g.state.players[0].hand) == sorted(ids([s1, s2, x]))
        return
    assert frame(g)["kind"] == "solo" and g.deciders() == [0]
    assert Action(0, "no") in g.legal_actions(0)
    pick(g, "play", cards=(cid(s1),))
    assert frame(g)["kind"] == "act"  # Supply, alone: nobody follows
    pick(g, "sell", cards=(cid(x),))
    assert credits(g)[0] == paid + 4 and cid(x) in g.state.island
    assert frame(g)["kind"] == "solo"  # the second action
    pick(g, "play", cards=(cid(s2),))
    assert not [a for a in g.legal_actions(0) if a.kind == "sell"]  # one sale per turn
    pick(g, "crew", cards=(cid(crew),))
    assert g.state.players[0].crew == [cid(crew)]
    assert g.deciders() == [1] and frame(g)["kind"] == "lead"
    assert not events(g, "follow") and not events(g, "follow_draw")


@pytest.mark.card("GLASSES")
@ON_OFF
def test_glasses_free_import_alone_holder_chooses_the_ship(abilities):
    fill = Fill()
    a, b = fill.one(RED), fill.one(GREEN)
    # Seat 1 is the active player; seat 0 follows the Load and fulfils GLASSES.
    g = fulfil_game("GLASSES", abilities, fill, others=[{}, {"ships": at_sea(a, b)}], active=1)
    if not abilities:
        assert g.deciders() == [2] and frame(g)["kind"] == "lead"
        assert g.state.ships[5].containers == ids([a, b])
        return
    assert frame(g)["kind"] == "choose_ship" and g.deciders() == [0]
    pick(g, "ship", target=5)
    assert not events(g, "bid_in")  # a lone bidder takes for free
    pick(g, "take", cards=(cid(a),), target=TAKE_CREW)
    pick(g, "take", cards=(cid(b),), target=TAKE_GOODS)
    assert g.state.players[0].crew == [cid(a)] and g.state.players[0].goods == [cid(b)]
    assert credits(g) == [10 + payout(4), 10, 12]  # the owner's usual 2 credits
    assert not g.state.ships[5].at_sea


@pytest.mark.card("PLATINUM RINGS")
@ON_OFF
def test_platinum_rings_draw_to_eight_then_play_alone(abilities):
    fill = Fill()
    deck = fill.take(RED, 2, action="supply") + fill.take(BLUE, 6)
    kept, island = fill.one(YELLOW), fill.one(RED)
    g = fulfil_game("PLATINUM RINGS", abilities, fill, seat0={"hand": [kept]}, deck=deck, island=[island])
    hand = g.state.players[0].hand
    if not abilities:
        assert hand == [cid(kept)] and frame(g)["kind"] == "lead"
        return
    assert len(hand) == 8 and set(ids(deck[:7])) <= set(hand)
    assert frame(g)["kind"] == "solo"
    pick(g, "play", cards=(cid(deck[0]),))
    pick(g, "sell", cards=(cid(kept),))
    assert credits(g)[0] == 10 + payout(2) + 4
    pick(g, "play", cards=(cid(deck[1]),))
    assert {a.kind for a in g.legal_actions(0)} - {"anytime", "drop", "discard"} == {"crew"}  # one sale only
    pick(g, "crew", cards=(cid(island),))
    assert frame(g)["kind"] == "solo"  # any number of cards, until the player stops
    g.apply(Action(0, "no"))
    assert frame(g)["kind"] == "lead" and g.deciders() == [1]


# --- POCKY, PAPER, STRETCH GOAL: free imports -------------------------------------------------------

@pytest.mark.card("POCKY")
@ON_OFF
def test_pocky_two_credits_two_cards_one_import(abilities):
    fill = Fill()
    a, b = fill.one(RED), fill.one(BLUE)
    deck = fill.take(YELLOW, 2)
    g = fulfil_game("POCKY", abilities, fill, others=[{"ships": at_sea(a, b)}], deck=deck)
    if not abilities:
        assert credits(g) == [10 + payout(3), 10, 10] and g.state.players[0].hand == []
        assert g.state.ships[3].containers == ids([a, b])
        return
    assert credits(g)[0] == 10 + payout(3) + 2
    assert sorted(g.state.players[0].hand) == sorted(ids(deck))
    choices = g.legal_actions(0)
    assert {(x.cards, x.target) for x in choices if x.kind == "take"} == {
        ((c,), d) for c in ids([a, b]) for d in (TAKE_CREW, TAKE_GOODS)
    }
    assert not [x for x in choices if x.kind == "no"]  # compulsory
    pick(g, "take", cards=(cid(a),), target=TAKE_CREW)
    assert g.state.players[0].crew == [cid(a)] and g.state.ships[3].containers == [cid(b)]
    assert credits(g) == [10 + payout(3) + 2, 12, 10]  # no bidding; seat 1's ship: the usual 2 credits to its owner
    assert g.deciders() == [1]


@pytest.mark.card("POCKY")
def test_pocky_import_with_no_room_is_taken_and_discarded():
    fill = Fill()
    a = fill.one(RED)
    # With POCKY fulfilled: crew limit 2, goods limit 4, both reached.
    full = {"crew": fill.take(GREEN, 2), "goods": fill.take(BLUE, 4)}
    g = fulfil_game("POCKY", True, fill, seat0=full, others=[{"ships": at_sea(a)}], deck=fill.take(YELLOW, 2))
    assert [(x.cards, x.target) for x in g.legal_actions(0) if x.kind == "take"] == [((cid(a),), TAKE_DISCARD)]
    pick(g, "take")
    assert cid(a) in g.state.discard and not g.state.ships[3].at_sea  # emptied: home


@pytest.mark.card("PAPER")
@ON_OFF
def test_paper_fulfilling_itself_may_import(abilities):
    fill = Fill()
    a, b = fill.one(RED), fill.one(GREEN)
    g = fulfil_game("PAPER", abilities, fill, others=[{"ships": at_sea(a, b)}])
    if not abilities:
        assert g.deciders() == [1] and g.state.ships[3].containers == ids([a, b])
        return
    assert Action(0, "no", (cid("PAPER"),)) in g.legal_actions(0)
    pick(g, "take", cards=(cid(b),), target=TAKE_GOODS)
    assert g.state.players[0].goods == [cid(b)]
    assert credits(g) == [10 + payout(2), 10, 10]  # the owner gets nothing
    assert g.deciders() == [1]


@pytest.mark.card("PAPER")
@pytest.mark.parametrize(("abilities", "colour"), [(True, BLACK), (True, BLUE), (False, BLACK)])
def test_paper_later_consumer_contracts_import_others_do_not(abilities, colour):
    fill = Fill()
    a = fill.one(RED)
    contract = fill.contract(colour, test=quiet, level_met=False)
    g = fulfil_game(contract, abilities, fill, seat0={"fulfilled": ["PAPER"]}, others=[{"ships": at_sea(a)}])
    asked = [x for x in g.legal_actions(0) if x.kind == "take"]
    if abilities and colour == BLACK:
        assert {x.target for x in asked} == {TAKE_CREW, TAKE_GOODS}
        pick(g, "no", cards=(cid("PAPER"),))
        assert g.state.ships[3].containers == [cid(a)]
    else:
        assert asked == [] and g.deciders() == [1]


@pytest.mark.card("STRETCH GOAL")
@ON_OFF
def test_stretch_goal_everyone_draws_gains_and_imports_a_good(abilities):
    fill = Fill()
    a, b, c = fill.one(RED), fill.one(GREEN), fill.one(BLUE)
    deck = fill.take(YELLOW, 6)
    g = fulfil_game(
        "STRETCH GOAL", abilities, fill, others=[{"ships": at_sea(a, b)}, {"ships": at_sea(c)}], deck=deck,
    )
    if not abilities:
        assert credits(g) == [10 + payout(3), 10, 10] and g.deciders() == [1]
        return
    assert credits(g) == [10 + payout(3) + 2, 10, 10]  # the others follow in turn
    assert g.deciders() == [0] and {x.target for x in g.legal_actions(0) if x.kind == "take"} == {TAKE_GOODS}
    pick(g, "take", cards=(cid(a),))  # from seat 1's ship: seat 1 is compensated (2), then takes its own 2
    assert g.deciders() == [1] and credits(g)[1] == 10 + 2 + 2 and len(g.state.players[1].hand) == 2
    pick(g, "take", 1, cards=(cid(c),))
    assert not g.state.ships[5].at_sea  # emptied: back to its harbour
    assert g.deciders() == [2]  # seat 2 has drawn and taken its 2 credits, and is asked
    assert credits(g)[2] == 10 + 2 + 2  # the emptied ship's owner is compensated all the same
    pick(g, "take", 2, cards=(cid(b),))  # from seat 1's ship again: 2 more for seat 1
    assert [p.goods for p in g.state.players] == [[cid(a)], [cid(c)], [cid(b)]]
    assert credits(g) == [10 + payout(3) + 2, 10 + 2 + 2 + 2, 10 + 2 + 2]
    assert [len(p.hand) for p in g.state.players] == [2, 2, 2]
    assert g.deciders() == [1] and frame(g)["kind"] == "lead"


# --- SPACECRAFT: a contract from the Supply Island --------------------------------------------------

@pytest.mark.card("SPACECRAFT")
@ON_OFF
def test_spacecraft_places_an_island_card_whose_level_is_met(abilities):
    fill = Fill()
    ok = fill.contract()
    too_high = fill.one(RED, level={"red": 3})
    g = fulfil_game("SPACECRAFT", abilities, fill, island=[ok, too_high])
    if not abilities:
        assert g.deciders() == [1] and g.state.island[:2] == ids([ok, too_high])
        return
    choices = uses(g, "SPACECRAFT")
    assert {(x.cards[1], x.target) for x in choices} == {(cid(ok), 1)}  # not the ship about to sail
    assert not [x for x in g.legal_actions(0) if x.kind == "no"]  # compulsory
    g.apply(choices[0])
    assert g.state.ships[1].contracts == [cid(ok)] and cid(ok) not in g.state.island
    assert g.state.ships[0].at_sea and g.deciders() == [1]


# --- JIDOHANBAIKI, LUMBER, NANOBOTS, PAPRIKA --------------------------------------------------------

@pytest.mark.card("JIDOHANBAIKI")
@ON_OFF
def test_jidohanbaiki_credits_instead_of_drawing(abilities):
    fill = Fill()
    hand = fill.take(BLUE, 2)
    g = game(abilities, [{"fulfilled": ["JIDOHANBAIKI"], "hand": hand}])
    use = uses(g, "JIDOHANBAIKI")
    if not abilities:
        assert use == []
        return
    g.apply(use[0])
    assert credits(g) == [12, 10, 10] and g.state.players[0].hand == ids(hand)
    assert g.deciders() == [1] and frame(g)["kind"] == "lead"
    assert uses(g, "JIDOHANBAIKI") == []  # only as the active player


@pytest.mark.card("LUMBER")
@ON_OFF
def test_lumber_draw_when_another_player_draws(abilities):
    fill = Fill()
    g = game(abilities, [{"hand": fill.take(BLUE, 2)}, {"fulfilled": ["LUMBER"], "hand": fill.take(RED, 3)}])
    pick(g, "draw")
    if not abilities:
        assert g.deciders() == [1] and frame(g)["kind"] == "lead" and len(g.state.players[1].hand) == 3
        return
    assert g.deciders() == [1] and {a.kind for a in uses(g, "LUMBER", 1)} == {"yes", "no"}
    pick(g, "yes", 1)
    assert len(g.state.players[1].hand) == 5 and frame(g)["kind"] == "lead"
    pick(g, "draw", 1)  # the holder's own draw does not trigger it
    assert uses(g, "LUMBER", 1) == [] and frame(g)["kind"] == "lead" and g.deciders() == [2]


@pytest.mark.card("NANOBOTS")
@ON_OFF
def test_nanobots_free_load_after_a_draw(abilities):
    fill = Fill()
    contract = fill.contract(takes=(GREEN,), avoid=(RED,))
    deck = [fill.one(GREEN), *fill.take(RED, 4)]
    g = game(abilities, [{"fulfilled": ["NANOBOTS"], "ships": [{"contracts": [contract]}, {}]}], deck=deck)
    pick(g, "draw")
    if not abilities:
        assert g.deciders() == [1]
        return
    assert g.deciders() == [0] and Action(0, "no", (cid("NANOBOTS"),)) in g.legal_actions(0)
    pick(g, "load", cards=(cid(deck[0]),), target=0)
    assert g.state.ships[0].containers == [cid(deck[0])] and g.deciders() == [1]


@pytest.mark.card("PAPRIKA")
@ON_OFF
def test_paprika_free_load_after_placing_a_contract(abilities):
    fill = Fill()
    contract = fill.contract(takes=(GREEN,))
    green = fill.one(GREEN)
    g = game(abilities, [{"fulfilled": ["PAPRIKA"], "hand": [contract, green]}], turn=acting("contract"))
    pick(g, "contract", cards=(cid(contract),), target=0)
    if not abilities:
        assert g.deciders() == [1] and g.state.players[0].hand == [cid(green)]
        return
    assert Action(0, "no", (cid("PAPRIKA"),)) in g.legal_actions(0)
    pick(g, "load", cards=(cid(green),), target=0)
    assert g.state.ships[0].containers == [cid(green)] and g.deciders() == [1]


# --- within the Load action: BATTERIES, PLAYSTATIONS, MACHINE ARMS, CELL PHONES, SMART CARS, MAPLE SYRUP

def two_green_ships(fill: Fill) -> list[dict[str, Any]]:
    """Seat 0's two ships in harbour, each with a contract taking 2 green containers."""
    return [{"contracts": [fill.contract(takes=(GREEN, GREEN), size=3, level_met=False)]} for _ in range(2)]


def loaded(g) -> int:
    return sum(len(g.state.ships[i].containers) for i in (0, 1))


def load_all(g, seat: int = 0) -> None:
    while g.deciders() == [seat] and [a for a in g.legal_actions(seat) if a.kind == "load"]:
        g.apply(next(a for a in g.legal_actions(seat) if a.kind == "load"))


@pytest.mark.card("BATTERIES")
@ON_OFF
def test_batteries_pay_two_for_one_more_load_once_per_turn(abilities):
    fill = Fill()
    seat0 = {"fulfilled": ["BATTERIES"], "hand": fill.take(GREEN, 3), "ships": two_green_ships(fill)}
    g = game(abilities, [seat0], turn=acting("load"))
    use = uses(g, "BATTERIES")
    if not abilities:
        assert use == []
        load_all(g)
        assert loaded(g) == 1
        return
    g.apply(use[0])
    assert credits(g)[0] == 8 and frame(g)["left"] == 2
    assert uses(g, "BATTERIES") == []  # once per turn
    load_all(g)
    assert loaded(g) == 2


@pytest.mark.card("PLAYSTATIONS")
@pytest.mark.parametrize(("abilities", "tech", "extra"), [(True, 4, 2), (True, 3, 1), (True, 1, 0), (False, 4, 0)])
def test_playstations_one_more_load_per_two_technology_goods(abilities, tech, extra):
    fill = Fill()
    goods = fill.take(GREEN, tech)
    seat0 = {"fulfilled": ["PLAYSTATIONS"], "goods": goods, "hand": fill.take(GREEN, 4), "ships": two_green_ships(fill)}
    g = game(abilities, [seat0], turn=acting("load"))
    for _ in range(extra):
        g.apply(uses(g, "PLAYSTATIONS")[0])
    assert uses(g, "PLAYSTATIONS") == []
    load_all(g)
    assert loaded(g) == 1 + extra


@pytest.mark.card("MACHINE ARMS")
@pytest.mark.parametrize(("abilities", "leads"), [(True, True), (True, False), (False, True)])
def test_machine_arms_leader_loads_as_many_as_wanted(abilities, leads):
    fill = Fill()
    seat0 = {"fulfilled": ["MACHINE ARMS"], "hand": fill.take(GREEN, 3), "ships": two_green_ships(fill)}
    g = game(abilities, [seat0], turn=acting("load"), active=0 if leads else 1)
    if not (abilities and leads):
        assert uses(g, "MACHINE ARMS") == []
        load_all(g)
        assert loaded(g) == 1
        return
    for _ in range(2):
        g.apply(uses(g, "MACHINE ARMS")[0])
        assert frame(g)["left"] == 2 and uses(g, "MACHINE ARMS") == []  # offered with the last Load due
        g.apply(next(a for a in g.legal_actions(0) if a.kind == "load"))
    load_all(g)
    assert loaded(g) == 3 and len(g.state.players[0].hand) == 0 and g.deciders() == [1]


@pytest.mark.card("CELL PHONES")
@pytest.mark.parametrize("fits", [True, False], ids=["fits", "keeps"])
@ON_OFF
def test_cell_phones_draw_instead_of_loading(abilities, fits):
    fill = Fill()
    red = fill.one(RED)
    drawn = fill.one(GREEN if fits else YELLOW)
    contract = fill.contract(takes=(GREEN,), avoid=(RED, YELLOW), level_met=False)
    seat0 = {"fulfilled": ["CELL PHONES"], "hand": [red], "ships": [{"contracts": [contract]}, {}]}
    g = game(abilities, [seat0], turn=acting("load"), deck=[drawn])
    if not abilities:  # nothing in the hand fits: the Load is lost
        assert g.deciders() == [1] and events(g, "cannot_act")
        return
    assert [a.kind for a in g.legal_actions(0) if a.kind != "drop"] == ["anytime"]
    g.apply(uses(g, "CELL PHONES")[0])
    if fits:
        assert g.state.ships[0].containers == [cid(drawn)] and g.state.players[0].hand == [cid(red)]
    else:
        assert g.state.ships[0].containers == [] and sorted(g.state.players[0].hand) == sorted(ids([red, drawn]))
        assert events(g, "keep_drawn")
    assert g.deciders() == [1]


@pytest.mark.card("SMART CARS")
@ON_OFF
def test_smart_cars_card_to_the_island_for_two_credits_once_per_turn(abilities):
    fill = Fill()
    reds = fill.take(RED, 2)
    contract = fill.contract(avoid=(RED,), level_met=False)
    seat0 = {"fulfilled": ["SMART CARS"], "hand": reds, "ships": [{"contracts": [contract]}, {}]}
    g = game(abilities, [seat0], turn=acting("load", n=2))
    if not abilities:
        assert g.deciders() == [1] and events(g, "cannot_act")[0]["n"] == 2
        return
    assert {a.cards[1] for a in uses(g, "SMART CARS")} == set(ids(reds))
    g.apply(uses(g, "SMART CARS")[0])
    assert credits(g)[0] == 12 and g.state.island == [cid(reds[0])]
    assert g.deciders() == [1] and events(g, "cannot_act")[0]["n"] == 1  # once per turn


@pytest.mark.card("MAPLE SYRUP")
@pytest.mark.parametrize(("abilities", "money"), [(True, 30), (True, 29), (False, 30)])
def test_maple_syrup_loads_itself_for_free_with_30_credits(abilities, money):
    fill = Fill()
    contract = fill.contract(takes=(RED, YELLOW), size=3, level_met=False)
    red = fill.one(RED)
    seat0 = {
        "credits": money, "hand": ["MAPLE SYRUP", red], "goods": [fill.one(YELLOW)],
        "ships": [{"contracts": [contract]}, {}],
    }
    g = game(abilities, [seat0], turn=acting("load"), harbours=["yellow", "green", "black"])
    use = [a for a in uses(g, "MAPLE SYRUP") if a.kind == "anytime"]
    if not (abilities and money >= 30):
        assert use == []
        return
    g.apply(use[0])
    assert g.state.ships[0].containers == [cid("MAPLE SYRUP")] and frame(g)["left"] == 1
    pick(g, "load", cards=(cid(red),))
    assert g.state.ships[0].containers == ids(["MAPLE SYRUP", red])


# --- within Pirate and Contract: CONTRABAND, JASMINE TEA, FLOUR; TSUKIJI FISH -------------------------

@pytest.mark.card("CONTRABAND")
@ON_OFF
def test_contraband_one_more_container_from_a_ship_at_sea(abilities):
    fill = Fill()
    a, b, island = fill.one(RED), fill.one(GREEN), fill.one(BLUE)
    g = game(abilities, [{"fulfilled": ["CONTRABAND"]}, {"ships": at_sea(a, b)}], turn=acting("pirate"), island=[island])
    use = uses(g, "CONTRABAND")
    if not abilities:
        assert use == []
        return
    assert {x.cards[1] for x in use} == set(ids([a, b]))  # not from the Supply Island
    g.apply(next(x for x in use if x.cards[1] == cid(a)))
    assert cid(a) in g.state.discard and frame(g)["left"] == 1
    assert uses(g, "CONTRABAND") == []  # once per turn
    pick(g, "pirate", cards=(cid(b),))
    assert not g.state.ships[3].at_sea and g.deciders() == [1]


@pytest.mark.card("JASMINE TEA")
@ON_OFF
def test_jasmine_tea_many_contracts_with_one_action(abilities):
    fill = Fill()
    k1, k2 = fill.contract(), fill.contract()
    high = fill.one(BLACK, level={"black": 1})  # one level short: needs an extra action
    g = game(abilities, [{"fulfilled": ["JASMINE TEA"], "hand": [k1, k2, high]}], turn=acting("contract", n=2))
    use = uses(g, "JASMINE TEA")
    if not abilities:
        assert use == []
        return
    assert {x.cards[1] for x in use} == set(ids([k1, k2]))  # free placements skip no levels
    g.apply(next(x for x in use if x.cards[1] == cid(k1) and x.target == 0))
    g.apply(next(x for x in uses(g, "JASMINE TEA") if x.cards[1] == cid(k2)))
    assert frame(g)["left"] == 2  # no action used yet
    pick(g, "contract", cards=(cid(high),), count=2)
    assert sorted(sum((g.state.ships[i].contracts for i in (0, 1)), [])) == sorted(ids([k1, k2, high]))


@pytest.mark.card("TSUKIJI FISH")
@ON_OFF
def test_tsukiji_fish_luxury_and_agriculture_contracts_without_an_action(abilities):
    fill = Fill()
    blue, yellow, green = fill.contract(BLUE), fill.contract(YELLOW), fill.contract(GREEN)
    g = game(abilities, [{"fulfilled": ["TSUKIJI FISH"], "hand": [blue, yellow, green]}])
    use = uses(g, "TSUKIJI FISH")
    if not abilities:
        assert use == []
        return
    assert {x.cards[1] for x in use} == set(ids([blue, yellow]))
    g.apply(next(x for x in use if x.cards[1] == cid(blue)))
    assert g.state.ships[0].contracts + g.state.ships[1].contracts == [cid(blue)]
    assert frame(g)["kind"] == "lead" and g.deciders() == [0]  # still the lead decision
    pick(g, "draw")
    assert uses(g, "TSUKIJI FISH") == []  # not in another player's turn


@pytest.mark.card("FLOUR")
@pytest.mark.parametrize(("abilities", "enough"), [(True, True), (True, False), (False, True)])
def test_flour_contract_and_all_its_containers_in_one_go(abilities, enough):
    fill = Fill()
    blues, yellows = fill.take(BLUE, 2), fill.take(YELLOW, 2)  # FLOUR's whole cargo: its text's 4 containers
    hand = ["FLOUR", *(blues if enough else blues[:1]), *yellows, fill.one(RED)]
    g = game(abilities, [{"hand": hand}], turn=acting("contract"), harbours=["yellow", "green", "black"])
    use = [a for a in uses(g, "FLOUR") if a.kind == "anytime"]
    if not (abilities and enough):
        assert use == []
        return
    g.apply(next(a for a in use if a.target == 0))
    assert g.state.ships[0].contracts == [cid("FLOUR")]
    for card in [*blues, *yellows]:
        assert {a.cards for a in g.legal_actions(0) if a.kind == "load"} == {(c,) for c in ids([*blues, *yellows]) if
                                                                              c not in g.state.ships[0].containers}
        pick(g, "load", cards=(cid(card),))
    assert cid("FLOUR") in g.state.players[0].fulfilled
    assert credits(g)[0] == 10 + payout(4) and g.deciders() == [1]


# --- ROPE, LED LIGHTS: swaps with the Supply Island -------------------------------------------------

@pytest.mark.card("ROPE")
@ON_OFF
def test_rope_one_swap_with_the_island_per_turn(abilities):
    fill = Fill()
    h, i = fill.one(BLUE), fill.one(RED)
    g = game(abilities, [{"fulfilled": ["ROPE"], "hand": [h]}], island=[i])
    use = uses(g, "ROPE")
    if not abilities:
        assert use == []
        return
    assert use == [Action(0, "anytime", (cid("ROPE"), cid(h), cid(i)))]
    g.apply(use[0])
    assert g.state.players[0].hand == [cid(i)] and g.state.island == [cid(h)]
    assert uses(g, "ROPE") == []  # once per turn


@pytest.mark.card("LED LIGHTS")
@ON_OFF
def test_led_lights_two_hand_cards_for_one_island_card(abilities):
    fill = Fill()
    hand, i = fill.take(BLUE, 3), fill.one(RED)
    g = game(abilities, [{"fulfilled": ["LED LIGHTS"], "hand": hand}], island=[i])
    use = uses(g, "LED LIGHTS")
    if not abilities:
        assert use == []
        return
    g.apply(use[0])
    assert len([a for a in g.legal_actions(0) if a.kind == "choose"]) == 3
    pick(g, "choose", cards=(cid("LED LIGHTS"), *sorted(ids(hand[:2]))))
    assert sorted(g.state.players[0].hand) == sorted(ids([hand[2], i]))
    assert sorted(g.state.island) == sorted(ids(hand[:2]))
    assert uses(g, "LED LIGHTS")  # as often as you like (two cards in hand)


# --- US DOLLARS: virtual crew -----------------------------------------------------------------------

@pytest.mark.card("US DOLLARS")
@ON_OFF
def test_us_dollars_discarded_counts_as_crew_this_turn(abilities):
    fill = Fill()
    load_card = fill.one(BLUE, action="load")
    g = game(abilities, [{"fulfilled": ["US DOLLARS"], "hand": [load_card, fill.one(RED)]}])
    use = uses(g, "US DOLLARS")
    if not abilities:
        assert use == []
        pick(g, "play", cards=(cid(load_card),))
        assert frame(g)["kind"] == "follow"  # no crew: nothing to declare
        return
    g.apply(next(a for a in use if a.target == LOAD))
    assert g.state.players[0].fulfilled == [] and cid("US DOLLARS") in g.state.discard
    pick(g, "play", cards=(cid(load_card),))
    assert frame(g)["kind"] == "declare" and frame(g)["most"] == 2


@pytest.mark.card("US DOLLARS")
def test_us_dollars_while_declaring_and_only_for_that_turn():
    fill = Fill()
    load_card = fill.one(BLUE, action="load")
    crew = fill.one(RED, action="load")
    g = game(True, [{"fulfilled": ["US DOLLARS"], "hand": [load_card], "crew": [crew]}])
    pick(g, "play", cards=(cid(load_card),))
    assert frame(g)["most"] == 2
    g.apply(next(a for a in uses(g, "US DOLLARS") if a.target == LOAD))
    assert frame(g)["most"] == 3
    pick(g, "declare", count=3)
    assert g.state.decl[0] == 3
    assert crew_for(g, 0, LOAD) == 2
    pick(g, "draw", 1)
    pick(g, "draw", 2)
    assert frame(g)["kind"] == "lead" and g.deciders() == [1]  # the next turn: the virtual crew is gone
    assert crew_for(g, 0, LOAD) == 1


# --- all of them in random play -------------------------------------------------------------------------

INSTANTS = ("AR GLASSES", "GLASSES", "PLATINUM RINGS", "POCKY", "STRETCH GOAL", "SPACECRAFT", "PAPER")
LASTING = [n for n in GROUP if n not in (*INSTANTS, "FLOUR", "MAPLE SYRUP")]


def random_table(seed: int):
    """Four seats sharing the lasting abilities; each seat one Load away from an instant one."""
    rng = random.Random(seed)
    lasting, instants = LASTING[:], list(INSTANTS)
    rng.shuffle(lasting)
    rng.shuffle(instants)
    fill = Fill()
    seats = []
    for k in range(4):
        contract = instants[k]
        fill.used.add(contract)
        containers = [fill.one(colour) for colour in slots(contract)]
        ship1 = {"at_sea": True, "containers": fill.take(k, 2)} if k % 2 else {"contracts": [instants[k + 4]]} \
            if k + 4 < len(instants) else {}
        seats.append({
            "fulfilled": lasting[k::4], "credits": 10 + 5 * k, "hand": [containers[-1], *fill.take(k, 3)],
            "ships": [{"contracts": [contract], "containers": containers[:-1]}, ship1],
        })
    seats[0]["hand"] += ["FLOUR", "MAPLE SYRUP"]
    spec = {
        "players": 4, "abilities": True, "seed": seed, "seats": seats, "active": seed % 4,
        "island": fill.take(RED, 3), "harbours": ["yellow", "green", "black", "blue"],
    }
    return load_scenario(spec), rng


@pytest.mark.parametrize("seed", range(8))
def test_random_play_with_every_ability_of_the_group(seed):
    """Random choices from positions where all these abilities are about (no crash, no lost card)."""
    g, rng = random_table(seed)
    total = len(g.state.all_cards())
    for _ in range(2000):
        if g.is_over():
            break
        seat = rng.choice(g.deciders())
        g.apply(rng.choice(g.legal_actions(seat)))
        assert len(g.state.all_cards()) == total and all(p.credits >= 0 for p in g.state.players)
        assert g.is_over() or all(g.legal_actions(s) for s in g.deciders())


@pytest.mark.card("CELL PHONES")
def test_cell_phones_drawn_card_stays_hidden_from_the_others_while_its_owner_chooses():
    """Ruling (views): the card CELL PHONES draws is private until its owner loads it; the question's
    data names it only in the owner's view."""
    fill = Fill()
    red = fill.one(RED)
    drawn = fill.one(GREEN)
    ships = [{"contracts": [fill.contract(takes=(GREEN,), avoid=(RED,), level_met=False)]},
             {"contracts": [fill.contract(takes=(GREEN,), avoid=(RED,), level_met=False)]}]
    seat0 = {"fulfilled": ["CELL PHONES"], "hand": [red], "ships": ships}
    g = game(True, [seat0], turn=acting("load"), deck=[drawn])
    g.apply(uses(g, "CELL PHONES")[0])
    assert frame(g)["step"] == "load_drawn" and len(g.legal_actions(0)) >= 2  # two ships it fits
    assert g.view(0)["stack"][-1]["drawn"] == cid(drawn)
    assert g.view(1)["stack"][-1]["drawn"] is None
