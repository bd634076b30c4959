"""Faults under a room in Chromium (issue 31 item 5): an app server of the test's own, its rooms in an
SQLite file, an Import/Export room of a person (one page) and the heuristic bot.

1. Another process holds the SQLite file locked (``BEGIN EXCLUSIVE``) while the person moves: the page,
   in German, says that the store is busy, the move is not stored and nothing else changes; once the lock
   is gone the person makes the move again, it is stored, and the bot answers.
2. The app server is killed (the whole process tree, kernels included, as a machine that goes down): the
   open page says, in German, that its connection is lost and a reload brings the seat back; the server is
   started again on the same port with the same rooms file: the page, reloaded as a person would, is
   back at its seat at the same position (the same moves, the same log), and play goes on."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_kit import browser, free_port, listening, needs_chromium, settle, start_app
from helpers import process_tree
from postgres_kit import wait_until
from rooms_kit import CHOICES, assert_private, device, log_text, play_once

from importexport.rooms import RoomService
from importexport.rooms.words import StoreError
from importexport.widgets.rooms import WORDS

__all__ = ["browser"]  # (the fixtures this module uses)
pytestmark = needs_chromium


class App:
    """``importexport app`` on a port of its own, its rooms in ``store``; :meth:`kill` and :meth:`start`."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port, self.store = folder, free_port(), str(folder / "rooms.sqlite3")
        self.url = f"http://127.0.0.1:{self.port}/"
        self.proc = None
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        log = self.folder / f"app-{self.starts}.log"
        self.proc = start_app(self.port, log, self.store)
        listening(self.proc, self.port, log)

    def kill(self) -> None:
        """SIGKILL to the server and every process below it (Voila, the kernels): nothing shuts down in order."""
        pids = [self.proc.pid, *process_tree(self.proc.pid)]
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.proc.wait(timeout=20)
        assert wait_until(lambda: not any(_alive(pid) for pid in pids), timeout=20)
        assert wait_until(lambda: not _listened(self.port), timeout=20)


def _listened(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def _alive(pid: int) -> bool:
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}/stat").exists() and Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    served = App(tmp_path_factory.mktemp("app"))
    served.start()
    yield served
    if served.proc is not None and served.proc.poll() is None:
        served.proc.terminate()
        served.proc.wait(timeout=20)


def asked(page) -> None:
    """Wait until the page's seat is asked to decide (the bot has answered)."""
    page.wait_for_selector(CHOICES, timeout=30_000)
    settle(page, quiet=0.2)


def moves_made(page, service: RoomService, code: str, least: int) -> int:
    """The page's seat moves (again, if a click fell on a redraw) until the room holds ``least`` moves."""
    deadline = time.time() + 30
    while service.room(code).moves < least:
        assert time.time() < deadline, "the page's move was not stored within 30 s"
        settle(page, quiet=0.2)
        if play_once(page):
            wait_until(lambda: service.room(code).moves >= least, timeout=5)
    return service.room(code).moves


def test_a_locked_store_and_a_killed_server_lose_nothing(browser, app: App) -> None:
    service = RoomService(app.store)
    opened = service.open("importexport", {}, ["person", "heuristic"])
    code = opened.code
    _seat, token = service.take_seat(code, 0)
    service.start(code, opened.opener)
    page = device(browser, f"{app.url}?room={code}", kept={f"importexport-room-{code}": json.dumps({"seat": token})})
    page.get_by_role("button", name="Deutsch", exact=True).first.click(timeout=60_000)
    asked(page)
    page.wait_for_selector(".iex-room-table .iex-zone-hand[data-hand-seat='0']", timeout=10_000)

    # 1. the store locked by another process while the person moves
    before = service.room(code).moves
    shown = log_text(page)
    busy = StoreError("locked", where=service.store.where).text("de")
    lock = sqlite3.connect(app.store, isolation_level=None, timeout=10)
    try:
        lock.execute("BEGIN EXCLUSIVE")
        assert play_once(page)
        page.wait_for_function("said => document.querySelector('.iex-app').innerText.includes(said)", arg=busy,
                               timeout=30_000)
        assert service.room(code).moves == before and log_text(page) == shown  # not stored, nothing changed
        assert page.locator(CHOICES).count()  # (the decision is still up)
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    moves_made(page, service, code, before + 1)  # the person makes the move again: it is stored
    moves = service.store.moves(code)
    assert [m.number for m in moves] == list(range(len(moves))) and moves[before].seat == 0
    assert wait_until(lambda: 0 in service.position(code).deciders())  # (the bot answered)
    asked(page)  # (the page has the person's next decision)
    assert busy not in page.inner_text(".iex-app")  # (the sentence went with the fault)

    # 2. the server killed mid-game and started again on the same port with the same rooms' file
    stored = service.room(code).moves
    shown = log_text(page)
    app.kill()
    lost = WORDS.format("lost", "de")  # the open page says in its language that its server is gone
    page.wait_for_function("said => document.body.innerText.includes(said)", arg=lost, timeout=60_000)
    app.start()
    assert service.room(code).moves == stored  # nothing lost
    page.reload(timeout=60_000)
    page.wait_for_selector(".iex-room-table .iex-zone-hand[data-hand-seat='0']", timeout=90_000)
    # the page opens in the language its reader chose before the reload (kept by the browser)
    page.wait_for_function("said => document.body.innerText.includes(said)", arg=WORDS.format("undo_rule", "de"),
                           timeout=60_000)
    asked(page)
    assert service.room(code).moves == stored  # the same position as before (the log drawn again in German):
    assert wait_until(lambda: log_text(page) == shown), log_text(page)
    assert_private(page, service, code, 0)
    moves_made(page, service, code, stored + 1)  # play goes on
    assert wait_until(lambda: 0 in service.position(code).deciders() or service.room(code).state == "over")
    moves = service.store.moves(code)
    assert [m.number for m in moves] == list(range(len(moves))) and {m.seat for m in moves} == {0, 1}
    assert [str(x) for x in service.position(code).history] == [m.action for m in moves]
    page.close(run_before_unload=True)
