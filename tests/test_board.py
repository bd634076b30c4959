"""The board component: the picture it draws is built from what the seat may see, every colour is
legible, and clicking a card or a ship on it plays through the same legal choices as the panel."""

from __future__ import annotations

import json
import random

import pytest

from importexport import Game
from importexport.bench import ALL_MODULES
from importexport.importexport.picture import changes, picture, ship_choices
from importexport.importexport.render import CSS_COLOUR, TEXT_COLOUR
from importexport.importexport.table_kit import DRAWER
from importexport.plain_kit import PlainKit
from importexport.protocol import table_kit
from importexport.session import Session
from importexport.widgets.board import STATIC, Board
from importexport.widgets.table import TableView


def luminance(colour: str) -> float:
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    parts = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("colour", range(len(CSS_COLOUR)))
def test_every_goods_colour_meets_wcag_aa_with_its_text(colour: int) -> None:
    assert contrast(CSS_COLOUR[colour], TEXT_COLOUR[colour]) >= 4.5


def test_the_front_end_files_ship_with_the_package() -> None:
    assert (STATIC / "board.js").is_file() and (STATIC / "board.css").is_file()
    assert "export default" in (STATIC / "board.js").read_text(encoding="utf-8")
    # each game's drawing comes with its table kit (the plain kit's too), read from its package
    drawers = [table_kit("importexport").DRAWER, table_kit("portroyal").DRAWER, PlainKit.DRAWER]
    assert len({d.module for d in drawers}) == len(drawers) and all("export function draw(" in d.module for d in drawers)
    assert ".iex-pr-board" in table_kit("portroyal").DRAWER.css and ".iex-pr-board" not in (STATIC / "board.css").read_text(encoding="utf-8")


def positions(seed: int, steps: int, players: int, modules: tuple[str, ...] = ()) -> list[Game]:
    g = Game(players=players, seed=seed, abilities=True, modules=list(modules))
    rng = random.Random(seed)
    out = []
    for i in range(steps):
        if g.is_over():
            break
        if i % 7 == 0:
            out.append(g.copy())
        g.apply(rng.choice(g.legal_actions()))
    return out


def keys_in(pic: dict) -> list[str]:
    keys = [k for seat in pic["seats"] for zone in ("crew", "goods", "fulfilled") for k in seat[zone]]
    keys += [k for ship in pic["ships"].values() for k in ship["contracts"] + ship["containers"]]
    keys += pic["island"] + (pic["hand"]["cards"] if pic["hand"] else [])
    keys += [k for ks in pic["open_hands"].values() for k in ks]
    return keys


@pytest.mark.parametrize(("players", "modules"), [(2, ()), (4, ()), (6, tuple(ALL_MODULES))])
def test_the_picture_shows_only_what_the_deciding_seat_may_see(players: int, modules: tuple[str, ...]) -> None:
    for g in positions(players, 200, players, modules):
        decider = g.deciders()[0]
        pic = picture(g, "en", hands={decider}, decider=decider)
        json.dumps(pic)  # plain JSON: it travels to the browser as is
        assert all(k in pic["cards"] for k in keys_in(pic))
        shown = {pic["cards"][k]["id"] for k in keys_in(pic)}
        view = g.view(decider)
        others = {c for q, p in enumerate(g.state.players) if q != decider for c in p.hand}
        assert not shown & (others - set(view["players"][decider]["hand"]))  # no other hand, no deck
        assert not shown & set(g.state.deck)
        assert pic["hand"]["cards"] == [str(c) for c in g.state.players[decider].hand]
        legal = g.legal_actions(decider)
        assert set(pic["clickable"]["cards"]) == {c for a in legal for c in a.cards}
        for sid in pic["clickable"]["ships"]:
            assert ship_choices(g, decider, sid)
        seats = pic["seats"]
        assert [s["credits"] for s in seats] == [p.credits for p in g.state.players]
        assert [s["hand_size"] for s in seats] == [len(p.hand) for p in g.state.players]


def test_a_lesson_shows_every_hand_and_german_words() -> None:
    g = Game(players=3, seed=4, lang="de")
    pic = picture(g, "de")
    assert pic["hand"] is None and sorted(pic["open_hands"]) == ["0", "1", "2"]
    assert pic["labels"]["island"] == "Vorratsinsel" and "Zug" in pic["status"]["turn"]


