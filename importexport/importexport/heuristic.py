"""Import/Export's heuristic player and its estimates of a position (for the search bot).

:class:`HeuristicBot` scores every legal option with a few hand-made features of its own hand and
the public table (never other hands, the deck order or sealed bids); :func:`margins` estimates each
seat's final result against the best other seat, for a finished game or one cut off mid-way.
The shared bots (``importexport.bots``) reach both through ``GAMES["importexport"]``.

>>> from importexport.bots import RandomBot, play_out
>>> from importexport.importexport.engine import Game
>>> g = Game(players=3, seed=4)
>>> play_out(g, [HeuristicBot(0), RandomBot(1), RandomBot(2)]) > 0 and g.is_over()
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import TAKE_CREW, TAKE_GOODS, TO_GOODS, Action
from .cards import CARDS
from .constants import (
    CONTRACT,
    END_CREDITS,
    GREY,
    HAND_SIZE,
    IMPORT,
    LOAD,
    MAJORITY_BONUS,
    PIRATE,
    RAINBOW_SLOT,
    RED,
    RIDING,
    SELL_PRICE,
    SUPPLY,
    TRADE,
    payout,
)
from .determinize import determinize
from .rules import (
    contract_slots,
    crew_for,
    crew_limit,
    goods_limit,
    goods_load,
    hand_size,
    level_deficit,
    levels,
    max_cargo,
)

if TYPE_CHECKING:
    from .engine import Game

# --- the heuristic player -------------------------------------------------------------------

COLOUR_OF = CARDS.goods
ACTION_OF = CARDS.action
SLOTS_OF = CARDS.slots
J_COLOURS = CARDS.j_colours
TOKEN_BASE = CARDS.token_base
LEVEL_OF: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((6 if key == "any" else ("green", "yellow", "black", "blue", "red", "grey").index(key), n)
          for key, n in c.level.items())
    for c in CARDS.cards
)
ACT_KINDS = frozenset({"sell", "crew", "contract", "load", "pirate", "trade"})
FREE_KINDS = frozenset({"drop", "anytime", "discard"})  # free choices offered beside a decision
FIT_Q = (0.9, 0.6, 0.4, 0.25, 0.15, 0.1, 0.05)  # chance a ship is completed with n containers still missing


@dataclass(frozen=True)
class Weights:
    """The numbers the heuristic trades off (credits are the unit)."""

    card: float = 0.8  # a card in hand with no particular use
    hand_soft: int = 2  # cards beyond this many are worth less each
    fulfil: float = 4.0  # a fulfilled contract beyond its payout (limits up, the ship sails)
    tempo: float = 0.7  # a ship's worth shrinks by this factor per container still missing
    crew: tuple[float, ...] = (5.0, 3.0, 2.5, 4.0, 4.0, 1.0)  # crew card per action it adds (S, I, C, L, P, T)
    opp: float = 0.15  # weight of what a led action gives the other players
    follow_gain: tuple[float, ...] = (3.0, 2.0, 2.0, 2.0, 2.5, 1.0)  # an action's worth to a typical follower
    bid: float = 0.3  # share of its worth bid for a cargo
    import_round: float = 0.7  # share of a cargo's worth an Import round is expected to bring
    level_cost: float = 2.0  # each missing level paid with an extra Contract action
    new_type: tuple[float, ...] = (1.5, 2.0, 3.0, 4.5, 10.0)  # a good of a type not yet owned, by types owned
    majority: float = 0.7  # share of a majority bonus credited for taking the lead in a type
    level_good: float = 1.5  # a good that gives a level a contract in hand lacks
    lead_bonus: float = 0.5  # leading (choosing the ships, breaking ties) over drawing


DEFAULT_WEIGHTS = Weights()


def _open_needs(slots: list[int], colours: list[int]) -> list[int]:
    """Open cargo slots per colour (index 6: rainbow) once the containers are placed."""
    need = [0] * 7
    for s in slots:
        need[s] += 1
    wild = 0
    for col in colours:
        if col == RIDING:
            continue
        if col == GREY:
            wild += 1
        elif col < 6 and need[col] > 0:
            need[col] -= 1
        elif need[RAINBOW_SLOT] > 0:
            need[RAINBOW_SLOT] -= 1
    for i in range(7):
        if wild <= 0:
            break
        used = min(wild, need[i])
        need[i] -= used
        wild -= used
    return need


def _fits(need: list[int], col: int) -> bool:
    return col != GREY and col < 6 and (need[col] > 0 or need[RAINBOW_SLOT] > 0)


def _take(need: list[int], col: int) -> list[int]:
    out = need[:]
    if out[col] > 0:
        out[col] -= 1
    else:
        out[RAINBOW_SLOT] -= 1
    return out


def _cover_cards(need: list[int], cards: list[int]) -> list[int]:
    """The cards (by colour) that fill open slots of ``need``: exact colours first, then rainbow."""
    left = need[:]
    used: list[int] = []
    spare: list[int] = []
    for c in cards:
        col = COLOUR_OF[c]
        if col < 6 and col != GREY and left[col] > 0:
            left[col] -= 1
            used.append(c)
        elif col < 6 and col != GREY:
            spare.append(c)
    return used + spare[: left[RAINBOW_SLOT]]


def _cover(need: list[int], colours: list[int]) -> int:
    """How many of ``colours`` can fill open slots of ``need`` (exact colours first)."""
    left = need[:]
    spare = 0
    got = 0
    for col in colours:
        if col < 6 and col != GREY and left[col] > 0:
            left[col] -= 1
            got += 1
        elif col < 6 and col != GREY:
            spare += 1
    return got + min(spare, left[RAINBOW_SLOT])


class _Seat:
    """What one seat knows, worked out once per decision: its hand, ships and the public table.

    Values are in credits.  A ship with contracts is worth its payout (plus ``fulfil``) times the
    chance that the hand and the cargo at sea can still fill it, shrunk by ``tempo`` per missing
    container; hand cards that fill a ship are counted there, the other cards as plain cards.
    """

    def __init__(self, g: Game, seat: int, w: Weights) -> None:
        s = g.state
        p = s.players[seat]
        self.g, self.s, self.seat, self.w, self.p = g, s, seat, w, p
        self.hand = list(p.hand)
        self.progress = min(1.0, max(q.credits for q in s.players) / END_CREDITS)
        self.late = self.progress ** 2  # how close the end is (0 early, 1 at the end)
        self.crew_room = crew_limit(g, seat) - len(p.crew)
        self.goods_room = goods_limit(g, seat) - goods_load(g, seat)
        self.levels = levels(g, seat)
        self.harbour = [s.ships[i] for i in p.ships if not s.ships[i].at_sea]
        self.needs: dict[int, list[int]] = {}
        self.totals: dict[int, int] = {}
        self.room: dict[int, int] = {}
        self.reserved: dict[int, int] = {}  # hand card -> the ship it would fill
        free = self.hand[:]
        for x in self.harbour:
            slots = contract_slots(g, x) if x.contracts else []
            self.totals[x.id] = len(slots)
            self.needs[x.id] = need = _open_needs(slots, x.colours)
            self.room[x.id] = max_cargo(g, x) - len(slots)
            if slots:
                for c in _cover_cards(need, free):
                    self.reserved[c] = x.id
                    free.remove(c)
        self.sea_colours = [c for x in s.ships if x.at_sea for c in x.colours if c < 6 and c != GREY]
        self.sea_colours += [COLOUR_OF[c] for c in s.island if COLOUR_OF[c] != GREY]
        counts = [0] * 6
        for c in p.goods:
            counts[COLOUR_OF[c]] += 1
        self.counts = counts
        top = [0] * 6
        for q in s.players:
            if q.seat == seat:
                continue
            theirs = [0] * 6
            for c in q.goods:
                theirs[COLOUR_OF[c]] += 1
            top = [max(a, b) for a, b in zip(top, theirs)]
        self.top_other = top
        self.wanted_levels = self._wanted_levels()
        self._card_values: dict[int, float] = {}
        self._contract_gains: dict[int, float] = {}
        self._sea_cover: dict[tuple[int, ...], int] = {}
        self._imports: list[float] | None = None
        self._goods: dict[int, float] = {}
        self._others: dict[int, float] = {}
        self.sample: Game | None = None  # a table dealt from this seat's view, for rare questions
        self.plain = self.plain_card(len(self.hand))

    # --- values of single things --------------------------------------------------------------

    def _wanted_levels(self) -> list[int]:
        want = [0] * 7
        for c in self.hand:
            for col, n in LEVEL_OF[c] if c < TOKEN_BASE else ():
                if self.levels[col] < n:
                    want[col] = max(want[col], n - self.levels[col])
        return want

    def plain_card(self, held: int) -> float:
        """A card with no particular use, when ``held`` cards are in hand (fewer are worth more)."""
        over = max(0, held - self.w.hand_soft)
        return self.w.card * max(0.1, 1.0 - 0.25 * over) * (1.0 - 0.6 * self.late)

    def draw_value(self, have: int) -> float:
        size = hand_size(self.g, self.seat)
        gained = size - have if have < size else 1
        return sum(self.plain_card(have + k) for k in range(gained))

    def full(self, total: int) -> float:
        return payout(total) + self.w.fulfil * (1.0 - 0.5 * self.late)

    def ship_worth(self, total: int, need: list[int], hand: list[int]) -> float:
        """What a ship's contracts are worth now, by how much of their cargo is in reach."""
        if total <= 0:
            return 0.0
        missing = sum(need)
        if missing <= 0:
            return self.full(total)
        rest = missing - _cover(need, [COLOUR_OF[c] for c in hand])
        key = tuple(need)
        at_sea = self._sea_cover.get(key)
        if at_sea is None:
            at_sea = self._sea_cover[key] = _cover(need, self.sea_colours)
        sea = min(rest, at_sea) * 0.5
        q = FIT_Q[min(len(FIT_Q) - 1, int(rest - sea + 0.5))]
        worth = self.full(total) * q * self.w.tempo ** missing
        return max(worth, 2.0 * self.late * (total - missing))  # containers score 2 each at the end

    def hand_without(self, cards: tuple[int, ...] | list[int]) -> list[int]:
        hand = self.hand[:]
        for c in cards:
            if c in hand:
                hand.remove(c)
        return hand

    def load_gain(self, ship_id: int, col: int, card: int | None = None,
                  need: list[int] | None = None, hand: list[int] | None = None) -> float:
        """A container of colour ``col`` onto own ship ``ship_id`` (from the hand if ``card``)."""
        if need is None:
            need = self.needs.get(ship_id)
        if need is None or not _fits(need, col):
            return 0.0
        if hand is None:
            hand = self.hand
        total = self.totals[ship_id]
        after_hand = hand
        if card is not None and card in hand:
            after_hand = hand[:]
            after_hand.remove(card)
        return self.ship_worth(total, _take(need, col), after_hand) - self.ship_worth(total, need, hand)

    def reserve_value(self, c: int) -> float:
        sid = self.reserved.get(c)
        if sid is None:
            return 0.0
        need, total = self.needs[sid], self.totals[sid]
        return self.ship_worth(total, need, self.hand) - self.ship_worth(total, need, self.hand_without((c,)))

    def contract_gain(self, c: int, ship_id: int | None = None, side: int = 0,
                      hand: list[int] | None = None) -> float:
        """How much placing ``c`` from the hand as a contract (on ``ship_id``, or the best ship) adds."""
        if ship_id is None:
            cached = self._contract_gains.get(c) if hand is None else None
            if cached is None:
                cached = max((self.contract_gain(c, x.id, 0, hand) for x in self.harbour), default=-5.0)
                if hand is None:
                    self._contract_gains[c] = cached
            return cached
        if c >= TOKEN_BASE:
            return -5.0
        slots = SLOTS_OF[c] if side == 0 else CARDS[c].slots(side)
        if len(slots) > self.room.get(ship_id, 0):
            return -5.0
        if hand is None:
            hand = self.hand
        old_need = self.needs[ship_id]
        total_old = self.totals[ship_id]
        new_need = old_need[:]
        for sl in slots:
            new_need[sl] += 1
        rest = hand[:]
        if c in rest:
            rest.remove(c)
        before = self.ship_worth(total_old, old_need, hand)
        after = self.ship_worth(total_old + len(slots), new_need, rest)
        deficit = level_deficit(self.g, self.seat, c, self.levels)
        return after - before - deficit * self.w.level_cost

    def card_value(self, c: int) -> float:
        """Keeping ``c`` in hand: what it adds to a ship, a contract it could become, or a plain card."""
        v = self._card_values.get(c)
        if v is None:
            if c in self.reserved:
                v = max(self.plain, self.reserve_value(c))
            else:
                v = max(self.plain, 0.6 * (self.contract_gain(c) + self.plain))
            self._card_values[c] = v
        return v

    def crew_value(self, c: int) -> float:
        if self.crew_room <= 0:
            return 0.0
        a = ACTION_OF[c]
        if a < 0:
            return 0.3
        same = sum(1 for k in self.p.crew if ACTION_OF[k] == a)
        return self.w.crew[a] * (1.0 - 0.8 * self.progress) / (1 + 0.5 * same)

    def goods_value(self, c: int) -> float:
        v = self._goods.get(c)
        if v is None:
            v = self._goods[c] = self._goods_value(c)
        return v

    def _goods_value(self, c: int) -> float:
        if self.goods_room <= 0:
            return 0.0
        col = COLOUR_OF[c]
        if col == GREY:
            return 1.0
        counts = self.counts
        v = 2.0 if col == RED else 1.0
        owned = sum(1 for k in range(5) if counts[k] > 0)
        if counts[col] == 0:
            v += self.w.new_type[min(owned, 4)]
        mine, theirs = counts[col], self.top_other[col]
        bonus = MAJORITY_BONUS[col]
        if mine + 1 > theirs >= mine:  # from behind or level to the lead
            gained = bonus - (bonus / 2 if mine == theirs and mine > 0 else 0)
            v += gained * self.w.majority
        if self.wanted_levels[col] > 0:
            v += self.w.level_good
        return v

    def cargo_value(self, cards: list[int]) -> float:
        """The best two cards an Import winner could take from ``cards`` (at most one to the crew)."""
        if not cards:
            return 0.0
        goods = sorted((self.goods_value(c) for c in cards), reverse=True)
        best = goods[0] + (goods[1] if len(goods) > 1 and self.goods_room > 1 else 0.0)
        for i, c in enumerate(cards):
            cv = self.crew_value(c)
            if cv <= 0:
                continue
            rest = max((self.goods_value(d) for j, d in enumerate(cards) if j != i), default=0.0)
            best = max(best, cv + rest)
        return best

    def spend_cost(self, c: int, hand: list[int]) -> float:
        """What giving up hand card ``c`` (sold, played) costs."""
        if c in self.reserved:
            sid = self.reserved[c]
            if sid in self.needs:
                need, total = self.needs[sid], self.totals[sid]
                rest = hand[:]
                if c in rest:
                    rest.remove(c)
                return max(self.plain_card(len(hand)), self.ship_worth(total, need, hand)
                           - self.ship_worth(total, need, rest))
        return max(self.plain_card(len(hand)), 0.6 * (self.contract_gain(c) + self.plain))

    # --- a whole action with n uses ------------------------------------------------------------

    def plan(self, action: int, n: int, spent: tuple[int, ...] = ()) -> list[float]:
        """The gains of ``n`` actions of type ``action`` in the best order (may be negative)."""
        if n <= 0:
            return []
        gains = _GAINS.get(action)
        out = [] if gains is None else gains(self, n, self.hand_without(spent))
        out.sort(reverse=True)
        return out[:n] + [0.0] * max(0, n - len(out))

    def _supply_gains(self, n: int, hand: list[int]) -> list[float]:
        """A sale (the cheapest card to give up), then every hire, best first (none beyond the crew's room)."""
        out: list[float] = []
        if not self.s.sold[self.seat] and hand:
            out.append(SELL_PRICE - min(self.spend_cost(c, hand) for c in hand))
        hires = sorted((self.crew_value(c) for c in self.s.island), reverse=True)
        out += [h if i < self.crew_room else -0.3 for i, h in enumerate(hires)]
        return out

    def _import_gains(self, n: int, hand: list[int]) -> list[float]:
        """What an Import round is expected to bring from each ship at sea with a cargo."""
        if self._imports is None:
            values = sorted((self.cargo_value(x.containers) for x in self.s.ships if x.at_sea and x.containers),
                            reverse=True)
            self._imports = [v * self.w.import_round - 1.0 for v in values]
        return list(self._imports)

    def _contract_gains(self, n: int, hand: list[int]) -> list[float]:
        """Each hand card placed as a contract, less the card kept otherwise."""
        return [self.contract_gain(c) - (0.0 if c in self.reserved else self.plain) for c in hand]

    def _load_gains(self, n: int, hand: list[int]) -> list[float]:
        """``n`` loads one after the other, each the best left."""
        needs = {k: v[:] for k, v in self.needs.items() if self.totals[k]}
        left = hand[:]
        out: list[float] = []
        for _ in range(n):
            found = self._best_load(left, needs)
            if found is None:
                break
            best, (c, sid, col) = found
            out.append(best)
            left.remove(c)
            needs[sid] = _take(needs[sid], col)
        return out

    def _best_load(self, left: list[int], needs: dict[int, list[int]]) -> tuple[float, tuple[int, int, int]] | None:
        """The most valuable load of a card of ``left`` onto a ship with open ``needs``: its gain and
        (card, ship, colour); None: no card fits."""
        best, pick = 0.0, None
        for c in left:
            col = COLOUR_OF[c]
            if col == GREY:
                continue
            for sid, need in needs.items():
                if _fits(need, col):
                    v = self.load_gain(sid, col, c, need, left)
                    if pick is None or v > best:
                        best, pick = v, (c, sid, col)
        return None if pick is None else (best, pick)

    def _pirate_gains(self, n: int, hand: list[int]) -> list[float]:
        """``n`` containers pirated one after the other, each the best left that gains something."""
        needs = {k: v[:] for k, v in self.needs.items() if self.totals[k]}
        pool = self.sea_colours[:]
        out: list[float] = []
        for _ in range(n):
            found = self._best_pirate(pool, needs, hand)
            if found is None:
                break
            best, (col, sid) = found
            out.append(best)
            pool.remove(col)
            needs[sid] = _take(needs[sid], col)
        return out

    def _best_pirate(self, pool: list[int], needs: dict[int, list[int]],
                     hand: list[int]) -> tuple[float, tuple[int, int]] | None:
        """The most valuable container colour of ``pool`` for a ship with open ``needs``: its gain
        and (colour, ship); None: none gains anything."""
        best, pick = 0.0, None
        for col in sorted(set(pool)):  # sorted: ties go the same way in every process
            for sid, need in needs.items():
                if _fits(need, col):
                    v = self.load_gain(sid, col, None, need, hand)
                    if v > best:
                        best, pick = v, (col, sid)
        return None if pick is None else (best, pick)

    def _trade_gains(self, n: int, hand: list[int]) -> list[float]:
        """The best island card for the least valuable hand card."""
        if hand and self.s.island:
            return [max(self.card_value(c) for c in self.s.island) - min(self.card_value(c) for c in hand)]
        return []

    def best_count(self, action: int, lo: int, hi: int, spent: tuple[int, ...] = ()) -> tuple[int, float]:
        """How many actions to declare (``lo``..``hi``) and what they bring."""
        gains = self.plan(action, hi, spent)
        best_n, best_v, total = lo, sum(gains[:lo]), 0.0
        for k, v in enumerate(gains, 1):
            total += v
            if k >= lo and total > best_v:
                best_n, best_v = k, total
        return best_n, best_v

    def others_gain(self, action: int) -> float:
        """What the other players may make of a led ``action`` (by their crew; hands are unknown)."""
        v = self._others.get(action)
        if v is None:
            total = 0.0
            for q in range(self.s.n):
                if q != self.seat:
                    total += (0.6 + crew_for(self.g, q, action)) * self.w.follow_gain[action]
            v = self._others[action] = total * self.w.opp
        return v


