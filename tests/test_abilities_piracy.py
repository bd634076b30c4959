"""Abilities of the Pirate and Import actions, and ships (group F).

Every test builds a concrete position with ``load_scenario``, drives the game only through
``legal_actions()``/``apply()`` and runs both with card abilities and under the basic rules,
where the ability must not show.  Filler cards come from :class:`Fill`: cards whose abilities
(if any) cannot act from where the test puts them, so the tests keep working as more abilities
are registered.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import cid

from importexport import CARDS, Action, Game
from importexport.importexport.abilities import REGISTRY
from importexport.importexport.actions import DECK, TAKE_GOODS, hand_of
from importexport.importexport.constants import payout
from importexport.importexport.savefile import dump, load
from importexport.importexport.scenario import load_scenario

ON_OFF = pytest.mark.parametrize("abilities", [True, False], ids=["abilities", "basic"])

GROUP = (
    "BIG AMMUNITION", "MINI VAN", "POISON BOTTLES", "SHOTGUNS", "STEM CELLS", "STOLEN RICE", "STOLEN TIRES",
    "WATER NOTEPAD", "DARK FLIGHT", "AEROPONICS", "DIESEL ENGINE", "PARTNERSHIP",
)


# --- positions ----------------------------------------------------------------------------------

def harmless(name: str, fulfilled: bool = False) -> bool:
    """Can this card lie in a hand, crew, goods area, deck or on a ship without its ability acting?
    With ``fulfilled``: also among the fulfilled contracts (end-of-game scoring aside)."""
    card = CARDS.by_name(name)
    if card.timing == "anytime" or card.cargo_alt or card.goods == "grey":
        return False
    ability = REGISTRY.get(card.name)
    if ability is None:
        return True
    hooks = [h for h in dir(ability) if not h.startswith("__")]
    if ability.as_contract or getattr(ability, "in_crew", False) or getattr(ability, "lends", False):
        return False
    if any(h.startswith(("anytime_options", "on_container_fulfilled", "on_self_", "watch_")) for h in hooks):
        return False
    if fulfilled:
        return card.timing != "instant" and not ability.modifies and not ability.listens and "wins" not in hooks
    return True


class Fill:
    """Hands out harmless cards, each at most once, never one of this group's."""

    def __init__(self, *used: str) -> None:
        self.used = {n.upper() for n in used} | set(GROUP)

    def take(self, colour: str | None = None, n: int = 1, action: str | None = None,
             fulfilled: bool = False) -> list[str]:
        pool = [
            c.name for c in CARDS.cards
            if (colour is None or c.goods == colour) and (action is None or c.action == action)
            and c.name.upper() not in self.used and harmless(c.name, fulfilled)
        ]
        assert len(pool) >= n, f"not enough harmless {colour} {action} cards"
        self.used.update(p.upper() for p in pool[:n])
        return pool[:n]

    def one(self, colour: str | None = None, action: str | None = None) -> str:
        return self.take(colour, 1, action)[0]

    def contract(self, size: int, *, placeable: bool = False) -> str:
        """A contract needing ``size`` containers of named colours that does nothing in play once
        fulfilled; with ``placeable``, one without level requirement (to place it in play)."""
        for c in CARDS.cards:
            if (
                sum(c.cargo.values()) == size and (not placeable or not c.level) and "rainbow" not in c.cargo
                and c.name.upper() not in self.used and harmless(c.name, fulfilled=True)
            ):
                self.used.add(c.name.upper())
                return c.name
        raise AssertionError(f"no harmless contract of size {size}")

    def cargo(self, contract: str) -> list[str]:
        """Containers that meet ``contract``'s cargo requirement exactly."""
        out: list[str] = []
        for colour, count in CARDS.by_name(contract).cargo.items():
            out += self.take(colour, count)
        return out


def game(abilities: bool, seats: list[dict[str, Any]], led: str | None = None, declared: list[int] | None = None,
         **top: Any) -> Game:
    spec: dict[str, Any] = {"players": len(seats), "abilities": abilities, "seats": seats, **top}
    if led is not None:
        spec["turn"] = {"led": led, "declared": declared}
    return load_scenario(spec)


def acts(g: Game, kind: str, player: int | None = None, **fields: Any) -> list[Action]:
    return [
        a for a in g.legal_actions(player)
        if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())
    ]


