"""The garbage collector's share of the time: python-chess, basic games, abilities with every module.

    python benchmarks/gc_share.py [--games 100] [--players 4] [--chess-seconds 5] [--seed 0] [--rounds 2]

``--rounds`` rounds in one process, the interpreter's default collector settings (no ``gc.freeze()``, no thresholds
changed): python-chess's random games for ``--chess-seconds`` of process time
(``importexport.bench.chess_plies_per_second``), then ``--games`` basic games, then as many with
abilities and every module (``importexport.bench.run_games``); the first round also fills the
engine's caches (the fill tables), as ``bench_engine.py``'s first round does.  A ``gc.callbacks`` hook counts each
part's collections per generation (0 young, 1 middle, 2 full) and the process time spent between
each collection's start and stop; the share is that time over the part's own process time.

Also printed: how many objects the collector tracks in one finished game (reached from the game,
classes, functions and modules not followed; by type, the largest first).  Each figure is of this run alone (a shared
machine slows the time, not the counts).
"""

from __future__ import annotations

import argparse
import gc
import json
import time
import types
from collections import Counter
from collections.abc import Callable
from typing import Any

from importexport.bench import ALL_MODULES, chess_plies_per_second, run_games
from importexport.bots import RandomBot, play_out
from importexport.importexport.engine import Game

NOT_FOLLOWED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


class CollectorClock:
    """Collections per generation and the process time inside the collector, while installed."""

    def __init__(self) -> None:
        self.counts = [0, 0, 0]
        self.by_generation = [0.0, 0.0, 0.0]
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.process_time()
        else:
            self.by_generation[info["generation"]] += time.process_time() - self._started
            self.counts[info["generation"]] += 1


def measured(work: Callable[[], float]) -> dict[str, Any]:
    """``work``'s own figure, its process time, its collections per generation and the collector's share."""
    clock = CollectorClock()
    gc.callbacks.append(clock)
    start = time.process_time()
    try:
        figure = work()
    finally:
        total = time.process_time() - start
        gc.callbacks.remove(clock)
    inside = sum(clock.by_generation)
    return {"per_s": round(figure), "seconds": round(total, 3), "collections": clock.counts,
            "collector_seconds": round(inside, 3), "seconds_by_generation": [round(t, 4) for t in clock.by_generation],
            "collector_share": round(inside / total, 4)}


def tracked_held(root: object) -> Counter[str]:
    """The objects the collector tracks that ``root`` reaches (classes, functions, modules not followed), by type."""
    seen: set[int] = set()
    stack = [root]
    by_type: Counter[str] = Counter()
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, NOT_FOLLOWED):
            continue
        seen.add(id(obj))
        if gc.is_tracked(obj):
            by_type[type(obj).__name__] += 1
        stack.extend(gc.get_referents(obj))
    return by_type


def finished_game(players: int, seed: int, abilities: bool, modules: tuple[str, ...]) -> Game:
    """One random game played to its end (``run_games``' first game)."""
    g = Game(players=players, seed=seed, abilities=abilities, modules=modules)
    play_out(g, [RandomBot(seed * 1000 + s) for s in range(players)])
    return g


def round_of(games: int, players: int, seed: int, chess_seconds: float) -> dict[str, dict[str, Any]]:
    """One round: python-chess, basic games, abilities with every module, each measured."""
    clock = time.process_time
    parts: dict[str, dict[str, Any]] = {}
    parts["chess"] = measured(lambda: chess_plies_per_second(chess_seconds, seed, clock))
    for name, abilities, modules in (("basic", False, ()), ("abilities+all", True, ALL_MODULES)):
        parts[name] = measured(lambda a=abilities, m=modules: float(  # type: ignore[misc]
            run_games(players, games, seed, a, m, clock)["decisions_per_s"]))  # type: ignore[arg-type]
        held = tracked_held(finished_game(players, seed, abilities, modules))
        parts[name]["tracked_in_a_game"] = sum(held.values())
        parts[name]["tracked_by_type"] = dict(held.most_common(6))
    return parts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--chess-seconds", type=float, default=5.0)
    ap.add_argument("--rounds", type=int, default=2, help="rounds (the first fills the engine's caches)")
    args = ap.parse_args()
    rounds = []
    for r in range(args.rounds):
        parts = round_of(args.games, args.players, args.seed, args.chess_seconds)
        for name, part in parts.items():
            print(f"round {r + 1}, {name}: {part['per_s']:,}/s, collections {part['collections']} (young, middle, "
                  f"full), collector {part['collector_seconds']} of {part['seconds']} s "
                  f"({100 * part['collector_share']:.1f}%)", flush=True)
        rounds.append(parts)
    print(json.dumps({"games": args.games, "players": args.players, "rounds": rounds}))


if __name__ == "__main__":
    main()
