"""The room service: one game played from many devices, its moves kept in a :class:`~.store.Store`.

A person *opens* a room (a game, its options as the new-game screen gives them, each seat a person
or a bot) and gets a short code and an opener's token.  Devices *take* a free person's seat and get
a seat token (kept by the browser; the store keeps only its SHA-256).  The opener *starts* the
game, giving any seat still free to a bot.  :meth:`RoomService.move` checks that the token holds the
seat the choice is for, checks the choice with the referee (the same refusals as at one table) and
appends it under the next move number: two devices moving at once, one is taken and the other is
told :class:`~.words.MovedOn`.  :meth:`RoomService.position` rebuilds the game from its stored
moves (each one applied, so checked, again), kept per process and brought up to date by the moves
added since.  Each seat sees only what the referee's ``view`` gives it.

>>> service = RoomService(":memory:")
>>> opened = service.open("portroyal", {"mode": "base"}, ["person", "random"], seed=3)
>>> seat, token = service.take_seat(opened.code)
>>> service.start(opened.code, opened.opener).state
'playing'
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ..bots import make_bot
from ..bots.registry import BOTS
from ..file_words import reason
from ..protocol import GAMES, GameProtocol, came_to_light, table_kit
from .options import option_model
from .words import BadMoveNumber, MovedOn, NoSuchRoom, RoomEnded, RoomError, RoomSetupError, SeatRefused, StoreError

if TYPE_CHECKING:  # (the store, and SQLAlchemy with it, is imported when a service is made: see RoomService)
    from .store import MoveRow, RoomRow, Store

ALPHABET = "ACDEFHJKMNPRTWXY3479"
"""The characters of a room code: none that reads like another (no 0/O/Q, 1/I/L, 2/Z, 5/S, 6/G,
8/B, U/V)."""
CODE_LENGTH = 6
PERSON = "person"
TTL = 12 * 3600.0
"""Seconds a room may be left alone (no seat taken, no move) before it expires."""
UNDO = "undo"
"""A stored record that takes back the move before it (see :meth:`RoomService.undo`)."""


@dataclass(frozen=True)
class Seat:
    seat: int
    kind: str
    """``"person"`` or a bot's name."""
    taken: bool
    """A person's seat held by a device (a bot's seat is never free)."""


@dataclass(frozen=True)
class Room:
    """What anyone with the code may know of a room (no token, no hash of one)."""

    code: str
    game: str
    options: dict[str, Any]
    players: int
    seed: int
    state: str
    ended: str | None
    version: int
    moves: int
    created: float
    touched: float
    seats: tuple[Seat, ...]

    def free(self) -> list[int]:
        """The person's seats no device holds yet."""
        return [s.seat for s in self.seats if s.kind == PERSON and not s.taken]


@dataclass(frozen=True)
class Opened:
    code: str
    opener: str
    """The opener's token: start and close the room with it (kept by the opener's browser)."""


@dataclass(frozen=True)
class Move:
    """A move as anyone may know of it: its number, its seat and when (the choice itself may be secret,
    as a sealed bid is: read the position through :meth:`RoomService.view`)."""

    number: int
    seat: int
    time: float
    undo: bool = False
    """The record takes back the seat's last move (:meth:`RoomService.undo`)."""


@dataclass
class Played:
    """A process's copy of a room's game and how many of its stored records it has applied (a move or
    an undo each: the next record's number)."""

    game: GameProtocol
    records: int


@dataclass(frozen=True)
class Changes:
    room: Room
    moves: tuple[Move, ...]
    """The moves from the number asked for on."""


def normal_code(code: object) -> str:
    """A code as typed (any case, spaces or dashes between) in its stored form; else :class:`NoSuchRoom`."""
    text = "".join(str(code).split()).replace("-", "").upper() if isinstance(code, str) else ""
    if len(text) != CODE_LENGTH or any(c not in ALPHABET for c in text):
        shown = code if isinstance(code, str) and len(code) <= 40 else type(code).__name__
        raise NoSuchRoom("bad_code", code=shown, n=CODE_LENGTH, alphabet=ALPHABET)
    return text


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)


def digest(token: object) -> str:
    """The SHA-256 of a token, as stored; a token that is no short text has the digest of nothing."""
    text = token if isinstance(token, str) and len(token) <= 200 else ""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def same(held: str | None, token: object) -> bool:
    return held is not None and isinstance(token, str) and hmac.compare_digest(held, digest(token))


