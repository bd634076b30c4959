"""Reaction abilities, group E: credits, cards or a question when something happens at the table.

Every test builds a concrete position with ``load_scenario``, drives the game only through
``legal_actions()``/``apply()`` and runs both with card abilities and under the basic rules.
Contracts fulfilled in a test are cards of this group whose abilities cannot act in that test;
filler cards come from :class:`Fill`: cards whose abilities (if any) cannot act from a hand, a
ship, a crew or a goods area, so the tests keep working as more abilities are registered.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import cid

from importexport import CARDS, Action
from importexport.bots import RandomBot
from importexport.importexport.abilities import REGISTRY
from importexport.importexport.actions import DISCARD, ISLAND, TAKE_CREW, TAKE_GOODS
from importexport.importexport.constants import BLACK, BLUE, COLOURS, GREEN, RAINBOW_SLOT, RED, YELLOW, payout
from importexport.importexport.scenario import load_scenario

ON_OFF = pytest.mark.parametrize("abilities", [True, False], ids=["abilities", "basic"])

GROUP = (
    "BACKPACKS", "TOYOTA", "BUBBLEGUM", "CHAPSTICK", "CANNABIS", "FAKE DVDS", "FIXIE BIKES", "OAT MILK",
    "PISTOLS", "A SMALL TANK", "SHOES", "SATELLITE", "LAPTOPS", "MOUTHWASH", "ONIONS", "SUGAR", "DRONES",
    "HELICOPTER", "RARE METALS", "BOOKS", "DRAGON FRUIT", "PANTS", "PROTRACTORS", "HENTAI MANGA",
    "FLASH DRIVES", "JETS", "BOK CHOY", "YOGURT", "CHAIRS",
)
CREDITS, CARDS_CHOICE = 0, 1


# --- positions ----------------------------------------------------------------------------------

def harmless(name: str) -> bool:
    """Can this card lie in a hand, on a ship, in a crew or goods area, or be loaded, pirated or
    imported, without its ability doing anything?"""
    card = CARDS.by_name(name)
    if card.timing == "anytime" or card.cargo_alt:
        return False
    ability = REGISTRY.get(card.name)
    if ability is None:
        return True
    if ability.as_contract or hasattr(ability, "anytime_options"):
        return False
    return not any(e == "container_fulfilled" or e.startswith("self_") for e in ability.listens)


class Fill:
    """Hands out filler cards, each at most once and never one of this group's."""

    def __init__(self) -> None:
        self.used = set(GROUP)

    def take(self, colour: int | None, n: int = 1, *, action: str | None = None, no_level: bool = False) -> list[str]:
        """``n`` cards of ``colour`` (None: any base colour), of ``action`` if given, with no level
        requirement if ``no_level``."""
        pool = [
            c.name for c in sorted(CARDS.cards, key=lambda c: (c.set != "base", c.id))
            if (c.goods == COLOURS[colour] if colour is not None else c.goods != "grey")
            and c.name not in self.used and harmless(c.name)
            and (action is None or c.action == action) and (not no_level or not c.level)
        ]
        assert len(pool) >= n, f"not enough harmless {colour} {action} cards"
        self.used.update(pool[:n])
        return pool[:n]

    def one(self, colour: int | None, **kw: Any) -> str:
        return self.take(colour, 1, **kw)[0]

    def cargo(self, contracts: list[str]) -> list[str]:
        """Containers that exactly meet the contracts' cargo requirements."""
        slots = [s for name in contracts for s in CARDS.by_name(name).slots(0)]
        return [self.one(GREEN if s == RAINBOW_SLOT else s) for s in slots]


def game(
    abilities: bool, seats: list[dict[str, Any]], *, players: int = 3, led: str | None = None,
    declared: list[int] | None = None, **top: Any,
):
    spec: dict[str, Any] = {"players": players, "abilities": abilities, "seats": seats, **top}
    if led:
        spec["turn"] = {"led": led, "declared": declared}
    return load_scenario(spec)


