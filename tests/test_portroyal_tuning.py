"""``benchmarks/tune_portroyal.py``, the tuning of the search seat's figures: what a theta stands for, one
SPSA step on the smallest table, the mean of a run and a paired validation."""

from __future__ import annotations

import importlib.util
import json
import math
import random
from dataclasses import fields
from pathlib import Path

import pytest

from importexport.portroyal.heuristic import SEARCH_WEIGHTS

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "tune_portroyal.py"
_spec = importlib.util.spec_from_file_location("tune_portroyal", SCRIPT)
assert _spec is not None and _spec.loader is not None
tune = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tune)


def test_a_theta_stands_for_figures_in_steps_of_a_fifth_and_optimism_in_tenths() -> None:
    assert tune.weights([]) == SEARCH_WEIGHTS
    assert tune.weights([0.0] * len(tune.NAMES)) == SEARCH_WEIGHTS
    assert set(tune.NAMES) <= {f.name for f in fields(SEARCH_WEIGHTS)}
    theta = [0.0] * len(tune.NAMES)
    theta[tune.NAMES.index("governor")] = 1.0
    theta[tune.NAMES.index("sword")] = -1.0
    theta[tune.NAMES.index("optimism")] = 2.0
    w = tune.weights(theta)
    assert w.governor == pytest.approx(SEARCH_WEIGHTS.governor * 1.2)
    assert w.sword == pytest.approx(tuple(x / 1.2 for x in SEARCH_WEIGHTS.sword))
    assert w.optimism == pytest.approx(SEARCH_WEIGHTS.optimism + 0.2)
    assert w.trader == SEARCH_WEIGHTS.trader and w.team_optimism == SEARCH_WEIGHTS.team_optimism
    with pytest.raises(ValueError, match="20 numbers"):
        tune.weights([1.0, 2.0])


def test_one_spsa_step_moves_every_figure_by_the_same_amount_towards_the_better_side(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    tune.spsa(steps=1, deals=2, gain=4.0, seed=7, jobs=1)
    row = json.loads(capsys.readouterr().out)
    rng = random.Random(7)
    delta = [rng.choice((-1, 1)) for _ in tune.NAMES]
    move = 4.0 * (row["fp"] - row["fm"]) / 2
    assert row["theta"] == pytest.approx([move * d for d in delta], abs=1e-4)
    assert 0 <= row["fp"] <= 1 and 0 <= row["fm"] <= 1
    run = tmp_path / "run.jsonl"
    run.write_text("\n".join(json.dumps({"theta": [float(k)] * len(tune.NAMES)}) for k in range(4)) + "\n")
    tune.mean(run)  # the second half: steps 2 and 3
    out = capsys.readouterr().out.splitlines()
    assert json.loads(out[0]) == [2.5] * len(tune.NAMES)
    assert out[1].startswith("point_early: 2.43 -> ") and math.isclose(
        float(out[1].split("-> ")[1]), 2.43 * 1.2 ** 2.5, rel_tol=1e-9)


def test_validation_pairs_the_thetas_on_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    tune.validate([[], [0.0] * len(tune.NAMES)], games=8, seed=3, jobs=1)
    same, again = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert same["diff"] == again["diff"] == 0 and same["share"] == again["share"]  # the same figures, the same games
    assert 0 <= same["share"] <= 1
