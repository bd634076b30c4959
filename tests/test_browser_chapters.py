"""The tutor's chapters in a real browser: JupyterLab (one server per module, on a temporary copy of the
notebooks, see ``lab_kit``) and Debian's Chromium through Playwright, at 1280×720.

Chapter 6 as a learner: the guided table is on the first screen, no name on its board cut off at the
notebook's width (848 px beside the file browser); its steps are followed by clicking
what the table points at (one deviation on the way, and back to the step), and an exercise is
answered wrong and then right.  The same start in German.  Chapter 8 as a teacher: Step ▶ through
the payout example and ◀ Step back to its start.  Screenshots go to ``test-artifacts/``.

What is expected (the guide's steps, the log lines, the credits) comes from the chapter files and
the engine, not from this file.
"""

from __future__ import annotations

from browser_kit import ARTIFACTS, browser, needs_chromium
from lab_kit import WAIT_MS, cell, lab, lab_page, open_notebook, run_all, scroll_to_top, wait_texts
from playwright.sync_api import Locator, Page, expect

from importexport import Game
from importexport.importexport.picture import picture
from importexport.tutor.chapter import chapter
from importexport.tutor.exercises import VERDICT, Grader
from importexport.widgets.common import ui
from importexport.widgets.guide import gw
from importexport.widgets.table import LOG_LINES

__all__ = ["browser", "lab", "lab_page"]  # (the fixtures this module uses)
pytestmark = needs_chromium

GUIDED = "three-rounds"  # chapter 6's first table, a guided one
EXERCISE = "owner-paid"  # chapter 6's number exercise
EXAMPLE = "payout-example"  # chapter 8's example a teacher steps through
SCREEN_HEIGHT = 720
NOTEBOOK_WIDTH = 848  # a notebook's output beside JupyterLab's file browser, at 1280 px
CUT_TEXTS = """board => [...board.querySelectorAll('*')].filter(e =>
    e.getClientRects().length && getComputedStyle(e).clipPath === 'none'  // (screen-reader-only words are clipped)
    && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())
    && e.scrollWidth > e.clientWidth).map(e => e.textContent.trim())"""
"""The texts on a board wider than their box: cut off (an ellipsis) or hidden."""


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def first_steps(panel: Locator, lang: str) -> None:
    """Chapter 6's guided table, opened and run: on the first screen; step 1 by clicking the card the
    board points at; one deviation at step 2 (the other declaration than the guide's) and back to step 2."""
    guide = chapter(6).positions[GUIDED].guide
    g = chapter(6).game(GUIDED, lang)
    for move in guide[0].moves():
        g.apply(move.action())
    assert guide[0].do is not None and guide[1].do is not None, "chapter 6's guide starts with two moves of the reader's"
    asked = guide[1].do.action()
    other = next(a for a in g.legal_actions(0) if a.kind == asked.kind and a != asked)
    table = cell(panel, f"ch.table('{GUIDED}')")
    scroll_to_top(panel)
    top = table.locator(".jp-OutputArea").bounding_box()
    assert top is not None and top["y"] < SCREEN_HEIGHT, f"the guided table starts at {top} (below the first screen)"
    wait_texts(table, ".iex-guide-count", [gw("count", lang, i=1, n=len(guide))])
    points = table.locator(".iex-board .iex-point")
    expect(points).to_have_count(1, timeout=WAIT_MS)  # the card to lead, outlined in the hand
    expect(points).to_contain_text(str(guide[0].do.cards[0]), timeout=WAIT_MS)
    board = table.locator(".iex-board")  # every name on it readable at a notebook's width
    width = board.evaluate("b => b.getBoundingClientRect().width")
    assert width <= NOTEBOOK_WIDTH, f"the board is {width} px wide: is the file browser closed?"
    assert board.evaluate(CUT_TEXTS) == [], f"texts cut off on the board at {width} px"
    points.click()
    wait_texts(table, ".iex-guide-count", [gw("count", lang, i=2, n=len(guide))])
    options, pointed = table.locator(".iex-option"), table.locator(".iex-option.iex-point")
    expect(options).to_have_text([g.describe(a, lang) for a in g.legal_actions(0)], timeout=WAIT_MS)
    expect(pointed).to_have_text(g.describe(asked, lang), timeout=WAIT_MS)
    table.get_by_role("button", name=g.describe(other, lang), exact=True).click()
    wait_texts(table, ".iex-guide-count", [gw("off_head", lang)])  # "you played something else"
    box = table.locator(".iex-guide")
    played = gw("off_played", lang, m=g.describe(other, lang), e=g.describe(asked, lang))
    expect(box).to_contain_text(plain(played), timeout=WAIT_MS)
    back = table.locator(".iex-guide-return")
    expect(back).to_have_text(gw("go_back", lang, i=2), timeout=WAIT_MS)
    expect(table.locator(".iex-guide-play-on")).to_be_visible(timeout=WAIT_MS)
    back.click()
    wait_texts(table, ".iex-guide-count", [gw("count", lang, i=2, n=len(guide))])
    expect(pointed).to_have_text(g.describe(asked, lang), timeout=WAIT_MS)  # the declaration is pending again
    expect(box).not_to_contain_text(gw("off_head", lang), timeout=WAIT_MS)


