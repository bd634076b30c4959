"""Instant abilities that move cards or credits between players and areas.

Many of them go round the table: :class:`Exchange` asks one seat after another (the seats still
to ask travel in the question), skips a player who has nothing to choose, and ends with a
closing step, usually the limits check (whoever is now over a crew or goods limit discards
down).  Abilities that move their own card use the ``card`` they are called with rather than
their registered card, so that WIND TURBINES can copy them and move itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .. import turn as _turn
from ..actions import Action
from ..cards import CARDS
from ..constants import BLUE, GREEN, GREY, PIRATE, RED, RIDING, YELLOW
from ..limits import enforce_limits, over_limits, room_after_leaving
from ..rules import (
    add_container,
    add_crew,
    add_good,
    can_take_container,
    draw_cards,
    gain,
    good_type,
    goods_room,
    harbour_ships,
    max_cargo,
    pay_bank,
    put_crew,
    remove_container,
    ship_home,
    to_discard,
    transfer,
)
from ..tokens import TOKEN_BASE, gone
from .registry import ABILITY_OF, Ability, Wording, bound, forget, register

if TYPE_CHECKING:
    from ..context import RulesContext
    from ..flow import Frame
    from ..state import Ship

GOODS_OF = CARDS.goods
ROUND_KEYS = frozenset({"kind", "seat", "card", "step", "round_step", "queue", "left"})  # "left": a per-seat count


# --- shared helpers ------------------------------------------------------------------------

def others(g: RulesContext, seat: int) -> list[int]:
    """Every other seat, in seat order from the active player."""
    return [q for q in g.seat_order() if q != seat]


def limits_for(g: RulesContext, seats: list[int]) -> None:
    """Whoever of ``seats`` is over a limit now discards down (the first seat decides first)."""
    for seat in reversed(list(dict.fromkeys(seats))):
        enforce_limits(g, seat)


def leave_fulfilled(g: RulesContext, seat: int, card: int) -> bool:
    """Take ``card`` out of ``seat``'s fulfilled contracts (False if it is not there)."""
    fulfilled = g.state.players[seat].fulfilled
    if card not in fulfilled:
        return False
    fulfilled.remove(card)
    forget(g)
    return True


def load_by_ability(g: RulesContext, seat: int, ship: Ship, card: int, colour: int) -> None:
    """``seat`` loads ``card`` onto ``ship`` as ``colour`` through an ability, not a Load action.

    The abilities hear it as a ``load`` event with ``action=False``, sent (as a Load action sends
    its own) just before the container lands: cards that speak of any loading count it (OAT MILK,
    YOGURT, PREFAB HOME), FIXIE BIKES, which asks for a Load action, does not.
    """
    g.notify("load", seat=seat, card=card, ship=ship.id, colour=colour, action=False)
    add_container(g, ship, card, colour)


def container_off(g: RulesContext, seat: int, ship: Ship, card: int) -> None:
    """Tell the abilities that ``card`` has left ``ship`` (``seat``: who took it) by other means than
    a Pirate action or an import, which send their own events: cards that watch a ship at sea
    running low on containers (AEROPONICS, GPS) hear it; those about piracy or imports do not."""
    g.notify("container_off", seat=seat, card=card, ship=ship.id)


def to_island(g: RulesContext, seat: int, card: int) -> None:
    """``card`` lands on the Supply Island through ``seat``'s ability; the abilities hear an ``island``
    event, as after a sale (RAMEN)."""
    g.state.island.append(card)
    g.notify("island", seat=seat, card=card)


def loadable(g: RulesContext, ship: Ship, colour: int) -> bool:
    """Could a container of ``colour`` be loaded onto ``ship`` as a Load action would?"""
    return colour != GREY and can_take_container(g, ship, colour)


def level_total(card: int) -> int:
    return sum(CARDS[card].level.values())


class Exchange(Ability):
    """Shared machinery: a round of questions, seat after seat, then ``finish_<step>(g, data)``."""

    def round(self, g: RulesContext, step: str, seats: list[int], **data: Any) -> None:
        self.proceed(g, step, list(seats), data)

    def proceed(self, g: RulesContext, step: str, queue: list[int], data: dict[str, Any]) -> None:
        """Ask the next seat of ``queue`` that has a choice; with nobody left, close the round."""
        while queue:
            seat, queue = queue[0], queue[1:]
            frame = {"kind": "ask", "seat": seat, "card": self.card, "step": step, "round_step": step, "queue": queue, **data}
            if self.ask_options(g, frame):
                g.state.stack.append(frame)
                return
        finish = getattr(self, "finish_" + step, None)
        if finish is not None:
            finish(g, data)

    def goon(self, g: RulesContext, frame: Frame) -> None:
        """The current seat is done: on to the next one (the round's data goes on, the seat's own count not)."""
        self.proceed(g, frame["round_step"], frame["queue"], {k: v for k, v in frame.items() if k not in ROUND_KEYS})

    def again(self, g: RulesContext, frame: Frame) -> None:
        """Ask the same seat another question of the round (``frame``), or go on if it has no choice."""
        if self.ask_options(g, frame):
            g.state.stack.append(frame)
        else:
            self.goon(g, frame)


