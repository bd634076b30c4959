"""Scenarios are checked by one typed model: every wrong type, shape or size is a ``ScenarioError``.

The table holds near misses of a valid scenario, each naming the place the message must name.
The property test mutates valid scenarios at random: the result is refused with a
``ScenarioError`` or is a position that passes the invariants of a played game.
"""

from __future__ import annotations

import copy
import random
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from helpers import DOCS_IMPORT, examples
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from importexport import CARDS, Game, ScenarioError
from importexport.bounds import MAX_CREDITS, MAX_DECLARED, MAX_DEPTH, MAX_ITEMS, MAX_SCENARIO_BYTES, MAX_SEED, MAX_TEXT
from importexport.importexport.savefile import load
from importexport.importexport.scenario import load_scenario

Place = tuple[str | int, ...]

IMPORT = DOCS_IMPORT
# docs/scenarios.md, example 2: a Load that fulfils a contract.
LOAD: dict[str, Any] = {
    "players": 2, "active": 0, "harbours": ["yellow", "red"],
    "seats": [
        {"credits": 12, "hand": ["RICE", "PENS"], "goods": ["HONEY"],
         "ships": [{"contracts": ["HAWAIIAN SALT"], "containers": ["BATTERIES", "LAPTOPS", "BEER"]},
                   {"at_sea": True, "containers": ["SOAP", "JETS"]}]},
        {"hand": ["FOXES"]},
    ],
    "island": ["CUPS"], "deck": ["ONIONS", "SUGAR"], "turn": {"led": "load", "declared": [1, -1]},
}
TOKENS: dict[str, Any] = {
    "players": 2, "modules": ["tokens2"],
    "seats": [{"crew": ["token:blue:import", "TOKEN:Blue"], "goods": ["token:blue"],
               "ships": [{}, {"at_sea": True, "containers": ["token:blue"]}]}, {}],
}
MARKET: dict[str, Any] = {
    "players": 4, "abilities": True, "seed": 3, "modules": ["market", "capital"], "market": [2, -1, 0, 1, -2],
    "active": 2, "lang": "de", "discard": ["WHEAT", "RICE"],
    "seats": [{}, {"fulfilled": ["ALMONDS"], "goods": ["HONEY"]}, {"hand": ["PENS", "SOAP"], "credits": 0}],
}
DEAL: dict[str, Any] = {"deal": True, "players": 5, "seed": 11, "abilities": True, "modules": ["capital"]}
VALID = (IMPORT, LOAD, TOKENS, MARKET, DEAL)


def changed(path: Place, value: Any, base: dict[str, Any] = IMPORT) -> dict[str, Any]:
    """A deep copy of ``base`` with the node at ``path`` set to ``value``."""
    spec = copy.deepcopy(base)
    node: Any = spec
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return spec


def nested(depth: int) -> Any:
    value: Any = "RICE"
    for _ in range(depth):
        value = [value]
    return value


def laughs(levels: int = 9) -> str:
    """A "billion laughs" YAML text: each anchor repeats the one before ten times."""
    lines = ['a0: &a0 ["lol"]']
    lines += [f"a{i}: &a{i} [{', '.join(f'*a{i - 1}' for _ in range(10))}]" for i in range(1, levels + 1)]
    return "players: 2\nturn:\n  " + "\n  ".join(lines) + f"\nseats: *a{levels}\n"


def shared(levels: int = 9) -> list[Any]:
    """The same "billion laughs" as Python lists: each level holds the one below ten times (shared)."""
    value: list[Any] = ["RICE"]
    for _ in range(levels):
        value = [value] * 10
    return value


def yaml_text(body: str) -> str:
    return "players: 2\nseats:\n  - credits: 3\n" + body


