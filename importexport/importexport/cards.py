"""The card list: every goods card of the game, loaded and validated from ``data/cards.yaml``.

Each card is a goods type (its colour), an action symbol, a level requirement, a cargo
requirement and an ability.  The rulebook prints only the abilities; the other figures are the
project's own assignment unless a card's ``rulebook`` field names them (see ``docs/cards.md``).

>>> CARDS.by_name("HAWAIIAN SALT").goods
'yellow'
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from ..scenario_text import SAFE_LOADER
from .constants import ACTIONS, ANY_GOODS, COLOURS, RAINBOW, RAINBOW_SLOT

DATA_FILE = Path(__file__).parent / "data" / "cards.yaml"

SetName = Literal["base", "capital", "tokyo", "kickstarter", "kickstarter2", "j", "flag", "promo"]
SET_SIZES: dict[str, int] = {
    "base": 100, "capital": 15, "tokyo": 10, "kickstarter": 15,
    "kickstarter2": 10, "j": 10, "flag": 10, "promo": 10,
}
Colour = Literal["green", "yellow", "black", "blue", "red", "grey"]
Timing = Literal["instant", "anytime", "permanent"]
Figure = Literal["goods", "action", "level", "cargo", "set"]


class CardError(ValueError):
    """The card list is broken: the message names the card and the field at fault."""


class CardText(BaseModel):
    """An ability in both languages, in the project's own words."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    en: str
    de: str


