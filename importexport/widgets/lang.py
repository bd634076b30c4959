"""The tutor's language: one switch for every text on screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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


_FOLLOWING: dict[int, list[Callable[[Any], None]]] = {}  # widget id -> its language handlers


def on_language(owner: w.Widget, callback: Callable[[], None]) -> None:
    """Call ``callback()`` whenever the language changes, until ``owner`` is retired."""

    def handler(_change: Any) -> None:
        callback()

    LANG.observe(handler, names="lang")
    _FOLLOWING.setdefault(id(owner), []).append(handler)


def retire(widget: w.Widget) -> None:
    """Close a widget that is replaced, and everything inside it: they stop following the
    language, and their models are freed in the kernel and the page."""
    for handler in _FOLLOWING.pop(id(widget), []):
        LANG.unobserve(handler, names="lang")
    for child in getattr(widget, "children", ()):
        retire(child)
    widget.close()


def replace_children(box: w.Box, children: list[w.Widget]) -> None:
    """Show ``children`` in ``box`` and retire the widgets they replace."""
    old = [c for c in box.children if c not in children]
    box.children = children
    for child in old:
        retire(child)
