"""Voila's idle culling in ``importexport app``: the kernel of a page that vanished without its
``beforeunload`` request (a crashed tab, a dropped network) is shut down once it has been idle for
the timeout, while the preheated kernel waiting in the pool and the kernel of a page still open stay.

The server runs with ``IMPORTEXPORT_CULL_SECONDS`` set short; Chromium is driven by Playwright as
in tests/test_browser.py.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from helpers import identities, kernels_below, kill_all, process_tree
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

import importexport.app.voila_kernels as voila_kernels
from importexport.app.voila_kernels import PoolSparingKernelManager

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[1]
REQUIRED = os.environ.get("IMPORTEXPORT_REQUIRE_BROWSER") == "1"  # set by .ci/run: never skip there
needs_browser = pytest.mark.skipif(
    not REQUIRED and (importlib.util.find_spec("playwright") is None or not CHROMIUM.exists()),
    reason="needs Playwright (pip install -e .[test]) and Debian's Chromium (apt-get install chromium)")

CULL = 2  # seconds of idleness before a kernel no page is connected to is culled (10 minutes in use)
INTERVAL = CULL // 2  # how often the culler looks (what app_command derives from CULL)
HANDOFF = 20  # a kernel just handed to a page is kept at least this long for it to connect (voila_kernels)

def kernels(pid: int) -> set[int]:
    """The kernels running below ``pid``."""
    return kernels_below(pid)


def wait_for(what: str, done: object, seconds: float) -> float:
    """Poll ``done()`` until it is true; how long that took.  Fails after ``seconds``."""
    start = time.monotonic()
    while not done():  # type: ignore[operator]
        assert time.monotonic() - start < seconds, f"not within {seconds} s: {what}"
        time.sleep(0.25)
    return time.monotonic() - start


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[tuple[int, str]]:
    """``importexport app`` with a short cull timeout: (its pid, its url).  Stopped afterwards, and
    whatever it left running is killed; the end of the server's log is printed (pytest shows it
    when the test failed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "IMPORTEXPORT_CULL_SECONDS": str(CULL),
           "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    log = tmp_path / "app.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "importexport.cli", "app", "--no-browser", f"--port={port}"],
                                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, env=env)
    seen: dict[int, int] = {}  # pid: start time (a culled kernel's pid may go to a later process)
    try:
        wait_for("the preheated kernel", lambda: kernels(proc.pid), 60)
        seen |= identities(process_tree(proc.pid))
        yield proc.pid, f"http://127.0.0.1:{port}/"
    finally:
        seen |= identities(process_tree(proc.pid))
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        kill_all(seen)
        print("".join(log.read_text(errors="replace").splitlines(keepends=True)[-80:]))


def open_app(context: Any, url: str) -> Any:
    """A new page of the app in ``context`` (a Playwright browser context), once it can be played."""
    page = context.new_page()
    page.goto(url, timeout=30_000)
    page.wait_for_selector(".iex-start", timeout=30_000)
    return page


@needs_browser
def test_a_vanished_page_loses_its_kernel_the_pool_and_open_pages_keep_theirs(server: tuple[int, str]) -> None:
    from browser_kit import launch  # (not at the top: the tests without a browser run without Playwright)
    from playwright import sync_api as playwright

    pid, url = server
    pool = kernels(pid)
    assert len(pool) == 1
    time.sleep(CULL + 2 * INTERVAL + 1)  # the preheated kernel sits idle and unconnected past the timeout ...
    assert kernels(pid) == pool  # ... and the culler, which has looked, leaves it alone
    with playwright.sync_playwright() as pw:
        browser = launch(pw)
        try:
            # this page is handed the kernel that sat in the pool past the timeout; plain culling in
            # Voila 0.5.13 culls it before the page connects, and the page never comes up
            leaving = browser.new_context()
            handed = time.monotonic()
            gone = open_app(leaving, url)
            wait_for("the pool refilled", lambda: len(kernels(pid)) == 2, 30)
            gone.close(run_before_unload=False)  # no beforeunload request: a crashed tab
            leaving.close()
            vanished = time.monotonic()
            (pooled,) = kernels(pid) - pool
            staying = browser.new_context()
            kept = open_app(staying, url)  # a page that stays open, idle, past the timeout
            wait_for("the pool refilled again", lambda: len(kernels(pid)) == 2 + (pool <= kernels(pid)), 30)
            wait_for("the vanished page's kernel culled", lambda: not pool & kernels(pid),
                     HANDOFF + 2 * INTERVAL + 15 - (time.monotonic() - handed))
            print(f"culled {time.monotonic() - vanished:.1f} s after the page vanished, "
                  f"{time.monotonic() - handed:.1f} s after it was handed the kernel")
            assert pooled in kernels(pid) and len(kernels(pid)) == 2  # the open page's and the refilled pool's
            # the open page has been idle past the timeout, but it is connected: it still plays
            kept.locator(".iex-start").click()
            kept.wait_for_selector(".iex-prompt", timeout=30_000)
            # a page opened after the cull comes up from the pool
            start = time.monotonic()
            later = open_app(staying, url)
            print(f"a page opened after the cull loaded in {time.monotonic() - start:.1f} s")
            later.close(run_before_unload=True)
            kept.close(run_before_unload=True)
            staying.close()
        finally:
            browser.close()


