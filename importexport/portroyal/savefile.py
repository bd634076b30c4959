"""Saving and loading Port Royal games as JSON, in the envelope Import/Export's saves use.

>>> from importexport.portroyal.game import Game
>>> g = Game(players=3, seed=4, mode="cooperative")
>>> g.apply(g.legal_actions()[0])
>>> h = load(dump(g))
>>> h.history == g.history and h.state.to_dict() == g.state.to_dict()
True

A save holds the position the game began from (``initial``, after the automatic steps before the
first decision), the log up to it, every choice since as text, and a digest of the position
reached.  :func:`load` refuses anything that is not a sound game with a
:class:`~importexport.errors.SaveFileError` naming the place: first the checks every save shares
(size, text, JSON, ``format``, nesting: ``importexport.saves.parse``), then each field's type
and bounds (:class:`SaveModel`), then the table's promises (:func:`check_table`: every card of the
game in exactly one place, the contracts and their cubes consistent, ...), then every move,
replayed and checked for legality, and finally the digest.  Nothing is half-loaded.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..bounds import MAX_LOG, MAX_MOVES, MAX_SEED, MAX_TEXT, MAX_TURN
from ..errors import IllegalActionError, ImportExportError, SaveFileError
from ..saves import SessionModel, SessionSave, damage, digest, envelope, parse, read_session
from .actions import Action
from .cards import CARDS
from .flow import check_contracts
from .game import LANGS, PLAYERS, Game
from .rules import CUBES, EXP, RULES
from .state import MODES, State
from .words import card_name, render_event

FORMAT = "importexport-portroyal-save"
VERSION = 1
GAME_NAME = "Port Royal"
"""How a refusal names the game whose save was expected."""

MAX_SEATS = max(hi for _lo, hi in PLAYERS.values())
MAX_FRAMES = 64
"""Pending steps a saved stack may hold (random play: at most 4; a tax with every seat at every
contract's chance: under 40)."""
MAX_CARDS = len(CARDS)

Seat = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
CardId = Annotated[int, Field(ge=0, lt=MAX_CARDS)]
Cards = Annotated[list[CardId], Field(max_length=MAX_CARDS)]
ContractIndex = Annotated[int, Field(ge=0, lt=len(EXP.contracts))]
Count = Annotated[int, Field(ge=0, le=MAX_CARDS)]
Text = Annotated[str, Field(min_length=1, max_length=MAX_TEXT)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# --- the pending steps (``flow.py``'s frames), one model per kind ------------------------------

class StartTurn(_Strict):
    kind: Literal["start_turn"]


class EndTurn(_Strict):
    kind: Literal["end_turn"]


class Discover(_Strict):
    kind: Literal["discover"]
    seat: Seat


class Repel(_Strict):
    kind: Literal["repel"]
    seat: Seat
    card: CardId


class Claim(_Strict):
    kind: Literal["claim"]
    seat: Seat
    t: ContractIndex


class Takers(_Strict):
    kind: Literal["takers"]
    i: Annotated[int, Field(ge=0, le=MAX_SEATS)]
    allowance: Count


class Take(_Strict):
    kind: Literal["take"]
    seat: Seat
    left: Count


Frame = Annotated[StartTurn | EndTurn | Discover | Repel | Claim | Takers | Take, Field(discriminator="kind")]


class PlayerModel(_Strict):
    """:class:`~importexport.portroyal.state.Player` as the file holds it."""

    coins: Cards
    persons: Cards
    expeditions: Cards
    contracts: Annotated[list[ContractIndex], Field(max_length=CUBES)]


class StateModel(_Strict):
    """:class:`~importexport.portroyal.state.State` as the file holds it: every field, none defaulted."""

    mode: Literal[MODES]  # type: ignore[valid-type]
    n: Annotated[int, Field(ge=1, le=MAX_SEATS)]
    start: Seat
    active: Seat
    turn: Annotated[int, Field(ge=0, le=MAX_TURN)]
    deck: Cards
    discard: Cards
    time_pile: Cards
    harbour: Cards
    expeditions: Cards
    players: Annotated[list[PlayerModel], Field(min_length=1, max_length=MAX_SEATS)]
    contracts: Annotated[list[Text], Field(max_length=len(EXP.contracts))]
    boxes: Annotated[list[Annotated[list[Seat], Field(max_length=RULES.boxes_per_contract)]],
                     Field(max_length=len(EXP.contracts))]
    stack: Annotated[list[Frame], Field(max_length=MAX_FRAMES)]
    turned: Count
    repelled: Count
    ending: bool
    declared: bool
    rng: Annotated[int, Field(ge=0, le=MAX_SEED)]


class SaveModel(_Strict):
    """The file's shape."""

    format: Literal["importexport-portroyal-save"]
    version: Literal[1]
    lang: Literal[LANGS]  # type: ignore[valid-type]
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)]
    initial: StateModel
    initial_log: Annotated[list[tuple[Annotated[int, Field(ge=0)], Text, dict[str, Any]]], Field(max_length=MAX_LOG)]
    actions: Annotated[list[Annotated[str, Field(max_length=MAX_TEXT)]], Field(max_length=MAX_MOVES)]
    digest: Annotated[str, Field(pattern=r"^[0-9a-f]{16}$")]
    seats: Annotated[list[Text], Field(max_length=MAX_SEATS)] = []
    """Who plays each seat ("human" or a bot's name); empty if the file does not say."""
    session: SessionModel | None = None
    """The table around the moves: undo points and the bots' random state (the app writes them)."""