def test_chapter_6_as_a_learner(lab_page: Page) -> None:
    page = lab_page
    panel = open_notebook(page, "en/06-import-and-bidding.ipynb")
    run_all(panel, ".iex-guide")
    first_steps(panel, "en")
    steps = chapter(6).positions[GUIDED].guide
    g = chapter(6).game(GUIDED, "en")
    for move in steps[0].moves():  # (played by first_steps)
        g.apply(move.action())
    table = cell(panel, f"ch.table('{GUIDED}')")
    box = table.locator(".iex-guide")
    first_bid = next(i for i, step in enumerate(steps) if step.do is not None and step.do.kind == "bid")
    for i in range(1, len(steps)):  # from step 2 on, every step as the box says
        step = steps[i]
        if step.do is None:
            table.locator(".iex-guide-next").click()
        elif step.do.kind == "bid":  # typed into the outlined hidden entry and sealed
            entry = table.locator(".iex-bid.iex-point input")
            entry.fill(str(step.do.count))
            table.locator(".iex-seal.iex-point").click()
        else:  # the outlined thing: on the board if it is there (a card, a ship), else the panel's button
            board = table.locator(".iex-board .iex-point")
            (board if board.count() else table.locator(".iex-option.iex-point")).first.click()
        for move in step.moves():
            g.apply(move.action())
        done = i + 1 == len(steps)
        wait_texts(table, ".iex-guide-count", [gw("done", "en") if done else gw("count", "en", i=i + 2, n=len(steps))])
        credits = [str(p["credits"]) for p in picture(g, "en")["seats"]]
        expect(table.locator(".iex-seat-panel .iex-credits-n")).to_have_text(credits, timeout=WAIT_MS)
        expect(table.locator(".iex-log")).to_contain_text(g.narrate("en")[-1], timeout=WAIT_MS)
        if step.then is not None:  # what the move did, then what comes next
            expect(box).to_contain_text(plain(step.then("en")), timeout=WAIT_MS)
        coming = chapter(6).positions[GUIDED].end("en") if done else steps[i + 1].say("en")
        expect(box).to_contain_text(plain(coming), timeout=WAIT_MS)
        if i == first_bid:  # the first bid is sealed
            box.scroll_into_view_if_needed()
            shot(page, "ch06-guide.png")

    ex = chapter(6).exercises[EXERCISE]
    right = Grader(chapter(6)).number_answer(ex)
    quiz = cell(panel, f"ch.exercise('{EXERCISE}')")
    quiz.scroll_into_view_if_needed()
    answer = quiz.locator("input[type='number']")
    answer.fill(str(right - 2))
    answer.press("Enter")
    quiz.get_by_role("button", name="Check", exact=True).click()
    feedback = quiz.locator(".iex-hint")
    expect(feedback).to_contain_text(ex.hint.en.split("?")[0], timeout=WAIT_MS)
    expect(quiz).to_contain_text(VERDICT.format("wrong", "en"), timeout=WAIT_MS)
    expect(quiz).not_to_contain_text(ex.explain.en.split(".")[0], timeout=WAIT_MS)  # the hint, not the solution
    expect(quiz.locator(".iex-solution")).to_be_visible(timeout=WAIT_MS)
    answer.fill(str(right))
    answer.press("Enter")
    quiz.get_by_role("button", name="Check", exact=True).click()
    expect(quiz).to_contain_text(VERDICT.format("right", "en"), timeout=WAIT_MS)
    expect(quiz).to_contain_text(ex.explain.en.split(".")[0], timeout=WAIT_MS)
    expect(quiz.locator(".iex-hint")).to_have_count(0, timeout=WAIT_MS)
    quiz.scroll_into_view_if_needed()
    shot(page, "ch06-exercise.png")


