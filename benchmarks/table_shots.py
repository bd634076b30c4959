"""Pictures of both games' tables drawn by the real board in Chromium, to compare a change of the
stylesheets or the drawers pixel by pixel: 2 games x 2 tables (a start, a crowded middle) x English
and German x normal and projector mode, 1280x720, motion reduced (16 PNGs)::

    python3 benchmarks/table_shots.py --board HEAD --out /tmp/before   # the files of a commit
    python3 benchmarks/table_shots.py --out /tmp/after                  # the working tree's
    python3 benchmarks/table_shots.py --out /tmp/after --compare /tmp/before

``--compare``: how many pixels of each picture differ from the same picture in that folder; exit
status 1 if any does.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

DRAWERS = {"importexport": "importexport/importexport/static", "portroyal": "importexport/portroyal/static"}
"""Each game's drawer folder: its ``table.js`` and, if it has one, its ``table.css``."""
FRAME = "importexport/widgets/static"


def read(path: str, rev: str) -> str:
    """A file of the working tree (``rev`` "") or of commit ``rev`` ("" if it has none there)."""
    if not rev:
        file = ROOT / path
        return file.read_text(encoding="utf-8") if file.exists() else ""
    done = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"], capture_output=True, text=True)
    return done.stdout if done.returncode == 0 else ""


def tables(game: str, lang: str) -> list[dict[str, Any]]:
    """Two pictures of a seeded game: its start and the position half way through."""
    if game == "importexport":
        from test_browser_fit import game_pictures

        pics = game_pictures(4, lang, 1)
    else:
        from overlap_portroyal import positions

        pics = positions("competitive", 5, 0, lang)
    return [pics[0], pics[len(pics) // 2]]


def shoot(browser: Any, rev: str, out: Path) -> list[Path]:
    """The 16 pictures drawn with the board's and the drawers' files of ``rev``, into ``out``."""
    from browser_kit import MOUNT_BOARD

    frame = (read(f"{FRAME}/board.js", rev), read(f"{FRAME}/board.css", rev))
    made = []
    for game, folder in DRAWERS.items():
        module, css = read(f"{folder}/table.js", rev), read(f"{folder}/table.css", rev)
        for lang in ("en", "de"):
            for t, pic in enumerate(tables(game, lang)):
                for projector in (False, True):
                    page = browser.new_page(viewport={"width": 1280, "height": 720}, reduced_motion="reduce")
                    page.route("**/*", lambda route: route.abort())
                    page.set_content('<!doctype html><html><head><meta charset="utf-8"></head>'
                                     '<body style="margin:0;padding:8px 15px"><div id="out"></div></body></html>')
                    page.evaluate(MOUNT_BOARD, [frame[0], frame[1], {"picture": pic, "drawer": module, "drawer_css": css,
                                                                      "projector": projector}])
                    page.wait_for_selector(".iex-host > *")
                    page.wait_for_timeout(300)
                    made.append(out / f"{game}-{t}-{lang}-{'projector' if projector else 'normal'}.png")
                    page.screenshot(path=str(made[-1]), full_page=True)
                    page.close()
    return made


COUNT = """async ([a, b]) => {
  const load = (src) => new Promise((ok) => { const i = new Image(); i.onload = () => ok(i); i.src = src; });
  const [x, y] = await Promise.all([load(a), load(b)]);
  if (x.width !== y.width || x.height !== y.height) return Math.max(x.width * x.height, y.width * y.height);
  const pixels = (i) => { const c = document.createElement("canvas"); c.width = i.width; c.height = i.height;
    const g = c.getContext("2d"); g.drawImage(i, 0, 0); return g.getImageData(0, 0, i.width, i.height).data; };
  const [p, q] = [pixels(x), pixels(y)];
  let n = 0;
  for (let k = 0; k < p.length; k += 4) if (p[k] !== q[k] || p[k + 1] !== q[k + 1] || p[k + 2] !== q[k + 2]) n++;
  return n;
}"""
"""How many pixels of two pictures (data URLs) differ (all of them if their sizes do)."""


def differing(browser: Any, a: Path, b: Path) -> int:
    """How many pixels of two PNGs differ (0 at once if their bytes are the same)."""
    import base64

    if a.read_bytes() == b.read_bytes():
        return 0
    url = lambda f: "data:image/png;base64," + base64.b64encode(f.read_bytes()).decode()  # noqa: E731
    page = browser.new_page()
    try:
        return int(page.evaluate(COUNT, [url(a), url(b)]))
    finally:
        page.close()


def main() -> int:
    from browser_kit import launch
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="", help="a git commit whose board and drawers to draw")
    ap.add_argument("--out", required=True, help="the folder for the pictures")
    ap.add_argument("--compare", default="", help="a folder of pictures to compare with")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = launch(pw)
        made = shoot(browser, args.board, out)
        bad = 0
        for shot in made if args.compare else []:
            n = differing(browser, shot, Path(args.compare) / shot.name)
            bad += n > 0
            print(f"{shot.name}: {n} pixels differ", flush=True)
        browser.close()
    print(f"{len(made)} pictures in {out}" + (f", {bad} differ from {args.compare}" if args.compare else ""), flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
