"""Names and numbers the rules use everywhere: goods colours, action types, the payout table.

Colours and actions are small integers inside the engine (fast to compare and to store); the
tables here turn them into the names used in data files, save files and the user interface
(the names players read are catalog messages: English here, other languages in the ``.po`` files).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final

from ..catalog import LANGS, Table


class NameList(Mapping[str, tuple[str, ...]]):
    """Names by language, in the engine's order: ``names[lang][i]`` is the name of number ``i``.

    The English is the table's (one message per name), the other languages come from the catalog."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __getitem__(self, lang: str) -> tuple[str, ...]:
        if lang not in LANGS:
            raise KeyError(lang)
        return tuple(entry.text(lang) for entry in self.table.values())

    def __iter__(self) -> Iterator[str]:
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)


# Goods colours.  The first five are the goods types of the base game; grey is Capital.
GREEN, YELLOW, BLACK, BLUE, RED, GREY = range(6)
COLOURS: Final = ("green", "yellow", "black", "blue", "red", "grey")
BASE_COLOURS: Final = (GREEN, YELLOW, BLACK, BLUE, RED)
GOODS_TYPE: Final = NameList(Table("goods_types", {
    "green": "technology", "yellow": "agriculture", "black": "consumer", "blue": "luxury", "red": "illegal",
    "grey": "capital",
}))
"""The goods type of each colour, by language: ``GOODS_TYPE[lang][colour]``."""
# Letters printed on every card next to its colour, so colour-blind readers can tell them apart.
GOODS_LETTER: Final = ("T", "A", "C", "L", "I", "K")

# Action types.  Trade belongs to the Capital expansion.
SUPPLY, IMPORT, CONTRACT, LOAD, PIRATE, TRADE = range(6)
ACTIONS: Final = ("supply", "import", "contract", "load", "pirate", "trade")
BASE_ACTIONS: Final = (SUPPLY, IMPORT, CONTRACT, LOAD, PIRATE)
ACTION_NAME: Final = NameList(Table("action_names", {
    "supply": "Supply", "import": "Import", "contract": "Contract", "load": "Load", "pirate": "Pirate",
    "trade": "Trade",
}))
"""The name of each action, by language: ``ACTION_NAME[lang][action]``."""

# Special keys in level and cargo requirements.
ANY_GOODS: Final = "any"  # Capital level requirement: every good counts
RAINBOW: Final = "rainbow"  # cargo slot any container colour may fill
RAINBOW_SLOT: Final = 6  # the slot colour used inside the engine for a rainbow slot
TOKEN_PREFIX: Final = "token:"  # a container token in scenarios (modules "tokens1", "tokens2")
RIDING: Final = 7  # container "colour" of a card loaded together with another as one container (fills no slot)

# Setup and limits of the base game.
START_CREDITS: Final = 10
GREY_BONUS_SIX_PLAYERS: Final = 4
HAND_SIZE: Final = 5
SEA_CARDS_PER_SHIP: Final = 4
MAX_CARGO_PER_SHIP: Final = 6
END_CREDITS: Final = 50
SELL_PRICE: Final = 4
IMPORT_TAKE: Final = 2
IMPORT_COMPENSATION: Final = 2
MIN_PLAYERS, MAX_PLAYERS = 2, 6


def payout(containers: int) -> int:
    """Credits for fulfilling the contracts of a ship carrying ``containers`` containers.

    >>> [payout(n) for n in (2, 3, 4, 5, 6)]
    [6, 10, 10, 14, 14]
    """
    if containers <= 2:
        return 6
    if containers <= 4:
        return 10
    return 14


# End scoring.
GOODS_POINTS: Final = (1, 1, 1, 1, 2, 0)  # per good of each colour
ALL_TYPES_BONUS: Final = 10
MAJORITY_BONUS: Final = (6, 6, 6, 8, -6, 0)  # most goods of a colour; illegal is a penalty
UNFULFILLED_CONTAINER_POINTS: Final = 2


def colour_index(name: str) -> int:
    """The engine's number for a colour name (``"green"`` -> 0)."""
    return COLOURS.index(name)


def action_index(name: str) -> int:
    """The engine's number for an action name (``"load"`` -> 3)."""
    return ACTIONS.index(name)


BASE_SETS = ("base",)

# Expansions and variants that can be switched on at game creation, with the card sets they add.
MODULES: dict[str, tuple[str, ...]] = {
    "capital": ("capital",),  # the Trade action, grey Capital cards, the grey player below six
    "tokyo": ("tokyo",),  # the Tokyo harbour replaces the Supply Island
    "j": ("j",),  # cards with two contracts
    "market": (),  # the goods market: supply and demand change payouts
    "kickstarter": ("kickstarter",),
    "kickstarter2": ("kickstarter2",),
    "flag": ("flag",),
    "promo": ("promo",),
    "tokens1": (),  # variant: container tokens instead of cards on the ships (see ``tokens``)
    "tokens2": (),  # variant: tokens for crew and goods too (switches "tokens1" on as well)
}
