"""Fair undo (the app): a person takes back only their own last move, and only while nothing hidden
has come to light since; lessons keep free undo."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest
from helpers import DOCS_IMPORT

from importexport import Action, Game
from importexport.importexport.scenario import load_scenario
from importexport.protocol import GAMES, table_kit
from importexport.session import Session


def test_a_drawn_card_cannot_be_undrawn() -> None:
    s = Session(lambda: Game(players=2, seed=5), humans={0}, bots={1: "random"}, fair_undo=True)
    while 0 not in s.game.deciders() or Action(0, "draw") not in s.game.legal_actions(0):
        s.act(s.game.legal_actions(s.waiting_humans()[0])[-1])
    s.act(Action(0, "draw"))
    assert s.undo_refusal(0) == "revealed" and not s.can_undo(0)


def test_bids_once_shown_stand() -> None:
    spec = copy.deepcopy(DOCS_IMPORT)
    s = Session(lambda: load_scenario(spec), humans={0}, bots={1: "random", 2: "random"}, fair_undo=True)
    while not any(a.kind == "bid" for a in s.game.legal_actions(0)):
        s.act(s.game.legal_actions(0)[0])
    s.act(Action(0, "bid", count=0))
    assert any(k == "bids" for _t, k, _a in s.game.log)  # the bots had bid: all bids are shown
    assert s.undo_refusal(0) == "revealed"


def test_one_person_never_takes_back_anothers_move() -> None:
    s = Session(lambda: Game(players=3, seed=2), humans={0, 1, 2}, fair_undo=True)
    first = s.waiting_humans()[0]
    lead = next(a for a in s.game.legal_actions(first) if a.kind == "play")
    s.act(lead)  # a card led: nothing hidden comes to light
    now = s.waiting_humans()[0]
    assert now != first
    assert s.undo_refusal(now) == "other"
    assert s.undo_refusal(first) is None
    s.undo()
    assert s.game.history == [] and s.waiting_humans() == [first]


def test_lessons_keep_free_undo() -> None:
    s = Session(lambda: Game(players=2, seed=5), humans={0, 1})
    s.act(Action(s.waiting_humans()[0], "draw"))
    assert s.can_undo() and s.undo_refusal(1) is None
    s.undo()
    assert s.game.history == []


# --- whoever's move showed it: bots' cards, draws, refills, a new lead, Port Royal's turned cards ---------

Window = Callable[[Session, int], bool]


def first_window(new: Callable[[int], Any], wanted: Window, bots: str = "heuristic", seeds: int = 40) -> Session:
    """The first table (person at seat 0, bots beside) where a person's move, with the bots' answers,
    makes a window of moves that ``wanted`` (the session, the log's length before the move) picks."""
    for seed in range(seeds):
        n = table_kit(new(seed)).seats(new(seed))
        s = Session(lambda seed=seed: new(seed), humans={0}, bots=dict.fromkeys(range(1, n), bots), seed=seed,
                    fair_undo=True)
        rng = random.Random(seed)
        while not s.game.is_over() and len(s.game.history) < 300:
            lines = len(s.game.log)
            s.act(rng.choice(s.choices(s.waiting_humans()[0])))
            if wanted(s, lines):
                return s
    raise AssertionError("no such window in the seeds tried")


def by_bot(s: Session, lines: int, kind: str) -> list[dict[str, Any]]:
    """The window's log events of ``kind`` that a bot's seat caused."""
    return [args for _t, k, args in s.game.log[lines:] if k == kind and args.get("p", 0) in s.bots]


def quiet(s: Session) -> bool:
    """Whether the deck, the random state and the old list of revealing events saw nothing in the window
    (what fair undo looked at before issue 28: these windows slipped through it)."""
    mark = s.marks[-1]
    before = s.game.copy()
    before.undo(len(before.history) - mark)
    old = {"bids", "reveal_hand", "reveal_deck", "deck_face_up", "type_shown", "steal_random", "take_random",
           "reshuffle", "pirate_unseen"}
    return (before.state.deck == s.game.state.deck and before.state.rng == s.game.state.rng
            and not any(k in old for _t, k, _a in s.game.log[len(before.log):]))


def ie(seed: int) -> Game:
    return Game(players=3, seed=seed)


def test_a_bots_card_followed_from_its_hand_cannot_be_taken_back() -> None:
    s = first_window(ie, lambda s, lines: bool(by_bot(s, lines, "follow")) and quiet(s))
    assert s.undo_refusal(0) == "revealed" and not s.can_undo(0)


def test_a_new_turns_lead_by_a_bot_cannot_be_taken_back() -> None:
    s = first_window(ie, lambda s, lines: bool(by_bot(s, lines, "lead")) and quiet(s))
    assert s.undo_refusal(0) == "revealed"


def test_a_bots_draw_cannot_be_taken_back() -> None:
    s = first_window(ie, lambda s, lines: bool(by_bot(s, lines, "draw")))
    assert s.undo_refusal(0) == "revealed"


def test_a_bots_sale_that_refills_the_island_cannot_be_taken_back() -> None:
    def refilled(s: Session, lines: int) -> bool:
        before = s.game.copy()
        before.undo(len(before.history) - s.marks[-1])
        return bool(by_bot(s, lines, "sell")) and bool(set(s.game.state.island) & set(before.state.deck))

    s = first_window(ie, refilled)
    assert s.undo_refusal(0) == "revealed"


def test_port_royal_cards_a_bot_turns_over_cannot_be_taken_back() -> None:
    def pr(seed: int) -> Any:
        return GAMES["portroyal"].new(players=3, seed=seed)

    s = first_window(pr, lambda s, lines: bool(by_bot(s, lines, "turned")))
    assert s.undo_refusal(0) == "revealed"


def test_the_movers_own_card_shown_by_their_own_move_may_be_taken_back() -> None:
    """A card led from one's own hand was known to its player; the others have not had the device."""
    s = Session(lambda: Game(players=2, seed=3), humans={0, 1}, fair_undo=True)
    first = s.waiting_humans()[0]
    s.act(next(a for a in s.game.legal_actions(first) if a.kind == "play"))
    assert s.undo_refusal(first) is None


# --- every undo allowed in random games: nothing that came to light is taken back -----------------------

def ie_seen(g: Any, seat: int) -> set[int]:
    """The cards ``seat``'s view of Import/Export shows (read off the view by this test on its own)."""
    v = g.view(seat)
    out = set(v["island"]) | set(v["played"]) | set(v["box"]) | {c for c in (v["deck_top"], v["discard_top"]) if c is not None}
    for p in v["players"]:
        out |= set(p["hand"]) | set(p["crew"]) | set(p["goods"]) | set(p["fulfilled"])
    for ship in v["ships"]:
        out |= set(ship["contracts"]) | set(ship["containers"])
    return out


def pr_seen(g: Any, seat: int) -> set[int]:
    """The cards ``seat``'s view of Port Royal shows."""
    v = g.view(seat)
    out = set(v["harbour"]) | set(v["expeditions"]) | ({v["just_turned"]} if v["just_turned"] is not None else set())
    for p in v["table"]:
        out |= set(p["persons"]) | set(p["expeditions"])
    return out


def logged(g: Any, since: int) -> set[int]:
    """The cards the log names from line ``since`` on."""
    out: set[int] = set()
    for _t, _k, args in g.log[since:]:
        for key in ("c", "d", "cards"):
            value = args.get(key)
            out |= {c for c in (value if isinstance(value, list) else [value]) if isinstance(c, int)}
    return out


def came_to_light(s: Session, seen: Callable[[Any, int], set[int]]) -> bool:
    """Whether, since the last person's move, a seat saw a card it had not seen before in that window
    and the mover had not seen at the move, or the log named such a card: the union of every seat's
    views, position by position."""
    g = s.game
    mark = s.marks[-1]
    at = g.copy()
    at.undo(len(at.history) - mark)
    seats = range(table_kit(g).seats(g))
    known = seen(at, g.history[mark].player)
    union = {(seat, c) for seat in seats for c in seen(at, seat)}
    start = len(at.log)
    for a in g.history[mark:]:
        at.apply(a)
        now = {(seat, c) for seat in seats for c in seen(at, seat)}
        if any(c not in known for _seat, c in now - union):
            return True
        union |= now
    named = logged(at, start) - known  # (the log is read by everyone)
    return any((seat, c) not in union for c in named for seat in seats)


@pytest.mark.parametrize(("game", "people", "seed"), [
    ("importexport", (0,), 1), ("importexport", (0, 2), 2), ("importexport", (1,), 3),
    ("portroyal", (0,), 1), ("portroyal", (0, 1), 2),
])
def test_no_undo_takes_back_what_came_to_light(game: str, people: tuple[int, ...], seed: int) -> None:
    seen = ie_seen if game == "importexport" else pr_seen
    s = Session(lambda: GAMES[game].new(players=3, seed=seed), humans=set(people),
                bots={seat: "heuristic" for seat in range(3) if seat not in people}, seed=seed, fair_undo=True)
    rng = random.Random(seed)
    checked = refused = 0
    while not s.game.is_over() and len(s.game.history) < 260:
        if s.marks:
            light = came_to_light(s, seen)
            checked += 1
            refused += light
            if light:
                assert s.undo_refusal() == "revealed", s.game.history[s.marks[-1]:]
            elif s.can_undo() and rng.random() < 0.2:
                before = list(s.game.history[:s.marks[-1]])
                s.undo()
                assert s.game.history == before
        s.act(rng.choice(s.choices(s.waiting_humans()[0])))
    assert checked > 20 and 0 < refused < checked


def test_a_hand_shown_only_in_the_log_cannot_be_taken_back() -> None:
    """HAWAIIAN SALT shows the other hands: with no agriculture card among them nothing moves, and
    only the log names the cards (read by everyone).  The mover's own move showed them: still news."""
    from test_abilities_instant import Fill, position

    from importexport.importexport.constants import RED

    fill = Fill()
    shown = [fill.one(RED), fill.one(RED)]
    g, load = position("HAWAIIAN SALT", True, fill, players=2, others=[{"hand": shown}], fill_deck=False)
    s = Session(lambda: g.copy(), humans={0, 1}, fair_undo=True)
    s.act(load)
    assert any(k == "reveal_hand" for _t, k, _a in s.game.log) and s.game.state.players[1].hand
    assert not any(k == "to_island" for _t, k, _a in s.game.log)  # (no deck: nothing else comes to light)
    assert s.undo_refusal(0) == "revealed"
