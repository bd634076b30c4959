"""High card's one door into importexport: its :class:`~importexport.protocol.GameKind`, named by the
entry point in this distribution's ``pyproject.toml``.  Everything the project's app, bots and
``simulate`` need comes from here: the option schema, the heuristic, the dealing of hidden cards."""

from __future__ import annotations

import random
from typing import Any

from importexport.protocol import GameKind, OptionSpec, SearchRules, checked_new

from .game import FORMAT, HANDS, PLAYERS, Action, Game, load

LABELS = {
    "players": {"en": "Players", "de": "Spieler"},
    "hand": {"en": "Cards in each hand", "de": "Karten auf jeder Hand"},
    "lowest": {"en": "Lowest card wins", "de": "Niedrigste Karte gewinnt"},
    "lowest_about": {"en": "each trick goes to its lowest card instead", "de": "jeder Stich geht an die niedrigste Karte"},
}

SCHEMA = (
    OptionSpec("players", "int", 3, lambda _c: tuple(range(PLAYERS[0], PLAYERS[1] + 1)),
               lambda lang: LABELS["players"][lang]),
    OptionSpec("hand", "int", 3, lambda _c: tuple(range(HANDS[0], HANDS[1] + 1)), lambda lang: LABELS["hand"][lang],
               help="cards in each hand, 2 to 5 (default 3)"),
    OptionSpec("lowest", "bool", False, lambda _c: (False, True), lambda lang: LABELS["lowest"][lang],
               about=lambda lang: LABELS["lowest_about"][lang], help="the lowest card wins each trick"),
)


class Heuristic:
    """Wins the trick as cheaply as it can, else throws its weakest card."""

    def __init__(self, seed: int = 0, weights: Any = None) -> None:
        self.rng = random.Random(seed)

    def rank(self, g: Game, seat: int, options: list[Action]) -> list[tuple[float, Action]]:
        s = g.state
        strength = (lambda c: -c) if s.lowest else (lambda c: c)
        best = max((strength(c) for _p, c in s.trick), default=None)
        last = len(s.trick) == s.n - 1

        def score(a: Action) -> float:
            wins = best is None or strength(a.card) > best
            return (100 - strength(a.card) if wins and (last or best is not None) else 0) - strength(a.card) / 100

        return sorted(((score(a), a) for a in options), key=lambda sa: -sa[0])

    def choose(self, g: Game, seat: int) -> Action:
        return self.rank(g, seat, g.legal_actions(seat))[0][1]


def determinize(view: dict[str, Any], rng: random.Random) -> Game:
    """A whole game agreeing with ``view``: the cards the seat cannot see dealt at random."""
    g = Game(view["players"], 0, "en", view["hand_size"], view["lowest"])
    s, seat = g.state, view["seat"]
    unseen = [c for c in range(1, view["players"] * view["hand_size"] + 5)
              if c not in view["hand"] and c not in view["played"]]
    rng.shuffle(unseen)
    for p, count in enumerate(view["held"]):
        s.hands[p] = sorted(view["hand"]) if p == seat else sorted(unseen[:count])
        unseen = unseen if p == seat else unseen[count:]
    s.rest, s.trick, s.tricks, s.turn = unseen, [tuple(pc) for pc in view["trick"]], list(view["tricks"]), view["turn"]
    return g


def margins(g: Game) -> list[float]:
    t = g.state.tricks
    return [t[i] - max(t[:i] + t[i + 1:]) for i in range(len(t))]


def outcome(g: Game) -> list[dict[str, Any]]:
    return [{"score": row["tricks"], "won": row["won"]} for row in g.scores()]


KIND = GameKind("highcard", "High card", checked_new(Game, SCHEMA), load, Action.from_text, PLAYERS,
                {"lowest": (False, True)}, Heuristic, determinize, margins, lambda g: sum(g.state.tricks),
                SearchRules(settings={"samples": 4, "width": 3, "depth": 2}), outcome, None, FORMAT, (), None, SCHEMA)
"""High card: 2 to 4 players, 2 to 5 cards each, highest or lowest card wins; no table kit of its own
(the table component draws it from its views)."""
