"""The room service on SQLite (``docs/rooms.md``): opening, seats and tokens, moves checked by seat
and by the referee, positions rebuilt from the stored moves, bots that move once, expiry and
closing, and every bad input refused with a typed error naming it, the room unchanged."""

from __future__ import annotations

import random
import sqlite3
import threading
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from helpers import at_once
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from importexport.errors import IllegalActionError
from importexport.protocol import GAMES
from importexport.rooms import (
    ALPHABET,
    CODE_LENGTH,
    BadMoveNumber,
    MovedOn,
    NoSuchRoom,
    RoomEnded,
    RoomError,
    RoomService,
    RoomSetupError,
    SeatRefused,
    Store,
    StoreError,
    normal_code,
)
from importexport.rooms.service import digest

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(tmp_path: Path, clock: Clock) -> Iterator[RoomService]:
    s = RoomService(str(tmp_path / "rooms.sqlite3"), ttl=3600, clock=clock)
    yield s
    s.store.close()


def playing(service: RoomService, game: str = "importexport", seats: list[str] | None = None,
            options: dict[str, Any] | None = None, seed: int = 7) -> tuple[str, dict[int, str], str]:
    """A started room: its code, each person's seat with its token, the opener's token."""
    seats = seats or ["person", "person", "random"]
    opened = service.open(game, options or {}, seats, seed=seed)
    tokens = {}
    for _ in range(seats.count("person")):
        seat, token = service.take_seat(opened.code)
        tokens[seat] = token
    service.start(opened.code, opened.opener)
    return opened.code, tokens, opened.opener


def twin(service: RoomService, store: Store | None = None) -> RoomService:
    """Another process's service on the same store (its own connections and positions)."""
    return RoomService(store or service.store.url, ttl=service.ttl, clock=service.clock)


def to_person(service: RoomService, code: str, tokens: dict[int, str]) -> int:
    """Let the bots move until a person decides; that person's seat."""
    service.run_bots(code)
    deciders = service.position(code).deciders()
    return next(s for s in deciders if s in tokens)


# --- codes and tokens ---------------------------------------------------------------------------


def test_a_code_has_no_characters_that_read_alike(service: RoomService) -> None:
    assert not set(ALPHABET) & set("0O1IL5S2Z8BQG6UV")
    codes = {service.open("portroyal", {}, ["person", "random"]).code for _ in range(20)}
    assert len(codes) == 20 and all(len(c) == CODE_LENGTH and set(c) <= set(ALPHABET) for c in codes)


def test_a_code_is_read_in_any_case_with_spaces_and_dashes(service: RoomService) -> None:
    code = service.open("portroyal", {}, ["person", "random"]).code
    typed = f" {code[:3].lower()}-{code[3:]} "
    assert normal_code(typed) == code and service.room(typed).code == code


@FAST
@given(st.one_of(st.text(max_size=12), st.integers(), st.none(), st.binary(max_size=8)))
def test_any_wrong_code_is_refused_by_name(service: RoomService, code: Any) -> None:
    try:
        key = normal_code(code)
    except NoSuchRoom as e:
        assert e.key == "bad_code" and e.text("de") != e.text("en")
        return
    with pytest.raises(NoSuchRoom) as caught:
        service.room(key)
    assert caught.value.key == "unknown_room" and key in str(caught.value)


@FAST
@given(st.one_of(st.text(max_size=60), st.integers(), st.none(), st.lists(st.text(max_size=3), max_size=2)))
def test_a_forged_token_holds_no_seat_and_moves_nothing(service: RoomService, forged: Any) -> None:
    if not hasattr(service, "_forgery"):
        service._forgery = playing(service)  # type: ignore[attr-defined]
    code, tokens, opener = service._forgery  # type: ignore[attr-defined]
    if forged in tokens.values():
        return
    version = service.room(code).version
    seat = to_person(service, code, tokens)
    version = service.room(code).version
    action = service.position(code).legal_actions(seat)[0]
    for call in (lambda: service.seat_of(code, forged), lambda: service.view(code, forged),
                 lambda: service.move(code, forged, action)):
        with pytest.raises(SeatRefused) as caught:
            call()
        assert caught.value.key == "bad_token"
    with pytest.raises(SeatRefused) as caught:
        service.close(code, forged)
    assert caught.value.key == "not_opener"
    assert service.room(code).version == version