def test_the_culler_passes_over_pooled_kernels_and_gives_a_handed_out_one_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel manager alone, with Voila's pool as Voila keeps it (per notebook a list of tasks
    that end with ``{"kernel_id": ...}``) and jupyter_server's own idle check recorded, not run."""
    asked: list[str] = []

    async def idle_check(self: AsyncMappingKernelManager, kernel_id: str) -> None:
        asked.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", idle_check)
    now = datetime(2025, 1, 1, tzinfo=UTC)
    monkeypatch.setattr(voila_kernels, "utcnow", lambda: now)

    async def run() -> None:
        nonlocal now

        async def preheated(kernel_id: str) -> dict[str, str]:
            return {"kernel_id": kernel_id}

        async def failed() -> dict[str, str]:
            raise RuntimeError("the kernel did not start")

        km = PoolSparingKernelManager(cull_idle_timeout=30)
        tasks = [asyncio.ensure_future(preheated("pooled")), asyncio.ensure_future(failed())]
        await asyncio.wait(tasks)
        km._pools = {"play.ipynb": [*tasks, asyncio.get_running_loop().create_future()]}  # (one still starting)
        km._kernels = {"pooled": object(), "handed": object()}
        for kernel_id in ("pooled", "handed"):
            await km.cull_kernel_if_idle(kernel_id)
        assert asked == []  # the pooled kernel is never checked; the handed-out one not yet
        now += timedelta(seconds=29)
        await km.cull_kernel_if_idle("handed")
        assert asked == []  # (a full timeout from when the culler first saw it outside the pool)
        now += timedelta(seconds=2)
        for kernel_id in ("pooled", "handed"):
            await km.cull_kernel_if_idle(kernel_id)
        assert asked == ["handed"]  # now it is checked as any kernel: idle, unconnected -> culled
        km.cull_idle_timeout = 5  # a short timeout still leaves a page handoff_seconds to connect
        km._kernels["next"] = object()
        await km.cull_kernel_if_idle("next")
        now += timedelta(seconds=km.handoff_seconds - 1)
        await km.cull_kernel_if_idle("next")
        assert asked == ["handed"]
        now += timedelta(seconds=2)
        await km.cull_kernel_if_idle("next")
        assert asked == ["handed", "next"]
        del km._kernels["handed"]  # shut down: forgotten at the next round
        monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernels", lambda self: asyncio.sleep(0))
        await km.cull_kernels()
        assert set(km._outside_pool_since) == {"next"}

    asyncio.run(run())


def test_an_open_page_untouched_for_hours_loses_its_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """A connected kernel is left to jupyter_server (which spares it) until ``open_idle_seconds``
    without activity; then it is shut down (the page kept its game in the browser)."""
    asked: list[str] = []
    shut: list[str] = []

    async def idle_check(self: AsyncMappingKernelManager, kernel_id: str) -> None:
        asked.append(kernel_id)

    async def shutdown(self: AsyncMappingKernelManager, kernel_id: str, *args: object, **kw: object) -> None:
        shut.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", idle_check)
    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_kernel", shutdown)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    now = start
    monkeypatch.setattr(voila_kernels, "utcnow", lambda: now)

    class Kernel:
        last_activity = start
        execution_state = "idle"

    async def run() -> None:
        nonlocal now
        km = PoolSparingKernelManager(cull_idle_timeout=30, open_idle_seconds=3600)
        km._pools = {}
        km._kernels = {"open": Kernel(), "busy": Kernel()}
        km._kernels["busy"].execution_state = "busy"
        km._kernel_connections = {"open": 1, "busy": 1}
        for kernel_id in ("open", "busy"):
            await km.cull_kernel_if_idle(kernel_id)  # (first seen outside the pool)
        now = start + timedelta(seconds=3599)
        for kernel_id in ("open", "busy"):
            await km.cull_kernel_if_idle(kernel_id)
        assert shut == [] and asked == []  # thinking for most of an hour is fine; never handed to the plain check
        now = start + timedelta(seconds=3601)
        for kernel_id in ("open", "busy"):
            await km.cull_kernel_if_idle(kernel_id)
        assert shut == ["open"] and asked == []  # (a busy kernel is working, not forgotten)
        km.open_idle_seconds = 0  # 0: open pages are never culled
        km._kernels["later"] = Kernel()
        km._kernel_connections["later"] = 2
        await km.cull_kernel_if_idle("later")
        now = start + timedelta(days=30)
        await km.cull_kernel_if_idle("later")
        assert shut == ["open"]

    asyncio.run(run())
