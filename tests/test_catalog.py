"""The gettext catalogs: complete, consistent, and with real plural forms in both languages."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from importexport import catalog
from importexport.catalog import FORBIDDEN, Table, problems, text
from importexport.catalog_tool import tables
from importexport.importexport.describe import TEXT
from importexport.importexport.i18n import EVENTS, message, render_event
from importexport.tutor.games import TUTOR_GAMES


def test_the_catalogs_have_no_problems() -> None:
    """What ``python -m importexport.catalog_tool check`` reports: nothing."""
    assert problems(tables()) == []


def test_extract_keeps_the_template_order_and_puts_a_new_message_after_the_one_before_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The template's order does not hang on the order modules are imported in."""
    real = tables()["events"]
    monkeypatch.setattr(catalog, "TABLES", {})  # the tables made here go nowhere
    first, second = list(real)[:2]
    new = {"zz": Table("zz_new", {"a": "A new table."}),
           "events": Table("events", {second: real[second].source, "brand_new": "New.", first: real[first].source})}
    order = [entry.context for entry in catalog._ordered(new)]
    assert order == [f"events.{first}", f"events.{second}", "events.brand_new", "zz_new.a"]


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "Player 1 draws 1 card.", "Player 1 draws 2 cards."),
    ("de", "Spieler 1 zieht 1 Karte nach.", "Spieler 1 zieht 2 Karten nach."),
])
def test_the_draw_event_has_a_singular_and_a_plural(lang: str, one: str, two: str) -> None:
    assert render_event((0, "draw", {"p": 0, "n": 1}), lang) == one
    assert render_event((0, "draw", {"p": 0, "n": 2}), lang) == two


def test_counts_pick_the_plural_form_in_refusals_and_events() -> None:
    assert message("level_missing", "de", c=0, n=1, left=0).startswith("Für ")
    assert "fehlt dir 1 Stufe:" in message("level_missing", "de", c=0, n=1, left=0)
    assert "fehlen dir 2 Stufen:" in message("level_missing", "de", c=0, n=2, left=0)
    assert "needs 1 more level than" in message("level_missing", "en", c=0, n=1, left=0)
    assert "Du darfst 0 bis 1 Aktion ansagen" in message("declare_range", "de", lo=0, hi=1)
    assert "You may declare 0 to 3 actions:" in message("declare_range", "en", lo=0, hi=3)
    assert render_event((0, "gain", {"p": 1, "n": 1, "why": "sell"}), "de").startswith("Spieler 2 erhält 1 Credit (")
    assert render_event((0, "gain", {"p": 1, "n": 4, "why": "sell"}), "en").startswith("Player 2 takes 4 credits (")
    assert render_event((0, "game_over", {"winners": [0]}), "en") == "Game over. Winner: Player 1."
    assert render_event((0, "game_over", {"winners": [0, 2]}), "en") == "Game over. Winners: Player 1, Player 3."


def test_action_labels_have_real_plurals() -> None:
    assert TEXT.format("declare", "en", n=0) == "Declare 0 actions"
    assert TEXT.format("declare", "en", n=1) == "Declare 1 action"
    assert TEXT.format("declare", "de", n=1) == "1 Aktion ansagen"
    assert TEXT.format("declare", "de", n=2) == "2 Aktionen ansagen"
    assert TEXT.format("bid", "en", n=1) == "Bid 1 credit (sealed)"
    assert TEXT.format("bid", "de", n=1) == "1 Credit verdeckt bieten"
    assert TEXT.format("bid", "de", n=3) == "3 Credits verdeckt bieten"


def test_the_verb_after_a_list_of_players_agrees() -> None:
    from importexport.widgets.common import ui

    assert ui("decides", "en", p="Player 1", n=1) == "Player 1 decides"
    assert ui("decides", "en", p="Player 1, Player 2", n=2) == "Player 1, Player 2 decide"
    assert ui("decides", "de", p="Spieler 1, Spieler 2", n=2) == "Spieler 1, Spieler 2 entscheiden"


def test_an_entry_reads_like_the_old_language_dictionaries() -> None:
    entry = EVENTS["draw"]
    assert set(entry) == {"en", "de"} and entry.plural
    assert entry["de"] == "{p} zieht {n} Karten nach." and entry.forms("en") == ("{p} draws {n} card.", "{p} draws {n} cards.")
    assert EVENTS["turn"]["de"] == "{p} ist jetzt am Zug."
    assert text("events.turn", "{p} is now the active player.", "fr") == "{p} is now the active player."
    with pytest.raises(ValueError):
        text("events.draw", EVENTS["draw"].source, "de")  # a plural message needs its count


