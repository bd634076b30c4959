"""Why a choice is refused: the rule that forbids it, in words a learner understands.

The rules themselves live beside the options they make: each decision registers a ``check``
(``flow.decision``) written with the same predicates as its ``options``, an ability's question is
answered from its own option list (``Ability.ask_check``), and a free choice's check refuses only
what ``engine.extra_options`` does not list, reading why off the listed ones (``flow.FREE_CHECKS``).  This module holds the sentences (English and German) and asks the
right check; it first answers what every decision shares (whose decision, which kinds of choice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..catalog import Table
from .actions import Action
from .cards import CARDS
from .constants import ACTIONS
from .flow import FRAMES, FREE_CHECKS, Frame, Reason, deciders_of

if TYPE_CHECKING:
    from .context import RefusalContext, RulesContext

REASONS = Table("reasons", {
    "game_over": "The game is over; no more choices can be made.",
    "not_your_decision": "It is not {p}'s decision now: the game is waiting for {q}.",
    "wrong_kind": "That does not fit now: the game is waiting for {p} to {step}.",
    "no_card_now": "No card is played at this point: the game is waiting for {p} to {step}.",
    "not_in_hand": "{c} is not in {p}'s hand.",
    "must_follow": "To follow you must play a card showing the led action ({a}), a two-card wild, or draw.",
    "wild_colour": "A two-card wild needs two different cards of the same colour.",
    "wild_only_without": "The two-card wild may only stand for {a} if you hold no card showing {a}.",
    "declare_range": ("You may declare {lo} to {hi} action: one for the card played (if any) and one per matching crew card.", "You may declare {lo} to {hi} actions: one for the card played (if any) and one per matching crew card."),
    "sell_once": "You may sell to the Supply Island only once per turn.",
    "not_on_island": "{c} is not on the Supply Island.",
    "ship_not_in_harbour": "{s} is not one of {p}'s ships in harbour.",
    "ship_sailing": "{s} has just fulfilled its contracts and is about to sail: it takes no new contract and no container.",
    "level_missing": ("{c} needs {n} more level than you have: each missing level costs one extra Contract action, and you have {left} left.", "{c} needs {n} more levels than you have: each missing level costs one extra Contract action, and you have {left} left."),
    "contract_cost": ("Placing {c} costs exactly {n} action (one, plus one per missing level), not {m}.", "Placing {c} costs exactly {n} actions (one, plus one per missing level), not {m}."),
    "cargo_limit": "The contracts on one ship may ask for at most {limit} containers in total; {s} would need {n}.",
    "no_open_requirement": "{s} has no open cargo requirement that {c} could fill.",
    "no_such_container": "{c} is neither a container on a ship at sea nor a card on the Supply Island.",
    "bid_too_high": "You cannot bid more credits than you have ({n}).",
    "not_at_sea": "{s} is not at sea with cargo.",
    "not_tied": "{q} is not among the tied bidders.",
    "must_take": "You must keep an imported card if you can: discard only when neither crew nor goods have room for it.",
    "one_crew": "At most one card of an Import may go to the crew.",
    "crew_full": "Your crew is full: crew may not exceed your fulfilled contracts.",
    "goods_full": "Your goods are full: at most twice your fulfilled contracts.",
    "unknown_card": "There is no card number {id} in the card list.",
    "unknown_seat": "There is no seat number {id} at this table.",
    "unknown_ship": "There is no ship number {id} at this table.",
    "wild_action": "A two-card wild stands for one of the five actions Supply, Import, Contract, Load or Pirate, never for Trade.",
    "wrong_detail": "A detail of that choice does not fit; with these cards you may: {options}.",
    "not_an_action": "{what} is not a choice: {problem}.",
    "bad_field": "That choice is malformed: its {field} must be {want}, not {value}.",
    "out_of_range": "That choice is malformed: its {field} holds a number out of range.",
    "too_many": "That choice is malformed: its {field} lists more than {n} numbers.",
    "unused_detail": "This kind of choice has no detail {field}; leave it out.",
    "one_card": "This choice names exactly one card.",
    "trim_choice": "{p} is over a limit and discards one card from the area that is over it: {options}.",
    "play_as": "{c} is played for the action it shows; playing it as {a} needs an ability or Trade crew that allows it.",
    "trade_card": "Following with Trade needs a card showing Trade; {c} does not.",
    "trade_crew": "You may follow another action with Trade only with a Trade card in your crew.",
    "declare_trade": ("With your Trade crew you may declare 1 to {n} Trade action.", "With your Trade crew you may declare 1 to {n} Trade actions."),
    "tokyo_cost": ("Placing {c} from the Tokyo harbour costs {n} credit, more than you have.", "Placing {c} from the Tokyo harbour costs {n} credits, more than you have."),
    "orientation": "{c} has no such orientation: only J cards have a second one.",
    "grey_container": "{c} is a grey Capital card: grey containers cannot be loaded.",
    "j_colour": "{c} is loaded as one of its own colours: a J card as one of its two, any other card as its own.",
    "j_cost": ("Loading a J card for the first time costs {n} credit, more than you have.", "Loading a J card for the first time costs {n} credits, more than you have."),
    "pirate_banned": "An ability in play forbids Pirate actions now.",
    "pirate_source": "{c} does not lie where this choice says it is taken from.",
    "pirate_target": "A pirated {c} goes onto one of your ships in harbour that it fits, or onto the discard pile.",
    "pirate_nothing": "A Pirate action takes a container you name; only an ability lets you take a card unseen.",
    "trade_cards": "A Trade swaps one card of your hand for one card of the Supply Island.",
    "solo_trade": "A Trade card cannot be played for an action of its own here.",
    "no_island_import": "You may bid for the Supply Island only with an ability that allows it.",
    "bid_negative": "A bid is 0 credits or more.",
    "take_where": "An imported card goes to the crew, the goods or (if neither has room) the discard pile.",
    "take_two": "The winner of an Import must take its cards: {n} more to go.",
    "not_in_cargo": "{c} is not in the cargo being imported.",
    "token_card": "This question is about {c}.",
    "token_colour": "A container token takes a goods colour; on a ship, one that fills an open requirement if any does.",
    "ability_cards": "{c} is not one of the cards {d} lets you choose now.",
    "ability_choice": "{d} offers other choices here: {options}.",
    "drop_active": "Only the active player may discard an unfulfilled contract.",
    "drop_where": "{p} may discard only a contract lying under one of their ships in harbour.",
    "discard_grey": "Only Capital cards may be discarded from the hand at any time; {c} is not one.",
    "anytime_card": "Card {c} has no ability you may use now.",
    "not_legal": "That choice is not one of the {n} legal choices now.",
}, counts={"declare_range": "hi"})


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

STEPS = Table("steps", {
    "lead": "lead: play a card for the action everybody may join, or draw cards",
    "follow": "follow the led action with a card showing it or a two-card wild, or draw cards",
    "declare": "declare how many actions to carry out",
    "act:supply": "carry out Supply: sell a hand card to the Supply Island or hire crew there",
    "act:contract": "carry out Contract: place a hand card as a contract on a ship in harbour",
    "act:load": "carry out Load: load a hand card onto a ship in harbour",
    "act:pirate": "carry out Pirate: take a container from a ship at sea or from the Supply Island",
    "act:trade": "carry out Trade: swap a hand card for a card of the Supply Island",
    "solo": "play one more card and carry out its action alone, or stop",
    "choose_ship": "choose the ship at sea whose cargo is auctioned in this bidding round",
    "bid": "enter a sealed bid in credits",
    "tie": "decide which of the tied bidders wins",
    "take": "take the won cards into the crew or the goods",
    "token_colour": "choose the colour of a container token",
    "trim": "discard a card from the crew or the goods, whichever is over its limit",
    "ask": "answer the question a card ability asks",
})
"""What the decider of each step is to do (``{step}`` in a refusal): a phrase that follows "the game is
waiting for Player 2 to ..." / "jetzt ist Spieler 2 dran und soll ..."; ``act:<action>`` for the act step."""


