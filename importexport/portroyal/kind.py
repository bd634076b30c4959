"""Port Royal's entry point (``importexport.portroyal.kind:KIND``): its name, light, and its
:class:`~importexport.protocol.GameKind` (:mod:`.game_kind`), built when first asked for, so that a page
naming the game (the app's choice of game) loads none of its referee."""

from __future__ import annotations

from typing import Any

NAME = "Port Royal"
"""The game's name, as :meth:`importexport.protocol._Games.name` reads it without loading the referee."""


def __getattr__(name: str) -> Any:
    """``KIND`` and the rest of :mod:`.game_kind` (``RANK_ORDER``, ``WORDS``, ...), imported when first asked for."""
    if name.startswith("__"):
        raise AttributeError(name)
    from . import game_kind

    return getattr(game_kind, name)
