"""The rooms' store on SQLite and on a throwaway PostgreSQL server (``tests/postgres_kit.py``): one move
number taken once however many race for it, faults told by kind, and two separate processes playing
one room, each seeing the other's moves through the change notification (the half-second target of
issue 31 is measured by ``benchmarks/bench_rooms.py``, not here: a busy machine's timing is no test)."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from postgres_kit import Server, free_port, fresh_database, postgres_server

from importexport.rooms import MovedOn, RoomService, SeatRefused, Store, StoreError

HERE = Path(__file__).resolve().parent
WAIT = 20.0
"""How long one of the players' waits for a change may last: a move seen in a fraction of it was seen
through the change notification, not because a wait ran out and the player looked again."""


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with postgres_server() as running:
        yield running


@pytest.fixture(params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "rooms.sqlite3")
    return fresh_database(request.getfixturevalue("server"))


@pytest.fixture
def service(url: str) -> Iterator[RoomService]:
    s = RoomService(url)
    yield s
    s.store.close()


def started(service: RoomService, game: str = "portroyal", seats: tuple[str, ...] = ("person", "person"),
            options: dict[str, str] | None = None) -> tuple[str, dict[int, str]]:
    opened = service.open(game, options if options is not None else {"mode": "base"}, list(seats), seed=5)
    tokens = dict(service.take_seat(opened.code) for _ in range(seats.count("person")))
    service.start(opened.code, opened.opener)
    return opened.code, tokens


def test_a_move_stored_while_a_device_looks_at_the_room_ends_its_wait(service: RoomService,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A move stored just after a waiting device read the room's version (before it began to wait) wakes
    it at once: found playing five rooms of six devices, where a device slept through such a move until
    its wait ran out, 20 s, while everyone waited for it.  On SQLite the wait is counted in looks at the
    change counter (a few, not the 1,000 of a 20 s wait); on PostgreSQL the notification queued meanwhile
    ends it."""
    import importexport.rooms.store as store_module

    code, tokens = started(service)
    other = RoomService(service.store.url)
    version = service.wait(code, -1, 0.1)
    g = service.position(code)
    seat = g.deciders()[0]
    looked = service.store.version
    injected = []

    def version_then_a_move(key: str) -> int | None:
        seen = looked(key)
        if not injected:  # (the other device's move lands between this look and the wait)
            injected.append(other.move(code, tokens[seat], g.legal_actions(seat)[0]))
        return seen

    monkeypatch.setattr(service.store, "version", version_then_a_move)
    sleeps = []
    real_sleep = store_module.time.sleep
    monkeypatch.setattr(store_module.time, "sleep", lambda s: sleeps.append(s) or real_sleep(s))
    began = time.monotonic()
    assert service.wait(code, version, 20.0) == version + 1 and injected
    assert len(sleeps) < 50, f"the wait slept through the move ({len(sleeps)} looks)"
    assert time.monotonic() - began < 10, "the wait ran out before it saw the move"
    other.store.close()


def test_one_move_number_is_taken_once_however_many_race(service: RoomService) -> None:
    code, _ = started(service)
    stores = [Store(service.store.url) for _ in range(4)]
    for number in range(5):
        barrier, won, lost = threading.Barrier(len(stores)), [], []

        def append(store: Store, i: int) -> None:
            barrier.wait()  # noqa: B023
            try:
                store.append(code, number, 0, f"p0 move-{i}", 0.0)  # noqa: B023 - joined before the loop goes on
                won.append(i)  # noqa: B023
            except MovedOn:
                lost.append(i)  # noqa: B023

        threads = [threading.Thread(target=append, args=(s, i)) for i, s in enumerate(stores)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(won) == 1 and len(lost) == len(stores) - 1
        rows = service.store.moves(code)
        assert [m.number for m in rows] == list(range(number + 1)) and rows[-1].action == f"p0 move-{won[0]}"
    assert service.store.version(code) == 3 + 5  # (two seats taken, the start, then one per move)
    for s in stores:
        s.close()


def test_a_room_on_either_store_plays_and_refuses_alike(service: RoomService) -> None:
    code, tokens = started(service)
    g = service.position(code)
    seat = g.deciders()[0]
    other = 1 - seat
    with pytest.raises(SeatRefused) as caught:
        service.move(code, tokens[other], g.legal_actions(seat)[0])
    assert caught.value.key == "not_your_seat"
    assert service.move(code, tokens[seat], g.legal_actions(seat)[0], at=0) == 1
    with pytest.raises(MovedOn):
        service.move(code, tokens[seat], g.legal_actions(seat)[0], at=0)
    assert service.view(code, tokens[other]) == service.position(code).view(other)
    assert RoomService(service.store.url).position(code).save() == service.position(code).save()


def test_an_unreachable_postgresql_is_told() -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError) as caught:
        Store(f"postgresql://nobody@127.0.0.1:{free_port()}/rooms")
    assert caught.value.key == "unreachable" and "127.0.0.1" in str(caught.value)
    assert "erreichbar" in caught.value.text("de")


