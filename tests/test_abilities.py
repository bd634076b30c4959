"""The card-ability mechanism, one ability at a time.

Every position is built with ``load_scenario`` and driven only through ``g.legal_actions()`` and
``g.apply()``.  Each ability is shown working with ``"abilities": True`` and *not* working in the
same position under the basic rules (``"abilities": False``).  Card names come from the card
data, and every cargo requirement is read from it, so the tests do not depend on the figures the
project assigned to a card.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from helpers import is_quiet

import importexport
from importexport import CARDS
from importexport.importexport.abilities import REGISTRY
from importexport.importexport.actions import TAKE_GOODS, Action
from importexport.importexport.constants import COLOURS, RAINBOW, payout
from importexport.importexport.scenario import load_scenario

ABILITY_CARDS = (
    "ALMONDS", "FLAMETORCH", "PIRATES", "BIRD FEED", "WHEAT", "SHAMPOO",
    "CHAIRS", "LUTEFISK", "APPLE WATCH", "CAN OPENERS", "MOTHER LOAD",
)
ON_OFF = pytest.mark.parametrize("abilities", [True, False], ids=["abilities", "basic"])


# --- helpers --------------------------------------------------------------------------------

class Picker:
    """Hands out plain base-set cards (no registered ability), each card at most once."""

    def __init__(self, *used: str) -> None:
        self.used = {n.upper() for n in used}

    def take(self, colour: str, n: int = 1) -> list[str]:
        pool = [
            c.name for c in CARDS.cards
            if c.goods == colour and c.set == "base" and is_quiet(c.name) and c.name.upper() not in self.used
        ]
        assert len(pool) >= n, f"not enough plain {colour} cards"
        self.used.update(pool[:n])
        return pool[:n]

    def with_action(self, action: str, n: int = 1) -> list[str]:
        pool = [
            c.name for c in CARDS.cards
            if c.action == action and c.set == "base" and is_quiet(c.name) and c.name.upper() not in self.used
        ]
        assert len(pool) >= n, f"not enough plain {action} cards"
        self.used.update(pool[:n])
        return pool[:n]

    def one(self, colour: str) -> str:
        return self.take(colour)[0]

    def cargo(self, contract: str) -> list[str]:
        """Containers that exactly meet ``contract``'s (first) cargo requirement."""
        out: list[str] = []
        for colour, count in CARDS.by_name(contract).cargo.items():
            out += self.take("green" if colour == RAINBOW else colour, count)
        return out


def cargo_count(contract: str) -> int:
    return sum(CARDS.by_name(contract).cargo.values())


def names_in(seats: list[dict[str, Any]], *more: str) -> list[str]:
    used = list(more)
    for seat in seats:
        for key in ("hand", "crew", "goods", "fulfilled"):
            used += seat.get(key, [])
        for ship in seat.get("ships", []):
            used += ship.get("contracts", []) + ship.get("containers", [])
    return used


def card_id(name: str) -> int:
    return CARDS.by_name(name).id


def fulfil_spec(
    contract: str, *, abilities: bool, seat: int = 0, players: int = 3, active: int = 0,
    seats: list[dict[str, Any]] | None = None, seed: int = 0,
) -> dict[str, Any]:
    """``seat`` is carrying out one Load action; one container is missing on its first ship,
    under ``contract``, and that container is the only card in its hand."""
    seats = [dict(s) for s in (seats or [])]
    seats += [{} for _ in range(players - len(seats))]
    pick = Picker(*names_in(seats, contract))
    *loaded, last = pick.cargo(contract)
    seats[seat].update(hand=[last], ships=[{"contracts": [contract], "containers": loaded}, {}])
    declared = [-1] * players
    declared[seat] = 1
    return {
        "players": players, "abilities": abilities, "seed": seed, "active": active, "seats": seats,
        "turn": {"led": "load", "declared": declared},
    }


def only(g, kind: str, player: int | None = None, **fields: Any) -> Action:
    """The single legal action of ``kind`` (for ``player``) matching ``fields``."""
    found = [
        a for a in g.legal_actions(player)
        if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())
    ]
    assert len(found) == 1, (kind, player, fields, [str(a) for a in g.legal_actions()])
    return found[0]


