"""The app's page helpers: the Save button (one click downloads the game), a file picker with a size
limit checked in the browser (an oversized file never reaches the kernel; ipywidgets' own
``FileUpload`` sends any file whole, and a large one failed without a word), the keeper of the game
in progress (so a reloaded page can continue it), and the piece that lets a closed page's kernel be shut down."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..bounds import MAX_SAVE_BYTES

STATIC = Path(__file__).with_name("static")


class Upload(anywidget.AnyWidget):
    """``on_file(handler)``: ``handler(name, text)`` for a file within ``limit`` bytes;
    ``on_refused(handler)``: ``handler(name, size)`` for one over it (or unreadable: size -1)."""

    _esm = STATIC / "upload.js"
    _css = STATIC / "upload.css"
    label = traitlets.Unicode("").tag(sync=True)
    accept = traitlets.Unicode(".json").tag(sync=True)
    limit = traitlets.Int(MAX_SAVE_BYTES).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_file: list[Callable[[str, str], None]] = []
        self._on_refused: list[Callable[[str, int], None]] = []
        self.on_msg(self._message)

    def on_file(self, handler: Callable[[str, str], None]) -> None:
        self._on_file.append(handler)

    def on_refused(self, handler: Callable[[str, int], None]) -> None:
        self._on_refused.append(handler)

    def receive(self, content: Any) -> None:
        """Handle one message from the browser (also what tests call)."""
        if not isinstance(content, dict):
            return
        name = str(content.get("name", ""))[:200]
        kind, size, text = content.get("type"), content.get("size"), content.get("text")
        if kind == "file" and isinstance(text, str) and len(text.encode("utf-8", "replace")) <= self.limit:
            for handler in self._on_file:
                handler(name, text)
        elif kind in ("too_big", "unreadable", "file"):
            if kind == "file" and isinstance(text, str):
                bytes_ = len(text.encode("utf-8", "replace"))  # (the size a browser claimed is not trusted)
            else:
                bytes_ = size if type(size) is int and size >= 0 and kind == "too_big" else -1
            for refused in self._on_refused:
                refused(name, bytes_)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.receive(content)


class SaveButton(anywidget.AnyWidget):
    """Save as one button: a click downloads ``text`` (the game as a save) at once as ``filename``;
    ``on_saved(handler)``: ``handler()`` after each click (to say on the page what was saved)."""

    _esm = STATIC / "save.js"
    _css = STATIC / "save.css"
    label = traitlets.Unicode("").tag(sync=True)
    filename = traitlets.Unicode("game.json").tag(sync=True)
    text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_saved: list[Callable[[], None]] = []
        self.on_msg(lambda _w, content, _b: self.receive(content))

    def on_saved(self, handler: Callable[[], None]) -> None:
        self._on_saved.append(handler)

    def receive(self, content: Any) -> None:
        """Handle one message from the browser (also what tests call)."""
        if isinstance(content, dict) and content.get("type") == "saved":
            for handler in self._on_saved:
                handler()


class KernelRelease(anywidget.AnyWidget):
    """Invisible: makes sure closing the page shuts its kernel down (see ``static/xsrf.js``)."""

    _esm = STATIC / "xsrf.js"


class Keeper(anywidget.AnyWidget):
    """Invisible: keeps ``text`` (the game in progress as a save, "" for none) in the browser's
    local storage under ``key``; ``on_kept(handler)``: ``handler(text)`` with the game a page of
    this browser kept before (sent once, when the page is drawn)."""

    _esm = STATIC / "keep.js"
    key = traitlets.Unicode("importexport-game").tag(sync=True)
    text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_kept: list[Callable[[str], None]] = []
        self.on_msg(lambda _w, content, _b: self.receive(content))

    def on_kept(self, handler: Callable[[str], None]) -> None:
        self._on_kept.append(handler)

    def receive(self, content: Any) -> None:
        """Handle one message from the browser (also what tests call)."""
        if isinstance(content, dict) and content.get("type") == "kept" and isinstance(content.get("text"), str):
            if len(content["text"].encode("utf-8", "replace")) <= MAX_SAVE_BYTES:
                for handler in self._on_kept:
                    handler(content["text"])
