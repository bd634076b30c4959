"""Browse all cards with filters, and try any card's ability in a ready position."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..catalog import Table
from ..importexport.cards import CARDS
from ..importexport.constants import ACTION_NAME, ACTIONS, COLOURS, GOODS_TYPE
from ..importexport.render import CSS, card_html
from ..session import Session
from ..tutor.cardlab import lab_position, search_cards
from .lang import LANG, on_language, replace_children
from .table import TableView

SETS = ("base", "capital", "tokyo", "kickstarter", "kickstarter2", "j", "flag", "promo")
TIMINGS = Table("card_timings", {"instant": "instant", "permanent": "permanent",
           "anytime": "anytime"})
WORDS = Table("cards", {
    "search": "name or ability text",
    "sets": "Sets",
    "goods": "Goods",
    "actions": "Actions",
    "timings": "Timing",
    "found": ("{n} of {t} card", "{n} of {t} cards"),
    "card": "Card",
}, counts={"found": "t"})


class CardBrowser(w.VBox):
    """Every card, filtered by text, set, goods colour, action and timing, drawn with its ability."""

    def __init__(self, text: str = "", sets: list[str] | None = None, goods: list[str] | None = None,
                 actions: list[str] | None = None, timings: list[str] | None = None, limit: int = 60) -> None:
        super().__init__()
        self.limit = limit
        self.text = w.Text(value=text, continuous_update=True)
        self.sets = w.SelectMultiple(options=SETS, value=tuple(sets or ()), rows=4)
        self.goods = w.SelectMultiple(options=[(c, c) for c in COLOURS], value=tuple(goods or ()), rows=4)
        self.actions = w.SelectMultiple(options=[(a, a) for a in ACTIONS], value=tuple(actions or ()), rows=4)
        self.timings = w.SelectMultiple(options=list(TIMINGS), value=tuple(timings or ()), rows=3)
        self.labels = [w.HTML() for _ in range(4)]
        self.count = w.HTML()
        self.grid = w.HTML()
        for control in (self.text, self.sets, self.goods, self.actions, self.timings):
            control.observe(lambda _c: self.refresh(), names="value")
        filters = w.HBox([w.VBox([lab, ctl]) for lab, ctl in zip(self.labels, (self.sets, self.goods, self.actions, self.timings), strict=True)])
        self.children = [w.HTML(CSS), self.text, filters, self.count, self.grid]
        on_language(self, self.refresh)
        self.refresh()

    def found(self) -> list[int]:
        return search_cards(self.text.value, list(self.sets.value) or None, list(self.goods.value) or None,
                            list(self.actions.value) or None, list(self.timings.value) or None, LANG.lang)

    def refresh(self) -> None:
        lang = LANG.lang
        self.text.placeholder = WORDS.format("search", lang)
        for label, key in zip(self.labels, ("sets", "goods", "actions", "timings"), strict=True):
            label.value = f"<b>{WORDS.format(key, lang)}</b>"
        self.goods.options = [(GOODS_TYPE[lang][i], c) for i, c in enumerate(COLOURS)]
        self.actions.options = [(ACTION_NAME[lang][i], a) for i, a in enumerate(ACTIONS)]
        self.timings.options = [(TIMINGS.format(t, lang), t) for t in TIMINGS]
        ids = self.found()
        self.count.value = f"<i>{escape(WORDS.format('found', lang, n=len(ids), t=len(CARDS)))}</i>"
        self.grid.value = '<div class="iex">' + "".join(card_html(c, lang, detail=True) for c in ids[: self.limit]) + "</div>"


class CardLab(w.VBox):
    """Pick a card; a live table is set up where its ability can be tried at once."""

    def __init__(self, card: int = 0) -> None:
        super().__init__()
        self.picker = w.Dropdown(options=sorted(((c.name, c.id) for c in CARDS), key=lambda x: x[0]), value=card)
        self.card_face = w.HTML()
        self.holder = w.VBox()
        self.picker.observe(lambda _c: self.load(), names="value")
        self.children = [self.picker, self.card_face, self.holder]
        on_language(self, self.redraw_card)
        self.load()

    def load(self) -> None:
        pos = lab_position(self.picker.value, LANG.lang)
        scenario = pos["scenario"]

        def start() -> object:
            from ..importexport.scenario import load_scenario

            return load_scenario(dict(scenario), lang=LANG.lang)

        session = Session(start, humans=pos.get("humans"))  # type: ignore[arg-type]
        self.table = TableView(session, caption=pos["caption"])
        replace_children(self.holder, [self.table])
        self.redraw_card()

    def redraw_card(self) -> None:
        self.card_face.value = f'<div class="iex">{card_html(self.picker.value, LANG.lang, detail=True)}</div>'
