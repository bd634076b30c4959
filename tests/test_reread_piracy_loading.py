"""Re-reading the rulebook texts of the Pirate, Import and loading abilities: the fixes.

Each test builds a concrete position with ``load_scenario`` and drives it only through
``legal_actions()``/``apply()``.  Filler cards are picked by what they do (nothing where the test
puts them), not by name, so the tests keep working as more abilities are registered.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import apply_one, cid, is_quiet, matching, plain_cards

from importexport import CARDS, Action, Game
from importexport.importexport.abilities import REGISTRY
from importexport.importexport.constants import RAINBOW, RIDING, payout
from importexport.importexport.scenario import load_scenario

INERT_HOOKS = ("on_", "watch_", "anytime_options", "wins", "modify_")


def inert(name: str) -> bool:
    """A card that does nothing anywhere, fulfilled included (end-of-game scoring aside)."""
    card = CARDS.by_name(name)
    if card.timing == "anytime" or card.cargo_alt is not None or card.goods == "grey":
        return False
    ability = REGISTRY.get(card.name)
    if ability is None:
        return True
    if ability.as_contract or ability.in_crew or ability.lends:
        return False
    return not any(h.startswith(INERT_HOOKS) for h in dir(ability) if not h.startswith("__"))


def contract_card(goods: str, size: int, needs: str | None = None, used: frozenset[str] = frozenset()) -> str:
    """A base contract of type ``goods`` asking for ``size`` containers (one of ``needs`` among them)
    without a rainbow slot or level requirement, inert once fulfilled."""
    for c in CARDS.cards:
        if (
            c.set == "base" and c.goods == goods and len(c.slots(0)) == size and RAINBOW not in c.cargo
            and (needs is None or needs in c.cargo) and not c.level and c.name not in used and inert(c.name)
        ):
            return c.name
    raise AssertionError(f"no inert {goods} contract of {size} containers")


def game(abilities: bool, seats: list[dict[str, Any]], led: str | None = None, declared: list[int] | None = None,
         **top: Any) -> Game:
    spec: dict[str, Any] = {"players": len(seats), "abilities": abilities, "seats": seats, **top}
    if led is not None:
        spec["turn"] = {"led": led, "declared": declared}
    return load_scenario(spec)


# --- PREFAB HOME: fulfilling with half the containers is a choice -------------------------------------

def prefab_position(abilities: bool) -> tuple[Game, str, list[str]]:
    """Seat 0 holds PREFAB HOME and has four Load actions; its ship 0 carries a luxury contract of
    four containers, and the hand holds exactly those four containers (luxury ones first)."""
    contract = contract_card("blue", 4, "blue", frozenset({"PREFAB HOME"}))
    used = {contract, "PREFAB HOME"}
    hand: list[str] = []
    for colour, count in sorted(CARDS.by_name(contract).cargo.items(), key=lambda kv: kv[0] != "blue"):
        picked = plain_cards(colour, count, used)
        used.update(picked)
        hand += picked
    seats = [{"fulfilled": ["PREFAB HOME"], "hand": hand, "ships": [{"contracts": [contract]}, {}]}, {}]
    return game(abilities, seats, "load", [4, -1]), contract, hand


@pytest.mark.card("PREFAB HOME")
def test_prefab_home_half_the_cargo_may_fulfil_the_contract_now():
    g, contract, hand = prefab_position(True)
    apply_one(g, "load", 0, cards=(cid(hand[0]),), target=0)
    assert not matching(g, "yes")  # one of four is less than half
    apply_one(g, "load", 0, cards=(cid(hand[1]),), target=0)
    assert g.state.ships[0].contracts == [cid(contract)]  # not fulfilled by itself: the holder decides
    assert matching(g, "yes", 0) and matching(g, "no", 0)
    apply_one(g, "yes", 0)
    assert cid(contract) in g.state.players[0].fulfilled
    assert g.state.players[0].credits == 10 + payout(2) and g.state.ships[0].at_sea


@pytest.mark.card("PREFAB HOME")
def test_prefab_home_holder_may_keep_loading_for_the_full_payout():
    g, contract, hand = prefab_position(True)
    for card in hand[:2]:
        apply_one(g, "load", 0, cards=(cid(card),), target=0)
    apply_one(g, "no", 0)
    assert g.state.ships[0].contracts == [cid(contract)] and not g.state.ships[0].at_sea
    apply_one(g, "load", 0, cards=(cid(hand[2]),), target=0)
    apply_one(g, "no", 0)  # three of four: asked again, declined again
    apply_one(g, "load", 0, cards=(cid(hand[3]),), target=0)
    assert not matching(g, "yes")  # the full cargo is fulfilled as usual, without a question
    assert cid(contract) in g.state.players[0].fulfilled
    assert g.state.players[0].credits == 10 + payout(4)


# --- MINI VAN: a card riding along with another on a harbour ship -------------------------------------

def waiting_contract(needs: str, used: frozenset[str]) -> str:
    """A base contract (quiet while unfulfilled) asking for at least two containers, one of ``needs``."""
    return next(
        c.name for c in CARDS.cards
        if c.set == "base" and c.goods != "grey" and c.cargo_alt is None and RAINBOW not in c.cargo
        and needs in c.cargo and len(c.slots(0)) >= 2 and c.name not in used and is_quiet(c.name)
    )


@pytest.mark.card("MINI VAN")
def test_mini_van_pirated_rider_from_a_harbour_ship_counts_as_its_own_type():
    """Seat 1 (ROBO-CATS) loads two luxury cards together as one technology container onto a ship in
    its harbour; seat 0 (MINI VAN) then pirates the second of them, which is a luxury container again
    and fits seat 0's luxury slot."""
    theirs = waiting_contract("green", frozenset())
    ours = waiting_contract("blue", frozenset({theirs}))
    used = {theirs, ours, "MINI VAN", "ROBO-CATS"}
    pair = plain_cards("blue", 2, used)
    used.update(pair)
    leader = next(c.name for c in CARDS.cards if c.set == "base" and c.action == "pirate" and c.goods != "grey"
                  and c.name not in used and is_quiet(c.name))
    seats = [
        {"fulfilled": ["MINI VAN"], "hand": [leader], "ships": [{"contracts": [ours]}, {}]},
        {"fulfilled": ["ROBO-CATS"], "hand": pair, "ships": [{"contracts": [theirs]}, {}]},
    ]
    g = game(True, seats, "load", [-1, 1], active=1)
    first, second = sorted(cid(c) for c in pair)
    apply_one(g, "load", 1, cards=(first, second), target=2)
    ship = g.state.ships[2]
    assert ship.containers[0] == second and ship.colours[0] == RIDING and not ship.at_sea  # it rides along
    apply_one(g, "play", 0, cards=(cid(leader),))
    apply_one(g, "draw", 1)
    rider = [a for a in g.legal_actions(0) if a.kind == "pirate" and a.cards == (second,) and a.sources == (2,)]
    assert 0 in {a.target for a in rider}  # it fits seat 0's luxury slot
    g.apply(Action.pirate(0, second, 2, onto=0))
    assert g.state.ships[0].containers == [second] and g.state.ships[0].colours == [CARDS.goods[second]]
