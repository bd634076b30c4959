"""A live table: the game drawn, the hand as buttons, a panel for the decision the engine asks for,
the refusal reason when a move is not allowed, the narrated log, and Step / Undo / Restart.

Everything goes through a :class:`~importexport.session.Session`, i.e. through ``legal_actions()``
and ``apply()``; the widget adds no rule of its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import ipywidgets as w

from ..errors import IllegalActionError
from ..protocol import TableKit, table_kit
from ..session import Session
from .board import Board
from .common import Confirm, button, guarded, markdown, message_html, ui
from .lang import LANG, language_switch, on_language, replace_children

Action = Any  # a choice of the game at the table
UNDO_REFUSALS = {"nothing": "nothing_to_undo", "other": "undo_other", "revealed": "undo_revealed"}
MAX_BUTTONS = 10
LOG_LINES = 40  # the log shows this many newest lines (all of them on request)  # more options of one kind than this go into a drop-down list
MAX_BUTTONS_PROJECTOR = 2
"""In the app in projector mode: more choices of one kind than this go into a drop-down list."""
LINE_PX = 1240
"""The width of the app's line of choices, in pixels, at a 1280 pixels wide window; in projector mode the
choices keep to that one line above the table (docs/app.md): when their buttons and lists would not fit
it, every choice goes into one drop-down list."""


def text_px(text: str, px: float = 7.2) -> float:
    """About how wide ``text`` is in the app's buttons, a little more than most (15 px Arial: 6.4 to 7.4
    px a character, German the widest), or with ``px`` 10 who decides (17 px bold)."""
    return len(text) * px


def kernel_loop() -> Any:
    """The running event loop of the Jupyter kernel this code runs in, or ``None`` outside a kernel (a test,
    a script): another library's loop that happens to be running in this thread (Playwright's sync API
    keeps one) never runs the table's timers."""
    import asyncio

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    from IPython import get_ipython

    shell = get_ipython()
    return loop if shell is not None and getattr(shell, "kernel", None) is not None else None


