"""The coach's reasons: why a move is good, in one sentence, for the moves a search found best.

The search itself (:class:`~importexport.bots.SearchBot`) lives in the bots package;
:func:`importexport.tutor.coach.advice` asks it to play the deciding seat's best options out on
tables dealt from that seat's view and hands its estimates to :func:`advise` here, which keeps the
three that did best, each with its estimated chance of winning and one sentence, in English and
German, on what the move does for the player.  The sentence is worked out from the position as the seat sees it:
what the move changes (credits, a ship filled, a contract placed, crew, goods, cards drawn) and,
for a lead or a follow, what the action it chooses lets the player do.

Like the bots, the coach reads nothing but ``g.view(seat)``: hidden cards are dealt at random
(:func:`~importexport.importexport.determinize.determinize`) from a seeded source, so the same view and seed always
give the same advice, whatever the hidden cards really are.

See :mod:`importexport.tutor.coach` for an example.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..catalog import Table
from .actions import ISLAND, TAKE_CREW, TAKE_DISCARD, TAKE_GOODS, TO_GOODS, Action
from .cards import CARDS
from .constants import (
    ALL_TYPES_BONUS,
    BASE_COLOURS,
    CONTRACT,
    GOODS_POINTS,
    GREY,
    IMPORT,
    IMPORT_COMPENSATION,
    IMPORT_TAKE,
    LOAD,
    MAJORITY_BONUS,
    PIRATE,
    RED,
    SELL_PRICE,
    SUPPLY,
    TRADE,
    payout,
)
from .describe import fill
from .determinize import determinize
from .heuristic import ACTION_OF, COLOUR_OF, DEFAULT_WEIGHTS, _cover, _fits, _open_needs, _Seat, _take
from .i18n import place_name
from .rules import contract_slots, crew_for, level_deficit

if TYPE_CHECKING:
    from .engine import Game

LANGS = ("en", "de")

TEXT = Table("coach", {
    # --- what an action lets the player do (completes "lets you ..." / "kannst du ...") --------
    "use_sell": ("sell {c} for {n} credit", "sell {c} for {n} credits"),
    "use_hire": "hire {c} from the Supply Island as {a} crew",
    "use_hire_plain": "hire {c} from the Supply Island as crew",
    "use_import": "bid for the cargo of {s} ({cards})",
    "use_import_some": "bid to take {k} of the cards on {s:dat} ({cards})",
    "use_contract": "place {c} as a contract on {s}",
    "use_load": "load {c} onto {s}",
    "use_load_full": ("load {c} onto {s}, which fills it for {n} credit", "load {c} onto {s}, which fills it for {n} credits"),
    "use_load_filled": "load {c} onto {s}, which fills it",
    "use_pirate_sea": "take a {goods} container from the Open Sea for {s}",
    "use_pirate_island": "take a {goods} container from the Supply Island for {s}",
    "use_trade": "swap {c} for {d} from the Supply Island",
    # --- lead and follow ------------------------------------------------------------------------
    "lead_use": "Leading {a} with {cards} lets you {use}",
    "follow_use": "Following with {cards} lets you {use}",
    "lead_plain": "Leading {a} with {cards} makes {a} this turn's action",
    "follow_plain": ("Following with {cards} gives you {n} {a} action of your own", "Following with {cards} gives you {n} {a} actions of your own"),
    "crew_more": ("your crew adds {n} more {a} action", "your crew adds {n} more {a} actions"),
    "spare": "{c} fits none of your ships anyway",
    "spare_levels": ("as a contract {c} would need {n} level you lack", "as a contract {c} would need {n} levels you lack"),
    "spare_slots": ("as a contract {c} would ask for {n} container", "as a contract {c} would ask for {n} containers"),
    "no_rival_crew": "no other player has {a} crew",
    "draw": ("Drawing takes your hand from {h} to {m} card", "Drawing takes your hand from {h} to {m} cards"),
    "keep_fit": "you keep {c}, which fits {s}",
    "crew_still": ("your {n} {a} crew card still gives you {a} actions", "your {n} {a} crew cards still give you {a} actions"),
    # --- declaring ------------------------------------------------------------------------------
    "declare_all": ("With {n} {a} action you use every one that gains something now, first: {use}", "With {n} {a} actions you use every one that gains something now, first: {use}"),
    "declare_fewer": ("With {n} {a} action you keep to the best {n} of {k} useful ones, first: {use}", "With {n} {a} actions you keep to the best {n} of {k} useful ones, first: {use}"),
    "declare_more": ("Of {n} {a} action, only {k} gains something on the table as it is now, first: {use}", "Of {n} {a} actions, only {k} gain something on the table as it is now, first: {use}"),
    "declare_idle": ("The one {a} action gains nothing on the table as it is now", "None of {n} {a} actions gains anything on the table as it is now"),
    "declare_none": ("Declaring no action passes up {k} useful {a} action", "Declaring no action passes up {k} useful {a} actions"),
    "declare_none_idle": "Declaring no action loses nothing: no {a} action would gain anything now",
    # --- carrying out an action -----------------------------------------------------------------
    "sell": ("Selling {c} brings {n} credit ({m} in all)", "Selling {c} brings {n} credits ({m} in all)"),
    "crew": "With {c} in your crew you get one more {a} action whenever you take part in {a} ({n} {a} crew then)",
    "crew_plain": "{c} joins your crew ({n} crew then)",
    "crew_full": "Your crew is full, so {c} only leaves the Supply Island for the discard pile",
    "contract": ("With {c} on {s} the ship needs {k} container, {m} of them already in your hand", "With {c} on {s} the ship needs {k} containers, {m} of them already in your hand"),
    "contract_none": ("With {c} on {s} the ship needs {k} container, not yet in your hand", "With {c} on {s} the ship needs {k} containers, none of them in your hand yet"),
    "contract_full": ("a full ship then pays {n} credit", "a full ship then pays {n} credits"),
    "contract_levels": ("the missing level costs {n} extra action", "the missing levels cost {n} extra actions"),
    "load_full": ("Loading {c} fills {s}: its contracts pay {n} credit and it sails", "Loading {c} fills {s}: its contracts pay {n} credits and it sails"),
    "load_part": ("After {c}, {s} needs {k} more container, {m} of them in your hand", "After {c}, {s} needs {k} more containers, {m} of them in your hand"),
    "load_part_none": ("After {c}, {s} needs {k} more container, not yet in your hand", "After {c}, {s} needs {k} more containers, none of them in your hand yet"),
    "pirate_full": ("Taking {c} from {src} fills {s}: its contracts pay {n} credit and it sails", "Taking {c} from {src} fills {s}: its contracts pay {n} credits and it sails"),
    "pirate_part": ("After taking {c} from {src}, {s} needs {k} more container", "After taking {c} from {src}, {s} needs {k} more containers"),
    "pirate_discard": ("Throwing {c} from {src} onto the discard pile leaves {k} card there for an Import", "Throwing {c} from {src} onto the discard pile leaves {k} cards there for an Import"),
    "pirate_island": "Throwing {c} from the Supply Island onto the discard pile means nobody can hire it as crew",
    "pirate_goods": "{c} from {src} goes into your goods",
    "trade": "Swapping {c} for {d} from the Supply Island",
    "gets_fit": "{d} fits {s}",
    "gets_card": "{d} shows {a}",
    # --- Import ---------------------------------------------------------------------------------
    "ship_alone": "You are the only bidder, so the cargo of {s} is yours for free: {cards}",
    "ship_alone_some": "You are the only bidder, so you take {k} of the cards on {s:dat} for free, out of {cards}",
    "winner_takes": ("the winner of the auction takes {k} card of it", "the winner of the auction takes {k} cards of it"),
    "ship_cargo": "{s} carries {cards}",
    "ship_own": ("if another player takes the cargo of {s}, you get {n} credit", "if another player takes the cargo of {s}, you get {n} credits"),
    "ship_least": ("{s} carries {k} card, the least cargo for the bidders", "{s} carries {k} cards, the least cargo for the bidders"),
    "bid": ("A bid of {n} of your only credit for {cards}", "A bid of {n} of your {m} credits for {cards}"),
    "bid_some": ("A bid of {n} of your only credit to take {k} of {cards}",
                 "A bid of {n} of your {m} credits to take {k} of {cards}"),
    "bid_zero": ("Bidding nothing keeps your only credit", "Bidding nothing keeps all {m} of your credits"),
    "rival_rich": ("the richest other bidder has {n} credit", "the richest other bidder has {n} credits"),
    "winner_me": ("Deciding the tie for yourself gets you {cards} for {n} credit", "Deciding the tie for yourself gets you {cards} for {n} credits"),
    "winner_me_some": ("Deciding the tie for yourself lets you take {k} of {cards} for {n} credit",
                       "Deciding the tie for yourself lets you take {k} of {cards} for {n} credits"),
    "winner_poorest": ("{q} pays {n} credit for the cargo and is left with {m}, the fewest of the tied bidders", "{q} pays {n} credits for the cargo and is left with {m}, the fewest of the tied bidders"),
    "winner_other": ("{q} pays {n} credit for the cargo and is left with {m}", "{q} pays {n} credits for the cargo and is left with {m}"),
    "take_discard": "{c} goes to the discard pile because neither your crew nor your goods have room",
    # --- goods ----------------------------------------------------------------------------------
    "goods_level": "{c} as a good gives the level that {d} in your hand needs as a contract",
    "goods_first": "{c} is your first {goods} good, giving you {n} of the five types",
    "goods_all": "all five types score {n} extra points",
    "goods_ahead": "{c} puts you ahead in {goods} goods ({n} to {m}), worth {b} points at the end if it holds",
    "goods_level_with": "{c} draws you level for the most {goods} goods ({n} each)",
    "goods_red": "{c} is an illegal good worth {n} points, but the most illegal goods cost {b}",
    "goods_plain": "{c} adds a {goods} good ({n} of that type then)",
    # --- anything else: what changes for the player --------------------------------------------
    "changes": "Right after it: {list}",
    "unknown": "What it brings depends on cards you cannot see yet",
    "no_change": "It leaves your credits, cards, crew, goods and contracts as they are for now",
    "ch_credits": "credits {n} → {m}",
    "ch_hand": "cards in hand {n} → {m}",
    "ch_crew": "crew {n} → {m}",
    "ch_goods": "goods {n} → {m}",
    "ch_fulfilled": "fulfilled contracts {n} → {m}",
    "ch_contracts": "contracts on your ships {n} → {m}",
    "ch_containers": "containers on your ships {n} → {m}",
}, counts={
    "declare_none": "k", "contract": "k", "contract_none": "k", "load_part": "k", "load_part_none": "k",
    "pirate_part": "k", "pirate_discard": "k", "ship_least": "k", "bid": "m", "bid_some": "m", "bid_zero": "m", "draw": "m",
    "winner_takes": "k",
})
"""Every sentence the coach says, in English (translated through :mod:`importexport.catalog`;
arguments as in ``describe.fill``; ``use`` and ``list`` are clauses already in words; the count
that picks a plural form is ``n`` unless ``counts`` names another)."""

Part = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Advice:
    """One recommended move: the action, the share of sampled games it won (``chance``, 0..1),
    the mean lead over the best opponent after those games (``margin``, credits and points),
    how many games were played out (``rollouts``), and in each language its description and the
    sentence on why (``descriptions``, ``reasons``).  ``lang`` picks the language of
    :attr:`description` and :attr:`why`."""

    action: Action
    chance: float
    margin: float
    rollouts: int
    descriptions: Mapping[str, str]
    reasons: Mapping[str, str]
    lang: str = "en"

    @property
    def description(self) -> str:
        return self.descriptions[self.lang]

    @property
    def why(self) -> str:
        return self.reasons[self.lang]

    def in_language(self, lang: str) -> Advice:
        return replace(self, lang=lang)

    @property
    def wins(self) -> float:
        """The play-outs won (a tie counts half)."""
        return self.chance * self.rollouts

    @property
    def shown_chance(self) -> float:
        """The chance to win the game as the coach shows it: the games won plus one over the games
        played plus two (Laplace's rule of succession), so a finite number of play-outs never
        shows a sure win (100 %) or a sure loss (0 %)."""
        return (self.wins + 1.0) / (self.rollouts + 2.0)


def advise(g: Game, view: dict[str, Any], found: list[Any], top: int = 3, lang: str | None = None,
           seed: int = 0) -> list[Advice]:
    """The ``top`` best of the search's estimates ``found`` (``SearchBot.estimates`` of ``view``, the
    deciding seat's ``g.view(seat)``: options with ``action``, ``chance``, ``margin``, ``rollouts``),
    best first (by estimated chance of winning, then by mean margin), each with its sentence in both
    languages."""
    if not found:
        return []
    seat = view["seat"]
    order = sorted(range(len(found)), key=lambda i: (-found[i].chance, -found[i].margin, i))[:top]
    sample = _sample(view, seed)
    ctx = _Seat(sample, seat, DEFAULT_WEIGHTS)
    out: list[Advice] = []
    for i in order:
        est = found[i]
        words = {lng: g.describe(est.action, lng) for lng in LANGS}
        reasons = {lng: _sentence(sample, seat, reason(sample, seat, est.action, ctx), lng) for lng in LANGS}
        out.append(Advice(est.action, est.chance, est.margin, est.rollouts, words, reasons, lang or g.lang))
    return _distinct(out)


def _sample(view: dict[str, Any], seed: int) -> Game:
    """A table dealt from the view (the coach's reasons read nothing else)."""
    from .engine import Game as GameClass

    return GameClass.from_state(determinize(view, random.Random(f"coach {seed}")))


def _distinct(tips: list[Advice]) -> list[Advice]:
    """Make every sentence name its move, should two moves come out with the same sentence."""
    out: list[Advice] = []
    for tip in tips:
        if any(tip.reasons[lng] == o.reasons[lng] for o in out for lng in LANGS):
            reasons = {lng: tip.reasons[lng][:-1] + f" ({tip.descriptions[lng]})." for lng in LANGS}
            tip = replace(tip, reasons=reasons)
        out.append(tip)
    return out


def _sentence(g: Game, seat: int, parts: list[Part], lang: str) -> str:
    """The parts as one sentence: the first as a main clause, the others after semicolons."""
    texts = []
    for i, part in enumerate(parts):
        text = _clause(g, seat, part, lang)
        if i and not TEXT[part[0]][lang].startswith("{"):  # a clause after a semicolon starts small
            text = text[:1].lower() + text[1:]
        texts.append(text)
    text = "; ".join(texts)
    return text[:1].upper() + text[1:] + "."


class _Name(str):
    """A place's name with its German dative (``{s:dat}`` in a template): "dein Schiff 1" /
    "deinem Schiff 1"."""

    dative: str

    def __new__(cls, text: str, dative: str | None = None) -> _Name:
        name = super().__new__(cls, text)
        name.dative = text if dative is None else dative
        return name

    def __format__(self, spec: str) -> str:
        return self.dative if spec == "dat" else str(self)


OWN_SHIP = Table("own_ship", {"nominative": "your ship {k}", "dative": "your ship {k}"})
"""The seat's own ship, as the subject and after a preposition (German: "dein" / "deinem Schiff")."""


def _place(g: Game, seat: int, place: int, lang: str) -> _Name:
    """A place as ``describe`` names it, or the seat's own ship as "your ship k"."""
    s = g.state
    if 0 <= place < len(s.ships) and s.ships[place].owner == seat:
        extra = 2 * s.n
        k = place % 2 + 1 if place < extra else 3 + sum(1 for x in s.ships[extra:place] if x.owner == seat)
        return _Name(OWN_SHIP.format("nominative", lang, k=k), OWN_SHIP.format("dative", lang, k=k))
    return _Name(place_name(place, lang, s))


def _clause(g: Game, seat: int, part: Part, lang: str) -> str:
    key, args = part
    filled = fill(g, {k: v for k, v in args.items() if k not in ("use", "list", "s", "src")}, lang)
    for name in ("s", "src"):
        if name in args:
            filled[name] = _place(g, seat, args[name], lang)
    if "use" in args:
        filled["use"] = _clause(g, seat, args["use"], lang)
    if "list" in args:
        filled["list"] = ", ".join(_clause(g, seat, item, lang) for item in args["list"])
    return TEXT.format(key, lang, **filled)


# --- why a move is good ----------------------------------------------------------------------

def reason(g: Game, seat: int, a: Action, ctx: _Seat | None = None) -> list[Part]:
    """What ``a`` does for ``seat`` on the table ``g`` (a table dealt from the seat's view), as
    sentence parts (keys of :data:`TEXT` and their arguments)."""
    if ctx is None:
        ctx = _Seat(g, seat, DEFAULT_WEIGHTS)
    step = g.state.stack[-1]["kind"] if g.state.stack else ""
    parts: list[Part] | None = None
    if step in ("lead", "follow") and a.kind in ("play", "wild", "draw"):
        parts = _lead_or_follow(g, ctx, step, a)
    elif step == "declare" and a.kind == "declare":
        parts = _declare(g, ctx, a)
    elif a.kind in ("ship", "bid", "winner", "take") and step in ("act", "choose_ship", "bid", "tie", "take"):
        parts = _import(g, ctx, a)
    if parts is None:
        parts = _effects(g, ctx, a)
    return parts


def _apply(g: Game, a: Action) -> tuple[Game, list[tuple[str, dict[str, Any]]]] | None:
    """``a`` tried on a copy of ``g``: the new table and the events it caused (None: refused there)."""
    after = g.copy()
    start = len(after.log)
    try:
        after.apply(a)
    except Exception:  # an option the dealt table does not offer
        return None
    return after, [(key, args) for _t, key, args in after.log[start:]]


def _spare(ctx: _Seat, c: int) -> bool:
    """Whether card ``c`` fits no open slot of the seat's ships with contracts."""
    col = COLOUR_OF[c]
    return not any(_fits(need, col) for sid, need in ctx.needs.items() if ctx.totals[sid])


def _card_note(ctx: _Seat, c: int) -> Part | None:
    """What a card given up (played, sold) was worth keeping for: it fits no ship in progress, or
    as a contract it would need missing levels or ask for so many containers (None: it fits a ship)."""
    if any(ctx.totals.values()):
        return ("spare", {"c": c}) if _spare(ctx, c) else None
    if c >= CARDS.token_base:
        return None
    lacking = level_deficit(ctx.g, ctx.seat, c, ctx.levels)
    if lacking:
        return ("spare_levels", {"c": c, "n": lacking})
    return ("spare_slots", {"c": c, "n": len(CARDS[c].slots(0))})


def _fit_ship(ctx: _Seat, c: int) -> int | None:
    """A ship with contracts whose open slots ``c`` fits (None: none)."""
    col = COLOUR_OF[c]
    return next((sid for sid, need in ctx.needs.items() if ctx.totals[sid] and _fits(need, col)), None)


def _payout(ctx: _Seat, ship_id: int, containers: int) -> int | None:
    """What a ship of the seat pays when full with ``containers`` containers (None: the goods
    market decides it then)."""
    if ctx.s.market:
        return None
    amount = payout(containers)
    return ctx.g.mod(ctx.seat, "payout", amount, ship_id) if ctx.s.abilities else amount


def best_use(ctx: _Seat, action: int, spent: tuple[int, ...] = (), actions: int = 1) -> tuple[float, Part] | None:
    """The most valuable single use of one ``action`` for the seat, with ``spent`` cards gone from
    the hand and ``actions`` actions of it to spend (a contract may need more than one), by the
    heuristic's values (None: the action has nothing to do)."""
    hand = ctx.hand_without(spent)
    uses = _USES.get(action)
    found = [] if uses is None else uses(ctx, hand, actions)
    if not found:
        return None
    return max(found, key=lambda t: t[0])


Use = tuple[float, Part]


def _supply_uses(ctx: _Seat, hand: list[int], actions: int) -> list[Use]:
    """Selling the card cheapest to give up; hiring the island card worth most as crew."""
    s = ctx.s
    found: list[Use] = []
    if not s.sold[ctx.seat] and hand:
        c = min(hand, key=lambda k: ctx.spend_cost(k, hand))
        found.append((SELL_PRICE - ctx.spend_cost(c, hand), ("use_sell", {"c": c, "n": SELL_PRICE})))
    if ctx.crew_room > 0 and s.island:
        c = max(s.island, key=ctx.crew_value)
        key = "use_hire" if ACTION_OF[c] >= 0 else "use_hire_plain"
        found.append((ctx.crew_value(c), (key, {"c": c, "a": ACTION_OF[c]})))
    return found


def _import_uses(ctx: _Seat, hand: list[int], actions: int) -> list[Use]:
    """Bidding for the cargo worth most."""
    ships = [x for x in ctx.s.ships if x.at_sea and x.containers]
    if not ships:
        return []
    x = max(ships, key=lambda y: ctx.cargo_value(y.containers))
    return [(ctx.cargo_value(x.containers), _cargo_part(ctx, "use_import", x.id, list(x.containers), {}))]


def _contract_uses(ctx: _Seat, hand: list[int], actions: int) -> list[Use]:
    """Each hand card the ``actions`` can place (its missing levels paid) on each ship in harbour."""
    found: list[Use] = []
    for c in hand:
        if c >= CARDS.token_base or 1 + level_deficit(ctx.g, ctx.seat, c, ctx.levels) > actions:
            continue
        for x in ctx.harbour:
            gain = ctx.contract_gain(c, x.id, 0, hand)
            if gain > -5.0:
                found.append((gain, ("use_contract", {"c": c, "s": x.id})))
    return found


def _load_uses(ctx: _Seat, hand: list[int], actions: int) -> list[Use]:
    """Each hand card onto each ship whose contracts it fits."""
    found: list[Use] = []
    for c in hand:
        col = COLOUR_OF[c]
        for sid, need in ctx.needs.items():
            if ctx.totals[sid] and col != GREY and _fits(need, col):
                found.append((ctx.load_gain(sid, col, c, need, hand), _load_part(ctx, c, sid, col, need)))
    return found


def _load_part(ctx: _Seat, c: int, sid: int, col: int, need: list[int]) -> Part:
    """Loading ``c`` onto ship ``sid``: whether it fills the ship, and what the ship then pays."""
    if sum(_take(need, col)) != 0:
        return ("use_load", {"c": c, "s": sid})
    paid = _payout(ctx, sid, ctx.totals[sid])
    if paid is None:
        return ("use_load_filled", {"c": c, "s": sid})
    return ("use_load_full", {"c": c, "s": sid, "n": paid})


def _pirate_uses(ctx: _Seat, hand: list[int], actions: int) -> list[Use]:
    """Each container colour within reach onto each ship whose contracts it fits."""
    at_sea = {col for x in ctx.s.ships if x.at_sea for col in x.colours}
    found: list[Use] = []
    for col in sorted(set(ctx.sea_colours)):
        for sid, need in ctx.needs.items():
            if ctx.totals[sid] and _fits(need, col):
                key = "use_pirate_sea" if col in at_sea else "use_pirate_island"
                found.append((ctx.load_gain(sid, col, None, need, hand), (key, {"goods": col, "s": sid})))
    return found


def _trade_uses(ctx: _Seat, hand: list[int], actions: int) -> list[Use]:
    """The least valuable hand card for the most valuable island card."""
    if not hand or not ctx.s.island:
        return []
    give = min(hand, key=ctx.card_value)
    get = max(ctx.s.island, key=ctx.card_value)
    return [(ctx.card_value(get) - ctx.card_value(give), ("use_trade", {"c": give, "d": get}))]


_USES = {SUPPLY: _supply_uses, IMPORT: _import_uses, CONTRACT: _contract_uses, LOAD: _load_uses,
         PIRATE: _pirate_uses, TRADE: _trade_uses}
"""Per action, its single uses for the seat, with their values (``best_use`` picks the best)."""


def _lead_or_follow(g: Game, ctx: _Seat, step: str, a: Action) -> list[Part]:
    """Drawing: the cards it brings; playing: the best use of the action chosen, the crew it adds,
    what the card given up was worth, and whether the others have crew to join in with."""
    s, seat = g.state, ctx.seat
    if a.kind == "draw":
        return _drawing(g, ctx, step, a)
    if a.kind == "wild" or a.target >= 0:
        action = a.target
    elif step == "follow":
        action = s.led
    else:
        from .turn import card_action

        action = card_action(g, seat, a.cards[0])
    extra = crew_for(g, seat, action)
    use = best_use(ctx, action, a.cards, 1 + extra)
    cards = list(a.cards)
    parts: list[Part]
    if use is not None and use[0] > 0:
        parts = [("lead_use" if step == "lead" else "follow_use", {"a": action, "cards": cards, "use": use[1]})]
    elif step == "lead":
        parts = [("lead_plain", {"a": action, "cards": cards})]
    else:
        parts = [("follow_plain", {"a": action, "cards": cards, "n": 1 + extra})]
    if extra and parts[0][0] != "follow_plain":
        parts.append(("crew_more", {"n": extra, "a": action}))
    note = _card_note(ctx, cards[0]) if len(cards) == 1 else None
    if note is not None:
        parts.append(note)
    if step == "lead" and action != TRADE and not any(crew_for(g, q, action) for q in range(s.n) if q != seat):
        parts.append(("no_rival_crew", {"a": action}))
    return parts[:3]


def _drawing(g: Game, ctx: _Seat, step: str, a: Action) -> list[Part]:
    """Drawing: the cards it brings, the crew still taking part (following), a card kept that fits."""
    s, seat = g.state, ctx.seat
    done = _apply(g, a)
    have = len(ctx.hand)
    after = len(done[0].state.players[seat].hand) if done else have
    parts: list[Part] = [("draw", {"h": have, "m": after})]
    extra = crew_for(g, seat, s.led) if step == "follow" else 0
    if extra:
        parts.append(("crew_still", {"n": extra, "a": s.led}))
    kept = next(((c, sid) for c, sid in ctx.reserved.items() if ctx.totals.get(sid)), None)
    if kept is not None and len(parts) < 2:
        parts.append(("keep_fit", {"c": kept[0], "s": kept[1]}))
    return parts


def _declare(g: Game, ctx: _Seat, a: Action) -> list[Part]:
    """How many of the action's uses the count takes, and the best of them."""
    s, seat = g.state, ctx.seat
    action = TRADE if a.target == TRADE else (s.led if s.acts[seat] < 0 else s.acts[seat])
    most = g.state.stack[-1].get("most", a.count)
    useful = sum(1 for v in ctx.plan(action, max(most, a.count, 1)) if v > 0)
    use = best_use(ctx, action, actions=max(1, a.count))
    n = a.count
    if n == 0:
        return [("declare_none" if useful else "declare_none_idle", {"k": useful, "a": action})]
    if useful == 0 or use is None:
        return [("declare_idle", {"n": n, "a": action})]
    key = "declare_all" if n == useful else "declare_fewer" if n < useful else "declare_more"
    return [(key, {"n": n, "k": useful, "a": action, "use": use[1]})]


def _import(g: Game, ctx: _Seat, a: Action) -> list[Part] | None:
    """Import: choosing the ship, bidding, breaking a tie, taking the cards won."""
    s, seat = g.state, ctx.seat
    frame = s.stack[-1]
    compensation = g.mod(seat, "import_compensation", IMPORT_COMPENSATION) if s.abilities else IMPORT_COMPENSATION
    if a.kind == "ship":
        return None if a.target < 0 else _ship_choice(g, ctx, frame, s.ships[a.target], compensation)
    if a.kind == "bid":
        return _bid(g, ctx, frame, a, compensation)
    if a.kind == "winner":
        return _tie_winner(g, ctx, frame, a)
    if a.kind == "take" and a.cards:
        return _taking(g, ctx, a)
    return None


def _ship_choice(g: Game, ctx: _Seat, frame: dict[str, Any], x: Any, compensation: int) -> list[Part]:
    """Choosing ship ``x`` for the auction: its cargo and what the seat may win of it, the
    compensation for its own ship, or the smallest cargo."""
    s, seat = g.state, ctx.seat
    bidders = frame.get("bidders", [])
    if bidders == [seat]:
        return [_cargo_part(ctx, "ship_alone", x.id, list(x.containers), {})]
    if seat in bidders:
        parts: list[Part] = [("ship_cargo", {"s": x.id, "cards": list(x.containers)})]
        taken = import_take(g, seat)
        if taken < len(x.containers):
            parts.append(("winner_takes", {"k": taken}))
        return _with_best_card(g, ctx, parts, x.containers)
    if x.owner == seat:
        return [("ship_own", {"s": x.id, "n": compensation})]
    loads = [len(y.containers) for y in s.ships if y.at_sea and y.containers]
    if loads and len(x.containers) == min(loads):
        return [("ship_least", {"s": x.id, "k": len(x.containers)})]
    return [("ship_cargo", {"s": x.id, "cards": list(x.containers)})]


def _with_best_card(g: Game, ctx: _Seat, parts: list[Part], cargo: list[int]) -> list[Part]:
    """``parts`` and, if the cargo has a card, why the best of it is worth having."""
    best = _best_cargo_card(ctx, cargo)
    return parts if best is None else [*parts, _goods_or_crew(g, ctx, best)]


def _cargo_of(s: Any, ship: int) -> list[int]:
    """The cards auctioned: a ship's cargo, or the Supply Island's cards (``ship`` -1, an ability)."""
    return list(s.island if ship < 0 else s.ships[ship].containers)


def _bid(g: Game, ctx: _Seat, frame: dict[str, Any], a: Action, compensation: int) -> list[Part]:
    """A bid: what it is for and out of how many credits, what the cargo's best card is worth, the
    richest rival; no bid: the credits kept, and the compensation for the seat's own ship."""
    s, seat = g.state, ctx.seat
    ship = frame["ship"]
    cargo = _cargo_of(s, ship)
    mine = s.players[seat].credits
    rivals = [b for b in frame["bidders"] if b != seat]
    richest = ("rival_rich", {"n": max(s.players[b].credits for b in rivals)}) if rivals else None
    if not a.count:
        parts: list[Part] = [("bid_zero", {"m": mine})]
        if ship >= 0 and s.ships[ship].owner == seat:
            parts.append(("ship_own", {"s": ship, "n": compensation}))
        elif richest is not None:
            parts.append(richest)
        return parts
    parts = _with_best_card(g, ctx, [_cargo_part(ctx, "bid", ship, cargo, {"n": a.count, "m": mine})], cargo)
    return parts if richest is None else [*parts, richest]


def _tie_winner(g: Game, ctx: _Seat, frame: dict[str, Any], a: Action) -> list[Part]:
    """Breaking a tie: the cargo for the seat itself, or what the winner pays and keeps."""
    s = g.state
    ship, amount = frame["ship"], frame["amount"]
    if a.target == ctx.seat:
        return [_cargo_part(ctx, "winner_me", ship, _cargo_of(s, ship), {"n": amount})]
    left = s.players[a.target].credits - amount
    poorest = all(s.players[a.target].credits < s.players[t].credits for t in frame["tied"] if t != a.target)
    return [("winner_poorest" if poorest else "winner_other", {"q": a.target, "n": amount, "m": left})]


def _taking(g: Game, ctx: _Seat, a: Action) -> list[Part] | None:
    """A card won: into the crew, into the goods, or to the discard pile."""
    c = a.cards[0]
    if a.target == TAKE_CREW:
        return [_crew_part(g, ctx, c)]
    if a.target == TAKE_GOODS:
        return _goods_parts(ctx, c)
    if a.target == TAKE_DISCARD:
        return [("take_discard", {"c": c})]
    return None


def import_take(g: Game, seat: int) -> int:
    """How many cards ``seat`` takes of a cargo it wins (two, or more by an ability)."""
    return g.mod(seat, "import_take", IMPORT_TAKE) if g.state.abilities else IMPORT_TAKE


def _cargo_part(ctx: _Seat, key: str, ship: int, cargo: list[int], args: dict[str, Any]) -> Part:
    """A clause on winning a cargo: the whole cargo when the winner takes all of it, else how many
    of its cards the winner takes (the ``_some`` form of ``key``)."""
    taken = import_take(ctx.g, ctx.seat)
    where = {"s": ship} if ship >= 0 else {}
    if taken >= len(cargo):
        return (key, {**where, "cards": cargo, **args})
    return (f"{key}_some", {**where, "cards": cargo, "k": taken, **args})


def _best_cargo_card(ctx: _Seat, cards: list[int]) -> int | None:
    """The card of a cargo worth most to the seat, as a good or as crew."""
    if not cards:
        return None
    return max(cards, key=lambda c: max(ctx.goods_value(c), ctx.crew_value(c)))


def _goods_or_crew(g: Game, ctx: _Seat, c: int) -> Part:
    """Why ``c`` is worth importing: as crew or as a good, whichever it is worth more as."""
    if ctx.crew_value(c) > ctx.goods_value(c):
        return _crew_part(g, ctx, c)
    return _goods_parts(ctx, c)[0]


def _crew_part(g: Game, ctx: _Seat, c: int) -> Part:
    """What ``c`` adds as crew: an action of its kind each time (or nothing, the crew being full)."""
    action = ACTION_OF[c]
    if ctx.crew_room <= 0:
        return ("crew_full", {"c": c})
    if action < 0:
        return ("crew_plain", {"c": c, "n": len(ctx.p.crew) + 1})
    return ("crew", {"c": c, "a": action, "n": crew_for(g, ctx.seat, action) + 1})


def _goods_parts(ctx: _Seat, c: int) -> list[Part]:
    """Why ``c`` is worth having as a good: a level a contract needs, a new type, a majority."""
    col = COLOUR_OF[c]
    if col == GREY:
        return [("goods_plain", {"c": c, "goods": col, "n": ctx.counts[col] + 1})]
    for d in ctx.hand:
        if d != c and d < CARDS.token_base and level_deficit(ctx.g, ctx.seat, d, ctx.levels) and not _still_short(ctx, d, col):
            return [("goods_level", {"c": c, "d": d})]
    mine, theirs = ctx.counts[col], ctx.top_other[col]
    g, seat = ctx.g, ctx.seat
    points = g.mod(seat, "goods_points", GOODS_POINTS) if g.state.abilities else GOODS_POINTS
    bonus = g.mod(seat, "majority_bonus", MAJORITY_BONUS[col], col) if g.state.abilities else MAJORITY_BONUS[col]
    if col == RED and bonus < 0:
        return [("goods_red", {"c": c, "n": points[RED], "b": -bonus})]
    if mine == 0:
        types = sum(1 for k in BASE_COLOURS if ctx.counts[k] > 0) + 1
        parts: list[Part] = [("goods_first", {"c": c, "goods": col, "n": types})]
        if types == len(BASE_COLOURS):
            parts.append(("goods_all", {"n": ALL_TYPES_BONUS}))
        return parts
    if mine + 1 > theirs and bonus > 0:
        return [("goods_ahead", {"c": c, "goods": col, "n": mine + 1, "m": theirs, "b": bonus})]
    if mine + 1 == theirs and bonus > 0:
        return [("goods_level_with", {"c": c, "goods": col, "n": theirs})]
    return [("goods_plain", {"c": c, "goods": col, "n": mine + 1})]


def _still_short(ctx: _Seat, card: int, col: int) -> bool:
    """Whether contract ``card`` still lacks a level after one more good of colour ``col``."""
    have = list(ctx.levels)
    before = level_deficit(ctx.g, ctx.seat, card, have)
    have[col] += 1
    have[6] += 1
    return level_deficit(ctx.g, ctx.seat, card, have) >= before


def _effects(g: Game, ctx: _Seat, a: Action) -> list[Part]:
    """Carrying out an action, or anything else: what it changes for the seat right away."""
    done = _apply(g, a)
    if done is None:
        return [("unknown", {})]
    after, events = done
    effect = _EFFECTS.get(a.kind)
    parts = None if effect is None else effect(g, ctx, a, after, events)
    return _changes(g, after, ctx.seat) if parts is None else parts


Events = list[tuple[str, dict[str, Any]]]


def _paid(events: Events, seat: int) -> int | None:
    """What the contracts the move fulfilled for ``seat`` paid it (None: it fulfilled none)."""
    if not any(key == "fulfil" and args.get("p") == seat for key, args in events):
        return None
    return sum(args["n"] for key, args in events if key == "gain" and args.get("p") == seat and args.get("why") == "payout")


def _sold(g: Game, ctx: _Seat, a: Action, after: Game, events: Events) -> list[Part] | None:
    """A sale: the credits it brings, and what the card was worth keeping for."""
    credits = after.state.players[ctx.seat].credits
    parts: list[Part] = [("sell", {"c": a.cards[0], "n": credits - ctx.p.credits, "m": credits})]
    note = _card_note(ctx, a.cards[0])
    return parts if note is None else [*parts, note]


def _hired(g: Game, ctx: _Seat, a: Action, after: Game, events: Events) -> list[Part] | None:
    return [_crew_part(g, ctx, a.cards[0])]


def _placed(g: Game, ctx: _Seat, a: Action, after: Game, events: Events) -> list[Part] | None:
    return _contract_parts(after, ctx, a) if a.target >= 0 else None


def _loaded(g: Game, ctx: _Seat, a: Action, after: Game, events: Events) -> list[Part] | None:
    """A load: the ship filled and what it paid, or what it still lacks."""
    if a.target < 0:
        return None
    c = a.cards[0]
    paid = _paid(events, ctx.seat)
    if paid is not None:
        return [("load_full", {"c": c, "s": a.target, "n": paid})]
    return [_missing_part(after, ctx, "load", c, a.target, {})]


def _pirated(g: Game, ctx: _Seat, a: Action, after: Game, events: Events) -> list[Part] | None:
    """A container pirated: onto a ship (filled, or what it still lacks), into the goods, or away."""
    if not a.cards:
        return None
    c, src = a.cards[0], a.sources[0] if a.sources else ISLAND
    if a.target >= 0:
        paid = _paid(events, ctx.seat)
        if paid is not None:
            return [("pirate_full", {"c": c, "src": src, "s": a.target, "n": paid})]
        return [_missing_part(after, ctx, "pirate", c, a.target, {"src": src})]
    if a.target == TO_GOODS:
        return [("pirate_goods", {"c": c, "src": src}), *_goods_parts(ctx, c)[:1]]
    if src < 0:
        return [("pirate_island", {"c": c})]
    return [("pirate_discard", {"c": c, "src": src, "k": len(after.state.ships[src].containers)})]


def _traded(g: Game, ctx: _Seat, a: Action, after: Game, events: Events) -> list[Part] | None:
    """A trade: what the card got fits or shows, and what the card given was worth keeping for."""
    if len(a.cards) != 2:
        return None
    give, get = a.cards
    parts: list[Part] = [("trade", {"c": give, "d": get})]
    sid = _fit_ship(ctx, get)
    if sid is not None:
        parts.append(("gets_fit", {"d": get, "s": sid}))
    elif ACTION_OF[get] >= 0:
        parts.append(("gets_card", {"d": get, "a": ACTION_OF[get]}))
    note = _card_note(ctx, give)
    return parts if note is None else [*parts, note]


_EFFECTS = {"sell": _sold, "crew": _hired, "contract": _placed, "load": _loaded, "pirate": _pirated, "trade": _traded}
"""Per kind of action carried out, its parts (None: say what changed in the seat's counts)."""


def _missing_part(after: Game, ctx: _Seat, kind: str, c: int, ship_id: int, args: dict[str, Any]) -> Part:
    """How many containers a ship still lacks once ``c`` is on it, and how many the hand holds."""
    x = after.state.ships[ship_id]
    need = _open_needs(contract_slots(after, x), x.colours)
    missing = sum(need)
    hand = [COLOUR_OF[k] for k in after.state.players[ctx.seat].hand]
    if kind == "pirate":
        return ("pirate_part", {"c": c, "s": ship_id, "k": missing, **args})
    held = _cover(need, hand)
    return ("load_part" if held else "load_part_none", {"c": c, "s": ship_id, "k": missing, "m": held})


def _contract_parts(after: Game, ctx: _Seat, a: Action) -> list[Part]:
    """A contract placed: what the ship then needs, what the hand covers, what a full ship pays."""
    x = after.state.ships[a.target]
    slots = contract_slots(after, x)
    need = _open_needs(slots, x.colours)
    hand = [COLOUR_OF[k] for k in after.state.players[ctx.seat].hand]
    held = _cover(need, hand)
    parts: list[Part] = [("contract" if held else "contract_none",
                          {"c": a.cards[0], "s": a.target, "k": sum(need), "m": held})]
    paid = _payout(ctx, a.target, len(slots))
    if paid is not None:
        parts.append(("contract_full", {"n": paid}))
    if a.count > 1:
        parts.append(("contract_levels", {"n": a.count - 1}))
    return parts


def _changes(before: Game, after: Game, seat: int) -> list[Part]:
    """What changed in the seat's own counts (credits, hand, crew, goods, contracts, containers)."""

    def counts(g: Game) -> list[tuple[str, int]]:
        p = g.state.players[seat]
        ships = [g.state.ships[i] for i in p.ships]
        return [("ch_credits", p.credits), ("ch_hand", len(p.hand)), ("ch_crew", len(p.crew)),
                ("ch_goods", len(p.goods)), ("ch_fulfilled", len(p.fulfilled)),
                ("ch_contracts", sum(len(x.contracts) for x in ships if not x.at_sea)),
                ("ch_containers", sum(len(x.containers) for x in ships if not x.at_sea))]

    changed = [(key, {"n": n, "m": m}) for (key, n), (_k, m) in zip(counts(before), counts(after)) if n != m]
    if not changed:
        return [("no_change", {})]
    return [("changes", {"list": changed})]
