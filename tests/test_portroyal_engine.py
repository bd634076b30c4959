"""The Port Royal referee's interface: its docstring examples, words for every choice and event in
both languages, and the mode and player-count checks."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import random
from dataclasses import replace

import pytest

import importexport.portroyal as package
from importexport.errors import BadArgumentError
from importexport.portroyal import Game
from importexport.portroyal.actions import Action
from importexport.portroyal.cards import CARDS
from importexport.portroyal.game import PLAYERS
from importexport.portroyal.state import MODES


def same(a: Action) -> tuple[object, ...]:
    """A choice with its card's figures in place of the card's id (copies of a card look alike)."""
    figures = replace(CARDS[a.card], id=0) if a.card >= 0 else None
    return (a.kind, figures, a.target, tuple(replace(CARDS[c], id=0) for c in a.cards))


MODULES = sorted(m.name for m in pkgutil.iter_modules(package.__path__) if not m.name.startswith("_"))


@pytest.mark.parametrize("name", ["__init__", *MODULES])
def test_docstring_examples_hold(name: str) -> None:
    module = package if name == "__init__" else importlib.import_module(f"importexport.portroyal.{name}")
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0


@pytest.mark.parametrize("mode", MODES)
def test_every_choice_and_event_has_words_in_both_languages(mode: str) -> None:
    """Each legal choice is described, differently from the others at the same moment, and every log
    line is told, in English and German, through a whole random game."""
    players = PLAYERS[mode][1]
    g = Game(players=players, seed=11, mode=mode)
    rng = random.Random(11)
    while not g.is_over():
        for seat in range(players):
            for lang in ("en", "de"):
                options = g.legal_actions(seat)
                words = [g.describe(a, lang) for a in options]
                # two copies of one card (two Sailors at cost 3) are one choice in words
                assert all(words) and len(set(words)) == len({same(a) for a in options}), words
                assert not any("{" in w or "p0 " in w for w in words), words
        g.apply(rng.choice(g.legal_actions()))
    for lang in ("en", "de"):
        lines = g.narrate(lang)
        assert lines and all(line and "{" not in line for line in lines)
    assert g.narrate("de")[0] != g.narrate("en")[0]


@pytest.mark.parametrize(("mode", "players"), [("solo", 2), ("base", 1), ("competitive", 6), ("cooperative", 1)])
def test_player_counts_outside_a_mode_are_refused(mode: str, players: int) -> None:
    with pytest.raises(BadArgumentError, match=f"{mode} Port Royal is played by"):
        Game(players=players, mode=mode)


def test_unknown_modes_languages_and_contracts_are_refused() -> None:
    with pytest.raises(BadArgumentError, match="The way to play is one of .*, not 'chaos'"):
        Game(mode="chaos")
    with pytest.raises(BadArgumentError, match="The language is one of en, de, not 'fr'"):
        Game(lang="fr")
    with pytest.raises(ValueError, match="not a contract of competitive play"):
        Game(mode="competitive", contracts=["bought_favour"])  # a special (team) contract
    with pytest.raises(ValueError, match="base game has no contracts"):
        Game(mode="base", contracts=["four_swords"])


def test_the_same_seed_gives_the_same_game() -> None:
    def play(seed: int) -> list[str]:
        g, rng = Game(players=3, seed=seed, mode="competitive"), random.Random(seed)
        while not g.is_over():
            g.apply(rng.choice(g.legal_actions()))
        return [str(a) for a in g.history]

    assert play(5) == play(5)
    assert play(5) != play(6)


def test_a_game_caught_inside_an_automatic_step_still_tells_what_it_is() -> None:
    """Inside a step (a traceback, a debugger) the frame on top may be an automatic one with no seat:
    the game's text and its deciders say so instead of failing with a KeyError."""
    g = Game(2, seed=1)
    g.state.stack.append({"kind": "start_turn"})
    assert g.deciders() == [] and "waiting for []" in repr(g)
