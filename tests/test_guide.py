"""Guided lessons and steppable examples: the chapter format, the session's stepping back, and the
guided table as a reader meets it (points at the move, waits, explains a move off the guide)."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from importexport import CARDS
from importexport.importexport.actions import Action
from importexport.tutor.chapter import Position, chapters
from importexport.tutor.check import guide_problems, unreachable
from importexport.widgets import guide
from importexport.widgets.chapter import ChapterView, chapter
from importexport.widgets.guide import OFF_LINES, GuidedTable
from importexport.widgets.lang import LANG

SCENARIO = {"players": 2, "seed": 1}


def plain(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", html)).strip()


@pytest.fixture()
def ch6() -> GuidedTable:
    table = chapter(6, lang="en").table("three-rounds")
    assert isinstance(table, GuidedTable)
    return table


def follow(t: GuidedTable) -> None:
    """Do the current step as a reader would: click what the board points at (and the outlined
    option if the card or ship has several uses), or press the outlined button, or Next."""
    move = t.point
    if move is None:
        t.next()
        return
    pointed = t.table.picture["point"]
    if pointed["cards"]:
        t.click("card", pointed["cards"][0])
    elif pointed["ships"]:
        t.click("ship", pointed["ships"][0])
    else:
        assert any("iex-point" in b._dom_classes for row in t.options.children for b in getattr(row, "children", ())
                   ) or move.kind == "bid", "a panel move is outlined in the panel"
        t.act(move)
        return
    if t.selected:  # several uses: the pointed one is outlined among the offered buttons
        outlined = [b for row in t.options.children for b in row.children if "iex-point" in b._dom_classes]
        assert len(outlined) == 1
        outlined[0].click()


# --- the format -------------------------------------------------------------------------------


def test_a_step_is_either_the_readers_move_or_moves_shown() -> None:
    with pytest.raises(ValidationError, match="either 'do'"):
        Position.model_validate({"scenario": SCENARIO, "humans": [0], "guide": [{"say": {"en": "a", "de": "b"}}]})
    both = {"say": {"en": "a", "de": "b"}, "do": {"p": 0, "kind": "draw"}, "show": [{"p": 1, "kind": "draw"}]}
    with pytest.raises(ValidationError, match="either 'do'"):
        Position.model_validate({"scenario": SCENARIO, "humans": [0], "guide": [both]})


def test_a_guide_names_its_reader_and_is_not_also_a_script() -> None:
    step = {"say": {"en": "a", "de": "b"}, "do": {"p": 1, "kind": "draw"}}
    with pytest.raises(ValidationError, match="not in 'humans'"):
        Position.model_validate({"scenario": SCENARIO, "humans": [0], "guide": [step]})
    with pytest.raises(ValidationError, match="names the reader"):
        Position.model_validate({"scenario": SCENARIO, "guide": [step]})
    with pytest.raises(ValidationError, match="not both"):
        Position.model_validate({"scenario": SCENARIO, "humans": [1], "guide": [step], "script": [{"p": 1, "kind": "draw"}]})
    with pytest.raises(ValidationError, match="no guide"):
        Position.model_validate({"scenario": SCENARIO, "end": {"en": "a", "de": "b"}})


def test_the_checker_finds_a_seat_without_a_bot_and_a_step_nobody_can_click() -> None:
    ch = chapter(6).chapter
    pos = ch.positions["three-rounds"]
    lonely = pos.model_copy(update={"bots": {1: "heuristic"}})
    assert any("seat 2 is neither" in p for p in guide_problems(ch.game("three-rounds"), lonely, "here"))
    g = ch.game("three-rounds")
    assert unreachable(g, Action(1, "play", (g.state.players[1].hand[0],))) == "it is not seat 1's decision here"
    assert unreachable(g, pos.guide[0].do.action()) is None


def test_only_a_game_whose_table_points_at_moves_is_checked_against_its_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker tells the games apart by their tutor adapter (``points_on_table``), not their module, and
    reads the picture from the game's table kit."""
    import importexport.importexport.table_kit as ie_picture
    from importexport.portroyal import Game as PortRoyal

    nothing = {"point": {"cards": [0], "ships": []}, "clickable": {"cards": [], "ships": []}}
    monkeypatch.setattr(ie_picture, "picture", lambda *args: nothing)
    g = chapter(6).chapter.game("three-rounds")
    a = g.legal_actions(g.deciders()[0])[0]
    assert unreachable(g, a) == f"the card pointed at ({g.describe(a)}) cannot be clicked"
    pr = PortRoyal(players=2, seed=1)
    assert unreachable(pr, pr.legal_actions(pr.deciders()[0])[0]) is None


