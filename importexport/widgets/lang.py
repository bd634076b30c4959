"""The tutor's language: one switch for every text on screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w
import traitlets

from ..catalog import LANGS, SOURCE_LANG, Table

LANGUAGE = Table("language", {
    "name": "English",
    "switch_tip": "Show every text in English",
})
"""Each language's own name and the tooltip of its button, both written in that language: the button
for German reads ``LANGUAGE["name"]["de"]`` ("Deutsch") whichever language is shown."""


class Language(traitlets.HasTraits):
    """The language every widget of the kit shows its texts in (one of :data:`importexport.catalog.LANGS`)."""

    lang = traitlets.Enum(LANGS, default_value=SOURCE_LANG)


LANG = Language()


def language_switch() -> w.ToggleButtons:
    """A button per language (English / Deutsch), bound to :data:`LANG` (any number of them stay in step)."""
    switch = w.ToggleButtons(
        options=[(LANGUAGE["name"][lang], lang) for lang in LANGS],
        value=LANG.lang,
        tooltips=[LANGUAGE["switch_tip"][lang] for lang in LANGS],
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
    language, and their models are freed in the kernel and the page, their layouts and styles too
    (each widget here is given its own: none is shared)."""
    for handler in _FOLLOWING.pop(id(widget), []):
        LANG.unobserve(handler, names="lang")
    for child in getattr(widget, "children", ()):
        retire(child)
    widget.close()
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, w.Widget):
            part.close()


def replace_children(box: w.Box, children: list[w.Widget]) -> None:
    """Show ``children`` in ``box`` and retire the widgets they replace."""
    old = [c for c in box.children if c not in children]
    box.children = children
    for child in old:
        retire(child)
