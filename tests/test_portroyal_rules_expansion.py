"""Port Royal, contracts expansion: one test (or a small parametrized group) per rule sentence.

The tests walk through ``../shared/rules/port-royal-ein-auftrag-geht-noch.de.txt`` from top to bottom;
each docstring says, in English and in our own words, which sentence it checks: ``¶n`` is the n-th
non-empty line after the title, ``¶n.k`` its k-th sentence.  Where the text leaves room, the
readings E1-E9 in ``docs/portroyal.md`` are what the tests encode.  Every position is built with :func:`load_scenario`; refusals must name the
right rule and leave the game exactly as it was.

A reminder for reading the positions: coins paid out during play are drawn from the top of the draw
pile, and the ``deck`` list of a scenario *is* that top.  Where a test turns several cards, a filler
card sits between them to be the coin a Gunner or a contract pays.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from importexport.errors import IllegalActionError, SaveFileError, ScenarioError
from importexport.portroyal.actions import Action
from importexport.portroyal.cards import CARDS
from importexport.portroyal.game import Game
from importexport.portroyal.rules import EXP, points
from importexport.portroyal.savefile import load
from importexport.portroyal.scenario import load_scenario

SPECIAL = {"the_whole_court", "bought_favour"}
REGULAR = {c.id for c in EXP.contracts} - SPECIAL
SEAL = {c.id: c.seal.group for c in EXP.contracts}


# --- helpers -----------------------------------------------------------------------------------

def game(mode: str = "competitive", players: int = 2, contracts: tuple[str, ...] = ("four_swords",),
         **spec: Any) -> Game:
    """A scenario of the expansion (``spec`` holds the other fields of ``load_scenario``)."""
    return load_scenario({"mode": mode, "players": players, "contracts": list(contracts), **spec})


def coins(g: Game, seat: int) -> int:
    return len(g.state.players[seat].coins)


def all_coins(g: Game) -> list[int]:
    return [len(p.coins) for p in g.state.players]


def cube_targets(g: Game, seat: int) -> list[int]:
    """The contracts ``seat`` may put a cube on freely right now."""
    return [a.target for a in g.free_actions(seat) if a.kind == "contract"]


def claim(g: Game) -> tuple[int, int] | None:
    """(seat, contract) of an event's pending yes/no chance at a contract, or None."""
    top = g.state.stack[-1] if g.state.stack else {}
    return (top["seat"], top["t"]) if top.get("kind") == "claim" else None


def refuse(g: Game, action: Action | str, rule: str) -> None:
    """``action`` is refused for ``rule`` and changes nothing."""
    before, log = g.to_json(), len(g.log)
    with pytest.raises(IllegalActionError) as err:
        g.apply(action)
    assert err.value.rule == rule
    assert str(err.value)[:1].isupper(), str(err.value)  # a sentence, even when it starts with a contract
    assert g.to_json() == before
    assert len(g.log) == log


def gains(g: Game, why: str) -> list[tuple[int, int]]:
    """(seat, coins) of every payout with reason ``why`` in the log."""
    return [(e[2]["p"], e[2]["n"]) for e in g.log if e[1] == "gain" and e[2]["why"] == why]


# --- ¶1-2: what the expansion is and what it goes with -----------------------------------------

@pytest.mark.parametrize(("mode", "lo", "hi"), [("competitive", 2, 5), ("cooperative", 2, 5), ("solo", 1, 1)])
def test_three_ways_to_play_for_one_to_five(mode: str, lo: int, hi: int) -> None:
    """¶1: the contracts are played against each other, as a team, or alone, by 1 to 5 people."""
    for n in range(lo, hi + 1):
        g = Game(players=n, seed=n, mode=mode)
        assert g.state.n == n and g.state.contracts
    for n in (lo - 1, hi + 1):
        with pytest.raises(ValueError):
            Game(players=n, mode=mode)


def test_expansion_not_in_the_base_game() -> None:
    """¶2.2: the expansion joins only the plain base game; the base game on its own has none of its cards."""
    base = Game(players=3, seed=4, mode="base")
    assert max(base.state.all_cards()) < CARDS.base_size == 120
    assert sorted(base.state.all_cards()) == list(range(120))
    assert base.state.contracts == [] and base.state.time_pile == []
    exp = Game(players=3, seed=4, mode="competitive")
    assert sorted(exp.state.all_cards()) == list(range(len(CARDS)))
    assert {CARDS[c].person or "A ship" for c in range(120, len(CARDS))} == {"clerk", "gunner", "vice_admiral", "A ship"}
    with pytest.raises(ValueError):
        Game(players=2, mode="base", contracts=["four_swords"])
    with pytest.raises(ValueError):
        Game(players=2, mode="adventure")  # no other expansion is a way to play
    with pytest.raises(ScenarioError):
        load_scenario({"players": 2, "harbour": ["clerk:yellow"]})


# --- ¶3-4: the Clerk ------------------------------------------------------------------------------

CLERK_HARBOUR = ["ship:yellow:1:1", "ship:blue:1:2", "ship:green:1:1"]  # three colours: one take


def test_clerk_gives_one_more_take_and_the_coins_stay() -> None:
    """¶3: trading a ship of the Clerk's colour still pays its coins (and the
    Trader's), and the active player may take one more card from the harbour."""
    g = game(seats=[{"coins": 0, "persons": ["clerk:yellow", "trader:yellow:3"]}], harbour=CLERK_HARBOUR, phase="take")
    yellow, blue, green = g.state.harbour
    assert g.state.stack[-1]["left"] == 1
    g.apply(Action(0, "take", yellow))
    assert coins(g, 0) == 2  # 1 for the ship, 1 for the yellow Trader
    assert g.deciders() == [0] and g.state.stack[-1]["left"] == 1
    assert {a.card for a in g.legal_actions() if a.kind == "take"} == {blue, green}
    g.apply(Action(0, "take", blue))
    assert coins(g, 0) == 4
    assert g.deciders() == [1]  # the extra card is used up: the other player's chance


def test_clerks_of_two_colours_chain() -> None:
    """¶3: the extra card is earned per ship traded, so Clerks of two colours can give two."""
    g = game(seats=[{"coins": 0, "persons": ["clerk:yellow", "clerk:blue"]}], harbour=CLERK_HARBOUR, phase="take")
    yellow, blue, green = g.state.harbour
    for card in (yellow, blue, green):
        assert g.deciders() == [0]
        g.apply(Action(0, "take", card))
    assert coins(g, 0) == 4 and g.state.harbour == []
    assert [e[2]["n"] for e in g.log if e[1] == "clerk"] == [1, 1]


def test_clerk_of_another_colour_gives_nothing() -> None:
    """¶3: only a ship of the Clerk's own colour counts."""
    g = game(seats=[{"coins": 0, "persons": ["clerk:red"]}], harbour=CLERK_HARBOUR, phase="take")
    g.apply(Action(0, "take", g.state.harbour[0]))
    assert coins(g, 0) == 1
    assert g.deciders() == [1]
    assert not any(e[1] == "clerk" for e in g.log)


