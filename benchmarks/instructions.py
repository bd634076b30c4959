"""Machine instructions per decision, counted by Valgrind (a figure no other process on the machine disturbs).

    python benchmarks/instructions.py [REV] [--games 3] [--players 4]

``bytecodes.py`` counts Python's instructions, where a set built or a list compared in C counts as
one: a change with fewer of them can still be slower.  This counts what the processor runs
(Valgrind's ``cachegrind`` tool, its ``I refs``), the work inside C included: the same seeded random
games (``importexport.bench.run_games``, the basic rules, then abilities with every module) are
counted once with ``--games`` games and once with none, and the difference is divided by the
decisions.  Both counts start after one warm-up game and ``gc.freeze()`` (so that a full garbage
collection over the imported modules, which falls into one count or the other by chance, does not
blur a difference of a fraction of a percent; ``--gc``: without the freeze, as ``bench_engine.py`` runs,
though three games rarely see a full collection).  Needs ``valgrind`` on the PATH; some forty times
slower than the games themselves.  With ``REV`` (exported as ``bench_against`` does) the same is
counted for it and the ratio printed (now / then; below 1: fewer).

Also counted (``--chess-games``, 0: not): the instructions per python-chess random ply, the loop of
``importexport.bench.chess_plies_per_second`` (legal moves listed, one chosen, pushed, game over
checked; ``chess_random_game``), counted the same way (with and without the games).  Their quotients
(``load_free``) are the load-independent estimates of ``bench_engine.py --rounds``' two ratios:
``basic_to_chess`` = instructions per chess ply / per basic decision (issue 27's target: 4) and
``all_to_basic`` = per basic decision / per decision with abilities and every module (target: 0.6).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_against import ROOT, now_and_then  # noqa: E402

PLAY = r"""
import gc, sys
from importexport.bench import ALL_MODULES, run_games
import importexport.importexport.savefile  # (imported before counting: the first save imports it)

games, players, every = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "all"
modules = ALL_MODULES if every else ()
run_games(players, 1, 0, every, modules)  # (warm: the caches the engine fills as it plays)
gc.collect()
if sys.argv[4] == "freeze":
    gc.freeze()
print(run_games(players, games, 0, every, modules)["decisions"] if games else 0)
"""
CHESS = r"""
import gc, random, sys
from importexport.bench import chess_random_game

games = int(sys.argv[1])
chess_random_game(random.Random(1))  # (warm, as above)
gc.collect()
if sys.argv[4] == "freeze":
    gc.freeze()
rng = random.Random(0)
print(sum(chess_random_game(rng) for _ in range(games)))
"""
CONFIGS = {"basic": "basic", "abilities+all": "all"}


GC = {"freeze": "freeze"}
"""How the counted runs treat the garbage collector: ``freeze`` (``gc.freeze()`` before counting) or, with
``--gc``, ``collect`` (as ``bench_engine.py`` runs: full collections over the whole heap included)."""


def instructions(where: Path, games: int, players: int, config: str, script: str = PLAY) -> tuple[int, int]:
    """(instructions, decisions) of one run of ``script`` (``PLAY``; ``CHESS``: plies) under cachegrind,
    for the package in ``where``."""
    env = {"PYTHONPATH": str(where), "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONHASHSEED": "0"}
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          sys.executable, "-c", script, str(games), str(players), config, GC["freeze"]],
                         cwd=where, capture_output=True, text=True, check=True, env=env)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if refs is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(refs.group(1).replace(",", "")), int(out.stdout.strip().splitlines()[-1])


def count(where: Path, games: int, players: int) -> dict[str, int]:
    """Instructions per decision in each configuration, for the package in ``where``."""
    env = {"PYTHONPATH": str(where), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    subprocess.run([sys.executable, "-c", PLAY, "0", str(players), "basic", "freeze"], cwd=where, check=True, env=env,
                   capture_output=True)  # (compiled once beforehand, so that neither count compiles)
    result = {}
    for name, config in CONFIGS.items():
        with_games, decisions = instructions(where, games, players, config)
        without, _ = instructions(where, 0, players, config)
        result[name] = round((with_games - without) / decisions)
    return result


def chess_ply(games: int) -> int:
    """Instructions per python-chess random ply (``CHESS``, ``games`` games with and without), with this tree's
    ``chess_random_game``: python-chess is the same for any commit."""
    with_games, plies = instructions(ROOT, games, 0, "", CHESS)
    without, _ = instructions(ROOT, 0, 0, "", CHESS)
    return round((with_games - without) / plies)


def load_free(per_decision: dict[str, int], per_ply: int) -> dict[str, float]:
    """``bench_engine.py --rounds``' two ratios estimated from instruction counts (no load moves them)."""
    basic = per_decision["basic"]
    return {"basic_to_chess": round(per_ply / basic, 3), "all_to_basic": round(basic / per_decision["abilities+all"], 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", nargs="?", help="an earlier commit to compare with, e.g. HEAD~3 or a hash")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--chess-games", type=int, default=6, help="python-chess random games counted (0: none)")
    ap.add_argument("--gc", action="store_true", help="no gc.freeze() before counting (as bench_engine.py runs)")
    args = ap.parse_args()
    if args.gc:
        GC["freeze"] = "collect"
    if shutil.which("valgrind") is None:
        ap.error("needs valgrind (apt-get install valgrind)")
    report = now_and_then(count, args.rev, args.games, args.players, 4)
    if args.chess_games:
        report["chess_ply"] = per_ply = chess_ply(args.chess_games)
        for when in ("now", "then"):
            if when in report:
                report["load_free_" + when] = load_free(report[when], per_ply)  # type: ignore[arg-type]
    print(json.dumps(report))


if __name__ == "__main__":
    main()
