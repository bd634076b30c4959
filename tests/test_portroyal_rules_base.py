"""Port Royal base game: a test per rule of the base notes, per ruling 1-11 of docs/portroyal.md and
per reading B1-B6 of the lead, each played out in a concrete position built with ``load_scenario``.

Seat 0 is "Player 1" in the log.  The deck's make-up is tested in test_portroyal_deck.py."""

from __future__ import annotations

from typing import Any

import pytest

from importexport.errors import IllegalActionError
from importexport.portroyal.actions import Action
from importexport.portroyal.cards import CARDS
from importexport.portroyal.game import Game
from importexport.portroyal.rules import points
from importexport.portroyal.scenario import load_scenario
from importexport.portroyal.words import REASONS

# --- helpers -----------------------------------------------------------------------------------


def scene(players: int = 2, lang: str | None = None, **spec: Any) -> Game:
    """A position with ``players`` seats (seat 0 active unless told otherwise)."""
    return load_scenario({"players": players, **spec}, lang=lang)


def coins(g: Game) -> list[int]:
    """Every seat's coin count."""
    return [len(p.coins) for p in g.state.players]


def top(g: Game, k: int = 0) -> int:
    """The ``k``-th card from the top of the draw pile."""
    return g.state.deck[-1 - k]


def keys(g: Game) -> list[str]:
    """The event keys of the log, in order."""
    return [key for _turn, key, _args in g.log]


def refuse(g: Game, action: Action | str, rule: str) -> IllegalActionError:
    """``action`` is refused for ``rule`` and the game is left exactly as it was."""
    before, log, history, opts = g.to_json(), list(g.log), list(g.history), g.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        g.apply(action)
    assert info.value.rule == rule, str(info.value)
    assert (g.to_json(), g.log, g.history, g.legal_actions()) == (before, log, history, opts)
    return info.value


def takes(g: Game, seat: int) -> list[int]:
    """The cards ``seat`` is offered to take now."""
    return [a.card for a in g.legal_actions() if a.player == seat and a.kind == "take"]


# --- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_three_coins_each_from_the_deck(players: int) -> None:
    """Setup: every player starts with 3 coins, face-down cards dealt from the 120-card deck; the
    start player opens with a card to turn (B4: stopping is not offered yet)."""
    g = Game(players=players, seed=7)
    s = g.state
    assert coins(g) == [3] * players
    assert len(s.deck) == 120 - 3 * players
    assert s.discard == s.harbour == s.expeditions == []
    assert all(p.persons == p.expeditions == [] for p in s.players)
    assert sorted(s.all_cards()) == list(range(120))
    assert s.turn == 1 and s.active == s.start
    assert g.deciders() == [s.start]
    assert g.legal_actions() == [Action(s.start, "discover")]
    assert g.narrate() == [f"Player {s.start + 1}'s turn begins."]


def test_setup_start_player_is_random_but_seeded() -> None:
    """Setup: the start player is drawn at random (every seat occurs; a seed repeats its draw)."""
    starts = [Game(players=4, seed=seed).state.start for seed in range(40)]
    assert set(starts) == {0, 1, 2, 3}
    assert [Game(players=4, seed=seed).state.start for seed in range(40)] == starts


def test_base_deck_has_no_expansion_cards() -> None:
    """Ruling 11: the base game plays the 120 base cards only (no ships marked A, no new persons)."""
    s = Game(players=3, seed=2).state
    assert max(s.all_cards()) == 119
    assert not any(CARDS[c].a_ship or CARDS[c].expansion for c in s.all_cards())


# --- phase 1: discover -------------------------------------------------------------------------


def test_discover_turns_one_card_at_a_time() -> None:
    """Phase 1: each choice turns exactly one card into the harbour; ships and persons stay there."""
    g = scene(deck=["ship:yellow:1:1", "settler"])
    ship, settler = top(g), top(g, 1)
    g.apply("p0 discover")
    assert g.state.harbour == [ship] and g.state.turned == 1
    assert g.deciders() == [0]
    assert g.legal_actions() == [Action(0, "discover"), Action(0, "stop")]
    g.apply("p0 discover")
    assert g.state.harbour == [ship, settler] and g.state.turned == 2
    assert g.narrate() == ["Player 1 turns over Pinnace (1 coin).", "Player 1 turns over Settler (cost 4)."]


def test_stop_after_a_card_begins_phase_two() -> None:
    """Phase 1: the active player may stop after any card; then phase 2 begins (no more turning)."""
    g = scene(deck=["ship:yellow:1:1"])
    ship = top(g)
    g.apply("p0 discover")
    g.apply("p0 stop")
    assert g.narrate()[-1] == "Player 1 stops with 1 card in the harbour."
    assert g.deciders() == [0]
    assert g.legal_actions() == [Action(0, "take", ship), Action(0, "pass")]
    refuse(g, "p0 discover", "not_now")


