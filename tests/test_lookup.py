"""The rule lookup: each hit links to its section (JupyterLab's heading ids, the heading cell), its
snippets end at word boundaries, ``importexport rules`` names notebooks that exist, and a card
clicked at the wrong moment is refused in words, never with an internal name of a kind of choice."""

from __future__ import annotations

import random
import re
from html import unescape
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from importexport import Game
from importexport.bench import ALL_MODULES
from importexport.importexport.constants import ACTIONS, IMPORT
from importexport.importexport.explain import FIELDS, FRAME_CHOICES, STEPS, reason
from importexport.importexport.flow import FRAMES
from importexport.importexport.i18n import KIND_WORDS
from importexport.importexport.table_kit import CARD_KINDS, natural_action
from importexport.session import Session
from importexport.tutor.build import NOTEBOOK_DIR, notebook, prose
from importexport.tutor.chapter import chapters
from importexport.tutor.lookup import excerpt, fold, index, query_words, search, sentences, starts_word
from importexport.widgets import LANG
from importexport.widgets.lookup import RuleLookup

ROOT = NOTEBOOK_DIR.parent


# --- the section a hit links to ------------------------------------------------------------

def test_every_section_links_to_its_heading_cell_in_both_languages() -> None:
    built = {(c.number, lang): {cell["id"]: "".join(cell["source"]) for cell in notebook(c, lang)["cells"]}
             for c in chapters() for lang in ("en", "de")}
    placed = {(c.number, key) for c in chapters() for kind, key in c.block_list() if kind == "text"}
    for e in index():
        if (e.chapter, e.section) not in placed:
            assert e.cell == "", e
            continue
        for lang in ("en", "de"):
            source = built[e.chapter, lang][e.cell]
            assert source.split("\n", 1)[0] == f"## {prose(e.title[lang])}", (e.chapter, e.section, lang)
            assert (NOTEBOOK_DIR / lang / e.notebook).is_file()


def test_a_hit_names_the_notebook_of_its_language() -> None:
    de, en = search("Gebot")[0], search("Gebot", "en")[0]
    assert (de.lang, de.path, de.entry.title["de"]) == ("de", "de/06-import-and-bidding.ipynb", "Schritt 2: verdeckte Gebote")
    assert (en.lang, en.path, en.entry.title["en"]) == ("en", "en/06-import-and-bidding.ipynb", "Step 2: sealed bids")
    assert de.entry.cell == en.entry.cell and de.entry.cell.startswith("cell-")


def test_the_widget_links_each_hit_to_its_section_in_the_reader_language() -> None:
    look = RuleLookup("Gebot")
    try:
        for lang in ("en", "de"):
            LANG.lang = lang
            links = [unescape(h) for h in re.findall(r'<a href="([^"]+)"', look.html)]
            hits = search("Gebot", lang)
            assert len(links) == len(hits) > 0
            for link, hit in zip(links, hits):
                assert link == f"../{lang}/{hit.entry.notebook}#cell-id={hit.entry.cell}"
                page, cell = link.split("#cell-id=")
                assert (NOTEBOOK_DIR / lang / page).resolve().is_file()  # relative to notebooks/<lang>/NN-....ipynb
                assert re.fullmatch(r"cell-\d\d", cell)
        assert f"› {search('Gebot', 'de')[0].entry.title['de']}</a>" in look.html  # the link names the section
        assert look.results.outputs[0]["data"]["text/html"] == look.html  # an output: JupyterLab handles its links
    finally:
        LANG.lang = "en"


# --- snippets ---------------------------------------------------------------------------------

def shapes(snippet: str, tokens: list[str]) -> list[tuple[int, int]]:
    """The (start, end) word ranges of ``tokens`` that ``snippet`` shows: single spaces between whole
    words, and "…" exactly where words are left out (the words hold no "…" themselves)."""
    cut_start, cut_end = snippet.startswith("…"), snippet.endswith("…") and len(snippet) > 1
    shown = snippet[cut_start:len(snippet) - cut_end].split(" ")
    n, k = len(tokens), len(shown)
    return [(s, s + k) for s in range(n - k + 1)
            if tokens[s:s + k] == shown and (s > 0) == cut_start and (s + k < n) == cut_end]


