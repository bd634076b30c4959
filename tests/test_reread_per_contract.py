"""Per contract, not per ship: abilities and rules that pay or count per contract, or per container
lying on a contract, with two contracts on one ship (docs/abilities.md, "Per contract").

A ship records the contract each of its containers lies on (``Ship.fills``); each test builds a
position with ``load_scenario`` in which seat 0 (active, one Load declared) completes a ship
carrying two contracts with its only hand card, and checks what the card under test makes of it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from helpers import apply_one, cid, matching, plain_cards

from importexport import Game
from importexport.errors import SaveFileError
from importexport.importexport.savefile import load
from importexport.importexport.scenario import load_scenario

GROUP = frozenset({
    "BOK CHOY", "LAPTOPS", "JETS", "FLASH DRIVES", "MUAY THAI SHORTS", "ONIONS", "MOUTHWASH", "PISTOLS",
    "SHOES", "A SMALL TANK", "PAPER", "HENTAI MANGA", "RARE METALS", "SATELLITE", "PARTNERSHIP",
    # the contracts fulfilled below
    "OLIVE OIL", "CANDY", "TELESCOPES", "PROTRACTORS", "MOTHER LOAD", "STOLEN RICE", "LONG COATS", "COFFEE",
})


class Fillers:
    """Quiet base cards of a colour, never the same card twice in one position."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def __call__(self, colour: str, n: int = 1) -> list[str]:
        out = plain_cards(colour, n, GROUP | self.used)
        self.used.update(out)
        return out


def completing(contracts: list[str], loaded: list[str], last: str, *, seat0: dict[str, Any] | None = None,
               others: list[dict[str, Any]] | None = None, **top: Any) -> Game:
    """Seat 0 (active, one Load declared, 0 credits) has ``contracts`` under ship 0 with ``loaded``
    containers (they lie on the first placed contract with a slot for them, in this order) and
    ``last`` in hand, which completes the ship; ``others``: seats 1 and 2."""
    first = {"credits": 0, "ships": [{"contracts": contracts, "containers": loaded}, {}], **(seat0 or {})}
    first["hand"] = [*first.get("hand", []), last]
    seats = [first, *(others or [{}, {}])]
    spec = {"players": 3, "abilities": True, "seats": seats, "turn": {"led": "load", "declared": [1, -1, -1]}, **top}
    return load_scenario(spec)


def load_last(g: Game, last: str) -> None:
    apply_one(g, "load", 0, cards=(cid(last),), target=0)


def on(g: Game, card: str) -> int:
    """The contract ``card`` lies on, by the ship's record (-1: none)."""
    ship = g.state.ships[0]
    return ship.fills[ship.containers.index(cid(card))]


# --- BOK CHOY: the contract it lies on, not any contract of the ship ----------------------------------

def bok_choy(on_consumer: bool) -> Game:
    """OLIVE OIL (agriculture: green + yellow) and CANDY (consumer: black + yellow) on one ship;
    BOK CHOY (yellow) lies on CANDY or on OLIVE OIL, the other yellow on the other contract."""
    f = Fillers()
    yellow = f("yellow")[0]
    loaded = [yellow, "BOK CHOY"] if on_consumer else ["BOK CHOY", yellow]
    last = f("black")[0]
    g = completing(["OLIVE OIL", "CANDY"], [*f("green"), *loaded], last)
    assert on(g, "BOK CHOY") == cid("CANDY" if on_consumer else "OLIVE OIL")
    load_last(g, last)
    return g


@pytest.mark.card("BOK CHOY")
def test_bok_choy_pays_on_a_consumer_contract_beside_an_agriculture_one():
    g = bok_choy(on_consumer=True)
    assert g.state.ships[0].at_sea and g.state.players[0].credits == 10 + 2


@pytest.mark.card("BOK CHOY")
def test_bok_choy_on_the_agriculture_contract_pays_nothing_though_the_other_is_consumer():
    g = bok_choy(on_consumer=False)
    assert g.state.ships[0].at_sea and g.state.players[0].credits == 10


# --- LAPTOPS: 2 cards per contract with a technology container on it ----------------------------------

