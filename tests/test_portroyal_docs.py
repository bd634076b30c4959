"""The Port Royal pages cannot rot: every YAML block of docs/portroyal-scenarios.md loads, the
``pycon`` examples of the pages play out as printed, every example of the error table gives its row's message,
the figures page's tables match the data, and the pages' relative links lead somewhere."""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from typing import Any

import pytest

from importexport.errors import ScenarioError
from importexport.portroyal.game import Game
from importexport.portroyal.rules import EXP
from importexport.portroyal.scenario import load_scenario

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = ("portroyal.md", "portroyal-figures.md", "portroyal-scenarios.md")
SCENARIOS = (DOCS / "portroyal-scenarios.md").read_text(encoding="utf-8")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def blocks(text: str) -> list[tuple[str, str]]:
    """The fenced blocks of a page: (language, body), in page order."""
    return [(m.group(1), m.group(2)) for m in FENCE.finditer(text)]


YAML_BLOCKS = [body for lang, body in blocks(SCENARIOS) if lang == "yaml"]


def test_the_scenarios_page_has_examples() -> None:
    assert len(YAML_BLOCKS) >= 3
    assert sum(lang == "pycon" for lang, _ in blocks(SCENARIOS)) >= 2


@pytest.mark.parametrize("index", range(len(YAML_BLOCKS)))
def test_every_yaml_block_loads(index: int) -> None:
    text = YAML_BLOCKS[index]
    for lang in ("en", "de"):
        g = load_scenario(text, lang=lang)
        assert isinstance(g, Game) and g.lang == lang
        assert g.deciders(), "an example position should wait for a decision"
        assert sorted(g.state.all_cards()) == list(range(len(g.state.all_cards())))


