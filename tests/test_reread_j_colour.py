"""A J card among goods has one colour everywhere (docs/abilities.md, "The J colour").

A J card is loaded as one of its two container colours (for 2 credits) and keeps that colour while
it is a container; among goods it counts as its own goods type in the card list, whatever colour
it was loaded as: for levels, the scoring and its majorities, the goods market and every ability
(``rules.good_type``).  SHOWERS (consumer, loads as black or blue), SCULPTURES (luxury, blue or
black), NANOBOTS (technology, green or red), SANITIZER (consumer, black or green) and RAILGUNS
(illegal, red or yellow) serve below.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import apply_one, cid, fulfil_position, plain_cards

from importexport import CARDS, Action, Game
from importexport.importexport.actions import TAKE_GOODS
from importexport.importexport.constants import BLUE, GREEN, RED
from importexport.importexport.rules import good_type, levels
from importexport.importexport.scenario import load_scenario
from importexport.importexport.scoring import final_scores

J_CARDS = ("SHOWERS", "SCULPTURES", "NANOBOTS", "SANITIZER", "RAILGUNS")


def imported(container: str, *, holder: str | None = None, modules: tuple[str, ...] = ("j",), **top: Any) -> Game:
    """Seat 0 (active, one Import declared) imports ``container`` (``NAME@colour``: a J card loaded
    as that colour) from its own ship at sea into its goods; seat 1 holds ``holder``."""
    filler = plain_cards("green", 1)[0]
    seats = [
        {"ships": [{}, {"at_sea": True, "containers": [container, filler]}]},
        {"fulfilled": [holder] if holder else []},
    ]
    spec = {"players": 3, "abilities": True, "seats": seats, "modules": list(modules),
            "turn": {"led": "import", "declared": [1, -1, -1]}, **top}
    g = load_scenario(spec)
    apply_one(g, "ship", 0, target=1)  # a lone bidder imports from its own ship for free
    card = g.state.ships[1].containers[0]
    apply_one(g, "take", 0, cards=(card,), target=TAKE_GOODS)
    return g


def test_a_j_good_moves_the_market_marker_of_its_own_type_not_the_colour_it_was_loaded_as():
    g = imported("SCULPTURES@black", modules=("j", "market"))
    assert g.state.players[0].goods == [cid("SCULPTURES")]
    assert g.state.market == [0, 0, 0, 1, 0]  # luxury (blue) up, consumer (black) untouched


def test_a_j_good_counts_as_its_own_type_for_the_levels():
    g = imported("NANOBOTS@red")
    have = levels(g, 0)
    harbour = g.state.players[0].harbour
    assert have[GREEN] == 1 + (harbour == GREEN) and have[RED] == (harbour == RED)


def test_a_j_good_counts_as_its_own_type_in_the_scoring_and_its_majorities():
    black = plain_cards("black", 1)[0]
    g = load_scenario({"players": 3, "modules": ["j"], "seats": [
        {"goods": ["SCULPTURES"]}, {"goods": [black]}, {}]})
    lines = [dict(score.lines) for score in final_scores(g)]
    assert lines[0].get("most_blue") == 8 and "most_black" not in lines[0]
    assert lines[1].get("most_black") == 6


@pytest.mark.parametrize("card", J_CARDS)
def test_every_j_card_among_goods_counts_as_the_type_the_card_list_gives_it(card: str):
    g = load_scenario({"players": 3, "modules": ["j"], "seats": [{"goods": [card]}]})
    assert good_type(g, 0, cid(card)) == CARDS.by_name(card).colour


@pytest.mark.card("BUBBLEGUM")
def test_bubblegum_pays_for_a_j_good_of_its_own_consumer_type_whatever_it_was_loaded_as():
    assert imported("SHOWERS@blue", holder="BUBBLEGUM").state.players[1].credits == 10 + 4
    assert imported("SCULPTURES@black", holder="BUBBLEGUM").state.players[1].credits == 10


@pytest.mark.card("CHAPSTICK")
def test_chapstick_pays_for_a_j_good_of_its_own_consumer_type_whatever_it_was_loaded_as():
    assert imported("SANITIZER@green", holder="CHAPSTICK").state.players[1].credits == 10 + 2
    assert imported("SCULPTURES@black", holder="CHAPSTICK").state.players[1].credits == 10


@pytest.mark.card("TELESCOPES")
def test_telescopes_cashes_in_a_j_good_of_technology_type_only():
    g = load_scenario({"players": 3, "abilities": True, "modules": ["j"], "seats": [
        {"fulfilled": ["TELESCOPES"], "goods": ["NANOBOTS", "SANITIZER"]}]})
    offered = [a for a in g.legal_actions(0) if a.kind == "anytime"]
    assert offered == [Action(0, "anytime", (cid("TELESCOPES"),), cid("NANOBOTS"))]


@pytest.mark.card("AMMUNITION")
def test_ammunition_counts_a_j_good_of_illegal_type_only():
    g, load = fulfil_position("AMMUNITION", True, modules=["j"],
                              others=[{"goods": ["RAILGUNS"], "credits": 10}, {"goods": ["NANOBOTS"], "credits": 10}])
    g.apply(load)
    assert [p.credits for p in g.state.players[1:]] == [8, 10]


@pytest.mark.card("VACUUMS")
def test_vacuums_may_be_paid_with_a_j_good_of_luxury_type_only():
    g, load = fulfil_position("VACUUMS", True, modules=["j"], others=[{"goods": ["SCULPTURES", "SHOWERS"]}, {}])
    g.apply(load)
    assert 1 in g.deciders()
    given = {a.cards[1] for a in g.legal_actions(1) if a.kind == "choose" and len(a.cards) > 1}
    assert given == {cid("SCULPTURES")}  # SHOWERS loads as blue, but is a consumer good


@pytest.mark.card("YAKUZA ART")
@pytest.mark.parametrize(("goods", "drawn", "gained"), [
    (["SHOWERS", "NANOBOTS"], 5, 4),  # a consumer and a technology good
    (["SCULPTURES", "SANITIZER"], 5, 0),  # SCULPTURES loads as black, SANITIZER as green: only consumer counts
])
def test_yakuza_art_sees_j_goods_as_their_own_types(goods: list[str], drawn: int, gained: int):
    g, load = fulfil_position("YAKUZA ART", True, modules=["j"], seat0={"goods": goods, "credits": 0})
    g.apply(load)
    p = g.state.players[0]
    assert len(p.hand) == drawn and p.credits == 10 + gained


def test_a_capital_good_moves_the_market_marker_of_the_type_it_takes():
    black = plain_cards("black", 1)[0]
    seats = [{"goods": [black], "ships": [{}, {"at_sea": True, "containers": ["INTEREST"]}]}]
    g = load_scenario({"players": 3, "abilities": True, "seats": seats, "modules": ["capital", "market"],
                       "turn": {"led": "import", "declared": [1, -1, -1]}})
    apply_one(g, "ship", 0, target=1)
    apply_one(g, "take", 0, cards=(cid("INTEREST"),), target=TAKE_GOODS)
    assert g.state.players[0].goods == [cid(black), cid("INTEREST")]
    assert g.state.market == [0, 0, 1, 0, 0]  # consumer (black), the type the Capital good takes


@pytest.mark.card("STEM CELLS")
def test_with_goods_tokens_a_j_card_pirated_into_the_goods_becomes_a_token_of_its_own_type():
    g = load_scenario({"players": 3, "abilities": True, "modules": ["j", "tokens1", "tokens2"],
                       "island": ["SCULPTURES"], "seats": [{"fulfilled": ["STEM CELLS"], "credits": 10}],
                       "turn": {"led": "pirate", "declared": [1, -1, -1]}})
    g.apply(f"p0 pirate c={cid('SCULPTURES')} t=-2 from=-1")  # from the island into the goods (STEM CELLS)
    goods = g.state.players[0].goods
    assert len(goods) == 1 and CARDS.goods[goods[0]] == BLUE and g.state.players[0].credits == 8