def laptops(second: str) -> Game:
    """Seat 0 holds LAPTOPS and completes TELESCOPES (blue + green) and ``second`` on one ship."""
    f = Fillers()
    last = f("black")[0]
    second_green = f("green", 2)
    loaded = [*f("blue"), second_green[0]] + ([second_green[1]] if second == "PROTRACTORS" else f("yellow"))
    g = completing(["TELESCOPES", second], loaded, last, seat0={"fulfilled": ["LAPTOPS"]})
    load_last(g, last)
    return g


@pytest.mark.card("LAPTOPS")
def test_laptops_two_contracts_each_with_a_technology_container_draw_four():
    g = laptops("PROTRACTORS")  # consumer: black + green
    assert g.state.ships[0].at_sea and len(g.state.players[0].hand) == 4


@pytest.mark.card("LAPTOPS")
def test_laptops_only_the_contract_with_the_technology_container_draws():
    g = laptops("CANDY")  # consumer: black + yellow, no technology container on it
    assert g.state.ships[0].at_sea and len(g.state.players[0].hand) == 2


# --- JETS and FLASH DRIVES: containers that lay on the fulfilled contracts -----------------------------

@pytest.mark.card("JETS")
def test_jets_offers_each_contracts_own_containers_in_turn():
    f = Fillers()
    green, blue, black, yellow = f("green")[0], f("blue")[0], f("black")[0], f("yellow")[0]
    g = completing(["TELESCOPES", "CANDY"], [blue, green, black], yellow, seat0={"fulfilled": ["JETS"]})
    load_last(g, yellow)
    jets = cid("JETS")
    assert {a.cards[1] for a in matching(g, "choose", 0)} == {cid(blue), cid(green)}  # TELESCOPES' two
    apply_one(g, "no", 0, cards=(jets,))
    assert {a.cards[1] for a in matching(g, "choose", 0)} == {cid(black), cid(yellow)}  # then CANDY's
    apply_one(g, "choose", 0, cards=(jets, cid(yellow)))
    assert g.state.players[0].goods == [cid(yellow)] and g.state.ships[0].at_sea


def dropped_contract_position(holder: str) -> tuple[Game, list[str]]:
    """MOTHER LOAD (blue + red) and CANDY (black + yellow) under ship 0, a blue and a black container
    loaded; seat 0 drops CANDY (its black container stays, on no contract), then loads the red one."""
    f = Fillers()
    blue, black, red = f("blue")[0], f("black")[0], f("red")[0]
    g = completing(["MOTHER LOAD", "CANDY"], [blue, black], red, seat0={"fulfilled": [holder]},
                   modules=["market"], market=[0, 0, 2, 0, 0])
    assert on(g, black) == cid("CANDY")
    apply_one(g, "drop", 0, cards=(cid("CANDY"),), target=0)
    load_last(g, red)
    assert g.state.ships[0].fills == [cid("MOTHER LOAD"), -1, cid("MOTHER LOAD")]
    return g, [blue, black, red]


@pytest.mark.card("FLASH DRIVES")
def test_flash_drives_offers_only_containers_that_lay_on_the_fulfilled_contract():
    g, (blue, black, red) = dropped_contract_position("FLASH DRIVES")
    assert {a.cards[1] for a in matching(g, "choose", 0)} == {cid(blue), cid(red)}


@pytest.mark.card("FLASH DRIVES")
def test_flash_drives_one_container_per_ship_with_two_contracts():
    f = Fillers()
    green, blue, black, yellow = f("green")[0], f("blue")[0], f("black")[0], f("yellow")[0]
    g = completing(["TELESCOPES", "CANDY"], [blue, green, black], yellow, seat0={"fulfilled": ["FLASH DRIVES"]})
    load_last(g, yellow)
    assert {a.cards[1] for a in matching(g, "choose", 0)} == {cid(c) for c in (green, blue, black, yellow)}
    apply_one(g, "choose", 0, cards=(cid("FLASH DRIVES"), cid(black)))
    assert matching(g, "choose", 0) == [] and g.state.ships[0].at_sea and g.state.players[0].hand == [cid(black)]


