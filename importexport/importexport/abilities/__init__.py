"""Card abilities: the shared mechanism (``registry``) and the abilities, grouped by what they change.

Modules: ``instant`` (credits and cards for yourself when a contract is fulfilled),
``exchanges`` (instant effects that move cards or credits between players and areas),
``extra_actions`` (free or extra actions and turns), ``loading`` (which containers fit, cargo),
``rule_changes`` (following, crew, limits, levels), ``reactions`` (answers to what happens),
``importing`` and ``piracy`` (the Import and Pirate actions, ships), ``anytime`` (free choices),
``scoring`` (end-of-game credits) and ``game_end`` (end conditions and instant wins).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..flow import Frame, automatic, decision
from . import (  # noqa: F401  (each module registers its abilities)
    anytime,
    exchanges,
    expansion_cards,
    extra_actions,
    game_end,
    importing,
    instant,
    loading,
    piracy,
    reactions,
    rule_changes,
    scoring,
)
from .registry import (
    ABILITY_OF,
    ANYTIME_CARDS,
    REGISTRY,
    Ability,
    acting,
    declare_winner,
    dispatch,
    table_wins,
    working_lasting,
)

if TYPE_CHECKING:
    from ..context import RulesContext

__all__ = ["ABILITY_OF", "REGISTRY", "asked", "dispatch", "fire_instants", "check_wins", "anytime_options", "anytime_apply"]


def fire_instants(g: RulesContext, seat: int, cards: list[int], ship: int) -> None:
    """Queue the instant abilities of just-fulfilled contracts, first contract first."""
    for c in reversed(cards):
        ability = ABILITY_OF[c]
        if ability is not None and hasattr(ability, "on_fulfil"):
            g.state.stack.append({"kind": "instant", "seat": seat, "card": c, "ship": ship})


def _run_instant(g: RulesContext, fr: Frame) -> None:
    if fr["card"] in g.state.players[fr["seat"]].fulfilled:  # (another ability may have moved it meanwhile)
        g.emit("ability", p=fr["seat"], c=fr["card"])
        ABILITY_OF[fr["card"]].on_fulfil(g, fr["seat"], fr["card"], fr["ship"])  # type: ignore[union-attr]


def check_wins(g: RulesContext) -> None:
    """End the game at once if a player meets an instant-win condition."""
    if not table_wins(g):
        return  # no instant-win card in play: the usual case, checked quickly
    for seat in g.seat_order():
        for ability in working_lasting(g, seat):
            wins = getattr(ability, "wins", None)
            if wins is not None and wins(g, seat):
                declare_winner(g, seat, ability.card)
                return


def anytime_options(g: RulesContext, seat: int) -> list[Action]:
    """The free choices the cards of ``seat``'s hand and fulfilled contracts offer now (``extra_options``
    asks only when one of the cards that may offer some lies there)."""
    p = g.state.players[seat]
    out: list[Action] = []
    for c in filter(ANYTIME_CARDS.__contains__, p.hand + p.fulfilled):  # (the cards that may offer some, picked out in C)
        ability = ABILITY_OF[c]
        if hasattr(ability, "anytime_options"):  # (a copying card among them may offer none itself)
            out.extend(ability.anytime_options(g, seat, c))  # type: ignore[union-attr]
    return out


def anytime_apply(g: RulesContext, action: Action) -> None:
    ABILITY_OF[action.cards[0]].anytime_apply(g, action)  # type: ignore[union-attr]


def asked(g: RulesContext, fr: Frame) -> Ability:
    """The ability whose question ``fr`` is (a copy's, when a copying card asks through its copy)."""
    return acting(g, fr["card"], "options_" + fr["step"])  # type: ignore[return-value]


def _ask_options(g: RulesContext, fr: Frame) -> list[Action]:
    return asked(g, fr).ask_options(g, fr)


def _ask_resolve(g: RulesContext, fr: Frame, a: Action) -> None:
    asked(g, fr).ask_resolve(g, fr, a)


automatic("instant", _run_instant)
decision("ask", _ask_options, _ask_resolve)
