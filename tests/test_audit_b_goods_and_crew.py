"""Audit b: abilities that count goods or crew of a type, read against the cards that change a type.

JOE WIGGINS counts as one good of four types and UNPASTEURIZED CHEESE is a Pirate crew card
whatever action it shows: the abilities counting technology goods or Pirate crew must see them.
Every test builds a position with ``load_scenario`` and drives it through ``legal_actions()``/``apply()``.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import cid, is_quiet, plain_cards

from importexport import CARDS, Action
from importexport.importexport.scenario import load_scenario


def game(seats: list[dict[str, Any]], **top: Any):
    top.setdefault("players", 2)
    return load_scenario({"abilities": True, "seats": seats, **top})


def uses(g, name: str, seat: int = 0) -> list[Action]:
    return [a for a in g.legal_actions(seat) if a.cards[:1] == (cid(name),)]


def declared_range(g, seat: int) -> list[int]:
    return sorted(a.count for a in g.legal_actions(seat) if a.kind == "declare")


# --- PLAYSTATIONS: JOE WIGGINS is a technology good you own ----------------------------------------

@pytest.mark.card("PLAYSTATIONS")
@pytest.mark.parametrize(("joe", "extra"), [(True, 1), (False, 0)], ids=["with-joe-wiggins", "without"])
def test_playstations_counts_joe_wiggins_as_a_technology_good(joe, extra):
    good = plain_cards("green", 1)[0]
    hand = plain_cards("green", 3, {good})
    used = {good, *hand}
    k1, k2 = [
        c.name for c in CARDS.cards
        if c.set == "base" and is_quiet(c.name) and c.cargo.get("green", 0) >= 2 and c.name not in used
    ][:2]
    fulfilled = ["PLAYSTATIONS", "JOE WIGGINS"] if joe else ["PLAYSTATIONS"]
    seat0 = {"fulfilled": fulfilled, "goods": [good], "hand": hand, "ships": [{"contracts": [k1]}, {"contracts": [k2]}]}
    g = game([seat0, {}], turn={"led": "load", "declared": [1, -1]})
    got = 0
    while uses(g, "PLAYSTATIONS"):
        g.apply(uses(g, "PLAYSTATIONS")[0])
        got += 1
    assert got == extra  # one technology good in the goods area, one more through JOE WIGGINS: a pair
    assert g.state.stack[-1]["left"] == 1 + extra


# --- CANNONS: UNPASTEURIZED CHEESE in another crew is a Pirate crew card ---------------------------

@pytest.mark.card("CANNONS")
def test_cannons_counts_unpasteurized_cheese_in_another_crew_as_pirate_crew():
    lead = next(
        c.name for c in CARDS.cards if c.set == "base" and c.action == "pirate" and is_quiet(c.name) and c.name != "CANNONS"
    )
    assert CARDS.by_name("UNPASTEURIZED CHEESE").action != "pirate"  # it shows another action
    g = game([{"fulfilled": ["CANNONS"], "hand": [lead]}, {"crew": ["UNPASTEURIZED CHEESE"]}])
    g.apply(Action(0, "play", (cid(lead),)))
    assert declared_range(g, 0) == [1, 2]


@pytest.mark.card("CANNONS")
def test_cannons_does_not_count_unpasteurized_cheese_for_the_action_it_shows():
    shown = CARDS.by_name("UNPASTEURIZED CHEESE").action
    lead = next(
        c.name for c in CARDS.cards if c.set == "base" and c.action == shown and is_quiet(c.name) and c.name != "CANNONS"
    )
    g = game([{"fulfilled": ["CANNONS"], "hand": [lead]}, {"crew": ["UNPASTEURIZED CHEESE"]}])
    g.apply(Action(0, "play", (cid(lead),)))
    assert declared_range(g, 0) in ([], [1])  # one action, no crew to add (nothing left to declare)


# --- RICE COOKERS: UNPASTEURIZED CHEESE is a Pirate crew card, not a Contract one --------------------

@pytest.mark.card("RICE COOKERS")
@pytest.mark.parametrize(("crew", "most"), [("UNPASTEURIZED CHEESE", 1), ("plain", 2)], ids=["cheese", "contract-card"])
def test_rice_cookers_does_not_count_unpasteurized_cheese_as_contract_crew_for_load(crew, most):
    assert CARDS.by_name("UNPASTEURIZED CHEESE").action == "contract"  # the action it shows
    lead = next(c.name for c in CARDS.cards if c.set == "base" and c.action == "load" and is_quiet(c.name))
    if crew == "plain":  # a Contract crew card does count for Load with RICE COOKERS
        crew = next(c.name for c in CARDS.cards if c.set == "base" and c.action == "contract" and is_quiet(c.name))
    g = game([{"fulfilled": ["RICE COOKERS"], "hand": [lead], "crew": [crew]}, {}])
    g.apply(Action(0, "play", (cid(lead),)))
    assert max(declared_range(g, 0), default=1) == most
