"""Grading the chapters' exercises.  The engine decides what is right: which moves are legal, what a
move leads to, what a number on the table will be.  Only ``choice`` questions carry an answer key.

Every grade returns a :class:`Feedback` in both languages, so the language switch can change it.  A
feedback has three parts: what the answer did (always shown), a hint (shown after a wrong answer)
and the solution, i.e. the right answer and the chapter's ``explain`` text (shown once the answer is
right, after a second wrong try, or on request; the exercise widgets keep that rule).  Every
sentence is worded for a learner: no internal names of kinds of move, fields or tests.

Both games are graded the same way, through the game protocol (``legal_actions``, ``apply`` and its
``IllegalActionError``, ``describe``); what a game can measure and how it words a count is per game
(its tutor adapter, given by its kind: ``importexport.tutor.games.TUTOR_GAMES``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..catalog import Table
from ..protocol import DEFAULT_GAME, TutorKit, WordTable
from .chapter import Bi, Chapter, Condition, Exercise, Read, play_moves
from .games import TUTOR_GAMES

Action = Any
"""A choice of either game (``importexport.importexport.actions.Action``, ``importexport.portroyal.actions.Action``)."""
Game = Any
"""A game of either kind (the game protocol, ``importexport.protocol.GameProtocol``)."""

LANGS = ("en", "de")
Texts = dict[str, list[str]]

VERDICT = Table("verdict", {"right": "Right!", "wrong": "Not quite."})
WORDS = Table("exercises", {
    "allowed": "allowed",
    "refused": "not allowed",
    "example": "A move that works: {m}",
    "answer": "The answer is {n}.",
    "your_move": "Your move: {m}",
    "differs": "  ← your answer differs here",
    "right_option": "The right answer: {o}",
    "right_for": "Your answer is right for {k} of the {t} moves.",
    "look_again": "Look again at this move: {m}. What does the rule say about it?",
    "too_high": "Your answer is too high.",
    "too_low": "Your answer is too low.",
    "choice_hint": "Read the question once more and rule out the answers that the text above contradicts.",
    "count_moves": "Go through the moves one at a time and keep track of {s}.",
    "count_rules": "Work out {s} from the rules in the text above, step by step.",
    "count_change": "Go through the moves one at a time: which of them changes {s}, and by how much?",
    "everyone": "every player",
    "added_up": "{s}, added up",
    "kind_missed": "That move {does}; this exercise asks you to {want}.",
    "kind_refused": "That move {does}; at this point {p} may only {options}.",
    "or": "or",
})
CHANGE = Table("change", {
    "more": ", {d} more than before",
    "fewer": ", {d} fewer than before",
    "same": ", as many as before",
})
GOAL = Table("goal", {
    "min": "the goal was at least {v}",
    "max": "the goal was at most {v}",
    "equals": "the goal was {v}",
    "up": "the goal was at least {v} more",
    "down": "the goal was at least {v} fewer",
})


def _kit(g: Game) -> TutorKit:
    """The game ``g`` belongs to."""
    return TUTOR_GAMES[g.game_id]


def _texts() -> Texts:
    return {lang: [] for lang in LANGS}


@dataclass
class Feedback:
    """The verdict on an answer, in English and German: what the answer did (``lines``, always shown),
    a ``hint`` (after a wrong answer) and the ``solution`` (the right answer and why)."""

    right: bool
    lines: Texts = field(default_factory=_texts)
    hint: Texts = field(default_factory=_texts)
    solution: Texts = field(default_factory=_texts)

    def add(self, texts: Mapping[str, str], part: str = "lines") -> None:
        """One paragraph (Markdown) in both languages, to ``part``: "lines", "hint" or "solution"."""
        for lang in LANGS:
            getattr(self, part)[lang].append(texts[lang])

    def verdict(self, lang: str) -> str:
        return VERDICT.format("right" if self.right else "wrong", lang)

    def paragraphs(self, lang: str, solution: bool = True) -> list[str]:
        """What follows the verdict: what the answer did, then the solution (``solution``, or a right
        answer) or else the hint."""
        return [*self.lines[lang], *(self.solution if solution or self.right else self.hint)[lang]]

    def text(self, lang: str, solution: bool = True) -> str:
        return "\n".join([self.verdict(lang), *self.paragraphs(lang, solution)])


def bi(text: Bi) -> dict[str, str]:
    """A chapter's text in both languages, as :meth:`Feedback.add` takes it."""
    return {"en": text.en, "de": text.de}


def measure(g: Game, what: str, seat: int) -> int:
    """One number read off the table (see ``Condition``; the measures of ``g``'s game)."""
    return _kit(g).measure(g, what, seat)


def read_value(read: Read, before: Game, after: Game) -> int:
    """The number a ``number`` exercise asks for: one seat's count (or all seats' together,
    ``total``) after the moves, or how much it changed over them (``change``)."""
    seats = range(len(after.scores())) if read.total else [read.seat]

    def count(g: Game) -> int:
        return sum(measure(g, read.what, seat) for seat in seats)

    return count(after) - count(before) if read.change else count(after)