def test_stop_needs_a_first_card() -> None:
    """B4: the first card must be turned; stopping before it is refused."""
    g = scene(deck=["ship:yellow:1:1"])
    assert g.legal_actions() == [Action(0, "discover")]
    err = refuse(g, "p0 stop", "stop_first")
    assert str(err) == "Turn over at least one card before you stop."


def test_stop_refusal_reads_german() -> None:
    """B4, in German: the refusal speaks the game's language."""
    g = scene(lang="de")
    err = refuse(g, "p0 stop", "stop_first")
    assert str(err) != REASONS.format("stop_first", "en")
    assert str(err) == REASONS.format("stop_first", "de")
    assert "Karte" in str(err)


def test_stop_allowed_at_once_when_no_card_can_be_turned() -> None:
    """B4: with draw and discard piles empty, stopping is the only choice (turning is refused)."""
    g = scene(seats=[{"coins": 60}, {"coins": 60}])
    assert g.state.deck == g.state.discard == []
    assert g.legal_actions() == [Action(0, "stop")]
    refuse(g, "p0 discover", "no_cards_left")


# --- repelling ships -----------------------------------------------------------------------------


def test_repel_the_ship_just_turned_with_enough_swords() -> None:
    """Phase 1: a ship just turned may be driven off (discarded) when the player's swords reach its value."""
    g = scene(seats=[{"persons": ["sailor", "sailor"]}], deck=["ship:yellow:2:2"])
    ship = top(g)
    g.apply("p0 discover")
    assert g.legal_actions() == [Action(0, "repel", ship), Action(0, "land", ship)]
    g.apply(Action(0, "repel", ship))
    assert g.state.harbour == [] and g.state.discard == [ship]
    assert g.narrate()[-1] == "Player 1 drives off Pinnace (2 coins)."
    assert g.legal_actions() == [Action(0, "discover"), Action(0, "stop")]


def test_repel_refused_with_too_few_swords() -> None:
    """Phase 1: one sword cannot drive off a ship that needs two: it lands, no repel is offered."""
    g = scene(seats=[{"persons": ["sailor"]}], deck=["ship:yellow:2:2"])
    ship = top(g)
    g.apply("p0 discover")
    assert g.state.harbour == [ship]
    assert g.legal_actions() == [Action(0, "discover"), Action(0, "stop")]
    refuse(g, Action(0, "repel", ship), "not_now")


@pytest.mark.parametrize("name", ["ship:red:never:3", "ship:red:never:4", "ship:black:never:3", "ship:black:never:4"])
def test_never_ships_cannot_be_repelled(name: str) -> None:
    """Phase 1: a ship marked "never" stays whatever the swords (here 10)."""
    persons = ["pirate:5", "pirate:7", "pirate:9", "sailor", "sailor", "sailor", "sailor"]
    g = scene(seats=[{"persons": persons}], deck=[name])
    ship = top(g)
    g.apply("p0 discover")
    assert g.state.harbour == [ship]
    assert g.legal_actions() == [Action(0, "discover"), Action(0, "stop")]
    refuse(g, Action(0, "repel", ship), "not_now")


def test_repel_only_the_ship_just_turned() -> None:
    """Phase 1: only the ship just turned may be driven off, not one already in the harbour."""
    g = scene(seats=[{"persons": ["sailor"]}], harbour=["ship:blue:1:1"], turned=1, deck=["ship:yellow:1:1"])
    old, new = g.state.harbour[0], top(g)
    refuse(g, Action(0, "repel", old), "not_now")  # nothing was just turned
    g.apply("p0 discover")
    assert g.legal_actions() == [Action(0, "repel", new), Action(0, "land", new)]
    refuse(g, Action(0, "repel", old), "not_now")


def test_repel_is_a_choice_also_for_a_new_colour() -> None:
    """Ruling 6: driving off is offered for a ship whose colour is not in the harbour, and never forced."""
    g = scene(seats=[{"persons": ["sailor"]}], harbour=["ship:blue:1:1"], turned=1, deck=["ship:yellow:1:1"])
    old, new = g.state.harbour[0], top(g)
    g.apply("p0 discover")
    assert g.legal_actions() == [Action(0, "repel", new), Action(0, "land", new)]
    g.apply(Action(0, "land", new))
    assert g.state.harbour == [old, new]
    assert "bust" not in keys(g)
    assert g.legal_actions() == [Action(0, "discover"), Action(0, "stop")]


def test_repel_of_a_second_colour_avoids_the_bust() -> None:
    """Phase 1: driving off a second ship of a colour already there keeps the turn alive."""
    g = scene(seats=[{"persons": ["sailor"]}], harbour=["ship:yellow:1:1"], turned=1, deck=["ship:yellow:1:1"])
    old, new = g.state.harbour[0], top(g)
    g.apply("p0 discover")
    g.apply(Action(0, "repel", new))
    assert g.state.harbour == [old] and g.state.discard == [new]
    assert "bust" not in keys(g)
    assert g.deciders() == [0]


# --- bust ----------------------------------------------------------------------------------------


