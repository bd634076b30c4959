"""The rules of the base game as small functions over a game: levels, cargo, limits, drawing,
paying, fulfilling contracts and the game-end conditions.

Every number a card ability may change is asked through ``g.mod(seat, key, value)``; the
rules here never look at a card's name.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from operator import attrgetter, countOf, itemgetter
from typing import TYPE_CHECKING, Any

from ..bounds import MAX_CREDITS
from .abilities.registry import CREW_CARDS, forget, heard, plain_fills, seat_working, working, working_index
from .cards import CARDS
from .constants import (
    ANY_GOODS,
    BASE_COLOURS,
    COLOURS,
    END_CREDITS,
    GREY,
    HAND_SIZE,
    MAX_CARGO_PER_SHIP,
    RAINBOW_SLOT,
    RIDING,
    payout,
)
from .tokens import TOKEN_BASE, container_token, crew_token, gone, goods_token, unload

if TYPE_CHECKING:
    from .context import RulesContext
    from .state import Ship

GOODS_OF = CARDS.goods
SLOTS_OF = CARDS.slots
SLOTS_ALT = CARDS.slots_alt
ACTION_OF = CARDS.action


# --- levels -------------------------------------------------------------------------------

def levels(g: RulesContext, seat: int) -> list[int]:
    """Levels per colour: one per good of that colour, plus one for the harbour's colour.

    Index 6 holds the Capital count (every good, plus the grey harbour).
    """
    p = g.state.players[seat]
    have = [0] * 7
    capital_as = capital_goods_colour(g, seat)
    for card in p.goods:
        colour = counts_as(card, capital_as)
        have[colour] += g.mod(seat, "level_weight", 1, card) if g.state.abilities else 1
    if g.state.abilities:  # abilities may count further cards as goods for the levels
        have = g.mod(seat, "level_goods", have)
    have[6] = sum(have[:6]) + (1 if p.harbour == GREY else 0)  # Capital: every good, the grey harbour
    have[p.harbour] += 1
    return have


def capital_goods_colour(g: RulesContext, seat: int) -> int:
    """Capital goods count as the type of the player's leftmost (first placed) non-Capital good.

    Without one they count as no type (grey), though still as goods for Capital levels.
    """
    for card in g.state.players[seat].goods:
        if GOODS_OF[card] != GREY:
            return GOODS_OF[card]
    return GREY


def counts_as(card: int, capital_as: int) -> int:
    """The goods type ``card`` counts as among goods whose Capital goods take type ``capital_as``
    (:func:`capital_goods_colour`): the colour the card list gives it, or ``capital_as`` for a
    grey card.  A J card counts as its own goods type here, whatever colour it was loaded as while
    it was a container (that colour is a container's only: docs/abilities.md, "The J colour")."""
    colour = GOODS_OF[card]
    return capital_as if colour == GREY else colour


def good_type(g: RulesContext, seat: int, card: int) -> int:
    """The goods type ``card`` among ``seat``'s goods counts as (:func:`counts_as`): the one colour
    levels, scoring, majorities, the goods market and every ability see."""
    return counts_as(card, capital_goods_colour(g, seat))


def goods_of_type(g: RulesContext, seat: int, colour: int) -> int:
    """How many of ``seat``'s goods count as type ``colour`` (Capital goods as the type they take).

    Abilities that count, give, take or pay for goods *of a type* use this (or :func:`good_type`),
    never the printed colour alone.
    """
    goods = g.state.players[seat].goods
    if not goods:
        return 0
    capital_as = capital_goods_colour(g, seat)
    return sum(1 for c in goods if counts_as(c, capital_as) == colour)


def level_deficit(g: RulesContext, seat: int, card: int, have: list[int] | None = None) -> int:
    """How many levels the player lacks to place ``card`` as a contract (0: none missing)."""
    need = CARDS[card].level
    if not need:
        return 0
    if have is None:
        have = levels(g, seat)
    missing = 0
    for key, count in need.items():
        got = have[6] if key == ANY_GOODS else have[COLOURS.index(key)]
        if got < count:
            missing += count - got
    return missing


# --- cargo ----------------------------------------------------------------------------------

def contract_slots(g: RulesContext, ship: Ship) -> list[int]:
    """All cargo slots of the ship's contracts, as colours (6 = any colour may fill it)."""
    out: list[int] = []
    abilities = g.state.abilities and "rainbow_contract" in working_index(g, ship.owner)  # (``g.mod`` asked per card
    for card, side in zip(ship.contracts, ship.sides):  # only where an ability of the owner changes it: the index read once)
        slots = SLOTS_ALT[card] if side else SLOTS_OF[card]
        if abilities and g.mod(ship.owner, "rainbow_contract", False, card):
            out.extend([RAINBOW_SLOT] * len(slots))
        else:
            out.extend(slots)
    return out


def cargo_size(g: RulesContext, ship: Ship) -> int:
    """The ship's total cargo requirement (limited to 6 per ship)."""
    return len(contract_slots(g, ship))


def _matched(g: RulesContext, owner: int, slots: list[int], colours: list[int]) -> int:
    """How many containers can stand on a requirement at once (a maximum matching).

    A container fills a slot of its own colour or a rainbow slot; wild containers (grey, or a
    colour an ability makes wild) fill any slot.  Placing single colours first is optimal.  Where
    no ability of ``owner`` makes a colour wild, the count depends on the two lists alone and is
    looked up (``_plain_matched``).
    """
    if not g.state.abilities or not g.modifiers(owner, "wild_container"):
        return _plain_matched(tuple(slots), tuple(colours))
    slot_count = [0] * 7
    for s in slots:
        slot_count[s] += 1
    cont = [0] * 8  # (index RIDING: cards riding along with another container fill no slot)
    wild = 0
    abilities = g.state.abilities
    for c in colours:
        if c == GREY or (abilities and c != RIDING and g.mod(owner, "wild_container", False, c)):
            wild += 1
        else:
            cont[c] += 1
    return _fills(cont, slot_count, wild)


def _fills(cont: list[int], slot_count: list[int], wild: int) -> int:
    """How many slots ``cont`` (containers by colour) and ``wild`` wild ones fill of ``slot_count``: each
    colour its own slots first, the rest of a colour the rainbow slots, the wild ones what is still open."""
    direct = left = open_coloured = 0
    for c in BASE_COLOURS:
        have, want = cont[c], slot_count[c]
        if have >= want:
            direct += want
            left += have - want
        else:
            direct += have
            open_coloured += want - have
    rainbow = slot_count[RAINBOW_SLOT]
    via_rainbow = min(rainbow, left)
    return direct + via_rainbow + min(wild, open_coloured + rainbow - via_rainbow)


@lru_cache(maxsize=1 << 12)
def _plain_matched(slots: tuple[int, ...], colours: tuple[int, ...]) -> int:
    """``_matched`` where only grey containers are wild (the same count, from the two lists alone)."""
    slot_count = [0] * 7
    for s in slots:
        slot_count[s] += 1
    cont = [0] * 8  # (index RIDING: cards riding along with another container fill no slot)
    wild = 0
    for c in colours:
        if c == GREY:
            wild += 1
        else:
            cont[c] += 1
    return _fills(cont, slot_count, wild)


def about_to_sail(g: RulesContext, ship_id: int) -> bool:
    """Has the ship just fulfilled its contracts, its sailing still pending (a ``sail`` step on the stack)?"""
    for f in g.state.stack:
        if f["kind"] == "sail" and f["ship"] == ship_id:
            return True
    return False


def takes_cargo(g: RulesContext, ship: Ship) -> bool:
    """Is ``ship`` a place for a new contract or a container: in harbour and not about to sail?

    The one test every path that offers a ship for a contract or a load asks (the Contract, Load
    and Pirate actions and every ability that places a contract or loads a container)."""
    return not ship.at_sea and not about_to_sail(g, ship.id)


_KIND = itemgetter("kind")


def harbour_ships(g: RulesContext, seat: int) -> list[Ship]:
    """``seat``'s ships that take contracts and containers now (:func:`takes_cargo`)."""
    s = g.state
    ships = s.ships
    stack = s.stack  # (:func:`about_to_sail`, asked once for all; whether any ``sail`` step waits tested in C first:
    sailing = [f["ship"] for f in stack if f["kind"] == "sail"] if "sail" in map(_KIND, stack) else ()  # usually none)
    return [x for i in s.players[seat].ships if not (x := ships[i]).at_sea and x.id not in sailing]


def can_take_container(g: RulesContext, ship: Ship, colour: int, slots: list[int] | None = None) -> bool:
    """Is there an open requirement on the ship that a container of ``colour`` can fill?"""
    if not ship.contracts or not takes_cargo(g, ship):
        return False
    return fits_container(g, ship, colour, contract_slots(g, ship) if slots is None else slots)


def fits_container(g: RulesContext, ship: Ship, colour: int, slots: list[int], before: int | None = None) -> bool:
    """:func:`can_take_container` for a ship known to take cargo and carry contracts, ``slots``
    its :func:`contract_slots` and ``before`` (if given) its ``matched(g, ship, slots)`` (the
    option lists, which find those once for all)."""
    if before is None:
        before = _matched(g, ship.owner, slots, ship.colours)
    if before >= len(slots):
        return False
    return _matched(g, ship.owner, slots, ship.colours + [colour]) > before


def matched(g: RulesContext, ship: Ship, slots: list[int]) -> int:
    """How many of the ship's containers stand on its requirement ``slots`` at once (``_matched``)."""
    return _matched(g, ship.owner, slots, ship.colours)


def is_complete(g: RulesContext, ship: Ship) -> bool:
    """Are all contracts on the ship met by its containers?"""
    if not ship.contracts:
        return False
    slots = contract_slots(g, ship)
    have = _matched(g, ship.owner, slots, ship.colours)
    if have >= len(slots):
        return True
    return g.state.abilities and _complete_with_discounts(g, ship, have)


def slot_groups(g: RulesContext, ship: Ship) -> list[list[int]]:
    """The cargo slots of each contract on the ship, one list per contract (as ``contract_slots``)."""
    out: list[list[int]] = []
    rainbow = g.state.abilities and "rainbow_contract" in working_index(g, ship.owner)  # (as ``contract_slots``)
    for card, side in zip(ship.contracts, ship.sides):
        slots = list(SLOTS_ALT[card] if side else SLOTS_OF[card])
        if rainbow and g.mod(ship.owner, "rainbow_contract", False, card):
            slots = [RAINBOW_SLOT] * len(slots)
        out.append(slots)
    return out


def _fits(g: RulesContext, owner: int, colour: int, slot: int) -> int:
    """How well a container of ``colour`` fills a slot: 0 its own colour, 1 a rainbow slot, 2 as a
    wild container (grey, or a colour an ability makes wild), -1 not at all."""
    if slot == colour:
        return 0
    if slot == RAINBOW_SLOT:
        return 1
    if colour == GREY or (g.state.abilities and g.mod(owner, "wild_container", False, colour)):
        return 2
    return -1


PLAIN_FIT = tuple(tuple(0 if slot == colour else 1 if slot == RAINBOW_SLOT else 2 if colour == GREY else -1
                        for slot in range(RAINBOW_SLOT + 1)) for colour in range(RIDING + 1))
"""``_fits`` where no ability makes a colour wild, per container colour and slot colour."""


def fills_now(g: RulesContext, ship: Ship) -> list[int]:
    """The contract each container on ``ship`` fills (its card id, -1: none), as the record in
    ``ship.fills`` says, brought up to date.

    A container lies on one contract: it keeps the one recorded while that contract is still on
    the ship and has a slot for it; a new container (or one whose contract is gone) takes the
    first slot it fits, contracts in the order placed and slots of its own colour before rainbow
    ones before a wild fit.  Only when it fits nowhere else are others moved along (as far as the
    ship-wide count of ``_matched`` allows, which decides legality and fulfilment).  A card riding
    along with another (ROBO-CATS) lies on that one's contract.  Once the contracts are fulfilled
    (about to sail, then at sea) the record stays as it was at the fulfilment; a record naming a
    contract no longer under the ship counts as none.
    """
    n = len(ship.containers)
    fills = ship.fills
    old = fills[:n] if len(fills) >= n else fills + [-1] * (n - len(fills))
    if ship.at_sea or not ship.contracts:
        return old
    owner = ship.owner
    if not g.state.abilities:
        return list(_plain_fills(tuple(ship.contracts), tuple(ship.sides), tuple(ship.colours), tuple(old)))
    contracts = ship.contracts
    groups = slot_groups(g, ship)
    slots = [(card, colour) for card, group in zip(ship.contracts, groups) for colour in group]
    if not g.modifiers(owner, "wild_container"):  # (only grey containers are wild: the record follows from the lists)
        return _place(contracts, slots, [[PLAIN_FIT[col][slot] for _card, slot in slots] for col in ship.colours],
                      ship.colours, old)
    fit = [[_fits(g, owner, col, slot) for _card, slot in slots] for col in ship.colours]
    return _place(contracts, slots, fit, ship.colours, old)


@lru_cache(maxsize=1 << 12)
def _plain_fills(contracts: tuple[int, ...], sides: tuple[int, ...], colours: tuple[int, ...],
                 old: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`fills_now` where no ability is in play (the record follows from the four lists alone)."""
    slots = [(card, colour) for card, side in zip(contracts, sides)
             for colour in (SLOTS_ALT[card] if side else SLOTS_OF[card])]
    return tuple(_place(contracts, slots, [[PLAIN_FIT[col][slot] for _card, slot in slots] for col in colours], colours, old))


class _Matching:
    """:func:`_place`'s matching in progress: which container holds each slot, which slot each container.

    A class, not a closure calling itself: such a closure is a reference cycle (the function holds the
    cell that holds it), which only the garbage collector frees, and the matching runs at nearly every
    settling of a ship in a game with abilities (docs/architecture.md)."""

    __slots__ = ("slots", "fit", "old", "width", "holder", "placed", "orders")

    def __init__(self, slots: list[tuple[int, int]], fit: list[list[int]], old: list[int] | tuple[int, ...],
                 n: int) -> None:
        self.slots, self.fit, self.old, self.width = slots, fit, old, range(len(slots))
        self.holder = [-1] * len(slots)  # the container in each slot
        self.placed = [-1] * n  # the slot of each container
        self.orders: dict[int, list[int]] = {}  # per container, the slots it fits, best fit first (then in order)

    def augment(self, i: int, seen: set[int], kept: bool) -> bool:
        """Kuhn's augmenting path from container ``i`` (``kept``: each only within its recorded
        contract): a free slot if there is one, else one whose container can move on."""
        order = self.orders.get(i)
        if order is None:
            row = self.fit[i]
            order = self.orders[i] = [k for k in sorted(self.width, key=row.__getitem__) if row[k] >= 0]
        if kept:
            slots, was = self.slots, self.old[i]
            order = [k for k in order if slots[k][0] == was]
        holder, placed = self.holder, self.placed
        for k in order:
            if holder[k] < 0:
                holder[k], placed[i] = i, k
                return True
        for k in order:
            if k not in seen:
                seen.add(k)
                if self.augment(holder[k], seen, kept):
                    holder[k], placed[i] = i, k
                    return True
        return False


def _place(contracts: list[int] | tuple[int, ...], slots: list[tuple[int, int]], fit: list[list[int]],
           colours: list[int] | tuple[int, ...], old: list[int] | tuple[int, ...]) -> list[int]:
    """:func:`fills_now`'s matching: ``contracts`` the ship's, ``slots`` its (contract, slot colour) pairs, ``fit[i][k]``
    how well container ``i`` fills slot ``k`` (``_fits``), ``old`` the record so far."""
    n = len(colours)
    matching = _Matching(slots, fit, old, n)
    augment, placed = matching.augment, matching.placed
    loose = [i for i in range(n) if colours[i] != RIDING]
    for i in loose:  # first every container on the contract it lies on, where that still works
        if old[i] in contracts:
            augment(i, set(), True)
    for i in loose:  # then the others wherever they fit, moving earlier ones along only if need be
        if placed[i] < 0:
            augment(i, set(), False)
    out = [slots[placed[i]][0] if placed[i] >= 0 else -1 for i in range(n)]
    for i in range(n - 2, -1, -1):  # riders lie where the container they ride with lies
        if colours[i] == RIDING:
            out[i] = out[i + 1]
    return out


def settle_fills(g: RulesContext, ship: Ship) -> None:
    """Write :func:`fills_now` into the ship's record, and keep its inputs (:func:`fills_inputs`) in
    ``g``'s memo: :func:`settle_harbours` passes the ship over until they change."""
    ship.fills[:] = fills_now(g, ship)
    memo = g.settled_memo
    if memo is None:
        memo = g.settled_memo = {}
    memo[ship.id] = fills_inputs(g, ship)


def resettle(g: RulesContext, ship: Ship) -> None:
    """:func:`settle_fills`, unless the ship's inputs are still those of its last settling (then
    settling again would change nothing)."""
    memo = g.settled_memo
    if memo is None or memo.get(ship.id) != fills_inputs(g, ship):
        settle_fills(g, ship)


def fills_inputs(g: RulesContext, ship: Ship) -> tuple[Any, ...]:
    """Everything :func:`fills_now` reads of a harbour ship: its owner, contracts, sides, colours and
    record (copies of the lists), and the rule values of the abilities it asks (rainbow contracts,
    wild colours; ``()`` when no ability of the owner changes either)."""
    mods = _fills_mods(g, ship) if g.state.abilities else ()
    return ship.owner, ship.contracts[:], ship.sides[:], ship.colours[:], ship.fills[:], mods


def _fills_mods(g: RulesContext, ship: Ship) -> tuple[Any, ...]:
    """The rule values of the abilities :func:`fills_now` asks for ``ship`` (``()``: none changes them)."""
    owner = ship.owner
    index = working_index(g, owner)  # (``g.modifiers`` for both keys at once: an index holds only the keys changed)
    if "rainbow_contract" not in index and "wild_container" not in index:
        return ()
    return (tuple(g.mod(owner, "rainbow_contract", False, card) for card in ship.contracts),
            tuple(g.mod(owner, "wild_container", False, colour) for colour in ship.colours))


_CONTRACTS_OF = attrgetter("contracts")


def settle_harbours(g: RulesContext) -> None:
    """Bring the record of every harbour ship with contracts and containers up to date (before each
    decision, so that the record is always what the position says: a contract placed or discarded,
    or a container taken, may let containers lie elsewhere).

    Settling a settled record changes nothing (a container keeps the contract it lies on wherever
    that still works), so a ship whose inputs (:func:`fills_inputs`) are those it had just after its
    last settling is passed over: ``g``'s memo keeps them per ship (compared list by list, the
    abilities' values last).

    The inputs change only where a rule changes a ship (:func:`add_container`,
    :func:`remove_container`, :func:`fulfil`, :func:`sail`, :func:`ship_home`, ``turn.place_contract``,
    ``engine._drop``), and each of those clears ``g.settled_state``: while it is still the state
    settled last, nothing is compared at all (an O(1) test; another state object, after an undo, a
    copy or a load, is settled afresh).  With abilities, only while no seat's ability changes where
    containers fit (``plain``: the inputs hold no ability's values), and any ability's own code may
    change a ship, so every way into it clears the mark too: an event dispatched, a question or an
    instant of an ability resolved, an anytime choice, and :func:`forget`."""
    s = g.state
    if g.settled_state is s:
        return  # (no ship changed since every record was last settled)
    memo = g.settled_memo
    if memo is None:
        memo = g.settled_memo = {}
    if s.abilities:
        work = g.working_memo  # (``working``, written out: settling a ship changes no ability working)
        if work is None or work.state is not s:
            work = working(g)
        plain = work.plain_fills
        if plain is None:
            plain = plain_fills(g, work)
        if not plain:  # (some seat's ability changes where containers fit: its values among the inputs)
            seats = work.seats
            for ship in filter(_CONTRACTS_OF, s.ships):  # (``fills_inputs``, written out: the ship's own lists
                if ship.containers and not ship.at_sea:  # compared, no copies made; ``_fills_mods``' first test
                    index = (seats[ship.owner] or seat_working(g, work, ship.owner))[1]  # written out, so that it is
                    mods = _fills_mods(g, ship) if "rainbow_contract" in index or "wild_container" in index else ()
                    if memo.get(ship.id) != (ship.owner, ship.contracts, ship.sides, ship.colours, ship.fills, mods):
                        settle_fills(g, ship)  # called only for an owner whose abilities change where containers fit:
            return  # passing it the index instead measured 0.4% more instructions per decision)
    for ship in filter(_CONTRACTS_OF, s.ships):  # (no ability's values among the inputs, the usual case: the
        if ship.containers and not ship.at_sea and \
                memo.get(ship.id) != (ship.owner, ship.contracts, ship.sides, ship.colours, ship.fills, ()):
            settle_fills(g, ship)  # loop bare; ``fills_inputs``: those six, compared in one go; it keeps them anew)
    g.settled_state = s


def _complete_with_discounts(g: RulesContext, ship: Ship, have: int) -> bool:
    """Abilities may let a contract be met with fewer containers (``cargo_discount``: how many of
    its slots may stay empty, at most all but one; the owner picks which): is some choice met?"""
    groups = slot_groups(g, ship)
    choices: list[list[tuple[int, ...]]] = []
    total = 0
    for card, group in zip(ship.contracts, groups):
        off = min(g.mod(ship.owner, "cargo_discount", 0, card, ship.id), len(group) - 1)
        if off > 0:
            total += off
            choices.append(sorted(set(combinations(sorted(group), len(group) - off))))
        else:
            choices.append([tuple(group)])
    if total <= 0 or have < sum(map(len, groups)) - total:
        return False
    for pick in product(*choices):
        need = [slot for part in pick for slot in part]
        if _matched(g, ship.owner, need, ship.colours) >= len(need):
            return True
    return False


def max_cargo(g: RulesContext, ship: Ship) -> int:
    return g.mod(ship.owner, "max_cargo", MAX_CARGO_PER_SHIP, ship.id) if g.state.abilities else MAX_CARGO_PER_SHIP


# --- limits ---------------------------------------------------------------------------------

def fulfilled_count(g: RulesContext, seat: int) -> int:
    """Fulfilled contracts, counting the one printed on the harbour."""
    return 1 + len(g.state.players[seat].fulfilled)


def crew_limit(g: RulesContext, seat: int) -> int:
    base = fulfilled_count(g, seat)
    return g.mod(seat, "crew_limit", base) if g.state.abilities else base


def goods_limit(g: RulesContext, seat: int) -> int:
    base = 2 * fulfilled_count(g, seat)
    return g.mod(seat, "goods_limit", base) if g.state.abilities else base


def goods_load(g: RulesContext, seat: int) -> int:
    """How many goods count against the goods limit."""
    n = len(g.state.players[seat].goods)
    return g.mod(seat, "goods_load", n) if g.state.abilities else n


def crew_room(g: RulesContext, seat: int) -> bool:
    return len(g.state.players[seat].crew) < crew_limit(g, seat)


def goods_room(g: RulesContext, seat: int) -> bool:
    return goods_load(g, seat) < goods_limit(g, seat)


def crew_for(g: RulesContext, seat: int, action: int) -> int:
    """How many extra actions of type ``action`` the player's crew gives."""
    crew = g.state.players[seat].crew
    n = countOf(map(ACTION_OF.__getitem__, crew), action) if crew else 0  # (in C)
    if g.state.abilities:
        work = g.working_memo  # (``working_index``, written out: asked at every play and follow)
        if work is None or work.state is not g.state:
            work = working(g)
        if "crew_actions" in (work.seats[seat] or seat_working(g, work, seat))[1]:  # (an ability of the seat changes it: rare)
            return g.mod(seat, "crew_actions", n, action)
    return n


# --- credits --------------------------------------------------------------------------------

def gain(g: RulesContext, seat: int, amount: int, why: str) -> None:
    """The player takes ``amount`` credits from the bank."""
    p = g.state.players[seat]
    amount = min(amount, MAX_CREDITS - p.credits)  # (the bound no real game comes near: bounds.MAX_CREDITS)
    if amount <= 0:
        return
    p.credits += amount
    g.emit("gain", p=seat, n=amount, why=why)
    check_credit_end(g, seat)


def pay_bank(g: RulesContext, seat: int, amount: int, why: str) -> int:
    """The player pays up to ``amount`` credits to the bank; returns what was paid."""
    p = g.state.players[seat]
    paid = min(amount, p.credits)
    if paid > 0:
        p.credits -= paid
        g.emit("pay", p=seat, n=paid, why=why)
        if g.state.abilities:
            g.notify("spent", seat=seat, amount=paid)
    return paid


def transfer(g: RulesContext, payer: int, payee: int, amount: int, why: str) -> int:
    """``payer`` gives up to ``amount`` credits to ``payee``; returns what changed hands."""
    p = g.state.players[payer]
    paid = min(amount, p.credits)
    if paid > 0:
        p.credits -= paid
        payee_p = g.state.players[payee]
        payee_p.credits = min(MAX_CREDITS, payee_p.credits + paid)
        g.emit("transfer", p=payer, q=payee, n=paid, why=why)
        check_credit_end(g, payee)
        if g.state.abilities:
            g.notify("spent", seat=payer, amount=paid)
    return paid


def end_credits(g: RulesContext, seat: int) -> int:
    if not g.state.abilities:
        return END_CREDITS
    return g.mod(seat, "end_credits", g.mod_all("end_credits_all", END_CREDITS))


def check_credit_end(g: RulesContext, seat: int) -> None:
    s = g.state
    if s.end_reason or s.players[seat].credits < end_credits(g, seat):
        return
    if s.abilities and not g.mod(seat, "triggers_credit_end", True):
        return
    s.end_reason = "credits"
    g.emit("end_triggered", p=seat, why="credits")


# --- cards ----------------------------------------------------------------------------------

def top_of_deck(g: RulesContext) -> int | None:
    """Take the deck's top card; reshuffle the discards the moment the deck runs out."""
    s = g.state
    if not s.deck:
        _reshuffle_or_end(g)
        if not s.deck:
            return None
    card = s.deck.pop()
    if not s.deck:
        _reshuffle_or_end(g)
    return card


def _reshuffle_or_end(g: RulesContext) -> None:
    """The deck is empty: shuffle the discards into a new one, or, with none, the game is ending."""
    s = g.state
    if s.discard:
        s.deck, s.discard = s.discard, []
        g.rng_shuffle(s.deck)
        g.emit("reshuffle", n=len(s.deck))
    elif not s.end_reason:
        s.end_reason = "cards"
        g.emit("end_triggered", p=-1, why="cards")


def draw_cards(g: RulesContext, seat: int, count: int) -> int:
    """Draw ``count`` cards into the hand (fewer if the deck and discards run out)."""
    s = g.state
    hand = s.players[seat].hand
    deck = s.deck
    if 0 < count < len(deck):  # (the usual case, the deck neither is nor runs out: the cards taken off its end in C,
        hand += deck[:-count - 1:-1]  # the top one first, as one by one)
        del deck[-count:]
        return count
    drawn = 0
    for _ in range(count):
        if len(s.deck) > 1:  # (``top_of_deck`` where the deck neither is nor runs out)
            hand.append(s.deck.pop())
            drawn += 1
            continue
        card = top_of_deck(g)
        if card is None:
            break
        hand.append(card)
        drawn += 1
    return drawn


def hand_size(g: RulesContext, seat: int) -> int:
    return g.mod(seat, "hand_size", HAND_SIZE) if g.state.abilities else HAND_SIZE


def draw_action(g: RulesContext, seat: int) -> None:
    """The draw choice: fill the hand up to five, or draw one card holding five or more."""
    size = hand_size(g, seat) if g.state.abilities else HAND_SIZE  # (the basic rules' size without a call)
    have = len(g.state.players[seat].hand)
    drawn = draw_cards(g, seat, size - have if have < size else 1)
    g.emit("draw", p=seat, n=drawn)
    if g.state.abilities and heard(g, "draw"):  # (``heard`` asked first: no details gathered for nobody)
        g.notify("draw", seat=seat)


def deck_to_island(g: RulesContext) -> None:
    card = top_of_deck(g)
    if card is not None:
        g.state.island.append(card)
        g.emit("to_island", c=card)
        if g.state.abilities:
            g.notify("island", seat=-1, card=card)  # -1: from the deck


# --- cards moving between areas --------------------------------------------------------------

def add_good(g: RulesContext, seat: int, card: int, colour: int | None = None) -> None:
    """Put a card among the player's goods (the caller has checked the goods limit).

    ``colour``: what it counted as where it came from (a container's colour); among the goods it
    counts as :func:`good_type` says, and the goods market moves that type's marker.  With
    container tokens, what arrives may be a token or another card (see ``tokens``), or nothing.
    """
    s = g.state
    if "tokens1" in s.modules:
        card = goods_token(g, seat, card, colour)
        if card < 0:
            return
    s.players[seat].goods.append(card)
    as_type = good_type(g, seat, card)
    if s.market:
        move_marker(g, as_type, +1)
    if s.abilities:
        g.notify("goods", seat=seat, card=card, colour=as_type)


def add_crew(g: RulesContext, seat: int, card: int) -> bool:
    """Put a card into the crew if there is room (True), else onto the discard pile (False)."""
    if crew_room(g, seat):
        put_crew(g, seat, card)
        return True
    to_discard(g, card)
    return False


def put_crew(g: RulesContext, seat: int, card: int) -> int:
    """Put a card into the crew (the caller has checked the room); returns what arrived there
    (with container tokens a token or another card, -1 for nothing; see ``tokens``)."""
    if "tokens1" in g.state.modules:
        card = crew_token(g, seat, card)
        if card < 0:
            return card
    g.state.players[seat].crew.append(card)
    if card in CREW_CARDS:  # (a card that works from the crew: the abilities in play change)
        forget(g)
    return card


def to_discard(g: RulesContext, card: int) -> None:
    """A card onto the discard pile; a container token goes back to the supply instead."""
    if card < TOKEN_BASE:
        g.state.discard.append(card)
    else:
        gone(g, card)


def receive_container(g: RulesContext, seat: int, card: int, colour: int, dest: int) -> int:
    """A container taken off a ship (Import, abilities) goes into ``seat``'s crew (``dest`` 0),
    goods (1) or onto the discard pile (2); ``colour``: what it counted as.  A container token
    is exchanged for the topmost discard of its colour (see ``tokens``).  Returns what arrived
    (-1: nothing)."""
    if dest == 2:
        to_discard(g, card)
        return -1
    if card >= TOKEN_BASE:
        card = unload(g, seat, card, colour)
        if card < 0:
            return card
    if dest == 0:
        return put_crew(g, seat, card)
    add_good(g, seat, card, colour)
    return card


# --- the goods market (module "market") --------------------------------------------------------

def move_marker(g: RulesContext, colour: int, step: int) -> None:
    """Move a goods marker up or down one space, staying within -2..+2."""
    market = g.state.market
    if colour < len(market):
        market[colour] = max(-2, min(2, market[colour] + step))


def market_change(g: RulesContext, ship: Ship, amount: int) -> int:
    """What the goods market adds to a payout of ``amount`` (negative: takes off): the marker of each
    container on a fulfilled contract (one that fills no contract, left from a discarded one,
    changes nothing), never below a payout of 0; afterwards each marker moves down once per
    container on the ship."""
    market = g.state.market
    change = sum(market[c] for c, on in zip(ship.colours, ship.fills) if c < len(market) and on >= 0)
    g.emit("market", n=change, before=amount)
    for c in ship.colours:
        move_marker(g, c, -1)
    return change


# --- ships ----------------------------------------------------------------------------------

def ship_home(g: RulesContext, ship: Ship, why: str) -> None:
    """An empty ship at sea sails back to its owner's harbour."""
    ship.at_sea = False
    g.settled_state = None  # (a ship changed: ``settle_harbours`` looks again)
    if "tokens1" in g.state.modules:
        for c in ship.containers:
            to_discard(g, c)
    else:
        g.state.discard.extend(ship.containers)
    ship.containers.clear()
    ship.colours.clear()
    ship.fills.clear()
    g.emit("ship_home", s=ship.id, p=ship.owner, why=why)
    if g.state.abilities:
        g.notify("ship_home", ship=ship.id)


def remove_container(g: RulesContext, ship: Ship, card: int) -> int:
    """Take one container off a ship; returns the colour it counted as."""
    i = ship.containers.index(card)
    g.settled_state = None  # (a ship changed: ``settle_harbours`` looks again)
    ship.containers.pop(i)
    colour = ship.colours.pop(i)
    ship.fills.pop(i)
    if colour == RIDING:
        return GOODS_OF[card]
    if i and ship.colours[i - 1] == RIDING:  # the card that rode along with it is a container of its own again
        ship.colours[i - 1] = GOODS_OF[ship.containers[i - 1]]
    return colour


def add_container(g: RulesContext, ship: Ship, card: int, colour: int) -> None:
    """Put a container on a ship in harbour and fulfil the ship's contracts if now complete.

    With container tokens the card is discarded and a token of ``colour`` goes on the ship.
    """
    if card < TOKEN_BASE and "tokens1" in g.state.modules:
        card = container_token(g, ship, card, colour)
        if card < 0:  # a grey card: the token's colour is asked first
            return
    g.settled_state = None  # (a ship changed: ``settle_harbours`` looks again)
    ship.containers.append(card)
    ship.colours.append(colour)
    ship.fills.append(-1)
    settle_fills(g, ship)
    if is_complete(g, ship):
        fulfil(g, ship)


def fulfil(g: RulesContext, ship: Ship) -> None:
    """All contracts on the ship are met: payout, contracts to fulfilled, ship to sea, refill island.

    Instant abilities of the fulfilled contracts run after the payout, as pending steps on the
    stack (they may need decisions); the ship sails and the island is refilled after them.
    """
    s = g.state
    seat = ship.owner
    resettle(g, ship)  # (after a container loaded, already settled)
    n = len(ship.containers)
    amount = g.mod(seat, "payout", payout(n), ship.id) if s.abilities else payout(n)
    g.emit("fulfil", p=seat, s=ship.id, cards=list(ship.contracts), n=n)
    base, change = amount, 0
    if s.market:
        change = market_change(g, ship, amount)
        amount = max(0, amount + change)
    gain(g, seat, amount, "payout")
    contracts = ship.contracts[:]
    s.players[seat].fulfilled.extend(contracts)
    g.settled_state = None  # (a ship changed: ``settle_harbours`` looks again)
    ship.contracts.clear()
    forget(g)
    ship.sides.clear()
    s.stack.append({"kind": "sail", "ship": ship.id, "carried": len(contracts)})  # n: contracts it carried
    if s.abilities:
        g.fire_instants(seat, contracts, ship.id)
        g.notify("fulfil", seat=seat, cards=contracts, ship=ship.id, payout=base, market=change)
        g.notify("fulfilled", seat=seat, cards=contracts, ship=ship.id)  # for on_fulfilled (on_fulfil is the instant hook)


def sail(g: RulesContext, ship: Ship) -> None:
    """After a fulfilment: the ship and its containers go to the Open Sea, one card to the island."""
    ship.at_sea = True
    g.settled_state = None  # (a ship changed: ``settle_harbours`` looks again)
    if g.state.abilities and RIDING in ship.colours:  # at sea, cards loaded together are single containers again
        ship.colours[:] = [GOODS_OF[c] if col == RIDING else col for c, col in zip(ship.containers, ship.colours)]
    g.emit("sail", s=ship.id, p=ship.owner)
    if not ship.containers:
        ship_home(g, ship, "empty")
    elif g.state.abilities:
        g.notify("sail", ship=ship.id)
    deck_to_island(g)
