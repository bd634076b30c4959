"""Import: as many bidding rounds as the largest count declared, each with sealed bids.

Round *k* is open to everyone who declared at least *k* Import actions.  The active player picks
the ship every round (bidding or not); a lone bidder takes the cargo for free; otherwise all
bids are entered hidden and revealed together, the highest pays the bank, and the active player
breaks ties (among the tied players who win ties by an ability, if any).  The winner takes two
cards (at most one into the crew); the ship's owner is paid 2 credits when someone else takes;
an emptied ship sails home.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import TAKE_CREW, TAKE_DISCARD, TAKE_GOODS, Action
from .cards import CARDS
from .constants import IMPORT_COMPENSATION, IMPORT_TAKE, MAX_PLAYERS
from .flow import Frame, Reason, automatic, decision
from .rules import crew_room, gain, goods_room, pay_bank, receive_container, remove_container, ship_home, transfer
from .scoring import tie_favoured
from .tokens import TOKEN_BASE

if TYPE_CHECKING:
    from .context import RulesContext

GOODS_OF = CARDS.goods

def ships_for_import(g: RulesContext) -> list[int]:
    return [x.id for x in g.state.ships if x.at_sea and x.containers]


ISLAND = -1  # an Import target an ability may add: the cards on the Supply Island


def import_targets(g: RulesContext, seat: int) -> list[int]:
    """What ``seat`` may choose to bid for: ships at sea with cargo, and the Supply Island if an
    ability of the chooser allows it (``import_island``)."""
    out = ships_for_import(g)
    s = g.state
    if s.abilities and s.island and g.mod(seat, "import_island", False):
        out.append(ISLAND)
    return out


def cargo(g: RulesContext, target: int) -> list[int]:
    """The cards an Import takes from: a ship's containers, or the Supply Island (-1)."""
    return g.state.island if target == ISLAND else g.state.ships[target].containers


def import_round(g: RulesContext, fr: Frame) -> None:
    s = g.state
    r = fr["round"]
    bidders = fr.get("bidders") or [seat for seat in g.seat_order() if s.decl[seat] >= r and s.acts[seat] < 0]
    chooser = fr.get("seat", s.active)
    if not import_targets(g, chooser):
        g.emit("no_ship", r=r)
        return
    s.stack.append({"kind": "choose_ship", "seat": chooser, "round": r, "bidders": bidders})


def ship_options(g: RulesContext, fr: Frame) -> list[Action]:
    return [Action(fr["seat"], "ship", target=sid) for sid in import_targets(g, fr["seat"])]


def ship_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    if a.target == ISLAND:
        return "no_island_import", {}
    if a.target not in import_targets(g, a.player):
        return ("not_at_sea", {"s": a.target}) if 0 <= a.target < len(g.state.ships) else ("unknown_ship", {"id": a.target})
    return None


def ship_resolve(g: RulesContext, fr: Frame, a: Action) -> None:
    s = g.state
    s.stack.pop()
    bidders = fr["bidders"]
    g.emit("import_round", r=fr["round"], s=a.target, bidders=bidders)
    if len(bidders) == 1:
        settle(g, bidders[0], 0, a.target)
    else:
        s.stack.append({"kind": "bid", "ship": a.target, "round": fr["round"], "bidders": bidders, "bids": [-1] * len(bidders)})


def bid_deciders(fr: Frame) -> list[int]:
    return [b for b, x in zip(fr["bidders"], fr["bids"]) if x < 0]


def bid_options(g: RulesContext, fr: Frame) -> list[Action]:
    players = g.state.players
    opts: list[Action] = []
    for b in bid_deciders(fr):  # (each bidder's bids 0 to its credits, a slice of its table: a bidder
        opts += bids_up_to(b, players[b].credits)  # decides once, yet the list is made at every bid of the round)
    return opts


