"""The shape of a Port Royal table, written once: every card's place, every player's holdings,
the laid-out contracts with their cubes, and the stack of decisions still to come.

Cards are named by id (``cards.CARDS``).  Each card of the game lies in exactly one place: the
draw pile, the discard pile, the time pile, the harbour, the expeditions beside it, or a player's
coins, persons or fulfilled expeditions.  A coin is a card lying face down; its face never matters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MODES: tuple[str, ...] = ("base", "competitive", "cooperative", "solo")
"""``base``: the base game alone; the others play the contracts expansion."""


@dataclass
class Player:
    """What one player holds: coins (face-down cards), hired persons, fulfilled expeditions and
    the contracts (indices into :attr:`State.contracts`) they have put a cube on, in order."""

    coins: list[int] = field(default_factory=list)
    persons: list[int] = field(default_factory=list)
    expeditions: list[int] = field(default_factory=list)
    contracts: list[int] = field(default_factory=list)

    def clone(self) -> Player:
        return Player(self.coins[:], self.persons[:], self.expeditions[:], self.contracts[:])

    def to_dict(self) -> dict[str, Any]:
        return {"coins": self.coins[:], "persons": self.persons[:], "expeditions": self.expeditions[:],
                "contracts": self.contracts[:]}


@dataclass
class State:
    """Everything that changes during a game (the rules and figures are in ``cards`` and ``expansion``)."""

    mode: str = "base"
    n: int = 2
    start: int = 0
    """The start player: a round ends after the turn of the player before them."""
    active: int = 0
    turn: int = 0
    """Turns begun so far (the first turn is turn 1)."""
    deck: list[int] = field(default_factory=list)
    """The draw pile, its top card last."""
    discard: list[int] = field(default_factory=list)
    time_pile: list[int] = field(default_factory=list)
    """Cooperative and solo play: each turn's first card comes from here (top last)."""
    harbour: list[int] = field(default_factory=list)
    """Ships and persons turned over this turn and still there, in the order they came."""
    expeditions: list[int] = field(default_factory=list)
    """Expeditions laid out beside the harbour, waiting to be fulfilled."""
    players: list[Player] = field(default_factory=list)
    contracts: list[str] = field(default_factory=list)
    """The laid-out contracts, by id (``expansion.yaml``)."""
    boxes: list[list[int]] = field(default_factory=list)
    """Per contract, the seats whose cubes lie in its boxes, left to right."""
    stack: list[dict[str, Any]] = field(default_factory=list)
    """What happens next, the top last: decisions and automatic steps (``flow.py``)."""
    turned: int = 0
    """Cards turned over in the current turn's phase 1."""
    repelled: int = 0
    """Ships the active player has driven off in the current phase 1; their Gunners pay for them when
    phase 1 ends (by stopping or by a bust), and the count goes back to 0."""
    ending: bool = False
    """Somebody reached the goal: the round is being finished."""
    declared: bool = False
    """Cooperative or solo: the team declared the game over."""
    rng: int = 0

    @property
    def expansion(self) -> bool:
        return self.mode != "base"

    @property
    def team(self) -> bool:
        return self.mode in ("cooperative", "solo")

    def clone(self) -> State:
        return State(
            self.mode, self.n, self.start, self.active, self.turn, self.deck[:], self.discard[:],
            self.time_pile[:], self.harbour[:], self.expeditions[:], [p.clone() for p in self.players],
            self.contracts[:], [b[:] for b in self.boxes], [dict(f) for f in self.stack], self.turned,
            self.repelled, self.ending, self.declared, self.rng,
        )

    def all_cards(self) -> list[int]:
        """Every card id in every place (each should appear once)."""
        out = self.deck + self.discard + self.time_pile + self.harbour + self.expeditions
        for p in self.players:
            out += p.coins + p.persons + p.expeditions
        out += [f["card"] for f in self.stack if f.get("card", -1) >= 0 and f["kind"] == "repel"]
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode, "n": self.n, "start": self.start, "active": self.active, "turn": self.turn,
            "deck": self.deck[:], "discard": self.discard[:], "time_pile": self.time_pile[:],
            "harbour": self.harbour[:], "expeditions": self.expeditions[:],
            "players": [p.to_dict() for p in self.players], "contracts": self.contracts[:],
            "boxes": [b[:] for b in self.boxes], "stack": [dict(f) for f in self.stack], "turned": self.turned,
            "repelled": self.repelled, "ending": self.ending, "declared": self.declared, "rng": self.rng,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        d = dict(data)
        d["players"] = [Player(**p) for p in d["players"]]
        d["stack"] = [dict(f) for f in d["stack"]]
        return cls(**d)
