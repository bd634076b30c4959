"""Audit (group a): cards that ask how many goods of a type a player owns count JOE WIGGINS.

JOE WIGGINS, a fulfilled contract, counts as one technology, one agriculture, one illegal and one
consumer good.  MOTHER LOAD (8 illegal goods) and AMMUNITION (players owning illegal goods) speak
of goods a player has, not of the cards in a goods area, so they count it as the scoring does,
like ARTIFACTS, APPLE WATCH, GRAPHICS CARDS and EXOTIC FISH.  Positions come from
``load_scenario`` and are driven through ``legal_actions()``/``apply()`` only.
"""

from __future__ import annotations

import pytest
from helpers import cid, fulfil_position
from test_abilities_endgame import Fill

from importexport import Action
from importexport.importexport.constants import BLUE, GREEN, RED
from importexport.importexport.scenario import load_scenario


def mother_load_import(red_goods: int):
    """Seat 0 holds MOTHER LOAD and JOE WIGGINS, ``red_goods`` illegal goods and is about to win
    an Import of a ship carrying one more illegal card and a technology card."""
    fill = Fill("MOTHER LOAD", "JOE WIGGINS")
    red = fill.take(RED, red_goods + 1)
    cargo = fill.one(GREEN, "container")
    seat0 = {"fulfilled": ["MOTHER LOAD", "JOE WIGGINS", *fill.take(BLUE, 3, "fulfilled")], "goods": red[:-1]}
    g = load_scenario({
        "players": 3, "abilities": True,
        "seats": [seat0, {"ships": [{}, {"at_sea": True, "containers": [cargo, red[-1]]}]}],
        "turn": {"led": "import", "declared": [1, -1, -1]},
    })
    g.apply(Action(0, "ship", target=3))
    return g, red[-1], cargo


def take_into_goods(g, card: str) -> None:
    take = [a for a in g.legal_actions(0) if a.kind == "take" and a.cards == (cid(card),) and a.target == 1]
    g.apply(take[0])


@pytest.mark.card("MOTHER LOAD")
@pytest.mark.card("JOE WIGGINS")
def test_mother_load_seven_illegal_goods_and_joe_wiggins_win():
    g, red, _ = mother_load_import(6)
    assert not g.is_over()  # 6 illegal goods and JOE WIGGINS: 7
    take_into_goods(g, red)
    assert g.is_over() and g.state.end_reason == "win" and g.state.winners == [0]


@pytest.mark.card("MOTHER LOAD")
@pytest.mark.card("JOE WIGGINS")
def test_mother_load_joe_wiggins_counts_once():
    g, _, tech = mother_load_import(6)
    take_into_goods(g, tech)  # a technology good: still 7 illegal goods with JOE WIGGINS
    assert not g.is_over()


@pytest.mark.card("AMMUNITION")
@pytest.mark.card("JOE WIGGINS")
def test_ammunition_a_joe_wiggins_holder_owns_an_illegal_good_and_pays():
    g, load = fulfil_position("AMMUNITION", True, others=[
        {"fulfilled": ["JOE WIGGINS"], "credits": 10},  # no goods, but JOE WIGGINS counts as an illegal one
        {"credits": 10},
    ])
    g.apply(load)
    assert [p.credits for p in g.state.players[1:]] == [8, 10]