def bids_up_to(seat: int, credits: int) -> list[Action]:
    """``seat``'s bids from 0 to ``credits``, each Action made once per process (``BIDS``)."""
    table = BIDS[seat]
    if len(table) <= credits:
        table += [Action(seat, "bid", (), -1, n) for n in range(len(table), credits + 1)]
    return table[:credits + 1]


BIDS: tuple[list[Action], ...] = tuple([] for _ in range(MAX_PLAYERS))
"""Per seat, its bids 0, 1, 2 ... as far as any bidder's credits reached yet (grown as needed)."""


def bid_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    """A bid not listed is below 0 or above the bidder's credits."""
    return ("bid_negative", {}) if a.count < 0 else ("bid_too_high", {"n": g.state.players[a.player].credits})


def bid_resolve(g: RulesContext, fr: Frame, a: Action) -> None:
    s = g.state
    fr["bids"][fr["bidders"].index(a.player)] = a.count
    g.emit("bid_in", p=a.player)
    if min(fr["bids"]) < 0:
        return
    s.stack.pop()
    bids = dict(zip(fr["bidders"], fr["bids"]))
    top = max(bids.values())
    tied = [b for b in fr["bidders"] if bids[b] == top]
    g.emit("bids", bids={str(k): v for k, v in bids.items()})
    tied = tie_favoured(g, tied)  # a player who wins ties (FOXES) beats the others
    if len(tied) == 1:
        settle(g, tied[0], top, fr["ship"])
    else:
        s.stack.append({"kind": "tie", "seat": s.active, "tied": tied, "ship": fr["ship"], "amount": top})


def tie_options(g: RulesContext, fr: Frame) -> list[Action]:
    return [Action(fr["seat"], "winner", target=t) for t in fr["tied"]]


def tie_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    if not 0 <= a.target < g.state.n:
        return "unknown_seat", {"id": a.target}
    return None if a.target in fr["tied"] else ("not_tied", {"q": a.target})


def tie_resolve(g: RulesContext, fr: Frame, a: Action) -> None:
    g.state.stack.pop()
    g.emit("tie", p=a.player, q=a.target)
    settle(g, a.target, fr["amount"], fr["ship"])


def settle(g: RulesContext, winner: int, amount: int, ship_id: int) -> None:
    """The winner pays the bid and takes the cargo, card by card."""
    s = g.state
    g.emit("import_won", p=winner, n=amount, s=ship_id)
    payee = -1
    if ship_id == ISLAND:  # the bid goes to the holder of the ability that opened the island
        payee = next((q for q in g.seat_order() if g.mod(q, "import_island", False)), -1)
    if payee < 0:
        pay_bank(g, winner, amount, "bid")
    elif payee != winner:
        transfer(g, winner, payee, amount, "bid")
    elif amount:
        g.emit("bid_kept", p=winner, n=amount)
    more = g.mod(winner, "import_take", IMPORT_TAKE) - IMPORT_TAKE if s.abilities else 0
    left = min(IMPORT_TAKE, len(cargo(g, ship_id)))
    s.stack.append({"kind": "after_import", "ship": ship_id, "seat": winner})
    if left:
        s.stack.append({"kind": "take", "seat": winner, "ship": ship_id, "left": left, "optional": more, "crew": False})


def take_options(g: RulesContext, fr: Frame) -> list[Action]:
    """Each card goes to crew or goods; discarding is allowed only when neither is possible.

    After the two cards every winner must take, an ability may allow more (``may``): those
    are optional, so "no" ends the taking.
    """
    seat = fr["seat"]
    refusals = take_refusals(g, fr, seat)
    dests = [d for d in (TAKE_CREW, TAKE_GOODS, TAKE_DISCARD) if refusals[d] is None]
    cards = cargo(g, fr["ship"])
    opts = [Action(seat, "take", (c,), d) for c in cards for d in dests]
    if fr["left"] <= 0:
        opts.append(Action(seat, "no"))
    return opts


