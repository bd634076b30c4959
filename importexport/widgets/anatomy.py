"""One card drawn large with numbered callouts, and which of its figures the rule texts give.

Chapter 2 shows it (block ``anatomy: CARD NAME``).  The card is drawn by the board's own code:
``static/anatomy.js`` imports ``static/board.js`` (sent as ``board_esm``), lets it draw with
Import/Export's drawer (its table kit's ``DRAWER``, sent as ``board_drawer``) a table
whose only card lies on the Supply Island, and takes that tile, so the annotated card always
looks like the cards on every table.  Every word comes from :func:`anatomy_sheet`, which needs
no browser and is what the tests read.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from ..catalog import Table
from ..importexport.cards import CARDS, Card
from ..importexport.constants import ACTION_NAME, ANY_GOODS, COLOURS, GOODS_LETTER, GOODS_TYPE, RAINBOW
from ..importexport.i18n import COLOUR_WORDS
from ..importexport.picture import card_data, mark
from ..importexport.render import ACTION_SYMBOL, TIMING_WORDS
from ..importexport.table_kit import DRAWER
from ..palette import BOARD as BOARD_WORDS
from .board import STATIC
from .lang import LANG, on_language

PARTS = ("name", "goods", "action", "level", "cargo", "ability")
"""The callouts, in the order of their numbers."""

TEXTS: dict[str, Table] = {
    "name": Table("parts.name", {
        "label": "Name",
        "noun": "name",
        "meaning": "It only tells the cards apart: the rule texts describe each card's ability under its name.",
    }),
    "goods": Table("parts.goods", {
        "label": "Goods type",
        "noun": "goods type",
        "meaning": "As a container the card counts only by this colour; as a good it is one level of this colour "
            "and counts for this type's bonus at the end.",
        "printed": "Printed card: its colour. The shape and the letter are this tutor's addition.",
    }),
    "action": Table("parts.action", {
        "label": "Action",
        "noun": "action",
        "meaning": "Played from your hand, the card leads this action or follows it; as crew it gives you one "
            "more action of this kind.",
        "printed": "Printed card: a symbol on its left side.",
    }),
    "level": Table("parts.level", {
        "label": "Level requirement",
        "noun": "level requirement",
        "meaning": "To place the card as a contract you need at least this many levels: each of your goods "
            "gives one of its colour, and your harbour one of its own.",
        "printed": "Printed card: filled circles at the top right.",
    }),
    "cargo": Table("parts.cargo", {
        "label": "Cargo requirement",
        "noun": "cargo requirement",
        "meaning": "Once the card is a contract under one of your ships, that ship must carry these containers, "
            "colour for colour, before the contract is fulfilled and pays.",
        "printed": "Printed card: at the bottom left, so it still shows when the card is tucked under a ship.",
    }),
    "ability": Table("parts.ability", {
        "label": "Ability",
        "noun": "ability",
        "meaning": "What the card does for you, mostly once you have fulfilled it as a contract; the sign in "
            "front says when it works.",
        "printed": "Printed card: the text; instant and anytime abilities carry a sign, permanent ones none.",
    }),
}

SOURCES = Table("anatomy_sources", {
    "rule": "from the rule texts",
    "own": "project's own",
    "words": "rule texts, our words",
})
"""Where a figure comes from: the rule texts state it, the project chose it, or the rule texts
describe it and the project words it."""

WORDS = Table("anatomy", {
    "caption": "{c} enlarged, as the tables in this tutor draw a card in a hand or on the Supply Island. "
        "On a table, point at a card to read its ability.",
    "parts": "The parts of the card",
    "none": "none",
    "any_goods": "any goods",
    "any_colour": "any colour",
    "turned": "turned",
    "title": "Printed card or project's choice?",
    "general": "The rule texts name every card and explain every ability, but they list no card's goods type, "
        "action, level or cargo; only a few follow from their examples and ability texts. This tutor "
        "takes the rest from the project's own card list, a balanced scheme.",
    "this_card": "On {c}, from the rule texts: {r}. The project's own: {o}.",
    "all_rule": "On {c}, every figure shown comes from the rule texts: {r}.",
    "words": "The ability comes from the rule texts, told in our own words. The shapes and letters beside the colours "
        "are this tutor's aid: the rule texts speak only of colours.",
    "physical": "Playing with the printed cards? Where a card shows other figures than here, go by the printed "
        "card: every rule in this tutor works the same with it.",
})


def _w(key: str, lang: str, **args: object) -> str:
    return WORDS.format(key, lang, **args)


def sources(card: Card) -> dict[str, str]:
    """For each part of ``card``: ``rule`` (the rule texts give it), ``own`` (the project chose it) or
    ``words`` (the rule texts describe it, the project words it); read from the card's ``rulebook`` field."""
    given = set(card.rulebook)
    if card.set == "j":
        given.add("level")  # the rule texts give J cards no level requirement
    out = {part: "rule" if part in given else "own" for part in ("goods", "action", "level", "cargo")}
    return {"name": "rule", **out, "ability": "words"}


