"""What the saves of both games share: the envelope (format, language, seed, the position the game
began from with its log, every choice since as text, the digest of the position reached, who
plays each seat and the table around the moves), the first checks on a file (size, text, JSON,
format, nesting) and the checked table kept around a loaded game (undo points, bots' random
state).  Each game's ``savefile`` adds its own model of the position and replays the moves.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Annotated, Any, Generic, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from .bounds import MAX_LOG, MAX_MOVES, MAX_SAVE_BYTES, MAX_SEED, MAX_TEXT, too_deep, whole_text
from .errors import SaveFileError
from .file_words import Number, reason, shown, step

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


S = TypeVar("S")


class SaveFile(BaseModel, Generic[S]):
    """A save file's shape, of either game: ``initial`` is read by the game's own state classes
    (``SaveFile[State]``); each game's ``SaveModel`` names its ``format`` and the ``version`` it reads."""

    model_config = ConfigDict(extra="forbid", strict=True)

    format: str
    version: int
    lang: Literal["en", "de"]
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)]
    initial: S
    initial_log: Annotated[list[tuple[Annotated[int, Field(ge=0)], Role, dict[str, Any]]], Field(max_length=MAX_LOG)]
    actions: Annotated[list[Annotated[str, Field(max_length=MAX_TEXT)]], Field(max_length=MAX_MOVES)]
    digest: Annotated[str, Field(pattern=r"^[0-9a-f]{16}$")]
    seats: Annotated[list[Role], Field(max_length=6)] = []
    """Who plays each seat ("human" or a bot's name); empty if the file does not say."""
    session: SessionModel | None = None
    """The table around the moves: undo points and the bots' random state (the app writes them)."""


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

SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""A JSON escape of half a surrogate pair (a whole pair, an emoji, is fine; one half alone is not)."""
MAX_DIGITS = 40
"""Digits of a number in a save (the largest a save holds, a seed, has 20)."""


def parse(text: object, fmt: str, game: str) -> dict[str, Any]:
    """The file's JSON object, after the checks that come before anything else: its size (in
    UTF-8 bytes), its text, its JSON (no number of more than ``MAX_DIGITS`` digits, no NaN or
    Infinity, no field twice in one object), its ``"format"`` (``fmt``; ``game`` names it in the
    refusal), its depth and its strings (no lone surrogate).  Both games' saves make these checks first."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_SAVE_BYTES:
            raise SaveFileError("too_big", size=Number(len(text)), limit=Number(MAX_SAVE_BYTES))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveFileError("not_utf8") from None
    if not isinstance(text, str):
        raise SaveFileError("not_text", kind=type(text).__name__)
    if len(text) > MAX_SAVE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_SAVE_BYTES:
        raise SaveFileError("too_big", size=Number(len(text.encode("utf-8", "surrogatepass"))), limit=Number(MAX_SAVE_BYTES))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate in the text itself
        raise SaveFileError("save_surrogate") from None
    try:
        raw = json.loads(text, parse_int=_whole, parse_constant=_no_constant, object_pairs_hook=_object)
    except json.JSONDecodeError as exc:
        raise SaveFileError("not_json", line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise SaveFileError("save_too_deep") from None
    if not isinstance(raw, dict) or raw.get("format") != fmt:
        raise SaveFileError("wrong_format", game=game)
    if too_deep(raw):
        raise SaveFileError("save_too_deep")
    if SURROGATE_ESCAPE.search(text) and not whole_text(raw):  # (only an escape can make one now)
        raise SaveFileError("save_surrogate")
    return raw


def _whole(digits: str) -> int:
    """A JSON whole number, refused beyond ``MAX_DIGITS`` digits (before Python converts it)."""
    n = len(digits.lstrip("-"))
    if n > MAX_DIGITS:
        raise SaveFileError("json_digits", n=Number(n), limit=MAX_DIGITS)
    return int(digits)


def _no_constant(word: str) -> Any:
    raise SaveFileError("json_constant", word=word)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object; a field named twice is refused (JSON readers differ on which one counts)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise SaveFileError("json_twice", name=shown(key))
        out[key] = value
    return out


def damage(err: Any, model: type[BaseModel] | None = None) -> SaveFileError:
    """One pydantic complaint as the project's sentence naming the place in the file."""
    where = ".".join(step(part) for part in err["loc"])
    return SaveFileError("damaged", where=where, reason=reason(err, model))


def moves_break(step: int, move: str, why: Any) -> SaveFileError:
    """A saved move that cannot be made (``why``: the refusal, told in any language)."""
    return SaveFileError("moves_break", step=step, move=shown(move), why=why)


def read_session(g: Any, seats: list[str], session: SessionModel | None) -> SessionSave | None:
    """The table kept around a loaded game's moves (either game), once checked against the game:
    undo points that are people's moves, in order, and random states of bots at this table."""
    if session is None:
        return None
    marks = session.marks
    if any(b <= a for a, b in zip(marks, marks[1:])) or (marks and marks[-1] >= len(g.history)):
        raise SaveFileError("undo_order")
    if seats and any(seats[g.history[m].player] != "human" for m in marks):
        raise SaveFileError("undo_person")
    bots: dict[int, list[int]] = {}
    for bot in session.bots:
        if bot.seat >= g.state.n or bot.seat in bots or (seats and seats[bot.seat] == "human"):
            raise SaveFileError("bot_seat", seat=bot.seat + 1)
        if bot.state[-1] > MT_WORDS - 1 or not any(bot.state[:-1]):
            raise SaveFileError("bot_state", seat=bot.seat + 1)
        bots[bot.seat] = list(bot.state)
    return SessionSave(list(marks), bots)