def take_refusals(g: RulesContext, fr: Frame, seat: int) -> tuple[Reason | None, Reason | None, Reason | None]:
    """Why an imported card may not go to the crew, the goods, the discard pile (None: it may): one
    card to the crew at the most, limits respected, and the discard pile only when neither crew nor
    goods can take it."""
    crew = None if not fr["crew"] and crew_room(g, seat) else ("one_crew", {}) if fr["crew"] else ("crew_full", {})
    goods = None if goods_room(g, seat) else ("goods_full", {})
    return crew, goods, ("must_take", {}) if crew is None or goods is None else None


def take_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    if a.kind == "no":
        return None if fr["left"] <= 0 else ("take_two", {"n": fr["left"]})
    if len(a.cards) != 1 or a.cards[0] not in cargo(g, fr["ship"]):
        return "not_in_cargo", {"c": a.cards[0] if a.cards else -1}
    if a.target not in (TAKE_CREW, TAKE_GOODS, TAKE_DISCARD):
        return "take_where", {}
    return take_refusals(g, fr, a.player)[a.target]


def take_resolve(g: RulesContext, fr: Frame, a: Action) -> None:
    s = g.state
    if a.kind == "no":
        s.stack.pop()
        return
    c = a.cards[0]
    if fr["ship"] == ISLAND:
        s.island.remove(c)
        colour = GOODS_OF[c]
    else:
        colour = remove_container(g, s.ships[fr["ship"]], c)
    if fr["left"] > 0:
        fr["left"] -= 1
    else:
        fr["optional"] -= 1
    if (fr["left"] <= 0 and fr["optional"] <= 0) or not cargo(g, fr["ship"]):
        s.stack.pop()
    if a.target == TAKE_CREW:
        fr["crew"] = True  # (with container tokens: even if the discard pile has no card for it)
    take_container(g, a.player, c, colour, a.target)
    if s.abilities:
        g.notify("imported", seat=a.player, card=c, colour=colour, ship=fr["ship"])  # -1: the Supply Island


TAKE_EVENTS = {TAKE_CREW: "take_crew", TAKE_GOODS: "take_goods", TAKE_DISCARD: "take_discard"}


def take_container(g: RulesContext, seat: int, c: int, colour: int, dest: int) -> None:
    """An imported card (off its ship already, counted as ``colour``) goes to the crew, the goods or
    the discard pile (``dest``: TAKE_CREW, TAKE_GOODS, TAKE_DISCARD).  A container token is taken
    first and then exchanged for a card of the discard pile (see ``tokens``)."""
    if c >= TOKEN_BASE:
        g.emit(TAKE_EVENTS[dest], p=seat, c=c)
        receive_container(g, seat, c, colour, dest)
    else:
        receive_container(g, seat, c, colour, dest)
        g.emit(TAKE_EVENTS[dest], p=seat, c=c)


def after_import(g: RulesContext, fr: Frame) -> None:
    s = g.state
    if fr["ship"] == ISLAND:  # nobody's ship: no compensation, nothing sails home
        return
    ship = s.ships[fr["ship"]]
    if fr["seat"] != ship.owner:
        comp = g.mod(ship.owner, "import_compensation", IMPORT_COMPENSATION) if s.abilities else IMPORT_COMPENSATION
        gain(g, ship.owner, comp, "compensation")
    if s.abilities:
        g.notify("import_done", seat=fr["seat"], ship=ship.id)
    if ship.at_sea and not ship.containers:
        ship_home(g, ship, "imported")


automatic("import_round", import_round)
decision("choose_ship", ship_options, ship_resolve, check=ship_check)
decision("bid", bid_options, bid_resolve, deciders=bid_deciders, extras=False, check=bid_check)  # sealed
decision("tie", tie_options, tie_resolve, check=tie_check)
decision("take", take_options, take_resolve, check=take_check)
automatic("after_import", after_import)