# --- cards from hands ---------------------------------------------------------------------

class HandRound(Exchange):
    """Players in turn give up cards from their hand: to the holder, or onto the discard pile."""

    everyone: ClassVar[bool] = False  # the holder gives up cards too (they are discarded)
    draw: ClassVar[int] = 0  # cards each of them draws first
    count: ClassVar[int] = 1  # cards each gives up
    to_holder: ClassVar[bool] = True  # the cards go to the holder's hand (else to the discards)
    discard_self: ClassVar[bool] = False  # the card is discarded afterwards

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        seats = g.seat_order() if self.everyone else others(g, seat)
        if self.draw:
            # all draws first: the giving in between never touches the deck, so the order is the same
            for q in seats:
                g.emit("ability_draw", p=q, n=draw_cards(g, q, self.draw), why=self.name)
        self.round(g, "give", seats, owner=seat, me=card)

    def options_give(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "choose", (self.card, c)) for c in g.state.players[seat].hand]

    def describe_give(self, g: RulesContext, action: Action) -> Wording:
        owner = g.state.stack[-1]["owner"]
        if self.to_holder and action.player != owner:
            return "give_card_to", {"q": owner}
        return "discard_hand_card", {}

    def answer_give(self, g: RulesContext, frame: Frame, action: Action) -> None:
        s = g.state
        giver, c = action.player, action.cards[1]
        s.players[giver].hand.remove(c)
        if self.to_holder and giver != frame["owner"]:
            s.players[frame["owner"]].hand.append(c)
            g.emit("ex_give_card", p=giver, q=frame["owner"], c=c, why=self.name)
        else:
            s.discard.append(c)
            g.emit("discard_hand", p=giver, c=c, why=self.name)
        left = frame.get("left", self.count)
        if left > 1:
            self.again(g, {**frame, "left": left - 1})
        else:
            self.goon(g, frame)

    def finish_give(self, g: RulesContext, data: dict[str, Any]) -> None:
        owner, me = data["owner"], data["me"]
        if self.discard_self and leave_fulfilled(g, owner, me):
            g.state.discard.append(me)
            g.emit("ex_discard_contract", p=owner, c=me)
            enforce_limits(g, owner)


@register
class OppositionLeaflets(HandRound):
    """Every player, the holder too, discards one card of their choice from the hand (seat order from the active player)."""

    name = "OPPOSITION LEAFLETS"
    reread = "as written"
    everyone = True
    to_holder = False


@register
class MarketData(HandRound):
    """Every other player gives you 2 hand cards of their choice (all they have if fewer); then this card is discarded.

    Ruling: the German text says "all players"; giving cards to yourself changes nothing, so only
    the others give.
    """

    name = "MARKET DATA"
    reread = "Only the other players give (giving to yourself changes nothing); each giver picks the cards."
    count = 2
    discard_self = True


@register
class Sculptures(HandRound):
    """Every other player draws 3 cards, then gives you 2 hand cards of their choice."""

    name = "SCULPTURES"
    reread = "as written"
    draw = 3
    count = 2


