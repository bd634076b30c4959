"""Abilities that change which containers may be loaded (by the Load and the Pirate action)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..constants import YELLOW
from .registry import Ability, register

if TYPE_CHECKING:
    from ..engine import Game


@register
class Wheat(Ability):
    """Your yellow (agriculture) containers are wild: they fill a cargo slot of any colour."""

    name = "WHEAT"

    def modify_wild_container(self, g: Game, seat: int, value: bool, colour: int) -> bool:
        return value or colour == YELLOW
