"""The tutor's chapters as data: one YAML file per chapter in ``importexport/tutor/chapters/``
(Import/Export) or ``importexport/tutor/chapters/portroyal/`` (Port Royal, ``game: portroyal``).

A chapter holds its prose (English and German), the positions it sets up (scenarios, see
``docs/scenarios.md`` and ``docs/portroyal-scenarios.md``), scripted moves, and exercises.  This
module loads and validates the files; ``importexport.tutor.exercises`` grades answers with the engine,
and ``importexport.widgets`` shows it all.  What differs between the games (how positions are built,
how moves and cards are written, what can be measured) is each game's tutor adapter, given by its kind
(``importexport.tutor.games``).  The format
is described in ``docs/tutor.md``.
"""

from __future__ import annotations

from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_validator,
)

from ..errors import ImportExportError
from ..protocol import DEFAULT_GAME, ChapterMove, TutorKit
from ..scenario_text import SAFE_LOADER
from .games import LANGS as LANGS
from .games import TUTOR_GAMES

GAME: ContextVar[str] = ContextVar("tutor_game", default=DEFAULT_GAME)
"""The game of the chapter being validated (its moves, cards and measures are that game's)."""


class ChapterError(ImportExportError, ValueError):
    """A chapter file that cannot be used; the message names the file and the place."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Bi(Strict):
    """A text in English and German."""

    en: str
    de: str

    @model_validator(mode="after")
    def _both(self) -> Bi:
        if not self.en.strip() or not self.de.strip():
            raise ValueError("both the English and the German text must be given")
        return self

    def __call__(self, lang: str) -> str:
        return self.de if lang == "de" else self.en


class TextMove(Strict):
    """A move in its text form, as the game's ``str(action)`` writes it (Port Royal: ``"p0 discover"``,
    ``"p1 take c=12"``); read with the game's parser (``importexport.protocol.GAMES[game].parse``)."""

    text: str
    game: str

    @model_validator(mode="after")
    def _readable(self) -> TextMove:
        self.action()
        return self

    @property
    def p(self) -> int:
        return int(self.action().player)

    @property
    def kind(self) -> str:
        return str(self.action().kind)

    def __str__(self) -> str:
        return self.text

    def action(self) -> Any:
        return TUTOR_GAMES[self.game].parse(self.text)


def _as_move(value: Any) -> ChapterMove:
    """A move as written: text becomes a :class:`TextMove` of the chapter's game, a mapping the game's
    own move (its adapter's ``read_move``; a game whose moves are written as text refuses one)."""
    game = TUTOR_GAMES[GAME.get()]
    if isinstance(value, str):
        return TextMove(text=value, game=game.id)
    if isinstance(value, dict):
        if game.read_move is None:
            raise ValueError(f"a {game.name} move is written in its text form, e.g. 'p0 discover' or 'p1 take c=12'")
        return game.read_move(value)
    if not callable(getattr(value, "action", None)):
        raise ValueError(f"a move is written as text or as a mapping, not {str(value)[:40]!r}")
    return value  # type: ignore[no-any-return]


AnyMove = Annotated[Any, BeforeValidator(_as_move)]
"""A move in a chapter: its text form (every game), or a mapping (a game whose adapter reads one)."""


def measures() -> tuple[str, ...]:
    """The names of what the current chapter's game can measure."""
    return tuple(TUTOR_GAMES[GAME.get()].measures)


def _known_what(what: str) -> str:
    if what != "kind" and what not in measures():
        raise ValueError(f"unknown measure {what!r}: choose one of {', '.join((*measures(), 'kind'))}")
    return what


class Condition(Strict):
    """``{what: credits, seat: 0, min: 15}``: one thing measured on the table after a move."""

    what: str
    seat: int = 0
    min: int | None = None
    max: int | None = None
    equals: int | str | None = None
    up: int | None = None
    down: int | None = None

    _what = field_validator("what")(classmethod(lambda cls, what: _known_what(what)))

    @model_validator(mode="after")
    def _one_test(self) -> Condition:
        tests = [t for t in ("min", "max", "equals", "up", "down") if getattr(self, t) is not None]
        if self.what == "kind":
            if tests != ["equals"] or not isinstance(self.equals, str):
                raise ValueError("'what: kind' takes 'equals: <kind of move>'")
        elif not tests:
            raise ValueError("a condition needs one of min, max, equals, up, down")
        return self


