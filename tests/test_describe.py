"""Menu lines for every choice (``importexport.importexport.describe``): told apart, in words, in both languages.

Three parts:

* random games with card abilities on and every module: at every decision, the legal actions of
  each deciding player read differently in English and in German, and no line shows a raw id or
  a Python value;
* a sweep over every card with an ability: seat 0 fulfils it, then the game goes on at random for
  a while, with the same checks (this reaches far more ability choices than plain random games);
* concrete positions (``load_scenario``) whose ability choices must read exactly as expected.
"""

from __future__ import annotations

import random
import re
import string
from collections import defaultdict
from functools import cache

import pytest
from helpers import cid, fulfil_position, is_quiet, plain_cards

from importexport import CARDS, Action, Game
from importexport.importexport.abilities import REGISTRY
from importexport.importexport.constants import COLOURS, YELLOW
from importexport.importexport.describe import (
    CARD_ARGS,
    PLACE_ARGS,
    SEAT_ARGS,
    TEXT,
    ability_wording,
    describe_action,
    engine_wording,
)
from importexport.importexport.i18n import LANGS
from importexport.importexport.scenario import load_scenario
from importexport.importexport.setup import MODULES

GAMES = 60  # 15 per test, each playing to the end with every module (about 100,000 choices worded per test)
SWEEP_STEPS = 90
WORDED_ARGS = CARD_ARGS | SEAT_ARGS | PLACE_ARGS | {"a", "goods", "cards", "cargo", "inner"}
COUNT_ARGS = {"n", "m"}
REPR = re.compile(r"[\[\]{}<>=]|\(\)|\bNone\b|\bTrue\b|\bFalse\b|Action\(|(?:^|\s)-\d|(?:^|\s)-(?:\s|$)")


# --- the checks ---------------------------------------------------------------------------------

TOKEN_BASE = getattr(CARDS, "token_base", len(CARDS))


def kind(card: int) -> object:
    """A card is itself; a container token (modules "tokens1"/"tokens2") is one of its kind."""
    return ("token", CARDS.goods[card], CARDS.action[card]) if card >= TOKEN_BASE else card


def equivalent(a: Action, b: Action) -> bool:
    """Two different legal actions that do exactly the same, so one line may stand for both.

    Container tokens of one kind (colour and action) are alike: tokens are no cards, only their
    kind matters, so taking (pirating, importing, discarding...) one or the other of two such
    tokens from the same place is the same choice, though the engine lists each token's id.
    """
    return a._replace(cards=()) == b._replace(cards=()) and list(map(kind, a.cards)) == list(map(kind, b.cards))


@cache
def placeholders(key: str) -> frozenset[str]:
    """The names a line's template shows, in either language (parsed once a template, not again at each of
    the half million lines worded)."""
    return frozenset(f for lang in LANGS for _, f, _, _ in string.Formatter().parse(TEXT[key][lang]) if f)


def check_args(g: Game, a: Action) -> None:
    """Every argument of the line is put into words by its name, or is a plain count."""
    key, args = engine_wording(g, a)
    worded = ability_wording(g, a) if g.state.abilities else None
    if worded is not None:
        key, extra = worded
        args = {**args, **extra}
    for name in placeholders(key):
        assert name in WORDED_ARGS or name in COUNT_ARGS, f"{a}: {key} shows {name!r} unworded"
        if name in COUNT_ARGS:
            assert isinstance(args[name], int) and 0 <= args[name] < 200, f"{a}: {key}: {name}={args[name]!r}"


def check_decision(g: Game, where: str) -> int:
    """The checks at one decision; returns the number of lines made."""
    made = 0
    for seat in g.deciders():
        actions = g.legal_actions(seat)
        assert len(set(actions)) == len(actions), f"{where}: a legal action is listed twice: {[str(a) for a in actions]}"
        for a in actions:
            check_args(g, a)
        for lang in LANGS:
            by_text: dict[str, list[Action]] = defaultdict(list)
            for a in actions:
                text = describe_action(g, a, lang)
                made += 1
                assert text and not REPR.search(text), f"{where}: {a} reads {text!r}"
                by_text[text].append(a)
            for text, same in by_text.items():
                alike = all(equivalent(same[0], b) for b in same[1:])
                assert len(same) == 1 or alike, f"{where}: {lang} {text!r} stands for {[str(a) for a in same]}"
    return made


