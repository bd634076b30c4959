"""The Port Royal table as data for the board component: plain JSON built from ``view(seat)`` and
the legal actions, every word already in the reader's language.

The board widget draws a picture whose ``game`` is ``"portroyal"`` with its Port Royal part
(``static/board.js``); what a seat sees on screen is what its view lists, nothing more.  Built
here, without widgets, so it can be tested and diffed (:func:`changes`).

Shape (all keys always present)::

    {"game": "portroyal", "lang", "mode", "labels": {word: text}, "legend": [{"mark", "bg", "fg", "text"}],
     "status": {...}, "cards": {id: card}, "harbour": [id, ...], "just_turned": id | None,
     "expeditions": [id, ...], "contracts": [contract, ...], "seats": [seat, ...],
     "clickable": {"cards": [id, ...], "contracts": [t, ...]}, "point": {"cards", "contracts"}, "changed": [key, ...]}

A card is ``{"id", "kind", "name", "tip", "bg", "fg", "mark", "glyph", ...}`` with the figures of its
kind (a ship: ``coins``, ``repel`` (None: cannot be driven off), ``a``; a person: ``cost``,
``points``, ``effect``; a tax increase: ``effect``; an expedition: ``needs``, ``points``, ``coins``).
A person and a tax increase also say what they do in the fewest words (``brief``, and ``key``: the
same for every card of the kind), a contract what it asks (``brief``), and the status its step, the
cards turned, who takes next (by seat: ``after_seats``) and the last round (``step_brief``,
``turned_brief``, ``ending_brief``): large print on a crowded table.
Colours always come with a shape and a letter (``mark``), so nothing depends on telling colours apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..palette import BOARD, COLOUR_NAMES, CSS_COLOUR, SHAPE, TEXT_COLOUR
from .actions import Action
from .cards import CARDS, NEVER
from .rules import CONTRACTS, CUBES, EXP, GOAL_POINTS
from .scoring import leaders
from .words import NAMES, PICTURE, card_name, contract_name, seat

if TYPE_CHECKING:
    from .expansion import Contract
    from .game import Game

CARD_KINDS = frozenset({"take", "repel", "land", "expedition"})
"""Kinds of choice made by clicking a card (its ``card``)."""
CONTRACT_KINDS = frozenset({"contract", "pay", "decline"})
"""Kinds of choice made by clicking a contract (its ``target``)."""

LETTER = {"yellow": "P", "blue": "Fl", "green": "S", "red": "Fr", "black": "G"}
"""The ship's initial (Pinnace/Pinasse, Flute/Fleute, Skiff/Schaluppe, Frigate/Fregatte, Galleon/Galeone)."""
COIN, POINT, SWORD, TAX, ACTIVE, START = "⛀", "✦", "⚔", "⚠", "★", "⚐"
SYMBOL_GLYPH = {"anchor": "⚓", "cross": "✝", "house": "⌂", "any": "✱"}
PERSON_GLYPH = {
    "trader": "⚖", "settler": "⌂", "captain": "⚓", "priest": "✝", "jack_of_all_trades": "✱", "sailor": SWORD,
    "pirate": "☠", "mademoiselle": "♥", "jester": "☺", "admiral": "⚑", "governor": "♔", "clerk": "✎",
    "gunner": "✹", "vice_admiral": "✪",
}
SEAT_COLOUR = ("#6a3d9a", "#00727a", "#8b4513", "#a3246b", "#3f5a00")
"""Each seat's colour (cubes, panel edge), always with the seat's number on it; white text passes AA."""
LABEL_KEYS = ("harbour", "expeditions", "contracts", "just_turned", "empty", "coins", "points", "swords",
              "persons", "fulfilled", "cubes", "start", "none", "then_brief")


def _w(key: str, lang: str, **args: object) -> str:
    return PICTURE.format(key, lang, **args)


