"""Port Royal bots: the heuristic player (legal, blind to hidden cards, stronger than random), the
shared random and search bots on Port Royal (blind to hidden cards too), and the determinizer (a table
agreeing with one seat's view, its hidden cards dealt at random).

The measured strength is in ``benchmarks/bench_portroyal_bots.py``, not here.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from importexport.bots import RandomBot, SearchBot, make_bot, play_out
from importexport.portroyal.actions import Action
from importexport.portroyal.cards import CARDS
from importexport.portroyal.determinize import determinize, open_cards
from importexport.portroyal.game import Game
from importexport.portroyal.heuristic import DEFAULT, SEARCH_WEIGHTS, HeuristicBot, margins, worth_searching

TABLES = [("base", 2), ("base", 5), ("competitive", 3), ("competitive", 4), ("competitive", 5),
          ("cooperative", 2), ("cooperative", 4), ("solo", 1)]


def checked_game(mode: str, players: int, seed: int, heuristic_seats: set[int]) -> Game:
    """A whole game; every choice of a heuristic seat is checked to be one of its legal choices."""
    g = Game(players=players, seed=seed, mode=mode)
    bots = [HeuristicBot(seed + s) if s in heuristic_seats else RandomBot(seed + s) for s in range(players)]
    steps = 0
    while not g.is_over():
        seat = g.deciders()[0]
        a = bots[seat].choose(g, seat)
        assert isinstance(a, Action) and a in g.legal_actions(seat), (str(a), g.state.stack[-1])
        other = (seat + 1) % players
        if steps % 7 == 0 and other in heuristic_seats and other != seat and g.free_actions(other):
            assert bots[other].choose(g, other) in g.free_actions(other)  # asked while not deciding
        g.apply(a)
        steps += 1
        assert steps < 5000, "no end in sight"
    return g


@pytest.mark.parametrize(("mode", "players"), TABLES)
def test_heuristic_chooses_legal_actions(mode: str, players: int) -> None:
    for k in range(2):
        checked_game(mode, players, 100 * k + players, set(range(players)) if k == 0 else {0})


def test_same_seed_same_game() -> None:
    runs = []
    for _ in range(2):
        g = Game(players=4, seed=7, mode="competitive")
        play_out(g, [HeuristicBot(s) for s in range(4)])
        runs.append([str(a) for a in g.history])
    assert runs[0] == runs[1]


def test_beats_random_players() -> None:
    """40 seeded competitive games, the heuristic seat rotating among three random players."""
    share = 0.0
    for i in range(40):
        g = Game(players=4, seed=900 + i, mode="competitive")
        seat = i % 4
        play_out(g, [HeuristicBot(i) if s == seat else RandomBot(10 * i + s) for s in range(4)])
        winners = [r["seat"] for r in g.scores() if r["won"]]
        share += (seat in winners) / len(winners)
    assert share / 40 >= 0.5


def test_registry() -> None:
    assert isinstance(make_bot("heuristic", 1, game="portroyal"), HeuristicBot)
    assert isinstance(make_bot("random", 1, game="portroyal"), RandomBot)
    assert make_bot("search", 1, game="portroyal").kind.id == "portroyal"  # type: ignore[attr-defined]


def test_heuristic_ranks_its_choice_first() -> None:
    for g, seat in positions(20, seed=150):
        bot = HeuristicBot(0)
        ranked = bot.rank(g, seat, g.legal_actions(seat))
        assert ranked[0][1] == bot.choose(g, seat)
        assert sorted(map(str, (a for _, a in ranked))) == sorted(map(str, g.legal_actions(seat)))


def test_margins_of_a_finished_game() -> None:
    g = Game(players=3, seed=3, mode="competitive")
    play_out(g, [HeuristicBot(s) for s in range(3)])
    m = margins(g)
    winners = [r["seat"] for r in g.scores() if r["won"]]
    assert all(m[w] >= 0 for w in winners) and max(m) == m[winners[0]]
    t = Game(players=2, seed=3, mode="cooperative")
    play_out(t, [HeuristicBot(s) for s in range(2)])
    assert margins(t)[0] == margins(t)[1]  # the team's value, the same for every seat


def quick_search(seed: int) -> SearchBot:
    return SearchBot(seed, "portroyal", samples=2, width=3, depth=1, budget=80)


def test_search_same_seed_same_game() -> None:
    runs = []
    for _ in range(2):
        g = Game(players=3, seed=8, mode="competitive")
        bots = [quick_search(4), HeuristicBot(1), HeuristicBot(2)]
        for _ in range(60):
            seat = g.deciders()[0]
            g.apply(bots[seat].choose(g, seat))
        runs.append([str(a) for a in g.history])
    assert runs[0] == runs[1]


def test_search_deviates_only_when_significant() -> None:
    """With ``confidence`` the search leaves the heuristic's choice only for an option that beats it
    table by table, not for one whose higher mean comes from a single lucky table."""
    bot = SearchBot(0, "portroyal", confidence=1.96)
    steady = [[0.0, 1.0 + 0.1 * k] for k in range(6)]
    lucky = [[0.0, -1.0]] * 5 + [[0.0, 20.0]]
    assert bot._significant(steady, 1) and not bot._significant(lucky, 1)
    assert bot._settled([[1.0, -2.0 - 0.1 * k] for k in range(4)], 2) and not bot._settled(steady, 2)


# --- hidden cards ------------------------------------------------------------------------------

def rescramble(g: Game, rng: random.Random) -> Game:
    """The same game as every seat sees it, with every face-down card dealt anew (the draw, discard
    and time piles and everybody's coins keep their sizes) and another random source."""
    s = g.state.clone()
    places = [s.deck, s.discard, s.time_pile] + [p.coins for p in s.players]
    pool = [c for place in places for c in place]
    new = pool[:]
    while new == pool and len(set(pool)) > 1:
        rng.shuffle(new)
    for place in places:
        size = len(place)
        place[:] = new[:size]
        del new[:size]
    s.rng = rng.getrandbits(64)
    return Game.from_state(s)


def positions(count: int, seed: int) -> list[tuple[Game, int]]:
    """Decisions with several options from heuristic games of every mode (copies of the games)."""
    out: list[tuple[Game, int]] = []
    game = 0
    while len(out) < count:
        mode, players = TABLES[game % len(TABLES)]
        g = Game(players=players, seed=seed + game, mode=mode)
        bots = [HeuristicBot(s) for s in range(players)]
        step = 0
        while not g.is_over() and len(out) < count:
            seat = g.deciders()[0]
            if len(g.legal_actions(seat)) > 1 and step % 23 == 3:
                out.append((g.copy(), seat))
            g.apply(bots[seat].choose(g, seat))
            step += 1
        game += 1
    return out[:count]


class PeekingBot:
    """A cheat, for the control: chooses by the order of the draw pile."""

    def choose(self, g: Game, seat: int) -> Action:
        opts = g.legal_actions(seat)
        return opts[sum(i * c for i, c in enumerate(g.state.deck[-4:])) % len(opts)]


def test_bots_never_look_at_hidden_cards() -> None:
    """Two games alike in everything a seat sees and different in every hidden card: the same bot
    seed makes the same choice (heuristic, random and search bots).  The cheat is caught by the same
    positions."""
    rng = random.Random(1)
    caught = searched = 0
    for i, (g, seat) in enumerate(positions(50, seed=300)):
        h = rescramble(g, rng)
        assert h.view(seat) == g.view(seat) and h.state.stack == g.state.stack
        assert HeuristicBot(i).choose(g, seat) == HeuristicBot(i).choose(h, seat)
        assert RandomBot(i).choose(g, seat) == RandomBot(i).choose(h, seat)
        worth = worth_searching(g.view(seat))
        if i % 3 == 0 or (worth and searched < 4):  # (some that the search plays out, wherever they fall)
            assert quick_search(i).choose(g, seat) == quick_search(i).choose(h, seat), str(g.state.stack[-1])
            searched += worth
        caught += PeekingBot().choose(g, seat) != PeekingBot().choose(h, seat)
    assert caught >= 8
    assert searched >= 3  # positions the search plays out, not only ranks


def test_search_with_its_own_settings_is_blind_too() -> None:
    """The search bot as ``make_bot`` builds it, on a few late positions (where it plays out)."""
    rng = random.Random(6)
    late = [(g, seat) for g, seat in positions(40, seed=330) if worth_searching(g.view(seat))]
    assert late
    for i, (g, seat) in enumerate(late[:2]):
        h = rescramble(g, rng)
        assert make_bot("search", i, game="portroyal").choose(g, seat) == \
            make_bot("search", i, game="portroyal").choose(h, seat)


def test_search_plays_its_own_figures() -> None:
    """Where the search does not play a decision out, it takes the choice of the heuristic with its own
    figures (``SEARCH_WEIGHTS``), not of the default one, and the two differ somewhere."""
    differ = 0
    for i, (g, seat) in enumerate(positions(120, seed=360)):
        if worth_searching(g.view(seat)):
            continue
        own = HeuristicBot(i, SEARCH_WEIGHTS).choose(g, seat)
        assert make_bot("search", i, game="portroyal").choose(g, seat) == own
        differ += own != HeuristicBot(i).choose(g, seat)
    assert differ >= 2


def test_the_pace_and_the_first_contract_are_figures_of_the_bot() -> None:
    """The turns a seat expects to have left follow ``pace`` (the leader's points per turn), and a first
    cube's worth follows ``first_contract``: both are figures the search's own seat may change."""
    g = Game(players=4, seed=3, mode="competitive")
    seat = g.deciders()[0]
    slow = HeuristicBot(0, replace(DEFAULT, pace=0.7))._seat(g, seat)
    usual = HeuristicBot(0)._seat(g, seat)
    assert slow.own_turns == pytest.approx(2 * usual.own_turns)
    keen = HeuristicBot(0, replace(DEFAULT, first_contract=2.0))._seat(g, seat)
    assert all(k > u for k, u in zip(keen.cube, usual.cube)) and usual.cube


# --- determinize ---------------------------------------------------------------------------------

def test_determinized_game_agrees_with_the_view() -> None:
    rng = random.Random(2)
    for g, seat in positions(40, seed=500):
        d = determinize(g.view(seat), rng)
        assert d.view(seat) == g.view(seat)
        assert d.legal_actions(seat) == g.legal_actions(seat)
        assert sorted(d.state.all_cards()) == sorted(g.state.all_cards())
        s, t = d.state, g.state
        assert [len(p.coins) for p in s.players] == [len(p.coins) for p in t.players]
        assert (s.harbour, s.expeditions, s.boxes, s.contracts) == (t.harbour, t.expeditions, t.boxes, t.contracts)
        assert s.stack == t.stack  # what comes next is open, and copied


def test_every_seat_can_play_on_from_its_view() -> None:
    """From any seat's view, that seat sees the real game's view in the determinized game, and bots
    play it to its end."""
    rng = random.Random(3)
    for k, (g, _) in enumerate(positions(16, seed=700)):
        for seat in range(g.state.n):
            d = determinize(g.view(seat), rng)
            assert d.view(seat) == g.view(seat)
        if k % 4 == 0:
            play_out(d, [RandomBot(s) for s in range(d.state.n)])
            assert d.is_over()


def test_determinize_never_looks_at_hidden_cards() -> None:
    """Games that differ only in hidden cards give the same determinization for the same seed."""
    rng = random.Random(4)
    for i, (g, seat) in enumerate(positions(30, seed=800)):
        h = rescramble(g, rng)
        a = determinize(g.view(seat), random.Random(i))
        b = determinize(h.view(seat), random.Random(i))
        assert a.to_json() == b.to_json()


def test_hidden_cards_are_dealt_at_random() -> None:
    """Over many deals each hidden card reaches the top of the draw pile, and only hidden cards do."""
    g = Game(players=4, seed=11, mode="competitive")
    while len(g.state.harbour) < 2 or g.deciders() != [g.state.active]:
        seat = g.deciders()[0]
        g.apply(HeuristicBot(0).choose(g, seat))
    view = g.view(g.deciders()[0])
    hidden = set(CARDS.ids(True)) - set(open_cards(view))
    rng = random.Random(5)
    tops = [determinize(view, rng).state.deck[-1] for _ in range(2000)]
    assert set(tops) <= hidden
    assert len(set(tops)) > 0.9 * len(hidden)


def test_inconsistent_view_is_refused() -> None:
    g = Game(players=3, seed=1, mode="base")
    view = g.view(0)
    view["deck_size"] += 1
    with pytest.raises(ValueError, match="hides"):
        determinize(view, random.Random(0))
