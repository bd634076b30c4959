"""Container tokens: the two variants at the end of the rulebook (modules "tokens1" and "tokens2").

Variant 1 ("tokens1"): a card that would be loaded onto a ship as a container is discarded and a
container token of the colour it is loaded as goes onto the ship instead.  Pirate moves tokens;
an Import puts each token it takes back into the supply and takes instead the topmost card of the
token's colour from the discard pile (the other cards keep their order).

Variant 2 ("tokens2", always with variant 1): also a card that would join a crew or the goods is
discarded and a token is placed there instead.

Tokens are no cards.  Each token has an id of its own from ``CARDS.token_base`` on (see
``cards.CardList``), so the card tables (colour, action, name) serve it like a card; a kind of
token is a colour and an action, and each kind has ``TOKEN_COPIES`` ids, so the supply never
runs out in practice.  Tokens lie only on ships, in crews and among goods; ``State.all_cards``
leaves them out and they never reach a hand, a pile, the Supply Island or the fulfilled contracts.

Rulings (also in ``docs/rules.md``):

* A crew token keeps the action of the card it replaces (a crew card matters only for its action);
  container and goods tokens have none.  A token is never grey and never wild by itself.
* Setup: the cards dealt under the ships at sea are discarded (in the order dealt) and tokens of
  their colours go onto the ships.
* The colour of a container token is the colour the card is loaded as (a J card: the colour
  chosen for it; cards loaded together: each its own, the first counting as the pair's colour).
* Import search: from the top of the discard pile down, the first card whose goods colour is the
  token's (a grey Capital card never matches; a J card matches its own colour).  With no such
  card nothing is taken for that token; it still counts as one of the cards the winner takes, and
  choosing the crew for it still uses up the one crew place of that Import.  A token the winner
  has no room for goes straight back to the supply.  Every other way a container reaches a crew
  or the goods (free imports, JETS, STEM CELLS, ...) is the same exchange.  In variant 2 the
  card found is then discarded again (onto the top) and replaced by a token, as any card joining
  a crew or the goods is.
* A token that would go onto the discard pile, into a hand or onto the Supply Island goes back
  to the supply instead: whoever would have got it gets nothing.  Tokens moving between ships,
  crews and goods (abilities) stay the same token; a token moved from the goods into a crew has
  no action.
* A grey Capital card that becomes a token: the player who places it picks the token's colour (a
  "colour" choice): for a container the player whose choice put it on the ship (EUROS may go onto
  another player's ship), for crew and goods their owner.  On a ship it is one of the colours the
  ship can still take (any of the five if it can take none).
* Abilities of cards that work while the card lies on a ship, in a crew or among goods do not
  work once the card is replaced by a token.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING

from .actions import Action
from .cards import CARDS
from .constants import BASE_COLOURS, GREY
from .flow import Frame, Reason, decision

if TYPE_CHECKING:
    from .context import RulesContext
    from .state import Ship, State

TOKEN_BASE = CARDS.token_base
GOODS_OF = CARDS.goods
ACTION_OF = CARDS.action
NO_ACTION = -1
TO_SHIP, TO_CREW, TO_GOODS = "ship", "crew", "goods"  # where a token whose colour is being chosen goes


def is_token(card: int) -> bool:
    return card >= TOKEN_BASE


def variant(s: State) -> int:
    """0 (cards as containers), 1 (container tokens) or 2 (tokens for crew and goods too)."""
    return 2 if "tokens2" in s.modules else 1 if "tokens1" in s.modules else 0


def table_cards(s: State) -> Iterator[int]:
    """Every card on the table, tokens or not: on the ships, then each player's crew and goods (chained in C)."""
    return chain(chain.from_iterable(map(_CONTAINERS_OF, s.ships)), *(chain(p.crew, p.goods) for p in s.players))


def tokens_in_play(s: State) -> list[int]:
    """Every token on the table: on ships, in crews, among goods."""
    return [c for c in table_cards(s) if c >= TOKEN_BASE]


_CONTAINERS_OF = attrgetter("containers")


def new_token(g: RulesContext, colour: int, action: int = NO_ACTION) -> int:
    """A token of ``colour`` (and ``action``) from the supply: its lowest id that is neither on the
    table nor named by the choice being carried out (a token that choice has just taken off a ship
    is on its way elsewhere)."""
    used = set(table_cards(g.state))  # (tokens or not: only tokens are looked up in it)
    if g.history:
        used.update(g.history[-1].cards)
    for t in CARDS.token_copies(colour, action):
        if t not in used:
            return t
    raise RuntimeError(f"the supply has no {CARDS.names[CARDS.token(colour, action)]} left")


def swap_in(g: RulesContext, card: int, colour: int, action: int = NO_ACTION) -> int:
    """``card`` goes onto the discard pile; returns the token that takes its place."""
    g.state.discard.append(card)
    token = new_token(g, colour, action)
    g.emit("token_swap", c=card, d=token)
    return token


