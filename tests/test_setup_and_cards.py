"""The card list loads and validates; a new table is set up exactly as the rulebook lays it out."""

from __future__ import annotations

import json

import pytest

from importexport import CARDS, CardError, Game
from importexport.bench import main as bench_main
from importexport.cli import main as cli_main
from importexport.importexport.cards import SET_SIZES, CardList
from importexport.importexport.constants import GREY, HAND_SIZE, START_CREDITS


def test_card_list_has_every_named_card_in_its_sets() -> None:
    assert len(CARDS) == 180
    for name, size in SET_SIZES.items():
        assert sum(1 for c in CARDS.cards if c.set == name) == size, name
    assert all(c.text.en and c.text.de for c in CARDS.cards)


def _row(**changes: object) -> list[dict]:
    row = json.loads(CARDS[0].model_dump_json())
    row.update(changes)
    return [row]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"goods": "purple"}, "goods"),
        ({"action": "fly"}, "action"),
        ({"level": {"green": 12}}, "level"),
        ({"cargo": {"pink": 2}}, "cargo"),
        ({"timing": "sometimes"}, "timing"),
        ({"id": 5}, "id"),
    ],
)
def test_a_bad_card_row_names_the_card_and_the_field(changes: dict, field: str) -> None:
    with pytest.raises(CardError) as err:
        CardList.from_rows(_row(**changes), "test.yaml")
    assert CARDS[0].name in str(err.value) and field in str(err.value)


def test_unknown_card_name_is_a_clear_error() -> None:
    with pytest.raises(CardError, match="unknown card 'Flying Carpets'"):
        CARDS.by_name("Flying Carpets")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_follows_the_rulebook(players: int) -> None:
    g = Game(players=players, seed=players)
    s = g.state
    harbours = [p.harbour for p in s.players]
    assert len(set(harbours)) == players
    assert (GREY in harbours) == (players == 6)  # the grey harbour only at six
    for p in s.players:
        assert p.credits == START_CREDITS + (4 if p.harbour == GREY else 0)
        assert len(p.hand) == HAND_SIZE and not p.crew and not p.goods and not p.fulfilled
        home, sea = (s.ships[i] for i in p.ships)
        assert not home.at_sea and not home.containers
        assert sea.at_sea and len(sea.containers) == 4
    assert len(s.island) == players
    assert len(s.deck) == 100 - players - 4 * players - 5 * players
    assert g.deciders() == [s.active]


def test_setup_is_seeded() -> None:
    a, b, c = Game(4, seed=11), Game(4, seed=11), Game(4, seed=12)
    assert a.state.to_dict() == b.state.to_dict() != c.state.to_dict()


def test_player_count_is_checked() -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        Game(players=7)


def test_bench_prints_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    bench_main(["--players", "3", "--games", "3", "--seed", "1"])
    out = json.loads(capsys.readouterr().out)
    for key in ("games", "seconds", "games_per_s", "decisions_per_s", "mean_decisions_per_game"):
        assert key in out
    assert out["games"] == 3 and out["decisions_per_s"] > 0


def test_cli_lists_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["cards", "--set", "tokyo"]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == 10


def test_cli_replay_refuses_a_bad_file(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    assert cli_main(["replay", str(bad)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_cli_tutor_starts_jupyterlab_on_the_notebooks(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    import importexport.cli as cli
    from importexport.tutor.workspace import ENV

    calls: list[list[str]] = []
    monkeypatch.setattr(cli, "serve", lambda cmd, cwd=None: calls.append(cmd) or 0)
    monkeypatch.setattr(cli.os, "geteuid", lambda: 0)
    monkeypatch.setenv(ENV, str(tmp_path / "learner"))  # (the learner's copy, not the user's real data folder)
    assert cli.main(["tutor", "--no-browser", "--port", "8123"]) == 0
    cmd = calls[0]
    assert cmd[1:3] == ["-m", "jupyterlab"] and "--port=8123" in cmd and "--no-browser" in cmd
    assert "--allow-root" in cmd  # JupyterLab refuses root without it (a fresh machine runs as root)
    assert f"--notebook-dir={(tmp_path / 'learner').resolve()}" in cmd


def test_a_scenario_may_deal_a_new_game_exactly() -> None:
    from importexport import Game, ScenarioError
    from importexport.importexport.scenario import load_scenario

    for n in range(2, 7):
        dealt = load_scenario({"deal": True, "players": n, "seed": 9, "modules": ["capital"]})
        assert dealt.save() == Game(players=n, seed=9, modules=["capital"]).save()
    with pytest.raises(ScenarioError, match="island cannot be given"):
        load_scenario({"deal": True, "island": ["RICE"]})
    with pytest.raises(ScenarioError, match="players must be 2 to 6"):
        load_scenario({"deal": True, "players": 7})
