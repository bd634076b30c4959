"""A game at a table of people and bots: who is human, who is a bot, scripted moves, undo.

The widgets, the app and the tests all drive play through a :class:`Session`; it holds no rule of
its own.  Every move still goes through ``Game.apply``, so a refused move raises
:class:`~importexport.IllegalActionError` and changes nothing.

>>> from importexport import Game
>>> from importexport.session import Session
>>> s = Session(lambda: Game(players=3, seed=1), humans={0}, bots={1: "random", 2: "random"})
>>> s.waiting_humans()
[0]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .bots import make_bot
from .protocol import GameProtocol, TableKit, came_to_light, table_kit
from .saves import SessionSave

Action = Any  # a choice of whichever game is played (see importexport.protocol.ActionProtocol)


def first_position(g: GameProtocol) -> GameProtocol:
    """A copy of ``g`` at the position it started from (what Restart goes back to in a loaded game)."""
    start = g.copy()
    start.undo(len(start.history))
    return start


def bot_random(bot: Any) -> list[int] | None:
    """A bot's random source as 625 whole numbers (``None``: it has none a save can keep)."""
    rng = getattr(bot, "rng", None)
    if rng is None:
        return None
    version, words, gauss = rng.getstate()
    return list(words) if version == 3 and gauss is None else None


