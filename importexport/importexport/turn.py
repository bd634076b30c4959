"""A turn: lead or draw, the others follow or draw, everyone carries out what they declared.

Frames (see ``flow``): ``lead`` -> ``declare`` -> ``follow`` (each other seat, clockwise) ->
``execute`` -> ``act`` (each seat with actions, clockwise from the active player; Import goes
to ``bidding`` instead) -> ``end_turn``.
"""

from __future__ import annotations

from itertools import combinations, filterfalse
from typing import TYPE_CHECKING, Any

from .abilities.registry import forget, forget_contract, heard, working_index
from .actions import DECK, DISCARD, ISLAND, TO_GOODS, Action
from .cards import CARDS
from .constants import CONTRACT, GREY, IMPORT, LOAD, MAX_PLAYERS, PIRATE, RIDING, SELL_PRICE, SUPPLY, TRADE
from .flow import Frame, Reason, automatic, decision
from .rules import (
    add_container,
    cargo_size,
    contract_slots,
    crew_for,
    crew_room,
    draw_action,
    fits_container,
    fulfil,
    gain,
    harbour_ships,
    is_complete,
    level_deficit,
    levels,
    matched,
    max_cargo,
    pay_bank,
    put_crew,
    receive_container,
    remove_container,
    sail,
    ship_home,
    takes_cargo,
    to_discard,
)
from .setup import reset_turn
from .tokens import TOKEN_BASE, swap_in

if TYPE_CHECKING:
    from .context import RulesContext
    from .state import Ship

ACTION_OF = CARDS.action
GOODS_OF = CARDS.goods
SLOTS_OF = CARDS.slots
SLOTS_ALT = CARDS.slots_alt
J_COLOURS = CARDS.j_colours
J_LOAD_COST = 2  # J expansion: loading a two-colour card costs 2 credits
TOKYO_COST = (2, 4, 6, 8)  # Tokyo harbour: cost to place a contract from the column of level 0, 1, 2, 3+
WILD_ACTIONS = (0, 1, 2, 3, 4)  # the two-card wild never stands for Trade

# The commonest choices, built once per seat (and card) rather than at every option list: an
# action is an immutable value, so one object serves every list it appears in.
DRAW = tuple(Action(seat, "draw") for seat in range(MAX_PLAYERS))
PLAY = tuple(tuple(Action(seat, "play", (c,)) for c in range(CARDS.token_base)) for seat in range(MAX_PLAYERS))


Why = dict[tuple[Any, ...], Reason]
"""Where a rule's option walk notes why it passes candidates over, under each candidate's key.

Each rule is written once, as the walk that lists its options, and its check is read off it:

- a listed choice is legal by definition (``flow.listed_first`` wraps every decision's check);
- a choice not listed is first checked for what it names at all (one card, in the hand, an own
  ship in harbour, a wild's two cards of one colour): the walk's candidates;
- a candidate the walk passes over for one condition only is refused for that one (a follow that
  is not listed does not follow; a sell not listed comes after a sale);
- where the walk filters on several conditions (Contract, Load, Pirate) it notes each reason in
  ``why`` when given one, and the check reads the note on the choice asked about.  The option
  lists give no ``why`` (the hot path builds no reason).
"""


def shown_actions(g: RulesContext, seat: int, cards: list[int]) -> list[int]:
    """``card_action`` for several cards at once (the usual case, no ability: the printed symbols)."""
    if g.state.abilities and g.modifiers(seat, "card_action"):
        return [g.mod(seat, "card_action", ACTION_OF[c], c) for c in cards]
    return list(map(ACTION_OF.__getitem__, cards))  # (the printed symbols, looked up in C)


def card_action(g: RulesContext, seat: int, card: int) -> int:
    """The action a card in hand stands for when played."""
    if g.state.abilities and g.modifiers(seat, "card_action"):
        return g.mod(seat, "card_action", ACTION_OF[card], card)
    return ACTION_OF[card]


def wild_pairs(hand: list[int]) -> list[tuple[int, int]]:
    """Pairs of cards of one colour (two Trade cards of grey also make a pair), colour by colour
    in the order the hand first shows them, each colour's pairs in id order."""
    by_colour: dict[int, list[int]] = {}
    for c in hand:
        colour = GOODS_OF[c]
        if colour in by_colour:
            by_colour[colour].append(c)
        else:
            by_colour[colour] = [c]
    if len(by_colour) == len(hand):
        return []  # every card of another colour
    pairs: list[tuple[int, int]] = []
    for cards in by_colour.values():
        if len(cards) > 1:
            pairs += combinations(sorted(cards), 2)
    return pairs


# --- lead ---------------------------------------------------------------------------------

def missing_card(cards: tuple[int, ...], place: list[int]) -> int | None:
    """The first of ``cards`` that is not in ``place`` (a hand, the Supply Island), else None."""
    return next((c for c in cards if c not in place), None)


def wild_shape(a: Action, led: int | None) -> Reason | None:
    """What a two-card wild is: two different cards of one colour standing for one of the five
    actions (the led one, when following: ``led``).  Which of them the hand may use, the option
    walks say (a wild stands only for an action no card of the hand provides)."""
    if a.target not in WILD_ACTIONS:
        return "wild_action", {}
    if len(a.cards) != 2 or a.cards[0] == a.cards[1] or GOODS_OF[a.cards[0]] != GOODS_OF[a.cards[1]]:
        return "wild_colour", {}
    if led is not None and a.target != led:
        return "must_follow", {"a": led}
    return None


