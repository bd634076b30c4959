"""Grading the chapters' exercises.  The engine decides what is right: which moves are legal, what a
move leads to, what a number on the table will be.  Only ``choice`` questions carry an answer key.

Every grade returns a :class:`Feedback` in both languages, so the language switch can change it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..actions import Action
from ..engine import Game
from ..explain import reason
from ..i18n import message
from ..rules import fulfilled_count
from .chapter import Chapter, Condition, Exercise, play_moves

VERDICT = {
    True: {"en": "Right!", "de": "Richtig!"},
    False: {"en": "Not quite.", "de": "Nicht ganz."},
}
WORDS = {
    "allowed": {"en": "allowed", "de": "erlaubt"},
    "refused": {"en": "not allowed", "de": "nicht erlaubt"},
    "example": {"en": "A move that works: {m}", "de": "Ein Zug, der passt: {m}"},
    "answer": {"en": "The answer is {n}.", "de": "Die Antwort ist {n}."},
    "your_move": {"en": "Your move: {m}", "de": "Dein Zug: {m}"},
    "missed": {"en": "Not reached: {c}", "de": "Nicht erreicht: {c}"},
    "differs": {"en": "  ← your answer differs here", "de": "  ← hier weicht deine Antwort ab"},
    "right_option": {"en": "The right answer: {o}", "de": "Die richtige Antwort: {o}"},
}
MEASURE_WORDS = {
    "credits": {"en": "{p}'s credits", "de": "Credits von {p}"},
    "hand": {"en": "cards in {p}'s hand", "de": "Karten auf der Hand von {p}"},
    "crew": {"en": "{p}'s crew cards", "de": "Crew-Karten von {p}"},
    "goods": {"en": "{p}'s goods", "de": "Güter von {p}"},
    "fulfilled": {"en": "{p}'s fulfilled contracts", "de": "erfüllte Aufträge von {p}"},
    "contracts": {"en": "contracts on {p}'s ships", "de": "Aufträge an den Schiffen von {p}"},
    "containers": {"en": "containers on {p}'s ships", "de": "Container auf den Schiffen von {p}"},
    "at_sea": {"en": "{p}'s ships at sea", "de": "Schiffe von {p} auf See"},
    "island": {"en": "cards on the Supply Island", "de": "Karten auf der Vorratsinsel"},
    "deck": {"en": "cards in the deck", "de": "Karten im Nachziehstapel"},
    "discard": {"en": "cards in the discard pile", "de": "Karten im Ablagestapel"},
    "score": {"en": "{p}'s final score", "de": "Endwertung von {p}"},
    "kind": {"en": "the kind of move", "de": "die Art des Zuges"},
}
TESTS = {
    "min": {"en": "at least {v}", "de": "mindestens {v}"},
    "max": {"en": "at most {v}", "de": "höchstens {v}"},
    "equals": {"en": "exactly {v}", "de": "genau {v}"},
    "up": {"en": "up by at least {v}", "de": "um mindestens {v} gestiegen"},
    "down": {"en": "down by at least {v}", "de": "um mindestens {v} gesunken"},
}


@dataclass
class Feedback:
    """The verdict on an answer and the explanation, in English and German."""

    right: bool
    lines: dict[str, list[str]] = field(default_factory=lambda: {"en": [], "de": []})

    def add(self, texts: dict[str, str]) -> None:
        for lang in ("en", "de"):
            self.lines[lang].append(texts[lang])

    def text(self, lang: str) -> str:
        return "\n".join([VERDICT[self.right][lang], *self.lines[lang]])


def measure(g: Game, what: str, seat: int) -> int:
    """One number read off the table (see ``Condition``)."""
    s = g.state
    p = s.players[seat] if what not in ("island", "deck", "discard") else None
    if p is not None:
        if what == "credits":
            return p.credits
        if what in ("hand", "crew", "goods"):
            return len(getattr(p, what))
        if what == "fulfilled":
            return fulfilled_count(g, seat)
        ships = [s.ships[i] for i in p.ships]
        if what == "contracts":
            return sum(len(x.contracts) for x in ships)
        if what == "containers":
            return sum(len(x.containers) for x in ships)
        if what == "at_sea":
            return sum(1 for x in ships if x.at_sea)
        if what == "score":
            return g.scores()[seat].total
    return len(getattr(s, what))


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


def condition_words(cond: Condition) -> dict[str, str]:
    from ..i18n import seat_name

    out = {}
    for lang in ("en", "de"):
        subject = MEASURE_WORDS[cond.what][lang].format(p=seat_name(cond.seat, lang))
        test = next(t for t in TESTS if getattr(cond, t) is not None)
        out[lang] = f"{subject}: {TESTS[test][lang].format(v=getattr(cond, test))}"
    return out


def both(g: Game, action: Action) -> dict[str, str]:
    return {lang: g.describe(action, lang) for lang in ("en", "de")}


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
            fb.add({lang: WORDS["right_option"][lang].format(o=ex.options[ex.answer or 0](lang)) for lang in ("en", "de")})
        fb.add({"en": ex.explain.en, "de": ex.explain.de})
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
            legal = a in g.legal_actions()
            if legal:
                words = both(g, a)
            else:
                key, args = reason(g, a)
                words = {lang: message(key, lang, g.state, **args) for lang in ("en", "de")}
            out.append((a, legal, words, plain_move(g, a)))
        return out

    def candidate_labels(self, ex: Exercise) -> list[dict[str, str]]:
        """How the candidates read, allowed or not, in the engine's words (see ``plain_move``)."""
        g = self.game(ex)
        return [plain_move(g, m.action()) for m in ex.candidates]

    def legal(self, ex: Exercise, ticked: set[int]) -> Feedback:
        rows = self._rows(ex)
        truth = {i for i, (_, legal, _, _) in enumerate(rows) if legal}
        fb = Feedback(ticked == truth)
        for i, (_a, legal, words, label) in enumerate(rows):
            mark = "✔" if legal else "✘"
            verdict = WORDS["allowed" if legal else "refused"]
            wrong = (i in ticked) != legal
            fb.add({lang: f"{mark} {label[lang]}: {verdict[lang]}" + ("" if legal else f" — {words[lang]}")
                    + (WORDS["differs"][lang] if wrong else "") for lang in ("en", "de")})
        fb.add({"en": ex.explain.en, "de": ex.explain.de})
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
        """Grade the reader's move ``action`` made at ``before`` (a game at the exercise's position)."""
        results = self.outcome(ex, before, action)
        fb = Feedback(all(ok for _, ok in results))
        fb.add({lang: WORDS["your_move"][lang].format(m=before.describe(action, lang)) for lang in ("en", "de")})
        for cond, ok in results:
            if not ok:
                words = condition_words(cond)
                fb.add({lang: WORDS["missed"][lang].format(c=words[lang]) for lang in ("en", "de")})
        if not fb.right:
            working = self.working_moves(ex)
            if working:
                fb.add({lang: WORDS["example"][lang].format(m=before.describe(working[0], lang)) for lang in ("en", "de")})
        fb.add({"en": ex.explain.en, "de": ex.explain.de})
        return fb

    # --- number --------------------------------------------------------------------------

    def number_answer(self, ex: Exercise) -> int:
        g = self.game(ex)
        play_moves(g, ex.after, f"{self.chapter.notebook}: exercise after")
        assert ex.read is not None
        return measure(g, ex.read.what, ex.read.seat)

    def number(self, ex: Exercise, given: int) -> Feedback:
        answer = self.number_answer(ex)
        fb = Feedback(given == answer)
        fb.add({lang: WORDS["answer"][lang].format(n=answer) for lang in ("en", "de")})
        fb.add({"en": ex.explain.en, "de": ex.explain.de})
        return fb


def plain_move(g: Game, a: Action) -> dict[str, str]:
    """A move in the engine's words, allowed or not, so the wording never gives the answer away."""
    from ..i18n import seat_name

    try:
        return {lang: f"{seat_name(a.player, lang)}: {text}" for lang, text in both(g, a).items()}
    except (KeyError, IndexError, ValueError, TypeError):  # a move too odd to word: say it plainly
        return {lang: str(a) for lang in ("en", "de")}