def test_clerk_only_for_the_active_player() -> None:
    """¶4: a non-active player's Clerk does nothing."""
    g = game(players=3, seats=[{}, {"coins": 1, "persons": ["clerk:yellow"]}], harbour=CLERK_HARBOUR,
             phase="take", taker=1)
    g.apply(Action(1, "take", g.state.harbour[0]))
    assert all_coins(g)[:2] == [4, 1]  # 1 coin to the active player, 1 from the ship
    assert g.deciders() == [2]  # seat 1 had one card and no extra one


# --- ¶5-6: the Gunner (ruling E2) ------------------------------------------------------------------

def events(g: Game) -> list[str]:
    """The log as keys, a Gunner's payout written ``gain:gunner``."""
    return [f"gain:{e[2]['why']}" if e[1] == "gain" else e[1] for e in g.log]


def test_gunner_pays_when_phase_one_ends() -> None:
    """¶5.1 and ¶6: a repelled ship earns its coin at the end of the active player's drawing, not
    when it goes; the count waits in the state (and the view) until then, and the coins can pay for
    phase 2."""
    g = game(seats=[{"coins": 2, "persons": ["sailor", "gunner:3"]}],
             deck=["ship:yellow:1:1", "ship:blue:1:1", "settler"])
    for n in (1, 2):
        g.apply("p0 discover")
        g.apply(Action(0, "repel", g.state.stack[-1]["card"]))
        assert gains(g, "gunner") == [] and coins(g, 0) == 2
        assert g.state.repelled == n and g.view(1)["repelled"] == n
    g.apply("p0 discover")  # the Settler, 4 coins
    g.apply("p0 stop")
    assert gains(g, "gunner") == [(0, 2)] and coins(g, 0) == 4
    assert events(g).index("gain:gunner") == events(g).index("stops") + 1
    assert g.state.repelled == 0
    g.apply(Action(0, "take", g.state.harbour[0]))  # the Gunner's coins hire the Settler
    assert coins(g, 0) == 0


def test_several_gunners_pay_each_per_ship() -> None:
    """¶5.2: with two Gunners every repelled ship pays two coins (three with three)."""
    g = game(seats=[{"coins": 0, "persons": ["pirate", "gunner:3", "gunner:5"]}],
             deck=["ship:yellow:2:2", "ship:blue:1:1"])
    for _ in range(2):
        g.apply("p0 discover")
        g.apply(Action(0, "repel", g.state.stack[-1]["card"]))
    g.apply("p0 stop")
    assert gains(g, "gunner") == [(0, 4)] and coins(g, 0) == 4
    three = game(seats=[{"coins": 0, "persons": ["pirate", "gunner:3", "gunner:5", "gunner:7"]}],
                 phase="repel", just_turned="ship:yellow:2:2", turned=1)
    three.apply(Action(0, "repel", three.state.stack[-1]["card"]))
    three.apply("p0 stop")
    assert gains(three, "gunner") == [(0, 3)]


def test_gunner_nothing_for_a_ship_let_in_or_without_the_swords() -> None:
    """¶5.1: only ships driven off with the swords they need count; a ship let stay earns nothing,
    and a ship beyond the player's swords cannot be driven off at all."""
    g = game(seats=[{"coins": 0, "persons": ["sailor", "gunner:3"]}], phase="repel", just_turned="ship:yellow:1:1")
    g.apply(Action(0, "land", g.state.stack[-1]["card"]))
    g.apply("p0 stop")
    assert gains(g, "gunner") == [] and coins(g, 0) == 0
    weak = game(seats=[{"coins": 0, "persons": ["sailor", "gunner:3", "gunner:5"]}], deck=["ship:black:2:1"])
    weak.apply("p0 discover")
    ship = weak.state.harbour[0]
    refuse(weak, Action(0, "repel", ship), "not_now")
    assert weak.state.repelled == 0
    weak.apply("p0 stop")
    assert gains(weak, "gunner") == []


def test_gunner_pays_at_a_bust_too() -> None:
    """¶5.1 with ¶39: a bust ends the drawing as well; the Gunner pays for the ships driven off before
    it (then the Jesters, then the bust's chance at a contract)."""
    g = game(contracts=("bad_luck_at_sea",),
             seats=[{"coins": 0, "persons": ["sailor", "gunner:3", "jester:5"]}, {"coins": 0}],
             harbour=["ship:red:1:1"], deck=["ship:yellow:1:1", "ship:red:never:3"])
    g.apply("p0 discover")
    g.apply(Action(0, "repel", g.state.stack[-1]["card"]))
    assert coins(g, 0) == 0
    g.apply("p0 discover")  # a second red ship nobody can drive off: the turn busts
    keys = events(g)
    assert keys.index("bust") < keys.index("gain:gunner") < keys.index("gain:jester_bust")
    assert gains(g, "gunner") == [(0, 1)] and coins(g, 0) == 2
    assert claim(g) == (0, 0) and g.state.repelled == 0


def test_gunner_only_for_the_active_player() -> None:
    """¶6: a Gunner works only in its owner's own phase 1: other players' Gunners earn nothing when
    the active player drives a ship off, and nothing is carried into their own turn."""
    g = game(players=3, seats=[{"coins": 0, "persons": ["sailor"]}, {"coins": 0, "persons": ["sailor", "gunner:3"]}],
             phase="repel", just_turned="ship:yellow:1:1", deck=["ship:blue:1:1"])
    g.apply(Action(0, "repel", g.state.stack[-1]["card"]))
    g.apply("p0 stop")
    _pass_all(g)
    assert g.state.active == 1 and g.state.repelled == 0
    assert all_coins(g)[:2] == [0, 0] and gains(g, "gunner") == []
    g.apply("p1 discover")  # seat 1's own turn: its own repel counts
    g.apply(Action(1, "repel", g.state.stack[-1]["card"]))
    g.apply("p1 stop")
    assert gains(g, "gunner") == [(1, 1)]


def test_gunner_count_is_kept_in_a_save() -> None:
    """E2: the ships still to be paid for are part of the position: a save made between the repel and
    the stop pays them after loading, and a file claiming more than the cards turned is refused."""
    g = game(seats=[{"coins": 0, "persons": ["sailor", "gunner:3"]}], deck=["ship:yellow:1:1"])
    g.apply("p0 discover")
    g.apply(Action(0, "repel", g.state.stack[-1]["card"]))
    h = load(g.save())
    assert h.state.repelled == 1
    h.apply("p0 stop")
    assert gains(h, "gunner") == [(0, 1)]
    data = json.loads(g.save())
    data["initial"]["repelled"] = 1  # the scenario's position: nothing turned yet
    with pytest.raises(SaveFileError, match="initial.repelled"):
        load(json.dumps(data))


# --- ¶7-8: the Vice-admiral -----------------------------------------------------------------------

HARBOUR_CARDS = ["ship:yellow:1:1", "ship:blue:1:1", "settler", "captain", "priest"]


