"""The coach: the search bot's best three choices, their chances, a true sentence on each, and the widget."""

from __future__ import annotations

import random
import subprocess
import sys
from functools import cache
from html import escape

from helpers import widget_buttons
from test_bots import positions, rescramble

from importexport import Action, Game
from importexport.bots import SearchBot, play_out
from importexport.importexport.coach import TEXT, Advice, reason
from importexport.importexport.heuristic import SEARCHED, HeuristicBot
from importexport.session import Session
from importexport.tutor.coach import advice, coach_bot
from importexport.widgets import LANG
from importexport.widgets.coach import CoachButton
from importexport.widgets.game import FirstGame

QUICK = {"samples": 3, "depth": 2, "budget": 200}
"""A small search for the tests: a few tables, two turns played out."""


@cache
def kinds_sweep() -> list[tuple[Game, int]]:
    """Positions with two or more choices from short games, with and without abilities: leads,
    follows, declarations, Supply/Contract/Load/Pirate actions, ships, bids, takes."""
    out: list[tuple[Game, int]] = []
    for game, abilities in ((0, False), (1, True), (2, False)):
        g = Game(3, seed=60 + game, abilities=abilities)
        bots = [HeuristicBot(s) for s in range(3)]
        step = 0
        while not g.is_over() and step < 400:
            seat = g.deciders()[0]
            if step % 13 == 4 and len(g.legal_actions(seat)) >= 2:
                out.append((g.copy(), seat))
            g.apply(bots[seat].choose(g, seat))
            step += 1
    return out


def test_the_best_three_in_order_of_their_estimates() -> None:
    for g, seat in kinds_sweep()[::4]:
        tips = advice(g, seat, seed=3, **QUICK)
        found = coach_bot(3, **QUICK).estimates(g.view(seat))
        assert 1 <= len(tips) <= 3 and len(found) >= len(tips)
        assert all(0.0 <= t.chance <= 1.0 and t.rollouts > 0 for t in tips)
        keys = [(t.chance, t.margin) for t in tips]
        assert keys == sorted(keys, reverse=True)
        best = sorted(((e.chance, e.margin) for e in found), reverse=True)[: len(tips)]
        assert keys == best, "the three shown are the three the search rated best"
        by_action = {e.action: e for e in found}
        assert all(by_action[t.action].chance == t.chance for t in tips)
        assert all(t.action in g.legal_actions(seat) for t in tips)


def test_sentences_in_both_languages_differ_per_move() -> None:
    kinds = set()
    for g, seat in kinds_sweep():
        tips = advice(g, seat, seed=1, **QUICK)
        kinds.add(g.state.stack[-1]["kind"])
        for lang in ("en", "de"):
            reasons = [t.reasons[lang] for t in tips]
            assert len(set(reasons)) == len(reasons), reasons
            for text in reasons:
                assert text.strip() and text.endswith(".") and text[0].isupper()
                assert "{" not in text and "p0 " not in text and "(" != text[0]
        for t in tips:
            assert t.reasons["en"] != t.reasons["de"]
            assert t.descriptions["en"] == g.describe(t.action, "en") and t.descriptions["de"] == g.describe(t.action, "de")
            assert t.in_language("de").why == t.reasons["de"] and t.in_language("en").description == t.descriptions["en"]
    assert {"lead", "follow", "act"} <= kinds


def test_every_coach_sentence_has_both_languages() -> None:
    for key, text in TEXT.items():
        assert set(text) == {"en", "de"} and all(text.values()), key
        assert text["en"] != text["de"], key
        fields = [{part.split("}")[0].split(":")[0] for part in text[lang].split("{")[1:]} for lang in ("en", "de")]
        assert fields[0] == fields[1], key


def test_the_coach_does_not_peek() -> None:
    """Two tables alike for the seat, unlike in every hidden card: the same advice, word for word."""
    rng = random.Random(5)
    for i, (g, seat) in enumerate(positions(4, seed=700)):
        h = rescramble(g, seat, rng)
        assert h.view(seat) == g.view(seat)
        assert [p.hand for p in h.state.players] != [p.hand for p in g.state.players] or h.state.deck != g.state.deck
        mine, theirs = advice(g, seat, seed=i, **QUICK), advice(h, seat, seed=i, **QUICK)
        assert mine == theirs, str(g.state.stack[-1])


def test_same_seed_same_advice() -> None:
    g, seat = kinds_sweep()[3]
    assert advice(g, seat, seed=7, **QUICK) == advice(g, seat, seed=7, **QUICK)


