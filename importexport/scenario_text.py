"""What the scenario readers of both games share: YAML text read within the bounds (size, nesting,
number of items: refused from the parser's events, before anything is built), a value shown in
the scenario's own words, and a model's complaints turned into one sentence that names the place.
Each game's ``scenario`` module holds its own model of a position.  The safe YAML loader here
reads the games' data files too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import yaml
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from .bounds import MAX_DEPTH, MAX_ITEMS, MAX_SCENARIO_BYTES, too_deep
from .errors import ScenarioError

SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""The fastest safe YAML loader there is (libyaml's when PyYAML was built with it): plain data only."""


def shown(value: object) -> str:
    """A short rendering of ``value`` in the scenario's own words (YAML's true, false, null)."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int):
        return str(value) if value.bit_length() <= 128 else f"a number of about {value.bit_length() * 3 // 10} digits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:37]) + "..."
    names = {list: "a list", tuple: "a list", dict: "a mapping", bytes: "bytes"}
    return names.get(type(value), f"a {type(value).__name__}")


# What the usual pydantic errors say was expected.
EXPECTED: Final = {
    "int_type": "a whole number", "bool_type": "true or false", "list_type": "a list",
    "string_type": "text", "model_type": "a mapping", "dict_type": "a mapping",
}


def place(loc: tuple[int | str, ...]) -> str:
    """``seats.1.ships.0.at_sea``: the place in the scenario, each step shortened."""
    return ".".join(str(part)[:40] for part in loc)


Holders = dict[tuple[str, ...], tuple[str, type[BaseModel]]]


Advice = Mapping[tuple[str, ...], str]
"""What to say of a key that is wrong in a place (its place's shape, indices as "#", then the key)."""


def unknown_key(loc: tuple[int | str, ...], where: str, holders: Holders, advice: Advice | None = None) -> str:
    """The sentence for a key the model does not take at ``loc``: what the place takes instead, or
    the game's ``advice`` for a key that belongs elsewhere."""
    shape = tuple("#" if isinstance(part, int) else part for part in loc[:-1])
    label, model = holders.get(shape, ("this mapping", BaseModel))
    hint = (advice or {}).get((*shape, str(loc[-1])))
    if hint:
        return f"{where} is not a key of {label}: {hint}"
    return f"{where} is not a key of {label} (it takes {', '.join(model.model_fields) or 'none'})"


def problem(err: ErrorDetails, holders: Holders, advice: Advice | None = None) -> str:
    """One model error as a sentence that starts with its place (``holders``: which model each
    mapping of the scenario is, by place; ``advice``: see :func:`unknown_key`)."""
    where, kind = place(err["loc"]), err["type"]
    if kind == "scenario":
        reason = err["msg"]
    elif kind in EXPECTED:
        reason = f"must be {EXPECTED[kind]}, not {shown(err['input'])}"
    elif kind == "extra_forbidden":
        return unknown_key(err["loc"], where, holders, advice)
    elif kind == "missing":
        reason = "is missing"
    elif kind == "invalid_key":
        reason = "is a key that is not text"
    else:
        reason = f"is wrong: {err['msg'][:100]}"
    return f"{where} {reason}" if where else reason


def scenario_error(exc: ValidationError, holders: Holders, advice: Advice | None = None) -> ScenarioError:
    """ONE error for the first problem the model found (with the count of the others)."""
    errors = exc.errors(include_url=False)
    more = len(errors) - 1
    tail = f" (and {more} more problem{'s' * (more > 1)})" if more else ""
    return ScenarioError(problem(errors[0], holders, advice) + tail)


# --- bounds before the model ----------------------------------------------------------------------


class Loader(SAFE_LOADER):  # type: ignore[misc,valid-type]
    """YAML's safe loader (libyaml's when installed: fast); a value it cannot build (a number of
    over 4,300 digits, a date that does not exist) is a YAML error that names its line."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except ValueError as exc:
            reason = f"cannot read this value: {str(exc).split(';')[0][:100]}"
            raise yaml.constructor.ConstructorError(None, None, reason, node.start_mark) from None


def too_many() -> ScenarioError:
    return ScenarioError(f"the scenario holds more than {MAX_ITEMS:,} items (lists, mappings, keys and values)")


def too_deep_error() -> ScenarioError:
    return ScenarioError(f"the scenario nests too deeply (more than {MAX_DEPTH} levels)")


def scan(text: str) -> None:
    """Refuse YAML that nests too deeply or holds too many items, from the parser's events alone:
    nothing is built, and reading stops at the first event past a bound.  An alias counts as many
    items as the value it repeats."""
    sizes: dict[str, int] = {}  # items under each anchor
    anchors: list[str | None] = []  # of each collection being read, outermost first
    counts: list[int] = []  # items so far in each collection being read
    total = 0
    for event in yaml.parse(text, Loader=Loader):
        if isinstance(event, yaml.CollectionEndEvent):
            anchor, items = anchors.pop(), counts.pop()
            if anchor is not None:
                sizes[anchor] = items
            if counts:
                counts[-1] += items
            continue
        if isinstance(event, yaml.CollectionStartEvent):
            if len(counts) >= MAX_DEPTH:
                raise too_deep_error()
            anchors.append(event.anchor)
            counts.append(1)
            total += 1
        elif isinstance(event, yaml.NodeEvent):  # a scalar or an alias
            items = sizes.get(event.anchor, 1) if isinstance(event, yaml.AliasEvent) else 1
            if isinstance(event, yaml.ScalarEvent) and event.anchor is not None:
                sizes[event.anchor] = 1
            if counts:
                counts[-1] += items
            total += items
        if total > MAX_ITEMS:
            raise too_many()


def read_yaml(text: str) -> object:
    """The YAML text parsed, once it is known to be short enough and within the bounds."""
    if len(text) > MAX_SCENARIO_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_SCENARIO_BYTES:
        raise ScenarioError(f"the scenario text is longer than {MAX_SCENARIO_BYTES:,} bytes (in UTF-8)")
    try:
        scan(text)
        return yaml.load(text, Loader=Loader)  # a safe loader: plain data only
    except yaml.YAMLError as exc:
        raise ScenarioError(f"the scenario is not valid YAML: {str(exc)[:300]}") from None
    except RecursionError:
        raise too_deep_error() from None
    except UnicodeError:  # a lone surrogate, which UTF-8 cannot hold
        raise ScenarioError("the scenario text is not valid Unicode (it holds a lone surrogate)") from None


def check_size(spec: dict[str, Any]) -> None:
    """At most ``MAX_ITEMS`` items (a shared value counted at each use), ``MAX_DEPTH`` levels, and
    no number beyond 128 bits."""
    todo: list[tuple[object, tuple[int | str, ...]]] = [(spec, ())]
    seen = 0
    while todo:
        value, loc = todo.pop()
        seen += 1 + (len(value) if isinstance(value, dict) else 0)
        if seen > MAX_ITEMS:
            raise too_many()
        if isinstance(value, int) and value.bit_length() > 128:
            raise ScenarioError(f"{place(loc) or 'the scenario'} must be far smaller, not {shown(value)}")
        if isinstance(value, dict):
            todo.extend((child, (*loc, str(key))) for key, child in value.items())
        elif isinstance(value, (list, tuple)):
            todo.extend((child, (*loc, i)) for i, child in enumerate(value))
    if too_deep(spec):
        raise too_deep_error()
