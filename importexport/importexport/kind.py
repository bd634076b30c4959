"""Import/Export as one of the project's games (:class:`~importexport.protocol.GameKind`): how to
start, load and parse it, its player counts and options, and the hooks the shared bots use (its
heuristic player, the dealing of hidden cards from a view, margins, progress, what the search plays
out, the outcome)."""

from __future__ import annotations

from typing import Any

from ..protocol import GameKind, SearchRules, TableKit
from .actions import Action
from .cards import CARDS
from .constants import MAX_PLAYERS, MIN_PLAYERS
from .determinize import determinized_game
from .engine import Game
from .heuristic import SEARCHED, HeuristicBot, candidates, margins, progress
from .savefile import FORMAT, load


def outcome(g: Any) -> list[dict[str, Any]]:
    """Each seat's score (its credits total) and whether it won (a shared win counts for every winner)."""
    winners = set(g.state.winners)
    return [{"score": sc.total, "won": seat in winners} for seat, sc in enumerate(g.scores())]


CARD_SETS = tuple(sorted({c.set for c in CARDS.cards}, key=lambda name: (name != "base", name)))
"""The base game's set first, then the others by name."""


def card_lines(card_set: str | None) -> list[str]:
    """Each card of ``card_set`` (every card: ``None``): id, name, set, goods, action, level, cargo."""
    return [f"{c.id:3} {c.name:32} {c.set:12} {c.goods:6} {c.action:8} level {c.level} cargo {c.cargo}"
            for c in CARDS.cards if card_set in (None, c.set)]


def table_kit() -> TableKit:
    """The table kit (:mod:`.table_kit`), imported when first asked for: the bots and tools need none."""
    from . import table_kit as kit

    return kit  # type: ignore[return-value]


KIND = GameKind("importexport", "Import/Export", Game, load, Action.from_text, (MIN_PLAYERS, MAX_PLAYERS),
                {"abilities": (False, True)}, HeuristicBot, determinized_game, margins, progress,
                SearchRules(SEARCHED, candidates), outcome, table_kit, FORMAT,
                CARD_SETS, card_lines)
