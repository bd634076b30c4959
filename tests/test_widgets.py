"""The widget kit, driven through its Python API: click buttons, set values, then check the engine's
state and what is shown."""

from __future__ import annotations

import subprocess
import sys

import pytest
from helpers import DOCS_IMPORT, cid, widget_buttons

from importexport import Game
from importexport.importexport.scenario import load_scenario
from importexport.session import Session
from importexport.tutor import chapter as load_chapter
from importexport.widgets import LANG, TableView
from importexport.widgets.cards import CardBrowser, CardLab
from importexport.widgets.chapter import chapter
from importexport.widgets.exercises import exercise_view
from importexport.widgets.game import FirstGame
from importexport.widgets.lookup import RuleLookup

LOAD = {
    "players": 2, "active": 0, "harbours": ["yellow", "red"],
    "seats": [
        {"credits": 12, "hand": ["RICE", "PENS"], "goods": ["HONEY"],
         "ships": [{"contracts": ["HAWAIIAN SALT"], "containers": ["BATTERIES", "LAPTOPS", "BEER"]},
                   {"at_sea": True, "containers": ["SOAP", "JETS"]}]},
        {"hand": ["FOXES"]},
    ],
    "island": ["CANDY"], "deck": ["ONIONS", "SUGAR"], "turn": {"led": "load", "declared": [1, -1]},
}
IMPORT = DOCS_IMPORT




def button_named(box, text: str):
    return next(b for b in widget_buttons(box) if text in b.description)


def test_clicking_a_card_plays_it_and_the_table_follows() -> None:
    view = TableView(Session(lambda: load_scenario(LOAD)))
    g = view.session.game
    view.table.click("card", cid("RICE"))
    assert cid("HAWAIIAN SALT") in g.state.players[0].fulfilled
    assert g.state.players[0].credits == 22
    pic = view.table.picture
    assert str(cid("HAWAIIAN SALT")) in pic["seats"][0]["fulfilled"] and pic["seats"][0]["credits"] == 22
    assert "credits:0" in pic["changed"] and f"card:{cid('HAWAIIAN SALT')}" in pic["changed"]
    assert "HAWAIIAN SALT" in view.log_box.value


def test_an_illegal_click_shows_its_reason_and_changes_nothing() -> None:
    view = TableView(Session(lambda: load_scenario(LOAD)))
    before = view.session.game.save()
    view.table.click("card", cid("PENS"))
    assert "Not allowed" in view.message.value and "open cargo requirement" in view.message.value
    assert view.session.game.save() == before
    LANG.lang = "de"
    view.table.click("card", cid("PENS"))
    assert "Nicht erlaubt" in view.message.value


def test_option_buttons_undo_and_restart() -> None:
    view = TableView(Session(lambda: load_scenario(LOAD)))
    g = view.session.game
    assert view.undo_button.disabled  # nothing to take back yet
    button_named(view.options, "Load RICE").click()
    assert g.state.players[0].credits == 22 and not view.undo_button.disabled
    view.undo_button.click()
    assert view.session.game.state.players[0].credits == 12
    assert view.undo_button.disabled
    button_named(view.options, "Load RICE").click()
    view.restart_button.click()
    assert view.session.game.state.players[0].credits == 12 and view.session.game.history == []


def test_language_switch_changes_every_text_of_the_table() -> None:
    view = TableView(Session(lambda: load_scenario(LOAD)), caption={"en": "A load", "de": "Ein Ladezug"})
    english = [b.description for b in widget_buttons(view)]
    assert "Player 1 decides" in view.prompt.value and "A load" in view.caption_html.value
    LANG.lang = "de"
    german = [b.description for b in widget_buttons(view)]
    assert "Spieler 1 entscheidet" in view.prompt.value and "Ein Ladezug" in view.caption_html.value
    assert view.table.picture["labels"]["island"] == "Vorratsinsel" and "Supply Island" not in str(view.table.picture)
    assert english != german
    assert view.step_button.description.startswith("Schritt") and view.undo_button.description.endswith("Zurück")


def test_sealed_bids_are_entered_hidden_and_shown_together() -> None:
    view = TableView(Session(lambda: load_scenario(IMPORT)))
    g = view.session.game
    button_named(view.options, "ship 2").click()
    assert sorted(view.bid_inputs) == [0, 1, 2]
    assert all(entry.__class__.__name__ == "Password" for entry in view.bid_inputs.values())
    view.bid_inputs[0].value = "3"
    button_named(view.options, "Seal Player 1's bid").click()
    assert "has bid (hidden)" in view.options.children[0].value
    assert "3" not in " ".join(g.narrate()[-1:])  # nothing revealed yet
    view.bid_inputs[1].value = "99"
    button_named(view.options, "Seal Player 2's bid").click()
    assert "Not allowed" in view.message.value  # more than Player 2's credits
    view.bid_inputs[1].value = "lots"
    button_named(view.options, "Seal Player 2's bid").click()
    assert "whole number" in view.message.value
    view.bid_inputs[1].value = "1"
    button_named(view.options, "Seal Player 2's bid").click()
    view.bid_inputs[2].value = "2"
    button_named(view.options, "Seal Player 3's bid").click()
    revealed = " ".join(g.narrate())
    assert "3" in revealed and g.deciders() == [0]  # Player 1 won and takes the cargo


