"""Port Royal's base deck: the data matches the base notes, ids are stable, broken files fail clearly."""

from __future__ import annotations

import copy
import doctest
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from importexport.errors import ImportExportError
from importexport.portroyal import deck as deck_module
from importexport.portroyal.deck import DATA_FILE, Deck, DeckError, deck_from_data, deck_markdown, load_deck

DOC = Path(__file__).resolve().parent.parent / "docs" / "portroyal.md"

# The figures of ../shared/rules/port-royal-base-notes.md, written out here independently of the YAML.
# Ships: colour -> Counter of (swords, coins) -> count.
SHIPS = {
    "yellow": {(1, 1): 3, (1, 2): 1, (2, 2): 2, (2, 3): 1, (4, 3): 2, (4, 4): 1},
    "blue": {(1, 1): 3, (1, 2): 1, (2, 2): 2, (2, 3): 1, (5, 3): 2, (5, 4): 1},
    "green": {(1, 1): 3, (1, 2): 1, (3, 2): 2, (3, 3): 1, (5, 3): 2, (5, 4): 1},
    "red": {(1, 1): 3, (3, 2): 3, (6, 3): 2, ("never", 3): 1, ("never", 4): 1},
    "black": {(2, 1): 3, (4, 2): 3, (7, 3): 2, ("never", 3): 1, ("never", 4): 1},
}
# Persons: (kind, cost, points, detail) -> count; detail = trader colour / swords / symbol / None.
PERSONS = {
    ("trader", 3, 1, "black"): 2, ("trader", 3, 1, "green"): 2, ("trader", 3, 1, "red"): 2,
    ("trader", 3, 1, "blue"): 1, ("trader", 3, 1, "yellow"): 1,
    ("trader", 5, 2, "blue"): 1, ("trader", 5, 2, "yellow"): 1,
    ("settler", 4, 1, "house"): 5, ("captain", 4, 1, "anchor"): 5, ("priest", 4, 1, "cross"): 5,
    ("jack_of_all_trades", 6, 1, None): 3,
    ("sailor", 3, 1, 1): 7, ("sailor", 5, 2, 1): 2, ("sailor", 7, 3, 1): 1,
    ("pirate", 5, 1, 2): 1, ("pirate", 7, 2, 2): 1, ("pirate", 9, 3, 2): 1,
    ("mademoiselle", 7, 2, None): 2, ("mademoiselle", 9, 3, None): 2,
    ("jester", 5, 1, None): 1, ("jester", 7, 2, None): 3, ("jester", 9, 3, None): 1,
    ("admiral", 5, 1, None): 1, ("admiral", 7, 2, None): 3, ("admiral", 9, 3, None): 2,
    ("governor", 8, 0, None): 4,
}
TAXES = {"most_swords": 2, "fewest_points": 2}
EXPEDITIONS = {  # sorted symbols -> (points, coins)
    ("anchor", "anchor"): (4, 2), ("cross", "cross"): (4, 2), ("house", "house"): (4, 2),
    ("anchor", "anchor", "house"): (6, 3), ("cross", "cross", "house"): (6, 3),
    ("anchor", "cross", "house"): (5, 3),
}


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_deck()


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    return yaml.safe_load(DATA_FILE.read_text(encoding="utf-8"))


def test_sizes(deck: Deck) -> None:
    assert (len(deck.cards), len(deck.ships), len(deck.persons), len(deck.taxes), len(deck.expeditions)) == (
        120, 50, 60, 4, 6,
    )


def test_ships_match_the_notes(deck: Deck) -> None:
    found: dict[str, Counter[tuple[Any, int]]] = {}
    for card in deck.ships:
        found.setdefault(card.spec.colour, Counter())[(card.spec.swords, card.spec.coins)] += 1
    assert {colour: dict(c) for colour, c in found.items()} == SHIPS
    assert all(sum(c.values()) == 10 for c in found.values())
    assert [c.spec.repellable for c in deck.ships].count(False) == 4


def test_persons_match_the_notes(deck: Deck) -> None:
    found: Counter[tuple[Any, ...]] = Counter()
    for card in deck.persons:
        p = card.spec
        detail = p.colour or p.swords or p.symbol
        found[(p.kind, p.cost, p.points, detail)] += 1
    assert dict(found) == PERSONS
    jacks = [c.spec for c in deck.persons if c.spec.kind == "jack_of_all_trades"]
    assert all(j.any_symbol for j in jacks) and not any(c.spec.any_symbol for c in deck.persons if c.spec not in jacks)


def test_taxes_and_expeditions_match_the_notes(deck: Deck) -> None:
    assert Counter(c.spec.which for c in deck.taxes) == TAXES
    got = {tuple(sorted(c.spec.needs)): (c.spec.points, c.spec.coins) for c in deck.expeditions}
    assert got == EXPEDITIONS and len(deck.expeditions) == len(EXPEDITIONS)


