"""A game plugged in from outside (``examples/highcard``, its own distribution): the app's new-game
screen offers it with the rows of its option schema, the table draws it with the plain kit (it brings
no table kit), and a person plays it against the bots to the scoring screen."""

from __future__ import annotations

import random

from importexport.widgets import LANG
from importexport.widgets.app import HUMAN, PlayApp


def test_the_app_offers_a_plugged_in_game_from_its_schema_and_plays_it_to_the_end(example_games: list[str]) -> None:
    app = PlayApp()
    assert [v for _name, v in app.game_choice.options] == ["highcard", "importexport", "portroyal"]
    app.game_choice.value = "highcard"
    assert "High card" in app.title.value and list(app.players.options) == [2, 3, 4]
    hand, lowest = app.option("hand"), app.option("lowest")
    assert [v for _n, v in hand.widget.options] == [2, 3, 4, 5] and hand.widget.value == 3
    assert "Cards in each hand" in hand.label.value and "lowest card" in lowest.note.value
    assert hand.row.layout.display != "none" and app.option("modules", "importexport").row.layout.display == "none"
    LANG.lang = "de"
    assert "Karten auf jeder Hand" in hand.label.value and app.seat_roles[1].description == "Spieler 2"
    LANG.lang = "en"
    app.players.value = 3
    hand.widget.value = 4
    lowest.widget.value = True
    app.seat_roles[1].value, app.seat_roles[2].value = "search", "random"
    app.start_button.click()
    g = app.session.game
    assert g.game_id == "highcard" and g.state.hand_size == 4 and g.state.lowest and app.session.humans == {0}
    picture = app.table.table.picture
    assert picture["game"] == "plain" and [v["seat"] for v in picture["views"]] == ["Player 1"]  # only the person's view
    rng = random.Random(1)
    while not g.is_over():
        seat = app.session.waiting_humans()[0]
        assert app.table.act(rng.choice(g.legal_actions(seat)))
    assert app.screen.children[0] is app.end_screen and "Final scores" in app.end_screen.children[0].value
    won = [s for s, row in enumerate(g.scores()) if row["won"]]
    assert won and f"Player {won[0] + 1}" in app.end_screen.children[0].value
    text = app.save_text()
    assert app.kit.load_session(text)[1] == [HUMAN, "search", "random"]
