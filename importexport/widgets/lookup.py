"""The rule lookup on screen: type a word in English or German, get the sections that explain it."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..catalog import Table
from ..protocol import DEFAULT_GAME, table_kit
from ..tutor.games import TUTOR_GAMES
from ..tutor.lookup import Hit, query_words, search, starts_word
from .lang import LANG, on_language

WORDS = Table("lookup", {
    "placeholder": "Search the rules, e.g. bid, crew, Pirat …",
    "none": "Nothing found for “{q}”.",
    "found": ("{n} section found", "{n} sections found"),
    "chapter": "Chapter {n}",
    "cards": "Cards",
})


def section_href(hit: Hit, up: str = "../") -> str:
    """The link from a chapter notebook to the hit's section: ``../de/06-....ipynb#Schritt-2:-verdeckte-Gebote``.

    Relative to the notebook the lookup runs in (``notebooks/<lang>/NN-....ipynb``), so it opens the
    notebook in the hit's language.  The fragment names the cell of the section's heading
    (``#cell-id=cell-09``, JupyterLab 4's form): JupyterLab scrolls to it as the notebook opens,
    which it does not for a heading's id (:attr:`Hit.anchor`) in a notebook not yet rendered, nor
    for an id with letters such as "ü", which it receives percent-encoded.  ``up`` leads from the
    notebook's folder to ``notebooks/`` (``"../../"`` from a Port Royal chapter, one folder deeper)."""
    return f"{up}{hit.path}" + (f"#cell-id={hit.entry.cell}" if hit.entry.cell else "")


def marked(snippet: str, words: list[str]) -> str:
    """``snippet`` as HTML, the words that begin with a query word in bold."""
    return " ".join(f"<b>{escape(t)}</b>" if any(starts_word(q, t) for q in words) else escape(t) for t in snippet.split(" "))


class RuleLookup(w.VBox):
    """A search box and its hits; each hit links to its section and shows the cards it concerns.

    The hits are an HTML output (not an HTML widget): JupyterLab handles the links in outputs,
    opening the notebook in a tab of the same JupyterLab and scrolling to the section, whereas a
    link in an HTML widget opens a second JupyterLab in a new browser tab that ignores the fragment."""

    def __init__(self, query: str = "", game: str = DEFAULT_GAME, up: str = "../") -> None:
        super().__init__()
        self.game, self.up = game, up
        self.box = w.Text(value=query, continuous_update=True, layout=w.Layout(width="60%"))
        self.results = w.Output()
        self.html = ""
        self.box.observe(lambda _c: self.refresh(), names="value")
        self.children = [self.box, self.results]
        on_language(self, self.refresh)
        self.refresh()

    def chips(self, cards: list[int], lang: str) -> str:
        """The cards a section concerns: drawn small (Import/Export) or named (Port Royal)."""
        drawn = TUTOR_GAMES[self.game].card_chip
        if drawn is not None:
            return "".join(drawn(c, lang) for c in cards)
        kit = table_kit(self.game)
        return escape(", ".join(kit.click_name(None, "card", c, lang) for c in cards))

    def show(self, html: str) -> None:
        """Show ``html`` as the hits (kept in :attr:`html`)."""
        self.html = html
        self.results.outputs = ({"output_type": "display_data", "data": {"text/html": html}, "metadata": {}},) if html else ()

    def refresh(self) -> None:
        lang = LANG.lang
        self.box.placeholder = WORDS.format("placeholder", lang)
        query = self.box.value.strip()
        if not query:
            self.show("")
            return
        hits = search(query, lang, game=self.game)
        if not hits:
            self.show(f"<i>{escape(WORDS.format('none', lang, q=query))}</i>")
            return
        words = query_words(query)
        rows = [f"<div><i>{escape(WORDS.format('found', lang, n=len(hits)))}</i></div>"]
        for h in hits:
            e = h.entry
            cards = self.chips(e.cards[:8], lang)
            rows.append(
                f'<div class="iex" style="margin:6px 0;padding:4px 8px;border-left:4px solid #2f6fce">'
                f'<a href="{escape(section_href(h, self.up))}" target="_blank"><b>{escape(WORDS.format("chapter", lang, n=e.chapter))}: '
                f"{escape(e.chapter_title[lang])}</b> › {escape(e.title[lang])}</a>"
                f'<div style="font-size:max(15px,1em)">{marked(h.snippet(words), words)}</div>'
                + (f'<div style="font-size:max(14px,.95em)">{escape(WORDS.format("cards", lang))}: {cards}</div>' if cards else "")
                + "</div>"
            )
        self.show("".join(rows))
