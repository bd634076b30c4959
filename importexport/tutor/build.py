"""Write the tutor's notebooks from the chapter files: ``python -m importexport.tutor.build [--game ID] [NN ...]``.

Every chapter becomes one notebook per language, ``notebooks/en/NN-slug.ipynb`` and
``notebooks/de/NN-slug.ipynb`` (Port Royal's in ``notebooks/en/portroyal/`` and
``notebooks/de/portroyal/``, their code cells ``chapter(N, lang="de", game="portroyal")``): its title, summary and prose are Markdown cells (JupyterLab's table of
contents, GitHub and nbviewer show the lesson without running it) and its live parts are short code
cells (``ch = chapter(6, lang="de")`` once, then ``ch.table("three-rounds")`` ...).  A line at the top
links the contents page and the same chapter in the other language; one at the bottom links the
neighbouring chapters of the same game, so a reader stays in the language chosen.  ``NN`` = ``00`` is
the contents page of each language, listing both games' chapters, and ``notebooks/README.md`` lists
both languages (GitHub shows it with the folder).

The output of ``facts`` blocks is computed here and stored, and the cell carries the tag
``nbval-check-output`` (in its metadata, out of the learner's sight) so that nbval compares it with
what the engine prints in CI.

``--check`` writes nothing and exits with status 1 if a notebook is missing, stray or out of date.
It compares cell types, ids, sources and tags only: outputs, execution counts and the metadata
JupyterLab writes when it saves a notebook do not count.  Without ``--check`` every generated
file is written as generated (outputs cleared, facts outputs restored), and generated-looking
notebooks (``NN-*.ipynb``) no chapter produces are removed.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from ..catalog import Table
from .chapter import DEFAULT_GAME, LANGS, Chapter, chapters
from .facts import facts_text
from .games import TUTOR_GAMES

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"
CONTENTS = "00-contents.ipynb"
README = "README.md"
CHECK = "nbval-check-output"
"""The cell tag asking nbval to compare a cell's stored output (a tag, not a comment in the code the
learner reads)."""
GENERATED = re.compile(r"\d\d-[\w-]+\.ipynb")  # the names this module writes (and may remove)

OTHER = {"en": "de", "de": "en"}
WORDS = Table("build", {
    "contents": "Contents",
    "chapter": "Chapter",
    "of": "of",
    # (the link to the other language is written in that language, for the reader who needs it)
    "this_chapter": "English: [this chapter in English]({href})",
    "these_contents": "English: [the contents in English]({href})",
    "run": "*Run the notebook (Run ▸ Run All Cells) to play at the tables.*",
    "tutor": "The rules tutor: Import/Export and Port Royal",
    "intro": "{n} chapters for two games, one notebook each. Read a chapter as it is, or run it to make the "
        "moves at live tables and answer exercises the rules engine grades. Every chapter links the next one "
        "of its game and its German version.",
    "projector": "Large print for a projector: the *Projector* switch on any table. This browser remembers it "
        "for every chapter, in both languages.",
})


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + [lines[-1]]


def _code(index: int, source: str, outputs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    count = index if outputs else None  # nbval compares only cells that were run
    metadata = {"tags": [CHECK]} if outputs else {}
    return {"cell_type": "code", "execution_count": count, "id": f"cell-{index:02d}", "metadata": metadata,
            "outputs": outputs or [], "source": _lines(source)}


def _markdown(index: int, source: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "id": f"cell-{index:02d}", "metadata": {}, "source": _lines(source)}


def _document(cells: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def prose(text: str) -> str:
    """Chapter text for a Markdown cell: ``$`` and ``<`` outside code spans are escaped, so that Jupyter
    and GitHub show them as written (no maths, no HTML), as the widgets do."""
    parts = re.split(r"(`+[^`]*`+)", text.strip())
    return "".join(p if p.startswith("`") else p.replace("$", r"\$").replace("<", r"\<") for p in parts)


def call(kind: str, value: Any) -> str:
    """The one-line call that shows a block."""
    if value is None:
        return f"ch.{kind}()"
    return f"ch.{kind}({value!r})"


def chapter_link(c: Chapter, lang: str) -> str:
    return f"[{WORDS.format('chapter', lang)} {c.number}: {prose(c.title(lang))}]({c.notebook})"


def _up(c: Chapter) -> str:
    """From the chapter's notebook back to its language's folder: ``""`` or ``"../"``."""
    return "../" if c.kit.folder else ""


def opening(c: Chapter, lang: str) -> str:
    """The code that opens the chapter: ``chapter(6, lang="de")``, ``chapter(2, lang="de", game="portroyal")``."""
    game = f", game={c.game_id!r}" if c.game_id != DEFAULT_GAME else ""
    return f"chapter({c.number}, lang={lang!r}{game})"


def notebook(chapter: Chapter, lang: str) -> dict[str, Any]:
    """The notebook of ``chapter`` in ``lang``: Markdown for the title and the prose, code for the live parts."""
    c, every = chapter, chapters(chapter.game_id)
    other, up = OTHER[lang], _up(chapter)
    game = f"{c.kit.name} · " if c.game_id != DEFAULT_GAME else ""
    top = (f"[{WORDS.format('contents', lang)}]({up}{CONTENTS}) · {game}{WORDS.format('chapter', lang)} {c.number} "
           f"{WORDS.format('of', lang)} {len(every)} · " + WORDS.format("this_chapter", other, href=f"../{up}{other}/{c.path}"))
    cells = [_markdown(0, f"{top}\n\n# {WORDS.format('chapter', lang)} {c.number}: {prose(c.title(lang))}\n\n"
                          f"{prose(c.summary(lang))}\n\n{WORDS.format('run', lang)}"),
             _code(1, f"from importexport.widgets.chapter import chapter\n\nch = {opening(c, lang)}\n"
                      "ch.header()")]
    for i, (kind, value) in enumerate(c.block_list(), start=2):
        if kind == "text":
            sec = c.sections[value]
            cells.append(_markdown(i, f"## {prose(sec.title(lang))}\n\n{prose(sec.text(lang))}"))
            continue
        outputs = None
        if kind == "facts":
            outputs = [{"name": "stdout", "output_type": "stream", "text": _lines(facts_text(c, value, (lang,)) + "\n")}]
        cells.append(_code(i, call(kind, value), outputs))
    at = [x.number for x in every].index(c.number)
    links = [f"← {chapter_link(every[at - 1], lang)}" if at > 0 else "",
             f"[{WORDS.format('contents', lang)}]({up}{CONTENTS})",
             f"{chapter_link(every[at + 1], lang)} →" if at + 1 < len(every) else ""]
    cells.append(_markdown(len(cells), "---\n\n" + " · ".join(x for x in links if x)))
    return _document(cells)


def contents(lang: str) -> dict[str, Any]:
    """The contents page of ``lang``: every chapter of each game with its summary, under the game's name;
    Markdown only (nothing to run)."""
    other = OTHER[lang]
    parts = []
    for game in TUTOR_GAMES.values():
        rows = "\n".join(f"{c.number}. [{prose(c.title(lang))}]({c.path}): {prose(c.summary(lang))}" for c in chapters(game.id))
        if rows:
            parts.append(f"## {game.name}\n\n{rows}")
    total = sum(len(chapters(game)) for game in TUTOR_GAMES)
    text = (f"{WORDS.format('these_contents', other, href=f'../{other}/{CONTENTS}')}\n\n# {WORDS.format('tutor', lang)}\n\n"
            f"{WORDS.format('intro', lang, n=total)}\n\n" + "\n\n".join(parts) + f"\n\n{WORDS.format('projector', lang)}")
    return _document([_markdown(0, text)])


def readme() -> str:
    """``notebooks/README.md``: both languages' chapters side by side, one table per game."""
    tables = []
    for game in TUTOR_GAMES.values():
        rows = [f"| {c.number} | [{prose(c.title.en)}](en/{c.path}) | [{prose(c.title.de)}](de/{c.path}) |"
                for c in chapters(game.id)]
        if rows:
            tables.append(f"## {game.name}\n\n| # | English | Deutsch |\n| --- | --- | --- |\n" + "\n".join(rows) + "\n")
    return (f"# {WORDS['tutor']['en']} · {WORDS['tutor']['de']}\n\n"
            "Generated from `importexport/tutor/chapters/` by `python -m importexport.tutor.build`: edit the chapter "
            "files, not these notebooks. `importexport tutor` opens them in JupyterLab.\n\n"
            f"[{WORDS['contents']['en']}](en/{CONTENTS}) · [{WORDS['contents']['de']}](de/{CONTENTS})\n\n"
            + "\n".join(tables))