class RoomService:
    """Rooms in one store.  ``store``: a :class:`Store` or its URL (``None``: the default file);
    ``ttl``: seconds a room may be left alone; ``clock``: the time (for tests)."""

    def __init__(
        self, store: Store | str | None = None, *, ttl: float = TTL, clock: Callable[[], float] = time.time
    ) -> None:
        from .store import Store  # (SQLAlchemy costs a page's kernel about 0.15 s of CPU: not before a room is used)

        self.store = store if isinstance(store, Store) else Store(store)
        self.ttl = ttl
        self.clock = clock
        self._games: dict[str, Played] = {}
        self._lock = threading.RLock()
        self._local = threading.local()

    # --- opening and seats ----------------------------------------------------------------------

    def open(
        self, game: str, options: Mapping[str, Any] | None, seats: Sequence[str], seed: int | None = None
    ) -> Opened:
        """Open a room: ``seats`` are ``"person"`` or a bot's name, one per seat."""
        if not isinstance(game, str) or game not in GAMES.ids():
            raise RoomSetupError("unknown_game", game=str(game)[:40], games=", ".join(GAMES.ids()))
        kind = GAMES[game]
        lo, hi = kind.players
        if not isinstance(seats, Sequence) or isinstance(seats, str) or not lo <= len(seats) <= hi:
            n = len(seats) if isinstance(seats, Sequence) else 0
            raise RoomSetupError("seat_count", game=kind.name, lo=lo, hi=hi, n=n)
        for i, s in enumerate(seats):
            if s != PERSON and s not in BOTS:
                raise RoomSetupError("seat_kind", seat=i + 1, bots=", ".join(BOTS), kind=str(s)[:40])
        if PERSON not in seats:
            raise RoomSetupError("no_person")
        chosen = self._options(game, options)
        seed = secrets.randbelow(2**63) if seed is None else seed
        try:
            kind.new(players=len(seats), seed=seed, lang="en", **chosen)
        except (ValueError, TypeError, KeyError):
            raise RoomSetupError(
                "bad_options", game=kind.name, reason=_refusal(kind.new, len(seats), seed, chosen)
            ) from None
        opener = new_token()
        now = self.clock()
        text = option_model(kind)(**chosen).model_dump_json()
        from .store import RoomRow, SeatRow

        while True:
            code = new_code()
            row = RoomRow(
                code,
                game,
                text,
                len(seats),
                str(seed),
                digest(opener),
                "open",
                None,
                0,
                0,
                now,
                now,
                None,
                tuple(SeatRow(i, s, None) for i, s in enumerate(seats)),
            )
            if self.store.add_room(row):
                return Opened(code, opener)

    def _options(self, game: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
        model = option_model(GAMES[game])
        try:
            return model.model_validate(dict(options or {})).model_dump()
        except ValidationError as e:
            err = e.errors()[0]
            name = ".".join(str(part) for part in err["loc"]) or "?"
            raise RoomSetupError("bad_setting", name=name, reason=reason(err, model)) from None
        except (TypeError, ValueError):
            raise RoomSetupError(
                "bad_setting", name="?", reason=reason({"type": "dict_type", "input": options})
            ) from None

    def room(self, code: str) -> Room:
        """The room of ``code`` as anyone may see it; :class:`NoSuchRoom` or :class:`RoomEnded`."""
        return self._public(self._row(code))

    def _row(self, code: object, *, ended_ok: bool = False) -> RoomRow:
        key = normal_code(code)
        row = self.store.room(key)
        if row is None:
            raise NoSuchRoom("unknown_room", code=key)
        if row.state != "closed" and row.touched + self.ttl < self.clock():
            self.store.set_state(key, "closed", self.clock(), expect=row.state, ended="expired")
            row = self.store.room(key) or row
        if row.state == "closed" and not ended_ok:
            if row.ended == "expired":
                hours = self.ttl >= 7200
                n = max(1, round(self.ttl / 3600 if hours else self.ttl / 60))
                raise RoomEnded("expired_hours" if hours else "expired_minutes", code=key, n=n)
            raise RoomEnded("closed", code=key)
        return row

    def _public(self, row: RoomRow) -> Room:
        try:
            options = option_model(GAMES[row.game]).model_validate_json(row.options).model_dump()
            seed = int(row.seed)
        except (KeyError, ValidationError, ValueError):
            raise StoreError("damaged", code=row.code, what="options") from None
        return Room(
            row.code,
            row.game,
            options,
            row.players,
            seed,
            row.state,
            row.ended,
            row.version,
            row.moves,
            row.created,
            row.touched,
            tuple(Seat(s.seat, s.kind, s.holder is not None) for s in row.seats),
        )

    def take_seat(self, code: str, seat: int | None = None) -> tuple[int, str]:
        """Take a free person's seat (``None``: the first free one): ``(seat, token)``."""
        row = self._row(code)
        if row.state != "open":
            raise SeatRefused("started", code=row.code)
        free = [s.seat for s in row.seats if s.kind == PERSON and s.holder is None]
        if seat is None:
            if not free:
                raise SeatRefused("no_free_seat", code=row.code)
            seat = free[0]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < row.players:
            raise SeatRefused("no_seat", code=row.code, seat=_shown_seat(seat))
        if row.seats[seat].kind != PERSON:
            raise SeatRefused("bot_seat", code=row.code, seat=seat + 1)
        token = new_token()
        if not self.store.take_seat(row.code, seat, digest(token), self.clock()):
            raise SeatRefused("seat_taken", code=row.code, seat=seat + 1)
        return seat, token

    def seat_of(self, code: str, token: object) -> int:
        """The seat ``token`` holds in the room (a device coming back); else :class:`SeatRefused`."""
        return self._seat(self._row(code, ended_ok=True), token)

    def _seat(self, row: RoomRow, token: object) -> int:
        for s in row.seats:
            if same(s.holder, token):
                return s.seat
        raise SeatRefused("bad_token", code=row.code)

    def _opener(self, row: RoomRow, token: object) -> None:
        if not same(row.opener, token):
            raise SeatRefused("not_opener", code=row.code)

    def start(self, code: str, opener: str, bot: str = "heuristic") -> Room:
        """Start the game (the opener only): every person's seat still free gets bot ``bot``."""
        row = self._row(code)
        self._opener(row, opener)
        if bot not in BOTS:
            raise RoomSetupError("seat_kind", seat="-", bots=", ".join(BOTS), kind=str(bot)[:40])
        if row.state != "open":
            raise SeatRefused("started", code=row.code)
        bots = [(s.seat, bot) for s in row.seats if s.kind == PERSON and s.holder is None]
        if not self.store.set_state(row.code, "playing", self.clock(), expect="open", bots=bots):
            raise SeatRefused("started", code=row.code)
        return self.room(row.code)

    def close(self, code: str, opener: str) -> None:
        """Close the room (the opener only): nobody moves in it any more."""
        row = self._row(code)
        self._opener(row, opener)
        self.store.set_state(row.code, "closed", self.clock(), ended="opener")
        with self._lock:
            self._games.pop(row.code, None)

    def expire(self) -> list[str]:
        """Close every room left alone longer than the ``ttl``; their codes."""
        now = self.clock()
        codes = self.store.stale(now - self.ttl)
        return [c for c in codes if self.store.set_state(c, "closed", now, ended="expired")]

    # --- the game -------------------------------------------------------------------------------

    def _new_game(self, row: RoomRow) -> GameProtocol:
        room_options = option_model(GAMES[row.game]).model_validate_json(row.options).model_dump()
        return GAMES[row.game].new(players=row.players, seed=int(row.seed), lang="en", **room_options)

    def _game(self, row: RoomRow) -> Played:
        """The room's game at its stored position (the process's copy, brought up to date by the records
        stored since: each move applied, so checked, again; each undo taking back the move before)."""
        with self._lock:
            played = self._games.get(row.code)
            if played is None:
                try:
                    played = Played(self._new_game(row), 0)
                except (ValueError, TypeError, KeyError):
                    raise StoreError("damaged", code=row.code, what="options") from None
                self._games[row.code] = played
            for m in self.store.moves(row.code, played.records) if played.records < row.moves else ():
                if m.number != played.records or not self._replay(row, played.game, m):
                    self._games.pop(row.code, None)
                    raise StoreError("damaged", code=row.code, what=f"move {m.number}")
                played.records += 1
            if played.records < row.moves:
                self._games.pop(row.code, None)
                raise StoreError("damaged", code=row.code, what=f"move {played.records}")
            return played

    @staticmethod
    def _replay(row: RoomRow, g: GameProtocol, m: MoveRow) -> bool:
        """Apply stored record ``m`` to ``g``; ``False`` if the referee refuses it (or an undo takes
        back no move of its seat)."""
        try:
            if m.action != UNDO:
                g.apply(GAMES[row.game].parse(m.action))
            elif g.history and g.history[-1].player == m.seat:
                g.undo(1)
            else:
                return False
        except ValueError:
            return False
        return True

    def position(self, code: str) -> GameProtocol:
        """A copy of the room's game at its stored position (the whole game: for the referee and
        the bots; a device is shown :meth:`view`)."""
        return self.position_at(code)[0]

    def position_at(self, code: str) -> tuple[GameProtocol, int]:
        """:meth:`position` and the number of records it stands at: the ``at`` of a move chosen there."""
        row = self._row(code, ended_ok=True)
        with self._lock:
            played = self._game(row)
            return played.game.copy(), played.records

    def view(self, code: str, token: str) -> dict[str, Any]:
        """What the seat held by ``token`` may see, by the referee's ``view``."""
        row = self._row(code, ended_ok=True)
        seat = self._seat(row, token)
        with self._lock:
            return self._game(row).game.view(seat)

    def move(self, code: str, token: str, action: Any, lang: str = "en", at: int | None = None) -> int:
        """Make ``action`` (a choice or its text) for the seat ``token`` holds; the number of moves
        stored after it.  ``at``: the number of moves the device saw when it chose (a table that
        has moved on since raises :class:`MovedOn`; ``None``: the choice is checked against the
        newest position).  A refused choice raises the referee's :class:`IllegalActionError` (in
        ``lang``); another device's move stored first, :class:`MovedOn`."""
        row = self._row(code)
        seat = self._seat(row, token)
        if row.state == "open":
            raise SeatRefused("not_started", code=row.code)
        if row.state == "over":
            raise SeatRefused("over", code=row.code)
        if at is not None:
            move_number(at)
        return self._append(row, seat, action, lang, at)

    def _append(self, row: RoomRow, seat: int, action: Any, lang: str, at: int | None) -> int:
        with self._lock:
            played = self._game(row)
            g = played.game
            if at is not None and at != played.records:
                raise MovedOn("moved_on")
            if isinstance(action, str):
                action = GAMES[row.game].parse(action)
            player = getattr(action, "player", None)
            if player != seat:
                raise SeatRefused("not_your_seat", seat=seat + 1, other=_shown_seat(player))
            number = played.records
            kept, g.lang = g.lang, lang
            try:
                g.apply(action)  # (refused: the referee's IllegalActionError, the game untouched)
            finally:
                g.lang = kept
            text = str(g.history[-1])
            self._store(row, played, seat, text, over=g.is_over())
            return number + 1

    def _store(self, row: RoomRow, played: Played, seat: int, text: str, over: bool = False) -> None:
        """Append record ``text`` (a move already applied to ``played``, or :data:`UNDO`) under the next number."""
        try:
            self.store.append(row.code, played.records, seat, text, self.clock(), over=over)
        except RoomError:
            self._games.pop(row.code, None)  # (the next look rebuilds it from the store)
            raise
        played.records += 1

    # --- undo -----------------------------------------------------------------------------------

    def undo_refusal(self, code: str, token: str) -> str | None:
        """Why the seat ``token`` holds cannot take back its last move now (a key of the rooms'
        sentences), or ``None``: it can."""
        row = self._row(code, ended_ok=True)
        seat = self._seat(row, token)
        with self._lock:
            return undo_refusal(self._game(row).game, seat, row.state)

    def undo(self, code: str, token: str, at: int | None = None) -> int:
        """Take back the last move of the seat ``token`` holds: only that seat's own move, only while
        nobody has moved since and nothing hidden came to light (a card drawn or shown, a bid opened:
        every seat has its own screen, so the mover's own cards count too).  The move stays in the
        store; an undo record is appended after it (under the next number: a move of another device
        stored first wins, and the undo is refused), and every process's replay takes the move back.
        ``at`` as for :meth:`move`.  The number of records stored after it; refused:
        :class:`SeatRefused` (``undo_*``) or :class:`MovedOn`."""
        row = self._row(code)
        seat = self._seat(row, token)
        if at is not None:
            move_number(at)
        with self._lock:
            played = self._game(row)
            if at is not None and at != played.records:
                raise MovedOn("moved_on")
            refusal = undo_refusal(played.game, seat, row.state)
            if refusal is not None:
                raise SeatRefused(refusal, code=row.code)
            self._store(row, played, seat, UNDO)
            played.game.undo(1)
            return played.records

    def changes_since(self, code: str, n: int) -> Changes:
        """The room now and its moves from number ``n`` on (for a device polling)."""
        row = self._row(code, ended_ok=True)
        moves = tuple(
            Move(m.number, m.seat, m.time, m.action == UNDO)
            for m in self.store.moves(row.code, min(move_number(n), 2**31 - 1))
        )
        return Changes(self._public(row), moves)

    def wait(self, code: str, version: int, timeout: float = 1.0) -> int:
        """The room's version once it is above ``version``, or after ``timeout`` seconds (the change
        notification: SQLite's change counter, PostgreSQL's NOTIFY)."""
        key = normal_code(code)
        watcher = getattr(self._local, "watcher", None)
        if watcher is None:
            watcher = self._local.watcher = self.store.watcher()
        found = watcher.wait(key, version, timeout)
        if found is None:
            raise NoSuchRoom("unknown_room", code=key)
        return found

    # --- bots -----------------------------------------------------------------------------------

    def bot_seats(self, code: str) -> list[int]:
        """The bot seats asked to decide now."""
        row = self._row(code)
        if row.state != "playing":
            return []
        with self._lock:
            deciders = self._game(row).game.deciders()
        return [s for s in deciders if row.seats[s].kind != PERSON]

    def run_bots(self, code: str, limit: int = 10_000) -> int:
        """Let the room's bots decide while one is asked; how many moves this process stored.  Any
        process may run them: each bot move is stored once, under its move number (a process that
        comes second reloads and goes on from the new position)."""
        made = 0
        while made < limit:
            row = self._row(code)
            if row.state != "playing":
                break
            with self._lock:
                played = self._game(row)
                g = played.game
                seats = [s for s in g.deciders() if row.seats[s].kind != PERSON]
                if not seats:
                    break
                seat = seats[0]
                number = played.records
                bot = make_bot(row.seats[seat].kind, _bot_seed(row.seed, number, seat), row.game)
                choice = bot.choose(g.copy(), seat)
                try:
                    self._append(row, seat, choice, "en", number)
                except MovedOn:
                    continue
            made += 1
        return made


def undo_refusal(g: GameProtocol, seat: int, state: str = "playing") -> str | None:
    """Why ``seat`` cannot take back its last move in a room's game ``g`` (see :meth:`RoomService.undo`),
    a key of the rooms' sentences, or ``None``; ``state``: the room's."""
    if state == "open":
        return "not_started"
    if state != "playing" or g.is_over():
        return "over"
    if not any(a.player == seat for a in g.history):
        return "undo_nothing"
    if g.history[-1].player != seat:
        return "undo_other"
    if came_to_light(g, table_kit(g), len(g.history) - 1, everyone=True):
        return "undo_revealed"
    return None


def move_number(n: object) -> int:
    """``n`` if it is a whole number from 0 on (a move number); else :class:`BadMoveNumber`."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise BadMoveNumber("bad_number", value=str(n)[:40] if not isinstance(n, str) else repr(n[:40]))
    return n


def _bot_seed(seed: str, number: int, seat: int) -> int:
    """A bot's seed for one move: the same in every process, so any process's bot chooses alike."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{number}:{seat}".encode()).digest()[:8], "big")


def _shown_seat(seat: object) -> object:
    return seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else str(seat)[:20]


def _refusal(
    new: Callable[..., GameProtocol], players: int, seed: int, options: dict[str, Any]
) -> Callable[[str], str]:
    """The referee's refusal of these settings, in a language (a detail told when the sentence is)."""

    def told(lang: str) -> str:
        try:
            new(players=players, seed=seed, lang=lang, **options)
        except (ValueError, TypeError, KeyError) as e:
            return str(e)
        return ""

    return told
