"""Rooms across app servers (issue 31): a throwaway PostgreSQL and two ``importexport app`` servers
(different ports, the same ``--rooms postgresql://...``), a device on each, in Chromium.

1. Import/Export, four seats (two people, a bot, a person's seat left for a bot at the start): A opens
   the room on server 1, B joins on server 2 by the code; each plays, each move shows on the other
   page; PostgreSQL restarts mid-game and play goes on with nothing lost; the store holds each move
   once, the bots' moves each the one the bot chooses (whichever process ran it); B reloads and is back
   at its seat; no page holds another seat's hand.
2. Port Royal (two devices and a bot) played to the end, B's page in German: the store is driven
   through the devices' own seat tokens until the last moves, which are made by clicking on the pages;
   both pages show the final score.
The two devices' pages are kept from test to test (a page's first load waits for a kernel)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_kit import ARTIFACTS, browser, choose_seat, needs_chromium, serve_apps, settle
from postgres_kit import Server, fresh_database, postgres_server, wait_until
from rooms_kit import CHOICES, assert_private, device, kept_tokens, log_text, open_four_seats, play_once

from importexport.bots import make_bot
from importexport.protocol import table_kit
from importexport.rooms import PERSON, RoomService
from importexport.rooms.service import _bot_seed

__all__ = ["browser"]  # (the fixtures this module uses)
pytestmark = needs_chromium


@pytest.fixture(scope="module")
def database() -> Iterator[tuple[Server, str]]:
    with postgres_server() as server:
        yield server, fresh_database(server)


@pytest.fixture(scope="module")
def servers(database: tuple[Server, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    with serve_apps(tmp_path_factory, 2, database[1]) as served:
        yield [url for url, _pid, _store in served]


@pytest.fixture(scope="module")
def devices(browser, servers: list[str]) -> Iterator[tuple[object, object]]:
    """A laptop's page on server 1, another on server 2."""
    a, b = device(browser, servers[0]), device(browser, servers[1])
    yield a, b
    for page in (a, b):
        page.close(run_before_unload=True)


def join_by_code(page, code: str) -> None:
    """The new-game screen's *Join a room*: the code typed as a person might (small letters, a dash)."""
    page.fill(".iex-room-code-entry input", f"{code[:3].lower()}-{code[3:].lower()}", timeout=60_000)
    page.locator(".iex-room-join").click()


def play_round(pages: dict[int, object], service: RoomService, code: str) -> None:
    """Each page's seat moves once; every move shows on the other page (its log changes)."""
    moved = dict.fromkeys(pages, 0)
    deadline = time.time() + 90
    while min(moved.values()) < 1:
        assert time.time() < deadline, f"the seats' moves took over 90 s: {moved}"
        for seat, page in pages.items():
            other = next(p for s, p in pages.items() if s != seat)
            settle(page, quiet=0.1)
            before, stored = log_text(other), len(service.changes_since(code, 0).moves)
            if play_once(page) and wait_until(
                lambda seat=seat, stored=stored: any(m.seat == seat for m in service.changes_since(code, stored).moves)
            ):  # (a click on a choice another's move has just taken away is refused: the page looks again)
                moved[seat] += 1
                other.wait_for_function(
                    "before => { const e = document.querySelector('.iex-room-table .iex-log');"
                    " return e && e.innerText !== before; }",
                    arg=before,
                    timeout=30_000,
                    polling=50,
                )
            assert_private(page, service, code, seat)


