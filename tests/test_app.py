"""The play dashboard through its Python API: new game, hot-seat hiding, save and load, the end."""

from __future__ import annotations

import subprocess
import sys
import warnings

import ipywidgets as w
import pytest
from helpers import widget_buttons

from importexport.importexport.savefile import load
from importexport.protocol import GAMES
from importexport.widgets import LANG
from importexport.widgets.app import HUMAN, PlayApp
from importexport.widgets.options import OptionRow


def play_one(app: PlayApp) -> None:
    """One move of whichever person is asked (the last option, or a bid of 0)."""
    t = app.table
    if t.bid_inputs:
        seat = next(iter(t.bid_inputs))
        t.bid(seat, "0")
    else:
        [b for b in widget_buttons(t.options)][-1].click()


def test_a_page_builds_only_what_its_first_screen_shows() -> None:
    """What a page's kernel does before the first screen: no database library (the rooms' store is
    opened when a room is), no room screen, the seats drawn once, one game's option rows, and nothing of
    Port Royal's referee or table kit (its name only: it was 17 modules)."""
    probe = ("import sys, ipywidgets as w; from importexport.widgets.app import PlayApp; a = PlayApp(); "
             "pr = sorted(m for m in sys.modules if m.startswith('importexport.portroyal')); "
             "print('sqlalchemy' in sys.modules, 'ui' in vars(a.rooms), sorted(a.forms), ','.join(pr), len(w.Widget.widgets))")
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", probe], capture_output=True, text=True, check=True)
    sqlalchemy, room_screen, forms, port_royal, widgets = out.stdout.split(" ", 4)
    assert (sqlalchemy, room_screen, forms) == ("False", "False", "['importexport']")
    assert port_royal == "importexport.portroyal,importexport.portroyal.kind"
    assert int(widgets) < 230  # (287 when both games' rows, the room's screen and the seats thrice were built)


def test_new_game_screen_sets_up_the_table() -> None:
    app = PlayApp()
    app.players.value = 4
    assert len(app.seat_roles) == 4 and app.seat_roles[0].value == HUMAN
    app.seed.value = 7
    app.option("abilities").widget.value = True
    app.option("modules").boxes["capital"].value = True
    app.option("modules").boxes["tokens2"].value = True  # needs container tokens: ticked along
    assert app.option("modules").boxes["tokens1"].value
    app.start_button.click()
    g = app.session.game
    assert g.state.n == 4 and g.state.abilities and g.state.modules == ["capital", "tokens1", "tokens2"]
    assert app.screen.children[0] is app.game_screen
    assert app.session.humans == {0}


def test_expansions_are_listed_by_name_with_a_line_each_in_both_languages() -> None:
    app = PlayApp()
    english = {m: note.value for m, note in app.option("modules").notes.items()}
    assert "Goods market" in english["market"] and "supply and demand" in english["market"]
    assert "15 extra cards" in english["kickstarter"]
    assert not any(f">{m}<" in text for m, text in english.items())  # no raw ids
    LANG.lang = "de"
    assert "Warenmarkt" in app.option("modules").notes["market"].value
    assert "Regelvarianten" in app.option("modules").group_titles["variant"].value and "Plättchen" in app.option("modules").notes["tokens1"].value


@pytest.mark.parametrize(("content", "said"), [
    ({"type": "too_big", "name": "holiday.mp4", "size": 20_000_000}, "holiday.mp4 is 20 MB; a saved game is at most 1,000,000 bytes"),
    ({"type": "unreadable", "name": "x.json", "size": 10}, "x.json could not be read"),
    ({"type": "file", "name": "x.json", "size": 5, "text": "{not json"}, "That file cannot be loaded"),
    ({"type": "file", "name": "x.json", "size": 5, "text": "x" * 1_000_001}, "x.json is 1,000,001 bytes"),
    ({"type": "file", "name": "x.json"}, "x.json could not be read"),
])
def test_an_upload_too_big_or_damaged_gets_a_clear_message(content: dict, said: str) -> None:
    app = PlayApp()
    app.upload.receive(content)
    assert said in app.message.value and app.session is None


