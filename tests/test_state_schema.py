"""The state's shape is written once (``state``, ``frames``) and everything follows from it.

- every frame and every state reached in random play fits the schema the save file checks;
- ``clone``, ``to_dict`` and the save file carry every field, and only those;
- save/load and undo round-trip at random moments;
- mutated save files (hypothesis: any value anywhere replaced, removed or added) are refused with
  ``SaveFileError``, or load into a position that keeps the promises of a played game.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import fields
from typing import Any

import pytest
from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from importexport import Action, Game
from importexport.bots import RandomBot
from importexport.errors import SaveFileError
from importexport.importexport.actions import from_v1
from importexport.importexport.flow import FRAMES
from importexport.importexport.frames import FRAME, KINDS
from importexport.importexport.savefile import VERSION, check_table, digest, frame_to_v1, load
from importexport.importexport.setup import MODULES
from importexport.importexport.state import Player, Ship, State

STATE = TypeAdapter(State)


def played(seed: int, steps: int, abilities: bool = True, modules: tuple[str, ...] = ()) -> Game:
    g = Game(players=2 + seed % 5, seed=seed, abilities=abilities, modules=modules)
    bot = RandomBot(seed)
    for _ in range(steps):
        if g.is_over():
            break
        g.apply(bot.choose(g, g.deciders()[0]))
    return g


def test_every_kind_of_frame_has_a_description() -> None:
    assert set(KINDS) == set(FRAMES)


@pytest.mark.parametrize("seed", range(12))
def test_random_play_stays_inside_the_schema(seed: int) -> None:
    modules = tuple(m for i, m in enumerate(MODULES) if (seed >> i) & 1) if seed % 3 else tuple(MODULES)
    g = Game(players=2 + seed % 5, seed=seed, abilities=True, modules=modules)
    bot = RandomBot(seed)
    steps = 0
    while not g.is_over():
        for frame in g.state.stack:
            FRAME.validate_python(frame, strict=True)
        if steps % 25 == 0:
            STATE.validate_json(json.dumps(g.state.to_dict()), strict=True)
        g.apply(bot.choose(g, g.deciders()[0]))
        steps += 1
    STATE.validate_json(json.dumps(g.state.to_dict()), strict=True)
    check_table(g.state)


@pytest.mark.parametrize("cls", [State, Player, Ship])
def test_copies_and_dicts_carry_every_field(cls: type) -> None:
    g = played(3, 80, modules=("market",))
    obj = {State: g.state, Player: g.state.players[1], Ship: g.state.ships[2]}[cls]
    names = [f.name for f in fields(cls)]
    assert list(obj.to_dict()) == names
    twin = obj.clone()
    assert twin.to_dict() == obj.to_dict()
    assert type(obj).from_dict(obj.to_dict()).to_dict() == obj.to_dict()
    for name in names:  # a copy shares no list with the original
        value = getattr(obj, name)
        if isinstance(value, (list, dict)) and value:
            assert getattr(twin, name) is not value, name


def test_a_copy_of_the_stack_shares_no_list() -> None:
    g = played(5, 40)
    twin = g.state.clone()
    for a, b in zip(g.state.stack, twin.stack, strict=True):
        assert a == b and a is not b
        for key, value in a.items():
            if isinstance(value, list):
                assert b[key] is not value


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 200), steps=st.integers(0, 150), back=st.integers(0, 30))
def test_save_load_and_undo_round_trip(seed: int, steps: int, back: int) -> None:
    g = played(seed, steps, abilities=seed % 2 == 0)
    loaded = load(g.save())
    assert digest(loaded.state) == digest(g.state) and loaded.history == g.history
    back = min(back, len(g.history))
    before = [str(a) for a in g.history]
    g.undo(back)
    assert [str(a) for a in g.history] == before[: len(before) - back]
    again = load(g.save())
    assert digest(again.state) == digest(g.state)


def v1_text(a: Action) -> str:
    """An action as version 1 wrote it: a J card's colour and the Pirate's sources shifted by one."""
    if a.kind == "load" and a.colour is not None:
        return str(a._replace(colour=None, option=a.colour + 1))
    if a.kind == "pirate":
        second = a.sources[1] + 1 if len(a.sources) > 1 else 0
        colour = 0 if a.colour is None else a.colour + 1
        return str(a._replace(colour=None, sources=(), option=a.sources[0] + 1, count=second or colour))
    if a.kind == "colour":
        return str(a._replace(colour=None, target=a.colour))
    return str(a)


@pytest.mark.parametrize("moves", [60, 400])
def test_a_version_1_file_still_loads(moves: int) -> None:
    g = played(7, moves)
    data = json.loads(g.save())
    data["version"] = 1
    data["actions"] = [v1_text(a) for a in g.history]
    assert any(a.kind == "pirate" for a in g.history) or moves == 60
    del data["initial"]["box"]
    data["initial"]["stack"] = [frame_to_v1(f) for f in data["initial"]["stack"]]
    final = g.state.to_dict()
    del final["box"]
    final["stack"] = [frame_to_v1(f) for f in final["stack"]]
    import hashlib

    data["digest"] = hashlib.sha256(json.dumps(final, sort_keys=True).encode()).hexdigest()[:16]
    loaded = load(json.dumps(data))
    assert digest(loaded.state) == digest(g.state) and loaded.history == g.history and VERSION == 2


@pytest.mark.parametrize(("old", "new"), [
    ("p0 load c=19 t=0 o=2", "p0 load c=19 t=0 colour=yellow"),
    ("p1 pirate c=3 t=2 o=5", "p1 pirate c=3 t=2 from=4"),
    ("p1 pirate c=3 o=1", "p1 pirate c=3 from=0"),
    ("p0 pirate c=19 t=0 n=2 o=0", "p0 pirate c=19 t=0 colour=yellow from=-1"),
    ("p0 pirate c=5,9 t=1 n=3 o=4", "p0 pirate c=5,9 t=1 from=3,2"),
    ("p0 pirate o=-2", "p0 pirate from=-3"),
    ("p0 colour c=77 t=4", "p0 colour c=77 colour=red"),
    ("p0 play c=23", "p0 play c=23"),
])
def test_version_1_actions_are_read_in_todays_form(old: str, new: str) -> None:
    assert from_v1(old) == new and str(Action.from_text(new)) == new


# --- mutated save files --------------------------------------------------------------------------

ANY_VALUE = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12), st.integers(-(2**70), 2**70), st.floats(allow_nan=False),
    st.text(max_size=6), st.lists(st.integers(-1, 300), max_size=4), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _paths(value, (*path, i))
    return out


def _mutate(data: dict[str, Any], pick: int, how: int, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(data)
    paths = [p for p in _paths(data) if p]
    path = paths[pick % len(paths)]
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == 0:
        parent[last] = value
    elif how == 1:
        del parent[last]
    elif how == 2 and isinstance(parent, dict):
        parent[str(value)[:8] or "x"] = value
    elif isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))  # a repeated entry
    else:
        parent[last] = value
    return data


SAVES = {seed: played(seed, 25 + seed * 7, abilities=seed % 2 == 1, modules=("market",) if seed == 3 else ()) for seed in range(6)}


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, 5), pick=st.integers(0, 10**6), how=st.integers(0, 3), value=ANY_VALUE)
def test_a_mutated_save_is_refused_or_sound(which: int, pick: int, how: int, value: Any) -> None:
    data = _mutate(json.loads(SAVES[which].save()), pick, how, value)
    try:
        g = load(json.dumps(data))
    except SaveFileError:
        return
    check_table(g.state)  # (it loaded: it must keep every promise a played game keeps)
    STATE.validate_json(json.dumps(g.state.to_dict()), strict=True)
    rng = random.Random(pick)
    for _ in range(10):
        if g.is_over():
            break
        for seat in g.deciders():
            assert g.legal_actions(seat), "a decision without choices"
        g.apply(rng.choice(g.legal_actions()))
    load(g.save())


def test_a_mutated_save_never_raises_another_error() -> None:
    """The same mutations, everywhere, once each for a small save: no exception but SaveFileError."""
    base = json.loads(played(1, 10).save())
    for i, _path in enumerate(_paths(base)[1:400]):
        for how, value in ((0, True), (0, 1.5), (0, None), (0, -1), (0, "x"), (1, None), (3, None)):
            data = _mutate(base, i, how, value)
            try:
                load(json.dumps(data))
            except SaveFileError:
                pass
