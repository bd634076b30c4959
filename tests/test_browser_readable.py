"""The chapters as ``importexport tutor`` serves them, in a real browser (issue 29, items 3 and 5): one
server started by the command itself (the learner's copy in a temporary folder, the pre-save hook),
Debian's Chromium at 1280×720.

- Chapter 6, run: no visible text under 14 px anywhere in the notebook (the guide's box aside: its own
  rules), and with the board in projector mode none under 17 px around the boards; the cargo on its
  ships is named on the chips, in full.
- Chapter 1, run and played one step, saved by JupyterLab (File ▸ Save), closed and reopened: the file
  on disk holds no widget, the reopened notebook waits for no widget, and after Run All its guided
  table answers a click.
  The checkout's notebooks are then byte for byte what they were before the server started (digests):
  the learner's work went to the learner's copy.

Screenshots go to ``test-artifacts/``.  What is expected comes from the chapter files, not this file.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_kit import ARTIFACTS, browser, free_port, needs_chromium
from lab_kit import (
    CURRENT,
    WAIT_MS,
    Lab,
    cell,
    dismiss,
    lab_folders,
    menu,
    open_notebook,
    run_all,
    stop_lab,
    wait_texts,
)
from playwright.sync_api import Browser, Locator, Page, expect

from importexport.cli import server_env
from importexport.tutor.chapter import chapter
from importexport.tutor.workspace import WIDGET_VIEW
from importexport.widgets.guide import gw

__all__ = ["browser"]  # (the fixture this module uses)
pytestmark = needs_chromium

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "readable-test"
READ = "en/06-import-and-bidding.ipynb"  # measured for its text sizes
SAVED = "en/01-welcome.ipynb"  # saved, closed and reopened
GUIDED = "first-turn"  # chapter 1's guided table
SMALLEST, SMALLEST_PROJECTOR = 14, 17
SMALL_TEXTS = """([sel, least, boards]) => {
  const out = [];
  const walker = document.createTreeWalker(document.querySelector(sel), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const e = walker.currentNode.parentElement;
    if (!walker.currentNode.textContent.trim() || !e || !e.getClientRects().length) continue;
    const css = getComputedStyle(e);
    if (css.visibility === 'hidden' || css.clipPath !== 'none') continue;  // (screen-reader-only words)
    if (e.closest('.iex-guide, .jp-Toolbar, .jp-Notebook-footer') || (!boards && e.closest('.iex-board'))) continue;
    const size = parseFloat(css.fontSize);
    if (size < least) out.push(`${size}px ${e.className || e.tagName}: ${walker.currentNode.textContent.trim().slice(0, 40)}`);
  }
  return out;
}"""
"""The visible texts of the notebook shown under ``least`` px (the guide's box, JupyterLab's toolbar and
its "add a cell" footer aside; the boards too unless ``boards``)."""


def digests(folder: Path) -> dict[str, str]:
    """Every file under ``folder``, by its path: a digest of its bytes."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def tutor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Lab, dict[str, str]]]:
    """``importexport tutor`` started as a learner would (its own settings and config folders, so no
    toast asks about news), on a learner's folder of its own; with the checkout's digests from before
    it started.  At the end it and its kernels are gone (checked)."""
    base = tmp_path_factory.mktemp("tutor")
    before = digests(ROOT / "notebooks")
    settings, workspaces, config, runtime = lab_folders(base)
    env = {**server_env(), "JUPYTER_CONFIG_DIR": str(config), "JUPYTER_RUNTIME_DIR": str(runtime),
           "JUPYTERLAB_SETTINGS_DIR": str(settings), "JUPYTERLAB_WORKSPACES_DIR": str(workspaces),
           "JUPYTER_TOKEN": TOKEN}
    port, learner, log = free_port(), base / "learner", base / "tutor.log"
    with open(log, "w", encoding="utf-8") as out:
        proc = subprocess.Popen([sys.executable, "-m", "importexport.cli", "tutor", "--no-browser", f"--port={port}",
                                 f"--dir={learner}"], stdout=out, stderr=subprocess.STDOUT, text=True, env=env,
                                start_new_session=True)
    lab = Lab(f"http://127.0.0.1:{port}/", proc, learner, log)
    try:
        deadline = time.monotonic() + WAIT_MS / 1000
        while True:
            assert proc.poll() is None, f"importexport tutor ended: {log.read_text()[-3000:]}"
            try:
                with urllib.request.urlopen(f"{lab.url}api/status?token={TOKEN}", timeout=10):
                    break
            except OSError:
                assert time.monotonic() < deadline, f"the tutor does not answer: {log.read_text()[-3000:]}"
                time.sleep(0.2)
        yield lab, before
    finally:
        left = stop_lab(lab)
        assert not left, f"processes left after the tutor stopped (killed now): {left}"


@pytest.fixture(scope="module")
def page(tutor: tuple[Lab, dict[str, str]], browser: Browser) -> Iterator[Page]:
    """A 1280×720 page with JupyterLab open in a workspace of its own."""
    lab, _ = tutor
    p = browser.new_page(viewport={"width": 1280, "height": 720})
    p.goto(f"{lab.url}lab/workspaces/readable?token={TOKEN}", timeout=WAIT_MS)
    p.wait_for_selector("#jp-MainMenu .lm-MenuBar-item", timeout=WAIT_MS)
    dismiss(p)
    yield p
    p.close()


