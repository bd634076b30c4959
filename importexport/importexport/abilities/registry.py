"""How card abilities plug into the rules.

An ability is a small class registered under its card's name.  It may define any of these
hooks; the engine calls them, and never tests a card's name itself.  Each hook receives the game as
``g``, a :class:`~importexport.importexport.context.RulesContext` (its state, log, rule values,
events and random source), never the engine: ``tests/test_ability_context.py`` holds the hooks to
that protocol's members.

``modify_<key>(g, seat, value, *context) -> value``
    changes a rule value the engine asks for with ``g.mod(seat, key, value)`` (limits, hand
    size, payout, which containers are wild, how many cards an Import takes, ...).  Active
    while the card lies among its owner's fulfilled contracts.
``on_<event>(g, holder, data)``
    reacts to something that happened (``draw``, ``load``, ``pirate``, ``goods``, ...).
``on_fulfil(g, seat, card, ship)``
    carried out once when this contract is fulfilled (instant abilities, and lasting cards that
    do something on arrival, such as moving themselves to the crew).
``on_fulfilled(g, holder, data)``
    hears the ``fulfilled`` event, sent right after ``fulfil`` with the same data (seat, cards,
    ship): any fulfilment while this card works, its own included (it already lies among the
    fulfilled contracts then).  ``on_fulfil`` itself is the instant hook above.
``on_container_fulfilled(g, seat, card, ship, contracts)``
    this card was a container on a ship whose ``contracts`` were just fulfilled (``seat``: the owner).
``on_self_<event>(g, seat, data)``
    this very card is the one an event moves (``data["card"]``: loaded, pirated, imported, placed
    as a contract, added to goods), wherever it lies; ``seat`` is the player who moved it.
``watch_<event>(g, data)``
    hears every event whoever holds the card and wherever it lies: for abilities that leave
    something on the table that outlives their card's place (an extra ship, two ships joined),
    which they find again through ``state.marks``.  An ability whose ``watch_`` hooks act only
    through such a note names it in ``hears_while``: while that mark is unset they are not called.
``score(g, seat) -> int``
    extra credits at the end of the game.
``wins(g, seat) -> bool``
    an instant win, checked after every step.
``anytime_options(g, seat, card) / anytime_apply(g, action)``
    free choices offered to the card's holder whenever that player decides (``anytime``): while
    the card works (among the fulfilled contracts, or lent by a copying card), or, for a class with
    ``offers_from_hand = True``, while it lies in the player's hand (the hook returns none elsewhere).
``options_<step>(g, frame) / answer_<step>(g, frame, action)``
    a question the ability put on the stack with ``self.ask(g, seat, step, **data)``; the frame
    (``{"kind": "ask", "seat": seat, "card": card, "step": step, ...data}``) is popped before ``answer_<step>``.
``describe_anytime(g, action) / describe_<step>(g, action) -> (key, args) | None``
    the menu wording of an ``anytime`` choice, or of an option of question ``<step>`` (whose
    frame is ``g.state.stack[-1]``): a template key of ``describe.TEXT`` and raw arguments
    (card ids, seats, ships, colours), which ``describe`` puts into words in either language.

Lasting hooks work while the card lies among its owner's fulfilled contracts; an ability with
``as_contract = True`` works instead while the card is a contract on one of its owner's ships,
one with ``in_crew = True`` while the card lies in its owner's crew; one with ``lends = True``
also adds the abilities its ``lent`` returns (WIND TURBINES' copy) while it works: a copy is the
copied ability working through the copying card (``bound``), so its questions, end-of-game steps
and notes are that card's, and ``acting`` finds it for a hook the copying card lacks.
A card tucked under a ship (``state.marks["tucked"]``: ``[card, ship]`` pairs) works for the
ship's owner.  An ability with ``standing = "<mark>"`` left a rule on the table that outlives its
card's place: while ``state.marks["<mark>"]`` is set, its ``modify_`` hooks work for every seat
wherever the card lies (SURSTRÖMMING's Pirate ban); a ``watch_`` hook lifts the mark in time.

Anything an ability needs to remember lives in the game state (``state.marks`` or a frame), so
undo and save files keep working.  Every note has its shape in ``state.Notes``; a note that
belongs to a holder is a row starting with [seat, card] (``held_row``, ``keep_row``, ``used``,
``note_use``), so two holders, or a card and its copy, never share one.
"""

