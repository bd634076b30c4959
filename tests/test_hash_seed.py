"""The same seed gives the same game in every process.

Python salts the hash of text anew in each process (``PYTHONHASHSEED``), so a loop over a ``set`` of
texts can go in another order in another process. A referee or a bot that lets such an order pick
among equals would play another game from the same seed on another device of a room, or in a CI
run: here whole games of both referees and their bots are played in processes with different
salts, and their saves must be the same text."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

SCRIPT = r"""
import hashlib
from importexport.bots import make_bot, play_out
from importexport.protocol import GAMES

out = []
for game, options, bots, seeds in (
    ("importexport", {"players": 4, "abilities": True, "modules": ["capital", "tokyo", "j", "market"]},
     ("heuristic", "random"), range(3)),
    ("importexport", {"players": 3}, ("heuristic",), range(3)),
    ("portroyal", {"players": 4, "mode": "competitive"}, ("heuristic", "random"), range(3)),
    ("portroyal", {"players": 3, "mode": "cooperative"}, ("heuristic",), range(2)),
):
    for seed in seeds:
        g = GAMES[game].new(seed=seed, **options)
        play_out(g, [make_bot(bots[s % len(bots)], seed * 10 + s, game) for s in range(options["players"])])
        out.append(hashlib.sha256(g.save().encode()).hexdigest()[:16])
print(" ".join(out))
"""


def games_under(salt: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": salt}
    run = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout.strip()


def test_the_same_seed_plays_the_same_game_whatever_the_hash_salt() -> None:
    first, second = games_under("1"), games_under("2")
    assert len(first.split()) == 11
    assert first == second, "a seeded game went another way in a process with another hash salt"
    assert hashlib.sha256(first.encode()).hexdigest() != hashlib.sha256(b"").hexdigest()


EXPEDITIONS = r"""
from importexport.portroyal import rules
from importexport.portroyal.cards import CARDS

by_symbol = {}
for i, c in enumerate(CARDS):
    if c.kind == "person" and c.symbol:
        by_symbol.setdefault(c.symbol, []).append(i)
persons = tuple(by_symbol["any"][:3] + [cards[0] for sym, cards in by_symbol.items() if sym != "any"])
for e, c in enumerate(CARDS):
    if c.kind == "expedition":
        print(rules._expedition_choices(persons, e))
"""


def test_an_expeditions_ways_with_jacks_of_all_trades_are_listed_in_one_order_in_every_process() -> None:
    """The ways to meet an expedition with persons who may stand in for any symbol, listed in the same
    order whatever the salt (they were a set of texts: the random bots and the tests' index picks went
    another way in another process)."""
    runs = set()
    for salt in ("1", "2", "3", "4"):
        env = {**os.environ, "PYTHONHASHSEED": salt}
        run = subprocess.run([sys.executable, "-c", EXPEDITIONS], env=env, capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stderr[-2000:]
        assert run.stdout.count("\n") >= 3 and "), (" in run.stdout  # several expeditions, some with several ways
        runs.add(run.stdout)
    assert len(runs) == 1
