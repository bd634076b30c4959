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


class _Cards:
    """The picture's cards, each drawn once under its key, in the order the picture first meets them."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.drawn: dict[str, dict[str, Any]] = {}

    def put(self, card: int | None, side: int = 0, colour: int | None = None, key: str | None = None) -> str | None:
        """The key of ``card`` (drawn on its ``side``, as ``colour``) in the picture's cards."""
        if card is None:
            return None
        k = key or str(card)
        if k not in self.drawn:
            self.drawn[k] = card_data(card, self.lang, side, colour)
        return k

    def put_all(self, ids: list[int]) -> list[str | None]:
        return [self.put(c) for c in ids]


def _seat(g: Game, p: dict[str, Any], base: dict[str, Any], deciding: set[int], cards: _Cards) -> dict[str, Any]:
    """One seat's panel: its name, figures, harbour, levels, crew, goods, contracts fulfilled, ships in harbour."""
    lang, seat, hc = cards.lang, p["seat"], p["harbour"]
    return {
        "seat": seat, "name": seat_name(seat, lang), "active": seat == base["active"] and not g.is_over(),
        "deciding": seat in deciding, "credits": p["credits"], "goal": p["goal"], "hand_size": p["hand_size"],
        "harbour": {"bg": CSS_COLOUR[hc], "fg": TEXT_COLOUR[hc], "mark": mark(hc), "name": GOODS_TYPE[lang][hc]},
        "levels": [{**dot(col), "n": n, "name": GOODS_TYPE[lang][col]} for col, n in enumerate(p["levels"]) if n],
        "crew": cards.put_all(p["crew"]), "crew_limit": p["crew_limit"],
        "goods": cards.put_all(p["goods"]), "goods_load": p["goods_load"], "goods_limit": p["goods_limit"],
        "fulfilled": cards.put_all(p["fulfilled"]), "fulfilled_count": fulfilled_count(g, seat),
        "ships": [x for x in p["ships"] if not base["ships"][x]["at_sea"]],
        "winner": seat in base["winners"],
    }


def _ship(g: Game, x: dict[str, Any], base: dict[str, Any], cards: _Cards) -> dict[str, Any]:
    """One ship: its name (and its short name in its owner's harbour), owner, place, contracts, containers."""
    sid, lang = x["id"], cards.lang
    sides = x["sides"] + [0] * len(x["contracts"])
    contracts = [cards.put(c, side, key=f"{c}:{side}" if side else None)
                 for c, side in zip(x["contracts"], sides, strict=False)]
    containers = [cards.put(c, colour=col, key=f"{c}@{col}" if col != CARDS.goods[c] and col != RIDING else None)
                  for c, col in zip(x["containers"], x["colours"], strict=True)]
    fleet = base["players"][x["owner"]]["ships"]
    k = fleet.index(sid) + 1 if sid in fleet else 0
    return {"id": sid, "name": ship_name(sid, lang, g.state), "short": _w("short_ship", lang, k=k) if k else "",
            "owner": x["owner"], "at_sea": x["at_sea"], "contracts": contracts, "containers": containers}


def _tokyo(base: dict[str, Any], cards: _Cards) -> list[dict[str, Any]] | None:
    """The Tokyo harbour's cost columns with their cards (``None`` without the Tokyo module)."""
    if "tokyo" not in base["modules"]:
        return None
    from .turn import TOKYO_COST

    return [{"cost": _label("cost", cards.lang, n=cost),
             "cards": cards.put_all([c for c in base["island"] if CARDS.column[c] == col])}
            for col, cost in enumerate(TOKYO_COST)]


def _market(base: dict[str, Any], lang: str) -> list[dict[str, Any]] | None:
    """Each goods type's marker on the goods market (``None`` without the market module)."""
    if not base["market"]:
        return None
    return [{**dot(col), "mark": mark(col), "name": GOODS_TYPE[lang][col], "value": f"{v:+d}"}
            for col, v in enumerate(base["market"])]


def _shown_hand(hands: set[int] | None, decider: int | None) -> int | None:
    """The seat whose hand runs along the bottom: the decider's, if it may be drawn face up."""
    return decider if decider is not None and (hands is None or decider in hands) else None


def _hand(base: dict[str, Any], shown: int | None, cards: _Cards) -> dict[str, Any] | None:
    """The hand along the bottom, with its title (``None``: nobody's)."""
    if shown is None:
        return None
    return {"seat": shown, "label": _w("hand_of", cards.lang, p=seat_name(shown, cards.lang)),
            "cards": cards.put_all(base["players"][shown]["hand"])}


