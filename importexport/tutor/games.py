"""The games with chapters, found through their kinds: a game's kind gives its tutor adapter
(:attr:`importexport.protocol.GameKind.tutor`, a :class:`~importexport.protocol.TutorKit`: where its
chapters lie, how a chapter's positions are built, how its moves and cards are written, which numbers an
exercise may measure, its words).  The tutor lists no game: grading, checking, building the notebooks
and the rule lookup go through :data:`TUTOR_GAMES` and the game protocol.

>>> kit = TUTOR_GAMES["portroyal"]
>>> kit.measure(kit.position({"players": 2}), "coins", 0)
3
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..catalog import LANGS as LANGS
from ..protocol import GAMES, TutorKit


def no_chapters(game: object) -> str:
    """What is said of ``game`` when its chapters are asked for and it has none: a game that is missing
    (``None``), not installed, or whose kind gives no tutor adapter; with the games that have chapters."""
    listed = ", ".join(TUTOR_GAMES)
    if game is None:
        return f"--game takes one of {listed}"
    if isinstance(game, str) and game in GAMES:
        return f"{GAMES[game].name} has no chapters; the games with chapters are {listed}"
    return f"unknown game {str(game)[:40]!r}; the games with chapters are {listed}"


class NoChaptersError(KeyError):
    """A game that is not installed or has no chapters (its kind gives no tutor adapter)."""

    def __init__(self, game: object) -> None:
        super().__init__(no_chapters(game))

    def __str__(self) -> str:
        return str(self.args[0])


class _TutorGames(Mapping[str, TutorKit]):
    """The installed games whose kind gives a tutor adapter, by id, in the order of :data:`GAMES`; a
    game's adapter is loaded when first asked for (its kind's ``tutor()``)."""

    def ids(self) -> tuple[str, ...]:
        """The games with chapters (their kinds are loaded, their adapters not)."""
        return tuple(g for g in GAMES.ids() if GAMES[g].tutor is not None)

    def __getitem__(self, key: str) -> TutorKit:
        loader = GAMES[key].tutor if isinstance(key, str) and key in GAMES else None
        if loader is None:
            raise NoChaptersError(key)
        return loader()

    def __iter__(self) -> Iterator[str]:
        return iter(self.ids())

    def __len__(self) -> int:
        return len(self.ids())


TUTOR_GAMES = _TutorGames()
"""The games with chapters, by the ids of :data:`importexport.protocol.GAMES`, in contents order."""