from __future__ import annotations

import copy
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar

from ..cards import CARDS

if TYPE_CHECKING:
    from ..actions import Action
    from ..context import RulesContext
    from ..flow import Frame, Reason
    from ..state import State

Wording = tuple[str, dict[str, Any]]  # a menu line: template key of ``describe.TEXT`` and raw arguments


class Ability:
    """Base class: a card's ability.  Subclasses set ``name`` and define hooks."""

    name: ClassVar[str] = ""
    as_contract: ClassVar[bool] = False
    in_crew: ClassVar[bool] = False  # works while the card lies in its owner's crew instead
    lends: ClassVar[bool] = False  # adds the abilities ``lent(g, seat, card)`` returns (a copy) to its holder's
    standing: ClassVar[str] = ""  # a ``state.marks`` key: while set, the ``modify_`` hooks work for all, anywhere
    hears_while: ClassVar[str] = ""  # a ``state.marks`` key: the ``watch_`` hooks do something only while it is set
    offers_from_hand: ClassVar[bool] = False  # ``anytime_options`` offers choices while the card lies in the hand
    reread: ClassVar[str] = ""
    """Set on each registered class once its card's rulebook text was re-read word for word against
    this code: the ruling chosen where the text leaves room, or "as written" (docs/abilities.md shows it)."""
    card: int = -1
    modifies: frozenset[str] = frozenset()
    listens: frozenset[str] = frozenset()

    def ask(self, g: RulesContext, seat: int, step: str, **data: Any) -> None:
        """Put a question to ``seat`` on the stack; ``options_<step>``/``answer_<step>`` handle it."""
        g.state.stack.append({"kind": "ask", "seat": seat, "card": self.card, "step": step, **data})

    def ask_options(self, g: RulesContext, frame: Frame) -> list[Action]:
        return getattr(self, "options_" + frame["step"])(g, frame)

    def ask_check(self, g: RulesContext, frame: Frame, action: Action) -> Reason | None:
        """Why ``action`` does not answer this card's question, read off the question's own options."""
        from ..explain import not_offered

        options = [x for x in self.ask_options(g, frame) if x.kind == action.kind and x.player == action.player]
        return None if action in options else not_offered(g, options, action, self.card)

    def ask_resolve(self, g: RulesContext, frame: Frame, action: Action) -> None:
        g.state.stack.pop()
        getattr(self, "answer_" + frame["step"])(g, frame, action)

    def lent(self, g: RulesContext, seat: int, card: int) -> list[Ability]:
        """Abilities this fulfilled ``card`` lends its holder ``seat`` (asked only when ``lends``)."""
        return []

    def copy_of(self, g: RulesContext, card: int) -> Ability | None:
        """The copy this lending ``card`` holds, working through ``card`` (None: none, or no lender)."""
        return None

    # --- notes kept per holder: rows of ``state.marks[key]`` that start with [seat, card] ----------

    def held_row(self, g: RulesContext, key: str, seat: int) -> list[int] | None:
        """This holder's row of note ``key`` (``seat`` holding the ability through ``self.card``)."""
        return next((row for row in g.state.marks.get(key, ()) if row[0] == seat and row[1] == self.card), None)

    def keep_row(self, g: RulesContext, key: str, seat: int, *values: int) -> None:
        """Replace this holder's row of note ``key`` by ``[seat, self.card, *values]`` (new lists:
        copies of the state share the old ones)."""
        marks = g.state.marks
        rows = [row for row in marks.get(key, ()) if not (row[0] == seat and row[1] == self.card)]
        marks[key] = [*rows, [seat, self.card, *values]]  # type: ignore[literal-required]

    def used(self, g: RulesContext, seat: int) -> int:
        """How often this holder used a "n times per turn" ability this turn (note ``uses``)."""
        row = self.held_row(g, "uses", seat)
        return row[3] if row and row[2] == g.state.turn else 0

    def note_use(self, g: RulesContext, seat: int) -> None:
        self.keep_row(g, "uses", seat, g.state.turn, self.used(g, seat) + 1)


