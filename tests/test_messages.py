"""Messages a player understands (issue 28): a file the app cannot load is told in one plain sentence in
the page's language, with what exactly is wrong folded behind a "Details" toggle; no field path, no
library's wording and no internal id (a contract's, a way to play's, a game's) reaches the player."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html import unescape
from typing import Any

import pytest

from importexport import Game as ImportExportGame
from importexport.errors import SaveFileError
from importexport.file_words import plain_key
from importexport.importexport import savefile as ie_save
from importexport.portroyal import savefile as pr_save
from importexport.portroyal.expansion import load_expansion
from importexport.portroyal.game import Game as PortRoyalGame
from importexport.protocol import save_game_id, table_kit
from importexport.widgets import LANG
from importexport.widgets.app import PlayApp

IE = ie_save.dump(ImportExportGame(players=3, seed=2), ["human", "heuristic", "random"])
PR = pr_save.dump(PortRoyalGame(players=3, seed=2, mode="cooperative"), ["human", "heuristic", "random"])
PR_GAME = PortRoyalGame(players=3, seed=2, mode="cooperative").save()  # (no seats: the position is checked first)
CONTRACT_IDS = {c.id for c in load_expansion().contracts}


def edited(text: str, change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change that writes ``value`` at the dotted ``path`` (numbers index lists)."""

    def change(data: dict[str, Any]) -> None:
        *head, last = path.split(".")
        for part in head:
            data = data[int(part)] if isinstance(data, list) else data[part]
        if isinstance(data, list):
            data[int(last)] = value
        else:
            data[last] = value

    return change


# (the file, the plain sentence's key): both games, every kind of refusal a player may meet
FILES: dict[str, tuple[str | bytes, str]] = {
    "not JSON": (b"not json", "plain_not_save"),
    "cut short": (IE[:-5], "plain_not_save"),
    "empty": ("", "plain_not_save"),
    "a list": ("[1, 2]", "plain_not_save"),
    "not UTF-8": (b'{"format": "\xff"}', "plain_not_save"),
    "no format": (edited(IE, lambda d: d.pop("format")), "plain_not_save"),
    "a number of 50 digits": (IE.replace('"seed":2', '"seed":' + "9" * 50, 1), "plain_not_save"),
    "coins of 999 (Port Royal)": (edited(PR, _set("initial.players.0.coins.0", 999)), "plain_damaged"),
    "seed as text": (edited(IE, _set("seed", "x")), "plain_damaged"),
    "digest missing (Port Royal)": (edited(PR, lambda d: d.pop("digest")), "plain_damaged"),
    "unknown way to play": (edited(PR, _set("initial.mode", "pirates")), "plain_damaged"),
    "unknown contract": (edited(PR, _set("initial.contracts", ["bad_luck_at_sea", "nope"])), "plain_damaged"),
    "too few players for the way to play": (edited(PR_GAME, _set("initial.n", 1)), "plain_damaged"),
    "seat roles": (edited(IE, _set("seats", ["human"])), "plain_damaged"),
    "credits beyond the bound": (edited(IE, _set("initial.players.0.credits", 10**9)), "plain_damaged"),
    "digest changed": (edited(IE, _set("digest", "0" * 16)), "plain_changed"),
    "digest changed (Port Royal)": (edited(PR, _set("digest", "0" * 16)), "plain_changed"),
    "a move that is no choice": (edited(IE, _set("actions", ["p0 fly"])), "plain_changed"),
    "undo points out of order": (edited(IE, _set("session", {"marks": [5, 1], "bots": []})), "plain_changed"),
}
LIBRARY_WORDS = ("Expecting", "Input should", "line 1 column", "char ", "Traceback", "validation error",
                 "JSONDecodeError", "pydantic")
SAID = {"en": "cannot be loaded", "de": "lässt sich nicht laden"}


