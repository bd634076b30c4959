"""Abilities that change the Pirate action, and ships.

Pirate: a fee to the Pirate King (POISON BOTTLES), a toll from earlier pirates (SHOTGUNS),
rewards for the pirate (BIG AMMUNITION, STOLEN RICE, STOLEN TIRES), another destination
(STEM CELLS: the goods), more sources (MINI VAN) and protected ships (WATER NOTEPAD).

Ships: a ship at sea with one container left comes home (AEROPONICS), an extra ship for one
voyage (DIESEL ENGINE) and two ships joined into one super ship (PARTNERSHIP).  What these
leave on the table is kept in ``state.marks``: ``one_use_ships`` (ids of ships that are
discarded after their voyage; the card lies tucked under its ship) and ``super_ships`` (a
flat list of pairs: the super ship's id, then the id of the ship lashed to it, which is out
of its owner's ship list meanwhile).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action, hand_of, hand_owner
from ..cards import CARDS
from ..constants import CONTRACT, GREY, PIRATE, RIDING, YELLOW
from ..flow import automatic
from ..limits import enforce_limits
from ..rules import (
    cargo_size,
    contract_slots,
    deck_to_island,
    draw_cards,
    fulfil,
    gain,
    goods_room,
    harbour_ships,
    is_complete,
    level_deficit,
    max_cargo,
    pay_bank,
    to_discard,
    top_of_deck,
)
from ..state import Ship
from ..turn import (
    FROM_DECK,
    PIRATE_TO_GOODS,
    own_open_ships,
    pirate_land,
    pirate_one,
    pirate_targets,
)
from .instant import pay_if_able
from .registry import Ability, Wording, forget, lasting, register

if TYPE_CHECKING:
    from ..context import RulesContext
    from ..flow import Frame

GOODS_OF = CARDS.goods


def first_this_turn(g: RulesContext, ability: Ability, holder: int, payer: int) -> bool:
    """True the first time ``payer`` is noted for this holder of ``ability`` this turn (note ``paid``:
    [holder, card, turn, payer] rows; a copy's card is its own, so two holders never share a row)."""
    s = g.state
    mine = (holder, ability.card)
    if [holder, ability.card, s.turn, payer] in s.marks.get("paid", ()):
        return False
    rows = [row for row in s.marks.get("paid", ()) if (row[0], row[1]) != mine or row[2] == s.turn]
    s.marks["paid"] = [*rows, [holder, ability.card, s.turn, payer]]  # a new list: copies of the state share the old one
    return True


# --- the Pirate action ------------------------------------------------------------------------

@register
class WaterNotepad(Ability):
    """Nobody, you included, may pirate containers from your ships."""

    name = "WATER NOTEPAD"
    reread = "as written"

    def modify_piratable(self, g: RulesContext, seat: int, value: bool, pirate: int) -> bool:
        return False


@register
class StolenRice(Ability):
    """Every agriculture container you pirate earns you 2 credits from the bank.

    Ruling: the colour is the one the container counted as where it was taken (a J card
    loaded as yellow is agriculture); a J card taken from the Supply Island onto a ship counts
    as the colour chosen for its loading.
    """

    name = "STOLEN RICE"
    reread = (
        "Per agriculture container pirated, as the colour it counted as where "
        "it was taken (a loaded J card keeps its loaded colour; one from the island: the colour "
        "chosen for loading it, fixed)."
    )

    def on_pirate(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] == holder and data["colour"] == YELLOW:
            gain(g, holder, 2, self.name)


@register
class StolenTires(Ability):
    """Each time your Pirate action takes a card from a ship or the Supply Island, draw a card,
    then turn the deck's next card face up onto the Supply Island."""

    name = "STOLEN TIRES"
    reread = (
        "Only cards taken from a ship (at sea, or in harbour via MINI "
        "VAN) or the Supply Island count, one draw and one island card each."
    )

    def on_pirate(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] == holder and data["source"] >= -1:  # a ship (id) or the island (-1)
            drawn = draw_cards(g, holder, 1)
            g.emit("draw", p=holder, n=drawn)
            deck_to_island(g)


@register
class BigAmmunition(Ability):
    """When you pirate from another player's ship at sea, take a random card from that player's hand.

    Ruling: only ships at sea count (not ships in harbour that MINI VAN opens); nothing
    happens if the owner's hand is empty.
    """

    name = "BIG AMMUNITION"
    reread = "Only another player's ship at sea counts; nothing happens if that owner's hand is empty."

    def on_pirate(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        src = data["source"]
        if data["seat"] != holder or src < 0:
            return
        ship = g.state.ships[src]
        owner = ship.owner
        hand = g.state.players[owner].hand
        if ship.at_sea and owner != holder and hand:
            card = hand.pop(g.rng_below(len(hand)))
            g.state.players[holder].hand.append(card)
            g.emit("steal_random", p=holder, q=owner, why=self.name)


@register
class PoisonBottles(Ability):
    """The Pirate King: every other player pays you 2 credits when carrying out their first
    Pirate action of a turn (further Pirate actions that turn cost nothing more).

    Ruling: the fee is due when the Pirate action is carried out, not when it is declared; a
    player who cannot pay all 2 credits pays nothing.
    """

    name = "POISON BOTTLES"
    reread = (
        "Due when the first Pirate action of the turn is carried "
        "out; a player short of 2 credits pays nothing (house rule 15)."
    )

    def on_pirate(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        payer = data["seat"]
        if payer != holder and first_this_turn(g, self, holder, payer):
            pay_if_able(g, payer, holder, 2, self.name)


@register
class Shotguns(Ability):
    """In a Pirate turn in which you carry out Pirate actions too, each player whose Pirate actions
    come before yours gives you 2 credits or 2 cards from the hand (their choice), once per turn.

    Ruling: "before you" is the order of carrying out (clockwise from the active player), so the
    holder must have declared Pirate actions this turn; a player who can afford neither gives
    nothing.  Free Pirate actions outside a Pirate turn have no order and are not affected.
    """

    name = "SHOTGUNS"
    reread = (
        "'Before you' is the order of carrying out, so the holder must pirate this "
        "turn too; once per player and turn, payer's choice, nothing if they can afford neither."
    )

    def on_pirate(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        s = g.state
        payer = data["seat"]
        if payer == holder or s.led != PIRATE or s.decl[holder] <= 0 or (s.acts and s.acts[holder] >= 0):
            return
        order = g.seat_order()
        if order.index(payer) > order.index(holder) or not first_this_turn(g, self, holder, payer):
            return
        options = self._ways(g, payer)
        if len(options) == 2:
            self.ask(g, payer, "pay", payee=holder)
        elif options == [0]:
            self._pay_credits(g, payer, holder)
        elif options == [1]:
            self.ask(g, payer, "card", payee=holder, left=2)

    @staticmethod
    def _ways(g: RulesContext, payer: int) -> list[int]:
        p = g.state.players[payer]
        return [w for w, ok in ((0, p.credits >= 2), (1, len(p.hand) >= 2)) if ok]

    def _pay_credits(self, g: RulesContext, payer: int, holder: int) -> None:
        pay_if_able(g, payer, holder, 2, self.name)

    def options_pay(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "choose", (self.card,), way) for way in self._ways(g, seat)]

    def describe_pay(self, g: RulesContext, action: Action) -> Wording:
        return ("pay_to" if action.target == 0 else "give_cards_to"), {"q": g.state.stack[-1]["payee"], "n": 2}

    def answer_pay(self, g: RulesContext, frame: Frame, action: Action) -> None:
        if action.target == 0:
            self._pay_credits(g, action.player, frame["payee"])
        else:
            self.ask(g, action.player, "card", payee=frame["payee"], left=2)

    def options_card(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        return [Action(seat, "choose", (self.card, c)) for c in g.state.players[seat].hand]

    def describe_card(self, g: RulesContext, action: Action) -> Wording:
        return "give_card_to", {"q": g.state.stack[-1]["payee"]}

    def answer_card(self, g: RulesContext, frame: Frame, action: Action) -> None:
        card = action.cards[1]
        g.state.players[action.player].hand.remove(card)
        g.state.players[frame["payee"]].hand.append(card)
        g.emit("give_hand_card", p=action.player, q=frame["payee"], why=self.name)
        if frame["left"] > 1 and g.state.players[action.player].hand:
            self.ask(g, action.player, "card", payee=frame["payee"], left=frame["left"] - 1)


@register
class StemCells(Ability):
    """When you pirate, you may pay 2 credits to put the container into your goods instead.

    Ruling: the goods limit applies (the choice is offered only with room for one more good).
    """

    name = "STEM CELLS"
    reread = "Optional destination; the 2 credits go to the bank and the goods limit must leave room."

    def modify_pirate_targets(self, g: RulesContext, seat: int, value: list[int], colour: int) -> list[int]:
        if g.state.players[seat].credits >= 2 and goods_room(g, seat):
            return [*value, PIRATE_TO_GOODS]
        return value

    def on_pirate(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] == holder and data.get("target") == PIRATE_TO_GOODS:
            pay_bank(g, holder, 2, self.name)


@register
class MiniVan(Ability):
    """Your Pirate actions may also take a container from another player's ship in harbour, the top
    card of the deck, or a random card from another player's hand; what cannot be loaded is discarded.

    Ruling: "any player's hand" is read as any other player's (stealing from yourself is no
    theft); WATER NOTEPAD still protects ships in harbour; an unseen card is taken first and
    its destination (a ship it fits, the discard pile) chosen once it is seen.  A card riding along
    with another on a harbour ship (ROBO-CATS' pair) is a container of its own type once taken.
    """

    name = "MINI VAN"
    reread = (
        "'Any player's hand' means another player's; WATER NOTEPAD still protects harbour ships; "
        "a rider of a loaded pair is taken as its own type (fixed)."
    )

    def modify_pirate_sources(self, g: RulesContext, seat: int, value: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
        s = g.state
        extra = []
        for q in g.seat_order(seat)[1:]:
            for sid in s.players[q].ships:
                x = s.ships[sid]
                if not x.at_sea and x.containers and g.mod(q, "piratable", True, seat):
                    extra.extend(  # a card riding along with another (ROBO-CATS) is taken as its own type
                        (c, GOODS_OF[c] if col == RIDING else col, sid)
                        for c, col in zip(x.containers, x.colours) if col != GREY
                    )
        return value + extra if extra else value

    def modify_pirate_unseen(self, g: RulesContext, seat: int, value: list[int]) -> list[int]:
        s = g.state
        places = [FROM_DECK] if s.deck or s.discard else []
        places += [hand_of(q) for q in g.seat_order(seat)[1:] if s.players[q].hand]
        return value + places

    def on_pirate_unseen(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        if data["seat"] != holder:
            return
        s = g.state
        src = data["source"]
        if src == FROM_DECK:
            card = top_of_deck(g)
        else:
            owner = hand_owner(src)
            hand = s.players[owner].hand if owner is not None else []
            card = hand.pop(g.rng_below(len(hand))) if hand else None
        g.emit("pirate_unseen", p=holder, s=src)
        if card is None:
            return
        dests = self._dests(g, holder, card)
        if len(dests) == 1:
            self._land(g, holder, card, src, dests[0])
        else:
            self.ask(g, holder, "dest", src=src, held=[card])

    @staticmethod
    def _dests(g: RulesContext, seat: int, card: int) -> list[int]:
        ships = own_open_ships(g, seat)
        dests = pirate_targets(g, seat, GOODS_OF[card], ships, {x.id: contract_slots(g, x) for x in ships})
        if GOODS_OF[card] == GREY:  # grey cards are never loaded
            dests = [d for d in dests if d < 0]
        return dests

    @staticmethod
    def _land(g: RulesContext, seat: int, card: int, src: int, target: int) -> None:
        colour = pirate_one(g, seat, card, src, target)
        pirate_land(g, seat, card, colour, target)

    def options_dest(self, g: RulesContext, frame: Frame) -> list[Action]:
        seat, card = frame["seat"], frame["held"][0]
        return [Action(seat, "choose", (self.card, card), d) for d in self._dests(g, seat, card)]

    def describe_dest(self, g: RulesContext, action: Action) -> Wording:
        if action.target >= 0:
            return "load_card", {"s": action.target}
        return ("card_to_goods" if action.target == PIRATE_TO_GOODS else "discard_card"), {}

    def answer_dest(self, g: RulesContext, frame: Frame, action: Action) -> None:
        self._land(g, action.player, frame["held"][0], frame["src"], action.target)


# --- ships ----------------------------------------------------------------------------------------

def _return_loaded(g: RulesContext, fr: Frame) -> None:
    """AEROPONICS: a ship of the holder at sea with one container left comes home with it."""
    s = g.state
    ship = s.ships[fr["ship"]]
    held = any(a.name == Aeroponics.name for a in lasting(g, ship.owner))  # the card or a copy (a twin of it)
    if not (ship.at_sea and len(ship.containers) == 1 and held):
        return
    ship.at_sea = False
    s.stack[:] = [f for f in s.stack if not (f["kind"] == "take" and f["ship"] == ship.id)]  # an Import stops here
    g.emit("ship_home_loaded", s=ship.id, p=ship.owner, c=ship.containers[0], why=Aeroponics.name)
    g.notify("ship_home", ship=ship.id)


automatic("lone_container", _return_loaded)


@register
class Aeroponics(Ability):
    """Whenever one of your ships at sea holds a single container, it comes back to your harbour at
    once with that container still aboard, even partway through an Import.

    Ruling: checked whenever a container leaves your ship at sea (Pirate, Import, or an ability
    taking it, such as FAKE MONEY) and when it sails, and for all your ships at sea when this
    contract is fulfilled; the check runs right after the step that caused it, so an Import
    winner cannot take the last container.
    """

    name = "AEROPONICS"
    reread = (
        "Checked after every step that leaves one of your ships at "
        "sea with one container (pirate, import, a container taken by an ability (fixed), sailing, "
        "arrival of this card); a copy through WIND TURBINES brings ships home too (fixed)."
    )

    def _check(self, g: RulesContext, holder: int, sid: int) -> None:
        if sid >= 0 and g.state.ships[sid].owner == holder:
            g.state.stack.append({"kind": "lone_container", "ship": sid})

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        for sid in g.state.players[seat].ships:
            self._check(g, seat, sid)

    def on_pirate(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        self._check(g, holder, data["source"])

    def on_imported(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        self._check(g, holder, data["ship"])

    def on_container_off(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        self._check(g, holder, data["ship"])

    def on_sail(self, g: RulesContext, holder: int, data: dict[str, Any]) -> None:
        self._check(g, holder, data["ship"])


def _one_use(g: RulesContext) -> list[int]:
    return g.state.marks.get("one_use_ships", [])


def retire_ship(g: RulesContext, sid: int) -> None:
    """A one-use ship home from its voyage leaves play: its card (and anything aboard) is discarded."""
    s = g.state
    ship = s.ships[sid]
    s.marks["one_use_ships"] = [x for x in _one_use(g) if x != sid]
    owner = s.players[ship.owner]
    if sid in owner.ships:
        owner.ships.remove(sid)
        forget(g)
    tucked = s.marks.get("tucked", [])
    under_it = [c for c, under in tucked if under == sid]  # its own card first, then any tucked since (YEN)
    s.marks["tucked"] = [[c, under] for c, under in tucked if under != sid]
    forget(g)
    s.discard.extend(ship.contracts)
    for c in ship.containers:  # (container tokens go back to the supply)
        to_discard(g, c)
    ship.contracts.clear()
    forget(g)
    ship.sides.clear()
    ship.containers.clear()
    ship.colours.clear()
    ship.fills.clear()
    if under_it:
        s.discard.extend(under_it)
        g.emit("ship_discarded", s=sid, p=ship.owner, c=under_it[0])


@register
class DieselEngine(Ability):
    """The card becomes an extra ship in your harbour for a single voyage: once it has sailed and
    come back empty, it is discarded.

    Ruling: the card leaves your fulfilled contracts (it lies in the harbour as the ship), so it
    does not raise your limits; a one-use ship that comes home for any reason has made its
    voyage (a container AEROPONICS brings home with it is discarded along with it).
    """

    name = "DIESEL ENGINE"
    reread = ("The card becomes the ship, so it leaves the fulfilled contracts; any return home ends its single "
              "voyage; a card tucked under it (YEN) is discarded with it (fixed: it vanished).")
    hears_while = "one_use_ships"  # (its ``watch_ship_home`` retires only ships of this note)

    def on_fulfil(self, g: RulesContext, seat: int, card: int, ship: int) -> None:
        s = g.state
        p = s.players[seat]
        p.fulfilled.remove(card)
        extra = Ship(len(s.ships), seat)
        s.ships.append(extra)
        p.ships.append(extra.id)
        s.marks["tucked"] = [*s.marks.get("tucked", []), [card, extra.id]]
        forget(g)
        s.marks["one_use_ships"] = [*_one_use(g), extra.id]
        g.emit("extra_ship", p=seat, c=card, s=extra.id)
        enforce_limits(g, seat)

    def watch_ship_home(self, g: RulesContext, data: dict[str, Any]) -> None:
        if data["ship"] in _one_use(g):
            retire_ship(g, data["ship"])


def _pairs(g: RulesContext) -> list[int]:
    return g.state.marks.get("super_ships", [])


def lashed_to(g: RulesContext, sid: int) -> int:
    """The ship joined to super ship ``sid`` (-1 if ``sid`` is no super ship)."""
    pairs = _pairs(g)
    for i in range(0, len(pairs), 2):
        if pairs[i] == sid:
            return pairs[i + 1]
    return -1


def super_ship_bonus(g: RulesContext, importer: int, sid: int) -> None:
    """PARTNERSHIP: an import by another player from a super ship, compensated as imports are,
    pays its owner 2 more (4 instead of 2), whoever holds the card now."""
    ship = g.state.ships[sid]
    if lashed_to(g, sid) >= 0 and importer != ship.owner:
        gain(g, ship.owner, 2, Partnership.name)


@register
class Partnership(Ability):
    """With a Contract action, join two of your harbour ships whose contracts together need at most
    4 containers into one super ship and place Partnership on it.  It still takes at most 6; its
    fulfilment pays double; when others import from it you get 4 instead of 2; once it is empty
    the two ships are separate again in your harbour.

    Ruling: the joining is the Contract action that places Partnership (its level requirement and
    the usual extra actions for missing levels apply), offered while carrying out Contract
    actions; both ships must hold contracts.  The contracts and containers of the second ship
    move onto the first, which is the super ship.  The ships stay joined until the super ship has
    sailed and been emptied (or come home), even if Partnership is discarded unfulfilled; its
    payout is doubled whatever contracts it carries.  "Double" is the payout the owner would get
    for those containers (after TABLETS); the compensation is 2 more than the usual one.  With the
    goods market the doubled payout meets the market once: each container's marker changes it once
    (the market prices containers, not payouts), and the whole is never below 0.
    """

    name = "PARTNERSHIP"
    offers_from_hand = True  # (its anytime choice is offered from the hand)
    hears_while = "super_ships"  # (its ``watch_`` hooks act only on the super ships of this note)
    reread = (
        "Joining is the Contract action placing PARTNERSHIP (level and "
        "missing-level actions apply); double payout and +2 compensation while joined, for a compensated "
        "free import too (fixed); with the goods"
        " market twice the payout plus each container's marker once, never below 0 (fixed: the market's"
        " floor was taken before doubling)."
    )

    def anytime_options(self, g: RulesContext, seat: int, card: int) -> list[Action]:
        s = g.state
        fr = s.stack[-1] if s.stack else None
        if (
            card not in s.players[seat].hand or fr is None or fr["kind"] != "act" or fr["seat"] != seat
            or fr.get("action", s.led) != CONTRACT
        ):
            return []
        cost = 1 + level_deficit(g, seat, card)
        if cost > fr["left"]:
            return []
        size = CARDS.cargo_size[card]
        ships = [x for x in harbour_ships(g, seat) if x.contracts]
        opts = []
        for i, a in enumerate(ships):
            for b in ships[i + 1:]:
                need = cargo_size(g, a) + cargo_size(g, b)
                if need <= 4 and need + size <= max_cargo(g, a):
                    opts.append(Action(seat, "anytime", (card,), a.id, cost, b.id))
        return opts

    def describe_anytime(self, g: RulesContext, action: Action) -> Wording:
        return "super_ship", {"s": action.target, "t": action.option, "n": action.count}

    def anytime_apply(self, g: RulesContext, action: Action) -> None:
        s = g.state
        seat, card = action.player, action.cards[0]
        fr = s.stack[-1]
        fr["left"] -= action.count
        if fr["left"] <= 0:
            s.stack.pop()
        a, b = s.ships[action.target], s.ships[action.option]
        s.players[seat].hand.remove(card)
        s.players[seat].ships.remove(b.id)
        a.contracts += b.contracts
        forget(g)
        a.sides += b.sides
        a.containers += b.containers
        a.colours += b.colours
        a.fills += b.fills
        b.contracts, b.sides, b.containers, b.colours, b.fills = [], [], [], [], []
        s.marks["super_ships"] = [*_pairs(g), a.id, b.id]
        g.emit("super_ship", p=seat, s=a.id)
        a.contracts.append(card)
        forget(g)
        a.sides.append(0)
        g.emit("contract", p=seat, c=card, s=a.id, n=action.count - 1)
        g.notify("contract", seat=seat, card=card, ship=a.id)
        if a.containers and not a.at_sea and card in a.contracts and is_complete(g, a):
            fulfil(g, a)

    def watch_fulfil(self, g: RulesContext, data: dict[str, Any]) -> None:
        if lashed_to(g, data["ship"]) >= 0:
            base, change = data["payout"], data["market"]
            gain(g, data["seat"], max(0, 2 * base + change) - max(0, base + change), self.name)

    def watch_import_done(self, g: RulesContext, data: dict[str, Any]) -> None:
        super_ship_bonus(g, data["seat"], data["ship"])

    def watch_ship_home(self, g: RulesContext, data: dict[str, Any]) -> None:
        s = g.state
        sid = data["ship"]
        other = lashed_to(g, sid)
        if other < 0:
            return
        pairs = _pairs(g)
        i = next(i for i in range(0, len(pairs), 2) if pairs[i] == sid)
        s.marks["super_ships"] = pairs[:i] + pairs[i + 2:]
        owner = s.ships[other].owner
        s.players[owner].ships = sorted([*s.players[owner].ships, other])
        forget(g)
        g.emit("super_ship_split", s=sid, p=owner)
        if other in _one_use(g):  # it sailed too, as half of the super ship
            retire_ship(g, other)