def _json(doc: dict[str, Any]) -> str:
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def render(chapter: Chapter, lang: str) -> str:
    """The text of the notebook of ``chapter`` in ``lang``."""
    return _json(notebook(chapter, lang))


def generated(numbers: set[int] | None = None, game: str | None = None) -> dict[str, str]:
    """Every generated file (or those of the chapters ``numbers``, of ``game`` or of both games, and the
    contents), path under ``notebooks/`` -> text."""
    files = {f"{lang}/{CONTENTS}": _json(contents(lang)) for lang in LANGS}
    files[README] = readme()
    for kit in TUTOR_GAMES.values():
        if game not in (None, kit.id):
            continue
        for c in chapters(kit.id):
            if numbers is None or c.number in numbers:
                files.update({f"{lang}/{c.path}": render(c, lang) for lang in LANGS})
    return files


def cells(text: str) -> list[tuple[str, str, str, tuple[str, ...]]] | None:
    """What the up-to-date check compares: each cell's type, id, source and tags (None if not a notebook)."""
    try:
        doc = json.loads(text)
        return [(cell["cell_type"], cell.get("id", ""),
                 "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"],
                 tuple(cell.get("metadata", {}).get("tags", ())))
                for cell in doc["cells"]]
    except (ValueError, KeyError, TypeError):
        return None