class Card(BaseModel):
    """One goods card as the data file describes it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: int
    name: str
    set: SetName
    goods: Colour
    action: Literal["supply", "import", "contract", "load", "pirate", "trade"]
    level: dict[str, int]
    cargo: dict[str, int]
    cargo_alt: dict[str, int] | None = None
    timing: Timing
    text: CardText
    rulebook: list[Figure] = []

    @field_validator("level")
    @classmethod
    def _level_keys(cls, value: dict[str, int]) -> dict[str, int]:
        for key, count in value.items():
            if key not in COLOURS and key != ANY_GOODS:
                raise ValueError(f"unknown colour {key!r} in the level requirement")
            if not 0 < count <= 9:
                raise ValueError(f"level count {count} for {key!r} must be 1 to 9")
        return value

    @field_validator("cargo", "cargo_alt")
    @classmethod
    def _cargo_keys(cls, value: dict[str, int] | None) -> dict[str, int] | None:
        if value is None:
            return value
        for key, count in value.items():
            if key not in COLOURS[:5] and key != RAINBOW:
                raise ValueError(f"unknown container colour {key!r} in the cargo requirement")
            if not 0 < count <= 6:
                raise ValueError(f"cargo count {count} for {key!r} must be 1 to 6")
        if not value:
            raise ValueError("a cargo requirement needs at least one container")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        if (self.set == "j") != (self.cargo_alt is not None):
            raise ValueError("exactly the J cards have a second orientation (cargo_alt)")
        if self.set == "j" and self.level:
            raise ValueError("J cards have no level requirement")
        if (self.goods == "grey") != (self.set == "capital"):
            raise ValueError("exactly the Capital cards are grey")
        return self

    @property
    def colour(self) -> int:
        return COLOURS.index(self.goods)

    @property
    def action_id(self) -> int:
        return ACTIONS.index(self.action)

    def slots(self, side: int = 0) -> tuple[int, ...]:
        """The cargo requirement as one colour number per container (rainbow as 6)."""
        cargo = self.cargo if side == 0 or self.cargo_alt is None else self.cargo_alt
        out: list[int] = []
        for key, count in cargo.items():
            out.extend([RAINBOW_SLOT if key == RAINBOW else COLOURS.index(key)] * count)
        return tuple(out)


# Container tokens (modules "tokens1"/"tokens2", see ``importexport.importexport.tokens``) are no cards, but they
# get ids after the cards' so that the lookup tables below serve them too.  A kind of token is a
# goods colour (green..red) and an action (-1: none; a crew token keeps its card's action); each
# kind has TOKEN_COPIES ids, so that every token on the table is a distinct id.
TOKEN_COLOURS = 5
TOKEN_ACTIONS = 7  # -1 (none) and the six actions
TOKEN_COPIES = 128


class CardList:
    """All cards, by id (0-based, dense) and by name, with flat lookup tables for the engine.

    The tables (``goods``, ``action``, ``slots``, ``slots_alt``, ``cargo_size``, ``j_colours``, ``column``,
    ``names``) go on past the cards with the container tokens' ids, from ``token_base`` on;
    ``len()``, ``cards`` and indexing stay the cards'.
    """

    def __init__(self, cards: list[Card]) -> None:
        self.cards = cards
        self._by_name = {c.name.upper(): c for c in cards}
        self.token_base = len(cards)
        kinds = [(colour, action) for colour in range(TOKEN_COLOURS) for action in range(-1, TOKEN_ACTIONS - 1)]
        self.token_kinds = tuple(kind for kind in kinds for _ in range(TOKEN_COPIES))
        self.table_size = self.token_base + len(self.token_kinds)
        tokens = len(self.token_kinds)
        self.goods = tuple(c.colour for c in cards) + tuple(colour for colour, _ in self.token_kinds)
        self.action = tuple(c.action_id for c in cards) + tuple(action for _, action in self.token_kinds)
        self.slots = tuple(c.slots(0) for c in cards) + ((),) * tokens
        self.slots_alt = tuple(c.slots(1) for c in cards) + ((),) * tokens  # the other side (J cards; else the same)
        self.cargo_size = tuple(len(s) for s in self.slots)
        # J cards: the two container colours a card may be loaded as (empty for other cards).
        self.j_colours = tuple(
            tuple(sorted({COLOURS.index(k) for k in (c.cargo | c.cargo_alt) if k != RAINBOW})) if c.cargo_alt else ()
            for c in cards
        ) + ((),) * tokens
        self.column = tuple(min(3, sum(c.level.values())) for c in cards) + (0,) * tokens  # Tokyo harbour column

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, card_id: int) -> Card:
        return self.cards[card_id]

    def by_name(self, name: str) -> Card:
        """The card called ``name`` (any letter case); a clear error if there is none."""
        try:
            return self._by_name[name.strip().upper()]
        except KeyError:
            raise CardError(f"unknown card {name!r}: no card of that name is in the card list") from None

    def ids_in_sets(self, sets: tuple[str, ...] | list[str]) -> list[int]:
        return [c.id for c in self.cards if c.set in sets]

    @cached_property
    def names(self) -> tuple[str, ...]:
        """Card names, then the tokens' (English; ``i18n.card_name`` words them in either language)."""
        tokens = tuple(
            f"{COLOURS[colour]} token" + (f" ({ACTIONS[action].capitalize()})" if action >= 0 else "")
            for colour, action in self.token_kinds
        )
        return tuple(c.name for c in self.cards) + tokens

    def token(self, colour: int, action: int = -1, copy: int = 0) -> int:
        """The id of copy ``copy`` of the token of ``colour`` (0-4) and ``action`` (-1: none)."""
        kind = colour * TOKEN_ACTIONS + action + 1
        return self.token_base + kind * TOKEN_COPIES + copy

    def token_copies(self, colour: int, action: int = -1) -> range:
        """Every id of the token of ``colour`` and ``action``."""
        first = self.token(colour, action)
        return range(first, first + TOKEN_COPIES)

    @classmethod
    def from_rows(cls, rows: object, source: str = "card list") -> CardList:
        """Validate raw rows (as read from YAML); every problem names the card and the field."""
        if not isinstance(rows, list):
            raise CardError(f"{source}: expected a list of cards at the top level")
        cards: list[Card] = []
        seen: dict[str, int] = {}
        for index, row in enumerate(rows):
            label = row.get("name", f"row {index + 1}") if isinstance(row, dict) else f"row {index + 1}"
            try:
                card = Card.model_validate(row)
            except ValidationError as exc:
                err = exc.errors()[0]
                field = ".".join(str(p) for p in err["loc"]) or "(card)"
                raise CardError(f"{source}: card {label!r}: field {field!r}: {err['msg']}") from None
            if card.id != index:
                raise CardError(f"{source}: card {label!r}: field 'id': expected {index}, found {card.id}")
            if card.name.upper() in seen:
                raise CardError(f"{source}: card {label!r}: field 'name': the name is used twice")
            seen[card.name.upper()] = index
            cards.append(card)
        return cls(cards)

    @classmethod
    def load(cls, path: Path = DATA_FILE) -> CardList:
        try:
            rows = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
        except yaml.YAMLError as exc:
            raise CardError(f"{path.name}: not valid YAML: {exc}") from None
        return cls.from_rows(rows, path.name)


CARDS = CardList.load()
