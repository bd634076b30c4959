"""Import/Export's referee: the cards as data, the rules, the turn's steps, the abilities, the
views, the saves and the position builder.  It imports nothing of the tutor, the widgets, the app
or the bots; the rest of the package reaches it through :mod:`importexport.protocol` (its
``GameKind``: :mod:`.kind`), its table kit (:mod:`.table_kit`) and the modules in
:data:`PUBLIC_MODULES`.

>>> from importexport.importexport import Game
>>> Game(players=4, seed=7).is_over()
False
"""

from .actions import Action
from .cards import CARDS, Card, CardError
from .engine import Game
from .rules import fulfilled_count

__all__ = ["Action", "CARDS", "Card", "CardError", "Game", "fulfilled_count"]

PUBLIC_MODULES = ("abilities", "actions", "cards", "coach", "constants", "describe", "engine", "explain", "i18n",
                  "kind", "module_info", "picture", "render", "savefile", "scenario", "setup", "table_kit", "tutor_kit")
"""The modules the rest of the package may import from (besides the names above); the others (the
rules, the turn's steps, the state, the heuristic, ...) are this referee's own
(``tests/test_layers.py`` checks it)."""