@register
class Vacuums(Exchange):
    """Every other player gives you either the whole hand or one of their luxury goods (their choice).

    Ruling: an empty hand cannot be given; a player without cards must give a luxury good if
    they own one, and a player with neither gives nothing.  A Capital good is a luxury good while
    its owner's leftmost non-Capital good is one (the Capital rule).
    """

    name = "VACUUMS"
    reread = "A Capital good counting as luxury may be given (fixed); an empty hand cannot be given."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.round(g, "vacuum", others(g, seat), owner=seat)

    def options_vacuum(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        p = g.state.players[seat]
        hand = [Action(seat, "choose", (self.card,))] if p.hand else []
        return hand + [Action(seat, "choose", (self.card, c)) for c in p.goods if good_type(g, seat, c) == BLUE]

    def describe_vacuum(self, g: RulesContext, action: Action) -> Wording:
        owner = g.state.stack[-1]["owner"]
        if len(action.cards) == 1:
            return "give_hand", {"q": owner, "n": len(g.state.players[action.player].hand)}
        return "give_good", {"q": owner}

    def answer_vacuum(self, g: RulesContext, frame: Frame, action: Action) -> None:
        s = g.state
        giver, owner = s.players[action.player], frame["owner"]
        if len(action.cards) == 1:
            cards = giver.hand[:]
            giver.hand.clear()
            s.players[owner].hand.extend(cards)
            g.emit("ex_give_hand", p=action.player, q=owner, n=len(cards), why=self.name)
        else:
            c = action.cards[1]
            giver.goods.remove(c)
            add_good(g, owner, c)
            g.emit("ex_give_good", p=action.player, q=owner, c=c, why=self.name)
        self.goon(g, frame)

    def finish_vacuum(self, g: RulesContext, data: dict[str, Any]) -> None:
        enforce_limits(g, data["owner"])


# --- goods and contracts changing hands ---------------------------------------------------------

RAIL_CREDITS, RAIL_CONTRACT, RAIL_GOODS = 0, 1, 2


@register
class Railguns(Exchange):
    """Every other player hands you 4 credits, one fulfilled contract or 2 goods, choosing among the options
    they can meet in full; one who can meet none gives nothing.  Over-limit players then discard down."""

    name = "RAILGUNS"
    reread = "Only the other players give; each picks among the options they can meet in full."
    price = 4

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.round(g, "railguns", others(g, seat), owner=seat)

    def options_railguns(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        p = g.state.players[seat]
        opts = [Action(seat, "choose", (self.card,), RAIL_CREDITS)] if p.credits >= self.price else []
        opts += [Action(seat, "choose", (self.card, c), RAIL_CONTRACT) for c in p.fulfilled]
        if len(p.goods) >= 2:
            opts += [Action(seat, "choose", (self.card, c), RAIL_GOODS) for c in p.goods]
        return opts

    def describe_railguns(self, g: RulesContext, action: Action) -> Wording:
        owner = g.state.stack[-1]["owner"]
        if action.target == RAIL_CREDITS:
            return "pay_to", {"q": owner, "n": self.price}
        return ("give_contract" if action.target == RAIL_CONTRACT else "give_goods_first"), {"q": owner}

    def answer_railguns(self, g: RulesContext, frame: Frame, action: Action) -> None:
        s = g.state
        giver, owner = action.player, frame["owner"]
        if action.target == RAIL_CREDITS:
            transfer(g, giver, owner, self.price, self.name)
        elif action.target == RAIL_CONTRACT:
            c = action.cards[1]
            s.players[giver].fulfilled.remove(c)
            s.players[owner].fulfilled.append(c)
            forget(g)
            g.emit("ex_give_contract", p=giver, q=owner, c=c, why=self.name)
        else:
            self._give_good(g, giver, owner, action.cards[1])
            self.again(g, {**frame, "step": "second"})  # the second good
            return
        self.goon(g, frame)

    def options_second(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "choose", (self.card, c), RAIL_GOODS) for c in g.state.players[seat].goods]

    def describe_second(self, g: RulesContext, action: Action) -> Wording:
        return "give_goods_second", {"q": g.state.stack[-1]["owner"]}

    def answer_second(self, g: RulesContext, frame: Frame, action: Action) -> None:
        self._give_good(g, action.player, frame["owner"], action.cards[1])
        self.goon(g, frame)

    def _give_good(self, g: RulesContext, giver: int, owner: int, c: int) -> None:
        g.state.players[giver].goods.remove(c)
        add_good(g, owner, c)
        g.emit("ex_give_good", p=giver, q=owner, c=c, why=self.name)

    def finish_railguns(self, g: RulesContext, data: dict[str, Any]) -> None:
        limits_for(g, g.seat_order())


@register
class Interest(Exchange):
    """Every other player gives you one good of their choice; if you are then over your goods limit,
    you discard received goods of your choice until you are not (the goods you had stay)."""

    name = "INTEREST"
    reread = "as written"

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.round(g, "interest", others(g, seat), owner=seat, before=g.state.players[seat].goods[:])

    def options_interest(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "choose", (self.card, c)) for c in g.state.players[seat].goods]

    def describe_interest(self, g: RulesContext, action: Action) -> Wording:
        return "give_good", {"q": g.state.stack[-1]["owner"]}

    def answer_interest(self, g: RulesContext, frame: Frame, action: Action) -> None:
        c = action.cards[1]
        g.state.players[action.player].goods.remove(c)
        add_good(g, frame["owner"], c)
        g.emit("ex_give_good", p=action.player, q=frame["owner"], c=c, why=self.name)
        self.goon(g, frame)

    def finish_interest(self, g: RulesContext, data: dict[str, Any]) -> None:
        owner, before = data["owner"], data["before"]
        received = [c for c in g.state.players[owner].goods if c not in before]
        if received and over_limits(g, owner)[1]:
            self.ask(g, owner, "keep", before=before)
        else:
            enforce_limits(g, owner)

    def options_keep(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [
            Action(seat, "choose", (self.card, c))
            for c in g.state.players[seat].goods if c not in frame["before"]
        ]

    def describe_keep(self, g: RulesContext, action: Action) -> Wording:
        return "discard_received", {}

    def answer_keep(self, g: RulesContext, frame: Frame, action: Action) -> None:
        seat, c = action.player, action.cards[1]
        g.state.players[seat].goods.remove(c)
        to_discard(g, c)
        g.emit("trim", p=seat, c=c, area=1)
        self.finish_interest(g, {"owner": seat, "before": frame["before"]})


@register
class Insects(Ability):
    """Give all your illegal goods to a player you choose (they keep what fits their goods limit, the rest
    is discarded), then take any one good from that player into your goods.

    Ruling: the illegal goods arrive in the order they lie in your goods area, so the last ones
    are those discarded when the limit is reached.  Capital goods that count as illegal (your
    leftmost non-Capital good is illegal) are given too; which goods go is settled before any leaves.
    """

    name = "INSECTS"
    reread = "Capital goods counting as illegal go too, judged before any leaves (fixed); they arrive in goods order."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.ask(g, seat, "target")

    def options_target(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "choose", (self.card,), q) for q in others(g, seat)]

    def describe_target(self, g: RulesContext, action: Action) -> Wording:
        return "illegal_to", {"q": action.target}

    def answer_target(self, g: RulesContext, frame: Frame, action: Action) -> None:
        s = g.state
        seat, victim = action.player, action.target
        # which goods are illegal is settled first: a Capital good keeps the type it had before any left
        for c in [c for c in s.players[seat].goods if good_type(g, seat, c) == RED]:
            s.players[seat].goods.remove(c)
            if goods_room(g, victim):
                add_good(g, victim, c)
                g.emit("ex_give_good", p=seat, q=victim, c=c, why=self.name)
            else:
                to_discard(g, c)
                g.emit("ex_good_lost", p=victim, c=c, why=self.name)
        if s.players[victim].goods:
            self.ask(g, seat, "take", victim=victim)
        else:
            enforce_limits(g, seat)

    def options_take(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "choose", (self.card, c)) for c in g.state.players[frame["victim"]].goods]

    def describe_take(self, g: RulesContext, action: Action) -> Wording:
        return "take_good_from", {"q": g.state.stack[-1]["victim"]}

    def answer_take(self, g: RulesContext, frame: Frame, action: Action) -> None:
        seat, c = action.player, action.cards[1]
        g.state.players[frame["victim"]].goods.remove(c)
        add_good(g, seat, c)
        g.emit("ex_give_good", p=frame["victim"], q=seat, c=c, why=self.name)
        enforce_limits(g, seat)


