"""The table kit of a game that brings none of its own (:attr:`GameKind.table_kit` is ``None``): every
name of :class:`~importexport.protocol.TableKit`, made from the game protocol alone, so that the app, the
session and the table component play any game that plugs in.

The board draws such a game as its *plain* picture: per seat whose hand the table shows, that seat's
view (:meth:`GameProtocol.view`) as lines of ``name: value``, the tricks or points from
:meth:`~GameProtocol.scores`, and the last lines of the log; choices are made with the table's buttons
(nothing on the board is clicked).  Fair undo compares what the views show: something that only
another seat's view showed, and that no seat's view hides any more, has come to light.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterator
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .catalog import Table
from .errors import SaveFileError
from .protocol import Drawer

if TYPE_CHECKING:
    from .protocol import GameKind
    from .saves import SessionSave

WORDS = Table("plain_kit", {
    "seat": "Player {n}",
    "player": "Player",
    "score": "Score",
    "log": "What happened last",
    "over": "the game is over",
})
"""The few words the plain table needs beside the game's own."""
SKIPPED = frozenset({"legal", "stack", "seat"})
"""Keys of a view that say what a seat may do, not what it sees."""
LOG_LINES = 6
DRAWER = Drawer.files(Path(__file__).with_name("static"), "plain.js")
"""The plain drawing: the ES module the board imports to draw a plain picture (``static/plain.js``)."""
TABLE_FORMAT = 1
"""The version of the table's save around a plain game's own save (who plays each seat, undo points, bots)."""


