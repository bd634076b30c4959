"""What changes during a game: players, ships, piles, whose turn it is and what is pending.

These are plain classes with ``__slots__`` (the engine touches them millions of times in a
benchmark); ``to_dict``/``from_dict`` turn them into JSON-ready data, which ``savefile`` validates
with pydantic.  Cards are referred to by their id in the card list.
"""

from __future__ import annotations

import copy
from typing import Any

from .cards import CARDS

TOKEN_BASE = CARDS.token_base


class Ship:
    """A ship: in its owner's harbour (taking contracts and containers) or at sea."""

    __slots__ = ("id", "owner", "at_sea", "contracts", "sides", "containers", "colours")

    def __init__(self, id: int, owner: int, at_sea: bool = False) -> None:
        self.id = id
        self.owner = owner
        self.at_sea = at_sea
        self.contracts: list[int] = []  # contract cards under the ship
        self.sides: list[int] = []  # orientation of each contract (J cards have two)
        self.containers: list[int] = []  # cards loaded as containers
        self.colours: list[int] = []  # the colour each container counts as

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "owner": self.owner, "at_sea": self.at_sea,
            "contracts": list(self.contracts), "sides": list(self.sides),
            "containers": list(self.containers), "colours": list(self.colours),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Ship:
        s = cls(d["id"], d["owner"], d["at_sea"])
        s.contracts, s.sides = list(d["contracts"]), list(d["sides"])
        s.containers, s.colours = list(d["containers"]), list(d["colours"])
        return s

    def clone(self) -> Ship:
        s = Ship(self.id, self.owner, self.at_sea)
        s.contracts, s.sides = self.contracts[:], self.sides[:]
        s.containers, s.colours = self.containers[:], self.colours[:]
        return s


class Player:
    """One seat at the table: harbour colour, credits and the cards in each of its areas."""

    __slots__ = ("seat", "harbour", "credits", "hand", "crew", "goods", "fulfilled", "ships")

    def __init__(self, seat: int, harbour: int, credits: int = 0) -> None:
        self.seat = seat
        self.harbour = harbour  # colour of the harbour board
        self.credits = credits
        self.hand: list[int] = []
        self.crew: list[int] = []
        self.goods: list[int] = []
        self.fulfilled: list[int] = []  # fulfilled contract cards (the printed one is not a card)
        self.ships: list[int] = []  # ids of this player's ships

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "harbour": self.harbour, "credits": self.credits,
            "hand": list(self.hand), "crew": list(self.crew), "goods": list(self.goods),
            "fulfilled": list(self.fulfilled), "ships": list(self.ships),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Player:
        p = cls(d["seat"], d["harbour"], d["credits"])
        p.hand, p.crew, p.goods = list(d["hand"]), list(d["crew"]), list(d["goods"])
        p.fulfilled, p.ships = list(d["fulfilled"]), list(d["ships"])
        return p

    def clone(self) -> Player:
        p = Player(self.seat, self.harbour, self.credits)
        p.hand, p.crew, p.goods = self.hand[:], self.crew[:], self.goods[:]
        p.fulfilled, p.ships = self.fulfilled[:], self.ships[:]
        return p


