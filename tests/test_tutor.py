"""The tutor's chapters: every file valid, every position and script legal, every exercise graded
by the engine both ways, the notebooks generated from the files, the rule lookup."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from importexport.tutor import chapters
from importexport.tutor.build import CONTENTS, NOTEBOOK_DIR, README, cells, generated, render, stale, up_to_date
from importexport.tutor.chapter import ChapterError, load_chapter_file
from importexport.tutor.check import problems
from importexport.tutor.exercises import Grader
from importexport.tutor.facts import facts_text
from importexport.tutor.lookup import fold, search
from importexport.tutor.workspace import WIDGET_VIEW, prepare

ALL = chapters()
TITLES = [
    "welcome", "components-and-setup", "the-turn", "following-or-drawing", "supply", "import-and-bidding",
    "contracts-and-levels", "loading-and-payouts", "pirates", "limits", "game-end-and-scoring", "the-cards",
    "expansions", "your-first-game",
]


def test_fourteen_chapters_in_order() -> None:
    assert [c.number for c in ALL] == list(range(1, 15))
    assert [c.slug for c in ALL] == TITLES


@pytest.mark.parametrize("ch", ALL, ids=lambda c: c.notebook)
def test_chapter_checks_out(ch) -> None:
    assert problems(ch) == []
    assert len(ch.exercises) >= 2, "every chapter has at least two exercises"
    assert any(kind == "exercise" for kind, _ in ch.block_list())


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("ch", ALL, ids=lambda c: c.notebook)
def test_notebook_is_generated_from_the_chapter(ch, lang: str) -> None:
    """One notebook per language: the prose as Markdown in that language, the live parts as short calls."""
    path = NOTEBOOK_DIR / lang / ch.notebook
    text = path.read_text(encoding="utf-8")
    assert up_to_date(text, render(ch, lang), path.name), "run: python -m importexport.tutor.build"
    cells = json.loads(text)["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    markdown = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert all(len(c["source"]) <= 4 for c in cells if c["cell_type"] == "code"), "notebooks stay thin"
    assert f"chapter({ch.number}, lang={lang!r})" in code[0]
    assert not any("ch.text(" in c for c in code), "the prose is Markdown, readable without running"
    assert f"# {'Chapter' if lang == 'en' else 'Kapitel'} {ch.number}: {ch.title(lang)}\n" in markdown
    for kind, name in ch.block_list():
        if kind == "text":
            assert f"## {ch.sections[name].title(lang)}\n" in markdown
            assert ch.sections[name].text(lang).strip().split("\n")[0] in markdown
    other = "de" if lang == "en" else "en"
    assert f"](../{other}/{ch.notebook})" in "".join(cells[0]["source"]), "the top links the other language"


def test_the_notebooks_are_all_there_and_nothing_else() -> None:
    assert stale() == ([], []), "run: python -m importexport.tutor.build"
    for lang in ("en", "de"):
        names = sorted(p.name for p in (NOTEBOOK_DIR / lang).glob("*.ipynb"))
        assert names == [CONTENTS] + [c.notebook for c in ALL]
    assert sorted(p.name for p in NOTEBOOK_DIR.glob("*.ipynb")) == []  # (the flat layout is gone)


def test_every_link_of_the_notebooks_points_at_a_file() -> None:
    files = generated()
    seen = 0
    for name, text in files.items():
        body = text if name == README else "".join(
            "".join(c["source"]) for c in json.loads(text)["cells"] if c["cell_type"] == "markdown")
        for href in re.findall(r"\]\(([^)\s]+)\)", body):
            seen += 1
            assert (NOTEBOOK_DIR / Path(name).parent / href).resolve().is_file(), (name, href)
    assert seen > 4 * len(ALL)


def _jupyterlab_save(text: str, clear: bool) -> str:
    """The notebook as JupyterLab saves it after a run: outputs, counts and metadata of its own."""
    nb = json.loads(text)
    for i, cell in enumerate(nb["cells"]):
        cell["metadata"].update({"trusted": True, "collapsed": False, "scrolled": True})
        if cell["cell_type"] == "code":
            cell["execution_count"] = i + 7
            cell["outputs"] = [] if clear else [*cell["outputs"], {
                "output_type": "display_data", "metadata": {},
                "data": {"text/plain": ["VBox()"], "application/vnd.jupyter.widget-view+json": {"model_id": "ab12"}}}]
    nb["metadata"]["language_info"].update({"version": "3.12.1", "mimetype": "text/x-python"})
    nb["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def test_a_notebook_saved_in_jupyterlab_is_still_up_to_date(tmp_path: Path) -> None:
    ch = next(c for c in ALL if any(kind == "facts" for kind, _ in c.block_list()))
    name, wanted = f"de/{ch.notebook}", render(ch, "de")
    for clear in (False, True):
        assert up_to_date(_jupyterlab_save(wanted, clear), wanted, name)
    changed = json.loads(wanted)
    changed["cells"][1]["source"][-1] = "ch.header()  # mine"
    assert not up_to_date(json.dumps(changed), wanted, name)
    assert not up_to_date("{not json", wanted, name)
    # the same through the files: a saved notebook passes --check, an edited one and a stray one do not
    files = generated({ch.number})
    for path, text in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(_jupyterlab_save(text, True) if path == name else text, encoding="utf-8")
    assert stale(tmp_path, {ch.number}) == ([], [])
    (tmp_path / name).write_text(json.dumps(changed), encoding="utf-8")
    (tmp_path / "01-welcome.ipynb").write_text(wanted, encoding="utf-8")
    assert stale(tmp_path, {ch.number}) == ([name], [])
    assert stale(tmp_path)[1] == [tmp_path / "01-welcome.ipynb"]


def test_a_chapter_notebook_fixes_its_language() -> None:
    import ipywidgets as w

    from importexport.widgets import LANG
    from importexport.widgets.chapter import chapter as chapter_view

    def switches(view) -> int:
        return sum(isinstance(c, w.ToggleButtons) for c in view.header().children)

    view = chapter_view(3, lang="de")
    assert LANG.lang == "de" and switches(view) == 0  # the other language is the other notebook
    assert switches(chapter_view(3)) == 1 and LANG.lang == "de"  # a bare call keeps the switch and the language
    with pytest.raises(ValueError, match="not 'fr'"):
        chapter_view(3, lang="fr")


@pytest.mark.parametrize("ch", ALL, ids=lambda c: c.notebook)
def test_every_exercise_grades_right_and_wrong(ch) -> None:
    grader = Grader(ch)
    for name, ex in ch.exercises.items():
        if ex.kind == "choice":
            assert grader.choice(ex, ex.answer).right
            wrong = next(i for i in range(len(ex.options)) if i != ex.answer)
            fb = grader.choice(ex, wrong)
            assert not fb.right and ex.options[ex.answer].en in fb.text("en"), name
        elif ex.kind == "legal":
            rows = grader.candidates(ex)
            truth = {i for i, (_, legal, _) in enumerate(rows) if legal}
            assert grader.legal(ex, truth).right
            fb = grader.legal(ex, set(range(len(rows))))
            assert not fb.right
            refused = next(words for _, legal, words in rows if not legal)
            assert refused["de"] in fb.text("de"), "a wrong tick is answered with the engine's reason"
        elif ex.kind == "move":
            g = grader.game(ex)
            good = grader.working_moves(ex)
            bad = [a for a in g.legal_actions(ex.seat) if a not in good]
            assert grader.move(ex, g, good[0]).right
            fb = grader.move(ex, g, bad[0])
            assert not fb.right and "A move that works" in fb.text("en"), name
        else:
            n = grader.number_answer(ex)
            assert grader.number(ex, n).right
            fb = grader.number(ex, n + 1)
            assert not fb.right and f"The answer is {n}." in fb.text("en")
            assert f"Die Antwort ist {n}." in fb.text("de")


def test_legal_labels_do_not_give_the_answer_away() -> None:
    """Allowed and refused candidates are worded the same way (the engine's own words)."""
    for ch in ALL:
        grader = Grader(ch)
        for ex in ch.exercises.values():
            if ex.kind != "legal":
                continue
            for label in grader.candidate_labels(ex):
                assert label["en"].startswith("Player ") and label["de"].startswith("Spieler ")
                assert " p0 " not in label["en"] and "c=" not in label["en"]


def test_a_broken_chapter_file_is_named(tmp_path) -> None:
    bad = tmp_path / "03-the-turn.yaml"
    bad.write_text("number: 3\nslug: the-turn\ntitle: {en: T}\nsummary: {en: s, de: s}\nblocks: []\n")
    with pytest.raises(ChapterError, match=r"03-the-turn.yaml: title.de"):
        load_chapter_file(bad)
    bad.write_text("number: 3\nslug: the-turn\ntitle: {en: T, de: T}\nsummary: {en: s, de: s}\nblocks: [{text: nope}]\n")
    with pytest.raises(ChapterError, match="no section named 'nope'"):
        load_chapter_file(bad)
    bad.write_text("number: 3\nslug: the-turn\ntitle: {en: T, de: T}\nsummary: {en: s, de: s}\nblocks: []\n"
                   "sections: {a: {title: {en: a, de: a}, text: {en: a, de: a}, cards: [NO SUCH CARD]}}\n")
    with pytest.raises(ChapterError, match="sections.a.cards: Value error, unknown card 'NO SUCH CARD'"):
        load_chapter_file(bad)
    bad.write_text("number: [\n")
    with pytest.raises(ChapterError, match="not valid YAML"):
        load_chapter_file(bad)


def test_a_stale_script_is_reported() -> None:
    ch = next(c for c in ALL if any(p.script for p in c.positions.values()))
    name, pos = next((n, p) for n, p in ch.positions.items() if p.script)
    broken = ch.model_copy(update={"positions": {**ch.positions, name: pos.model_copy(update={"script": pos.script[::-1]})}})
    assert any("script" in p for p in problems(broken))


def test_lookup_finds_rules_in_either_language() -> None:
    assert fold("Güter") == "gueter"
    for query, chapter in [("bid", 6), ("Gebot", 6), ("pirate", 9), ("Pirat", 9), ("limit", 10), ("Vorratsinsel", 5)]:
        hits = search(query)
        assert hits, query
        assert chapter in [h.chapter for h in hits[:3]], (query, [h.chapter for h in hits[:3]])
    assert search("Gebot")[0].lang == "de" and search("bid")[0].lang == "en"
    assert search("xylophone") == []
    hit = search("bid", "en")[0]
    assert hit.entry.notebook.endswith(".ipynb")


def test_lookup_hits_name_their_cards() -> None:
    hits = [h for ch in ALL for h in search(ch.title.en.split()[0])]
    assert any(h.entry.cards for h in hits)


def test_rules_command_prints_the_hits(capsys) -> None:
    from importexport import cli

    assert cli.main(["rules", "Gebot"]) == 0
    out = capsys.readouterr().out
    assert "chapter 6 (notebooks/de/06-import-and-bidding.ipynb)" in out
    assert cli.main(["rules", "qqqqzz"]) == 1


def test_tutor_opens_a_copy_of_the_contents_of_this_checkout(monkeypatch, tmp_path: Path, capsys) -> None:
    from importexport import cli
    from importexport.tutor.workspace import ENV

    seen: list[list[str]] = []
    monkeypatch.setattr(cli, "serve", lambda cmd, cwd=None: seen.append(cmd) or 0)
    monkeypatch.chdir(tmp_path)  # the checkout's notebooks, wherever the command is run from
    monkeypatch.setenv(ENV, str(tmp_path / "mine"))
    assert cli.main(["tutor", "--no-browser"]) == 0
    mine = (tmp_path / "mine").resolve()
    assert f"--notebook-dir={mine}" in seen[0] and cli.notebooks_dir() == NOTEBOOK_DIR
    assert f"--ContentsManager.pre_save_hook={cli.SAVE_HOOK}" in seen[0]
    assert (mine / "en" / CONTENTS).read_bytes() == (NOTEBOOK_DIR / "en" / CONTENTS).read_bytes()
    assert f"--LabApp.default_url=/lab/tree/en/{CONTENTS}" in seen[0]
    assert cli.main(["tutor", "--no-browser", "--lang", "de", "--dir", str(tmp_path / "other")]) == 0
    assert f"--LabApp.default_url=/lab/tree/de/{CONTENTS}" in seen[1] and (tmp_path / "other" / "de" / CONTENTS).is_file()
    assert cli.main(["tutor", "--no-browser", "--dir", str(NOTEBOOK_DIR / "en")]) == 2  # never the checkout itself
    assert "must lie outside" in capsys.readouterr().err
    # an installed package has no notebooks beside it: those under the current folder, else one error line
    monkeypatch.setattr(cli, "ROOT", tmp_path / "site-packages")
    assert cli.main(["tutor", "--no-browser"]) == 2
    assert capsys.readouterr().err.startswith("importexport tutor: error: no tutor notebooks in ")
    (tmp_path / "notebooks" / "en").mkdir(parents=True)
    (tmp_path / "notebooks" / "en" / CONTENTS).write_text("{}")
    assert cli.main(["tutor", "--no-browser"]) == 0
    assert f"--notebook-dir={mine}" in seen[-1] and (mine / "en" / CONTENTS).read_text() == "{}"


def _widget_output() -> dict[str, object]:
    return {"output_type": "display_data", "metadata": {},
            "data": {"text/plain": "TableView(...)", WIDGET_VIEW: {"model_id": "abc", "version_major": 2, "version_minor": 0}}}


def _run_and_save(path: Path) -> None:
    """A learner's session: every code cell shows a widget, the notebook keeps widget state, saved as is."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    for cell in doc["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = [*cell["outputs"], _widget_output()]
            cell["execution_count"] = 7
    doc["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_the_learner_copy_is_refreshed_kept_or_copied_and_the_checkout_never_written(tmp_path: Path) -> None:
    before = {p: p.read_bytes() for p in NOTEBOOK_DIR.rglob("*") if p.is_file()}
    mine = tmp_path / "mine"
    first = prepare(NOTEBOOK_DIR, mine)
    assert f"en/{CONTENTS}" in first.copied and not first.refreshed and not first.kept
    chapter6 = mine / "en" / "06-import-and-bidding.ipynb"
    _run_and_save(chapter6)  # run and saved as JupyterLab would without the hook
    edited = mine / "de" / "06-import-and-bidding.ipynb"
    _run_and_save(edited)
    doc = json.loads(edited.read_text(encoding="utf-8"))
    doc["cells"].append({"cell_type": "markdown", "id": "my-note", "metadata": {}, "source": ["Meine Notiz"]})
    edited.write_text(json.dumps(doc), encoding="utf-8")
    (mine / "en" / "01-welcome.ipynb").write_text("{not json", encoding="utf-8")
    again = prepare(NOTEBOOK_DIR, mine)
    assert "en/06-import-and-bidding.ipynb" in again.refreshed and "en/01-welcome.ipynb" in again.refreshed
    assert chapter6.read_bytes() == (NOTEBOOK_DIR / "en" / "06-import-and-bidding.ipynb").read_bytes()
    assert (mine / "en" / "01-welcome.ipynb.damaged").read_text() == "{not json"
    assert again.kept == ["de/06-import-and-bidding.ipynb"]
    kept = json.loads(edited.read_text(encoding="utf-8"))
    assert kept["cells"][-1]["id"] == "my-note" and "widgets" not in kept["metadata"]
    assert not any(WIDGET_VIEW in out.get("data", {}) for cell in kept["cells"] for out in cell.get("outputs", ()))
    assert {p: p.read_bytes() for p in NOTEBOOK_DIR.rglob("*") if p.is_file()} == before


def test_jupyterlab_saves_a_chapter_without_its_widgets(tmp_path: Path) -> None:
    """The server's own contents manager, configured as the tutor's command line configures it: a
    notebook saved with widget outputs and widget state is written without them, other outputs kept."""
    import nbformat
    from jupyter_server.services.contents.filemanager import FileContentsManager
    from traitlets.config import Config

    from importexport.cli import SAVE_HOOK

    prepare(NOTEBOOK_DIR, tmp_path)
    # (the synchronous manager: an event loop run here could stay behind for later tests in this process
    # once nbval's kernel client has patched asyncio; the hook is the ContentsManager's, shared by both)
    manager = FileContentsManager(root_dir=str(tmp_path), config=Config({"ContentsManager": {"pre_save_hook": SAVE_HOOK}}))
    path = tmp_path / "en" / "06-import-and-bidding.ipynb"
    _run_and_save(path)
    doc = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)
    facts = sum(1 for c in doc.cells if c.cell_type == "code" and len(c.outputs) > 1)
    manager.save({"type": "notebook", "format": "json", "content": doc}, "en/06-import-and-bidding.ipynb")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in saved["metadata"]
    assert not any(WIDGET_VIEW in out.get("data", {}) for cell in saved["cells"] for out in cell.get("outputs", ()))
    assert sum(1 for c in saved["cells"] if c.get("outputs")) == facts  # the facts' printed output stays
    assert cells(saved_text := path.read_text(encoding="utf-8")) == cells((NOTEBOOK_DIR / "en" / "06-import-and-bidding.ipynb").read_text(encoding="utf-8")), saved_text[:80]


INTERNAL = re.compile(r"NBVAL|\bdocs/|\.md\b|\b(?:[Rr]ulings?|Regelung(?:en)?) [A-Z]\d")
"""What a learner must never read: nbval's markers, the project's file paths, its rulings' codes."""


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_no_internal_strings_reach_a_learner() -> None:
    """Every notebook's cells, every chapter file's texts (guides, hints, exercises) and every catalog
    message (except the scenario authors' errors, which point at the scenario format's documentation) are
    free of nbval markers, file paths and ruling codes; the cells whose output nbval compares say so in a tag."""
    import yaml

    from importexport.catalog import _read, po_file

    found = []
    tagged = 0
    for name, text in generated().items():
        if not name.endswith(".ipynb"):
            continue
        for cell in json.loads(text)["cells"]:
            source = "".join(cell["source"])
            found += [f"{name}: {m.group()}" for m in INTERNAL.finditer(source)]
            tagged += "nbval-check-output" in cell["metadata"].get("tags", ())
    for path in sorted((NOTEBOOK_DIR.parent / "importexport" / "tutor" / "chapters").rglob("*.yaml")):
        spec = yaml.safe_load(path.read_text(encoding="utf-8"))
        found += [f"{path.name}: {m.group()}" for s in _strings(spec) for m in INTERNAL.finditer(s)]
    for message in _read(po_file("de")):
        context = message.context or ""
        if message.id and not context.startswith("files.pr_sc_"):
            texts = [*(message.id if isinstance(message.id, tuple) else [message.id]),
                     *(message.string if isinstance(message.string, tuple) else [message.string])]
            found += [f"{context}: {m.group()}" for text in texts for m in INTERNAL.finditer(text)]
    assert not found, found
    assert tagged >= 14, "the facts cells keep nbval's tag"


def test_no_symbol_needs_an_emoji_font() -> None:
    """Every symbol the chapters, the widgets and the board draw is one a text font has (DejaVu Sans,
    Liberation): nothing from the emoji planes, which is an empty box on a machine without an emoji font."""
    emoji = re.compile("[\U0001F000-\U0001FAFF]")
    root = NOTEBOOK_DIR.parent / "importexport"
    found = [f"{p.relative_to(root)}: {m.group()}" for p in sorted(root.rglob("*"))
             if p.suffix in (".py", ".js", ".css", ".yaml", ".po", ".pot") and p.is_file()
             for m in emoji.finditer(p.read_text(encoding="utf-8"))]
    assert not found, found


def test_a_plugged_in_game_brings_its_chapter_through_its_kind(example_games: list[str]) -> None:
    """High card (``examples/highcard``) lists nothing in the tutor: its kind gives its tutor adapter, and
    its one chapter is checked, graded and looked up like the others (the refusals in its engine's words,
    the count read through the adapter's measure)."""
    from importexport.tutor.chapter import chapter
    from importexport.tutor.games import TUTOR_GAMES

    assert "highcard" in example_games and list(TUTOR_GAMES) == ["highcard", "importexport", "portroyal"]
    ch = chapter(1, game="highcard")
    assert ch.path == "highcard/01-tricks.ipynb" and problems(ch) == []
    grader = Grader(ch)
    rows = grader.candidates(ch.exercises["may-play"])
    assert [(str(a), legal) for a, legal, _ in rows] == [("p0 play 9", True), ("p0 play 4", False), ("p1 play 2", False)]
    assert rows[1][2] == {"en": "4 is not in your hand.", "de": "Die 4 ist nicht auf deiner Hand."}
    count = ch.exercises["tricks-won"]
    assert grader.number(count, 1).right and not grader.number(count, 2).right
    assert "Player 1 may choose:\n  - Player 1 plays 3." in facts_text(ch, {"position": "start"})
    assert [h.entry.game for h in search("trick", game=None)][:1] == ["highcard"]
