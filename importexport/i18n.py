"""Every sentence the engine says, in English and German: the event log and refusals.

Events are stored as ``(turn, key, args)``; :func:`render_event` fills the template of ``key`` in
the wanted language.  Arguments are formatted by name: ``p``/``q`` are seats, ``c``/``d`` cards,
``cards`` a card list, ``s``/``t`` ships, ``a`` an action type.
"""

from __future__ import annotations

from typing import Any

from .cards import CARDS
from .constants import ACTION_NAME, COLOURS, GOODS_TYPE

LANGS = ("en", "de")

EVENTS: dict[str, dict[str, str]] = {
    "setup": {
        "en": "A table for {n} players is set up ({rules}); {p} starts.",
        "de": "Ein Tisch für {n} Spieler ist aufgebaut ({rules}); {p} beginnt.",
    },
    "scenario": {
        "en": "A prepared position for {n} players; {p} is the active player.",
        "de": "Eine vorbereitete Stellung für {n} Spieler; {p} ist am Zug.",
    },
    "turn": {"en": "{p} is now the active player.", "de": "{p} ist jetzt am Zug."},
    "extra_turn": {"en": "{p} takes an extra turn.", "de": "{p} macht einen zusätzlichen Zug."},
    "extra_turn_owed": {
        "en": "{p} will take an extra turn after this one.",
        "de": "{p} bekommt nach diesem Zug einen Extrazug.",
    },
    "lead_draw": {"en": "{p} draws instead of leading.", "de": "{p} zieht, statt eine Aktion anzuführen."},
    "follow_draw": {"en": "{p} draws instead of following.", "de": "{p} zieht, statt zu folgen."},
    "draw": {"en": "{p} draws {n} card(s).", "de": "{p} zieht {n} Karte(n)."},
    "lead": {"en": "{p} leads {a} with {cards}.", "de": "{p} führt {a} an, mit {cards}."},
    "follow": {"en": "{p} follows with {cards}.", "de": "{p} folgt mit {cards}."},
    "declare": {"en": "{p} declares {n} {a} action(s).", "de": "{p} sagt {n}× {a} an."},
    "cannot_act": {
        "en": "{p} has no legal way to carry out {n} {a} action(s); they are lost.",
        "de": "{p} kann {n}× {a} nicht regelgerecht ausführen; die Aktionen verfallen.",
    },
    "sell": {"en": "{p} sells {c} to the Supply Island.", "de": "{p} verkauft {c} an die Vorratsinsel."},
    "crew": {"en": "{p} takes {c} into the crew.", "de": "{p} nimmt {c} in die Crew."},
    "crew_full": {
        "en": "{p}'s crew is full: {c} is taken from the Supply Island and discarded.",
        "de": "Die Crew von {p} ist voll: {c} wird von der Vorratsinsel genommen und abgelegt.",
    },
    "contract": {
        "en": "{p} places {c} as a contract under {s} ({n} extra action(s) spent on levels).",
        "de": "{p} legt {c} als Auftrag an {s} ({n} zusätzliche Aktion(en) für Stufen).",
    },
    "load": {"en": "{p} loads {c} onto {s}.", "de": "{p} lädt {c} auf {s}."},
    "pirate": {
        "en": "{p} pirates {c} from {src} and {dest}.",
        "de": "{p} plündert {c} von {src} und {dest}.",
    },
    "solo": {"en": "{p} plays {c} and carries out {a} alone.", "de": "{p} spielt {c} und führt {a} allein aus."},
    "trade": {"en": "{p} trades {c} for {d}.", "de": "{p} tauscht {c} gegen {d}."},
    "fulfil": {
        "en": "{p} fulfils {cards} on {s} with {n} containers.",
        "de": "{p} erfüllt {cards} an {s} mit {n} Containern.",
    },
    "sail": {"en": "{s} sails to the Open Sea.", "de": "{s} fährt in die Offene See."},
    "ship_home": {"en": "{s} returns to its harbour ({why}).", "de": "{s} kehrt in den Hafen zurück ({why})."},
    "to_island": {"en": "{c} goes from the deck to the Supply Island.", "de": "{c} kommt vom Stapel auf die Vorratsinsel."},
    "reshuffle": {
        "en": "The deck ran out: the {n} discarded cards are shuffled into a new deck.",
        "de": "Der Stapel ist leer: die {n} abgelegten Karten werden zu einem neuen Stapel gemischt.",
    },
    "gain": {"en": "{p} takes {n} credits ({why}).", "de": "{p} erhält {n} Credits ({why})."},
    "pay": {"en": "{p} pays {n} credits to the bank ({why}).", "de": "{p} zahlt {n} Credits an die Bank ({why})."},
    "transfer": {"en": "{p} pays {n} credits to {q} ({why}).", "de": "{p} zahlt {q} {n} Credits ({why})."},
    "no_ship": {
        "en": "Import round {r}: no ship is at sea, so the round is lost.",
        "de": "Bietrunde {r}: kein Schiff ist auf See, die Runde entfällt.",
    },
    "import_round": {
        "en": "Import round {r}: bidding for {s}; bidders: {bidders}.",
        "de": "Bietrunde {r}: es wird auf {s} geboten; Bieter: {bidders}.",
    },
    "bid_in": {"en": "{p} has placed a sealed bid.", "de": "{p} hat verdeckt geboten."},
    "bids": {"en": "Bids revealed: {bids}.", "de": "Gebote aufgedeckt: {bids}."},
    "tie": {"en": "{p} breaks the tie in favour of {q}.", "de": "{p} entscheidet den Gleichstand für {q}."},
    "import_won": {"en": "{p} wins the cargo of {s} for {n} credits.", "de": "{p} gewinnt die Ladung von {s} für {n} Credits."},
    "take_crew": {"en": "{p} takes {c} into the crew.", "de": "{p} nimmt {c} in die Crew."},
    "take_goods": {"en": "{p} adds {c} to the goods.", "de": "{p} legt {c} zu den Gütern."},
    "take_discard": {
        "en": "{p} has no room for {c} and discards it.",
        "de": "{p} hat keinen Platz für {c} und legt die Karte ab.",
    },
    "drop": {"en": "{p} discards the unfulfilled contract {c} from {s}.", "de": "{p} legt den unerfüllten Auftrag {c} von {s} ab."},
    "ability": {"en": "{p}'s {c} takes effect.", "de": "Die Fähigkeit von {c} ({p}) tritt in Kraft."},
    "coin": {"en": "{p} flips a coin: {heads}.", "de": "{p} wirft eine Münze: {heads}."},
    "bought_contract": {
        "en": "{p} buys {c} from {q} and adds it to their fulfilled contracts.",
        "de": "{p} kauft {c} von {q} und legt die Karte zu den eigenen erfüllten Aufträgen.",
    },
    "discard_hand": {"en": "{p} discards {c} from the hand ({why}).", "de": "{p} legt {c} aus der Hand ab ({why})."},
    "trim": {"en": "{p} is over a limit and discards {c}.", "de": "{p} überschreitet ein Limit und legt {c} ab."},
    "end_triggered": {
        "en": "The game will end after this turn ({why}).",
        "de": "Das Spiel endet nach diesem Zug ({why}).",
    },
    "instant_win": {"en": "{p} wins the game at once through {c}!", "de": "{p} gewinnt durch {c} sofort das Spiel!"},
    "game_over": {"en": "Game over. Winner(s): {winners}.", "de": "Spielende. Sieger: {winners}."},
}

