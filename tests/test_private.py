"""People sharing one device (the app, through its Python API): a pass screen before every hand-over
between people, at the start too, that only the named person's press takes down; behind it the table
holds nobody's hand.  And a loaded game whose next seat is a bot goes on by itself."""

from __future__ import annotations

import asyncio
import random

import pytest
from helpers import widget_buttons

from importexport import Game
from importexport.importexport.savefile import dump
from importexport.session import Session
from importexport.widgets import LANG
from importexport.widgets.app import HUMAN, PlayApp


@pytest.fixture(autouse=True)
def _english():
    LANG.lang = "en"
    yield
    LANG.lang = "en"


def hands_drawn(app: PlayApp) -> set[int]:
    """The seats some card of whose hand the table's picture shows now."""
    shown = {c["id"] for c in app.table.table.picture["cards"].values()}
    return {p.seat for p in app.session.game.state.players if shown & set(p.hand)}


def on_pass_screen(app: PlayApp) -> bool:
    return app.screen.children[0] is not app.game_screen and "iex-pass" in app.screen.children[0].children[0]._dom_classes


def two_people_and_a_bot(bot: str = "heuristic") -> PlayApp:
    app = PlayApp()
    app.seat_roles[1].value = HUMAN
    app.seat_roles[2].value = bot
    app.seed.value = 1
    app.start()
    return app


def test_the_game_starts_behind_a_pass_screen_when_people_share_the_device() -> None:
    app = two_people_and_a_bot()
    first = app.session.waiting_humans()[0]
    assert on_pass_screen(app) and app.passing == first
    assert f"Pass the device to Player {first + 1}" in app.pass_note.value
    assert app.table.hands == set() and not hands_drawn(app)
    assert not widget_buttons(app.table.options)  # (a choice would name a card of the hand)
    widget_buttons(app.pass_screen)[0].click()
    assert app.screen.children[0] is app.game_screen and app.table.hands == {first}
    assert widget_buttons(app.table.options)
    assert hands_drawn(app) == {first}


def test_nothing_but_the_persons_press_takes_the_pass_screen_down() -> None:
    app = two_people_and_a_bot()
    seat = app.passing
    app.table.refresh()  # a redraw (as after a paced bot move)
    app.table._stop_bots()  # the end of the bots' answer redraws once more
    app._after_change()
    app.table.table.projector = True  # the projector switch
    LANG.lang = "de"  # the language switch: the pass screen speaks German, and stays
    assert on_pass_screen(app) and app.passing == seat and "Gib das Gerät" in app.pass_note.value
    assert app.table.hands == set() and not hands_drawn(app)
    LANG.lang = "en"
    app.table.table.projector = False
    assert on_pass_screen(app)
    widget_buttons(app.pass_screen)[0].click()
    assert not on_pass_screen(app) and hands_drawn(app) == {seat}


def test_every_hand_over_between_people_passes_the_device() -> None:
    """A whole game's worth of moves: whenever the person to decide changes, a pass screen; behind it
    and before the press no hand; after it only that person's (sealed bids one person at a time)."""
    app = two_people_and_a_bot("random")
    rng = random.Random(4)
    last, passes, handovers = None, 0, 0
    for _ in range(300):
        if app.session.game.is_over():
            break
        if on_pass_screen(app):
            assert not hands_drawn(app) and app.table.hands == set()
            passes += 1
            widget_buttons(app.pass_screen)[0].click()
            continue
        seat = app.session.waiting_humans()[0]
        handovers += last is not None and seat != last
        assert seat == last or last is None or passes, "a hand-over without a pass screen"
        assert hands_drawn(app) <= {seat}
        last, passes = seat, 0
        if app.table.bid_inputs:
            assert set(app.table.bid_inputs) == {seat}
            app.table.bid(seat, "0")
        else:
            rng.choice(widget_buttons(app.table.options)).click()
    assert handovers > 5


def test_one_person_with_bots_sees_no_pass_screen() -> None:
    app = PlayApp()
    app.start()  # Player 1 a person, the others heuristic bots
    assert app.screen.children[0] is app.game_screen and app.passing is None
    assert app.table.hands == {0}


def test_a_loaded_game_whose_next_seat_is_a_bot_goes_on_by_itself() -> None:
    g = Game(players=3, seed=2)
    while 1 not in g.deciders():
        g.apply(g.legal_actions()[0])
    text = dump(g, [HUMAN, "random", "random"], Session(lambda: g, humans={0}).saved())
    app = PlayApp()
    app.load_text(text)
    assert not app.session.waiting_bots() and app.session.waiting_humans() == [0]
    assert len(app.session.game.history) > len(g.history)


def test_a_loaded_games_bots_are_paced_as_in_a_live_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the kernel's event loop running (as in the app) the bots answer one move at a time."""
    import asyncio as _asyncio

    from importexport.widgets import table as table_module

    monkeypatch.setenv("IMPORTEXPORT_BOT_PACE", "0.05")
    monkeypatch.setattr(table_module, "kernel_loop", _asyncio.get_running_loop)  # (this loop stands for the kernel's)
    g = Game(players=3, seed=2)
    while 1 not in g.deciders():
        g.apply(g.legal_actions()[0])
    text = dump(g, [HUMAN, "random", "random"], Session(lambda: g, humans={0}).saved())

    async def load_and_wait() -> tuple[int, list[int]]:
        app = PlayApp()
        app.load_text(text)
        at_once = len(app.session.game.history)  # (nothing yet: the first bot move comes after the pace)
        assert app.table.skip_button.layout.display is None  # Skip offered, as while bots answer a person
        for _ in range(200):
            await asyncio.sleep(0.05)
            if app.session.waiting_humans():
                break
        return at_once, app.session.waiting_humans()

    at_once, waiting = asyncio.run(load_and_wait())
    assert at_once == len(g.history) and waiting == [0]


def test_undo_is_disabled_and_says_why_once_a_bots_card_came_to_light() -> None:
    app = PlayApp()
    app.seed.value = 0
    app.start()  # Player 1 a person, two heuristic bots
    table, s = app.table, app.session
    rng = random.Random(0)
    for _ in range(200):
        lines = len(s.game.log)
        rng.choice(widget_buttons(table.options)).click()
        if any(k in ("follow", "lead") and args["p"] != 0 for _t, k, args in s.game.log[lines:]):
            break
    assert table.undo_button.disabled and "come to light" in table.undo_button.tooltip
    LANG.lang = "de"
    assert table.undo_button.disabled and "sichtbar geworden" in table.undo_button.tooltip
