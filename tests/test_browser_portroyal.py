"""Port Royal in the app, in a real browser: Chromium plays a whole competitive game against a bot and a
whole solo game by clicking cards on the board and the choices beside it; the result on the page must
equal what the engine computes from the saved game, and the saved game loads again.  Five players in
projector mode fit a 1280×720 window with the decision above the table, in one line (the room the table
leaves for it when it fits itself to the window late in a game).

Screenshots: ``test-artifacts/pr-competitive.png``, ``pr-solo.png``, ``pr-final.png``,
``pr-5p-projector.png``.
"""

from __future__ import annotations

import base64
import re

from browser_kit import (
    ARTIFACTS,
    FIT_RESERVE,
    app_text,
    app_url,
    browser,
    choose_seat,
    click_and_wait,
    needs_chromium,
    open_app,
    settle,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from importexport.portroyal.savefile import load

__all__ = ["app_url", "browser"]  # (the fixtures this module uses)
pytestmark = needs_chromium


def new_port_royal(page, mode_label: str, players: str | None = None) -> None:
    page.get_by_role("button", name="Port Royal", exact=True).click()
    page.wait_for_selector(".iex-pr-mode select", state="visible", timeout=15_000)
    page.select_option(".iex-pr-mode select", label=mode_label)
    settle(page)
    if players is not None:
        page.select_option(".iex-players select", label=players)
        settle(page)


def play_by_clicking(page, limit: int = 700) -> dict[str, int]:
    """Click until the result screen: a clickable card on the board every other time, else a choice.
    The moves made so far, not the loop's rounds (which depend on timing), pick the next one: the same
    game every run.  The bots' moves are skipped as soon as Skip shows."""
    clicks = {"board": 0, "option": 0, "skip": 0}
    for _ in range(limit):
        page.wait_for_selector(".iex-option, .iex-do, .iex-scores, .iex-skip:visible", timeout=30_000)
        if not page.locator(".iex-skip:visible").count():
            settle(page)
        if page.locator(".iex-scores").count():
            return clicks
        skip = page.locator(".iex-skip:visible")
        if skip.count():
            try:
                skip.first.click(timeout=1_000)
                clicks["skip"] += 1
            except PlaywrightTimeout:  # (the bots were done before the click)
                pass
            continue
        made = clicks["board"] + clicks["option"]
        board = page.locator(".iex-table .iex-clickable")
        try:
            if board.count() and made % 2 == 0:
                click_and_wait(page, board.nth(made % board.count()))
                clicks["board"] += 1
                continue
            options = page.locator(".iex-option, .iex-do")
            # mostly the first choice (turn over a card, trade, hire), now and then the last (stop, pass)
            pick = options.first if made % 3 else options.last
            click_and_wait(page, pick)
            clicks["option"] += 1
        except PlaywrightTimeout:  # the view moved on under the pointer: look again
            continue
    raise AssertionError(f"no result after {limit} clicks: {clicks}")


def saved_game(page):
    click_and_wait(page, page.locator(".iex-save").first)
    href = page.get_attribute(".iex-download", "href")
    assert href and href.startswith("data:application/json;base64,")
    return base64.b64decode(href.split(",", 1)[1])


def test_a_whole_competitive_game_by_clicking(browser, app_url: str) -> None:
    page = open_app(browser, app_url)
    new_port_royal(page, "Competitive: with the contracts expansion", "2")
    page.fill(".iex-seed input", "4")
    page.locator(".iex-seed input").press("Enter")
    choose_seat(page, 1, "Bot: heuristic")
    page.locator(".iex-start").click()
    page.wait_for_selector(".iex-table .iex-pr-seat", timeout=30_000)
    settle(page)
    assert "Port Royal" in app_text(page)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 1280, f"the page scrolls sideways: {width} px"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pr-competitive.png"))

    # a card that cannot be taken now: the reason is shown and nothing changes
    clicks = play_by_clicking(page)
    assert clicks["board"] >= 3 and clicks["option"] >= 3, clicks
    text = page.inner_text(".iex-scores")
    raw = saved_game(page)
    g = load(raw)
    assert g.is_over()
    for row in g.scores():
        shown = re.search(rf"Player {row['seat'] + 1}\s+(\d+)\s+(\d+)", text)
        assert shown and (int(shown.group(1)), int(shown.group(2))) == (row["points"], row["coins"]), text
    winners = [r["seat"] for r in g.scores() if r["won"]]
    assert f"Player {winners[0] + 1}" in page.inner_text(".iex-winner")
    page.screenshot(path=str(ARTIFACTS / "pr-final.png"))

    # the saved game loads again (over the result screen)
    chooser = page.locator(".iex-load-over input[type=file]")
    chooser.set_input_files(files=[{"name": "pr.json", "mimeType": "application/json", "buffer": raw}])
    page.wait_for_function("() => document.querySelector('.iex-app').innerText.includes('Loaded a game of 2 players')",
                           timeout=30_000)
    page.close()


def test_a_whole_solo_game_by_clicking_in_german(browser, app_url: str) -> None:
    page = open_app(browser, app_url)
    page.get_by_role("button", name="Deutsch", exact=True).first.click()
    page.wait_for_function("() => document.querySelector('.iex-app').innerText.includes('Spiel')", timeout=15_000)
    page.get_by_role("button", name="Port Royal", exact=True).click()
    page.wait_for_selector(".iex-pr-mode select", state="visible", timeout=15_000)
    page.select_option(".iex-pr-mode select", label="Solo: allein gegen den Zeitstapel")
    # solo plays alone: the player count is switched off (the server's answer can come after the page
    # looked settled on a busy machine, so this waits for it)
    page.wait_for_selector(".iex-players select:disabled", timeout=15_000)
    settle(page)
    page.locator(".iex-start").click()
    page.wait_for_selector(".iex-table .iex-pr-seat", timeout=30_000)
    settle(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pr-solo.png"))
    assert "Zeitstapel" in page.inner_text(".iex-table")
    play_by_clicking(page)
    result = page.inner_text(".iex-winner")
    g = load(saved_game(page))
    assert g.is_over()
    row = g.scores()[0]
    assert ("Rang" in result) == bool(row["team_won"]), result
    assert f"{row['team_points']} Einflusspunkt" in result
    page.close()


def test_five_players_in_projector_mode_fit_1280x720_with_the_decision_above(browser, app_url: str) -> None:
    page = open_app(browser, app_url)
    new_port_royal(page, "Competitive: with the contracts expansion", "5")
    page.fill(".iex-seed input", "4")
    page.locator(".iex-seed input").press("Enter")
    page.locator(".iex-start").click()  # Player 1 against four bots, who move first
    page.wait_for_selector(".iex-option", timeout=30_000)
    page.locator(".iex-projector-toggle").click()
    page.wait_for_selector(".iex-pr-board.iex-projector")
    settle(page)
    seen = page.evaluate("""() => ({
      scrolled: document.scrollingElement.scrollTop + document.body.scrollTop,
      top: document.querySelector('.iex-pr-board').getBoundingClientRect().top,
      bottom: Math.max(...['.iex-pr-board', '.iex-pr-legend'].map(s => document.querySelector(s).getBoundingClientRect().bottom)),
      wide: document.documentElement.scrollWidth,
      smallest: Math.min(...[...document.querySelectorAll('.iex-pr-board *')]
        .filter(e => e.offsetParent && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
        .map(e => parseFloat(getComputedStyle(e).fontSize))),
    })""")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pr-5p-projector.png"))
    assert seen["scrolled"] == 0 and seen["wide"] <= 1280, seen
    assert seen["bottom"] <= 720, f"the table ends {seen['bottom']:.0f} px down, below the window"
    # the decision keeps to one line above the table (who decides, the choices, Step, Undo, Restart):
    # the room the table leaves for it when it fits itself to the window late in a game
    # (tests/test_portroyal_picture.py, test_a_crowded_table_late_in_a_game_fits_...)
    assert seen["top"] <= FIT_RESERVE, f"the decision above the table is {seen['top']:.0f} px tall, {FIT_RESERVE} px are left for it"
    assert seen["smallest"] >= 17, f"text of {seen['smallest']} px in projector mode"
    page.close()
