"""The browser tests' helper that waits for an app server (``browser_kit.listening``): a server that
listens and says where it is passes, one that has ended fails at once with its log, one that never
listens fails at the ceiling."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser_kit import free_port, listening

SERVER = """import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen()
print(f"http://127.0.0.1:{sys.argv[1]}/", flush=True); time.sleep(60)"""
"""A stand-in for the app: it listens on the port it is given, then says where it is."""


@contextmanager
def running(code: str, log: Path, *args: str) -> Iterator[subprocess.Popen[str]]:
    with open(log, "w", encoding="utf-8") as out:
        proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=out, stderr=subprocess.STDOUT, text=True)
    try:
        yield proc
    finally:
        proc.kill()
        proc.wait(timeout=20)


def test_a_server_that_listens_passes(tmp_path: Path) -> None:
    port = free_port()
    with running(SERVER, tmp_path / "app.log", str(port)) as proc:
        listening(proc, port, tmp_path / "app.log")
        assert proc.poll() is None


def test_a_server_that_ended_fails_at_once_with_its_log(tmp_path: Path) -> None:
    code = "import sys; print('the store cannot be opened'); sys.exit(3)"
    with running(code, tmp_path / "app.log") as proc:
        proc.wait(timeout=20)
        # (the ceiling is far off: only the ended process can make this fail soon, and it says so)
        with pytest.raises(pytest.fail.Exception, match=r"ended \(exit code 3\)[\s\S]*the store cannot be opened"):
            listening(proc, free_port(), tmp_path / "app.log", ceiling=3600)


def test_a_server_that_never_listens_fails_at_the_ceiling(tmp_path: Path) -> None:
    with running("import time; print('still starting', flush=True); time.sleep(60)", tmp_path / "app.log") as proc:
        with pytest.raises(pytest.fail.Exception, match=r"did not listen within 1 s[\s\S]*still starting"):
            listening(proc, free_port(), tmp_path / "app.log", ceiling=1)
        assert proc.poll() is None
