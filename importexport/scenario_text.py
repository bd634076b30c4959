"""What the scenario readers of both games share: YAML text read within the bounds (size, nesting,
number of items, a key twice: refused from the parser's events, before anything is built), every
error of the YAML reader as the project's own sentence (its kind by the error's class, its line
and column: never the reader's words), and a model's complaints turned into one sentence that
names the place (:func:`importexport.file_words.reason`).
Each game's ``scenario`` module holds its own model of a position.  The safe YAML loader here
reads the games' data files too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

import yaml
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails, PydanticCustomError

from .bounds import MAX_DEPTH, MAX_ITEMS, MAX_SCENARIO_BYTES, too_deep, whole_text
from .errors import SaveFileError, ScenarioError
from .file_words import Number, phrase, reason, shown, step

SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""The fastest safe YAML loader there is (libyaml's when PyYAML was built with it): plain data only."""


def place(loc: tuple[int | str, ...]) -> str:
    """``seats.1.ships.0.at_sea``: the place in the scenario, each step shortened."""
    return ".".join(step(part) for part in loc)


Holders = dict[tuple[str, ...], tuple[str, type[BaseModel]]]
"""Which model each mapping of a scenario is, by place (indices as "#"), with the key of its label."""


Advice = Mapping[tuple[str, ...], str]
"""What to say of a key that is wrong in a place (its place's shape, indices as "#", then the key):
the key of a phrase of ``FILES``."""


def unknown_key(loc: tuple[int | str, ...], where: str, holders: Holders, advice: Advice | None = None) -> ScenarioError:
    """The refusal of a key the model does not take at ``loc``: what the place takes instead, or
    the game's ``advice`` for a key that belongs elsewhere."""
    shape = tuple("#" if isinstance(part, int) else part for part in loc[:-1])
    label, model = holders.get(shape, ("l_mapping", BaseModel))
    hint = (advice or {}).get((*shape, str(loc[-1])))
    if hint:
        return ScenarioError("not_key_advice", where=where, label=phrase(label), advice=phrase(hint))
    keys = ", ".join(model.model_fields) or phrase("keys_none")
    return ScenarioError("not_key", where=where, label=phrase(label), keys=keys)


def problem(err: ErrorDetails, model: type[BaseModel], holders: Holders, advice: Advice | None = None) -> ScenarioError:
    """One model error as a refusal that starts with its place (``model``: the scenario's model;
    ``holders``, ``advice``: see :func:`unknown_key`)."""
    if err["type"] == "extra_forbidden":
        return unknown_key(err["loc"], place(err["loc"]), holders, advice)
    return ScenarioError("at_place", where=place(err["loc"]), reason=reason(err, model))


def scenario_error(exc: ValidationError, model: type[BaseModel], holders: Holders,
                   advice: Advice | None = None) -> ScenarioError:
    """ONE error for the first problem the model found (with the count of the others)."""
    errors = exc.errors(include_url=False)
    first = problem(errors[0], model, holders, advice)
    if len(errors) == 1:
        return first
    return ScenarioError("more", text=first, n=len(errors) - 1)


def refusal(key: str, /, **details: Any) -> PydanticCustomError:
    """A model error in the project's words: the phrase ``key`` (it follows the place, e.g. ``must be ...``)."""
    said = phrase(key, **details)
    return PydanticCustomError("scenario", "{reason}", {"reason": said})


# --- bounds before the model ----------------------------------------------------------------------

MAX_DIGITS: Final = 100
"""Digits of a number a scenario's text may hold (a seed, the largest number, has 20)."""


def _mark(mark: yaml.Mark | None) -> dict[str, int]:
    """The line and column (from 1) of a place in the text."""
    return {"line": mark.line + 1, "column": mark.column + 1} if mark is not None else {"line": 0, "column": 0}


