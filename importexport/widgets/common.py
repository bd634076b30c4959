"""Small pieces the widgets share: Markdown to HTML, feedback boxes, error capture."""

from __future__ import annotations

import traceback
from collections.abc import Callable
from functools import wraps
from html import escape
from typing import Any

import ipywidgets as w
import mistune

from ..catalog import Table

_md = mistune.create_markdown(escape=True, plugins=["table", "strikethrough"])

UI = Table("ui", {
    "step": "Step ▶",
    "play_on_step": "Play on as a game ▶",
    "step_back": "◀ Step back",
    "at_start": "This is the starting position: there is no move to take back.",
    "undo": "↶ Undo",
    "restart": "⟲ Restart",
    "check": "Check",
    "again": "Try again",
    "decides": ("{p} decides", "{p} decide"),
    "over": "The game is over.",
    "waiting_bot": "{p} (a bot) is thinking — press Step.",
    "script_next": "Next in the example: {m}",
    "example_over": "That was the whole example. ◀ Step back goes back through it.",
    "example_ends": "The example ends here: {p} would decide next. Undo or Restart to play it again.",
    "seal": "Seal {p}'s bid",
    "sealed": "{p} has bid (hidden).",
    "bid_hint": "{p}: type a bid from {lo} to {hi}; nobody sees it until all bids are in.",
    "not_number": "A bid is a whole number of credits.",
    "refused": "Not allowed: {r}",
    "pick": "{c} can be used in several ways — pick one of them above.",
    "do": "Do it",
    "not_now": "Nobody at this screen decides now; wait for the others (or press Step).",
    "no_ship_move": "There is no move with {s} now: the choices below say what you can do.",
    "more": ("{n} more option", "{n} more options"),
    "log": "What happened (newest first)",
    "log_all": "Show all {n} lines of the game",
    "log_recent": "Show only the latest lines",
    "hint": "Rule in play (chapter {n})",
    "error": "Something went wrong: the page could not carry that out.",
    "details": "Details",
    "sure_restart": "Start this game over from its first move? Every move since is lost.",
    "sure_new": "Leave this game for a new one? Save it first if you want to come back to it.",
    "sure_load": "Leave this game for the one in {f}? Save this one first if you want to come back to it.",
    "yes_load": "Yes, load it",
    "yes_restart": "Yes, start over",
    "yes_new": "Yes, new game",
    "keep_playing": "No, keep playing",
    "skip": "⏭ Skip the bots' moves",
    "nothing_to_undo": "There is no move of yours to take back.",
    "undo_other": "The last move was another person's; only they can take it back, on their turn.",
    "undo_revealed": "Something hidden has come to light since that move (a card played from a hand, turned up or "
        "drawn, sealed bids shown), so the move stands: undo cannot take back what the table has seen.",
    "your_answer": "Your answer",
    "hint_label": "Hint",
    "show_solution": "Show the solution",
    "left_example": "This table has left the example: after your own moves, the example's next move is no "
        "longer possible. Go back to where you left the example?",
    "back_to_example": "Yes, back to the example",
    "play_on": "No, play on from here",
    "back_at_example": "Back at the example: Step plays its next move.",
    "number_hint": "Type a number",
})


class Confirm(w.HBox):
    """A question with Yes / No buttons, hidden until :meth:`ask` (e.g. before a game is thrown away)."""

    def __init__(self) -> None:
        super().__init__(layout=w.Layout(display="none", align_items="center"))
        self.add_class("iex-confirm")
        self.question = w.HTML()
        self.yes = button("", button_style="danger")
        self.yes.add_class("iex-confirm-yes")
        self.no = button("")
        self.no.add_class("iex-confirm-no")
        self._then: Callable[[], None] | None = None
        self.yes.on_click(lambda _b: self.answer(True))
        self.no.on_click(lambda _b: self.answer(False))
        self.children = [self.question, self.yes, self.no]

    def ask(self, question: str, yes: str, no: str, then: Callable[[], None]) -> None:
        self.question.value = f'<b style="font-size:max(15px,1em);margin-right:12px">{escape(question)}</b>'
        self.yes.description, self.no.description = yes, no
        self._then = then
        self.layout.display = None

    def answer(self, yes: bool) -> None:
        then, self._then = self._then, None
        self.layout.display = "none"
        if yes and then is not None:
            then()


def ui(key: str, lang: str, **args: Any) -> str:
    """The button or message ``key`` in ``lang``; a count ``n`` picks the plural form."""
    return UI.format(key, lang, **args)


def markdown(text: str) -> str:
    """Markdown (the chapters' prose) as HTML."""
    return str(_md(text))


def feedback_html(right: bool, head: str, paragraphs: list[str], hint: list[str] | None = None,
                  lang: str = "en") -> str:
    """An answer's verdict ``head``, then its paragraphs (each Markdown), then a boxed ``hint``."""
    colour, back = ("#1e7b34", "#e8f6ec") if right else ("#9a5b00", "#fff4e0")
    body = "".join(f'<div class="iex-feedback-part">{markdown(p)}</div>' for p in paragraphs)
    if hint:
        first, *more = hint
        body += ('<div class="iex-hint" style="background:#fff8d6;border-left:4px solid #e0b21b;padding:2px 8px;'
                 'margin-top:4px">' + markdown(f"**{ui('hint_label', lang)}:** {first}")
                 + "".join(markdown(p) for p in more) + "</div>")
    return (f'<div style="border-left:5px solid {colour};background:{back};padding:6px 10px;font-size:max(15px,1em)">'
            f'<b style="color:{colour}">{escape(head)}</b>{body}</div>')


def message_html(text: str, kind: str = "info", details: str = "", lang: str = "en") -> str:
    """A message on the page; ``details`` (what exactly is wrong) stay folded behind a "Details" toggle."""
    colour = {"info": "#1f4e8c", "refused": "#b3261e", "error": "#b3261e"}[kind]
    more = (f'<details class="iex-details" style="color:#3a3a3a;font-size:max(14px,.95em)"><summary style="cursor:pointer">'
            f"{escape(ui('details', lang))}</summary><div>{escape(details)}</div></details>") if details else ""
    return f'<div style="color:{colour};font-size:max(15px,1em);padding:2px 0">{escape(text)}{more}</div>'


def guarded(target: w.HTML) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Route any error raised in a widget callback to ``target`` (it would vanish otherwise)."""

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(fn)
        def inner(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as exc:  # shown on the page, never swallowed: a plain sentence, the error folded
                from .lang import LANG

                detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
                target.value = ('<div style="border:1px solid #b3261e;padding:4px">'
                                + message_html(ui("error", LANG.lang), "error", detail, LANG.lang) + "</div>")
                return None

        return inner

    return wrap


def button(description: str, **kwargs: Any) -> w.Button:
    return w.Button(description=description, layout=w.Layout(width="auto", max_width="100%"), **kwargs)
