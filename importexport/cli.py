"""The ``importexport`` command.

    importexport tutor [--port N] [--no-browser]   open the tutor chapters in JupyterLab
    importexport bench [...]                       the random-play benchmark (see importexport.bench)
    importexport cards [--set base]                list the cards
    importexport rules WORD... [--lang de]         look up a rule in the tutor chapters
    importexport replay FILE                       print the narrated log of a saved game
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRST_CHAPTER = "01-welcome.ipynb"


def notebooks_dir() -> Path:
    here = ROOT / "notebooks"
    return here if here.is_dir() else Path.cwd() / "notebooks"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="importexport", description="Import/Export: rules tutor and playable edition")
    sub = ap.add_subparsers(dest="command", required=True)
    tutor = sub.add_parser("tutor", help="open the tutor chapters in JupyterLab")
    tutor.add_argument("--port", type=int, default=8888)
    tutor.add_argument("--no-browser", action="store_true")
    sub.add_parser("bench", help="random-play benchmark", add_help=False)
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
    if rest:
        ap.error(f"unrecognised arguments: {' '.join(rest)}")
    if args.command == "tutor":
        cmd = [sys.executable, "-m", "jupyterlab", f"--notebook-dir={notebooks_dir()}", f"--port={args.port}",
               "--ServerApp.ip=127.0.0.1", f"--ServerApp.default_url=/lab/tree/{FIRST_CHAPTER}"]
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