class Loader(SAFE_LOADER):  # type: ignore[misc,valid-type]
    """YAML's safe loader (libyaml's when installed: fast); a value it cannot build (a number of
    more than ``MAX_DIGITS`` digits, a date that does not exist) is refused naming its line."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:int":
            digits = sum(ch.isdigit() for ch in node.value)
            if digits > MAX_DIGITS:
                raise ScenarioError("sc_digits", n=Number(digits), limit=MAX_DIGITS, **_mark(node.start_mark))
        try:
            return super().construct_object(node, deep)
        except ValueError:
            found = node.value if isinstance(node, yaml.ScalarNode) else None
            raise ScenarioError("sc_value", found=shown(found), **_mark(node.start_mark)) from None


def too_many() -> ScenarioError:
    return ScenarioError("sc_too_many", n=Number(MAX_ITEMS))


def too_deep_error() -> ScenarioError:
    return ScenarioError("sc_too_deep", n=MAX_DEPTH)


def scan(text: str, loader: type = Loader) -> None:
    """Refuse YAML that nests too deeply, holds too many items or names a key twice in one mapping,
    from the parser's events alone: nothing is built, and reading stops at the first event past a
    bound.  An alias counts as many items as the value it repeats."""
    sizes: dict[str, int] = {}  # items under each anchor
    anchors: list[str | None] = []  # of each collection being read, outermost first
    counts: list[int] = []  # items so far in each collection being read
    keys: list[set[str] | None] = []  # the plain keys seen in each mapping being read (None: a list)
    turns: list[int] = []  # entries so far in each collection being read (a mapping's keys are the even ones)
    total = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionEndEvent):
            anchor, items = anchors.pop(), counts.pop()
            keys.pop()
            turns.pop()
            if anchor is not None:
                sizes[anchor] = items
            if counts:
                counts[-1] += items
            continue
        if isinstance(event, yaml.NodeEvent) and keys:
            _check_key(event, keys[-1], turns[-1])
            turns[-1] += 1
        if isinstance(event, yaml.CollectionStartEvent):
            if len(counts) >= MAX_DEPTH:
                raise too_deep_error()
            anchors.append(event.anchor)
            counts.append(1)
            keys.append(set() if isinstance(event, yaml.MappingStartEvent) else None)
            turns.append(0)
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


def _check_key(event: yaml.NodeEvent, seen: set[str] | None, turn: int) -> None:
    """Refuse a key written twice in one mapping (YAML's loader would keep the last silently)."""
    if seen is None or turn % 2 or not isinstance(event, yaml.ScalarEvent):
        return
    if event.value in seen:
        raise ScenarioError("sc_twice", name=shown(event.value), **_mark(event.start_mark))
    seen.add(event.value)


def read_yaml(text: str) -> object:
    """The YAML text parsed, once it is known to be short enough and within the bounds.  Every
    problem is a :class:`ScenarioError` in the project's words: a YAML error names its kind
    (by the error's class) and its line and column."""
    if len(text) > MAX_SCENARIO_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_SCENARIO_BYTES:
        raise ScenarioError("sc_too_long", n=Number(MAX_SCENARIO_BYTES))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate, which UTF-8 cannot hold
        raise ScenarioError("sc_surrogate") from None
    try:
        scan(text)
        data = yaml.load(text, Loader=Loader)  # a safe loader: plain data only
    except yaml.YAMLError as exc:
        raise _yaml_error(text, exc) from None
    except RecursionError:
        raise too_deep_error() from None
    if not whole_text(data):  # (an escape such as "\\ud800" in a quoted text)
        raise ScenarioError("sc_surrogate")
    return data


def _yaml_error(text: str, exc: yaml.YAMLError) -> ScenarioError:
    """The refusal of text the YAML reader cannot read.  A reader may stop at a bound of its own
    before the scan meets the project's (libyaml's flow nesting): the text is scanned again with
    the pure-Python parser, which has none, so that the project's bound names the problem."""
    if SAFE_LOADER is not yaml.SafeLoader:
        try:
            scan(text, _PyLoader)
        except ScenarioError as found:
            return found
        except (yaml.YAMLError, RecursionError):
            pass
    if isinstance(exc, yaml.reader.ReaderError):
        return ScenarioError("sc_yaml_char", position=exc.position + 1)
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    kind = ("y_alias" if isinstance(exc, yaml.composer.ComposerError)
            else "y_tag" if isinstance(exc, yaml.constructor.ConstructorError) else "y_syntax")
    return ScenarioError("sc_yaml", what=phrase(kind), **_mark(mark))


class _PyLoader(yaml.SafeLoader):
    """The pure-Python safe loader (for :func:`_yaml_error` only)."""


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
            if loc:
                raise ScenarioError("at_place", where=place(loc), reason=phrase("far_smaller", found=shown(value)))
            raise ScenarioError("sc_not_mapping", found=shown(value))
        if isinstance(value, dict):
            strange = next((key for key in value if not isinstance(key, str)), None)
            if strange is not None:
                raise ScenarioError("at_place", where=place((*loc, step(strange))), reason=phrase("key_not_text"))
            todo.extend((child, (*loc, key)) for key, child in value.items())
        elif isinstance(value, (list, tuple)):
            todo.extend((child, (*loc, i)) for i, child in enumerate(value))
    if too_deep(spec):
        raise too_deep_error()
    if not whole_text(spec):
        raise ScenarioError("sc_surrogate")


G = TypeVar("G")


def savable(g: G, dump: Callable[[G], str], load: Callable[[str], object]) -> G:
    """``g`` once its own save is known to load: a scenario is checked by the rules a saved game is
    checked by (the game's ``dump`` and ``load``), so no scenario loads whose save would then be refused."""
    try:
        load(dump(g))
    except SaveFileError as exc:
        raise ScenarioError("sc_unsaveable", why=exc) from None
    return g
