"""Audit of Port Royal's contracts against the expansion text: where a person contract leaves a
question open, the careful reading (ruling E7 in docs/portroyal.md).

The text asks for exactly the pictured persons, with exactly their symbols; more persons are fine.
A Jack of all trades stands for any symbol on an expedition, but it is not a Settler, a Captain or a
Priest, so it never stands in for a pictured person; nor does a Clerk for a Trader of its colour."""

from __future__ import annotations

import pytest

from importexport.errors import IllegalActionError
from importexport.portroyal.game import Game
from importexport.portroyal.scenario import load_scenario


def table(contract: str, persons: list[str]) -> Game:
    return load_scenario({"mode": "competitive", "players": 2, "contracts": [contract],
                          "seats": [{"persons": persons}]})


def offered(g: Game) -> bool:
    return any(a.kind == "contract" for a in g.free_actions(0))


@pytest.mark.parametrize(("contract", "persons", "met"), [
    ("colonists", ["settler", "jack_of_all_trades"], False),
    ("colonists", ["jack_of_all_trades", "captain"], False),
    ("colonists", ["jack_of_all_trades", "jack_of_all_trades"], False),
    ("colonists", ["jack_of_all_trades", "settler", "captain"], True),
    ("harbour_festival", ["jack_of_all_trades", "jester", "vice_admiral"], False),
    ("harbour_watch", ["clerk:blue", "sailor"], False),
    ("harbour_watch", ["clerk:blue", "trader:blue", "sailor"], True),
])
def test_only_the_pictured_persons_count(contract: str, persons: list[str], met: bool) -> None:
    g = table(contract, persons)
    assert offered(g) is met
    if not met:
        with pytest.raises(IllegalActionError) as err:
            g.apply("p0 contract t=0")
        assert err.value.rule == "contract_unmet"
