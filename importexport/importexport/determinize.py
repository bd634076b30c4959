"""Determinization for Import/Export: a whole table agreeing with one seat's view, the cards that
seat cannot see dealt at random (the search bot and the coach play on from such tables).

>>> import random
>>> from importexport.importexport.engine import Game
>>> g = Game(players=3, seed=2)
>>> seat = g.deciders()[0]
>>> d = determinized_game(g.view(seat), random.Random(1))
>>> d.view(seat) == g.view(seat)
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .cards import CARDS
from .state import State

if TYPE_CHECKING:
    from .engine import Game


def determinize(view: dict[str, Any], rng: random.Random) -> State:
    """A complete :class:`State` agreeing with ``view`` (``Game.view(seat)``): the cards the seat
    cannot see (other hands, the deck, the discard pile under its top card) are dealt at random
    from the cards unaccounted for, keeping every pile's size; sealed bids of others are cleared
    (they bid again in the sample) and the game's random source is drawn from ``rng``.
    """
    seat = view["seat"]
    data = dict(view)
    data["players"] = [dict(p, hand=list(p["hand"])) for p in view["players"]]
    data["deck"], data["discard"] = [], []
    data["rng"] = rng.getrandbits(63)
    stack = []
    unseen: list[tuple[int, str]] = []  # (place in the stack, key) of cards in another seat's step
    for i, frame in enumerate(view["stack"]):
        f = dict(frame)
        if f.get("kind") == "bid":
            f["bids"] = [b if isinstance(b, int) and (bidder == seat or b < 0) else -1
                         for bidder, b in zip(f["bidders"], f["bids"])]
        for key, value in frame.items():
            if value is None or (isinstance(value, list) and value and value[0] is None):
                unseen.append((i, key))
        stack.append(f)
    data["stack"] = stack
    state = State.from_dict(data)
    from .setup import deck_sets

    seen = [c for c in state.all_cards() if c is not None]
    top = view.get("discard_top")
    deck_top = view.get("deck_top")
    seen_set = set(seen)
    if top is not None:
        seen_set.add(top)
    if deck_top is not None:
        seen_set.add(deck_top)
    unknown = [c for c in CARDS.ids_in_sets(deck_sets(state.modules)) if c not in seen_set]
    rng.shuffle(unknown)
    for p, pv in zip(state.players, view["players"]):
        if p.seat != seat:
            k = pv["hand_size"]
            p.hand, unknown = unknown[:k], unknown[k:]
    for i, key in unseen:  # a card held in another seat's step; one it just drew lies in its hand
        frame = state.stack[i]
        hand = state.players[frame["seat"]].hand if isinstance(frame.get("seat"), int) else []
        if frame[key] is None:
            frame[key] = rng.choice(hand) if hand else unknown.pop()
        else:
            frame[key], unknown = unknown[: len(frame[key])], unknown[len(frame[key]):]
    under = max(0, view["discard_size"] - (1 if top is not None else 0))
    state.discard, unknown = unknown[:under], unknown[under:]
    if top is not None:
        state.discard.append(top)
    deck_size = view["deck_size"] - (1 if deck_top is not None else 0)
    state.deck = unknown[:deck_size]
    if deck_top is not None:
        state.deck.append(deck_top)
    return state


def determinized_game(view: dict[str, Any], rng: random.Random) -> Game:
    """A :class:`~importexport.importexport.engine.Game` at the table :func:`determinize` deals from ``view``."""
    from .engine import Game as GameClass

    return GameClass.from_state(determinize(view, rng))
