"""Rulings of docs/rules.md that the rulebook leaves open, each in a concrete position."""

from __future__ import annotations

from helpers import fulfil_position

from importexport import CARDS, Action
from importexport.importexport.constants import payout
from importexport.importexport.scenario import load_scenario
from importexport.importexport.scoring import final_scores


def cid(name: str) -> int:
    return CARDS.by_name(name).id


def test_deck_is_reshuffled_the_moment_it_runs_out_and_the_end_waits_for_both_piles() -> None:
    g = load_scenario({
        "players": 2, "fill_deck": False,
        "seats": [{"hand": ["ALMONDS", "AMMUNITION", "ANTIQUITIES", "BATTERIES", "BOK CHOY"]},
                  {"hand": ["CERAMICS", "FLASH DRIVES", "COFFEE"]}],
        "deck": ["BOOKS"], "discard": ["CANDY", "CANNABIS"],
    })
    g.apply(Action(0, "draw"))  # a full hand draws one: BOOKS; the two discards become the deck
    s = g.state
    assert sorted(s.deck) == sorted([cid("CANDY"), cid("CANNABIS")]) and not s.discard
    assert s.end_reason == ""
    assert any(key == "reshuffle" for _, key, _ in g.log)
    g.apply(Action(1, "draw"))  # three cards in hand: draws both; deck and discards are empty now
    assert s.end_reason == "cards"


def test_the_credit_end_waits_until_the_turn_is_over() -> None:
    g = load_scenario({
        "players": 3,
        "seats": [{"credits": 46, "hand": ["ALMONDS", "CANDY"]}, {"hand": ["AMMUNITION", "BOOKS"]}, {}],
    })
    g.apply(Action(0, "play", (cid("ALMONDS"),)))  # leads Supply
    g.apply(Action(1, "play", (cid("AMMUNITION"),)))  # follows with a Supply card
    g.apply(Action(2, "draw"))
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "sell"))
    assert g.state.players[0].credits == 50 and g.state.end_reason == "credits"
    assert not g.is_over() and g.deciders() == [1]  # the others still carry out their actions
    g.apply(next(a for a in g.legal_actions(1) if a.kind == "sell"))
    assert g.is_over() and g.state.winners == [0]


def test_dropping_a_contract_discards_it_and_can_fulfil_the_rest() -> None:
    g = load_scenario({
        "players": 2,
        "seats": [{"ships": [{"contracts": ["BATTERIES", "BOOKS"], "containers": ["BOK CHOY", "FLASH DRIVES"]}]}, {}],
    })
    # BATTERIES wants one green and one yellow container: both are loaded; BOOKS is still open.
    drop = Action(0, "drop", (cid("BOOKS"),), 0)
    assert drop in g.legal_actions(0)
    credits = g.state.players[0].credits
    g.apply(drop)
    s = g.state
    assert cid("BOOKS") in s.discard
    assert cid("BATTERIES") in s.players[0].fulfilled and s.ships[0].at_sea
    assert s.players[0].credits == credits + 6


def test_only_the_active_player_may_drop_contracts() -> None:
    g = load_scenario({"players": 2, "active": 1, "seats": [{"ships": [{"contracts": ["BOOKS"]}]}, {}]})
    assert not any(a.kind == "drop" for a in g.legal_actions())


def test_shampoo_extra_card_is_optional_and_basic_import_takes_two() -> None:
    spec = {
        "players": 2, "abilities": True,
        "seats": [{"fulfilled": ["SHAMPOO"]}, {"ships": [{}, {"at_sea": True, "containers": ["CANDY", "CANNABIS", "CERAMICS"]}]}],
        "turn": {"led": "import", "declared": [1, -1]},
    }
    g = load_scenario(spec)
    g.apply(Action(0, "ship", target=3))
    for _ in range(2):
        assert not any(a.kind == "no" for a in g.legal_actions(0))
        g.apply(next(a for a in g.legal_actions(0) if a.kind == "take" and a.target == 1))
    assert Action(0, "no") in g.legal_actions(0)
    g.apply(Action(0, "no"))
    assert len(g.state.ships[3].containers) == 1


# --- rulings that had no test yet (docs/rules.md) --------------------------------------------

def test_import_round_without_cargo_at_sea_is_skipped() -> None:
    g = load_scenario({"players": 2, "seats": [{}, {}], "turn": {"led": "import", "declared": [1, -1]}})
    assert g.deciders() == [1]  # straight to the next turn
    assert any(key == "no_ship" for _, key, _ in g.log)


