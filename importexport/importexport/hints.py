"""Short hints naming the rule in play, for the step the game is waiting at.

``hint_key(game)`` names the step (``lead``, ``follow``, ``act:load``, ``bid``, ...); ``HINTS`` says
in a sentence or two what that step is about, ``HINT_CHAPTERS`` which tutor chapter explains it.  The app and the
"first game" chapter show a hint the first time each step comes up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..catalog import Table
from .constants import ACTIONS

if TYPE_CHECKING:
    from .engine import Game

HINTS = Table("hints", {
    "lead": "Your turn: play one card to choose the action everybody may take part in, or draw cards instead.",
    "declare": "Say how many actions you take: one for the card you played, plus one for each crew card of that action.",
    "follow": "Another player led. Join in with a card of the same action (or two cards of one colour), or draw instead.",
    "act:supply": "Supply: sell a hand card to the Supply Island for credits (once per turn), or hire a card from the island as crew.",
    "act:import": "Import: the cargo of one ship at sea is up for a sealed auction.",
    "choose_ship": "Choose which ship at sea is auctioned in this bidding round.",
    "bid": "Enter a sealed bid. All bids are shown together; the highest bid pays the bank and takes the cargo.",
    "tie": "The bids are tied: the active player decides who wins.",
    "take": "Take the won cards one by one into your crew or your goods (mind your limits).",
    "act:contract": "Contract: put a hand card under one of your ships in harbour; missing levels cost extra actions.",
    "act:load": "Load: put a hand card onto a ship as a container; only its colour counts. A full ship pays out and sails.",
    "act:pirate": "Pirate: steal a container from a ship at sea or the Supply Island, onto your own ship or into the discard.",
    "act:trade": "Trade (Capital): each Trade action swaps one card of your hand for one card of the Supply Island.",
    "trim": "Over a limit: crew may not outnumber your fulfilled contracts, goods not twice their number. Choose what goes.",
    "ask": "A card ability asks you a question.",
})
HINT_CHAPTERS: dict[str, int] = {
    "lead": 3, "declare": 3, "follow": 4, "act:supply": 5, "act:import": 6, "choose_ship": 6, "bid": 6, "tie": 6,
    "take": 6, "act:contract": 7, "act:load": 8, "act:pirate": 9, "act:trade": 13, "trim": 10, "ask": 12,
}
"""The tutor chapter that explains each step."""


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
    return HINTS.format(key, lang)


def hint_chapter(key: str) -> int:
    return HINT_CHAPTERS[key]
