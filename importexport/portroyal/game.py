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

import json
from typing import Any

from ..boundary import check_mode, check_new_game, check_seat, check_steps, field_out_of_range
from ..bounds import MAX_CHOICE_CARDS
from ..errors import IllegalActionError
from ..rng import Rng
from . import flow
from .actions import Action
from .state import MODES, State

Event = tuple[int, str, dict[str, Any]]
LANGS = ("en", "de")
PLAYERS: dict[str, tuple[int, int]] = {"base": (2, 5), "competitive": (2, 5), "cooperative": (2, 5), "solo": (1, 1)}
"""Player counts each way to play allows."""


class Game:
    """One game of Port Royal: the current :class:`State`, how it began and every choice since.

    ``mode`` is ``base`` (the base game alone), ``competitive``, ``cooperative`` or ``solo`` (the
    contracts expansion); ``contracts`` lays out these contract ids instead of drawing them.  A mode,
    player count, seed (0 to 2**64 - 1) or language out of range raises
    :class:`~importexport.errors.BadArgumentError`.
    """

    game_id = "portroyal"
    """Which game this is (its key in :data:`importexport.protocol.GAMES`)."""

    def __init__(
        self, players: int = 2, seed: int = 0, mode: str = "base", lang: str = "en",
        contracts: list[str] | tuple[str, ...] | None = None,
    ) -> None:
        check_mode(mode, MODES)
        lo, hi = PLAYERS[mode]
        check_new_game(f"{mode} Port Royal", players, lo, hi, seed, lang, LANGS)
        self.lang, self.seed = lang, seed
        self.log: list[Event] = []
        self.history: list[Action] = []
        self._opts: list[Action] = []
        self._met: dict[int, list[Action]] = {}
        self.state = flow.new_state(self, players, seed, mode, contracts)
        self._begin()

    @classmethod
    def from_state(cls, state: State, lang: str = "en", seed: int = 0, log: list[Event] | None = None) -> Game:
        """A game continuing from ``state`` (scenarios and save files)."""
        g = cls.__new__(cls)
        g.lang, g.seed, g.state = lang, seed, state
        g.log, g.history, g._opts, g._met = list(log or []), [], [], {}
        g._begin()
        return g

    def _begin(self) -> None:
        self._advance()
        self.initial = self.state.clone()
        self._initial_log = list(self.log)

    # --- the decision interface -----------------------------------------------------------

    def deciders(self) -> list[int]:
        """The seat that must decide now (none once the game is over)."""
        stack = self.state.stack
        return [stack[-1]["seat"]] if stack else []

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

    def is_over(self) -> bool:
        return not self.state.stack

    def apply(self, action: Action | str) -> None:
        """Carry out a choice.  An illegal one raises :class:`IllegalActionError`, changing nothing:
        also a value that is no choice, a field of the wrong type or a number beyond the bounds
        (``docs/bounds.md``)."""
        if isinstance(action, str):
            try:
                action = Action.from_text(action)
            except IllegalActionError as exc:  # (said again in the game's language)
                raise self._malformed(exc.rule, exc.details) from None
        if not isinstance(action, Action):
            raise self._malformed("not_an_action", {"what": action, "problem": "no_choice"})
        field = action.shape_error()
        if field is not None:
            raise self._malformed("bad_field", {"field": field, "value": getattr(action, field)})
        if action not in self._opts:  # (a listed choice is within the bounds)
            beyond = field_out_of_range(action._asdict())
            if beyond is not None:
                raise self._malformed(beyond[1], {"field": beyond[0], "n": MAX_CHOICE_CARDS})
            if action.player in self.deciders() or action not in self._free(action.player):
                raise self._refusal(action)
        self.history.append(action)
        try:
            flow.resolve(self, action)
            self._advance()
        except Exception:
            self._rebuild(self.history[:-1])
            raise

    def _advance(self) -> None:
        """Run automatic steps until a decision is due (or the game is over)."""
        self._opts = flow.advance(self)

    # --- undo, replay, copies -------------------------------------------------------------

    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` choices (replaying the rest from the start).

        ``steps`` is a whole number from 0 to ``len(history)``; anything else raises
        :class:`~importexport.errors.BadArgumentError`, changing nothing."""
        check_steps(steps, len(self.history), self.lang)
        if steps:
            self._rebuild(self.history[: len(self.history) - steps])

    def _rebuild(self, actions: list[Action]) -> None:
        self.state = self.initial.clone()
        self.log = list(self._initial_log)
        self.history = []
        self._met = {}
        self._advance()
        for a in actions:
            self.history.append(a)
            flow.resolve(self, a)
            self._advance()

    def copy(self) -> Game:
        """An independent game at the same position, with the same history."""
        g = Game.__new__(Game)
        g.lang, g.seed, g.state = self.lang, self.seed, self.state.clone()
        g.log, g.history, g._opts, g._met = list(self.log), list(self.history), list(self._opts), dict(self._met)
        g.initial, g._initial_log = self.initial, self._initial_log
        return g

    # --- what the flow calls --------------------------------------------------------------

    def emit(self, key: str, **args: Any) -> None:
        """Add a line to the event log (rendered in either language by :meth:`narrate`)."""
        self.log.append((self.state.turn, key, args))

    def holdings_changed(self) -> None:
        """Somebody's persons, expeditions or cubes changed: the contracts they meet must be found again."""
        self._met.clear()

    def rng(self) -> Rng:
        """The game's random source, continuing from the state (store ``.state`` back after use)."""
        r = Rng(0)
        r.state = self.state.rng
        return r

    # --- reading the game -----------------------------------------------------------------

    def say(self, key: str, lang: str | None = None, **args: Any) -> str:
        from .words import message

        return message(key, lang or self.lang, self.state.contracts, **args)

    def narrate(self, lang: str | None = None, last: int | None = None) -> list[str]:
        """The event log as sentences."""
        from .words import render_event

        events = self.log if last is None else self.log[-last:]
        return [render_event(e, lang or self.lang, self.state.contracts) for e in events]

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

    def to_json(self) -> str:
        return json.dumps(self.state.to_dict())

    def _malformed(self, rule: str, args: dict[str, Any]) -> IllegalActionError:
        return IllegalActionError(self.say(rule, **args), rule, args)

    def _refusal(self, action: Action) -> IllegalActionError:
        from .explain import reason

        key, args = reason(self, action)
        return IllegalActionError(self.say(key, **args), key, args)

    def __repr__(self) -> str:
        s = self.state
        status = "over" if self.is_over() else f"turn {s.turn}, waiting for {self.deciders()}"
        return f"<Port Royal {s.mode}, {s.n} players, {status}, {len(self.history)} choices>"
