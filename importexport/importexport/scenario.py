"""Build any position from a short description (a dict or YAML text).

Chapters and tests set up the rulebook's examples with it.  The format is documented in
``docs/scenarios.md``; in short::

    players: 3
    active: 0
    harbours: [yellow, blue, green]
    seats:
      - credits: 12
        hand: [ALMONDS, WHEAT]
        goods: [RICE]
        ships:
          - contracts: [HAWAIIAN SALT]
            containers: [COFFEE]
          - at_sea: true
            containers: [SOAP, PENS]
    island: [CUPS]
    deck: [ONIONS]          # top first; the other unused cards are shuffled in below
    turn:                   # optional: start in the middle of a turn
      led: import
      declared: [2, 1, 3]   # per seat, -1 for none

Every card may appear once; a card is named (any letter case) or given by id; a container may
say the colour it counts as with ``NAME@colour``.  With the container-token variants (modules
"tokens1", "tokens2"), containers are tokens, written ``token:<colour>``; with "tokens2" so are
crew and goods (a crew token may name the action it keeps: ``token:<colour>:<action>``).

Loading checks in three steps, each refusing with a :class:`ScenarioError` that names the place:
the size of the text and of what it holds (``bounds``), the shape and types
(:class:`ScenarioSpec`, strict: ``true`` is no number, ``1.0`` no whole number), then what
depends on the table (card names, cards used twice, tokens and their modules).
"""

from __future__ import annotations

from typing import Annotated, Any, Final

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    PlainValidator,
    StrictBool,
    StrictInt,
    ValidationError,
    field_validator,
    model_validator,
)

from ..bounds import MAX_CREDITS, MAX_DECLARED, MAX_SEED, MAX_TEXT
from ..errors import ScenarioError
from ..file_words import phrase
from ..rng import Rng
from ..scenario_text import check_size as _check_size
from ..scenario_text import read_yaml as _read_yaml
from ..scenario_text import refusal, savable, scenario_error
from ..scenario_text import shown as _shown
from .cards import CARDS, CardError
from .constants import ACTIONS, BASE_COLOURS, COLOURS, MAX_PLAYERS, MIN_PLAYERS, START_CREDITS, TOKEN_PREFIX
from .engine import Game
from .i18n import LANGS
from .savefile import dump, load, named
from .setup import MODULES, check_modules, deck_sets
from .state import Player, Ship, State

# --- the shape: one strict model ---------------------------------------------------------------


def _listed(value: object) -> object:
    """A tuple (from Python) stands for a list; anything else is left for the list check."""
    return list(value) if isinstance(value, tuple) else value


def _between(lo: int, hi: int) -> AfterValidator:
    """Whole numbers from ``lo`` to ``hi``."""

    def check(value: int) -> int:
        if not lo <= value <= hi:
            raise refusal("between", lo=lo, hi=hi, found=_shown(value))
        return value

    return AfterValidator(check)


def _one_of(names: tuple[str, ...]) -> PlainValidator:
    """A text out of ``names``."""

    def check(value: object) -> str:
        if not isinstance(value, str) or value not in names:
            raise refusal("one_of", values=", ".join(names), found=_shown(value))
        return value

    return PlainValidator(check)


def _count(lo: int, hi: int) -> AfterValidator:
    """Lists of ``lo`` to ``hi`` entries."""

    def check(value: list[Any]) -> list[Any]:
        if lo == hi != len(value):
            raise refusal("exact_items", n=lo, m=len(value))
        if not lo <= len(value) <= hi:
            raise refusal("max_items", n=hi, m=len(value)) if lo == 0 else refusal("span_items", lo=lo, hi=hi, m=len(value))
        return value

    return AfterValidator(check)


def _card_ref(value: object) -> int | str:
    """A card: its id (a whole number) or a short text (a name, ``NAME@colour``, ``NAME/2``, a token)."""
    if isinstance(value, str) and len(value) <= MAX_TEXT or type(value) is int:
        return value
    raise refusal("card_ref", found=_shown(value))


