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
from importexport.savefile import load
from importexport.scenario import load_scenario

SIZE_LIMIT = 50_000  # bytes for a whole finished game
GAME_SHAPES = [(2, False), (3, True), (4, False), (5, False), (6, True)]
SHAPE_IDS = [f"{n}p-{'abilities' if a else 'basic'}" for n, a in GAME_SHAPES]


def same_game(a: Game, b: Game, where: str = "") -> None:
    """Two games are at the same position, with the same story and the same choices ahead."""
    assert snapshot(a) == snapshot(b), f"{where}: the states differ"
    assert a.narrate() == b.narrate(), f"{where}: the logs differ"
    assert a.history == b.history, f"{where}: the histories differ"
    assert a.deciders() == b.deciders() and a.legal_actions() == b.legal_actions(), f"{where}: the choices differ"


# --- save -> load -> continue ---------------------------------------------------------------

@pytest.mark.parametrize(("players", "abilities"), GAME_SHAPES, ids=SHAPE_IDS)
def test_saved_game_continues_like_the_original(players: int, abilities: bool) -> None:
    for seed in range(8):
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
            same_game(loaded, g, f"seed {seed}, step {step} after loading")


def test_save_in_the_middle_of_a_sealed_bid_keeps_the_bids() -> None:
    seed = 0
    while True:  # find a position with one sealed bid in and another still to come
        g = Game(players=4, seed=seed)
        rng = rng_for(4, seed)
        while not g.is_over():
            frame = g.state.stack[-1]
            if frame["k"] == "bid" and 0 < sum(b >= 0 for b in frame["bids"]) < len(frame["bids"]):
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

@pytest.mark.parametrize(("players", "abilities"), GAME_SHAPES, ids=SHAPE_IDS)
def test_undo_then_the_same_choice_gives_the_same_state(players: int, abilities: bool) -> None:
    for seed in range(6):
        g = Game(players=players, seed=seed, abilities=abilities)
        rng = rng_for(players, seed, abilities)
        checked = 0
        while not g.is_over():
            if rng.random() < 0.1 / players:  # a random point: undo the next choice, then make it again
                before, before_log, before_history = snapshot(g), g.narrate(), list(g.history)
                action = random_step(g, rng)
                after, after_log = snapshot(g), g.narrate()
                g.undo()
                assert (snapshot(g), g.narrate(), g.history) == (before, before_log, before_history), f"seed {seed}: undo of {action}"
                assert action in g.legal_actions()
                g.apply(action)
                assert (snapshot(g), g.narrate()) == (after, after_log), f"seed {seed}: replaying {action}"
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
    for n in (5, -1):
        with pytest.raises(ValueError, match="cannot undo"):
            g.undo(n)
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
        while not g.is_over() and g.state.stack[-1]["k"] != "bid":
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
    "not text": (lambda: b"\xff\xfe\x00", "not valid JSON"),
    "empty": (lambda: "", "not valid JSON"),
    "a JSON list": (lambda: "[1, 2]", "'format' field"),
    "wrong format": (lambda: edited(lambda d: d.update(format="chess-pgn")), "'format' field"),
    "no format": (lambda: edited(lambda d: d.pop("format")), "'format' field"),
    "wrong version": (lambda: edited(lambda d: d.update(version=2)), "'version'"),
    "missing digest": (lambda: edited(lambda d: d.pop("digest")), "'digest': Field required"),
    "missing moves": (lambda: edited(lambda d: d.pop("actions")), "'actions': Field required"),
    "missing hand": (lambda: edited(lambda d: d["initial"]["players"][0].pop("hand")), "'initial.players.0.hand'"),
    "negative credits": (lambda: edited(lambda d: d["initial"]["players"][1].update(credits=-3)), "'initial.players.1.credits'"),
    "unknown field": (lambda: edited(lambda d: d.update(cheat=True)), "'cheat'"),
    "card duplicated": (
        lambda: edited(lambda d: d["initial"]["players"][1]["hand"].append(first_hand_card(d))), "twice"),
    "unknown card id": (
        lambda: edited(lambda d: d["initial"]["players"][0]["hand"].__setitem__(0, 999)), "unknown card id 999"),
    "negative card id": (
        lambda: edited(lambda d: d["initial"]["island"].__setitem__(0, -4)), "unknown card id -4"),
    "illegal move": (lambda: edited(illegal_move), "break off at move 4"),
    "unreadable move": (lambda: edited(lambda d: d["actions"].__setitem__(2, "hello")), "break off at move 3"),
    "changed digest": (lambda: edited(lambda d: d.update(digest="0" * 16)), "does not match its moves"),
    "moves cut short": (lambda: edited(lambda d: d["actions"].pop()), "does not match its moves"),
    "changed deck": (lambda: edited(lambda d: d["initial"]["deck"].reverse()), "break off at move"),
    "unknown step": (lambda: edited(lambda d: d["initial"]["stack"].__setitem__(0, {"k": "nonsense"})), "unknown pending step"),
    "broken step": (lambda: edited(lambda d: d["initial"]["stack"].__setitem__(0, {"k": "lead"})), "cannot be played"),
    "ships of nobody": (lambda: edited(lambda d: d["initial"]["ships"].pop()), "two ships per seat"),
}


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
    try:
        g = load(text)
    except SaveFileError:
        return
    g.narrate()  # a game that loaded must at least be able to tell its story
