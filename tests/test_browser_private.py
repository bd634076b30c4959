"""Two people and a bot at one device, in Chromium: no person's hand is ever in the page unless that
person pressed their own pass screen.  The page itself records every change of its DOM (a mutation
observer, and a look every 50 ms besides) from before the game starts, through the bot's paced moves
(0.1 s apart here), to the end of the test: a hand that flashes up for a moment is caught too."""

from __future__ import annotations

import re
import time

from browser_kit import app_url, browser, choose_seat, needs_chromium, open_app, settle
from playwright.sync_api import TimeoutError as PlaywrightTimeout

__all__ = ["app_url", "browser"]  # (the fixtures this module uses)
pytestmark = needs_chromium

WATCH = """() => {
  window.iexSeen = [];
  let last = "";
  const look = () => {
    const ready = document.querySelector(".iex-ready");  // (the pass screen's button)
    const pass = ready && ready.parentElement;
    const hands = [...document.querySelectorAll(".iex-zone-hand")].map(e => e.getAttribute("data-hand-seat"));
    for (const e of document.querySelectorAll(".iex-open-hand")) {  // (a hand as chips in its seat's panel)
      hands.push(e.closest("[data-seat]").getAttribute("data-seat"));
    }
    const state = {
      hands: hands.map(Number),
      pass: pass ? pass.innerText : null,
      choices: document.querySelectorAll(".iex-option, .iex-do, .iex-bid").length,
    };
    const key = JSON.stringify(state);
    if (key !== last) { last = key; window.iexSeen.push(state); }
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true, attributes: true,
                                                     characterData: true});
  setInterval(look, 50);
  document.addEventListener("click", e => {
    const ready = e.target.closest(".iex-ready");
    if (ready) { look(); window.iexSeen.push({pressed: ready.innerText}); }
  }, true);
}"""


def seat_named(text: str) -> int:
    return int(re.search(r"Player (\d)", text)[1]) - 1


def test_no_hand_but_the_pressers_is_ever_in_the_page(browser, app_url: str) -> None:
    page = open_app(browser, app_url)
    choose_seat(page, 1, "Person")
    choose_seat(page, 2, "Bot: heuristic")
    page.fill(".iex-seed input", "1")
    page.locator(".iex-seed input").press("Enter")
    page.evaluate(WATCH)
    page.locator(".iex-start").click()
    passes = decisions = 0
    deadline = time.time() + 60
    while decisions < 16:
        assert time.time() < deadline, f"16 decisions took over a minute ({decisions} made)"
        page.wait_for_selector(".iex-ready, .iex-option, .iex-do, .iex-bid input", timeout=20_000)
        settle(page, quiet=0.3)  # (the bot's paced moves too)
        ready = page.locator(".iex-ready")
        try:
            if ready.count():
                ready.first.click(timeout=5_000)
                passes += 1
            elif page.locator(".iex-bid input").count():
                page.locator(".iex-bid input").first.fill("0", timeout=5_000)
                page.locator(".iex-seal").first.click(timeout=5_000)
                decisions += 1
            else:
                page.locator(".iex-option, .iex-do").last.click(timeout=5_000)
                decisions += 1
        except PlaywrightTimeout:  # (redrawn under the pointer: look again)
            continue
        page.wait_for_timeout(150)
    settle(page, quiet=0.4)
    seen = page.evaluate("() => window.iexSeen")
    allowed = None  # the person who pressed their pass screen last (and no pass screen since)
    hands = set()
    for i, state in enumerate(seen):
        if "pressed" in state:
            allowed = seat_named(state["pressed"])
            continue
        if state["pass"] is not None:
            allowed = None
            assert not state["hands"] and not state["choices"], f"a hand behind the pass screen: {state}"
        for seat in state["hands"]:
            assert seat == allowed, f"Player {seat + 1}'s hand without their press: {seen[max(0, i - 4):i + 1]}"
            hands.add(seat)
    first = next(s for s in seen if s.get("hands") or s.get("pass") is not None)
    assert first["pass"] is not None, "the game started on a person's hand, not on the pass screen"
    assert passes >= 3 and hands == {0, 1}, (passes, hands)
    assert sum("pressed" not in s for s in seen) > 30  # (the page was watched as it changed, bots' moves too)
    page.close(run_before_unload=True)