def load_last(g, seat: int) -> None:
    g.apply(only(g, "load", seat, target=2 * seat))


def lead_draw(g) -> int:
    """The player to lead draws instead of leading; returns that seat."""
    (seat,) = g.deciders()
    g.apply(only(g, "draw", seat))
    return seat


def kinds(g, player: int | None = None) -> set[str]:
    return {a.kind for a in g.legal_actions(player)}


def events(g, key: str) -> list[dict[str, Any]]:
    return [args for _, k, args in g.log if k == key]


def frame_kind(g) -> str:
    return g.state.stack[-1]["kind"]


# --- the mechanism ----------------------------------------------------------------------------

def test_every_registered_ability_is_a_real_card():
    names = set(CARDS.names)
    for name, ability in REGISTRY.items():
        assert name in names
        assert ability.card == card_id(name)
    assert set(ABILITY_CARDS) <= set(REGISTRY)


def test_core_never_names_a_card():
    names = {n.upper() for n in CARDS.names[:CARDS.token_base]}  # (the container tokens are named by i18n)
    root = Path(importexport.__file__).parent
    offenders = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[:2] == ("importexport", "abilities"):  # (the abilities are where cards are named)
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.upper() in names:
                offenders.append(f"{rel}:{node.lineno}: {node.value!r}")
    assert offenders == []


# --- ALMONDS (instant) --------------------------------------------------------------------------

ALMONDS_PAYOUT = payout(cargo_count("ALMONDS"))


@ON_OFF
@pytest.mark.parametrize(
    ("start", "bonus"),
    [
        (0, 8),
        (18 - ALMONDS_PAYOUT, 8),  # exactly 18 after the payout
        (19 - ALMONDS_PAYOUT, 4),  # 18 or fewer before, 19 after the payout: the payout counts
        (30, 4),
    ],
)
@pytest.mark.card("ALMONDS")
def test_almonds_pays_8_or_4_after_the_payout(abilities, start, bonus):
    g = load_scenario(fulfil_spec("ALMONDS", abilities=abilities, seats=[{"credits": start}]))
    load_last(g, 0)
    assert card_id("ALMONDS") in g.state.players[0].fulfilled
    assert g.state.players[0].credits == start + ALMONDS_PAYOUT + (bonus if abilities else 0)


# --- FLAMETORCH (instant, seeded coin) ----------------------------------------------------------

FLAMETORCH_PAYOUT = payout(cargo_count("FLAMETORCH"))
FLAMETORCH_SEATS = [{"credits": 10}, {"credits": 10}, {"credits": 3}]


def flametorch_game(seed: int, abilities: bool = True):
    g = load_scenario(fulfil_spec("FLAMETORCH", abilities=abilities, seats=FLAMETORCH_SEATS, seed=seed))
    load_last(g, 0)
    return g


def coin_of(g) -> bool:
    (coin,) = events(g, "coin")
    assert coin["p"] == 0
    return coin["heads"]


def seed_for(heads: bool) -> int:
    for seed in range(200):
        if coin_of(flametorch_game(seed)) == heads:
            return seed
    raise AssertionError(f"no seed below 200 gives {'heads' if heads else 'tails'}")


@pytest.mark.card("FLAMETORCH")
def test_flametorch_coin_is_deterministic_for_a_seed():
    for seed in (seed_for(True), seed_for(False), 7):
        assert coin_of(flametorch_game(seed)) == coin_of(flametorch_game(seed))


@pytest.mark.card("FLAMETORCH")
def test_flametorch_heads_everyone_else_pays_4_if_able():
    g = flametorch_game(seed_for(True))
    assert coin_of(g) is True
    # seat 1 pays 4; seat 2 holds only 3 and pays nothing
    assert [p.credits for p in g.state.players] == [10 + FLAMETORCH_PAYOUT + 4, 10 - 4, 3]


@pytest.mark.card("FLAMETORCH")
def test_flametorch_tails_you_pay_everyone_else_2():
    g = flametorch_game(seed_for(False))
    assert coin_of(g) is False
    assert [p.credits for p in g.state.players] == [10 + FLAMETORCH_PAYOUT - 2 * 2, 10 + 2, 3 + 2]


