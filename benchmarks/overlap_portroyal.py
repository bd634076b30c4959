"""Does anything on the Port Royal table lie on top of something else?  Every position of whole games
(the picture tests' leaning random play, seeded), drawn by the real board in Chromium at 1280x720 as
wide as in the app with the rule in play below it, in normal and projector mode, English and German; at each position the table's
pieces (cards, contracts, seats, expeditions, the legend's and the harbour key's items, the zones'
titles and notes, the tabs on panels' edges, the status bar's items) are compared two by two, and a
pair whose boxes share more than a pixel each way, neither inside the other, is an overlap::

    python3 benchmarks/overlap_portroyal.py --players 5 --seeds 0 1 2 --shots test-artifacts

Prints one line per game and mode with the positions that overlap (the first few pairs named) and
the totals; ``--shots`` keeps a picture of each combination's first overlapping position.
``tests/test_browser_fit.py`` checks the most crowded positions found here.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

SHOW = """([pic, projector]) => {
  const rule = document.getElementById("rule");  // (as the app: 15 px text, 18 px in projector mode)
  rule.innerHTML = pic.rule || "";
  rule.style.display = pic.rule ? "" : "none";
  rule.style.fontSize = projector ? "18px" : "15px";
  if (window.model.get("projector") !== projector) window.model.set("projector", projector);
  window.model.set("picture", pic);
}"""
"""Draw a picture in the given mode, the rule in play below it."""
PAGE = ('<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0;padding:8px 15px">'
        '<div class="iex-table-view"><div id="out"></div><div id="rule" class="iex-fit-below"></div></div></body></html>')
"""The app's table view: the board, and below it the rule in play."""


def bot_games(mode: str, players: int, seed: int) -> Iterator[Any]:
    """The positions of one seeded game of heuristic bots at every seat (as the app's bots play)."""
    from importexport.bots.registry import make_bot
    from importexport.portroyal.game import Game

    g = Game(players=players, seed=seed, mode=mode)
    bots = [make_bot("heuristic", seed * 10 + s, game="portroyal") for s in range(players)]
    while True:
        yield g
        if g.is_over():
            return
        seat = g.deciders()[0]
        g.apply(bots[seat].choose(g, seat))


def positions(mode: str, players: int, seed: int, lang: str, bots: bool = False) -> list[dict[str, Any]]:
    """The pictures of one seeded game (the picture tests' leaning random play, or ``bots``), each as its
    decider sees it, with the rule in play (``rule``: the app's line below the table, which the fitted
    table leaves room for)."""
    from test_portroyal_picture import games

    from importexport.portroyal.picture import picture
    from importexport.portroyal.table_kit import hint
    from importexport.widgets.table import rule_html

    pics = []
    for g in (bot_games if bots else games)(mode, players, seed):
        deciders = g.deciders()
        pics.append(picture(g, lang, hands={deciders[0] if deciders else 0},
                            decider=deciders[0] if len(deciders) == 1 else None))
        said = hint(g, lang)
        pics[-1]["rule"] = rule_html(said[1], said[2], lang, below=True) if said else ""
    return pics


def overlaps_of(page: Any, pics: list[dict[str, Any]], projector: bool) -> list[tuple[int, list[str]]]:
    """Each position whose drawing overlaps, with its pairs (``test_portroyal_picture.OVERLAPS``)."""
    from test_portroyal_picture import OVERLAPS, PIECES

    found = []
    for i, pic in enumerate(pics):
        page.evaluate(SHOW, [pic, projector])
        pairs = page.evaluate(OVERLAPS, PIECES)
        if pairs:
            found.append((i, pairs))
    return found


def open_table(browser: Any, pic: dict[str, Any], css: str = "", height: int = 720) -> Any:
    """A 1280x720 page with the board mounted (as wide as the app's table); ``css``: the drawer's
    stylesheet instead of the working tree's."""
    from browser_kit import mount_board

    from importexport.portroyal.table_kit import DRAWER
    from importexport.protocol import Drawer

    page = browser.new_page(viewport={"width": 1280, "height": height}, reduced_motion="reduce")
    page.route("**/*", lambda route: route.abort())
    page.set_content(PAGE)
    mount_board(page, pic, Drawer(DRAWER.module, css or DRAWER.css))
    page.wait_for_selector(".iex-pr-board")
    return page


def main() -> None:
    from browser_kit import launch
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[5])
    ap.add_argument("--modes", nargs="+", default=["competitive", "cooperative", "base"])
    ap.add_argument("--lang", nargs="+", default=["en", "de"])
    ap.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    ap.add_argument("--bots", action="store_true", help="games of heuristic bots (else the picture tests' random play)")
    ap.add_argument("--views", nargs="+", default=["normal", "projector"])
    ap.add_argument("--height", type=int, default=720, help="the window's height (less: a crowded table's denser forms)")
    ap.add_argument("--css", default="", help="a stylesheet file to draw with instead of the drawer's")
    ap.add_argument("--shots", default="", help="a folder for a picture of each combination's first overlap")
    args = ap.parse_args()
    css = Path(args.css).read_text(encoding="utf-8") if args.css else ""
    total = bad = 0
    with sync_playwright() as pw:
        browser = launch(pw)
        for mode in args.modes:
            for players in args.players:
                for seed in args.seeds:
                    for lang in args.lang:
                        pics = positions(mode, players, seed, lang, args.bots)
                        page = open_table(browser, pics[0], css, args.height)
                        for projector in (v == "projector" for v in args.views):
                            found = overlaps_of(page, pics, projector)
                            total += len(pics)
                            bad += len(found)
                            where = " ".join(f"#{i}" for i, _ in found[:12])
                            print(f"{mode} {players}p seed {seed} {lang} {'projector' if projector else 'normal'}: "
                                  f"{len(found)} of {len(pics)} positions overlap {where}", flush=True)
                            for i, pairs in found[:2]:
                                print(f"    #{i}: {'; '.join(pairs[:3])}", flush=True)
                            if found and args.shots:
                                page.evaluate(SHOW, [pics[found[0][0]], projector])
                                name = f"overlap-{mode}-{players}p-s{seed}-{lang}-{'projector' if projector else 'normal'}"
                                page.screenshot(path=str(Path(args.shots) / f"{name}-{found[0][0]}.png"))
                        page.close()
        browser.close()
    print(f"{bad} of {total} positions drawn overlap", flush=True)


if __name__ == "__main__":
    main()
