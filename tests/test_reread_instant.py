"""Re-reading the instant abilities (``abilities/instant.py``) against the rulebook.

Each position is built with ``load_scenario`` and driven only through ``legal_actions()`` and
``apply()``.  Most tests start with seat 0 (active, one Load declared) one Load away from fulfilling
the card (``helpers.fulfil_position``); the others start at the beginning of seat 0's turn.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import cid, fulfil_position, is_quiet, plain_cards

from importexport import CARDS, Action
from importexport.importexport.constants import BLACK, BLUE, COLOURS, GREEN, RAINBOW_SLOT, RED, YELLOW, payout
from importexport.importexport.scenario import load_scenario


def fulfilled(contract: str, *, seat0: dict[str, Any] | None = None, others: list[dict[str, Any]] | None = None,
              declared: int = 1, players: int = 3, **top: Any):
    """Seat 0 (active, ``declared`` Loads) has just loaded the last container of ship 0 and so
    fulfilled ``contract`` (abilities in play).  ``seat0["hand"]`` is what stays in the hand."""
    seat = dict(seat0 or {})
    others = [*(others or []), *[{}] * (players - 1 - len(others or []))]
    used = {contract} | {c for d in [seat, *others] for v in d.values() if isinstance(v, list) for c in v}
    loaded: list[str] = []
    for slot in CARDS.by_name(contract).slots(0):
        name = plain_cards(COLOURS[slot] if slot != RAINBOW_SLOT else "green", 1, used)[0]
        used.add(name)
        loaded.append(name)
    seat.update(hand=[loaded[-1], *seat.get("hand", [])], ships=[{"contracts": [contract], "containers": loaded[:-1]}])
    n = 1 + len(others)
    g = load_scenario({
        "players": n, "abilities": True, "seats": [seat, *others],
        "turn": {"led": "load", "declared": [declared] + [-1] * (n - 1)}, **top,
    })
    g.apply(Action(0, "load", (cid(loaded[-1]),), 0))
    assert cid(contract) in g.state.players[0].fulfilled
    return g


def names(cards: list[int]) -> list[str]:
    return [CARDS.names[c] for c in cards]


def questions(g, card: str) -> list[Action]:
    """Answers to a question ``card``'s ability is asking right now (yes / no / choose)."""
    return [a for a in g.legal_actions() if a.cards[:1] == (cid(card),) and a.kind in ("yes", "no", "choose")]


# --- MUJI PENS: not optional -----------------------------------------------------------------------

@pytest.mark.card("MUJI PENS")
def test_muji_pens_is_carried_out_without_asking():
    used = {"MUJI PENS"}
    mine = plain_cards("green", 2, used)
    used |= set(mine)
    other = plain_cards("blue", 4, used)
    g = fulfilled("MUJI PENS", players=2, seat0={"hand": mine}, others=[{"hand": other}])
    assert questions(g, "MUJI PENS") == []  # no yes/no: the text orders it
    assert set(mine) <= set(names(g.state.island))
    p0, p1 = g.state.players
    assert len(p0.hand) == 3 and set(names(p0.hand)) <= set(other)
    assert len(p1.hand) == 1


@pytest.mark.card("MUJI PENS")
def test_muji_pens_with_an_empty_hand_still_takes_cards():
    other = plain_cards("red", 2, {"MUJI PENS"})
    g = fulfilled("MUJI PENS", players=2, seat0={}, others=[{"hand": other}])  # the last container leaves the hand empty
    assert questions(g, "MUJI PENS") == []
    assert sorted(names(g.state.players[0].hand)) == sorted(other)  # fewer than 3 there: all of them
    assert g.state.players[1].hand == []


# --- LUCKY CARDS: lasting, repeatable ------------------------------------------------------------

def lucky_turn(credits: int, deck: list[str]):
    """Start of seat 0's turn; LUCKY CARDS lies among seat 0's fulfilled contracts."""
    return load_scenario({
        "players": 2, "abilities": True, "deck": deck,
        "seats": [{"credits": credits, "fulfilled": ["LUCKY CARDS"]}, {}],
    })


def lucky(g, colour: int) -> None:
    a = Action(0, "anytime", (cid("LUCKY CARDS"),), colour)
    assert a in g.legal_actions(0), [str(x) for x in g.legal_actions(0)]
    g.apply(a)


