"""The tutor's chapters in a real browser: JupyterLab (one server per module, on a temporary copy of the
notebooks, see ``lab_kit``) and Debian's Chromium through Playwright, at 1280×720.

Chapter 6 as a learner: Run All lands on the guided table, no name on its board cut off at the
notebook's width (848 px beside the file browser) and no text under 14 px; its steps are followed by
clicking what the table points at, each step's box and target inside the window together (a wrong
click answered in the box, one deviation played anyway, and back to the step), and an exercise is
answered wrong and then right.  The same start in German.  Chapter 1 as a learner: a card with several
uses offers them in the box, a click the referee refuses is answered there with its reason.  Chapter 8
as a teacher in projector mode: Step ▶ through the payout example (the file browser closed) and ◀ Step
back to its start (the file browser open), clicking only inside the box, the box and every part of the
board, its legend too, inside the window at each step.  Screenshots go to ``test-artifacts/``.

What is expected (the guide's steps, the log lines, the credits) comes from the chapter files and
the engine, not from this file.
"""

from __future__ import annotations

from browser_kit import ARTIFACTS, browser, needs_chromium
from lab_kit import WAIT_MS, cell, in_view, lab, lab_page, open_notebook, run_all, small_texts, wait_texts
from playwright.sync_api import Locator, Page, expect

from importexport import Game
from importexport.importexport.picture import picture
from importexport.protocol import table_kit
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
    wait_texts(table, ".iex-guide-count", [gw("count", lang, i=1, n=len(guide))])
    points = table.locator(".iex-board .iex-point")
    expect(points).to_have_count(1, timeout=WAIT_MS)  # the card to lead, outlined in the hand
    expect(points).to_contain_text(str(guide[0].do.cards[0]), timeout=WAIT_MS)
    in_view(table, [".iex-guide", ".iex-board .iex-point", ".iex-board"])  # Run All landed on the lesson
    shot(panel.page, f"focus-after-ch06{'' if lang == 'en' else '-' + lang}.png")
    assert not (small := small_texts(table.locator(".iex-focus"))), f"texts under 14 px in the guided table: {small}"
    board = table.locator(".iex-board")  # every name on it readable at a notebook's width
    width = board.evaluate("b => b.getBoundingClientRect().width")
    assert width <= NOTEBOOK_WIDTH, f"the board is {width} px wide: is the file browser closed?"
    assert board.evaluate(CUT_TEXTS) == [], f"texts cut off on the board at {width} px"
    box = table.locator(".iex-guide")
    first = guide[0].do.action()
    wrong = next(a for a in g0(lang).legal_actions(0) if a.kind == first.kind and a != first)  # another card to lead
    table.locator(f".iex-board .iex-clickable[data-card='{wrong.cards[0]}']").click()
    answer = box.locator(".iex-guide-answer")  # answered in the box: allowed, not the step's, what to click
    expect(answer).to_contain_text(plain(gw("chose_other", lang, m=g0(lang).describe(wrong, lang))), timeout=WAIT_MS)
    expect(answer).to_contain_text(plain(gw("asks", lang, e=g0(lang).describe(first, lang))), timeout=WAIT_MS)
    in_view(table, [".iex-guide-answer", ".iex-guide-anyway", ".iex-board .iex-point"])
    wait_texts(table, ".iex-guide-count", [gw("count", lang, i=1, n=len(guide))])  # nothing played
    points.click()
    wait_texts(table, ".iex-guide-count", [gw("count", lang, i=2, n=len(guide))])
    options, pointed = table.locator(".iex-option"), table.locator(".iex-option.iex-point")
    expect(options).to_have_text([g.describe(a, lang) for a in g.legal_actions(0)], timeout=WAIT_MS)
    expect(pointed).to_have_text(g.describe(asked, lang), timeout=WAIT_MS)
    in_view(table, [".iex-guide", ".iex-guide .iex-point"])  # the declaration asked for, offered in the box
    table.locator(".iex-option", has_text=g.describe(other, lang)).click()
    expect(answer).to_contain_text(plain(gw("chose_other", lang, m=g.describe(other, lang))), timeout=WAIT_MS)
    table.locator(".iex-guide-anyway").click()  # played anyway
    wait_texts(table, ".iex-guide-count", [gw("off_head", lang)])  # "you played something else"
    played = gw("off_played", lang, m=g.describe(other, lang), e=g.describe(asked, lang))
    expect(box).to_contain_text(plain(played), timeout=WAIT_MS)
    back = table.locator(".iex-guide-return")
    expect(back).to_have_text(gw("go_back", lang, i=2), timeout=WAIT_MS)
    expect(table.locator(".iex-guide-play-on")).to_be_visible(timeout=WAIT_MS)
    back.click()
    wait_texts(table, ".iex-guide-count", [gw("count", lang, i=2, n=len(guide))])
    expect(pointed).to_have_text(g.describe(asked, lang), timeout=WAIT_MS)  # the declaration is pending again
    expect(box).not_to_contain_text(gw("off_head", lang), timeout=WAIT_MS)


