"""Benchmark: random Port Royal games, decisions per second, optionally beside python-chess.

    python -m importexport.bench_portroyal --players 4 --games 200 --seed 0 --mode competitive [--chess]

prints one JSON line: mode, players, games, seconds, games_per_s, decisions_per_s,
mean_decisions_per_game, max_save_bytes (and, with --chess, python-chess's random-game plies per
second in the same run and the ratio).  Like ``python -m importexport.bench`` for Import/Export.
"""

from __future__ import annotations

import importlib.util
import json
import time

from .bench import chess_plies_per_second
from .bots import RandomBot, play_out
from .cli import Parser, game_count, int_in, seed_number
from .portroyal.game import MODES, PLAYERS, Game
from .portroyal.savefile import dump  # (imported here, so the first save's imports are not timed)

SEED_MASK = 2**64 - 1
player_count = int_in(min(lo for lo, _ in PLAYERS.values()), max(hi for _, hi in PLAYERS.values()))


def run_games(players: int, games: int, seed: int, mode: str = "competitive") -> dict[str, object]:
    """Play ``games`` games of random bots; the figures as a dict (``main`` prints it)."""
    decisions = 0
    max_save = 0
    start = time.perf_counter()
    for i in range(games):
        g = Game(players=players, seed=(seed + i) & SEED_MASK, mode=mode)
        bots = [RandomBot(seed * 1000 + i * 10 + s) for s in range(players)]
        decisions += play_out(g, bots)
        if i % 20 == 0:
            max_save = max(max_save, len(dump(g)))
    seconds = time.perf_counter() - start
    return {
        "mode": mode, "players": players, "games": games, "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 2), "decisions_per_s": round(decisions / seconds),
        "mean_decisions_per_game": round(decisions / games, 1), "max_save_bytes": max_save,
    }


def main(argv: list[str] | None = None, prog: str = "python -m importexport.bench_portroyal") -> None:
    ap = Parser(prog=prog, description=__doc__.split("\n")[0])
    ap.add_argument("--mode", choices=MODES, default="competitive", help="the way to play (default competitive)")
    ap.add_argument("--players", type=player_count, default=None,
                    help="; ".join(f"{m} {lo} to {hi}" for m, (lo, hi) in PLAYERS.items()) + " (default 4, solo 1)")
    ap.add_argument("--games", type=game_count, default=200, help="1 to 1000000 (default 200)")
    ap.add_argument("--seed", type=seed_number, default=0, help="0 to 2**64-1 (default 0)")
    ap.add_argument("--chess", action="store_true", help="also measure python-chess in the same run")
    args = ap.parse_args(argv)
    lo, hi = PLAYERS[args.mode]
    players = args.players if args.players is not None else min(max(4, lo), hi)
    if not lo <= players <= hi:
        span = f"exactly {lo} player" if lo == hi else f"{lo} to {hi} players"
        ap.error(f"argument --players: {args.mode} play takes {span}, not {players}")
    if args.chess and importlib.util.find_spec("chess") is None:
        ap.error("--chess needs python-chess: pip install chess")
    result = run_games(players, args.games, args.seed, args.mode)
    if args.chess:
        plies = chess_plies_per_second()
        result["chess_plies_per_s"] = round(plies)
        result["ratio_to_chess"] = round(result["decisions_per_s"] / plies, 2)  # type: ignore[operator]
    print(json.dumps(result))


if __name__ == "__main__":
    main()
