"""The app in a real browser: Voila serves ``importexport app``, Chromium (Debian's, driven by
Playwright) plays a whole 3-player game by clicking, and the scores on the page must equal what the
engine computes from the saved game.  Every request not to 127.0.0.1 is aborted.

A screenshot of the final page is written to ``test-artifacts/app-final.png``.
"""

from __future__ import annotations

import base64
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import kernels_below

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
REQUIRED = os.environ.get("IMPORTEXPORT_REQUIRE_BROWSER") == "1"  # set by .ci/run: never skip there
if not REQUIRED:
    pytest.importorskip("playwright.sync_api", reason="pip install -e .[test] brings Playwright")
    pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's Chromium: apt-get install chromium")
from playwright import sync_api as playwright  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

SERVER: dict[str, int] = {}


def kernels_of(pid: int) -> int:
    """How many kernels run below process ``pid`` (Voila's pool and the open pages' kernels)."""
    return len(kernels_below(pid))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def app_url() -> Iterator[str]:
    port = free_port()
    env = {**os.environ, "IMPORTEXPORT_BOT_PACE": "0.1"}
    proc = subprocess.Popen([sys.executable, "-m", "importexport.cli", "app", "--no-browser", f"--port={port}"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    SERVER["pid"] = proc.pid
    try:
        first = proc.stdout.readline() if proc.stdout else ""
        assert f"http://127.0.0.1:{port}/" in first, first  # the command prints where the app is
        deadline = time.time() + 60
        while time.time() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/"
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with playwright.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM))
        yield b
        b.close()


def open_app(browser, url: str):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("http://127.0.0.1") else route.abort())
    page.goto(url, timeout=60_000)
    page.wait_for_selector(".iex-start", timeout=60_000)
    return page


def app_text(page) -> str:
    return page.inner_text(".iex-app")


def click_and_wait(page, locator) -> None:
    """Click, then wait until the page shows something new (the server answered)."""
    before = app_text(page)
    locator.click()
    page.wait_for_function(
        "before => { const el = document.querySelector('.iex-app'); return el && el.innerText !== before; }",
        arg=before, timeout=15_000,
    )


def settle(page, quiet: float = 0.15) -> None:
    """Wait until the page has stopped changing for ``quiet`` seconds (widgets arrive in steps)."""
    last, since = app_text(page), time.time()
    while time.time() - since < quiet:
        time.sleep(0.05)
        now = app_text(page)
        if now != last:
            last, since = now, time.time()


def choose_seat(page, seat: int, role: str) -> None:
    page.select_option(f".iex-seat-{seat} select", label=role)


