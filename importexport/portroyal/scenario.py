"""Build any Port Royal position from a short description (a dict or YAML text).

Tests and chapters set up concrete positions with it; ``docs/portroyal-scenarios.md`` documents the
format.  In short::

    mode: competitive
    players: 3
    active: 0
    contracts: [four_swords, bad_luck_at_sea, colonists, explorer]
    boxes: {four_swords: [2]}         # cubes already placed, left to right, by seat
    seats:
      - coins: 5
        persons: [sailor, pirate, trader:blue]
      - coins: 3
    harbour: [ship:yellow:1:1, settler]
    deck: [ship:yellow:2:2, tax:most_swords]   # the next cards turned, top first
    phase: discover                   # or repel (with just_turned), or take (with taker, left)

A card is given by id or named ``kind[:detail...]``: ships ``ship:<colour>:<swords>:<coins>``
(swords ``never`` for a ship that cannot be driven off) or ``ship:<colour>:A``; persons by kind, with
the colour of a Trader or Clerk and, to pick one copy, the cost (``sailor:5``, ``trader:blue:5``);
``tax:most_swords`` / ``tax:fewest_points``; ``expedition:anchor+anchor+house``.  A name means the
lowest-numbered card of that description not used yet.  Coins are cards taken from those left, the
rest are shuffled (with ``seed``) under the listed ``deck`` cards; cooperative and solo play lay
out the time pile (``time_pile``: its cards, top first, or ``time_pile_size``; by default the sum of
the seals).

Every problem is one :class:`~importexport.errors.ScenarioError` naming the place.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, StrictBool, StrictInt, StrictStr, ValidationError

from ..bounds import MAX_SEED, MAX_TEXT
from ..errors import ScenarioError
from ..file_words import phrase, shown
from ..rng import Rng
from ..scenario_text import check_size, read_yaml, refusal, savable, scenario_error
from .cards import CARDS, COLOURS, NEVER
from .game import LANGS, PLAYERS, Game
from .rules import CUBES, RULES, active_allowance, other_allowance
from .savefile import colour_word, contract_problem, dump, load, seals
from .state import MODES, Player, State

Name = Annotated[StrictStr, Field(max_length=MAX_TEXT)]


def _card_ref(value: object) -> int | str:
    """A card: its id (a whole number) or its name (a short text)."""
    if type(value) is int or isinstance(value, str) and len(value) <= MAX_TEXT:
        return value
    raise refusal("card_ref", found=shown(value))


CardRef = Annotated[int | str, PlainValidator(_card_ref)]
Seat = Annotated[StrictInt, Field(ge=0, le=4)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SeatSpec(_Strict):
    """One player's holdings."""

    coins: Annotated[StrictInt, Field(ge=0, le=60)] = 3
    persons: Annotated[list[CardRef], Field(max_length=40)] = []
    expeditions: Annotated[list[CardRef], Field(max_length=6)] = []


class ScenarioSpec(_Strict):
    """The whole description; every field but ``players`` has a default."""

    mode: Literal[MODES] = "base"  # type: ignore[valid-type]
    players: Annotated[StrictInt, Field(ge=1, le=5)]
    seed: Annotated[StrictInt, Field(ge=0, le=MAX_SEED)] = 0
    lang: Literal[LANGS] = "en"  # type: ignore[valid-type]
    active: Seat = 0
    start: Seat | None = None
    turn: Annotated[StrictInt, Field(ge=1, le=10_000)] = 1
    contracts: Annotated[list[Name], Field(max_length=18)] = []
    boxes: Annotated[dict[Name, Annotated[list[Seat], Field(max_length=5)]], Field(max_length=18)] = {}
    seats: Annotated[list[SeatSpec], Field(max_length=5)] = []
    harbour: Annotated[list[CardRef], Field(max_length=40)] = []
    expeditions: Annotated[list[CardRef], Field(max_length=6)] = []
    deck: Annotated[list[CardRef], Field(max_length=137)] = []
    discard: Annotated[list[CardRef], Field(max_length=137)] = []
    time_pile: Annotated[list[CardRef], Field(max_length=137)] | None = None
    time_pile_size: Annotated[StrictInt, Field(ge=0, le=137)] | None = None
    phase: Literal["discover", "repel", "take"] = "discover"
    turned: Annotated[StrictInt, Field(ge=0, le=137)] = 0
    just_turned: CardRef | None = None
    taker: Seat | None = None
    left: Annotated[StrictInt, Field(ge=0, le=20)] | None = None
    ending: StrictBool = False


