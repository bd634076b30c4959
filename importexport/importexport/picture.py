"""The table as data for the board component: plain JSON built from ``view(seat)`` and
``legal_actions()``, every word already in the reader's language.

The board widget (:mod:`importexport.widgets.board`) draws this picture and nothing else, so
what a seat sees on screen is exactly what its view lists.  The picture is built here, without
widgets, so it can be tested (and diffed: :func:`changes` names what the last move changed).

Shape (all keys always present)::

    {"lang", "labels": {word: text}, "legend": [{"mark", "bg", "fg", "letter", "text"}], "status": {...}, "seats": [seat, ...], "ships": {id: ship},
     "sea": [ship id, ...], "island": [card id, ...], "tokyo": [{"cost", "cards"}] | None,
     "market": [{"mark", "bg", "fg", "name", "value"}] | None, "hand": {"seat", "label", "cards"} | None,
     "open_hands": {seat: [card id, ...]}, "cards": {id: card}, "clickable": {"cards": [id, ...], "ships": [id, ...]}, "changed": [key, ...]}

A card is ``{"id", "name", "bg", "fg", "mark", "action", "symbol", "level", "cargo", "tip"}``
(``level``/``cargo``: lists of ``{"bg", "fg", "letter"}``); colours always come with a shape and
letter (``mark``), so nothing depends on telling colours apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..catalog import Table
from ..palette import BOARD, CSS_COLOUR, TEXT_COLOUR
from ..palette import SHAPE as GOODS_SHAPE
from .actions import Action
from .cards import CARDS
from .constants import ACTION_NAME, ANY_GOODS, COLOURS, GOODS_LETTER, GOODS_TYPE, RAINBOW_SLOT, RIDING
from .i18n import WHY, action_name, card_name, seat_name, ship_name
from .render import ACTION_SYMBOL, LABELS
from .rules import fulfilled_count
from .view import public_view

if TYPE_CHECKING:
    from .engine import Game

SHIP_KINDS = frozenset({"contract", "load", "pirate", "ship", "drop"})
"""Kinds of choice whose ``target`` is a ship (clicking that ship offers them)."""

WORDS = Table("picture", {
    "hand_of": "{p}'s hand",
    "cards_in_hand": "hand",
    "levels": "levels",
    "contracts": "contracts",
    "containers": "containers",
    "ship_tip": "Click: the moves with this ship",
    "short_ship": "ship {k}",
    "goal": "the game ends at {n} credits",
    "last_turn": "Last turn: {r}",
    "ended": "The game ended: {r}",
})


def _w(key: str, lang: str, **args: object) -> str:
    return WORDS.format(key, lang, **args)


def _ending(reason: str, over: bool, lang: str) -> str:
    """Why this turn is the last one, or why the game ended ("" while it goes on)."""
    if not reason:
        return ""
    return _w("ended" if over else "last_turn", lang, r=WHY.get(reason, {}).get(lang, reason))


def _label(key: str, lang: str, **args: object) -> str:
    return LABELS.format(key, lang, **args)


def dot(colour: int) -> dict[str, str]:
    """A level dot or cargo slot: colour with its letter (a rainbow slot: ★)."""
    if colour == RAINBOW_SLOT:
        return {"bg": "rainbow", "fg": "#fff", "letter": "★"}
    return {"bg": CSS_COLOUR[colour], "fg": TEXT_COLOUR[colour], "letter": GOODS_LETTER[colour]}


def mark(colour: int) -> str:
    return "★" if colour == RAINBOW_SLOT else f"{GOODS_SHAPE[colour]}{GOODS_LETTER[colour]}"


def card_data(card: int, lang: str, side: int = 0, colour: int | None = None) -> dict[str, Any]:
    """One card (or container token) as the board draws it; ``colour``: the colour it counts as
    (a container's, where a J card or token was given one)."""
    if card >= CARDS.token_base:
        col = CARDS.goods[card] if colour is None or colour == RIDING else colour
        return {"id": card, "name": card_name(card, lang), "bg": CSS_COLOUR[col], "fg": TEXT_COLOUR[col],
                "mark": mark(col), "action": "", "symbol": "", "level": [], "cargo": [], "tip": card_name(card, lang)}
    c = CARDS[card]
    col = c.colour if colour is None or colour == RIDING else colour
    level: list[dict[str, str]] = []
    for key, count in c.level.items():
        if key == ANY_GOODS:
            level.extend({"bg": "#cccccc", "fg": "#000", "letter": "∗"} for _ in range(count))
        else:
            level.extend(dot(COLOURS.index(key)) for _ in range(count))
    act = c.action_id
    return {
        "id": card, "name": c.name, "bg": CSS_COLOUR[col], "fg": TEXT_COLOUR[col], "mark": mark(col),
        "action": ACTION_NAME[lang][act], "symbol": ACTION_SYMBOL[act], "level": level,
        "cargo": [dot(x) for x in c.slots(side)], "tip": c.text.de if lang == "de" else c.text.en,
    }


def picture(g: Game, lang: str, hands: set[int] | None = None, decider: int | None = None,
            point: Action | None = None) -> dict[str, Any]:
    """The table for the board component.

    ``hands``: whose hands may be drawn face up (``None``: everybody's, as in a lesson; each hand
    is read from its owner's own view).  ``decider``: the person deciding now, whose hand runs
    along the bottom and whose legal choices make cards and ships clickable (``None``: nobody's).
    ``point``: a move a guided lesson asks for; the board points at what to click for it.
    """
    s = g.state
    base = g.view(decider) if decider is not None else public_view(g)  # (nobody deciding: no seat's view)
    cards: dict[str, dict[str, Any]] = {}

    def put(card: int | None, side: int = 0, colour: int | None = None, key: str | None = None) -> str | None:
        if card is None:
            return None
        k = key or str(card)
        if k not in cards:
            cards[k] = card_data(card, lang, side, colour)
        return k

    deciding = set(g.deciders()) if not g.is_over() else set()
    seats = []
    for p in base["players"]:
        seat = p["seat"]
        hc = p["harbour"]
        seats.append({
            "seat": seat, "name": seat_name(seat, lang), "active": seat == base["active"] and not g.is_over(),
            "deciding": seat in deciding, "credits": p["credits"], "goal": p["goal"], "hand_size": p["hand_size"],
            "harbour": {"bg": CSS_COLOUR[hc], "fg": TEXT_COLOUR[hc], "mark": mark(hc), "name": GOODS_TYPE[lang][hc]},
            "levels": [{**dot(col), "n": n, "name": GOODS_TYPE[lang][col]} for col, n in enumerate(p["levels"]) if n],
            "crew": [put(c) for c in p["crew"]], "crew_limit": p["crew_limit"],
            "goods": [put(c) for c in p["goods"]], "goods_load": p["goods_load"], "goods_limit": p["goods_limit"],
            "fulfilled": [put(c) for c in p["fulfilled"]], "fulfilled_count": fulfilled_count(g, seat),
            "ships": [x for x in p["ships"] if not base["ships"][x]["at_sea"]],
            "winner": seat in base["winners"],
        })
    ships: dict[str, dict[str, Any]] = {}
    for x in base["ships"]:
        sid = x["id"]
        contracts = [put(c, side, key=f"{c}:{side}" if side else None)
                     for c, side in zip(x["contracts"], x["sides"] + [0] * len(x["contracts"]), strict=False)]
        containers = [put(c, colour=col, key=f"{c}@{col}" if col != CARDS.goods[c] and col != RIDING else None)
                      for c, col in zip(x["containers"], x["colours"], strict=True)]
        k = base["players"][x["owner"]]["ships"].index(sid) + 1 if sid in base["players"][x["owner"]]["ships"] else 0
        ships[str(sid)] = {"id": sid, "name": ship_name(sid, lang, s), "short": _w("short_ship", lang, k=k) if k else "",
                           "owner": x["owner"], "at_sea": x["at_sea"],
                           "contracts": contracts, "containers": containers}
    tokyo = None
    island = [put(c) for c in base["island"]]
    if "tokyo" in base["modules"]:
        from .turn import TOKYO_COST

        tokyo = [{"cost": _label("cost", lang, n=cost), "cards": [put(c) for c in base["island"] if CARDS.column[c] == col]}
                 for col, cost in enumerate(TOKYO_COST)]
    market = None
    if base["market"]:
        market = [{**dot(col), "mark": mark(col), "name": GOODS_TYPE[lang][col], "value": f"{v:+d}"}
                  for col, v in enumerate(base["market"])]
    hand = None
    shown_hand = decider if decider is not None and (hands is None or decider in hands) else None
    if shown_hand is not None:
        hand = {"seat": shown_hand, "label": _w("hand_of", lang, p=seat_name(shown_hand, lang)),
                "cards": [put(c) for c in base["players"][shown_hand]["hand"]]}
    others = sorted(set(range(s.n)) - {shown_hand} if hands is None else set(hands) - {shown_hand})
    open_hands = {str(q): [put(c) for c in g.view(q)["players"][q]["hand"]] for q in others}
    clickable: dict[str, list[int]] = {"cards": [], "ships": []}
    if decider is not None and decider in deciding:
        legal = g.legal_actions(decider)
        clickable["cards"] = sorted({c for a in legal for c in a.cards})
        clickable["ships"] = sorted({a.target for a in legal if a.kind in SHIP_KINDS and a.target >= 0}
                                    | {x for a in legal if a.kind == "pirate" for x in a.sources if x >= 0})
    led = base["led"]
    status = {
        "turn": _label("turn", lang, n=base["turn"]),
        "led": _label("led", lang, a=action_name(led, lang)) if led >= 0 else "",
        "deck": _label("deck", lang, n=base["deck_size"]),
        "discard": _label("discard", lang, n=base["discard_size"]),
        "waiting": (_label("over", lang) if g.is_over()
                    else _label("waiting", lang, p=", ".join(seat_name(d, lang) for d in sorted(deciding)))),
        "over": g.is_over(),
        "ending": _ending(base["end_reason"], g.is_over(), lang),
    }
    labels = {key: _label(key, lang) for key in ("credits", "crew", "goods", "fulfilled", "fulfilled_tip", "harbour", "island",
                                                 "tokyo", "sea", "at_sea", "in_harbour", "empty", "level", "cargo",
                                                 "market", "none")}
    labels.update({key: _w(key, lang) for key in ("cards_in_hand", "levels", "contracts", "containers", "ship_tip")})
    labels.update({key: BOARD.format(key, lang) for key in ("decides", "projector", "projector_tip", "winner", "active")})
    labels["goal"] = WORDS["goal"][lang]  # "{n}": each seat's own goal, filled in by the board
    legend = ([{"mark": mark(col), **dot(col), "text": GOODS_TYPE[lang][col]} for col in range(len(GOODS_TYPE[lang]))]
              + [{"mark": ACTION_SYMBOL[a], "bg": "", "fg": "", "letter": "", "text": ACTION_NAME[lang][a]}
                 for a in range(len(ACTION_NAME[lang]))]
              + [{"mark": "●", "bg": "", "fg": "", "letter": "", "text": _label("level", lang)},
                 {"mark": "■", "bg": "", "fg": "", "letter": "", "text": _label("cargo", lang)}])
    return {
        "lang": lang, "labels": labels, "legend": legend, "status": status, "seats": seats, "ships": ships,
        "sea": [x["id"] for x in base["ships"] if x["at_sea"]], "island": island, "tokyo": tokyo, "market": market,
        "hand": hand, "open_hands": open_hands, "cards": cards, "clickable": clickable, "changed": [],
        "point": pointed(point),
    }


def pointed(point: Action | None) -> dict[str, list[int]]:
    """What the board points at for ``point``: the card to click, or the ship for a choice of ship
    (nothing for a choice made in the panel only, such as a declaration or a bid)."""
    if point is None:
        return {"cards": [], "ships": []}
    if point.kind == "ship" or not point.cards:
        return {"cards": [], "ships": [point.target] if point.kind in SHIP_KINDS and point.target >= 0 else []}
    return {"cards": [point.cards[0]], "ships": []}


def places(pic: dict[str, Any]) -> dict[str, str]:
    """Where each element of a picture is, with what it shows: the basis of :func:`changes`."""
    out: dict[str, str] = {}
    for seat in pic["seats"]:
        q = seat["seat"]
        out[f"credits:{q}"] = str(seat["credits"])
        out[f"handsize:{q}"] = str(seat["hand_size"])
        for zone in ("crew", "goods", "fulfilled"):
            for k in seat[zone]:
                out[f"card:{k}"] = f"{zone}:{q}"
    for sid, ship in pic["ships"].items():
        out[f"ship:{sid}"] = f"{ship['at_sea']}:{ship['contracts']}:{ship['containers']}"
        for k in ship["contracts"] + ship["containers"]:
            out[f"card:{k}"] = f"ship:{sid}"
    for k in pic["island"]:
        out[f"card:{k}"] = "island"
    if pic["hand"]:
        for k in pic["hand"]["cards"]:
            out[f"card:{k}"] = f"hand:{pic['hand']['seat']}"
    for q, ks in pic["open_hands"].items():
        for k in ks:
            out[f"card:{k}"] = f"hand:{q}"
    return out


def changes(before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
    """The elements the last move changed: cards that moved or appeared, credits and hand sizes
    that changed, ships whose cargo or place changed (``[]`` for the first picture)."""
    if before is None:
        return []
    old, new = places(before), places(after)
    return sorted(k for k, v in new.items() if old.get(k) != v)


def ship_choices(g: Game, seat: int, ship: int) -> list[Action]:
    """The legal moves of ``seat`` that involve ``ship`` (as target, or as a Pirate's source)."""
    return [a for a in g.legal_actions(seat)
            if (a.kind in SHIP_KINDS and a.target == ship) or (a.kind == "pirate" and ship in a.sources)]
