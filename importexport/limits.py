"""Crew and goods limits: crew at most the fulfilled contracts, goods at most twice that.

The base rules only add cards where there is room, so they never break a limit.  Abilities can
lower a limit or hand out cards (a contract changing owner, crew swapped with goods); then the
player discards down, choosing which cards go, through a ``trim`` decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action
from .flow import Frame, decision
from .rules import crew_limit, goods_limit, goods_load

if TYPE_CHECKING:
    from .engine import Game


def over_limits(g: Game, seat: int) -> tuple[bool, bool]:
    """(crew over its limit, goods over their limit)."""
    p = g.state.players[seat]
    return len(p.crew) > crew_limit(g, seat), goods_load(g, seat) > goods_limit(g, seat)


def enforce_limits(g: Game, seat: int) -> None:
    """Ask ``seat`` to discard down if a limit is now exceeded."""
    if any(over_limits(g, seat)):
        g.state.stack.append({"k": "trim", "p": seat})


def trim_options(g: Game, fr: Frame) -> list[Action]:
    seat = fr["p"]
    p = g.state.players[seat]
    crew_over, goods_over = over_limits(g, seat)
    opts = [Action(seat, "choose", (c,), 0) for c in p.crew] if crew_over else []
    if goods_over:
        opts.extend(Action(seat, "choose", (c,), 1) for c in p.goods)
    return opts


def trim_resolve(g: Game, fr: Frame, a: Action) -> None:
    p = g.state.players[a.player]
    area = p.crew if a.target == 0 else p.goods
    area.remove(a.cards[0])
    g.state.discard.append(a.cards[0])
    g.emit("trim", p=a.player, c=a.cards[0], area=a.target)
    if not any(over_limits(g, a.player)):
        g.state.stack.pop()


decision("trim", trim_options, trim_resolve)
