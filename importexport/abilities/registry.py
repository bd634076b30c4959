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
    an instant ability, carried out once when the contract is fulfilled.
``score(g, seat) -> int``
    extra credits at the end of the game.
``wins(g, seat) -> bool``
    an instant win, checked after every step.
``anytime_options(g, seat, card) / anytime_apply(g, action)``
    free choices offered to the card's holder whenever that player decides (``anytime``).
``ask_options(g, frame) / ask_resolve(g, frame, action)``
    a question the ability put on the stack as ``{"k": "ask", "p": seat, "c": card, ...}``.

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
    card: int = -1
    instant: bool = False
    modifies: frozenset[str] = frozenset()
    listens: frozenset[str] = frozenset()

    def ask_options(self, g: Game, frame: Frame) -> list[Action]:
        raise NotImplementedError(f"{self.name} asks no questions")

    def ask_resolve(self, g: Game, frame: Frame, action: Action) -> None:
        raise NotImplementedError(f"{self.name} asks no questions")


REGISTRY: dict[str, Ability] = {}
ABILITY_OF: list[Ability | None] = [None] * len(CARDS)


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
    return cls


def lasting(g: Game, seat: int) -> list[Ability]:
    """The abilities working for ``seat`` now: those of its fulfilled, non-instant contracts."""
    out = []
    for c in g.state.players[seat].fulfilled:
        ability = ABILITY_OF[c]
        if ability is not None and not ability.instant:
            out.append(ability)
    return out


def active_abilities(g: Game, seat: int, key: str) -> list[Ability]:
    if not g.state.abilities:
        return []
    return [a for a in lasting(g, seat) if key in a.modifies]


def dispatch(g: Game, event: str, data: dict[str, Any]) -> None:
    """Offer an event to every lasting ability, holders in seat order from the active player."""
    if not g.state.abilities:
        return
    for seat in g.seat_order():
        for ability in lasting(g, seat):
            if event in ability.listens:
                getattr(ability, "on_" + event)(g, seat, data)
