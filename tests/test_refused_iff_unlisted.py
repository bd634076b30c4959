"""A choice is refused exactly when it is not listed, and a refusal always names its rule.

Hypothesis picks a random position (table size, seed, rules, modules, how far into the game) and
candidate choices around it: listed ones, listed ones with one detail changed, and choices put
together from what lies on the table.  A listed choice is carried out and its decision's check
accepts it; any other is refused with a rule of its own (never the generic "a detail does not fit"
or "not one of the legal choices"), in English and German, leaving the game as it was.  Port
Royal's counterpart is ``test_portroyal_fuzz.test_any_value_is_applied_or_refused``.  The free
choices beside every decision (dropping a contract, discarding a Capital card) are also tried one by
one, every one the table allows naming, in whole random games with Capital.
"""

from __future__ import annotations

import random

import pytest
from helpers import examples
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_random_play import random_step, snapshot

from importexport import CARDS, Action, Game, IllegalActionError
from importexport.bench import ALL_MODULES
from importexport.importexport.explain import FIELDS, REASONS
from importexport.importexport.flow import FRAMES, FREE_CHECKS
from importexport.importexport.i18n import message

GENERIC = {"wrong_detail", "not_legal"}
KINDS = sorted(FIELDS)
STOPS = (None, "act", "act", "lead", "follow", "take")
"""Where the game stops for the candidates: anywhere, or at the next decision of that kind."""
MODULES = ((), ALL_MODULES, ("capital",), ("tokyo",), ("j",), ("tokens1", "tokens2"))


def table_cards(g: Game) -> list[int]:
    s = g.state
    return [c for c in s.all_cards() if c < len(CARDS)] or [0]


@st.composite
def candidate(draw: st.DrawFn, g: Game) -> Action:
    """A listed choice, one with a detail changed, or one put together from the table."""
    s = g.state
    legal = g.legal_actions()
    cards = st.sampled_from(table_cards(g))
    ship = st.one_of(st.integers(0, len(s.ships) - 1), st.integers(-3, len(s.ships)))
    how = draw(st.sampled_from(("listed", "changed", "changed", "changed", "built")))
    if how == "built" or not legal:  # (mostly with only the details its kind uses)
        kind = draw(st.sampled_from(KINDS + sorted({x.kind for x in legal if x.kind in FIELDS}) * 6))
        built = Action(
            draw(st.sampled_from(g.deciders() or [0])), kind,
            tuple(draw(st.lists(cards, max_size=3))), draw(ship), draw(st.integers(0, 4)), draw(st.integers(0, 2)),
            draw(st.sampled_from((None, *range(7)))), tuple(draw(st.lists(ship, max_size=2))),
        )
        if draw(st.integers(0, 3)):
            unused = {f: Action._field_defaults[f] for f in Action._fields[2:] if f not in FIELDS[kind]}
            built = built._replace(**unused)
        return built
    a = draw(st.sampled_from(legal))
    if how == "listed":
        return a
    uses = sorted(FIELDS.get(a.kind, ())) or ["cards", "target"]  # (mostly a detail its kind uses)
    field = draw(st.sampled_from(uses * 12 + ["player", "kind", "cards", "target", "count", "option", "colour", "sources"]))
    value = {
        "player": st.integers(0, s.n - 1), "kind": st.sampled_from(KINDS), "cards": st.lists(cards, max_size=3).map(tuple),
        "target": ship, "count": st.integers(0, 6), "option": st.integers(0, 2), "colour": st.sampled_from((None, *range(7))),
        "sources": st.lists(ship, max_size=2).map(tuple),
    }[field]
    return a._replace(**{field: draw(value)})


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000), abilities=st.booleans(), modules=st.sampled_from(MODULES),
       steps=st.integers(0, 250), data=st.data())
