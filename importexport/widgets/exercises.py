"""Exercises on screen: the reader answers, the engine grades (see ``importexport.tutor.exercises``)."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..actions import Action
from ..picture import picture
from ..session import Session
from ..tutor.chapter import Chapter, Exercise
from ..tutor.exercises import Feedback, Grader
from .board import Board, still
from .common import button, feedback_html, guarded, markdown, ui
from .lang import LANG, on_language
from .table import TableView

KIND_LABEL = {
    "choice": {"en": "Question", "de": "Frage"},
    "legal": {"en": "Allowed or not?", "de": "Erlaubt oder nicht?"},
    "move": {"en": "Your move", "de": "Dein Zug"},
    "number": {"en": "How many?", "de": "Wie viele?"},
}


class ExerciseView(w.VBox):
    """The common frame: a heading, the question, the answer controls, Check, and feedback."""

    def __init__(self, chapter: Chapter, name: str) -> None:
        super().__init__(layout=w.Layout(border="2px solid #9fb3c8", padding="6px", margin="8px 0"))
        self.chapter = chapter
        self.name = name
        self.ex: Exercise = chapter.exercises[name]
        self.grader = Grader(chapter)
        self.question = w.HTML()
        self.feedback = w.HTML()
        self.result: Feedback | None = None
        self.check_button = button("", button_style="primary")
        self.check_button.on_click(guarded(self.feedback)(lambda _b: self.check()))
        self.body: list[w.Widget] = []
        self.build()
        self.children = [self.question, *self.body, self.check_button, self.feedback]
        on_language(self, self.refresh)
        self.refresh()

    @property
    def lang(self) -> str:
        return LANG.lang

    def build(self) -> None:
        raise NotImplementedError

    def check(self) -> None:
        raise NotImplementedError

    def show(self, fb: Feedback) -> None:
        self.result = fb
        self.feedback.value = feedback_html(fb.right, fb.text(self.lang).split("\n"))

    def refresh(self) -> None:
        lang = self.lang
        head = KIND_LABEL[self.ex.kind][lang]
        self.question.value = (f'<div style="font-size:16px"><b>✎ {escape(head)}</b>'
                               f"{markdown(self.ex.question(lang))}</div>")
        self.check_button.description = ui("check", lang)
        if self.result is not None:
            self.show(self.result)
        self.redraw()

    def redraw(self) -> None:
        """Re-label the answer controls in the current language."""

    def picture(self) -> Board:
        assert self.ex.position is not None
        return still(self.chapter.game(self.ex.position), self.lang)

    def redraw_picture(self) -> None:
        if self.pic is not None and self.ex.position:
            self.pic.picture = picture(self.chapter.game(self.ex.position), self.lang)


class ChoiceView(ExerciseView):
    def build(self) -> None:
        self.pick = w.RadioButtons(options=[], layout=w.Layout(width="auto"))
        self.pic = self.picture() if self.ex.position else None
        self.body = [*([self.pic] if self.pic else []), self.pick]

    def redraw(self) -> None:
        value = self.pick.value
        self.pick.options = [(o(self.lang), i) for i, o in enumerate(self.ex.options)]
        self.pick.value = value
        self.redraw_picture()

    def check(self) -> None:
        if self.pick.value is None:
            return
        self.show(self.grader.choice(self.ex, self.pick.value))


class LegalView(ExerciseView):
    def build(self) -> None:
        self.pic = self.picture()
        self.boxes = [w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto")) for _ in self.ex.candidates]
        self.body = [self.pic, w.VBox(self.boxes)]

    def redraw(self) -> None:
        labels = self.grader.candidate_labels(self.ex)
        for box, label in zip(self.boxes, labels, strict=True):
            box.description = label[self.lang]
        self.redraw_picture()

    def check(self) -> None:
        self.show(self.grader.legal(self.ex, {i for i, b in enumerate(self.boxes) if b.value}))


class MoveView(ExerciseView):
    """The reader makes one move on a live table; the engine checks the goal."""

    def build(self) -> None:
        assert self.ex.position is not None
        name = self.ex.position
        self.session = Session(lambda: self.chapter.game(name, self.lang), humans={self.ex.seat})
        self.table = TableView(self.session, hints="off", on_act=self.graded_move)
        self.check_button.layout.display = "none"  # the move itself is the answer
        self.again = button("", button_style="warning")
        self.again.on_click(guarded(self.feedback)(lambda _b: self.try_again()))
        self.body = [self.table, self.again]

    def graded_move(self, action: Action) -> None:
        if self.result is not None:
            return  # answered: "Try again" resets the position
        before = self.session.game.copy()
        self.session.act(action)  # a refusal raises here and the table shows its reason
        self.show(self.grader.move(self.ex, before, action))

    def try_again(self) -> None:
        self.result = None
        self.feedback.value = ""
        self.table.restart()

    def redraw(self) -> None:
        self.again.description = ui("again", self.lang)

    def check(self) -> None:  # pragma: no cover - the button is hidden
        pass


class NumberView(ExerciseView):
    def build(self) -> None:
        self.pic = self.picture()
        self.answer = w.IntText(value=0, layout=w.Layout(width="110px"))
        self.label = w.HTML()
        self.body = [self.pic, w.HBox([self.label, self.answer])]

    def redraw(self) -> None:
        self.label.value = f"<b>{escape(ui('your_answer', self.lang))}:</b>&nbsp;"
        self.redraw_picture()

    def check(self) -> None:
        self.show(self.grader.number(self.ex, int(self.answer.value)))


VIEWS: dict[str, type[ExerciseView]] = {"choice": ChoiceView, "legal": LegalView, "move": MoveView, "number": NumberView}


def exercise_view(chapter: Chapter, name: str) -> ExerciseView:
    return VIEWS[chapter.exercises[name].kind](chapter, name)