def test_a_table_without_people_is_refused() -> None:
    app = PlayApp()
    for d in app.seat_roles:
        d.value = "random"
    app.start_button.click()
    assert "at least one person" in app.message.value and app.session is None


def test_hot_seat_hides_the_hand_between_two_people() -> None:
    app = PlayApp()
    app.seat_roles[1].value = HUMAN
    app.seat_roles[2].value = "random"
    app.start()
    seen_pass, both_bid = False, 0
    for _ in range(400):
        if app.session.game.is_over():
            break
        if app.screen.children[0] is not app.game_screen:  # the pass-the-device screen
            text = app.screen.children[0].children[0].value
            assert "Pass the device to" in text
            assert app.table.hands == set()  # behind the pass screen the table holds nobody's hand
            seen_pass = True
            widget_buttons(app.screen.children[0])[0].click()
            assert app.screen.children[0] is app.game_screen
            continue
        waiting = app.session.waiting_humans()
        assert app.table.hands == {waiting[0]}, "only the deciding person's hand is shown"
        others = [s for s in app.session.humans if s != waiting[0]]
        for seat in others:
            shown = {c["id"] for c in app.table.table.picture["cards"].values()}
            assert not shown & set(app.session.game.state.players[seat].hand)
        if app.table.bid_inputs:  # a sealed bid: one person's entry at a time, never both on one screen
            assert set(app.table.bid_inputs) == {app.viewer}
            frame = app.session.game.state.stack[-1]
            both_bid += set(frame["bidders"]) >= {0, 1}
        play_one(app)
    assert seen_pass and both_bid


def test_save_and_load_restore_the_game_and_the_seats() -> None:
    app = PlayApp()
    app.seat_roles[1].value = "random"
    app.seat_roles[2].value = "random"
    app.start()
    for _ in range(5):
        play_one(app)
    held = app.save_button.text  # (Save holds the game after every move: one click downloads it)
    text = app.save()
    assert held == text and app.save_button.filename == "importexport-game.json"
    assert load(text).save() == app.session.game.save()
    app.save_button.receive({"type": "saved"})
    assert "Saved: importexport-game.json" in app.table.message.value
    other = PlayApp()
    other.load_text(text)
    assert other.session.game.save() == app.session.game.save()
    assert other.roles == [HUMAN, "random", "random"]
    assert "Loaded a game of 3 players" in other.message.value
    marks = len(other.session.marks)
    while len(other.session.marks) == marks:
        play_one(other)
    assert other.message.value == ""  # the notice goes once a person moves: the table takes its line back


def test_a_damaged_file_is_named_and_nothing_is_lost() -> None:
    app = PlayApp()
    app.start()
    before = app.session.game.save()
    app.load_text(b'{"format": "importexport-save", "version": 1}')
    assert "cannot be loaded" in app.message.value and "damaged" in app.message.value
    assert app.session.game.save() == before
    app.load_text(b"not json")
    assert "not valid JSON" in app.message.value


def test_a_whole_game_ends_on_the_scoring_screen_in_either_language() -> None:
    app = PlayApp()
    app.seat_roles[1].value = "random"
    app.seat_roles[2].value = "random"
    app.seed.value = 3
    app.start()
    for _ in range(1000):
        if app.session.game.is_over():
            break
        play_one(app)
    g = app.session.game
    chart = app.screen.children[0].children[0].value
    assert "Final scores" in chart
    for score in g.scores():
        assert f"<b>{score.total}</b> total" in chart
    assert app.table.hands is None  # every hand is shown at the end
    LANG.lang = "de"
    assert "Endwertung" in app.screen.children[0].children[0].value
    assert all(t >= 0 for t in app.table.click_seconds) and app.table.click_seconds
    app.table.restart_button.click()  # from the scoring screen back to the start: the bots' hands hidden again
    app.table.confirm.yes.click()
    assert not app.session.game.is_over()
    assert app.table.hands == {app.viewer} and app.screen.children[0] is app.game_screen
    shown = {c["id"] for c in app.table.table.picture["cards"].values()}
    assert not shown & {c for q in (1, 2) for c in app.session.game.state.players[q].hand}