def lead_options(g: RulesContext, fr: Frame) -> list[Action]:
    seat = fr["seat"]
    s = g.state
    hand = s.players[seat].hand
    opts = [DRAW[seat], *map(PLAY[seat].__getitem__, hand)]  # (each card's play, looked up in C: hands hold no tokens)
    if s.abilities:  # (the seat's abilities by what they change, read once: ``shown_actions`` and ``g.mod`` are
        index = working_index(g, seat)  # asked only where one of them changes the card symbols or the options)
        in_hand = set(shown_actions(g, seat, hand) if "card_action" in index else map(ACTION_OF.__getitem__, hand))
    else:  # (``shown_actions``, written out for the usual case: no ability, the printed symbols looked up in C)
        in_hand = set(map(ACTION_OF.__getitem__, hand))
    missing = list(filterfalse(in_hand.__contains__, WILD_ACTIONS))  # (the actions no card shows, found in C)
    if missing:
        opts += [Action(seat, "wild", pair, a) for pair in wild_pairs(hand) for a in missing]
    if s.abilities and "lead_options" in index:  # abilities may let a card lead another action ("play" with ``target``)
        opts = g.mod(seat, "lead_options", opts)
    return opts


def hand_refusal(g: RulesContext, a: Action) -> Reason | None:
    """Why ``a`` cannot be played from its player's hand: a card of it that is not there (None: all are)."""
    gone = missing_card(a.cards, g.state.players[a.player].hand)
    return None if gone is None else ("not_in_hand", {"p": a.player, "c": gone})


def lead_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    if a.kind == "draw":
        return None
    if (refusal := hand_refusal(g, a)) is not None:
        return refusal
    if a.kind == "play":
        if len(a.cards) != 1:
            return "one_card", {}
        return None if a.target == -1 else ("play_as", {"c": a.cards[0], "a": a.target})
    return wild_shape(a, None) or ("wild_only_without", {"a": a.target})  # (not listed: the hand shows its action)


def lead_resolve(g: RulesContext, fr: Frame, a: Action) -> None:
    s = g.state
    s.stack.pop()
    s.stack.append({"kind": "end_turn"})
    if a.kind == "draw":
        g.emit("lead_draw", p=a.player)
        draw_action(g, a.player)
        return
    action = card_action(g, a.player, a.cards[0]) if a.kind == "play" and a.target < 0 else a.target
    s.led = action
    s.stack.append({"kind": "execute"})
    if action != TRADE:
        for seat in reversed(g.seat_order()[1:]):
            s.stack.append({"kind": "follow", "seat": seat})
    play_cards(g, a.player, a.cards, action, leading=True)


def play_cards(g: RulesContext, seat: int, cards: tuple[int, ...], action: int, leading: bool) -> None:
    """Cards go from the hand into the harbour; the player then declares a count."""
    s = g.state
    hand = s.players[seat].hand
    for c in cards:
        hand.remove(c)
    s.played.extend(cards)
    g.emit("lead" if leading else "follow", p=seat, cards=list(cards), a=action)
    crew = s.players[seat].crew  # (``crew_for``, written out for the usual case: no ability, no crew)
    extra = crew_for(g, seat, action) if crew or s.abilities else 0
    if extra:
        s.stack.append({"kind": "declare", "seat": seat, "least": 1, "most": 1 + extra})
    else:
        s.decl[seat] = 1
    if s.abilities and heard(g, "lead" if leading else "follow"):  # last, so that questions the abilities ask
        g.notify("lead" if leading else "follow", seat=seat, action=action)  # come before declaring and following


# --- declare ------------------------------------------------------------------------------

def declare_options(g: RulesContext, fr: Frame) -> list[Action]:
    seat = fr["seat"]
    opts = [Action(seat, "declare", (), -1, n) for n in range(fr["least"], fr["most"] + 1)]
    # Capital: after drawing, Trade crew may be used instead (then only Trade this turn).
    return opts + [Action(seat, "declare", (), TRADE, n) for n in range(1, fr.get("trade", 0) + 1)]


def declare_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    """A declaration not listed is out of its range: the Trade crew's, or the frame's."""
    if a.target == TRADE:
        return "declare_trade", {"n": fr.get("trade", 0)}
    return "declare_range", {"lo": fr["least"], "hi": fr["most"]}


def declare_resolve(g: RulesContext, fr: Frame, a: Action) -> None:
    s = g.state
    s.stack.pop()
    s.decl[a.player] = a.count
    if a.target == TRADE:
        s.acts[a.player] = TRADE
    g.emit("declare", p=a.player, n=a.count, a=s.acts[a.player] if s.acts[a.player] >= 0 else s.led)


# --- follow -------------------------------------------------------------------------------

