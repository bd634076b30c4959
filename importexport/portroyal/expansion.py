"""The contracts expansion's figures ("Ein Auftrag geht noch"), loaded and validated from ``data/expansion.yaml``.

New persons (Clerk, Gunner, Vice-admiral), ships marked A, the contract cards with their seals and
five boxes, the team rank table and the printed figures of competitive, cooperative and solo play.
Figures the expansion text does not print are the project's own (``source: project``); see
``docs/portroyal-figures.md``.

>>> EXP = load_expansion()
>>> EXP.contract("six_swords").condition.swords
6
>>> EXP.rules.competitive.contracts[5]
5
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from ..errors import ImportExportError
from ..scenario_text import SAFE_LOADER

DATA_FILE = Path(__file__).parent / "data" / "expansion.yaml"

Colour = Literal["yellow", "blue", "green", "red", "black"]
Source = Literal["expansion", "project"]
Mode = Literal["competitive", "cooperative", "solo"]
NewPersonKind = Literal["clerk", "gunner", "vice_admiral"]
PersonKind = Literal[
    "trader", "settler", "captain", "priest", "jack_of_all_trades", "sailor", "pirate",
    "mademoiselle", "jester", "admiral", "governor", "clerk", "gunner", "vice_admiral",
]
COLOURED_KINDS = frozenset({"trader", "clerk"})
"""Persons that carry a ship colour, which a contract must then name."""
EFFECT_OF: dict[str, str] = {"clerk": "extra_card", "gunner": "coin_per_repel", "vice_admiral": "coin_at_three_or_four"}
MIN_COST, MAX_COST = 3, 9
MAX_POINTS = 3
"""Person costs and points stay inside the base game's range (Governor: 0 points)."""


class ExpansionError(ImportExportError, ValueError):
    """Expansion data that cannot be used; names the file, the entry and the field."""

    def __init__(self, file: str, entry: str, field: str, problem: str) -> None:
        super().__init__(f"{file}: {entry}: field {field!r}: {problem}")
        self.file, self.entry, self.field, self.problem = file, entry, field, problem


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Names(_Frozen):
    """A name in English and German."""

    en: str = Field(min_length=1)
    de: str = Field(min_length=1)


class PlayerRange(_Frozen):
    """Player counts a mode allows and the contracts laid out for each."""

    min_players: int = Field(ge=1, le=5)
    max_players: int = Field(ge=1, le=5)
    contracts: dict[int, int]

    @field_validator("contracts")
    @classmethod
    def _every_count(cls, contracts: dict[int, int], info: ValidationInfo) -> dict[int, int]:
        wanted = set(range(info.data.get("min_players", 0), info.data.get("max_players", -1) + 1))
        if set(contracts) != wanted:
            raise ValueError(f"give a number for exactly the player counts {sorted(wanted)}")
        return contracts


class CompetitiveRules(PlayerRange):
    points_by_contract: tuple[int, ...]
    goal_points: int = Field(ge=1)
    seals_matter: bool


class TeamRules(PlayerRange):
    coins_shared: bool


class Rules(_Frozen):
    """The figures the expansion text prints."""

    cubes_per_player: int = Field(ge=1)
    boxes_per_contract: int = Field(ge=1)
    regular_contracts: int = Field(ge=0)
    special_contracts: int = Field(ge=0)
    seal_groups: int = Field(ge=1)
    clerk_extra_cards: int = Field(ge=1)
    gunner_coins_per_repel: int = Field(ge=1)
    vice_admiral_coins: int = Field(ge=1)
    vice_admiral_cards: tuple[int, ...]
    a_ship_coins_to_others: int = Field(ge=0)
    a_ship_coins_to_others_solo: int = Field(ge=0)
    competitive: CompetitiveRules
    cooperative: TeamRules
    solo: TeamRules

    def mode(self, mode: Mode) -> PlayerRange:
        return {"competitive": self.competitive, "cooperative": self.cooperative, "solo": self.solo}[mode]


def _colour_fits(colour: str | None, info: ValidationInfo) -> str | None:
    """Traders and Clerks carry a colour; no other person does."""
    kind = info.data.get("kind")
    if kind is not None and (colour is None) == (kind in COLOURED_KINDS):
        raise ValueError(f"a {kind} {'needs a' if kind in COLOURED_KINDS else 'has no'} colour")
    return colour


