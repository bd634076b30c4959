"""Random play with card abilities on, over every combination of modules: 1,024 seeded games
(each of the 1,024 combinations once, at table sizes from 2 to 6; ``IMPORTEXPORT_SOAK=k`` plays k
times as many, each combination at k table sizes).

Game ``i`` plays combination ``i mod 2^k`` of the k modules, with 2 to 6 players, and is checked
after every step: credits never go negative, whoever must decide has a legal choice, and at the start of every turn no player is
over a crew or goods limit (as the abilities in play compute them); at every fourth step and at
the end, every card of the game's sets lies in exactly one place.  Every game must end.

This file plays the first half of the games, ``test_random_modules_2.py`` the second: in two files
xdist (which keeps a file's tests on one worker) plays the halves side by side.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from helpers import SOAK
from test_random_play import MAX_STEPS, Where, check_finished, play_random, rng_for

from importexport import CARDS, Game
from importexport.importexport.rules import crew_limit, goods_limit, goods_load
from importexport.importexport.setup import MODULES, deck_sets

GAMES = 1024 * SOAK  # every combination of modules once (more with IMPORTEXPORT_SOAK)
CHUNK = 256
CARDS_EVERY = 4  # every card is looked for at every fourth step and at the end (the rest: every step)
FIRST_HALF = range(0, GAMES // 2, CHUNK)  # the first game of each test here
SECOND_HALF = range(GAMES // 2, GAMES, CHUNK)  # ... and in test_random_modules_2.py
COMBOS = [list(c) for k in range(len(MODULES) + 1) for c in combinations(MODULES, k)]


def combo(i: int) -> list[str]:
    return COMBOS[i % len(COMBOS)]


class ModuleInvariants:
    def __init__(self, g: Game, label: str) -> None:
        self.label = label
        self.cards = frozenset(CARDS.ids_in_sets(deck_sets(g.state.modules)))
        self.check_cards(g, "setup")

    def check_cards(self, g: Game, where: str | Where) -> None:
        real = len(CARDS)  # (ids from here on are container tokens; hoisted: this runs after every step)
        cards = [c for c in g.state.all_cards() if c < real]
        assert len(cards) == len(self.cards) and set(cards) == self.cards, f"{where}: a card is lost or in two places"

    def __call__(self, g: Game, step: int) -> None:
        where = Where(self.label, step, g)  # (written out only in a failing assertion's message)
        s = g.state
        if step % CARDS_EVERY == 0 or g.is_over():  # (a lost card stays lost: a later look still finds it)
            self.check_cards(g, where)
        for p in s.players:
            assert p.credits >= 0, f"{where}: seat {p.seat} has {p.credits} credits"
        if g.is_over():
            return
        deciders = g.deciders()
        assert deciders, f"{where}: nobody has a decision"
        for seat in deciders:
            assert g.legal_actions(seat), f"{where}: seat {seat} must decide but has no legal choice"
        top = s.stack[-1]
        if top["kind"] == "lead" and not any(f["kind"] == "trim" for f in s.stack):
            for p in s.players:
                assert len(p.crew) <= crew_limit(g, p.seat), f"{where}: seat {p.seat} over the crew limit"
                assert goods_load(g, p.seat) <= goods_limit(g, p.seat), f"{where}: seat {p.seat} over the goods limit"


def play_module_games(first: int) -> None:
    """Play and check games ``first`` to ``first + CHUNK - 1``."""
    for i in range(first, first + CHUNK):
        players = 2 + i % 5
        modules = combo(i)
        label = f"game {i}: {players} players, modules {modules}"
        g = Game(players=players, seed=i, abilities=True, modules=modules)
        check = ModuleInvariants(g, label)
        steps = len(play_random(g, rng_for(players, i, True), MAX_STEPS, check))
        check_finished(g, steps, label)


@pytest.mark.parametrize("first", FIRST_HALF, ids=lambda f: f"games{f}+")
def test_random_games_with_every_module_combination(first: int) -> None:
    play_module_games(first)


def test_every_combination_is_played() -> None:
    assert GAMES >= len(COMBOS)
    assert {tuple(combo(i)) for i in range(GAMES)} == {tuple(c) for c in COMBOS}
    played = [i for first in (*FIRST_HALF, *SECOND_HALF) for i in range(first, first + CHUNK)]
    assert played == list(range(GAMES))  # the two files together play every game once
