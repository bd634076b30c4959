"""The sentences of the rooms (the catalog's table ``rooms``) and their typed errors.

Every refusal of the room service and every fault of the store is a :class:`RoomError` holding a
message key and its details; ``str(error)`` is the English, ``error.text(lang)`` the sentence in
``lang``.  No library's wording of an error reaches a person: a database fault is told by what kind
of fault it is (unreachable, busy, of another shape), never by the driver's message.
"""

from __future__ import annotations

from typing import Any

from ..catalog import Table
from ..errors import ImportExportError

ROOMS = Table(
    "rooms",
    {
        "bad_code": "'{code}' is no room code: a code has {n} characters from {alphabet}.",
        "unknown_room": "There is no room {code}: check the code, or ask whoever opened the room for it.",
        "closed": "Room {code} is closed: its opener ended it.",
        "expired_hours": (
            "Room {code} has expired: nobody played in it for {n} hour.",
            "Room {code} has expired: nobody played in it for {n} hours.",
        ),
        "expired_minutes": (
            "Room {code} has expired: nobody played in it for {n} minute.",
            "Room {code} has expired: nobody played in it for {n} minutes.",
        ),
        "unknown_game": "There is no game '{game}' to open a room for: the games are {games}.",
        "bad_options": "These settings do not start a game of {game}: {reason}",
        "bad_setting": "The room's setting '{name}' {reason}.",
        "seat_count": "A room of {game} has {lo} to {hi} seats, not {n}.",
        "seat_kind": "Seat {seat} is neither a person nor one of the bots ({bots}): '{kind}'.",
        "no_person": "A room needs at least one seat for a person.",
        "no_seat": "Room {code} has no seat {seat}.",
        "bot_seat": "Seat {seat} of room {code} is played by a bot.",
        "seat_taken": "Seat {seat} of room {code} is taken: choose a free seat.",
        "no_free_seat": "Room {code} has no free seat left.",
        "bad_token": "This device holds no seat in room {code}: take a free seat first.",
        "not_opener": "Only the person who opened room {code} can do that.",
        "not_started": "The game in room {code} has not started yet.",
        "started": "The game in room {code} has already started.",
        "over": "The game in room {code} is over.",
        "not_your_seat": "That choice belongs to seat {other}; this device holds seat {seat}.",
        "bad_number": "{value} is no move number: a move number is a whole number from 0 on.",
        "moved_on": "The table moved on: another move came first. Here is the new position.",
        "undo_nothing": "This device has made no move in room {code} that it could take back.",
        "undo_other": "Someone has moved since this device's last move in room {code}: that move stays made.",
        "undo_revealed": "This device's last move in room {code} brought something hidden to light (a card, a bid, a draw): it stays made.",
        "unreachable": "The room store at {where} cannot be reached: check that its database runs and the address is right.",
        "locked": "The room store at {where} is busy (another program holds it locked): try again in a moment.",
        "schema": "The room store at {where} holds tables of another shape: it is no room store of this version.",
        "damaged": "Room {code} holds a record this version cannot read ({what}).",
        "store_fault": "The room store at {where} refused the request ({what}): the room is unchanged.",
        "bad_url": "'{url}' is no address of a room store: give a file path, sqlite:///FILE or postgresql://HOST/DATABASE.",
    },
)


class RoomError(ImportExportError, ValueError):
    """A refusal of the room service or a fault of its store, told by a message of :data:`ROOMS`.

    ``key`` names the message, ``details`` fill it in.  Nothing was changed in the store."""

    def __init__(self, key: str, /, **details: Any) -> None:
        self.key = key
        self.details = details
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The sentence in ``lang`` (a language without a catalog gives the English)."""
        from ..file_words import told

        return ROOMS.format(self.key, lang, **{name: told(value, lang) for name, value in self.details.items()})


class NoSuchRoom(RoomError):
    """A code that names no room, or not in the form of a code."""


class RoomEnded(RoomError):
    """A room closed by its opener or expired."""


class SeatRefused(RoomError):
    """A seat taken or not there, a token that holds no seat, a move for another seat, an opener's
    right asked by someone else."""


class MovedOn(RoomError):
    """Another move took this move number first: reload the position and decide again."""


class BadMoveNumber(RoomError):
    """A move number that is no whole number from 0 on (``at`` of a move, ``n`` of the changes asked for)."""


class RoomSetupError(RoomError):
    """Settings that open no room: an unknown game, options or seats the game does not take."""


class StoreError(RoomError):
    """The database: unreachable, locked, of another shape, or a record it cannot read."""
