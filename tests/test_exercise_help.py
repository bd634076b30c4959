"""Help that never undercuts an exercise: no coach inside one, coach figures that are a chance to win
the game and never a sure result from a sample, coach sentences that say what a move really does, no
answer shown before its exercise, and a reason of its own for every wrong option of a choice."""

from __future__ import annotations

import re
from html import escape

import ipywidgets as w
import pytest

from importexport import Action
from importexport.importexport import coach as coach_rules
from importexport.importexport.coach import Advice, reason
from importexport.session import Session
from importexport.tutor.chapter import Exercise, chapter, chapters
from importexport.tutor.coach import coach_bot
from importexport.tutor.exercises import Grader, both
from importexport.tutor.facts import facts_text
from importexport.widgets import LANG
from importexport.widgets.coach import CoachButton
from importexport.widgets.exercises import exercise_view

GAMES = ("importexport", "portroyal")
ALL = [ch for game in GAMES for ch in chapters(game)]
LANGS = ("en", "de")


def chapter_id(ch) -> str:
    return f"{ch.game_id}-{ch.number:02d}"


def descendants(widget: w.Widget) -> list[w.Widget]:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out.extend(descendants(child))
    return out


# --- the coach is absent from exercises -----------------------------------------------------

def test_no_exercise_has_the_coach() -> None:
    """The coach rates moves by the chance to win the game, not by an exercise's goal: it is not in
    any exercise (it used to sit in every move exercise and recommend moves graded wrong there)."""
    seen = 0
    for ch in ALL:
        for name, ex in ch.exercises.items():
            if ex.kind != "move":
                continue
            view = exercise_view(ch, name)
            assert not any(isinstance(x, CoachButton) for x in descendants(view)), f"{chapter_id(ch)} {name}"
            assert getattr(view, "coach", None) is None
            seen += 1
    assert seen >= 10


# --- the coach's figures ----------------------------------------------------------------------

def tip(chance: float, rollouts: int) -> Advice:
    a = Action(0, "draw")
    return Advice(a, chance, 0.0, rollouts, {"en": "Draw", "de": "Ziehen"}, {"en": "Why.", "de": "Warum."})


def test_a_sample_never_shows_a_sure_result() -> None:
    for n in (1, 3, 16, 48, 400):
        assert 0.0 < tip(0.0, n).shown_chance < tip(0.5, n).shown_chance < tip(1.0, n).shown_chance < 1.0
        assert round(100 * tip(1.0, n).shown_chance) < 100 or n >= 199  # (rounding: 200 games would show 100)
    assert tip(1.0, 16).shown_chance == pytest.approx(17 / 18)
    assert tip(0.5, 16).shown_chance == pytest.approx(0.5)


def sure_win():
    ch = chapter(6)
    ex = ch.exercises["sure-win"]
    return ch.game(ex.position, "en"), ex.seat


def test_the_coach_plays_every_choice_out_to_the_end_of_the_game() -> None:
    """"Chance to win the game": a play-out ends with the game over, not after a few turns (with
    eight turns, a bid that loses more games than it wins was shown at 100 %)."""
    g, seat = sure_win()
    bot = coach_bot(seed=1)
    after = g.copy()
    after.apply(Action(seat, "bid", count=9))
    bot._rollout(after, [11, 12, 13], seat)
    assert after.is_over()


def test_the_panel_says_chance_to_win_the_game_and_never_100() -> None:
    g, seat = sure_win()
    coach = CoachButton(Session(lambda: g.copy(), humans={seat}, bots={}), seat=seat, samples=2, budget=100_000)
    coach.ask()
    html = coach.panel.value
    assert len(coach.tips) >= 2 and html.count("chance to win the game: ") == len(coach.tips)
    shown = [int(x) for x in re.findall(r"chance to win the game: (\d+) %", html)]
    assert shown == [round(100 * t.shown_chance) for t in coach.tips]
    assert all(0 < pct < 100 for pct in shown), shown
    assert "to the end of the game" in html and "2 tables" in html
    LANG.lang = "de"
    try:
        assert coach.panel.value.count("Chance, die Partie zu gewinnen: ") == len(coach.tips)
    finally:
        LANG.lang = "en"


