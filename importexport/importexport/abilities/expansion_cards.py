"""Expansion cards whose abilities need their module: Capital cards that put themselves on a ship
as a rainbow container (AUTOMATION, GPS, CONTAINER FACTORY) and Tokyo cards that work with the
Tokyo harbour (RAMEN, SQUID JERKY, TOTO TOILETS).

A grey Capital card standing on a ship is a wild container: it fills any open cargo slot
(``rules._matched``).  No Load or Pirate action ever moves a grey card, so these abilities load
it themselves with ``load_by_ability(..., GREY)`` (a loading the abilities hear).  With the
module "tokyo" the Supply Island (``state.island``) is the Tokyo harbour; a card lies in the
column of its level requirement (``CARDS.column``), column 0 being the one whose contracts cost
2 credits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..cards import CARDS
from ..constants import GREY, YELLOW
from ..flow import automatic
from ..limits import enforce_limits, room_after_leaving
from ..rules import (
    add_good,
    can_take_container,
    harbour_ships,
    put_crew,
    remove_container,
    ship_home,
)
from .exchanges import container_off, leave_fulfilled, load_by_ability
from .registry import Ability, forget, register

if TYPE_CHECKING:
    from ..context import RulesContext
    from ..describe import Wording
    from ..flow import Frame
    from ..state import Ship

COLUMN_OF = CARDS.column
TOKYO = "tokyo"


# --- Capital: cards that load themselves as rainbow containers ------------------------------

def rainbow_ships(g: RulesContext, seat: int) -> list[Ship]:
    """``seat``'s ships in harbour (not about to sail) with a contract a wild container can still help fill."""
    return [x for x in harbour_ships(g, seat) if can_take_container(g, x, GREY)]


def load_rainbow(g: RulesContext, seat: int, card: int, ship: int, why: str) -> None:
    """Move ``card`` from ``seat``'s fulfilled contracts onto ``ship`` as a wild (grey) container."""
    leave_fulfilled(g, seat, card)
    g.emit("ex_load", p=seat, c=card, s=ship, why=why)
    load_by_ability(g, seat, g.state.ships[ship], card, GREY)


def discard_fulfilled(g: RulesContext, seat: int, card: int) -> None:
    """``card`` leaves ``seat``'s fulfilled contracts for the discard pile."""
    if leave_fulfilled(g, seat, card):
        g.state.discard.append(card)
        g.emit("contract_discarded", p=seat, c=card)
        enforce_limits(g, seat)


