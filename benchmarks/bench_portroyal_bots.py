"""Strength of the Port Royal bots, with 95% confidence intervals.

    python benchmarks/bench_portroyal_bots.py [--games 400] [--team-games 200] [--search-games 100]
                                              [--search-team-games 0] [--jobs 2] [--seed 0]

* Competitive and base play, 4 players: one heuristic bot and three random bots, the heuristic's
  seat rotating game by game.  Its win share counts a shared win as 1/k of a win (k winners); the
  interval is Wilson's.  Target (issue 14): at least 60% in competitive play.
* Competitive play, 4 players: one search bot (``importexport.bots.SearchBot`` with Port Royal's
  settings) against three heuristic bots, seats rotated (the tournaments of ``importexport
  simulate``, in ``--jobs`` processes).  Targets (issue 14): at least 40% of the wins, a median of
  at most 1 s per move (moves with more than one option; median, p90 and p99 reported).
* Cooperative play (2 to 5 players) and solo play: a team of heuristic bots and a team of random bots
  play the same seeds (and, with ``--search-team-games N``, a team of search bots N games per table).
  Reported: the share of games the team won (every contract has a cube; Wilson interval) and the
  mean rank index (0: the team lost; 1 to 6: Landlubber to Ruler of all the seas; normal interval),
  with the mean team points and cubes.

Every game's seed is fixed by ``--seed``; the times per move are wall-clock times, so a busy machine
makes them longer.  The last line repeats every figure as JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable
from dataclasses import fields
from typing import Any

from importexport.bots import RandomBot, SearchBot
from importexport.portroyal.game import Game
from importexport.portroyal.heuristic import DEFAULT, HeuristicBot, Weights
from importexport.portroyal.kind import RANK_ORDER as RANKS
from importexport.portroyal.kind import outcome
from importexport.simulate import Z95, Progress, run, wilson

TEAM_TABLES = [("solo", 1), ("cooperative", 2), ("cooperative", 3), ("cooperative", 4), ("cooperative", 5)]


def play(g: Game, bots: list[Any], timed: set[int], times: list[float]) -> None:
    """Play ``g`` to its end; the move times of the seats in ``timed`` are added to ``times``."""
    while not g.is_over():
        seat = g.deciders()[0]
        if seat in timed:
            start = time.perf_counter()
            a = bots[seat].choose(g, seat)
            times.append(time.perf_counter() - start)
        else:
            a = bots[seat].choose(g, seat)
        g.apply(a)


def against_random(mode: str, games: int, seed: int, players: int = 4) -> dict[str, Any]:
    """One heuristic seat (rotating) against random bots."""
    share, points, others, times = 0.0, 0, 0.0, []
    for i in range(games):
        g = Game(players=players, seed=seed + i, mode=mode)
        seat = i % players
        bots = [HeuristicBot(seed + i) if s == seat else RandomBot(seed + 10 * i + s) for s in range(players)]
        play(g, bots, {seat}, times)
        rows = g.scores()
        winners = [r["seat"] for r in rows if r["won"]]
        share += (seat in winners) / len(winners)
        points += rows[seat]["points"]
        others += sum(r["points"] for r in rows if r["seat"] != seat) / (players - 1)
    lo, hi = wilson(share, games)
    return {
        "mode": mode, "players": players, "games": games, "win_share": round(share / games, 4),
        "ci95": [round(lo, 4), round(hi, 4)], "mean_points": round(points / games, 2),
        "mean_points_random": round(others / games, 2), **move_times(times),
    }


def team(mode: str, players: int, games: int, seed: int, make: Callable[[int], Any]) -> dict[str, Any]:
    """A team of one kind of bot: won share, rank index, team points and cubes."""
    won, ranks, points, cubes, times = 0, [], 0, 0, []
    for i in range(games):
        g = Game(players=players, seed=seed + i, mode=mode)
        play(g, [make(seed + 10 * i + s) for s in range(players)], set(range(players)), times)
        row = g.scores()[0]
        won += row["won"]
        ranks.append(outcome(g)[0]["rank"])
        points += row["team_points"]
        cubes += row["team_cubes"]
    lo, hi = wilson(won, games)
    mean = statistics.fmean(ranks)
    half = Z95 * statistics.pstdev(ranks) / math.sqrt(games)
    return {
        "mode": mode, "players": players, "games": games, "won_share": round(won / games, 4),
        "ci95": [round(lo, 4), round(hi, 4)], "rank_index": round(mean, 3),
        "rank_ci95": [round(max(0.0, mean - half), 3), round(mean + half, 3)],
        "team_points": round(points / games, 2), "team_cubes": round(cubes / games, 2), **move_times(times),
    }


def move_times(times: list[float]) -> dict[str, float]:
    ordered = sorted(times) or [0.0]
    return {"median_move_ms": round(1000 * ordered[len(ordered) // 2], 3),
            "p90_move_ms": round(1000 * ordered[int(0.9 * (len(ordered) - 1))], 3),
            "p99_move_ms": round(1000 * ordered[int(0.99 * (len(ordered) - 1))], 3)}


def search_against_heuristic(games: int, seed: int, jobs: int) -> dict[str, Any]:
    """One search bot and three heuristic bots, seats rotated (``importexport simulate``'s tournament)."""
    bots = ["search", "heuristic", "heuristic", "heuristic"]
    stats = run(games, bots, seed, jobs=jobs, progress=Progress(games).step, game="portroyal",
                options=[("mode", "competitive")])
    s, h = stats["search"], stats["heuristic"]
    lo, hi = s.interval
    return {
        "mode": "competitive", "players": 4, "games": s.games, "win_share": round(s.rate, 4),
        "ci95": [round(lo, 4), round(hi, 4)], "mean_points": round(s.mean_score, 2),
        "mean_points_heuristic": round(h.mean_score, 2), "settings": search_settings(), **move_times(s.choice_times),
    }


def search_settings() -> dict[str, Any]:
    """The search bot's settings, and where its own heuristic figures differ from the default ones."""
    bot = SearchBot(0, "portroyal")
    out = {k: getattr(bot, k) for k in ("samples", "width", "depth", "budget", "margin", "confidence", "time_limit")}
    own = bot.weights or DEFAULT
    out["own_figures"] = {f.name: getattr(own, f.name) for f in fields(Weights)
                          if getattr(own, f.name) != getattr(DEFAULT, f.name)}
    return out


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400, help="games per competitive/base table (default 400)")
    ap.add_argument("--team-games", type=int, default=200, help="games per team table and team (default 200)")
    ap.add_argument("--search-games", type=int, default=100, help="search against heuristic bots (default 100)")
    ap.add_argument("--search-team-games", type=int, default=0, help="games per team table for search teams")
    ap.add_argument("--jobs", type=int, default=2, help="processes for the search games (default 2)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    start = time.perf_counter()
    duels = [against_random(mode, args.games, args.seed + 100_000 * k)
             for k, mode in enumerate(("competitive", "base"))] if args.games else []
    if duels:
        print("## One heuristic bot against three random bots (4 players, seats rotated)\n")
        print("| mode | games | heuristic win share | 95% CI | mean points (heuristic / random) | median ms/move "
              "| p99 ms/move |")
        print("|---|---|---|---|---|---|---|")
    for r in duels:
        lo, hi = r["ci95"]
        print(f"| {r['mode']} | {r['games']} | {pct(r['win_share'])} | {pct(lo)} – {pct(hi)} "
              f"| {r['mean_points']} / {r['mean_points_random']} | {r['median_move_ms']} | {r['p99_move_ms']} |")
    search = search_against_heuristic(args.search_games, args.seed + 300_000, args.jobs) if args.search_games else None
    if search:
        lo, hi = search["ci95"]
        print("\n## One search bot against three heuristic bots (4 players, competitive, seats rotated)\n")
        print("| games | search win share | 95% CI | mean points (search / heuristic) | median ms/move | p90 | p99 |")
        print("|---|---|---|---|---|---|---|")
        print(f"| {search['games']} | {pct(search['win_share'])} | {pct(lo)} – {pct(hi)} "
              f"| {search['mean_points']} / {search['mean_points_heuristic']} | {search['median_move_ms']:.0f} "
              f"| {search['p90_move_ms']:.0f} | {search['p99_move_ms']:.0f} |")
        print(f"\nsearch settings: {search['settings']}")
    teams = []
    for k, (mode, players) in enumerate(TEAM_TABLES):
        seed = args.seed + 200_000 + 10_000 * k
        makers: list[tuple[str, Callable[[int], Any], int]] = [
            ("heuristic", HeuristicBot, args.team_games), ("random", RandomBot, args.team_games)]
        if args.search_team_games:
            makers.append(("search", lambda s: SearchBot(s, "portroyal"), args.search_team_games))
        for name, make, count in makers:
            if count:
                teams.append({"bots": name, **team(mode, players, count, seed, make)})
    if teams:
        print("\n## Teams of heuristic bots and teams of random bots (the same seeds)\n")
        print("| mode | players | team | games | won | 95% CI | mean rank index | 95% CI | team points | team cubes |")
        print("|---|---|---|---|---|---|---|---|---|---|")
    for r in teams:
        lo, hi = r["ci95"]
        rlo, rhi = r["rank_ci95"]
        print(f"| {r['mode']} | {r['players']} | {r['bots']} | {r['games']} | {pct(r['won_share'])} "
              f"| {pct(lo)} – {pct(hi)} | {r['rank_index']:.2f} | {rlo:.2f} – {rhi:.2f} "
              f"| {r['team_points']} | {r['team_cubes']} |")
    seconds = time.perf_counter() - start
    if teams:
        print(f"\nrank index: 0 = the team lost, 1-6 = {', '.join(RANKS)}")
    print(f"\n{seconds:.0f} s in all")
    target = duels[0]["win_share"] >= 0.6 if duels else None
    targets = {"heuristic_vs_random_competitive>=0.60": target} if duels else {}
    if search:
        targets["search_vs_heuristic>=0.40"] = search["win_share"] >= 0.4
        targets["search_median_move<=1s"] = search["median_move_ms"] <= 1000
    print(json.dumps({"seed": args.seed, "versus_random": duels, "search_vs_heuristic": search, "teams": teams,
                      "targets": targets, "target_competitive_60pct": target, "seconds": round(seconds, 1)}))


if __name__ == "__main__":
    main()