def colour_of(colour: str) -> dict[str, str]:
    """A ship colour as drawn: background, text colour and mark (shape and letter)."""
    i = COLOUR_NAMES.index(colour)  # (the same hue and shape as in Import/Export)
    return {"bg": CSS_COLOUR[i], "fg": TEXT_COLOUR[i], "mark": f"{SHAPE[i]}{LETTER[colour]}"}


def effect(card: int, lang: str) -> str:
    """What a person does, in a few words."""
    info = CARDS[card]
    kind = info.person
    if kind in ("trader", "clerk"):
        return _w(f"do_{kind}", lang, ship=NAMES[info.colour][lang])
    if kind in ("settler", "captain", "priest"):
        return _w("do_symbol", lang, s=f"{SYMBOL_GLYPH[info.symbol]} {NAMES[info.symbol][lang]}")
    if kind == "jack_of_all_trades":
        return _w("do_jack", lang)
    if kind in ("sailor", "pirate"):
        return _w("do_swords", lang, n=info.swords)
    return _w(f"do_{kind}", lang)


def brief(card: int, lang: str) -> str:
    """What a person or a tax increase does, in the fewest words, beside the card's own symbol (large
    print on a crowded table: ⛀ for coins, a ship by its mark)."""
    info = CARDS[card]
    if info.kind == "tax":
        return _w(f"brief_{info.tax}", lang)
    kind = info.person
    if kind in ("trader", "clerk"):
        return _w(f"brief_{kind}", lang, ship=colour_of(info.colour)["mark"])
    if kind in ("settler", "captain", "priest", "jack_of_all_trades"):
        return _w("brief_symbol", lang)  # (the card shows the symbol itself)
    if kind in ("sailor", "pirate"):
        return _w("do_swords", lang, n=info.swords)
    return _w(f"brief_{kind}", lang)


def card_data(card: int, lang: str, mode: str) -> dict[str, Any]:
    """One card as the board draws it."""
    info = CARDS[card]
    out: dict[str, Any] = {"id": card, "kind": info.kind, "tip": card_name(card, lang),
                           "bg": "", "fg": "", "mark": "", "glyph": ""}
    if info.kind == "ship":
        repel = None if info.repel == NEVER else info.repel
        tips = [out["tip"], _w("trade_gives", lang, n=info.coins),
                _w("repel_needs", lang, n=repel) if repel is not None else _w("never", lang)]
        if info.a_ship:
            tips.append(_w("a_ship_solo" if mode == "solo" else "a_ship", lang))
        out.update(colour_of(info.colour), name=NAMES[info.colour][lang], coins=info.coins, repel=repel,
                   a=info.a_ship, tip="\n".join(tips))
    elif info.kind == "person":
        what, short = effect(card, lang), brief(card, lang)
        out.update(name=NAMES[info.person][lang], glyph=PERSON_GLYPH[info.person], cost=info.cost,
                   points=info.points, effect=what, brief=short,
                   key=_w(f"key_{info.person}", lang) if info.person in ("trader", "clerk") else short,
                   tip="\n".join([out["tip"], _w("cost", lang, n=info.cost), _w("worth", lang, n=info.points), what]))
        if info.colour:
            out.update(colour_of(info.colour))
    elif info.kind == "tax":
        what, short = _w(f"tax_{info.tax}", lang), brief(card, lang)
        out.update(name=_w("tax_card", lang), glyph=TAX, effect=what, brief=short, key=short, tip=f"{out['tip']}\n{what}")
    else:
        needs = " ".join(f"{SYMBOL_GLYPH[s]} {NAMES[s][lang]}" for s in info.needs)
        out.update(name=_w("expedition_card", lang), needs=[SYMBOL_GLYPH[s] for s in info.needs],
                   points=info.points, coins=info.coins,
                   tip="\n".join([out["tip"], _w("needs", lang, needs=needs), _w("worth", lang, n=info.points),
                                  _w("gives", lang, n=info.coins)]))
    return out


