"""A class opening the app at once (issue 31: thirty pages within a few seconds all reach the new-game
screen, the slowest within 30 s).

    python benchmarks/bench_class.py [--pages 30] [--spread 3] [--pool 30] [--pool 1 ...]
                                     [--cache cold|warm] [--clients browser|protocol]
                                     [--app app] [--app trivial] [--template lab ...] [--rounds 1]

For each ``--pool`` given (the preheated kernels of ``importexport app --pool N``): a fresh app server
on a free port, left until its pool is full (every preheated kernel started and idle), then
``--pages`` Chromium pages (Debian's, through Playwright; one browser, a context each, 1280x720)
opened one after another over ``--spread`` seconds.  A page's time is from its ``goto`` to the
new-game screen's Start button being visible.  The report gives, per pool size: the median and the
worst time to the first screen, how long the server took to fill its pool, and, once every page is
up, the memory of the kernels (resident set, summed over the processes, and per kernel) and the CPU
seconds the kernels used (what one page's start costs the machine), Chromium's CPU by kind of
process and each page's renderer metrics (CDP ``Performance.getMetrics``), and the load average.

``--cache warm``: each page is a device (a persistent Chromium profile) that opened the app
:data:`WARM_VISITS` times before, against a first server on the same port.  ``--clients protocol``:
light clients (``class_protocol.py``) make the requests one recorded Chromium page made and ask the
kernel for the widgets' states, without a browser: the server's share alone.

``--app trivial``: the same server command (:func:`importexport.cli.app_command`, the same pool,
culling and template) serving a notebook of one button instead of the app (``bench_app.TRIVIAL``):
what a bare Voila page costs, the floor under the app's figures.  Given both (``--app app --app
trivial``), the runs alternate, ``--rounds`` times, and the report ends with each one's medians
over the rounds and their ratio (app / trivial): Chromium's CPU per page by kind of process and
the renderer's metrics.  ``--template NAME`` (repeatable, alternating in the same way): Voila's
page template instead of the app's (``lab``: Voila's own, the app's before it had one).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import class_protocol
import psutil
from bench_app import TRIVIAL

from importexport.cli import APP_NOTEBOOK, TEMPLATE, app_command, server_env

CHROMIUM = "/usr/bin/chromium"
VIEWPORT = {"width": 1280, "height": 720}
WARM_GROUP = 10  # devices warmed at a time before a warm run
WARM_VISITS = 2  # a warm device opened the app this often before (Chromium keeps V8's code for a script
# it loaded twice, so the third visit is the first to use it)


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


FILLED = "is filled with"  # Voila's log line once every preheated kernel has run the notebook


def settled(server: psutil.Process, count: int, seconds: float, log_path: Path) -> float:
    """Wait until Voila's log says its pool is full (every kernel started and its page rendered) and
    ``count`` kernels run below the server, all idle; the seconds it took.  (Idle kernels alone are not
    enough on a busy machine: a kernel still starting can look idle for a moment, and its start would
    then be counted as the pages' work.)"""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        found = kernels(server)
        if found and FILLED in log_path.read_text(encoding="utf-8", errors="replace"):
            try:
                busy = sum(k.cpu_percent(interval=0.5) for k in found)
            except psutil.NoSuchProcess:
                continue
            if busy < 5 * len(found):
                if len(found) < count:  # (seen once in 30: a kernel's start lost a race for a port and died)
                    print(f"the pool holds {len(found)} live kernels of {count}", flush=True)
                return time.monotonic() - start
        time.sleep(0.5)
    raise SystemExit(f"the server's pool of {count} did not fill within {seconds:.0f} s")


METRICS = ("ProcessTime", "ThreadTime", "TaskDuration", "ScriptDuration", "V8CompileDuration", "LayoutDuration",
           "RecalcStyleDuration")  # Chromium's own CPU account of a page (CDP Performance.getMetrics), seconds
HEAP = "JSHeapUsedSize"  # the page's JavaScript heap in use once the first screen is up (bytes; reported in MB)


@dataclass
class Pages:
    """What the pages of one run measured: each page's seconds to the Start button (``nan``: never got
    there), its renderer's metrics (:data:`METRICS`), and Chromium's CPU seconds in all meanwhile."""

    times: list[float] = field(default_factory=list)
    metrics: list[dict[str, float]] = field(default_factory=list)
    browser_cpu: float = 0.0
    kinds: dict[str, float] = field(default_factory=dict)


async def first_screen(context: Any, url: str, i: int, pages: Pages) -> None:
    """Open the app in ``context`` and wait for the new-game screen; note the time and the page's metrics."""
    page = await context.new_page()
    cdp = await context.new_cdp_session(page)
    await cdp.send("Performance.enable")
    start = time.monotonic()
    try:
        await page.goto(url, timeout=180_000)
        await page.wait_for_selector(".iex-start", state="visible", timeout=180_000)
        pages.times[i] = time.monotonic() - start
        found = {m["name"]: m["value"] for m in (await cdp.send("Performance.getMetrics"))["metrics"]}
        pages.metrics.append({name: found.get(name, float("nan")) for name in (*METRICS, HEAP)})
    except Exception as e:  # noqa: BLE001 (a page that failed counts as failed, whatever the cause)
        print(f"page {i} failed after {time.monotonic() - start:.0f} s: {str(e).splitlines()[0][:200]}",
              file=sys.stderr)


async def open_pages(url: str, count: int, spread: float, devices: list[Any] | None = None,
                     browser: Any = None) -> Pages:
    """Open the app on ``count`` devices over ``spread`` seconds: each its own context of ``browser``
    (a cold cache), or the given persistent ``devices`` (their caches as an earlier visit left them)."""
    pages = Pages(times=[float("nan")] * count)

    async def one(i: int) -> None:
        await asyncio.sleep(i * spread / max(1, count - 1))
        if devices is not None:
            await first_screen(devices[i], url, i, pages)
        else:
            context = await browser.new_context(viewport=VIEWPORT)
            await first_screen(context, url, i, pages)

    before = cpu_by_kind()
    await asyncio.gather(*(one(i) for i in range(count)))
    after = cpu_by_kind()
    pages.kinds = {kind: spent - before.get(kind, 0.0) for kind, spent in after.items()}
    pages.browser_cpu = sum(pages.kinds.values())
    return pages


def cpu_by_kind() -> dict[str, float]:
    """Chromium's CPU seconds so far by kind of process (``browser``, ``renderer``, ``gpu-process``,
    ``utility``: the network service and others)."""
    kinds: dict[str, float] = {}
    for p in browsers():
        try:
            kind = next((a.split("=", 1)[1] for a in p.cmdline() if a.startswith("--type=")), "browser")
            kinds[kind] = kinds.get(kind, 0.0) + sum(p.cpu_times()[:2])
        except psutil.NoSuchProcess:
            pass
    return kinds


def notebook_of(app: str, folder: Path) -> Path:
    """The notebook ``app`` names: the app's own, or (``trivial``) one button written into ``folder``."""
    if app == "app":
        return APP_NOTEBOOK
    path = folder / "trivial.ipynb"
    path.write_text(json.dumps(TRIVIAL), encoding="utf-8")
    return path


@contextmanager
def app_server(pool: int, port: int, folder: Path, app: str = "app",
               template: str = TEMPLATE) -> Iterator[tuple[psutil.Process, float, Path]]:
    """A fresh server of ``importexport app --pool N`` (its Voila command, run as the command runs it)
    on ``port`` serving ``app`` (:func:`notebook_of`) with Voila's page ``template`` and its rooms in
    ``folder``, once its pool is full: its process, the seconds the pool took to fill, and its log."""
    env = {**server_env(), "IMPORTEXPORT_ROOMS": str(folder / "rooms.sqlite3")}
    cmd = [f"--template={template}" if a.startswith("--template=") else a
           for a in app_command(port, True, pool=pool, notebook=notebook_of(app, folder))]
    log_path = folder / f"{app}-{port}-{time.monotonic_ns()}.log"
    with open(log_path, "w", encoding="utf-8") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=APP_NOTEBOOK.parent)
        try:
            server = psutil.Process(proc.pid)
            yield server, settled(server, pool, 900, log_path), log_path
        finally:
            stop(proc)


