"""The app in a real browser: Chromium plays a whole 2-player game against a bot by clicking cards
and ships on the board, the scores on the page must equal what the engine computes from the saved
game, and the file chooser refuses an oversized and a damaged file and loads the saved one.

The opponent is the heuristic bot, and the player's clicks are picked by the number of moves made so
far (never by the loop's rounds, which depend on timing): the same game every run, 56 moves of the
player to the end (against the random bot seed 3 took the player 57 to 233 moves, 105 to 221 in
engine games with a random player: minutes of clicking in a full run for the same checks).  The
random bot plays in the app in ``tests/test_browser.py``.

A screenshot of the final page is written to ``test-artifacts/app-final.png``.  (Its own file so
that the long game runs beside the other browser tests.)
"""

from __future__ import annotations

import base64
import re
import time

from browser_kit import (
    ARTIFACTS,
    app_url,
    browser,
    choose_seat,
    click_and_wait,
    needs_chromium,
    open_app,
    settle,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout

__all__ = ["app_url", "browser"]  # (the fixtures this module uses)
pytestmark = needs_chromium


def test_play_a_whole_game_by_clicking(browser, app_url: str) -> None:
    page = open_app(browser, app_url)
    page.select_option(".iex-players select", label="2")
    page.fill(".iex-seed input", "3")
    page.locator(".iex-seed input").press("Enter")
    choose_seat(page, 1, "Bot: heuristic")
    page.locator(".iex-start").click()
    page.wait_for_selector(".iex-prompt", timeout=30_000)

    # an illegal click: a Supply Island card is not in Player 1's hand, so it cannot be led
    page.wait_for_selector(".iex-option, .iex-do", timeout=30_000)  # (buttons, or a list when they would not fit the line)
    island = page.locator(".iex-zone-island .iex-card").last
    click_and_wait(page, island)
    page.wait_for_function("() => (document.querySelector('.iex-refusal')?.innerText || '').trim() !== ''",
                           timeout=30_000)  # (on a busy machine the answer may come after the kernel's idle)
    refusal = page.inner_text(".iex-refusal")
    assert "Not allowed" in refusal and "hand" in refusal

    # the language switch changes the texts, and back
    page.get_by_role("button", name="Deutsch", exact=True).first.click()
    page.wait_for_function("() => document.querySelector('.iex-prompt').innerText.includes('entscheidet')")
    page.wait_for_function("() => document.querySelector('.iex-save').innerText === 'Speichern'")  # (beside Undo)
    assert "Vorratsinsel" in page.inner_text(".iex-table")
    page.get_by_role("button", name="English", exact=True).first.click()
    page.wait_for_function("() => document.querySelector('.iex-prompt').innerText.includes('decides')")
    page.wait_for_function("() => document.querySelector('.iex-save').innerText === 'Save'")

    board_clicks = {"card": 0, "ship": 0, "skip": 0}
    made = 0  # the player's moves so far: they, not the loop's rounds, pick the next one (the same game every run)
    for _ in range(600):
        page.wait_for_selector(".iex-option, .iex-do, .iex-bid input, .iex-scores, .iex-skip:visible", timeout=30_000)
        if not page.locator(".iex-skip:visible").count():
            settle(page)
        if page.locator(".iex-scores").count():
            break
        skip = page.locator(".iex-skip:visible")
        if skip.count():  # the bots' moves are shown one by one; a player in a hurry skips them
            if board_clicks["skip"] % 5 == 0:  # (now and then watch one move go by first)
                time.sleep(0.3)
            try:
                skip.first.click(timeout=1_000)
                board_clicks["skip"] += 1
            except PlaywrightTimeout:  # (the bots were done before the click)
                pass
            continue
        # most moves are made on the board itself: a card or ship the rules allow is marked clickable
        ships = page.locator(".iex-board .iex-ship.iex-clickable")
        cards = page.locator(".iex-board .iex-card.iex-clickable")
        target, what = (ships, "ship") if ships.count() and made % 3 == 0 else (cards, "card")
        if target.count() and made % 4 != 3:
            try:
                click_and_wait(page, target.nth(made % target.count()))
                board_clicks[what] += 1
                made += 1
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
            made += 1
            continue
        try:
            click_and_wait(page, page.locator(".iex-option, .iex-do").last)
            made += 1
        except PlaywrightTimeout:  # (the panel was redrawn under the pointer: look again)
            continue
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
    from importexport.importexport.savefile import load

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
