"""Audit b: abilities of this group copied by WIND TURBINES work as the original does.

AEROPONICS' return of a ship with one container left is a step of its own on the stack; the copy
puts it there as the original does, and the step must honour the copy too.  The position has seat
0's WIND TURBINES copying the card (the note ``copies``, as the copy question leaves it) and is
driven through ``legal_actions()``/``apply()``.
"""

from __future__ import annotations

import pytest
from helpers import cid, plain_cards

from importexport import Action, Game
from importexport.importexport.engine import Game as Engine
from importexport.importexport.scenario import load_scenario

WT = cid("WIND TURBINES")


def ship_at_sea_with_two(holder: list[str]) -> tuple[Game, list[str]]:
    """Seat 1 is to pirate; seat 0 (fulfilled: ``holder``) has ship 1 at sea with two containers."""
    cards = plain_cards("green", 2)
    seats = [{"fulfilled": holder, "ships": [{}, {"at_sea": True, "containers": cards}]}, {}]
    g = load_scenario({"players": 2, "abilities": True, "seats": seats, "turn": {"led": "pirate", "declared": [-1, 1]}})
    if "WIND TURBINES" in holder:
        state = g.state.clone()
        state.marks["copies"] = [[WT, cid("AEROPONICS")]]
        g = Engine.from_state(state, seed=g.seed)
    return g, cards


@pytest.mark.card("AEROPONICS")
@pytest.mark.card("WIND TURBINES")
@pytest.mark.parametrize("holder", [["AEROPONICS"], ["WIND TURBINES"]], ids=["original", "copy"])
def test_aeroponics_copied_brings_a_ship_with_one_container_home(holder):
    g, (first, second) = ship_at_sea_with_two(holder)
    g.apply(Action.pirate(1, cid(first), 1, -1))
    ship = g.state.ships[1]
    assert ship.containers == [cid(second)] and not ship.at_sea
