"""Choices in words, for menus and buttons: ``describe_action(g, action, "de")``.

Every line is a template of :data:`TEXT` (one English entry per key, translated through
:mod:`importexport.catalog`; a count ``n`` picks the plural form) filled with arguments that are formatted by their name (:func:`fill`): ``c``/``d``/``e``/``f``
cards, ``cards`` a card list, ``p``/``q`` seats, ``s``/``t``/``src``/``src2`` places (ships, the
Supply Island, the deck, a hand), ``a`` an action type, ``goods`` a goods type, ``cargo`` a
(card, side) pair (the cargo of a J card's chosen side, empty for other cards), ``inner`` another
action (described in words without any ability's wording), and ``n``/``m`` plain counts.

The engine words its own choices.  An ability words the choices it offers by returning a
template key and raw arguments (ids, seats, colours: never text) from a hook:

``describe_anytime(g, action)``
    for its ``anytime`` choices (``action.cards[0]`` is the card);
``describe_<step>(g, action)``
    for the options of its question ``<step>`` (the ``ask`` frame on top of the stack,
    ``g.state.stack[-1]``), whatever their kind: ``choose``, ``yes``, ``no``, or an ordinary
    choice such as ``load`` or ``take``.  The free choices offered beside the question (anytime
    abilities, dropping a contract, discarding a Capital card) are not its options.

Returning None keeps the engine's own wording.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..catalog import Table
from .abilities.registry import Wording
from .actions import ISLAND, TAKE_CREW, TAKE_GOODS, TO_GOODS, Action
from .cards import CARDS
from .constants import RAINBOW_SLOT
from .i18n import action_name, card_name, goods_name, place_name, seat_name
from .rules import crew_room
from .turn import J_LOAD_COST, tokyo_cost

if TYPE_CHECKING:
    from .context import RulesContext

TEXT = Table("describe", {
    # --- the engine's own choices --------------------------------------------------------------
    "draw": "Draw cards",
    "play_lead": "Lead {a} with {c}",
    "play_follow": "Follow with {c}",
    "play_follow_as": "Follow with {c}, carrying out {a}",
    "solo_play": "Play {c} and carry out {a} alone",
    "solo_stop": "Play no further card",
    "wild": "Two-card wild for {a}: {c} + {d}",
    "declare": ("Declare {n} action", "Declare {n} actions"),
    "declare_trade": ("Declare {n} Trade action with your Trade crew instead", "Declare {n} Trade actions with your Trade crew instead"),
    "sell": "Sell {c} to the Supply Island (4 credits)",
    "crew": "Take {c} from the Supply Island into your crew",
    "crew_full": "Take {c} from the Supply Island and discard it: your crew is full",
    "contract": "Place {c} as a contract on {s}{cargo}",
    "contract_skip": "Place {c} as a contract on {s}{cargo}, for {n} actions (one extra per missing level)",
    "contract_tokyo": "Place {c} from the Tokyo harbour as a contract on {s} for {m} credits{cargo}",
    "contract_tokyo_skip": "Place {c} from the Tokyo harbour as a contract on {s} for {m} credits{cargo}, "
        "for {n} actions (one extra per missing level)",
    "cargo": ", cargo {goods}",
    "and": " and ",
    "any_colour": "any colour",
    "load": "Load {c} onto {s}",
    "load_as": "Load {c} onto {s} as {goods} ({n} credits)",
    "load_together": "Load {c} and {d} together onto {s} as one container",
    "pirate": "Pirate {c} from {src} and load it onto {s}",
    "pirate_as": "Pirate {c} from {src} and load it onto {s} as {goods} ({n} credits)",
    "pirate_discard": "Pirate {c} from {src} and discard it",
    "pirate_goods": "Pirate {c} from {src} and put it into your goods",
    "pirate_together": "Pirate {c} from {src} and {d} from {src2} (two actions) and load them onto {s} as one container",
    "pirate_unseen": "Pirate an unseen card from {src} (load it or discard it once it is seen)",
    "ship": "Auction the cargo of {s} this round",
    "bid": ("Bid {n} credit (sealed)", "Bid {n} credits (sealed)"),
    "winner": "Let {q} win the tie",
    "take_crew": "Take {c} into your crew",
    "take_goods": "Take {c} into your goods",
    "take_discard": "No room: discard {c}",
    "colour": "Place a {goods} token for {c}",
    "take_stop": "Take no further card",
    "drop": "Discard the unfulfilled contract {c} from {s}",
    "trade": "Trade {c} for {d} from the Supply Island",
    "discard": "Discard the Capital card {c} from your hand",
    "trim_crew": "Over the limit: discard {c} from your crew",
    "trim_goods": "Over the limit: discard {c} from your goods",
    # --- abilities: what the engine says when the card gives no wording of its own ---------------
    "yes": "{c}: yes, use it",
    "no": "{c}: no, do not use it",
    "no_plain": "No",
    "choose": "Choose {c}",
    "choose_card": "{c}: choose {d}",
    "anytime": "Use {c} now",
    # --- abilities: their own wording (see the ``describe_*`` hooks) ------------------------------
    "free": "{inner} ({c}: free)",
    "no_free": "{c}: no free {a} action",
    "no_action_used": "{inner} ({c}: no action used)",
    "extra_container": "{inner} ({c}: one container more)",
    "half_fulfil": "{c}: fulfil the contracts on {s} now, luxury ones with half their containers",
    "keep_loading": "{c}: keep loading {s} for the full cargo",
    "name_goods": "{c}: name {goods}",
    "lucky_gamble": "{c}: pay {n} credits to the bank, name {goods} and draw a card ({m} credits if it matches)",
    "take_credits": ("{c}: take {n} credit", "{c}: take {n} credits"),
    "draw_cards": ("{c}: draw {n} card", "{c}: draw {n} cards"),
    "take_nothing": "{c}: take nothing",
    "true_now": "{c}: yes, that is true for me right now",
    "false_now": "{c}: no, not true for me",
    "buy_from": ("{c}: buy it from {q} for {n} credit", "{c}: buy it from {q} for {n} credits"),
    "no_buy": "{c}: do not buy it",
    "deck_to_hand": "{c}: take {d} from the deck into your hand",
    "draw_one": "{c}: draw a card",
    "draw_then_load": "{c}: draw a card, then perhaps load one for free",
    "draw_too": "{c}: take a draw action as well",
    "no_draw": "{c}: do not draw",
    "credits_not_cards": ("{c}: take {n} credit instead of drawing", "{c}: take {n} credits instead of drawing"),
    "self_contract": "{c}: place it from your hand as a contract on {s}, no action needed",
    "self_contract_again": "{c}: place it again as a contract on {s}",
    "contract_with_cargo": "{c}: place it as a contract on {s} and load its whole cargo from your hand",
    "super_ship": ("{c}: join {s} and {t} into a super ship and place it there ({n} action)", "{c}: join {s} and {t} into a super ship and place it there ({n} actions)"),
    "island_contract": "{c}: place {d} from the Supply Island as a contract on {s}{cargo}",
    "self_to_hand": "{c}: take it back into your hand",
    "self_to_crew": "{c}: move it into your crew",
    "self_to_goods": "{c}: move it into your goods",
    "self_to_ship": "{c}: put it as a container onto {s}",
    "self_to_island": ("{c}: put it on the Supply Island for {n} credit", "{c}: put it on the Supply Island for {n} credits"),
    "self_discard": ("{c}: discard it for {n} credit", "{c}: discard it for {n} credits"),
    "keep_fulfilled": "{c}: keep it among your fulfilled contracts",
    "tuck_under": "{c}: tuck it under {s}",
    "copy": "{c}: copy the ability of {d}",
    "virtual_crew": "{c}: discard it; it counts as one {a} crew card this turn",
    "one_more_load": "{c}: one more Load action",
    "one_more_load_paid": ("{c}: one more Load action for {n} credit", "{c}: one more Load action for {n} credits"),
    "draw_to_load": "{c}: for this Load, draw the top card instead",
    "island_instead": ("{c}: put {d} on the Supply Island instead of loading ({n} credit)", "{c}: put {d} on the Supply Island instead of loading ({n} credits)"),
    "swap_island": "{c}: swap {d} from your hand for {e} from the Supply Island",
    "want_island": "{c}: take {d} from the Supply Island for two hand cards",
    "give_two_for": "{c}: give {d} and {e} for {f}",
    "sell_island": ("{c}: sell {d} to the Supply Island for {n} credit", "{c}: sell {d} to the Supply Island for {n} credits"),
    "cash_good": ("{c}: hand in the good {d} for {n} credit", "{c}: hand in the good {d} for {n} credits"),
    "discard_for_credits": ("{c}: discard {cards} from your hand for {n} credit", "{c}: discard {cards} from your hand for {n} credits"),
    "last_done": "Done: on to the final scoring",
    "give_card_to": "{c}: give {d} from your hand to {q}",
    "give_cards_to": ("{c}: give {q} {n} card from your hand", "{c}: give {q} {n} cards from your hand"),
    "give_hand": ("{c}: give your whole hand ({n} card) to {q}", "{c}: give your whole hand ({n} cards) to {q}"),
    "give_good": "{c}: give the good {d} to {q}",
    "give_goods_first": "{c}: give two goods to {q}, first {d}",
    "give_goods_second": "{c}: give {q} the second good, {d}",
    "give_contract": "{c}: give the fulfilled contract {d} to {q}",
    "pay_to": ("{c}: pay {q} {n} credit", "{c}: pay {q} {n} credits"),
    "discard_hand_card": "{c}: discard {d} from your hand",
    "discard_nothing": "{c}: discard nothing",
    "discard_received": "{c}: discard the received good {d}",
    "illegal_to": "{c}: give your illegal goods to {q}",
    "take_good_from": "{c}: take the good {d} from {q}",
    "good_to_island": "{c}: put the good {d} on the Supply Island",
    "island_to_goods": "{c}: take {d} from the Supply Island into your goods",
    "crew_to_goods": ("{c}: move your crew ({n} card) into your goods for {m} credits", "{c}: move your crew ({n} cards) into your goods for {m} credits"),
    "keep_crew": "{c}: leave your crew as it is",
    "hand_to_fulfilled": "{c}: put {d} from your hand among your fulfilled contracts",
    "swap_contract": "{c}: swap it for {d}, a fulfilled contract of {q}",
    "take_and_load": "{c}: take {d} from {src} and load it onto {s}",
    "take_to_hand": "{c}: take {d} from {src} into your hand",
    "import_crew": "{c}: import {d} from {s} into your crew",
    "import_goods": "{c}: import {d} from {s} into your goods",
    "import_discard": "{c}: take {d} from {s} and discard it (no room)",
    "import_none": "{c}: import nothing",
    "load_card": "{c}: load {d} onto {s}",
    "discard_card": "{c}: discard {d}",
    "card_to_goods": "{c}: put {d} into your goods",
    "container_to_hand": "{c}: take the container {d} into your hand",
    "container_to_goods": "{c}: move the container {d} into your goods",
    "no_container": "{c}: take no container",
    "contract_to_crew": "{c}: move {d} into your crew instead",
    "contract_to_goods": "{c}: move {d} into your goods instead",
    "keep_contract": "{c}: keep {d} among your fulfilled contracts",
    "crew_card_to_goods": "{c}: move {d} from your crew into your goods",
    "fulfilled_to_goods": "{c}: move the fulfilled contract {d} into your goods",
    "move_no_more": "{c}: move no (further) contract",
    "supply_crew_as": "{c}: your Supply crew counts as {goods} goods",
    "crew_type_scores": ("{c}: each {a} crew card scores {n} credit", "{c}: each {a} crew card scores {n} credits"),
    "import_as": "{c}: carry out your Import actions as {a}",
    "keep_import": "{c}: keep your Import actions",
    "island_for_fulfilled": "{c}: put it on the Supply Island and take {d} into your fulfilled contracts",
})

CARD_ARGS = frozenset({"c", "d", "e", "f"})
SEAT_ARGS = frozenset({"p", "q"})
PLACE_ARGS = frozenset({"s", "t", "src", "src2"})
FREE_KINDS = frozenset({"drop", "discard", "anytime"})  # offered beside a question, not answers to it


def describe_action(g: RulesContext, a: Action, lang: str = "en") -> str:
    """One line naming what ``a`` does, in ``lang``."""
    return _words(g, a, lang, own=True)


def _words(g: RulesContext, a: Action, lang: str, own: bool) -> str:
    key, args = engine_wording(g, a)
    worded = ability_wording(g, a) if own and g.state.abilities else None
    if worded is not None:
        key, extra = worded
        args.update(extra)
    return TEXT.format(key, lang, **fill(g, args, lang))


def ability_wording(g: RulesContext, a: Action) -> Wording | None:
    """The wording an ability gives one of its choices (None: it gives none)."""
    from .abilities import ABILITY_OF, asked

    if a.kind == "anytime":
        hook = getattr(ABILITY_OF[a.cards[0]], "describe_anytime", None)
    else:
        s = g.state
        frame = s.stack[-1] if s.stack else None
        if frame is None or frame["kind"] != "ask" or a.kind in FREE_KINDS:
            return None
        hook = getattr(asked(g, frame), "describe_" + frame["step"], None)
    return None if hook is None else hook(g, a)


def engine_wording(g: RulesContext, a: Action) -> Wording:
    """The engine's own template key and raw arguments for ``a``."""
    s = g.state
    step = s.stack[-1].get("kind") if s.stack else None
    args: dict[str, Any] = dict(zip("cdef", a.cards))
    args["n"] = a.count
    word = _WORDING.get(a.kind)
    return (a.kind, args) if word is None else word(g, a, step, args)


