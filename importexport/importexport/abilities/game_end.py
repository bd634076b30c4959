"""Abilities that change how the game ends: the end conditions, instant wins and the last moves
some cards allow once the game has ended, before the final scoring.

End-of-game steps: when the game ends (the ``game_end`` event, fired with the ``score`` frame
already on the stack), every such ability queues an ``end_step`` frame above ``score``.  The
steps run in phase order (``CASH``: last use of anytime abilities, ``MOVE``: cards moving between
areas, ``ANNOUNCE``: types picked for the scoring), within a phase in seat order from the active
player.  A step runs when it is reached, so it sees what earlier steps changed; it either acts
at once or asks its holder (``self.ask``), and the question comes before the next step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ..actions import Action
from ..cards import CARDS
from ..constants import ACTIONS, BASE_COLOURS, RED, SUPPLY
from ..flow import automatic
from ..limits import enforce_limits, room_after_leaving
from ..rules import add_good, goods_limit, goods_load
from ..scoring import goods_counts
from .registry import Ability, Wording, acting, forget, register
from .rule_changes import crew_card_counts
from .scoring import has_most

if TYPE_CHECKING:
    from ..context import RulesContext
    from ..flow import Frame

CASH, MOVE, ANNOUNCE = 0, 1, 2  # phases of the end-of-game steps, in the order they run


def _order(fr: Frame) -> tuple[int, int, int]:
    return fr["phase"], fr["order"], fr["queued"]


def queue_end_step(g: RulesContext, ability: Ability, seat: int, phase: int) -> None:
    """Queue ``ability``'s end-of-game step for ``seat`` (on top of the ``score`` frame)."""
    stack = g.state.stack
    queued = sum(1 for fr in stack if fr["kind"] == "end_step")
    stack.append({
        "kind": "end_step", "seat": seat, "card": ability.card, "phase": phase, "order": g.seat_order().index(seat), "queued": queued,
    })


def _run_end_step(g: RulesContext, fr: Frame) -> None:
    """Run the earliest queued step first: the steps waiting right below are sorted by phase, seat
    order and queueing order whatever order the event left them in."""
    stack = g.state.stack
    j = len(stack)
    while j > 0 and stack[j - 1]["kind"] == "end_step":
        j -= 1
    if j < len(stack) and min(_order(x) for x in stack[j:]) < _order(fr):
        stack[j:] = sorted([*stack[j:], fr], key=_order, reverse=True)  # the earliest on top
        return
    seat, card = fr["seat"], fr["card"]
    if card in g.state.players[seat].fulfilled:  # (the card may have left the fulfilled area)
        acting(g, card, "at_end").at_end(g, seat)  # type: ignore[union-attr]  (a copy's through its card)


automatic("end_step", _run_end_step)


class EndStep(Ability):
    """An ability with a step once the game has ended (``at_end``), in the phase ``phase``."""

    phase: ClassVar[int] = MOVE

    def on_game_end(self, g: RulesContext, holder: int, data: dict) -> None:
        queue_end_step(g, self, holder, self.phase)

    def at_end(self, g: RulesContext, seat: int) -> None:
        raise NotImplementedError


def fulfilled_to_goods(g: RulesContext, seat: int, card: int, why: str) -> None:
    g.state.players[seat].fulfilled.remove(card)
    forget(g)
    add_good(g, seat, card)
    g.emit("to_goods", p=seat, c=card, why=why)


# --- end conditions ---------------------------------------------------------------------------

@register
class CanOpeners(Ability):
    """Reaching 50 credits no longer ends the game for you."""

    name = "CAN OPENERS"
    reread = "as written"

    def modify_triggers_credit_end(self, g: RulesContext, seat: int, value: bool) -> bool:
        return False


@register
class MriMachine(Ability):
    """The credit total that ends the game is 20 higher (70 instead of 50) for every player."""

    name = "MRI MACHINE"
    reread = "Raises the credit goal for every player, not only its holder."

    def modify_end_credits_all(self, g: RulesContext, seat: int, value: int) -> int:
        return value + 20


# --- instant wins -----------------------------------------------------------------------------

@register
class MotherLoad(Ability):
    """Owning 8 illegal goods wins the game on the spot, the goods counted as for the scoring (a
    Capital good as the type it takes, JOE WIGGINS as one illegal good)."""

    name = "MOTHER LOAD"
    reread = ("At least 8 goods counting as illegal, counted as for the scoring: Capital goods taking that "
              "type (fixed) and JOE WIGGINS (fixed) included.")

    def wins(self, g: RulesContext, seat: int) -> bool:
        return goods_counts(g, seat)[RED] >= 8