@register
class DinoBones(Exchange):
    """Every player, you too, puts one of their goods on the Supply Island (their choice, seat order from
    the active player); then you take any two Supply Island cards into your goods (discarding down if over)."""

    name = "DINO BONES"
    reread = "as written"
    take = 2

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.round(g, "dino", g.seat_order(), owner=seat)

    def options_dino(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "choose", (self.card, c)) for c in g.state.players[seat].goods]

    def describe_dino(self, g: RulesContext, action: Action) -> Wording:
        return "good_to_island", {}

    def answer_dino(self, g: RulesContext, frame: Frame, action: Action) -> None:
        c = action.cards[1]
        g.state.players[action.player].goods.remove(c)
        if c < TOKEN_BASE:
            g.emit("ex_good_to_island", p=action.player, c=c, why=self.name)
            to_island(g, action.player, c)
        else:  # a goods token (variant 2) goes back to the supply: the island gets nothing
            gone(g, c)
        self.goon(g, frame)

    def finish_dino(self, g: RulesContext, data: dict[str, Any]) -> None:
        if g.state.island:
            self.ask(g, data["owner"], "take", left=self.take)

    def options_take(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "choose", (self.card, c)) for c in g.state.island]

    def describe_take(self, g: RulesContext, action: Action) -> Wording:
        return "island_to_goods", {}

    def answer_take(self, g: RulesContext, frame: Frame, action: Action) -> None:
        seat, c = action.player, action.cards[1]
        g.state.island.remove(c)
        add_good(g, seat, c)
        g.emit("ex_island_to_goods", p=seat, c=c, why=self.name)
        if frame["left"] > 1 and g.state.island:
            self.ask(g, seat, "take", left=frame["left"] - 1)
        else:
            enforce_limits(g, seat)


# --- your own areas ---------------------------------------------------------------------------

@register
class Sanitizer(Ability):
    """Your whole crew becomes your goods and your goods your crew; then you discard down to both limits."""

    name = "SANITIZER"
    reread = "as written"

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        p = g.state.players[seat]
        crew, goods = p.crew[:], p.goods[:]
        p.crew[:] = goods
        forget(g)  # (a card working from the crew may have joined it)
        p.goods.clear()
        g.emit("ex_swap_crew_goods", p=seat, why=self.name)
        for c in crew:
            add_good(g, seat, c)
        enforce_limits(g, seat)