def test_every_guide_and_example_in_the_chapters_is_played_through_by_the_checker() -> None:
    guided = [(c.number, name) for c in chapters() for name, p in c.positions.items() if p.guide]
    assert (6, "three-rounds") in guided


# --- stepping back ------------------------------------------------------------------------------


def test_step_back_takes_back_any_move_but_never_the_position_itself() -> None:
    view = ChapterView(chapter(6).chapter)
    s = view.session("three-rounds")
    start = s.game.copy()
    assert not s.can_step_back()
    with pytest.raises(ValueError, match="starting position"):
        s.step_back()
    for _ in range(7):
        s.step()
    assert s.script_pos == 7 and s.on_script()
    s.step_back()
    assert s.script_pos == 6 and len(s.game.history) == 6 and len(s.marks) == 6
    s.rewind(0)
    assert s.game.state.to_dict() == start.state.to_dict() and not s.marks


def test_bots_wait_while_the_script_leads_and_answer_once_the_table_has_left_it(ch6: GuidedTable) -> None:
    s = ch6.session
    follow(ch6)  # lead APPLES: now the reader declares
    assert s.waiting_humans() == [0]
    ch6.act(Action(0, "declare", count=2))
    assert s.waiting_bots() == [1] and s.script_leads()  # Player 2's move is the guide's to show
    assert s.run_bots() == 0
    ch6.return_to_guide()


# --- the guided table ---------------------------------------------------------------------------


def test_the_table_points_at_the_move_and_the_step_explains_it(ch6: GuidedTable) -> None:
    assert "Step 1 of 16" in plain(ch6.guide_text.value)
    apples = ch6.point
    assert apples is not None and ch6.table.picture["point"] == {"cards": [apples.cards[0]], "ships": []}
    assert ch6.step_button.layout.display == "none"  # the guide's own Next / Show me instead
    follow(ch6)
    text = plain(ch6.guide_text.value)
    assert "Step 2 of 16" in text and "✓ You led Import" in text and "Declare 2" in text
    assert ch6.table.picture["point"] == {"cards": [], "ships": []}  # a declaration is made in the panel
    outlined = [b.description for row in ch6.options.children for b in row.children if "iex-point" in b._dom_classes]
    assert outlined == [ch6.session.game.describe(Action(0, "declare", count=2), "en")]
    assert ch6.do_button in ch6.guide_bar.children  # and offered in the box, right under the instruction
    assert ch6.do_button.description == outlined[0] and "iex-point" in ch6.do_button._dom_classes
    ch6.do_button.click()
    assert ch6.session.script_pos == 2 and ch6.do_button not in ch6.guide_bar.children


def test_a_move_off_the_guide_is_played_explained_and_can_be_taken_back(ch6: GuidedTable) -> None:
    follow(ch6)
    at_step_two = ch6.session.game.state.to_dict()
    assert ch6.act(Action(0, "declare", count=1)) is False  # answered in the box first, not played
    said = plain(ch6.message.value)
    assert "You chose Declare 1" in said and "not this step's move" in said and "asks for Declare 2" in said
    assert ch6.session.game.state.to_dict() == at_step_two and ch6.message in ch6.guide_box.children
    assert ch6.anyway_button in ch6.guide_bar.children
    ch6.anyway_button.click()  # played anyway: the referee allows it
    text = plain(ch6.guide_text.value)
    assert "You played something else" in text and "Declare 1" in text and "Declare 2" in text
    assert "Player 2 follows with BUBBLEGUM" in text  # the bots answered: what happened is told
    assert [b.description for b in ch6.guide_bar.children] == ["◀ Back to step 2", "Play on"]
    assert ch6.point is None and ch6.table.picture["point"] == {"cards": [], "ships": []}
    ch6.play_on()
    assert "playing on your own" in plain(ch6.guide_text.value)
    ch6.return_to_guide()
    assert ch6.session.game.state.to_dict() == at_step_two and ch6.session.on_script()
    assert "Step 2 of 16" in plain(ch6.guide_text.value)