def g0(lang: str) -> Game:
    """Chapter 6's guided table at its start."""
    return chapter(6).game(GUIDED, lang)


def target(table: Locator) -> str:
    """What the guided table's step asks to click: the outlined thing on the board, else in the box
    (a move made in the panel, offered in the box too), else Next."""
    if table.locator(".iex-board .iex-point").count():
        return ".iex-board .iex-point"
    return ".iex-guide .iex-point" if table.locator(".iex-guide .iex-point").count() else ".iex-guide-next"


def test_chapter_6_as_a_learner(lab_page: Page) -> None:
    page = lab_page
    panel = open_notebook(page, "en/06-import-and-bidding.ipynb")
    run_all(panel, ".iex-guide", top=False)
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
        where = target(table)
        in_view(table, [".iex-guide", where])  # the step and what it asks to click, together in the window
        if step.do is not None and step.do.kind == "bid" and i != first_bid:  # the outlined button in the box
            table.locator(".iex-guide-do").click()
        elif step.do is not None and step.do.kind == "bid":  # typed into the outlined hidden entry and sealed
            entry = table.locator(".iex-bid.iex-point input")
            entry.fill(str(step.do.count))
            table.locator(".iex-seal.iex-point").click()
        else:  # the outlined thing: on the board if it is there (a card, a ship), else the box's button, or Next
            table.locator(where).first.click()
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
    run_all(panel, ".iex-guide", top=False)
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
    page = lab_page
    panel = open_notebook(page, "en/08-loading-and-payouts.ipynb")
    run_all(panel, ".iex-step")
    table = cell(panel, f"ch.table('{EXAMPLE}')")
    box = table.locator(".iex-example")  # the teacher clicks only inside the example's box
    step, back, said = box.locator(".iex-step"), box.locator(".iex-step-back"), box.locator(".iex-guide-text")
    credits = table.locator(".iex-seat-panel .iex-credits-n")
    page.keyboard.press("Escape")
    page.keyboard.press("Control+b")  # the file browser closed: the notebook has the window's width
    sidebar = False  # the file browser open
    table.locator(".iex-projector-toggle").click()
    expect(table.locator(".iex-focus.iex-big .iex-board.iex-projector")).to_have_count(1, timeout=WAIT_MS)

    def shows(k: int) -> None:
        lines, money = states[k]
        wait_texts(table, ".iex-log details > div > div", lines)
        expect(credits).to_have_text(money, timeout=WAIT_MS)
        if k < len(coming):  # the teacher sees which move Step plays next, beside Step
            expect(said).to_contain_text(coming[k], timeout=WAIT_MS)
        else:
            expect(said).to_contain_text(ui("example_over", "en"), timeout=WAIT_MS)
        shown = [sel for sel in PLAY_AREA if table.locator(sel).count()]  # (the hand: while a person decides)
        in_view(table, [".iex-example", *shown])  # the box and the whole board in the window, in large print
        assert float(box.evaluate("b => parseFloat(getComputedStyle(b).fontSize)")) >= 20

    try:
        shows(0)
        expect(back).to_be_disabled(timeout=WAIT_MS)
        for k in range(1, len(states)):
            step.click()
            shows(k)
            if k == paid:  # the payout on the board
                shot(page, "ch08-example.png")
        expect(step).to_be_disabled(timeout=WAIT_MS)  # the example's end: Step stops there
        page.keyboard.press("Escape")
        page.keyboard.press("Control+b")  # back through the example with the file browser open (848 px)
        sidebar = True
        shows(len(states) - 1)
        tallest = 0.0  # (a picture of the fullest board)
        for k in range(len(states) - 2, -1, -1):
            expect(back).to_be_enabled(timeout=WAIT_MS)
            back.click()
            shows(k)
            if (tall := float(table.locator(".iex-board").evaluate("b => b.offsetHeight"))) > tallest:
                tallest = tall
                shot(page, "ch08-example-sidebar.png")
        expect(back).to_be_disabled(timeout=WAIT_MS)
        expect(step).to_be_enabled(timeout=WAIT_MS)
    finally:  # (the page is the module's: normal print and the file browser again)
        table.locator(".iex-projector-toggle").click()
        if not sidebar:
            page.keyboard.press("Control+b")


