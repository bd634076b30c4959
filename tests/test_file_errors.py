"""The readers of saves and scenarios (both games) refuse every bad input with the project's own
typed error: one sentence, a message key of the catalog, in English and German, and never a
library's words (the JSON and YAML readers' or pydantic's).  A table names the cases; hypothesis
throws random text, bytes and JSON at the same boundary.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from importexport import Game as ImportExportGame
from importexport.bounds import MAX_DEPTH, MAX_SAVE_BYTES, MAX_SCENARIO_BYTES
from importexport.errors import SaveFileError, ScenarioError, TextError, told
from importexport.file_words import FILES, Phrase
from importexport.importexport import savefile as ie_save
from importexport.importexport import scenario as ie_scenario
from importexport.portroyal import savefile as pr_save
from importexport.portroyal import scenario as pr_scenario
from importexport.portroyal.game import Game as PortRoyalGame

IE_SAVE = ImportExportGame(players=3, seed=2).save()
PR_SAVE = PortRoyalGame(players=3, seed=2, mode="cooperative").save()
LOADERS: dict[str, Callable[[Any], Any]] = {
    "ie save": ie_save.load, "pr save": pr_save.load,
    "ie scenario": ie_scenario.load_scenario, "pr scenario": pr_scenario.load_scenario,
}
ERRORS = {"ie save": SaveFileError, "pr save": SaveFileError, "ie scenario": ScenarioError, "pr scenario": ScenarioError}
HUGE = "9" * 5000  # beyond Python's 4,300 digits for turning text into a whole number


def edit_save(text: str, change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def seeded(text: str, value: str) -> str:
    """A save whose seed is written as ``value`` (any JSON text)."""
    return text.replace('"seed":2', '"seed":' + value, 1)


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def pr_spec(**changes: Any) -> dict[str, Any]:
    return {"players": 2, "mode": "cooperative", "contracts": ["explorer"], **changes}


# (loader, input, the message key the refusal must carry)
CASES: dict[str, tuple[str, Any, str]] = {
    # the JSON reader
    "json syntax": ("ie save", IE_SAVE[:-5], "not_json"),
    "json syntax (PR)": ("pr save", "{\"format\": ", "not_json"),
    "json empty": ("pr save", "", "not_json"),
    "json number of 5,000 digits": ("ie save", seeded(IE_SAVE, HUGE), "json_digits"),
    "json number of 5,000 digits (PR)": ("pr save", seeded(PR_SAVE, HUGE), "json_digits"),
    "json number of 41 digits": ("pr save", seeded(PR_SAVE, "1" * 41), "json_digits"),
    "json negative number of 5,000 digits": ("pr save", seeded(PR_SAVE, "-" + HUGE), "json_digits"),
    "json NaN": ("ie save", seeded(IE_SAVE, "NaN"), "json_constant"),
    "json Infinity (PR)": ("pr save", seeded(PR_SAVE, "-Infinity"), "json_constant"),
    "json field twice": ("pr save", PR_SAVE[:-1] + ',"seed":2}', "json_twice"),
    "json nested 100,000 deep": ("ie save", "[" * 100_000, "save_too_deep"),
    "json nested 20 deep (PR)": ("pr save", PR_SAVE[:-1] + ',"x":' + "[" * 20 + "]" * 20 + "}", "save_too_deep"),
    "invalid UTF-8": ("pr save", b"{\"format\": \"\xff\"}", "not_utf8"),
    "lone surrogate in the text": ("ie save", IE_SAVE[:-1] + ',"x":"\ud800"}', "save_surrogate"),
    "lone surrogate escaped": ("pr save", PR_SAVE.replace('"lang":"en"', '"lang":"\\ud800"'), "save_surrogate"),
    "not text": ("pr save", 12, "not_text"),
    "too large in characters": ("ie save", " " * (MAX_SAVE_BYTES + 1), "too_big"),
    "too large in UTF-8 bytes": ("pr save", PR_SAVE + " " + "ü" * (MAX_SAVE_BYTES // 2), "too_big"),
    "too large as bytes": ("ie save", b" " * (MAX_SAVE_BYTES + 1), "too_big"),
    "another game's save": ("pr save", IE_SAVE, "wrong_format"),
    # the model of a save: pydantic's complaints in the project's words
    "seed beyond 64 bits": ("pr save", seeded(PR_SAVE, str(2**64)), "damaged"),
    "seed of 40 digits": ("ie save", seeded(IE_SAVE, "9" * 40), "damaged"),
    "seed as text": ("ie save", seeded(IE_SAVE, '"2"'), "damaged"),
    "a field missing": ("pr save", edit_save(PR_SAVE, lambda d: d.pop("digest")), "damaged"),
    "an unknown mode": ("pr save", edit_save(PR_SAVE, lambda d: d["initial"].update(mode="pirates")), "damaged"),
    "a role too long": ("ie save", edit_save(IE_SAVE, lambda d: d.update(seats=["x" * 300] * 3)), "damaged"),
    # the YAML reader
    "yaml nested 20,000 deep": ("ie scenario", "players: 2\nisland: " + "[" * 20_000 + "]" * 20_000 + "\n", "sc_too_deep"),
    "yaml nested 20,000 deep (PR)": ("pr scenario", "players: 2\nharbour: " + "[" * 20_000 + "]" * 20_000, "sc_too_deep"),
    "yaml syntax": ("pr scenario", "players: [\n", "sc_yaml"),
    "yaml bad indentation": ("ie scenario", "players: 2\n  seats: 3\n", "sc_yaml"),
    "yaml unknown tag": ("pr scenario", "players: !python/object 2\n", "sc_yaml"),
    "yaml alias without anchor": ("ie scenario", "players: *two\n", "sc_yaml"),
    "yaml control character": ("pr scenario", "players: 2\x07\n", "sc_yaml_char"),
    "yaml bad escape": ("ie scenario", 'lang: "\\ud800"\n', "sc_yaml"),
    "yaml lone surrogate": ("pr scenario", "players: 2\nlang: '\ud800'\n", "sc_surrogate"),
    "yaml number of 5,000 digits": ("pr scenario", "players: " + HUGE + "\n", "sc_digits"),
    "yaml number of 5,000 digits (IE)": ("ie scenario", "players: 2\nseed: " + HUGE + "\n", "sc_digits"),
    "yaml a date that does not exist": ("ie scenario", "players: 2\nlang: 2024-13-45\n", "sc_value"),
    "yaml key twice": ("pr scenario", "players: 2\nplayers: 3\n", "sc_twice"),
    "yaml key twice, deeper": ("ie scenario", "players: 2\nseats:\n  - credits: 1\n    credits: 2\n", "sc_twice"),
    "yaml too long in UTF-8 bytes": ("pr scenario", "players: 2\n# " + "ü" * (MAX_SCENARIO_BYTES // 2 + 1), "sc_too_long"),
    # numbers of thousands of digits given as Python values
    "dict number of 5,000 digits": ("pr scenario", {"players": 10**5000}, "at_place"),
    "dict card of 5,000 digits": ("pr scenario", {"players": 2, "deck": [10**5000]}, "at_place"),
    "dict coins of 5,000 digits": ("pr scenario", {"players": 2, "seats": [{"coins": 10**5000}]}, "at_place"),
    "dict credits of 5,000 digits": ("ie scenario", {"players": 2, "seats": [{"credits": 10**5000}]}, "at_place"),
    "dict nested 20 deep": ("pr scenario", {"players": 2, "deck": nested(20)}, "sc_too_deep"),
    "dict lone surrogate": ("pr scenario", {"players": 2, "lang": "\ud800"}, "sc_surrogate"),
    "dict key of 5,000 digits": ("ie scenario", {"players": 2, "seats": [{10**5000: 1}]}, "at_place"),
    "dict key of 5,000 digits (PR)": ("pr scenario", {"players": 2, "boxes": {10**5000: [0]}}, "at_place"),
    "card name of a million characters": ("pr scenario", {"players": 2, "harbour": ["x" * 10**6]}, "at_place"),
    "card a fraction": ("pr scenario", {"players": 2, "harbour": [1.5]}, "at_place"),
    "lang argument of 5,000 digits": ("pr scenario", "players: 2\n", "sc_lang"),
    # a scenario whose own save would be refused
    "ending flag in team play": ("pr scenario", pr_spec(ending=True), "pr_sc_ending"),
    "time pile beyond the seals": ("pr scenario", pr_spec(time_pile_size=30), "pr_sc_time_seals"),
    "time pile cards beyond the seals": ("pr scenario", pr_spec(time_pile=list(range(30))), "pr_sc_time_seals"),
}
LANG_ARGUMENT = {"lang argument of 5,000 digits": 10**5000}


def load_case(case: str) -> TextError:
    where, given, _key = CASES[case]
    before = copy.deepcopy(given) if isinstance(given, dict) else given
    with pytest.raises(ERRORS[where]) as refused:
        if case in LANG_ARGUMENT:
            LOADERS[where](given, lang=LANG_ARGUMENT[case])
        else:
            LOADERS[where](given)
    assert given == before  # nothing changed
    return refused.value


@pytest.mark.parametrize("case", list(CASES))
def test_each_bad_input_is_one_sentence_of_the_project(case: str) -> None:
    err = load_case(case)
    assert err.key == CASES[case][2], str(err)
    english, german = str(err), err.text("de")
    assert english == err.text("en") and "\n" not in english and "\n" not in german and len(english) < 400, english
    assert german != english


def test_the_depth_bound_is_the_projects_whatever_the_yaml_reader() -> None:
    """libyaml stops at its own flow-nesting limit (about 1,000 levels) with its own words; the
    refusal names the project's bound instead."""
    err = load_case("yaml nested 20,000 deep")
    assert str(err) == f"the scenario nests too deeply (more than {MAX_DEPTH} levels)"
    assert err.text("de") == f"das Szenario ist zu tief verschachtelt (mehr als {MAX_DEPTH} Ebenen)"


