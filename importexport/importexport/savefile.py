"""Saving and loading games as JSON.

A save holds the position the game started from, every choice made since, and a digest of the
position reached.  Loading refuses, with :class:`SaveFileError` naming the place, anything that is
not a sound game: text that is no JSON or too large or too deeply nested (checked before the
rest), any field of the wrong type or out of its bounds (the state's own classes are the schema,
see ``state`` and ``frames``; the abilities' notes are read with ``state.Notes``), a table that breaks the game's promises (every card in exactly one
place, one harbour per colour, ...: :func:`check_table`), and moves that are not legal when
replayed.  Nothing is half-loaded.  ``docs/bounds.md`` lists the limits.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal

from pydantic import ValidationError

from ..bounds import MAX_SAVE_BYTES
from ..errors import IllegalActionError, ImportExportError, SaveFileError
from ..file_words import Teller, phrase, shown
from ..saves import SaveFile, SessionSave, damage, digest, envelope, moves_break, parse, read_session
from ..schema import missing_field
from .actions import Action, from_v1
from .cards import CARDS
from .engine import Game
from .i18n import LANGS, card_name, message, render_event
from .state import State, note_numbers
from .tokens import tokens_in_play

FORMAT = "importexport-save"
VERSION = 2
"""Version 2 names every field of a pending step in words and writes actions with named places and
colours (see :mod:`importexport.importexport.actions`); version 1 files are read too."""

class SaveModel(SaveFile[State]):
    """The file's shape; ``initial`` is validated by the state's own classes."""

    format: Literal["importexport-save"]
    version: Literal[1, 2]


def dump(g: Game, seats: list[str] | None = None, session: SessionSave | None = None) -> str:
    """The game as compact JSON text (``seats``: who plays each seat, "human" or a bot's name;
    ``session``: the undo points and the bots' random state, so a loaded game goes on exactly as
    this one would)."""
    data = envelope(g, FORMAT, VERSION, seats, session)
    return json.dumps(data, separators=(",", ":"))


# --- reading ---------------------------------------------------------------------------------

V1_KEYS = {"k": "kind", "p": "seat", "c": "card", "s": "ship", "a": "action", "q": "step", "lo": "least",
           "hi": "most", "ph": "phase", "o": "order", "may": "optional", "r": "round", "n": "carried"}
"""Version 1 wrote a frame's fields as one or two letters."""
V2_TO_V1 = {new: old for old, new in V1_KEYS.items()} | {"round_step": "r", "queued": "n", "payee": "to"}


def frame_from_v1(frame: Any) -> Any:
    """A version-1 frame with its fields named as version 2 names them (anything else unchanged)."""
    if not isinstance(frame, dict):
        return frame
    kind = frame.get("k")
    out = {}
    for key, value in frame.items():
        new = V1_KEYS.get(key, key)
        if key == "r" and kind == "ask":
            new = "round_step"
        elif key == "n" and kind == "end_step":
            new = "queued"
        elif key == "to" and kind == "ask":
            new = "payee"
        elif key == "left" and kind == "solo" and isinstance(value, int) and value < 0:
            continue  # version 1 counted an open-ended solo turn below zero; now it has no "left"
        out[new] = value
    return out


def frame_to_v1(frame: dict[str, Any]) -> dict[str, Any]:
    """The inverse of :func:`frame_from_v1` (a version-1 file's digest is taken in its own names)."""
    return {V2_TO_V1.get(key, key): value for key, value in frame.items()}


def _validate(raw: dict[str, Any]) -> SaveModel:
    raw = _with_fills(raw)
    if raw.get("version") == 1 and isinstance(raw.get("initial"), dict) and isinstance(raw["initial"].get("stack"), list):
        initial = {**raw["initial"], "stack": [frame_from_v1(f) for f in raw["initial"]["stack"]]}
        players = initial.get("players")
        if "acts" not in initial and isinstance(players, list):  # (written before a follower could act otherwise)
            initial["acts"] = [-1] * len(players)
        initial.setdefault("modules", [])
        initial.setdefault("market", [])
        initial.setdefault("box", _v1_box(initial))
        raw = {**raw, "initial": initial}
    missing = missing_field(raw.get("initial"), State, "initial")
    if missing:
        raise SaveFileError("damaged", where=missing, reason=phrase("missing"))
    try:
        return SaveModel.model_validate_json(json.dumps(raw), strict=True)
    except ValidationError as exc:
        raise damage(exc.errors()[0], SaveModel) from None


def _with_fills(raw: dict[str, Any]) -> dict[str, Any]:
    """A file written before ships recorded the contract each container fills gets an empty record
    (``fills`` -1 per container; the game settles it as it starts, ``rules.settle_harbours``); its digest is
    then taken without the record (``_load``)."""
    initial = raw.get("initial")
    ships = initial.get("ships") if isinstance(initial, dict) else None
    if not isinstance(ships, list) or not any(isinstance(x, dict) and "fills" not in x for x in ships):
        return raw
    fixed = [
        {**x, "fills": [-1] * len(x["containers"])} if isinstance(x, dict) and "fills" not in x and isinstance(x.get("containers"), list) else x
        for x in ships
    ]
    return {**raw, "initial": {**initial, "ships": fixed}}


