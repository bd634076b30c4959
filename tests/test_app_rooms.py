"""The rooms' screens of the app through their Python API (no browser): open a room, join it by code,
take seats, start, play a seat from its own page, the projector's table, a page coming back."""

from __future__ import annotations

import html
import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from helpers import widget_buttons
from postgres_kit import free_port, fresh_database, postgres_server
from sqlalchemy.engine import make_url

from importexport.bots import make_bot
from importexport.importexport.engine import Game
from importexport.importexport.view import public_frame, public_view
from importexport.protocol import table_kit
from importexport.rooms import NoSuchRoom, RoomEnded, RoomError, RoomService, SeatRefused, Store, StoreError
from importexport.rooms.store import normal_url
from importexport.widgets import LANG
from importexport.widgets.app import HUMAN, PlayApp
from importexport.widgets.board import Board

ROLES = [HUMAN, HUMAN, "heuristic", HUMAN]


@pytest.fixture
def service(tmp_path: Path) -> RoomService:
    return RoomService(str(tmp_path / "rooms.sqlite3"))


def page(service: RoomService, room: str = "", kept: dict[str, str] | None = None) -> PlayApp:
    """An app page whose browser says hello (its address's room, the tokens it keeps)."""
    app = PlayApp()
    app.rooms._service = service
    app.rooms.link.receive({"type": "hello", "room": room, "page": "http://127.0.0.1:8866/", "kept": kept or {}})
    return app


def opened(service: RoomService) -> tuple[PlayApp, str]:
    """A page that opened a 4-seat Import/Export room: people at seats 1, 2 and 4, a bot at seat 3."""
    app = page(service)
    app.players.value = 4
    for seat, role in enumerate(ROLES):
        app.seat_roles[seat].value = role
    app.rooms.open_button.click()
    assert app.rooms.code is not None, app.message.value
    return app, app.rooms.code


def seat_lines(app: PlayApp) -> list[str]:
    return [re.sub(r"<[^>]+>", "", row.children[0].value) for row in app.rooms.ui.seat_box.children]


def pictures(widget: w.Widget) -> list[dict[str, Any]]:
    """Every board picture in a widget tree (what the page's widget state holds)."""
    found = [widget.picture] if isinstance(widget, Board) else []
    for child in getattr(widget, "children", ()):
        found += pictures(child)
    return found


def hands(service: RoomService, code: str) -> list[list[int]]:
    return [list(p.hand) for p in service.position(code).state.players]


def assert_private(app: PlayApp, service: RoomService, code: str, seat: int | None) -> None:
    """The page's widget state holds no card of another seat's hand (``seat`` None: of any hand)."""
    secret = {c for q, hand in enumerate(hands(service, code)) if q != seat for c in hand}
    pics = pictures(app)
    assert pics
    for pic in pics:
        assert pic["open_hands"] == {}
        assert (pic["hand"] or {}).get("seat") == seat
        shown = {int(k.split(":")[0].split("@")[0]) for k in pic["cards"]}
        assert not shown & secret, (seat, shown & secret)
    state = json.dumps([widget.get_state() for widget in walk(app)], default=str)
    assert '"open_hands": {}' in state and not any(f'"hand": {{"seat": {q}' in state for q in range(4) if q != seat)


def walk(widget: w.Widget) -> list[w.Widget]:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += walk(child)
    return out


def play_seat(app: PlayApp) -> bool:
    """One move of the page's seat if it is asked (a bid of 0, or its last option); whether it moved."""
    t = app.rooms.table
    assert t is not None
    if t.bid_inputs:
        seat = next(iter(t.bid_inputs))
        return t.bid(seat, "0")
    buttons = widget_buttons(t.options)
    if not buttons:
        return False
    before = len(t.session.game.history)
    buttons[-1].click()
    return len(t.session.game.history) > before


