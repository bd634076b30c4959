"""Re-reading the reaction abilities against the rulebook: one test per correction or ruling.

Each test builds a concrete position with ``load_scenario`` and drives the game only through
``legal_actions()``/``apply()`` (and ``scores()``).  Filler cards come from ``plain_cards`` and
never belong to this group, so their abilities cannot act where they lie.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import apply_one, cid, fulfil_position, is_quiet, matching, plain_cards

from importexport import CARDS, Action, Game
from importexport.importexport.actions import TAKE_CREW, TAKE_GOODS
from importexport.importexport.scenario import load_scenario

GROUP = frozenset({
    "BACKPACKS", "TOYOTA", "BUBBLEGUM", "CHAPSTICK", "CANNABIS", "FAKE DVDS", "FIXIE BIKES", "OAT MILK",
    "PISTOLS", "A SMALL TANK", "SHOES", "SATELLITE", "LAPTOPS", "MOUTHWASH", "ONIONS", "SUGAR", "DRONES",
    "HELICOPTER", "RARE METALS", "BOOKS", "DRAGON FRUIT", "PANTS", "PROTRACTORS", "HENTAI MANGA",
    "FLASH DRIVES", "JETS", "BOK CHOY", "YOGURT", "CHAIRS",
})


def fill(colour: str, n: int = 1, used: set[str] | None = None) -> list[str]:
    """``n`` quiet cards of ``colour``, none of this group's and none in ``used`` (which grows)."""
    used = set() if used is None else used
    out = plain_cards(colour, n, GROUP | used)
    used.update(out)
    return out


def game(seats: list[dict[str, Any]], *, led: str | None = None, declared: list[int] | None = None, **top: Any) -> Game:
    spec: dict[str, Any] = {"players": 3, "abilities": True, "seats": seats, **top}
    if led:
        spec["turn"] = {"led": led, "declared": declared}
    return load_scenario(spec)


def credits(g: Game) -> list[int]:
    return [p.credits for p in g.state.players]


# --- goods of a type: a Capital good counts as the type it takes ---------------------------------

def capital_good_imported(holder_card: str, leftmost: str) -> Game:
    """Seat 0 (goods: one card of ``leftmost``) imports a Capital card into its goods; seat 1 holds
    ``holder_card``."""
    used: set[str] = set()
    first = fill(leftmost, 1, used)
    seats = [
        {"goods": first, "ships": [{}, {"at_sea": True, "containers": ["INTEREST"]}]},
        {"fulfilled": [holder_card]},
    ]
    g = game(seats, led="import", declared=[1, -1, -1], modules=["capital"])
    apply_one(g, "ship", 0, target=1)  # a lone bidder imports from its own ship for free
    apply_one(g, "take", 0, cards=(cid("INTEREST"),), target=TAKE_GOODS)
    assert g.state.players[0].goods == [cid(first[0]), cid("INTEREST")]
    return g


@pytest.mark.card("BUBBLEGUM")
def test_bubblegum_capital_good_counts_as_consumer_behind_a_consumer_good():
    assert credits(capital_good_imported("BUBBLEGUM", "black")) == [10, 14, 10]
    assert credits(capital_good_imported("BUBBLEGUM", "green")) == [10, 10, 10]


@pytest.mark.card("CHAPSTICK")
def test_chapstick_capital_good_counts_as_consumer_behind_a_consumer_good():
    assert credits(capital_good_imported("CHAPSTICK", "black")) == [10, 12, 10]
    assert credits(capital_good_imported("CHAPSTICK", "green")) == [10, 10, 10]


def free_import(holder: str, colour: str) -> tuple[Game, str, str]:
    """Seat 0 fulfils CANDY (consumer) and PAPER lets it import one container for free from seat 2's
    ship at sea (two plain ``colour`` cards); seat 1 holds ``holder``.  Returns the game and the two cards."""
    first, second = plain_cards(colour, 2, GROUP)
    others = [{"fulfilled": [holder]}, {"ships": [{}, {"at_sea": True, "containers": [first, second]}]}]
    g, load = fulfil_position("CANDY", True, seat0={"fulfilled": ["PAPER"]}, others=others)
    g.apply(load)
    return g, first, second


# --- CANNABIS: only an Import action's bidding round pays ------------------------------------------

@pytest.mark.card("CANNABIS")
def test_cannabis_a_free_import_outside_an_import_action_pays_nothing():
    g, red, _other = free_import("CANNABIS", "red")
    before = credits(g)
    apply_one(g, "take", 0, cards=(cid(red),), target=TAKE_GOODS)
    assert cid(red) in g.state.players[0].goods
    assert credits(g) == before  # no Import action: CANNABIS asks nothing


@pytest.mark.card("CANNABIS")
def test_cannabis_a_red_card_won_in_an_import_still_pays():
    red, other = plain_cards("red", 2, GROUP)
    seats = [{}, {"fulfilled": ["CANNABIS"]}, {"ships": [{}, {"at_sea": True, "containers": [red, other]}]}]
    g = game(seats, led="import", declared=[1, -1, -1])
    apply_one(g, "ship", 0, target=5)
    apply_one(g, "take", 0, cards=(cid(red),), target=TAKE_GOODS)
    apply_one(g, "take", 0, cards=(cid(other),), target=TAKE_GOODS)
    assert credits(g) == [8, 12, 12]  # 2 to CANNABIS; the owner's compensation


