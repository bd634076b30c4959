"""Choices that would do nothing for the player who makes them, said before they are made.

Leading or following with a card commits its player to carry out an action; when that player
could not carry it out at all in the position as it stands (no ship in harbour to load, nothing
to pirate, no contract a ship could take), the card is spent for nothing.  The rules allow it (a
player may lead only to make the others follow, or to shed a card), so the option stays; the app
and the chapters say so beside it (:func:`idle_action`).  This is a forecast from the table as it
is now: players who act earlier in the same turn can still change it.

>>> from importexport import Game
>>> g = Game(players=3, seed=1)  # the first decision: two wilds would commit Player 2 to nothing
>>> [g.describe(a) for a in g.legal_actions() if idle_action(g, a) is not None]
['Two-card wild for Contract: BATTERIES + MRI MACHINE', 'Two-card wild for Load: BATTERIES + MRI MACHINE']
"""

from __future__ import annotations

from ..catalog import Table
from .actions import Action
from .constants import IMPORT, SUPPLY
from .engine import Game
from .i18n import action_name, seat_name
from .turn import act_options

COMMITTING = frozenset({"play", "wild", "declare"})
"""The kinds of choice that commit a player to carry out an action (lead, follow, declare a count)."""
WORDS = Table("foresight", {
    "short": "(no effect now)",
    "long": "No effect for {p} now: as the table stands, {p} could not carry out {a}.",
})


def idle_action(g: Game, a: Action) -> int | None:
    """The action that ``a`` commits its player to and that they could not carry out at all now
    (``None``: ``a`` commits to nothing, to an Import, to no action, or to one they can carry out).
    ``a`` must be legal; the game is not changed."""
    s = g.state
    if a.kind not in COMMITTING or not s.stack or s.stack[-1]["kind"] not in ("lead", "follow", "declare"):
        return None
    if a.kind == "declare" and a.count == 0:
        return None
    after = g.copy()
    after.apply(a)
    seat, t = a.player, after.state
    action = t.acts[seat] if t.acts[seat] >= 0 else t.led
    if action < 0 or action == SUPPLY or (action == IMPORT and t.acts[seat] < 0):
        return None  # (an Import is a bid on the cards drawn; a Supply's island fills as others sell first)
    top = t.stack[-1] if t.stack else {}
    if top.get("kind") == "declare" and top.get("seat") == seat:
        left = max(1, top["most"])  # (the count is declared next: the most it may be)
    elif a.kind == "declare" or t.decl[seat] > 0:
        left = max(1, t.decl[seat])
    else:
        return None
    if not act_options(after, {"kind": "act", "seat": seat, "left": left, "action": action}):
        return action
    return None


def idle_note(g: Game, a: Action, lang: str) -> tuple[str, str]:
    """A short mark and a sentence to show beside ``a`` if it would have no effect for its player
    (two empty texts otherwise)."""
    action = idle_action(g, a)
    if action is None:
        return "", ""
    lang = "de" if lang == "de" else "en"
    return WORDS.format("short", lang), WORDS.format("long", lang, p=seat_name(a.player, lang), a=action_name(action, lang))