def _play(g: RulesContext, a: Action, step: str | None, args: dict[str, Any]) -> Wording:
    if step == "solo":
        return "solo_play", {"c": a.cards[0], "a": CARDS.action[a.cards[0]]}
    from .turn import card_action

    if step == "lead":
        key = "play_lead"
    else:  # played for another action than the card shows or the led one
        key = "play_follow_as" if a.target >= 0 else "play_follow"
    args["a"] = a.target if a.target >= 0 else card_action(g, a.player, a.cards[0])
    return key, args


def _wild(g: RulesContext, a: Action, step: str | None, args: dict[str, Any]) -> Wording:
    args["a"] = a.target
    return "wild", args


def _crew(g: RulesContext, a: Action, step: str | None, args: dict[str, Any]) -> Wording:
    if 0 <= a.player < len(g.state.players) and not crew_room(g, a.player):
        return "crew_full", args  # (the card is discarded: the label says so before it is chosen)
    return "crew", args


def _declare(g: RulesContext, a: Action, step: str | None, args: dict[str, Any]) -> Wording:
    return ("declare_trade" if a.target >= 0 else "declare"), args


def _on_ship(g: RulesContext, a: Action, step: str | None, args: dict[str, Any]) -> Wording:
    args["s"] = a.target  # "ship": -1 is the Supply Island (an ability)
    return a.kind, args


