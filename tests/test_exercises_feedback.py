"""Exercise feedback that teaches: learner's words (never the grader's internals), Markdown rendered,
a hint before the solution, numbers that are not already on screen, tables that keep working after
an answer, and a Step button that never raises."""

from __future__ import annotations

import re

import pytest

from importexport.importexport.actions import KINDS
from importexport.importexport.i18n import KIND_WORDS
from importexport.importexport.picture import picture
from importexport.tutor import chapters
from importexport.tutor.chapter import Chapter, Exercise
from importexport.tutor.exercises import Feedback, Grader, shown_position
from importexport.widgets import LANG
from importexport.widgets.chapter import chapter as chapter_view
from importexport.widgets.common import feedback_html
from importexport.widgets.exercises import exercise_view

ALL = chapters()
KIND_NAMES = sorted(KINDS | {w[lang] for w in KIND_WORDS.values() for lang in ("en", "de")}, key=len, reverse=True)
INTERNAL = [
    ("a quoted word", re.compile(r"\('|'\)|\('\w")),
    ("the grader's 'Not reached'", re.compile(r"Not reached|Nicht erreicht")),
    ("a raw move", re.compile(r"\bp\d+ \w+|\bc=\d")),
    ("a kind name in parentheses", re.compile(r"\(\s*'?(?:" + "|".join(map(re.escape, KIND_NAMES)) + r")'?\s*\)")),
]
GRADER_ONLY = re.compile(r"\bexactly\b|\bgenau\b|: (?:at least|at most|up by|down by) \d")


def wrong_answers(grader: Grader, ex: Exercise) -> list[Feedback]:
    """Every wrong answer a reader can give (for ``legal``: all ticked, none ticked, each single flip)."""
    if ex.kind == "choice":
        return [grader.choice(ex, i) for i in range(len(ex.options)) if i != ex.answer]
    if ex.kind == "legal":
        truth = {i for i, (_a, legal, _w) in enumerate(grader.candidates(ex)) if legal}
        every = set(range(len(ex.candidates)))
        return [grader.legal(ex, picks) for picks in [every, set(), *({i} ^ truth for i in every)]]
    if ex.kind == "move":
        g = grader.game(ex)
        good = grader.working_moves(ex)
        return [grader.move(ex, g, a) for a in g.legal_actions(ex.seat) if a not in good]
    n = grader.number_answer(ex)
    return [grader.number(ex, n + 1), grader.number(ex, n - 1)]


def authored(ex: Exercise, lang: str) -> list[str]:
    """The chapter's own texts in a feedback (prose may say "exactly"; the grader's words may not)."""
    return [t(lang) for t in [ex.explain, *([ex.hint] if ex.hint else []), *ex.options]]


def shown_html(fb: Feedback, lang: str, solution: bool) -> str:
    """The feedback as the exercise widgets show it (hint first, solution later)."""
    if solution or fb.right:
        return feedback_html(fb.right, fb.verdict(lang), fb.paragraphs(lang))
    return feedback_html(fb.right, fb.verdict(lang), fb.lines[lang], fb.hint[lang], lang)


@pytest.mark.parametrize("hints", ["written", "generic"])
def test_wrong_answers_of_every_exercise_read_as_sentences(hints: str) -> None:
    """Grade every wrong answer of every exercise (with the chapters' hints, and with the grader's own
    hints instead): no internal strings, Markdown rendered, a hint first and the solution later."""
    graded = 0
    for ch in ALL:
        exercises = ch.exercises if hints == "written" else {
            name: ex.model_copy(update={"hint": None}) for name, ex in ch.exercises.items()}
        grader = Grader(ch.model_copy(update={"exercises": exercises}))
        for name, ex in exercises.items():
            for fb in wrong_answers(grader, ex):
                graded += 1
                assert not fb.right
                for lang in ("en", "de"):
                    where = f"{ch.notebook} {name} ({lang})"
                    first, full = fb.text(lang, solution=False), fb.text(lang)
                    for what, pattern in INTERNAL:
                        assert not pattern.search(full), f"{where}: {what} in {full!r}"
                    generated = full
                    for text in authored(ex, lang):
                        generated = generated.replace(text, "")
                    assert not GRADER_ONLY.search(generated), f"{where}: grading words in {generated!r}"
                    assert fb.hint[lang] and all(h.strip() for h in fb.hint[lang]), f"{where}: no hint"
                    assert ex.explain(lang) not in first, f"{where}: the first try gives the solution away"
                    assert ex.explain(lang) in full
                    for solution in (False, True):
                        html = shown_html(fb, lang, solution)
                        assert "**" not in html and "&lt;" not in html, f"{where}: unrendered Markdown in {html!r}"
    assert graded > 150


