"""Port Royal as one of the project's games (:class:`~importexport.protocol.GameKind`): how to start,
load and parse it, its player counts and ways to play, and the hooks the shared bots use (its
heuristic player, the dealing of hidden cards from a view, margins, progress, what the search plays
out, the outcome with the team's rank)."""

from __future__ import annotations

from typing import Any

from ..protocol import GameKind, TableKit
from .actions import Action
from .cards import CARDS
from .determinize import determinize
from .game import PLAYERS, Game
from .heuristic import SEARCH, HeuristicBot, margins, progress
from .rules import EXP
from .savefile import FORMAT, load
from .words import card_name

RANK_ORDER = tuple(r.id for r in EXP.ranks)
"""The team's ranks, lowest first (the project's figures: ``data/expansion.yaml``)."""


def outcome(g: Any) -> list[dict[str, Any]]:
    """Each seat's points and whether it won; in team play also ``team`` and ``rank`` (0: the team
    lost, else 1 for the lowest rank and up)."""
    out: list[dict[str, Any]] = []
    for row in g.scores():
        one = {"score": row["points"], "won": bool(row["won"])}
        if "team_won" in row:
            one.update(team=True, rank=1 + RANK_ORDER.index(row["rank"]) if row["won"] else 0)
        out.append(one)
    return out


CARD_SETS = ("base", "expansion")
"""The base deck and the contracts expansion's additions."""


def card_lines(card_set: str | None) -> list[str]:
    """Each card of ``card_set`` (every card: ``None``): id, name (with its coins or cost), kind, set,
    influence points."""
    out = []
    for c in CARDS:
        in_set = CARD_SETS[c.expansion]
        if card_set in (None, in_set):
            out.append(f"{c.id:3} {card_name(c.id, 'en'):44} {c.kind:10} {in_set:9} points {c.points}")
    return out


def table_kit() -> TableKit:
    """The table kit (:mod:`.table_kit`), imported when first asked for: the bots and tools need none."""
    from . import table_kit as kit

    return kit  # type: ignore[return-value]


KIND = GameKind("portroyal", "Port Royal", Game, load, Action.from_text,
                (min(lo for lo, _ in PLAYERS.values()), max(hi for _, hi in PLAYERS.values())), {"mode": tuple(PLAYERS)},
                HeuristicBot, determinize, margins, progress, SEARCH, outcome, table_kit, FORMAT,
                CARD_SETS, card_lines)
