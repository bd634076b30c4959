"""Why a choice is refused: the rule that forbids it, in words a learner understands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import TAKE_CREW, TAKE_DISCARD, TAKE_GOODS, Action
from .cards import CARDS
from .constants import TRADE
from .flow import deciders_of
from .rules import (
    can_take_container,
    cargo_size,
    crew_room,
    goods_room,
    level_deficit,
    max_cargo,
)

if TYPE_CHECKING:
    from .engine import Game

Reason = tuple[str, dict[str, Any]]

REASONS: dict[str, dict[str, str]] = {
    "game_over": {"en": "The game is over; no more choices can be made.", "de": "Das Spiel ist vorbei; es gibt nichts mehr zu entscheiden."},
    "not_your_decision": {
        "en": "It is not {p}'s decision now: the game is waiting for {q}.",
        "de": "{p} ist gerade nicht an der Reihe: das Spiel wartet auf {q}.",
    },
    "wrong_kind": {
        "en": "That kind of choice ('{kind}') does not fit now; expected: {expected}.",
        "de": "Diese Art von Entscheidung ('{kind}') passt gerade nicht; erwartet: {expected}.",
    },
    "not_in_hand": {"en": "{c} is not in {p}'s hand.", "de": "{c} ist nicht auf der Hand von {p}."},
    "must_follow": {
        "en": "To follow you must play a card showing the led action ({a}), a two-card wild, or draw.",
        "de": "Zum Folgen musst du eine Karte mit der angeführten Aktion ({a}) spielen, einen Zwei-Karten-Joker nutzen oder ziehen.",
    },
    "wild_colour": {
        "en": "A two-card wild needs two cards of the same colour.",
        "de": "Ein Zwei-Karten-Joker braucht zwei Karten derselben Farbe.",
    },
    "wild_only_without": {
        "en": "The two-card wild may only stand for {a} if you hold no card showing {a}.",
        "de": "Der Zwei-Karten-Joker darf nur für {a} stehen, wenn du keine Karte mit {a} auf der Hand hast.",
    },
    "declare_range": {
        "en": "You may declare {lo} to {hi} action(s): one for the card played (if any) and one per matching crew card.",
        "de": "Du darfst {lo} bis {hi} Aktion(en) ansagen: eine für die gespielte Karte (falls vorhanden) und eine je passender Crew-Karte.",
    },
    "sell_once": {
        "en": "You may sell to the Supply Island only once per turn.",
        "de": "An die Vorratsinsel darfst du nur einmal pro Zug verkaufen.",
    },
    "not_on_island": {"en": "{c} is not on the Supply Island.", "de": "{c} liegt nicht auf der Vorratsinsel."},
    "ship_not_in_harbour": {
        "en": "{s} is not one of {p}'s ships in harbour.",
        "de": "{s} ist kein Schiff von {p} im Hafen.",
    },
    "level_missing": {
        "en": "{c} needs {n} more level(s) than you have: each missing level costs one extra Contract action, and you have {left} left.",
        "de": "Für {c} fehlen dir {n} Stufe(n): jede fehlende Stufe kostet eine zusätzliche Auftrags-Aktion, und du hast noch {left}.",
    },
    "contract_cost": {
        "en": "Placing {c} costs exactly {n} action(s) (one, plus one per missing level), not {m}.",
        "de": "{c} anzulegen kostet genau {n} Aktion(en) (eine, plus eine je fehlende Stufe), nicht {m}.",
    },
    "cargo_limit": {
        "en": "The contracts on one ship may ask for at most {limit} containers in total; {s} would need {n}.",
        "de": "Die Aufträge an einem Schiff dürfen zusammen höchstens {limit} Container verlangen; {s} bräuchte {n}.",
    },
    "no_open_requirement": {
        "en": "{s} has no open cargo requirement that {c} could fill.",
        "de": "{s} hat keine offene Ladeanforderung, die {c} erfüllen könnte.",
    },
    "no_such_container": {
        "en": "{c} is neither a container on a ship at sea nor a card on the Supply Island.",
        "de": "{c} ist weder ein Container auf einem Schiff auf See noch eine Karte auf der Vorratsinsel.",
    },
    "bid_too_high": {"en": "You cannot bid more credits than you have ({n}).", "de": "Du kannst nicht mehr bieten, als du Credits hast ({n})."},
    "not_at_sea": {"en": "{s} is not at sea with cargo.", "de": "{s} ist nicht mit Ladung auf See."},
    "not_tied": {"en": "{q} is not among the tied bidders.", "de": "{q} gehört nicht zu den gleichauf liegenden Bietern."},
    "must_take": {
        "en": "You must keep an imported card if you can: discard only when neither crew nor goods have room for it.",
        "de": "Importierte Karten musst du behalten, wenn du kannst: ablegen nur, wenn weder Crew noch Güter Platz haben.",
    },
    "one_crew": {
        "en": "At most one card of an Import may go to the crew.",
        "de": "Von einem Import darf höchstens eine Karte in die Crew.",
    },
    "crew_full": {
        "en": "Your crew is full: crew may not exceed your fulfilled contracts.",
        "de": "Deine Crew ist voll: nicht mehr Crew als erfüllte Aufträge.",
    },
    "goods_full": {
        "en": "Your goods are full: at most twice your fulfilled contracts.",
        "de": "Deine Güter sind voll: höchstens doppelt so viele wie erfüllte Aufträge.",
    },
    "unknown_card": {"en": "There is no card number {id} in the card list.", "de": "Im Kartenverzeichnis gibt es keine Karte Nummer {id}."},
    "unknown_seat": {"en": "There is no seat number {id} at this table.", "de": "An diesem Tisch gibt es keinen Platz Nummer {id}."},
    "unknown_ship": {"en": "There is no ship number {id} at this table.", "de": "An diesem Tisch gibt es kein Schiff Nummer {id}."},
    "wild_action": {
        "en": "A two-card wild stands for one of the five actions Supply, Import, Contract, Load or Pirate, never for Trade.",
        "de": "Ein Zwei-Karten-Joker steht für eine der fünf Aktionen Vorrat, Import, Auftrag, Laden oder Pirat, nie für Tausch.",
    },
    "wrong_detail": {
        "en": "That '{kind}' choice has a detail that does not fit; with these cards you may: {options}.",
        "de": "Bei dieser Entscheidung ('{kind}') passt eine Angabe nicht; mit diesen Karten geht: {options}.",
    },
    "not_legal": {
        "en": "That choice is not one of the {n} legal choices now.",
        "de": "Diese Entscheidung gehört nicht zu den {n} erlaubten Möglichkeiten.",
    },
}


# The kinds of choice each decision is about (whether or not one of them is legal right now).
FRAME_CHOICES: dict[str, tuple[str, ...]] = {
    "lead": ("draw", "play", "wild"),
    "follow": ("draw", "play", "wild"),
    "declare": ("declare",),
    "choose_ship": ("ship",),
    "bid": ("bid",),
    "tie": ("winner",),
    "take": ("take",),
    "token_colour": ("colour",),
}

ACT_CHOICES: tuple[tuple[str, ...], ...] = (("sell", "crew"), ("ship",), ("contract",), ("load",), ("pirate",), ("trade",))


def reason(g: Game, a: Action) -> Reason:
    """The rule an illegal action breaks (key and arguments for ``REASONS``)."""
    s = g.state
    if not s.stack:
        return "game_over", {}
    if not 0 <= a.player < s.n:
        return "unknown_seat", {"id": a.player}
    known = CARDS.table_size if "tokens1" in s.modules else len(CARDS)  # container tokens have ids too
    bad_card = next((c for c in a.cards if not 0 <= c < known), None)
    if bad_card is not None:
        return "unknown_card", {"id": bad_card}
    deciders = deciders_of(s.stack[-1])
    if a.player not in deciders:
        return "not_your_decision", {"p": a.player, "q": deciders[0]}
    legal = g.legal_actions(a.player)
    frame = s.stack[-1]
    expected = ACT_CHOICES[s.led] if frame["k"] == "act" else FRAME_CHOICES.get(frame["k"], ())
    kinds = set(expected) | {x.kind for x in legal}
    if a.kind not in kinds:
        return "wrong_kind", {"kind": a.kind, "expected": ", ".join(sorted({x.kind for x in legal}))}
    p = s.players[a.player]
    if a.kind in ("play", "wild", "sell", "contract", "load") and any(c not in p.hand for c in a.cards):
        return "not_in_hand", {"p": a.player, "c": next(c for c in a.cards if c not in p.hand)}
    if a.kind == "play" and frame["k"] == "follow" and len(a.cards) == 1:
        return "must_follow", {"a": s.led}
    if a.kind == "wild":
        if not 0 <= a.target < TRADE:
            return "wild_action", {}
        if frame["k"] == "follow" and a.target != s.led:
            return "must_follow", {"a": s.led}
        if len(a.cards) != 2 or CARDS.goods[a.cards[0]] != CARDS.goods[a.cards[1]]:
            return "wild_colour", {}
        if any(x.kind == "play" and CARDS.action[x.cards[0]] == a.target for x in legal):
            return "wild_only_without", {"a": a.target}
    if a.kind == "declare" and not frame["lo"] <= a.count <= frame["hi"]:
        return "declare_range", {"lo": frame["lo"], "hi": frame["hi"]}
    if a.kind == "sell" and s.sold[a.player]:
        return "sell_once", {}
    if a.kind == "crew" and a.cards and a.cards[0] not in s.island:
        return "not_on_island", {"c": a.cards[0]}
    if a.kind in ("contract", "load", "pirate", "ship", "drop") and not -1 <= a.target < len(s.ships):
        return "unknown_ship", {"id": a.target}
    if a.kind in ("contract", "load", "drop") and a.target < 0:
        return "unknown_ship", {"id": a.target}
    if a.kind in ("contract", "load") or (a.kind == "pirate" and a.target >= 0):
        if s.ships[a.target].owner != a.player or s.ships[a.target].at_sea:
            return "ship_not_in_harbour", {"p": a.player, "s": a.target}
    if a.kind == "contract" and a.cards:
        ship, c = s.ships[a.target], a.cards[0]
        deficit = level_deficit(g, a.player, c)
        if deficit + 1 > frame.get("left", 1) or a.count < deficit + 1:
            return "level_missing", {"c": c, "n": deficit, "left": frame.get("left", 1)}
        if a.count != deficit + 1:
            return "contract_cost", {"c": c, "n": deficit + 1, "m": a.count}
        need = cargo_size(g, ship) + CARDS.cargo_size[c]
        if need > max_cargo(g, ship):
            return "cargo_limit", {"limit": max_cargo(g, ship), "s": ship.id, "n": need}
    if a.kind == "load" and a.cards:
        return "no_open_requirement", {"s": a.target, "c": a.cards[0]}
    if a.kind == "pirate" and a.cards:
        c = a.cards[0]
        on_sea = any(x.at_sea and c in x.containers for x in s.ships)
        if not on_sea and c not in s.island:
            return "no_such_container", {"c": c}
        if a.target >= 0 and not can_take_container(g, s.ships[a.target], CARDS.goods[c]):
            return "no_open_requirement", {"s": a.target, "c": c}
    if a.kind == "bid" and a.count > p.credits:
        return "bid_too_high", {"n": p.credits}
    if a.kind == "ship":
        if a.target < 0:
            return "unknown_ship", {"id": a.target}
        return "not_at_sea", {"s": a.target}
    if a.kind == "winner":
        if not 0 <= a.target < s.n:
            return "unknown_seat", {"id": a.target}
        return "not_tied", {"q": a.target}
    if a.kind == "take":
        if a.target == TAKE_DISCARD:
            return "must_take", {}
        if a.target == TAKE_CREW and frame.get("crew"):
            return "one_crew", {}
        if a.target == TAKE_CREW and not crew_room(g, a.player):
            return "crew_full", {}
        if a.target == TAKE_GOODS and not goods_room(g, a.player):
            return "goods_full", {}
    same = [x for x in legal if x.kind == a.kind and x.cards == a.cards]
    if same:
        return "wrong_detail", {"kind": a.kind, "options": "; ".join(g.describe(x) for x in same[:6])}
    return "not_legal", {"n": len(legal)}