def _amounts(counts: dict[str, int], lang: str) -> str:
    def colour(key: str) -> str:
        if key == ANY_GOODS:
            return _w("any_goods", lang)
        if key == RAINBOW:
            return _w("any_colour", lang)
        index = COLOURS.index(key)
        return f"{COLOUR_WORDS.format(COLOURS[index], lang)} ({GOODS_LETTER[index]})"

    return " + ".join(f"{n} × {colour(key)}" for key, n in counts.items())


def _values(card: Card, lang: str) -> dict[str, str]:
    col, act = card.colour, card.action_id
    cargo = _amounts(card.cargo, lang)
    if card.cargo_alt is not None:
        cargo += f" / {_w('turned', lang)}: {_amounts(card.cargo_alt, lang)}"
    return {
        "name": card.name,
        "goods": f"{GOODS_TYPE[lang][col]} ({COLOUR_WORDS.format(COLOURS[col], lang)}, {mark(col)})",
        "action": f"{ACTION_SYMBOL[act]} {ACTION_NAME[lang][act]}",
        "level": _amounts(card.level, lang) if card.level else _w("none", lang),
        "cargo": cargo,
        "ability": TIMING_WORDS.format(card.timing, lang),
    }


def statement(card: Card, lang: str) -> list[str]:
    """The plain statement beside the card: what the rule texts give, what is the project's own."""
    src = sources(card)

    def listed(kind: str) -> str:
        return ", ".join(f"{TEXTS[p]['noun'][lang]} ({PARTS.index(p) + 1})" for p in PARTS if src[p] == kind)

    given, own = listed("rule"), listed("own")
    this = _w("this_card", lang, c=card.name, r=given, o=own) if own else _w("all_rule", lang, c=card.name, r=given)
    return [_w("general", lang), this, _w("words", lang), _w("physical", lang)]


def board_picture(card: int, lang: str) -> dict[str, Any]:
    """A table for :mod:`board.js` to draw whose only card lies on the Supply Island."""
    key = str(card)
    return {
        "lang": lang, "labels": {}, "legend": [], "status": {}, "seats": [], "ships": {}, "sea": [],
        "island": [key], "tokyo": None, "market": None, "hand": None, "open_hands": {},
        "cards": {key: card_data(card, lang)}, "clickable": {"cards": [], "ships": []}, "changed": [],
        "point": {"cards": [], "ships": []},
    }


def anatomy_sheet(card: int, lang: str) -> dict[str, Any]:
    """Everything the annotated card shows, in ``lang``: the board's picture of the card, one
    callout per part (number, label, value, meaning, where a printed card shows it, source), the
    ability, and the statement."""
    c = CARDS[card]
    src = sources(c)
    values = _values(c, lang)
    parts = []
    for n, part in enumerate(PARTS, start=1):
        text = TEXTS[part]
        parts.append({
            "n": n, "part": part, "label": text["label"][lang], "value": values[part],
            "meaning": text["meaning"][lang], "printed": text["printed"][lang] if "printed" in text else "",
            "source": src[part], "source_text": SOURCES[src[part]][lang],
        })
    return {
        "lang": lang, "card": card, "picture": board_picture(card, lang),
        "caption": _w("caption", lang, c=c.name), "heading": _w("parts", lang), "parts": parts,
        "ability": {"n": PARTS.index("ability") + 1, "timing": TIMING_WORDS.format(c.timing, lang),
                    "text": c.text.de if lang == "de" else c.text.en},
        "statement": {"title": _w("title", lang), "lines": statement(c, lang)},
        "labels": {"projector": BOARD_WORDS.format("projector", lang), "projector_tip": BOARD_WORDS.format("projector_tip", lang)},
    }


class CardAnatomy(anywidget.AnyWidget):
    """The annotated card; follows the language switch.  ``projector``: large print, shared with
    the board's switch (remembered by the browser)."""

    _esm = STATIC / "anatomy.js"
    _css = (STATIC / "board.css").read_text(encoding="utf-8") + DRAWER.css + (STATIC / "anatomy.css").read_text(encoding="utf-8")
    sheet = traitlets.Dict().tag(sync=True)
    board_esm = traitlets.Unicode().tag(sync=True)
    board_drawer = traitlets.Unicode().tag(sync=True)
    projector = traitlets.Bool(False).tag(sync=True)

    def __init__(self, card: int, **kwargs: Any) -> None:
        super().__init__(board_esm=(STATIC / "board.js").read_text(encoding="utf-8"), board_drawer=DRAWER.module, **kwargs)
        self.card = card
        on_language(self, self.refresh)
        self.refresh()

    def refresh(self) -> None:
        self.sheet = anatomy_sheet(self.card, LANG.lang)