TEXT = st.text("aäbeoöuüßszÉ9.,:?'-«      \n\t", min_size=1, max_size=240)
"""Words of letters that fold to others, digits and punctuation, between runs of white space."""


@settings(max_examples=150, deadline=None)
@given(text=TEXT, width=st.integers(1, 120), pick=st.integers(0, 80), query=st.sampled_from(["", "a", "ü", "ss", "z9"]))
def test_snippets_are_whole_words_around_the_match(text: str, width: int, pick: int, query: str) -> None:
    tokens = text.split()
    wanted = [fold(tokens[pick % len(tokens)])] if query == "" and tokens else query_words(query)
    snippet = excerpt(text, wanted, width)
    assert len(snippet) <= width
    if not tokens:
        assert snippet == ""
        return
    match = next((i for i, t in enumerate(tokens) if any(starts_word(w, t) for w in wanted)), 0)
    if len(tokens[match]) + 2 > width:  # the match fits only without its ellipses, or not at all
        assert snippet == "…" or shapes(snippet, tokens)
        return
    found = shapes(snippet, tokens)
    assert found, (snippet, tokens)  # whole words of the text, "…" exactly where it is cut
    assert any(s <= match < e for s, e in found)  # the first match is shown


def test_a_query_word_matches_whole_words_and_their_beginnings_only() -> None:
    """"tie" finds "ties" and "tied", never the German "Partie" (a match inside a word)."""
    assert starts_word("tie", "ties") and starts_word("tie", "«Tied") and not starts_word("tie", "Partie")
    partie = [e for e in index() if "partie" in fold(e.text["de"]) and not any(
        w.startswith("tie") for lang in ("en", "de") for part in e.words[lang] for w in part)]
    assert partie, "some section says Partie and nothing beginning with tie"
    found = {h.entry for h in search("tie", game=None, limit=500)}
    assert not found & set(partie)


def test_the_page_language_and_the_defining_section_come_first() -> None:
    """On an English page an English word's own section leads; on a German page the German one; a
    section whose keywords or title name the word comes before one that only mentions it."""
    top = search("tie", "en")[0]
    assert top.lang == "en" and "tie" in fold(top.entry.title["en"])
    for query, lang in (("Pirat", "de"), ("pirate", "en"), ("crew", "en"), ("Gebot", "de"), ("Gleichstand", "de")):
        hits = search(query, lang)
        word = query_words(query)[0]
        named = [h for h in hits if any(w.startswith(word) for w in h.entry.words[lang][0] + h.entry.words[lang][1])]
        assert named and hits[0] in named, (query, [h.entry.title[lang] for h in hits[:3]])
    # a word of the page's language outranks the same section found through the other language only
    assert search("Gebot", "en")[0].score < search("bid", "en")[0].score


def test_snippets_are_sentences_as_the_reader_sees_them() -> None:
    """No Markdown marks, link targets or list bullets; a snippet is one sentence that holds a match."""
    assert sentences("**Bold** and `code` [a link](x.ipynb#y).\n\n- first item\n- second *one*") == [
        "Bold and code a link.", "first item", "second one"]
    for query, lang in (("bid", "en"), ("Gebot", "de"), ("crew", "en"), ("Säbel", "de")):
        for hit in search(query, lang, game=None)[:6]:
            text = hit.snippet(query_words(query))
            assert text and not re.search(r"\*\*|`|\]\(|^[-*] |\\", text), text
            assert any(starts_word(query_words(query)[0], w) for w in text.split()) or "…" not in text, text


def test_a_snippet_finds_its_match_after_umlauts_and_ends_at_a_word() -> None:
    text = "Über Güter größer Straße " * 6 + "dann kommt das Gebot am Ende des langen Satzes hier"
    snippet = excerpt(text, query_words("Gebot"), 40)
    assert "Gebot" in snippet and len(snippet) <= 40
    assert snippet.startswith("…") and snippet.endswith("…")
    assert all(w in text.split() for w in snippet.strip("…").split())
    assert excerpt("kurz", ["nichts"], 40) == "kurz" and excerpt("", ["x"], 40) == ""


