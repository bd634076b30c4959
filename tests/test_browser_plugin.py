"""A game plugged in from outside (``examples/highcard``, its own distribution) in the app, in a real
browser: Chromium picks High card on the new-game screen, sets its options (drawn from its option
schema), plays it against two bots to the scoring screen, in English and in German.  The app's server
finds the game as an installed plug-in is found: its entry point in a ``.dist-info`` folder on the
server's ``PYTHONPATH`` (``conftest.register_examples``).  The plain table names the view's entries in
the game's words, never by their keys.

Screenshots: ``test-artifacts/highcard-table-en.png``, ``highcard-end-en.png`` (and ``-de``).
"""

from __future__ import annotations

import base64
import json
import re
import sys
from collections.abc import Iterator

import pytest
from browser_kit import ARTIFACTS, app_text, browser, click_and_wait, needs_chromium, open_app, serve_app, settle
from conftest import register_examples
from playwright.sync_api import TimeoutError as PlaywrightTimeout

__all__ = ["browser"]  # (the fixtures this module uses)
pytestmark = needs_chromium

WORDS = {
    "en": {"names": ["Hand", "Cards in hand", "In the trick", "Tricks won", "The trick goes to", "Played so far"],
           "rule": "the lowest card", "seat": "Player {n}", "score": "Tricks won: {n}"},
    "de": {"names": ["Hand", "Karten auf der Hand", "Im Stich", "Gewonnene Stiche", "Den Stich bekommt",
                     "Bisher gespielt"],
           "rule": "die niedrigste Karte", "seat": "Spieler {n}", "score": "Gewonnene Stiche: {n}"},
}
"""What each language's table must say (the game's words for its view, High card's ``VIEW_WORDS``)."""
RAW = re.compile(r"\w_\w|\b(True|False|None)\b")
"""A key of a view (``hand_size``) or Python's words for a value: neither may show on the table."""


@pytest.fixture(scope="module")
def plugin_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """An app server of this module's own that has High card registered (and this process can read
    its saves: the example's folder on ``sys.path`` while the module runs)."""
    paths, ids = register_examples(tmp_path_factory.mktemp("plugins"))
    assert "highcard" in ids
    sys.path[:0] = [str(p) for p in paths]
    try:
        with serve_app(tmp_path_factory, paths) as (url, _pid, _rooms):
            yield url
    finally:
        del sys.path[:len(paths)]


def bot_label(page, seat: int) -> str:
    """The label of a bot that searches nothing (the heuristic one) in the seat's list, in the page's language."""
    labels = page.eval_on_selector_all(f".iex-seat-{seat} select option", "os => os.map(o => o.textContent)")
    return next(label for label in labels if "heurist" in label.lower())


def play_to_the_end(page, limit: int = 60) -> int:
    """Click the first card offered until the scoring screen shows; the cards played."""
    played = 0
    for _ in range(limit):
        page.wait_for_selector(".iex-option, .iex-scores, .iex-skip:visible", timeout=30_000)
        skip = page.locator(".iex-skip:visible")
        if skip.count():
            try:
                skip.first.click(timeout=1_000)
            except PlaywrightTimeout:  # (the bots were done before the click)
                pass
            continue
        settle(page)
        if page.locator(".iex-scores").count():
            return played
        try:
            click_and_wait(page, page.locator(".iex-option").first)
            played += 1
        except PlaywrightTimeout:  # the view moved on under the pointer: look again
            continue
    raise AssertionError(f"no scoring screen after {limit} rounds ({played} cards played)")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_high_card_is_picked_set_and_played_to_the_scores(browser, plugin_url: str, lang: str) -> None:
    from highcard.game import load

    words = WORDS[lang]
    page = open_app(browser, plugin_url)
    if lang == "de":
        page.get_by_role("button", name="Deutsch", exact=True).first.click()
        page.wait_for_function("() => document.querySelector('.iex-app').innerText.includes('Spiel')", timeout=15_000)
    page.get_by_role("button", name="High card", exact=True).click()
    page.wait_for_selector(".iex-hand select", state="visible", timeout=15_000)
    settle(page)
    page.select_option(".iex-players select", label="3")
    settle(page)
    page.select_option(".iex-hand select", label="4")
    page.locator(".iex-lowest input[type=checkbox]").check()
    page.fill(".iex-seed input", "4")
    page.locator(".iex-seed input").press("Enter")
    settle(page)
    page.select_option(".iex-seat-1 select", label=bot_label(page, 1))
    page.select_option(".iex-seat-2 select", label=bot_label(page, 2))
    settle(page)
    page.locator(".iex-start").click()
    page.wait_for_selector(".iex-table .iex-plain", timeout=30_000)
    page.wait_for_selector(".iex-option", timeout=30_000)
    settle(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"highcard-table-{lang}.png"))
    table = page.inner_text(".iex-table .iex-plain")
    assert "High card" in table and words["seat"].format(n=1) in table
    names = page.eval_on_selector_all(".iex-plain-seat th", "ths => ths.map(th => th.textContent)")
    assert names == words["names"] and words["rule"] in table, table  # the view's entries in the game's words
    assert not RAW.search(table), table
    hand = page.inner_text(".iex-plain-seat")
    assert len(re.findall(r"\d+", hand.split("\n")[1])) >= 3  # the person's hand: 4 cards, or 3 after a bot led

    played = play_to_the_end(page)
    assert 1 <= played <= 4  # the person's cards (a click whose answer came late is not counted)
    page.screenshot(path=str(ARTIFACTS / f"highcard-end-{lang}.png"))
    click_and_wait(page, page.locator(".iex-save").first)
    href = page.get_attribute(".iex-download", "href")
    assert href and href.startswith("data:application/json;base64,")
    g = load(json.loads(base64.b64decode(href.split(",", 1)[1]))["save"])
    assert g.is_over() and g.state.n == 3 and g.state.hand_size == 4 and g.state.lowest and g.seed == 4
    scores = page.inner_text(".iex-scores")
    for row in g.scores():
        assert re.search(rf"{words['seat'].format(n=row['seat'] + 1)}\s+{words['score'].format(n=row['tricks'])}",
                         scores), scores
    winner = next(r["seat"] for r in g.scores() if r["won"])
    assert words["seat"].format(n=winner + 1) in page.inner_text(".iex-winner")
    assert "High card" in app_text(page)
    page.close()
