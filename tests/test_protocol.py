"""One conformance suite for every game the project plays (``importexport.protocol``): the same
promises of the decision interface, checked the same way for Import/Export and Port Royal."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from importlib.metadata import EntryPoint, entry_points

import pytest

import importexport.protocol as protocol
from importexport.errors import IllegalActionError
from importexport.protocol import (
    GAMES,
    GROUP,
    GameKind,
    GamePluginError,
    GameProtocol,
    UnknownGameError,
    save_game_id,
    table_kit,
)

CASES = [
    (game_id, option, value, players)
    for game_id in GAMES.ids()
    for option, values in GAMES[game_id].options.items()
    for value in values
    for players in sorted({GAMES[game_id].players[0] + 1, min(GAMES[game_id].players[1], 5)})
]
"""Each game and option at a small table and at the largest Port Royal table (Import/Export's six
players are played by its own random-game tests)."""


def new_game(kind: GameKind, option: str, value: object, players: int, seed: int) -> GameProtocol | None:
    try:
        return kind.new(players=players, seed=seed, **{option: value})
    except ValueError:  # this player count is not played in this mode (solo)
        return None


def unchanged_after(g: GameProtocol, attempt: object) -> IllegalActionError:
    before, log, history = g.to_json(), len(g.log), list(g.history)
    with pytest.raises(IllegalActionError) as err:
        g.apply(attempt)
    assert (g.to_json(), len(g.log), list(g.history)) == (before, log, history)
    assert err.value.rule and str(err.value)
    return err.value


@pytest.mark.parametrize(("game_id", "option", "value", "players"), CASES,
                         ids=[f"{g}-{o}={v}-{p}p" for g, o, v, p in CASES])
def test_a_random_game_keeps_every_promise_of_the_protocol(game_id: str, option: str, value: object, players: int) -> None:
    keeps_every_promise(GAMES[game_id], option, value, players)


def test_the_example_games_keep_every_promise_of_the_protocol(example_games: list[str]) -> None:
    """The third game (``examples/highcard``, its own distribution, registered as installed by the
    fixture ``example_games`` from its own ``pyproject.toml``) is found beside the other two and held
    to the same suite, with each of its options' test values, at its fewest and most players."""
    assert example_games == ["highcard"] and set(GAMES.ids()) == {"importexport", "portroyal", "highcard"}
    for game_id in example_games:
        kind = GAMES[game_id]
        assert kind.id == game_id and kind.table_kit is None and table_kit(game_id).GAME == game_id
        for option, values in kind.options.items():
            for value in values:
                for players in sorted(set(kind.players)):
                    keeps_every_promise(kind, option, value, players)
        assert save_game_id(kind.new(players=kind.players[0], seed=1).save()) == game_id


def keeps_every_promise(kind: GameKind, option: str, value: object, players: int) -> None:
    """A random game of ``kind`` with ``option=value``, every promise of the protocol checked as it goes."""
    g = new_game(kind, option, value, players, seed=7)
    if g is None:
        players = kind.players[0]
        g = new_game(kind, option, value, players, seed=7)
    assert g is not None and isinstance(g, GameProtocol)
    rng = random.Random(7)
    steps = 0
    while not g.is_over():
        deciders = g.deciders()
        assert deciders, "a game that is not over has someone to decide"
        everyone = [a for seat in deciders for a in g.legal_actions(seat)]
        assert everyone and set(everyone) == set(g.legal_actions()), "the deciders' choices are the legal ones"
        for a in everyone:
            assert a.player in deciders
            assert kind.parse(str(a)) == a, "a choice's text form reads back as the choice"
            assert g.describe(a, "en") and g.describe(a, "de")
        if steps % 7 == 0:
            others = [s for s in range(players) if s not in deciders]
            for seat in others:  # a decider's choice made by somebody else is refused, changing nothing
                stolen = everyone[0]._replace(player=seat)
                if stolen not in g.legal_actions(seat):
                    unchanged_after(g, stolen)
            unchanged_after(g, "not a choice at all")
            for seat in range(players):
                json.dumps(g.view(seat))  # plain data
        a = rng.choice(g.legal_actions())
        before, log = g.to_json(), len(g.log)
        g.apply(a)
        if steps % 11 == 0:  # undo takes it back exactly, and the same choice leads to the same place
            after = g.to_json()
            g.undo()
            assert (g.to_json(), len(g.log)) == (before, log)
            g.apply(a)
            assert g.to_json() == after
        if steps % 40 == 0:
            loaded = kind.load(g.save())
            assert loaded.to_json() == g.to_json() and loaded.history == g.history
        steps += 1
        assert steps < 5000
    assert g.deciders() == [] and g.legal_actions() == []
    assert len(g.scores()) == players
    assert len(g.narrate("en")) == len(g.narrate("de")) == len(g.log)
    copy = g.copy()
    assert copy.to_json() == g.to_json() and copy is not g
    assert kind.load(g.save()).to_json() == g.to_json()


