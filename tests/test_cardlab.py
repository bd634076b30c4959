"""The card lab: searching the card list, and a ready position for every card's ability.

For each of the 180 cards, ``lab_position`` must give a position that loads, has captions in both
languages, and really shows the ability: the card is where its timing says (fulfilled by one of
Player 1's moves, among the fulfilled contracts and at work, or usable from the hand or a ship),
and within three decisions of the seats the reader plays, the game goes differently with
abilities on than under the basic rules.  ``NOT_SHOWN`` lists the cards for which that cannot
happen, and the tests check that it holds exactly those.
"""

from __future__ import annotations

from typing import Any

import pytest

from importexport import CARDS, Action, Game
from importexport.importexport.abilities import REGISTRY
from importexport.importexport.abilities.registry import lasting
from importexport.importexport.scenario import load_scenario
from importexport.importexport.setup import MODULES
from importexport.tutor.cardlab import LABS, NOT_SHOWN, lab_of, lab_position, search_cards
from importexport.tutor.chapter import Position

ALL = [c.name for c in CARDS.cards]
ANYTIME = [c.name for c in CARDS.cards if c.timing == "anytime"]


def names(ids: list[int]) -> list[str]:
    return [CARDS.names[i] for i in ids]


# --- search ---------------------------------------------------------------------------------------


def test_no_filter_lists_every_card_sorted_by_name() -> None:
    found = names(search_cards())
    assert found == sorted(ALL)


@pytest.mark.parametrize(("key", "values", "field"), [
    ("sets", ["tokyo"], "set"),
    ("goods", ["grey"], "goods"),
    ("actions", ["trade"], "action"),
    ("timings", ["anytime"], "timing"),
    ("sets", ["j", "flag"], "set"),
])
def test_each_filter_keeps_exactly_the_matching_cards(key: str, values: list[str], field: str) -> None:
    expected = sorted(c.name for c in CARDS.cards if getattr(c, field) in values)
    assert names(search_cards(**{key: values})) == expected
    assert expected  # the filter is not trivially empty


def test_the_filters_combine() -> None:
    assert names(search_cards(goods=["yellow"], timings=["anytime"])) == [
        "BOK CHOY", "FLOUR", "LUTEFISK", "MAPLE SYRUP", "YOGURT"]
    assert names(search_cards(sets=["base"], timings=["anytime"])) == ["BOK CHOY", "FLOUR", "LEGOS"]
    assert names(search_cards("ship", goods=["grey"], actions=["trade"])) == ["GPS", "PARTNERSHIP", "THE ALGORITHM"]
    assert search_cards("salt", sets=["tokyo"]) == []


def test_text_matches_name_and_ability_ignoring_case() -> None:
    assert names(search_cards("hawaiian")) == ["HAWAIIAN SALT"]
    by_text = names(search_cards("COIN"))  # only in the ability text
    assert by_text == ["FLAMETORCH"]
    assert names(search_cards("  Coin ")) == by_text


def test_german_text_is_found_in_either_language() -> None:
    wild = ["BIG CATS", "IMPALAS", "SOAP", "TELEVISIONS", "WHEAT"]
    assert names(search_cards("Joker")) == wild  # German ability texts only
    assert names(search_cards("joker", lang="de")) == wild
    assert names(search_cards("münze")) == ["FLAMETORCH"]
    assert names(search_cards("coin", lang="de")) == ["FLAMETORCH"]


def test_search_rejects_an_unknown_language() -> None:
    with pytest.raises(ValueError, match="language"):
        search_cards("x", lang="fr")


# --- lab positions: every card ----------------------------------------------------------------------


def fulfils(g: Game, action: Action, card: int) -> bool:
    """Does ``action`` fulfil ``card`` for seat 0?  (The card may leave the fulfilled contracts at
    once through its own ability, so the log's fulfilment is what counts, or the card's place.)"""
    g = g.copy()
    before = len(g.log)
    g.apply(action)
    return card in g.state.players[0].fulfilled or any(
        key == "fulfil" and args["p"] == 0 and card in args["cards"] for _, key, args in g.log[before:])


def snapshot(g: Game) -> dict[str, Any]:
    d = g.state.to_dict()
    d.pop("abilities")
    d["stack"] = [f["kind"] for f in d["stack"]]
    if g.is_over():
        d["scores"] = [s.total for s in g.scores()]
    return d


def ability_shows(spec: dict[str, Any], humans: set[int], depth: int = 3, budget: int = 3000) -> list[str] | None:
    """Moves of the ``humans`` seats after which the position with abilities differs from the same
    position under the basic rules (in the table, or in the choices offered); None if none is found."""
    on, off = load_scenario(spec), load_scenario({**spec, "abilities": False})
    visited = 0

    def search(a: Game, b: Game, path: list[str], left: int) -> list[str] | None:
        nonlocal visited
        visited += 1
        if visited > budget:
            return None
        if snapshot(a) != snapshot(b) or set(a.legal_actions()) != set(b.legal_actions()):
            return path
        if left == 0:
            return None
        for act in a.legal_actions():
            if act.player in humans:
                a2, b2 = a.copy(), b.copy()
                a2.apply(act)
                b2.apply(act)
                found = search(a2, b2, [*path, str(act)], left - 1)
                if found is not None:
                    return found
        return None

    return search(on, off, [], depth)


