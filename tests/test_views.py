"""Views hide by default: two positions that differ only in what a seat cannot know look the same.

The hidden information of a position, for one seat, is: the other players' hands, the order of
the deck, the discard pile under its top card, the cards lying face down in another player's
pending step (a card taken unseen from a hand or the deck, a card just drawn), the other players'
sealed bids and the game's random source.  For thousands of positions from random games with
every module and the abilities on, each is changed in exactly these things and the seat's view
must not change.
"""

from __future__ import annotations

import random

import pytest
from helpers import cid

from importexport import Game
from importexport.bench import ALL_MODULES
from importexport.importexport.actions import hand_of
from importexport.importexport.scenario import load_scenario

FACE_DOWN_IN_STEPS = ("held", "drawn")  # a pending step's cards its own seat alone has seen


def shuffled_hidden(g: Game, seat: int, rng: random.Random) -> Game | None:
    """The same position with everything ``seat`` cannot know dealt anew (see the module text)."""
    s = g.state.clone()
    named = {c for a in g.legal_actions(seat) for c in a.cards}  # cards the seat is shown right now
    others = [p for p in s.players if p.seat != seat]
    steps = [(f, key) for f in s.stack if f.get("seat") != seat for key in FACE_DOWN_IN_STEPS if key in f]
    in_steps = [c for f, key in steps for c in (f[key] if isinstance(f[key], list) else [f[key]])]
    face_up_top = 1 if s.deck and s.marks.get("deck_face_up") else 0
    deck = s.deck[: len(s.deck) - face_up_top]
    under_top = s.discard[:-1]
    unseen = {c for p in others for c in p.hand} | set(in_steps)
    pools = [unseen - named, set(deck) - named, set(under_top) - named]
    if not named & (set(deck) | set(under_top)):  # nothing of the piles is shown: any unseen card may lie anywhere
        pools = [pools[0] | pools[1] | pools[2]]
    mapping: dict[int, int] = {}
    for pool in pools:
        cards = sorted(pool)
        mapping.update(zip(cards, rng.sample(cards, len(cards)), strict=True))

    def swap(cards: list[int]) -> list[int]:
        return [mapping.get(c, c) for c in cards]

    for p in others:
        p.hand = swap(p.hand)
    s.deck = swap(deck) + s.deck[len(deck):]
    s.discard = swap(under_top) + s.discard[-1:]
    for f, key in steps:
        f[key] = swap(f[key]) if isinstance(f[key], list) else mapping.get(f[key], f[key])
    for f in s.stack:
        if f.get("kind") == "bid":
            f["bids"] = [
                b if bidder == seat or b < 0 else rng.randint(0, s.players[bidder].credits)
                for bidder, b in zip(f["bidders"], f["bids"], strict=True)
            ]
    s.rng = rng.getrandbits(63)
    stack = s.to_dict()["stack"]
    other = Game.from_state(s, g.lang, g.seed)
    # A dealing in which the seats now deciding would have no choice left is no position the seat
    # could be in (the game would have moved on): such a dealing is no test.
    return other if other.state.to_dict()["stack"] == stack else None


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_views_do_not_change_with_what_the_seat_cannot_know(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for game in range(5):
        g = Game(players=players, seed=100 * players + game, abilities=True, modules=ALL_MODULES)
        step = 0
        while not g.is_over() and step < 1500:
            if step % 4 == 0:
                for seat in range(players):
                    other = shuffled_hidden(g, seat, rng)
                    if other is not None:
                        assert other.view(seat) == g.view(seat), f"game {game}, step {step}: seat {seat}'s view changed"
                        checked += 1
            g.apply(rng.choice(g.legal_actions()))
            step += 1
    assert checked > 500  # over the five table sizes, thousands of positions


def test_the_check_sees_a_leak() -> None:
    """The check above fails for a view that shows another hand (it can fail)."""
    g = Game(players=3, seed=1)
    other = shuffled_hidden(g, 0, random.Random(1))
    assert other is not None
    assert other.state.players[1].hand != g.state.players[1].hand
    assert other.view(0) == g.view(0)


@pytest.mark.card("MINI VAN")
def test_mini_van_card_taken_from_a_hand_is_seen_only_by_the_pirate() -> None:
    """MINI VAN takes a random card from another hand; until it lands, only the pirate knows it."""
    spec = {
        "players": 3, "abilities": True, "seed": 2,
        "seats": [
            {"fulfilled": ["MINI VAN"], "ships": [{"contracts": ["APPLES"]}, {"contracts": ["BEER"]}]},
            {"hand": ["RICE", "HONEY"]},
            {},
        ],
        "turn": {"led": "pirate", "declared": [1, -1, -1]},
    }
    g = load_scenario(spec)
    unseen = [a for a in g.legal_actions(0) if a.kind == "pirate" and not a.cards]
    assert unseen, [str(a) for a in g.legal_actions(0)]
    from_hand = next(a for a in unseen if a.sources == (hand_of(1),))
    g.apply(from_hand)
    top = g.state.stack[-1]
    assert top["kind"] == "ask", "a yellow card fits ship 0 or may be discarded: the pirate chooses"
    taken = top["held"][0]
    assert taken in (cid("RICE"), cid("HONEY"))
    assert g.view(0)["stack"][-1]["held"] == [taken]
    for seat in (1, 2):
        assert g.view(seat)["stack"][-1]["held"] == [None]
        assert g.view(seat)["legal"] == []


def test_views_hide_a_step_field_nobody_has_listed() -> None:
    """A field a step gains without being listed as open is hidden from the other seats."""
    g = Game(players=3, seed=4)
    g.state.stack[-1]["secret"] = 17
    seat = g.state.stack[-1]["seat"]
    assert g.view(seat)["stack"][-1]["secret"] == 17
    assert g.view((seat + 1) % 3)["stack"][-1]["secret"] is None


def test_a_drawn_card_under_another_seats_question_stays_unknown_to_a_bot() -> None:
    """The search bot deals such a card itself (``determinize``); the sample keeps every pile's size."""
    from importexport.importexport.determinize import determinize

    g = Game(players=3, seed=4)
    g.state.stack[-1]["held"] = [g.state.deck.pop()]
    seat = (g.state.stack[-1]["seat"] + 1) % 3
    sample = determinize(g.view(seat), random.Random(0))
    assert len(sample.stack[-1]["held"]) == 1 and sample.stack[-1]["held"][0] is not None
    assert sorted(sample.all_cards()) == sorted(g.state.all_cards())
