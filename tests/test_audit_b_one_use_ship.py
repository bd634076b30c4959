"""Audit b: DIESEL ENGINE's one-use ship leaves play with every card tucked under it.

YEN may be tucked under any ship of its holder, the one-use ship too; when that ship has made its
voyage, both DIESEL ENGINE and YEN go to the discard pile (no card may vanish).  The position is
driven through ``legal_actions()``/``apply()`` only: AEROPONICS brings the one-use ship home with the
single container YEN's discount let it sail with.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import cid
from test_abilities_loading import Fill

from importexport import Action
from importexport.importexport.constants import RAINBOW
from importexport.importexport.scenario import load_scenario


def act(g, kind: str, seat: int, **fields: Any) -> None:
    found = [a for a in g.legal_actions(seat) if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())]
    assert found, (kind, fields, [str(a) for a in g.legal_actions(seat)])
    g.apply(found[0])


@pytest.mark.card("DIESEL ENGINE")
@pytest.mark.card("YEN")
def test_a_one_use_ship_discards_yen_tucked_under_it_too():
    fill = Fill("DIESEL ENGINE", "YEN", "AEROPONICS")
    cargo = fill.cargo("YEN") + fill.take("red", 3, "ship")  # DIESEL ENGINE: 3 rainbow slots
    later = fill.contract(lambda c: len(c.slots(0)) == 2 and "yellow" in c.cargo and RAINBOW not in c.cargo, placeable=True)
    box = fill.one("yellow", "hand")
    lead_contract = fill.one("green", "hand", lambda c: c.action == "contract")
    lead_load = fill.one("black", "hand", lambda c: c.action == "load")
    seat0 = {"fulfilled": ["AEROPONICS"], "hand": [cargo[-1], later, box, lead_contract, lead_load],
             "ships": [{"contracts": ["DIESEL ENGINE", "YEN"], "containers": cargo[:-1]}, {}]}
    g = load_scenario({"players": 2, "abilities": True, "modules": ["capital"], "seats": [seat0, {}],
                       "turn": {"led": "load", "declared": [1, -1]}})
    g.apply(Action(0, "load", (cid(cargo[-1]),), 0))
    extra = g.state.players[0].ships[-1]
    assert extra not in (0, 1, 2, 3)  # DIESEL ENGINE's ship
    act(g, "choose", 0, target=extra)  # YEN tucked under it
    assert sorted(c for c, _ in g.state.marks["tucked"]) == sorted([cid("DIESEL ENGINE"), cid("YEN")])
    act(g, "draw", 1)
    act(g, "play", 0, cards=(cid(lead_contract),))
    act(g, "draw", 1)
    act(g, "contract", 0, cards=(cid(later),), target=extra)
    act(g, "draw", 1)
    act(g, "play", 0, cards=(cid(lead_load),))
    act(g, "draw", 1)
    act(g, "load", 0, cards=(cid(box),), target=extra)  # one container fewer: fulfilled, sails, home at once
    assert cid(later) in g.state.players[0].fulfilled
    assert extra not in g.state.players[0].ships  # its voyage made, the one-use ship has left play
    assert cid("DIESEL ENGINE") in g.state.discard and cid("YEN") in g.state.discard
    cards = g.state.all_cards()
    assert len(cards) == len(set(cards)) and cid("YEN") in cards
