"""Small pieces the widgets share: Markdown to HTML, feedback boxes, error capture."""

from __future__ import annotations

import traceback
from collections.abc import Callable
from functools import wraps
from html import escape
from typing import Any

import ipywidgets as w
import mistune

_md = mistune.create_markdown(escape=True, plugins=["table", "strikethrough"])

UI: dict[str, dict[str, str]] = {
    "step": {"en": "Step ▶", "de": "Schritt ▶"},
    "undo": {"en": "↶ Undo", "de": "↶ Zurück"},
    "restart": {"en": "⟲ Restart", "de": "⟲ Neu starten"},
    "check": {"en": "Check", "de": "Prüfen"},
    "again": {"en": "Try again", "de": "Noch einmal"},
    "decides": {"en": "{p} decides", "de": "{p} entscheidet"},
    "over": {"en": "The game is over.", "de": "Das Spiel ist vorbei."},
    "waiting_bot": {"en": "{p} (a bot) is thinking — press Step.", "de": "{p} (ein Bot) ist dran — drücke Schritt."},
    "script_next": {"en": "Next in the example: {m}", "de": "Als Nächstes im Beispiel: {m}"},
    "example_ends": {"en": "The example ends here: {p} would decide next. Undo or Restart to play it again.",
                     "de": "Hier endet das Beispiel: Als Nächstes wäre {p} dran. Mit „Zurück“ oder „Neu starten“ spielst du es noch einmal."},
    "seal": {"en": "Seal {p}'s bid", "de": "Gebot von {p} abgeben"},
    "sealed": {"en": "{p} has bid (hidden).", "de": "{p} hat geboten (verdeckt)."},
    "bid_hint": {"en": "{p}: type a bid from {lo} to {hi}; nobody sees it until all bids are in.",
                 "de": "{p}: gib ein Gebot von {lo} bis {hi} ein; niemand sieht es, bis alle geboten haben."},
    "not_number": {"en": "A bid is a whole number of credits.", "de": "Ein Gebot ist eine ganze Zahl an Credits."},
    "refused": {"en": "Not allowed: {r}", "de": "Nicht erlaubt: {r}"},
    "pick": {"en": "{c} can be used in several ways — pick one below.", "de": "{c} lässt sich mehrfach nutzen — wähle unten."},
    "do": {"en": "Do it", "de": "Ausführen"},
    "not_now": {"en": "Nobody at this screen decides now; wait for the others (or press Step).",
                "de": "Gerade entscheidet niemand an diesem Bildschirm; warte auf die anderen (oder drücke Schritt)."},
    "no_ship_move": {"en": "There is no move with {s} now: the choices below say what you can do.",
                     "de": "Mit {s} gibt es gerade keinen Zug: die Möglichkeiten unten sagen, was geht."},
    "more": {"en": "{n} more options", "de": "{n} weitere Möglichkeiten"},
    "log": {"en": "What happened (newest first)", "de": "Was geschah (Neuestes zuerst)"},
    "log_all": {"en": "Show all {n} lines of the game", "de": "Alle {n} Zeilen des Spiels zeigen"},
    "log_recent": {"en": "Show only the latest lines", "de": "Nur die neuesten Zeilen zeigen"},
    "hint": {"en": "Rule in play (chapter {n})", "de": "Regel im Spiel (Kapitel {n})"},
    "error": {"en": "Something went wrong", "de": "Etwas ist schiefgegangen"},
    "sure_restart": {"en": "Start this game over from its first move? Every move since is lost.",
                     "de": "Dieses Spiel von vorn beginnen? Alle Züge seither gehen verloren."},
    "sure_new": {"en": "Leave this game for a new one? Save it first if you want to come back to it.",
                 "de": "Dieses Spiel für ein neues verlassen? Speichere es vorher, wenn du weiterspielen willst."},
    "sure_load": {"en": "Leave this game for the one in {f}? Save this one first if you want to come back to it.",
                  "de": "Dieses Spiel für das aus {f} verlassen? Speichere es vorher, wenn du weiterspielen willst."},
    "yes_load": {"en": "Yes, load it", "de": "Ja, laden"},
    "yes_restart": {"en": "Yes, start over", "de": "Ja, von vorn"},
    "yes_new": {"en": "Yes, new game", "de": "Ja, neues Spiel"},
    "keep_playing": {"en": "No, keep playing", "de": "Nein, weiterspielen"},
    "skip": {"en": "⏭ Skip the bots' moves", "de": "⏭ Züge der Bots überspringen"},
    "nothing_to_undo": {"en": "There is no move of yours to take back.", "de": "Es gibt keinen eigenen Zug zum Zurücknehmen."},
    "undo_other": {"en": "The last move was another person's; only they can take it back, on their turn.",
                   "de": "Der letzte Zug war von jemand anderem; nur diese Person kann ihn zurücknehmen, wenn sie dran ist."},
    "undo_revealed": {"en": "Something hidden has been seen since that move (a card drawn, bids shown or a random "
                            "pick), so the move stands.",
                      "de": "Seit diesem Zug wurde etwas Verdecktes gesehen (eine gezogene Karte, Gebote oder ein "
                            "Zufall), also bleibt der Zug."},
    "your_answer": {"en": "Your answer", "de": "Deine Antwort"},
    "hint_label": {"en": "Hint", "de": "Tipp"},
    "show_solution": {"en": "Show the solution", "de": "Lösung zeigen"},
    "left_example": {"en": "This table has left the example: after your own moves, the example's next move is no "
                           "longer possible. Go back to where you left the example?",
                     "de": "Dieser Tisch ist vom Beispiel abgewichen: Nach deinen eigenen Zügen geht der nächste Zug "
                           "des Beispiels nicht mehr. Zurück dorthin, wo du das Beispiel verlassen hast?"},
    "back_to_example": {"en": "Yes, back to the example", "de": "Ja, zurück zum Beispiel"},
    "play_on": {"en": "No, play on from here", "de": "Nein, von hier weiterspielen"},
    "back_at_example": {"en": "Back at the example: Step plays its next move.",
                        "de": "Zurück im Beispiel: Schritt spielt seinen nächsten Zug."},
    "number_hint": {"en": "Type a number", "de": "Gib eine Zahl ein"},
}


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
        self.question.value = f'<b style="font-size:15px;margin-right:12px">{escape(question)}</b>'
        self.yes.description, self.no.description = yes, no
        self._then = then
        self.layout.display = None

    def answer(self, yes: bool) -> None:
        then, self._then = self._then, None
        self.layout.display = "none"
        if yes and then is not None:
            then()


def ui(key: str, lang: str, **args: Any) -> str:
    return UI[key]["de" if lang == "de" else "en"].format(**args)


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
    return (f'<div style="border-left:5px solid {colour};background:{back};padding:6px 10px;font-size:15px">'
            f'<b style="color:{colour}">{escape(head)}</b>{body}</div>')


def message_html(text: str, kind: str = "info") -> str:
    colour = {"info": "#1f4e8c", "refused": "#b3261e", "error": "#b3261e"}[kind]
    return f'<div style="color:{colour};font-size:15px;padding:2px 0">{escape(text)}</div>'


def guarded(target: w.HTML) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Route any error raised in a widget callback to ``target`` (it would vanish otherwise)."""

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(fn)
        def inner(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as exc:  # shown on the page, never swallowed
                detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
                target.value = (f'<div style="color:#b3261e;border:1px solid #b3261e;padding:4px">'
                                f"<b>{escape(ui('error', 'en'))} / {escape(ui('error', 'de'))}:</b> "
                                f"{escape(detail)}</div>")
                return None

        return inner

    return wrap


def button(description: str, **kwargs: Any) -> w.Button:
    return w.Button(description=description, layout=w.Layout(width="auto", max_width="100%"), **kwargs)