def play_checked(g: Game, rng: random.Random, steps: int, label: str) -> int:
    made = 0
    for step in range(steps):
        if g.is_over():
            break
        made += check_decision(g, f"{label}, step {step}")
        g.apply(rng.choice(g.legal_actions()))
    return made


# --- random games -------------------------------------------------------------------------------

@pytest.mark.parametrize("chunk", range(4))
def test_random_games_word_every_choice_apart(chunk: int) -> None:
    made = 0
    for seed in range(chunk, GAMES, 4):
        players = 2 + seed % 5
        g = Game(players, seed, abilities=True, modules=list(MODULES))
        made += play_checked(g, random.Random(seed), 100_000, f"game {seed} ({players} players)")
        assert g.is_over()
    assert made > 10_000


def test_templates_have_both_languages_with_the_same_placeholders() -> None:
    for key, texts in TEXT.items():
        assert set(texts) == set(LANGS), key
        fields = [sorted(f for _, f, _, _ in string.Formatter().parse(texts[lang]) if f) for lang in LANGS]
        assert all(f == fields[0] for f in fields), key


ENGINE_WORDED = {("CELL PHONES", "load_drawn"), ("FLOUR", "load")}  # only ordinary Loads: the engine's words do


def test_every_ability_words_its_own_choices() -> None:
    """Each question an ability asks, and each anytime choice it offers, has its own wording."""
    missing = []
    for name, ability in sorted(REGISTRY.items()):
        for attr in dir(ability):
            step = attr.removeprefix("options_")
            if step != attr and (name, step) not in ENGINE_WORDED and not hasattr(ability, "describe_" + step):
                missing.append(f"{name}: describe_{step}")
        if hasattr(ability, "anytime_apply") and not hasattr(ability, "describe_anytime"):
            missing.append(f"{name}: describe_anytime")
    assert not missing


# --- every ability, fulfilled by seat 0 ---------------------------------------------------------

class Pool:
    """Quiet base cards (see ``helpers.is_quiet``), each handed out once."""

    def __init__(self, *used: str) -> None:
        self.used = set(used)

    def take(self, colour: str, n: int = 1) -> list[str]:
        names = plain_cards(colour, n, self.used)
        self.used.update(names)
        return names

    def one(self, colour: str) -> str:
        return self.take(colour)[0]

    def contract(self) -> str:
        """A card asking for two or more containers, to stand as a contract."""
        name = next(
            c.name for c in CARDS.cards
            if c.set == "base" and is_quiet(c.name) and c.name not in self.used and len(c.slots(0)) > 1
        )
        self.used.add(name)
        return name


def sweep_position(name: str) -> Game:
    """Seat 0 (active, one Load declared) is one Load from fulfilling ``name``.  Everybody holds
    cards, goods, crew and credits; a ship is at sea, another in harbour is loaded, the Supply Island
    has cards, and seat 0's second ship waits for containers."""
    pool = Pool(name)
    slots = CARDS.by_name(name).slots(0)
    containers = [pool.one(COLOURS[s] if s < len(COLOURS) - 1 else "green") for s in slots]
    seat0 = {
        "credits": 20, "hand": [containers[-1], *pool.take("yellow", 2), *pool.take("blue", 4), pool.one("black")],
        "goods": [pool.one("blue"), pool.one("green")], "crew": [pool.one("red")], "fulfilled": [pool.one("green")],
        "ships": [{"contracts": [name], "containers": containers[:-1]}, {"contracts": [pool.contract()]}],
    }
    seat1 = {
        "credits": 12, "hand": [pool.one("yellow"), pool.one("red")], "goods": pool.take("black", 2),
        "fulfilled": [pool.one("green")], "ships": [{"at_sea": True, "containers": pool.take("red", 3)}],
    }
    seat2 = {
        "credits": 6, "hand": [pool.one("blue")], "crew": [pool.one("black")],
        "ships": [{"contracts": [pool.contract()], "containers": [pool.one("yellow")]}],
    }
    spec = {
        "players": 3, "abilities": True, "seats": [seat0, seat1, seat2], "island": [pool.one("green"), pool.one("yellow")],
        "modules": [m for m in MODULES if "token" not in m], "turn": {"led": "load", "declared": [1, -1, -1]},
    }
    g = load_scenario(spec)
    g.apply(Action(0, "load", (cid(containers[-1]),), 0))
    return g


