"""The engine now beside the engine of an earlier commit, measured in one run on this machine.

    python benchmarks/bench_against.py REV [--rounds 5] [--games 100] [--players 4] [--abilities] [--modules all]

The earlier engine is exported from git (``git archive REV importexport``) into a temporary
folder; both engines then play the same seeded random games with ``python -m importexport.bench``,
round after round in alternation (so that a busy moment of a shared machine hits both alike).
Prints each round with its paired ratio (now / then, the two runs side by side), then the best and
the median decisions per second of each, their ratios and the median of the paired ratios
(``ratio_paired_median``; ``--cpu``: timed by each process's own time, which other processes disturb
less than the wall clock); on a quiet machine the best round (as ``timeit`` takes the fastest) is
the least disturbed, so ``ratio_best`` is the figure to read there; on a busy one, the paired
median (a busy moment slows both runs of a round alike); 1.0 or more means no slower.  (Random bots choose among the legal options, so a change
of the rules that changes the options also changes the games played: compare like with like.)
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def export(rev: str, into: Path) -> None:
    """The ``importexport`` package as it was at ``rev``, unpacked into ``into``."""
    archive = subprocess.run(["git", "archive", rev, "importexport"], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


def now_and_then(count: Callable[[Path, int, int], dict[str, Any]], rev: str | None, games: int, players: int,
                 digits: int) -> dict[str, object]:
    """A per-decision count (``count(where, games, players)``) of this tree, and with ``rev`` the same of that
    commit and their ratio (now / then, ``digits`` decimals): the report of bytecodes.py and instructions.py."""
    now = count(ROOT, games, players)
    report: dict[str, object] = {"games": games, "players": players, "now": now}
    if rev:
        with tempfile.TemporaryDirectory() as tmp:
            export(rev, Path(tmp))
            then = count(Path(tmp), games, players)
        report["then"] = then
        report["ratio"] = {k: round(now[k] / then[k], digits) for k in now}
    return report


CPU = r"""
import inspect, json, sys, time, types
from importexport.bench import main, run_games
import importexport.bench as bench

if "clock" in inspect.signature(run_games).parameters:
    bench.run_games = lambda *a, **k: run_games(*a, **k, clock=time.process_time)  # (the process's own time)
else:  # (an older run_games reads ``time.perf_counter`` itself: its module's ``time`` gives the process's time)
    bench.time = types.SimpleNamespace(perf_counter=time.process_time)
main(sys.argv[1:])
"""
"""``python -m importexport.bench`` timed by the process's time (``--cpu``; also for a commit whose
``run_games`` takes no ``clock``)."""


def bench(where: Path, args: list[str], cpu: bool = False) -> dict[str, object]:
    command = ["-c", CPU] if cpu else ["-m", "importexport.bench"]
    out = subprocess.run([sys.executable, *command, *args], cwd=where, capture_output=True,
                         text=True, check=True, env={"PYTHONPATH": str(where), "PATH": "/usr/bin:/bin"})
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the earlier commit, e.g. HEAD~3 or a hash")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--abilities", action="store_true")
    ap.add_argument("--modules", default="")
    ap.add_argument("--cpu", action="store_true", help="time by the process's own time, not the wall clock")
    args = ap.parse_args()
    flags = ["--players", str(args.players), "--games", str(args.games), "--seed", str(args.seed)]
    flags += ["--abilities"] if args.abilities else []
    flags += ["--modules", args.modules] if args.modules else []
    then: list[float] = []
    now: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp)
        export(args.rev, old)
        for r in range(args.rounds):
            a, b = bench(old, flags, args.cpu), bench(ROOT, flags, args.cpu)
            then.append(float(a["decisions_per_s"]))  # type: ignore[arg-type]
            now.append(float(b["decisions_per_s"]))  # type: ignore[arg-type]
            print(f"round {r + 1}: {args.rev} {then[-1]:,.0f}/s, now {now[-1]:,.0f}/s, ratio {now[-1] / then[-1]:.3f} "
                  f"(decisions per game {a['mean_decisions_per_game']} / {b['mean_decisions_per_game']})")
    print(json.dumps({
        "rev": args.rev, "flags": flags, "rounds": args.rounds, "clock": "process" if args.cpu else "wall",
        "then_best": round(max(then)), "now_best": round(max(now)), "ratio_best": round(max(now) / max(then), 3),
        "then_median": round(statistics.median(then)), "now_median": round(statistics.median(now)),
        "ratio_median": round(statistics.median(now) / statistics.median(then), 3),
        "ratio_paired_median": round(statistics.median(b / a for a, b in zip(then, now)), 3),
    }))


if __name__ == "__main__":
    main()
