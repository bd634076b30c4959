"""How a Port Royal turn runs: setup, the frames on the state's stack, and what each choice does.

The stack holds plain dictionaries (so copies, undo and save files need nothing else).  Frames with
a ``seat`` are decisions; the others are automatic steps run by :func:`advance`:

============ =================================================================================
frame        meaning
============ =================================================================================
start_turn   the next turn begins (auto)
discover     phase 1: the active player turns a card or stops
repel        ``card``, a ship just turned that the active player's swords could drive off
claim        an event gave ``seat`` a chance at contract ``t``: place a cube or not
takers       phase 2: the ``i``-th player from the active one gets a chance to take (auto)
take         ``seat`` may take up to ``left`` more cards from the harbour
end_turn     the turn ends: the end of the game is checked, the next player follows (auto)
============ =================================================================================
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from ..rng import Rng
from .actions import Action
from .cards import CARDS, COST, SYMBOL
from .expansion import Contract
from .rules import (
    CONTRACTS,
    CUBES,
    EXP,
    GOAL_POINTS,
    RULES,
    START_COINS,
    STATE_KINDS,
    TAX_LIMIT,
    active_allowance,
    can_repel,
    condition_holds,
    count_kind,
    cube_problem,
    event_contracts,
    expedition_choices,
    harbour_has_colour,
    hire_cost,
    other_allowance,
    points,
    swords,
)
from .state import Player, State

if TYPE_CHECKING:
    from .game import Game

Frame = dict[str, Any]
PAY_KIND = "pay_coins"


# --- setup ----------------------------------------------------------------------------------

def choose_contracts(mode: str, players: int, rng: Rng) -> list[str]:
    """Competitive: random contracts of the regular pool.  Cooperative and solo: one per seal group
    1, 2, ... as many as the player count asks for (beyond six groups: any contract left)."""
    pool = list(EXP.pool(mode))  # type: ignore[arg-type]
    if mode == "competitive":
        rng.shuffle(pool)
        return [c.id for c in pool[: RULES.competitive.contracts[players]]]
    chosen: list[str] = []
    for group in EXP.seal_groups_for(mode, players):  # type: ignore[arg-type]
        left = [c for c in pool if c.id not in chosen and (group == 0 or c.seal.group == group)]
        chosen.append(rng.choice(left).id)
    return chosen


def check_contracts(mode: str, contracts: list[str] | tuple[str, ...]) -> list[str]:
    if mode == "base":
        if contracts:
            raise ValueError("the base game has no contracts: choose the mode competitive, cooperative or solo")
        return []
    pool = {c.id for c in EXP.pool(mode)}  # type: ignore[arg-type]
    out: list[str] = []
    for cid in contracts:
        if cid not in pool:
            raise ValueError(f"{cid!r} is not a contract of {mode} play; they are {', '.join(sorted(pool))}")
        if cid in out:
            raise ValueError(f"contract {cid!r} is laid out twice")
        out.append(cid)
    if not 1 <= len(out) <= len(pool):
        raise ValueError(f"lay out 1 to {len(pool)} contracts, not {len(out)}")
    return out


def new_state(g: Game, players: int, seed: int, mode: str, contracts: list[str] | tuple[str, ...] | None) -> State:
    """Shuffle, choose the start player, deal 3 coins each, lay out contracts and the time pile."""
    rng = Rng(seed)
    deck = CARDS.ids(mode != "base")
    rng.shuffle(deck)
    s = State(mode=mode, n=players, deck=deck, players=[Player() for _ in range(players)])
    s.start = s.active = rng.below(players)
    for p in s.players:
        p.coins = [s.deck.pop() for _ in range(START_COINS)]
    chosen = check_contracts(mode, contracts) if contracts is not None else (
        [] if mode == "base" else choose_contracts(mode, players, rng))
    s.contracts = chosen
    s.boxes = [[] for _ in chosen]
    if s.team:
        size = sum(CONTRACTS[c].seal.group for c in chosen)
        s.time_pile = [s.deck.pop() for _ in range(size)]
    s.rng = rng.state
    s.stack = [{"kind": "start_turn"}]
    return s


# --- moving cards --------------------------------------------------------------------------

def draw(g: Game) -> int | None:
    """The top card of the draw pile, refilled from the discard pile when empty (None: no card)."""
    s = g.state
    if not s.deck:
        if not s.discard:
            return None
        r = g.rng()
        s.deck, s.discard = s.discard, []
        r.shuffle(s.deck)
        s.rng = r.state
        g.emit("reshuffle", n=len(s.deck))
    return s.deck.pop()


def gain(g: Game, seat: int, coins: int, why: str, quiet: bool = False) -> None:
    """Give ``seat`` coins from the draw pile (fewer if the piles run out); ``quiet``: the caller's
    own log line already names them."""
    if coins <= 0:
        return
    got = 0
    for _ in range(coins):
        card = draw(g)
        if card is None:
            break
        g.state.players[seat].coins.append(card)
        got += 1
    if got and not quiet:
        g.emit("gain", p=seat, n=got, why=why)
    if got < coins:
        g.emit("no_coins_left", p=seat, n=coins - got)


def pay(g: Game, seat: int, coins: int, to: int | None = None) -> None:
    """``seat`` gives up ``coins`` face-down cards: to the discard pile, or to player ``to``."""
    own = g.state.players[seat].coins
    paid = own[len(own) - coins:]
    del own[len(own) - coins:]
    if to is None:
        g.state.discard.extend(paid)
    else:
        g.state.players[to].coins.extend(paid)


def can_turn(s: State) -> bool:
    if s.team and s.turned == 0:
        return bool(s.time_pile)
    return bool(s.deck or s.discard)


# --- the loop ------------------------------------------------------------------------------

def advance(g: Game) -> list[Action]:
    """Run automatic frames until a decision is due; return its options ([] once the game is over)."""
    s = g.state
    stack = s.stack
    if s.team and not s.time_pile and stack:  # the time pile is empty: the game is over at once (E9)
        g.emit("time_up")
        game_over(g, "time")
    while stack:
        frame = stack[-1]
        kind = frame["kind"]
        auto = AUTO.get(kind)
        if auto is not None:
            auto(g, frame)
            continue
        opts = OPTIONS[kind](g, frame)
        if not opts:  # nothing to choose here: the frame ends by itself
            stack.pop()
            continue
        seat = frame["seat"]
        return opts + free_options(g, seat, deciding=True)
    return []


def resolve(g: Game, a: Action) -> None:
    """Carry out a legal choice (the caller has checked it)."""
    FREE_DO.get(a.kind, _decision)(g, a)


def _decision(g: Game, a: Action) -> None:
    frame = g.state.stack[-1]
    DO[frame["kind"]](g, frame, a)


# --- turn frames ---------------------------------------------------------------------------

def _start_turn(g: Game, frame: Frame) -> None:
    s = g.state
    s.stack.pop()
    s.turned = s.repelled = 0
    if not can_turn(s):  # every card is held by the players: the game cannot go on (ruling)
        game_over(g, "no_cards")
        return
    s.turn += 1
    g.emit("turn_begins", p=s.active)
    s.stack += [{"kind": "end_turn"}, {"kind": "discover", "seat": s.active}]


DISCOVER = tuple(Action(seat, "discover") for seat in range(5))
STOP = tuple(Action(seat, "stop") for seat in range(5))


def _discover_options(g: Game, frame: Frame) -> list[Action]:
    s = g.state
    seat = frame["seat"]
    if not can_turn(s):
        return [STOP[seat]]
    return [DISCOVER[seat], STOP[seat]] if s.turned else [DISCOVER[seat]]


def _discover(g: Game, frame: Frame, a: Action) -> None:
    s = g.state
    if a.kind == "stop":
        _stop(g)
        return
    from_time = s.team and s.turned == 0
    card = s.time_pile.pop() if from_time else draw(g)
    assert card is not None
    s.turned += 1
    info = CARDS[card]
    g.emit("turned", p=a.player, c=card, time=from_time)
    if from_time and not s.time_pile:  # the time pile's last card: nothing more happens (advance ends the game)
        s.discard.append(card)
        return
    if info.kind == "ship":
        if can_repel(s, a.player, card):
            s.stack.append({"kind": "repel", "seat": a.player, "card": card})
        else:
            _land(g, card)
    elif info.kind == "person":
        s.harbour.append(card)
    elif info.kind == "expedition":
        s.expeditions.append(card)
        g.emit("expedition_out", c=card)
    else:
        _tax(g, card)


def _repel_options(g: Game, frame: Frame) -> list[Action]:
    return [Action(frame["seat"], "repel", frame["card"]), Action(frame["seat"], "land", frame["card"])]


def _repel(g: Game, frame: Frame, a: Action) -> None:
    s = g.state
    s.stack.pop()
    card = frame["card"]
    if a.kind == "land":
        _land(g, card)
        return
    s.discard.append(card)
    g.emit("repelled", p=a.player, c=card)
    s.repelled += 1  # the Gunners pay for it when this phase 1 ends (ruling E2)
    _offer(g, [a.player], "repel_ship", CARDS[card].colour)


def _land(g: Game, card: int) -> None:
    s = g.state
    colour = CARDS[card].colour
    busted = harbour_has_colour(s, colour)
    s.harbour.append(card)
    if busted:
        _bust(g, card)


def _gunners(g: Game) -> None:
    """Phase 1 ends (a stop or a bust): the active player's Gunners pay for every ship driven off in it,
    each Gunner 1 coin per ship (ruling E2)."""
    s = g.state
    ships, s.repelled = s.repelled, 0
    gunners = count_kind(s, s.active, "gunner")
    if ships and gunners:
        gain(g, s.active, ships * gunners * RULES.gunner_coins_per_repel, "gunner")


def _bust(g: Game, card: int) -> None:
    s = g.state
    seat = s.active
    g.emit("bust", p=seat, c=card, cards=list(s.harbour))
    s.discard.extend(s.harbour)
    s.harbour.clear()
    assert s.stack[-1]["kind"] == "discover"
    s.stack.pop()  # no phase 2: the end of the turn is next
    _gunners(g)
    jesters = count_kind(s, seat, "jester")
    if jesters:
        gain(g, seat, jesters, "jester_bust")
    _offer(g, [seat], "bust")


def _stop(g: Game) -> None:
    s = g.state
    s.stack.pop()
    g.emit("stops", p=s.active, n=len(s.harbour))
    _gunners(g)
    s.stack.append({"kind": "takers", "i": 0, "allowance": active_allowance(s)})
    stop_kind = [
        i for i in event_contracts(s, s.active, "stop_with_cards")
        if len(s.harbour) >= CONTRACTS[s.contracts[i]].condition.cards  # type: ignore[union-attr]
    ]
    _push_claims(s, [(s.active, i) for i in stop_kind])


def _tax(g: Game, card: int) -> None:
    s = g.state
    order = [(s.active + k) % s.n for k in range(s.n)]
    losers: list[int] = []
    g.emit("tax", c=card)
    for seat in order:
        held = len(s.players[seat].coins)
        if held >= TAX_LIMIT:
            pay(g, seat, held // 2)
            losers.append(seat)
            g.emit("tax_paid", p=seat, n=held // 2)
    if CARDS[card].tax == "most_swords":
        values = [swords(s, seat) for seat in range(s.n)]
        best = max(values)
        winners = [seat for seat in order if values[seat] == best and best > 0]
    else:
        values = [points(s, seat) for seat in range(s.n)]
        best = min(values)
        winners = [seat for seat in order if values[seat] == best]
    if not winners:
        g.emit("tax_nobody")
    for seat in winners:
        gain(g, seat, 1, CARDS[card].tax)
    s.discard.append(card)
    _offer(g, losers, "tax_paid")


def _offer(g: Game, seats: list[int], event: str, colour: str = "") -> None:
    """An event happened to ``seats``: each gets the chance at the contracts it fulfils."""
    s = g.state
    _push_claims(s, [(seat, i) for seat in seats for i in event_contracts(s, seat, event, colour)])


def _push_claims(s: State, claims: list[tuple[int, int]]) -> None:
    for seat, i in reversed(claims):  # the first in the list decides first
        s.stack.append({"kind": "claim", "seat": seat, "t": i})


def _claim_options(g: Game, frame: Frame) -> list[Action]:
    seat, t = frame["seat"], frame["t"]
    if cube_problem(g.state, seat, t) is not None:  # e.g. the last cube went meanwhile
        return []
    return [Action(seat, "contract", target=t), Action(seat, "decline", target=t)]


def _claim(g: Game, frame: Frame, a: Action) -> None:
    g.state.stack.pop()
    if a.kind == "contract":
        place_cube(g, a.player, a.target)
    else:
        g.emit("declined", p=a.player, t=a.target)


def _takers(g: Game, frame: Frame) -> None:
    s = g.state
    s.stack.pop()
    i = frame["i"]
    while i < s.n:  # each player's chance in turn; one with nothing to choose is passed over here
        seat = (s.active + i) % s.n
        _chance_bonuses(g, seat)
        take = {"kind": "take", "seat": seat, "left": frame["allowance"] if i == 0 else other_allowance(s, seat)}
        i += 1
        if _take_options(g, take):
            s.stack += [{"kind": "takers", "i": i, "allowance": 0}, take]
            return
    if s.harbour:
        g.emit("harbour_cleared", cards=list(s.harbour))
        s.discard.extend(s.harbour)
        s.harbour.clear()


def _chance_bonuses(g: Game, seat: int) -> None:
    """Coins due when a player's chance to take begins: Admirals, Vice-admirals, Jesters."""
    s = g.state
    cards = len(s.harbour)
    if cards >= 5:
        gain(g, seat, 2 * count_kind(s, seat, "admiral"), "admiral")
    if cards in RULES.vice_admiral_cards:
        gain(g, seat, RULES.vice_admiral_coins * count_kind(s, seat, "vice_admiral"), "vice_admiral")
    if cards == 0:
        gain(g, seat, count_kind(s, seat, "jester"), "jester_empty")


