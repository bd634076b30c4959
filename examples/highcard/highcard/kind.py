"""High card's one door into importexport: its :class:`~importexport.protocol.GameKind`, named by the
entry point in this distribution's ``pyproject.toml``.  Everything the project's app, bots and
``simulate`` need comes from here: the option schema, the heuristic, the dealing of hidden cards."""

from __future__ import annotations

import random
from typing import Any

from importexport.protocol import GameKind, OptionSpec, SearchRules, TutorKit, checked_new

from .game import FORMAT, HANDS, PLAYERS, Action, Game, load, seat_name

LABELS = {
    "players": {"en": "Players", "de": "Spieler"},
    "hand": {"en": "Cards in each hand", "de": "Karten auf jeder Hand"},
    "lowest": {"en": "Lowest card wins", "de": "Niedrigste Karte gewinnt"},
    "lowest_about": {"en": "each trick goes to its lowest card instead", "de": "jeder Stich geht an die niedrigste Karte"},
}

VIEW_WORDS = {
    "hand": {"en": "Hand", "de": "Hand"},
    "held": {"en": "Cards in hand", "de": "Karten auf der Hand"},
    "trick": {"en": "In the trick", "de": "Im Stich"},
    "tricks": {"en": "Tricks won", "de": "Gewonnene Stiche"},
    "lowest": {"en": "The trick goes to", "de": "Den Stich bekommt"},
    "played": {"en": "Played so far", "de": "Bisher gespielt"},
    "won": {"en": "Won", "de": "Gewonnen"},
    "none": {"en": "none", "de": "keine"},
    "yes": {"en": "yes", "de": "ja"},
    "low": {"en": "the lowest card", "de": "die niedrigste Karte"},
    "high": {"en": "the highest card", "de": "die höchste Karte"},
}
"""The names of the entries of a seat's view and of the scores, for the table the project draws from them."""
HIDDEN_KEYS = frozenset({"players", "turn", "hand_size"})
"""View entries the table says otherwise (its title names whose turn it is) or that never change."""


def view_words(key: str, value: Any, lang: str) -> tuple[str, str] | None:
    """An entry of a view or of the scores in ``lang``: its name and its value (seats by name, a flag as
    words); ``None`` for :data:`HIDDEN_KEYS`."""
    if key in HIDDEN_KEYS or key not in VIEW_WORDS or (key == "won" and not value):
        return None
    words = {k: v[lang if lang in v else "en"] for k, v in VIEW_WORDS.items()}
    if not isinstance(value, list | bool):  # (a row of the scores: one seat's count)
        text = str(value)
    elif key in ("held", "tricks"):
        text = " · ".join(f"{seat_name(p, lang)}: {n}" for p, n in enumerate(value))
    elif key == "trick":
        text = " · ".join(f"{seat_name(p, lang)}: {c}" for p, c in value) or words["none"]
    elif key == "lowest":
        text = words["low" if value else "high"]
    elif key == "won":
        text = words["yes"]
    else:
        text = ", ".join(map(str, value)) or words["none"]
    return words[key], text

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


def tutor() -> TutorKit:
    """The tutor adapter (:mod:`.tutor`: one chapter), imported when the tutor first asks for it."""
    from .tutor import KIT

    return KIT


KIND = GameKind("highcard", "High card", checked_new(Game, SCHEMA), load, Action.from_text, PLAYERS,
                {"lowest": (False, True)}, Heuristic, determinize, margins, lambda g: sum(g.state.tricks),
                SearchRules(settings={"samples": 4, "width": 3, "depth": 2}), outcome, None, FORMAT, (), None, SCHEMA,
                view_words, tutor=tutor)
"""High card: 2 to 4 players, 2 to 5 cards each, highest or lowest card wins; no table kit of its own
(the table component draws it from its views, named in its words by :func:`view_words`); one chapter
(:mod:`highcard.tutor`)."""
