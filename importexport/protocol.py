"""The game protocol: what the tutor, the widgets, the app, the bots and the tournament runner may
ask of a game, whichever game it is.

Both referees implement it: :class:`importexport.engine.Game` (Import/Export) and
:class:`importexport.portroyal.game.Game` (Port Royal).  :data:`GAMES` names each game with how to
start one and how to load a saved one; ``tests/test_protocol.py`` holds both to the same
conformance tests.  ``docs/architecture.md`` shows where the protocol sits among the layers.

>>> g = GAMES["portroyal"].new(players=2, seed=1)
>>> isinstance(g, GameProtocol), GAMES["portroyal"].load(g.save()).state.to_dict() == g.state.to_dict()
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class ActionProtocol(Protocol):
    """A choice: an immutable, hashable value naming its player, with a text form that round-trips."""

    @property
    def player(self) -> int: ...

    @property
    def kind(self) -> str: ...


@runtime_checkable
class GameProtocol(Protocol):
    """One game in progress.

    Decisions: :meth:`deciders` names the seats that must decide now, :meth:`legal_actions` lists
    every legal choice (of one seat, or of all deciders), :meth:`apply` carries one out or raises
    :class:`~importexport.errors.IllegalActionError` (with ``rule``, the reason's key, and a message in
    the game's language) and changes nothing, :meth:`undo` takes choices back.  Reading:
    :meth:`narrate` (the log as sentences), :meth:`describe` (a choice in words), :meth:`view` (what a
    seat may see, as plain data), :meth:`scores` (one entry per seat).  Saving: :meth:`save` gives
    JSON text that the game's :attr:`GameKind.load` reads back.
    """

    lang: str
    seed: int
    history: list[Any]
    log: list[tuple[int, str, dict[str, Any]]]

    def deciders(self) -> list[int]: ...

    def legal_actions(self, player: int | None = None) -> list[Any]: ...

    def apply(self, action: Any) -> None: ...

    def undo(self, steps: int = 1) -> None: ...

    def is_over(self) -> bool: ...

    def copy(self) -> GameProtocol: ...

    def narrate(self, lang: str | None = None, last: int | None = None) -> list[str]: ...

    def describe(self, action: Any, lang: str | None = None) -> str: ...

    def view(self, seat: int) -> dict[str, Any]: ...

    def scores(self) -> Sequence[Any]: ...

    def save(self) -> str: ...

    def to_json(self) -> str: ...


@dataclass(frozen=True)
class GameKind:
    """A game the project plays: its name, how to start one and how to read a saved one."""

    id: str
    name: str
    new: Callable[..., GameProtocol]
    """``new(players=..., seed=..., lang=..., **options)``: a new game."""
    load: Callable[[str], GameProtocol]
    """A game from the text its :meth:`GameProtocol.save` wrote."""
    parse: Callable[[str], Any]
    """A choice from its text form (``str(action)``)."""
    players: tuple[int, int]
    """The fewest and most players (over all its modes)."""
    options: dict[str, tuple[Any, ...]]
    """Per option of ``new`` the values to try in tests (modes, abilities)."""


def _importexport() -> GameKind:
    from .actions import Action
    from .constants import MAX_PLAYERS, MIN_PLAYERS
    from .engine import Game
    from .savefile import load

    return GameKind("importexport", "Import/Export", Game, load, Action.from_text, (MIN_PLAYERS, MAX_PLAYERS),
                    {"abilities": (False, True)})


def _portroyal() -> GameKind:
    from .portroyal.actions import Action
    from .portroyal.game import PLAYERS, Game
    from .portroyal.savefile import load

    lo = min(lo for lo, _ in PLAYERS.values())
    hi = max(hi for _, hi in PLAYERS.values())
    return GameKind("portroyal", "Port Royal", Game, load, Action.from_text, (lo, hi), {"mode": tuple(PLAYERS)})


class _Games(dict[str, GameKind]):
    """The games by id, each set up on first use (so importing this module imports no engine)."""

    _makers: dict[str, Callable[[], GameKind]] = {"importexport": _importexport, "portroyal": _portroyal}

    def __missing__(self, key: str) -> GameKind:
        if key not in self._makers:
            raise KeyError(f"unknown game {key!r}: the games are {', '.join(self._makers)}")
        kind = self[key] = self._makers[key]()
        return kind

    def ids(self) -> tuple[str, ...]:
        return tuple(self._makers)


GAMES = _Games()
"""The games the project plays, by id: ``GAMES["importexport"]``, ``GAMES["portroyal"]``."""
