"""The rules of the base game as small functions over a game: levels, cargo, limits, drawing,
paying, fulfilling contracts and the game-end conditions.

Every number a card ability may change is asked through ``g.mod(seat, key, value)``; the
rules here never look at a card's name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CARDS
from .constants import (
    ANY_GOODS,
    BASE_COLOURS,
    COLOURS,
    END_CREDITS,
    GREY,
    HAND_SIZE,
    MAX_CARGO_PER_SHIP,
    RAINBOW_SLOT,
    payout,
)

if TYPE_CHECKING:
    from .engine import Game
    from .state import Ship

GOODS_OF = CARDS.goods
SLOTS_OF = CARDS.slots


# --- levels -------------------------------------------------------------------------------

def levels(g: Game, seat: int) -> list[int]:
    """Levels per colour: one per good of that colour, plus one for the harbour's colour.

    Index 6 holds the Capital count (every good, plus the grey harbour).
    """
    p = g.state.players[seat]
    have = [0] * 7
    for card in p.goods:
        have[GOODS_OF[card]] += g.mod(seat, "level_weight", 1, card) if g.state.abilities else 1
    have[6] = sum(have[:6]) + (1 if p.harbour == GREY else 0)  # Capital: every good, the grey harbour
    have[p.harbour] += 1
    return have


def level_deficit(g: Game, seat: int, card: int, have: list[int] | None = None) -> int:
    """How many levels the player lacks to place ``card`` as a contract (0: none missing)."""
    need = CARDS[card].level
    if not need:
        return 0
    if have is None:
        have = levels(g, seat)
    missing = 0
    for key, count in need.items():
        got = have[6] if key == ANY_GOODS else have[COLOURS.index(key)]
        if got < count:
            missing += count - got
    return missing


# --- cargo ----------------------------------------------------------------------------------

def contract_slots(g: Game, ship: Ship) -> list[int]:
    """All cargo slots of the ship's contracts, as colours (6 = any colour may fill it)."""
    out: list[int] = []
    abilities = g.state.abilities
    for card, side in zip(ship.contracts, ship.sides):
        slots = SLOTS_OF[card] if side == 0 else CARDS[card].slots(side)
        if abilities and g.mod(ship.owner, "rainbow_contract", False, card):
            out.extend([RAINBOW_SLOT] * len(slots))
        else:
            out.extend(slots)
    return out


def cargo_size(g: Game, ship: Ship) -> int:
    """The ship's total cargo requirement (limited to 6 per ship)."""
    return len(contract_slots(g, ship))


def _matched(g: Game, owner: int, slots: list[int], colours: list[int]) -> int:
    """How many containers can stand on a requirement at once (a maximum matching).

    A container fills a slot of its own colour or a rainbow slot; wild containers (grey, or a
    colour an ability makes wild) fill any slot.  Placing single colours first is optimal.
    """
    slot_count = [0] * 7
    for s in slots:
        slot_count[s] += 1
    cont = [0] * 6
    wild = 0
    abilities = g.state.abilities
    for c in colours:
        if c == GREY or (abilities and g.mod(owner, "wild_container", False, c)):
            wild += 1
        else:
            cont[c] += 1
    direct = left = open_coloured = 0
    for c in BASE_COLOURS:
        have, want = cont[c], slot_count[c]
        if have >= want:
            direct += want
            left += have - want
        else:
            direct += have
            open_coloured += want - have
    rainbow = slot_count[RAINBOW_SLOT]
    via_rainbow = min(rainbow, left)
    return direct + via_rainbow + min(wild, open_coloured + rainbow - via_rainbow)


def can_take_container(g: Game, ship: Ship, colour: int, slots: list[int] | None = None) -> bool:
    """Is there an open requirement on the ship that a container of ``colour`` can fill?"""
    if ship.at_sea or not ship.contracts:
        return False
    if slots is None:
        slots = contract_slots(g, ship)
    before = _matched(g, ship.owner, slots, ship.colours)
    if before >= len(slots):
        return False
    return _matched(g, ship.owner, slots, ship.colours + [colour]) > before


def is_complete(g: Game, ship: Ship) -> bool:
    """Are all contracts on the ship met by its containers?"""
    if not ship.contracts:
        return False
    slots = contract_slots(g, ship)
    return _matched(g, ship.owner, slots, ship.colours) >= len(slots)


