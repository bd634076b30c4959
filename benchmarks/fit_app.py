"""Does the Import/Export table fit the window at every decision of whole games in the app?

Plays games in Chromium through the running app (``importexport app``), every seat a person (so every
decision of the game is seen, each behind its pass screen), choosing at random among the choices
offered, and measures at each decision: the bottom of the app's decision, of the hand and of the legend
against the window's height, name chips whose text is cut (``scrollWidth > clientWidth``), and the
smallest font size of any visible text on the page.  Prints one line per game and a summary::

    IMPORTEXPORT_BOT_PACE=0 importexport app --no-browser --port=8871 &
    python3 benchmarks/fit_app.py --url http://127.0.0.1:8871/ --players 4 --size 1280x720 --seeds 1 2
    python3 benchmarks/fit_app.py --url ... --players 6 --size 1920x1080 --projector --lang de

The figures are written in docs/app.md.  (The browser test ``tests/test_browser_fit.py`` checks the
same at every decision of shorter games.)
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

CHROMIUM = Path("/usr/bin/chromium")
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"  # (as tests/browser_kit.py)

MEASURE = """() => {
  const H = window.innerHeight, W = document.documentElement.clientWidth;
  const bottom = (sel) => Math.max(-1, ...[...document.querySelectorAll(sel)].filter((e) => e.offsetParent)
    .map((e) => e.getBoundingClientRect().bottom + window.scrollY));
  const shown = [...document.querySelectorAll(".iex-app *")].filter((e) => e.offsetParent
    && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) && e.getBoundingClientRect().width > 1);
  const small = shown.map((e) => [parseFloat(getComputedStyle(e).fontSize), e.textContent.trim().slice(0, 30)])
    .sort((a, b) => a[0] - b[0]);
  const cut = [...document.querySelectorAll(".iex-board .iex-name, .iex-board .iex-seat-name, .iex-board .iex-ship-name, "
    + ".iex-board .iex-hand-title, .iex-board .iex-action, .iex-board .iex-cost, .iex-app .widget-button, .iex-app button")]
    .filter((e) => e.offsetParent && e.getBoundingClientRect().width > 1 && e.scrollWidth > e.clientWidth + 0.5)
    .map((e) => e.textContent.trim());  // (a name kept for screen readers only is 1 px wide: not cut)
  return {
    decision: bottom(".iex-prompt, .iex-option, .iex-do, .iex-choice, .iex-bid, .iex-seal, .iex-step, .iex-undo, .iex-restart"),
    hand: bottom(".iex-zone-hand"), legend: bottom(".iex-board .iex-legend"), rule: bottom(".iex-rule"), H, W,
    wide: document.documentElement.scrollWidth > W, small: small.slice(0, 1), cut,
  };
}"""


def start(page: Any, players: int, lang: str, projector: bool, seed: int) -> None:
    if lang == "de":
        page.get_by_role("button", name="Deutsch", exact=True).first.click()
        page.wait_for_timeout(300)
    page.select_option(".iex-players select", index=players - 2)
    page.fill(".iex-seed input", str(seed))
    page.locator(".iex-seed input").press("Enter")
    for seat in range(1, players):
        page.select_option(f".iex-seat-{seat} select", index=0)  # a person
    page.locator(".iex-abilities input").check()
    if players >= 5:
        for box in page.locator("[class*='iex-module-'] input").all():
            box.check()
    page.locator(".iex-start").click()
    page.wait_for_selector(".iex-ready, .iex-board .iex-seat-panel", timeout=30_000)
    if projector:
        ready(page)
        page.wait_for_selector(".iex-projector-toggle")
        if not page.locator(".iex-board.iex-projector").count():
            page.locator(".iex-projector-toggle").click()
            page.wait_for_selector(".iex-board.iex-projector")


def ready(page: Any) -> None:
    if page.locator(".iex-ready:visible").count():
        page.locator(".iex-ready").first.click()
        page.wait_for_selector(".iex-board .iex-seat-panel", timeout=15_000)


def quiet(page: Any, still: float = 0.12) -> None:
    last, since = page.inner_text(".iex-app"), time.time()
    while time.time() - since < still:
        time.sleep(0.04)
        now = page.inner_text(".iex-app")
        if now != last:
            last, since = now, time.time()


def play(page: Any, rng: random.Random, limit: int, shot: str = "") -> list[dict[str, Any]]:
    """Every decision of one game (up to ``limit``): what was measured there (``shot``: a PNG file for
    the decision whose table reaches lowest)."""
    seen: list[dict[str, Any]] = []
    lowest = -1e9
    for _ in range(limit):
        quiet(page)
        if page.locator(".iex-scores").count():
            break
        if page.locator(".iex-ready:visible").count():
            ready(page)
            quiet(page)
        m = page.evaluate(MEASURE)
        seen.append(m)
        low = max(m["decision"], m["hand"], m["legend"])
        if shot and low > lowest:
            lowest = low
            page.screenshot(path=shot)
        try:
            choose(page, rng)
        except PlaywrightTimeout:  # (redrawn under the pointer: look again)
            seen.pop()
    return seen


def choose(page: Any, rng: random.Random) -> None:
    """One of the choices offered, at random."""
    bid = page.locator(".iex-bid input")
    if bid.count():
        bid.first.fill("0", timeout=3000)
        page.locator(".iex-seal").first.click(timeout=3000)
        return
    pick = page.locator(".iex-choice select")
    n = pick.first.locator("option").count() if pick.count() else 0
    if n:
        pick.first.select_option(index=rng.randrange(n), timeout=3000)
        page.locator(".iex-do").first.click(timeout=3000)
        return
    options = page.locator(".iex-option")
    n = options.count()  # (counted once: the page may be redrawn in between)
    if n:
        options.nth(rng.randrange(n)).click(timeout=3000)
        return
    page.wait_for_timeout(200)


def main() -> None:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", required=True)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--projector", action="store_true")
    ap.add_argument("--seeds", type=int, nargs="+", default=[1])
    ap.add_argument("--limit", type=int, default=400, help="at most this many decisions a game")
    ap.add_argument("--shots", default="", help="a folder: a screenshot of the most crowded decision of each game")
    args = ap.parse_args()
    width, height = map(int, args.size.split("x"))
    total = over = cut = small = 0
    worst = 0.0
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=[OFFLINE])
        for seed in args.seeds:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(args.url, timeout=60_000)
            page.wait_for_selector(".iex-start", timeout=60_000)
            start(page, args.players, args.lang, args.projector, seed)
            shot = f"{args.shots}/fit-{args.players}p-{args.size}-{args.lang}{'-projector' if args.projector else ''}-{seed}.png"
            seen = play(page, random.Random(seed), args.limit, shot if args.shots else "")
            past = [max(m["decision"], m["hand"], m["legend"]) - m["H"] for m in seen]
            bad = [p for p in past if p > 0.5]
            total += len(seen)
            over += len(bad)
            worst = max([worst, *past])
            cuts = sorted({c for m in seen for c in m["cut"]})
            cut += sum(bool(m["cut"]) for m in seen)
            least = min(m["small"][0][0] for m in seen if m["small"]) if seen else 0
            small += sum(bool(m["small"]) and m["small"][0][0] < 14 for m in seen)
            smallest = min((m["small"][0] for m in seen if m["small"]), default=None)
            print(f"seed {seed}: {len(seen)} decisions, {len(bad)} past the window (by up to {max(past, default=0):.0f} px), "
                  f"{sum(bool(m['cut']) for m in seen)} with a name cut {cuts[:6]}, smallest text {least} px {smallest}", flush=True)
            page.close()
        browser.close()
    print(f"{args.players} players {args.size} {args.lang}{' projector' if args.projector else ''}: {total} decisions, "
          f"{over} past the window (by up to {worst:.0f} px), {cut} with a name cut, {small} with text under 14 px")


if __name__ == "__main__":
    main()