def pay_contracts(s: State, seat: int) -> list[int]:
    """Contracts ``seat`` could fulfil now by paying coins instead of a take (their cube and coins allowing)."""
    if seat != s.active:
        return []
    out = []
    for i, cid in enumerate(s.contracts):
        cond = CONTRACTS[cid].condition
        if cond.kind == PAY_KIND and cube_problem(s, seat, i) is None and len(s.players[seat].coins) >= cond.coins:  # type: ignore[union-attr]
            out.append(i)
    return out


def _take_options(g: Game, frame: Frame) -> list[Action]:
    """The taker's takes and payments, and ``pass``; for the active player who has none left but can
    still fulfil an expedition, ``pass`` alone, so the turn does not end before they could (ruling 18)."""
    s = g.state
    seat = frame["seat"]
    out = _takes(s, seat) if frame["left"] > 0 else []
    if out or (seat == s.active and _expedition_due(s, seat)):
        out.append(Action(seat, "pass"))
    return out


def _takes(s: State, seat: int) -> list[Action]:
    """The cards ``seat`` can afford to take now, and (team play) the contracts it may pay for."""
    coins = len(s.players[seat].coins)
    if seat != s.active:
        coins -= 1  # the active player's coin comes first
        if coins < 0:
            return []
    discount = count_kind(s, seat, "mademoiselle")  # (take_price, with the discount counted once)
    out = [Action(seat, "take", c) for c in s.harbour if COST[c] - discount <= coins]
    if s.team:
        out += [Action(seat, "pay", target=i) for i in pay_contracts(s, seat)]
    return out


