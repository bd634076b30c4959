"""The Port Royal chapters of the tutor: they load as Port Royal chapters, every position, guide and
exercise checks out against the Port Royal referee, every exercise is graded right and wrong by the
engine, the measures count what they say, the rule lookup finds them in both languages, and their
notebooks are generated beside the Import/Export ones."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from importexport.portroyal.game import Game as PRGame
from importexport.protocol import GAMES
from importexport.tutor.build import CONTENTS, NOTEBOOK_DIR, README, generated, render, stale, up_to_date
from importexport.tutor.chapter import (
    Chapter,
    ChapterError,
    Position,
    TextMove,
    chapter,
    chapter_files,
    chapters,
    load_chapter_file,
)
from importexport.tutor.check import guide_problems, main, problems
from importexport.tutor.exercises import Feedback, Grader, measure, shown_position
from importexport.tutor.facts import facts_text
from importexport.tutor.games import TUTOR_GAMES
from importexport.tutor.lookup import index, search

PR = chapters("portroyal")
BASE = [c for c in PR if c.number <= 5]
INTERNAL = re.compile(r"\bp\d+ \w+|\bc=\d|\bt=\d|with=|\('|'\)")
"""Engine text forms or quoted code in a learner's feedback."""


def test_the_base_game_chapters_come_first_in_their_own_folder() -> None:
    assert [c.slug for c in BASE] == [
        "welcome", "discovering-and-the-bust", "swords-and-taxes", "trading-and-hiring", "expeditions-and-the-end"]
    assert [c.number for c in PR] == list(range(1, len(PR) + 1))
    for c in PR:
        assert c.game_id == "portroyal" and c.kit.name == "Port Royal"
        assert c.path == f"portroyal/{c.number:02d}-{c.slug}.ipynb"
        assert chapter(c.number, game="portroyal") is c
    assert all(c.game_id == "importexport" and c.path == c.notebook for c in chapters())
    assert chapter(3).slug == "the-turn"  # the default game is still Import/Export
    with pytest.raises(ChapterError, match="no Port Royal chapter 99"):
        chapter(99, game="portroyal")


@pytest.mark.parametrize("ch", PR, ids=lambda c: c.path)
def test_chapter_checks_out(ch: Chapter) -> None:
    assert problems(ch) == []
    assert len(ch.exercises) >= 3, "every Port Royal chapter has at least three exercises"
    kinds = [kind for kind, _ in ch.block_list()]
    assert "exercise" in kinds and "lookup" in kinds
    first_table = kinds.index("table")
    assert first_table <= 2 and ch.positions[ch.block_list()[first_table][1]].guide, "the learner plays first"
    for sec in ch.sections.values():
        assert sec.keywords.get("en") and sec.keywords.get("de"), "keywords in both languages"


@pytest.mark.parametrize("ch", BASE, ids=lambda c: c.path)
def test_the_base_chapters_mix_the_kinds_of_exercise(ch: Chapter) -> None:
    kinds = {ex.kind for ex in ch.exercises.values()}
    assert len(kinds) >= 3 and kinds & {"legal", "move", "number"}


def wrong_answers(grader: Grader, name: str) -> list[Feedback]:
    ex = grader.chapter.exercises[name]
    if ex.kind == "choice":
        return [grader.choice(ex, i) for i in range(len(ex.options)) if i != ex.answer]
    if ex.kind == "legal":
        truth = {i for i, (_a, legal, _w) in enumerate(grader.candidates(ex)) if legal}
        every = set(range(len(ex.candidates)))
        return [grader.legal(ex, picks) for picks in [every, set(), *({i} ^ truth for i in every)]]
    if ex.kind == "move":
        g = grader.game(ex)
        good = grader.working_moves(ex)
        return [grader.move(ex, g, a) for a in g.legal_actions(ex.seat) if a not in good]
    n = grader.number_answer(ex)
    return [grader.number(ex, n + 1), grader.number(ex, n - 1)]


