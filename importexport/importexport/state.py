"""What changes during a game: players, ships, piles, whose turn it is and what is pending.

The state's shape is written once, here: each class lists its fields with their types, bounds and
defaults.  Everything else follows from that list: the constructor (``dataclass``), ``clone``,
``to_dict``/``from_dict`` (generated below, the engine copies states often) and the save file's
validation (pydantic reads the same classes, see ``savefile``).  Adding a field is one line.

Cards are referred to by their id in the card list; pending steps ("frames") are plain dicts
whose shape ``frames`` describes.
"""

from __future__ import annotations

import copy
import typing
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Annotated, Any, Literal, Self

from pydantic import AfterValidator, ConfigDict, Field
from typing_extensions import TypedDict, is_typeddict

from ..bounds import MAX_SEED, MAX_TURN
from .cards import CARDS
from .constants import MODULES
from .frames import MAX_COUNT, MAX_SHIPS, ActionType, AnyFrame, CardId, Cards, Count, Credits, Seat, Seats, ShipId

TOKEN_BASE = CARDS.token_base

Colour = Annotated[int, Field(ge=0, le=5)]
Side = Annotated[int, Field(ge=0, le=1)]
ContainerColour = Annotated[int, Field(ge=0, le=7)]  # a goods colour, or RIDING (7)
OrNone = Annotated[int, Field(ge=-1, le=5)]  # a seat or action type, -1 for none
Turn = Annotated[int, Field(ge=1, le=MAX_TURN)]


def _row(*items: Any) -> Any:
    """A fixed-length row of numbers in a note, typed per place, read from the file's array as a list."""
    return Annotated[tuple[items], AfterValidator(list)]  # type: ignore[valid-type]


def _rows(*items: Any) -> Any:
    return Annotated[list[_row(*items)], Field(max_length=MAX_NOTES)]


class YenNote(TypedDict):
    """YEN's tuck: the ship, the contracts already on it then, and the first placed since (-1: none yet)."""

    __pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[misc]
    ship: ShipId
    before: Cards
    first: Annotated[int, Field(ge=-1, lt=CARDS.table_size)]


class Notes(TypedDict, total=False):
    """Every note an ability may keep in ``State.marks`` between steps, with its shape: the one
    schema a save file's notes are read with.  A note that belongs to whoever holds an ability
    names its holder: the seat and the card it works through (a copy's own card, WIND TURBINES),
    so that two holders of one ability never share a note.
    """

    __pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[misc]
    tucked: _rows(CardId, ShipId)  # [card, ship]: cards tucked for good under a ship (YEN, DIESEL ENGINE)
    lingering: _rows(Seat, CardId, Turn)  # [seat, card, turn]: a card gone from play that works on that turn
    one_use_ships: Annotated[list[ShipId], Field(max_length=MAX_SHIPS)]  # DIESEL ENGINE's extra ships
    super_ships: Annotated[list[ShipId], Field(max_length=MAX_SHIPS)]  # PARTNERSHIP: joined ships, in pairs
    win_card: CardId  # the card that won the game at once
    deck_face_up: bool  # the deck lies face up from now on (YERBA MATE)
    pirate_ban: Seats  # SURSTRÖMMING: the seats whose next turn lifts the ban on Pirate actions
    copies: _rows(CardId, CardId)  # [copying card, copied card] (WIND TURBINES)
    uses: _rows(Seat, CardId, Turn, Count)  # [seat, card, turn, uses]: "n times per turn" abilities
    paid: _rows(Seat, CardId, Turn, Seat)  # [holder, card, turn, payer]: who paid a holder this turn
    set_aside: _rows(CardId, Credits)  # [card, credits] lying on a card until the scoring (HELICOPTER)
    virtual_crew: _rows(Seat, CardId, Turn, ActionType)  # [seat, card, turn, action] (US DOLLARS)
    end_choice: _rows(Seat, CardId, ActionType)  # [seat, card, type] named at the end (TESLAS: goods, COLOGNE: action)
    YEN: YenNote


