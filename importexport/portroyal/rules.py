"""Values the rules compute from a table: swords, influence points, how many cards a player may
take, what a hire costs, and whether a contract's condition holds.  Pure functions of the state."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from .cards import CARDS, NEVER, PERSON, POINTS, SWORDS, SYMBOL
from .expansion import Contract, load_expansion
from .state import State

EXP = load_expansion()
RULES = EXP.rules
GOAL_POINTS = RULES.competitive.goal_points
"""Influence points that begin the last round (base game and competitive play)."""
TAX_LIMIT = 12
"""Players holding this many coins or more give up half of them to a tax increase."""
START_COINS = 3
CUBES = RULES.cubes_per_player


def persons_of(s: State, seat: int, kind: str) -> list[int]:
    return [c for c in s.players[seat].persons if CARDS[c].person == kind]


_CONTRACT_POINTS = (0, *(sum(RULES.competitive.points_by_contract[:k]) for k in range(1, CUBES + 1)))
"""Competitive play: the points of a player's first k contracts together, by k."""


def count_kind(s: State, seat: int, kind: str, colour: str = "") -> int:
    """How many persons of ``kind`` (and of ship ``colour``, for Traders and Clerks) a player has."""
    if colour:
        return sum(1 for c in s.players[seat].persons if PERSON[c] == kind and CARDS[c].colour == colour)
    return [PERSON[c] for c in s.players[seat].persons].count(kind)


def swords(s: State, seat: int) -> int:
    """The swords of a player's Sailors and Pirates."""
    return sum(map(SWORDS.__getitem__, s.players[seat].persons))


def contract_points(s: State, seat: int) -> int:
    """Competitive play: the points of a player's 2nd and 3rd fulfilled contract."""
    if s.mode != "competitive":
        return 0
    return _CONTRACT_POINTS[min(len(s.players[seat].contracts), CUBES)]


def points(s: State, seat: int) -> int:
    """Influence points: persons, fulfilled expeditions and (competitive) contracts."""
    p = s.players[seat]
    return sum(map(POINTS.__getitem__, p.persons)) + sum(map(POINTS.__getitem__, p.expeditions)) + contract_points(s, seat)


def colours_in_harbour(s: State) -> int:
    return len({CARDS[c].colour for c in s.harbour if CARDS[c].kind == "ship"})


def active_allowance(s: State) -> int:
    """Cards the active player may take: 1, 2 with four ship colours in the harbour, 3 with five;
    one more per Governor."""
    colours = colours_in_harbour(s)
    base = 3 if colours >= 5 else 2 if colours == 4 else 1
    return base + count_kind(s, s.active, "governor")


def other_allowance(s: State, seat: int) -> int:
    """Cards a non-active player may take: 1, plus one per Governor."""
    return 1 + count_kind(s, seat, "governor")


def hire_cost(s: State, seat: int, card: int) -> int:
    """A person's cost, less 1 per Mademoiselle the player has (never below 0)."""
    return max(0, CARDS[card].cost - count_kind(s, seat, "mademoiselle"))


def take_price(s: State, seat: int, card: int) -> int:
    """Coins a player must hold to take ``card``: the hire cost, plus 1 for the active player
    when someone else takes it."""
    extra = 0 if seat == s.active else 1
    return (hire_cost(s, seat, card) if CARDS[card].kind == "person" else 0) + extra


def can_repel(s: State, seat: int, ship: int) -> bool:
    need = CARDS[ship].repel
    return need != NEVER and swords(s, seat) >= need


def harbour_has_colour(s: State, colour: str) -> bool:
    return any(CARDS[c].kind == "ship" and CARDS[c].colour == colour for c in s.harbour)


# --- expeditions ---------------------------------------------------------------------------

def expedition_choices(
    s: State, seat: int, expedition: int, symbols: tuple[int, ...] | None = None,
) -> list[tuple[int, ...]]:
    """The different ways to fulfil ``expedition`` with the player's persons: for each number of
    Jacks of all trades used, the lowest-numbered cards (identical persons are one way, not several).
    ``symbols``: the player's persons that show a symbol, if the caller has them at hand.  (The flow
    keeps the answers it has found: ``flow._expedition_options``.)"""
    if symbols is None:
        symbols = tuple(c for c in s.players[seat].persons if SYMBOL[c])
    return _expedition_choices(symbols, expedition)


