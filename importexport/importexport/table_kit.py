"""Import/Export at the table: what the table component, the app and the session ask of this game
beyond the game protocol (:class:`importexport.protocol.TableKit` lists it).

The widgets reach it through :func:`importexport.protocol.table_kit` and import nothing of the
game itself: the picture the board draws, what a click on a card or ship means, the hint naming
the rule in play, sealed bids, fair undo, bots, saving and the final result.
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

from ..catalog import Table
from ..protocol import Drawer, cards_told
from .actions import Action
from .describe import FREE_KINDS
from .engine import Game
from .explain import STEPS, reason, step_of
from .flow import deciders_of
from .foresight import idle_note
from .hints import hint_chapter, hint_key, hint_text
from .i18n import WHY, card_name, message, seat_name, ship_name
from .picture import changes, picture, pointed, ship_choices
from .render import CSS, score_chart_html
from .rules import harbour_ships
from .savefile import dump, load_session
from .view import hidden_from

__all__ = ["DRAWER", "FITS_NORMAL", "FITS_WINDOW", "FREE_KINDS", "GAME", "PRIVATE_HANDS", "STYLE", "bid", "changes", "click_choices",
           "click_name", "click_refusal", "dump", "hint", "load_session", "note", "picture", "pointed",
           "result", "sealed", "seat_name", "seats", "told", "hidden"]

GAME = "importexport"
PRIVATE_HANDS = True
"""Each player holds cards the others may not see: people at one device pass it between moves."""
FITS_WINDOW = True
FITS_NORMAL = True
"""In the app the board fits the table to the window below the app's decision (one line), in normal
and in projector mode (docs/app.md)."""
STYLE = CSS
"""The stylesheet of the drawn table and the score chart."""
DRAWER = Drawer.files(Path(__file__).with_name("static"), "table.js", "table.css")
"""Import/Export's drawing: the ES module the board imports to draw this game's picture (``static/table.js``)
and its stylesheet (``static/table.css``, put on the page after the frame's ``widgets/static/board.css``)."""

CARD_KINDS = ("play", "sell", "crew", "contract", "load", "take", "pirate", "wild", "anytime")
"""Kinds of move a click on a card may mean (the first one the step expects is explained)."""
LOGGED_CARDS = ("c", "d", "cards")
"""The keys of a log event that name cards (the narration prints them as card names): the log is read
by everyone, so a card it names is seen by all."""


def seats(g: Game) -> int:
    return g.state.n


def click_choices(g: Game, seat: int, what: str, ident: int) -> list[Action]:
    """The legal moves of ``seat`` that clicking card or ship ``ident`` offers."""
    if what == "ship":
        return ship_choices(g, seat, ident)
    return [a for a in g.legal_actions(seat) if ident in a.cards]


def click_name(g: Game, what: str, ident: int, lang: str) -> str:
    return ship_name(ident, lang, g.state) if what == "ship" else card_name(ident, lang)


CLICKS = Table("clicks", {
    "now": "The game is waiting for {p} to {step}.",
    "no_use": "{c} has no use at this step.",
    "not_here": "{c} is not among the cards this step can use.",
    "no_ship_move": "{s} offers no move at this step.",
})
"""What a click on a card or ship that offers nothing says: why, then what the game waits for."""

PLACE_REASONS = frozenset({"pirate_source", "no_such_container", "unknown_card", "ability_cards"})
"""Refusals saying, in terms of a choice the player never made, that the card clicked lies elsewhere
than this step takes its cards from (those that name the place, such as ``not_in_hand``, are said as
they are)."""
STEP_REASONS = frozenset({"no_card_now", "not_your_decision", "game_over"})
"""Refusals that already say what the game waits for."""


def click_refusal(g: Game, seat: int, what: str, ident: int, lang: str) -> str | None:
    """Why clicking card or ship ``ident`` offers ``seat`` nothing, in the rules' words, and what the
    game waits for instead (one sentence each)."""
    if not g.state.stack:
        return message("game_over", lang, g.state)
    if what == "ship":
        why = CLICKS.format("no_ship_move", lang, s=ship_name(ident, lang, g.state))
    else:
        key, args = reason(g, natural_action(g, seat, ident))
        if key in STEP_REASONS:
            return message(key, lang, g.state, **args)
        if key == "wrong_kind":
            why = CLICKS.format("no_use", lang, c=card_name(ident, lang))
        elif key in PLACE_REASONS:
            why = CLICKS.format("not_here", lang, c=card_name(ident, lang))
        else:
            why = message(key, lang, g.state, **args)
    frame = g.state.stack[-1]
    now = CLICKS.format("now", lang, p=seat_name(deciders_of(frame)[0], lang), step=STEPS.format(step_of(g, frame), lang))
    return why + " " + now


def natural_action(g: Game, seat: int, card: int) -> Action:
    """What clicking ``card`` most likely means at this step (used to explain a refusal)."""
    from .cards import CARDS
    from .explain import ACT_CHOICES, FRAME_CHOICES

    card_kinds = CARD_KINDS
    s = g.state
    if not s.stack:
        return Action(seat, "play", (card,))
    frame = s.stack[-1]
    action = frame.get("action", s.led)  # (an ability may give a free action of another type)
    expected = ACT_CHOICES[action] if frame["kind"] == "act" and action >= 0 else FRAME_CHOICES.get(frame["kind"], ())
    kind = next((k for k in expected if k in card_kinds), expected[0] if expected else "play")
    if kind == "sell" and card in s.island:
        kind = "crew"
    target = -1
    if kind in ("contract", "load") and seat < s.n:
        harbour = harbour_ships(g, seat)
        target = harbour[0].id if harbour else s.players[seat].ships[0]
    if kind == "take":
        target = 0
    if kind == "wild":
        kind = "play"
    cards = (card,) if 0 <= card < CARDS.table_size else ()
    return Action(seat, kind, cards, target, 1 if kind == "contract" else 0)


def note(g: Game, action: Action, lang: str) -> tuple[str, str]:
    """A short mark and a sentence for a choice that would do nothing for its player ("", "" if none)."""
    return idle_note(g, action, lang)


def hint(g: Game, lang: str) -> tuple[str, int, str] | None:
    """The rule in play now: its key, the chapter that teaches it and one sentence (``None``: none)."""
    key = hint_key(g)
    return (key, hint_chapter(key), hint_text(key, lang)) if key else None


def sealed(g: Game) -> list[int] | None:
    """The seats bidding in secret now (``None``: no sealed bid is under way)."""
    frame = g.state.stack[-1] if g.state.stack else None
    if frame is None or frame["kind"] != "bid":
        return None
    return list(frame.get("bidders", g.deciders()))


def bid(seat: int, amount: int) -> Action:
    return Action(seat, "bid", count=amount)


def hidden(g: Game, seat: int) -> frozenset[Hashable]:
    """What ``seat``'s view keeps from it now (``view.hidden_from``): fair undo compares it move by move."""
    return hidden_from(g, seat)


def told(g: Game, since: int) -> set[int]:
    """The cards the log names from its line ``since`` on (seen by everyone reading it)."""
    return cards_told(g.log, since, LOGGED_CARDS)


def result(g: Game, lang: str) -> dict[str, Any]:
    """The end of a game: ``winners`` (seats), ``headline`` (``None``: the app names the winners),
    ``reason`` (why it ended, a sentence or "") and ``chart`` (the scores as HTML)."""
    return {"winners": list(g.state.winners), "headline": None,
            "reason": WHY.get(g.state.end_reason, {}).get(lang, ""), "chart": score_chart_html(g.scores(), lang)}