@pytest.mark.parametrize(("cards", "coin"), [(2, 0), (3, 1), (4, 1), (5, 0)])
def test_vice_admiral_at_exactly_three_or_four(cards: int, coin: int) -> None:
    """¶7: 1 coin with exactly 3 or 4 ships and persons in the harbour, for the
    active player and for the others alike."""
    g = game(players=3, seats=[{"persons": ["vice_admiral:4"]}, {"persons": ["vice_admiral:6"]}, {}],
             harbour=HARBOUR_CARDS[:cards], turned=1)
    g.apply("p0 stop")
    assert all_coins(g) == [3 + coin, 3, 3]  # the active player's chance has begun
    g.apply("p0 pass")
    assert all_coins(g) == [3 + coin, 3 + coin, 3]
    assert gains(g, "vice_admiral") == [(0, 1), (1, 1)][: 2 * coin]


def test_two_vice_admirals_pay_two() -> None:
    """¶7: the coin is per Vice-admiral."""
    g = game(seats=[{"persons": ["vice_admiral:4", "vice_admiral:6"]}], harbour=HARBOUR_CARDS[:3], turned=1)
    g.apply("p0 stop")
    assert coins(g, 0) == 5


def test_vice_admiral_counts_the_cards_left_for_you() -> None:
    """¶7: what counts is the harbour the player can still reach when their own chance begins."""
    g = game(seats=[{"persons": ["vice_admiral:4"]}, {"persons": ["vice_admiral:4"]}],
             harbour=["ship:yellow:1:1", "ship:blue:1:1", "ship:green:1:1", "settler", "captain"], turned=1)
    g.apply("p0 stop")
    assert coins(g, 0) == 3  # five cards
    g.apply(Action(0, "take", g.state.harbour[0]))
    assert coins(g, 1) == 4  # four left when seat 1's chance begins


def test_vice_admiral_coin_comes_before_the_choice() -> None:
    """¶8: the coin arrives before the player picks cards, so it can pay for one."""
    g = game(seats=[{}, {"coins": 0, "persons": ["vice_admiral:4"]}], harbour=HARBOUR_CARDS[:3], turned=1)
    g.apply("p0 stop")
    g.apply("p0 pass")
    assert g.deciders() == [1] and coins(g, 1) == 1
    ship = g.state.harbour[0]
    assert Action(1, "take", ship) in g.legal_actions()
    g.apply(Action(1, "take", ship))  # the Vice-admiral's coin pays the active player
    assert all_coins(g) == [4, 1]


# --- ¶9-11: ships marked A ---------------------------------------------------------------------

def test_a_ship_traded_by_the_active_player() -> None:
    """¶9-10: the trader takes the ship's full value; every other player gets 1 coin from the draw pile."""
    g = game(players=3, seats=[{"coins": 0}, {"coins": 0}, {"coins": 0}], harbour=["ship:yellow:A"], phase="take")
    deck = len(g.state.deck)
    g.apply(Action(0, "take", g.state.harbour[0]))
    assert all_coins(g) == [3, 1, 1]
    assert len(g.state.deck) == deck - 5
    assert sorted(gains(g, "a_ship")) == [(1, 1), (2, 1)]


def test_a_ship_traded_by_a_non_active_player() -> None:
    """¶9-10: the others' coin is due whoever trades it; the active player gets it besides the fee."""
    g = game(players=3, seats=[{"coins": 0}, {"coins": 1}, {"coins": 0}], harbour=["ship:blue:A"],
             phase="take", taker=1)
    g.apply(Action(1, "take", g.state.harbour[0]))
    assert all_coins(g) == [2, 3, 1]  # seat 0: fee + bonus; seat 1: 1 - 1 + 3


def test_a_ship_with_trader_and_clerk() -> None:
    """¶3 with ¶10: the Trader's coin and the Clerk's extra card apply to a ship marked A too."""
    g = game(seats=[{"coins": 0, "persons": ["trader:green", "clerk:green"]}, {"coins": 0}],
             harbour=["ship:green:A", "ship:red:1:1"], phase="take")
    g.apply(Action(0, "take", g.state.harbour[0]))
    assert all_coins(g) == [4, 1]
    assert g.deciders() == [0] and g.state.stack[-1]["left"] == 1


def test_a_ship_team_play_pays_the_teammate() -> None:
    """¶10: the others' coin belongs to the ship, so team play pays it too."""
    g = game(mode="cooperative", seats=[{"coins": 0}, {"coins": 0}], harbour=["ship:red:A"], phase="take")
    g.apply(Action(0, "take", g.state.harbour[0]))
    assert all_coins(g) == [3, 1]


def test_a_ship_solo_no_bonus() -> None:
    """¶11: alone there is nobody to get the extra coin, and it is not paid at all."""
    g = game(mode="solo", players=1, contracts=("four_swords", "colonists", "explorer"), seats=[{"coins": 0}],
             harbour=["ship:black:A"], phase="take")
    deck = len(g.state.deck)
    g.apply(Action(0, "take", g.state.harbour[0]))
    assert coins(g, 0) == 3 and len(g.state.deck) == deck - 3
    assert gains(g, "a_ship") == []


# --- ¶12-15: the contract cards, boxes and cubes --------------------------------------------------

def test_every_contract_has_a_seal_and_five_boxes() -> None:
    """¶12-14: a contract card shows its condition, a seal (number and letter) and five boxes."""
    for c in EXP.contracts:
        assert 1 <= c.seal.group <= 6 and c.seal.letter.isalpha()
        assert len(c.boxes) == 5 and list(c.boxes) == sorted(c.boxes, reverse=True)
    assert len({str(c.seal) for c in EXP.contracts}) == len(EXP.contracts)


@pytest.mark.parametrize("before", [0, 1, 2, 3, 4])
def test_cube_on_leftmost_free_box_and_its_coins(before: int) -> None:
    """¶14.2, ¶17 and ¶18: the cube goes to the leftmost free box, whose printed coins are paid at once."""
    g = game(players=5, boxes={"four_swords": list(range(1, before + 1))},
             seats=[{"coins": 0, "persons": ["pirate", "pirate"]}])
    g.apply(Action(0, "contract", target=0))
    assert g.state.boxes[0] == list(range(1, before + 1)) + [0]
    assert coins(g, 0) == EXP.contract("four_swords").boxes[before] == [4, 3, 2, 1, 0][before]
    assert g.state.players[0].contracts == [0]


def test_earlier_cube_earns_more() -> None:
    """¶18: the sooner a player fulfils a contract, the more it pays."""
    g = game(players=3, contracts=("six_swords",),
             seats=[{"coins": 0, "persons": ["sailor"] * 6}, {"coins": 0, "persons": ["pirate"] * 3}])
    g.apply(Action(1, "contract", target=0))
    g.apply(Action(0, "contract", target=0))
    assert all_coins(g)[:2] == [4, 5]


def test_three_cubes_per_player() -> None:
    """¶15.1: each player has 3 cubes; with all of them placed a fourth contract is refused."""
    g = game(contracts=("colonists", "explorer", "harbour_watch", "four_swords"),
             boxes={"colonists": [0], "explorer": [0], "harbour_watch": [0]},
             seats=[{"persons": ["pirate", "pirate"]}, {"persons": ["sailor"] * 4}])
    assert cube_targets(g, 0) == [] and cube_targets(g, 1) == [3]
    refuse(g, Action(0, "contract", target=3), "no_cubes")


