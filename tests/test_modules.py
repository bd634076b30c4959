"""The expansions and variants switched on at game creation: Capital, Tokyo, J cards, the goods market."""

from __future__ import annotations

import pytest
from helpers import apply_one, cid, matching, plain_cards

from importexport import CARDS, Action, Game, IllegalActionError
from importexport.importexport.constants import GREY, LOAD, TRADE
from importexport.importexport.scenario import load_scenario
from importexport.importexport.scoring import final_scores

TRADE_CARDS = ["THE ALGORITHM", "CONTAINER FACTORY", "GPS", "INTEREST", "PARTNERSHIP"]


# --- creating games with modules -------------------------------------------------------------

def test_unknown_module_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown module 'moon'"):
        Game(3, modules=["moon"])


@pytest.mark.parametrize(("modules", "size"), [
    ([], 100), (["capital"], 115), (["tokyo"], 110), (["j"], 110), (["kickstarter"], 115),
    (["kickstarter2"], 110), (["flag"], 110), (["promo"], 110),
    (["capital", "tokyo", "j", "kickstarter", "kickstarter2", "flag", "promo"], 180),
])
def test_modules_add_their_card_sets(modules: list[str], size: int) -> None:
    g = Game(2, seed=3, modules=modules)
    assert len(g.state.all_cards()) == size


# --- Capital ----------------------------------------------------------------------------------

def test_capital_brings_the_grey_player_below_six_with_two_more_credits() -> None:
    seen = False
    for seed in range(40):
        g = Game(3, seed=seed, modules=["capital"])
        for p in g.state.players:
            if p.harbour == GREY:
                seen = True
                assert p.credits == 12
    assert seen
    assert all(p.harbour != GREY for seed in range(40) for p in Game(3, seed=seed).state.players)


def test_capital_cards_dealt_to_sea_at_setup_are_replaced() -> None:
    replaced = 0
    for seed in range(30):
        g = Game(4, seed=seed, modules=["capital"])
        s = g.state
        for ship in s.ships:
            assert all(CARDS.goods[c] != GREY for c in ship.containers)
            assert len(ship.containers) in (0, 4)
        replaced += sum(1 for c in s.discard if CARDS.goods[c] == GREY)
    assert replaced > 0


def test_capital_level_counts_every_good_and_only_the_grey_harbour() -> None:
    # DIESEL ENGINE needs 3 goods of any kind (our figure: {"any": 3}).
    spec = {
        "players": 2, "modules": ["capital"], "harbours": ["grey", "green"],
        "seats": [
            {"hand": ["DIESEL ENGINE"], "goods": plain_cards("red", 1) + plain_cards("blue", 1)},
            {"hand": ["EUROS"], "goods": plain_cards("red", 2, set(plain_cards("red", 1)))},
        ],
        "turn": {"led": "contract", "declared": [1, 1]},
    }
    g = load_scenario(spec)
    # seat 0: two goods + the grey harbour = 3: enough with one action
    assert Action(0, "contract", (cid("DIESEL ENGINE"),), 0, 1) in g.legal_actions(0)
    apply_one(g, "contract", 0)
    # seat 1: two goods and a green harbour = 2 of the 3 EUROS needs: one action is not enough
    assert not matching(g, "contract", 1)


def test_capital_goods_count_as_the_leftmost_other_good() -> None:
    goods = plain_cards("blue", 1) + ["VOLKSWAGEN", "MARKET DATA"]
    g = load_scenario({"players": 2, "modules": ["capital"], "seats": [{"goods": goods}, {}]})
    lines = dict(final_scores(g)[0].lines)
    assert lines["goods"] == 3  # three luxury goods, 1 each
    assert lines["most_blue"] == 8


def test_rainbow_cargo_takes_any_colour_and_grey_containers_are_wild() -> None:
    spec = {
        "players": 2, "modules": ["capital"],
        "seats": [{"hand": plain_cards("red", 1) + ["GPS"],
                   "ships": [{"contracts": ["IMPORT TAX"], "containers": ["EUROS"]}]}, {}],
        "turn": {"led": "load", "declared": [1, -1]},
    }
    g = load_scenario(spec)
    red = cid(plain_cards("red", 1)[0])
    assert Action(0, "load", (red,), 0) in g.legal_actions(0)  # rainbow slot takes red
    assert not matching(g, "load", 0, cards=(cid("GPS"),))  # a grey card is never loaded
    assert g.state.ships[0].containers == [cid("EUROS")]  # the grey container stands on a slot