def fulfil_game(
    contracts: list[str], abilities: bool, fill: Fill, *, seat0: dict[str, Any] | None = None,
    others: list[dict[str, Any]] | None = None, players: int = 3, **top: Any,
):
    """Seat 0 (active, one Load declared) holds the last container for its ship 0, which carries
    ``contracts``; returns the game after that Load fulfilled them, and the containers."""
    containers = fill.cargo(contracts)
    first = dict(seat0 or {})
    first["hand"] = [containers[-1], *first.get("hand", [])]
    first["ships"] = [{"contracts": contracts, "containers": containers[:-1]}, {}]
    g = game(abilities, [first, *(others or [])], players=players, led="load", declared=[1] + [-1] * (players - 1), **top)
    g.apply(Action(0, "load", (cid(containers[-1]),), 0))
    assert all(cid(c) in g.state.players[0].fulfilled for c in contracts)
    return g, containers


def pay(contracts: list[str]) -> int:
    return payout(sum(len(CARDS.by_name(c).slots(0)) for c in contracts))


def credits(g) -> list[int]:
    return [p.credits for p in g.state.players]


def hand(g, seat: int) -> list[int]:
    return g.state.players[seat].hand


def ids(names: list[str]) -> list[int]:
    return [cid(n) for n in names]


def asks(g, card: str) -> list[Action]:
    """The pending question of ``card``'s ability, if it is the one being asked now."""
    top = g.state.stack[-1] if g.state.stack else {}
    return g.legal_actions() if top.get("kind") == "ask" and top.get("card") == cid(card) else []


def answer(g, card: str, kind: str, **fields: Any) -> None:
    found = [a for a in asks(g, card) if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())]
    assert len(found) == 1, (card, kind, fields, [str(a) for a in g.legal_actions()])
    g.apply(found[0])


def events(g, key: str) -> list[dict[str, Any]]:
    return [args for _, k, args in g.log if k == key]


# --- ships coming home ----------------------------------------------------------------------------

@pytest.mark.card("BACKPACKS")
@ON_OFF
@pytest.mark.parametrize("reply", ["yes", "no"])
def test_backpacks_any_ship_home_the_holder_may_draw(abilities, reply):
    f = Fill()
    sea, top = f.one(GREEN), f.one(BLUE)
    seats = [{}, {"fulfilled": ["BACKPACKS"]}, {"ships": [{}, {"at_sea": True, "containers": [sea]}]}]
    g = game(abilities, seats, led="pirate", declared=[1, -1, -1], deck=[top])
    g.apply(Action.pirate(0, cid(sea), 5, DISCARD))  # seat 2's last container: its ship comes home
    assert not g.state.ships[5].at_sea
    if not abilities:
        assert asks(g, "BACKPACKS") == [] and hand(g, 1) == []
        return
    assert g.deciders() == [1]
    assert set(asks(g, "BACKPACKS")) == {Action(1, "yes", (cid("BACKPACKS"),)), Action(1, "no", (cid("BACKPACKS"),))}
    answer(g, "BACKPACKS", reply)
    assert hand(g, 1) == ([cid(top)] if reply == "yes" else [])


@pytest.mark.card("TOYOTA")
@ON_OFF
def test_toyota_own_ship_home_draws_3_others_do_not(abilities):
    f = Fill()
    mine, theirs = f.one(GREEN), f.one(BLUE)
    deck = f.take(BLACK, 3)
    seats = [
        {"fulfilled": ["TOYOTA"], "ships": [{}, {"at_sea": True, "containers": [mine]}]},
        {},
        {"ships": [{}, {"at_sea": True, "containers": [theirs]}]},
    ]
    g = game(abilities, seats, led="pirate", declared=[-1, 2, -1], active=1, deck=deck)
    g.apply(Action.pirate(1, cid(theirs), 5, DISCARD))
    assert hand(g, 0) == []  # another player's ship came home
    g.apply(Action.pirate(1, cid(mine), 1, DISCARD))
    assert hand(g, 0) == (ids(deck) if abilities else [])


# --- goods, credits spent -------------------------------------------------------------------------

def consumer_good_added(abilities: bool, card: str, amount: int) -> None:
    """Seat 0 imports a technology and then a consumer good; seat 1 holds ``card``."""
    f = Fill()
    black, green = f.one(BLACK), f.one(GREEN)
    seats = [{"ships": [{}, {"at_sea": True, "containers": [black, green]}]}, {"fulfilled": [card]}]
    g = game(abilities, seats, led="import", declared=[1, -1, -1])
    g.apply(Action(0, "ship", target=1))  # a lone bidder imports from its own ship for free
    g.apply(Action(0, "take", (cid(green),), TAKE_GOODS))
    assert credits(g) == [10, 10, 10]
    g.apply(Action(0, "take", (cid(black),), TAKE_GOODS))
    assert credits(g) == [10, 10 + (amount if abilities else 0), 10]


