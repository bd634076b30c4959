"""A coach: "What would a strong player do here?" (Import/Export).

:func:`advice` asks the search bot (:class:`~importexport.bots.SearchBot`) to play the deciding
seat's best options out on tables dealt from that seat's view, and returns the three that did
best, each with its estimated chance of winning and one sentence, in English and German, on what
the move does for the player (the sentences are the referee's: :mod:`importexport.importexport.coach`).

Like the bots, the coach reads nothing but ``g.view(seat)``: hidden cards are dealt at random from
a seeded source, so the same view and seed always give the same advice, whatever the hidden cards
really are.

>>> from importexport import Game
>>> g = Game(players=3, seed=1)
>>> tips = advice(g, g.deciders()[0], samples=2, depth=2, budget=100)
>>> len(tips), all(0.0 <= t.chance <= 1.0 for t in tips)
(3, True)
"""

from __future__ import annotations

from typing import Any

from ..bots import SearchBot
from ..importexport.coach import Advice, advise

__all__ = ["BUDGET", "TO_THE_END", "Advice", "advice", "coach_bot"]


TO_THE_END = 10_000
"""Turns a play-out may last: more than any game has, so every play-out is played to the game's end
and its result is a game won or lost (not a lead after a few turns)."""
BUDGET = 200_000
"""Decisions simulated at most for one piece of advice: room for 16 tables of five choices played
to the end from a game's first turn (about 40 000), a cap that keeps it deterministic."""


def coach_bot(seed: int = 0, samples: int = 16, depth: int = TO_THE_END, budget: int = BUDGET,
              width: int = 5) -> SearchBot:
    """The search bot the coach asks (its ``width`` best options by the heuristic are played out)."""
    return SearchBot(seed=seed, samples=samples, width=width, depth=depth, budget=budget)


def advice(
    g: Any, seat: int, top: int = 3, lang: str | None = None, seed: int = 0,
    samples: int = 16, depth: int = TO_THE_END, budget: int = BUDGET,
) -> list[Advice]:
    """The ``top`` best moves for ``seat`` now, best first (by estimated chance of winning, then by
    mean margin).  Empty when ``seat`` has no decision or only one option.  ``samples``, ``depth``
    and ``budget`` are the search's (tables dealt, turns played out, decisions simulated at most);
    by default every choice is played out to the end of the game on 16 tables."""
    if seat not in g.deciders() or g.is_over():
        return []
    view = g.view(seat)
    return advise(g, view, coach_bot(seed, samples, depth, budget).estimates(view), top, lang, seed)
