"""Every sentence the Port Royal referee says: card names, the event log, choices and refusals.

English is here, in :class:`~importexport.catalog.Table`s; other languages come from the project's
gettext catalog (``docs/i18n.md``).  Arguments are formatted by name: ``p``/``q`` are seats, ``c`` a
card, ``cards`` a list of cards, ``t`` a contract's place among the laid-out ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..boundary import problem_text, shown
from ..catalog import Table
from .cards import CARDS
from .expansion import load_expansion

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game

EXP = load_expansion()

NAMES = Table("pr_names", {
    "seat": "Player {n}",
    "yellow": "Pinnace", "blue": "Flute", "green": "Skiff", "red": "Frigate", "black": "Galleon",
    "c_yellow": "yellow", "c_blue": "blue", "c_green": "green", "c_red": "red", "c_black": "black",
    "trader": "Trader", "settler": "Settler", "captain": "Captain", "priest": "Priest",
    "jack_of_all_trades": "Jack of all trades", "sailor": "Sailor", "pirate": "Pirate",
    "mademoiselle": "Mademoiselle", "jester": "Jester", "admiral": "Admiral", "governor": "Governor",
    "clerk": "Clerk", "gunner": "Gunner", "vice_admiral": "Vice-admiral",
    "anchor": "anchor", "cross": "cross", "house": "house",
    "ship": ("{name} ({n} coin)", "{name} ({n} coins)"),
    "a_ship": ("{name} A ({n} coin)", "{name} A ({n} coins)"),
    "person": "{name} (cost {n})",
    "coloured_person": "{colour} {name} (cost {n})",
    "most_swords": "Tax increase (most swords)",
    "fewest_points": "Tax increase (fewest influence points)",
    "expedition": "Expedition {needs}",
    "contract": "contract \u201c{name}\u201d",
    "and": "{a} and {b}",
})
"""Names of seats, cards and contracts."""

EVENTS = Table("pr_events", {
    "turn_begins": "{p}'s turn begins.",
    "turned": "{p} turns over {c}.",
    "turned_time": "{p} turns over {c} from the time pile.",
    "expedition_out": "{c} is laid out beside the harbour.",
    "repelled": "{p} drives off {c}.",
    "bust": "{c} is a second ship of its colour: {p}'s turn busts and the harbour is cleared.",
    "stops": ("{p} stops with {n} card in the harbour.", "{p} stops with {n} cards in the harbour."),
    "tax": "{c}: everybody with 12 coins or more gives up half.",
    "tax_paid": ("{p} gives up {n} coin.", "{p} gives up {n} coins."),
    "tax_nobody": "Nobody has a sword, so nobody gets the coin.",
    "reshuffle": ("The discard pile is shuffled into a new draw pile ({n} card).",
                  "The discard pile is shuffled into a new draw pile ({n} cards)."),
    "gain": ("{p} gets {n} coin ({why}).", "{p} gets {n} coins ({why})."),
    "no_coins_left": ("No card is left to pay {p} {n} more coin.", "No card is left to pay {p} {n} more coins."),
    "trades": "{p} trades {c}.",
    "trades_fee": "{p} pays the active player 1 coin and trades {c}.",
    "hires": ("{p} hires {c} for {n} coin.", "{p} hires {c} for {n} coins."),
    "hires_fee": ("{p} pays the active player 1 coin and hires {c} for {n} coin.",
                  "{p} pays the active player 1 coin and hires {c} for {n} coins."),
    "clerk": ("{p}'s Clerk: {n} more card to take.", "{p}'s Clerks: {n} more cards to take."),
    "passes": "{p} takes no more cards.",
    "harbour_cleared": "The cards left in the harbour go to the discard pile: {cards}.",
    "turn_ends": "{p}'s turn ends.",
    "last_round": "Somebody has {n} influence points: this round is played to its end.",
    "game_over": "The game is over.",
    "time_up": "The time pile is empty: the game ends at once.",
    "cube": ("{p} puts a cube on {t} (box {box}) and takes {n} coin.",
             "{p} puts a cube on {t} (box {box}) and takes {n} coins."),
    "declined": "{p} lets the chance at {t} go.",
    "paid_for_contract": ("{p} pays {n} coin to the bank for {t}.", "{p} pays {n} coins to the bank for {t}."),
    "gives": "{p} gives 1 coin to {q}.",
    "declared": "{p} declares the game over.",
    "expedition": "{p} fulfils {c}, giving up {cards}.",
})
"""The event log."""

WHY = Table("pr_why", {
    "trade": "trade", "trader": "Trader", "a_ship": "ship marked A", "gunner": "Gunner",
    "jester_bust": "Jester, the turn busted", "jester_empty": "Jester, empty harbour", "admiral": "Admiral",
    "vice_admiral": "Vice-admiral", "most_swords": "most swords", "fewest_points": "fewest influence points",
    "box": "contract box", "expedition": "expedition",
})
"""Why coins were paid (the ``why`` of a ``gain`` event)."""

CHOICES = Table("pr_choices", {
    "discover": "Turn over the next card",
    "stop": "Stop and go on to trading and hiring",
    "repel": "Drive off {c}",
    "land": "Let {c} stay in the harbour",
    "take_ship": "Trade {c}",
    "take_person": ("Hire {c} for {n} coin", "Hire {c} for {n} coins"),
    "fee": "(and pay the active player 1 coin)",
    "pay": ("Pay {n} coin for {t} instead of taking a card", "Pay {n} coins for {t} instead of taking a card"),
    "pass": "Take no more cards",
    "expedition": "Fulfil {c} with {cards}",
    "contract": "Put a cube on {t}",
    "decline": "Let the chance at {t} go",
    "give": "Give 1 coin to {q}",
    "end": "Declare the game over",
})
"""A choice in words (``Game.describe``)."""

REASONS = Table("pr_reasons", {
    "not_an_action": "{what} is not a Port Royal choice: {problem}.",
    "bad_field": "The choice's field {field} has a value of the wrong type: {value}.",
    "out_of_range": "The choice's field {field} holds a number out of range.",
    "too_many": "The choice's field {field} lists more than {n} numbers.",
    "game_over": "The game is over: no more choices can be made.",
    "no_seat": "There is no {p} at this table.",
    "unused_field": "A \u201c{kind}\u201d choice has no {field}: leave that field out.",
    "not_your_decision": "Now {q} decides ({what}); {p} cannot do that now.",
    "not_now": "{p} cannot do that now: the game waits for this: {what}.",
    "no_cards_left": "No card is left to turn over.",
    "stop_first": "Turn over at least one card before you stop.",
    "not_in_harbour": "{c} is not in the harbour.",
    "cannot_afford": ("{c} needs {n} coin and {p} has {have}.", "{c} needs {n} coins and {p} has {have}."),
    "no_take_left": "{p} has no card left to take.",
    "not_active": "Only the active player may do that.",
    "no_pay_contract": "{t} is not a contract you fulfil by paying coins.",
    "pay_short": ("{t} costs {n} coin and {p} has {have}.", "{t} costs {n} coins and {p} has {have}."),
    "expedition_own_turn": "Expeditions are fulfilled by the active player during their own decisions.",
    "no_such_expedition": "{c} is not an expedition laid out beside the harbour.",
    "not_your_person": "{p} does not have {c}.",
    "expedition_mismatch": "{cards} do not match the symbols {c} needs: one person per symbol, a Jack of all trades for any.",
    "no_contract": "There is no contract number {t}.",
    "contract_twice": "{p} has already fulfilled {t}: each player fulfils a contract only once.",
    "no_cubes": ("{p} has used their {n} cube.", "{p} has used all {n} cubes."),
    "boxes_full": "All boxes of {t} are taken.",
    "contract_event": "{t} is fulfilled only at the moment its event happens to you.",
    "contract_pay": "{t} is fulfilled by paying coins instead of taking a card in your own turn.",
    "contract_unmet": "{p} does not meet {t}'s condition now.",
    "give_mode": "Coins are given between players only in cooperative play.",
    "give_target": "Choose another player of the team to give the coin to.",
    "no_coins": "{p} has no coin to give.",
    "end_mode": "Only a team (cooperative or solo play) may declare the game over.",
    "end_early": "The game may be declared over once every contract has at least one cube.",
    "not_legal": "{p} cannot do that now.",
})
"""Why a choice is refused (``explain.reason``)."""

WAITING = Table("pr_waiting", {
    "discover": "{p} turns over a card or stops",
    "repel": "{p} drives off the ship just turned or lets it stay",
    "claim": "{p} decides whether to put a cube on {t}",
    "take": "{p} takes a card from the harbour or takes no more",
    "take_done": "{p} fulfils an expedition or ends their taking",
})
"""What a decision frame waits for (used in refusals)."""


def seat(n: int, lang: str) -> str:
    return NAMES.format("seat", lang, n=n + 1)


def card_name(card: int, lang: str) -> str:
    info = CARDS[card]
    if info.kind == "ship":
        return NAMES.format("a_ship" if info.a_ship else "ship", lang, name=NAMES[info.colour][lang], n=info.coins)
    if info.kind == "person":
        name = NAMES[info.person][lang]
        if info.colour:
            return NAMES.format("coloured_person", lang, colour=NAMES["c_" + info.colour][lang], name=name, n=info.cost)
        return NAMES.format("person", lang, name=name, n=info.cost)
    if info.kind == "tax":
        return NAMES[info.tax][lang]
    return NAMES.format("expedition", lang, needs="+".join(NAMES[s][lang] for s in info.needs))


def cards_text(cards: list[int] | tuple[int, ...], lang: str) -> str:
    names = [card_name(c, lang) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return NAMES.format("and", lang, a=", ".join(names[:-1]), b=names[-1])


def contract_name(contract_id: str, lang: str) -> str:
    names = EXP.contract(contract_id).name
    return NAMES.format("contract", lang, name=names.de if lang == "de" else names.en)


def _format(args: dict[str, Any], lang: str, contracts: list[str] | None = None) -> dict[str, Any]:
    out = dict(args)
    for key in ("p", "q"):
        if key in out and isinstance(out[key], int):
            out[key] = seat(out[key], lang)
    if "c" in out and isinstance(out["c"], int) and 0 <= out["c"] < len(CARDS):
        out["c"] = card_name(out["c"], lang)
    if "cards" in out and isinstance(out["cards"], list | tuple):
        out["cards"] = cards_text([c for c in out["cards"] if isinstance(c, int) and 0 <= c < len(CARDS)], lang)
    if "t" in out and isinstance(out["t"], int):
        out["t"] = _contract_words(out["t"], args, lang, contracts)
    if "problem" in out:  # something that is no choice: what it was and why
        out["what"], out["problem"] = shown(args.get("what"), lang), problem_text(args, lang)
    if "value" in out:
        out["value"] = shown(out["value"], lang)
    if "why" in out and out["why"] in WHY:
        out["why"] = WHY.format(out["why"], lang)
    return out


def _contract_words(t: int, args: dict[str, Any], lang: str, contracts: list[str] | None) -> str:
    """Contract ``t`` of the table by name (or the one ``args`` names by id; else its number)."""
    if contracts is not None and 0 <= t < len(contracts):
        return contract_name(contracts[t], lang)
    if isinstance(args.get("contract"), str):
        return contract_name(args["contract"], lang)
    return str(t + 1)


def render_event(event: tuple[int, str, dict[str, Any]], lang: str = "en", contracts: list[str] | None = None) -> str:
    """One log line in ``lang``."""
    _turn, key, args = event
    if key == "turned" and args.get("time"):
        key = "turned_time"
    elif key in ("trades", "hires") and args.get("fee"):
        key += "_fee"
    return EVENTS.format(key, lang, **_format(args, lang, contracts))


def message(key: str, lang: str = "en", contracts: list[str] | None = None, **args: Any) -> str:
    """A refusal's text, as a sentence: it starts with a capital even where it starts with a contract's
    name ("Contract “Flute hunt” is ...")."""
    text = REASONS.format(key, lang, **_format(args, lang, contracts))
    return text[:1].upper() + text[1:]


def waiting(g: Game, lang: str) -> str:
    """What the game waits for now, in words."""
    if not g.state.stack:
        return REASONS.format("game_over", lang)
    frame = g.state.stack[-1]
    kind = "take_done" if frame["kind"] == "take" and frame["left"] <= 0 else frame["kind"]
    return WAITING.format(kind, lang, **_format({"p": frame["seat"], "t": frame.get("t", -1)}, lang, g.state.contracts))


def describe_action(g: Game, a: Action, lang: str) -> str:
    """A choice in words, as a button would say it."""
    s = g.state
    args = _format({"c": a.card, "q": a.target, "cards": list(a.cards)}, lang)
    if a.kind in ("pay", "contract", "decline"):
        args["t"] = contract_name(s.contracts[a.target], lang) if 0 <= a.target < len(s.contracts) else str(a.target)
    if a.kind == "take" and 0 <= a.card < len(CARDS):
        from .rules import hire_cost

        if CARDS[a.card].kind == "ship":
            text = CHOICES.format("take_ship", lang, **args)
        else:
            text = CHOICES.format("take_person", lang, n=hire_cost(s, a.player, a.card), **args)
        return text + (" " + CHOICES["fee"][lang] if a.player != s.active else "")
    if a.kind == "pay" and 0 <= a.target < len(s.contracts):
        args["n"] = EXP.contract(s.contracts[a.target]).condition.coins  # type: ignore[union-attr]
    return CHOICES.format(a.kind, lang, **args) if a.kind in CHOICES else str(a)


PICTURE = Table("pr_picture", {
    # zones and figures
    "harbour": "Harbour",
    "expeditions": "Expeditions",
    "contracts": "Contracts",
    "just_turned": "Just turned",
    "empty": "empty",
    "coins": "coins",
    "points": "influence points",
    "swords": "swords",
    "persons": "Persons",
    "fulfilled": "Expeditions done",
    "cubes": "cubes",
    "cubes_left": ("{n} cube left", "{n} cubes left"),
    "start": "start player",
    "none": "none",
    "cost": ("costs {n} coin", "costs {n} coins"),
    "worth": ("{n} influence point", "{n} influence points"),
    "trade_gives": ("trading it gives {n} coin", "trading it gives {n} coins"),
    "repel_needs": ("{n} sword drives it off", "{n} swords drive it off"),
    "never": "cannot be driven off",
    "a_ship": "marked A: each other player gets 1 coin when it is traded",
    "a_ship_solo": "marked A (no coin for others in solo play)",
    "gives": ("fulfilling it gives {n} coin", "fulfilling it gives {n} coins"),
    "needs": "needs {needs}",
    "box": ("box {k}: {n} coin", "box {k}: {n} coins"),
    "box_taken": "box {k}: cube of {p}",
    "seal": "seal {s}",
    "team_only": "team play only",
    "expedition_card": "Expedition",
    "tax_card": "Tax increase",
    # the status line
    "turn": "Turn {n}",
    "deck": "draw pile {n}",
    "discard": "discard pile {n}",
    "time_pile": "time pile {n}",
    "turned": ("{n} card turned", "{n} cards turned"),
    "step_discover": "{p} turns over a card or stops",
    "step_repel": "{p}: drive off {c} or let it stay?",
    "step_claim": "{p}: a cube on {t}?",
    "step_take": ("{p} may take {n} more card", "{p} may take {n} more cards"),
    "step_take_done": "{p} may still fulfil an expedition",
    "then": "then {ps}",
    "over": "Game over",
    "won": "{ps} won",
    "won_tie": "{ps} share the win",
    "last_round": "Last round: somebody has {n} influence points",
    "last_round_brief": "Last round ({n} ✦)",
    "turned_brief": "{n} turned",
    "step_repel_brief": "{p}: drive off {c}?",
    "then_brief": "then",
    "team_now": "Team: influence points {pts}, cubes {cubes}, rank {r}",
    "team_end": "Team: influence points {pts}, cubes {cubes}",
    "team_won": "Every contract has a cube: the team reaches the rank {r}",
    "team_lost": "A contract has no cube: the team does not reach a rank",
    "solo_now": "{p}: influence points {pts}, cubes {cubes}, rank {r}",
    "solo_end": "{p}: influence points {pts}, cubes {cubes}",
    "solo_won": "Every contract has a cube: {p} reaches the rank {r}",
    "solo_lost": "A contract has no cube: {p} does not reach a rank",
    "all_cubed": "Every contract has a cube",
    # what a tax increase does
    "tax_most_swords": "12 coins or more: give up half; most swords: +1 coin",
    "tax_fewest_points": "12 coins or more: give up half; fewest influence points: +1 coin",
    # what a person does, in a few words
    "do_trader": "trading a {ship}: +1 coin",
    "do_symbol": "{s} for expeditions",
    "do_jack": "any symbol for expeditions",
    "do_swords": ("{n} sword", "{n} swords"),
    "do_mademoiselle": "hiring costs you 1 coin less",
    "do_jester": "+1 coin on a bust or an empty harbour",
    "do_admiral": "+2 coins if 5 or more cards are in the harbour",
    "do_governor": "take 1 more card each turn",
    "do_clerk": "trading a {ship} in your turn: 1 more card",
    "do_gunner": "+1 coin per ship you drive off",
    "do_vice_admiral": "+1 coin if 3 or 4 cards are in the harbour",
    # the same in the fewest words, for large print on a crowded table (⛀ coins, ⚔ swords, ✦ influence
    # points, a ship by its mark)
    "brief_trader": "trade {ship}: +1 ⛀",
    "brief_symbol": "for expeditions",
    "brief_mademoiselle": "hiring: −1 ⛀",
    "brief_jester": "bust or empty: +1 ⛀",
    "brief_admiral": "5+ cards: +2 ⛀",
    "brief_governor": "+1 card each turn",
    "brief_clerk": "trade {ship} in turn: +1 card",
    "key_trader": "trade its colour: +1 ⛀",
    "key_clerk": "trade its colour in turn: +1 card",
    "brief_gunner": "drive off: +1 ⛀",
    "brief_vice_admiral": "3 or 4 cards: +1 ⛀",
    "brief_most_swords": "12+ ⛀: give half; most ⚔: +1 ⛀",
    "brief_fewest_points": "12+ ⛀: give half; fewest ✦: +1 ⛀",
    "any": "any symbol",
    # what a contract asks for
    "if_persons": "have {list}",
    "if_persons_without_points": "have {n} persons worth no points",
    "if_tax_paid": "lose coins to a tax increase",
    "if_repel_ship": "drive off a {ship} in your turn",
    "if_bust": "your turn busts",
    "if_stop_with_cards": "stop with {n} or more cards in the harbour",
    "if_swords": "have {n} swords",
    "if_expedition": ("have fulfilled {n} expedition", "have fulfilled {n} expeditions"),
    "if_team_persons": "the team has {list}",
    "if_pay_coins": "pay {n} coins instead of taking a card",
    # the same in the fewest words, for large print on a crowded table
    "brief_if_persons": "have {list}",
    "brief_if_team_persons": "team has {list}",
    "brief_if_repel_ship": "drive off {ship}, your turn",
    "brief_if_persons_without_points": "have {n} persons with 0 ✦",
    "brief_if_stop_with_cards": "stop with {n}+ cards",
    "brief_if_tax_paid": "lose ⛀ to a tax increase",
    "brief_if_pay_coins": "pay {n} ⛀ instead of a card",
})
"""The words of the drawn table (``portroyal.picture``)."""
