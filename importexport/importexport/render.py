"""The table as HTML: cards, harbours, the Open Sea, the Supply Island, score charts.

Plain strings, no widgets: ``Game._repr_html_`` shows a table in any notebook, and the widget kit
(``importexport.widgets``) puts the same pieces on screen.  Every card shows its colour *and* its
goods letter and shape (▲T ●A ■C ◆L ✖I ⬟K), so the picture reads without telling colours apart.
Sizes are chosen to stay readable on a projector at 1280×720.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..catalog import Table
from ..palette import BOARD, CSS_COLOUR, TEXT_COLOUR
from ..palette import SHAPE as GOODS_SHAPE
from .cards import CARDS
from .constants import ACTION_NAME, ANY_GOODS, COLOURS, GOODS_LETTER, GOODS_TYPE, RAINBOW_SLOT
from .i18n import action_name, card_name, score_line_name, seat_name, ship_name

if TYPE_CHECKING:
    from .engine import Game
    from .scoring import PlayerScore

ACTION_SYMBOL = ("✚", "⇩", "✎", "⇧", "☠", "⇄")
RAINBOW_CSS = "linear-gradient(90deg,#1e7a44,#e0b21b,#333,#2f6fce,#c8322f)"

LABELS = Table("labels", {
    "credits": "credits",
    "hand": "in hand",
    "crew": "Crew",
    "goods": "Goods",
    "fulfilled": "Fulfilled",
    "fulfilled_tip": "Fulfilled contracts: the cards and the one printed on the harbour, which counts from the start",
    "harbour": "harbour",
    "island": "Supply Island",
    "tokyo": "Tokyo harbour",
    "sea": "Open Sea",
    "turn": "Turn {n}",
    "led": "led: {a}",
    "deck": "deck {n}",
    "discard": "discard {n}",
    "waiting": "waiting for {p}",
    "over": "game over",
    "in_harbour": "in harbour",
    "at_sea": "at sea",
    "empty": "empty",
    "level": "level",
    "cargo": "cargo",
    "market": "Goods market",
    "cost": ("{n} credit", "{n} credits"),
    "hidden": ("{n} card (hidden)", "{n} cards (hidden)"),
    "total": "total",
    "none": "none",
    "own": "figures: project's own",
    "partly": "from the rulebook: {f}; the rest ours",
    "own_tip": "The rulebook prints no card figures; the project's card documentation says which are its own",
})
FIGURE_WORDS = Table("figures", {
    "goods": "goods type", "action": "action",
    "level": "level", "cargo": "cargo", "set": "set",
})
TIMING_WORDS = Table("timings", {
    "instant": "⚡ instant: once, when fulfilled",
    "permanent": "∞ permanent: while fulfilled",
    "anytime": "⏱ anytime",
})

CSS = """
<style>
.iex{font-family:'DejaVu Sans',Verdana,sans-serif;font-size:max(15px,1em);line-height:1.3;color:#111}
.iex .bar{background:#eef2f7;border-radius:6px;padding:4px 8px;margin:2px 0 6px 0}
.iex .row{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
.iex .area{border:1px solid #c8d0da;border-radius:6px;padding:4px 6px;margin:2px 0;background:#fafbfc}
.iex .seat{border:2px solid #c8d0da;border-radius:8px;padding:6px;min-width:300px;flex:1 1 300px;background:#fff}
.iex .seat.active{border-color:#e08a00;box-shadow:0 0 0 2px #ffd27a}
.iex .card{display:inline-block;vertical-align:top;width:9.4em;min-height:5.3em;margin:2px;border-radius:7px;
  border:3px solid;background:#fff;font-size:max(14px,.95em);overflow:hidden}
.iex .card .hd{padding:1px 4px;font-weight:bold;display:flex;justify-content:space-between}
.iex .card .nm{padding:1px 4px;font-weight:bold;word-break:break-word}
.iex .card .ln{padding:0 4px}
.iex .chip{display:inline-block;margin:1px;padding:1px 6px;border-radius:10px;font-size:max(14px,1em);white-space:nowrap}
.iex .dot{display:inline-block;width:1.25em;height:1.25em;border-radius:50%;text-align:center;font-size:1em;
  line-height:1.25em;margin-right:1px;font-weight:bold}
.iex .box{display:inline-block;width:1.25em;height:1.25em;border-radius:2px;text-align:center;font-size:1em;
  line-height:1.25em;margin-right:1px;font-weight:bold;border:1px solid #555}
.iex .ship{display:inline-block;border:1px dashed #8896a8;border-radius:6px;padding:3px;margin:2px;vertical-align:top}
.iex .muted{color:#555}
.iex .ability{padding:2px 4px;color:#222;border-top:1px solid #ddd}
.iex table.score td{padding:2px 6px}
.widget-checkbox label,.widget-radio-box label,.jupyter-button,.widget-dropdown select,.widget-text input,
.widget-label{font-size:max(15px,var(--jp-widgets-font-size,13px)) !important}
.jupyter-button{height:auto !important;min-height:32px}
.jupyter-button.iex-point,.widget-text.iex-point input,.widget-password.iex-point input{outline:4px solid #d9480f;
  outline-offset:2px;box-shadow:0 0 10px 4px rgba(217,72,15,.6)}
.iex-guide{border-left:6px solid #d9480f;background:#fff4e6;padding:4px 12px;margin:4px 0;font-size:16px;
  color:#1f1f1f;box-shadow:0 1px 4px rgba(0,0,0,.15)}
.jp-Cell-outputWrapper:has(.iex-css-only){display:none}
.iex-guide .iex-guide-count{font-size:14px;color:#6b3a12;font-weight:bold}
.iex-guide p{margin:4px 0;line-height:1.45}
.iex-guide.iex-guide-off{border-left-color:#5c6f82;background:#eef2f6}
.iex-guide .iex-refusal:has(> .widget-html-content:empty),.iex-guide .iex-guide-choices:empty{display:none}
.iex-focus .iex-guide{flex-flow:row wrap;align-items:center;column-gap:12px}
.iex-focus .iex-guide > .iex-guide-text{flex:1 1 24em;min-width:0}
.iex-focus .iex-guide > .iex-refusal,.iex-focus .iex-guide > .iex-guide-choices{flex:1 1 100%}
.iex-focus .iex-guide > .widget-hbox{flex:0 1 auto}
.iex-focus .iex-caption p{margin:0 0 2px 0}
.iex-focus.iex-big .iex-caption{display:none}
.iex-guide .iex-refusal .widget-html-content{font-size:16px}
.iex-guide-answer{border-left:4px solid #b3261e;background:#fff;padding:1px 10px;margin:2px 0;font-size:15px}
.iex-guide .iex-guide-answer p{margin:2px 0;line-height:1.35}
.iex-guide-answer.iex-answer-info{border-left-color:#1f4e8c}
.iex-focus .widget-html-content{font-size:var(--jp-widgets-font-size,15px)}
.iex-focus.iex-big .iex-guide,.iex-focus.iex-big .iex-guide .widget-html-content,
.iex-focus.iex-big .iex-guide-answer{font-size:24px}
.iex-focus.iex-big .iex-guide .iex-guide-count{font-size:20px}
.iex-focus.iex-big .iex-guide{padding:2px 12px;margin:2px 0}.iex-focus.iex-big .iex-guide p{margin:0;line-height:1.3}
.iex-focus.iex-big .jupyter-button,.iex-focus.iex-big select{font-size:20px !important}
.iex-focus.iex-big .widget-html-content,.iex-focus.iex-big .iex-prompt div,.iex-focus.iex-big .iex-log div,
.iex-focus.iex-big .iex-log summary{font-size:20px !important}
</style>
"""


def _t(key: str, lang: str, **args: object) -> str:
    return LABELS.format(key, lang, **args)


def colour_mark(colour: int) -> str:
    """The shape and letter of a goods colour (a rainbow slot: ★)."""
    return "★" if colour == RAINBOW_SLOT else f"{GOODS_SHAPE[colour]}{GOODS_LETTER[colour]}"


def dot(colour: int, box: bool = False) -> str:
    """A level dot (circle) or a cargo slot (square) of ``colour``, with its letter inside."""
    css = "box" if box else "dot"
    if colour == RAINBOW_SLOT:
        return f'<span class="{css}" style="background:{RAINBOW_CSS};color:#fff">★</span>'
    return (f'<span class="{css}" style="background:{CSS_COLOUR[colour]};color:{TEXT_COLOUR[colour]}">'
            f"{GOODS_LETTER[colour]}</span>")


def level_html(card: int, lang: str = "en") -> str:
    c = CARDS[card]
    if not c.level:
        return ""
    parts = []
    for key, count in c.level.items():
        if key == ANY_GOODS:
            parts.append(f'<span class="box" style="background:#ccc">∗</span>×{count}')
        else:
            parts.append(dot(COLOURS.index(key)) * count)
    return f'<div class="ln" title="{_t("level", lang)}">{"".join(parts)}</div>'


def cargo_html(card: int, side: int = 0, lang: str = "en") -> str:
    slots = CARDS[card].slots(side)
    return f'<div class="ln" title="{_t("cargo", lang)}">⚓ {"".join(dot(c, box=True) for c in slots)}</div>'


def card_html(card: int, lang: str = "en", detail: bool = False, side: int = 0, note: str = "") -> str:
    """One card drawn in full: colour, shape and letter, action, name, level dots, cargo slots.

    The ability text is in the tooltip, and printed below the card with ``detail=True``.
    """
    if card >= CARDS.token_base:
        return chip(card, lang)
    c = CARDS[card]
    col = c.colour
    text = c.text.de if lang == "de" else c.text.en
    act = c.action_id
    head = (f'<div class="hd" style="background:{CSS_COLOUR[col]};color:{TEXT_COLOUR[col]}">'
            f"<span>{colour_mark(col)}</span><span>{ACTION_SYMBOL[act]} {escape(ACTION_NAME[lang][act])}</span></div>")
    body = f'<div class="nm">{escape(c.name)}</div>{level_html(card, lang)}{cargo_html(card, side, lang)}'
    if note:
        body += f'<div class="ln muted">{escape(note)}</div>'
    if detail:
        timing = TIMING_WORDS.format(c.timing, lang)
        said = _t("partly", lang, f=", ".join(FIGURE_WORDS.format(f, lang) for f in c.rulebook)) if c.rulebook else _t("own", lang)
        own = f' · <span title="{escape(_t("own_tip", lang))}">{escape(said)}</span>'
        body += f'<div class="ability"><i>{timing}</i>{own}<br>{escape(text)}</div>'
    width = f' style="width:220px;border-color:{CSS_COLOUR[col]}"' if detail else f' style="border-color:{CSS_COLOUR[col]}"'
    return f'<div class="card"{width} title="{escape(text)}" data-card="{card}">{head}{body}</div>'


def chip(card: int, lang: str = "en", colour: int | None = None) -> str:
    """A card as a small label (crew, goods, containers: only colour and name matter there)."""
    col = CARDS.goods[card] if colour is None else colour
    name = escape(card_name(card, lang))
    title = ""
    if card < CARDS.token_base:
        c = CARDS[card]
        title = f' title="{escape(c.text.de if lang == "de" else c.text.en)}"'
        name += f" · {ACTION_SYMBOL[c.action_id]}"
    return (f'<span class="chip"{title} style="background:{CSS_COLOUR[col]};color:{TEXT_COLOUR[col]}">'
            f"<b>{colour_mark(col)}</b> {name}</span>")


def chips(cards: list[int], lang: str = "en", colours: list[int] | None = None) -> str:
    if not cards:
        return f'<span class="muted">{_t("none", lang)}</span>'
    return "".join(chip(c, lang, colours[i] if colours and i < len(colours) else None) for i, c in enumerate(cards))


def ship_html(g: Game, sid: int, lang: str, brief: bool = False) -> str:
    """A ship with its contracts and containers (``brief``: only its name and where it is)."""
    x = g.state.ships[sid]
    where = f"≈ {_t('at_sea', lang)}" if x.at_sea else f"⚓ {_t('in_harbour', lang)}"
    if brief:
        return (f'<div class="ship"><b>{escape(ship_name(sid, lang, g.state))}</b> <span class="muted">{where} · '
                f'{len(x.containers)} ▪ → {_t("sea", lang)}</span></div>')
    contracts = "".join(card_html(c, lang, side=x.sides[i] if i < len(x.sides) else 0) for i, c in enumerate(x.contracts))
    cargo = chips(x.containers, lang, list(x.colours)) if x.containers else f'<span class="muted">{_t("empty", lang)}</span>'
    return (f'<div class="ship"><b>{escape(ship_name(sid, lang, g.state))}</b> <span class="muted">{where}</span>'
            f"<div>{contracts}</div><div>{cargo}</div></div>")


def seat_html(g: Game, seat: int, lang: str, show_hand: bool) -> str:
    s = g.state
    p = s.players[seat]
    hc = p.harbour
    active = seat == s.active and not g.is_over()
    head = (f'<div><b style="font-size:17px">{escape(seat_name(seat, lang))}</b>'
            f'{" ★ " + BOARD.format("active", lang) if active else ""} · '
            f'<span class="chip" style="background:{CSS_COLOUR[hc]};color:{TEXT_COLOUR[hc]}">'
            f"{colour_mark(hc)} {_t('harbour', lang)}</span> · <b>{p.credits}</b> {_t('credits', lang)} · "
            f"{len(p.hand)} {_t('hand', lang)}</div>")
    rows = [
        f"<div>{_t('crew', lang)}: {chips(p.crew, lang)}</div>",
        f"<div>{_t('goods', lang)}: {chips(p.goods, lang)}</div>",
        f"<div>{_t('fulfilled', lang)} ({1 + len(p.fulfilled)}): {chips(p.fulfilled, lang) if p.fulfilled else ''}"
        f'<span class="muted"> + {_t("harbour", lang)}</span></div>',
        '<div class="row">' + "".join(ship_html(g, sid, lang, brief=s.ships[sid].at_sea) for sid in p.ships) + "</div>",
    ]
    if show_hand:
        rows.append(f"<div>{''.join(card_html(c, lang) for c in p.hand)}</div>")
    return f'<div class="seat{" active" if active else ""}">{head}{"".join(rows)}</div>'


def centre_html(g: Game, lang: str) -> str:
    s = g.state
    parts = []
    if "tokyo" in s.modules:
        from .turn import TOKYO_COST

        columns = []
        for col, cost in enumerate(TOKYO_COST):
            cards = [c for c in s.island if CARDS.column[c] == col]
            columns.append(f'<div class="area"><b>{_t("cost", lang, n=cost)}</b><br>'
                           + "".join(card_html(c, lang) for c in cards) + "</div>")
        parts.append(f'<div class="area"><b>{_t("tokyo", lang)}</b><div class="row">{"".join(columns)}</div></div>')
    else:
        island = "".join(card_html(c, lang) for c in s.island) or f'<span class="muted">{_t("empty", lang)}</span>'
        parts.append(f'<div class="area"><b>{_t("island", lang)}</b><div>{island}</div></div>')
    at_sea = [x.id for x in s.ships if x.at_sea]
    sea = "".join(ship_html(g, sid, lang) for sid in at_sea) or f'<span class="muted">{_t("empty", lang)}</span>'
    parts.append(f'<div class="area"><b>{_t("sea", lang)}</b><div>{sea}</div></div>')
    if s.market:
        marks = " ".join(f"{dot(col)} {GOODS_TYPE[lang][col]} {v:+d}" for col, v in enumerate(s.market))
        parts.append(f'<div class="area"><b>{_t("market", lang)}</b>: {marks}</div>')
    return "".join(parts)


def status_html(g: Game, lang: str) -> str:
    s = g.state
    bits = [_t("turn", lang, n=s.turn)]
    if s.led >= 0:
        bits.append(_t("led", lang, a=action_name(s.led, lang)))
    bits.append(_t("deck", lang, n=len(s.deck)))
    bits.append(_t("discard", lang, n=len(s.discard)))
    if g.is_over():
        bits.append(f"<b>{_t('over', lang)}</b>")
    else:
        who = ", ".join(seat_name(d, lang) for d in g.deciders())
        bits.append(f"<b>{_t('waiting', lang, p=who)}</b>")
    return f'<div class="bar">{" · ".join(bits)}</div>'


def table_html(g: Game, lang: str | None = None, hands: set[int] | None = None, css: bool = True) -> str:
    """The whole table.  ``hands``: whose hands are shown face up (``None``: everybody's)."""
    lang = lang or g.lang
    seats = "".join(
        seat_html(g, seat, lang, hands is None or seat in hands) for seat in range(g.state.n)
    )
    return (f'{CSS if css else ""}<div class="iex">{status_html(g, lang)}{centre_html(g, lang)}'
            f'<div class="row">{seats}</div></div>')


SCORE_CSS = {
    "credits": "#7f8c8d", "containers": "#95a5a6", "goods": "#8e6c3a", "all_types": "#9b59b6",
}


def score_chart_html(scores: list[PlayerScore], lang: str = "en") -> str:
    """Each player's final score as a stacked bar, one segment per scoring line, with a legend."""
    rows = []
    best = max((sc.total for sc in scores), default=1) or 1
    for sc in scores:
        parts = [("credits", sc.credits), *[(k, v) for k, v in sc.lines if v]]
        segs = []
        for key, amount in parts:
            width = max(0.0, 100.0 * amount / best)
            colour = _line_colour(key)
            label = f"{score_line_name(key, lang)}: {amount:+d}" if key != "credits" else f"{score_line_name(key, lang)}: {amount}"
            segs.append(f'<div title="{escape(label)}" style="width:{width:.1f}%;background:{colour};height:24px;'
                        f'display:inline-block;color:#fff;font-size:max(14px,.95em);overflow:hidden;white-space:nowrap">'
                        f"&nbsp;{amount}</div>")
        legend = " · ".join(
            f'<span style="color:{_line_colour(k)}">■</span> {escape(score_line_name(k, lang))} {v:+d}' for k, v in parts[1:]
        )
        rows.append(
            f"<tr><td><b>{escape(seat_name(sc.seat, lang))}</b></td>"
            f'<td style="width:60%"><div style="display:flex">{"".join(segs)}</div>'
            f'<div class="muted" style="font-size:max(14px,.95em)">{_t("credits", lang)} {sc.credits}'
            f'{" · " + legend if legend else ""}</div></td>'
            f"<td><b>{sc.total}</b> {_t('total', lang)}</td></tr>"
        )
    return f'{CSS}<div class="iex"><table class="score">{"".join(rows)}</table></div>'


def _line_colour(key: str) -> str:
    if key.startswith("most_"):
        return CSS_COLOUR[COLOURS.index(key[5:])]
    if key.startswith("ability:"):
        return "#16a085"
    return SCORE_CSS.get(key, "#555")