def _expedition_due(s: State, seat: int) -> bool:
    """Whether ``seat`` could fulfil one of the expeditions beside the harbour now."""
    if not s.expeditions:
        return False
    symbols = tuple(c for c in s.players[seat].persons if SYMBOL[c])
    return bool(symbols) and bool(_expedition_options(s, seat, tuple(s.expeditions), symbols))


def _take(g: Game, frame: Frame, a: Action) -> None:
    s = g.state
    seat = a.player
    if a.kind == "pass":
        s.stack.pop()
        g.emit("passes", p=seat)
        return
    frame["left"] -= 1
    if a.kind == "pay":
        cond = CONTRACTS[s.contracts[a.target]].condition
        pay(g, seat, cond.coins)  # type: ignore[union-attr]
        g.emit("paid_for_contract", p=seat, n=cond.coins, t=a.target)  # type: ignore[union-attr]
        place_cube(g, seat, a.target)
        return
    card = a.card
    s.harbour.remove(card)
    if seat != s.active:
        pay(g, seat, 1, to=s.active)
    info = CARDS[card]
    if info.kind == "ship":
        s.discard.append(card)
        g.emit("trades", p=seat, c=card, fee=seat != s.active)
        gain(g, seat, info.coins, "trade")
        gain(g, seat, count_kind(s, seat, "trader", info.colour), "trader")
        if info.a_ship and s.mode != "solo":
            for other in range(s.n):
                if other != seat:
                    gain(g, other, RULES.a_ship_coins_to_others, "a_ship")
        if seat == s.active:
            clerks = count_kind(s, seat, "clerk", info.colour)
            if clerks:
                frame["left"] += clerks * RULES.clerk_extra_cards
                g.emit("clerk", p=seat, n=clerks * RULES.clerk_extra_cards)
    else:
        cost = hire_cost(s, seat, card)
        pay(g, seat, cost)
        s.players[seat].persons.append(card)
        g.holdings_changed()
        g.emit("hires", p=seat, c=card, n=cost, fee=seat != s.active)