# --- OAT MILK: a pirated agriculture container loaded onto one's own ship ---------------------------

@pytest.mark.card("OAT MILK")
@pytest.mark.parametrize("onto_ship", [True, False])
def test_oat_milk_a_pirated_agriculture_container_loaded_counts(onto_ship):
    yellow, other = plain_cards("yellow", 2, GROUP | {"COFFEE"})
    seats = [
        {"ships": [{"contracts": ["COFFEE"]}, {}]},  # COFFEE: 2 consumer and 1 agriculture container
        {"fulfilled": ["OAT MILK"]},
        {"ships": [{}, {"at_sea": True, "containers": [yellow, other]}]},
    ]
    g = game(seats, led="pirate", declared=[1, -1, -1])
    apply_one(g, "pirate", 0, cards=(cid(yellow),), target=0 if onto_ship else -1)
    oat = cid("OAT MILK")
    asked = matching(g, "choose", 1, cards=(oat,))
    if not onto_ship:  # discarded: nothing was loaded
        assert asked == []
        return
    assert g.state.ships[0].containers == [cid(yellow)]
    assert {a.target for a in asked} == {0, 1} and matching(g, "no", 1, cards=(oat,))
    apply_one(g, "choose", 1, cards=(oat,), target=0)  # 2 credits rather than 2 cards
    assert credits(g) == [10, 12, 10]


# --- BOOKS: a player who draws and declares crew Import actions follows ------------------------------

def import_cards(n: int) -> list[str]:
    """``n`` quiet base cards showing the Import action, none of this group's."""
    out = [c.name for c in CARDS.cards if c.set == "base" and c.action == "import" and is_quiet(c.name)
           and c.name not in GROUP]
    return out[:n]


@pytest.mark.card("BOOKS")
@pytest.mark.parametrize("crew_imports", [1, 0])
def test_books_a_drawing_player_with_import_crew_follows(crew_imports):
    used = set(import_cards(2))
    lead, crew = sorted(used)
    deck, cargo = fill("green", 8, used), fill("red", 2, used)
    seats = [{"fulfilled": ["BOOKS"], "hand": [lead]}, {"crew": [crew]}, {"ships": [{}, {"at_sea": True, "containers": cargo}]}]
    g = game(seats, deck=deck)
    apply_one(g, "play", 0, cards=(cid(lead),))
    apply_one(g, "draw", 1)
    apply_one(g, "declare", 1, count=crew_imports)  # Import crew used (or not) after drawing
    apply_one(g, "draw", 2)
    assert g.state.decl[1] == crew_imports and matching(g, "ship", 0)  # the bidding is next
    assert credits(g) == [10 + (2 if crew_imports else 0), 10, 10]


# --- PROTRACTORS: a free import by another player counts too ----------------------------------------

@pytest.mark.card("PROTRACTORS")
def test_protractors_after_another_players_free_import():
    g, first, second = free_import("PROTRACTORS", "green")
    apply_one(g, "take", 0, cards=(cid(first),), target=TAKE_GOODS)
    tool = cid("PROTRACTORS")
    assert set(g.legal_actions(1)) == {
        Action(1, "take", (cid(second),), TAKE_CREW), Action(1, "take", (cid(second),), TAKE_GOODS),
        Action(1, "no", (tool,)),
    }
    before = credits(g)
    apply_one(g, "take", 1, cards=(cid(second),), target=TAKE_GOODS)
    assert g.state.players[1].goods == [cid(second)]
    assert not g.state.ships[5].at_sea  # emptied: home again
    assert credits(g) == before  # nobody is paid for it


# --- JETS: one container for each contract fulfilled ----------------------------------------------

@pytest.mark.card("JETS")
def test_jets_two_contracts_fulfilled_together_give_two_containers():
    used = {"CANDY", "COFFEE"}  # CANDY: 1 consumer + 1 agriculture; COFFEE: 2 consumer + 1 agriculture
    blacks, yellows = fill("black", 3, used), fill("yellow", 2, used)
    seats = [{"fulfilled": ["JETS"], "hand": [yellows[1]],
              "ships": [{"contracts": ["CANDY", "COFFEE"], "containers": [*blacks, yellows[0]]}, {}]}]
    g = game(seats, led="load", declared=[1, -1, -1])
    apply_one(g, "load", 0, cards=(cid(yellows[1]),), target=0)
    jets = cid("JETS")
    assert {cid("CANDY"), cid("COFFEE")} <= set(g.state.players[0].fulfilled)
    assert {a.cards[1] for a in matching(g, "choose", 0)} == {cid(blacks[0]), cid(yellows[0])}  # CANDY's own
    apply_one(g, "choose", 0, cards=(jets, cid(blacks[0])))
    assert {a.cards[1] for a in matching(g, "choose", 0)} == {cid(blacks[1]), cid(blacks[2]), cid(yellows[1])}  # COFFEE's
    apply_one(g, "choose", 0, cards=(jets, cid(yellows[1])))  # a second one: two contracts
    assert matching(g, "choose", 0) == []  # no third
    assert g.state.players[0].goods == [cid(blacks[0]), cid(yellows[1])]
    ship = g.state.ships[0]
    assert ship.at_sea and ship.containers == [cid(blacks[1]), cid(blacks[2]), cid(yellows[0])]
