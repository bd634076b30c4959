"""The garbage collector's share of the time: python-chess, basic games, abilities with every module.

    python benchmarks/gc_share.py [--games 100] [--players 4] [--chess-seconds 5] [--seed 0]

One process, the interpreter's default collector settings (no ``gc.freeze()``, no thresholds
changed): python-chess's random games for ``--chess-seconds`` of process time
(``importexport.bench.chess_plies_per_second``), then ``--games`` basic games, then as many with
abilities and every module (``importexport.bench.run_games``).  A ``gc.callbacks`` hook counts each
part's collections per generation (0 young, 1 middle, 2 full) and the process time spent between
each collection's start and stop; the share is that time over the part's own process time.

Also printed: how many objects the collector tracks in one finished game (reached from the game,
classes, functions and modules not followed; by type, the largest first) and how often the cache of
listed choices (``actions.listed``) missed in the games.  Each figure is of this run alone (a shared
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
from importexport.importexport.actions import listed
from importexport.importexport.engine import Game

NOT_FOLLOWED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


class CollectorClock:
    """Collections per generation and the process time inside the collector, while installed."""

    def __init__(self) -> None:
        self.counts = [0, 0, 0]
        self.seconds = 0.0
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.process_time()
        else:
            self.seconds += time.process_time() - self._started
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
    return {"per_s": round(figure), "seconds": round(total, 3), "collections": clock.counts,
            "collector_seconds": round(clock.seconds, 3), "collector_share": round(clock.seconds / total, 4)}


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--chess-seconds", type=float, default=5.0)
    args = ap.parse_args()
    clock = time.process_time
    parts: dict[str, dict[str, Any]] = {}
    parts["chess"] = measured(lambda: chess_plies_per_second(args.chess_seconds, args.seed, clock))
    for name, abilities, modules in (("basic", False, ()), ("abilities+all", True, ALL_MODULES)):
        before = listed.cache_info()
        parts[name] = measured(lambda a=abilities, m=modules: float(  # type: ignore[misc]
            run_games(args.players, args.games, args.seed, a, m, clock)["decisions_per_s"]))  # type: ignore[arg-type]
        after = listed.cache_info()
        calls = after.hits + after.misses - before.hits - before.misses
        parts[name]["listed_misses"] = f"{after.misses - before.misses} of {calls}"
        held = tracked_held(finished_game(args.players, args.seed, abilities, modules))
        parts[name]["tracked_in_a_game"] = sum(held.values())
        parts[name]["tracked_by_type"] = dict(held.most_common(6))
    for name, part in parts.items():
        print(f"{name}: {part['per_s']:,}/s, collections {part['collections']} (young, middle, full), "
              f"collector {part['collector_seconds']} of {part['seconds']} s ({100 * part['collector_share']:.1f}%)",
              flush=True)
    print(json.dumps({"games": args.games, "players": args.players, "parts": parts}))


if __name__ == "__main__":
    main()