def run_examples(page: str, needs_text: bool) -> None:
    """Run the page's pycon blocks as doctests, in order, sharing names; each sees the YAML block
    above it as ``text``."""
    globs: dict[str, Any] = {}
    parser = doctest.DocTestParser()
    text = None
    ran = 0
    for lang, body in blocks((DOCS / page).read_text(encoding="utf-8")):
        if lang == "yaml":
            text = body
            continue
        if lang != "pycon":
            continue
        if needs_text:
            assert text is not None, f"{page}: a pycon block before any yaml block"
            globs["text"] = text
        test = parser.get_doctest(body, globs, f"{page} example {ran + 1}", page, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        out: list[str] = []
        runner.run(test, out=out.append, clear_globs=False)
        assert runner.failures == 0, "".join(out)
        globs.update(test.globs)  # the next block goes on with these names (DocTest copies them)
        ran += 1
    assert ran, f"{page} has no pycon example"


def test_the_scenario_examples_play_as_shown() -> None:
    run_examples("portroyal-scenarios.md", needs_text=True)


def test_the_python_example_plays_as_shown() -> None:
    run_examples("portroyal.md", needs_text=False)


ROW_EXAMPLES: dict[str, list[str]] = {
    "no `players`": ["mode: base\n", "seed: 3\n"],
    "`players: two`": ["players: two\n"],
    "`mode: solo` with `players: 2`": ["players: 2\nmode: solo\n"],
    "`active: 3` with two players": ["players: 2\nactive: 3\n"],
    "`harbour: [ship:purple:1:1]`": ["players: 2\nharbour: [ship:purple:1:1]\n"],
    "`harbour: [200]`": ["players: 2\nharbour: [200]\n"],
    "five `governor`s": ["players: 2\nseats: [{persons: [governor, governor, governor, governor, governor]}]\n"],
    "the same id twice": ["players: 2\nharbour: [60, 60]\n"],
    "`harbour: [tax:most_swords]`": ["players: 2\nharbour: [tax:most_swords]\n"],
    "two yellow ships in `harbour`": ["players: 2\nharbour: [ship:yellow:1:1, ship:yellow:1:2]\n"],
    "`contracts` missing in `competitive`": ["players: 2\nmode: competitive\n"],
    "`bought_favour` in `competitive`": ["players: 2\nmode: competitive\ncontracts: [bought_favour]\n"],
    "`boxes: {colonists: [0]}` without that contract": [
        "players: 2\nmode: competitive\ncontracts: [explorer]\nboxes: {colonists: [0]}\n"],
    "a seat's fourth cube": [
        "players: 2\nmode: competitive\ncontracts: [explorer, four_swords, colonists, six_swords]\n"
        "boxes: {explorer: [0], four_swords: [0], colonists: [0], six_swords: [0]}\n"],
    "`time_pile` in `base` or `competitive`": [
        "players: 2\ntime_pile: [sailor]\n",
        "players: 2\nmode: competitive\ncontracts: [explorer]\ntime_pile: [sailor]\n"],
    "`time_pile_size` in `base` or `competitive`": [
        "players: 2\ntime_pile_size: 3\n",
        "players: 2\nmode: competitive\ncontracts: [explorer]\ntime_pile_size: 3\n"],
    "`phase: repel` with too few swords": ["players: 2\nphase: repel\njust_turned: ship:black:2:1\n"],
    "`taker` or `left` outside phase `take`": [
        "players: 2\ntaker: 1\n",
        "players: 2\nleft: 1\n",
        "players: 2\nphase: repel\njust_turned: ship:yellow:1:1\nseats: [{persons: [sailor]}]\ntaker: 1\n",
        "players: 2\nphase: repel\njust_turned: ship:yellow:1:1\nseats: [{persons: [sailor]}]\nleft: 1\n"],
    "text that is not a mapping": ["- a\n- b\n", "just words\n"],
    "broken YAML": [": bad yaml [\n"],
}
"""Each row of the Errors table of docs/portroyal-scenarios.md (by its first cell), with scenarios
that fit its description: every one must give the row's message."""


def row_message(cell: str) -> re.Pattern[str]:
    """The message a row promises, as a pattern: the backticked text, ``...`` standing for anything."""
    quoted = re.fullmatch(r"`([^`]*)`.*", cell)
    assert quoted, f"the message cell {cell!r} does not begin with the message in backticks"
    return re.compile(".*".join(map(re.escape, quoted.group(1).split("..."))), re.S)


def table_rows(text: str, header: str) -> list[list[str]]:
    """The body rows of the Markdown table whose header line starts with ``header``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


ERROR_ROWS = table_rows(SCENARIOS, "| scenario | message |")


def test_every_error_row_has_examples() -> None:
    assert [row[0] for row in ERROR_ROWS] == list(ROW_EXAMPLES)


@pytest.mark.parametrize(("row", "spec"), [(row, spec) for row in ROW_EXAMPLES for spec in ROW_EXAMPLES[row]])
def test_each_error_row_example_gives_its_message(row: str, spec: str) -> None:
    """Every example of a row of the Errors table is refused with exactly that row's message."""
    cell = dict((r[0], r[1]) for r in ERROR_ROWS)[row]
    with pytest.raises(ScenarioError) as info:
        load_scenario(spec)
    assert row_message(cell).fullmatch(str(info.value)), (str(info.value), cell)


FIGURES = (DOCS / "portroyal-figures.md").read_text(encoding="utf-8")


def test_the_figures_contract_table_matches_the_data() -> None:
    rows = table_rows(FIGURES, "| seal | contract |")
    assert len(rows) == len(EXP.contracts)
    for row, contract in zip(rows, EXP.contracts, strict=True):
        seal, name, _condition, boxes = row
        assert seal == f"{contract.seal.group}{contract.seal.letter}", row
        special = " (special)" if contract.special else ""
        assert name == contract.name.en + special, row
        assert boxes == " ".join(map(str, contract.boxes)), row


def test_the_figures_box_table_matches_the_data() -> None:
    rows = table_rows(FIGURES, "| seal group | boxes")
    by_group: dict[int, str] = {}
    for row in rows:
        for group in row[0].split(" and "):
            by_group[int(group)] = row[1]
    assert by_group == {c.seal.group: " ".join(map(str, c.boxes)) for c in EXP.contracts}


def test_the_figures_rank_table_matches_the_data() -> None:
    rows = table_rows(FIGURES, "| rank | points per player |")
    assert [(r[0], int(r[1]), int(r[2])) for r in rows] == [
        (f"{rank.name.en} ({rank.name.de})", rank.points_per_player, rank.cubes_per_player) for rank in EXP.ranks
    ]


def test_stopping_contracts_ask_for_at_least_so_many_cards() -> None:
    """Ruling E6: the pages say "at least" where the engine counts that many cards or more."""
    assert "exactly 4 (or 5)" not in FIGURES
    for cards in (4, 5):
        word = {4: "four", 5: "five"}[cards]
        assert f"with {word} or more cards on display" in FIGURES


def anchor(title: str) -> str:
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("page", PAGES)
def test_relative_links_lead_somewhere(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)\s]+)\)", text)
    assert links
    for link in links:
        if "://" in link:
            continue
        target, _, fragment = link.partition("#")
        path = DOCS / target if target else DOCS / page
        assert path.exists(), f"{page}: {link} points to a missing file"
        if fragment:
            headings = re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.M)
            assert fragment in {anchor(h) for h in headings}, f"{page}: no heading for #{fragment}"
