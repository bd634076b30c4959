"""One conformance suite for every game the project plays (``importexport.protocol``): the same
promises of the decision interface, checked the same way for Import/Export and Port Royal."""

from __future__ import annotations

import json
import random

import pytest

from importexport.errors import IllegalActionError
from importexport.protocol import GAMES, GameKind, GameProtocol

CASES = [
    (game_id, option, value, players)
    for game_id in GAMES.ids()
    for option, values in GAMES[game_id].options.items()
    for value in values
    for players in sorted({GAMES[game_id].players[0] + 1, min(GAMES[game_id].players[1], 5)})
]
"""Each game and option at a small table and at the largest Port Royal table (Import/Export's six
players are played by its own random-game tests)."""


def new_game(kind: GameKind, option: str, value: object, players: int, seed: int) -> GameProtocol | None:
    try:
        return kind.new(players=players, seed=seed, **{option: value})
    except ValueError:  # this player count is not played in this mode (solo)
        return None


def unchanged_after(g: GameProtocol, attempt: object) -> IllegalActionError:
    before, log, history = g.to_json(), len(g.log), list(g.history)
    with pytest.raises(IllegalActionError) as err:
        g.apply(attempt)
    assert (g.to_json(), len(g.log), list(g.history)) == (before, log, history)
    assert err.value.rule and str(err.value)
    return err.value


@pytest.mark.parametrize(("game_id", "option", "value", "players"), CASES,
                         ids=[f"{g}-{o}={v}-{p}p" for g, o, v, p in CASES])
def test_a_random_game_keeps_every_promise_of_the_protocol(game_id: str, option: str, value: object, players: int) -> None:
    kind = GAMES[game_id]
    g = new_game(kind, option, value, players, seed=7)
    if g is None:
        players = kind.players[0]
        g = new_game(kind, option, value, players, seed=7)
    assert g is not None and isinstance(g, GameProtocol)
    rng = random.Random(7)
    steps = 0
    while not g.is_over():
        deciders = g.deciders()
        assert deciders, "a game that is not over has someone to decide"
        everyone = [a for seat in deciders for a in g.legal_actions(seat)]
        assert everyone and set(everyone) == set(g.legal_actions()), "the deciders' choices are the legal ones"
        for a in everyone:
            assert a.player in deciders
            assert kind.parse(str(a)) == a, "a choice's text form reads back as the choice"
            assert g.describe(a, "en") and g.describe(a, "de")
        if steps % 7 == 0:
            others = [s for s in range(players) if s not in deciders]
            for seat in others:  # a decider's choice made by somebody else is refused, changing nothing
                stolen = everyone[0]._replace(player=seat)
                if stolen not in g.legal_actions(seat):
                    unchanged_after(g, stolen)
            unchanged_after(g, "not a choice at all")
            for seat in range(players):
                json.dumps(g.view(seat))  # plain data
        a = rng.choice(g.legal_actions())
        before, log = g.to_json(), len(g.log)
        g.apply(a)
        if steps % 11 == 0:  # undo takes it back exactly, and the same choice leads to the same place
            after = g.to_json()
            g.undo()
            assert (g.to_json(), len(g.log)) == (before, log)
            g.apply(a)
            assert g.to_json() == after
        if steps % 40 == 0:
            loaded = kind.load(g.save())
            assert loaded.to_json() == g.to_json() and loaded.history == g.history
        steps += 1
        assert steps < 5000
    assert g.deciders() == [] and g.legal_actions() == []
    assert len(g.scores()) == players
    assert len(g.narrate("en")) == len(g.narrate("de")) == len(g.log)
    copy = g.copy()
    assert copy.to_json() == g.to_json() and copy is not g
    assert kind.load(g.save()).to_json() == g.to_json()


def test_every_game_is_listed_with_its_name() -> None:
    assert set(GAMES.ids()) == {"importexport", "portroyal"}
    assert {GAMES[g].name for g in GAMES.ids()} == {"Import/Export", "Port Royal"}
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        GAMES["chess"]


def test_docstring_example() -> None:
    import doctest

    import importexport.protocol

    assert doctest.testmod(importexport.protocol).failed == 0
