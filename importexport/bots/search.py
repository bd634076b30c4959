"""The determinized search bot, written once for every game of :data:`~importexport.protocol.GAMES`.

It builds every position it looks at from ``view(seat)`` alone: the game's ``determinize`` hook
deals the hidden cards at random, the game's heuristic ranks the options and plays the rollouts,
``margins`` scores where a rollout ends and ``progress`` counts its depth (see
:class:`~importexport.protocol.GameKind`).

>>> from importexport.protocol import GAMES
>>> g = GAMES["portroyal"].new(players=3, seed=1, mode="competitive")
>>> bot = SearchBot(seed=0, game="portroyal", samples=2, depth=1)
>>> bot.choose(g, g.deciders()[0]) in g.legal_actions(g.deciders()[0])
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from ..protocol import DEFAULT_GAME, GAMES, GameKind, GameProtocol

DEFAULTS: dict[str, Any] = {"samples": 16, "width": 5, "depth": 8, "budget": 2400, "margin": 0.5, "confidence": None}
"""The search's settings where neither the caller nor the game's ``SearchRules.settings`` name one."""


@dataclass(frozen=True)
class Estimate:
    """One option as the search saw it: the mean margin over the best opponent after its rollouts
    (the game's ``margins``) and the share of rollouts that ended with the seat ahead (a tie counts
    half)."""

    action: Any
    margin: float
    chance: float
    rollouts: int


class SearchBot:
    """Determinized Monte Carlo search over its seat's view.

    For a decision with several options it keeps the heuristic's ``width`` best options, deals
    up to ``samples`` tables consistent with what the seat can see, plays every option out on each
    of them with heuristic players for ``depth`` turns (or to the end) and picks the option with the
    best mean margin over the best opponent.  The same tables and the same players serve every
    option (common random numbers), and the heuristic's own choice stands unless another option
    beats it by ``margin`` on average.  With ``confidence`` (a z value, e.g. 1.96) another option must
    also beat it significantly: the lower end of the confidence interval of its mean margin minus the
    heuristic choice's, table by table, must lie above zero (without it, the means alone decide).

    ``budget`` caps the decisions simulated per move (new tables are dealt while it lasts), which
    keeps the bot deterministic for a seed; ``time_limit`` (seconds) also stops the search early,
    at the price of results that depend on the machine's speed.  The bot reads nothing but
    ``g.view(seat)``: the legal options come from the view, and every position it evaluates is a
    sampled one.  ``game`` is a game id of :data:`~importexport.protocol.GAMES` (or its
    :class:`~importexport.protocol.GameKind`); settings left out come from the game's
    ``SearchRules.settings``, then :data:`DEFAULTS`.  ``weights`` (the game's heuristic's weights)
    shape the search's own heuristic: it ranks the options and plays the bot's own seat in the
    rollouts, while the other seats play the game's default heuristic.
    """

    def __init__(
        self, seed: int = 0, game: str | GameKind = DEFAULT_GAME, samples: int | None = None,
        width: int | None = None, depth: int | None = None, budget: int | None = None,
        margin: float | None = None, time_limit: float | None = None, weights: Any = None,
        confidence: float | None = None,
    ) -> None:
        kind = GAMES[game] if isinstance(game, str) else game
        if kind.heuristic is None or kind.determinize is None or kind.margins is None or kind.progress is None:
            raise ValueError(f"{kind.name} has no search hooks (heuristic, determinize, margins, progress)")
        self.kind = kind
        given = {"samples": samples, "width": width, "depth": depth, "budget": budget, "margin": margin,
                 "confidence": confidence}
        settings = {k: v if v is not None else kind.search.settings.get(k, DEFAULTS[k]) for k, v in given.items()}
        self.samples: int = settings["samples"]
        self.width: int = settings["width"]
        self.depth: int = settings["depth"]
        self.budget: int = settings["budget"]
        self.margin: float = settings["margin"]
        self.confidence: float | None = settings["confidence"]
        self.time_limit = time_limit if time_limit is not None else kind.search.settings.get("time_limit")
        self.seed = seed
        self.rng = random.Random(seed)
        self.weights = weights if weights is not None else kind.search.settings.get("weights")
        self.heuristic = self._heuristic(seed)

    def _heuristic(self, seed: int) -> Any:
        assert self.kind.heuristic is not None
        return self.kind.heuristic(seed) if self.weights is None else self.kind.heuristic(seed, self.weights)

    def choose(self, g: GameProtocol, seat: int) -> Any:
        return self.choose_from_view(g.view(seat))

    def choose_from_view(self, view: dict[str, Any]) -> Any:
        """The choice for the seat whose view this is (``view(seat)`` of a game)."""
        legal = [self.kind.parse(t) for t in view["legal"]]
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(self.rng.getrandbits(64))
        ranked, seats = self._ranked(view, legal, rng)
        if not ranked:
            return legal[0]
        kind = view["stack"][-1]["kind"]
        searched = self.kind.search.searched
        if searched is not None and not (searched(view) if callable(searched) else kind in searched):
            return ranked[0]
        candidates = self._candidates(ranked, kind)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(view, seats, candidates, rng)

    def estimates(self, view: dict[str, Any]) -> list[Estimate]:
        """What the search makes of the options of the seat whose view this is: the options it
        would compare (the heuristic's ``width`` best, in the heuristic's order), each with its
        rollout results.  Unlike :meth:`choose_from_view` it plays the options out at every kind
        of decision; with a single option there is nothing to compare (an empty list)."""
        legal = [self.kind.parse(t) for t in view["legal"]]
        if len(legal) < 2:
            return []
        rng = random.Random(self.rng.getrandbits(64))
        ranked, seats = self._ranked(view, legal, rng)
        if not ranked:
            return []
        candidates = self._candidates(ranked, view["stack"][-1]["kind"])
        return self._evaluate(view, seats, candidates, rng)

    def _ranked(self, view: dict[str, Any], legal: list[Any], rng: random.Random) -> tuple[list[Any], int]:
        """The legal options the heuristic scores on a table dealt from the view, best first, and the
        number of seats."""
        assert self.kind.determinize is not None
        seat = view["seat"]
        base = self.kind.determinize(view, rng)
        sampled = set(base.legal_actions(seat))
        ranked = [a for _, a in self.heuristic.rank(base, seat, [a for a in legal if a in sampled])]
        return ranked, len(base.scores())

    def _candidates(self, ranked: list[Any], kind: str) -> list[Any]:
        pick = self.kind.search.candidates
        return pick(ranked, kind, self.width) if pick is not None else ranked[: self.width]

    def _search(self, view: dict[str, Any], seats: int, candidates: list[Any], rng: random.Random) -> Any:
        tables: list[list[float]] = []
        found = self._evaluate(view, seats, candidates, rng, tables)
        if not found[0].rollouts:
            return candidates[0]
        means = [e.margin if e.rollouts else float("-inf") for e in found]
        if self.confidence is not None:
            means = [m if i == 0 or self._significant(tables, i) else float("-inf") for i, m in enumerate(means)]
        best = max(range(len(candidates)), key=lambda i: (means[i], -i))
        if means[best] - means[0] < self.margin:  # the heuristic's choice stands unless clearly beaten
            best = 0
        return candidates[best]

    def _settled(self, tables: list[list[float]], n: int) -> bool:
        """With :attr:`confidence`, after four tables: whether every other candidate is significantly
        worse than the heuristic's choice (more tables would not change the choice)."""
        if self.confidence is None or len(tables) < 4:
            return False
        return all(self._significant(tables, i, worse=True) for i in range(1, n))

    def _significant(self, tables: list[list[float]], i: int, worse: bool = False) -> bool:
        """Whether candidate ``i`` beats the heuristic's choice (candidate 0) at :attr:`confidence`: the
        paired differences of their margins on the same tables, mean less ``confidence`` standard errors,
        above zero (``worse``: mean plus ``confidence`` standard errors below zero)."""
        assert self.confidence is not None
        diffs = [row[i] - row[0] for row in tables]
        n = len(diffs)
        if n < 2:
            return False
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        half = self.confidence * (var / n) ** 0.5
        return mean + half < 0 if worse else mean - half > 0

    def _evaluate(self, view: dict[str, Any], seats: int, candidates: list[Any], rng: random.Random,
                  tables: list[list[float]] | None = None) -> list[Estimate]:
        """Every candidate played out on the same sampled tables (see the class docstring); ``tables``
        (if given) gets one row per table: the candidates' margins there."""
        assert self.kind.determinize is not None and self.kind.margins is not None
        seat = view["seat"]
        totals = [0.0] * len(candidates)
        wins = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        start = time.perf_counter()
        spent = 0
        for _ in range(self.samples):
            root = self.kind.determinize(view, rng)
            seeds = [rng.getrandbits(32) for _ in range(seats)]
            opts = set(root.legal_actions(seat))
            if not all(a in opts for a in candidates):
                continue
            row = []
            for i, a in enumerate(candidates):
                g = root.copy()
                g.apply(a)
                spent += self._rollout(g, seeds, seat)
                margin = self.kind.margins(g)[seat]
                totals[i] += margin
                wins[i] += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
                counts[i] += 1
                row.append(margin)
            if tables is not None:
                tables.append(row)
                if self._settled(tables, len(candidates)):
                    break
            if spent >= self.budget:
                break
            if self.time_limit is not None and time.perf_counter() - start > self.time_limit:
                break
        return [Estimate(a, t / c if c else 0.0, w / c if c else 0.0, c)
                for a, t, w, c in zip(candidates, totals, wins, counts)]

    def _rollout(self, g: GameProtocol, seeds: list[int], seat: int) -> int:
        """Heuristic players for every seat (``weights`` for ``seat``, the game's defaults for the
        others), ``depth`` turns on (or to the end); decisions made."""
        assert self.kind.progress is not None and self.kind.heuristic is not None
        bots = [self._heuristic(sd) if s == seat else self.kind.heuristic(sd) for s, sd in enumerate(seeds)]
        stop = self.kind.progress(g) + self.depth
        steps = 1
        while not g.is_over() and self.kind.progress(g) < stop:
            seat = g.deciders()[0]
            g.apply(bots[seat].choose(g, seat))
            steps += 1
        return steps
