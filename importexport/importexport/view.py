"""What one seat may see: a picture of the table built from lists of what is open information.

The view is built up, not cut down: it copies only the fields listed below, so anything a later
change adds to the state stays hidden until it is listed here as open.  Bots and hot-seat
screens are given this view, never the full state.

Hidden values keep their place and size (a card becomes ``None``, a list of cards a list of
``None``), so every seat's view has the same shape and a bot can deal the unknown cards
(``determinize.determinize``).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ..boundary import check_seat

if TYPE_CHECKING:
    from .engine import Game

OPEN_TABLE = (
    "ships", "island", "active", "turn", "abilities", "led", "decl", "acts", "played", "sold",
    "end_reason", "end_seat", "winners", "extra_turns", "return_to", "marks", "modules", "market", "box",
)
"""State fields every seat sees.  (``marks`` hold only open facts: what abilities noted in the open.)"""

OPEN_SEAT = ("seat", "harbour", "credits", "crew", "goods", "fulfilled", "ships")
"""A player's fields every seat sees; the hand is seen by its owner alone (others see its size)."""

OPEN_FRAME = frozenset({
    # the turn and the Import: whose step it is, counts, ships, seats, rounds
    "kind", "seat", "action", "least", "most", "trade", "left", "round", "bidders", "ship", "amount", "tied", "crew",
    "optional", "carried", "queued", "phase", "order", "to", "asked", "paid_26", "round_step", "payee",
    # an ability's question: its card and step, and the open facts it keeps
    "card", "step", "me", "queue", "owner", "holder", "victim", "want", "chosen", "cards", "before", "ships", "src",
})
"""Keys of a pending step that every seat sees.  Any other key (a card just drawn, a card taken
unseen from a hand) is seen only by the seat the step belongs to (its ``seat``)."""


def hidden(value: Any) -> Any:
    """A value another seat may not see, keeping its shape: ``None``, or a list of ``None``."""
    return [None] * len(value) if isinstance(value, list) else None


def frame_view(frame: dict[str, Any], seat: int) -> dict[str, Any]:
    """One pending step as ``seat`` sees it."""
    if frame.get("kind") == "bid":  # sealed bids: one's own, and for the others only whether they bid yet
        shown = dict(frame)
        shown["bids"] = [
            b if bidder == seat else (-1 if b < 0 else "sealed")
            for bidder, b in zip(frame["bidders"], frame["bids"], strict=True)
        ]
        return shown
    if frame.get("seat") == seat:
        return dict(frame)
    return {key: value if key in OPEN_FRAME else hidden(value) for key, value in frame.items()}


def open_figures(g: Game, seat: int) -> dict[str, Any]:
    """What the rules make of ``seat``'s open cards, for anyone to read off the table: levels per
    goods type, crew and goods against their limits, and the credits that end the game."""
    from .rules import crew_limit, end_credits, goods_limit, goods_load, levels

    return {
        "levels": levels(g, seat)[:6], "crew_limit": crew_limit(g, seat), "goods_load": goods_load(g, seat),
        "goods_limit": goods_limit(g, seat), "goal": end_credits(g, seat),
    }


def player_view(g: Game, seat: int) -> dict[str, Any]:
    """A JSON-ready picture of the table as ``seat`` sees it, with that seat's legal choices."""
    s = g.state
    check_seat(seat, s.n, g.lang)
    full = s.to_dict()
    data: dict[str, Any] = {key: full[key] for key in OPEN_TABLE}
    data["players"] = []
    for p in full["players"]:
        shown = {key: p[key] for key in OPEN_SEAT}
        shown["hand"] = p["hand"] if p["seat"] == seat else []
        shown["hand_size"] = len(p["hand"])
        shown.update(open_figures(g, p["seat"]))
        data["players"].append(shown)
    data["deck"] = []
    data["deck_size"] = len(s.deck)
    data["deck_top"] = s.deck[-1] if s.deck and s.marks.get("deck_face_up") else None  # a face-up deck
    data["discard"] = []
    data["discard_top"] = s.discard[-1] if s.discard else None
    data["discard_size"] = len(s.discard)
    data["stack"] = [frame_view(frame, seat) for frame in full["stack"]]
    data["seat"] = seat
    data["deciders"] = g.deciders()
    data["legal"] = [str(a) for a in g.legal_actions(seat)]
    return data


def public_view(g: Game) -> dict[str, Any]:
    """What everybody at the table may see, as no seat in particular (a projector's table): the same
    open lists as :func:`player_view`, every hand as its size only, every pending step's keys kept to
    its own seat hidden, every sealed bid as "sealed" (or -1 while not made), and no legal choices."""
    s = g.state
    full = s.to_dict()
    data: dict[str, Any] = {key: full[key] for key in OPEN_TABLE}
    data["players"] = []
    for p in full["players"]:
        shown = {key: p[key] for key in OPEN_SEAT}
        shown["hand"] = []
        shown["hand_size"] = len(p["hand"])
        shown.update(open_figures(g, p["seat"]))
        data["players"].append(shown)
    data["deck"] = []
    data["deck_size"] = len(s.deck)
    data["deck_top"] = s.deck[-1] if s.deck and s.marks.get("deck_face_up") else None
    data["discard"] = []
    data["discard_top"] = s.discard[-1] if s.discard else None
    data["discard_size"] = len(s.discard)
    data["stack"] = [public_frame(frame) for frame in full["stack"]]
    data["seat"] = None
    data["deciders"] = g.deciders()
    data["legal"] = []
    return data


def public_frame(frame: dict[str, Any]) -> dict[str, Any]:
    """One pending step as everybody sees it (no seat's own keys, no sealed bid's amount)."""
    if frame.get("kind") == "bid":
        shown = dict(frame)
        shown["bids"] = [-1 if b < 0 else "sealed" for b in frame["bids"]]
        return shown
    return {key: value if key in OPEN_FRAME else hidden(value) for key, value in frame.items()}


def hidden_from(g: Game, seat: int) -> frozenset[Hashable]:
    """What :func:`player_view` keeps from ``seat`` (fair undo compares it move by move): the cards in
    the others' hands, in the deck (but a face-up deck's top), under the discard pile's top and in a
    step's keys kept to its own seat, and the others' sealed bids (as ``("bid", bidder)``); not the
    cards its own choices name (the view lists them: a card picked from the deck is seen)."""
    s = g.state
    out: set[Hashable] = set(s.deck[:-1] if s.deck and s.marks.get("deck_face_up") else s.deck)
    out.update(s.discard[:-1])
    for p in s.players:
        if p.seat != seat:
            out.update(p.hand)
    for frame in s.stack:
        if frame.get("kind") == "bid":
            out.update(("bid", b) for b, v in zip(frame["bidders"], frame["bids"], strict=True) if b != seat and v >= 0)
        elif frame.get("seat") != seat:
            for key, value in frame.items():
                if key not in OPEN_FRAME:
                    out.update(c for c in (value if isinstance(value, list) else [value]) if isinstance(c, int) and c >= 0)
    return frozenset(out - {c for a in g.legal_actions(seat) for c in a.cards})
