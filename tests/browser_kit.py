"""What the browser tests share: Voila serving ``importexport app`` (one server per xdist worker, the
bots paced 0.1 s; a module that counts its kernels has its own), Debian's Chromium through Playwright,
and small steps for driving the page.
Chromium reaches no address but 127.0.0.1.  Not a test module itself."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from helpers import kernels_below

from importexport.cli import wait_for_port
from importexport.portroyal.table_kit import DRAWER as PR_DRAWER
from importexport.protocol import Drawer
from importexport.widgets.board import STATIC

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
REQUIRED = os.environ.get("IMPORTEXPORT_REQUIRE_BROWSER") == "1"  # set by .ci/run: never skip there
if not REQUIRED:
    pytest.importorskip("playwright.sync_api", reason="pip install -e .[test] brings Playwright")
needs_chromium = pytest.mark.skipif(not REQUIRED and not CHROMIUM.exists(),
                                    reason="needs Debian's Chromium: apt-get install chromium")
"""Each browser test module sets ``pytestmark = needs_chromium``."""
from playwright import sync_api as playwright  # noqa: E402

SERVER: dict[str, Any] = {}
FIT_RESERVE = int(re.search(r"const FIT_RESERVE = (\d+);", PR_DRAWER.module)[1])
"""What a Port Royal table in projector mode leaves above itself for the app (its title and one line of
choices, Port Royal's drawer): the table gets the rest of the window's height."""
MOUNT_BOARD = """async ([src, css, state]) => {
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
  const mod = await import(URL.createObjectURL(new Blob([src], { type: "text/javascript" })));
  const data = { ...state };
  const handlers = {};
  window.sent = [];
  window.model = {
    get: (k) => data[k],
    set: (k, v) => { data[k] = v; (handlers["change:" + k] || []).forEach((f) => f()); },
    on: (e, f) => { (handlers[e] = handlers[e] || []).push(f); },
    off: () => {},
    send: (m) => window.sent.push(m),
    save_changes: () => {},
  };
  await mod.default.render({ model: window.model, el: document.getElementById("out") });
}"""
"""The board's real frame (``src``, with its stylesheet ``css``) drawing ``state`` (the widget's synced
traits) into the page's ``#out``, under a stand-in model: ``window.model.set`` fires the change
handlers as the widget's model does; ``window.sent`` collects the messages sent to the kernel."""


def mount_board(page: Any, picture: dict[str, Any], drawer: Drawer, projector: bool = False) -> None:
    """Draw ``picture`` with ``drawer`` on ``page`` (which has a ``#out``) as the board widget does."""
    state = {"picture": picture, "drawer": drawer.module, "drawer_css": drawer.css, "projector": projector}
    page.evaluate(MOUNT_BOARD, [(STATIC / "board.js").read_text(encoding="utf-8"),
                                (STATIC / "board.css").read_text(encoding="utf-8"), state])


TABLE_TOP = {False: 112, True: 124}
"""How far down the app's Import/Export table begins at most, in normal and in projector mode: the
app's title and the decision's one line (``tests/test_browser.py`` measures it in the app;
``tests/test_browser_fit.py`` draws the table below a block that tall)."""
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"
"""Chromium finds no address but this machine's.  Not a Playwright route: with any route set, every
request of a page (the app's own too) waits in Chromium for Playwright to let it go, and one still
waiting when its page closes is dropped. Voila's kernel shutdown, sent as a page closes, was such a
request: under load one page in a few kept its kernel (measured: with a route 1-2 of 6 pages in
each of 4 runs, with this flag none of 48)."""


def launch(pw: Any) -> Any:
    """Debian's Chromium, headless, unable to reach any address but 127.0.0.1 (see :data:`OFFLINE`)."""
    return pw.chromium.launch(executable_path=str(CHROMIUM), args=[OFFLINE])


def kernels_of(pid: int) -> int:
    """How many kernels run below process ``pid`` (Voila's pool and the open pages' kernels)."""
    return len(kernels_below(pid))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serve_app(tmp_path_factory: pytest.TempPathFactory, paths: Sequence[Path] = ()) -> Iterator[tuple[str, int, Path]]:
    """``importexport app`` on a free port: its address, its process id and the SQLite file of its rooms
    (one of the test's own: a test never opens rooms in the user's data folder).  Its output goes to a
    file, never to a pipe nobody reads: a pipe that fills up (64 KiB of Voila's log) would stop the
    server mid-test.  ``paths``: folders put first on the server's ``PYTHONPATH`` (and so its kernels'),
    as the example games' (``conftest.register_examples``)."""
    with serve_apps(tmp_path_factory, 1, paths=paths) as served:
        url, pid, rooms = served[0]
        yield url, pid, Path(rooms)


