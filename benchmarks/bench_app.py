"""App speed, measured as ratios in one run (targets: first paint within 1.3x a trivial Voila page,
click to updated board <= 150 ms median).

    python benchmarks/bench_app.py [--loads 5] [--games 5] [--moves 40]

- **First paint**: Voila serves ``importexport app`` (preheated kernel) on loopback, and beside it,
  served the same way, a trivial notebook with one button.  Chromium (Debian's, through Playwright)
  opens each page in turn, ``--loads`` times, and the time until the first control is visible is
  taken; the report gives the app's median over the trivial page's median.
- **Click to updated board in Chromium, bots excluded**: the bots' moves are shown 2 s apart here,
  so the person's own move reaches the board first; the time is from the click (on a card or ship
  of the board, or a button of the panel) until the board shows the move, over ``--moves`` moves.
- **Click to updated view, server side** (for information): ``TableView.click_seconds`` over
  ``--games`` 3-player games played through the app's widgets.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


TRIVIAL = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "button", "metadata": {}, "outputs": [],
               "source": ["import ipywidgets as w\n", "b = w.Button(description='Start')\n",
                          "b.add_class('iex-start')\n", "b"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}


def serve(cmd: list[str], port: int, env: dict[str, str] | None = None) -> subprocess.Popen:
    from importexport.cli import wait_for_port

    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wait_for_port(port)
    return proc


def open_page(browser, url: str):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith("http://127.0.0.1") else r.abort())
    t0 = time.perf_counter()
    page.goto(url, timeout=60_000)
    page.wait_for_selector(".iex-start", state="visible", timeout=60_000)
    return page, time.perf_counter() - t0


def pages(loads: int, moves: int) -> tuple[list[float], list[float], list[float]]:
    """First paints of the app and of the trivial page (alternating), and board clicks."""
    import json
    import os
    import tempfile

    from playwright.sync_api import sync_playwright

    from importexport.cli import app_command

    app_port, trivial_port = free_port(), free_port()
    folder = tempfile.mkdtemp()
    trivial_nb = os.path.join(folder, "trivial.ipynb")
    with open(trivial_nb, "w", encoding="utf-8") as fh:
        json.dump(TRIVIAL, fh)
    app_cmd = app_command(app_port, no_browser=True)
    trivial_cmd = app_command(trivial_port, no_browser=True, notebook=Path(trivial_nb))
    env = {**os.environ, "IMPORTEXPORT_BOT_PACE": "2"}
    procs = [serve(app_cmd, app_port, env), serve(trivial_cmd, trivial_port)]
    app_paints: list[float] = []
    trivial_paints: list[float] = []
    clicks: list[float] = []
    try:
        time.sleep(6)  # let both preheat their kernels
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium")
            for i in range(loads):
                for url, out in ((f"http://127.0.0.1:{app_port}/", app_paints),
                                 (f"http://127.0.0.1:{trivial_port}/", trivial_paints)):
                    page, seconds = open_page(browser, url)
                    out.append(seconds)
                    if i == 0 and out is app_paints:
                        clicks = board_clicks(page, moves)
                    page.close(run_before_unload=True)
                    time.sleep(3)  # the pool preheats a fresh kernel for the next visitor
            browser.close()
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(timeout=20)
    return app_paints, trivial_paints, clicks


def board_clicks(page, moves: int) -> list[float]:
    """Play ``moves`` moves of a 3-player game, timing click -> the board shows the move."""
    page.select_option(".iex-seat-1 select", label="Bot: random")
    page.select_option(".iex-seat-2 select", label="Bot: random")
    page.locator(".iex-start").click()
    out: list[float] = []
    for turn in range(moves * 3):
        if len(out) >= moves:
            break
        page.wait_for_selector(".iex-option, .iex-do, .iex-bid input, .iex-scores, .iex-skip:visible", timeout=30_000)
        time.sleep(0.2)
        if page.locator(".iex-scores").count():
            break
        if page.locator(".iex-skip:visible").count():
            try:  # (the bots may finish, and the button go, while the pointer moves to it)
                page.locator(".iex-skip:visible").first.click(timeout=3_000)
            except Exception:  # noqa: BLE001
                pass
            time.sleep(0.3)
            continue
        board = page.inner_text(".iex-board")
        cards = page.locator(".iex-board .iex-card.iex-clickable")
        if page.locator(".iex-bid input").count():
            page.locator(".iex-bid input").first.fill("0")
            target = page.locator(".iex-seal").first
        elif cards.count() and turn % 2:
            target = cards.nth(turn % cards.count())
        else:
            target = page.locator(".iex-option, .iex-do").last
        t0 = time.perf_counter()
        target.click()
        try:
            page.wait_for_function("b => document.querySelector('.iex-board').innerText !== b", arg=board,
                                   timeout=5_000, polling="raf")
        except Exception:  # noqa: BLE001 (a move that leaves the board as it was, e.g. a menu opened)
            continue
        out.append(time.perf_counter() - t0)
    return out


def server_clicks(games: int) -> list[float]:
    from importexport.widgets.app import PlayApp

    out: list[float] = []
    for seed in range(1, games + 1):
        app = PlayApp()
        app.seed.value = seed
        for d in app.seat_roles[1:]:
            d.value = "random"
        app.start()
        t = app.table
        for _ in range(2000):
            if app.session.game.is_over():
                break
            if t.bid_inputs:
                t.bid(next(iter(t.bid_inputs)), "0")
            else:
                rows = [b for row in t.options.children for b in getattr(row, "children", ()) if hasattr(b, "click")]
                rows[-1].click()
        out.extend(t.click_seconds)
    return out


def describe(name: str, values: list[float], target: float) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    ok = "meets" if statistics.median(values) <= target else "MISSES"
    return (f"{name}: n={len(values)}, median {1000 * statistics.median(values):.0f} ms, p95 {1000 * p95:.0f} ms, "
            f"max {1000 * values[-1]:.0f} ms — target {1000 * target:.0f} ms: {ok}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--loads", type=int, default=5)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--moves", type=int, default=40)
    args = ap.parse_args()
    app_paints, trivial_paints, clicks = pages(args.loads, args.moves)
    ratio = statistics.median(app_paints) / statistics.median(trivial_paints)
    print(describe("first paint of the app (page open to first control)", app_paints, 60.0))
    print(describe("first paint of a trivial one-button Voila page", trivial_paints, 60.0))
    print(f"first paint ratio app / trivial: {ratio:.2f} — target 1.30: {'meets' if ratio <= 1.3 else 'MISSES'}")
    print(describe("click to updated board in Chromium (bots excluded)", clicks, 0.150))
    print(describe("click to updated view, server side (for information)", server_clicks(args.games), 0.150))


if __name__ == "__main__":
    main()