def test_open_join_take_start_and_play_a_room_from_two_pages(service: RoomService) -> None:
    a, code = opened(service)
    assert code in a.rooms.ui.head.value and f"http://127.0.0.1:8866/?room={code}" in a.rooms.ui.head.value
    assert a.rooms.ui.start_button.layout.display is None and a.rooms.ui.close_button.layout.display is None
    a.rooms.ui.seat_box.children[0].children[1].click()  # (take Player 1)
    b = page(service)
    b.rooms.code_entry.value = f" {code[:3].lower()}-{code[3:]} "
    b.rooms.join_button.click()
    assert b.rooms.view == "lobby" and b.rooms.ui.start_button.layout.display == "none"
    assert seat_lines(b) == ["Player 1: taken", "Player 2: free", "Player 3: bot (heuristic)", "Player 4: free"]
    b.rooms.ui.seat_box.children[1].children[1].click()
    a.rooms.update()
    assert seat_lines(a)[:2] == ["Player 1: this device", "Player 2: taken"]
    assert "2 seats" not in a.rooms.ui.note.value and "1 seat is still free" in a.rooms.ui.note.value
    a.rooms.ui.start_button.click()
    b.rooms.update()
    assert (a.rooms.view, b.rooms.view) == ("seat", "seat")
    assert [s.kind for s in service.room(code).seats] == ["person", "person", "heuristic", "heuristic"]
    moved = {0: 0, 1: 0}
    for _ in range(40):
        for seat, app in ((0, a), (1, b)):
            app.rooms.update()
            assert_private(app, service, code, seat)
            moved[seat] += play_seat(app)
        if min(moved.values()) >= 2:
            break
    assert min(moved.values()) >= 2, moved
    stored = service.changes_since(code, 0).moves
    assert {m.seat for m in stored} >= {0, 1, 2, 3}  # (the bots moved, run by the pages' kernels)
    assert [m.number for m in stored] == list(range(len(stored)))


def test_the_projector_table_shows_no_hand_and_no_choice(service: RoomService) -> None:
    a, code = opened(service)
    a.rooms.take(0)
    a.rooms.ui.start_button.click()
    t = page(service, room=code)
    assert t.rooms.view == "lobby" and t.rooms.ui.table_button.layout.display is None
    assert "holds no seat" in t.rooms.ui.note.value
    t.rooms.ui.table_button.click()
    assert t.rooms.view == "table" and t.rooms.table is not None
    assert t.rooms.table.table.projector and "iex-big" in t.rooms.table._dom_classes  # (large print at once)
    a.rooms.update()
    assert a.rooms.view == "seat" and not a.rooms.table.table.projector  # (a seat's table as the reader set it)
    assert_private(t, service, code, None)
    assert not widget_buttons(t.rooms.table.options) and not t.rooms.table.bid_inputs


def test_public_view_lists_no_hand_no_sealed_bid_and_no_seats_own_step() -> None:
    g = Game(players=4, seed=5)
    bids = 0
    for _ in range(400):
        if g.is_over():
            break
        v = public_view(g)
        assert v["seat"] is None and v["legal"] == []
        assert all(p["hand"] == [] for p in v["players"]) and [p["hand_size"] for p in v["players"]] == [
            len(p.hand) for p in g.state.players
        ]
        for frame, shown in zip(g.state.stack, v["stack"], strict=True):
            if frame.get("kind") == "bid":
                bids += 1
                assert all(b in (-1, "sealed") for b in shown["bids"]), shown
        g.apply(g.legal_actions(g.deciders()[0])[-1])
    assert bids  # (sealed bids were met and kept sealed)
    # a step's keys kept to its own seat (a card it drew) are hidden from everybody, the open ones shown
    assert public_frame({"kind": "pick", "seat": 2, "drawn": [5, 7], "card": 3}) == {
        "kind": "pick",
        "seat": 2,
        "drawn": [None, None],
        "card": 3,
    }


def test_a_refusal_and_a_table_moved_on_are_said_in_the_pages_language(service: RoomService) -> None:
    a, code = opened(service)
    a.rooms.take(0)
    b = page(service, room=code)
    b.rooms.take(1)
    a.rooms.ui.start_button.click()
    b.rooms.update()
    # play until one page's seat decides, another seat deciding next
    for _ in range(40):
        g = service.position(code)
        seats = g.deciders()
        if seats[0] in (0, 1):
            break
        play_seat(a) or play_seat(b)
    mine = a if service.position(code).deciders()[0] == 0 else b
    mine.rooms.update()
    t = mine.rooms.table
    assert t is not None
    LANG.lang = "de"
    try:
        assert not t.act(t.kit.bid(t.seat, 999))  # (no bid is asked now: the referee refuses)
        assert "Nicht erlaubt" in t.message.value
        stale = t.session.game.copy(), t.at
        assert play_seat(mine)  # (stored: the page's position is now behind)
        t.session.game, t.at = stale  # a page that had not seen that move yet
        stale = stale[0]
        choice = stale.legal_actions(t.seat)[0]
        assert not t.act(choice)
        assert "Am Tisch ging es schon weiter" in t.message.value
        assert len(t.session.game.history) == len(service.position(code).history)  # (the new position drawn)
    finally:
        LANG.lang = "en"