def test_a_choice_is_refused_exactly_when_it_is_not_listed(
    players: int, seed: int, abilities: bool, modules: tuple[str, ...], steps: int, data: st.DataObject,
) -> None:
    g = Game(players=players, seed=seed, abilities=abilities, modules=modules)
    rng = random.Random(seed)
    stop_at = data.draw(st.sampled_from(STOPS), label="stop at")
    for step in range(steps + 400):
        if g.is_over() or step >= steps and stop_at in (None, g.state.stack[-1]["kind"]):
            break
        random_step(g, rng)
    for _ in range(data.draw(st.integers(1, 5), label="tries")):
        if g.is_over():
            break
        a = data.draw(candidate(g), label="choice")
        legal = g.legal_actions()
        top = g.state.stack[-1]
        if a in legal or a.normalised() in legal:
            if a.kind in FREE_CHECKS:
                assert FREE_CHECKS[a.kind](g, a.normalised()) is None, f"{top['kind']}: the free choice's check refuses the listed {a}"
            else:
                check = FRAMES[top["kind"]].check
                if check is not None and top["kind"] != "ask":
                    assert check(g, top, a) is None, f"{top['kind']}: the check refuses the listed {a}"
            g.apply(a)
            continue
        before = (snapshot(g), len(g.log), list(g.history))
        with pytest.raises(IllegalActionError) as refused:
            g.apply(a)
        error = refused.value
        event(error.rule)
        assert error.rule in REASONS and error.rule not in GENERIC, f"{top['kind']}: {a} refused only as {error.rule}"
        for lang in ("en", "de"):
            assert message(error.rule, lang, g.state, **error.details).endswith(".")
        assert (snapshot(g), len(g.log), list(g.history)) == before, f"{a} was refused but changed the game"


FREE_KINDS = ("drop", "discard")


def free_rule(g: Game, a: Action) -> str:
    """The rule a drop or discard the decider may not make breaks (with Capital): only the active
    player drops contracts, and only their own from a ship in harbour; a discard names a card of the
    hand, and only a grey one."""
    if a.kind == "drop":
        return "drop_where" if a.player == g.state.active else "drop_active"
    return "discard_grey" if a.cards[0] in g.state.players[a.player].hand else "not_in_hand"


def free_candidates(g: Game, seat: int) -> list[Action]:
    """Every drop and discard ``seat`` could name now: each contract on any ship, each card in their
    hand, one card from elsewhere, on every ship and beside the table."""
    s = g.state
    elsewhere = [c for c in table_cards(g) if c not in s.players[seat].hand][:1]
    cards = [c for ship in s.ships for c in ship.contracts] + s.players[seat].hand + elsewhere
    drops = [Action(seat, "drop", (c,), ship) for c in cards for ship in range(-1, len(s.ships) + 1)]
    return drops + [Action(seat, "discard", (c,)) for c in s.players[seat].hand + elsewhere]


@pytest.mark.parametrize(("players", "seed", "abilities", "modules"), [
    (2, 3, False, ("capital",)), (3, 11, True, ("capital",)), (4, 7, True, ALL_MODULES), (5, 5, False, ("capital", "tokyo")),
])
def test_free_choices_are_refused_exactly_when_not_listed(
    players: int, seed: int, abilities: bool, modules: tuple[str, ...],
) -> None:
    g = Game(players=players, seed=seed, abilities=abilities, modules=modules)
    rng = random.Random(seed)
    seen: set[tuple[str, bool]] = set()
    while not g.is_over() and len(g.history) < 160:
        seat = g.deciders()[0]
        if FRAMES[g.state.stack[-1]["kind"]].extras:
            legal = g.legal_actions(seat)
            before = (snapshot(g), len(g.log))
            for a in free_candidates(g, seat):
                why = FREE_CHECKS[a.kind](g, a)
                assert (why is None) == (a in legal), f"{a}: listed {a in legal}, its check says {why}"
                seen.add((a.kind, a in legal))
                if a in legal:
                    continue
                with pytest.raises(IllegalActionError) as refused:
                    g.apply(a)
                assert refused.value.rule == free_rule(g, a), f"{a}: refused as {refused.value.rule}"
                assert (refused.value.rule, refused.value.details) == why
            assert (snapshot(g), len(g.log)) == before
        random_step(g, rng)
    assert seen == {(kind, listed) for kind in FREE_KINDS for listed in (True, False)}, seen