_GAINS = {
    SUPPLY: _Seat._supply_gains, IMPORT: _Seat._import_gains, CONTRACT: _Seat._contract_gains,
    LOAD: _Seat._load_gains, PIRATE: _Seat._pirate_gains, TRADE: _Seat._trade_gains,
}
"""Per action, the gains of its uses (unsorted; ``_Seat.plan`` orders and cuts them)."""


class HeuristicBot:
    """Scores every legal option with simple features of its own hand and the public table.

    Lead or follow with the action whose planned uses (a sale and hires, contracts its hand can
    fill, loads and pirated containers that complete ships, cargo worth importing) gain most for
    the cards spent, minus what the others' crews make of it; draw when cards are worth more.
    It never reads other hands, the deck or other players' sealed bids; rare ability questions
    are tried out on a table dealt from its own view.  Deterministic for a seed (the seed breaks
    exact ties and deals those tables).
    """

    def __init__(self, seed: int = 0, weights: Weights | None = None) -> None:
        self.rng = random.Random(seed)
        self.w = weights or DEFAULT_WEIGHTS

    def choose(self, g: Game, seat: int) -> Action:
        opts = g.legal_actions(seat)
        if len(opts) == 1:
            return opts[0]
        ranked = self.rank(g, seat, opts)
        return ranked[0][1]

    def rank(self, g: Game, seat: int, opts: list[Action] | None = None) -> list[tuple[float, Action]]:
        """The options, best first, with their scores."""
        if opts is None:
            opts = g.legal_actions(seat)
        ctx = _Seat(g, seat, self.w)
        frame = g.state.stack[-1]
        scored = []
        for i, a in enumerate(opts):
            scored.append((self.score(ctx, frame, a), self.rng.random() * 1e-6, i, a))
        scored.sort(key=lambda t: (-t[0], -t[1], t[2]))
        return [(v, a) for v, _, _, a in scored]

    # --- scoring one option --------------------------------------------------------------------

    def score(self, ctx: _Seat, frame: dict[str, Any], a: Action) -> float:
        kind = a.kind
        if kind in FREE_KINDS:
            return -100.0
        k = frame["kind"]
        if k == "lead":
            return self._lead(ctx, a)
        if k == "follow":
            return self._follow(ctx, a)
        if k == "declare":
            if a.target == TRADE:
                return sum(ctx.plan(TRADE, a.count)) - 0.5
            act = ctx.s.led if ctx.s.acts[ctx.seat] < 0 else ctx.s.acts[ctx.seat]
            return sum(ctx.plan(act, a.count))
        if kind in ACT_KINDS:
            return self._act(ctx, a)
        if kind == "ship":
            return self._ship(ctx, frame, a)
        if kind == "bid":
            return self._bid(ctx, frame, a)
        if kind == "winner":
            return self._winner(ctx, a)
        if kind == "take":
            if a.target == TAKE_CREW:
                return ctx.crew_value(a.cards[0])
            if a.target == TAKE_GOODS:
                return ctx.goods_value(a.cards[0])
            return -0.1
        return self._other(ctx, a)

    def _play_value(self, ctx: _Seat, action: int, cards: tuple[int, ...], extra: int) -> float:
        cost = 0.0
        hand = ctx.hand
        for c in cards:
            cost += ctx.spend_cost(c, hand)
            hand = [h for h in hand if h != c]
        _, gain = ctx.best_count(action, 1, 1 + extra, cards)
        return gain - cost

    def _lead(self, ctx: _Seat, a: Action) -> float:
        if a.kind == "draw":
            return ctx.draw_value(len(ctx.hand))
        if a.kind == "play":
            action = a.target if a.target >= 0 else _card_action(ctx.g, ctx.seat, a.cards[0])
        elif a.kind == "wild":
            action = a.target
        else:
            return self._other(ctx, a)
        if action == TRADE:
            return self._play_value(ctx, TRADE, a.cards, crew_for(ctx.g, ctx.seat, TRADE)) - 1.0
        value = self._play_value(ctx, action, a.cards, crew_for(ctx.g, ctx.seat, action))
        return value - ctx.others_gain(action) + ctx.w.lead_bonus

    def _follow(self, ctx: _Seat, a: Action) -> float:
        led = ctx.s.led
        if a.kind == "draw":
            extra = crew_for(ctx.g, ctx.seat, led)
            _, gain = ctx.best_count(led, 0, extra)
            return ctx.draw_value(len(ctx.hand)) + gain
        action = a.target if a.kind == "play" and a.target >= 0 else led
        if a.kind in ("play", "wild"):
            return self._play_value(ctx, action, a.cards, crew_for(ctx.g, ctx.seat, action))
        return self._other(ctx, a)

    def _act(self, ctx: _Seat, a: Action) -> float:
        kind = a.kind
        if kind == "sell":
            return SELL_PRICE - ctx.spend_cost(a.cards[0], ctx.hand)
        if kind == "crew":
            return ctx.crew_value(a.cards[0]) if ctx.crew_room > 0 else -0.3
        if kind == "contract":
            c = a.cards[0]
            gain = ctx.contract_gain(c, a.target, a.option)
            if c not in ctx.hand:  # Tokyo harbour: bought from the island
                return gain - 4.0
            return gain - (0.0 if c in ctx.reserved else ctx.plain)
        if kind == "load":
            c = a.cards[0]
            col = COLOUR_OF[c] if a.colour is None else a.colour
            value = ctx.load_gain(a.target, col, c)
            elsewhere = ctx.reserved.get(c, a.target) != a.target
            return value - (ctx.card_value(c) if elsewhere else 0.0) - (2.0 if J_COLOURS[c] else 0.0)
        if kind == "pirate":
            if not a.cards:
                return 0.5
            c = a.cards[0]
            col = COLOUR_OF[c] if a.colour is None else a.colour
            if a.target >= 0:
                return ctx.load_gain(a.target, col) + 0.2
            if a.target == TO_GOODS:  # into the pirate's goods (an ability)
                return ctx.goods_value(c)
            src = a.sources[0]
            if src >= 0:
                owner = ctx.s.ships[src].owner
                return 0.1 if owner != ctx.seat else -0.5
            return 0.0
        if kind == "trade":
            hand_card, island_card = a.cards
            return ctx.card_value(island_card) - ctx.card_value(hand_card)
        return 0.0

    def _ship(self, ctx: _Seat, frame: dict[str, Any], a: Action) -> float:
        bidders = frame.get("bidders", [])
        mine = a.target >= 0 and ctx.s.ships[a.target].owner == ctx.seat
        cargo = ctx.s.island if a.target < 0 else ctx.s.ships[a.target].containers
        if ctx.seat in bidders:
            v = ctx.cargo_value(cargo)
            if not mine and len(bidders) > 1:
                v -= 0.5
            return v
        # not bidding: one's own ship pays the compensation; little cargo helps the bidders least
        return (2.0 if mine else 0.0) - 0.3 * len(cargo)

    def _bid(self, ctx: _Seat, frame: dict[str, Any], a: Action) -> float:
        ship_id = frame["ship"]
        cargo = ctx.s.island if ship_id < 0 else ctx.s.ships[ship_id].containers
        mine = ship_id >= 0 and ctx.s.ships[ship_id].owner == ctx.seat
        worth = ctx.cargo_value(cargo) - (2.0 if mine else 0.0)
        want = max(0, int(worth * ctx.w.bid + 0.5))
        rivals = [b for b in frame["bidders"] if b != ctx.seat]
        richest = max((ctx.s.players[b].credits for b in rivals), default=0)
        cap = richest if ctx.s.active == ctx.seat else richest + 1  # the active player wins ties
        target = min(want, cap, ctx.p.credits)
        return -abs(a.count - target)

    def _winner(self, ctx: _Seat, a: Action) -> float:
        if a.target == ctx.seat:
            return 100.0
        q = ctx.s.players[a.target]
        return -(q.credits + 2 * len(q.goods) + 3 * len(q.fulfilled))

    def _other(self, ctx: _Seat, a: Action) -> float:
        """Ability questions and other rare choices: act-like ones as such, the rest by trying the
        choice on a table dealt from the seat's view (:func:`determinize`, so nothing hidden is
        read) and comparing one's own counts after it (credits, contracts, goods, crew, hand)."""
        if a.kind in ACT_KINDS:
            return self._act(ctx, a)
        if a.kind == "no":
            return 0.0
        if a.kind == "play":
            return 0.5 - ctx.spend_cost(a.cards[0], ctx.hand) + ctx.plain
        if ctx.sample is None:
            from .engine import Game as GameClass

            ctx.sample = GameClass.from_state(determinize(ctx.g.view(ctx.seat), self.rng))
        try:
            g2 = ctx.sample.copy()
            before = _counts(g2, ctx.seat)
            g2.apply(a)
            return _counts(g2, ctx.seat) - before
        except Exception:  # a choice the sampled table does not offer, or one that fails there
            return -1.0


