"""Abilities that change following, crew, limits, hand size and levels."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..cards import CARDS
from ..constants import (
    BASE_COLOURS,
    BLACK,
    BLUE,
    CONTRACT,
    GREEN,
    GREY,
    IMPORT,
    LOAD,
    PIRATE,
    RED,
    TRADE,
    YELLOW,
)
from ..rules import goods_of_type
from .registry import ABILITY_OF, Ability, Wording, register

if TYPE_CHECKING:
    from ..context import RulesContext
    from ..flow import Frame

ACTION_OF = CARDS.action
GOODS_OF = CARDS.goods
NO_LIMIT = 1_000_000  # "no limit": more crew than there are cards
SWAPPED = {LOAD: CONTRACT, CONTRACT: LOAD}  # RICE COOKERS: Load and Contract stand for each other


def shows(g: RulesContext, seat: int, card: int, action: int) -> bool:
    """Does ``card`` in ``seat``'s hand count as a card of ``action`` (abilities included)?"""
    from ..turn import card_action

    return card_action(g, seat, card) == action or g.mod(seat, "counts_as", False, card, action)


def crew_card_counts(g: RulesContext, seat: int, card: int, action: int) -> int:
    """How many ``action`` crew actions ``card`` in ``seat``'s crew gives by itself: 1 if it shows
    ``action``, changed by the card's own ability where that works from the crew (UNPASTEURIZED
    CHEESE is a Pirate crew card whatever it shows)."""
    n = int(ACTION_OF[card] == action)
    ability = ABILITY_OF[card]
    if ability is not None and ability.in_crew and hasattr(ability, "modify_crew_actions"):
        n = ability.modify_crew_actions(g, seat, n, action)
    return n


# --- which card may lead or follow, which action is carried out ---------------------------------

@register
class ThreeDPrinters(Ability):
    """When you follow, any card from your hand will do; you still carry out the led action.
    It does not help when you lead."""

    name = "3D PRINTERS"
    reread = "as written"

    def modify_follow_with_any(self, g: RulesContext, seat: int, value: bool, card: int) -> bool:
        return True


@register
class NeuralUnits(Ability):
    """You may follow any led action by playing a Load card; then all your actions this turn are
    Load actions (one for the card plus your Load crew) instead of the led action.

    Ruling: the crew that adds actions is your Load crew, since Load is what you carry out; a
    two-card wild does not count as the Load card; after an Import you load once the bidding is
    over.
    """

    name = "NEURAL UNITS"
    reread = "Needs a Load card (no two-card wild); then all your actions are Load ones, counted with your Load crew."

    def modify_follow_options(self, g: RulesContext, seat: int, opts: list[Action]) -> list[Action]:
        led = g.state.led
        if led in (LOAD, TRADE):
            return opts
        extra = [
            Action(seat, "play", (c,), LOAD) for c in g.state.players[seat].hand if shows(g, seat, c, LOAD)
        ]
        return opts + [a for a in extra if a not in opts]


@register
class RiceCookers(Ability):
    """For you, Load cards also count as Contract cards and Contract cards as Load cards, from the
    hand (leading or following) and in the crew; you still carry out a single action type.

    Ruling: when you lead, the others follow the declared action with cards showing it, as usual
    (the text only says your own card does not matter to them).
    """

    name = "RICE COOKERS"
    reread = ("Load and Contract stand for each other in hand and crew, leading or following; the others follow the "
              "declared action; a crew card counts as what it is in the crew (UNPASTEURIZED CHEESE: Pirate, fixed).")

    def modify_counts_as(self, g: RulesContext, seat: int, value: bool, card: int, action: int) -> bool:
        if value or action not in SWAPPED:
            return value
        from ..turn import card_action

        return card_action(g, seat, card) == SWAPPED[action]

    def modify_lead_options(self, g: RulesContext, seat: int, opts: list[Action]) -> list[Action]:
        from ..turn import card_action

        extra: list[Action] = []
        covered: set[int] = set()
        for a in opts:
            if a.kind == "play" and a.target < 0:
                shown = card_action(g, seat, a.cards[0])
                if shown in SWAPPED:
                    extra.append(Action(seat, "play", a.cards, SWAPPED[shown]))
                    covered.add(SWAPPED[shown])
        if not extra:
            return opts
        # A two-card wild may only stand for an action no hand card shows: now these are shown too.
        kept = [a for a in opts if not (a.kind == "wild" and a.target in covered)]
        return kept + [a for a in extra if a not in opts]

    def modify_follow_with_any(self, g: RulesContext, seat: int, value: bool, card: int) -> bool:
        led = g.state.led
        return value or (led in SWAPPED and self.modify_counts_as(g, seat, False, card, led))

    def modify_crew_actions(self, g: RulesContext, seat: int, n: int, action: int) -> int:
        if action not in SWAPPED:
            return n
        return n + sum(crew_card_counts(g, seat, c, SWAPPED[action]) for c in g.state.players[seat].crew)