def test_grey_containers_cannot_be_pirated() -> None:
    spec = {
        "players": 2, "modules": ["capital"],
        "seats": [{}, {"ships": [{}, {"at_sea": True, "containers": ["EUROS", *plain_cards("red", 1)]}]}],
        "turn": {"led": "pirate", "declared": [1, -1]},
    }
    g = load_scenario(spec)
    assert not matching(g, "pirate", 0, cards=(cid("EUROS"),))
    assert matching(g, "pirate", 0, cards=(cid(plain_cards("red", 1)[0]),))


def test_capital_cards_may_be_discarded_from_the_hand_at_any_time() -> None:
    g = load_scenario({"players": 2, "modules": ["capital"], "seats": [{"hand": ["EUROS", *plain_cards("red", 1)]}, {}]})
    g.apply(Action(0, "discard", (cid("EUROS"),)))
    assert cid("EUROS") in g.state.discard and g.deciders() == [0]
    with pytest.raises(IllegalActionError):
        g.apply(Action(0, "discard", (cid(plain_cards("red", 1)[0]),)))


def test_leading_trade_only_the_active_player_trades() -> None:
    island = plain_cards("green", 1)
    g = load_scenario({
        "players": 3, "modules": ["capital"], "island": island,
        "seats": [{"hand": ["GPS", *plain_cards("red", 1)]}, {"hand": ["INTEREST"]}, {}],
    })
    g.apply(Action(0, "play", (cid("GPS"),)))
    assert g.deciders() == [0]  # nobody follows or draws
    red, green = cid(plain_cards("red", 1)[0]), cid(island[0])
    g.apply(Action(0, "trade", (red, green)))
    s = g.state
    assert green in s.players[0].hand and red in s.island
    assert s.active == 1


def test_trade_crew_follows_any_action_with_trade_only() -> None:
    island = plain_cards("green", 1)
    hand1 = ["INTEREST", *plain_cards("yellow", 1)]
    g = load_scenario({
        "players": 2, "modules": ["capital"], "island": island,
        "seats": [{"hand": plain_cards("red", 2)}, {"hand": hand1, "crew": ["PARTNERSHIP"]}],
    })
    lead = matching(g, "play", 0)[0]
    g.apply(lead)
    follow = Action(1, "play", (cid("INTEREST"),), TRADE)
    assert follow in g.legal_actions(1)
    g.apply(follow)
    apply_one(g, "declare", 1, count=2)  # INTEREST + one Trade crew
    assert g.state.acts[1] == TRADE
    while 0 in g.deciders():  # the leader acts first; selling keeps a card on the island
        g.apply(max(g.legal_actions(0), key=lambda a: a.kind == "sell"))
    assert g.deciders() == [1]
    assert {a.kind for a in g.legal_actions(1)} == {"trade"}


def test_two_cards_of_one_colour_are_no_wild_for_trade() -> None:
    g = load_scenario({"players": 2, "modules": ["capital"], "seats": [{"hand": ["EUROS", "IMPORT TAX"]}, {}]})
    wilds = matching(g, "wild", 0)
    assert wilds and all(a.target != TRADE for a in wilds)


# --- Tokyo ------------------------------------------------------------------------------------

def test_tokyo_contract_from_the_harbour_costs_its_column() -> None:
    level2 = next(c.name for c in CARDS.cards if c.set == "base" and sum(c.level.values()) == 2
                  and c.goods == "green" and c.name not in ("VOLKSWAGEN",))
    goods = plain_cards("green", 2, {level2})
    g = load_scenario({
        "players": 2, "modules": ["tokyo"], "island": [level2],
        "seats": [{"credits": 10, "goods": goods}, {}],
        "turn": {"led": "contract", "declared": [1, -1]},
    })
    g.apply(Action(0, "contract", (cid(level2),), 0, 1))
    assert g.state.players[0].credits == 10 - 6  # the level-2 column costs 6
    assert g.state.ships[0].contracts == [cid(level2)] and not g.state.island


def test_without_tokyo_island_cards_are_no_contracts() -> None:
    card = plain_cards("green", 1)[0]
    g = load_scenario({"players": 2, "island": [card], "turn": {"led": "contract", "declared": [1, -1]}})
    assert not matching(g, "contract", 0)


# --- J cards ----------------------------------------------------------------------------------

def test_j_card_contract_chooses_its_orientation() -> None:
    g = load_scenario({"players": 2, "modules": ["j"], "seats": [{"hand": ["BIRD FEED"]}, {}],
                       "turn": {"led": "contract", "declared": [1, -1]}})
    sides = {a.option for a in matching(g, "contract", 0, target=0)}
    assert sides == {0, 1}
    g.apply(Action(0, "contract", (cid("BIRD FEED"),), 0, 1, 1))
    assert g.state.ships[0].sides == [1]