class Read(Strict):
    """``{what: credits, seat: 0}``: the number a ``number`` exercise asks for.  ``total``: the sum over
    all players instead of one seat's count; ``change``: how much the count changes over the
    exercise's ``after`` moves (after minus before) instead of the count afterwards."""

    what: str
    seat: int = 0
    total: bool = False
    change: bool = False

    _what = field_validator("what")(classmethod(lambda cls, what: _known_what(what)))

    @model_validator(mode="after")
    def _a_number(self) -> Read:
        if self.what == "kind":
            raise ValueError("'read' asks for a number; 'kind' is not one")
        if self.total and TUTOR_GAMES[GAME.get()].measures[self.what].table:
            raise ValueError(f"'total' adds up the players' counts; '{self.what}' is one count for the table")
        return self


class GuideStep(Strict):
    """One step of a guided table (see ``docs/tutor.md``): ``say`` what to do, then either ``do``, the
    reader's own move (the table points at it and waits), or ``show``, moves of the other players that
    the guide plays when the reader presses *Next*; ``then`` says what the move did (shown afterwards,
    with the next step's ``say``)."""

    say: Bi
    do: AnyMove | None = None
    show: list[AnyMove] = []
    then: Bi | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> GuideStep:
        if (self.do is None) == (not self.show):
            raise ValueError("a guide step has either 'do' (the reader's move) or 'show' (moves the guide plays)")
        return self

    def moves(self) -> list[ChapterMove]:
        return [self.do] if self.do is not None else list(self.show)


class Position(Strict):
    """A table in a chapter: a scenario, who plays which seat, and optionally an example to step
    through (``script``) or a guided lesson on it (``guide``; the two exclude each other)."""

    caption: Bi | None = None
    scenario: dict[str, Any]
    humans: list[int] | None = None
    bots: dict[int, Literal["random", "heuristic"]] = {}
    script: list[AnyMove] = []
    guide: list[GuideStep] = []
    end: Bi | None = None
    after: list[AnyMove] = []

    @model_validator(mode="after")
    def _script_or_guide(self) -> Position:
        if self.guide and self.script:
            raise ValueError("a position has a 'script' or a 'guide', not both (a guide's moves are its script)")
        if self.end is not None and not self.guide:
            raise ValueError("'end' is what a guide says when its last step is done: this position has no guide")
        if self.guide and self.humans is None:
            raise ValueError("a guided position names the reader's seat(s) in 'humans'")
        for i, step in enumerate(self.guide):
            if step.do is not None and step.do.p not in (self.humans or []):
                raise ValueError(f"guide step {i + 1}: 'do' is the reader's move, but seat {step.do.p} is not in 'humans'")
        return self

    def moves(self) -> list[ChapterMove]:
        """The moves Step plays one after the other: the script, or the guide's moves in order."""
        return [m for step in self.guide for m in step.moves()] if self.guide else list(self.script)


class Section(Strict):
    title: Bi
    text: Bi
    keywords: dict[Literal["en", "de"], list[str]] = {}
    cards: list[str | int] = []

    _known = field_validator("cards")(classmethod(lambda cls, cards: known_cards(cards)))


class Option(Bi):
    """An option of a ``choice`` exercise, and for a wrong one ``why``: why that option is wrong,
    said to a reader who picked it (every wrong option has its own)."""

    why: Bi | None = None