def up_to_date(saved: str, wanted: str, name: str) -> bool:
    """Whether the file ``saved`` matches the generated ``wanted``: for a notebook, in its cells' types,
    ids, sources and tags (so running and saving it in JupyterLab changes nothing); else exactly."""
    if not name.endswith(".ipynb"):
        return saved == wanted
    found = cells(saved)
    return found is not None and found == cells(wanted)


def strays(root: Path, files: dict[str, str]) -> list[Path]:
    """Generated-looking notebooks in ``root``, ``root/en``, ``root/de`` and their games' folders
    (``root/en/portroyal``) that no chapter produces (the flat ``notebooks/NN-slug.ipynb`` of the old
    layout, or a renamed chapter's)."""
    folders = [root, *(root / lang / kit.folder if kit.folder else root / lang for lang in LANGS for kit in TUTOR_GAMES.values())]
    found = [p for folder in folders for p in sorted(folder.glob("*.ipynb"))]
    return [p for p in found if GENERATED.fullmatch(p.name) and p.relative_to(root).as_posix() not in files]


def stale(root: Path = NOTEBOOK_DIR, numbers: set[int] | None = None,
          game: str | None = None) -> tuple[list[str], list[Path]]:
    """The generated files under ``root`` that are missing or out of date, and the stray notebooks
    (only looked for when every chapter of both games is built)."""
    files = generated(numbers, game)
    old = [name for name, text in files.items()
           if not (root / name).is_file() or not up_to_date((root / name).read_text(encoding="utf-8"), text, name)]
    return old, (strays(root, files) if numbers is None and game is None else [])


def write(root: Path = NOTEBOOK_DIR, numbers: set[int] | None = None,
          game: str | None = None) -> tuple[list[str], list[Path]]:
    """Write every generated file that differs from what is on disk; remove the stray notebooks."""
    files = generated(numbers, game)
    written = []
    for name, text in files.items():
        path = root / name
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(name)
    removed = strays(root, files) if numbers is None and game is None else []
    for path in removed:
        path.unlink()
    return written, removed


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    game = None
    if "--game" in argv:
        at = argv.index("--game")
        if at + 1 >= len(argv) or argv[at + 1] not in TUTOR_GAMES:
            print(f"--game takes one of {', '.join(TUTOR_GAMES)}")
            return 2
        game = argv[at + 1]
        del argv[at:at + 2]
    numbers = {int(a) for a in argv if a.isdigit()} or None
    if "--check" in argv:
        old, extra = stale(NOTEBOOK_DIR, numbers, game)
        if old or extra:
            problems = [f"out of date: {', '.join(old)}"] if old else []
            problems += [f"stray: {', '.join(p.relative_to(NOTEBOOK_DIR).as_posix() for p in extra)}"] if extra else []
            print("; ".join(problems) + " (run python -m importexport.tutor.build)")
            return 1
        print("up to date")
        return 0
    written, removed = write(NOTEBOOK_DIR, numbers, game)
    print("wrote " + (", ".join(written) if written else "nothing (up to date)")
          + ("; removed " + ", ".join(p.relative_to(NOTEBOOK_DIR).as_posix() for p in removed) if removed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