WHY: dict[str, dict[str, str]] = {
    "sell": {"en": "sale to the Supply Island", "de": "Verkauf an die Vorratsinsel"},
    "payout": {"en": "payout", "de": "Auszahlung"},
    "bid": {"en": "winning bid", "de": "Siegergebot"},
    "compensation": {"en": "someone else imported from their ship", "de": "ein anderer hat von seinem Schiff importiert"},
    "credits": {"en": "a player has reached the credit goal", "de": "ein Spieler hat das Credit-Ziel erreicht"},
    "cards": {"en": "deck and discard pile are both empty", "de": "Nachzieh- und Ablagestapel sind leer"},
    "win": {"en": "an instant win", "de": "ein Sofortsieg"},
    "empty": {"en": "it sailed with no containers", "de": "es fuhr ohne Container los"},
    "pirated": {"en": "its last container was pirated, no compensation", "de": "der letzte Container wurde geplündert, ohne Ausgleich"},
    "imported": {"en": "its last containers were imported", "de": "die letzten Container wurden importiert"},
}

WORDS: dict[str, dict[str, str]] = {
    "player": {"en": "Player {n}", "de": "Spieler {n}"},
    "ship": {"en": "{owner}'s ship {k}", "de": "Schiff {k} von {owner}"},
    "island": {"en": "the Supply Island", "de": "der Vorratsinsel"},
    "discards": {"en": "discards it", "de": "legt ihn ab"},
    "loads": {"en": "loads it onto {s}", "de": "lädt ihn auf {s}"},
    "basic": {"en": "basic rules", "de": "Grundregeln"},
    "with_abilities": {"en": "with card abilities", "de": "mit Kartenfähigkeiten"},
    "heads": {"en": "heads", "de": "Kopf"},
    "tails": {"en": "tails", "de": "Zahl"},
    "nobody": {"en": "nobody", "de": "niemand"},
    "and": {"en": " and ", "de": " und "},
}