def test_app_command_serves_voila_on_loopback(monkeypatch, capsys) -> None:
    import importexport.cli as cli

    calls: list[list[str]] = []
    monkeypatch.setattr(cli, "serve", lambda cmd, cwd=None: calls.append(cmd) or 0)
    assert cli.main(["app", "--no-browser", "--port", "8123"]) == 0
    cmd = calls[0]
    assert cmd[1:3] == ["-m", "voila"] and cmd[3].endswith("play.ipynb")
    assert "--port=8123" in cmd and "--Voila.ip=127.0.0.1" in cmd and "--preheat_kernel=True" in cmd
    assert "--no-browser" in cmd
    assert "--MappingKernelManager.cull_connected=False" in cmd  # (open pages are never culled)
    assert any("multi_kernel_manager_class=importexport." in part for part in cmd)  # (the pool is spared)
    assert "http://127.0.0.1:8123/" in capsys.readouterr().out


def test_binder_installs_the_project_and_the_links_point_at_real_files() -> None:
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    lines = [x.strip() for x in (root / "binder" / "requirements.txt").read_text().splitlines()]
    assert "-e .[app]" in lines  # repo2docker does not install pyproject.toml by itself when binder/ exists
    readme = (root / "README.md").read_text()
    paths = re.findall(r"urlpath=(?:lab/tree|voila/render)/([\w./-]+\.ipynb)", readme)
    assert len(paths) == 2, paths
    for path in paths:
        assert (root / path).exists(), path


def test_readme_quick_start_is_two_commands_ci_runs_the_second() -> None:
    import re
    from pathlib import Path

    from importexport import cli

    root = Path(__file__).resolve().parents[1]
    block = re.search(r"## Quick start.*?```bash\n(.*?)```", (root / "README.md").read_text(), flags=re.S)
    assert block
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines() if line.strip()]
    assert len(commands) == 2
    start, test = commands
    assert start == 'pip install -c requirements/lock.txt -e ".[app]" && importexport app'
    assert test == 'pip install -c requirements/lock.txt -e ".[test]" && python -m pytest'
    ci = (root / ".ci" / "run").read_text()
    assert 'pip install --quiet --disable-pip-version-check -c requirements/lock.txt -e ".[test]" && python3 -m pytest' in ci
    with pytest.raises(SystemExit) as done:  # the command the quick start names exists
        cli.main(["app", "--help"])
    assert done.value.code == 0


def test_a_finished_table_is_retired_when_the_next_game_starts() -> None:
    """Replaced widgets are closed and stop following the language (no work for screens nobody sees)."""
    app = PlayApp()
    app.start()
    old = app.table
    app.new_button.click()
    assert app.table is None and app.session is None
    before = old.prompt.value
    LANG.lang = "de"
    assert old.prompt.value == before  # the retired table no longer redraws
    app.start()
    assert "entscheidet" in app.table.prompt.value


