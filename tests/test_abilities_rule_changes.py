"""Rule-changing abilities (group D): following, which action is carried out, crew, limits, hand
size and levels.

Every test builds a concrete position with ``load_scenario``, drives it only through
``legal_actions()``/``apply()`` and runs with card abilities and under the basic rules, where the
effect must not happen.  Filler cards come from ``Fill`` (see ``test_abilities_loading``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import cid, matching
from test_abilities_loading import ON_OFF, Fill, game

from importexport import CARDS, Action
from importexport.importexport.actions import TAKE_DISCARD, TAKE_GOODS
from importexport.importexport.constants import CONTRACT, IMPORT, LOAD
from importexport.importexport.scenario import load_scenario


def acting(card: str):
    return lambda c: c.action == card


def choices(g, seat: int) -> list[Action]:
    """The legal actions of ``seat`` without the free ones (dropping a contract, anytime abilities)."""
    return [a for a in g.legal_actions(seat) if a.kind not in ("drop", "anytime", "discard")]


# --- which card may follow, which action is carried out -------------------------------------------

@pytest.mark.card("3D PRINTERS")
@ON_OFF
def test_3d_printers_follow_with_any_card_and_carry_out_the_led_action(abilities):
    fill = Fill("3D PRINTERS")
    lead = fill.one("green", test=acting("supply"))
    other = fill.one("yellow", test=acting("load"))
    island = fill.take("blue", 2, "island")
    g = game(abilities, [{"hand": [lead]}, {"fulfilled": ["3D PRINTERS"], "hand": [other]}], players=2, island=island)
    g.apply(Action(0, "play", (cid(lead),)))
    follow = Action(1, "play", (cid(other),))
    if not abilities:
        assert choices(g, 1) == [Action(1, "draw")]
        return
    assert follow in g.legal_actions(1)
    g.apply(follow)
    g.apply(Action(0, "crew", (cid(island[0]),)))
    assert choices(g, 1) == [Action(1, "crew", (cid(island[1]),))]  # Supply, the led action


@pytest.mark.card("3D PRINTERS")
def test_3d_printers_does_not_change_leading():
    fill = Fill("3D PRINTERS")
    card = fill.one("yellow", test=acting("load"))
    g = game(True, [{"fulfilled": ["3D PRINTERS"], "hand": [card]}], players=2)
    assert matching(g, "play", 0) == [Action(0, "play", (cid(card),))]
    g.apply(Action(0, "play", (cid(card),)))
    assert g.state.led == LOAD


def neural_position(abilities: bool, led: str):
    """Two players.  Seat 0 leads ``led``; seat 1 (NEURAL UNITS) holds a Load card and a
    container that completes the contract on its ship; seat 0 has a ship at sea to import from."""
    fill = Fill("NEURAL UNITS")
    lead = fill.one("green", test=acting(led))
    contract = fill.contract(lambda c: "rainbow" not in c.cargo and "green" not in c.cargo)
    cargo = fill.cargo(contract)
    last = CARDS.by_name(cargo[-1])
    load_card = fill.one("green", test=lambda c: c.action == "load" and c.goods != last.goods)
    sea = fill.take("green", 2, "ship")
    island = fill.take("blue", 1, "island")
    g = game(abilities, [
        {"hand": [lead], "ships": [{}, {"at_sea": True, "containers": sea}]},
        {"fulfilled": ["NEURAL UNITS"], "hand": [load_card, cargo[-1]],
         "ships": [{"contracts": [contract], "containers": cargo[:-1]}, {}]},
    ], players=2, island=island)
    g.apply(Action(0, "play", (cid(lead),)))
    return g, contract, cid(load_card), cid(cargo[-1])


@pytest.mark.card("NEURAL UNITS")
@pytest.mark.parametrize("led", ["supply", "import"])
@ON_OFF
def test_neural_units_follow_anything_with_a_load_card_and_load(abilities, led):
    g, contract, load_card, container = neural_position(abilities, led)
    special = Action(1, "play", (load_card,), LOAD)
    if not abilities:
        assert special not in g.legal_actions(1) and Action(1, "play", (load_card,)) not in g.legal_actions(1)
        return
    assert special in g.legal_actions(1)
    g.apply(special)
    assert g.state.acts[1] == LOAD
    if led == "supply":  # seat 0 carries out its Supply first
        g.apply(matching(g, "crew", 0)[0])
    else:  # seat 0 bids alone: seat 1 is no bidder
        g.apply(Action(0, "ship", target=1))
        assert [args["bidders"] for _, k, args in g.log if k == "import_round"] == [[0]]
        while g.deciders() == [0]:
            g.apply(matching(g, "take", 0)[0])
    assert choices(g, 1) == [Action(1, "load", (container,), 2)]
    g.apply(choices(g, 1)[0])
    assert cid(contract) in g.state.players[1].fulfilled


@pytest.mark.card("NEURAL UNITS")
def test_neural_units_not_needed_when_load_is_led():
    g, _contract, load_card, _container = neural_position(True, "load")
    assert Action(1, "play", (load_card,), LOAD) not in g.legal_actions(1)
    assert Action(1, "play", (load_card,)) in g.legal_actions(1)


@pytest.mark.card("RICE COOKERS")
@ON_OFF
def test_rice_cookers_lead_contract_with_a_load_card(abilities):
    fill = Fill("RICE COOKERS")
    load_card = fill.one("yellow", test=acting("load"))
    contract = fill.one("yellow", test=lambda c: not c.level and c.action not in ("load", "contract"))
    g = game(abilities, [{"fulfilled": ["RICE COOKERS"], "hand": [load_card, contract]}], players=2)
    lead = Action(0, "play", (cid(load_card),), CONTRACT)
    wild_contract = [a for a in matching(g, "wild", 0) if a.target == CONTRACT]
    if not abilities:
        assert lead not in g.legal_actions(0) and wild_contract  # only a two-card wild could lead it
        return
    assert lead in g.legal_actions(0) and wild_contract == []  # a card shows Contract now
    g.apply(lead)
    assert g.state.led == CONTRACT
    g.apply(Action(1, "draw"))
    assert matching(g, "contract", 0, cards=(cid(contract),))


@pytest.mark.card("RICE COOKERS")
@ON_OFF
def test_rice_cookers_follow_load_with_a_contract_card(abilities):
    fill = Fill("RICE COOKERS")
    lead = fill.one("green", test=acting("load"))
    contract_card = fill.one("blue", test=acting("contract"))
    g = game(abilities, [{"hand": [lead]}, {"fulfilled": ["RICE COOKERS"], "hand": [contract_card]}], players=2)
    g.apply(Action(0, "play", (cid(lead),)))
    follow = Action(1, "play", (cid(contract_card),))
    assert (follow in g.legal_actions(1)) == abilities
    if abilities:
        g.apply(follow)
        # Seat 1 carries out the led Load (nothing to load here: the turn passes on at once).
        assert [args for _, k, args in g.log if k == "cannot_act"] == [{"p": 0, "n": 1, "a": LOAD},
                                                                       {"p": 1, "n": 1, "a": LOAD}]


@pytest.mark.card("RICE COOKERS")
@ON_OFF
def test_rice_cookers_load_crew_adds_contract_actions(abilities):
    fill = Fill("RICE COOKERS")
    lead = fill.one("green", test=acting("contract"))
    crew = fill.one("yellow", "crew", acting("load"))
    g = game(abilities, [{"fulfilled": ["RICE COOKERS"], "crew": [crew], "hand": [lead]}], players=2)
    g.apply(Action(0, "play", (cid(lead),)))
    declares = sorted(a.count for a in matching(g, "declare", 0))
    assert declares == ([1, 2] if abilities else [])


def chopsticks_position(abilities: bool):
    fill = Fill("CHOPSTICKS")
    contract = fill.contract(lambda c: "rainbow" not in c.cargo)
    cargo = fill.cargo(contract)
    sea = fill.take("red", 2, "ship")
    g = game(abilities, [
        {"fulfilled": ["CHOPSTICKS"], "hand": [cargo[-1]], "ships": [{"contracts": [contract], "containers": cargo[:-1]}, {}]},
        {"ships": [{}, {"at_sea": True, "containers": sea}]},
    ], "import", [1, -1], players=2)
    return g, contract, cid(cargo[-1])


@pytest.mark.card("CHOPSTICKS")
@ON_OFF
def test_chopsticks_import_carried_out_as_load(abilities):
    g, contract, last = chopsticks_position(abilities)
    chop = cid("CHOPSTICKS")
    if not abilities:
        assert choices(g, 0) == [Action(0, "ship", target=3)]
        return
    assert choices(g, 0) == [
        Action(0, "no", (chop,)), Action(0, "choose", (chop,), CONTRACT), Action(0, "choose", (chop,), LOAD),
    ]
    g.apply(Action(0, "choose", (chop,), LOAD))
    assert choices(g, 0) == [Action(0, "load", (last,), 0)]  # no bidding round at all
    g.apply(choices(g, 0)[0])
    assert cid(contract) in g.state.players[0].fulfilled


@pytest.mark.card("CHOPSTICKS")
def test_chopsticks_may_keep_the_import():
    g, _contract, _last = chopsticks_position(True)
    g.apply(Action(0, "no", (cid("CHOPSTICKS"),)))
    assert choices(g, 0) == [Action(0, "ship", target=3)]
    assert g.state.acts[0] == -1 and g.state.led == IMPORT


# --- crew ---------------------------------------------------------------------------------------------

def declared_range(g, seat: int) -> list[int]:
    return sorted(a.count for a in matching(g, "declare", seat))


@pytest.mark.card("CANNONS")
@ON_OFF
def test_cannons_pirate_crew_of_others_counts(abilities):
    fill = Fill("CANNONS")
    lead = fill.one("red", test=acting("pirate"))
    theirs = fill.take("black", 2, "crew", acting("pirate"))
    mine_not = fill.one("blue", "crew", acting("load"))
    g = game(abilities, [{"fulfilled": ["CANNONS"], "hand": [lead]}, {"crew": [*theirs, mine_not]}], players=2)
    g.apply(Action(0, "play", (cid(lead),)))
    assert declared_range(g, 0) == ([1, 2, 3] if abilities else [])
    assert len(g.state.players[0].crew) == 0


@pytest.mark.card("FRIDGES")
@ON_OFF
def test_fridges_two_technology_goods_make_one_load_action(abilities):
    fill = Fill("FRIDGES")
    lead = fill.one("yellow", test=acting("load"))
    goods = fill.take("green", 5, "goods")
    g = game(abilities, [{"fulfilled": ["FRIDGES", "WHEAT"], "goods": goods, "hand": [lead]}], players=2)
    g.apply(Action(0, "play", (cid(lead),)))
    assert declared_range(g, 0) == ([1, 2, 3] if abilities else [])  # 5 goods: 2 extra actions


def board_games_seats(fulfilled: list[str]) -> list[dict[str, Any]]:
    fill = Fill(*fulfilled)
    crew = fill.take("red", 3, "crew") + fill.take("green", len(fulfilled) - 2, "crew")
    return [{"fulfilled": fulfilled, "crew": crew}]


@pytest.mark.card("BOARD GAMES")
@ON_OFF
def test_board_games_no_crew_limit_with_every_type_fulfilled(abilities):
    fulfilled = ["BOARD GAMES", "GENERATORS", "COFFEE", "SCOTCH", "SEEDS"]  # black, green, yellow, blue, red
    island = Fill(*fulfilled).take("yellow", 1, "island", lambda c: c.name not in ("COFFEE", "WHEAT"))
    seats = board_games_seats(fulfilled)
    assert len(seats[0]["crew"]) == 1 + len(fulfilled)  # the crew limit is reached
    g = game(abilities, seats, "supply", [1, -1], players=2, island=island)
    g.apply(Action(0, "crew", (cid(island[0]),)))
    assert (cid(island[0]) in g.state.players[0].crew) == abilities


@pytest.mark.card("BOARD GAMES")
def test_board_games_needs_all_five_types():
    fulfilled = ["BOARD GAMES", "GENERATORS", "COFFEE", "SCOTCH", "CANDY"]  # no illegal (red) card
    island = Fill(*fulfilled).take("yellow", 1, "island", lambda c: c.name != "WHEAT")
    g = game(True, board_games_seats(fulfilled), "supply", [1, -1], players=2, island=island)
    g.apply(Action(0, "crew", (cid(island[0]),)))
    assert cid(island[0]) in g.state.discard


# --- goods limit, hand size, levels -----------------------------------------------------------------

@pytest.mark.card("SCOTCH")
@ON_OFF
def test_scotch_two_luxury_goods_count_as_one(abilities):
    fill = Fill("SCOTCH")
    goods = fill.take("blue", 2, "goods") + fill.take("green", 2, "goods")  # at the limit of 4
    crew = fill.take("yellow", 2, "crew")  # the crew is full too
    sea = fill.take("red", 2, "ship")
    g = game(abilities, [{"fulfilled": ["SCOTCH"], "goods": goods, "crew": crew},
                         {"ships": [{}, {"at_sea": True, "containers": sea}]}], "import", [1, -1], players=2)
    g.apply(Action(0, "ship", target=3))
    dests = {a.target for a in matching(g, "take", 0)}
    assert dests == ({TAKE_GOODS} if abilities else {TAKE_DISCARD})


@pytest.mark.card("MINERAL FUELS")
@pytest.mark.parametrize(("have", "expected"), [(2, 6), (6, 7)])
@ON_OFF
def test_mineral_fuels_hand_of_six(abilities, have, expected):
    fill = Fill("MINERAL FUELS")
    g = game(abilities, [{"fulfilled": ["MINERAL FUELS"], "hand": fill.take("green", have)}], players=2)
    g.apply(Action(0, "draw"))
    basic = 5 if have < 5 else have + 1
    assert len(g.state.players[0].hand) == (expected if abilities else basic)


@pytest.mark.card("VOLKSWAGEN")
@ON_OFF
def test_volkswagen_technology_goods_count_double_for_levels(abilities):
    fill = Fill("VOLKSWAGEN")
    card = fill.one("green", test=lambda c: c.level == {"green": 3})
    goods = fill.take("green", 2, "goods")
    g = game(abilities, [{"fulfilled": ["VOLKSWAGEN"], "goods": goods, "hand": [card]}], "contract",
             [1, -1], players=2, harbours=["yellow", "blue"])
    options = matching(g, "contract", 0, cards=(cid(card),))
    assert {a.count for a in options} == ({1} if abilities else set())  # basic: 2 levels, one missing


@pytest.mark.card("JOE WIGGINS")
@ON_OFF
def test_joe_wiggins_counts_as_four_goods_for_levels(abilities):
    fill = Fill("JOE WIGGINS")
    card = fill.one("red", test=lambda c: c.level == {"red": 1})
    g = game(abilities, [{"fulfilled": ["JOE WIGGINS"], "hand": [card]}], "contract", [1, -1], players=2,
             harbours=["blue", "green"])
    assert bool(matching(g, "contract", 0, cards=(cid(card),), count=1)) == abilities


@pytest.mark.card("JOE WIGGINS")
@ON_OFF
def test_joe_wiggins_counts_as_four_goods_at_scoring(abilities):
    fill = Fill("JOE WIGGINS")
    g = game(abilities, [{"fulfilled": ["JOE WIGGINS"], "goods": fill.take("blue", 1, "goods")}], players=2)
    lines = dict(g.scores()[0].lines)
    assert lines["goods"] == (1 + 5 if abilities else 1)  # green, yellow, black 1 each, red 2
    assert lines["all_types"] == (10 if abilities else 0)


# --- random positions with these abilities ------------------------------------------------------------

@pytest.mark.card("CHOPSTICKS")
@pytest.mark.card("NEURAL UNITS")
@pytest.mark.card("RICE COOKERS")
@pytest.mark.card("3D PRINTERS")
@pytest.mark.parametrize("seed", range(12))
def test_random_play_with_rule_changing_abilities(seed):
    """Random games from a table where these cards are in play: no crash, cards conserved."""
    rng = random.Random(seed)
    names = ["3D PRINTERS", "NEURAL UNITS", "RICE COOKERS", "CHOPSTICKS", "CANNONS", "FRIDGES", "BOARD GAMES",
             "SCOTCH", "MINERAL FUELS", "JOE WIGGINS"]
    rng.shuffle(names)
    seats = [{"fulfilled": names[0:4]}, {"fulfilled": names[4:7]}, {"fulfilled": names[7:]}]
    g = load_scenario({"players": 3, "abilities": True, "seed": seed, "seats": seats,
                       "modules": ["kickstarter", "j"]})
    cards = sorted(g.state.all_cards())
    for _ in range(3000):
        if g.is_over():
            break
        seat = rng.choice(g.deciders())
        g.apply(rng.choice(g.legal_actions(seat)))
        assert sorted(g.state.all_cards()) == cards
    assert all(p.credits >= 0 for p in g.state.players)
