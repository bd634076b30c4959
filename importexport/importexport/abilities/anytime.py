"""Abilities a player may use whenever they are deciding, some straight from the hand.

Each choice is an ``anytime`` action: ``cards[0]`` is the ability's card, the rest of the action
(more cards, ``target``, ``option``) names what is chosen.  Abilities that may still be used once
the game has ended (``last_chance``) give their holder one more decision then, before the final
scoring: a question whose only own option is "done", next to the anytime choices.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from .. import turn as _turn
from ..actions import Action
from ..cards import CARDS
from ..constants import BLUE, GREEN, YELLOW
from ..limits import enforce_limits, room_after_leaving
from ..rules import (
    add_good,
    can_take_container,
    cargo_size,
    gain,
    good_type,
    harbour_ships,
    level_deficit,
    max_cargo,
    put_crew,
    to_discard,
)
from .exchanges import load_by_ability
from .game_end import CASH, EndStep
from .registry import Ability, Wording, acting, forget, register
from .scoring import scoring_started

if TYPE_CHECKING:
    from ..context import RulesContext
    from ..flow import Frame


@register
class Lutefisk(Ability):
    """From your hand, whenever you decide: place it as a contract on a ship in your harbour
    without a Contract action, if you meet its level requirement.

    Ruling: a suitable ship is one a Contract action could use: in your harbour with room for its
    cargo, and not a ship that has just fulfilled its contracts and is about to sail.  It is placed
    as a contract all the same, so the abilities that answer a placed contract hear it.
    """

    name = "LUTEFISK"
    offers_from_hand = True  # (its anytime choice is offered from the hand)
    reread = ("Only ships staying in harbour qualify, not one about to sail after a fulfilment (fixed); "
              "placed as any contract is, so SUGAR, DRONES and PAPRIKA answer it (fixed).")

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        s = g.state
        if card not in s.players[seat].hand or level_deficit(g, seat, card):
            return []
        size = CARDS.cargo_size[card]
        return [
            Action(seat, "anytime", (card,), x.id)
            for x in harbour_ships(g, seat)
            if cargo_size(g, x) + size <= max_cargo(g, x)
        ]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "self_contract", {"s": action.target}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        s = g.state
        card = action.cards[0]
        s.players[action.player].hand.remove(card)
        _turn.place_contract(g, action.player, s.ships[action.target], card, 0, n=0, why=self.name)


# --- used from the fulfilled contracts ------------------------------------------------------------

def last_chance_options(g: RulesContext, seat: int) -> bool:
    """Does ``seat`` hold a fulfilled ``last_chance`` ability it could still use (a copy's too)?"""
    for c in g.state.players[seat].fulfilled:
        ability = acting(g, c, "last_chance")  # (WIND TURBINES: the ability it copies)
        if getattr(ability, "last_chance", False) and ability.anytime_options(g, seat, c):  # type: ignore[union-attr]
            return True
    return False


class Fulfilled(EndStep):
    """Base: an anytime ability of a fulfilled contract (not usable from the hand).

    With ``last_chance``, its holder gets one more decision once the game has ended (one for all
    such cards of the holder): "done", beside the anytime choices.
    """

    last_chance: ClassVar[bool] = False
    phase = CASH

    def holds(self, g: RulesContext, seat: int, card: int) -> bool:
        return card in g.state.players[seat].fulfilled

    def on_game_end(self, g: RulesContext, holder: int, data: dict) -> None:
        if not self.last_chance:
            return
        if any(fr["kind"] == "end_step" and fr["seat"] == holder and fr["phase"] == CASH for fr in g.state.stack):
            return  # one last chance per player
        super().on_game_end(g, holder, data)

    def at_end(self, g: RulesContext, seat: int) -> None:
        if last_chance_options(g, seat):
            self.ask(g, seat, "last")

    def options_last(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "no", (frame["card"],))] if last_chance_options(g, seat) else []

    def describe_last(self, g: RulesContext, action: Action) -> Wording:
        return "last_done", {}

    def answer_last(self, g: RulesContext, frame: Frame, action: Action) -> None:
        pass  # done: the scoring follows

    def leave_fulfilled(self, g: RulesContext, seat: int, card: int) -> None:
        g.state.players[seat].fulfilled.remove(card)
        forget(g)


