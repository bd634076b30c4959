"""Abilities that change the Import action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .registry import Ability, register

if TYPE_CHECKING:
    from ..context import RulesContext


@register
class Shampoo(Ability):
    """When you win an Import, you take three cards instead of two (if the ship has them)."""

    name = "SHAMPOO"
    reread = "The third card is optional; the usual two stay compulsory and at most one goes to the crew."

    def modify_import_take(self, g: RulesContext, seat: int, value: int) -> int:
        return max(value, 3)


@register
class DarkFlight(Ability):
    """You may choose the Supply Island as the cargo of an Import round you choose for; the winning
    bid of that round is paid to you instead of the bank, and if you win you pay nothing.

    Ruling: the player who picks the cargo (the active player, or you in a free Import) must hold
    this card to pick the island; the winner takes its cards as from a ship (two, crew or goods);
    no ship owner is compensated.
    """

    name = "DARK FLIGHT"
    reread = (
        "Only a chooser holding it may pick the island; the winner "
        "takes two cards as from a ship and nobody is compensated."
    )

    def modify_import_island(self, g: RulesContext, seat: int, value: bool) -> bool:
        return True
