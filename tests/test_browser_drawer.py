"""A game brings its own drawing (issue 30): the table component's frame (``widgets/static/board.js``)
draws a game's picture with the drawer its table kit gives (``TableKit.DRAWER``, an ES module the frame
imports), so a game with a drawing of its own needs no shared file edited, and no shared file names it.

Here a table kit made for the example plug-in High card (the plain kit with a tiny drawer of its own
that writes a marker element, and its stylesheet) is given to the app's table (``TableView``); Chromium draws the widget's
state with the real frame: the marker drawing appears, styled by its own stylesheet, its button sends the click through the frame's
shared helpers, and the same table with the plain kit's drawer is drawn the plain way.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from browser_kit import browser, mount_board, needs_chromium

from importexport.plain_kit import PlainKit
from importexport.protocol import GAMES, Drawer
from importexport.session import Session
from importexport.widgets.table import TableView

__all__ = ["browser"]  # (the fixture this module uses)
pytestmark = needs_chromium

MARKER = """export function draw(model, host, pic, projector, focusSel, shared) {
  const { h, pressable } = shared;
  const send = (what, id) => model.send({ type: "click", what, id });
  const root = h("div", "marker-table", { "data-title": pic.title }, [h("h3", null, { text: pic.title })]);
  for (const v of pic.views || []) {
    const seat = h("section", "marker-seat", { text: v.seat });
    pressable(seat, send, "card", 7, v.seat);
    root.append(seat);
  }
  host.append(root);
}
"""
"""A game's own drawer, a few lines: a title, and each shown seat as a button."""
MARKER_CSS = ".marker-table { border-top: 7px solid rgb(1, 2, 3); }"
"""Its stylesheet."""

PAGE = '<!doctype html><html><head><meta charset="utf-8"></head><body><div id="out"></div></body></html>'


class MarkerKit(PlainKit):
    """The plain kit with a drawing of its own."""

    DRAWER = Drawer(MARKER, MARKER_CSS)


def drawn(browser: Any, board: Any) -> Any:
    """A page with the board's synced state (its picture, its drawer) drawn by the real frame."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.route("**/*", lambda route: route.abort())  # nothing is fetched
    page.set_content(PAGE)
    mount_board(page, board.picture, Drawer(board.drawer, board.drawer_css))
    return page


def test_a_games_own_drawer_draws_its_table(browser: Any, example_games: list[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    kind = GAMES["highcard"]
    kit = MarkerKit(kind)
    monkeypatch.setitem(GAMES._kinds, "highcard", dataclasses.replace(kind, table_kit=lambda: kit))
    g = GAMES["highcard"].new(players=3, seed=1)
    view = TableView(Session(lambda: g, humans={0, 1, 2}))
    board = view.table
    assert (board.drawer, board.drawer_css) == (MARKER, MARKER_CSS) and board.picture["game"] == "plain"
    page = drawn(browser, board)
    try:
        page.wait_for_selector(".marker-table")
        assert page.query_selector(".iex-plain") is None
        assert page.get_attribute(".marker-table", "data-title") == kind.name
        border = "(s) => getComputedStyle(document.querySelector(s)).borderTop"
        assert page.evaluate(border, ".marker-table") == "7px solid rgb(1, 2, 3)"  # its stylesheet is on the page
        seats = page.query_selector_all(".marker-seat.iex-clickable")
        assert len(seats) == len(board.picture["views"]) >= 1
        seats[0].click()
        seats[0].focus()
        page.keyboard.press("Enter")
        assert page.evaluate("window.sent") == [{"type": "click", "what": "card", "id": 7}] * 2
        # a new picture is drawn at once, by the drawer already loaded
        page.evaluate("(p) => window.model.set('picture', p)", {**board.picture, "title": "again"})
        assert page.get_attribute(".marker-table", "data-title") == "again"
    finally:
        page.close()
    # the same table with the plain kit's drawer: the plain drawing, no marker
    board.show(PlainKit(kind), board.picture)
    page = drawn(browser, board)
    try:
        page.wait_for_selector(".iex-plain")
        assert page.query_selector(".marker-table") is None
    finally:
        page.close()