@pytest.mark.card("BUBBLEGUM")
@ON_OFF
def test_bubblegum_consumer_good_added_anywhere_pays_4(abilities):
    consumer_good_added(abilities, "BUBBLEGUM", 4)


@pytest.mark.card("CHAPSTICK")
@ON_OFF
def test_chapstick_consumer_good_added_anywhere_pays_2(abilities):
    consumer_good_added(abilities, "CHAPSTICK", 2)


@pytest.mark.card("FAKE DVDS")
@ON_OFF
def test_fake_dvds_another_player_spending_4_or_more(abilities):
    for bid, bonus in ((3, 0), (4, 2)):
        f = Fill()
        seats = [{"ships": [{}, {"at_sea": True, "containers": f.take(GREEN, 2)}]}, {"fulfilled": ["FAKE DVDS"]}, {}]
        g = game(abilities, seats, led="import", declared=[1, -1, 1])
        g.apply(Action(0, "ship", target=1))
        g.apply(Action(0, "bid", count=bid))
        g.apply(Action(2, "bid", count=0))
        assert credits(g) == [10 - bid, 10 + (bonus if abilities else 0), 10]


# --- Import ---------------------------------------------------------------------------------------

@pytest.mark.card("CANNABIS")
@ON_OFF
def test_cannabis_red_imports_pay_2_once_per_import(abilities):
    for start in (1, 10):
        f = Fill()
        reds = f.take(RED, 2)
        seats = [{"credits": start, "ships": [{}, {"at_sea": True, "containers": reds}]}, {"fulfilled": ["CANNABIS"]}]
        g = game(abilities, seats, led="import", declared=[1, -1, -1])
        g.apply(Action(0, "ship", target=1))
        g.apply(Action(0, "take", (cid(reds[0]),), TAKE_GOODS))
        g.apply(Action(0, "take", (cid(reds[1]),), TAKE_GOODS))
        paid = 2 if abilities and start >= 2 else 0  # a player with less than 2 pays nothing
        assert credits(g) == [start - paid, 10 + paid, 10]


@pytest.mark.card("PANTS")
@ON_OFF
def test_pants_compensation_4_instead_of_2(abilities):
    f = Fill()
    cargo = f.take(GREEN, 2)
    seats = [{}, {"fulfilled": ["PANTS"], "ships": [{}, {"at_sea": True, "containers": cargo}]}]
    g = game(abilities, seats, led="import", declared=[1, -1, -1])
    g.apply(Action(0, "ship", target=3))
    for c in cargo:
        g.apply(Action(0, "take", (cid(c),), TAKE_GOODS))
    assert credits(g) == [10, 10 + (4 if abilities else 2), 10]


@pytest.mark.card("PROTRACTORS")
@ON_OFF
def test_protractors_free_import_of_a_remaining_container(abilities):
    f = Fill()
    cargo = f.take(GREEN, 2) + [f.one(BLUE)]
    seats = [{}, {"fulfilled": ["PROTRACTORS"]}, {"ships": [{}, {"at_sea": True, "containers": cargo}]}]
    g = game(abilities, seats, led="import", declared=[1, -1, -1])
    g.apply(Action(0, "ship", target=5))
    for c in cargo[:2]:
        g.apply(Action(0, "take", (cid(c),), TAKE_GOODS))
    if not abilities:
        assert asks(g, "PROTRACTORS") == []
        assert g.state.ships[5].containers == [cid(cargo[2])]
        return
    assert g.deciders() == [1]
    blue = cid(cargo[2])
    assert set(asks(g, "PROTRACTORS")) == {
        Action(1, "take", (blue,), TAKE_CREW), Action(1, "take", (blue,), TAKE_GOODS),
        Action(1, "no", (cid("PROTRACTORS"),)),
    }
    g.apply(Action(1, "take", (blue,), TAKE_GOODS))
    assert g.state.players[1].goods == [blue]
    assert not g.state.ships[5].at_sea and g.state.ships[5].containers == []
    assert credits(g) == [10, 10, 12]  # the owner's 2 for the Import only