# --- writing -----------------------------------------------------------------------------------

def dump(g: Game, seats: list[str] | None = None, session: SessionSave | None = None) -> str:
    """The game as compact JSON text; ``seats`` says who plays each seat ("human" or a bot's name),
    ``session`` what the table kept around the moves (see :func:`load_session`)."""
    return json.dumps(envelope(g, FORMAT, VERSION, seats, session), separators=(",", ":"))


# --- reading -----------------------------------------------------------------------------------

def load(text: str | bytes) -> Game:
    """A game from JSON text written by :func:`dump`; :class:`SaveFileError` if it is not sound."""
    return load_with_seats(text)[0]


def load_with_seats(text: str | bytes) -> tuple[Game, list[str]]:
    """A game and who plays each seat (empty if the file does not say)."""
    return _load(text)[:2]


def load_session(text: str | bytes) -> tuple[Game, list[str], SessionSave | None]:
    """A game, who plays each seat, and the undo points and bots' random state the table kept
    (``None`` if the file holds none); :class:`SaveFileError` if any of it is not sound."""
    g, seats, model = _load(text)
    return g, seats, read_session(g, seats, model.session)


def _load(text: str | bytes) -> tuple[Game, list[str], SaveModel]:
    model = _validate(parse(text, FORMAT, GAME_NAME))
    state = State.from_dict(model.initial.model_dump())
    if model.seats and len(model.seats) != state.n:
        raise SaveFileError(f"the saved game is damaged at 'seats': {len(model.seats)} roles for {state.n} players")
    check_table(state)
    log = [(t, k, a) for t, k, a in model.initial_log]
    for i, event in enumerate(log):
        try:
            for lang in LANGS:
                render_event(event, lang, state.contracts)
        except Exception:  # noqa: BLE001 (an entry that cannot be told is damaged, whatever the failure)
            raise SaveFileError(f"the saved game is damaged at 'initial_log.{i}': an entry that cannot be told ({event[1]!r})") from None
    g = _replay(state, model, log)
    if digest(g.state) != model.digest:
        raise SaveFileError("the saved game is damaged at 'digest': the position its moves reach differs (the file was changed)")
    return g, list(model.seats), model


def _validate(raw: dict[str, Any]) -> SaveModel:
    try:
        return SaveModel.model_validate_json(json.dumps(raw), strict=True)
    except ValidationError as exc:
        raise SaveFileError(damage(exc.errors()[0])) from None


def _replay(state: State, model: SaveModel, log: list[tuple[int, str, dict[str, Any]]]) -> Game:
    """The game the file's moves reach from ``state``; each move must be legal where it is made."""
    try:
        g = Game.from_state(state, lang=model.lang, seed=model.seed, log=log)
        for step, text in enumerate(model.actions, 1):
            try:
                g.apply(Action.from_text(text))
            except (ValueError, IllegalActionError) as exc:
                raise SaveFileError(f"the saved moves break off at move {step} ({text!r}): {exc}") from None
    except ImportExportError:
        raise
    except Exception as exc:  # noqa: BLE001 (a position the checks let through but the rules cannot play)
        raise SaveFileError(
            f"the saved position cannot be played from: a pending step or pile is damaged ({type(exc).__name__})"
        ) from None
    return g


# --- the table's promises ----------------------------------------------------------------------

def _bad(where: str, problem: str) -> SaveFileError:
    return SaveFileError(f"the saved game is damaged at 'initial.{where}': {problem}")


def _card(card: int) -> str:
    return f"card {card} ({card_name(card, 'en')})"


def check_table(s: State) -> None:
    """The promises every position of a real game keeps; :class:`SaveFileError` names the first one broken.

    The player count suits the mode; the contracts are the mode's, each seat's cubes match the
    boxes; every card of the game's deck lies in exactly one place, each place holding the kinds it
    may; the harbour holds one ship per colour; the pending steps name seats and contracts that exist."""
    _check_seats(s)
    _check_contracts(s)
    _check_cards(s)
    _check_stack(s)


def _check_seats(s: State) -> None:
    lo, hi = PLAYERS[s.mode]
    if not lo <= s.n <= hi:
        span = f"exactly {lo} player" if lo == hi else f"{lo} to {hi} players"
        raise _bad("n", f"{s.mode} Port Royal is played by {span}, not {s.n}")
    if len(s.players) != s.n:
        raise _bad("players", f"{len(s.players)} players listed for n = {s.n}")
    for name in ("start", "active"):
        if getattr(s, name) >= s.n:
            raise _bad(name, f"seat {getattr(s, name)} is not at a table of {s.n}")
    if s.ending and s.team:
        raise _bad("ending", "the last round is counted only in base and competitive play")
    if s.repelled > s.turned:
        raise _bad("repelled", f"{s.repelled} ships driven off, more than the {s.turned} cards turned this turn")
    if s.declared and (not s.team or s.stack):
        raise _bad("declared", "only a team declares the game over, and then it is over")