def do(g: Game, kind: str, player: int | None = None, **fields: Any) -> Action:
    found = acts(g, kind, player, **fields)
    assert found, f"no legal {kind} {fields} among {[str(a) for a in g.legal_actions()]}"
    g.apply(found[0])
    return found[0]


def pirate(g: Game, seat: int, card: str | int, src: int, dest: int = -1) -> None:
    """``seat`` pirates ``card`` from ship ``src`` (-1: the Supply Island) to ``dest`` (-1: discard)."""
    c = cid(card) if isinstance(card, str) else card
    g.apply(Action.pirate(seat, c, src, dest))


def sources(g: Game, seat: int) -> set[int]:
    return {a.sources[0] for a in acts(g, "pirate", seat)}


def credits(g: Game) -> list[int]:
    return [p.credits for p in g.state.players]


def events(g: Game, key: str) -> list[dict[str, Any]]:
    return [args for _, k, args in g.log if k == key]


def lead_draw(g: Game, seat: int) -> None:
    assert g.deciders() == [seat] and g.state.stack[-1]["kind"] == "lead"
    do(g, "draw", seat)


# --- WATER NOTEPAD ------------------------------------------------------------------------------

@pytest.mark.card("WATER NOTEPAD")
@ON_OFF
def test_water_notepad_nobody_pirates_the_holders_ships(abilities):
    f = Fill()
    a, b, c, d = f.take("green", 4)
    seats = [{}, {"fulfilled": ["WATER NOTEPAD"], "ships": [{}, {"at_sea": True, "containers": [a, b]}]},
             {"ships": [{}, {"at_sea": True, "containers": [c, d]}]}]
    g = game(abilities, seats, "pirate", [1, 1, -1])
    assert sources(g, 0) == ({5} if abilities else {3, 5})  # ship 3: the holder's, ship 5: seat 2's
    pirate(g, 0, c, 5)
    assert sources(g, 1) == ({5} if abilities else {3, 5})  # not even the holder may


# --- STOLEN RICE --------------------------------------------------------------------------------

@pytest.mark.card("STOLEN RICE")
@ON_OFF
def test_stolen_rice_pays_2_per_agriculture_container_pirated(abilities):
    f = Fill()
    yellow, green, yellow2, green2 = f.one("yellow"), f.one("green"), f.one("yellow"), f.one("green")
    seats = [{"fulfilled": ["STOLEN RICE"]}, {"ships": [{}, {"at_sea": True, "containers": [yellow2, green2]}]}]
    g = game(abilities, seats, "pirate", [3, -1], island=[yellow, green])
    pirate(g, 0, yellow, -1)
    assert credits(g)[0] == (12 if abilities else 10)
    pirate(g, 0, green, -1)
    assert credits(g)[0] == (12 if abilities else 10)  # technology earns nothing
    pirate(g, 0, yellow2, 3)
    assert credits(g)[0] == (14 if abilities else 10)  # from a ship too


# --- STOLEN TIRES -------------------------------------------------------------------------------

@pytest.mark.card("STOLEN TIRES")
@ON_OFF
def test_stolen_tires_draw_one_and_refill_the_island(abilities):
    f = Fill()
    c1, c2, isl = f.take("blue", 3)
    deck = f.take("black", 4)
    seats = [{"fulfilled": ["STOLEN TIRES"]}, {"ships": [{}, {"at_sea": True, "containers": [c1, c2]}]}]
    g = game(abilities, seats, "pirate", [2, -1], island=[isl], deck=deck)
    pirate(g, 0, c1, 3)
    s = g.state
    if abilities:
        assert s.players[0].hand == [cid(deck[0])] and s.island == [cid(isl), cid(deck[1])]
    else:
        assert s.players[0].hand == [] and s.island == [cid(isl)]
    pirate(g, 0, isl, -1)
    if abilities:
        assert s.players[0].hand == [cid(deck[0]), cid(deck[2])] and s.island == [cid(deck[1]), cid(deck[3])]
    else:
        assert s.players[0].hand == [] and s.island == []


# --- BIG AMMUNITION -----------------------------------------------------------------------------