@pytest.mark.parametrize("ch", PR, ids=lambda c: c.path)
def test_every_exercise_grades_right_and_wrong_in_sentences(ch: Chapter) -> None:
    grader = Grader(ch)
    for name, ex in ch.exercises.items():
        if ex.kind == "choice":
            assert grader.choice(ex, ex.answer).right
        elif ex.kind == "legal":
            rows = grader.candidates(ex)
            truth = {i for i, (_, legal, _) in enumerate(rows) if legal}
            assert grader.legal(ex, truth).right
            refused = next(words for _, legal, words in rows if not legal)
            assert refused["de"] and refused["de"] in grader.legal(ex, set(range(len(rows)))).text("de")
            for label in grader.candidate_labels(ex):
                assert label["en"].startswith("Player ") and label["de"].startswith("Spieler ")
        elif ex.kind == "move":
            g = grader.game(ex)
            assert isinstance(g, PRGame)
            assert grader.move(ex, g, grader.working_moves(ex)[0]).right
        else:
            n = grader.number_answer(ex)
            fb = grader.number(ex, n)
            assert fb.right and f"Die Antwort ist {n}." in fb.text("de")
        for fb in wrong_answers(grader, name):
            assert not fb.right
            for lang in ("en", "de"):
                first, full = fb.text(lang, solution=False), fb.text(lang)
                assert not INTERNAL.search(full), f"{ch.path} {name}: {full!r}"
                assert ex.explain(lang) not in first and ex.explain(lang) in full
                assert fb.hint[lang], f"{ch.path} {name}: no hint"


def test_no_number_can_be_read_off_the_position_shown() -> None:
    checked = 0
    for ch in PR:
        grader = Grader(ch)
        for name, ex in ch.exercises.items():
            if ex.kind != "number":
                continue
            assert ex.read is not None
            answer = grader.number_answer(ex)
            assert answer != 0, f"{ch.path} {name}: 0 is what the empty answer box reads"
            g = shown_position(ch, ex)
            if g is not None and not ex.read.change:
                seats = range(g.state.n) if ex.read.total else [ex.read.seat]
                assert answer != sum(measure(g, ex.read.what, s) for s in seats), f"{ch.path} {name}"
            checked += 1
    assert checked >= 5


def test_the_measures_count_a_port_royal_table() -> None:
    g = TUTOR_GAMES["portroyal"].position({
        "players": 3, "seed": 1, "phase": "take", "turned": 4,
        "seats": [{"coins": 5, "persons": ["sailor", "pirate", "governor"], "expeditions": ["expedition:cross+cross"]},
                  {"coins": 2}],
        "harbour": ["ship:yellow:1:1", "ship:blue:1:1", "ship:green:1:1", "ship:red:1:1", "settler"],
        "expeditions": ["expedition:anchor+anchor"], "discard": ["jester"],
    })
    counts = {what: measure(g, what, 0) for what in TUTOR_GAMES["portroyal"].measures}
    assert counts["coins"] == 5 and counts["swords"] == 3 and counts["persons"] == 3 and counts["expeditions"] == 1
    assert counts["points"] == 1 + 1 + 0 + 4
    assert counts["takes_left"] == 2 + 1  # four colours, one Governor
    assert (counts["harbour"], counts["waiting_expeditions"], counts["discard"]) == (5, 1, 1)
    assert counts["cubes"] == counts["contracts"] == counts["time_pile"] == 0
    placed = 3 + 1 + 5 + 1 + 1  # persons, the fulfilled expedition, the harbour, the waiting one, the discard
    assert counts["deck"] == 120 - placed - (5 + 2 + 3)  # every card neither placed nor a coin
    assert measure(g, "takes_left", 1) == 0  # not seat 1's chance
    team = TUTOR_GAMES["portroyal"].position({"mode": "solo", "players": 1, "contracts": ["four_in_harbour", "explorer", "the_whole_court"]})
    assert measure(team, "rank", 0) == 0 and measure(team, "time_pile", 0) > 0
    solved = TUTOR_GAMES["portroyal"].position({"mode": "solo", "players": 1, "contracts": ["explorer"], "boxes": {"explorer": [0]}})
    assert measure(solved, "rank", 0) >= 1


def pr_chapter(**changes: object) -> dict:
    """A small valid Port Royal chapter as data, with ``changes``."""
    data = {
        "game": "portroyal", "number": 9, "slug": "test", "title": {"en": "T", "de": "T"},
        "summary": {"en": "s", "de": "s"},
        "blocks": [{"table": "here"}, {"exercise": "count"}],
        "positions": {"here": {"scenario": {"players": 2, "deck": ["ship:yellow:1:1"]}}},
        "exercises": {"count": {
            "kind": "number", "position": "here", "after": ["p0 discover"], "read": {"what": "harbour"},
            "question": {"en": "q", "de": "q"}, "explain": {"en": "e", "de": "e"}, "hint": {"en": "h", "de": "h"}}},
    }
    data.update(changes)
    return data


