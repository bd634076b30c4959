"""The play dashboard (``importexport app``): set up a table of people and bots, play a whole game,
save and load it, and end on a scoring screen.

Screens: *new game* → *table* (with a *pass the device* screen between two people at one device,
so nobody sees another's hand) → *final scores*.  Every move goes through the engine; errors in a
callback are shown on the page.
"""

from __future__ import annotations

import os
from html import escape
from typing import Any

import ipywidgets as w

from ..bots import BOTS
from ..catalog import Table
from ..errors import SaveFileError, told
from ..file_words import plain
from ..protocol import DEFAULT_GAME, GAMES, TableKit, save_game_id, table_kit
from ..saves import SessionSave
from ..session import Session, first_position
from .common import button, guarded, message_html, ui
from .lang import LANG, language_switch, on_language, replace_children, retire
from .options import GameForm, OptionRow, label_html
from .rooms import RoomPanel
from .table import TableView, page_style
from .upload import Keeper, KernelRelease, SaveButton, Upload

HUMAN = "human"
WORDS = Table("app", {
    "new": "New game",
    "players": "Players",
    "seed": "Game number",
    "start": "Start the game",
    "load": "Load a saved game",
    "save": "Save",
    "saved": ("Saved: {f} in your downloads holds this game after {n} move.",
              "Saved: {f} in your downloads holds this game after {n} moves."),
    "human": "Person",
    "bot": "Bot: {b}",
    "seat": "{p}",
    "need_human": "A table needs at least one person; all bots would play alone.",
    "pass": "Pass the device to {p}",
    "pass_note": "The hand of the previous player is hidden. {p}, press the button when you are ready.",
    "show_hand": "I am {p}: show my hand",
    "final": "Final scores",
    "winner": "Winner: {p}",
    "winners": "Shared win: {p}",
    "reason": "The game ended: {r}.",
    "loaded": ("Loaded a game of {n} players after {m} move.", "Loaded a game of {n} players after {m} moves."),
    "kept": "Your last game in this browser is not finished: {n} players, {m}.",
    "moves": ("{m} move", "{m} moves"),
    "continue": "Continue that game",
    "continued": "Your game goes on where you left it.",
    "too_big": "{f} is {size}; a saved game is at most {limit}, so this is not one of ours.",
    "unreadable": "{f} could not be read.",
    "bytes": ("{size} byte", "{size} bytes"),
    "bot_names": "random: plays any legal move · heuristic: a sensible plan · search: thinks ahead",
    "game": "Game",
}, counts={"loaded": "m", "moves": "m"})
BOT_WORDS = Table("bots", {"random": "random", "heuristic": "heuristic", "search": "search"})
FIRST_PLAYERS = 3
"""The seats the new-game screen starts with (the nearest the first game allows)."""


def bot_pace() -> float:
    """Seconds between the bots' moves as the app shows them (``IMPORTEXPORT_BOT_PACE``; 0: all at once)."""
    try:
        pace = float(os.environ.get("IMPORTEXPORT_BOT_PACE", "0.6"))
    except ValueError:
        return 0.6
    return min(max(pace, 0.0), 5.0) if pace == pace else 0.6


def file_size(n: int, lang: str) -> str:
    """A file size to read at a glance: whole megabytes from 10 MB, else bytes with separators."""
    if n >= 10_000_000:
        return f"{n / 1e6:.0f} MB"
    text = WORDS.format("bytes", lang, n=n, size=f"{n:,}")
    return text.replace(",", ".") if lang == "de" else text


def word(key: str, **args: Any) -> str:
    return WORDS.format(key, LANG.lang, **args)


