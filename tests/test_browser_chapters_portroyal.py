"""Port Royal's chapters in a real browser: JupyterLab (its own server, on a temporary copy of the
notebooks, see ``lab_kit``) and Debian's Chromium at 1280×720.

Chapter 3 as a learner: Run All lands on the guided table, nothing on its board cut off at a notebook's
width and no text under 14 px; a wrong click is answered in the box; every step is followed as the box
says (clicking what the board points at, else the choice outlined in the box), each step's box and
target inside the window together, until the guide is done, and the number exercise is answered wrong,
then right.  Chapter 8 in German: the team's guided turn opens and is followed to its end; started again, its first
step in projector mode has its box and whole board inside the window, with the file browser open and
closed.  Screenshots go to ``test-artifacts/``.  What is expected comes from the chapter files and the engine, not from this file.
"""

from __future__ import annotations

from browser_kit import ARTIFACTS, browser, needs_chromium
from lab_kit import WAIT_MS, cell, in_view, lab, lab_page, open_notebook, run_all, small_texts, wait_texts
from playwright.sync_api import Locator, Page, expect

from importexport.protocol import table_kit
from importexport.tutor.chapter import chapter
from importexport.tutor.exercises import VERDICT, Grader
from importexport.widgets.guide import gw

__all__ = ["browser", "lab", "lab_page"]  # (the fixtures this module uses)
pytestmark = needs_chromium

GAME = "portroyal"
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
    clicks, wrong = 0, False
    wait_texts(table, ".iex-guide-count", [gw("count", lang, i=1, n=len(steps))])
    for i, step in enumerate(steps):
        board = table.locator(".iex-table .iex-point")
        where = ".iex-table .iex-point" if step.do is not None and board.count() else (
            ".iex-guide .iex-point" if step.do is not None else ".iex-guide-next")
        in_view(table, [".iex-guide", where])  # the step and what it asks to click, together in the window
        if step.do is None:
            table.locator(".iex-guide-next").click()
        else:  # the outlined thing: on the board if it is there, else the choice outlined in the panel
            asked = step.do.action()
            kit = table_kit(g)
            where = kit.pointed(asked)
            what, ident = ("card", where["cards"][0]) if where.get("cards") else (
                ("contract", where["contracts"][0]) if where.get("contracts") else (None, None))
            others = table.locator(".iex-table [role='button']:not(.iex-point)")
            if what is not None and not wrong and others.count():  # once: a click on something else first
                others.first.click()
                asks = gw("asks", lang, e=g.describe(asked, lang)).replace("**", "")
                expect(table.locator(".iex-guide .iex-guide-answer")).to_contain_text(asks, timeout=WAIT_MS)
                in_view(table, [".iex-guide-answer", ".iex-table .iex-point"])  # answered where the learner looks
                wrong = True
            if what is not None:
                table.locator(".iex-table .iex-point").first.click()
                clicks += 1
                if len(kit.click_choices(g, asked.player, what, ident)) > 1:  # a card with two uses: pick the one asked
                    said = gw("pick", lang, c=kit.click_name(g, what, ident, lang)).replace("**", "")
                    expect(table.locator(".iex-guide .iex-guide-answer")).to_contain_text(said, timeout=WAIT_MS)
                    in_view(table, [".iex-guide-choices .iex-point"])  # its uses, in the box
                    table.locator(".iex-guide-choices .iex-option.iex-point").click()
            else:
                table.locator(".iex-guide .iex-point").first.click()
        for move in step.moves():
            g.apply(move.action())
        done = i + 1 == len(steps)
        wait_texts(table, ".iex-guide-count", [gw("done", lang) if done else gw("count", lang, i=i + 2, n=len(steps))])
        expect(table.locator(".iex-log")).to_contain_text(g.narrate(lang)[-1], timeout=WAIT_MS)
    assert wrong, "no step offered something else to click on the board"
    return clicks


def test_chapter_3_as_a_learner(lab_page: Page) -> None:
    page = lab_page
    ch = chapter(3, GAME)
    position = next(v for k, v in ch.block_list() if k == "table")
    panel = open_notebook(page, f"en/portroyal/{ch.notebook}")
    run_all(panel, ".iex-guide", top=False)
    table = cell(panel, f"ch.table('{position}')")
    in_view(table, [".iex-guide", ".iex-table"])  # Run All landed on the lesson
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "focus-after-pr03.png"))
    assert not (small := small_texts(table.locator(".iex-focus"))), f"texts under 14 px in the guided table: {small}"
    board = table.locator(".iex-table").first
    width = board.evaluate("b => b.getBoundingClientRect().width")
    assert width <= NOTEBOOK_WIDTH, f"the board is {width} px wide"
    assert board.evaluate(CUT_TEXTS) == [], f"texts cut off on the board at {width} px"
    ARTIFACTS.mkdir(exist_ok=True)
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
    table.locator(".iex-guide-again").click()
    wait_texts(table, ".iex-guide-count", [gw("count", "de", i=1, n=len(ch.positions[position].guide))])
    # its first step again, as a teacher shows it: in projector mode the box and the whole board (its legend
    # too) in the window, with the file browser open and closed
    table.locator(".iex-projector-toggle").click()
    expect(table.locator(".iex-focus.iex-big .iex-pr-board.iex-projector")).to_have_count(1, timeout=WAIT_MS)
    try:
        for name in ("pr-ch08-projector-de.png", "pr-ch08-projector-wide-de.png"):
            table.locator(".iex-focus").evaluate("f => f.scrollIntoView({block: 'start'})")
            in_view(table, [".iex-guide", ".iex-pr-board", ".iex-pr-board .iex-pr-legend"])
            lab_page.screenshot(path=str(ARTIFACTS / name))
            lab_page.keyboard.press("Escape")
            lab_page.keyboard.press("Control+b")  # (the second time: the file browser open again)
    finally:
        table.locator(".iex-projector-toggle").click()
