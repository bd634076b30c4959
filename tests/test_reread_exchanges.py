"""Re-reading the exchange abilities (``abilities/exchanges.py``) against the rulebook.

Each test shows one place where the ability used to differ from the German rules text: seat 0
(active, one Load declared) loads the last container and so fulfils the card, and the game is then
driven only through ``legal_actions()``/``apply()``.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import cid, plain_cards
from test_abilities_exchanges import options as choices

from importexport import CARDS, Action
from importexport.importexport.constants import BLACK, COLOURS, RAINBOW_SLOT
from importexport.importexport.scenario import load_scenario

FILLER = "OPPOSITION LEAFLETS"  # an instant card: as a fulfilled contract it only raises the limits


def fulfil(contract: str, seat0: dict[str, Any], others: list[dict[str, Any]], used: set[str], **top: Any):
    """Seat 0 fulfils ``contract`` on ship 0 (``seat0`` may add ``ship1``: seat 0's second ship)."""
    seat = dict(seat0)
    second = seat.pop("ship1", {})
    used = {contract, *used}
    loaded: list[str] = []
    for slot in CARDS.by_name(contract).slots(0):
        name = plain_cards(COLOURS[slot] if slot != RAINBOW_SLOT else "green", 1, used)[0]
        used.add(name)
        loaded.append(name)
    seat.update(hand=[loaded[-1]], ships=[{"contracts": [contract], "containers": loaded[:-1]}, second])
    n = 1 + len(others)
    g = load_scenario({
        "players": n, "abilities": True, "seats": [seat, *others],
        "turn": {"led": "load", "declared": [1] + [-1] * (n - 1)}, **top,
    })
    g.apply(Action(0, "load", (cid(loaded[-1]),), 0))
    assert cid(contract) in g.state.players[0].fulfilled
    return g


def answer(g, seat: int, ability: str, *cards: str, target: int = -1, kind: str = "choose") -> None:
    a = Action(seat, kind, (cid(ability), *(cid(c) for c in cards)), target)
    assert a in g.legal_actions(seat), (str(a), [str(x) for x in g.legal_actions(seat)])
    g.apply(a)


def names(cards: list[int]) -> list[str]:
    return [CARDS.names[c] for c in cards]


@pytest.mark.card("VACUUMS")
def test_vacuums_a_capital_good_counting_as_luxury_may_be_given():
    used = {"VACUUMS", "GPS", "LUCKY CARDS"}
    lux, tech = plain_cards("blue", 1, used)[0], plain_cards("green", 1, used)[0]
    others = [
        {"goods": [lux, "GPS"]},  # GPS counts as luxury here (leftmost non-Capital good is luxury)
        {"goods": ["LUCKY CARDS", tech]},  # here it counts as technology: nothing to give
    ]
    g = fulfil("VACUUMS", {}, others, used | {lux, tech}, modules=["capital"])
    p = g.state.players
    assert choices(g, 1) == {("choose", (lux,), -1), ("choose", ("GPS",), -1)}
    answer(g, 1, "VACUUMS", "GPS")
    assert g.deciders() != [2]  # seat 2 has no cards in hand and no luxury good
    assert names(p[0].goods) == ["GPS"] and names(p[1].goods) == [lux]
    assert names(p[2].goods) == ["LUCKY CARDS", tech]


@pytest.mark.card("INSECTS")
def test_insects_capital_goods_counting_as_illegal_are_given_too():
    used = {"INSECTS", "GPS", FILLER}
    red = plain_cards("red", 1, used)[0]
    yellow = plain_cards("yellow", 1, used | {red})[0]
    seat0 = {"fulfilled": [FILLER], "goods": [red, "GPS", yellow]}  # GPS counts as illegal
    g = fulfil("INSECTS", seat0, [{}, {}], used | {red, yellow}, modules=["capital"])
    p = g.state.players
    answer(g, 0, "INSECTS", target=1)
    assert names(p[1].goods) == [red, "GPS"]  # both illegal goods, the Capital one included
    assert names(p[0].goods) == [yellow]
    assert choices(g, 0) == {("choose", (red,), -1), ("choose", ("GPS",), -1)}
    answer(g, 0, "INSECTS", red)
    assert names(p[0].goods) == [yellow, red] and names(p[1].goods) == ["GPS"]


@pytest.mark.card("THE ALGORITHM")
def test_the_algorithm_may_stay_among_the_fulfilled_contracts():
    g = fulfil("THE ALGORITHM", {"ship1": {"contracts": ["GLASSES"]}}, [{}, {}], {"GLASSES"})
    p, al = g.state.players[0], cid("THE ALGORITHM")
    assert choices(g, 0) == {
        ("choose", ("THE ALGORITHM",), -1), ("choose", ("THE ALGORITHM",), 1), ("no", (), -1),
    }
    answer(g, 0, "THE ALGORITHM", kind="no")
    assert not g.state.stack or g.state.stack[-1].get("card") != al
    assert al in p.fulfilled and p.crew == [] and g.state.ships[1].containers == []


@pytest.mark.card("FAKE MONEY")
def test_fake_money_a_taken_container_keeps_the_colour_it_was_loaded_as():
    # BIRD FEED (a yellow J card) was loaded as a black container; seat 0's CAN OPENERS needs black
    others = [{"ships": [{}, {"at_sea": True, "containers": ["BIRD FEED@black"]}]}, {}]
    g = fulfil("FAKE MONEY", {"ship1": {"contracts": ["CAN OPENERS"]}}, others, {"BIRD FEED", "CAN OPENERS"},
               modules=["j"])
    s = g.state
    assert choices(g, 0) == {("choose", ("BIRD FEED",), 1)}  # it fits: it must be loaded
    answer(g, 0, "FAKE MONEY", "BIRD FEED", target=1)
    assert s.ships[1].containers == [cid("BIRD FEED")] and s.ships[1].colours == [BLACK]
    assert s.players[0].hand == [] and not s.ships[3].at_sea
