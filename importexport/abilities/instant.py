"""Instant abilities: carried out once, the moment their contract is fulfilled."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..limits import enforce_limits
from ..rules import gain, pay_bank, transfer
from .registry import Ability, register

if TYPE_CHECKING:
    from ..engine import Game
    from ..flow import Frame


def pay_if_able(g: Game, payer: int, payee: int, amount: int, why: str) -> None:
    """A player who cannot pay the whole amount an ability asks for pays nothing."""
    if g.state.players[payer].credits >= amount:
        transfer(g, payer, payee, amount, why)


@register
class Almonds(Ability):
    """After the payout: 8 credits if you hold 18 or fewer, otherwise 4."""

    name = "ALMONDS"

    def on_fulfil(self, g: Game, seat: int, card: int, ship: int) -> None:
        gain(g, seat, 8 if g.state.players[seat].credits <= 18 else 4, self.name)


@register
class Flametorch(Ability):
    """Flip a coin (the game's seeded random source): heads, everyone pays you 4; tails, you pay everyone 2.

    A player who cannot pay the full amount pays nothing; on tails that means the holder pays
    nobody unless they can pay every other player.
    """

    name = "FLAMETORCH"

    def on_fulfil(self, g: Game, seat: int, card: int, ship: int) -> None:
        heads = g.rng_below(2) == 0
        g.emit("coin", p=seat, heads=heads)
        others = g.seat_order(seat)[1:]
        if heads:
            for other in others:
                pay_if_able(g, other, seat, 4, self.name)
        elif g.state.players[seat].credits >= 2 * len(others):  # unable to pay everyone: pays nobody
            for other in others:
                transfer(g, seat, other, 2, self.name)


@register
class Pirates(Ability):
    """Everybody else pays the bank 6 (or all they have); you take another turn after this one."""

    name = "PIRATES"

    def on_fulfil(self, g: Game, seat: int, card: int, ship: int) -> None:
        for other in g.seat_order(seat)[1:]:
            pay_bank(g, other, 6, self.name)
        g.state.extra_turns.append(seat)
        g.emit("extra_turn_owed", p=seat)


@register
class BirdFeed(Ability):
    """Each other player, in seat order, may buy the card for 6 credits; the first to accept gets it."""

    name = "BIRD FEED"

    def on_fulfil(self, g: Game, seat: int, card: int, ship: int) -> None:
        queue = [q for q in g.seat_order() if q != seat]
        self.ask(g, queue[0], "buy", owner=seat, queue=queue[1:])

    def options_buy(self, g: Game, frame: Frame) -> list[Action]:
        seat = frame["p"]
        yes = [Action(seat, "yes", (frame["c"],))] if g.state.players[seat].credits >= 6 else []
        return [*yes, Action(seat, "no", (frame["c"],))]

    def answer_buy(self, g: Game, frame: Frame, action: Action) -> None:
        s = g.state
        owner, buyer = frame["owner"], action.player
        if action.kind == "yes":
            transfer(g, buyer, owner, 6, self.name)
            s.players[owner].fulfilled.remove(frame["c"])
            s.players[buyer].fulfilled.append(frame["c"])
            g.emit("bought_contract", p=buyer, q=owner, c=frame["c"])
            enforce_limits(g, owner)
        elif frame["queue"]:
            self.ask(g, frame["queue"][0], "buy", owner=owner, queue=frame["queue"][1:])
