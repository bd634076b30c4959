"""The tutor's chapters: every file valid, every position and script legal, every exercise graded
by the engine both ways, the notebooks generated from the files, the rule lookup."""

from __future__ import annotations

import json

import pytest

from importexport.tutor import chapters
from importexport.tutor.build import NOTEBOOK_DIR, render
from importexport.tutor.chapter import ChapterError, load_chapter_file
from importexport.tutor.check import problems
from importexport.tutor.exercises import Grader
from importexport.tutor.lookup import fold, search

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


@pytest.mark.parametrize("ch", ALL, ids=lambda c: c.notebook)
def test_notebook_is_generated_from_the_chapter(ch) -> None:
    path = NOTEBOOK_DIR / ch.notebook
    assert path.read_text(encoding="utf-8") == render(ch), "run: python -m importexport.tutor.build"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    assert all(len(c["source"]) <= 4 for c in cells if c["cell_type"] == "code"), "notebooks stay thin"


def test_no_stray_notebooks() -> None:
    assert sorted(p.name for p in NOTEBOOK_DIR.glob("*.ipynb")) == sorted(c.notebook for c in ALL)


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
    assert "chapter 6 (06-import-and-bidding.ipynb)" in out
    assert cli.main(["rules", "qqqqzz"]) == 1


def test_tutor_opens_the_first_chapter(monkeypatch) -> None:
    from importexport import cli

    seen: list[list[str]] = []
    monkeypatch.setattr(cli, "serve", lambda cmd, cwd=None: seen.append(cmd) or 0)
    assert cli.main(["tutor", "--no-browser"]) == 0
    assert any(part.endswith("/lab/tree/01-welcome.ipynb") for part in seen[0])
    assert (NOTEBOOK_DIR / "01-welcome.ipynb").exists()