@pytest.mark.card("FLAMETORCH")
@pytest.mark.parametrize("heads", [True, False], ids=["heads-seed", "tails-seed"])
def test_flametorch_basic_rules_no_coin(heads):
    g = flametorch_game(seed_for(heads), abilities=False)
    assert events(g, "coin") == []
    assert [p.credits for p in g.state.players] == [10 + FLAMETORCH_PAYOUT, 10, 3]


# --- PIRATES (instant: others pay the bank, extra turn) -----------------------------------------

PIRATES_PAYOUT = payout(cargo_count("PIRATES"))


@pytest.mark.card("PIRATES")
@ON_OFF
def test_pirates_others_pay_6_and_active_player_takes_an_extra_turn(abilities):
    seats = [{"credits": 10}, {"credits": 10}, {"credits": 3}, {"credits": 6}]
    g = load_scenario(fulfil_spec("PIRATES", abilities=abilities, players=4, seats=seats))
    load_last(g, 0)
    credits = [p.credits for p in g.state.players]
    if abilities:
        assert credits == [10 + PIRATES_PAYOUT, 4, 0, 0]
        assert events(g, "extra_turn") == [{"p": 0}]
        leads = [lead_draw(g) for _ in range(4)]
        assert leads == [0, 1, 2, 3]  # the extra turn, then on as usual
    else:
        assert credits == [10 + PIRATES_PAYOUT, 10, 3, 6]
        assert [lead_draw(g) for _ in range(4)] == [1, 2, 3, 0]


@pytest.mark.card("PIRATES")
@ON_OFF
def test_pirates_fulfilled_by_a_follower_extra_turn_then_the_next_player(abilities):
    g = load_scenario(fulfil_spec("PIRATES", abilities=abilities, players=4, seat=2, active=0))
    load_last(g, 2)
    assert [p.credits for p in g.state.players] == (
        [4, 4, 10 + PIRATES_PAYOUT, 4] if abilities else [10, 10, 10 + PIRATES_PAYOUT, 10]
    )
    leads = [lead_draw(g) for _ in range(5)]
    assert leads == ([2, 1, 2, 3, 0] if abilities else [1, 2, 3, 0, 1])


# --- BIRD FEED (instant: others may buy it) -----------------------------------------------------

BIRD_FEED_PAYOUT = payout(cargo_count("BIRD FEED"))
# the owner (seat 2) fulfils during seat 0's turn; seat 1 cannot afford 6
BIRD_FEED_SEATS = [{"credits": 10}, {"credits": 5}, {"credits": 10}, {"credits": 10}]


def bird_feed_game(abilities: bool = True):
    g = load_scenario(fulfil_spec("BIRD FEED", abilities=abilities, players=4, seat=2, seats=BIRD_FEED_SEATS))
    load_last(g, 2)
    return g


def answer(g, seat: int, kind: str) -> None:
    assert g.deciders() == [seat]
    g.apply(only(g, kind, seat, cards=(card_id("BIRD FEED"),)))


@pytest.mark.card("BIRD FEED")
def test_bird_feed_asks_in_seat_order_and_the_first_yes_buys():
    g = bird_feed_game()
    bf = card_id("BIRD FEED")
    assert g.deciders() == [0]  # from the active player, skipping the owner
    assert kinds(g) == {"yes", "no"}
    answer(g, 0, "no")
    assert g.deciders() == [1]
    assert kinds(g) == {"no"}  # fewer than 6 credits: only "no"
    answer(g, 1, "no")
    assert g.deciders() == [3]
    assert kinds(g) == {"yes", "no"}
    answer(g, 3, "yes")
    players = g.state.players
    assert [p.credits for p in players] == [10, 5, 10 + BIRD_FEED_PAYOUT + 6, 10 - 6]
    assert bf in players[3].fulfilled and bf not in players[2].fulfilled
    assert not kinds(g) & {"yes", "no"}  # nobody else is asked


@pytest.mark.card("BIRD FEED")
def test_bird_feed_first_yes_ends_the_questions():
    g = bird_feed_game()
    answer(g, 0, "yes")
    players = g.state.players
    assert [p.credits for p in players] == [10 - 6, 5, 10 + BIRD_FEED_PAYOUT + 6, 10]
    assert card_id("BIRD FEED") in players[0].fulfilled
    assert not kinds(g) & {"yes", "no"}


