"""A throwaway PostgreSQL server for the room tests: ``initdb`` and ``pg_ctl`` in a temporary folder,
on a free port of 127.0.0.1, stopped and deleted at the end (about 1-2 s).

The binaries are looked up on the PATH, then in Debian's ``/usr/lib/postgresql/<version>/bin``.
Without them the tests that need a server are skipped, unless ``IMPORTEXPORT_REQUIRE_POSTGRES=1``
(set by ``.ci/run``) says they must run: then they fail.  PostgreSQL refuses to run as root, so
under root (CI) the server runs as the user ``nobody``: its folder belongs to that user and each
command drops to it before it starts.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

REQUIRED = os.environ.get("IMPORTEXPORT_REQUIRE_POSTGRES") == "1"


def binaries() -> Path | None:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``, or ``None``."""
    found = shutil.which("initdb")
    candidates = ([Path(found).resolve().parent] if found else []) + [
        Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    ]
    for folder in candidates:
        if all((folder / name).exists() for name in ("initdb", "pg_ctl", "postgres")):
            return folder
    return None


def need_postgres() -> Path:
    """The binaries' folder; else skip the test (or fail it, where PostgreSQL is required)."""
    folder = binaries()
    if folder is None:
        message = "PostgreSQL's initdb/pg_ctl/postgres are not installed (apt-get install postgresql)"
        if REQUIRED:
            pytest.fail(message + ", and IMPORTEXPORT_REQUIRE_POSTGRES=1 says the tests must run")
        pytest.skip(message)
    try:
        import psycopg  # noqa: F401
    except ImportError:
        if REQUIRED:
            pytest.fail("psycopg is not installed (pip install -e .[test])")
        pytest.skip("psycopg is not installed (pip install -e .[test])")
    return folder


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_server_user() -> tuple[Callable[[], None] | None, int | None]:
    """How to run a command as the server's user: as ``nobody`` when we are root, else as we are."""
    if os.geteuid() != 0:
        return None, None
    import pwd

    nobody = pwd.getpwnam("nobody")

    def drop() -> None:
        os.setgid(nobody.pw_gid)
        os.setgroups([])
        os.setuid(nobody.pw_uid)

    return drop, nobody.pw_uid


@dataclass
class Server:
    url: str
    """``postgresql://postgres@127.0.0.1:PORT/postgres``"""
    restart: Callable[[], None]
    """Stop the server (fast: its sessions are cut) and start it again on the same port and data."""
    stop: Callable[[], None]
    """Stop the server (fast): nothing answers on its port until :attr:`start`."""
    start: Callable[[], None]
    """Start the stopped server again on the same port and data."""


@contextmanager
def postgres_server() -> Iterator[Server]:
    """A running server."""
    folder = need_postgres()
    drop, uid = _as_server_user()
    # (under root the folder's parents must let nobody through: /tmp does, a private TMPDIR may not)
    root = Path(tempfile.mkdtemp(prefix="iex-pg-", dir="/tmp" if uid is not None else None))
    data, log = root / "data", root / "server.log"
    if uid is not None:
        os.chown(root, uid, -1)
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "HOME": str(root)}
    port = free_port()

    def run(*args: str) -> None:
        done = subprocess.run(args, cwd=root, env=env, preexec_fn=drop, capture_output=True, text=True, timeout=60)
        if done.returncode:
            text = log.read_text(errors="replace") if log.exists() else ""
            raise RuntimeError(f"{args[0]} failed ({done.returncode}): {done.stdout}{done.stderr}{text}")

    options = (
        f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off"
        " -c full_page_writes=off -c max_connections=40 -c shared_buffers=16MB"
    )
    try:
        run(str(folder / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8")
        run(str(folder / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(log), "-w", "-t", "30", "start")

        def restart() -> None:
            run(str(folder / "pg_ctl"), "-D", str(data), "-m", "fast", "-l", str(log), "-w", "-t", "30", "restart", "-o", options)

        def stop() -> None:
            run(str(folder / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "-t", "30", "stop")

        def start() -> None:
            run(str(folder / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(log), "-w", "-t", "30", "start")

        yield Server(f"postgresql://postgres@127.0.0.1:{port}/postgres", restart, stop, start)
    finally:
        if (data / "postmaster.pid").exists():
            try:
                run(str(folder / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
            except (RuntimeError, subprocess.TimeoutExpired):
                pass
        shutil.rmtree(root, ignore_errors=True)


def fresh_database(server: Server) -> str:
    """A new, empty database on ``server`` (so each test starts from no tables); its URL."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(server.url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return server.url.rsplit("/", 1)[0] + "/" + name


def wait_until(check: Callable[[], bool], timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.02)
    return check()