def follow_options(g: RulesContext, fr: Frame) -> list[Action]:
    s = g.state
    seat = fr["seat"]
    led = s.led
    hand = s.players[seat].hand
    opts = [DRAW[seat]]
    table = PLAY[seat]
    index = working_index(g, seat) if s.abilities else None  # (the seat's abilities by what they change: read once)
    if not index or "follow_with_any" not in index and "card_action" not in index:  # (``follows_led`` without
        for c in hand:  # abilities changing it: the printed symbols only; a loop here, no comprehension's own frame)
            if ACTION_OF[c] == led:
                opts.append(table[c])
    else:
        any_card = "follow_with_any" in index
        for c, shows in zip(hand, shown_actions(g, seat, hand)):
            if shows == led or any_card and follows_led(g, seat, c, shows, led, any_card):  # (the first test: follows_led's own)
                opts.append(table[c])
    if len(opts) == 1 and led != TRADE:  # no card follows: two cards of one colour may
        opts += [Action(seat, "wild", pair, led) for pair in wild_pairs(hand)]
    if led != TRADE and "capital" in s.modules and (s.players[seat].crew or index and "crew_actions" in index) \
            and crew_for(g, seat, TRADE):  # Capital (``trade_crew``): Trade crew lets you follow with Trade (none without a crew
        opts.extend(Action(seat, "play", (c,), TRADE) for c in hand if ACTION_OF[c] == TRADE)  # or an ability adding some)
    if index and "follow_options" in index:  # abilities may let a card follow for another action ("play" with ``target``)
        opts = g.mod(seat, "follow_options", opts)
    return opts


def follows_led(g: RulesContext, seat: int, card: int, shows: int, led: int, any_card: bool | None = None) -> bool:
    """May ``card`` (showing action ``shows``) follow the led action?  Its symbol, or an ability.

    ``any_card``: whether an ability of the seat lets other cards follow (worked out if not given)."""
    if shows == led:
        return True
    if any_card is None:
        any_card = bool(g.state.abilities and g.modifiers(seat, "follow_with_any"))
    return any_card and g.mod(seat, "follow_with_any", False, card)


def follow_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    if a.kind == "draw":
        return None
    if (refusal := hand_refusal(g, a)) is not None:
        return refusal
    led = g.state.led
    if a.kind == "wild":  # (not listed, though well shaped: a card of the hand follows)
        return wild_shape(a, led) or ("wild_only_without", {"a": led})
    if len(a.cards) != 1:
        return "one_card", {}
    card = a.cards[0]
    if a.target == TRADE:  # (Capital: a card showing Trade, listed with Trade crew)
        return ("trade_card", {"c": card}) if ACTION_OF[card] != TRADE else ("trade_crew", {})
    if a.target != -1:
        return "play_as", {"c": card, "a": a.target}
    return "must_follow", {"a": led}  # (not listed: it does not follow)


def trade_crew(g: RulesContext, seat: int) -> int:
    return crew_for(g, seat, TRADE) if "capital" in g.state.modules else 0


def follow_resolve(g: RulesContext, fr: Frame, a: Action) -> None:
    s = g.state
    s.stack.pop()
    seat = a.player
    if a.kind == "draw":
        g.emit("follow_draw", p=seat)
        # (``crew_for`` and ``trade_crew``, written out for the usual case: no ability, no crew, no Capital)
        extra = crew_for(g, seat, s.led) if s.players[seat].crew or s.abilities else 0
        trades = crew_for(g, seat, TRADE) if s.led != TRADE and "capital" in s.modules else 0
        if extra or trades:
            s.stack.append({"kind": "declare", "seat": seat, "least": 0, "most": extra, "trade": trades})
        else:
            s.decl[seat] = 0
        draw_action(g, seat)
        return
    if a.target >= 0 and a.target != s.led:  # played for another action (Trade crew, abilities);
        s.acts[seat] = a.target  # a two-card wild (its ``target`` is the led action) follows as a card of it
        play_cards(g, seat, a.cards, a.target, leading=False)
        return
    play_cards(g, seat, a.cards, s.led, leading=False)


# --- execute ------------------------------------------------------------------------------

def execute(g: RulesContext, fr: Frame) -> None:
    s = g.state
    if s.abilities and not fr.get("asked") and heard(g, "declared"):  # (``heard``: before the counts are copied)
        depth = len(s.stack)
        g.notify("declared", action=s.led, counts=list(s.decl))
        if len(s.stack) > depth:  # abilities ask questions first; the actions are carried out after them
            s.stack.insert(depth, {"kind": "execute", "asked": True})
            return
    order = reversed(g.seat_order())
    if s.led == IMPORT:
        for seat in order:  # players with another action (Trade crew, abilities) act after the bidding rounds
            if s.decl[seat] > 0 and s.acts[seat] >= 0:
                s.stack.append({"kind": "act", "seat": seat, "left": s.decl[seat], "action": s.acts[seat]})
        rounds = max((d for seat, d in enumerate(s.decl) if s.acts[seat] < 0), default=0)
        for r in range(rounds, 0, -1):
            s.stack.append({"kind": "import_round", "round": r})
        return
    for seat in order:
        if s.decl[seat] > 0:
            frame = {"kind": "act", "seat": seat, "left": s.decl[seat]}
            if s.acts[seat] >= 0:
                frame["action"] = s.acts[seat]
            s.stack.append(frame)