class State:
    """The whole table plus the stack of pending steps (``stack``; the last entry is next).

    A stack entry ("frame") is a small dict such as ``{"k": "follow", "p": 2}``: either a
    decision waiting for a player or an automatic step.  Keeping them as plain data makes
    copies, undo and save files work at every moment, even in the middle of a bidding round.
    """

    __slots__ = (
        "players", "ships", "deck", "discard", "island", "active", "turn", "stack", "rng",
        "abilities", "led", "decl", "played", "sold", "end_reason", "end_seat", "winners",
        "extra_turns", "return_to", "marks", "modules", "market", "acts",
    )

    def __init__(self) -> None:
        self.players: list[Player] = []
        self.ships: list[Ship] = []
        self.deck: list[int] = []  # the top card is the last one
        self.discard: list[int] = []  # the top card is the last one
        self.island: list[int] = []  # Supply Island, face up
        self.active = 0
        self.turn = 1
        self.stack: list[dict[str, Any]] = []
        self.rng = 0
        self.abilities = False
        self.led = -1  # action type led this turn (-1: none yet)
        self.decl: list[int] = []  # declared action count per seat (-1: not declared)
        self.acts: list[int] = []  # per seat, an action type other than the led one (-1: the led one)
        self.played: list[int] = []  # cards played into harbours this turn
        self.sold: list[bool] = []  # sold to the Supply Island this turn
        self.end_reason = ""  # why the game is ending ("" while it goes on)
        self.end_seat = -1  # who caused an instant win
        self.winners: list[int] = []
        self.extra_turns: list[int] = []  # seats owed an extra turn (PIRATES)
        self.return_to = -1  # whose regular turn comes after the extra turns
        self.marks: dict[str, Any] = {}  # small notes abilities keep between steps
        self.modules: list[str] = []  # expansions and variants in play (see ``setup.MODULES``)
        self.market: list[int] = []  # goods market markers, -2..+2 per goods colour (module "market")

    @property
    def n(self) -> int:
        return len(self.players)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [p.to_dict() for p in self.players],
            "ships": [s.to_dict() for s in self.ships],
            "deck": list(self.deck), "discard": list(self.discard), "island": list(self.island),
            "active": self.active, "turn": self.turn,
            "stack": [_copy_frame(f) for f in self.stack], "rng": self.rng, "abilities": self.abilities,
            "led": self.led, "decl": list(self.decl), "played": list(self.played),
            "sold": list(self.sold), "end_reason": self.end_reason, "end_seat": self.end_seat,
            "winners": list(self.winners), "extra_turns": list(self.extra_turns),
            "return_to": self.return_to, "marks": copy.deepcopy(self.marks),
            "modules": list(self.modules), "market": list(self.market), "acts": list(self.acts),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        s = cls()
        s.players = [Player.from_dict(p) for p in d["players"]]
        s.ships = [Ship.from_dict(x) for x in d["ships"]]
        s.deck, s.discard, s.island = list(d["deck"]), list(d["discard"]), list(d["island"])
        s.active, s.turn, s.rng, s.abilities = d["active"], d["turn"], d["rng"], d["abilities"]
        s.stack = [_copy_frame(f) for f in d["stack"]]
        s.led, s.decl, s.played = d["led"], list(d["decl"]), list(d["played"])
        s.sold, s.end_reason, s.end_seat = list(d["sold"]), d["end_reason"], d["end_seat"]
        s.winners, s.extra_turns = list(d["winners"]), list(d["extra_turns"])
        s.return_to, s.marks = d["return_to"], copy.deepcopy(d["marks"])
        s.modules, s.market = list(d.get("modules", [])), list(d.get("market", []))
        s.acts = list(d.get("acts", [-1] * len(s.players)))
        return s

    def clone(self) -> State:
        s = State()
        s.players = [p.clone() for p in self.players]
        s.ships = [x.clone() for x in self.ships]
        s.deck, s.discard, s.island = self.deck[:], self.discard[:], self.island[:]
        s.active, s.turn, s.rng, s.abilities = self.active, self.turn, self.rng, self.abilities
        s.stack = [_copy_frame(f) for f in self.stack]
        s.led, s.decl, s.played, s.sold = self.led, self.decl[:], self.played[:], self.sold[:]
        s.end_reason, s.end_seat, s.winners = self.end_reason, self.end_seat, self.winners[:]
        s.extra_turns, s.return_to = self.extra_turns[:], self.return_to
        s.marks = copy.deepcopy(self.marks) if self.marks else {}
        s.modules, s.market, s.acts = self.modules, self.market[:], self.acts[:]
        return s

    def all_cards(self) -> list[int]:
        """Every card id wherever it lies (the card-conservation check in the tests uses it).

        Container tokens (modules "tokens1"/"tokens2") are no cards: those on ships, in crews and
        among goods, the only places they may lie, are left out (``tokens.tokens_in_play`` lists them).
        """
        out = self.deck + self.discard + self.island + self.played
        for p in self.players:
            out += p.hand + [c for c in p.crew if c < TOKEN_BASE] + [c for c in p.goods if c < TOKEN_BASE] + p.fulfilled
        for ship in self.ships:
            out += ship.contracts + [c for c in ship.containers if c < TOKEN_BASE]
        for frame in self.stack:
            out += frame.get("held", [])
        out += [card for card, _ship in self.marks.get("tucked", ())]  # cards an ability tucked under a ship
        return out


def _copy_frame(frame: dict[str, Any]) -> dict[str, Any]:
    return {k: (v[:] if isinstance(v, list) else dict(v) if isinstance(v, dict) else v) for k, v in frame.items()}