@pytest.mark.card("BIG AMMUNITION")
@ON_OFF
def test_big_ammunition_takes_a_random_card_from_the_ship_owner(abilities):
    f = Fill()
    c1, c2, own, isl = f.take("green", 4)
    h1 = f.one("blue")
    seats = [{"fulfilled": ["BIG AMMUNITION"], "ships": [{}, {"at_sea": True, "containers": [own, isl]}]},
             {"hand": [h1], "ships": [{}, {"at_sea": True, "containers": [c1, c2]}]}]
    g = game(abilities, seats, "pirate", [2, -1], island=[])
    pirate(g, 0, own, 1)  # one's own ship: nothing to take
    assert g.state.players[0].hand == []
    pirate(g, 0, c1, 3)
    assert g.state.players[0].hand == ([cid(h1)] if abilities else [])
    assert g.state.players[1].hand == ([] if abilities else [cid(h1)])


# --- POISON BOTTLES -----------------------------------------------------------------------------

@pytest.mark.card("POISON BOTTLES")
@ON_OFF
def test_poison_bottles_every_pirate_pays_2_once_per_turn(abilities):
    f = Fill()
    island = f.take("green", 5)
    seats = [{}, {"credits": 1}, {"fulfilled": ["POISON BOTTLES"]}, {}]
    g = game(abilities, seats, "pirate", [2, 1, 1, 1], island=island)
    pirate(g, 0, island[0], -1)
    pirate(g, 0, island[1], -1)
    assert credits(g) == ([8, 1, 12, 10] if abilities else [10, 1, 10, 10])  # twice, but pays once
    pirate(g, 0 + 1, island[2], -1)
    assert credits(g) == ([8, 1, 12, 10] if abilities else [10, 1, 10, 10])  # cannot pay 2: pays nothing
    pirate(g, 2, island[3], -1)
    assert credits(g) == ([8, 1, 12, 10] if abilities else [10, 1, 10, 10])  # the King pays no one
    pirate(g, 3, island[4], -1)
    assert credits(g) == ([8, 1, 14, 8] if abilities else [10, 1, 10, 10])


# --- SHOTGUNS -----------------------------------------------------------------------------------

def shotguns_game(abilities: bool, holder_declared: int = 1) -> tuple[Game, list[str], list[str]]:
    f = Fill()
    island = f.take("green", 3)
    hand = f.take("blue", 3)
    seats = [{"hand": hand}, {"fulfilled": ["SHOTGUNS"]}, {}]
    g = game(abilities, seats, "pirate", [1, holder_declared, 1], island=island)
    return g, island, hand


@pytest.mark.card("SHOTGUNS")
@ON_OFF
def test_shotguns_earlier_pirates_give_2_cards_or_2_credits(abilities):
    g, island, hand = shotguns_game(abilities)
    pirate(g, 0, island[0], -1)
    if not abilities:
        assert g.state.stack[-1]["kind"] == "act" and g.deciders() == [1]
        return
    assert {a.target for a in acts(g, "choose", 0)} == {0, 1}  # credits or cards, the payer's choice
    do(g, "choose", 0, target=1)
    do(g, "choose", 0, cards=(cid("SHOTGUNS"), cid(hand[0])))
    do(g, "choose", 0, cards=(cid("SHOTGUNS"), cid(hand[2])))
    assert g.state.players[0].hand == [cid(hand[1])]
    assert g.state.players[1].hand == [cid(hand[0]), cid(hand[2])]
    pirate(g, 1, island[1], -1)
    pirate(g, 2, island[2], -1)  # after the holder: nothing owed
    assert credits(g) == [10, 10, 10] and g.state.stack[-1]["kind"] == "lead"


@pytest.mark.card("SHOTGUNS")
def test_shotguns_paid_in_credits():
    g, island, _ = shotguns_game(True)
    pirate(g, 0, island[0], -1)
    do(g, "choose", 0, target=0)
    assert credits(g) == [8, 12, 10]


@pytest.mark.card("SHOTGUNS")
def test_shotguns_holder_not_pirating_this_turn_gets_nothing():
    g, island, _ = shotguns_game(True, holder_declared=-1)
    pirate(g, 0, island[0], -1)
    assert credits(g) == [10, 10, 10] and g.deciders() == [2] and not acts(g, "choose")


# --- STEM CELLS ---------------------------------------------------------------------------------