def stop(proc: subprocess.Popen[Any], seconds: float = 60) -> None:
    """End a server: SIGTERM (it shuts its kernels down), SIGKILL if it has not ended after ``seconds``."""
    proc.terminate()
    try:
        proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.kill()


@dataclass
class Usage:
    """The server's processes and their CPU seconds so far (:meth:`spent`: since then, per page)."""

    server: psutil.Process
    kernels: float = 0.0
    voila: float = 0.0

    def __post_init__(self) -> None:
        self.kernels = cpu_of(kernels(self.server))
        self.voila = cpu_of(self.voila_process())

    def voila_process(self) -> list[psutil.Process]:
        return [self.server]  # (Voila itself: app_server starts its command)

    def spent(self, pages: int) -> str:
        used = (cpu_of(kernels(self.server)) - self.kernels) / pages
        served = (cpu_of(self.voila_process()) - self.voila) / pages
        return f"kernels {used:.2f} s, Voila's server {served:.2f} s"


def load() -> str:
    """The machine's load averages (1, 5 and 15 minutes), as a note beside every figure."""
    return "load " + "/".join(f"{x:.1f}" for x in os.getloadavg())


def spread_of(times: list[float]) -> tuple[list[float], str]:
    """The times that came (sorted) and their median and worst, as a phrase."""
    ok = sorted(t for t in times if t == t)
    if not ok:
        return ok, "none came"
    return ok, f"median {statistics.median(ok):.1f} s, worst {ok[-1]:.1f} s"


