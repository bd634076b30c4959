"""A whole game against bots, with a hint the first time each rule comes up and a coach to ask
what a strong player would do (the last chapter)."""

from __future__ import annotations

import ipywidgets as w

from ..bots import BOTS
from ..catalog import Table
from ..importexport.engine import Game
from ..importexport.render import score_chart_html
from ..session import Session
from .coach import CoachButton
from .common import button
from .lang import LANG, on_language, replace_children
from .table import TableView

WORDS = Table("game", {
    "players": "Players",
    "seed": "Game number",
    "bots": "Bots",
    "abilities": "Card abilities",
    "start": "Start a new game",
    "you": "You are Player 1; the other seats are bots. Only your own hand is shown.",
    "result": "Final scores",
})


class FirstGame(w.VBox):
    """Choose players, bots and a game number, then play seat 0 against the bots (with the coach)."""

    def __init__(self, players: int = 3, seed: int = 1, bot: str = "heuristic", abilities: bool = False) -> None:
        super().__init__()
        self.players = w.BoundedIntText(value=players, min=2, max=6, layout=w.Layout(width="170px"))
        self.seed = w.IntText(value=seed, layout=w.Layout(width="170px"))
        self.bot = w.Dropdown(options=list(BOTS), value=bot, layout=w.Layout(width="170px"))
        self.abilities = w.Checkbox(value=abilities, indent=False)
        self.start_button = button("", button_style="success")
        self.start_button.on_click(lambda _b: self.start())
        self.intro = w.HTML()
        self.result = w.HTML()
        self.holder = w.VBox()
        self.form = w.HBox([self.players, self.seed, self.bot, self.abilities, self.start_button],
                           layout=w.Layout(flex_flow="row wrap"))
        self.children = [self.form, self.intro, self.holder, self.result]
        on_language(self, self.relabel)
        self.start()

    def relabel(self) -> None:
        lang = LANG.lang
        self.players.description = WORDS.format("players", lang)
        self.seed.description = WORDS.format("seed", lang)
        self.bot.description = WORDS.format("bots", lang)
        self.abilities.description = WORDS.format("abilities", lang)
        self.start_button.description = WORDS.format("start", lang)
        self.intro.value = f"<i>{WORDS.format('you', lang)}</i>"
        self.show_result()

    def start(self) -> None:
        n, seed, abilities, bot = int(self.players.value), int(self.seed.value), bool(self.abilities.value), self.bot.value
        self.session = Session(lambda: Game(players=n, seed=seed, abilities=abilities, lang=LANG.lang),
                               humans={0}, bots={seat: bot for seat in range(1, n)}, seed=seed)
        self.coach = CoachButton(self.session, seat=0, seed=seed)
        self.table = TableView(self.session, hands={0}, hints="first", on_change=self.changed)
        replace_children(self.holder, [self.coach, self.table])
        self.relabel()

    def changed(self) -> None:
        """After every move: the coach's advice goes out of date, the result shows at the end."""
        coach = getattr(self, "coach", None)
        if coach is not None and coach.session is self.session:
            coach.update()
        self.show_result()

    def show_result(self) -> None:
        g = getattr(self, "session", None) and self.session.game
        if g is None or not g.is_over():
            self.result.value = ""
            return
        self.result.value = f"<h3>{WORDS.format('result', LANG.lang)}</h3>" + score_chart_html(g.scores(), LANG.lang)
