"""Does the Import/Export table fit below the app's decision at every position of whole games?

The measurement of ``tests/test_browser_fit.py`` over every position (not only the most crowded) of
whole games of heuristic bots, for every player count, both modes and both languages, and several
seeds; prints one line per combination and the totals, the positions below the window also by what
lies below it (the hand or the legend; the Supply Island or Tokyo; the rule in play below the table),
figures in docs/app.md::

    python3 benchmarks/fit_table.py --seeds 1 2 3
    python3 benchmarks/fit_table.py --players 4 --projector --lang de --shots test-artifacts
    python3 benchmarks/fit_table.py --board a954416 --players 4   # the board of an older commit

With ``--board REV`` the board's files of that git commit are drawn instead of the working tree's
(``--shots`` then names its pictures ``fit-before-…``): the figures before a change.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


def board_files(rev: str) -> tuple[str, str, str, str]:
    """board.js, board.css and Import/Export's drawer (its table.js and table.css) of commit ``rev`` ("" : the
    working tree's; a commit before the drawer had a stylesheet gives "" for it)."""
    from table_shots import DRAWERS, FRAME, read

    folder = DRAWERS["importexport"]
    return (read(f"{FRAME}/board.js", rev), read(f"{FRAME}/board.css", rev), read(f"{folder}/table.js", rev),
            read(f"{folder}/table.css", rev))


def measure(browser: Any, players: int, projector: bool, lang: str, seed: int, files: tuple[str, str, str, str],
            shot: str = "") -> list[dict[str, Any]]:
    """Every position of one game drawn and measured (``shot``: a PNG of the one reaching lowest)."""
    from browser_kit import MOUNT_BOARD, TABLE_TOP
    from test_browser_fit import MEASURE, PAGE, game_pictures

    width, height = (1280, 720) if players <= 4 else (1920, 1080)
    pics = game_pictures(players, lang, seed)
    page = browser.new_page(viewport={"width": width, "height": height})
    page.route("**/*", lambda route: route.abort())
    page.set_content(PAGE)
    page.evaluate("(h) => { document.getElementById('above').style.height = h + 'px'; }", TABLE_TOP[projector])
    page.evaluate(MOUNT_BOARD, [files[0], files[1], {"picture": pics[0], "drawer": files[2], "drawer_css": files[3],
                                                      "projector": projector}])
    page.wait_for_selector(".iex-board")
    seen = [page.evaluate(MEASURE, pic) for pic in pics]
    if shot:
        worst = max(range(len(seen)), key=lambda i: seen[i]["bottom"])
        page.evaluate(MEASURE, pics[worst])
        page.screenshot(path=shot)
    page.close()
    return seen


def main() -> None:
    from browser_kit import CHROMIUM, OFFLINE
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    ap.add_argument("--projector", action="store_true", help="projector mode only (default: both modes)")
    ap.add_argument("--normal", action="store_true", help="normal mode only")
    ap.add_argument("--lang", nargs="+", default=["en", "de"])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1])
    ap.add_argument("--board", default="", help="a git commit whose board.js and board.css to draw")
    ap.add_argument("--shots", default="", help="a folder for a picture of each combination's lowest position")
    args = ap.parse_args()
    modes = [True] if args.projector else [False] if args.normal else [False, True]
    files = board_files(args.board)
    total = over = cut = small = hand = island = rule = 0
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=[OFFLINE])
        for players in args.players:
            for projector in modes:
                for lang in args.lang:
                    for seed in args.seeds:
                        size = "1280x720" if players <= 4 else "1920x1080"
                        name = (f"fit-{'before-' if args.board else ''}{size}-{players}p-{lang}"
                                f"{'-projector' if projector else ''}-seed{seed}.png")
                        seen = measure(browser, players, projector, lang, seed, files,
                                       f"{args.shots}/{name}" if args.shots else "")
                        past = [max(m["bottom"], m["rule"]) - m["H"] for m in seen]
                        n_over = sum(p > 0.5 for p in past)
                        n_hand = sum(m["hand"] - m["H"] > 0.5 for m in seen)
                        n_isl = sum(m["island"] - m["H"] > 0.5 for m in seen)
                        n_rule = sum(m["rule"] - m["H"] > 0.5 for m in seen)
                        n_cut = sum(bool(m["cut"]) or bool(m["wide"]) for m in seen)
                        n_small = sum(m["smallest"] < 14 or (projector and m["names"] < 17) for m in seen)
                        total, over, cut, small = total + len(seen), over + n_over, cut + n_cut, small + n_small
                        hand, island, rule = hand + n_hand, island + n_isl, rule + n_rule
                        print(f"{players} players {size} {lang}{' projector' if projector else ''} seed {seed}: "
                              f"{len(seen)} positions, {n_over} reach below the window (by up to {max(past):.0f} px; "
                              f"the hand or legend {n_hand}, the island {n_isl}, the rule in play {n_rule}), "
                              f"{n_cut} with a name cut or sticking out, {n_small} with text too small", flush=True)
        browser.close()
    print(f"all: {total} positions, {over} below the window (the hand or legend {hand}, the island {island}, "
          f"the rule in play below the table {rule}), "
          f"{cut} with a name cut, {small} with text too small")


if __name__ == "__main__":
    main()