def test_undo_on_a_seats_page_takes_back_its_own_move_for_every_page(service: RoomService) -> None:
    """Two people's pages of a Port Royal room: once seat 1's last move may be taken back (nobody moved
    since, nothing came to light), its page's Undo is enabled and the other page's is not (its tooltip
    says why, in the page's language); Undo takes the move back on both pages; a move that came to
    light keeps Undo disabled with the reason."""
    opened_room = service.open("portroyal", {"mode": "base"}, ["person", "person"], seed=3)
    code = opened_room.code
    tokens = dict(service.take_seat(code) for _ in range(2))
    service.start(code, opened_room.opener)
    a, b = (page(service, room=code, kept={code: json.dumps({"seat": tokens[s]})}) for s in (0, 1))
    assert "Undo takes back only this device's own last move" in html.unescape(a.rooms.ui.head.value)
    assert a.rooms.table.undo_button.disabled and b.rooms.table.undo_button.disabled  # (nothing to take back)
    revealed = False
    for _ in range(200):
        g = service.position(code)
        seat = g.deciders()[0]
        service.move(code, tokens[seat], g.legal_actions(seat)[-1])
        a.rooms.update()
        b.rooms.update()
        mover = (a, b)[seat].rooms.table
        if mover.undo_button.disabled and not revealed:  # (something came to light: the reason is given)
            assert mover.undo_button.tooltip == RoomError("undo_revealed", code=code).text("en")
            revealed = True
        if not mover.undo_button.disabled and revealed:
            break
    else:
        raise AssertionError("no move that could be taken back")
    other = (b, a)[seat].rooms.table
    assert other.undo_button.disabled
    assert other.undo_button.tooltip in {RoomError(k, code=code).text("en") for k in ("undo_other", "undo_nothing")}
    before = service.position(code).history[:-1]
    mover.undo_button.click()
    assert mover.message.value == "" and mover.session.game.history == before
    (b, a)[seat].rooms.update()
    assert other.session.game.history == before and service.position(code).history == before
    assert seat in mover.session.game.deciders() and mover.at == service.room(code).moves


def test_a_reloaded_page_is_back_at_its_seat_and_a_forged_token_gets_none(service: RoomService) -> None:
    a, code = opened(service)
    a.rooms.take(0)
    a.rooms.ui.start_button.click()
    kept = a.rooms.link.keep
    assert kept["code"] == code and set(json.loads(kept["value"])) == {"seat", "opener"}
    again = page(service, room=code, kept={code: kept["value"]})
    assert again.rooms.view == "seat" and again.rooms.seat == 0
    forged = page(service, room=code, kept={code: json.dumps({"seat": "x" * 32})})
    assert forged.rooms.view == "lobby" and forged.rooms.seat is None
    assert forged.rooms.link.keep == {"code": code, "value": ""}  # (the browser forgets the token)
    assert forged.rooms.table is None


def test_a_bad_code_is_refused_in_words_and_a_closed_room_says_so(service: RoomService) -> None:
    app = page(service, room="not-a-code")
    assert app.rooms.view == "" and "is no room code" in app.message.value
    a, code = opened(service)
    b = page(service, room=code)
    a.rooms.ui.close_button.click()
    assert a.screen.children[0] is a.setup_screen and f"Room {code} is closed" in a.message.value
    b.rooms.update()
    assert "its opener ended it" in b.message.value


def test_a_picture_with_nobody_deciding_reads_no_seats_view() -> None:
    g = Game(players=4, seed=5)

    def no_seat(seat: int) -> dict[str, Any]:
        raise AssertionError(f"the projector's picture read seat {seat}'s view")

    g.view = no_seat  # type: ignore[method-assign]
    pic = table_kit(g).picture(g, "en", set(), None)
    assert pic["hand"] is None and pic["open_hands"] == {} and len(pic["seats"]) == 4


