"""Crew and goods limits: crew at most the fulfilled contracts, goods at most twice that.

The base rules only add cards where there is room, so they never break a limit.  Abilities can
lower a limit or hand out cards (a contract changing owner, crew swapped with goods); then the
player discards down, choosing which cards go, through a ``trim`` decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action
from .flow import Frame, Reason, decision
from .rules import crew_limit, crew_room, goods_limit, goods_load, goods_room, to_discard

if TYPE_CHECKING:
    from .context import RulesContext


def over_limits(g: RulesContext, seat: int) -> tuple[bool, bool]:
    """(crew over its limit, goods over their limit)."""
    p = g.state.players[seat]
    return len(p.crew) > crew_limit(g, seat), goods_load(g, seat) > goods_limit(g, seat)


def room_after_leaving(g: RulesContext, seat: int, card: int) -> tuple[bool, bool]:
    """(crew room, goods room) as they will be once ``card`` has left ``seat``'s fulfilled
    contracts (which lowers both limits).  The state is left exactly as it was."""
    fulfilled = g.state.players[seat].fulfilled
    i = fulfilled.index(card)
    work, g.working_memo = g.working_memo, None  # the abilities in play differ while the card is out (``registry.forget``)
    fulfilled.pop(i)
    try:
        return crew_room(g, seat), goods_room(g, seat)
    finally:
        fulfilled.insert(i, card)
        g.working_memo = work  # (as they were)


def enforce_limits(g: RulesContext, seat: int) -> None:
    """Ask ``seat`` to discard down if a limit is now exceeded."""
    if any(over_limits(g, seat)):
        g.state.stack.append({"kind": "trim", "seat": seat})


def trim_options(g: RulesContext, fr: Frame) -> list[Action]:
    seat = fr["seat"]
    p = g.state.players[seat]
    crew_over, goods_over = over_limits(g, seat)
    opts = [Action(seat, "choose", (c,), 0) for c in p.crew] if crew_over else []
    if goods_over:
        opts.extend(Action(seat, "choose", (c,), 1) for c in p.goods)
    return opts


def trim_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    extra = a.unused_field(("cards", "target"))
    if extra is not None:
        return "unused_detail", {"kind": a.kind, "field": extra}
    if len(a.cards) != 1:
        return "one_card", {}
    options = trim_options(g, fr)  # (asked only about a choice they do not list)
    return "trim_choice", {"p": a.player, "options": "; ".join(g.describe(x) for x in options[:6])}


def trim_resolve(g: RulesContext, fr: Frame, a: Action) -> None:
    p = g.state.players[a.player]
    area = p.crew if a.target == 0 else p.goods
    area.remove(a.cards[0])
    to_discard(g, a.cards[0])  # (a token, with the token variants, goes back to the supply)
    g.emit("trim", p=a.player, c=a.cards[0], area=a.target)
    if not any(over_limits(g, a.player)):
        g.state.stack.pop()


decision("trim", trim_options, trim_resolve, check=trim_check)
