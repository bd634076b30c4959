"""The Port Royal referee: a game and the one interface everybody drives it through.

>>> g = Game(players=3, seed=1, mode="competitive")
>>> g.deciders()                      # who must decide now
[0]
>>> str(g.legal_actions()[0])         # every legal choice, as small values
'p0 discover'
>>> g.apply(g.legal_actions()[0])     # carry one out
>>> g.undo()                          # and take it back
>>> len(g.history)
0

The decision interface is the Import/Export engine's (``importexport.importexport.engine.Game``): ``deciders()``,
``legal_actions()``, ``apply()`` (an illegal choice raises
:class:`~importexport.errors.IllegalActionError` with a reason in the game's language and changes
nothing), ``undo()``, ``narrate()``, ``describe()``, ``view(seat)``, ``save()``.

Besides the decisions of the seats in :meth:`deciders`, some choices are open to any player at any
moment (:meth:`free_actions`): putting a cube on a contract whose condition they meet, and in
cooperative play giving coins to a teammate or declaring the game over.
"""

from __future__ import annotations

from typing import Any

from ..boundary import check_mode, check_new_game, check_seat
from ..kernel import Event, Referee
from . import flow
from .actions import Action
from .state import MODES, PLAYERS, State

LANGS = ("en", "de")
__all__ = ["LANGS", "PLAYERS", "Action", "Game"]


class Game(Referee):
    """One game of Port Royal: the current :class:`State`, how it began and every choice since.

    ``mode`` is ``base`` (the base game alone), ``competitive``, ``cooperative`` or ``solo`` (the
    contracts expansion); ``contracts`` lays out these contract ids instead of drawing them.  A mode,
    player count, seed (0 to 2**64 - 1) or language out of range raises
    :class:`~importexport.errors.BadArgumentError`.  The shell (apply, undo, copies, the log,
    saving) is the kernel's (:class:`~importexport.kernel.Referee`).
    """

    game_id = "portroyal"
    """Which game this is (its key in :data:`importexport.protocol.GAMES`)."""
    action_type = Action

    state: State
    history: list[Action]
    _opts: list[Action]
    _met: dict[int, list[Action]]
    """Per seat, the contracts whose condition they meet (``flow.free_options``; see :meth:`holdings_changed`)."""

    def __init__(
        self, players: int = 2, seed: int = 0, mode: str = "base", lang: str = "en",
        contracts: list[str] | tuple[str, ...] | None = None,
    ) -> None:
        check_mode(mode, MODES)
        lo, hi = PLAYERS[mode]
        check_new_game(f"{mode} Port Royal", players, lo, hi, seed, lang, LANGS)
        self._start(lang, seed)
        self.state = flow.new_state(self, players, seed, mode, contracts)
        self._begin()

    # --- the decision interface -----------------------------------------------------------

    def deciders(self) -> list[int]:
        """The seat that must decide now (none once the game is over, nor while an automatic step, one
        with no seat, is on top: seen only from inside a step, in a traceback or a debugger)."""
        stack = self.state.stack
        return [stack[-1]["seat"]] if stack and "seat" in stack[-1] else []

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal choice now: the decider's (with their free choices), or ``player``'s.

        A player who is not deciding may still have free choices (:meth:`free_actions`).  A
        ``player`` that is no seat of this table raises :class:`~importexport.errors.BadArgumentError`."""
        if player is None:
            return list(self._opts)
        check_seat(player, self.state.n, self.lang)
        if player in self.deciders():
            return [a for a in self._opts if a.player == player]
        return self._free(player)

    def free_actions(self, player: int) -> list[Action]:
        """The choices ``player`` may make at this moment without being asked (often none); a
        ``player`` that is no seat raises :class:`~importexport.errors.BadArgumentError`."""
        check_seat(player, self.state.n, self.lang)
        return self._free(player)

    def _free(self, player: int) -> list[Action]:
        if self.is_over() or not 0 <= player < self.state.n:
            return []
        return flow.free_options(self, player)

    # --- the kernel's hooks ---------------------------------------------------------------

    def _free_choice(self, action: Action) -> bool:
        """A free choice of a seat that is not deciding (the decider's are among the options)."""
        return action.player not in self.deciders() and action in self._free(action.player)

    def _do(self, action: Action) -> None:
        flow.resolve(self, action)
        self._advance()

    def _advance(self) -> None:
        """Run automatic steps until a decision is due (or the game is over)."""
        self._opts = flow.advance(self)

    def _fresh(self) -> None:
        self._met = {}

    def _carry(self, copy: Referee) -> None:
        copy._met = dict(self._met)  # type: ignore[attr-defined]

    def _say(self, key: str, lang: str, args: dict[str, Any]) -> str:
        return self.say(key, lang, **args)

    def _tell(self, event: Event, lang: str) -> str:
        from .words import render_event

        return render_event(event, lang, self.state.contracts)

    def _reason(self, action: Action) -> tuple[str, dict[str, Any]]:
        from .explain import reason

        return reason(self, action)

    def _title(self) -> str:
        return f"Port Royal {self.state.mode}, {self.state.n} players"

    # --- what the flow calls --------------------------------------------------------------

    def holdings_changed(self) -> None:
        """Somebody's persons, expeditions or cubes changed: the contracts they meet must be found again."""
        self._met.clear()

    # --- reading the game -----------------------------------------------------------------

    def say(self, key: str, lang: str | None = None, **args: Any) -> str:
        from .words import message

        return message(key, lang or self.lang, self.state.contracts, **args)

    def describe(self, action: Action, lang: str | None = None) -> str:
        """A choice in words (``"Take the Pinnace (2 coins)"``)."""
        from .words import describe_action

        return describe_action(self, action, lang or self.lang)

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: everything but the order of the piles and the faces of coins.

        A ``seat`` that is no whole number from 0 to the number of players - 1 raises
        :class:`~importexport.errors.BadArgumentError`."""
        from .view import player_view

        return player_view(self, seat)

    def scores(self) -> list[dict[str, Any]]:
        """Per seat: influence points, coins, cubes placed and whether they won (or the team rank)."""
        from .scoring import final_scores

        return final_scores(self)

    def save(self) -> str:
        from .savefile import dump

        return dump(self)
