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

import copy
import random
from dataclasses import fields
from typing import Any

from .cards import CARDS
from .game import Game
from .state import State
from .view import COUNTED_SEAT, COUNTED_TABLE, OPEN_SEAT, OPEN_TABLE


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
    sizes = sum(row[key] for row in view["table"] for key in COUNTED_SEAT) + sum(view[key + "_size"] for key in COUNTED_TABLE)
    if len(shown_set) != len(shown) or sizes != len(hidden):
        raise ValueError(f"the view shows {len(shown)} cards and hides {sizes}, but a {mode} game has "
                         f"{len(hidden) + len(shown_set)} different cards")
    rng.shuffle(hidden)

    def deal(k: int) -> list[int]:
        out = hidden[len(hidden) - k:] if k else []
        del hidden[len(hidden) - k:]
        return out

    rows = [{**{key: list(row[key]) for key in OPEN_SEAT}, **{key: deal(row[key]) for key in COUNTED_SEAT}}
            for row in view["table"]]
    data: dict[str, Any] = {key: copy.deepcopy(view[key]) for key in OPEN_TABLE}
    data.update((key, deal(view[key + "_size"])) for key in COUNTED_TABLE)
    data.update(n=n, players=rows, declared=False, rng=rng.getrandbits(64))  # (a game still going: not declared over)
    s = State.from_dict({f.name: data[f.name] for f in fields(State)})
    return Game.from_state(s)