def test_bust_on_a_second_ship_of_a_colour() -> None:
    """Phase 1 bust, rulings 1 and 2: the harbour is discarded, phase 2 is skipped, the expedition
    beside it stays, the active player's Jesters pay 1 coin each and other players' Jesters nothing."""
    g = scene(
        3,
        seats=[{"persons": ["jester:5", "jester:7"]}, {"persons": ["jester:7"]}, {"persons": ["jester:9"]}],
        harbour=["ship:yellow:1:1", "ship:blue:1:1", "settler"], turned=3,
        expeditions=["expedition:anchor+anchor"], deck=["ship:yellow:2:2"],
    )
    harbour, expedition, ship = list(g.state.harbour), list(g.state.expeditions), top(g)
    g.apply("p0 discover")
    s = g.state
    assert s.harbour == [] and s.discard == harbour + [ship]
    assert s.expeditions == expedition
    assert coins(g) == [5, 3, 3]
    assert "stops" not in keys(g) and "passes" not in keys(g)
    assert g.narrate() == [
        "Player 1 turns over Pinnace (2 coins).",
        "Pinnace (2 coins) is a second ship of its colour: Player 1's turn busts and the harbour is cleared.",
        "Player 1 gets 2 coins (Jester, the turn busted).",
        "Player 1's turn ends.",
        "Player 2's turn begins.",
    ]
    assert g.deciders() == [1] and g.legal_actions() == [Action(1, "discover")]


# --- tax increases -------------------------------------------------------------------------------


def test_tax_halves_rounded_down_for_everybody_with_twelve() -> None:
    """Tax, B1, ruling 8: every player with 12+ coins (the active one too) gives up half, rounded down;
    then the coin goes out; the tax card is discarded at once."""
    g = scene(3, seats=[{"coins": 13}, {"coins": 12}, {"coins": 11, "persons": ["sailor"]}], deck=["tax:most_swords"])
    tax = top(g)
    g.apply("p0 discover")
    s = g.state
    assert coins(g) == [7, 6, 12]
    assert s.harbour == [] and len(s.discard) == 13 and s.discard[-1] == tax
    assert g.narrate() == [
        "Player 1 turns over Tax increase (most swords).",
        "Tax increase (most swords): everybody with 12 coins or more gives up half.",
        "Player 1 gives up 6 coins.",
        "Player 2 gives up 6 coins.",
        "Player 3 gets 1 coin (most swords).",
    ]
    assert g.legal_actions() == [Action(0, "discover"), Action(0, "stop")]  # the tax was the first card


@pytest.mark.parametrize(("tax", "persons"), [
    ("tax:most_swords", [["sailor"], []]),
    ("tax:fewest_points", [[], ["settler"]]),
])
def test_tax_halving_comes_before_the_coin(tax: str, persons: list[list[str]]) -> None:
    """B1: the player who gets the coin is halved first (12 -> 6, then 7)."""
    g = scene(seats=[{"coins": 12, "persons": persons[0]}, {"coins": 3, "persons": persons[1]}], deck=[tax])
    g.apply("p0 discover")
    assert coins(g) == [7, 3]


@pytest.mark.parametrize(("persons", "gainers"), [
    ([["pirate"], ["sailor", "sailor"], ["sailor"]], [0, 1]),
    ([["sailor"], ["settler"], ["settler"]], [0]),
    ([["settler"], [], ["captain"]], []),
])
def test_tax_most_swords(persons: list[list[str]], gainers: list[int]) -> None:
    """B1: most swords gets 1 coin; ties all get one; nobody with a sword, nobody gets it."""
    g = scene(3, seats=[{"persons": p} for p in persons], deck=["tax:most_swords"])
    g.apply("p0 discover")
    assert coins(g) == [4 if seat in gainers else 3 for seat in range(3)]
    if not gainers:
        assert g.narrate()[-1] == "Nobody has a sword, so nobody gets the coin."


@pytest.mark.parametrize(("persons", "gainers"), [
    ([["settler"], [], []], [1, 2]),
    ([["settler", "captain"], ["sailor"], ["priest"]], [1, 2]),
    ([[], ["settler"], ["captain"]], [0]),
])
def test_tax_fewest_points(persons: list[list[str]], gainers: list[int]) -> None:
    """B1: fewest influence points gets 1 coin, 0 points counts, ties all get one (active included)."""
    g = scene(3, seats=[{"persons": p} for p in persons], deck=["tax:fewest_points"])
    g.apply("p0 discover")
    assert coins(g) == [4 if seat in gainers else 3 for seat in range(3)]
    assert g.narrate()[-1].endswith("gets 1 coin (fewest influence points).")


# --- expeditions beside the harbour --------------------------------------------------------------


def test_expedition_is_laid_beside_the_harbour() -> None:
    """Phase 1: an expedition goes beside the harbour: it cannot be taken and outlives the turn."""
    g = scene(deck=["ship:yellow:1:1", "expedition:anchor+anchor"])
    ship, expedition = top(g), top(g, 1)
    g.apply("p0 discover")
    g.apply("p0 discover")
    assert g.state.harbour == [ship] and g.state.expeditions == [expedition]
    assert g.narrate()[-1] == "Expedition anchor+anchor is laid out beside the harbour."
    g.apply("p0 stop")
    assert takes(g, 0) == [ship]
    refuse(g, Action(0, "take", expedition), "not_in_harbour")
    g.apply("p0 pass")  # seat 1 cannot pay for anything but the ship
    g.apply("p1 pass")
    assert g.state.expeditions == [expedition] and expedition not in g.state.discard


