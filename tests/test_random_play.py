"""Random play: 900 seeded games between players who pick uniformly among their legal choices,
with the table's invariants checked after every single step (``IMPORTEXPORT_SOAK=k``: k times as many).
The 600 games with the basic rules are played here, the 300 with card abilities in
``test_random_play_abilities.py`` (a file of its own, so that xdist plays the two side by side).

Every game is checked cheaply after each step (cards conserved, credits, limits, somebody to
decide); one game in ``FULL_CHECK_EVERY`` also has every seat's view inspected after each step.
The random players here (``random_step``, ``play_random``) are shared with the save/undo and the
fuzzing tests.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from helpers import SOAK

from importexport import CARDS, Action, Game
from importexport.importexport.scoring import tie_favoured
from importexport.importexport.setup import BASE_SETS

PLAYER_COUNTS = (2, 3, 4, 5, 6)
BASIC_GAMES_PER_COUNT = 120 * SOAK  # 5 player counts -> 600 games with basic rules (more with IMPORTEXPORT_SOAK)
BASIC_CHUNK = 60  # games per test, so a failure names a small range of seeds
ABILITY_GAMES_PER_COUNT = 60 * SOAK  # 5 player counts -> 300 games with card abilities (test_random_play_abilities.py)
FULL_CHECK_EVERY = 16  # one game in sixteen also checks every seat's view after every step (views: test_views.py, test_protocol.py too)
MAX_STEPS = 20_000
BASE_CARDS = frozenset(CARDS.ids_in_sets(BASE_SETS))
# What random play must get to in every chunk of games (else the test would be vacuous).
CORE_EVENTS = {
    "lead", "follow", "declare", "lead_draw", "follow_draw", "sell", "crew", "contract", "load",
    "pirate", "import_round", "bids", "import_won", "take_goods", "fulfil", "sail", "ship_home",
    "reshuffle", "end_triggered", "game_over",
}

Check = Callable[[Game, int], None]


# --- the random player ---------------------------------------------------------------------

def rng_for(players: int, seed: int, abilities: bool = False) -> random.Random:
    """The random players' own source of choices for one game (separate from the game's seed)."""
    return random.Random(seed * 100 + players * 10 + int(abilities))


def random_step(g: Game, rng: random.Random) -> Action:
    """One decision: a seat that must decide (any of them during a sealed bid) picks uniformly."""
    seat = rng.choice(g.deciders())
    action = rng.choice(g.legal_actions(seat))
    g.apply(action)
    return action


def play_random(
    g: Game, rng: random.Random, steps: int = MAX_STEPS, check: Check | None = None
) -> list[Action]:
    """Play up to ``steps`` random decisions (fewer if the game ends); returns the choices made."""
    made: list[Action] = []
    while len(made) < steps and not g.is_over():
        made.append(random_step(g, rng))
        if check is not None:
            check(g, len(made))
    return made


def snapshot(g: Game) -> str:
    """The whole state as JSON text (a deep copy: ``to_dict`` shares lists inside pending steps)."""
    return json.dumps(g.state.to_dict(), sort_keys=True)


# --- the invariants -------------------------------------------------------------------------

class Where:
    """Where a check is (the game, the step, the move just made), written out only when a check fails and
    its message is built: formatting the move at each of millions of steps cost about a tenth of the checks."""

    __slots__ = ("label", "step", "g")

    def __init__(self, label: str, step: int, g: Game) -> None:
        self.label, self.step, self.g = label, step, g

    def __str__(self) -> str:
        return f"{self.label}, step {self.step} ({self.g.history[-1]})"


class Invariants:
    """The checks run after every step of one game; ``full`` adds the views of every seat."""

    def __init__(self, g: Game, full: bool, label: str) -> None:
        self.full = full
        self.label = label
        self.limits = not g.state.abilities  # abilities may change the crew and goods limits
        cards = g.state.all_cards()
        assert len(cards) == len(BASE_CARDS) and set(cards) == BASE_CARDS, f"{label}: the new table is not the base deck"

    def __call__(self, g: Game, step: int) -> None:
        where = Where(self.label, step, g)  # (written out only in a failing assertion's message)
        s = g.state
        cards = s.all_cards()
        assert len(cards) == len(BASE_CARDS) and set(cards) == BASE_CARDS, f"{where}: a card is lost or in two places"
        for p in s.players:
            assert p.credits >= 0, f"{where}: seat {p.seat} has {p.credits} credits"
            if self.limits:
                room = 1 + len(p.fulfilled)
                assert len(p.crew) <= room, f"{where}: seat {p.seat} has {len(p.crew)} crew, limit {room}"
                assert len(p.goods) <= 2 * room, f"{where}: seat {p.seat} has {len(p.goods)} goods, limit {2 * room}"
        deciders = g.deciders()
        if g.is_over():
            assert deciders == [] and g.legal_actions() == [], f"{where}: choices are offered after the end"
        else:
            assert deciders, f"{where}: the game is not over but nobody has a decision"
            for seat in deciders:
                assert g.legal_actions(seat), f"{where}: seat {seat} must decide but has no legal choice"
        if self.full:
            if not g.is_over():
                strangers = {a.player for a in g.legal_actions()} - set(deciders)
                assert not strangers, f"{where}: seats {strangers} have choices but are not deciding"
            for seat in range(s.n):
                check_view(g, seat, where)


def visible_cards(view: dict) -> list[int]:
    """Every card id a view shows lying somewhere on the table."""
    out = list(view["island"]) + list(view["played"]) + list(view["deck"]) + list(view["discard"])
    if view["discard_top"] is not None:
        out.append(view["discard_top"])
    for p in view["players"]:
        out += p["hand"] + p["crew"] + p["goods"] + p["fulfilled"]
    for ship in view["ships"]:
        out += ship["contracts"] + ship["containers"]
    return out


def check_view(g: Game, seat: int, where: str | Where) -> None:
    """The view of ``seat`` shows its own hand, hides the other hands, the deck and others' sealed bids."""
    s = g.state
    view = g.view(seat)
    assert view["seat"] == seat and view["deck"] == [] and "rng" not in view, f"{where}: view {seat} shows the deck"
    for p, shown in zip(s.players, view["players"], strict=True):
        assert shown["hand_size"] == len(p.hand), f"{where}: view {seat} miscounts seat {p.seat}'s hand"
        expected = p.hand if p.seat == seat else []
        assert shown["hand"] == expected, f"{where}: view {seat} shows seat {p.seat}'s hand {shown['hand']}"
    hidden = set(s.deck).union(*(p.hand for p in s.players if p.seat != seat))
    leaked = hidden & set(visible_cards(view))
    assert not leaked, f"{where}: view {seat} shows hidden cards {sorted(leaked)}"
    for frame, shown in zip(s.stack, view["stack"], strict=True):
        if frame["kind"] != "bid":
            continue
        for bidder, bid, seen in zip(frame["bidders"], frame["bids"], shown["bids"], strict=True):
            expected = bid if bidder == seat or bid < 0 else "sealed"
            assert seen == expected, f"{where}: view {seat} shows seat {bidder}'s sealed bid as {seen!r}"
    assert view["legal"] == [str(a) for a in g.legal_actions(seat)], f"{where}: view {seat} lists other choices"