class PlayApp(w.VBox):
    """The whole app: ``PlayApp()`` in a notebook (Voila shows it as a page)."""

    def __init__(self) -> None:
        super().__init__(layout=w.Layout(width="100%", max_width="1880px"))
        self.add_class("iex-app")
        self.message = w.HTML()
        self.message.add_class("iex-message")
        self.switch = language_switch()
        self.title = w.HTML()
        self.screen = w.VBox()
        self.session: Session | None = None
        self.table: TableView | None = None
        self.roles: list[str] = []
        self.viewer: int | None = None  # the person whose hand the table shows (None: nobody's yet)
        self.passing: int | None = None  # the person whose pass screen is up (only their press takes it down)
        self.kept = ""  # a game this browser kept from an earlier page, offered on the new-game screen
        self.kept_size = (0, 0)  # (its players, its moves)
        self.notice_marks: int | None = None  # a "loaded" notice goes once a person moves (or undoes) after it
        self.end_screen: w.VBox | None = None
        self.keeper = Keeper()
        self.keeper.on_kept(self._guard(self.offer_kept))
        self._build_setup()
        self.rooms = RoomPanel(self)  # (open a room, join one: a row below Start, and the room's screens)
        self.setup_screen.children = [*self.setup_screen.children, self.rooms.setup_row]
        self.page_css = w.HTML(page_style([self.chosen_game]))  # (another game's kit adds its own: see style_for)
        self.styled = {self.chosen_game}
        self.children = [self.page_css, KernelRelease(), self.keeper, self.rooms.link, w.HBox([self.title, self.switch]),
                         self.message, self.screen]
        on_language(self, self.relabel)
        self.show_setup()

    def _guard(self, fn: Any) -> Any:
        return guarded(self.message)(fn)

    def style_for(self, game: str) -> None:
        """Add ``game``'s table kit's stylesheet to the page before its first table is shown (the page
        starts with the first game's only: a game's kit is loaded when a table of it is shown)."""
        if game not in self.styled:
            self.styled.add(game)
            self.page_css.value += page_style([game], app=False)

    # --- the new-game screen ----------------------------------------------------------------

    def _build_setup(self) -> None:
        first = DEFAULT_GAME if DEFAULT_GAME in GAMES.ids() else GAMES.ids()[0]
        self.game_choice = w.ToggleButtons(options=[(GAMES.name(g), g) for g in GAMES.ids()], value=first)
        self.game_choice.add_class("iex-game")
        self.game_choice.observe(self._guard(lambda _c: self._game_changed()), names="value")
        self.players = w.Dropdown(options=[FIRST_PLAYERS], value=FIRST_PLAYERS, layout=w.Layout(width="220px"))
        self.players.add_class("iex-players")
        # each game's options, from its schema: a game's rows are made when it is first chosen
        self.forms: dict[str, GameForm] = {}
        self.seed = w.IntText(value=1, layout=w.Layout(width="220px"))
        self.seed.add_class("iex-seed")
        self.seat_box = w.VBox()
        self.seat_roles: list[w.Dropdown] = []
        self.start_button = button("", button_style="success")
        self.start_button.add_class("iex-start")
        self.start_button.on_click(self._guard(lambda _b: self.start()))
        self.upload = Upload()
        self.upload.add_class("iex-load")
        self.upload.on_file(self._guard(lambda _name, text: self.load_text(text)))
        self.upload.on_refused(self._guard(self.refuse_upload))
        self.bot_note = w.HTML()
        self.bot_note.add_class("iex-setup-note")
        self.kept_note = w.HTML()
        self.continue_button = button("", button_style="primary")
        self.continue_button.add_class("iex-continue")
        self.continue_button.on_click(self._guard(lambda _b: self.continue_kept()))
        self.kept_box = w.HBox([self.kept_note, self.continue_button],
                               layout=w.Layout(display="none", flex_flow="row wrap", align_items="center"))
        self.setup_labels = [w.HTML() for _ in range(3)]  # (players, game number, game)
        self._on_players = self._guard(lambda _c: self._players_changed())
        self.players.observe(self._on_players, names="value")
        # (two columns, the table's seats and the game's options, so that Start is in view at 1280×720;
        # the chosen game's option rows go between the fixed rows: see _game_changed)
        self.fixed_rows = (w.HBox([self.setup_labels[2], self.game_choice]), w.HBox([self.setup_labels[0], self.players]),
                           self.seat_box, self.bot_note, w.HBox([self.setup_labels[1], self.seed]))
        self.seats_column = w.VBox(layout=w.Layout(flex="0 1 540px", margin="0 24px 0 0", min_width="0"))
        self.options_column = w.VBox(layout=w.Layout(flex="1 1 560px", min_width="0"))
        self.options_column.add_class("iex-setup-options")
        self.setup_screen = w.VBox([
            self.kept_box, w.HBox([self.seats_column, self.options_column], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.start_button, self.upload]),
        ])
        self._game_changed()

    @property
    def chosen_game(self) -> str:
        return str(self.game_choice.value)

    @property
    def form(self) -> GameForm:
        """The chosen game's option rows."""
        return self.game_form(self.chosen_game)

    def game_form(self, game: str) -> GameForm:
        """``game``'s option rows, made the first time they are asked for (a page builds only the rows
        of the game it shows: every widget costs the page's start)."""
        if game not in self.forms:
            self.forms[game] = GameForm(GAMES[game], lambda: int(self.players.value), self._guard(self._game_changed))
        return self.forms[game]

    def option(self, name: str, game: str | None = None) -> OptionRow:
        """The row of option ``name`` of ``game`` (the chosen game's)."""
        return self.game_form(game or self.chosen_game).rows[name]

    def shows(self, row: OptionRow) -> bool:
        """Whether the new-game screen holds ``row`` (only the chosen game's rows are on it)."""
        return row.row in (*self.seats_column.children, *self.options_column.children)

    def _game_changed(self) -> None:
        """Another game or option chosen: its own options, and the player counts they allow."""
        form = self.form
        game_row, players_row, *middle, seed_row = self.fixed_rows
        self.seats_column.children = [game_row, *form.top, players_row, *middle, seed_row, *form.below]
        self.options_column.children = form.side
        lo, hi = GAMES[self.chosen_game].player_range(self.form.chosen())
        value = min(max(self.players.value, lo), hi)
        if value == 1 and hi > 1:
            value = 2
        # (new options pass through their first value: the seats are drawn once, for the count that stays)
        self.players.unobserve(self._on_players, names="value")
        self.players.options = list(range(lo, hi + 1))
        self.players.value = value
        self.players.observe(self._on_players, names="value")
        self.players.disabled = lo == hi
        if len(self.seat_roles) != value:
            self._seat_rows()
        self.relabel()

    def _players_changed(self) -> None:
        self._seat_rows()
        self.form.refresh(LANG.lang)

    def _role_options(self) -> list[tuple[str, str]]:
        lang = LANG.lang
        return [(WORDS.format("human", lang), HUMAN)] + [
            (WORDS.format("bot", lang, b=BOT_WORDS.get(b, {}).get(lang, b)), b) for b in BOTS
        ]

    def _seat_rows(self) -> None:
        old = [d.value for d in self.seat_roles]
        default_bot = "heuristic" if "heuristic" in BOTS else "random"
        self.seat_roles = []
        for seat in range(self.players.value):
            value = old[seat] if seat < len(old) else (HUMAN if seat == 0 else default_bot)
            d = w.Dropdown(options=self._role_options(), value=value, description=self.seat_label(seat, LANG.lang),
                           layout=w.Layout(width="320px"))
            d.add_class(f"iex-seat-{seat}")
            self.seat_roles.append(d)
        replace_children(self.seat_box, self.seat_roles)

    def show_setup(self) -> None:
        self.keeper.text = ""  # the game left behind is not offered again
        self.screen.children = [self.setup_screen]
        if self.table is not None:  # leaving a game for good: its widgets stop following the language
            retire(self.game_screen)
            self.table = self.session = None
        self._close_end_screen()
        self.relabel()

    def chosen_table(self, roles: list[str] | None = None) -> tuple[str, list[str], dict[str, Any]] | None:
        """The game, each seat's role and the game's options as the new-game screen holds them (its
        option rows, made from the game's schema); ``None``, said on the page, if they start no table."""
        roles = roles or [d.value for d in self.seat_roles]
        if HUMAN not in roles:
            self.message.value = message_html(word("need_human"), "refused")
            return None
        refused = self.form.refused(LANG.lang)
        if refused is not None:
            self.message.value = message_html(refused, "refused")
            return None
        return self.chosen_game, roles, self.form.values()

    def start(self, roles: list[str] | None = None) -> None:
        chosen = self.chosen_table(roles)
        if chosen is None:
            return
        game, roles, options = chosen
        n, seed = len(roles), int(self.seed.value)
        new = GAMES[game].new
        self._play(lambda: new(players=n, seed=seed, lang=LANG.lang, **options), roles, seed)

    def _play(self, start: Any, roles: list[str], seed: int,
              resume: tuple[Any, SessionSave | None] | None = None) -> None:
        self.roles = roles
        humans = {i for i, r in enumerate(roles) if r == HUMAN}
        bots = {i: r for i, r in enumerate(roles) if r != HUMAN}
        self.message.value = ""
        self.notice_marks = None
        if self.table is not None:  # a game loaded over a running one: the old widgets go
            retire(self.game_screen)
            self.table = None  # (until the new screen is built, a redraw has nothing to show)
        self._close_end_screen()
        self.session = Session(start, humans=humans, bots=bots, seed=seed, fair_undo=True, resume=resume)
        waiting = self.session.waiting_humans()
        self.passing = None
        # people sharing the device: nobody's hand until the first to decide presses their pass screen
        self.viewer = None if self.private else waiting[0] if waiting else min(humans)
        self.save_button = SaveButton(label=word("save"), filename=f"{self.kit.GAME}-game.json",
                                      layout=w.Layout(width="auto"))
        self.save_button.add_class("iex-save")
        self.save_button.on_saved(self._guard(self.saved))
        self.style_for(self.kit.GAME)
        table = TableView(self.session, hands=self.shown_hands(), hints="always", on_change=self._after_change,
                               panel_first=True, confirm=True, pace=bot_pace(), more_buttons=[self.save_button])
        self.new_button = button(word("new"))
        self.new_button.add_class("iex-new")
        self.new_button.on_click(self._guard(lambda _b: self.ask_new()))
        self.game_upload = Upload(label=word("load"))
        self.game_upload.add_class("iex-load-over")
        self.game_upload.on_file(self._guard(self.ask_load))
        self.game_upload.on_refused(self._guard(self.refuse_upload))
        self.game_buttons = w.HBox([self.new_button, self.game_upload])
        self.table = table
        self.game_screen = w.VBox([self.table, self.game_buttons])
        self.relabel()
        self._after_change()
        table.show_bots()  # a loaded game whose next seat is a bot goes on by itself, paced as ever

    # --- during the game ------------------------------------------------------------------

    def _after_change(self) -> None:
        """After every redraw of the table: the notice, the kept game, the end screen, and whose hand
        shows.  Between two people at one device a pass screen goes up, and nothing but that person's
        press takes it down (bot moves, timers, redraws and switches come here and leave it up)."""
        if self.session is None or self.table is None:
            return
        g = self.session.game
        if self.notice_marks is not None and len(self.session.marks) != self.notice_marks:
            self.notice_marks = None  # (the table takes the notice's line back)
            self.message.value = ""
        text = self.save_text()
        self.save_button.text = text  # (Save downloads it at once)
        self.keeper.text = text if self.session.marks and not g.is_over() else ""
        if g.is_over():
            self.passing = None
            self.show_end()
            return
        waiting = self.session.waiting_humans()
        if waiting and waiting[0] != self.viewer:
            self.viewer = waiting[0]
            if self.private:
                self.show_pass(self.viewer)
                return
        if self.passing is not None:
            return
        if self.table.hands != self.shown_hands():  # (back from the scoring screen, or another person's turn)
            self.table.hands = self.shown_hands()
            self.table.refresh()  # (which comes back here)
            return
        self.screen.children = [self.game_screen]

    @property
    def private(self) -> bool:
        """Whether people share the device with hands to hide from each other (a pass screen between them)."""
        assert self.session is not None
        return len(self.session.humans) > 1 and self.kit.PRIVATE_HANDS

    def shown_hands(self) -> set[int]:
        """The hands the table shows: the viewer's (none while a pass screen is up, or before anyone's)."""
        return {self.viewer} if self.viewer is not None and self.passing is None else set()

    def ask_new(self) -> None:
        """Back to the new-game screen, asking first while a game is under way."""
        assert self.session is not None and self.table is not None
        g = self.session.game
        if self.session.marks and not g.is_over():  # (a person has moved: something to lose)
            lang = LANG.lang
            self.table.confirm.ask(ui("sure_new", lang), ui("yes_new", lang), ui("keep_playing", lang),
                                   self._guard(self.show_setup))
        else:
            self.show_setup()

    @property
    def kit(self) -> TableKit:
        assert self.session is not None
        return self.session.kit

    def seat_label(self, seat: int, lang: str) -> str:
        """A seat's name on the new-game screen (in the words of the game chosen there)."""
        return table_kit(self.chosen_game).seat_name(seat, lang)

    def show_pass(self, seat: int) -> None:
        """The pass screen for ``seat``: it names them, and the table behind it holds nobody's hand."""
        assert self.table is not None
        self.passing = seat
        self.table.hands = set()
        self.table.refresh()  # (the table drawn without a hand: nothing of it stays in the page)
        ready = button("", button_style="primary")
        ready.add_class("iex-ready")
        ready.on_click(self._guard(lambda _b: self.reveal()))
        self.pass_note = w.HTML()
        self.pass_note.add_class("iex-pass")
        self.pass_screen = w.VBox([self.pass_note, ready])
        self._pass_words()
        self.screen.children = [self.pass_screen]

    def _pass_words(self) -> None:
        if self.passing is None:
            return
        name = self.kit.seat_name(self.passing, LANG.lang)
        self.pass_note.value = (f'<div style="font-size:22px;padding:30px 0"><b>{escape(word("pass", p=name))}</b>'
                                f'<p style="font-size:16px">{escape(word("pass_note", p=name))}</p></div>')
        self.pass_screen.children[1].description = word("show_hand", p=name)

    def reveal(self) -> None:
        """The person named on the pass screen pressed it: their hand, their decision."""
        assert self.table is not None
        if self.passing is None:
            return
        self.passing = None
        self.table.hands = self.shown_hands()
        self.screen.children = [self.game_screen]
        self.table.refresh()
        retire(self.pass_screen)

    def save_text(self) -> str:
        assert self.session is not None
        return self.kit.dump(self.session.game, self.roles, self.session.saved())

    def save(self) -> str:
        """The saved game that Save downloads now (the button holds it from every move on)."""
        self.save_button.text = text = self.save_text()
        return text

    def saved(self) -> None:
        """Save was pressed: say under the decision what the download holds."""
        assert self.session is not None and self.table is not None
        said = word("saved", f=self.save_button.filename, n=len(self.session.game.history))
        self.table.message.value = message_html(said)

    def load_text(self, text: str | bytes) -> None:
        try:
            kit = table_kit(save_game_id(text))
            g, roles, saved = kit.load_session(text)
        except (SaveFileError, ValueError) as exc:  # one plain sentence; what exactly is wrong, folded below it
            lang = LANG.lang
            self.message.value = message_html(plain(exc, lang), "refused", told(exc, lang), lang)
            return
        n = kit.seats(g)
        roles = roles or [HUMAN] * n
        if HUMAN not in roles:  # (a file written elsewhere for bots alone: the first seat is yours)
            roles[0] = HUMAN
        self.seed.value = g.seed
        self.game_choice.value = kit.GAME  # (the new-game screen then offers the same game)
        self._play(lambda: first_position(g), roles, g.seed, resume=(g, saved))
        self.message.value = message_html(word("loaded", n=n, m=len(g.history)))
        self.notice_marks = len(self.session.marks) if self.session is not None else None

    def ask_load(self, name: str, text: str) -> None:
        """A saved game chosen during a game: loaded at once, or after asking if a person has moved."""
        assert self.session is not None and self.table is not None
        if self.session.marks and not self.session.game.is_over():
            lang = LANG.lang
            self.table.confirm.ask(ui("sure_load", lang, f=name or "?"), ui("yes_load", lang), ui("keep_playing", lang),
                                   self._guard(lambda: self.load_text(text)))
        else:
            self.load_text(text)

    def offer_kept(self, text: str) -> None:
        """A game this browser kept: offered on the new-game screen (if it still loads)."""
        if self.session is not None:
            return  # (a game is already under way on this page)
        try:
            kit = table_kit(save_game_id(text))
            g, _roles, _saved = kit.load_session(text)
        except (SaveFileError, ValueError):
            return
        if g.is_over():
            return
        self.kept, self.kept_size = text, (kit.seats(g), len(g.history))
        self.kept_box.layout.display = "flex"
        self.relabel()

    def continue_kept(self) -> None:
        text, self.kept = self.kept, ""
        self.kept_box.layout.display = "none"
        if text:
            self.load_text(text)
            if self.session is not None:
                self.message.value = message_html(word("continued"))

    def refuse_upload(self, name: str, size: int) -> None:
        """A file refused before it was read: too big for a saved game, or unreadable."""
        f = name or "?"
        if size < 0:
            self.message.value = message_html(word("unreadable", f=f), "refused")
            return
        said = word("too_big", f=f, size=file_size(size, LANG.lang), limit=file_size(self.upload.limit, LANG.lang))
        self.message.value = message_html(said, "refused")

    # --- the end ----------------------------------------------------------------------------

    def show_end(self) -> None:
        assert self.session is not None and self.table is not None
        g = self.session.game
        lang = LANG.lang
        result = self.kit.result(g, lang)
        winners = result["winners"]
        names = ", ".join(self.kit.seat_name(s, lang) for s in winners)
        head = result["headline"] or word("winner" if len(winners) == 1 else "winners", p=names)
        why = result["reason"]
        reason = f"<p class='iex-end-reason' style='font-size:16px'>{escape(word('reason', r=why))}</p>" if why else ""
        chart = w.HTML(f"<h2>{escape(word('final'))}</h2><h3 class='iex-winner'>{escape(head)}</h3>{reason}"
                       + result["chart"])
        chart.add_class("iex-scores")
        self.table.hands = None  # at the end every hand may be seen
        self.table.refresh_table_only()
        self._close_end_screen()
        self.end_screen = w.VBox([chart, self.game_buttons, self.table])
        self.screen.children = [self.end_screen]

    def _close_end_screen(self) -> None:
        """Close the last scoring screen's own widgets (the table and buttons it shows live on)."""
        if self.end_screen is not None:
            self.end_screen.children[0].close()
            self.end_screen.close()
            self.end_screen = None

    # --- language -----------------------------------------------------------------------------

    def relabel(self) -> None:
        lang = LANG.lang
        rooms = getattr(self, "rooms", None)  # (None while the page is being built)
        game = (rooms and rooms.game) or (self.session.kit.GAME if self.session is not None else self.chosen_game)
        title = GAMES.name(game)
        self.title.value = f'<h1 style="margin:0 16px 0 0;font-size:24px;line-height:36px">{escape(title)}</h1>'
        self.form.refresh(lang)
        self.setup_labels[0].value = label_html(GAMES[self.chosen_game].option("players").label(lang)
                                                if GAMES[self.chosen_game].option("players") else WORDS.format("players", lang))
        for label, key in zip(self.setup_labels[1:], ("seed", "game"), strict=True):
            label.value = label_html(WORDS.format(key, lang))
        self.start_button.description = WORDS.format("start", lang)
        if self.kept:
            n, m = self.kept_size
            moves = word("moves", m=m)
            self.kept_note.value = f'<div class="iex-kept" style="font-size:16px;margin-right:12px">{escape(word("kept", n=n, m=moves))}</div>'
            self.continue_button.description = word("continue")
        self.upload.label = WORDS.format("load", lang)
        self.bot_note.value = f'<div style="font-size:14px;color:#4a4a4a">{escape(WORDS.format("bot_names", lang))}</div>'
        for seat, d in enumerate(self.seat_roles):
            value = d.value
            d.options = self._role_options()
            d.value = value
            d.description = self.seat_label(seat, lang)
        if self.session is not None:
            self._pass_words()
            self.save_button.label = WORDS.format("save", lang)
            self.new_button.description = WORDS.format("new", lang)
            self.game_upload.label = WORDS.format("load", lang)
            # a finished game's scoring screen is redrawn by the table's own refresh (see _after_change)
