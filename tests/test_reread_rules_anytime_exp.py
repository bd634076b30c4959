"""Re-read of the rule-changing, anytime and expansion abilities (rule_changes.py, anytime.py,
expansion_cards.py) against the rulebook: one test per fix or ruling.

Every test builds a concrete position with ``load_scenario`` and drives it only through
``legal_actions()``/``apply()``.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import apply_one, cid, matching, plain_cards

from importexport import Action, Game
from importexport.importexport.scenario import load_scenario

GREEN = plain_cards("green", 2)
YELLOW = plain_cards("yellow", 3, {"SUGAR"})
BLUE = plain_cards("blue", 2)
GREY = ["THE ALGORITHM", "EUROS"]  # Capital cards whose abilities act only from the fulfilled contracts


def table(seats: list[dict[str, Any]], modules: list[str], **top: Any) -> Game:
    """Three players, abilities on, seat 0 to lead (or as ``top`` says)."""
    return load_scenario({"players": 3, "abilities": True, "modules": modules, "seats": seats, **top})


def anytime(g: Game, seat: int = 0) -> list[Action]:
    return [a for a in g.legal_actions(seat) if a.kind == "anytime"]


# --- TELESCOPES: Capital goods that count as technology ------------------------------------------

@pytest.mark.card("TELESCOPES")
def test_telescopes_cashes_in_a_capital_good_that_counts_as_technology():
    grey = cid(GREY[0])
    g = table([{"fulfilled": ["TELESCOPES"], "goods": [GREEN[0], GREY[0]]}], ["capital"])
    t = cid("TELESCOPES")
    assert set(anytime(g)) == {Action(0, "anytime", (t,), cid(GREEN[0])), Action(0, "anytime", (t,), grey)}
    g.apply(Action(0, "anytime", (t,), grey))
    p = g.state.players[0]
    assert p.credits == 14 and grey not in p.goods


@pytest.mark.card("TELESCOPES")
def test_telescopes_leaves_a_capital_good_of_another_type():
    g = table([{"fulfilled": ["TELESCOPES"], "goods": [YELLOW[0], GREEN[0], GREY[0]]}], ["capital"])
    assert anytime(g) == [Action(0, "anytime", (cid("TELESCOPES"),), cid(GREEN[0]))]


# --- ICELAND WATER: a sale reaches the island; Capital cards as agriculture goods --------------------

@pytest.mark.card("ICELAND WATER")
@pytest.mark.card("RAMEN")
def test_iceland_water_sale_is_taken_by_ramen_at_once():
    sold = cid(YELLOW[0])
    g = table([{"fulfilled": ["ICELAND WATER"], "hand": [YELLOW[0], GREEN[0]]}, {"fulfilled": ["RAMEN"]}],
              ["tokyo"])
    apply_one(g, "anytime", 0, target=sold)
    assert g.state.players[0].credits == 12
    assert sold in g.state.players[1].goods and sold not in g.state.island
    assert g.deciders() == [0]  # the lead decision is still pending


@pytest.mark.card("ICELAND WATER")
@pytest.mark.parametrize("first", ["yellow", "green"])
def test_iceland_water_a_capital_card_in_hand_is_no_agriculture_card(first):
    """Ruling 18f: a Capital card takes a type only among a player's goods, never in a hand."""
    leftmost = YELLOW[0] if first == "yellow" else GREEN[0]
    g = table([{"fulfilled": ["ICELAND WATER"], "goods": [leftmost], "hand": [GREY[0], YELLOW[1]]}], ["capital"])
    w = cid("ICELAND WATER")
    assert anytime(g) == [Action(0, "anytime", (w,), cid(YELLOW[1]))]


# --- RAMEN: Capital cards in the Tokyo harbour keep their grey colour --------------------------------

def ramen_fulfilment(goods: list[str], island: list[str]) -> Game:
    """Seat 0 fulfils RAMEN with its Load action (its last container in hand)."""
    g = table([{"hand": [YELLOW[2]], "goods": goods,  # RAMEN asks for green 1 and yellow 1
                "ships": [{"contracts": ["RAMEN"], "containers": [GREEN[0]]}, {}]}],
              ["tokyo", "capital"], island=island, turn={"led": "load", "declared": [1, -1, -1]})
    apply_one(g, "load", 0, cards=(cid(YELLOW[2]),))
    return g


@pytest.mark.card("RAMEN")
@pytest.mark.parametrize("first", [None, "yellow"])
def test_ramen_takes_agriculture_cards_but_no_capital_card(first):
    """Ruling 18f: the grey card in the Tokyo harbour is no agriculture card, whatever the holder's goods."""
    goods = {None: [], "yellow": [YELLOW[1]]}[first]
    g = ramen_fulfilment(goods, [YELLOW[0], GREY[0]])
    p = g.state.players[0]
    assert cid("RAMEN") in p.fulfilled and cid(YELLOW[0]) in p.goods
    assert cid(GREY[0]) in g.state.island and cid(GREY[0]) not in p.goods


# --- LUTEFISK: no ship that is about to sail -----------------------------------------------------

@pytest.mark.card("LUTEFISK")
def test_lutefisk_not_onto_the_ship_that_is_about_to_sail():
    g = table([{"hand": [GREEN[0], "LUTEFISK"],
                "ships": [{"contracts": ["CONTAINER FACTORY"], "containers": [BLUE[0]]}, {}]}],
              ["capital"], harbours=["yellow", "green", "blue"], turn={"led": "load", "declared": [1, -1, -1]})
    apply_one(g, "load", 0, cards=(cid(GREEN[0]),))
    assert g.state.stack[-1]["kind"] == "ask"  # CONTAINER FACTORY asks where it goes; ship 0 sails after
    lutefisk = cid("LUTEFISK")
    assert anytime(g) == [Action(0, "anytime", (lutefisk,), 1)]
    g.apply(Action(0, "anytime", (lutefisk,), 1))
    apply_one(g, "no", 0)
    s = g.state
    assert s.ships[0].at_sea and not s.ships[0].contracts
    assert s.ships[1].contracts == [lutefisk] and not s.ships[1].at_sea


# --- VOLKSWAGEN: grey Capital goods count twice, whatever type they take ------------------------------

@pytest.mark.card("VOLKSWAGEN")
@pytest.mark.parametrize("with_grey", [True, False])
def test_volkswagen_capital_good_of_another_type_counts_twice(with_grey):
    goods = [YELLOW[0], GREY[0]] if with_grey else [YELLOW[0], YELLOW[1]]
    g = table([{"fulfilled": ["VOLKSWAGEN"], "goods": goods, "hand": ["SUGAR"]}], ["capital"],
              harbours=["blue", "green", "black"], turn={"led": "contract", "declared": [1, -1, -1]})
    options = matching(g, "contract", 0, cards=(cid("SUGAR"),))
    # SUGAR asks for 3 agriculture levels: 1 + 2 with the Capital good, 2 with two plain ones
    assert bool(options) == with_grey
