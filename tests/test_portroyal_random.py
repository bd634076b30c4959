"""Port Royal random play, the rival modes: seeded games of the base game and of competitive play
(2 to 5 players each) with the table's invariants checked after every single step.

The cooperative and solo games are in ``test_portroyal_random_team.py`` (a second file, so
``pytest-xdist --dist loadfile`` runs the two on different workers); both use the random player and
the checks defined here.  ``IMPORTEXPORT_SOAK=k`` plays k times as many games.

The random player picks among ``g.legal_actions()``: most games lean towards taking cards (so they
end sooner), one game in ``PLAIN_EVERY`` picks uniformly.  Now and then (seeded) a player who is not
deciding makes one of their free choices (``g.free_actions(seat)``).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from helpers import SOAK

from importexport.portroyal.actions import Action
from importexport.portroyal.cards import CARDS
from importexport.portroyal.game import Game
from importexport.portroyal.rules import CUBES, EXP, GOAL_POINTS, RULES, points

GAMES_PER_TABLE = 156 * SOAK
"""Games per mode and player count: 13 tables -> 2,028 games over the two files."""
CHUNK = 39
"""Games per test, so a failure names a small range of seeds."""
MAX_STEPS = 2000
"""No game may need more choices than this (the longest of the 2,028 games: 527)."""
PLAIN_EVERY = 10
"""One game in ten picks uniformly among the legal choices; the others lean towards taking cards."""
VIEW_EVERY = 6
"""Every sixth step one seat's view is checked (the seats take turns), and at the end of a game."""
TWIN_EVERY = 24
"""Every 24th step that seat's view is also compared with the view of a copy whose face-down cards
were dealt again."""
OUTSIDER_CHANCE = 0.06
"""The chance, per step, that a random seat tries a free choice instead of the decider deciding."""
FREE_KINDS = frozenset({"expedition", "contract", "give", "end"})
SHY_KINDS = frozenset({"pass", "decline"})
GAME_OVER = {
    "base": {"points", "no_cards"}, "competitive": {"points", "no_cards"},
    "cooperative": {"time", "declared", "no_cards"}, "solo": {"time", "declared", "no_cards"},
}
"""Why a game of each mode may end (the ``why`` of its last event)."""
# Events random play must reach in every chunk of each mode (else the sweep would test little).
MUST_REACH = {
    "base": {"turned", "repelled", "bust", "stops", "tax", "trades", "hires", "expedition", "reshuffle",
             "last_round", "game_over"},
    "competitive": {"turned", "repelled", "bust", "stops", "tax", "trades", "hires", "expedition", "reshuffle",
                    "last_round", "cube", "declined", "game_over"},
    "cooperative": {"turned", "bust", "stops", "trades", "hires", "cube", "gives", "game_over"},
    "solo": {"turned", "stops", "trades", "hires", "game_over"},
}
VIEW_KEYS = {
    "seat", "mode", "players", "start", "active", "turn", "deck_size", "discard_size", "time_pile_size",
    "harbour", "expeditions", "turned", "repelled", "just_turned", "contracts", "boxes", "table", "deciding",
    "waiting_for", "ending", "over", "legal", "stack",
}
ROW_KEYS = {"coins", "persons", "expeditions", "contracts", "points", "swords"}
KINDS = tuple(c.kind for c in CARDS)
COLOURS = tuple(c.colour for c in CARDS)
POINTS = tuple(c.points for c in CARDS)
SHIPS = frozenset(c.id for c in CARDS if c.kind == "ship")
PERSONS = frozenset(c.id for c in CARDS if c.kind == "person")
EXPEDITIONS = frozenset(c.id for c in CARDS if c.kind == "expedition")
OPEN_KINDS = SHIPS | PERSONS


def tables(modes: tuple[str, ...]) -> list[tuple[str, int]]:
    """Every (mode, player count) the modes allow."""
    counts = {"base": (2, 3, 4, 5), "competitive": (2, 3, 4, 5), "cooperative": (2, 3, 4, 5), "solo": (1,)}
    return [(m, n) for m in modes for n in counts[m]]


def chunks(modes: tuple[str, ...]) -> list[tuple[str, int, int]]:
    """(mode, players, first seed) of every chunk of games."""
    return [(m, n, first) for m, n in tables(modes) for first in range(0, GAMES_PER_TABLE, CHUNK)]


# --- the random player ------------------------------------------------------------------------

@dataclass
class Temper:
    """How one random player chooses: uniformly, or leaning towards taking cards."""

    plain: bool
    free_chance: float = 0.1
    """The chance to pick one of the decider's free choices (expeditions, cubes, gifts) when any."""
    shy_weight: float = 0.3
    """The weight of passing and declining against 1 for every other choice."""