@pytest.mark.parametrize("part", range(3))
def test_every_ability_fulfilled_then_played_on_words_every_choice_apart(part: int) -> None:
    names = sorted(REGISTRY)[part::3]
    made = {name: play_checked(sweep_position(name), random.Random(i), SWEEP_STEPS, name) for i, name in enumerate(names)}
    # every sweep reached decisions (the fewest about 440 lines, APPLE WATCH's): none may end before it began
    fewest = min(made, key=made.__getitem__)
    assert len(made) == len(names) > 50 and made[fewest] >= 200, f"{fewest} worded only {made[fewest]} lines"


# --- concrete positions -------------------------------------------------------------------------

def lines(g: Game, lang: str, seat: int | None = None) -> list[str]:
    return [g.describe(a, lang) for a in g.legal_actions(seat)]


def fulfilled(name: str, **kw) -> Game:
    g, load = fulfil_position(name, True, **kw)
    g.apply(load)
    return g


def test_railguns_names_what_each_option_gives_and_to_whom() -> None:
    contract, good_a, good_b = plain_cards("green", 3, {"RAILGUNS"})[:1] + plain_cards("black", 2, {"RAILGUNS"})
    g = fulfilled("RAILGUNS", others=[{"credits": 9, "fulfilled": [contract], "goods": [good_a, good_b]}, {}])
    assert g.deciders() == [1]
    assert set(lines(g, "en", 1)) >= {
        "RAILGUNS: pay Player 1 4 credits",
        f"RAILGUNS: give the fulfilled contract {contract} to Player 1",
        f"RAILGUNS: give two goods to Player 1, first {good_a}",
        f"RAILGUNS: give two goods to Player 1, first {good_b}",
    }
    assert "RAILGUNS: Spieler 1 4 Credits zahlen" in lines(g, "de", 1)
    g.apply(Action(1, "choose", (cid("RAILGUNS"), cid(good_a)), 2))
    assert lines(g, "en", 1) == [f"RAILGUNS: give Player 1 the second good, {good_b}"]


def test_yen_names_the_ship_it_is_tucked_under() -> None:
    g = fulfilled("YEN")
    assert lines(g, "en") == ["YEN: tuck it under Player 1's ship 1", "YEN: tuck it under Player 1's ship 2"]
    assert lines(g, "de") == ["YEN: unter Schiff 1 von Spieler 1 schieben", "YEN: unter Schiff 2 von Spieler 1 schieben"]


def wanting(colour: int, *used: str) -> str:
    """A quiet base card asking for two or more containers, one of them of ``colour``."""
    return next(
        c.name for c in CARDS.cards
        if c.set == "base" and is_quiet(c.name) and colour in c.slots(0) and len(c.slots(0)) > 1 and c.name not in used
    )


def test_oat_milk_offers_credits_cards_or_nothing() -> None:
    yellow = plain_cards("yellow", 1, {"OAT MILK"})[0]
    spec = {
        "players": 2, "abilities": True,
        "seats": [{"fulfilled": ["OAT MILK"], "hand": [yellow], "ships": [{"contracts": [wanting(YELLOW, yellow)]}]}],
        "turn": {"led": "load", "declared": [1, -1]},
    }
    g = load_scenario(spec)
    g.apply(Action(0, "load", (cid(yellow),), 0))
    assert lines(g, "en")[:3] == ["OAT MILK: take 2 credits", "OAT MILK: draw 2 cards", "OAT MILK: take nothing"]
    assert lines(g, "de")[:3] == ["OAT MILK: 2 Credits nehmen", "OAT MILK: 2 Karten nachziehen", "OAT MILK: nichts nehmen"]


