"""The app in a real browser (Voila serving ``importexport app``, Debian's Chromium through
Playwright): the whole table and the decision fit the screen at 1280×720 and 1920×1080 (screenshots
into ``test-artifacts/``), projector mode and German, and a reloaded page continues the game.  The
whole game by clicking is in ``test_browser_game.py``, closed pages giving their kernels back in
``test_browser_kernels.py`` (files of their own, so xdist runs them side by side).
"""

from __future__ import annotations

import pytest
from browser_kit import (
    ARTIFACTS,
    TABLE_TOP,
    app_url,
    browser,
    choose_seat,
    click_and_wait,
    needs_chromium,
    settle,
)

__all__ = ["app_url", "browser"]  # (the fixtures this module uses)
pytestmark = needs_chromium


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
    top = page.locator(".iex-board").bounding_box()
    assert top and top["y"] <= TABLE_TOP[False], f"the table begins at {top['y']} px"  # (test_browser_fit.py)
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
        out = [bad for zone in ZONES + [".iex-board .iex-legend"] for bad in inside(page, zone)]
        assert out == [], f"in projector mode: {out}"
        top = page.locator(".iex-board").bounding_box()
        assert top and top["y"] <= TABLE_TOP[True], f"the table begins at {top['y']} px in projector mode"
        page.wait_for_selector(".iex-option, .iex-do", timeout=30_000)
        click_and_wait(page, page.locator(".iex-option, .iex-do").last)  # a move: now there is a game to keep
        settle(page, 0.3)
        page.reload()  # the projector switch and the language are remembered, the game is offered to continue
        page.locator(".iex-continue").wait_for(state="visible", timeout=60_000)
        page.wait_for_function("() => document.querySelector('.iex-kept').innerText.includes('nicht zu Ende')")
        assert inside(page, ".iex-start, .iex-continue") == []  # (the banner leaves Start in view)
        page.locator(".iex-continue").click()
        page.wait_for_selector(".iex-board .iex-seat-panel", timeout=30_000)
        assert page.locator(".iex-board.iex-projector").count() == 1
        assert page.locator(".iex-seat-panel").count() == players
        page.locator(".iex-projector-toggle").click()
        page.get_by_role("button", name="English", exact=True).first.click()
    page.close(run_before_unload=True)


def test_the_page_asks_no_other_host_than_the_apps_server(browser, app_url: str) -> None:
    """A class without internet misses nothing and waits on nothing: every request the page makes up
    to the new-game screen, and every stylesheet and script it names, is the app's server's."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(app_url, timeout=60_000)
    page.wait_for_selector(".iex-start", state="visible", timeout=60_000)
    named = page.eval_on_selector_all("link[href], script[src]", "els => els.map(e => e.href || e.src)")
    page.close()
    assert any(url.endswith("/voila/static/voila.js") for url in asked)  # (the requests were seen)
    origin = app_url.rstrip("/")
    elsewhere = [url for url in asked + named if not url.startswith((origin + "/", "data:", "blob:"))]
    assert not elsewhere
