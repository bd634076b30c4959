"""The abilities' notes in a save (``initial.marks``) are read with one schema, ``state.Notes``:
a note of the wrong shape, an unknown note, or one naming a seat or ship the table lacks is
refused with ``SaveFileError`` naming it, never a raw ``TypeError``/``ValueError``, and nothing is
half-loaded.  A table of wrong shapes, then hypothesis: any JSON value under any note.
"""

from __future__ import annotations

import copy
import json
import random
import typing
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_random_play import play_random

from importexport import Game, SaveFileError
from importexport.importexport.savefile import load
from importexport.importexport.state import Notes

NOTES = sorted(typing.get_type_hints(Notes))


def base_save() -> dict[str, Any]:
    """A save of a game with abilities, some steps in (the notes are replaced in each case)."""
    g = Game(players=3, seed=5, abilities=True)
    play_random(g, random.Random(1), steps=60)
    return json.loads(g.save())


BASE = base_save()


def with_notes(marks: Any) -> str:
    data = copy.deepcopy(BASE)
    data["initial"]["marks"] = marks
    return json.dumps(data)


WRONG: dict[str, tuple[Any, str]] = {
    "a number for the list of pairs": ({"tucked": 5}, "'initial.marks.tucked'"),
    "a mapping for the list of pairs": ({"tucked": {"a": 1}}, "'initial.marks.tucked'"),
    "a pair of one": ({"tucked": [[1]]}, "'initial.marks.tucked.0.1'"),
    "a pair of three": ({"tucked": [[1, 2, 3]]}, "'initial.marks.tucked.0'"),
    "text in a pair": ({"tucked": [["x", 1]]}, "'initial.marks.tucked.0.0'"),
    "a float in a row": ({"lingering": [[0, 1, 1.5]]}, "'initial.marks.lingering.0.2'"),
    "a turn of 0": ({"uses": [[0, 1, 0, 1]]}, "'initial.marks.uses.0.2'"),
    "a copy row of one": ({"copies": [[1]]}, "'initial.marks.copies.0.1'"),
    "a list for a record": ({"YEN": [1, 2]}, "'initial.marks.YEN'"),
    "a record missing a field": ({"YEN": {"ship": 1, "first": -1}}, "'initial.marks.YEN.before'"),
    "a record with a foreign field": ({"YEN": {"ship": 1, "first": -1, "before": [], "x": 1}}, "'initial.marks.YEN.x'"),
    "a number for a flag": ({"deck_face_up": 1}, "'initial.marks.deck_face_up'"),
    "an unknown note": ({"BOOKS": 1}, "'initial.marks.BOOKS'"),
    "a list for the notes": ([1, 2], "'initial.marks'"),
    "a seat beyond the bound": ({"pirate_ban": [9]}, "'initial.marks.pirate_ban.0'"),
    "a seat beyond the table": ({"pirate_ban": [4]}, "note 'pirate_ban' of an ability names seat 4 of 3"),
    "a payer beyond the table": ({"paid": [[0, 1, 1, 5]]}, "note 'paid' of an ability names seat 5 of 3"),
    "a ship beyond the table": ({"one_use_ships": [40]}, "note 'one_use_ships' of an ability names ship 40"),
    "a record's ship beyond the table": (
        {"YEN": {"ship": 40, "before": [], "first": -1}}, "note 'YEN' of an ability names ship 40"),
    "joined ships not in pairs": ({"super_ships": [0]}, "in pairs"),
}


@pytest.mark.parametrize("case", list(WRONG))
def test_a_note_of_the_wrong_shape_is_refused_by_name(case: str) -> None:
    marks, words = WRONG[case]
    loaded = None
    with pytest.raises(SaveFileError) as refused:
        loaded = load(with_notes(marks))
    assert loaded is None
    assert words in str(refused.value), str(refused.value)


def test_the_untouched_notes_load() -> None:  # each case above differs from it in its notes only
    assert load(with_notes(BASE["initial"]["marks"])).save() == json.dumps(BASE, separators=(",", ":"))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from([*NOTES, "BOOKS", "copy:12"]), value=JSON)
def test_any_value_under_any_note_is_refused_as_a_save_file_error(key: str, value: Any) -> None:
    """Changed notes never match the save's digest, so every such file is refused, always with
    ``SaveFileError`` (a note of the wrong shape by its name)."""
    with pytest.raises(SaveFileError):
        load(with_notes({key: value}))
