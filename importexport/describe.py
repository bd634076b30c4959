"""Choices in words, for menus and buttons: ``describe_action(g, action, "de")``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import TAKE_CREW, TAKE_GOODS, Action
from .i18n import action_name, card_name, goods_name, place_name, seat_name, ship_name

if TYPE_CHECKING:
    from .engine import Game

TEXT: dict[str, dict[str, str]] = {
    "draw": {"en": "Draw cards", "de": "Karten ziehen"},
    "play_lead": {"en": "Lead {a} with {c}", "de": "{a} anführen mit {c}"},
    "play_follow": {"en": "Follow with {c}", "de": "Folgen mit {c}"},
    "wild": {"en": "Two-card wild for {a}: {c} + {d}", "de": "Zwei-Karten-Joker für {a}: {c} + {d}"},
    "declare": {"en": "Declare {n} action(s)", "de": "{n} Aktion(en) ansagen"},
    "sell": {"en": "Sell {c} to the Supply Island (4 credits)", "de": "{c} an die Vorratsinsel verkaufen (4 Credits)"},
    "crew": {"en": "Take {c} from the Supply Island into your crew", "de": "{c} von der Vorratsinsel in die Crew nehmen"},
    "contract": {"en": "Place {c} as a contract on {s}", "de": "{c} als Auftrag an {s} anlegen"},
    "contract_skip": {
        "en": "Place {c} as a contract on {s}, using {n} actions to skip missing levels",
        "de": "{c} als Auftrag an {s} anlegen, mit {n} Aktionen für fehlende Stufen",
    },
    "load": {"en": "Load {c} onto {s}", "de": "{c} auf {s} laden"},
    "load_together": {
        "en": "Load {c} and {d} together onto {s} as one container",
        "de": "{c} und {d} zusammen als einen Container auf {s} laden",
    },
    "pirate_together": {
        "en": "Pirate {c} from {src} and {d} from {src2} (two actions) and load them onto {s} as one container",
        "de": "{c} von {src} und {d} von {src2} plündern (zwei Aktionen) und als einen Container auf {s} laden",
    },
    "play_follow_as": {"en": "Follow with {c}, carrying out {a}", "de": "Folgen mit {c}, ausgeführt wird {a}"},
    "pirate": {"en": "Pirate {c} from {src} and load it onto {s}", "de": "{c} von {src} plündern und auf {s} laden"},
    "pirate_discard": {"en": "Pirate {c} from {src} and discard it", "de": "{c} von {src} plündern und ablegen"},
    "pirate_goods": {
        "en": "Pirate {c} from {src} and put it into your goods",
        "de": "{c} von {src} plündern und zu deinen Gütern legen",
    },
    "pirate_unseen": {
        "en": "Pirate an unseen card from {src} (load it or discard it once it is seen)",
        "de": "Eine verdeckte Karte von {src} plündern (sie wird danach geladen oder abgelegt)",
    },
    "ship": {"en": "Bid for the cargo of {s}", "de": "Auf die Ladung von {s} bieten"},
    "bid": {"en": "Bid {n} credit(s) (sealed)", "de": "{n} Credit(s) verdeckt bieten"},
    "winner": {"en": "Let {q} win the tie", "de": "{q} gewinnt den Gleichstand"},
    "take_crew": {"en": "Take {c} into your crew", "de": "{c} in die Crew nehmen"},
    "take_goods": {"en": "Take {c} into your goods", "de": "{c} zu den Gütern nehmen"},
    "take_discard": {"en": "No room: discard {c}", "de": "Kein Platz: {c} ablegen"},
    "drop": {"en": "Discard the unfulfilled contract {c} from {s}", "de": "Unerfüllten Auftrag {c} von {s} ablegen"},
    "trade": {"en": "Trade {c} for {d} from the Supply Island", "de": "{c} gegen {d} von der Vorratsinsel tauschen"},
    "yes": {"en": "Yes: use {c}", "de": "Ja: {c} nutzen"},
    "no": {"en": "No", "de": "Nein"},
    "choose": {"en": "Choose {c}", "de": "{c} wählen"},
    "anytime": {"en": "Use {c} now", "de": "{c} jetzt nutzen"},
    "name_goods": {"en": "{c}: name {goods}", "de": "{c}: {goods} nennen"},
    "take_credits": {"en": "{c}: take {n} credits", "de": "{c}: {n} Credits nehmen"},
    "draw_cards": {"en": "{c}: draw {n} cards", "de": "{c}: {n} Karten ziehen"},
    "true_now": {"en": "{c}: yes, that is true for me right now", "de": "{c}: ja, das trifft gerade auf mich zu"},
    "discard": {"en": "Discard the Capital card {c} from your hand", "de": "Die Capital-Karte {c} aus der Hand ablegen"},
}


def describe_action(g: Game, a: Action, lang: str = "en") -> str:
    """One line naming what ``a`` does, in ``lang``."""
    s = g.state
    c = card_name(a.cards[0]) if a.cards else ""
    d = card_name(a.cards[1]) if len(a.cards) > 1 else ""
    key = a.kind
    args: dict[str, object] = {"c": c, "d": d, "n": a.count}
    if a.kind == "play":
        frame = s.stack[-1] if s.stack else {}
        key = "play_lead" if frame.get("k") == "lead" else "play_follow"
        from .turn import card_action

        if a.target >= 0:  # played for another action than the card shows or the led one
            key = "play_follow_as" if key == "play_follow" else key
        args["a"] = action_name(a.target if a.target >= 0 else card_action(g, a.player, a.cards[0]), lang)
    elif a.kind == "wild":
        args["a"] = action_name(a.target, lang)
    elif a.kind in ("contract", "load", "drop", "ship"):
        args["s"] = place_name(a.target, lang, s)  # "ship": -1 is the Supply Island (an ability)
        if a.kind == "contract" and a.count > 1:
            key = "contract_skip"
        elif a.kind == "load" and len(a.cards) > 1:
            key = "load_together"
    elif a.kind == "pirate":
        src = a.option - 1
        args["src"] = place_name(src, lang, s)
        if len(a.cards) > 1:
            key = "pirate_together"
            args["src2"] = place_name(a.count - 1 if a.count > 0 else -1, lang, s)
            args["s"] = ship_name(a.target, lang, s)
        elif not a.cards:  # a hidden card (an ability): its destination is chosen once it is seen
            key = "pirate_unseen"
        elif a.target < 0:
            key = "pirate_goods" if a.target == -2 else "pirate_discard"
        else:
            args["s"] = ship_name(a.target, lang, s)
    elif a.kind == "winner":
        args["q"] = seat_name(a.target, lang)
    elif a.kind == "take":
        key = "take_crew" if a.target == TAKE_CREW else "take_goods" if a.target == TAKE_GOODS else "take_discard"
    elif a.kind == "choose" and len(a.cards) > 1:
        args["c"] = d
    frame = s.stack[-1] if s.stack else {}
    if frame.get("k") == "ask":  # an ability's question may word its own options (describe_<step>)
        from .abilities import ABILITY_OF

        worded = getattr(ABILITY_OF[frame["c"]], "describe_" + frame["q"], lambda g, a: None)(g, a)
        if worded is not None:
            key, extra = worded
            args.update(extra)
            if "goods" in extra:
                args["goods"] = goods_name(extra["goods"], lang)
    return TEXT[key][lang].format(**args)
