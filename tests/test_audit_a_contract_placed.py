"""Audit (group a): a contract placed by LUTEFISK is placed like any other.

LUTEFISK puts itself under a ship without a Contract action, but it is still a contract being
placed: abilities that answer a placed contract (SUGAR for an agriculture one, DRONES for any of
the holder's) hear it as they hear a Contract action's.  Positions come from ``load_scenario``
and are driven through ``legal_actions()``/``apply()`` only.
"""

from __future__ import annotations

import pytest
from helpers import cid, fulfil_position, plain_cards

from importexport import Action
from importexport.importexport.scenario import load_scenario


def lutefisk_ready(fulfilled: list[str]):
    """Seat 0 (active, about to lead) holds LUTEFISK, meets its level with one agriculture good
    (neither harbour is agriculture) and has ``fulfilled`` among its fulfilled contracts."""
    good = plain_cards("yellow", 1, {"LUTEFISK", *fulfilled})
    return load_scenario({
        "players": 2, "abilities": True, "harbours": ["green", "black"],
        "seats": [{"hand": ["LUTEFISK"], "goods": good, "fulfilled": fulfilled, "credits": 10}, {"credits": 10}],
    })


def place_lutefisk(g) -> None:
    g.apply(Action(0, "anytime", (cid("LUTEFISK"),), 0))
    assert cid("LUTEFISK") in g.state.ships[0].contracts


@pytest.mark.card("SUGAR")
@pytest.mark.card("LUTEFISK")
def test_sugar_pays_for_lutefisk_placed_from_the_hand():
    g = lutefisk_ready(["SUGAR"])
    place_lutefisk(g)
    assert g.state.players[0].credits == 12  # LUTEFISK is an agriculture card placed as a contract


@pytest.mark.card("DRONES")
@pytest.mark.card("LUTEFISK")
def test_drones_offers_a_draw_when_lutefisk_is_placed():
    g = lutefisk_ready(["DRONES"])
    hand = len(g.state.players[0].hand)
    place_lutefisk(g)
    ask = [a for a in g.legal_actions(0) if a.cards[:1] == (cid("DRONES"),)]
    assert {a.kind for a in ask} == {"yes", "no"}
    g.apply(next(a for a in ask if a.kind == "yes"))
    assert len(g.state.players[0].hand) == hand  # LUTEFISK left the hand, the drawn card came in


@pytest.mark.card("SUGAR")
def test_sugar_pays_nothing_for_another_players_lutefisk():
    g = load_scenario({
        "players": 2, "abilities": True, "harbours": ["green", "black"],
        "seats": [
            {"hand": ["LUTEFISK"], "goods": plain_cards("yellow", 1, {"LUTEFISK", "SUGAR"}), "credits": 10},
            {"fulfilled": ["SUGAR"], "credits": 10},
        ],
    })
    place_lutefisk(g)
    assert [p.credits for p in g.state.players] == [10, 10]  # SUGAR pays its holder's own contracts only


@pytest.mark.card("SUGAR")
@pytest.mark.card("BAMBOO")
def test_sugar_pays_when_bamboo_is_placed_again():
    g, load = fulfil_position("BAMBOO", True, seat0={"fulfilled": ["SUGAR"]})
    g.apply(load)
    again = Action(0, "choose", (cid("BAMBOO"),), 1)
    assert again in g.legal_actions(0)
    before = g.state.players[0].credits
    g.apply(again)
    assert g.state.ships[1].contracts == [cid("BAMBOO")]
    assert g.state.players[0].credits == before + 2  # BAMBOO, an agriculture card, is placed as a contract
