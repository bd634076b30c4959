"""Computer players.  A bot sees only its seat's view and answers through the same
``legal_actions()`` / ``apply()`` interface as every other player.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

from .actions import Action

if TYPE_CHECKING:
    from .engine import Game


class Bot(Protocol):
    def choose(self, g: Game, seat: int) -> Action: ...


class RandomBot:
    """Chooses uniformly among the legal options (its own random source, seeded)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, g: Game, seat: int) -> Action:
        return self.rng.choice(g.legal_actions(seat))


def play_out(g: Game, bots: dict[int, Bot] | list[Bot], max_steps: int = 100_000) -> int:
    """Let bots decide until the game is over; returns the number of decisions made."""
    steps = 0
    while not g.is_over():
        seat = g.deciders()[0]
        g.apply(bots[seat].choose(g, seat))
        steps += 1
        if steps >= max_steps:
            raise RuntimeError(f"the game did not end within {max_steps} decisions")
    return steps


BOTS: dict[str, type] = {"random": RandomBot}
"""Bots by name, as chapters, the app and ``simulate`` refer to them; each takes a ``seed``."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name; an unknown name raises ``ValueError`` listing the known ones."""
    try:
        return BOTS[name](seed=seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}") from None
