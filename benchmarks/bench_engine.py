"""Engine speed beside python-chess, measured in one run on this machine.

    python benchmarks/bench_engine.py [--games 200]

Target (issue: the rules engine): random-bot decisions per second with basic rules at least
twice python-chess's random-game plies per second (legal moves + push + game-over check);
with every module and ability on, at least half the basic rules' rate; a saved game under 50 KB.
"""

from __future__ import annotations

import argparse
import json

from importexport.bench import ALL_MODULES, chess_plies_per_second, run_games


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
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