def _need(need: Any, lang: str, short: bool = False) -> str:
    name = NAMES[need.kind][lang]
    if not need.colour:
        return name
    return f"{name} {colour_of(need.colour)['mark']}" if short else f"{name} ({NAMES['c_' + need.colour][lang]})"


BRIEF_CONDITIONS = frozenset({"persons", "team_persons", "repel_ship", "persons_without_points", "stop_with_cards",
                              "tax_paid", "pay_coins"})
"""The conditions that have a shorter form for large print (the others are short already)."""


def condition(contract: Contract, lang: str, short: bool = False) -> str:
    """What a contract asks for, in a few words (``short``: in the fewest, for large print on a crowded
    table: a ship by its mark, ⛀ for coins, ✦ for influence points)."""
    cond: Any = contract.condition
    kind = cond.kind
    key = f"brief_if_{kind}" if short and kind in BRIEF_CONDITIONS else f"if_{kind}"
    if kind in ("persons", "team_persons"):
        return _w(key, lang, list=", ".join(_need(p, lang, short) for p in cond.persons))
    if kind == "repel_ship":
        return _w(key, lang, ship=colour_of(cond.colour)["mark"] if short else NAMES[cond.colour][lang])
    figure = {"persons_without_points": "count", "stop_with_cards": "cards", "swords": "swords",
              "expedition": "count", "pay_coins": "coins"}.get(kind)
    return _w(key, lang, n=getattr(cond, figure)) if figure else _w(key, lang)


def _persons(persons: list[int], lang: str) -> list[dict[str, Any]]:
    """A seat's persons grouped by kind (and ship colour), in the order first hired."""
    groups: dict[str, dict[str, Any]] = {}
    for c in persons:
        info = CARDS[c]
        key = f"{info.person}:{info.colour}"
        g = groups.get(key)
        if g is None:
            g = groups[key] = {"key": key, "ids": [], "name": NAMES[info.person][lang], "glyph": PERSON_GLYPH[info.person],
                               "bg": "", "fg": "", "mark": "", "points": 0, "effect": effect(c, lang)}
            if info.colour:
                g.update(colour_of(info.colour))
        g["ids"].append(c)
        g["points"] += info.points
    for g in groups.values():
        g["count"] = len(g["ids"])
        g["tip"] = "\n".join([f"{g['name']} ×{g['count']}", g["effect"], _w("worth", lang, n=g["points"])])
    return list(groups.values())


def _step(view: dict[str, Any], lang: str) -> tuple[str, str, str, list[int]]:
    """The turn's step (who decides what), the same in fewer words where it is long (or ""), who takes
    after the one taking now, and their seats."""
    stack = view["stack"]
    if not stack:
        return "", "", "", []
    top = stack[-1]
    kind, who = top["kind"], seat(top.get("seat", view["active"]), lang)
    short = ""
    if kind == "discover":
        step = _w("step_discover", lang, p=who)
    elif kind == "repel":
        step = _w("step_repel", lang, p=who, c=card_name(top["card"], lang))
        ship = CARDS[top["card"]].colour
        short = _w("step_repel_brief", lang, p=who, c=f"{colour_of(ship)['mark']} {NAMES[ship][lang]}")
    elif kind == "claim":
        step = _w("step_claim", lang, p=who, t=contract_name(view["contracts"][top["t"]], lang))
    elif kind == "take":
        left = top["left"]  # (none left: the active player may still fulfil an expedition, ruling 18)
        step = _w("step_take", lang, p=who, n=left) if left > 0 else _w("step_take_done", lang, p=who)
    else:
        step = ""
    takers = [f for f in stack[:-1] if f["kind"] == "takers"]
    after, rest = "", []
    if takers and kind in ("take", "claim"):
        n, active = view["players"], view["active"]
        rest = [(active + k) % n for k in range(takers[-1]["i"], n)]
        after = _w("then", lang, ps=", ".join(seat(q, lang) for q in rest)) if rest else ""
    return step, short, after, rest


