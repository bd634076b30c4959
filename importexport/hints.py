"""Short hints naming the rule in play, for the step the game is waiting at.

``hint_key(game)`` names the step (``lead``, ``follow``, ``act:load``, ``bid``, ...); ``HINTS`` says
in a sentence or two what that step is about and which tutor chapter explains it.  The app and the
"first game" chapter show a hint the first time each step comes up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import ACTIONS

if TYPE_CHECKING:
    from .engine import Game

HINTS: dict[str, dict[str, str | int]] = {
    "lead": {
        "chapter": 3,
        "en": "Your turn: play one card to choose the action everybody may take part in, or draw cards instead.",
        "de": "Du bist am Zug: spiele eine Karte und bestimme damit die Aktion für alle, oder ziehe stattdessen Karten.",
    },
    "declare": {
        "chapter": 3,
        "en": "Say how many actions you take: one for the card you played, plus one for each crew card of that action.",
        "de": "Sag an, wie viele Aktionen du nimmst: eine für die gespielte Karte und eine je Crew-Karte dieser Aktion.",
    },
    "follow": {
        "chapter": 4,
        "en": "Another player led. Join in with a card of the same action (or two cards of one colour), or draw instead.",
        "de": "Ein anderer Spieler hat angeführt. Mach mit einer Karte derselben Aktion (oder zwei Karten einer Farbe) mit, oder ziehe.",
    },
    "act:supply": {
        "chapter": 5,
        "en": "Supply: sell a hand card to the Supply Island for credits (once per turn), or hire a card from the island as crew.",
        "de": "Vorrat: verkaufe eine Handkarte an die Vorratsinsel (einmal pro Zug) oder heuere eine Karte der Insel als Crew an.",
    },
    "act:import": {
        "chapter": 6,
        "en": "Import: the cargo of one ship at sea is up for a sealed auction.",
        "de": "Import: die Ladung eines Schiffs auf See wird verdeckt versteigert.",
    },
    "choose_ship": {
        "chapter": 6,
        "en": "Choose which ship at sea is auctioned in this bidding round.",
        "de": "Wähle, welches Schiff auf See in dieser Bietrunde versteigert wird.",
    },
    "bid": {
        "chapter": 6,
        "en": "Enter a sealed bid. All bids are shown together; the highest bid pays the bank and takes the cargo.",
        "de": "Gib ein verdecktes Gebot ab. Alle Gebote werden zugleich aufgedeckt; das höchste zahlt an die Bank und erhält die Ladung.",
    },
    "tie": {
        "chapter": 6,
        "en": "The bids are tied: the active player decides who wins.",
        "de": "Gleichstand beim Bieten: der Spieler am Zug entscheidet, wer gewinnt.",
    },
    "take": {
        "chapter": 6,
        "en": "Take the won cards one by one into your crew or your goods (mind your limits).",
        "de": "Nimm die ersteigerten Karten einzeln in deine Crew oder zu deinen Gütern (achte auf die Grenzen).",
    },
    "act:contract": {
        "chapter": 7,
        "en": "Contract: put a hand card under one of your ships in harbour; missing levels cost extra actions.",
        "de": "Auftrag: lege eine Handkarte an eines deiner Schiffe im Hafen; fehlende Stufen kosten zusätzliche Aktionen.",
    },
    "act:load": {
        "chapter": 8,
        "en": "Load: put a hand card onto a ship as a container; only its colour counts. A full ship pays out and sails.",
        "de": "Laden: lege eine Handkarte als Container auf ein Schiff; nur die Farbe zählt. Ein volles Schiff zahlt aus und läuft aus.",
    },
    "act:pirate": {
        "chapter": 9,
        "en": "Pirate: steal a container from a ship at sea or the Supply Island, onto your own ship or into the discard.",
        "de": "Pirat: raube einen Container von einem Schiff auf See oder von der Vorratsinsel, auf dein Schiff oder in die Ablage.",
    },
    "act:trade": {
        "chapter": 13,
        "en": "Trade (Capital): each Trade action swaps one card of your hand for one card of the Supply Island.",
        "de": "Tausch (Capital): jede Tausch-Aktion wechselt eine deiner Handkarten gegen eine Karte der Vorratsinsel.",
    },
    "trim": {
        "chapter": 10,
        "en": "Over a limit: crew may not outnumber your fulfilled contracts, goods not twice their number. Choose what goes.",
        "de": "Über einer Grenze: Crew höchstens so viele wie erfüllte Aufträge, Güter höchstens doppelt so viele. Wähle, was geht.",
    },
    "ask": {
        "chapter": 12,
        "en": "A card ability asks you a question.",
        "de": "Eine Kartenfähigkeit stellt dir eine Frage.",
    },
}


def hint_key(g: Game) -> str | None:
    """The step the game waits at, as a key of ``HINTS`` (``None`` when there is no hint for it)."""
    s = g.state
    if not s.stack:
        return None
    kind = s.stack[-1]["kind"]
    if kind == "act" and s.led >= 0:
        kind = f"act:{ACTIONS[s.led]}"
    return kind if kind in HINTS else None


def hint_text(key: str, lang: str) -> str:
    return str(HINTS[key]["de" if lang == "de" else "en"])


def hint_chapter(key: str) -> int:
    return int(HINTS[key]["chapter"])