def leaves(data: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every plain value of a view, with the key it stands under (list items under their list's key)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in SKIPPED:
                yield from leaves(value, f"{path}.{key}" if path else str(key))
    elif isinstance(data, list | tuple):
        for value in data:
            yield from leaves(value, path)
    else:
        yield path, data if isinstance(data, Hashable) else repr(data)


def _shown(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(_shown(v) for v in value) or "–"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_shown(v)}" for k, v in value.items() if k not in SKIPPED)
    return str(value)


class PlainKit:
    """The table kit made for ``kind`` from the protocol (see the module's docstring)."""

    PRIVATE_HANDS = True
    """A plain game's views may differ between seats: people at one device pass it between moves."""
    FITS_WINDOW = False
    FITS_NORMAL = False
    FREE_KINDS: frozenset[str] = frozenset()
    STYLE = ""
    DRAWER = DRAWER

    def __init__(self, kind: GameKind) -> None:
        self.kind = kind
        self.GAME = kind.id

    def seats(self, g: Any) -> int:
        return len(g.scores())

    def seat_name(self, seat: int, lang: str) -> str:
        return WORDS.format("seat", lang, n=seat + 1)

    def picture(self, g: Any, lang: str, hands: set[int] | None = None, decider: int | None = None,
                point: Any = None) -> dict[str, Any]:
        """What the board draws: each shown seat's view as lines, the scores, the last lines of the log."""
        shown = range(self.seats(g)) if hands is None else sorted(hands)
        views = [{"seat": self.seat_name(s, lang), "lines": self.lines(g.view(s), lang)} for s in shown]
        deciders = g.deciders()
        return {"game": "plain", "title": self.kind.name, "views": views,
                "turn": ", ".join(self.seat_name(s, lang) for s in deciders) or WORDS.format("over", lang),
                "scores": [[self.seat_name(s, lang), self.row(row, lang)] for s, row in enumerate(g.scores())],
                "log_title": WORDS.format("log", lang), "log": g.narrate(lang)[-LOG_LINES:]}

    def lines(self, data: dict[str, Any], lang: str) -> list[list[str]]:
        """A view's entries as ``[name, value]`` lines in ``lang``: through the game's words
        (:attr:`~importexport.protocol.GameKind.view_words`), else each key and value as they are."""
        words = self.kind.view_words
        if words is None:
            return [[str(k), _shown(v)] for k, v in data.items() if k not in SKIPPED]
        return [list(line) for k, v in data.items() if k not in SKIPPED and (line := words(str(k), v, lang))]

    def row(self, row: Any, lang: str) -> str:
        """A seat's row of the scores in words (a mapping: its entries through the game's words)."""
        if not isinstance(row, dict):
            return _shown(row)
        return "; ".join(f"{name}: {value}" for name, value in self.lines(row, lang))

    def changes(self, before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
        return []

    def pointed(self, point: Any) -> dict[str, list[int]]:
        return {}

    def click_choices(self, g: Any, seat: int, what: str, ident: int) -> list[Any]:
        return []

    def click_name(self, g: Any, what: str, ident: int, lang: str) -> str:
        return str(ident)

    def click_refusal(self, g: Any, seat: int, what: str, ident: int, lang: str) -> str | None:
        return None

    def note(self, g: Any, action: Any, lang: str) -> tuple[str, str]:
        return "", ""

    def hint(self, g: Any, lang: str) -> tuple[str, int, str] | None:
        return None

    def sealed(self, g: Any) -> list[int] | None:
        return None

    def bid(self, seat: int, amount: int) -> Any:
        raise ValueError(f"{self.kind.name} has no bids")

    def hidden(self, g: Any, seat: int) -> frozenset[Hashable]:
        """What the other seats' views show and ``seat``'s does not (fair undo compares it move by move)."""
        own = set(leaves(g.view(seat)))
        others = {leaf for s in range(self.seats(g)) if s != seat for leaf in leaves(g.view(s))}
        return frozenset(others - own)

    def told(self, g: Any, since: int) -> set[int]:
        return set()

    def dump(self, g: Any, seats: list[str] | None = None, session: SessionSave | None = None) -> str:
        """The game's own save, with who plays each seat and the table's undo points and bots around it."""
        data: dict[str, Any] = {"format": self.kind.save_format, "table": TABLE_FORMAT, "save": g.save(),
                                "seats": list(seats or [])}
        if session is not None:
            data["session"] = {"marks": list(session.marks),
                               "bots": [{"seat": s, "state": list(st)} for s, st in sorted(session.bots.items())]}
        return json.dumps(data, separators=(",", ":"))

    def load_session(self, text: str | bytes) -> tuple[Any, list[str], SessionSave | None]:
        """A game from :meth:`dump`'s text (or the game's own save), who plays each seat, the table's undo
        points and bots (``None``: the file holds none); :class:`SaveFileError` if it is not sound."""
        from .saves import SessionModel, SessionSave

        try:
            data = json.loads(text)
        except (ValueError, RecursionError, TypeError):
            data = None
        if not isinstance(data, dict) or data.get("table") != TABLE_FORMAT:
            return self.kind.load(text if isinstance(text, str) else text.decode("utf-8", "replace")), [], None
        save, seats = data.get("save"), data.get("seats")
        if not isinstance(save, str) or not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise SaveFileError("damaged", where="table", reason="save and seats")
        g = self.kind.load(save)
        if seats and len(seats) != self.seats(g):
            raise SaveFileError("damaged", where="seats", reason=f"{len(seats)} seats")
        if "session" not in data:
            return g, seats, None
        try:
            model = SessionModel.model_validate(data["session"])
        except ValueError:
            raise SaveFileError("damaged", where="session", reason="undo points and bots") from None
        if any(m > len(g.history) for m in model.marks):
            raise SaveFileError("damaged", where="session.marks", reason="beyond the moves")
        return g, seats, SessionSave(list(model.marks), {b.seat: list(b.state) for b in model.bots})

    def result(self, g: Any, lang: str) -> dict[str, Any]:
        """The end: the winners (``won`` in the scores), and the scores as a table."""
        rows = g.scores()
        winners = [s for s, row in enumerate(rows) if isinstance(row, dict) and row.get("won")]
        cell = "style='text-align:left;padding:2px 24px 2px 0'"
        body = "".join(f"<tr><td {cell}>{escape(self.seat_name(s, lang))}</td><td>{escape(self.row(row, lang))}</td></tr>"
                       for s, row in enumerate(rows))
        chart = (f"<table class='iex-plain-scores' style='font-size:18px'><tr><th {cell}>{escape(WORDS.format('player', lang))}"
                 f"</th><th style='text-align:left'>{escape(WORDS.format('score', lang))}</th></tr>{body}</table>")
        return {"winners": winners, "headline": None, "reason": "", "chart": chart}
