"""Abilities a player may use whenever they are deciding, some straight from the hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import CARDS
from ..rules import cargo_size, fulfil, is_complete, level_deficit, max_cargo
from .registry import Ability, register

if TYPE_CHECKING:
    from ..engine import Game


@register
class Lutefisk(Ability):
    """From your hand, whenever you decide: place it as a contract on a ship in your harbour
    without a Contract action, if you meet its level requirement."""

    name = "LUTEFISK"

    def anytime_options(self, g: Game, seat: int, card: int) -> list[Action]:
        s = g.state
        if card not in s.players[seat].hand or level_deficit(g, seat, card):
            return []
        size = CARDS.cargo_size[card]
        return [
            Action(seat, "anytime", (card,), sid)
            for sid in s.players[seat].ships
            if not s.ships[sid].at_sea and cargo_size(g, s.ships[sid]) + size <= max_cargo(g, s.ships[sid])
        ]

    def anytime_apply(self, g: Game, action: Action) -> None:
        s = g.state
        card = action.cards[0]
        ship = s.ships[action.target]
        s.players[action.player].hand.remove(card)
        ship.contracts.append(card)
        ship.sides.append(0)
        g.emit("contract", p=action.player, c=card, s=ship.id, n=0, why=self.name)
        if ship.containers and is_complete(g, ship):
            fulfil(g, ship)