@pytest.mark.card("BIRD FEED")
def test_bird_feed_everyone_declines_the_owner_keeps_it():
    g = bird_feed_game()
    for seat in (0, 1, 3):
        answer(g, seat, "no")
    players = g.state.players
    assert [p.credits for p in players] == [10, 5, 10 + BIRD_FEED_PAYOUT, 10]
    assert card_id("BIRD FEED") in players[2].fulfilled
    assert not kinds(g) & {"yes", "no"}


@pytest.mark.card("BIRD FEED")
def test_bird_feed_basic_rules_nobody_is_asked():
    g = bird_feed_game(abilities=False)
    assert not kinds(g) & {"yes", "no"}
    assert card_id("BIRD FEED") in g.state.players[2].fulfilled
    assert [p.credits for p in g.state.players] == [10, 5, 10 + BIRD_FEED_PAYOUT, 10]


# --- WHEAT (yellow containers are wild: Load and Pirate) ----------------------------------------

def wheat_position(abilities: bool, led: str):
    """Seat 0 holds WHEAT and a contract without yellow in its cargo, one container short;
    the missing container is a yellow card (in hand for Load, on the Supply Island for Pirate)."""
    contract = next(
        c.name for c in CARDS.cards
        if c.set == "base" and is_quiet(c.name) and "yellow" not in c.cargo and RAINBOW not in c.cargo
    )
    pick = Picker("WHEAT", contract)
    loaded = pick.cargo(contract)[:-1]
    yellow = pick.one("yellow")
    seat0 = {"fulfilled": ["WHEAT"], "ships": [{"contracts": [contract], "containers": loaded}, {}]}
    spec: dict[str, Any] = {
        "players": 3, "abilities": abilities, "seats": [seat0],
        "turn": {"led": led, "declared": [1, -1, -1]},
    }
    if led == "load":
        seat0["hand"] = [yellow]
    else:
        spec["island"] = [yellow]
    return load_scenario(spec), contract, card_id(yellow)


@pytest.mark.card("WHEAT")
@ON_OFF
def test_wheat_load_yellow_onto_another_colour(abilities):
    g, contract, yellow = wheat_position(abilities, "load")
    loads = [a for a in g.legal_actions(0) if a.kind == "load"]
    if not abilities:
        assert loads == []
        return
    assert loads == [Action(0, "load", (yellow,), 0)]
    g.apply(loads[0])
    p = g.state.players[0]
    assert card_id(contract) in p.fulfilled  # the yellow container filled a slot of another colour
    assert p.credits == 10 + payout(cargo_count(contract))


@pytest.mark.card("WHEAT")
@ON_OFF
def test_wheat_pirate_yellow_onto_another_colour(abilities):
    g, contract, yellow = wheat_position(abilities, "pirate")
    targets = {a.target for a in g.legal_actions(0) if a.kind == "pirate" and a.cards == (yellow,)}
    if not abilities:
        assert targets == {-1}  # only to the discard pile
        return
    assert targets == {0, -1}
    g.apply(only(g, "pirate", 0, cards=(yellow,), target=0))
    assert card_id(contract) in g.state.players[0].fulfilled


# --- SHAMPOO (Import: take 3 instead of 2) ------------------------------------------------------

def shampoo_game(abilities: bool):
    pick = Picker("SHAMPOO")
    cargo = pick.take("green", 2) + pick.take("blue", 2)
    return load_scenario({
        "players": 3, "abilities": abilities,
        "seats": [{"fulfilled": ["SHAMPOO"]}, {"ships": [{}, {"at_sea": True, "containers": cargo}]}],
        "turn": {"led": "import", "declared": [1, -1, -1]},
    })


def take_goods(g, seat: int) -> None:
    g.apply(next(a for a in g.legal_actions(seat) if a.kind == "take" and a.target == TAKE_GOODS))


@pytest.mark.card("SHAMPOO")
@ON_OFF
def test_shampoo_import_winner_takes_three(abilities):
    g = shampoo_game(abilities)
    g.apply(only(g, "ship", 0, target=3))  # a lone bidder takes the cargo for free
    takes = 0
    while any(a.kind == "take" and a.player == 0 for a in g.legal_actions()):
        take_goods(g, 0)
        takes += 1
    expected = 3 if abilities else 2
    assert takes == expected
    assert len(g.state.players[0].goods) == expected
    assert len(g.state.ships[3].containers) == 4 - expected
    assert g.state.players[1].credits == 10 + 2  # the owner's compensation