def bound(ability: Ability, card: int) -> Ability:
    """``ability`` working through ``card`` (a copy's own card): a twin whose ``card`` is ``card``,
    so that what the ability notes, moves or asks is its holder's through that card."""
    key = (id(ability), card)
    twin = _BOUND.get(key)
    if twin is None:
        twin = _BOUND[key] = copy.copy(ability)
        twin.card = card
    return twin


def acting(g: RulesContext, card: int, hook: str) -> Ability | None:
    """The ability that answers ``hook`` for ``card``: the card's own, or, when a copying card
    (WIND TURBINES) has no such hook of its own, the copy it holds."""
    ability = ABILITY_OF[card]
    if ability is not None and ability.lends and not hasattr(ability, hook):
        return ability.copy_of(g, card)
    return ability


_BOUND: dict[tuple[int, int], Ability] = {}
REGISTRY: dict[str, Ability] = {}
ABILITY_OF: list[Ability | None] = [None] * CARDS.table_size  # (container tokens have ids, never abilities)
FULFILLED_ABILITY: list[Ability | None] = [None] * CARDS.table_size  # the ability, if it works among fulfilled contracts
CONTRACT_ABILITIES: set[str] = set()  # names of abilities that work while the card is a contract
CONTRACT_CARDS: set[int] = set()  # their cards
CREW_CARDS: set[int] = set()  # cards whose abilities work from the crew
KEY_CARDS: dict[str, frozenset[int]] = {}  # modifier key -> the cards whose abilities change it
LENDERS: set[int] = set()  # cards that lend other cards' abilities (a copy)
CREW_ABILITIES: set[str] = set()  # names of abilities that work while the card is in the crew
WATCHERS: dict[str, list[Ability]] = {}  # event -> abilities with a ``watch_<event>`` hook
STANDING: dict[str, list[Ability]] = {}  # modifier key -> abilities whose rule stands while their mark is set
STANDING_MARKS: list[str] = []  # the ``state.marks`` keys of the standing rules
_INDEXES: dict[tuple[Ability, ...], dict[str, list[Ability]]] = {}  # ``modifier_index`` by the abilities working
_EVENT_NAMES: dict[str, tuple[str, str, str]] = {}  # event -> its hook names (``on_x``, ``self_x``, ``on_self_x``)
HEARD_BY_CARDS: set[str] = {"fulfil"}
"""The events ``dispatch`` hands to some hook whoever holds what: a card's own ``on_self_<event>``,
a ``watch_<event>``, and ``fulfil`` (its containers' ``on_container_fulfilled``).  Any other event
nobody's working abilities hear (``table_events``) reaches no hook (``Game.notify`` skips it)."""
QUIET_UNLESS: dict[str, tuple[str, ...]] = {}
"""Events of ``HEARD_BY_CARDS`` that only ``watch_`` hooks with a ``hears_while`` hear: while none of
those marks is set (and no working ability hears the event), no hook would do anything and
``Game.notify`` skips the event."""
ANYTIME_CARDS: set[int] = set()
"""The cards that may offer ``anytime`` choices (``holders("anytime_options").fulfilled``: those with the hook
and the copying cards), kept by ``register`` for ``engine.extra_options``' quick test at every decision."""
ANYTIME_IN_HAND: set[int] = set()
"""Those of them that offer some from the hand (``offers_from_hand``): a hand holding none of these and
fulfilled contracts holding none of ``ANYTIME_CARDS`` offer no anytime choice (``engine.extra_options``)."""
_HEARD_ALWAYS: set[str] = {"fulfil"}  # events some hook hears whatever the marks (``QUIET_UNLESS``' complement)
_WATCH_MARKS: dict[str, set[str]] = {}  # event -> the ``hears_while`` of each watcher that has one