class Person(_Frozen):
    """A new person: ``count`` copies at one cost and points."""

    kind: NewPersonKind
    colour: Colour | None = Field(default=None, validate_default=True)
    cost: int = Field(ge=MIN_COST, le=MAX_COST)
    points: int = Field(ge=0, le=MAX_POINTS)
    count: int = Field(ge=1)
    effect: Literal["extra_card", "coin_per_repel", "coin_at_three_or_four"]
    source: Source

    @field_validator("colour")
    @classmethod
    def _colour(cls, colour: str | None, info: ValidationInfo) -> str | None:
        return _colour_fits(colour, info)

    @field_validator("effect")
    @classmethod
    def _effect(cls, effect: str, info: ValidationInfo) -> str:
        kind = info.data.get("kind")
        if kind in EFFECT_OF and effect != EFFECT_OF[kind]:
            raise ValueError(f"a {kind} has the effect {EFFECT_OF[kind]!r}, not {effect!r}")
        return effect


class AShip(_Frozen):
    """A ship marked A: its trader gets ``coins``, every other player 1 (none in solo)."""

    colour: Colour
    swords: int = Field(ge=1, le=9)
    coins: int = Field(ge=1, le=4)
    count: int = Field(ge=1)
    source: Source


class PersonNeed(_Frozen):
    """One pictured person a contract asks for (Traders and Clerks with their colour)."""

    kind: PersonKind
    colour: Colour | None = Field(default=None, validate_default=True)

    @field_validator("colour")
    @classmethod
    def _colour(cls, colour: str | None, info: ValidationInfo) -> str | None:
        return _colour_fits(colour, info)


class Persons(_Frozen):
    """Hold exactly these persons (with these symbols) in your own display; more is fine."""

    kind: Literal["persons"]
    persons: tuple[PersonNeed, ...] = Field(min_length=1)


class PersonsWithoutPoints(_Frozen):
    """Hold ``count`` persons that give no influence points."""

    kind: Literal["persons_without_points"]
    count: int = Field(ge=1)


class TaxPaid(_Frozen):
    """Event: a tax increase makes you give up coins (active or not)."""

    kind: Literal["tax_paid"]


class RepelShip(_Frozen):
    """Event: as active player, repel a ship of this colour."""

    kind: Literal["repel_ship"]
    colour: Colour


class Bust(_Frozen):
    """Event: as active player, your turn busts on a second ship of a colour."""

    kind: Literal["bust"]


class StopWithCards(_Frozen):
    """Event: you stop discovering of your own will with at least ``cards`` cards in the harbour."""

    kind: Literal["stop_with_cards"]
    cards: int = Field(ge=1, le=11)


class Swords(_Frozen):
    """Your Sailors and Pirates have at least ``swords`` swords together."""

    kind: Literal["swords"]
    swords: int = Field(ge=1)


class Expedition(_Frozen):
    """You have fulfilled at least ``count`` expeditions and have them in your display."""

    kind: Literal["expedition"]
    count: int = Field(ge=1)


class TeamPersons(_Frozen):
    """The team holds these persons between them, whoever has which."""

    kind: Literal["team_persons"]
    persons: tuple[PersonNeed, ...] = Field(min_length=1)


class PayCoins(_Frozen):
    """As active player, pay ``coins`` to the bank instead of taking a card; teammates may chip in."""

    kind: Literal["pay_coins"]
    coins: int = Field(ge=1)


Condition = Annotated[
    Persons | PersonsWithoutPoints | TaxPaid | RepelShip | Bust | StopWithCards | Swords | Expedition
    | TeamPersons | PayCoins,
    Field(discriminator="kind"),
]
CONDITION_KINDS: tuple[str, ...] = (
    "persons", "persons_without_points", "tax_paid", "repel_ship", "bust", "stop_with_cards",
    "swords", "expedition", "team_persons", "pay_coins",
)
TEAM_KINDS = frozenset({"team_persons", "pay_coins"})
"""Conditions that speak of the team: only on the special (cooperative and solo) contracts."""


class Seal(_Frozen):
    """The seal in a contract's corner: a group number (its share of the time pile) and a letter."""

    group: int = Field(ge=1)
    letter: str = Field(pattern=r"^[A-Z]$")

    def __str__(self) -> str:
        return f"{self.group}{self.letter}"