def temper_for(seed: int, rng: random.Random) -> Temper:
    if seed % PLAIN_EVERY == PLAIN_EVERY - 1:
        return Temper(plain=True)
    return Temper(False, rng.choice((0.05, 0.1, 0.2)), rng.choice((0.15, 0.3, 0.6)))


def pick(options: list[Action], rng: random.Random, temper: Temper) -> Action:
    """One of ``options`` (never empty), as ``temper`` leans."""
    if temper.plain:
        return rng.choice(options)
    free = [a for a in options if a.kind in FREE_KINDS]
    asked = [a for a in options if a.kind not in FREE_KINDS]
    if free and (not asked or rng.random() < temper.free_chance):
        return rng.choice(free)
    weights = [temper.shy_weight if a.kind in SHY_KINDS else 1.0 for a in asked]
    return rng.choices(asked, weights)[0]


def random_step(g: Game, rng: random.Random, temper: Temper) -> Action:
    """Apply one choice: usually the decider's, sometimes a free choice of another seat."""
    deciding = g.deciders()
    if rng.random() < OUTSIDER_CHANCE:
        seat = rng.randrange(g.state.n)
        free = g.free_actions(seat) if seat not in deciding else []
        if free:
            action = rng.choice(free)
            g.apply(action)
            return action
    action = pick(g.legal_actions(deciding[0]), rng, temper)
    g.apply(action)
    return action


def new_game(mode: str, players: int, seed: int) -> tuple[Game, random.Random, Temper]:
    """A game and its random player (the player's choices come from their own seeded source)."""
    rng = random.Random(f"portroyal {mode} {players} {seed}")
    return Game(players=players, seed=seed, mode=mode), rng, temper_for(seed, rng)


# --- the invariants ---------------------------------------------------------------------------

Holding = tuple[list[int], list[int], list[int]]
"""One seat's persons, fulfilled expeditions and contracts (copies)."""


def holdings(g: Game) -> list[Holding]:
    return [(p.persons[:], p.expeditions[:], p.contracts[:]) for p in g.state.players]


def points_of(mode: str, held: Holding) -> int:
    """Influence points of what a seat holds, computed here from the cards' figures."""
    persons, expeditions, contracts = held
    score = POINTS.__getitem__
    return sum(map(score, persons)) + sum(map(score, expeditions)) + contract_points_of(mode, len(contracts))


def open_cards(g: Game) -> set[int]:
    """The cards lying face up: the harbour, the expeditions, everybody's persons and fulfilled
    expeditions, and a ship just turned that waits to be driven off."""
    s = g.state
    out = set(s.harbour) | set(s.expeditions)
    for p in s.players:
        out |= set(p.persons) | set(p.expeditions)
    out |= {f["card"] for f in s.stack if f["kind"] == "repel"}
    return out


def check_view(g: Game, seat: int) -> None:
    """``seat``'s view shows the open cards and counts only.  (Every card lies in one place, so a
    card shown among the open ones is never a card of a pile or of anybody's coins.)"""
    s = g.state
    v = g.view(seat)
    assert v.keys() == VIEW_KEYS, "the view has new keys: add them to VIEW_KEYS and check them here"
    sizes = (v["deck_size"], v["discard_size"], v["time_pile_size"])
    assert sizes == (len(s.deck), len(s.discard), len(s.time_pile))
    shown = set(v["harbour"]) | set(v["expeditions"])
    if v["just_turned"] is not None:
        shown.add(v["just_turned"])
    for row, p in zip(v["table"], s.players):
        assert row.keys() == ROW_KEYS and row["coins"] == len(p.coins)
        shown.update(row["persons"], row["expeditions"])
    assert v["stack"] == s.stack  # what comes next is open to everybody
    shown.update(f["card"] for f in v["stack"] if "card" in f)  # (the just-turned ship, already open)
    legal = g.legal_actions(seat)
    assert v["legal"] == [str(a) for a in legal]
    for a in legal:
        shown.update(a.cards)
        if a.kind in ("take", "expedition", "repel", "land"):
            shown.add(a.card)
    assert shown <= open_cards(g), "the view shows a face-down card"


def shuffled_faces(g: Game, rng: random.Random) -> Game:
    """A copy of ``g`` whose face-down cards are dealt again at random, every pile and hand of coins
    keeping its size: nobody's view may tell the two apart."""
    c = g.copy()
    s = c.state
    places = [s.deck, s.discard, s.time_pile] + [p.coins for p in s.players]
    pool = [card for place in places for card in place]
    rng.shuffle(pool)
    for place in places:
        size = len(place)
        place[:] = pool[:size]
        del pool[:size]
    return c


