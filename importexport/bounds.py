"""Upper bounds on every number and size that reaches the engine from outside.

Each bound is far above anything a real game reaches (the figures measured are in the comments:
400 random games with abilities and random modules, 2 to 6 players), and low enough that no file,
scenario or choice can make one call run long or use much memory.  ``docs/bounds.md`` lists them
with the errors a breach gives.
"""

from __future__ import annotations

from typing import Final

MAX_CREDITS: Final = 999
"""Credits a player may hold (measured: at most 71; the game ends at 50).  Gains beyond it are
lost to the bank, so a sealed bid never has more than 1,000 options."""

MAX_SEED: Final = 2**64 - 1
"""Game numbers (seeds) and the random source's state are 64-bit."""

MAX_TURN: Final = 10_000
"""The turn counter in a file or scenario (measured: at most 256, random bots)."""

MAX_MOVES: Final = 10_000
"""Choices a saved game may hold; loading replays them all (measured: at most 2,192 per game)."""

MAX_LOG: Final = 10_000
"""Entries of a saved game's opening log (a scenario's or a new game's: a few dozen)."""

MAX_SAVE_BYTES: Final = 1_000_000
"""Size of a save file, refused before it is parsed (measured: at most 38 KB)."""

MAX_SCENARIO_BYTES: Final = 100_000
"""Size of a scenario's text, refused before it is parsed (the longest in the chapters: under 2 KB)."""

MAX_DEPTH: Final = 12
"""How deeply the JSON or YAML of a file or scenario may nest (a save needs 5 levels)."""

MAX_DECLARED: Final = 99
"""Actions one seat may have declared in a scenario's ``turn`` (a real turn: at most a handful)."""

MAX_ITEMS: Final = 10_000
"""Lists, mappings and entries a scenario may hold in all, counting every repeat of a YAML alias
(a full table: under 1,000)."""

MAX_TEXT: Final = 200
"""Length of one text field in a file (a seat's role, an end reason, an ability's note)."""


MAX_CHOICE_NUMBER: Final = 99_999
"""A whole number in a choice (a seat, card, ship, place, count, bid or option) lies within
±99,999; any other is "a number out of range" (ids of cards and container tokens are below 4,660,
bids at most 999)."""

MAX_CHOICE_CARDS: Final = 64
"""Numbers in one list of a choice (its cards or places; measured: at most 3)."""

MAX_CHOICE_TEXT: Final = 1_000
"""Characters of a choice's text form (64 ids of four digits fit; measured: at most 41)."""

def too_deep(value: object, limit: int = MAX_DEPTH) -> bool:
    """Whether lists and dicts in ``value`` nest more than ``limit`` levels (checked without recursion)."""
    todo: list[tuple[object, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (list, tuple, dict)):
            if depth >= limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            todo.extend((child, depth + 1) for child in children)
    return False


def whole_text(value: object) -> bool:
    """Whether every text in ``value`` (keys too) is whole Unicode: no lone surrogate, which UTF-8
    cannot hold (a JSON or YAML escape such as ``\\ud800`` makes one).  Checked without recursion."""
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict):
            todo.extend(item)
            todo.extend(item.values())
        elif isinstance(item, (list, tuple)):
            todo.extend(item)
    return True
