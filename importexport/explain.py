"""Why a choice is refused: the rule that forbids it, in words a learner understands.

The rules themselves live beside the options they make: each decision registers a ``check``
(``flow.decision``) written with the same predicates as its ``options``, an ability's question is
answered from its own option list (``Ability.ask_check``), and the free choices check themselves
(``engine.EXTRA_CHECKS``).  This module holds the sentences (English and German) and asks the
right check; it first answers what every decision shares (whose decision, which kinds of choice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action
from .cards import CARDS
from .flow import FRAMES, Reason, deciders_of

if TYPE_CHECKING:
    from .engine import Game

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
        "en": "A two-card wild needs two different cards of the same colour.",
        "de": "Ein Zwei-Karten-Joker braucht zwei verschiedene Karten derselben Farbe.",
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
    "not_an_action": {
        "en": "That is not a choice: expected an Action or its text form (e.g. 'p0 play c=23'), got {what}.",
        "de": "Das ist keine Entscheidung: erwartet wird eine Action oder ihre Textform (z. B. 'p0 play c=23'), nicht {what}.",
    },
    "bad_field": {
        "en": "That choice is malformed: its {field} must be {want}, not {value}.",
        "de": "Diese Entscheidung ist falsch gebaut: {field} muss {want} sein, nicht {value}.",
    },
    "unused_detail": {
        "en": "A '{kind}' choice has no {field}; leave it out.",
        "de": "Eine Entscheidung '{kind}' hat keine Angabe '{field}'; lass sie weg.",
    },
    "one_card": {"en": "This choice names exactly one card.", "de": "Diese Entscheidung nennt genau eine Karte."},
    "trim_choice": {
        "en": "{p} is over a limit and discards one card from the area that is over it: {options}.",
        "de": "{p} ist über einem Limit und legt eine Karte aus dem Bereich ab, der darüber ist: {options}.",
    },
    "play_as": {
        "en": "{c} is played for the action it shows; playing it as {a} needs an ability or Trade crew that allows it.",
        "de": "{c} wird für die Aktion gespielt, die sie zeigt; sie als {a} zu spielen, erlaubt nur eine Fähigkeit oder Tausch-Crew.",
    },
    "trade_card": {
        "en": "Following with Trade needs a card showing Trade; {c} does not.",
        "de": "Wer mit Tausch folgt, braucht eine Karte mit Tausch; {c} zeigt keinen Tausch.",
    },
    "trade_crew": {
        "en": "You may follow another action with Trade only with a Trade card in your crew.",
        "de": "Einer anderen Aktion mit Tausch folgen darfst du nur mit einer Tausch-Karte in deiner Crew.",
    },
    "declare_trade": {
        "en": "With your Trade crew you may declare 1 to {n} Trade action(s).",
        "de": "Mit deiner Tausch-Crew darfst du 1 bis {n} Tausch-Aktion(en) ansagen.",
    },
    "tokyo_cost": {
        "en": "Placing {c} from the Tokyo harbour costs {n} credits, more than you have.",
        "de": "{c} aus dem Hafen von Tokio anzulegen kostet {n} Credits, mehr als du hast.",
    },
    "orientation": {
        "en": "{c} has no such orientation: only J cards have a second one.",
        "de": "{c} hat keine solche Ausrichtung: nur J-Karten haben eine zweite.",
    },
    "grey_container": {
        "en": "{c} is a grey Capital card: grey containers cannot be loaded.",
        "de": "{c} ist eine graue Capital-Karte: graue Container können nicht geladen werden.",
    },
    "j_colour": {
        "en": "{c} is loaded as one of its own colours: a J card as one of its two, any other card as its own.",
        "de": "{c} wird in einer eigenen Farbe geladen: eine J-Karte in einer ihrer zwei, jede andere Karte in ihrer Farbe.",
    },
    "j_cost": {
        "en": "Loading a J card for the first time costs {n} credits, more than you have.",
        "de": "Eine J-Karte zum ersten Mal zu laden kostet {n} Credits, mehr als du hast.",
    },
    "pirate_banned": {
        "en": "An ability in play forbids Pirate actions now.",
        "de": "Eine Fähigkeit im Spiel verbietet gerade Pirat-Aktionen.",
    },
    "pirate_source": {
        "en": "{c} does not lie where this choice says it is taken from.",
        "de": "{c} liegt nicht dort, woher diese Entscheidung sie nehmen will.",
    },
    "pirate_target": {
        "en": "A pirated {c} goes onto one of your ships in harbour that it fits, or onto the discard pile.",
        "de": "Eine geplünderte {c} kommt auf eines deiner Schiffe im Hafen, zu dem sie passt, oder auf den Ablagestapel.",
    },
    "pirate_nothing": {
        "en": "A Pirate action takes a container you name; only an ability lets you take a card unseen.",
        "de": "Eine Pirat-Aktion nimmt einen Container, den du nennst; nur eine Fähigkeit lässt dich eine Karte ungesehen nehmen.",
    },
    "trade_cards": {
        "en": "A Trade swaps one card of your hand for one card of the Supply Island.",
        "de": "Ein Tausch tauscht eine Karte deiner Hand gegen eine Karte der Vorratsinsel.",
    },
    "solo_trade": {
        "en": "A Trade card cannot be played for an action of its own here.",
        "de": "Eine Tausch-Karte kann hier nicht für eine eigene Aktion gespielt werden.",
    },
    "no_island_import": {
        "en": "You may bid for the Supply Island only with an ability that allows it.",
        "de": "Auf die Vorratsinsel bieten darfst du nur mit einer Fähigkeit, die es erlaubt.",
    },
    "bid_negative": {"en": "A bid is 0 credits or more.", "de": "Ein Gebot ist 0 Credits oder mehr."},
    "take_where": {
        "en": "An imported card goes to the crew, the goods or (if neither has room) the discard pile.",
        "de": "Eine importierte Karte kommt in die Crew, zu den Gütern oder (wenn beides voll ist) auf den Ablagestapel.",
    },
    "take_two": {
        "en": "The winner of an Import must take its cards: {n} more to go.",
        "de": "Wer einen Import gewinnt, muss die Karten nehmen: noch {n}.",
    },
    "not_in_cargo": {"en": "{c} is not in the cargo being imported.", "de": "{c} gehört nicht zur importierten Ladung."},
    "token_card": {"en": "This question is about {c}.", "de": "Diese Frage gilt {c}."},
    "token_colour": {
        "en": "A container token takes a goods colour; on a ship, one that fills an open requirement if any does.",
        "de": "Ein Container-Plättchen nimmt eine Warenfarbe an; auf einem Schiff eine, die eine offene Anforderung erfüllt, falls es eine gibt.",
    },
    "ability_cards": {"en": "{c} is not one of the cards {d} lets you choose now.", "de": "{c} gehört nicht zu den Karten, die {d} dich jetzt wählen lässt."},
    "ability_choice": {"en": "{d} offers other choices here: {options}.", "de": "{d} bietet hier andere Möglichkeiten: {options}."},
    "drop_active": {
        "en": "Only the active player may discard an unfulfilled contract.",
        "de": "Nur der aktive Spieler darf einen unerfüllten Auftrag ablegen.",
    },
    "drop_where": {
        "en": "{p} may discard only a contract lying under one of their ships in harbour.",
        "de": "{p} darf nur einen Auftrag ablegen, der unter einem eigenen Schiff im Hafen liegt.",
    },
    "discard_grey": {
        "en": "Only Capital cards may be discarded from the hand at any time; {c} is not one.",
        "de": "Nur Capital-Karten dürfen jederzeit aus der Hand abgelegt werden; {c} ist keine.",
    },
    "anytime_card": {
        "en": "Card {c} has no ability you may use now.",
        "de": "Karte {c} hat keine Fähigkeit, die du jetzt nutzen kannst.",
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


FIELDS: dict[str, frozenset[str]] = {
    "draw": frozenset(), "play": frozenset({"cards", "target"}), "wild": frozenset({"cards", "target"}),
    "declare": frozenset({"target", "count"}), "sell": frozenset({"cards"}), "crew": frozenset({"cards"}),
    "contract": frozenset({"cards", "target", "count", "option"}), "load": frozenset({"cards", "target", "colour"}),
    "pirate": frozenset({"cards", "target", "colour", "sources"}), "trade": frozenset({"cards"}),
    "ship": frozenset({"target"}), "bid": frozenset({"count"}), "winner": frozenset({"target"}),
    "take": frozenset({"cards", "target"}), "drop": frozenset({"cards", "target"}),
    "discard": frozenset({"cards"}), "colour": frozenset({"cards", "colour"}),
}
"""The details each kind of choice of the rules uses (an ability's answers may use any)."""


def reason(g: Game, a: Action) -> Reason:
    """The rule an illegal action breaks (key and arguments for ``REASONS``)."""
    from .engine import EXTRA_CHECKS

    s = g.state
    if not s.stack:
        return "game_over", {}
    if not 0 <= a.player < s.n:
        return "unknown_seat", {"id": a.player}
    known = CARDS.table_size if "tokens1" in s.modules else len(CARDS)  # container tokens have ids too
    bad_card = next((c for c in a.cards if not 0 <= c < known), None)
    if bad_card is not None:
        return "unknown_card", {"id": bad_card}
    used = FIELDS.get(a.kind)
    if used is not None:
        extra = a.unused_field(used)
        if extra is not None:
            return "unused_detail", {"kind": a.kind, "field": extra}
    frame = s.stack[-1]
    deciders = deciders_of(frame)
    if a.player not in deciders:
        return "not_your_decision", {"p": a.player, "q": deciders[0]}
    legal = g.legal_actions(a.player)
    kind = FRAMES[frame["kind"]]
    if a.kind in EXTRA_CHECKS and kind.extras:
        found = EXTRA_CHECKS[a.kind](g, a)
        if found is not None:
            return found
    expected = ACT_CHOICES[frame.get("action", s.led)] if frame["kind"] == "act" else FRAME_CHOICES.get(frame["kind"], ())
    kinds = set(expected) | {x.kind for x in legal}
    if a.kind not in kinds:
        return "wrong_kind", {"kind": a.kind, "expected": ", ".join(sorted({x.kind for x in legal}))}
    if frame["kind"] == "ask":
        from .abilities.registry import ABILITY_OF

        found = ABILITY_OF[frame["card"]].ask_check(g, frame, a)  # type: ignore[union-attr]
    elif kind.check is not None:
        found = kind.check(g, frame, a)
    else:
        found = None
    if found is not None:
        return found
    return not_offered(g, [x for x in legal if x.kind == a.kind], a, None)


def not_offered(g: Game, options: list[Action], a: Action, card: int | None) -> Reason:
    """Why ``a`` is not among ``options`` (all of its kind), read off the options themselves.

    Used for the choices an ability offers (``card``: the ability's card, whose rule it is): a card
    it does not offer, or other details with cards it does offer.
    """
    offered = {c for x in options for c in x.cards}
    strange = next((c for c in a.cards if c not in offered), None)
    if card is not None and strange is not None:
        return "ability_cards", {"c": strange, "d": card}
    same = [x for x in options if x.cards == a.cards] or options
    words = "; ".join(g.describe(x) for x in same[:6])
    if card is not None:
        return "ability_choice", {"d": card, "options": words}
    return "wrong_detail", {"kind": a.kind, "options": words}
