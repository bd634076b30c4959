"""The rooms' store: two tables in SQLite (the default, a file under the user's data folder) or
PostgreSQL (given by a URL), through SQLAlchemy Core.

``rooms`` holds one row per room (its code, the game and its options, the seed, its state and
times, a version that grows with every change), ``seats`` one row per seat (a person or a bot, and
the SHA-256 of the token of the device that holds it: never the token), ``moves`` the game's choices
in their saved text form with a move number unique per room.  Two devices that append the same
move number at the same moment: the database takes exactly one, the other gets :class:`MovedOn`.

Every database fault becomes a :class:`~importexport.rooms.words.StoreError` whose sentence says
what kind of fault it is; a fault leaves the store as it was (each change is one transaction).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy import exc as sa_exc

from .words import MovedOn, RoomError, StoreError

ENV = "IMPORTEXPORT_ROOMS"
"""The environment variable naming the store (a URL or a file path) instead of the default file."""
BUSY_MS = 5000
"""How long an SQLite writer waits for another's lock before the store reports it busy."""
CHANNEL = "importexport_rooms"
"""PostgreSQL's notification channel: every change of a room notifies its code."""

META = sa.MetaData()
ROOMS = sa.Table(
    "rooms",
    META,
    sa.Column("code", sa.String(12), primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.String(24), nullable=False),  # (up to 2**64 - 1: more than a BIGINT holds)
    sa.Column("opener", sa.String(64), nullable=False),
    sa.Column("state", sa.String(10), nullable=False),
    sa.Column("ended", sa.String(10)),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("moves", sa.Integer, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("touched", sa.Float, nullable=False),
    sa.Column("closed", sa.Float),
)
SEATS = sa.Table(
    "seats",
    META,
    sa.Column("room", sa.String(12), sa.ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(10), nullable=False),
    sa.Column("holder", sa.String(64)),
    sa.Column("taken", sa.Float),
)
MOVES = sa.Table(
    "moves",
    META,
    sa.Column("room", sa.String(12), sa.ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("time", sa.Float, nullable=False),
)
STATES = ("open", "playing", "over", "closed")
"""A room's states: seats being taken, the game under way, the game ended, closed (by its opener or
expired: ``ended`` says which)."""


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str
    """``"person"`` or a bot's name."""
    holder: str | None
    """The SHA-256 (hex) of the token of the device holding the seat; ``None`` while free."""


@dataclass(frozen=True)
class RoomRow:
    code: str
    game: str
    options: str
    players: int
    seed: str
    opener: str
    state: str
    ended: str | None
    version: int
    moves: int
    """How many moves are stored (the next move's number)."""
    created: float
    touched: float
    closed: float | None
    seats: tuple[SeatRow, ...]


@dataclass(frozen=True)
class MoveRow:
    number: int
    seat: int
    action: str
    time: float


def default_url() -> str:
    """``$IMPORTEXPORT_ROOMS`` if set, else an SQLite file in the user data folder
    (``~/.local/share/importexport/rooms.sqlite3`` on Linux)."""
    chosen = os.environ.get(ENV, "").strip()
    if chosen:
        return chosen
    from platformdirs import user_data_dir

    return str(Path(user_data_dir("importexport", appauthor=False)) / "rooms.sqlite3")


def normal_url(url: str) -> str:
    """A SQLAlchemy URL from what a person gives: a file path (SQLite), ``sqlite:///FILE`` or
    ``postgresql://...`` (driven by psycopg 3)."""
    text = url.strip()
    if text.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + text.split("://", 1)[1]
    if text.startswith(("postgresql+psycopg://", "sqlite://")):
        return text
    if "://" in text or not text:
        raise StoreError("bad_url", url=url)
    return "sqlite:///" + str(Path(text).expanduser())


T = TypeVar("T")

SCHEMA_LOCK = 0x69655F726F6F6D73
"""The PostgreSQL advisory lock held while the rooms' tables are made (a fixed number: "ie_rooms" in ASCII)."""
CREATE_TRIES = 3
"""How often a SQLite store tries to make its tables when another process made them meanwhile."""


class Store:
    """The rooms' tables in one database.  ``url``: see :func:`normal_url` (``None``: :func:`default_url`).

    The tables are created when missing; tables of another shape raise ``StoreError("schema")``."""

    def __init__(self, url: str | None = None, *, busy_ms: int = BUSY_MS) -> None:
        self.url = normal_url(url if url is not None else default_url())
        self.where = sa.engine.make_url(self.url).render_as_string(hide_password=True)
        self.sqlite = self.url.startswith("sqlite")
        if self.sqlite:
            database = sa.engine.make_url(self.url).database
            if database and database != ":memory:":
                try:
                    Path(database).parent.mkdir(parents=True, exist_ok=True)
                except OSError as e:
                    raise StoreError("unreachable", where=self.where) from e
            self.engine = sa.create_engine(
                self.url, connect_args={"timeout": busy_ms / 1000, "check_same_thread": False}
            )
            sa.event.listen(self.engine, "connect", lambda conn, _record: _sqlite_pragmas(conn, busy_ms))
        else:
            self.engine = sa.create_engine(self.url, pool_pre_ping=True, connect_args={"connect_timeout": 5})
        self._guard(self._create)

    def _create(self) -> None:
        # Two app servers started at once on one new database would both find the tables missing and
        # both create them; the second then failed.  On PostgreSQL a transaction-wide advisory lock lets
        # them create one after the other (the second finds the tables made); on SQLite the second's
        # CREATE meets the table just made ("already exists"), and once more it finds them all.
        for attempt in range(CREATE_TRIES):
            try:
                with self.engine.begin() as conn:
                    if not self.sqlite:
                        conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
                    META.create_all(conn)
                break
            except sa_exc.OperationalError:
                if not self.sqlite or attempt == CREATE_TRIES - 1:
                    raise
                time.sleep(0.05)
        found = sa.inspect(self.engine)
        for table in META.sorted_tables:
            have = {c["name"] for c in found.get_columns(table.name)}
            if have != {c.name for c in table.columns}:
                raise StoreError("schema", where=self.where)

    def close(self) -> None:
        self.engine.dispose()

    # --- faults ---------------------------------------------------------------------------------

    def _guard(self, fn: Callable[[], T]) -> T:
        """``fn()`` with every database fault told as a :class:`StoreError`."""
        try:
            return fn()
        except RoomError:
            raise
        except sa_exc.OperationalError as e:
            raise StoreError(self._fault(e), where=self.where) from e
        except (sa_exc.ProgrammingError, sa_exc.NoSuchTableError) as e:
            raise StoreError("schema", where=self.where) from e
        except sa_exc.SQLAlchemyError as e:
            raise StoreError("store_fault", where=self.where, what=type(e).__name__) from e

    def _fault(self, e: sa_exc.OperationalError) -> str:
        """What kind of fault: SQLite's and PostgreSQL's own codes, never the driver's wording."""
        orig = e.orig
        code = getattr(orig, "sqlite_errorname", None) or getattr(orig, "sqlstate", None) or ""
        if code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or code in ("55P03", "40P01", "40001"):
            return "locked"
        if code.startswith(("SQLITE_ERROR",)) or code.startswith("42"):
            return "schema"
        return "unreachable"

    @contextmanager
    def _begin(self) -> Iterator[sa.Connection]:
        with self.engine.begin() as conn:
            yield conn

    # --- rooms ----------------------------------------------------------------------------------

    def add_room(self, row: RoomRow) -> bool:
        """Insert a new room with its seats; ``False`` if its code is taken (the caller draws another)."""

        def run() -> bool:
            try:
                with self._begin() as conn:
                    conn.execute(
                        ROOMS.insert().values(
                            code=row.code,
                            game=row.game,
                            options=row.options,
                            players=row.players,
                            seed=row.seed,
                            opener=row.opener,
                            state=row.state,
                            ended=None,
                            version=row.version,
                            moves=0,
                            created=row.created,
                            touched=row.touched,
                            closed=None,
                        )
                    )
                    conn.execute(
                        SEATS.insert(),
                        [
                            {"room": row.code, "seat": s.seat, "kind": s.kind, "holder": s.holder, "taken": None}
                            for s in row.seats
                        ],
                    )
            except sa_exc.IntegrityError:
                return False
            return True

        return self._guard(run)

    def room(self, code: str) -> RoomRow | None:
        def run() -> RoomRow | None:
            with self.engine.connect() as conn:
                found = conn.execute(sa.select(ROOMS).where(ROOMS.c.code == code)).mappings().first()
                if found is None:
                    return None
                seats = (
                    conn.execute(sa.select(SEATS).where(SEATS.c.room == code).order_by(SEATS.c.seat)).mappings().all()
                )
            return RoomRow(
                **{k: found[k] for k in ROOMS.c.keys()},
                seats=tuple(SeatRow(s["seat"], s["kind"], s["holder"]) for s in seats),
            )

        return self._guard(run)

    def version(self, code: str) -> int | None:
        """The room's version (grows with every change of it), ``None`` if there is no such room."""

        def run() -> int | None:
            with self.engine.connect() as conn:
                return conn.execute(sa.select(ROOMS.c.version).where(ROOMS.c.code == code)).scalar()

        return self._guard(run)

    def take_seat(self, code: str, seat: int, holder: str, now: float) -> bool:
        """Give a free person's seat to ``holder``; ``False`` if it is not free (someone came first)."""

        def run() -> bool:
            with self._begin() as conn:
                done = conn.execute(
                    SEATS.update()
                    .where(
                        SEATS.c.room == code,
                        SEATS.c.seat == seat,
                        SEATS.c.kind == "person",
                        SEATS.c.holder.is_(None),
                    )
                    .values(holder=holder, taken=now)
                ).rowcount
                if done:
                    self._bump(conn, code, now)
                return bool(done)

        return self._guard(run)

    def set_state(
        self,
        code: str,
        state: str,
        now: float,
        *,
        expect: str | None = None,
        ended: str | None = None,
        bots: Sequence[tuple[int, str]] = (),
    ) -> bool:
        """Move a room to ``state`` (from ``expect`` only, if given), first giving the free seats
        ``bots`` (seat, bot name); ``False`` if the room was not in ``expect``."""

        def run() -> bool:
            with self._begin() as conn:
                where = [ROOMS.c.code == code] + ([ROOMS.c.state == expect] if expect else [])
                values: dict[str, Any] = {"state": state, "version": ROOMS.c.version + 1, "touched": now}
                if state == "closed":
                    values.update(closed=now, ended=ended)
                if not conn.execute(ROOMS.update().where(*where).values(**values)).rowcount:
                    return False
                for seat, name in bots:
                    conn.execute(
                        SEATS.update()
                        .where(SEATS.c.room == code, SEATS.c.seat == seat, SEATS.c.holder.is_(None))
                        .values(kind=name)
                    )
                self._notify(conn, code)
                return True

        return self._guard(run)

    def _bump(
        self, conn: sa.Connection, code: str, now: float, state: str | None = None, moves: int | None = None
    ) -> None:
        values: dict[str, Any] = {"version": ROOMS.c.version + 1, "touched": now}
        if state:
            values["state"] = state
        if moves is not None:
            values["moves"] = moves
        conn.execute(ROOMS.update().where(ROOMS.c.code == code).values(**values))
        self._notify(conn, code)

    def _notify(self, conn: sa.Connection, code: str) -> None:
        if not self.sqlite:
            conn.execute(sa.text("SELECT pg_notify(:channel, :code)"), {"channel": CHANNEL, "code": code})

    def stale(self, before: float) -> list[str]:
        """The codes of rooms not closed and untouched since ``before``."""

        def run() -> list[str]:
            with self.engine.connect() as conn:
                return list(
                    conn.execute(
                        sa.select(ROOMS.c.code).where(ROOMS.c.state != "closed", ROOMS.c.touched < before)
                    ).scalars()
                )

        return self._guard(run)

    def purge(self, before: float) -> int:
        """Delete the rooms closed before ``before`` with their seats and moves; how many."""

        def run() -> int:
            with self._begin() as conn:
                codes = list(
                    conn.execute(
                        sa.select(ROOMS.c.code).where(ROOMS.c.state == "closed", ROOMS.c.closed < before)
                    ).scalars()
                )
                if codes:
                    conn.execute(MOVES.delete().where(MOVES.c.room.in_(codes)))
                    conn.execute(SEATS.delete().where(SEATS.c.room.in_(codes)))
                    conn.execute(ROOMS.delete().where(ROOMS.c.code.in_(codes)))
                return len(codes)

        return self._guard(run)

    # --- moves ----------------------------------------------------------------------------------

    def append(self, code: str, number: int, seat: int, action: str, now: float, over: bool = False) -> None:
        """Append move ``number``; raise :class:`MovedOn` if the room already has it (another device
        came first).  ``over``: this move ends the game."""

        def run() -> None:
            try:
                with self._begin() as conn:
                    conn.execute(MOVES.insert().values(room=code, number=number, seat=seat, action=action, time=now))
                    self._bump(conn, code, now, "over" if over else None, number + 1)
            except sa_exc.IntegrityError as e:
                raise MovedOn("moved_on") from e

        self._guard(run)

    def moves(self, code: str, since: int = 0) -> list[MoveRow]:
        """The room's moves from number ``since`` on, in order."""

        def run() -> list[MoveRow]:
            with self.engine.connect() as conn:
                rows = conn.execute(
                    sa.select(MOVES.c.number, MOVES.c.seat, MOVES.c.action, MOVES.c.time)
                    .where(MOVES.c.room == code, MOVES.c.number >= since)
                    .order_by(MOVES.c.number)
                ).all()
            return [MoveRow(*r) for r in rows]

        return self._guard(run)

    # --- change notification ------------------------------------------------------------------

    def watcher(self) -> Watcher:
        """A watcher of this store's changes (one per thread that waits)."""
        return Watcher(self)


def _sqlite_pragmas(dbapi_conn: Any, busy_ms: int) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


class Watcher:
    """Waits for a room's version to pass a number, cheaply: SQLite's ``PRAGMA data_version`` (a
    counter that changes when another connection commits) polled on a connection of its own,
    PostgreSQL's LISTEN/NOTIFY.  Each signal is checked against the room's version."""

    POLL = 0.02
    """Seconds between two looks at SQLite's change counter."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._conn: Any = None

    def _open(self) -> Any:
        if self._conn is None:
            self._conn = self.store._guard(self._connect)
        return self._conn

    def _connect(self) -> Any:
        if self.store.sqlite:
            return self.store.engine.connect()
        import psycopg

        url = sa.engine.make_url(self.store.url).set(drivername="postgresql")
        conn = psycopg.connect(url.render_as_string(hide_password=False), autocommit=True)
        conn.execute(f"LISTEN {CHANNEL}")
        return conn

    def _signal(self) -> Any:
        """A value that changes when the database changed (SQLite), or the codes notified (PostgreSQL)."""
        conn = self._open()
        if self.store.sqlite:
            value = conn.exec_driver_sql("PRAGMA data_version").scalar()
            conn.rollback()
            return value
        return None

    def wait(self, code: str, version: int, timeout: float) -> int | None:
        """The room's version once it is above ``version`` (at once if it already is), or after
        ``timeout`` seconds whatever it is; ``None`` if there is no such room.

        SQLite's change counter is read *before* each look at the room's version: a move stored
        between the two then changes the counter and ends the wait (read after, it would already
        count that move, and the wait would sleep through it until the timeout).  PostgreSQL's
        notifications queue on the listening connection from its start, so none is missed."""
        with self._lock:
            deadline = time.monotonic() + timeout
            self._open()
            while True:
                mark = self.store._guard(self._signal) if self.store.sqlite else None
                seen = self.store.version(code)
                left = deadline - time.monotonic()
                if seen is None or seen > version or left <= 0:
                    return seen
                if self.store.sqlite:
                    self._sqlite_wait(mark, left)
                else:
                    self._pg_wait(code, left)

    def _sqlite_wait(self, start: Any, left: float) -> None:
        """Until SQLite's change counter differs from ``start``, or ``left`` seconds have passed."""
        end = time.monotonic() + left
        while time.monotonic() < end:
            time.sleep(min(self.POLL, max(0.0, end - time.monotonic())))
            if self.store._guard(self._signal) != start:
                return

    def _pg_wait(self, code: str, left: float) -> None:
        conn = self._conn
        end = time.monotonic() + left
        while time.monotonic() < end:
            try:
                for note in conn.notifies(timeout=max(0.0, end - time.monotonic()), stop_after=1):
                    if note.payload == code:
                        return
            except Exception as e:  # noqa: BLE001 - the connection dropped: told as the store's fault
                self._conn = None
                raise StoreError("unreachable", where=self.store.where) from e

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