def small_texts(panel: Locator, least: float, boards: bool = True) -> list[str]:
    """The texts under ``least`` px in the whole notebook ``panel``, scrolled through from top to end
    (JupyterLab draws only the cells near the view)."""
    outer = panel.locator(".jp-WindowedPanel-outer").first
    found: dict[str, None] = {}
    top = 0
    while top < outer.evaluate("el => el.scrollHeight"):
        outer.evaluate("(el, y) => { el.scrollTop = y; }", top)
        panel.page.wait_for_timeout(150)
        found.update(dict.fromkeys(panel.page.evaluate(SMALL_TEXTS, [CURRENT, least, boards])))
        top += 600
    outer.evaluate("el => { el.scrollTop = 0; }")
    return list(found)


def test_a_chapter_has_no_small_text_and_names_its_cargo(page: Page) -> None:
    panel = open_notebook(page, READ)
    run_all(panel, ".iex-guide")
    assert small_texts(panel, SMALLEST) == []
    cargo = panel.locator(".iex-board .iex-cube .iex-name")
    expect(cargo.first).to_be_visible(timeout=WAIT_MS)
    names = cargo.evaluate_all("""els => els.map(e => [e.textContent, parseFloat(getComputedStyle(e).fontSize),
                                  e.scrollWidth <= e.clientWidth + 0.5 && e.parentElement.scrollWidth <= e.parentElement.clientWidth + 0.5])""")
    assert names and all(text.strip() and size >= SMALLEST and whole for text, size, whole in names), names
    toggle = panel.locator(".iex-projector-toggle").first
    toggle.click()
    try:
        expect(panel.locator(".iex-board.iex-projector, .iex-projector").first).to_be_attached(timeout=WAIT_MS)
        assert small_texts(panel, SMALLEST_PROJECTOR, boards=False) == []
        ARTIFACTS.mkdir(exist_ok=True)
        cell(panel, "ch.table('three-rounds')").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "ch06-projector-text.png"))
    finally:  # (kept in the browser's storage for every chapter: back to normal print)
        panel.locator(".iex-projector-toggle").first.click()
        expect(panel.locator(".iex-projector")).to_have_count(0, timeout=WAIT_MS)


def first_step(panel: Locator) -> None:
    """Chapter 1's guided table: at its first step; the card it points at clicked; at its second step."""
    steps = chapter(1).positions[GUIDED].guide
    table = cell(panel, f"ch.table('{GUIDED}')")
    wait_texts(table, ".iex-guide-count", [gw("count", "en", i=1, n=len(steps))])
    table.locator(".iex-board .iex-point").first.click()
    pick = table.locator(".iex-option.iex-point")  # (a card with several uses: the choice asked for, beside it)
    second = gw("count", "en", i=2, n=len(steps))
    expect(pick.or_(table.locator(".iex-guide-count", has_text=second)).first).to_be_visible(timeout=WAIT_MS)
    if pick.count():
        pick.first.click()
    wait_texts(table, ".iex-guide-count", [second])


def test_a_saved_chapter_reopens_working_and_the_checkout_is_unchanged(tutor: tuple[Lab, dict[str, str]],
                                                                      page: Page) -> None:
    lab, before = tutor
    on_disk = lab.folder / SAVED
    panel = open_notebook(page, SAVED)
    run_all(panel, ".iex-guide")
    first_step(panel)
    asked = time.time()
    menu(page, "File", "docmanager:save")
    deadline = time.monotonic() + WAIT_MS / 1000
    while on_disk.stat().st_mtime < asked - 0.01:  # (saved through the pre-save hook)
        assert time.monotonic() < deadline, "JupyterLab did not save the chapter"
        time.sleep(0.2)
    saved = json.loads(on_disk.read_text(encoding="utf-8"))
    checkout = json.loads((ROOT / "notebooks" / SAVED).read_text(encoding="utf-8"))
    assert [c["source"] for c in saved["cells"]] == [c["source"] for c in checkout["cells"]]
    assert not [o for c in saved["cells"] for o in c.get("outputs", ()) if WIDGET_VIEW in o.get("data", {})]
    assert "widgets" not in saved["metadata"]
    opened = page.locator(".jp-NotebookPanel").count()
    menu(page, "File", "filemenu:close-and-cleanup")  # closed and its kernel shut down, then opened again
    dismiss(page)  # ("Shut down the notebook?": yes)
    expect(page.locator(".jp-NotebookPanel")).to_have_count(opened - 1, timeout=WAIT_MS)
    panel = open_notebook(page, SAVED)
    assert "Loading widget" not in panel.inner_text()
    run_all(panel, ".iex-guide")
    first_step(panel)  # the table answers a click
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "ch01-reopened.png"))
    assert digests(ROOT / "notebooks") == before, "the checkout's notebooks changed"
    assert not on_disk.is_relative_to(ROOT / "notebooks")