def test_chapter_6_in_german(lab_page: Page) -> None:
    panel = open_notebook(lab_page, "de/06-import-and-bidding.ipynb")
    run_all(panel, ".iex-guide")
    first_steps(panel, "de")
    box = cell(panel, f"ch.table('{GUIDED}')").locator(".iex-guide")
    expect(box).to_contain_text(plain(chapter(6).positions[GUIDED].guide[1].say("de")), timeout=WAIT_MS)
    box.scroll_into_view_if_needed()
    shot(lab_page, "ch06-guide-de.png")


def test_chapter_8_as_a_teacher(lab_page: Page) -> None:
    c = chapter(8)
    assert EXAMPLE in c.positions, f"chapter 8 has no position {EXAMPLE!r} yet"
    script = [m.action() for m in c.positions[EXAMPLE].moves()]
    assert script, f"{EXAMPLE} has no moves to step through"
    g = c.game(EXAMPLE, "en")
    states, coming = [seen(g)], []
    for a in script:
        coming.append(ui("script_next", "en", m=g.describe(a, "en")))
        g.apply(a)
        states.append(seen(g))
        assert states[-1] != states[-2], f"{a} changes neither the log nor the credits: a Step that shows nothing"
    paid = next((k for k, (_, money) in enumerate(states) if money != states[0][1]), len(states) // 2)
    panel = open_notebook(lab_page, "en/08-loading-and-payouts.ipynb")
    run_all(panel, ".iex-step")
    table = cell(panel, f"ch.table('{EXAMPLE}')")
    step, back, prompt = table.locator(".iex-step"), table.locator(".iex-step-back"), table.locator(".iex-prompt")
    credits = table.locator(".iex-seat-panel .iex-credits-n")

    def shows(k: int) -> None:
        lines, money = states[k]
        wait_texts(table, ".iex-log details > div > div", lines)
        expect(credits).to_have_text(money, timeout=WAIT_MS)
        if k < len(coming):  # the teacher sees which move Step plays next
            expect(prompt).to_contain_text(coming[k], timeout=WAIT_MS)
        else:
            expect(prompt).not_to_contain_text(ui("script_next", "en", m="").strip(), timeout=WAIT_MS)

    shows(0)
    expect(back).to_be_disabled(timeout=WAIT_MS)
    for k in range(1, len(states)):
        step.click()
        shows(k)
        if k == paid:  # the payout on the board
            table.locator(".iex-board").scroll_into_view_if_needed()
            shot(lab_page, "ch08-example.png")
    for k in range(len(states) - 2, -1, -1):
        expect(back).to_be_enabled(timeout=WAIT_MS)
        back.click()
        shows(k)
    expect(back).to_be_disabled(timeout=WAIT_MS)
    expect(step).to_be_enabled(timeout=WAIT_MS)


def plain(markdown: str) -> str:
    """A guide's Markdown as the box shows it (its bold marks gone)."""
    return markdown.replace("**", "")


def seen(g: Game) -> tuple[list[str], list[str]]:
    """What a table shows of game ``g``: its log lines (newest first, as many as the log shows) and
    every seat's credits."""
    return list(reversed(g.narrate("en")[-LOG_LINES:])), [str(p["credits"]) for p in picture(g, "en")["seats"]]