@pytest.mark.card("PROTRACTORS")
@ON_OFF
def test_protractors_not_after_the_holders_own_import(abilities):
    f = Fill()
    cargo = f.take(GREEN, 3) + f.take(BLUE, 2)
    seats = [{}, {"fulfilled": ["PROTRACTORS"]}, {"ships": [{}, {"at_sea": True, "containers": cargo}]}]
    g = game(abilities, seats, led="import", declared=[2, 1, -1])
    g.apply(Action(0, "ship", target=5))  # round 1: seats 0 and 1 bid; the holder wins
    g.apply(Action(0, "bid", count=0))
    g.apply(Action(1, "bid", count=1))
    for c in cargo[:2]:
        g.apply(Action(1, "take", (cid(c),), TAKE_GOODS))
    assert asks(g, "PROTRACTORS") == []  # its own import
    g.apply(Action(0, "ship", target=5))  # round 2: seat 0 alone
    for c in cargo[2:4]:
        g.apply(Action(0, "take", (cid(c),), TAKE_GOODS))
    last = cid(cargo[4])
    if abilities:
        g.apply(Action(1, "take", (last,), TAKE_GOODS))
        assert g.state.players[1].goods == [*ids(cargo[:2]), last]
    else:
        assert asks(g, "PROTRACTORS") == [] and g.state.ships[5].containers == [last]


# --- Load -------------------------------------------------------------------------------------------

def load_game(abilities: bool, holder_seat: dict[str, Any], hand_cards: list[str], declared: int = 1, **top: Any):
    """Seat 0 carries out Load actions onto SUGAR (2 blue, 2 yellow), nothing loaded yet."""
    seats = [{"hand": hand_cards, "ships": [{"contracts": ["SUGAR"]}, {}]}, holder_seat]
    return game(abilities, seats, led="load", declared=[declared, -1, -1], **top)


@pytest.mark.card("FIXIE BIKES")
@ON_OFF
def test_fixie_bikes_every_load_pays_2(abilities):
    f = Fill()
    cards = [f.one(BLUE), f.one(YELLOW)]
    g = load_game(abilities, {"fulfilled": ["FIXIE BIKES"]}, cards, declared=2)
    for c in cards:
        g.apply(Action(0, "load", (cid(c),), 0))
    assert credits(g) == [10, 10 + (4 if abilities else 0), 10]


@pytest.mark.card("OAT MILK")
@ON_OFF
@pytest.mark.parametrize("choice", ["credits", "cards", "no"])
def test_oat_milk_agriculture_load_credits_or_cards(abilities, choice):
    f = Fill()
    blue, yellow = f.one(BLUE), f.one(YELLOW)
    deck = f.take(BLACK, 2)
    g = load_game(abilities, {"fulfilled": ["OAT MILK"]}, [blue, yellow], declared=2, deck=deck)
    g.apply(Action(0, "load", (cid(blue),), 0))
    assert asks(g, "OAT MILK") == []  # not agriculture
    g.apply(Action(0, "load", (cid(yellow),), 0))
    if not abilities:
        assert asks(g, "OAT MILK") == []
        return
    oat = cid("OAT MILK")
    assert set(asks(g, "OAT MILK")) == {
        Action(1, "choose", (oat,), CREDITS), Action(1, "choose", (oat,), CARDS_CHOICE), Action(1, "no", (oat,)),
    }
    if choice == "no":
        answer(g, "OAT MILK", "no")
    else:
        answer(g, "OAT MILK", "choose", target=CREDITS if choice == "credits" else CARDS_CHOICE)
    assert credits(g)[1] == 10 + (2 if choice == "credits" else 0)
    assert hand(g, 1) == (ids(deck) if choice == "cards" else [])


# --- contracts placed -------------------------------------------------------------------------------

def contract_game(abilities: bool, fill: Fill, colour: int, holder: int, card: str, deck: list[str] = ()):
    placed = fill.one(colour, no_level=True)
    seats: list[dict[str, Any]] = [{"hand": [placed]}, {}, {}]
    seats[holder]["fulfilled"] = [card]
    g = game(abilities, seats, led="contract", declared=[1, -1, -1], deck=list(deck))
    g.apply(Action(0, "contract", (cid(placed),), 0, 1))
    assert g.state.ships[0].contracts == [cid(placed)]
    return g


@pytest.mark.card("SUGAR")
@ON_OFF
def test_sugar_placing_an_agriculture_contract_pays_2(abilities):
    f = Fill()
    green, yellow = f.one(GREEN, no_level=True), f.one(YELLOW, no_level=True)
    g = game(abilities, [{"fulfilled": ["SUGAR"], "hand": [green, yellow]}], led="contract", declared=[2, -1, -1])
    g.apply(Action(0, "contract", (cid(green),), 0, 1))
    assert credits(g)[0] == 10
    g.apply(Action(0, "contract", (cid(yellow),), 0, 1))
    assert credits(g)[0] == 10 + (2 if abilities else 0)