def test_all_five_boxes_fill_then_nobody() -> None:
    """¶14: five boxes take five players' cubes; after that no cube fits (each has one there)."""
    g = game(players=5, contracts=("colonists",), seats=[{"coins": 0, "persons": ["settler", "captain"]}] * 5)
    for seat in (3, 1, 4, 0, 2):
        g.apply(Action(seat, "contract", target=0))
    assert g.state.boxes[0] == [3, 1, 4, 0, 2]
    assert all_coins(g) == [1, 3, 0, 4, 2]
    for seat in range(5):
        refuse(g, Action(seat, "contract", target=0), "contract_twice")


# --- ¶15: the pools of contracts ------------------------------------------------------------------

def test_sixteen_regular_and_two_special_contracts() -> None:
    """¶15.2: 16 regular contracts, and 2 special ones for team play only."""
    assert len(REGULAR) == 16 and len(SPECIAL) == 2
    assert {c.id for c in EXP.pool("competitive")} == REGULAR
    assert {c.id for c in EXP.pool("cooperative")} == {c.id for c in EXP.pool("solo")} == REGULAR | SPECIAL
    with pytest.raises(ValueError):
        Game(players=2, mode="competitive", contracts=["bought_favour"])
    assert Game(players=2, mode="cooperative", contracts=["bought_favour", "the_whole_court"]).state.contracts


# --- ¶16-17: when and how often a contract can be fulfilled -----------------------------------------

def test_contract_at_any_moment_of_anyones_turn() -> None:
    """¶16.2: a player fulfils a contract whenever its condition holds, in their turn or another's,
    without being asked (a free choice next to whoever decides)."""
    g = game(players=3, seats=[{}, {}, {"coins": 0, "persons": ["sailor", "sailor", "pirate"]}],
             deck=["ship:yellow:1:1"])
    assert g.deciders() == [0] and cube_targets(g, 2) == [0]
    assert g.legal_actions(2) == [Action(2, "contract", target=0)]
    stack = [dict(f) for f in g.state.stack]
    g.apply("p2 contract t=0")
    assert g.state.boxes == [[2]] and coins(g, 2) == 4
    assert g.deciders() == [0] and g.state.stack == stack  # the turn goes on where it was


def test_contract_in_own_turn_among_the_options() -> None:
    """¶16.2: in a player's own decisions the contract is one of the choices."""
    g = game(seats=[{"persons": ["pirate", "pirate"]}], harbour=["settler"], turned=1)
    assert Action(0, "contract", target=0) in g.legal_actions()


def test_condition_must_hold_now() -> None:
    """¶16.1: the condition must be met at that very moment; otherwise the cube is refused."""
    g = game(seats=[{"persons": ["pirate", "sailor"]}, {}])
    assert cube_targets(g, 0) == []
    refuse(g, "p0 contract t=0", "contract_unmet")
    refuse(g, "p1 contract t=0", "contract_unmet")
    refuse(g, "p1 contract t=5", "no_contract")


def test_each_player_fulfils_a_contract_once() -> None:
    """¶16.2: a player fulfils each contract only once per game."""
    g = game(seats=[{"persons": ["pirate", "pirate"]}])
    g.apply("p0 contract t=0")
    assert cube_targets(g, 0) == []
    refuse(g, "p0 contract t=0", "contract_twice")


def test_cards_kept_and_used_for_two_contracts() -> None:
    """¶17 and ¶34: the persons stay, so the same cards fulfil several contracts;
    having more than a contract asks for is fine (6 swords for the 4-sword contract)."""
    g = game(contracts=("four_swords", "six_swords"), seats=[{"coins": 0, "persons": ["pirate"] * 3}])
    persons = list(g.state.players[0].persons)
    assert cube_targets(g, 0) == [0, 1]
    g.apply("p0 contract t=0")
    g.apply("p0 contract t=1")
    assert g.state.players[0].persons == persons
    assert g.state.boxes == [[0], [0]] and coins(g, 0) == 4 + 5


# --- ¶19-22: competitive play ---------------------------------------------------------------------

def test_second_and_third_contract_points() -> None:
    """¶19: in competitive play the second fulfilled contract is worth 1 point, the third 2 more."""
    g = game(contracts=("four_swords", "six_swords", "colonists"),
             seats=[{"persons": ["pirate:5", "pirate:7", "pirate:9", "settler", "captain"]}])
    base = points(g.state, 0)
    assert base == 1 + 2 + 3 + 1 + 1
    got = []
    for t in range(3):
        g.apply(Action(0, "contract", target=t))
        got.append(points(g.state, 0) - base)
    assert got == [0, 1, 3]
    assert g.scores()[0]["contract_points"] == 3


def test_team_play_has_no_contract_points() -> None:
    """¶19: cubes in team play add no influence points."""
    g = game(mode="cooperative", contracts=("four_swords", "six_swords", "colonists"),
             boxes={"four_swords": [0], "six_swords": [0], "colonists": [0]}, seats=[{"persons": ["settler"]}])
    assert points(g.state, 0) == 1


@pytest.mark.parametrize(("players", "count"), [(2, 4), (3, 4), (4, 4), (5, 5)])
def test_competitive_contract_count(players: int, count: int) -> None:
    """¶20.1: 4 contracts are drawn at random (5 with five players), from the 16 regular ones."""
    for seed in range(12):
        chosen = Game(players=players, seed=seed, mode="competitive").state.contracts
        assert len(chosen) == len(set(chosen)) == count
        assert set(chosen) <= REGULAR


def test_competitive_seals_do_not_matter() -> None:
    """¶20.2: seals play no part when drawing: groups repeat, and every regular contract turns up."""
    draws = [Game(players=3, seed=seed, mode="competitive").state.contracts for seed in range(60)]
    assert set().union(*draws) == REGULAR
    assert any(len({SEAL[c] for c in d}) < len(d) for d in draws)
    assert len({tuple(d) for d in draws}) > 1


def _goal_game(contract_boxes: int, seat_coins: tuple[int, int] = (3, 3), rival: list[str] | None = None) -> Game:
    """Seat 0 holds 9 points of persons and 4 swords; seat 1 (the start player's neighbour) is active."""
    chosen = ("colonists", "explorer", "four_swords")
    return game(contracts=chosen, active=1, start=0, turned=1, harbour=["ship:yellow:1:1"],
                boxes={c: [0] for c in chosen[:contract_boxes]},
                seats=[{"coins": seat_coins[0], "persons": ["admiral:9", "mademoiselle:9", "pirate:5", "pirate:7"]},
                       {"coins": seat_coins[1], "persons": rival or []}])


def _pass_all(g: Game) -> None:
    """Every taker in turn takes nothing."""
    while g.state.stack and g.state.stack[-1]["kind"] == "take":
        g.apply(Action(g.deciders()[0], "pass"))


def _finish_turn(g: Game) -> None:
    g.apply("p1 stop")
    _pass_all(g)


