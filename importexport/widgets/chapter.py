"""A chapter on screen: each block of the chapter file becomes one widget (one notebook cell).

>>> ch = chapter(6, lang="de")  # doctest: +SKIP
>>> ch.header()               # the stylesheet (title, summary and a language switch if no language is fixed)
>>> ch.text("intro")          # prose, in the language shown (generated notebooks have it as Markdown)
>>> ch.table("three-rounds")  # a live table at a position
>>> ch.exercise("who-pays")   # an exercise the engine grades
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from ..bots import make_bot
from ..catalog import Table
from ..protocol import DEFAULT_GAME, table_kit
from ..session import Session
from ..tutor.chapter import LANGS, Chapter, card_id
from ..tutor.chapter import chapter as load_chapter
from ..tutor.facts import facts_text
from .anatomy import CardAnatomy
from .board import Board
from .common import markdown
from .exercises import ExerciseView, exercise_view
from .guide import GuidedTable
from .lang import LANG, language_switch, on_language
from .table import TableView, page_style

TEXT = Table("chapter_view", {"title": "Chapter {n}: {title}"})
"""The heading of a chapter shown with its language switch."""

CHAPTER_CLASS = "iex-chapter-css"
"""The class of a chapter's stylesheet widget: a notebook that holds it is a chapter (:data:`CHAPTER_STYLE`)."""
NOTEBOOK = f".jp-Notebook:has(.{CHAPTER_CLASS})"
CHAPTER_STYLE = f"""<style>
{NOTEBOOK}{{--jp-widgets-font-size:15px;--jp-code-font-size:14px;--jp-content-font-size1:16px;--jp-ui-font-size1:14px}}
{NOTEBOOK}:has(.iex-projector){{--jp-widgets-font-size:18px;--jp-code-font-size:17px;--jp-content-font-size1:18px;
--jp-ui-font-size1:17px}}
{NOTEBOOK} .jp-RenderedHTMLCommon :is(table,td,th),{NOTEBOOK} .jp-InputPrompt,{NOTEBOOK} .jp-OutputPrompt{{font-size:inherit}}
{NOTEBOOK} .jp-RenderedHTMLCommon table{{font-size:var(--jp-content-font-size1)}}
{NOTEBOOK} :is(.jp-InputPrompt,.jp-OutputPrompt){{font-size:var(--jp-code-font-size)}}
</style>"""
"""A chapter notebook's text, none under 14 px (JupyterLab's and ipywidgets' own is 13 px: their size
variables are set on the notebook that holds the chapter's stylesheet), and at least 17 px while the
board on it is in projector mode (the board's ``iex-projector``).  The widgets' own sizes follow those
variables (``max(15px, 1em)``): larger in projector mode, never smaller than before."""


class Prose(w.HTML):
    """A text in both languages that follows the language switch."""

    def __init__(self, texts: dict[str, str], heading: dict[str, str] | None = None, level: int = 2) -> None:
        super().__init__()
        self.texts = texts
        self.heading = heading
        self.level = level
        on_language(self, self.refresh)
        self.refresh()

    def refresh(self) -> None:
        lang = LANG.lang
        head = f"<h{self.level}>{escape(self.heading[lang])}</h{self.level}>" if self.heading else ""
        self.value = f'<div style="font-size:max(16px,1.05em);max-width:60em">{head}{markdown(self.texts[lang])}</div>'


class Picture(w.VBox):
    """A position drawn on the board (no controls), or its final scores; redrawn when the language changes."""

    def __init__(self, chapter: Chapter, position: str, scores: bool = False) -> None:
        super().__init__()
        self.chapter, self.position, self.scores = chapter, position, scores
        self.chart = w.HTML()
        self.board = Board()
        self.children = [self.chart if scores else self.board]
        on_language(self, self.refresh)
        self.refresh()

    def refresh(self) -> None:
        g = self.chapter.game(self.position, LANG.lang)
        kit = table_kit(g)
        if self.scores:
            self.chart.value = kit.result(g, LANG.lang)["chart"]
        else:
            self.board.show(kit, kit.picture(g, LANG.lang))