@FAST
@given(st.one_of(st.integers(), st.text(max_size=5), st.none(), st.booleans(), st.floats()))
def test_any_move_number_is_taken_as_a_position_or_refused_by_name(service: RoomService, n: Any) -> None:
    if not hasattr(service, "_numbers"):
        service._numbers = playing(service)  # type: ignore[attr-defined]
    code, tokens, _ = service._numbers  # type: ignore[attr-defined]
    seat = to_person(service, code, tokens)
    g = service.position(code)
    whole = isinstance(n, int) and not isinstance(n, bool) and n >= 0
    try:
        changes = service.changes_since(code, n)
    except BadMoveNumber as e:
        assert not whole and e.text("de") != str(e)
    else:
        assert whole and [m.number for m in changes.moves] == list(range(n, len(g.history)))
    try:
        done = service.move(code, tokens[seat], g.legal_actions(seat)[0], at=n)
    except BadMoveNumber:
        assert not whole and n is not None
    except MovedOn:
        assert whole and n != len(g.history)
    else:
        assert (n is None or n == len(g.history)) and done == len(g.history) + 1


def test_tokens_are_long_random_and_never_stored(service: RoomService, tmp_path: Path) -> None:
    code, tokens, opener = playing(service)
    assert len({*tokens.values(), opener}) == 3 and all(len(t) >= 32 for t in tokens.values())
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("rooms.sqlite3*"))  # (the file and its write-ahead log)
    for token in [*tokens.values(), opener]:
        assert token.encode() not in raw and digest(token).encode() in raw


def test_a_device_coming_back_finds_its_seat(service: RoomService) -> None:
    code, tokens, _ = playing(service)
    assert {service.seat_of(code.lower(), t): s for s, t in tokens.items()} == {s: s for s in tokens}


# --- seats --------------------------------------------------------------------------------------


def test_seats_are_taken_once_and_bots_seats_never(service: RoomService) -> None:
    opened = service.open("importexport", {}, ["person", "heuristic", "person"])
    assert service.room(opened.code).free() == [0, 2]
    assert service.take_seat(opened.code, 2)[0] == 2
    for seat, key in ((2, "seat_taken"), (1, "bot_seat"), (3, "no_seat"), (-1, "no_seat"), ("0", "no_seat"),
                      (True, "no_seat")):
        with pytest.raises(SeatRefused) as caught:
            service.take_seat(opened.code, seat)  # type: ignore[arg-type]
        assert caught.value.key == key, seat
    service.take_seat(opened.code)
    with pytest.raises(SeatRefused) as caught:
        service.take_seat(opened.code)
    assert caught.value.key == "no_free_seat"


def test_two_devices_racing_for_one_seat_one_gets_it(service: RoomService) -> None:
    opened = service.open("importexport", {}, ["person", "person", "random"])
    other = twin(service)
    taken, lost = at_once({k: partial(s.take_seat, opened.code, 1) for k, s in enumerate((service, other))}, SeatRefused)
    won = [seat for _k, seat in taken]
    assert len(won) == 1 and [e.key for e in lost.values()] == ["seat_taken"]
    assert service.seat_of(opened.code, won[0][1]) == 1


def test_the_opener_starts_and_free_seats_go_to_bots(service: RoomService) -> None:
    opened = service.open("importexport", {}, ["person", "person", "person"])
    seat, token = service.take_seat(opened.code)
    with pytest.raises(SeatRefused) as caught:
        service.start(opened.code, token)
    assert caught.value.key == "not_opener"
    with pytest.raises(SeatRefused) as caught:
        service.move(opened.code, token, "p0 draw")
    assert caught.value.key == "not_started"
    room = service.start(opened.code, opened.opener, bot="random")
    assert room.state == "playing" and [s.kind for s in room.seats] == ["person", "random", "random"]
    for call, key in ((lambda: service.start(opened.code, opened.opener), "started"),
                      (lambda: service.take_seat(opened.code), "started")):
        with pytest.raises(SeatRefused) as caught:
            call()
        assert caught.value.key == key


# --- moves --------------------------------------------------------------------------------------


def test_a_move_for_another_seat_is_refused(service: RoomService) -> None:
    code, tokens, _ = playing(service)
    seat = to_person(service, code, tokens)
    other = next(s for s in tokens if s != seat)
    version = service.room(code).version
    action = service.position(code).legal_actions(seat)[0]
    with pytest.raises(SeatRefused) as caught:
        service.move(code, tokens[other], action)
    assert caught.value.key == "not_your_seat" and caught.value.details == {"seat": other + 1, "other": seat + 1}
    assert service.room(code).version == version


def test_an_illegal_move_gets_the_referees_refusal_in_the_pages_language(service: RoomService) -> None:
    code, tokens, _ = playing(service)
    seat = to_person(service, code, tokens)
    g = service.position(code)
    bad = f"p{seat} take c=999"
    with pytest.raises(IllegalActionError) as expected:
        g.copy().apply(GAMES["importexport"].parse(bad))
    version = service.room(code).version
    with pytest.raises(IllegalActionError) as caught:
        service.move(code, tokens[seat], bad, lang="de")
    assert caught.value.rule == expected.value.rule and str(caught.value) != str(expected.value)
    assert service.room(code).version == version and service.position(code).save() == g.save()


