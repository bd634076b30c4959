"""Computer players and tournaments: legal choices only, determinism, hidden information, statistics.

Import/Export here, and what holds for every game of ``GAMES`` (every bot legal in every mode, the
registry); Port Royal's own bot tests are in ``test_portroyal_bots.py``.  The strength of the bots
is measured by ``benchmarks/bench_bots.py`` and ``benchmarks/bench_portroyal_bots.py``, not here.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from importexport import Action, Game
from importexport.bots import BOTS, RandomBot, SearchBot, make_bot, play_out
from importexport.cli import main as cli_main
from importexport.importexport.determinize import determinize
from importexport.importexport.heuristic import HeuristicBot
from importexport.importexport.setup import MODULES
from importexport.protocol import GAMES
from importexport.simulate import SeatResult, Spec, play_game, run, schedule, svg_chart, tally, wilson

PLAYER_COUNTS = (2, 3, 4, 5, 6)
RULES = {"basic": (False, ()), "abilities": (True, ()), "modules": (True, tuple(MODULES))}


def quick_search(seed: int = 0) -> SearchBot:
    """A search bot small enough for the tests (a few samples, short rollouts)."""
    return SearchBot(seed=seed, samples=2, width=3, depth=2, budget=150)


def play_checked(g: Game, bots: list, max_steps: int = 20_000) -> list[Action]:
    """Play to the end, checking that every choice is one of the decider's legal options."""
    steps = 0
    while not g.is_over():
        seat = g.deciders()[0]
        action = bots[seat].choose(g, seat)
        assert action in g.legal_actions(seat), f"{type(bots[seat]).__name__} chose {action}, not legal"
        g.apply(action)
        steps += 1
        assert steps < max_steps
    return g.history


# --- only legal choices ----------------------------------------------------------------------

@pytest.mark.parametrize("rules", list(RULES))
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_and_heuristic_choose_only_legal_actions(players: int, rules: str) -> None:
    abilities, modules = RULES[rules]
    for game in range(3):
        g = Game(players, seed=1000 + game, abilities=abilities, modules=modules)
        bots = [HeuristicBot(seat) if (seat + game) % 2 == 0 else RandomBot(seat) for seat in range(players)]
        play_checked(g, bots)
        assert g.state.winners


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_search_chooses_only_legal_actions(players: int) -> None:
    abilities, modules = (True, ()) if players % 2 else (False, ())
    if players == 6:
        abilities, modules = True, ("capital", "market")
    g = Game(players, seed=77 + players, abilities=abilities, modules=modules)
    bots = [quick_search(1)] + [HeuristicBot(seat) for seat in range(1, players)]
    play_checked(g, bots)
    assert g.state.winners


def test_make_bot_knows_the_three_bots_of_every_game() -> None:
    from importexport.portroyal.heuristic import HeuristicBot as PortRoyalHeuristic

    assert set(BOTS) == {"random", "heuristic", "search"}
    assert isinstance(make_bot("heuristic", 3), HeuristicBot)
    assert isinstance(make_bot("search", 3), SearchBot) and make_bot("search", 3).kind.id == "importexport"
    assert isinstance(make_bot("heuristic", 3, game="portroyal"), PortRoyalHeuristic)
    assert make_bot("search", 3, game="portroyal").kind.id == "portroyal"  # type: ignore[attr-defined]
    assert isinstance(make_bot("random", 3, game="portroyal"), RandomBot)
    with pytest.raises(ValueError, match="known bots"):
        make_bot("nobody")
    with pytest.raises(ValueError, match="known games"):
        make_bot("random", game="chess")


