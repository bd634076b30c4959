"""Thirty kernels starting at once: does any die?  (A kernel of a pool of thirty once lost a race for a
TCP port, ``Address already in use``, and died; the app now uses Unix sockets on Linux,
``importexport.cli.kernel_transport``.)

    python benchmarks/bench_kernel_start.py [--pool 30] [--servers 1] [--rounds 1] [--transport app|tcp|ipc]

Each round starts ``--servers`` Voila servers of the app at once (the command ``importexport app
--pool N`` runs, with the kernels' transport as the app chooses it or as ``--transport`` says), waits
until every server's log says its pool is full (or 15 minutes), then counts the kernels alive below
each server and the signs of a death in its log (a port taken, a kernel restarted or dead).  The
report: per round, the kernels alive of those asked for, the deaths seen, the seconds to a full pool,
and the machine's load.  Exit status 1 if a kernel died or a pool did not fill.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import psutil
from bench_class import FILLED, free_port, kernels, load, stop

from importexport.cli import app_command, kernel_transport, server_env

DEATHS = ("Address already in use", "restarting kernel", "Kernel died", "KernelDied", "died unexpectedly")
"""What Voila's (jupyter_server's) log says when a kernel could not bind its sockets or has died."""
WAIT_SECONDS = 900.0


def command(port: int, pool: int, transport: str) -> list[str]:
    """The app's Voila command on ``port`` with ``pool`` preheated kernels; ``transport`` replaces the
    app's own choice unless it is ``app``."""
    cmd = app_command(port, no_browser=True, pool=pool)
    if transport != "app":
        cmd = [a for a in cmd if not a.startswith("--KernelManager.transport=")]
        cmd.append(f"--KernelManager.transport={transport}")
    return cmd


@contextmanager
def server(pool: int, transport: str, folder: Path) -> Iterator[tuple[psutil.Process, Path]]:
    """One Voila server of the app (its rooms in ``folder``), its process and its log, ended afterwards."""
    port = free_port()
    log_path = folder / f"voila-{port}.log"
    env = {**server_env(), "IMPORTEXPORT_ROOMS": str(folder / f"rooms-{port}.sqlite3")}
    with open(log_path, "w", encoding="utf-8") as log:
        proc = subprocess.Popen(command(port, pool, transport), stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        yield psutil.Process(proc.pid), log_path
    finally:
        stop(proc, 120)


def filled(log_path: Path) -> bool:
    return FILLED in log_path.read_text(encoding="utf-8", errors="replace")


def deaths(log_path: Path) -> int:
    """The lines of the log that tell of a kernel's death."""
    lines = log_path.read_text(encoding="utf-8", errors="replace").splitlines()
    return sum(any(sign in line for sign in DEATHS) for line in lines)


def one_round(pool: int, servers: int, transport: str) -> bool:
    """Start the servers at once, wait for their pools, report; True if every kernel lived."""
    with tempfile.TemporaryDirectory(prefix="bench_kernel_start_") as tmp, ExitStack() as stack:
        started = [stack.enter_context(server(pool, transport, Path(tmp))) for _ in range(servers)]
        start = time.monotonic()
        while not all(filled(log) for _, log in started) and time.monotonic() - start < WAIT_SECONDS:
            if any(not proc.is_running() or proc.status() == psutil.STATUS_ZOMBIE for proc, _ in started):
                break
            time.sleep(1.0)
        took = time.monotonic() - start
        time.sleep(5.0)  # (a kernel that dies right after its start shows in the log a moment later)
        alive = sum(len(kernels(proc)) for proc, _ in started)
        died = sum(deaths(log) for _, log in started)
        full = all(filled(log) for _, log in started)
        print(f"{alive} of {pool * servers} kernels alive, {died} deaths in the logs, pools "
              f"{'full' if full else 'NOT full'} after {took:.0f} s ({load()})", flush=True)
        if died or not full or alive < pool * servers:
            for _, log in started:
                kept = Path(tempfile.gettempdir()) / f"bench_kernel_start-{log.name}"
                kept.write_text(log.read_text(encoding="utf-8", errors="replace"), encoding="utf-8")
                print(f"  the server's log: {kept}", flush=True)
            return False
        return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pool", type=int, default=30, help="preheated kernels per server")
    parser.add_argument("--servers", type=int, default=1, help="servers started at once")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--transport", choices=("app", "tcp", "ipc"), default="app")
    args = parser.parse_args(argv)
    chosen = kernel_transport() if args.transport == "app" else args.transport
    print(f"{args.rounds} round(s): {args.servers} server(s) x {args.pool} kernels at once, transport "
          f"{chosen}, {os.cpu_count()} cores", flush=True)
    good = sum(one_round(args.pool, args.servers, args.transport) for _ in range(args.rounds))
    print(f"{good} of {args.rounds} round(s) without a death", flush=True)
    return 0 if good == args.rounds else 1


if __name__ == "__main__":
    sys.exit(main())