def test_a_kinds_new_checks_its_options_against_its_schema() -> None:
    """A name no option has, a value of the wrong kind, a value not allowed with the other options: an
    OptionError naming the option (rule ``option``), and no game; the allowed values follow the others."""
    from importexport.protocol import OptionError

    pr, ie = GAMES["portroyal"], GAMES["importexport"]
    for kind, options, name in (
        (pr, {"colour": "red"}, "colour"), (pr, {"mode": "tournament"}, "mode"), (pr, {"mode": 2}, "mode"),
        (pr, {"mode": "base", "contracts": ["harbour_watch"]}, "contracts"), (pr, {"contracts": "harbour_watch"}, "contracts"),
        (ie, {"abilities": "yes"}, "abilities"), (ie, {"modules": ["capital", "nope"]}, "modules"), (ie, {"mode": "solo"}, "mode"),
    ):
        with pytest.raises(OptionError) as err:
            kind.new(players=3, seed=1, **options)
        assert err.value.option == name and err.value.rule == "option" and str(err.value).startswith(f"{name}: ")
    with pytest.raises(OptionError, match="^mode: 'Turnier' ist kein möglicher Wert; möglich sind competitive,"):
        pr.new(players=3, seed=1, lang="de", mode="Turnier")  # (in the game's language)
    assert pr.new(players=3, seed=1, mode="competitive", contracts=["harbour_watch"]).state.contracts == ["harbour_watch"]
    assert ie.new(players=3, seed=1, modules=["promo"]).state.modules == ["promo"]  # (new takes what the screen does not list)
    assert pr.player_range({"mode": "solo"}) == (1, 1) and pr.player_range() == (2, 5) and ie.player_range() == (2, 6)
    assert [o.name for o in pr.schema] == ["players", "mode", "contracts"]
    assert [o.name for o in ie.schema] == ["players", "abilities", "modules"]


def test_every_game_is_listed_with_its_name() -> None:
    assert set(GAMES.ids()) == {"importexport", "portroyal"}
    assert {GAMES[g].name for g in GAMES.ids()} == {"Import/Export", "Port Royal"}
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        GAMES["chess"]


def test_the_games_are_the_entry_points_of_their_group() -> None:
    """Each game is found through its entry point; its kind carries its table kit and save format."""
    points = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    assert points == {"importexport": "importexport.importexport.kind:KIND", "portroyal": "importexport.portroyal.kind:KIND"}
    assert GAMES.ids() == tuple(sorted(points)) and len(GAMES) == 2 and set(GAMES) == set(points)
    for gid in GAMES.ids():
        kind = GAMES[gid]
        assert kind.id == gid and table_kit(gid).GAME == gid
        g = kind.new(players=kind.players[0] + 1, seed=3)
        assert table_kit(g) is table_kit(gid) and save_game_id(g.save()) == gid
    assert save_game_id("{not json") == save_game_id('{"format": "chess-save"}') == protocol.DEFAULT_GAME


def test_an_unknown_game_is_a_typed_error_listing_the_known_ones() -> None:
    for ask in (lambda: GAMES["chess"], lambda: table_kit("chess"), lambda: table_kit(object())):
        with pytest.raises(UnknownGameError) as err:
            ask()
        assert err.value.known == ("importexport", "portroyal")
        assert str(err.value).endswith("the games are importexport, portroyal")
    assert "chess" not in GAMES and "portroyal" in GAMES


def registry(*points: tuple[str, str]) -> protocol._Games:
    """A registry over the given entry points ``(name, value)`` instead of the installed ones."""
    games = protocol._Games()
    games._found = {name: EntryPoint(name, value, GROUP) for name, value in points}
    return games


@pytest.mark.parametrize(("value", "why"), [
    ("importexport.no_such_game.kind:KIND", "failed to load: ModuleNotFoundError"),
    ("importexport.protocol:GROUP", "gives no GameKind"),
    ("importexport.portroyal.kind:KIND", "gives no GameKind with the id 'broken'"),
])
def test_a_broken_plug_in_is_named_in_the_error(value: str, why: str) -> None:
    games = registry(("broken", value), ("portroyal", "importexport.portroyal.kind:KIND"))
    with pytest.raises(GamePluginError, match=f"the game plug-in 'broken' \\({value}\\) {why}"):
        games["broken"]
    assert games["portroyal"] is GAMES["portroyal"]  # the others still play


def test_a_game_is_named_without_loading_its_kind_where_its_entry_point_module_gives_the_name() -> None:
    games = registry(("importexport", "importexport.importexport.kind:KIND"), ("portroyal", "importexport.portroyal.kind:KIND"),
                     ("broken", "importexport.no_such_game.kind:KIND"))
    assert games.name("portroyal") == "Port Royal" and "portroyal" not in games._kinds
    assert games.name("importexport") == "Import/Export" and "importexport" in games._kinds  # (no NAME: its kind's)
    assert games["portroyal"].name == games.name("portroyal")
    with pytest.raises(GamePluginError, match="failed to load"):
        games.name("broken")
    with pytest.raises(UnknownGameError):
        games.name("chess")


def test_metadata_without_the_games_says_to_reinstall(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [])
    with pytest.raises(GamePluginError, match="reinstall it"):
        protocol._Games().ids()


def test_the_package_and_the_protocol_load_no_referee_until_a_game_is_asked_for() -> None:
    """``python -X importtime``: which of the package's modules each import loads."""
    def loaded(code: str) -> list[str]:
        run = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True,
                             check=True)
        return [line.rsplit("|", 1)[1].strip() for line in run.stderr.splitlines() if "|" in line]

    referees = ("importexport.importexport", "importexport.portroyal")
    light = loaded("import importexport, importexport.protocol; importexport.protocol.GAMES.ids()")
    assert "importexport.protocol" in light and not [m for m in light if m.startswith(referees)]
    short = loaded("from importexport import Game")
    assert "importexport.importexport.engine" in short and not [m for m in short if m.startswith(referees[1])]


def test_docstring_example() -> None:
    import doctest

    import importexport.protocol

    assert doctest.testmod(importexport.protocol).failed == 0
