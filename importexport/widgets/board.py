"""The board: one table component for every chapter table, the card lab, the first game and the app.

An anywidget: its ES module (``static/board.js``, the frame every game shares) draws the picture a
game's table kit builds from ``view(seat)`` and ``legal_actions()`` with that game's own drawer (the
kit's ``DRAWER``, an ES module the frame imports), and sends back which card, ship or contract was
clicked.  ``static/board.css`` styles the frame; each game's stylesheet comes with its drawer
(``DRAWER.css``).  The widget holds no rule: what a click means is decided by the table around
it (:class:`~importexport.widgets.table.TableView`) through the same legal choices as every other way
of playing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..protocol import GameProtocol, TableKit, table_kit

STATIC = Path(__file__).with_name("static")


class Board(anywidget.AnyWidget):
    """The drawn table.  ``picture``: what to draw; ``drawer``, ``drawer_css``: the game's drawing (its
    module's source and its stylesheet, sent once per table: a trait is sent again only when it
    changes); ``projector``: large print (the reader's switch, remembered by the browser); clicks reach
    the handlers given to :meth:`on_click`."""

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"
    picture = traitlets.Dict().tag(sync=True)
    drawer = traitlets.Unicode().tag(sync=True)
    drawer_css = traitlets.Unicode().tag(sync=True)
    projector = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._click_handlers: list[Callable[[str, int], None]] = []
        self.on_msg(self._message)

    def show(self, kit: TableKit, picture: dict[str, Any]) -> None:
        """Draw ``picture`` with the drawer of ``kit`` (the table kit that built it); both reach the
        browser in one message."""
        with self.hold_sync():
            self.drawer, self.drawer_css = kit.DRAWER.module, kit.DRAWER.css
            self.picture = picture

    def on_click(self, handler: Callable[[str, int], None]) -> None:
        """Call ``handler(what, id)`` when a card (``what`` "card"), a ship ("ship") or a Port Royal
        contract ("contract", by its place among the laid-out ones) is clicked."""
        self._click_handlers.append(handler)

    def click(self, what: str, ident: int) -> None:
        """Act as if ``what`` ("card", "ship" or "contract") number ``ident`` were clicked (tests, keyboard paths)."""
        for handler in self._click_handlers:
            handler(what, ident)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("type") != "click":
            return
        what, ident = content.get("what"), content.get("id")
        if what in ("card", "ship", "contract") and type(ident) is int:
            self.click(what, ident)


def still(g: GameProtocol, lang: str) -> Board:
    """A position drawn without controls (an exercise's or a worked example's picture)."""
    kit = table_kit(g)
    return Board(picture=kit.picture(g, lang), drawer=kit.DRAWER.module, drawer_css=kit.DRAWER.css)