class TableView(w.VBox):
    """The table of a :class:`Session`, with controls for the people at it.

    ``hands``: whose hands are drawn face up (``None``: all, as suits a lesson).  ``hints``:
    "always", "first" (each rule's hint once) or "off".  ``on_act``: called instead of
    ``session.act`` for a person's move (exercises grade the move there).  ``panel_first``: the
    decision above the table (the app) instead of below it (the chapters).  ``more_buttons``: widgets
    that stand after Undo and Restart (the app's Save).  ``focus``: a chapter's table, one screen
    (docs/tutor.md): the board fits the window below the box of what to do, which the page keeps in
    view after each click; ``land``: the chapter's first table, brought into view once when drawn.
    """

    EXAMPLE_BOX = True
    """Whether a focused table with an example (a ``script``) has Step ▶ / ◀ in a box above the board."""

    def __init__(
        self,
        session: Session,
        caption: dict[str, str] | None = None,
        hands: set[int] | None = None,
        hints: str = "always",
        controls: bool = True,
        switch: bool = False,
        on_act: Callable[[Action], None] | None = None,
        on_change: Callable[[], None] | None = None,
        panel_first: bool = False,
        confirm: bool = False,
        pace: float = 0.0,
        more_buttons: list[w.Widget] | None = None,
        focus: bool = False,
        land: bool = False,
    ) -> None:
        super().__init__(layout=w.Layout(width="100%"))
        self.add_class("iex-table-view")
        self.session = session
        self.caption = caption
        self.hands = hands
        self.hints = hints
        self.on_act = on_act
        self.on_change = on_change
        self.seen_hints: set[str] = set()
        self.focus, self.land = focus, land
        self.acted = 0  # the reader's clicks so far: the page brings a focused table into view after each
        self.click_seconds: list[float] = []
        self.selected: list[Action] | None = None  # the moves a clicked card allows, when several
        self.caption_html = w.HTML()
        self.caption_html.add_class("iex-caption")
        self.table = Board()
        self.last_picture: dict | None = None
        self.prompt = w.HTML()
        self.hint_below = w.HTML(layout=w.Layout(display="none"))  # (a fitted table: the rule in play below it)
        self.hint_below.add_class("iex-fit-below")  # (the fitted table leaves it room in the window: board.js)
        self.options = w.VBox()
        self.message = w.HTML()
        self.log_box = w.HTML()
        self.ask_first = confirm
        self.pace = pace
        self.animating = False
        self.skip_button = button("", button_style="warning")
        self.skip_button.add_class("iex-skip")
        self.skip_button.layout.display = "none"
        self.confirm = Confirm()
        self.whole_log = False
        self.log_button = button("")
        self.log_button.add_class("iex-log-all")
        self.step_button = button("")
        self.play_on_button = button("")  # (at an example's end, instead of Step: the table goes on as a game)
        self.play_on_button.layout.display = "none"
        self.back_button = button("")
        self.undo_button = button("")
        self.restart_button = button("")
        self.bid_inputs: dict[int, w.Password] = {}
        for widget, css in ((self.table, "iex-table"), (self.prompt, "iex-prompt"), (self.message, "iex-refusal"),
                            (self.step_button, "iex-step"), (self.play_on_button, "iex-play-on"),
                            (self.back_button, "iex-step-back"), (self.undo_button, "iex-undo"),
                            (self.restart_button, "iex-restart"), (self.log_box, "iex-log")):
            widget.add_class(css)
        self.table.on_click(self._guard(self.click))
        self.log_button.on_click(self._guard(lambda _b: self.toggle_log()))
        self.skip_button.on_click(self._guard(lambda _b: self.skip()))
        self.step_button.on_click(self._guard(lambda _b: self.step()))
        self.play_on_button.on_click(self._guard(lambda _b: self.step()))
        self.back_button.on_click(self._guard(lambda _b: self.step_back()))
        self.undo_button.on_click(self._guard(lambda _b: self.undo()))
        self.restart_button.on_click(self._guard(lambda _b: self.ask_restart()))
        if not session.script:  # stepping back is for going through an example; a game has Undo
            self.back_button.layout.display = "none"
        self.more_buttons = list(more_buttons or [])  # (the app's Save stands with Undo and Restart)
        bar: list[w.Widget] = [self.skip_button, self.back_button, self.step_button, self.play_on_button, self.undo_button,
                               self.restart_button, *self.more_buttons]
        if switch:
            bar.append(language_switch())
        buttons = [w.HBox(bar)] if controls else []
        self.side_by_side = panel_first
        if panel_first:  # a game screen: what to decide on top, the table below it; the groups of choices
            # stand side by side, and the buttons at the end of their last line, while they fit (each
            # line saved above the table is one more of it in view)
            self.options.layout.display = "contents"
            for box in buttons:
                box.layout.margin = "0 0 0 auto"
            self.buttons = buttons
            self.line = w.Box([self.options, *buttons], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
            self._arrange()
            # in projector mode the table in large print fits the window below the decision (docs/app.md):
            # who decides heads the line of choices, the rule in play moves below the table, and many
            # choices of one kind share a drop-down list
            self.table.observe(self._guard(self._projector_changed), names="projector")
        else:  # a lesson: the position first, then what to do about it
            self.children = [self.caption_html, self.table, self.prompt, self.options, self.message, self.confirm,
                             *buttons, self.log_box, self.log_button]
            self.table.observe(self._guard(self._lesson_projector), names="projector")
        self.example_text: w.HTML | None = None  # (a worked example's box only: see _example_layout)
        self.example_box: w.VBox | None = None
        if focus:
            self.add_class("iex-focus")
            if session.script and self.EXAMPLE_BOX and not panel_first:
                self._example_layout(buttons)
        on_language(self, self.refresh)
        self.refresh()

    def _guard(self, fn: Callable[..., object]) -> Callable[..., object]:
        """``fn`` as a callback of the reader's: its errors shown, and counted as a click (:attr:`acted`)."""
        shown = guarded(self.message)(fn)

        def clicked(*args: Any, **kwargs: Any) -> object:
            self.acted += 1
            return shown(*args, **kwargs)

        return clicked

    def _example_layout(self, buttons: list[w.Widget]) -> None:
        """A worked example's box above the board: the move Step plays next (or that the example is over),
        the answer to a click, and ◀ Step back, Step ▶, Play on; Undo and Restart stay below."""
        self.example_text = w.HTML()
        self.example_text.add_class("iex-guide-text")
        bar = w.HBox([self.back_button, self.step_button, self.play_on_button], layout=w.Layout(flex_flow="row wrap"))
        self.example_box = w.VBox([self.example_text, self.message, bar])
        self.example_box.add_class("iex-guide")
        self.example_box.add_class("iex-example")
        for box in buttons:
            box.children = [b for b in box.children if b not in bar.children]
        self.children = [self.caption_html, self.example_box,
                         *[c for c in self.children if c not in (self.caption_html, self.message)]]

    def _lesson_projector(self, _change: object) -> None:
        """A lesson's table in projector mode: its box, hints and log in large print with the board."""
        (self.add_class if self.table.projector else self.remove_class)("iex-big")
        self._draw_board(self.lang)  # (a focused table is brought into view again, in its new size)

    @property
    def lang(self) -> str:
        return LANG.lang

    @property
    def kit(self) -> TableKit:
        """What this game's table needs beyond the protocol (its picture, what clicks mean, ...)."""
        return self.session.kit

    def seat_name(self, seat: int, lang: str) -> str:
        return self.kit.seat_name(seat, lang)

    # --- actions --------------------------------------------------------------------------

    def act(self, action: Action) -> bool:
        """A person's move; a refusal is shown with its reason (and changes nothing).

        ``click_seconds`` keeps, per accepted move, the time from the click to the redrawn view,
        without the time bots spent answering.
        """
        started = time.perf_counter()
        self.session.last_bot_seconds = 0.0
        self.session.lang = self.lang
        try:
            if self.on_act is not None:
                self.on_act(action)
            else:
                self.session.act(action, bots=self.bots_answer(action))
        except IllegalActionError as refusal:
            self.selected = None
            self.refresh()
            self.message.value = message_html(ui("refused", self.lang, r=str(refusal)), "refused")
            return False
        self.selected = None
        self.message.value = ""
        self.refresh()
        self.click_seconds.append(time.perf_counter() - started - self.session.last_bot_seconds)
        self.show_bots()
        return True

    def bots_answer(self, action: Action) -> bool:
        """Whether the bots answer a person's ``action`` at once (else one by one, see :meth:`show_bots`)."""
        return self.pace <= 0

    @property
    def point(self) -> Action | None:
        """The move the table points at (a guided lesson's next step); ``None``: nothing."""
        return None

    # --- bots' moves, one by one ------------------------------------------------------------

    def show_bots(self) -> None:
        """Let the bots answer one move at a time, ``pace`` seconds apart, each move highlighted;
        Skip plays the rest at once.  (Without a running event loop, e.g. in tests, they answer at once.)"""
        if self.pace <= 0 or self.animating or not self.session.waiting_bots():
            return
        self.animating = True
        self.skip_button.layout.display = None
        self.skip_button.description = ui("skip", self.lang)
        self.later(self.pace, self._bot_step)

    def later(self, delay: float, fn: Callable[[], None]) -> None:
        """Run ``fn`` after ``delay`` seconds on the kernel's event loop (the bots at once without one)."""
        loop = kernel_loop()
        if loop is None:
            self.skip()
            return
        loop.call_later(delay, self._guard(fn))

    def _bot_step(self) -> None:
        if not self.animating:
            return
        if self.session.bot_step() is None:
            self._stop_bots()
            return
        self.refresh()
        if self.session.waiting_bots() and not self.session.game.is_over():
            self.later(self.pace, self._bot_step)
        else:
            self._stop_bots()

    def skip(self) -> None:
        """Every bot move still to come, at once."""
        self.session.run_bots()
        self._stop_bots()

    def _stop_bots(self) -> None:
        self.animating = False
        self.skip_button.layout.display = "none"
        self.refresh()

    def refresh_table_only(self) -> None:
        """Redraw only the table (hands shown as ``hands`` says now)."""
        self._draw_board(self.lang)

    def decider(self) -> int | None:
        """The person whose decision the table shows now (``None``: nobody's)."""
        humans = self.session.waiting_humans() if not self.session.game.is_over() else []
        return humans[0] if humans else None

    def click(self, what: str, ident: int) -> None:
        """A card, ship or contract clicked on the board, for the person deciding now: one move with
        it is made at once, several are offered, none explained."""
        seat = self.decider()
        if seat is None:
            self.message.value = message_html(ui("not_now", self.lang), "refused")
        else:
            self.click_for(seat, what, ident)

    def click_for(self, seat: int, what: str, ident: int) -> None:
        """What clicking card, ship or contract ``ident`` does for ``seat``."""
        kit, g, lang = self.kit, self.session.game, self.lang
        ways = kit.click_choices(g, seat, what, ident)
        name = kit.click_name(g, what, ident, lang)
        if len(ways) == 1:
            self.act(ways[0])
        elif ways:
            self.selected = ways
            self.refresh()
            self.message.value = message_html(ui("pick", lang, c=name))
        else:
            self.selected = None
            self.refresh()
            reason = kit.click_refusal(g, seat, what, ident, lang)
            said = ui("refused", lang, r=reason) if reason else ui("no_ship_move", lang, s=name)
            self.message.value = message_html(said, "refused")

    def bid(self, seat: int, text: str) -> bool:
        try:
            amount = int(text.strip())
        except ValueError:
            self.message.value = message_html(ui("not_number", self.lang), "refused")
            return False
        return self.act(self.kit.bid(seat, amount))

    def step(self) -> None:
        """The example's next move (or a bot's).  When the reader's own moves have made the example's
        next move impossible, say so and offer to go back to where the table left the example."""
        s = self.session
        s.lang = self.lang
        nxt = s.next_scripted()
        if nxt is not None and nxt not in s.game.legal_actions():
            lang = self.lang
            self.message.value = ""
            self.confirm.ask(ui("left_example", lang), ui("back_to_example", lang), ui("play_on", lang),
                             self._guard(self.back_to_example))
            return
        s.step()
        self.message.value = ""
        self.selected = None
        self.refresh()

    def step_back(self) -> None:
        """Take back the last move played, whoever played it: the example one move back."""
        if not self.session.can_step_back():
            self.message.value = message_html(ui("at_start", self.lang), "refused")
            return
        self.session.step_back()
        self.message.value = ""
        self.selected = None
        self.refresh()

    def back_to_example(self) -> None:
        """Take back the moves since the table left the example (to the last move the example shares)."""
        self.session.rewind(self.session.script_pos)
        self.selected = None
        self.refresh()
        self.message.value = message_html(ui("back_at_example", self.lang))

    def undo(self) -> None:
        why = self.session.undo_refusal(self.decider())
        if why is not None:
            self.message.value = message_html(ui(UNDO_REFUSALS[why], self.lang), "refused")
            return
        self.session.undo()
        self.message.value = ""
        self.selected = None
        self.refresh()

    def ask_restart(self) -> None:
        """Restart, asking first where that throws a game's moves away (``confirm``)."""
        if self.ask_first and self.session.marks:  # (a person has moved: something to lose)
            lang = self.lang
            self.confirm.ask(ui("sure_restart", lang), ui("yes_restart", lang), ui("keep_playing", lang),
                             self._guard(self.restart))
        else:
            self.restart()

    def restart(self) -> None:
        self.session.restart()
        self.session.lang = self.lang
        self.message.value = ""
        self.selected = None
        self.refresh()

    # --- drawing --------------------------------------------------------------------------

    def refresh(self) -> None:
        lang = self.lang
        s = self.session
        g = s.game
        g.lang = lang
        self.caption_html.value = f'<div style="font-size:max(16px,1.05em)">{markdown(self.caption[lang])}</div>' if self.caption else ""
        self._draw_board(lang)
        self.step_button.description = ui("step", lang)
        self.undo_button.description = ui("undo", lang)
        self.restart_button.description = ui("restart", lang)
        # Step goes through the example and stops at its end: from there only "Play on" lets the bots move
        over = bool(s.script) and s.next_scripted() is None and s.on_script()
        self.step_button.disabled = over or s.next_scripted() is None and not s.waiting_bots()
        self.play_on_button.description = ui("play_on_step", lang)
        self.play_on_button.layout.display = None if over and s.waiting_bots() else "none"
        self.back_button.description = ui("step_back", lang)
        self.back_button.disabled = not s.can_step_back()
        why = s.undo_refusal(self.decider())
        self.undo_button.disabled = why is not None  # (its tooltip says why)
        self.undo_button.tooltip = ui(UNDO_REFUSALS[why], lang) if why else None
        self._draw_decision(lang)
        self._draw_log(lang)
        if self.on_change is not None:
            self.on_change()

    def _draw_log(self, lang: str) -> None:
        """The log, newest line first: the latest lines, or (on request) the whole game's."""
        lines = self.session.game.narrate(lang)
        shown = lines if self.whole_log else lines[-LOG_LINES:]
        self.log_box.value = (f'<details open><summary><b>{escape(ui("log", lang))}</b></summary>'
                              f'<div style="max-height:190px;overflow:auto;font-size:max(14px,.95em)">'
                              + "".join(f"<div>{escape(x)}</div>" for x in reversed(shown)) + "</div></details>")
        self.log_button.layout.display = None if len(lines) > LOG_LINES else "none"
        self.log_button.description = ui("log_recent" if self.whole_log else "log_all", lang, n=len(lines))

    def toggle_log(self) -> None:
        self.whole_log = not self.whole_log
        self._draw_log(self.lang)

    def _draw_board(self, lang: str) -> None:
        kit = self.kit
        pic = kit.picture(self.session.game, lang, self.hands, self.decider(), self.point)
        pic["changed"] = kit.changes(self.last_picture, pic)
        pic["fit"] = self.side_by_side and kit.FITS_NORMAL  # (the board fits it to the window: board.js)
        if self.focus:  # (board.js: fitted below the box, brought into view after each of the reader's clicks)
            pic["focus"] = {"land": self.land, "seq": self.acted}
        if self.last_picture is not None and not pic["changed"] and self.last_picture.get("lang") == lang:
            pic["changed"] = self.last_picture["changed"]  # a redraw without a move keeps the last highlight
        self.last_picture = pic
        self.table.show(kit, pic)

    @property
    def fitted(self) -> bool:
        """Whether the board fits the table to the window below the decision (the app: Port Royal in
        projector mode, Import/Export always)."""
        kit = self.kit
        return self.side_by_side and kit.FITS_WINDOW and (bool(self.table.projector) or kit.FITS_NORMAL)

    @property
    def compact(self) -> bool:
        """The decision kept to one line above a table that fits the window (:attr:`fitted`)."""
        return self.fitted

    def _arrange(self) -> None:
        """A game screen's parts in their order: the decision, the table, the log (in projector mode
        who decides stands at the head of the line of choices, and the rule in play below the table)."""
        big = self.side_by_side and bool(self.table.projector)
        (self.add_class if big else self.remove_class)("iex-big")  # (the app's text in larger print too)
        if self.compact:
            self.prompt.layout.margin = "0 14px 0 0"
            self.line.children = [self.prompt, self.options, *self.buttons]
            self.children = [self.caption_html, self.line, self.message, self.confirm, self.table, self.hint_below,
                             self.log_box, self.log_button]
        else:
            self.prompt.layout.margin = None
            self.line.children = [self.options, *self.buttons]
            self.children = [self.caption_html, self.prompt, self.line, self.message, self.confirm, self.table,
                             self.log_box, self.log_button]

    def _projector_changed(self, _change: object) -> None:
        self._arrange()
        self._draw_decision(self.lang)

    def rule_below(self, html: str) -> None:
        """Show the rule in play below a fitted table (``""``: none, and no room kept for it)."""
        self.hint_below.value = html
        self.hint_below.layout.display = None if html else "none"

    def _draw_decision(self, lang: str) -> None:
        s = self.session
        g = s.game
        self.bid_inputs = {}
        self.rule_below("")
        if self.example_text is not None:
            self.example_text.value = ""
        if g.is_over():
            self.prompt.value = f"<b>{escape(ui('over', lang))}</b>"
            replace_children(self.options, [])
            return
        humans = s.waiting_humans()
        parts = []
        nobody = [d for d in g.deciders() if d not in s.humans and d not in s.bots]
        if not humans and nobody and s.next_scripted() is None:  # a lesson's table whose example is over
            self.prompt.value = f"<div>{escape(ui('example_ends', lang, p=self.seat_name(nobody[0], lang)))}</div>"
            if self.example_text is not None:
                self.example_text.value, self.prompt.value = self.prompt.value, ""
            replace_children(self.options, [])
            return
        hint = self.kit.hint(g, lang)
        if hint and (self.hints == "always" or (self.hints == "first" and hint[0] not in self.seen_hints)):
            key, chapter, text = hint
            self.seen_hints.add(key)
            if self.compact:
                self.rule_below(rule_html(chapter, text, lang, below=True))
            else:
                parts.append(rule_html(chapter, text, lang))
        nxt = s.next_scripted()
        example: list[str] = []
        if s.script and nxt is None and s.on_script() and self.point is None:  # (a guide says so itself)
            example.append(f"<div><b>{escape(ui('example_over', lang))}</b></div>")
        if nxt is not None and nxt in g.legal_actions() and self.point is None:
            example.append(f"<div>{escape(ui('script_next', lang, m=g.describe(nxt, lang)))}</div>")
        if self.example_text is not None:  # (said in the example's box, beside Step)
            self.example_text.value = "".join(example)
        else:
            parts = example + parts if nxt is None else parts + example
        if not humans:
            bots = s.waiting_bots()
            if bots:
                parts.append(f"<div>{escape(ui('waiting_bot', lang, p=self.seat_name(bots[0], lang)))}</div>")
            self.prompt.value = "".join(parts)
            replace_children(self.options, [])
            return
        who = ", ".join(self.seat_name(h, lang) for h in humans)
        parts.insert(0, f'<div style="font-size:max(17px,1.1em)"><b>{escape(ui("decides", lang, p=who, n=len(humans)))}</b></div>')
        self.prompt.value = "".join(parts)
        sealed = self.kit.sealed(g)
        if sealed is not None:  # every person bidding this round: a hidden entry, or "has bid"
            bidders = [b for b in sealed if b in s.humans]
            if self.hands is not None:  # people sharing one device bid one at a time, each behind the pass screen
                bidders = [b for b in bidders if b in self.hands]
            replace_children(self.options, [self._bid_row(seat, lang) for seat in bidders])
        else:
            if self.hands is not None and self.kit.PRIVATE_HANDS:  # a hidden hand's choices would show it
                humans = [h for h in humans if h in self.hands]
            choices = self.selected or [a for h in humans for a in g.legal_actions(h)]
            replace_children(self.options, self._option_rows(choices, lang))

    def _listed(self, a: Action, lang: str) -> str:
        """A choice as a drop-down list names it: what it does and the kit's short note."""
        return f"{self.session.game.describe(a, lang)} {self.kit.note(self.session.game, a, lang)[0]}".strip()

    def _one_line(self, groups: dict[str, list[Action]], lang: str, limit: int = MAX_BUTTONS_PROJECTOR) -> bool:
        """Whether the choices, as buttons (up to ``limit`` of a kind) and drop-down lists, fit the one
        line beside who decides and the buttons Step, Undo and Restart (a rough count of their widths)."""
        return self._line_px(groups, lang, limit) <= LINE_PX

    def _line_px(self, groups: dict[str, list[Action]], lang: str, limit: int = MAX_BUTTONS_PROJECTOR) -> float:
        """About how wide the line of ``groups`` is (see :meth:`_one_line`)."""
        who = ", ".join(self.seat_name(h, lang) for h in self.session.waiting_humans())
        n = len(self.session.waiting_humans())
        big = BIG if self.table.projector else 1.0
        used = text_px(ui("decides", lang, p=who, n=n), 10 * big) + 14
        used += sum(text_px(b.description, 7.2 * big) + 32 for b in (self.skip_button, self.back_button, self.step_button, self.play_on_button,
                                                          self.undo_button, self.restart_button)
                    if b.layout.display != "none")  # (a button: its label, padding and margins)
        used += sum(text_px(str(getattr(b, "label", "")), 7.2 * big) + 32 for b in self.more_buttons)
        for acts in groups.values():
            labels = [self._listed(a, lang) for a in acts]
            if len(acts) <= limit:
                used += sum(text_px(t, 7.2 * big) + 32 for t in labels) + 14
            else:
                used += min(520, max(text_px(t, 7.2 * big) for t in labels) + 40) + text_px(ui("do", lang), 7.2 * big) + 32 + 14
        return used

    def _option_rows(self, choices: list[Action], lang: str) -> list[w.Widget]:
        g = self.session.game
        kit = self.kit
        groups: dict[str, list[Action]] = {}
        for a in choices:
            groups.setdefault(a.kind, []).append(a)
        rows: list[w.Widget] = []
        compact = self.compact
        limit = MAX_BUTTONS_PROJECTOR if compact and self.table.projector else MAX_BUTTONS
        list_px = 520
        if compact and not self._one_line(groups, lang, limit):
            limit = MAX_BUTTONS_PROJECTOR  # (in normal mode: more than two of a kind share a list)
            if not self._one_line(groups, lang, limit):
                groups = {"": list(choices)}  # (one list of every choice: the decision keeps to one line)
                list_px = max(240, int(520 - max(0.0, self._line_px(groups, lang, limit) - LINE_PX)))  # (narrower if need be)
        for kind, acts in groups.items():
            if len(acts) <= limit and (kind or len(acts) == 1):
                buttons = []
                for a in acts:
                    short, why = kit.note(g, a, lang)
                    b = button(f"{g.describe(a, lang)} {short}".strip())
                    if kind in kit.FREE_KINDS:
                        b.button_style = "warning"
                    else:
                        b.button_style = "info"
                    b.add_class("iex-option")
                    if a == self.point:
                        b.add_class("iex-point")
                    if why:  # said before it is chosen: this card would be spent for nothing
                        b.tooltip = why
                        b.add_class("iex-no-effect")
                    b.on_click(self._guard(lambda _b, act=a: self.act(act)))
                    buttons.append(b)
                rows.append(w.HBox(buttons, layout=w.Layout(flex_flow="row wrap",
                                                            margin="0 14px 0 0" if self.side_by_side else None)))
            else:
                pick = w.Dropdown(options=[(self._listed(a, lang), i) for i, a in enumerate(acts)],
                                  layout=w.Layout(width="auto", max_width=f"{list_px}px") if compact else w.Layout(width="70%"))
                pick.add_class("iex-choice")
                go = button(ui("do", lang), button_style="info")
                go.add_class("iex-do")
                go.on_click(self._guard(lambda _b, acts=acts, pick=pick: self.act(acts[pick.value])))
                rows.append(w.HBox([pick, go], layout=w.Layout(margin="0 14px 0 0") if compact else w.Layout(width="100%")))
        return rows

    def _bid_row(self, seat: int, lang: str) -> w.Widget:
        g = self.session.game
        bids = [a.count for a in g.legal_actions(seat) if a.kind == "bid"]
        if not bids:
            return w.HTML(escape(ui("sealed", lang, p=self.seat_name(seat, lang))))
        entry = w.Password(placeholder="0", layout=w.Layout(width="90px"))
        entry.add_class("iex-bid")
        self.bid_inputs[seat] = entry
        seal = button(ui("seal", lang, p=self.seat_name(seat, lang)), button_style="info")
        seal.add_class("iex-seal")
        point = self.point
        if point is not None and point.kind == "bid" and point.player == seat:
            entry.add_class("iex-point")
            seal.add_class("iex-point")
        seal.on_click(self._guard(lambda _b: self.bid(seat, entry.value)))
        note = w.HTML(escape(ui("bid_hint", lang, p=self.seat_name(seat, lang), lo=min(bids), hi=max(bids))))
        note.add_class("iex-bid-note")
        if self.compact:  # (the decision keeps to one line: the note beside the entry)
            note.layout.margin = "0 8px 0 0"
            return w.HBox([note, entry, seal], layout=w.Layout(margin="0 14px 0 0", align_items="center"))
        return w.VBox([note, w.HBox([entry, seal])], layout=w.Layout(width="100%"))


def rule_html(chapter: int, text: str, lang: str, below: bool = False) -> str:
    """The rule in play, as a table shows it: with the decision, or (``below``) below a fitted table, its
    lines closer (each pixel it takes, the table gives up)."""
    box = "padding:2px 8px;margin:0;line-height:1.3" if below else "padding:3px 8px;margin:2px 0;line-height:1.45"
    return (f'<div class="iex-rule" style="background:#fff8d6;border-left:4px solid #e0b21b;{box}">'
            f'<b>{escape(ui("hint", lang, n=chapter))}:</b> {escape(text)}</div>')


APP_STYLE = """<style>
.iex-app .widget-html-content,.iex-app .widget-label,.iex-app select,.iex-app a{font-size:15px}
.iex-app .iex-big .widget-html-content{font-size:18px}
.iex-app .iex-setup-options .widget-html-content,.iex-app .iex-setup-note .widget-html-content{line-height:1.4}
.iex-app .iex-big .jupyter-button,.iex-app .iex-big select{font-size:17px !important}
</style>"""
"""The app's text around the board: none under 14 px (ipywidgets' own is 13 px), larger in projector
mode (a table in projector mode has the class ``iex-big``)."""
BIG = 17 / 15
"""How much wider the app's buttons are in projector mode (17 px text instead of 15 px)."""


def page_style(games: Iterable[str] | None = None, app: bool = True) -> str:
    """The stylesheet a page with tables loads once: the table kits' of ``games`` (the score charts, the
    panels around the board; the board brings its own; ``None``: every game's), and the app's
    (:data:`APP_STYLE`; ``app=False``: none)."""
    from ..protocol import GAMES

    return "".join(table_kit(g).STYLE for g in (GAMES.ids() if games is None else games)) + (APP_STYLE if app else "")