def register(cls: type[Ability]) -> type[Ability]:
    """Class decorator: make ``cls`` the ability of the card named ``cls.name``."""
    card = CARDS.by_name(cls.name)
    ability = cls()
    ability.card = card.id
    names = [n for n in dir(cls) if not n.startswith("__")]
    ability.modifies = frozenset(n[len("modify_"):] for n in names if n.startswith("modify_"))
    ability.listens = frozenset(n[len("on_"):] for n in names if n.startswith("on_") and n != "on_fulfil")
    REGISTRY[cls.name] = ability
    ABILITY_OF[card.id] = ability
    FULFILLED_ABILITY[card.id] = None if cls.as_contract or cls.in_crew else ability
    _HOLDERS.clear()
    _MODIFIERS.clear()
    _BOUND.clear()
    _INDEXES.clear()
    _enter_lookups(cls, ability, card.id, names)
    ANYTIME_CARDS.clear()
    ANYTIME_CARDS.update(holders("anytime_options").fulfilled)
    ANYTIME_IN_HAND.clear()
    ANYTIME_IN_HAND.update(a.card for a in REGISTRY.values() if a.offers_from_hand and hasattr(a, "anytime_options"))
    return cls


def _enter_lookups(cls: type[Ability], ability: Ability, card: int, names: list[str]) -> None:
    """Enter a newly registered ability in the quick lookups: the rule values it changes, the cards
    lending, the events watched, standing rules, cards working as contracts or from the crew."""
    for key in ability.modifies:
        KEY_CARDS[key] = KEY_CARDS.get(key, frozenset()) | {card}
    if cls.lends:
        LENDERS.add(card)
    for event in (n[len("watch_"):] for n in names if n.startswith("watch_")):
        WATCHERS.setdefault(event, []).append(ability)
        HEARD_BY_CARDS.add(event)
        if cls.hears_while:
            _WATCH_MARKS.setdefault(event, set()).add(cls.hears_while)
        else:
            _HEARD_ALWAYS.add(event)
    own = [n[len("on_self_"):] for n in names if n.startswith("on_self_")]
    HEARD_BY_CARDS.update(own)
    _HEARD_ALWAYS.update(own)
    QUIET_UNLESS.clear()
    QUIET_UNLESS.update((event, tuple(sorted(marks))) for event, marks in _WATCH_MARKS.items() if event not in _HEARD_ALWAYS)
    if cls.standing:
        for key in ability.modifies:  # (registered again under the same name: replaced)
            STANDING[key] = [a for a in STANDING.get(key, []) if a.name != cls.name] + [ability]
        if cls.standing not in STANDING_MARKS:
            STANDING_MARKS.append(cls.standing)
    if cls.as_contract:
        CONTRACT_ABILITIES.add(cls.name)
        CONTRACT_CARDS.add(card)
    if cls.in_crew:
        CREW_ABILITIES.add(cls.name)
        CREW_CARDS.add(card)


def lasting(g: RulesContext, seat: int) -> list[Ability]:
    """The abilities working for ``seat`` now: its fulfilled contracts' (and ``as_contract`` ones')."""
    s = g.state
    p = s.players[seat]
    fulfilled = p.fulfilled
    if LENDERS.isdisjoint(fulfilled):  # (no copy to add after its card: the quick way, all in C)
        out = list(filter(None, map(FULFILLED_ABILITY.__getitem__, fulfilled)))
    else:
        out = _fulfilled_and_lent(g, seat, fulfilled)
    if CREW_ABILITIES and not CREW_CARDS.isdisjoint(p.crew):
        out += [a for a in map(ABILITY_OF.__getitem__, p.crew) if a is not None and a.in_crew]
    if CONTRACT_ABILITIES and not all(map(CONTRACT_CARDS.isdisjoint, map(_CONTRACTS_OF, map(s.ships.__getitem__, p.ships)))):
        out += _as_contracts(s, p.ships)  # (a card working as a contract lies on one: the test, all in C)
    if s.marks:
        out += _marked(s, seat)
    return out


def _fulfilled_and_lent(g: RulesContext, seat: int, fulfilled: list[int]) -> list[Ability]:
    """The fulfilled contracts' abilities, each lending card's copies right after it."""
    out: list[Ability] = []
    for c in fulfilled:
        ability = FULFILLED_ABILITY[c]
        if ability is not None:
            out.append(ability)
            if ability.lends:
                out.extend(ability.lent(g, seat, c))
    return out


def _as_contracts(s: State, ships: list[int]) -> list[Ability]:
    """The abilities of cards working as contracts on ``ships``."""
    out: list[Ability] = []
    for sid in ships:
        contracts = s.ships[sid].contracts
        if contracts and not CONTRACT_CARDS.isdisjoint(contracts):
            out += [a for a in map(ABILITY_OF.__getitem__, contracts) if a is not None and a.as_contract]
    return out


