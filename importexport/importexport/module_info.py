"""The expansions and variants by name, each with one line on what it changes (the new-game screen
lists them this way instead of their ids).  The texts are catalog messages (docs/i18n.md)."""

from __future__ import annotations

from typing import Final

from ..catalog import Entry, Table
from .cards import CARDS
from .constants import MODULES

GROUPS: Final = Table("module_groups", {
    "expansion": "Expansions",
    "cards": "More cards for the deck",
    "variant": "Variants of the rules",
})
"""The headings the modules are listed under, in this order."""

NAMES: Final = Table("module_names", {
    "capital": "Capital",
    "tokyo": "Tokyo",
    "j": "J cards",
    "market": "Goods market",
    "kickstarter": "Kickstarter cards",
    "kickstarter2": "Kickstarter cards 2",
    "flag": "Flag cards",
    "promo": "Promo cards",
    "tokens1": "Container tokens",
    "tokens2": "Tokens everywhere",
})

ABOUT: Final = Table("module_about", {
    "capital": "grey Capital cards, the Trade action and a grey harbour at any table size",
    "tokyo": "the Tokyo harbour replaces the Supply Island: contracts bought from its columns",
    "j": "cards with two contracts; loaded as one of two colours for 2 credits",
    "market": "supply and demand: goods taken raise a type's value, goods shipped lower it",
    "kickstarter": ("{n} extra card with an ability", "{n} extra cards with abilities"),
    "kickstarter2": ("{n} more extra card with an ability", "{n} more extra cards with abilities"),
    "flag": ("the {n} card of the Flag set", "the {n} cards of the Flag set"),
    "promo": ("{n} promotional card", "{n} promotional cards"),
    "tokens1": "tokens instead of cards travel on the ships as containers",
    "tokens2": "tokens for crew and goods too (brings container tokens along)",
})
"""One line per module; a card set's line counts its cards (``n``)."""

GROUP: Final = {
    "capital": "expansion", "tokyo": "expansion", "j": "expansion", "market": "expansion",
    "kickstarter": "cards", "kickstarter2": "cards", "flag": "cards", "promo": "cards",
    "tokens1": "variant", "tokens2": "variant",
}

MODULE_INFO: Final[dict[str, dict[str, str | Entry]]] = {
    m: {"group": GROUP[m], "name": NAMES[m], "about": ABOUT[m]} for m in MODULES
}
"""Every module of :data:`importexport.importexport.constants.MODULES`: its group, name and line (``info["name"][lang]``)."""


def module_name(module: str, lang: str) -> str:
    return NAMES[module][lang]


def module_about(module: str, lang: str) -> str:
    """One line on what ``module`` changes (card sets say how many cards they add)."""
    n = sum(len(CARDS.ids_in_sets((s,))) for s in MODULES[module])
    return ABOUT.format(module, lang, n=n)
