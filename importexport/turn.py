"""A turn: lead or draw, the others follow or draw, everyone carries out what they declared.

Frames (see ``flow``): ``lead`` -> ``declare`` -> ``follow`` (each other seat, clockwise) ->
``execute`` -> ``act`` (each seat with actions, clockwise from the active player; Import goes
to ``bidding`` instead) -> ``end_turn``.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from .actions import Action
from .cards import CARDS
from .constants import CONTRACT, GREY, IMPORT, LOAD, PIRATE, SELL_PRICE, SUPPLY, TRADE
from .flow import Frame, automatic, decision
from .rules import (
    add_container,
    can_take_container,
    cargo_size,
    contract_slots,
    crew_for,
    crew_room,
    draw_action,
    fulfil,
    gain,
    is_complete,
    level_deficit,
    levels,
    max_cargo,
    remove_container,
    sail,
    ship_home,
)
from .setup import reset_turn

if TYPE_CHECKING:
    from .engine import Game

ACTION_OF = CARDS.action
GOODS_OF = CARDS.goods
WILD_ACTIONS = (0, 1, 2, 3, 4)  # the two-card wild never stands for Trade


def card_action(g: Game, seat: int, card: int) -> int:
    """The action a card in hand stands for when played."""
    return g.mod(seat, "card_action", ACTION_OF[card], card) if g.state.abilities else ACTION_OF[card]


def wild_pairs(hand: list[int]) -> list[tuple[int, int]]:
    """Pairs of cards of one colour (two Trade cards of grey also make a pair)."""
    by_colour: dict[int, list[int]] = {}
    for c in hand:
        by_colour.setdefault(GOODS_OF[c], []).append(c)
    pairs: list[tuple[int, int]] = []
    for cards in by_colour.values():
        if len(cards) > 1:
            pairs.extend(combinations(sorted(cards), 2))
    return pairs


# --- lead ---------------------------------------------------------------------------------

def lead_options(g: Game, fr: Frame) -> list[Action]:
    seat = fr["p"]
    hand = g.state.players[seat].hand
    opts = [Action(seat, "draw")]
    in_hand = set()
    for c in hand:
        opts.append(Action(seat, "play", (c,)))
        in_hand.add(card_action(g, seat, c))
    missing = [a for a in WILD_ACTIONS if a not in in_hand]
    if missing:
        for pair in wild_pairs(hand):
            opts.extend(Action(seat, "wild", pair, a) for a in missing)
    return opts


def lead_resolve(g: Game, fr: Frame, a: Action) -> None:
    s = g.state
    s.stack.pop()
    s.stack.append({"k": "end_turn"})
    if a.kind == "draw":
        g.emit("lead_draw", p=a.player)
        draw_action(g, a.player)
        return
    action = card_action(g, a.player, a.cards[0]) if a.kind == "play" else a.target
    s.led = action
    if s.abilities:
        g.notify("lead", seat=a.player, action=action)
    s.stack.append({"k": "execute"})
    if action != TRADE:
        for seat in reversed(g.seat_order()[1:]):
            s.stack.append({"k": "follow", "p": seat})
    play_cards(g, a.player, a.cards, action, leading=True)


def play_cards(g: Game, seat: int, cards: tuple[int, ...], action: int, leading: bool) -> None:
    """Cards go from the hand into the harbour; the player then declares a count."""
    s = g.state
    hand = s.players[seat].hand
    for c in cards:
        hand.remove(c)
    s.played.extend(cards)
    g.emit("lead" if leading else "follow", p=seat, cards=list(cards), a=action)
    extra = crew_for(g, seat, action)
    if extra:
        s.stack.append({"k": "declare", "p": seat, "lo": 1, "hi": 1 + extra})
    else:
        s.decl[seat] = 1


# --- declare ------------------------------------------------------------------------------

def declare_options(g: Game, fr: Frame) -> list[Action]:
    seat = fr["p"]
    return [Action(seat, "declare", count=n) for n in range(fr["lo"], fr["hi"] + 1)]


def declare_resolve(g: Game, fr: Frame, a: Action) -> None:
    g.state.stack.pop()
    g.state.decl[a.player] = a.count
    g.emit("declare", p=a.player, n=a.count, a=g.state.led)


# --- follow -------------------------------------------------------------------------------

def follow_options(g: Game, fr: Frame) -> list[Action]:
    s = g.state
    seat = fr["p"]
    led = s.led
    hand = s.players[seat].hand
    opts = [Action(seat, "draw")]
    matching = False
    for c in hand:
        if card_action(g, seat, c) == led or (s.abilities and g.mod(seat, "follow_with_any", False, c)):
            opts.append(Action(seat, "play", (c,)))
            matching = True
    if not matching and led != TRADE:
        opts.extend(Action(seat, "wild", pair, led) for pair in wild_pairs(hand))
    return opts


def follow_resolve(g: Game, fr: Frame, a: Action) -> None:
    s = g.state
    s.stack.pop()
    seat = a.player
    if a.kind == "draw":
        g.emit("follow_draw", p=seat)
        extra = crew_for(g, seat, s.led)
        if extra:
            s.stack.append({"k": "declare", "p": seat, "lo": 0, "hi": extra})
        else:
            s.decl[seat] = 0
        draw_action(g, seat)
        return
    play_cards(g, seat, a.cards, s.led, leading=False)


# --- execute ------------------------------------------------------------------------------

def execute(g: Game, fr: Frame) -> None:
    s = g.state
    if s.abilities:
        g.notify("declared", action=s.led, counts=list(s.decl))
    if s.led == IMPORT:
        rounds = max(s.decl)
        for r in range(rounds, 0, -1):
            s.stack.append({"k": "import_round", "r": r})
        return
    for seat in reversed(g.seat_order()):
        if s.decl[seat] > 0:
            s.stack.append({"k": "act", "p": seat, "left": s.decl[seat]})


def act_options(g: Game, fr: Frame) -> list[Action]:
    led = fr.get("a", g.state.led)
    if led == SUPPLY:
        return supply_options(g, fr["p"])
    if led == CONTRACT:
        return contract_options(g, fr["p"], fr["left"])
    if led == LOAD:
        return load_options(g, fr["p"])
    if led == PIRATE:
        return pirate_options(g, fr["p"])
    return trade_options(g, fr["p"])


def act_resolve(g: Game, fr: Frame, a: Action) -> None:
    s = g.state
    fr["left"] -= a.count if a.kind == "contract" else 1
    if fr["left"] <= 0:
        s.stack.pop()
    PERFORM[a.kind](g, a)


def act_skip(g: Game, fr: Frame) -> None:
    g.state.stack.pop()
    g.emit("cannot_act", p=fr["p"], n=fr["left"], a=fr.get("a", g.state.led))


def solo_action(g: Game, seat: int, action: int, count: int = 1) -> None:
    """``seat`` alone carries out ``count`` actions of type ``action`` (nobody follows or draws).

    Abilities use it for free actions (a free Import, a free Load, ...).  An Import becomes one
    bidding round per action with the player as the only bidder.
    """
    s = g.state
    if action == IMPORT:
        for r in range(count, 0, -1):
            s.stack.append({"k": "import_round", "r": r, "bidders": [seat]})
    else:
        s.stack.append({"k": "act", "p": seat, "left": count, "a": action})


def solo_play_options(g: Game, fr: Frame) -> list[Action]:
    seat = fr["p"]
    opts = [Action(seat, "play", (c,)) for c in g.state.players[seat].hand if ACTION_OF[c] != TRADE]
    return opts + [Action(seat, "no")] if opts else []


def solo_play_resolve(g: Game, fr: Frame, a: Action) -> None:
    """Play a card from the hand and carry out its action once, alone (AR GLASSES, PLATINUM RINGS)."""
    s = g.state
    s.stack.pop()
    if a.kind == "no":
        return
    if fr["left"] != 1:
        s.stack.append({**fr, "left": fr["left"] - 1})
    card = a.cards[0]
    s.players[a.player].hand.remove(card)
    s.discard.append(card)
    action = ACTION_OF[card]
    g.emit("solo", p=a.player, c=card, a=action)
    solo_action(g, a.player, action)


# --- Supply -------------------------------------------------------------------------------

def supply_options(g: Game, seat: int) -> list[Action]:
    s = g.state
    opts = [Action(seat, "crew", (c,)) for c in s.island]
    if not s.sold[seat]:
        opts.extend(Action(seat, "sell", (c,)) for c in s.players[seat].hand)
    return opts


def do_sell(g: Game, a: Action) -> None:
    s = g.state
    c = a.cards[0]
    s.players[a.player].hand.remove(c)
    s.island.append(c)
    s.sold[a.player] = True
    g.emit("sell", p=a.player, c=c)
    gain(g, a.player, SELL_PRICE, "sell")


def do_crew(g: Game, a: Action) -> None:
    s = g.state
    c = a.cards[0]
    s.island.remove(c)
    if crew_room(g, a.player):
        s.players[a.player].crew.append(c)
        g.emit("crew", p=a.player, c=c)
    else:
        s.discard.append(c)
        g.emit("crew_full", p=a.player, c=c)


# --- Contract -----------------------------------------------------------------------------

def contract_options(g: Game, seat: int, left: int) -> list[Action]:
    s = g.state
    p = s.players[seat]
    ships = [s.ships[i] for i in p.ships if not s.ships[i].at_sea]
    if not ships:
        return []
    have = levels(g, seat)
    room = [(x.id, max_cargo(g, x) - cargo_size(g, x)) for x in ships]
    opts: list[Action] = []
    for c in p.hand:
        cost = 1 + level_deficit(g, seat, c, have)
        if cost > left:
            continue
        card = CARDS[c]
        for side in (0, 1) if card.cargo_alt is not None else (0,):
            size = len(card.slots(side))
            opts.extend(Action(seat, "contract", (c,), sid, cost, side) for sid, free in room if size <= free)
    return opts


def do_contract(g: Game, a: Action) -> None:
    s = g.state
    c = a.cards[0]
    ship = s.ships[a.target]
    s.players[a.player].hand.remove(c)
    ship.contracts.append(c)
    ship.sides.append(a.option)
    g.emit("contract", p=a.player, c=c, s=ship.id, n=a.count - 1)
    if s.abilities:
        g.notify("contract", seat=a.player, card=c, ship=ship.id)
    if ship.containers and is_complete(g, ship):
        fulfil(g, ship)


# --- Load ---------------------------------------------------------------------------------

def own_open_ships(g: Game, seat: int) -> list:
    s = g.state
    return [s.ships[i] for i in s.players[seat].ships if not s.ships[i].at_sea and s.ships[i].contracts]


def load_options(g: Game, seat: int) -> list[Action]:
    ships = own_open_ships(g, seat)
    if not ships:
        return []
    slots = {x.id: contract_slots(g, x) for x in ships}
    fits: dict[tuple[int, int], bool] = {}
    opts: list[Action] = []
    for c in g.state.players[seat].hand:
        colour = GOODS_OF[c]
        if colour == GREY:
            continue  # grey containers cannot be loaded
        for x in ships:
            key = (x.id, colour)
            ok = fits.get(key)
            if ok is None:
                ok = fits[key] = can_take_container(g, x, colour, slots[x.id])
            if ok:
                opts.append(Action(seat, "load", (c,), x.id))
    return opts


def do_load(g: Game, a: Action) -> None:
    s = g.state
    c = a.cards[0]
    s.players[a.player].hand.remove(c)
    ship = s.ships[a.target]
    g.emit("load", p=a.player, c=c, s=ship.id)
    if s.abilities:
        g.notify("load", seat=a.player, card=c, ship=ship.id, colour=GOODS_OF[c])
    add_container(g, ship, c, GOODS_OF[c])


# --- Pirate -------------------------------------------------------------------------------

def pirate_sources(g: Game, seat: int) -> list[tuple[int, int, int]]:
    """(card, colour, ship id or -1 for the Supply Island) of every container one may take."""
    s = g.state
    out = [(c, GOODS_OF[c], -1) for c in s.island if GOODS_OF[c] != GREY]
    for x in s.ships:
        if x.at_sea and (not s.abilities or g.mod(x.owner, "piratable", True, seat)):
            out.extend((c, col, x.id) for c, col in zip(x.containers, x.colours) if col != GREY)
    return out


def pirate_options(g: Game, seat: int) -> list[Action]:
    ships = own_open_ships(g, seat)
    slots = {x.id: contract_slots(g, x) for x in ships}
    targets: dict[int, list[int]] = {}
    opts: list[Action] = []
    for c, colour, src in pirate_sources(g, seat):
        dest = targets.get(colour)
        if dest is None:
            dest = targets[colour] = [x.id for x in ships if can_take_container(g, x, colour, slots[x.id])] + [-1]
        opts.extend(Action(seat, "pirate", (c,), d, 0, src + 1) for d in dest)
    return opts


def do_pirate(g: Game, a: Action) -> None:
    s = g.state
    c = a.cards[0]
    src = a.option - 1
    if src < 0:
        s.island.remove(c)
        colour = GOODS_OF[c]
    else:
        ship = s.ships[src]
        colour = remove_container(g, ship, c)
    g.emit("pirate", p=a.player, c=c, s=src, t=a.target)
    if s.abilities:
        g.notify("pirate", seat=a.player, card=c, source=src, colour=colour)
    if src >= 0 and not s.ships[src].containers:
        ship_home(g, s.ships[src], "pirated")
    if a.target < 0:
        s.discard.append(c)
    else:
        add_container(g, s.ships[a.target], c, colour)


# --- Trade (Capital) ----------------------------------------------------------------------

def trade_options(g: Game, seat: int) -> list[Action]:
    s = g.state
    return [Action(seat, "trade", (h, i)) for h in s.players[seat].hand for i in s.island]


def do_trade(g: Game, a: Action) -> None:
    s = g.state
    h, i = a.cards
    s.players[a.player].hand.remove(h)
    s.island.remove(i)
    s.island.append(h)
    s.players[a.player].hand.append(i)
    g.emit("trade", p=a.player, c=h, d=i)


PERFORM = {
    "sell": do_sell, "crew": do_crew, "contract": do_contract, "load": do_load,
    "pirate": do_pirate, "trade": do_trade,
}


# --- end of turn --------------------------------------------------------------------------

def end_turn(g: Game, fr: Frame) -> None:
    s = g.state
    s.discard.extend(s.played)
    s.played.clear()
    if s.end_reason:
        s.stack.append({"k": "score"})
        if s.abilities:
            g.notify("game_end")  # last moves some abilities allow before the scoring
        return
    if s.extra_turns:
        if s.return_to < 0:
            s.return_to = (s.active + 1) % s.n
        s.active = s.extra_turns.pop(0)
        g.emit("extra_turn", p=s.active)
    elif s.return_to >= 0:
        s.active, s.return_to = s.return_to, -1
    else:
        s.active = (s.active + 1) % s.n
    s.turn += 1
    reset_turn(g)
    g.emit("turn", p=s.active)
    s.stack.append({"k": "lead", "p": s.active})
    if s.abilities:
        g.notify("turn_start", seat=s.active)


def run_sail(g: Game, fr: Frame) -> None:
    sail(g, g.state.ships[fr["s"]])


def run_score(g: Game, fr: Frame) -> None:
    from .scoring import finish_game

    finish_game(g)


decision("lead", lead_options, lead_resolve)
decision("declare", declare_options, declare_resolve)
decision("follow", follow_options, follow_resolve)
decision("act", act_options, act_resolve, skip=act_skip)
automatic("execute", execute)
automatic("end_turn", end_turn)
automatic("sail", run_sail)
automatic("score", run_score)
decision("solo", solo_play_options, solo_play_resolve)