def game_tables() -> list[object]:
    """(game, options, players): every mode of every game, at a small and a large table."""
    out: list[object] = []
    for gid in GAMES.ids():
        kind = GAMES[gid]
        lo, hi = kind.players
        for name, values in kind.options.items():
            for value in values:
                sizes = [1] if value == "solo" else [max(lo, 2), min(hi, 4)]
                out += [pytest.param(gid, {name: value}, n, id=f"{gid}-{name}={value}-{n}p") for n in dict.fromkeys(sizes)]
    return out


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize(("game", "options", "players"), game_tables())
def test_every_bot_of_every_game_chooses_legal_actions(bot: str, game: str, options: dict, players: int) -> None:
    """The bot in seat 0 (a small search), random bots elsewhere; every choice is legal.  The search bot
    plays part of a game (its rollouts are the slow part), the others whole games."""
    kind = GAMES[game]
    g = kind.new(players=players, seed=31 + players, **options)
    me = (SearchBot(3, game, samples=2, width=2, depth=1, budget=60) if bot == "search"
          else make_bot(bot, 3, game=game))
    bots = [me] + [RandomBot(s) for s in range(1, players)]
    mine = 0
    while not g.is_over() and (bot != "search" or mine < 12):
        seat = g.deciders()[0]
        action = bots[seat].choose(g, seat)
        assert action in g.legal_actions(seat), (bot, str(action))
        mine += seat == 0 and len(g.legal_actions(seat)) > 1
        g.apply(action)
    if bot != "search":
        assert g.is_over()


def test_play_out_stops_after_max_steps() -> None:
    g = Game(2, seed=1)
    with pytest.raises(RuntimeError, match="did not end within 5"):
        play_out(g, [RandomBot(0), RandomBot(1)], max_steps=5)
    g = Game(2, seed=1)
    steps = play_out(g, [RandomBot(0), RandomBot(1)])
    assert play_out(Game(2, seed=1), [RandomBot(0), RandomBot(1)], max_steps=steps) == steps  # exactly enough


def test_heuristic_beats_random_players_clearly() -> None:
    """A smoke test of sense, not of strength: 8 games, the heuristic wins most."""
    stats = run(8, ["heuristic", "random", "random", "random"], seed=5)
    assert stats["heuristic"].wins >= 6


# --- determinism -------------------------------------------------------------------------------

@pytest.mark.parametrize("make", [HeuristicBot, RandomBot])
def test_same_seed_same_game(make: Callable[..., object]) -> None:
    runs = []
    for _ in range(2):
        g = Game(4, seed=9, abilities=True)
        runs.append([str(a) for a in play_checked(g, [make(seed=40 + s) for s in range(4)])])
    assert runs[0] == runs[1]


def test_search_same_seed_same_choices() -> None:
    runs = []
    for _ in range(2):
        g = Game(3, seed=4)
        bots = [quick_search(8), HeuristicBot(1), HeuristicBot(2)]
        for _ in range(120):
            seat = g.deciders()[0]
            g.apply(bots[seat].choose(g, seat))
        runs.append([str(a) for a in g.history])
    assert runs[0] == runs[1]


# --- hidden information ------------------------------------------------------------------------

def rescramble(g: Game, seat: int, rng: random.Random) -> Game:
    """The same table as ``seat`` sees it, with everything hidden from ``seat`` changed: the other
    hands, the deck and the discard pile under its top card dealt anew (same sizes), the game's
    random source replaced and the sealed bids of others altered."""
    s = g.state.clone()
    others = [p for p in s.players if p.seat != seat]
    top = s.discard[-1:] if s.discard else []
    hidden = [c for p in others for c in p.hand] + s.deck + s.discard[:-1]
    new = hidden[:]
    for _ in range(10):
        rng.shuffle(new)
        if new != hidden or len(set(hidden)) < 2:
            break
    for p in others:
        k = len(p.hand)
        p.hand, new = new[:k], new[k:]
    under = len(s.discard) - len(top)
    s.discard, new = new[:under] + top, new[under:]
    s.deck = new
    s.rng = rng.getrandbits(60)
    for frame in s.stack:
        if frame.get("kind") == "bid":
            credits = [s.players[b].credits for b in frame["bidders"]]
            frame["bids"] = [b if bidder == seat or b < 0 else (cr - b if cr - b != b else 0)
                             for bidder, b, cr in zip(frame["bidders"], frame["bids"], credits)]
    return Game.from_state(s)


def positions(count: int, seed: int, abilities: bool = False) -> list[tuple[Game, int]]:
    """Positions from heuristic games where the decider has several options (a sealed bid among them)."""
    out: list[tuple[Game, int]] = []
    game = 0
    sealed = False
    while len(out) < count or not sealed:
        g = Game(4, seed=seed + game, abilities=abilities)
        bots = [HeuristicBot(s) for s in range(4)]
        step = 0
        while not g.is_over():
            seat = g.deciders()[0]
            frame = g.state.stack[-1]
            has_sealed = frame["kind"] == "bid" and any(b >= 0 for b in frame["bids"])
            if len(g.legal_actions(seat)) > 1 and (step % 37 == 5 or (has_sealed and not sealed)):
                out.append((g.copy(), seat))
                sealed = sealed or has_sealed
            g.apply(bots[seat].choose(g, seat))
            step += 1
        game += 1
    return out


