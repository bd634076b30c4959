"""The expansions and variants by name, each with one line on what it changes, in English and German
(the new-game screen lists them this way instead of their ids)."""

from __future__ import annotations

from typing import Final

from .cards import CARDS
from .constants import MODULES

GROUPS: Final = {
    "expansion": {"en": "Expansions", "de": "Erweiterungen"},
    "cards": {"en": "More cards for the deck", "de": "Mehr Karten im Stapel"},
    "variant": {"en": "Variants of the rules", "de": "Regelvarianten"},
}

MODULE_INFO: Final[dict[str, dict[str, object]]] = {
    "capital": {"group": "expansion", "name": {"en": "Capital", "de": "Capital"},
                "about": {"en": "grey Capital cards, the Trade action and a grey harbour at any table size",
                          "de": "graue Capital-Karten, die Aktion Tausch und ein grauer Hafen bei jeder Spielerzahl"}},
    "tokyo": {"group": "expansion", "name": {"en": "Tokyo", "de": "Tokio"},
              "about": {"en": "the Tokyo harbour replaces the Supply Island: contracts bought from its columns",
                        "de": "der Hafen von Tokio ersetzt die Vorratsinsel: Aufträge aus seinen Spalten kaufen"}},
    "j": {"group": "expansion", "name": {"en": "J cards", "de": "J-Karten"},
          "about": {"en": "cards with two contracts; loaded as one of two colours for 2 credits",
                    "de": "Karten mit zwei Aufträgen; für 2 Credits als eine von zwei Farben geladen"}},
    "market": {"group": "expansion", "name": {"en": "Goods market", "de": "Warenmarkt"},
               "about": {"en": "supply and demand: goods taken raise a type's value, goods shipped lower it",
                         "de": "Angebot und Nachfrage: genommene Güter heben den Wert einer Art, verschiffte senken ihn"}},
    "kickstarter": {"group": "cards", "name": {"en": "Kickstarter cards", "de": "Kickstarter-Karten"},
                    "about": {"en": "{n} extra cards with abilities", "de": "{n} zusätzliche Karten mit Fähigkeiten"}},
    "kickstarter2": {"group": "cards", "name": {"en": "Kickstarter cards 2", "de": "Kickstarter-Karten 2"},
                     "about": {"en": "{n} more extra cards with abilities", "de": "{n} weitere Karten mit Fähigkeiten"}},
    "flag": {"group": "cards", "name": {"en": "Flag cards", "de": "Flaggen-Karten"},
             "about": {"en": "the {n} cards of the Flag set", "de": "die {n} Karten des Flaggen-Sets"}},
    "promo": {"group": "cards", "name": {"en": "Promo cards", "de": "Promo-Karten"},
              "about": {"en": "{n} promotional cards", "de": "{n} Promo-Karten"}},
    "tokens1": {"group": "variant", "name": {"en": "Container tokens", "de": "Container-Plättchen"},
                "about": {"en": "tokens instead of cards travel on the ships as containers",
                          "de": "Plättchen statt Karten fahren als Container auf den Schiffen"}},
    "tokens2": {"group": "variant", "name": {"en": "Tokens everywhere", "de": "Plättchen überall"},
                "about": {"en": "tokens for crew and goods too (brings container tokens along)",
                          "de": "Plättchen auch für Crew und Güter (schaltet Container-Plättchen mit ein)"}},
}
"""Every module of :data:`importexport.constants.MODULES`: its group, name and one line."""


def module_name(module: str, lang: str) -> str:
    return MODULE_INFO[module]["name"][lang]  # type: ignore[index]


def module_about(module: str, lang: str) -> str:
    """One line on what ``module`` changes (card sets say how many cards they add)."""
    sets = MODULES[module]
    n = sum(len(CARDS.ids_in_sets((s,))) for s in sets)
    return MODULE_INFO[module]["about"][lang].format(n=n)  # type: ignore[index]
