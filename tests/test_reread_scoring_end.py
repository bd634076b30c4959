"""Re-read of the scoring and end-of-game abilities against the rulebook: the fixes and rulings.

Every test builds a concrete position and drives it only through ``legal_actions()``/``apply()``
(and ``scores()``).  The scoring positions end the game as ``test_abilities_endgame`` does: the
last seat sells a card and reaches the credit goal.  Two players who both win ties come from
WIND TURBINES copying FOXES when it is fulfilled.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import cid, fulfil_position
from test_abilities_endgame import Fill, ending, lines, question

from importexport import Action
from importexport.importexport.constants import BLACK, BLUE, GREEN, GREY, IMPORT, RED, SUPPLY, YELLOW
from importexport.importexport.scenario import load_scenario

FOUR_TYPES = [GREEN, YELLOW, BLACK, BLUE]


def copy_foxes(fill: Fill, seat0: dict[str, Any], others: list[dict[str, Any]]):
    """Seat 0 fulfils WIND TURBINES with a Load and copies FOXES, which seat 1 holds: afterwards
    seats 0 and 1 both win ties.  Returns the game right after the copy."""
    others = [dict(others[0]), *others[1:]]
    others[0]["fulfilled"] = ["FOXES", *others[0].get("fulfilled", [])]
    g, load = fulfil_position("WIND TURBINES", True, seat0=seat0, others=others)
    g.apply(load)
    choice = Action(0, "choose", (cid("WIND TURBINES"), cid("FOXES")))
    assert choice in g.legal_actions(0)
    g.apply(choice)
    return g


# --- goods of a type: Capital goods take the type of their owner's leftmost other good -------------

@pytest.mark.card("APPLE WATCH")
def test_apple_watch_counts_a_capital_good_as_the_type_it_takes():
    fill = Fill("APPLE WATCH")
    goods = [fill.one(BLACK), fill.one(GREY), *fill.take(BLUE, 2)]  # the Capital good counts as consumer
    seat0 = {"fulfilled": ["APPLE WATCH", *fill.take(RED, 2, "fulfilled")], "goods": goods}
    g = ending([seat0], True, fill, modules=["capital"])
    assert g.is_over()
    assert lines(g)["ability:APPLE WATCH"] == 12  # two consumer goods pair with two luxury goods


@pytest.mark.card("MOTHER LOAD")
def test_mother_load_counts_a_capital_good_as_illegal():
    fill = Fill("MOTHER LOAD")
    red = fill.take(RED, 7)
    cargo = fill.one(RED, "container")
    seat0 = {"fulfilled": ["MOTHER LOAD", *fill.take(BLUE, 3, "fulfilled")], "goods": [*red[:6], fill.one(GREY)]}
    g = load_scenario({
        "players": 3, "abilities": True, "modules": ["capital"],
        "seats": [seat0, {"ships": [{}, {"at_sea": True, "containers": [cargo, red[6]]}]}],
        "turn": {"led": "import", "declared": [1, -1, -1]},
    })
    assert not g.is_over()  # 6 illegal goods and a Capital good that counts as illegal
    g.apply(Action(0, "ship", target=3))
    take = [a for a in g.legal_actions(0) if a.kind == "take" and a.cards == (cid(cargo),) and a.target == 1]
    g.apply(take[0])
    assert g.is_over() and g.state.end_reason == "win" and g.state.winners == [0]


@pytest.mark.card("CERAMICS")
@pytest.mark.card("TESLAS")
def test_ceramics_counts_the_goods_area_not_the_teslas_crew():
    fill = Fill("CERAMICS", "TESLAS")
    seat0 = {
        "fulfilled": ["TESLAS", "CERAMICS"],  # TESLAS' count comes first
        "crew": [fill.one(GREEN, "crew", SUPPLY), fill.one(YELLOW, "crew", SUPPLY)],
        "goods": [fill.one(GREEN)],
    }
    g = ending([seat0], True, fill)
    assert question(g) == "teslas"
    g.apply(Action(0, "choose", (cid("TESLAS"),), BLACK))
    assert g.is_over()
    assert lines(g)["goods"] == 3  # 1 good and 2 crew counting as consumer, no extra luxury good


# --- SAUNA: the amount paid out is doubled ------------------------------------------------------------

@pytest.mark.card("SAUNA")
def test_sauna_doubles_the_rounded_share_of_a_tie():
    fill = Fill("SAUNA")
    seats = [{"fulfilled": ["SAUNA"], "goods": [fill.one(GREEN)]}] + [{"goods": [fill.one(GREEN)]} for _ in range(3)]
    g = ending(seats, True, fill, players=5)
    assert g.is_over()
    assert [lines(g, q).get("most_green") for q in range(5)] == [4, 2, 2, 2, None]  # 6 / 4 is 2, doubled


# --- FOXES: every tie ------------------------------------------------------------------------------------

@pytest.mark.card("FOXES")
def test_foxes_wins_the_tie_for_the_most_credits():
    fill = Fill("FOXES")
    g = ending([{"credits": 60, "fulfilled": ["FOXES"]}, {"credits": 60}], True, fill)
    assert g.is_over()
    assert g.scores()[0].total == g.scores()[1].total
    assert g.state.winners == [0]


@pytest.mark.card("FOXES")
def test_two_foxes_holders_share_a_majority_and_both_escape_the_penalty():
    fill = Fill("WIND TURBINES", "FOXES")
    goods = [[fill.one(BLUE), fill.one(RED)] for _ in range(3)]
    g = copy_foxes(fill, {"credits": 49, "goods": goods[0]}, [{"goods": goods[1]}, {"goods": goods[2]}])
    assert g.is_over()  # the payout reached the credit goal
    assert [lines(g, q).get("most_blue") for q in range(3)] == [4, 4, None]
    assert [lines(g, q).get("most_red") for q in range(3)] == [None, None, -6]


@pytest.mark.card("CHAMPAGNE")
@pytest.mark.card("FOXES")
def test_champagne_tie_with_two_foxes_holders_is_split_between_them_only():
    fill = Fill("WIND TURBINES", "FOXES", "CHAMPAGNE")
    others = [{"fulfilled": [fill.one(GREEN, "fulfilled")]}, {"fulfilled": fill.take(YELLOW, 2, "fulfilled")}]
    g = copy_foxes(fill, {"credits": 49, "fulfilled": ["CHAMPAGNE"]}, others)
    assert g.is_over()  # two fulfilled contracts each
    assert lines(g)["ability:CHAMPAGNE"] == 4  # 8 shared by the two who win ties, not by all three


@pytest.mark.card("FOXES")
def test_two_foxes_holders_tied_bids_the_active_player_picks_between_them():
    fill = Fill("WIND TURBINES", "FOXES")
    seat0 = {"crew": [fill.one(GREEN, "crew", IMPORT)]}
    others = [{"hand": [fill.one(BLUE, "hand", IMPORT)]}, {"hand": [fill.one(YELLOW, "hand", IMPORT)]}]
    g = copy_foxes(fill, seat0, others)
    assert g.state.active == 1
    g.apply([a for a in g.legal_actions(1) if a.kind == "play"][0])
    g.apply([a for a in g.legal_actions(2) if a.kind == "play"][0])
    g.apply(Action(0, "draw"))  # seat 0 bids with its Import crew card
    g.apply([a for a in g.legal_actions(0) if a.kind == "declare" and a.count == 1][0])
    g.apply(Action(1, "ship", target=0))  # seat 0's ship, gone to sea with its cargo
    for seat in (0, 1, 2):
        g.apply(Action(seat, "bid", count=2))
    assert g.deciders() == [1]
    assert {a.target for a in g.legal_actions(1) if a.kind == "winner"} == {0, 1}


@pytest.mark.card("GRAPHICS CARDS")
@pytest.mark.card("FOXES")
def test_graphics_cards_tie_with_another_foxes_holder_is_not_the_most():
    fill = Fill("WIND TURBINES", "FOXES", "GRAPHICS CARDS")
    seat0 = {"fulfilled": ["GRAPHICS CARDS"], "goods": fill.mixed(FOUR_TYPES, "goods")}
    g = copy_foxes(fill, seat0, [{"goods": fill.mixed(FOUR_TYPES, "goods")}])
    assert g.state.end_reason != "win"


@pytest.mark.card("GRAPHICS CARDS")
@pytest.mark.card("FOXES")
def test_graphics_cards_tie_won_by_foxes_alone_is_the_most():
    fill = Fill("FOXES", "GRAPHICS CARDS")
    seat0 = {"fulfilled": ["GRAPHICS CARDS", "FOXES"], "goods": fill.mixed(FOUR_TYPES, "goods")}
    seats = [seat0, {"goods": fill.mixed(FOUR_TYPES, "goods")}, {"hand": [fill.one(GREEN, "hand")]}]
    g = load_scenario({"players": 3, "abilities": True, "seats": seats, "active": 2})
    assert g.state.end_reason == "win" and g.state.winners == [0]


@pytest.mark.card("EXOTIC FISH")
@pytest.mark.card("FOXES")
def test_exotic_fish_tie_with_another_foxes_holder_is_not_the_most():
    fill = Fill("WIND TURBINES", "FOXES", "EXOTIC FISH")
    seat0 = {"credits": 30, "fulfilled": ["EXOTIC FISH"], "goods": fill.take(GREEN, 2)}
    others = [{"credits": 5, "goods": fill.take(YELLOW, 2)}, {"credits": 5}]
    g = copy_foxes(fill, seat0, others)
    assert g.state.end_reason != "win"