def act_options(g: RulesContext, fr: Frame) -> list[Action]:
    led = fr.get("action", g.state.led)
    if led == SUPPLY:
        opts = supply_options(g, fr["seat"])
    elif led == CONTRACT:
        opts = contract_options(g, fr["seat"], fr["left"])
    elif led == LOAD:
        opts = load_options(g, fr["seat"])
    elif led == PIRATE:
        opts = pirate_options(g, fr["seat"])
    else:
        opts = trade_options(g, fr["seat"])
    if g.state.abilities and "act_options" in working_index(g, fr["seat"]):  # abilities may offer more ways to
        opts = g.mod(fr["seat"], "act_options", opts, led, fr["left"])  # carry out the action
    return opts


ACT_KINDS = {SUPPLY: ("sell", "crew"), IMPORT: ("ship",), CONTRACT: ("contract",), LOAD: ("load",),
             PIRATE: ("pirate",), TRADE: ("trade",)}  # the kinds of choice that carry out each action


def act_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    """The rule a proposed Supply, Contract, Load, Pirate or Trade choice breaks."""
    led = fr.get("action", g.state.led)
    check = ACT_CHECKS.get(a.kind)
    if a.kind not in ACT_KINDS.get(led, ()) or check is None:
        return None  # another kind an ability offers: its wording comes from the option list
    return check(g, fr, a)


def one_card_refusal(a: Action, place: list[int], missing: str) -> Reason | None:
    """Does ``a`` name one card, and is it in ``place`` (else the reason ``missing``)?  (None: yes.)"""
    if len(a.cards) != 1:
        return "one_card", {}
    if a.cards[0] in place:
        return None
    return ("not_in_hand", {"p": a.player, "c": a.cards[0]}) if missing == "not_in_hand" else (missing, {"c": a.cards[0]})


def sell_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    return one_card_refusal(a, g.state.players[a.player].hand, "not_in_hand") or ("sell_once", {})  # (not listed: sold)


def crew_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    return one_card_refusal(a, g.state.island, "not_on_island")


def own_harbour_ship(g: RulesContext, seat: int, ship_id: int) -> Reason | None:
    """Is ``ship_id`` one of ``seat``'s ships in harbour?  (None: yes.)"""
    s = g.state
    if not 0 <= ship_id < len(s.ships):
        return "unknown_ship", {"id": ship_id}
    if s.ships[ship_id].owner != seat or s.ships[ship_id].at_sea:
        return "ship_not_in_harbour", {"p": seat, "s": ship_id}
    if not takes_cargo(g, s.ships[ship_id]):
        return "ship_sailing", {"s": ship_id}
    return None


def contract_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    s = g.state
    seat = a.player
    if len(a.cards) != 1:
        return "one_card", {}
    c = a.cards[0]
    if c not in s.players[seat].hand and ("tokyo" not in s.modules or c not in s.island):
        return "not_in_hand", {"p": seat, "c": c}
    why: Why = {}
    contract_options(g, seat, fr["left"], why)
    found = why.get((c, "tokyo")) or own_harbour_ship(g, seat, a.target) or why.get((c, "levels"))
    if found:
        return found
    cost = 1 + level_deficit(g, seat, c)
    if a.count != cost:  # too few actions for the missing levels, or a wrong count
        return ("level_missing", {"c": c, "n": cost - 1, "left": fr["left"]}) if a.count < cost else \
            ("contract_cost", {"c": c, "n": cost, "m": a.count})
    if a.option not in ((0, 1) if CARDS[c].cargo_alt is not None else (0,)):
        return "orientation", {"c": c}
    return why.get((c, a.target, a.option))


def load_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    seat = a.player
    found = one_card_refusal(a, g.state.players[seat].hand, "not_in_hand")
    if found:
        return found
    c = a.cards[0]
    why: Why = {}
    load_options(g, seat, why)
    found = why.get((c,)) or own_harbour_ship(g, seat, a.target)
    if found:
        return found
    if a.colour not in J_COLOURS[c] if J_COLOURS[c] else a.colour is not None:  # (a J card's colour is chosen)
        return "j_colour", {"c": c}
    return why.get((c, "cost")) or why.get((c, a.target, a.colour))


def pirate_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    why: Why = {}
    pirate_options(g, a.player, why)
    found = why.get(("banned",)) or pirate_shape(g, a)
    if found or a.target < 0:
        return found or pirate_elsewhere(g, a)
    c, src = a.cards[0], a.sources[0]
    j_card = src == FROM_ISLAND and J_COLOURS[c]
    found = own_harbour_ship(g, a.player, a.target)
    if found or j_card and a.colour not in J_COLOURS[c]:
        return found or ("j_colour", {"c": c})
    return why.get((c, src, "cost")) or why.get((c, src, a.target, a.colour))


def pirate_shape(g: RulesContext, a: Action) -> Reason | None:
    """What a Pirate choice names: one container, where it lies among the places one may take from
    (:func:`pirate_sources`), and a colour only for a J card first loaded from the island.  (An
    unseen card from an ability's place is listed as it is: another choice naming no card is none.)"""
    if not a.cards:
        return "pirate_nothing", {}
    if len(a.cards) != 1:
        return "one_card", {}
    c = a.cards[0]
    if len(a.sources) != 1:
        return "pirate_source", {"c": c}
    src = a.sources[0]
    sources = {(card, where) for card, _colour, where in pirate_sources(g, a.player)}
    if (c, src) not in sources:
        return ("pirate_source", {"c": c}) if any(card == c for card, _where in sources) else ("no_such_container", {"c": c})
    if a.colour is not None and not (src == FROM_ISLAND and J_COLOURS[c] and a.target >= 0):
        return "j_colour", {"c": c}  # (the colour is chosen only when a J card is first loaded)
    return None