def test_chapter_1_as_a_learner(lab_page: Page) -> None:
    ch = chapter(1)
    position = next(v for k, v in ch.block_list() if k == "table")
    steps = ch.positions[position].guide
    panel = open_notebook(lab_page, f"en/{ch.notebook}")
    run_all(panel, ".iex-guide", top=False)
    table = cell(panel, f"ch.table('{position}')")
    in_view(table, [".iex-guide", ".iex-board .iex-point", ".iex-board"])  # Run All landed on the lesson
    shot(lab_page, "focus-after-ch01.png")
    assert not (small := small_texts(table.locator(".iex-focus"))), f"texts under 14 px in the guided table: {small}"
    g = ch.game(position, "en")
    kit = table_kit(g)
    island = table.locator(".iex-zone-island .iex-pressable").first  # no move with it now: the referee says why
    ident = int(island.get_attribute("data-card") or -1)
    island.click()
    answer = table.locator(".iex-guide .iex-guide-answer")
    expect(answer).to_contain_text(plain(kit.click_refusal(g, 0, "card", ident, "en") or ""), timeout=WAIT_MS)
    expect(answer).to_contain_text(plain(gw("asks", "en", e=g.describe(steps[0].do.action(), "en"))), timeout=WAIT_MS)
    in_view(table, [".iex-guide-answer", ".iex-board .iex-point"])
    for i, step in enumerate(steps):
        where = target(table)
        in_view(table, [".iex-guide", where])
        table.locator(where).first.click()
        if step.do is not None and where.startswith(".iex-board"):
            asked = step.do.action()
            what, ident = ("card", kit.pointed(asked)["cards"][0]) if kit.pointed(asked)["cards"] else (
                "ship", kit.pointed(asked)["ships"][0])
            if len(kit.click_choices(g, asked.player, what, ident)) > 1:  # its uses, offered in the box
                choice = table.locator(".iex-guide-choices .iex-option.iex-point")
                expect(answer).to_contain_text(plain(gw("pick", "en", c=kit.click_name(g, what, ident, "en"))),
                                               timeout=WAIT_MS)
                in_view(table, [".iex-guide-answer", ".iex-guide-choices .iex-point", ".iex-board .iex-point"])
                if i == 0:
                    shot(lab_page, "ch01-choice.png")
                choice.click()
        for move in step.moves():
            g.apply(move.action())
        done = i + 1 == len(steps)
        wait_texts(table, ".iex-guide-count", [gw("done", "en") if done else gw("count", "en", i=i + 2, n=len(steps))])
        expect(table.locator(".iex-log")).to_contain_text(g.narrate("en")[-1], timeout=WAIT_MS)


def plain(markdown: str) -> str:
    """A guide's Markdown as the box shows it (its bold marks gone)."""
    return markdown.replace("**", "")


PLAY_AREA = [".iex-board > .iex-status", ".iex-board > .iex-seat-panel", ".iex-board > .iex-centre",
             ".iex-board > .iex-zone-hand", ".iex-board > .iex-legend"]
"""The board's parts a teacher shows, its legend of marks too."""


def seen(g: Game) -> tuple[list[str], list[str]]:
    """What a table shows of game ``g``: its log lines (newest first, as many as the log shows) and
    every seat's credits."""
    return list(reversed(g.narrate("en")[-LOG_LINES:])), [str(p["credits"]) for p in picture(g, "en")["seats"]]
