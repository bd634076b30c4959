"""Abilities that answer what other players do, even outside their holder's turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action
from .registry import Ability, register

if TYPE_CHECKING:
    from ..engine import Game
    from ..flow import Frame


@register
class Chairs(Ability):
    """Whenever another player draws instead of leading or following, you may discard a card from your hand."""

    name = "CHAIRS"

    def on_draw(self, g: Game, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] != holder and g.state.players[holder].hand:
            self.ask(g, holder, "discard")

    def options_discard(self, g: Game, frame: Frame) -> list[Action]:
        seat = frame["p"]
        return [Action(seat, "no", (self.card,))] + [
            Action(seat, "choose", (self.card, c)) for c in g.state.players[seat].hand
        ]

    def answer_discard(self, g: Game, frame: Frame, action: Action) -> None:
        if action.kind == "choose":
            card = action.cards[1]
            g.state.players[action.player].hand.remove(card)
            g.state.discard.append(card)
            g.emit("discard_hand", p=action.player, c=card, why=self.name)
