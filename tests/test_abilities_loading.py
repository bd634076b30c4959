"""Loading abilities (group D): wild containers, any container on a contract type, fewer containers
needed, bigger ships, two containers as one.

Every test builds a concrete position with ``load_scenario``, drives it only through
``legal_actions()``/``apply()`` and runs with card abilities and under the basic rules, where the
effect must not happen.  Filler cards come from :class:`Fill`: cards whose abilities (if any)
cannot act where the test puts them, so the tests survive more abilities being registered.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from helpers import cid, matching

from importexport import CARDS, Action
from importexport.importexport.abilities import REGISTRY
from importexport.importexport.actions import ISLAND
from importexport.importexport.cards import Card
from importexport.importexport.constants import GREEN, RAINBOW, RIDING, payout
from importexport.importexport.scenario import load_scenario

ON_OFF = pytest.mark.parametrize("abilities", [True, False], ids=["abilities", "basic"])
GROUP = (
    "3D PRINTERS", "NEURAL UNITS", "RICE COOKERS", "CHOPSTICKS", "CANNONS", "FRIDGES", "BOARD GAMES",
    "SCOTCH", "MINERAL FUELS", "VOLKSWAGEN", "JOE WIGGINS", "BIG CATS", "TELEVISIONS", "SOAP", "IMPALAS",
    "CANDY", "COFFEE", "GENERATORS", "SEEDS", "TORTILLAS", "PREFAB HOME", "ROBO-CATS", "LEGOS", "TABLETS",
    "YEN", "WHEAT",
)
HARMLESS = frozenset({
    "triggers_credit_end", "end_credits", "end_credits_all", "wins_ties", "majority_bonus", "majority_share",
    "follow_with_any",
})
ACTS_ANYWHERE = ("anytime_options", "on_container_fulfilled", "on_self_", "watch_")
# Cards of this group that change nothing at the moment they are fulfilled: fine as filler contracts.
PASSIVE = frozenset({
    "BIG CATS", "TELEVISIONS", "SOAP", "IMPALAS", "WHEAT", "CANDY", "COFFEE", "GENERATORS", "SEEDS",
    "SCOTCH", "MINERAL FUELS", "VOLKSWAGEN", "BOARD GAMES", "CANNONS", "FRIDGES", "3D PRINTERS",
})


# --- filler cards ---------------------------------------------------------------------------------

def quiet(card: Card, where: str) -> bool:
    """Can ``card`` lie ``where`` ("hand", "ship", "goods", "crew", "island", or "contract": a contract
    the test fulfils) without its ability doing anything the test would notice?"""
    if card.timing == "anytime" or card.cargo_alt is not None or card.goods == "grey":
        return False
    if card.name in GROUP:  # this group's abilities work only as fulfilled contracts (or as contracts)
        return card.name in PASSIVE if where == "contract" else not REGISTRY[card.name].as_contract
    ability = REGISTRY.get(card.name)
    if ability is None:
        return True
    hooks = [h for h in dir(ability) if not h.startswith("__")]
    if getattr(ability, "as_contract", False) or getattr(ability, "in_crew", False):
        return False
    if any(h.startswith(ACTS_ANYWHERE) for h in hooks):
        return False
    if where == "contract":
        if ability.listens or getattr(ability, "lends", False) or not ability.modifies <= HARMLESS:
            return False
        return not any(h in ("on_fulfil", "wins") for h in hooks)
    return True


def rank(card: Card) -> tuple[int, bool, int]:
    """Cards without abilities first, then this group's, then others; base cards first."""
    return (0 if card.name not in REGISTRY else 1 if card.name in GROUP else 2, card.set != "base", card.id)


