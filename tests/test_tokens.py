"""The container-token variants (modules "tokens1" and "tokens2"): cards replaced by tokens when
loaded (and, in variant 2, when joining a crew or the goods), tokens pirated, the Import's search
of the discard pile, the grey card's colour choice, random play and save files.
"""

from __future__ import annotations

import json
import random

import pytest
from helpers import apply_one, cid, matching, plain_cards
from test_random_play import MAX_STEPS, check_finished, play_random, random_step, rng_for

from importexport import CARDS, Action, Game, IllegalActionError, SaveFileError, ScenarioError
from importexport.importexport.actions import DISCARD, ISLAND, TAKE_CREW, TAKE_DISCARD, TAKE_GOODS
from importexport.importexport.constants import COLOURS, GREY, IMPORT, payout
from importexport.importexport.rules import crew_for
from importexport.importexport.savefile import load
from importexport.importexport.scenario import load_scenario
from importexport.importexport.scoring import final_scores
from importexport.importexport.setup import check_modules, deck_sets
from importexport.importexport.tokens import tokens_in_play

TOKEN_BASE = CARDS.token_base


def tok(colour: str, action: int = -1, copy: int = 0) -> int:
    """The id of a token (copy ``copy`` of its kind)."""
    return CARDS.token(COLOURS.index(colour), action, copy)


def colour_of(token: int) -> str:
    return COLOURS[CARDS.goods[token]]


def events(g: Game) -> list[str]:
    return [key for _, key, _ in g.log]


# --- the invariants of both variants --------------------------------------------------------------

class TokenInvariants:
    """Checked after every step: each card of the game's sets lies in exactly one place; tokens lie
    only on ships, in crews and among goods, each id once; in variant 1 every container is a token
    and every crew card and good a card, in variant 2 all of them are tokens."""

    def __init__(self, g: Game, label: str) -> None:
        self.label = label
        self.cards = sorted(CARDS.ids_in_sets(deck_sets(g.state.modules)))
        self.v2 = "tokens2" in g.state.modules
        self.found = 0
        self(g, 0)

    def __call__(self, g: Game, step: int) -> None:
        s = g.state
        at = f"{self.label}, step {step} ({g.history[-1] if g.history else '-'})"
        assert sorted(s.all_cards()) == self.cards, f"{at}: a card is lost or in two places"
        piles = s.deck + s.discard + s.island + s.played
        piles += [c for p in s.players for c in p.hand + p.fulfilled] + [c for x in s.ships for c in x.contracts]
        assert all(c < TOKEN_BASE for c in piles), f"{at}: a token lies in a hand, a pile or among contracts"
        tokens = tokens_in_play(s)
        assert len(tokens) == len(set(tokens)) and all(t < CARDS.table_size for t in tokens), f"{at}: {tokens}"
        for x in s.ships:
            assert all(c >= TOKEN_BASE for c in x.containers), f"{at}: a card is a container on ship {x.id}"
            assert [CARDS.goods[c] for c in x.containers] == [
                CARDS.goods[c] if col == 7 else col for c, col in zip(x.containers, x.colours)
            ], f"{at}: a token counts as another colour on ship {x.id}"
        for p in s.players:
            for c in p.crew + p.goods:
                assert (c >= TOKEN_BASE) == self.v2, f"{at}: seat {p.seat} holds {CARDS.names[c]} in crew/goods"
        assert all(p.credits >= 0 for p in s.players)
        if not g.is_over():
            assert all(g.legal_actions(seat) for seat in g.deciders()), f"{at}: a decider without choices"
        self.found = sum(1 for _, key, _ in g.log if key == "token_found")


def play_checked(g: Game, rng: random.Random, label: str) -> TokenInvariants:
    check = TokenInvariants(g, label)
    steps = len(play_random(g, rng, MAX_STEPS, check))
    check_finished(g, steps, label)
    for lang in ("en", "de"):
        assert all(line and "{" not in line for line in g.narrate(lang)), f"{label}: a log line is not told"
    return check


# --- modules and setup ---------------------------------------------------------------------------

