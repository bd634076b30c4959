"""What one seat may see: the table with other hands, the deck order and sealed bids hidden.

Bots and hot-seat screens are given this view, never the full state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine import Game


PRIVATE_ASK_KEYS = frozenset({"drawn"})
"""Data of an ability's question that names a card only the asked player may see."""


def player_view(g: Game, seat: int) -> dict[str, Any]:
    """A JSON-ready picture of the table as ``seat`` sees it, with that seat's legal choices."""
    s = g.state
    if not 0 <= seat < s.n:
        raise ValueError(f"there is no seat {seat} at a {s.n}-player table")
    data = s.to_dict()
    for p in data["players"]:
        if p["seat"] != seat:
            p["hand_size"] = len(p["hand"])
            p["hand"] = []
        else:
            p["hand_size"] = len(p["hand"])
    data["deck"] = []
    data["deck_size"] = len(s.deck)
    data["deck_top"] = s.deck[-1] if s.deck and s.marks.get("deck_face_up") else None  # a face-up deck
    data["discard_top"] = s.discard[-1] if s.discard else None
    data["discard_size"] = len(s.discard)
    data["discard"] = []
    del data["rng"]
    for frame in data["stack"]:
        if frame.get("k") == "ask" and frame.get("p") != seat:
            for key in PRIVATE_ASK_KEYS & frame.keys():
                frame[key] = "hidden"  # a card only the asked player holds (e.g. one just drawn)
        if frame.get("k") == "bid":
            frame["bids"] = [
                b if bidder == seat else (-1 if b < 0 else "sealed")
                for bidder, b in zip(frame["bidders"], frame["bids"], strict=True)
            ]
    data["seat"] = seat
    data["deciders"] = g.deciders()
    data["legal"] = [str(a) for a in g.legal_actions(seat)]
    return data