class Session:
    """Play at one table.

    ``start`` builds the starting game (called again by :meth:`restart`).  ``humans``: the seats
    people play (``None``: every seat not given to a bot).  ``bots``: seat -> bot or bot name.
    ``script``: moves :meth:`step` plays one after the other (a rulebook example replayed).
    ``fair_undo``: a person may take back only their own last move, and only while nothing hidden
    has come to light since, whoever's move showed it (see :meth:`brought_to_light`): what a real
    table allows.
    Lessons keep free undo (the default).  ``resume``: a loaded game and what its save kept
    (:func:`importexport.importexport.savefile.load_session`) to go on from; ``start`` then gives its first position.
    """

    def __init__(
        self,
        start: Callable[[], GameProtocol],
        humans: Iterable[int] | None = None,
        bots: Mapping[int, Any] | None = None,
        script: list[Action] | None = None,
        seed: int = 0,
        fair_undo: bool = False,
        resume: tuple[GameProtocol, SessionSave | None] | None = None,
    ) -> None:
        self.fair_undo = fair_undo
        self.start = start
        self.seed = seed
        self.bot_spec = dict(bots or {})
        self.humans_spec = None if humans is None else set(humans)
        self.script = list(script or [])
        self._restart(bots_move=resume is None)
        if resume is not None:
            self.resume(*resume)

    # --- set-up -----------------------------------------------------------------------------

    def restart(self) -> None:
        """Back to the starting position (bots get fresh random sources, so replays repeat)."""
        self._restart()

    def _restart(self, bots_move: bool = True) -> None:
        self.game = self.start()
        self.kit: TableKit = table_kit(self.game)
        self.origin = len(self.game.history)  # moves the starting position already holds (never taken back)
        self.bots: dict[int, Any] = {
            seat: make_bot(bot, self.seed + seat, self.kit.GAME) if isinstance(bot, str) else bot
            for seat, bot in self.bot_spec.items()
        }
        n = self.kit.seats(self.game)
        self.humans = set(range(n)) - set(self.bots) if self.humans_spec is None else set(self.humans_spec)
        self.script_pos = 0
        self.marks: list[int] = []  # history length before each human move (for undo)
        self._light: tuple[Any, bool] | None = None  # (the moves checked, whether they brought something to light)
        self.last_bot_seconds = 0.0  # time the bots took in the last run_bots()
        if bots_move:
            self.run_bots()

    @property
    def lang(self) -> str:
        return self.game.lang

    @lang.setter
    def lang(self, value: str) -> None:
        self.game.lang = value

    # --- who decides --------------------------------------------------------------------

    def waiting_humans(self) -> list[int]:
        """Human seats the game is waiting for now."""
        return [d for d in self.game.deciders() if d in self.humans]

    def waiting_bots(self) -> list[int]:
        return [d for d in self.game.deciders() if d in self.bots]

    def choices(self, seat: int) -> list[Action]:
        return self.game.legal_actions(seat)

    # --- moves ----------------------------------------------------------------------------

    def act(self, action: Action, bots: bool = True) -> None:
        """A person's move.  Refused moves raise ``IllegalActionError`` and change nothing; after a
        move the bots answer until a person must decide again (``bots=False``: the caller lets them
        answer one move at a time, with :meth:`bot_step`)."""
        before = len(self.game.history)
        self.game.apply(action)
        self.marks.append(before)
        if self.script_pos < len(self.script) and self.script[self.script_pos] == action:
            self.script_pos += 1
        if bots:
            self.run_bots()

    def bot_step(self) -> Action | None:
        """One bot's move, if a bot is asked now (``None`` if none is)."""
        seats = self.waiting_bots()
        if not seats or self.game.is_over():
            return None
        a = self.bots[seats[0]].choose(self.game, seats[0])
        self.game.apply(a)
        return a

    def run_bots(self, limit: int = 10_000, ignore_script: bool = False) -> int:
        """Let bots decide while only bots (or bots beside people, in a sealed bid) are asked, and
        while no script leads (see :meth:`script_leads`; ``ignore_script``: even then)."""
        steps = 0
        started = time.perf_counter()
        while not self.game.is_over() and steps < limit:
            seats = self.waiting_bots()
            if not seats or (not ignore_script and self.script_leads()):
                break
            seat = seats[0]
            self.game.apply(self.bots[seat].choose(self.game, seat))
            steps += 1
        self.last_bot_seconds = time.perf_counter() - started
        return steps

    def script_leads(self) -> bool:
        """Whether the script decides the next move: the table is still on its example (or guided
        lesson) and the script's next move can be played.  Bots only play once the table has left it."""
        nxt = self.next_scripted()
        return nxt is not None and self.on_script() and nxt in self.game.legal_actions()

    def next_scripted(self) -> Action | None:
        if self.script_pos < len(self.script):
            return self.script[self.script_pos]
        return None

    def step(self) -> Action | None:
        """Play the next scripted move (or, without a script, one bot move); ``None`` if there is none."""
        a = self.next_scripted()
        if a is not None:
            self.game.apply(a)
            self.script_pos += 1
            self.marks.append(len(self.game.history) - 1)
            return a
        return self.bot_step()

    # --- saving the table ---------------------------------------------------------------------

    def saved(self) -> SessionSave:
        """What a save file needs beyond the game for play to go on exactly as here: the undo points
        and the bots' random state (see :func:`importexport.importexport.savefile.dump`)."""
        bots = {seat: state for seat, bot in self.bots.items() if (state := bot_random(bot)) is not None}
        return SessionSave(list(self.marks), bots)

    def resume(self, game: GameProtocol, saved: SessionSave | None) -> None:
        """Go on with a loaded ``game`` (with the undo points and bots' random state it was saved with)."""
        self.game = game
        self.marks = list(saved.marks) if saved else []
        for seat, state in (saved.bots if saved else {}).items():
            rng = getattr(self.bots.get(seat), "rng", None)
            if rng is not None:
                rng.setstate((3, tuple(state), None))
        self.script_pos = self._script_done()

    def undo_refusal(self, seat: int | None = None) -> str | None:
        """Why the last person's move cannot be taken back now (None: it can): "nothing" to take
        back; with fair undo "other" (it was another person's move) or "revealed" (something hidden
        has been seen since).  ``seat``: the person asking (default: whoever made that move)."""
        if not self.marks:
            return "nothing"
        if not self.fair_undo:
            return None
        g = self.game
        mover = g.history[self.marks[-1]].player
        if seat is not None and seat != mover:
            return "other"
        if any(a.player in self.humans and a.player != mover for a in g.history[self.marks[-1]:]):
            return "other"
        if self.brought_to_light():
            return "revealed"
        return None

    def brought_to_light(self) -> bool:
        """Whether anything hidden from the mover has come to light since the last person's move, that
        move included (:func:`~importexport.protocol.came_to_light` at one device)."""
        g = self.game
        mark = self.marks[-1]
        moves = tuple(g.history[mark:])
        if self._light is not None and self._light[0] == (mark, moves):
            return self._light[1]
        seen = came_to_light(g, self.kit, mark)
        self._light = ((mark, moves), seen)
        return seen

    def can_undo(self, seat: int | None = None) -> bool:
        return self.undo_refusal(seat) is None

    def undo(self) -> None:
        """Take back the last move made by a person (and the bot moves that followed it)."""
        if not self.marks:
            raise ValueError("there is no move of yours to take back")
        mark = self.marks.pop()
        self.game.undo(len(self.game.history) - mark)
        self.script_pos = self._script_done()

    def can_step_back(self) -> bool:
        """Whether a move has been played since the starting position."""
        return len(self.game.history) > self.origin

    def step_back(self) -> None:
        """Take back the last move played, whoever made it (a scripted move, a bot's or a person's): a
        teacher going back through an example one move at a time."""
        if not self.can_step_back():
            raise ValueError("the table is at its starting position: there is no move to take back")
        self.rewind_to(len(self.game.history) - 1)

    def rewind(self, played: int) -> None:
        """Back to where ``played`` moves of the script had been played (a guided lesson's step)."""
        self.rewind_to(self.origin + played)

    def rewind_to(self, length: int) -> None:
        """Take back every move after the first ``length`` of the history (at once)."""
        length = max(self.origin, length)
        if length < len(self.game.history):
            self.game.undo(len(self.game.history) - length)
        while self.marks and self.marks[-1] >= length:
            self.marks.pop()
        self.script_pos = self._script_done()

    def on_script(self) -> bool:
        """Whether every move so far is the script's, in its order (a lesson's table still on its example)."""
        return self._script_done() == len(self.game.history) - self.origin

    def _script_done(self) -> int:
        """How many scripted moves the history still holds (its longest common start with the script)."""
        n = 0
        for a, b in zip(self.game.history[self.origin:], self.script):
            if a != b:
                break
            n += 1
        return n

    # --- clicking a card --------------------------------------------------------------------

    def card_choices(self, seat: int, card: int) -> list[Action]:
        """The legal moves of ``seat`` that use ``card``."""
        return self.kit.click_choices(self.game, seat, "card", card)

    def card_refusal(self, seat: int, card: int, lang: str | None = None) -> str:
        """Why ``seat`` cannot use ``card`` now, in the rules' words."""
        lang = lang or self.game.lang
        return self.kit.click_refusal(self.game, seat, "card", card, lang) or ""
