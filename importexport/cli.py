"""The ``importexport`` command.

    importexport app [--port N] [--no-browser]     play in the browser (Voila): against bots or hot-seat
    importexport tutor [--port N] [--no-browser]   open the tutor chapters in JupyterLab
    importexport bench [...]                       the random-play benchmark (see importexport.bench)
    importexport cards [--set base]                list the cards
    importexport rules WORD... [--lang de]         look up a rule in the tutor chapters
    importexport replay FILE                       print the narrated log of a saved game
    importexport simulate [...]                    bot tournaments (see importexport.simulate)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRST_CHAPTER = "01-welcome.ipynb"
APP_NOTEBOOK = Path(__file__).resolve().parent / "app" / "play.ipynb"


def notebooks_dir() -> Path:
    here = ROOT / "notebooks"
    return here if here.is_dir() else Path.cwd() / "notebooks"


def app_command(port: int, no_browser: bool) -> list[str]:
    """The Voila command serving the play dashboard on 127.0.0.1 with a preheated kernel."""
    cmd = [sys.executable, "-m", "voila", str(APP_NOTEBOOK), f"--port={port}", "--Voila.ip=127.0.0.1",
           "--preheat_kernel=True", "--pool_size=1"]
    if no_browser:
        cmd.append("--no-browser")
    return cmd


def run_app(port: int, no_browser: bool) -> int:
    print(f"Import/Export: the app is at http://127.0.0.1:{port}/  (Ctrl+C stops it)", flush=True)
    return subprocess.call(app_command(port, no_browser), cwd=str(APP_NOTEBOOK.parent))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="importexport", description="Import/Export: rules tutor and playable edition")
    sub = ap.add_subparsers(dest="command", required=True)
    app = sub.add_parser("app", help="play a game in the browser (Voila), against bots or hot-seat")
    app.add_argument("--port", type=int, default=8866)
    app.add_argument("--no-browser", action="store_true")
    tutor = sub.add_parser("tutor", help="open the tutor chapters in JupyterLab")
    tutor.add_argument("--port", type=int, default=8888)
    tutor.add_argument("--no-browser", action="store_true")
    sub.add_parser("bench", help="random-play benchmark", add_help=False)
    sub.add_parser("simulate", help="bot tournaments: win rates, scores, move times", add_help=False)
    cards = sub.add_parser("cards", help="list the cards")
    cards.add_argument("--set", default=None)
    rules = sub.add_parser("rules", help="look up a rule by keyword (English or German)")
    rules.add_argument("query", nargs="+")
    rules.add_argument("--lang", default=None, choices=["en", "de"])
    replay = sub.add_parser("replay", help="narrate a saved game")
    replay.add_argument("file")
    replay.add_argument("--lang", default=None, choices=["en", "de"])
    args, rest = ap.parse_known_args(argv)

    if args.command == "bench":
        from .bench import main as bench_main

        bench_main(rest)
        return 0
    if args.command == "simulate":
        from .simulate import main as simulate_main

        return simulate_main(rest)
    if rest:
        ap.error(f"unrecognised arguments: {' '.join(rest)}")
    if args.command == "app":
        return run_app(args.port, args.no_browser)
    if args.command == "tutor":
        cmd = [sys.executable, "-m", "jupyterlab", f"--notebook-dir={notebooks_dir()}", f"--port={args.port}",
               "--ServerApp.ip=127.0.0.1", f"--LabApp.default_url=/lab/tree/{FIRST_CHAPTER}"]
        if args.no_browser:
            cmd.append("--no-browser")
        if hasattr(os, "geteuid") and os.geteuid() == 0:  # a fresh machine or a container: root
            cmd.append("--allow-root")
        print("Starting JupyterLab on", notebooks_dir(), flush=True)
        return subprocess.call(cmd)
    if args.command == "cards":
        from .cards import CARDS

        for c in CARDS.cards:
            if args.set in (None, c.set):
                print(f"{c.id:3} {c.name:32} {c.set:12} {c.goods:6} {c.action:8} level {c.level} cargo {c.cargo}")
        return 0
    if args.command == "rules":
        from .tutor.lookup import search

        query = " ".join(args.query)
        hits = search(query, args.lang)
        if not hits:
            print(f"nothing found for {query!r}")
            return 1
        words = query.lower().split()
        for h in hits:
            e = h.entry
            print(f"chapter {e.chapter} ({e.notebook}) > {e.title[h.lang]}")
            print(f"    {h.snippet(words)}")
        return 0
    if args.command == "replay":
        from .errors import SaveFileError
        from .savefile import load_from

        try:
            g = load_from(args.file)
        except (OSError, SaveFileError) as exc:
            print(f"importexport: {exc}", file=sys.stderr)
            return 2
        print("\n".join(g.narrate(args.lang)))
        return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