def condition_holds(cond: Condition, before: Game, after: Game, action: Action) -> bool:
    if cond.what == "kind":
        return action.kind == cond.equals
    now = measure(after, cond.what, cond.seat)
    if cond.min is not None:
        return now >= cond.min
    if cond.max is not None:
        return now <= cond.max
    if cond.equals is not None:
        return now == cond.equals
    then = measure(before, cond.what, cond.seat)
    if cond.up is not None:
        return now - then >= cond.up
    assert cond.down is not None
    return then - now >= cond.down


def condition_words(cond: Condition, before: Game, after: Game, action: Action) -> dict[str, str]:
    """Why a move missed a goal condition, as a learner reads it: "Player 1 now has 12 credits,
    2 more than before; the goal was at least 4 more." or "That move sells a card; this exercise
    asks you to load a card onto a ship."."""
    kit = _kit(before)
    _words, now_words, does, want = kit.wording
    if cond.what == "kind":
        return {lang: WORDS.format("kind_missed", lang, does=_kind(does, action.kind, lang),
                                                        want=_kind(want, str(cond.equals), lang)) for lang in LANGS}
    now, then = measure(after, cond.what, cond.seat), measure(before, cond.what, cond.seat)
    test = next(t for t in GOAL if getattr(cond, t) is not None)
    out = {}
    for lang in LANGS:
        state = now_words.format(cond.what, lang, p=kit.seat_name(cond.seat, lang), n=now)
        change = ""
        if test in ("up", "down"):
            key = "more" if now > then else "fewer" if now < then else "same"
            change = CHANGE.format(key, lang, d=abs(now - then))
        out[lang] = f"{state}{change}; {GOAL.format(test, lang, v=getattr(cond, test))}."
    return out


def _kind(table: WordTable, kind: str, lang: str) -> str:
    fallback = "choose" if "choose" in table else next(iter(table))
    return table.format(kind if kind in table else fallback, lang)


def refusal_words(g: Game, a: Action) -> dict[str, str]:
    """Why the engine refuses ``a``, in both languages, as the game's tutor adapter says it
    (:meth:`~importexport.protocol.TutorKit.refusal`); a move of the wrong kind for the moment is worded
    here, from the kinds of move the adapter names and its words for them."""
    kit = _kit(g)
    said = kit.refusal(g, a)
    if not said.expected:
        return dict(said.texts)
    _measures, _now, does, want = kit.wording
    out = {}
    for lang in LANGS:
        options = [_kind(want, k, lang) for k in said.expected]
        listed = (", ".join(options[:-1]) + f" {WORDS.format('or', lang)} " + options[-1]) if len(options) > 1 else "".join(options)
        out[lang] = WORDS.format("kind_refused", lang, does=_kind(does, a.kind, lang), p=kit.seat_name(a.player, lang),
                                 options=listed)
    return out


def both(g: Game, action: Action) -> dict[str, str]:
    return {lang: g.describe(action, lang) for lang in LANGS}


def shown_position(chapter: Chapter, ex: Exercise, lang: str = "en") -> Game | None:
    """The game an exercise draws beside its question (``None``: no picture, see ``show_position``)."""
    if ex.position is None or not ex.show_position:
        return None
    return chapter.game(ex.position, lang)


