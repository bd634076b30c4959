"""importexport: an exact referee, a rules tutor and a playable edition of the card games Import/Export
and Port Royal.

The layers, from the bottom: the shared core (:mod:`.protocol`, :mod:`.errors`, :mod:`.rng`,
:mod:`.bounds`, :mod:`.catalog`, :mod:`.saves`, :mod:`.scenario_text`, :mod:`.palette`); one referee per game
(:mod:`.importexport`, :mod:`.portroyal`); the bots (:mod:`.bots`); the tutor (:mod:`.tutor`);
the widgets (:mod:`.widgets`) and the app (:mod:`.app`, :mod:`.session`); the tools
(:mod:`.cli`, :mod:`.simulate`, :mod:`.bench`, :mod:`.docs`).  Import/Export's main names are
here too, for short:

>>> from importexport import Game
>>> g = Game(players=4, seed=7)
>>> g.is_over()
False
"""

from .errors import IllegalActionError, SaveFileError, ScenarioError

__version__ = "0.1.0"

from .importexport import CARDS, Action, Card, CardError, Game  # noqa: E402  (after __version__: the catalog reads it)

__all__ = ["Action", "CARDS", "Card", "CardError", "Game", "IllegalActionError", "SaveFileError", "ScenarioError"]