def test_the_schema_reads_moves_cards_and_measures_as_the_chapters_game() -> None:
    ch = Chapter.model_validate(pr_chapter())
    assert ch.game_id == "portroyal" and problems(ch) == []
    assert Grader(ch).number_answer(ch.exercises["count"]) == 1
    move = ch.exercises["count"].after[0]
    assert isinstance(move, TextMove) and move.p == 0 and move.kind == "discover" and str(move) == "p0 discover"
    bad_move = pr_chapter(positions={"here": {"scenario": {"players": 2}, "script": [{"p": 0, "kind": "discover"}]}})
    with pytest.raises(ValidationError, match="written in its text form"):
        Chapter.model_validate(bad_move)
    with pytest.raises(ValidationError, match="'sail' is no kind of choice"):
        Chapter.model_validate(pr_chapter(positions={"here": {"scenario": {"players": 2}, "after": ["p0 sail"]}}))
    ex = pr_chapter()["exercises"]["count"]
    with pytest.raises(ValidationError, match="unknown measure 'credits'"):
        Chapter.model_validate(pr_chapter(exercises={"count": {**ex, "read": {"what": "credits"}}}))
    with pytest.raises(ValidationError, match="one count for the table"):
        Chapter.model_validate(pr_chapter(exercises={"count": {**ex, "read": {"what": "harbour", "total": True}}}))
    with pytest.raises(ValidationError, match="block 1: one of"):
        Chapter.model_validate(pr_chapter(blocks=[{"lab": "settler"}]))
    sections = {"a": {"title": {"en": "a", "de": "a"}, "text": {"en": "a", "de": "a"}, "cards": ["trader:blue"]}}
    assert Chapter.model_validate(pr_chapter(sections=sections)).sections["a"].cards == ["trader:blue"]
    with pytest.raises(ValidationError, match="unknown card 'HONEY'"):
        Chapter.model_validate(pr_chapter(sections={"a": {**sections["a"], "cards": ["HONEY"]}}))
    with pytest.raises(ValidationError, match="unknown game 'chess'"):
        Chapter.model_validate(pr_chapter(game="chess"))
    # an Import/Export position is still read as before, with mappings
    assert Position.model_validate({"scenario": {}, "script": [{"p": 0, "kind": "draw"}]}).script[0].kind == "draw"


def test_a_chapter_must_lie_in_its_games_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    text = (TUTOR_GAMES["portroyal"].chapter_dir / "01-welcome.yaml").read_text(encoding="utf-8")
    assert [p.name for p in chapter_files("portroyal")][:5] == [f"{c.number:02d}-{c.slug}.yaml" for c in BASE]
    for gid, folder in (("importexport", tmp_path), ("portroyal", tmp_path / "portroyal")):  # (the games' chapter folders)
        kit = replace(TUTOR_GAMES[gid], chapter_dir=folder)
        monkeypatch.setitem(GAMES._kinds, gid, replace(GAMES[gid], tutor=lambda kit=kit: kit))
    (tmp_path / "portroyal").mkdir()
    (tmp_path / "portroyal" / "01-welcome.yaml").write_text(text, encoding="utf-8")
    assert load_chapter_file(tmp_path / "portroyal" / "01-welcome.yaml").game_id == "portroyal"
    (tmp_path / "01-welcome.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ChapterError, match=r"a Port Royal chapter cannot lie in chapters/ \(the Import/Export"):
        load_chapter_file(tmp_path / "01-welcome.yaml")
    (tmp_path / "portroyal" / "01-welcome.yaml").write_text(text.replace("game: portroyal\n", ""), encoding="utf-8")
    with pytest.raises(ChapterError, match=r"an? Import/Export chapter cannot lie in chapters/portroyal/ \(the Port Royal chapters. folder; a chapter there says .game: portroyal.\)"):
        load_chapter_file(tmp_path / "portroyal" / "01-welcome.yaml")


def test_a_guide_step_for_a_seat_that_does_not_decide_is_reported() -> None:
    ch = chapter(1, game="portroyal")
    pos = ch.positions["first-turn"]
    steps = [pos.guide[0].model_copy(update={"do": TextMove(text="p1 discover", game="portroyal")}), *pos.guide[1:]]
    broken = pos.model_copy(update={"guide": steps, "humans": [0, 1]})
    found = guide_problems(ch.game("first-turn"), broken, "here")
    assert any("not seat 1's decision" in p for p in found)


def test_facts_blocks_speak_port_royal() -> None:
    ch = chapter(1, game="portroyal")
    choices = facts_text(ch, {"position": "start"})
    assert "Player 1 may choose:\n  - Turn over the next card" in choices and "Nächste Karte aufdecken" in choices
    log = facts_text(ch, {"position": "start", "show": "log", "after": ["p0 discover"]}, ("de",))
    assert "Spieler 1 deckt Fleute (2 Münzen) auf." in log
    scores = facts_text(ch, {"position": "start", "show": "scores"})
    assert "Player 1: influence points 0, coins 3, cubes 0" in scores and "Spieler 2: Einflusspunkte 0, Münzen 6" in scores


def test_the_checker_takes_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "portroyal", "1", "2"]) == 0
    assert capsys.readouterr().out.startswith("ok (2 chapter(s): Port Royal 2)")
    assert main(["--game", "chess"]) == 2
    assert main(["--game", "portroyal", "77"]) == 1