# --- phase 2: how many cards ---------------------------------------------------------------------

SHIPS = ["ship:yellow:1:1", "ship:blue:1:1", "ship:green:1:1", "ship:red:1:1", "ship:black:2:1"]


@pytest.mark.parametrize(("colours", "allowed"), [(1, 1), (2, 1), (3, 1), (4, 2), (5, 3)])
def test_active_takes_one_two_or_three_by_colours(colours: int, allowed: int) -> None:
    """Phase 2: the active player takes 1 card, 2 with four ship colours in the harbour, 3 with five."""
    g = scene(seats=[{"coins": 0}, {"coins": 0}], harbour=SHIPS[:colours], turned=colours)
    harbour = list(g.state.harbour)
    g.apply("p0 stop")
    for k in range(allowed):
        assert g.deciders() == [0]
        g.apply(Action(0, "take", harbour[k]))
    assert coins(g)[0] == allowed
    assert 0 not in g.deciders()
    assert all(a.player == 1 for a in g.legal_actions())
    if allowed < colours:  # one card more is refused
        refuse(g, Action(0, "take", harbour[allowed]), "not_your_decision")


def test_take_count_fixed_when_phase_two_begins() -> None:
    """Ruling 5: trading a ship away (four colours become three) does not shrink the count of two."""
    g = scene(seats=[{"coins": 0}, {"coins": 0}], harbour=SHIPS[:4], turned=4)
    first, second, third, _ = g.state.harbour
    g.apply("p0 stop")
    g.apply(Action(0, "take", first))
    assert g.deciders() == [0] and second in takes(g, 0)
    g.apply(Action(0, "take", second))
    assert g.deciders() == [1]
    refuse(g, Action(0, "take", third), "not_your_decision")


@pytest.mark.parametrize(("colours", "allowed"), [(1, 2), (5, 4)])
def test_governor_adds_a_card_for_the_active_player(colours: int, allowed: int) -> None:
    """Phase 2: each Governor lets the active player take one more card."""
    harbour = SHIPS[:colours] + ["sailor", "sailor"]
    g = scene(seats=[{"coins": 20, "persons": ["governor"]}, {"coins": 0}], harbour=harbour, turned=len(harbour))
    cards = list(g.state.harbour)
    g.apply("p0 stop")
    for k in range(allowed):
        assert g.deciders() == [0]
        g.apply(Action(0, "take", cards[-1 - k]))
    assert g.deciders() != [0]


def test_governor_adds_a_card_for_a_non_active_player() -> None:
    """Phase 2: a non-active player's Governor lets them take 2, paying the active player 1 coin each."""
    g = scene(seats=[{"coins": 0}, {"coins": 2, "persons": ["governor"]}],
              harbour=["ship:yellow:1:1", "ship:blue:1:2", "ship:green:1:1"], turned=3)
    y, b, _ = g.state.harbour
    g.apply("p0 stop")
    g.apply("p0 pass")
    assert g.deciders() == [1]
    g.apply(Action(1, "take", y))
    assert coins(g) == [1, 2]
    g.apply(Action(1, "take", b))
    assert coins(g) == [2, 3]
    assert g.deciders() == [1] and g.legal_actions() == [Action(1, "discover")]  # next turn: seat 1's


# --- phase 2: trading and hiring -----------------------------------------------------------------


def test_trading_pays_ship_coins_and_traders_of_its_colour() -> None:
    """Phase 2: trading a ship gives its coins (from the draw pile) plus 1 per Trader of its colour."""
    g = scene(seats=[{"coins": 0, "persons": ["trader:blue:3", "trader:blue:5", "trader:yellow"]}],
              harbour=["ship:blue:1:2"], phase="take")
    ship, deck = g.state.harbour[0], len(g.state.deck)
    g.apply(Action(0, "take", ship))
    assert coins(g)[0] == 4 and len(g.state.deck) == deck - 4
    assert g.state.discard == [ship]
    assert g.narrate()[:3] == [
        "Player 1 trades Flute (2 coins).", "Player 1 gets 2 coins (trade).", "Player 1 gets 2 coins (Trader).",
    ]


def test_hiring_pays_the_cost_to_the_discard_pile() -> None:
    """Phase 2: hiring a person costs its price; the coin cards go to the discard pile."""
    g = scene(seats=[{"coins": 5}], harbour=["settler"], phase="take")
    settler, paid = g.state.harbour[0], g.state.players[0].coins[1:]
    g.apply(Action(0, "take", settler))
    assert coins(g)[0] == 1 and g.state.players[0].persons == [settler]
    assert g.state.discard == paid
    assert g.narrate()[0] == "Player 1 hires Settler (cost 4) for 4 coins."