# (spec, place the message must name); every spec is a near miss of a valid scenario.
BAD: dict[str, tuple[Any, str]] = {
    "players true": (changed(("players",), True), "players"),
    "players 3.0": (changed(("players",), 3.0), "players"),
    "players '3'": (changed(("players",), "3"), "players"),
    "players 7": (changed(("players",), 7), "players must be 2 to 6"),
    "deal, players true": ({"deal": True, "players": True}, "players"),
    "seed true": (changed(("seed",), True), "seed"),
    "seed 7.0": (changed(("seed",), 7.0), "seed"),
    "seed too large": (changed(("seed",), MAX_SEED + 1), "seed"),
    "seed negative": (changed(("seed",), -1), "seed"),
    "deal, seed 1.5": ({"deal": True, "seed": 1.5}, "seed"),
    "active true": (changed(("active",), True), "active"),
    "active 1.0": (changed(("active",), 1.0), "active"),
    "active negative": (changed(("active",), -1), "active"),
    "credits true": (changed(("seats", 0, "credits"), True), "seats.0.credits"),
    "credits 10.0": (changed(("seats", 0, "credits"), 10.0), "seats.0.credits"),
    "credits too large": (changed(("seats", 1, "credits"), MAX_CREDITS + 1), "seats.1.credits"),
    "credits huge": (changed(("seats", 1, "credits"), 10**5000), "seats.1.credits"),
    "credits negative": (changed(("seats", 2, "credits"), -3), "seats.2.credits"),
    "declared true": (changed(("turn", "declared"), [True, 1, 3]), "turn.declared.0"),
    "declared 1.0": (changed(("turn", "declared"), [2, 1.0, 3]), "turn.declared.1"),
    "declared too large": (changed(("turn", "declared"), [2, 1, 10**6]), "turn.declared.2"),
    "declared -2": (changed(("turn", "declared"), [2, -2, 3]), "turn.declared.1"),
    "declared null": (changed(("turn", "declared"), None), "turn.declared"),
    "led 3": (changed(("turn", "led"), 3), "turn.led"),
    "turn a string": (changed(("turn",), "import"), "turn"),
    "turn unknown key": (changed(("turn", "round"), 2), "turn.round"),
    "hand null": (changed(("seats", 0, "hand"), None), "seats.0.hand"),
    "island null": (changed(("island",), None), "island"),
    "seats null": (changed(("seats",), None), "seats"),
    "ships null": (changed(("seats", 1, "ships"), None), "seats.1.ships"),
    "containers null": (changed(("seats", 1, "ships", 1, "containers"), None), "seats.1.ships.1.containers"),
    "modules a string": (changed(("modules",), "capital"), "modules"),
    "modules [3]": (changed(("modules",), [3]), "modules.0"),
    "card ref a tuple": (changed(("seats", 0, "crew"), [("CHOPSTICKS",)]), "seats.0.crew.0"),
    "card ref a dict": (changed(("island",), [{"name": "CUPS"}]), "island.0"),
    "card ref a list": (changed(("deck",), [["CUPS"]]), "deck.0"),
    "card ref true": (changed(("deck",), [True]), "deck.0"),
    "card ref 4.0": (changed(("deck",), [4.0]), "deck.0"),
    "contract a dict": (changed(("seats", 2, "ships"), [{"contracts": [{"a": 1}]}]), "seats.2.ships.0.contracts.0"),
    "seats a dict": (changed(("seats",), {"0": {"credits": 3}}), "seats"),
    "seat a list": (changed(("seats", 2), ["RICE"]), "seats.2"),
    "seat a string": (changed(("seats", 2), "empty"), "seats.2"),
    "ships a string": (changed(("seats", 0, "ships"), "two"), "seats.0.ships"),
    "ship a string": (changed(("seats", 0, "ships", 0), "harbour"), "seats.0.ships.0"),
    "three ships": (changed(("seats", 2, "ships"), [{}, {}, {}]), "seats.2.ships"),
    "at_sea 3": (changed(("seats", 1, "ships", 1, "at_sea"), 3), "seats.1.ships.1.at_sea"),
    "at_sea 'yes'": (changed(("seats", 1, "ships", 1, "at_sea"), "yes"), "seats.1.ships.1.at_sea"),
    "abilities 1": (changed(("abilities",), 1), "abilities"),
    "fill_deck 'no'": (changed(("fill_deck",), "no"), "fill_deck"),
    "deal 1": ({"deal": 1, "players": 3}, "deal"),
    "seat unknown key": (changed(("seats", 1, "colour"), "red"), "seats.1.colour"),
    "ship unknown key": (changed(("seats", 1, "ships", 0, "cargo"), []), "seats.1.ships.0.cargo"),
    "seat harbour key": (changed(("seats", 0, "harbour"), "green"), "top-level 'harbours'"),
    "harbours numbers": (changed(("harbours",), [1, 2, 3]), "harbours.0"),
    "harbours a string": (changed(("harbours",), "green"), "harbours"),
    "market true": (changed(("market",), [True, 0, 0, 0, 0], MARKET), "market.0"),
    "market 3": (changed(("market",), [0, 0, 3, 0, 0], MARKET), "market.2"),
    "market four": (changed(("market",), [0, 0, 0, 0], MARKET), "market"),
    "lang fr": (changed(("lang",), "fr"), "lang"),
    "lang 3": (changed(("lang",), 3), "lang"),
    "deal, lang fr": ({"deal": True, "lang": "fr"}, "lang"),
    "too many tokens": (changed(("seats", 1, "ships"), [{"at_sea": True, "containers": ["token:red"] * 129}], TOKENS),
                        "seats.1.ships.0.containers"),
    "deep list (dict)": (changed(("island",), nested(MAX_DEPTH + 5)), f"nests too deeply (more than {MAX_DEPTH} levels)"),
    # (the YAML reader's own nesting limit, about 1,000 levels, is not what the refusal names: the project's bound is)
    "deep list (YAML)": (yaml_text("island: " + "[" * 20_000 + "]" * 20_000 + "\n"),
                         f"nests too deeply (more than {MAX_DEPTH} levels)"),
    "oversized text": (yaml_text("#" + "x" * MAX_SCENARIO_BYTES + "\n"), "bytes"),
    "oversized text in UTF-8": (yaml_text("# " + "ü" * (MAX_SCENARIO_BYTES // 2 + 1) + "\n"), "bytes"),
    "too many items": ({"players": 2, "island": list(range(100_000))}, "items"),
    "bytes": (b"players: 2\n", "bytes"),
    "a list": (["players", 2], "a list"),
    "null": (None, "null"),
    "a number": (3, "not 3"),
    "YAML a list": ("- players: 2\n", "a list"),
    "YAML huge number": (yaml_text("seed: " + "9" * 5000 + "\n"), "line 4"),
    "YAML a date": (yaml_text("lang: 2024-01-01\n"), "lang"),
    "YAML a set": (yaml_text("modules: !!set {capital}\n"), "modules"),
    "YAML a lone surrogate": (yaml_text("lang: '\ud800'\n"), "Unicode"),
    "billion laughs": (laughs(), "items"),
    "billion laughs (dict)": (changed(("island",), shared()), "items"),
}


@pytest.mark.parametrize(("spec", "place"), list(BAD.values()), ids=list(BAD))
def test_a_near_miss_is_a_scenario_error_naming_the_place(spec: Any, place: str) -> None:
    with pytest.raises(ScenarioError) as err:
        load_scenario(spec)
    message = str(err.value)
    assert place in message, message
    assert "pydantic" not in message and "input_value" not in message and len(message) < 400, message


def test_the_lang_argument_must_be_a_language() -> None:
    with pytest.raises(ScenarioError, match="lang"):
        load_scenario(IMPORT, lang="fr")
    assert load_scenario(IMPORT, lang="de").lang == "de"


def test_the_message_says_what_was_expected() -> None:
    with pytest.raises(ScenarioError) as err:
        load_scenario(changed(("seats", 1, "ships", 1, "at_sea"), 3))
    assert str(err.value) == "seats.1.ships.1.at_sea must be true or false, not 3"
    with pytest.raises(ScenarioError) as err:
        load_scenario(changed(("seats", 0, "credits"), MAX_CREDITS + 1))
    assert str(err.value) == f"seats.0.credits must be 0 to {MAX_CREDITS}, not {MAX_CREDITS + 1}"


def test_billion_laughs_stays_small() -> None:
    tracemalloc.start()
    try:
        with pytest.raises(ScenarioError):
            load_scenario(laughs())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 100 * 2**20


def test_the_valid_scenarios_load() -> None:
    for spec in VALID:
        g = load_scenario(copy.deepcopy(spec))
        check_sound(g, random.Random(0))


def test_a_tuple_stands_for_a_list() -> None:
    spec = changed(("seats", 0, "crew"), ("CHOPSTICKS",))
    assert load_scenario(spec).save() == load_scenario(IMPORT).save()


def test_the_docs_give_the_bounds() -> None:
    text = (Path(__file__).parents[1] / "docs" / "scenarios.md").read_text(encoding="utf-8")
    bounds = text[text.index("## Bounds"):text.index("## What is not checked")]
    for value in (f"{MAX_SCENARIO_BYTES:,}", f"{MAX_DEPTH} levels", f"{MAX_ITEMS:,}", str(MAX_CREDITS), str(MAX_DECLARED),
                  f"{MAX_TEXT} characters"):
        assert value in bounds, value


def test_text_at_the_size_bound_loads() -> None:
    text = yaml_text("# " + "x" * (MAX_SCENARIO_BYTES - 200) + "\n")
    assert len(text.encode()) <= MAX_SCENARIO_BYTES
    assert load_scenario(text).state.players[0].credits == 3


# --- random mutations -------------------------------------------------------------------------------

NAMES = [c.name for c in CARDS.cards[:40]] + ["token:green", "token:red:load", "RICE@grey", "HAWAIIAN SALT/2"]
SCALARS = st.one_of(
    st.integers(-3, 8), st.integers(), st.sampled_from([MAX_CREDITS, MAX_SEED, 2**64, -(2**70), 10**30]),
    st.booleans(), st.floats(allow_nan=True), st.none(), st.sampled_from(NAMES), st.text(max_size=6),
    st.sampled_from(["en", "de", "fr", "import", "load", "green", "grey", "capital", "market", "tokens1", "tokens2"]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.text(max_size=6), st.sampled_from(["hand", "ships"])),
                                                 inner, max_size=3)), max_leaves=8)


def paths(node: Any, here: Place = ()) -> list[Place]:
    """Every place inside ``node`` (not the root)."""
    out: list[Place] = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        out.append((*here, key))
        out += paths(child, (*here, key))
    return out


def mutate(spec: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    """One random change anywhere in a copy of ``spec``."""
    spec = copy.deepcopy(spec)
    kind = data.draw(st.sampled_from(["replace", "replace", "similar", "similar", "delete", "add key", "duplicate"]))
    places = paths(spec)
    if kind == "add key" or not places:
        holders = [()] + [p for p in places if isinstance(at(spec, p), dict)]
        holder = at(spec, data.draw(st.sampled_from(holders)))
        holder[data.draw(st.sampled_from(["colour", "x", "hand", "turn", "ships", "at_sea", "led"]))] = data.draw(VALUES)
        return spec
    if kind == "duplicate":
        lists = [p for p in places if isinstance(at(spec, p), list) and at(spec, p)]
        if lists:
            target = at(spec, data.draw(st.sampled_from(lists)))
            target.append(copy.deepcopy(target[data.draw(st.integers(0, len(target) - 1))]))
        return spec
    path = data.draw(st.sampled_from(places))
    parent = at(spec, path[:-1])
    if kind == "delete":
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(similar(parent[path[-1]]) if kind == "similar" else VALUES)
    return spec


def similar(value: Any) -> st.SearchStrategy[Any]:
    """Values of the same type as ``value``: the changes most likely to give a playable table."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.one_of(st.integers(-2, 12), st.sampled_from([MAX_CREDITS, MAX_SEED, len(CARDS) - 1, len(CARDS)]))
    if isinstance(value, str):
        return st.sampled_from(NAMES + ["green", "grey", "pink", "de", "load", "trade", "pirate"])
    if isinstance(value, list):
        return st.lists(st.sampled_from(NAMES), max_size=4)
    return VALUES


def at(spec: Any, path: Place) -> Any:
    for key in path:
        spec = spec[key]
    return spec


def check_sound(g: Game, rng: random.Random, steps: int = 6) -> None:
    """The checks random play makes, at the start and after each of ``steps`` random choices."""
    for _ in range(steps + 1):
        cards = g.state.all_cards()
        assert len(cards) == len(set(cards)), "a card lies in two places"
        if g.is_over():
            return
        assert all(g.legal_actions(seat) for seat in g.deciders()), "a seat must decide but has no choice"
        assert load(g.save()).save() == g.save()
        seat = rng.choice(g.deciders())
        g.apply(rng.choice(g.legal_actions(seat)))


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from(VALID), data=st.data(), seed=st.integers(0, 2**16))
def test_a_mutated_scenario_is_refused_or_sound(base: dict[str, Any], data: st.DataObject, seed: int) -> None:
    spec = base
    for _ in range(data.draw(st.integers(1, 3))):
        spec = mutate(spec, data)
    try:
        g = load_scenario(spec)
    except ScenarioError as exc:
        event("refused")
        assert str(exc) and len(str(exc)) < 400
        return
    event("loaded")
    check_sound(g, random.Random(seed))

