"""Copied abilities work for the copier at every moment the original works, and every note an
ability keeps belongs to its holder (seat and card), never to the whole table.

WIND TURBINES copies another fulfilled contract's ability; the copy works through WIND TURBINES
(``registry.bound``): its questions, its end-of-game steps and its notes are WIND TURBINES' own.
Each test builds a position with ``load_scenario`` in which seat 0 holds WIND TURBINES with its copy
chosen (the note ``copies``, as the copy question leaves it) and drives it through
``legal_actions()``/``apply()``; docs/abilities.md lists the moments and cards.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import cid, is_quiet, plain_cards

from importexport import CARDS, Action, Game
from importexport.importexport.constants import COLOURS, CONTRACT, IMPORT, LOAD
from importexport.importexport.engine import Game as Engine
from importexport.importexport.scenario import load_scenario

WT = cid("WIND TURBINES")


def copying(copied: str, spec: dict[str, Any]) -> Game:
    """The scenario ``spec`` (abilities on) with seat 0's WIND TURBINES copying ``copied``."""
    g = load_scenario({"abilities": True, **spec})
    state = g.state.clone()
    assert WT in state.players[0].fulfilled
    state.marks["copies"] = [[WT, cid(copied)]]
    return Engine.from_state(state, seed=g.seed)


def question(g: Game) -> dict[str, Any] | None:
    frame = g.state.stack[-1] if g.state.stack else {}
    return frame if frame.get("kind") == "ask" else None


def card_showing(action: int, colour: str, used: set[str]) -> str:
    """A quiet base card of ``colour`` showing ``action``, without a level requirement."""
    return next(c.name for c in CARDS.cards if c.set == "base" and CARDS.action[c.id] == action
                and c.goods == colour and not c.level and is_quiet(c.name) and c.name not in used)


# --- a reaction and its question ---------------------------------------------------------------

@pytest.mark.card("WIND TURBINES")
def test_a_copied_reaction_asks_its_question_through_wind_turbines():
    contract = card_showing(CONTRACT, "yellow", set())
    g = copying("DRONES", {"players": 3, "seats": [{"fulfilled": ["WIND TURBINES"], "hand": [contract]}],
                           "turn": {"led": "contract", "declared": [1, -1, -1]}})
    hand = len(g.state.players[0].hand)
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "contract"))
    frame = question(g)
    assert frame is not None and frame["card"] == WT and frame["step"] == "draw"
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "yes"))
    assert len(g.state.players[0].hand) == hand - 1 + 1


@pytest.mark.card("WIND TURBINES")
@pytest.mark.card("BOOKS")
def test_a_copy_of_books_pays_its_own_two_credits_beside_the_original():
    """BOOKS' "2 credits a turn" is each card's: the original and the copy pay 2 each."""
    imp = [card_showing(IMPORT, "red", set()), card_showing(IMPORT, "blue", set())]
    g = copying("BOOKS", {"players": 3, "seats": [{"fulfilled": ["WIND TURBINES", "BOOKS"], "credits": 10, "hand": [imp[0]]},
                                                   {"hand": [imp[1]]}, {}]})
    g.apply(Action(0, "play", (cid(imp[0]),)))
    g.apply(Action(1, "play", (cid(imp[1]),)))
    g.apply(Action(2, "draw"))
    assert g.state.players[0].credits == 10 + 2 + 2
    rows = {(row[0], row[1]) for row in g.state.marks["uses"]}
    assert rows == {(0, WT), (0, cid("BOOKS"))}


# --- an anytime choice kept once per turn -----------------------------------------------------------