def _marked(s: State, seat: int) -> list[Ability]:
    """Abilities working for ``seat`` through a note: a card that left play but works on for the rest
    of that turn (``lingering``: [seat, card, turn]), one tucked for good under a ship of the seat
    (``tucked``: [card, ship])."""
    out: list[Ability] = []
    lingering = s.marks.get("lingering")
    if lingering:
        out.extend(ABILITY_OF[c] for p, c, t in lingering if p == seat and t == s.turn and ABILITY_OF[c] is not None)
    tucked = s.marks.get("tucked")
    if tucked:
        out.extend(ABILITY_OF[c] for c, sid in tucked if s.ships[sid].owner == seat and ABILITY_OF[c] is not None)
    return out


_CONTRACTS_OF = attrgetter("contracts")
_FULFILLED_OF = attrgetter("fulfilled")


class Holders:
    """The cards with some hook, split by where they work (for a quick 'is any in play?' test)."""

    __slots__ = ("fulfilled", "crew", "contract")

    def __init__(self, cards: set[int]) -> None:
        self.fulfilled = frozenset(cards) | LENDERS  # a copying card may lend any of them
        self.crew = frozenset(cards & CREW_CARDS)
        self.contract = frozenset(cards & CONTRACT_CARDS)


_HOLDERS: dict[str, Holders] = {}
_MODIFIERS: dict[str, Holders | None | bool] = {}


def holders(hook: str) -> Holders:
    """The cards whose abilities define ``hook`` (``modify_x``, ``on_x``, ``wins``), memoised."""
    found = _HOLDERS.get(hook)
    if found is None:
        cards = {a.card for a in REGISTRY.values() if hasattr(a, hook)}
        found = _HOLDERS[hook] = Holders(cards)
    return found


def in_reach(g: RulesContext, seat: int, cards: Holders) -> bool:
    """Could one of ``cards`` be working for ``seat``?  A quick test before the full ``lasting``."""
    s = g.state
    p = s.players[seat]
    if not cards.fulfilled.isdisjoint(p.fulfilled):
        return True
    if cards.crew and not cards.crew.isdisjoint(p.crew):
        return True
    if cards.contract and not all(map(cards.contract.isdisjoint, map(_CONTRACTS_OF, map(s.ships.__getitem__, p.ships)))):
        return True
    marks = s.marks
    return bool(marks) and _marked_in_reach(g, seat, cards.fulfilled, marks)


def _marked_in_reach(g: RulesContext, seat: int, cards: frozenset[int], marks: dict[str, Any]) -> bool:
    """Does a card of ``cards`` work for ``seat`` through a note: one gone from play that works on
    this turn (``lingering``), or one tucked under a ship (``tucked``)?  The rows ``lasting`` reads,
    read the same way."""
    lingering = marks.get("lingering")
    if lingering:
        turn = g.state.turn
        for p, c, t in lingering:
            if t == turn and p == seat and c in cards:
                return True
    tucked = marks.get("tucked")
    if tucked:
        ships = g.state.ships
        for c, sid in tucked:
            if c in cards and ships[sid].owner == seat:
                return True
    return False


def anyone_in_reach(g: RulesContext, cards: Holders) -> bool:
    """``in_reach`` for the whole table in one quick pass (false in most steps of most games)."""
    s = g.state
    marks = s.marks
    if cards.crew or cards.contract or marks and ("lingering" in marks or "tucked" in marks):
        return True
    return not all(map(cards.fulfilled.isdisjoint, map(_FULFILLED_OF, s.players)))  # (a player holds one: in C)


def table_reach(g: RulesContext, work: Working, key: str) -> bool:
    """Could an ability be changing rule value ``key`` for some seat now (``anyone_in_reach`` of its
    cards, or a standing rule)?  Kept in ``work.reach`` until :func:`forget`: all it reads (the
    fulfilled contracts, the ``lingering`` and ``tucked`` notes, standing marks) calls it."""
    cards = modifiers_of(key)
    found = work.reach[key] = cards is not None and (anyone_in_reach(g, cards) or standing_rule(g, key))
    return found


