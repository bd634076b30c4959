"""High card's referee: the decisions, the refusals (each with its reason, in English and German),
each seat's view, undo, save and load; nothing about screens."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from importexport.boundary import check_new_game, check_seat, check_steps
from importexport.errors import IllegalActionError, SaveFileError
from importexport.rng import Rng

FORMAT = "highcard-save"
LANGS = ("en", "de")
PLAYERS = (2, 4)
HANDS = (2, 5)
WORDS = {
    "seat": {"en": "Player {n}", "de": "Spieler {n}"},
    "deal": {"en": "The cards are shuffled and {n} dealt to each player.",
             "de": "Die Karten werden gemischt, jeder bekommt {n}."},
    "play": {"en": "{p} plays {c}.", "de": "{p} spielt die {c}."},
    "win": {"en": "{p} wins the trick with {c}.", "de": "{p} gewinnt den Stich mit der {c}."},
    "not_a_choice": {"en": "That is no choice of this game.", "de": "Das ist kein Zug dieses Spiels."},
    "game_over": {"en": "The game is over.", "de": "Das Spiel ist vorbei."},
    "not_your_turn": {"en": "It is {p}'s turn, not yours.", "de": "{p} ist am Zug, nicht du."},
    "not_in_hand": {"en": "{c} is not in your hand.", "de": "Die {c} ist nicht auf deiner Hand."},
}


def say(key: str, lang: str, **args: Any) -> str:
    return WORDS[key][lang].format(**args)


def seat_name(seat: int, lang: str) -> str:
    return say("seat", lang, n=seat + 1)


class Action(NamedTuple):
    """Play ``card``: the only kind of choice.  Its text form is ``p0 play 7``."""

    player: int
    kind: str
    card: int

    def __str__(self) -> str:
        return f"p{self.player} {self.kind} {self.card}"

    @classmethod
    def from_text(cls, text: str) -> Action:
        words = str(text).split()
        if len(words) != 3 or words[0][:1] != "p" or words[1] != "play" or not all(
                w.isdigit() for w in (words[0][1:], words[2])):
            raise IllegalActionError(say("not_a_choice", "en"), "not_a_choice", {"text": str(text)[:40]})
        return cls(int(words[0][1:]), "play", int(words[2]))


@dataclass
class State:
    """The whole position: the hands, the trick on the table, the tricks won, whose turn it is."""

    n: int
    hand_size: int
    lowest: bool
    rng: int
    hands: list[list[int]]
    rest: list[int]
    trick: list[tuple[int, int]] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)
    turn: int = 0


class Game:
    """A game of High card: ``Game(players=3, seed=1, hand=3, lowest=False)``."""

    game_id = "highcard"

    def __init__(self, players: int = 3, seed: int = 0, lang: str = "en", hand: int = 3, lowest: bool = False) -> None:
        check_new_game("High card", players, *PLAYERS, seed, lang, LANGS)
        self.lang, self.seed, self.options = lang, seed, {"hand": hand, "lowest": lowest}
        rng = Rng(seed)
        deck = list(range(1, players * hand + 5))
        rng.shuffle(deck)  # the chance step: who holds which card, and which stay hidden in the deck
        hands = [sorted(deck[i * hand:(i + 1) * hand]) for i in range(players)]
        self.state = State(players, hand, lowest, rng.state, hands, deck[players * hand:], tricks=[0] * players)
        self.history: list[Action] = []
        self.log: list[tuple[int, str, dict[str, Any]]] = [(0, "deal", {"n": hand})]

    # --- decisions ---------------------------------------------------------------------------------

    def is_over(self) -> bool:
        return not any(self.state.hands)

    def deciders(self) -> list[int]:
        return [] if self.is_over() else [self.state.turn]

    def legal_actions(self, player: int | None = None) -> list[Action]:
        seats = self.deciders() if player is None else [check_seat(player, self.state.n, self.lang)]
        return [Action(s, "play", c) for s in seats if s in self.deciders() for c in self.state.hands[s]]

    def refusal(self, action: Any) -> tuple[str, dict[str, Any]] | None:
        """Why ``action`` is refused (the reason's key and its words' arguments), or ``None``: the same
        test that lists the choices."""
        if not isinstance(action, Action):
            return "not_a_choice", {}
        if self.is_over():
            return "game_over", {}
        if action.player != self.state.turn:
            return "not_your_turn", {"p": self.state.turn}
        if action.card not in self.state.hands[action.player]:
            return "not_in_hand", {"c": action.card}
        return None

    def apply(self, action: Any) -> None:
        if isinstance(action, str):
            action = Action.from_text(action)
        why = self.refusal(action)
        if why is not None:
            key, args = why
            words = {k: seat_name(v, self.lang) if k == "p" else v for k, v in args.items()}
            raise IllegalActionError(say(key, self.lang, **words), key, args)
        s = self.state
        s.hands[action.player].remove(action.card)
        s.trick.append((action.player, action.card))
        self.log.append((len(self.history), "play", {"p": action.player, "c": action.card}))
        self.history.append(action)
        if len(s.trick) < s.n:
            s.turn = (s.turn + 1) % s.n
            return
        winner, card = (min if s.lowest else max)(s.trick, key=lambda pc: pc[1])
        s.tricks[winner] += 1
        s.trick, s.turn = [], winner
        self.log.append((len(self.history), "win", {"p": winner, "c": card}))

    def undo(self, steps: int = 1) -> None:
        steps = check_steps(steps, len(self.history), self.lang)
        replay = self.replayed(self.history[: len(self.history) - steps])
        self.state, self.history, self.log = replay.state, replay.history, replay.log

    def replayed(self, moves: list[Action]) -> Game:
        g = Game(self.state.n, self.seed, self.lang, **self.options)
        for a in moves:
            g.apply(a)
        return g

    def copy(self) -> Game:
        return copy.deepcopy(self)

    # --- reading -----------------------------------------------------------------------------------

    def narrate(self, lang: str | None = None, last: int | None = None) -> list[str]:
        lang = lang or self.lang
        lines = [say(key, lang, **{k: seat_name(v, lang) if k == "p" else v for k, v in args.items()})
                 for _turn, key, args in self.log]
        return lines if last is None else lines[-last:]

    def describe(self, action: Any, lang: str | None = None) -> str:
        lang = lang or self.lang
        return say("play", lang, p=seat_name(action.player, lang), c=action.card)

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees: its own hand, how many cards the others hold, the trick, the tricks won."""
        seat = check_seat(seat, self.state.n, self.lang)
        s = self.state
        deciding = s.turn == seat and not self.is_over()
        return {"seat": seat, "players": s.n, "hand": list(s.hands[seat]), "held": [len(h) for h in s.hands],
                "trick": [list(pc) for pc in s.trick], "tricks": list(s.tricks), "turn": s.turn,
                "lowest": s.lowest, "hand_size": s.hand_size, "played": [a.card for a in self.history],
                "stack": [{"kind": "play"}] if deciding else [],
                "legal": [str(a) for a in self.legal_actions(seat)]}

    def scores(self) -> list[dict[str, Any]]:
        best = max(self.state.tricks)
        return [{"seat": i, "tricks": t, "won": self.is_over() and t == best} for i, t in enumerate(self.state.tricks)]

    def save(self) -> str:
        return json.dumps({"format": FORMAT, "players": self.state.n, "seed": self.seed, "lang": self.lang,
                           **self.options, "actions": [str(a) for a in self.history]})

    def to_json(self) -> str:
        return json.dumps(self.state.__dict__, default=list, sort_keys=True)


def load(text: str | bytes) -> Game:
    """A game from the text :meth:`Game.save` wrote (:class:`SaveFileError` if it is none)."""
    try:
        data = json.loads(text)
        if data["format"] != FORMAT:
            raise ValueError(data["format"])
        g = Game(data["players"], data["seed"], data["lang"], data["hand"], data["lowest"])
        for move in data["actions"]:
            g.apply(Action.from_text(move))
    except (ValueError, KeyError, TypeError) as exc:
        raise SaveFileError("damaged", where="highcard", reason=str(exc)[:80]) from None
    return g
