"""What the card abilities and the rules they call may use of a game: a narrow, typed context.

Every ability hook (``modify_*``, ``on_*``, ``options_*``, ...) and every rule function an ability
calls (``turn``, ``rules``, ``limits``, ``tokens``, ``scoring``, ``bidding``, ...) receives the game as a
:class:`RulesContext`, never as the whole referee: the engine's :class:`~importexport.importexport.engine.Game`
fits it as it is (structurally, no base class), and nothing below the engine may reach its decision
interface (``legal_actions``, ``apply``, ``undo``, ...) or its private fields.
``tests/test_ability_context.py`` holds the abilities to exactly these members and checks that ``Game``
has every one of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .abilities.registry import Working
    from .actions import Action
    from .state import State


class RulesContext(Protocol):
    """A game as the abilities and the rule functions see it: its state, its log, the abilities'
    rule values and events, its random source, and the memos the rules keep beside the state."""

    state: State
    """The position: every card, ship, player and question on the stack (changed in place)."""
    working_memo: Working | None
    """The abilities working for each seat, kept between steps (``abilities.registry.working``;
    None: look them up afresh)."""
    settled_memo: dict[int, tuple[Any, ...]] | None
    """Per ship, the inputs of its record when it was last settled (``rules.settle_fills``)."""
    settled_state: State | None
    """The state in which every harbour record was last settled (``rules.settle_harbours``), until a
    rule changes a ship or an ability's own code runs (None: settle again)."""

    @property
    def history(self) -> Sequence[Action]:
        """The choices made so far, read only (the last one: the choice being carried out)."""
        ...

    def emit(self, key: str, **args: Any) -> None:
        """Add a line to the event log (message ``key`` with its details)."""
        ...

    def notify(self, event: str, **data: Any) -> None:
        """Tell the abilities in play that something happened (they may react)."""
        ...

    def seat_order(self, start: int | None = None) -> list[int]:
        """The seats clockwise from ``start`` (default: the active player)."""
        ...

    def mod(self, seat: int, key: str, value: Any, *context: Any) -> Any:
        """Rule value ``key`` for ``seat`` after the seat's abilities have changed ``value``."""
        ...

    def mod_all(self, key: str, value: Any, *context: Any) -> Any:
        """A table-wide rule value after every seat's abilities have changed ``value``."""
        ...

    def modifiers(self, seat: int, key: str) -> Sequence[Any]:
        """The abilities changing rule value ``key`` for ``seat`` now (often none)."""
        ...

    def rng_below(self, n: int) -> int:
        """A number from 0 to ``n`` - 1 from the game's seeded random source."""
        ...

    def rng_shuffle(self, items: list[Any]) -> None:
        """Shuffle ``items`` in place with the game's seeded random source."""
        ...

    def fire_instants(self, seat: int, cards: list[int], ship: int) -> None:
        """Queue the instant abilities of ``cards``, contracts ``seat`` just fulfilled on ``ship``."""
        ...

    def describe(self, action: Action, lang: str | None = None) -> str:
        """A choice in words (default: the game's language), as a menu shows it."""
        ...


class RefusalContext(RulesContext, Protocol):
    """The context as a refusal reads it (``explain.reason`` and the free choices' checks,
    ``flow.FREE_CHECKS``): also the choices listed now.  No ability receives it."""

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The choices listed now, of ``player`` or of every seat deciding."""
        ...
