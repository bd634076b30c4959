"""Strength of the computer players, measured with the tournaments of ``importexport simulate``.

    python benchmarks/bench_bots.py [--random-games 200] [--search-games 60] [--jobs 2] [--seed 0]

Targets (issue: computer players and tournaments), all in 4-player games with seats rotated:

* the heuristic bot wins at least 60% of its games against three random bots;
* the search bot wins at least 40% of its games against three heuristic bots;
* the search bot's median time per move is at most 1 s;
* a basic 4-player game of four heuristic bots takes at most 1 s (the median of five seeds).

Each tournament prints the same table as ``importexport simulate``; a last line sums up the
figures against the targets as JSON.  The move times are wall-clock times, so a busy machine (or
``--jobs`` above the number of idle cores) makes them longer.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from importexport.importexport.engine import Game
from importexport.importexport.heuristic import HeuristicBot
from importexport.simulate import Progress, report, run


def tournament(title: str, games: int, bots: list[str], seed: int, jobs: int, abilities: bool = False) -> dict:
    print(f"## {title}: {games} games, bots {','.join(bots)}, seed {seed}, abilities {'on' if abilities else 'off'}")
    start = time.perf_counter()
    stats = run(games, bots, seed, abilities, (), jobs, Progress(games, sys.stderr).step)
    print(report(stats))
    print(f"({time.perf_counter() - start:.0f} s)\n", flush=True)
    first = stats[bots[0]]
    lo, hi = first.interval
    return {
        "bot": first.name, "games": first.games, "wins": first.wins, "win_rate": round(first.rate, 4),
        "ci95": [round(lo, 4), round(hi, 4)], "mean_score": round(first.mean_score, 1),
        "median_move_s": round(first.median_time, 4), "median_choice_s": round(first.median_choice_time, 4),
    }


def heuristic_game_seconds(seeds: range) -> float:
    """The median wall-clock time of a basic 4-player game played by four heuristic bots, one per seed."""
    times = []
    for seed in seeds:
        g = Game(4, seed=seed)
        bots = [HeuristicBot(s) for s in range(4)]
        start = time.perf_counter()
        while not g.is_over():
            seat = g.deciders()[0]
            g.apply(bots[seat].choose(g, seat))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--random-games", type=int, default=200)
    ap.add_argument("--search-games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--abilities", action="store_true", help="also the heuristic against random bots with abilities on")
    args = ap.parse_args()
    out: dict[str, dict] = {}
    out["heuristic_vs_random"] = tournament(
        "heuristic against three random bots", args.random_games, ["heuristic", "random", "random", "random"],
        args.seed, args.jobs)
    if args.abilities:
        out["heuristic_vs_random_abilities"] = tournament(
            "heuristic against three random bots, abilities on", args.random_games,
            ["heuristic", "random", "random", "random"], args.seed, args.jobs, abilities=True)
    out["search_vs_heuristic"] = tournament(
        "search against three heuristic bots", args.search_games, ["search", "heuristic", "heuristic", "heuristic"],
        args.seed, args.jobs)
    out["heuristic_game"] = {"median_s": round(heuristic_game_seconds(range(3, 8)), 3)}
    print(f"## four heuristic bots, a basic 4-player game: median {out['heuristic_game']['median_s']} s\n")
    h, s = out["heuristic_vs_random"], out["search_vs_heuristic"]
    out["targets"] = {
        "heuristic_vs_random_win_rate>=0.60": h["win_rate"] >= 0.60,
        "search_vs_heuristic_win_rate>=0.40": s["win_rate"] >= 0.40,
        "search_median_move<=1s": s["median_move_s"] <= 1.0,
        "heuristic_game<=1s": out["heuristic_game"]["median_s"] <= 1.0,
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