# --- what a move really does ------------------------------------------------------------------

def cards_taken(g, action: Action) -> int:
    """How many cards ``action``'s player takes of the cargo once ``action`` is made and the auction settles."""
    after = g.copy()
    after.apply(action)
    taken = 0
    while after.state.stack and after.state.stack[-1]["kind"] == "take" and after.state.stack[-1]["seat"] == action.player:
        options = [a for a in after.legal_actions(action.player) if a.kind == "take"]
        if not options:
            break
        after.apply(options[0])
        taken += 1
    return taken


def test_a_bid_names_as_many_cards_as_the_winner_takes() -> None:
    """A cargo of three: the winner takes two, and the coach's sentence says two of the three."""
    g, seat = sure_win()
    cargo = g.state.ships[g.state.stack[-1]["ship"]].containers
    assert len(cargo) == 3
    winning = Action(seat, "bid", count=9)
    taken = cards_taken(g, winning)
    assert taken == 2 == coach_rules.import_take(g, seat)
    for count in (5, 9):
        (key, args), *_ = reason(g, seat, Action(seat, "bid", count=count))
        assert key == "bid_some" and args["k"] == taken and args["cards"] == list(cargo)
    from importexport.tutor.coach import advice

    words = advice(g, seat, samples=1, depth=1, budget=100)[0].reasons
    assert f"to take {taken} of " in words["en"] and f"{taken} von " in words["de"]


def test_picking_a_ship_says_how_many_of_its_cards_the_winner_takes() -> None:
    """Chapter 6, round 1: ships of four cards each; a bidder's reason for picking one says two of them."""
    ch = chapter(6)
    g = ch.game("round-one-ship", "en")
    seat = g.deciders()[0]
    for a in g.legal_actions(seat):
        parts = reason(g, seat, a)
        assert parts[0][0] == "ship_cargo" and len(parts[0][1]["cards"]) == 4
        assert ("winner_takes", {"k": 2}) in parts


def test_a_cargo_the_winner_takes_whole_is_named_whole() -> None:
    """Two cards or fewer: the sentence names the whole cargo, and the winner does take it all."""
    g, seat = sure_win()
    ship = g.state.ships[g.state.stack[-1]["ship"]]
    ship.containers = ship.containers[:2]
    ship.colours = ship.colours[:2]
    (key, args), *_ = reason(g, seat, Action(seat, "bid", count=9))
    assert key == "bid" and args["cards"] == list(ship.containers)
    assert cards_taken(g, Action(seat, "bid", count=9)) == 2


# --- no answer before its exercise ------------------------------------------------------------

