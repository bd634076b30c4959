"""How card abilities plug into the rules.

An ability is a small class registered under its card's name.  It may define any of these
hooks; the engine calls them, and never tests a card's name itself:

``modify_<key>(g, seat, value, *context) -> value``
    changes a rule value the engine asks for with ``g.mod(seat, key, value)`` (limits, hand
    size, payout, which containers are wild, how many cards an Import takes, ...).  Active
    while the card lies among its owner's fulfilled contracts.
``on_<event>(g, holder, data)``
    reacts to something that happened (``draw``, ``load``, ``pirate``, ``goods``, ...).
``on_fulfil(g, seat, card, ship)``
    carried out once when this contract is fulfilled (instant abilities, and lasting cards that
    do something on arrival, such as moving themselves to the crew).
``on_container_fulfilled(g, seat, card, ship)``
    this card was a container on a ship whose contracts were just fulfilled.
``score(g, seat) -> int``
    extra credits at the end of the game.
``wins(g, seat) -> bool``
    an instant win, checked after every step.
``anytime_options(g, seat, card) / anytime_apply(g, action)``
    free choices offered to the card's holder whenever that player decides (``anytime``).
``options_<step>(g, frame) / answer_<step>(g, frame, action)``
    a question the ability put on the stack with ``self.ask(g, seat, step, **data)``; the frame
    (``{"k": "ask", "p": seat, "c": card, "q": step, ...data}``) is popped before ``answer_<step>``.

Lasting hooks work while the card lies among its owner's fulfilled contracts; an ability with
``as_contract = True`` works instead while the card is a contract on one of its owner's ships.

Anything an ability needs to remember lives in the game state (``state.marks`` or a frame), so
undo and save files keep working.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..cards import CARDS

if TYPE_CHECKING:
    from ..actions import Action
    from ..engine import Game
    from ..flow import Frame


class Ability:
    """Base class: a card's ability.  Subclasses set ``name`` and define hooks."""

    name: ClassVar[str] = ""
    as_contract: ClassVar[bool] = False
    card: int = -1
    instant: bool = False
    modifies: frozenset[str] = frozenset()
    listens: frozenset[str] = frozenset()

    def ask(self, g: Game, seat: int, step: str, **data: Any) -> None:
        """Put a question to ``seat`` on the stack; ``options_<step>``/``answer_<step>`` handle it."""
        g.state.stack.append({"k": "ask", "p": seat, "c": self.card, "q": step, **data})

    def ask_options(self, g: Game, frame: Frame) -> list[Action]:
        return getattr(self, "options_" + frame["q"])(g, frame)

    def ask_resolve(self, g: Game, frame: Frame, action: Action) -> None:
        g.state.stack.pop()
        getattr(self, "answer_" + frame["q"])(g, frame, action)


REGISTRY: dict[str, Ability] = {}
ABILITY_OF: list[Ability | None] = [None] * len(CARDS)
CONTRACT_ABILITIES: set[str] = set()  # names of abilities that work while the card is a contract


def register(cls: type[Ability]) -> type[Ability]:
    """Class decorator: make ``cls`` the ability of the card named ``cls.name``."""
    card = CARDS.by_name(cls.name)
    ability = cls()
    ability.card = card.id
    ability.instant = card.timing == "instant"
    names = [n for n in dir(cls) if not n.startswith("__")]
    ability.modifies = frozenset(n[len("modify_"):] for n in names if n.startswith("modify_"))
    ability.listens = frozenset(n[len("on_"):] for n in names if n.startswith("on_") and n != "on_fulfil")
    REGISTRY[cls.name] = ability
    ABILITY_OF[card.id] = ability
    if cls.as_contract:
        CONTRACT_ABILITIES.add(cls.name)
    return cls


def lasting(g: Game, seat: int) -> list[Ability]:
    """The abilities working for ``seat`` now: its fulfilled contracts' (and ``as_contract`` ones')."""
    s = g.state
    out = []
    for c in s.players[seat].fulfilled:
        ability = ABILITY_OF[c]
        if ability is not None and not ability.as_contract:
            out.append(ability)
    if CONTRACT_ABILITIES:
        for sid in s.players[seat].ships:
            for c in s.ships[sid].contracts:
                ability = ABILITY_OF[c]
                if ability is not None and ability.as_contract:
                    out.append(ability)
    return out


def active_abilities(g: Game, seat: int, key: str) -> list[Ability]:
    if not g.state.abilities:
        return []
    return [a for a in lasting(g, seat) if key in a.modifies]


def declare_winner(g: Game, seat: int, card: int) -> None:
    """``seat`` wins the game at once through ``card`` (an instant win); the game is over."""
    from ..scoring import finish_game

    s = g.state
    s.end_reason, s.end_seat = "win", seat
    s.marks["win_card"] = card
    s.stack.clear()
    g.emit("instant_win", p=seat, c=card)
    finish_game(g)


def dispatch(g: Game, event: str, data: dict[str, Any]) -> None:
    """Offer an event to every lasting ability, holders in seat order from the active player."""
    if not g.state.abilities:
        return
    for seat in g.seat_order():
        for ability in lasting(g, seat):
            if event in ability.listens:
                getattr(ability, "on_" + event)(g, seat, data)