def _check_contracts(s: State) -> None:
    try:
        check_contracts(s.mode, s.contracts)
    except ValueError as exc:
        raise _bad("contracts", str(exc)) from None
    if len(s.boxes) != len(s.contracts):
        raise _bad("boxes", f"{len(s.boxes)} rows of boxes for {len(s.contracts)} contracts")
    cubes: set[tuple[int, int]] = set()
    for t, row in enumerate(s.boxes):
        for j, seat in enumerate(row):
            if seat >= s.n:
                raise _bad(f"boxes.{t}.{j}", f"seat {seat} is not at a table of {s.n}")
            if (seat, t) in cubes:
                raise _bad(f"boxes.{t}.{j}", f"seat {seat} has a second cube on one contract")
            cubes.add((seat, t))
    held: set[tuple[int, int]] = set()
    for seat, p in enumerate(s.players):
        for j, t in enumerate(p.contracts):
            if t >= len(s.contracts):
                raise _bad(f"players.{seat}.contracts.{j}", f"there is no contract {t} among {len(s.contracts)}")
            if (seat, t) in held:
                raise _bad(f"players.{seat}.contracts.{j}", f"contract {t} is listed twice")
            held.add((seat, t))
    if held != cubes:
        seat, t = min(held ^ cubes)
        raise _bad(f"players.{seat}.contracts", f"the cubes on the contracts' boxes do not match (contract {t})")
    if s.time_pile and not s.team:
        raise _bad("time_pile", f"only cooperative and solo play have a time pile, not {s.mode} play")
    size = sum(EXP.contract(c).seal.group for c in s.contracts) if s.team else 0
    if len(s.time_pile) > size:
        raise _bad("time_pile", f"{len(s.time_pile)} cards, more than the contracts' seals allow ({size})")


def _places(s: State) -> list[tuple[str, list[int], tuple[str, ...]]]:
    """Every place a card can lie, with the kinds of card it may hold (empty: any kind, face down)."""
    out: list[tuple[str, list[int], tuple[str, ...]]] = [
        ("deck", s.deck, ()), ("discard", s.discard, ()), ("time_pile", s.time_pile, ()),
        ("harbour", s.harbour, ("ship", "person")), ("expeditions", s.expeditions, ("expedition",)),
    ]
    for i, p in enumerate(s.players):
        out += [(f"players.{i}.coins", p.coins, ()), (f"players.{i}.persons", p.persons, ("person",)),
                (f"players.{i}.expeditions", p.expeditions, ("expedition",))]
    out += [(f"stack.{i}.card", [f["card"]], ("ship",)) for i, f in enumerate(s.stack) if f["kind"] == "repel"]
    return out


def _check_cards(s: State) -> None:
    """Every card of the mode's deck in exactly one place, of a kind that place may hold."""
    size = len(CARDS.ids(s.expansion))
    seen: dict[int, str] = {}
    for where, cards, kinds in _places(s):
        for j, card in enumerate(cards):
            at = where if where.startswith("stack") else f"{where}.{j}"
            if card >= size:
                raise _bad(at, f"card {card} is not in the deck of {s.mode} play (ids 0 to {size - 1})")
            if card in seen:
                raise _bad(at, f"{_card(card)} lies in two places (also at 'initial.{seen[card]}')")
            seen[card] = at
            if kinds and CARDS[card].kind not in kinds:
                raise _bad(at, f"{_card(card)} is a {CARDS[card].kind}, which cannot lie here")
    if len(seen) < size:
        card = min(set(range(size)) - set(seen))
        raise _bad("deck", f"{_card(card)} is missing (each card of the game lies in exactly one place)")
    colours: set[str] = set()
    for j, card in enumerate(s.harbour):
        if CARDS[card].kind == "ship":
            if CARDS[card].colour in colours:
                raise _bad(f"harbour.{j}", f"a second ship of colour {CARDS[card].colour} (the turn would have busted)")
            colours.add(CARDS[card].colour)


def _check_stack(s: State) -> None:
    """The pending steps name seats at the table and contracts laid out; turning cards is the active player's."""
    for i, f in enumerate(s.stack):
        seat = f.get("seat", 0)
        if seat >= s.n:
            raise _bad(f"stack.{i}.seat", f"seat {seat} is not at a table of {s.n}")
        if f["kind"] in ("discover", "repel") and seat != s.active:
            raise _bad(f"stack.{i}.seat", f"only the active player (seat {s.active}) turns cards over")
        if f["kind"] == "claim" and f["t"] >= len(s.contracts):
            raise _bad(f"stack.{i}.t", f"there is no contract {f['t']} among {len(s.contracts)}")
        if f["kind"] == "takers" and f["i"] > s.n:
            raise _bad(f"stack.{i}.i", f"{f['i']} is beyond the {s.n} players")