def test_chopsticks_names_the_action_carried_out_instead() -> None:
    """The free choices beside the question (here dropping a contract) keep their own words."""
    waiting = plain_cards("blue", 1, {"CHOPSTICKS"})[0]
    spec = {
        "players": 2, "abilities": True, "seats": [{"fulfilled": ["CHOPSTICKS"], "ships": [{"contracts": [waiting]}]}],
        "turn": {"led": "import", "declared": [1, 1]},
    }
    g = load_scenario(spec)
    assert lines(g, "en") == [
        "CHOPSTICKS: keep your Import actions",
        "CHOPSTICKS: carry out your Import actions as Contract",
        "CHOPSTICKS: carry out your Import actions as Load",
        f"Discard the unfulfilled contract {waiting} from Player 1's ship 1",
    ]
    assert lines(g, "de")[1:3] == [
        "CHOPSTICKS: die Import-Aktionen als Auftrag ausführen",
        "CHOPSTICKS: die Import-Aktionen als Laden ausführen",
    ]


def test_rope_names_both_cards_of_each_swap() -> None:
    hand = plain_cards("green", 2, {"ROPE"})
    island = plain_cards("red", 1, {"ROPE"})
    g = load_scenario({"players": 2, "abilities": True, "island": island, "seats": [{"fulfilled": ["ROPE"], "hand": hand}]})
    rope = [g.describe(a, "en") for a in g.legal_actions(0) if a.kind == "anytime"]
    assert rope == [f"ROPE: swap {h} from your hand for {island[0]} from the Supply Island" for h in hand]


def test_segways_names_the_area_or_ship_it_moves_to() -> None:
    other = plain_cards("green", 1, {"SEGWAYS"})[0]
    contract = wanting(CARDS.goods[cid("SEGWAYS")], other)
    spec = {"players": 2, "abilities": True, "seats": [{"fulfilled": ["SEGWAYS", other], "ships": [{"contracts": [contract]}]}]}
    g = load_scenario(spec)
    texts = [g.describe(a, lang) for lang in LANGS for a in g.legal_actions(0) if a.kind == "anytime"]
    assert texts == [
        "SEGWAYS: move it into your crew", "SEGWAYS: move it into your goods",
        "SEGWAYS: put it as a container onto Player 1's ship 1",
        "SEGWAYS: in die Crew verschieben", "SEGWAYS: zu den Gütern verschieben",
        "SEGWAYS: als Container auf Schiff 1 von Spieler 1 legen",
    ]


def test_us_dollars_names_the_action_type_it_stands_for() -> None:
    g = load_scenario({"players": 2, "abilities": True, "seats": [{"fulfilled": ["US DOLLARS"]}]})
    texts = [g.describe(a, "en") for a in g.legal_actions(0) if a.kind == "anytime"]
    assert texts == [
        f"US DOLLARS: discard it; it counts as one {a} crew card this turn"
        for a in ("Supply", "Import", "Contract", "Load", "Pirate")
    ]


def test_j_card_sides_and_colours_are_named() -> None:
    spec = {
        "players": 2, "abilities": False, "modules": ["j"],
        "seats": [{"hand": ["BIRD FEED"], "credits": 10}],
        "turn": {"led": "contract", "declared": [1, -1]},
    }
    g = load_scenario(spec)
    assert lines(g, "en")[:2] == [
        "Place BIRD FEED as a contract on Player 1's ship 1, cargo 2 × agriculture (yellow)",
        "Place BIRD FEED as a contract on Player 1's ship 2, cargo 2 × agriculture (yellow)",
    ]
    assert "BIRD FEED als Auftrag an Schiff 1 von Spieler 1 anlegen, Ladung 3 × Konsum (schwarz)" in lines(g, "de")


