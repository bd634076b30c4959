"""Abilities that change which containers fit, how cargo is counted and how much a ship takes.

Shared mechanisms: ``WildContainers`` (the joker cards: containers of one colour fill any slot),
``AnyContainerOn`` (any container fits the holder's contracts of one type), and the engine's
``cargo_discount`` (a contract met with fewer containers, the owner choosing which slots stay
empty), ``together_colour`` (several cards loaded as one container) and ``max_cargo``/``payout``.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action
from ..cards import CARDS
from ..constants import BLACK, BLUE, GREEN, GREY, LOAD, PIRATE, RED, RIDING, YELLOW, payout
from ..limits import enforce_limits
from ..rules import can_take_container, contract_slots, fulfil, harbour_ships, is_complete
from .registry import Ability, Wording, forget, register

if TYPE_CHECKING:
    from ..context import RulesContext
    from ..flow import Frame

GOODS_OF = CARDS.goods
NO_LIMIT = 1_000_000  # "no limit": larger than any cargo a ship could ever be asked for


# --- the joker cards: containers of one colour are wild ----------------------------------------

class WildContainers(Ability):
    """The holder's containers of ``colour`` are wild: they fill a cargo slot of any colour."""

    colour: ClassVar[int] = -1

    def modify_wild_container(self, g: RulesContext, seat: int, value: bool, colour: int) -> bool:
        return value or colour == self.colour


@register
class Televisions(WildContainers):
    """Your green (technology) containers are wild, for Load and Pirate alike."""

    name = "TELEVISIONS"
    reread = "as written"
    colour = GREEN


@register
class Wheat(WildContainers):
    """Your yellow (agriculture) containers are wild, for Load and Pirate alike."""

    name = "WHEAT"
    reread = "as written"
    colour = YELLOW


@register
class Soap(WildContainers):
    """Your black (consumer) containers are wild, for Load and Pirate alike."""

    name = "SOAP"
    reread = "as written"
    colour = BLACK


@register
class Impalas(WildContainers):
    """Your blue (luxury) containers are wild, for Load and Pirate alike."""

    name = "IMPALAS"
    reread = "as written"
    colour = BLUE


@register
class BigCats(WildContainers):
    """Your red (illegal) containers are wild, for Load and Pirate alike."""

    name = "BIG CATS"
    reread = "as written"
    colour = RED


# --- any container on your contracts of one type ---------------------------------------------

class AnyContainerOn(Ability):
    """Every cargo slot of the holder's contracts of goods type ``colour`` takes any container."""

    colour: ClassVar[int] = -1

    def modify_rainbow_contract(self, g: RulesContext, seat: int, value: bool, card: int) -> bool:
        return value or GOODS_OF[card] == self.colour


@register
class Candy(AnyContainerOn):
    """Containers of any colour fit your consumer (black) contracts."""

    name = "CANDY"
    reread = "A contract's type is its printed goods colour."
    colour = BLACK


@register
class Coffee(AnyContainerOn):
    """Containers of any colour fit your agriculture (yellow) contracts."""

    name = "COFFEE"
    reread = "A contract's type is its printed goods colour."
    colour = YELLOW


@register
class Generators(AnyContainerOn):
    """Containers of any colour fit your technology (green) contracts."""

    name = "GENERATORS"
    reread = "A contract's type is its printed goods colour."
    colour = GREEN


@register
class Seeds(AnyContainerOn):
    """Containers of any colour fit your illegal (red) contracts."""

    name = "SEEDS"
    reread = "A contract's type is its printed goods colour."
    colour = RED


@register
class Tortillas(Ability):
    """While a contract on your ship, every cargo slot of TORTILLAS itself takes any container."""

    name = "TORTILLAS"
    reread = "as written"
    as_contract = True

    def modify_rainbow_contract(self, g: RulesContext, seat: int, value: bool, card: int) -> bool:
        return value or card == self.card


# --- fewer containers needed ------------------------------------------------------------------

def contract_size(g: RulesContext, ship_id: int, card: int) -> int:
    ship = g.state.ships[ship_id]
    return len(CARDS[card].slots(ship.sides[ship.contracts.index(card)]))


