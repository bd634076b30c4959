"""The abilities working for each seat, kept on the game between steps (``registry.working``), are
always what a fresh lookup gives: every time a kept seat's abilities are read (by ``Game.mod``, the
options' lookups, ``dispatch``, ``check_wins``) they equal ``lasting`` and ``modifier_index`` of the
position at that moment, and the table's events, instant-win flag, whether no ability changes
where containers fit (``plain_fills``, read before each decision) and whether one may change a
table-wide value (``reach``, read by ``Game.mod_all``) equal those made afresh; in
random games with abilities and every module, each module alone, through undo and copies.  A place
that changes who holds what without ``forget`` shows here as a kept lookup that differs."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from importexport import Game
from importexport.importexport import abilities, engine
from importexport.importexport.abilities import registry
from importexport.importexport.setup import MODULES


class CheckedSeats(list):  # type: ignore[type-arg]
    """A ``Working.seats`` that compares each kept entry with a fresh lookup whenever it is read."""

    def __init__(self, items: list[Any], state: Any, reads: list[int]) -> None:
        super().__init__(items)
        self.g = SimpleNamespace(state=state)  # (what ``lasting`` and ``_index_for`` read of a game)
        self.reads = reads

    def __getitem__(self, seat: Any) -> Any:
        entry = super().__getitem__(seat)
        if entry is not None:
            self.reads[0] += 1
            fresh = registry.lasting(self.g, seat) if self.g.state.abilities else []  # type: ignore[arg-type]
            assert entry[0] == fresh, (seat, [a.name for a in entry[0]], [a.name for a in fresh])
            assert entry[1] == registry._index_for(self.g, fresh), seat  # type: ignore[arg-type]
        return entry


def fresh_table(g: Game) -> tuple[frozenset[str], bool]:
    """The table's events and instant-win flag, made from ``lasting`` afresh."""
    found = [a for seat in range(g.state.n) for a in registry.lasting(g, seat)]
    return frozenset().union(*(a.listens for a in found)), any(hasattr(a, "wins") for a in found)


def fresh_reach(g: Game, key: str) -> bool:
    """May a card changing rule value ``key`` work for some seat, or a standing rule (worked out afresh)?"""
    cards = registry.modifiers_of(key)
    return cards is not None and (registry.anyone_in_reach(g, cards) or registry.standing_rule(g, key))


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every ``Working`` made from now on checks its seats when read; the table's answers are checked too."""
    reads = [0]
    made = registry.Working.__init__
    events, wins, settle, mod_all = registry.table_events, registry.table_wins, engine.settle_harbours, Game.mod_all

    def init(self: registry.Working, state: Any) -> None:
        made(self, state)
        self.seats = CheckedSeats(self.seats, state, reads)

    def checked_events(g: Game) -> frozenset[str]:
        got = events(g)
        assert got >= fresh_table(g)[0]  # (a seat whose crew holds a crew card may add events: never fewer)
        return got

    def checked_wins(g: Game) -> bool:
        got = wins(g)
        assert got >= fresh_table(g)[1]
        return got

    def checked_settle(g: Game) -> None:
        work = g.working_memo
        if work is not None and work.state is g.state and work.plain_fills is not None:
            changed = {key for seat in range(g.state.n) for a in registry.lasting(g, seat) for key in a.modifies}
            assert work.plain_fills == changed.isdisjoint(registry.FILL_KEYS)
            reads[0] += 1
        settle(g)

    def checked_mod_all(g: Game, key: str, value: Any, *context: Any) -> Any:
        work = g.working_memo
        if work is not None and work.state is g.state and key in work.reach:
            assert work.reach[key] == fresh_reach(g, key), key
            reads[0] += 1
        return mod_all(g, key, value, *context)

    monkeypatch.setattr(registry.Working, "__init__", init)
    monkeypatch.setattr(Game, "mod_all", checked_mod_all)
    monkeypatch.setattr(engine, "settle_harbours", checked_settle)
    monkeypatch.setattr(registry, "table_events", checked_events)
    monkeypatch.setattr(abilities, "table_wins", checked_wins)
    return reads