@pytest.mark.card("SHAMPOO")
def test_shampoo_third_container_is_optional():
    g = shampoo_game(True)
    g.apply(only(g, "ship", 0, target=3))
    take_goods(g, 0)
    take_goods(g, 0)
    assert g.deciders() == [0]
    assert any(a.kind != "take" for a in g.legal_actions(0))  # some way to stop at two


# --- CHAIRS (another player draws: the holder may discard a hand card) --------------------------

def chairs_game(abilities: bool, active: int = 0):
    pick = Picker("CHAIRS")
    hand = pick.take("green", 2)
    lead_card = pick.one("red")
    return load_scenario({
        "players": 3, "abilities": abilities, "active": active,
        "seats": [{"hand": [lead_card]}, {"fulfilled": ["CHAIRS"], "hand": hand}, {}],
    }), [card_id(c) for c in hand], card_id(lead_card)


def chairs_asked(g) -> bool:
    return g.deciders() == [1] and frame_kind(g) == "ask"


@pytest.mark.card("CHAIRS")
@ON_OFF
def test_chairs_lead_draw_by_another_player(abilities):
    g, hand, _ = chairs_game(abilities)
    assert lead_draw(g) == 0
    if not abilities:
        assert not chairs_asked(g)
        assert g.deciders() == [1] and frame_kind(g) == "lead"
        return
    assert chairs_asked(g)
    chairs = card_id("CHAIRS")
    assert set(g.legal_actions()) == {Action(1, "no", (chairs,))} | {Action(1, "choose", (chairs, c)) for c in hand}
    g.apply(Action(1, "choose", (chairs, hand[0])))
    assert g.state.players[1].hand == hand[1:]
    assert g.state.discard[-1] == hand[0]
    assert frame_kind(g) == "lead" and g.deciders() == [1]  # the turn went on


@pytest.mark.card("CHAIRS")
@ON_OFF
def test_chairs_follow_draw_by_another_player_not_by_the_holder(abilities):
    g, hand, lead_card = chairs_game(abilities)
    g.apply(only(g, "play", 0, cards=(lead_card,)))
    assert frame_kind(g) == "follow" and g.deciders() == [1]
    g.apply(only(g, "draw", 1))  # the holder draws: no question
    assert not chairs_asked(g)
    assert frame_kind(g) == "follow" and g.deciders() == [2]
    g.apply(only(g, "draw", 2))  # another player draws
    assert chairs_asked(g) is abilities
    if abilities:
        before = list(g.state.players[1].hand)
        g.apply(only(g, "no", 1))
        assert g.state.players[1].hand == before


@pytest.mark.card("CHAIRS")
def test_chairs_holder_leading_a_draw_is_not_asked():
    g, _, _ = chairs_game(True, active=1)
    assert lead_draw(g) == 1
    assert not chairs_asked(g)
    assert g.deciders() == [2] and frame_kind(g) == "lead"


# --- LUTEFISK (from the hand, any time: place as a contract without a Contract action) --------

LUTEFISK = card_id("LUTEFISK")


def lutefisk_game(
    abilities: bool, level_met: bool, active: int = 0, turn: dict[str, Any] | None = None, crew: bool = False,
):
    """Seat 0 holds LUTEFISK and a Supply card; LUTEFISK's level requirement is met by goods or not
    at all.  With ``crew``, seat 0 also has a Supply crew card (so leading Supply asks it to declare)."""
    level = CARDS.by_name("LUTEFISK").level
    pick = Picker("LUTEFISK")
    goods = [n for colour, count in level.items() for n in pick.take(colour, count)] if level_met else []
    harbours = [c for c in COLOURS[:5] if c not in level][:3]  # no harbour gives a level LUTEFISK asks for
    supply = pick.with_action("supply", 3)
    seat0: dict[str, Any] = {"hand": ["LUTEFISK", supply[0]], "goods": goods}
    if crew:
        seat0["crew"] = [supply[2]]
    spec: dict[str, Any] = {
        "players": 3, "abilities": abilities, "active": active, "harbours": harbours,
        "seats": [seat0, {"hand": [supply[1]]}],
    }
    if turn:
        spec["turn"] = turn
    return load_scenario(spec)