def test_goal_twelve_counts_contract_points() -> None:
    """¶21-22: the goal is still 12 influence points, and contract points count toward it; the
    round is finished (here it ends with the start player's right-hand neighbour)."""
    g = _goal_game(2)
    assert points(g.state, 0) == 10
    g.apply("p0 contract t=2")  # a free choice in seat 1's turn: 9 + 1 + 2 = 12 points
    assert points(g.state, 0) == 12
    _finish_turn(g)
    assert g.is_over() and g.log[-1][2]["why"] == "points"
    assert [r["won"] for r in g.scores()] == [True, False]


def test_below_twelve_the_game_goes_on() -> None:
    """¶21: without the contract points the same position does not end the game."""
    g = _goal_game(1)
    g.apply("p0 contract t=2")  # only the second contract: 9 + 1
    assert points(g.state, 0) == 10
    _finish_turn(g)
    assert not g.is_over() and g.state.active == 0


@pytest.mark.parametrize(("seat_coins", "won"), [((0, 5), [False, True]), ((5, 3), [True, False]),
                                                 ((1, 5), [True, True])])
def test_most_points_then_coins(seat_coins: tuple[int, int], won: list[bool]) -> None:
    """¶22: the most points win; on equal points the coins decide (equal in both: a shared win)."""
    rival = ["admiral:9", "mademoiselle:7", "jester:9", "governor", "sailor:7"]  # 3 + 2 + 3 + 0 + 3 = 11 ...
    g = _goal_game(2, seat_coins, rival + ["settler"])  # ... + 1 = 12
    g.apply("p0 contract t=2")  # its first box pays seat 0 four coins
    _finish_turn(g)
    assert g.is_over()
    assert [r["points"] for r in g.scores()] == [12, 12]
    assert [r["coins"] for r in g.scores()] == [seat_coins[0] + 4, seat_coins[1]]
    assert [r["won"] for r in g.scores()] == won


# --- ¶23-29: cooperative and solo play: contracts and the time pile -------------------------------

@pytest.mark.parametrize(("mode", "players", "count"),
                         [("solo", 1, 3), ("cooperative", 2, 4), ("cooperative", 3, 5), ("cooperative", 4, 6),
                          ("cooperative", 5, 7)])
def test_team_contracts_by_seal_group(mode: str, players: int, count: int) -> None:
    """¶24: 3/4/5/6/7 contracts for 1-5 players, one from each seal group in turn (1, 2, 3, ...);
    the seventh, beyond the six groups, is any other one."""
    for seed in range(10):
        chosen = Game(players=players, seed=seed, mode=mode).state.contracts
        assert len(chosen) == len(set(chosen)) == count
        groups = [SEAL[c] for c in chosen]
        assert groups[: min(count, 6)] == list(range(1, min(count, 6) + 1))


@pytest.mark.parametrize(("mode", "players"), [("solo", 1), ("cooperative", 2), ("cooperative", 5)])
def test_time_pile_is_the_sum_of_the_seals(mode: str, players: int) -> None:
    """¶25: the time pile is counted off the rest of the deck: the seal numbers of the laid-out
    contracts added up."""
    for seed in range(5):
        g = Game(players=players, seed=seed, mode=mode)
        s = g.state
        assert len(s.time_pile) == sum(SEAL[c] for c in s.contracts)
        assert len(s.deck) == len(CARDS) - 3 * players - len(s.time_pile)
        assert sorted(s.all_cards()) == list(range(len(CARDS)))
    assert Game(players=2, seed=0, mode="competitive").state.time_pile == []


def test_first_card_from_the_time_pile_then_the_deck() -> None:
    """¶27: each turn's first card comes from the time pile, the others from the draw pile."""
    g = game(mode="cooperative", contracts=("four_swords", "colonists"), time_pile=["settler", "captain"],
             deck=["priest", "jester"])
    settler, captain = g.state.time_pile[::-1]
    priest = g.state.deck[-1]
    g.apply("p0 discover")
    g.apply("p0 discover")
    assert g.state.harbour == [settler, priest]
    assert [e[2]["time"] for e in g.log if e[1] == "turned"] == [True, False]
    assert g.state.time_pile == [captain]


def test_time_pile_is_not_used_in_competitive_play() -> None:
    """¶26-27: competitive turns draw every card from the draw pile."""
    g = game(deck=["settler"])
    top = g.state.deck[-1]
    g.apply("p0 discover")
    assert g.state.harbour == [top] and g.state.time_pile == []


def test_game_ends_the_moment_the_time_pile_runs_out() -> None:
    """¶29: the game is over at once when the time pile is empty, that is the moment its last card is
    turned: that card does nothing (no ship to drive off or land, no bust), and the turn it began is
    not played on. The turn before, with one card still in the pile, is played out as usual."""
    g = game(mode="cooperative", contracts=("four_swords", "colonists"), time_pile=["settler", "ship:yellow:1:1"],
             harbour=[], deck=["ship:blue:1:1"], seats=[{"persons": ["sailor"]}, {"persons": ["sailor"]}])
    g.apply("p0 discover")  # the Settler, from the time pile: one card of time is left
    assert len(g.state.time_pile) == 1 and not g.is_over()
    g.apply("p0 discover")  # the turn goes on from the draw pile
    g.apply(Action(0, "land", g.state.stack[-1]["card"]))
    g.apply("p0 stop")
    _pass_all(g)
    assert g.state.active == 1 and g.deciders() == [1] and not g.is_over()
    yellow = g.state.time_pile[0]
    g.apply("p1 discover")  # the last card of the time pile
    assert g.is_over() and g.state.time_pile == []
    assert [e[1] for e in g.log[-3:]] == ["turned", "time_up", "game_over"] and g.log[-1][2]["why"] == "time"
    assert g.log[-3][2] == {"p": 1, "c": yellow, "time": True}
    assert yellow in g.state.discard and g.state.harbour == [] and g.state.stack == []
    assert g.deciders() == [] and g.legal_actions() == [] and g.free_actions(0) == []
    assert g.narrate(last=2) == ["The time pile is empty: the game ends at once.", "The game is over."]
    assert g.narrate("de", last=2)[0] == "Der Zeitstapel ist aufgebraucht: Die Partie endet auf der Stelle."


def test_the_last_time_card_has_no_effect() -> None:
    """¶29: a tax increase as the last card of the time pile halves nobody's coins and gives nobody a
    chance at a contract; a second ship of a colour does not bust. The game is simply over."""
    tax = game(mode="cooperative", contracts=("the_taxman_calls", "four_swords"), time_pile=["tax:most_swords"],
               seats=[{"coins": 14, "persons": ["sailor"]}, {"coins": 12}])
    tax.apply("p0 discover")
    assert tax.is_over() and all_coins(tax) == [14, 12] and tax.state.boxes == [[], []]
    assert not any(e[1] in ("tax", "tax_paid") for e in tax.log)
    bust = game(mode="solo", players=1, contracts=("bad_luck_at_sea", "four_swords", "colonists"),
                time_pile=["ship:red:1:1"], harbour=["ship:red:3:2"], turned=1)
    bust.apply("p0 stop")
    _pass_all(bust)
    assert bust.deciders() == [0] and not bust.is_over()
    bust.apply("p0 discover")
    assert bust.is_over() and not any(e[1] == "bust" for e in bust.log)


