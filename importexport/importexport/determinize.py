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
    data["stack"], unseen = _stack_as_seen(view["stack"], seat)
    state = State.from_dict(data)
    unknown = _unknown(state, view)
    rng.shuffle(unknown)
    for p, pv in zip(state.players, view["players"]):
        if p.seat != seat:
            k = pv["hand_size"]
            p.hand, unknown = unknown[:k], unknown[k:]
    unknown = _deal_held(state, unseen, rng, unknown)
    _deal_piles(state, view, unknown)
    return state


def _stack_as_seen(frames: list[dict[str, Any]], seat: int) -> tuple[list[dict[str, Any]], list[tuple[int, str]]]:
    """The steps pending, others' sealed bids cleared, and (place in the stack, key) of each card
    held in another seat's step (hidden from ``seat``: None, or a list of None)."""
    stack = []
    unseen: list[tuple[int, str]] = []
    for i, frame in enumerate(frames):
        f = dict(frame)
        if f.get("kind") == "bid":
            f["bids"] = [b if isinstance(b, int) and (bidder == seat or b < 0) else -1
                         for bidder, b in zip(f["bidders"], f["bids"])]
        for key, value in frame.items():
            if value is None or (isinstance(value, list) and value and value[0] is None):
                unseen.append((i, key))
        stack.append(f)
    return stack, unseen


def _unknown(state: State, view: dict[str, Any]) -> list[int]:
    """The cards of the game's decks the view does not show, lowest id first."""
    from .setup import deck_sets

    seen = {c for c in state.all_cards() if c is not None}
    for top in (view.get("discard_top"), view.get("deck_top")):
        if top is not None:
            seen.add(top)
    return [c for c in CARDS.ids_in_sets(deck_sets(state.modules)) if c not in seen]


def _deal_held(state: State, unseen: list[tuple[int, str]], rng: random.Random, unknown: list[int]) -> list[int]:
    """Deal the cards held in other seats' steps; one a seat just drew lies in its hand.  Returns
    the cards still to deal."""
    for i, key in unseen:
        frame = state.stack[i]
        hand = state.players[frame["seat"]].hand if isinstance(frame.get("seat"), int) else []
        if frame[key] is None:
            frame[key] = rng.choice(hand) if hand else unknown.pop()
        else:
            frame[key], unknown = unknown[: len(frame[key])], unknown[len(frame[key]):]
    return unknown


def _deal_piles(state: State, view: dict[str, Any], unknown: list[int]) -> None:
    """The discard pile under its open top card, then the deck (its top card, if shown, on top)."""
    top = view.get("discard_top")
    deck_top = view.get("deck_top")
    under = max(0, view["discard_size"] - (1 if top is not None else 0))
    state.discard, unknown = unknown[:under], unknown[under:]
    if top is not None:
        state.discard.append(top)
    deck_size = view["deck_size"] - (1 if deck_top is not None else 0)
    state.deck = unknown[:deck_size]
    if deck_top is not None:
        state.deck.append(deck_top)


def determinized_game(view: dict[str, Any], rng: random.Random) -> Game:
    """A :class:`~importexport.importexport.engine.Game` at the table :func:`determinize` deals from ``view``."""
    from .engine import Game as GameClass

    return GameClass.from_state(determinize(view, rng))