class PeekingBot:
    """A cheat, for the control: chooses by the cards in the other hands."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, g: Game, seat: int) -> Action:
        opts = g.legal_actions(seat)
        peek = sum(c * (i + 1) for p in g.state.players if p.seat != seat for i, c in enumerate(p.hand))
        return opts[(peek + sum(g.state.deck[-3:])) % len(opts)]


def test_rescrambled_games_look_the_same_to_the_seat() -> None:
    rng = random.Random(1)
    for g, seat in positions(6, seed=200):
        h = rescramble(g, seat, rng)
        assert h.view(seat) == g.view(seat)
        assert [p.hand for p in h.state.players] != [p.hand for p in g.state.players] or h.state.deck != g.state.deck


@pytest.mark.parametrize("abilities", [False, True])
def test_bots_never_look_at_hidden_cards(abilities: bool) -> None:
    """Two games identical in the seat's view, different in the hidden cards (other hands swapped
    with deck cards, another random source, other sealed bids): the same bot seed chooses the same.
    The control bot, which peeks, is caught by the same positions."""
    rng = random.Random(2)
    pos = positions(10, seed=300 + 50 * abilities, abilities=abilities)
    caught = 0
    for i, (g, seat) in enumerate(pos):
        h = rescramble(g, seat, rng)
        assert h.view(seat) == g.view(seat)
        assert HeuristicBot(seed=i).choose(g, seat) == HeuristicBot(seed=i).choose(h, seat)
        assert RandomBot(seed=i).choose(g, seat) == RandomBot(seed=i).choose(h, seat)
        assert quick_search(i).choose(g, seat) == quick_search(i).choose(h, seat), str(g.state.stack[-1])
        caught += PeekingBot().choose(g, seat) != PeekingBot().choose(h, seat)
    assert caught, "the rescrambled positions should differ in what a cheat sees"


def test_search_default_budget_is_blind_too() -> None:
    """The bot as ``make_bot`` builds it, on a lead and on a sealed bid."""
    rng = random.Random(3)
    chosen = positions(1, seed=400)
    pos = [chosen[0]] + [(g, s) for g, s in chosen if g.state.stack[-1]["kind"] == "bid"][:1]
    for g, seat in pos:
        h = rescramble(g, seat, rng)
        assert make_bot("search", 5).choose(g, seat) == make_bot("search", 5).choose(h, seat)


def unsealed(view: dict) -> dict:
    """A view with the sealed bids of others taken back (a determinized table lets them bid again)."""
    out = dict(view, stack=[dict(f) for f in view["stack"]])
    for frame in out["stack"]:
        if frame["kind"] == "bid":
            frame["bids"] = [-1 if b == "sealed" else b for b in frame["bids"]]
    del out["deciders"]
    return out


def test_determinized_tables_agree_with_the_view() -> None:
    rng = random.Random(4)
    for abilities in (False, True):
        for g, seat in positions(4, seed=500, abilities=abilities):
            view = g.view(seat)
            for _ in range(3):
                state = determinize(view, rng)
                sample = Game.from_state(state)
                assert unsealed(sample.view(seat)) == unsealed(view)
                assert sorted(state.all_cards()) == sorted(g.state.all_cards())
                assert state.players[seat].hand == g.state.players[seat].hand


# --- simulate: statistics, seats, output --------------------------------------------------------

def test_wilson_interval_known_values() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert lo == pytest.approx(0.7225, abs=1e-4) and hi == 1.0
    lo, hi = wilson(81, 263)
    assert lo == pytest.approx(0.2553, abs=1e-4) and hi == pytest.approx(0.3662, abs=1e-4)
    assert wilson(2, 10)[0] < wilson(2.5, 10)[0] < wilson(3, 10)[0]  # half wins (ties) are fine


def test_ties_are_split() -> None:
    games = [
        [SeatResult("a", 50, 0.5, [0.1], [0.1]), SeatResult("b", 50, 0.5, [0.2], []), SeatResult("b", 10, 0.0, [], [])],
        [SeatResult("a", 30, 0.0, [0.3], [0.3]), SeatResult("b", 60, 1.0, [], []), SeatResult("b", 20, 0.0, [], [])],
    ]
    stats = tally(games, ["a", "b", "b"])
    assert stats["a"].wins == 0.5 and stats["a"].games == 2 and stats["a"].seats == 1
    assert stats["b"].wins == 1.5 and stats["b"].games == 4 and stats["b"].seats == 2
    assert stats["a"].rate == 0.25
    assert stats["a"].mean_score == 40
    assert stats["a"].median_time == pytest.approx(0.2)


def test_play_game_shares_one_win_and_ties_split_evenly() -> None:
    for i in range(6):
        results = play_game(Spec(i, i, ("random", "random", "heuristic"), False, ()))
        assert sum(r.win for r in results) == pytest.approx(1.0)
        winners = [r for r in results if r.win]
        assert all(r.win == pytest.approx(1 / len(winners)) for r in winners)
        assert all(r.score == max(x.score for x in results) for r in winners)


def test_schedule_rotates_seats_over_each_deal() -> None:
    specs = schedule(8, ["x", "y", "y", "z"], seed=10, abilities=False, modules=())
    assert [s.game_seed for s in specs] == [10, 10, 10, 10, 11, 11, 11, 11]
    for seat in range(4):
        assert sorted(s.bots[seat] for s in specs[:4]) == ["x", "y", "y", "z"]
    assert [s.bots.index("x") for s in specs[:4]] == [0, 3, 2, 1]


def test_cli_simulate_output_and_chart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chart = tmp_path / "rates.svg"
    code = cli_main(["simulate", "--games", "4", "--players", "2", "--bots", "heuristic,random",
                     "--seed", "3", "--plot", str(chart), "--jobs", "2"])
    assert code == 0
    out, err = capsys.readouterr()
    lines = out.strip().splitlines()
    assert lines[0].startswith("4 games, 2 players, bots heuristic,random, seed 3")
    head = lines[1].split()
    assert head[:5] == ["bot", "seats", "games", "wins", "win"]
    assert "95%" in lines[1] and "median" in lines[1]
    rows = {line.split()[0]: line.split() for line in lines[2:4]}
    assert set(rows) == {"heuristic", "random"}
    assert rows["heuristic"][2] == "4" and rows["random"][2] == "4"
    assert float(rows["heuristic"][3]) + float(rows["random"][3]) == pytest.approx(4)
    assert lines[-1] == f"chart written to {chart}"
    assert "4/4 games" in err  # the progress bar, on stderr
    root = ET.parse(chart).getroot()
    assert root.tag.endswith("svg")
    ns = "{http://www.w3.org/2000/svg}"
    bars = [r for r in root.iter(ns + "rect") if r.find(ns + "title") is not None]
    assert len(bars) == 2
    assert any("heuristic" in (t.text or "") for t in root.iter(ns + "text"))


def test_cli_simulate_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli_main(["simulate", "--games", "2", "--players", "3", "--bots", "heuristic,random"])
    with pytest.raises(SystemExit):
        cli_main(["simulate", "--games", "2", "--players", "2", "--bots", "heuristic,nobody", "--quiet"])
    assert "nobody" in capsys.readouterr().err


def test_svg_chart_has_whiskers() -> None:
    stats = tally([[SeatResult("a", 10, 1.0, [], []), SeatResult("b", 5, 0.0, [], [])]], ["a", "b"])
    svg = svg_chart(stats, "t <&>", fair=0.5)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert len(list(root.iter(ns + "line"))) >= 2 * 3 + 6  # each bar: a whisker and two caps; the grid
    assert "t &lt;&amp;&gt;" in svg


@pytest.mark.parametrize("name", ["importexport.bots.base", "importexport.bots.search", "importexport.bots.registry",
                                  "importexport.importexport.heuristic", "importexport.importexport.determinize"])
def test_docstring_examples_hold(name: str) -> None:
    import doctest
    import importlib

    assert doctest.testmod(importlib.import_module(name)).failed == 0
