"""Rooms: one game played from many devices, its moves kept in SQLite or PostgreSQL (``docs/rooms.md``).

:class:`RoomService` opens rooms, gives seats, checks and stores moves and rebuilds positions;
:class:`Store` keeps them (SQLAlchemy Core).  This package belongs to the app layer: it uses the
protocol, the bots and the core, never the widgets.
"""

from typing import Any

from .service import (
    ALPHABET,
    CODE_LENGTH,
    PERSON,
    UNDO,
    Changes,
    Move,
    Opened,
    Room,
    RoomService,
    Seat,
    normal_code,
    undo_refusal,
)
from .words import BadMoveNumber, MovedOn, NoSuchRoom, RoomEnded, RoomError, RoomSetupError, SeatRefused, StoreError

__all__ = [
    "ALPHABET",
    "CODE_LENGTH",
    "PERSON",
    "UNDO",
    "Changes",
    "Move",
    "Opened",
    "Room",
    "RoomService",
    "Seat",
    "normal_code",
    "undo_refusal",
    "Store",
    "default_url",
    "BadMoveNumber",
    "MovedOn",
    "NoSuchRoom",
    "RoomEnded",
    "RoomError",
    "RoomSetupError",
    "SeatRefused",
    "StoreError",
]


def __getattr__(name: str) -> Any:
    """``Store`` and ``default_url`` from :mod:`.store`, imported when first asked for: SQLAlchemy is
    loaded by the first store opened, not by every page that only shows the rooms' row."""
    if name in ("Store", "default_url"):
        from . import store

        return getattr(store, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
