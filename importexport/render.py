"""The table as HTML, for plain notebook output (``Game._repr_html_``).

Every card shows its colour *and* its goods letter (T, A, C, L, I, K), so the picture reads
without telling colours apart.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .cards import CARDS
from .constants import GOODS_LETTER
from .i18n import action_name, card_name, seat_name, ship_name

if TYPE_CHECKING:
    from .engine import Game

CSS_COLOUR = ("#2e9e5b", "#e0b21b", "#333333", "#2f6fce", "#c8322f", "#8a8a8a")
TEXT_COLOUR = ("#fff", "#000", "#fff", "#fff", "#fff", "#fff")


def card_chip(card: int) -> str:
    """One card as a small coloured label: letter, name and action (a container token: a round one)."""
    if card >= CARDS.token_base:
        col = CARDS.goods[card]
        return (
            f'<span style="display:inline-block;margin:1px;padding:1px 5px;border-radius:9px;'
            f'background:{CSS_COLOUR[col]};color:{TEXT_COLOUR[col]};font-size:12px">'
            f"<b>{GOODS_LETTER[col]}</b> {escape(card_name(card))}</span>"
        )
    c = CARDS[card]
    col = c.colour
    return (
        f'<span title="{escape(c.text.en)}" style="display:inline-block;margin:1px;padding:1px 5px;'
        f'border-radius:4px;background:{CSS_COLOUR[col]};color:{TEXT_COLOUR[col]};font-size:12px">'
        f"<b>{GOODS_LETTER[col]}</b> {escape(c.name)} · {c.action}</span>"
    )


def chips(cards: list[int]) -> str:
    return "".join(card_chip(c) for c in cards) or "<i>–</i>"


def table_html(g: Game, lang: str | None = None) -> str:
    lang = lang or g.lang
    s = g.state
    rows = []
    for p in s.players:
        ships = []
        for sid in p.ships:
            x = s.ships[sid]
            where = "🌊" if x.at_sea else "⚓"
            ships.append(f"{where} {escape(ship_name(sid, lang, s))}: {chips(x.contracts)} ⟵ {chips(x.containers)}")
        marker = " ★" if p.seat == s.active else ""
        rows.append(
            f"<tr><td style='vertical-align:top'><b>{escape(seat_name(p.seat, lang))}{marker}</b><br>"
            f"{card_chip_colour(p.harbour)}<br>{p.credits} credits<br>{len(p.hand)} cards in hand</td>"
            f"<td>crew: {chips(p.crew)}<br>goods: {chips(p.goods)}<br>fulfilled: {chips(p.fulfilled)}<br>"
            + "<br>".join(ships) + "</td></tr>"
        )
    waiting = ", ".join(seat_name(d, lang) for d in g.deciders()) or "—"
    led = action_name(s.led, lang) if s.led >= 0 else "—"
    return (
        "<div style='font-family:sans-serif;font-size:14px'>"
        f"<p>Turn {s.turn} · led: {led} · deck {len(s.deck)} · discard {len(s.discard)} · waiting for: {waiting}</p>"
        f"<p>Supply Island: {chips(s.island)}</p>"
        "<table style='border-collapse:collapse'>" + "".join(rows) + "</table></div>"
    )


def card_chip_colour(colour: int) -> str:
    return (
        f'<span style="display:inline-block;padding:1px 5px;border-radius:4px;background:{CSS_COLOUR[colour]};'
        f'color:{TEXT_COLOUR[colour]}">harbour {GOODS_LETTER[colour]}</span>'
    )