def test_step_plays_a_script_and_bots() -> None:
    from importexport.importexport.tutor_kit import Move

    script = [Move(p=0, kind="load", cards=["RICE"], target=0).action()]
    view = TableView(Session(lambda: load_scenario(LOAD), script=script))
    assert "Next in the example" in view.prompt.value and not view.step_button.disabled
    view.step_button.click()
    assert view.session.game.state.players[0].credits == 22
    assert view.step_button.disabled


def test_errors_in_callbacks_are_shown_on_the_page() -> None:
    view = TableView(Session(lambda: load_scenario(LOAD)))

    def broken() -> None:
        raise RuntimeError("the printer is on fire")

    view._guard(lambda: broken())()
    assert "the printer is on fire" in view.message.value and "Something went wrong" in view.message.value


def test_chapter_blocks_all_build_and_switch_language() -> None:
    for number in range(1, 15):
        ch = chapter(number)
        for kind, value in ch.chapter.block_list():
            if kind == "facts":
                continue
            widget = getattr(ch, kind)(value) if value is not None else getattr(ch, kind)()
            assert widget is not None
    prose = chapter(6).text(next(iter(load_chapter(6).sections)))
    english = prose.value
    LANG.lang = "de"
    assert prose.value != english and "<h2>" in prose.value


def test_exercise_widgets_grade_through_the_engine() -> None:
    seen = set()
    for number in range(1, 15):
        ch = load_chapter(number)
        for name, ex in ch.exercises.items():
            view = exercise_view(ch, name)
            if ex.kind == "choice":
                view.pick.value = ex.answer
                view.check_button.click()
                assert view.result.right and "Right!" in view.feedback.value
            elif ex.kind == "legal":
                view.boxes[0].value = True
                view.check_button.click()
                assert view.result is not None and view.feedback.value
            elif ex.kind == "number":
                view.answer.value = view.grader.number_answer(ex)
                view.check_button.click()
                assert view.result.right
                if "number" not in seen:  # (once: a switch redraws every widget made so far in this process)
                    LANG.lang = "de"
                    assert "Richtig!" in view.feedback.value
                    LANG.lang = "en"
            else:
                good = view.grader.working_moves(ex)[0]
                view.table.act(good)
                assert view.result.right and "Right!" in view.feedback.value
                view.again.click()
                assert view.result is None and view.session.game.history == ch.game(ex.position).history
            seen.add(ex.kind)
    assert seen == {"choice", "legal", "move", "number"}


def test_move_exercise_refuses_an_illegal_move_with_its_reason() -> None:
    ch = load_chapter(8)
    name = next(n for n, e in ch.exercises.items() if e.kind == "move")
    view = exercise_view(ch, name)
    hand = view.session.game.state.players[view.ex.seat].hand
    for card in hand:
        if not view.session.card_choices(view.ex.seat, card):
            view.table.click_for(view.ex.seat, "card", card)
            assert "Not allowed" in view.table.message.value and view.result is None
            break


def test_rule_lookup_widget() -> None:
    look = RuleLookup("Gebot")
    assert "Kapitel" not in look.html and "Chapter 6" in look.html
    assert "../en/06-import-and-bidding.ipynb#cell-id=" in look.html
    LANG.lang = "de"
    assert "Kapitel 6" in look.html and "../de/06-import-and-bidding.ipynb#cell-id=" in look.html
    look.box.value = "zzzz"
    assert "Nichts gefunden" in look.html


def test_card_browser_and_lab() -> None:
    browser = CardBrowser(goods=["red"])
    reds = browser.found()
    assert reds and all(c < 180 for c in reds)
    browser.actions.value = ("pirate",)
    assert 0 < len(browser.found()) < len(reds)
    assert "of 180 cards" in browser.count.value
    lab = CardLab(cid("HAWAIIAN SALT"))
    assert "HAWAIIAN SALT" in lab.card_face.value
    lab.picker.value = cid("ROLLS ROYCE")
    assert "ROLLS ROYCE" in lab.card_face.value and lab.table.session.game.state.abilities


def test_first_game_plays_to_the_end_by_clicking() -> None:
    game = FirstGame(players=3, seed=2)
    view = game.table
    for _ in range(3000):
        if view.session.game.is_over():
            break
        choices = widget_buttons(view.options)
        if choices:
            choices[0].click()
        else:  # a sealed bid: type the lowest allowed bid
            seat = next(iter(view.bid_inputs))
            view.bid_inputs[seat].value = "0"
            button_named(view.options, "Seal").click()
    g = view.session.game
    assert g.is_over()
    assert "Final scores" in game.result.value
    for score in g.scores():
        assert f"<b>{score.total}</b> total" in game.result.value
    assert view.table.picture["status"]["over"] and view.table.picture["status"]["waiting"] == "game over"


