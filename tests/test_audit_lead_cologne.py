"""COLOGNE counts the cards of the chosen type in its holder's crew: a crew card's type is what it
counts as in the crew, so UNPASTEURIZED CHEESE (laid as Pirate crew, whatever action it shows) is of
the Pirate type for COLOGNE, as it is for CANNONS and RICE COOKERS (docs/abilities.md)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import is_quiet, plain_cards

from importexport import CARDS, Game
from importexport.importexport.constants import ACTIONS, PIRATE
from importexport.importexport.scenario import load_scenario

CHEESE = "UNPASTEURIZED CHEESE"
SHOWN = ACTIONS.index(CARDS.by_name(CHEESE).action)  # the action the card shows (not Pirate)


def pirate_card(used: set[str]) -> str:
    """A quiet base card showing the Pirate action."""
    return next(c.name for c in CARDS.cards if c.set == "base" and c.action == "pirate" and not c.level
                and is_quiet(c.name) and c.name not in used)


def ended(crew: list[str]) -> Game:
    """Seat 2 sells a card and reaches 50 credits: the game ends with COLOGNE's question to seat 0."""
    used = {CHEESE, "COLOGNE", *crew}
    seller = plain_cards("green", 1, used)
    spec: dict[str, Any] = {"abilities": True, "players": 3, "active": 2, "seats": [
        {"fulfilled": ["COLOGNE"], "crew": crew}, {}, {"credits": 46, "hand": seller}],
        "turn": {"led": "supply", "declared": [-1, -1, 1]}}
    g = load_scenario(spec)
    g.apply(next(a for a in g.legal_actions(2) if a.kind == "sell"))
    frame = g.state.stack[-1]
    assert frame["kind"] == "ask" and frame["step"] == "cologne" and frame["seat"] == 0
    return g


def cologne_score(g: Game, action_type: int) -> int:
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "choose" and a.target == action_type))
    assert g.is_over()
    return dict(g.scores()[0].lines)["ability:COLOGNE"]


@pytest.mark.card("COLOGNE")
@pytest.mark.card(CHEESE)
def test_cologne_offers_the_types_the_crew_cards_count_as():
    assert SHOWN != PIRATE
    g = ended([CHEESE])
    assert sorted(a.target for a in g.legal_actions(0) if a.kind == "choose") == [PIRATE]


@pytest.mark.card("COLOGNE")
@pytest.mark.card(CHEESE)
def test_cologne_counts_unpasteurized_cheese_as_a_pirate_card():
    g = ended([CHEESE, pirate_card({CHEESE})])
    assert cologne_score(g, PIRATE) == 8
