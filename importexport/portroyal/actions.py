"""A Port Royal choice: a small immutable value with a text form that round-trips.

>>> a = Action(1, "take", card=12)
>>> str(a)
'p1 take c=12'
>>> Action.from_text(str(a)) == a
True

========== ============================================================================
kind       meaning
========== ============================================================================
discover   phase 1: turn over the next card
stop       phase 1: stop turning cards (after at least one)
repel      drive off the ship just turned (swords enough)
land       let the ship just turned stay in the harbour
take       phase 2: take ``card`` from the harbour (a ship is traded, a person hired)
pay        phase 2, active player, instead of a take: pay the coins of contract ``target``
pass       take no (more) cards this turn
expedition fulfil expedition ``card`` by giving up the persons ``cards``
contract   put a cube on contract ``target`` (its condition holds, or its event just happened)
decline    let an event's chance at contract ``target`` go by
give       cooperative play: give 1 coin to seat ``target``
end        cooperative or solo play: the team declares the game over
========== ============================================================================
"""

from __future__ import annotations

from typing import NamedTuple

from ..boundary import FieldReader, read_choice, read_number, read_numbers

KINDS: tuple[str, ...] = (
    "discover", "stop", "repel", "land", "take", "pay", "pass", "expedition", "contract", "decline", "give", "end",
)
EXAMPLE = "'p1 take c=12'"
"""A choice's text form, as a refusal of a text that is no choice shows it."""
TEXT_FIELDS: dict[str, tuple[str, FieldReader]] = {
    "c": ("card", read_number), "t": ("target", read_number), "with": ("cards", read_numbers),
}
"""Each key of a choice's text form: the field it fills and how it is read."""


class Action(NamedTuple):
    """One choice of seat ``player``; ``card``/``target``/``cards`` as the kind's row above says."""

    player: int
    kind: str
    card: int = -1
    target: int = -1
    cards: tuple[int, ...] = ()

    def __str__(self) -> str:
        out = f"p{self.player} {self.kind}"
        if self.card >= 0:
            out += f" c={self.card}"
        if self.target >= 0:
            out += f" t={self.target}"
        if self.cards:
            out += " with=" + ",".join(map(str, self.cards))
        return out

    @classmethod
    def from_text(cls, text: str) -> Action:
        """Parse the form ``str()`` gives; anything else raises :class:`~importexport.errors.IllegalActionError`
        (a ``ValueError``, rule ``not_an_action``) naming the part that is wrong."""
        player, kind, fields = read_choice(text, EXAMPLE, KINDS, TEXT_FIELDS)
        return cls(player, kind, **fields)  # type: ignore[arg-type]

    def shape_error(self) -> tuple[str, str] | None:
        """The first field whose type is wrong, with what it should be (None: all fit): ``player``,
        ``card`` and ``target`` are whole numbers (``int``, not ``bool``), ``kind`` one of
        :data:`KINDS`, ``cards`` a tuple of whole numbers."""
        if type(self.player) is not int:  # (not isinstance: True is no seat)
            return "player", "whole"
        if type(self.kind) is not str or self.kind not in KINDS:
            return "kind", "kind"
        if type(self.card) is not int:
            return "card", "whole"
        if type(self.target) is not int:
            return "target", "whole"
        if type(self.cards) is not tuple or any(type(c) is not int for c in self.cards):
            return "cards", "cards"
        return None

    def normalised(self) -> Action:
        """The choice in the referee's normal form: every choice has one form already."""
        return self
