"""A choice a player makes: a small immutable value with a text form that round-trips.

>>> a = Action(0, "play", (23,))
>>> str(a)
'p0 play c=23'
>>> Action.from_text(str(a)) == a
True

Build actions with the named constructors (``Action.load(0, 23, ship=1)``,
``Action.pirate(0, 31, source=2, onto=DISCARD)``): they put each detail into the field that holds
it, so a caller never needs to know the layout.  ``kind`` says what the choice is; the other fields
carry its details, each field with one meaning per kind and none of them offset or shifted:

========== ============================================================================
kind       meaning
========== ============================================================================
draw       draw instead of leading or following
play       lead or follow with the card in ``cards`` (``target`` >= 0: played for that action
           instead of the one it shows or the led one, where Trade crew or an ability allows it)
wild       lead or follow with the two same-coloured ``cards``, standing for action ``target``
declare    declare ``count`` actions (the card's action plus crew)
sell       Supply: sell the card to the Supply Island
crew       Supply: take the Supply Island card into your crew
contract   Contract: place the card under ship ``target``, using ``count`` actions
           (``option``: the side of a card with two cargo sides, 0 or 1)
load       Load: load the card onto ship ``target`` (further cards: loaded with it as one
           container); ``colour``: the colour a J card is loaded as
pirate     Pirate: take the container ``cards`` from the places ``sources`` (one per card) and put
           it on ship ``target`` or in one of the places :data:`DISCARD`, :data:`TO_GOODS`;
           ``colour``: the colour a J card from the Supply Island is loaded as; no card and one
           source: a card taken unseen from that place (an ability's), put where it then says
ship       Import: bid for the cargo of ship ``target`` this round
bid        Import: a sealed bid of ``count`` credits
winner     Import: the active player breaks a tie in favour of seat ``target``
take       Import: take the card to crew (``target`` 0), goods (1) or the discard pile (2)
drop       discard an unfulfilled contract from ship ``target`` (active player, any time)
yes / no   answer an ability's question
choose     pick one of an ability's options: the ability's card first in ``cards``, then the
           cards picked; ``target``/``count``/``option`` as the ability's own docstring says
anytime    use the ability of card ``cards[0]``; the rest is the choice it wraps
colour     container tokens: the grey card ``cards[0]`` becomes a token of ``colour``
========== ============================================================================

Places a card is taken from or put into, besides ships (whose ids are 0 and up): :data:`ISLAND`,
:data:`DECK`, :func:`hand_of`, :data:`DISCARD`, :data:`TO_GOODS`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import NamedTuple

from ..boundary import FieldReader, read_choice, read_number, read_numbers
from .constants import COLOURS

EXAMPLE = "'p0 play c=23'"
"""A choice's text form, as a refusal of a text that is no choice shows it."""

TAKE_CREW, TAKE_GOODS, TAKE_DISCARD = 0, 1, 2

# Places besides ships (ships are 0 and up).  Where a pirated card comes from:
ISLAND = -1
"""The Supply Island."""
DECK = -2
"""The top of the deck (an ability's place)."""
# ... and where it goes:
DISCARD = -1
"""The discard pile."""
TO_GOODS = -2
"""The pirate's own goods (an ability's place)."""


def hand_of(seat: int) -> int:
    """The place "``seat``'s hand" (an ability lets a pirate take a card from it unseen)."""
    return -3 - seat


def hand_owner(place: int) -> int | None:
    """The seat whose hand ``place`` is (None: another place)."""
    return -3 - place if place <= -3 else None


KINDS = frozenset({
    "draw", "play", "wild", "declare", "sell", "crew", "contract", "load", "pirate", "trade", "ship", "bid",
    "winner", "take", "drop", "discard", "yes", "no", "choose", "anytime", "colour",
})
"""Every kind of choice (see the table above)."""


def _read_colour(value: str, text: str, example: str, part: str) -> int:
    """A colour by its name (``colour=red``) or its number."""
    return COLOURS.index(value) if value in COLOURS else read_number(value, text, example, part)


TEXT_FIELDS: dict[str, tuple[str, FieldReader]] = {
    "c": ("cards", read_numbers), "t": ("target", read_number), "n": ("count", read_number),
    "o": ("option", read_number), "colour": ("colour", _read_colour), "from": ("sources", read_numbers),
}
"""Each key of a choice's text form: the field it fills and how it is read."""


def _whole(value: object) -> bool:
    return type(value) is int  # (a bool or a float is no whole number here, even where it equals one)


def _whole_tuple(value: object) -> bool:
    return type(value) is tuple and all(type(v) is int for v in value)


