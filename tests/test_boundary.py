"""Bad input at the decision interface of both games: arbitrary texts, whole numbers (some of
thousands of digits), floats and bools as a choice's fields or text, as an undo count and as a seat.

Each one is carried out (a legal choice, a valid count or seat) or refused with the documented error
type only (``IllegalActionError`` for a choice, ``BadArgumentError`` for an undo count or a seat,
``docs/bounds.md``), whose message is one line of bounded length, can be said again in both
languages from its ``rule`` and ``details``, and leaves the game exactly as it was (``save()``).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import examples, play_random
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from importexport.boundary import QUOTE_CHARS, read_choice, read_number, read_numbers, say, shown
from importexport.errors import BadArgumentError, IllegalActionError
from importexport.importexport.actions import KINDS as IE_KINDS
from importexport.importexport.actions import Action as IEAction
from importexport.importexport.engine import Game as IEGame
from importexport.importexport.i18n import message as ie_message
from importexport.portroyal.actions import KINDS as PR_KINDS
from importexport.portroyal.actions import Action as PRAction
from importexport.portroyal.game import Game as PRGame

MAX_MESSAGE = 300
"""No refusal is longer than this many characters, whatever it was given."""
HUGE = (10**5000, -(10**5000), 10**4301, 2**64, 10**12, 99_999, 100_000, -100_000)
"""Numbers around the bounds and far beyond what Python prints (4,300 digits)."""
GAMES = ("importexport", "portroyal")


def new_game(game: str, seed: int, steps: int, lang: str) -> Any:
    """A game of ``game`` after ``steps`` random choices."""
    g = IEGame(players=3, seed=seed, abilities=seed % 2 == 0, lang=lang) if game == "importexport" else (
        PRGame(players=3, seed=seed, mode="competitive", lang=lang))
    return play_random(g, seed, steps)


def said_again(g: Any, err: IllegalActionError | BadArgumentError, lang: str) -> str:
    """The refusal's sentence in ``lang``, from its rule and details."""
    if isinstance(err, BadArgumentError):
        return say(err.rule, lang, **err.details)
    if isinstance(g, IEGame):
        return ie_message(err.rule, lang, g.state, **err.details)
    return g.say(err.rule, lang, **err.details)


def check_refusal(g: Any, err: IllegalActionError | BadArgumentError) -> None:
    for text in (str(err), said_again(g, err, "en"), said_again(g, err, "de")):
        assert text.strip() and "\n" not in text and len(text) <= MAX_MESSAGE, repr(text[:500])
    assert said_again(g, err, g.lang) == str(err)


def offered(g: Any, call: Any, allowed: type[Exception]) -> None:
    """Run ``call``; a refusal must be of type ``allowed`` and leave the game as it was."""
    before = g.save()
    try:
        call()
    except allowed as err:
        check_refusal(g, err)  # type: ignore[arg-type]
        assert g.save() == before
    except Exception as err:  # noqa: BLE001
        pytest.fail(f"{type(err).__name__} instead of {allowed.__name__}: {str(err)[:200]}")


# --- strategies -------------------------------------------------------------------------------

def huge() -> st.SearchStrategy[int]:
    """One of :data:`HUGE` (drawn by index: a strategy showing the numbers could not be printed)."""
    return st.integers(0, len(HUGE) - 1).map(lambda i: HUGE[i])


def numbers() -> st.SearchStrategy[Any]:
    return st.one_of(st.integers(-5, 70), st.integers(), huge())


def odd() -> st.SearchStrategy[Any]:
    """Anything at all: numbers, floats, bools, texts (some very long), None, lists."""
    return st.one_of(
        numbers(), st.floats(), st.booleans(), st.none(), st.text(max_size=20),
        st.text(min_size=1, max_size=3).map(lambda t: t * 4000), st.lists(numbers(), max_size=3),
        st.lists(numbers(), max_size=3).map(tuple),
    )


def digits() -> st.SearchStrategy[str]:
    """A number as text: ASCII digits, other Unicode digits ("²", "٣"), very many digits, signs."""
    return st.one_of(
        st.integers().map(str), st.sampled_from(("9" * 5000, "-" + "1" * 4400, "1" + "0" * 12, "99999", "100000")), st.sampled_from(("²", "٣", "１", "", "-", "1.0", "x")),
        st.text(alphabet="0123456789²³¹٣", min_size=1, max_size=12),
    )


