"""A class opening the app at once (issue 31: thirty pages within a few seconds all reach the new-game
screen, the slowest within 30 s).

    python benchmarks/bench_class.py [--pages 30] [--spread 3] [--pool 30] [--pool 1 ...]

For each ``--pool`` given (the preheated kernels of ``importexport app --pool N``): a fresh app server
on a free port, left until its pool is full (every preheated kernel started and idle), then
``--pages`` Chromium pages (Debian's, through Playwright; one browser, a context each, 1280x720)
opened one after another over ``--spread`` seconds.  A page's time is from its ``goto`` to the
new-game screen's Start button being visible.  The report gives, per pool size: the median and the
worst time to the first screen, how long the server took to fill its pool, and, once every page is
up, the memory of the kernels (resident set, summed over the processes, and per kernel) and the CPU
seconds the kernels used (what one page's start costs the machine).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import psutil

CHROMIUM = "/usr/bin/chromium"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def below(root: psutil.Process, match: Callable[[psutil.Process], bool]) -> list[psutil.Process]:
    """The processes below ``root`` that ``match`` picks (one that ends meanwhile is passed over)."""
    found = []
    for child in root.children(recursive=True):
        try:
            if match(child):
                found.append(child)
        except psutil.NoSuchProcess:
            pass
    return found


def kernels(server: psutil.Process) -> list[psutil.Process]:
    """The kernels below the server (its pool and the pages' kernels)."""
    return below(server, lambda p: "ipykernel" in " ".join(p.cmdline()))


def browsers() -> list[psutil.Process]:
    """Chromium's processes (started by Playwright below this process)."""
    return below(psutil.Process(), lambda p: "chrom" in p.name())


def summed(found: list[psutil.Process], measure: Callable[[psutil.Process], float]) -> float:
    """``measure`` summed over the processes (one that ended meanwhile counts nothing)."""
    total = 0.0
    for p in found:
        try:
            total += measure(p)
        except psutil.NoSuchProcess:
            pass
    return total


def cpu_of(found: list[psutil.Process]) -> float:
    """CPU seconds the processes have used."""
    return summed(found, lambda p: sum(p.cpu_times()[:2]))


def kernel_memory(found: list[psutil.Process]) -> int:
    """The processes' resident memory, in bytes."""
    return int(summed(found, lambda p: p.memory_info().rss))


def settled(server: psutil.Process, count: int, seconds: float) -> float:
    """Wait until ``count`` kernels run below the server and all are idle (the pool is full); the
    seconds it took."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        found = kernels(server)
        if len(found) >= count:
            try:
                busy = sum(k.cpu_percent(interval=0.5) for k in found)
            except psutil.NoSuchProcess:
                continue
            if busy < 5 * len(found):
                return time.monotonic() - start
        time.sleep(0.5)
    raise SystemExit(f"the server's pool of {count} did not fill within {seconds:.0f} s")


async def open_pages(url: str, pages: int, spread: float) -> tuple[list[float], float]:
    """Each page's seconds from ``goto`` to the Start button (``nan`` for a page that never got there),
    and the CPU seconds Chromium spent meanwhile (on a class's own devices, not on the server)."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM)

        async def one(i: int) -> float:
            await asyncio.sleep(i * spread / max(1, pages - 1))
            context = await browser.new_context(viewport={"width": 1280, "height": 720})
            page = await context.new_page()
            start = time.monotonic()
            try:
                await page.goto(url, timeout=180_000)
                await page.wait_for_selector(".iex-start", state="visible", timeout=180_000)
                return time.monotonic() - start
            except Exception as e:  # noqa: BLE001 (a page that failed counts as failed, whatever the cause)
                print(f"page {i} failed after {time.monotonic() - start:.0f} s: {str(e).splitlines()[0][:200]}",
                      file=sys.stderr)
                return float("nan")

        before = cpu_of(browsers())
        times = await asyncio.gather(*(one(i) for i in range(pages)))
        spent = cpu_of(browsers()) - before
        await browser.close()
    return list(times), spent


def one_class(pool: int, pages: int, spread: float) -> None:
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "IMPORTEXPORT_ROOMS": str(Path(folder) / "rooms.sqlite3")}
        cmd = [sys.executable, "-m", "importexport.cli", "app", "--no-browser", f"--port={port}", f"--pool={pool}"]
        log = open(Path(folder) / "app.log", "w", encoding="utf-8")  # noqa: SIM115 (closed below)
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            server = psutil.Process(proc.pid)
            filled = settled(server, pool, 600)
            idle_memory = kernel_memory(kernels(server))
            cpu_before = cpu_of(kernels(server))
            voila = below(server, lambda p: "voila" in " ".join(p.cmdline()))[:1]
            server_before = cpu_of(voila)
            times, browser_cpu = asyncio.run(open_pages(f"http://127.0.0.1:{port}/", pages, spread))
            found = kernels(server)
            used = cpu_of(found) - cpu_before
            served = cpu_of(voila) - server_before
            memory = kernel_memory(found)
            ok = sorted(t for t in times if t == t)
            failed = len(times) - len(ok)
            if failed:
                kept = Path(tempfile.gettempdir()) / f"bench_class_pool{pool}.log"
                log.flush()
                kept.write_text(Path(log.name).read_text(encoding="utf-8"), encoding="utf-8")
                print(f"pool {pool}: {failed} of {pages} pages never came up (the server's log: {kept})", flush=True)
            if not ok:
                return
            print(f"pool {pool}: {pages} pages over {spread:.0f} s: first screen median "
                  f"{statistics.median(ok):.1f} s, worst {ok[-1]:.1f} s"
                  f"{f', {failed} never came up' if failed else ''} (target: worst <= 30 s); the pool filled in "
                  f"{filled:.0f} s ({idle_memory / 2**20 / max(1, pool):.0f} MB per idle kernel); with the pages up "
                  f"{len(found)} kernels, {memory / 2**20:.0f} MB in all ({memory / 2**20 / max(1, len(found)):.0f} MB "
                  f"each); CPU per page while they opened: kernels {used / pages:.1f} s, Voila's server "
                  f"{served / pages:.1f} s, Chromium {browser_cpu / pages:.1f} s (on the devices, in a class)",
                  flush=True)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
            log.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pages", type=int, default=30)
    ap.add_argument("--spread", type=float, default=3.0, help="seconds over which the pages are opened")
    ap.add_argument("--pool", type=int, action="append", help="preheated kernels (repeat to compare)")
    args = ap.parse_args()
    for pool in args.pool or [args.pages, 1]:
        one_class(pool, args.pages, args.spread)


if __name__ == "__main__":
    main()
