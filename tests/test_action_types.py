"""Choices of the wrong shape: refused with a typed error naming the field, the game untouched.

``True`` and ``1.0`` equal ``1`` in Python, so without this check they would pass as a legal
choice, enter the history and make the save unloadable.  Property-based (hypothesis): any value
of a wrong type in any field of a legal choice, at random positions.
"""

from __future__ import annotations

import random

import pytest
from helpers import play_random
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from importexport import Action, Game, IllegalActionError
from importexport.importexport.actions import DECK, DISCARD, ISLAND, TAKE_GOODS, TO_GOODS, hand_of, hand_owner
from importexport.importexport.constants import BASE_COLOURS
from importexport.importexport.savefile import load

WRONG_WHOLE = st.one_of(
    st.booleans(), st.floats(allow_nan=False), st.none(), st.text(max_size=3),
    st.tuples(st.integers(0, 3)), st.lists(st.integers(0, 3), max_size=2),
)


def position(seed: int, steps: int) -> Game:
    return play_random(Game(players=2 + seed % 5, seed=seed, abilities=bool(seed % 2)), seed, steps)


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


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 50), steps=st.integers(0, 40),
       wrong=st.one_of(st.tuples(st.just("colour"), st.one_of(st.booleans(), st.floats(allow_nan=False), st.text(max_size=3),
                                                               st.tuples(st.integers(0, 3)))),
                       st.tuples(st.just("sources"), st.one_of(st.none(), st.integers(0, 5), st.lists(st.integers(0, 3), max_size=2),
                                                                st.tuples(st.booleans()), st.tuples(st.floats(0, 3))))),
       pick=st.integers(0, 1000))
def test_colour_and_sources_have_their_own_types(seed: int, steps: int, wrong: tuple[str, object], pick: int) -> None:
    g = position(seed, steps)
    if g.is_over():
        return
    field, value = wrong
    legal = g.legal_actions()
    before = g.save()
    with pytest.raises(IllegalActionError) as refused:
        g.apply(legal[pick % len(legal)]._replace(**{field: value}))
    assert refused.value.rule == "bad_field" and field in str(refused.value) and g.save() == before


# --- named constructors: each detail in its own field, no offsets ---------------------------------

NAMED = [
    (Action.draw(0), "p0 draw"),
    (Action.play(1, 23), "p1 play c=23"),
    (Action.play(1, 23, as_action=4), "p1 play c=23 t=4"),
    (Action.wild(0, 9, 4, 2), "p0 wild c=4,9 t=2"),
    (Action.declare(2, 3), "p2 declare n=3"),
    (Action.sell(0, 5), "p0 sell c=5"),
    (Action.crew(0, 5), "p0 crew c=5"),
    (Action.contract(0, 12, ship=1, actions=2, side=1), "p0 contract c=12 t=1 n=2 o=1"),
    (Action.load(0, 19, ship=0, colour=1), "p0 load c=19 t=0 colour=yellow"),
    (Action.load(0, (3, 8), ship=2), "p0 load c=3,8 t=2"),
    (Action.pirate(0, 31, source=0, onto=1), "p0 pirate c=31 t=1 from=0"),
    (Action.pirate(0, 31, source=4), "p0 pirate c=31 from=4"),
    (Action.pirate(0, 19, source=ISLAND, onto=0, colour=1), "p0 pirate c=19 t=0 colour=yellow from=-1"),
    (Action.pirate(0, (5, 9), source=(3, ISLAND), onto=1), "p0 pirate c=5,9 t=1 from=3,-1"),
    (Action.pirate(0, 31, source=2, onto=TO_GOODS), "p0 pirate c=31 t=-2 from=2"),
    (Action.pirate_unseen(0, hand_of(2)), "p0 pirate from=-5"),
    (Action.pirate_unseen(0, DECK), "p0 pirate from=-2"),
    (Action.trade(0, 3, 7), "p0 trade c=3,7"),
    (Action.bid_for(1, 4), "p1 ship t=4"),
    (Action.bid(1, 6), "p1 bid n=6"),
    (Action.winner(0, 2), "p0 winner t=2"),
    (Action.take(0, 5, TAKE_GOODS), "p0 take c=5 t=1"),
    (Action.drop(0, 1), "p0 drop t=1"),
    (Action.yes(0, 40), "p0 yes c=40"),
    (Action.no(0), "p0 no"),
    (Action.choose(0, 40, 7, target=2), "p0 choose c=40,7 t=2"),
    (Action.anytime(40, Action.pirate(0, 31, source=0, onto=1)), "p0 anytime c=40,31 t=1 from=0"),
    (Action.token_colour(0, 77, 4), "p0 colour c=77 colour=red"),
]


@pytest.mark.parametrize(("action", "text"), NAMED, ids=[t for _, t in NAMED])
def test_named_constructors_write_each_detail_once(action: Action, text: str) -> None:
    assert str(action) == text and Action.from_text(text) == action and action.shape_error() is None


def test_anytime_wraps_and_unwraps_a_choice_whole() -> None:
    inner = Action.pirate(0, 19, source=ISLAND, onto=0, colour=1)
    assert Action.anytime(40, inner).unwrap("pirate") == inner


def test_every_pirate_and_load_of_random_games_names_real_places_and_colours() -> None:
    """No field of a listed choice is shifted: sources are ship ids or named places, colours real colours."""
    seen = 0
    for seed in range(12):
        g = Game(players=2 + seed % 5, seed=seed, abilities=True)
        rng = random.Random(seed)
        while not g.is_over():
            legal = g.legal_actions()
            for a in legal:
                if a.kind == "pirate":
                    seen += 1
                    assert len(a.sources) == max(1, len(a.cards))
                    assert all(0 <= x < len(g.state.ships) or x in (ISLAND, DECK) or hand_owner(x) is not None
                               for x in a.sources)
                    assert a.target in (DISCARD, TO_GOODS) or 0 <= a.target < len(g.state.ships)
                if a.kind in ("load", "pirate") and a.colour is not None:
                    assert a.colour in BASE_COLOURS and a.count == 0 and a.option == 0
                assert Action.from_text(str(a)) == a
            g.apply(rng.choice(legal))
    assert seen > 50