class Fill:
    """Hands out quiet cards, each at most once (base cards first, cards without abilities first)."""

    def __init__(self, *used: str) -> None:
        self.used = {n.upper() for n in used}

    def pool(self, where: str, test: Callable[[Card], bool]) -> list[Card]:
        found = [c for c in CARDS.cards if c.name.upper() not in self.used and test(c) and quiet(c, where)]
        return sorted(found, key=rank)

    def take(self, colour: str, n: int = 1, where: str = "hand", test: Callable[[Card], bool] | None = None) -> list[str]:
        found = self.pool(where, lambda c: c.goods == colour and (test is None or test(c)))
        assert len(found) >= n, f"not enough quiet {colour} cards for the {where}"
        names = [c.name for c in found[:n]]
        self.used.update(n.upper() for n in names)
        return names

    def one(self, colour: str, where: str = "hand", test: Callable[[Card], bool] | None = None) -> str:
        return self.take(colour, 1, where, test)[0]

    def contract(self, test: Callable[[Card], bool], placeable: bool = False) -> str:
        """A quiet contract card passing ``test`` (``placeable``: without a level requirement)."""
        found = self.pool("contract", lambda c: not (placeable and c.level) and test(c))
        assert found, "no quiet contract card fits"
        self.used.add(found[0].name.upper())
        return found[0].name

    def cargo(self, contract: str) -> list[str]:
        """Containers exactly meeting ``contract``'s cargo requirement."""
        out: list[str] = []
        for colour, count in CARDS.by_name(contract).cargo.items():
            out += self.take("green" if colour == RAINBOW else colour, count, "ship")
        return out


def size(name: str) -> int:
    return len(CARDS.by_name(name).slots(0))


def game(abilities: bool, seats: list[dict[str, Any]], led: str | None = None,
         declared: list[int] | None = None, players: int = 3, **top: Any):
    spec: dict[str, Any] = {"players": players, "abilities": abilities, "seats": seats, **top}
    if led is not None:
        spec["turn"] = {"led": led, "declared": declared or [1] + [-1] * (players - 1)}
    return load_scenario(spec)


def fulfilled(g, seat: int = 0) -> list[int]:
    return g.state.players[seat].fulfilled


# --- the joker cards: containers of one colour are wild ---------------------------------------------

JOKERS = [("TELEVISIONS", "green"), ("WHEAT", "yellow"), ("SOAP", "black"), ("IMPALAS", "blue"), ("BIG CATS", "red")]


def joker_position(abilities: bool, card: str, colour: str, led: str):
    """Seat 0 holds ``card``; its contract asks for no ``colour`` and is one container short; the
    missing container is of ``colour`` (in hand for Load, on the Supply Island for Pirate)."""
    fill = Fill(card)
    contract = fill.contract(lambda c: colour not in c.cargo and RAINBOW not in c.cargo)
    loaded = fill.cargo(contract)[:-1]
    wild = fill.one(colour, "ship")
    seat0: dict[str, Any] = {"fulfilled": [card], "ships": [{"contracts": [contract], "containers": loaded}, {}]}
    top: dict[str, Any] = {}
    if led == "load":
        seat0["hand"] = [wild]
    else:
        top["island"] = [wild]
    return game(abilities, [seat0], led, **top), contract, cid(wild)


@pytest.mark.card("TELEVISIONS")
@pytest.mark.card("WHEAT")
@pytest.mark.card("SOAP")
@pytest.mark.card("IMPALAS")
@pytest.mark.card("BIG CATS")
@pytest.mark.parametrize(("card", "colour"), JOKERS, ids=[c for c, _ in JOKERS])
@ON_OFF
def test_joker_container_fills_a_slot_of_another_colour(abilities, card, colour):
    g, contract, wild = joker_position(abilities, card, colour, "load")
    loads = matching(g, "load", 0)
    if not abilities:
        assert loads == []
        return
    assert loads == [Action(0, "load", (wild,), 0)]
    g.apply(loads[0])
    assert cid(contract) in fulfilled(g)
    assert g.state.players[0].credits == 10 + payout(size(contract))


@pytest.mark.card("TELEVISIONS")
@pytest.mark.card("WHEAT")
@pytest.mark.card("SOAP")
@pytest.mark.card("IMPALAS")
@pytest.mark.card("BIG CATS")
@pytest.mark.parametrize(("card", "colour"), JOKERS, ids=[c for c, _ in JOKERS])
@ON_OFF
def test_joker_works_with_pirate_too(abilities, card, colour):
    g, contract, wild = joker_position(abilities, card, colour, "pirate")
    targets = {a.target for a in matching(g, "pirate", 0, cards=(wild,))}
    assert targets == ({0, -1} if abilities else {-1})
    if abilities:
        g.apply(Action.pirate(0, wild, ISLAND, onto=0))
        assert cid(contract) in fulfilled(g)


