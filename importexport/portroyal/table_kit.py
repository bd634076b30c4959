"""Port Royal at the table: what the table component, the app and the session ask of this game
beyond the game protocol (:class:`importexport.protocol.TableKit` lists it).

Port Royal has no hands: every card a player holds lies open (coins lie face down, but only their
number counts), so people sharing one device need not pass it between moves.  Nothing is bid in
secret.  What comes to light is the next card of the draw pile (or of the time pile), so a person
may take back a move until a card has been turned over since.
"""

from __future__ import annotations

from collections.abc import Hashable
from html import escape
from pathlib import Path
from typing import Any

from ..catalog import Table
from ..protocol import Drawer, cards_told
from .actions import Action
from .explain import reason
from .game import Game
from .picture import changes, click_choices, picture, pointed
from .rules import EXP, team_rank
from .savefile import dump, load_session
from .view import hidden_from
from .words import card_name, contract_name, message, seat, waiting

__all__ = ["DRAWER", "FITS_NORMAL", "FITS_WINDOW", "FREE_KINDS", "GAME", "PRIVATE_HANDS", "STYLE", "bid", "changes", "click_choices",
           "click_name", "click_refusal", "dump", "hint", "load_session", "note", "picture",
           "pointed", "rank_name", "result", "sealed", "seat_name", "seats", "told", "hidden"]

GAME = "portroyal"
PRIVATE_HANDS = False
FITS_WINDOW = True
FITS_NORMAL = False
"""In projector mode the board fits the table to the window below the app's decision (one line)."""
FREE_KINDS = frozenset({"contract", "give", "end"})
"""Choices open to a player at any moment (drawn in another colour beside the decision)."""
STYLE = ""
"""The board draws the whole table itself; the end screen's chart uses inline styles."""
DRAWER = Drawer.files(Path(__file__).with_name("static"), "table.js", "table.css")
"""Port Royal's drawing: the ES module the board imports to draw this game's picture, and its stylesheet
(``static/table.js``, ``static/table.css``)."""
LOGGED_CARDS = ("c", "cards")
"""The keys of a log event that name cards (the narration prints them as card names): the log is read
by everyone, so a card it names is seen by all."""

WORDS = Table("pr_table", {
    "points": "Influence points",
    "coins": "Coins",
    "cubes": "Cubes on contracts",
    "player": "Player",
    "team_won": "The team has fulfilled every contract: rank {r}.",
    "team_lost": "The team has not fulfilled every contract ({done} of {all}): the game is lost.",
    "team_points": ("The team holds {n} influence point", "The team holds {n} influence points"),
    "team_cubes": ("and {n} cube on contracts.", "and {n} cubes on contracts."),
    "why_points": "somebody reached 12 influence points and the round was played to its end",
    "why_time": "the time pile ran out",
    "why_declared": "the team declared the game over",
    "why_cards": "no card was left to turn over",
    # solo play: one player, never "the team"
    "solo_won": "{p} has fulfilled every contract: rank {r}.",
    "solo_lost": "{p} has not fulfilled every contract ({done} of {all}): the game is lost.",
    "solo_points": ("{p} holds {n} influence point", "{p} holds {n} influence points"),
    "solo_declared": "{p} declared the game over",
}, counts={"team_points": "n", "team_cubes": "n", "solo_points": "n"})


def seat_name(n: int, lang: str) -> str:
    return seat(n, lang)


def seats(g: Game) -> int:
    return g.state.n


def click_name(g: Game, what: str, ident: int, lang: str) -> str:
    if what == "contract":
        return contract_name(g.state.contracts[ident], lang) if 0 <= ident < len(g.state.contracts) else "?"
    return card_name(ident, lang)


CLICKS = Table("pr_clicks", {
    "now": "Now the game waits for this: {what}.",
    "take_later": "{c} can be taken once cards are taken from the harbour.",
    "held": "{c} belongs to {q}; only the cards in the harbour can be taken.",
    "elsewhere": "{c} is not in the harbour; only the cards in the harbour can be taken.",
    "expedition_persons": "{p} lacks the persons {c} asks for: one per symbol, a Jack of all trades for any.",
})
"""What a click on a card or contract that offers nothing says: why, then what the game waits for."""


def click_refusal(g: Game, seat: int, what: str, ident: int, lang: str) -> str | None:
    """Why clicking a card or contract offers ``seat`` nothing, in the rules' words, and what the
    game waits for instead (one sentence each)."""
    s = g.state
    if not s.stack:
        return message("game_over", lang)
    why = _click_why(g, seat, what, ident, lang)
    return why + " " + CLICKS.format("now", lang, what=waiting(g, lang))


def _click_why(g: Game, seat: int, what: str, ident: int, lang: str) -> str:
    s = g.state
    if what == "contract":
        key, args = reason(g, Action(seat, "contract", target=ident))
        return message(key, lang, s.contracts, **args)
    if ident in s.expeditions:
        if seat == s.active and seat in g.deciders():
            return CLICKS.format("expedition_persons", lang, p=seat_name(seat, lang), c=card_name(ident, lang))
        return message("expedition_own_turn", lang)
    holder = next((q for q, p in enumerate(s.players) if ident in p.persons or ident in p.expeditions), None)
    if holder is not None:
        return CLICKS.format("held", lang, c=card_name(ident, lang), q=seat_name(holder, lang))
    if ident not in s.harbour and not any(f["kind"] == "repel" and f["card"] == ident for f in s.stack):
        return CLICKS.format("elsewhere", lang, c=card_name(ident, lang))
    key, args = reason(g, Action(seat, "take", card=ident))
    if key in ("not_your_decision", "not_now"):  # (a reason about the moment: say it about the card)
        return CLICKS.format("take_later", lang, c=card_name(ident, lang))
    return message(key, lang, s.contracts, **args)