def test_a_port_royal_room_is_played_to_the_end_from_two_pages(service: RoomService) -> None:
    a = page(service)
    a.game_choice.value = "portroyal"
    a.option("mode", "portroyal").widget.value = "base"
    a.players.value = 2
    a.seat_roles[1].value = HUMAN
    a.rooms.open_button.click()
    code = a.rooms.code
    assert code is not None
    a.rooms.take(0)
    b = page(service, room=code)
    b.rooms.take(1)
    a.rooms.ui.start_button.click()
    b.rooms.update()
    assert "Port Royal" in b.title.value  # (the page's title names the room's game, not its new-game screen's)
    # a whole game as the heuristic bot plays both seats; all but its last moves stored through the
    # service with the pages' tokens, the last ones made on the pages
    g = service.position(code)
    bot = make_bot("heuristic", 1, "portroyal")
    moves = []
    while not g.is_over():
        choice = bot.choose(g.copy(), g.deciders()[0])
        g.apply(choice)
        moves.append(choice)
    tokens = [app.rooms.tokens[code]["seat"] for app in (a, b)]
    for choice in moves[:-8]:
        service.move(code, tokens[choice.player], choice)
    for choice in moves[-8:]:
        app = (a, b)[choice.player]
        app.rooms.update()
        assert app.rooms.table is not None and app.rooms.table.act(choice), app.rooms.table.message.value
    assert service.position(code).is_over() and service.room(code).state == "over"
    a.rooms.update()
    assert "The game is over." in a.rooms.table.prompt.value and "<table" in a.rooms.table.prompt.value
    b.rooms.ui.leave_button.click()
    assert "Import/Export" in b.title.value


@pytest.mark.parametrize(("page_url", "public", "shown"), [
    ("http://127.0.0.1:8866/", "http://192.0.2.7:8866/", "http://192.0.2.7:8866/"),
    ("http://localhost:8866/voila/render/play.ipynb", "http://192.0.2.7:8866/", "http://192.0.2.7:8866/voila/render/play.ipynb"),
    ("http://[::1]:8866/", "http://[fd00::2]:8866/", "http://[fd00::2]:8866/"),
    ("http://192.0.2.9:8866/", "http://192.0.2.7:8866/", "http://192.0.2.9:8866/"),  # (reached already: its own)
    ("http://127.0.0.1:8866/", "", "http://127.0.0.1:8866/"),  # (no --host: nobody else could open it anyway)
])
def test_a_rooms_link_names_the_address_other_devices_reach(monkeypatch, service: RoomService, page_url: str,
                                                             public: str, shown: str) -> None:
    """A teacher who opened the app on the laptop itself (127.0.0.1) gets a link the class can follow:
    the network address `importexport app --host` printed."""
    monkeypatch.setenv("IMPORTEXPORT_PUBLIC_URL", public)
    app = PlayApp()
    app.rooms._service = service
    app.rooms.link.receive({"type": "hello", "room": "", "page": page_url, "kept": {}})
    app.rooms.open_button.click()
    code = app.rooms.code
    assert code is not None
    assert f'href="{shown}?room={code}"' in app.rooms.ui.head.value


def german(app: PlayApp, error: RoomError) -> None:
    """The page says ``error``'s sentence, in German (and that sentence is not the English one)."""
    said = html.unescape(app.message.value + (app.rooms.table.message.value if app.rooms.table else ""))
    assert error.text("de") != str(error) and error.text("de") in said, said


@pytest.fixture
def in_german() -> Iterator[None]:
    LANG.lang = "de"
    yield
    LANG.lang = "en"


def test_a_wrong_or_expired_code_a_taken_seat_and_a_forged_token_are_said_in_the_pages_language(
    tmp_path: Path, in_german: None
) -> None:
    now = [1000.0]
    service = RoomService(str(tmp_path / "rooms.sqlite3"), ttl=7200, clock=lambda: now[0])
    nobody = page(service, room="KEDNXF")  # (a code in the right form that names no room)
    german(nobody, NoSuchRoom("unknown_room", code="KEDNXF"))
    a, code = opened(service)
    b = page(service, room=code)
    c = page(service, room=code)
    b.rooms.take(1)
    assert c.rooms.room is not None and 1 in c.rooms.room.free()  # (c's page still offers seat 2)
    c.rooms.take(1)
    german(c, SeatRefused("seat_taken", code=code, seat=2))
    assert c.rooms.seat is None and "besetzt" in seat_lines(c)[1]  # (its seats drawn again: taken)
    forged = page(service, room=code, kept={code: json.dumps({"seat": "x" * 32})})
    german(forged, SeatRefused("bad_token", code=code))
    now[0] += 7201  # nobody played for two hours
    late = page(service, room=code)
    german(late, RoomEnded("expired_hours", code=code, n=2))
    assert late.rooms.view == ""


