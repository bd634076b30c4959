"""Honest wording (issue 28): a choice that discards a card says so before it is chosen, the app points
at where the choices are, Port Royal's solo end screen names its one player (not "the team") and its
German score column says "Spieler", and no card name carries a misprint."""

from __future__ import annotations

import random
import re

import pytest
from helpers import widget_buttons

from importexport import CARDS, Game
from importexport.importexport.scenario import load_scenario
from importexport.portroyal.game import Game as PortRoyalGame
from importexport.protocol import table_kit
from importexport.widgets import LANG
from importexport.widgets.app import PlayApp

DISCARD_WORDS = {"en": "discard", "de": "abwerfen"}


def supply_table(crew: list[str]) -> Game:
    """Supply led, Player 1 to take a card of the Supply Island, with ``crew`` in their crew (one
    fulfilled contract: room for one crew card)."""
    return load_scenario({"players": 2, "seed": 1, "active": 0, "island": ["COFFEE", "PENS"],
                          "seats": [{"crew": crew}, {}], "turn": {"led": "supply", "declared": [1, 1]}})


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("crew", [["CHOPSTICKS"], []])
def test_taking_a_supply_card_into_a_full_crew_says_it_is_discarded(crew: list[str], lang: str) -> None:
    g = supply_table(crew)
    take = next(a for a in g.legal_actions() if a.kind == "crew")
    label = g.describe(take, lang)
    card = take.cards[0]
    g.apply(take)
    discarded = card in g.state.discard
    assert discarded == bool(crew)
    assert (DISCARD_WORDS[lang] in label) == discarded, label
    assert (card in g.state.players[0].crew) == (not discarded)


@pytest.mark.parametrize("seed", range(6))
def test_every_supply_crew_label_says_whether_the_card_is_discarded(seed: int) -> None:
    """In random games with abilities and every module, each such choice's label tells the truth."""
    rng = random.Random(seed)
    g = Game(players=2 + seed % 5, seed=seed, abilities=bool(seed % 2),
             modules=["capital", "tokyo", "j", "market"] if seed % 3 == 0 else [])
    checked = 0
    for _ in range(1500):
        if g.is_over():
            break
        options = g.legal_actions()
        for a in options:
            if a.kind == "crew":
                after = g.copy()
                after.apply(a)
                discarded = a.cards[0] in after.state.discard and a.cards[0] not in g.state.discard
                assert (DISCARD_WORDS["en"] in g.describe(a, "en")) == discarded, g.describe(a, "en")
                checked += 1
        g.apply(rng.choice(options))
    assert checked


def test_no_card_name_carries_a_letter_three_times_running() -> None:
    """The rulebook misprints card 111 as PILLLOWS; the project names it PILLOWS everywhere."""
    assert CARDS.by_name("PILLOWS").id == 111
    assert not [c.name for c in CARDS if re.search(r"([A-Z])\1\1", c.name)]


def test_several_ways_of_a_clicked_card_are_pointed_at_where_they_stand() -> None:
    """The app puts the decision above the table, the chapters below it: the message after a click with
    several ways stands below the choices in both, and says so."""
    app = PlayApp()
    for seed in range(1, 40):
        app.seed.value = seed
        app.start(["human", "random"])
        t, g = app.table, app.session.game
        seat = app.session.waiting_humans()[0]
        cards = [c for c in g.state.players[seat].hand if len(t.kit.click_choices(g, seat, "card", c)) > 1]
        if cards:
            break
    else:
        raise AssertionError("no card with several ways at the start of 40 games")
    for lang, word in (("en", "above"), ("de", "oben")):
        LANG.lang = lang
        try:
            t.click("card", cards[0])
        finally:
            LANG.lang = "en"
        assert word in t.message.value, t.message.value
        assert len(widget_buttons(t.options)) == len(t.kit.click_choices(g, seat, "card", cards[0]))
        order = list(t.children)
        assert order.index(t.line) < order.index(t.message)  # (the choices stand in the line above it)


def solo_end() -> PortRoyalGame:
    rng = random.Random(2)
    g = PortRoyalGame(players=1, seed=3, mode="solo")
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_solo_end_screen_names_its_one_player_not_a_team(lang: str) -> None:
    """The scoring screen's headline and reason, and the table below it (its status line), name the one
    player; so does the log."""
    g = solo_end()
    kit = table_kit("portroyal")
    result = kit.result(g, lang)
    status = kit.picture(g, lang, None, None, None)["status"]
    said = " ".join([result["headline"], result["reason"], status["team"], status["result"], *g.narrate(lang)])
    player = "Spieler 1" if lang == "de" else "Player 1"
    assert player in result["headline"] and status["team"].startswith(player) and player in status["result"], said
    assert "team" not in said.lower(), said


@pytest.mark.parametrize("key", ["pay_short", "end_early"])
def test_refusals_that_every_way_to_play_meets_speak_of_no_team(key: str) -> None:
    """Paying for a contract without the coins, or ending the game early, can be refused in competitive
    and solo play too: the sentence is true there (no teammates to give coins, no team)."""
    from importexport.portroyal.words import EVENTS, REASONS

    for lang in ("en", "de"):
        assert "team" not in " ".join(REASONS[key].forms(lang) + EVENTS["declared"].forms(lang)).lower()


def test_the_german_score_column_names_the_player() -> None:
    g = PortRoyalGame(players=2, seed=1, mode="competitive")
    rng = random.Random(1)
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    chart = table_kit("portroyal").result(g, "de")["chart"]
    assert "<th>Spieler</th>" in chart and "<th>Person</th>" not in chart