@pytest.mark.card("SOAP")
@ON_OFF
def test_joker_other_colours_stay_plain(abilities):
    """SOAP makes black containers wild, not blue ones."""
    fill = Fill("SOAP")
    contract = fill.contract(lambda c: "blue" not in c.cargo and "black" not in c.cargo and RAINBOW not in c.cargo)
    blue = fill.one("blue", "ship")
    g = game(abilities, [{"fulfilled": ["SOAP"], "hand": [blue],
                          "ships": [{"contracts": [contract], "containers": fill.cargo(contract)[:-1]}, {}]}], "load")
    assert matching(g, "load", 0) == []


# --- any container on your contracts of one type ---------------------------------------------------

ANY_ON = [("CANDY", "black"), ("COFFEE", "yellow"), ("GENERATORS", "green"), ("SEEDS", "red")]


@pytest.mark.card("CANDY")
@pytest.mark.card("COFFEE")
@pytest.mark.card("GENERATORS")
@pytest.mark.card("SEEDS")
@pytest.mark.parametrize(("card", "kind"), ANY_ON, ids=[c for c, _ in ANY_ON])
@ON_OFF
def test_any_container_fits_your_contracts_of_that_type(abilities, card, kind):
    """Seat 0 has a contract of type ``kind`` one container short on ship 0 and a contract of
    another type, also one short, on ship 1; the hand card fits neither by colour."""
    fill = Fill(card)
    own = fill.contract(lambda c: c.goods == kind and RAINBOW not in c.cargo)
    other = fill.contract(lambda c: c.goods not in (kind, "grey") and RAINBOW not in c.cargo)
    colours = set(CARDS.by_name(own).cargo) | set(CARDS.by_name(other).cargo)
    odd = next(c for c in ("green", "yellow", "black", "blue", "red") if c not in colours)
    hand = fill.one(odd, "ship")
    g = game(abilities, [{"fulfilled": [card], "hand": [hand], "ships": [
        {"contracts": [own], "containers": fill.cargo(own)[:-1]},
        {"contracts": [other], "containers": fill.cargo(other)[:-1]},
    ]}], "load")
    loads = matching(g, "load", 0)
    if not abilities:
        assert loads == []
        return
    assert loads == [Action(0, "load", (cid(hand),), 0)]  # the other type's contract is not helped
    g.apply(loads[0])
    assert cid(own) in fulfilled(g) and cid(other) not in fulfilled(g)


@pytest.mark.card("TORTILLAS")
@ON_OFF
def test_tortillas_as_a_contract_takes_any_container(abilities):
    fill = Fill("TORTILLAS")
    cargo = CARDS.by_name("TORTILLAS").cargo
    odd = next(c for c in ("green", "yellow", "black", "blue", "red") if c not in cargo)
    first = fill.cargo("TORTILLAS")[0]
    hand = fill.one(odd, "ship")
    g = game(abilities, [{"hand": [hand], "ships": [{"contracts": ["TORTILLAS"], "containers": [first]}, {}]}], "load")
    loads = matching(g, "load", 0)
    if not abilities:
        assert loads == []
        return
    g.apply(Action(0, "load", (cid(hand),), 0))
    assert fulfilled(g) == [cid("TORTILLAS")]


# --- fewer containers needed ------------------------------------------------------------------------

def three_slot_luxury(fill: Fill) -> str:
    return fill.contract(lambda c: c.goods == "blue" and len(c.slots(0)) == 3 and len(c.cargo) == 2)


@pytest.mark.card("PREFAB HOME")
@ON_OFF
def test_prefab_home_half_the_containers_rounded_up(abilities):
    """A luxury contract asking for 3 containers is met by 2 of them (any 2 the player picks:
    here the two of the colour asked for twice, leaving the single slot empty)."""
    fill = Fill("PREFAB HOME")
    contract = three_slot_luxury(fill)
    twice = next(col for col, n in CARDS.by_name(contract).cargo.items() if n == 2)
    hand = fill.take(twice, 2, "ship")
    g = game(abilities, [{"fulfilled": ["PREFAB HOME"], "hand": hand, "ships": [{"contracts": [contract]}, {}]}],
             "load", [2, -1, -1])
    g.apply(Action(0, "load", (cid(hand[0]),), 0))
    assert cid(contract) not in fulfilled(g)  # one of three is less than half
    g.apply(Action(0, "load", (cid(hand[1]),), 0))
    if abilities:
        assert g.state.ships[0].contracts == [cid(contract)]  # "may": the holder is asked first
        g.apply(Action(0, "yes", (cid("PREFAB HOME"),), 0))
        assert cid(contract) in fulfilled(g)
        assert g.state.players[0].credits == 10 + payout(2)
        assert g.state.ships[0].at_sea
    else:
        assert g.state.ships[0].contracts == [cid(contract)] and g.state.players[0].credits == 10


