"""Every Port Royal card as one flat record the engine reads quickly.

The base deck (ids 0-119, ``deck.py``) and the expansion's additions (ids 120 and up: the new
persons, then the ships marked A, ``expansion.py``) are joined into one :class:`CardTable`.  A game
without the expansion uses the first 120 ids only.

>>> CARDS[0].kind, CARDS[0].colour, CARDS.base_size, len(CARDS)
('ship', 'yellow', 120, 137)
"""

from __future__ import annotations

from dataclasses import dataclass

from .deck import Deck, load_deck
from .expansion import Expansion, load_expansion

NEVER = 99
"""The swords "needed" to repel a ship that cannot be repelled."""
COLOURS: tuple[str, ...] = ("yellow", "blue", "green", "red", "black")


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One physical card; fields that do not apply to its kind are 0, ``""`` or empty."""

    id: int
    kind: str
    """``ship``, ``person``, ``tax`` or ``expedition``."""
    colour: str = ""
    """A ship's colour; a Trader's or Clerk's ship colour."""
    repel: int = 0
    """A ship: the swords that repel it (:data:`NEVER` for none)."""
    coins: int = 0
    """A ship: the coins trading it gives; an expedition: the coins fulfilling it gives."""
    a_ship: bool = False
    """A ship marked A (expansion): every other player gets 1 coin when it is traded."""
    person: str = ""
    """A person's kind (``trader``, ``sailor``, ..., ``clerk``, ``gunner``, ``vice_admiral``)."""
    cost: int = 0
    points: int = 0
    """Influence points of a person or an expedition."""
    swords: int = 0
    """A person's swords (Sailor 1, Pirate 2)."""
    symbol: str = ""
    """A person's expedition symbol (``anchor``, ``cross``, ``house``; ``any`` for the Jack of all trades)."""
    tax: str = ""
    """A tax increase: who gets the coin afterwards (``most_swords`` or ``fewest_points``)."""
    needs: tuple[str, ...] = ()
    """An expedition: the symbols it needs, one person each."""
    expansion: bool = False


class CardTable(tuple[CardInfo, ...]):
    """The cards by id (a tuple: ``CARDS[id]``), plus the ids of the base deck and of the expansion's
    additions."""

    deck: Deck
    expansion: Expansion
    base_size: int

    def __new__(cls, deck: Deck, expansion: Expansion) -> CardTable:
        cards: list[CardInfo] = []
        for card in deck.cards:
            spec = card.spec
            if card.kind == "ship":
                repel = NEVER if spec.swords == "never" else int(spec.swords)  # type: ignore[union-attr]
                cards.append(CardInfo(card.id, "ship", spec.colour, repel, spec.coins))  # type: ignore[union-attr]
            elif card.kind == "person":
                symbol = "any" if spec.any_symbol else (spec.symbol or "")  # type: ignore[union-attr]
                cards.append(CardInfo(
                    card.id, "person", spec.colour or "", person=spec.kind, cost=spec.cost,  # type: ignore[union-attr]
                    points=spec.points, swords=spec.swords or 0, symbol=symbol,  # type: ignore[union-attr]
                ))
            elif card.kind == "tax":
                cards.append(CardInfo(card.id, "tax", tax=spec.which))  # type: ignore[union-attr]
            else:
                cards.append(CardInfo(
                    card.id, "expedition", coins=spec.coins, points=spec.points,  # type: ignore[union-attr]
                    needs=tuple(spec.needs),  # type: ignore[union-attr]
                ))
        base_size = len(cards)
        for person in expansion.persons:
            for _ in range(person.count):
                cards.append(CardInfo(
                    len(cards), "person", person.colour or "", person=person.kind, cost=person.cost,
                    points=person.points, expansion=True,
                ))
        for ship in expansion.a_ships:
            for _ in range(ship.count):
                cards.append(CardInfo(len(cards), "ship", ship.colour, ship.swords, ship.coins, True, expansion=True))
        table = super().__new__(cls, cards)
        table.deck, table.expansion, table.base_size = deck, expansion, base_size
        return table

    @property
    def cards(self) -> tuple[CardInfo, ...]:
        return tuple(self)

    def ids(self, expansion: bool) -> list[int]:
        """The ids of a game's deck: the base cards, plus the expansion's when it is played."""
        return list(range(len(self) if expansion else self.base_size))


CARDS = CardTable(load_deck(), load_expansion())
"""The cards of the base game and the expansion, loaded and validated once."""

# Per card id, one figure each: quick lookups for the rules and bots that ask at every decision.
KIND: tuple[str, ...] = tuple(c.kind for c in CARDS)
COLOUR: tuple[str, ...] = tuple(c.colour for c in CARDS)
REPEL: tuple[int, ...] = tuple(c.repel for c in CARDS)
COINS: tuple[int, ...] = tuple(c.coins for c in CARDS)
A_SHIP: tuple[bool, ...] = tuple(c.a_ship for c in CARDS)
PERSON: tuple[str, ...] = tuple(c.person for c in CARDS)
COST: tuple[int, ...] = tuple(c.cost for c in CARDS)
POINTS: tuple[int, ...] = tuple(c.points for c in CARDS)
SWORDS: tuple[int, ...] = tuple(c.swords for c in CARDS)
SYMBOL: tuple[str, ...] = tuple(c.symbol for c in CARDS)
TAX: tuple[str, ...] = tuple(c.tax for c in CARDS)
NEEDS: tuple[tuple[str, ...], ...] = tuple(c.needs for c in CARDS)