def step_of(g: RulesContext, frame: Frame) -> str:
    """The key of ``STEPS`` for the decision ``frame``."""
    if frame["kind"] == "act":
        return "act:" + ACTIONS[frame.get("action", g.state.led)]
    return str(frame["kind"])


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


def reason(g: RefusalContext, a: Action) -> Reason:
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
    frame = s.stack[-1]
    found = _misplaced(g, frame, a)
    if found is not None:
        return found
    legal = g.legal_actions(a.player)
    found = _step_rule(g, frame, a, legal)
    if found is not None:
        return found
    return not_offered(g, [x for x in legal if x.kind == a.kind], a, None)


def _misplaced(g: RulesContext, frame: Frame, a: Action) -> Reason | None:
    """A detail the kind of choice does not use, a choice by a seat not deciding, a card offered
    at a step that takes none (None: none of these)."""
    used = FIELDS.get(a.kind)
    extra = None if used is None else a.unused_field(used)
    # A card offered at a step that takes none (a card clicked while a ship is chosen, a bid is
    # entered ...): say what the step is about rather than which detail to leave out.
    steps = FRAME_CHOICES.get(frame["kind"], ())
    no_card_step = extra == "cards" and a.kind in steps and not any("cards" in FIELDS[k] for k in steps)
    if extra is not None and not no_card_step:
        return "unused_detail", {"kind": a.kind, "field": extra}
    deciders = deciders_of(frame)
    if a.player not in deciders:
        return "not_your_decision", {"p": a.player, "q": deciders[0]}
    if no_card_step:
        return "no_card_now", {"p": a.player, "step": step_of(g, frame)}
    return None


def _step_rule(g: RefusalContext, frame: Frame, a: Action, legal: list[Action]) -> Reason | None:
    """The rule of the step (or of the ability asking) that ``a`` breaks: a check the kind of choice
    has everywhere, the wrong kind for the step, the step's own check (None: none says)."""
    kind = FRAMES[frame["kind"]]
    if a.kind in FREE_CHECKS and kind.extras:
        found = FREE_CHECKS[a.kind](g, a)
        if found is not None:
            return found
    expected = ACT_CHOICES[frame.get("action", g.state.led)] if frame["kind"] == "act" else FRAME_CHOICES.get(frame["kind"], ())
    kinds = set(expected) | {x.kind for x in legal}
    if a.kind not in kinds:
        return "wrong_kind", {"kind": a.kind, "expected": ", ".join(sorted({x.kind for x in legal})),
                              "p": a.player, "step": step_of(g, frame)}
    if frame["kind"] == "ask":
        from .abilities import asked

        return asked(g, frame).ask_check(g, frame, a)
    return None if kind.check is None else kind.check(g, frame, a)


def not_offered(g: RulesContext, options: list[Action], a: Action, card: int | None) -> Reason:
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
