"""The annotated card of chapter 2: its callouts in both languages, the statement of which figures
the rule texts give, the chapter block that shows it, and (in Chromium) the drawing itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from importexport import Game
from importexport.importexport.cards import CARDS
from importexport.importexport.picture import picture
from importexport.importexport.table_kit import DRAWER
from importexport.tutor.chapter import ChapterError, load_chapter_file
from importexport.tutor.chapter import chapter as load_chapter
from importexport.tutor.games import TUTOR_GAMES
from importexport.widgets import LANG
from importexport.widgets.anatomy import PARTS, CardAnatomy, anatomy_sheet, board_picture, sources
from importexport.widgets.board import STATIC
from importexport.widgets.chapter import chapter

SALT = CARDS.by_name("HAWAIIAN SALT").id
CHAPTER_2 = TUTOR_GAMES["importexport"].chapter_dir / "02-components-and-setup.yaml"
CHROMIUM = Path("/usr/bin/chromium")


def test_every_callout_is_there_in_both_languages() -> None:
    en, de = anatomy_sheet(SALT, "en"), anatomy_sheet(SALT, "de")
    assert [p["part"] for p in en["parts"]] == [p["part"] for p in de["parts"]] == list(PARTS)
    assert [p["n"] for p in en["parts"]] == list(range(1, len(PARTS) + 1))
    for e, d in zip(en["parts"], de["parts"], strict=True):
        for key in ("label", "value", "meaning", "source_text"):
            assert e[key].strip() and d[key].strip(), (e["part"], key)
        assert e["meaning"] != d["meaning"] and e["source_text"] != d["source_text"]
        assert e["printed"] != d["printed"] or not e["printed"]
    values = {p["part"]: p["value"] for p in en["parts"]}
    assert values["goods"] == "agriculture (yellow, ●A)"
    assert values["action"] == "✚ Supply" and values["level"] == "2 × yellow (A)"
    assert values["cargo"] == "2 × green (T) + 2 × yellow (A)"
    assert {p["part"]: p["value"] for p in de["parts"]}["goods"] == "Landwirtschaft (gelb, ●A)"
    assert en["ability"]["text"] == CARDS[SALT].text.en and de["ability"]["text"] == CARDS[SALT].text.de
    assert en["caption"] != de["caption"] and "HAWAIIAN SALT" in en["caption"]


def test_the_statement_says_what_the_rule_texts_give_and_what_is_ours() -> None:
    en, de = anatomy_sheet(SALT, "en")["statement"], anatomy_sheet(SALT, "de")["statement"]
    assert en["title"] and de["title"] and len(en["lines"]) == len(de["lines"]) == 4
    assert all(a != b for a, b in zip(en["lines"], de["lines"], strict=True))
    assert "balanced scheme" in en["lines"][0] and "ausgewogenen Schema" in de["lines"][0]  # (no file path for a learner)
    # HAWAIIAN SALT: the rulebook's level example fixes its goods type and level
    assert en["lines"][1] == ("On HAWAIIAN SALT, from the rule texts: name (1), goods type (2), level requirement (4). "
                              "The project's own: action (3), cargo requirement (5).")
    assert "Güterart (2), Stufenanforderung (4)" in de["lines"][1] and "Aktion (3), Ladeanforderung (5)" in de["lines"][1]
    plain = anatomy_sheet(CARDS.by_name("ALMONDS").id, "en")["statement"]["lines"][1]
    assert "from the rule texts: name (1)." in plain and "goods type (2), action (3)" in plain


def test_each_source_follows_the_card_list() -> None:
    for card in CARDS.cards:
        src = sources(card)
        assert src["name"] == "rule" and src["ability"] == "words"
        for part in ("goods", "action", "cargo"):
            assert (src[part] == "rule") == (part in card.rulebook), (card.name, part)
        assert (src["level"] == "rule") == ("level" in card.rulebook or card.set == "j"), card.name
        if card.rulebook:  # the callouts carry the same sources
            assert {p["part"]: p["source"] for p in anatomy_sheet(card.id, "en")["parts"]} == src


def test_the_card_is_drawn_from_a_picture_the_board_understands() -> None:
    sheet = anatomy_sheet(SALT, "de")
    full = picture(Game(players=2, seed=1), "de")
    assert set(sheet["picture"]) == set(full)
    assert sheet["picture"] == board_picture(SALT, "de") and sheet["picture"]["island"] == [str(SALT)]
    card = sheet["picture"]["cards"][str(SALT)]
    assert card["name"] == "HAWAIIAN SALT" and card["action"] == "Vorrat" and len(card["cargo"]) == 4
    # what anatomy.js points at is what Import/Export's drawer draws
    js = (STATIC / "anatomy.js").read_text(encoding="utf-8")
    board = DRAWER.module
    targets = js[js.index("const TARGETS"):js.index("};", js.index("const TARGETS"))]
    wanted = set(re.findall(r"\.(iex-[a-z-]+)", targets)) - {"iex-an-ability"}
    wanted |= {"iex-zone-island", "iex-tile"}
    missing = {name for name in wanted if not re.search(rf'["` ]{name}[" `]', board)}
    assert wanted >= {"iex-name", "iex-mark", "iex-action", "iex-levels", "iex-slots"} and not missing


def test_chapter_2_shows_the_card_once_it_is_introduced() -> None:
    ch = load_chapter(2)
    blocks = ch.block_list()
    at = blocks.index(("anatomy", "HAWAIIAN SALT"))
    assert blocks[at - 1] == ("text", "reading") and "HAWAIIAN SALT" in ch.sections["reading"].cards
    widget = chapter(2).anatomy("HAWAIIAN SALT")
    assert isinstance(widget, CardAnatomy) and widget.sheet["lang"] == "en"
    assert "export default" in widget.board_esm and ".iex-an-badge" in widget._css and ".iex-tile" in widget._css
    LANG.lang = "de"
    assert widget.sheet["lang"] == "de" and widget.sheet["parts"][1]["label"] == "Güterart"


@pytest.mark.parametrize(("value", "message"), [
    ("NO SUCH CARD", "unknown card 'NO SUCH CARD'"),
    (64, "'anatomy' takes a card name"),
    ("hawaiian salt", None),
])
def test_chapter_validation_of_the_block(tmp_path: Path, value: object, message: str | None) -> None:
    data = yaml.safe_load(CHAPTER_2.read_text(encoding="utf-8"))
    at = data["blocks"].index({"anatomy": "HAWAIIAN SALT"})
    data["blocks"][at] = {"anatomy": value}
    path = tmp_path / CHAPTER_2.name
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    if message is None:
        assert ("anatomy", value) in load_chapter_file(path).block_list()
        return
    with pytest.raises(ChapterError, match=re.escape(f"block {at + 1}: {message}")):
        load_chapter_file(path)


RENDER = """async ([esm, board, drawer, sheet]) => {
  const data = { sheet, board_esm: board, board_drawer: drawer, projector: false };
  const handlers = {};
  const model = {
    get: (k) => data[k],
    set: (k, v) => { const old = data[k]; data[k] = v; if (old !== v) (handlers["change:" + k] || []).forEach((f) => f()); },
    on: (ev, f) => { (handlers[ev] = handlers[ev] || []).push(f); },
    off() {}, send() {}, save_changes() {},
  };
  window.model = model;
  const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
  const mod = await import(url);
  const host = document.createElement("div");
  host.style.width = "1240px";
  document.body.append(host);
  await mod.default.render({ model, el: host });
}"""

MEASURE = """() => {
  const root = document.querySelector(".iex-anatomy");
  const sizes = [...root.querySelectorAll("*")]
    .filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) && e.getBoundingClientRect().width)
    .map((e) => parseFloat(getComputedStyle(e).fontSize));
  return {
    pins: [...root.querySelectorAll(".iex-an-pin")].map((b) => b.dataset.part),
    smallest: Math.min(...sizes),
    name: parseFloat(getComputedStyle(root.querySelector(".iex-tile > .iex-name")).fontSize),
    text: root.innerText,
  };
}"""


@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's Chromium: apt-get install chromium")
def test_the_card_is_drawn_with_every_callout_and_legible() -> None:
    """In Chromium at 1280×720: the board draws the card, a pin sits on each of its six parts, no
    text is below 14 px, and in projector mode no text is below 18 px."""
    sync_api = pytest.importorskip("playwright.sync_api")
    esm = (STATIC / "anatomy.js").read_text(encoding="utf-8")
    widget = CardAnatomy(SALT)
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM))
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.add_style_tag(content=widget._css)
            page.evaluate(RENDER, [esm, widget.board_esm, widget.board_drawer, widget.sheet])
            page.wait_for_function("document.querySelectorAll('.iex-an-pin').length === 6")
            normal = page.evaluate(MEASURE)
            page.evaluate("window.model.set('projector', true)")
            page.wait_for_function("document.querySelector('.iex-an-projector') && "
                                   "document.querySelectorAll('.iex-an-pin').length === 6")
            large = page.evaluate(MEASURE)
        finally:
            browser.close()
    assert normal["pins"] == large["pins"] == list(PARTS)
    assert normal["smallest"] >= 14 and normal["name"] >= 18
    assert large["smallest"] >= 18 and large["name"] >= 24
    for part in widget.sheet["parts"]:
        assert part["label"] in normal["text"] and part["meaning"] in normal["text"]
    assert all(line in normal["text"] for line in widget.sheet["statement"]["lines"])
