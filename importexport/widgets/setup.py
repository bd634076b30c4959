"""Deal a new table for 2 to 6 players and look at everything (chapter 2)."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..catalog import Table
from ..importexport.engine import Game
from ..protocol import table_kit
from .board import Board
from .common import button
from .lang import LANG, on_language

WORDS = Table("setup", {
    "players": "Players",
    "seed": "Game number",
    "deal": "Deal",
    "summary": "{n} players: {h} cards in each hand, {s} cards on the Supply Island, {c} containers at sea, "
        "{d} cards left in the deck, {k} credits each{grey}.",
    "grey": " (the grey harbour: {g})",
})


class SetupView(w.VBox):
    """A players slider and a game number; every change deals a fresh table by the rules."""

    def __init__(self, players: int = 4, seed: int = 1) -> None:
        super().__init__()
        self.players = w.IntSlider(value=players, min=2, max=6, continuous_update=False)
        self.seed = w.IntText(value=seed, layout=w.Layout(width="200px"))
        self.deal_button = button("")
        self.summary = w.HTML()
        self.table = Board()
        self.players.observe(lambda _c: self.deal(), names="value")
        self.deal_button.on_click(lambda _b: self.deal())
        self.children = [w.HBox([self.players, self.seed, self.deal_button]), self.summary, self.table]
        on_language(self, self.deal)
        self.deal()

    def deal(self) -> None:
        lang = LANG.lang
        self.players.description = WORDS.format("players", lang)
        self.seed.description = WORDS.format("seed", lang)
        self.deal_button.description = WORDS.format("deal", lang)
        self.game = g = Game(players=int(self.players.value), seed=int(self.seed.value), lang=lang)
        s = g.state
        credits = sorted({p.credits for p in s.players})
        grey = next((p for p in s.players if p.harbour == 5), None)
        self.summary.value = "<div style='font-size:max(16px,1.05em)'>" + escape(WORDS.format("summary", lang,
            n=s.n, h=len(s.players[0].hand), s=len(s.island), c=sum(len(x.containers) for x in s.ships if x.at_sea),
            d=len(s.deck), k=credits[0],
            grey=WORDS.format("grey", lang, g=grey.credits) if grey is not None else "",
        )) + "</div>"
        kit = table_kit(g)
        self.table.show(kit, kit.picture(g, lang))
