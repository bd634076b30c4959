"""The play dashboard with Port Royal, through its Python API: the new-game screen (game, way to play,
contracts), people and bots at one table, fair undo, save and load, the end screen in either language."""

from __future__ import annotations

import json
import random

import pytest
from helpers import widget_buttons

from importexport.protocol import GAMES, save_game_id, table_kit
from importexport.widgets import LANG
from importexport.widgets.app import HUMAN, PlayApp


@pytest.fixture(autouse=True)
def _english():
    LANG.lang = "en"
    yield
    LANG.lang = "en"


def port_royal(mode: str = "competitive", players: int = 3, bots: tuple[str, ...] = ()) -> PlayApp:
    app = PlayApp()
    app.game_choice.value = "portroyal"
    app.option("mode", "portroyal").widget.value = mode
    if not app.players.disabled:
        app.players.value = players
    for seat, bot in enumerate(bots, start=1):
        app.seat_roles[seat].value = bot
    return app


def play_to_end(app: PlayApp, seed: int = 1, limit: int = 3000) -> int:
    """People's moves chosen at random among the legal ones, through the table's own buttons' path."""
    rng = random.Random(seed)
    moves = 0
    while not app.session.game.is_over() and moves < limit:
        seats = app.session.waiting_humans()
        assert seats, "the game waits for nobody"
        assert app.table.act(rng.choice(app.session.game.legal_actions(seats[0])))
        moves += 1
    assert app.session.game.is_over()
    return moves


def test_the_new_game_screen_offers_the_game_its_ways_to_play_and_player_counts() -> None:
    app = PlayApp()
    assert list(app.forms) == ["importexport"]  # (the other game's rows are made when it is chosen)
    assert app.shows(app.option("modules", "importexport")) and not app.shows(app.option("contracts", "portroyal"))
    app.game_choice.value = "portroyal"
    assert not app.shows(app.option("modules", "importexport")) and app.shows(app.option("contracts", "portroyal"))
    assert "Port Royal" in app.title.value
    modes = dict((v, k) for k, v in app.option("mode", "portroyal").widget.options)
    assert set(modes) == {"competitive", "cooperative", "solo", "base"}
    assert "contracts" in modes["competitive"] and "time pile" in modes["solo"]
    assert list(app.players.options) == [2, 3, 4, 5]
    app.option("mode", "portroyal").widget.value = "solo"
    assert list(app.players.options) == [1] and app.players.disabled and len(app.seat_roles) == 1
    assert "3 contracts at random" in app.option("contracts", "portroyal").random_note.value
    app.option("mode", "portroyal").widget.value = "base"
    assert app.option("contracts", "portroyal").pick_box.layout.display == "none" and "no contracts" in app.option("contracts", "portroyal").random_note.value
    app.game_choice.value = "importexport"
    assert list(app.players.options) == [2, 3, 4, 5, 6] and app.players.value == 2 and "Import/Export" in app.title.value


def test_contracts_are_dealt_at_random_or_picked_from_the_modes_pool() -> None:
    app = port_royal("competitive", 3, ("heuristic", "random"))
    pool = [cid for _name, cid in app.option("contracts", "portroyal").widget.options]
    assert len(pool) == 16 and app.option("contracts", "portroyal").widget.disabled
    app.option("contracts", "portroyal").random.value = False
    assert not app.option("contracts", "portroyal").widget.disabled
    app.start_button.click()  # nothing picked: refused with a reason, no game
    assert "at least one contract" in app.message.value and app.session is None
    app.option("contracts", "portroyal").widget.value = (pool[2], pool[5])
    app.start_button.click()
    g = app.session.game
    assert g.game_id == "portroyal" and g.state.mode == "competitive" and g.state.contracts == [pool[2], pool[5]]
    assert app.session.humans == {0} and set(app.session.bots) == {1, 2}


def test_german_screen_names_modes_and_contracts_in_german() -> None:
    app = port_royal("cooperative", 2)
    LANG.lang = "de"
    labels = [label for label, _v in app.option("mode", "portroyal").widget.options]
    assert any("Zeitstapel" in label for label in labels) and app.option("mode", "portroyal").widget.value == "cooperative"
    assert all("Auftrag" in name for name, _cid in app.option("contracts", "portroyal").widget.options)
    assert "zufällig" in app.option("contracts", "portroyal").random_note.value


@pytest.mark.parametrize(("mode", "players"), [("competitive", 4), ("base", 2), ("cooperative", 3), ("solo", 1)])
def test_a_whole_game_against_bots_ends_on_the_result_screen(mode: str, players: int) -> None:
    app = port_royal(mode, players, ("heuristic", "random", "heuristic")[: players - 1])
    app.seed.value = 5
    app.start_button.click()
    play_to_end(app, seed=players)
    end = app.screen.children[0]
    assert end is app.end_screen
    text = end.children[0].value
    scores = app.session.game.scores()
    if mode == "cooperative":
        assert "The team" in text and ("rank" in text or "lost" in text)
    elif mode == "solo":  # (one player: named, never "the team")
        assert "Player 1 has" in text and "team" not in text.lower() and ("rank" in text or "lost" in text)
    else:
        won = [s["seat"] for s in scores if s["won"]]
        assert won and f"Player {won[0] + 1}" in text
    assert "The game ended:" in text
    LANG.lang = "de"
    app.table.refresh()
    assert "Spieler" in app.end_screen.children[0].value or "Team" in app.end_screen.children[0].value


