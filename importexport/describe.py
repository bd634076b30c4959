"""Choices in words, for menus and buttons: ``describe_action(g, action, "de")``.

Every line is a template of :data:`TEXT` (one entry per key, English and German side by side)
filled with arguments that are formatted by their name (:func:`fill`): ``c``/``d``/``e``/``f``
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

from .abilities.registry import Wording
from .actions import ISLAND, TAKE_CREW, TAKE_GOODS, TO_GOODS, Action
from .cards import CARDS
from .constants import RAINBOW_SLOT
from .i18n import action_name, card_name, goods_name, place_name, seat_name
from .turn import J_LOAD_COST, tokyo_cost

if TYPE_CHECKING:
    from .engine import Game

TEXT: dict[str, dict[str, str]] = {
    # --- the engine's own choices --------------------------------------------------------------
    "draw": {"en": "Draw cards", "de": "Karten ziehen"},
    "play_lead": {"en": "Lead {a} with {c}", "de": "{a} anführen mit {c}"},
    "play_follow": {"en": "Follow with {c}", "de": "Folgen mit {c}"},
    "play_follow_as": {"en": "Follow with {c}, carrying out {a}", "de": "Folgen mit {c}, ausgeführt wird {a}"},
    "solo_play": {"en": "Play {c} and carry out {a} alone", "de": "{c} spielen und allein {a} ausführen"},
    "solo_stop": {"en": "Play no further card", "de": "Keine weitere Karte spielen"},
    "wild": {"en": "Two-card wild for {a}: {c} + {d}", "de": "Zwei-Karten-Joker für {a}: {c} + {d}"},
    "declare": {"en": "Declare {n} action(s)", "de": "{n} Aktion(en) ansagen"},
    "declare_trade": {
        "en": "Declare {n} Trade action(s) with your Trade crew instead",
        "de": "Stattdessen {n} Tausch-Aktion(en) mit der Tausch-Crew ansagen",
    },
    "sell": {"en": "Sell {c} to the Supply Island (4 credits)", "de": "{c} an die Vorratsinsel verkaufen (4 Credits)"},
    "crew": {"en": "Take {c} from the Supply Island into your crew", "de": "{c} von der Vorratsinsel in die Crew nehmen"},
    "contract": {"en": "Place {c} as a contract on {s}{cargo}", "de": "{c} als Auftrag an {s} anlegen{cargo}"},
    "contract_skip": {
        "en": "Place {c} as a contract on {s}{cargo}, for {n} actions (one extra per missing level)",
        "de": "{c} als Auftrag an {s} anlegen{cargo}, für {n} Aktionen (eine zusätzliche je fehlende Stufe)",
    },
    "contract_tokyo": {
        "en": "Place {c} from the Tokyo harbour as a contract on {s} for {m} credits{cargo}",
        "de": "{c} aus dem Hafen von Tokio für {m} Credits als Auftrag an {s} anlegen{cargo}",
    },
    "contract_tokyo_skip": {
        "en": "Place {c} from the Tokyo harbour as a contract on {s} for {m} credits{cargo}, "
              "for {n} actions (one extra per missing level)",
        "de": "{c} aus dem Hafen von Tokio für {m} Credits als Auftrag an {s} anlegen{cargo}, "
              "für {n} Aktionen (eine zusätzliche je fehlende Stufe)",
    },
    "cargo": {"en": ", cargo {goods}", "de": ", Ladung {goods}"},
    "any_colour": {"en": "any colour", "de": "beliebige Farbe"},
    "load": {"en": "Load {c} onto {s}", "de": "{c} auf {s} laden"},
    "load_as": {"en": "Load {c} onto {s} as {goods} ({n} credits)", "de": "{c} als {goods} auf {s} laden ({n} Credits)"},
    "load_together": {
        "en": "Load {c} and {d} together onto {s} as one container",
        "de": "{c} und {d} zusammen als einen Container auf {s} laden",
    },
    "pirate": {"en": "Pirate {c} from {src} and load it onto {s}", "de": "{c} von {src} plündern und auf {s} laden"},
    "pirate_as": {
        "en": "Pirate {c} from {src} and load it onto {s} as {goods} ({n} credits)",
        "de": "{c} von {src} plündern und als {goods} auf {s} laden ({n} Credits)",
    },
    "pirate_discard": {"en": "Pirate {c} from {src} and discard it", "de": "{c} von {src} plündern und ablegen"},
    "pirate_goods": {
        "en": "Pirate {c} from {src} and put it into your goods",
        "de": "{c} von {src} plündern und zu deinen Gütern legen",
    },
    "pirate_together": {
        "en": "Pirate {c} from {src} and {d} from {src2} (two actions) and load them onto {s} as one container",
        "de": "{c} von {src} und {d} von {src2} plündern (zwei Aktionen) und als einen Container auf {s} laden",
    },
    "pirate_unseen": {
        "en": "Pirate an unseen card from {src} (load it or discard it once it is seen)",
        "de": "Eine verdeckte Karte von {src} plündern (sie wird danach geladen oder abgelegt)",
    },
    "ship": {"en": "Auction the cargo of {s} this round", "de": "Die Ladung von {s} in dieser Runde versteigern"},
    "bid": {"en": "Bid {n} credit(s) (sealed)", "de": "{n} Credit(s) verdeckt bieten"},
    "winner": {"en": "Let {q} win the tie", "de": "{q} gewinnt den Gleichstand"},
    "take_crew": {"en": "Take {c} into your crew", "de": "{c} in die Crew nehmen"},
    "take_goods": {"en": "Take {c} into your goods", "de": "{c} zu den Gütern nehmen"},
    "take_discard": {"en": "No room: discard {c}", "de": "Kein Platz: {c} ablegen"},
    "colour": {"en": "Place a {goods} token for {c}", "de": "Für {c} ein Plättchen {goods} legen"},
    "take_stop": {"en": "Take no further card", "de": "Keine weitere Karte nehmen"},
    "drop": {"en": "Discard the unfulfilled contract {c} from {s}", "de": "Unerfüllten Auftrag {c} von {s} ablegen"},
    "trade": {"en": "Trade {c} for {d} from the Supply Island", "de": "{c} gegen {d} von der Vorratsinsel tauschen"},
    "discard": {"en": "Discard the Capital card {c} from your hand", "de": "Die Capital-Karte {c} aus der Hand ablegen"},
    "trim_crew": {"en": "Over the limit: discard {c} from your crew", "de": "Über dem Limit: {c} aus der Crew ablegen"},
    "trim_goods": {"en": "Over the limit: discard {c} from your goods", "de": "Über dem Limit: {c} von den Gütern ablegen"},
    # --- abilities: what the engine says when the card gives no wording of its own ---------------
    "yes": {"en": "{c}: yes, use it", "de": "{c}: ja, nutzen"},
    "no": {"en": "{c}: no, do not use it", "de": "{c}: nein, nicht nutzen"},
    "no_plain": {"en": "No", "de": "Nein"},
    "choose": {"en": "Choose {c}", "de": "{c} wählen"},
    "choose_card": {"en": "{c}: choose {d}", "de": "{c}: {d} wählen"},
    "anytime": {"en": "Use {c} now", "de": "{c} jetzt nutzen"},
    # --- abilities: their own wording (see the ``describe_*`` hooks) ------------------------------
    "free": {"en": "{inner} ({c}: free)", "de": "{inner} ({c}: kostenlos)"},
    "no_free": {"en": "{c}: no free {a} action", "de": "{c}: keine freie {a}-Aktion"},
    "no_action_used": {"en": "{inner} ({c}: no action used)", "de": "{inner} ({c}: ohne Aktion)"},
    "extra_container": {"en": "{inner} ({c}: one container more)", "de": "{inner} ({c}: ein Container mehr)"},
    "half_fulfil": {
        "en": "{c}: fulfil the contracts on {s} now, luxury ones with half their containers",
        "de": "{c}: die Aufträge an {s} jetzt erfüllen, Luxus-Aufträge mit der Hälfte ihrer Container",
    },
    "keep_loading": {"en": "{c}: keep loading {s} for the full cargo", "de": "{c}: {s} weiter beladen, bis zur vollen Ladung"},
    "name_goods": {"en": "{c}: name {goods}", "de": "{c}: {goods} nennen"},
    "lucky_gamble": {
        "en": "{c}: pay {n} credits to the bank, name {goods} and draw a card ({m} credits if it matches)",
        "de": "{c}: der Bank {n} Credits zahlen, {goods} nennen und eine Karte ziehen ({m} Credits, wenn sie passt)",
    },
    "take_credits": {"en": "{c}: take {n} credits", "de": "{c}: {n} Credits nehmen"},
    "draw_cards": {"en": "{c}: draw {n} cards", "de": "{c}: {n} Karten ziehen"},
    "take_nothing": {"en": "{c}: take nothing", "de": "{c}: nichts nehmen"},
    "true_now": {"en": "{c}: yes, that is true for me right now", "de": "{c}: ja, das trifft gerade auf mich zu"},
    "false_now": {"en": "{c}: no, not true for me", "de": "{c}: nein, trifft nicht auf mich zu"},
    "buy_from": {"en": "{c}: buy it from {q} for {n} credits", "de": "{c}: für {n} Credits von {q} kaufen"},
    "no_buy": {"en": "{c}: do not buy it", "de": "{c}: nicht kaufen"},
    "deck_to_hand": {"en": "{c}: take {d} from the deck into your hand", "de": "{c}: {d} aus dem Nachziehstapel auf die Hand nehmen"},
    "draw_one": {"en": "{c}: draw a card", "de": "{c}: eine Karte ziehen"},
    "draw_then_load": {
        "en": "{c}: draw a card, then perhaps load one for free",
        "de": "{c}: eine Karte ziehen, danach eventuell kostenlos laden",
    },
    "draw_too": {"en": "{c}: take a draw action as well", "de": "{c}: ebenfalls eine Zieh-Aktion machen"},
    "no_draw": {"en": "{c}: do not draw", "de": "{c}: nicht ziehen"},
    "credits_not_cards": {"en": "{c}: take {n} credits instead of drawing", "de": "{c}: {n} Credits statt Karten nehmen"},
    "self_contract": {
        "en": "{c}: place it from your hand as a contract on {s}, no action needed",
        "de": "{c}: aus der Hand als Auftrag an {s} anlegen, ohne Aktion",
    },
    "self_contract_again": {"en": "{c}: place it again as a contract on {s}", "de": "{c}: erneut als Auftrag an {s} anlegen"},
    "contract_with_cargo": {
        "en": "{c}: place it as a contract on {s} and load its whole cargo from your hand",
        "de": "{c}: als Auftrag an {s} anlegen und die ganze Ladung aus der Hand laden",
    },
    "super_ship": {
        "en": "{c}: join {s} and {t} into a super ship and place it there ({n} action(s))",
        "de": "{c}: {s} und {t} zu einem Superschiff koppeln und dort anlegen ({n} Aktion(en))",
    },
    "island_contract": {
        "en": "{c}: place {d} from the Supply Island as a contract on {s}{cargo}",
        "de": "{c}: {d} von der Vorratsinsel als Auftrag an {s} anlegen{cargo}",
    },
    "self_to_hand": {"en": "{c}: take it back into your hand", "de": "{c}: zurück auf die Hand nehmen"},
    "self_to_crew": {"en": "{c}: move it into your crew", "de": "{c}: in die Crew verschieben"},
    "self_to_goods": {"en": "{c}: move it into your goods", "de": "{c}: zu den Gütern verschieben"},
    "self_to_ship": {"en": "{c}: put it as a container onto {s}", "de": "{c}: als Container auf {s} legen"},
    "self_to_island": {"en": "{c}: put it on the Supply Island for {n} credits", "de": "{c}: für {n} Credits auf die Vorratsinsel legen"},
    "self_discard": {"en": "{c}: discard it for {n} credits", "de": "{c}: ablegen und {n} Credits nehmen"},
    "keep_fulfilled": {"en": "{c}: keep it among your fulfilled contracts", "de": "{c}: bei den erfüllten Aufträgen lassen"},
    "tuck_under": {"en": "{c}: tuck it under {s}", "de": "{c}: unter {s} schieben"},
    "copy": {"en": "{c}: copy the ability of {d}", "de": "{c}: die Fähigkeit von {d} übernehmen"},
    "virtual_crew": {
        "en": "{c}: discard it; it counts as one {a} crew card this turn",
        "de": "{c}: ablegen; zählt in diesem Zug als eine {a}-Crew",
    },
    "one_more_load": {"en": "{c}: one more Load action", "de": "{c}: eine weitere Laden-Aktion"},
    "one_more_load_paid": {"en": "{c}: one more Load action for {n} credits", "de": "{c}: eine weitere Laden-Aktion für {n} Credits"},
    "draw_to_load": {
        "en": "{c}: for this Load, draw the top card instead",
        "de": "{c}: für diese Laden-Aktion stattdessen die oberste Karte ziehen",
    },
    "island_instead": {
        "en": "{c}: put {d} on the Supply Island instead of loading ({n} credits)",
        "de": "{c}: {d} statt zu laden auf die Vorratsinsel legen ({n} Credits)",
    },
    "swap_island": {
        "en": "{c}: swap {d} from your hand for {e} from the Supply Island",
        "de": "{c}: {d} aus der Hand gegen {e} von der Vorratsinsel tauschen",
    },
    "want_island": {
        "en": "{c}: take {d} from the Supply Island for two hand cards",
        "de": "{c}: {d} von der Vorratsinsel gegen zwei Handkarten nehmen",
    },
    "give_two_for": {"en": "{c}: give {d} and {e} for {f}", "de": "{c}: {d} und {e} für {f} abgeben"},
    "sell_island": {"en": "{c}: sell {d} to the Supply Island for {n} credits", "de": "{c}: {d} für {n} Credits an die Vorratsinsel verkaufen"},
    "cash_good": {"en": "{c}: hand in the good {d} for {n} credits", "de": "{c}: das Gut {d} für {n} Credits abgeben"},
    "discard_for_credits": {
        "en": "{c}: discard {cards} from your hand for {n} credits",
        "de": "{c}: {cards} aus der Hand ablegen, für {n} Credits",
    },
    "last_done": {"en": "Done: on to the final scoring", "de": "Fertig: weiter zur Schlusswertung"},
    "give_card_to": {"en": "{c}: give {d} from your hand to {q}", "de": "{c}: {q} die Handkarte {d} geben"},
    "give_cards_to": {"en": "{c}: give {q} {n} cards from your hand", "de": "{c}: {q} {n} Handkarten geben"},
    "give_hand": {"en": "{c}: give your whole hand ({n} card(s)) to {q}", "de": "{c}: {q} die ganze Hand geben ({n} Karte(n))"},
    "give_good": {"en": "{c}: give the good {d} to {q}", "de": "{c}: {q} das Gut {d} geben"},
    "give_goods_first": {"en": "{c}: give two goods to {q}, first {d}", "de": "{c}: {q} zwei Güter geben, zuerst {d}"},
    "give_goods_second": {"en": "{c}: give {q} the second good, {d}", "de": "{c}: {q} als zweites Gut {d} geben"},
    "give_contract": {"en": "{c}: give the fulfilled contract {d} to {q}", "de": "{c}: {q} den erfüllten Auftrag {d} geben"},
    "pay_to": {"en": "{c}: pay {q} {n} credits", "de": "{c}: {q} {n} Credits zahlen"},
    "discard_hand_card": {"en": "{c}: discard {d} from your hand", "de": "{c}: {d} aus der Hand ablegen"},
    "discard_nothing": {"en": "{c}: discard nothing", "de": "{c}: nichts ablegen"},
    "discard_received": {"en": "{c}: discard the received good {d}", "de": "{c}: das erhaltene Gut {d} ablegen"},
    "illegal_to": {"en": "{c}: give your illegal goods to {q}", "de": "{c}: {q} deine illegalen Güter geben"},
    "take_good_from": {"en": "{c}: take the good {d} from {q}", "de": "{c}: {q} das Gut {d} wegnehmen"},
    "good_to_island": {"en": "{c}: put the good {d} on the Supply Island", "de": "{c}: das Gut {d} auf die Vorratsinsel legen"},
    "island_to_goods": {
        "en": "{c}: take {d} from the Supply Island into your goods",
        "de": "{c}: {d} von der Vorratsinsel zu den Gütern nehmen",
    },
    "crew_to_goods": {
        "en": "{c}: move your crew ({n} card(s)) into your goods for {m} credits",
        "de": "{c}: die Crew ({n} Karte(n)) für {m} Credits zu den Gütern verschieben",
    },
    "keep_crew": {"en": "{c}: leave your crew as it is", "de": "{c}: die Crew lassen, wie sie ist"},
    "hand_to_fulfilled": {
        "en": "{c}: put {d} from your hand among your fulfilled contracts",
        "de": "{c}: {d} aus der Hand zu den erfüllten Aufträgen legen",
    },
    "swap_contract": {
        "en": "{c}: swap it for {d}, a fulfilled contract of {q}",
        "de": "{c}: gegen {d} tauschen, einen erfüllten Auftrag von {q}",
    },
    "take_and_load": {"en": "{c}: take {d} from {src} and load it onto {s}", "de": "{c}: {d} von {src} nehmen und auf {s} laden"},
    "take_to_hand": {"en": "{c}: take {d} from {src} into your hand", "de": "{c}: {d} von {src} auf die Hand nehmen"},
    "import_crew": {"en": "{c}: import {d} from {s} into your crew", "de": "{c}: {d} von {s} in die Crew importieren"},
    "import_goods": {"en": "{c}: import {d} from {s} into your goods", "de": "{c}: {d} von {s} zu den Gütern importieren"},
    "import_discard": {
        "en": "{c}: take {d} from {s} and discard it (no room)",
        "de": "{c}: {d} von {s} nehmen und ablegen (kein Platz)",
    },
    "import_none": {"en": "{c}: import nothing", "de": "{c}: nichts importieren"},
    "load_card": {"en": "{c}: load {d} onto {s}", "de": "{c}: {d} auf {s} laden"},
    "discard_card": {"en": "{c}: discard {d}", "de": "{c}: {d} ablegen"},
    "card_to_goods": {"en": "{c}: put {d} into your goods", "de": "{c}: {d} zu den Gütern legen"},
    "container_to_hand": {"en": "{c}: take the container {d} into your hand", "de": "{c}: den Container {d} auf die Hand nehmen"},
    "container_to_goods": {"en": "{c}: move the container {d} into your goods", "de": "{c}: den Container {d} zu den Gütern legen"},
    "no_container": {"en": "{c}: take no container", "de": "{c}: keinen Container nehmen"},
    "contract_to_crew": {"en": "{c}: move {d} into your crew instead", "de": "{c}: {d} stattdessen in die Crew legen"},
    "contract_to_goods": {"en": "{c}: move {d} into your goods instead", "de": "{c}: {d} stattdessen zu den Gütern legen"},
    "keep_contract": {"en": "{c}: keep {d} among your fulfilled contracts", "de": "{c}: {d} bei den erfüllten Aufträgen lassen"},
    "crew_card_to_goods": {"en": "{c}: move {d} from your crew into your goods", "de": "{c}: {d} aus der Crew zu den Gütern verschieben"},
    "fulfilled_to_goods": {
        "en": "{c}: move the fulfilled contract {d} into your goods",
        "de": "{c}: den erfüllten Auftrag {d} zu den Gütern verschieben",
    },
    "move_no_more": {"en": "{c}: move no (further) contract", "de": "{c}: keinen (weiteren) Auftrag verschieben"},
    "supply_crew_as": {"en": "{c}: your Supply crew counts as {goods} goods", "de": "{c}: die Vorrat-Crew zählt als Güter vom Typ {goods}"},
    "crew_type_scores": {"en": "{c}: each {a} crew card scores {n} credits", "de": "{c}: jede {a}-Crew bringt {n} Credits"},
    "import_as": {"en": "{c}: carry out your Import actions as {a}", "de": "{c}: die Import-Aktionen als {a} ausführen"},
    "keep_import": {"en": "{c}: keep your Import actions", "de": "{c}: bei den Import-Aktionen bleiben"},
    "island_for_fulfilled": {
        "en": "{c}: put it on the Supply Island and take {d} into your fulfilled contracts",
        "de": "{c}: auf die Vorratsinsel legen und {d} zu den erfüllten Aufträgen nehmen",
    },
}

CARD_ARGS = frozenset({"c", "d", "e", "f"})
SEAT_ARGS = frozenset({"p", "q"})
PLACE_ARGS = frozenset({"s", "t", "src", "src2"})
FREE_KINDS = frozenset({"drop", "discard", "anytime"})  # offered beside a question, not answers to it
AND = {"en": " and ", "de": " und "}


def describe_action(g: Game, a: Action, lang: str = "en") -> str:
    """One line naming what ``a`` does, in ``lang``."""
    return _words(g, a, lang, own=True)


def _words(g: Game, a: Action, lang: str, own: bool) -> str:
    key, args = engine_wording(g, a)
    worded = ability_wording(g, a) if own and g.state.abilities else None
    if worded is not None:
        key, extra = worded
        args.update(extra)
    return TEXT[key][lang].format(**fill(g, args, lang))


def ability_wording(g: Game, a: Action) -> Wording | None:
    """The wording an ability gives one of its choices (None: it gives none)."""
    from .abilities import ABILITY_OF

    if a.kind == "anytime":
        hook = getattr(ABILITY_OF[a.cards[0]], "describe_anytime", None)
    else:
        s = g.state
        frame = s.stack[-1] if s.stack else None
        if frame is None or frame["kind"] != "ask" or a.kind in FREE_KINDS:
            return None
        hook = getattr(ABILITY_OF[frame["card"]], "describe_" + frame["step"], None)
    return None if hook is None else hook(g, a)


def engine_wording(g: Game, a: Action) -> Wording:
    """The engine's own template key and raw arguments for ``a``."""
    s = g.state
    frame = s.stack[-1] if s.stack else {}
    step = frame.get("kind")
    args: dict[str, Any] = dict(zip("cdef", a.cards))
    args["n"] = a.count
    key = a.kind
    if a.kind == "play":
        from .turn import card_action

        if step == "solo":
            return "solo_play", {"c": a.cards[0], "a": CARDS.action[a.cards[0]]}
        key = "play_lead" if step == "lead" else "play_follow"
        if a.target >= 0:  # played for another action than the card shows or the led one
            key = "play_follow_as" if key == "play_follow" else key
        args["a"] = a.target if a.target >= 0 else card_action(g, a.player, a.cards[0])
    elif a.kind == "wild":
        args["a"] = a.target
    elif a.kind == "declare" and a.target >= 0:
        key = "declare_trade"
    elif a.kind in ("contract", "drop", "ship"):
        args["s"] = a.target  # "ship": -1 is the Supply Island (an ability)
        if a.kind == "contract":
            args["cargo"] = (a.cards[0], a.option)
            tokyo = "tokyo" in s.modules and a.cards[0] in s.island
            if tokyo:
                args["m"] = tokyo_cost(g, a.player, a.cards[0])
            key = ("contract_tokyo" if tokyo else "contract") + ("_skip" if a.count > 1 else "")
    elif a.kind == "load":
        args["s"] = a.target
        if len(a.cards) > 1:
            key = "load_together"
        elif a.colour is not None:  # a J card, loaded as one of its two colours
            key = "load_as"
            args.update(goods=a.colour, n=J_LOAD_COST)
    elif a.kind == "pirate":
        args["src"] = a.sources[0] if a.sources else ISLAND
        if len(a.cards) > 1:
            key = "pirate_together"
            args["src2"] = a.sources[1] if len(a.sources) > 1 else ISLAND
            args["s"] = a.target
        elif not a.cards:  # a hidden card (an ability): its destination is chosen once it is seen
            key = "pirate_unseen"
        elif a.target < 0:
            key = "pirate_goods" if a.target == TO_GOODS else "pirate_discard"
        else:
            args["s"] = a.target
            if a.colour is not None:  # a J card from the island: loaded for the first time, as a chosen colour
                key = "pirate_as"
                args.update(goods=a.colour, n=J_LOAD_COST)
    elif a.kind == "winner":
        args["q"] = a.target
    elif a.kind == "colour":  # container tokens: the colour of a grey card's token
        args["goods"] = a.colour
    elif a.kind == "take":
        key = "take_crew" if a.target == TAKE_CREW else "take_goods" if a.target == TAKE_GOODS else "take_discard"
    elif a.kind == "choose":
        if step == "trim":
            key = "trim_crew" if a.target == 0 else "trim_goods"
        elif len(a.cards) > 1:
            key = "choose_card"
    elif a.kind == "no" and not a.cards:
        key = "take_stop" if step == "take" else "solo_stop" if step == "solo" else "no_plain"
    return key, args


def fill(g: Game, args: dict[str, Any], lang: str) -> dict[str, Any]:
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
    return ", ".join(items[:-1]) + AND[lang] + items[-1] if len(items) > 1 else "".join(items)


def cargo_words(card: int, side: int, lang: str) -> str:
    """The cargo a J card asks for on ``side`` (the choice names it); nothing for other cards."""
    if CARDS[card].cargo_alt is None:
        return ""
    counts = Counter(CARDS[card].slots(side))
    parts = [
        f"{n} × " + (TEXT["any_colour"][lang] if col == RAINBOW_SLOT else goods_name(col, lang))
        for col, n in counts.items()
    ]
    return TEXT["cargo"][lang].format(goods=" + ".join(parts))
