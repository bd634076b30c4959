"""Exercises on screen: the reader answers, the engine grades (see ``importexport.tutor.exercises``).

A wrong answer first gets a hint; the solution (the right answer and why) follows after a second
wrong try, or at once with "Show the solution".  A move exercise's table goes on after the graded
move: the reader may play on from there, or press "Try again" to go back to the position.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from ..catalog import Table
from ..protocol import table_kit
from ..session import Session
from ..tutor.chapter import Chapter, Exercise
from ..tutor.exercises import Feedback, Grader, shown_position
from .board import Board, still
from .common import button, feedback_html, guarded, markdown, ui
from .lang import LANG, on_language
from .table import TableView

KIND_LABEL = Table("exercise_kinds", {
    "choice": "Question",
    "legal": "Allowed or not?",
    "move": "Your move",
    "number": "How many?",
})
"""The heading of an exercise, by its kind."""


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
        self.tries = 0  # wrong answers so far: the second one brings the solution
        self.revealed = False  # the reader asked for the solution
        self.check_button = button("", button_style="primary")
        self.check_button.on_click(guarded(self.feedback)(lambda _b: self.check()))
        self.solution_button = button("")
        self.solution_button.add_class("iex-solution")
        self.solution_button.layout.display = "none"
        self.solution_button.on_click(guarded(self.feedback)(lambda _b: self.reveal()))
        for b in (self.check_button, self.solution_button):  # as wide as its label (a VBox stretches it)
            b.layout.align_self = "flex-start"
        self.pic: Board | None = None
        self.body: list[w.Widget] = []
        self.build()
        self.children = [self.question, *self.body, self.check_button, self.feedback, self.solution_button]
        on_language(self, self.refresh)
        self.refresh()

    @property
    def lang(self) -> str:
        return LANG.lang

    def build(self) -> None:
        raise NotImplementedError

    def check(self) -> None:
        raise NotImplementedError

    def grade(self, fb: Feedback) -> None:
        """An answer graded: count a wrong one and show the feedback."""
        self.result = fb
        if not fb.right:
            self.tries += 1
        self.show()

    def solved(self) -> bool:
        """Whether the solution is shown: the answer is right, or wrong for the second time, or asked for."""
        return self.result is not None and (self.result.right or self.tries >= 2 or self.revealed)

    def show(self) -> None:
        """The feedback on the last answer, in the current language (the hint or the solution)."""
        fb, lang = self.result, self.lang
        if fb is None:
            self.feedback.value = ""
            self.solution_button.layout.display = "none"
            return
        if self.solved():
            self.feedback.value = feedback_html(fb.right, fb.verdict(lang), fb.paragraphs(lang))
        else:
            self.feedback.value = feedback_html(fb.right, fb.verdict(lang), fb.lines[lang], fb.hint[lang], lang)
        self.solution_button.layout.display = None if not self.solved() else "none"
        self.solution_button.description = ui("show_solution", lang)

    def reveal(self) -> None:
        self.revealed = True
        self.show()

    def refresh(self) -> None:
        lang = self.lang
        head = KIND_LABEL[self.ex.kind][lang]
        self.question.value = (f'<div style="font-size:max(16px,1.05em)"><b>✎ {escape(head)}</b>'
                               f"{markdown(self.ex.question(lang))}</div>")
        self.check_button.description = ui("check", lang)
        self.show()
        self.redraw()

    def redraw(self) -> None:
        """Re-label the answer controls in the current language."""

    def picture(self) -> Board | None:
        """The position drawn beside the question (``None``: the exercise shows none)."""
        g = shown_position(self.chapter, self.ex, self.lang)
        return None if g is None else still(g, self.lang)

    def redraw_picture(self) -> None:
        g = shown_position(self.chapter, self.ex, self.lang)
        if self.pic is not None and g is not None:
            kit = table_kit(g)
            self.pic.show(kit, kit.picture(g, self.lang))


class ChoiceView(ExerciseView):
    def build(self) -> None:
        self.pick = w.RadioButtons(options=[], layout=w.Layout(width="auto"))
        self.pic = self.picture()
        self.body = [*([self.pic] if self.pic else []), self.pick]

    def redraw(self) -> None:
        value = self.pick.value
        self.pick.options = [(o(self.lang), i) for i, o in enumerate(self.ex.options)]
        self.pick.value = value
        self.redraw_picture()

    def check(self) -> None:
        if self.pick.value is None:
            return
        self.grade(self.grader.choice(self.ex, self.pick.value))


class LegalView(ExerciseView):
    def build(self) -> None:
        self.pic = self.picture()
        self.boxes = [w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto")) for _ in self.ex.candidates]
        self.body = [*([self.pic] if self.pic else []), w.VBox(self.boxes)]

    def redraw(self) -> None:
        labels = self.grader.candidate_labels(self.ex)
        for box, label in zip(self.boxes, labels, strict=True):
            box.description = label[self.lang]
        self.redraw_picture()

    def check(self) -> None:
        self.grade(self.grader.legal(self.ex, {i for i, b in enumerate(self.boxes) if b.value}))


class MoveView(ExerciseView):
    """The reader makes one move on a live table; the engine checks the goal.  The first move of
    ``seat`` at the position is graded (again after Undo or "Try again" back to it); the moves after
    it are play, for every seat at the table."""

    def build(self) -> None:
        assert self.ex.position is not None
        name = self.ex.position
        self.session = Session(lambda: self.chapter.game(name, self.lang))  # every seat a person's: play goes on
        # no coach here: it rates moves by the chance to win the game, not by the exercise's goal,
        # and would recommend what the exercise grades wrong (docs/tutor.md, "The coach")
        self.table = TableView(self.session, hints="off", on_act=self.graded_move)
        self.check_button.layout.display = "none"  # the move itself is the answer
        self.again = button("", button_style="warning")
        self.again.layout.align_self = "flex-start"
        self.again.on_click(guarded(self.feedback)(lambda _b: self.try_again()))
        self.body = [self.table, self.again]

    def graded_move(self, action: Any) -> None:
        """A move at the table: graded if it is the answer (``seat``'s first move at the position)."""
        answer = not self.session.marks and action.player == self.ex.seat
        before = self.session.game.copy()
        self.session.act(action)  # a refusal raises here and the table shows its reason
        if answer:
            self.grade(self.grader.move(self.ex, before, action))

    def try_again(self) -> None:
        """Back to the position for another answer (the tries so far still count)."""
        self.result = None
        self.show()
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
        self.body = [*([self.pic] if self.pic else []), w.HBox([self.label, self.answer])]

    def redraw(self) -> None:
        self.label.value = f"<b>{escape(ui('your_answer', self.lang))}:</b>&nbsp;"
        self.redraw_picture()

    def check(self) -> None:
        self.grade(self.grader.number(self.ex, int(self.answer.value)))


VIEWS: dict[str, type[ExerciseView]] = {"choice": ChoiceView, "legal": LegalView, "move": MoveView, "number": NumberView}


def exercise_view(chapter: Chapter, name: str) -> ExerciseView:
    return VIEWS[chapter.exercises[name].kind](chapter, name)