@pytest.mark.card("WIND TURBINES")
@pytest.mark.card("BATTERIES")
def test_a_copy_of_batteries_gives_its_own_extra_load_beside_the_original():
    """Once per turn each: the original and the copy each buy one more Load."""
    used = {"WIND TURBINES", "BATTERIES"}
    contract = "SUGAR"
    fits = plain_cards(COLOURS[CARDS.by_name(contract).slots(0)[0]], 3, used)
    g = copying("BATTERIES", {"players": 3, "seats": [{
        "fulfilled": ["WIND TURBINES", "BATTERIES"], "credits": 10, "hand": fits,
        "ships": [{"contracts": [contract]}, {}]}], "turn": {"led": "load", "declared": [1, -1, -1]}})
    extra = {a.cards for a in g.legal_actions(0) if a.kind == "anytime"}
    assert extra == {(WT,), (cid("BATTERIES"),)}
    g.apply(Action(0, "anytime", (WT,)))
    assert {a.cards for a in g.legal_actions(0) if a.kind == "anytime"} == {(cid("BATTERIES"),)}
    g.apply(Action(0, "anytime", (cid("BATTERIES"),)))
    assert not [a for a in g.legal_actions(0) if a.kind == "anytime"]
    assert g.state.players[0].credits == 10 - 4 and g.state.stack[-1]["left"] == 3


# --- the end of the game -----------------------------------------------------------------------------

def ending(copied: str, seats: list[dict[str, Any]]) -> Game:
    """Seat 2 sells a card and reaches 50 credits: the game ends; seat 0's WIND TURBINES copies ``copied``."""
    seller = plain_cards("green", 1, {n for s in seats for v in s.values() if isinstance(v, list) for n in v})
    g = copying(copied, {"players": 3, "active": 2, "seats": [*seats, {"credits": 46, "hand": seller}],
                         "turn": {"led": "supply", "declared": [-1, -1, 1]}})
    g.apply(next(a for a in g.legal_actions(2) if a.kind == "sell"))
    return g


@pytest.mark.card("WIND TURBINES")
@pytest.mark.card("DIAMONDS")
def test_a_copied_end_of_game_step_is_asked_through_wind_turbines():
    other = plain_cards("blue", 1, {"DIAMONDS"})
    g = ending("DIAMONDS", [{"fulfilled": ["WIND TURBINES", *other]}, {"fulfilled": ["DIAMONDS"]}])
    frame = question(g)
    assert frame is not None and frame["seat"] == 0 and frame["card"] == WT and frame["step"] == "diamonds"
    g.apply(Action(0, "choose", (WT, cid(other[0]))))
    assert cid(other[0]) in g.state.players[0].goods


@pytest.mark.card("WIND TURBINES")
@pytest.mark.card("COLOGNE")
def test_a_copy_of_cologne_and_the_original_each_keep_their_own_choice():
    crew0 = [card_showing(LOAD, "red", set())]
    crew1 = [card_showing(CONTRACT, "black", set(crew0))]
    g = ending("COLOGNE", [{"fulfilled": ["WIND TURBINES"], "crew": crew0},
                           {"fulfilled": ["COLOGNE"], "crew": crew1}])
    for seat in (0, 1):
        frame = question(g)
        assert frame is not None and frame["seat"] == seat and frame["step"] == "cologne"
        g.apply(next(a for a in g.legal_actions(seat) if a.kind == "choose"))
    assert g.is_over()
    scores = g.scores()
    assert dict(scores[0].lines)["ability:COLOGNE"] == 4 and dict(scores[1].lines)["ability:COLOGNE"] == 4


# --- an instant win ----------------------------------------------------------------------------------

@pytest.mark.card("WIND TURBINES")
@pytest.mark.card("GRAPHICS CARDS")
def test_a_copied_instant_win_wins_through_wind_turbines():
    """Seat 0 holds the most goods of four types; GRAPHICS CARDS lies with seat 1, its copy with seat 0:
    the game is won at once, by seat 0, through WIND TURBINES (without the copy it goes on)."""
    goods = [n for colour in ("green", "yellow", "black", "blue") for n in plain_cards(colour, 1, {"GRAPHICS CARDS"})]
    contract = card_showing(CONTRACT, "red", set(goods))
    spec = {"players": 3, "seats": [
        {"fulfilled": ["WIND TURBINES", *plain_cards("red", 2, {contract})], "goods": goods, "hand": [contract]},
        {"fulfilled": ["GRAPHICS CARDS"]}, {}], "turn": {"led": "contract", "declared": [1, -1, -1]}}
    assert not load_scenario({"abilities": True, **spec}).is_over()
    g = copying("GRAPHICS CARDS", spec)
    assert g.is_over() and g.state.end_reason == "win" and g.state.winners == [0] and g.state.marks["win_card"] == WT
