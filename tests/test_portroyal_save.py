"""Port Royal save files: a loaded game is the saved one (position, history, log, undo), and every
kind of damage is refused with a SaveFileError naming the place (``importexport.portroyal.savefile``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from importexport import Game as ImportExportGame
from importexport.bots import RandomBot
from importexport.bounds import MAX_SAVE_BYTES
from importexport.errors import SaveFileError
from importexport.importexport.savefile import load as load_import_export
from importexport.portroyal.cards import CARDS
from importexport.portroyal.game import Game
from importexport.portroyal.savefile import dump, load, load_with_seats
from importexport.portroyal.state import State

SHAPES = [("base", 2), ("base", 4), ("competitive", 3), ("competitive", 5), ("cooperative", 2),
          ("cooperative", 4), ("solo", 1)]


def step(g: Game, bots: list[RandomBot]) -> None:
    seat = g.deciders()[0]
    g.apply(bots[seat].choose(g, seat))


def same(a: Game, b: Game) -> None:
    assert a.state.to_dict() == b.state.to_dict()
    assert a.history == b.history
    assert a.log == b.log
    assert (a.lang, a.seed, a.legal_actions()) == (b.lang, b.seed, b.legal_actions())


@pytest.mark.parametrize(("mode", "players"), SHAPES, ids=[f"{m}-{n}" for m, n in SHAPES])
def test_a_loaded_game_is_the_saved_one_at_many_points(mode: str, players: int) -> None:
    g = Game(players=players, seed=11 + players, mode=mode, lang="de" if players % 2 else "en")
    bots = [RandomBot(seat) for seat in range(players)]
    every = 7 if mode == "solo" else 41
    while not g.is_over():
        step(g, bots)
        if len(g.history) % every == 0 or g.is_over():
            h = load(dump(g))
            same(h, g)
            if g.history:  # undo after loading takes back what it would have taken back here
                h.undo()
                here = g.copy()
                here.undo()
                same(h, here)
    assert load(g.save()).is_over()


def test_a_save_made_after_undo_loads_and_goes_on_alike() -> None:
    g = Game(players=3, seed=5, mode="competitive")
    bots = [RandomBot(seat) for seat in range(3)]
    for _ in range(60):
        step(g, bots)
    g.undo(7)
    h = load(dump(g))
    same(h, g)
    here, there = [RandomBot(99) for _ in range(3)], [RandomBot(99) for _ in range(3)]
    for _ in range(30):
        step(g, here)
        step(h, there)
    same(h, g)


def test_seat_roles_are_kept_and_must_match_the_players() -> None:
    g = Game(players=2, seed=1, mode="cooperative")
    h, roles = load_with_seats(dump(g, ["human", "random"]))
    assert roles == ["human", "random"]
    same(h, g)
    assert load_with_seats(dump(g))[1] == []
    with pytest.raises(ValueError, match="2-player"):
        dump(g, ["human"])


def test_a_game_from_a_built_position_saves_and_loads() -> None:
    g = midgame()
    assert g.initial.boxes != [[] for _ in g.initial.boxes] and g.initial.harbour
    same(load(dump(g)), g)


# --- refusals --------------------------------------------------------------------------------

def midgame() -> Game:
    """A cooperative game started from a position with cubes, persons and ships in the harbour,
    and a few moves made since (so ``initial`` holds something in every place)."""
    g = Game(players=3, seed=0, mode="cooperative")
    bots = [RandomBot(seat) for seat in range(3)]
    while not (any(g.state.boxes) and any(CARDS[c].kind == "ship" for c in g.state.harbour)
               and any(p.persons for p in g.state.players)):
        step(g, bots)
    built = Game.from_state(g.state.clone(), lang="en", seed=0, log=list(g.log[-3:]))
    for _ in range(6):
        step(built, bots)
    return built


SAVE = json.loads(dump(midgame()))
INITIAL = SAVE["initial"]
SHIP = next(c for c in INITIAL["harbour"] if CARDS[c].kind == "ship")
OTHER_SHIP = next(c for c in INITIAL["deck"] if CARDS[c].kind == "ship" and CARDS[c].colour == CARDS[SHIP].colour)
SEATED = next(t for t, row in enumerate(INITIAL["boxes"]) if row)
Change = Callable[[dict[str, Any]], Any]


def _illegal_move(d: dict[str, Any]) -> None:
    d["actions"][3] = "p0 take c=119"


def _other_legal_move(d: dict[str, Any]) -> None:
    """The first move replaced by another legal one (and the rest dropped): each move is legal, the digest is not."""
    g = Game.from_state(State.from_dict(d["initial"]))
    d["actions"] = [next(str(a) for a in g.legal_actions() if str(a) != d["actions"][0])]


def _longer_time_pile(d: dict[str, Any]) -> None:
    d["initial"]["time_pile"] += d["initial"]["deck"][:30]
    del d["initial"]["deck"][:30]


def _at(path: str, value: Any) -> Change:
    """Set the field at the dotted ``path`` of the save to ``value``."""
    def change(d: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        for key in parents:
            d = d[int(key)] if isinstance(d, list) else d[key]  # type: ignore[assignment]
        if isinstance(d, list):
            d[int(last)] = value
        else:
            d[last] = value
    return change


DAMAGED: dict[str, tuple[Change, tuple[str, ...]]] = {
    "wrong format": (_at("format", "importexport-save"), ("'format' field", "Port Royal")),
    "no format": (lambda d: d.pop("format"), ("'format' field",)),
    "wrong version": (_at("version", 2), ("'version'",)),
    "unknown language": (_at("lang", "fr"), ("'lang'",)),
    "seed out of range": (_at("seed", 2**64), ("'seed'",)),
    "too deep": (lambda d: d["initial_log"][0][2].update(x=[[[[[[[[[[[[[1]]]]]]]]]]]]]), ("nested too deeply",)),
    "turn a text": (_at("initial.turn", "3"), ("'initial.turn'", "must be a whole number")),
    "coin a fraction": (_at("initial.players.0.coins.0", 1.5), ("'initial.players.0.coins.0'",)),
    "flag a number": (_at("initial.ending", 0), ("'initial.ending'",)),
    "field missing": (lambda d: d["initial"].pop("discard"), ("'initial.discard'", "is missing")),
    "field unknown": (_at("initial.gold", 3), ("'initial.gold'",)),
    "too many players": (_at("initial.n", 6), ("'initial.n'",)),
    "unknown mode": (_at("initial.mode", "pirates"), ("'initial.mode'",)),
    "card id out of range": (_at("initial.deck.0", len(CARDS)), ("'initial.deck.0'",)),
    "seat out of range": (_at("initial.boxes." + str(SEATED) + ".0", 7), (f"'initial.boxes.{SEATED}.0'",)),
    "unknown step": (lambda d: d["initial"]["stack"].append({"kind": "dance"}), ("'initial.stack.", "unknown kind")),
    "step without its seat": (lambda d: d["initial"]["stack"][-1].pop("seat"), ("'initial.stack.", "seat")),
    "step with a stray field": (lambda d: d["initial"]["stack"][-1].update(extra=1), ("'initial.stack.",)),
    "player count for the mode": (_at("initial.mode", "solo"), ("'initial.n'", "solo")),
    "players listed": (lambda d: d["initial"]["players"].pop(), ("'initial.players'",)),
    "active seat": (_at("initial.active", 4), ("'initial.active'",)),
    "card in two places": (lambda d: d["initial"]["players"][1]["coins"].append(SHIP),
                           ("'initial.players.1.coins.", "two places", "'initial.harbour.")),
    "card missing": (lambda d: d["initial"]["deck"].pop(0), ("'initial.deck'", "missing")),
    "card of the wrong kind": (lambda d: d["initial"]["players"][0]["persons"].append(d["initial"]["deck"].pop(
        next(i for i, c in enumerate(d["initial"]["deck"]) if CARDS[c].kind == "ship"))),
        ("'initial.players.0.persons.", "ship")),
    "two ships of a colour": (lambda d: d["initial"]["harbour"].append(d["initial"]["deck"].pop(
        d["initial"]["deck"].index(OTHER_SHIP))), ("'initial.harbour.", "second ship")),
    "unknown contract": (_at("initial.contracts.0", "treasure_map"), ("'initial.contracts'", "treasure_map")),
    "contract twice": (lambda d: d["initial"]["contracts"].__setitem__(1, d["initial"]["contracts"][0]),
                       ("'initial.contracts'", "twice")),
    "cube without its box": (lambda d: d["initial"]["boxes"][SEATED].clear(),
                             ("'initial.players.", "do not match")),
    "a second cube of a seat": (lambda d: d["initial"]["boxes"][SEATED].append(d["initial"]["boxes"][SEATED][0]),
                                (f"'initial.boxes.{SEATED}.1'", "second cube")),
    "time pile too long": (_longer_time_pile, ("'initial.time_pile'", "seals")),
    "step names a seat not at the table": (lambda d: d["initial"]["stack"][-1].update(seat=4),
                                           ("'initial.stack.", "seat 4")),
    "log entry that cannot be told": (_at("initial_log.0.1", "no_such_event"), ("'initial_log.0'",)),
    "seat roles": (_at("seats", ["human"]), ("'seats'",)),
    "move not a move": (_at("actions.2", "p0 fly"), ("move 3", "no kind of choice")),
    "illegal move at step 4": (_illegal_move, ("move 4", "'p0 take c=119'")),
    "changed digest": (_at("digest", "0" * 16), ("'digest'", "changed")),
    "another legal move": (_other_legal_move, ("'digest'",)),
}


@pytest.mark.parametrize("case", list(DAMAGED))
def test_a_damaged_save_is_refused_naming_the_place(case: str) -> None:
    change, said = DAMAGED[case]
    data = json.loads(json.dumps(SAVE))
    change(data)
    with pytest.raises(SaveFileError) as err:
        load(json.dumps(data))
    for part in said:
        assert part in str(err.value), str(err.value)


def test_the_untouched_save_loads() -> None:  # each damaged file above differs from it in one thing
    assert load(json.dumps(SAVE)).history


@pytest.mark.parametrize(("text", "said"), [
    ("{not json", "not valid JSON"),
    (b"\xff\xfe", "not text (UTF-8)"),
    ("[1, 2]", "'format' field"),
    ("x" * (MAX_SAVE_BYTES + 1), "too large"),
    ("[" * 100_000, "nested too deeply"),
])
def test_what_is_no_save_at_all_is_refused_first(text: str | bytes, said: str) -> None:
    with pytest.raises(SaveFileError, match=said.replace("(", r"\(").replace(")", r"\)")):
        load(text)


def test_the_two_games_refuse_each_others_saves() -> None:
    with pytest.raises(SaveFileError, match="not a saved game of Port Royal"):
        load(ImportExportGame(players=2, seed=1).save())
    with pytest.raises(SaveFileError, match="not a saved game of Import/Export "):
        load_import_export(Game(players=2, seed=1).save())
