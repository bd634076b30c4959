"""Audit b: an import from PARTNERSHIP's super ship pays its owner 4 instead of 2, free imports too.

POCKY's and STRETCH GOAL's free imports compensate the ship's owner as an import does (their
ruling); from the super ship that is PARTNERSHIP's 4.  The position (seat 1's two ships joined and
at sea) is set in the state, then driven through ``legal_actions()``/``apply()``.
"""

from __future__ import annotations

import pytest
from helpers import cid, plain_cards

from importexport import CARDS, Action
from importexport.importexport.actions import TAKE_GOODS
from importexport.importexport.constants import payout
from importexport.importexport.engine import Game as Engine
from importexport.importexport.scenario import load_scenario


@pytest.mark.card("PARTNERSHIP")
@pytest.mark.card("POCKY")
@pytest.mark.parametrize(("joined", "paid"), [(True, 4), (False, 2)], ids=["super-ship", "single-ship"])
def test_a_free_import_from_the_super_ship_pays_its_owner_four(joined, paid):
    used = {"POCKY", "PARTNERSHIP"}
    cargo = []
    for slot in CARDS.by_name("POCKY").slots(0):
        cargo.append(plain_cards(("green", "yellow", "black", "blue", "red")[slot], 1, used | set(cargo))[0])
    aboard = plain_cards("red", 2, used | set(cargo))
    seats = [{"hand": [cargo[-1]], "ships": [{"contracts": ["POCKY"], "containers": cargo[:-1]}, {}]},
             {"fulfilled": ["PARTNERSHIP"], "ships": [{"at_sea": True, "containers": aboard}, {}]}]
    g = load_scenario({"players": 2, "abilities": True, "seats": seats, "turn": {"led": "load", "declared": [1, -1]}})
    if joined:  # seat 1's ship 3 is lashed to its ship 2, which sailed as the super ship
        state = g.state.clone()
        state.marks["super_ships"] = [2, 3]
        state.players[1].ships.remove(3)
        g = Engine.from_state(state, seed=g.seed)
    g.apply(Action(0, "load", (cid(cargo[-1]),), 0))
    assert [p.credits for p in g.state.players] == [10 + payout(len(cargo)) + 2, 10]
    take = [a for a in g.legal_actions(0) if a.kind == "take" and a.cards == (cid(aboard[0]),) and a.target == TAKE_GOODS]
    g.apply(take[0])
    assert g.state.players[1].credits == 10 + paid
