"""Audit b: an ability that places a contract places it as every contract is placed.

BAMBOO goes back under a free ship of yours as a contract: the abilities that answer a contract
being placed (SUGAR, DRONES, HELICOPTER) hear it as they hear the Contract action.
Every test builds a position with ``load_scenario`` and drives it through ``legal_actions()``/``apply()``.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import cid, plain_cards

from importexport import CARDS, Action
from importexport.importexport.constants import payout
from importexport.importexport.scenario import load_scenario


def fulfil_bamboo(seat0: dict[str, Any], others: list[dict[str, Any]]):
    """Seat 0 loads the last container BAMBOO (alone on its ship 0) asks for; ship 1 is free."""
    names: list[str] = []
    for slot in CARDS.by_name("BAMBOO").slots(0):
        colour = ("green", "yellow", "black", "blue", "red")[slot]
        names.append(plain_cards(colour, 1, {"BAMBOO", *names})[0])
    seat = {**seat0, "hand": [names[-1]], "ships": [{"contracts": ["BAMBOO"], "containers": names[:-1]}, {}]}
    g = load_scenario({"players": 1 + len(others), "abilities": True, "seats": [seat, *others],
                       "turn": {"led": "load", "declared": [1] + [-1] * len(others)}})
    g.apply(Action(0, "load", (cid(names[-1]),), 0))
    assert cid("BAMBOO") in g.state.players[0].fulfilled
    return g, payout(len(names))


def place_again(g) -> None:
    again = [a for a in g.legal_actions(0) if a.kind == "choose" and a.cards[:1] == (cid("BAMBOO"),)]
    assert [a.target for a in again] == [1]
    g.apply(again[0])
    assert g.state.ships[1].contracts == [cid("BAMBOO")]


@pytest.mark.card("BAMBOO")
def test_bamboo_placed_again_is_an_agriculture_contract_placed_for_sugar():
    g, paid = fulfil_bamboo({"fulfilled": ["SUGAR"]}, [{}])
    assert g.state.players[0].credits == 10 + paid
    place_again(g)
    assert g.state.players[0].credits == 10 + paid + 2


@pytest.mark.card("BAMBOO")
def test_bamboo_placed_again_lets_drones_draw():
    g, _ = fulfil_bamboo({"fulfilled": ["DRONES"]}, [{}])
    place_again(g)
    asked = [a for a in g.legal_actions(0) if a.cards[:1] == (cid("DRONES"),)]
    assert {a.kind for a in asked} == {"yes", "no"}


@pytest.mark.card("BAMBOO")
def test_bamboo_kept_among_the_fulfilled_contracts_places_nothing():
    g, paid = fulfil_bamboo({"fulfilled": ["SUGAR"]}, [{}])
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "no" and a.cards == (cid("BAMBOO"),)))
    assert g.state.players[0].credits == 10 + paid and not g.state.ships[1].contracts
