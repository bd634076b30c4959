"""The engine now plays exactly the games of an earlier commit: a check for changes meant only for speed.

    python benchmarks/same_games.py REV [--games 200] [--seed 0] [--reference FILE] [--game portroyal]

The earlier engine is exported from git (``git archive REV importexport``) into a temporary folder;
each engine (in its own process) plays the same seeded random games (``RandomBot``, as
``importexport.bench.run_games`` does) in every configuration: the basic rules, abilities on, abilities
with each module, abilities with every module; ``--games`` games per configuration, the player count
going round 2 to 6.  For every game it hashes the legal choices listed before each decision (in their
order), the choices made, the event log and ``save()``'s text; the two engines' hashes must agree.
``--game portroyal`` does the same for Port Royal: every mode (the player count going round the
mode's counts), the choices listed to all and to each seat (free choices included), every seat's view.
Both engines run with the same ``PYTHONHASHSEED`` (Port Royal lists an expedition's ways in an order
that follows the hashing of text, ``rules._expedition_choices``).
Prints the configurations and games compared, and every game that differs (exit status 1 if any does).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_against import ROOT, export  # noqa: E402

PLAY = r"""
import hashlib, json, sys
from importexport.bots import RandomBot
from importexport.importexport.engine import Game
from importexport.importexport.setup import MODULES

games, seed = int(sys.argv[1]), int(sys.argv[2])
configs = [("basic", False, ()), ("abilities", True, ())]
configs += [("abilities+" + m, True, (m,)) for m in MODULES] + [("abilities+all", True, tuple(MODULES))]
out = {}
for name, abilities, modules in configs:
    hashes = []
    for i in range(games):
        players = 2 + i % 5
        g = Game(players=players, seed=seed + i, abilities=abilities, modules=modules)
        bots = [RandomBot(seed * 1000 + i * 10 + s) for s in range(players)]
        h = hashlib.sha256()
        while not g.is_over():
            h.update(repr(g.legal_actions()).encode())
            seat = g.deciders()[0]
            h.update(repr(g.legal_actions(seat)).encode())
            g.apply(bots[seat].choose(g, seat))
        h.update(repr(g.history).encode())
        h.update(repr(g.log).encode())
        h.update(g.save().encode())
        h.update(repr(g.scores()).encode())
        hashes.append(h.hexdigest())
    out[name] = hashes
print(json.dumps(out))
"""

PLAY_PORTROYAL = r"""
import hashlib, json, sys
from importexport.bots import RandomBot
from importexport.portroyal.game import PLAYERS, Game

games, seed = int(sys.argv[1]), int(sys.argv[2])
out = {}
for mode, (lo, hi) in PLAYERS.items():
    hashes = []
    for i in range(games):
        players = lo + i % (hi - lo + 1)
        g = Game(players=players, seed=seed + i, mode=mode)
        bots = [RandomBot(seed * 1000 + i * 10 + s) for s in range(players)]
        h = hashlib.sha256()
        while not g.is_over():
            h.update(repr(g.legal_actions()).encode())
            for s in range(players):
                h.update(repr(g.legal_actions(s)).encode())
            seat = g.deciders()[0]
            g.apply(bots[seat].choose(g, seat))
        h.update(repr(g.history).encode())
        h.update(repr(g.log).encode())
        h.update(g.save().encode())
        h.update(repr(g.scores()).encode())
        h.update(json.dumps([g.view(s) for s in range(players)], sort_keys=True).encode())
        hashes.append(h.hexdigest())
    out[mode] = hashes
print(json.dumps(out))
"""


def play(where: Path, games: int, seed: int, game: str = "importexport") -> dict[str, list[str]]:
    """Every configuration's game hashes, played by the package in ``where``."""
    script = PLAY_PORTROYAL if game == "portroyal" else PLAY
    out = subprocess.run([sys.executable, "-c", script, str(games), str(seed)], cwd=where, capture_output=True,
                         text=True, check=True, env={"PYTHONPATH": str(where), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"})
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the earlier commit, e.g. HEAD~3 or a hash")
    ap.add_argument("--games", type=int, default=200, help="games per configuration")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--reference", type=Path, help="a file keeping REV's hashes (read if there, else written)")
    ap.add_argument("--game", choices=("importexport", "portroyal"), default="importexport")
    args = ap.parse_args()
    if args.reference is not None and args.reference.exists():
        then = json.loads(args.reference.read_text())
    else:
        with tempfile.TemporaryDirectory() as tmp:
            export(args.rev, Path(tmp))
            then = play(Path(tmp), args.games, args.seed, args.game)
        if args.reference is not None:
            args.reference.write_text(json.dumps(then))
    now = play(ROOT, args.games, args.seed, args.game)
    differ = [(name, i) for name in then for i, (a, b) in enumerate(zip(then[name], now.get(name, []))) if a != b]
    differ += [(name, -1) for name in then if len(now.get(name, [])) != len(then[name])]
    total = sum(len(v) for v in then.values())
    digest = hashlib.sha256(json.dumps(now, sort_keys=True).encode()).hexdigest()[:16]
    print(f"{len(then)} configurations, {total} games compared against {args.rev}: {len(differ)} differ "
          f"(hashes {digest})")
    for name, i in differ:
        print(f"  differs: {name} game {i}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