def started_room(service: RoomService) -> tuple[PlayApp, PlayApp, str]:
    """Two pages in a started room (seats 1 and 2), the game played until seat 1 or 2 decides."""
    a, code = opened(service)
    a.rooms.take(0)
    b = page(service, room=code)
    b.rooms.take(1)
    a.rooms.ui.start_button.click()
    b.rooms.update()
    while service.position(code).deciders()[0] not in (0, 1):
        play_seat(a) or play_seat(b)
    return a, b, code


def deciding(a: PlayApp, b: PlayApp, service: RoomService, code: str) -> PlayApp:
    app = (a, b)[service.position(code).deciders()[0]]
    app.rooms.update()
    return app


def test_a_locked_database_is_said_and_the_move_goes_through_once_it_is_free(tmp_path: Path, in_german: None) -> None:
    path = tmp_path / "rooms.sqlite3"
    service = RoomService(Store(str(path), busy_ms=50))
    a, b, code = started_room(service)
    app = deciding(a, b, service, code)
    moves = len(service.position(code).history)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # (another program holds the database)
    try:
        assert not play_seat(app)
        german(app, StoreError("locked", where=service.store.where))
        assert len(app.rooms.table.session.game.history) == moves  # (nothing lost, nothing half-stored)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert play_seat(app) and len(service.position(code).history) > moves


def test_a_restarted_server_brings_each_page_back_to_its_seat(tmp_path: Path) -> None:
    path = str(tmp_path / "rooms.sqlite3")
    service = RoomService(path)
    a, b, code = started_room(service)
    moves = service.position(code).history
    kept = json.loads(a.rooms.link.keep["value"])
    assert a.rooms.link.address == code  # (the page's address names the room: a reload comes back to it)
    again = page(RoomService(path), room=code, kept={code: json.dumps(kept)})  # another process, same store
    assert again.rooms.view == "seat" and again.rooms.seat == 0
    assert again.rooms.table is not None and again.rooms.table.session.game.history == moves
    assert again.message.value == ""  # (no refusal: the kept token holds its seat)
    again.rooms.ui.leave_button.click()
    assert again.rooms.link.address == ""


def test_an_unreachable_database_is_said_when_a_room_is_opened(
    monkeypatch, tmp_path: Path, in_german: None
) -> None:
    pytest.importorskip("psycopg")
    url = f"postgresql://postgres@127.0.0.1:{free_port()}/rooms"
    monkeypatch.setenv("IMPORTEXPORT_ROOMS", url)
    app = PlayApp()  # (its rooms' store: the environment's; no database answers there)
    app.rooms.open_button.click()
    german(app, StoreError("unreachable", where=make_url(normal_url(url)).render_as_string(hide_password=True)))
    assert app.rooms.code is None and app.screen.children[0] is app.setup_screen


@pytest.mark.usefixtures("in_german")
def test_a_database_gone_mid_game_is_said_and_the_game_goes_on_when_it_is_back() -> None:
    with postgres_server() as server:
        service = RoomService(fresh_database(server))
        a, b, code = started_room(service)
        app = deciding(a, b, service, code)
        moves = len(service.position(code).history)
        server.stop()
        try:
            assert not play_seat(app)
            german(app, StoreError("unreachable", where=service.store.where))
            assert len(app.rooms.table.session.game.history) == moves
        finally:
            server.start()
        app.rooms.update()
        assert play_seat(app) and len(service.position(code).history) > moves


def test_the_language_a_browser_kept_opens_the_page_and_each_change_is_kept(service: RoomService) -> None:
    """The language a reader chose is kept by their browser (RoomLink.lang, stored by rooms.js): the
    next page they open, or a reload, opens in it; what is no language of the app is passed over."""
    app = PlayApp()
    assert app.rooms.link.lang == "en"
    try:
        LANG.lang = "de"
        assert app.rooms.link.lang == "de"  # (the browser stores it)
        LANG.lang = "en"
        again = PlayApp()
        again.rooms._service = service
        again.rooms.link.receive({"type": "hello", "room": "", "page": "http://127.0.0.1:8866/", "kept": {}, "lang": "de"})
        assert LANG.lang == "de" and again.rooms.link.lang == "de"
        for strange in ("fr", 3, None, ["de"]):
            LANG.lang = "en"
            again.rooms.link.receive({"type": "hello", "room": "", "page": "", "kept": {}, "lang": strange})
            assert LANG.lang == "en"
    finally:
        LANG.lang = "en"