def test_the_engine_imports_no_widgets() -> None:
    code = ("import sys, importexport, importexport.session, importexport.tutor.exercises, importexport.tutor.lookup, "
            "importexport.tutor.cardlab, importexport.importexport.hints, importexport.importexport.render; "
            "assert 'ipywidgets' not in sys.modules, 'the engine imported ipywidgets'")
    subprocess.run([sys.executable, "-c", code], check=True)


def texts(widget, out: list | None = None) -> list[str]:
    """Every piece of visible text in a widget tree (HTML split at its tags)."""
    import re

    out = [] if out is None else out
    name = widget.__class__.__name__
    if name in ("HTML", "Prose"):
        body = re.sub(r"<style.*?</style>", " ", widget.value, flags=re.S)
        out.extend(" ".join(piece.split()) for piece in re.split(r"<[^>]+>", body))
    elif name == "Board":  # the words the board draws (card names and texts are the cards' own)
        pic = widget.picture
        if pic:
            out.extend([*pic["labels"].values(), *(v for v in pic["status"].values() if isinstance(v, str)),
                        *(x["text"] for x in pic["legend"])])
            out.extend(str(seat["name"]) for seat in pic["seats"])
    elif name in ("Checkbox", "Text", "IntText", "BoundedIntText", "Dropdown"):
        out.append(f"{widget.description} {getattr(widget, 'placeholder', '')}".strip())
    elif name == "Button" and "iex-card" not in widget._dom_classes:
        out.append(widget.description)
    elif name == "RadioButtons":
        out.extend(str(label) for label in widget._options_labels)
    for child in getattr(widget, "children", ()):
        texts(child, out)
    return out


@pytest.mark.parametrize("number", range(1, 15))
def test_the_language_switch_changes_every_text_of_a_chapter(number: int) -> None:
    """No sentence shown in English is still shown after switching to German (names and numbers aside)."""
    import re

    ch = chapter(number)
    widgets = [ch.header()] + [getattr(ch, kind)(value) for kind, value in ch.chapter.block_list() if kind != "facts"]
    english = {t for w in widgets for t in texts(w) if " " in t and len(re.findall(r"\b[a-z]{3,}\b", t)) >= 2}
    LANG.lang = "de"
    german = {t for w in widgets for t in texts(w)}
    same = sorted(english & german)
    assert same == [], f"chapter {number}: not translated: {same[:5]}"


def test_setup_view_deals_every_player_count() -> None:
    from importexport.widgets.setup import SetupView

    view = SetupView(players=2, seed=5)
    for n in range(2, 7):
        view.players.value = n
        g = view.game
        assert g.state.n == n and f"{n} players" in view.summary.value
        assert f"{len(g.state.island)} cards on the Supply Island" in view.summary.value
        assert f"{len(g.state.deck)} cards left in the deck" in view.summary.value
    assert "grey harbour: 14" in view.summary.value  # six players bring the grey harbour
    LANG.lang = "de"
    assert "Karten im Stapel" in view.summary.value


def test_the_log_shows_the_newest_line_first_and_the_whole_game_on_request() -> None:
    import random

    session = Session(lambda: Game(players=3, seed=8), humans={0, 1, 2})
    view = TableView(session)
    rng = random.Random(8)
    for _ in range(120):
        seat = view.decider()
        view.act(rng.choice(session.game.legal_actions(seat)))
    from html import escape

    lines = [escape(x) for x in session.game.narrate("en")]
    assert len(lines) > 40 and view.log_button.layout.display is None
    shown = view.log_box.value
    assert shown.index(lines[-1]) < shown.index(lines[-2])  # newest first
    assert lines[0] not in shown
    view.log_button.click()
    assert lines[0] in view.log_box.value and "only the latest" in view.log_button.description


def test_bots_answer_one_move_at_a_time_and_skip_plays_the_rest() -> None:
    session = Session(lambda: Game(players=4, seed=3), humans={0}, bots={1: "random", 2: "random", 3: "random"})
    view = TableView(session, pace=0.5)
    queued: list = []
    view.later = lambda delay, fn: queued.append((delay, fn))  # the event loop, by hand
    while 0 not in session.waiting_humans():
        session.bot_step()
    view.refresh()
    before = len(session.game.history)
    view.act(session.game.legal_actions(0)[0])
    assert len(session.game.history) == before + 1  # only the person's move so far
    assert session.waiting_bots()
    assert view.animating and view.skip_button.layout.display is None and queued[-1][0] == 0.5
    queued.pop()[1]()  # one bot move, shown
    assert len(session.game.history) == before + 2
    assert view.table.picture["changed"]
    view.skip_button.click()
    assert not session.waiting_bots() and not view.animating and view.skip_button.layout.display == "none"
