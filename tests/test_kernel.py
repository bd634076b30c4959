"""The referee kernel (``importexport.kernel.Referee``): one shell under both games.

- both referees derive from it and write none of its shell again;
- replay checks every move in both games: a save whose moves hold an illegal one is refused, and so
  is taking back a move when the history before it holds one (Port Royal's replay once skipped that);
- the shell behaves alike in both games: copies of the game's own class, refusals in its language;
- the event log reads as a list of ``(turn, key, args)`` lines, yet holds no object per line that the
  garbage collector would keep for the game's life, and a game leaves no reference cycle behind.
"""

from __future__ import annotations

import gc
import json

import pytest

from importexport.bench import ALL_MODULES
from importexport.bots import RandomBot, play_out
from importexport.errors import IllegalActionError, SaveFileError
from importexport.importexport import savefile as ie_savefile
from importexport.importexport.actions import Action as IEAction
from importexport.importexport.engine import Game as IEGame
from importexport.kernel import EventLog, Referee
from importexport.portroyal import savefile as pr_savefile
from importexport.portroyal.actions import Action as PRAction
from importexport.portroyal.game import Game as PRGame

SHELL = ("apply", "_checked", "undo", "_rebuild", "copy", "emit", "narrate", "to_json", "_malformed", "_refusal",
         "__repr__", "from_state", "_begin", "is_over", "rng_below", "rng_shuffle", "rng")


def new(game: str, seed: int = 3) -> Referee:
    return IEGame(players=3, seed=seed) if game == "importexport" else PRGame(players=3, seed=seed, mode="competitive")


def played(game: str, moves: int) -> Referee:
    g = new(game)
    for _ in range(moves):
        g.apply(g.legal_actions()[-1])
    return g


def unlisted(g: Referee) -> object:
    """A well-formed choice that is not legal now (of a seat that is not deciding)."""
    seat = (g.deciders()[0] + 1) % g.state.n
    if isinstance(g, IEGame):
        return IEAction(seat, "play", (0,))
    return PRAction(seat, "end")


@pytest.mark.parametrize("cls", [IEGame, PRGame])
def test_both_referees_keep_only_their_rules(cls: type) -> None:
    assert issubclass(cls, Referee)
    assert [name for name in SHELL if name in vars(cls)] == []


@pytest.mark.parametrize("game", ["importexport", "portroyal"])
def test_a_save_whose_moves_hold_an_illegal_one_is_refused(game: str) -> None:
    g = played(game, 6)
    data = json.loads(g.save())
    before = g.copy()
    before.undo(2)
    data["actions"][4] = str(unlisted(before))
    loader = ie_savefile if game == "importexport" else pr_savefile
    with pytest.raises(SaveFileError) as refused:
        loader.load(json.dumps(data))
    assert "5" in str(refused.value)


@pytest.mark.parametrize("game", ["importexport", "portroyal"])
def test_replay_checks_every_move(game: str) -> None:
    g = played(game, 4)
    bad = unlisted(g)
    g.history.insert(4, bad)
    g.history.append(g.legal_actions()[0])
    with pytest.raises(IllegalActionError):
        g.undo(1)  # (the replay meets the illegal move)


@pytest.mark.parametrize("game", ["importexport", "portroyal"])
def test_the_shell_is_the_same_in_both_games(game: str) -> None:
    g = played(game, 3)
    twin = g.copy()
    assert type(twin) is type(g) and twin.history == g.history and twin.state is not g.state
    assert twin.to_json() == g.to_json() and twin.legal_actions() == g.legal_actions()
    twin.apply(twin.legal_actions()[0])
    assert len(g.history) == 3 and len(twin.history) == 4
    for lang in ("en", "de"):
        assert len(g.narrate(lang)) == len(g.log)
    before = g.to_json()
    with pytest.raises(IllegalActionError) as refused:
        g.apply(unlisted(g))
    assert refused.value.rule and g.to_json() == before and len(g.history) == 3
    with pytest.raises(IllegalActionError) as malformed:
        g.apply("no choice")
    assert malformed.value.rule == "not_an_action" and g.to_json() == before
    again = type(g).from_state(g.initial.clone(), lang=g.lang, seed=g.seed, log=list(g._initial_log))
    for a in g.history:
        again.apply(str(a))
    assert again.to_json() == g.to_json() and repr(again) == repr(g)


@pytest.mark.parametrize("game", ["importexport", "portroyal"])
def test_the_event_log_reads_as_a_list_of_lines(game: str) -> None:
    g = played(game, 8)
    lines = list(g.log)
    assert len(lines) == len(g.log) > 3 and all(len(line) == 3 and isinstance(line[2], dict) for line in lines)
    assert g.log == lines and lines == g.log and repr(g.log) == repr(lines)
    assert [g.log[i] for i in (0, 2, -1, -len(lines))] == [lines[i] for i in (0, 2, -1, -len(lines))]
    for cut in (slice(None), slice(-3, None), slice(2, 5), slice(5, 2), slice(None, None, 2), slice(None, None, -1)):
        assert g.log[cut] == lines[cut]
    assert list(reversed(g.log)) == lines[::-1] and g.log.index(lines[1]) == 1 and lines[-1] in g.log
    with pytest.raises(IndexError):
        g.log[len(lines)]
    twin = g.log.copy()
    g.apply(g.legal_actions()[-1])
    assert twin == lines and len(g.log) > len(lines) and g.log[: len(lines)] == lines
    seen = []
    for line in twin:  # (a line added while reading is read too, as in a list)
        seen.append(line)
        if len(seen) == 1:
            twin.append((99, "added", {"p": 0, "cards": [1, 2]}))
    assert seen == [*lines, (99, "added", {"p": 0, "cards": [1, 2]})] and twin != lines
    assert EventLog([(1, "x", {"p": 0, "n": 2})]) == EventLog([(1, "x", {"n": 2, "p": 0})]) != EventLog([(1, "x", {})])


@pytest.mark.parametrize("abilities", [False, True])
def test_the_log_holds_no_object_per_line(abilities: bool) -> None:
    g = IEGame(players=4, seed=5, abilities=abilities, modules=ALL_MODULES if abilities else ())
    play_out(g, [RandomBot(s) for s in range(4)])
    tracked = [x for x in g.log._flat if gc.is_tracked(x)]
    lists = [v for _t, _k, args in g.log for v in args.values() if isinstance(v, list)]
    assert len(g.log) > 500 and all(type(x) is list for x in tracked) and len(tracked) == len(lists)


def test_a_game_with_abilities_leaves_no_reference_cycle() -> None:
    gc.collect()
    gc.disable()
    try:
        g = IEGame(players=4, seed=1, abilities=True, modules=ALL_MODULES)
        play_out(g, [RandomBot(s) for s in range(4)])
        del g
        assert gc.collect() == 0  # (what only the collector frees, it finds here)
    finally:
        gc.enable()