def test_every_entry_names_its_source(raw: dict[str, Any]) -> None:
    assert all(row["source"] == "base-notes" for rows in raw.values() for row in rows)


def test_ids_are_dense_stable_and_grouped(deck: Deck) -> None:
    assert [c.id for c in deck.cards] == list(range(120))
    assert load_deck().cards == deck.cards  # same file, same numbering
    assert {c.id for c in deck.ships} == set(range(50))
    assert {c.id for c in deck.persons} == set(range(50, 110))
    assert {c.id for c in deck.taxes} == set(range(110, 114))
    assert {c.id for c in deck.expeditions} == set(range(114, 120))
    # Spot checks that pin the numbering the engine will rely on.
    first, last_ship, first_person = deck.cards[0].spec, deck.cards[49].spec, deck.cards[50].spec
    assert (first.colour, first.swords, first.coins) == ("yellow", 1, 1)
    assert (last_ship.colour, last_ship.swords, last_ship.coins) == ("black", "never", 4)
    assert (first_person.kind, first_person.colour) == ("trader", "black")


def test_models_are_frozen(deck: Deck) -> None:
    with pytest.raises(Exception):  # noqa: B017 - pydantic's and dataclasses' errors differ
        deck.cards[0].spec.coins = 9  # type: ignore[misc]
    with pytest.raises(Exception):  # noqa: B017
        deck.cards[0].id = 5  # type: ignore[misc]


def test_doctest() -> None:
    assert doctest.testmod(deck_module).failed == 0


def test_docs_table_matches_the_data(deck: Deck) -> None:
    assert deck_markdown(deck) in DOC.read_text(encoding="utf-8"), (
        "docs/portroyal.md: the deck tables are out of date: paste `python -m importexport.portroyal.deck`"
    )


def _damaged(raw: dict[str, Any], section: str, index: int, change: dict[str, Any], drop: str | None = None) -> Any:
    data = copy.deepcopy(raw)
    row = data[section][index]
    row.update(change)
    if drop:
        del row[drop]
    return data


@pytest.mark.parametrize(
    ("section", "index", "change", "drop", "pattern"),
    [
        ("ships", 0, {}, "coins", r"ships entry 1 \(yellow\): field 'coins' is missing"),
        ("ships", 0, {"count": 4}, None, r"ships: field 'count' of the yellow ships adds up to 11"),
        ("ships", 2, {"colour": "purple"}, None, r"ships entry 3 \(purple\): field 'colour' has a bad value 'purple'"),
        ("ships", 0, {"swords": 0}, None, r"ships entry 1 \(yellow\): field 'swords' has a bad value 0"),
        ("persons", 7, {"cost": -1}, None, r"persons entry 8 \(settler\): field 'cost' has a bad value -1"),
        ("persons", 0, {"colour": "white"}, None, r"persons entry 1 \(white trader\): field 'colour' has a bad value"),
        ("persons", 11, {"count": 6}, None, r"persons: field 'count' of the sailor entries adds up to 9, .* has 10"),
        ("persons", 7, {"symbol": "cross"}, None, r"persons entry 8 \(settler\): field 'symbol': .*'house'"),
        ("persons", 7, {"effect": "swords"}, None, r"persons entry 8 \(settler\): field 'effect': .*expedition_symbol"),
        ("persons", 7, {"crew": 1}, None, r"persons entry 8 \(settler\): field 'crew' is not a field"),
        ("taxes", 0, {"count": 3}, None, r"taxes: the counts add up to 5 cards, the base game has 4"),
        ("expeditions", 0, {"needs": ["anchor", "wheel"]}, None, r"expeditions entry 1: field 'needs' has a bad value"),
        ("expeditions", 0, {"points": "4"}, None, r"expeditions entry 1: field 'points' has a bad value '4'"),
    ],
)
def test_damaged_files_raise_a_clear_error(
    raw: dict[str, Any], tmp_path: Path, section: str, index: int, change: dict[str, Any], drop: str | None,
    pattern: str,
) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(_damaged(raw, section, index, change, drop)), encoding="utf-8")
    with pytest.raises(DeckError, match=r"^broken\.yaml: " + pattern) as info:
        load_deck(path)
    assert isinstance(info.value, ImportExportError) and isinstance(info.value, ValueError)


def test_broken_files_raise_a_clear_error(raw: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("ships: [\n", encoding="utf-8")
    with pytest.raises(DeckError, match=r"^bad\.yaml: not valid YAML"):
        load_deck(path)
    with pytest.raises(DeckError, match=r"cannot be read"):
        load_deck(tmp_path / "absent.yaml")
    data = copy.deepcopy(raw)
    del data["taxes"]
    with pytest.raises(DeckError, match=re.escape("deck: section 'taxes' is missing")):
        deck_from_data(data)
    with pytest.raises(DeckError, match=re.escape("deck: unknown section 'coins'")):
        deck_from_data({**raw, "coins": []})