def test_people_at_one_device_need_no_pass_screen_in_port_royal() -> None:
    app = port_royal("base", 2)
    app.seat_roles[1].value = HUMAN
    app.start_button.click()
    seen = set()
    rng = random.Random(3)
    for _ in range(60):
        g = app.session.game
        if g.is_over():
            break
        seen.add(app.session.waiting_humans()[0])
        assert app.screen.children[0] is app.game_screen  # never the pass-the-device screen
        app.table.act(rng.choice(g.legal_actions(app.session.waiting_humans()[0])))
    assert seen == {0, 1}


def test_undo_is_fair_a_turned_card_cannot_be_taken_back() -> None:
    from importexport.portroyal.scenario import load_scenario
    from importexport.session import Session
    from importexport.widgets.table import TableView

    s = Session(lambda: load_scenario({"players": 2, "deck": ["sailor", "trader:blue"]}), humans={0, 1}, fair_undo=True)
    t = TableView(s)
    t.act(next(a for a in s.game.legal_actions(0) if a.kind == "discover"))
    assert s.undo_refusal(0) == "revealed"
    t.undo()
    assert "move stands" in t.message.value and len(s.game.history) == 1


def test_undo_takes_back_a_move_that_showed_nothing() -> None:
    from importexport.portroyal.scenario import load_scenario

    def start():
        return load_scenario({"players": 2, "harbour": ["ship:yellow:1:1", "trader:blue"], "phase": "take",
                              "turned": 2, "seats": [{"coins": 5}, {"coins": 5}]})

    from importexport.session import Session

    s = Session(start, humans={0, 1}, fair_undo=True)
    before = s.game.to_json()
    take = next(a for a in s.game.legal_actions(0) if a.kind == "take")
    s.act(take)
    assert s.undo_refusal(0) is None
    s.undo()
    assert s.game.to_json() == before


def test_save_and_load_keep_the_game_the_seats_and_the_undo_points() -> None:
    app = port_royal("competitive", 3, ("heuristic", "random"))
    app.seed.value = 9
    app.start_button.click()
    rng = random.Random(4)
    for _ in range(12):
        seats = app.session.waiting_humans()
        app.table.act(rng.choice(app.session.game.legal_actions(seats[0])))
    text = app.save()
    assert save_game_id(text) == "portroyal"
    data = json.loads(text)
    assert data["format"] == "importexport-portroyal-save" and data["seats"] == [HUMAN, "heuristic", "random"]
    assert data["session"]["marks"] == app.session.marks
    assert app.save_button.filename == "portroyal-game.json" and app.save_button.text == text
    other = PlayApp()
    other.load_text(text)
    g = other.session.game
    assert g.game_id == "portroyal" and g.to_json() == app.session.game.to_json()
    assert other.session.marks == app.session.marks and other.roles == app.roles
    assert "Loaded a game of 3 players" in other.message.value and "Port Royal" in other.title.value
    # a file of the other game is told apart by its format
    ie = GAMES["importexport"].new(players=2, seed=1)
    assert save_game_id(ie.save()) == "importexport" and save_game_id("{not json") == "importexport"


def test_a_damaged_port_royal_save_is_refused_by_name() -> None:
    g = GAMES["portroyal"].new(players=2, seed=1)
    data = json.loads(g.save())
    data["seed"] = "x"
    app = PlayApp()
    app.load_text(json.dumps(data))
    assert "cannot be loaded" in app.message.value and "seed" in app.message.value and app.session is None


def test_clicks_on_the_board_make_the_move_or_say_why_not() -> None:
    app = port_royal("base", 2, ("random",))
    app.start_button.click()
    t = app.table
    g = app.session.game
    seat = app.session.waiting_humans()[0]
    kit = table_kit(g)
    # before any card is turned, a click on a card offers nothing; the reason is shown
    t.click_for(seat, "card", 0)
    assert "Not allowed" in t.message.value and "not in the harbour" in t.message.value
    # turn cards until a take is possible, then take by clicking the card
    for _ in range(40):
        if g.is_over() or app.session.waiting_humans() != [seat]:
            return
        takes = [a for a in g.legal_actions(seat) if a.kind == "take"]
        if takes:
            before = len(g.history)
            card = takes[0].card
            assert takes[0] in kit.click_choices(g, seat, "card", card)
            t.click_for(seat, "card", card)
            assert len(g.history) > before or t.selected
            return
        nxt = next((a for a in g.legal_actions(seat) if a.kind in ("discover", "land", "stop")), None)
        assert nxt is not None
        t.act(nxt)


