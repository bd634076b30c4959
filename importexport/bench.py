"""Benchmark: random games, decisions per second, optionally beside python-chess.

    python -m importexport.bench --players 4 --games 200 --seed 0 [--abilities] [--modules all] [--chess]

prints one JSON line: games, seconds, games_per_s, decisions_per_s, mean_decisions_per_game,
max_save_bytes (and, with --chess, python-chess's random-game plies per second in the same run).
"""

from __future__ import annotations

import importlib.util
import json
import random
import time
from collections.abc import Callable

from .bots import RandomBot, play_out
from .importexport.engine import Game
from .importexport.setup import MODULES

ALL_MODULES = tuple(MODULES)


def run_games(players: int, games: int, seed: int, abilities: bool, modules: tuple[str, ...] = (),
              clock: Callable[[], float] = time.perf_counter) -> dict[str, object]:
    """Random games (``RandomBot`` for every seat), timed with ``clock`` (``time.process_time``: the
    process's own time, which a busy machine disturbs less than the wall clock).

    Only the games are timed, as ``chess_plies_per_second`` times only python-chess's: the size of
    every 20th game's save (``max_save_bytes``, a figure of this benchmark alone) is measured with
    the clock left out."""
    decisions = 0
    max_save = 0
    seconds = 0.0
    for i in range(games):
        start = clock()
        g = Game(players=players, seed=seed + i, abilities=abilities, modules=modules)
        bots = [RandomBot(seed * 1000 + i * 10 + s) for s in range(players)]
        decisions += play_out(g, bots)
        seconds += clock() - start
        if i % 20 == 0:
            max_save = max(max_save, len(g.save()))
    return {
        "players": players, "abilities": abilities, "modules": list(modules), "games": games, "seconds": round(seconds, 3),
        "decisions": decisions,
        "games_per_s": round(games / seconds, 2), "decisions_per_s": round(decisions / seconds),
        "mean_decisions_per_game": round(decisions / games, 1), "max_save_bytes": max_save,
    }


def chess_plies_per_second(seconds: float = 5.0, seed: int = 0, clock: Callable[[], float] = time.perf_counter) -> float:
    """python-chess random games: legal moves, push, game-over check, for ``seconds`` of ``clock``."""
    rng = random.Random(seed)
    plies = 0
    start = clock()
    while clock() - start < seconds:
        plies += chess_random_game(rng)
    return plies / (clock() - start)


def chess_random_game(rng: random.Random) -> int:
    """One python-chess game of random plies from the start (``rng`` chooses); returns its plies."""
    import chess

    board = chess.Board()
    plies = 0
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
        plies += 1
    return plies


def main(argv: list[str] | None = None, prog: str = "python -m importexport.bench") -> None:
    from .cli import Parser, game_count, module_names, player_count, seed_number

    ap = Parser(prog=prog, description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=player_count, default=4, help="2 to 6 (default 4)")
    ap.add_argument("--games", type=game_count, default=200, help="1 to 1000000 (default 200)")
    ap.add_argument("--seed", type=seed_number, default=0, help="0 to 2**64-1 (default 0)")
    ap.add_argument("--abilities", action="store_true", help="play with card abilities on")
    ap.add_argument("--modules", type=module_names, default=(),
                    help=f"comma-separated modules, or 'all' ({', '.join(ALL_MODULES)})")
    ap.add_argument("--chess", action="store_true", help="also measure python-chess in the same run")
    args = ap.parse_args(argv)
    modules = args.modules
    if args.chess and importlib.util.find_spec("chess") is None:
        ap.error("--chess needs python-chess: pip install chess")
    result = run_games(args.players, args.games, args.seed, args.abilities, modules)
    if args.chess:
        plies = chess_plies_per_second()
        result["chess_plies_per_s"] = round(plies)
        result["ratio_to_chess"] = round(result["decisions_per_s"] / plies, 2)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
