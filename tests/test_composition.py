"""Several rule changes in play at once compose in a fixed, documented order (docs/rules.md)."""

from __future__ import annotations

import pytest
from helpers import apply_one, is_quiet, plain_cards

from importexport import CARDS
from importexport.importexport.scenario import load_scenario
from importexport.importexport.scoring import final_scores


def sale_position(credits: list[int], fulfilled: list[list[str]]) -> object:
    """Seat 2 is about to sell a card (4 credits); seats hold the given fulfilled contracts."""
    seats = [{"credits": c, "fulfilled": f} for c, f in zip(credits, fulfilled, strict=True)]
    seats[2]["hand"] = plain_cards("green", 1)
    return load_scenario({"players": 3, "abilities": True, "seats": seats,
                          "turn": {"led": "supply", "declared": [-1, -1, 1]}})


@pytest.mark.card("MRI MACHINE")
@pytest.mark.card("CAN OPENERS")
@pytest.mark.parametrize(("before", "ends"), [(45, False), (66, True)])
def test_a_raised_credit_goal_and_an_exemption_compose(before: int, ends: bool) -> None:
    """MRI MACHINE (seat 0) raises everybody's goal to 70; CAN OPENERS (seat 1) exempts only its holder."""
    g = sale_position([10, 80, before], [["MRI MACHINE"], ["CAN OPENERS"], []])
    apply_one(g, "sell", 2)
    assert (g.state.end_reason == "credits") is ends


@pytest.mark.card("CAN OPENERS")
def test_the_exempt_holder_never_ends_the_game_even_above_a_raised_goal() -> None:
    g = load_scenario({"players": 3, "abilities": True,
                       "seats": [{"fulfilled": ["MRI MACHINE"]}, {"credits": 70, "fulfilled": ["CAN OPENERS"],
                                                                  "hand": plain_cards("green", 1)}, {}],
                       "turn": {"led": "supply", "declared": [-1, 1, -1]}})
    apply_one(g, "sell", 1)
    assert g.state.players[1].credits == 74 and g.state.end_reason == ""


@pytest.mark.card("SAUNA")
@pytest.mark.card("IVORY")
@pytest.mark.parametrize("order", [["SAUNA", "IVORY"], ["IVORY", "SAUNA"]])
def test_doubling_and_turning_the_penalty_compose_in_either_order(order: list[str]) -> None:
    """The holder's changes apply in the order the cards were fulfilled; these two commute: +12."""
    reds = plain_cards("red", 2)
    g = load_scenario({"players": 2, "abilities": True, "seats": [{"fulfilled": order, "goods": reds}, {}]})
    lines = dict(final_scores(g)[0].lines)
    assert lines["most_red"] == 12


@pytest.mark.card("WHEAT")
@pytest.mark.card("SOAP")
def test_two_joker_cards_make_both_colours_wild() -> None:
    contract = next(c.name for c in CARDS.cards if c.set == "base" and not c.level and is_quiet(c.name)
                    and "yellow" not in c.cargo and "black" not in c.cargo)
    yellow, black = plain_cards("yellow", 1), plain_cards("black", 1)
    g = load_scenario({"players": 2, "abilities": True,
                       "seats": [{"fulfilled": ["WHEAT", "SOAP"], "hand": yellow + black,
                                  "ships": [{"contracts": [contract]}]}, {}],
                       "turn": {"led": "load", "declared": [1, -1]}})
    loads = {a.cards for a in g.legal_actions(0) if a.kind == "load"}
    assert len(loads) == 2  # both the yellow and the black card fit any slot