def lutefisk_options(g) -> list[Action]:
    return [a for a in g.legal_actions(0) if a.kind == "anytime"]


def place_lutefisk(g) -> None:
    """Use the anytime option; the same decision is still pending afterwards."""
    frame = dict(g.state.stack[-1])
    assert lutefisk_options(g) == [Action(0, "anytime", (LUTEFISK,), 0), Action(0, "anytime", (LUTEFISK,), 1)]
    g.apply(Action(0, "anytime", (LUTEFISK,), 0))
    assert g.state.ships[0].contracts == [LUTEFISK]
    assert LUTEFISK not in g.state.players[0].hand
    assert g.state.stack[-1] == frame
    assert g.deciders() == [0]


@pytest.mark.card("LUTEFISK")
@pytest.mark.parametrize(("abilities", "level_met"), [(True, True), (True, False), (False, True)])
def test_lutefisk_in_the_lead_decision(abilities, level_met):
    g = lutefisk_game(abilities, level_met)
    assert frame_kind(g) == "lead" and g.deciders() == [0]
    if abilities and level_met:
        place_lutefisk(g)
        assert g.state.led == -1  # no action was led or used
    else:
        assert lutefisk_options(g) == []


@pytest.mark.card("LUTEFISK")
@pytest.mark.parametrize(("abilities", "level_met"), [(True, True), (True, False), (False, True)])
def test_lutefisk_in_the_follow_decision(abilities, level_met):
    g = lutefisk_game(abilities, level_met, active=1)
    g.apply(next(a for a in g.legal_actions(1) if a.kind == "play"))
    g.apply(only(g, "draw", 2))
    assert frame_kind(g) == "follow" and g.deciders() == [0]
    if abilities and level_met:
        place_lutefisk(g)
    else:
        assert lutefisk_options(g) == []


@pytest.mark.card("LUTEFISK")
@pytest.mark.parametrize(("abilities", "level_met"), [(True, True), (True, False), (False, True)])
def test_lutefisk_in_the_act_decision(abilities, level_met):
    g = lutefisk_game(abilities, level_met, turn={"led": "supply", "declared": [1, -1, -1]})
    assert frame_kind(g) == "act" and g.deciders() == [0]
    if abilities and level_met:
        left = g.state.stack[-1]["left"]
        place_lutefisk(g)
        assert g.state.stack[-1]["left"] == left  # the Supply action is still to be used
    else:
        assert lutefisk_options(g) == []


@pytest.mark.card("LUTEFISK")
def test_lutefisk_in_the_holders_declare_decision():
    g = lutefisk_game(True, True, crew=True)
    g.apply(next(a for a in g.legal_actions(0) if a.kind == "play" and a.cards != (LUTEFISK,)))
    assert frame_kind(g) == "declare" and g.deciders() == [0]
    assert lutefisk_options(g) != []


# --- APPLE WATCH (end scoring: 6 per luxury + consumer pair) ------------------------------------

@pytest.mark.card("APPLE WATCH")
@ON_OFF
@pytest.mark.parametrize(("blue", "black"), [(3, 2), (2, 2), (0, 3), (1, 4)])
def test_apple_watch_scores_six_per_pair(abilities, blue, black):
    pick = Picker("APPLE WATCH")
    goods = pick.take("blue", blue) + pick.take("black", black)
    g = load_scenario({"players": 3, "abilities": abilities, "seats": [{"fulfilled": ["APPLE WATCH"], "goods": goods}]})
    lines = dict(g.scores()[0].lines)
    if abilities:
        assert lines["ability:APPLE WATCH"] == 6 * min(blue, black)
    else:
        assert "ability:APPLE WATCH" not in lines


