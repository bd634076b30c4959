"""The sentences of a refused save file or scenario, in every language (the catalog's table ``files``).

A :class:`~importexport.errors.SaveFileError` or :class:`~importexport.errors.ScenarioError` holds
a message key and its details; a detail may be a :class:`Phrase` (a part of a sentence with its own
key), a :class:`Number` (written with the language's thousands separator) or a function of the
language, each told in the language of the whole.  :func:`reason` turns a complaint of a pydantic
model into the project's own phrase naming what the field takes: no library's wording reaches a
player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, is_dataclass
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from pydantic import BaseModel

from .catalog import Table
from .errors import TextError


@dataclass(frozen=True)
class Phrase:
    """A part of a sentence: a message of ``FILES`` with its details."""

    key: str
    details: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        return say(self.key, lang, self.details)

    def __str__(self) -> str:
        return self.text("en")


def phrase(key: str, /, **details: Any) -> Phrase:
    return Phrase(key, details)


@dataclass(frozen=True)
class Number:
    """A whole number as a language writes it (1,000,000 in English, 1.000.000 in German)."""

    value: int

    def text(self, lang: str) -> str:
        written = f"{self.value:,}"
        return written.replace(",", ".") if lang == "de" else written


def told(value: Any, lang: str) -> Any:
    """A detail in ``lang``: a phrase or number told, a function of the language called, else itself."""
    if isinstance(value, (Phrase, Number, TextError)):
        return value.text(lang)
    if callable(value):
        return value(lang)
    return value


def say(key: str, lang: str, details: Mapping[str, Any]) -> str:
    """The message ``key`` of ``FILES`` in ``lang``, filled in with ``details`` told in ``lang``."""
    return FILES.format(key, lang, **{name: told(value, lang) for name, value in details.items()})


def shown(value: object) -> str | Phrase:
    """A short rendering of a value found in a file or scenario (JSON's and YAML's true, false, null);
    a number of thousands of digits is described, never written out."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int):
        return str(value) if value.bit_length() <= 128 else phrase("digits_about", n=value.bit_length() * 3 // 10)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:37]) + "..."
    names = {list: "a_list", tuple: "a_list", dict: "a_mapping", bytes: "bytes"}
    return phrase(names[type(value)]) if type(value) in names else phrase("a_kind", kind=type(value).__name__)


def step(part: object) -> str:
    """One step of a place (``seats.1.ships``): a key or an index, shortened; a key that is a number
    of thousands of digits is described, never written out."""
    if isinstance(part, int) and not isinstance(part, bool) and part.bit_length() > 128:
        return str(shown(part))
    return str(part)[:40]


# --- a model's complaint in the project's words ---------------------------------------------------

WANTED: Mapping[str, str] = {
    "int_type": "w_int", "int_parsing": "w_int", "int_from_float": "w_int", "bool_type": "w_bool",
    "bool_parsing": "w_bool", "list_type": "w_list", "tuple_type": "w_list", "string_type": "w_text",
    "model_type": "w_mapping", "model_attributes_type": "w_mapping", "dict_type": "w_mapping",
    "dataclass_type": "w_mapping", "dataclass_exact_type": "w_mapping",
}
"""The pydantic complaints of a wrong type, and the phrase naming what the field takes."""

BOUNDS: Mapping[str, tuple[str, str]] = {
    "less_than_equal": ("at_most", "le"), "greater_than_equal": ("at_least", "ge"),
    "less_than": ("below", "lt"), "greater_than": ("above", "gt"),
}


def reason(err: Mapping[str, Any], model: type[BaseModel] | None = None) -> Phrase:
    """The project's phrase for one pydantic complaint (``err`` of ``ValidationError.errors()``):
    what the field takes and what was found, never the library's text.  ``model`` lets a field of
    fixed values name them."""
    kind, ctx, found = err["type"], err.get("ctx") or {}, err.get("input")
    if kind in WANTED:
        return phrase("want", want=phrase(WANTED[kind]), found=shown(found))
    if kind in BOUNDS:
        key, name = BOUNDS[kind]
        limit = ctx.get(name)
        return phrase(key, limit=shown(limit), found=shown(found))
    if kind == "int_parsing_size":  # (a whole number beyond what the reader holds)
        return phrase("far_smaller", found=shown(found))
    if kind in ("too_long", "too_short"):
        n, m = ctx.get("max_length" if kind == "too_long" else "min_length"), ctx.get("actual_length")
        return phrase("max_items" if kind == "too_long" else "min_items", n=n, m=m)
    if kind in ("string_too_long", "string_too_short"):
        n = ctx.get("max_length" if kind == "string_too_long" else "min_length")
        return phrase("max_chars" if kind == "string_too_long" else "min_chars", n=n)
    if kind == "literal_error":
        values = fixed_values(model, tuple(err["loc"])) if model is not None else None
        if values:
            return phrase("one_of", values=", ".join(str(shown(v)) for v in values), found=shown(found))
    if kind == "string_pattern_mismatch":
        return phrase("pattern", found=shown(found))
    if kind == "missing":
        return phrase("missing")
    if kind == "invalid_key":
        return phrase("key_not_text")
    if kind == "union_tag_invalid":
        return phrase("step_kind", found=shown(found.get("kind") if isinstance(found, dict) else found))
    if kind == "union_tag_not_found":
        return phrase("step_no_kind")
    if kind == "scenario" and isinstance(ctx.get("reason"), Phrase):
        return ctx["reason"]  # (a check of the project's own, already in its words)
    return phrase("not_allowed", found=shown(found))


def _inner(tp: Any) -> Any:
    """``tp`` without ``Annotated`` and without ``None`` in a union of one other type."""
    while get_origin(tp) is not None and hasattr(tp, "__metadata__"):
        tp = get_args(tp)[0]
    if get_origin(tp) in (Union, UnionType):
        members = [a for a in get_args(tp) if a is not type(None)]
        if len(members) == 1:
            return _inner(members[0])
    return tp


def fixed_values(model: type[BaseModel] | None, loc: tuple[int | str, ...]) -> tuple[Any, ...] | None:
    """The values a ``Literal`` field at ``loc`` of ``model`` takes (None if the place has none)."""
    tp: Any = model
    for part in loc:
        tp = _inner(tp)
        if isinstance(tp, type) and issubclass(tp, BaseModel) and isinstance(part, str):
            info = tp.model_fields.get(part)
            if info is None:
                return None
            tp = info.annotation
        elif is_dataclass(tp) and isinstance(part, str):  # (a referee's state class: ``importexport.schema``)
            tp = get_type_hints(tp, include_extras=True).get(part)
            if tp is None:
                return None
        elif get_origin(tp) is list and isinstance(part, int):
            tp = get_args(tp)[0]
        elif get_origin(tp) is dict and isinstance(part, str):
            tp = get_args(tp)[1]
        else:
            return None
    tp = _inner(tp)
    return get_args(tp) if get_origin(tp) is Literal else None


Teller = Callable[[str], str]
"""A detail worded by the game itself (a card's name), given the language."""


# --- the one plain sentence a player reads first --------------------------------------------------

NOT_A_SAVE = frozenset({"not_utf8", "not_text", "save_surrogate", "not_json", "json_digits", "json_constant",
                        "json_twice", "wrong_format", "save_too_deep"})
"""The refusals of a file that is no saved game at all (not text, not JSON, or no save's format)."""
CHANGED = frozenset({"ie_digest", "pr_digest", "moves_break", "undo_order", "undo_person"})
"""The refusals of a save whose moves and position no longer agree: the file was edited after saving."""


def plain_key(exc: BaseException) -> str:
    """The key of the one plain sentence that tells a player what is wrong with a file they chose
    (``plain_*`` of ``FILES``): not a saved game, too large, changed after saving, or damaged."""
    key = getattr(exc, "key", None)
    if key == "damaged":
        inner = (getattr(exc, "details", {}) or {}).get("reason")
        key = inner.key if isinstance(inner, Phrase) and inner.key in CHANGED else key
    if key == "too_big":
        return "plain_too_big"
    if key in NOT_A_SAVE:
        return "plain_not_save"
    return "plain_changed" if key in CHANGED else "plain_damaged"


def plain(exc: BaseException, lang: str) -> str:
    """One sentence in ``lang`` on a file that cannot be loaded, without a field's path or a library's
    words (the details, ``error.text(lang)``, say exactly where and what)."""
    return say(plain_key(exc), lang, {})


def mode_word(mode: str) -> Phrase | str:
    """A Port Royal way to play (``cooperative``) as a word of the language, for a refusal's sentence."""
    return phrase("mode_" + mode) if "mode_" + mode in FILES else mode


FILES = Table("files", {
    # values found
    "digits_about": "a number of about {n} digits",
    "a_list": "a list",
    "a_mapping": "a mapping",
    "bytes": "bytes",
    "a_kind": "a value of the type {kind}",
    # what a field takes
    "w_int": "a whole number",
    "w_bool": "true or false",
    "w_list": "a list",
    "w_text": "text",
    "w_mapping": "a mapping",
    "want": "must be {want}, not {found}",
    "at_most": "must be at most {limit}, not {found}",
    "at_least": "must be at least {limit}, not {found}",
    "below": "must be less than {limit}, not {found}",
    "above": "must be more than {limit}, not {found}",
    "between": "must be {lo} to {hi}, not {found}",
    "max_items": ("must hold at most {n} entry, not {m}", "must hold at most {n} entries, not {m}"),
    "min_items": ("must hold at least {n} entry, not {m}", "must hold at least {n} entries, not {m}"),
    "exact_items": ("must hold {n} entry, not {m}", "must hold {n} entries, not {m}"),
    "span_items": "must hold {lo} to {hi} entries, not {m}",
    "max_chars": ("must be at most {n} character long", "must be at most {n} characters long"),
    "min_chars": ("must be at least {n} character long", "must be at least {n} characters long"),
    "one_of": "must be one of {values}, not {found}",
    "pattern": "is not written in the form this field takes ({found})",
    "missing": "is missing",
    "key_not_text": "is a key that is not text",
    "not_allowed": "holds a value this field does not take ({found})",
    "far_smaller": "must be far smaller, not {found}",
    "step_kind": "a pending step of an unknown kind {found}",
    "step_no_kind": "a pending step without its 'kind'",
    "more": ("{text} (and {n} more problem)", "{text} (and {n} more problems)"),
    # the one sentence a player reads first (the details below it say where and what)
    "plain_not_save": "That file cannot be loaded: it is not a saved game of Import/Export or Port Royal.",
    "plain_too_big": "That file cannot be loaded: it is too large to be a saved game.",
    "plain_changed": "That saved game cannot be loaded: it was changed after it was saved, and its moves no "
        "longer fit together.",
    "plain_damaged": "That saved game cannot be loaded: part of it is missing or holds something no game can have.",
    # Port Royal's ways to play, in a sentence
    "mode_base": "base",
    "mode_competitive": "competitive",
    "mode_cooperative": "cooperative",
    "mode_solo": "solo",
    # reading a save
    "too_big": "the file is too large for a saved game ({size} bytes in UTF-8; at most {limit})",
    "not_utf8": "not a saved game: the file is not text (UTF-8)",
    "not_text": "not a saved game: expected the file's text, not {kind}",
    "save_surrogate": "not a saved game: the file's text holds a lone surrogate, which UTF-8 cannot hold",
    "not_json": "not a saved game: the file is not valid JSON (line {line}, column {column})",
    "json_digits": "not a saved game: the file holds a number of {n} digits (at most {limit})",
    "json_constant": "not a saved game: the file holds {word}, which is no number JSON allows",
    "json_twice": "not a saved game: an object of the file names the field {name} twice",
    "wrong_format": "not a saved game of {game} (the 'format' field is missing or wrong)",
    "save_too_deep": "the file is nested too deeply for a saved game (lists or objects inside each other)",
    "damaged": "the saved game is damaged at '{where}': {reason}",
    "undo_order": "the saved undo points are not moves of the game, in order",
    "undo_person": "the saved undo points name a move that was not a person's",
    "bot_seat": "the saved random state names seat {seat}, which is no bot of this game",
    "bot_state": "the saved random state of the bot at seat {seat} is damaged",
    "moves_break": "the saved moves break off at move {step} ({move}): {why}",
    # reading a scenario
    "at_place": "{where} {reason}",
    "not_key": "{where} is not a key of {label} (it takes {keys})",
    "not_key_advice": "{where} is not a key of {label}: {advice}",
    "l_scenario": "a scenario",
    "l_seat": "a seat",
    "l_ship": "a ship",
    "l_turn": "'turn'",
    "l_mapping": "this mapping",
    "l_pr_scenario": "a Port Royal scenario",
    "keys_none": "none",
    "harbour_advice": "give harbour colours in the top-level 'harbours' list",
    "sc_too_many": "the scenario holds more than {n} items (lists, mappings, keys and values)",
    "sc_too_deep": "the scenario nests too deeply (more than {n} levels)",
    "sc_too_long": "the scenario text is longer than {n} bytes (in UTF-8)",
    "sc_yaml": "the scenario is not valid YAML: {what} (line {line}, column {column})",
    "y_syntax": "its punctuation or indentation is wrong",
    "y_alias": "an alias or anchor is used wrongly",
    "y_tag": "a tagged value cannot be read (an unknown tag, or a value its tag does not take)",
    "sc_yaml_char": "the scenario text holds a character YAML does not allow (character {position})",
    "sc_value": "the scenario holds a value that cannot be read (line {line}, column {column}): {found}",
    "sc_digits": "the scenario holds a number of {n} digits (line {line}, column {column}; at most {limit})",
    "sc_surrogate": "the scenario text is not valid Unicode (it holds a lone surrogate)",
    "sc_twice": "the scenario names the key {name} twice in one mapping (line {line}, column {column})",
    "sc_not_mapping": "a scenario is YAML text or a mapping (players, seats, island, ...), not {found}",
    "sc_lang": "lang must be one of {values}, not {found}",
    "sc_unsaveable": "the scenario describes a table that no saved game may hold: {why}",
    # Import/Export's scenarios
    "card_ref": "must be a card (a name or an id), not {found}",
    "turn_null": "must be a mapping with 'led' and 'declared', not null",
    "dealt_alone": "with 'deal: true' the table is dealt, so {keys} cannot be given",
    "area_crew": "the crew",
    "area_goods": "the goods",
    "area_containers": "the containers",
    "token_module": "{where}: {ref}: tokens in {area} need the module {module}",
    "token_write": "{where}: {ref}: write token:<colour> with one of green, yellow, black, blue, red",
    "token_action": "{where}: {ref}: a token in the crew takes one of {actions}",
    "token_no_action": "{where}: {ref}: a token in {area} takes no action (only crew tokens keep one)",
    "token_spent": "{where}: {ref}: there are {n} tokens of each kind, no more",
    "tokens2_items": "{where}: with the module 'tokens2' {area} are tokens: write token:<colour>",
    "tokens1_containers": "{where}: with the token variants the containers are tokens: write token:<colour>",
    "no_card_id": "{where}: there is no card with id {id}",
    "unknown_card": "{where}: unknown card {ref}: no card of that name is in the card list",
    "card_used": "{where}: {card} is already used in {other}",
    "seats_for": "seats: {m} seats described for a {n}-player game",
    "harbours_give": "harbours: give {n} different colours out of {colours}",
    "active_seat": "active must be a seat from 0 to {last}, not {found}",
    "sea_contracts": "{where}: a ship at sea carries no contracts",
    "unknown_colour": "{where}: unknown colour {colour}",
    "declared_count": "turn.declared: give one whole number per seat ({n}), not {m}",
    # Import/Export's saves
    "ie_roles": "the saved game names {m} seat roles for {n} players",
    "ie_log": "the saved log holds an entry that cannot be told: {entry}",
    "ie_digest": "the saved position does not match its moves (the file was changed)",
    "ie_no_choice": "the saved position leaves a player a decision without any choice",
    "ie_unplayable": "the saved position cannot be played from: a pending step or area is damaged ({kind})",
    "ie_seat_order": "the saved players are out of order (each player's seat must match its place)",
    "ie_harbour_twice": "the saved players share a harbour colour ({colour}); each harbour is one colour",
    "ie_ships": "the saved ships do not match the players (two ships per seat)",
    "ie_not_theirs": "the saved player {p} lists ships that are not theirs",
    "ie_sea_contracts": "the saved ship {s} is at sea but carries contracts",
    "ie_sides": "the saved ship {s} does not give one side per contract and one colour and one filled contract per container",
    "ie_token_outside": "the saved table holds a {card} outside ships, crews and goods",
    "ie_card_id": "the saved table holds an unknown card id {card}",
    "ie_card_twice": "the saved table holds {card} twice",
    "ie_card_lost": "the saved table has lost {card} (each card lies somewhere, or in the box)",
    "ie_tokens_module": "the saved table holds container tokens, but the token variants are not in play",
    "ie_token_twice": "the saved table holds a {card} (id {id}) twice",
    "ie_tokens_crew": "the saved table holds tokens in a crew or among goods, which only variant 2 allows",
    "ie_turn_players": "the saved turn does not match the number of players",
    "ie_turn_seat": "the saved turn names a seat beyond the {n} players",
    "ie_winners": "the saved winners are impossible (a finished game, and only one, has winners, each once)",
    "ie_modules": "the saved modules repeat one, or have variant 2 of the tokens without variant 1",
    "ie_market": "the saved goods market needs five markers when the goods market is in play, and none otherwise",
    "ie_step_seat": "the saved pending step {i} ({kind}) names seat {seat} of {n}",
    "ie_step_seats": "the saved pending step {i} ({kind}) names seats that are not at the table",
    "ie_step_bids": "the saved pending step {i} (bid) does not give one bid per bidder",
    "ie_step_ship": "the saved pending step {i} ({kind}) names a ship that is not on the table",
    "ie_note_seat": "the saved note '{note}' of an ability names seat {seat} of {n}",
    "ie_note_ship": "the saved note '{note}' of an ability names ship {ship}, which is not on the table",
    "ie_note_pairs": "the saved note 'super_ships' of an ability lists joined ships in pairs, but one is alone",
    # Port Royal's saves
    "pr_roles": "{m} roles for {n} players",
    "pr_log": "an entry that cannot be told ({entry})",
    "pr_digest": "the position its moves reach differs (the file was changed)",
    "pr_unplayable": "the saved position cannot be played from: a pending step or pile is damaged ({kind})",
    "pr_card": "card {id} ({name})",
    "kind_ship": "a ship",
    "kind_person": "a person",
    "kind_tax": "a tax",
    "kind_expedition": "an expedition",
    "holds_person": "persons",
    "holds_expedition": "expeditions",
    "holds_ship_person": "ships or persons",
    "pr_base_contracts": "the base game has no contracts: choose the mode competitive, cooperative or solo",
    "pr_not_contract": "{cid} is not a contract of {mode} play; they are {ids}",
    "pr_contract_twice": "contract {cid} is laid out twice",
    "pr_contract_count": "lay out 1 to {n} contracts, not {m}",
    "pr_n_exact": ("{mode} Port Royal is played by exactly {lo} player, not {n}",
                   "{mode} Port Royal is played by exactly {lo} players, not {n}"),
    "pr_n_span": "{mode} Port Royal is played by {lo} to {hi} players, not {n}",
    "pr_players": "{m} players listed for n = {n}",
    "pr_seat": "seat {seat} is not at a table of {n}",
    "pr_ending": "the last round is counted only in base and competitive play",
    "pr_repelled": "{m} ships driven off, more than the {turned} cards turned this turn",
    "pr_declared": "only a team declares the game over, and then it is over",
    "pr_box_rows": "{m} rows of boxes for {n} contracts",
    "pr_second_cube": "seat {seat} has a second cube on one contract",
    "pr_no_contract": "there is no contract {t} among {n}",
    "pr_listed_twice": "contract {t} is listed twice",
    "pr_cubes": "the cubes on the contracts' boxes do not match (contract {t})",
    "pr_time_mode": "only cooperative and solo play have a time pile, not {mode} play",
    "pr_time_size": "{m} cards, more than the contracts' seals allow ({n})",
    "pr_card_deck": "card {card} is not in the deck of {mode} play (ids 0 to {last})",
    "pr_two_places": "{card} lies in two places (also at '{other}')",
    "pr_kind_here": "{card} is {kind}, which cannot lie here",
    "pr_card_missing": "{card} is missing (each card of the game lies in exactly one place)",
    "pr_second_ship": "a second ship of colour {colour} (the turn would have busted)",
    "pr_active_turns": "only the active player (seat {seat}) turns cards over",
    "pr_beyond": "{i} is beyond the {n} players",
    # Port Royal's scenarios
    "pr_sc_not_mapping": "a scenario is a mapping of fields (players, seats, harbour, ...), not {found}",
    "pr_sc_no_card": "{where}: there is no card {id} in a {mode} game (ids 0-{last})",
    "pr_sc_no_name": "{where}: no card is called {ref} in a {mode} game (see docs/portroyal-scenarios.md for how cards are named)",
    "pr_sc_all_used": "{where}: every card called {ref} is used already ({n} in the game)",
    "pr_sc_twice": "{where}: card {id} is used twice (also at {other})",
    "pr_sc_kind": "{where}: {ref} is {kind}, and {area} holds {kinds}",
    "pr_sc_players_exact": ("players: {mode} play has {lo} player, not {n}", "players: {mode} play has {lo} players, not {n}"),
    "pr_sc_players": "players: {mode} play has {lo} to {hi} players, not {n}",
    "pr_sc_seat": "{name}: seat {seat} does not exist with {n} players (seats 0-{last})",
    "pr_sc_seats": "seats: {m} seats described for {n} players",
    "pr_sc_need_contracts": "contracts: the expansion's modes lay out at least one contract: list their ids",
    "pr_sc_ending": "ending: the last round is counted only in base and competitive play, not in {mode} play",
    "pr_sc_time_mode": "{name}: only cooperative and solo play have a time pile",
    "pr_sc_time_both": "time_pile_size: give the time pile's cards (time_pile) or its size, not both",
    "pr_sc_coins": "seats[{i}].coins: only {n} cards are left to be coins",
    "pr_sc_time_left": "time_pile: {m} cards wanted, {n} are left",
    "pr_sc_time_seals": "time_pile: {m} cards, more than the contracts' seals allow ({n})",
    "pr_sc_box_contract": "boxes.{cid}: no such contract is laid out (contracts: {ids})",
    "pr_sc_box_seat": "{where}: seat {seat} does not exist with {n} players",
    "pr_sc_box_again": "{where}: seat {seat} has a cube here already: each fulfils a contract once",
    "pr_sc_box_cubes": "{where}: seat {seat} has no cube left ({n} each)",
    "pr_sc_bust": "harbour: two {colour} ships would have busted the turn",
    "pr_sc_repel_ship": "just_turned: phase repel needs the ship just turned",
    "pr_sc_repel_swords": "just_turned: the active player's swords cannot drive this ship off",
    "pr_sc_just": "just_turned: only phase repel has a ship just turned",
    "pr_sc_taker": "taker/left: only phase take has them",
}, counts={"pr_n_exact": "lo", "pr_sc_players_exact": "lo"})