def test_what_a_move_does_is_said_right() -> None:
    """Sentences about carrying out an action name what really happens when it is made."""
    checked = 0
    for g, seat in kinds_sweep():
        for a in g.legal_actions(seat):
            if a.kind not in ("sell", "load", "contract"):
                continue
            (key, args), *_ = reason(g, seat, a)
            after = g.copy()
            after.apply(a)
            p, q = g.state.players[seat], after.state.players[seat]
            if a.kind == "sell":
                assert key == "sell" and args["n"] == q.credits - p.credits == 4
            elif a.kind == "load":
                full = len(q.fulfilled) > len(p.fulfilled)
                assert key == ("load_full" if full else "load_part" if args.get("m") else "load_part_none"), key
                if full:
                    assert args["n"] == q.credits - p.credits
            else:
                assert key in ("contract", "contract_none") and args["s"] == a.target
            checked += 1
    assert checked >= 10


def test_the_search_bot_chooses_from_the_estimates_it_shows() -> None:
    """The estimates are the search's own numbers: its choice is the best mean margin among them
    (the heuristic's first option standing unless clearly beaten)."""
    tried = 0
    for g, seat in kinds_sweep():
        kind = g.state.stack[-1]["kind"]
        if kind not in SEARCHED:
            continue
        bot = SearchBot(seed=4, samples=3, depth=2, budget=200)
        found = SearchBot(seed=4, samples=3, depth=2, budget=200).estimates(g.view(seat))
        best = max(range(len(found)), key=lambda i: (found[i].margin, -i))
        if found[best].margin - found[0].margin < bot.margin:
            best = 0
        assert bot.choose(g, seat) == found[best].action
        tried += 1
    assert tried >= 5


def test_nothing_to_advise() -> None:
    g = Game(3, seed=1)
    deciding = g.deciders()[0]
    others = [s for s in range(3) if s != deciding]
    assert advice(g, others[0]) == []
    over = Game(2, seed=1)
    play_out(over, [HeuristicBot(0), HeuristicBot(1)])
    assert advice(over, 0) == []


def session_at_lead() -> Session:
    return Session(lambda: Game(players=3, seed=2), humans={0}, bots={1: "heuristic", 2: "heuristic"})


def test_the_widget_shows_three_choices_and_follows_the_language() -> None:
    session = session_at_lead()
    coach = CoachButton(session, **QUICK)
    assert coach.ask_button.description.endswith("What would a strong player do here?")
    coach.ask_button.click()
    html = coach.panel.value
    assert html.count("<li") == 3 and "chance to win the game" in html and "%" in html
    assert all(escape(tip.reasons["en"]) in html and escape(tip.description) in html for tip in coach.tips)
    LANG.lang = "de"
    assert coach.ask_button.description.endswith("Was würde ein starker Spieler hier tun?")
    html = coach.panel.value
    assert "Chance, die Partie zu gewinnen" in html and all(escape(tip.reasons["de"]) in html for tip in coach.tips)
    LANG.lang = "en"
    session.act(coach.tips[0].action)
    coach.update()
    assert "has changed" in coach.panel.value and not coach.tips


def first_forced(seed: int) -> tuple[Game, int]:
    """The first position of a heuristic game where the decider has a single option."""
    g = Game(3, seed=seed)
    bots = [HeuristicBot(s) for s in range(3)]
    while len(g.legal_actions(seat := g.deciders()[0])) > 1:
        g.apply(bots[seat].choose(g, seat))
    return g, seat


def test_the_widget_says_when_there_is_no_decision_or_one_choice() -> None:
    coach = CoachButton(session_at_lead(), seat=1, **QUICK)  # a bot's seat: no person decides there
    coach.ask()
    assert "no decision for you" in coach.panel.value and not coach.tips
    g, seat = first_forced(1)
    forced = CoachButton(Session(lambda: g.copy(), humans={seat}, bots={}), **QUICK)
    forced.ask_button.click()
    only = g.legal_actions(seat)[0]
    assert "only one choice" in forced.panel.value and escape(g.describe(only, "en")) in forced.panel.value
    assert advice(g, seat) == []
    LANG.lang = "de"
    assert "nur eine Möglichkeit" in forced.panel.value and escape(g.describe(only, "de")) in forced.panel.value


def test_the_first_game_has_the_coach() -> None:
    game = FirstGame(players=2, seed=3)
    assert game.coach in game.holder.children and game.coach.session is game.session
    game.coach.search = dict(QUICK)
    game.coach.ask_button.click()
    assert game.coach.panel.value.count("<li") >= 2
    tip: Advice = game.coach.tips[0]
    game.table.act(tip.action)
    assert "has changed" in game.coach.panel.value
    assert any(b.description.startswith("✦") for b in widget_buttons(game))


def test_the_coach_engine_imports_no_widgets() -> None:
    code = "import sys, importexport.tutor.coach; assert 'ipywidgets' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_draw_says_how_many_cards_it_brings() -> None:
    g = Game(3, seed=2)
    seat = g.deciders()[0]
    a = Action(seat, "draw")
    (key, args), *_ = reason(g, seat, a)
    after = g.copy()
    after.apply(a)
    assert key == "draw" and (args["h"], args["m"]) == (len(g.state.players[seat].hand), len(after.state.players[seat].hand))