def picture(g: Game, lang: str, hands: set[int] | None = None, decider: int | None = None,
            point: Action | None = None) -> dict[str, Any]:
    """The table for the board component, seen from ``decider`` (or, with nobody deciding, from the
    first seat in ``hands``; every seat sees the same open cards).  ``decider``'s legal choices make
    cards and contracts clickable; ``point`` is a move a guided lesson asks for."""
    viewer = decider if decider is not None else (min(hands) if hands else 0)
    v = g.view(viewer)
    cards: dict[str, dict[str, Any]] = {}

    def put(card: int) -> int:
        if str(card) not in cards:
            cards[str(card)] = card_data(card, lang, v["mode"])
        return card

    harbour = [put(c) for c in v["harbour"]]
    just = put(v["just_turned"]) if v["just_turned"] is not None else None
    expeditions = [put(c) for c in v["expeditions"]]
    for row in v["table"]:
        for c in row["expeditions"]:
            put(c)
    outcome = _outcome(v, lang)
    labels = _labels(lang)
    return {
        "game": "portroyal", "lang": lang, "mode": v["mode"], "labels": labels, "legend": _legend(lang, labels),
        "status": _status(v, lang, outcome), "cards": cards, "harbour": harbour, "just_turned": just,
        "expeditions": expeditions, "contracts": [_contract(v, t, lang) for t in range(len(v["contracts"]))],
        "seats": [_seat(v, q, lang, outcome.winners) for q in range(len(v["table"]))],
        "clickable": _clickable(g, decider, v["over"]), "point": pointed(point), "changed": [],
    }


def _contract(v: dict[str, Any], t: int, lang: str) -> dict[str, Any]:
    """Contract ``t`` of the table as drawn: its condition (in full and in brief), its boxes and who
    took them, and a tip saying all of it."""
    cid = v["contracts"][t]
    c = CONTRACTS[cid]
    taken = v["boxes"][t]
    boxes = [{"coins": coins, "seat": taken[k] if k < len(taken) else None} for k, coins in enumerate(c.boxes)]
    cond = condition(c, lang)
    tips = [contract_name(cid, lang), cond, _w("seal", lang, s=str(c.seal))] + ([_w("team_only", lang)] if c.special else [])
    tips += [_w("box_taken", lang, k=k + 1, p=seat(b["seat"], lang)) if b["seat"] is not None
             else _w("box", lang, k=k + 1, n=b["coins"]) for k, b in enumerate(boxes)]
    return {"t": t, "id": cid, "name": c.name.de if lang == "de" else c.name.en, "seal": str(c.seal),
            "condition": cond, "brief": condition(c, lang, short=True),
            "special": c.special, "boxes": boxes, "tip": "\n".join(tips)}


@dataclass(frozen=True)
class _Outcome:
    """Where the game stands as a whole: played together or not, finished, who won, and the team's
    points, cubes and rank (the expansion's cooperative and solo play)."""

    team: bool
    finished: bool
    winners: set[int]
    points: int
    cubes: int
    rank: str
    all_cubed: bool


def _outcome(v: dict[str, Any], lang: str) -> _Outcome:
    table, n = v["table"], v["players"]
    team = v["mode"] in ("cooperative", "solo")
    finished = v["over"] and bool(table)
    points = sum(row["points"] for row in table)
    cubes = sum(len(b) for b in v["boxes"])
    rank = EXP.rank(n, points, cubes).name
    all_cubed = bool(v["boxes"]) and all(v["boxes"])
    if not finished:
        winners: set[int] = set()
    elif team:
        winners = set(range(n)) if all_cubed else set()
    else:
        winners = leaders(table)
    return _Outcome(team, finished, winners, points, cubes, rank.de if lang == "de" else rank.en, all_cubed)