def test_a_room_plays_to_the_end_and_every_process_rebuilds_the_same_game(service: RoomService) -> None:
    code, tokens, _ = playing(service, "portroyal", ["person", "heuristic"], {"mode": "base"}, seed=11)
    moves = 0
    while service.room(code).state == "playing":
        service.run_bots(code)
        g = service.position(code)
        if g.is_over():
            break
        seat = g.deciders()[0]
        service.move(code, tokens[seat], g.legal_actions(seat)[-1])
        moves += 1
    room = service.room(code)
    assert room.state == "over" and moves > 5
    again = twin(service)  # (another process: its own cache)
    assert again.position(code).save() == service.position(code).save()
    assert [m.number for m in again.changes_since(code, 0).moves] == list(range(room.moves))
    with pytest.raises(SeatRefused) as caught:
        service.move(code, tokens[0], "p0 discover")
    assert caught.value.key == "over"


def test_the_view_is_the_referees_view_of_the_seat(service: RoomService) -> None:
    code, tokens, _ = playing(service)
    g = service.position(code)
    for seat, token in tokens.items():
        assert service.view(code, token) == g.view(seat)


def test_changes_since_tell_no_choice(service: RoomService) -> None:
    code, tokens, _ = playing(service)
    seat = to_person(service, code, tokens)
    n = service.room(code).moves
    service.move(code, tokens[seat], service.position(code).legal_actions(seat)[0])
    changes = service.changes_since(code, n)
    assert [(m.number, m.seat) for m in changes.moves] == [(n, seat)]
    assert not hasattr(changes.moves[0], "action") and changes.room.moves == n + 1


def race(code: str, movers: list[tuple[RoomService, int, str, Any]], at: int) -> tuple[list[int], list[tuple[int, Any]]]:
    """Each ``(service, seat, token, action)`` moves in its own thread, all let go at once: what was taken
    (the moves stored after it), and the seats and choices told the table moved on."""
    calls = {k: partial(s.move, code, token, action, at=at) for k, (s, _seat, token, action) in enumerate(movers)}
    taken, moved_on = at_once(calls, MovedOn)
    return [n for _k, n in taken], [(movers[k][1], movers[k][3]) for k in moved_on]


def test_two_devices_moving_at_once_one_move_is_taken(service: RoomService) -> None:
    """A sealed bid asks two people at once; both send their bid at the same moment: the store takes
    one, the other device is told the table moved on, and its bid, sent again, is taken next."""
    code, tokens, _ = playing(service, seats=["person", "person"], seed=3)
    other = twin(service)
    races, pick = 0, random.Random(1)
    while races < 3 and service.room(code).state == "playing":
        g = service.position(code)
        deciders = g.deciders()
        if len(deciders) < 2:
            service.move(code, tokens[deciders[0]], pick.choice(g.legal_actions(deciders[0])))
            continue
        other.position(code)  # (both at the same position)
        done, moved_on = race(code, [(s, d, tokens[d], g.legal_actions(d)[0]) for s, d in zip((service, other), deciders)],
                              len(g.history))
        n = len(g.history)
        assert done == [n + 1] and len(moved_on) == 1
        assert service.room(code).moves == n + 1 == len(other.changes_since(code, 0).moves)
        seat, action = moved_on[0]
        assert service.move(code, tokens[seat], action) == n + 2  # (sent again: taken, once)
        races += 1
    assert races >= 1


