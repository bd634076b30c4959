"""importexport: an exact referee, a rules tutor and a playable edition of the card games Import/Export
and Port Royal.

The layers, from the bottom: the shared core (:mod:`.protocol`, :mod:`.errors`, :mod:`.rng`,
:mod:`.bounds`, :mod:`.catalog`, :mod:`.saves`, :mod:`.scenario_text`, :mod:`.palette`); one referee per game
(:mod:`.importexport`, :mod:`.portroyal`); the bots (:mod:`.bots`); the tutor (:mod:`.tutor`);
the widgets (:mod:`.widgets`) and the app (:mod:`.app`, :mod:`.session`); the tools
(:mod:`.cli`, :mod:`.simulate`, :mod:`.bench`, :mod:`.docs`).  Import/Export's main names are
here too, for short (loaded when first used, so ``import importexport`` loads no referee):

>>> from importexport import Game
>>> g = Game(players=4, seed=7)
>>> g.is_over()
False
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalActionError, SaveFileError, ScenarioError

__version__ = "0.1.0"

__all__ = ["Action", "CARDS", "Card", "CardError", "Game", "IllegalActionError", "SaveFileError", "ScenarioError"]

_SHORT = frozenset({"Action", "CARDS", "Card", "CardError", "Game"})
"""Import/Export's names given here, imported when first asked for (PEP 562): ``import importexport``
loads no referee."""


def __getattr__(name: str) -> Any:
    if name not in _SHORT:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import importexport as referee

    value = getattr(referee, name)
    globals()[name] = value
    return value
