"""Instant abilities: carried out once, the moment their contract is fulfilled.

LUCKY CARDS, a gamble of the same family as SHOWERS, lives here too although it lasts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import CARDS
from ..constants import BASE_COLOURS, BLACK, GREEN, RED, YELLOW
from ..limits import enforce_limits
from ..rules import draw_cards, gain, goods_of_type, pay_bank, top_of_deck, transfer
from ..scoring import goods_counts
from .registry import Ability, Wording, declare_winner, forget, register
from .scoring import scoring_started

if TYPE_CHECKING:
    from ..context import RulesContext
    from ..flow import Frame

GOODS_OF = CARDS.goods


def pay_if_able(g: RulesContext, payer: int, payee: int, amount: int, why: str) -> None:
    """A player who cannot pay the whole amount an ability asks for pays nothing."""
    if g.state.players[payer].credits >= amount:
        transfer(g, payer, payee, amount, why)


@register
class Almonds(Ability):
    """After the payout: 8 credits if you hold 18 or fewer, otherwise 4."""

    name = "ALMONDS"
    reread = "as written"

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        gain(g, seat, 8 if g.state.players[seat].credits <= 18 else 4, self.name)


@register
class Flametorch(Ability):
    """Flip a coin (the game's seeded random source): heads, everyone pays you 4; tails, you pay everyone 2.

    A player who cannot pay the full amount pays nothing; on tails that means the holder pays
    nobody unless they can pay every other player.
    """

    name = "FLAMETORCH"
    reread = ("Seeded coin; on heads a player short of 4 pays nothing; on tails "
              "a holder who cannot pay everyone 2 pays nobody (general rules).")

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
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
    reread = ("Others pay up to 6 to the bank; the extra turn follows "
              "the current turn, even when fulfilled while following.")

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        for other in g.seat_order(seat)[1:]:
            pay_bank(g, other, 6, self.name)
        g.state.extra_turns.append(seat)
        g.emit("extra_turn_owed", p=seat)


@register
class BirdFeed(Ability):
    """Each other player, in seat order, may buy the card for 6 credits; the first to accept gets it."""

    name = "BIRD FEED"
    reread = "Other players are asked clockwise from the active player; the first who says yes (and has 6) buys it."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        queue = [q for q in g.seat_order() if q != seat]
        self.ask(g, queue[0], "buy", owner=seat, queue=queue[1:], me=card)  # me: the card sold (a copy's own)

    def options_buy(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        yes = [Action(seat, "yes", (frame["card"],))] if g.state.players[seat].credits >= 6 else []
        return [*yes, Action(seat, "no", (frame["card"],))]

    def describe_buy(self, g: RulesContext, action: Action) -> Wording:
        return ("buy_from", {"q": g.state.stack[-1]["owner"], "n": 6}) if action.kind == "yes" else ("no_buy", {})

    def answer_buy(self, g: RulesContext, frame: Frame, action: Action) -> None:
        s = g.state
        owner, buyer = frame["owner"], action.player
        if action.kind == "yes":
            card = frame.get("me", frame["card"])
            transfer(g, buyer, owner, 6, self.name)
            s.players[owner].fulfilled.remove(card)
            s.players[buyer].fulfilled.append(card)
            forget(g)
            g.emit("bought_contract", p=buyer, q=owner, c=card)
            enforce_limits(g, owner)
        elif frame["queue"]:
            self.ask(g, frame["queue"][0], "buy", owner=owner, queue=frame["queue"][1:], me=frame.get("me", frame["card"]))


# --- group A: credits and cards for yourself ------------------------------------------------------
# Shared pieces first: counting, paying, naming a goods type, drawing.  The cards below are small
# classes over them; cards that differ only in a colour or a number share a base class.


def has_good_of(g: RulesContext, seat: int, colour: int) -> bool:
    return goods_of_type(g, seat, colour) > 0


def round_up_even(n: int) -> int:
    return n + n % 2


def draw_into_hand(g: RulesContext, seat: int, count: int) -> list[int]:
    """Draw up to ``count`` cards into the hand (fewer if deck and discards run out); the cards drawn."""
    hand = g.state.players[seat].hand
    before = len(hand)
    draw_cards(g, seat, count)
    drawn = hand[before:]
    if count > 0:
        g.emit("draw", p=seat, n=len(drawn))
    return drawn


def pay_bank_if_able(g: RulesContext, seat: int, amount: int, why: str) -> None:
    """A player who cannot pay the whole amount to the bank pays nothing."""
    if g.state.players[seat].credits >= amount:
        pay_bank(g, seat, amount, why)


class CreditsPerCount(Ability):
    """Base: take ``per`` credits for each thing ``count`` finds."""

    per = 2

    def count(self, g: RulesContext, seat: int, ship: int) -> int:
        raise NotImplementedError

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        gain(g, seat, self.per * self.count(g, seat, ship), self.name)


class GoodsEverywhere(CreditsPerCount):
    """Base: credits per good of ``colour`` in every player's goods area, the holder's included."""

    colour = YELLOW

    def count(self, g: RulesContext, seat: int, ship: int) -> int:
        return sum(goods_of_type(g, other, self.colour) for other in range(g.state.n))


@register
class Honey(GoodsEverywhere):
    """2 credits per agriculture good owned by anybody, yourself included."""

    name = "HONEY"
    reread = "Capital goods count as the type they take; every player's goods, yours included."
    colour = YELLOW


@register
class Pens(GoodsEverywhere):
    """2 credits per consumer good in all goods areas, yours included.

    Ruling: "in every player's harbour" means the goods areas; crew cards are not goods.
    """

    name = "PENS"
    reread = "Capital goods count as the type they take; 'harbours' means the goods areas, crew cards are not goods."
    colour = BLACK


@register
class Pillows(CreditsPerCount):
    """2 credits per card among your fulfilled contracts, this one included.

    Ruling: the contract printed on the harbour is not a card and does not count; contracts
    fulfilled together with this one do (they already lie in the area).
    """

    name = "PILLOWS"
    reread = "Cards only: the contract printed on the harbour does not count, this card does."

    def count(self, g: RulesContext, seat: int, ship: int) -> int:
        return len(g.state.players[seat].fulfilled)


@register
class Rice(CreditsPerCount):
    """2 credits per agriculture (yellow) card among your fulfilled contracts, this one included."""

    name = "RICE"
    reread = ("Contracts keep their printed colour (a Capital contract is not "
              "agriculture); the harbour's printed contract does not count.")

    def count(self, g: RulesContext, seat: int, ship: int) -> int:
        return sum(1 for c in g.state.players[seat].fulfilled if GOODS_OF[c] == YELLOW)


@register
class MuayThaiShorts(CreditsPerCount):
    """2 credits per contract fulfilled on this ship, this one included."""

    name = "MUAY THAI SHORTS"
    reread = "as written"

    def count(self, g: RulesContext, seat: int, ship: int) -> int:
        # the ship's "sail" step, still pending, records how many contracts it carried
        for frame in reversed(g.state.stack):
            if frame["kind"] == "sail" and frame["ship"] == ship:
                return int(frame.get("carried", 1))
        return 1


@register
class Tej(Ability):
    """Take your crew count minus 2, rounded up to an even number, in credits (none if not positive)."""

    name = "TEJ"
    reread = "With fewer than 3 crew cards nothing (one crew card: -1 rounds up to 0)."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        gain(g, seat, round_up_even(len(g.state.players[seat].crew) - 2), self.name)


@register
class Flowers(Ability):
    """Every player, the holder included, takes 4 credits from the bank."""

    name = "FLOWERS"
    reread = "as written"

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        for other in g.seat_order(seat):
            gain(g, other, 4, self.name)


class OthersPayYou(Ability):
    """Base: each other player who qualifies pays the holder ``amount`` (all or nothing)."""

    amount = 2

    def qualifies(self, g: RulesContext, other: int) -> bool:
        return True

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        for other in g.seat_order(seat)[1:]:
            if self.qualifies(g, other):
                pay_if_able(g, other, seat, self.amount, self.name)


@register
class Ammunition(OthersPayYou):
    """Each other player owning an illegal good pays you 2 (a player holding fewer than 2 pays nothing).

    Ruling: the goods a player owns are counted as for the scoring, so a Capital good counts only
    as the type it takes and JOE WIGGINS counts as an illegal good.
    """

    name = "AMMUNITION"
    reread = ("Owned goods counted as for the scoring: a Capital good only as the type it takes, JOE WIGGINS as "
              "an illegal good (fixed); one short of 2 credits pays nothing.")

    def qualifies(self, g: RulesContext, other: int) -> bool:
        return goods_counts(g, other)[RED] > 0


@register
class DangerPets(OthersPayYou):
    """Each other player pays you 2 (a player holding fewer than 2 pays nothing)."""

    name = "DANGER PETS"
    reread = "Every other player; one short of 2 credits pays nothing (general rule)."


@register
class ImportTax(Ability):
    """Each other player able to pays the bank 4; the card then goes to the discard pile, not to
    your fulfilled contracts (so it counts for no limit afterwards)."""

    name = "IMPORT TAX"
    reread = ("A player pays the 4 only if they have all 4; the card goes "
              "to the discard pile, not to the fulfilled contracts.")

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        s = g.state
        for other in g.seat_order(seat)[1:]:
            pay_bank_if_able(g, other, 4, self.name)
        s.players[seat].fulfilled.remove(card)
        forget(g)
        s.discard.append(card)
        g.emit("contract_discarded", p=seat, c=card)
        enforce_limits(g, seat)


@register
class RooibosTea(Ability):
    """Everyone drinking tea at the table right now takes 2 credits: each player, in seat order
    from the active player, answers yes or no."""

    name = "ROOIBOS TEA"
    reread = "Each player answers yes or no, clockwise from the active player."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        queue = g.seat_order()
        self.ask(g, queue[0], "tea", queue=queue[1:])

    def options_tea(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "yes", (frame["card"],)), Action(seat, "no", (frame["card"],))]

    def describe_tea(self, g: RulesContext, action: Action) -> Wording:
        return ("true_now" if action.kind == "yes" else "false_now"), {}

    def answer_tea(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind == "yes":
            gain(g, action.player, 2, self.name)
        if frame["queue"]:
            self.ask(g, frame["queue"][0], "tea", queue=frame["queue"][1:])


# --- cards for yourself ---------------------------------------------------------------------------


@register
class Cups(Ability):
    """Draw 5 cards."""

    name = "CUPS"
    reread = "as written"

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        draw_into_hand(g, seat, 5)


@register
class MerinoWool(Ability):
    """Draw as many cards as you hold in your hand (nothing with an empty hand)."""

    name = "MERINO WOOL"
    reread = "as written"

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        draw_into_hand(g, seat, len(g.state.players[seat].hand))


@register
class Potatoes(Ability):
    """Your choice: take 2 credits (``choose`` target 0) or draw 5 cards (target 1)."""

    name = "POTATOES"
    reread = "as written"
    CREDITS, DRAW = 0, 1

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.ask(g, seat, "pick")

    def options_pick(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat, c = frame["seat"], frame["card"]
        return [Action(seat, "choose", (c,), self.CREDITS), Action(seat, "choose", (c,), self.DRAW)]

    def describe_pick(self, g: RulesContext, action: Action) -> Wording:
        return ("take_credits", {"n": 2}) if action.target == self.CREDITS else ("draw_cards", {"n": 5})

    def answer_pick(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.target == self.CREDITS:
            gain(g, action.player, 2, self.name)
        else:
            draw_into_hand(g, action.player, 5)


@register
class YakuzaArt(Ability):
    """With a consumer good among your goods, draw 5 cards; with a technology good, take 4 credits;
    with both, both.

    Ruling: each part happens whenever its condition holds; the closing "you may do both" only
    says the two parts do not exclude each other, so nobody is asked.
    """

    name = "YAKUZA ART"
    reread = "Goods in the goods area, Capital ones as the type they take; each part happens when it applies, nobody is asked."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        consumer, technology = has_good_of(g, seat, BLACK), has_good_of(g, seat, GREEN)
        if consumer:
            draw_into_hand(g, seat, 5)
        if technology:
            gain(g, seat, 4, self.name)


@register
class Vaccines(Ability):
    """Every card on the Supply Island goes into your hand."""

    name = "VACCINES"
    reread = "as written"

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        s = g.state
        if s.island:
            taken = s.island[:]
            s.island.clear()
            s.players[seat].hand.extend(taken)
            g.emit("take_island", p=seat, cards=taken)


@register
class MassageTables(Ability):
    """Reveal deck cards until two share a goods type; take 1 credit per revealed card, rounded up
    to an even number, and all revealed cards into your hand.

    Ruling: Capital (grey) is a goods type too, so two grey cards also stop the revealing; if
    deck and discards run out first, the cards revealed so far count.
    """

    name = "MASSAGE TABLES"
    reread = ("Deck cards keep their printed colour, so two Capital cards are "
              "a pair; if deck and discards run out, what was revealed counts.")

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        revealed: list[int] = []
        seen: set[int] = set()
        while True:
            top = top_of_deck(g)
            if top is None:
                break
            revealed.append(top)
            if GOODS_OF[top] in seen:
                break
            seen.add(GOODS_OF[top])
        if not revealed:
            return
        g.emit("reveal_deck", p=seat, cards=revealed)
        gain(g, seat, round_up_even(len(revealed)), self.name)
        g.state.players[seat].hand.extend(revealed)


@register
class Antiquities(Ability):
    """Pick any illegal (red) card from the deck into your hand; the deck is then shuffled.

    The choice is ``choose`` with cards (ANTIQUITIES, the picked card).  With no illegal card in
    the deck the deck is still shuffled (it was looked through).
    """

    name = "ANTIQUITIES"
    reread = "Cards in the deck keep their printed colour; with no illegal card there the deck is still shuffled."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        if any(GOODS_OF[c] == RED for c in g.state.deck):
            self.ask(g, seat, "pick")
        else:
            self.shuffle(g, seat, found=False)

    def options_pick(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat, c = frame["seat"], frame["card"]
        return [Action(seat, "choose", (c, x)) for x in sorted(g.state.deck) if GOODS_OF[x] == RED]

    def describe_pick(self, g: RulesContext, action: Action) -> Wording:
        return "deck_to_hand", {}

    def answer_pick(self, g: RulesContext, frame: Frame, action: Action) -> None:
        s = g.state
        picked = action.cards[1]
        s.deck.remove(picked)
        s.players[action.player].hand.append(picked)
        self.shuffle(g, action.player, found=True)

    def shuffle(self, g: RulesContext, seat: int, found: bool) -> None:
        g.rng_shuffle(g.state.deck)
        g.emit("deck_search" if found else "deck_search_none", p=seat)


@register
class HawaiianSalt(Ability):
    """Every other player shows their hand; take each agriculture (yellow) card shown into your
    hand and 2 credits per card taken."""

    name = "HAWAIIAN SALT"
    reread = "Hand cards keep their printed colour: a Capital card in a hand is not agriculture."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        s = g.state
        mine = s.players[seat].hand
        for other in g.seat_order(seat)[1:]:
            hand = s.players[other].hand
            if hand:
                g.emit("reveal_hand", p=other, cards=list(hand))
            else:
                g.emit("empty_hand", p=other)
            taken = [c for c in hand if GOODS_OF[c] == YELLOW]
            if taken:
                for c in taken:
                    hand.remove(c)
                mine.extend(taken)
                g.emit("take_from_hand", p=seat, q=other, cards=taken)
                gain(g, seat, 2 * len(taken), self.name)


@register
class MujiPens(Ability):
    """Lay your whole hand (even an empty one) face up on the Supply Island; then take 3 cards at
    random from each other player's hand (all of them from a hand of fewer than 3).

    Ruling: the text orders both steps; its one "may" only allows the holder to do this with an
    empty hand, so the ability is not optional and nobody is asked.
    """

    name = "MUJI PENS"
    reread = "Not optional (fixed): the 'may' only permits it with an empty hand; fewer than 3 only from smaller hands."
    TAKE = 3

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        s = g.state
        mine = s.players[seat].hand
        if mine:
            laid = mine[:]
            mine.clear()
            s.island.extend(laid)
            g.emit("hand_to_island", p=seat, cards=laid)
            for c in laid:
                g.notify("island", seat=seat, card=c)  # cards reaching the Supply Island (RAMEN takes them)
        for other in g.seat_order(seat)[1:]:
            hand = s.players[other].hand
            n = min(self.TAKE, len(hand))
            for _ in range(n):
                mine.append(hand.pop(g.rng_below(len(hand))))
            if n:
                g.emit("take_random", p=seat, q=other, n=n)


@register
class YerbaMate(Ability):
    """The deck lies face up from now on: everybody sees its top card (``state.marks["deck_face_up"]``,
    shown as ``deck_top`` in every player view), never the cards below."""

    name = "YERBA MATE"
    reread = "as written"

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        if not g.state.marks.get("deck_face_up"):
            g.state.marks["deck_face_up"] = True
            g.emit("deck_face_up", p=seat)


# --- naming a goods type --------------------------------------------------------------------------


class NameAType(Ability):
    """Base: the holder names one of the five goods types (``choose``, target = colour), then
    ``named`` runs.  Chance comes only from the order of the deck."""

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.ask(g, seat, "name")

    def options_name(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat, c = frame["seat"], frame["card"]
        return [Action(seat, "choose", (c,), colour) for colour in BASE_COLOURS]

    def describe_name(self, g: RulesContext, action: Action) -> Wording:
        """Menu wording of a naming option (see ``describe.describe_action``)."""
        return "name_goods", {"goods": action.target}

    def answer_name(self, g: RulesContext, frame: Frame, action: Action) -> None:
        g.emit("name_type", p=action.player, goods=action.target)
        self.named(g, action.player, action.target, frame["card"])

    def named(self, g: RulesContext, seat: int, colour: int, card: int) -> None:
        raise NotImplementedError


class DrawForNamedType(NameAType):
    """Base: name a type, draw ``draws`` cards; if one is of that type, take ``prize`` credits."""

    draws = 2
    prize = 8

    def named(self, g: RulesContext, seat: int, colour: int, card: int) -> None:
        draw_for_type(g, seat, colour, self.draws, self.prize, self.name)


def draw_for_type(g: RulesContext, seat: int, colour: int, draws: int, prize: int, why: str) -> None:
    """Draw ``draws`` cards into the hand; ``prize`` credits if one of them is of ``colour``."""
    drawn = draw_into_hand(g, seat, draws)
    hit = next((c for c in drawn if GOODS_OF[c] == colour), None)
    if hit is None:
        g.emit("type_missed", p=seat)
    else:
        g.emit("type_shown", p=seat, c=hit)
        gain(g, seat, prize, why)


@register
class Showers(DrawForNamedType):
    """Name a goods type and draw 2 cards; 8 credits if at least one is of that type."""

    name = "SHOWERS"
    reread = ("One of the five goods types is named; drawn cards keep "
              "their printed colour (a Capital card matches none).")
    draws, prize = 2, 8


@register
class LuckyCards(Ability):
    """Lasting: whenever you decide, while it lies among your fulfilled contracts, pay the bank 30
    credits, name a goods type and draw a card: 50 credits if it is of that type.

    One ``anytime`` choice per goods type (``target``: the colour named).  Ruling: the rulebook
    prints no timing symbol, so the ability lasts; the text sets no limit, so the gamble may be
    repeated as often as the holder can pay 30 credits, until the final scoring begins.
    """

    name = "LUCKY CARDS"
    reread = ("No timing symbol, so lasting (fixed): a gamble its holder may repeat whenever deciding, "
              "each time for 30 credits, until the scoring.")
    cost, draws, prize = 30, 1, 50

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        p = g.state.players[seat]
        if card not in p.fulfilled or p.credits < self.cost or scoring_started(g):
            return []
        return [Action(seat, "anytime", (card,), colour) for colour in BASE_COLOURS]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "lucky_gamble", {"goods": action.target, "n": self.cost, "m": self.prize}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        seat = action.player
        pay_bank(g, seat, self.cost, self.name)
        g.emit("name_type", p=seat, goods=action.target)
        draw_for_type(g, seat, action.target, self.draws, self.prize, self.name)


@register
class RollsRoyce(NameAType):
    """Name a goods type and reveal the deck's top card: of that type, you win the game at once;
    otherwise the card goes into your hand."""

    name = "ROLLS ROYCE"
    reread = ("One of the five goods types is named; the revealed card "
              "keeps its printed colour (a Capital card matches none).")

    def named(self, g: RulesContext, seat: int, colour: int, card: int) -> None:
        top = top_of_deck(g)
        if top is None:
            return
        g.emit("reveal_deck", p=seat, cards=[top])
        g.state.players[seat].hand.append(top)
        if GOODS_OF[top] == colour:
            declare_winner(g, seat, card)