def test_tokens2_brings_tokens1_and_both_add_no_cards() -> None:
    assert check_modules(["tokens2"]) == ["tokens1", "tokens2"]
    assert check_modules(["tokens2", "capital"]) == ["capital", "tokens1", "tokens2"]
    assert Game(3, modules=["tokens2"]).state.modules == ["tokens1", "tokens2"]
    assert deck_sets(["tokens1", "tokens2"]) == deck_sets([])


def test_token_ids_follow_the_cards_and_carry_colour_and_action() -> None:
    assert tok("green") == TOKEN_BASE == len(CARDS)
    blue_import = tok("blue", IMPORT, 5)
    assert (CARDS.goods[blue_import], CARDS.action[blue_import]) == (COLOURS.index("blue"), IMPORT)
    assert CARDS.action[tok("red")] == -1 and CARDS.slots[tok("red")] == () and CARDS.j_colours[tok("red")] == ()
    assert CARDS.names[blue_import] == "blue token (Import)" and CARDS.names[tok("red", copy=3)] == "red token"
    assert len(CARDS.goods) == len(CARDS.action) == len(CARDS.names) == CARDS.table_size
    assert len(CARDS) == 180 and len(CARDS.cards) == 180


@pytest.mark.parametrize("module", ["tokens1", "tokens2"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_setup_discards_the_sea_cards_and_sails_tokens_of_their_colours(module: str, players: int) -> None:
    g = Game(players, seed=players, modules=[module])
    s = g.state
    plain = Game(players, seed=players)  # the same deal with cards
    dealt = [c for x in plain.state.ships if x.at_sea for c in x.containers]
    assert s.discard == dealt  # in the order dealt
    for x, y in zip(s.ships, plain.state.ships):
        assert [CARDS.goods[c] for c in x.containers] == [CARDS.goods[c] for c in y.containers]
        assert all(c >= TOKEN_BASE for c in x.containers) and x.colours == [CARDS.goods[c] for c in x.containers]
    assert sorted(s.all_cards()) == sorted(CARDS.ids_in_sets(deck_sets([])))
    assert [p.hand for p in s.players] == [p.hand for p in plain.state.players]
    TokenInvariants(g, "setup")


# --- variant 1: Load, Pirate, Import -----------------------------------------------------------------

LOAD_SPEC = {
    "players": 2, "modules": ["tokens1"],
    "seats": [{"credits": 5, "hand": ["APPLES", "BOOKS"], "ships": [{"contracts": ["ALMONDS"], "containers": ["token:black"]}]}, {}],
    "discard": ["BATTERIES"],
    "turn": {"led": "load", "declared": [1, -1]},
}


def test_a_loaded_card_is_discarded_and_a_token_fulfils_in_its_place() -> None:
    g = load_scenario(LOAD_SPEC)
    assert [a.cards for a in matching(g, "load", 0)] == [(cid("APPLES"),)]  # BOOKS (black) fits no open slot
    g.apply(Action(0, "load", (cid("APPLES"),), 0))
    s = g.state
    ship = s.ships[0]
    assert s.discard == [cid("BATTERIES"), cid("APPLES")]  # the card is on top of the discard pile
    assert ship.at_sea and ship.containers == [tok("black"), tok("yellow")] and ship.colours == [2, 1]
    assert s.players[0].fulfilled == [cid("ALMONDS")] and s.players[0].credits == 5 + payout(2)
    assert "token_swap" in events(g)


def test_a_j_card_becomes_a_token_of_the_colour_it_is_loaded_as() -> None:
    contract = next(c.name for c in CARDS.cards if c.set == "base" and not c.level and c.cargo.get("black", 0) >= 2)
    g = load_scenario({
        "players": 2, "modules": ["j", "tokens1"],
        "seats": [{"credits": 5, "hand": ["BIRD FEED"], "ships": [{"contracts": [contract]}]}, {}],
        "turn": {"led": "load", "declared": [1, -1]},
    })
    black = COLOURS.index("black")
    g.apply(Action.load(0, cid("BIRD FEED"), 0, colour=black))
    assert g.state.ships[0].containers == [tok("black")] and g.state.discard == [cid("BIRD FEED")]
    assert g.state.players[0].credits == 3


PIRATE_SPEC = {
    "players": 2, "modules": ["tokens1"],
    "seats": [
        {"ships": [{"contracts": ["ALMONDS"]}, {}]},
        {"ships": [{}, {"at_sea": True, "containers": ["token:yellow", "token:red"]}]},
    ],
    "island": ["BOOKS"],
    "discard": ["BATTERIES"],
    "turn": {"led": "pirate", "declared": [3, -1]},
}


def test_pirate_moves_the_token_itself_and_a_discarded_token_returns_to_the_supply() -> None:
    g = load_scenario(PIRATE_SPEC)
    yellow, red = tok("yellow"), tok("red")
    assert Action.pirate(0, yellow, 3, onto=0) in g.legal_actions(0)
    assert Action.pirate(0, red, 3, onto=0) not in g.legal_actions(0)  # red fits no slot of ALMONDS
    g.apply(Action.pirate(0, yellow, 3, onto=0))
    s = g.state
    assert s.ships[0].containers == [yellow] and s.ships[3].containers == [red]
    g.apply(Action.pirate(0, red, 3, DISCARD))  # to the discard pile: back to the supply
    assert s.discard == [cid("BATTERIES")] and tokens_in_play(s) == [yellow]
    assert not s.ships[3].at_sea  # emptied by piracy: home
    assert "token_back" in events(g)
    # a Supply Island card is a card: pirated onto a ship it is discarded for a token
    g.apply(Action.pirate(0, cid("BOOKS"), ISLAND, onto=0))
    assert s.discard == [cid("BATTERIES"), cid("BOOKS")]
    assert s.ships[0].at_sea and s.ships[0].containers == [yellow, tok("black")]  # fulfilled and sailed
    assert s.players[0].fulfilled == [cid("ALMONDS")]


def test_a_pirated_island_card_discarded_is_just_discarded() -> None:
    g = load_scenario(PIRATE_SPEC)
    g.apply(Action.pirate(0, cid("BOOKS"), ISLAND, DISCARD))
    assert g.state.discard == [cid("BATTERIES"), cid("BOOKS")] and "token_back" not in events(g)


def import_position(discard: list[str], cargo: list[str], modules: list[str], **seat0: object) -> Game:
    """Seat 0 alone imports (one action) from seat 1's ship at sea, ship 3."""
    return load_scenario({
        "players": 2, "modules": modules,
        "seats": [dict(seat0), {"credits": 0, "ships": [{}, {"at_sea": True, "containers": cargo}]}],
        "discard": discard,
        "turn": {"led": "import", "declared": [1, -1]},
    })


def test_import_returns_tokens_and_takes_the_topmost_matching_discards() -> None:
    discard = ["ALMONDS", "BOOKS", "APPLES", "CANDY", "BATTERIES"]  # bottom first: yellow black yellow black green
    g = import_position(discard, ["token:yellow", "token:black"], ["tokens1"])
    apply_one(g, "ship", 0, target=3)
    yellow, black = tok("yellow"), tok("black")
    assert {a.cards for a in matching(g, "take", 0)} == {(yellow,), (black,)}
    g.apply(Action(0, "take", (yellow,), TAKE_CREW))
    s = g.state
    assert s.players[0].crew == [cid("APPLES")]  # the topmost yellow card, not ALMONDS below it
    assert s.discard == [cid("ALMONDS"), cid("BOOKS"), cid("CANDY"), cid("BATTERIES")]  # the rest keeps its order
    assert Action(0, "take", (black,), TAKE_CREW) not in g.legal_actions(0)  # one crew card per Import
    g.apply(Action(0, "take", (black,), TAKE_GOODS))
    assert s.players[0].goods == [cid("CANDY")]
    assert s.discard == [cid("ALMONDS"), cid("BOOKS"), cid("BATTERIES")]
    assert not s.ships[3].at_sea and not tokens_in_play(s)
    assert s.players[1].credits == 2  # compensation as usual
    assert events(g).count("token_found") == 2
    told = " ".join(g.narrate("en"))
    assert "returns yellow token to the supply and takes APPLES from the discard pile" in told
    assert "gelbes Plättchen" in " ".join(g.narrate("de"))


def test_import_with_no_matching_discard_takes_nothing_for_that_token() -> None:
    g = import_position(["BOOKS", "APPLES"], ["token:red", "token:yellow"], ["tokens1"])
    apply_one(g, "ship", 0, target=3)
    g.apply(Action(0, "take", (tok("red"),), TAKE_CREW))
    s = g.state
    assert s.players[0].crew == [] and s.discard == [cid("BOOKS"), cid("APPLES")]
    assert "token_none" in events(g)
    # the crew choice is used up all the same; the second token still counts as the second card
    assert not matching(g, "take", 0, target=TAKE_CREW)
    g.apply(Action(0, "take", (tok("yellow"),), TAKE_GOODS))
    assert s.players[0].goods == [cid("APPLES")] and s.discard == [cid("BOOKS")]


def test_a_token_without_room_goes_back_to_the_supply() -> None:
    g = import_position(["APPLES"], ["token:yellow"], ["tokens1"], crew=["PENS"], goods=["CANDY", "BOOKS"])
    apply_one(g, "ship", 0, target=3)
    assert g.legal_actions(0) == [Action(0, "take", (tok("yellow"),), TAKE_DISCARD)]
    g.apply(g.legal_actions(0)[0])
    assert g.state.discard == [cid("APPLES")] and not tokens_in_play(g.state)


def test_a_refused_token_choice_names_a_rule_and_changes_nothing() -> None:
    g = import_position(["APPLES"], ["token:yellow"], ["tokens1"])
    apply_one(g, "ship", 0, target=3)
    before = json.dumps(g.state.to_dict(), sort_keys=True)
    with pytest.raises(IllegalActionError) as err:
        g.apply(Action(0, "take", (tok("red"),), TAKE_GOODS))  # a token that is not on the ship
    assert err.value.rule != "unknown_card" and str(err.value).endswith(".")
    with pytest.raises(IllegalActionError) as err:
        g.apply(Action(0, "take", (CARDS.table_size,), TAKE_GOODS))
    assert err.value.rule == "unknown_card"
    assert json.dumps(g.state.to_dict(), sort_keys=True) == before


# --- variant 2: crew and goods tokens ----------------------------------------------------------------

def test_variant2_supply_crew_becomes_a_crew_token_keeping_the_action() -> None:
    g = load_scenario({
        "players": 2, "modules": ["tokens2"], "island": ["APPLES"], "discard": ["BOOKS"],
        "turn": {"led": "supply", "declared": [1, -1]},
    })
    g.apply(Action(0, "crew", (cid("APPLES"),)))
    s = g.state
    assert s.players[0].crew == [tok("yellow", IMPORT)] and s.discard == [cid("BOOKS"), cid("APPLES")]
    assert crew_for(g, 0, IMPORT) == 1  # the token works as an Import crew card
    assert sorted(s.all_cards()) == sorted(CARDS.ids_in_sets(deck_sets([])))


def test_variant2_import_searches_then_discards_the_card_again_for_a_token() -> None:
    g = import_position(["ALMONDS", "APPLES", "BOOKS"], ["token:yellow", "token:black"], ["tokens2"])
    apply_one(g, "ship", 0, target=3)
    g.apply(Action(0, "take", (tok("yellow"),), TAKE_CREW))
    s = g.state
    assert s.players[0].crew == [tok("yellow", IMPORT)]  # APPLES (an Import card) was found
    assert s.discard == [cid("ALMONDS"), cid("BOOKS"), cid("APPLES")]  # found, then discarded onto the top
    g.apply(Action(0, "take", (tok("black"),), TAKE_GOODS))
    (good,) = s.players[0].goods
    assert good >= TOKEN_BASE and colour_of(good) == "black" and CARDS.action[good] == -1
    assert s.discard == [cid("ALMONDS"), cid("APPLES"), cid("BOOKS")]


def test_variant2_goods_tokens_score_as_goods_of_their_colour() -> None:
    g = load_scenario({
        "players": 2, "modules": ["tokens2"],
        "seats": [{"goods": ["token:red", "token:red", "token:blue"]}, {"goods": ["token:blue", "token:blue"]}],
    })
    mine, theirs = (dict(score.lines) for score in final_scores(g))
    assert mine["goods"] == 2 + 2 + 1 and mine["most_red"] == -6 and "most_blue" not in mine
    assert theirs["goods"] == 2 and theirs["most_blue"] == 8


def test_unfulfilled_container_tokens_score_two_each() -> None:
    g = load_scenario({
        "players": 2, "modules": ["tokens1"],
        "seats": [{"ships": [{"contracts": ["HAWAIIAN SALT"], "containers": ["token:green", "token:yellow"]}]}, {}],
    })
    assert dict(final_scores(g)[0].lines)["containers"] == 4


# --- grey Capital cards: the token's colour is chosen ------------------------------------------------

def test_a_grey_card_joining_the_crew_asks_for_the_tokens_colour() -> None:
    g = load_scenario({
        "players": 2, "modules": ["capital", "tokens2"], "island": ["EUROS"],
        "turn": {"led": "supply", "declared": [1, -1]},
    })
    g.apply(Action(0, "crew", (cid("EUROS"),)))
    s = g.state
    assert g.deciders() == [0] and s.discard == [cid("EUROS")] and s.players[0].crew == []
    options = g.legal_actions(0)
    assert options == [Action.token_colour(0, cid("EUROS"), colour) for colour in range(5)]
    with pytest.raises(IllegalActionError):
        g.apply(Action.token_colour(0, cid("EUROS"), GREY))  # a token is never grey
    assert "blue" in g.describe(options[3]) and "blau" in g.describe(options[3], "de")  # colours in the reader's language
    g.apply(options[3])
    assert s.players[0].crew == [tok("blue", CARDS.action[cid("EUROS")])]  # the token keeps EUROS's action
    assert "token_colour" in events(g) and s.active == 1


def euros_position(modules: list[str]) -> Game:
    """EUROS is fulfilled by the Load of seat 0's last hand card; seat 1 has a ship at sea."""
    green = plain_cards("green", 1)
    return load_scenario({
        "players": 2, "modules": modules, "abilities": True,
        "seats": [
            {"hand": green, "ships": [{"contracts": ["EUROS"], "containers": ["token:black", "token:black", "token:green"]}]},
            {"ships": [{}, {"at_sea": True, "containers": ["token:red"]}]},
        ],
        "turn": {"led": "load", "declared": [1, -1]},
    })


def test_a_grey_card_becoming_a_container_at_sea_may_take_any_colour() -> None:
    g = euros_position(["capital", "tokens1"])
    apply_one(g, "load", 0)
    apply_one(g, "choose", 0, target=3)  # EUROS: onto the ship at sea
    s = g.state
    assert s.stack[-1]["kind"] == "token_colour" and cid("EUROS") in s.discard
    assert [a.colour for a in g.legal_actions(0)] == [0, 1, 2, 3, 4]
    g.apply(Action.token_colour(0, cid("EUROS"), 4))
    assert s.ships[3].containers == [tok("red"), tok("red", copy=1)] and s.ships[3].colours == [4, 4]
    TokenInvariants(g, "euros")


def test_a_grey_card_becoming_a_container_in_harbour_takes_a_colour_that_fits() -> None:
    red = plain_cards("red", 1)
    g = load_scenario({
        "players": 2, "modules": ["capital", "tokens1"], "abilities": True,
        "seats": [{"hand": red, "ships": [
            {"contracts": ["CHEAP LABOR"], "containers": ["token:black", "token:black", "token:red"]},
            {"contracts": ["ALMONDS"]},
        ]}, {}],
        "turn": {"led": "load", "declared": [1, -1]},
    })
    apply_one(g, "load", 0)
    apply_one(g, "choose", 0, target=1)  # CHEAP LABOR: onto ship 1
    assert [a.colour for a in g.legal_actions(0)] == [COLOURS.index("yellow"), COLOURS.index("black")]
    g.apply(Action.token_colour(0, cid("CHEAP LABOR"), COLOURS.index("yellow")))
    assert g.state.ships[1].containers == [tok("yellow")] and cid("CHEAP LABOR") in g.state.discard


def test_without_the_variants_nothing_is_a_token() -> None:
    g = Game(4, seed=3)
    assert not tokens_in_play(g.state) and not g.state.discard
    play_random(g, rng_for(4, 3), steps=300)
    assert not tokens_in_play(g.state)


# --- scenarios --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("spec", "message"), [
    ({"seats": [{"ships": [{"contracts": ["ALMONDS"], "containers": ["token:green"]}]}]}, "tokens1"),
    ({"modules": ["tokens1"], "seats": [{"goods": ["token:green"]}]}, "tokens2"),
    ({"modules": ["tokens1"], "seats": [{"ships": [{"contracts": ["ALMONDS"], "containers": ["BOOKS"]}]}]}, "are tokens"),
    ({"modules": ["tokens2"], "seats": [{"crew": ["BOOKS"]}]}, "are tokens"),
    ({"modules": ["tokens2"], "seats": [{"goods": ["token:green:load"]}]}, "only crew tokens"),
    ({"modules": ["tokens2"], "seats": [{"crew": ["token:grey"]}]}, "token:<colour>"),
    ({"modules": ["tokens2"], "seats": [{"crew": ["token:green:fly"]}]}, "one of supply"),
])
def test_scenario_tokens_are_checked(spec: dict, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        load_scenario({"players": 2, **spec})


def test_scenario_tokens_get_ids_of_their_own() -> None:
    g = load_scenario({
        "players": 2, "modules": ["tokens2"],
        "seats": [{"crew": ["token:blue:import", "TOKEN:Blue"], "goods": ["token:blue"],
                   "ships": [{}, {"at_sea": True, "containers": ["token:blue"]}]}, {}],
    })
    p = g.state.players[0]
    assert p.crew == [tok("blue", IMPORT), tok("blue")] and p.goods == [tok("blue", copy=1)]
    assert g.state.ships[1].containers == [tok("blue", copy=2)]


# --- save files ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("module", ["tokens1", "tokens2"])
def test_token_games_save_and_load(module: str) -> None:
    for seed in range(3):
        g = Game(3, seed=seed, modules=[module, "capital"], abilities=seed == 2)
        rng = rng_for(3, seed)
        play_random(g, rng, steps=150 + 50 * seed)
        loaded = load(g.save())
        assert json.dumps(loaded.state.to_dict()) == json.dumps(g.state.to_dict())
        assert loaded.legal_actions() == g.legal_actions() and loaded.narrate("de") == g.narrate("de")
        for _ in range(40):
            if g.is_over():
                break
            loaded.apply(random_step(g, rng))
        assert json.dumps(loaded.state.to_dict()) == json.dumps(g.state.to_dict())


def damaged(save: str, change) -> str:
    data = json.loads(save)
    change(data["initial"])
    return json.dumps(data)


def test_saves_with_misplaced_tokens_are_refused() -> None:
    g = load_scenario({"players": 2, "modules": ["tokens1"], "seats": [{"hand": ["BOOKS"], "ships": [
        {}, {"at_sea": True, "containers": ["token:green", "token:red"]}]}, {}]})
    save = g.save()
    load(save)
    sea = g.state.ships[1].containers

    def in_hand(d: dict) -> None:
        d["players"][0]["hand"].append(sea[0])

    def twice(d: dict) -> None:
        d["ships"][1]["containers"] = [sea[0], sea[0]]
        d["ships"][1]["colours"] = [0, 0]

    def in_goods(d: dict) -> None:
        d["players"][0]["goods"].append(tok("blue"))

    def no_module(d: dict) -> None:
        d["modules"] = []

    for change, message in ((in_hand, "outside ships, crews and goods"), (twice, "twice"), (in_goods, "variant 2"), (no_module, "not in play")):
        with pytest.raises(SaveFileError, match=message):
            load(damaged(save, change))


# --- random play ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("module", ["tokens1", "tokens2"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_with_tokens(module: str, players: int) -> None:
    found = 0
    seen: set[str] = set()
    for seed in range(12):
        g = Game(players, seed=seed, modules=[module])
        found += play_checked(g, rng_for(players, seed), f"{module}, {players} players, seed {seed}").found
        seen.update(events(g))
    assert found > 0 and {"token_swap", "token_found", "pirate", "fulfil"} <= seen


@pytest.mark.parametrize("module", ["tokens1", "tokens2"])
def test_random_games_with_tokens_abilities_and_every_expansion(module: str) -> None:
    modules = ["capital", "tokyo", "j", "market", "kickstarter", "kickstarter2", "flag", "promo", module]
    seen: set[str] = set()
    for seed in range(16):
        players = 2 + seed % 5
        g = Game(players, seed=seed, abilities=True, modules=modules)
        play_checked(g, rng_for(players, seed, True), f"{module} with everything, seed {seed}")
        seen.update(events(g))
    assert {"token_swap", "token_found", "token_back"} <= seen


# --- abilities moving containers: they move tokens ------------------------------------------------------

ROBO_CONTRACT = "BATTERIES"  # cargo: 1 green + 1 yellow; the pair counts as one green container


def robo_position(led: str, hand: list[str], island: list[str], sea: list[str]) -> Game:
    return load_scenario({
        "players": 2, "abilities": True, "modules": ["tokens1"], "island": island, "discard": ["APPLES"],
        "seats": [
            {"fulfilled": ["ROBO-CATS"], "hand": hand,
             "ships": [{"contracts": [ROBO_CONTRACT], "containers": ["token:yellow"]}, {}]},
            {"ships": [{}, {"at_sea": True, "containers": sea}]},
        ],
        "turn": {"led": led, "declared": [2, -1]},
    })


def test_robo_cats_loads_two_cards_together_as_two_tokens() -> None:
    reds = plain_cards("red", 2)
    g = robo_position("load", reds, [], [])
    pair = Action(0, "load", tuple(sorted(cid(r) for r in reds)), 0)
    assert pair in g.legal_actions(0)
    g.apply(pair)
    s = g.state
    assert cid(ROBO_CONTRACT) in s.players[0].fulfilled and s.players[0].credits == 10 + payout(3)
    assert len(s.ships[0].containers) == 3 and all(c >= TOKEN_BASE for c in s.ships[0].containers)
    # the second card rides along as a red token; the first is loaded as the pair's colour, green
    assert [colour_of(c) for c in s.ships[0].containers] == ["yellow", "red", "green"]
    assert set(s.discard) == {cid("APPLES"), *map(cid, reds)}
    TokenInvariants(g, "robo load")


def test_robo_cats_pirates_a_token_and_an_island_card_together() -> None:
    red = plain_cards("red", 1)
    g = robo_position("pirate", [], red, ["token:red", "token:blue"])
    pairs = [a for a in matching(g, "pirate", 0) if len(a.cards) == 2]
    assert pairs and all(set(a.cards) == {cid(red[0]), tok("red")} for a in pairs)
    g.apply(pairs[0])
    s = g.state
    assert cid(ROBO_CONTRACT) in s.players[0].fulfilled
    containers = s.ships[0].containers
    assert len(containers) == len(set(containers)) == 3 and tok("red") in containers
    assert s.discard == [cid("APPLES"), cid(red[0])] and s.ships[3].containers == [tok("blue")]
    TokenInvariants(g, "robo pirate")


def test_jets_takes_a_container_token_as_a_card_from_the_discard_pile() -> None:
    green = plain_cards("green", 1, {ROBO_CONTRACT})
    g = load_scenario({
        "players": 2, "abilities": True, "modules": ["tokens1"], "discard": ["BOOKS", "APPLES"],
        "seats": [{"fulfilled": ["JETS"], "hand": green,
                   "ships": [{"contracts": [ROBO_CONTRACT], "containers": ["token:yellow"]}]}, {}],
        "turn": {"led": "load", "declared": [1, -1]},
    })
    apply_one(g, "load", 0)
    apply_one(g, "choose", 0, cards=(cid("JETS"), tok("yellow")))
    s = g.state
    assert s.players[0].goods == [cid("APPLES")] and s.discard[:1] == [cid("BOOKS")]
    assert s.ships[0].containers == [tok("green")]


def test_flash_drives_gets_nothing_for_a_token() -> None:
    green = plain_cards("green", 1, {ROBO_CONTRACT})
    g = load_scenario({
        "players": 2, "abilities": True, "modules": ["tokens1"],
        "seats": [{"fulfilled": ["FLASH DRIVES"], "hand": green,
                   "ships": [{"contracts": [ROBO_CONTRACT], "containers": ["token:yellow"]}]}, {}],
        "turn": {"led": "load", "declared": [1, -1]},
    })
    apply_one(g, "load", 0)
    apply_one(g, "choose", 0, cards=(cid("FLASH DRIVES"), tok("yellow")))
    s = g.state
    assert s.players[0].hand == [] and "token_back" in events(g) and s.ships[0].containers == [tok("green")]