def test_contract_met_on_arrival_is_fulfilled_at_once() -> None:
    """Containers left on a ship from a dropped contract can meet a new contract on arrival."""
    g = load_scenario({
        "players": 2,
        "seats": [{"hand": ["BATTERIES"], "ships": [{"containers": ["BOK CHOY", "FLASH DRIVES"]}]}, {}],
        "turn": {"led": "contract", "declared": [1, -1]},
    })
    # BATTERIES asks for one green and one yellow container: both are already aboard.
    g.apply(Action(0, "contract", (cid("BATTERIES"),), 0, 1))
    s = g.state
    assert cid("BATTERIES") in s.players[0].fulfilled and s.ships[0].at_sea


def test_cargo_limit_counts_the_requirements_of_all_contracts() -> None:
    big = [c.name for c in CARDS.cards if c.set == "base" and not c.level and CARDS.cargo_size[c.id] == 2]
    three = next(c.name for c in CARDS.cards if c.set == "base" and not c.level and CARDS.cargo_size[c.id] == 3)
    # two contracts of 2 plus one of 3 would need 7 containers: more than one ship may ask for
    g = load_scenario({
        "players": 2, "seats": [{"hand": [three], "ships": [{"contracts": big[:2]}, {"at_sea": True}]}, {}],
        "turn": {"led": "contract", "declared": [1, -1]},
    })
    assert not any(a.kind == "contract" and a.target == 0 for a in g.legal_actions(0))


def test_payout_below_two_containers_is_six() -> None:
    assert payout(1) == payout(2) == 6


def test_instant_abilities_run_before_the_ship_sails_and_the_island_is_refilled() -> None:
    g, load = fulfil_position("ALMONDS", True)
    before = len(g.log)
    g.apply(load)
    keys = [key for _, key, _ in g.log[before:]]
    assert keys.index("gain") < keys.index("ability") < keys.index("sail") < keys.index("to_island")


def test_no_extra_turn_once_the_game_end_is_triggered() -> None:
    g, load = fulfil_position("PIRATES", True, seat0={"credits": 44})
    g.apply(load)  # 44 + 6 payout = 50: the end is triggered in this turn
    assert g.state.end_reason == "credits"
    assert g.is_over()


def test_containers_on_a_harbour_ship_without_a_contract_score_nothing() -> None:
    g = load_scenario({"players": 2, "seats": [{"ships": [{"containers": ["BOK CHOY", "FLASH DRIVES"]}]}, {}]})
    assert dict(final_scores(g)[0].lines)["containers"] == 0


def test_a_wild_pair_may_name_its_cards_in_either_order() -> None:
    """Ruling: the two cards of a two-card wild form a pair; the order they are named in does not matter."""
    from importexport import Action, Game

    g = Game(players=3, seed=5)
    seat = g.deciders()[0]
    wild = next((a for a in g.legal_actions(seat) if a.kind == "wild"), None)
    for seed in range(6, 60):
        if wild is not None:
            break
        g = Game(players=3, seed=seed)
        seat = g.deciders()[0]
        wild = next((a for a in g.legal_actions(seat) if a.kind == "wild"), None)
    assert wild is not None
    swapped = Action(wild.player, "wild", wild.cards[::-1], wild.target)
    g.apply(swapped)
    assert g.history[-1] == wild


def test_a_contract_with_more_actions_than_it_costs_is_refused_with_its_cost() -> None:
    """A contract costs exactly one action plus one per missing level; offering more is refused, naming the cost."""
    from importexport import Action, IllegalActionError
    from importexport.importexport.scenario import load_scenario

    g = load_scenario({"players": 2, "harbours": ["blue", "red"], "seats": [{"hand": ["ROLLS ROYCE"]}, {}],
                       "turn": {"led": "contract", "declared": [3, -1]}})
    rr = next(a for a in g.legal_actions() if a.kind == "contract")
    assert rr.count == 2  # blue harbour: one luxury level of the two, so one extra action
    try:
        g.apply(Action(0, "contract", rr.cards, rr.target, 3))
    except IllegalActionError as refusal:
        assert refusal.rule == "contract_cost" and "exactly 2" in str(refusal)
    else:
        raise AssertionError("a contract for 3 actions was accepted")
