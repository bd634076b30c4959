"""What one seat may see: a list of what is open on the table, never the piles' order or coin faces."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ..boundary import check_seat
from .rules import points, swords

if TYPE_CHECKING:
    from .game import Game


def player_view(g: Game, seat: int) -> dict[str, Any]:
    """The table as ``seat`` sees it.  Face-down cards (the piles, everybody's coins, the time pile)
    appear as counts only; the card just turned (waiting to be driven off) is open, and so is
    ``stack``, what comes next in the turn (who still takes how many cards, who still has a chance at a
    contract): everybody at the table knows it."""
    s = g.state
    check_seat(seat, s.n, g.lang)
    frame = s.stack[-1] if s.stack else None
    return {
        "seat": seat, "mode": s.mode, "players": s.n, "start": s.start, "active": s.active, "turn": s.turn,
        "deck_size": len(s.deck), "discard_size": len(s.discard), "time_pile_size": len(s.time_pile),
        "harbour": list(s.harbour), "expeditions": list(s.expeditions), "turned": s.turned,
        "repelled": s.repelled,
        "just_turned": frame["card"] if frame and frame["kind"] == "repel" else None,
        "contracts": list(s.contracts), "boxes": [list(b) for b in s.boxes],
        "table": [
            {"coins": len(p.coins), "persons": list(p.persons), "expeditions": list(p.expeditions),
             "contracts": list(p.contracts), "points": points(s, i), "swords": swords(s, i)}
            for i, p in enumerate(s.players)
        ],
        "deciding": g.deciders(), "waiting_for": frame["kind"] if frame else None,
        "stack": [dict(f) for f in s.stack],  # what comes next in the turn: open to all (its one card is the just-turned ship)
        "ending": s.ending, "over": g.is_over(),
        "legal": [str(a) for a in g.legal_actions(seat)],
    }


def hidden_from(g: Game, seat: int) -> frozenset[Hashable]:
    """The cards :func:`player_view` shows ``seat`` as counts only (fair undo compares them move by
    move): the draw pile, the discard pile, the time pile and everybody's coins."""
    s = g.state
    out: set[Hashable] = set(s.deck) | set(s.discard) | set(s.time_pile)
    for p in s.players:
        out.update(p.coins)
    return frozenset(out)