def _matches(card: int, words: list[str]) -> bool:
    """Whether ``card`` is one a name (split at its colons, ``words``) means."""
    info = CARDS[card]
    kind = words[0]
    if kind == "ship":
        return _ship_matches(info, words)
    if kind == "tax":
        return info.kind == "tax" and len(words) == 2 and info.tax == words[1]
    if kind == "expedition":
        return info.kind == "expedition" and len(words) == 2 and sorted(info.needs) == sorted(words[1].split("+"))
    return _person_matches(info, words)


def _ship_matches(info: Any, words: list[str]) -> bool:
    """``ship:<colour>:A`` or ``ship:<colour>:<swords>:<coins>`` (swords ``never``: cannot be driven off)."""
    if info.kind != "ship" or len(words) < 3 or info.colour != words[1]:
        return False
    if words[2] == "A":
        return info.a_ship and len(words) == 3
    if info.a_ship or len(words) != 4:
        return False
    swords = NEVER if words[2] == "never" else int(words[2]) if words[2].isdigit() else -1
    return info.repel == swords and words[3].isdigit() and info.coins == int(words[3])


def _person_matches(info: Any, words: list[str]) -> bool:
    """A person's kind, then perhaps a ship colour (a Trader's, a Clerk's), then perhaps its cost."""
    if info.kind != "person" or info.person != words[0]:
        return False
    rest = words[1:]
    if rest and rest[0] in COLOURS:
        if info.colour != rest[0]:
            return False
        rest = rest[1:]
    if rest:
        return len(rest) == 1 and rest[0].isdigit() and info.cost == int(rest[0])
    return True


def cards_named(ref: str, expansion: bool = True) -> list[int]:
    """Every card a scenario name means (``"trader:blue"``, ``"ship:yellow:2:2"``, ``"tax:most_swords"``),
    lowest id first; ``expansion``: the expansion's cards count too.  Empty if no card is called so."""
    words = [w.upper() if w == "a" else w for w in ref.strip().lower().split(":")]
    return [c for c in CARDS.ids(expansion) if _matches(c, words)]


ANY_KIND = ("ship", "person", "tax", "expedition")
"""Every kind of card (a pile may hold any)."""