@pytest.mark.card("DRONES")
@ON_OFF
@pytest.mark.parametrize("reply", ["yes", "no"])
def test_drones_placing_a_contract_may_draw(abilities, reply):
    f = Fill()
    top = f.one(BLUE)
    g = contract_game(abilities, f, GREEN, 0, "DRONES", deck=[top])
    if not abilities:
        assert asks(g, "DRONES") == [] and hand(g, 0) == []
        return
    answer(g, "DRONES", reply)
    assert hand(g, 0) == ([cid(top)] if reply == "yes" else [])


@pytest.mark.card("HELICOPTER")
@ON_OFF
def test_helicopter_luxury_contracts_set_4_aside_until_the_end(abilities):
    f = Fill()
    red, blue = f.one(RED, no_level=True), f.one(BLUE, no_level=True)
    g = game(abilities, [{"hand": [red, blue]}, {"fulfilled": ["HELICOPTER"]}], led="contract", declared=[2, -1, -1])
    for card, aside in ((red, 0), (blue, 4)):
        g.apply(Action(0, "contract", (cid(card),), 0, 1))
        assert credits(g) == [10, 10, 10]  # set aside, not part of the credits
        lines = dict(g.scores()[1].lines)
        assert lines.get("ability:HELICOPTER") == (aside if abilities else None)
        assert g.scores()[1].total - g.scores()[0].total == (aside if abilities else 0)


# --- leading and following --------------------------------------------------------------------------

@pytest.mark.card("BOOKS")
@ON_OFF
def test_books_lead_import_followed_pays_2_once(abilities):
    for follows in ((False, False), (True, True), (False, True)):
        f = Fill()
        imports = f.take(None, 3, action="import")
        seats = [{"fulfilled": ["BOOKS"], "hand": [imports[0]]}, {"hand": [imports[1]]}, {"hand": [imports[2]]}]
        g = game(abilities, seats)
        g.apply(Action(0, "play", (cid(imports[0]),)))
        for seat, follow in zip((1, 2), follows):
            g.apply(Action(seat, "play", (cid(imports[seat]),)) if follow else Action(seat, "draw"))
        assert credits(g)[0] == 10 + (2 if abilities and any(follows) else 0)


@pytest.mark.card("DRAGON FRUIT")
@ON_OFF
@pytest.mark.parametrize("choice", [CREDITS, CARDS_CHOICE])
def test_dragon_fruit_leading_pirate_draw_2_or_take_2_at_once(abilities, choice):
    f = Fill()
    pirate = f.one(None, action="pirate")
    deck = f.take(GREEN, 2)
    g = game(abilities, [{"fulfilled": ["DRAGON FRUIT"], "hand": [pirate]}], deck=deck)
    g.apply(Action(0, "play", (cid(pirate),)))
    if not abilities:
        assert asks(g, "DRAGON FRUIT") == [] and g.deciders() == [1]  # on to following
        return
    assert g.deciders() == [0]  # asked right away, before anybody follows
    fruit = cid("DRAGON FRUIT")
    assert set(asks(g, "DRAGON FRUIT")) == {Action(0, "choose", (fruit,), CREDITS), Action(0, "choose", (fruit,), CARDS_CHOICE)}
    answer(g, "DRAGON FRUIT", "choose", target=choice)
    assert credits(g)[0] == 10 + (2 if choice == CREDITS else 0)
    assert hand(g, 0) == (ids(deck) if choice == CARDS_CHOICE else [])
    assert g.deciders() == [1] and g.state.stack[-1]["kind"] == "follow"


# --- contracts fulfilled --------------------------------------------------------------------------

@pytest.mark.card("PISTOLS")
@ON_OFF
def test_pistols_another_players_illegal_contract_pays_2(abilities):
    contracts = ["CANNABIS", "LAPTOPS"]  # one illegal contract, one legal one
    g, _ = fulfil_game(contracts, abilities, Fill(), others=[{"fulfilled": ["PISTOLS"]}])
    paid = 2 if abilities else 0
    assert credits(g) == [10 + pay(contracts) - paid, 10 + paid, 10]


