"""Audit (group a): a copied anytime ability keeps its last chance once the game has ended.

ICELAND WATER (level 1) may be used whenever its holder decides, so once the game has ended its
holder has one more decision before the scoring.  Copied by WIND TURBINES, it works through that
card at every moment the original works, this last decision included.  The positions come from
``test_reread_copies`` (seat 0's WIND TURBINES copying a card; seat 2 ends the game with a sale).
"""

from __future__ import annotations

import pytest
from helpers import cid, plain_cards
from test_reread_copies import WT, ending, question

from importexport import Action


def game_ending(hand_colour: str):
    """Seat 0's WIND TURBINES copies seat 1's ICELAND WATER; seat 0 holds one card of
    ``hand_colour`` and no credits when seat 2's sale ends the game.  Returns the game and the card."""
    held = plain_cards(hand_colour, 1, {"ICELAND WATER", "WIND TURBINES"})
    g = ending("ICELAND WATER", [{"fulfilled": ["WIND TURBINES"], "hand": held, "credits": 0},
                                 {"fulfilled": ["ICELAND WATER"]}])
    return g, held[0]


@pytest.mark.card("WIND TURBINES")
@pytest.mark.card("ICELAND WATER")
def test_a_copied_iceland_water_has_its_last_chance_before_the_scoring():
    g, yellow = game_ending("yellow")
    frame = question(g)
    assert frame is not None and frame["seat"] == 0 and frame["card"] == WT and frame["step"] == "last"
    g.apply(Action(0, "anytime", (WT,), cid(yellow)))  # sell the agriculture card through the copy
    assert g.is_over()  # nothing left to use: the scoring follows
    assert g.scores()[0].credits == 2


@pytest.mark.card("WIND TURBINES")
@pytest.mark.card("ICELAND WATER")
def test_a_copied_iceland_water_with_nothing_to_sell_asks_nothing():
    g, _ = game_ending("green")
    assert g.is_over() and g.scores()[0].credits == 0
