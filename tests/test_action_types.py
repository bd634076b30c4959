"""Choices of the wrong shape: refused with a typed error naming the field, the game untouched.

``True`` and ``1.0`` equal ``1`` in Python, so without this check they would pass as a legal
choice, enter the history and make the save unloadable.  Property-based (hypothesis): any value
of a wrong type in any field of a legal choice, at random positions.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from importexport import Action, Game, IllegalActionError
from importexport.savefile import load

WRONG_WHOLE = st.one_of(
    st.booleans(), st.floats(allow_nan=False), st.none(), st.text(max_size=3),
    st.tuples(st.integers(0, 3)), st.lists(st.integers(0, 3), max_size=2),
)


def position(seed: int, steps: int) -> Game:
    g = Game(players=2 + seed % 5, seed=seed, abilities=bool(seed % 2))
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over():
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50), steps=st.integers(0, 60), field=st.sampled_from(["player", "target", "count", "option"]),
       value=WRONG_WHOLE, pick=st.integers(0, 1000))
def test_a_wrong_type_in_a_whole_number_field_is_refused(seed: int, steps: int, field: str, value: object, pick: int) -> None:
    g = position(seed, steps)
    if g.is_over():
        return
    legal = g.legal_actions()
    bad = legal[pick % len(legal)]._replace(**{field: value})
    before, history = g.save(), list(g.history)
    with pytest.raises(IllegalActionError) as refused:
        g.apply(bad)
    assert refused.value.rule == "bad_field" and field in str(refused.value)
    assert g.save() == before and g.history == history


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 50), cards=st.one_of(st.lists(st.integers(0, 5), max_size=2), st.none(), st.integers(0, 5),
                                                  st.tuples(st.booleans())))
def test_cards_must_be_a_tuple_of_whole_numbers(seed: int, cards: object) -> None:
    g = position(seed, 5)
    bad = g.legal_actions()[0]._replace(cards=cards)
    with pytest.raises(IllegalActionError) as refused:
        g.apply(bad)
    assert refused.value.rule == "bad_field"


@pytest.mark.parametrize("thing", [None, 3, (0, "draw"), {"player": 0, "kind": "draw"}, b"p0 draw"])
def test_something_that_is_no_choice_at_all(thing: object) -> None:
    g = Game(players=3, seed=1)
    with pytest.raises(IllegalActionError) as refused:
        g.apply(thing)  # type: ignore[arg-type]
    assert refused.value.rule == "not_an_action"


def test_true_for_seat_one_used_to_pass_and_break_the_save() -> None:
    """The case that went wrong: ``True == 1``; the game stays savable and loadable."""
    g = Game(players=2, seed=3)
    seat = g.deciders()[0]
    draw = Action(seat, "draw")
    assert draw in g.legal_actions()
    with pytest.raises(IllegalActionError):
        g.apply(draw._replace(player=bool(seat) if seat in (0, 1) else seat, count=True))
    g.apply(draw)
    assert load(g.save()).state.to_dict() == g.state.to_dict()


def test_an_unknown_kind_is_named() -> None:
    g = Game(players=3, seed=1, lang="de")
    with pytest.raises(IllegalActionError, match="kind muss"):
        g.apply(Action(g.deciders()[0], "dance"))