@pytest.mark.parametrize(("ladies", "cost"), [(1, 2), (2, 1), (3, 0), (4, 0)])
def test_mademoiselles_lower_the_cost_not_below_zero(ladies: int, cost: int) -> None:
    """Phase 2: each Mademoiselle makes a hire 1 coin cheaper, never below 0 (Trader costing 3)."""
    persons = ["mademoiselle:7", "mademoiselle:7", "mademoiselle:9", "mademoiselle:9"][:ladies]
    g = scene(seats=[{"coins": 3, "persons": persons}], harbour=["trader:black"], phase="take")
    g.apply(Action(0, "take", g.state.harbour[0]))
    assert coins(g)[0] == 3 - cost and len(g.state.discard) == cost
    assert g.narrate()[0].endswith(f"for {cost} coin{'' if cost == 1 else 's'}.")


def test_hire_refused_without_enough_coins() -> None:
    """Phase 2: a person the player cannot pay for is not offered and taking it is refused."""
    g = scene(seats=[{"coins": 3}], harbour=["ship:yellow:1:1", "settler"], phase="take")
    ship, settler = g.state.harbour
    assert takes(g, 0) == [ship]
    err = refuse(g, Action(0, "take", settler), "cannot_afford")
    assert str(err) == "Settler (cost 4) needs 4 coins and Player 1 has 3."
    refuse(g, Action(0, "take", 119), "not_in_harbour")


def test_mademoiselle_makes_a_hire_affordable() -> None:
    """Phase 2: the lowered cost is what the player must hold (3 coins hire a Settler with a Mademoiselle)."""
    g = scene(seats=[{"coins": 3, "persons": ["mademoiselle"]}], harbour=["settler"], phase="take")
    assert takes(g, 0) == g.state.harbour


# --- phase 2: the other players ------------------------------------------------------------------


def test_others_take_clockwise_paying_the_active_player() -> None:
    """Phase 2, B5: after the active player, the others clockwise take 1 card each, paying the active
    player 1 coin (the coin card moves) and, for a person, the hire cost to the discard pile."""
    g = scene(3, active=1, seats=[{"coins": 5}, {"coins": 0}, {"coins": 1}],
              harbour=["ship:yellow:1:1", "ship:blue:1:2", "settler"], turned=3)
    y, b, settler = g.state.harbour
    g.apply("p1 stop")
    g.apply(Action(1, "take", y))
    assert coins(g) == [5, 1, 1] and g.deciders() == [2]
    fee = g.state.players[2].coins[-1]
    g.apply(Action(2, "take", b))  # pays its only coin first, then trades (B5)
    assert coins(g) == [5, 2, 2] and fee in g.state.players[1].coins
    assert g.deciders() == [0]
    g.apply(Action(0, "take", settler))
    assert coins(g) == [0, 3, 2] and g.state.players[0].persons == [settler]
    lines = g.narrate()
    assert "Player 3 pays the active player 1 coin and trades Flute (2 coins)." in lines
    assert "Player 1 pays the active player 1 coin and hires Settler (cost 4) for 4 coins." in lines
    assert g.deciders() == [2] and g.state.active == 2  # the next turn


def test_non_active_who_cannot_pay_is_skipped() -> None:
    """Ruling 7, B3: a non-active player without a coin gets no chance; with 1 coin only a ship is
    offered (a person needs the coin plus its cost)."""
    g = scene(3, seats=[{"coins": 0}, {"coins": 0}, {"coins": 1}], harbour=["ship:yellow:1:1", "settler"], turned=2)
    ship, settler = g.state.harbour
    g.apply("p0 stop")
    g.apply("p0 pass")
    assert g.deciders() == [2]  # seat 1 is passed over silently
    assert g.legal_actions() == [Action(2, "take", ship), Action(2, "pass")]
    err = refuse(g, Action(2, "take", settler), "cannot_afford")
    assert str(err) == "Settler (cost 4) needs 5 coins and Player 3 has 1."
    refuse(g, Action(1, "take", ship), "not_your_decision")


def test_taking_is_optional() -> None:
    """B3: every taker may pass, the active player too, even with cards left to take."""
    g = scene(seats=[{"coins": 5}, {"coins": 5}], harbour=SHIPS[:4], turned=4)
    g.apply("p0 stop")
    g.apply(Action(0, "take", g.state.harbour[0]))
    g.apply("p0 pass")
    assert g.deciders() == [1]
    g.apply("p1 pass")
    assert g.narrate().count("Player 1 takes no more cards.") == 1
    assert "Player 2 takes no more cards." in g.narrate()
    assert coins(g) == [6, 5]


def test_no_take_decision_when_nothing_is_affordable() -> None:
    """B3: a player who can take nothing is not asked: the chance passes silently."""
    g = scene(seats=[{"coins": 0}, {"coins": 3}], harbour=["settler"], turned=1)
    g.apply("p0 stop")
    assert g.deciders() == [1] and g.legal_actions() == [Action(1, "discover")]
    assert "passes" not in keys(g)