def test_two_app_servers_play_one_import_export_room(devices, database: tuple[Server, str], tmp_path: Path) -> None:
    server, url = database
    a, b = devices
    code = open_four_seats(a)
    a.locator(".iex-room-take-0").click()
    a.wait_for_selector(".iex-room-seat-0 >> text=this device", timeout=20_000)

    join_by_code(b, code)  # (on the other server)
    b.locator(".iex-room-take-1").click(timeout=20_000)
    b.wait_for_selector(".iex-room-seat-1 >> text=this device", timeout=20_000)
    a.wait_for_selector(".iex-room-seat-1 >> text=taken", timeout=10_000)  # (through PostgreSQL's NOTIFY)

    service = RoomService(url)
    a.locator(".iex-room-start").click()
    a.wait_for_selector(".iex-room-table", timeout=20_000)
    b.wait_for_selector(".iex-room-table", timeout=20_000)
    play_round({0: a, 1: b}, service, code)

    stored = len(service.changes_since(code, 0).moves)
    server.restart()  # (every connection of both app servers is cut: the pool's and the watchers')
    assert len(service.changes_since(code, 0).moves) == stored  # nothing lost
    play_round({0: a, 1: b}, service, code)  # (the pages' next moves and their notifications go through)

    moves = service.store.moves(code)
    assert [m.number for m in moves] == list(range(len(moves)))
    assert {m.seat for m in moves} >= {0, 1, 2, 3}  # the bots moved (run by the servers' kernels)
    room = service.room(code)
    g = service.position(code)
    assert [str(x) for x in g.history] == [m.action for m in moves]
    # each bot move is the one its bot chooses there, whichever process ran it: never a second bot's move
    replay = replay_start(service, code, tmp_path)
    for m in moves:
        kind = room.seats[m.seat].kind
        assert m.seat in replay.deciders(), m
        if kind != PERSON:
            bot = make_bot(kind, _bot_seed(str(room.seed), m.number, m.seat), room.game)
            assert str(bot.choose(replay.copy(), m.seat)) == m.action, m
        replay.apply(g.history[m.number])

    b.reload()
    b.wait_for_selector(".iex-room-table .iex-zone-hand[data-hand-seat='1']", timeout=60_000)
    assert_private(b, service, code, 1)
    assert_private(a, service, code, 0)
    for page in (a, b):
        page.locator(".iex-room-leave").click()
        page.wait_for_selector(".iex-start", timeout=20_000)


def click_choice(page, label: str) -> bool:
    """Click the page's choice named ``label`` (a button, or an entry of a drop-down list and its *Do*)."""
    found = page.evaluate(
        """label => {
          const fits = t => { t = t.trim(); return t === label || t.startsWith(label + ' '); };
          const buttons = [...document.querySelectorAll('.iex-room-table .iex-option')];
          const i = buttons.findIndex(e => fits(e.innerText));
          if (i >= 0) return {button: i};
          const lists = [...document.querySelectorAll('.iex-room-table .iex-choice select')];
          for (let j = 0; j < lists.length; j++) {
            const o = [...lists[j].options].find(o => fits(o.text));
            if (o) return {list: j, value: o.value};
          }
          return null;
        }""",
        label,
    )
    if found is None:
        return False
    if "button" in found:
        page.locator(".iex-room-table .iex-option").nth(found["button"]).click(timeout=5_000)
    else:
        chooser = page.locator(".iex-room-table .iex-choice").nth(found["list"])
        chooser.locator("select").select_option(value=found["value"], timeout=5_000)
        chooser.locator("xpath=..").locator(".iex-do").click(timeout=5_000)
    return True


