"""A room's options as a pydantic model, made from the game's option schema (:attr:`GameKind.schema`, the
one description the new-game screen and ``simulate``'s flags are also made from): any game that plugs in
can be opened as a room, and nothing here names a game.

The model checks the *form* of what a device sends (each name an option, each value of its kind, no
other field), strictly, and is what the store keeps (its JSON).  Whether a value is allowed with the
others is the kind's own check (``new`` refuses it in the game's words).  ``players`` is not a room
option: a room's seats say how many play.

>>> from importexport.protocol import GAMES
>>> Options = option_model(GAMES["portroyal"])
>>> Options.model_validate({"mode": "base"}).model_dump()
{'mode': 'base', 'contracts': None}
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, create_model

from ..protocol import GameKind, OptionSpec

_MADE: dict[str, tuple[GameKind, type[BaseModel]]] = {}
"""The models made so far, by game id, with the kind each was made from (a kind loaded anew is remade)."""


def _value_type(spec: OptionSpec, chosen: dict[str, Any]) -> Any:
    """The type of one value of ``spec``: the one type its values allowed with the defaults ``chosen``,
    its unlisted values and its default share, else ``Any``."""
    defaults = [spec.default] if spec.kind != "multi" else list(spec.default or ())
    try:
        listed = [*spec.allowed(chosen), *spec.unlisted, *defaults]
    except (KeyError, TypeError, ValueError):  # (a schema that cannot list its values at its defaults)
        listed = [*spec.unlisted, *defaults]
    types = {type(v) for v in listed if v is not None}
    return types.pop() if len(types) == 1 else Any


def _field(spec: OptionSpec, chosen: dict[str, Any]) -> tuple[Any, Any]:
    """The model's field of ``spec``: its type and default."""
    if spec.kind == "bool":
        return bool, spec.default
    if spec.kind == "int":
        return int, spec.default
    if spec.kind == "choice":
        return _value_type(spec, chosen), spec.default
    item = _value_type(spec, chosen)
    default = None if spec.default is None else list(spec.default)
    return (list[item] | None if spec.drawn is not None else list[item]), default  # type: ignore[valid-type]


def option_model(kind: GameKind) -> type[BaseModel]:
    """The room option model of ``kind``: one field per option of its schema but ``players``, each with
    the schema's default; no other field, and no value of another type, is taken."""
    made = _MADE.get(kind.id)
    if made is not None and made[0] is kind:
        return made[1]
    chosen = {o.name: o.default for o in kind.schema}
    fields = {o.name: _field(o, chosen) for o in kind.schema if o.name != "players"}
    model = create_model(  # type: ignore[call-overload]
        f"RoomOptions_{kind.id}", __config__=ConfigDict(extra="forbid", strict=True), __doc__=(
            f"A room's options for {kind.name}, as the new-game screen gives them (made from its schema)."),
        **fields)
    _MADE[kind.id] = (kind, model)
    return model
