"""Rooms: how soon a device sees another device's move (issue 31's target: median and p95 within 500 ms).

    python benchmarks/bench_rooms.py [--moves 60] [--rounds 3] [--postgres]
    python benchmarks/bench_rooms.py --class [--rooms 5] [--seats 6] [--postgres]

Two separate Python processes (as two app servers would) hold the two seats of one Port Royal room and
play ``--moves`` moves, each waiting for the other's through the store's change notification (SQLite's
change counter; with ``--postgres`` also a throwaway PostgreSQL server's NOTIFY, started as the tests
start theirs).  The lag of a move is from its storing to the other process having it; the report gives
the median, the p95 and the worst over all rounds, and the share of the target they use (a ratio, so
that a loaded machine reads as loaded: the processes' own work counts, as it does in the app).

With ``--class``: a class at once. ``--rooms`` Import/Export rooms of ``--seats`` people each (five of
six: thirty devices), every seat its own process (a device's kernel, without its page), all rooms
played to the end at the same time on one store; the report gives the same lags over every move of
every room, the moves per room and the whole time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from importexport.rooms import RoomService  # noqa: E402

TARGET = 0.5


def play_rooms(url: str, game: str, options: dict[str, object], rooms: int, seats: int, moves: int, seed: int,
               wait: float, timeout: float) -> list[dict[str, Any]]:
    """``rooms`` rooms of ``seats`` people each, every seat a process of its own (``tests/rooms_player.py``),
    all playing at once until ``moves`` moves are seen or the game ends; each process's report."""
    service = RoomService(url)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    players = []
    for r in range(rooms):
        opened = service.open(game, options, ["person"] * seats, seed=seed + r)
        tokens = dict(service.take_seat(opened.code) for _ in range(seats))
        service.start(opened.code, opened.opener)
        players += [
            subprocess.Popen([sys.executable, str(ROOT / "tests" / "rooms_player.py"), url, opened.code, token,
                              str(moves), str(seat + 100 * (seed + r)), str(wait)],
                             stdout=subprocess.PIPE, text=True, env=env)
            for seat, token in tokens.items()
        ]
    reports = []
    for p in players:
        out, _ = p.communicate(timeout=timeout)
        if p.returncode != 0:
            raise SystemExit(f"a device's process failed (exit {p.returncode})")
        reports.append(json.loads(out))
    service.store.close()
    return reports


def lags_of(reports: list[dict[str, Any]]) -> list[float]:
    return [lag for got in reports for _, lag in got["lags"]]


def one_round(url: str, moves: int, seed: int) -> list[float]:
    """The lags of one Port Royal game of two processes."""
    return lags_of(play_rooms(url, "portroyal", {"mode": "base"}, 1, 2, moves, seed, wait=5.0, timeout=600))


def one_class(url: str, rooms: int, seats: int) -> list[float]:
    """The lags of ``rooms`` Import/Export rooms of ``seats`` devices each, played to the end at once."""
    reports = play_rooms(url, "importexport", {}, rooms, seats, 10**9, 0, wait=20.0, timeout=3600)
    seen = [got["seen"] for got in reports]
    print(f"{rooms} rooms of {seats} devices played to the end: {min(seen)} to {max(seen)} moves per room")
    return lags_of(reports)


def report(name: str, lags: list[float]) -> None:
    lags = sorted(lags)
    median = statistics.median(lags)
    p95 = lags[int(0.95 * (len(lags) - 1))]
    print(f"{name}: {len(lags)} moves seen by the other process: median {median * 1000:.0f} ms "
          f"({median / TARGET:.2f} of the 500 ms target), p95 {p95 * 1000:.0f} ms ({p95 / TARGET:.2f}), "
          f"worst {lags[-1] * 1000:.0f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--postgres", action="store_true", help="also on a throwaway PostgreSQL server")
    ap.add_argument("--class", dest="whole_class", action="store_true", help="rooms of a class at once")
    ap.add_argument("--rooms", type=int, default=5)
    ap.add_argument("--seats", type=int, default=6)
    args = ap.parse_args()
    if args.whole_class:
        with tempfile.TemporaryDirectory() as folder:
            report("SQLite, a class", one_class(str(Path(folder) / "rooms.sqlite3"), args.rooms, args.seats))
        if args.postgres:
            from postgres_kit import fresh_database, postgres_server

            with postgres_server() as server:
                report("PostgreSQL, a class", one_class(fresh_database(server), args.rooms, args.seats))
        return
    with tempfile.TemporaryDirectory() as folder:
        lags: list[float] = []
        for r in range(args.rounds):
            lags += one_round(str(Path(folder) / f"rooms{r}.sqlite3"), args.moves, r)
        report("SQLite", lags)
    if args.postgres:
        from postgres_kit import fresh_database, postgres_server

        with postgres_server() as server:
            lags = []
            for r in range(args.rounds):
                lags += one_round(fresh_database(server), args.moves, r)
            report("PostgreSQL", lags)


if __name__ == "__main__":
    main()
