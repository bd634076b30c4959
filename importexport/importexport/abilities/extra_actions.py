"""Abilities that grant free or extra actions, draws and turns.

Three shared mechanisms carry most of them:

* extra choices inside one's own action (``modify_act_options``): the ability adds ``anytime``
  choices to the holder's own act decision (one more Load for 2 credits, draw instead of
  loading, a free extra contract, ...); ``anytime_apply`` carries them out, and spends one of
  the declared actions where the card says the choice replaces one;
* free single actions (``offer_free_action``): a question listing the ordinary choices of one
  action plus "no" (NANOBOTS, PAPRIKA);
* free imports (``free_import_options`` / ``free_import``): one container from a ship at sea
  straight into crew or goods, without bidding; the ship's owner is compensated as after an
  Import unless the card says otherwise (POCKY, STRETCH GOAL; not PAPER).

"Once per turn" notes live in ``state.marks`` under ``"<CARD>/<seat>"`` as ``[turn, uses]``.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from .. import turn as _turn
from ..actions import TAKE_CREW, TAKE_DISCARD, TAKE_GOODS, Action
from ..bidding import ships_for_import, take_container
from ..cards import CARDS
from ..constants import (
    BASE_ACTIONS,
    BLACK,
    BLUE,
    CONTRACT,
    GREEN,
    GREY,
    IMPORT,
    IMPORT_COMPENSATION,
    LOAD,
    PIRATE,
    RAINBOW_SLOT,
    SUPPLY,
    TRADE,
    YELLOW,
)
from ..flow import automatic
from ..limits import enforce_limits
from ..rules import (
    _matched,
    can_take_container,
    cargo_size,
    crew_room,
    draw_action,
    draw_cards,
    gain,
    goods_room,
    harbour_ships,
    level_deficit,
    max_cargo,
    pay_bank,
    remove_container,
    ship_home,
    top_of_deck,
)
from ..scoring import goods_counts
from .exchanges import load_by_ability, to_island
from .piracy import super_ship_bonus
from .registry import Ability, Wording, acting, forget, register

if TYPE_CHECKING:
    from ..context import RulesContext
    from ..flow import Frame

GOODS_OF = CARDS.goods


# --- small shared pieces ------------------------------------------------------------------------

def top_frame(g: RulesContext) -> Frame | None:
    stack = g.state.stack
    return stack[-1] if stack else None


def own_act_frame(g: RulesContext, seat: int, action: int) -> Frame | None:
    """The top frame if it is ``seat`` carrying out its own ``action`` actions, else None."""
    fr = top_frame(g)
    if fr is not None and fr["kind"] == "act" and fr["seat"] == seat and fr.get("action", g.state.led) == action:
        return fr
    return None


def spend_action(g: RulesContext) -> None:
    """The choice just made uses one of the actions of the act frame on top."""
    fr = g.state.stack[-1]
    fr["left"] -= 1
    if fr["left"] <= 0:
        g.state.stack.pop()


def wrap(card: int, a: Action) -> Action:
    """An ordinary choice ``a`` offered as the ``anytime`` use of ``card``."""
    return Action.anytime(card, a)


def unwrap(a: Action, kind: str) -> Action:
    return a.unwrap(kind)


def in_play(g: RulesContext, seat: int, card: int) -> bool:
    """Lasting abilities work from the fulfilled contracts (anytime hooks also see the hand)."""
    return card in g.state.players[seat].fulfilled


# --- free single actions (NANOBOTS, PAPRIKA) ----------------------------------------------------

def action_options(g: RulesContext, seat: int, action: int) -> list[Action]:
    """The ordinary choices of one action of type ``action`` (a Contract without skipping levels)."""
    if action == SUPPLY:
        return _turn.supply_options(g, seat)
    if action == CONTRACT:
        return _turn.contract_options(g, seat, 1)
    if action == LOAD:
        return _turn.load_options(g, seat)
    if action == PIRATE:
        return _turn.pirate_options(g, seat)
    return _turn.trade_options(g, seat)


class FreeAction(Ability):
    """Base: the holder may carry out one free action of type ``free_action`` now, if possible."""

    free_action: ClassVar[int] = LOAD

    def offer_free_action(self, g: RulesContext, seat: int) -> None:
        if action_options(g, seat, self.free_action):
            self.ask(g, seat, "free_action")

    def options_free_action(self, g: RulesContext, frame: Frame) -> list[Action]:
        opts = action_options(g, frame["seat"], self.free_action)
        return [*opts, Action(frame["seat"], "no", (self.card,))] if opts else []

    def describe_free_action(self, g: RulesContext, action: Action) -> Wording:
        if action.kind == "no":
            return "no_free", {"a": self.free_action}
        return "free", {"c": g.state.stack[-1]["card"], "inner": action}

    def answer_free_action(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind != "no":
            g.emit("ability", p=action.player, c=self.card)
            _turn.PERFORM[action.kind](g, action)


# --- free imports (POCKY, PAPER, STRETCH GOAL) -----------------------------------------------

def free_import_options(g: RulesContext, seat: int, areas: tuple[int, ...], optional: bool, card: int) -> list[Action]:
    """Taking one container from any ship at sea into one of ``areas`` (crew, goods) with room.

    A compulsory import with no room anywhere takes the card and discards it, as the Import
    action does; an optional one is then not offered at all.
    """
    ships = ships_for_import(g)
    if not ships:
        return []
    room = {TAKE_CREW: crew_room, TAKE_GOODS: goods_room}
    dests = [d for d in areas if room[d](g, seat)]
    if not dests:
        if optional:
            return []
        dests = [TAKE_DISCARD]
    opts = [Action(seat, "take", (c,), d) for sid in ships for c in g.state.ships[sid].containers for d in dests]
    if optional:
        opts.append(Action(seat, "no", (card,)))
    return opts


def free_import_wording(g: RulesContext, action: Action) -> Wording:
    """Menu wording of a choice of ``free_import_options`` (the question's card is on top)."""
    if action.kind == "no":
        return "import_none", {}
    c = action.cards[0]
    ship = next(x.id for x in g.state.ships if c in x.containers)
    key = "import_crew" if action.target == TAKE_CREW else "import_goods" if action.target == TAKE_GOODS else "import_discard"
    return key, {"c": g.state.stack[-1]["card"], "d": c, "s": ship}


def free_import(g: RulesContext, action: Action, why: str, compensate: bool = False) -> None:
    """Carry out a free import chosen from ``free_import_options`` (no bid).

    With ``compensate`` the ship's owner, if it is not the importer, takes the usual 2 credits
    from the bank, as after an Import (POCKY, STRETCH GOAL); PAPER's text rules that out.  It is
    not the Import action, so abilities that change that action's compensation (PANTS) do not apply;
    PARTNERSHIP's super ship, whose text speaks of any import, pays 4 instead of 2.
    """
    s = g.state
    seat, c = action.player, action.cards[0]
    ship = next(x for x in s.ships if x.at_sea and c in x.containers)
    colour = remove_container(g, ship, c)
    g.emit("free_import", p=seat, c=c, s=ship.id, why=why)
    take_container(g, seat, c, colour, action.target)
    if s.abilities:
        g.notify("imported", seat=seat, card=c, colour=colour, ship=ship.id)
    if compensate and ship.owner != seat:
        gain(g, ship.owner, IMPORT_COMPENSATION, "compensation")
        super_ship_bonus(g, seat, ship.id)  # (PARTNERSHIP's super ship: 4 instead of 2)
    if ship.at_sea and not ship.containers:
        ship_home(g, ship, "imported")


def _resume(g: RulesContext, fr: Frame) -> None:
    """An automatic step an ability left for itself: carry on with ``then_<step>``."""
    ability = acting(g, fr["card"], "then_" + fr["step"])
    getattr(ability, "then_" + fr["step"])(g, fr)


automatic("resume_extra", _resume)


# --- instant: free actions alone ----------------------------------------------------------------

@register
class ArGlasses(Ability):
    """On fulfilment you may play up to 2 cards from your hand, one after the other, each carrying
    out its action once, alone (no crew, nobody follows or draws)."""

    name = "AR GLASSES"
    reread = "As written; its free Contract action offers no ship about to sail (fixed)."

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        g.state.stack.append({"kind": "solo", "seat": seat, "left": 2})


@register
class Glasses(Ability):
    """On fulfilment you carry out one Import alone: you choose the ship and take its cards for free.

    Ruling: the holder, not the active player, chooses the ship, since the Import is carried out
    without the other players; the ship's owner gets the usual 2 credits if it is not yours.
    """

    name = "GLASSES"
    reread = (
        "The holder chooses the ship and takes its cards without bidding; the owner of another "
        "player's ship gets the usual 2 credits."
    )

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        _turn.solo_action(g, seat, IMPORT)


@register
class PlatinumRings(Ability):
    """On fulfilment draw up to 8 hand cards, then play any number of them one at a time, each
    carrying out its action once, alone (no crew, no level skipping, one sale at most).

    Ruling: the single sale is the usual once-per-turn sale, so a player who has already sold to
    the Supply Island this turn cannot sell again here.
    """

    name = "PLATINUM RINGS"
    reread = (
        "Draws only up to 8 (none if already 8 or more); the one sale is also the turn's usual "
        "single sale."
    )
    hand_target: ClassVar[int] = 8

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        need = self.hand_target - len(g.state.players[seat].hand)
        if need > 0:
            g.emit("draw", p=seat, n=draw_cards(g, seat, need))
        g.state.stack.append({"kind": "solo", "seat": seat})  # no "left": as many as they like


# --- instant and lasting: free imports ----------------------------------------------------------

@register
class Pocky(Ability):
    """On fulfilment take 2 credits, draw 2 cards, then import one container of your choice from a
    ship at sea into your crew or goods, without bidding.

    Ruling: the import is compulsory; with no room in crew or goods the card is taken and
    discarded, as in an Import.  Taken from another player's ship, that ship's owner gets the
    usual 2 credits from the bank: importing compensates unless a card says it does not (as
    PAPER and PROTRACTORS do).
    """

    name = "POCKY"
    reread = ("Compulsory import into crew or goods (discarded without room); another player's ship "
              "earns its owner the usual 2 credits, as the text does not waive it (fixed).")

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        gain(g, seat, 2, self.name)
        g.emit("draw", p=seat, n=draw_cards(g, seat, 2))
        self.ask(g, seat, "import")

    def options_import(self, g: RulesContext, frame: Frame) -> list[Action]:
        return free_import_options(g, frame["seat"], (TAKE_CREW, TAKE_GOODS), False, self.card)

    def describe_import(self, g: RulesContext, action: Action) -> Wording:
        return free_import_wording(g, action)

    def answer_import(self, g: RulesContext, frame: Frame, action: Action) -> None:
        free_import(g, action, self.name, compensate=True)


@register
class Paper(Ability):
    """Each consumer contract you fulfil (this one included) lets you import one container from a
    ship at sea into your crew or goods, without bidding; the ship's owner gets nothing."""

    name = "PAPER"
    reread = "as written"

    def on_fulfilled(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] != holder:
            return
        for c in data["cards"]:
            if GOODS_OF[c] == BLACK:
                self.ask(g, holder, "import")

    def options_import(self, g: RulesContext, frame: Frame) -> list[Action]:
        return free_import_options(g, frame["seat"], (TAKE_CREW, TAKE_GOODS), True, self.card)

    def describe_import(self, g: RulesContext, action: Action) -> Wording:
        return free_import_wording(g, action)

    def answer_import(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind != "no":
            free_import(g, action, self.name)


@register
class StretchGoal(Ability):
    """On fulfilment, clockwise from you, each player draws 2 cards, takes 2 credits and imports one
    container from a ship at sea into their goods, without bidding.

    Ruling: the card names no trigger, so the effect happens once, when it is fulfilled.  The
    import is compulsory like an Import's; a player whose goods are full takes the card and
    discards it.  A player who imports from another player's ship earns that ship's owner the
    usual 2 credits from the bank (the text, unlike PAPER's, does not waive it).
    """

    name = "STRETCH GOAL"
    reread = ("Happens once, on fulfilment; each import is compulsory (discarded if the goods are full) "
              "and pays the ship's owner the usual 2 credits when it is another player's (fixed).")

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.next_player(g, g.seat_order(seat))

    def next_player(self, g: RulesContext, queue: list[int]) -> None:
        while queue:
            seat, queue = queue[0], queue[1:]
            g.emit("draw", p=seat, n=draw_cards(g, seat, 2))
            gain(g, seat, 2, self.name)
            if free_import_options(g, seat, (TAKE_GOODS,), False, self.card):
                self.ask(g, seat, "import", queue=queue)
                return

    def options_import(self, g: RulesContext, frame: Frame) -> list[Action]:
        return free_import_options(g, frame["seat"], (TAKE_GOODS,), False, self.card)

    def describe_import(self, g: RulesContext, action: Action) -> Wording:
        return free_import_wording(g, action)

    def answer_import(self, g: RulesContext, frame: Frame, action: Action) -> None:
        # The next player's turn comes after anything this import sets off.
        g.state.stack.append({"kind": "resume_extra", "card": self.card, "step": "import", "queue": frame["queue"]})
        free_import(g, action, self.name, compensate=True)

    def then_import(self, g: RulesContext, frame: Frame) -> None:
        self.next_player(g, frame["queue"])


# --- instant: a contract from the Supply Island --------------------------------------------------

@register
class Spacecraft(Ability):
    """On fulfilment you must place a card from the Supply Island as a contract on one of your ships
    in harbour, if any fits (level requirement met, cargo room); it costs nothing.

    Ruling: the ship whose fulfilment this is about to sail, so it cannot take the new contract.
    """

    name = "SPACECRAFT"
    reread = (
        "Compulsory when a card fits; the ship whose fulfilment this is sails and cannot take it; "
        "always free of the Tokyo cost."
    )

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        self.ask(g, seat, "place", ship=ship)

    def options_place(self, g: RulesContext, frame: Frame) -> list[Action]:
        s = g.state
        seat = frame["seat"]
        ships = harbour_ships(g, seat)  # (not the ship whose fulfilment this is: it is about to sail)
        room = [(x.id, max_cargo(g, x) - cargo_size(g, x)) for x in ships]
        opts: list[Action] = []
        for c in s.island:
            if level_deficit(g, seat, c):
                continue
            card = CARDS[c]
            for side in (0, 1) if card.cargo_alt is not None else (0,):
                size = len(card.slots(side))
                opts.extend(Action(seat, "choose", (self.card, c), sid, 0, side) for sid, free in room if size <= free)
        return opts

    def describe_place(self, g: RulesContext, action: Action) -> Wording:
        return "island_contract", {"s": action.target, "cargo": (action.cards[1], action.option)}

    def answer_place(self, g: RulesContext, frame: Frame, action: Action) -> None:
        s = g.state
        c = action.cards[1]
        s.island.remove(c)
        _turn.place_contract(g, action.player, s.ships[action.target], c, action.option, line="contract_from_island",
                             why=self.name)


# --- draws ----------------------------------------------------------------------------------------

@register
class Jidohanbaiki(Ability):
    """As the active player you may, instead of drawing, take 2 credits: your turn ends as after a
    draw, but no cards are drawn.

    Ruling: no cards are drawn, so abilities that answer a draw (CHAIRS, LUMBER) are not set off.
    """

    name = "JIDOHANBAIKI"
    reread = "Only when leading; no cards are drawn, so abilities that answer a draw do not react."

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        fr = top_frame(g)
        if not in_play(g, seat, card) or fr is None or fr["kind"] != "lead" or fr["seat"] != seat:
            return []
        return [Action(seat, "anytime", (card,))]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "credits_not_cards", {"n": 2}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        s = g.state
        s.stack.pop()  # the lead decision
        s.stack.append({"kind": "end_turn"})
        g.emit("credits_instead", p=action.player, why=self.name)
        gain(g, action.player, 2, self.name)


@register
class Lumber(Ability):
    """Whenever another player takes a draw action, you may take a draw action too."""

    name = "LUMBER"
    reread = (
        "'Draws cards' read as the draw action (as for NANOBOTS); cards an ability hands out do not "
        "set it off."
    )

    def on_draw(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] != holder:
            self.ask(g, holder, "draw")

    def options_draw(self, g: RulesContext, frame: Frame) -> list[Action]:
        return [Action(frame["seat"], "yes", (self.card,)), Action(frame["seat"], "no", (self.card,))]

    def describe_draw(self, g: RulesContext, action: Action) -> Wording:
        return ("draw_too" if action.kind == "yes" else "no_draw"), {}

    def answer_draw(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.kind == "yes":
            g.emit("ability", p=action.player, c=self.card)
            draw_action(g, action.player)


@register
class Nanobots(FreeAction):
    """After each of your draw actions you may carry out one free Load, if you can.

    Ruling: "draw cards" means the draw action (filling the hand), as for LUMBER and CHAIRS;
    cards drawn through other abilities do not count.
    """

    name = "NANOBOTS"
    reread = (
        "'Draw cards' read as the draw action, whether leading or instead of following; ability "
        "draws do not count."
    )

    def on_draw(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] == holder:
            self.offer_free_action(g, holder)


@register
class Paprika(FreeAction):
    """Each time you place a contract on a ship you may also load one container for free, if you can."""

    name = "PAPRIKA"
    reread = "as written"

    def on_contract(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] == holder:
            self.offer_free_action(g, holder)


# --- more within the Load action ----------------------------------------------------------------

class ExtraLoad(Ability):
    """Base: during your own Load action, a choice that adds one more Load action.

    ``per_turn`` limits the uses per turn (None: unlimited); ``cost`` is paid to the bank.
    """

    cost: ClassVar[int] = 0

    def limit(self, g: RulesContext, seat: int) -> int | None:
        return None

    def allowed(self, g: RulesContext, seat: int, frame: Frame) -> bool:
        return True

    def modify_act_options(self, g: RulesContext, seat: int, value: list[Action], action: int, left: int) -> list[Action]:
        fr = own_act_frame(g, seat, LOAD)
        if action != LOAD or fr is None or not value or g.state.players[seat].credits < self.cost:
            return value
        limit = self.limit(g, seat)
        if (limit is not None and self.used(g, seat) >= limit) or not self.allowed(g, seat, fr):
            return value
        return [*value, Action(seat, "anytime", (self.card,))]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return ("one_more_load_paid", {"n": self.cost}) if self.cost else ("one_more_load", {})

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        seat = action.player
        self.note_use(g, seat)
        if self.cost:
            pay_bank(g, seat, self.cost, self.name)
        g.state.stack[-1]["left"] += 1
        g.emit("extra_action", p=seat, a=LOAD, why=self.name)


@register
class Batteries(ExtraLoad):
    """During your Load action you may pay 2 credits for one more Load, once per turn.

    Ruling: the card is marked instant, but its text describes a standing right ("once per turn"),
    so it works from the fulfilled contracts for the rest of the game.
    """

    name = "BATTERIES"
    reread = (
        "Marked instant, but its once-per-turn text only makes sense as a lasting right, so it "
        "lasts."
    )
    cost = 2

    def limit(self, g: RulesContext, seat: int) -> int | None:
        return 1


@register
class Playstations(ExtraLoad):
    """Every 2 technology goods you own give one more Load during your Load action.

    Technology goods are counted as for the scoring, as FRIDGES counts them: Capital goods count
    as technology when they take that type (your leftmost non-Capital good is technology), and
    JOE WIGGINS is one technology good you own.  Ruling: the extra Loads are counted per turn
    (your Load action of the turn), not once per single declared action.
    """

    name = "PLAYSTATIONS"
    reread = ("Technology goods counted as for the scoring: Capital goods as the type they take (fixed), JOE "
              "WIGGINS too (fixed); the extra Loads (one per 2 technology goods) are counted per turn, not per "
              "declared action.")

    def limit(self, g: RulesContext, seat: int) -> int | None:
        return goods_counts(g, seat)[GREEN] // 2


@register
class MachineArms(ExtraLoad):
    """When you lead Load you may keep loading cards from your hand for as long as you want and can
    (offered as "one more Load" whenever your last declared Load is due)."""

    name = "MACHINE ARMS"
    reread = (
        "Only when leading Load; the extra Loads are offered while the last declared one is due."
    )

    def allowed(self, g: RulesContext, seat: int, frame: Frame) -> bool:
        s = g.state
        return (
            seat == s.active and s.led == LOAD and "action" not in frame and frame["left"] == 1
            and any(a.kind == "load" for a in _turn.load_options(g, seat))
        )


@register
class CellPhones(Ability):
    """During your Load action you may, for one of your Loads, draw the top card instead of loading
    from your hand: if it fits one of your contracts it must be loaded, otherwise you keep it.

    Ruling: this is a way to carry out a declared Load, so it is offered even when nothing in the
    hand fits (a declared action must be carried out if it can be).
    """

    name = "CELL PHONES"
    reread = (
        "A way to carry out a declared Load, so offered even when no hand card fits; usable for "
        "every Load."
    )

    def modify_act_options(self, g: RulesContext, seat: int, value: list[Action], action: int, left: int) -> list[Action]:
        s = g.state
        if action != LOAD or own_act_frame(g, seat, LOAD) is None or not (s.deck or s.discard):
            return value
        return [*value, Action(seat, "anytime", (self.card,))]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "draw_to_load", {}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        s = g.state
        seat = action.player
        spend_action(g)
        card = top_of_deck(g)
        if card is None:
            return
        s.players[seat].hand.append(card)
        g.emit("draw_instead", p=seat, why=self.name)
        loads = self.loads_of(g, seat, card)
        if len(loads) == 1:
            _turn.PERFORM["load"](g, loads[0])
        elif loads:
            self.ask(g, seat, "load_drawn", drawn=card)
        else:
            g.emit("keep_drawn", p=seat, why=self.name)

    def loads_of(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        return [a for a in _turn.load_options(g, seat) if a.cards == (card,)]

    def options_load_drawn(self, g: RulesContext, frame: Frame) -> list[Action]:
        return self.loads_of(g, frame["seat"], frame["drawn"])

    def answer_load_drawn(self, g: RulesContext, frame: Frame, action: Action) -> None:
        _turn.PERFORM["load"](g, action)


@register
class SmartCars(Ability):
    """Once per turn, during your Load action, you may put a hand card on the Supply Island instead
    of loading it and take 2 credits; that uses one of your Loads.

    Ruling: as a way to carry out a declared Load it is offered even when nothing in the hand fits.
    """

    name = "SMART CARS"
    reread = (
        "Any hand card may go to the island; it uses one Load and is offered even when nothing "
        "fits."
    )

    def modify_act_options(self, g: RulesContext, seat: int, value: list[Action], action: int, left: int) -> list[Action]:
        if action != LOAD or own_act_frame(g, seat, LOAD) is None or self.used(g, seat):
            return value
        return [*value, *(Action(seat, "anytime", (self.card, c)) for c in g.state.players[seat].hand)]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "island_instead", {"n": 2}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        s = g.state
        seat, c = action.player, action.cards[1]
        self.note_use(g, seat)
        spend_action(g)
        s.players[seat].hand.remove(c)
        g.emit("island_drop", p=seat, c=c, why=self.name)
        to_island(g, seat, c)
        gain(g, seat, 2, self.name)


@register
class MapleSyrup(Ability):
    """From your hand: during your Load action, holding 30 credits or more, you may load this card
    without using one of your Loads (its level requirement must be met)."""

    name = "MAPLE SYRUP"
    offers_from_hand = True  # (its anytime choice is offered from the hand)
    reread = "From the hand during any Load action of yours; its level requirement must be met."
    min_credits: ClassVar[int] = 30

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        p = g.state.players[seat]
        if (
            card not in p.hand or p.credits < self.min_credits or own_act_frame(g, seat, LOAD) is None
            or level_deficit(g, seat, card)
        ):
            return []
        return [wrap(card, a) for a in _turn.load_options(g, seat) if a.cards == (card,)]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "no_action_used", {"inner": unwrap(action, "load")}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        g.emit("ability", p=action.player, c=self.card)
        _turn.PERFORM["load"](g, unwrap(action, "load"))


# --- more within the Pirate and Contract actions ------------------------------------------------

@register
class Contraband(Ability):
    """Once per turn, during your Pirate action, you may pirate one more container, from a ship at sea
    (not from the Supply Island, nor from a ship in harbour that another ability opens to piracy)."""

    name = "CONTRABAND"
    reread = "Only from a ship at sea, even where another ability opens ships in harbour (fixed); once per turn."

    def modify_act_options(self, g: RulesContext, seat: int, value: list[Action], action: int, left: int) -> list[Action]:
        if action != PIRATE or own_act_frame(g, seat, PIRATE) is None or self.used(g, seat):
            return value
        ships = g.state.ships
        extra = [
            wrap(self.card, a) for a in value  # taken from a ship (a place 0 and up) at sea
            if a.kind == "pirate" and len(a.cards) == 1 and a.sources[0] >= 0 and ships[a.sources[0]].at_sea
        ]
        return value + extra

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "extra_container", {"inner": unwrap(action, "pirate")}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        self.note_use(g, action.player)
        g.emit("ability", p=action.player, c=self.card)
        _turn.PERFORM["pirate"](g, unwrap(action, "pirate"))


@register
class JasmineTea(Ability):
    """During your Contract action you may place further contracts whose level requirement you meet
    without using up an action (one Contract action places as many as you like).

    The text does not say where the cards come from, so every card a Contract action may place
    counts, cards from the Tokyo harbour (for its cost) as well as hand cards.
    """

    name = "JASMINE TEA"
    reread = ("Any card a Contract action could place, the Tokyo harbour's too (fixed); the extra ones "
              "use no action and so cannot skip levels.")

    def modify_act_options(self, g: RulesContext, seat: int, value: list[Action], action: int, left: int) -> list[Action]:
        if action != CONTRACT or own_act_frame(g, seat, CONTRACT) is None:
            return value
        extra = [wrap(self.card, a) for a in value if a.kind == "contract" and a.count == 1]
        return value + extra

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "no_action_used", {"inner": unwrap(action, "contract")}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        g.emit("ability", p=action.player, c=self.card)
        _turn.PERFORM["contract"](g, unwrap(action, "contract"))


@register
class TsukijiFish(Ability):
    """During your turn you may place luxury or agriculture cards from your hand as contracts at any
    moment, without an action (level requirements and cargo room as usual)."""

    name = "TSUKIJI FISH"
    reread = "as written"
    colours: ClassVar[tuple[int, ...]] = (BLUE, YELLOW)

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        s = g.state
        if not in_play(g, seat, card) or s.active != seat:
            return []
        hand = s.players[seat].hand
        if not any(GOODS_OF[c] in self.colours for c in hand):
            return []
        return [
            wrap(card, a) for a in _turn.contract_options(g, seat, 1)
            if a.count == 1 and a.cards[0] in hand and GOODS_OF[a.cards[0]] in self.colours
        ]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "no_action_used", {"inner": unwrap(action, "contract")}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        g.emit("ability", p=action.player, c=self.card)
        _turn.PERFORM["contract"](g, unwrap(action, "contract"))


def flour_slots(g: RulesContext, seat: int, card: int) -> list[int]:
    slots = list(CARDS.slots[card])
    if g.state.abilities and g.mod(seat, "rainbow_contract", False, card):
        return [RAINBOW_SLOT] * len(slots)
    return slots


def loadable(card: int) -> bool:
    """May the card be loaded as a plain container (not grey, not a two-colour J card)?"""
    return GOODS_OF[card] != GREY and CARDS[card].cargo_alt is None


@register
class Flour(Ability):
    """From your hand: with one of your Contract actions, place Flour (level requirement met) and at
    once load onto it, from your hand, all the containers its cargo asks for.

    Ruling: the card speaks of 4 containers, so its cargo requirement in the card list has 4 (a
    figure the rulebook implies); the hand must hold enough fitting cards to fill it completely.
    J cards (loaded for 2 credits as a colour of choice) are not counted among the fitting cards.
    The containers are loaded, but with a Contract action: OAT MILK and YOGURT count them, FIXIE
    BIKES (a Load action) does not.
    """

    name = "FLOUR"
    offers_from_hand = True  # (its anytime choice is offered from the hand)
    reread = (
        "The text's 4 containers are Flour's whole cargo (4 in the card list, fixed); the hand must "
        "fill it completely, J cards not counted; never onto a ship about to sail (fixed)."
    )

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        s = g.state
        p = s.players[seat]
        fr = own_act_frame(g, seat, CONTRACT)
        if card not in p.hand or fr is None or level_deficit(g, seat, card):
            return []
        slots = flour_slots(g, seat, card)
        colours = [GOODS_OF[c] for c in p.hand if c != card and loadable(c)]
        if _matched(g, seat, slots, colours) < len(slots):
            return []
        return [
            Action(seat, "anytime", (card,), x.id) for x in harbour_ships(g, seat)
            if cargo_size(g, x) + len(slots) <= max_cargo(g, x)
        ]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "contract_with_cargo", {"s": action.target}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        s = g.state
        seat, ship = action.player, s.ships[action.target]
        spend_action(g)
        s.players[seat].hand.remove(self.card)
        ship.contracts.append(self.card)
        forget(g)
        ship.sides.append(0)
        g.emit("ability", p=seat, c=self.card)
        g.emit("contract", p=seat, c=self.card, s=ship.id, n=0)
        if s.abilities:
            g.notify("contract", seat=seat, card=self.card, ship=ship.id)
        self.ask(g, seat, "load", ship=ship.id, chosen=[])

    def options_load(self, g: RulesContext, frame: Frame) -> list[Action]:
        s = g.state
        seat, ship = frame["seat"], s.ships[frame["ship"]]
        if self.card not in ship.contracts:
            return []
        slots = flour_slots(g, seat, self.card)
        chosen = [GOODS_OF[c] for c in frame["chosen"]]
        hand = [c for c in s.players[seat].hand if loadable(c)]
        opts = []
        for c in hand:
            col = GOODS_OF[c]
            # c must fit next to the containers already chosen, and the rest of the hand must still
            # be able to complete Flour's cargo (the transversal matroid exchange property).
            rest = [GOODS_OF[x] for x in hand if x != c]
            if (
                can_take_container(g, ship, col)
                and _matched(g, seat, slots, [*chosen, col]) == len(chosen) + 1
                and _matched(g, seat, slots, [*chosen, col, *rest]) >= len(slots)
            ):
                opts.append(Action(seat, "load", (c,), ship.id))
        return opts

    def answer_load(self, g: RulesContext, frame: Frame, action: Action) -> None:
        s = g.state
        seat, c, ship = action.player, action.cards[0], s.ships[frame["ship"]]
        chosen = [*frame["chosen"], c]
        if len(chosen) < len(flour_slots(g, seat, self.card)):
            self.ask(g, seat, "load", ship=ship.id, chosen=chosen)
        s.players[seat].hand.remove(c)
        g.emit("load", p=seat, c=c, s=ship.id)
        load_by_ability(g, seat, ship, c, GOODS_OF[c])  # loaded with a Contract action: no Load action


# --- swaps with the Supply Island ------------------------------------------------------------------

@register
class Rope(Ability):
    """Once per turn, as the active player, you may swap a hand card for a Supply Island card."""

    name = "ROPE"
    reread = "as written"

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        s = g.state
        if not in_play(g, seat, card) or s.active != seat or self.used(g, seat):
            return []
        return [Action(seat, "anytime", (card, h, i)) for h in s.players[seat].hand for i in s.island]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "swap_island", {}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        s = g.state
        seat, h, i = action.player, action.cards[1], action.cards[2]
        self.note_use(g, seat)
        hand = s.players[seat].hand
        hand.remove(h)
        s.island.remove(i)
        s.island.append(h)
        hand.append(i)
        g.emit("island_swap", p=seat, cards=[h], d=i, why=self.name)
        g.notify("island", seat=seat, card=h)  # a card has reached the Supply Island (as in a Trade)


@register
class LedLights(Ability):
    """During your turn you may, as often as you like, give 2 hand cards to the Supply Island for 1
    card from it (first pick the island card, then the two hand cards)."""

    name = "LED LIGHTS"
    reread = "No limit is printed (unlike ROPE's), so the swap may be repeated within the turn."

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        s = g.state
        fr = top_frame(g)
        if not in_play(g, seat, card) or s.active != seat or len(s.players[seat].hand) < 2:
            return []
        if fr is not None and fr["kind"] == "ask" and fr["card"] == card:  # (already giving cards)
            return []
        return [Action(seat, "anytime", (card, i)) for i in s.island]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "want_island", {}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        self.ask(g, action.player, "give", want=action.cards[1])

    def options_give(self, g: RulesContext, frame: Frame) -> list[Action]:
        s = g.state
        if frame["want"] not in s.island:  # (another choice took it meanwhile)
            return []
        hand = sorted(s.players[frame["seat"]].hand)
        return [Action(frame["seat"], "choose", (self.card, a, b)) for a, b in combinations(hand, 2)]

    def describe_give(self, g: RulesContext, action: Action) -> Wording:
        return "give_two_for", {"f": g.state.stack[-1]["want"]}

    def answer_give(self, g: RulesContext, frame: Frame, action: Action) -> None:
        s = g.state
        seat, want = action.player, frame["want"]
        hand = s.players[seat].hand
        for c in action.cards[1:]:
            hand.remove(c)
            s.island.append(c)
        s.island.remove(want)
        hand.append(want)
        g.emit("island_swap", p=seat, cards=list(action.cards[1:]), d=want, why=self.name)
        for c in action.cards[1:]:  # once the swap is done: the card taken was never up for grabs
            g.notify("island", seat=seat, card=c)


# --- virtual crew --------------------------------------------------------------------------------

@register
class UsDollars(Ability):
    """At any moment you may discard this fulfilled contract: for the rest of that turn it counts as
    one crew card of the action type you name (beyond the crew limit).

    Ruling: named while you are declaring, it raises the count you may declare at once; named
    earlier, it counts when you lead, follow or draw; named later in the turn it has no effect.
    """

    name = "US DOLLARS"
    reread = (
        "Counts for the turn it is discarded in; discarded during one's declaration it raises the "
        "count at once."
    )

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        if not in_play(g, seat, card):
            return []
        actions = (*BASE_ACTIONS, TRADE) if "capital" in getattr(g.state, "modules", ()) else BASE_ACTIONS
        return [Action(seat, "anytime", (card,), a) for a in actions]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "virtual_crew", {"a": action.target}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        s = g.state
        seat, kind = action.player, action.target
        s.players[seat].fulfilled.remove(self.card)
        forget(g)
        s.discard.append(self.card)
        keep = [x for x in s.marks.get("lingering", []) if x[2] == s.turn]
        s.marks["lingering"] = [*keep, [seat, self.card, s.turn]]
        forget(g)
        self.keep_row(g, "virtual_crew", seat, s.turn, kind)
        g.emit("virtual_crew", p=seat, c=self.card, a=kind)
        fr = top_frame(g)
        if fr is not None and fr["kind"] == "declare" and fr["seat"] == seat and kind == s.led:
            fr["most"] += 1
        enforce_limits(g, seat)  # one fulfilled contract fewer

    def modify_crew_actions(self, g: RulesContext, seat: int, value: int, action: int) -> int:
        note = self.held_row(g, "virtual_crew", seat)
        if note and note[2] == g.state.turn and note[3] == action and self.card not in g.state.players[seat].fulfilled:
            return value + 1
        return value