def lucky_options(g) -> list[int]:
    return sorted(a.target for a in g.legal_actions(0) if a.kind == "anytime" and a.cards == (cid("LUCKY CARDS"),))


@pytest.mark.card("LUCKY CARDS")
def test_lucky_cards_is_lasting_and_may_be_repeated_while_you_can_pay():
    deck = plain_cards("yellow", 2, {"LUCKY CARDS"})
    g = lucky_turn(65, deck)
    assert lucky_options(g) == [GREEN, YELLOW, BLACK, BLUE, RED]
    lucky(g, RED)  # a miss: 30 paid, the card drawn
    assert g.state.players[0].credits == 35 and names(g.state.players[0].hand) == deck[:1]
    lucky(g, BLUE)  # again, in the same decision
    assert g.state.players[0].credits == 5 and names(g.state.players[0].hand) == deck
    assert lucky_options(g) == []  # fewer than 30 credits: no more


@pytest.mark.card("LUCKY CARDS")
def test_lucky_cards_pays_50_when_the_drawn_card_matches():
    deck = plain_cards("black", 1, {"LUCKY CARDS"})
    g = lucky_turn(30, deck)
    lucky(g, BLACK)
    assert g.state.players[0].credits == 30 - 30 + 50


@pytest.mark.card("LUCKY CARDS")
def test_lucky_cards_asks_nothing_when_fulfilled_then_works_from_the_fulfilled_contracts():
    g = fulfilled("LUCKY CARDS", players=2, seat0={"credits": 30})
    assert questions(g, "LUCKY CARDS") == []  # no instant question
    assert g.state.players[0].credits == 30 + payout(len(CARDS.by_name("LUCKY CARDS").slots(0)))  # the payout only
    while 0 not in g.deciders():  # seat 1's turn: it plays on until seat 0 decides again
        g.apply(g.legal_actions(g.deciders()[0])[0])
    assert lucky_options(g) == [GREEN, YELLOW, BLACK, BLUE, RED]


# --- rulings on goods types (tests that show them) ---------------------------------------------

def capital_goods(n: int, used: set[str]) -> list[str]:
    """``n`` Capital (grey) cards whose abilities cannot act where fillers lie."""
    out = [c.name for c in CARDS.cards if c.goods == "grey" and is_quiet(c.name) and c.name not in used][:n]
    assert len(out) == n
    return out


@pytest.mark.parametrize(("card", "colour"), [
    pytest.param("HONEY", "yellow", marks=pytest.mark.card("HONEY")),
    pytest.param("PENS", "black", marks=pytest.mark.card("PENS")),
])
def test_goods_counted_everywhere_include_capital_goods_of_that_type(card, colour):
    used = {card}
    typed = plain_cards(colour, 2, used)
    grey = capital_goods(2, used | set(typed))
    used |= set(typed) | set(grey)
    blue = plain_cards("blue", 1, used)
    # seat 0: a Capital good after a good of the type (2 count); seat 1: one good of the type;
    # seat 2: a Capital good after a luxury good (does not count)
    seat0 = {"goods": [typed[0], grey[0]]}
    others = [{"goods": [typed[1]]}, {"goods": [*blue, grey[1]]}]

    def gained(abilities: bool) -> int:
        g, load = fulfil_position(card, abilities, seat0=seat0, others=others)
        before = g.state.players[0].credits
        g.apply(load)
        return g.state.players[0].credits - before

    assert gained(True) - gained(False) == 2 * 3


@pytest.mark.card("HAWAIIAN SALT")
def test_hawaiian_salt_a_capital_card_in_a_hand_is_not_taken():
    used = {"HAWAIIAN SALT"}
    yellow = plain_cards("yellow", 2, used)
    grey = capital_goods(1, used | set(yellow))
    # seat 1's goods would make a Capital good agriculture, but a hand card is not a good
    others = [{"hand": [yellow[0], *grey], "goods": [yellow[1]]}]
    g = fulfilled("HAWAIIAN SALT", players=2, others=others)
    assert names(g.state.players[1].hand) == grey
    assert yellow[0] in names(g.state.players[0].hand)