def modifiers_of(key: str) -> Holders | None:
    """The cards that change rule value ``key`` (None: no card does)."""
    found = _MODIFIERS.get(key, False)
    if found is False:
        found = _MODIFIERS[key] = holders("modify_" + key) if key in KEY_CARDS else None
    return found  # type: ignore[return-value]


def active_abilities(g: RulesContext, seat: int, key: str) -> list[Ability]:
    """The abilities changing rule value ``key`` for ``seat`` now, in ``lasting`` order, then the standing ones."""
    if not g.state.abilities:
        return []
    cards = _MODIFIERS.get(key, False)
    if cards is False:
        cards = modifiers_of(key)
    if cards is None:
        return []
    found = [a for a in lasting(g, seat) if key in a.modifies] if in_reach(g, seat, cards) else []  # type: ignore[arg-type]
    standing = STANDING.get(key)
    return _with_standing(g, found, standing) if standing else found


class Working:
    """What :func:`working` keeps on a game between steps: per seat, the abilities working for it
    (``lasting``) and their :func:`modifier_index`; for the whole table, the events some of them
    hear, whether one can win at once, whether none changes where containers fit (``plain_fills``)
    and, per rule value, whether a card changing it may be working for some seat (``reach``; each made
    when first asked)."""

    __slots__ = ("state", "seats", "events", "wins", "plain_fills", "reach")

    def __init__(self, state: Any) -> None:
        self.state = state
        self.seats: list[tuple[list[Ability], dict[str, list[Ability]]] | None] = [None] * len(state.players)
        self.events: frozenset[str] | None = None
        self.wins: bool | None = None
        self.plain_fills: bool | None = None
        self.reach: dict[str, bool] = {}  # rule value -> ``table_reach``' answer


def forget(g: RulesContext) -> None:
    """The abilities working for some seat may have changed: :func:`working` looks them up afresh.
    Called right where a fulfilled contract, a contract on a ship, a seat's ships, the turn, or a
    note ``lasting`` or a standing rule reads (``lingering``, ``tucked``, ``copies``, a standing
    mark) changes, and where a card working from the crew joins one; a game whose state is
    another object (undo, a copy, a loaded game) starts afresh by itself.  What changes the abilities
    may change where containers fit: ``rules.settle_harbours`` looks at the ships again."""
    g.working_memo = None
    g.settled_state = None


def forget_contract(g: RulesContext, card: int) -> None:
    """``card`` just went under a ship as a contract, or left one without being fulfilled: only a
    card that works as a contract (``as_contract``) changes what :func:`lasting` finds then (every
    other contract is read by no lookup :func:`working` keeps), so only such a card calls :func:`forget`."""
    if card in CONTRACT_CARDS:
        g.working_memo = None


def working(g: RulesContext) -> Working:
    """The :class:`Working` of ``g``'s position, kept from one step to the next until :func:`forget`
    (the abilities in play change far less often than they are asked for)."""
    work = g.working_memo
    if work is None or work.state is not g.state:
        work = g.working_memo = Working(g.state)
    return work


def seat_working(g: RulesContext, work: Working, seat: int) -> tuple[list[Ability], dict[str, list[Ability]]]:
    """``seat``'s abilities (``lasting``; none with abilities off) and their :func:`modifier_index`,
    kept in ``work`` unless a card working from the crew lies in the seat's crew: a crew changes
    often and unseen, so such a seat's are made afresh each time it is asked."""
    s = g.state
    found = lasting(g, seat) if s.abilities else []
    entry = (found, _index_for(g, found))
    if CREW_CARDS.isdisjoint(s.players[seat].crew):
        work.seats[seat] = entry
    return entry


def working_index(g: RulesContext, seat: int) -> dict[str, list[Ability]]:
    """:func:`modifier_index` of ``seat`` (none with abilities off), kept between steps (:func:`working`)."""
    work = g.working_memo
    if work is None or work.state is not g.state:
        work = g.working_memo = Working(g.state)
    return (work.seats[seat] or seat_working(g, work, seat))[1]


def working_lasting(g: RulesContext, seat: int) -> list[Ability]:
    """:func:`lasting` of ``seat``, kept between steps as :func:`working_index` is (callers never change it)."""
    work = g.working_memo
    if work is None or work.state is not g.state:
        work = g.working_memo = Working(g.state)
    return (work.seats[seat] or seat_working(g, work, seat))[0]