def test_play_a_whole_game_by_clicking(browser, app_url: str) -> None:
    page = open_app(browser, app_url)
    page.select_option(".iex-players select", label="2")
    page.fill(".iex-seed input", "3")
    page.locator(".iex-seed input").press("Enter")
    choose_seat(page, 1, "Bot: random")
    page.locator(".iex-start").click()
    page.wait_for_selector(".iex-prompt", timeout=30_000)

    # an illegal click: a Supply Island card is not in Player 1's hand, so it cannot be led
    page.wait_for_selector(".iex-option", timeout=30_000)
    island = page.locator(".iex-zone-island .iex-card").last
    click_and_wait(page, island)
    refusal = page.inner_text(".iex-refusal")
    assert "Not allowed" in refusal and "hand" in refusal

    # the language switch changes the texts, and back
    page.get_by_role("button", name="Deutsch", exact=True).first.click()
    page.wait_for_function("() => document.querySelector('.iex-prompt').innerText.includes('entscheidet')")
    assert "Spiel speichern" in app_text(page) and "Vorratsinsel" in page.inner_text(".iex-table")
    page.get_by_role("button", name="English", exact=True).first.click()
    page.wait_for_function("() => document.querySelector('.iex-prompt').innerText.includes('decides')")
    assert "Save the game" in app_text(page)

    board_clicks = {"card": 0, "ship": 0, "skip": 0}
    for turn in range(600):
        page.wait_for_selector(".iex-option, .iex-do, .iex-bid input, .iex-scores, .iex-skip:visible", timeout=30_000)
        settle(page)
        if page.locator(".iex-scores").count():
            break
        skip = page.locator(".iex-skip:visible")
        if skip.count():  # the bots' moves are shown one by one; a player in a hurry skips them
            if turn % 5 == 0:  # (now and then watch one move go by first)
                time.sleep(0.3)
            try:
                skip.first.click(timeout=3_000)
                board_clicks["skip"] += 1
            except PlaywrightTimeout:
                pass
            continue
        # most moves are made on the board itself: a card or ship the rules allow is marked clickable
        ships = page.locator(".iex-board .iex-ship.iex-clickable")
        cards = page.locator(".iex-board .iex-card.iex-clickable")
        target, what = (ships, "ship") if ships.count() and turn % 3 == 0 else (cards, "card")
        if target.count() and turn % 4 != 3:
            try:
                click_and_wait(page, target.nth(turn % target.count()))
                board_clicks[what] += 1
                continue
            except PlaywrightTimeout:  # the view moved on under the pointer: look again
                continue
        bid = page.locator(".iex-bid input")
        if bid.count():
            # on a loaded machine the entry seen can be the last one of a bid already sealed,
            # still on screen while the next view arrives; then the loop looks again
            seal = page.locator(".iex-seal").first
            try:
                seal.wait_for(timeout=5_000)
                bid.first.fill("0", timeout=5_000)
            except PlaywrightTimeout:
                continue
            click_and_wait(page, seal)
            continue
        click_and_wait(page, page.locator(".iex-option, .iex-do").last)
    page.wait_for_selector(".iex-scores", timeout=30_000)
    assert board_clicks["card"] >= 10 and board_clicks["ship"] >= 1, board_clicks  # (Skip: tests/test_widgets.py; bots are paced 0.1 s here)
    rows = page.locator(".iex-scores tr")
    shown = {}
    for i in range(rows.count()):
        text = rows.nth(i).inner_text()
        seat, total = re.match(r"Player (\d)", text), re.search(r"(-?\d+)\s+total", text)
        assert seat and total, text
        shown[int(seat.group(1)) - 1] = int(total.group(1))

    click_and_wait(page, page.locator(".iex-save").first)
    href = page.get_attribute(".iex-download", "href")
    assert href and href.startswith("data:application/json;base64,")
    from importexport.savefile import load

    saved = base64.b64decode(href.split(",", 1)[1])
    g = load(saved)
    assert g.is_over()
    assert shown == {s.seat: s.total for s in g.scores()}

    # the file chooser beside Save: too big and damaged files are refused by name, a saved game loads
    chooser = page.locator(".iex-load-over input[type=file]")
    for name, data, said in (("film.mp4", b"\0" * 1_500_000, "film.mp4 is 1,500,000 bytes"),
                             ("broken.json", b'{"format": "importexport-save"', "That file cannot be loaded"),
                             ("game.json", saved, "Loaded a game of 2 players")):
        chooser.set_input_files({"name": name, "mimeType": "application/octet-stream", "buffer": data})
        page.wait_for_function("said => document.querySelector('.iex-message').innerText.includes(said)",
                               arg=said, timeout=15_000)
    page.wait_for_selector(".iex-scores", timeout=15_000)  # (the loaded game is the finished one)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "app-final.png"), full_page=True)
    page.close(run_before_unload=True)


def start_game(page, players: int, modules: bool) -> None:
    page.select_option(".iex-players select", label=str(players))
    for seat in range(1, players):
        choose_seat(page, seat, "Bot: random")
    if modules:
        page.locator(".iex-abilities input").check()
        for box in page.locator("[class*='iex-module-'] input").all():
            box.check()
    page.locator(".iex-start").click()
    page.wait_for_selector(".iex-board .iex-seat-panel", timeout=30_000)
    page.wait_for_selector(".iex-prompt", timeout=30_000)
    settle(page, 0.3)


def inside(page, selector: str) -> list[str]:
    """The elements matching ``selector`` that stick out of the viewport (empty: all inside)."""
    size = page.viewport_size
    out = []
    for i, box in enumerate(el.bounding_box() for el in page.locator(selector).all()):
        if box is None:
            continue
        if box["x"] < 0 or box["y"] < 0 or box["x"] + box["width"] > size["width"] + 0.5 \
                or box["y"] + box["height"] > size["height"] + 0.5:
            out.append(f"{selector}[{i}] {box}")
    return out