def ask_colour(g: RulesContext, seat: int, card: int, to: str, ship: int = -1, action: int = NO_ACTION) -> None:
    """A grey card becomes a token: it is discarded now; ``seat`` picks the token's colour next."""
    g.state.discard.append(card)
    g.state.stack.append({"kind": "token_colour", "seat": seat, "card": card, "to": to, "ship": ship, "action": action})


# --- where a card or token ends up --------------------------------------------------------------

def container_token(g: RulesContext, ship: Ship, card: int, colour: int) -> int:
    """The token that goes onto ``ship`` for ``card`` loaded as ``colour`` (-1: its colour is asked)."""
    if card >= TOKEN_BASE:
        return card
    if colour == GREY or colour >= len(BASE_COLOURS):
        chooser = g.history[-1].player if g.history else ship.owner  # whoever placed it
        ask_colour(g, chooser, card, TO_SHIP, ship.id)
        return -1
    return swap_in(g, card, colour)


def crew_token(g: RulesContext, seat: int, card: int) -> int:
    """What joins ``seat``'s crew for ``card`` (-1: nothing, or not yet)."""
    if card >= TOKEN_BASE:
        if variant(g.state) == 1:  # variant 1 has no crew tokens: the container token is exchanged
            return unload(g, seat, card, GOODS_OF[card])
        return card
    if variant(g.state) < 2:
        return card
    if GOODS_OF[card] == GREY:
        ask_colour(g, seat, card, TO_CREW, action=ACTION_OF[card])
        return -1
    return swap_in(g, card, GOODS_OF[card], ACTION_OF[card])


def goods_token(g: RulesContext, seat: int, card: int, colour: int | None) -> int:
    """What joins ``seat``'s goods for ``card`` (arriving as ``colour``; -1: nothing, or not yet)."""
    if card >= TOKEN_BASE:
        if variant(g.state) == 1:  # variant 1 has no goods tokens: the token is exchanged
            return unload(g, seat, card, GOODS_OF[card] if colour is None else colour)
        return card
    if variant(g.state) < 2:
        return card
    colour = GOODS_OF[card]  # a card among goods has its own colour (a J card's loaded colour was a container's)
    if colour == GREY:
        ask_colour(g, seat, card, TO_GOODS)
        return -1
    return swap_in(g, card, colour)


def unload(g: RulesContext, seat: int, token: int, colour: int) -> int:
    """A container token leaving its ship for ``seat``'s crew or goods goes back to the supply; the
    topmost discard of its colour comes out of the pile instead (-1: there is none)."""
    discard = g.state.discard
    for i in range(len(discard) - 1, -1, -1):
        if GOODS_OF[discard[i]] == colour:
            card = discard.pop(i)
            g.emit("token_found", p=seat, c=token, d=card)
            return card
    g.emit("token_none", p=seat, c=token, g=colour)
    return -1


def gone(g: RulesContext, token: int) -> None:
    """A token that would go onto a pile, into a hand or onto the Supply Island: back to the supply."""
    g.emit("token_back", c=token)


# --- a grey card's token: its colour is chosen ----------------------------------------------------

def token_colours(g: RulesContext, fr: Frame) -> list[int]:
    """The colours the token may take: any goods colour; on a ship one that fills an open slot, if any does."""
    colours = list(BASE_COLOURS)
    if fr["to"] == TO_SHIP:
        from .rules import can_take_container

        ship = g.state.ships[fr["ship"]]
        colours = [c for c in BASE_COLOURS if can_take_container(g, ship, c)] or colours
    return colours


def colour_options(g: RulesContext, fr: Frame) -> list[Action]:
    return [Action.token_colour(fr["seat"], fr["card"], colour) for colour in token_colours(g, fr)]


def colour_check(g: RulesContext, fr: Frame, a: Action) -> Reason | None:
    if a.cards != (fr["card"],):
        return "token_card", {"c": fr["card"]}
    return None if a.colour in token_colours(g, fr) else ("token_colour", {})


def colour_resolve(g: RulesContext, fr: Frame, a: Action) -> None:
    from .limits import enforce_limits
    from .rules import add_container, add_good

    s = g.state
    s.stack.pop()
    colour = a.colour
    token = new_token(g, colour, fr["action"])
    g.emit("token_colour", p=a.player, c=fr["card"], d=token, g=colour)
    if fr["to"] == TO_SHIP:
        add_container(g, s.ships[fr["ship"]], token, colour)
        return
    if fr["to"] == TO_CREW:
        s.players[fr["seat"]].crew.append(token)
    else:
        add_good(g, fr["seat"], token, colour)
    enforce_limits(g, fr["seat"])  # (a limit checked while the colour was open did not count the token)


decision("token_colour", colour_options, colour_resolve, extras=False, check=colour_check)