@pytest.mark.card("A SMALL TANK")
@ON_OFF
def test_a_small_tank_the_fulfilling_player_gives_a_card(abilities):
    f = Fill()
    kept = f.take(BLUE, 2)
    g, _ = fulfil_game(["LAPTOPS"], abilities, f, seat0={"hand": kept}, others=[{"fulfilled": ["A SMALL TANK"]}])
    if not abilities:
        assert asks(g, "A SMALL TANK") == [] and hand(g, 0) == ids(kept)
        return
    tank = cid("A SMALL TANK")
    assert g.deciders() == [0]  # the giver chooses which card
    assert set(asks(g, "A SMALL TANK")) == {Action(0, "choose", (tank, c)) for c in ids(kept)}
    answer(g, "A SMALL TANK", "choose", cards=(tank, cid(kept[1])))
    assert hand(g, 0) == [cid(kept[0])] and hand(g, 1) == [cid(kept[1])]


@pytest.mark.card("SHOES")
@ON_OFF
def test_shoes_its_own_fulfilment_counts(abilities):
    f = Fill()
    top = f.one(BLUE)
    g, _ = fulfil_game(["SHOES"], abilities, f, deck=[top])
    if not abilities:
        assert asks(g, "SHOES") == [] and hand(g, 0) == []
        return
    answer(g, "SHOES", "yes")
    assert hand(g, 0) == [cid(top)]


@pytest.mark.card("SHOES")
@ON_OFF
def test_shoes_one_card_per_contract_anyone_fulfils(abilities):
    f = Fill()
    deck = f.take(BLUE, 2)
    g, _ = fulfil_game(["LAPTOPS", "CANNABIS"], abilities, f, others=[{}, {"fulfilled": ["SHOES"]}], deck=deck)
    if not abilities:
        assert asks(g, "SHOES") == [] and hand(g, 2) == []
        return
    assert g.deciders() == [2]
    answer(g, "SHOES", "yes")
    answer(g, "SHOES", "yes")
    assert hand(g, 2) == ids(deck)
    assert asks(g, "SHOES") == []


@pytest.mark.card("SATELLITE")
@ON_OFF
def test_satellite_draw_then_load_on_another_fulfilment(abilities):
    f = Fill()
    loaded = [f.one(GREEN), f.one(GREEN), f.one(YELLOW)]
    top = f.one(YELLOW)
    seat2 = {"fulfilled": ["SATELLITE"], "ships": [{"contracts": ["DRAGON FRUIT"], "containers": loaded}, {}]}
    g, _ = fulfil_game(["CANNABIS"], abilities, f, others=[{}, seat2], deck=[top])
    if not abilities:
        assert asks(g, "SATELLITE") == [] and hand(g, 2) == []
        return
    assert g.deciders() == [2]
    answer(g, "SATELLITE", "yes")
    assert hand(g, 2) == [cid(top)]
    assert set(asks(g, "SATELLITE")) == {Action(2, "load", (cid(top),), 4), Action(2, "no", (cid("SATELLITE"),))}
    g.apply(Action(2, "load", (cid(top),), 4))
    assert cid("DRAGON FRUIT") in g.state.players[2].fulfilled
    assert credits(g)[2] == 10 + pay(["DRAGON FRUIT"])
    answer(g, "SATELLITE", "no")  # seat 2's own fulfilment counts as well


@pytest.mark.card("SATELLITE")
def test_satellite_once_per_ship_and_not_for_itself():
    f = Fill()
    g, _ = fulfil_game(["SATELLITE"], True, f)
    assert asks(g, "SATELLITE") == []
    g, _ = fulfil_game(["LAPTOPS", "CANNABIS"], True, Fill(), seat0={"fulfilled": ["SATELLITE"]})
    answer(g, "SATELLITE", "yes")
    assert asks(g, "SATELLITE") == []  # nothing to load; no second question for the second contract


@pytest.mark.card("LAPTOPS")
@ON_OFF
def test_laptops_technology_container_draws_2(abilities):
    g, _ = fulfil_game(["LAPTOPS"], abilities, Fill())  # its own fulfilment does not count
    assert hand(g, 0) == []
    for contract, draws in (("CANNABIS", 0), ("RARE METALS", 2)):  # no technology container / one
        f = Fill()
        deck = f.take(BLUE, 2)
        g, _ = fulfil_game([contract], abilities, f, seat0={"fulfilled": ["LAPTOPS"]}, deck=deck)
        assert hand(g, 0) == (ids(deck)[:draws] if abilities else [])