ZONES = [".iex-board .iex-status", ".iex-seat-panel", ".iex-zone-sea", ".iex-zone-hand", ".iex-prompt"]


@pytest.mark.parametrize(("width", "height", "players", "modules"), [
    (1280, 720, 2, False), (1280, 720, 3, False), (1280, 720, 4, False),
    (1920, 1080, 5, True), (1920, 1080, 6, True),
])
def test_the_whole_table_and_the_decision_fit_the_screen(browser, app_url: str, width: int, height: int,
                                                         players: int, modules: bool) -> None:
    page = browser.new_page(viewport={"width": width, "height": height})
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("http://127.0.0.1") else route.abort())
    page.goto(app_url, timeout=60_000)
    page.wait_for_selector(".iex-start", timeout=60_000)
    start_game(page, players, modules)
    assert page.locator(".iex-seat-panel").count() == players
    zones = ZONES + [".iex-zone-tokyo" if modules else ".iex-zone-island"] + ([".iex-zone-market"] if modules else [])
    zones.append(".iex-option, .iex-do, .iex-bid input")
    for zone in zones:
        assert page.locator(zone).count(), f"no {zone}"
    out = [bad for zone in zones for bad in inside(page, zone)]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"table-{width}x{height}-{players}p.png"))
    assert out == [], out
    smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.iex-board *')]
        .filter(e => e.offsetParent && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
        .map(e => parseFloat(getComputedStyle(e).fontSize)))""")
    assert smallest >= 14, f"text of {smallest}px on the board"
    if players in (4, 6):  # projector mode and German, as a class would see them
        page.locator(".iex-projector-toggle").click()
        page.wait_for_selector(".iex-board.iex-projector")
        names = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.iex-board .iex-tile .iex-name')]
            .map(e => parseFloat(getComputedStyle(e).fontSize)))""")
        assert names >= 18, f"card names of {names}px in projector mode"
        page.get_by_role("button", name="Deutsch", exact=True).first.click()
        page.wait_for_function("() => document.querySelector('.iex-prompt').innerText.includes('entscheidet')")
        settle(page, 0.3)
        page.screenshot(path=str(ARTIFACTS / f"table-{width}x{height}-{players}p-projector-de.png"))
        page.wait_for_selector(".iex-option, .iex-do", timeout=30_000)
        click_and_wait(page, page.locator(".iex-option, .iex-do").last)  # a move: now there is a game to keep
        settle(page, 0.3)
        page.reload()  # the projector switch is remembered, and the game is offered to continue
        page.locator(".iex-continue").wait_for(state="visible", timeout=60_000)
        assert "not finished" in page.inner_text(".iex-kept")
        page.locator(".iex-continue").click()
        page.wait_for_selector(".iex-board .iex-seat-panel", timeout=30_000)
        assert page.locator(".iex-board.iex-projector").count() == 1
        assert page.locator(".iex-seat-panel").count() == players
        page.locator(".iex-projector-toggle").click()
        page.get_by_role("button", name="English", exact=True).first.click()
    page.close(run_before_unload=True)


def test_closed_pages_give_their_kernels_back(browser, app_url: str) -> None:
    """Ten pages opened and closed (each asks Voila to shut its kernel down as it goes): within a
    minute only the preheated kernel is left."""
    pid = SERVER["pid"]
    deadline = time.time() + 60
    while kernels_of(pid) > 1 and time.time() < deadline:  # (earlier tests' pages going away)
        time.sleep(1)
    before = kernels_of(pid)  # the preheated kernel (and any an earlier test's page still holds)
    context = browser.new_context()
    for _ in range(10):
        page = context.new_page()
        page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("http://127.0.0.1")
                   else route.abort())
        page.goto(app_url, timeout=90_000)
        page.wait_for_selector(".iex-start", timeout=90_000)
        assert kernels_of(pid) >= 2  # this page's kernel, and the pool refilled
        page.close(run_before_unload=True)  # (its kernel is asked to go at once; the next page opens meanwhile)
    started = time.time()
    while kernels_of(pid) > before and time.time() - started < 60:
        time.sleep(1)
    assert kernels_of(pid) <= before, f"{kernels_of(pid)} kernels a minute after the pages closed, {before} before"
    context.close()