class Contract(_Frozen):
    """A contract card: its condition and the coins of its five boxes, left to right."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Names
    seal: Seal
    special: bool = False
    condition: Condition
    boxes: tuple[int, ...]
    source: Source

    @field_validator("boxes")
    @classmethod
    def _boxes(cls, boxes: tuple[int, ...]) -> tuple[int, ...]:
        if any(coins < 0 for coins in boxes):
            raise ValueError("a box cannot pay fewer than 0 coins")
        if any(later >= earlier for earlier, later in zip(boxes, boxes[1:])):
            raise ValueError("each box must pay more coins than the box to its right (the sooner, the more)")
        if boxes and boxes[0] < 1:
            raise ValueError("the leftmost box must pay at least 1 coin")
        return boxes

    @field_validator("condition")
    @classmethod
    def _team(cls, condition: Condition, info: ValidationInfo) -> Condition:
        if (condition.kind in TEAM_KINDS) != info.data.get("special", False):
            raise ValueError("a team condition needs `special: true`, and only a team condition may have it")
        return condition

    @property
    def modes(self) -> tuple[Mode, ...]:
        """The ways to play that use this contract: special ones are left out of competitive play."""
        return ("cooperative", "solo") if self.special else ("competitive", "cooperative", "solo")


class Rank(_Frozen):
    """A team rank, reached with points_per_player × players points and cubes_per_player × players cubes."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Names
    points_per_player: int = Field(ge=0)
    cubes_per_player: int = Field(ge=0)
    source: Source


class Expansion(_Frozen):
    """Everything the expansion adds, validated."""

    rules: Rules
    persons: tuple[Person, ...] = Field(min_length=1)
    a_ships: tuple[AShip, ...] = Field(min_length=1)
    contracts: tuple[Contract, ...] = Field(min_length=1)
    ranks: tuple[Rank, ...] = Field(min_length=1)

    def contract(self, contract_id: str) -> Contract:
        """The contract called ``contract_id``; KeyError if there is none."""
        for contract in self.contracts:
            if contract.id == contract_id:
                return contract
        raise KeyError(contract_id)

    def pool(self, mode: Mode) -> tuple[Contract, ...]:
        """The contracts ``mode`` draws from."""
        return tuple(c for c in self.contracts if mode in c.modes)

    def seal_groups_for(self, mode: Mode, players: int) -> tuple[int, ...]:
        """Seal groups to draw one contract from each (cooperative and solo): 1, 2, … up to the count.

        Beyond the number of groups the remaining contracts come from any group (``0`` here).
        """
        count = self.rules.mode(mode).contracts[players]
        groups = self.rules.seal_groups
        return tuple(range(1, min(count, groups) + 1)) + (0,) * max(0, count - groups)

    def rank(self, players: int, points: int, cubes: int) -> Rank:
        """The best rank a team of ``players`` reaches with ``points`` and ``cubes``."""
        reached = self.ranks[0]
        for rank in self.ranks:
            if points >= rank.points_per_player * players and cubes >= rank.cubes_per_player * players:
                reached = rank
        return reached


def time_pile_size(contracts: tuple[Contract, ...] | list[Contract]) -> int:
    """Cards in the time pile: the sum of the laid-out contracts' seal numbers."""
    return sum(c.seal.group for c in contracts)


def _label(data: object, loc: tuple[int | str, ...]) -> tuple[str, str]:
    """The entry (list and id) and the dotted field of a pydantic error location."""
    if len(loc) >= 2 and isinstance(loc[1], int) and isinstance(data, dict):
        rows = data.get(loc[0])
        row = rows[loc[1]] if isinstance(rows, list) and loc[1] < len(rows) else None
        what, number = str(loc[0]).rstrip("s"), loc[1] + 1
        if isinstance(row, dict) and row.get("id"):
            entry = f"{what} {row['id']!r}"
        else:  # persons and ships have no id: their kind and colour, and the row
            name = " ".join(str(row[k]) for k in ("kind", "colour") if k in row) if isinstance(row, dict) else ""
            entry = f"{what} {name!r} (row {number})" if name else f"{what} row {number}"
        rest = loc[2:]
    else:
        entry, rest = str(loc[0]) if loc else "(top level)", loc[1:]
    fields = [str(p) for i, p in enumerate(rest) if not (i and rest[i - 1] == "condition" and p in CONDITION_KINDS)]
    return entry, ".".join(fields) or "(entry)"  # the union's tag after "condition" is dropped


def _check(exp: Expansion, file: str) -> None:
    """Checks across entries: counts, seals, pools, ranks."""
    if len(exp.rules.competitive.points_by_contract) != exp.rules.cubes_per_player:
        raise ExpansionError(file, "rules", "competitive.points_by_contract", "one number per cube is needed")
    _check_contracts(exp, file)
    _check_pools(exp, file)
    _check_ranks(exp, file)