def _contract(g: RulesContext, a: Action, step: str | None, args: dict[str, Any]) -> Wording:
    s = g.state
    args["s"] = a.target
    args["cargo"] = (a.cards[0], a.option)
    tokyo = "tokyo" in s.modules and a.cards[0] in s.island
    if tokyo:
        args["m"] = tokyo_cost(g, a.player, a.cards[0])
    return ("contract_tokyo" if tokyo else "contract") + ("_skip" if a.count > 1 else ""), args


def _load(g: RulesContext, a: Action, step: str | None, args: dict[str, Any]) -> Wording:
    args["s"] = a.target
    if len(a.cards) > 1:
        return "load_together", args
    if a.colour is not None:  # a J card, loaded as one of its two colours
        args.update(goods=a.colour, n=J_LOAD_COST)
        return "load_as", args
    return "load", args


def _pirate(g: RulesContext, a: Action, step: str | None, args: dict[str, Any]) -> Wording:
    args["src"] = a.sources[0] if a.sources else ISLAND
    if len(a.cards) > 1:
        args["src2"] = a.sources[1] if len(a.sources) > 1 else ISLAND
        args["s"] = a.target
        return "pirate_together", args
    if not a.cards:  # a hidden card (an ability): its destination is chosen once it is seen
        return "pirate_unseen", args
    if a.target < 0:
        return ("pirate_goods" if a.target == TO_GOODS else "pirate_discard"), args
    args["s"] = a.target
    if a.colour is not None:  # a J card from the island: loaded for the first time, as a chosen colour
        args.update(goods=a.colour, n=J_LOAD_COST)
        return "pirate_as", args
    return "pirate", args