def pirate_elsewhere(g: RulesContext, a: Action) -> Reason | None:
    """A pirated card put elsewhere than on an own ship: the discard pile, or where an ability allows."""
    c = a.cards[0]
    if a.target != PIRATE_DISCARD and a.target not in g.mod(a.player, "pirate_targets", [], GOODS_OF[c]):
        return "pirate_target", {"c": c}
    return None


def trade_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    if len(a.cards) != 2:
        return "trade_cards", {}
    hand, island = g.state.players[a.player].hand, g.state.island
    if a.cards[0] not in hand:
        return "not_in_hand", {"p": a.player, "c": a.cards[0]}
    if a.cards[1] not in island:
        return "not_on_island", {"c": a.cards[1]}
    return None


def act_resolve(g: RulesContext, fr: Frame, a: Action) -> None:
    s = g.state
    # A Contract may use several actions (missing levels); each container pirated uses one.
    fr["left"] -= a.count if a.kind == "contract" else max(1, len(a.cards)) if a.kind == "pirate" else 1
    if fr["left"] <= 0:
        s.stack.pop()
    PERFORM[a.kind](g, a)


def act_skip(g: RulesContext, fr: Frame) -> None:
    g.state.stack.pop()
    g.emit("cannot_act", p=fr["seat"], n=fr["left"], a=fr.get("action", g.state.led))


def solo_action(g: RulesContext, seat: int, action: int, count: int = 1) -> None:
    """``seat`` alone carries out ``count`` actions of type ``action`` (nobody follows or draws).

    Abilities use it for free actions (a free Import, a free Load, ...).  An Import becomes one
    bidding round per action with the player as the only bidder.
    """
    s = g.state
    if action == IMPORT:
        for r in range(count, 0, -1):
            s.stack.append({"kind": "import_round", "round": r, "bidders": [seat], "seat": seat})
    else:
        s.stack.append({"kind": "act", "seat": seat, "left": count, "action": action})


def solo_play_options(g: RulesContext, fr: Frame) -> list[Action]:
    seat = fr["seat"]
    opts = [Action(seat, "play", (c,)) for c in g.state.players[seat].hand if ACTION_OF[c] != TRADE]
    return opts + [Action(seat, "no")] if opts else []


def solo_play_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    if a.kind == "no":
        return None
    return one_card_refusal(a, g.state.players[a.player].hand, "not_in_hand") or ("solo_trade", {})  # (not listed: Trade)


def solo_play_resolve(g: RulesContext, fr: Frame, a: Action) -> None:
    """Play a card from the hand and carry out its action once, alone (AR GLASSES, PLATINUM RINGS)."""
    s = g.state
    s.stack.pop()
    if a.kind == "no":
        return
    if "left" not in fr:  # as many as the player likes
        s.stack.append(fr)
    elif fr["left"] > 1:
        s.stack.append({**fr, "left": fr["left"] - 1})
    card = a.cards[0]
    s.players[a.player].hand.remove(card)
    s.discard.append(card)
    action = ACTION_OF[card]
    g.emit("solo", p=a.player, c=card, a=action)
    solo_action(g, a.player, action)


# --- Supply -------------------------------------------------------------------------------

def supply_options(g: RulesContext, seat: int) -> list[Action]:
    s = g.state
    opts = [Action(seat, "crew", (c,)) for c in s.island]
    if not s.sold[seat]:
        opts += [Action(seat, "sell", (c,)) for c in s.players[seat].hand]
    return opts


def do_sell(g: RulesContext, a: Action) -> None:
    s = g.state
    c = a.cards[0]
    s.players[a.player].hand.remove(c)
    s.island.append(c)
    s.sold[a.player] = True
    g.emit("sell", p=a.player, c=c)
    gain(g, a.player, SELL_PRICE, "sell")
    if s.abilities:
        g.notify("island", seat=a.player, card=c)  # a card has reached the Supply Island


def do_crew(g: RulesContext, a: Action) -> None:
    s = g.state
    c = a.cards[0]
    s.island.remove(c)
    if crew_room(g, a.player):
        put_crew(g, a.player, c)
        g.emit("crew", p=a.player, c=c)
    else:
        s.discard.append(c)
        g.emit("crew_full", p=a.player, c=c)


# --- Contract -----------------------------------------------------------------------------

def contract_options(g: RulesContext, seat: int, left: int, why: Why | None = None) -> list[Action]:
    s = g.state
    p = s.players[seat]
    ships = harbour_ships(g, seat)
    if not ships and why is None:
        return []
    have = levels(g, seat)
    room = [(x.id, max_cargo(g, x) - cargo_size(g, x)) for x in ships]
    opts: list[Action] = []
    sources = p.hand
    if "tokyo" in s.modules:  # a contract may also come from the Tokyo harbour, for its column's cost
        sources = p.hand + [c for c in s.island if tokyo_cost(g, seat, c) <= p.credits]
        if why is not None:
            why.update(((c, "tokyo"), ("tokyo_cost", {"c": c, "n": tokyo_cost(g, seat, c)})) for c in s.island if c not in sources)
    for c in sources:
        cost = 1 + level_deficit(g, seat, c, have)
        if cost > left:
            if why is not None:
                why[c, "levels"] = ("level_missing", {"c": c, "n": cost - 1, "left": left})
            continue
        for side in (0, 1) if J_COLOURS[c] else (0,):  # (a card with two cargo sides: a J card)
            size = len(SLOTS_ALT[c] if side else SLOTS_OF[c])
            opts += [Action(seat, "contract", (c,), sid, cost, side) for sid, free in room if size <= free]
            if why is not None:
                cargo_notes(g, c, side, size, ships, why)
    return opts