def _counts(g: Game, seat: int) -> float:
    """A coarse value of one's own table position from counts only (no card identities)."""
    p = g.state.players[seat]
    others = sum(q.credits for q in g.state.players if q.seat != seat) / max(1, g.state.n - 1)
    return (p.credits + 5.0 * len(p.fulfilled) + 2.0 * len(p.goods) + 2.5 * len(p.crew)
            + 1.5 * min(len(p.hand), 7) - 0.3 * others)


def _card_action(g: Game, seat: int, card: int) -> int:
    from .turn import card_action

    return card_action(g, seat, card)


# --- estimates of a position (for the search) -------------------------------------------------

def estimate(g: Game, seat: int) -> float:
    """An estimate of ``seat``'s final result: the final scoring now, plus what the cards in hand,
    the crew and the ships in progress are still likely to bring."""
    s = g.state
    p = s.players[seat]
    total = g.scores()[seat].total
    late = min(1.0, max(q.credits for q in s.players) / END_CREDITS)
    left = 1.0 - late
    total += left * (1.5 * min(len(p.hand), HAND_SIZE + 2) + 3.0 * len(p.crew) + 2.0 * len(p.fulfilled))
    for i in p.ships:
        x = s.ships[i]
        if not x.at_sea and x.contracts:
            slots = contract_slots(g, x)
            need = _open_needs(slots, x.colours)
            missing = sum(need)
            hand_cols = [COLOUR_OF[c] for c in p.hand]
            rest = missing - _cover(need, hand_cols)
            total += FIT_Q[min(len(FIT_Q) - 1, rest)] * left * payout(len(slots))
    return total