def test_the_market_prices_only_containers_on_the_fulfilled_contract_and_lowers_every_marker():
    g, _cards = dropped_contract_position("OLIVE OIL")
    # 3 containers pay 10; the black container (+2 on the market) lay on no contract: no change
    assert g.state.players[0].credits == 10
    assert g.state.market == [0, 0, 1, -1, -1]  # every container's marker still moves down


def test_the_end_scoring_counts_containers_on_unfulfilled_contracts_only():
    f = Fillers()
    blue, black = f("blue")[0], f("black")[0]
    g = completing(["MOTHER LOAD", "CANDY"], [blue, black], f("red")[0])
    base = g.scores()[0].total
    apply_one(g, "drop", 0, cards=(cid("CANDY"),), target=0)
    assert g.scores()[0].total == base - 2  # the black container now lies on no contract


# --- credits, cards and questions per contract fulfilled ------------------------------------------------

def two_of(first: str, second: str, first_slots: list[str], second_slots: list[str], **kw: Any) -> Game:
    """Seat 0 completes ``first`` and ``second`` on ship 0 (their slot colours given) with the last one."""
    f = Fillers()
    cards = [f(colour)[0] for colour in first_slots + second_slots]
    g = completing([first, second], cards[:-1], cards[-1], **kw)
    load_last(g, cards[-1])
    assert g.state.players[0].fulfilled[-2:] == [cid(first), cid(second)]
    return g


ILLEGAL_TWO = ("MOTHER LOAD", "STOLEN RICE", ["blue", "red"], ["black", "red"])
CONSUMER_TWO = ("CANDY", "PROTRACTORS", ["black", "yellow"], ["black", "green"])
AGRICULTURE_TWO = ("OLIVE OIL", "COFFEE", ["green", "yellow"], ["black", "black", "yellow"])


@pytest.mark.card("MUAY THAI SHORTS")
def test_muay_thai_shorts_pays_2_per_contract_on_its_ship():
    g = two_of("MUAY THAI SHORTS", "CANDY", ["black", "blue", "blue"], ["black", "yellow"])
    assert g.state.players[0].credits == 14 + 4


@pytest.mark.card("ONIONS")
def test_onions_two_agriculture_contracts_on_one_ship_pay_twice():
    g = two_of(*AGRICULTURE_TWO, seat0={"fulfilled": ["ONIONS"]})
    assert g.state.players[0].credits == 14 + 4


@pytest.mark.card("MOUTHWASH")
def test_mouthwash_two_consumer_contracts_on_one_ship_pay_twice():
    g = two_of(*CONSUMER_TWO, seat0={"fulfilled": ["MOUTHWASH"]})
    assert g.state.players[0].credits == 10 + 4


@pytest.mark.card("PISTOLS")
def test_pistols_two_illegal_contracts_on_one_ship_cost_4():
    g = two_of(*ILLEGAL_TWO, seat0={"credits": 0}, others=[{"fulfilled": ["PISTOLS"], "credits": 0}, {}])
    assert [p.credits for p in g.state.players[:2]] == [10 - 4, 4]


@pytest.mark.card("SHOES")
def test_shoes_two_contracts_on_one_ship_two_draws():
    g = two_of(*CONSUMER_TWO, others=[{"fulfilled": ["SHOES"]}, {}])
    shoes = cid("SHOES")
    for _ in range(2):
        apply_one(g, "yes", 1, cards=(shoes,))
    assert len(g.state.players[1].hand) == 2 and not matching(g, "yes", 1, cards=(shoes,))


@pytest.mark.card("A SMALL TANK")
def test_a_small_tank_two_contracts_on_one_ship_two_cards():
    f = Fillers()
    spare = f("red", 3)  # (the contracts take no red)
    g = two_of(*CONSUMER_TWO, seat0={"credits": 0, "hand": spare}, others=[{"fulfilled": ["A SMALL TANK"]}, {}])
    tank = cid("A SMALL TANK")
    for _ in range(2):
        apply_one(g, "choose", 0, cards=(tank, g.state.players[0].hand[0]))
    assert len(g.state.players[1].hand) == 2 and len(g.state.players[0].hand) == 1  # 3 spare cards, 2 given


