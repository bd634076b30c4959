"""Every sentence the engine says: the event log and refusals.

The tables hold the English; :mod:`importexport.catalog` gives each message in the other languages
(and its plural form for a count).  Events are stored as ``(turn, key, args)``; :func:`render_event` fills the template of ``key`` in
the wanted language.  Arguments are formatted by name: ``p``/``q`` are seats, ``c``/``d`` cards,
``cards`` a card list, ``s``/``t`` ships, ``a`` an action type.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..boundary import problem_text, shown
from ..catalog import LANGS as LANGS
from ..catalog import Table
from .actions import ISLAND, hand_owner
from .cards import CARDS
from .constants import ACTION_NAME, COLOURS, GOODS_TYPE

EVENTS = Table("events", {
    "moves_on": "{c} moves on to {s} as a rainbow container.",
    "last_container_discarded": "{c} is the last container on {s} and goes to the discard pile.",
    "fulfilled_swap": "{p} puts {c} on the Supply Island and takes {d} into the fulfilled contracts ({why}).",
    "steal_random": "{p} takes a random card from {q}'s hand ({why}).",
    "give_hand_card": "{p} gives a card from the hand to {q} ({why}).",
    "pirate_unseen": "{p} takes an unseen card from {s} as a pirate.",
    "ship_home_loaded": "{s} returns to its harbour with its last container, {c} ({why}).",
    "extra_ship": "{p} turns {c} sideways: it is now {s}, an extra ship for one voyage.",
    "ship_discarded": "{s} has made its one voyage: {c} goes to the discard pile.",
    "super_ship": "{p} lashes a second ship to {s}: together they are one super ship.",
    "super_ship_split": "The super ship {s} is back: its two ships lie apart again in {p}'s harbour.",
    "bid_kept": ("{p} keeps the winning bid of {n} credit.", "{p} keeps the winning bid of {n} credits."),
    "free_import": "{p} imports {c} from {s} without bidding ({why}).",
    "island_swap": "{p} gives {cards} from the hand to the Supply Island and takes {d} ({why}).",
    "island_drop": "{p} puts {c} on the Supply Island instead of loading it ({why}).",
    "extra_action": "{p} gets one more {a} action ({why}).",
    "draw_instead": "{p} draws the top card instead of loading one from the hand ({why}).",
    "keep_drawn": "The drawn card fits none of {p}'s contracts and stays in the hand ({why}).",
    "credits_instead": "{p} chooses to draw but takes credits rather than cards ({why}).",
    "virtual_crew": "{p} discards {c}; until the end of this turn it counts as one {a} crew card.",
    "contract_from_island": "{p} places {c} from the Supply Island as a contract under {s} ({why}).",
    # exchanges (cards and credits moving between players and areas)
    "ex_give_card": "{p} gives {c} from the hand to {q} ({why}).",
    "ex_give_hand": ("{p} hands the whole hand ({n} card) to {q} ({why}).", "{p} hands the whole hand ({n} cards) to {q} ({why})."),
    "ex_give_good": "{p} gives the good {c} to {q} ({why}).",
    "ex_give_contract": "{p} gives the fulfilled contract {c} to {q} ({why}).",
    "ex_good_lost": "{p} has no room for the good {c}, so it is discarded ({why}).",
    "ex_good_to_island": "{p} puts the good {c} on the Supply Island ({why}).",
    "ex_island_to_goods": "{p} takes {c} from the Supply Island into the goods ({why}).",
    "ex_swap_crew_goods": "{p}'s crew and goods trade places ({why}).",
    "ex_crew_to_goods": ("{p} moves the whole crew ({n} card) into the goods ({why}).", "{p} moves the whole crew ({n} cards) into the goods ({why})."),
    "ex_to_goods": "{p} moves {c} into the goods.",
    "ex_to_crew": "{p} moves {c} into the crew.",
    "ex_crew_full": "{p}'s crew is full, so {c} is discarded.",
    "ex_to_island": "{p} puts {c} on the Supply Island rather than among the fulfilled contracts.",
    "ex_discard_contract": "{p} discards the fulfilled contract {c}.",
    "ex_cannot_pay": ("{p} cannot pay {n} credit, so {c} has no effect.", "{p} cannot pay {n} credits, so {c} has no effect."),
    "ex_load": "{p} loads {c} onto {s} ({why}).",
    "ex_take_container": "{p} takes the container {c} from {s} ({why}).",
    "ex_keep": "{p} cannot load {c} and keeps it in the hand.",
    "ex_play_fulfilled": "{p} puts {c} from the hand among the fulfilled contracts ({why}).",
    "ex_steal": "{p} takes {q}'s fulfilled contract {d}, leaving {c} in its place.",
    "ex_copy": "{p}'s {c} copies the ability of {d}.",
    "ex_pirate_ban": "No Pirate actions for anybody until {p}'s next turn.",
    "ex_pirate_ban_over": "{p}'s turn has come: Pirate actions are allowed again.",
    "ability_draw": ("{p} draws {n} card ({why}).", "{p} draws {n} cards ({why})."),
    "set_aside": ("{n} credit from the bank is set aside on {c} for {p}, to be collected at the end ({total} so far).", "{n} credits from the bank are set aside on {c} for {p}, to be collected at the end ({total} so far)."),
    "give_card": "{p} hands a card from the hand over to {q} ({why}).",
    "container_to_hand": "{p} takes the container {c} from {s} into the hand ({why}).",
    "container_to_goods": "{p} moves the container {c} from {s} into the goods ({why}).",
    "contract_to_crew": "{p} puts the fulfilled contract {c} into the crew instead ({why}).",
    "contract_to_goods": "{p} puts the fulfilled contract {c} into the goods instead ({why}).",
    "ride_along": "{c} goes onto {s} together with {d}: the two count as one container.",
    "other_action": "{p} carries out {a} instead ({why}).",
    "tuck": "{p} tucks {c} under {s} for good.",
    "to_goods": "{p} moves {c} into the goods ({why}).",
    "to_crew": "{p} moves {c} into the crew ({why}).",
    "to_hand": "{p} takes {c} back into the hand ({why}).",
    "to_ship": "{p} puts {c} as a container onto {s} ({why}).",
    "cash_in": "{p} hands in the good {c} ({why}).",
    "discard_fulfilled": "{p} discards the fulfilled contract {c} ({why}).",
    "end_goods_type": "{p} announces {g} for {c}.",
    "end_action_type": "{p} picks {a} for {c}.",
    "name_type": "{p} names {goods}.",
    "type_shown": "{p} shows {c}, a card of the named type.",
    "type_missed": "{p} draws no card of the named type.",
    "reveal_deck": "{p} reveals {cards} from the deck.",
    "reveal_hand": "{p} shows their hand: {cards}.",
    "empty_hand": "{p} has no cards in hand.",
    "take_from_hand": "{p} takes {cards} from {q}'s hand.",
    "take_random": ("{p} takes {n} random card from {q}'s hand.", "{p} takes {n} random cards from {q}'s hand."),
    "hand_to_island": "{p} lays their hand face up on the Supply Island: {cards}.",
    "take_island": "{p} takes {cards} from the Supply Island into their hand.",
    "deck_search": "{p} searches the deck, takes an illegal card into their hand and shuffles the deck.",
    "deck_search_none": "{p} searches the deck, finds no illegal card and shuffles the deck.",
    "deck_face_up": "{p} turns the deck face up: its top card is visible for the rest of the game.",
    "contract_discarded": "{p} discards {c} instead of keeping it as a fulfilled contract.",
    "cannot_pay_ability": ("{p} cannot pay {n} credit and so cannot use {c}.", "{p} cannot pay {n} credits and so cannot use {c}."),
    "market": "The goods market changes the payout of {before} by {n}.",
    "setup": "A table for {n} players is set up ({rules}{mods}); {p} starts.",
    "scenario": "A prepared position for {n} players; {p} is the active player.",
    "turn": "{p} is now the active player.",
    "extra_turn": "{p} takes an extra turn.",
    "extra_turn_owed": "{p} will take an extra turn after this one.",
    "lead_draw": "{p} draws instead of leading.",
    "follow_draw": "{p} draws instead of following.",
    "draw": ("{p} draws {n} card.", "{p} draws {n} cards."),
    "lead": "{p} leads {a} with {cards}.",
    "follow": "{p} follows with {cards}.",
    "declare": ("{p} declares {n} {a} action.", "{p} declares {n} {a} actions."),
    "cannot_act": ("{p} has no legal way to carry out {n} {a} action; it is lost.", "{p} has no legal way to carry out {n} {a} actions; they are lost."),
    "sell": "{p} sells {c} to the Supply Island.",
    "crew": "{p} takes {c} into the crew.",
    "crew_full": "{p}'s crew is full: {c} is taken from the Supply Island and discarded.",
    "contract": ("{p} places {c} as a contract under {s} ({n} extra action spent on levels).", "{p} places {c} as a contract under {s} ({n} extra actions spent on levels)."),
    "load": "{p} loads {c} onto {s}.",
    "pirate": "{p} pirates {c} from {src} and {dest}.",
    "solo": "{p} plays {c} and carries out {a} alone.",
    "trade": "{p} trades {c} for {d}.",
    "fulfil": ("{p} fulfils {cards} on {s} with {n} container.", "{p} fulfils {cards} on {s} with {n} containers."),
    "sail": "{s} sails to the Open Sea.",
    "ship_home": "{s} returns to its harbour ({why}).",
    "to_island": "{c} goes from the deck to the Supply Island.",
    "reshuffle": "The deck ran out: the {n} discarded cards are shuffled into a new deck.",
    "gain": ("{p} takes {n} credit ({why}).", "{p} takes {n} credits ({why})."),
    "pay": ("{p} pays {n} credit to the bank ({why}).", "{p} pays {n} credits to the bank ({why})."),
    "transfer": ("{p} pays {n} credit to {q} ({why}).", "{p} pays {n} credits to {q} ({why})."),
    "no_ship": "Import round {r}: no ship is at sea, so the round is lost.",
    "import_round": "Import round {r}: bidding for {s}; bidders: {bidders}.",
    "bid_in": "{p} has placed a sealed bid.",
    "bids": "Bids revealed: {bids}.",
    "tie": "{p} breaks the tie in favour of {q}.",
    "import_won": ("{p} wins the cargo of {s} for {n} credit.", "{p} wins the cargo of {s} for {n} credits."),
    "take_crew": "{p} takes {c} into the crew.",
    "take_goods": "{p} adds {c} to the goods.",
    "take_discard": "{p} has no room for {c} and discards it.",
    "drop": "{p} discards the unfulfilled contract {c} from {s}.",
    "ability": "{p}'s {c} takes effect.",
    "coin": "{p} flips a coin: {heads}.",
    "bought_contract": "{p} buys {c} from {q} and adds it to their fulfilled contracts.",
    "discard_hand": "{p} discards {c} from the hand ({why}).",
    "trim": "{p} is over a limit and discards {c}.",
    "end_triggered": "The game will end after this turn ({why}).",
    "instant_win": "{p} wins the game at once through {c}!",
    "game_over": ("Game over. Winner: {winners}.", "Game over. Winners: {winners}."),
    # container tokens (modules "tokens1", "tokens2")
    "token_swap": "{c} is discarded; {d} takes its place.",
    "token_found": "{p} returns {c} to the supply and takes {d} from the discard pile instead.",
    "token_none": "{p} returns {c} to the supply; the discard pile holds no {g} card, so nothing is taken.",
    "token_back": "{c} goes back to the supply.",
    "token_colour": "{p} places {d} for the grey card {c}.",
}, counts={"game_over": "winner_count"})

WHY = Table("why", {
    "sell": "sale to the Supply Island",
    "payout": "payout",
    "bid": "winning bid",
    "compensation": "someone else imported from their ship",
    "credits": "a player has reached the credit goal",
    "cards": "deck and discard pile are both empty",
    "win": "an instant win",
    "capital": "Capital cards may leave the hand at any time",
    "j_load": "loading a two-contract J card",
    "tokyo": "a contract from the Tokyo harbour",
    "empty": "it sailed with no containers",
    "pirated": "its last container was pirated, no compensation",
    "imported": "its last containers were imported",
})

WORDS = Table("words", {
    "player": "Player {n}",
    "ship": "{owner}'s ship {k}",
    "island": "the Supply Island",
    "deck_top": "the top of the deck",
    "hand_of": "{owner}'s hand",
    "to_goods": "puts it into the goods",
    "discards": "discards it",
    "loads": "loads it onto {s}",
    "basic": "basic rules",
    "with_abilities": "with card abilities",
    "heads": "heads",
    "tails": "tails",
    "nobody": "nobody",
    "and": " and ",
})


KIND_WORDS = Table("kinds", {
    "draw": "draw",
    "play": "play a card",
    "wild": "two-card wild",
    "declare": "declare",
    "sell": "sell",
    "crew": "hire crew",
    "contract": "place a contract",
    "load": "load",
    "pirate": "pirate",
    "ship": "choose a ship",
    "bid": "bid",
    "winner": "break the tie",
    "take": "take a card",
    "drop": "discard a contract",
    "yes": "yes",
    "no": "no",
    "choose": "choose an option",
    "anytime": "use an anytime ability",
    "colour": "choose a token colour",
    "trade": "trade",
    "discard": "discard",
})
"""Kinds of choice in words (refusals list what is expected instead)."""


def word(key: str, lang: str, **args: Any) -> str:
    return WORDS.format(key, lang, **args)


def seat_name(seat: int, lang: str) -> str:
    return word("player", lang, n=seat + 1)


def ship_name(ship: int, lang: str, state: Any = None) -> str:
    """Seat k's two ships are ids 2k and 2k+1 ("ship 1", "ship 2").  Extra ships an ability adds
    come after all of those; with the game's ``state`` they are named after their owner, numbered on."""
    if state is not None and 2 * len(state.players) <= ship < len(state.ships):
        owner = state.ships[ship].owner
        k = 3 + sum(1 for x in state.ships[2 * len(state.players):ship] if x.owner == owner)
        return word("ship", lang, owner=seat_name(owner, lang), k=k)
    return word("ship", lang, owner=seat_name(ship // 2, lang), k=ship % 2 + 1)


def place_name(place: int, lang: str, state: Any = None) -> str:
    """Where a card is taken from: a ship (id), the Supply Island, the deck's top or a seat's hand
    (the places of :mod:`importexport.importexport.actions`)."""
    if place >= 0:
        return ship_name(place, lang, state)
    owner = hand_owner(place)
    if owner is not None:
        return word("hand_of", lang, owner=seat_name(owner, lang))
    return word("island" if place == ISLAND else "deck_top", lang)


TOKEN_WORDS = Table("tokens", {
    "green": "green token",
    "yellow": "yellow token",
    "black": "black token",
    "blue": "blue token",
    "red": "red token",
})
"""A container token of each goods colour (modules "tokens1"/"tokens2")."""


def card_name(card: int, lang: str = "en") -> str:
    """A card's name; a container token (modules "tokens1"/"tokens2") in words of ``lang``."""
    if card < CARDS.token_base or not 0 <= card < CARDS.table_size:
        return CARDS.names[card]
    colour, action = CARDS.token_kinds[card - CARDS.token_base]
    name = TOKEN_WORDS.format(COLOURS[colour], lang)
    return f"{name} ({ACTION_NAME[lang][action]})" if action >= 0 else name


def action_name(action: int, lang: str) -> str:
    if action < 0:
        return "-"
    return ACTION_NAME[lang][action] if action < len(ACTION_NAME[lang]) else str(action)


COLOUR_WORDS = Table("colours", {
    "green": "green",
    "yellow": "yellow",
    "black": "black",
    "blue": "blue",
    "red": "red",
    "grey": "grey",
})
"""The colours by name (the keys are :data:`importexport.importexport.constants.COLOURS`)."""


def goods_name(colour: int, lang: str) -> str:
    return f"{GOODS_TYPE[lang][colour]} ({COLOUR_WORDS.format(COLOURS[colour], lang)})"


def _format(key: str, args: dict[str, Any], lang: str, state: Any = None) -> dict[str, Any]:
    """An event's or a refusal's arguments in words of ``lang``, each formatted as its name says."""
    out: dict[str, Any] = {}
    for name, value in args.items():
        words = _WORDS.get(name)
        if words is not None:
            out[name] = words(value, lang, state)
        else:
            _WRITERS.get(name, _plain)(out, name, value, args, lang)
    if key == "setup":
        out.setdefault("mods", "")
    if key == "pirate":
        out["src"] = out["s"]
        t = args["t"]
        out["dest"] = (
            word("loads", lang, s=ship_name(t, lang, state)) if t >= 0
            else word("to_goods" if t == -2 else "discards", lang)  # -2: into the goods (an ability)
        )
    return out


def _seat_or_nobody(value: int, lang: str, state: Any) -> str:
    return seat_name(value, lang) if value >= 0 else word("nobody", lang)


def _step_words(value: str, lang: str, state: Any) -> str:
    """What the step the game waits at asks for (``explain.STEPS``)."""
    from .explain import STEPS

    return STEPS.format(value, lang)


_WORDS: dict[str, Callable[[Any, str, Any], Any]] = {
    "p": _seat_or_nobody,
    "q": _seat_or_nobody,
    "c": lambda value, lang, state: card_name(value, lang),
    "d": lambda value, lang, state: card_name(value, lang),
    "cards": lambda value, lang, state: word("and", lang).join(card_name(c, lang) for c in value),
    "s": place_name,
    "a": lambda value, lang, state: action_name(value, lang),
    "g": lambda value, lang, state: goods_name(value, lang),
    "goods": lambda value, lang, state: goods_name(value, lang),
    "why": lambda value, lang, state: WHY.format(value, lang) if value in WHY else value,
    "bids": lambda value, lang, state: ", ".join(f"{seat_name(int(k), lang)} {v}" for k, v in value.items()),
    "heads": lambda value, lang, state: word("heads" if value else "tails", lang),
    "value": lambda value, lang, state: shown(value, lang),
    "want": lambda value, lang, state: EXPECTED.format(value, lang),
    "kind": lambda value, lang, state: KIND_WORDS.get(value, {}).get(lang, value),
    # kinds of choice, e.g. "draw, play, wild"
    "expected": lambda value, lang, state: ", ".join(KIND_WORDS.get(k, {}).get(lang, k) for k in str(value).split(", ") if k),
    "step": _step_words,
}
"""Arguments put in words under their own name: ``name: words(value, lang, state)``."""


def _plain(out: dict[str, Any], name: str, value: Any, args: dict[str, Any], lang: str) -> None:
    out[name] = value


def _seats(out: dict[str, Any], name: str, value: Any, args: dict[str, Any], lang: str) -> None:
    out[name] = ", ".join(seat_name(b, lang) for b in value) or word("nobody", lang)
    out[name[:-1] + "_count"] = len(value)  # the plural of "Winner"/"Winners" follows it


def _rules(out: dict[str, Any], name: str, value: Any, args: dict[str, Any], lang: str) -> None:
    out["rules"] = word("with_abilities" if value else "basic", lang)


def _mods(out: dict[str, Any], name: str, value: Any, args: dict[str, Any], lang: str) -> None:
    out["mods"] = "".join(", " + m for m in value)


def _what(out: dict[str, Any], name: str, value: Any, args: dict[str, Any], lang: str) -> None:
    if "problem" not in args:
        out[name] = value
    else:  # something that is no choice: what it was and why
        out[name], out["problem"] = shown(value, lang), problem_text(args, lang)


def _problem(out: dict[str, Any], name: str, value: Any, args: dict[str, Any], lang: str) -> None:
    out.setdefault(name, problem_text(args, lang))


_WRITERS: dict[str, Callable[[dict[str, Any], str, Any, dict[str, Any], str], None]] = {
    "bidders": _seats, "winners": _seats, "abilities": _rules, "modules": _mods, "what": _what, "problem": _problem,
}
"""Arguments that write other names too, or instead (``abilities`` gives ``rules``)."""


def render_event(event: tuple[int, str, dict[str, Any]], lang: str = "en", state: Any = None) -> str:
    """One log line; with the game's ``state``, extra ships an ability added get their own names."""
    _turn, key, args = event
    return EVENTS.format(key, lang, **_format(key, args, lang, state))


EXPECTED = Table("expected", {
    "whole": "a whole number",
    "kind": "one of the kinds of choice (draw, play, wild, declare, ...)",
    "cards": "a tuple of card numbers",
    "places": "a tuple of places (ship numbers or named places)",
    "colour": "None or a colour number",
})
"""What a field of a malformed choice should have been (``bad_field``)."""


def message(key: str, lang: str = "en", state: Any = None, **args: Any) -> str:
    """A refusal's text (see ``explain.REASONS``)."""
    from .explain import REASONS

    return REASONS.format(key, lang, **_format(key, args, lang, state))


SCORE_LINES = Table("score", {
    "credits": "credits",
    "containers": "containers on unfulfilled contracts",
    "goods": "goods",
    "all_types": "all five goods types",
    "most": "majority in {t}",
    "ability": "ability of {c}",
})


def score_line_name(key: str, lang: str) -> str:
    """The words for a line of ``Game.scores()`` (``most_green``, ``ability:NAME``, ...)."""
    if key.startswith("most_"):
        return SCORE_LINES.format("most", lang, t=GOODS_TYPE[lang][COLOURS.index(key[5:])])
    if key.startswith("ability:"):
        return SCORE_LINES.format("ability", lang, c=key[8:])
    return SCORE_LINES.format(key, lang) if key in SCORE_LINES else key
