"""Engine speed beside python-chess, measured in one run on this machine.

    python benchmarks/bench_engine.py [--games 200]
    python benchmarks/bench_engine.py --rounds 5 [--games 100] [--players 4] [--chess-seconds 5]

Target (issue: the rules engine): random-bot decisions per second with basic rules at least
twice python-chess's random-game plies per second (legal moves + push + game-over check);
with every module and ability on, at least half the basic rules' rate; a saved game under 50 KB.

With ``--rounds`` (issue 27: basic at least 4x python-chess, abilities with every module at least
0.6x of basic): in one process, rounds of python-chess's random games, then ``--games`` basic
games, then as many with abilities and every module (``--players`` players, the seeds of
``importexport.bench``), each round printed with its ratios (basic / chess, all / basic), then the
medians of those ratios over the rounds (a busy moment of a shared machine slows one round, the
median passes over it).  Each is timed by the process's own CPU time (``time.process_time``), which
other processes on a shared machine disturb far less than the wall clock (``--wall``: by the wall clock).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from importexport.bench import ALL_MODULES, chess_plies_per_second, run_games


def rounds(count: int, games: int, players: int, seed: int, chess_seconds: float, wall: bool) -> None:
    """Interleaved rounds: python-chess, basic, abilities with every module; each round's ratios and their medians."""
    clock = time.perf_counter if wall else time.process_time
    basic_ratio: list[float] = []
    all_ratio: list[float] = []
    for r in range(count):
        chess = chess_plies_per_second(chess_seconds, seed + r, clock)
        basic = float(run_games(players, games, seed, False, (), clock)["decisions_per_s"])  # type: ignore[arg-type]
        every = float(run_games(players, games, seed, True, ALL_MODULES, clock)["decisions_per_s"])  # type: ignore[arg-type]
        basic_ratio.append(basic / chess)
        all_ratio.append(every / basic)
        print(f"round {r + 1}: chess {chess:,.0f} plies/s, basic {basic:,.0f}/s ({basic_ratio[-1]:.2f}x chess), "
              f"abilities+all {every:,.0f}/s ({all_ratio[-1]:.2f}x basic)", flush=True)
    print(json.dumps({
        "rounds": count, "games": games, "players": players, "clock": "wall" if wall else "process",
        "basic_to_chess": [round(x, 3) for x in basic_ratio], "all_to_basic": [round(x, 3) for x in all_ratio],
        "basic_to_chess_median": round(statistics.median(basic_ratio), 3),
        "all_to_basic_median": round(statistics.median(all_ratio), 3),
    }))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=0, help="interleaved rounds against python-chess (0: the table)")
    ap.add_argument("--players", type=int, default=4, help="with --rounds")
    ap.add_argument("--chess-seconds", type=float, default=5.0, help="with --rounds: python-chess's time per round")
    ap.add_argument("--wall", action="store_true", help="with --rounds: time by the wall clock, not the process's time")
    args = ap.parse_args()
    if args.rounds:
        rounds(args.rounds, args.games, args.players, args.seed, args.chess_seconds, args.wall)
        return
    chess = chess_plies_per_second()
    rows = []
    for abilities, modules in ((False, ()), (True, ()), (True, ALL_MODULES)):
        for players in range(2, 7):
            rows.append(run_games(players, args.games, args.seed, abilities, modules))
    print(f"python-chess random plies/s: {chess:,.0f}  (target: engine ≥ {2 * chess:,.0f} decisions/s)")
    basic = {r["players"]: r["decisions_per_s"] for r in rows if not r["abilities"]}
    print("| players | abilities | modules | games/s | decisions/s | × chess | × basic | decisions/game | max save (bytes) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        ratio = r["decisions_per_s"] / chess
        share = r["decisions_per_s"] / basic[r["players"]]
        mods = "all" if r["modules"] else "none"
        print(f"| {r['players']} | {'on' if r['abilities'] else 'off'} | {mods} | {r['games_per_s']} "
              f"| {r['decisions_per_s']:,} | {ratio:.2f} | {share:.2f} | {r['mean_decisions_per_game']} "
              f"| {r['max_save_bytes']:,} |")
    print(json.dumps({"chess_plies_per_s": round(chess), "rows": rows}))


if __name__ == "__main__":
    main()
