"""Final scoring, line by line, as the rulebook lists it.

Each player's result is the credits in hand plus these lines: 2 per container on a ship with
an unfulfilled contract, 1 per good (2 per illegal good), 10 for owning every goods type, the
majority bonuses (6 technology, 6 agriculture, 6 consumer, 8 luxury) and the illegal-goods
penalty (-6), both split between tied players and rounded up, and whatever abilities add.
A player whose ability wins ties (FOXES) wins every tie here: majorities, the penalty (escaped)
and the most credits (see ``tie_favoured``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .constants import (
    ALL_TYPES_BONUS,
    BASE_COLOURS,
    COLOURS,
    GOODS_POINTS,
    MAJORITY_BONUS,
    RED,
    UNFULFILLED_CONTAINER_POINTS,
)
from .rules import capital_goods_colour, counts_as, fills_now

if TYPE_CHECKING:
    from .context import RulesContext
    from .state import Ship


@dataclass
class PlayerScore:
    """One player's final result with every line that made it."""

    seat: int
    credits: int
    lines: list[tuple[str, int]] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.credits + sum(amount for _, amount in self.lines)


def goods_counts(g: RulesContext, seat: int) -> list[int]:
    """Goods per colour (index 0-4), as they count for scoring."""
    counts = [0] * 6
    capital_as = capital_goods_colour(g, seat)
    for c in g.state.players[seat].goods:
        counts[counts_as(c, capital_as)] += 1
    if g.state.abilities:
        counts = g.mod(seat, "goods_counts", counts)
    return counts


def on_contracts(g: RulesContext, ship: Ship) -> int:
    """How many containers on ``ship`` lie on an unfulfilled contract (none at sea; one that fills no
    contract, such as one left from a discarded contract with no slot now, does not count)."""
    if ship.at_sea or not ship.contracts:
        return 0
    return sum(1 for f in fills_now(g, ship) if f >= 0)


def share(amount: int, tied: int) -> int:
    """A bonus or penalty split between ``tied`` players, rounded up (away from zero)."""
    q = -(-abs(amount) // tied)
    return q if amount >= 0 else -q


def tie_favoured(g: RulesContext, tied: list[int]) -> list[int]:
    """Who of the ``tied`` players wins their tie: those whose abilities win ties (FOXES) beat the
    others; when none or all of them do, the tie stands and the usual rule for it applies."""
    if len(tied) < 2 or not g.state.abilities:
        return tied
    return [q for q in tied if g.mod(q, "wins_ties", False)] or tied


def majority_takers(g: RulesContext, tied: list[int], colour: int) -> list[int]:
    """Who of the players tied for the most goods of ``colour`` gets the amount.  A player who wins
    ties takes a bonus (shared only with other such players) and escapes a penalty, which the
    other tied players then share."""
    favoured = tie_favoured(g, tied)
    if len(favoured) == len(tied):
        return tied
    wanting = [q for q in favoured if g.mod(q, "majority_bonus", MAJORITY_BONUS[colour], colour) >= 0]
    return wanting or [q for q in tied if q not in favoured]


def final_scores(g: RulesContext) -> list[PlayerScore]:
    s = g.state
    counts = [goods_counts(g, seat) for seat in range(s.n)]
    result: list[PlayerScore] = []
    for seat, p in enumerate(s.players):
        score = PlayerScore(seat, p.credits)
        loaded = sum(on_contracts(g, s.ships[i]) for i in p.ships)
        score.lines.append(("containers", UNFULFILLED_CONTAINER_POINTS * loaded))
        points = g.mod(seat, "goods_points", GOODS_POINTS) if s.abilities else GOODS_POINTS
        score.lines.append(("goods", sum(points[col] * counts[seat][col] for col in BASE_COLOURS)))
        all_types = all(counts[seat][col] > 0 for col in BASE_COLOURS)
        score.lines.append(("all_types", ALL_TYPES_BONUS if all_types else 0))
        result.append(score)
    for col in BASE_COLOURS:
        top = max(c[col] for c in counts)
        if top == 0:
            continue  # nobody owns this type: no majority
        tied = [seat for seat in range(s.n) if counts[seat][col] == top]
        if s.abilities and len(tied) > 1:
            tied = majority_takers(g, tied, col)  # an ability may win the tie
        for seat in tied:
            amount = MAJORITY_BONUS[col]
            if s.abilities:
                amount = g.mod(seat, "majority_bonus", amount, col)
            got = share(amount, len(tied))
            if s.abilities:
                got = g.mod(seat, "majority_share", got, col)  # what this player receives (or pays)
            result[seat].lines.append((f"most_{COLOURS[col]}", got))
    if s.abilities:
        from .abilities.registry import lasting

        for seat in range(s.n):
            for ability in lasting(g, seat):
                extra = getattr(ability, "score", None)
                if extra is not None:
                    result[seat].lines.append((f"ability:{ability.name}", extra(g, seat)))
    return result


def winners(g: RulesContext) -> list[int]:
    s = g.state
    if s.end_reason == "win":
        return [s.end_seat]
    totals = [score.total for score in final_scores(g)]
    best = max(totals)
    return tie_favoured(g, [seat for seat, t in enumerate(totals) if t == best])


def finish_game(g: RulesContext) -> None:
    """Score the table, name the winner(s) and close the game."""
    s = g.state
    s.winners = winners(g)
    s.stack.clear()
    g.emit("game_over", winners=list(s.winners), why=s.end_reason)


__all__ = ["PlayerScore", "final_scores", "finish_game", "winners", "share", "tie_favoured", "RED"]