@register
class Telescopes(Fulfilled):
    """Whenever you decide, until the final scoring: hand in one of your technology goods (to the
    discard pile) for 4 credits from the bank; as often as you have such goods.

    Ruling: goods are cashed in one by one, so you may keep some; a Capital good counts as
    technology when it takes that type (your leftmost non-Capital good is technology); once the
    game has ended you get one last chance before the scoring.
    """

    name = "TELESCOPES"
    reread = "Capital goods that count as technology may be cashed in too (fixed); one by one, last chance before the scoring."
    last_chance = True

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        if not self.holds(g, seat, card):
            return []
        goods = g.state.players[seat].goods
        return [Action(seat, "anytime", (card,), c) for c in goods if good_type(g, seat, c) == GREEN]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "cash_good", {"d": action.target, "n": 4}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        s = g.state
        seat, good = action.player, action.target
        s.players[seat].goods.remove(good)
        to_discard(g, good)
        g.emit("cash_in", p=seat, c=good, why=self.name)
        gain(g, seat, 4, self.name)


@register
class OliveOil(Fulfilled):
    """In your own turn, before the game has ended: discard this card from your fulfilled
    contracts and take 2 credits from the bank.

    Ruling: "your turn" is the active player's turn; once the last turn is over (the end-of-game
    moves), it can no longer be used.
    """

    name = "OLIVE OIL"
    reread = "Only while you are the active player, and no longer once the last turn is over."

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        if not self.holds(g, seat, card) or seat != g.state.active or scoring_started(g):
            return []
        return [Action(seat, "anytime", (card,))]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "self_discard", {"n": 2}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        seat, card = action.player, action.cards[0]
        self.leave_fulfilled(g, seat, card)
        g.state.discard.append(card)
        g.emit("discard_fulfilled", p=seat, c=card, why=self.name)
        gain(g, seat, 2, self.name)
        enforce_limits(g, seat)


@register
class BionicEars(Fulfilled):
    """Whenever you decide: take this card from your fulfilled contracts back into your hand
    (the limits drop with it; a player then over a limit discards down)."""

    name = "BIONIC EARS"
    reread = "as written"

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        return [Action(seat, "anytime", (card,))] if self.holds(g, seat, card) else []

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "self_to_hand", {}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        seat, card = action.player, action.cards[0]
        self.leave_fulfilled(g, seat, card)
        g.state.players[seat].hand.append(card)
        g.emit("to_hand", p=seat, c=card, why=self.name)
        enforce_limits(g, seat)


SUSHI_CARDS = 4


@register
class SushiKnives(Fulfilled):
    """Whenever you decide: discard 4 luxury cards from your hand for 2 credits from the bank
    (the hand is not refilled until you next draw).

    Ruling: usable again with 4 more luxury cards; the option names the 4 cards, and once the
    game has ended you get one last chance before the scoring.
    """

    name = "SUSHI KNIVES"
    reread = "Printed luxury cards of the hand, any 4; repeatable; one last chance once the game has ended."
    last_chance = True

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        if not self.holds(g, seat, card):
            return []
        luxury = sorted(c for c in g.state.players[seat].hand if CARDS.goods[c] == BLUE)
        return [Action(seat, "anytime", (card, *four)) for four in combinations(luxury, SUSHI_CARDS)]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "discard_for_credits", {"cards": action.cards[1:], "n": 2}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        s = g.state
        seat = action.player
        for c in action.cards[1:]:
            s.players[seat].hand.remove(c)
            s.discard.append(c)
            g.emit("discard_hand", p=seat, c=c, why=self.name)
        gain(g, seat, 2, self.name)