def test_bots_move_once_whichever_process_runs_them(service: RoomService) -> None:
    code, tokens, _ = playing(service, seats=["person", "random", "heuristic", "random"], seed=5)
    others = [twin(service) for _ in range(2)]
    reference = RoomService(str(Path(service.store.engine.url.database).with_name("solo.sqlite3")), clock=service.clock)
    solo, solo_tokens, _ = playing(reference, seats=["person", "random", "heuristic", "random"], seed=5)
    for _ in range(6):
        threads = [threading.Thread(target=s.run_bots, args=(code,)) for s in (service, *others)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        reference.run_bots(solo)
        g = service.position(code)
        assert g.save() == reference.position(solo).save()  # (each bot move once, as one process would)
        if g.is_over():
            break
        seat = g.deciders()[0]
        service.move(code, tokens[seat], g.legal_actions(seat)[0])
        reference.move(solo, solo_tokens[seat], g.legal_actions(seat)[0])


# --- expiry and closing -------------------------------------------------------------------------


def test_a_room_left_alone_expires(service: RoomService, clock: Clock) -> None:
    code, tokens, _ = playing(service)
    idle = service.open("portroyal", {}, ["person", "random"]).code
    clock.now += 1800
    seat = to_person(service, code, tokens)
    service.move(code, tokens[seat], service.position(code).legal_actions(seat)[0])
    clock.now += 1801
    assert service.expire() == [idle]
    with pytest.raises(RoomEnded) as caught:
        service.room(idle)
    assert caught.value.key == "expired_minutes" and caught.value.details["n"] == 60
    assert "60 Minuten" in caught.value.text("de")
    clock.now += 1800
    with pytest.raises(RoomEnded):
        service.move(code, tokens[seat], "p0 draw")
    assert service.expire() == []


def test_the_opener_closes_the_room(service: RoomService) -> None:
    code, tokens, opener = playing(service)
    with pytest.raises(SeatRefused):
        service.close(code, tokens[0])
    service.close(code, opener)
    for call in (lambda: service.room(code), lambda: service.move(code, tokens[0], "p0 draw"),
                 lambda: service.take_seat(code)):
        with pytest.raises(RoomEnded) as caught:
            call()
        assert caught.value.key == "closed"
    assert service.store.purge(service.clock() + 1) == 1
    with pytest.raises(NoSuchRoom):
        service.room(code)


# --- opening ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "options", "seats", "key"), [
    ("chess", {}, ["person", "random"], "unknown_game"),
    ("importexport", {}, ["person"], "seat_count"),
    ("importexport", {}, ["person"] * 7, "seat_count"),
    ("importexport", {}, ["random", "random"], "no_person"),
    ("importexport", {}, ["person", "grandmaster"], "seat_kind"),
    ("importexport", {"abilities": "yes"}, ["person", "random"], "bad_setting"),
    ("importexport", {"colour": 1}, ["person", "random"], "bad_setting"),
    ("importexport", {"modules": ["no-such-module"]}, ["person", "random"], "bad_options"),
    ("portroyal", {"mode": "tournament"}, ["person", "random"], "bad_options"),
])
def test_settings_that_open_no_room_are_refused_by_name(service: RoomService, game: str, options: dict[str, Any],
                                                       seats: list[str], key: str) -> None:
    with pytest.raises(RoomSetupError) as caught:
        service.open(game, options, seats)
    assert caught.value.key == key
    assert caught.value.text("de") != caught.value.text("en")
    assert service.store.stale(float("inf")) == []


def test_the_room_keeps_the_seed_and_options(service: RoomService) -> None:
    opened = service.open("importexport", {"abilities": True, "modules": []}, ["person", "random"], seed=2**64 - 1)
    room = service.room(opened.code)
    assert room.seed == 2**64 - 1 and room.options == {"abilities": True, "modules": []}
    service.take_seat(opened.code)
    service.start(opened.code, opened.opener)
    assert service.position(opened.code).save() == GAMES["importexport"].new(
        players=2, seed=2**64 - 1, abilities=True).save()


# --- the store's faults -------------------------------------------------------------------------


def test_a_store_that_cannot_be_made_is_unreachable(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(StoreError) as caught:
        Store(str(tmp_path / "file" / "rooms.sqlite3"))
    assert caught.value.key == "unreachable"
    with pytest.raises(StoreError) as caught:
        Store("mysql://somewhere/rooms")
    assert caught.value.key == "bad_url" and caught.value.text("de") != str(caught.value)


def test_a_store_of_another_shape_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE rooms (name TEXT)")
    with pytest.raises(StoreError) as caught:
        Store(str(path))
    assert caught.value.key == "schema"


def test_a_locked_store_is_told_busy_and_keeps_the_room(service: RoomService, tmp_path: Path) -> None:
    code, tokens, _ = playing(service)
    seat = to_person(service, code, tokens)
    version = service.room(code).version
    quick = twin(service, Store(service.store.url, busy_ms=50))
    quick.position(code)
    holder = sqlite3.connect(tmp_path / "rooms.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError) as caught:
            quick.move(code, tokens[seat], quick.position(code).legal_actions(seat)[0])
        assert caught.value.key == "locked"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert service.room(code).version == version


def test_a_damaged_move_is_told(service: RoomService, tmp_path: Path) -> None:
    code, tokens, _ = playing(service)
    with sqlite3.connect(tmp_path / "rooms.sqlite3") as conn:
        conn.execute("INSERT INTO moves VALUES (?, 0, 0, 'p0 fly', 0)", (code,))
        conn.execute("UPDATE rooms SET moves = 1 WHERE code = ?", (code,))
    with pytest.raises(StoreError) as caught:
        twin(service).position(code)
    assert caught.value.key == "damaged" and "move 0" in str(caught.value)


def test_every_error_is_a_room_error_with_a_german_sentence() -> None:
    from importexport.rooms.words import ROOMS

    for key in ROOMS:
        details = {k: "X" for k in ("code", "n", "alphabet", "game", "games", "reason", "name", "lo", "hi", "seat",
                                    "bots", "kind", "other", "where", "what", "url", "value")}
        details["n"] = 2
        error = RoomError(key, **details)
        assert error.text("de") != error.text("en"), key
