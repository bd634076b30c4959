"""What one seat may see: a list of what is open on the table, never the piles' order or coin faces."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ..boundary import check_seat
from .rules import points, swords

if TYPE_CHECKING:
    from .game import Game


OPEN_TABLE = ("mode", "start", "active", "turn", "harbour", "expeditions", "contracts", "boxes", "stack", "turned",
              "repelled", "ending")
"""State fields every seat sees.  ``stack`` is what comes next in the turn (who still takes how many
cards, who still has a chance at a contract): everybody at the table knows it, and its one card is the
ship just turned, lying open."""
COUNTED_TABLE = ("time_pile", "discard", "deck")
"""State fields every seat sees the size of only (``deck_size``, ...): face-down piles (in the order
``determinize`` deals them, after the coins)."""
OPEN_SEAT = ("persons", "expeditions", "contracts")
"""A player's fields every seat sees."""
COUNTED_SEAT = ("coins",)
"""A player's fields every seat sees the size of only: coins lie face down, even to their owner."""
NOT_SHOWN = ("n", "players", "declared", "rng")
"""State fields not copied as they are: the player count is ``players``, each player a row of
``table``; the team's declaration ends the game (``over``); the random source is nobody's to see."""


def player_view(g: Game, seat: int) -> dict[str, Any]:
    """The table as ``seat`` sees it, built from the lists above: anything else the state holds (and
    any field a later change adds) stays hidden until it is listed.  Face-down cards (the piles,
    everybody's coins, the time pile) appear as counts only."""
    s = g.state
    check_seat(seat, s.n, g.lang)
    frame = s.stack[-1] if s.stack else None
    full = s.to_dict()
    data: dict[str, Any] = {"seat": seat, "players": s.n}
    data.update((key, full[key]) for key in OPEN_TABLE)
    data.update((key + "_size", len(full[key])) for key in COUNTED_TABLE)
    data["table"] = [
        {**{key: len(p[key]) for key in COUNTED_SEAT}, **{key: p[key] for key in OPEN_SEAT},
         "points": points(s, i), "swords": swords(s, i)}
        for i, p in enumerate(full["players"])
    ]
    data["just_turned"] = frame["card"] if frame and frame["kind"] == "repel" else None
    data["deciding"], data["waiting_for"] = g.deciders(), frame["kind"] if frame else None
    data["over"], data["legal"] = g.is_over(), [str(a) for a in g.legal_actions(seat)]
    return data


def hidden_from(g: Game, seat: int) -> frozenset[Hashable]:
    """The cards :func:`player_view` shows ``seat`` as counts only (fair undo compares them move by
    move): the draw pile, the discard pile, the time pile and everybody's coins."""
    s = g.state
    out: set[Hashable] = set(s.deck) | set(s.discard) | set(s.time_pile)
    for p in s.players:
        out.update(p.coins)
    return frozenset(out)