@pytest.mark.card("MOUTHWASH")
@ON_OFF
def test_mouthwash_later_consumer_contracts_pay_2(abilities):
    g, _ = fulfil_game(["MOUTHWASH", "SHOES"], abilities, Fill())  # both consumer; SHOES is not "after"
    if abilities:
        answer(g, "SHOES", "no")
    assert credits(g)[0] == 10 + pay(["MOUTHWASH", "SHOES"])
    g, _ = fulfil_game(["CHAPSTICK"], abilities, Fill(), seat0={"fulfilled": ["MOUTHWASH"]})
    assert credits(g)[0] == 10 + pay(["CHAPSTICK"]) + (2 if abilities else 0)


@pytest.mark.card("ONIONS")
@ON_OFF
def test_onions_agriculture_contracts_pay_2_including_itself(abilities):
    g, _ = fulfil_game(["ONIONS"], abilities, Fill())
    assert credits(g)[0] == 10 + pay(["ONIONS"]) + (2 if abilities else 0)
    g, _ = fulfil_game(["SUGAR", "CANNABIS"], abilities, Fill(), seat0={"fulfilled": ["ONIONS"]})
    assert credits(g)[0] == 10 + pay(["SUGAR", "CANNABIS"]) + (2 if abilities else 0)


@pytest.mark.card("RARE METALS")
@ON_OFF
def test_rare_metals_technology_and_consumer_on_one_ship(abilities):
    for contracts, bonus in ((["LAPTOPS", "CANNABIS"], 0), (["LAPTOPS", "CHAPSTICK"], 4)):
        g, _ = fulfil_game(contracts, abilities, Fill(), seat0={"fulfilled": ["RARE METALS"]})
        assert credits(g)[0] == 10 + pay(contracts) + (bonus if abilities else 0)


def take_one_container(abilities: bool, card: str) -> None:
    """Seat 0 holds ``card`` and fulfils CANNABIS (a blue and a red container)."""
    g, containers = fulfil_game(["CANNABIS"], abilities, Fill(), seat0={"fulfilled": [card]})
    p = g.state.players[0]
    blue, red = ids(containers)
    if not abilities:
        assert asks(g, card) == []
        assert g.state.ships[0].containers == [blue, red] and p.hand == [] and p.goods == []
        return
    c = cid(card)
    assert set(asks(g, card)) == {Action(0, "choose", (c, blue)), Action(0, "choose", (c, red)), Action(0, "no", (c,))}
    answer(g, card, "choose", cards=(c, red))
    assert g.state.ships[0].at_sea and g.state.ships[0].containers == [blue]
    assert (p.hand, p.goods) == (([red], []) if card == "FLASH DRIVES" else ([], [red]))
    assert credits(g)[0] == 10 + pay(["CANNABIS"])  # the payout counted both containers


@pytest.mark.card("FLASH DRIVES")
@ON_OFF
def test_flash_drives_one_container_into_the_hand(abilities):
    take_one_container(abilities, "FLASH DRIVES")


@pytest.mark.card("JETS")
@ON_OFF
def test_jets_one_container_into_the_goods_before_sailing(abilities):
    take_one_container(abilities, "JETS")


@pytest.mark.card("HENTAI MANGA")
@ON_OFF
@pytest.mark.parametrize("where", ["crew", "goods", "fulfilled"])
def test_hentai_manga_illegal_contract_to_crew_or_goods(abilities, where):
    g, _ = fulfil_game(["HENTAI MANGA"], abilities, Fill())  # not for itself
    assert asks(g, "HENTAI MANGA") == []
    g, _ = fulfil_game(["CANNABIS", "LAPTOPS"], abilities, Fill(), seat0={"fulfilled": ["HENTAI MANGA"]})
    p = g.state.players[0]
    cannabis, laptops, manga = cid("CANNABIS"), cid("LAPTOPS"), cid("HENTAI MANGA")
    if not abilities:
        assert asks(g, "HENTAI MANGA") == [] and p.fulfilled == [manga, cannabis, laptops]
        return
    assert set(asks(g, "HENTAI MANGA")) == {
        Action(0, "choose", (manga, cannabis), 0), Action(0, "choose", (manga, cannabis), 1),
        Action(0, "no", (manga, cannabis)),
    }
    if where == "fulfilled":
        answer(g, "HENTAI MANGA", "no")
    else:
        answer(g, "HENTAI MANGA", "choose", target=0 if where == "crew" else 1)
    assert asks(g, "HENTAI MANGA") == []  # the legal contract stays
    assert (p.crew, p.goods, p.fulfilled) == {
        "crew": ([cannabis], [], [manga, laptops]),
        "goods": ([], [cannabis], [manga, laptops]),
        "fulfilled": ([], [], [manga, cannabis, laptops]),
    }[where]
    assert g.state.ships[0].at_sea  # asked before the ship sailed, and it sailed afterwards


