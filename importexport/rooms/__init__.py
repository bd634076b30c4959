"""Rooms: one game played from many devices, its moves kept in SQLite or PostgreSQL (``docs/rooms.md``).

:class:`RoomService` opens rooms, gives seats, checks and stores moves and rebuilds positions;
:class:`Store` keeps them (SQLAlchemy Core).  This package belongs to the app layer: it uses the
protocol, the bots and the core, never the widgets.
"""

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
from .store import Store, default_url
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
