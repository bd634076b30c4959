"""What the saves of both games share: the envelope (format, language, seed, the position the game
began from with its log, every choice since as text, the digest of the position reached, who
plays each seat and the table around the moves), the first checks on a file (size, text, JSON,
format, nesting) and the checked table kept around a loaded game (undo points, bots' random
state).  Each game's ``savefile`` adds its own model of the position and replays the moves.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Annotated, Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from .bounds import MAX_MOVES, MAX_SAVE_BYTES, MAX_TEXT, too_deep
from .errors import SaveFileError

Role = Annotated[str, Field(min_length=1, max_length=MAX_TEXT)]
MT_WORDS = 625
"""A bot's random source (Python's Mersenne Twister) is 624 words and a position."""


class BotRandom(BaseModel):
    """One bot's random source, so a loaded game's bots go on choosing as they would have."""

    model_config = ConfigDict(extra="forbid", strict=True)

    seat: Annotated[int, Field(ge=0, le=5)]
    state: Annotated[list[Annotated[int, Field(ge=0, le=2**32 - 1)]], Field(min_length=MT_WORDS, max_length=MT_WORDS)]


class SessionModel(BaseModel):
    """The table around the moves: where each person's move began (what Undo goes back to) and the
    bots' random sources."""

    model_config = ConfigDict(extra="forbid", strict=True)

    marks: Annotated[list[Annotated[int, Field(ge=0)]], Field(max_length=MAX_MOVES)]
    bots: Annotated[list[BotRandom], Field(max_length=6)] = []


@dataclass
class SessionSave:
    """What :class:`~importexport.session.Session` keeps beyond the game: the history length before
    each person's move (oldest first) and each bot's random state (seat -> 625 whole numbers)."""

    marks: list[int] = field(default_factory=list)
    bots: dict[int, list[int]] = field(default_factory=dict)


class Position(Protocol):
    """A game's state that can write itself as plain data (either game's ``State``)."""

    def to_dict(self) -> dict[str, Any]: ...


def digest(state: Position) -> str:
    """A short fingerprint of a position, stored in a save to detect a changed file (both games)."""
    return hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True).encode()).hexdigest()[:16]


def envelope(g: Any, fmt: str, version: int, seats: list[str] | None = None,
             session: SessionSave | None = None) -> dict[str, Any]:
    """What every save holds, of either game: its format, language and seed, the position it began
    from with its log, every choice since as text, the digest of the position reached, and (if given)
    who plays each seat and the table around the moves (``session``: undo points, bots' random state)."""
    data: dict[str, Any] = {
        "format": fmt, "version": version, "lang": g.lang, "seed": g.seed,
        "initial": g.initial.to_dict(), "initial_log": [list(e) for e in g._initial_log],
        "actions": [str(a) for a in g.history], "digest": digest(g.state),
    }
    if seats:
        if len(seats) != g.state.n:
            raise ValueError(f"{len(seats)} seat roles given for a {g.state.n}-player game")
        data["seats"] = list(seats)
    if session is not None:
        data["session"] = {"marks": list(session.marks),
                           "bots": [{"seat": seat, "state": list(st)} for seat, st in sorted(session.bots.items())]}
    return data


# --- reading ---------------------------------------------------------------------------------

def parse(text: object, fmt: str, game: str) -> dict[str, Any]:
    """The file's JSON object, after the checks that come before anything else: its size, its
    text, its JSON, its ``"format"`` (``fmt``; ``game`` names it in the refusal) and its depth.
    Both games' saves make these checks first."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_SAVE_BYTES:
            raise SaveFileError(too_big(len(text)))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveFileError("not a saved game: the file is not text (UTF-8)") from None
    if not isinstance(text, str):
        raise SaveFileError(f"not a saved game: expected the file's text, not {type(text).__name__}")
    if len(text) > MAX_SAVE_BYTES:
        raise SaveFileError(too_big(len(text.encode("utf-8", "replace"))))
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"not a saved game: the file is not valid JSON ({exc})") from None
    except RecursionError:
        raise SaveFileError(too_deep_text()) from None
    if not isinstance(raw, dict) or raw.get("format") != fmt:
        raise SaveFileError(f"not a saved game of {game} (the 'format' field is missing or wrong)")
    if too_deep(raw):
        raise SaveFileError(too_deep_text())
    return raw


def too_big(size: int) -> str:
    return f"the file is too large for a saved game ({size:,} bytes; at most {MAX_SAVE_BYTES:,})"


def too_deep_text() -> str:
    return "the file is nested too deeply for a saved game (lists or objects inside each other)"


def damage(err: Any) -> str:
    """One pydantic complaint as a sentence naming the place in the file."""
    where = ".".join(str(p) for p in err["loc"])
    found = err.get("input")
    if err["type"] == "union_tag_invalid":
        return f"the saved game is damaged at '{where}': a pending step of an unknown kind {found.get('kind')!r}"
    if err["type"] == "union_tag_not_found":
        return f"the saved game is damaged at '{where}': a pending step without its 'kind'"
    value = repr(found)
    shown = f" (found {value[:40]}{'...' if len(value) > 40 else ''})" if not isinstance(found, (dict, list)) else ""
    return f"the saved game is damaged at '{where}': {err['msg']}{shown}"


def read_session(g: Any, seats: list[str], session: SessionModel | None) -> SessionSave | None:
    """The table kept around a loaded game's moves (either game), once checked against the game:
    undo points that are people's moves, in order, and random states of bots at this table."""
    if session is None:
        return None
    marks = session.marks
    if any(b <= a for a, b in zip(marks, marks[1:])) or (marks and marks[-1] >= len(g.history)):
        raise SaveFileError("the saved undo points are not moves of the game, in order")
    if seats and any(seats[g.history[m].player] != "human" for m in marks):
        raise SaveFileError("the saved undo points name a move that was not a person's")
    bots: dict[int, list[int]] = {}
    for bot in session.bots:
        if bot.seat >= g.state.n or bot.seat in bots or (seats and seats[bot.seat] == "human"):
            raise SaveFileError(f"the saved random state names seat {bot.seat + 1}, which is no bot of this game")
        if bot.state[-1] > MT_WORDS - 1 or not any(bot.state[:-1]):
            raise SaveFileError(f"the saved random state of the bot at seat {bot.seat + 1} is damaged")
        bots[bot.seat] = list(bot.state)
    return SessionSave(list(marks), bots)