def load(text: str | bytes) -> Game:
    """A game from JSON text written by :func:`dump`; :class:`SaveFileError` if it is not sound."""
    return _load(text)[0]


def load_session(text: str | bytes) -> tuple[Game, list[str], SessionSave | None]:
    """A game with who plays each seat (empty if the file does not say) and what the table kept
    around it (``None`` if the file holds none); :class:`SaveFileError` if any of it is not sound."""
    g, model = _load(text)
    return g, list(model.seats), read_session(g, model.seats, model.session)


def _load(text: str | bytes) -> tuple[Game, SaveModel]:
    raw = parse(text, FORMAT, "Import/Export")
    model = _validate(raw)
    no_fills = isinstance(raw, dict) and isinstance(raw.get("initial"), dict) and _with_fills(raw) is not raw
    state = model.initial
    if model.seats and len(model.seats) != len(state.players):
        raise SaveFileError("ie_roles", m=len(model.seats), n=len(state.players))
    check_table(state)
    log = [(t, k, a) for t, k, a in model.initial_log]
    for event in log:
        try:
            for lang in LANGS:
                render_event(event, lang)
        except Exception:  # noqa: BLE001 (any failure to tell an entry means the entry is damaged)
            raise SaveFileError("ie_log", entry=shown(event[1])) from None
    g = _replay(state, model, log)
    wanted = _file_digest(g.state, model.version, no_fills)
    if wanted != model.digest:
        raise SaveFileError("ie_digest")
    return g, model


def _replay(state: State, model: SaveModel, log: list[tuple[int, str, dict[str, Any]]]) -> Game:
    """The game the file's moves reach from ``state`` and its opening ``log``; each move must be legal where it is made."""
    try:
        g = Game.from_state(state, lang=model.lang, seed=model.seed, log=log)
        for step, text_action in enumerate(model.actions, 1):
            try:
                g.apply(Action.from_text(from_v1(text_action) if model.version == 1 else text_action))
            except IllegalActionError as exc:
                raise moves_break(step, text_action, _why(g, exc)) from None
            except ValueError as exc:  # (a move's text that names no choice: the parser's own sentence)
                raise moves_break(step, text_action, str(exc)) from None
        if not g.is_over() and not all(g.legal_actions(seat) for seat in g.deciders()):
            raise SaveFileError("ie_no_choice")
    except ImportExportError:
        raise
    except Exception as exc:  # noqa: BLE001 (a position the checks above let through but the rules cannot play)
        raise SaveFileError("ie_unplayable", kind=type(exc).__name__) from None
    return g


def _why(g: Game, exc: IllegalActionError) -> Teller:
    """The refusal of a saved move, told in any language (the game is as it was before the move)."""
    state = g.state.clone()
    return lambda lang: message(exc.rule, lang, state, **exc.details)


def _v1_box(initial: dict[str, Any]) -> list[int]:
    """Version 1 kept no box: every card not on its table counts as out of the game."""
    try:
        on_table = set(State.from_dict({**initial, "box": []}).all_cards())
    except (KeyError, TypeError, AttributeError, ValueError):
        return []  # (the schema then names what is wrong)
    return [c for c in range(len(CARDS)) if c not in on_table]


def _file_digest(state: State, version: int, no_fills: bool) -> str:
    """The digest as a file of ``version`` took it (``no_fills``: written before ships recorded the
    contract each container fills)."""
    if version == VERSION and not no_fills:
        return digest(state)
    d = state.to_dict()
    if no_fills:
        for ship in d["ships"]:
            del ship["fills"]
    if version == 1:
        del d["box"]
        d["stack"] = [frame_to_v1(f) for f in d["stack"]]
    return hashlib.sha256(json.dumps(d, sort_keys=True).encode()).hexdigest()[:16]


# --- the table's promises --------------------------------------------------------------------

def check_table(state: State) -> None:
    """The promises every position of a real game keeps; :class:`SaveFileError` names the first one broken.

    Every card lies in exactly one place, on the table or in the box; the seats, ships and harbours
    match; numbers that name a seat, ship or step name one that exists; a finished game and only
    a finished game has winners."""
    n = len(state.players)
    _check_seats(state, n)
    _check_ships(state, n)
    _check_cards(state)
    check_tokens(state)
    _check_turn(state, n)
    _check_notes(state, n)


def _repeated(values: list[int]) -> int | None:
    """The first value listed a second time (None: each is listed once)."""
    seen: set[int] = set()
    for value in values:
        if value in seen:
            return value
        seen.add(value)
    return None


def _check_seats(state: State, n: int) -> None:
    if any(p.seat != i for i, p in enumerate(state.players)):
        raise SaveFileError("ie_seat_order")
    twice = _repeated([p.harbour for p in state.players])
    if twice is not None:
        raise SaveFileError("ie_harbour_twice", colour=twice)