def _check_contracts(exp: Expansion, file: str) -> None:
    """Each contract's id and seal once, its seal group and boxes as the rules say; the regular and
    special contracts as many as the rules say."""
    r = exp.rules
    seen_ids: set[str] = set()
    seen_seals: set[str] = set()
    for c in exp.contracts:
        entry = f"contract {c.id!r}"
        if c.id in seen_ids:
            raise ExpansionError(file, entry, "id", "the id is used twice")
        if str(c.seal) in seen_seals:
            raise ExpansionError(file, entry, "seal", f"seal {c.seal} is used twice")
        if c.seal.group > r.seal_groups:
            raise ExpansionError(file, entry, "seal.group", f"seal groups run from 1 to {r.seal_groups}")
        if len(c.boxes) != r.boxes_per_contract:
            raise ExpansionError(file, entry, "boxes", f"a contract has {r.boxes_per_contract} boxes")
        seen_ids.add(c.id)
        seen_seals.add(str(c.seal))
    for special, wanted, what in ((False, r.regular_contracts, "regular"), (True, r.special_contracts, "special")):
        found = sum(c.special == special for c in exp.contracts)
        if found != wanted:
            raise ExpansionError(file, "contracts", "special", f"{wanted} {what} contracts expected, {found} found")


def _check_pools(exp: Expansion, file: str) -> None:
    """Each mode's pool holds the contracts each player count draws, of the seal groups it needs."""
    modes: tuple[Mode, ...] = ("competitive", "cooperative", "solo")
    for mode in modes:
        pool = exp.pool(mode)
        for players, count in exp.rules.mode(mode).contracts.items():
            if count > len(pool):
                raise ExpansionError(file, "contracts", "seal", f"{mode} with {players} needs {count}, has {len(pool)}")
            if mode == "competitive":
                continue
            for group in exp.seal_groups_for(mode, players):
                if group and not any(c.seal.group == group for c in pool):
                    raise ExpansionError(
                        file, "contracts", "seal.group", f"{mode} with {players} needs a contract of group {group}"
                    )


def _check_ranks(exp: Expansion, file: str) -> None:
    """The ranks: ids once, the lowest asking nothing, each next one asking more, none more cubes than a
    player has."""
    if len({p.id for p in exp.ranks}) != len(exp.ranks):
        raise ExpansionError(file, "ranks", "id", "an id is used twice")
    if (exp.ranks[0].points_per_player, exp.ranks[0].cubes_per_player) != (0, 0):
        raise ExpansionError(file, f"rank {exp.ranks[0].id!r}", "points_per_player", "the lowest rank needs 0 and 0")
    for lower, upper in zip(exp.ranks, exp.ranks[1:]):
        if upper.cubes_per_player > exp.rules.cubes_per_player:
            raise ExpansionError(file, f"rank {upper.id!r}", "cubes_per_player", "more than a player's cubes")
        if not (upper.points_per_player >= lower.points_per_player and upper.cubes_per_player >= lower.cubes_per_player
                and (upper.points_per_player, upper.cubes_per_player) != (lower.points_per_player, lower.cubes_per_player)):
            raise ExpansionError(file, f"rank {upper.id!r}", "points_per_player", "each rank must ask for more")


def expansion_from_data(data: object, file: str = "expansion data") -> Expansion:
    """Validate raw data (as read from YAML); every problem names the file, the entry and the field."""
    if not isinstance(data, dict):
        raise ExpansionError(file, "(top level)", "(file)", "expected a mapping with rules, persons, a_ships, …")
    try:
        exp = Expansion.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        entry, field = _label(data, tuple(err["loc"]))
        raise ExpansionError(file, entry, field, err["msg"]) from None
    _check(exp, file)
    return exp


def load_expansion(path: Path | str | None = None) -> Expansion:
    """Load and validate ``path`` (default: the package's ``data/expansion.yaml``)."""
    path = Path(path) if path is not None else DATA_FILE
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    except yaml.YAMLError as exc:
        raise ExpansionError(path.name, "(top level)", "(file)", f"not valid YAML: {exc}") from None
    except OSError as exc:
        raise ExpansionError(path.name, "(top level)", "(file)", f"cannot be read: {exc.strerror}") from None
    return expansion_from_data(data, path.name)
