"""Abilities that answer what other players do, even outside their holder's turn.

Most of them react to an event (``on_<event>``) with credits, cards or a question.  A lasting
card starts working once it lies among its owner's fulfilled contracts, so its own fulfilment
triggers it only where the card says so ("this one included": ``includes_self``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import TAKE_CREW, TAKE_DISCARD, TAKE_GOODS, Action
from ..bidding import take_container
from ..cards import CARDS
from ..constants import BLACK, BLUE, GREEN, IMPORT, LOAD, PIRATE, RED, YELLOW
from ..limits import enforce_limits, room_after_leaving
from ..rules import (
    add_good,
    crew_room,
    draw_cards,
    gain,
    good_type,
    goods_room,
    put_crew,
    receive_container,
    remove_container,
    ship_home,
)
from ..tokens import TOKEN_BASE, gone
from .exchanges import container_off
from .extra_actions import free_import_wording
from .instant import pay_if_able
from .registry import Ability, Wording, forget, register

if TYPE_CHECKING:
    from ..context import RulesContext
    from ..flow import Frame

GOODS_OF = CARDS.goods
CREDITS, CARDS_CHOICE = 0, 1  # ``target`` of a "choose" between credits and cards


def draw(g: RulesContext, seat: int, count: int, why: str) -> None:
    """``seat`` draws ``count`` cards from the deck because of an ability."""
    got = draw_cards(g, seat, count)
    g.emit("ability_draw", p=seat, n=got, why=why)


class Reaction(Ability):
    """Shared helpers: yes/no questions and whether a fulfilment counts for the card."""

    includes_self: ClassVar[bool] = False  # does the card's own fulfilment trigger it?

    def counts(self, data: dict[str, Any]) -> bool:
        """Does this fulfilment count?  Not the one that fulfilled this very card, unless it says so."""
        return self.includes_self or self.card not in data["cards"]

    def yes_no(self, seat: int) -> list[Action]:
        return [Action(seat, "yes", (self.card,)), Action(seat, "no", (self.card,))]

    def options_draw(self, g: RulesContext, frame: Frame) -> list[Action]:
        """The shared "you may draw a card" question (asked ``left`` times in a row, default once)."""
        return self.yes_no(frame["seat"])

    def answer_draw(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind == "yes":
            draw(g, action.player, 1, self.name)
        if frame.get("left", 1) > 1:
            self.ask(g, action.player, "draw", left=frame["left"] - 1)

    def credits_or_cards(self, seat: int) -> list[Action]:
        return [Action(seat, "choose", (self.card,), CREDITS), Action(seat, "choose", (self.card,), CARDS_CHOICE)]

    def describe_draw(self, g: RulesContext, action: Action) -> Wording:
        """Wording of a yes/no question whether to draw a card."""
        return ("draw_one" if action.kind == "yes" else "no_draw"), {}

    def describe_reward(self, g: RulesContext, action: Action) -> Wording:
        """Wording of a choice between 2 credits and 2 cards (or nothing)."""
        if action.kind == "no":
            return "take_nothing", {}
        return ("take_credits" if action.target == CREDITS else "draw_cards"), {"n": 2}


# --- ships coming home --------------------------------------------------------------------------

@register
class Backpacks(Reaction):
    """Whenever any ship comes back from the Open Sea to a harbour, you may draw a card.

    Ruling: the rulebook marks the card instant, but the effect it describes lasts, so it works
    like a lasting card while it lies among your fulfilled contracts (its own fulfilment does
    nothing).  A ship that sails with no container left and turns back at once counts too: it
    did go to the Open Sea and come back.
    """

    name = "BACKPACKS"
    reread = (
        "Printed instant, but the effect it describes lasts, so it works from the fulfilled"
        " contracts (not on its own fulfilment); any ship's return, optional draw."
    )

    def on_ship_home(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        self.ask(g, holder, "draw")


@register
class Toyota(Reaction):
    """Whenever one of your own ships comes back to your harbour, draw 3 cards."""

    name = "TOYOTA"
    reread = "as written"

    def on_ship_home(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if g.state.ships[data["ship"]].owner == holder:
            draw(g, holder, 3, self.name)


# --- goods, credits spent -----------------------------------------------------------------------

class GoodsAddedCredits(Reaction):
    """Credits whenever a good of one type is added to any player's goods.

    The type is the one the card has as a good of its new owner (``good_type``), as for the final
    scoring: a Capital good counts as the type of that player's leftmost non-Capital good.
    """

    colour: ClassVar[int]
    amount: ClassVar[int]

    def on_goods(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if good_type(g, data["seat"], data["card"]) == self.colour:
            gain(g, holder, self.amount, self.name)


@register
class Bubblegum(GoodsAddedCredits):
    """Each time a consumer good is added to anyone's goods (yours too), take 4 credits.

    Ruling: the good's type is the one it has among its new owner's goods, as the scoring counts
    it (a Capital good takes the type of that player's leftmost non-Capital good).
    """

    name = "BUBBLEGUM"
    reread = "A Capital good added counts as the type it takes among its owner's goods (fixed); one payment per good."
    colour, amount = BLACK, 4


@register
class Chapstick(GoodsAddedCredits):
    """Each time a consumer good is added to anyone's goods (yours too), take 2 credits.

    Ruling: as for BUBBLEGUM, a Capital good counts as the type it takes among its new owner's goods.
    """

    name = "CHAPSTICK"
    reread = "A Capital good added counts as the type it takes among its owner's goods (fixed); one payment per good."
    colour, amount = BLACK, 2


@register
class FakeDvds(Reaction):
    """Whenever another player pays or loses 4 or more credits at once, take 2 from the bank.

    Ruling: one payment of 4 or more counts (to the bank or to a player); smaller payments are
    not added up.
    """

    name = "FAKE DVDS"
    reread = (
        "One payment or loss of 4 or more by another player (to the bank or a player) counts;"
        " smaller ones are not added up."
    )

    def on_spent(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] != holder and data["amount"] >= 4:
            gain(g, holder, 2, self.name)


# --- Import -------------------------------------------------------------------------------------

@register
class Cannabis(Reaction):
    """A player who imports red containers in an Import pays you 2 credits (if they can).

    Ruling: 2 credits once per Import won (one bidding round), however many red containers
    the player takes; the colour is the one the container was loaded as.  Your own imports
    pay nothing, and neither do imports outside an Import action (the free imports abilities
    give, such as PAPER's, POCKY's or PROTRACTORS').
    """

    name = "CANNABIS"
    reread = (
        "Only cards won in an Import action's bidding round pay, 2 once per round (fixed: free imports"
        " by abilities no longer pay); a player short of 2 pays nothing."
    )

    def on_imported(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        importer = data["seat"]
        if data["colour"] != RED or importer == holder:
            return
        key = f"paid_{self.card}"
        for fr in reversed(g.state.stack):  # this Import's closing step: remember the payment there
            if fr["kind"] == "after_import" and fr["ship"] == data["ship"] and fr["seat"] == importer:
                if fr.get(key):
                    return
                fr[key] = True
                break
        else:  # no bidding round of an Import action: an ability's free import
            return
        pay_if_able(g, importer, holder, 2, self.name)


@register
class Pants(Reaction):
    """When another player imports from one of your ships, you take 4 credits instead of 2."""

    name = "PANTS"
    reread = "as written"

    def modify_import_compensation(self, g: RulesContext, seat: int, value: int) -> int:
        return value + 2


@register
class Protractors(Reaction):
    """After another player imports from a ship at sea that still carries cargo, you may import
    one of the remaining containers for free; the ship's owner gets nothing for it.

    Ruling: the free card goes to your crew or goods like any import (the discard pile only
    when neither has room), and it counts as an import for other abilities.  Any import by
    another player counts: after an Import action's bidding round once the winner has taken the
    cards, and after each free import an ability gives (PAPER, POCKY, STRETCH GOAL).
    """

    name = "PROTRACTORS"
    reread = (
        "Reacts to every import by another player from a ship at sea, free imports by abilities too"
        " (fixed); one optional free import, the owner is paid nothing."
    )

    def on_import_done(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        ship = g.state.ships[data["ship"]]
        if data["seat"] != holder and ship.at_sea and ship.containers:
            self.ask(g, holder, "take", ship=ship.id)

    def on_imported(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        """A free import (no Import bidding round under way for it): asked right after it."""
        seat, sid = data["seat"], data["ship"]
        if seat == holder or sid < 0:
            return
        if any(fr["kind"] == "after_import" and fr["ship"] == sid and fr["seat"] == seat for fr in g.state.stack):
            return  # an Import action: ``on_import_done`` asks once the winner has taken the cards
        ship = g.state.ships[sid]
        if ship.at_sea and ship.containers:
            self.ask(g, holder, "take", ship=sid)

    def options_take(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        ship = g.state.ships[frame["ship"]]
        if not ship.at_sea or not ship.containers:
            return []
        dests = ([TAKE_CREW] if crew_room(g, seat) else []) + ([TAKE_GOODS] if goods_room(g, seat) else [])
        opts = [Action(seat, "take", (c,), d) for c in ship.containers for d in dests or [TAKE_DISCARD]]
        return [*opts, Action(seat, "no", (self.card,))]

    def describe_take(self, g: RulesContext, action: Action) -> Wording:
        return free_import_wording(g, action)

    def answer_take(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind == "no":
            return
        s = g.state
        seat, c = action.player, action.cards[0]
        ship = s.ships[frame["ship"]]
        colour = remove_container(g, ship, c)
        g.emit("free_import", p=seat, c=c, s=ship.id, why=self.name)
        take_container(g, seat, c, colour, action.target)
        g.notify("imported", seat=seat, card=c, colour=colour, ship=ship.id)
        if ship.at_sea and not ship.containers:
            ship_home(g, ship, "imported")


# --- Load ---------------------------------------------------------------------------------------

@register
class FixieBikes(Reaction):
    """Each time anybody (you too) loads a container with a Load action, take 2 credits.

    Ruling: a card an ability loads outside a Load action (THE ALGORITHM, FAKE MONEY, FLOUR, ...)
    does not count; a free Load action an ability grants does.
    """

    name = "FIXIE BIKES"
    reread = (
        "Every container loaded with a Load action, free Load actions from abilities"
        " included, whoever loads; loadings by abilities outside a Load action do not count."
    )

    def on_load(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data.get("action", True):  # (``action=False``: an ability loaded it, no Load action)
            gain(g, holder, 2, self.name)


@register
class OatMilk(Reaction):
    """Whenever anybody (you too) loads an agriculture container, you may take 2 credits or draw 2 cards.

    Ruling: the card does not ask for a Load action (FIXIE BIKES does), so a Pirate action that
    loads the container it takes onto the pirate's own ship counts as well (one taken into the
    goods or discarded does not), and so does a card an ability loads onto its player's own ship
    (FAKE MONEY, FLOUR, ...); the colour is the one the container is loaded as.
    """

    name = "OAT MILK"
    reread = (
        "Any loading of an agriculture container onto the loader's own ship counts, a pirated one and"
        " one loaded by an ability too (fixed); optional: 2 credits, 2 cards or nothing."
    )

    def on_load(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["colour"] == YELLOW and g.state.ships[data["ship"]].owner == data["seat"]:
            self.ask(g, holder, "reward")

    def on_pirate(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["target"] >= 0 and data["colour"] == YELLOW:  # loaded onto one of the pirate's ships
            self.ask(g, holder, "reward")

    def options_reward(self, g: RulesContext, frame: Frame) -> list[Action]:
        return [*self.credits_or_cards(frame["seat"]), Action(frame["seat"], "no", (self.card,))]

    def answer_reward(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind == "choose":
            if action.target == CREDITS:
                gain(g, action.player, 2, self.name)
            else:
                draw(g, action.player, 2, self.name)


# --- contracts placed ---------------------------------------------------------------------------

@register
class Sugar(Reaction):
    """Whenever you place an agriculture card as a contract, take 2 credits from the bank.

    Ruling: every placing counts, with a Contract action or without one (LUTEFISK, BAMBOO).
    """

    name = "SUGAR"
    reread = "Every placing of an agriculture contract counts, also one without a Contract action (LUTEFISK, BAMBOO: fixed)."

    def on_contract(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] == holder and GOODS_OF[data["card"]] == YELLOW:
            gain(g, holder, 2, self.name)


@register
class Drones(Reaction):
    """Whenever you place a contract on one of your ships, you may draw a card.

    Ruling: every placing counts, with a Contract action or without one (LUTEFISK, BAMBOO).
    """

    name = "DRONES"
    reread = "Every placing of a contract counts, also one without a Contract action (LUTEFISK, BAMBOO: fixed); optional draw."

    def on_contract(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] == holder:
            self.ask(g, holder, "draw")


@register
class Helicopter(Reaction):
    """Whenever anybody (you too) places a luxury card as a contract, 4 credits from the bank are
    set aside on this card; you collect them only at the end (they are not part of your credits
    before, so they cannot end the game)."""

    name = "HELICOPTER"
    reread = (
        "The 4 credits lie on the card and count only in the final scoring, for its holder"
        " then."
    )

    def on_contract(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if GOODS_OF[data["card"]] == BLUE:
            marks = g.state.marks
            total = self.score(g, holder) + 4
            marks["set_aside"] = [*(row for row in marks.get("set_aside", ()) if row[0] != self.card), [self.card, total]]
            g.emit("set_aside", p=holder, c=self.card, n=4, total=total)

    def score(self, g: RulesContext, seat: int) -> int:
        """The credits lying on this card (a copy's own card: WIND TURBINES)."""
        return next((row[1] for row in g.state.marks.get("set_aside", ()) if row[0] == self.card), 0)


# --- leading and following ----------------------------------------------------------------------

@register
class Books(Reaction):
    """When you lead Import and another player follows, take 2 credits (at most 2 a turn).

    Ruling: the rules of the Import action count as following both playing an Import card and,
    after drawing, declaring Import actions of one's crew; so once everyone has declared, any
    other player who will take part in the bidding counts.  A follower who carries out Trade
    instead (Capital) does not follow the Import.
    """

    name = "BOOKS"
    reread = (
        "A player who draws but declares crew Import actions follows too, as the Import rules say"
        " (fixed); 2 credits at most once a turn per card (a copy's its own, fixed), only when you led."
    )

    def on_declared(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        s = g.state
        if s.active != holder or s.led != IMPORT or self.used(g, holder):
            return
        if any(n > 0 and s.acts[q] < 0 for q, n in enumerate(s.decl) if q != holder):
            self.note_use(g, holder)
            gain(g, holder, 2, self.name)


@register
class DragonFruit(Reaction):
    """When you lead Pirate, choose: draw 2 cards or take 2 credits from the bank."""

    name = "DRAGON FRUIT"
    reread = "as written"

    def on_lead(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] == holder and data["action"] == PIRATE:
            self.ask(g, holder, "reward")

    def options_reward(self, g: RulesContext, frame: Frame) -> list[Action]:
        return self.credits_or_cards(frame["seat"])

    def answer_reward(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.target == CREDITS:
            gain(g, action.player, 2, self.name)
        else:
            draw(g, action.player, 2, self.name)


# --- contracts fulfilled ------------------------------------------------------------------------

@register
class Pistols(Reaction):
    """Whenever another player fulfils an illegal contract, they pay you 2 credits (if they can).

    Ruling: 2 credits per illegal contract, so two on one ship pay twice.
    """

    name = "PISTOLS"
    reread = "2 credits per illegal contract; a player short of 2 pays nothing."

    def on_fulfilled(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        seat = data["seat"]
        if seat == holder:
            return
        for c in data["cards"]:
            if GOODS_OF[c] == RED:
                pay_if_able(g, seat, holder, 2, self.name)


@register
class ASmallTank(Reaction):
    """Whenever another player fulfils a contract, they must give you a card of their choice from
    their hand (if they have one).

    Ruling: one card per contract fulfilled; your own fulfilments change nothing.
    """

    name = "A SMALL TANK"
    reread = (
        "One card per contract fulfilled, chosen by the giver; an empty hand gives"
        " nothing."
    )

    def on_fulfilled(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] != holder:
            self.ask(g, data["seat"], "give", holder=holder, left=len(data["cards"]))

    def options_give(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "choose", (self.card, c)) for c in g.state.players[seat].hand]

    def describe_give(self, g: RulesContext, action: Action) -> Wording:
        return "give_card_to", {"q": g.state.stack[-1]["holder"]}

    def answer_give(self, g: RulesContext, frame: Frame, action: Action) -> None:
        players = g.state.players
        giver, holder, c = action.player, frame["holder"], action.cards[1]
        players[giver].hand.remove(c)
        players[holder].hand.append(c)
        g.emit("give_card", p=giver, q=holder, c=c, why=self.name)
        if frame["left"] > 1:
            self.ask(g, giver, "give", holder=holder, left=frame["left"] - 1)


@register
class Shoes(Reaction):
    """Whenever any contract is fulfilled (this one included), you may draw a card."""

    name = "SHOES"
    reread = "as written"
    includes_self = True

    def on_fulfilled(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        self.ask(g, holder, "draw", left=len(data["cards"]))



@register
class Satellite(Reaction):
    """Each time contracts are fulfilled (anyone's), you may draw a card and then load a container
    with a free Load action; at most once per ship that sails.

    Ruling: its own fulfilment does not count (it says nothing like "this one included"); the
    load is optional once you have drawn.
    """

    name = "SATELLITE"
    reread = (
        "Its own fulfilment does not count; once per ship that sails: an optional draw, after"
        " which the Load is optional too."
    )

    def on_fulfilled(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if self.counts(data):
            self.ask(g, holder, "draw")

    def answer_draw(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind == "yes":
            draw(g, action.player, 1, self.name)
            self.ask(g, action.player, "load")

    def describe_draw(self, g: RulesContext, action: Action) -> Wording:
        return ("draw_then_load" if action.kind == "yes" else "no_draw"), {}

    def options_load(self, g: RulesContext, frame: Frame) -> list[Action]:
        from ..turn import load_options

        opts = load_options(g, frame["seat"])
        return [*opts, Action(frame["seat"], "no", (self.card,))] if opts else []

    def describe_load(self, g: RulesContext, action: Action) -> Wording:
        if action.kind == "no":
            return "no_free", {"a": LOAD}
        return "free", {"c": g.state.stack[-1]["card"], "inner": action}

    def answer_load(self, g: RulesContext, frame: Frame, action: Action) -> None:
        from ..turn import do_load

        if action.kind == "load":
            do_load(g, action)


@register
class Laptops(Reaction):
    """Whenever you fulfil a contract with a technology container on it, draw 2 cards.

    Ruling: per contract: two such contracts on one ship draw 4, and a technology container on
    the other contract of the ship draws nothing for this one (``Ship.fills``); a container counts
    as the colour it was loaded as; its own fulfilment does not count.
    """

    name = "LAPTOPS"
    reread = (
        "2 cards per contract fulfilled that has a technology container on it (fixed: was once per ship,"
        " whatever contract the container lay on); not for its own fulfilment."
    )

    def on_fulfilled(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] != holder or not self.counts(data):
            return
        ship = g.state.ships[data["ship"]]
        with_tech = {f for f, col in zip(ship.fills, ship.colours) if col == GREEN and f in data["cards"]}
        if with_tech:
            draw(g, holder, 2 * len(with_tech), self.name)


class FulfilColourCredits(Reaction):
    """Credits for each of your fulfilled contracts of one colour."""

    colour: ClassVar[int]
    amount: ClassVar[int]

    def on_fulfilled(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] != holder or not self.counts(data):
            return
        n = sum(1 for c in data["cards"] if GOODS_OF[c] == self.colour)
        gain(g, holder, self.amount * n, self.name)


@register
class Mouthwash(FulfilColourCredits):
    """Each consumer contract you fulfil after this one earns 2 credits.

    Ruling: contracts fulfilled together with this card on the same ship are not "after" it.
    """

    name = "MOUTHWASH"
    reread = (
        "Contracts fulfilled together with it are not after it; 2 credits per later consumer"
        " contract."
    )
    colour, amount = BLACK, 2


@register
class Onions(FulfilColourCredits):
    """Each agriculture contract you fulfil, this one included, earns 2 credits."""

    name = "ONIONS"
    reread = "as written"
    colour, amount = YELLOW, 2
    includes_self = True


@register
class RareMetals(Reaction):
    """Fulfilling a technology and a consumer contract together on one ship earns 4 credits.

    Ruling: once per ship; the fulfilment that fulfils this card itself does not count.
    """

    name = "RARE METALS"
    reread = (
        "4 credits once per ship on which both types are fulfilled; not for its own"
        " fulfilment."
    )

    def on_fulfilled(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] != holder or not self.counts(data):
            return
        colours = {GOODS_OF[c] for c in data["cards"]}
        if GREEN in colours and BLACK in colours:
            gain(g, holder, 4, self.name)


class TakeContainer(Reaction):
    """After you fulfil contracts, you may take a container that lay on one of them before the ship
    sails (not one that filled no contract: ``Ship.fills``)."""

    to_goods: ClassVar[bool]
    per_contract: ClassVar[bool] = False  # one container for each contract fulfilled (else one per ship)

    def on_fulfilled(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] != holder or not self.counts(data):
            return
        if self.per_contract:  # one question per contract, the first placed asked first
            for contract in reversed(data["cards"]):
                self.ask(g, holder, "container", ship=data["ship"], cards=[contract])
        else:
            self.ask(g, holder, "container", ship=data["ship"], cards=list(data["cards"]))

    def options_container(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        ship = g.state.ships[frame["ship"]]
        if ship.at_sea or (self.to_goods and not goods_room(g, seat)):
            return []
        on = frame["cards"]  # the fulfilled contracts whose containers may be taken
        offered = [Action(seat, "choose", (self.card, c)) for c, f in zip(ship.containers, ship.fills) if f in on]
        return [*offered, Action(seat, "no", (self.card,))] if offered else []

    def describe_container(self, g: RulesContext, action: Action) -> Wording:
        if action.kind == "no":
            return "no_container", {}
        return ("container_to_goods" if self.to_goods else "container_to_hand"), {}

    def answer_container(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind != "choose":
            return
        seat, c = action.player, action.cards[1]
        ship = g.state.ships[frame["ship"]]
        colour = remove_container(g, ship, c)
        container_off(g, seat, ship, c)
        if self.to_goods:
            receive_container(g, seat, c, colour, TAKE_GOODS)  # (a container token: exchanged, see tokens)
            g.emit("container_to_goods", p=seat, c=c, s=ship.id, why=self.name)
        elif c < TOKEN_BASE:
            g.state.players[seat].hand.append(c)
            g.emit("container_to_hand", p=seat, c=c, s=ship.id, why=self.name)
        else:  # a container token never goes into a hand: it returns to the supply
            gone(g, c)


@register
class FlashDrives(TakeContainer):
    """Whenever you fulfil contracts, after the payout you may take one container that lay on them
    into your hand (one per ship).

    Ruling: its own fulfilment does not count; a container on the ship that filled no contract
    (left from a discarded one) is not "loaded on it".
    """

    name = "FLASH DRIVES"
    reread = (
        "At most one container per ship, one that lay on a fulfilled contract (fixed: not one that filled none),"
        " after the payout and before the ship sails; not for its own fulfilment."
    )
    to_goods = False


@register
class Jets(TakeContainer):
    """Whenever you fulfil a contract, you may move one of its containers into your goods before
    the ship sails (if your goods have room).

    Ruling: one container for each contract fulfilled (unlike FLASH DRIVES the card sets no limit
    per ship), each one of the containers that lay on that contract, asked contract by contract in
    the order they were placed; its own fulfilment does not count.
    """

    name = "JETS"
    reread = (
        "One container per contract fulfilled, not one per ship (fixed: the card has no per-ship limit),"
        " each from the containers on that very contract (fixed); optional, needs goods room, before the ship sails."
    )
    to_goods = True
    per_contract = True


@register
class HentaiManga(Reaction):
    """Each illegal contract you fulfil after this one may go to your crew or your goods instead
    of your fulfilled contracts.

    Ruling: asked once the contract's own instant ability (if any) is done, before the ship
    sails; crew or goods need room as the fulfilled contract leaves, and limits lowered by its
    leaving are enforced.  Contracts fulfilled together with this card are not "after" it.
    """

    name = "HENTAI MANGA"
    reread = (
        "Contracts fulfilled together with it are not after it; asked before the ship sails,"
        " crew or goods need room."
    )

    def on_fulfilled(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] != holder or not self.counts(data):
            return
        reds = [c for c in data["cards"] if GOODS_OF[c] == RED]
        if not reds:
            return
        stack = g.state.stack
        frame = {"kind": "ask", "seat": holder, "card": self.card, "step": "place", "cards": reds}
        at = next(
            (i + 1 for i in range(len(stack) - 1, -1, -1) if stack[i]["kind"] == "sail" and stack[i]["ship"] == data["ship"]),
            len(stack),
        )
        stack.insert(at, frame)  # below the instant abilities of the fulfilled contracts

    def options_place(self, g: RulesContext, frame: Frame) -> list[Action]:
        """The first of the contracts still fulfilled that could move (the others stay)."""
        seat = frame["seat"]
        fulfilled = g.state.players[seat].fulfilled
        for card in frame["cards"]:
            if card not in fulfilled:
                continue
            crew, goods = room_after_leaving(g, seat, card)
            opts = [Action(seat, "choose", (self.card, card), area) for area, ok in ((0, crew), (1, goods)) if ok]
            if opts:
                return [*opts, Action(seat, "no", (self.card, card))]
        return []

    def describe_place(self, g: RulesContext, action: Action) -> Wording:
        if action.kind == "no":
            return "keep_contract", {}
        return ("contract_to_crew" if action.target == 0 else "contract_to_goods"), {}

    def answer_place(self, g: RulesContext, frame: Frame, action: Action) -> None:
        seat, card = action.player, action.cards[1]
        rest = frame["cards"][frame["cards"].index(card) + 1:]
        if action.kind == "choose":
            p = g.state.players[seat]
            p.fulfilled.remove(card)
            forget(g)
            if action.target == 0:
                put_crew(g, seat, card)
                g.emit("contract_to_crew", p=seat, c=card, why=self.name)
            else:
                add_good(g, seat, card)
                g.emit("contract_to_goods", p=seat, c=card, why=self.name)
            enforce_limits(g, seat)
        if rest:
            self.ask(g, seat, "place", cards=rest)


# --- cards working as containers or in hand -----------------------------------------------------

@register
class BokChoy(Reaction):
    """Loaded as a container on a contract that is not an agriculture contract, it earns the ship's
    owner 2 extra credits when that contract is fulfilled.

    Ruling: what counts is the contract it lies on (``Ship.fills``), not the other contracts of
    the ship: on an agriculture contract beside a consumer one it earns nothing.
    """

    name = "BOK CHOY"
    reread = (
        "2 credits to the ship's owner when the contract it lies on is not agriculture (fixed: was any"
        " contract of the ship); on no contract, nothing."
    )

    def on_container_fulfilled(self, g: RulesContext, seat: int, card: int, ship: int, contracts: list[int]) -> None:
        x = g.state.ships[ship]
        on = x.fills[x.containers.index(card)]
        if on in contracts and GOODS_OF[on] != YELLOW:
            gain(g, seat, 2, self.name)


@register
class Yogurt(Reaction):
    """Whoever loads or pirates this card draws 4 cards; then every other player, clockwise from
    them, draws 2.

    Ruling: pirating it counts even when it goes to the discard pile afterwards; any loading
    counts, also one an ability carries out (FAKE MONEY, FLOUR), not only a Load action.
    """

    name = "YOGURT"
    reread = (
        "Pirating it counts even when it is then discarded; any loading counts, by an ability too"
        " (fixed); 4 cards, then 2 to each other player clockwise."
    )

    def on_self_load(self, g: RulesContext, seat: int, data: dict[str, Any]) -> None:
        self._draws(g, seat)

    def on_self_pirate(self, g: RulesContext, seat: int, data: dict[str, Any]) -> None:
        self._draws(g, seat)

    def _draws(self, g: RulesContext, seat: int) -> None:
        draw(g, seat, 4, self.name)
        for other in g.seat_order(seat)[1:]:
            draw(g, other, 2, self.name)


# --- earlier abilities ---------------------------------------------------------------------------

@register
class Chairs(Ability):
    """Whenever another player draws instead of leading or following, you may discard a card from your hand."""

    name = "CHAIRS"
    reread = (
        "Only a draw action by another player (leading or following) counts, not cards drawn"
        " by abilities; optional."
    )

    def on_draw(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] != holder and g.state.players[holder].hand:
            self.ask(g, holder, "discard")

    def options_discard(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "no", (self.card,))] + [
            Action(seat, "choose", (self.card, c)) for c in g.state.players[seat].hand
        ]

    def describe_discard(self, g: RulesContext, action: Action) -> Wording:
        return ("discard_hand_card" if action.kind == "choose" else "discard_nothing"), {}

    def answer_discard(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind == "choose":
            card = action.cards[1]
            g.state.players[action.player].hand.remove(card)
            g.state.discard.append(card)
            g.emit("discard_hand", p=action.player, c=card, why=self.name)