@pytest.mark.card("PREFAB HOME")
@ON_OFF
def test_prefab_home_does_not_help_other_contract_types(abilities):
    fill = Fill("PREFAB HOME")
    contract = fill.contract(lambda c: c.goods not in ("blue", "grey") and len(c.slots(0)) == 4)
    cargo = fill.cargo(contract)
    g = game(abilities, [{"fulfilled": ["PREFAB HOME"], "hand": [cargo[1]],
                          "ships": [{"contracts": [contract], "containers": [cargo[0]]}, {}]}], "load")
    g.apply(Action(0, "load", (cid(cargo[1]),), 0))
    assert fulfilled(g) == [cid("PREFAB HOME")]


def yen_position(abilities: bool):
    """Two players.  Seat 0 is one Load away from fulfilling YEN on ship 0; ship 1 waits in the
    harbour with containers (a dropped contract's) that meet all but one slot of the contract
    ``later`` in hand.  Returns the game and the names involved."""
    fill = Fill("YEN")
    yen_cargo = fill.cargo("YEN")
    later = fill.contract(lambda c: len(c.slots(0)) == 3 and RAINBOW not in c.cargo, placeable=True)
    waiting = fill.cargo(later)[:-1]
    leader = fill.one("green", "hand", lambda c: c.action == "contract")
    g = game(abilities, [
        {"hand": [yen_cargo[-1], later, leader],
         "ships": [{"contracts": ["YEN"], "containers": yen_cargo[:-1]}, {"containers": waiting}]},
    ], "load", [1, -1], players=2)
    return g, later, leader, yen_cargo[-1]


@pytest.mark.card("YEN")
@ON_OFF
def test_yen_is_tucked_and_the_next_contract_needs_one_container_fewer(abilities):
    g, later, leader, last = yen_position(abilities)
    g.apply(Action(0, "load", (cid(last),), 0))
    yen = cid("YEN")
    if abilities:
        assert {a.target for a in g.legal_actions(0) if a.kind == "choose"} == {0, 1}
        g.apply(Action(0, "choose", (yen,), 1))
        assert yen not in fulfilled(g) and g.state.marks["tucked"] == [[yen, 1]]
        assert yen in g.state.all_cards()
    else:
        assert fulfilled(g) == [yen]
    g.apply(Action(1, "draw"))  # seat 1's turn
    g.apply(Action(0, "play", (cid(leader),)))  # seat 0 leads Contract
    g.apply(Action(1, "draw"))
    g.apply(Action(0, "contract", (cid(later),), 1, 1))
    ship = g.state.ships[1]
    if abilities:  # the containers already on ship 1 are enough now
        assert cid(later) in fulfilled(g) and ship.at_sea
        assert g.state.players[0].credits == 10 + payout(size("YEN")) + payout(size(later) - 1)
    else:
        assert ship.contracts == [cid(later)] and not ship.at_sea


@pytest.mark.card("YEN")
def test_yen_only_the_first_contract_placed_on_that_ship():
    """Contract A is placed first on YEN's ship and dropped again; B, placed next, needs all its
    containers (the containers already on the ship meet all but one of them)."""
    fill = Fill("YEN")
    yen_cargo = fill.cargo("YEN")
    b = fill.contract(lambda c: len(c.slots(0)) == 3 and RAINBOW not in c.cargo, placeable=True)
    waiting = fill.cargo(b)[:-1]
    waiting_colours = {CARDS.by_name(x).goods for x in waiting}
    a = fill.pool("hand", lambda c: not c.level and len(c.slots(0)) == 2 and not waiting_colours & set(c.cargo))[0].name
    fill.used.add(a.upper())
    leader = fill.one("green", "hand", lambda c: c.action == "contract")
    crew = fill.one("yellow", "crew", lambda c: c.action == "contract")
    g = game(True, [{"hand": [yen_cargo[-1], a, b, leader], "crew": [crew],
                     "ships": [{"contracts": ["YEN"], "containers": yen_cargo[:-1]}, {"containers": waiting}]}],
             "load", [1, -1], players=2)
    g.apply(Action(0, "load", (cid(yen_cargo[-1]),), 0))
    g.apply(Action(0, "choose", (cid("YEN"),), 1))
    g.apply(Action(1, "draw"))
    g.apply(Action(0, "play", (cid(leader),)))
    g.apply(Action(0, "declare", count=2))
    g.apply(Action(1, "draw"))
    g.apply(Action(0, "contract", (cid(a),), 1, 1))
    assert g.state.ships[1].contracts == [cid(a)]  # not met: none of its colours is loaded
    g.apply(Action(0, "drop", (cid(a),), 1))
    g.apply(Action(0, "contract", (cid(b),), 1, 1))
    assert g.state.ships[1].contracts == [cid(b)] and not g.state.ships[1].at_sea