def _check_ships(state: State, n: int) -> None:
    # Two ships per seat (ids 2*seat, 2*seat+1); abilities may add extra ships after them.
    if len(state.ships) < 2 * n or any(
        s.id != i or not (s.owner == i // 2 if i < 2 * n else 0 <= s.owner < n) for i, s in enumerate(state.ships)
    ):
        raise SaveFileError("ie_ships")
    for p in state.players:
        if p.ships[:2] != [2 * p.seat, 2 * p.seat + 1] or any(
            not 0 <= sid < len(state.ships) or state.ships[sid].owner != p.seat for sid in p.ships
        ):
            raise SaveFileError("ie_not_theirs", p=p.seat + 1)
    for s in state.ships:
        if s.at_sea and s.contracts:
            raise SaveFileError("ie_sea_contracts", s=s.id)
        if len(s.sides) != len(s.contracts) or len(s.colours) != len(s.containers) or len(s.fills) != len(s.containers):
            raise SaveFileError("ie_sides", s=s.id)


def named(card: int) -> Teller:
    """A card's name in the language of the sentence it stands in (a container token in its words)."""
    return lambda lang: card_name(card, lang)


def _check_cards(state: State) -> None:
    """Every card lies in exactly one place, on the table or in the box: none missing, none twice, no unknown id."""
    seen: set[int] = set()
    for card in [*state.all_cards(), *state.box]:
        if card >= len(CARDS):
            if "tokens1" in state.modules:
                raise SaveFileError("ie_token_outside", card=named(card))
            raise SaveFileError("ie_card_id", card=card)
        if card in seen:
            raise SaveFileError("ie_card_twice", card=named(card))
        seen.add(card)
    missing = set(range(len(CARDS))) - seen
    if missing:
        raise SaveFileError("ie_card_lost", card=named(min(missing)))


def check_tokens(state: State) -> None:
    """Container tokens only with their modules, only known ids, each once, in crews and goods only
    with variant 2 (elsewhere ``_check_cards`` finds them)."""
    found = tokens_in_play(state)
    if not found:
        return
    if "tokens1" not in state.modules:
        raise SaveFileError("ie_tokens_module")
    twice = _repeated(found)
    if twice is not None:
        raise SaveFileError("ie_token_twice", card=named(twice), id=twice)
    if "tokens2" not in state.modules and any(c >= CARDS.token_base for p in state.players for c in p.crew + p.goods):
        raise SaveFileError("ie_tokens_crew")


def _check_turn(state: State, n: int) -> None:
    if not 0 <= state.active < n or len(state.decl) != n or len(state.sold) != n or len(state.acts) != n:
        raise SaveFileError("ie_turn_players")
    if any(x >= n for x in (state.end_seat, state.return_to, *state.extra_turns, *state.winners)):
        raise SaveFileError("ie_turn_seat", n=n)
    if len(set(state.winners)) != len(state.winners) or bool(state.winners) == bool(state.stack):
        raise SaveFileError("ie_winners")
    if len(set(state.modules)) != len(state.modules) or ("tokens2" in state.modules and "tokens1" not in state.modules):
        raise SaveFileError("ie_modules")
    if ("market" in state.modules) != (len(state.market) == 5):
        raise SaveFileError("ie_market")
    for i, frame in enumerate(state.stack):
        for key in ("seat", "owner", "holder", "victim", "payee"):
            if frame.get(key, 0) >= n:
                raise SaveFileError("ie_step_seat", i=i, kind=frame["kind"], seat=frame[key], n=n)
        bidders = frame.get("bidders", [])
        if any(b >= n for b in bidders + frame.get("queue", []) + frame.get("tied", [])) or len(set(bidders)) != len(bidders):
            raise SaveFileError("ie_step_seats", i=i, kind=frame["kind"])
        if "bids" in frame and len(frame["bids"]) != len(bidders):
            raise SaveFileError("ie_step_bids", i=i)
        if not all(0 <= x < len(state.ships) for x in [frame.get("ship", 0), *frame.get("ships", [])] if x >= 0):
            raise SaveFileError("ie_step_ship", i=i, kind=frame["kind"])


def _check_notes(state: State, n: int) -> None:
    """The abilities' notes name only seats and ships of this table (their shape the schema has
    checked: ``state.Notes``)."""
    for key, kind, value in note_numbers(state.marks):
        if kind == "seat" and value >= n:
            raise SaveFileError("ie_note_seat", note=key, seat=value, n=n)
        if kind == "ship" and value >= len(state.ships):
            raise SaveFileError("ie_note_ship", note=key, ship=value)
    if len(state.marks.get("super_ships", ())) % 2:
        raise SaveFileError("ie_note_pairs")


def save_to(g: Game, path: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(dump(g))


def load_from(path: str) -> Game:
    """A game from a file; the size is checked before it is read."""
    with open(path, "rb") as f:
        data = f.read(MAX_SAVE_BYTES + 1)
    return load(data)
