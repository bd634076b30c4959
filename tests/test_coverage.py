"""Every card's ability is implemented and shown by a test; docs/abilities.md says so."""

from __future__ import annotations

from importexport import CARDS
from importexport.importexport.abilities import REGISTRY
from importexport.importexport.coverage import DOCS_FILE, TESTS, abilities_markdown, card_marks, uncovered


def test_every_card_has_an_ability() -> None:
    missing = [c.name for c in CARDS.cards if c.name not in REGISTRY]
    assert not missing, f"cards without an implemented ability: {missing}"


def test_every_card_has_a_test_showing_its_ability() -> None:
    assert not uncovered(), f"cards no test shows: {uncovered()}"


def test_marks_name_real_cards() -> None:
    names = {c.name.upper() for c in CARDS.cards}
    assert set(card_marks()) <= names, sorted(set(card_marks()) - names)


def test_abilities_page_is_up_to_date() -> None:
    assert DOCS_FILE.read_text(encoding="utf-8") == abilities_markdown(), "run `python -m importexport.importexport.coverage`"


def test_every_ability_was_reread_against_its_card_text() -> None:
    from importexport.importexport.coverage import reread_note

    missing = [c.name for c in CARDS.cards if not reread_note(c.name)]
    assert not missing, f"abilities not yet re-read against the rulebook's text: {missing}"


def test_every_card_of_a_reread_class_has_a_ruling_and_a_test() -> None:
    """docs/abilities.md's classes (the sailing ship, copies, notes per holder) name real cards, each
    with its ruling and at least one test."""
    from importexport.importexport.coverage import SECTIONS, section_tests

    marks = card_marks()
    for section in SECTIONS:
        assert (TESTS / section.tests).exists(), section.tests
        for name, ruling, _ in section.rows:
            assert name in REGISTRY and ruling, (section.title, name)
            assert section_tests(section, name, marks), f"{section.title}: no test shows {name}"


def test_every_test_named_in_a_class_section_is_marked_with_its_card() -> None:
    from importexport.importexport.coverage import section_problems

    assert section_problems() == []
