"""Grading the chapters' exercises.  The engine decides what is right: which moves are legal, what a
move leads to, what a number on the table will be.  Only ``choice`` questions carry an answer key.

Every grade returns a :class:`Feedback` in both languages, so the language switch can change it.  A
feedback has three parts: what the answer did (always shown), a hint (shown after a wrong answer)
and the solution, i.e. the right answer and the chapter's ``explain`` text (shown once the answer is
right, after a second wrong try, or on request; the exercise widgets keep that rule).  Every
sentence is worded for a learner: no internal names of kinds of move, fields or tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..actions import Action
from ..engine import Game
from ..explain import reason
from ..i18n import message, seat_name
from ..rules import fulfilled_count
from .chapter import TABLE_COUNTS, Bi, Chapter, Condition, Exercise, Read, play_moves

LANGS = ("en", "de")
Texts = dict[str, list[str]]

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
    "differs": {"en": "  ← your answer differs here", "de": "  ← hier weicht deine Antwort ab"},
    "right_option": {"en": "The right answer: {o}", "de": "Die richtige Antwort: {o}"},
    "right_for": {"en": "Your answer is right for {k} of the {t} moves.", "de": "Deine Antwort stimmt bei {k} von {t} Zügen."},
    "look_again": {"en": "Look again at this move: {m}. What does the rule say about it?",
                   "de": "Schau dir diesen Zug noch einmal an: {m}. Was sagt die Regel dazu?"},
    "too_high": {"en": "Your answer is too high.", "de": "Deine Antwort ist zu hoch."},
    "too_low": {"en": "Your answer is too low.", "de": "Deine Antwort ist zu niedrig."},
    "choice_hint": {"en": "Read the question once more and rule out the answers that the text above contradicts.",
                    "de": "Lies die Frage noch einmal und streiche die Antworten, denen der Text oben widerspricht."},
    "count_moves": {"en": "Go through the moves one at a time and keep track of {s}.",
                    "de": "Geh die Züge einzeln durch und verfolge dabei {s}."},
    "count_rules": {"en": "Work out {s} from the rules in the text above, step by step.",
                    "de": "Leite {s} Schritt für Schritt aus den Regeln im Text oben her."},
    "count_change": {"en": "Go through the moves one at a time: which of them changes {s}, and by how much?",
                     "de": "Geh die Züge einzeln durch: Welcher davon ändert {s}, und um wie viel?"},
    "everyone": {"en": "every player", "de": "allen Spielern"},
    "added_up": {"en": "{s}, added up", "de": "{s}, zusammengezählt"},
    "kind_missed": {"en": "That move {does}; this exercise asks you to {want}.",
                    "de": "Dieser Zug {does}; gefragt ist aber: {want}."},
    "kind_refused": {"en": "That move {does}; at this point {p} may only {options}.",
                     "de": "Dieser Zug {does}; an dieser Stelle kann {p} nur {options}."},
    "or": {"en": "or", "de": "oder"},
}
MEASURE_WORDS = {
    "credits": {"en": "{p}'s credits", "de": "die Credits von {p}"},
    "hand": {"en": "the cards in {p}'s hand", "de": "die Karten auf der Hand von {p}"},
    "crew": {"en": "{p}'s crew cards", "de": "die Crew-Karten von {p}"},
    "goods": {"en": "{p}'s goods", "de": "die Güter von {p}"},
    "fulfilled": {"en": "{p}'s fulfilled contracts", "de": "die erfüllten Aufträge von {p}"},
    "contracts": {"en": "the contracts on {p}'s ships", "de": "die Aufträge an den Schiffen von {p}"},
    "containers": {"en": "the containers on {p}'s ships", "de": "die Container auf den Schiffen von {p}"},
    "at_sea": {"en": "{p}'s ships at sea", "de": "die Schiffe von {p} auf See"},
    "island": {"en": "the cards on the Supply Island", "de": "die Karten auf der Vorratsinsel"},
    "deck": {"en": "the cards in the deck", "de": "die Karten im Nachziehstapel"},
    "discard": {"en": "the cards in the discard pile", "de": "die Karten im Ablagestapel"},
    "score": {"en": "{p}'s final score", "de": "die Endwertung von {p}"},
}
"""What a ``read`` or a condition counts, as the object of a sentence."""
NOW = {  # what a count is after a move: (one, several) per language
    "credits": {"en": ("{p} now has {n} credit", "{p} now has {n} credits"),
                "de": ("{p} hat jetzt {n} Credit", "{p} hat jetzt {n} Credits")},
    "hand": {"en": ("{p} now holds {n} card", "{p} now holds {n} cards"),
             "de": ("{p} hält jetzt {n} Karte", "{p} hält jetzt {n} Karten")},
    "crew": {"en": ("{p} now has {n} crew card", "{p} now has {n} crew cards"),
             "de": ("{p} hat jetzt {n} Crew-Karte", "{p} hat jetzt {n} Crew-Karten")},
    "goods": {"en": ("{p} now has {n} good", "{p} now has {n} goods"),
              "de": ("{p} hat jetzt {n} Gut", "{p} hat jetzt {n} Güter")},
    "fulfilled": {"en": ("{p} now has {n} fulfilled contract", "{p} now has {n} fulfilled contracts"),
                  "de": ("{p} hat jetzt {n} erfüllten Auftrag", "{p} hat jetzt {n} erfüllte Aufträge")},
    "contracts": {"en": ("{n} contract now lies under {p}'s ships", "{n} contracts now lie under {p}'s ships"),
                  "de": ("An den Schiffen von {p} liegt jetzt {n} Auftrag", "An den Schiffen von {p} liegen jetzt {n} Aufträge")},
    "containers": {"en": ("{p}'s ships now carry {n} container", "{p}'s ships now carry {n} containers"),
                   "de": ("Die Schiffe von {p} tragen jetzt {n} Container", "Die Schiffe von {p} tragen jetzt {n} Container")},
    "at_sea": {"en": ("{n} of {p}'s ships is now at sea", "{n} of {p}'s ships are now at sea"),
               "de": ("Von den Schiffen von {p} ist jetzt {n} auf See", "Von den Schiffen von {p} sind jetzt {n} auf See")},
    "island": {"en": ("{n} card now lies on the Supply Island", "{n} cards now lie on the Supply Island"),
               "de": ("Auf der Vorratsinsel liegt jetzt {n} Karte", "Auf der Vorratsinsel liegen jetzt {n} Karten")},
    "deck": {"en": ("{n} card is now left in the deck", "{n} cards are now left in the deck"),
             "de": ("Im Nachziehstapel liegt jetzt {n} Karte", "Im Nachziehstapel liegen jetzt {n} Karten")},
    "discard": {"en": ("{n} card now lies in the discard pile", "{n} cards now lie in the discard pile"),
                "de": ("Im Ablagestapel liegt jetzt {n} Karte", "Im Ablagestapel liegen jetzt {n} Karten")},
    "score": {"en": ("{p}'s score now comes to {n}", "{p}'s score now comes to {n}"),
              "de": ("Die Wertung von {p} ergibt jetzt {n}", "Die Wertung von {p} ergibt jetzt {n}")},
}
CHANGE = {
    "more": {"en": ", {d} more than before", "de": ", {d} mehr als vorher"},
    "fewer": {"en": ", {d} fewer than before", "de": ", {d} weniger als vorher"},
    "same": {"en": ", as many as before", "de": ", so viele wie vorher"},
}
GOAL = {
    "min": {"en": "the goal was at least {v}", "de": "das Ziel war mindestens {v}"},
    "max": {"en": "the goal was at most {v}", "de": "das Ziel war höchstens {v}"},
    "equals": {"en": "the goal was {v}", "de": "das Ziel war {v}"},
    "up": {"en": "the goal was at least {v} more", "de": "das Ziel war ein Plus von mindestens {v}"},
    "down": {"en": "the goal was at least {v} fewer", "de": "das Ziel war ein Minus von mindestens {v}"},
}
DOES = {  # what a kind of move does, after "That move ..." / "Dieser Zug ..."
    "draw": {"en": "draws cards", "de": "zieht Karten nach"},
    "play": {"en": "plays a single card", "de": "spielt eine einzelne Karte"},
    "wild": {"en": "plays two cards of one colour as a wild pair", "de": "spielt zwei Karten einer Farbe als Joker"},
    "declare": {"en": "declares actions", "de": "sagt Aktionen an"},
    "sell": {"en": "sells a card to the Supply Island", "de": "verkauft eine Karte an die Vorratsinsel"},
    "crew": {"en": "hires a card from the Supply Island as crew", "de": "heuert eine Karte der Vorratsinsel als Crew an"},
    "contract": {"en": "places a contract under a ship", "de": "legt einen Auftrag an ein Schiff an"},
    "load": {"en": "loads a card onto a ship", "de": "lädt eine Karte auf ein Schiff"},
    "pirate": {"en": "raids a container", "de": "plündert einen Container"},
    "trade": {"en": "trades a card", "de": "tauscht eine Karte"},
    "ship": {"en": "picks a ship whose cargo is auctioned", "de": "wählt ein Schiff, dessen Ladung versteigert wird"},
    "bid": {"en": "places a bid", "de": "gibt ein Gebot ab"},
    "winner": {"en": "decides a tie", "de": "entscheidet einen Gleichstand"},
    "take": {"en": "takes a card of the won cargo", "de": "nimmt eine Karte aus der ersteigerten Ladung"},
    "drop": {"en": "discards a contract from a ship", "de": "legt einen Auftrag von einem Schiff ab"},
    "discard": {"en": "discards a card", "de": "legt eine Karte ab"},
    "yes": {"en": "says yes to an ability's question", "de": "beantwortet die Frage einer Fähigkeit mit Ja"},
    "no": {"en": "says no to an ability's question", "de": "beantwortet die Frage einer Fähigkeit mit Nein"},
    "choose": {"en": "picks one of an ability's options", "de": "wählt eine Möglichkeit einer Fähigkeit"},
    "anytime": {"en": "uses an anytime ability", "de": "nutzt eine Jederzeit-Fähigkeit"},
    "colour": {"en": "picks the colour of a container token", "de": "wählt die Farbe eines Container-Plättchens"},
}
WANT = {  # the same, as what a player is asked to do
    "draw": {"en": "draw cards", "de": "Karten nachziehen"},
    "play": {"en": "play a single card", "de": "eine einzelne Karte spielen"},
    "wild": {"en": "play two cards of one colour as a wild pair", "de": "zwei Karten einer Farbe als Joker spielen"},
    "declare": {"en": "declare actions", "de": "Aktionen ansagen"},
    "sell": {"en": "sell a card to the Supply Island", "de": "eine Karte an die Vorratsinsel verkaufen"},
    "crew": {"en": "hire a card from the Supply Island as crew", "de": "eine Karte der Vorratsinsel als Crew anheuern"},
    "contract": {"en": "place a contract", "de": "einen Auftrag anlegen"},
    "load": {"en": "load a card onto a ship", "de": "eine Karte auf ein Schiff laden"},
    "pirate": {"en": "raid a container", "de": "einen Container plündern"},
    "trade": {"en": "trade a card", "de": "eine Karte tauschen"},
    "ship": {"en": "pick a ship whose cargo is auctioned", "de": "ein Schiff wählen, dessen Ladung versteigert wird"},
    "bid": {"en": "bid", "de": "bieten"},
    "winner": {"en": "decide a tie", "de": "einen Gleichstand entscheiden"},
    "take": {"en": "take a card of the won cargo", "de": "eine Karte aus der ersteigerten Ladung nehmen"},
    "drop": {"en": "discard a contract", "de": "einen Auftrag ablegen"},
    "discard": {"en": "discard a card", "de": "eine Karte ablegen"},
    "yes": {"en": "answer yes", "de": "mit Ja antworten"},
    "no": {"en": "answer no", "de": "mit Nein antworten"},
    "choose": {"en": "pick one of an ability's options", "de": "eine Möglichkeit einer Fähigkeit wählen"},
    "anytime": {"en": "use an anytime ability", "de": "eine Jederzeit-Fähigkeit nutzen"},
    "colour": {"en": "pick the colour of a container token", "de": "die Farbe eines Container-Plättchens wählen"},
}


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

    def add(self, texts: dict[str, str], part: str = "lines") -> None:
        """One paragraph (Markdown) in both languages, to ``part``: "lines", "hint" or "solution"."""
        for lang in LANGS:
            getattr(self, part)[lang].append(texts[lang])

    def verdict(self, lang: str) -> str:
        return VERDICT[self.right][lang]

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
    """One number read off the table (see ``Condition``)."""
    s = g.state
    p = s.players[seat] if what not in TABLE_COUNTS else None
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


def read_value(read: Read, before: Game, after: Game) -> int:
    """The number a ``number`` exercise asks for: one seat's count (or all seats' together,
    ``total``) after the moves, or how much it changed over them (``change``)."""
    seats = range(after.state.n) if read.total else [read.seat]

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
    if cond.what == "kind":
        return {lang: WORDS["kind_missed"][lang].format(does=_kind(DOES, action.kind, lang),
                                                        want=_kind(WANT, str(cond.equals), lang)) for lang in LANGS}
    now, then = measure(after, cond.what, cond.seat), measure(before, cond.what, cond.seat)
    test = next(t for t in GOAL if getattr(cond, t) is not None)
    out = {}
    for lang in LANGS:
        state = NOW[cond.what][lang][now != 1].format(p=seat_name(cond.seat, lang), n=now)
        change = ""
        if test in ("up", "down"):
            key = "more" if now > then else "fewer" if now < then else "same"
            change = CHANGE[key][lang].format(d=abs(now - then))
        out[lang] = f"{state}{change}; {GOAL[test][lang].format(v=getattr(cond, test))}."
    return out


def _kind(table: dict[str, dict[str, str]], kind: str, lang: str) -> str:
    return table[kind][lang] if kind in table else table["choose"][lang]


def refusal_words(g: Game, a: Action) -> dict[str, str]:
    """Why the engine refuses ``a``, in its own words (a move of the wrong kind for the moment is
    worded here: the engine's message names kinds the way the code does)."""
    key, args = reason(g, a)
    if key != "wrong_kind":
        return {lang: message(key, lang, g.state, **args) for lang in LANGS}
    expected = [k for k in str(args.get("expected", "")).split(", ") if k]
    out = {}
    for lang in LANGS:
        options = [_kind(WANT, k, lang) for k in expected]
        listed = (", ".join(options[:-1]) + f" {WORDS['or'][lang]} " + options[-1]) if len(options) > 1 else "".join(options)
        out[lang] = WORDS["kind_refused"][lang].format(does=_kind(DOES, a.kind, lang), p=seat_name(a.player, lang),
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
            fb.add(bi(ex.hint) if ex.hint else WORDS["choice_hint"], "hint")
            fb.add({lang: WORDS["right_option"][lang].format(o=ex.options[ex.answer or 0](lang)) for lang in LANGS},
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
            legal = a in g.legal_actions()
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
            fb.add({lang: WORDS["right_for"][lang].format(k=len(rows) - len(wrong), t=len(rows)) for lang in LANGS})
            label = rows[wrong[0]][3]
            fb.add(bi(ex.hint) if ex.hint else {lang: WORDS["look_again"][lang].format(m=label[lang]) for lang in LANGS},
                   "hint")
        for i, (_a, legal, words, label) in enumerate(rows):
            mark = "✔" if legal else "✘"
            verdict = WORDS["allowed" if legal else "refused"]
            fb.add({lang: f"{mark} {label[lang]}: {verdict[lang]}" + ("" if legal else f" — {words[lang]}")
                    + (WORDS["differs"][lang] if i in wrong else "") for lang in LANGS}, "solution")
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
        fb.add({lang: WORDS["your_move"][lang].format(m=before.describe(action, lang)) for lang in LANGS})
        for cond in missed:
            if cond.what != "kind" or not ex.hint:
                fb.add(condition_words(cond, before, after, action), "hint")
        if missed:
            if ex.hint:
                fb.add(bi(ex.hint), "hint")
            working = self.working_moves(ex)
            if working:
                fb.add({lang: WORDS["example"][lang].format(m=before.describe(working[0], lang)) for lang in LANGS},
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
            fb.add(bi(ex.hint) if ex.hint else number_hint(ex), "hint")
        fb.add({lang: WORDS["answer"][lang].format(n=answer) for lang in LANGS}, "solution")
        fb.add(bi(ex.explain), "solution")
        return fb


def number_hint(ex: Exercise) -> dict[str, str]:
    """A hint for a ``number`` exercise without one of its own: what to keep track of, and how."""
    assert ex.read is not None
    read = ex.read
    out = {}
    for lang in LANGS:
        who = WORDS["everyone"][lang] if read.total else seat_name(read.seat, lang)
        subject = MEASURE_WORDS[read.what][lang].format(p=who)
        if read.total:
            subject = WORDS["added_up"][lang].format(s=subject)
        key = "count_change" if read.change else "count_moves" if ex.after else "count_rules"
        out[lang] = WORDS[key][lang].format(s=subject)
    return out


def plain_move(g: Game, a: Action) -> dict[str, str]:
    """A move in the engine's words, allowed or not, so the wording never gives the answer away."""
    try:
        return {lang: f"{seat_name(a.player, lang)}: {text}" for lang, text in both(g, a).items()}
    except (KeyError, IndexError, ValueError, TypeError):  # a move too odd to word: say what kind it is
        return {lang: f"{seat_name(a.player, lang)}: {_kind(DOES, a.kind, lang)}" for lang in LANGS}