def cargo_notes(g: RulesContext, c: int, side: int, size: int, ships: list[Ship], why: Why) -> None:
    """Why the contract walk passed ``c`` (on ``side``, asking for ``size`` containers) over on some ships."""
    for x in ships:
        limit, need = max_cargo(g, x), cargo_size(g, x) + size
        if need > limit:
            why[c, x.id, side] = ("cargo_limit", {"limit": limit, "s": x.id, "n": need})


def tokyo_cost(g: RulesContext, seat: int, card: int) -> int:
    """The credits ``seat`` pays to place ``card`` from the Tokyo harbour (its column's cost)."""
    cost = TOKYO_COST[CARDS.column[card]]
    return g.mod(seat, "tokyo_cost", cost, card) if g.state.abilities else cost


def do_contract(g: RulesContext, a: Action) -> None:
    s = g.state
    c = a.cards[0]
    ship = s.ships[a.target]
    if c in s.island:  # from the Tokyo harbour
        s.island.remove(c)
        pay_bank(g, a.player, tokyo_cost(g, a.player, c), "tokyo")
    else:
        s.players[a.player].hand.remove(c)
    place_contract(g, a.player, ship, c, a.option, n=a.count - 1)


def place_contract(g: RulesContext, seat: int, ship: Ship, card: int, side: int, *, line: str = "contract",
                   **log: Any) -> None:
    """``card`` goes under ``ship`` as ``seat``'s contract (``side``: a J card's cargo side), with or
    without a Contract action (``line``, ``log``: the event line and its details): the abilities hear
    it (SUGAR, DRONES, ...) and a ship whose containers already meet it is fulfilled."""
    ship.contracts.append(card)
    forget_contract(g, card)
    g.settled_state = None  # (a ship changed: ``rules.settle_harbours`` looks again)
    ship.sides.append(side)
    g.emit(line, p=seat, c=card, s=ship.id, **log)
    if g.state.abilities:
        g.notify("contract", seat=seat, card=card, ship=ship.id)
    if ship.containers and is_complete(g, ship):
        fulfil(g, ship)


# --- Load ---------------------------------------------------------------------------------

def own_open_ships(g: RulesContext, seat: int) -> list:
    """``seat``'s ships that take containers now and carry contracts (those
    :func:`~.rules.fits_container` may be asked about)."""
    return [x for x in harbour_ships(g, seat) if x.contracts]


def load_options(g: RulesContext, seat: int, why: Why | None = None) -> list[Action]:
    """Each hand card onto each own ship in harbour with an open requirement it fills (``why``:
    the walk notes each card, J card's price or ship it passes over)."""
    ships = own_open_ships(g, seat) if why is None else harbour_ships(g, seat)  # (a check hears of bare ships too)
    if not ships and why is None:
        return []
    slots = {x.id: contract_slots(g, x) for x in ships}
    before = {x.id: matched(g, x, slots[x.id]) for x in ships}
    fits: dict[tuple[int, int], bool] = {}
    opts: list[Action] = []
    credits = g.state.players[seat].credits
    for c in g.state.players[seat].hand:
        colour = GOODS_OF[c]
        if colour == GREY:  # grey containers cannot be loaded
            if why is not None:
                why[c,] = ("grey_container", {"c": c})
            continue
        choices = J_COLOURS[c]  # a J card is loaded as one of its two colours, for 2 credits
        if choices and credits < J_LOAD_COST:
            if why is not None:
                why[c, "cost"] = ("j_cost", {"n": J_LOAD_COST})
            continue
        for col in choices or (colour,):
            for x in ships:
                key = (x.id, col)
                ok = fits.get(key)
                if ok is None:
                    ok = fits[key] = fits_container(g, x, col, slots[x.id], before[x.id])  # (an open ship)
                if ok:
                    opts.append(Action(seat, "load", (c,), x.id, 0, 0, col if choices else None))  # (Action.load)
                elif why is not None:
                    why[c, x.id, col if choices else None] = ("no_open_requirement", {"s": x.id, "c": c})
    return opts


def do_load(g: RulesContext, a: Action) -> None:
    s = g.state
    c = a.cards[0]
    s.players[a.player].hand.remove(c)
    ship = s.ships[a.target]
    colour = GOODS_OF[c] if a.colour is None else a.colour
    g.emit("load", p=a.player, c=c, s=ship.id)
    if J_COLOURS[c]:
        pay_bank(g, a.player, J_LOAD_COST, "j_load")
    if s.abilities:
        if len(a.cards) > 1:  # several cards loaded together as one container (an ability allows it)
            colour = load_together(g, a.player, ship, a.cards, colour, s.players[a.player].hand)
        g.notify("load", seat=a.player, card=c, ship=ship.id, colour=colour)
    add_container(g, ship, c, colour)