@dataclass
class Watch:
    """Checks one game after every step (and one seat's view every ``VIEW_EVERY`` steps)."""

    g: Game
    steps: int = 0
    cards: frozenset[int] = frozenset()
    before: list[Holding] = field(default_factory=list)
    cubes: tuple[int, ...] = ()
    time_pile: int = 0
    ending: bool = False
    events: Counter[str] = field(default_factory=Counter)
    logged: int = 0

    def __post_init__(self) -> None:
        self.cards = frozenset(CARDS.ids(self.g.state.mode != "base"))
        self.before = holdings(self.g)
        self.time_pile = len(self.g.state.time_pile)
        self.check_table()
        self.check_decision()

    def after(self, action: Action, rng: random.Random) -> None:
        self.steps += 1
        g = self.g
        assert self.steps <= MAX_STEPS, f"no end after {MAX_STEPS} choices"
        assert g.history[-1] == action
        self.check_table()
        self.check_holdings(action)
        self.check_decision()
        for _turn, key, _args in g.log[self.logged:]:
            self.events[key] += 1
        self.logged = len(g.log)
        if self.steps % VIEW_EVERY == 0 or g.is_over():
            # coins are face-down cards in a list (a count that cannot fall below none)
            assert all(type(p.coins) is list for p in g.state.players)
            seat = (self.steps // VIEW_EVERY) % g.state.n
            check_view(g, seat)
            if self.steps % TWIN_EVERY == 0:
                twin = shuffled_faces(g, rng)
                assert twin.view(seat) == g.view(seat), "a view depends on the order of a pile or a coin's face"

    def check_table(self) -> None:
        s = self.g.state
        cards = s.all_cards()
        assert len(cards) == len(self.cards) and set(cards) == self.cards, "a card is lost, doubled or foreign"
        assert OPEN_KINDS.issuperset(s.harbour) and EXPEDITIONS.issuperset(s.expeditions)
        ships = [COLOURS[c] for c in s.harbour if c in SHIPS]
        assert len(ships) == len(set(ships)), "two ships of one colour lie in the harbour"
        cubes = tuple(map(len, s.boxes)) + tuple([len(p.contracts) for p in s.players])
        if cubes != self.cubes:  # the contracts and cubes, checked whenever a cube moved
            self.check_cubes()
            self.cubes = cubes
        if s.team:  # the time pile only shrinks; 12 points never end a team's game
            assert len(s.time_pile) <= self.time_pile and not s.ending
            self.time_pile = len(s.time_pile)
        else:
            assert s.time_pile == [] and not s.declared
            if s.ending and not self.ending:  # the last round begins: somebody reached the goal
                assert max(points(s, seat) for seat in range(s.n)) >= GOAL_POINTS
            assert s.ending or not self.ending
            self.ending = s.ending

    def check_cubes(self) -> None:
        """At most 5 cubes per contract, each seat once per contract, at most 3 cubes per seat."""
        s = self.g.state
        assert len(s.boxes) == len(s.contracts)
        if s.mode == "base":
            assert s.contracts == []
        for t, box in enumerate(s.boxes):
            assert len(box) <= RULES.boxes_per_contract
            assert len(box) == len(set(box)), f"a seat fulfilled contract {t} twice"
        for seat, p in enumerate(s.players):
            assert len(p.contracts) <= CUBES and len(p.contracts) == len(set(p.contracts))
            assert sorted(p.contracts) == [t for t, box in enumerate(s.boxes) if seat in box]

    def check_holdings(self, action: Action) -> None:
        """Persons, fulfilled expeditions and cubes only grow, so influence points never fall, except
        when an expedition takes the persons it needs."""
        s = self.g.state
        now = holdings(self.g)
        for seat, (old, new) in enumerate(zip(self.before, now)):
            if old == new:
                continue
            (old_persons, old_exps, old_contracts), (persons, exps, contracts) = old, new
            assert PERSONS.issuperset(persons) and EXPEDITIONS.issuperset(exps)
            assert contracts[: len(old_contracts)] == old_contracts
            if action.kind == "expedition" and action.player == seat:
                kept = [c for c in old_persons if c not in action.cards]
                assert len(kept) == len(old_persons) - len(action.cards)
                assert persons == kept and exps == old_exps + [action.card]
            else:
                assert persons[: len(old_persons)] == old_persons, f"seat {seat} lost a person"
                assert exps[: len(old_exps)] == old_exps, f"seat {seat} lost an expedition"
                before, after = points_of(s.mode, old), points_of(s.mode, new)
                assert after >= before, f"seat {seat}'s points fell from {before} to {after}"
            assert points_of(s.mode, new) == points(s, seat)
        self.before = now

    def check_decision(self) -> None:
        g = self.g
        if g.is_over():
            assert g.deciders() == [] and g.legal_actions() == []
            assert all(g.free_actions(seat) == [] for seat in range(g.state.n))
            return
        deciders = g.deciders()
        assert len(deciders) == 1
        options = g.legal_actions()
        assert options, "somebody must decide but has no choice"
        assert all(a.player == deciders[0] for a in options)
        assert len(options) == len(set(options))
        assert g.legal_actions(deciders[0]) == options
        frame = g.state.stack[-1]
        assert frame["kind"] in ("discover", "repel", "claim", "take") and frame["seat"] == deciders[0]

    def finish(self) -> None:
        """The end: why the game ended, and the scores."""
        g = self.g
        s = g.state
        assert g.is_over()
        _turn, key, args = g.log[-1]
        assert key == "game_over" and args["why"] in GAME_OVER[s.mode]
        why = args["why"]
        if why == "points":
            assert s.ending and s.active == (s.start - 1) % s.n, "the round was not finished"
        elif why == "time":
            assert s.time_pile == []
        elif why == "declared":
            assert all(s.boxes) and s.declared
        check_scores(g)


def contract_points_of(mode: str, cubes: int) -> int:
    return sum((0, 1, 2)[:cubes]) if mode == "competitive" else 0


def check_scores(g: Game) -> None:
    """The scores agree with the table: rivals win with the most (points, coins); a team wins with a
    cube on every contract and gets the best rank its points and cubes reach."""
    s = g.state
    rows = g.scores()
    assert [r["seat"] for r in rows] == list(range(s.n))
    for r, p in zip(rows, s.players):
        person_points = sum(POINTS[c] for c in p.persons) + sum(POINTS[c] for c in p.expeditions)
        assert r["contract_points"] == contract_points_of(s.mode, len(p.contracts))
        assert r["points"] == person_points + r["contract_points"]
        assert (r["coins"], r["cubes"]) == (len(p.coins), len(p.contracts))
    if not s.team:
        best = max((r["points"], r["coins"]) for r in rows)
        assert [r["won"] for r in rows] == [(r["points"], r["coins"]) == best for r in rows]
        assert any(r["won"] for r in rows)
        return
    done = all(s.boxes)
    team_points = sum(r["points"] for r in rows)
    cubes = sum(len(b) for b in s.boxes)
    rank = EXP.ranks[0].id
    for r in EXP.ranks:  # the best rank whose both thresholds (per player) are reached
        if team_points >= r.points_per_player * s.n and cubes >= r.cubes_per_player * s.n:
            rank = r.id
    for r in rows:
        assert r["team_won"] == done and r["won"] == done
        assert (r["team_points"], r["team_cubes"]) == (team_points, cubes)
        assert r["rank"] == (rank if done else None)


# --- playing a chunk --------------------------------------------------------------------------

def play_game(mode: str, players: int, seed: int) -> Watch:
    """One random game, checked after every step."""
    g, rng, temper = new_game(mode, players, seed)
    watch = Watch(g)
    while not g.is_over():
        watch.after(random_step(g, rng, temper), rng)
    watch.finish()
    return watch


def play_chunk(mode: str, players: int, first: int) -> dict[str, Any]:
    """Play the chunk's games; check that together they reached the mode's usual events."""
    events: Counter[str] = Counter()
    longest = 0
    for seed in range(first, min(first + CHUNK, GAMES_PER_TABLE)):
        try:
            watch = play_game(mode, players, seed)
        except AssertionError as exc:
            raise AssertionError(f"{mode}, {players} players, seed {seed}: {exc}") from exc
        events += watch.events
        longest = max(longest, watch.steps)
    missing = MUST_REACH[mode] - set(events)
    assert not missing, f"random play never reached {sorted(missing)}"
    return {"events": events, "longest": longest}


@pytest.mark.parametrize(("mode", "players", "first"), chunks(("base", "competitive")))
def test_random_rivals(mode: str, players: int, first: int) -> None:
    play_chunk(mode, players, first)


def test_chunks_cover_every_table() -> None:
    # 13 tables (4 modes) and at least 2,000 games over the two files
    assert len(tables(("base", "competitive", "cooperative", "solo"))) == 13
    assert 13 * GAMES_PER_TABLE >= 2000
    assert sum(1 for _ in chunks(("base",))) * CHUNK >= 4 * GAMES_PER_TABLE