def test_a_table_takes_english_only() -> None:
    with pytest.raises(TypeError, match="English only"):
        Table("test_only", {"x": {"en": "x", "de": "x"}})  # type: ignore[dict-item]
    catalog.TABLES.pop("test_only", None)


def test_no_chapter_writes_a_plural_in_brackets() -> None:
    found = [
        f"{path.name}:{i}: {m.group(0)}"
        for path in sorted(TUTOR_GAMES["importexport"].chapter_dir.glob("*.yaml"))
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        for m in FORBIDDEN.finditer(line)
    ]
    assert found == []


def test_the_check_names_each_kind_of_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A German catalog with one of every mistake: each is reported."""
    po = Catalog(locale="de", domain=catalog.DOMAIN)
    po.add("{p} is now the active player.", "", context="events.turn")  # untranslated
    po.add("{p} takes an extra turn.", "{p} macht einen Extrazug.", context="events.extra_turn", flags=["fuzzy"])
    po.add("{p} sells {c} to the Supply Island.", "{q} verkauft {c}.", context="events.sell")  # wrong placeholder
    po.add(("{p} draws {n} card.", "{p} draws {n} cards."), ("{p} zieht {n} Karte.", ""), context="events.draw")
    po.add("gone", "weg", context="events.no_such_key")  # stale
    po.add("{p} takes {c} into the crew.", "{p} nimmt {c} als Karte(n) in die Crew.", context="events.crew")  # bracket
    out = io.BytesIO()
    write_po(out, po)
    path = tmp_path / "importexport.po"
    path.write_bytes(out.getvalue())
    monkeypatch.setattr(catalog, "po_file", lambda lang: path)
    found = "\n".join(problems(tables()))
    for expected in (
        "de events.turn: untranslated", "de events.extra_turn: fuzzy", "de events.sell: placeholders",
        "de events.draw: a plural message needs both forms", "de events.no_such_key: stale",
        "de events.crew: bracket plural", "de events.reshuffle: missing from the catalog",
    ):
        assert expected in found, expected


PACKAGE = Path(catalog.__file__).resolve().parents[1]
GERMAN_IN_CODE = re.compile(r"""["']de["']\s*:\s*(?:\(|["'](?![a-z]{2}["']))""")
"""A ``{"en": ..., "de": "..."}`` dictionary: German written in the code instead of the catalog
(a language code as the value, ``{"de": "en"}``, is no text)."""


def test_no_module_writes_german_into_the_code() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{i}: {line.strip()[:80]}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if GERMAN_IN_CODE.search(line)
    ]
    assert found == []
    assert GERMAN_IN_CODE.search('"cards": {"en": "More cards", "de": "Mehr Karten"},')
    assert GERMAN_IN_CODE.search('"de": ("Vorrat", "Import"),') and not GERMAN_IN_CODE.search('{"en": "de", "de": "en"}')


def test_name_lists_and_module_lines_come_from_the_catalog() -> None:
    from importexport.importexport.constants import ACTION_NAME, GOODS_TYPE, PIRATE, RED
    from importexport.importexport.module_info import GROUPS, MODULE_INFO, module_about, module_name

    assert ACTION_NAME["de"] == ("Vorrat", "Import", "Auftrag", "Laden", "Pirat", "Tausch")
    assert (ACTION_NAME["en"][PIRATE], GOODS_TYPE["en"][RED], GOODS_TYPE["de"][RED]) == ("Pirate", "illegal", "Illegal")
    assert set(GOODS_TYPE) == set(catalog.LANGS) and len(GOODS_TYPE["de"]) == 6
    assert (module_name("tokyo", "de"), GROUPS["variant"]["de"], MODULE_INFO["j"]["group"]) == ("Tokio", "Regelvarianten", "expansion")
    promo = module_about("promo", "de")
    n = int(promo.split()[0])
    assert n > 1 and promo == f"{n} Promo-Karten" and module_about("promo", "en") == f"{n} promotional cards"
    assert text("module_about.promo", ("{n} promotional card", "{n} promotional cards"), "de", 1) == "{n} Promo-Karte"


def test_the_language_switch_names_each_language_in_itself() -> None:
    from importexport.widgets.lang import language_switch

    switch = language_switch()
    assert list(switch.options) == [("English", "en"), ("Deutsch", "de")]
    assert list(switch.tooltips) == ["Show every text in English", "Alle Texte auf Deutsch anzeigen"]
    switch.close()
