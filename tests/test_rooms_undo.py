"""Undo in a room (``docs/rooms.md``): a seat takes back only its own last move, only while nobody has
moved since and nothing hidden came to light (each seat has its own screen: the mover's own cards
count too); the move stays in the store and an undo record follows it, so every process's replay
takes it back; an undo and another device's move at the same moment: one is taken."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from helpers import at_once
from test_fair_undo import ie_seen, logged, pr_seen

from importexport.rooms import UNDO, MovedOn, RoomService, SeatRefused, StoreError


@pytest.fixture
def service(tmp_path: Path) -> Iterator[RoomService]:
    s = RoomService(str(tmp_path / "rooms.sqlite3"))
    yield s
    s.store.close()


def people(service: RoomService, game: str, n: int, seed: int, bots: tuple[str, ...] = ()) -> tuple[str, dict[int, str]]:
    """A started room of ``n`` people (and ``bots`` after them): its code and each seat's token."""
    opened = service.open(game, {"mode": "base"} if game == "portroyal" else {}, ["person"] * n + list(bots), seed=seed)
    tokens = dict(service.take_seat(opened.code) for _ in range(n))
    service.start(opened.code, opened.opener)
    return opened.code, tokens


def until(service: RoomService, code: str, tokens: dict[int, str], rng: random.Random,
          found: Callable[[Any], bool], limit: int = 400) -> Any:
    """Random moves of the people (and the bots' answers) until ``found(position)``; that position."""
    for _ in range(limit):
        service.run_bots(code)
        g = service.position(code)
        assert not g.is_over(), "the game ended before the position looked for"
        if found(g):
            return g
        seat = next(s for s in g.deciders() if s in tokens)
        service.move(code, tokens[seat], rng.choice(g.legal_actions(seat)))
    raise AssertionError("no such position within the moves tried")


def undoable(service: RoomService, code: str, tokens: dict[int, str]) -> Callable[[Any], int | None]:
    return lambda g: next((s for s in tokens if service.undo_refusal(code, tokens[s]) is None), None)


@pytest.mark.parametrize("game", ["importexport", "portroyal"])
def test_a_seat_takes_back_its_own_last_move_and_every_process_sees_it(service: RoomService, game: str) -> None:
    code, tokens = people(service, game, 3 if game == "importexport" else 2, seed=4)
    warm = RoomService(service.store.url)  # (another process, following the room)
    g = until(service, code, tokens, random.Random(4), lambda g: undoable(service, code, tokens)(g) is not None)
    seat = undoable(service, code, tokens)(g)
    mover = g.history[-1]
    assert mover.player == seat and warm.position(code).history == g.history
    others = {s: service.undo_refusal(code, t) for s, t in tokens.items() if s != seat}
    assert set(others.values()) <= {"undo_other", "undo_nothing"}  # nobody takes back another's move
    for s in others:
        with pytest.raises(SeatRefused):
            service.undo(code, tokens[s])
    stored = service.room(code).moves
    with pytest.raises(MovedOn):
        service.undo(code, tokens[seat], at=stored - 1)  # (a page that drew an older position)

    assert service.undo(code, tokens[seat], at=stored) == stored + 1
    before = g.history[:-1]
    for s in (service, warm, RoomService(service.store.url)):  # (this process, one that followed, a new one)
        assert s.position(code).history == before
    records = service.store.moves(code)  # the move stays stored; an undo record follows it
    assert [m.number for m in records] == list(range(stored + 1))
    assert records[-2].action == str(mover) and (records[-1].seat, records[-1].action) == (seat, UNDO)
    change = service.changes_since(code, stored).moves
    assert [(m.number, m.seat, m.undo) for m in change] == [(stored, seat, True)]
    assert seat in service.position(code).deciders()  # the seat decides again, and its move is taken
    assert service.move(code, tokens[seat], service.position(code).legal_actions(seat)[0], at=stored + 1) == stored + 2
    assert warm.position(code).history == service.position(code).history


