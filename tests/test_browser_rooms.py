"""A room in Chromium (issue 31): one app server, its rooms in an SQLite file of the test's own, three
devices. A (a laptop) opens a 4-seat Import/Export room (two people, a bot, one person's seat left for a
bot at the start) and takes seat 1; B (a phone held upright, 390×844) follows the link and takes seat 2;
a third page, whose browser holds a forged seat token, gets no seat and shows the projector's table.
Each device plays its seat, the others see the move, the bots move, no page ever holds another seat's
hand (in its DOM, nor in the widget messages it received), B reloads and is back at its seat."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from browser_kit import ARTIFACTS, SERVER, app_url, browser, needs_chromium, settle
from rooms_kit import CHOICES, assert_private, device, log_text, open_four_seats, play_once

from importexport.rooms import RoomService

__all__ = ["app_url", "browser"]  # (the fixtures this module uses)
pytestmark = needs_chromium


@pytest.fixture(scope="module")
def rooms_file(app_url: str) -> Path:
    """The SQLite file of the rooms of the app's server in use (browser_kit.serve_app gives each server
    one of the test's own)."""
    return SERVER["rooms"]


def projector_fits(page) -> None:
    """The projector's table opens in projector mode and fits a 1280x720 and a 1920x1080 screen: nothing
    sideways, the board's last line within the window (screenshots in test-artifacts/)."""
    page.wait_for_selector(".iex-room-table .iex-board.iex-projector", timeout=20_000)
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in ((1280, 720), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        settle(page, quiet=0.5)
        seen = page.evaluate("""() => {
          const board = document.querySelector('.iex-room-table .iex-board');
          const low = Math.max(...[...board.querySelectorAll(':scope > *, .iex-centre > *')]
            .map(e => e.getBoundingClientRect().bottom));
          return {wide: document.scrollingElement.scrollWidth, bottom: low + window.scrollY,
                  smallest: Math.min(...[...board.querySelectorAll('*')]
                    .filter(e => e.offsetParent && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
                    .map(e => parseFloat(getComputedStyle(e).fontSize)))};
        }""")
        page.screenshot(path=str(ARTIFACTS / f"room-table-projector-{width}x{height}.png"))
        assert seen["wide"] <= width and seen["bottom"] <= height, (width, height, seen)
    page.set_viewport_size({"width": 1280, "height": 720})


def test_a_room_on_three_devices(browser, app_url: str, rooms_file: Path) -> None:
    started = time.perf_counter()
    a = device(browser, app_url)
    code = open_four_seats(a)
    link = a.locator(".iex-room-link a").get_attribute("href")
    assert re.fullmatch(r"[ACDEFHJKMNPRTWXY3479]{6}", code) and link == f"{app_url}?room={code}"
    a.locator(".iex-room-take-0").click()
    a.wait_for_selector(".iex-room-seat-0 >> text=this device", timeout=20_000)

    b = device(browser, link, 390, 844)
    forged = {f"importexport-room-{code}": json.dumps({"seat": "f" * 32})}
    t = device(browser, link, kept=forged)  # (its kernel starts while B takes its seat)
    b.locator(".iex-room-take-1").click(timeout=60_000)
    b.wait_for_selector(".iex-room-seat-1 >> text=this device", timeout=20_000)
    a.wait_for_selector(".iex-room-seat-1 >> text=taken", timeout=5_000)  # (A's page follows the room)

    t.wait_for_selector(".iex-room-seat-1 >> text=taken", timeout=60_000)
    assert not t.locator(".iex-room-take-0").count()  # (taken) and the forged token holds no seat:
    assert t.locator(".iex-room-take-3").count() and not t.locator(".iex-room-table").count()

    service = RoomService(str(rooms_file))
    a.locator(".iex-room-start").click()
    a.wait_for_selector(".iex-room-table", timeout=20_000)
    b.wait_for_selector(".iex-room-table", timeout=20_000)
    t.locator(".iex-room-show-table").click(timeout=20_000)
    t.wait_for_selector(".iex-room-table .iex-board, .iex-room-table .iex-table", timeout=20_000)

    moved = {0: 0, 1: 0}
    narrow = 0
    seen: list[float] = []
    deadline = time.time() + 60
    while min(moved.values()) < 1 or len(seen) < 3:
        assert time.time() < deadline, f"the seats' moves took over a minute: {moved}"
        for seat, page, other in ((0, a, b), (1, b, a)):
            settle(page, quiet=0.1)
            if seat == 1 and page.locator(CHOICES).count():  # (the phone, its decision up: no sideways scrolling)
                assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 390
                narrow += 1
            before, stored = log_text(other), len(service.changes_since(code, 0).moves)
            if play_once(page):
                moved[seat] += 1
                shown = other.wait_for_function(
                    "before => { const e = document.querySelector('.iex-room-table .iex-log');"
                    " return e && e.innerText !== before && Date.now(); }",
                    arg=before,
                    timeout=10_000,
                    polling=20,
                )
                move = next(m for m in service.changes_since(code, stored).moves if m.seat == seat)
                seen.append(shown.json_value() / 1000 - move.time)  # (from the move's storing to the other page)
            assert_private(page, service, code, seat)
    assert_private(t, service, code, None)
    projector_fits(t)
    stored = service.changes_since(code, 0).moves
    assert {m.seat for m in stored} >= {0, 1, 2, 3}  # the bots moved too (run by the pages' kernels)
    assert len(service.position(code).history) == len(stored)  # each move stored once
    assert narrow and b.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    assert b.locator(".iex-room-table .iex-zone-hand").count() == 1

    b.reload()
    b.wait_for_selector(".iex-room-table .iex-zone-hand[data-hand-seat='1']", timeout=60_000)
    assert_private(b, service, code, 1)
    assert b.locator(".iex-zone-hand").bounding_box()["y"] < 844  # (the phone's hand on its first screen)
    print(
        f"\nfrom a move's storing to the other device's page: {', '.join(f'{s * 1000:.0f}' for s in seen)} ms; "
        f"whole test {time.perf_counter() - started:.1f} s"
    )
    # (each move reached the other page within wait_for_function's 10 s; the times themselves depend on the
    # machine's load and are reported, not asserted: docs/rooms.md)
    for page in (a, b, t):
        page.close(run_before_unload=True)
