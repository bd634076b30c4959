"""Setting up a new table, step by step as the rulebook lays it out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CARDS
from .constants import (
    BASE_COLOURS,
    BASE_SETS,
    GREY,
    GREY_BONUS_SIX_PLAYERS,
    HAND_SIZE,
    MAX_PLAYERS,
    MODULES,
    SEA_CARDS_PER_SHIP,
    START_CREDITS,
)
from .rules import draw_cards, top_of_deck
from .state import Player, Ship
from .tokens import new_token

if TYPE_CHECKING:
    from .context import RulesContext

CAPITAL_GREY_BONUS = 2  # with Capital, the grey player below six players starts with 2 more credits


def check_modules(modules: object) -> list[str]:
    """The module names, validated and in a fixed order; a clear error for an unknown one."""
    if isinstance(modules, str) or not isinstance(modules, (list, tuple, set, frozenset)):
        raise ValueError("modules: give a list of module names, e.g. ['capital', 'market']")
    unknown = [m for m in modules if m not in MODULES]
    if unknown:
        raise ValueError(f"unknown module {unknown[0]!r}: choose from {', '.join(MODULES)}")
    return [m for m in MODULES if m in modules or (m == "tokens1" and "tokens2" in modules)]


def deck_sets(modules: list[str]) -> tuple[str, ...]:
    return BASE_SETS + tuple(x for m in modules for x in MODULES[m])


def new_state(g: RulesContext, players: int, seed: int, abilities: bool, modules: list[str] | None = None) -> None:
    """Fill ``g.state`` with a fresh table for ``players`` players."""
    s = g.state
    s.rng = seed
    s.abilities = abilities
    s.modules = modules or []
    capital = "capital" in s.modules
    if "market" in s.modules:
        s.market = [0] * len(BASE_COLOURS)
    # The deck: every card of the chosen sets, shuffled.
    s.deck = CARDS.ids_in_sets(deck_sets(s.modules))
    in_play = set(s.deck)
    s.box = [c for c in range(len(CARDS)) if c not in in_play]
    g.rng_shuffle(s.deck)
    # Harbours: the grey one only with six players (or with Capital); each player one at random.
    harbours = list(BASE_COLOURS) + ([GREY] if players == MAX_PLAYERS or capital else [])
    g.rng_shuffle(harbours)
    for seat in range(players):
        colour = harbours[seat]
        bonus = 0
        if colour == GREY:
            bonus = GREY_BONUS_SIX_PLAYERS if players == MAX_PLAYERS else CAPITAL_GREY_BONUS
        p = Player(seat, colour, START_CREDITS + bonus)
        s.players.append(p)
        for k in range(2):
            ship = Ship(2 * seat + k, seat, at_sea=(k == 1))
            s.ships.append(ship)
            p.ships.append(ship.id)
    # The Supply Island gets one card per player; every ship at sea four containers.
    for _ in range(players):
        s.island.append(top_of_deck(g))  # type: ignore[arg-type]
    tokens = "tokens1" in s.modules
    for ship in s.ships:
        if ship.at_sea:
            while len(ship.containers) < SEA_CARDS_PER_SHIP:
                card = top_of_deck(g)
                if card is None:
                    break
                if CARDS.goods[card] == GREY:  # Capital: a grey card dealt to sea is replaced
                    s.discard.append(card)
                    continue
                if tokens:  # container tokens: the card is discarded, a token of its colour sails
                    s.discard.append(card)
                    card = new_token(g, CARDS.goods[card])
                ship.containers.append(card)
                ship.colours.append(CARDS.goods[card])
                ship.fills.append(-1)  # (dealt to sea: on no contract)
    for p in s.players:
        draw_cards(g, p.seat, HAND_SIZE)
    s.active = g.rng_below(players)
    reset_turn(g)
    s.stack = [{"kind": "lead", "seat": s.active}]
    g.emit("setup", n=players, p=s.active, abilities=abilities, modules=list(s.modules))


def reset_turn(g: RulesContext) -> None:
    s = g.state
    n = len(s.players)  # (``s.n``, read once: this runs every turn)
    s.led = -1
    s.decl = [-1] * n
    s.acts = [-1] * n
    s.sold = [False] * n