def plain(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[*_`]", "", text)).lower()


def answers(ch, ex: Exercise) -> list[dict[str, str]]:
    """What an exercise accepts, in each language: the right option, the moves meeting the goal, the
    allowed candidates (none for a number: its answer is worked out, not named)."""
    grader = Grader(ch)
    if ex.kind == "choice":
        right = ex.options[ex.answer or 0]
        return [{"en": right.en, "de": right.de}]
    if ex.kind == "move":
        g = grader.game(ex)
        return [both(g, a) for a in grader.working_moves(ex)]
    if ex.kind == "legal":
        return [words for _a, legal, words in grader.candidates(ex) if legal]
    return []


def shown_before(ch, index: int, ex: Exercise) -> list[tuple[str, dict[str, str]]]:
    """The prose and the facts a reader has seen before block ``index``: every text block, and
    every facts block (for a ``legal`` exercise, the facts at its own position: a move always
    allowed, such as drawing, may be listed at another moment as an example)."""
    out = []
    for i, block in enumerate(ch.blocks[:index]):
        if "text" in block:
            sec = ch.sections[block["text"]]
            out.append((f"text {i}", {lang: f"{sec.title(lang)}\n{sec.text(lang)}" for lang in LANGS}))
        elif "facts" in block:
            if ex.kind == "legal" and block["facts"]["position"] != ex.position:
                continue
            printed = facts_text(ch, block["facts"])
            out.append((f"facts {i}", {lang: printed for lang in LANGS}))
    return out


@pytest.mark.parametrize("ch", ALL, ids=chapter_id)
def test_no_cell_shows_an_exercise_answer_before_it_is_asked(ch) -> None:
    for index, block in enumerate(ch.blocks):
        if "exercise" not in block:
            continue
        ex = ch.exercises[block["exercise"]]
        for where, texts in shown_before(ch, index, ex):
            for answer in answers(ch, ex):
                for lang in LANGS:
                    assert plain(answer[lang]) not in plain(texts[lang]), (block["exercise"], where, answer[lang])


def test_the_check_finds_an_answer_shown_early() -> None:
    """The check above is not blind: chapter 6's choices at round 1, put before its exercise, are caught."""
    ch = chapter(6)
    at = next(i for i, b in enumerate(ch.blocks) if b.get("exercise") == "pick-a-ship")
    moved = [*ch.blocks[:at], {"facts": {"position": "round-one-ship", "show": "choices"}}, *ch.blocks[at:]]
    early = ch.model_copy(update={"blocks": moved})
    with pytest.raises(AssertionError):
        test_no_cell_shows_an_exercise_answer_before_it_is_asked(early)


# --- every wrong option has its own reason ----------------------------------------------------

CHOICES = [(ch, name) for ch in ALL for name, ex in ch.exercises.items() if ex.kind == "choice"]


@pytest.mark.parametrize(("ch", "name"), CHOICES, ids=[f"{chapter_id(c)}-{n}" for c, n in CHOICES])
def test_every_wrong_option_says_why_it_is_wrong(ch, name: str) -> None:
    ex = ch.exercises[name]
    grader = Grader(ch)
    said: dict[str, set[str]] = {lang: set() for lang in LANGS}
    for i, option in enumerate(ex.options):
        fb = grader.choice(ex, i)
        if i == ex.answer:
            assert fb.right and option.why is None
            continue
        assert option.why is not None
        for lang in LANGS:
            first = fb.paragraphs(lang, solution=False)  # what a first wrong try shows
            assert first[0] == option.why(lang), (name, i, lang)
            assert option.why(lang) not in said[lang], "each wrong option has its own reason"
            said[lang].add(option.why(lang))
        assert option.why.en != option.why.de


def test_a_wrong_option_without_a_reason_is_refused() -> None:
    broken = {
        "kind": "choice", "question": {"en": "Q?", "de": "F?"}, "explain": {"en": "E.", "de": "E."},
        "options": [{"en": "a", "de": "a"}, {"en": "b", "de": "b", "why": {"en": "no", "de": "nein"}}], "answer": 0,
    }
    with pytest.raises(ValueError, match="need a 'why'"):
        Exercise.model_validate({**broken, "answer": 1})
    assert Exercise.model_validate(broken).options[1].why is not None
    with pytest.raises(ValueError, match="takes no 'why'"):
        Exercise.model_validate({**broken, "options": [broken["options"][1], broken["options"][1]], "answer": 1})


def test_the_feedback_widget_shows_the_reason_of_the_option_picked() -> None:
    ch = chapter(1)
    view = exercise_view(ch, "who-wins")
    ex = ch.exercises["who-wins"]
    wrong = next(i for i in range(len(ex.options)) if i != ex.answer)
    view.pick.value = wrong
    view.check_button.click()
    why = ex.options[wrong].why
    assert why is not None and escape(why.en) in view.feedback.value