def test_the_first_try_hides_the_right_answer() -> None:
    ch = next(c for c in ALL if c.number == 8)
    grader = Grader(ch)
    payout = ch.exercises["payout"]
    fb = grader.number(payout, 20)
    assert "The answer is 34." not in fb.text("en", solution=False) and "zu niedrig" in fb.text("de", solution=False)
    assert "The answer is 34." in fb.text("en") and "Die Antwort ist 34." in fb.text("de")
    move = ch.exercises["fulfil-rolls-royce"]
    g = grader.game(move)
    wrong = next(a for a in g.legal_actions(0) if a not in grader.working_moves(move))
    fb = grader.move(move, g, wrong)
    assert "A move that works" not in fb.text("en", solution=False) and "A move that works" in fb.text("en")
    assert "Player 1 now has 1 fulfilled contract, as many as before; the goal was at least 1 more." in fb.hint["en"]


def test_a_missed_kind_of_move_is_named_only_without_a_written_hint() -> None:
    ch = next(c for c in ALL if c.number == 3)
    ex = ch.exercises["most-actions"]
    g = Grader(ch).game(ex)
    draw = next(a for a in g.legal_actions(0) if a.kind == "draw")
    fb = Grader(ch).move(ex, g, draw)
    assert fb.hint["en"] == [ex.hint.en]  # the written hint; "a wild pair" would give the answer away
    generic = ex.model_copy(update={"hint": None})
    fb = Grader(ch).move(generic, g, draw)
    assert fb.hint["en"] == ["That move draws cards; this exercise asks you to play two cards of one colour as a "
                             "wild pair."]
    assert fb.hint["de"] == ["Dieser Zug zieht Karten nach; gefragt ist aber: zwei Karten einer Farbe als Joker "
                             "spielen."]


def test_feedback_renders_each_paragraph_as_markdown() -> None:
    ch = next(c for c in ALL if c.number == 8)
    fb = Grader(ch).number(ch.exercises["payout"], 34)
    html = feedback_html(fb.right, fb.verdict("en"), fb.paragraphs("en"))
    assert "<strong>34</strong>" in html and "**" not in html
    # the explain text is one paragraph in the file, wrapped over lines: one paragraph on screen too
    assert html.count("<p>") == len(fb.paragraphs("en"))
    assert "20 + 14 = <strong>34</strong>. Both\ncards join" in html
    hint = feedback_html(False, "Nicht ganz.", [], ["**fett**", "zweiter Absatz"], "de")
    assert "<strong>Tipp:</strong> <strong>fett</strong>" in hint and "<p>zweiter Absatz</p>" in hint


def test_every_choice_and_number_exercise_has_a_written_hint() -> None:
    for ch in ALL:
        for name, ex in ch.exercises.items():
            if ex.kind in ("choice", "number"):
                assert ex.hint is not None, f"{ch.notebook}: exercise {name!r} has no hint"
            if ex.hint is not None:
                assert ex.hint.en != ex.explain.en and ex.hint.de != ex.explain.de


