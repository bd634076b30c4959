"""The board's picture (``importexport.importexport.picture``) stays the same picture when its code
is reorganised: a digest of the pictures of many positions of seeded random games, every module
in play somewhere, two to six seats, English and German, with a person deciding (their hand along
the bottom, or every hand open as in a lesson), nobody deciding, and a move pointed at.

The digests were taken with the picture of commit fadad43 (before ``picture`` was split into one
function per part of the table): ``python3 tests/test_picture_same.py`` prints them for the code
it imports. A change that means to change the picture takes the new digests from that command
(and says so in its commit).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from itertools import combinations
from typing import Any

import pytest

from importexport import Game
from importexport.importexport.picture import picture
from importexport.importexport.setup import MODULES

GAMES = 12
EVERY = 7  # every seventh position of each game (and its last), each drawn four ways
COMBOS = [list(c) for k in range(len(MODULES) + 1) for c in combinations(MODULES, k)]

DIGESTS = {
    0: "115f9bc9929d9bd2",
    1: "7c510db06036b2c6",
    2: "5b83604a36ff8a69",
    3: "2b6f6e536898ca71",
    4: "674fc29eb5c034ea",
    5: "e50bb7f0c8a6850e",
    6: "df0fc2ba82a3f895",
    7: "fc1d3ae0525c7f72",
    8: "fe84977610d112f9",
    9: "2a6abe1292c66e8d",
    10: "006821fc03add3a0",
    11: "956b3183d2ac5b7b",
}
"""Game number: the first 16 hex digits of the SHA-256 of its pictures (see the module's docstring)."""


def game_modules(i: int) -> list[str]:
    """Game ``i``'s modules: spread over the combinations, the last game with every module."""
    return COMBOS[-1] if i == GAMES - 1 else COMBOS[(i * 97) % len(COMBOS)]


def pictures(i: int) -> list[dict[str, Any]]:
    """The pictures of game ``i`` (random legal choices, its own seed)."""
    g = Game(players=2 + i % 5, seed=i, modules=game_modules(i))
    rng = random.Random(1000 + i)
    out: list[dict[str, Any]] = []
    step = 0
    while True:
        if step % EVERY == 0 or g.is_over():
            lang = "de" if step % (2 * EVERY) else "en"
            deciders = [] if g.is_over() else g.deciders()
            decider = deciders[0] if deciders else None
            legal = g.legal_actions(decider) if decider is not None else []
            point = legal[step % len(legal)] if legal else None
            out.append(picture(g, lang))
            out.append(picture(g, lang, hands={decider} if decider is not None else set(), decider=decider))
            out.append(picture(g, lang, hands=None, decider=decider, point=point))
            if decider is not None:
                others = {(decider + 1) % g.state.n}
                out.append(picture(g, lang, hands=others, decider=(decider + 1) % g.state.n))
        if g.is_over():
            return out
        seat = rng.choice(g.deciders())
        g.apply(rng.choice(g.legal_actions(seat)))
        step += 1


def digest(i: int) -> str:
    text = json.dumps(pictures(i), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@pytest.mark.parametrize("i", range(GAMES))
def test_the_picture_of_a_game_is_the_one_before(i: int) -> None:
    assert digest(i) == DIGESTS[i], f"game {i} ({game_modules(i)}): its pictures changed"


if __name__ == "__main__":
    for n in range(GAMES):
        print(f"    {n}: \"{digest(n)}\",", flush=True)
    sys.exit(0)