class Action(NamedTuple):
    """One legal (or proposed) choice of one player."""

    player: int
    kind: str
    cards: tuple[int, ...] = ()
    target: int = -1
    count: int = 0
    option: int = 0
    colour: int | None = None
    sources: tuple[int, ...] = ()

    # --- named constructors ---------------------------------------------------------------

    @classmethod
    def draw(cls, seat: int) -> Action:
        """Draw a card instead of leading or following."""
        return cls(seat, "draw")

    @classmethod
    def play(cls, seat: int, card: int, as_action: int | None = None) -> Action:
        """Lead or follow with ``card`` (``as_action``: for that action instead, where allowed)."""
        return cls(seat, "play", (card,), -1 if as_action is None else as_action)

    @classmethod
    def wild(cls, seat: int, first: int, second: int, action: int) -> Action:
        """Lead or follow with two same-coloured cards standing for ``action``."""
        return cls(seat, "wild", (first, second), action).normalised()

    @classmethod
    def declare(cls, seat: int, actions: int) -> Action:
        """Declare how many actions (the card's own plus crew) to take."""
        return cls(seat, "declare", count=actions)

    @classmethod
    def sell(cls, seat: int, card: int) -> Action:
        """Supply: sell a hand card to the Supply Island."""
        return cls(seat, "sell", (card,))

    @classmethod
    def crew(cls, seat: int, card: int) -> Action:
        """Supply: take a Supply Island card into the crew."""
        return cls(seat, "crew", (card,))

    @classmethod
    def contract(cls, seat: int, card: int, ship: int, actions: int = 1, side: int = 0) -> Action:
        """Contract: place ``card`` under ``ship`` using ``actions`` actions (``side`` 1: a card's
        second cargo side)."""
        return cls(seat, "contract", (card,), ship, actions, side)

    @classmethod
    def load(cls, seat: int, cards: int | Iterable[int], ship: int, colour: int | None = None) -> Action:
        """Load: put a card (or several loaded as one container) onto ``ship``; ``colour`` for a J card."""
        return cls(seat, "load", _cards(cards), ship, colour=colour)

    @classmethod
    def pirate(cls, seat: int, cards: int | Iterable[int], source: int | Iterable[int],
               onto: int = DISCARD, colour: int | None = None) -> Action:
        """Pirate: take the container ``cards`` from ``source`` (a ship id or :data:`ISLAND`; one
        per card) and put it onto own ship ``onto``, on the :data:`DISCARD` pile or
        :data:`TO_GOODS`; ``colour``: the colour a J card from the island is loaded as."""
        return cls(seat, "pirate", _cards(cards), onto, colour=colour, sources=_cards(source))

    @classmethod
    def pirate_unseen(cls, seat: int, place: int) -> Action:
        """Pirate a card unseen from an ability's ``place`` (:data:`DECK` or :func:`hand_of`)."""
        return cls(seat, "pirate", sources=(place,))

    @classmethod
    def trade(cls, seat: int, hand_card: int, island_card: int) -> Action:
        """Trade: swap a hand card with a Supply Island card."""
        return cls(seat, "trade", (hand_card, island_card))

    @classmethod
    def bid_for(cls, seat: int, ship: int) -> Action:
        """Import: bid for the cargo of ``ship`` this round."""
        return cls(seat, "ship", target=ship)

    @classmethod
    def bid(cls, seat: int, credits: int) -> Action:
        """Import: a sealed bid of ``credits``."""
        return cls(seat, "bid", count=credits)

    @classmethod
    def winner(cls, seat: int, winner: int) -> Action:
        """Import: the active player breaks a tie in favour of ``winner``."""
        return cls(seat, "winner", target=winner)

    @classmethod
    def take(cls, seat: int, card: int, to: int) -> Action:
        """Import: take ``card`` to :data:`TAKE_CREW`, :data:`TAKE_GOODS` or :data:`TAKE_DISCARD`."""
        return cls(seat, "take", (card,), to)

    @classmethod
    def drop(cls, seat: int, ship: int) -> Action:
        """Discard an unfulfilled contract from ``ship``."""
        return cls(seat, "drop", target=ship)

    @classmethod
    def yes(cls, seat: int, card: int | None = None) -> Action:
        """Answer an ability's question (of ``card``) with yes."""
        return cls(seat, "yes", () if card is None else (card,))

    @classmethod
    def no(cls, seat: int, card: int | None = None) -> Action:
        """Answer an ability's question (of ``card``) with no, or stop."""
        return cls(seat, "no", () if card is None else (card,))

    @classmethod
    def choose(cls, seat: int, card: int, *picked: int, target: int = -1, count: int = 0,
               option: int = 0) -> Action:
        """Pick one of the options of ``card``'s ability: cards ``picked`` and the ability's own
        ``target``/``count``/``option`` (see the ability's docstring)."""
        return cls(seat, "choose", (card, *picked), target, count, option)

    @classmethod
    def anytime(cls, card: int, inner: Action) -> Action:
        """Use ``card``'s ability now, in the way the choice ``inner`` describes."""
        return inner._replace(kind="anytime", cards=(card, *inner.cards))

    def unwrap(self, kind: str) -> Action:
        """The choice an ``anytime`` action wraps, as a choice of ``kind``."""
        return self._replace(kind=kind, cards=self.cards[1:])

    @classmethod
    def token_colour(cls, seat: int, card: int, colour: int) -> Action:
        """Container tokens: the grey ``card`` becomes a token of ``colour``."""
        return cls(seat, "colour", (card,), colour=colour)

    # --- text form ------------------------------------------------------------------------

    def __str__(self) -> str:
        parts = [f"p{self.player}", self.kind]
        if self.cards:
            parts.append("c=" + ",".join(map(str, self.cards)))
        if self.target != -1:
            parts.append(f"t={self.target}")
        if self.count:
            parts.append(f"n={self.count}")
        if self.option:
            parts.append(f"o={self.option}")
        if self.colour is not None:
            name = COLOURS[self.colour] if 0 <= self.colour < len(COLOURS) else str(self.colour)
            parts.append(f"colour={name}")
        if self.sources:
            parts.append("from=" + ",".join(map(str, self.sources)))
        return " ".join(parts)

    def shape_error(self) -> tuple[str, str] | None:
        """The first field whose value has the wrong type, with what it should be (None: all fit).

        ``player``, ``target``, ``count`` and ``option`` are whole numbers (``int``, not ``bool``
        or ``float``), ``kind`` one of :data:`KINDS`, ``cards`` and ``sources`` tuples of whole
        numbers and ``colour`` None or a whole number.  Returns ``(field, expected)``,
        ``expected`` being "whole", "kind", "cards", "places" or "colour".
        """
        player, kind, cards, target, count, option, colour, sources = self
        if (type(player) is int and type(target) is int and type(count) is int and type(option) is int
                and type(cards) is tuple and type(kind) is str and kind in KINDS
                and (colour is None or type(colour) is int) and type(sources) is tuple):  # the usual case
            for c in cards:
                if type(c) is not int:
                    break
            else:
                if not sources or _whole_tuple(sources):
                    return None
        if not _whole(player):
            return "player", "whole"
        if not isinstance(kind, str) or kind not in KINDS:
            return "kind", "kind"
        if not _whole_tuple(cards):
            return "cards", "cards"
        for name in ("target", "count", "option"):
            if not _whole(getattr(self, name)):
                return name, "whole"
        if colour is not None and not _whole(colour):
            return "colour", "colour"
        if not _whole_tuple(sources):
            return "sources", "places"
        return None

    def unused_field(self, used: Collection[str]) -> str | None:
        """The first detail field (``cards`` onwards) not in ``used`` that is set (None: none is)."""
        return next((f for f, default in DETAIL_DEFAULTS.items() if f not in used and getattr(self, f) != default), None)

    def normalised(self) -> Action:
        """The same choice in the engine's canonical form: the two cards of a wild in id order
        (which card is named first does not matter)."""
        if self.kind == "wild" and len(self.cards) == 2 and self.cards[0] > self.cards[1]:
            return self._replace(cards=(self.cards[1], self.cards[0]))
        return self

    @classmethod
    def from_text(cls, text: str) -> Action:
        """Parse the form ``str()`` writes; anything else raises :class:`~importexport.errors.IllegalActionError`
        (a ``ValueError``, rule ``not_an_action``) naming the part that is wrong."""
        player, kind, fields = read_choice(text, EXAMPLE, KINDS, TEXT_FIELDS)
        return cls(player, kind, **fields)  # type: ignore[arg-type]


DETAIL_DEFAULTS = dict(zip(Action._fields[2:], Action._field_defaults.values(), strict=True))
"""Every field after ``player`` and ``kind``, with the value it has when a choice does not use it."""


def _cards(cards: int | Iterable[int]) -> tuple[int, ...]:
    return (cards,) if isinstance(cards, int) else tuple(cards)


def from_v1(text: str) -> str:
    """A version-1 save file's action text in today's form: its Load and Pirate actions kept a
    J card's colour and the pirate's source places shifted by one in ``o``/``n``."""
    a = Action.from_text(text)
    if a.kind == "load" and a.option:
        a = a._replace(option=0, colour=a.option - 1)
    elif a.kind == "pirate":
        if len(a.cards) > 1:
            a = a._replace(option=0, count=0, sources=(a.option - 1, a.count - 1))
        else:
            colour = a.count - 1 if a.count else None
            a = a._replace(option=0, count=0, colour=colour, sources=(a.option - 1,))
    elif a.kind == "colour":
        a = a._replace(target=-1, colour=a.target)
    return str(a)
