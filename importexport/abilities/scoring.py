"""Abilities that add credits at the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import CARDS
from ..constants import BLACK, BLUE
from .registry import Ability, register

if TYPE_CHECKING:
    from ..engine import Game


@register
class AppleWatch(Ability):
    """At the end, 6 credits for every pair of one luxury and one consumer good you own."""

    name = "APPLE WATCH"

    def score(self, g: Game, seat: int) -> int:
        goods = [CARDS.goods[c] for c in g.state.players[seat].goods]
        return 6 * min(goods.count(BLUE), goods.count(BLACK))
