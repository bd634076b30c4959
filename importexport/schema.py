"""A referee's state written once: its dataclasses' typed fields are the schema, and the rest follows.

A game declares its state as dataclasses deriving from :class:`Fields`, each field with its type,
bounds (``Annotated[int, Field(ge=0, ...)]``, read by pydantic when a save is validated) and
default, then calls :func:`derive` on its classes.  From that one declaration come ``clone``,
``to_dict`` and ``from_dict`` (their source generated per class, as ``dataclasses`` generates
``__init__``: the referees copy states often), and :func:`missing_field`, a save file's check that no
field is left out (a default never fills in for a lost one).  A field is copied by its type:

========================= =======================================================================
type                      copy
========================= =======================================================================
a list of dataclasses     each element's own ``clone`` / ``to_dict`` / ``from_dict``
a list of a union         the pending steps (frames): the game's ``frame_copy`` for each
a list of lists           rows of numbers: each row copied
another list              a shallow copy (its items are numbers or text)
a dict or ``TypedDict``   a deep copy (``{}`` when empty)
anything else             the value itself (numbers, text, flags)
========================= =======================================================================
"""

from __future__ import annotations

import copy
import functools
import types
import typing
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Annotated, Any, Self

from typing_extensions import is_typeddict

Plan = list[tuple[str, str, type | None]]
"""Per field: its name, how it is copied ("value", "list", "rows", "nested", "frames", "deep") and the nested class."""


class Fields:
    """``clone``, ``to_dict`` and ``from_dict`` of a state class, generated from its fields by :func:`derive`."""

    __slots__ = ()

    def clone(self) -> Self:
        """An independent copy (it shares no list with this one)."""
        return _CLONE[type(self)](self)  # type: ignore[no-any-return]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (a deep copy)."""
        return _TO_DICT[type(self)](self)  # type: ignore[no-any-return]

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Self:
        """An object from trusted data written by :meth:`to_dict` (save files validate first)."""
        return _FROM_DICT[cls](d)  # type: ignore[no-any-return]


def bare(hint: Any) -> Any:
    """``hint`` without its outer ``Annotated`` layers."""
    while typing.get_origin(hint) is Annotated:
        hint = typing.get_args(hint)[0]
    return hint


@functools.cache
def field_plan(cls: type) -> Plan:
    """How each field of dataclass ``cls`` is copied, read off its type."""
    hints = typing.get_type_hints(cls)
    plan: Plan = []
    for f in fields(cls):
        hint = bare(hints[f.name])
        origin = typing.get_origin(hint)
        if origin is list:
            item = bare(typing.get_args(hint)[0])
            if is_dataclass(item):
                plan.append((f.name, "nested", item))  # type: ignore[arg-type]
            elif typing.get_origin(item) in (typing.Union, types.UnionType):  # the stack: frames of several kinds
                plan.append((f.name, "frames", None))
            elif typing.get_origin(item) is list:  # rows of numbers
                plan.append((f.name, "rows", None))
            else:
                plan.append((f.name, "list", None))
        elif origin is dict or is_typeddict(hint):
            plan.append((f.name, "deep", None))
        else:
            plan.append((f.name, "value", None))
    return plan


_COPY = {
    "value": "{v}", "list": "{v}[:]", "rows": "[x[:] for x in {v}]", "frames": "[copy_frame(x) for x in {v}]",
    "deep": "(deepcopy({v}) if {v} else {{}})",
}


def _generate(cls: type, frame_copy: Callable[[Any], Any]) -> tuple[Any, Any, Any]:
    """Source of ``clone``, ``to_dict`` and ``from_dict`` for ``cls``, compiled."""
    plan = field_plan(cls)
    name = cls.__name__
    clone = ["def clone(o):", f"    c = object.__new__({name})"]
    to_dict = ["def to_dict(o):", "    return {"]
    from_dict = ["def from_dict(d):", f"    c = object.__new__({name})"]
    scope: dict[str, Any] = {"copy_frame": frame_copy, "deepcopy": copy.deepcopy, name: cls}
    for attr, how, nested in plan:
        src = f"o.{attr}"
        if how == "nested":
            assert nested is not None
            scope[nested.__name__] = nested
            clone.append(f"    c.{attr} = [x.clone() for x in {src}]")
            to_dict.append(f"        {attr!r}: [x.to_dict() for x in {src}],")
            from_dict.append(f"    c.{attr} = [{nested.__name__}.from_dict(x) for x in d[{attr!r}]]")
        else:
            clone.append(f"    c.{attr} = " + _COPY[how].format(v=src))
            to_dict.append(f"        {attr!r}: " + ("list({v})" if how == "list" else _COPY[how]).format(v=src) + ",")
            value = f"d[{attr!r}]"
            from_dict.append(f"    c.{attr} = " + ("list({v})" if how == "list" else _COPY[how]).format(v=value))
    clone.append("    return c")
    to_dict.append("    }")
    from_dict.append("    return c")
    exec("\n".join(clone + to_dict + from_dict), scope)  # noqa: S102 (source built above from the field list)
    return scope["clone"], scope["to_dict"], scope["from_dict"]


_CLONE: dict[type, Any] = {}
_TO_DICT: dict[type, Any] = {}
_FROM_DICT: dict[type, Any] = {}


def derive(*classes: type, frame_copy: Callable[[Any], Any] = dict) -> None:
    """Generate ``clone``, ``to_dict`` and ``from_dict`` for each of ``classes`` (dataclasses deriving
    from :class:`Fields`); ``frame_copy`` copies one pending step of a stack (a frame)."""
    for cls in classes:
        _CLONE[cls], _TO_DICT[cls], _FROM_DICT[cls] = _generate(cls, frame_copy)


def missing_field(raw: Any, cls: type, where: str) -> str | None:
    """The first field of dataclass ``cls`` (or of a nested one) that the data ``raw`` leaves out, as
    its place (``initial.players.0.coins``); None if every field is there or ``raw`` is no object
    (the schema then names the wrong type)."""
    if not isinstance(raw, dict):
        return None
    for name, how, nested in field_plan(cls):
        if name not in raw:
            return f"{where}.{name}"
        if how == "nested" and isinstance(raw[name], list):
            for i, item in enumerate(raw[name]):
                found = missing_field(item, nested, f"{where}.{name}.{i}")  # type: ignore[arg-type]
                if found:
                    return found
    return None