def shown(text: str | bytes, lang: str) -> tuple[PlayApp, str, str]:
    """The app after loading ``text`` in ``lang``: the plain sentence, and the folded details."""
    LANG.lang = lang
    try:
        app = PlayApp()
        app.load_text(text)
    finally:
        LANG.lang = "en"
    html = app.message.value
    found = re.fullmatch(r'<div[^>]*>(.*?)<details class="iex-details"[^>]*><summary[^>]*>(.*?)</summary>'
                         r"<div>(.*?)</div></details></div>", html, re.S)
    assert found, html
    head, summary, details = (unescape(x) for x in found.groups())
    assert summary == {"en": "Details", "de": "Einzelheiten"}[lang]
    return app, head, details


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("case", list(FILES))
def test_a_file_that_cannot_be_loaded_is_told_in_one_plain_sentence(case: str, lang: str) -> None:
    text, key = FILES[case]
    app, head, details = shown(text, lang)
    assert app.session is None
    assert SAID[lang] in head, head
    assert head.count(".") == 1 and head.endswith(".") and "'" not in head, head  # one sentence, nothing quoted
    assert not re.search(r"\w\.\w|_|\d", head.replace("Import/Export", "")), head  # no path, id or number
    with pytest.raises((SaveFileError, ValueError)) as refused:
        table_kit(save_game_id(text)).load_session(text)
    assert plain_key(refused.value) == key
    assert details and all(w not in details + head for w in LIBRARY_WORDS), details


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_details_name_contracts_and_ways_to_play_as_a_player_reads_them(lang: str) -> None:
    _app, _head, details = shown(FILES["unknown contract"][0], lang)
    assert "'nope'" in details  # (what the file holds is quoted as it stands)
    assert not CONTRACT_IDS & set(re.findall(r"[a-z_]+", details)), details
    assert ("Pech auf See" if lang == "de" else "Bad luck at sea") in details
    assert ("kooperativ" if lang == "de" else "cooperative play") in details
    _app, _head, details = shown(FILES["too few players for the way to play"][0], "de")
    assert "Modus kooperativ" in details and "cooperative" not in details, details


def test_another_games_file_is_named_by_the_games_name() -> None:
    with pytest.raises(SaveFileError) as refused:
        pr_save.load(IE)
    assert "Port Royal" in str(refused.value)
    with pytest.raises(SaveFileError) as refused:
        ie_save.load(PR)
    assert "Import/Export" in str(refused.value) and "importexport" not in refused.value.text("de")


def test_an_error_in_a_callback_is_one_sentence_with_the_error_folded() -> None:
    app = PlayApp()

    def fail() -> None:
        raise RuntimeError("the printer is on fire")

    LANG.lang = "de"
    try:
        app._guard(fail)()
    finally:
        LANG.lang = "en"
    html = app.message.value
    head = unescape(html.split("<details")[0])
    assert "Etwas ist schiefgegangen" in head and "printer" not in head and "RuntimeError" not in head
    assert "the printer is on fire" in html.split("<details")[1]


def test_save_stands_with_undo_and_restart_and_the_projector_line_still_fits() -> None:
    """Port Royal in projector mode keeps its decision to one line (docs/app.md): with Save in that line,
    in German, five players and long choices in one list, the list yields the room Save takes."""
    import random

    from ipywidgets import Dropdown

    from importexport.session import Session
    from importexport.widgets.table import LINE_PX, TableView, text_px
    from importexport.widgets.upload import SaveButton

    g = PortRoyalGame(players=5, seed=2, mode="competitive", lang="de")
    rng = random.Random(2)
    for _ in range(183):  # (a hiring with eight choices, the longest of 84 characters)
        g.apply(rng.choice(g.legal_actions(g.deciders()[0])))
    save = SaveButton(label="Speichern")
    LANG.lang = "de"
    try:
        t = TableView(Session(lambda: g, humans=set(range(5))), panel_first=True, more_buttons=[save])
        t.table.projector = True
        acts = g.legal_actions(g.deciders()[0])
        lists = [x for box in t.options.children for x in getattr(box, "children", ()) if isinstance(x, Dropdown)]
        widest = min(520, max(text_px(t._listed(a, "de")) for a in acts) + 40)
        line = t._line_px({"": acts}, "de")
    finally:
        LANG.lang = "en"
    assert save in t.buttons[0].children and t.undo_button in t.buttons[0].children
    assert len(lists) == 1 and line > LINE_PX  # (all in one list, and at full width it would not fit)
    assert line - widest + int(lists[0].layout.max_width.removesuffix("px")) <= LINE_PX
