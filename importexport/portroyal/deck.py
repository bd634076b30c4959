"""Port Royal's base deck: 120 cards loaded and validated from ``data/base.yaml``.

The file lists kinds of card with a count each; :func:`load_deck` checks every entry and the
deck's make-up (see ``docs/portroyal.md``) and numbers the physical cards 0..119 in file order.

>>> deck = load_deck()
>>> len(deck.cards), len(deck.ships), deck.cards[0].spec.colour
(120, 50, 'yellow')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Annotated, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..errors import ImportExportError
from ..scenario_text import SAFE_LOADER

DATA_FILE = Path(__file__).parent / "data" / "base.yaml"

ShipColour = Literal["yellow", "blue", "green", "red", "black"]
Symbol = Literal["anchor", "cross", "house"]
PersonKind = Literal[
    "trader", "settler", "captain", "priest", "jack_of_all_trades", "sailor", "pirate",
    "mademoiselle", "jester", "admiral", "governor",
]
Effect = Literal[
    "trade_bonus", "expedition_symbol", "any_symbol", "swords", "hire_discount", "jester_coin",
    "admiral_coins", "extra_card",
]
Source = Literal["base-notes", "expansion", "project"]
CardKind = Literal["ship", "person", "tax", "expedition"]

SHIP_COLOURS: tuple[str, ...] = ("yellow", "blue", "green", "red", "black")
SHIPS_PER_COLOUR = 10
SECTION_SIZES: dict[str, int] = {"ships": 50, "persons": 60, "taxes": 4, "expeditions": 6}
PERSON_COUNTS: dict[str, int] = {
    "trader": 10, "settler": 5, "captain": 5, "priest": 5, "jack_of_all_trades": 3, "sailor": 10,
    "pirate": 3, "mademoiselle": 4, "jester": 5, "admiral": 6, "governor": 4,
}
"""How many persons of each kind the base game has."""
EFFECTS: dict[str, str] = {
    "trader": "trade_bonus", "settler": "expedition_symbol", "captain": "expedition_symbol",
    "priest": "expedition_symbol", "jack_of_all_trades": "any_symbol", "sailor": "swords",
    "pirate": "swords", "mademoiselle": "hire_discount", "jester": "jester_coin",
    "admiral": "admiral_coins", "governor": "extra_card",
}
"""The effect each kind of person has."""
SYMBOLS: dict[str, str] = {"settler": "house", "captain": "anchor", "priest": "cross"}
"""The expedition symbol each symbol-bearing kind shows."""
PERSON_SWORDS: dict[str, int] = {"sailor": 1, "pirate": 2}

Count = Annotated[int, Field(ge=1, le=10)]
_MODEL = ConfigDict(frozen=True, extra="forbid", strict=True)


class DeckError(ImportExportError, ValueError):
    """The deck file is broken: the message names the file, the entry and the field."""


class Ship(BaseModel):
    """A kind of ship: its colour, the swords that repel it (``"never"``: none do), its trade value."""

    model_config = _MODEL
    colour: ShipColour
    swords: Annotated[int, Field(ge=1, le=9)] | Literal["never"]
    coins: Annotated[int, Field(ge=1, le=5)]
    count: Count
    source: Source

    @property
    def repellable(self) -> bool:
        return self.swords != "never"


class Person(BaseModel):
    """A kind of person; the kind-specific fields are present exactly for the kinds that use them."""

    model_config = _MODEL
    kind: PersonKind
    cost: Annotated[int, Field(ge=0, le=12)]
    points: Annotated[int, Field(ge=0, le=5)]
    count: Count
    effect: Effect
    source: Source
    colour: ShipColour | None = None
    swords: Annotated[int, Field(ge=1, le=3)] | None = None
    symbol: Symbol | None = None
    any_symbol: bool = False

    @model_validator(mode="after")
    def _fits_kind(self) -> Person:
        if self.effect != EFFECTS[self.kind]:
            raise ValueError(f"effect: a {self.kind} has the effect {EFFECTS[self.kind]!r}, not {self.effect!r}")
        if (self.colour is not None) != (self.kind == "trader"):
            raise ValueError("colour: a trader needs a ship colour, and only a trader has one")
        if self.swords != PERSON_SWORDS.get(self.kind):
            want = PERSON_SWORDS.get(self.kind)
            raise ValueError(f"swords: a {self.kind} " + (f"has {want} sword(s)" if want else "has no swords field"))
        if self.symbol != SYMBOLS.get(self.kind):
            want = SYMBOLS.get(self.kind)
            raise ValueError(f"symbol: a {self.kind} " + (f"shows the symbol {want!r}" if want else "has no symbol field"))
        if self.any_symbol != (self.kind == "jack_of_all_trades"):
            raise ValueError("any_symbol: only the jack_of_all_trades has any_symbol: true, and it must")
        return self


class Tax(BaseModel):
    """A tax increase; ``which`` names the players who get 1 coin afterwards."""

    model_config = _MODEL
    which: Literal["most_swords", "fewest_points"]
    count: Count
    source: Source


class Expedition(BaseModel):
    """An expedition: the symbols it needs (one person each) and what fulfilling it gives."""

    model_config = _MODEL
    needs: Annotated[tuple[Symbol, ...], Field(min_length=1, max_length=4, strict=False)]  # YAML gives a list
    points: Annotated[int, Field(ge=1, le=9)]
    coins: Annotated[int, Field(ge=0, le=5)]
    count: Count
    source: Source


Spec = Ship | Person | Tax | Expedition
_KINDS: dict[str, CardKind] = {"ships": "ship", "persons": "person", "taxes": "tax", "expeditions": "expedition"}


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: its stable id, its kind and the entry that describes it."""

    id: int
    kind: CardKind
    spec: Spec