@contextmanager
def serve_apps(tmp_path_factory: pytest.TempPathFactory, count: int, rooms: str | None = None,
               paths: Sequence[Path] = ()) -> Iterator[list[tuple[str, int, str]]]:
    """``count`` servers of ``importexport app`` started at once (each on a free port), each's address,
    process id and rooms' store: ``importexport app --rooms ROOMS`` for all of them (two servers of one
    PostgreSQL), or without ``rooms`` an SQLite file of each server's own; ``paths`` as for
    :func:`serve_app`."""
    started: list[tuple[subprocess.Popen[str], int, Path, str]] = []
    try:
        for _ in range(count):
            port = free_port()
            folder = tmp_path_factory.mktemp("app")
            store = rooms if rooms is not None else str(folder / "rooms.sqlite3")
            proc = start_app(port, folder / "app.log", store, option=rooms is not None, paths=paths)
            started.append((proc, port, folder / "app.log", store))
        served = []
        for proc, port, log, store in started:
            listening(proc, port, log)
            served.append((f"http://127.0.0.1:{port}/", proc.pid, store))
        yield served
    finally:
        for proc, *_ in started:
            proc.terminate()
        for proc, *_ in started:
            proc.wait(timeout=20)


def start_app(port: int, log: Path, store: str, option: bool = False, paths: Sequence[Path] = ()) -> subprocess.Popen[str]:
    """``importexport app`` on ``port`` with its rooms in ``store`` (``option``: given as ``--rooms``, else
    in the environment), its output in the file ``log``; see :func:`serve_apps`."""
    env = {**os.environ, "IMPORTEXPORT_BOT_PACE": "0.1", "IMPORTEXPORT_ROOMS": store}
    if paths:
        env["PYTHONPATH"] = os.pathsep.join([*map(str, paths), *filter(None, [os.environ.get("PYTHONPATH")])])
    command = [sys.executable, "-m", "importexport.cli", "app", "--no-browser", f"--port={port}"]
    if option:  # (the command's option says where the rooms are, not the environment)
        command.append(f"--rooms={store}")
        del env["IMPORTEXPORT_ROOMS"]
    with open(log, "w", encoding="utf-8") as out:
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, text=True, env=env)


LISTEN_CEILING = 300.0
"""How long a starting app may take to listen (seconds): long, as a loaded machine (load 27) may take
over 120 s; a server that dies fails at once instead (:func:`listening`)."""


def listening(proc: subprocess.Popen[str], port: int, log: Path, ceiling: float = LISTEN_CEILING) -> None:
    """Wait until the app started by :func:`start_app` (process ``proc``) listens on ``port`` and has said
    where it is.  Fails with the end of its ``log`` as soon as the process has ended, or after ``ceiling``
    seconds."""
    deadline = time.monotonic() + ceiling
    while not wait_for_port(port, 0.5):
        if proc.poll() is not None:
            pytest.fail(f"the app's server ended (exit code {proc.returncode}) before it listened:\n"
                        f"{log.read_text(encoding='utf-8')[-3000:]}")
        if time.monotonic() > deadline:
            pytest.fail(f"the app's server did not listen within {ceiling:.0f} s:\n"
                        f"{log.read_text(encoding='utf-8')[-3000:]}")
    first = log.read_text(encoding="utf-8").splitlines()[:1]
    assert first and f"http://127.0.0.1:{port}/" in first[0], first  # the command prints where the app is


@pytest.fixture(scope="module")
def app_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app's address for one test module: the worker's shared server (``shared_app`` in conftest.py),
    or, for a module that sets ``OWN_SERVER = True`` (one that counts the server's kernels), a server of
    its own.  ``SERVER["pid"]`` is the process of the server in use, ``SERVER["rooms"]`` its rooms' file."""
    if getattr(request.module, "OWN_SERVER", False):
        with serve_app(tmp_path_factory) as (url, pid, rooms):
            SERVER.update(pid=pid, rooms=rooms)
            yield url
    else:
        url, pid, rooms = request.getfixturevalue("shared_app")
        SERVER.update(pid=pid, rooms=rooms)
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with playwright.sync_playwright() as pw:
        b = launch(pw)
        yield b
        b.close()


def open_app(browser, url: str):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(url, timeout=60_000)
    page.wait_for_selector(".iex-start", timeout=60_000)
    return page


def app_text(page) -> str:
    return page.inner_text(".iex-app")


def click_and_wait(page, locator) -> None:
    """Click, then wait until the page shows something new (the server answered)."""
    before = app_text(page)
    locator.click()
    page.wait_for_function(
        "before => { const el = document.querySelector('.iex-app'); return el && el.innerText !== before; }",
        arg=before, timeout=15_000,
    )


def settle(page, quiet: float = 0.15, limit: float = 60.0) -> None:
    """Wait until the page has stopped changing for ``quiet`` seconds (widgets arrive in steps); a page
    that is still changing after ``limit`` seconds fails the test (a bot that never stops, say)."""
    last, since = app_text(page), time.time()
    deadline = since + limit
    while time.time() - since < quiet:
        assert time.time() < deadline, f"the page kept changing for {limit:.0f} s; it reads now:\n{last[-1500:]}"
        time.sleep(0.05)
        now = app_text(page)
        if now != last:
            last, since = now, time.time()


def choose_seat(page, seat: int, role: str) -> None:
    page.select_option(f".iex-seat-{seat} select", label=role)
