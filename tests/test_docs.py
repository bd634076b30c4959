"""The generated card page matches the card list, and the base deck has the promised shape."""

from __future__ import annotations

import re
from collections import Counter

from importexport.docs import DOCS_FILE, cards_markdown, main
from importexport.importexport.cards import CARDS
from importexport.importexport.scenario import load_scenario

BASE = [c for c in CARDS.cards if c.set == "base"]
TYPES = ("green", "yellow", "black", "blue", "red")
ACTIONS = ("supply", "import", "contract", "load", "pirate")


def test_cards_md_is_up_to_date() -> None:
    assert DOCS_FILE.exists(), "docs/cards.md is missing: run `python -m importexport.docs`"
    assert DOCS_FILE.read_text(encoding="utf-8") == cards_markdown(), (
        "docs/cards.md is out of date: run `python -m importexport.docs`"
    )


def test_check_flag_reports_stale_file(tmp_path) -> None:
    target = tmp_path / "cards.md"
    assert main(["--check", "--output", str(target)]) == 1
    assert main(["--output", str(target)]) == 0
    assert main(["--check", "--output", str(target)]) == 0
    target.write_text("stale\n", encoding="utf-8")
    assert main(["--check", "--output", str(target)]) == 1


def test_every_card_name_appears() -> None:
    text = cards_markdown()
    missing = [c.name for c in CARDS.cards if f"**{c.name}**" not in text]
    assert not missing, f"cards missing from the card page: {missing}"


def test_base_deck_shape() -> None:
    assert len(BASE) == 100
    per_type = Counter(c.goods for c in BASE)
    assert per_type == {t: 20 for t in TYPES}
    per_action = Counter((c.goods, c.action) for c in BASE)
    assert per_action == {(t, a): 4 for t in TYPES for a in ACTIONS}
    for c in BASE:
        level = sum(c.level.values())
        assert 0 <= level <= 3, f"{c.name}: level {level} outside 0-3"
        assert set(c.level) <= {c.goods}, f"{c.name}: level requirement in another colour"
        size = len(c.slots())
        assert 2 <= size <= 4, f"{c.name}: cargo of {size} containers outside 2-4"


def test_base_pairs_each_action_with_each_level_once() -> None:
    for t in TYPES:
        pairs = Counter((c.action, sum(c.level.values())) for c in BASE if c.goods == t)
        assert pairs == {(a, lv): 1 for a in ACTIONS for lv in range(4)}, t


def test_scenario_examples_in_the_docs_load() -> None:
    """The two complete examples in docs/scenarios.md build the positions they describe."""
    text = (DOCS_FILE.parent / "scenarios.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    assert len(blocks) == 2
    imports = load_scenario(blocks[0])
    assert imports.deciders() == [0]
    assert sorted(a.target for a in imports.legal_actions() if a.kind == "ship") == [1, 3]
    load = load_scenario(blocks[1])
    rice = CARDS.by_name("RICE").id
    assert [str(a) for a in load.legal_actions() if a.kind == "load"] == [f"p0 load c={rice} t=0"]
    load.apply(f"p0 load c={rice} t=0")
    assert load.state.players[0].credits == 12 + 10
    assert load.state.island == [CARDS.by_name("CUPS").id, CARDS.by_name("ONIONS").id]
    assert load.state.active == 1