def test_two_processes_play_one_room_and_see_each_others_moves_at_once(service: RoomService) -> None:
    """Two separate Python processes (as two app servers would) hold the two seats of one room and play
    40 moves; each sees every move of the other through the store's change notification (SQLite's
    change counter, PostgreSQL's NOTIFY): each wait may last 20 s, and no move is seen as late as that."""
    moves = 40
    code, tokens = started(service)
    env = {**os.environ, "PYTHONPATH": str(HERE.parent)}
    players = [
        subprocess.Popen([sys.executable, str(HERE / "rooms_player.py"), service.store.url, code, token, str(moves),
                          str(seat), str(WAIT)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        for seat, token in tokens.items()
    ]
    outs = []
    for p in players:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        outs.append(json.loads(out))
    stored = service.store.moves(code)
    assert [m.number for m in stored][:moves] == list(range(moves))
    made = sorted(n for out in outs for n in out["made"])
    assert made == sorted(set(made)) and set(made) >= set(range(moves))  # (each move made by one process, once)
    for out in outs:
        others = {m.number for m in stored[:moves] if m.seat != out["seat"]}
        assert {n for n, _ in out["lags"]} >= others
    lags = sorted(lag for out in outs for _, lag in out["lags"])
    print(f"{service.store.url.split(':')[0]}: {len(lags)} moves seen by the other process, "
          f"median {statistics.median(lags) * 1000:.0f} ms, worst {lags[-1] * 1000:.0f} ms")
    assert lags[-1] < WAIT / 4, "a move was seen only when a wait ran out, not through the notification"


def test_a_room_goes_on_after_its_database_server_restarts(server: Server) -> None:
    """The PostgreSQL server restarts in the middle of a game: nothing is lost, the next move is taken,
    and a device waiting for changes is told once that the store cannot be reached, then sees them."""
    service = RoomService(fresh_database(server))
    code, tokens = started(service)
    for _ in range(3):
        g = service.position(code)
        seat = g.deciders()[0]
        service.move(code, tokens[seat], g.legal_actions(seat)[0])
    version = service.wait(code, 0, 0.1)
    before = service.position(code).save()
    server.restart()
    assert service.position(code).save() == before
    g = service.position(code)
    seat = g.deciders()[0]
    assert service.move(code, tokens[seat], g.legal_actions(seat)[0]) == 4
    try:
        seen = service.wait(code, version, 2.0)
    except StoreError as e:
        assert e.key == "unreachable"
        seen = service.wait(code, version, 2.0)
    assert seen == version + 1
    service.store.close()


def test_stores_opened_at_once_on_a_new_database_all_open(url: str) -> None:
    """Several app servers started together on one new database (a class's JupyterHub servers on one
    PostgreSQL) each make the rooms' tables if missing: all open, none refused (before, the second failed
    on PostgreSQL's duplicate type or SQLite's table made meanwhile)."""
    import threading

    count = 6
    gate = threading.Barrier(count)
    opened: list[Store] = []
    failed: list[BaseException] = []

    def open_one() -> None:
        gate.wait()
        try:
            opened.append(Store(url))
        except BaseException as e:  # noqa: BLE001 (every failure is reported below)
            failed.append(e)

    threads = [threading.Thread(target=open_one) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    for store in opened:
        store.close()
    assert not failed, failed
    assert len(opened) == count