@register
class ExoticFish(Ability):
    """You win at once while you hold at least twice the credits of every other player and more
    goods than anybody else.

    Ruling: "the most goods" is the total of all goods as they count for scoring, and a tie is not
    "the most" (unless you are the only one of the tied players who wins ties); with no credits at
    all you do not hold twice anything.
    """

    name = "EXOTIC FISH"
    reread = (
        "'Twice' means at least twice each other player's credits, and more than 0; 'the most goods' "
        "counts all goods as for the scoring, a tie only if you alone of the tied win ties (fixed for two FOXES)."
    )

    def wins(self, g: RulesContext, seat: int) -> bool:
        s = g.state
        mine = s.players[seat].credits
        if mine <= 0 or any(mine < 2 * p.credits for q, p in enumerate(s.players) if q != seat):
            return False
        return has_most(g, seat, [sum(goods_counts(g, q)) for q in range(s.n)])


@register
class GraphicsCards(Ability):
    """You win at once while you hold the most goods of 4 of the 5 goods types.

    Ruling: "the most" means more than each other player (a tie only counts if you are the only
    one of the tied players who wins ties); goods are counted as for the scoring.
    """

    name = "GRAPHICS CARDS"
    reread = (
        "At least 4 types; a tie is not 'the most' unless you alone "
        "of the tied win ties (fixed for two FOXES holders)."
    )

    def wins(self, g: RulesContext, seat: int) -> bool:
        counts = [goods_counts(g, q) for q in range(g.state.n)]
        return sum(1 for col in BASE_COLOURS if has_most(g, seat, [c[col] for c in counts])) >= 4


@register
class Improbability(Ability):
    """You win at once when your crew, your fulfilled contracts and your goods each hold at least
    one card of each of the five goods colours (grey Capital cards are no colour here)."""

    name = "IMPROBABILITY"
    reread = "as written"

    def wins(self, g: RulesContext, seat: int) -> bool:
        p = g.state.players[seat]
        colours = set(BASE_COLOURS)
        return all(colours <= {CARDS.goods[c] for c in area} for area in (p.crew, p.fulfilled, p.goods))


# --- last moves before the scoring --------------------------------------------------------------