def _winner(g: RulesContext, a: Action, step: str | None, args: dict[str, Any]) -> Wording:
    args["q"] = a.target
    return "winner", args


def _colour(g: RulesContext, a: Action, step: str | None, args: dict[str, Any]) -> Wording:
    args["goods"] = a.colour  # container tokens: the colour of a grey card's token
    return "colour", args


def _take(g: RulesContext, a: Action, step: str | None, args: dict[str, Any]) -> Wording:
    key = "take_crew" if a.target == TAKE_CREW else "take_goods" if a.target == TAKE_GOODS else "take_discard"
    return key, args


def _choose(g: RulesContext, a: Action, step: str | None, args: dict[str, Any]) -> Wording:
    if step == "trim":
        return ("trim_crew" if a.target == 0 else "trim_goods"), args
    return ("choose_card" if len(a.cards) > 1 else "choose"), args


def _no(g: RulesContext, a: Action, step: str | None, args: dict[str, Any]) -> Wording:
    if a.cards:
        return "no", args
    return ("take_stop" if step == "take" else "solo_stop" if step == "solo" else "no_plain"), args


_WORDING = {
    "play": _play, "wild": _wild, "crew": _crew, "declare": _declare, "contract": _contract, "drop": _on_ship,
    "ship": _on_ship, "load": _load, "pirate": _pirate, "winner": _winner, "colour": _colour, "take": _take,
    "choose": _choose, "no": _no,
}
"""Per kind of choice, its template key and the arguments it fills in (other kinds: the kind's own key)."""