def keep_log(log_path: Path, name: str) -> Path:
    """Copy a failed run's server log where it outlives the run."""
    kept = Path(tempfile.gettempdir()) / name
    kept.write_text(log_path.read_text(encoding="utf-8"), encoding="utf-8")
    return kept


@dataclass(frozen=True)
class Run:
    """What one run opens: ``pages`` pages of ``app`` (:func:`notebook_of`) over ``spread`` seconds,
    against a fresh server with ``pool`` preheated kernels, with a ``cold`` or ``warm`` cache."""

    pool: int
    pages: int
    spread: float
    app: str = "app"
    cache: str = "cold"
    template: str = TEMPLATE

    @property
    def name(self) -> str:
        """The app, and the template if it is not the app's."""
        return self.app if self.template == TEMPLATE else f"{self.app} ({self.template})"


def per_page(run: Run, pages: Pages) -> dict[str, float]:
    """A browser run's figures per page: the worst time to the first screen, Chromium's CPU seconds (in
    all and by kind of process) and the renderer's metrics (medians)."""
    ok, _ = spread_of(pages.times)
    figures = {"worst": ok[-1] if ok else float("nan"), "Chromium": pages.browser_cpu / run.pages}
    figures.update({kind: spent / run.pages for kind, spent in pages.kinds.items()})
    if pages.metrics:
        figures.update({name: statistics.median(m[name] for m in pages.metrics) for name in METRICS})
        figures[HEAP] = statistics.median(m[HEAP] for m in pages.metrics) / 2**20
    return figures


