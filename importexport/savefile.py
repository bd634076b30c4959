"""Saving and loading games as JSON.

A save holds the position the game started from, every choice made since, and a digest of the
position reached.  Loading validates the file's shape (pydantic), checks that every card lies in
exactly one place, replays the choices (each must be legal) and compares the digest, so a damaged
or edited file is refused with a message saying what is wrong, and nothing is half-loaded.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .actions import Action
from .cards import CARDS
from .engine import Game
from .errors import IllegalActionError, SaveFileError
from .flow import FRAMES
from .i18n import LANGS, render_event
from .state import State
from .tokens import tokens_in_play

FORMAT = "importexport-save"
VERSION = 1


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ShipModel(_Strict):
    id: int = Field(ge=0)
    owner: int = Field(ge=0)
    at_sea: bool
    contracts: list[int]
    sides: list[int]
    containers: list[int]
    colours: list[int]


class PlayerModel(_Strict):
    seat: int = Field(ge=0)
    harbour: int = Field(ge=0, le=5)
    credits: int = Field(ge=0)
    hand: list[int]
    crew: list[int]
    goods: list[int]
    fulfilled: list[int]
    ships: list[int]


class StateModel(_Strict):
    players: list[PlayerModel] = Field(min_length=2, max_length=6)
    ships: list[ShipModel]
    deck: list[int]
    discard: list[int]
    island: list[int]
    active: int = Field(ge=0)
    turn: int = Field(ge=1)
    stack: list[dict[str, Any]]
    rng: int = Field(ge=0)
    abilities: bool
    led: int
    decl: list[int]
    played: list[int]
    sold: list[bool]
    end_reason: str
    end_seat: int
    winners: list[int]
    extra_turns: list[int]
    return_to: int
    marks: dict[str, Any]
    modules: list[str] = []
    market: list[int] = []
    acts: list[int] = []


class SaveModel(_Strict):
    format: Literal["importexport-save"]
    version: Literal[1]
    lang: Literal["en", "de"]
    seed: int
    initial: StateModel
    initial_log: list[tuple[int, str, dict[str, Any]]]
    actions: list[str]
    digest: str
    seats: list[str] = []  # who plays each seat ("human" or a bot's name); the app restores it


def digest(state: State) -> str:
    return hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True).encode()).hexdigest()[:16]


def dump(g: Game, seats: list[str] | None = None) -> str:
    """The game as compact JSON text (``seats``: who plays each seat, "human" or a bot's name)."""
    data: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "lang": g.lang, "seed": g.seed,
        "initial": g.initial.to_dict(), "initial_log": [list(e) for e in g._initial_log],
        "actions": [str(a) for a in g.history], "digest": digest(g.state),
    }
    if seats:
        if len(seats) != g.state.n:
            raise ValueError(f"{len(seats)} seat roles given for a {g.state.n}-player game")
        data["seats"] = list(seats)
    return json.dumps(data, separators=(",", ":"))


def seat_roles(text: str | bytes) -> list[str]:
    """Who plays each seat in a saved game (empty if the file does not say); the file must load."""
    raw = json.loads(text)
    roles = raw.get("seats", []) if isinstance(raw, dict) else []
    return [str(r) for r in roles]


def check_cards(state: State) -> None:
    """Every card id is known and lies in exactly one place."""
    seen: set[int] = set()
    for card in state.all_cards():
        if not isinstance(card, int) or not 0 <= card < len(CARDS):
            raise SaveFileError(f"the saved table holds an unknown card id {card!r}")
        if card in seen:
            raise SaveFileError(f"the saved table holds {CARDS.names[card]} twice")
        seen.add(card)
    check_tokens(state)
    n = len(state.players)
    if any(p.seat != i for i, p in enumerate(state.players)):
        raise SaveFileError("the saved players are out of order (each player's seat must match its place)")
    if not -1 <= state.led <= 5:
        raise SaveFileError(f"the saved turn names an unknown action ({state.led})")
    unknown = [f["k"] for f in state.stack if f.get("k") not in FRAMES]
    if unknown:
        raise SaveFileError(f"the saved game has an unknown pending step {unknown[0]!r}")
    # Two ships per seat (ids 2*seat, 2*seat+1); abilities may add extra ships after them.
    if len(state.ships) < 2 * n or any(
        s.id != i or not (s.owner == i // 2 if i < 2 * n else 0 <= s.owner < n) for i, s in enumerate(state.ships)
    ):
        raise SaveFileError("the saved ships do not match the players (two ships per seat)")
    if not 0 <= state.active < n or len(state.decl) != n or len(state.sold) != n:
        raise SaveFileError("the saved turn does not match the number of players")


def check_tokens(state: State) -> None:
    """Container tokens only with their modules, only known ids, each once, in crews and goods only
    with variant 2 (elsewhere than ships, crews and goods ``check_cards`` finds them unknown)."""
    found = tokens_in_play(state)
    if not found:
        return
    if "tokens1" not in state.modules:
        raise SaveFileError("the saved table holds container tokens, but the token variants are not in play")
    if any(t >= CARDS.table_size for t in found):
        raise SaveFileError(f"the saved table holds an unknown card id {max(found)!r}")
    if len(set(found)) != len(found):
        twice = next(t for t in found if found.count(t) > 1)
        raise SaveFileError(f"the saved table holds the token {CARDS.names[twice]} (id {twice}) twice")
    if "tokens2" not in state.modules and any(c >= CARDS.token_base for p in state.players for c in p.crew + p.goods):
        raise SaveFileError("the saved table holds tokens in a crew or among goods, which only variant 2 allows")


def load(text: str | bytes) -> Game:
    """A game from JSON text written by :func:`dump`; :class:`SaveFileError` if it is not sound."""
    try:
        raw = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SaveFileError(f"not a saved game: the file is not valid JSON ({exc})") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveFileError("not a saved game of importexport (the 'format' field is missing or wrong)")
    try:
        model = SaveModel.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise SaveFileError(f"the saved game is damaged at '{where}': {err['msg']}") from None
    state = State.from_dict(model.initial.model_dump())
    if model.seats and len(model.seats) != len(state.players):
        raise SaveFileError(f"the saved game names {len(model.seats)} seat roles for {len(state.players)} players")
    check_cards(state)
    log = [(t, k, a) for t, k, a in model.initial_log]
    for event in log:
        try:
            for lang in LANGS:
                render_event(event, lang)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            raise SaveFileError(f"the saved log holds an entry that cannot be told: {event[1]!r}") from None
    try:
        g = Game.from_state(state, lang=model.lang, seed=model.seed, log=log)
        for step, text_action in enumerate(model.actions, 1):
            try:
                action = Action.from_text(text_action)
                g.apply(action)
            except (ValueError, IllegalActionError) as exc:
                raise SaveFileError(f"the saved moves break off at move {step} ({text_action!r}): {exc}") from None
    except (KeyError, IndexError, TypeError, AttributeError) as exc:
        raise SaveFileError(f"the saved position cannot be played from: a pending step or area is damaged ({exc})") from None
    if digest(g.state) != model.digest:
        raise SaveFileError("the saved position does not match its moves (the file was changed)")
    return g


def save_to(g: Game, path: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(dump(g))


def load_from(path: str) -> Game:
    with open(path, encoding="utf-8") as f:
        return load(f.read())
