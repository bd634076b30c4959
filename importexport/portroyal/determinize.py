"""A whole Port Royal table built from what one seat sees, the hidden cards dealt at random.

A seat sees every open card (the harbour, the expeditions beside it, the card just turned, every
player's persons and fulfilled expeditions) and only the sizes of the face-down places: the draw
pile, the discard pile, the time pile and each player's coins.  :func:`determinize` deals the cards
the seat cannot see into those places at random, keeping every size, so a search can play on from a
table that might be the real one without ever looking at the real one.

>>> import random
>>> from importexport.portroyal.game import Game
>>> g = Game(players=3, seed=5, mode="competitive")
>>> g.apply(g.legal_actions()[0])                 # the first card is turned
>>> seat = g.deciders()[0]
>>> d = determinize(g.view(seat), random.Random(1))
>>> d.view(seat) == g.view(seat), d.legal_actions(seat) == g.legal_actions(seat)
(True, True)

What comes next in the turn (the view's ``stack``) is open to everybody and is copied as it is.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import CARDS
from .game import Game
from .state import Player, State


def open_cards(view: dict[str, Any]) -> list[int]:
    """Every card the view shows face up."""
    out = list(view["harbour"]) + list(view["expeditions"])
    if view["just_turned"] is not None:
        out.append(view["just_turned"])
    for row in view["table"]:
        out += row["persons"] + row["expeditions"]
    return out


def determinize(view: dict[str, Any], rng: random.Random) -> Game:
    """A game agreeing with ``view`` (``Game.view(seat)``) in everything it
    shows; the cards it hides are dealt from those it does not show, uniformly at random with
    ``rng``, into the draw pile, the discard pile, the time pile and each player's coins (their sizes
    kept), and the game's random source (later reshuffles) is drawn from ``rng`` too.

    ValueError if the sizes in the view do not add up to the cards of its mode."""
    mode, n = view["mode"], view["players"]
    shown = open_cards(view)
    shown_set = set(shown)
    hidden = [c for c in CARDS.ids(mode != "base") if c not in shown_set]
    coins = [row["coins"] for row in view["table"]]
    sizes = sum(coins) + view["deck_size"] + view["discard_size"] + view["time_pile_size"]
    if len(shown_set) != len(shown) or sizes != len(hidden):
        raise ValueError(f"the view shows {len(shown)} cards and hides {sizes}, but a {mode} game has "
                         f"{len(hidden) + len(shown_set)} different cards")
    rng.shuffle(hidden)

    def deal(k: int) -> list[int]:
        out = hidden[len(hidden) - k:] if k else []
        del hidden[len(hidden) - k:]
        return out

    players = [
        Player(deal(k), list(row["persons"]), list(row["expeditions"]), list(row["contracts"]))
        for k, row in zip(coins, view["table"])
    ]
    time_pile = deal(view["time_pile_size"])
    discard = deal(view["discard_size"])
    deck = deal(view["deck_size"])
    s = State(
        mode=mode, n=n, start=view["start"], active=view["active"], turn=view["turn"], deck=deck, discard=discard,
        time_pile=time_pile, harbour=list(view["harbour"]), expeditions=list(view["expeditions"]), players=players,
        contracts=list(view["contracts"]), boxes=[list(b) for b in view["boxes"]], turned=view["turned"],
        repelled=view["repelled"], ending=view["ending"], rng=rng.getrandbits(64),
    )
    s.stack = [dict(f) for f in view["stack"]]
    return Game.from_state(s)
