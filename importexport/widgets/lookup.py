"""The rule lookup on screen: type a word in English or German, get the sections that explain it."""

from __future__ import annotations

import re
from html import escape

import ipywidgets as w

from ..render import chip
from ..tutor.lookup import fold, search
from .lang import LANG, on_language

WORDS = {
    "placeholder": {"en": "Search the rules, e.g. bid, crew, Pirat …", "de": "Regeln durchsuchen, z. B. Gebot, Crew, pirate …"},
    "none": {"en": "Nothing found for “{q}”.", "de": "Nichts gefunden für „{q}“."},
    "found": {"en": "{n} section(s) found", "de": "{n} Abschnitt(e) gefunden"},
    "chapter": {"en": "Chapter {n}", "de": "Kapitel {n}"},
    "cards": {"en": "Cards", "de": "Karten"},
}


class RuleLookup(w.VBox):
    """A search box and its hits; each hit links to its chapter and shows the cards it concerns."""

    def __init__(self, query: str = "") -> None:
        super().__init__()
        self.box = w.Text(value=query, continuous_update=True, layout=w.Layout(width="60%"))
        self.results = w.HTML()
        self.box.observe(lambda _c: self.refresh(), names="value")
        self.children = [self.box, self.results]
        on_language(self, self.refresh)
        self.refresh()

    def refresh(self) -> None:
        lang = LANG.lang
        self.box.placeholder = WORDS["placeholder"][lang]
        query = self.box.value.strip()
        if not query:
            self.results.value = ""
            return
        hits = search(query, lang)
        if not hits:
            self.results.value = f"<i>{escape(WORDS['none'][lang].format(q=query))}</i>"
            return
        words = [fold(x) for x in re.findall(r"\w+", query)]
        rows = [f"<div><i>{escape(WORDS['found'][lang].format(n=len(hits)))}</i></div>"]
        for h in hits:
            e = h.entry
            cards = "".join(chip(c, lang) for c in e.cards[:8])
            rows.append(
                f'<div class="iex" style="margin:6px 0;padding:4px 8px;border-left:4px solid #2f6fce">'
                f'<a href="{escape(e.notebook)}" target="_blank"><b>{escape(WORDS["chapter"][lang].format(n=e.chapter))}: '
                f"{escape(e.chapter_title[lang])}</b></a> › {escape(e.title[lang])}"
                f'<div style="font-size:14px">{escape(h.snippet(words))}</div>'
                + (f'<div style="font-size:13px">{escape(WORDS["cards"][lang])}: {cards}</div>' if cards else "")
                + "</div>"
            )
        self.results.value = "".join(rows)