def shown_counts(pic: dict, what: str, seat: int) -> list[int]:
    """The numbers a picture shows for ``what`` of ``seat`` (the credits, for a score it does not show)."""
    seats = pic["seats"]
    if what in ("island",):
        return [len(pic["island"])]
    if what in ("deck", "discard"):
        return [int(re.search(r"\d+", pic["status"][what]).group())]
    if what in ("credits", "score"):
        return [seats[seat]["credits"]]
    if what == "hand":
        return [seats[seat]["hand_size"]]
    if what in ("crew", "goods", "fulfilled"):
        return [len(seats[seat][what])]
    ships = [x for x in pic["ships"].values() if x["owner"] == seat]
    if what == "at_sea":
        return [sum(x["at_sea"] for x in ships)]
    return [sum(len(x[what]) for x in ships)]


def test_no_number_exercise_can_be_answered_by_reading_its_picture() -> None:
    checked = hidden = 0
    for ch in ALL:
        grader = Grader(ch)
        for name, ex in ch.exercises.items():
            if ex.kind != "number":
                continue
            assert ex.read is not None
            answer = grader.number_answer(ex)
            assert answer != 0, f"{ch.notebook}: {name!r}: the empty answer box reads 0, so 0 is no question"
            g = shown_position(ch, ex)
            if g is None:
                hidden += 1
                continue
            pic = picture(g, "en")
            seats = range(g.state.n) if ex.read.total else [ex.read.seat]
            on_screen = {n for seat in seats for n in shown_counts(pic, ex.read.what, seat)}
            assert answer not in on_screen, f"{ch.notebook}: {name!r} asks for {answer}, which its picture shows"
            checked += 1
    assert checked >= 14 and hidden == 2


def test_a_hidden_position_is_not_drawn_but_still_grades() -> None:
    ch = next(c for c in ALL if c.number == 2)
    view = exercise_view(ch, "deck-three")
    assert view.pic is None and view.grader.number_answer(view.ex) == 70
    view.answer.value = 80  # the two-player table's count, drawn above the question
    view.check_button.click()
    assert not view.result.right and "too high" in view.feedback.value
    assert Grader(ch).number_answer(ch.exercises["grey-credits"]) == 64  # 5 × 10 + 14


def test_a_wrong_answer_gets_a_hint_then_the_solution_after_the_second_try() -> None:
    ch = next(c for c in ALL if c.number == 1)
    view = exercise_view(ch, "who-wins")
    explain = "Reaching 50 credits only starts the end."
    view.pick.value = 0
    view.check_button.click()
    assert "Hint:" in view.feedback.value and explain not in view.feedback.value
    assert view.solution_button.layout.display is None and view.solution_button.description == "Show the solution"
    LANG.lang = "de"  # the language switch keeps the state: still the hint
    assert "Tipp:" in view.feedback.value and "Lösung zeigen" == view.solution_button.description
    LANG.lang = "en"
    view.pick.value = 1
    view.check_button.click()
    assert explain in view.feedback.value and "The right answer:" in view.feedback.value
    assert view.solution_button.layout.display == "none"
    again = exercise_view(ch, "when-it-ends")  # or at once, on request
    again.pick.value = 0
    again.check_button.click()
    again.solution_button.click()
    assert "the turn in progress is finished first" in again.feedback.value and "Hint:" not in again.feedback.value
    right = exercise_view(ch, "who-wins")
    right.pick.value = 2
    right.check_button.click()
    assert "Right!" in right.feedback.value and explain in right.feedback.value


def test_a_move_exercise_table_plays_on_after_the_graded_move() -> None:
    ch = next(c for c in ALL if c.number == 8)
    view = exercise_view(ch, "fulfil-rolls-royce")
    s = view.session
    start = len(s.game.history)
    wrong = next(a for a in s.game.legal_actions(0) if a not in view.grader.working_moves(view.ex))
    view.table.act(wrong)
    assert view.result is not None and not view.result.right and "Hint:" in view.feedback.value
    graded = view.result
    for _ in range(3):  # the table keeps working: whoever decides next may move, nothing is graded
        seat = s.waiting_humans()[0]
        assert view.table.act(s.game.legal_actions(seat)[0]) and view.result is graded
    assert len(s.game.history) > start + 1
    view.again.click()
    assert view.result is None and len(s.game.history) == start and view.feedback.value == ""
    view.table.act(wrong)  # the second wrong try brings the solution
    assert "A move that works" in view.feedback.value and "RICE onto ship 1" in view.feedback.value
    view.table.undo()  # back at the position, the next move is an answer again
    view.table.act(view.grader.working_moves(view.ex)[0])
    assert view.result.right and "Right!" in view.feedback.value