def test_lookup_finds_port_royal_sections_in_both_languages() -> None:
    for query, number, lang in [("swords", 3, "en"), ("Säbel", 3, "de"), ("bust", 2, "en"), ("platzen", 2, "de"),
                                ("Expedition", 5, None), ("Tausendsassa", 5, "de"), ("Admiral", 4, None)]:
        hits = search(query, game="portroyal")
        assert hits and number in [h.chapter for h in hits[:3]], (query, [h.chapter for h in hits[:3]])
        hit = next(h for h in hits if h.chapter == number)
        if lang:
            assert hit.lang == lang
        assert hit.path == f"{hit.lang}/portroyal/{chapter(number, game='portroyal').notebook}"
        assert hit.entry.game == "portroyal"
    assert all(h.entry.game == "importexport" for h in search("Pirat"))  # the default is Import/Export
    both = {h.entry.game for h in search("Pirat", game=None)}
    assert both == {"importexport", "portroyal"}
    settler = TUTOR_GAMES["portroyal"].card_id("settler")
    assert any(settler in e.cards for e in index("portroyal"))
    with pytest.raises(ValueError, match="unknown game"):
        search("x", game="chess")


def test_rules_command_looks_up_port_royal(capsys: pytest.CaptureFixture[str]) -> None:
    from importexport import cli

    assert cli.main(["rules", "--game", "portroyal", "Säbel"]) == 0
    assert "notebooks/de/portroyal/03-swords-and-taxes.ipynb" in capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_notebooks_are_generated_beside_the_import_export_ones(lang: str) -> None:
    other = "de" if lang == "en" else "en"
    for ch in PR:
        path = NOTEBOOK_DIR / lang / ch.path
        assert up_to_date(path.read_text(encoding="utf-8"), render(ch, lang), path.name), "run: python -m importexport.tutor.build"
        cells = json.loads(render(ch, lang))["cells"]
        top = "".join(cells[0]["source"])
        assert f"](../{CONTENTS})" in top and f"](../../{other}/{ch.path})" in top and "Port Royal" in top
        assert f"chapter({ch.number}, lang={lang!r}, game='portroyal')" in "".join(cells[1]["source"])
    contents = "".join(json.loads(generated()[f"{lang}/{CONTENTS}"])["cells"][0]["source"])
    assert "## Import/Export" in contents and "## Port Royal" in contents
    assert contents.index("## Import/Export") < contents.index("(01-welcome.ipynb)") < contents.index("## Port Royal")
    for ch in PR:
        assert f"]({ch.path}): " in contents
    assert f"(en/{PR[0].path})" in generated()[README]


def test_notebooks_are_up_to_date_and_linked() -> None:
    assert stale(NOTEBOOK_DIR, game="portroyal") == ([], [])
    for name, text in generated(game="portroyal").items():
        if name == README:
            continue
        body = "".join("".join(c["source"]) for c in json.loads(text)["cells"] if c["cell_type"] == "markdown")
        for href in re.findall(r"\]\(([^)\s]+)\)", body):
            assert (NOTEBOOK_DIR / Path(name).parent / href).resolve().is_file(), (name, href)