class Exercise(Strict):
    """One exercise (see ``docs/tutor.md``).  ``hint``: what a reader sees after a first wrong answer
    (without one, the grader words a hint of its own); the ``explain`` text and the right answer come
    after a second wrong try or on request.  ``show_position: false``: the position only grades the
    answer and is not drawn (its picture would give the answer away)."""

    kind: Literal["choice", "legal", "move", "number"]
    question: Bi
    explain: Bi
    hint: Bi | None = None
    position: str | None = None
    show_position: bool = True
    options: list[Option] = []
    answer: int | None = None
    candidates: list[AnyMove] = []
    seat: int = 0
    goal: list[Condition] = []
    after: list[AnyMove] = []
    read: Read | None = None

    @model_validator(mode="after")
    def _complete(self) -> Exercise:
        need: dict[str, tuple[str, ...]] = {
            "choice": ("options", "answer"),
            "legal": ("position", "candidates"),
            "move": ("position", "goal"),
            "number": ("position", "read"),
        }
        missing = [key for key in need[self.kind] if getattr(self, key) in (None, [])]
        if missing:
            raise ValueError(f"a '{self.kind}' exercise needs {', '.join(missing)}")
        if not self.show_position and self.kind in ("legal", "move"):
            raise ValueError(f"a '{self.kind}' exercise is answered on its position: it cannot hide it")
        if self.kind == "choice":
            if not 2 <= len(self.options) <= 5:
                raise ValueError("a choice exercise has 2 to 5 options")
            if not 0 <= (self.answer or 0) < len(self.options):
                raise ValueError(f"answer {self.answer} is not the index of an option")
            self._reasons()
        return self

    def _reasons(self) -> None:
        """Every wrong option of a choice says why it is wrong, each in its own words; the right one does not."""
        wrong = [(i, o) for i, o in enumerate(self.options) if i != self.answer]
        missing = [i for i, o in wrong if o.why is None]
        if missing:
            raise ValueError(f"the wrong options {missing} of a choice exercise need a 'why' (why that option is wrong)")
        if self.options[self.answer or 0].why is not None:
            raise ValueError("the right option of a choice exercise takes no 'why' (its reason is 'explain')")
        for lang in ("en", "de"):
            texts = [o.why(lang) for _i, o in wrong if o.why is not None]
            if len(set(texts)) != len(texts):
                raise ValueError(f"two wrong options of a choice exercise give the same 'why' ({lang})")


class Facts(Strict):
    position: str
    show: Literal["choices", "log", "scores"] = "choices"
    after: list[AnyMove] = []


class Chapter(Strict):
    """One chapter file.  ``game_id`` (the file's key ``game``; Import/Export when left out) names the
    game its positions, moves and cards belong to."""

    game_id: str = Field(DEFAULT_GAME, alias="game")
    number: int = Field(ge=1, le=99)
    slug: str
    title: Bi
    summary: Bi
    blocks: list[dict[str, Any]]
    sections: dict[str, Section] = {}
    positions: dict[str, Position] = {}
    exercises: dict[str, Exercise] = {}

    @model_validator(mode="wrap")
    @classmethod
    def _in_its_game(cls, data: Any, handler: ValidatorFunctionWrapHandler) -> Chapter:
        """Validate everything inside as the chapter's game: its moves, cards and measures."""
        game = data.get("game", DEFAULT_GAME) if isinstance(data, dict) else getattr(data, "game_id", DEFAULT_GAME)
        if game not in TUTOR_GAMES:
            raise ValueError(f"game: unknown game {game!r}; the games are {', '.join(TUTOR_GAMES)}")
        token = GAME.set(game)
        try:
            return handler(data)  # type: ignore[no-any-return]
        finally:
            GAME.reset(token)

    @model_validator(mode="after")
    def _references(self) -> Chapter:
        kinds = self.kit.blocks
        for i, block in enumerate(self.blocks):
            if len(block) != 1 or next(iter(block)) not in kinds:
                raise ValueError(f"block {i + 1}: one of {', '.join(kinds)}, got {block!r}")
            kind, value = next(iter(block.items()))
            table = {"text": self.sections, "exercise": self.exercises, "table": self.positions,
                     "picture": self.positions, "scores": self.positions}.get(kind)
            if table is not None and value not in table:
                raise ValueError(f"block {i + 1}: no {kind if kind != 'text' else 'section'} named {value!r}")
            if kind == "facts":
                facts = Facts.model_validate(value)
                if facts.position not in self.positions:
                    raise ValueError(f"block {i + 1}: no position named {facts.position!r}")
            if kind == "lab":
                card_id(value)
            if kind == "anatomy":
                if not isinstance(value, str):
                    raise ValueError(f"block {i + 1}: 'anatomy' takes a card name, got {value!r}")
                try:
                    card_id(value)
                except ValueError as exc:
                    raise ValueError(f"block {i + 1}: {exc}") from None
        for name, ex in self.exercises.items():
            if ex.position is not None and ex.position not in self.positions:
                raise ValueError(f"exercise {name!r}: no position named {ex.position!r}")
        return self

    @property
    def kit(self) -> TutorKit:
        """What the tutor knows of the chapter's game (its kind's tutor adapter)."""
        return TUTOR_GAMES[self.game_id]

    @property
    def notebook(self) -> str:
        """The notebook's file name (the same in both languages' folders)."""
        return f"{self.number:02d}-{self.slug}.ipynb"

    @property
    def path(self) -> str:
        """The notebook under a language's folder: ``06-slug.ipynb``, ``portroyal/02-slug.ipynb``."""
        return self.kit.prefix() + self.notebook

    def block_list(self) -> list[tuple[str, Any]]:
        return [next(iter(b.items())) for b in self.blocks]

    def game(self, position: str, lang: str = "en", *, after: bool = True) -> Any:
        """A fresh game at the named position (with its ``after`` moves played), built by the chapter's
        game's scenario loader."""
        pos = self.positions[position]
        g = self.kit.position(pos.scenario, lang=lang)
        if after:
            play_moves(g, pos.after, f"{self.notebook}: position {position!r}, after")
        return g