def _end_turn(g: Game, frame: Frame) -> None:
    s = g.state
    s.stack.pop()
    g.emit("turn_ends", p=s.active)
    if not s.team:  # (a team's game ends the moment the time pile runs out or the end is declared)
        if not s.ending and any(points(s, seat) >= GOAL_POINTS for seat in range(s.n)):
            s.ending = True
            g.emit("last_round", n=GOAL_POINTS)
        if s.ending and (s.active + 1) % s.n == s.start:
            game_over(g, "points")
            return
    s.active = (s.active + 1) % s.n
    s.stack.append({"kind": "start_turn"})


def game_over(g: Game, why: str) -> None:
    g.state.stack.clear()
    g.emit("game_over", why=why)


# --- contracts, expeditions, free choices ---------------------------------------------------

def place_cube(g: Game, seat: int, t: int) -> None:
    """``seat`` puts a cube on the leftmost free box of contract ``t`` and takes that box's coins."""
    s = g.state
    g.holdings_changed()
    box = len(s.boxes[t])
    s.boxes[t].append(seat)
    s.players[seat].contracts.append(t)
    coins = CONTRACTS[s.contracts[t]].boxes[box]
    g.emit("cube", p=seat, t=t, box=box + 1, n=coins)
    gain(g, seat, coins, "box", quiet=True)  # the "cube" line names the coins