class DeckFile(BaseModel):
    """The deck file's four sections: kinds of card, each with its count."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    ships: tuple[Ship, ...]
    persons: tuple[Person, ...]
    taxes: tuple[Tax, ...]
    expeditions: tuple[Expedition, ...]


@dataclass(frozen=True)
class Deck:
    """The validated deck: the file's entries and the 120 physical cards they make."""

    entries: DeckFile
    cards: tuple[Card, ...]
    """Every card once, ids 0..119 in file order (ships, persons, taxes, expeditions)."""

    @classmethod
    def from_entries(cls, entries: DeckFile) -> Deck:
        out: list[Card] = []
        for section, kind in _KINDS.items():
            for entry in getattr(entries, section):
                first = len(out)
                out.extend(Card(first + i, kind, entry) for i in range(entry.count))
        return cls(entries, tuple(out))

    def of_kind(self, kind: CardKind) -> tuple[Card, ...]:
        """The cards of one kind, in id order."""
        return tuple(card for card in self.cards if card.kind == kind)

    @cached_property
    def ships(self) -> tuple[Card, ...]:
        return self.of_kind("ship")

    @cached_property
    def persons(self) -> tuple[Card, ...]:
        return self.of_kind("person")

    @cached_property
    def taxes(self) -> tuple[Card, ...]:
        return self.of_kind("tax")

    @cached_property
    def expeditions(self) -> tuple[Card, ...]:
        return self.of_kind("expedition")


def _entry_label(section: str, index: int, row: object) -> str:
    """``"persons entry 3 (trader)"``: the section, the 1-based position and a name if there is one."""
    name = ""
    if isinstance(row, dict):
        name = str(row.get("colour") or row.get("kind") or row.get("which") or "")
        if section == "persons" and row.get("kind") == "trader" and row.get("colour"):
            name = f"{row['colour']} trader"
    return f"{section} entry {index + 1}" + (f" ({name})" if name else "")


def _plain(err: dict[str, object]) -> str:
    kind = err["type"]
    if kind == "missing":
        return "is missing"
    if kind == "extra_forbidden":
        return "is not a field this kind of entry has"
    return f"has a bad value {err.get('input')!r}: {err['msg']}"


def _check_make_up(deck: DeckFile, source: str) -> None:
    """Ten ships per colour, the person counts of the base game, then the section sizes."""
    by_colour = Counter[str]()
    for ship in deck.ships:
        by_colour[ship.colour] += ship.count
    for colour in SHIP_COLOURS:
        if by_colour[colour] != SHIPS_PER_COLOUR:
            raise DeckError(
                f"{source}: ships: field 'count' of the {colour} ships adds up to {by_colour[colour]},"
                f" the base game has {SHIPS_PER_COLOUR} of each colour"
            )
    by_kind = Counter[str]()
    for person in deck.persons:
        by_kind[person.kind] += person.count
    for kind, want in PERSON_COUNTS.items():
        if by_kind[kind] != want:
            raise DeckError(
                f"{source}: persons: field 'count' of the {kind} entries adds up to {by_kind[kind]},"
                f" the base game has {want}"
            )
    for section, size in SECTION_SIZES.items():
        total = sum(entry.count for entry in getattr(deck, section))
        if total != size:
            raise DeckError(f"{source}: {section}: the counts add up to {total} cards, the base game has {size}")

