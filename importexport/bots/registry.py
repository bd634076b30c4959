"""The bots by name, for every game: ``random`` and ``search`` are written once (``base``, ``search``),
``heuristic`` is each game's own (``GameKind.heuristic``).

>>> make_bot("heuristic", seed=1, game="portroyal").choose.__qualname__
'HeuristicBot.choose'
"""

from __future__ import annotations

from ..protocol import DEFAULT_GAME, GAMES
from .base import Bot, RandomBot
from .search import SearchBot

BOTS: tuple[str, ...] = ("random", "heuristic", "search")
"""The bots' names, the same for every game, as chapters, the app and ``simulate`` refer to them."""


def make_bot(name: str, seed: int = 0, game: str = DEFAULT_GAME) -> Bot:
    """Bot ``name`` for ``game`` (an id of :data:`~importexport.protocol.GAMES`), seeded; an unknown
    name or game raises ``ValueError`` listing the known ones."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}")
    if game not in GAMES.ids():
        raise ValueError(f"unknown game {game!r}; known games: {', '.join(GAMES.ids())}")
    if name == "random":
        return RandomBot(seed)
    if name == "search":
        return SearchBot(seed, game)
    heuristic = GAMES[game].heuristic
    if heuristic is None:
        raise ValueError(f"{GAMES[game].name} has no heuristic bot")
    bot: Bot = heuristic(seed)
    return bot