def test_leftover_cards_are_discarded() -> None:
    """Phase 2: cards nobody took go to the discard pile when every player has had a chance."""
    g = scene(seats=[{"coins": 0}, {"coins": 0}], harbour=["ship:yellow:1:1", "settler"], turned=2)
    ship, settler = g.state.harbour
    g.apply(Action(0, "stop"))
    g.apply(Action(0, "take", ship))
    assert g.state.harbour == [] and g.state.discard == [ship, settler]
    assert "The cards left in the harbour go to the discard pile: Settler (cost 4)." in g.narrate()


# --- Admirals and Jesters when a chance to take begins -------------------------------------------


def test_admiral_pays_at_each_chance_with_five_cards() -> None:
    """B6, ruling 4: 2 coins per Admiral when a player's chance begins with 5+ cards in the harbour,
    active or not, before taking (here the coins pay seat 1's hire)."""
    harbour = ["ship:yellow:1:1", "ship:blue:1:1", "ship:green:1:1", "settler", "captain"]
    seats = [{"coins": 0, "persons": ["admiral:5"]}, {"coins": 1, "persons": ["admiral:7", "admiral:7"]},
             {"coins": 3, "persons": ["admiral:9"]}]
    g = scene(3, seats=seats, harbour=harbour, turned=5)
    settler = g.state.harbour[3]
    g.apply("p0 stop")
    assert coins(g) == [2, 1, 3]
    g.apply("p0 pass")
    assert coins(g) == [2, 5, 3]
    assert "Player 2 gets 4 coins (Admiral)." in g.narrate()
    g.apply(Action(1, "take", settler))  # 1 coin to seat 0, 4 to the discard pile
    assert coins(g) == [3, 0, 3]
    assert g.deciders() == [2]  # 4 cards left: seat 2's Admiral pays nothing
    assert "admiral" not in [args.get("why") for _t, _k, args in g.log if args.get("p") == 2]


def test_admiral_counts_ships_and_persons_only() -> None:
    """Ruling 4: an expedition beside the harbour is not one of the five cards."""
    g = scene(seats=[{"coins": 0, "persons": ["admiral"]}], expeditions=["expedition:house+house"],
              harbour=["ship:yellow:1:1", "ship:blue:1:1", "settler", "captain"], turned=5)
    g.apply("p0 stop")
    assert coins(g)[0] == 0


def test_jester_pays_when_the_harbour_is_empty_at_a_chance() -> None:
    """B6, ruling 3: 1 coin per Jester to every player whose chance begins with an empty harbour."""
    g = scene(3, seats=[{"persons": ["jester"]}, {"persons": ["jester:7", "jester:7"]}, {}],
              deck=["expedition:house+house"])
    g.apply("p0 discover")
    g.apply("p0 stop")
    assert coins(g) == [4, 5, 3]
    assert "Player 1 gets 1 coin (Jester, empty harbour)." in g.narrate()
    assert g.deciders() == [1] and g.state.active == 1


def test_jester_pays_a_non_active_player_when_the_cards_ran_out() -> None:
    """Ruling 3: the active player took the last card, so the next player's chance finds the harbour empty."""
    g = scene(seats=[{"coins": 0}, {"coins": 0, "persons": ["jester"]}], harbour=["ship:yellow:1:1"], turned=1)
    g.apply("p0 stop")
    g.apply(Action(0, "take", g.state.harbour[0]))
    assert coins(g) == [1, 1]
    assert g.narrate()[-3:] == [
        "Player 2 gets 1 coin (Jester, empty harbour).", "Player 1's turn ends.", "Player 2's turn begins.",
    ]


# --- expeditions ---------------------------------------------------------------------------------


def test_expedition_fulfilled_with_matching_persons() -> None:
    """Expeditions: the active player gives up matching persons (discarded) for points and coins."""
    g = scene(seats=[{"coins": 0, "persons": ["captain", "captain", "settler"]}],
              expeditions=["expedition:anchor+anchor"], harbour=["ship:yellow:1:1"], turned=1)
    c1, c2, settler = g.state.players[0].persons
    expedition = g.state.expeditions[0]
    action = Action(0, "expedition", expedition, cards=(c1, c2))
    assert action in g.legal_actions()
    assert points(g.state, 0) == 3
    g.apply(action)
    p = g.state.players[0]
    assert p.persons == [settler] and p.expeditions == [expedition]
    assert g.state.expeditions == [] and g.state.discard == [c1, c2]
    assert coins(g)[0] == 2 and points(g.state, 0) == 5
    assert g.narrate() == [
        "Player 1 fulfils Expedition anchor+anchor, giving up Captain (cost 4) and Captain (cost 4).",
        "Player 1 gets 2 coins (expedition).",
    ]
    assert g.deciders() == [0]  # the decision it came in stays open


PERSON_FOR = {"anchor": "captain", "cross": "priest", "house": "settler"}


