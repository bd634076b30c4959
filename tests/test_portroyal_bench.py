"""The Port Royal benchmark command: one JSON line with the figures, and clear refusals of bad arguments."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from importexport import bench_portroyal as bench
from importexport.bots import RandomBot, play_out
from importexport.portroyal.game import Game

FIELDS = {"mode", "players", "games", "seconds", "games_per_s", "decisions_per_s", "mean_decisions_per_game",
          "max_save_bytes"}


def test_the_command_prints_one_json_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "importexport.bench_portroyal", "--players", "3", "--games", "2", "--seed", "4",
         "--mode", "cooperative"],
        capture_output=True, text=True, timeout=120, check=True,
    )
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and done.stderr == ""
    result = json.loads(lines[0])
    assert set(result) == FIELDS
    assert result["mode"] == "cooperative" and result["players"] == 3 and result["games"] == 2
    assert result["mean_decisions_per_game"] > 0 and result["decisions_per_s"] > 0


@pytest.mark.parametrize(("argv", "mode", "players"), [
    (["--mode", "solo"], "solo", 1),
    (["--mode", "base", "--players", "2"], "base", 2),
    ([], "competitive", 4),
])
def test_each_mode_runs_with_its_default_players(argv: list[str], mode: str, players: int,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    bench.main([*argv, "--games", "1"])
    result = json.loads(capsys.readouterr().out)
    assert (result["mode"], result["players"], result["games"]) == (mode, players, 1)


def test_chess_adds_its_figure_and_the_ratio(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("chess")
    monkeypatch.setattr(bench, "chess_plies_per_second", lambda: 1000.0)  # (the real one runs for 5 seconds)
    bench.main(["--mode", "solo", "--games", "3", "--chess"])
    result = json.loads(capsys.readouterr().out)
    assert set(result) == FIELDS | {"chess_plies_per_s", "ratio_to_chess"}
    assert result["chess_plies_per_s"] == 1000 and result["ratio_to_chess"] == round(result["decisions_per_s"] / 1000, 2)


@pytest.mark.parametrize(("argv", "said"), [
    (["--mode", "solo", "--players", "2"], "argument --players: solo play takes exactly 1 player, not 2"),
    (["--mode", "competitive", "--players", "1"], "argument --players: competitive play takes 2 to 5 players, not 1"),
    (["--players", "6"], "argument --players: must be 1 to 5, not 6"),
    (["--players", "four"], "argument --players: 'four' is not a whole number"),
    (["--games", "0"], "argument --games: must be 1 to 1000000, not 0"),
    (["--seed", "-1"], "argument --seed: must be 0 to 2**64-1, not -1"),
    (["--mode", "pirates"], "argument --mode: invalid choice: 'pirates'"),
    (["--turbo"], "unrecognized arguments: --turbo"),
])
def test_bad_arguments_get_one_line_and_status_2(argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        bench.main(argv)
    assert ended.value.code == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.count("\n") == 1 and out.err.startswith("python -m importexport.bench_portroyal: error: ")
    assert said in out.err


def test_play_out_counts_decisions_and_stops_a_game_that_runs_too_long() -> None:
    g = Game(players=2, seed=3, mode="competitive")
    made = play_out(g, [RandomBot(0), RandomBot(1)])
    assert g.is_over() and made == len(g.history)
    with pytest.raises(RuntimeError, match="within 5 decisions"):
        play_out(Game(players=2, seed=3), [RandomBot(0), RandomBot(1)], max_steps=5)
