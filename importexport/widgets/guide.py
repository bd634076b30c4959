"""A guided lesson on a live table: one small step at a time, and the table waits for the reader.

Each step says what to do; for the reader's own move (``do``) the board points at what to click
and the table waits; for the other players' moves (``show``) the reader presses *Next*.  After a
move the step says what it did, together with the next instruction.  Every click is answered in the
box above the board (the table's message stands there): a move the referee refuses with its reason,
a card with several uses with its uses to choose from, another legal move with "allowed, but not this
step's move" and *Play it anyway*; played anyway, the referee plays it (and the bots answer), the
guide says what happened instead, and offers to go back to the step or to play on.

The guide is the position's script (``Position.guide``, see ``docs/tutor.md``), so where the reader
is comes from the session alone: :meth:`Session.on_script` and how much of the script has been
played.  Nothing here is a rule: moves go through ``legal_actions()`` and ``apply()`` as everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as w

from ..catalog import Table
from ..session import Session
from ..tutor.chapter import Bi, GuideStep
from .common import button, markdown, ui
from .table import TableView

GUIDE_WORDS = Table("guide", {
    "count": "Step {i} of {n}",
    "done": "Guide done",
    "next": "Next ▶",
    "show_me": "Show me",
    "back": "◀ Back a step",
    "again": "Start the guide again",
    "off_head": "You played something else",
    "off_played": "You chose **{m}**; the guide asked for **{e}**. The referee allows your move and played it. "
        "This is what happened:",
    "off_nothing": "Nothing else happened yet.",
    "off_offer": "Go back to the step and try the guide's move, or play on from here on your own.",
    "go_back": "◀ Back to step {i}",
    "play_on": "Play on",
    "off_playing": "You are playing on your own; the guide waits at step {i}.",
    "rejoin": "Back to the guide",
    "go_on": "Play on ▶",
    "after_end": "The guide is done and you are playing on from where it ended.",
    "did": "Done: {m}.",
    "asks": "This step asks for **{e}**: click what is outlined in orange.",
    "clicked_refused": "You clicked **{c}**. The referee does not allow that: {r}",
    "clicked_other": "You clicked **{c}**. The referee allows a move with it, but not the one this step asks for.",
    "chose_other": "You chose **{m}**. The referee allows it, but it is not this step's move.",
    "anyway": "Play it anyway",
    "pick": "**{c}** can be used in several ways: choose one here.",
    "wait_next": "Nothing to click in this step: press **Next ▶** to see the other players' moves.",
    "off_more": ("… and {n} more line in the log below.", "… and {n} more lines in the log below."),
})
OFF_LINES = 4
"""The box after a move off the guide shows at most this many lines of what happened (the log has them all)."""


def gw(key: str, lang: str, **args: Any) -> str:
    return GUIDE_WORDS.format(key, lang, **args)


@dataclass(frozen=True)
class Deviation:
    """A move off the guide: where (history length before it), what was played and what was asked
    (described in both languages at the time, since the position has changed since), and how long
    the log was before it."""

    at: int
    played: dict[str, str]
    asked: dict[str, str]
    log_from: int


class GuidedTable(TableView):
    """A :class:`TableView` that teaches its position step by step (``steps``; ``end``: said when
    the last step is done).  Step / Step back give way to the guide's own Next / Back buttons."""

    EXAMPLE_BOX = False  # (the guide's box has the buttons)

    def __init__(self, session: Session, steps: list[GuideStep], end: Bi | None = None, **options: Any) -> None:
        self.steps = list(steps)
        self.end = end
        self.starts: list[int] = []
        n = 0
        for step in self.steps:
            self.starts.append(n)
            n += len(step.moves())
        self.total = n
        self.deviation: Deviation | None = None
        self.playing_on = False
        self.pending: Any | None = None  # a legal move off the guide, chosen and answered, not played yet
        self.guide_text = w.HTML()
        self.guide_text.add_class("iex-guide-text")
        self.guide_choices = w.VBox()  # the uses of a card clicked (the step's choice after a click)
        self.guide_choices.add_class("iex-guide-choices")
        self.guide_bar = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.guide_box = w.VBox([self.guide_text, self.guide_choices, self.guide_bar])
        self.guide_box.add_class("iex-guide")
        self.next_button = self._guide_button("iex-guide-next", self.next, "info")
        self.show_button = self._guide_button("iex-guide-show", self.show_me)
        self.back_step_button = self._guide_button("iex-guide-back", self.back)
        self.again_button = self._guide_button("iex-guide-again", self.again)
        self.return_button = self._guide_button("iex-guide-return", self.return_to_guide, "warning")
        self.on_button = self._guide_button("iex-guide-play-on", self.play_on)
        self.do_button = self._guide_button("iex-guide-do", self.do_it, "info")
        self.do_button.add_class("iex-point")
        self.anyway_button = self._guide_button("iex-guide-anyway", self.anyway)
        super().__init__(session, **options)
        self.add_class("iex-guided")
        self.step_button.layout.display = "none"
        self.back_button.layout.display = "none"
        # the box right above the board: what to do, the answer to every click (the table's message) and
        # the choice a click asks for, so that one look takes in the step, the table and the answer
        self.guide_box.children = [self.guide_text, self.message, self.guide_choices, self.guide_bar]
        kids = [c for c in self.children if c not in (self.caption_html, self.message)]
        self.children = [self.caption_html, self.guide_box, *kids]
        self.refresh()

    def _guide_button(self, css: str, fn: Any, style: str = "") -> w.Button:
        b = button("", button_style=style)
        b.add_class(css)
        b.on_click(lambda _b: self._guard(fn)())
        return b

    # --- where the reader is ------------------------------------------------------------------

    def on_guide(self) -> bool:
        return self.session.on_script()

    def step_index(self) -> int:
        """The step being taught (``len(steps)`` when every step is done)."""
        played = self.session.script_pos
        for i, start in enumerate(self.starts):
            if played < start + len(self.steps[i].moves()):
                return i
        return len(self.steps)

    @property
    def point(self) -> Any | None:
        """The reader's move the current step asks for, while the table is on the guide."""
        if not hasattr(self, "steps") or not self.on_guide():
            return None
        i = self.step_index()
        if i < len(self.steps) and self.steps[i].do is not None and self.session.script_pos == self.starts[i]:
            return self.session.next_scripted()
        return None

    def bots_answer(self, action: Any) -> bool:
        """On the guide, the guide plays the other players' moves; off it, the bots answer."""
        return action != self.session.next_scripted() and self.pace <= 0

    # --- moves ----------------------------------------------------------------------------------

    def act(self, action: Any, anyway: bool = False) -> bool:
        """The reader's move.  In a step that asks for a move, another legal move is first answered in the
        box (allowed, but not the step's) with *Play it anyway*; played anyway, the guide says what happened."""
        s = self.session
        point = self.point
        self.pending = None
        if point is not None and action != point and not anyway and action in s.game.legal_actions():
            self.pending = action
            self.selected = None
            self.refresh()
            self.message.value = self._answer([gw("chose_other", self.lang, m=s.game.describe(action, self.lang)),
                                               self._asks(point)])
            return False
        asked = s.next_scripted() if self.on_guide() else None
        at, log_from = len(s.game.history), len(s.game.log)
        texts = ({lang: s.game.describe(action, lang) for lang in ("en", "de")},
                 {lang: s.game.describe(asked, lang) for lang in ("en", "de")}) if asked is not None else None
        done = super().act(action)
        if done and asked is not None and texts is not None and action != asked:
            self.deviation = Deviation(at, texts[0], texts[1], log_from)
            self.playing_on = False
            self._draw_guide(self.lang)
        elif not done and point is not None:  # refused (a bid out of range): what the step asks for, too
            self.message.value += self._answer([self._asks(point)])
        return done

    def anyway(self) -> None:
        """Play the move off the guide the box answered (the guide then says what happened)."""
        if self.pending is not None:
            self.act(self.pending, anyway=True)

    def click(self, what: str, ident: int) -> None:
        """A click on the board, answered in the box: in a step the other players play, that *Next* shows
        their moves; otherwise as on every table (:meth:`click_for`)."""
        i = self.step_index()
        if self.on_guide() and i < len(self.steps) and self.steps[i].do is None:
            self.pending = None
            self.selected = None
            self.refresh()
            self.message.value = self._answer([gw("wait_next", self.lang)])
            return
        super().click(what, ident)

    def click_for(self, seat: int, what: str, ident: int) -> None:
        """A click in a step that asks for a move: the step's card is played (or its uses offered in the box);
        any other is answered in the box: what was clicked, why it is not the step's move (the referee's
        reason when it is not allowed at all), and what the step asks for."""
        point = self.point
        if point is None:
            super().click_for(seat, what, ident)
            return
        kit, g, lang = self.kit, self.session.game, self.lang
        ways = kit.click_choices(g, seat, what, ident)
        name = kit.click_name(g, what, ident, lang)
        self.pending = None
        if len(ways) == 1:
            self.act(ways[0])
            return
        self.selected = ways if point in ways else None
        self.refresh()
        if point in ways:
            self.message.value = self._answer([gw("pick", lang, c=name)])
            return
        if ways:
            said = gw("clicked_other", lang, c=name)
        else:
            reason = kit.click_refusal(g, seat, what, ident, lang) or ui("no_ship_move", lang, s=name)
            said = gw("clicked_refused", lang, c=name, r=reason)
        self.message.value = self._answer([said, self._asks(point)], "wrong")

    def _asks(self, point: Any) -> str:
        return gw("asks", self.lang, e=self.session.game.describe(point, self.lang))

    @staticmethod
    def _answer(parts: list[str], kind: str = "wrong") -> str:
        """The box's answer to a click (Markdown paragraphs)."""
        return f'<div class="iex-guide-answer iex-answer-{kind}">' + "".join(markdown(p) for p in parts) + "</div>"

    def next(self) -> None:
        """Play the rest of the current ``show`` step (the other players' moves)."""
        i = self.step_index()
        if not self.on_guide() or i >= len(self.steps):
            return
        end = self.starts[i] + len(self.steps[i].moves())
        while self.session.script_pos < end and self.session.next_scripted() is not None:
            self.session.step()
        self.message.value = ""
        self.selected = None
        self.refresh()

    def do_it(self) -> None:
        """The step's move, chosen from the box (for a move made in the panel, such as a declaration or
        a bid, the box offers it right under the instruction, so the reader need not look for it)."""
        if self.point is not None:
            self.act(self.point)

    def show_me(self) -> None:
        """Play the reader's move of the current step for them (a teacher demonstrating it)."""
        if self.point is not None:
            self.session.step()
            self.message.value = ""
            self.selected = None
            self.refresh()

    def back(self) -> None:
        """Back to the start of the current step, or of the one before if this one has not begun."""
        i = self.step_index()
        played = self.session.script_pos
        if i < len(self.steps) and played > self.starts[i]:
            target = self.starts[i]
        else:
            target = self.starts[i - 1] if i > 0 else 0
        self._rewind(target)

    def again(self) -> None:
        self._rewind(0)

    def return_to_guide(self) -> None:
        """Back from a move off the guide to the step it left."""
        self._rewind(self.session.script_pos)

    def play_on(self) -> None:
        """Leave the guide: after a move of one's own, or at its end (the bots take their turns)."""
        if self.on_guide():  # the guide is done: the bots play on until a person must decide
            self.session.run_bots(ignore_script=True)
            self.refresh()
            return
        self.playing_on = True
        self._draw_guide(self.lang)

    def _rewind(self, played: int) -> None:
        self.session.rewind(played)
        self.pending = None
        self.deviation = None
        self.playing_on = False
        self.message.value = ""
        self.selected = None
        self.refresh()

    # --- drawing --------------------------------------------------------------------------------

    def _draw_decision(self, lang: str) -> None:
        super()._draw_decision(lang)
        if self.on_guide() and not self.session.waiting_humans():
            self.prompt.value = ""  # the guide says what comes next (Next plays the other players' moves)
        if hasattr(self, "guide_choices"):  # the uses of the card clicked, right under the box's answer
            self.guide_choices.children = self._option_rows(self.selected, lang) if self.selected else []

    def refresh(self) -> None:
        super().refresh()
        if hasattr(self, "steps"):
            self._draw_guide(self.lang)

    def _draw_guide(self, lang: str) -> None:
        for b, key in ((self.next_button, "next"), (self.show_button, "show_me"), (self.again_button, "again"),
                       (self.return_button, "rejoin")):
            b.description = gw(key, lang)
        self.on_button.description = gw("go_on" if self.on_guide() else "play_on", lang)
        if self.on_guide():
            self.deviation = None
            self.playing_on = False
            self._draw_on_guide(lang)
        else:
            self._draw_off_guide(lang)

    def _draw_on_guide(self, lang: str) -> None:
        i = self.step_index()
        played = self.session.script_pos
        n = len(self.steps)
        parts: list[str] = []
        at_start = i == n or played == self.starts[i]
        before = self.steps[i - 1] if at_start and i > 0 else None
        if before is not None and before.then is not None:
            parts.append("✓ " + before.then(lang))
        elif before is not None and before.do is not None:  # what the reader's move did, said anyway
            parts.append("✓ " + gw("did", lang, m=self.session.game.describe(before.do.action(), lang)))
        if i == n:
            head = gw("done", lang)
            if self.end is not None:
                parts.append(self.end(lang))
            bar = [self.back_step_button, self.again_button]
            if self.session.waiting_humans() or self.session.waiting_bots():
                bar.append(self.on_button)  # the game goes on from here, against the bots
        else:
            head = gw("count", lang, i=i + 1, n=n)
            parts.append(self.steps[i].say(lang))
            bar = [self.back_step_button] if played > 0 else []
            point = self.point
            if point is not None and not any(self.kit.pointed(point).values()):  # made in the panel: offered here too
                self.do_button.description = self.session.game.describe(point, lang)
                bar.append(self.do_button)
            bar.append(self.next_button if self.steps[i].do is None else self.show_button)
            if self.pending is not None:
                self.anyway_button.description = gw("anyway", lang)
                bar.append(self.anyway_button)
        self.back_step_button.description = gw("back", lang)
        self.guide_box.remove_class("iex-guide-off")
        self._show(head, parts, bar)

    def _draw_off_guide(self, lang: str) -> None:
        i = min(self.step_index(), len(self.steps) - 1) if self.steps else 0
        self.return_button.description = gw("go_back", lang, i=i + 1)
        self.guide_box.add_class("iex-guide-off")
        dev = self.deviation
        g = self.session.game
        if self.session.script_pos >= self.total:
            self._show(gw("done", lang), [gw("after_end", lang)], [self.again_button])
            return
        if dev is not None and not self.playing_on and len(g.history) > dev.at:
            new = len(g.log) - dev.log_from
            events = g.narrate(lang, last=new) if new > 0 else []  # (only the lines since the move)
            happened = "\n".join(f"- {line}" for line in events[:OFF_LINES]) or gw("off_nothing", lang)
            if len(events) > OFF_LINES:  # (the box stays small: the rest is in the log)
                happened += "\n\n" + gw("off_more", lang, n=len(events) - OFF_LINES)
            parts = [gw("off_played", lang, m=dev.played[lang], e=dev.asked[lang]), happened, gw("off_offer", lang)]
            self._show(gw("off_head", lang), parts, [self.return_button, self.on_button])
        else:
            self.return_button.description = gw("rejoin", lang)
            self._show("", [gw("off_playing", lang, i=i + 1)], [self.return_button])

    def _show(self, head: str, parts: list[str], bar: list[w.Widget]) -> None:
        body = "".join(markdown(p) for p in parts)
        if head:  # the step count opens the first paragraph (one line less for the box to take)
            count = f'<span class="iex-guide-count">{escape(head)}</span> · '
            body = body.replace("<p>", "<p>" + count, 1) if body.startswith("<p>") else count + body
        self.guide_text.value = body
        self.guide_bar.children = bar  # (the guide's own buttons, shown and hidden, never replaced)