@register
class PrefabHome(Ability):
    """You may fulfil your luxury (blue) contracts with half their containers, choosing which slots.

    Ruling: "may" is a choice: whenever a container or a contract arrives on one of your ships in
    harbour and its contracts are met only with the halved luxury requirement, you are asked
    whether to fulfil them now or to keep loading (a later arrival asks again; a full load is
    fulfilled as usual).  An odd requirement rounds up (3 containers: 2 are needed), since "half"
    must still be at least half of what the card asks.
    """

    name = "PREFAB HOME"
    reread = (
        "'May' is a choice (fixed): asked each time the halved luxury requirement is met, fulfil now "
        "or keep loading; odd requirements round up."
    )
    halving: ClassVar[int] = -1  # the ship whose luxury contracts count as halved, only while it is checked

    def modify_cargo_discount(self, g: RulesContext, seat: int, value: int, card: int, ship_id: int) -> int:
        if ship_id != PrefabHome.halving or GOODS_OF[card] != BLUE:
            return value
        return value + contract_size(g, ship_id, card) // 2

    def _met_by_half(self, g: RulesContext, holder: int, ship_id: int) -> bool:
        """Are the contracts of ``holder``'s harbour ship met with halved luxury contracts, but not without?"""
        ship = g.state.ships[ship_id]
        if ship.owner != holder or ship.at_sea or not ship.contracts or not ship.containers:
            return False
        if all(GOODS_OF[c] != BLUE for c in ship.contracts) or is_complete(g, ship):
            return False
        PrefabHome.halving = ship_id
        try:
            return is_complete(g, ship)
        finally:
            PrefabHome.halving = -1

    def _offer(self, g: RulesContext, holder: int, ship_id: int) -> None:
        """Ask once the arriving card has landed (the question waits on the stack until then)."""
        s = g.state
        if ship_id < 0 or s.ships[ship_id].owner != holder:
            return
        if any(f["kind"] == "ask" and f["card"] == self.card and f.get("ship") == ship_id for f in s.stack):
            return
        self.ask(g, holder, "half", ship=ship_id)

    def on_load(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] == holder:
            self._offer(g, holder, data["ship"])

    def on_pirate(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] == holder:
            self._offer(g, holder, data["target"])

    def on_contract(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] == holder:
            self._offer(g, holder, data["ship"])

    def options_half(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        if not self._met_by_half(g, seat, frame["ship"]):
            return []
        return [Action(seat, "yes", (self.card,), frame["ship"]), Action(seat, "no", (self.card,))]

    def describe_half(self, g: RulesContext, action: Action) -> Wording:
        ship = g.state.stack[-1]["ship"]  # the question's frame: which ship is met by half
        return ("half_fulfil" if action.kind == "yes" else "keep_loading"), {"s": ship}

    def answer_half(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind == "yes" and self._met_by_half(g, action.player, frame["ship"]):
            fulfil(g, g.state.ships[frame["ship"]])


@register
class Yen(Ability):
    """On fulfilment it is tucked for good under one of your ships (your choice); for the rest of
    the game the first contract placed on that ship in each of its voyages needs one container
    fewer (you choose which slot).

    Ruling: the discount lasts ("for the rest of the game"): once the ship's contracts are
    fulfilled, the first contract placed on it afterwards is reduced again.  Within one voyage only
    the first contract placed counts (one dropped unfulfilled still was the first).  YEN no longer
    lies among your fulfilled contracts (it counts for neither limit); a contract already on the
    ship when YEN is tucked is not "placed" afterwards, and a contract never needs fewer than one
    container.
    """

    name = "YEN"
    reread = (
        "Lasting: the first contract placed on that ship in each voyage (after the tuck, then after "
        "each fulfilment) is reduced, one slot, the owner's pick (fixed: only the first one ever); YEN "
        "leaves the fulfilled contracts."
    )

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        ships = g.state.players[seat].ships
        if len(ships) == 1:
            self._tuck(g, seat, ships[0])
        else:
            self.ask(g, seat, "ship")

    def options_ship(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "choose", (self.card,), sid) for sid in g.state.players[seat].ships]

    def describe_ship(self, g: RulesContext, action: Action) -> Wording:
        return "tuck_under", {"s": action.target}

    def answer_ship(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if self.card in g.state.players[action.player].fulfilled:
            self._tuck(g, action.player, action.target)

    def _tuck(self, g: RulesContext, seat: int, ship_id: int) -> None:
        s = g.state
        s.players[seat].fulfilled.remove(self.card)
        s.marks["tucked"] = [*s.marks.get("tucked", []), [self.card, ship_id]]
        forget(g)
        s.marks[self.name] = {"ship": ship_id, "before": list(s.ships[ship_id].contracts), "first": -1}
        g.emit("tuck", p=seat, c=self.card, s=ship_id)
        enforce_limits(g, seat)

    def _first(self, g: RulesContext, ship_id: int) -> int:
        """The first contract placed on the ship since YEN was tucked (-1: none yet)."""
        note = g.state.marks.get(self.name)
        if not note or note["ship"] != ship_id:
            return -1
        if note["first"] < 0:  # (a contract placed without a Contract action: bind it now)
            new = [c for c in g.state.ships[ship_id].contracts if c not in note["before"]]
            if new:
                note["first"] = new[0]
        return note["first"]

    def on_contract(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        self._first(g, data["ship"])

    def on_fulfilled(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        """The ship's contracts are fulfilled: its next voyage's first contract is reduced again."""
        s = g.state
        note = s.marks.get(self.name)
        if note and note["ship"] == data["ship"] and note["first"] >= 0:
            s.marks[self.name] = {"ship": note["ship"], "before": list(s.ships[note["ship"]].contracts), "first": -1}
            forget(g)

    def modify_cargo_discount(self, g: RulesContext, seat: int, value: int, card: int, ship_id: int) -> int:
        return value + 1 if self._first(g, ship_id) == card else value


# --- more containers per ship ---------------------------------------------------------------

def tablets_payout(containers: int) -> int:
    """The payout table with TABLETS: 8-9 containers pay 18, 10 or more pay 20."""
    if containers >= 10:
        return 20
    if containers >= 8:
        return 18
    return payout(containers)


@register
class Tablets(Ability):
    """Each of your ships takes contracts asking for up to 10 containers; 8-9 containers pay 18,
    10 pay 20.

    Ruling: 7 containers pay 14, as 5-6 do (the card adds rows only from 8 on).  The extra is
    added to whatever other abilities make of the payout.
    """

    name = "TABLETS"
    reread = "7 containers pay 14 as 5-6 do; the extra is added to whatever other abilities make of the payout."

    def modify_max_cargo(self, g: RulesContext, seat: int, value: int, ship_id: int) -> int:
        return max(value, 10)

    def modify_payout(self, g: RulesContext, seat: int, value: int, ship_id: int) -> int:
        n = len(g.state.ships[ship_id].containers)
        return value + tablets_payout(n) - payout(n)


@register
class Legos(Ability):
    """While LEGOS is a contract on your ship, that ship takes any number of contracts and
    containers; the payout keeps its usual cap (14, or what other abilities make it)."""

    name = "LEGOS"
    reread = "as written"
    as_contract = True

    def modify_max_cargo(self, g: RulesContext, seat: int, value: int, ship_id: int) -> int:
        return NO_LIMIT if self.card in g.state.ships[ship_id].contracts else value


# --- two containers as one ---------------------------------------------------------------------

def same_type_pairs(cards: list[tuple[int, int]]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Pairs of (card, colour) entries of one colour (grey never: it cannot be loaded)."""
    return [(a, b) for a, b in combinations(cards, 2) if a[1] == b[1] and a[1] != GREY]


@register
class RoboCats(Ability):
    """With one Load action you may load two containers of one type together; they count as a
    single technology (green) container.  With Pirate, two actions take the two containers,
    which are then loaded together the same way.  The payout counts every card on the ship.

    Ruling: once the ship sails, the two cards are single containers again (the first counts as
    the technology container it was loaded as, the second as its own type).  Two-colour J cards
    are not paired.
    """

    name = "ROBO-CATS"
    reread = "Pairs are of one printed type (never J or grey cards); at sea the two cards are single containers again."

    def modify_together_colour(self, g: RulesContext, seat: int, colour: int, cards: tuple[int, ...]) -> int:
        return GREEN if len(cards) == 2 else colour

    def modify_act_options(self, g: RulesContext, seat: int, opts: list[Action], action: int, left: int) -> list[Action]:
        if action not in (LOAD, PIRATE) or (action == PIRATE and left < 2):
            return opts
        s = g.state
        ships = [x for x in harbour_ships(g, seat) if x.contracts]
        ships = [x for x in ships if can_take_container(g, x, GREEN, contract_slots(g, x))]
        if not ships:
            return opts
        extra: list[Action] = []
        if action == LOAD:
            hand = [(c, GOODS_OF[c]) for c in sorted(s.players[seat].hand) if not CARDS.j_colours[c]]
            for (a, _), (b, _) in same_type_pairs(hand):
                extra.extend(Action(seat, "load", (a, b), x.id) for x in ships)
        else:
            from ..turn import pirate_sources

            sources = {(c, GOODS_OF[c] if col == RIDING else col): src for c, col, src in pirate_sources(g, seat)}
            for first, second in same_type_pairs(sorted(sources)):
                src_a, src_b = sources[first], sources[second]
                extra.extend(
                    Action.pirate(seat, (first[0], second[0]), (src_a, src_b), x.id) for x in ships
                )
        return opts + extra
