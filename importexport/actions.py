"""A choice a player makes: a small immutable value with a text form that round-trips.

>>> a = Action(0, "play", (23,))
>>> str(a)
'p0 play c=23'
>>> Action.from_text(str(a)) == a
True

``kind`` says what the choice is; ``cards``, ``target`` and ``count`` carry its details:

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
           (``option``: the orientation of a J card)
load       Load: load the card onto ship ``target`` (further cards: loaded with it as one container)
pirate     Pirate: take the container ``cards`` and load it onto ship ``target`` (-1: discard);
           two cards: taken from ``option`` - 1 and ``count`` - 1 with two actions, loaded as one
ship       Import: bid for the cargo of ship ``target`` this round
bid        Import: a sealed bid of ``count`` credits
winner     Import: the active player breaks a tie in favour of seat ``target``
take       Import: take the card to crew (``target`` 0), goods (1) or the discard pile (2)
drop       discard an unfulfilled contract from ship ``target`` (active player, any time)
yes / no   answer an ability's question
choose     pick one of an ability's options (``cards``/``target``/``count`` as it says)
anytime    use the ability of card ``cards[0]`` now (details in ``target``/``option``)
colour     container tokens: the grey card ``cards[0]`` becomes a token of colour ``target``
========== ============================================================================
"""

from __future__ import annotations

from typing import NamedTuple

TAKE_CREW, TAKE_GOODS, TAKE_DISCARD = 0, 1, 2

KINDS = frozenset({
    "draw", "play", "wild", "declare", "sell", "crew", "contract", "load", "pirate", "trade", "ship", "bid",
    "winner", "take", "drop", "discard", "yes", "no", "choose", "anytime", "colour",
})
"""Every kind of choice (see the table above)."""


def _whole(value: object) -> bool:
    return type(value) is int  # (a bool or a float is no whole number here, even where it equals one)


class Action(NamedTuple):
    """One legal (or proposed) choice of one player."""

    player: int
    kind: str
    cards: tuple[int, ...] = ()
    target: int = -1
    count: int = 0
    option: int = 0

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
        return " ".join(parts)

    def shape_error(self) -> tuple[str, str] | None:
        """The first field whose value has the wrong type, with what it should be (None: all fit).

        ``player``, ``target``, ``count`` and ``option`` are whole numbers (``int``, not ``bool``
        or ``float``), ``kind`` one of :data:`KINDS` and ``cards`` a tuple of whole numbers.
        Returns ``(field, expected)``, ``expected`` being "whole", "kind" or "cards".
        """
        player, kind, cards, target, count, option = self
        if (type(player) is int and type(target) is int and type(count) is int and type(option) is int
                and type(cards) is tuple and type(kind) is str and kind in KINDS):  # the usual case, quickly
            for c in cards:
                if type(c) is not int:
                    break
            else:
                return None
        if not _whole(self.player):
            return "player", "whole"
        if not isinstance(self.kind, str) or self.kind not in KINDS:
            return "kind", "kind"
        if type(self.cards) is not tuple or not all(_whole(c) for c in self.cards):
            return "cards", "cards"
        for name in ("target", "count", "option"):
            if not _whole(getattr(self, name)):
                return name, "whole"
        return None

    def normalised(self) -> Action:
        """The same choice in the engine's canonical form: the two cards of a wild in id order
        (which card is named first does not matter)."""
        if self.kind == "wild" and len(self.cards) == 2 and self.cards[0] > self.cards[1]:
            return self._replace(cards=(self.cards[1], self.cards[0]))
        return self

    @classmethod
    def from_text(cls, text: str) -> Action:
        """Parse the form ``str()`` writes; a clear ``ValueError`` for anything else."""
        tokens = text.split()
        if len(tokens) < 2 or not tokens[0].startswith("p") or not tokens[0][1:].isdigit():
            raise ValueError(f"not an action: {text!r} (expected e.g. 'p0 play c=23')")
        cards: tuple[int, ...] = ()
        target, count, option = -1, 0, 0
        try:
            for token in tokens[2:]:
                key, _, value = token.partition("=")
                if key == "c":
                    cards = tuple(int(v) for v in value.split(","))
                elif key == "t":
                    target = int(value)
                elif key == "n":
                    count = int(value)
                elif key == "o":
                    option = int(value)
                else:
                    raise ValueError(token)
        except ValueError:
            raise ValueError(f"not an action: {text!r} (bad part {token!r})") from None
        return cls(int(tokens[0][1:]), tokens[1], cards, target, count, option)
