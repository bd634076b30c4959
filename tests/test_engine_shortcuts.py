"""The engine's speed shortcuts give what the plain ways give.

The abilities in play while options are listed (``modifier_index``, one pass over a seat's working
abilities) are exactly what the one-value lookup (``active_abilities``) gives, for every rule value
and seat, in random positions and with a standing rule on the table; a seat's options
are the whole list's choices of that seat, also where the list is handed out whole (one seat deciding)."""

from __future__ import annotations

import random

from importexport import Action, Game
from importexport.importexport.abilities.exchanges import BAN_MARK
from importexport.importexport.abilities.registry import KEY_CARDS, REGISTRY, active_abilities, forget, modifier_index
from importexport.importexport.setup import MODULES


def assert_same(g: Game) -> int:
    """Compare both lookups for every seat and rule value; returns how many were not empty."""
    found = 0
    for seat in range(g.state.n):
        index = modifier_index(g, seat)
        for key in KEY_CARDS:
            expected = active_abilities(g, seat, key)
            assert index.get(key, []) == expected, (seat, key)
            found += bool(expected)
        assert set(index) <= set(KEY_CARDS)
    return found


def test_index_matches_the_lookup_in_random_games() -> None:
    found = 0
    for seed in range(6):
        g = Game(players=3 + seed % 3, seed=seed, abilities=True, modules=tuple(MODULES))
        rng = random.Random(seed)
        while not g.is_over():
            if len(g.history) % 7 == 0:
                found += assert_same(g)
            seat = rng.choice(g.deciders())
            g.apply(rng.choice(g.legal_actions(seat)))
    assert found > 100  # (abilities were in play, not only empty lookups)


def test_index_holds_a_standing_rule_for_every_seat() -> None:
    g = Game(players=4, seed=1, abilities=True)
    g.state.marks[BAN_MARK] = [2]
    forget(g)  # (a change by hand: the abilities kept on the game are looked up afresh)
    assert_same(g)
    ban = REGISTRY["SURSTRÖMMING"]
    assert all(ban in modifier_index(g, seat)["pirate_allowed"] for seat in range(4))
    assert not g.mod_all("pirate_allowed", True, 0)


def test_a_ship_passed_over_by_the_settling_memo_is_settled_all_the_same() -> None:
    """``rules.settle_harbours`` passes over a ship whose inputs are those it had just after its last
    settling: at every decision of random games with abilities and every module, each harbour ship's
    record is what settling it afresh gives, and ships were passed over."""
    from importexport.importexport.rules import fills_now

    passed = 0
    for seed in range(4):
        g = Game(players=3 + seed % 3, seed=seed, abilities=seed % 2 == 0, modules=tuple(MODULES) if seed % 2 == 0 else ())
        rng = random.Random(seed)
        while not g.is_over():
            for ship in g.state.ships:
                if ship.contracts and ship.containers and not ship.at_sea:
                    assert ship.fills == fills_now(g, ship), (seed, len(g.history), ship.id)
                    passed += ship.id in (g.settled_memo or {})
            g.apply(rng.choice(g.legal_actions(rng.choice(g.deciders()))))
    assert passed > 100


def _settled_games(games: list[Game]) -> tuple[int, int]:
    """Random play of ``games`` to their ends, an undo now and then: at every decision, in the game (and
    now and then in a copy), each harbour ship's record is what settling it afresh gives.  Returns the
    decisions and how many of them ``rules.settle_harbours`` passed every ship over (``settled_state``)."""
    from importexport.importexport.rules import fills_now

    skipped = decisions = 0
    for seed, g in enumerate(games):
        rng = random.Random(seed)
        while not g.is_over():
            if decisions % 40 == 39:
                g.undo(2)
            for game in (g, g.copy()) if len(g.history) % 25 == 0 else (g,):
                for ship in game.state.ships:
                    if ship.contracts and ship.containers and not ship.at_sea:
                        assert ship.fills == fills_now(game, ship), (seed, len(g.history), ship.id)
            decisions += 1
            skipped += g.settled_state is g.state
            g.apply(rng.choice(g.legal_actions(rng.choice(g.deciders()))))
    return decisions, skipped


def test_harbours_left_unsettled_only_while_no_rule_changed_a_ship() -> None:
    """Without abilities ``rules.settle_harbours`` looks at no ship while ``settled_state`` is still the
    state it settled last (each rule that changes a ship clears it): in random games without abilities,
    with each module, every record is what settling it afresh gives, and most decisions passed every
    ship over."""
    games = [Game(players=2 + seed % 5, seed=seed, modules=(module,) if module else ())
             for seed, module in enumerate(("", *MODULES))]
    decisions, skipped = _settled_games(games)
    assert skipped > decisions / 2


def test_harbours_left_unsettled_with_abilities_only_while_nothing_could_change_a_ship() -> None:
    """With abilities ``settled_state`` is kept only while no seat's ability changes where containers fit,
    and cleared by every rule changing a ship and every way into an ability's own code: in random games
    with abilities (each module, and all), every record is what settling it afresh gives, and decisions
    passed every ship over."""
    games = [Game(players=2 + seed % 5, seed=100 + seed, abilities=True, modules=modules)
             for seed, modules in enumerate(((), *((m,) for m in MODULES), tuple(MODULES), tuple(MODULES)))]
    decisions, skipped = _settled_games(games)
    assert skipped > decisions / 10


def test_a_seats_options_are_those_of_the_whole_list_that_are_its_own() -> None:
    """``legal_actions(seat)`` hands out the whole list at once where one seat decides (``Game._solo``):
    at every decision of random games (basic; abilities with every module, with a sealed Import bid
    now and then), for every seat, in the game and in its copy, it is the whole list's choices of that seat."""
    solo = shared = 0
    for seed in range(4):
        g = Game(players=3 + seed % 3, seed=seed, abilities=seed % 2 == 1, modules=tuple(MODULES) if seed % 2 else ())
        rng = random.Random(seed)
        while not g.is_over():
            every = g.legal_actions()
            for game in (g, g.copy()) if len(g.history) % 50 == 0 else (g,):
                for seat in range(g.state.n):
                    assert game.legal_actions(seat) == [a for a in every if a.player == seat], (seed, len(g.history), seat)
            solo += g._solo >= 0
            shared += len(g.deciders()) > 1
            g.apply(rng.choice(g.legal_actions(rng.choice(g.deciders()))))
    assert solo > 1000 and shared > 10


def test_each_bidder_may_bid_every_sum_from_nothing_to_all_its_credits() -> None:
    from importexport.importexport.bidding import BIDS

    for seat in range(3):
        BIDS[seat].clear()  # (the table grows as credits reach further: from empty, from short, from long)
    seen = 0
    for seed in range(30):
        g = Game(players=3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over() and len(g.history) < 400:
            frame = g.state.stack[-1]
            if frame["kind"] == "bid":
                seen += 1
                for b, bid in zip(frame["bidders"], frame["bids"], strict=True):
                    mine = [a for a in g.legal_actions(b) if a.kind == "bid"]
                    want = [] if bid >= 0 else [Action(b, "bid", (), -1, n) for n in range(g.state.players[b].credits + 1)]
                    assert mine == want and all(type(a.count) is int for a in mine)
            g.apply(rng.choice(g.legal_actions()))
    assert seen > 20
