"""Abilities that change the final scoring: extra credits, goods values, majorities and ties."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import CARDS
from ..constants import BASE_COLOURS, BLACK, BLUE, RED
from ..rules import goods_of_type
from ..scoring import goods_counts, share, tie_favoured
from .registry import Ability, register

if TYPE_CHECKING:
    from ..context import RulesContext


def scoring_started(g: RulesContext) -> bool:
    """Has the game ended, so that only the last end-of-game moves and the scoring remain?"""
    s = g.state
    if not s.end_reason:
        return False
    return not s.stack or any(fr["kind"] == "score" for fr in s.stack)


def has_most(g: RulesContext, seat: int, values: list[int]) -> bool:
    """Does ``seat`` have the most (more than each other player, or tied and the only one of the
    tied players who wins ties)?"""
    top = max(values)
    if top <= 0 or values[seat] < top:
        return False
    return tie_favoured(g, [q for q, v in enumerate(values) if v == top]) == [seat]


def most_share(g: RulesContext, seat: int, values: list[int], amount: int) -> int:
    """``amount`` if ``seat`` has the most of ``values``; a tie splits it as the goods majorities do
    (rounded up), only among the tied players who win ties if some of them do."""
    top = max(values)
    if top <= 0 or values[seat] < top:
        return 0
    tied = tie_favoured(g, [q for q, v in enumerate(values) if v == top])
    return share(amount, len(tied)) if seat in tied else 0


# --- extra credits at the end ---------------------------------------------------------------------

@register
class AppleWatch(Ability):
    """At the end, 6 credits for every pair of one luxury and one consumer good you own, the goods
    counted as for the scoring (a Capital good as the type it takes)."""

    name = "APPLE WATCH"
    reread = "Goods counted as for the scoring: Capital goods take their owner's type (fixed)."

    def score(self, g: RulesContext, seat: int) -> int:
        counts = goods_counts(g, seat)
        return 6 * min(counts[BLUE], counts[BLACK])


@register
class Artifacts(Ability):
    """At the end, 20 credits if you own at least two goods of each of the five goods types
    (counted as for the scoring)."""

    name = "ARTIFACTS"
    reread = "'Two of each type' means at least two, counted as for the scoring (Capital goods as the type they take)."

    def score(self, g: RulesContext, seat: int) -> int:
        counts = goods_counts(g, seat)
        return 20 if all(counts[col] >= 2 for col in BASE_COLOURS) else 0


class PerFulfilledColour(Ability):
    """Base: at the end, ``amount`` credits per fulfilled contract of colour ``colour``."""

    colour = BLUE
    amount = 6

    def score(self, g: RulesContext, seat: int) -> int:
        return self.amount * sum(1 for c in g.state.players[seat].fulfilled if CARDS.goods[c] == self.colour)


@register
class GoldStuff(PerFulfilledColour):
    """At the end, 6 credits per luxury (blue) card among your fulfilled contracts, this one included."""

    name = "GOLD STUFF"
    reread = (
        "Fulfilled contract cards by printed colour (contracts, not goods): grey Capital "
        "ones and the harbour's printed contract are no luxury contracts."
    )


@register
class DefinitiveEdition(PerFulfilledColour):
    """At the end, 6 credits per luxury (blue) card among your fulfilled contracts, this one included."""

    name = "IMPORT/EXPORT DEFINITIVE EDITION"
    reread = "Same as GOLD STUFF: fulfilled contract cards of printed luxury colour, this one included."


@register
class Champagne(Ability):
    """At the end, 8 credits if you have more fulfilled contracts than anybody else.

    Ruling: a tie for the most splits the 8 like a goods majority (rounded up); a player who
    wins ties takes it whole.  The contract printed on each harbour is the same for everyone and
    is left out of the count.
    """

    name = "CHAMPAGNE"
    reread = (
        "A tie for the most splits the 8 as a goods majority does (rounded up), only among the "
        "tied players who win ties if some do (fixed for two FOXES holders)."
    )

    def score(self, g: RulesContext, seat: int) -> int:
        return most_share(g, seat, [len(p.fulfilled) for p in g.state.players], 8)


@register
class NiceSuits(Ability):
    """At the end, 16 credits if your ships, in harbour and at sea, carry more containers than
    anybody else's.

    Ruling: ties as for CHAMPAGNE (split, rounded up; the player who wins ties takes it whole);
    with no containers anywhere nobody has the most.
    """

    name = "NICE SUITS"
    reread = (
        "Ships at sea count; a tie for the most splits the 16 as a goods majority does, only "
        "among the tied players who win ties if some do (fixed for two FOXES holders)."
    )

    def score(self, g: RulesContext, seat: int) -> int:
        s = g.state
        loads = [sum(len(s.ships[i].containers) for i in p.ships) for p in s.players]
        return most_share(g, seat, loads, 16)


@register
class VelvetRobes(Ability):
    """At the end, 1 credit per card in your hand."""

    name = "VELVET ROBES"
    reread = "as written"

    def score(self, g: RulesContext, seat: int) -> int:
        return len(g.state.players[seat].hand)


# --- goods values, majorities and ties --------------------------------------------------------------

@register
class LongCoats(Ability):
    """Each of your luxury goods is worth 3 credits instead of 1 in the goods line of the scoring."""

    name = "LONG COATS"
    reread = "Every good counting as luxury in the scoring is worth 3, Capital goods taking luxury included."

    def modify_goods_points(self, g: RulesContext, seat: int, points: tuple[int, ...]) -> tuple[int, ...]:
        out = list(points)
        out[BLUE] = 3
        return tuple(out)


@register
class Ceramics(Ability):
    """At the end, every two consumer goods in your goods area (Capital goods taking that type
    included) add one luxury good to your goods count for the scoring; these extra goods are no
    cards and never count against the goods limit.

    Ruling: only goods lying in the goods area count, not crew that TESLAS lets count as goods.
    """

    name = "CERAMICS"
    reread = (
        "Counts consumer goods in the goods area only, Capital goods of that "
        "type included (fixed: not TESLAS' crew, whatever the order)."
    )

    def modify_goods_counts(self, g: RulesContext, seat: int, counts: list[int]) -> list[int]:
        if not scoring_started(g):
            return counts  # only at the end of the game (not, say, for an instant win)
        counts = list(counts)
        counts[BLUE] += goods_of_type(g, seat, BLACK) // 2
        return counts


@register
class Sauna(Ability):
    """Every goods majority amount you receive is doubled, the illegal-goods penalty too (-12).

    Ruling: in a tie, what is doubled is the share you are paid (or pay), after the split and its
    rounding: tied four ways for technology, 6 gives 2 each, and you get 4.
    """

    name = "SAUNA"
    reread = (
        "Doubles the amount actually paid to you or by you, so in a tie "
        "the rounded share (fixed: was doubled before the split)."
    )

    def modify_majority_share(self, g: RulesContext, seat: int, amount: int, colour: int) -> int:
        return 2 * amount


@register
class Ivory(Ability):
    """Having the most illegal goods gives you the amount (+6) instead of costing it.

    Ruling: tied for the most illegal goods, you gain your share (rounded up) instead of paying it.
    """

    name = "IVORY"
    reread = (
        "Tied for the most illegal goods, you gain your share instead "
        "of paying it; the other tied players still pay theirs."
    )

    def modify_majority_bonus(self, g: RulesContext, seat: int, amount: int, colour: int) -> int:
        return abs(amount) if colour == RED else amount


@register
class Foxes(Ability):
    """You win every tie: Import bids (in every bidding round), goods majorities, the illegal-goods
    penalty, the "most" comparisons of other cards and the tie for the most credits at the end.

    Ruling: tied for a goods majority, you take the bonus undivided and the other tied players
    get nothing; tied for a penalty (most illegal goods), you escape it and the others tied share
    it among themselves, as if you had one good fewer.  Cards that reward "the most" (CHAMPAGNE,
    NICE SUITS) and the instant wins that ask for "the most" treat a tie the same way, and tied for
    the most credits at the end you win alone.  When two tied players both win ties (a copy by
    WIND TURBINES), they beat the other tied players and the usual rule decides between the two:
    they share a bonus, the active player picks between their bids, neither has "the most" alone.
    """

    name = "FOXES"
    reread = (
        "Every tie, the final one for the most credits included; a penalty tie is won by escaping it. "
        "Two holders tied with each other beat the rest and fall back to the usual rule between them (fixed)."
    )

    def modify_wins_ties(self, g: RulesContext, seat: int, value: bool) -> bool:
        return True


# --- no ability ------------------------------------------------------------------------------------

@register
class Souvenirs(Ability):
    """This card has no ability at all (registered so that it is known to do nothing)."""

    name = "SOUVENIRS"
    reread = "as written"