MAX_NOTES = 1000  # rows of one note


def note_numbers(marks: Notes) -> list[tuple[str, str, int]]:
    """Every seat and ship a state's notes name, as ``(note, "seat" or "ship", value)``, read off
    the ``Notes`` schema (which place of a row is a seat, which a ship), for the table's checks."""
    out = []
    for key, value in marks.items():
        for kind, rows in _NOTE_PLACES.get(key, {}).items():
            for where in rows:
                items = value if where is None else [row[where] for row in value] if isinstance(value, list) else [value[where]]
                out.extend((key, kind, x) for x in items)
    return out


Filled = Annotated[int, Field(ge=-1, lt=len(CARDS))]  # the contract card a container fills, -1 for none
Module = Literal[tuple(MODULES)]  # type: ignore[valid-type]

class _Fields:
    """``clone``, ``to_dict`` and ``from_dict``, generated per class from its fields (see the end of this module)."""

    __slots__ = ()

    def clone(self) -> Self:
        """An independent copy (it shares no list with this one)."""
        return _CLONE[type(self)](self)  # type: ignore[no-any-return]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (a deep copy)."""
        return _TO_DICT[type(self)](self)  # type: ignore[no-any-return]

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Self:
        """An object from trusted data written by :meth:`to_dict` (save files validate first: ``savefile``)."""
        return _FROM_DICT[cls](d)  # type: ignore[no-any-return]


@dataclass(slots=True, eq=False)
class Ship(_Fields):
    """A ship: in its owner's harbour (taking contracts and containers) or at sea."""

    id: ShipId
    owner: Seat
    at_sea: bool = False
    contracts: Cards = field(default_factory=list)  # contract cards under the ship
    sides: Annotated[list[Side], Field(max_length=CARDS.table_size)] = field(default_factory=list)  # orientation of each contract (J cards have two)
    containers: Cards = field(default_factory=list)  # cards (or tokens) loaded as containers
    colours: Annotated[list[ContainerColour], Field(max_length=CARDS.table_size)] = field(default_factory=list)  # the colour each container counts as
    fills: Annotated[list[Filled], Field(max_length=CARDS.table_size)] = field(default_factory=list)  # the contract each container lies on (-1: none), or at sea lay on (``rules.fills_now``)


@dataclass(slots=True, eq=False)
class Player(_Fields):
    """One seat at the table: harbour colour, credits and the cards in each of its areas."""

    seat: Seat
    harbour: Colour  # colour of the harbour board
    credits: Credits = 0
    hand: Cards = field(default_factory=list)
    crew: Cards = field(default_factory=list)
    goods: Cards = field(default_factory=list)
    fulfilled: Cards = field(default_factory=list)  # fulfilled contract cards (the printed one is not a card)
    ships: Annotated[list[ShipId], Field(max_length=MAX_SHIPS)] = field(default_factory=list)  # this player's ships


