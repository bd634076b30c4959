"""The new-game screen's rows for a game's options, made from its schema (:class:`~importexport.protocol.OptionSpec`):
one generic widget per kind of option, whichever game it is.

- ``choice``: a drop-down list of its values in words (above the players: their number may depend on it);
- ``bool``: a tick box with its note; ``int``: a drop-down list of its range (both below the game number);
- ``multi``: tick boxes in titled groups, each with its name and a line about it (a value that needs
  others ticks them along); or, for one the game may deal at random (:class:`~importexport.protocol.Drawn`),
  a box "at random" with how many, and the list to pick from once it is unticked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as w

from ..protocol import GameKind, OptionSpec

LABEL_WIDTH = "230px"


def label_html(text: str) -> str:
    """An option's name at the left of its row (as wide as every other row's)."""
    return f'<div style="width:{LABEL_WIDTH};font-size:15px"><b>{escape(text)}</b></div>'


def note_html(text: str, size: int = 14, grey: bool = True) -> str:
    colour = ";color:#4a4a4a" if grey else ""
    return f'<span style="font-size:{size}px{colour}">{escape(text)}</span>'


class OptionRow:
    """The widgets of one option on the new-game screen: ``row`` (what is shown), ``widget`` (the value's
    widget: a drop-down list, a tick box or the list to pick from), ``note`` (the line beside a drop-down
    list or a tick box; ``None`` for a ``multi`` option), and for a ``multi`` option its
    ``boxes``, ``notes`` and ``group_titles`` (tick boxes) or ``random``, ``random_note``,
    ``pick_note`` and ``pick_box`` (dealt at random or picked)."""

    def __init__(self, spec: OptionSpec, chosen: Callable[[], Mapping[str, Any]], changed: Callable[[], None]) -> None:
        self.spec, self.chosen, self.changed = spec, chosen, changed
        self.label = w.HTML()
        self.note: w.HTML | None = None
        self.boxes: dict[Any, w.Checkbox] = {}
        self.notes: dict[Any, w.HTML] = {}
        self.group_titles: dict[str, w.HTML] = {}
        css = spec.css_class
        if spec.kind == "choice" or spec.kind == "int":
            width = "480px" if spec.kind == "choice" else "220px"
            values = spec.allowed(chosen())
            self.widget: w.DOMWidget = w.Dropdown(options=[("", v) for v in values], value=spec.default
                                                  if spec.default in values else values[0], layout=w.Layout(width=width))
            self.widget.add_class(css)
            self.widget.observe(self._changed, names="value")
            self.note = w.HTML()
            self.row: w.Box = w.HBox([self.label, self.widget, self.note])
        elif spec.kind == "bool":
            self.widget = w.Checkbox(value=bool(spec.default), indent=False, layout=w.Layout(width="auto"))
            self.widget.add_class(css)
            self.note = w.HTML()
            self.row = w.HBox([self.label, self.widget, self.note])
        elif spec.drawn is not None:
            self.random = w.Checkbox(value=True, indent=False, layout=w.Layout(width="auto"))
            self.random.add_class(f"{css}-random")
            self.random.observe(lambda _c: self.refresh(), names="value")
            self.random_note = w.HTML()
            self.pick_note = w.HTML()
            self.widget = w.SelectMultiple(options=[], rows=8, layout=w.Layout(width="480px"))
            self.widget.add_class(css)
            self.pick_box = w.VBox([self.pick_note, self.widget])
            self.row = w.VBox([w.HBox([self.label, self.random, self.random_note]),
                               w.HBox([w.HTML(layout=w.Layout(width=LABEL_WIDTH)), self.pick_box])])
        else:
            self.widget = self.row = self._boxes(spec, chosen())

    def _boxes(self, spec: OptionSpec, chosen: Mapping[str, Any]) -> w.Box:
        groups: dict[str, list[w.HBox]] = {}
        for value in spec.allowed(chosen):
            box = self.boxes[value] = w.Checkbox(value=value in (spec.default or ()), indent=False,
                                                 layout=w.Layout(width="auto"))
            box.add_class(f"{spec.css_class}-{value}")
            self.notes[value] = w.HTML()
            if value in spec.needs:
                box.observe(lambda c, v=value: self._tick_needed(v, c), names="value")
            group = spec.group(value) if spec.group is not None else ""
            groups.setdefault(group, []).append(w.HBox([box, self.notes[value]]))
        columns = []
        for group, rows in groups.items():
            self.group_titles[group] = w.HTML()
            columns.append(w.VBox([self.group_titles[group], *rows], layout=w.Layout(margin="0 24px 0 0")))
        return w.VBox([self.label, w.HBox(columns, layout=w.Layout(flex_flow="row wrap"))])

    def _tick_needed(self, value: Any, change: Mapping[str, Any]) -> None:
        if change["new"]:
            for needed in self.spec.needs[value]:
                self.boxes[needed].value = True

    def _changed(self, _change: Any) -> None:
        self.changed()

    @property
    def value(self) -> Any:
        """The option as ``new`` takes it (``None``: dealt at random)."""
        spec = self.spec
        if spec.kind != "multi":
            return self.widget.value
        if spec.drawn is None:
            return [v for v, box in self.boxes.items() if box.value]
        if self.random.value or not spec.allowed(self.chosen()):
            return None
        return list(self.widget.value)

    def refused(self, lang: str) -> str | None:
        """Why the game cannot start with this option as it stands (``None``: it can)."""
        drawn = self.spec.drawn
        if drawn is not None and self.spec.allowed(self.chosen()) and not self.random.value and not self.widget.value:
            return drawn.none_picked(lang)
        return None

    def refresh(self, lang: str | None = None) -> None:
        """The row's words in ``lang`` and what it allows with the other options as they stand."""
        from .lang import LANG

        lang = lang or LANG.lang
        spec = self.spec
        self.label.value = label_html(spec.label(lang))
        if self.note is not None:
            self.note.value = note_html(spec.about(lang)) if spec.about is not None else ""
        chosen = self.chosen()
        if spec.kind in ("choice", "int"):
            named = [(spec.value_name(v, lang), v) for v in spec.allowed(chosen)]
            if list(self.widget.options) != named:  # (the same value stays chosen: no change is seen)
                value = self.widget.value
                self.widget.unobserve(self._changed, names="value")
                self.widget.options = named
                self.widget.value = value if value in [v for _n, v in named] else named[0][1]
                self.widget.observe(self._changed, names="value")
        elif spec.kind == "multi" and spec.drawn is None:
            for group, title in self.group_titles.items():
                name = spec.group_name(group, lang) if spec.group_name is not None else ""
                title.value = f'<div style="font-size:15px;margin-top:6px"><i>{escape(name)}</i></div>'
            for value, note in self.notes.items():
                about = spec.value_about(value, lang) if spec.value_about is not None else ""
                note.value = (f'<span style="font-size:15px"><b>{escape(spec.value_name(value, lang))}</b>'
                              + (f' <span style="color:#4a4a4a">— {escape(about)}</span>' if about else "") + "</span>")
        elif spec.drawn is not None:
            self._drawn_rows(lang, chosen)

    def _drawn_rows(self, lang: str, chosen: Mapping[str, Any]) -> None:
        drawn, pool = self.spec.drawn, self.spec.allowed(chosen)
        assert drawn is not None
        if not pool:
            self.random.layout.display = "none"
            self.random_note.value = note_html(drawn.empty(lang), 15, grey=False)
            self.pick_box.layout.display = "none"
            return
        self.random.layout.display = None
        self.random_note.value = note_html(drawn.random(drawn.count(chosen), lang), 15, grey=False)
        picked = set(self.widget.value)
        self.widget.options = [(self.spec.value_name(v, lang), v) for v in pool]
        self.widget.value = tuple(v for v in pool if v in picked)
        self.pick_note.value = note_html(drawn.pick(lang))
        self.widget.disabled = bool(self.random.value)
        self.pick_box.layout.display = None


