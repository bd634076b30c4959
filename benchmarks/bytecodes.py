"""Python bytecode instructions per decision, counted (a figure that no other process on the machine disturbs).

    python benchmarks/bytecodes.py [REV] [--games 5] [--players 4]

Plays ``--games`` seeded random games (``importexport.bench.run_games``: the basic rules, then
abilities with every module) under a trace function that counts every bytecode instruction the
interpreter runs in Python code, and prints the instructions per decision of each.  With ``REV``
(an earlier commit, exported as ``bench_against`` does) the same is counted for it and the ratio
printed (now / then; below 1: fewer).  Work done inside C (a list compared, a set tested) counts as
the one instruction that asks for it, so this is a guide beside the timed rounds, not a clock.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_against import now_and_then  # noqa: E402

COUNT = r"""
import json, sys
from importexport.bench import ALL_MODULES, run_games
import importexport.importexport.savefile  # (imported before counting: the first save imports it)

games, players = int(sys.argv[1]), int(sys.argv[2])
out = {}
for name, abilities, modules in (("basic", False, ()), ("abilities+all", True, ALL_MODULES)):
    count = [0]

    def tracer(frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            count[0] += 1
        return tracer

    sys.settrace(tracer)
    result = run_games(players, games, 0, abilities, modules)
    sys.settrace(None)
    out[name] = round(count[0] / result["decisions"], 1)
print(json.dumps(out))
"""


def count(where: Path, games: int, players: int) -> dict[str, float]:
    """Instructions per decision in each configuration, for the package in ``where``."""
    out = subprocess.run([sys.executable, "-c", COUNT, str(games), str(players)], cwd=where, capture_output=True,
                         text=True, check=True, env={"PYTHONPATH": str(where), "PATH": "/usr/bin:/bin"})
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", nargs="?", help="an earlier commit to compare with, e.g. HEAD~3 or a hash")
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    report = now_and_then(count, args.rev, args.games, args.players, 3)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