def live_widgets() -> dict[str, w.Widget]:
    """Every widget model the kernel holds (ipywidgets' ``Widget.widgets``, read without its warning)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return dict(w.Widget.widgets)


def test_a_game_thrown_away_leaves_no_widget_behind() -> None:
    """Retiring a game's screen closes every widget of it, their layouts and styles too (51 were left
    per game when only the widgets were closed and the table built a hidden example line)."""
    app = PlayApp()
    app.start()
    app.new_button.click()
    before = live_widgets()
    app.start()
    assert len(live_widgets()) > len(before) + 50
    app.new_button.click()
    assert [type(x).__name__ for k, x in live_widgets().items() if k not in before] == []


def test_an_option_row_builds_only_what_it_shows() -> None:
    """Every widget an option row makes is in the row shown (a multi-choice row made a note it never
    showed), for every option of every game."""
    app = PlayApp()
    for game in GAMES.ids():
        form = app.game_form(game)
        for spec in GAMES[game].schema:
            if spec.name == "players":
                continue
            before = live_widgets()
            row = OptionRow(spec, form.chosen, lambda: None)
            shown = set(descendants(row.row))
            made = [x for k, x in live_widgets().items() if k not in before and not isinstance(x, w.Layout | w.Style)]
            assert made and [x for x in made if x not in shown] == [], spec.name


def descendants(widget: w.Widget) -> list[w.Widget]:
    return [widget, *(d for child in getattr(widget, "children", ()) for d in descendants(child))]


def test_restart_and_new_game_ask_before_a_game_is_thrown_away() -> None:
    app = PlayApp()
    app.start()
    play_one(app)
    moves = list(app.session.game.history)
    app.table.restart_button.click()
    assert app.table.confirm.layout.display is None and "Every move since is lost" in app.table.confirm.question.value
    app.table.confirm.no.click()  # keep playing: nothing lost
    assert app.session.game.history == moves and app.table.confirm.layout.display == "none"
    app.new_button.click()
    assert "Save it first" in app.table.confirm.question.value and app.screen.children[0] is app.game_screen
    app.table.confirm.yes.click()
    assert app.session is None and app.screen.children[0] is app.setup_screen
    app.start()
    play_one(app)
    app.table.restart_button.click()
    app.table.confirm.yes.click()
    assert not app.session.marks


def test_a_reloaded_page_offers_to_continue_the_game() -> None:
    """The game in progress is kept in the browser (the Keeper); a new page offers it and goes on with it."""
    app = PlayApp()
    app.seat_roles[1].value = "random"
    app.seat_roles[2].value = "random"
    app.start()
    assert app.keeper.text == ""  # nothing to lose yet
    for _ in range(4):
        play_one(app)
    kept = app.keeper.text
    assert load(kept).save() == app.session.game.save()
    page = PlayApp()  # the same browser, a new page: its keeper sends back what was kept
    assert page.kept_box.layout.display == "none"
    page.keeper.receive({"type": "kept", "text": kept})
    assert page.kept_box.layout.display == "flex"
    assert "not finished: 3 players" in page.kept_note.value and "moves" in page.kept_note.value
    LANG.lang = "de"
    assert "nicht zu Ende" in page.kept_note.value and page.continue_button.description == "Dieses Spiel fortsetzen"
    LANG.lang = "en"
    page.continue_button.click()
    assert page.session.game.history == app.session.game.history and page.session.marks == app.session.marks
    assert page.roles == app.roles and "goes on where you left it" in page.message.value
    assert page.session.can_undo(0) == app.session.can_undo(0)
    page.table.restart_button.click()  # Restart in a continued game: back to the game's own first move
    page.table.confirm.yes.click()
    assert not page.session.marks and page.session.game.history == app.session.game.history[:len(page.session.game.history)]
    page.new_button.click()
    assert page.keeper.text == ""  # left for a new game: not offered again


def test_a_kept_game_that_does_not_load_or_is_over_is_not_offered() -> None:
    page = PlayApp()
    page.keeper.receive({"type": "kept", "text": "{broken"})
    page.keeper.receive({"type": "kept", "text": 5})
    assert page.kept_box.layout.display == "none" and not page.kept


def test_a_saved_game_is_loaded_from_within_a_running_game() -> None:
    app = PlayApp()
    app.seat_roles[1].value = "random"
    app.seat_roles[2].value = "random"
    app.start()
    play_one(app)
    other = PlayApp()
    other.players.value = 2
    other.start()
    for _ in range(3):
        play_one(other)
    text = other.save()
    mine = list(app.session.game.history)
    app.game_upload.receive({"type": "file", "name": "friday.json", "size": len(text), "text": text})
    assert "friday.json" in app.table.confirm.question.value and app.session.game.history == mine
    app.table.confirm.no.click()
    assert app.session.game.history == mine
    app.game_upload.receive({"type": "file", "name": "friday.json", "size": len(text), "text": text})
    app.table.confirm.yes.click()
    assert app.session.game.state.n == 2 and app.session.game.history == other.session.game.history
    assert app.session.marks == other.session.marks
    app.game_upload.receive({"type": "too_big", "name": "film.mp4", "size": 20_000_000})
    assert "film.mp4 is 20 MB" in app.message.value


def test_the_scoring_screen_says_why_the_game_ended() -> None:
    app = PlayApp()
    app.seat_roles[1].value = "random"
    app.seed.value = 3
    app.start(["human", "random"])
    for _ in range(1000):
        if app.session.game.is_over():
            break
        play_one(app)
    why = app.session.game.state.end_reason
    chart = app.screen.children[0].children[0].value
    assert "The game ended: " in chart and {"credits": "credit goal", "cards": "deck and discard", "win": "instant"}[why] in chart


def test_a_saved_game_loads_over_the_scoring_screen() -> None:
    """Loading from the scoring screen replaces the finished game (its widgets are closed, not reused)."""
    app = PlayApp()
    app.seat_roles[1].value = "random"
    app.seed.value = 3
    app.start(["human", "random"])
    while not app.session.game.is_over():
        play_one(app)
    finished, old_table = app.save(), app.table
    app.game_upload.receive({"type": "file", "name": "g.json", "size": len(finished), "text": finished})
    assert "Loaded a game of 2 players" in app.message.value and app.session.game.is_over()
    assert app.table is not old_table and old_table.comm is None  # the old table was closed
    assert app.screen.children[0] is app.end_screen and app.game_buttons in app.end_screen.children
    app.new_button.click()
    assert app.screen.children[0] is app.setup_screen and app.end_screen is None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_bots_note_names_the_bots_as_the_seat_lists_do(lang: str) -> None:
    """The line under the seats explains each bot by the name the seat lists give it, in either language."""
    app = PlayApp()
    LANG.lang = lang
    try:
        shown = [label.split(": ", 1)[1] for label, role in app.seat_roles[1].options if role != HUMAN]
        note = app.bot_note.value
        assert len(shown) == 3 and all(f"{name}: " in note for name in shown), (shown, note)
    finally:
        LANG.lang = "en"


@pytest.mark.parametrize(("host", "shown"), [("0.0.0.0", "http://192.0.2.7:8123/"), ("192.0.2.9", "http://192.0.2.9:8123/"),
                                              ("fd00::2", "http://[fd00::2]:8123/")])
def test_the_app_listens_beyond_this_machine_when_asked(monkeypatch, capsys, host: str, shown: str) -> None:
    """``--host`` lets other devices of a class in: Voila listens there, and the command says the address
    they open (this machine's own on the network for 0.0.0.0)."""
    import os

    import importexport.cli as cli

    calls: list[list[str]] = []
    monkeypatch.setattr(cli, "serve", lambda cmd, cwd=None: calls.append(cmd) or 0)
    monkeypatch.setattr(cli, "lan_address", lambda: "192.0.2.7")
    monkeypatch.setenv("IMPORTEXPORT_PUBLIC_URL", "")  # (put back as it was after the test)
    assert cli.main(["app", "--no-browser", "--port", "8123", "--host", host]) == 0
    assert f"--Voila.ip={host}" in calls[0] and "--Voila.ip=127.0.0.1" not in calls[0]
    out = capsys.readouterr().out
    assert "http://127.0.0.1:8123/" in out and shown in out
    assert os.environ["IMPORTEXPORT_PUBLIC_URL"] == shown  # (the kernels' rooms name it in their links)


@pytest.mark.parametrize("host", ["127.0.0.2", "::1"])
def test_a_loopback_host_names_no_address_for_other_devices(monkeypatch, capsys, host: str) -> None:
    """Another loopback address still lets no other device in: nothing is printed or linked for them."""
    import os

    import importexport.cli as cli

    monkeypatch.setattr(cli, "serve", lambda cmd, cwd=None: 0)
    monkeypatch.setenv("IMPORTEXPORT_PUBLIC_URL", "")  # (put back as it was after the test)
    assert cli.main(["app", "--no-browser", "--port", "8123", "--host", host]) == 0
    assert "Other devices" not in capsys.readouterr().out and os.environ["IMPORTEXPORT_PUBLIC_URL"] == ""


@pytest.mark.parametrize("host", ["everyone", "300.1.2.3", "", "localhost"])
def test_a_host_that_is_no_ip_address_is_refused_in_one_line(capsys, host: str) -> None:
    import importexport.cli as cli

    with pytest.raises(SystemExit) as stop:
        cli.main(["app", "--host", host])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--host" in err and "IP address" in err


def test_lan_address_is_a_network_address_or_none() -> None:
    import ipaddress

    from importexport.cli import lan_address

    address = lan_address()
    assert address is None or not ipaddress.ip_address(address).is_loopback