def ie_choice() -> st.SearchStrategy[Any]:
    fields = st.one_of(numbers(), odd())
    cards = st.one_of(st.lists(numbers(), max_size=3).map(tuple), st.lists(numbers(), min_size=65, max_size=70).map(tuple), odd())
    return st.builds(IEAction, fields, st.one_of(st.sampled_from(sorted(IE_KINDS)), odd()), cards, fields, fields, fields,
                     st.one_of(st.none(), fields), cards)


def pr_choice() -> st.SearchStrategy[Any]:
    fields = st.one_of(numbers(), odd())
    cards = st.one_of(st.lists(numbers(), max_size=3).map(tuple), st.lists(numbers(), min_size=65, max_size=70).map(tuple), odd())
    return st.builds(PRAction, fields, st.one_of(st.sampled_from(PR_KINDS), odd()), fields, fields, cards)


def texts(kinds: list[str], keys: tuple[str, ...]) -> st.SearchStrategy[str]:
    word = st.builds("{}={}".format, st.sampled_from(keys), st.one_of(digits(), st.lists(digits(), max_size=3).map(",".join)))
    return st.one_of(
        st.text(max_size=30), st.text(min_size=1, max_size=3).map(lambda t: "p0 " + t * 2000),
        st.builds(lambda p, k, ws: " ".join([f"p{p}", k, *ws]), digits(), st.one_of(st.sampled_from(kinds), st.text(max_size=5)),
                  st.lists(word, max_size=3)),
    )


def choices(game: str) -> st.SearchStrategy[Any]:
    if game == "importexport":
        return st.one_of(ie_choice(), texts(sorted(IE_KINDS), ("c", "t", "n", "o", "colour", "from")), odd())
    return st.one_of(pr_choice(), texts(list(PR_KINDS), ("c", "t", "with")), odd())


CHOICES = {game: choices(game) for game in GAMES}
"""Built once: a strategy built anew at each draw costs hypothesis more than the test itself."""
SETTINGS = settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- the tests ------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(seed=st.integers(0, 50), steps=st.integers(0, 40), lang=st.sampled_from(("en", "de")), data=st.data())
def test_any_choice_is_carried_out_or_refused_as_documented(game: str, seed: int, steps: int, lang: str,
                                                            data: st.DataObject) -> None:
    g = new_game(game, seed, steps, lang)
    for _ in range(3):
        value = data.draw(CHOICES[game], label="choice")
        offered(g, lambda value=value: g.apply(value), IllegalActionError)


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(seed=st.integers(0, 50), steps=st.integers(0, 12), lang=st.sampled_from(("en", "de")),
       count=st.one_of(odd(), st.integers(-3, 15)))
def test_any_undo_count_is_taken_back_or_refused_as_documented(game: str, seed: int, steps: int, lang: str,
                                                               count: Any) -> None:
    g = new_game(game, seed, steps, lang)
    made = len(g.history)
    valid = type(count) is int and 0 <= count <= made
    offered(g, lambda: g.undo(count), BadArgumentError)
    assert len(g.history) == (made - count if valid else made)


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(seed=st.integers(0, 50), steps=st.integers(0, 12), lang=st.sampled_from(("en", "de")),
       seat=st.one_of(odd(), st.integers(-2, 5)))
def test_any_seat_is_shown_or_refused_as_documented(game: str, seed: int, steps: int, lang: str, seat: Any) -> None:
    g = new_game(game, seed, steps, lang)
    valid = type(seat) is int and 0 <= seat < g.state.n
    for call in (lambda: g.view(seat), lambda: g.legal_actions(seat)):
        offered(g, call, BadArgumentError)
    if valid:
        assert g.view(seat)["seat"] == seat
    else:
        with pytest.raises(BadArgumentError):
            g.view(seat)