def report_pages(run: Run, pages: Pages, usage: Usage, filled: float, log_path: Path) -> dict[str, float]:
    """Print one browser run's figures; :func:`per_page` of them."""
    server = usage.server
    ok, summary = spread_of(pages.times)
    failed = run.pages - len(ok)
    if failed:
        kept = keep_log(log_path, f"bench_class_{run.app}_pool{run.pool}.log")
        print(f"pool {run.pool}: {failed} of {run.pages} pages never came up (the server's log: {kept})", flush=True)
    found = kernels(server)
    memory = kernel_memory(found)
    figures = per_page(run, pages)
    split = ", ".join(f"{name} {figures[name]:.2f} s" for name in METRICS if name in figures)
    if HEAP in figures:
        split += f", {HEAP} {figures[HEAP]:.1f} MB"
    kinds = ", ".join(f"{kind} {spent / run.pages:.2f} s" for kind, spent in sorted(pages.kinds.items()))
    print(f"{run.name}, pool {run.pool}, {run.cache} cache: {run.pages} pages over {run.spread:.0f} s: first screen "
          f"{summary}{f', {failed} never came up' if failed else ''} (target: worst <= 30 s); the pool filled in "
          f"{filled:.0f} s; with the pages up {len(found)} kernels, {memory / 2**20:.0f} MB in all "
          f"({memory / 2**20 / max(1, len(found)):.0f} MB each); CPU per page while they opened: "
          f"{usage.spent(run.pages)}, Chromium {pages.browser_cpu / run.pages:.1f} s (on the devices, in a class: "
          f"{kinds}); a page's renderer, median: {split}; {load()} at the end", flush=True)
    return figures


async def browser_run(url: str, count: int, spread: float) -> Pages:
    """``count`` pages with cold caches: one browser, a fresh context each."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM)
        try:
            return await open_pages(url, count, spread, browser=browser)
        finally:
            await browser.close()


def browser_class(run: Run) -> dict[str, float]:
    """Pages with cold caches against a fresh server."""
    with tempfile.TemporaryDirectory() as name, \
            app_server(run.pool, free_port(), Path(name), run.app, run.template) as (server, filled, log):
        usage = Usage(server)
        port = server_port(server)
        pages = asyncio.run(browser_run(f"http://127.0.0.1:{port}/", run.pages, run.spread))
        return report_pages(run, pages, usage, filled, log)


def server_port(server: psutil.Process) -> int:
    """The port the app's command line names."""
    return next(int(a.split("=", 1)[1]) for a in server.cmdline() if a.startswith("--port="))


async def warm_run(run: Run, folder: Path) -> dict[str, float]:
    """Devices that opened the app before: a persistent Chromium profile each opens the app
    :data:`WARM_VISITS` times against
    a first server (its cache, cookies and storage kept), then, against a fresh server on the same port
    (the same origin: the same cache entries), the timed run."""
    from playwright.async_api import async_playwright

    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    count = run.pages
    async with async_playwright() as pw:
        devices = [await pw.chromium.launch_persistent_context(
            str(folder / f"device{i}"), executable_path=CHROMIUM, viewport=VIEWPORT) for i in range(count)]
        try:
            with app_server(count * WARM_VISITS, port, folder, run.app, run.template):  # (a kernel ready for every visit)
                for _visit in range(WARM_VISITS):
                    for group in range(0, count, WARM_GROUP):
                        await open_pages(url, min(WARM_GROUP, count - group), 0, devices[group:group + WARM_GROUP])
                    for device in devices:
                        for page in device.pages:
                            await page.close()
            with app_server(run.pool, port, folder, run.app, run.template) as (server, filled, log):
                usage = Usage(server)
                pages = await open_pages(url, count, run.spread, devices)
                return report_pages(run, pages, usage, filled, log)
        finally:
            for device in devices:
                await device.close()