@register
class CheapShirts(EndStep):
    """Once the game has ended, your crew moves into your goods, as many cards as the goods limit
    leaves room for; when not all of them fit, you pick which ones, one at a time.

    Ruling: the move is compulsory (the card says to move as many as fit), only the choice of
    cards is yours.
    """

    name = "CHEAP SHIRTS"
    reread = "Compulsory: as many crew cards as the goods limit leaves room for; you pick which when not all fit."
    phase = MOVE

    def at_end(self, g: RulesContext, seat: int) -> None:
        self._fill(g, seat)

    def _room(self, g: RulesContext, seat: int) -> int:
        return goods_limit(g, seat) - goods_load(g, seat)

    def _fill(self, g: RulesContext, seat: int) -> None:
        crew = g.state.players[seat].crew
        room = self._room(g, seat)
        if room <= 0 or not crew:
            return
        if len(crew) <= room:
            for c in list(crew):
                self._move(g, seat, c)
        else:
            self.ask(g, seat, "shirts")

    def _move(self, g: RulesContext, seat: int, card: int) -> None:
        g.state.players[seat].crew.remove(card)
        add_good(g, seat, card)
        g.emit("to_goods", p=seat, c=card, why=self.name)

    def options_shirts(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        if self._room(g, seat) <= 0:
            return []
        return [Action(seat, "choose", (self.card, c)) for c in g.state.players[seat].crew]

    def describe_shirts(self, g: RulesContext, action: Action) -> Wording:
        return "crew_card_to_goods", {}

    def answer_shirts(self, g: RulesContext, frame: Frame, action: Action) -> None:
        self._move(g, action.player, action.cards[1])
        self._fill(g, action.player)


@register
class Diamonds(EndStep):
    """Once the game has ended, you may move up to two of your fulfilled contracts into your goods,
    one at a time, each only if it finds room there.

    Ruling: "two" is read as "up to two" (the ability is optional, and the goods limit may leave
    room for one only).  A contract leaving the fulfilled area lowers both limits first; a crew
    now over its limit is trimmed as usual.  DIAMONDS may move itself, which ends its ability.
    """

    name = "DIAMONDS"
    reread = "Optional, up to two contracts, one at a time, each only if the goods limit leaves room."
    phase = MOVE

    def at_end(self, g: RulesContext, seat: int) -> None:
        self.ask(g, seat, "diamonds", left=2)

    def options_diamonds(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        fulfilled = g.state.players[seat].fulfilled
        if self.card not in fulfilled:
            return []
        moves = [Action(seat, "choose", (self.card, c)) for c in fulfilled if room_after_leaving(g, seat, c)[1]]
        return [*moves, Action(seat, "no", (self.card,))] if moves else []

    def describe_diamonds(self, g: RulesContext, action: Action) -> Wording:
        return ("move_no_more" if action.kind == "no" else "fulfilled_to_goods"), {}

    def answer_diamonds(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind == "no":
            return
        seat = action.player
        fulfilled_to_goods(g, seat, action.cards[1], self.name)
        if frame["left"] > 1:
            self.ask(g, seat, "diamonds", left=frame["left"] - 1)
        enforce_limits(g, seat)


def supply_crew(g: RulesContext, seat: int) -> int:
    return sum(1 for c in g.state.players[seat].crew if CARDS.action[c] == SUPPLY)


@register
class Teslas(EndStep):
    """Once the game has ended, you name a goods type; each of your Supply crew cards then also
    counts as one good of that type in the scoring (goods value, all types and majorities)."""

    name = "TESLAS"
    reread = (
        "The type is named before the majorities are scored; the Supply "
        "crew then counts as goods of it everywhere in the scoring."
    )
    phase = ANNOUNCE

    def at_end(self, g: RulesContext, seat: int) -> None:
        if supply_crew(g, seat):
            self.ask(g, seat, "teslas")

    def options_teslas(self, g: RulesContext, frame: Frame) -> list[Action]:
        return [Action(frame["seat"], "choose", (self.card,), col) for col in BASE_COLOURS]

    def describe_teslas(self, g: RulesContext, action: Action) -> Wording:
        return "supply_crew_as", {"goods": action.target}

    def answer_teslas(self, g: RulesContext, frame: Frame, action: Action) -> None:
        self.keep_row(g, "end_choice", action.player, action.target)
        g.emit("end_goods_type", p=action.player, g=action.target, c=self.card)

    def modify_goods_counts(self, g: RulesContext, seat: int, counts: list[int]) -> list[int]:
        chosen = self.held_row(g, "end_choice", seat)
        if not chosen:
            return counts
        counts = list(counts)
        counts[chosen[2]] += supply_crew(g, seat)
        return counts


@register
class Cologne(EndStep):
    """Once the game has ended, you pick an action type of your crew; each crew card of that type
    scores 4 credits.  A card's type in the crew is what it counts as there (``crew_card_counts``:
    UNPASTEURIZED CHEESE is a Pirate crew card whatever action it shows)."""

    name = "COLOGNE"
    reread = ("The action type named is each holder's own, a copy's too (fixed); a crew card's type is what it "
              "counts as in the crew, so UNPASTEURIZED CHEESE is of the Pirate type (fixed).")
    phase = ANNOUNCE

    def at_end(self, g: RulesContext, seat: int) -> None:
        if g.state.players[seat].crew:
            self.ask(g, seat, "cologne")

    def options_cologne(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        crew = g.state.players[seat].crew
        types = [a for a in range(len(ACTIONS)) if any(crew_card_counts(g, seat, c, a) for c in crew)]
        return [Action(seat, "choose", (self.card,), a) for a in types]

    def describe_cologne(self, g: RulesContext, action: Action) -> Wording:
        return "crew_type_scores", {"a": action.target, "n": 4}

    def answer_cologne(self, g: RulesContext, frame: Frame, action: Action) -> None:
        self.keep_row(g, "end_choice", action.player, action.target)
        g.emit("end_action_type", p=action.player, a=action.target, c=self.card)

    def score(self, g: RulesContext, seat: int) -> int:
        chosen = self.held_row(g, "end_choice", seat)
        if not chosen:
            return 0
        return 4 * sum(crew_card_counts(g, seat, c, chosen[2]) > 0 for c in g.state.players[seat].crew)
