"""The registry of steps ("frames") a game moves through.

A frame on the state's stack is either *automatic* (the engine carries it out and goes on) or a
*decision* (it waits for one or more players).  Each kind of frame registers here how to list
its options, how to carry out a chosen option and which rule a refused choice breaks.  The turn,
the Import bidding and the card abilities all add their frames through these two functions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import Action
    from .context import RefusalContext, RulesContext

Frame = dict[str, Any]
Reason = tuple[str, dict[str, Any]]
"""Why a choice is refused: a key of ``explain.REASONS`` and the arguments of its sentence."""
Check = Callable[["RulesContext", Frame, "Action"], "Reason | None"]


@dataclass(frozen=True)
class FrameKind:
    """How the engine handles one kind of frame."""

    options: Callable[[RulesContext, Frame], list[Action]] | None = None
    resolve: Callable[[RulesContext, Frame, Action], None] | None = None
    auto: Callable[[RulesContext, Frame], None] | None = None
    skip: Callable[[RulesContext, Frame], None] | None = None
    deciders: Callable[[Frame], list[int]] | None = None
    extras: bool = True  # may the decider also use free choices (drop a contract, anytime abilities)?
    check: Check | None = None  # the rule a proposed choice breaks (None: it keeps them), from the option predicates


FRAMES: dict[str, FrameKind] = {}

FreeCheck = Callable[["RefusalContext", "Action"], "Reason | None"]
FREE_CHECKS: dict[str, FreeCheck] = {}
"""Why a free choice offered beside a decision (dropping a contract, discarding a Capital card, an
anytime ability) is refused, by its kind: None for one listed now.  The engine registers them with
the choices (``engine.extra_options``), the refusals (``explain``) ask them."""


def decision(
    kind: str,
    options: Callable[[RulesContext, Frame], list[Action]],
    resolve: Callable[[RulesContext, Frame, Action], None],
    *,
    skip: Callable[[RulesContext, Frame], None] | None = None,
    deciders: Callable[[Frame], list[int]] | None = None,
    extras: bool = True,
    check: Check | None = None,
) -> None:
    """Register a decision frame.  With no options it is skipped (``skip``, or just dropped).

    ``check`` says which rule a proposed choice breaks; it is asked only about a choice ``options``
    does not list (:func:`listed_first`), and reads its reason off the same walk (``turn.Why``), so
    what may be chosen and why something may not cannot drift apart (tests try every near miss of
    every option in random positions, and random choices: ``tests/test_refused_iff_unlisted.py``)."""
    FRAMES[kind] = FrameKind(options, resolve, None, skip, deciders, extras, None if check is None else listed_first(options, check))


def listed_first(options: Callable[[RulesContext, Frame], list[Action]], check: Check) -> Check:
    """A decision's check as registered: a listed choice is legal by definition; any other is asked ``check``."""
    def derived(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
        return None if a in options(g, fr) else check(g, fr, a)
    derived.__doc__ = check.__doc__
    return derived


def automatic(kind: str, run: Callable[[RulesContext, Frame], None]) -> None:
    """Register an automatic frame: popped, then ``run``."""
    FRAMES[kind] = FrameKind(auto=run)


def deciders_of(frame: Frame) -> list[int]:
    kind = FRAMES[frame["kind"]]
    if kind.deciders is not None:
        return kind.deciders(frame)
    return [frame["seat"]]
