"""Tune the Port Royal search seat's own figures (``SEARCH_WEIGHTS``), and check a tuning on fresh games.

    python benchmarks/tune_portroyal.py spsa [--steps 125] [--deals 50] [--gain 4] [--seed 400000] [--jobs 2]
    python benchmarks/tune_portroyal.py mean RUN.jsonl
    python benchmarks/tune_portroyal.py validate THETA.json [THETA.json ...] [--games 2000] [--seed 30000]

Every game is competitive, four players: one heuristic bot playing the figures being tried and three
heuristic bots with the default figures, the tried seat's place rotating deal by deal.  A seat's result
is its share of the win (1/k of a win when k players share it).

A *theta* is one number per figure in :data:`NAMES`, in steps of the perturbation: ``t`` multiplies a
figure by 1.2**t (for the swords, all seven together), except the push-your-luck margin ``optimism``,
which ``t`` moves by 0.1·t.  Theta 0 is ``SEARCH_WEIGHTS`` as it is.

* ``spsa`` runs simultaneous perturbation: each step plays every figure nudged up and down by one step at
  random (+Δ and -Δ) on the same fresh deals (``--deals`` deals, each seat once), and moves theta by
  ``gain`` × (result(+Δ) - result(-Δ)) / 2 × Δ.  One JSON line per step.
* ``mean`` prints the mean theta of a run's second half (what the earlier rounds kept) and the figures
  it stands for.
* ``validate`` plays each theta (a JSON list; ``[]`` for the figures as they are) on the same games and
  prints its share and the paired difference to the first, with its standard error.

The rounds so far are in the docstring of ``SEARCH_WEIGHTS`` (importexport/portroyal/heuristic.py).  A
step takes some 20 s on two cores; ``validate`` some 3 minutes per 2,000 games and theta.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path

from importexport.bots import play_out
from importexport.portroyal.game import Game
from importexport.portroyal.heuristic import SEARCH_WEIGHTS, HeuristicBot, Weights

NAMES = ("point_early", "point_late", "trader", "sword", "mademoiselle", "jester", "admiral", "vice_admiral",
         "governor", "clerk", "gunner", "symbol", "partial", "fee", "leftover", "pace", "first_contract",
         "clerk_active", "a_ship", "optimism")
"""The figures tuned, in theta's order."""
STEP = math.log(1.2)  # one step of a figure: ×1.2
OPTIMISM_STEP = 0.1  # one step of the push-your-luck margin: +0.1


def weights(theta: Sequence[float], base: Weights = SEARCH_WEIGHTS) -> Weights:
    """The figures ``theta`` stands for (an empty theta: ``base`` itself)."""
    if not theta:
        return base
    if len(theta) != len(NAMES):
        raise ValueError(f"a theta has {len(NAMES)} numbers ({', '.join(NAMES)}), not {len(theta)}")
    changed: dict[str, object] = {}
    for name, t in zip(NAMES, theta, strict=True):
        figure = getattr(base, name)
        if name == "optimism":
            changed[name] = figure + t * OPTIMISM_STEP
        elif name == "sword":
            changed[name] = tuple(x * math.exp(t * STEP) for x in figure)
        else:
            changed[name] = figure * math.exp(t * STEP)
    return replace(base, **changed)  # type: ignore[arg-type]


def share(job: tuple[Weights, int, int]) -> float:
    """The tried seat's share of the win on deal ``seed`` from seat ``seat``."""
    tried, seed, seat = job
    g = Game(players=4, seed=seed, mode="competitive")
    play_out(g, [HeuristicBot(0, tried) if s == seat else HeuristicBot(0) for s in range(4)])
    winners = [row["seat"] for row in g.scores() if row["won"]]
    return (seat in winners) / len(winners)


