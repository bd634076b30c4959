"""A ship about to sail (its contracts just fulfilled, its ``sail`` step still pending) takes no new
contract and no container, on every path that offers a ship: the Contract, Load and Pirate actions
and every ability that places a contract or loads a container.  ``rules.takes_cargo`` is the one
test they all ask; docs/abilities.md lists the paths.

Each test fulfils seat 0's ship 0 with a card whose instant ability opens the path, so that ship 0
is about to sail while the path is offered, and ship 1 (empty, in harbour) is the place it may use.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import cid, matching, plain_cards

from importexport import CARDS, Action, Game
from importexport.errors import IllegalActionError
from importexport.importexport.actions import DISCARD as PIRATE_DISCARD
from importexport.importexport.actions import ISLAND
from importexport.importexport.constants import COLOURS, RAINBOW_SLOT
from importexport.importexport.rules import about_to_sail
from importexport.importexport.scenario import load_scenario
from importexport.importexport.table_kit import natural_action


def sailing(contract: str, hand: list[str], ship1: dict[str, Any] | None = None, island: tuple[str, ...] = (), **seat0: Any) -> Game:
    """Seat 0 loads the last container ``contract`` (alone on ship 0) asks for: its instant ability
    runs while ship 0 is about to sail.  ``hand``: seat 0's other hand cards; ``ship1``: its ship 1;
    ``island``: the Supply Island."""
    card = CARDS.by_name(contract)
    used = {contract, *hand, *island, *(ship1 or {}).get("contracts", []), *(ship1 or {}).get("containers", [])}
    for value in seat0.values():
        used.update(v for v in value if isinstance(v, str)) if isinstance(value, list) else None
    names = []
    for slot in card.slots(0):
        name = plain_cards(COLOURS[slot] if slot != RAINBOW_SLOT else "green", 1, used)[0]
        used.add(name)
        names.append(name)
    seats = [{"hand": [names[-1], *hand], "ships": [{"contracts": [contract], "containers": names[:-1]}, ship1 or {}], **seat0}]
    g = load_scenario({"players": 3, "abilities": True, "seats": seats, "modules": ["capital"], "island": list(island),
                       "harbours": ["yellow", "green", "blue"], "turn": {"led": "load", "declared": [1, -1, -1]}})
    g.apply(Action(0, "load", (cid(names[-1]),), 0))
    assert about_to_sail(g, 0) and not about_to_sail(g, 1)
    return g


def refused(g: Game, action: Action) -> str:
    """The rule that refuses ``action`` (the game untouched)."""
    before = g.save()
    with pytest.raises(IllegalActionError) as err:
        g.apply(action)
    assert g.save() == before
    return err.value.rule


def targets(g: Game, kind: str, seat: int = 0) -> set[int]:
    return {a.target for a in g.legal_actions(seat) if a.kind == kind}


# --- the rules' own actions (carried out alone through AR GLASSES) --------------------------------

@pytest.mark.card("AR GLASSES")
def test_the_contract_action_offers_no_ship_about_to_sail():
    g = sailing("AR GLASSES", ["BEER", "CAN OPENERS"])
    g.apply(Action(0, "play", (cid("BEER"),)))  # BEER shows the Contract action
    assert targets(g, "contract") == {1}
    rule = refused(g, Action(0, "contract", (cid("CAN OPENERS"),), 0, 1, 0))
    assert rule == "ship_sailing"
    assert natural_action(g, 0, cid("CAN OPENERS")).target == 1  # a click on the card means ship 1


@pytest.mark.card("AR GLASSES")
def test_the_load_action_refuses_a_ship_about_to_sail_by_name():
    g = sailing("AR GLASSES", ["BOK CHOY", "CANDY"], {"contracts": ["HONEY"]})
    g.apply(Action(0, "play", (cid("BOK CHOY"),)))  # BOK CHOY shows the Load action
    assert targets(g, "load") <= {1}
    assert refused(g, Action(0, "load", (cid("CANDY"),), 0)) == "ship_sailing"


# --- abilities that place a contract ------------------------------------------------------------

@pytest.mark.card("SPACECRAFT")
def test_spacecraft_places_its_island_contract_on_another_ship():
    g = sailing("SPACECRAFT", [], island=("BEER", "CAN OPENERS"))
    assert targets(g, "choose") == {1}


@pytest.mark.card("BAMBOO")
def test_bamboo_is_placed_again_only_on_a_ship_that_stays():
    g = sailing("BAMBOO", [])
    assert targets(g, "choose") == {1}


@pytest.mark.card("LUTEFISK")
def test_lutefisk_from_the_hand_onto_a_ship_that_stays():
    g = sailing("CONTAINER FACTORY", ["LUTEFISK"])
    assert {a.target for a in g.legal_actions(0) if a.kind == "anytime" and a.cards == (cid("LUTEFISK"),)} == {1}


# --- abilities that load a container ------------------------------------------------------------

@pytest.mark.card("CHEAP LABOR")
def test_cheap_labor_loads_itself_onto_a_ship_that_stays():
    g = sailing("CHEAP LABOR", [])
    assert targets(g, "choose") == {1}


@pytest.mark.card("AR GLASSES")
def test_the_pirate_action_refuses_a_ship_about_to_sail_by_name():
    g = sailing("AR GLASSES", ["CANNONS"], {"contracts": ["HONEY"]}, island=("CANDY",))
    g.apply(Action(0, "play", (cid("CANNONS"),)))  # CANNONS shows the Pirate action
    candy = cid("CANDY")
    assert {a.target for a in matching(g, "pirate", 0) if a.cards == (candy,)} <= {1, PIRATE_DISCARD}
    assert refused(g, Action.pirate(0, (candy,), (ISLAND,), 0)) == "ship_sailing"


@pytest.mark.card("FLOUR")
def test_flour_with_its_cargo_onto_a_ship_that_stays():
    cargo = [*plain_cards(COLOURS[3], 2, {"HONEY"}), *plain_cards(COLOURS[1], 2, {"HONEY"})]
    g = sailing("AR GLASSES", ["BEER", "FLOUR", *cargo], fulfilled=["HONEY"])
    g.apply(Action(0, "play", (cid("BEER"),)))  # a Contract action, during which FLOUR may come out
    flour = {a.target for a in g.legal_actions(0) if a.kind == "anytime" and a.cards == (cid("FLOUR"),)}
    assert flour == {1}


@pytest.mark.card("JASMINE TEA")
def test_jasmine_tea_places_its_free_contracts_only_on_a_ship_that_stays():
    g = sailing("AR GLASSES", ["BEER", "CAN OPENERS"], fulfilled=["JASMINE TEA"])
    g.apply(Action(0, "play", (cid("BEER"),)))
    free = [a for a in g.legal_actions(0) if a.kind == "anytime" and a.cards[:1] == (cid("JASMINE TEA"),)]
    assert free and {a.unwrap("contract").target for a in free} == {1}


# --- a ship about to sail is still one of your ships -----------------------------------------------

@pytest.mark.card("YEN")
def test_yen_may_be_tucked_under_the_ship_about_to_sail():
    """Tucking is no contract and no load, and YEN's text allows any of your ships."""
    g = sailing("YEN", [])
    assert targets(g, "choose") == {0, 1}
    g.apply(Action(0, "choose", (cid("YEN"),), 0))
    assert g.state.marks["tucked"] == [[cid("YEN"), 0]] and g.state.ships[0].at_sea