@pytest.mark.parametrize("name", ALL)
def test_lab_position_loads_in_both_languages(name: str) -> None:
    card = CARDS.by_name(name)
    for lang in ("en", "de"):
        pos = lab_position(name.lower() if lang == "de" else card.id, lang)
        assert set(pos) == {"scenario", "humans", "caption"}
        Position.model_validate(pos)  # usable as a chapter position
        g = load_scenario(pos["scenario"])
        assert g.state.abilities and g.lang == lang and not g.is_over()
        wanted = {m for m, sets in MODULES.items() if card.set in sets}
        assert wanted <= set(g.state.modules)
        assert pos["humans"] and 0 in pos["humans"]
        for text in pos["caption"].values():
            assert name in text and "{" not in text and len(text) < 200
        assert pos["caption"]["en"] != pos["caption"]["de"]


# Where a lab may put a card of each timing.  A lasting card is shown arriving ("fulfil") when it
# does something the moment it is fulfilled, on a ship when it works as a contract (LEGOS,
# TORTILLAS), in the hand when it is used from there (PARTNERSHIP joins two ships with a Contract
# action).  BACKPACKS is marked instant but works as a lasting card: its lab fulfils it with a
# Pirate action and then brings a ship home.
PLACES = {
    "instant": {"fulfil", "contract"},
    "permanent": {"fulfilled", "fulfil", "contract", "hand"},
    "anytime": {"hand", "contract", "container"},
}


@pytest.mark.parametrize("name", ALL)
def test_lab_puts_the_card_where_its_timing_works(name: str) -> None:
    card = CARDS.by_name(name)
    ability = REGISTRY[name]
    g = load_scenario(lab_position(name)["scenario"])
    me = g.state.players[0]
    mine = [g.state.ships[s] for s in me.ships]
    where = lab_of(card.id).where
    assert where in PLACES[card.timing]
    if where == "fulfil" or (where == "contract" and card.timing == "instant"):
        assert card.timing == "instant" or hasattr(ability, "on_fulfil")
        assert any(card.id in ship.contracts for ship in mine)
        assert any(fulfils(g, a, card.id) for a in g.legal_actions(0)), "no move of Player 1 fulfils the card"
    elif where == "fulfilled":
        assert card.id in me.fulfilled
        assert ability in lasting(g, 0)  # the ability is in play
    elif where == "contract":
        assert any(card.id in ship.contracts for ship in mine)
        assert card.timing == "anytime" or ability.as_contract and ability in lasting(g, 0)
    elif where == "hand":
        assert card.id in me.hand
        assert any(a.cards and a.cards[0] == card.id and a.kind in ("anytime", "load") for a in g.legal_actions(0))
    else:
        assert any(card.id in ship.containers for ship in mine)


@pytest.mark.parametrize("name", ANYTIME)
def test_anytime_cards_offer_their_ability_at_once_or_after_one_move(name: str) -> None:
    card = CARDS.by_name(name)
    pos = lab_position(name)
    g = load_scenario(pos["scenario"])

    def offered(g: Game) -> bool:
        top = g.state.stack[-1] if g.state.stack else {}
        own_question = top.get("kind") == "ask" and top.get("card") == card.id
        return own_question or any(a.kind == "anytime" and a.cards[0] == card.id for a in g.legal_actions())

    after_one = []
    for a in g.legal_actions(0):
        g2 = g.copy()
        g2.apply(a)
        after_one.append(g2)
    # its own choice, at once or after one move, or else a move that only its ability allows
    assert offered(g) or any(offered(x) for x in after_one) or ability_shows(pos["scenario"], {0}, 1) is not None


@pytest.mark.parametrize("name", ALL)
def test_the_ability_shows_within_three_decisions(name: str) -> None:
    pos = lab_position(name)
    path = ability_shows(pos["scenario"], set(pos["humans"]))
    if name in NOT_SHOWN:
        assert path is None, f"{name} is listed as not shown, but it shows after {path}"
    else:
        assert path is not None, f"{name}: abilities on or off, the game goes the same way"


@pytest.mark.parametrize("name", ALL)
def test_lab_never_waits_for_a_seat_nobody_plays(name: str) -> None:
    """Until Player 1's turn is over, every decision falls to a seat the reader plays."""
    pos = lab_position(name)
    humans = set(pos["humans"])
    start = load_scenario(pos["scenario"])
    turn = start.state.turn
    visited = 0

    def walk(g: Game, left: int) -> None:
        nonlocal visited
        visited += 1
        if visited > 2000 or g.is_over() or g.state.turn != turn:
            return
        assert set(g.deciders()) <= humans, f"waits for seat(s) {g.deciders()} at {g.state.stack[-1]['k']}"
        if left:
            for a in g.legal_actions():
                g2 = g.copy()
                g2.apply(a)
                walk(g2, left - 1)

    walk(start, 3)


def test_not_shown_lists_only_cards_with_a_reason() -> None:
    assert set(NOT_SHOWN) <= set(ALL)
    assert all(reason.strip() for reason in NOT_SHOWN.values())
    assert set(LABS) <= set(ALL)


def test_lab_rejects_an_unknown_card() -> None:
    with pytest.raises(ValueError):
        lab_position(180)
    with pytest.raises(ValueError):
        lab_position("NO SUCH CARD")