# --- the examples of the independent check ----------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_checked_bad_inputs_get_their_rules(game: str, lang: str) -> None:
    g = new_game(game, 3, 5, lang)
    before = g.save()
    undo = [(-1, "undo_negative"), (1.0, "undo_type"), (10**5000, "undo_range"), ("2", "undo_type"), (True, "undo_type")]
    for count, rule in undo:
        with pytest.raises(BadArgumentError) as refused:
            g.undo(count)  # type: ignore[arg-type]
        assert refused.value.rule == rule
    for seat, rule in {1.5: "seat_type", True: "seat_type", -1: "seat_range", 99: "seat_range", 10**5000: "seat_range"}.items():
        with pytest.raises(BadArgumentError) as refused:
            g.view(seat)  # type: ignore[arg-type]
        assert refused.value.rule == rule and len(str(refused.value)) < 100
    example = "p0 play c=23" if game == "importexport" else "p1 take c=12"
    for text, problem in {"p² draw": "text_part", example.replace("23", "²").replace("12", "²"): "text_part",
                          example + "9" * 20: "text_number", "x" * 10_000: "text_long", "p0 fly": "text_kind"}.items():
        with pytest.raises(IllegalActionError) as refused:
            g.apply(text)
        assert refused.value.details["problem"] == problem, text[:50]
        assert len(str(refused.value)) < 2 * QUOTE_CHARS + 100
    big = IEAction(0, "play", (10**5000,)) if game == "importexport" else PRAction(10**5000, "take")
    with pytest.raises(IllegalActionError) as refused:
        g.apply(big)
    assert refused.value.rule == "out_of_range"
    assert g.save() == before


def test_a_quoted_value_is_one_short_line() -> None:
    assert shown("x" * 10_000) == "'" + "x" * QUOTE_CHARS + "…" and shown("x" * QUOTE_CHARS) == repr("x" * QUOTE_CHARS)
    assert len(shown("\U0002ebe1" * 4000)) == QUOTE_CHARS + 2
    assert shown(10**5000) == "a number out of range" and shown(10**5000, "de") == "eine Zahl außerhalb des Bereichs"
    assert shown((1, 10**5000)) == "(1, a number out of range)" and shown([1, 2, 3, 4, 5]) == "[1, 2, 3, 4, …]"
    assert shown("a\nb") == "'a\\nb'" and shown(True) == "True" and shown(1.5) == "1.5"
    assert len(shown({i: str(i) * 100 for i in range(100)})) <= QUOTE_CHARS + 1


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=100, deadline=None)
@given(players=st.one_of(odd(), st.integers(0, 7)), seed=st.one_of(odd(), st.integers(0, 2**64)),
       lang=st.one_of(st.sampled_from(("en", "de")), odd()))
def test_a_new_game_takes_its_arguments_or_refuses_them_as_documented(game: str, players: Any, seed: Any, lang: Any) -> None:
    make = IEGame if game == "importexport" else PRGame
    lo, hi = (2, 6) if game == "importexport" else (2, 5)
    fine = (type(players) is int and lo <= players <= hi and type(seed) is int and 0 <= seed < 2**64
            and lang in ("en", "de"))
    try:
        g = make(players=players, seed=seed, lang=lang)
    except BadArgumentError as err:
        assert not fine and "\n" not in str(err) and len(str(err)) <= MAX_MESSAGE
        assert say(err.rule, lang if lang in ("en", "de") else "en", **err.details) == str(err)
        return
    assert fine and g.state.n == players


def test_both_games_read_a_choice_text_through_one_reader() -> None:
    """``read_choice`` (the start both referees' ``from_text`` share): the seat, the kind, each field by
    its key (the last of a key given twice counts), and the refusal naming the part that is wrong."""
    fields = {"c": ("cards", read_numbers), "t": ("target", read_number)}
    assert read_choice("p2 go c=1,2 t=4 t=5", "'p0 go'", ("go",), fields) == (2, "go", {"cards": (1, 2), "target": 5})
    for text, problem, part in [("p1 stop", "text_kind", "stop"), ("p1 go x=3", "text_part", "x=3"),
                                ("p1 go t=²", "text_part", "t=²"), ("go p1", "text_form", ""), ("px go", "text_part", "px")]:
        with pytest.raises(IllegalActionError) as refused:
            read_choice(text, "'p0 go'", ("go",), fields)
        assert (refused.value.details["problem"], refused.value.details["part"]) == (problem, part), text
    assert IEAction.from_text("p0 load c=3 colour=red from=1,2") == IEAction(0, "load", (3,), colour=4, sources=(1, 2))
    assert PRAction.from_text("p1 take c=12 with=3,4") == PRAction(1, "take", card=12, cards=(3, 4))
