"""Port Royal referee speed beside python-chess, measured in one run on this machine.

    python benchmarks/bench_portroyal.py [--games 100]

Target (issue 13): random-bot decisions per second at least 3 times python-chess's random-game plies
per second (legal moves + push + game-over check), in every mode.  python-chess is measured before
and after the Port Royal games and the mean taken, so a change in the machine's load during the run
shows as a difference between the two chess figures.
"""

from __future__ import annotations

import argparse
import json

from importexport.bench import chess_plies_per_second
from importexport.bench_portroyal import run_games
from importexport.portroyal.game import PLAYERS


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    before = chess_plies_per_second()
    rows = []
    for mode, (lo, hi) in PLAYERS.items():
        for players in range(lo, hi + 1):
            games = args.games * (5 if mode == "solo" else 1)  # solo games are short
            rows.append(run_games(players, games, args.seed, mode))
    after = chess_plies_per_second()
    chess = (before + after) / 2
    print(f"python-chess random plies/s: {before:,.0f} before, {after:,.0f} after (target: ≥ {3 * chess:,.0f} decisions/s)")
    print("| mode | players | games/s | decisions/s | × chess | decisions/game | max save (bytes) |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['mode']} | {r['players']} | {r['games_per_s']} | {r['decisions_per_s']:,} "
              f"| {r['decisions_per_s'] / chess:.2f} | {r['mean_decisions_per_game']} | {r['max_save_bytes']:,} |")
    print(json.dumps({"chess_plies_per_s": [round(before), round(after)], "rows": rows}))


if __name__ == "__main__":
    main()