class _Builder:
    def __init__(self, spec: ScenarioSpec) -> None:
        self.spec = spec
        self.ids = CARDS.ids(spec.mode != "base")
        self.used: dict[int, str] = {}

    def card(self, ref: int | str, where: str) -> int:
        if isinstance(ref, int):
            if ref not in self.ids:
                raise ScenarioError("pr_sc_no_card", where=where, id=shown(ref), mode=self.spec.mode, last=len(self.ids) - 1)
            card = ref
        else:
            found = [c for c in cards_named(ref) if c in self.ids]
            if not found:
                raise ScenarioError("pr_sc_no_name", where=where, ref=shown(ref), mode=self.spec.mode)
            free = [c for c in found if c not in self.used]
            if not free:
                raise ScenarioError("pr_sc_all_used", where=where, ref=shown(ref), n=len(found))
            card = free[0]
        if card in self.used:
            raise ScenarioError("pr_sc_twice", where=where, id=card, other=self.used[card])
        self.used[card] = where
        return card

    def cards(self, refs: list[int | str], where: str, kinds: tuple[str, ...]) -> list[int]:
        out = []
        for i, ref in enumerate(refs):
            card = self.card(ref, f"{where}[{i}]")
            if CARDS[card].kind not in kinds:
                raise ScenarioError("pr_sc_kind", where=f"{where}[{i}]", ref=shown(ref), kind=phrase("kind_" + CARDS[card].kind),
                                    area=where, kinds=phrase("holds_" + "_".join(kinds)))
            out.append(card)
        return out

    def build(self) -> State:
        sp = self.spec
        self.check_spec()
        contracts = list(sp.contracts)
        s = State(mode=sp.mode, n=sp.players, active=sp.active, start=sp.active if sp.start is None else sp.start,
                  turn=sp.turn, players=[Player() for _ in range(sp.players)], contracts=contracts,
                  boxes=[[] for _ in contracts], ending=sp.ending)
        self.boxes(s)
        seats = sp.seats + [SeatSpec()] * (sp.players - len(sp.seats))
        for i, seat in enumerate(seats):
            s.players[i].persons = self.cards(seat.persons, f"seats[{i}].persons", ("person",))
            s.players[i].expeditions = self.cards(seat.expeditions, f"seats[{i}].expeditions", ("expedition",))
        s.harbour = self.cards(sp.harbour, "harbour", ("ship", "person"))
        self.check_harbour(s)
        s.expeditions = self.cards(sp.expeditions, "expeditions", ("expedition",))
        just = self.card(sp.just_turned, "just_turned") if sp.just_turned is not None else -1
        top = self.cards(sp.deck, "deck", ANY_KIND)
        s.discard = self.cards(sp.discard, "discard", ANY_KIND)
        time_top = self.cards(sp.time_pile or [], "time_pile", ANY_KIND)
        self.check_time(s)
        rng = Rng(sp.seed)
        rest = [c for c in self.ids if c not in self.used]
        rng.shuffle(rest)
        self.deal(s, seats, rest, time_top)
        s.deck = rest + list(reversed(top))
        s.turned = sp.turned
        s.rng = rng.state
        self.stack(s, just)
        return s

    def check_spec(self) -> None:
        """The player count, the seats named, the contracts and the last round, for the mode."""
        sp = self.spec
        lo, hi = PLAYERS[sp.mode]
        if not lo <= sp.players <= hi:
            if lo == hi:
                raise ScenarioError("pr_sc_players_exact", mode=sp.mode, lo=lo, n=sp.players)
            raise ScenarioError("pr_sc_players", mode=sp.mode, lo=lo, hi=hi, n=sp.players)
        for name in ("active", "start", "taker"):
            value = getattr(sp, name)
            if value is not None and value >= sp.players:
                raise ScenarioError("pr_sc_seat", name=name, seat=value, n=sp.players, last=sp.players - 1)
        if len(sp.seats) > sp.players:
            raise ScenarioError("pr_sc_seats", m=len(sp.seats), n=sp.players)
        if sp.mode != "base" and not sp.contracts:
            raise ScenarioError("pr_sc_need_contracts")
        problem = contract_problem(sp.mode, sp.contracts, ids=True)
        if problem is not None:
            raise ScenarioError("at_place", where="contracts:", reason=problem)
        if sp.ending and sp.mode in ("cooperative", "solo"):  # (State.team)
            raise ScenarioError("pr_sc_ending", mode=sp.mode)

    def check_time(self, s: State) -> None:
        """A time pile (its cards or its size, not both) only where the team plays against time."""
        sp = self.spec
        for name in ("time_pile", "time_pile_size"):
            if getattr(sp, name) is not None and not s.team:
                raise ScenarioError("pr_sc_time_mode", name=name)
        if sp.time_pile is not None and sp.time_pile_size is not None:
            raise ScenarioError("pr_sc_time_both")

    def deal(self, s: State, seats: list[SeatSpec], rest: list[int], time_top: list[int]) -> None:
        """Each seat's coins and the time pile, taken from the shuffled cards ``rest`` (which keeps the others)."""
        sp = self.spec
        for i, seat in enumerate(seats):
            if seat.coins > len(rest):
                raise ScenarioError("pr_sc_coins", i=i, n=len(rest))
            s.players[i].coins = [rest.pop() for _ in range(seat.coins)]
        if s.team and sp.time_pile is None:
            size = seals(s.contracts) if sp.time_pile_size is None else sp.time_pile_size
            if size > len(rest):
                raise ScenarioError("pr_sc_time_left", m=size, n=len(rest))
            s.time_pile = [rest.pop() for _ in range(size)]
        else:
            s.time_pile = list(reversed(time_top))
        if len(s.time_pile) > seals(s.contracts) and s.team:
            raise ScenarioError("pr_sc_time_seals", m=len(s.time_pile), n=seals(s.contracts))

    def boxes(self, s: State) -> None:
        for cid, seats in self.spec.boxes.items():
            if cid not in s.contracts:
                raise ScenarioError("pr_sc_box_contract", cid=cid[:40], ids=", ".join(s.contracts) or phrase("keys_none"))
            t = s.contracts.index(cid)
            for k, seat in enumerate(seats):
                where = f"boxes.{cid}[{k}]"
                if seat >= s.n:
                    raise ScenarioError("pr_sc_box_seat", where=where, seat=seat, n=s.n)
                if seat in s.boxes[t]:
                    raise ScenarioError("pr_sc_box_again", where=where, seat=seat)
                if len(s.players[seat].contracts) >= CUBES:
                    raise ScenarioError("pr_sc_box_cubes", where=where, seat=seat, n=CUBES)
                s.boxes[t].append(seat)
                s.players[seat].contracts.append(t)

    def check_harbour(self, s: State) -> None:
        colours = [CARDS[c].colour for c in s.harbour if CARDS[c].kind == "ship"]
        for colour in sorted(set(colours)):
            if colours.count(colour) > 1:
                raise ScenarioError("pr_sc_bust", colour=colour_word(colour))

    def stack(self, s: State, just: int) -> None:
        sp = self.spec
        active = s.active
        if sp.phase != "take" and (sp.taker is not None or sp.left is not None):
            raise ScenarioError("pr_sc_taker")
        if sp.phase == "repel":
            if just < 0 or CARDS[just].kind != "ship":
                raise ScenarioError("pr_sc_repel_ship")
            if CARDS[just].repel == NEVER or sum(CARDS[c].swords for c in s.players[active].persons) < CARDS[just].repel:
                raise ScenarioError("pr_sc_repel_swords")
            s.stack = [{"kind": "end_turn"}, {"kind": "discover", "seat": active}, {"kind": "repel", "seat": active, "card": just}]
            s.turned = max(s.turned, 1)
            return
        if just >= 0:
            raise ScenarioError("pr_sc_just")
        if sp.phase == "discover":
            s.stack = [{"kind": "end_turn"}, {"kind": "discover", "seat": active}]
            return
        taker = active if sp.taker is None else sp.taker
        i = (taker - active) % s.n
        left = sp.left if sp.left is not None else (active_allowance(s) if i == 0 else other_allowance(s, taker))
        first = {"kind": "takers", "i": i + 1, "allowance": 0}
        s.stack = [{"kind": "end_turn"}, first, {"kind": "take", "seat": taker, "left": left}]
        s.turned = max(s.turned, 1)


def read_spec(spec: dict[str, Any] | str) -> ScenarioSpec:
    """The description checked for shape and types (YAML text is read first)."""
    data = read_yaml(spec) if isinstance(spec, str) else spec
    if not isinstance(data, dict):
        raise ScenarioError("pr_sc_not_mapping", found=shown(data))
    check_size(data)
    try:
        return ScenarioSpec.model_validate(data)
    except ValidationError as exc:
        raise scenario_error(exc, ScenarioSpec, {(): ("l_pr_scenario", ScenarioSpec), ("seats", "#"): ("l_seat", SeatSpec)}) from None


def load_scenario(spec: dict[str, Any] | str, lang: str | None = None) -> Game:
    """A game at the position ``spec`` describes (a dict, or YAML text); ``lang`` overrides its ``lang``."""
    if lang is not None and lang not in LANGS:
        raise ScenarioError("sc_lang", values=", ".join(LANGS), found=shown(lang))
    model = read_spec(spec)
    state = _Builder(model).build()
    return savable(Game.from_state(state, lang=model.lang if lang is None else lang, seed=model.seed), dump, load)



__all__ = ["load_scenario", "read_spec", "ScenarioSpec", "RULES"]
