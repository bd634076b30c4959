"""What both games check at their boundary, and how a refusal quotes what it was given.

Both referees (``importexport.importexport.engine.Game`` and ``importexport.portroyal.game.Game``)
use these helpers, so a bad input gets the same kind of answer in either game:

- :func:`check_steps` and :func:`check_seat` refuse an undo count or a seat that is no whole number
  or out of range with :class:`~importexport.errors.BadArgumentError`;
- :func:`read_number` reads a whole number of a choice's text form: ASCII digits only ("²" and other
  Unicode digits are no digits here), at most :data:`MAX_DIGITS` of them;
- :func:`read_choice` reads a choice's text form (``p<seat> <kind> key=value ...``) with each game's
  fields;
- :func:`choice_text_error` is the :class:`~importexport.errors.IllegalActionError` for a text that
  is no choice, :func:`field_out_of_range` finds a number or list of a choice beyond the bounds;
- :func:`shown` quotes a value in a message: a text cut to :data:`QUOTE_CHARS` characters, a number
  too long to print named "a number out of range".  No message formats an unbounded value.

>>> shown("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
>>> shown(10**5000), shown(10**5000, "de")
('a number out of range', 'eine Zahl außerhalb des Bereichs')
>>> read_number("12"), read_number("-3")
(12, -3)
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Collection, Mapping
from typing import Any, NoReturn

from .bounds import MAX_CHOICE_CARDS, MAX_CHOICE_NUMBER, MAX_CHOICE_TEXT, MAX_SEED
from .catalog import Table
from .errors import BadArgumentError, IllegalActionError

QUOTE_CHARS = 40
"""A message quotes at most this many characters of a text it was given (then "…")."""
SHOWN_DIGITS = 12
"""A number with more digits than this is named, not printed, in a message."""
MAX_DIGITS = 9
"""The most digits a number in a choice's text may have (the bounds allow six)."""

WORDS = Table("boundary", {
    "out_of_range": "a number out of range",
    "undo_type": "The number of choices to take back must be a whole number, not {value}.",
    "undo_negative": "The number of choices to take back is 0 or more, not {value}.",
    "undo_range": ("You can take back at most {n} choice now, not {value}.",
                   "You can take back at most {n} choices now, not {value}."),
    "seat_type": "A seat is named by a whole number, not {value}.",
    "seat_range": ("The one seat of this table is numbered {last}, not {value}.",
                   "The seats of this table are numbered 0 to {last}, not {value}."),
    # a new game's arguments
    "players": "{game} is played by {lo} to {hi} players, not {value}.",
    "players_one": "{game} is played by {lo} player, not {value}.",
    "seed": "The game number (seed) is a whole number from 0 to {hi}, not {value}.",
    "lang": "The language is one of {langs}, not {value}.",
    "mode": "The way to play is one of {modes}, not {value}.",
    # why a text or a value is no choice (``{problem}`` in a game's ``not_an_action``)
    "text_form": "a choice reads like {example}",
    "text_long": ("it is longer than {n} character", "it is longer than {n} characters"),
    "text_kind": "{part} is no kind of choice",
    "text_part": "{part} cannot be read: its details are whole numbers, such as {example}",
    "text_number": "it holds a number out of range",
    "no_choice": "it is neither a choice nor a choice's text",
}, counts={"undo_range": "n", "seat_range": "n", "text_long": "n"})
"""The sentences of this module, and the parts of a game's refusal of something that is no choice."""

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = QUOTE_CHARS
_REPR.maxlevel, _REPR.maxlist, _REPR.maxtuple, _REPR.maxdict, _REPR.maxset = 2, 4, 4, 4, 4


def is_whole(value: object) -> bool:
    """Whether ``value`` is a whole number: an ``int``, never a ``bool`` or a ``float`` equal to one."""
    return type(value) is int


def _small(value: int) -> bool:
    return -(10**SHOWN_DIGITS) < value < 10**SHOWN_DIGITS