def test_option_buttons_carry_the_engines_words() -> None:
    app = port_royal("base", 2, ("random",))
    app.start_button.click()
    g = app.session.game
    seat = app.session.waiting_humans()[0]
    texts = [b.description for b in widget_buttons(app.table.options)]
    assert texts == [g.describe(a, "en") for a in g.legal_actions(seat)]
    LANG.lang = "de"
    german = [b.description for b in widget_buttons(app.table.options)]
    assert german == [g.describe(a, "de") for a in g.legal_actions(seat)] and german != texts


def test_the_rule_in_play_names_the_chapter_that_teaches_it() -> None:
    from importexport.portroyal.scenario import load_scenario
    from importexport.session import Session
    from importexport.widgets.table import TableView

    s = Session(lambda: load_scenario({"players": 2, "deck": ["ship:yellow:1:1", "ship:yellow:2:2"],
                                       "seats": [{"persons": ["sailor"]}, {}]}), humans={0, 1})
    t = TableView(s)
    assert "Rule in play (chapter 2)" in t.prompt.value and "busts" in t.prompt.value
    t.act(next(a for a in s.game.legal_actions(0) if a.kind == "discover"))  # a Pinnace the Sailor may drive off
    assert "Rule in play (chapter 3)" in t.prompt.value and "swords" in t.prompt.value
    LANG.lang = "de"
    assert "Kapitel 3" in t.prompt.value and "Säbel" in t.prompt.value


def test_every_player_count_of_either_game_can_be_chosen() -> None:
    app = PlayApp()
    for game in ("importexport", "portroyal", "importexport"):
        app.game_choice.value = game
        for mode in ([None] if game == "importexport" else ["competitive", "cooperative", "solo", "base"]):
            if mode is not None:
                app.option("mode", "portroyal").widget.value = mode
            for n in app.players.options:
                app.players.value = n
                assert len(app.seat_roles) == n
    app.players.value = 6
    app.start_button.click()
    assert app.session.game.game_id == "importexport" and len(app.session.game.scores()) == 6


def test_in_projector_mode_the_decision_keeps_to_one_line_above_the_table() -> None:
    """The board's projector switch: who decides heads the line of choices, the rule in play goes below
    the table, more than two choices of one kind share a drop-down list, and choices the line cannot
    hold all share one list (the table in large print counts on one line above it); switched off, all
    is as before."""
    from ipywidgets import Dropdown

    from importexport.portroyal.game import Game
    from importexport.session import Session
    from importexport.widgets.table import MAX_BUTTONS_PROJECTOR, TableView

    def lists(t: TableView) -> list[Dropdown]:
        out, todo = [], list(t.options.children)
        while todo:
            w = todo.pop()
            out += [w] if isinstance(w, Dropdown) else []
            todo += list(getattr(w, "children", ()))
        return out

    def taking(seed: int) -> Game | None:  # five cards turned, the active player may take one of several
        g = Game(players=2, seed=seed, mode="base")
        for _ in range(8):
            legal = {a.kind: a for a in g.legal_actions(g.deciders()[0])}
            if sum(a.kind == "take" for a in g.legal_actions(g.deciders()[0])) > MAX_BUTTONS_PROJECTOR:
                return g
            turn = "discover" if len(g.state.harbour) < 5 else "stop"
            move = legal.get(turn) or legal.get("land")
            if move is None or g.state.turn > 1:
                return None
            g.apply(move)
        return None

    g = next(g for g in map(taking, range(60)) if g is not None)
    t = TableView(Session(lambda: g, humans={0, 1}), panel_first=True)
    takes = [a for a in g.legal_actions(g.deciders()[0]) if a.kind == "take"]
    assert t.prompt in t.children and "Rule in play (chapter 4)" in t.prompt.value and not lists(t)
    assert t.hint_below not in t.children and len(widget_buttons(t.options)) == len(g.legal_actions(g.deciders()[0]))
    t.table.projector = True  # (the reader's switch on the board)
    assert t.prompt not in t.children and t.line.children[0] is t.prompt and "decides" in t.prompt.value
    assert "Rule in play (chapter 4)" in t.hint_below.value and "Rule in play" not in t.prompt.value
    assert t.children.index(t.hint_below) == t.children.index(t.table) + 1
    chosen = lists(t)
    assert len(chosen) == 1 and len(chosen[0].options) in (len(takes), len(g.legal_actions(g.deciders()[0])))
    t.table.projector = False
    assert t.prompt in t.children and t.hint_below not in t.children and not lists(t)
    assert "Rule in play (chapter 4)" in t.prompt.value


def test_a_games_table_style_comes_to_the_page_with_its_first_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page starts with the first game's table style only (no other game's kit is loaded for it);
    another game's comes once, before its first table is shown."""
    monkeypatch.setattr(table_kit("portroyal"), "STYLE", "<style>.iex-pr-probe{color:red}</style>")
    app = port_royal()
    assert ".iex-pr-probe" not in app.page_css.value and table_kit("importexport").STYLE in app.page_css.value
    app.start()
    assert app.page_css.value.count(".iex-pr-probe") == 1
    app.new_button.click()
    app.start()
    assert app.page_css.value.count(".iex-pr-probe") == 1