class GameForm:
    """One game's option rows (``players`` aside: the screen's seat rows follow it), by option name;
    ``top`` are the rows shown above the players, ``below`` those below the game number, ``side`` the
    column beside them."""

    def __init__(self, kind: GameKind, players: Callable[[], int], changed: Callable[[], None]) -> None:
        self.kind, self.players = kind, players
        self.rows: dict[str, OptionRow] = {}
        for spec in kind.schema:
            if spec.name != "players":
                self.rows[spec.name] = OptionRow(spec, self.chosen, changed)
        self.top = [r.row for r in self.rows.values() if r.spec.kind == "choice"]
        self.below = [r.row for r in self.rows.values() if r.spec.kind in ("bool", "int")]
        self.side = [r.row for r in self.rows.values() if r.spec.kind == "multi"]

    def chosen(self) -> dict[str, Any]:
        """The options as they stand (``players`` too), each not yet made its default."""
        out: dict[str, Any] = {spec.name: spec.default for spec in self.kind.schema}
        out["players"] = self.players()
        for name, row in getattr(self, "rows", {}).items():
            if row.spec.kind != "multi":
                out[name] = row.widget.value
        return out

    def values(self) -> dict[str, Any]:
        """The options of ``new`` as the screen stands."""
        return {name: row.value for name, row in self.rows.items()}

    def refused(self, lang: str) -> str | None:
        return next((why for row in self.rows.values() if (why := row.refused(lang)) is not None), None)

    def refresh(self, lang: str) -> None:
        for row in self.rows.values():
            row.refresh(lang)