def _expedition_choices(persons: tuple[int, ...], expedition: int) -> list[tuple[int, ...]]:
    needs = Counter(CARDS[expedition].needs)
    by_symbol: dict[str, list[int]] = {}
    for c in persons:
        sym = CARDS[c].symbol
        if sym:
            by_symbol.setdefault(sym, []).append(c)
    jacks = by_symbol.get("any", [])
    if sum(max(0, k - len(by_symbol.get(sym, ()))) for sym, k in needs.items()) > len(jacks):
        return []  # too few matching persons, even with every Jack standing in
    out: list[tuple[int, ...]] = []
    seen: set[tuple[tuple[str, int], ...]] = set()
    for used in range(min(len(jacks), sum(needs.values())) + 1):
        # which symbols the Jacks stand in for: every multiset of `used` needed symbols
        for stand_in in sorted(set(combinations(sorted(needs.elements()), used))):  # sorted: the same order in every process
            rest = needs - Counter(stand_in)
            cards: list[int] = []
            ok = True
            for sym, k in sorted(rest.items()):
                have = by_symbol.get(sym, [])
                if len(have) < k:
                    ok = False
                    break
                cards += sorted(have)[:k]
            if not ok:
                continue
            key = tuple(sorted(Counter(CARDS[c].person for c in cards).items())) + (("any", used),)
            if key in seen:
                continue
            seen.add(key)
            out.append(tuple(sorted(cards + sorted(jacks)[:used])))
    return out


def covers(needs: tuple[str, ...], persons: list[int]) -> bool:
    """Whether ``persons`` (one per symbol, Jacks for any) match ``needs`` exactly."""
    if len(persons) != len(needs):
        return False
    want = Counter(needs)
    jacks = 0
    for c in persons:
        sym = CARDS[c].symbol
        if sym == "any":
            jacks += 1
        elif want[sym] > 0:
            want[sym] -= 1
        else:
            return False
    return sum(want.values()) == jacks


# --- contracts --------------------------------------------------------------------------------

CONTRACTS: dict[str, Contract] = {c.id: c for c in EXP.contracts}
"""The expansion's contracts by id."""


def contract_of(s: State, index: int) -> Contract:
    return CONTRACTS[s.contracts[index]]


def _has_persons(persons: list[int], needs: tuple[object, ...]) -> bool:
    free = list(persons)
    for need in needs:
        for c in free:
            info = CARDS[c]
            if info.person == need.kind and (need.colour is None or info.colour == need.colour):  # type: ignore[attr-defined]
                free.remove(c)
                break
        else:
            return False
    return True


def condition_holds(s: State, seat: int, contract: Contract) -> bool:
    """Whether a contract whose condition is a state (not an event) is met by ``seat`` now."""
    cond = contract.condition
    kind = cond.kind
    persons = s.players[seat].persons
    if kind == "persons":
        return _has_persons(persons, cond.persons)  # type: ignore[union-attr]
    if kind == "persons_without_points":
        return sum(1 for c in persons if CARDS[c].points == 0) >= cond.count  # type: ignore[union-attr]
    if kind == "swords":
        return swords(s, seat) >= cond.swords  # type: ignore[union-attr]
    if kind == "expedition":
        return len(s.players[seat].expeditions) >= cond.count  # type: ignore[union-attr]
    if kind == "team_persons":
        team = [c for p in s.players for c in p.persons]
        return _has_persons(team, cond.persons)  # type: ignore[union-attr]
    return False  # events (tax, repel, bust, stop, pay) are offered when they happen


STATE_KINDS = frozenset({"persons", "persons_without_points", "swords", "expedition", "team_persons"})
"""Contract conditions that are a state of the table: met whenever they hold."""


def cube_problem(s: State, seat: int, index: int) -> tuple[str, dict[str, object]] | None:
    """Why ``seat`` cannot put a cube on contract ``index`` at all (its condition aside), or None."""
    if not 0 <= index < len(s.contracts):
        return "no_contract", {"t": index}
    p = s.players[seat]
    if index in p.contracts:
        return "contract_twice", {"p": seat, "t": index}
    if len(p.contracts) >= CUBES:
        return "no_cubes", {"p": seat, "n": CUBES}
    if len(s.boxes[index]) >= RULES.boxes_per_contract:
        return "boxes_full", {"t": index}
    return None


def event_contracts(s: State, seat: int, event: str, colour: str = "") -> list[int]:
    """The laid-out contracts an event gives ``seat`` a chance at (cubes and repeats allowing)."""
    out = []
    for i, cid in enumerate(s.contracts):
        cond = CONTRACTS[cid].condition
        if cond.kind != event or cube_problem(s, seat, i) is not None:
            continue
        if event == "repel_ship" and cond.colour != colour:  # type: ignore[union-attr]
            continue
        out.append(i)
    return out


def team_rank(s: State) -> tuple[bool, str, int, int]:
    """Cooperative and solo play: (every contract fulfilled at least once, rank id, points, cubes)."""
    all_done = all(s.boxes)
    pts = sum(points(s, seat) for seat in range(s.n))
    cubes = sum(len(b) for b in s.boxes)
    return all_done, EXP.rank(s.n, pts, cubes).id, pts, cubes
