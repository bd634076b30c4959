"""Why a choice is refused: the same rules that list the options, asked for their reason."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .cards import CARDS
from .flow import PAY_KIND
from .rules import EXP, STATE_KINDS, condition_holds, covers, cube_problem, take_price
from .words import waiting

if TYPE_CHECKING:
    from .game import Game

Reason = tuple[str, dict[str, Any]]
DECISIONS = {"discover": "discover", "stop": "discover", "repel": "repel", "land": "repel", "take": "take",
             "pay": "take", "pass": "take", "decline": "claim"}
"""The decision frame each kind of choice answers."""
USES: dict[str, tuple[str, ...]] = {
    "repel": ("card",), "land": ("card",), "take": ("card",), "pay": ("target",), "expedition": ("card", "cards"),
    "contract": ("target",), "decline": ("target",), "give": ("target",),
}
"""The fields each kind of choice uses; the others must keep their defaults (-1, or no cards)."""


def unused_field(a: Action) -> str | None:
    """The first field that ``a``'s kind does not use but that is set, or None."""
    uses = USES.get(a.kind, ())
    for name, default in (("card", -1), ("target", -1), ("cards", ())):
        if name not in uses and getattr(a, name) != default:
            return name
    return None


def reason(g: Game, a: Action) -> Reason:
    """The rule that forbids ``a`` (key and arguments of ``words.REASONS``)."""
    s = g.state
    if not s.stack:
        return "game_over", {}
    if not 0 <= a.player < s.n:
        return "no_seat", {"p": a.player}
    unused = unused_field(a)
    if unused is not None:
        return "unused_field", {"field": unused, "kind": a.kind}
    frame = s.stack[-1]
    deciding = frame["seat"] == a.player
    if a.kind in ("contract", "give", "end", "expedition"):
        return _free_reason(g, a, frame, deciding)
    want = DECISIONS[a.kind]
    if not deciding:
        return "not_your_decision", {"p": a.player, "q": frame["seat"], "what": waiting(g, g.lang)}
    if frame["kind"] != want:
        return "not_now", {"p": a.player, "what": waiting(g, g.lang)}
    if a.kind == "discover":
        return "no_cards_left", {}
    if a.kind == "stop":
        return "stop_first", {}
    if a.kind in ("repel", "land"):
        return "not_now", {"p": a.player, "what": waiting(g, g.lang)}
    if a.kind == "decline":
        return "not_now", {"p": a.player, "what": waiting(g, g.lang)}
    if frame["left"] <= 0:
        return "no_take_left", {"p": a.player}
    if a.kind == "take":
        if a.card not in s.harbour:
            return "not_in_harbour", {"c": a.card}
        return "cannot_afford", {"c": a.card, "p": a.player, "n": take_price(s, a.player, a.card),
                                 "have": len(s.players[a.player].coins)}
    if a.kind == "pay":
        return _pay_reason(g, a)
    return "not_legal", {"p": a.player}


def _pay_reason(g: Game, a: Action) -> Reason:
    s = g.state
    if a.player != s.active:
        return "not_active", {}
    if not 0 <= a.target < len(s.contracts):
        return "no_contract", {"t": a.target}
    cond = EXP.contract(s.contracts[a.target]).condition
    if cond.kind != PAY_KIND:
        return "no_pay_contract", {"t": a.target}
    problem = cube_problem(s, a.player, a.target)
    if problem is not None:
        return problem
    return "pay_short", {"t": a.target, "p": a.player, "n": cond.coins, "have": len(s.players[a.player].coins)}  # type: ignore[union-attr]


def _free_reason(g: Game, a: Action, frame: dict[str, Any], deciding: bool) -> Reason:
    s = g.state
    if a.kind == "expedition":
        if a.player != s.active or not deciding:
            return "expedition_own_turn", {}
        if a.card not in s.expeditions:
            return "no_such_expedition", {"c": a.card}
        for c in a.cards:
            if c not in s.players[a.player].persons:
                return "not_your_person", {"p": a.player, "c": c}
        if len(set(a.cards)) != len(a.cards) or not covers(CARDS[a.card].needs, list(a.cards)):
            return "expedition_mismatch", {"cards": list(a.cards), "c": a.card}
        return "not_legal", {"p": a.player}
    if a.kind == "give":
        if s.mode != "cooperative":
            return "give_mode", {}
        if not 0 <= a.target < s.n or a.target == a.player:
            return "give_target", {}
        return "no_coins", {"p": a.player}
    if a.kind == "end":
        return ("end_early", {}) if s.team else ("end_mode", {})
    # a cube on a contract
    problem = cube_problem(s, a.player, a.target)
    if problem is not None:
        return problem
    contract = EXP.contract(s.contracts[a.target])
    kind = contract.condition.kind
    if kind == PAY_KIND:
        return "contract_pay", {"t": a.target}
    if kind not in STATE_KINDS:
        return "contract_event", {"t": a.target}
    if not condition_holds(s, a.player, contract):
        return "contract_unmet", {"p": a.player, "t": a.target}
    return "not_legal", {"p": a.player}
