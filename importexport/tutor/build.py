"""Write the chapter notebooks from the chapter files: ``python -m importexport.tutor.build [NN ...]``.

Notebooks stay thin: a title cell, then one short call per block of the chapter file.  The output
of ``facts`` blocks is computed here and stored, and the cell is marked ``# NBVAL_CHECK_OUTPUT`` so
that nbval compares it with what the engine prints in CI.  ``--check`` only reports notebooks that
are out of date (exit status 1), without writing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .chapter import CHAPTER_DIR, Chapter, chapters, load_chapter_file
from .facts import facts_text

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"
CHECK = "# NBVAL_CHECK_OUTPUT"


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + [lines[-1]]


def _code(index: int, source: str, outputs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    count = index if outputs else None  # nbval compares only cells that were run
    return {"cell_type": "code", "execution_count": count, "id": f"cell-{index:02d}", "metadata": {},
            "outputs": outputs or [], "source": _lines(source)}


def _markdown(index: int, source: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "id": f"cell-{index:02d}", "metadata": {}, "source": _lines(source)}


def call(kind: str, value: Any) -> str:
    """The one-line call that shows a block."""
    if kind == "facts":
        return f"{CHECK}\nch.facts({value!r})"
    if value is None:
        return f"ch.{kind}()"
    return f"ch.{kind}({value!r})"


def notebook(chapter: Chapter) -> dict[str, Any]:
    c = chapter
    cells = [_markdown(0, f"**importexport tutor, {c.number}/{len(chapters())}: {c.title.en} · {c.title.de}** — "
                          "run all cells (in Voila the page runs by itself); the switch below chooses English or German.\n"
                          "*Führe alle Zellen aus; der Schalter unten wählt Englisch oder Deutsch.*")]
    cells.append(_code(1, f"from importexport.widgets.chapter import chapter\n\nch = chapter({c.number})\nch.header()"))
    for i, (kind, value) in enumerate(c.block_list(), start=2):
        outputs = None
        if kind == "facts":
            outputs = [{"name": "stdout", "output_type": "stream", "text": _lines(facts_text(c, value) + "\n")}]
        cells.append(_code(i, call(kind, value), outputs))
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def render(chapter: Chapter) -> str:
    return json.dumps(notebook(chapter), indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    check = "--check" in argv
    wanted = {int(a) for a in argv if a.isdigit()}
    if wanted:
        found = [load_chapter_file(p) for p in sorted(CHAPTER_DIR.glob("*.yaml")) if int(p.name[:2]) in wanted]
    else:
        found = list(chapters())
    stale = []
    for ch in found:
        path = NOTEBOOK_DIR / ch.notebook
        text = render(ch)
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(path.name)
        if not check:
            path.write_text(text, encoding="utf-8")
    if check and stale:
        print("out of date (run python -m importexport.tutor.build): " + ", ".join(stale))
        return 1
    print(("wrote " if not check else "up to date: ") + (", ".join(stale) if stale else "nothing to do"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