# --- importexport rules ---------------------------------------------------------------------

def test_rules_names_the_notebook_on_disk_and_the_section(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    from importexport import cli

    monkeypatch.chdir(tmp_path)  # the checkout's notebooks, wherever the command runs from
    assert cli.main(["rules", "Gebot"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "chapter 6 (notebooks/de/06-import-and-bidding.ipynb) > Schritt 2: verdeckte Gebote"
    assert "Gebot" in lines[1]
    assert cli.main(["rules", "Gebot", "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "chapter 6 (notebooks/en/06-import-and-bidding.ipynb) > Step 2: sealed bids"
    heads = [re.fullmatch(r"chapter (\d+) \((\S+)\) > (.+)", line) for line in lines if not line.startswith("    ")]
    assert heads and all(heads)
    for head in heads:
        assert head is not None and (ROOT / head[2]).is_file()


# --- refusals of a clicked card ----------------------------------------------------------------

KINDS = set(FIELDS) | set(KIND_WORDS) | set(CARD_KINDS) | {k for ks in FRAME_CHOICES.values() for k in ks}
RAW_KIND = re.compile("['\"‘’‚“”„«»(]\\s*(?:" + "|".join(sorted(KINDS)) + ")\\s*['\"‘’“”«»)]")
"""A kind of choice by its name in the code, in quotes or brackets: "('sell')", "'bid'"."""


def test_every_decision_has_words_for_what_it_waits_for() -> None:
    decisions = {k for k, f in FRAMES.items() if f.options is not None and k != "act"}
    assert decisions | {f"act:{a}" for i, a in enumerate(ACTIONS) if i != IMPORT} == set(STEPS)
    assert all(set(words) == {"en", "de"} and all(words.values()) for words in STEPS.values())


def test_clicked_cards_are_refused_without_internal_names() -> None:
    reached: set[str] = set()
    for seed in range(6):
        s = Session(lambda seed=seed: Game(players=3 + seed % 3, seed=seed, abilities=seed % 2 == 1,
                                           modules=ALL_MODULES if seed % 3 == 2 else ()), humans=None, bots={})
        rng = random.Random(seed)
        for _ in range(150):
            g = s.game
            if g.is_over():
                break
            for seat in range(g.state.n):
                for card in g.state.players[seat].hand:
                    if s.card_choices(seat, card):
                        continue
                    reached.add(reason(g, natural_action(g, seat, card))[0])
                    for lang in ("en", "de"):
                        text = s.card_refusal(seat, card, lang)
                        assert not RAW_KIND.search(text), (lang, text)
            seat = g.deciders()[0]
            s.act(rng.choice(g.legal_actions(seat)), bots=False)
    assert {"no_card_now", "not_your_decision"} <= reached, reached


def test_a_card_clicked_while_a_ship_is_chosen_says_what_comes_first() -> None:
    g, rng = Game(players=3, seed=4), random.Random(4)
    while g.state.stack[-1]["kind"] != "choose_ship":
        g.apply(rng.choice(g.legal_actions(g.deciders()[0])))
    s = Session(lambda: g, bots={})
    chooser = g.deciders()[0]
    other = (chooser + 1) % g.state.n
    mine, theirs = g.state.players[chooser].hand[0], g.state.players[other].hand[0]
    p = chooser + 1
    assert s.card_refusal(chooser, mine, "en") == (
        f"No card is played at this point: the game is waiting for Player {p} to choose the ship at sea whose "
        "cargo is auctioned in this bidding round.")
    assert s.card_refusal(chooser, mine, "de") == (
        f"Gerade wird keine Karte gespielt: jetzt ist Spieler {p} dran und soll das Schiff auf See wählen, "
        "dessen Ladung in dieser Bietrunde versteigert wird.")
    assert s.card_refusal(other, theirs, "en") == (
        f"It is not Player {other + 1}'s decision now: the game is waiting for Player {p}.")
