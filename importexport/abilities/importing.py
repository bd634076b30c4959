"""Abilities that change the Import action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .registry import Ability, register

if TYPE_CHECKING:
    from ..engine import Game


@register
class Shampoo(Ability):
    """When you win an Import, you take three cards instead of two (if the ship has them)."""

    name = "SHAMPOO"

    def modify_import_take(self, g: Game, seat: int, value: int) -> int:
        return max(value, 3)