# --- more containers per ship ------------------------------------------------------------------------

def big_ship(fill: Fill, total: int) -> list[str]:
    """Quiet contracts (no rainbow slots) whose cargo adds up to exactly ``total``."""
    pool = [c for c in fill.pool("contract", lambda c: RAINBOW not in c.cargo)]

    def search(start: int, left: int) -> list[Card] | None:
        if left == 0:
            return []
        for i in range(start, len(pool)):
            n = len(pool[i].slots(0))
            if n <= left:
                rest = search(i + 1, left - n)
                if rest is not None:
                    return [pool[i], *rest]
        return None

    found = search(0, total)
    assert found is not None, f"no quiet contracts add up to {total} containers"
    fill.used.update(c.name.upper() for c in found)
    return [c.name for c in found]


@pytest.mark.card("TABLETS")
@pytest.mark.parametrize(("containers", "pays"), [(7, 14), (8, 18), (9, 18), (10, 20)])
@ON_OFF
def test_tablets_bigger_ships_and_payouts(abilities, containers, pays):
    fill = Fill("TABLETS")
    contracts = big_ship(fill, containers)
    cargo = [x for c in contracts for x in fill.cargo(c)]
    g = game(abilities, [{"fulfilled": ["TABLETS"], "hand": cargo[-1:],
                          "ships": [{"contracts": contracts, "containers": cargo[:-1]}, {}]}], "load")
    g.apply(Action(0, "load", (cid(cargo[-1]),), 0))
    assert g.state.players[0].credits == 10 + (pays if abilities else 14)


@pytest.mark.card("TABLETS")
@ON_OFF
def test_tablets_contracts_up_to_ten_containers(abilities):
    fill = Fill("TABLETS")
    on_ship = big_ship(fill, 6)
    extra = fill.contract(lambda c: len(c.slots(0)) == 4, placeable=True)
    g = game(abilities, [{"fulfilled": ["TABLETS"], "hand": [extra], "ships": [{"contracts": on_ship}, {"at_sea": True}]}],
             "contract")
    assert bool(matching(g, "contract", 0, cards=(cid(extra),))) == abilities


@pytest.mark.card("LEGOS")
@ON_OFF
def test_legos_ship_has_no_cargo_limit(abilities):
    fill = Fill("LEGOS")
    others = big_ship(fill, 4)
    extra = fill.contract(lambda c: len(c.slots(0)) == 4, placeable=True)
    g = game(abilities, [{"hand": [extra], "ships": [{"contracts": ["LEGOS", *others]}, {"at_sea": True}]}], "contract")
    options = matching(g, "contract", 0, cards=(cid(extra),))
    if not abilities:
        assert options == []  # 6 containers asked already
        return
    assert options == [Action(0, "contract", (cid(extra),), 0, 1)]
    g.apply(options[0])
    assert g.state.ships[0].contracts[-1] == cid(extra)


@pytest.mark.card("LEGOS")
@ON_OFF
def test_legos_payout_keeps_its_cap(abilities):
    """Ten containers on a LEGOS ship pay 14, the usual maximum (TABLETS would make it 20)."""
    fill = Fill("LEGOS")
    contracts = ["LEGOS", *big_ship(fill, 10 - size("LEGOS"))]
    cargo = [x for c in contracts for x in fill.cargo(c)]
    g = game(abilities, [{"hand": cargo[-1:], "ships": [{"contracts": contracts, "containers": cargo[:-1]}, {}]}],
             "load")
    g.apply(Action(0, "load", (cid(cargo[-1]),), 0))
    assert cid("LEGOS") in fulfilled(g) and g.state.players[0].credits == 10 + 14


# --- two containers as one -------------------------------------------------------------------------