def shown(value: object, lang: str = "en") -> str:
    """``value`` quoted for a message in ``lang``, in one line and at most about 50 characters."""
    if type(value) is int:
        return str(value) if _small(value) else WORDS.format("out_of_range", lang)
    if isinstance(value, str):  # (its first characters, escaped, cut again: an escape is longer than its character)
        text = repr(value[: QUOTE_CHARS + 1])
        return text if len(text) <= QUOTE_CHARS + 2 else text[: QUOTE_CHARS + 1] + "…"
    if isinstance(value, tuple | list):
        inner = ", ".join(_inner(v, lang) for v in value[:4]) + (", …" if len(value) > 4 else "")
        return f"({inner}{',' if len(value) == 1 else ''})" if isinstance(value, tuple) else f"[{inner}]"
    return _inner(value, lang)


def _inner(value: object, lang: str) -> str:
    if type(value) is int or isinstance(value, str):
        return shown(value, lang)
    try:
        text = _REPR.repr(value)
    except Exception:  # noqa: BLE001 (a value whose repr fails, e.g. one holding a number too long to print)
        text = f"<{type(value).__name__}>"
    text = " ".join(text.split())
    return text[:QUOTE_CHARS] + "…" if len(text) > QUOTE_CHARS else text


def check_steps(steps: object, made: int, lang: str) -> int:
    """``steps``, the number of choices to take back, if it is a whole number from 0 to ``made``;
    else :class:`BadArgumentError` (rule ``undo_type``, ``undo_negative`` or ``undo_range``)."""
    if not is_whole(steps):
        _refuse("undo_type", lang, value=steps)
    if steps < 0:  # type: ignore[operator]
        _refuse("undo_negative", lang, value=steps)
    if steps > made:  # type: ignore[operator]
        _refuse("undo_range", lang, value=steps, n=made)
    return steps  # type: ignore[return-value]


def check_seat(seat: object, seats: int, lang: str) -> int:
    """``seat`` if it is a whole number from 0 to ``seats - 1``; else :class:`BadArgumentError`
    (rule ``seat_type`` or ``seat_range``)."""
    if not is_whole(seat):
        _refuse("seat_type", lang, value=seat)
    if not 0 <= seat < seats:  # type: ignore[operator]
        _refuse("seat_range", lang, value=seat, n=seats, last=seats - 1)
    return seat  # type: ignore[return-value]


def check_new_game(game: str, players: object, lo: int, hi: int, seed: object, lang: object,
                   langs: tuple[str, ...]) -> None:
    """A new game's arguments: ``lang`` one of ``langs``, ``players`` a whole number from ``lo`` to ``hi``
    (``game`` names the game in the message), ``seed`` a whole number from 0 to ``MAX_SEED``; else
    :class:`BadArgumentError` (rule ``lang``, ``players``, ``players_one`` or ``seed``), in ``lang``
    if it is one of ``langs``, else in English."""
    if not isinstance(lang, str) or lang not in langs:
        _refuse("lang", "en", value=lang, langs=", ".join(langs))
    if not is_whole(players) or not lo <= players <= hi:  # type: ignore[operator]
        _refuse("players_one" if lo == hi else "players", lang, game=game, lo=lo, hi=hi, value=players)
    if not is_whole(seed) or not 0 <= seed <= MAX_SEED:  # type: ignore[operator]
        _refuse("seed", lang, value=seed, hi="2⁶⁴ − 1")


def check_mode(mode: object, modes: tuple[str, ...]) -> str:
    """``mode`` if it is one of ``modes``; else :class:`BadArgumentError` (rule ``mode``, in English:
    the game's language is not known yet)."""
    if not isinstance(mode, str) or mode not in modes:
        _refuse("mode", "en", value=mode, modes=", ".join(modes))
    return mode


def say(key: str, lang: str, **args: Any) -> str:
    """The sentence ``key`` of :data:`WORDS` in ``lang``; ``value`` and ``part`` are quoted with :func:`shown`."""
    out = dict(args)
    for name in ("value", "part"):
        if name in out:
            out[name] = shown(out[name], lang)
    return WORDS.format(key, lang, **out)


def _refuse(rule: str, lang: str, **args: Any) -> NoReturn:
    raise BadArgumentError(say(rule, lang, **args), rule, args)


# --- a choice's text and fields -------------------------------------------------------------------