class Grader:
    """Grades the exercises of one chapter against fresh games at their positions."""

    def __init__(self, chapter: Chapter) -> None:
        self.chapter = chapter

    def game(self, ex: Exercise) -> Game:
        assert ex.position is not None
        return self.chapter.game(ex.position)

    # --- choice --------------------------------------------------------------------------

    def choice(self, ex: Exercise, picked: int) -> Feedback:
        right = picked == ex.answer
        fb = Feedback(right)
        if not right:
            why = ex.options[picked].why
            if why is not None:  # (a loaded chapter has one for every wrong option)
                fb.add(bi(why))
            fb.add(bi(ex.hint) if ex.hint else WORDS["choice_hint"], "hint")
            fb.add({lang: WORDS.format("right_option", lang, o=ex.options[ex.answer or 0](lang)) for lang in LANGS},
                   "solution")
        fb.add(bi(ex.explain), "solution")
        return fb

    # --- legal ---------------------------------------------------------------------------

    def candidates(self, ex: Exercise) -> list[tuple[Action, bool, dict[str, str]]]:
        """Each candidate move, whether the engine allows it, and its description or refusal."""
        return [(a, legal, words) for a, legal, words, _label in self._rows(ex)]

    def _rows(self, ex: Exercise) -> list[tuple[Action, bool, dict[str, str], dict[str, str]]]:
        """``candidates`` plus how each move reads, all from one game at the position."""
        g = self.game(ex)
        out = []
        for move in ex.candidates:
            a = move.action()
            legal = self.chapter.kit.is_legal(g, a)
            words = both(g, a) if legal else refusal_words(g, a)
            out.append((a, legal, words, plain_move(g, a)))
        return out

    def candidate_labels(self, ex: Exercise) -> list[dict[str, str]]:
        """How the candidates read, allowed or not, in the engine's words (see ``plain_move``)."""
        g = self.game(ex)
        return [plain_move(g, m.action()) for m in ex.candidates]

    def legal(self, ex: Exercise, ticked: set[int]) -> Feedback:
        rows = self._rows(ex)
        wrong = [i for i, (_, legal, _, _) in enumerate(rows) if (i in ticked) != legal]
        fb = Feedback(not wrong)
        if wrong:
            fb.add({lang: WORDS.format("right_for", lang, k=len(rows) - len(wrong), t=len(rows)) for lang in LANGS})
            label = rows[wrong[0]][3]
            fb.add(bi(ex.hint) if ex.hint else {lang: WORDS.format("look_again", lang, m=label[lang]) for lang in LANGS},
                   "hint")
        for i, (_a, legal, words, label) in enumerate(rows):
            mark = "✔" if legal else "✘"
            verdict = WORDS["allowed" if legal else "refused"]
            fb.add({lang: f"{mark} {label[lang]}: {verdict[lang]}" + ("" if legal else f" — {words[lang]}")
                    + (WORDS.format("differs", lang) if i in wrong else "") for lang in LANGS}, "solution")
        fb.add(bi(ex.explain), "solution")
        return fb

    # --- move ----------------------------------------------------------------------------

    def outcome(self, ex: Exercise, before: Game, action: Action) -> list[tuple[Condition, bool]]:
        """Each goal condition and whether ``action``, made at ``before``, meets it."""
        after = before.copy()
        after.apply(action)
        return [(c, condition_holds(c, before, after, action)) for c in ex.goal]

    def meets_goal(self, ex: Exercise, before: Game, action: Action) -> bool:
        return all(ok for _, ok in self.outcome(ex, before, action))

    def working_moves(self, ex: Exercise) -> list[Action]:
        g = self.game(ex)
        return [a for a in g.legal_actions(ex.seat) if self.meets_goal(ex, g, a)]

    def move(self, ex: Exercise, before: Game, action: Action) -> Feedback:
        """Grade the reader's move ``action`` made at ``before`` (a game at the exercise's position).

        The hint says what the move did to each goal it missed; a missed kind of move is named only
        where the chapter wrote no hint of its own (naming it would give the answer away)."""
        after = before.copy()
        after.apply(action)
        missed = [c for c in ex.goal if not condition_holds(c, before, after, action)]
        fb = Feedback(not missed)
        fb.add({lang: WORDS.format("your_move", lang, m=before.describe(action, lang)) for lang in LANGS})
        for cond in missed:
            if cond.what != "kind" or not ex.hint:
                fb.add(condition_words(cond, before, after, action), "hint")
        if missed:
            if ex.hint:
                fb.add(bi(ex.hint), "hint")
            working = self.working_moves(ex)
            if working:
                fb.add({lang: WORDS.format("example", lang, m=before.describe(working[0], lang)) for lang in LANGS},
                       "solution")
        fb.add(bi(ex.explain), "solution")
        return fb

    # --- number --------------------------------------------------------------------------

    def number_answer(self, ex: Exercise) -> int:
        before = self.game(ex)
        after = before.copy()
        play_moves(after, ex.after, f"{self.chapter.notebook}: exercise after")
        assert ex.read is not None
        return read_value(ex.read, before, after)

    def number(self, ex: Exercise, given: int) -> Feedback:
        answer = self.number_answer(ex)
        fb = Feedback(given == answer)
        if given != answer:
            fb.add(WORDS["too_high" if given > answer else "too_low"])
            fb.add(bi(ex.hint) if ex.hint else number_hint(ex, self.chapter.game_id), "hint")
        fb.add({lang: WORDS.format("answer", lang, n=answer) for lang in LANGS}, "solution")
        fb.add(bi(ex.explain), "solution")
        return fb


def number_hint(ex: Exercise, game: str = DEFAULT_GAME) -> dict[str, str]:
    """A hint for a ``number`` exercise of ``game`` without one of its own: what to keep track of, and how."""
    assert ex.read is not None
    read = ex.read
    kit = TUTOR_GAMES[game]
    words = kit.wording[0]
    out = {}
    for lang in LANGS:
        who = WORDS.format("everyone", lang) if read.total else kit.seat_name(read.seat, lang)
        subject = words.format(read.what, lang, p=who)
        if read.total:
            subject = WORDS.format("added_up", lang, s=subject)
        key = "count_change" if read.change else "count_moves" if ex.after else "count_rules"
        out[lang] = WORDS.format(key, lang, s=subject)
    return out


def plain_move(g: Game, a: Action) -> dict[str, str]:
    """A move in the engine's words, allowed or not, so the wording never gives the answer away."""
    kit = _kit(g)
    try:
        return {lang: f"{kit.seat_name(a.player, lang)}: {text}" for lang, text in both(g, a).items()}
    except (KeyError, IndexError, ValueError, TypeError):  # a move too odd to word: say what kind it is
        return {lang: f"{kit.seat_name(a.player, lang)}: {_kind(kit.wording[2], a.kind, lang)}" for lang in LANGS}