def test_state_contracts_can_still_be_claimed_before_the_last_card() -> None:
    """¶16 with ¶29: before the last card of time is turned, players may still place cubes on the
    contracts they meet (free choices); once it is turned nothing more can be done."""
    g = game(mode="cooperative", contracts=("four_swords", "colonists"), time_pile=["settler"],
             seats=[{"persons": ["pirate", "pirate"]}, {"persons": ["settler", "captain"]}])
    assert Action(1, "contract", target=1) in g.free_actions(1)
    g.apply("p1 contract t=1")
    g.apply("p0 contract t=0")
    g.apply("p0 discover")
    assert g.is_over() and g.state.boxes == [[0], [1]]
    assert {(r["team_won"], r["team_cubes"]) for r in g.scores()} == {(True, 2)}


def test_a_team_table_with_an_empty_time_pile_is_over_at_once() -> None:
    """¶29: a described position whose time pile is already empty is a finished game."""
    g = game(mode="solo", players=1, contracts=("four_swords", "colonists", "explorer"), time_pile=[])
    assert g.is_over() and g.log[-1][2]["why"] == "time"


def test_twelve_points_do_not_end_team_play() -> None:
    """¶23 and ¶26: a team plays against the time pile, not to 12 points."""
    g = game(mode="cooperative", contracts=("four_swords", "colonists"), time_pile=["settler", "captain"],
             seats=[{"persons": ["admiral:9", "mademoiselle:9", "jester:9", "sailor:7"]}])
    assert points(g.state, 0) == 12
    g.apply("p0 discover")
    g.apply("p0 stop")
    _pass_all(g)
    assert not g.is_over() and g.state.active == 1 and g.deciders() == [1]
    assert not any(e[1] == "last_round" for e in g.log)


# --- ¶28: team coins ----------------------------------------------------------------------------

def test_coins_given_freely_in_cooperative_play() -> None:
    """¶28: teammates may hand each other coins at any moment, even outside their decision."""
    g = game(mode="cooperative", players=3, contracts=("four_swords", "colonists"), seats=[{}, {"coins": 2}, {}])
    assert g.deciders() == [0]
    assert Action(1, "give", target=2) in g.free_actions(1)
    g.apply("p1 give t=2")
    g.apply("p1 give t=0")
    assert all_coins(g) == [4, 0, 4]
    refuse(g, "p1 give t=0", "no_coins")
    refuse(g, "p2 give t=2", "give_target")


@pytest.mark.parametrize(("mode", "players", "contracts"),
                         [("solo", 1, ("four_swords", "colonists", "explorer")), ("competitive", 2, ("four_swords",))])
def test_no_gifts_in_solo_or_competitive(mode: str, players: int, contracts: tuple[str, ...]) -> None:
    """¶28: alone, and against each other, coins are not given."""
    g = game(mode=mode, players=players, contracts=contracts)
    assert not any(a.kind == "give" for a in g.legal_actions())
    refuse(g, Action(0, "give", target=1 % players), "give_mode")


# --- ¶30-31: declaring the end, the team result ----------------------------------------------------

def _team_game(boxes: dict[str, list[int]]) -> Game:
    return game(mode="cooperative", contracts=("four_swords", "colonists"), boxes=boxes,
                time_pile=["ship:yellow:1:1"], seats=[{"persons": ["settler", "captain"]}, {"persons": ["priest", "priest"]}])


def test_end_refused_until_every_contract_has_a_cube() -> None:
    """¶30: the team may call the game over only when each laid-out contract has a cube."""
    g = _team_game({"four_swords": [0, 1]})
    assert not any(a.kind == "end" for a in g.legal_actions() + g.free_actions(1))
    refuse(g, "p1 end", "end_early")
    refuse(g, "p0 end", "end_early")


def test_end_declared_and_the_rank() -> None:
    """¶30-31: with every contract fulfilled any teammate may call the end, which is at once; the
    team's points and cubes give its rank."""
    g = _team_game({"four_swords": [0, 1], "colonists": [1, 0]})
    assert Action(1, "end") in g.free_actions(1)
    g.apply("p1 end")  # seat 1 is not the one deciding
    assert g.is_over() and g.log[-1][2]["why"] == "declared"
    rows = g.scores()
    assert [r["won"] for r in rows] == [True, True]
    # 4 points and 4 cubes for two players: 2 of each per player, the third rank
    assert {(r["team_points"], r["team_cubes"], r["rank"]) for r in rows} == {(4, 4, "boatswain")}
    assert [r.id for r in EXP.ranks].index("boatswain") == 2


def test_team_loses_when_a_contract_is_empty() -> None:
    """¶23 and ¶30: the team wins only if every contract has at least one cube when time runs out."""
    g = _team_game({"four_swords": [0, 1]})
    g.apply("p0 discover")  # the last card of the time pile
    assert g.is_over()
    assert {(r["won"], r["team_won"], r["rank"]) for r in g.scores()} == {(False, False, None)}


def test_end_only_in_team_play() -> None:
    """¶30: competitive play has no declared end; a solo player has one."""
    g = game(boxes={"four_swords": [1]})
    refuse(g, "p0 end", "end_mode")
    chosen = ("four_swords", "colonists", "explorer")
    solo = game(mode="solo", players=1, contracts=chosen, boxes={c: [0] for c in chosen})
    solo.apply("p0 end")
    assert solo.is_over() and solo.scores()[0]["team_won"] is True


def test_rank_table_grows_with_points_and_cubes() -> None:
    """¶31: more points and cubes never give a worse rank, from the lowest to the highest."""
    order = [r.id for r in EXP.ranks]
    assert order[0] == "landlubber" and order[-1] == "ruler_of_the_seas"
    for players in range(1, 6):
        assert EXP.rank(players, 0, 0).id == "landlubber"
        assert EXP.rank(players, 100, 5 * players).id == "ruler_of_the_seas"
        last = 0
        for step in range(0, 8 * players):
            now = order.index(EXP.rank(players, step, min(step, 3 * players)).id)
            assert now >= last
            last = now


# --- ¶32-46: every kind of condition ---------------------------------------------------------------

def test_conditions_are_held_not_given_up() -> None:
    """¶32-34: for the held conditions the persons stay; more than needed is fine."""
    g = game(contracts=("colonists",), seats=[{"persons": ["settler", "captain", "captain", "priest"]}])
    before = list(g.state.players[0].persons)
    g.apply("p0 contract t=0")
    assert g.state.players[0].persons == before


