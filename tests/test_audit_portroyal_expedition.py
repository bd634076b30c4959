"""Audit of Port Royal against its base notes: the active player may fulfil an expedition at any
moment of their own turn, including right after the hire that completes it (ruling 18 in
docs/portroyal.md).

Before the fix, a hire that used the active player's last take ended their part of phase 2 without
a question, so the expedition the new person completed waited for a later turn (or for another
player's turn, since every active player may fulfil the expeditions beside the harbour)."""

from __future__ import annotations

from typing import Any

import pytest

from importexport.errors import IllegalActionError
from importexport.portroyal.actions import Action
from importexport.portroyal.game import Game
from importexport.portroyal.rules import points
from importexport.portroyal.scenario import load_scenario


def scene(**spec: Any) -> Game:
    return load_scenario({"players": 2, **spec})


def expeditions(g: Game, seat: int) -> list[Action]:
    return [a for a in g.legal_actions(seat) if a.kind == "expedition"]


def test_the_hire_that_completes_an_expedition_leaves_time_to_fulfil_it() -> None:
    """The last take hires the second Captain: the active player is still asked (pass or expedition)."""
    g = scene(seats=[{"coins": 5, "persons": ["captain"]}, {"coins": 0}],
              expeditions=["expedition:anchor+anchor"], harbour=["captain", "ship:yellow:1:1"],
              phase="take", turned=2)
    hired = g.state.harbour[0]
    g.apply(Action(0, "take", hired))
    assert g.deciders() == [0]
    ways = expeditions(g, 0)
    assert [sorted(a.cards) for a in ways] == [sorted(g.state.players[0].persons)]
    assert [a.kind for a in g.legal_actions(0) if a.kind != "expedition"] == ["pass"]
    before = g.to_json()
    with pytest.raises(IllegalActionError) as err:  # the last question is not one more take
        g.apply(Action(0, "take", g.state.harbour[0]))
    assert err.value.rule == "no_take_left" and g.to_json() == before
    g.apply(ways[0])
    assert g.state.players[0].expeditions == [ways[0].card] and g.state.players[0].persons == []
    assert points(g.state, 0) == 4
    # nothing is left to choose: seat 1 has no coin to take with, so seat 1's turn begins
    assert (g.state.active, g.deciders()) == (1, [1])


def test_nothing_more_is_asked_when_no_expedition_can_be_fulfilled() -> None:
    """The last take that completes no expedition ends the active player's phase 2 as before."""
    g = scene(seats=[{"coins": 5, "persons": ["captain"]}, {"coins": 0}],
              expeditions=["expedition:cross+cross"], harbour=["captain", "ship:yellow:1:1"],
              phase="take", turned=2)
    g.apply(Action(0, "take", g.state.harbour[0]))
    assert (g.state.active, g.deciders()) == (1, [1])


def test_passing_instead_keeps_the_expedition_for_later() -> None:
    """The active player may pass; the expedition then stays beside the harbour."""
    g = scene(seats=[{"coins": 5, "persons": ["captain"]}, {"coins": 0}],
              expeditions=["expedition:anchor+anchor"], harbour=["captain", "ship:yellow:1:1"],
              phase="take", turned=2)
    expedition = g.state.expeditions[0]
    g.apply(Action(0, "take", g.state.harbour[0]))
    g.apply("p0 pass")
    assert g.state.expeditions == [expedition] and g.state.players[0].expeditions == []
    assert expeditions(g, 0) == []


def test_reaching_the_goal_by_that_expedition_starts_the_last_round() -> None:
    """Competitive stakes: the expedition's points count at this turn's end (12 points)."""
    g = scene(seats=[{"coins": 5, "persons": ["captain", "admiral:9", "admiral:9", "pirate:9"]}, {"coins": 0}],
              expeditions=["expedition:anchor+anchor"], harbour=["captain", "ship:yellow:1:1"],
              phase="take", turned=2, start=0)
    g.apply(Action(0, "take", g.state.harbour[0]))
    g.apply(expeditions(g, 0)[0])
    assert points(g.state, 0) == 3 + 3 + 3 + 4
    assert g.state.ending and (g.state.active, g.deciders()) == (1, [1])


def test_the_table_says_what_the_last_question_is_for() -> None:
    """The status line and a refusal name the expedition, not "0 more cards", in English and German."""
    from importexport.portroyal.picture import picture
    from importexport.portroyal.words import waiting

    g = scene(seats=[{"coins": 5, "persons": ["captain"]}, {"coins": 0}],
              expeditions=["expedition:anchor+anchor"], harbour=["captain", "ship:yellow:1:1"],
              phase="take", turned=2)
    g.apply(Action(0, "take", g.state.harbour[0]))
    assert picture(g, "en")["status"]["step"] == "Player 1 may still fulfil an expedition"
    assert picture(g, "de")["status"]["step"] == "Spieler 1 darf noch einen Expeditionsaufruf erfüllen"
    assert waiting(g, "en") == "Player 1 fulfils an expedition or ends their taking"
    assert waiting(g, "de") == "Spieler 1 erfüllt einen Expeditionsaufruf oder nimmt nichts mehr"