def load_together(g: RulesContext, seat: int, ship: Ship, cards: tuple[int, ...], colour: int, source: list[int] | None) -> int:
    """Cards after the first ride along with it (one container); returns the colour it counts as."""
    g.settled_state = None  # (a ship changes: ``rules.settle_harbours`` looks again)
    for rider in cards[1:]:
        if source is not None:
            source.remove(rider)
        g.emit("ride_along", p=seat, c=rider, d=cards[0], s=ship.id)
        if rider < TOKEN_BASE and "tokens1" in g.state.modules:  # container tokens: the card is discarded
            rider = swap_in(g, rider, GOODS_OF[rider])
        ship.containers.append(rider)
        ship.colours.append(RIDING)
        ship.fills.append(-1)  # (it lies where the container it rides with lies: ``rules.fills_now``)
    return g.mod(seat, "together_colour", colour, cards)


# --- Pirate -------------------------------------------------------------------------------

PIRATE_DISCARD, PIRATE_TO_GOODS = DISCARD, TO_GOODS  # where a pirated card goes besides one's own ships
FROM_ISLAND, FROM_DECK = ISLAND, DECK  # where it comes from besides ships; hand_of(k): seat k's hand (abilities)


def pirate_sources(g: RulesContext, seat: int, why: Why | None = None) -> list[tuple[int, int, int]]:
    """(card, colour, ship id or -1 for the Supply Island) of every container one may take.

    Abilities may add visible containers elsewhere (``pirate_sources``, e.g. ships in harbour).
    """
    s = g.state
    if s.abilities and not g.mod_all("pirate_allowed", True, seat):  # an ability forbids Pirate actions for now
        if why is not None:
            why["banned",] = ("pirate_banned", {})
        return []
    out = []
    for c in s.island:
        if J_COLOURS[c]:  # J: a card never loaded yet may be taken as either of its colours
            out.extend((c, col, FROM_ISLAND) for col in J_COLOURS[c])
        elif GOODS_OF[c] != GREY:
            out.append((c, GOODS_OF[c], FROM_ISLAND))
    for x in s.ships:
        if x.at_sea and (not s.abilities or g.mod(x.owner, "piratable", True, seat)):
            out.extend((c, col, x.id) for c, col in zip(x.containers, x.colours) if col != GREY)
    if s.abilities:
        out = g.mod(seat, "pirate_sources", out)
    return out


def pirate_targets(g: RulesContext, seat: int, colour: int, ships: list, slots: dict[int, list[int]],
                   before: dict[int, int] | None = None) -> list[int]:
    """Where a pirated container of ``colour`` may go: an own ship it fits, the discard pile (-1),
    or whatever an ability adds (``pirate_targets``; -2 the pirate's goods).  ``ships``: the open
    ships (``own_open_ships``), ``slots`` and ``before`` (if given) their requirements and how
    many containers stand on them."""
    dest = [x.id for x in ships if fits_container(g, x, colour, slots[x.id], None if before is None else before[x.id])]
    dest.append(PIRATE_DISCARD)
    return g.mod(seat, "pirate_targets", dest, colour) if g.state.abilities else dest


def pirate_options(g: RulesContext, seat: int, why: Why | None = None) -> list[Action]:
    """Each container one may take, onto each own ship it fits or the discard pile, or where an
    ability allows (``why``: the walk notes where and why it passes a container over)."""
    ships = own_open_ships(g, seat)
    slots = {x.id: contract_slots(g, x) for x in ships}
    before = {x.id: matched(g, x, slots[x.id]) for x in ships}
    targets: dict[int, list[int]] = {}
    opts: list[Action] = []
    credits = g.state.players[seat].credits
    sources = pirate_sources(g, seat, why)
    for c, colour, src in sources:
        dest = targets.get(colour)
        if dest is None:
            dest = targets[colour] = pirate_targets(g, seat, colour, ships, slots, before)
        if src == FROM_ISLAND and J_COLOURS[c]:
            # Loading a J card from the island onto a ship is its first loading: choose the colour
            # (``count``) and pay 2; taken anywhere else, its colour does not matter.
            for d in dest:
                if d >= 0 and credits >= J_LOAD_COST:
                    opts.append(Action.pirate(seat, c, src, d, colour))
                elif d < 0 and colour == J_COLOURS[c][0]:
                    opts.append(Action.pirate(seat, c, src, d))
            continue
        opts += [Action(seat, "pirate", (c,), d, 0, 0, None, (src,)) for d in dest]  # (Action.pirate)
    if why is not None:
        pirate_notes(sources, targets, harbour_ships(g, seat), credits, why)
    if g.state.abilities and g.mod_all("pirate_allowed", True, seat):
        # places an ability opens whose card is unseen until taken: no card, no target yet
        opts.extend(Action.pirate_unseen(seat, place) for place in g.mod(seat, "pirate_unseen", []))
    return opts


