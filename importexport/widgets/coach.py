"""The coach on screen: "What would a strong player do here?" (see :mod:`importexport.tutor.coach`)."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..catalog import Table
from ..importexport.i18n import seat_name
from ..session import Session
from ..tutor.coach import BUDGET, TO_THE_END, Advice, advice
from .common import button, guarded, message_html
from .lang import LANG, on_language

WORDS = Table("coach_panel", {
    "ask": "✦ What would a strong player do here?",
    "thinking": "Thinking: playing each choice out on sampled tables …",
    "head": "The three choices that did best for {p}:",
    "head_few": "The choices for {p}:",
    "chance": "chance to win the game: {n} %",
    "how": "How this is worked out: {n} tables are dealt from what {p} can see (the hidden cards at random), "
        "and each choice is played out on every one of them to the end of the game by computer players. "
        "The chance to win the game counts the games {p} won (a shared first place half) plus one, out of "
        "the games played plus two, so no number of games ever shows a sure win or a sure loss. "
        "It is an estimate, not a promise.",
    "nobody": "There is no decision for you right now: wait for the others (or press Step).",
    "over": "The game is over: there is nothing left to decide.",
    "only": "There is only one choice here: {m}",
    "stale": "The table has changed since this advice; ask again for the new position.",
})


def words(key: str, lang: str, **args: object) -> str:
    return WORDS.format(key, lang, **args)


class CoachButton(w.VBox):
    """A button that asks the coach about the decision of a person at ``session``'s table, and the
    panel that shows its answer: the best three choices with their chance to win the game as a percentage
    and one sentence each on why.  ``seat``: the person to advise (``None``: whichever person the
    game waits for).  The answer follows the language switch; :meth:`update` marks it as out of
    date once the table has moved on.  ``samples``, ``depth``, ``budget``: the search's sizes."""

    def __init__(self, session: Session, seat: int | None = None, seed: int = 0,
                 samples: int = 16, depth: int = TO_THE_END, budget: int = BUDGET) -> None:
        super().__init__(layout=w.Layout(margin="6px 0"))
        self.add_class("iex-coach")
        self.session = session
        self.seat = seat
        self.seed = seed
        self.search = {"samples": samples, "depth": depth, "budget": budget}
        self.ask_button = button("")
        self.ask_button.add_class("iex-coach-ask")
        self.panel = w.HTML()
        self.panel.add_class("iex-coach-panel")
        self.tips: list[Advice] = []
        self.note: tuple[str, dict[str, str]] | None = None  # a message instead of advice: key, the only choice in words
        self.asked_at: tuple[int, int] | None = None  # (moves made, seat) when the advice was given
        self.ask_button.on_click(guarded(self.panel)(lambda _b: self.ask()))
        self.children = [self.ask_button, self.panel]
        on_language(self, self.redraw)
        self.redraw()

    @property
    def lang(self) -> str:
        return LANG.lang

    def decider(self) -> int | None:
        """The person to advise now (None: no person at this screen decides)."""
        waiting = self.session.waiting_humans()
        if self.seat is not None:
            return self.seat if self.seat in waiting else None
        return waiting[0] if waiting else None

    def ask(self) -> None:
        """Work out the advice for the position on the table now and show it."""
        g = self.session.game
        seat = self.decider()
        self.tips, self.note = [], None
        self.asked_at = (len(g.history), -1 if seat is None else seat)
        if g.is_over():
            self.note = ("over", {})
        elif seat is None:
            self.note = ("nobody", {})
        else:
            choices = g.legal_actions(seat)
            if len(choices) == 1:
                self.note = ("only", {lang: g.describe(choices[0], lang) for lang in ("en", "de")})
            else:
                self.panel.value = message_html(words("thinking", self.lang))
                self.tips = advice(g, seat, top=3, lang=self.lang, seed=self.seed, **self.search)
        self.redraw()

    def update(self) -> None:
        """Say so when the table has moved on since the advice shown (call after every change)."""
        if self.asked_at is not None and self.asked_at[0] != len(self.session.game.history):
            self.tips, self.note, self.asked_at = [], ("stale", {}), None
            self.redraw()

    def redraw(self) -> None:
        lang = self.lang
        self.ask_button.description = words("ask", lang)
        if self.note is not None:
            key, only = self.note
            self.panel.value = message_html(words(key, lang, m=only.get(lang, "")))
        elif self.tips:
            self.panel.value = self.advice_html(lang)
        else:
            self.panel.value = ""

    def advice_html(self, lang: str) -> str:
        assert self.asked_at is not None
        who = seat_name(self.asked_at[1], lang)
        head = words("head" if len(self.tips) == 3 else "head_few", lang, p=who)
        rows = []
        for tip in (t.in_language(lang) for t in self.tips):
            pct = round(100 * tip.shown_chance)
            rows.append(
                f'<li style="margin:4px 0"><b>{escape(tip.description)}</b> '
                f'<span class="iex-coach-chance" style="white-space:nowrap;color:#1f4e8c">'
                f'— {escape(words("chance", lang, n=pct))}</span>'
                f'<div style="background:#e4ecf6;height:6px;width:200px;max-width:100%;border-radius:3px;margin:3px 0">'
                f'<div style="background:#1f4e8c;height:6px;width:{pct}%;border-radius:3px"></div></div>'
                f'<div class="iex-coach-why">{escape(tip.why)}</div></li>'
            )
        samples = max(t.rollouts for t in self.tips)
        return (f'<div style="font-size:max(15px,1em);border-left:5px solid #1f4e8c;background:#f2f6fb;padding:6px 10px">'
                f"<b>{escape(head)}</b><ol style=\"margin:4px 0 4px 18px;padding:0\">{''.join(rows)}</ol>"
                f'<div style="font-size:max(14px,.95em);color:#555">{escape(words("how", lang, n=samples, p=who))}</div></div>')