def _open_hands(g: Game, hands: set[int] | None, shown: int | None, cards: _Cards) -> dict[str, list[str | None]]:
    """The other hands drawn face up, each read from its owner's own view."""
    others = sorted(set(range(g.state.n)) - {shown} if hands is None else set(hands) - {shown})
    return {str(q): cards.put_all(g.view(q)["players"][q]["hand"]) for q in others}


def _clickable(g: Game, decider: int | None, deciding: set[int]) -> dict[str, list[int]]:
    """The cards and ships with a legal choice of the decider (none while somebody else decides)."""
    clickable: dict[str, list[int]] = {"cards": [], "ships": []}
    if decider is None or decider not in deciding:
        return clickable
    legal = g.legal_actions(decider)
    clickable["cards"] = sorted({c for a in legal for c in a.cards})
    clickable["ships"] = sorted({a.target for a in legal if a.kind in SHIP_KINDS and a.target >= 0}
                                | {x for a in legal if a.kind == "pirate" for x in a.sources if x >= 0})
    return clickable


def _status(g: Game, base: dict[str, Any], deciding: set[int], lang: str) -> dict[str, Any]:
    """The status bar: turn, the action led, the piles, who the game waits for, why it ends."""
    led, over = base["led"], g.is_over()
    waiting = ", ".join(seat_name(d, lang) for d in sorted(deciding))
    return {
        "turn": _label("turn", lang, n=base["turn"]),
        "led": _label("led", lang, a=action_name(led, lang)) if led >= 0 else "",
        "deck": _label("deck", lang, n=base["deck_size"]),
        "discard": _label("discard", lang, n=base["discard_size"]),
        "waiting": _label("over", lang) if over else _label("waiting", lang, p=waiting),
        "over": over,
        "ending": _ending(base["end_reason"], over, lang),
    }


def _labels(lang: str) -> dict[str, str]:
    """The board's own words."""
    labels = {key: _label(key, lang) for key in ("credits", "crew", "goods", "fulfilled", "fulfilled_tip", "harbour",
                                                 "island", "tokyo", "sea", "at_sea", "in_harbour", "empty", "level",
                                                 "cargo", "market", "none")}
    labels.update({key: _w(key, lang) for key in ("cards_in_hand", "levels", "contracts", "containers", "ship_tip")})
    labels.update({key: BOARD.format(key, lang) for key in ("decides", "projector", "projector_tip", "winner", "active")})
    labels["goal"] = WORDS["goal"][lang]  # "{n}": each seat's own goal, filled in by the board
    return labels


def _legend(lang: str) -> list[dict[str, str]]:
    """Every shape, letter and symbol on the cards, with what it means."""
    return ([{"mark": mark(col), **dot(col), "text": GOODS_TYPE[lang][col]} for col in range(len(GOODS_TYPE[lang]))]
            + [{"mark": ACTION_SYMBOL[a], "bg": "", "fg": "", "letter": "", "text": ACTION_NAME[lang][a]}
               for a in range(len(ACTION_NAME[lang]))]
            + [{"mark": "●", "bg": "", "fg": "", "letter": "", "text": _label("level", lang)},
               {"mark": "■", "bg": "", "fg": "", "letter": "", "text": _label("cargo", lang)}])


def picture(g: Game, lang: str, hands: set[int] | None = None, decider: int | None = None,
            point: Action | None = None) -> dict[str, Any]:
    """The table for the board component.

    ``hands``: whose hands may be drawn face up (``None``: everybody's, as in a lesson; each hand
    is read from its owner's own view).  ``decider``: the person deciding now, whose hand runs
    along the bottom and whose legal choices make cards and ships clickable (``None``: nobody's).
    ``point``: a move a guided lesson asks for; the board points at what to click for it.
    """
    base = g.view(decider) if decider is not None else public_view(g)  # (nobody deciding: no seat's view)
    cards = _Cards(lang)  # (filled in the order below: the seats, the ships, the island, the hands)
    deciding = set(g.deciders()) if not g.is_over() else set()
    seats = [_seat(g, p, base, deciding, cards) for p in base["players"]]
    ships = {str(x["id"]): _ship(g, x, base, cards) for x in base["ships"]}
    island = cards.put_all(base["island"])
    tokyo = _tokyo(base, cards)
    shown = _shown_hand(hands, decider)
    hand = _hand(base, shown, cards)
    open_hands = _open_hands(g, hands, shown, cards)
    return {
        "lang": lang, "labels": _labels(lang), "legend": _legend(lang), "status": _status(g, base, deciding, lang),
        "seats": seats, "ships": ships, "sea": [x["id"] for x in base["ships"] if x["at_sea"]], "island": island,
        "tokyo": tokyo, "market": _market(base, lang), "hand": hand, "open_hands": open_hands, "cards": cards.drawn,
        "clickable": _clickable(g, decider, deciding), "changed": [], "point": pointed(point),
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
