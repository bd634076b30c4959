"""Abilities that change the final scoring: extra credits, goods values, majorities and ties."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import CARDS
from ..constants import BASE_COLOURS, BLACK, BLUE, MAJORITY_BONUS, RED
from ..scoring import goods_counts, share
from .registry import Ability, register

if TYPE_CHECKING:
    from ..engine import Game


def scoring_started(g: Game) -> bool:
    """Has the game ended, so that only the last end-of-game moves and the scoring remain?"""
    s = g.state
    if not s.end_reason:
        return False
    return not s.stack or any(fr["k"] == "score" for fr in s.stack)


def has_most(g: Game, seat: int, values: list[int]) -> bool:
    """Does ``seat`` have the most (more than each other player, or tied and winning ties)?"""
    top = max(values)
    if top <= 0 or values[seat] < top:
        return False
    tied = sum(1 for v in values if v == top)
    return tied == 1 or bool(g.mod(seat, "wins_ties", False))


def most_share(g: Game, seat: int, values: list[int], amount: int) -> int:
    """``amount`` if ``seat`` has the most of ``values``; a tie splits it as the goods majorities do
    (rounded up), unless one tied player wins ties and takes it whole."""
    top = max(values)
    if top <= 0 or values[seat] < top:
        return 0
    tied = [q for q, v in enumerate(values) if v == top]
    if len(tied) > 1:
        favoured = [q for q in tied if g.mod(q, "wins_ties", False)]
        if len(favoured) == 1:
            tied = favoured
    return share(amount, len(tied)) if seat in tied else 0


# --- extra credits at the end ---------------------------------------------------------------------

@register
class AppleWatch(Ability):
    """At the end, 6 credits for every pair of one luxury and one consumer good you own."""

    name = "APPLE WATCH"

    def score(self, g: Game, seat: int) -> int:
        goods = [CARDS.goods[c] for c in g.state.players[seat].goods]
        return 6 * min(goods.count(BLUE), goods.count(BLACK))


@register
class Artifacts(Ability):
    """At the end, 20 credits if you own at least two goods of each of the five goods types
    (counted as for the scoring)."""

    name = "ARTIFACTS"

    def score(self, g: Game, seat: int) -> int:
        counts = goods_counts(g, seat)
        return 20 if all(counts[col] >= 2 for col in BASE_COLOURS) else 0


class PerFulfilledColour(Ability):
    """Base: at the end, ``amount`` credits per fulfilled contract of colour ``colour``."""

    colour = BLUE
    amount = 6

    def score(self, g: Game, seat: int) -> int:
        return self.amount * sum(1 for c in g.state.players[seat].fulfilled if CARDS.goods[c] == self.colour)


@register
class GoldStuff(PerFulfilledColour):
    """At the end, 6 credits per luxury (blue) card among your fulfilled contracts, this one included."""

    name = "GOLD STUFF"


@register
class DefinitiveEdition(PerFulfilledColour):
    """At the end, 6 credits per luxury (blue) card among your fulfilled contracts, this one included."""

    name = "IMPORT/EXPORT DEFINITIVE EDITION"


@register
class Champagne(Ability):
    """At the end, 8 credits if you have more fulfilled contracts than anybody else.

    Ruling: a tie for the most splits the 8 like a goods majority (rounded up); a player who
    wins ties takes it whole.  The contract printed on each harbour is the same for everyone and
    is left out of the count.
    """

    name = "CHAMPAGNE"

    def score(self, g: Game, seat: int) -> int:
        return most_share(g, seat, [len(p.fulfilled) for p in g.state.players], 8)


@register
class NiceSuits(Ability):
    """At the end, 16 credits if your ships, in harbour and at sea, carry more containers than
    anybody else's.

    Ruling: ties as for CHAMPAGNE (split, rounded up; the player who wins ties takes it whole);
    with no containers anywhere nobody has the most.
    """

    name = "NICE SUITS"

    def score(self, g: Game, seat: int) -> int:
        s = g.state
        loads = [sum(len(s.ships[i].containers) for i in p.ships) for p in s.players]
        return most_share(g, seat, loads, 16)


@register
class VelvetRobes(Ability):
    """At the end, 1 credit per card in your hand."""

    name = "VELVET ROBES"

    def score(self, g: Game, seat: int) -> int:
        return len(g.state.players[seat].hand)


# --- goods values, majorities and ties --------------------------------------------------------------

@register
class LongCoats(Ability):
    """Each of your luxury goods is worth 3 credits instead of 1 in the goods line of the scoring."""

    name = "LONG COATS"

    def modify_goods_points(self, g: Game, seat: int, points: tuple[int, ...]) -> tuple[int, ...]:
        out = list(points)
        out[BLUE] = 3
        return tuple(out)


@register
class Ceramics(Ability):
    """At the end, every two consumer goods you own add one luxury good to your goods count for
    the scoring; these extra goods are no cards and never count against the goods limit."""

    name = "CERAMICS"

    def modify_goods_counts(self, g: Game, seat: int, counts: list[int]) -> list[int]:
        if not scoring_started(g):
            return counts  # only at the end of the game (not, say, for an instant win)
        counts = list(counts)
        counts[BLUE] += counts[BLACK] // 2
        return counts


@register
class Sauna(Ability):
    """Every goods majority amount you receive is doubled, the illegal-goods penalty too (-12).

    Ruling: the printed amount is doubled before a tie splits it (16 shared by two is 8 each), as the
    engine's ``majority_bonus`` value works; only in a tie of four or more can rounding make this
    one credit less than doubling the rounded share.
    """

    name = "SAUNA"

    def modify_majority_bonus(self, g: Game, seat: int, amount: int, colour: int) -> int:
        return 2 * amount


@register
class Ivory(Ability):
    """Having the most illegal goods gives you the amount (+6) instead of costing it.

    Ruling: tied for the most illegal goods, you gain your share (rounded up) instead of paying it.
    """

    name = "IVORY"

    def modify_majority_bonus(self, g: Game, seat: int, amount: int, colour: int) -> int:
        return abs(amount) if colour == RED else amount


@register
class Foxes(Ability):
    """You win every tie: Import bids, and any "most" comparison at the end.

    Ruling: tied for a goods majority, you take the bonus undivided and the other tied players
    get nothing; tied for a penalty (most illegal goods), you escape it and the others tied share
    it among themselves, as if you had one good fewer.  Cards that reward "the most" (CHAMPAGNE,
    NICE SUITS) and the instant wins that ask for "the most" treat a tie the same way.
    """

    name = "FOXES"

    def modify_wins_ties(self, g: Game, seat: int, value: bool) -> bool:
        return True

    def modify_majority_tie(self, g: Game, seat: int, tied: list[int], colour: int) -> list[int]:
        if seat not in tied:
            return tied
        if g.mod(seat, "majority_bonus", MAJORITY_BONUS[colour], colour) >= 0:
            return [seat]
        return [q for q in tied if q != seat]


# --- no ability ------------------------------------------------------------------------------------

@register
class Souvenirs(Ability):
    """This card has no ability at all (registered so that it is known to do nothing)."""

    name = "SOUVENIRS"
