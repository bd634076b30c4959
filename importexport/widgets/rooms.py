"""Rooms in the app (``docs/rooms.md``): open a room from the new-game screen, join one by its code or
link, take a seat per device, play that seat from its own screen, and show the projector's table.

A device sees only what its seat may see: its table is drawn from the referee's view of that seat
(the board's picture with that seat as the viewer and no other hand), the projector's from the
public view (no hand, no sealed bid).  Every move goes through :meth:`RoomService.move` with the
device's seat token; other devices' moves arrive through :meth:`RoomService.wait`, awaited on the
kernel's own event loop.  The seat and opener tokens live in the browser (:class:`RoomLink`), so a
reloaded page, or one whose kernel was culled, finds its seat again.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import os
from collections.abc import Callable
from functools import cached_property
from html import escape
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import anywidget
import ipywidgets as w
import traitlets

from ..catalog import LANGS, Table
from ..errors import IllegalActionError
from ..protocol import table_kit
from ..rooms import PERSON, MovedOn, Room, RoomError, RoomService, SeatRefused, StoreError, normal_code, undo_refusal
from ..session import Session
from .common import button, message_html, ui
from .lang import LANG, on_language, replace_children, retire
from .table import TableView, kernel_loop
from .upload import STATIC

WORDS = Table(
    "room",
    {
        "open": "Open a room",
        "open_note": "A room: each person plays from their own device; bots take the seats nobody takes.",
        "join": "Join a room",
        "join_go": "Show its seats",
        "code_hint": "code, e.g. KEDNXF",
        "code": "Room code",
        "link": "Others type the code on the new-game screen, or open this link:",
        "seat_free": "{p}: free",
        "seat_taken": "{p}: taken",
        "seat_mine": "{p}: this device",
        "seat_bot": "{p}: bot ({b})",
        "take": "Take this seat",
        "free": ("{n} seat is still free.", "{n} seats are still free."),
        "start": "Fill empty seats with bots and start",
        "close": "Close the room",
        "closed_now": "Room {code} is closed.",
        "table": "Show the table",
        "leave": "Leave the room",
        "wait_start": "The game starts when the person who opened the room starts it.",
        "started": "The game in this room has started; this device holds no seat in it.",
        "you_play": "Room {code} · this device plays {p}",
        "table_of": "Room {code} · the table",
        "waiting": "Waiting for {p}.",
        "lost": "The connection to the app's server is lost: reload the page. A room's moves are kept in its store, and this device comes back to its seat.",
        "undo_rule": "Undo takes back only this device's own last move, while nobody has moved since and nothing hidden came to light.",
    },
)
ROOM_STYLE = """<style>
.iex-room .iex-room-label{font-size:16px;color:#4a4a4a}
.iex-room .iex-room-code{font:700 72px/1.1 "DejaVu Sans Mono",Consolas,monospace;letter-spacing:.14em;color:#1f4e8c}
.iex-room .iex-room-code-small{font-size:30px;letter-spacing:.1em;margin-right:10px}
.iex-room .iex-room-link,.iex-room .iex-room-note,.iex-room .iex-room-seat-name{font-size:16px;line-height:1.5}
.iex-room .iex-room-link a{word-break:break-all}
.iex-room .iex-room-small{font-size:14px;color:#4a4a4a}
.iex-room .iex-room-seat-name{min-width:230px;margin-right:10px}
@media (max-width:600px){
.iex-room .iex-room-code{font-size:48px}
.iex-room .iex-room-seat-name{min-width:0}
.iex-room .iex-room-table .widget-dropdown select{max-width:calc(100vw - 140px)}
}
</style>"""
"""The rooms' screens: the code large enough to read from the back of a classroom, and a seat's screen on a
phone held upright kept to its width (the board fits itself: board.js)."""
BOT_STANDBY = 1.0
"""Seconds a device waits, after another device's move, before it runs a bot still asked to move: the
kernel that stored the move runs the bots at once, the others stand by (each bot move is stored once
whoever runs it, so two devices running them at once cost only time)."""
KEEP_ROOMS = 20
"""How many rooms' tokens a page takes from the browser at most (the newest are kept by the browser)."""


def shared_page(page: str) -> str:
    """The address other devices open for this app: the page's own, unless the page is at this machine's
    loopback address (the teacher's laptop at ``http://127.0.0.1:8866/``), which no other device can
    reach; then the network address ``importexport app --host`` put in ``$IMPORTEXPORT_PUBLIC_URL``
    (with the page's path), if there is one."""
    public = os.environ.get("IMPORTEXPORT_PUBLIC_URL", "")
    parts = urlsplit(page)
    host = parts.hostname or ""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback or not public.startswith(("http://", "https://")):
        return page
    base = urlsplit(public)
    return urlunsplit((base.scheme, base.netloc, parts.path or "/", parts.query, parts.fragment))


def word(key: str, **args: Any) -> str:
    return WORDS.format(key, LANG.lang, **args)


class RoomLink(anywidget.AnyWidget):
    """Invisible: tells the kernel the room the page's address names (``?room=CODE``), the page's own
    address and the tokens this browser keeps per room; ``keep`` stores one room's tokens
    (``{"code", "value"}``, a value of "" forgets the room); ``address`` is the room the page's address
    names from now on (``?room=CODE``; "" none), so that a reload comes back to it; ``lost`` what the
    page says at its top if its connection to the kernel is lost (the app's server gone); ``lang`` the
    language chosen on the page, kept by the browser, so that a reload or the next visit opens in it.
    ``on_hello(handler)``: ``handler(room, page, kept)`` once the page is drawn; the language the
    browser kept (one of :data:`~importexport.catalog.LANGS`) is set before it."""

    _esm = STATIC / "rooms.js"
    keep = traitlets.Dict().tag(sync=True)
    address = traitlets.Unicode("").tag(sync=True)
    lost = traitlets.Unicode("").tag(sync=True)
    """What the page says at its top once its connection to the kernel is lost (in the page's language)."""
    lang = traitlets.Unicode("").tag(sync=True)
    """The page's language, kept by the browser for the next page it opens (set whenever it changes)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_hello: list[Callable[[str, str, dict[str, str]], None]] = []
        self.on_msg(lambda _w, content, _b: self.receive(content))

    def on_hello(self, handler: Callable[[str, str, dict[str, str]], None]) -> None:
        self._on_hello.append(handler)

    def receive(self, content: Any) -> None:
        """Handle one message from the browser (also what tests call); anything malformed is ignored."""
        if not isinstance(content, dict) or content.get("type") != "hello":
            return
        room, page, kept = content.get("room"), content.get("page"), content.get("kept")
        room = room[:40] if isinstance(room, str) else ""
        page = page[:500] if isinstance(page, str) and page.startswith(("http://", "https://")) else ""
        tokens = {str(k)[:40]: v[:400] for k, v in kept.items() if isinstance(v, str)} if isinstance(kept, dict) else {}
        if content.get("lang") in LANGS:  # (the language this browser's reader chose last; else the default)
            LANG.lang = content["lang"]
        for handler in self._on_hello:
            handler(room, page, dict(list(tokens.items())[:KEEP_ROOMS]))


class RoomTable(TableView):
    """A room's table on one device: ``seat`` the seat its ``token`` holds (``None``: the projector's
    table, drawn from the public view: no hand, no sealed bid, no choices).  Moves go to the service;
    :meth:`reload` brings the position up to date."""

    def __init__(self, service: RoomService, code: str, token: str | None, seat: int | None) -> None:
        self.service, self.code, self.token, self.seat = service, code, token, seat
        game, self.at = service.position_at(code)
        """The number of the room's records the position drawn stands at (the ``at`` of this device's move)."""
        mine = set() if seat is None else {seat}
        session = Session(lambda: game, humans=mine, bots={})
        super().__init__(session, hands=set(mine), hints="always", controls=False, panel_first=True)
        self.add_class("iex-room-table")
        if seat is None:  # the table a teacher puts on the projector: large print from the start (the
            # board's own switch turns it off; the reader's choice for their own tables is left alone)
            self.table.projector = True

    def reload(self) -> None:
        """The room's position as stored now, drawn again."""
        self.session.game, self.at = self.service.position_at(self.code)
        self.refresh()

    def refresh(self) -> None:
        super().refresh()
        why = None if self.seat is None else undo_refusal(self.session.game, self.seat)
        self.undo_button.disabled = why is not None  # (its tooltip says why)
        self.undo_button.tooltip = RoomError(why, code=self.code).text(self.lang) if why else None

    def decider(self) -> int | None:
        """The seat this device plays (its hand is drawn whether or not it decides now)."""
        return None if self.seat is None or self.session.game.is_over() else self.seat

    def act(self, action: Any) -> bool:
        """This seat's move, through the service: refused with the referee's reason, or with the sentence
        that the table moved on (and the new position drawn)."""
        return self._through(lambda: self.service.move(self.code, self.token or "", action, self.lang, at=self.at))

    def undo(self) -> None:
        """Take back this seat's last move, through the service (every device then sees it taken back);
        refused with the reason (:meth:`RoomService.undo`)."""
        self._through(lambda: self.service.undo(self.code, self.token or "", at=self.at))

    def _through(self, call: Callable[[], object]) -> bool:
        """``call`` the service, then draw the room's position as stored: a refusal or fault is said."""
        lang = self.lang
        said = ""
        self.selected = None
        try:
            call()
        except IllegalActionError as refusal:
            said = message_html(ui("refused", lang, r=str(refusal)), "refused")
        except MovedOn as moved:
            said = message_html(moved.text(lang))
        except RoomError as refused:
            said = message_html(refused.text(lang), "refused")
        try:
            self.reload()
        except StoreError as fault:  # (the store cannot be read now: the position drawn stays, and is said)
            said = said or message_html(fault.text(lang), "refused")
        self.message.value = said
        return not said

    def _draw_decision(self, lang: str) -> None:
        g = self.session.game
        self.bid_inputs = {}
        if g.is_over():
            result = self.kit.result(g, lang)
            self.prompt.value = (
                f"<b>{escape(ui('over', lang))}</b>"
                + (f"<div><b>{escape(result['headline'])}</b></div>" if result["headline"] else "")
                + result["chart"]
            )
            replace_children(self.options, [])
            return
        if not self.session.waiting_humans():
            names = ", ".join(self.seat_name(d, lang) for d in g.deciders())
            self.prompt.value = f'<div class="iex-room-waiting">{escape(word("waiting", p=names))}</div>'
            self.rule_below("")
            replace_children(self.options, [])
            return
        super()._draw_decision(lang)


class RoomScreen:
    """A room's screen (its code and link or its bar, the seats, the buttons): built when the page first
    shows a room, not with the new-game screen (most pages never open one)."""

    def __init__(self, guard: Callable[[Callable[..., Any]], Callable[..., Any]], panel: RoomPanel) -> None:
        self.head = w.HTML()
        self.head.add_class("iex-room-head")
        self.seat_box = w.VBox()
        self.seat_box.add_class("iex-room-seats")
        self.start_button = button("", button_style="success")
        self.start_button.add_class("iex-room-start")
        self.start_button.on_click(guard(lambda _b: panel.start()))
        self.close_button = button("", button_style="danger")
        self.close_button.add_class("iex-room-close")
        self.close_button.on_click(guard(lambda _b: panel.close()))
        self.table_button = button("")
        self.table_button.add_class("iex-room-show-table")
        self.table_button.on_click(guard(lambda _b: panel.show_table()))
        self.leave_button = button("")
        self.leave_button.add_class("iex-room-leave")
        self.leave_button.on_click(guard(lambda _b: panel.leave()))
        self.note = w.HTML()
        self.buttons = w.HBox(
            [self.start_button, self.close_button, self.table_button, self.leave_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        self.screen = w.VBox()
        self.screen.add_class("iex-room")
        self.style = w.HTML(ROOM_STYLE)
        self.relabel()

    def relabel(self) -> None:
        self.start_button.description = word("start")
        self.close_button.description = word("close")
        self.table_button.description = word("table")
        self.leave_button.description = word("leave")


class RoomPanel:
    """The rooms' part of the app: a row on the new-game screen (open a room, join one by code), and
    the room's screens shown in the app's ``screen``: its seats (the lobby), a seat's table, the table
    for the projector.  ``app``: the :class:`~.app.PlayApp` (its ``screen``, ``message``, the settings of
    its new-game screen through ``chosen_table``, and ``show_setup``)."""

    def __init__(self, app: Any, service: RoomService | None = None) -> None:
        self.app = app
        self._service = service
        self.link = RoomLink()
        self.link.on_hello(self._guard(self.hello))
        self.page = ""
        self.tokens: dict[str, dict[str, str]] = {}  # code -> {"seat": token, "opener": token}
        self.code: str | None = None
        self.seat: int | None = None
        self.room: Room | None = None
        self.version = -1
        self.view = ""  # "lobby", "seat", "table" (empty: no room shown)
        self.table: RoomTable | None = None
        self.following = False
        self.fault = False  # (a store fault is said on the page)
        self.open_button = button("", button_style="primary")
        self.open_button.add_class("iex-room-open")
        self.open_button.on_click(self._guard(lambda _b: self.open_room()))
        self.code_entry = w.Text(layout=w.Layout(width="170px"))
        self.code_entry.add_class("iex-room-code-entry")
        self.join_button = button("")
        self.join_button.add_class("iex-room-join")
        self.join_button.on_click(self._guard(lambda _b: self.join(self.code_entry.value)))
        self.setup_note = w.HTML()
        self.join_label = w.HTML()
        self.setup_row = w.HBox(
            [self.open_button, self.join_label, self.code_entry, self.join_button, self.setup_note],
            layout=w.Layout(flex_flow="row wrap", align_items="center", margin="10px 0 0 0"),
        )
        self.setup_row.add_class("iex-room-row")
        on_language(self.setup_row, self.relabel)
        self.relabel()

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        return self.app._guard(fn)

    @cached_property
    def ui(self) -> RoomScreen:
        """The room's screen, made when a room is first shown."""
        return RoomScreen(self._guard, self)

    @property
    def service(self) -> RoomService:
        """The rooms' store (``$IMPORTEXPORT_ROOMS`` or the default file), opened when first needed."""
        if self._service is None:
            self._service = RoomService()
        return self._service

    def say(self, text: str, kind: str = "info") -> None:
        self.app.message.value = message_html(text, kind) if text else ""

    # --- the browser's part -----------------------------------------------------------------

    def hello(self, room: str, page: str, kept: dict[str, str]) -> None:
        """The page is drawn: its address, the rooms this browser holds tokens for, and the room its
        address names (shown at once: its seats, or this device's seat in it)."""
        self.page = page
        for code, text in kept.items():
            try:
                held = json.loads(text)
            except ValueError:
                continue
            if isinstance(held, dict):
                self.tokens[code] = {k: v for k, v in held.items() if k in ("seat", "opener") and isinstance(v, str)}
        if room and self.view == "" and self.app.session is None:
            self.join(room)

    def keep(self, code: str) -> None:
        """Store the tokens this device holds for ``code`` in the browser."""
        held = self.tokens.get(code, {})
        self.link.keep = {"code": code, "value": json.dumps(held) if held else ""}

    # --- the new-game screen ----------------------------------------------------------------

    def open_room(self) -> None:
        """Open a room with the new-game screen's settings (each person's seat free for a device)."""
        chosen = self.app.chosen_table()
        if chosen is None:
            return
        game, roles, options = chosen
        seats = [PERSON if r == "human" else r for r in roles]
        try:
            opened = self.service.open(game, options, seats)
        except RoomError as e:
            self.say(e.text(LANG.lang), "refused")
            return
        self.tokens[opened.code] = {"opener": opened.opener}
        self.keep(opened.code)
        self.enter(opened.code)

    def join(self, typed: str) -> None:
        """A code typed (any case, spaces or dashes) or named by the link: the room's seats."""
        try:
            code = normal_code(typed)
            self.service.room(code)
        except RoomError as e:
            self.say(e.text(LANG.lang), "refused")
            return
        self.enter(code)

    # --- a room -----------------------------------------------------------------------------

    def enter(self, code: str) -> None:
        """Show room ``code``: this device's seat if it holds one in a game under way, else the seats."""
        self.say("")
        self.code, self.seat, self.version = code, self.held_seat(code), -1
        self.link.address = code
        self.view = "lobby"
        self.update()
        self.follow()

    def held_seat(self, code: str) -> int | None:
        """The seat this browser's token holds in room ``code`` (a forged or stale token holds none: said,
        and the browser forgets it)."""
        token = self.tokens.get(code, {}).get("seat")
        if token is None:
            return None
        try:
            return self.service.seat_of(code, token)
        except SeatRefused as refused:
            self.say(refused.text(LANG.lang), "refused")
            self.tokens[code].pop("seat", None)
            self.keep(code)
            return None

    @property
    def game(self) -> str | None:
        """The game of the room shown (the page's title names it), or ``None``."""
        return self.room.game if self.code is not None and self.room is not None else None

    @property
    def opener(self) -> str | None:
        return self.tokens.get(self.code or "", {}).get("opener")

    def update(self) -> None:
        """The room as stored now, on whichever screen is up (a bot asked to move is run here: any
        device's kernel may run the room's bots, each move is stored once)."""
        if self.code is None:
            return
        try:
            room = self.service.room(self.code)
        except RoomError as e:
            self.trouble(e)
            return
        if self.fault:  # (the store answers again)
            self.fault = False
            self.say("")
        shown = self.game
        self.room, self.version = room, room.version
        if self.game != shown:  # (the page's title names the room's game)
            self.app.relabel()
        try:
            if self.view == "lobby" and room.state != "open" and self.seat is not None:
                self.show_seat()
            elif self.view == "lobby":
                self.draw_lobby()
            elif self.table is not None:
                self.table.reload()
        except StoreError as fault:
            self.trouble(fault)
            return
        if room.state == "playing":  # (after the redraw: the move is seen first; a bot asked next moves
            # from the kernel of the device whose move came before, or, if that one is gone, from here)
            self.later(self.run_bots, BOT_STANDBY)

    def later(self, fn: Callable[[], None], delay: float = 0.0) -> None:
        """``fn`` after ``delay`` seconds on the kernel's event loop (at once outside a kernel)."""
        loop = kernel_loop()
        if loop is None:
            fn()
        else:
            loop.call_later(delay, self._guard(fn))

    def run_bots(self) -> None:
        """The room's bots, if one is asked now (any device's kernel may run them: each bot move is
        stored once); the page follows their moves as it follows anyone's."""
        if self.code is None:
            return
        try:
            if self.service.bot_seats(self.code) and self.service.run_bots(self.code):
                self.update()
        except RoomError as e:
            self.trouble(e)

    def trouble(self, error: RoomError) -> None:
        """A refusal or fault while following the room: a store that cannot be reached or is busy is said
        and the screen stays as it is (the room is safe in the store: the next change brings the page up
        to date); a room that is gone is :meth:`ended`."""
        if isinstance(error, StoreError):
            self.fault = True
            self.say(error.text(LANG.lang), "refused")
        else:
            self.ended(error)

    def ended(self, error: RoomError) -> None:
        """The room is gone (closed, expired, unknown): said, and the seats' screen shows it (a store that
        cannot be reached is :meth:`trouble`'s, which keeps the screen)."""
        self.say(error.text(LANG.lang), "refused")
        if self.view != "lobby":
            self.view = "lobby"
            self._drop_table()
        self.room = None
        self.draw_lobby()

    def draw_lobby(self) -> None:
        """The room's code (large, for a projector), its link, its seats and what this device may do."""
        lang = LANG.lang
        code = self.code or ""
        room = self.room
        url = f"{shared_page(self.page)}?room={code}"
        self.ui.head.value = (
            f'<div class="iex-room-label">{escape(word("code"))}</div>'
            f'<div class="iex-room-code">{escape(code)}</div>'
            f'<div class="iex-room-link">{escape(word("link"))} <a href="{escape(url)}">{escape(url)}</a></div>'
        )
        rows: list[w.Widget] = []
        if room is not None:
            kit = table_kit(room.game)
            for s in room.seats:
                name = kit.seat_name(s.seat, lang)
                if s.kind != PERSON:
                    text = word("seat_bot", p=name, b=bot_name(s.kind, lang))
                elif s.seat == self.seat:
                    text = word("seat_mine", p=name)
                else:
                    text = word("seat_taken" if s.taken else "seat_free", p=name)
                label = w.HTML(f'<div class="iex-room-seat-name">{escape(text)}</div>')
                parts: list[w.Widget] = [label]
                if room.state == "open" and s.kind == PERSON and not s.taken and self.seat is None:
                    take = button(word("take"), button_style="info")
                    take.add_class(f"iex-room-take-{s.seat}")
                    take.on_click(self._guard(lambda _b, seat=s.seat: self.take(seat)))
                    parts.append(take)
                row = w.HBox(parts, layout=w.Layout(align_items="center"))
                row.add_class(f"iex-room-seat-{s.seat}")
                rows.append(row)
            free = len(room.free())
            state = word("free", n=free) + " " + word("wait_start") if room.state == "open" else word("started")
            self.ui.note.value = f'<div class="iex-room-note">{escape(state)}</div>'
        replace_children(self.ui.seat_box, rows)
        mine = self.opener is not None and room is not None
        self.ui.start_button.layout.display = None if mine and room is not None and room.state == "open" else "none"
        self.ui.close_button.layout.display = None if mine else "none"
        self.ui.table_button.layout.display = None if room is not None and room.state != "open" else "none"
        self._show([self.ui.head, self.ui.seat_box, self.ui.note, self.ui.buttons])

    def _show(self, children: list[w.Widget]) -> None:
        self.ui.screen.children = [self.ui.style, *children]
        self.app.screen.children = [self.ui.screen]

    def take(self, seat: int) -> None:
        assert self.code is not None
        try:
            seat, token = self.service.take_seat(self.code, seat)
        except RoomError as e:
            self.say(e.text(LANG.lang), "refused")
            self.update()
            return
        self.tokens.setdefault(self.code, {})["seat"] = token
        self.keep(self.code)
        self.seat = seat
        self.say("")
        self.update()

    def start(self) -> None:
        assert self.code is not None
        try:
            self.service.start(self.code, self.opener or "")
        except RoomError as e:
            self.say(e.text(LANG.lang), "refused")
        self.update()

    def close(self) -> None:
        assert self.code is not None
        code = self.code
        try:
            self.service.close(code, self.opener or "")
        except RoomError as e:
            self.say(e.text(LANG.lang), "refused")
            return
        self.tokens.pop(code, None)
        self.keep(code)
        self.leave()
        self.say(word("closed_now", code=code))

    def leave(self) -> None:
        """Back to the new-game screen (the seat stays this device's: the link brings it back)."""
        self.code, self.view, self.room = None, "", None
        self.link.address = ""
        self._drop_table()
        self.say("")
        self.app.show_setup()

    def _drop_table(self) -> None:
        if self.table is not None:
            retire(self.table)
            self.table = None

    def show_seat(self) -> None:
        """This device's seat: its hand, its decision, the table as its seat sees it."""
        assert self.code is not None and self.seat is not None
        self._drop_table()
        self.view = "seat"
        self.say("")
        token = self.tokens.get(self.code, {}).get("seat")
        self.table = RoomTable(self.service, self.code, token, self.seat)
        self.app.style_for(self.table.kit.GAME)
        self.table.on_change = self._after_move
        self._draw_head()
        self.table.undo_button.add_class("iex-room-undo")
        self._show([self.ui.head, self.table, w.HBox([self.table.undo_button, self.ui.table_button, self.ui.leave_button])])

    def show_table(self) -> None:
        """The projector's table: no hand and no sealed bid of any seat, no choices."""
        assert self.code is not None
        self._drop_table()
        self.view = "table"
        self.say("")
        self.table = RoomTable(self.service, self.code, None, None)
        self.app.style_for(self.table.kit.GAME)
        self._draw_head()
        self._show([self.ui.head, self.table, w.HBox([self.ui.leave_button])])

    def _draw_head(self) -> None:
        lang = LANG.lang
        code = self.code or ""
        if self.view == "seat" and self.room is not None and self.seat is not None:
            said = word("you_play", code=code, p=table_kit(self.room.game).seat_name(self.seat, lang))
            self.ui.head.value = (
                f'<div class="iex-room-bar"><b>{escape(said)}</b> '
                f'<span class="iex-room-small">{escape(word("undo_rule"))}</span></div>'
            )
        else:
            self.ui.head.value = (
                f'<div class="iex-room-bar"><span class="iex-room-code iex-room-code-small">{escape(code)}</span> '
                f"<b>{escape(word('table_of', code=code))}</b></div>"
            )
        self.ui.table_button.layout.display = None

    def _after_move(self) -> None:
        """After this device's table is redrawn: a bot asked next moves (run in this kernel)."""
        if self.code is None or self.view != "seat" or self.table is None:
            return
        g = self.table.session.game
        room = self.room
        if room is not None and not g.is_over() and any(room.seats[d].kind != PERSON for d in g.deciders()):
            self.later(self.run_bots)

    # --- following the room -------------------------------------------------------------------

    def follow(self) -> None:
        """Wait for the room's changes on the kernel's own event loop (none outside a kernel: tests call
        :meth:`update`)."""
        loop = kernel_loop()
        if loop is None or self.following:
            return
        self.following = True
        loop.create_task(self._follow())

    async def _follow(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self.code is not None:
                code, seen = self.code, self.version
                try:
                    now = await loop.run_in_executor(None, self.service.wait, code, seen, 1.0)
                except RoomError:
                    await asyncio.sleep(1.0)
                    continue
                if self.code == code and (now > self.version or self.fault):
                    self.version = now  # (a room found closed is said once, not redrawn in a loop)
                    self._guard(self.update)()
        finally:
            self.following = False

    # --- language -----------------------------------------------------------------------------

    def relabel(self) -> None:
        self.link.lost = word("lost")
        self.link.lang = LANG.lang  # (the browser keeps it for its next page)
        self.open_button.description = word("open")
        self.open_button.tooltip = word("open_note")
        self.join_label.value = f'<div style="font-size:15px;margin:0 8px 0 24px"><b>{escape(word("join"))}</b></div>'
        self.code_entry.placeholder = word("code_hint")
        self.join_button.description = word("join_go")
        if "ui" in vars(self):  # (a room's screen, once built)
            self.ui.relabel()
        if self.view == "lobby":
            self.draw_lobby()
        elif self.view in ("seat", "table"):
            self._draw_head()


def bot_name(kind: str, lang: str) -> str:
    """A bot's name in ``lang`` (the new-game screen's words)."""
    from .app import BOT_WORDS

    return BOT_WORDS.get(kind, {}).get(lang, kind)