CardRef = Annotated[int | str, PlainValidator(_card_ref)]
Cards = Annotated[list[CardRef], BeforeValidator(_listed)]
Credits = Annotated[StrictInt, _between(0, MAX_CREDITS)]
Colour = Annotated[str, _one_of(COLOURS)]
Module = Annotated[str, _one_of(tuple(MODULES))]
Declared = Annotated[StrictInt, _between(-1, MAX_DECLARED)]
Marker = Annotated[StrictInt, _between(-2, 2)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ShipSpec(_Strict):
    """One ship: in harbour or at sea, its contracts and its containers."""

    at_sea: StrictBool = False
    contracts: Cards = []
    containers: Cards = []


class SeatSpec(_Strict):
    """One seat's credits, cards and (at most two) ships; every key may be left out."""

    credits: Credits = START_CREDITS
    hand: Cards = []
    crew: Cards = []
    goods: Cards = []
    fulfilled: Cards = []
    ships: Annotated[list[ShipSpec], BeforeValidator(_listed), _count(0, 2)] = []


class TurnSpec(_Strict):
    """The middle of a turn: the action led and the count each seat declared (-1 for none)."""

    led: Annotated[str, _one_of(ACTIONS)]
    declared: Annotated[list[Declared], BeforeValidator(_listed), _count(MIN_PLAYERS, MAX_PLAYERS)]


class ScenarioSpec(_Strict):
    """The whole scenario.  Whether a key was given at all is in ``model_fields_set``."""

    players: Annotated[StrictInt, _between(MIN_PLAYERS, MAX_PLAYERS)] = 4
    abilities: StrictBool = False
    seed: Annotated[StrictInt, _between(0, MAX_SEED)] = 0
    active: Annotated[StrictInt, _between(0, MAX_PLAYERS - 1)] = 0
    harbours: Annotated[list[Colour], BeforeValidator(_listed)] = []
    seats: Annotated[list[SeatSpec], BeforeValidator(_listed), _count(0, MAX_PLAYERS)] = []
    island: Cards = []
    deck: Cards = []
    discard: Cards = []
    fill_deck: StrictBool = True
    turn: TurnSpec | None = None
    lang: Annotated[str, _one_of(LANGS)] = "en"
    modules: Annotated[list[Module], BeforeValidator(_listed)] = []
    market: Annotated[list[Marker], BeforeValidator(_listed), _count(5, 5)] = [0] * 5
    deal: StrictBool = False

    @field_validator("turn", mode="before")
    @classmethod
    def _turn_given(cls, value: object) -> object:
        if value is None:
            raise refusal("turn_null")
        return value

    @model_validator(mode="after")
    def _dealt_alone(self) -> ScenarioSpec:
        extra = self.model_fields_set - DEAL_KEYS
        if self.deal and extra:
            raise refusal("dealt_alone", keys=", ".join(sorted(extra)))
        return self


TOP_KEYS: Final = frozenset(ScenarioSpec.model_fields)
SEAT_KEYS: Final = frozenset(SeatSpec.model_fields)
SHIP_KEYS: Final = frozenset(ShipSpec.model_fields)
DEAL_KEYS: Final = frozenset({"deal", "players", "seed", "abilities", "modules", "lang"})

# Where an unknown key may stand (indices as "#"), and what that place is called.
_HOLDERS: Final[dict[tuple[str, ...], tuple[str, type[BaseModel]]]] = {
    (): ("l_scenario", ScenarioSpec),
    ("seats", "#"): ("l_seat", SeatSpec),
    ("seats", "#", "ships", "#"): ("l_ship", ShipSpec),
    ("turn",): ("l_turn", TurnSpec),
}
_ADVICE: Final = {("seats", "#", "harbour"): "harbour_advice"}


def read_spec(spec: object) -> ScenarioSpec:
    """The validated shape of a scenario (YAML text or a dict); :class:`ScenarioError` if it has none."""
    if isinstance(spec, str):
        spec = _read_yaml(spec)
    if not isinstance(spec, dict):
        raise ScenarioError("sc_not_mapping", found=_shown(spec))
    _check_size(spec)
    try:
        return ScenarioSpec.model_validate(spec)
    except ValidationError as exc:
        raise scenario_error(exc, ScenarioSpec, _HOLDERS, _ADVICE) from None


def load_scenario(spec: dict[str, Any] | str, lang: str | None = None) -> Game:
    """A game at the position ``spec`` describes (a dict, or YAML text); ``lang`` overrides its ``lang``."""
    if lang is not None and lang not in LANGS:
        raise ScenarioError("sc_lang", values=", ".join(LANGS), found=_shown(lang))
    model = read_spec(spec)
    lang = model.lang if lang is None else lang
    if model.deal:  # the table exactly as a new game deals it (the model checked every setting)
        return Game(players=model.players, seed=model.seed, abilities=model.abilities, modules=model.modules, lang=lang)
    return savable(_Builder(model).build(lang), dump, load)


# --- the table: what depends on the cards and modules --------------------------------------------


class _Builder:
    """Builds the table of a validated scenario; refuses what the model cannot see."""

    def __init__(self, spec: ScenarioSpec) -> None:
        self.spec = spec
        self.used: dict[int, str] = {}
        self.modules: list[str] = []
        self.tokens: set[int] = set()

    def token(self, ref: str, where: str, area: str) -> int:
        """A container token ``token:<colour>`` (crew: ``token:<colour>:<action>``) of a free id."""
        need = "tokens1" if area == "containers" else "tokens2"
        if need not in self.modules:
            raise ScenarioError("token_module", where=where, ref=_shown(ref), area=phrase("area_" + area), module=need)
        parts = ref[len(TOKEN_PREFIX):].lower().split(":")
        colour, action = parts[0], parts[1] if len(parts) > 1 else None
        if colour not in COLOURS[:5] or len(parts) > 2:
            raise ScenarioError("token_write", where=where, ref=_shown(ref))
        if action is not None and (area != "crew" or action not in ACTIONS):
            if area == "crew":
                raise ScenarioError("token_action", where=where, ref=_shown(ref), actions=", ".join(ACTIONS))
            raise ScenarioError("token_no_action", where=where, ref=_shown(ref), area=phrase("area_" + area))
        kind = CARDS.token_copies(COLOURS.index(colour), ACTIONS.index(action) if action else -1)
        token = next((t for t in kind if t not in self.tokens), None)
        if token is None:
            raise ScenarioError("token_spent", where=where, ref=_shown(ref), n=len(kind))
        self.tokens.add(token)
        return token

    def items(self, refs: list[int | str], where: str, area: str) -> list[int]:
        """Crew or goods: cards, or with "tokens2" tokens (and only tokens)."""
        out = []
        for i, ref in enumerate(refs):
            if _is_token(ref):
                out.append(self.token(ref, f"{where}.{i}", area))
            elif "tokens2" in self.modules:
                raise ScenarioError("tokens2_items", where=f"{where}.{i}", area=phrase("area_" + area))
            else:
                out.append(self.card(ref, f"{where}.{i}"))
        return out

    def card(self, ref: int | str, where: str) -> int:
        """The id of a card named or numbered ``ref``, which must not be used anywhere else."""
        if isinstance(ref, int):
            if not 0 <= ref < len(CARDS):
                raise ScenarioError("no_card_id", where=where, id=_shown(ref))
            card = ref
        else:
            try:
                card = CARDS.by_name(ref).id
            except CardError:
                raise ScenarioError("unknown_card", where=where, ref=_shown(ref)) from None
        if card in self.used:
            raise ScenarioError("card_used", where=where, card=named(card), other=self.used[card])
        self.used[card] = where
        return card

    def cards(self, refs: list[int | str], where: str) -> list[int]:
        return [self.card(ref, f"{where}.{i}") for i, ref in enumerate(refs)]

    def players(self) -> int:
        """The number of players: given, or one per seat described (4 if none)."""
        spec = self.spec
        n = spec.players if "players" in spec.model_fields_set else len(spec.seats) or 4
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ScenarioError("at_place", where="players", reason=phrase("between", lo=MIN_PLAYERS, hi=MAX_PLAYERS, found=n))
        if len(spec.seats) > n:
            raise ScenarioError("seats_for", m=len(spec.seats), n=n)
        return n

    def harbours(self, n: int) -> list[int]:
        """The harbour colour of each seat: given, or the usual ones."""
        harbours = self.spec.harbours or [COLOURS[c] for c in BASE_COLOURS][:n] + ["grey"] * (n == MAX_PLAYERS)
        if len(harbours) != n or len(set(harbours)) != n:
            raise ScenarioError("harbours_give", n=n, colours=", ".join(COLOURS))
        return [COLOURS.index(h) for h in harbours]

    def build(self, lang: str) -> Game:
        spec = self.spec
        n = self.players()
        harbours = self.harbours(n)
        s = State()
        s.abilities = spec.abilities
        s.modules = check_modules(spec.modules)  # (the model took known names only)
        if "market" in s.modules:
            s.market = list(spec.market)
        s.rng = spec.seed
        self.modules = s.modules
        for seat in range(n):
            desc = spec.seats[seat] if seat < len(spec.seats) else SeatSpec()
            self.seat(s, seat, harbours[seat], desc)
        s.island = self.cards(spec.island, "island")
        s.discard = self.cards(spec.discard, "discard")
        deck_top = self.cards(spec.deck, "deck")
        rest: list[int] = []
        if spec.fill_deck:
            rest = [c for c in CARDS.ids_in_sets(deck_sets(s.modules)) if c not in self.used]
            rng = Rng(spec.seed)
            rng.shuffle(rest)
            s.rng = rng.state
        s.deck = rest + list(reversed(deck_top))  # the last card is the top
        if spec.active >= n:
            raise ScenarioError("active_seat", last=n - 1, found=spec.active)
        s.active = spec.active
        s.decl, s.sold, s.acts = [-1] * n, [False] * n, [-1] * n
        self.turn(s, spec.turn)
        on_table = set(s.all_cards())
        s.box = [c for c in range(len(CARDS)) if c not in on_table]  # (one line: owned by the engine's schema work)
        return Game.from_state(s, lang=lang, seed=spec.seed, log=[(s.turn, "scenario", {"n": n, "p": s.active})])

    def seat(self, s: State, seat: int, harbour: int, desc: SeatSpec) -> None:
        where = f"seats.{seat}"
        p = Player(seat, harbour, desc.credits)
        p.hand = self.cards(desc.hand, f"{where}.hand")
        p.crew = self.items(desc.crew, f"{where}.crew", "crew")
        p.goods = self.items(desc.goods, f"{where}.goods", "goods")
        p.fulfilled = self.cards(desc.fulfilled, f"{where}.fulfilled")
        ships = list(desc.ships) + [ShipSpec()] * (2 - len(desc.ships))
        for k, ship_desc in enumerate(ships):
            ship = self.ship(2 * seat + k, seat, ship_desc, f"{where}.ships.{k}")
            s.ships.append(ship)
            p.ships.append(ship.id)
        s.players.append(p)

    def ship(self, sid: int, owner: int, desc: ShipSpec, where: str) -> Ship:
        ship = Ship(sid, owner, desc.at_sea)
        if desc.at_sea and desc.contracts:
            raise ScenarioError("sea_contracts", where=where)
        for i, ref in enumerate(desc.contracts):
            side = 0
            if isinstance(ref, str) and ref.endswith(("/1", "/2")):
                ref, side = ref[:-2], int(ref[-1]) - 1
            ship.contracts.append(self.card(ref, f"{where}.contracts.{i}"))
            ship.sides.append(side)
        for i, ref in enumerate(desc.containers):
            card, colour = self.container(ref, f"{where}.containers.{i}")
            ship.containers.append(card)
            ship.colours.append(colour)
            ship.fills.append(-1)  # (the game settles which contract each fills: ``rules.settle_harbours``)
        return ship

    def container(self, ref: int | str, where: str) -> tuple[int, int]:
        """A container (a card, ``NAME@colour``, or a token) and the colour it counts as."""
        if _is_token(ref):
            token = self.token(ref, where, "containers")
            return token, CARDS.goods[token]
        if "tokens1" in self.modules:
            raise ScenarioError("tokens1_containers", where=where)
        colour = None
        if isinstance(ref, str) and "@" in ref:
            ref, colour_name = ref.split("@", 1)
            if colour_name not in COLOURS:
                raise ScenarioError("unknown_colour", where=where, colour=_shown(colour_name))
            colour = COLOURS.index(colour_name)
        card = self.card(ref, where)
        return card, CARDS.goods[card] if colour is None else colour

    def turn(self, s: State, turn: TurnSpec | None) -> None:
        if turn is None:
            s.stack = [{"kind": "lead", "seat": s.active}]
            return
        if len(turn.declared) != s.n:
            raise ScenarioError("declared_count", n=s.n, m=len(turn.declared))
        s.led = ACTIONS.index(turn.led)
        s.decl = list(turn.declared)
        s.stack = [{"kind": "end_turn"}, {"kind": "execute"}]


def _is_token(ref: int | str) -> bool:
    return isinstance(ref, str) and ref.lower().startswith(TOKEN_PREFIX)