def pirate_notes(sources: list[tuple[int, int, int]], targets: dict[int, list[int]], ships: list[Ship], credits: int,
                 why: Why) -> None:
    """Why the pirate walk passed containers over: a J card first loaded that one cannot pay for;
    each own ship in harbour (``ships``, bare ones too) a container fits on for none of its colours
    (``targets``: where each colour may go)."""
    for c, colour, src in sources:
        j_card = src == FROM_ISLAND and J_COLOURS[c]  # (loaded as one of its colours, for a price)
        if j_card and credits < J_LOAD_COST:
            why[c, src, "cost"] = ("j_cost", {"n": J_LOAD_COST})
        for x in ships:
            if x.id not in targets[colour]:
                why.setdefault((c, src, x.id, colour if j_card else None), ("no_open_requirement", {"s": x.id, "c": c}))


def do_pirate(g: RulesContext, a: Action) -> None:
    s = g.state
    if len(a.cards) > 1:  # two containers pirated with two actions, loaded together (an ability)
        colour = pirate_one(g, a.player, a.cards[0], a.sources[0], a.target)
        pirate_one(g, a.player, a.cards[1], a.sources[1], a.target)
        ship = s.ships[a.target]
        colour = load_together(g, a.player, ship, a.cards, colour, None)
        add_container(g, ship, a.cards[0], colour)
        return
    if not a.cards:  # an unseen card (an ability's place): the ability takes it and asks where it goes
        g.notify("pirate_unseen", seat=a.player, source=a.sources[0])
        return
    c = a.cards[0]
    chosen = a.colour if a.target >= 0 else None  # a J card from the island, loaded as this colour
    colour = pirate_one(g, a.player, c, a.sources[0], a.target, chosen)
    if chosen is not None:
        pay_bank(g, a.player, J_LOAD_COST, "j_load")
    pirate_land(g, a.player, c, colour, a.target)


def pirate_land(g: RulesContext, seat: int, c: int, colour: int, target: int) -> None:
    """The pirated card goes onto own ship ``target``, onto the discard pile (-1) or into the goods (-2)."""
    if target == PIRATE_TO_GOODS:
        receive_container(g, seat, c, colour, 1)
    elif target < 0:
        to_discard(g, c)
    else:
        add_container(g, g.state.ships[target], c, colour)


def pirate_one(g: RulesContext, seat: int, c: int, src: int, target: int, chosen: int | None = None) -> int:
    """Take container ``c`` from ship ``src`` (or the Supply Island, -1); returns its colour.

    From another place (the deck, a hand: an ability's) the ability has already taken the card.
    ``chosen``: the colour a J card taken from the island is loaded as (the abilities hear that one).
    """
    s = g.state
    if src >= 0:
        colour = remove_container(g, s.ships[src], c)
    else:
        if src == FROM_ISLAND:
            s.island.remove(c)
        colour = GOODS_OF[c] if chosen is None else chosen
    g.emit("pirate", p=seat, c=c, s=src, t=target)
    if s.abilities:
        g.notify("pirate", seat=seat, card=c, source=src, colour=colour, target=target)
    if src >= 0 and s.ships[src].at_sea and not s.ships[src].containers:
        ship_home(g, s.ships[src], "pirated")
    return colour


# --- Trade (Capital) ----------------------------------------------------------------------

def trade_options(g: RulesContext, seat: int) -> list[Action]:
    s = g.state
    return [Action(seat, "trade", (h, i)) for h in s.players[seat].hand for i in s.island]


def do_trade(g: RulesContext, a: Action) -> None:
    s = g.state
    h, i = a.cards
    s.players[a.player].hand.remove(h)
    s.island.remove(i)
    s.island.append(h)
    s.players[a.player].hand.append(i)
    g.emit("trade", p=a.player, c=h, d=i)
    if s.abilities:
        g.notify("island", seat=a.player, card=h)


ACT_CHECKS = {
    "sell": sell_check, "crew": crew_check, "contract": contract_check, "load": load_check,
    "pirate": pirate_check, "trade": trade_check,
}

PERFORM = {
    "sell": do_sell, "crew": do_crew, "contract": do_contract, "load": do_load,
    "pirate": do_pirate, "trade": do_trade,
}


# --- end of turn --------------------------------------------------------------------------

def end_turn(g: RulesContext, fr: Frame) -> None:
    s = g.state
    s.discard.extend(s.played)
    s.played.clear()
    if s.end_reason:
        s.stack.append({"kind": "score"})
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
        s.active = (s.active + 1) % len(s.players)  # (``s.n``, written out)
    s.turn += 1
    if "lingering" in s.marks:  # (a card that left play worked to the end of its turn)
        forget(g)
    reset_turn(g)
    g.emit("turn", p=s.active)
    s.stack.append({"kind": "lead", "seat": s.active})
    if s.abilities and heard(g, "turn_start"):
        g.notify("turn_start", seat=s.active)


def run_sail(g: RulesContext, fr: Frame) -> None:
    sail(g, g.state.ships[fr["ship"]])


def run_score(g: RulesContext, fr: Frame) -> None:
    from .scoring import finish_game

    finish_game(g)


decision("lead", lead_options, lead_resolve, check=lead_check)
decision("declare", declare_options, declare_resolve, check=declare_check)
decision("follow", follow_options, follow_resolve, check=follow_check)
decision("act", act_options, act_resolve, skip=act_skip, check=act_check)
automatic("execute", execute)
automatic("end_turn", end_turn)
automatic("sail", run_sail)
automatic("score", run_score)
decision("solo", solo_play_options, solo_play_resolve, check=solo_play_check)