def margins(g: Game) -> list[float]:
    """Per seat: its estimate minus the best other seat's (final scores once the game is over)."""
    if g.is_over():
        values = [float(sc.total) for sc in g.scores()]
        winners = set(g.state.winners)
        values = [v + (5.0 if i in winners else 0.0) for i, v in enumerate(values)]
    else:
        values = [estimate(g, i) for i in range(g.state.n)]
    out = []
    for i, v in enumerate(values):
        out.append(v - max(x for j, x in enumerate(values) if j != i))
    return out


def progress(g: Game) -> int:
    """Turns begun so far: how the search counts its ``depth``."""
    return g.state.turn


SEARCHED = frozenset({"lead", "follow", "declare", "act", "choose_ship", "bid", "take", "tie"})
"""The decisions the search bot plays out (the others it leaves to the heuristic)."""


def candidates(ranked: list[Action], kind: str, width: int) -> list[Action]:
    """The options the search compares, from the heuristic's ranking (best first): the ``width`` best
    that answer the decision (not free choices); for a bid, the heuristic's bid and bids 2 and 5
    above it and 2 below."""
    real = [a for a in ranked if a.kind not in FREE_KINDS]
    if not real:
        return ranked[:1]
    if kind == "bid":
        best = real[0].count
        wanted = {0, best + 2, max(0, best - 2), best + 5}
        return [real[0]] + [a for a in real[1:] if a.count in wanted][: width - 1]
    return real[:width]
