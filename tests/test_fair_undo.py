"""Fair undo (the app): a person takes back only their own last move, and only while nothing hidden
has come to light since; lessons keep free undo."""

from __future__ import annotations

import copy

from helpers import DOCS_IMPORT

from importexport import Action, Game
from importexport.importexport.scenario import load_scenario
from importexport.session import Session


def test_a_drawn_card_cannot_be_undrawn() -> None:
    s = Session(lambda: Game(players=2, seed=5), humans={0}, bots={1: "random"}, fair_undo=True)
    while 0 not in s.game.deciders() or Action(0, "draw") not in s.game.legal_actions(0):
        s.act(s.game.legal_actions(s.waiting_humans()[0])[-1])
    s.act(Action(0, "draw"))
    assert s.undo_refusal(0) == "revealed" and not s.can_undo(0)


def test_bids_once_shown_stand() -> None:
    spec = copy.deepcopy(DOCS_IMPORT)
    s = Session(lambda: load_scenario(spec), humans={0}, bots={1: "random", 2: "random"}, fair_undo=True)
    while not any(a.kind == "bid" for a in s.game.legal_actions(0)):
        s.act(s.game.legal_actions(0)[0])
    s.act(Action(0, "bid", count=0))
    assert any(k == "bids" for _t, k, _a in s.game.log)  # the bots had bid: all bids are shown
    assert s.undo_refusal(0) == "revealed"


def test_one_person_never_takes_back_anothers_move() -> None:
    s = Session(lambda: Game(players=3, seed=2), humans={0, 1, 2}, fair_undo=True)
    first = s.waiting_humans()[0]
    lead = next(a for a in s.game.legal_actions(first) if a.kind == "play")
    s.act(lead)  # a card led: nothing hidden comes to light
    now = s.waiting_humans()[0]
    assert now != first
    assert s.undo_refusal(now) == "other"
    assert s.undo_refusal(first) is None
    s.undo()
    assert s.game.history == [] and s.waiting_humans() == [first]


def test_lessons_keep_free_undo() -> None:
    s = Session(lambda: Game(players=2, seed=5), humans={0, 1})
    s.act(Action(s.waiting_humans()[0], "draw"))
    assert s.can_undo() and s.undo_refusal(1) is None
    s.undo()
    assert s.game.history == []