def fill(g: RulesContext, args: dict[str, Any], lang: str) -> dict[str, Any]:
    """Raw arguments in words, each formatted as its name says (see the module's docstring)."""
    s = g.state
    out: dict[str, Any] = {}
    for name, value in args.items():
        if name in CARD_ARGS:
            out[name] = card_name(value, lang)
        elif name in SEAT_ARGS:
            out[name] = seat_name(value, lang)
        elif name in PLACE_ARGS:
            out[name] = place_name(value, lang, s)
        elif name == "a":
            out[name] = action_name(value, lang)
        elif name == "goods":
            out[name] = goods_name(value, lang)
        elif name == "cards":
            out[name] = listing([card_name(c, lang) for c in value], lang)
        elif name == "cargo":
            out[name] = cargo_words(*value, lang)
        elif name == "inner":
            out[name] = _words(g, value, lang, own=False)
        else:
            out[name] = value
    return out


def listing(items: list[str], lang: str) -> str:
    """``a, b and c``."""
    return ", ".join(items[:-1]) + TEXT.format("and", lang) + items[-1] if len(items) > 1 else "".join(items)


def cargo_words(card: int, side: int, lang: str) -> str:
    """The cargo a J card asks for on ``side`` (the choice names it); nothing for other cards."""
    if CARDS[card].cargo_alt is None:
        return ""
    counts = Counter(CARDS[card].slots(side))
    parts = [
        f"{n} × " + (TEXT.format("any_colour", lang) if col == RAINBOW_SLOT else goods_name(col, lang))
        for col, n in counts.items()
    ]
    return TEXT.format("cargo", lang, goods=" + ".join(parts))