@register
class SoySauce(Ability):
    """You may move your whole crew into your goods for 2 credits per card moved; then discard down to the goods limit.

    Ruling: every moved card earns its 2 credits, also one discarded afterwards; which goods go
    is your choice, as with any limit.
    """

    name = "SOY SAUCE"
    reread = "Every moved card earns its 2 credits, even one discarded after; over a limit the owner picks what goes."
    per_card = 2

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        if g.state.players[seat].crew:
            self.ask(g, seat, "shift")

    def options_shift(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "yes", (self.card,)), Action(seat, "no", (self.card,))]

    def describe_shift(self, g: RulesContext, action: Action) -> Wording:
        if action.kind != "yes":
            return "keep_crew", {}
        n = len(g.state.players[action.player].crew)
        return "crew_to_goods", {"n": n, "m": self.per_card * n}

    def answer_shift(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind != "yes":
            return
        seat = action.player
        p = g.state.players[seat]
        crew = p.crew[:]
        p.crew.clear()
        g.emit("ex_crew_to_goods", p=seat, n=len(crew), why=self.name)
        for c in crew:
            add_good(g, seat, c)
        gain(g, seat, self.per_card * len(crew), self.name)
        enforce_limits(g, seat)


class MoveSelf(Ability):
    """The fulfilled card leaves the fulfilled contracts for the goods or the crew (after a price, if any)."""

    area: ClassVar[str] = "goods"
    price: ClassVar[int] = 0  # paid to the bank first; unable to pay: the card stays where it is
    full_discards: ClassVar[bool] = False  # no crew room: the card is discarded instead

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        p = g.state.players[seat]
        if card not in p.fulfilled:
            return
        if self.price:
            if p.credits < self.price:
                g.emit("ex_cannot_pay", p=seat, n=self.price, c=card)
                return
            pay_bank(g, seat, self.price, self.name)
        p.fulfilled.remove(card)
        forget(g)
        if self.area == "goods":
            add_good(g, seat, card)
            g.emit("ex_to_goods", p=seat, c=card)
        elif not self.full_discards:
            put_crew(g, seat, card)
            g.emit("ex_to_crew", p=seat, c=card)
        elif add_crew(g, seat, card):
            g.emit("ex_to_crew", p=seat, c=card)
        else:
            g.emit("ex_crew_full", p=seat, c=card)
        enforce_limits(g, seat)


@register
class SolarPanels(MoveSelf):
    """Pay the bank 2 credits, then this card moves from your fulfilled contracts into your goods.

    Ruling: a holder with fewer than 2 credits cannot use the ability; the card stays a fulfilled contract.
    """

    name = "SOLAR PANELS"
    reread = "Without 2 credits the ability cannot be used and the card stays a fulfilled contract."
    price = 2


@register
class Avocado(MoveSelf):
    """This card moves into your crew, or is discarded if your crew has no room.

    Ruling: the card leaves the fulfilled contracts first, so the crew limit it is checked
    against does not count it (otherwise it would leave the crew over its limit at once).
    """

    name = "AVOCADO"
    reread = "The crew limit is judged once the card has left the fulfilled contracts."
    area = "crew"
    full_discards = True


@register
class SmallPoodles(MoveSelf):
    """Once fulfilled, this card moves into your goods (discarding down if that breaks a limit)."""

    name = "SMALL POODLES"
    reread = "as written"


@register
class UnpasteurizedCheese(MoveSelf):
    """Once fulfilled, this card joins your crew, where it counts as a Pirate crew card (not a Contract one).

    Ruling: it joins even a full crew; the owner then discards down to the limit and may keep it.
    """

    name = "UNPASTEURIZED CHEESE"
    reread = "It joins even a full crew; its owner then discards down and may keep it."
    area = "crew"
    in_crew = True

    def modify_crew_actions(self, g: RulesContext, seat: int, value: int, action: int) -> int:
        return value + (action == PIRATE) - (action == CARDS.action[self.card])


@register
class Beer(Ability):
    """You may put this card on the Supply Island instead of keeping it fulfilled, taking 6 credits."""

    name = "BEER"
    reread = "as written"
    bonus = 6

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.ask(g, seat, "sell", me=card)

    def options_sell(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "yes", (self.card,)), Action(seat, "no", (self.card,))]

    def describe_sell(self, g: RulesContext, action: Action) -> Wording:
        return ("self_to_island", {"n": self.bonus}) if action.kind == "yes" else ("keep_fulfilled", {})

    def answer_sell(self, g: RulesContext, frame: Frame, action: Action) -> None:
        seat, me = action.player, frame["me"]
        if action.kind == "yes" and leave_fulfilled(g, seat, me):
            g.emit("ex_to_island", p=seat, c=me)
            to_island(g, seat, me)
            gain(g, seat, self.bonus, self.name)
            enforce_limits(g, seat)


# --- the card becomes a container or a contract again ---------------------------------------------

