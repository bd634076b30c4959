"""Setting up a new table, step by step as the rulebook lays it out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CARDS
from .constants import (
    BASE_COLOURS,
    GREY,
    GREY_BONUS_SIX_PLAYERS,
    HAND_SIZE,
    MAX_PLAYERS,
    SEA_CARDS_PER_SHIP,
    START_CREDITS,
)
from .rules import draw_cards, top_of_deck
from .state import Player, Ship

if TYPE_CHECKING:
    from .engine import Game

BASE_SETS = ("base",)


def new_state(g: Game, players: int, seed: int, abilities: bool, sets: tuple[str, ...] = BASE_SETS) -> None:
    """Fill ``g.state`` with a fresh table for ``players`` players."""
    s = g.state
    s.rng = seed
    s.abilities = abilities
    # The deck: every card of the chosen sets, shuffled.
    s.deck = CARDS.ids_in_sets(sets)
    g.rng_shuffle(s.deck)
    # Harbours: the grey one only with six players; each player one at random, with two ships.
    harbours = list(BASE_COLOURS) + ([GREY] if players == MAX_PLAYERS else [])
    g.rng_shuffle(harbours)
    for seat in range(players):
        colour = harbours[seat]
        p = Player(seat, colour, START_CREDITS + (GREY_BONUS_SIX_PLAYERS if colour == GREY else 0))
        s.players.append(p)
        for k in range(2):
            ship = Ship(2 * seat + k, seat, at_sea=(k == 1))
            s.ships.append(ship)
            p.ships.append(ship.id)
    # The Supply Island gets one card per player; every ship at sea four containers.
    for _ in range(players):
        s.island.append(top_of_deck(g))  # type: ignore[arg-type]
    for ship in s.ships:
        if ship.at_sea:
            for _ in range(SEA_CARDS_PER_SHIP):
                card = top_of_deck(g)
                ship.containers.append(card)  # type: ignore[arg-type]
                ship.colours.append(CARDS.goods[card])  # type: ignore[index]
    for p in s.players:
        draw_cards(g, p.seat, HAND_SIZE)
    s.active = g.rng_below(players)
    reset_turn(g)
    s.stack = [{"k": "lead", "p": s.active}]
    g.emit("setup", n=players, p=s.active, abilities=abilities)


def reset_turn(g: Game) -> None:
    s = g.state
    s.led = -1
    s.decl = [-1] * s.n
    s.sold = [False] * s.n