@pytest.mark.parametrize(("needs", "pts", "gain"), [
    ("anchor+anchor", 4, 2), ("cross+cross", 4, 2), ("house+house", 4, 2),
    ("anchor+anchor+house", 6, 3), ("cross+cross+house", 6, 3), ("anchor+cross+house", 5, 3),
])
def test_each_expedition_symbol_person_points_and_coins(needs: str, pts: int, gain: int) -> None:
    """Expeditions: Captain = anchor, Priest = cross, Settler = house; each of the six pays its points
    and coins (the persons' own points leave with them)."""
    persons = [PERSON_FOR[sym] for sym in needs.split("+")]
    g = scene(seats=[{"coins": 0, "persons": persons}], expeditions=[f"expedition:{needs}"], phase="take",
              harbour=["ship:yellow:1:1"])
    expedition = g.state.expeditions[0]
    ways = [a for a in g.legal_actions() if a.kind == "expedition"]
    assert ways == [Action(0, "expedition", expedition, cards=tuple(sorted(g.state.players[0].persons)))]
    g.apply(ways[0])
    assert points(g.state, 0) == pts and coins(g)[0] == gain and g.state.players[0].persons == []


def test_jack_of_all_trades_stands_for_any_symbol() -> None:
    """Expeditions: a Jack of all trades counts as any one symbol (here the cross)."""
    g = scene(seats=[{"coins": 0, "persons": ["captain", "jack_of_all_trades", "settler"]}],
              expeditions=["expedition:anchor+cross+house"], phase="take", harbour=["ship:yellow:1:1"])
    persons = tuple(sorted(g.state.players[0].persons))
    expedition = g.state.expeditions[0]
    assert Action(0, "expedition", expedition, cards=persons) in g.legal_actions()  # in phase 2 too
    g.apply(Action(0, "expedition", expedition, cards=persons))
    assert g.state.players[0].persons == [] and points(g.state, 0) == 5 and coins(g)[0] == 3


def test_expedition_mismatch_refused() -> None:
    """Expeditions: persons that do not match the symbols, or are not the player's, are refused."""
    g = scene(seats=[{"persons": ["captain", "settler"]}, {"persons": ["captain"]}],
              expeditions=["expedition:anchor+anchor"], harbour=["ship:yellow:1:1"], turned=1)
    captain, settler = g.state.players[0].persons
    theirs = g.state.players[1].persons[0]
    expedition = g.state.expeditions[0]
    assert [a for a in g.legal_actions() if a.kind == "expedition"] == []
    refuse(g, Action(0, "expedition", expedition, cards=(captain, settler)), "expedition_mismatch")
    refuse(g, Action(0, "expedition", expedition, cards=(captain, captain)), "expedition_mismatch")
    refuse(g, Action(0, "expedition", expedition, cards=(captain, theirs)), "not_your_person")
    refuse(g, Action(0, "expedition", 119, cards=(captain, settler)), "no_such_expedition")


def test_expedition_only_by_the_active_player_in_their_turn() -> None:
    """Expeditions: only the active player, during their own decisions; not a non-active player, and
    not the active player while another player is deciding."""
    g = scene(seats=[{"persons": ["captain", "captain"]}, {"persons": ["captain:4", "captain:4"]}],
              expeditions=["expedition:anchor+anchor"], harbour=["ship:yellow:1:1", "ship:blue:1:1"], turned=2)
    expedition = g.state.expeditions[0]
    mine, theirs = tuple(g.state.players[0].persons), tuple(g.state.players[1].persons)
    assert g.free_actions(1) == []
    refuse(g, Action(1, "expedition", expedition, cards=theirs), "expedition_own_turn")
    g.apply("p0 stop")
    g.apply(Action(0, "take", g.state.harbour[0]))
    assert g.deciders() == [0]  # no take left, but the expedition may still be fulfilled (ruling 18)
    g.apply("p0 pass")
    assert g.deciders() == [1]
    refuse(g, Action(0, "expedition", expedition, cards=mine), "expedition_own_turn")
    refuse(g, Action(1, "expedition", expedition, cards=theirs), "expedition_own_turn")


# --- the piles run out ---------------------------------------------------------------------------


def test_discard_pile_reshuffled_when_the_deck_runs_out() -> None:
    """Ruling 9: an empty draw pile is refilled by shuffling the discard pile."""
    g = scene(seats=[{"coins": 60}, {"coins": 59}], discard=["ship:yellow:1:1"])
    ship = g.state.discard[0]
    assert g.state.deck == []
    g.apply("p0 discover")
    assert g.state.harbour == [ship] and g.state.deck == g.state.discard == []
    assert g.narrate() == [
        "The discard pile is shuffled into a new draw pile (1 card).", "Player 1 turns over Pinnace (1 coin).",
    ]


def test_coins_not_paid_when_no_card_is_left() -> None:
    """Ruling 9: coins due when both piles are empty are not paid (the traded ship itself is the one left)."""
    g = scene(seats=[{"coins": 60}, {"coins": 59}], harbour=["ship:yellow:2:3"], phase="take")
    g.apply(Action(0, "take", g.state.harbour[0]))
    assert coins(g) == [61, 59]
    assert g.narrate()[:4] == [
        "Player 1 trades Pinnace (3 coins).",
        "The discard pile is shuffled into a new draw pile (1 card).",
        "Player 1 gets 1 coin (trade).",
        "No card is left to pay Player 1 2 more coins.",
    ]