def _seat(v: dict[str, Any], q: int, lang: str, winners: set[int]) -> dict[str, Any]:
    """Seat ``q``'s panel: its holdings, whether it is active, starts, decides or won."""
    row, over = v["table"][q], v["over"]
    cubes_left = CUBES - len(row["contracts"])
    return {
        "seat": q, "name": seat(q, lang), "number": q + 1, "bg": SEAT_COLOUR[q % len(SEAT_COLOUR)], "fg": "#fff",
        "active": q == v["active"] and not over, "start": q == v["start"], "deciding": q in v["deciding"],
        "winner": q in winners, "coins": row["coins"], "points": row["points"], "swords": row["swords"],
        "persons": _persons(row["persons"], lang), "expeditions": list(row["expeditions"]),
        "contracts": list(row["contracts"]), "cubes_left": cubes_left if v["contracts"] else None,
        "cubes_tip": _w("cubes_left", lang, n=cubes_left) if v["contracts"] else "",
    }


def _clickable(g: Game, decider: int | None, over: bool) -> dict[str, list[int]]:
    """The cards and contracts a click of ``decider`` stands for legal choices on."""
    clickable: dict[str, list[int]] = {"cards": [], "contracts": []}
    if decider is not None and not over:
        legal = g.legal_actions(decider)
        clickable["cards"] = sorted({a.card for a in legal if a.kind in CARD_KINDS})
        clickable["contracts"] = sorted({a.target for a in legal if a.kind in CONTRACT_KINDS})
    return clickable


def _result(v: dict[str, Any], lang: str, outcome: _Outcome) -> str:
    """Who won, once the game is over ("" before)."""
    if not outcome.finished:
        return ""
    if outcome.team:  # (solo play names its one player, never "the team")
        who = "solo" if v["mode"] == "solo" else "team"
        return _w(f"{who}_{'won' if outcome.all_cubed else 'lost'}", lang, r=outcome.rank, p=seat(0, lang))
    names = ", ".join(seat(q, lang) for q in sorted(outcome.winners))
    return _w("won_tie" if len(outcome.winners) > 1 else "won", lang, ps=names)


def _team_status(v: dict[str, Any], lang: str, outcome: _Outcome) -> dict[str, str]:
    """The lines only play together has: the time pile, the team's score and rank, all boxes taken."""
    if not outcome.team:
        return {"time_pile": "", "team": "", "all_cubed": ""}
    who = "solo" if v["mode"] == "solo" else "team"
    return {
        "time_pile": _w("time_pile", lang, n=v["time_pile_size"]),
        "team": _w(f"{who}_{'end' if outcome.finished else 'now'}", lang, pts=outcome.points,
                   cubes=outcome.cubes, r=outcome.rank, p=seat(0, lang)),
        "all_cubed": _w("all_cubed", lang) if outcome.all_cubed and not v["over"] else "",
    }


def _status(v: dict[str, Any], lang: str, outcome: _Outcome) -> dict[str, Any]:
    """The status lines: the turn, its step, the piles, the team's standing, the last round, the result."""
    over = v["over"]
    step, step_brief, after, after_seats = _step(v, lang)
    turned = v["stack"] and v["stack"][-1]["kind"] in ("discover", "repel")
    last_round = v["ending"] and not over and not outcome.team
    team = _team_status(v, lang, outcome)
    return {
        "turn": _w("turn", lang, n=v["turn"]),
        "step": step, "after": after,
        "turned": _w("turned", lang, n=v["turned"]) if turned else "",
        "deck": _w("deck", lang, n=v["deck_size"]),
        "discard": _w("discard", lang, n=v["discard_size"]),
        "time_pile": team["time_pile"], "team": team["team"], "all_cubed": team["all_cubed"],
        "ending": _w("last_round", lang, n=GOAL_POINTS) if last_round else "",
        # (the same in fewer words, for large print on a crowded table: who takes next by seat)
        "step_brief": step_brief, "turned_brief": _w("turned_brief", lang, n=v["turned"]) if turned else "",
        "after_seats": after_seats,
        "ending_brief": _w("last_round_brief", lang, n=GOAL_POINTS) if last_round else "",
        "over": over, "waiting": _w("over", lang) if over else "", "result": _result(v, lang, outcome),
    }