def table_events(g: RulesContext) -> frozenset[str]:
    """Every event some ability working for some seat hears (``listens``)."""
    work = working(g)
    events = work.events
    if events is None:
        seats = work.seats
        events = work.events = frozenset().union(*(a.listens for seat in range(len(seats))
                                                   for a in (seats[seat] or seat_working(g, work, seat))[0]))
    return events


FILL_KEYS = ("rainbow_contract", "wild_container")  # the rule values ``rules.fills_now`` asks the abilities for


def plain_fills(g: RulesContext, work: Working) -> bool:
    """Does no ability working for any seat change where containers fit (``FILL_KEYS``)?  Kept in
    ``work`` (``Working.plain_fills``) unless a card working from the crew changes one of them (a crew
    changes unseen, as in :func:`seat_working`)."""
    seats = work.seats
    plain = not any(key in (seats[seat] or seat_working(g, work, seat))[1] for seat in range(len(seats)) for key in FILL_KEYS)
    if not any((cards := modifiers_of(key)) is not None and cards.crew for key in FILL_KEYS):
        work.plain_fills = plain
    return plain


def table_wins(g: RulesContext) -> bool:
    """Could an ability working for some seat win the game at once (one with ``wins``)?"""
    work = working(g)
    wins = work.wins
    if wins is None:
        seats = work.seats
        wins = work.wins = any(hasattr(a, "wins") for seat in range(len(seats))
                               for a in (seats[seat] or seat_working(g, work, seat))[0])
    return wins


def modifier_index(g: RulesContext, seat: int) -> dict[str, list[Ability]]:
    """``active_abilities`` for every rule value at once (values nobody changes are left out), for a
    position where many values are asked (listing the options).  The index of the same abilities
    in the same order is the same dict while no standing rule is set (kept in ``_INDEXES``: nobody
    changes an index once made)."""
    return _index_for(g, lasting(g, seat))


def _index_for(g: RulesContext, found: list[Ability]) -> dict[str, list[Ability]]:
    """:func:`modifier_index` of the abilities ``found`` working for a seat."""
    marks = g.state.marks
    if marks and any(marks.get(m) for m in STANDING_MARKS):
        return _index_of(g, found)
    key = tuple(found)
    index = _INDEXES.get(key)
    if index is None:
        if len(_INDEXES) >= 1 << 12:  # (a bound: copies lent afresh would make new keys)
            _INDEXES.clear()
        index = _INDEXES[key] = _index_of(g, found)
    return index


def _index_of(g: RulesContext, found: list[Ability]) -> dict[str, list[Ability]]:
    """The abilities ``found`` working for a seat by the rule values they change, then the standing rules."""
    index: dict[str, list[Ability]] = {}
    for ability in found:
        for key in ability.modifies:
            if key in index:
                index[key].append(ability)
            else:
                index[key] = [ability]
    if g.state.marks:  # (a standing rule needs its mark)
        for key, standing in STANDING.items():
            with_standing = _with_standing(g, index.get(key, []), standing)
            if with_standing:
                index[key] = with_standing
    return index


def standing_rule(g: RulesContext, key: str) -> bool:
    """Does a standing rule (its mark set) change rule value ``key`` now, for every seat?"""
    marks = g.state.marks
    return bool(marks) and any(marks.get(a.standing) for a in STANDING.get(key, ()))


def _with_standing(g: RulesContext, found: list[Ability], standing: list[Ability]) -> list[Ability]:
    """``found`` and the ``standing`` abilities whose mark is set (rules left on the table, wherever their cards lie now)."""
    marks = g.state.marks
    return found + [a for a in standing if marks.get(a.standing) and a not in found]


def declare_winner(g: RulesContext, seat: int, card: int) -> None:
    """``seat`` wins the game at once through ``card`` (an instant win); the game is over."""
    from ..scoring import finish_game

    s = g.state
    s.end_reason, s.end_seat = "win", seat
    s.marks["win_card"] = card
    s.stack.clear()
    g.emit("instant_win", p=seat, c=card)
    finish_game(g)