def note(g: Game, action: Action, lang: str) -> tuple[str, str]:
    return "", ""


HINTS = Table("pr_hints", {
    "discover": "Turn over one card at a time. A second ship of a colour already in the harbour busts the "
        "turn unless it is driven off; stop once the harbour holds what you want.",
    "repel": "A ship has just come up. With at least as many swords as it shows you may drive it off; "
        "otherwise it stays, and a second ship of its colour busts the turn.",
    "take": "Take cards from the harbour: a ship is traded for its coins, a person hired for its cost. "
        "Whoever is not the active player pays the active player 1 coin for each card taken.",
    "expedition": "An expedition beside the harbour can be fulfilled now: give up persons who show its "
        "symbols, and it brings its influence points and coins.",
    "claim": "What a contract asks for has just happened: put a cube on it now (the leftmost free box pays "
        "its coins), or let this chance go.",
})
HINT_CHAPTER = {"discover": 2, "repel": 3, "take": 4, "expedition": 5, "claim": 7}
"""Which chapter of Port Royal's tutor teaches each step."""


def hint(g: Game, lang: str) -> tuple[str, int, str] | None:
    """The step of the turn the game waits for: its key, the chapter that teaches it and one sentence."""
    deciders = g.deciders()
    if not deciders:
        return None
    step = g.state.stack[-1]["kind"]  # (the step of the turn under way: whoever decides, it is open to all)
    if step == "take" and any(a.kind == "expedition" for a in g.legal_actions(deciders[0])):
        step = "expedition"
    if step not in HINT_CHAPTER:
        return None
    return step, HINT_CHAPTER[step], HINTS.format(step, lang)


def sealed(g: Game) -> list[int] | None:
    return None


def bid(seat: int, amount: int) -> Action:
    raise ValueError("Port Royal has no bids")


def hidden(g: Game, seat: int) -> frozenset[Hashable]:
    """What ``seat``'s view shows as counts only now (``view.hidden_from``): fair undo compares it move by move."""
    return hidden_from(g, seat)


def told(g: Game, since: int) -> set[int]:
    """The cards the log names from its line ``since`` on (seen by everyone reading it)."""
    return cards_told(g.log, since, LOGGED_CARDS)


def rank_name(rank_id: str, lang: str) -> str:
    rank = next(r for r in EXP.ranks if r.id == rank_id)
    return str(getattr(rank.name, lang))


def _why(g: Game) -> str:
    s = g.state
    if s.declared:
        return "solo_declared" if s.n == 1 else "why_declared"
    if s.team and not s.time_pile:
        return "why_time"
    if s.ending:
        return "why_points"
    return "why_cards"


def result(g: Game, lang: str) -> dict[str, Any]:
    """The end of a game: ``winners``, a ``headline`` for team play, why it ended and a chart."""
    s = g.state
    rows = g.scores()
    words = {k: WORDS.format(k, lang) for k in ("points", "coins", "cubes", "player")}
    cubes = bool(s.contracts)
    head = (f"<tr><th>{escape(words['player'])}</th><th>{escape(words['points'])}</th><th>{escape(words['coins'])}</th>"
            + (f"<th>{escape(words['cubes'])}</th>" if cubes else "") + "</tr>")
    body = "".join(
        f"<tr class='iex-pr-score{' iex-pr-won' if r['won'] else ''}'><td>{'★ ' if r['won'] else ''}{escape(seat(r['seat'], lang))}</td>"
        f"<td>{r['points']}</td><td>{r['coins']}</td>" + (f"<td>{r['cubes']}</td>" if cubes else "") + "</tr>"
        for r in rows)
    chart = ("<table class='iex-pr-scores' style='font-size:18px;border-collapse:collapse'>"
             "<style>.iex-pr-scores td,.iex-pr-scores th{padding:6px 14px;border-bottom:1px solid #ccc;text-align:left}"
             ".iex-pr-won{font-weight:bold;background:#fff4c2}</style>" + head + body + "</table>")
    headline = None
    if s.team:  # (solo play's one player is named, never "the team")
        done, rank, pts, placed = team_rank(s)
        who = "solo_" if s.n == 1 else "team_"
        p = seat(0, lang)
        if done:
            headline = WORDS.format(who + "won", lang, r=rank_name(rank, lang), p=p)
        else:
            headline = WORDS.format(who + "lost", lang, done=sum(1 for b in s.boxes if b), all=len(s.boxes), p=p)
        headline += " " + WORDS.format(who + "points", lang, n=pts, p=p) + " " + WORDS.format("team_cubes", lang, n=placed)
    return {"winners": [r["seat"] for r in rows if r["won"]] if not s.team else [],
            "headline": headline, "reason": WORDS.format(_why(g), lang, p=seat(0, lang)), "chart": chart}
