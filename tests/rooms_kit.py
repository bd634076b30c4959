"""What the rooms' browser tests share (``test_browser_rooms.py``, ``test_browser_rooms_postgres.py``):
a device (a page in a browser context of its own), the checks that no page holds another seat's hand,
one move of a page's seat.  Not a test module itself."""

from __future__ import annotations

import json
import re

from browser_kit import choose_seat, settle
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from importexport.rooms import RoomService

CHOICES = ".iex-room-table .iex-option, .iex-room-table .iex-do, .iex-room-table .iex-bid input"


def device(browser, url: str, width: int = 1280, height: int = 720, kept: dict[str, str] | None = None):
    """A page in a browser context of its own (its own local storage), recording the widget messages
    it receives."""
    context = browser.new_context(viewport={"width": width, "height": height})
    if kept:
        context.add_init_script(f"for (const [k, v] of Object.entries({json.dumps(kept)})) localStorage.setItem(k, v);")
    page = context.new_page()
    page.frames_seen = []  # type: ignore[attr-defined]
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: page.frames_seen.append(f)))  # type: ignore[attr-defined]
    page.goto(url, timeout=60_000, wait_until="commit")  # (the app's page comes up while the test goes on)
    return page


def open_four_seats(a) -> str:
    """On page ``a``'s new-game screen (Import/Export): four seats, a person, a person, the heuristic bot and
    a person; open a room of them; its code."""
    a.wait_for_selector(".iex-start", timeout=60_000)
    a.select_option(".iex-players select", "4")
    a.wait_for_selector(".iex-seat-3 select", timeout=10_000)
    settle(a)
    choose_seat(a, 1, "Person")
    choose_seat(a, 2, "Bot: heuristic")
    choose_seat(a, 3, "Person")
    a.locator(".iex-room-open").click()
    code = a.locator(".iex-room-code").inner_text(timeout=20_000).strip()
    return code


def hands_in_dom(page) -> set[int]:
    return set(
        page.evaluate("""() => [...document.querySelectorAll('.iex-zone-hand')]
        .map(e => Number(e.getAttribute('data-hand-seat')))
        .concat([...document.querySelectorAll('.iex-open-hand')].map(e => Number(e.closest('[data-seat]').getAttribute('data-seat'))))""")
    )


def cards_in_dom(page) -> set[int]:
    return set(
        page.evaluate(
            "() => [...document.querySelectorAll('[data-card]')].map(e => Number(e.getAttribute('data-card')))"
        )
    )


def assert_private(page, service: RoomService, code: str, seat: int | None) -> None:
    """No hand but ``seat``'s in the page's DOM, and none in the widget messages it has received."""
    g = service.position(code)
    secret = {c for q, p in enumerate(g.state.players) if q != seat for c in p.hand}
    assert hands_in_dom(page) <= ({seat} if seat is not None else set())
    assert not cards_in_dom(page) & secret
    for frame in page.frames_seen:
        text = frame if isinstance(frame, str) else frame.decode("utf-8", "replace")
        for q in re.findall(r'"hand":\s*\{"seat":\s*(\d+)', text):
            assert int(q) == seat, f"seat {q}'s hand reached the page of seat {seat}"
        assert not re.search(r'"open_hands":\s*\{"', text)


def play_once(page) -> bool:
    """The page's seat makes one move if it is asked (a bid of 0, or its last option)."""
    try:
        if page.locator(".iex-room-table .iex-bid input").count():
            page.locator(".iex-room-table .iex-bid input").first.fill("0", timeout=3_000)
            page.locator(".iex-room-table .iex-seal").first.click(timeout=3_000)
            return True
        options = page.locator(".iex-room-table .iex-option, .iex-room-table .iex-do")
        if options.count():
            options.last.click(timeout=3_000)
            return True
    except PlaywrightTimeout:  # (redrawn under the pointer: look again)
        return False
    return False


def log_text(page) -> str:
    return page.inner_text(".iex-room-table .iex-log") if page.locator(".iex-room-table .iex-log").count() else ""


def kept_tokens(page, code: str) -> dict[str, str]:
    """The tokens the page's browser keeps for room ``code`` (``{"seat", "opener"}``)."""
    text = page.evaluate("k => localStorage.getItem(k)", f"importexport-room-{code}")
    return json.loads(text) if text else {}
