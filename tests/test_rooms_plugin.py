"""A game plugged in from outside (``examples/highcard``) is opened, played and finished as a room: the
room's options are made from the game's option schema (``importexport/rooms/options.py``), never from a
list of games the rooms know."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from importexport.errors import IllegalActionError
from importexport.protocol import GAMES
from importexport.rooms import RoomService, RoomSetupError
from importexport.rooms.options import option_model


@pytest.fixture
def service(tmp_path: Path, example_games: list[str]) -> RoomService:
    return RoomService(str(tmp_path / "rooms.sqlite3"))


def test_a_plugged_in_game_opens_plays_and_finishes_as_a_room(service: RoomService) -> None:
    opened = service.open("highcard", {"hand": 2, "lowest": True}, ["person", "heuristic", "person"], seed=5)
    room = service.room(opened.code)
    assert room.game == "highcard" and room.options == {"hand": 2, "lowest": True} and room.players == 3
    tokens = dict(service.take_seat(opened.code) for _ in range(2))
    assert set(tokens) == {0, 2}
    assert service.start(opened.code, opened.opener).state == "playing"
    g = service.position(opened.code)
    assert g.state.hand_size == 2 and g.state.lowest  # the options reached the game
    seat = g.deciders()[0]
    with pytest.raises(IllegalActionError) as refused:  # a card of another hand: the referee's reason, in German
        service.move(opened.code, tokens[seat], f"p{seat} play {g.state.hands[(seat + 1) % 3][0]}", lang="de")
    assert refused.value.rule == "not_in_hand" and "nicht auf deiner Hand" in str(refused.value)
    moves = 0
    while service.room(opened.code).state == "playing":
        service.run_bots(opened.code)
        g = service.position(opened.code)
        if g.is_over():
            break
        seat = g.deciders()[0]
        assert service.view(opened.code, tokens[seat]) == g.view(seat)
        service.move(opened.code, tokens[seat], g.legal_actions(seat)[0], at=len(g.history))
        moves += 1
    g = service.position(opened.code)
    assert service.room(opened.code).state == "over" and g.is_over() and moves == 4 and len(g.history) == 6
    again = RoomService(service.store.url)  # another process: it rebuilds the game from the stored moves
    assert again.position(opened.code).save() == service.position(opened.code).save()
    assert again.room(opened.code).options == {"hand": 2, "lowest": True}


@pytest.mark.parametrize(("options", "key"), [
    ({"hand": "4"}, "bad_setting"),  # not a whole number
    ({"lowest": 1}, "bad_setting"),  # not on or off
    ({"players": 3}, "bad_setting"),  # the seats say how many play
    ({"jokers": True}, "bad_setting"),  # no such option
    ({"hand": 9}, "bad_options"),  # of its kind, but not allowed: the kind's own refusal
])
def test_a_plugged_in_games_settings_are_refused_by_their_schema(service: RoomService, options: dict[str, Any],
                                                                 key: str) -> None:
    with pytest.raises(RoomSetupError) as caught:
        service.open("highcard", options, ["person", "random"])
    assert caught.value.key == key
    assert caught.value.text("de") != caught.value.text("en")


def test_every_games_room_options_follow_its_schema(example_games: list[str]) -> None:
    assert "highcard" in GAMES
    for gid in GAMES:
        kind = GAMES[gid]
        model = option_model(kind)
        assert model is option_model(kind)
        wanted = {o.name: o.default for o in kind.schema if o.name != "players"}
        assert list(model.model_fields) == list(wanted)
        made = model().model_dump()
        assert made == {k: list(v) if isinstance(v, tuple) else v for k, v in wanted.items()}
        assert kind.new(players=kind.players[1], seed=1, **made).is_over() is False


@pytest.mark.parametrize(("game", "stored"), [
    ("importexport", '{"abilities":true,"modules":["tokens1","tokens2"]}'),
    ("importexport", '{"abilities":false,"modules":[]}'),
    ("portroyal", '{"mode":"base","contracts":null}'),
    ("portroyal", '{"mode":"competitive","contracts":["c1","c2"]}'),
])
def test_options_stored_before_keep_loading(game: str, stored: str) -> None:
    """What the rooms' former fixed models wrote (their JSON), read by the models made from the schemas."""
    model = option_model(GAMES[game])
    assert model.model_validate_json(stored).model_dump_json() == stored


def test_the_new_game_screens_high_card_options_open_a_room(service: RoomService) -> None:
    """What the app's new-game screen holds for a plugged-in game (its rows, made from the schema) is what
    a room takes: the screen and the rooms read one description of the options."""
    from importexport.widgets.app import PlayApp

    app = PlayApp()
    app.game_choice.value = "highcard"
    app.players.value = 2
    app.option("hand").widget.value = 5
    app.option("lowest").widget.value = True
    chosen = app.chosen_table()
    assert chosen is not None
    game, roles, options = chosen
    opened = service.open(game, options, ["person" if r == "human" else r for r in roles], seed=1)
    assert service.room(opened.code).options == {"hand": 5, "lowest": True}
