"""Computer players for every game, written once against the game protocol.

A bot sees only its seat's view and answers through the same ``legal_actions()`` / ``apply()``
interface as every other player.  The package sits above the referees (``docs/architecture.md``)
and imports none of them: what is particular to a game (its heuristic player, how to deal the
hidden cards, how to score a cut-off game) comes through :class:`~importexport.protocol.GameKind`.

* ``base``: the :class:`Bot` protocol, :class:`RandomBot` and :func:`play_out`;
* ``search``: :class:`SearchBot`, determinized Monte Carlo search over the seat's view;
* ``registry``: :data:`BOTS` (the names) and :func:`make_bot` (a bot by name and game).

The heuristic players live with their games: ``importexport.importexport.heuristic`` (Import/Export) and
``importexport.portroyal.heuristic`` (Port Royal).
"""

from .base import Bot, RandomBot, play_out
from .registry import BOTS, make_bot
from .search import Estimate, SearchBot

__all__ = ["BOTS", "Bot", "Estimate", "RandomBot", "SearchBot", "make_bot", "play_out"]
