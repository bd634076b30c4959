"""Issue 28 in a real browser, on one page: a damaged file is told in one plain German sentence with the
details folded; Save downloads the game with one click, from beside Undo and Restart; the outline of
the deciding seat pulses a few times and stops (none at all under reduced motion), so a page waiting
for a decision costs no steady CPU (the figures, measured with Chromium's own metrics, are in
docs/app.md).  Screenshots: ``test-artifacts/app-damaged-file-de.png``, ``app-save-beside-undo.png``."""

from __future__ import annotations

import base64
from pathlib import Path

from browser_kit import ARTIFACTS, app_url, browser, needs_chromium, open_app, settle

from importexport.importexport.savefile import load

__all__ = ["app_url", "browser"]  # (the fixtures this module uses)
pytestmark = needs_chromium

STYLE = """sel => { const s = getComputedStyle(document.querySelector(sel));
    return [s.animationName, s.animationIterationCount]; }"""


def test_messages_save_and_a_quiet_idle_page(browser, app_url: str) -> None:
    page = open_app(browser, app_url)
    try:
        page.get_by_role("button", name="Deutsch", exact=True).first.click()
        page.wait_for_function("() => document.querySelector('.iex-start').innerText.includes('Spiel starten')")
        page.locator(".iex-load input[type=file]").set_input_files(
            {"name": "kaputt.json", "mimeType": "application/json", "buffer": b'{"format": "importexport-save"'})
        page.wait_for_selector(".iex-message details.iex-details", timeout=15_000)
        said = page.inner_text(".iex-message")
        assert said.startswith("Diese Datei lässt sich nicht laden:") and "JSON" not in said, said
        assert not page.locator(".iex-message details").get_attribute("open")  # the details stay folded
        page.locator(".iex-message summary").click()
        assert "JSON" in page.inner_text(".iex-message details"), "the details open on request"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "app-damaged-file-de.png"))
        page.get_by_role("button", name="English", exact=True).first.click()

        page.locator(".iex-start").click()
        page.wait_for_selector(".iex-table .iex-deciding", timeout=60_000)
        settle(page)
        # Save stands in the line of Undo and Restart, and one click downloads the game
        same_line = page.evaluate("""() => { const y = e => e.getBoundingClientRect().top;
            const save = document.querySelector('.iex-save'), undo = document.querySelector('.iex-undo');
            return save.parentElement === undo.parentElement && Math.abs(y(save) - y(undo)) < 4; }""")
        assert same_line
        with page.expect_download(timeout=15_000) as download:
            page.locator(".iex-save").click()
        assert download.value.suggested_filename == "importexport-game.json"
        saved = Path(download.value.path()).read_bytes()
        g = load(saved)
        assert not g.is_over() and g.deciders()
        href = page.get_attribute(".iex-download", "href")  # (the link holds the game: no second step)
        assert href and href.startswith("data:application/json;base64,") and base64.b64decode(href[29:]) == saved
        page.wait_for_function("() => document.querySelector('.iex-refusal').innerText.includes('Saved:')")
        page.screenshot(path=str(ARTIFACTS / "app-save-beside-undo.png"))

        # the deciding seat's outline: a few pulses, then a steady outline; none under reduced motion
        name, count = page.evaluate(STYLE, ".iex-deciding")
        assert name == "iex-pulse" and count != "infinite" and 1 <= float(count) <= 5, (name, count)
        page.emulate_media(reduced_motion="reduce")
        assert page.evaluate(STYLE, ".iex-deciding")[0] == "none"
    finally:
        page.close()