class ChapterView:
    """The widgets of one chapter, block by block; ``lang`` is the language fixed for them, if any."""

    def __init__(self, chapter: Chapter, lang: str | None = None) -> None:
        self.chapter = chapter
        self.lang = lang

    def header(self) -> w.VBox:
        """The stylesheet of the drawn tables.  A generated notebook has its title and summary as Markdown
        and keeps to one language, so this is all it shows; with no language fixed it also shows the
        title, the summary and the English / Deutsch switch."""
        style = page_style() + CHAPTER_STYLE
        if self.lang is not None:  # the stylesheet only: its output row is hidden in JupyterLab
            css = w.HTML(style)
            css.add_class("iex-css-only")
            css.add_class(CHAPTER_CLASS)
            return w.VBox([css])
        c = self.chapter
        title = {lang: TEXT.format("title", lang, n=c.number, title=c.title(lang)) for lang in LANGS}
        css = w.HTML(style)
        css.add_class(CHAPTER_CLASS)
        return w.VBox([css, language_switch(), Prose({"en": c.summary.en, "de": c.summary.de}, title, 1)])

    def text(self, section: str) -> Prose:
        sec = self.chapter.sections[section]
        return Prose({"en": sec.text.en, "de": sec.text.de}, {"en": sec.title.en, "de": sec.title.de})

    def session(self, position: str) -> Session:
        pos = self.chapter.positions[position]
        script = [move.action() for move in pos.moves()]  # checked by importexport.tutor.check and the tests
        bots = {seat: make_bot(name, seed=seat, game=self.chapter.game_id) for seat, name in pos.bots.items()}
        return Session(lambda: self.chapter.game(position, LANG.lang), humans=pos.humans, bots=bots, script=script)

    def table(self, position: str, **options: Any) -> TableView:
        """A live table at ``position``: a guided lesson if the position has a guide."""
        pos = self.chapter.positions[position]
        caption = {"en": pos.caption.en, "de": pos.caption.de} if pos.caption else None
        first = next((v for k, v in self.chapter.block_list() if k == "table"), None)
        options = {"focus": True, "land": position == first, **options}  # (one screen; Run All lands on the first)
        if pos.guide:
            return GuidedTable(self.session(position), pos.guide, pos.end, caption=caption, **options)
        return TableView(self.session(position), caption=caption, **options)

    def picture(self, position: str) -> Picture:
        return Picture(self.chapter, position)

    def scores(self, position: str) -> Picture:
        return Picture(self.chapter, position, scores=True)

    def facts(self, value: dict[str, Any]) -> None:
        """Print the facts (in the chapter's language, or English then German): the notebook's checked output."""
        print(facts_text(self.chapter, value, (self.lang,) if self.lang else ("en", "de")))

    def exercise(self, name: str) -> ExerciseView:
        return exercise_view(self.chapter, name)

    def lookup(self, query: str = "") -> w.VBox:
        from .lookup import RuleLookup

        up = "../" * (1 + self.chapter.kit.prefix().count("/"))  # (a game's own folder of notebooks: one deeper)
        return RuleLookup(query, self.chapter.game_id, up)

    def cards(self, filters: dict[str, Any] | None = None) -> w.VBox:
        from .cards import CardBrowser

        return CardBrowser(**(filters or {}))

    def lab(self, card: str | int) -> w.VBox:
        from .cards import CardLab

        return CardLab(card_id(card))

    def anatomy(self, card: str) -> CardAnatomy:
        """One card drawn large, its parts numbered and explained, and which figures are the rule texts'."""
        return CardAnatomy(card_id(card))

    def setup(self, options: dict[str, Any] | None = None) -> w.VBox:
        from .setup import SetupView

        return SetupView(**(options or {}))

    def game(self, options: dict[str, Any] | None = None) -> w.VBox:
        from .game import FirstGame

        return FirstGame(**(options or {}))


def fix_language(lang: str) -> None:
    """Show every widget of this kernel in ``lang`` ("en" or "de"): a chapter notebook is written in one
    language, and the reader chooses the other by opening the other language's notebook."""
    if lang not in LANGS:
        raise ValueError(f"the language is one of {', '.join(LANGS)}, not {lang!r}")
    LANG.lang = lang


def chapter(number: int, lang: str | None = None, game: str = DEFAULT_GAME) -> ChapterView:
    """The chapter ``number`` of ``game`` ready to show, block by block; ``lang`` fixes the language of
    its widgets (see :func:`fix_language`), None leaves it to the language switch of
    :meth:`ChapterView.header`."""
    if lang is not None:
        fix_language(lang)
    return ChapterView(load_chapter(number, game), lang)
