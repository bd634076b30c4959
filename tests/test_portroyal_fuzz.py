"""Port Royal fuzzing: arbitrary values offered as choices at random points of random games.

Each value is either legal (among ``legal_actions()`` or the ``free_actions`` of its player) and is
carried out, or it is refused with ``IllegalActionError`` naming a rule of ``words.REASONS`` in a
sentence of both languages, and the game (state, history and log) is exactly as before.  Every legal
choice met reads back from its text form (``Action.from_text``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_portroyal_random import new_game, random_step, tables

from importexport.errors import IllegalActionError
from importexport.portroyal.actions import KINDS, Action
from importexport.portroyal.cards import CARDS
from importexport.portroyal.explain import USES
from importexport.portroyal.game import Game
from importexport.portroyal.words import REASONS, message

TABLES = tables(("base", "competitive", "cooperative", "solo"))
SWEEP_GAMES = 6
"""Seeded games per mode and player count in the sweep (which also checks which rules it reached)."""
SWEEP_CHANCE = 0.3
"""The share of steps at which the sweep offers odd values."""
TRIES = 3
# Rules the sweep must reach (else it would test little); ``not_legal`` names no rule and must never be met.
MUST_REACH = {
    "bad_field", "cannot_afford", "contract_event", "contract_unmet", "end_early", "end_mode", "expedition_mismatch",
    "expedition_own_turn", "give_mode", "give_target", "no_coins", "no_contract", "no_pay_contract", "no_seat",
    "no_such_expedition", "not_active", "not_an_action", "not_in_harbour", "not_now", "not_your_decision",
    "not_your_person", "stop_first", "unused_field",
}
NAMELESS = "not_legal"


# --- odd values -------------------------------------------------------------------------------

def odd_value(g: Game, rng: random.Random) -> Any:
    """Something offered as a choice: a legal choice, one bent in one field, one built from the cards
    and contracts on the table, an Action with arbitrary fields, a text, or no Action at all."""
    n = g.state.n
    legal = g.legal_actions() + [a for seat in range(n) for a in g.free_actions(seat)]
    roll = rng.random()
    if roll < 0.1 and legal:
        return rng.choice(legal)
    if roll < 0.45 and legal:
        a = rng.choice(legal)
        field = rng.choice(("player", "kind", "card", "target", "cards"))
        if field == "player":
            return a._replace(player=rng.randrange(-1, n + 1))
        if field == "kind":
            return a._replace(kind=rng.choice(KINDS))
        if field == "card":
            return a._replace(card=rng.randrange(-2, len(CARDS) + 3))
        if field == "target":
            return a._replace(target=rng.randrange(-2, 9))
        return a._replace(cards=tuple(rng.randrange(len(CARDS)) for _ in range(rng.randrange(4))))
    if roll < 0.6:  # plausible: cards and contracts that are on the table
        return plausible(g, rng)
    if roll < 0.85:  # the fields the kind uses (and now and then one it does not use)
        kind = rng.choice(KINDS)
        uses = USES.get(kind, ()) if rng.random() < 0.85 else ("card", "target", "cards")
        return Action(
            rng.randrange(-1, n + 1), kind,
            rng.randrange(-3, len(CARDS) + 3) if "card" in uses else -1,
            rng.randrange(-3, 9) if "target" in uses else -1,
            tuple(rng.randrange(-1, len(CARDS) + 1) for _ in range(rng.randrange(4))) if "cards" in uses else (),
        )
    if roll < 0.93:
        junk: list[Any] = ["0", 1.0, True, None, "x", [1], (2,), -7, 10**30]
        a = Action(rng.randrange(n), rng.choice(KINDS))
        field = rng.choice(("player", "kind", "card", "target", "cards"))
        return a._replace(**{field: rng.choice(junk)})
    return rng.choice((
        None, 3, ("p0", "discover"), (0, "discover", -1, -1, ()), "", "p0", "p0 fly", "p0 take c=x", "q1 take",
        f"p{rng.randrange(n)} {rng.choice(KINDS)} c={rng.randrange(len(CARDS))}", "p1 take with=1,,2",
        str(rng.choice(legal)) if legal else "p0 stop",
    ))


def plausible(g: Game, rng: random.Random) -> Action:
    """A choice built from what lies on the table: a harbour card, a laid-out expedition with some of
    a player's persons, a contract, a teammate."""
    s = g.state
    seat = rng.choice(g.deciders() or [0]) if rng.random() < 0.7 else rng.randrange(s.n)
    kind = rng.choice(("take", "take", "pay", "expedition", "contract", "decline", "give", "repel", "land"))
    if kind in ("take", "repel", "land"):
        pool = s.harbour + [f["card"] for f in s.stack if f["kind"] == "repel"] or [0]
        return Action(seat, kind, rng.choice(pool))
    if kind == "expedition":
        persons = s.players[seat].persons
        cards = tuple(rng.sample(persons, min(len(persons), rng.randrange(1, 4))))
        return Action(seat, kind, rng.choice(s.expeditions or [rng.randrange(len(CARDS))]), cards=cards)
    return Action(seat, kind, target=rng.randrange(max(1, len(s.contracts)) if kind != "give" else s.n))


