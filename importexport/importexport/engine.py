"""The referee: a game of Import/Export and the one interface everybody drives it through.

>>> g = Game(players=3, seed=1)
>>> g.deciders()                      # who must decide now
[1]
>>> a = g.legal_actions()[0]          # every legal choice, as small values
>>> g.apply(a)                        # carry one out
>>> g.undo()                          # and take it back
>>> len(g.history)
0

Illegal choices raise :class:`IllegalActionError` naming the rule, and change nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..boundary import check_new_game, check_seat
from ..kernel import Event, Referee
from . import abilities as _abilities  # noqa: F401  (registers the ability frames)
from . import bidding as _bidding  # noqa: F401  (registers the Import frames)
from . import turn as _turn  # noqa: F401  (registers the turn frames)
from .abilities.registry import (
    ANYTIME_CARDS,
    ANYTIME_IN_HAND,
    REGISTRY,
    Working,
    forget_contract,
    heard,
    seat_working,
    table_reach,
    working,
)
from .actions import Action
from .cards import CARDS
from .constants import GREY, MAX_PLAYERS, MIN_PLAYERS
from .flow import FRAMES, FREE_CHECKS, Reason
from .i18n import LANGS, message, render_event
from .rules import settle_harbours
from .setup import check_modules, new_state
from .state import State

if TYPE_CHECKING:
    from .context import RefusalContext, RulesContext


class Game(Referee):
    """One game: the current :class:`State`, how it began, and every choice made since.

    ``Game(players, seed, abilities)`` sets up a new table as the rulebook describes;
    ``abilities=False`` plays the basic rules (card abilities off).  ``modules`` switches on
    expansions and variants (``setup.MODULES``: capital, tokyo, j, market, kickstarter, ...).
    ``lang`` ("en" or "de") is the language of refusals and of :meth:`narrate`.  A player count,
    seed (0 to 2**64 - 1) or language out of range raises :class:`~importexport.errors.BadArgumentError`.
    The shell (apply, undo, copies, the log, saving) is the kernel's (:class:`~importexport.kernel.Referee`).
    """

    game_id = "importexport"
    """Which game this is (its key in :data:`importexport.protocol.GAMES`)."""
    action_type = Action

    state: State
    history: list[Action]
    _opts: list[Action]
    working_memo: Working | None = None  # the abilities working for each seat, kept between steps (``registry.working``)
    settled_memo: dict[int, tuple[Any, ...]] | None = None  # per ship, its record's inputs once settled (rules.settle_harbours)
    settled_state: State | None = None  # the state whose every harbour record is settled (rules.settle_harbours; None: look)
    _solo = -1  # the one seat deciding now, whose are all the options (-1: several seats, or none)

    def __init__(
        self, players: int = 4, seed: int = 0, abilities: bool = False, lang: str = "en",
        modules: list[str] | tuple[str, ...] = (),
    ) -> None:
        check_new_game("Import/Export", players, MIN_PLAYERS, MAX_PLAYERS, seed, lang, LANGS)
        self._start(lang, seed)
        self.state = State()
        new_state(self, players, seed, abilities, check_modules(modules))
        self._begin()

    # --- the decision interface -----------------------------------------------------------

    def deciders(self) -> list[int]:
        """The seats that must decide now (several during a sealed bid; none once it is over)."""
        if self._solo >= 0:
            return [self._solo]  # (one seat decides: ``_advance`` keeps which)
        stack = self.state.stack
        if not stack:
            return []
        frame = stack[-1]
        deciders = FRAMES[frame["kind"]].deciders
        return [frame["seat"]] if deciders is None else deciders(frame)  # (``flow.deciders_of``, written out)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal choice now, of ``player`` or of all deciders.  A ``player`` that is no seat of
        this table raises :class:`~importexport.errors.BadArgumentError`."""
        if player is None:
            return list(self._opts)
        if player == self._solo and type(player) is int:  # (one seat decides: every option is that seat's)
            return list(self._opts)
        if type(player) is not int or not 0 <= player < len(self.state.players):  # (the usual case checked at once)
            check_seat(player, self.state.n, self.lang)
        return [a for a in self._opts if a[0] == player]  # (a[0]: the player, read the quickest way)

    def _do(self, action: Action) -> None:
        extra = EXTRA_CHOICES.get(action.kind)
        if extra is not None:
            self.settled_state = None  # (an anytime ability may change a ship: ``rules.settle_harbours`` looks again)
            extra(self, action)
        else:
            frame = self.state.stack[-1]
            kind = frame["kind"]
            if kind in ABILITY_FRAMES:
                self.settled_state = None  # (an ability's question answered may change a ship, as above)
            FRAMES[kind].resolve(self, frame, action)  # type: ignore[misc]
        self._advance()

    def _advance(self) -> None:
        """Run automatic frames until a decision is due (or the game is over)."""
        s = self.state
        stack = s.stack
        abilities = s.abilities  # (fixed for the game: read once)
        while stack:
            if abilities and s.end_seat < 0:
                work = self.working_memo  # (no instant-win card in play, kept since: the usual case, checked at once)
                if work is None or work.wins is not False or work.state is not s:
                    _abilities.check_wins(self)
                    if not stack:
                        break
            frame = stack[-1]
            kind = FRAMES[frame["kind"]]
            if kind.auto is not None:
                stack.pop()
                if abilities and frame["kind"] in ABILITY_FRAMES:
                    self.settled_state = None  # (an ability's instant may change a ship, as in ``_do``)
                kind.auto(self, frame)
                continue
            if self.settled_state is not s:  # (``settle_harbours``' own first test, written out)
                settle_harbours(self)
            opts = kind.options(self, frame)  # type: ignore[misc]
            if opts and kind.extras and (abilities or s.modules or frame["seat"] == s.active):  # (else none)
                extra = extra_options(self, frame)
                if extra:
                    opts = opts + extra
            if not opts:
                if kind.skip is not None:
                    kind.skip(self, frame)
                else:
                    stack.pop()
                continue
            self._opts = opts
            self._solo = frame["seat"] if kind.deciders is None else -1  # (``deciders``: that seat alone)
            return
        self._opts = []
        self._solo = -1

    def _carry(self, copy: Referee) -> None:
        copy._solo = self._solo  # type: ignore[attr-defined]

    # --- what the engine and the abilities call -------------------------------------------

    def modifiers(self, seat: int, key: str) -> Sequence[Any]:
        """The abilities changing rule value ``key`` for ``seat`` now (often none)."""
        work = self.working_memo  # (``working_index``, written out: this is asked very often)
        if work is None or work.state is not self.state:
            work = working(self)
        return (work.seats[seat] or seat_working(self, work, seat))[1].get(key, ())

    def mod(self, seat: int, key: str, value: Any, *context: Any) -> Any:
        """A rule value for ``seat`` after the player's abilities have changed it."""
        work = self.working_memo  # (``working_index``, written out: this is asked very often)
        if work is None or work.state is not self.state:
            work = working(self)
        index = (work.seats[seat] or seat_working(self, work, seat))[1]
        if key not in index:
            return value  # (no ability of the seat changes it, the usual case: no loop begun)
        for ability in index[key]:
            value = getattr(ability, "modify_" + key)(self, seat, value, *context)
        return value

    def mod_all(self, key: str, value: Any, *context: Any) -> Any:
        """A table-wide rule value after everybody's abilities have changed it."""
        if not self.state.abilities:
            return value
        work = self.working_memo  # (``working``, written out)
        if work is None or work.state is not self.state:
            work = working(self)
        reach = work.reach.get(key)  # (``table_reach``' answer, kept: asked at every Pirate and payment)
        if not (table_reach(self, work, key) if reach is None else reach):
            return value  # (no seat holds a card changing it, no rule stands: the usual case)
        for seat in range(self.state.n):
            value = self.mod(seat, key, value, *context)
        return value

    def notify(self, event: str, **data: Any) -> None:
        """Tell the abilities in play that something happened (they may react)."""
        if heard(self, event):  # (an event no hook would take is skipped: ``registry.heard``)
            _abilities.dispatch(self, event, data)

    def fire_instants(self, seat: int, cards: list[int], ship: int) -> None:
        _abilities.fire_instants(self, seat, cards, ship)

    def seat_order(self, start: int | None = None) -> list[int]:
        """Seats clockwise, from ``start`` (default: the active player)."""
        s = self.state
        return SEAT_ORDERS[len(s.players)][s.active if start is None else start][:]  # (``s.n``, written out)

    # --- reading the game -----------------------------------------------------------------

    def _tell(self, event: Event, lang: str) -> str:
        return render_event(event, lang, self.state)

    def _say(self, key: str, lang: str, args: dict[str, Any]) -> str:
        return message(key, lang, self.state, **args)

    def _reason(self, action: Action) -> tuple[str, dict[str, Any]]:
        from .explain import reason

        return reason(self, action)

    def _title(self) -> str:
        return f"Game {self.state.n} players"

    def describe(self, action: Action, lang: str | None = None) -> str:
        from .describe import describe_action

        return describe_action(self, action, lang or self.lang)

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see (``view.player_view``).  A ``seat`` that is no whole number from 0 to
        the number of players - 1 raises :class:`~importexport.errors.BadArgumentError`."""
        from .view import player_view

        return player_view(self, seat)

    def scores(self) -> list[Any]:
        from .scoring import final_scores

        return final_scores(self)

    def save(self) -> str:
        from .savefile import dump

        return dump(self)

    def _repr_html_(self) -> str:
        from .render import table_html

        return table_html(self)


# --- free choices: dropping a contract, abilities usable at any time ------------------------

def extra_options(g: Game, frame: dict[str, Any]) -> list[Action]:
    seat = frame["seat"]
    s = g.state
    out: list[Action] = []
    if seat == s.active:
        for ship_id in s.players[seat].ships:
            ship = s.ships[ship_id]
            if not ship.at_sea and ship.contracts:
                out += [Action(seat, "drop", (c,), ship_id) for c in ship.contracts]
    hand = s.players[seat].hand
    if "capital" in s.modules and not GREY_CARDS.isdisjoint(hand):  # Capital cards may be discarded from the hand at any time
        out += [Action(seat, "discard", (c,)) for c in hand if GOODS_OF[c] == GREY]
    if s.abilities and not (_NONE_IN_HAND(hand) and _NO_ANYTIME(s.players[seat].fulfilled)):
        out += _abilities.anytime_options(g, seat)  # (asked only if a card that may offer some lies in the hand
    return out  # (``ANYTIME_IN_HAND``) or among the fulfilled contracts: tested in C, usually none)


def _discard_capital(g: Game, action: Action) -> None:
    g.state.players[action.player].hand.remove(action.cards[0])
    g.state.discard.append(action.cards[0])
    g.emit("discard_hand", p=action.player, c=action.cards[0], why="capital")


def _drop(g: Game, action: Action) -> None:
    ship = g.state.ships[action.target]
    i = ship.contracts.index(action.cards[0])
    ship.contracts.pop(i)
    forget_contract(g, action.cards[0])
    g.settled_state = None  # (a ship changed: ``rules.settle_harbours`` looks again)
    ship.sides.pop(i)
    g.state.discard.append(action.cards[0])
    g.emit("drop", p=action.player, c=action.cards[0], s=ship.id)
    from .rules import fulfil, is_complete

    if ship.contracts and is_complete(g, ship):
        fulfil(g, ship)


def _why_not_drop(g: RulesContext, a: Action, listed: list[Action]) -> Reason:
    """The active player may drop any contract under their ships in harbour (``extra_options``)."""
    return ("drop_where", {"p": a.player}) if a.player == g.state.active else ("drop_active", {})


def _why_not_discard(g: RulesContext, a: Action, listed: list[Action]) -> Reason | None:
    """With Capital a grey card of the hand may be discarded (``extra_options``)."""
    if "capital" not in g.state.modules:
        return None  # no such choice without Capital: the kinds of choice say so
    if len(a.cards) != 1 or a.cards[0] not in g.state.players[a.player].hand:
        return "not_in_hand", {"p": a.player, "c": a.cards[0] if a.cards else -1}
    return "discard_grey", {"c": a.cards[0]}


def _why_not_anytime(g: RulesContext, a: Action, listed: list[Action]) -> Reason | None:
    """A card's anytime ability offers what its ``anytime_options`` list."""
    if not g.state.abilities:
        return None  # no abilities, no such choice: the kinds of choice say so
    from .explain import not_offered

    card = a.cards[0] if a.cards else -1
    mine = [x for x in listed if x.cards[:1] == (card,)]
    return not_offered(g, mine, a, card) if mine else ("anytime_card", {"c": card})


