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
and bounds (:class:`SaveModel`, whose ``initial`` the state's own classes read: ``state``), then the table's promises (:func:`check_table`: every card of the
game in exactly one place, the contracts and their cubes consistent, ...), then every move,
replayed and checked for legality, and finally the digest.  Nothing is half-loaded.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError

from ..errors import IllegalActionError, ImportExportError, SaveFileError
from ..file_words import Phrase, Teller, mode_word, phrase, shown
from ..saves import SaveFile, SessionSave, damage, digest, envelope, moves_break, parse, read_session
from ..schema import missing_field
from .actions import Action
from .cards import CARDS
from .game import LANGS, PLAYERS, Game
from .rules import EXP
from .state import MAX_SEATS, State, Text
from .words import NAMES, card_name, message, render_event

FORMAT = "importexport-portroyal-save"
VERSION = 1
GAME_NAME = "Port Royal"
"""How a refusal names the game whose save was expected."""


class SaveModel(SaveFile[State]):
    """The file's shape; ``initial`` is read by the state's own classes (``state``)."""

    format: Literal["importexport-portroyal-save"]
    version: Literal[1]
    seats: Annotated[list[Text], Field(max_length=MAX_SEATS)] = []


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
    state = model.initial
    if model.seats and len(model.seats) != state.n:
        raise SaveFileError("damaged", where="seats", reason=phrase("pr_roles", m=len(model.seats), n=state.n))
    check_table(state)
    log = [(t, k, a) for t, k, a in model.initial_log]
    for i, event in enumerate(log):
        try:
            for lang in LANGS:
                render_event(event, lang, state.contracts)
        except Exception:  # noqa: BLE001 (an entry that cannot be told is damaged, whatever the failure)
            raise SaveFileError("damaged", where=f"initial_log.{i}", reason=phrase("pr_log", entry=shown(event[1]))) from None
    g = _replay(state, model, log)
    if digest(g.state) != model.digest:
        raise SaveFileError("damaged", where="digest", reason=phrase("pr_digest"))
    return g, list(model.seats), model


def _validate(raw: dict[str, Any]) -> SaveModel:
    missing = missing_field(raw.get("initial"), State, "initial")
    if missing:  # (a save writes every field: a default never fills in for a lost one)
        raise SaveFileError("damaged", where=missing, reason=phrase("missing"))
    try:
        return SaveModel.model_validate_json(json.dumps(raw), strict=True)
    except ValidationError as exc:
        raise damage(exc.errors()[0], SaveModel) from None


def _replay(state: State, model: SaveModel, log: list[tuple[int, str, dict[str, Any]]]) -> Game:
    """The game the file's moves reach from ``state``; each move must be legal where it is made."""
    try:
        g = Game.from_state(state, lang=model.lang, seed=model.seed, log=log)
        for step, text in enumerate(model.actions, 1):
            try:
                g.apply(Action.from_text(text))
            except IllegalActionError as exc:
                contracts = list(g.state.contracts)
                raise moves_break(step, text, _why(exc, contracts)) from None
            except ValueError as exc:  # (a move's text that names no choice: the parser's own sentence)
                raise moves_break(step, text, str(exc)) from None
    except ImportExportError:
        raise
    except Exception as exc:  # noqa: BLE001 (a position the checks let through but the rules cannot play)
        raise SaveFileError("pr_unplayable", kind=type(exc).__name__) from None
    return g


def _why(exc: IllegalActionError, contracts: list[str]) -> Teller:
    """The refusal of a saved move, told in any language."""
    return lambda lang: message(exc.rule, lang, contracts, **exc.details)


# --- the table's promises ----------------------------------------------------------------------

def _bad(where: str, key: str, /, **details: Any) -> SaveFileError:
    """The refusal of a broken promise at ``initial.<where>``: the phrase ``key`` with ``details``."""
    return SaveFileError("damaged", where=f"initial.{where}", reason=phrase(key, **details))


def _card(card: int) -> Phrase:
    return phrase("pr_card", id=card, name=lambda lang: card_name(card, lang))


def colour_word(colour: str) -> Teller:
    """A ship's colour in any language."""
    return lambda lang: NAMES["c_" + colour][lang]


def _titles(contracts: list[str]) -> Teller:
    """The contracts' titles as a player reads them, in any language (never their ids)."""

    def told(lang: str) -> str:
        names = [EXP.contract(c).name for c in contracts]
        return ", ".join(f"„{n.de}“" if lang == "de" else f"“{n.en}”" for n in names)

    return told


def contract_problem(mode: str, contracts: list[str] | tuple[str, ...], ids: bool = False) -> Phrase | None:
    """What is wrong with the contracts laid out for ``mode`` (None: nothing), in the project's words
    (the checks of ``flow.check_contracts``).  The mode's contracts are named as a player reads them,
    or with ``ids`` as a scenario writes them."""
    if mode == "base":
        return phrase("pr_base_contracts") if contracts else None
    pool = sorted(c.id for c in EXP.pool(mode))  # type: ignore[arg-type]
    for i, cid in enumerate(contracts):
        if cid not in pool:
            return phrase("pr_not_contract", cid=shown(cid), mode=mode_word(mode),
                          ids=", ".join(pool) if ids else _titles(pool))
        if cid in contracts[:i]:
            return phrase("pr_contract_twice", cid=shown(cid))
    if not 1 <= len(contracts) <= len(pool):
        return phrase("pr_contract_count", n=len(pool), m=len(contracts))
    return None


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
        if lo == hi:
            raise _bad("n", "pr_n_exact", mode=mode_word(s.mode), lo=lo, n=s.n)
        raise _bad("n", "pr_n_span", mode=mode_word(s.mode), lo=lo, hi=hi, n=s.n)
    if len(s.players) != s.n:
        raise _bad("players", "pr_players", m=len(s.players), n=s.n)
    for name in ("start", "active"):
        if getattr(s, name) >= s.n:
            raise _bad(name, "pr_seat", seat=getattr(s, name), n=s.n)
    if s.ending and s.team:
        raise _bad("ending", "pr_ending")
    if s.repelled > s.turned:
        raise _bad("repelled", "pr_repelled", m=s.repelled, turned=s.turned)
    if s.declared and (not s.team or s.stack):
        raise _bad("declared", "pr_declared")


def _check_contracts(s: State) -> None:
    problem = contract_problem(s.mode, s.contracts)
    if problem is not None:
        raise SaveFileError("damaged", where="initial.contracts", reason=problem)
    if len(s.boxes) != len(s.contracts):
        raise _bad("boxes", "pr_box_rows", m=len(s.boxes), n=len(s.contracts))
    cubes: set[tuple[int, int]] = set()
    for t, row in enumerate(s.boxes):
        for j, seat in enumerate(row):
            if seat >= s.n:
                raise _bad(f"boxes.{t}.{j}", "pr_seat", seat=seat, n=s.n)
            if (seat, t) in cubes:
                raise _bad(f"boxes.{t}.{j}", "pr_second_cube", seat=seat)
            cubes.add((seat, t))
    held: set[tuple[int, int]] = set()
    for seat, p in enumerate(s.players):
        for j, t in enumerate(p.contracts):
            if t >= len(s.contracts):
                raise _bad(f"players.{seat}.contracts.{j}", "pr_no_contract", t=t, n=len(s.contracts))
            if (seat, t) in held:
                raise _bad(f"players.{seat}.contracts.{j}", "pr_listed_twice", t=t)
            held.add((seat, t))
    if held != cubes:
        seat, t = min(held ^ cubes)
        raise _bad(f"players.{seat}.contracts", "pr_cubes", t=t)
    if s.time_pile and not s.team:
        raise _bad("time_pile", "pr_time_mode", mode=mode_word(s.mode))
    size = seals(s.contracts) if s.team else 0
    if len(s.time_pile) > size:
        raise _bad("time_pile", "pr_time_size", m=len(s.time_pile), n=size)


def seals(contracts: list[str]) -> int:
    """The cards the contracts' seals lay on the time pile in all (the most it may hold)."""
    return sum(EXP.contract(c).seal.group for c in contracts)


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
                raise _bad(at, "pr_card_deck", card=card, mode=mode_word(s.mode), last=size - 1)
            if card in seen:
                raise _bad(at, "pr_two_places", card=_card(card), other=f"initial.{seen[card]}")
            seen[card] = at
            if kinds and CARDS[card].kind not in kinds:
                raise _bad(at, "pr_kind_here", card=_card(card), kind=phrase("kind_" + CARDS[card].kind))
    if len(seen) < size:
        card = min(set(range(size)) - set(seen))
        raise _bad("deck", "pr_card_missing", card=_card(card))
    colours: set[str] = set()
    for j, card in enumerate(s.harbour):
        if CARDS[card].kind == "ship":
            if CARDS[card].colour in colours:
                raise _bad(f"harbour.{j}", "pr_second_ship", colour=colour_word(CARDS[card].colour))
            colours.add(CARDS[card].colour)


def _check_stack(s: State) -> None:
    """The pending steps name seats at the table and contracts laid out; turning cards is the active player's."""
    for i, f in enumerate(s.stack):
        seat = f.get("seat", 0)
        if seat >= s.n:
            raise _bad(f"stack.{i}.seat", "pr_seat", seat=seat, n=s.n)
        if f["kind"] in ("discover", "repel") and seat != s.active:
            raise _bad(f"stack.{i}.seat", "pr_active_turns", seat=s.active)
        if f["kind"] == "claim" and f["t"] >= len(s.contracts):
            raise _bad(f"stack.{i}.t", "pr_no_contract", t=f["t"], n=len(s.contracts))
        if f["kind"] == "takers" and f["i"] > s.n:
            raise _bad(f"stack.{i}.i", "pr_beyond", i=f["i"], n=s.n)