def _labels(lang: str) -> dict[str, str]:
    """The board's own words (headings, tips)."""
    labels = {key: _w(key, lang) for key in LABEL_KEYS}
    labels.update({key: BOARD.format(key, lang) for key in ("decides", "projector", "projector_tip", "winner", "active")})
    return labels


def _legend(lang: str, labels: dict[str, str]) -> list[dict[str, str]]:
    """What each mark means: the ship colours (shape and letter), then the symbols."""
    legend = [{"mark": colour_of(col)["mark"], **colour_of(col),
               "text": f"{NAMES[col][lang]} ({NAMES['c_' + col][lang]})"} for col in LETTER]
    legend += [{"mark": m, "bg": "", "fg": "", "text": t} for m, t in (
        (COIN, _w("coins", lang)), (POINT, _w("points", lang)), (SWORD, _w("swords", lang)),
        *((SYMBOL_GLYPH[s], NAMES[s][lang]) for s in ("anchor", "cross", "house")), (SYMBOL_GLYPH["any"], _w("any", lang)),
        (ACTIVE, labels["active"]), (START, labels["start"]),
    )]
    return legend


def pointed(point: Action | None) -> dict[str, list[int]]:
    """What the board points at for ``point``: the card or the contract to click (nothing for a
    choice made in the panel only, such as turning a card or passing)."""
    out: dict[str, list[int]] = {"cards": [], "contracts": []}
    if point is not None and point.kind in CARD_KINDS:
        out["cards"] = [point.card]
    elif point is not None and point.kind in CONTRACT_KINDS:
        out["contracts"] = [point.target]
    return out


def places(pic: dict[str, Any]) -> dict[str, str]:
    """Where each element of a picture is, with what it shows: the basis of :func:`changes`."""
    out: dict[str, str] = {}
    for k in pic["harbour"]:
        out[f"card:{k}"] = "harbour"
    if pic["just_turned"] is not None:
        out[f"card:{pic['just_turned']}"] = "turned"
    for k in pic["expeditions"]:
        out[f"card:{k}"] = "expeditions"
    for s in pic["seats"]:
        q = s["seat"]
        for key in ("coins", "points", "swords"):
            out[f"{key}:{q}"] = str(s[key])
        for group in s["persons"]:
            for k in group["ids"]:
                out[f"card:{k}"] = f"persons:{q}"
        for k in s["expeditions"]:
            out[f"card:{k}"] = f"done:{q}"
    for c in pic["contracts"]:
        for k, box in enumerate(c["boxes"]):
            out[f"box:{c['t']}:{k}"] = str(box["seat"])
    return out


def changes(before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
    """The elements the last move changed: cards that moved or appeared, coins, points and swords
    that changed, contract boxes that got a cube (``[]`` for the first picture)."""
    if before is None or before.get("game") != after.get("game"):
        return []
    old, new = places(before), places(after)
    return sorted(k for k, v in new.items() if old.get(k) != v)


def click_choices(g: Game, seat: int, what: str, ident: int) -> list[Action]:
    """The legal choices of ``seat`` a click on card ``ident`` (``what`` "card": take it, drive it off
    or let it stay, fulfil the expedition) or on contract ``ident`` ("contract": a cube, paying for
    it, letting the chance go) stands for."""
    if what == "card":
        return [a for a in g.legal_actions(seat) if a.kind in CARD_KINDS and a.card == ident]
    if what == "contract":
        return [a for a in g.legal_actions(seat) if a.kind in CONTRACT_KINDS and a.target == ident]
    return []