@pytest.mark.card("STEM CELLS")
@ON_OFF
def test_stem_cells_pay_2_to_put_the_pirated_container_into_goods(abilities):
    f = Fill()
    blue = f.one("blue")
    g = game(abilities, [{"fulfilled": ["STEM CELLS"]}, {}], "pirate", [1, -1], island=[blue])
    assert {a.target for a in acts(g, "pirate", 0)} == ({-1, -2} if abilities else {-1})
    if abilities:
        pirate(g, 0, blue, -1, dest=-2)
        assert g.state.players[0].goods == [cid(blue)] and credits(g)[0] == 8
        assert any(line.endswith("and puts it into the goods.") for line in g.narrate())


@pytest.mark.card("STEM CELLS")
def test_stem_cells_needs_2_credits():
    blue = Fill().one("blue")
    g = game(True, [{"fulfilled": ["STEM CELLS"], "credits": 1}, {}], "pirate", [1, -1], island=[blue])
    assert {a.target for a in acts(g, "pirate", 0)} == {-1}


# --- MINI VAN -----------------------------------------------------------------------------------

@pytest.mark.card("MINI VAN")
@ON_OFF
def test_mini_van_pirates_harbour_ships_the_deck_and_hands(abilities):
    f = Fill("APPLE WATCH")
    contract = f.contract(3)
    need = CARDS.by_name(contract).cargo  # e.g. one blue, two green
    colours = [c for c, n in need.items() for _ in range(n)]
    victim_contract = f.contract(2)
    on_harbour_ship, from_deck, from_hand = (f.one(colours[0]), f.one(colours[1]), f.one(colours[2]))
    seats = [{"fulfilled": ["MINI VAN"], "ships": [{"contracts": [contract]}, {}]},
             {"hand": [from_hand], "ships": [{"contracts": [victim_contract], "containers": [on_harbour_ship]}, {}]}]
    g = game(abilities, seats, "pirate", [3, -1], island=[], deck=[from_deck])
    # sources: seat 1's ship 2 in harbour, the deck's top (-2), seat 1's hand (-3 - 1)
    assert sources(g, 0) == ({2, -2, -4} if abilities else set())
    if not abilities:
        assert g.state.stack[-1]["kind"] == "lead"  # nothing to pirate: the actions are lost
        return
    pirate(g, 0, on_harbour_ship, 2, dest=0)
    s = g.state
    assert s.ships[2].containers == [] and not s.ships[2].at_sea  # no "sailing home" from a harbour
    assert s.ships[0].containers == [cid(on_harbour_ship)]
    do(g, "pirate", 0, cards=(), sources=(DECK,))  # the top of the deck, unseen
    assert {a.target for a in acts(g, "choose", 0)} == {0, -1}  # seen now: load it or discard it
    do(g, "choose", 0, cards=(cid("MINI VAN"), cid(from_deck)), target=0)
    do(g, "pirate", 0, cards=(), sources=(hand_of(1),))  # a random card from seat 1's hand
    do(g, "choose", 0, cards=(cid("MINI VAN"), cid(from_hand)), target=0)
    assert s.players[1].hand == [] and contract in [CARDS.names[c] for c in s.players[0].fulfilled]
    assert credits(g)[0] == 10 + payout(3)
    assert any("Player 2's hand" in line for line in g.narrate())


@pytest.mark.card("MINI VAN")
@pytest.mark.card("WATER NOTEPAD")
def test_mini_van_respects_water_notepad_in_harbour():
    f = Fill()
    con = f.contract(2)
    box = f.one("green")
    seats = [{"fulfilled": ["MINI VAN"]},
             {"fulfilled": ["WATER NOTEPAD"], "ships": [{"contracts": [con], "containers": [box]}, {}]}]
    g = game(True, seats, "pirate", [1, -1], island=[])
    assert 2 not in sources(g, 0) and sources(g, 0) >= {-2}


# --- DARK FLIGHT --------------------------------------------------------------------------------

def dark_flight_game(abilities: bool) -> tuple[Game, list[str]]:
    f = Fill()
    island = f.take("green", 3)
    boxes = f.take("blue", 2)
    seats = [{"fulfilled": ["DARK FLIGHT"]}, {"ships": [{}, {"at_sea": True, "containers": boxes}]}]
    return game(abilities, seats, "import", [1, 1], island=island), island


