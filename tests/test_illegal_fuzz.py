"""Illegal choices: at random points of random games, random choices that are not legal are
refused with ``IllegalActionError`` naming a rule, in a sentence of the game's language, and
change nothing.  Then each named refusal in a position built for it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

import pytest
from test_random_play import random_step, rng_for, snapshot

from importexport import CARDS, Action, Game, IllegalActionError
from importexport.importexport.constants import IMPORT, LOAD, PIRATE, SUPPLY
from importexport.importexport.explain import REASONS
from importexport.importexport.scenario import load_scenario

KINDS = (
    "draw", "play", "wild", "declare", "sell", "crew", "contract", "load", "pirate", "trade", "ship", "bid",
    "winner", "take", "drop", "yes", "no", "choose", "anytime",
)
SHIP_KINDS = {"contract", "load", "pirate", "ship", "drop", "anytime"}
FUZZ_GAMES = 20  # per language and rule set, over 2 to 6 players; each language its own seeds (40 games a rule set)
FUZZ_CHANCE = 0.15  # the share of steps at which illegal choices are tried
TRIES = 4  # illegal choices tried at such a step
# Rules the fuzzing must reach in every run (else it would be testing very little).
# (sell_once needs a second sale in one turn, which random play seldom offers: the targeted tests below cover it)
FUZZ_MUST_REACH = {
    "not_your_decision", "wrong_kind", "not_in_hand", "must_follow", "wild_colour", "declare_range",
    "not_on_island", "ship_not_in_harbour", "no_such_container", "bid_too_high", "not_at_sea", "unused_detail",
    "wild_only_without", "one_card", "unknown_card", "level_missing", "no_open_requirement", "must_take",
}
GENERIC = {"not_legal", "wrong_detail"}  # a refusal that names no rule: the fuzzing must never meet one


def card_id(name: str) -> int:
    return CARDS.by_name(name).id


def act(player: int, kind: str, *names: str, target: int = -1, count: int = 0, option: int = 0) -> Action:
    """An action with its cards given by name."""
    return Action(player, kind, tuple(card_id(n) for n in names), target, count, option)


# --- random illegal choices -------------------------------------------------------------------

def random_target(g: Game, kind: str, rng: random.Random) -> int:
    n = g.state.n
    if kind == "wild":
        return rng.randrange(-1, 6)  # an action number, or -1 (refused as not an action)
    if kind in SHIP_KINDS:
        return rng.randrange(-1, 2 * n)
    if kind == "winner":
        return rng.randrange(-1, n)
    if kind == "take":
        return rng.randrange(-1, 3)
    return rng.randrange(-1, 2 * n)


def random_cards(g: Game, player: int, rng: random.Random) -> tuple[int, ...]:
    """0 to 3 cards, mostly ones near the player (hand, island, ships), some from anywhere or no card at all."""
    s = g.state
    near = list(s.island) + [c for ship in s.ships for c in ship.containers + ship.contracts]
    if 0 <= player < s.n:
        near += s.players[player].hand * 2
    count = rng.choice((0, 1, 1, 1, 2, 2, 3))
    return tuple(rng.choice(near) if near and rng.random() < 0.8 else rng.randrange(-2, len(CARDS) + 2) for _ in range(count))


def random_action(g: Game, rng: random.Random) -> Action:
    """A random choice of any kind, by a deciding seat most of the time."""
    n = g.state.n
    deciders = g.deciders()
    player = rng.choice(deciders) if deciders and rng.random() < 0.7 else rng.randrange(n + 2)
    kind = rng.choice(KINDS)
    count = rng.randrange(0, 16) if kind != "bid" else rng.randrange(0, 60)
    return Action(player, kind, random_cards(g, player, rng), random_target(g, kind, rng), count, rng.randrange(0, 2 * n + 1))


def mutated_action(g: Game, rng: random.Random) -> Action:
    """A legal choice with one detail changed (reaches the rules behind the first checks)."""
    a = rng.choice(g.legal_actions())
    change = rng.randrange(8)
    if change == 0:
        return a._replace(player=rng.randrange(g.state.n))
    if change == 1:
        return a._replace(kind=rng.choice(KINDS))
    if change == 2:
        return a._replace(cards=random_cards(g, a.player, rng))
    if change == 3:
        return a._replace(target=random_target(g, a.kind, rng))
    if change == 4:
        return a._replace(count=a.count + rng.choice((-2, -1, 1, 2, 5)))
    if change == 5:
        return a._replace(option=a.option + rng.choice((-1, 1, 2)))
    if change == 6:
        return a._replace(colour=rng.choice((None, *range(7))))
    return a._replace(sources=tuple(rng.randrange(-5, len(g.state.ships)) for _ in range(rng.randrange(3))))


def illegal_actions(g: Game, rng: random.Random, tries: int) -> list[Action]:
    legal = set(g.legal_actions())
    made = (mutated_action(g, rng) if legal and rng.random() < 0.5 else random_action(g, rng) for _ in range(tries))
    return [a for a in made if a not in legal and a.normalised() not in legal]


# --- what a refusal must look like ----------------------------------------------------------

def template_pattern(template: str) -> re.Pattern[str]:
    """A template such as ``"{c} is not in {p}'s hand."`` as a regex matching any filled-in copy."""
    parts = re.split(r"\{\w+\}", template)
    return re.compile(".*?".join(re.escape(p) for p in parts), re.S)


PATTERNS = {  # a sentence with a count: either of its forms (for one, for several)
    (rule, lang): re.compile("|".join(f"(?:{template_pattern(text).pattern})" for text in texts.forms(lang)), re.S)
    for rule, texts in REASONS.items() for lang in texts
}


def refuse(g: Game, action: Action) -> IllegalActionError:
    """Apply an illegal ``action``: it must be refused with a rule and a sentence, changing nothing."""
    before = (snapshot(g), len(g.log), list(g.history), g.deciders(), g.legal_actions())
    with pytest.raises(IllegalActionError) as refused:
        g.apply(action)
    error = refused.value
    message = str(error)
    assert error.rule in REASONS, f"{action}: unknown rule key {error.rule!r}"
    assert message.strip() == message and len(message) > 10 and message.endswith("."), f"{action}: {message!r}"
    assert PATTERNS[error.rule, g.lang].fullmatch(message), f"{action}: {message!r} is not the {g.lang} text of {error.rule}"
    after = (snapshot(g), len(g.log), list(g.history), g.deciders(), g.legal_actions())
    assert after == before, f"{action} was refused ({error.rule}) but changed the game"
    return error


# --- fuzzing ----------------------------------------------------------------------------------

@pytest.mark.parametrize("abilities", [False, True], ids=["basic", "abilities"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_random_illegal_choices_are_refused_and_change_nothing(lang: str, abilities: bool) -> None:
    rules: set[str] = set()
    first = 0 if lang == "en" else FUZZ_GAMES  # (the sentences differ, the rules do not: other games, not the same twice)
    for seed in range(first, first + FUZZ_GAMES):
        players = 2 + seed % 5
        g = Game(players=players, seed=seed, abilities=abilities, lang=lang)
        rng = rng_for(players, seed, abilities)
        while not g.is_over():
            if rng.random() < FUZZ_CHANCE:
                for action in illegal_actions(g, rng, TRIES):
                    rules.add(refuse(g, action).rule)
            random_step(g, rng)
        for action in illegal_actions(g, rng, TRIES):  # and after the end
            assert refuse(g, action).rule == "game_over"
    assert FUZZ_MUST_REACH <= rules, f"the fuzzing never reached {sorted(FUZZ_MUST_REACH - rules)}"
    assert not rules & GENERIC, f"refusals without a rule of their own: {sorted(rules & GENERIC)}"


def test_unparsable_text_is_refused_and_changes_nothing() -> None:
    g = Game(players=3, seed=2)
    before = snapshot(g)
    for text in ("", "p0", "draw", "px draw", "p0 play c=a", "p0 play q=3"):
        with pytest.raises(IllegalActionError) as refused:
            g.apply(text)
        assert refused.value.rule == "not_an_action"
    assert snapshot(g) == before and g.history == []


# --- each named refusal, in a position built for it ---------------------------------------------

@dataclass
class Refusal:
    """A position (scenario plus choices leading to it), a refused choice and its rule.

    ``fine`` is a choice that *is* legal there, showing the position is the intended one.
    """

    spec: dict[str, Any]
    then: list[Action]
    bad: Action
    rule: str
    fine: Action | None = None


FOLLOW_SUPPLY = {"players": 3, "seats": [{"hand": ["ALMONDS"]}, {"hand": ["BATTERIES", "BIG CATS", "APPLES", "BEER"]}]}
WILD_HAND = {"players": 3, "seats": [{"hand": ["APPLES", "BEER", "AMMUNITION"]}]}  # yellow import + contract, red supply
SUPPLY_TWICE = {
    "players": 3, "seats": [{"hand": ["ALMONDS", "BEER"]}], "island": ["APPLES"],
    "turn": {"led": "supply", "declared": [2, -1, -1]},
}
IMPORT_BIDS = {
    "players": 3, "seats": [{"credits": 3}, {"credits": 10}, {"ships": [{}, {"at_sea": True, "containers": ["PENS", "RICE"]}]}],
    "turn": {"led": "import", "declared": [1, 1, -1]},
}
LAST_CARD = {"players": 2, "fill_deck": False, "deck": ["ONIONS"],
             "seats": [{"hand": ["ALMONDS", "BEER", "APPLES", "PENS", "RICE"]}, {"hand": ["WHEAT"]}]}

REFUSALS: dict[str, Refusal] = {
    "follow with a card of another action": Refusal(
        FOLLOW_SUPPLY, [act(0, "play", "ALMONDS")], act(1, "play", "BIG CATS"), "must_follow",
        fine=act(1, "play", "BATTERIES")),
    "wild pair of two colours": Refusal(
        WILD_HAND, [], act(0, "wild", "BEER", "AMMUNITION", target=LOAD), "wild_colour",
        fine=act(0, "wild", "APPLES", "BEER", target=LOAD)),
    "wild for an action in hand (lead)": Refusal(
        WILD_HAND, [], act(0, "wild", "APPLES", "BEER", target=IMPORT), "wild_only_without",
        fine=act(0, "wild", "APPLES", "BEER", target=PIRATE)),
    "wild for the led action in hand (follow)": Refusal(
        FOLLOW_SUPPLY, [act(0, "play", "ALMONDS")], act(1, "wild", "APPLES", "BEER", target=SUPPLY), "wild_only_without",
        fine=act(1, "play", "BATTERIES")),
    "declare too many": Refusal(
        {"players": 3, "seats": [{"hand": ["ALMONDS"], "crew": ["BATTERIES"]}]}, [act(0, "play", "ALMONDS")],
        act(0, "declare", count=3), "declare_range", fine=act(0, "declare", count=2)),
    "declare none after leading": Refusal(
        {"players": 3, "seats": [{"hand": ["ALMONDS"], "crew": ["BATTERIES"]}]}, [act(0, "play", "ALMONDS")],
        act(0, "declare", count=0), "declare_range", fine=act(0, "declare", count=1)),
    "sell twice in a turn": Refusal(
        SUPPLY_TWICE, [act(0, "sell", "ALMONDS")], act(0, "sell", "BEER"), "sell_once", fine=act(0, "crew", "APPLES")),
    "bid more than one has": Refusal(
        IMPORT_BIDS, [Action(0, "ship", target=5)], Action(0, "bid", count=5), "bid_too_high",
        fine=Action(0, "bid", count=3)),
    "bid twice": Refusal(
        IMPORT_BIDS, [Action(0, "ship", target=5), Action(0, "bid", count=2)], Action(0, "bid", count=1),
        "not_your_decision", fine=Action(1, "bid", count=1)),
    "the wrong player": Refusal({"players": 3}, [], Action(1, "draw"), "not_your_decision", fine=Action(0, "draw")),
    "after the game is over": Refusal(LAST_CARD, [Action(0, "draw")], Action(0, "draw"), "game_over"),
    "after the game is over, another seat": Refusal(LAST_CARD, [Action(0, "draw")], Action(1, "draw"), "game_over"),
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("case", list(REFUSALS))
def test_named_refusal(case: str, lang: str) -> None:
    r = REFUSALS[case]
    g = load_scenario(r.spec, lang=lang)
    for action in r.then:
        g.apply(action)
    assert r.bad not in g.legal_actions()
    error = refuse(g, r.bad)
    assert error.rule == r.rule, f"{case}: refused as {error.rule} ({error})"
    if r.fine is None:
        assert g.is_over()
    else:
        assert r.fine in g.legal_actions()


def test_refusals_name_the_players_and_numbers() -> None:
    g = load_scenario(IMPORT_BIDS)
    g.apply(Action(0, "ship", target=5))
    assert str(refuse(g, Action(0, "bid", count=5))) == "You cannot bid more credits than you have (3)."
    assert str(refuse(g, Action(2, "bid", count=1))) == "It is not Player 3's decision now: the game is waiting for Player 1."
    g = load_scenario(IMPORT_BIDS, lang="de")
    g.apply(Action(0, "ship", target=5))
    assert str(refuse(g, Action(0, "bid", count=5))) == "Du kannst nicht mehr bieten, als du Credits hast (3)."


# --- refusals that go wrong (engine bugs) ---------------------------------------------------

@pytest.mark.parametrize("kind", ["play", "wild", "sell", "crew"])
def test_unknown_card_ids_are_refused(kind: str) -> None:
    g = load_scenario(SUPPLY_TWICE if kind in ("sell", "crew") else {"players": 3})
    cards = (len(CARDS), len(CARDS) + 1) if kind == "wild" else (len(CARDS),)
    assert refuse(g, Action(0, kind, cards, PIRATE if kind == "wild" else -1)).rule == "unknown_card"


def test_wild_for_no_action_is_refused() -> None:
    g = load_scenario(WILD_HAND)
    assert refuse(g, act(0, "wild", "APPLES", "BEER", target=6)).rule == "wild_action"


def test_following_wild_for_another_action_names_must_follow() -> None:
    g = load_scenario({"players": 3, "seats": [{"hand": ["ALMONDS"]}, {"hand": ["APPLES", "BEER"]}]})
    g.apply(act(0, "play", "ALMONDS"))
    assert act(1, "wild", "APPLES", "BEER", target=SUPPLY) in g.legal_actions()
    assert refuse(g, act(1, "wild", "APPLES", "BEER", target=LOAD)).rule == "must_follow"


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("case", ["load onto ship -1", "seat -1"])
def test_refusals_of_ship_or_seat_minus_one_read_as_sentences(case: str, lang: str) -> None:
    spec = {
        "players": 3, "seats": [{"hand": ["PENS"], "ships": [{"contracts": ["ALMONDS"]}]}],
        "turn": {"led": "load", "declared": [1, -1, -1]},
    }
    g = load_scenario(spec, lang=lang)
    assert act(0, "load", "PENS", target=0) in g.legal_actions()
    bad = act(0, "load", "PENS", target=-1) if case == "load onto ship -1" else Action(-1, "load")
    error = refuse(g, bad)
    assert error.rule == ("unknown_ship" if case == "load onto ship -1" else "unknown_seat")
    message = str(error)
    assert message[0].isupper() and not re.search("Supply Island|Vorratsinsel|nobody|niemand", message), message


def test_negative_card_ids_are_not_named_as_cards() -> None:
    g = load_scenario({"players": 3})
    error = refuse(g, Action(0, "play", (-1,)))
    assert error.rule == "unknown_card" and CARDS.names[-1] not in str(error), str(error)