def test_a_line_and_column_are_the_projects_own() -> None:
    err = load_case("yaml syntax")
    assert str(err) == "the scenario is not valid YAML: its punctuation or indentation is wrong (line 2, column 1)"
    assert load_case("json syntax (PR)").details == {"line": 1, "column": 12}


def test_a_place_never_writes_out_a_huge_key() -> None:
    assert str(load_case("dict key of 5,000 digits")) == "seats.0.a number of about 4983 digits is a key that is not text"
    assert str(load_case("card a fraction")) == "harbour.0 must be a card (a name or an id), not 1.5"  # one problem, not two


def test_a_model_complaint_names_what_the_field_takes() -> None:
    said = {case: str(load_case(case)) for case in ("seed beyond 64 bits", "seed as text", "a field missing",
                                                     "an unknown mode", "a role too long", "dict card of 5,000 digits")}
    assert said == {
        "seed beyond 64 bits": f"the saved game is damaged at 'seed': must be at most {2**64 - 1}, not {2**64}",
        "seed as text": "the saved game is damaged at 'seed': must be a whole number, not '2'",
        "a field missing": "the saved game is damaged at 'digest': is missing",
        "an unknown mode": ("the saved game is damaged at 'initial.mode': must be one of 'base', 'competitive', "
                            "'cooperative', 'solo', not 'pirates'"),
        "a role too long": "the saved game is damaged at 'seats.0': must be at most 200 characters long",
        "dict card of 5,000 digits": "deck.0 must be far smaller, not a number of about 4983 digits",
    }


