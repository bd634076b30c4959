"""A random player for Port Royal, and a loop that lets bots play a game to its end.

>>> from importexport.portroyal.game import Game
>>> g = Game(players=3, seed=2, mode="competitive")
>>> play_out(g, [RandomBot(s) for s in range(3)]) > 0 and g.is_over()
True

The shared bots package (issue 14) will replace this small module.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .actions import Action
from .game import Game
from .heuristic import HeuristicBot


class Bot(Protocol):
    def choose(self, g: Game, seat: int) -> Action: ...


class RandomBot:
    """Chooses uniformly among the seat's legal options (its own seeded random source)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, g: Game, seat: int) -> Action:
        return self.rng.choice(g.legal_actions(seat))


BOTS: dict[str, type] = {"random": RandomBot, "heuristic": HeuristicBot}
"""The Port Royal bots by name; each takes a ``seed`` (``heuristic.py``: the heuristic player)."""


def play_out(g: Game, bots: Sequence[Bot] | dict[int, Bot], max_steps: int = 100_000) -> int:
    """Let the deciding seat's bot choose until the game is over; returns the decisions made.

    RuntimeError if the game is not over after ``max_steps`` decisions."""
    steps = 0
    while not g.is_over():
        if steps >= max_steps:
            raise RuntimeError(f"the game did not end within {max_steps} decisions")
        seat = g.deciders()[0]
        g.apply(bots[seat].choose(g, seat))
        steps += 1
    return steps