def test_game_ends_when_no_card_can_be_turned() -> None:
    """B2: a turn that begins with draw and discard piles empty ends the game at once."""
    g = scene(seats=[{"coins": 57, "persons": ["mademoiselle:7", "mademoiselle:7", "mademoiselle:9"]}, {"coins": 59}],
              harbour=["trader:black"], phase="take")
    trader = g.state.harbour[0]
    g.apply(Action(0, "take", trader))  # free with three Mademoiselles: every card is now held
    assert g.state.deck == g.state.discard == g.state.harbour == []
    assert g.is_over() and g.deciders() == [] and g.legal_actions() == []
    assert g.log[-1][1:] == ("game_over", {"why": "no_cards"})
    assert g.narrate()[-2:] == ["Player 1's turn ends.", "The game is over."]
    assert [r["won"] for r in g.scores()] == [True, False]
    refuse(g, "p1 discover", "game_over")


# --- the end of the game -------------------------------------------------------------------------

ELEVEN = ["admiral:9", "jester:9", "mademoiselle:9", "mademoiselle:7"]
"""Persons worth 11 influence points (the Mademoiselles make a Settler cost 2)."""


def test_goal_reached_round_is_finished() -> None:
    """Game end, ruling 10: 12 points start the last round; the turn of the start player's right-hand
    neighbour (the seat before the start player) ends the game."""
    g = scene(3, active=1, start=0, seats=[{"coins": 0}, {"coins": 2, "persons": ELEVEN}, {"coins": 0}],
              harbour=["settler"], phase="take", deck=["ship:yellow:1:1"])
    g.apply(Action(1, "take", g.state.harbour[0]))
    assert points(g.state, 1) == 12
    assert g.state.ending and not g.is_over()
    assert "Somebody has 12 influence points: this round is played to its end." in g.narrate()
    assert g.deciders() == [2]
    g.apply("p2 discover")
    g.apply("p2 stop")
    g.apply(Action(2, "take", g.state.harbour[0]))
    assert g.is_over() and g.deciders() == []
    assert keys(g).count("last_round") == 1 and keys(g)[-1] == "game_over"
    assert [r["won"] for r in g.scores()] == [False, True, False]
    refuse(g, "p0 discover", "game_over")


def test_goal_reached_in_the_last_turn_of_a_round_ends_at_once() -> None:
    """Ruling 10: points are checked after every turn, also for a non-active player; reached in the
    right-hand neighbour's turn, the game ends right after it."""
    g = scene(3, active=2, start=0, seats=[{"coins": 4}, {"coins": 3, "persons": ELEVEN}, {"coins": 0}],
              harbour=["settler"], turned=1)
    g.apply("p2 stop")  # seat 2 cannot pay the Settler; seat 0 cannot either; seat 1 can (2 + 1)
    assert g.deciders() == [1]
    g.apply(Action(1, "take", g.state.harbour[0]))
    assert g.is_over()
    assert keys(g)[-3:] == ["turn_ends", "last_round", "game_over"]


def test_no_end_before_the_goal() -> None:
    """Game end: 11 points at the end of a turn do not start the last round."""
    g = scene(3, active=2, start=0, seats=[{}, {"persons": ELEVEN}, {}], harbour=["ship:yellow:1:1"], turned=1)
    g.apply("p2 stop")
    g.apply(Action(2, "take", g.state.harbour[0]))
    assert not g.state.ending and not g.is_over() and g.deciders() == [0]


@pytest.mark.parametrize(("coins1", "won"), [(5, [False, True]), (4, [True, True]), (3, [True, False])])
def test_winner_by_points_then_coins(coins1: int, won: list[bool]) -> None:
    """Game end: most points win, ties broken by coins; equal in both, the players share the win."""
    g = scene(active=1, start=0, ending=True, seats=[{"coins": 5, "persons": ["settler"]},
              {"coins": coins1, "persons": ["captain"]}], deck=["ship:yellow:1:1"])
    g.apply("p1 discover")
    g.apply("p1 stop")
    g.apply(Action(1, "take", g.state.harbour[0]))  # one more coin; seat 0 then has nothing to take
    assert g.is_over()
    assert [(r["points"], r["coins"]) for r in g.scores()] == [(1, 5), (1, coins1 + 1)]
    assert [r["won"] for r in g.scores()] == won


def test_points_beat_coins() -> None:
    """Game end: influence points decide before coins."""
    g = scene(active=1, start=0, ending=True, seats=[{"coins": 0, "persons": ["settler", "captain"]},
              {"coins": 30, "persons": ["captain"]}], deck=["ship:yellow:1:1"])
    g.apply("p1 discover")
    g.apply("p1 stop")
    g.apply("p1 pass")
    assert g.is_over() and [r["won"] for r in g.scores()] == [True, False]