def protocol_class(run: Run) -> dict[str, float]:
    """Light clients (class_protocol.py) making one real page's requests, against a fresh server with
    ``pool`` preheated kernels for them (and one more for the page that is recorded first)."""
    pool, count, spread = run.pool, run.pages, run.spread
    with tempfile.TemporaryDirectory() as name, \
            app_server(pool + 1, free_port(), Path(name), run.app, run.template) as (server, filled, log):
        url = f"http://127.0.0.1:{server_port(server)}/"
        paths = asyncio.run(class_protocol.record(url))
        usage = Usage(server)
        devices = asyncio.run(class_protocol.class_of_devices(url, paths, count, spread))
        spent = usage.spent(count)
        failed = [d.failed for d in devices if d.failed]
        if failed:
            kept = keep_log(log, f"bench_class_protocol{pool}.log")
            print(f"pool {pool}: {len(failed)} of {count} devices failed, first: {failed[0]} (log: {kept})")
        ok, summary = spread_of([d.state for d in devices])
        phases = ", ".join(f"{label} {statistics.median(getattr(d, attr) for d in devices if not d.failed):.2f} s"
                           for label, attr in (("page", "page"), ("files", "files"), ("socket open", "socket")))
        print(f"{run.name}, pool {pool}, protocol clients: {count} devices over {spread:.0f} s, {len(paths)} requests "
              f"each and the widgets' states ({max((d.widgets for d in devices), default=0)} widgets, "
              f"{statistics.median(d.received for d in devices) / 2**20:.1f} MB received): first screen's state "
              f"{summary} (target: worst <= 30 s); medians: {phases}; the pool filled in {filled:.0f} s; "
              f"CPU per device: {spent}; {load()} at the end", flush=True)
        return {"worst": ok[-1] if ok else float("nan")}


def one_class(run: Run, clients: str = "browser") -> dict[str, float]:
    """One run against a fresh server: protocol clients, or Chromium pages with a cold or warm cache;
    its figures per page."""
    if clients == "protocol":
        return protocol_class(run)
    if run.cache == "warm":
        with tempfile.TemporaryDirectory() as name:
            return asyncio.run(warm_run(run, Path(name)))
    return browser_class(run)


def paired(results: dict[str, list[dict[str, float]]]) -> None:
    """Each app's medians over the rounds and, for two, their ratio (the first over the second)."""
    apps = list(results)
    names = [name for name in results[apps[0]][0] if all(name in r for rs in results.values() for r in rs)]
    medians = {app: {name: statistics.median(r[name] for r in rs) for name in names} for app, rs in results.items()}
    for name in names:
        line = ", ".join(f"{app} {medians[app][name]:.2f}" for app in apps)
        if len(apps) == 2 and medians[apps[1]][name]:
            line += f", ratio {medians[apps[0]][name] / medians[apps[1]][name]:.2f}"
        print(f"  {name} ({'MB' if name == HEAP else 's'} per page, median of {len(results[apps[0]])} rounds): {line}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pages", type=int, default=30)
    ap.add_argument("--spread", type=float, default=3.0, help="seconds over which the pages are opened")
    ap.add_argument("--pool", type=int, action="append", help="preheated kernels (repeat to compare)")
    ap.add_argument("--clients", choices=("browser", "protocol"), default="browser",
                    help="Chromium pages, or light clients making a page's requests (the server's share)")
    ap.add_argument("--cache", choices=("cold", "warm"), default="cold",
                    help="browser pages: a fresh context each, or a device that opened the app once before")
    ap.add_argument("--app", choices=("app", "trivial"), action="append",
                    help="the app, or a one-button notebook served the same way (repeat: alternate them)")
    ap.add_argument("--template", action="append", help="Voila's page template instead of the app's (repeat: "
                    "alternate them)")
    ap.add_argument("--rounds", type=int, default=1, help="how often each app is run, in alternation")
    args = ap.parse_args()
    kinds = [(app, template) for app in dict.fromkeys(args.app or ["app"])
             for template in dict.fromkeys(args.template or [TEMPLATE])]
    for pool in args.pool or [args.pages, 1]:
        results: dict[str, list[dict[str, float]]] = {}
        for _round in range(args.rounds):
            for app, template in kinds:
                run = Run(pool, args.pages, args.spread, app, args.cache, template)
                results.setdefault(run.name, []).append(one_class(run, args.clients))
        if len(results) > 1 or args.rounds > 1:
            print(f"pool {pool}, {args.cache} cache, {args.pages} pages: " + " / ".join(results), flush=True)
            paired(results)


if __name__ == "__main__":
    main()