def test_j_card_loads_for_two_credits_as_a_chosen_colour_and_is_pirated_as_that_colour() -> None:
    contract = next(c.name for c in CARDS.cards if c.set == "base" and not c.level and "black" in c.cargo)
    g = load_scenario({
        "players": 2, "modules": ["j"],
        "seats": [{"credits": 5, "hand": ["BIRD FEED"], "ships": [{"contracts": [contract]}]}, {}],
        "turn": {"led": "load", "declared": [1, -1]},
    })
    black = 2
    load = Action.load(0, cid("BIRD FEED"), 0, colour=black)
    assert load in g.legal_actions(0)
    g.apply(load)
    assert g.state.players[0].credits == 3
    assert g.state.ships[0].colours[-1] == black


def test_j_card_cannot_be_loaded_without_two_credits() -> None:
    contract = next(c.name for c in CARDS.cards if c.set == "base" and not c.level and "black" in c.cargo)
    g = load_scenario({
        "players": 2, "modules": ["j"],
        "seats": [{"credits": 1, "hand": ["BIRD FEED"], "ships": [{"contracts": [contract]}]}, {}],
        "turn": {"led": "load", "declared": [1, -1]},
    })
    assert not matching(g, "load", 0)


# --- goods market -----------------------------------------------------------------------------

def test_market_example_ten_plus_two_minus_four() -> None:
    """The rulebook's market example: two mint (+1) and two blue (-2) containers pay 8, not 10."""
    contract = next(c.name for c in CARDS.cards if c.set == "base" and not c.level
                    and c.cargo == {"blue": 2, "green": 2})
    greens = plain_cards("green", 2, {contract})
    blues = plain_cards("blue", 2, {contract})
    g = load_scenario({
        "players": 2, "modules": ["market"], "market": [1, 0, 0, -2, 0],
        "seats": [{"credits": 0, "hand": [blues[1]],
                   "ships": [{"contracts": [contract], "containers": [*greens, blues[0]]}]}, {}],
        "turn": {"led": "load", "declared": [1, -1]},
    })
    g.apply(Action(0, "load", (cid(blues[1]),), 0))
    assert g.state.players[0].credits == 8
    assert g.state.market == [-1, 0, 0, -2, 0]


def test_market_marker_rises_with_goods_and_stops_at_two() -> None:
    g = load_scenario({
        "players": 2, "modules": ["market"], "market": [0, 0, 0, 0, 1],
        "seats": [{}, {"ships": [{}, {"at_sea": True, "containers": plain_cards("red", 2)}]}],
        "turn": {"led": "import", "declared": [1, -1]},
    })
    apply_one(g, "ship", 0, target=3)
    apply_one(g, "take", 0, target=1)
    apply_one(g, "take", 0, target=1)
    assert g.state.market[4] == 2


def test_without_the_market_payouts_are_plain() -> None:
    g = Game(3, seed=1)
    assert g.state.market == []


def test_trade_action_constant_is_capital_only() -> None:
    assert all(CARDS[c].set == "capital" for c in range(len(CARDS)) if CARDS.action[c] == TRADE)
    assert LOAD != TRADE


def test_j_card_pirated_from_the_island_is_loaded_as_a_chosen_colour_for_two_credits() -> None:
    """Ruling: a J card taken from the Supply Island and loaded is loaded for the first time."""
    contract = next(c.name for c in CARDS.cards
                    if c.set == "base" and not c.level and "black" in c.cargo and "yellow" not in c.cargo)
    spec = {
        "players": 2, "modules": ["j"], "island": ["BIRD FEED"],
        "seats": [{"credits": 4, "ships": [{"contracts": [contract]}]}, {}],
        "turn": {"led": "pirate", "declared": [1, -1]},
    }
    g = load_scenario(spec)
    options = matching(g, "pirate", 0, cards=(cid("BIRD FEED"),))
    black = 2
    onto_ship = [a for a in options if a.target == 0]
    assert [a.colour for a in onto_ship] == [black]  # only the colour the contract can use
    assert len([a for a in options if a.target < 0]) == 1  # discarding it: one choice, colour irrelevant
    g.apply(onto_ship[0])
    assert g.state.players[0].credits == 2 and g.state.ships[0].colours[-1] == black
    poor = load_scenario({**spec, "seats": [{"credits": 1, "ships": [{"contracts": [contract]}]}, {}]})
    assert all(a.target < 0 for a in matching(poor, "pirate", 0, cards=(cid("BIRD FEED"),)))