@dataclass(slots=True, eq=False)
class State(_Fields):
    """The whole table plus the stack of pending steps (``stack``; the last entry is next).

    A stack entry ("frame") is a small dict such as ``{"kind": "follow", "seat": 2}``: either a
    decision waiting for a player or an automatic step (``frames`` describes every kind).
    Keeping them as plain data makes copies, undo and save files work at every moment, even in
    the middle of a bidding round.
    """

    players: Annotated[list[Player], Field(min_length=2, max_length=6)] = field(default_factory=list)
    ships: Annotated[list[Ship], Field(max_length=MAX_SHIPS)] = field(default_factory=list)
    deck: Cards = field(default_factory=list)  # the top card is the last one
    discard: Cards = field(default_factory=list)  # the top card is the last one
    island: Cards = field(default_factory=list)  # Supply Island, face up
    active: Seat = 0
    turn: Annotated[int, Field(ge=1, le=MAX_TURN)] = 1
    stack: Annotated[list[AnyFrame], Field(max_length=1000)] = field(default_factory=list)
    rng: Annotated[int, Field(ge=0, le=MAX_SEED)] = 0  # the random source's state
    abilities: bool = False
    led: OrNone = -1  # action type led this turn (-1: none yet)
    decl: Annotated[list[Annotated[int, Field(ge=-1, le=MAX_COUNT)]], Field(max_length=6)] = field(default_factory=list)  # declared action count per seat (-1: not declared)
    played: Cards = field(default_factory=list)  # cards played into harbours this turn
    sold: Annotated[list[bool], Field(max_length=6)] = field(default_factory=list)  # sold to the Supply Island this turn
    end_reason: Literal["", "credits", "cards", "win"] = ""  # why the game is ending ("" while it goes on)
    end_seat: OrNone = -1  # who caused an instant win
    winners: Seats = field(default_factory=list)
    extra_turns: Annotated[list[Seat], Field(max_length=MAX_COUNT)] = field(default_factory=list)  # seats owed an extra turn (PIRATES)
    return_to: OrNone = -1  # whose regular turn comes after the extra turns
    marks: Notes = field(default_factory=dict)  # type: ignore[assignment]  # the notes abilities keep between steps (``Notes``)
    modules: Annotated[list[Module], Field(max_length=len(MODULES))] = field(default_factory=list)  # expansions and variants in play (see ``setup.MODULES``)
    market: Annotated[list[Annotated[int, Field(ge=-2, le=2)]], Field(max_length=5)] = field(default_factory=list)  # goods market markers per goods colour (module "market")
    acts: Annotated[list[OrNone], Field(max_length=6)] = field(default_factory=list)  # per seat, an action type other than the led one (-1: the led one)
    box: Cards = field(default_factory=list)  # cards out of this game (other sets', or left out by a scenario), in id order

    @property
    def n(self) -> int:
        return len(self.players)

    def all_cards(self) -> list[int]:
        """Every card id wherever it lies (the card-conservation checks use it).

        Container tokens (modules "tokens1"/"tokens2") are no cards: those on ships, in crews and
        among goods, the only places they may lie, are left out (``tokens.tokens_in_play`` lists them).
        """
        out = self.deck + self.discard + self.island + self.played
        for p in self.players:
            out += p.hand + [c for c in p.crew if c < TOKEN_BASE] + [c for c in p.goods if c < TOKEN_BASE] + p.fulfilled
        for ship in self.ships:
            out += ship.contracts + [c for c in ship.containers if c < TOKEN_BASE]
        for frame in self.stack:
            out += frame.get("held", [])
        out += [card for card, _ship in self.marks.get("tucked", ())]  # cards an ability tucked under a ship
        return out


def copy_frame(frame: dict[str, Any]) -> dict[str, Any]:
    """A copy of a frame that shares no list with it (frame values are numbers, text or lists of numbers)."""
    return {k: (v[:] if isinstance(v, list) else dict(v) if isinstance(v, dict) else v) for k, v in frame.items()}


# --- clone, to_dict and from_dict, generated from the fields above ------------------------------

def _field_plan(cls: type) -> list[tuple[str, str, type | None]]:
    """Per field: its name, how to copy it ("value", "list", "nested", "frames", "deep") and the nested class."""
    hints = typing.get_type_hints(cls)
    plan = []
    for f in fields(cls):
        hint = hints[f.name]
        while typing.get_origin(hint) is Annotated:
            hint = typing.get_args(hint)[0]
        origin = typing.get_origin(hint)
        if origin is list:
            item = typing.get_args(hint)[0]
            while typing.get_origin(item) is Annotated:
                item = typing.get_args(item)[0]
            if is_dataclass(item):
                plan.append((f.name, "nested", item))
            elif typing.get_origin(item) is typing.Union:  # the stack: frames, whose kinds ``frames`` describes
                plan.append((f.name, "frames", None))
            else:
                plan.append((f.name, "list", None))
        elif origin is dict or is_typeddict(hint):
            plan.append((f.name, "deep", None))
        else:
            plan.append((f.name, "value", None))
    return plan


