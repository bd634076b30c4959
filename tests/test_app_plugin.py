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
    assert app.shows(hand) and not app.shows(app.option("modules", "importexport"))
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


def test_fair_undo_of_a_plugged_in_game_follows_what_the_views_show(example_games: list[str]) -> None:
    """The plain kit's fair undo: a person's card may be taken back while nothing hidden from them has
    been seen since; once a bot has played a card from its hidden hand, it may not."""
    from importexport.protocol import GAMES
    from importexport.session import Session

    kind = GAMES["highcard"]
    alone = Session(lambda: kind.new(players=2, seed=3), humans={0, 1}, fair_undo=True)
    g = alone.game
    alone.act(g.legal_actions(0)[0])  # the other person has not played: nothing of their hand is seen
    assert alone.undo_refusal(0) is None
    alone.undo()
    assert g.history == [] and len(g.state.hands[0]) == 3
    with_bot = Session(lambda: kind.new(players=2, seed=3), humans={0}, bots={1: "random"}, fair_undo=True)
    g = with_bot.game
    with_bot.act(g.legal_actions(0)[0])  # the bot answers with a card from its hand
    assert len(g.history) >= 2 and with_bot.undo_refusal(0) == "revealed"


def test_the_plain_table_names_a_views_entries_in_the_games_words(example_games: list[str]) -> None:
    """The plain kit draws each entry of a view through the kind's ``view_words`` (High card's, in English
    and German, leaving off what the title says or never changes); a kind without them shows the keys."""
    import dataclasses

    from importexport.plain_kit import PlainKit
    from importexport.protocol import GAMES

    kind = GAMES["highcard"]
    g = kind.new(players=2, seed=3, lowest=True)
    g.apply(g.legal_actions()[0])
    names = {lang: [name for name, _value in PlainKit(kind).picture(g, lang, {1})["views"][0]["lines"]]
             for lang in ("en", "de")}
    assert names["en"] == ["Hand", "Cards in hand", "In the trick", "Tricks won", "The trick goes to", "Played so far"]
    assert names["de"][0] == "Hand" and len(names["de"]) == 6
    lines = dict(PlainKit(kind).picture(g, "de", {1})["views"][0]["lines"])
    assert lines["Den Stich bekommt"] == "die niedrigste Karte" and lines["Im Stich"].startswith("Spieler 1: ")
    while not g.is_over():
        g.apply(g.legal_actions()[0])
    won = [s for s, row in enumerate(g.scores()) if row["won"]]
    scores = PlainKit(kind).picture(g, "de")["scores"]
    assert [("Gewonnen: ja" in text) for _seat, text in scores] == [s in won for s in range(2)]
    raw = PlainKit(dataclasses.replace(kind, view_words=None)).picture(g, "en", {1})["views"][0]["lines"]
    assert [name for name, _value in raw][:3] == ["players", "hand", "held"]
