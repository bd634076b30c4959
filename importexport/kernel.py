"""The referee kernel: the shell every game's referee shares, written once.

A referee (``importexport.importexport.engine.Game``, ``importexport.portroyal.game.Game``) derives
from :class:`Referee`, which owns everything that is the same for any game: carrying out a choice
(read from text, checked for its shape, its bounds and its legality, logged, the game moved on),
undo and replay (every replayed choice checked again), copies, the event log, the seeded random
source, the refusals in the game's language, saving the position as JSON and ``repr``.  A game fills
in its rules through these hooks:

========================= =========================================================================
hook                      what the game gives
========================= =========================================================================
``action_type``           its choice class: ``from_text``, ``shape_error`` (``(field, expected)``),
                          ``normalised`` and ``_asdict``
``_advance()``            run the automatic steps until a decision is due; list its options in
                          ``self._opts``
``_do(action)``           carry out a legal choice, then ``_advance``
``_free_choice(action)``  a choice that is legal though not in ``_opts`` (one open to any player at
                          any moment); none by default
``_fresh()``              forget what the game keeps beside its state (caches), when it starts
                          over
``_carry(copy)``          hand a copy what the game keeps beside its state
``_say(key, lang, args)`` a refusal's sentence; ``_tell(event, lang)`` a log line's;
                          ``_reason(action)`` why a choice is refused, as ``(key, args)``
``_title()``              how ``repr`` names the game and its table
========================= =========================================================================

The hot path is :meth:`Referee.apply` given the very object its option list holds (what a bot or
the app passes back): it costs one lookup in that list before ``_do``, no further call.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar, Self, overload

from .boundary import check_steps, field_out_of_range
from .bounds import MAX_CHOICE_CARDS
from .errors import IllegalActionError
from .rng import Rng

Event = tuple[int, str, dict[str, Any]]
"""A log line: the turn, the message's key, its details."""


class EventLog(Sequence[Event]):
    """The event log: a sequence of ``(turn, key, args)`` lines, kept flat.

    A game writes a thousand lines or so, and as tuples holding dicts each line would be two objects
    the garbage collector counts and keeps for the game's life (CPython never untracks a tuple that
    holds a dict): the collector then ran three young collections a game, and each full one walked
    every line.  So the lines are stored one after another in one list of plain values, each line as
    its turn, its key, the number of its details, their names, then their values
    (``5, "gain", 2, "p", "n", 1, 4`` for ``(5, "gain", {"p": 1, "n": 4})``): a game's log is one
    list, and a line allocates nothing that outlives :meth:`Referee.emit` except the values it
    names (a list of cards, say).

    Readers see a list of tuples: ``len``, iteration, indexing (a line as a tuple, its details in a
    new dict), slicing (a list of lines), ``==`` (with another log or a list of lines), ``repr`` (a
    list's), :meth:`append` and :meth:`copy`.  Where each line begins (``_starts``, ending with
    where the last line read ends) is worked out when first read, for the lines added since.
    :meth:`Referee.emit` writes to ``_flat`` directly (docs/architecture.md).
    """

    __slots__ = ("_flat", "_starts")

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self._flat: list[Any] = []
        self._starts = [0]
        for event in events:
            self.append(event)

    def append(self, event: Event) -> None:
        """Add a line (a ``(turn, key, args)`` triple)."""
        turn, key, args = event
        flat = self._flat  # (as :meth:`Referee.emit` writes a line)
        flat += (turn, key, len(args))
        flat += args
        flat += args.values()

    def copy(self) -> EventLog:
        """An independent log with the same lines (their values shared, as a list's copy shares them)."""
        log = EventLog()
        log._flat, log._starts = self._flat.copy(), self._starts
        return log

    def _index(self) -> list[int]:
        """Where each line begins in ``_flat``, then where the last one ends (the new lines indexed first).

        A new list when lines were added, never one changed in place: two readers at once (or a
        copy's) each get a whole index."""
        starts, flat = self._starts, self._flat
        at, end = starts[-1], len(flat)
        if at == end:
            return starts
        added = []
        while at < end:
            at += 3 + 2 * flat[at + 2]
            added.append(at)
        self._starts = starts = starts + added
        return starts

    def _line(self, at: int) -> Event:
        """The line beginning at ``at`` in ``_flat``."""
        flat = self._flat
        n = flat[at + 2]
        names = at + 3
        return flat[at], flat[at + 1], dict(zip(flat[names:names + n], flat[names + n:names + 2 * n], strict=True))

    def __len__(self) -> int:
        return len(self._index()) - 1

    def __iter__(self) -> Iterator[Event]:
        flat, at = self._flat, 0
        while at < len(flat):  # (lines added while iterating are reached too, as with a list)
            yield self._line(at)
            at += 3 + 2 * flat[at + 2]

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        starts = self._index()
        if isinstance(index, slice):
            return [self._line(starts[i]) for i in range(*index.indices(len(starts) - 1))]
        i = index.__index__()
        if i < 0:
            i += len(starts) - 1
        if not 0 <= i < len(starts) - 1:
            raise IndexError("event log index out of range")
        return self._line(starts[i])

    def __reversed__(self) -> Iterator[Event]:
        return reversed(self[:])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return self._flat == other._flat or self[:] == other[:]  # (details in another order are equal)
        if isinstance(other, list):
            return self[:] == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  (a log changes, as a list does)

    def __repr__(self) -> str:
        return repr(self[:])