@pytest.mark.card("DARK FLIGHT")
@ON_OFF
def test_dark_flight_import_from_the_island_the_bid_goes_to_the_holder(abilities):
    g, island = dark_flight_game(abilities)
    assert {a.target for a in acts(g, "ship", 0)} == ({3, -1} if abilities else {3})
    if not abilities:
        return
    do(g, "ship", 0, target=-1)
    g.apply(Action(0, "bid", count=2))
    g.apply(Action(1, "bid", count=5))
    assert credits(g) == [15, 5]  # the winning bid goes to the holder, not to the bank
    do(g, "take", 1, cards=(cid(island[0]),), target=TAKE_GOODS)
    do(g, "take", 1, cards=(cid(island[2]),), target=TAKE_GOODS)
    assert g.state.island == [cid(island[1])] and g.state.players[1].goods == [cid(island[0]), cid(island[2])]
    assert credits(g) == [15, 5]  # nobody's ship: no compensation
    assert any("Supply Island" in line for line in g.narrate())


@pytest.mark.card("DARK FLIGHT")
def test_dark_flight_holder_winning_keeps_the_bid():
    g, island = dark_flight_game(True)
    do(g, "ship", 0, target=-1)
    g.apply(Action(0, "bid", count=5))
    g.apply(Action(1, "bid", count=2))
    assert credits(g) == [10, 10] and events(g, "bid_kept")
    do(g, "take", 0, cards=(cid(island[1]),), target=TAKE_GOODS)
    do(g, "take", 0, target=TAKE_GOODS)
    assert len(g.state.island) == 1 and len(g.state.players[0].goods) == 2


@pytest.mark.card("DARK FLIGHT")
def test_dark_flight_not_for_a_chooser_without_it():
    f = Fill()
    seats = [{}, {"fulfilled": ["DARK FLIGHT"], "ships": [{}, {"at_sea": True, "containers": f.take("blue", 2)}]}]
    g = game(True, seats, "import", [1, 1], island=f.take("green", 2))
    assert {a.target for a in acts(g, "ship", 0)} == {3}  # seat 0 picks the cargo and holds no DARK FLIGHT


# --- AEROPONICS ---------------------------------------------------------------------------------

@pytest.mark.card("AEROPONICS")
@ON_OFF
def test_aeroponics_ship_down_to_one_container_comes_home_with_it(abilities):
    f = Fill()
    c1, c2 = f.take("green", 2)
    seats = [{"fulfilled": ["AEROPONICS"], "ships": [{}, {"at_sea": True, "containers": [c1, c2]}]}, {}]
    g = game(abilities, seats, "pirate", [-1, 1])
    pirate(g, 1, c1, 1)
    ship = g.state.ships[1]
    assert ship.containers == [cid(c2)]
    assert ship.at_sea is (not abilities)
    assert bool(events(g, "ship_home_loaded")) is abilities


@pytest.mark.card("AEROPONICS")
@ON_OFF
def test_aeroponics_interrupts_an_import(abilities):
    f = Fill()
    c1, c2 = f.take("green", 2)
    seats = [{"fulfilled": ["AEROPONICS"], "ships": [{}, {"at_sea": True, "containers": [c1, c2]}]}, {}]
    g = game(abilities, seats, "import", [-1, 1])
    do(g, "ship", 0, target=1)
    do(g, "take", 1, cards=(cid(c1),), target=TAKE_GOODS)
    s = g.state
    if abilities:  # home at once with the last container: the winner takes no second card
        assert s.players[1].goods == [cid(c1)] and s.ships[1].containers == [cid(c2)] and not s.ships[1].at_sea
    else:
        do(g, "take", 1, cards=(cid(c2),), target=TAKE_GOODS)
        assert s.ships[1].containers == [] and not s.ships[1].at_sea
    assert credits(g)[0] == 12  # the owner is compensated either way
    assert s.stack[-1]["kind"] == "lead"


@pytest.mark.card("AEROPONICS")
@ON_OFF
def test_aeroponics_on_arrival_brings_home_a_lone_container(abilities):
    f = Fill()
    *loaded, last = f.cargo("AEROPONICS")
    lone = f.one("blue")
    seats = [{"hand": [last], "ships": [{"contracts": ["AEROPONICS"], "containers": loaded},
                                         {"at_sea": True, "containers": [lone]}]}, {}]
    g = game(abilities, seats, "load", [1, -1])
    do(g, "load", 0, cards=(cid(last),), target=0)
    ship = g.state.ships[1]
    assert ship.containers == [cid(lone)] and ship.at_sea is (not abilities)
    # the fulfilled ship itself sails with its containers; with two aboard it stays at sea
    assert g.state.ships[0].at_sea and len(g.state.ships[0].containers) == len(loaded) + 1