# --- cards working as containers ----------------------------------------------------------------------

@pytest.mark.card("BOK CHOY")
@ON_OFF
def test_bok_choy_container_on_a_non_agriculture_contract(abilities):
    for contract, bonus in (("SUGAR", 0), ("RARE METALS", 2)):  # agriculture / technology contract
        f = Fill()
        slots = list(CARDS.by_name(contract).slots(0))
        slots.remove(YELLOW)  # BOK CHOY fills one yellow slot
        loaded = [f.one(s) for s in slots]
        seats = [{"hand": ["BOK CHOY"], "ships": [{"contracts": [contract], "containers": loaded}, {}]}]
        g = game(abilities, seats, led="load", declared=[1, -1, -1])
        g.apply(Action(0, "load", (cid("BOK CHOY"),), 0))
        assert cid(contract) in g.state.players[0].fulfilled
        assert credits(g)[0] == 10 + pay([contract]) + (bonus if abilities else 0)


@pytest.mark.card("YOGURT")
@ON_OFF
@pytest.mark.parametrize("how", ["load", "pirate"])
def test_yogurt_loaded_or_pirated_draws_4_then_2_each(abilities, how):
    f = Fill()
    deck = f.take(BLUE, 4) + f.take(GREEN, 4)
    if how == "load":
        seats = [{"hand": ["YOGURT"], "ships": [{"contracts": ["SUGAR"]}, {}]}]
        g = game(abilities, seats, led="load", declared=[1, -1, -1], deck=deck)
        g.apply(Action(0, "load", (cid("YOGURT"),), 0))
    else:
        g = game(abilities, [{}], led="pirate", declared=[1, -1, -1], deck=deck, island=["YOGURT"])
        g.apply(Action.pirate(0, cid("YOGURT"), ISLAND, DISCARD))
    expected = [ids(deck[:4]), ids(deck[4:6]), ids(deck[6:])] if abilities else [[], [], []]
    assert [hand(g, s) for s in range(3)] == expected


# --- the mechanism: reactions asked in seat order ------------------------------------------------------

@pytest.mark.card("SATELLITE")
@pytest.mark.card("SHOES")
@pytest.mark.parametrize("active", [0, 2])
def test_reactions_to_one_event_are_asked_in_seat_order_from_the_active_player(active):
    f = Fill()
    others = [{"fulfilled": ["SATELLITE"]}, {"fulfilled": ["SHOES"]}]
    g, _ = fulfil_game(["CANNABIS"], True, f, others=others, active=active)
    order = []
    while any(a.kind in ("yes", "no") for a in g.legal_actions()):
        (seat,) = g.deciders()
        order.append(seat)
        g.apply(next(a for a in g.legal_actions() if a.kind == "no"))
    assert order == ([1, 2] if active == 0 else [2, 1])


# --- random positions with every card of the group in play ------------------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_random_play_with_the_group_in_play(seed):
    cards = [c for c in GROUP if c not in ("BOK CHOY", "YOGURT")]
    random.Random(seed).shuffle(cards)
    seats = [{"fulfilled": cards[k::4]} for k in range(4)]
    seats[0]["hand"], seats[1]["hand"] = ["YOGURT"], ["BOK CHOY"]
    g = load_scenario({"players": 4, "abilities": True, "seed": seed, "seats": seats})
    total = len(g.state.all_cards())
    bots = [RandomBot(seed * 10 + k) for k in range(4)]
    for _ in range(1500):
        if g.is_over():
            break
        seat = g.deciders()[0]
        g.apply(bots[seat].choose(g, seat))
        assert len(g.state.all_cards()) == total
        assert all(p.credits >= 0 for p in g.state.players)
    history, snapshot = list(g.history), g.to_json()
    g.undo(min(30, len(history)))  # replaying the same choices gives the same table
    for a in history[len(g.history):]:
        g.apply(a)
    assert g.to_json() == snapshot
