"""A click on the table that offers nothing, at the table-kit level (no browser), in both games and
both languages: the refusal says why this card (contract, ship) offers nothing and what the game
waits for, in one line, and never falls back on "that does not fit" or on a choice the player never
made."""

from __future__ import annotations

import random
from typing import Any

import pytest

from importexport.importexport.engine import Game as IEGame
from importexport.importexport.scenario import load_scenario
from importexport.portroyal.game import Game as PRGame
from importexport.protocol import table_kit

GAMES = {
    "importexport": lambda seed: IEGame(players=3, seed=seed, abilities=seed % 2 == 0),
    "portroyal": lambda seed: PRGame(players=3, seed=seed, mode="competitive"),
}
WAITS = {
    ("importexport", "en"): "is waiting for", ("importexport", "de"): "jetzt ist",
    ("portroyal", "en"): "Now the game waits for this:", ("portroyal", "de"): "Jetzt wartet das Spiel hierauf:",
}
"""The part of each refusal that says what the game waits for."""
VAGUE = ("does not fit", "this choice", "passt gerade nicht", "diese Wahl")
STEPS = 150


def clickable(g: Any) -> list[tuple[str, int]]:
    """Everything on the table a person may click: the cards in sight, the contracts or ships."""
    s = g.state
    if isinstance(g, PRGame):
        cards = set(s.harbour) | set(s.expeditions) | set(s.discard[-2:])
        for p in s.players:
            cards |= set(p.persons) | set(p.expeditions)
        return [("card", c) for c in sorted(cards)] + [("contract", i) for i in range(len(s.contracts))]
    cards = set(s.island) | set(s.discard[-2:])
    for p in s.players:
        cards |= set(p.hand) | set(p.crew) | set(p.goods)
    for ship in s.ships:
        cards |= set(ship.contracts) | set(ship.containers)
    return [("card", c) for c in sorted(cards)] + [("ship", ship.id) for ship in s.ships]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_idle_click_says_why_and_what_the_game_waits_for(game: str) -> None:
    seen = 0
    for seed in range(2):
        g = GAMES[game](seed)
        kit = table_kit(g)
        rng = random.Random(seed)
        for step in range(STEPS):
            if g.is_over():
                break
            seat = g.deciders()[0]
            targets = clickable(g)
            for what, ident in targets if step % 5 == 0 else rng.sample(targets, min(4, len(targets))):
                if kit.click_choices(g, seat, what, ident):
                    continue
                seen += 1
                for lang in ("en", "de"):
                    said = kit.click_refusal(g, seat, what, ident, lang)
                    assert isinstance(said, str) and said.strip() and "\n" not in said, (what, ident, lang)
                    assert WAITS[game, lang].lower() in said.lower(), said
                    assert not any(v in said for v in VAGUE), said
            g.apply(rng.choice(g.legal_actions()))
    assert seen > 100


@pytest.mark.parametrize("lang", ["en", "de"])
def test_port_royal_names_where_the_card_lies_and_the_step(lang: str) -> None:
    g = PRGame(players=2, seed=1, mode="competitive", lang=lang)
    kit = table_kit(g)
    seat = g.deciders()[0]
    card = g.state.deck[0]  # not in the harbour while the first card is not turned yet
    said = kit.click_refusal(g, seat, "card", card, lang)
    wanted = {"en": ("is not in the harbour", "turns over a card or stops"),
              "de": ("liegt nicht in der Hafenauslage", "deckt eine Karte auf oder hört auf")}[lang]
    assert all(w in said for w in wanted), said
    g.apply(g.legal_actions()[0])  # the first card turned: in the harbour, or a ship waiting to be driven off
    turned = g.state.harbour[-1] if g.state.harbour else None
    if turned is not None and not kit.click_choices(g, seat, "card", turned):
        said = kit.click_refusal(g, seat, "card", turned, lang)
        later = {"en": "can be taken once cards are taken", "de": "kann genommen werden, sobald"}[lang]
        assert later in said, said


@pytest.mark.parametrize("lang", ["en", "de"])
def test_import_export_names_the_step_for_a_card_it_cannot_use(lang: str) -> None:
    g = load_scenario({
        "players": 2, "active": 0, "harbours": ["yellow", "red"], "island": ["CANDY"], "deck": ["ONIONS", "SUGAR"],
        "seats": [{"credits": 12, "hand": ["RICE", "PENS"], "ships": [{"contracts": ["HAWAIIAN SALT"]}, {}]},
                  {"hand": ["FOXES"]}],
        "turn": {"led": "load", "declared": [1, -1]},
    }, lang=lang)
    kit = table_kit(g)
    seat = g.deciders()[0]
    island = g.state.island[0]
    assert not kit.click_choices(g, seat, "card", island)
    said = kit.click_refusal(g, seat, "card", island, lang)
    wanted = {"en": ("CANDY is not in Player 1's hand.", "carry out Load"),
              "de": ("CANDY ist nicht auf der Hand von Spieler 1.", "Laden ausführen")}[lang]
    assert all(w in said for w in wanted), said
