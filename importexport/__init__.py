"""importexport: an exact referee, a rules tutor and a playable edition of the card game Import/Export.

>>> from importexport import Game
>>> g = Game(players=4, seed=7)
>>> g.is_over()
False
"""

from .actions import Action
from .cards import CARDS, Card, CardError
from .engine import Game
from .errors import IllegalActionError, SaveFileError, ScenarioError

__all__ = ["Action", "CARDS", "Card", "CardError", "Game", "IllegalActionError", "SaveFileError", "ScenarioError"]
__version__ = "0.1.0"
