"""Port Royal (the base game and the contracts expansion "Ein Auftrag geht noch"): the referee.

The layers, bottom up (``docs/portroyal.md`` explains the rules and the rulings):

- figures as validated data: ``deck`` (the 120 base cards), ``expansion`` (new persons, ships
  marked A, contracts, ranks), joined into one card table in ``cards``;
- the table: ``state`` (where every card lies, the stack of what comes next), ``actions`` (a choice);
- the rules: ``rules`` (values computed from a table), ``flow`` (setup, the turn's frames, what each
  choice does), ``explain`` (why a choice is refused), ``scoring``;
- the interface: ``game.Game`` (the same decision interface as the Import/Export engine), ``view``
  (what a seat may see), ``words`` (every sentence, English and German through the catalog),
  ``scenario`` (positions from YAML), ``savefile``;
- players: ``heuristic`` (the heuristic player), ``determinize`` (a table dealt from one seat's view);
- for the rest of the package: ``kind`` (Port Royal as a :class:`~importexport.protocol.GameKind`, built
  by ``game_kind`` when first asked for),
  ``table_kit`` (what the table component and the app ask of the game), ``picture`` (the board's
  picture) and the other modules in :data:`PUBLIC_MODULES`.  It imports nothing of the tutor, the
  widgets, the app or the bots.

>>> from importexport.portroyal import Game
>>> Game(players=2, seed=3, mode="cooperative").state.contracts
['pinnace_hunt', 'bad_luck_at_sea', 'the_taxman_calls', 'humble_helpers']
"""

from __future__ import annotations

from typing import Any

__all__ = ["Game"]


def __getattr__(name: str) -> Any:
    """``Game``, imported when first asked for: the game's name (:mod:`.kind`) loads none of the referee."""
    if name == "Game":
        from .game import Game

        return Game
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

PUBLIC_MODULES = ("actions", "cards", "deck", "expansion", "explain", "game", "kind", "picture", "savefile", "scenario",
                  "table_kit", "tutor_kit", "words")
"""The modules the rest of the package may import from; the others are this referee's own
(``tests/test_layers.py`` checks it)."""
