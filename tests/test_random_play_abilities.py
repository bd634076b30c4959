"""Random play with card abilities on: 300 seeded games, checked after every step as the games with
the basic rules in ``test_random_play.py`` are (the random players and the checks are there)."""

from __future__ import annotations

import pytest
from test_random_play import ABILITY_GAMES_PER_COUNT, CORE_EVENTS, PLAYER_COUNTS, run_games


@pytest.mark.parametrize("players", PLAYER_COUNTS, ids=lambda n: f"{n}p")
def test_random_games_with_abilities(players: int) -> None:
    events = run_games(players, range(ABILITY_GAMES_PER_COUNT), abilities=True)
    assert CORE_EVENTS <= events, f"random play never reached {sorted(CORE_EVENTS - events)}"