@cache
def state_contracts(contracts: tuple[str, ...]) -> tuple[tuple[int, Contract], ...]:
    """The laid-out contracts whose condition is a state of the table, with their places."""
    return tuple((i, CONTRACTS[cid]) for i, cid in enumerate(contracts) if CONTRACTS[cid].condition.kind in STATE_KINDS)


def _contract_options(s: State, seat: int) -> list[Action]:
    """Cubes ``seat`` may place now on contracts whose condition is a state of the table."""
    return [
        Action(seat, "contract", target=i) for i, contract in state_contracts(tuple(s.contracts))
        # (the refusal asks the same two: ``explain._free_reason``; found once per holdings, ``Game._met``)
        if condition_holds(s, seat, contract) and cube_problem(s, seat, i) is None
    ]


_WAYS: dict[tuple[object, ...], list[Action]] = {}
"""Expedition choices found before, by what they depend on (asked again at every decision of the turn)."""


def _expedition_options(s: State, seat: int, expeditions: tuple[int, ...], symbols: tuple[int, ...]) -> list[Action]:
    key = (seat, expeditions, symbols)
    found = _WAYS.get(key)
    if found is None:
        if len(_WAYS) > 50_000:
            _WAYS.clear()
        found = _WAYS[key] = [
            Action(seat, "expedition", e, cards=way) for e in expeditions for way in expedition_choices(s, seat, e, symbols)
        ]
    return found


