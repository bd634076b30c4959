"""Port Royal random play, the team modes, and undo and copies.

Seeded random games of cooperative (2 to 5 players) and solo play, checked after every step with the
checks of ``test_portroyal_random.py`` (this second file lets ``pytest-xdist --dist loadfile`` run it
on another worker).  Then undo: at random points of random games of every mode, ``undo(k)`` gives
back exactly the state and log of k choices before, and replaying the same choices gives back the
same game; ``copy()`` makes an independent game.
"""

from __future__ import annotations

import random

import pytest
from helpers import SOAK
from test_portroyal_random import chunks, new_game, play_chunk, random_step, tables

from importexport.portroyal.game import Game

UNDO_GAMES = 2 * SOAK
"""Games per mode and player count for the undo and copy tests."""
UNDO_POINTS = 4
"""Random points per game where ``undo(k)`` is tried."""
MAX_UNDO = 60


@pytest.mark.parametrize(("mode", "players", "first"), chunks(("cooperative", "solo")))
def test_random_team(mode: str, players: int, first: int) -> None:
    play_chunk(mode, players, first)


# --- undo and copies --------------------------------------------------------------------------

def position(g: Game) -> tuple[str, list[object], list[object], list[object]]:
    """Everything that must come back after undo and replay: the state, the log, the history and the
    choices on offer."""
    return g.to_json(), list(g.log), list(g.history), g.legal_actions()


def recorded_game(mode: str, players: int, seed: int) -> tuple[Game, list[str], list[int]]:
    """A finished random game with the state (JSON) and log length after every choice (index 0: the start)."""
    g, rng, temper = new_game(mode, players, seed)
    states, logs = [g.to_json()], [len(g.log)]
    while not g.is_over():
        random_step(g, rng, temper)
        states.append(g.to_json())
        logs.append(len(g.log))
    return g, states, logs


@pytest.mark.parametrize(("mode", "players"), tables(("base", "competitive", "cooperative", "solo")))
def test_undo_then_replay_is_exact(mode: str, players: int) -> None:
    for seed in range(UNDO_GAMES):
        g, states, logs = recorded_game(mode, players, 1000 + seed)
        full_log = list(g.log)
        rng = random.Random(seed)
        # rewind to random points, check the position there, then play the same choices again
        for _ in range(UNDO_POINTS):
            end = position(g)
            made = list(g.history)
            k = rng.randint(1, min(MAX_UNDO, len(made)))
            g.undo(k)
            back = len(made) - k
            assert g.to_json() == states[back], f"seed {seed}: undo({k}) did not give back choice {back}'s state"
            assert g.log == full_log[: logs[back]] and g.history == made[:back]
            for i, action in enumerate(made[back:], start=back + 1):
                assert action in g.legal_actions() or action in g.free_actions(action.player)
                g.apply(action)
                assert g.to_json() == states[i]
            assert position(g) == end
        # all the way back to the start, and nothing more
        made = list(g.history)
        g.undo(0)
        assert g.to_json() == states[-1]
        with pytest.raises(ValueError):
            g.undo(len(made) + 1)
        g.undo(len(made))
        assert g.to_json() == states[0] and g.log == full_log[: logs[0]] and g.history == []


@pytest.mark.parametrize(("mode", "players"), tables(("base", "competitive", "cooperative", "solo")))
def test_copies_are_independent(mode: str, players: int) -> None:
    for seed in range(UNDO_GAMES):
        g, rng, temper = new_game(mode, players, 2000 + seed)
        steps = 0
        while not g.is_over():
            random_step(g, rng, temper)
            steps += 1
            if steps % 25:
                continue
            mine = position(g)
            c = g.copy()
            assert position(c) == mine
            # the copy plays on (and takes a choice back): the original does not move
            other = random.Random(rng.random())
            for _ in range(other.randint(1, 12)):
                if c.is_over():
                    break
                random_step(c, other, temper)
            if c.history:
                c.undo(1)
            assert position(g) == mine
            # the original plays on: the copy does not move
            theirs = position(c)
            if not g.is_over():
                random_step(g, rng, temper)
                steps += 1
            assert position(c) == theirs
            # the copy still undoes back to the original's start
            c.undo(len(c.history))
            g2 = g.copy()
            g2.undo(len(g2.history))
            assert c.to_json() == g2.to_json() == Game(players=players, seed=2000 + seed, mode=mode).to_json()