@pytest.mark.parametrize("lang", ["en", "de"])
def test_step_after_an_own_move_offers_the_way_back_instead_of_an_error(lang: str) -> None:
    LANG.lang = lang
    view = chapter_view(1).table("start")
    s = view.session
    own = next(a for a in s.game.legal_actions() if a != s.script[0])
    view.act(own)
    view.step_button.click()  # the example's next move is not legal any more
    words = {"en": ("left the example", "back to the example"), "de": ("vom Beispiel abgewichen", "zurück zum Beispiel")}
    assert words[lang][0] in view.confirm.question.value and words[lang][1] in view.confirm.yes.description
    assert view.confirm.layout.display is None and "Error" not in view.message.value
    assert "schiefgegangen" not in view.message.value and "went wrong" not in view.message.value
    assert s.game.history == [own]  # nothing was played
    view.confirm.no.click()  # play on from here
    assert s.game.history == [own] and view.confirm.layout.display == "none"
    view.step_button.click()
    view.confirm.yes.click()  # back to where the table left the example
    assert s.game.history == [] and s.next_scripted() == s.script[0]
    view.step_button.click()
    view.step_button.click()
    assert s.game.history == s.script[:2] and view.confirm.layout.display == "none"


def test_chapter_8_table_gives_player_1_a_turn_after_the_load() -> None:
    """The payout example's table is not a dead end: Step stops at the example's end (a teacher pressing
    it again does not run into the bots' moves), "Play on as a game" plays the bots' turns, and after a
    reader's own move off it (the bots answer at once) Player 1 gets real choices."""
    view = chapter_view(8).table("payout-example")
    s = view.session
    while s.next_scripted() is not None:
        assert not view.step_button.disabled and view.play_on_button.layout.display == "none"
        view.step_button.click()
    assert view.step_button.disabled and s.waiting_bots()
    assert view.play_on_button.layout.display is None and "whole example" in view.example_text.value  # (said in the box, beside Step)
    for _ in range(10):
        if s.waiting_humans():
            break
        assert (not view.step_button.disabled) != (view.play_on_button.layout.display is None)  # one of the two
        (view.play_on_button if view.play_on_button.layout.display is None else view.step_button).click()
    assert s.waiting_humans() == [0] and s.game.legal_actions(0), "a turn with real choices, not a dead end"
    assert "Player 1 decides" in view.prompt.value and view.options.children
    view.restart()
    own = next(a for a in s.game.legal_actions(0) if a != s.next_scripted())
    view.act(own)
    assert not s.on_script() and s.waiting_humans() == [0] and s.game.legal_actions(0)
    assert not s.waiting_bots() and (s.waiting_humans() == [0] or s.game.is_over())


def chapter_of(number: int) -> Chapter:
    return next(c for c in ALL if c.number == number)


def test_the_model_refuses_a_hidden_position_where_the_answer_is_made_on_it() -> None:
    ex = chapter_of(8).exercises["fulfil-rolls-royce"].model_dump()
    with pytest.raises(ValueError, match="answered on its position"):
        Exercise.model_validate({**ex, "show_position": False})
    number = chapter_of(2).exercises["deck-three"].model_dump()
    with pytest.raises(ValueError, match="'total' adds up"):
        Exercise.model_validate({**number, "read": {"what": "deck", "total": True}})


def test_a_table_whose_example_is_over_says_so_instead_of_a_dead_end() -> None:
    """A seat nobody plays (no person, no bot, no scripted move) ends the example in words."""
    from importexport import Game
    from importexport.session import Session
    from importexport.widgets.table import TableView

    s = Session(lambda: Game(players=2, seed=1), humans={0})
    while 0 in s.game.deciders():
        s.act(s.choices(0)[0])
    t = TableView(s)
    assert "The example ends here: Player 2 would decide next" in t.prompt.value
    assert not t.options.children
