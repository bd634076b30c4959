"""Abilities that change how the game ends: the end conditions and instant wins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import CARDS
from ..constants import RED
from .registry import Ability, register

if TYPE_CHECKING:
    from ..engine import Game


@register
class CanOpeners(Ability):
    """Reaching 50 credits no longer ends the game for you."""

    name = "CAN OPENERS"

    def modify_triggers_credit_end(self, g: Game, seat: int, value: bool) -> bool:
        return False


@register
class MotherLoad(Ability):
    """Owning 8 illegal goods wins the game on the spot."""

    name = "MOTHER LOAD"

    def wins(self, g: Game, seat: int) -> bool:
        return sum(1 for c in g.state.players[seat].goods if CARDS.goods[c] == RED) >= 8
