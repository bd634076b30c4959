"""Re-reading the rulebook text of the extra-action abilities: the positions that show each fix.

Every test builds a concrete position with ``load_scenario`` and drives the game only through
``legal_actions()``/``apply()``.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import cid, is_quiet, plain_cards

from importexport import CARDS, Action
from importexport.importexport.actions import TAKE_CREW, TAKE_GOODS
from importexport.importexport.constants import payout
from importexport.importexport.scenario import load_scenario


def game(seats: list[dict[str, Any]], **top: Any):
    top.setdefault("players", 3)
    return load_scenario({"abilities": True, "seats": seats, **top})


def acting(led: str, players: int = 3) -> dict[str, Any]:
    """``turn`` for a scenario: seat 0 alone carries out one ``led`` action."""
    return {"led": led, "declared": [1] + [-1] * (players - 1)}


def uses(g, name: str, seat: int = 0) -> list[Action]:
    """The legal choices of ``seat`` that use ``name`` (its anytime uses and its questions)."""
    return [a for a in g.legal_actions(seat) if a.cards[:1] == (cid(name),)]


def credits(g) -> list[int]:
    return [p.credits for p in g.state.players]


def pick(g, kind: str, seat: int = 0, **fields: Any) -> None:
    found = [a for a in g.legal_actions(seat) if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())]
    assert len(found) == 1, (kind, fields, [str(a) for a in g.legal_actions(seat)])
    g.apply(found[0])


def fulfil_load(contract: str, seats: list[dict[str, Any]], used: set[str], **top: Any):
    """Seat 0 carries out the one Load that fulfils ``contract`` on its ship 0 (``seats[0]`` is
    completed with that ship and the last container); returns the game after the Load."""
    card = CARDS.by_name(contract)
    used = used | {contract}
    names = []
    for slot in card.slots(0):
        name = plain_cards(("green", "yellow", "black", "blue", "red")[slot], 1, used)[0]
        used.add(name)
        names.append(name)
    first = dict(seats[0])
    first["hand"] = [names[-1], *first.get("hand", [])]
    first["ships"] = [{"contracts": [contract], "containers": names[:-1]}, *first.get("ships", [{}])[1:]]
    g = game([first, *seats[1:]], turn=acting("load"), **top)
    g.apply(Action(0, "load", (cid(names[-1]),), 0))
    assert cid(contract) in g.state.players[0].fulfilled
    return g


# --- POCKY, STRETCH GOAL: an import compensates the ship's owner --------------------------------

@pytest.mark.card("POCKY")
def test_pocky_import_from_another_players_ship_pays_its_owner_two():
    a, b = plain_cards("red", 1) + plain_cards("blue", 1)
    used = {a, b}
    g = fulfil_load("POCKY", [{}, {"ships": [{}, {"at_sea": True, "containers": [a, b]}]}], used)
    assert credits(g) == [10 + payout(3) + 2, 10, 10]
    pick(g, "take", cards=(cid(a),), target=TAKE_CREW)
    assert g.state.players[0].crew == [cid(a)]
    assert credits(g) == [10 + payout(3) + 2, 12, 10]  # the owner of ship 3 is compensated, as after an Import


@pytest.mark.card("POCKY")
def test_pocky_import_from_ones_own_ship_pays_nobody():
    a, b = plain_cards("red", 1) + plain_cards("blue", 1)
    g = fulfil_load("POCKY", [{"ships": [{}, {"at_sea": True, "containers": [a, b]}]}], {a, b})
    pick(g, "take", cards=(cid(b),), target=TAKE_GOODS)
    assert credits(g) == [10 + payout(3) + 2, 10, 10]


@pytest.mark.card("STRETCH GOAL")
def test_stretch_goal_imports_compensate_the_ship_owners():
    a, b = plain_cards("red", 2)
    c = plain_cards("green", 1)[0]
    used = {a, b, c}
    others = [{"ships": [{}, {"at_sea": True, "containers": [a, b]}]}, {"ships": [{}, {"at_sea": True, "containers": [c]}]}]
    g = fulfil_load("STRETCH GOAL", [{}, *others], used)
    base = 10 + payout(3) + 2
    assert credits(g) == [base, 10, 10] and g.deciders() == [0]
    pick(g, "take", cards=(cid(a),))  # from seat 1's ship
    assert credits(g) == [base, 14, 10]  # seat 1: 2 for the card's gift, 2 as the ship's owner
    pick(g, "take", 1, cards=(cid(b),))  # seat 1 from its own ship: nobody is compensated
    assert credits(g) == [base, 14, 12]
    pick(g, "take", 2, cards=(cid(c),))  # seat 2 from its own ship
    assert credits(g) == [base, 14, 12]
    assert [p.goods for p in g.state.players] == [[cid(a)], [cid(b)], [cid(c)]]


@pytest.mark.card("STRETCH GOAL")
def test_stretch_goal_import_from_a_later_players_ship_pays_that_player():
    a = plain_cards("red", 1)[0]
    b, c = plain_cards("green", 2)
    others = [{"ships": [{}, {"at_sea": True, "containers": [a]}]}, {"ships": [{}, {"at_sea": True, "containers": [b, c]}]}]
    g = fulfil_load("STRETCH GOAL", [{}, *others], {a, b, c})
    base = 10 + payout(3) + 2
    pick(g, "take", cards=(cid(b),))  # seat 0 from seat 2's ship (seat 1 has had its 2 credits meanwhile)
    assert credits(g) == [base, 12, 12]
    pick(g, "take", 1, cards=(cid(c),))  # seat 1 from seat 2's ship, emptied: home again
    assert credits(g) == [base, 12, 16]  # seat 2: compensation, then the card's own 2
    pick(g, "take", 2, cards=(cid(a),))  # seat 2 from seat 1's ship, emptied: home again
    assert credits(g) == [base, 14, 16]
    assert not g.state.ships[3].at_sea and not g.state.ships[5].at_sea


# --- PLAYSTATIONS: Capital goods count as the type they take --------------------------------------

def grey_good() -> str:
    return next(c.name for c in CARDS.cards if c.goods == "grey" and is_quiet(c.name) and c.name != "THE ALGORITHM")


@pytest.mark.card("PLAYSTATIONS")
@pytest.mark.parametrize(("first", "extra"), [("green", 1), ("yellow", 0)], ids=["capital-as-tech", "capital-as-agri"])
def test_playstations_counts_a_capital_good_as_technology_when_it_takes_that_type(first, extra):
    other = "yellow" if first == "green" else "green"
    g1, g2 = plain_cards(first, 1)[0], plain_cards(other, 1)[0]
    used = {g1, g2}
    hand = plain_cards("green", 3, used)
    used |= set(hand)
    k1, k2 = [
        c.name for c in CARDS.cards
        if c.set == "base" and is_quiet(c.name) and c.cargo.get("green", 0) >= 2 and c.name not in used
    ][:2]
    # goods: one good of each type, then a Capital good, which takes the type of the first (leftmost)
    ships = [{"contracts": [k1]}, {"contracts": [k2]}]
    seat0 = {"fulfilled": ["PLAYSTATIONS"], "goods": [g1, g2, grey_good()], "hand": hand, "ships": ships}
    g = game([seat0], modules=["capital"], turn=acting("load"))
    got = 0
    while uses(g, "PLAYSTATIONS"):
        g.apply(uses(g, "PLAYSTATIONS")[0])
        got += 1
    assert got == extra
    assert g.state.stack[-1]["left"] == 1 + extra


# --- CONTRABAND: only from a ship at sea ------------------------------------------------------------

@pytest.mark.card("CONTRABAND")
def test_contraband_never_takes_from_a_ship_in_harbour():
    sea = plain_cards("red", 1)[0]
    harbour_box = plain_cards("green", 1)[0]
    theirs = next(
        c.name for c in CARDS.cards
        if c.set == "base" and is_quiet(c.name) and c.cargo.get("green", 0) >= 2 and c.name not in {sea, harbour_box}
    )
    seats = [
        {"fulfilled": ["CONTRABAND", "MINI VAN"]},  # MINI VAN opens other players' ships in harbour to piracy
        {"ships": [{"contracts": [theirs], "containers": [harbour_box]}, {"at_sea": True, "containers": [sea]}]},
    ]
    g = game(seats, turn=acting("pirate"))
    assert any(a.kind == "pirate" and a.cards == (cid(harbour_box),) for a in g.legal_actions(0))  # MINI VAN's way
    assert {a.cards[1] for a in uses(g, "CONTRABAND")} == {cid(sea)}


# --- JASMINE TEA: any card a Contract action may place ------------------------------------------------

@pytest.mark.card("JASMINE TEA")
def test_jasmine_tea_extra_contracts_may_come_from_the_tokyo_harbour():
    fits = [c.name for c in CARDS.cards if c.set == "base" and is_quiet(c.name) and not c.level and len(c.slots(0)) <= 3]
    from_hand, from_tokyo = fits[0], fits[1]
    g = game([{"fulfilled": ["JASMINE TEA"], "hand": [from_hand]}], modules=["tokyo"], island=[from_tokyo],
             turn=acting("contract"))
    free = {a.cards[1] for a in uses(g, "JASMINE TEA")}
    assert free == {cid(from_hand), cid(from_tokyo)}
    g.apply(next(a for a in uses(g, "JASMINE TEA") if a.cards[1] == cid(from_tokyo) and a.target == 0))
    assert g.state.ships[0].contracts == [cid(from_tokyo)] and cid(from_tokyo) not in g.state.island
    assert credits(g)[0] == 10 - 2  # the Tokyo harbour's price for a level-0 card, but no action used
    assert g.state.stack[-1]["kind"] == "act" and g.state.stack[-1]["left"] == 1
