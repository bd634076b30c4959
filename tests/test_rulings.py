"""Rulings of docs/rules.md that the rulebook leaves open, each in a concrete position."""

from __future__ import annotations

from importexport import CARDS, Action
from importexport.scenario import load_scenario


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