def test_an_illegal_move_is_refused_with_the_rule_and_the_guide_stays_where_it_is(ch6: GuidedTable) -> None:
    follow(ch6)
    before, box = ch6.session.game.state.to_dict(), ch6.guide_text.value
    assert ch6.act(Action(0, "declare", count=9)) is False
    assert ch6.session.game.state.to_dict() == before and ch6.guide_text.value == box
    assert "may declare" in plain(ch6.message.value)


def test_a_wrong_click_is_answered_in_the_box_with_the_referees_reason_and_the_step(ch6: GuidedTable) -> None:
    g = ch6.session.game
    apples = ch6.point
    assert apples is not None
    other = next(c for c in g.state.players[0].hand if c != apples.cards[0])  # legal, not the step's card
    ch6.click("card", other)
    said = plain(ch6.message.value)
    assert CARDS[other].name in said and ("not this step's move" in said or "not the one this step asks for" in said)
    assert ch6.anyway_button in ch6.guide_bar.children or not ch6.kit.click_choices(g, 0, "card", other)
    assert f"asks for {g.describe(apples, 'en')}" in said and not g.history
    stranger = next(c for c in g.state.players[1].hand)  # not the reader's card: the referee's own reason
    ch6.click("card", stranger)
    said = plain(ch6.message.value)
    reason = ch6.kit.click_refusal(g, 0, "card", stranger, "en")
    assert reason and plain(reason) in said and "does not allow" in said and not g.history
    assert ch6.message in ch6.guide_box.children  # the answer stands in the box, above the board
    follow(ch6)
    follow(ch6)  # now Player 2 follows: a step to press Next in
    assert ch6.steps[ch6.step_index()].do is None
    ch6.click("card", other)
    assert "press Next" in plain(ch6.message.value)


def test_a_card_with_several_uses_offers_them_in_the_box() -> None:
    ch1 = chapter(1, lang="en").table("first-turn")  # its first step: a card with three uses
    assert isinstance(ch1, GuidedTable)
    move = ch1.point
    assert move is not None
    ways = ch1.kit.click_choices(ch1.session.game, 0, "card", move.cards[0])
    assert len(ways) > 1, "chapter 1's first step no longer asks for a card with several uses"
    ch1.click("card", move.cards[0])
    assert "can be used in several ways" in plain(ch1.message.value)
    offered = [b for row in ch1.guide_choices.children for b in row.children]
    assert [b.description.strip() for b in offered] == [
        f"{ch1.session.game.describe(a, 'en')} {ch1.kit.note(ch1.session.game, a, 'en')[0]}".strip() for a in ways]
    [outlined] = [b for b in offered if "iex-point" in b._dom_classes]
    outlined.click()
    assert ch1.session.game.history[-1] == move and not ch1.guide_choices.children


def test_a_chapters_tables_are_focused_and_only_the_first_lands(ch6: GuidedTable) -> None:
    assert ch6.table.picture["focus"] == {"land": True, "seq": 0} and "iex-focus" in ch6._dom_classes
    ch6.next_button.click()
    assert ch6.table.picture["focus"]["seq"] == 1  # every click of the reader's: the page brings the table into view
    example = chapter(8, lang="en").table("payout-example")
    assert example.table.picture["focus"]["land"] is False  # (chapter 8's first table is its guided one)
    assert example.example_box is not None and example.example_box in example.children
    bar = example.example_box.children[-1]
    assert example.step_button in bar.children and example.back_button in bar.children
    assert "Next in the example" in plain(example.example_text.value) and not plain(example.prompt.value).count("Next in")
    example.step_button.click()
    assert len(example.session.game.history) == 1 and example.message in example.example_box.children