def max_cargo(g: Game, ship: Ship) -> int:
    return g.mod(ship.owner, "max_cargo", MAX_CARGO_PER_SHIP, ship.id) if g.state.abilities else MAX_CARGO_PER_SHIP


# --- limits ---------------------------------------------------------------------------------

def fulfilled_count(g: Game, seat: int) -> int:
    """Fulfilled contracts, counting the one printed on the harbour."""
    return 1 + len(g.state.players[seat].fulfilled)


def crew_limit(g: Game, seat: int) -> int:
    base = fulfilled_count(g, seat)
    return g.mod(seat, "crew_limit", base) if g.state.abilities else base


def goods_limit(g: Game, seat: int) -> int:
    base = 2 * fulfilled_count(g, seat)
    return g.mod(seat, "goods_limit", base) if g.state.abilities else base


def goods_load(g: Game, seat: int) -> int:
    """How many goods count against the goods limit."""
    n = len(g.state.players[seat].goods)
    return g.mod(seat, "goods_load", n) if g.state.abilities else n


def crew_room(g: Game, seat: int) -> bool:
    return len(g.state.players[seat].crew) < crew_limit(g, seat)


def goods_room(g: Game, seat: int) -> bool:
    return goods_load(g, seat) < goods_limit(g, seat)


def crew_for(g: Game, seat: int, action: int) -> int:
    """How many extra actions of type ``action`` the player's crew gives."""
    n = sum(1 for c in g.state.players[seat].crew if CARDS.action[c] == action)
    return g.mod(seat, "crew_actions", n, action) if g.state.abilities else n


# --- credits --------------------------------------------------------------------------------

def gain(g: Game, seat: int, amount: int, why: str) -> None:
    """The player takes ``amount`` credits from the bank."""
    if amount <= 0:
        return
    p = g.state.players[seat]
    p.credits += amount
    g.emit("gain", p=seat, n=amount, why=why)
    check_credit_end(g, seat)


def pay_bank(g: Game, seat: int, amount: int, why: str) -> int:
    """The player pays up to ``amount`` credits to the bank; returns what was paid."""
    p = g.state.players[seat]
    paid = min(amount, p.credits)
    if paid > 0:
        p.credits -= paid
        g.emit("pay", p=seat, n=paid, why=why)
        if g.state.abilities:
            g.notify("spent", seat=seat, amount=paid)
    return paid


def transfer(g: Game, payer: int, payee: int, amount: int, why: str) -> int:
    """``payer`` gives up to ``amount`` credits to ``payee``; returns what changed hands."""
    p = g.state.players[payer]
    paid = min(amount, p.credits)
    if paid > 0:
        p.credits -= paid
        g.state.players[payee].credits += paid
        g.emit("transfer", p=payer, q=payee, n=paid, why=why)
        check_credit_end(g, payee)
        if g.state.abilities:
            g.notify("spent", seat=payer, amount=paid)
    return paid


def end_credits(g: Game, seat: int) -> int:
    if not g.state.abilities:
        return END_CREDITS
    return g.mod(seat, "end_credits", g.mod_all("end_credits_all", END_CREDITS))


def check_credit_end(g: Game, seat: int) -> None:
    s = g.state
    if s.end_reason or s.players[seat].credits < end_credits(g, seat):
        return
    if s.abilities and not g.mod(seat, "triggers_credit_end", True):
        return
    s.end_reason = "credits"
    g.emit("end_triggered", p=seat, why="credits")


# --- cards ----------------------------------------------------------------------------------

def top_of_deck(g: Game) -> int | None:
    """Take the deck's top card; reshuffle the discards the moment the deck runs out."""
    s = g.state
    if not s.deck:
        _reshuffle_or_end(g)
        if not s.deck:
            return None
    card = s.deck.pop()
    if not s.deck:
        _reshuffle_or_end(g)
    return card


def _reshuffle_or_end(g: Game) -> None:
    """The deck is empty: shuffle the discards into a new one, or, with none, the game is ending."""
    s = g.state
    if s.discard:
        s.deck, s.discard = s.discard, []
        g.rng_shuffle(s.deck)
        g.emit("reshuffle", n=len(s.deck))
    elif not s.end_reason:
        s.end_reason = "cards"
        g.emit("end_triggered", p=-1, why="cards")