def deck_from_data(data: object, source: str = "deck") -> Deck:
    """Validate raw data (as read from YAML); every problem names the entry and the field."""
    if not isinstance(data, dict):
        raise DeckError(f"{source}: expected a mapping with the sections {', '.join(_KINDS)}")
    for key in data:
        if key not in _KINDS:
            raise DeckError(f"{source}: unknown section {key!r}; the sections are {', '.join(_KINDS)}")
    for section in _KINDS:
        if not isinstance(data.get(section), list):
            raise DeckError(f"{source}: section {section!r} is missing or is not a list of entries")
    model = {"ships": Ship, "persons": Person, "taxes": Tax, "expeditions": Expedition}
    entries: dict[str, list[Spec]] = {}
    for section, rows in data.items():
        entries[section] = []
        for index, row in enumerate(rows):
            label = _entry_label(section, index, row)
            if not isinstance(row, dict):
                raise DeckError(f"{source}: {label}: expected a mapping of fields, found {row!r}")
            try:
                entries[section].append(model[section].model_validate(row))
            except ValidationError as exc:
                err = exc.errors()[0]
                loc = [str(p) for p in err["loc"] if not str(p).startswith(("function-", "literal["))]
                if loc and loc[0] in ("int", "constrained-int") or (loc and loc[0].startswith("tuple")):
                    loc = loc[1:]
                if not loc:  # a check across fields: its message starts with the field's name
                    field, _, why = str(err["msg"]).removeprefix("Value error, ").partition(": ")
                    raise DeckError(f"{source}: {label}: field {field!r}: {why}") from None
                raise DeckError(f"{source}: {label}: field {loc[0]!r} {_plain(err)}") from None
    deck = DeckFile.model_validate(entries)
    _check_make_up(deck, source)
    return Deck.from_entries(deck)


def load_deck(path: Path | str | None = None) -> Deck:
    """Read and validate a deck file (the base game's by default); raises :class:`DeckError`."""
    path = DATA_FILE if path is None else Path(path)
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    except OSError as exc:
        raise DeckError(f"{path.name}: cannot be read: {exc.strerror}") from None
    except yaml.YAMLError as exc:
        raise DeckError(f"{path.name}: not valid YAML: {exc}") from None
    return deck_from_data(data, path.name)


def _swords(value: int | str) -> str:
    return "never" if value == "never" else str(value)


def deck_markdown(deck: Deck) -> str:
    """The deck as Markdown tables (docs/portroyal.md embeds this text; a test keeps them equal)."""
    entries = deck.entries
    lines = ["| ship colour | count | swords to repel | coins when traded | source |", "| --- | --- | --- | --- | --- |"]
    lines += [f"| {s.colour} | {s.count} | {_swords(s.swords)} | {s.coins} | {s.source} |" for s in entries.ships]
    lines += [
        "", "| person | count | cost | points | effect | detail | source |", "| --- | --- | --- | --- | --- | --- | --- |"
    ]
    for p in entries.persons:
        detail = (
            f"colour {p.colour}" if p.colour else f"{p.swords} sword" + "s" * (p.swords > 1) if p.swords
            else f"symbol {p.symbol}" if p.symbol else "any one symbol" if p.any_symbol else ""
        )
        lines.append(f"| {p.kind} | {p.count} | {p.cost} | {p.points} | {p.effect} | {detail} | {p.source} |")
    lines += ["", "| tax increase: coin to | count | source |", "| --- | --- | --- |"]
    lines += [f"| {t.which} | {t.count} | {t.source} |" for t in entries.taxes]
    lines += ["", "| expedition needs | count | points | coins | source |", "| --- | --- | --- | --- | --- |"]
    lines += [
        f"| {' + '.join(e.needs)} | {e.count} | {e.points} | {e.coins} | {e.source} |" for e in entries.expeditions
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(deck_markdown(load_deck()), end="")