def test_the_off_guide_box_stays_small(ch6: GuidedTable, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guide, "OFF_LINES", 1)  # (chapter 6's deviations tell 4 lines: at most 1 shown here)
    g = ch6.session.game
    asked = ch6.point
    ch6.act(next(a for a in g.legal_actions(0) if a.kind == asked.kind and a != asked))
    ch6.anyway()
    box = ch6.guide_text.value
    assert box.count("<li>") == 1 and re.search(r"and \d+ more lines in the log below", plain(box))
    assert OFF_LINES <= 5  # (the box stays small: it must not cover the board it explains)


def test_next_back_and_the_end(ch6: GuidedTable) -> None:
    follow(ch6)
    follow(ch6)
    assert ch6.guide_bar.children[-1] is ch6.next_button
    follow(ch6)  # Next: Player 2 follows
    assert ch6.session.script_pos == 3 and "Step 4 of 16" in plain(ch6.guide_text.value)
    ch6.back()
    assert ch6.session.script_pos == 2
    for _ in range(40):
        if ch6.step_index() == len(ch6.steps):
            break
        follow(ch6)
    text = plain(ch6.guide_text.value)
    assert "Guide done" in text and "whole Import turn" in text
    assert ch6.on_button in ch6.guide_bar.children  # the game goes on from here
    ch6.play_on()
    assert ch6.session.waiting_humans() == [0] or ch6.session.game.is_over()
    assert "guide is done" in plain(ch6.guide_text.value)
    ch6.again()
    assert "Step 1 of 16" in plain(ch6.guide_text.value) and not ch6.session.game.history


def test_the_guide_follows_the_language(ch6: GuidedTable) -> None:
    try:
        LANG.lang = "de"
        assert "Schritt 1 von 16" in plain(ch6.guide_text.value)
        assert ch6.show_button.description == "Zeig es mir"
    finally:
        LANG.lang = "en"
    assert "Step 1 of 16" in plain(ch6.guide_text.value)


@pytest.mark.parametrize("number,name", [(c.number, n) for c in chapters() for n, p in c.positions.items() if p.guide])
def test_every_guide_can_be_followed_to_its_end_by_clicking_what_it_points_at(number: int, name: str) -> None:
    t = chapter(number, lang="en").table(name)
    assert isinstance(t, GuidedTable)
    for _ in range(t.total + 1):
        if t.step_index() == len(t.steps):
            break
        before = t.session.script_pos
        follow(t)
        assert t.session.on_script() and t.session.script_pos > before, plain(t.message.value)
    assert t.step_index() == len(t.steps) and "✓" in t.guide_text.value or t.end is not None


@pytest.mark.parametrize("number,name", [(c.number, n) for c in chapters() for n, p in c.positions.items()
                                          if p.script and any(b == {"table": n} for b in c.blocks)])
def test_every_example_steps_forward_to_its_end_and_back_to_its_start(number: int, name: str) -> None:
    t = chapter(number, lang="en").table(name)
    assert t.back_button.layout.display != "none" and t.back_button.disabled
    start = t.session.game.state.to_dict()
    n = len(t.session.script)
    for _ in range(n):
        t.step()
    assert t.session.script_pos == n and t.session.on_script()
    for _ in range(n):
        assert not t.back_button.disabled
        t.step_back()
    assert t.back_button.disabled and t.session.game.state.to_dict() == start


TABLE_BLOCKS = ("table", "game", "lab", "setup")
FIRST_SCREEN_CHARS = 700  # about five lines of prose at the chapters' width


@pytest.mark.parametrize("number", [c.number for c in chapters()])
def test_every_chapters_first_table_is_on_its_first_screen(number: int) -> None:
    """At most one short text comes before the chapter's first live table (a guide where there is one)."""
    ch = next(c for c in chapters() if c.number == number)
    kinds = ch.block_list()
    first = next(i for i, (kind, _v) in enumerate(kinds) if kind in TABLE_BLOCKS)
    before = kinds[:first]
    assert len(before) <= 1 and all(kind == "text" for kind, _v in before), before
    for _kind, key in before:
        for lang in ("en", "de"):
            assert len(ch.sections[key].text(lang)) <= FIRST_SCREEN_CHARS, (key, lang)
