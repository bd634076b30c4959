"""Port Royal's chapters in a real browser: JupyterLab (its own server, on a temporary copy of the
notebooks, see ``lab_kit``) and Debian's Chromium at 1280×720.

Chapter 3 as a learner: the guided table is on the first screen, nothing on its board cut off at a
notebook's width; every step is followed as the box says (clicking what the board points at, else the
choice outlined beside it) until the guide is done, and the number exercise is answered wrong, then
right.  Chapter 8 in German: the team's guided turn opens and is followed to its end.  Screenshots go to
``test-artifacts/``.  What is expected comes from the chapter files and the engine, not from this file.
"""

from __future__ import annotations

from browser_kit import ARTIFACTS, browser, needs_chromium
from lab_kit import WAIT_MS, cell, lab, lab_page, open_notebook, run_all, scroll_to_top, wait_texts
from playwright.sync_api import Locator, Page, expect

from importexport.protocol import table_kit
from importexport.tutor.chapter import chapter
from importexport.tutor.exercises import VERDICT, Grader
from importexport.widgets.common import ui
from importexport.widgets.guide import gw

__all__ = ["browser", "lab", "lab_page"]  # (the fixtures this module uses)
pytestmark = needs_chromium

GAME = "portroyal"
SCREEN_HEIGHT = 720
NOTEBOOK_WIDTH = 848  # a notebook's output beside JupyterLab's file browser, at 1280 px
CUT_TEXTS = """board => [...board.querySelectorAll('*')].filter(e =>
    e.getClientRects().length && getComputedStyle(e).clipPath === 'none'
    && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())
    && e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim())"""


def plain(markdown: str) -> str:
    """The first words of a Markdown text as the page shows them (no emphasis marks)."""
    return markdown.replace("**", "").replace("*", "").replace("`", "").split("\n")[0][:40].strip()


def follow_guide(table: Locator, number: int, position: str, lang: str) -> int:
    """Every step of the guided table as its box says; the board clicks made."""
    ch = chapter(number, GAME)
    steps = ch.positions[position].guide
    g = ch.game(position, lang)
    clicks = 0
    wait_texts(table, ".iex-guide-count", [gw("count", lang, i=1, n=len(steps))])
    for i, step in enumerate(steps):
        if step.do is None:
            table.locator(".iex-guide-next").click()
        else:  # the outlined thing: on the board if it is there, else the choice outlined in the panel
            asked = step.do.action()
            kit = table_kit(g)
            where = kit.pointed(asked)
            what, ident = ("card", where["cards"][0]) if where.get("cards") else (
                ("contract", where["contracts"][0]) if where.get("contracts") else (None, None))
            if what is not None:
                table.locator(".iex-table .iex-point").first.click()
                clicks += 1
                if len(kit.click_choices(g, asked.player, what, ident)) > 1:  # a card with two uses: pick the one asked
                    said = ui("pick", lang, c=kit.click_name(g, what, ident, lang))
                    expect(table.locator(".iex-refusal")).to_contain_text(said, timeout=WAIT_MS)
                    table.locator(".iex-option.iex-point").first.click()
            else:
                table.locator(".iex-option.iex-point, .iex-guide-do").first.click()
        for move in step.moves():
            g.apply(move.action())
        done = i + 1 == len(steps)
        wait_texts(table, ".iex-guide-count", [gw("done", lang) if done else gw("count", lang, i=i + 2, n=len(steps))])
        expect(table.locator(".iex-log")).to_contain_text(g.narrate(lang)[-1], timeout=WAIT_MS)
    return clicks


def test_chapter_3_as_a_learner(lab_page: Page) -> None:
    page = lab_page
    ch = chapter(3, GAME)
    position = next(v for k, v in ch.block_list() if k == "table")
    panel = open_notebook(page, f"en/portroyal/{ch.notebook}")
    run_all(panel, ".iex-guide")
    table = cell(panel, f"ch.table('{position}')")
    scroll_to_top(panel)
    top = table.locator(".jp-OutputArea").bounding_box()
    assert top is not None and top["y"] < SCREEN_HEIGHT, f"the guided table starts at {top} (below the first screen)"
    board = table.locator(".iex-table").first
    width = board.evaluate("b => b.getBoundingClientRect().width")
    assert width <= NOTEBOOK_WIDTH, f"the board is {width} px wide"
    assert board.evaluate(CUT_TEXTS) == [], f"texts cut off on the board at {width} px"
    ARTIFACTS.mkdir(exist_ok=True)
    table.locator(".iex-guide").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "pr-ch03-guide.png"))
    clicks = follow_guide(table, 3, position, "en")
    assert clicks >= 2, "the guide's moves are made on the board"
    end = ch.positions[position].end
    if end is not None:
        expect(table.locator(".iex-guide")).to_contain_text(plain(end("en")), timeout=WAIT_MS)

    name = next(k for k, e in ch.exercises.items() if e.kind == "number")
    ex = ch.exercises[name]
    right = Grader(ch).number_answer(ex)
    quiz = cell(panel, f"ch.exercise('{name}')")
    quiz.scroll_into_view_if_needed()
    answer = quiz.locator("input[type='number']")
    answer.fill(str(right + 3))
    answer.press("Enter")
    quiz.get_by_role("button", name="Check", exact=True).click()
    expect(quiz).to_contain_text(VERDICT.format("wrong", "en"), timeout=WAIT_MS)
    answer.fill(str(right))
    answer.press("Enter")
    quiz.get_by_role("button", name="Check", exact=True).click()
    expect(quiz).to_contain_text(VERDICT.format("right", "en"), timeout=WAIT_MS)
    page.screenshot(path=str(ARTIFACTS / "pr-ch03-exercise.png"))


def test_chapter_8_in_german(lab_page: Page) -> None:
    ch = chapter(8, GAME)
    position = next(v for k, v in ch.block_list() if k == "table")
    panel = open_notebook(lab_page, f"de/portroyal/{ch.notebook}")
    run_all(panel, ".iex-guide")
    table = cell(panel, f"ch.table('{position}')")
    expect(table.locator(".iex-guide")).to_contain_text(plain(ch.positions[position].guide[0].say("de")),
                                                        timeout=WAIT_MS)
    table.locator(".iex-guide").scroll_into_view_if_needed()
    lab_page.screenshot(path=str(ARTIFACTS / "pr-ch08-guide-de.png"))
    follow_guide(table, 8, position, "de")