def test_the_board_counts_fulfilled_contracts_as_the_rules_and_the_texts_do() -> None:
    """One meaning of "Fulfilled" (docs/tutor.md): the harbour's printed contract and the cards, on the
    board as in the crew limit, the exercises' measure and the text drawing of the table."""
    from importexport.importexport.render import table_html
    from importexport.tutor.chapter import chapter
    from importexport.tutor.games import TUTOR_GAMES

    g = chapter(3).game("lead", "en")
    cards = [len(p.fulfilled) for p in g.state.players]
    assert cards[0] == 4 and cards[1] == 0, "chapter 3's position 'lead': 4 fulfilled cards, then none"
    pic = picture(g, "en")
    measure = TUTOR_GAMES["importexport"].measures["fulfilled"]
    for seat, n in enumerate(cards):
        shown = pic["seats"][seat]["fulfilled_count"]
        assert shown == 1 + n == measure.count(g, seat) == pic["seats"][seat]["crew_limit"]
        assert f"Fulfilled ({shown})" in table_html(g, "en")
    assert "${L.fulfilled} ${p.fulfilled_count}" in DRAWER.module  # the drawn row shows that count
    assert "Erfüllt" in picture(g, "de")["labels"]["fulfilled"] and "Hafen" in picture(g, "de")["labels"]["fulfilled_tip"]


def test_what_changed_names_the_card_that_moved_and_the_credits() -> None:
    sell_game = Game(players=2, seed=1)
    rng = random.Random(1)
    while True:  # play until a sale is possible, then sell
        sells = [a for a in sell_game.legal_actions() if a.kind == "sell"]
        if sells:
            break
        sell_game.apply(rng.choice(sell_game.legal_actions()))
    before = picture(sell_game, "en", decider=sells[0].player)
    sell_game.apply(sells[0])
    after = picture(sell_game, "en", decider=sell_game.deciders()[0])
    changed = changes(before, after)
    assert f"card:{sells[0].cards[0]}" in changed and f"credits:{sells[0].player}" in changed
    assert changes(None, after) == [] and changes(after, after) == []


def test_clicking_cards_and_ships_on_the_board_plays_the_legal_choice() -> None:
    session = Session(lambda: Game(players=3, seed=2), humans={0, 1, 2})
    view = TableView(session)
    g = session.game
    for _ in range(60):
        if g.is_over():
            break
        seat = view.decider()
        assert seat is not None
        pic = view.table.picture
        before = len(g.history)
        if pic["clickable"]["cards"]:
            card = pic["clickable"]["cards"][0]
            ways = [a for a in g.legal_actions(seat) if card in a.cards]
            view.table.click("card", card)
            if len(ways) == 1:
                assert len(g.history) == before + 1 and g.history[-1] == ways[0]
            else:
                assert view.selected == ways and len(g.history) == before
                view.act(ways[0])
        elif pic["clickable"]["ships"]:
            ship = pic["clickable"]["ships"][0]
            ways = ship_choices(g, seat, ship)
            view.table.click("ship", ship)
            if len(ways) > 1:
                view.act(ways[0])
            assert len(g.history) == before + 1
        else:
            view.act(g.legal_actions(seat)[0])
    assert len(g.history) > 20


def test_a_card_without_a_move_explains_itself_and_changes_nothing() -> None:
    session = Session(lambda: Game(players=2, seed=3), humans={0, 1})
    view = TableView(session)
    g = session.game
    seat = view.decider()
    assert seat is not None
    island = g.state.island[0]
    before = g.save()
    view.table.click("card", island)  # an island card cannot be led
    assert "Not allowed" in view.message.value and g.save() == before


def test_board_messages_of_the_wrong_shape_are_ignored() -> None:
    board = Board()
    seen: list[tuple[str, int]] = []
    board.on_click(lambda what, ident: seen.append((what, ident)))
    for content in ({"type": "click", "what": "card", "id": "3"}, {"type": "click", "what": "deck", "id": 3},
                    {"type": "click", "what": "card", "id": True}, ["click"], {"type": "hover"}):
        board._message(board, content, [])
    board._message(board, {"type": "click", "what": "ship", "id": 2}, [])
    assert seen == [("ship", 2)]


def test_the_status_says_when_the_last_turn_has_begun_and_why_the_game_ended() -> None:
    from importexport.bots import RandomBot
    from importexport.importexport.picture import picture

    for seed in range(20):  # (a game whose end is triggered before its last turn is over)
        g, bot = Game(players=2, seed=seed), RandomBot(seed)
        assert picture(g, "en", None, None)["status"]["ending"] == ""
        while not g.state.end_reason:
            g.apply(bot.choose(g, g.deciders()[0]))
        if not g.is_over():
            break
    why = {"credits": "a player has reached the credit goal", "cards": "deck and discard pile are both empty"}
    assert picture(g, "en", None, None)["status"]["ending"] == f"Last turn: {why[g.state.end_reason]}"
    assert picture(g, "de", None, None)["status"]["ending"].startswith("Letzter Zug: ")
    while not g.is_over():
        g.apply(bot.choose(g, g.deciders()[0]))
    assert picture(g, "en", None, None)["status"]["ending"].startswith("The game ended: ")
