"""Audit b: YEN's discount lasts the rest of the game: the first contract placed on its ship in
each voyage needs one container fewer, not only the first one placed after the tuck.

The position drives the game through ``legal_actions()``/``apply()``: AEROPONICS brings the ship
home at once with the single container it sailed with, so a second voyage starts in the same turn.
"""

from __future__ import annotations

import pytest
from helpers import cid
from test_abilities_loading import Fill, game

from importexport import Action
from importexport.importexport.constants import RAINBOW


def two_slot_contracts(fill: Fill, colour: str) -> tuple[str, str]:
    """Two placeable quiet contracts of exactly two containers, one of them ``colour``."""
    def fits(c) -> bool:
        return len(c.slots(0)) == 2 and colour in c.cargo and RAINBOW not in c.cargo

    return fill.contract(fits, placeable=True), fill.contract(fits, placeable=True)


def yen_voyages():
    """Seat 0 fulfils YEN and tucks it under ship 1, which holds one container; next turn it leads
    two Contract actions and places contract A on ship 1; returns the game after that and B."""
    fill = Fill("YEN", "AEROPONICS")
    yen_cargo = fill.cargo("YEN")
    assert len(yen_cargo) >= 2  # (ship 0 sails with them and stays at sea)
    waiting = fill.one("yellow", "ship")
    a, b = two_slot_contracts(fill, "yellow")
    leader = fill.one("green", "hand", lambda c: c.action == "contract")
    crew = fill.one("black", "crew", lambda c: c.action == "contract")
    g = game(True, [
        {"fulfilled": ["AEROPONICS"], "hand": [yen_cargo[-1], a, b, leader], "crew": [crew],
         "ships": [{"contracts": ["YEN"], "containers": yen_cargo[:-1]}, {"containers": [waiting]}]},
        {},
    ], "load", [1, -1], players=2)
    g.apply(Action(0, "load", (cid(yen_cargo[-1]),), 0))
    g.apply(Action(0, "choose", (cid("YEN"),), 1))  # tucked under ship 1
    g.apply(Action(1, "draw"))
    g.apply(Action(0, "play", (cid(leader),)))
    g.apply(Action(0, "declare", count=2))
    g.apply(Action(1, "draw"))
    g.apply(Action(0, "contract", (cid(a),), 1, 1))
    ship = g.state.ships[1]
    assert cid(a) in g.state.players[0].fulfilled  # one container fewer: the waiting one was enough
    assert not ship.at_sea and ship.containers == [cid(waiting)]  # home again with it (AEROPONICS)
    return g, b, waiting


@pytest.mark.card("YEN")
def test_yen_the_first_contract_of_the_ships_next_voyage_needs_one_container_fewer_too():
    g, b, _ = yen_voyages()
    g.apply(Action(0, "contract", (cid(b),), 1, 1))
    assert cid(b) in g.state.players[0].fulfilled and not g.state.ships[1].contracts
