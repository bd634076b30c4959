"""A saved game goes on exactly as the unsaved one would have: the save keeps the undo points and
the bots' random state beside the moves (``Session.saved``, ``savefile.load_session``)."""

from __future__ import annotations

import json

import pytest

from importexport import Game
from importexport.errors import SaveFileError
from importexport.importexport.savefile import dump, load_session
from importexport.session import Session

ROLES = ["human", "heuristic", "random"]


def table(seed: int = 3) -> Session:
    return Session(lambda: Game(players=3, seed=seed), humans={0}, bots={1: "heuristic", 2: "random"},
                   seed=seed, fair_undo=True)


def person_moves(s: Session, moves: int) -> None:
    """A fixed way of choosing for the person (the same in both sessions)."""
    for _ in range(moves):
        if s.game.is_over():
            return
        seat = s.waiting_humans()[0]
        options = s.choices(seat)
        s.act(options[len(s.game.history) * 7 % len(options)])


def reloaded(s: Session) -> Session:
    g, roles, saved = load_session(dump(s.game, ROLES, s.saved()))
    assert roles == ROLES
    return Session(lambda: Game(players=3, seed=3), humans={0}, bots={1: "heuristic", 2: "random"}, seed=3,
                   fair_undo=True, resume=(g, saved))


def test_a_loaded_game_goes_on_as_the_unsaved_one() -> None:
    here = table()
    person_moves(here, 12)
    there = reloaded(here)
    assert there.game.history == here.game.history and there.marks == here.marks
    person_moves(here, 40)
    person_moves(there, 40)
    assert there.game.history == here.game.history  # the bots chose alike after the load
    assert there.game.state.to_dict() == here.game.state.to_dict()


def test_undo_after_loading_takes_back_what_it_would_have() -> None:
    here = table(seed=8)
    person_moves(here, 9)
    there = reloaded(here)
    assert there.undo_refusal(0) == here.undo_refusal(0)
    if here.can_undo(0):
        here.undo()
        there.undo()
        assert there.game.history == here.game.history


def test_a_save_without_the_table_still_loads() -> None:
    here = table()
    person_moves(here, 3)
    g, roles, saved = load_session(dump(here.game))
    assert roles == [] and saved is None and g.history == here.game.history


@pytest.mark.parametrize(("change", "said"), [
    (lambda d: d["session"]["marks"].reverse(), "not moves of the game, in order"),
    (lambda d: d["session"]["marks"].append(10**6), "not moves of the game, in order"),
    (lambda d: d["session"]["bots"][0].update(seat=0), "no bot of this game"),
    (lambda d: d["session"]["bots"][0]["state"].pop(), "session.bots.0.state"),
    (lambda d: d["session"]["bots"][0]["state"].__setitem__(-1, 900), "damaged"),
    (lambda d: d["session"].update(extra=1), "session.extra"),
])
def test_a_damaged_table_is_refused_by_name(change, said: str) -> None:
    here = table()
    person_moves(here, 6)
    data = json.loads(dump(here.game, ROLES, here.saved()))
    assert len(data["session"]["marks"]) >= 2
    change(data)
    with pytest.raises(SaveFileError, match=said.replace(".", r"\.")):
        load_session(json.dumps(data))


def test_a_mark_on_a_bots_move_is_refused() -> None:
    here = table()
    person_moves(here, 6)
    data = json.loads(dump(here.game, ROLES, here.saved()))
    bot_moves = [i for i, a in enumerate(here.game.history) if a.player != 0]
    data["session"]["marks"] = [bot_moves[0]]
    with pytest.raises(SaveFileError, match="not a person's"):
        load_session(json.dumps(data))
