"""Save files and undo: a saved game continues exactly like the original, undo takes back exactly
the last choices, and a damaged save file is refused with a clear message (never half-loaded).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from test_random_play import play_random, random_step, rng_for, snapshot

from importexport import Game, SaveFileError
from importexport.bounds import MAX_MOVES, MAX_SAVE_BYTES
from importexport.errors import BadArgumentError
from importexport.importexport.savefile import load
from importexport.importexport.scenario import load_scenario

SIZE_LIMIT = 50_000  # bytes for a whole finished game
GAME_SHAPES = [(2, False), (3, True), (4, False), (5, False), (6, True)]
SHAPE_IDS = [f"{n}p-{'abilities' if a else 'basic'}" for n, a in GAME_SHAPES]
TOLD = 8  # the log's last lines read as sentences after each step (its events are compared whole)


def same_game(a: Game, b: Game, where: str = "", told: int | None = None) -> None:
    """Two games are at the same position, with the same story and the same choices ahead.  The logs'
    events are compared whole; ``told``: only the last so many are also read as sentences (a line is
    rendered from its event, the language and the state, all three compared: reading every line again
    at every step of a game cost three quarters of this file's time)."""
    assert snapshot(a) == snapshot(b), f"{where}: the states differ"
    assert a.log == b.log, f"{where}: the logs differ"
    assert a.narrate(last=told) == b.narrate(last=told), f"{where}: the logs read differently"
    assert a.history == b.history, f"{where}: the histories differ"
    assert a.deciders() == b.deciders() and a.legal_actions() == b.legal_actions(), f"{where}: the choices differ"


# --- save -> load -> continue ---------------------------------------------------------------

@pytest.mark.parametrize(("players", "abilities"), GAME_SHAPES, ids=SHAPE_IDS)
def test_saved_game_continues_like_the_original(players: int, abilities: bool) -> None:
    for seed in range(5):  # (25 saved games over the five table shapes; the random games save and load more)
        g = Game(players=players, seed=seed, abilities=abilities, lang="de" if seed % 2 else "en")
        rng = rng_for(players, seed, abilities)
        play_random(g, rng, steps=rng.randrange(0, 400))
        loaded = load(g.save())
        assert (loaded.lang, loaded.seed) == (g.lang, g.seed)
        same_game(loaded, g, f"seed {seed}, just loaded")
        for step in range(60):
            if g.is_over():
                break
            loaded.apply(random_step(g, rng))
            same_game(loaded, g, f"seed {seed}, step {step} after loading", told=TOLD)
        same_game(loaded, g, f"seed {seed}, the last step after loading")  # (and the whole log read)


def test_save_in_the_middle_of_a_sealed_bid_keeps_the_bids() -> None:
    seed = 0
    while True:  # find a position with one sealed bid in and another still to come
        g = Game(players=4, seed=seed)
        rng = rng_for(4, seed)
        while not g.is_over():
            frame = g.state.stack[-1]
            if frame["kind"] == "bid" and 0 < sum(b >= 0 for b in frame["bids"]) < len(frame["bids"]):
                break
            random_step(g, rng)
        if not g.is_over():
            break
        seed += 1
    loaded = load(g.save())
    same_game(loaded, g, "mid-bid")
    assert loaded.state.stack[-1]["bids"] == g.state.stack[-1]["bids"]


def test_a_finished_game_saves_and_loads() -> None:
    g = Game(players=3, seed=4)
    play_random(g, rng_for(3, 4))
    loaded = load(g.save())
    same_game(loaded, g, "finished")
    assert loaded.is_over() and loaded.state.winners == g.state.winners


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_built_position_saves_and_loads(lang: str) -> None:
    spec = {
        "players": 3, "seed": 9, "island": ["CUPS"],
        "seats": [{"credits": 3, "hand": ["ALMONDS"]}, {}, {"ships": [{}, {"at_sea": True, "containers": ["PENS", "RICE"]}]}],
        "turn": {"led": "import", "declared": [1, 2, -1]},
    }
    g = load_scenario(spec, lang=lang)
    rng = random.Random(9)
    for _ in range(40):
        loaded = load(g.save())
        same_game(loaded, g, f"built position, {len(g.history)} choices")
        if g.is_over():
            break
        random_step(g, rng)


def test_saved_finished_games_are_small() -> None:
    sizes = []
    for seed in range(50):
        g = Game(players=4, seed=seed)
        play_random(g, rng_for(4, seed))
        assert g.is_over()
        sizes.append(len(g.save().encode("utf-8")))
    assert max(sizes) < SIZE_LIMIT, f"largest save {max(sizes)} bytes (limit {SIZE_LIMIT})"


# --- undo -------------------------------------------------------------------------------------

def told(g: Game) -> tuple[list[Any], list[str]]:
    """The log's events (a copy) and its last :data:`TOLD` lines as sentences (see :func:`same_game`)."""
    return list(g.log), g.narrate(last=TOLD)


@pytest.mark.parametrize(("players", "abilities"), GAME_SHAPES, ids=SHAPE_IDS)
def test_undo_then_the_same_choice_gives_the_same_state(players: int, abilities: bool) -> None:
    for seed in range(6):
        g = Game(players=players, seed=seed, abilities=abilities)
        rng = rng_for(players, seed, abilities)
        checked = 0
        while not g.is_over():
            if rng.random() < 0.1 / players:  # a random point: undo the next choice, then make it again
                before, before_log, before_history = snapshot(g), told(g), list(g.history)
                action = random_step(g, rng)
                after, after_log = snapshot(g), told(g)
                g.undo()
                assert (snapshot(g), told(g), g.history) == (before, before_log, before_history), f"seed {seed}: undo of {action}"
                assert action in g.legal_actions()
                g.apply(action)
                assert (snapshot(g), told(g)) == (after, after_log), f"seed {seed}: replaying {action}"
                checked += 1
            else:
                random_step(g, rng)
        assert checked > 5


@pytest.mark.parametrize(("players", "abilities"), GAME_SHAPES, ids=SHAPE_IDS)
def test_undo_several_steps_returns_to_that_point(players: int, abilities: bool) -> None:
    seed = 3
    g = Game(players=players, seed=seed, abilities=abilities)
    rng = rng_for(players, seed, abilities)
    states, logs = [snapshot(g)], [g.narrate()]
    for _ in range(150):
        random_step(g, rng)
        states.append(snapshot(g))
        logs.append(g.narrate())
    choices = list(g.history)
    for n in (0, 1, 2, 5, 17, 60, 150):
        g.undo(n)
        k = len(choices) - n
        assert g.history == choices[:k], f"undo({n})"
        assert snapshot(g) == states[k] and g.narrate() == logs[k], f"undo({n})"
        for action in choices[k:]:  # and forward again to the same end
            g.apply(action)
        assert snapshot(g) == states[-1]


def test_undo_more_than_was_done_is_refused() -> None:
    g = Game(players=3, seed=1)
    play_random(g, rng_for(3, 1), steps=4)
    before = snapshot(g)
    for n, rule in ((5, "undo_range"), (-1, "undo_negative")):
        with pytest.raises(BadArgumentError) as refused:
            g.undo(n)
        assert refused.value.rule == rule
        assert snapshot(g) == before and len(g.history) == 4


def test_undo_after_the_end_reopens_the_game() -> None:
    g = Game(players=2, seed=8)
    play_random(g, rng_for(2, 8))
    last = g.history[-1]
    g.undo()
    assert not g.is_over() and last in g.legal_actions()
    g.apply(last)
    assert g.is_over()


def test_state_dict_is_a_snapshot() -> None:
    seed = 0
    while True:  # a sealed bid with a bid still to come
        g = Game(players=3, seed=seed)
        rng = rng_for(3, seed)
        while not g.is_over() and g.state.stack[-1]["kind"] != "bid":
            random_step(g, rng)
        if not g.is_over():
            break
        seed += 1
    taken = g.state.to_dict()
    frozen = json.dumps(taken, sort_keys=True)
    random_step(g, rng)  # somebody bids
    assert json.dumps(taken, sort_keys=True) == frozen


# --- damaged save files ---------------------------------------------------------------------

def a_save() -> tuple[Game, dict[str, Any]]:
    g = Game(players=3, seed=5)
    play_random(g, random.Random(1), steps=120)
    return g, json.loads(g.save())


def edited(change: Callable[[dict[str, Any]], Any]) -> str:
    _, data = a_save()
    data = copy.deepcopy(data)
    change(data)
    return json.dumps(data)


def first_hand_card(d: dict[str, Any]) -> int:
    return d["initial"]["players"][0]["hand"][0]


def illegal_move(d: dict[str, Any]) -> None:
    move = d["actions"][3]
    d["actions"][3] = move.split()[0] + " bid n=999"  # a right player, an impossible choice


DAMAGED: dict[str, tuple[Callable[[], str | bytes], str]] = {
    "not JSON": (lambda: a_save()[0].save()[:-7], "not valid JSON"),
    "not text": (lambda: b"\xff\xfe\x00", "not text"),
    "empty": (lambda: "", "not valid JSON"),
    "a JSON list": (lambda: "[1, 2]", "'format' field"),
    "wrong format": (lambda: edited(lambda d: d.update(format="chess-pgn")), "'format' field"),
    "no format": (lambda: edited(lambda d: d.pop("format")), "'format' field"),
    "wrong version": (lambda: edited(lambda d: d.update(version=3)), "'version'"),
    "missing digest": (lambda: edited(lambda d: d.pop("digest")), "'digest': is missing"),
    "missing moves": (lambda: edited(lambda d: d.pop("actions")), "'actions': is missing"),
    "missing hand": (lambda: edited(lambda d: d["initial"]["players"][0].pop("hand")), "'initial.players.0.hand'"),
    "negative credits": (lambda: edited(lambda d: d["initial"]["players"][1].update(credits=-3)), "'initial.players.1.credits'"),
    "unknown field": (lambda: edited(lambda d: d.update(cheat=True)), "'cheat'"),
    "card duplicated": (
        lambda: edited(lambda d: d["initial"]["players"][1]["hand"].append(first_hand_card(d))), "twice"),
    "unknown card id": (
        lambda: edited(lambda d: d["initial"]["players"][0]["hand"].__setitem__(0, 999)), "unknown card id 999"),
    "negative card id": (
        lambda: edited(lambda d: d["initial"]["island"].__setitem__(0, -4)), "'initial.island.0'"),
    "illegal move": (lambda: edited(illegal_move), "break off at move 4"),
    "unreadable move": (lambda: edited(lambda d: d["actions"].__setitem__(2, "hello")), "break off at move 3"),
    "changed digest": (lambda: edited(lambda d: d.update(digest="0" * 16)), "does not match its moves"),
    "moves cut short": (lambda: edited(lambda d: d["actions"].pop()), "does not match its moves"),
    "changed deck": (lambda: edited(lambda d: d["initial"]["deck"].reverse()), "break off at move"),
    "unknown step": (lambda: edited(lambda d: d["initial"]["stack"].__setitem__(0, {"kind": "nonsense"})), "unknown kind 'nonsense'"),
    "broken step": (lambda: edited(lambda d: d["initial"]["stack"].__setitem__(0, {"kind": "lead"})), "'initial.stack.0.lead.seat'"),
    "ships of nobody": (lambda: edited(lambda d: d["initial"]["ships"].pop()), "two ships per seat"),
    # not text at all, too large, too deep
    "a number, not text": (lambda: 12, "expected the file's text"),  # type: ignore[dict-item]
    "None": (lambda: None, "expected the file's text"),  # type: ignore[dict-item]
    "too large": (lambda: " " * (MAX_SAVE_BYTES + 1) + a_save()[0].save(), "too large"),
    "nested lists": (lambda: "[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "nested in a mark": (lambda: edited(lambda d: d["initial"]["marks"].update(x=[[[[[[[[[[[[[1]]]]]]]]]]]]])), "nested too deeply"),
    # wrong types anywhere
    "true for a number": (lambda: edited(lambda d: d["initial"]["players"][1].update(credits=True)), "'initial.players.1.credits'"),
    "a float for a number": (lambda: edited(lambda d: d["initial"].update(turn=1.0)), "'initial.turn'"),
    "text for a number": (lambda: edited(lambda d: d["initial"].update(active="0")), "'initial.active'"),
    "a seed that is text": (lambda: edited(lambda d: d.update(seed="5")), "'seed'"),
    "a step's seat as text": (
        lambda: edited(lambda d: d["initial"]["stack"][0].update(seat="1")), "'initial.stack.0.lead.seat'"),
    "a step without its kind": (
        lambda: edited(lambda d: d["initial"]["stack"][0].pop("kind")), "without its 'kind'"),
    "a step with a foreign field": (
        lambda: edited(lambda d: d["initial"]["stack"][0].update(cheat=1)), "'initial.stack.0.lead.cheat'"),
    "a mark of text": (lambda: edited(lambda d: d["initial"]["marks"].update(BOOKS="many")), "'initial.marks.BOOKS"),
    "a mark of a float": (lambda: edited(lambda d: d["initial"]["marks"].update(BOOKS=1.5)), "'initial.marks.BOOKS"),
    "a missing field with a default": (lambda: edited(lambda d: d["initial"].pop("marks")), "'initial.marks': is missing"),
    "a log entry of the wrong shape": (lambda: edited(lambda d: d["initial_log"].append([1, "x"])), "'initial_log.1"),
    # the table's promises
    "a card lost": (lambda: edited(lambda d: d["initial"]["deck"].pop()), "has lost"),
    "a card in two places": (
        lambda: edited(lambda d: d["initial"]["discard"].append(d["initial"]["deck"][0])), "twice"),
    "a card in the box and on the table": (
        lambda: edited(lambda d: d["initial"]["box"].append(d["initial"]["deck"][0])), "twice"),
    "an unknown module": (lambda: edited(lambda d: d["initial"]["modules"].append("chess")), "'initial.modules.0'"),
    "a market marker out of range": (
        lambda: edited(lambda d: d["initial"].update(modules=["market"], market=[3, 0, 0, 0, 0])), "'initial.market.0'"),
    "a market without its module": (lambda: edited(lambda d: d["initial"].update(market=[0, 0, 0, 0, 0])), "goods market"),
    "a harbour colour twice": (
        lambda: edited(lambda d: d["initial"]["players"][1].update(harbour=d["initial"]["players"][0]["harbour"])),
        "share a harbour colour"),
    "a ship at sea with contracts": (lambda: edited(at_sea_with_contract), "at sea but carries contracts"),
    "winners while the game goes on": (lambda: edited(lambda d: d["initial"].update(winners=[0])), "winners are impossible"),
    "a winner beyond the table": (lambda: edited(lambda d: d["initial"].update(winners=[5], stack=[])), "beyond the 3 players"),
    "a winner twice": (lambda: edited(lambda d: d["initial"].update(winners=[0, 0], stack=[])), "winners are impossible"),
    # out-of-range numbers
    "credits beyond the bound": (
        lambda: edited(lambda d: d["initial"]["players"][0].update(credits=10**12)), "'initial.players.0.credits'"),
    "a turn of 0": (lambda: edited(lambda d: d["initial"].update(turn=0)), "'initial.turn'"),
    "a huge seed": (lambda: edited(lambda d: d.update(seed=2**70)), "'seed'"),
    "an active seat beyond the table": (lambda: edited(lambda d: d["initial"].update(active=4)), "number of players"),
    "a step's seat beyond the table": (
        lambda: edited(lambda d: d["initial"]["stack"][0].update(seat=4)), "names seat 4 of 3"),
    "a bid beyond the bound": (lambda: edited(big_bid), "'initial.stack.0.bid.bids.0'"),
    "too many moves": (lambda: edited(lambda d: d.update(actions=["p0 draw"] * (MAX_MOVES + 1))), "'actions'"),
    "an unknown language": (lambda: edited(lambda d: d.update(lang="fr")), "'lang'"),
}


def at_sea_with_contract(d: dict[str, Any]) -> None:
    ship = next(s for s in d["initial"]["ships"] if s["at_sea"])
    card = d["initial"]["deck"].pop()
    ship["contracts"].append(card)
    ship["sides"].append(0)


def big_bid(d: dict[str, Any]) -> None:
    d["initial"]["stack"] = [{"kind": "bid", "ship": 1, "round": 0, "bidders": [0, 1], "bids": [10**9, -1]}]


@pytest.mark.parametrize("case", list(DAMAGED))
def test_a_damaged_save_is_refused_clearly(case: str) -> None:
    make, words = DAMAGED[case]
    text = make()
    loaded = None
    with pytest.raises(SaveFileError) as refused:
        loaded = load(text)
    assert loaded is None  # nothing half-loaded comes back
    message = str(refused.value)
    assert words in message, message
    assert len(message) > 20 and "Traceback" not in message


def test_the_untouched_save_loads() -> None:  # the damaged files above differ from it in one thing only
    g, data = a_save()
    same_game(load(json.dumps(data)), g, "untouched")


def test_a_damaged_log_is_refused() -> None:
    text = edited(lambda d: d["initial_log"].append([1, "no_such_event", {}]))
    loaded = None
    with pytest.raises(SaveFileError) as refused:  # an entry the game cannot tell is damage, refused at loading
        loaded = load(text)
    assert loaded is None and "no_such_event" in str(refused.value), str(refused.value)
