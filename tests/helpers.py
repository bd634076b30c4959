"""Shared helpers for the tests: card lookup, picking legal actions, ready-made positions."""

from __future__ import annotations

import copy
import os
import random
import subprocess
import threading
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from importexport import CARDS, Action, Game
from importexport.importexport.abilities import REGISTRY
from importexport.importexport.constants import COLOURS, RAINBOW_SLOT
from importexport.importexport.scenario import load_scenario

DOCS_IMPORT: dict[str, Any] = {
    "players": 3, "seed": 7, "active": 0, "harbours": ["green", "yellow", "black"],
    "seats": [
        {"credits": 10, "crew": ["CHOPSTICKS"],
         "ships": [{}, {"at_sea": True, "containers": ["BATTERIES", "COFFEE", "PENS", "SCOTCH"]}]},
        {"credits": 8, "ships": [{}, {"at_sea": True, "containers": ["ONIONS", "CANDY"]}]},
        {"credits": 6},
    ],
    "turn": {"led": "import", "declared": [2, 1, 3]},
}
"""docs/scenarios.md, example 1: three seats, a ship at sea each for seats 0 and 1, Import led."""


def cid(name: str) -> int:
    """A card's id from its name."""
    return CARDS.by_name(name).id


SOAK = max(1, int(os.environ.get("IMPORTEXPORT_SOAK", "1") or 1))
"""Multiplies the random-game sweeps and the property tests' examples (``IMPORTEXPORT_SOAK=3 python -m
pytest`` for a long soak run)."""


def examples(n: int) -> int:
    """A property test's ``max_examples``: ``n`` in a normal run, :data:`SOAK` times as many in a soak run.
    The costliest properties run at hypothesis' default of 100 (the scenario mutations at 200) since
    2026-12-04; ``IMPORTEXPORT_SOAK=4`` runs each at least at its count before (150 to 800)."""
    return n * SOAK

ACTIVE_ELSEWHERE = ("anytime_options", "on_container_fulfilled")


def is_quiet(name: str) -> bool:
    """A card whose ability (if any) acts only from the fulfilled contracts, so it is a safe filler
    in a hand, a crew, the goods, on a ship or on the Supply Island."""
    ability = REGISTRY.get(name)
    if ability is None:
        return True
    if ability.as_contract or any(hasattr(ability, hook) for hook in ACTIVE_ELSEWHERE):
        return False
    return not any(attr.startswith("on_self_") for attr in dir(ability))