def check_finished(g: Game, steps: int, label: str) -> None:
    s = g.state
    assert g.is_over(), f"{label}: no end after {steps} steps"
    assert s.end_reason in ("credits", "cards", "win"), f"{label}: ended for an unknown reason {s.end_reason!r}"
    assert s.winners and set(s.winners) <= set(range(s.n)), f"{label}: winners {s.winners}"
    if s.end_reason != "win":
        totals = [score.total for score in g.scores()]
        best = max(totals)
        tied = [seat for seat, t in enumerate(totals) if t == best]
        # a tie for the most credits goes to a player whose ability wins ties (FOXES), if any
        assert s.winners == tie_favoured(g, tied), f"{label}: winners {s.winners}, totals {totals}"


def run_games(players: int, seeds: range, abilities: bool) -> set[str]:
    """Play the seeded games with every check; returns the kinds of event seen in them."""
    events: set[str] = set()
    for seed in seeds:
        label = f"{players} players, seed {seed}, abilities={abilities}"
        g = Game(players=players, seed=seed, abilities=abilities)
        check = Invariants(g, full=seed % FULL_CHECK_EVERY == 0, label=label)
        steps = len(play_random(g, rng_for(players, seed, abilities), MAX_STEPS, check))
        check_finished(g, steps, label)
        events.update(key for _, key, _ in g.log)
    return events


# --- the tests ------------------------------------------------------------------------------

@pytest.mark.parametrize("first", range(0, BASIC_GAMES_PER_COUNT, BASIC_CHUNK), ids=lambda f: f"seeds{f}+")
@pytest.mark.parametrize("players", PLAYER_COUNTS, ids=lambda n: f"{n}p")
def test_random_games_basic_rules(players: int, first: int) -> None:
    events = run_games(players, range(first, first + BASIC_CHUNK), abilities=False)
    assert CORE_EVENTS <= events, f"random play never reached {sorted(CORE_EVENTS - events)}"


@pytest.mark.parametrize("abilities", [False, True], ids=["basic", "abilities"])
@pytest.mark.parametrize("players", PLAYER_COUNTS, ids=lambda n: f"{n}p")
def test_same_seed_and_choices_replay_the_same_game(players: int, abilities: bool) -> None:
    for seed in (11, 12):
        g = Game(players=players, seed=seed, abilities=abilities)
        choices = play_random(g, rng_for(players, seed, abilities))
        again = Game(players=players, seed=seed, abilities=abilities)
        for step, action in enumerate(choices, 1):
            assert action in again.legal_actions(), f"seed {seed}, step {step}: {action} is not legal in the replay"
            again.apply(action)
        assert again.is_over()
        assert snapshot(again) == snapshot(g)
        assert again.narrate() == g.narrate() and again.narrate("de") == g.narrate("de")
        assert again.history == g.history == choices
        # The random players themselves are seeded: the same seeds make the same choices.
        third = Game(players=players, seed=seed, abilities=abilities)
        assert play_random(third, rng_for(players, seed, abilities)) == choices


def test_different_seeds_deal_different_tables() -> None:
    tables = {snapshot(Game(players=4, seed=seed)) for seed in range(20)}
    assert len(tables) == 20
