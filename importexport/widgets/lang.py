"""The tutor's language: one switch for every text on screen."""

from __future__ import annotations

import ipywidgets as w
import traitlets


class Language(traitlets.HasTraits):
    """The language every widget of the kit shows its texts in ("en" or "de")."""

    lang = traitlets.Enum(("en", "de"), default_value="en")


LANG = Language()


def language_switch() -> w.ToggleButtons:
    """English / Deutsch buttons bound to :data:`LANG` (any number of them stay in step)."""
    switch = w.ToggleButtons(
        options=[("English", "en"), ("Deutsch", "de")],
        value=LANG.lang,
        tooltips=["Show every text in English", "Alle Texte auf Deutsch anzeigen"],
        style={"button_width": "90px"},
    )
    traitlets.link((switch, "value"), (LANG, "lang"))
    return switch


def on_language(callback: object) -> None:
    """Call ``callback()`` whenever the language changes."""
    LANG.observe(lambda _change: callback(), names="lang")  # type: ignore[operator]