def free_options(g: Game, seat: int, deciding: bool = False) -> list[Action]:
    """What ``seat`` may do without being asked: state contracts, coins to teammates, the end; and,
    for the active player deciding in their own turn, expeditions."""
    s = g.state
    out: list[Action] = []
    mine = s.players[seat]
    if deciding and seat == s.active and s.expeditions:
        symbols = tuple(c for c in mine.persons if SYMBOL[c])
        if symbols:
            out += _expedition_options(s, seat, tuple(s.expeditions), symbols)
    if s.contracts and len(mine.contracts) < CUBES:
        cache = g._met
        found = cache.get(seat)
        if found is None:  # (contract conditions change only with the holdings: see Game.holdings_changed)
            found = cache[seat] = _contract_options(s, seat)
        out += found
    if s.mode == "cooperative":
        if s.players[seat].coins:
            out += [Action(seat, "give", target=o) for o in range(s.n) if o != seat]
    if s.team and s.boxes and all(s.boxes):
        out.append(Action(seat, "end"))
    return out


def _free(g: Game, a: Action) -> None:
    s = g.state
    if a.kind == "contract" and s.stack and s.stack[-1]["kind"] == "claim" and s.stack[-1]["t"] == a.target \
            and s.stack[-1]["seat"] == a.player:
        _decision(g, a)  # the answer to an event's chance
    elif a.kind == "contract":
        place_cube(g, a.player, a.target)
    elif a.kind == "give":
        pay(g, a.player, 1, to=a.target)
        g.emit("gives", p=a.player, q=a.target)
    elif a.kind == "end":
        s.declared = True  # whatever was still to come in this turn is dropped: the game ends now
        g.emit("declared", p=a.player)
        game_over(g, "declared")
    else:  # expedition
        p = s.players[a.player]
        for c in a.cards:
            p.persons.remove(c)
        s.discard.extend(a.cards)
        s.expeditions.remove(a.card)
        p.expeditions.append(a.card)
        g.holdings_changed()
        g.emit("expedition", p=a.player, c=a.card, cards=list(a.cards))
        gain(g, a.player, CARDS[a.card].coins, "expedition")


AUTO = {"start_turn": _start_turn, "takers": _takers, "end_turn": _end_turn}
OPTIONS = {"discover": _discover_options, "repel": _repel_options, "claim": _claim_options, "take": _take_options}
DO = {"discover": _discover, "repel": _repel, "claim": _claim, "take": _take}
FREE_DO = {"contract": _free, "give": _free, "end": _free, "expedition": _free}