def robo_position(abilities: bool, led: str, pirates: int = 2):
    """Seat 0 holds ROBO-CATS; its contract still needs one green container (all else loaded);
    two red cards wait in hand (Load) or on the Supply Island (Pirate, two actions declared)."""
    fill = Fill("ROBO-CATS")
    contract = fill.contract(lambda c: c.cargo.get("green", 0) >= 1 and "red" not in c.cargo
                             and RAINBOW not in c.cargo and len(c.slots(0)) == 2)
    cargo = fill.cargo(contract)
    green = next(x for x in cargo if CARDS.by_name(x).goods == "green")
    loaded = [x for x in cargo if x != green]
    reds = fill.take("red", 2, "ship")
    seat0: dict[str, Any] = {"fulfilled": ["ROBO-CATS"], "ships": [{"contracts": [contract], "containers": loaded}, {}]}
    top: dict[str, Any] = {}
    if led == "load":
        seat0["hand"] = reds
        declared = [1, -1, -1]
    else:
        top["island"] = reds
        declared = [pirates, -1, -1]
    return game(abilities, [seat0], led, declared, **top), contract, [cid(r) for r in reds]


@pytest.mark.card("ROBO-CATS")
@ON_OFF
def test_robo_cats_load_two_of_a_kind_as_one_technology_container(abilities):
    g, contract, reds = robo_position(abilities, "load")
    pair = Action(0, "load", tuple(sorted(reds)), 0)
    loads = matching(g, "load", 0)
    if not abilities:
        assert loads == []
        return
    assert loads == [pair]
    g.apply(pair)
    assert cid(contract) in fulfilled(g)
    assert g.state.players[0].credits == 10 + payout(3)  # every card on the ship counts: 3, not 2
    ship = g.state.ships[0]
    assert ship.at_sea and sorted(ship.containers[-2:]) == sorted(reds)
    assert RIDING not in ship.colours and GREEN in ship.colours  # at sea: single containers again
    assert "ride_along" in {k for _, k, _ in g.log}


@pytest.mark.card("ROBO-CATS")
@ON_OFF
def test_robo_cats_pirate_two_containers_with_two_actions(abilities):
    g, contract, reds = robo_position(abilities, "pirate")
    pairs = [a for a in matching(g, "pirate", 0) if len(a.cards) == 2]
    if not abilities:
        assert pairs == []
        return
    assert pairs == [Action.pirate(0, sorted(reds), (ISLAND, ISLAND), onto=0)]
    g.apply(pairs[0])
    assert cid(contract) in fulfilled(g)
    assert g.state.players[0].credits == 10 + payout(3)
    assert not any(f.get("kind") == "act" for f in g.state.stack)  # both Pirate actions used


@pytest.mark.card("ROBO-CATS")
def test_robo_cats_pirate_pair_needs_two_actions_left():
    g, _contract, _reds = robo_position(True, "pirate", pirates=1)
    assert matching(g, "pirate", 0) and [a for a in matching(g, "pirate", 0) if len(a.cards) == 2] == []


# --- random positions with these abilities ----------------------------------------------------------

@pytest.mark.card("ROBO-CATS")
@pytest.mark.card("YEN")
@pytest.mark.card("PREFAB HOME")
@pytest.mark.card("TABLETS")
@pytest.mark.card("LEGOS")
@pytest.mark.parametrize("seed", range(12))
def test_random_play_with_loading_abilities(seed):
    """Random games from a table where these cards are in play: no crash, cards conserved."""
    rng = random.Random(seed)
    names = ["ROBO-CATS", "PREFAB HOME", "TABLETS", "WHEAT", "CANDY", "BIG CATS", "SEEDS", "GENERATORS"]
    rng.shuffle(names)
    seats = [
        {"fulfilled": names[0:3], "ships": [{"contracts": ["LEGOS"]}, {"contracts": ["YEN"]}]},
        {"fulfilled": names[3:6], "ships": [{"contracts": ["TORTILLAS"]}, {}]},
        {"fulfilled": names[6:]},
    ]
    g = load_scenario({"players": 3, "abilities": True, "seed": seed, "seats": seats,
                       "modules": ["kickstarter", "kickstarter2", "promo", "tokyo"]})
    cards = sorted(g.state.all_cards())
    for _ in range(3000):
        if g.is_over():
            break
        seat = rng.choice(g.deciders())
        g.apply(rng.choice(g.legal_actions(seat)))
        assert sorted(g.state.all_cards()) == cards
    assert all(p.credits >= 0 for p in g.state.players)