@pytest.mark.parametrize(("contract", "persons", "met"), [
    ("harbour_watch", ["trader:blue", "sailor"], True),
    ("harbour_watch", ["trader:yellow", "sailor"], False),  # the colour is part of the picture
    ("harbour_watch", ["trader:blue", "pirate"], False),
    ("harbour_watch", ["trader:blue:5", "sailor", "sailor", "settler"], True),
    ("colonists", ["settler", "captain"], True),
    ("colonists", ["settler", "settler"], False),
    ("harbour_festival", ["priest", "jester", "vice_admiral"], True),
    ("harbour_festival", ["priest", "jester", "admiral"], False),
    ("fleet_command", ["admiral", "mademoiselle", "gunner"], True),
    ("fleet_command", ["admiral", "mademoiselle"], False),
])
def test_persons_pictured(contract: str, persons: list[str], met: bool) -> None:
    """¶35: exactly the pictured persons (kind, and colour where one is shown); extra ones are fine."""
    g = game(contracts=(contract,), seats=[{"persons": persons}])
    assert cube_targets(g, 0) == ([0] if met else [])
    if not met:
        refuse(g, "p0 contract t=0", "contract_unmet")


@pytest.mark.parametrize(("persons", "met"), [
    (["governor", "clerk:yellow", "gunner:3"], True),
    (["governor", "clerk:yellow", "gunner:3", "settler"], True),
    (["governor", "clerk:yellow", "settler"], False),
    (["governor", "clerk:yellow"], False),
])
def test_three_persons_without_points(persons: list[str], met: bool) -> None:
    """¶36: three persons of any kind, none of them worth an influence point."""
    g = game(contracts=("humble_helpers",), seats=[{"persons": persons}])
    assert cube_targets(g, 0) == ([0] if met else [])


def test_tax_paid_active_and_others_in_clockwise_order() -> None:
    """¶37: whoever gives up coins to a tax increase, active or not, may place a cube at once;
    the chances go round from the active player (ruling E6)."""
    g = game(players=4, contracts=("the_taxman_calls",), active=1,
             seats=[{"coins": 12}, {"coins": 14}, {"coins": 11}, {"coins": 13}], deck=["tax:fewest_points"])
    g.apply("p1 discover")
    # halves first (rounded down), then the coin for the fewest points: a four-way tie at 0
    assert all_coins(g) == [12 - 6 + 1, 14 - 7 + 1, 11 + 1, 13 - 6 + 1]
    asked = []
    while (chance := claim(g)) is not None:
        seat, t = chance
        asked.append(seat)
        g.apply(Action(seat, "contract" if seat != 0 else "decline", target=t))
    assert asked == [1, 3, 0]  # seat 2 kept its 11 coins and is not asked
    assert g.state.boxes == [[1, 3]]
    assert all_coins(g) == [7, 8 + 5, 12, 8 + 3]  # the first two boxes pay 5 and 3
    assert g.deciders() == [1] and g.state.stack[-1]["kind"] == "discover"
    refuse(g, "p0 contract t=0", "contract_event")  # the chance went by


def test_tax_paid_not_without_paying() -> None:
    """¶37: a tax increase that takes nobody's coins gives nobody the chance."""
    g = game(contracts=("the_taxman_calls",), seats=[{"coins": 11}, {"coins": 3}], deck=["tax:most_swords"])
    g.apply("p0 discover")
    assert claim(g) is None and g.deciders() == [0]
    refuse(g, "p0 contract t=0", "contract_event")


def test_repel_ship_of_the_colour() -> None:
    """¶38: the active player who drives off a ship of the pictured colour may place a cube right then."""
    g = game(contracts=("pinnace_hunt", "flute_hunt"), seats=[{"coins": 0, "persons": ["pirate"]}],
             phase="repel", just_turned="ship:yellow:2:2")
    g.apply(Action(0, "repel", g.state.stack[-1]["card"]))
    assert claim(g) == (0, 0)  # the yellow contract only
    assert Action(0, "contract", target=1) not in g.legal_actions()
    g.apply("p0 contract t=0")
    assert g.state.boxes == [[0], []] and coins(g, 0) == 4
    assert g.deciders() == [0] and g.state.stack[-1]["kind"] == "discover"


def test_repel_ship_any_ship_of_that_colour() -> None:
    """¶38: any ship of the colour will do, the one marked A included."""
    g = game(contracts=("pinnace_hunt",), seats=[{"persons": ["pirate"]}], phase="repel", just_turned="ship:yellow:A")
    g.apply(Action(0, "repel", g.state.stack[-1]["card"]))
    assert claim(g) == (0, 0)


def test_repel_ship_not_when_let_in_nor_for_others() -> None:
    """¶38: letting the ship stay gives no chance, and other players never get one (only the active
    player drives ships off); the contract cannot be taken as a free choice."""
    g = game(contracts=("pinnace_hunt",), seats=[{"persons": ["pirate"]}, {"persons": ["pirate"]}],
             phase="repel", just_turned="ship:yellow:2:2")
    g.apply(Action(0, "land", g.state.stack[-1]["card"]))
    assert claim(g) is None
    refuse(g, "p0 contract t=0", "contract_event")
    refuse(g, "p1 contract t=0", "contract_event")
    refuse(g, "p0 decline t=0", "not_now")


def test_bust_gives_the_active_player_the_chance() -> None:
    """¶39: after the active player's turn breaks off on a second ship of one colour, a cube may go
    on this contract (after the Jester's coin, ruling E6)."""
    g = game(contracts=("bad_luck_at_sea",), seats=[{"coins": 0, "persons": ["jester:5"]}, {"coins": 0}],
             harbour=["ship:red:1:1"], deck=["ship:red:never:3"])
    g.apply("p0 discover")
    assert claim(g) == (0, 0)
    assert coins(g, 0) == 1  # the Jester paid first
    g.apply("p0 contract t=0")
    assert coins(g, 0) == 5 and coins(g, 1) == 0
    assert g.state.active == 1  # no phase 2: the next turn has begun


def test_bust_declined() -> None:
    """¶39: the cube is allowed, not required; declining lets the chance go."""
    g = game(contracts=("bad_luck_at_sea",), harbour=["ship:red:1:1"], deck=["ship:red:never:3"])
    g.apply("p0 discover")
    g.apply("p0 decline t=0")
    assert g.state.boxes == [[]] and g.state.active == 1


@pytest.mark.parametrize(("cards", "offered"), [(3, []), (4, [0]), (5, [0, 1])])
def test_stop_with_four_or_five_cards(cards: int, offered: list[int]) -> None:
    """¶40-41 and ¶34: stopping of one's own will with 4 (or 5) cards in the harbour fulfils the contract;
    more cards are fine (the general rule of ¶34)."""
    g = game(contracts=("four_in_harbour", "five_in_harbour"), harbour=HARBOUR_CARDS[:cards], turned=1)
    g.apply("p0 stop")
    asked = []
    while (chance := claim(g)) is not None:
        asked.append(chance[1])
        g.apply(Action(0, "contract", target=chance[1]))
    assert asked == offered
    assert g.state.boxes == [[0] if t in offered else [] for t in (0, 1)]
    assert g.deciders() == [0] and g.state.stack[-1]["kind"] == "take"  # then phase 2 as usual


def test_stop_with_cards_not_after_a_bust() -> None:
    """¶40: a turn that busts is not ended of one's own will, however many cards lay there."""
    g = game(contracts=("four_in_harbour",), harbour=["ship:red:1:1", "settler", "captain", "priest"],
             deck=["ship:red:never:3"])
    g.apply("p0 discover")
    assert any(e[1] == "bust" for e in g.log) and claim(g) is None
    refuse(g, "p0 contract t=0", "contract_event")