def _call(g: RulesContext, stack: list[Frame], pushed: list[list[Frame]], hook: Any, *args: Any) -> None:
    """Run one handler of ``dispatch``; the questions it put on the stack join ``pushed``."""
    before = len(stack)
    top = stack[-1] if stack else None
    hook(g, *args)
    if len(stack) > before and (before == 0 or stack[before - 1] is top):
        pushed.append(stack[before:])


def heard(g: RulesContext, event: str) -> bool:
    """Could ``dispatch`` hand ``event`` to some hook now?  False only where that is known: no working
    ability hears it (``table_events``, kept), and no card's own hook, watcher or fulfilment hook takes
    it (``HEARD_BY_CARDS``) or only watchers whose marks are all unset (``QUIET_UNLESS``).  ``Game.notify``
    asks it first; the commonest events' senders ask it before gathering the event's details."""
    work = g.working_memo
    if work is None or work.state is not g.state or work.events is None or event in work.events:
        return True
    if event not in HEARD_BY_CARDS:
        return False
    marks = QUIET_UNLESS.get(event)  # (SURSTRÖMMING's turn start without a ban: heard by nobody)
    return marks is None or any(map(g.state.marks.get, marks))


def dispatch(g: RulesContext, event: str, data: dict[str, Any]) -> None:
    """Offer an event to every lasting ability, holders in seat order from the active player.

    Then the card the event moves (``data["card"]``) hears it through its own
    ``on_self_<event>(g, seat, data)`` wherever it lies (``seat``: who moved it), and on
    ``fulfil`` the cards loaded as containers on that ship get ``on_container_fulfilled``.
    Questions the handlers put on the stack are asked in the order the handlers ran (the first
    handler's first), so reactions come in seat order from the active player.
    """
    s = g.state
    if not s.abilities:
        return
    g.settled_state = None  # (a handler may change a ship: ``rules.settle_harbours`` looks again)
    stack = s.stack
    pushed: list[list[Frame]] = []
    names = _EVENT_NAMES.get(event)
    if names is None:
        names = _EVENT_NAMES[event] = ("on_" + event, "self_" + event, "on_self_" + event)
    work = g.working_memo  # (``table_events``, its kept answer read at once: this runs at every event)
    events = work.events if work is not None and work.state is s else None
    if event in (table_events(g) if events is None else events):  # (someone's ability hears it: else, the usual case, none)
        for seat in g.seat_order():
            for ability in working_lasting(g, seat):  # (asked seat by seat: a handler may change who holds what)
                if event in ability.listens:
                    _call(g, stack, pushed, getattr(ability, names[0]), seat, data)
    card = data.get("card")
    if card is not None:
        own = ABILITY_OF[card]
        if own is not None and names[1] in own.listens:
            _call(g, stack, pushed, getattr(own, names[2]), data["seat"], data)
    if event == "fulfil":
        ship = s.ships[data["ship"]]
        for c in list(ship.containers):
            own = acting(g, c, "on_container_fulfilled")  # (a copying card on a ship: its copy's hook)
            if own is not None and "container_fulfilled" in own.listens:
                _call(g, stack, pushed, own.on_container_fulfilled, data["seat"], c, ship.id, data["cards"])  # type: ignore[attr-defined]
    watchers = WATCHERS.get(event)
    if watchers:
        _watch(g, stack, pushed, event, watchers, data)
    if len(pushed) > 1:  # LIFO stack: put the first handler's questions on top
        _first_on_top(stack, pushed)


def _watch(g: RulesContext, stack: list[Frame], pushed: list[list[Frame]], event: str, watchers: list[Ability],
           data: dict[str, Any]) -> None:
    """``dispatch``'s ``watch_<event>`` hooks, whoever holds their cards (one with ``hears_while`` only while its mark is set)."""
    marks = g.state.marks
    for ability in watchers:
        if not ability.hears_while or marks.get(ability.hears_while):  # (else its hook would do nothing)
            _call(g, stack, pushed, getattr(ability, "watch_" + event), data)


def _first_on_top(stack: list[Frame], pushed: list[list[Frame]]) -> None:
    """The questions several handlers put on the stack, reordered so that the first handler's are asked first."""
    frames = [f for seg in pushed for f in seg]
    n = len(frames)
    if len(stack) >= n and all(a is b for a, b in zip(stack[-n:], frames)):
        stack[-n:] = [f for seg in reversed(pushed) for f in seg]