@pytest.mark.card("PAPER")
def test_paper_two_consumer_contracts_on_one_ship_two_free_imports():
    f = Fillers()
    sea = f("red", 2)
    g = two_of(*CONSUMER_TWO, seat0={"fulfilled": ["PAPER"]},
               others=[{}, {"ships": [{}, {"at_sea": True, "containers": sea}]}])
    for card in sea:
        apply_one(g, "take", 0, cards=(cid(card),), target=1)
    assert g.state.players[0].goods == [cid(c) for c in sea]


@pytest.mark.card("HENTAI MANGA")
def test_hentai_manga_asks_for_each_illegal_contract_on_the_ship():
    g = two_of(*ILLEGAL_TWO, seat0={"fulfilled": ["HENTAI MANGA"]})
    manga = cid("HENTAI MANGA")
    apply_one(g, "choose", 0, cards=(manga, cid("MOTHER LOAD")), target=1)
    apply_one(g, "choose", 0, cards=(manga, cid("STOLEN RICE")), target=1)
    assert g.state.players[0].goods == [cid("MOTHER LOAD"), cid("STOLEN RICE")]


@pytest.mark.card("RARE METALS")
def test_rare_metals_pays_once_per_ship_however_many_consumer_contracts():
    f = Fillers()
    cards = [f(c)[0] for c in ("blue", "green", "black", "yellow", "black", "green")]
    g = completing(["TELESCOPES", "CANDY", "PROTRACTORS"], cards[:-1], cards[-1], seat0={"fulfilled": ["RARE METALS"]})
    load_last(g, cards[-1])
    assert g.state.players[0].credits == 14 + 4


@pytest.mark.card("SATELLITE")
def test_satellite_asks_once_per_ship_with_two_contracts():
    g = two_of(*CONSUMER_TWO, others=[{"fulfilled": ["SATELLITE"]}, {}])
    sat = cid("SATELLITE")
    apply_one(g, "no", 1, cards=(sat,))
    assert not matching(g, "yes", 1, cards=(sat,)) and not matching(g, "no", 1, cards=(sat,))


# --- open choices: a doubled payout meets the goods market -------------------------------------------

@pytest.mark.card("PARTNERSHIP")
@pytest.mark.parametrize(("markers", "paid"), [
    ([0, 0, -2, -2, 0], 2 * 6 - 4),  # each container's marker counts once, not doubled
    ([0, 0, 2, 1, 0], 2 * 6 + 3),
])
def test_partnership_doubles_the_payout_and_the_market_changes_it_once(markers: list[int], paid: int):
    f = Fillers()
    black, blue = f("black")[0], f("blue")[0]
    g = completing(["CERAMICS"], [black], blue, modules=["market"], market=markers)  # CERAMICS: black + blue
    g.state.marks["super_ships"] = [0, 1]  # ship 0 is a super ship, ship 1 joined to it
    load_last(g, blue)
    assert g.state.ships[0].at_sea and g.state.players[0].credits == paid


# --- the record in save files ------------------------------------------------------------------------

def test_a_save_written_before_ships_recorded_filled_contracts_still_loads():
    f = Fillers()
    blue, black, red = f("blue")[0], f("black")[0], f("red")[0]
    g = completing(["MOTHER LOAD", "CANDY"], [blue, black], red)
    load_last(g, red)
    data = json.loads(g.save())
    for ship in data["initial"]["ships"]:
        del ship["fills"]  # as the format was written before the record
    final = g.state.to_dict()
    for ship in final["ships"]:
        del ship["fills"]
    data["digest"] = hashlib.sha256(json.dumps(final, sort_keys=True).encode()).hexdigest()[:16]
    loaded = load(json.dumps(data))
    assert loaded.state.to_dict() == g.state.to_dict() and loaded.history == g.history


def test_a_save_whose_record_does_not_match_the_containers_is_refused():
    f = Fillers()
    g = completing(["MOTHER LOAD", "CANDY"], [f("blue")[0]], f("red")[0])
    data = json.loads(g.save())
    data["initial"]["ships"][0]["fills"] = []
    with pytest.raises(SaveFileError, match="filled contract per container"):
        load(json.dumps(data))