def _free_check(why: Callable[[RulesContext, Action, list[Action]], Reason | None]) -> Callable[[RefusalContext, Action], Reason | None]:
    """A free choice's check: one listed now is legal by definition (``extra_options`` lists them
    beside the decision); for any other ``why`` reads the reason off the listed ones of its kind."""
    def check(g: RefusalContext, a: Action) -> Reason | None:
        listed = [x for x in g.legal_actions(a.player) if x.kind == a.kind]
        return None if a in listed else why(g, a, listed)
    check.__doc__ = why.__doc__
    return check


# Methods of imported sets and dicts bound once: Python 3.11 looks up ``NAME.method`` afresh (a new bound
# method, no specialised lookup) at every call when NAME came in through an import.
_NO_ANYTIME = ANYTIME_CARDS.isdisjoint  # (no card that may offer an anytime choice among these: ``extra_options``)
_NONE_IN_HAND = ANYTIME_IN_HAND.isdisjoint  # (nor one offering some from the hand)
GOODS_OF = CARDS.goods
GREY_CARDS = frozenset(c for c, colour in enumerate(GOODS_OF) if colour == GREY)  # (the grey cards, for a quick test)
SEAT_ORDERS = {n: [[(first + i) % n for i in range(n)] for first in range(n)] for n in range(1, MAX_PLAYERS + 1)}

ABILITY_FRAMES = frozenset(
    kind for kind, frame in FRAMES.items()
    if (frame.resolve or frame.auto or frame.options).__module__.startswith(_abilities.__name__)  # type: ignore[union-attr]
)
"""The frames the abilities register (their questions, instants, end steps): resolving one runs an
ability's own code, which may change a ship (``rules.settle_harbours``' mark is cleared first)."""

EXTRA_CHOICES = {"drop": _drop, "discard": _discard_capital, "anytime": _abilities.anytime_apply}
FREE_CHECKS.update(drop=_free_check(_why_not_drop), discard=_free_check(_why_not_discard), anytime=_free_check(_why_not_anytime))

__all__ = ["Game", "Action", "CARDS", "REGISTRY"]

if TYPE_CHECKING:
    def _fits(g: Game) -> RefusalContext:
        """A type checker's proof that a ``Game`` is the context the abilities and the refusals receive."""
        return g