def draw_cards(g: Game, seat: int, count: int) -> int:
    """Draw ``count`` cards into the hand (fewer if the deck and discards run out)."""
    hand = g.state.players[seat].hand
    drawn = 0
    for _ in range(count):
        card = top_of_deck(g)
        if card is None:
            break
        hand.append(card)
        drawn += 1
    return drawn


def hand_size(g: Game, seat: int) -> int:
    return g.mod(seat, "hand_size", HAND_SIZE) if g.state.abilities else HAND_SIZE


def draw_action(g: Game, seat: int) -> None:
    """The draw choice: fill the hand up to five, or draw one card holding five or more."""
    size = hand_size(g, seat)
    have = len(g.state.players[seat].hand)
    drawn = draw_cards(g, seat, size - have if have < size else 1)
    g.emit("draw", p=seat, n=drawn)
    if g.state.abilities:
        g.notify("draw", seat=seat)


def deck_to_island(g: Game) -> None:
    card = top_of_deck(g)
    if card is not None:
        g.state.island.append(card)
        g.emit("to_island", c=card)


# --- cards moving between areas --------------------------------------------------------------

def add_good(g: Game, seat: int, card: int, colour: int | None = None) -> None:
    """Put a card among the player's goods (the caller has checked the goods limit)."""
    s = g.state
    s.players[seat].goods.append(card)
    if s.abilities:
        g.notify("goods", seat=seat, card=card, colour=GOODS_OF[card] if colour is None else colour)


def add_crew(g: Game, seat: int, card: int) -> bool:
    """Put a card into the crew if there is room (True), else onto the discard pile (False)."""
    if crew_room(g, seat):
        g.state.players[seat].crew.append(card)
        return True
    g.state.discard.append(card)
    return False


# --- ships ----------------------------------------------------------------------------------

def ship_home(g: Game, ship: Ship, why: str) -> None:
    """An empty ship at sea sails back to its owner's harbour."""
    ship.at_sea = False
    g.state.discard.extend(ship.containers)
    ship.containers.clear()
    ship.colours.clear()
    g.emit("ship_home", s=ship.id, p=ship.owner, why=why)
    if g.state.abilities:
        g.notify("ship_home", ship=ship.id)


def remove_container(g: Game, ship: Ship, card: int) -> int:
    """Take one container off a ship; returns the colour it counted as."""
    i = ship.containers.index(card)
    ship.containers.pop(i)
    return ship.colours.pop(i)


def add_container(g: Game, ship: Ship, card: int, colour: int) -> None:
    """Put a container on a ship in harbour and fulfil the ship's contracts if now complete."""
    ship.containers.append(card)
    ship.colours.append(colour)
    if is_complete(g, ship):
        fulfil(g, ship)


def fulfil(g: Game, ship: Ship) -> None:
    """All contracts on the ship are met: payout, contracts to fulfilled, ship to sea, refill island.

    Instant abilities of the fulfilled contracts run after the payout, as pending steps on the
    stack (they may need decisions); the ship sails and the island is refilled after them.
    """
    s = g.state
    seat = ship.owner
    n = len(ship.containers)
    amount = g.mod(seat, "payout", payout(n), ship.id) if s.abilities else payout(n)
    g.emit("fulfil", p=seat, s=ship.id, cards=list(ship.contracts), n=n)
    gain(g, seat, amount, "payout")
    contracts = ship.contracts[:]
    s.players[seat].fulfilled.extend(contracts)
    ship.contracts.clear()
    ship.sides.clear()
    s.stack.append({"k": "sail", "s": ship.id})
    if s.abilities:
        g.fire_instants(seat, contracts, ship.id)
        g.notify("fulfil", seat=seat, cards=contracts, ship=ship.id)


def sail(g: Game, ship: Ship) -> None:
    """After a fulfilment: the ship and its containers go to the Open Sea, one card to the island."""
    ship.at_sea = True
    g.emit("sail", s=ship.id, p=ship.owner)
    if not ship.containers:
        ship_home(g, ship, "empty")
    deck_to_island(g)