def test_a_port_royal_room_played_to_the_end_on_two_servers_one_page_in_german(
    devices, database: tuple[Server, str], tmp_path: Path
) -> None:
    _server, url = database
    a, b = devices
    b.get_by_role("button", name="Deutsch", exact=True).first.click()
    b.wait_for_function("() => document.querySelector('.iex-app').innerText.includes('Spiel')", timeout=15_000)
    a.get_by_role("button", name="Port Royal", exact=True).click()
    a.wait_for_selector(".iex-pr-mode select", state="visible", timeout=15_000)
    settle(a)
    a.select_option(".iex-players select", "3")
    a.wait_for_selector(".iex-seat-2 select", timeout=10_000)
    settle(a)
    choose_seat(a, 1, "Person")
    choose_seat(a, 2, "Bot: heuristic")
    a.locator(".iex-room-open").click()
    code = a.locator(".iex-room-code").inner_text(timeout=20_000).strip()
    a.locator(".iex-room-take-0").click()
    join_by_code(b, code)
    b.locator(".iex-room-take-1").click(timeout=20_000)
    b.wait_for_selector(".iex-room-seat-1 >> text=dieses Gerät", timeout=20_000)
    a.wait_for_selector(".iex-room-seat-1 >> text=taken", timeout=10_000)
    a.locator(".iex-room-start").click()
    a.wait_for_selector(".iex-room-table", timeout=20_000)
    b.wait_for_selector(".iex-room-table", timeout=20_000)

    # the whole game, played first in a room of this test's own with the same seed: the heuristic bot
    # decides for both people, the room's bot as in every process (its seed: the room's, the move's number)
    service = RoomService(url)
    sim, sim_code, sim_tokens = same_room(service, code, tmp_path)
    person = make_bot("heuristic", 7, "portroyal")
    while not (g := sim.position(sim_code)).is_over():
        seat = g.deciders()[0]
        if seat in sim_tokens:
            sim.move(sim_code, sim_tokens[seat], person.choose(g.copy(), seat), at=len(g.history))
        else:
            assert sim.run_bots(sim_code, limit=1) == 1
    game = sim.position(sim_code).history
    seats = [x.player for x in game]
    last = [k for k, seat in enumerate(seats) if seat in (0, 1)][-4:]  # the people's last four moves: clicked
    tokens = {0: kept_tokens(a, code)["seat"], 1: kept_tokens(b, code)["seat"]}

    for k, choice in enumerate(game[: last[0]]):  # the moves before them: through the service, with the
        # devices' own seat tokens, as their pages would send them (the bots' by any process: here or a page)
        if seats[k] in tokens:
            service.move(code, tokens[seats[k]], choice, at=k)
        else:
            service.run_bots(code, limit=1)
        assert wait_until(lambda k=k: service.room(code).moves > k), k
    for k in range(last[0], len(game)):
        seat = seats[k]
        if seat in tokens:  # the page's own click, once the page has drawn the position of k moves
            page, lang = (a, "en") if seat == 0 else (b, "de")
            g = service.position(code)
            label = g.describe(game[k], lang)
            deadline = time.time() + 60
            while service.room(code).moves == k:
                assert time.time() < deadline, f"move {k} ({label}) was not made on the page"
                settle(page, quiet=0.2)
                if not click_choice(page, label):
                    continue
                wait_until(lambda k=k: service.room(code).moves > k, timeout=5)
        assert wait_until(lambda k=k: service.room(code).moves > k, timeout=30), f"move {k} was not stored"
    assert [str(x) for x in service.position(code).history] == [str(x) for x in game]  # (the bots chose alike)
    assert service.room(code).state == "over"

    a.wait_for_function("() => document.querySelector('.iex-room-table').innerText.includes('The game is over.')",
                        timeout=30_000)
    b.wait_for_function("() => document.querySelector('.iex-room-table').innerText.includes('Das Spiel ist vorbei.')",
                        timeout=30_000)
    ARTIFACTS.mkdir(exist_ok=True)
    for name, page in (("a-en", a), ("b-de", b)):
        settle(page)
        page.screenshot(path=str(ARTIFACTS / f"room-pr-over-{name}.png"))
    over = service.position(code)
    for page, lang in ((a, "en"), (b, "de")):  # the final score on every page, in the page's language
        rows = page.evaluate("""() => [...document.querySelectorAll('.iex-room-table .iex-pr-score')]
          .map(r => [...r.querySelectorAll('td')].slice(0, 2).map(d => d.innerText.replace('★', '').trim()))""")
        assert rows == [[table_kit(over).seat_name(r["seat"], lang), str(r["points"])] for r in over.scores()], rows
    assert not a.locator(CHOICES).count() and not b.locator(CHOICES).count()


def same_room(service: RoomService, code: str, tmp_path: Path) -> tuple[RoomService, str, dict[int, str]]:
    """A room of the test's own (an SQLite file) like room ``code``: the same game, settings, seed and
    seats, started, with the tokens of its people's seats."""
    room = service.room(code)
    sim = RoomService(str(tmp_path / "same.sqlite3"))
    kinds = [s.kind for s in room.seats]
    opened = sim.open(room.game, room.options, kinds, seed=room.seed)
    tokens = {seat: sim.take_seat(opened.code, seat)[1] for seat, kind in enumerate(kinds) if kind == PERSON}
    sim.start(opened.code, opened.opener)
    return sim, opened.code, tokens


def replay_start(service: RoomService, code: str, tmp_path: Path):
    """Room ``code``'s game before its first move (rebuilt by a service of the test's own)."""
    sim, sim_code, _tokens = same_room(service, code, tmp_path)
    return sim.position(sim_code)