# --- DIESEL ENGINE ------------------------------------------------------------------------------

def diesel_game(abilities: bool) -> tuple[Game, dict[str, Any]]:
    f = Fill()
    *loaded, last = [f.one(c) for c in ("green", "black", "yellow")]
    contract = f.contract(3, placeable=True)
    boxes = f.cargo(contract)
    lead_contract = f.one(action="contract")
    lead_load = f.one(action="load")
    crew_load = f.take(action="load", n=2)
    lead_import = f.one(action="import")
    crew_import = f.one(action="import")
    seats = [
        {"hand": [last, contract, lead_contract, lead_load, *boxes], "crew": crew_load,
         "fulfilled": f.take(n=2, fulfilled=True),
         "ships": [{"contracts": ["DIESEL ENGINE"], "containers": loaded}, {}]},
        {"hand": [lead_import], "crew": [crew_import]},
    ]
    g = game(abilities, seats, "load", [1, -1])
    do(g, "load", 0, cards=(cid(last),), target=0)
    names = {"contract": contract, "boxes": boxes, "lead_contract": lead_contract, "lead_load": lead_load,
             "lead_import": lead_import}
    return g, names


@pytest.mark.card("DIESEL ENGINE")
@ON_OFF
def test_diesel_engine_becomes_an_extra_ship(abilities):
    g, _ = diesel_game(abilities)
    s = g.state
    p = s.players[0]
    assert p.credits == 10 + payout(3)
    if abilities:
        assert p.ships == [0, 1, 4] and len(s.ships) == 5 and cid("DIESEL ENGINE") not in p.fulfilled
        assert s.marks["tucked"] == [[cid("DIESEL ENGINE"), 4]]
        assert any("Player 1's ship 3" in line for line in g.narrate())
        assert load(dump(g)).state.to_dict() == s.to_dict()  # saves accept the extra ship
    else:
        assert p.ships == [0, 1] and len(s.ships) == 4 and cid("DIESEL ENGINE") in p.fulfilled


@pytest.mark.card("DIESEL ENGINE")
def test_diesel_engine_ship_makes_one_voyage_then_is_discarded():
    g, n = diesel_game(True)
    s = g.state
    lead_draw(g, 1)
    do(g, "play", 0, cards=(cid(n["lead_contract"]),))
    do(g, "draw", 1)
    do(g, "contract", 0, cards=(cid(n["contract"]),), target=4)  # onto the extra ship
    lead_draw(g, 1)
    do(g, "play", 0, cards=(cid(n["lead_load"]),))
    do(g, "declare", 0, count=3)
    do(g, "draw", 1)
    for box in n["boxes"]:
        do(g, "load", 0, cards=(cid(box),), target=4)
    assert s.ships[4].at_sea and len(s.ships[4].containers) == 3
    do(g, "play", 1, cards=(cid(n["lead_import"]),))
    do(g, "declare", 1, count=2)
    do(g, "draw", 0)
    for _ in range(2):  # two rounds: the lone bidder takes 2, then 1
        do(g, "ship", 1, target=4)
        while g.state.stack[-1]["kind"] == "take":
            do(g, "take", 1)
    assert s.players[0].ships == [0, 1] and cid("DIESEL ENGINE") in s.discard
    assert s.marks["tucked"] == [] and s.marks["one_use_ships"] == []
    assert events(g, "ship_discarded")
    assert load(dump(g)).state.to_dict() == s.to_dict()


# --- PARTNERSHIP --------------------------------------------------------------------------------

def partnership_game(abilities: bool) -> tuple[Game, dict[str, Any]]:
    f = Fill()
    x, y = f.contract(2), f.contract(2)
    x1, x2 = f.cargo(x)
    y1, y2 = f.cargo(y)
    black, red = f.one("black"), f.one("red")
    lead_load = f.one(action="load")
    crew = f.take(action="load", n=3)
    imports = f.take(action="import", n=3)
    seats = [
        {"hand": ["PARTNERSHIP", lead_load, x2, y2, black, red], "crew": crew, "credits": 0,
         "goods": f.take("green", 4) + f.take("yellow", 4), "fulfilled": f.take(n=3, fulfilled=True),
         "ships": [{"contracts": [x], "containers": [x1]}, {"contracts": [y], "containers": [y1]}]},
        {"hand": [imports[0]], "crew": imports[1:]},
    ]
    g = game(abilities, seats, "contract", [1, -1])
    return g, {"x": x, "y": y, "x1": x1, "y1": y1, "load": [x2, y2, black, red], "lead_load": lead_load,
               "lead_import": imports[0]}


