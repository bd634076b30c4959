"""Random play over every combination of modules, the second half of the games (the first half,
and what is checked, are in ``test_random_modules.py``; two files so that xdist plays them side by
side)."""

from __future__ import annotations

import pytest
from test_random_modules import SECOND_HALF, play_module_games


@pytest.mark.parametrize("first", SECOND_HALF, ids=lambda f: f"games{f}+")
def test_random_games_with_every_module_combination(first: int) -> None:
    play_module_games(first)