_UNLISTED = object()  # (what ``apply`` finds for a value that is not the very object listed)


class Referee:
    """The shell of a game's referee: its state, how it began, every choice made since and the options now.

    ``state`` is the game's state object (``clone()``, ``to_dict()``, ``turn``, ``stack``, ``n``),
    ``initial`` and ``_initial_log`` the position and log the game began from (after the automatic
    steps before the first decision), ``history`` the choices since, ``_opts`` the options listed now.
    """

    game_id: ClassVar[str]
    """Which game this is (its key in :data:`importexport.protocol.GAMES`)."""
    action_type: ClassVar[type[Any]]
    """The game's choice class."""

    lang: str
    seed: int
    state: Any
    log: EventLog
    history: list[Any]
    _opts: list[Any]
    initial: Any
    _initial_log: EventLog

    # --- construction -------------------------------------------------------------------

    def _start(self, lang: str, seed: int) -> None:
        """The shell's fields of a game about to be set up (an empty log and history)."""
        self.lang, self.seed = lang, seed
        self.log, self.history, self._opts = EventLog(), [], []
        self._fresh()

    @classmethod
    def from_state(cls, state: Any, lang: str = "en", seed: int = 0, log: Iterable[Event] | None = None) -> Self:
        """A game continuing from ``state`` (used by scenarios and save files), its log beginning with ``log``."""
        g = cls.__new__(cls)
        g._start(lang, seed)
        g.state, g.log = state, EventLog(log or ())
        g._begin()
        return g

    def _begin(self) -> None:
        """Run the automatic steps before the first decision and keep that position as the start."""
        self._advance()
        self.initial = self.state.clone()
        self._initial_log = self.log.copy()

    # --- the game's hooks ---------------------------------------------------------------

    def _advance(self) -> None:
        raise NotImplementedError

    def _do(self, action: Any) -> None:
        raise NotImplementedError

    def _free_choice(self, action: Any) -> bool:
        """Whether ``action``, not among the listed options, is legal all the same (none is)."""
        return False

    def _fresh(self) -> None:
        """Forget what the game keeps beside its state (nothing here)."""

    def _carry(self, copy: Any) -> None:
        """Hand ``copy`` what the game keeps beside its state (nothing here)."""

    def _say(self, key: str, lang: str, args: dict[str, Any]) -> str:
        raise NotImplementedError

    def _tell(self, event: Event, lang: str) -> str:
        raise NotImplementedError

    def _reason(self, action: Any) -> tuple[str, dict[str, Any]]:
        raise NotImplementedError

    def _title(self) -> str:
        raise NotImplementedError

    # --- carrying out a choice ----------------------------------------------------------

    def is_over(self) -> bool:
        return not self.state.stack

    def apply(self, action: Any) -> None:
        """Carry out a choice.  An illegal one raises :class:`IllegalActionError`, changing nothing:
        also a value that is no choice, a field of the wrong type or a number beyond the bounds
        (``docs/bounds.md``)."""
        opts = self._opts
        try:
            listed_one = opts[opts.index(action)]
        except Exception:  # noqa: BLE001 (not listed, or a value that cannot even be compared: checked below)
            listed_one = _UNLISTED
        if listed_one is not action:  # (the very object listed, the usual case, is well formed and legal)
            action = self._checked(action)
        self.history.append(action)
        try:
            self._do(action)
        except Exception:
            self._rebuild(self.history[:-1])
            raise

    def _checked(self, action: Any) -> Any:
        """``action`` (read from text, in its normal form) if it is a well-formed legal choice now;
        else the :class:`IllegalActionError` saying what is wrong."""
        kind = self.action_type
        if isinstance(action, str):
            try:
                action = kind.from_text(action)
            except IllegalActionError as exc:  # text that is no choice: said again in the game's language
                raise self._malformed(exc.rule, exc.details) from None
        if not isinstance(action, kind):
            raise self._malformed("not_an_action", {"what": action, "problem": "no_choice"})
        wrong = action.shape_error()
        if wrong is not None:
            field, expected = wrong
            raise self._malformed("bad_field", {"field": field, "value": getattr(action, field), "want": expected})
        if action not in self._opts:  # (a listed choice is within the bounds)
            beyond = field_out_of_range(action._asdict())
            if beyond is not None:
                raise self._malformed(beyond[1], {"field": beyond[0], "n": MAX_CHOICE_CARDS})
            action = action.normalised()
            if action not in self._opts and not self._free_choice(action):
                raise self._refusal(action)
        return action

    # --- undo, replay, copies -----------------------------------------------------------

    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` choices (replaying the rest from the start).

        ``steps`` is a whole number from 0 to ``len(history)``; anything else raises
        :class:`~importexport.errors.BadArgumentError`, changing nothing."""
        check_steps(steps, len(self.history), self.lang)
        if steps:
            self._rebuild(self.history[: len(self.history) - steps])

    def _rebuild(self, actions: list[Any]) -> None:
        """The game replayed from its start through ``actions``, each checked for legality where it is made."""
        self.state = self.initial.clone()
        self.log = self._initial_log.copy()
        self.history = []
        self._fresh()
        self._advance()
        for a in actions:
            if a not in self._opts and not self._free_choice(a):
                raise self._refusal(a)
            self.history.append(a)
            self._do(a)

    def copy(self) -> Self:
        """An independent game at the same position (with the same history)."""
        cls = type(self)
        g = cls.__new__(cls)
        g.lang, g.seed, g.state = self.lang, self.seed, self.state.clone()
        g.log, g.history, g._opts = self.log.copy(), list(self.history), list(self._opts)
        g.initial, g._initial_log = self.initial, self._initial_log
        self._carry(g)
        return g

    # --- what the rules call ------------------------------------------------------------

    def emit(self, key: str, **args: Any) -> None:
        """Add a line to the event log (rendered in either language by :meth:`narrate`)."""
        # written out (the hot path): EventLog.append's fields added to the flat list in one step
        flat = self.log._flat
        flat += (self.state.turn, key, len(args))  # (three extends, no tuple of the whole line built first:
        flat += args  # the quickest of the ways timed, ~430 against ~560 ns a line with the first)
        flat += args.values()

    def rng(self) -> Rng:
        """The game's random source, continuing from the state (store ``.state`` back after use)."""
        r = Rng(0)
        r.state = self.state.rng
        return r

    def rng_below(self, n: int) -> int:
        """A number from 0 to ``n`` - 1 from the game's random source."""
        r = Rng(0)
        r.state = self.state.rng
        value = r.below(n)
        self.state.rng = r.state
        return value

    def rng_shuffle(self, items: list[Any]) -> None:
        """Shuffle ``items`` in place with the game's random source."""
        r = Rng(0)
        r.state = self.state.rng
        r.shuffle(items)
        self.state.rng = r.state

    # --- reading the game ---------------------------------------------------------------

    def narrate(self, lang: str | None = None, last: int | None = None) -> list[str]:
        """The event log as sentences."""
        events = self.log if last is None else self.log[-last:]
        lang = lang or self.lang
        return [self._tell(e, lang) for e in events]

    def to_json(self) -> str:
        """The current state as JSON text."""
        return json.dumps(self.state.to_dict())

    def _malformed(self, rule: str, args: dict[str, Any]) -> IllegalActionError:
        return IllegalActionError(self._say(rule, self.lang, args), rule, args)

    def _refusal(self, action: Any) -> IllegalActionError:
        key, args = self._reason(action)
        return IllegalActionError(self._say(key, self.lang, args), key, args)

    def __repr__(self) -> str:
        status = "over" if self.is_over() else f"turn {self.state.turn}, waiting for {self.deciders()}"
        return f"<{self._title()}, {status}, {len(self.history)} choices>"

    def deciders(self) -> list[int]:
        raise NotImplementedError