def as_action(value: Any) -> Action | None:
    """The Action a value stands for (texts are read), or None."""
    if isinstance(value, str):
        try:
            return Action.from_text(value)
        except ValueError:
            return None
    return value if isinstance(value, Action) and value.shape_error() is None else None


def is_legal(g: Game, value: Any) -> bool:
    a = as_action(value)
    if a is None or g.is_over():
        return False
    return a in g.legal_actions() or (0 <= a.player < g.state.n and a in g.free_actions(a.player))


def offer(g: Game, value: Any) -> str | None:
    """Offer ``value``: a legal one is carried out (None returned); otherwise the refusal is checked
    and its rule returned."""
    before, history, log = g.to_json(), list(g.history), list(g.log)
    if is_legal(g, value):
        g.apply(value)
        assert g.history == history + [as_action(value)]
        return None
    with pytest.raises(IllegalActionError) as caught:
        g.apply(value)
    err = caught.value
    assert err.rule in REASONS.keys(), f"{value!r}: refused with {err.rule!r}, which is not a rule"
    assert str(err).strip()
    for lang in ("en", "de"):
        if err.rule == "not_an_action" and not err.details:  # see test_not_an_action_keeps_its_argument
            continue
        text = message(err.rule, lang, g.state.contracts, **err.details)
        assert text.strip(), f"{err.rule} in {lang}: empty"
        if err.rule not in ("not_an_action", "bad_field"):  # (these quote the odd value, braces and all)
            assert "{" not in text, f"{err.rule} in {lang}: {text!r}"
    assert (g.to_json(), g.history, g.log) == (before, history, log), f"{value!r} changed the game"
    return err.rule


def round_trips(g: Game, described: bool = False) -> None:
    """Every choice on offer (the decider's and everybody's free ones) reads back from its text
    (and, if ``described``, is put into words in both languages)."""
    for seat in range(g.state.n):
        for a in g.legal_actions(seat):
            assert Action.from_text(str(a)) == a
            if described:
                assert g.describe(a, "en").strip() and g.describe(a, "de").strip()


# --- the seeded sweep -------------------------------------------------------------------------

def test_fuzz_sweep() -> None:
    """Random games of every mode and size, odd values offered at random steps."""
    rules: Counter[str] = Counter()
    legal = 0
    for mode, players in TABLES:
        for seed in range(SWEEP_GAMES):
            g, rng, temper = new_game(mode, players, 5000 + seed)
            g.lang = "de" if seed % 2 else "en"
            fuzz = random.Random(seed)
            while not g.is_over():
                round_trips(g)
                if fuzz.random() < SWEEP_CHANCE:
                    round_trips(g, described=True)
                    for _ in range(TRIES):
                        rule = offer(g, odd_value(g, fuzz))
                        legal += rule is None
                        rules[rule or "legal"] += 1
                        if g.is_over():
                            break
                if not g.is_over():
                    random_step(g, rng, temper)
            for value in (Action(0, "discover"), Action(0, "pass"), "p0 stop"):
                assert offer(g, value) == "game_over"
    assert rules[NAMELESS] == 0, "a refusal named no rule"
    missing = MUST_REACH - set(rules)
    assert not missing, f"the sweep never reached {sorted(missing)}"
    assert legal > 100