def plain_cards(colour: str, count: int, exclude: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """``count`` base cards of ``colour`` whose abilities cannot act where fillers lie (see ``is_quiet``)."""
    out = [
        c.name for c in CARDS.cards
        if c.set == "base" and c.goods == colour and is_quiet(c.name) and c.name not in exclude
    ]
    if len(out) < count:
        raise ValueError(f"only {len(out)} plain {colour} cards without abilities")
    return out[:count]


def matching(g: Game, kind: str, player: int | None = None, **fields: Any) -> list[Action]:
    """The legal actions of ``kind`` (and ``player``) whose named fields equal the given values."""
    out = []
    for a in g.legal_actions(player):
        if a.kind != kind:
            continue
        if all(getattr(a, k) == v for k, v in fields.items()):
            out.append(a)
    return out


def apply_one(g: Game, kind: str, player: int | None = None, **fields: Any) -> Action:
    """Apply the first legal action matching ``kind`` and ``fields``; fail clearly if there is none."""
    found = matching(g, kind, player, **fields)
    assert found, f"no legal {kind} {fields} among {[str(a) for a in g.legal_actions(player)]}"
    g.apply(found[0])
    return found[0]


def fulfil_position(
    contract: str,
    abilities: bool,
    *,
    players: int = 3,
    seat0: dict[str, Any] | None = None,
    others: list[dict[str, Any]] | None = None,
    **top: Any,
) -> tuple[Game, Action]:
    """Seat 0 (active, Load declared once) is one Load away from fulfilling ``contract``.

    ``contract`` lies alone under seat 0's ship 0 with all but one of its containers loaded; the
    last container is seat 0's only hand card.  Returns the game and that Load action.  ``seat0``
    adds to (or overrides) seat 0's description, ``others`` describes seats 1.., and further
    keyword arguments go to the scenario's top level.
    """
    card = CARDS.by_name(contract)
    slots = list(card.slots(0))
    used: set[str] = {card.name}
    for extra in [seat0 or {}, *(others or [])]:
        for value in extra.values():
            if isinstance(value, list):
                used.update(v for v in value if isinstance(v, str))
    names: list[str] = []
    for slot in slots:
        colour = COLOURS[slot] if slot != RAINBOW_SLOT else "green"
        name = plain_cards(colour, 1, used)[0]
        used.add(name)
        names.append(name)
    first = {"hand": [names[-1]], "ships": [{"contracts": [contract], "containers": names[:-1]}]}
    first.update(copy.deepcopy(seat0 or {}))
    seats = [first, *(copy.deepcopy(others or []))]
    spec = {"players": players, "abilities": abilities, "seats": seats,
            "turn": {"led": "load", "declared": [1] + [-1] * (players - 1)}, **top}
    g = load_scenario(spec)
    load = Action(0, "load", (cid(names[-1]),), 0)
    assert load in g.legal_actions(0), [str(a) for a in g.legal_actions(0)]
    return g, load


def widget_buttons(box: object) -> list:
    """Every button inside a widget tree, depth first (for driving the widget kit in tests)."""
    out = []
    for child in getattr(box, "children", ()):
        if child.__class__.__name__ == "Button":
            out.append(child)
        out.extend(widget_buttons(child))
    return out


# --- processes (the app's and the tutor's servers and kernels) -------------------------------------

def process_tree(pid: int) -> dict[int, str]:
    """The processes below ``pid`` (children, theirs, ...) with their command lines."""
    rows = [line.split(None, 2) for line in subprocess.run(["ps", "-eo", "pid=,ppid=,args="], capture_output=True,
                                                            text=True, check=True).stdout.splitlines()]
    children: dict[int, list[tuple[int, str]]] = {}
    for row in rows:
        if len(row) == 3:
            children.setdefault(int(row[1]), []).append((int(row[0]), row[2]))
    found: dict[int, str] = {}
    todo = [pid]
    while todo:
        for child, args in children.get(todo.pop(), []):
            found[child] = args
            todo.append(child)
    return found


def started(pid: int) -> int | None:
    """When process ``pid`` started (clock ticks since boot), or None if there is no such process or it
    is a zombie.  A pid names a process only together with its start time: once a process ends, the
    system hands its pid to a new one (soon, on a machine whose pids wrap at 32768)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return None
    return None if fields[0] == "Z" else int(fields[19])


def identities(pids: object) -> dict[int, int]:
    """The processes among ``pids`` that run now, each with its start time (see :func:`started`)."""
    found = {pid: started(pid) for pid in pids}  # type: ignore[attr-defined]
    return {pid: t for pid, t in found.items() if t is not None}


def still_running(seen: dict[int, int]) -> list[int]:
    """The processes of ``seen`` (pid: start time, from :func:`identities`) that still run: the same
    process, not a new one that got the pid of one that ended."""
    return sorted(pid for pid, t in seen.items() if started(pid) == t)


def kill_all(seen: dict[int, int]) -> list[int]:
    """SIGKILL the processes of ``seen`` that still run (never a later process that reuses a pid);
    returns the pids killed."""
    import signal

    killed = []
    for pid in still_running(seen):
        try:
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
        except ProcessLookupError:
            pass
    return killed


def kernels_below(pid: int) -> set[int]:
    """The kernels running below process ``pid`` (Voila's pool and the open pages' kernels)."""
    return {child for child, args in process_tree(pid).items() if "ipykernel" in args}


def play_random(g: Any, seed: int, steps: int) -> Any:
    """``g`` after up to ``steps`` random legal choices (fewer if the game ends), chosen by ``seed``."""
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over():
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


E = TypeVar("E", bound=Exception)


def at_once(calls: dict[Hashable, Callable[[], Any]], told: type[E]) -> tuple[list[tuple[Hashable, Any]], dict[Hashable, E]]:
    """Each call in a thread of its own, all let go at the same moment: the calls that went through (their
    key and what they returned) and, by their keys, those that raised ``told`` (a race's losers: what they raised)."""
    barrier = threading.Barrier(len(calls))
    taken: list[tuple[Hashable, Any]] = []
    refused: dict[Hashable, E] = {}

    def send(key: Hashable, call: Callable[[], Any]) -> None:
        barrier.wait()
        try:
            taken.append((key, call()))
        except told as e:
            refused[key] = e

    threads = [threading.Thread(target=send, args=item) for item in calls.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return taken, refused