def test_end_of_game_choices_name_the_type_and_the_contract() -> None:
    """TESLAS names a goods type, DIAMONDS the fulfilled contract it moves into the goods."""
    supply = next(c.name for c in CARDS.cards if c.set == "base" and is_quiet(c.name) and c.action == "supply")
    pool = Pool(supply, "TESLAS", "DIAMONDS")
    sold = pool.one("green")
    spec = {
        "players": 2, "abilities": True,
        "seats": [{"fulfilled": ["TESLAS", "DIAMONDS"], "crew": [supply], "credits": 48, "hand": [sold]}],
        "turn": {"led": "supply", "declared": [1, -1]},
    }
    g = load_scenario(spec)
    g.apply(Action(0, "sell", (cid(sold),)))
    assert lines(g, "en") == [
        "DIAMONDS: move the fulfilled contract TESLAS into your goods",
        "DIAMONDS: move the fulfilled contract DIAMONDS into your goods",
        "DIAMONDS: move no (further) contract",
    ]
    g.apply(Action(0, "no", (cid("DIAMONDS"),)))
    assert lines(g, "en") == [
        f"TESLAS: your Supply crew counts as {goods} goods"
        for goods in ("technology (green)", "agriculture (yellow)", "consumer (black)", "luxury (blue)", "illegal (red)")
    ]
    assert lines(g, "de")[0] == "TESLAS: die Vorrat-Crew zählt als Güter der Güterart Technologie (grün)"


def test_led_lights_names_the_two_cards_given_and_the_card_taken() -> None:
    pool = Pool("LED LIGHTS")
    hand, island = pool.take("black", 3), pool.one("red")
    g = load_scenario({"players": 2, "abilities": True, "island": [island], "seats": [{"fulfilled": ["LED LIGHTS"], "hand": hand}]})
    want = next(a for a in g.legal_actions(0) if a.kind == "anytime")
    assert g.describe(want, "en") == f"LED LIGHTS: take {island} from the Supply Island for two hand cards"
    g.apply(want)
    a, b, c = sorted(hand, key=cid)
    assert lines(g, "en") == [f"LED LIGHTS: give {x} and {y} for {island}" for x, y in ((a, b), (a, c), (b, c))]
    assert lines(g, "de")[0] == f"LED LIGHTS: {a} und {b} für {island} abgeben"


def test_prefab_home_words_fulfilling_with_half_against_loading_on() -> None:
    """PREFAB HOME asks, once half a luxury contract's containers are aboard: fulfil now, or load on."""
    contract = next(
        c.name for c in CARDS.cards
        if c.set == "base" and c.goods == "blue" and len(c.slots(0)) == 4 and "rainbow" not in c.cargo
        and not c.level and is_quiet(c.name)
    )
    pool = Pool("PREFAB HOME", contract)
    loaded = [pool.one(COLOURS[slot]) for slot in CARDS.by_name(contract).slots(0)[:2]]
    spec = {
        "players": 2, "abilities": True,
        "seats": [{"fulfilled": ["PREFAB HOME"], "hand": loaded, "ships": [{"contracts": [contract]}, {}]}, {}],
        "turn": {"led": "load", "declared": [2, -1]},
    }
    g = load_scenario(spec)
    for card in loaded:
        g.apply(Action(0, "load", (cid(card),), 0))
    assert lines(g, "en")[:2] == [
        "PREFAB HOME: fulfil the contracts on Player 1's ship 1 now, luxury ones with half their containers",
        "PREFAB HOME: keep loading Player 1's ship 1 for the full cargo",
    ]
    assert lines(g, "de")[:2] == [
        "PREFAB HOME: die Aufträge an Schiff 1 von Spieler 1 jetzt erfüllen, Luxus-Aufträge mit der Hälfte ihrer Container",
        "PREFAB HOME: Schiff 1 von Spieler 1 weiter beladen, bis zur vollen Ladung",
    ]


def test_lucky_cards_names_the_type_and_the_30_credits_it_costs() -> None:
    g = load_scenario({"players": 2, "abilities": True, "seats": [{"fulfilled": ["LUCKY CARDS"], "credits": 30}, {}]})
    lucky = [a for a in g.legal_actions(0) if a.kind == "anytime" and a.cards == (cid("LUCKY CARDS"),)]
    assert [a.target for a in lucky] == [0, 1, 2, 3, 4]
    assert g.describe(lucky[YELLOW], "en") == (
        "LUCKY CARDS: pay 30 credits to the bank, name agriculture (yellow) and draw a card (50 credits if it matches)")
    assert g.describe(lucky[YELLOW], "de") == (
        "LUCKY CARDS: der Bank 30 Credits zahlen, Landwirtschaft (gelb) nennen und eine Karte nachziehen (50 Credits, wenn sie passt)")
