"""The two-card wild: two cards of one colour stand for an action the player holds no card of.

A wild used to follow counts exactly as a card of the led action would: the follower declares,
bids in the Import rounds and carries out the led action like anyone who followed with a card.
Capital: two matching cards never stand for Trade, but two Trade cards may be a wild for any
other action.
"""

from __future__ import annotations

import pytest
from helpers import cid

from importexport import CARDS, Action, IllegalActionError
from importexport.importexport.constants import CONTRACT, GREY, IMPORT, LOAD, PIRATE, SUPPLY, TRADE
from importexport.importexport.scenario import load_scenario

ACTION_NAMES = {SUPPLY: "supply", IMPORT: "import", CONTRACT: "contract", LOAD: "load", PIRATE: "pirate"}
CARRIED_OUT_BY = {SUPPLY: {"sell", "crew"}, IMPORT: {"bid"}, CONTRACT: {"contract"}, LOAD: {"load"},
                  PIRATE: {"pirate"}}


def base_cards(action: int | None = None, colour: int | None = None, without_action: int | None = None) -> list[str]:
    return [
        c.name for c in CARDS.cards
        if c.set == "base" and (action is None or CARDS.action[c.id] == action)
        and (colour is None or CARDS.goods[c.id] == colour)
        and (without_action is None or CARDS.action[c.id] != without_action)
    ]


def wild_follow_position(led: int) -> tuple:
    """Player 2 (seat 1) is about to lead ``led``; Player 1 (seat 0) holds a wild pair and no card of it.

    Seat 0 has a contract under ship 0 asking for a container its third hand card can fill, so
    that every action has something to do.
    """
    leader = base_cards(action=led)[0]
    pair_colour = next(col for col in range(5) if len(base_cards(colour=col, without_action=led)) >= 2)
    pair = [n for n in base_cards(colour=pair_colour, without_action=led) if n != leader][:2]
    load_colour = (pair_colour + 1) % 5
    used = {leader, *pair}
    loadable = next(n for n in base_cards(colour=load_colour, without_action=led) if n not in used)
    used.add(loadable)
    contract = next(
        c.name for c in CARDS.cards
        if c.set == "base" and c.name not in used and not c.level and c.cargo.get(
            ("green", "yellow", "black", "blue", "red")[load_colour], 0) and sum(c.cargo.values()) <= 3
    )
    used.add(contract)
    cargo = [n for n in base_cards(colour=(pair_colour + 2) % 5) if n not in used][:3]
    spec = {
        "players": 3, "active": 1, "seed": 3,
        "island": cargo[2:],
        "seats": [
            {"hand": [*pair, loadable], "ships": [{"contracts": [contract]}, {}]},
            {"hand": [leader]},
            {"hand": [], "ships": [{"at_sea": True, "containers": cargo[:2]}, {}]},
        ],
    }
    g = load_scenario(spec)
    return g, cid(leader), (cid(pair[0]), cid(pair[1]))


def play_turn_out(g) -> dict[int, set[str]]:
    """Play the rest of the turn, always taking the first legal choice; the kinds offered to each seat."""
    offered: dict[int, set[str]] = {}
    turn = g.state.turn
    while not g.is_over() and g.state.turn == turn:
        for seat in g.deciders():
            offered.setdefault(seat, set()).update(a.kind for a in g.legal_actions(seat))
        g.apply(g.legal_actions()[0])
    return offered


@pytest.mark.parametrize("led", list(ACTION_NAMES), ids=list(ACTION_NAMES.values()))
def test_a_wild_follows_exactly_as_a_card_of_the_led_action(led: int) -> None:
    g, leader, pair = wild_follow_position(led)
    g.apply(Action(1, "play", (leader,)))
    while g.deciders() != [0]:  # Player 3 follows first (clockwise from Player 2) and draws
        g.apply(g.legal_actions()[0])
    wild = Action(0, "wild", pair, led)
    assert wild in g.legal_actions(0)
    g.apply(wild)
    assert g.state.acts[0] == -1, "a wild follow counts as following the led action"
    assert g.state.decl[0] == 1
    offered = play_turn_out(g)
    assert CARRIED_OUT_BY[led] & offered.get(0, set()), f"Player 1 never carried out {ACTION_NAMES[led]}: {offered}"
    assert "trade" not in offered.get(0, set()), "no Trade action in a game without Capital"


def test_a_wild_follower_bids_in_every_import_round() -> None:
    g, leader, pair = wild_follow_position(IMPORT)
    g.apply(Action(1, "play", (leader,)))
    g.apply(Action(2, "draw"))
    g.apply(Action(0, "wild", pair, IMPORT))
    while "bid" not in {a.kind for a in g.legal_actions()}:
        g.apply(g.legal_actions()[0])
    assert 0 in g.deciders(), "Player 1 followed with a wild and must be a bidder"


def capital_hand_position(hand: list[str], led_card: str | None = None) -> tuple:
    cargo = base_cards(colour=0)[-2:]
    seats = [{"hand": hand}, {"hand": [led_card] if led_card else []},
             {"ships": [{"at_sea": True, "containers": cargo}, {}]}]
    g = load_scenario({"players": 3, "active": 1 if led_card else 0, "modules": ["capital"], "seats": seats})
    return g


def trade_cards() -> list[str]:
    return [c.name for c in CARDS.cards if CARDS.action[c.id] == TRADE]


def test_two_matching_cards_never_stand_for_trade() -> None:
    grey = [c.name for c in CARDS.cards if CARDS.goods[c.id] == GREY and CARDS.action[c.id] != TRADE][:2]
    g = capital_hand_position(grey)
    assert not [a for a in g.legal_actions(0) if a.kind == "wild" and a.target == TRADE]
    with pytest.raises(IllegalActionError) as err:
        g.apply(Action(0, "wild", (cid(grey[0]), cid(grey[1])), TRADE))
    assert err.value.rule == "wild_action"


def test_two_trade_cards_are_a_wild_for_any_other_action_when_leading() -> None:
    pair = trade_cards()[:2]
    g = capital_hand_position(pair)
    targets = {a.target for a in g.legal_actions(0) if a.kind == "wild"}
    assert targets == {SUPPLY, IMPORT, CONTRACT, LOAD, PIRATE}


def test_two_trade_cards_are_a_wild_to_follow_import() -> None:
    pair = trade_cards()[:2]
    leader = base_cards(action=IMPORT)[0]
    g = capital_hand_position(pair, leader)
    g.apply(Action(1, "play", (cid(leader),)))
    while g.deciders() != [0]:
        g.apply(g.legal_actions()[0])
    wild = Action(0, "wild", (cid(pair[0]), cid(pair[1])), IMPORT)
    assert wild in g.legal_actions(0)
    g.apply(wild)
    assert g.state.acts[0] == -1
    while "bid" not in {a.kind for a in g.legal_actions()}:
        g.apply(g.legal_actions()[0])
    assert 0 in g.deciders()