@pytest.mark.parametrize(("game", "seed"), [("importexport", 1), ("importexport", 2), ("portroyal", 1), ("portroyal", 3)])
def test_no_undo_in_a_room_takes_back_what_any_seat_saw_come_to_light(service: RoomService, game: str, seed: int) -> None:
    """Random games of people: whenever the service allows a seat's undo, the last move was that seat's,
    and, read off every seat's view by this test on its own, no seat saw a card it had not seen before
    the move and the log named no card some seat had not seen; then the undo is made now and then."""
    n = 3 if game == "importexport" else 2
    seen = ie_seen if game == "importexport" else pr_seen
    code, tokens = people(service, game, n, seed)
    rng = random.Random(seed)
    allowed = refused = undone = 0
    while not (g := service.position(code)).is_over() and len(g.history) < 100:
        prev = g.copy()
        prev.undo(1 if g.history else 0)
        for seat, token in tokens.items():
            why = service.undo_refusal(code, token)
            refused += why == "undo_revealed"
            if why is None:
                allowed += 1
                assert g.history[-1].player == seat
                for q in range(n):
                    assert seen(g, q) <= seen(prev, q), (g.history[-1], q)
                assert logged(g, len(prev.log)) <= set.intersection(*(seen(prev, q) for q in range(n)))
                if rng.random() < 0.25:
                    service.undo(code, token)
                    undone += 1
                    assert service.position(code).history == prev.history
                    break
        else:
            seat = g.deciders()[0]
            service.move(code, tokens[seat], rng.choice(g.legal_actions(seat)))
    print(f"\n{game} {seed}: {allowed} undos allowed, {refused} refused as revealing, {undone} made")
    assert allowed > 5 and refused > 5 and undone > 0


def test_an_undo_and_another_devices_move_at_once_one_is_taken(service: RoomService) -> None:
    code, tokens = people(service, "portroyal", 2, seed=2)
    rng, races = random.Random(2), 0
    while races < 2:
        g = until(service, code, tokens, rng, lambda g: any(
            service.undo_refusal(code, t) is None and any(d != s for d in g.deciders()) for s, t in tokens.items()))
        seat = next(s for s, t in tokens.items() if service.undo_refusal(code, t) is None)
        other = next(d for d in g.deciders() if d != seat)
        n = service.room(code).moves
        twin = RoomService(service.store.url)
        twin.position(code)
        taken, moved_on = at_once({
            "undo": partial(service.undo, code, tokens[seat], at=n),
            "move": partial(twin.move, code, tokens[other], g.legal_actions(other)[0], at=n),
        }, MovedOn)
        assert len(taken) == 1 and taken[0][1] == n + 1 and len(moved_on) == 1, (taken, moved_on)
        records = service.store.moves(code)
        assert len(records) == n + 1 and (records[-1].action == UNDO) == (taken[0][0] == "undo")
        assert service.position(code).history == twin.position(code).history == RoomService(
            service.store.url).position(code).history
        if taken[0][0] == "move":  # (the undo came second: the move stays, nobody has it taken back)
            assert service.undo_refusal(code, tokens[seat]) in ("undo_other", "undo_revealed")
        races += 1


def test_an_undo_record_that_takes_back_no_move_of_its_seat_is_told_damaged(service: RoomService, tmp_path: Path) -> None:
    code, tokens = people(service, "importexport", 2, seed=3)
    seat = service.position(code).deciders()[0]
    other = 1 - seat
    with sqlite3.connect(tmp_path / "rooms.sqlite3") as conn:
        conn.execute("INSERT INTO moves VALUES (?, 0, ?, ?, 0)", (code, other, UNDO))
        conn.execute("UPDATE rooms SET moves = 1 WHERE code = ?", (code,))
    with pytest.raises(StoreError) as caught:
        RoomService(service.store.url).position(code)
    assert caught.value.key == "damaged" and "move 0" in str(caught.value)