_COPY = {
    "value": "{v}", "list": "{v}[:]", "frames": "[copy_frame(x) for x in {v}]",
    "deep": "(deepcopy({v}) if {v} else {{}})",
}


def _generate(cls: type) -> tuple[Any, Any, Any]:
    """Source of ``clone``, ``to_dict`` and ``from_dict`` for ``cls`` (what ``dataclasses`` does for ``__init__``)."""
    plan = _field_plan(cls)
    name = cls.__name__
    clone = ["def clone(o):", f"    c = object.__new__({name})"]
    to_dict = ["def to_dict(o):", "    return {"]
    from_dict = ["def from_dict(d):", f"    c = object.__new__({name})"]
    for attr, how, nested in plan:
        src = f"o.{attr}"
        if how == "nested":
            clone.append(f"    c.{attr} = [x.clone() for x in {src}]")
            to_dict.append(f"        {attr!r}: [x.to_dict() for x in {src}],")
            from_dict.append(f"    c.{attr} = [{nested.__name__}.from_dict(x) for x in d[{attr!r}]]")  # type: ignore[union-attr]
        else:
            clone.append(f"    c.{attr} = " + _COPY[how].format(v=src))
            to_dict.append(f"        {attr!r}: " + ("list({v})" if how == "list" else _COPY[how]).format(v=src) + ",")
            value = f"d[{attr!r}]"
            from_dict.append(f"    c.{attr} = " + ("list({v})" if how == "list" else _COPY[how]).format(v=value))
    clone.append("    return c")
    to_dict.append("    }")
    from_dict.append("    return c")
    scope: dict[str, Any] = {"copy_frame": copy_frame, "deepcopy": copy.deepcopy, "Ship": Ship, "Player": Player, "State": State}
    exec("\n".join(clone + to_dict + from_dict), scope)  # noqa: S102 (source built above from the field list)
    return scope["clone"], scope["to_dict"], scope["from_dict"]


_CLONE: dict[type, Any] = {}
_TO_DICT: dict[type, Any] = {}
_FROM_DICT: dict[type, Any] = {}
for _cls in (Ship, Player, State):
    _CLONE[_cls], _TO_DICT[_cls], _FROM_DICT[_cls] = _generate(_cls)


def _note_places() -> dict[str, dict[str, list[int | str | None]]]:
    """Per note, where its seats and ships lie: ``None`` (the note is a list of them), a row's
    place, or a record's field."""
    kinds = {id(Seat): "seat", id(ShipId): "ship"}
    out: dict[str, dict[str, list[int | str | None]]] = {}
    for key, hint in typing.get_type_hints(Notes, include_extras=True).items():
        places: dict[str, list[int | str | None]] = {}
        hint = _bare(hint)
        if is_typeddict(hint):
            for name, sub in typing.get_type_hints(hint, include_extras=True).items():
                if id(sub) in kinds:
                    places.setdefault(kinds[id(sub)], []).append(name)
        elif typing.get_origin(hint) is list:
            item = typing.get_args(hint)[0]
            if id(item) in kinds:
                places.setdefault(kinds[id(item)], []).append(None)
            elif typing.get_origin(_bare(item)) is tuple:
                for i, sub in enumerate(typing.get_args(_bare(item))):
                    if id(sub) in kinds:
                        places.setdefault(kinds[id(sub)], []).append(i)
        out[key] = places
    return out


def _bare(hint: Any) -> Any:
    """``hint`` without its outer ``Annotated`` layers."""
    while typing.get_origin(hint) is Annotated:
        hint = typing.get_args(hint)[0]
    return hint


_NOTE_PLACES = _note_places()