@pytest.mark.card("PARTNERSHIP")
@ON_OFF
def test_partnership_joins_two_ships(abilities):
    g, n = partnership_game(abilities)
    joins = acts(g, "anytime", 0, cards=(cid("PARTNERSHIP"),))
    if not abilities:
        assert joins == [] and acts(g, "contract", 0, cards=(cid("PARTNERSHIP"),))
        return
    assert [(a.target, a.option, a.count) for a in joins] == [(0, 1, 1)]  # level 8: 8 goods, one action
    g.apply(joins[0])
    s = g.state
    a = s.ships[0]
    assert s.players[0].ships == [0] and s.marks["super_ships"] == [0, 1]
    assert [CARDS.names[c] for c in a.contracts] == [n["x"], n["y"], "PARTNERSHIP"]
    assert sorted(a.containers) == sorted([cid(n["x1"]), cid(n["y1"])])
    assert s.stack[-1]["kind"] == "lead"  # the Contract action is used up


@pytest.mark.card("PARTNERSHIP")
def test_partnership_pays_double_compensates_4_and_splits_when_empty():
    g, n = partnership_game(True)
    do(g, "anytime", 0, cards=(cid("PARTNERSHIP"),))
    s = g.state
    lead_draw(g, 1)
    do(g, "play", 0, cards=(cid(n["lead_load"]),))
    do(g, "declare", 0, count=4)
    do(g, "draw", 1)
    before = credits(g)[0]
    for box in n["load"]:
        do(g, "load", 0, cards=(cid(box),), target=0)
    p0 = s.players[0]
    assert p0.credits == before + 2 * payout(6)  # double the payout for six containers
    assert s.ships[0].at_sea and len(s.ships[0].containers) == 6 and cid("PARTNERSHIP") in p0.fulfilled
    assert p0.ships == [0]  # still one super ship at sea
    # seat 1 imports three times from the super ship: 4 credits each time, then it splits
    do(g, "play", 1, cards=(cid(n["lead_import"]),))
    do(g, "declare", 1, count=3)
    do(g, "draw", 0)
    start = s.players[0].credits
    for _ in range(3):
        do(g, "ship", 1, target=0)
        while s.stack[-1]["kind"] == "take":
            do(g, "take", 1)
    assert s.players[0].credits == start + 3 * 4
    assert s.players[0].ships == [0, 1] and s.marks["super_ships"] == [] and not s.ships[0].at_sea
    assert events(g, "super_ship_split")
    assert load(dump(g)).state.to_dict() == s.to_dict()


# --- all of them in random play -----------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_group_in_random_play_keeps_every_card_and_saves(seed):
    """Random choices with every ability of the group in play: no card is lost or doubled, every
    decision has a choice, and the game saves and loads at every tenth step."""
    seats = [
        {"fulfilled": ["MINI VAN", "STEM CELLS", "STOLEN TIRES"], "hand": ["DIESEL ENGINE", "PARTNERSHIP"]},
        {"fulfilled": ["BIG AMMUNITION", "POISON BOTTLES", "AEROPONICS"]},
        {"fulfilled": ["SHOTGUNS", "STOLEN RICE", "DARK FLIGHT"], "goods": ["WATER NOTEPAD"]},
    ]
    spec = {"players": 3, "abilities": True, "seed": seed, "seats": seats,
            "modules": ["capital", "kickstarter2", "promo", "j"]}
    g = load_scenario(spec)
    everything = sorted(g.state.all_cards())
    rng = random.Random(seed)
    for step in range(250):
        if g.is_over():
            break
        seat = rng.choice(g.deciders())
        options = g.legal_actions(seat)
        assert options
        g.apply(rng.choice(options))
        assert sorted(g.state.all_cards()) == everything, (step, g.history[-1])
        if step % 10 == 0:
            assert load(dump(g)).state.to_dict() == g.state.to_dict()
    g.narrate("de")