class RainbowSelfLoader(Ability):
    """Shared: when fulfilled, the card goes onto one of your suitable harbour ships as a rainbow
    container (you pick the ship); with no suitable ship it is discarded."""

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        if rainbow_ships(g, seat):
            self.ask(g, seat, "ship", me=card)
        else:
            discard_fulfilled(g, seat, card)

    def options_ship(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat, me = frame["seat"], frame["me"]
        if me not in g.state.players[seat].fulfilled:
            return []
        return [Action(seat, "choose", (self.card, me), x.id) for x in rainbow_ships(g, seat)]

    def describe_ship(self, g: RulesContext, action: Action) -> Wording:
        return "self_to_ship", {"s": action.target}

    def answer_ship(self, g: RulesContext, frame: Frame, action: Action) -> None:
        load_rainbow(g, action.player, frame["me"], action.target, self.name)
        enforce_limits(g, action.player)  # one fulfilled contract fewer: the limits may have dropped


@register
class Automation(RainbowSelfLoader):
    """Goes onto one of your harbour ships with a contract as a rainbow container (discarded if none
    can take it); each time its ship's contracts are fulfilled it moves on to another such ship of
    yours, and only when there is none does it sail with its ship.

    Ruling: a "suitable" ship is one of your ships in harbour, not one about to sail, whose
    contracts still have an open slot (a rainbow container fits any).  Moving on is not optional,
    and you pick the ship when several qualify.  It counts towards the payout of the ship it
    leaves (it was aboard at the fulfilment); if it completes the next ship, that ship is fulfilled
    at once and it moves on again.
    """

    name = "AUTOMATION"
    reread = ("Moving on is compulsory (you pick among suitable harbour ships); it counts for the payout of the ship it "
              "leaves; a copy through WIND TURBINES moves that card on the same way (fixed).")

    def on_container_fulfilled(self, g: RulesContext, seat: int, card: int, ship: int, contracts: list[int]) -> None:
        if rainbow_ships(g, seat):
            self.ask(g, seat, "move", me=card, src=ship)

    def options_move(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat, me = frame["seat"], frame["me"]
        src = g.state.ships[frame["src"]]
        if src.at_sea or me not in src.containers:
            return []
        return [Action(seat, "choose", (self.card, me), x.id) for x in rainbow_ships(g, seat)]

    def describe_move(self, g: RulesContext, action: Action) -> Wording:
        return "self_to_ship", {"s": action.target}

    def answer_move(self, g: RulesContext, frame: Frame, action: Action) -> None:
        me, src = frame["me"], g.state.ships[frame["src"]]
        remove_container(g, src, me)
        g.emit("moves_on", c=me, s=action.target)
        container_off(g, action.player, src, me)
        load_by_ability(g, action.player, g.state.ships[action.target], me, GREY)


def _gps_home(g: RulesContext, fr: Frame) -> None:
    """GPS is the only container left on a ship at sea: GPS is discarded and the ship comes home."""
    s = g.state
    ship = s.ships[fr["ship"]]
    card = fr["card"]
    if not (ship.at_sea and ship.containers == [card]):
        return
    s.stack[:] = [f for f in s.stack if not (f["kind"] == "take" and f["ship"] == ship.id)]  # an Import stops here
    g.emit("last_container_discarded", c=card, s=ship.id)
    ship_home(g, ship, CARDS.names[card])  # the ship's containers (GPS alone) go to the discard pile


automatic("gps_home", _gps_home)


@register
class Gps(RainbowSelfLoader):
    """Goes onto one of your harbour ships with a contract as a rainbow container (discarded if none
    can take it); once that ship is at sea and GPS is the last container aboard, GPS is discarded
    and the ship returns to your harbour.

    Ruling: checked when the ship sails and whenever a container leaves a ship at sea (Pirate,
    Import, or an ability taking it, such as FAKE MONEY), right after that step; so a ship that
    sails with GPS alone comes straight back, and an Import winner who takes the other last
    container first gets no second card from that ship (GPS itself may be taken while other
    containers are still aboard).
    """

    name = "GPS"
    reread = ("Checked whenever its ship sails or loses a container at sea (to an ability too, fixed); a GPS "
              "left alone is discarded and the ship returns.")

    def _check(self, g: RulesContext, sid: int) -> None:
        if sid >= 0:
            ship = g.state.ships[sid]
            if ship.at_sea and ship.containers == [self.card]:
                g.state.stack.append({"kind": "gps_home", "ship": sid, "card": self.card})

    def watch_sail(self, g: RulesContext, data: dict[str, Any]) -> None:
        self._check(g, data["ship"])

    def watch_pirate(self, g: RulesContext, data: dict[str, Any]) -> None:
        self._check(g, data["source"])

    def watch_imported(self, g: RulesContext, data: dict[str, Any]) -> None:
        self._check(g, data["ship"])

    def watch_container_off(self, g: RulesContext, data: dict[str, Any]) -> None:
        self._check(g, data["ship"])


FACTORY_CREW, FACTORY_GOODS, FACTORY_HAND = -1, -2, -3


@register
class ContainerFactory(Ability):
    """You choose where this card goes: your crew, your goods, your hand, onto one of your harbour
    ships as a rainbow container, or it stays among your fulfilled contracts ("no").

    Ruling: crew and goods are offered only with room for it, judged as it will be once the card
    has left the fulfilled contracts; a ship must have a contract with an open slot, and the ship
    that has just fulfilled it is about to sail and is no choice.
    """

    name = "CONTAINER FACTORY"
    reread = "Your choice of place, staying put included; crew and goods only with room once it has left."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.ask(g, seat, "place", me=card)

    def options_place(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat, me = frame["seat"], frame["me"]
        p = g.state.players[seat]
        if me not in p.fulfilled:
            return []
        crew, goods = room_after_leaving(g, seat, me)  # judged as it will be once the card has left
        places = [FACTORY_CREW] * crew + [FACTORY_GOODS] * goods + [FACTORY_HAND]
        places += [x.id for x in rainbow_ships(g, seat)]
        return [Action(seat, "no", (self.card,))] + [Action(seat, "choose", (self.card, me), t) for t in places]

    def describe_place(self, g: RulesContext, action: Action) -> Wording:
        if action.kind == "no":
            return "keep_fulfilled", {}
        if action.target >= 0:
            return "self_to_ship", {"s": action.target}
        return {FACTORY_CREW: "self_to_crew", FACTORY_GOODS: "self_to_goods"}.get(action.target, "self_to_hand"), {}

    def answer_place(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind == "no":
            return
        seat, me, where = action.player, frame["me"], action.target
        p = g.state.players[seat]
        if where >= 0:
            load_rainbow(g, seat, me, where, self.name)
        else:
            leave_fulfilled(g, seat, me)
            if where == FACTORY_CREW:
                put_crew(g, seat, me)  # (variant 2 of the container tokens: a token joins instead)
                g.emit("to_crew", p=seat, c=me, why=self.name)
            elif where == FACTORY_GOODS:
                g.emit("to_goods", p=seat, c=me, why=self.name)
                add_good(g, seat, me)
            else:
                p.hand.append(me)
                g.emit("to_hand", p=seat, c=me, why=self.name)
        enforce_limits(g, seat)


# --- Tokyo: cards that work with the Tokyo harbour -----------------------------------------

@register
class Ramen(Ability):
    """While you hold it, every agriculture (yellow) card in the Tokyo harbour moves into your goods:
    those lying there when it is fulfilled and each one that arrives later.

    Ruling: the card has no instant symbol, so the effect is lasting and takes each yellow card the
    moment it reaches the harbour (sold, traded, refilled from the deck; cards other abilities put
    there at the latest when the next turn starts).  Cards in the Tokyo harbour keep their printed
    colour (a Capital card takes a type only among a player's goods, ruling 18f).  The goods limit
    applies as usual: over it you discard goods of your choice.  Without the Tokyo module there is
    no Tokyo harbour and it does nothing.
    """

    name = "RAMEN"
    reread = ("Lasting: takes every agriculture card reaching the Tokyo harbour; a grey Capital card there "
              "keeps its printed colour and is not taken.")

    def sweep(self, g: RulesContext, seat: int) -> None:
        s = g.state
        if TOKYO not in s.modules:
            return
        found = [c for c in s.island if CARDS.goods[c] == YELLOW]
        if not found:
            return
        for c in found:
            s.island.remove(c)
            g.emit("ex_island_to_goods", p=seat, c=c, why=self.name)
            add_good(g, seat, c)
        enforce_limits(g, seat)

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.sweep(g, seat)

    def on_island(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        self.sweep(g, holder)

    def on_turn_start(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        self.sweep(g, holder)


@register
class SquidJerky(Ability):
    """This card goes into the Tokyo harbour and you take another card of the harbour's 2-credit
    column (level 0) into your fulfilled contracts in its place; with no other card there it stays.

    Ruling: you choose the card when there are several; the card taken was not fulfilled, so its
    instant ability does not run, but any lasting ability works from now on as for every fulfilled
    contract.  Without the Tokyo module there is no Tokyo harbour and the card simply stays.
    """

    name = "SQUID JERKY"
    reread = "The swap is compulsory when another 2-credit card lies there (you pick); the new card's instant does not run."

    def column(self, g: RulesContext, me: int) -> list[int]:
        return [c for c in g.state.island if COLUMN_OF[c] == 0 and c != me]

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        if TOKYO in g.state.modules and self.column(g, card):
            self.ask(g, seat, "swap", me=card)

    def options_swap(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat, me = frame["seat"], frame["me"]
        if me not in g.state.players[seat].fulfilled:
            return []
        return [Action(seat, "choose", (self.card, c)) for c in self.column(g, me)]

    def describe_swap(self, g: RulesContext, action: Action) -> Wording:
        return "island_for_fulfilled", {}

    def answer_swap(self, g: RulesContext, frame: Frame, action: Action) -> None:
        s = g.state
        seat, me, other = action.player, frame["me"], action.cards[1]
        fulfilled = s.players[seat].fulfilled
        s.island.remove(other)
        fulfilled[fulfilled.index(me)] = other
        forget(g)
        s.island.append(me)
        g.emit("fulfilled_swap", p=seat, c=me, d=other, why=self.name)
        g.notify("island", seat=seat, card=me)
        enforce_limits(g, seat)


@register
class TotoToilets(Ability):
    """Placing a contract from the Tokyo harbour with a Contract action costs you no credits.

    Ruling: only the column's credits are waived; the level requirement still applies (extra
    Contract actions may skip missing levels as usual).
    """

    name = "TOTO TOILETS"
    reread = "Only the column's credits are waived; the level requirement still applies."

    def modify_tokyo_cost(self, g: RulesContext, seat: int, value: int, card: int) -> int:
        return 0