def test_a_damaged_file_is_refused_in_german() -> None:
    err = load_case("json syntax")
    assert err.text("de").startswith("kein gespeichertes Spiel: die Datei ist kein gültiges JSON (Zeile 1, Spalte ")
    moved = edit_save(PR_SAVE, lambda d: d["actions"].append("p0 take c=119"))
    with pytest.raises(SaveFileError) as refused:
        pr_save.load(moved)
    assert refused.value.key == "moves_break"
    german = refused.value.text("de")
    assert german.startswith("die gespeicherten Züge brechen bei Zug 1 ab ('p0 take c=119'): ")
    assert german.split(": ", 1)[1] != str(refused.value).split(": ", 1)[1]  # the rule too is told in German


def test_thousands_separators_follow_the_language() -> None:
    err = load_case("json number of 5,000 digits")
    assert "5,000 digits" in str(err) and "5.000 Ziffern" in err.text("de")


def test_every_key_of_a_refusal_is_in_the_catalog() -> None:
    for case in CASES:
        err = load_case(case)
        assert err.key in FILES
        assert all(detail.key in FILES for detail in err.details.values() if isinstance(detail, Phrase))


def test_told_gives_other_errors_as_raised() -> None:
    assert told(ValueError("plain"), "de") == "plain"
    assert told(load_case("json empty"), "de") == load_case("json empty").text("de")


# --- random input at the boundary -----------------------------------------------------------

JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-(10**60), 10**60), st.floats(allow_nan=False), st.text(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=20,
)