def test_not_an_action_keeps_its_argument() -> None:
    # Every refusal carries the arguments of its sentence, so it can be said again in the other language.
    g = Game(players=2, seed=1)
    for value in ("p0 fly", None):
        with pytest.raises(IllegalActionError) as caught:
            g.apply(value)  # type: ignore[arg-type]
        assert caught.value.rule == "not_an_action"
        assert message("not_an_action", "de", [], **caught.value.details).strip()


# --- hypothesis -------------------------------------------------------------------------------

def junk() -> st.SearchStrategy[Any]:
    return st.one_of(st.none(), st.booleans(), st.floats(allow_nan=False), st.text(max_size=4), st.lists(st.integers(), max_size=2))


def fields(n: int) -> st.SearchStrategy[Action]:
    ints = st.integers(min_value=-3, max_value=len(CARDS) + 3)
    return st.builds(
        Action,
        st.one_of(st.integers(-2, n + 1), st.integers(), junk()),
        st.one_of(st.sampled_from(KINDS), st.text(max_size=6), junk()),
        st.one_of(ints, st.integers(), junk()),
        st.one_of(st.integers(-2, 9), junk()),
        st.one_of(st.tuples(), st.lists(ints, max_size=4).map(tuple), junk(), st.tuples(st.text(max_size=2))),
    )


def values(g: Game) -> st.SearchStrategy[Any]:
    n = g.state.n
    legal = g.legal_actions() + [a for seat in range(n) for a in g.free_actions(seat)]
    texts = st.one_of(st.text(max_size=20), st.builds(
        "p{} {} {}".format, st.integers(-1, n + 1), st.sampled_from(KINDS),
        st.sampled_from(("", "c=3", "t=0", "with=1,2", "c=", "t=x", "z=1", "c=1 t=1 with=0")),
    ))
    options = [fields(n), texts, st.sampled_from((None, 0, (0, "stop"), b"p0 stop"))]
    if legal:
        options.append(st.sampled_from(legal))
        options.append(st.sampled_from(legal).map(str))
    return st.one_of(*options)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10_000), steps=st.integers(0, 300),
       lang=st.sampled_from(("en", "de")), data=st.data())
def test_any_value_is_applied_or_refused(table: tuple[str, int], seed: int, steps: int, lang: str, data: st.DataObject) -> None:
    mode, players = table
    g, rng, temper = new_game(mode, players, seed)
    g.lang = lang
    for _ in range(steps):
        if g.is_over():
            break
        random_step(g, rng, temper)
    for _ in range(data.draw(st.integers(1, 6), label="tries")):
        round_trips(g, described=True)
        rule = offer(g, data.draw(values(g), label="value"))
        assert rule != NAMELESS


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=30))
def test_any_text_reads_or_fails_clearly(text: str) -> None:
    try:
        a = Action.from_text(text)
    except ValueError as exc:
        assert str(exc)
        return
    assert isinstance(a, Action)
    if a.shape_error() is None and a.kind in KINDS:
        assert Action.from_text(str(a)) == a or a.card < -1 or a.target < -1


@settings(max_examples=200, deadline=None)
@given(a=st.builds(Action, st.integers(0, 99), st.sampled_from(KINDS), st.integers(-1, 200), st.integers(-1, 9),
                   st.lists(st.integers(0, 200), max_size=5).map(tuple)))
def test_actions_read_back_from_their_text(a: Action) -> None:
    assert Action.from_text(str(a)) == a