@register
class IcelandWater(Fulfilled):
    """Whenever you decide: sell an agriculture card from your hand to the Supply Island for
    2 credits, as often as you like.

    Ruling: each sale is one choice (the card is named by ``target``); it is no Supply action, so
    the once-per-Supply sale stays free, but the card reaches the island as a sold one does (a
    RAMEN holder takes it at once).  Cards in the hand keep their printed colour (a Capital card
    takes a type only among a player's goods, ruling 18f), so a grey card is no agriculture here.
    One last chance once the game has ended.
    """

    name = "ICELAND WATER"
    reread = ("Hand cards keep their printed colour (a grey card is no agriculture); a sold card reaches the "
              "island as any sale does, so RAMEN takes it at once (fixed); copied by WIND TURBINES, it keeps "
              "its last chance at the end (fixed).")
    last_chance = True

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        if not self.holds(g, seat, card):
            return []
        return [Action(seat, "anytime", (card,), c) for c in g.state.players[seat].hand if CARDS.goods[c] == YELLOW]

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "sell_island", {"d": action.target, "n": 2}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        s = g.state
        seat, sold = action.player, action.target
        s.players[seat].hand.remove(sold)
        s.island.append(sold)
        g.emit("sell", p=seat, c=sold)
        gain(g, seat, 2, self.name)
        g.notify("island", seat=seat, card=sold)  # a card has reached the Supply Island


SEGWAY_CREW, SEGWAY_GOODS, SEGWAY_LOAD = 0, 1, 2


@register
class Segways(Fulfilled):
    """Whenever you decide, even once the game has ended: move this card from your fulfilled
    contracts into your crew (``option`` 0) or your goods (1), or put it as a container onto one of
    your ships in harbour (2, ``target`` = ship) where a container of its colour is still wanted.

    Ruling: the usual limits apply, counted after the card has left the fulfilled contracts (which
    lowers them); a player then over the other limit discards down.  Putting it on a ship is no
    Load action, but a ship it completes is fulfilled as usual; it is a loading ("laden") that
    abilities hear (PREFAB HOME does; FIXIE BIKES, which asks for a Load action, does not).
    """

    name = "SEGWAYS"
    reread = "Crew or goods only with room once it has left; as a container only where its colour fills an open slot."
    last_chance = True

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        if not self.holds(g, seat, card):
            return []
        s = g.state
        crew, goods = room_after_leaving(g, seat, card)
        out = []
        if crew:
            out.append(Action(seat, "anytime", (card,), option=SEGWAY_CREW))
        if goods:
            out.append(Action(seat, "anytime", (card,), option=SEGWAY_GOODS))
        colour = CARDS.goods[card]
        for sid in s.players[seat].ships:
            if can_take_container(g, s.ships[sid], colour):
                out.append(Action(seat, "anytime", (card,), sid, option=SEGWAY_LOAD))
        return out

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        if action.option == SEGWAY_LOAD:
            return "self_to_ship", {"s": action.target}
        return ("self_to_crew" if action.option == SEGWAY_CREW else "self_to_goods"), {}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        s = g.state
        seat, card = action.player, action.cards[0]
        self.leave_fulfilled(g, seat, card)
        if action.option == SEGWAY_CREW:
            put_crew(g, seat, card)
            g.emit("to_crew", p=seat, c=card, why=self.name)
        elif action.option == SEGWAY_GOODS:
            add_good(g, seat, card)
            g.emit("to_goods", p=seat, c=card, why=self.name)
        else:
            ship = s.ships[action.target]
            g.emit("to_ship", p=seat, c=card, s=ship.id, why=self.name)
            load_by_ability(g, seat, ship, card, CARDS.goods[card])  # "als Container laden": a loading
        enforce_limits(g, seat)