@pytest.mark.parametrize(("persons", "targets"), [
    (["sailor", "sailor", "sailor"], []),
    (["sailor", "sailor", "pirate"], [0]),
    (["pirate", "pirate", "sailor"], [0]),
    (["pirate", "pirate", "pirate"], [0, 1]),
    (["pirate", "pirate", "sailor", "sailor", "settler"], [0, 1]),
])
def test_four_and_six_swords(persons: list[str], targets: list[int]) -> None:
    """¶42-43: Sailors and Pirates whose swords add up to at least 4 (or 6)."""
    g = game(contracts=("four_swords", "six_swords"), seats=[{"persons": persons}])
    assert cube_targets(g, 0) == targets


def test_expedition_fulfilled_and_kept() -> None:
    """¶44: a player with at least one fulfilled expedition lying before them meets this contract."""
    g = game(contracts=("explorer",), seats=[{"persons": ["captain", "captain"]}, {"expeditions": ["expedition:house+house"]}],
             expeditions=["expedition:anchor+anchor"], harbour=["settler"], turned=1)
    assert cube_targets(g, 0) == [] and cube_targets(g, 1) == [0]
    refuse(g, "p0 contract t=0", "contract_unmet")
    exp = g.state.expeditions[0]
    g.apply(Action(0, "expedition", exp, cards=tuple(g.state.players[0].persons)))
    assert g.state.players[0].expeditions == [exp]
    assert cube_targets(g, 0) == [0]


@pytest.mark.parametrize("mode", ["cooperative", "solo"])
def test_team_persons_split_over_the_team(mode: str) -> None:
    """¶45: the team between them holds Governor, Admiral, Jester and Mademoiselle; who holds which
    does not matter, and each teammate with a cube left may place one."""
    if mode == "solo":
        g = game(mode="solo", players=1, contracts=("the_whole_court", "four_swords", "colonists"),
                 seats=[{"persons": ["governor", "admiral", "jester", "mademoiselle"]}])
        assert cube_targets(g, 0) == [0]
        return
    g = game(mode="cooperative", players=3, contracts=("the_whole_court", "four_swords"),
             seats=[{"persons": ["governor", "admiral"]}, {"persons": ["jester"]}, {"persons": ["mademoiselle"]}])
    assert [cube_targets(g, seat) for seat in range(3)] == [[0], [0], [0]]
    g.apply("p2 contract t=0")
    g.apply("p0 contract t=0")
    assert g.state.boxes[0] == [2, 0] and cube_targets(g, 1) == [0]
    refuse(g, "p0 contract t=0", "contract_twice")


def test_team_persons_one_missing() -> None:
    """¶45: with one of the four persons missing from the whole team, nobody meets it."""
    g = game(mode="cooperative", players=3, contracts=("the_whole_court", "four_swords"),
             seats=[{"persons": ["governor", "admiral"]}, {"persons": ["jester", "jester"]}, {"persons": ["admiral"]}])
    assert [cube_targets(g, seat) for seat in range(3)] == [[], [], []]
    refuse(g, "p1 contract t=0", "contract_unmet")


# --- ¶46: paying 8 coins ---------------------------------------------------------------------------

def _pay_game(seat_coins: tuple[int, int], harbour: list[str] | None = None, **spec: Any) -> Game:
    return game(mode="cooperative", contracts=("bought_favour", "four_swords"),
                seats=[{"coins": seat_coins[0]}, {"coins": seat_coins[1]}],
                harbour=harbour or ["ship:yellow:1:1", "settler"], phase="take", **spec)


def test_pay_eight_instead_of_a_take() -> None:
    """¶46: in their own turn the active player fulfils it by paying 8 coins to the bank instead of
    taking a card; that uses up the take."""
    g = _pay_game((9, 1))
    assert Action(0, "pay", target=0) in g.legal_actions()
    discard = len(g.state.discard)
    g.apply("p0 pay t=0")
    assert g.state.boxes[0] == [0]
    assert coins(g, 0) == 9 - 8 + 5  # the first box pays 5
    assert len(g.state.discard) == discard + 8
    assert g.deciders() == [1]  # the active player's single take is gone


def test_pay_eight_with_an_empty_harbour() -> None:
    """¶46: paying stands in for a take even when no card is left to take."""
    g = game(mode="cooperative", contracts=("bought_favour", "four_swords"), seats=[{"coins": 8}, {"coins": 0}],
             turned=1)
    g.apply("p0 stop")
    assert g.deciders() == [0] and Action(0, "pay", target=0) in g.legal_actions()
    g.apply("p0 pay t=0")
    assert g.state.boxes[0] == [0] and coins(g, 0) == 5


def test_pay_eight_leaves_the_other_takes() -> None:
    """¶46: the payment replaces one take only; with two takes one card is still taken."""
    four = ["ship:yellow:1:1", "ship:blue:1:1", "ship:green:1:1", "ship:red:1:1"]
    g = _pay_game((8, 0), harbour=four)
    assert g.state.stack[-1]["left"] == 2
    g.apply("p0 pay t=0")
    assert g.deciders() == [0] and g.state.stack[-1]["left"] == 1
    assert Action(0, "pay", target=0) not in g.legal_actions()  # fulfilled once
    g.apply(Action(0, "take", g.state.harbour[0]))
    assert g.deciders() == [1]


def test_pay_eight_teammates_give_first() -> None:
    """¶46: any teammates may put in coins; they hand them over first."""
    g = _pay_game((5, 4))
    assert Action(0, "pay", target=0) not in g.legal_actions()
    refuse(g, "p0 pay t=0", "pay_short")
    for _ in range(3):
        g.apply("p1 give t=0")
    g.apply("p0 pay t=0")
    assert all_coins(g) == [5, 1]


def test_pay_eight_refusals() -> None:
    """¶46: only the active player pays, only in phase 2, and it is not a free choice."""
    g = _pay_game((3, 9), taker=1)
    refuse(g, "p1 pay t=0", "not_active")
    refuse(g, "p1 contract t=0", "contract_pay")
    refuse(g, "p0 contract t=0", "contract_pay")
    g2 = _pay_game((9, 0))
    refuse(g2, "p0 pay t=1", "no_pay_contract")
    refuse(g2, "p0 pay t=7", "no_contract")
    g3 = game(mode="cooperative", contracts=("bought_favour", "four_swords"), seats=[{"coins": 9}])
    refuse(g3, "p0 pay t=0", "not_now")  # phase 1: nothing is taken yet


def test_pay_eight_in_solo() -> None:
    """¶46: alone, the player pays all 8 coins themself."""
    g = game(mode="solo", players=1, contracts=("bought_favour", "four_swords", "colonists"),
             seats=[{"coins": 8}], harbour=["ship:yellow:1:1"], phase="take")
    g.apply("p0 pay t=0")
    assert g.state.boxes[0] == [0] and coins(g, 0) == 5
    assert Counter(e[1] for e in g.log)["paid_for_contract"] == 1
