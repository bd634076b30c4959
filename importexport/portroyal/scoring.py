"""The result: influence points and coins per player, the winners, or the team's rank."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .rules import contract_points, points, team_rank

if TYPE_CHECKING:
    from .game import Game


def final_scores(g: Game) -> list[dict[str, Any]]:
    """Per seat: points, coins and cubes; ``won`` once the game is over.

    Competitive and base play: the most influence points win, ties broken by coins (players equal
    in both share the win).  Cooperative and solo play: every seat carries the team's result,
    ``team_won`` (every contract has a cube) and ``rank``."""
    s = g.state
    rows: list[dict[str, Any]] = [
        {"seat": seat, "points": points(s, seat), "contract_points": contract_points(s, seat),
         "coins": len(s.players[seat].coins), "cubes": len(s.players[seat].contracts), "won": False}
        for seat in range(s.n)
    ]
    if s.team:
        done, rank, pts, cubes = team_rank(s)
        for row in rows:
            row.update(team_won=done, rank=rank if done else None, team_points=pts, team_cubes=cubes)
            row["won"] = done and g.is_over()
        return rows
    if g.is_over():
        won = leaders(rows)
        for seat, row in enumerate(rows):
            row["won"] = seat in won
    return rows


def leaders(rows: Sequence[Mapping[str, Any]]) -> set[int]:
    """The seats (row indices) that win a competitive or base game: the most influence points, ties
    broken by coins; seats equal in both share the win.  ``rows``: per seat ``points`` and ``coins``
    (the scores, or what a seat's view shows)."""
    best = max((r["points"], r["coins"]) for r in rows)
    return {seat for seat, r in enumerate(rows) if (r["points"], r["coins"]) == best}
