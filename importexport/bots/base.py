"""What every bot is, the random bot, and the loop that lets bots play a game to its end.

A bot answers ``choose(g, seat)`` with one of ``g.legal_actions(seat)``; it may ask the game
nothing but what :class:`~importexport.protocol.GameProtocol` offers, and a fair bot reads only
``g.view(seat)`` (the tests hold the random and the search bot to that for both games).

>>> from importexport.protocol import GAMES
>>> g = GAMES["portroyal"].new(players=3, seed=2, mode="competitive")
>>> play_out(g, [RandomBot(s) for s in range(3)]) > 0 and g.is_over()
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ..protocol import GameProtocol


class Bot(Protocol):
    """A computer player: one legal choice for ``seat`` (the deciding seat, or one with free choices)."""

    def choose(self, g: Any, seat: int) -> Any: ...


class RandomBot:
    """Chooses uniformly among the seat's legal options (its own random source, seeded)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, g: GameProtocol, seat: int) -> Any:
        opts = g.legal_actions(seat)
        n = len(opts)
        if not n:
            raise IndexError("no legal choice")
        # ``self.rng.choice(opts)`` written out, as CPython's ``random`` draws it (the same numbers, the
        # same choice): the bot runs once per decision, and this saves it two Python calls each time
        bits = self.rng.getrandbits
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return opts[r]


def play_out(g: GameProtocol, bots: Sequence[Bot] | Mapping[int, Bot], max_steps: int = 100_000) -> int:
    """Let the first deciding seat's bot choose until the game is over; returns the decisions made.

    RuntimeError if the game is not over after ``max_steps`` decisions (a game that ends with
    exactly ``max_steps`` decisions is fine)."""
    steps = 0
    while True:
        deciders = g.deciders()  # (none once the game is over: ``is_over`` is asked only then)
        if not deciders and g.is_over():
            return steps
        if steps >= max_steps:
            raise RuntimeError(f"the game did not end within {max_steps} decisions")
        seat = deciders[0]
        g.apply(bots[seat].choose(g, seat))
        steps += 1