@pytest.mark.card("APPLE WATCH")
@ON_OFF
def test_apple_watch_counts_a_good_imported_during_play(abilities):
    pick = Picker("APPLE WATCH")
    goods = pick.take("blue", 2) + pick.take("black", 1)
    cargo = pick.take("black", 2)
    g = load_scenario({
        "players": 3, "abilities": abilities,
        "seats": [
            {"fulfilled": ["APPLE WATCH", *pick.take("green", 1)], "goods": goods},
            {"ships": [{}, {"at_sea": True, "containers": cargo}]},
        ],
        "turn": {"led": "import", "declared": [1, -1, -1]},
    })
    before = dict(g.scores()[0].lines).get("ability:APPLE WATCH")
    g.apply(only(g, "ship", 0, target=3))
    g.apply(only(g, "take", 0, cards=(card_id(cargo[0]),), target=TAKE_GOODS))
    after = dict(g.scores()[0].lines).get("ability:APPLE WATCH")
    assert (before, after) == ((6, 12) if abilities else (None, None))


# --- CAN OPENERS (50 credits do not end the game for the holder) --------------------------------

def sell_to_fifty(abilities: bool, holder: int, seller: int):
    """``seller`` holds 46 credits and sells a card (+4) in a Supply action."""
    pick = Picker("CAN OPENERS")
    seats: list[dict[str, Any]] = [{}, {}, {}]
    seats[holder]["fulfilled"] = ["CAN OPENERS"]
    seats[seller].update(credits=46, hand=pick.take("green", 1))
    declared = [-1, -1, -1]
    declared[seller] = 1
    g = load_scenario({
        "players": 3, "abilities": abilities, "active": seller, "seats": seats,
        "turn": {"led": "supply", "declared": declared},
    })
    g.apply(only(g, "sell", seller))
    assert g.state.players[seller].credits == 50
    return g


@pytest.mark.card("CAN OPENERS")
@ON_OFF
def test_can_openers_holder_reaching_50_does_not_end_the_game(abilities):
    g = sell_to_fifty(abilities, holder=0, seller=0)
    if abilities:
        assert g.state.end_reason == ""
        assert not g.is_over()
        assert g.deciders() == [1] and frame_kind(g) == "lead"  # the next turn begins
    else:
        assert g.state.end_reason == "credits"
        assert g.is_over()


@pytest.mark.card("CAN OPENERS")
def test_can_openers_others_reaching_50_still_end_the_game():
    g = sell_to_fifty(True, holder=0, seller=1)
    assert g.state.end_reason == "credits"
    assert g.is_over()


# --- MOTHER LOAD (8 illegal goods win at once) ---------------------------------------------------

def mother_load_game(abilities: bool):
    """Seat 0 holds MOTHER LOAD and 7 illegal goods (room for more) and imports a ship carrying one
    illegal and one technology container."""
    pick = Picker("MOTHER LOAD")
    red_cargo, green_cargo = pick.one("red"), pick.one("green")
    g = load_scenario({
        "players": 3, "abilities": abilities,
        "seats": [
            {"fulfilled": ["MOTHER LOAD", *pick.take("blue", 3)], "goods": pick.take("red", 7)},
            {"ships": [{}, {"at_sea": True, "containers": [red_cargo, green_cargo]}]},
        ],
        "turn": {"led": "import", "declared": [1, -1, -1]},
    })
    assert not g.is_over()  # 7 illegal goods: no win
    g.apply(only(g, "ship", 0, target=3))
    return g, card_id(red_cargo), card_id(green_cargo)


@pytest.mark.card("MOTHER LOAD")
@ON_OFF
def test_mother_load_eighth_illegal_good_wins_at_once(abilities):
    g, red, _ = mother_load_game(abilities)
    g.apply(only(g, "take", 0, cards=(red,), target=TAKE_GOODS))
    if abilities:
        assert g.is_over()
        assert g.legal_actions() == []
        assert g.state.winners == [0]
        assert g.state.end_reason == "win"
        assert g.state.ships[3].containers != []  # the second take never happened
    else:
        assert not g.is_over()
        assert g.state.end_reason == ""
        assert kinds(g) == {"take"}


@pytest.mark.card("MOTHER LOAD")
def test_mother_load_seven_illegal_goods_do_not_win():
    g, _, green = mother_load_game(True)
    g.apply(only(g, "take", 0, cards=(green,), target=TAKE_GOODS))
    assert not g.is_over()
    assert g.state.end_reason == ""
    assert kinds(g) == {"take"}
