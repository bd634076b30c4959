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


@pytest.mark.card("WIND TURBINES")
@pytest.mark.card("ICELAND WATER")
def test_a_copied_iceland_water_has_its_last_chance_before_the_scoring():
    yellow = plain_cards("yellow", 1, {"ICELAND WATER", "WIND TURBINES"})
    g = ending("ICELAND WATER", [{"fulfilled": ["WIND TURBINES"], "hand": yellow, "credits": 0},
                                 {"fulfilled": ["ICELAND WATER"]}])
    frame = question(g)
    assert frame is not None and frame["seat"] == 0 and frame["card"] == WT and frame["step"] == "last"
    g.apply(Action(0, "anytime", (WT,), cid(yellow[0])))  # sell the agriculture card through the copy
    assert g.is_over()  # nothing left to use: the scoring follows
    assert g.scores()[0].credits == 2


@pytest.mark.card("WIND TURBINES")
@pytest.mark.card("ICELAND WATER")
def test_a_copied_iceland_water_with_nothing_to_sell_asks_nothing():
    other = plain_cards("green", 1, {"ICELAND WATER", "WIND TURBINES"})
    g = ending("ICELAND WATER", [{"fulfilled": ["WIND TURBINES"], "hand": other, "credits": 0},
                                 {"fulfilled": ["ICELAND WATER"]}])
    assert g.is_over() and g.scores()[0].credits == 0