@register
class Chopsticks(Ability):
    """When you are to carry out Import actions (from a card you played or from your crew), you
    may carry them all out as Contract or as Load actions instead.

    Ruling: the choice is made once all have declared, before any bidding; Import stays the led
    action for everybody else, and you act after the bidding rounds.  Free Import actions from
    other abilities are not "played" and stay Imports.
    """

    name = "CHOPSTICKS"
    reread = ("All your Import actions (card and crew) switch together to Contract or Load, chosen before the bidding; "
               "free Imports from abilities are not played and stay Imports.")

    def on_declared(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        s = g.state
        if s.led == IMPORT and s.decl[holder] > 0 and s.acts[holder] < 0:
            self.ask(g, holder, "instead")

    def options_instead(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "no", (self.card,))] + [
            Action(seat, "choose", (self.card,), action) for action in (CONTRACT, LOAD)
        ]

    def describe_instead(self, g: RulesContext, action: Action) -> Wording:
        return ("keep_import", {}) if action.kind == "no" else ("import_as", {"a": action.target})

    def answer_instead(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind == "choose":
            g.state.acts[action.player] = action.target
            g.emit("other_action", p=action.player, a=action.target, why=self.name)


# --- crew ---------------------------------------------------------------------------------------

@register
class Cannons(Ability):
    """Pirate cards in the other players' crews also give you Pirate actions (they take no room
    in your crew).

    Ruling: a Pirate crew card is one that counts as Pirate crew for its owner, so UNPASTEURIZED
    CHEESE, which joins a crew as a Pirate crew card, counts, whatever action it shows.
    """

    name = "CANNONS"
    reread = "Every card counting as Pirate crew for its owner, UNPASTEURIZED CHEESE too, whatever it shows (fixed)."

    def modify_crew_actions(self, g: RulesContext, seat: int, n: int, action: int) -> int:
        if action != PIRATE:
            return n
        s = g.state
        return n + sum(crew_card_counts(g, p.seat, c, PIRATE) for p in s.players if p.seat != seat for c in p.crew)


@register
class Fridges(Ability):
    """Every two technology goods you own give you one more Load action, as a crew card would
    (without taking room in the crew).

    Ruling: goods are counted as for scoring, so a fulfilled card that counts as a technology
    good (JOE WIGGINS) counts here too.
    """

    name = "FRIDGES"
    reread = "Technology goods counted as for scoring: Capital goods taking that type and JOE WIGGINS count too."

    def modify_crew_actions(self, g: RulesContext, seat: int, n: int, action: int) -> int:
        if action != LOAD:
            return n
        from ..scoring import goods_counts

        return n + goods_counts(g, seat)[GREEN] // 2


@register
class BoardGames(Ability):
    """Once your fulfilled contracts include a card of each of the five goods types, your crew
    has no limit.

    Ruling: the five types are those of the all-types bonus (technology, agriculture, consumer,
    luxury, illegal); the harbour's printed contract is not a card and has no type.
    """

    name = "BOARD GAMES"
    reread = "The printed types of the fulfilled contract cards, all five base types; the harbour's printed contract has none."

    def modify_crew_limit(self, g: RulesContext, seat: int, value: int) -> int:
        types = {GOODS_OF[c] for c in g.state.players[seat].fulfilled}
        return NO_LIMIT if all(col in types for col in BASE_COLOURS) else value


# --- goods limit, hand size, levels -------------------------------------------------------------

@register
class Scotch(Ability):
    """For your goods limit, every two luxury goods you own count as one."""

    name = "SCOTCH"
    reread = "Capital goods count as luxury when they take that type; every full pair counts once (3 luxury count as 2)."

    def modify_goods_load(self, g: RulesContext, seat: int, n: int) -> int:
        return n - goods_of_type(g, seat, BLUE) // 2


@register
class MineralFuels(Ability):
    """You draw up to 6 cards instead of 5 (and draw just one only when holding 6 or more)."""

    name = "MINERAL FUELS"
    reread = "Lasting while the card lies among your fulfilled contracts; holding 6 or more you draw one."

    def modify_hand_size(self, g: RulesContext, seat: int, value: int) -> int:
        return value + 1


@register
class Volkswagen(Ability):
    """For your level requirements, each technology (green) or Capital (grey) card in your goods
    counts twice."""

    name = "VOLKSWAGEN"
    reread = ("Technology goods count twice for levels, and so does every grey Capital good, whatever type it takes; "
              "the doubled count serves Capital level requirements too.")

    def modify_level_weight(self, g: RulesContext, seat: int, value: int, card: int) -> int:
        return value * 2 if GOODS_OF[card] in (GREEN, GREY) else value


JOE_TYPES = (GREEN, YELLOW, RED, BLACK)


@register
class JoeWiggins(Ability):
    """This fulfilled card counts as one technology, one agriculture, one illegal and one consumer
    good (for levels and scoring), without counting against your goods limit.

    Ruling: it counts wherever goods count - levels (Capital levels included), goods points,
    majorities and the all-types bonus - but it is not a card in the goods area, so nothing can
    take, move or trade it as a good.
    """

    name = "JOE WIGGINS"
    reread = "Counts as four goods for levels and scoring, but is no card in the goods area that could be taken."

    @staticmethod
    def _add(counts: list[int]) -> list[int]:
        out = list(counts)
        for col in JOE_TYPES:
            out[col] += 1
        return out

    def modify_level_goods(self, g: RulesContext, seat: int, have: list[int]) -> list[int]:
        return self._add(have)

    def modify_goods_counts(self, g: RulesContext, seat: int, counts: list[int]) -> list[int]:
        return self._add(counts)