def known_cards(cards: list[str | int]) -> list[str | int]:
    """The cards unchanged, if every one of them is a known card of the chapter's game (a
    ``ValueError`` names the first that is not)."""
    for c in cards:
        card_id(c, GAME.get())
    return cards


def card_id(ref: str | int, game: str = DEFAULT_GAME) -> int:
    """A card of ``game`` given by name or id: Import/Export's by its name (any case), Port Royal's as
    its scenarios name it (``trader:blue``)."""
    return TUTOR_GAMES[game].card_id(ref)


def play_moves(g: Any, moves: list[ChapterMove], where: str) -> None:
    """Apply hand-written moves; an illegal one raises :class:`ChapterError` naming its place."""
    for i, move in enumerate(moves):
        try:
            g.apply(move.action())
        except ValueError as exc:
            raise ChapterError(f"{where}, move {i + 1} ({move}): {exc}") from None


def load_chapter_file(path: Path) -> Chapter:
    """One chapter file, validated; a file in a game's folder (``chapters/portroyal/`` for Port Royal)
    must be a chapter of that game (its key ``game``)."""
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    except yaml.YAMLError as exc:
        raise ChapterError(f"{path.name}: not valid YAML: {exc}") from None
    folder = next((g for g in TUTOR_GAMES.values() if g.chapter_dir == path.parent.resolve()), None)
    said = data.get("game", DEFAULT_GAME) if isinstance(data, dict) else DEFAULT_GAME
    if folder is not None and said != folder.id:
        where = f"chapters/{folder.folder}/" if folder.folder else "chapters/"
        game = TUTOR_GAMES[said].name if said in TUTOR_GAMES else repr(said)
        article = "an" if game[:1] in "AEIOU" else "a"
        raise ChapterError(f"{path.name}: {article} {game} chapter cannot lie in {where} (the {folder.name} chapters' folder; "
                           f"a chapter there says 'game: {folder.id}'" + (")" if folder.folder else " or no game)"))
    try:
        chapter = Chapter.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'top'}: {e['msg']}" for e in exc.errors())
        raise ChapterError(f"{path.name}: {problems}") from None
    if path.stem != f"{chapter.number:02d}-{chapter.slug}":
        raise ChapterError(f"{path.name}: the file name must be '{chapter.number:02d}-{chapter.slug}.yaml'")
    return chapter


def chapter_files(game: str = DEFAULT_GAME) -> list[Path]:
    """The chapter files of ``game``, in file-name order."""
    return sorted(TUTOR_GAMES[game].chapter_dir.glob("*.yaml"))


@cache
def chapters(game: str = DEFAULT_GAME) -> tuple[Chapter, ...]:
    """Every chapter of ``game``, in order."""
    if game not in TUTOR_GAMES:
        raise ChapterError(f"unknown game {game!r}; the games are {', '.join(TUTOR_GAMES)}")
    return tuple(sorted((load_chapter_file(p) for p in chapter_files(game)), key=lambda c: c.number))


def chapter(number: int, game: str = DEFAULT_GAME) -> Chapter:
    """Chapter ``number`` of ``game``."""
    for c in chapters(game):
        if c.number == number:
            return c
    raise ChapterError(f"there is no {TUTOR_GAMES[game].name} chapter {number}; the chapters are {[c.number for c in chapters(game)]}")
