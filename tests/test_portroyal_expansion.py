"""The contracts expansion's data: printed figures, every condition kind of the text, damaged files."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from importexport.errors import ImportExportError
from importexport.portroyal.expansion import (
    DATA_FILE,
    ExpansionError,
    expansion_from_data,
    load_expansion,
    time_pile_size,
)

EXP = load_expansion()
RAW: dict[str, Any] = yaml.safe_load(DATA_FILE.read_text(encoding="utf-8"))


def test_printed_rule_figures() -> None:
    # Written down from the expansion text independently of the data file.
    r = EXP.rules
    assert r.cubes_per_player == 3
    assert r.boxes_per_contract == 5
    assert (r.regular_contracts, r.special_contracts) == (16, 2)
    assert r.seal_groups == 6
    assert r.competitive.contracts == {2: 4, 3: 4, 4: 4, 5: 5}
    assert r.competitive.points_by_contract == (0, 1, 2)
    assert r.competitive.goal_points == 12
    assert r.competitive.seals_matter is False
    assert r.cooperative.contracts == {2: 4, 3: 5, 4: 6, 5: 7}
    assert r.solo.contracts == {1: 3}
    assert (r.cooperative.coins_shared, r.solo.coins_shared) == (True, False)
    assert (r.clerk_extra_cards, r.gunner_coins_per_repel, r.vice_admiral_coins) == (1, 1, 1)
    assert r.vice_admiral_cards == (3, 4)
    assert (r.a_ship_coins_to_others, r.a_ship_coins_to_others_solo) == (1, 0)


def test_every_condition_the_text_names_is_on_a_contract() -> None:
    conditions = [c.condition.model_dump(mode="json") for c in EXP.contracts]
    wanted: list[dict[str, Any]] = [
        {"kind": "tax_paid"},
        {"kind": "bust"},
        {"kind": "stop_with_cards", "cards": 4},
        {"kind": "stop_with_cards", "cards": 5},
        {"kind": "swords", "swords": 4},
        {"kind": "swords", "swords": 6},
        {"kind": "expedition", "count": 1},
        {"kind": "persons_without_points", "count": 3},
        {"kind": "pay_coins", "coins": 8},
        {"kind": "team_persons", "persons": [
            {"kind": k, "colour": None} for k in ("governor", "admiral", "jester", "mademoiselle")
        ]},
    ]
    for condition in wanted:
        assert condition in conditions, condition
    kinds = {c["kind"] for c in conditions}
    assert {"persons", "repel_ship"} <= kinds


def test_special_contracts_are_the_team_ones_and_stay_out_of_competitive_play() -> None:
    special = {c.condition.kind for c in EXP.contracts if c.special}
    assert special == {"team_persons", "pay_coins"}
    assert all(not c.special for c in EXP.pool("competitive"))
    assert len(EXP.pool("cooperative")) == 18


@pytest.mark.parametrize(("mode", "players", "groups", "pile"), [
    ("solo", 1, (1, 2, 3), 6),
    ("cooperative", 2, (1, 2, 3, 4), 10),
    ("cooperative", 3, (1, 2, 3, 4, 5), 15),
    ("cooperative", 4, (1, 2, 3, 4, 5, 6), 21),
])
def test_seal_groups_and_time_pile(mode: str, players: int, groups: tuple[int, ...], pile: int) -> None:
    assert EXP.seal_groups_for(mode, players) == groups  # type: ignore[arg-type]
    chosen = [next(c for c in EXP.pool(mode) if c.seal.group == g) for g in groups]  # type: ignore[arg-type]
    assert time_pile_size(chosen) == pile


def test_five_players_take_one_contract_from_any_group() -> None:
    assert EXP.seal_groups_for("cooperative", 5) == (1, 2, 3, 4, 5, 6, 0)


def test_new_persons_stay_in_the_base_range_and_clerks_cover_every_colour() -> None:
    assert {p.kind for p in EXP.persons} == {"clerk", "gunner", "vice_admiral"}
    assert all(3 <= p.cost <= 9 and 0 <= p.points <= 3 for p in EXP.persons)
    assert sorted(p.colour or "" for p in EXP.persons if p.kind == "clerk") == [
        "black", "blue", "green", "red", "yellow"]
    assert {s.colour for s in EXP.a_ships} == {"yellow", "blue", "green", "red", "black"}


def test_rank_table_runs_from_landlubber_to_ruler() -> None:
    assert EXP.ranks[0].name.de == "Landratte"
    assert EXP.ranks[-1].name.de == "Herrscher über alle Meere"
    assert EXP.rank(2, 0, 4).id == "landlubber"
    assert EXP.rank(2, 12, 6).id == "ruler_of_the_seas"
    assert EXP.rank(2, 12, 4).id == "captain"  # the cubes hold the team below Commodore


@pytest.mark.parametrize("row", RAW["contracts"], ids=[c["id"] for c in RAW["contracts"]])
def test_every_contract_pays_strictly_more_further_left(row: dict[str, Any]) -> None:
    """The text: the sooner (the further left the cube), the more coins. Read from the data file
    itself, so the test holds whatever the loader lets through; equal neighbours fail."""
    boxes = row["boxes"]
    assert len(boxes) == 5 and boxes[-1] >= 0
    assert all(left > right for left, right in zip(boxes, boxes[1:])), f"{row['id']}: {boxes}"


@pytest.mark.parametrize("boxes", [[4, 3, 2, 1, 1], [3, 2, 2, 1, 0], [4, 4, 3, 2, 1]])
def test_equal_neighbouring_boxes_are_refused(boxes: list[int]) -> None:
    with pytest.raises(ExpansionError, match="more coins than the box to its right") as info:
        expansion_from_data(_damaged(("contracts", 0, "boxes"), boxes), "expansion.yaml")
    assert (info.value.entry, info.value.field) == ("contract 'four_in_harbour'", "boxes")


def _damaged(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(RAW)
    node: Any = data
    for key in path[:-1]:
        node = node[key]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


_DELETE = object()


@pytest.mark.parametrize(("path", "value", "entry", "field"), [
    (("contracts", 12, "condition", "swords"), "many", "contract 'six_swords'", "condition.swords"),
    (("contracts", 0, "condition", "kind"), "juggle", "contract 'four_in_harbour'", "condition"),
    (("contracts", 0, "boxes"), [3, 2, 1, 1], "contract 'four_in_harbour'", "boxes"),
    (("contracts", 0, "boxes"), [1, 2, 1, 1, 0], "contract 'four_in_harbour'", "boxes"),
    (("contracts", 1, "seal"), {"group": 1, "letter": "A"}, "contract 'harbour_watch'", "seal"),
    (("contracts", 16, "seal", "group"), 7, "contract 'galleon_hunt'", "seal.group"),
    (("contracts", 1, "condition", "persons", 0, "colour"), _DELETE, "contract 'harbour_watch'",
     "condition.persons.0.colour"),
    (("contracts", 17, "special"), False, "contract 'bought_favour'", "condition"),
    (("persons", 0, "cost"), 12, "person 'clerk yellow' (row 1)", "cost"),
    (("persons", 5, "effect"), "extra_card", "person 'gunner' (row 6)", "effect"),
    (("rules", "competitive", "contracts"), {2: 4, 3: 4, 4: 4}, "rules", "competitive.contracts"),
    (("ranks", 3, "cubes_per_player"), 1, "rank 'captain'", "points_per_player"),
    (("a_ships", 0, "shine"), 1, "a_ship 'yellow' (row 1)", "shine"),
])
def test_damaged_data_names_file_entry_and_field(path: tuple[Any, ...], value: Any, entry: str, field: str) -> None:
    with pytest.raises(ExpansionError) as info:
        expansion_from_data(_damaged(path, value), "expansion.yaml")
    assert (info.value.file, info.value.entry, info.value.field) == ("expansion.yaml", entry, field)
    assert isinstance(info.value, ImportExportError)
    assert str(info.value).startswith(f"expansion.yaml: {entry}: field {field!r}")


def test_missing_seal_group_and_contract_counts_are_refused() -> None:
    data = copy.deepcopy(RAW)
    data["contracts"] = [c for c in data["contracts"] if c["seal"]["group"] != 2]
    with pytest.raises(ExpansionError, match="16 regular contracts expected, 13 found"):
        expansion_from_data(data, "expansion.yaml")
    data["rules"]["regular_contracts"] = 13
    with pytest.raises(ExpansionError, match="group 2"):
        expansion_from_data(data, "expansion.yaml")


def test_broken_files(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("rules: [unclosed\n", encoding="utf-8")
    with pytest.raises(ExpansionError, match="broken.yaml.*not valid YAML"):
        load_expansion(bad)
    bad.write_text("- just a list\n", encoding="utf-8")
    with pytest.raises(ExpansionError, match="expected a mapping"):
        load_expansion(bad)
    with pytest.raises(ExpansionError, match="cannot be read"):
        load_expansion(tmp_path / "missing.yaml")