def refused_well(err: TextError) -> None:
    assert err.key in FILES and "\n" not in str(err) and "\n" not in err.text("de") and len(str(err)) < 600


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.one_of(st.text(max_size=60), st.binary(max_size=60).map(lambda b: b"{" + b)), game=st.sampled_from(["ie", "pr"]))
def test_random_text_is_no_save(text: str | bytes, game: str) -> None:
    with pytest.raises(SaveFileError) as refused:
        LOADERS[f"{game} save"](text)
    refused_well(refused.value)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(place=st.sampled_from(["seed", "version", "lang", "digest", "actions", "seats", "initial", "x"]), value=JSON,
       game=st.sampled_from(["ie", "pr"]), digits=st.integers(0, 6000))
def test_a_save_with_a_random_field_is_refused_or_loads(place: str, value: Any, game: str, digits: int) -> None:
    base = IE_SAVE if game == "ie" else PR_SAVE
    text = edit_save(base, lambda d: d.__setitem__(place, value))
    if digits > 4300:
        text = seeded(base, "7" * digits)
    try:
        LOADERS[f"{game} save"](text)
    except SaveFileError as err:
        refused_well(err)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.lists(st.sampled_from([*"players: 2\n-[]{}&*!\"'#@`,?|>%\\\t ü", "\ud800", "\x07", "9" * 200, "seats"]),
                    max_size=40).map("".join), game=st.sampled_from(["ie", "pr"]))
def test_random_yaml_is_refused_or_loads(text: str, game: str) -> None:
    try:
        LOADERS[f"{game} scenario"](text)
    except ScenarioError as err:
        refused_well(err)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(["players", "seed", "active", "turn", "deck", "seats", "harbour", "ending", "time_pile_size", "mode"]),
       value=JSON, game=st.sampled_from(["ie", "pr"]))
def test_a_scenario_with_a_random_field_is_refused_or_saves(key: str, value: Any, game: str) -> None:
    spec = {"players": 2, key: value} if game == "ie" else {**pr_spec(), key: value}
    before = copy.deepcopy(spec)
    try:
        g = LOADERS[f"{game} scenario"](spec)
    except ScenarioError as err:
        refused_well(err)
    else:
        module = ie_save if game == "ie" else pr_save
        assert module.load(g.save()).save() == g.save()  # a scenario that loads has a save that loads
    assert spec == before


def test_bounds_md_lists_the_readers_errors() -> None:
    text = (Path(__file__).parents[1] / "docs" / "bounds.md").read_text(encoding="utf-8")
    table = text[text.index("## Reading a file or a scenario"):text.index("## Languages")]
    readers = {CASES[case][2] for case in CASES if case.startswith(("json", "yaml", "invalid", "lone", "too large"))}
    for key in readers:
        assert f"`{key}`" in table, key


@pytest.mark.parametrize("text", [b"not json", seeded(PR_SAVE, HUGE).encode(), seeded(IE_SAVE, '"x"').encode()])
def test_the_german_app_names_a_damaged_file_in_german(text: bytes) -> None:
    from importexport.widgets import LANG
    from importexport.widgets.app import PlayApp

    LANG.lang = "de"
    try:
        app = PlayApp()
        app.load_text(text)
        shown_there = app.message.value
    finally:
        LANG.lang = "en"
    assert "lässt sich nicht laden" in shown_there and app.session is None
    assert "not a saved game" not in shown_there and "must be" not in shown_there and "Expecting" not in shown_there
    assert "kein gespeichertes Spiel" in shown_there or "muss eine ganze Zahl sein" in shown_there, shown_there


def test_the_pure_python_yaml_reader_meets_the_same_bound() -> None:
    """Without libyaml (PyYAML built without it) the scan itself uses the pure-Python parser, which
    has no nesting limit of its own: the project's bound is met first there too."""
    from importexport.scenario_text import _PyLoader, scan

    with pytest.raises(ScenarioError) as refused:
        scan("players: 2\nisland: " + "[" * 20_000 + "]" * 20_000 + "\n", _PyLoader)
    assert refused.value.key == "sc_too_deep"


def test_a_token_in_a_refusal_is_named_in_the_language_of_the_sentence() -> None:
    """A container token out of place is named as the table names it, in German in a German sentence."""
    from importexport.importexport.cards import CARDS

    state = ImportExportGame(players=3, seed=2, modules=["tokens1"]).state
    state.box.append(CARDS.token_base)
    with pytest.raises(SaveFileError) as refused:
        ie_save._check_cards(state)
    assert refused.value.key == "ie_token_outside"
    assert "a green token outside" in str(refused.value)
    assert "ein grünes Plättchen außerhalb" in refused.value.text("de")