@contextmanager
def mapper(jobs: int) -> Iterator[Callable[[list[tuple[Weights, int, int]]], list[float]]]:
    """Play games in ``jobs`` processes (one: in this one)."""
    if jobs <= 1:
        yield lambda games: [share(game) for game in games]
        return
    with Pool(jobs) as pool:
        yield lambda games: pool.map(share, games, chunksize=8)


def spsa(steps: int, deals: int, gain: float, seed: int, jobs: int) -> None:
    theta = [0.0] * len(NAMES)
    rng = random.Random(seed)
    with mapper(jobs) as play:
        for k in range(steps):
            delta = [rng.choice((-1, 1)) for _ in NAMES]
            plus = weights([t + d for t, d in zip(theta, delta, strict=True)])
            minus = weights([t - d for t, d in zip(theta, delta, strict=True)])
            base = seed + k * deals
            games = [(w, base + i // 4, i % 4) for w in (plus, minus) for i in range(4 * deals)]
            results = play(games)
            fp, fm = statistics.fmean(results[:4 * deals]), statistics.fmean(results[4 * deals:])
            theta = [t + gain * (fp - fm) / 2 * d for t, d in zip(theta, delta, strict=True)]
            print(json.dumps({"k": k, "fp": round(fp, 4), "fm": round(fm, 4),
                              "theta": [round(t, 4) for t in theta]}), flush=True)


def mean(run: Path) -> None:
    rows = [json.loads(line) for line in run.read_text(encoding="utf-8").splitlines() if line.strip()]
    half = rows[len(rows) // 2:]
    if not half:
        raise SystemExit(f"{run}: no steps in it")
    theta = [round(statistics.fmean(row["theta"][i] for row in half), 3) for i in range(len(NAMES))]
    print(json.dumps(theta))
    tuned = weights(theta)
    for name in NAMES:
        print(f"{name}: {getattr(SEARCH_WEIGHTS, name)} -> {getattr(tuned, name)}")


def validate(thetas: list[list[float]], games: int, seed: int, jobs: int) -> None:
    tried = [weights(t) for t in thetas]
    with mapper(jobs) as play:
        results = [play([(w, seed + i, i % 4) for i in range(games)]) for w in tried]
    for theta, result in zip(thetas, results, strict=True):
        diff = [a - b for a, b in zip(result, results[0], strict=True)]
        se = statistics.stdev(diff) / math.sqrt(games) if games > 1 and any(diff) else 0.0
        print(json.dumps({"share": round(statistics.fmean(result), 4), "diff": round(statistics.fmean(diff), 4),
                          "se": round(se, 4), "theta": theta}), flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("spsa", help="tune by simultaneous perturbation")
    p.add_argument("--steps", type=int, default=125)
    p.add_argument("--deals", type=int, default=50)
    p.add_argument("--gain", type=float, default=4.0)
    p.add_argument("--seed", type=int, default=400_000)
    p.add_argument("--jobs", type=int, default=2)
    m = sub.add_parser("mean", help="the second half's mean theta of a spsa run")
    m.add_argument("run", type=Path)
    v = sub.add_parser("validate", help="thetas on the same fresh games, paired")
    v.add_argument("thetas", nargs="+", help="JSON lists, or files holding one; [] is SEARCH_WEIGHTS")
    v.add_argument("--games", type=int, default=2000)
    v.add_argument("--seed", type=int, default=30_000)
    v.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if args.command == "spsa":
        spsa(args.steps, args.deals, args.gain, args.seed, args.jobs)
    elif args.command == "mean":
        mean(args.run)
    else:
        texts = [Path(t).read_text(encoding="utf-8") if Path(t).is_file() else t for t in args.thetas]
        try:
            thetas = [json.loads(t) for t in texts]
            for theta in thetas:
                weights(theta)
        except (ValueError, TypeError) as exc:  # (json's errors are ValueErrors)
            parser.error(f"not a theta: {exc}")
        validate(thetas, args.games, args.seed, args.jobs)


if __name__ == "__main__":
    sys.exit(main())