def play(g: Game, seed: int) -> None:
    """Random choices to the end, now and then taking two back or going on in a copy."""
    rng = random.Random(seed)
    for step in range(100_000):
        if g.is_over():
            return
        if step % 97 == 50:
            g.undo(2)
        if step % 131 == 70:
            g = g.copy()
        seat = rng.choice(g.deciders())
        g.apply(rng.choice(g.legal_actions(seat)))


@pytest.mark.parametrize("modules", [tuple(MODULES), (), *[(m,) for m in ("capital", "tokyo", "j", "market", "promo")]])
def test_kept_abilities_equal_fresh_ones_at_every_read(checked: list[int], modules: tuple[str, ...]) -> None:
    for seed in range(2 if modules == tuple(MODULES) else 1):
        play(Game(players=3 + seed * 2, seed=seed + 11, abilities=True, modules=modules), seed)
    assert checked[0] > 500  # (kept entries were read, not only made)


def test_a_change_by_hand_needs_forget(checked: list[int]) -> None:
    """The kept lookup is the engine's: a test that edits the state by hand says so with ``forget``."""
    g = Game(players=3, seed=4, abilities=True)
    board_games = registry.REGISTRY["BOARD GAMES"]  # (it changes the crew limit)
    assert board_games not in g.modifiers(0, "crew_limit")
    g.state.players[0].fulfilled.append(board_games.card)
    registry.forget(g)
    assert board_games in g.modifiers(0, "crew_limit")


def test_kept_table_reach_equals_a_fresh_one_for_every_rule_value() -> None:
    """``Working.reach`` (may a card changing a rule value work for some seat?), asked for every rule
    value some card changes at every step of random games, equals ``anyone_in_reach`` or a standing
    rule worked out afresh whenever it is kept from an earlier step."""
    kept = found = 0
    for seed in range(3):
        g = Game(players=4, seed=seed + 5, abilities=True, modules=tuple(MODULES))
        rng = random.Random(seed)
        while not g.is_over():
            work = registry.working(g)
            for key in registry.KEY_CARDS:
                fresh = fresh_reach(g, key)
                if key in work.reach:
                    assert work.reach[key] == fresh, key
                    kept += 1
                    found += fresh
                else:
                    assert registry.table_reach(g, work, key) == fresh, key
            g.apply(rng.choice(g.legal_actions(rng.choice(g.deciders()))))
    assert kept > 1000 and found > 100  # (kept answers were read, some of them true)


def test_an_anytime_card_not_marked_offers_from_hand_offers_nothing_from_the_hand() -> None:
    """``extra_options`` asks the anytime hooks only while a card of ``ANYTIME_IN_HAND`` lies in the
    deciding player's hand or one of ``ANYTIME_CARDS`` among the fulfilled contracts.  At every step of
    random games with abilities and every module, each anytime card without ``offers_from_hand`` is put
    into each seat's hand (where it lies in neither the hand nor the fulfilled contracts) and its hook
    asked: it offers nothing.  The marked ones, put there the same way, do offer choices (LUTEFISK at
    many steps; the cards' own tests show each of the four marks is needed)."""
    anytime = [c for c in sorted(registry.ANYTIME_CARDS) if hasattr(registry.ABILITY_OF[c], "anytime_options")]
    checked = offered = 0
    for seed in range(4):
        g = Game(players=3 + seed % 4, seed=seed + 40, abilities=True, modules=tuple(MODULES))
        rng = random.Random(seed)
        while not g.is_over():
            for seat in range(g.state.n):
                p = g.state.players[seat]
                for c in anytime:
                    if c in p.hand or c in p.fulfilled:
                        continue
                    p.hand.append(c)  # (put there for the question only, taken out again at once)
                    found = registry.ABILITY_OF[c].anytime_options(g, seat, c)  # type: ignore[union-attr]
                    p.hand.remove(c)
                    if c in registry.ANYTIME_IN_HAND:
                        offered += bool(found)
                    else:
                        checked += 1
                        assert found == [], registry.ABILITY_OF[c].name
            g.apply(rng.choice(g.legal_actions(rng.choice(g.deciders()))))
    assert checked > 10_000 and offered > 100
