"""Port Royal's state is written once (``portroyal/state.py``) and everything follows from it.

- every position of random play, in every mode, fits the schema the save file checks;
- ``clone``, ``to_dict`` and ``from_dict`` carry every field, and a clone shares no list (rows of
  boxes and pending steps included);
- the seat's view is a whitelist: each field of the state is listed as open, counted or not shown,
  and the view holds what the lists say, no more;
- a save that leaves out a field, or adds one, is refused naming the place.
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

import pytest
from pydantic import TypeAdapter

from importexport.bots import RandomBot
from importexport.errors import SaveFileError
from importexport.portroyal.game import PLAYERS, Game
from importexport.portroyal.savefile import load
from importexport.portroyal.state import Player, State
from importexport.portroyal.view import COUNTED_SEAT, COUNTED_TABLE, NOT_SHOWN, OPEN_SEAT, OPEN_TABLE

STATE = TypeAdapter(State)
SHOWN_TOO = {"seat", "table", "just_turned", "deciding", "waiting_for", "over", "legal"}
"""What a view adds beside the state's fields: whose view, the players' rows, and the moment."""


def played(mode: str, seed: int, steps: int) -> Game:
    lo, hi = PLAYERS[mode]
    g = Game(players=lo + seed % (hi - lo + 1), seed=seed, mode=mode)
    bot = RandomBot(seed)
    for _ in range(steps):
        if g.is_over():
            break
        seat = g.deciders()[0]
        g.apply(bot.choose(g, seat))
    return g


@pytest.mark.parametrize("mode", list(PLAYERS))
def test_random_play_stays_inside_the_schema(mode: str) -> None:
    for seed in range(3):
        g = Game(players=PLAYERS[mode][1] - seed % 2, seed=seed, mode=mode) if mode != "solo" else Game(1, seed, mode)
        bot = RandomBot(seed)
        while not g.is_over():
            STATE.validate_json(json.dumps(g.state.to_dict()), strict=True)
            g.apply(bot.choose(g, g.deciders()[0]))
        STATE.validate_json(json.dumps(g.state.to_dict()), strict=True)


def shared_lists(a: Any, b: Any, where: str = "") -> list[str]:
    """Places where ``a`` and its copy ``b`` hold the very same list or dict."""
    if isinstance(a, (list, dict)):
        out = [where] if a is b and a else []
        pairs = zip(a, b, strict=True) if isinstance(a, list) else ((a[k], b[k]) for k in a)
        for i, (x, y) in enumerate(pairs):
            out += shared_lists(x, y, f"{where}.{i}")
        return out
    if isinstance(a, (State, Player)):
        return [p for f in fields(a) for p in shared_lists(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")]
    return []


@pytest.mark.parametrize(("mode", "seed"), [("competitive", 7), ("cooperative", 0)])
def test_copies_and_dicts_carry_every_field(mode: str, seed: int) -> None:
    g = Game(players=4, seed=seed, mode=mode)
    bot = RandomBot(seed)
    cubes = 0
    while not g.is_over():
        s = g.state
        assert list(s.to_dict()) == [f.name for f in fields(State)]
        assert list(s.players[0].to_dict()) == [f.name for f in fields(Player)]
        twin = s.clone()
        assert twin == s and twin.to_dict() == s.to_dict() and State.from_dict(s.to_dict()) == s
        assert shared_lists(s, twin) == [] and shared_lists(s, State.from_dict(s.to_dict())) == []
        cubes += any(s.boxes)
        g.apply(bot.choose(g, g.deciders()[0]))
    assert cubes  # (rows of boxes with cubes in them were copied)


def test_the_view_lists_every_field_once() -> None:
    names = [f.name for f in fields(State)]
    listed = [*OPEN_TABLE, *COUNTED_TABLE, *NOT_SHOWN]
    assert sorted(listed) == sorted(names)
    assert sorted([*OPEN_SEAT, *COUNTED_SEAT]) == sorted(f.name for f in fields(Player))


@pytest.mark.parametrize("mode", list(PLAYERS))
def test_the_view_holds_what_the_lists_say(mode: str) -> None:
    g = played(mode, 2, 30)
    s = g.state
    view = g.view(0)
    assert set(view) == set(OPEN_TABLE) | {k + "_size" for k in COUNTED_TABLE} | SHOWN_TOO | {"players"}
    full = s.to_dict()
    assert all(view[k] == full[k] for k in OPEN_TABLE)
    assert all(view[k + "_size"] == len(full[k]) for k in COUNTED_TABLE)
    for row, p in zip(view["table"], full["players"], strict=True):
        assert set(row) == {*OPEN_SEAT, *COUNTED_SEAT, "points", "swords"}
        assert all(row[k] == len(p[k]) for k in COUNTED_SEAT) and all(row[k] == p[k] for k in OPEN_SEAT)
    view["harbour"].append(-1)  # (a copy: changing it changes nothing in the game)
    assert -1 not in g.state.harbour


@pytest.mark.parametrize(("path", "change"), [
    (("players", 0, "coins"), "remove"),
    (("turned",), "remove"),
    (("players", 1, "hand"), "add"),
    (("secret",), "add"),
])
def test_a_save_missing_or_adding_a_field_is_refused(path: tuple[Any, ...], change: str) -> None:
    g = played("competitive", 3, 12)
    data = json.loads(g.save())
    where = data["initial"]
    for key in path[:-1]:
        where = where[key]
    if change == "remove":
        del where[path[-1]]
    else:
        where[path[-1]] = []
    with pytest.raises(SaveFileError) as refused:
        load(json.dumps(data))
    assert "initial." + ".".join(map(str, path)) in str(refused.value)
