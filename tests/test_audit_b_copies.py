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


# --- AUTOMATION: the copy stands on a ship as WIND TURBINES and moves on as AUTOMATION does -------

@pytest.mark.card("AUTOMATION")
@pytest.mark.card("WIND TURBINES")
@pytest.mark.parametrize("rider", ["AUTOMATION", "WIND TURBINES"], ids=["original", "copy"])
def test_automation_copied_moves_on_when_its_ship_is_fulfilled(rider):
    """The rainbow container (AUTOMATION, or WIND TURBINES copying it, which loaded itself as one)
    stands on ship 0; the last container fulfils ship 0 and it must move on to ship 1."""
    named = {"GOLD STUFF", "APPLE WATCH", "WIND TURBINES", "AUTOMATION"}
    blue = plain_cards("blue", 2, named)
    seat0 = {"hand": [blue[0]],
             "ships": [{"contracts": ["GOLD STUFF"], "containers": [f"{rider}@grey"]},
                       {"contracts": ["APPLE WATCH"], "containers": [blue[1]]}]}
    seat1 = {"fulfilled": ["AUTOMATION"]} if rider == "WIND TURBINES" else {}  # the card the copy names
    g = load_scenario({"players": 2, "abilities": True, "modules": ["capital"], "seats": [seat0, seat1],
                       "turn": {"led": "load", "declared": [1, -1]}})
    if rider == "WIND TURBINES":
        state = g.state.clone()
        state.marks["copies"] = [[WT, cid("AUTOMATION")]]
        g = Engine.from_state(state, seed=g.seed)
    g.apply(Action(0, "load", (cid(blue[0]),), 0))
    moves = [a for a in g.legal_actions(0) if a.kind == "choose" and a.cards[:1] == (cid(rider),)]
    assert [a.target for a in moves] == [1]
    g.apply(moves[0])
    assert cid(rider) in g.state.ships[1].containers and g.state.ships[0].at_sea