@register
class Euros(Ability):
    """This card becomes a container on a ship at sea of your choice (any player's); with none at sea it
    stays among your fulfilled contracts.

    Ruling: the ship that has just fulfilled it is not at sea yet (it sails after the instant
    abilities), so it is not a choice.  The card is put ("lege") onto a ship at sea, not loaded,
    so abilities that count loadings do not hear it.
    """

    name = "EUROS"
    reread = "Any player's ship at sea; the ship that just fulfilled it has not sailed yet, so it is no choice."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.ask(g, seat, "ship", me=card)

    def options_ship(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        if frame["me"] not in g.state.players[seat].fulfilled:
            return []
        return [Action(seat, "choose", (self.card,), x.id) for x in g.state.ships if x.at_sea]

    def describe_ship(self, g: RulesContext, action: Action) -> Wording:
        return "self_to_ship", {"s": action.target}

    def answer_ship(self, g: RulesContext, frame: Frame, action: Action) -> None:
        seat, me = action.player, frame["me"]
        ship = g.state.ships[action.target]
        leave_fulfilled(g, seat, me)
        add_container(g, ship, me, GOODS_OF[me])  # (a ship at sea: never complete)
        g.emit("ex_load", p=seat, c=me, s=ship.id, why=self.name)
        enforce_limits(g, seat)


ALGO_CREW = -1


@register
class TheAlgorithm(Ability):
    """You may move this card into your crew, or load it onto one of your harbour ships whose contracts
    still need a container it can fill; if you do neither (or neither is possible) it stays among your
    fulfilled contracts.

    Ruling: the German text says "may", so keeping the card as a fulfilled contract is always a
    choice too; the crew room is judged without this card counting as a fulfilled contract,
    because it leaves them.
    """

    name = "THE ALGORITHM"
    reread = "Optional ('may'): keeping it among the fulfilled contracts is offered beside crew and ship (fixed)."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.ask(g, seat, "place", me=card)

    def options_place(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat, me = frame["seat"], frame["me"]
        p = g.state.players[seat]
        if me not in p.fulfilled:
            return []
        room = room_after_leaving(g, seat, me)[0]  # judged as it will be once the card has left
        opts = [Action(seat, "choose", (self.card, me), ALGO_CREW)] if room else []
        colour = GOODS_OF[me]
        opts += [
            Action(seat, "choose", (self.card, me), x.id)
            for x in harbour_ships(g, seat) if can_take_container(g, x, colour)
        ]
        return opts + [Action(seat, "no", (self.card,))] if opts else []

    def describe_place(self, g: RulesContext, action: Action) -> Wording:
        if action.kind == "no":
            return "keep_fulfilled", {}
        return ("self_to_crew", {}) if action.target == ALGO_CREW else ("self_to_ship", {"s": action.target})

    def answer_place(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind == "no":
            return
        seat, me = action.player, frame["me"]
        leave_fulfilled(g, seat, me)
        if action.target == ALGO_CREW:
            put_crew(g, seat, me)
            g.emit("ex_to_crew", p=seat, c=me)
        else:
            g.emit("ex_load", p=seat, c=me, s=action.target, why=self.name)
            load_by_ability(g, seat, g.state.ships[action.target], me, GOODS_OF[me])  # "laden": a loading
        enforce_limits(g, seat)


@register
class CheapLabor(Ability):
    """Load this card onto one of your harbour ships, even one without a contract (but not beyond its cargo
    limit); if no ship can take it, it stays among your fulfilled contracts.

    Ruling: the ship that has just fulfilled it is about to sail and is not a choice.
    """

    name = "CHEAP LABOR"
    reread = "Not the ship that just fulfilled it (about to sail); a ship without contract: up to its cargo limit."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.ask(g, seat, "ship", me=card)

    def options_ship(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat, me = frame["seat"], frame["me"]
        if me not in g.state.players[seat].fulfilled:
            return []
        colour = GOODS_OF[me]
        return [
            Action(seat, "choose", (self.card,), x.id)
            for x in harbour_ships(g, seat)
            if (can_take_container(g, x, colour) if x.contracts else len(x.containers) < max_cargo(g, x))
        ]

    def describe_ship(self, g: RulesContext, action: Action) -> Wording:
        return "self_to_ship", {"s": action.target}

    def answer_ship(self, g: RulesContext, frame: Frame, action: Action) -> None:
        seat, me = action.player, frame["me"]
        leave_fulfilled(g, seat, me)
        g.emit("ex_load", p=seat, c=me, s=action.target, why=self.name)
        load_by_ability(g, seat, g.state.ships[action.target], me, GOODS_OF[me])  # "Lade": a loading
        enforce_limits(g, seat)


@register
class Bamboo(Ability):
    """You may place this card again as a contract under one of your harbour ships without contracts,
    free of any action.

    Ruling: "at no cost" also waives the level requirement (extra actions are what pays for
    missing levels); a ship that is about to sail is not free.  It is a contract placed like any
    other, so the abilities that answer a contract being placed (SUGAR, DRONES, ...) hear it.
    """

    name = "BAMBOO"
    reread = ("'At no cost' also waives the level requirement; a ship about to sail is not free; placed as any "
              "contract is, so SUGAR and DRONES answer it (fixed).")

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.ask(g, seat, "again", me=card)

    def options_again(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat, me = frame["seat"], frame["me"]
        if me not in g.state.players[seat].fulfilled:
            return []
        size = CARDS.cargo_size[me]
        opts = [
            Action(seat, "choose", (self.card,), x.id)
            for x in harbour_ships(g, seat) if not x.contracts and size <= max_cargo(g, x)
        ]
        return opts + [Action(seat, "no", (self.card,))] if opts else []

    def describe_again(self, g: RulesContext, action: Action) -> Wording:
        return ("keep_fulfilled", {}) if action.kind == "no" else ("self_contract_again", {"s": action.target})

    def answer_again(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind == "no":
            return
        seat, me = action.player, frame["me"]
        leave_fulfilled(g, seat, me)
        _turn.place_contract(g, seat, g.state.ships[action.target], me, 0, n=0, why=self.name)  # (SUGAR, DRONES hear it)
        enforce_limits(g, seat)


# --- other contracts' abilities --------------------------------------------------------------

@register
class Apples(Ability):
    """Put one agriculture card from your hand among your fulfilled contracts (no level needed); its own
    instant ability, if any, then takes effect as if you had just fulfilled it.

    Ruling: only that card's own ability is triggered (no payout, no "whenever you fulfil" reactions).
    """

    name = "APPLES"
    reread = "The hand card counts by its printed colour; only its own instant ability fires (no payout)."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.ask(g, seat, "pick", ship=ship)

    def options_pick(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "choose", (self.card, c)) for c in g.state.players[seat].hand if GOODS_OF[c] == YELLOW]

    def describe_pick(self, g: RulesContext, action: Action) -> Wording:
        return "hand_to_fulfilled", {}

    def answer_pick(self, g: RulesContext, frame: Frame, action: Action) -> None:
        seat, c = action.player, action.cards[1]
        p = g.state.players[seat]
        p.hand.remove(c)
        p.fulfilled.append(c)
        forget(g)
        g.emit("ex_play_fulfilled", p=seat, c=c, why=self.name)
        g.fire_instants(seat, [c], frame["ship"])


@register
class StolenDocuments(Ability):
    """Swap this card for a fulfilled technology contract of another player; the stolen card joins your
    fulfilled contracts and its instant ability takes effect as if you had just fulfilled it.

    Ruling: "Stolen Research" in the German rules is this card; as with APPLES only the stolen
    card's own ability is triggered.
    """

    name = "STOLEN DOCUMENTS"
    reread = "'Stolen Research' is this card; the printed colour decides; only the stolen card's instant ability fires."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.ask(g, seat, "steal", me=card, ship=ship)

    def options_steal(self, g: RulesContext, frame: Frame) -> list[Action]:
        s = g.state
        seat = frame["seat"]
        if frame["me"] not in s.players[seat].fulfilled:
            return []
        return [
            Action(seat, "choose", (self.card, c), q)
            for q in others(g, seat) for c in s.players[q].fulfilled if GOODS_OF[c] == GREEN
        ]

    def describe_steal(self, g: RulesContext, action: Action) -> Wording:
        return "swap_contract", {"q": action.target}

    def answer_steal(self, g: RulesContext, frame: Frame, action: Action) -> None:
        s = g.state
        seat, victim, c, me = action.player, action.target, action.cards[1], frame["me"]
        theirs = s.players[victim].fulfilled
        theirs[theirs.index(c)] = me
        s.players[seat].fulfilled.remove(me)
        s.players[seat].fulfilled.append(c)
        forget(g)
        g.emit("ex_steal", p=seat, q=victim, c=me, d=c)
        g.fire_instants(seat, [c], frame["ship"])


@register
class WindTurbines(Ability):
    """Copy the ability of another fulfilled contract of level 1 or lower (any player's), chosen now and kept
    for the rest of the game: an instant one takes effect at once, a lasting one works while this
    card lies among its holder's fulfilled contracts.

    Ruling: "any other fulfilled contract" is not limited to your own, so every player's count;
    only cards whose ability this edition implements can be chosen, and a copied ability that
    moves "this card" moves WIND TURBINES.  The copy works through WIND TURBINES
    (``registry.bound``) at every moment the original works: on arrival, lasting rule changes,
    reactions and their questions, anytime choices, the end-of-game steps, the scoring and instant
    wins; what it notes is WIND TURBINES' own (note ``copies``, and per holder rows).
    """

    name = "WIND TURBINES"
    reread = (
        "Any player's fulfilled contract of level <= 1; abilities working only as contract or crew: not copied; "
        "the copy works through this card at every moment the original works, its notes its own (fixed: "
        "end-of-game steps and notes shared with the original)."
    )
    lends = True
    max_level = 1

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.ask(g, seat, "copy", me=card, ship=ship)

    def copyable(self, c: int) -> bool:
        ability = ABILITY_OF[c]
        return (
            ability is not None and level_total(c) <= self.max_level
            and not (ability.as_contract or ability.in_crew or ability.lends)
        )

    def options_copy(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat, me = frame["seat"], frame["me"]
        return [
            Action(seat, "choose", (self.card, c))
            for q in g.seat_order() for c in g.state.players[q].fulfilled if c != me and self.copyable(c)
        ]

    def describe_copy(self, g: RulesContext, action: Action) -> Wording:
        return "copy", {}

    def answer_copy(self, g: RulesContext, frame: Frame, action: Action) -> None:
        seat, me, c = action.player, frame["me"], action.cards[1]
        marks = g.state.marks
        marks["copies"] = [*(row for row in marks.get("copies", ()) if row[0] != me), [me, c]]
        forget(g)
        g.emit("ex_copy", p=seat, c=me, d=c)
        copied = self.copy_of(g, me)
        if hasattr(copied, "on_fulfil") and me in g.state.players[seat].fulfilled:
            copied.on_fulfil(g, seat, me, frame["ship"])  # type: ignore[union-attr]

    def copy_of(self, g: RulesContext, card: int) -> Ability | None:
        c = next((row[1] for row in g.state.marks.get("copies", ()) if row[0] == card), None)
        ability = None if c is None else ABILITY_OF[c]
        return None if ability is None else bound(ability, card)

    def lent(self, g: RulesContext, seat: int, card: int) -> list[Ability]:
        ability = self.copy_of(g, card)
        return [] if ability is None else [ability]

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        ability = self.copy_of(g, card)
        if ability is None or not hasattr(ability, "anytime_options") or card not in g.state.players[seat].fulfilled:
            return []
        return ability.anytime_options(g, seat, card)

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        self.copy_of(g, action.cards[0]).anytime_apply(g, action)  # type: ignore[union-attr]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording | None:
        hook = getattr(self.copy_of(g, action.cards[0]), "describe_anytime", None)
        return None if hook is None else hook(g, action)


# --- the table ------------------------------------------------------------------------------

BAN_MARK = "pirate_ban"


@register
class Surstromming(Ability):
    """Nobody may carry out a Pirate action until the holder's next turn begins.

    Ruling: the ban is the fulfilling player's, kept in ``state.marks`` (the seats whose next turn
    ends it), and lasts its whole span wherever the card goes meanwhile: another ability moving
    the card out of the fulfilled contracts (into the goods, to another player) neither ends it
    early nor moves it to someone else's turn.
    """

    name = "SURSTRÖMMING"
    reread = ("The ban starts at once (the rest of this turn too) and ends as the fulfilling player's next turn "
              "begins, wherever the card lies meanwhile (fixed).")
    standing = BAN_MARK  # the ban works through the mark, not through the card's place
    hears_while = BAN_MARK  # (its ``watch_turn_start`` only lifts a ban)

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        ban = g.state.marks.get(BAN_MARK, [])
        if seat not in ban:
            g.state.marks[BAN_MARK] = [*ban, seat]
            forget(g)
        g.emit("ex_pirate_ban", p=seat)

    def modify_pirate_allowed(self, g: RulesContext, seat: int, value: bool, pirate: int) -> bool:
        return value and not g.state.marks.get(BAN_MARK)

    def watch_turn_start(self, g: RulesContext, data: dict[str, Any]) -> None:
        ban = g.state.marks.get(BAN_MARK)
        if ban and data["seat"] in ban:
            rest = [q for q in ban if q != data["seat"]]
            if rest:
                g.state.marks[BAN_MARK] = rest
                forget(g)
            else:
                del g.state.marks[BAN_MARK]
                forget(g)
            g.emit("ex_pirate_ban_over", p=data["seat"])


@register
class FakeMoney(Ability):
    """Take one container from each loaded ship of the other players (at sea or in harbour), in any order;
    load each onto one of your ships if it fits anywhere, otherwise it goes to your hand.

    Ruling: a container is loaded as with a Load action (so grey ones go to the hand), keeping the
    colour it counted as on the ship it came from (as a pirated one does: a J card stays the colour
    it was loaded as); a ship at sea left empty returns to its harbour.
    """

    name = "FAKE MONEY"
    reread = "A taken container keeps the colour it counted as on its ship (fixed); grey or unfitting ones go to hand."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        s = g.state
        ships = [i for q in others(g, seat) for i in s.players[q].ships if s.ships[i].containers]
        if ships:
            self.ask(g, seat, "take", ships=ships)

    def options_take(self, g: RulesContext, frame: Frame) -> list[Action]:
        s = g.state
        seat = frame["seat"]
        mine = [x for x in harbour_ships(g, seat) if x.contracts]
        opts: list[Action] = []
        for sid in frame["ships"]:
            src = s.ships[sid]
            for c, col in zip(src.containers, src.colours):
                colour = GOODS_OF[c] if col == RIDING else col  # what it counts as there
                dests = [x.id for x in mine if loadable(g, x, colour)] or [-1]
                opts.extend(Action(seat, "choose", (self.card, c), d) for d in dests)
        return opts

    def describe_take(self, g: RulesContext, action: Action) -> Wording:
        c = action.cards[1]
        src = next(x.id for x in g.state.ships if c in x.containers)
        if action.target >= 0:
            return "take_and_load", {"src": src, "s": action.target}
        return "take_to_hand", {"src": src}

    def answer_take(self, g: RulesContext, frame: Frame, action: Action) -> None:
        s = g.state
        seat, c = action.player, action.cards[1]
        src = next(x for x in s.ships if c in x.containers)
        colour = remove_container(g, src, c)
        g.emit("ex_take_container", p=seat, c=c, s=src.id, why=self.name)
        if src.at_sea and not src.containers:
            ship_home(g, src, self.name)
        rest = [i for i in frame["ships"] if i != src.id]
        if action.target >= 0:
            g.emit("ex_load", p=seat, c=c, s=action.target, why=self.name)
            load_by_ability(g, seat, s.ships[action.target], c, colour)  # "Lade ihn": a loading
        elif c < TOKEN_BASE:
            s.players[seat].hand.append(c)
            g.emit("ex_keep", p=seat, c=c)
        else:  # a container token never goes into a hand: it returns to the supply
            gone(g, c)
        if rest:
            self.ask(g, seat, "take", ships=rest)
        # Last, so that what it sets off (a ship at sea left with one container comes home) is
        # carried out at once, before the next ship's container is chosen.
        container_off(g, seat, src, c)