def word(key: str, lang: str, **args: Any) -> str:
    return WORDS[key][lang].format(**args)


def seat_name(seat: int, lang: str) -> str:
    return word("player", lang, n=seat + 1)


def ship_name(ship: int, lang: str) -> str:
    return word("ship", lang, owner=seat_name(ship // 2, lang), k=ship % 2 + 1)


def card_name(card: int) -> str:
    return CARDS.names[card]


def action_name(action: int, lang: str) -> str:
    return ACTION_NAME[lang][action] if action >= 0 else "-"


def goods_name(colour: int, lang: str) -> str:
    return f"{GOODS_TYPE[lang][colour]} ({COLOURS[colour]})"


def _format(key: str, args: dict[str, Any], lang: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in args.items():
        if name in ("p", "q"):
            out[name] = seat_name(value, lang) if value >= 0 else word("nobody", lang)
        elif name in ("c", "d"):
            out[name] = card_name(value)
        elif name == "cards":
            out[name] = word("and", lang).join(card_name(c) for c in value)
        elif name == "s":
            out[name] = ship_name(value, lang) if value >= 0 else word("island", lang)
        elif name == "a":
            out[name] = action_name(value, lang)
        elif name == "why":
            out[name] = WHY[value][lang] if value in WHY else value
        elif name in ("bidders", "winners"):
            out[name] = ", ".join(seat_name(b, lang) for b in value) or word("nobody", lang)
        elif name == "bids":
            out[name] = ", ".join(f"{seat_name(int(k), lang)} {v}" for k, v in value.items())
        elif name == "heads":
            out[name] = word("heads" if value else "tails", lang)
        elif name == "abilities":
            out["rules"] = word("with_abilities" if value else "basic", lang)
        else:
            out[name] = value
    if key == "pirate":
        out["src"] = out["s"]
        t = args["t"]
        out["dest"] = word("discards", lang) if t < 0 else word("loads", lang, s=ship_name(t, lang))
    return out


def render_event(event: tuple[int, str, dict[str, Any]], lang: str = "en") -> str:
    _turn, key, args = event
    return EVENTS[key][lang].format(**_format(key, args, lang))


def message(key: str, lang: str = "en", **args: Any) -> str:
    """A refusal's text (see ``explain.REASONS``)."""
    from .explain import REASONS

    return REASONS[key][lang].format(**_format(key, args, lang))