def choice_text_error(text: str, problem: str, example: str, part: str = "") -> IllegalActionError:
    """The refusal of ``text``, which is no choice, for reason ``problem`` (``text_form``, ``text_long``,
    ``text_kind``, ``text_part`` or ``text_number``); its message is English, its details let a game
    say it again in its own language (:func:`problem_text`)."""
    args = {"what": text, "problem": problem, "example": example, "part": part}
    return IllegalActionError(f"{shown(text)}: {problem_text(args, 'en')}", "not_an_action", args)


def problem_text(args: dict[str, Any], lang: str) -> str:
    """Why something is no choice (the ``problem`` of a ``not_an_action`` refusal), in ``lang``."""
    problem = args.get("problem", "no_choice")
    return say(problem, lang, example=args.get("example", ""), part=args.get("part", ""), n=MAX_CHOICE_TEXT)


def choice_words(text: str, example: str) -> list[str]:
    """The words of a choice's text, once it is short enough and begins with ``p<seat> <kind>``."""
    if len(text) > MAX_CHOICE_TEXT:
        raise choice_text_error(text, "text_long", example)
    words = text.split()
    if len(words) < 2 or not words[0].startswith("p"):
        raise choice_text_error(text, "text_form", example)
    return words


FieldReader = Callable[[str, str, str, str], object]
"""Reads a field of a choice's text: ``reader(value, text, example, part)`` (:func:`read_number` and
:func:`read_numbers` are two), raising the refusal of ``text`` if ``value`` is none."""


def read_choice(text: str, example: str, kinds: Collection[str],
                fields: Mapping[str, tuple[str, FieldReader]]) -> tuple[int, str, dict[str, object]]:
    """A choice's text ``p<seat> <kind> key=value ...`` read: its seat, its kind (one of ``kinds``) and
    its fields by name, each ``key`` read as ``fields[key] = (name, reader)`` says (a key given twice:
    the last counts); anything else is refused with :func:`choice_text_error`, naming the part."""
    words = choice_words(text, example)
    player = read_number(words[0][1:], text, example, words[0])
    if words[1] not in kinds:
        raise choice_text_error(text, "text_kind", example, words[1])
    out: dict[str, object] = {}
    for part in words[2:]:
        key, _, value = part.partition("=")
        if key not in fields:
            raise choice_text_error(text, "text_part", example, part)
        name, reader = fields[key]
        out[name] = reader(value, text, example, part)
    return player, words[1], out


def read_number(word: str, text: str = "", example: str = "", part: str = "") -> int:
    """The whole number ``word`` (ASCII digits, a minus sign allowed, at most :data:`MAX_DIGITS` digits);
    else the refusal of ``text`` naming ``part`` (``text_part``) or a number out of range (``text_number``)."""
    digits = word[1:] if word.startswith("-") else word
    if not (digits.isascii() and digits.isdigit()):
        raise choice_text_error(text or word, "text_part", example, part or word)
    if len(digits) > MAX_DIGITS:
        raise choice_text_error(text or word, "text_number", example)
    return int(word)


def read_numbers(word: str, text: str, example: str, part: str) -> tuple[int, ...]:
    """A comma-separated list of whole numbers (at most :data:`MAX_CHOICE_CARDS` of them)."""
    items = word.split(",")
    if len(items) > MAX_CHOICE_CARDS:
        raise choice_text_error(text, "text_number", example)
    return tuple(read_number(v, text, example, part) for v in items)


def field_out_of_range(fields: dict[str, object]) -> tuple[str, str] | None:
    """The first field of a choice (whose types are right) holding a number beyond
    ±:data:`MAX_CHOICE_NUMBER`, or more than :data:`MAX_CHOICE_CARDS` numbers: ``(field, rule)``,
    the rule ``out_of_range`` or ``too_many``; None if every field is in bounds."""
    for name, value in fields.items():
        if type(value) is int:
            if not -MAX_CHOICE_NUMBER <= value <= MAX_CHOICE_NUMBER:
                return name, "out_of_range"
        elif isinstance(value, tuple):
            if len(value) > MAX_CHOICE_CARDS:
                return name, "too_many"
            if any(not -MAX_CHOICE_NUMBER <= v <= MAX_CHOICE_NUMBER for v in value):
                return name, "out_of_range"
    return None
