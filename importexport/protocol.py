"""The game protocol: what the tutor, the widgets, the app, the bots and the tournament runner may
ask of a game, whichever game it is.

Both referees implement it: :class:`importexport.importexport.engine.Game` (Import/Export) and
:class:`importexport.portroyal.game.Game` (Port Royal).  :data:`GAMES` finds the installed games
through their entry points (group :data:`GROUP`) and gives each game's :class:`GameKind`: how to
start one, load a saved one, its table kit, its tutor adapter (:class:`TutorKit`);
``tests/test_protocol.py`` holds every game to the same conformance tests.  ``docs/architecture.md`` shows where the protocol sits among the layers.

>>> g = GAMES["portroyal"].new(players=2, seed=1)
>>> isinstance(g, GameProtocol), GAMES["portroyal"].load(g.save()).state.to_dict() == g.state.to_dict()
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from .catalog import LANGS, Table
from .errors import BadArgumentError, IllegalActionError, ImportExportError

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint


@runtime_checkable
class ActionProtocol(Protocol):
    """A choice: an immutable, hashable value naming its player, with a text form that round-trips."""

    @property
    def player(self) -> int: ...

    @property
    def kind(self) -> str: ...


@runtime_checkable
class GameProtocol(Protocol):
    """One game in progress.

    Decisions: :meth:`deciders` names the seats that must decide now, :meth:`legal_actions` lists
    every legal choice (of one seat, or of all deciders), :meth:`apply` carries one out or raises
    :class:`~importexport.errors.IllegalActionError` (with ``rule``, the reason's key, and a message in
    the game's language) and changes nothing, :meth:`undo` takes choices back.  An undo count or a
    seat that is no whole number in range raises :class:`~importexport.errors.BadArgumentError`
    (``docs/bounds.md``), changing nothing.  Reading:
    :meth:`narrate` (the log as sentences), :meth:`describe` (a choice in words), :meth:`view` (what a
    seat may see, as plain data), :meth:`scores` (one entry per seat).  Saving: :meth:`save` gives
    JSON text that the game's :attr:`GameKind.load` reads back.
    """

    game_id: str
    """The id of the game's kind in :data:`GAMES` (:func:`table_kit` finds the kit by it)."""
    lang: str
    seed: int
    history: list[Any]
    log: list[tuple[int, str, dict[str, Any]]]

    def deciders(self) -> list[int]: ...

    def legal_actions(self, player: int | None = None) -> list[Any]: ...

    def apply(self, action: Any) -> None: ...

    def undo(self, steps: int = 1) -> None: ...

    def is_over(self) -> bool: ...

    def copy(self) -> GameProtocol: ...

    def narrate(self, lang: str | None = None, last: int | None = None) -> list[str]: ...

    def describe(self, action: Any, lang: str | None = None) -> str: ...

    def view(self, seat: int) -> dict[str, Any]: ...

    def scores(self) -> Sequence[Any]: ...

    def save(self) -> str: ...

    def to_json(self) -> str: ...


@dataclass(frozen=True)
class SearchRules:
    """How the shared search bot (:class:`importexport.bots.SearchBot`) treats one game's decisions."""

    searched: frozenset[str] | Callable[[dict[str, Any]], bool] | None = None
    """The kinds of decision (``view["stack"][-1]["kind"]``) it plays out, or a test of the seat's
    view (``True``: search); ``None``: every decision.  At the others it takes the heuristic's choice."""
    candidates: Callable[[list[Any], str, int], list[Any]] | None = None
    """``candidates(ranked, kind, width)``: the options to compare, from the heuristic's ranking (best
    first); ``None``: the ``width`` best."""
    settings: Mapping[str, Any] = field(default_factory=dict)
    """The search bot's defaults for this game (``samples``, ``width``, ``depth``, ``budget``, ...)."""


# --- the option schema ----------------------------------------------------------------------------

OptionKind = Literal["bool", "int", "choice", "multi"]
"""An option's kind: on or off, a whole number in a range, one value of a list, several values of a list."""
Chosen = Mapping[str, Any]
"""The options chosen so far, by name (an option not given has its default)."""


def _value_text(value: Any, _lang: str) -> str:
    return str(value)


@dataclass(frozen=True)
class Drawn:
    """A ``multi`` option whose ``None`` means "dealt at random by the game": how the new-game screen says
    so (a box ticked for "at random", the list to pick from below it)."""

    count: Callable[[Chosen], int]
    """How many values a new game deals at random with these options."""
    random: Callable[[int, str], str]
    """``random(n, lang)``: the box's sentence ("Lay out 3 contracts at random")."""
    pick: Callable[[str], str]
    """The note above the list to pick from."""
    none_picked: Callable[[str], str]
    """The refusal when the box is unticked and nothing is picked."""
    empty: Callable[[str], str]
    """What the screen says when the other options leave nothing to choose ("The base game has no contracts.")."""


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game's ``new`` (OpenSpiel's parameter specification is the model): its name,
    kind, default and allowed values (which may depend on other options), and its words in every
    language.  The new-game screen, ``simulate``'s command-line flags and the check of ``new``'s
    options are made from it."""

    name: str
    """The keyword of ``new`` (and ``simulate``'s flag ``--<name>``)."""
    kind: OptionKind
    default: Any
    """What the new-game screen and ``simulate`` start from (``new`` without the option takes the
    game's own default)."""
    allowed: Callable[[Chosen], tuple[Any, ...]]
    """The values allowed with the other options ``chosen``: an ``int`` option's whole range, a
    ``choice``'s or ``multi``'s values in the order the screen lists them (``bool``: ``(False, True)``)."""
    label: Callable[[str], str]
    """``label(lang)``: the option's name on the new-game screen."""
    depends: tuple[str, ...] = ()
    """The options whose values change what this one allows (the screen redraws it when they change)."""
    about: Callable[[str], str] | None = None
    """``about(lang)``: a note beside the option."""
    value_name: Callable[[Any, str], str] = _value_text
    """``value_name(value, lang)``: a value in words."""
    value_about: Callable[[Any, str], str] | None = None
    """``value_about(value, lang)``: a line about one value of a ``multi`` option shown as boxes."""
    group: Callable[[Any], str] | None = None
    """A ``multi`` option's values shown as boxes, in groups: each value's group."""
    group_name: Callable[[str, str], str] | None = None
    """``group_name(group, lang)``: a group's title."""
    needs: Mapping[Any, tuple[Any, ...]] = field(default_factory=dict)
    """``multi``: a value that needs others (ticking it ticks them)."""
    unlisted: tuple[Any, ...] = ()
    """Values ``new`` takes that the new-game screen does not offer."""
    drawn: Drawn | None = None
    """``multi``: ``None`` allowed, meaning dealt at random (shown as a box and a list to pick from)."""
    noun: str = ""
    """The command line's word for one value ("module"); the name without its last letter if empty."""
    help: str = ""
    """``simulate --help``'s line for the flag (English, as the command line is)."""
    css: str = ""
    """The class of its widget on the new-game screen (``iex-<name>`` if empty)."""

    @property
    def word(self) -> str:
        return self.noun or self.name.removesuffix("s")

    @property
    def css_class(self) -> str:
        return self.css or f"iex-{self.name}"


OPTION_WORDS = Table("options", {
    "no_option": "{option}: no such option; the options are {names}",
    "bool": "{option}: on or off (True or False), not {value}",
    "list": "{option}: a list of values, not {value}",
    "whole": "{option}: a whole number, not {value}",
    "unknown": "{option}: unknown value {value}; choose one of {values}",
    "none_here": "{option}: unknown value {value}; there are none with these options",
})
"""The refusals of a new game's options (:func:`check_options`)."""


class OptionError(BadArgumentError):
    """An option of a new game that the kind's :class:`OptionSpec` does not allow: ``option`` names it
    (``rule`` is ``"option"``, ``details["why"]`` the refusal's key); no game is made."""

    def __init__(self, option: str, why: str, lang: str = "en", **args: Any) -> None:
        super().__init__(OPTION_WORDS.format(why, lang, option=option, **args), "option",
                         {"option": option, "why": why, **args})
        self.option = option


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_options(schema: Sequence[OptionSpec], options: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """``options`` checked against ``schema``: each name an option, each value of its kind and allowed
    with the others (their defaults where not given); else :class:`OptionError` naming the option, in
    ``lang``.  ``players`` is passed on unchecked when the schema has it: the game's own check names the
    game and its way to play.  Gives the options as given (a ``multi`` as a list)."""
    lang = lang if lang in ("en", "de") else "en"
    specs = {o.name: o for o in schema}
    unknown = [k for k in options if k not in specs]
    if unknown:
        raise OptionError(str(unknown[0])[:40], "no_option", lang, names=", ".join(specs) or "–")
    chosen = {**{o.name: o.default for o in schema}, **options}
    out = dict(options)
    for name, value in options.items():
        spec = specs[name]
        if name == "players":
            continue
        if spec.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(name, "bool", lang, value=_shown(value))
            continue
        if spec.kind == "multi":
            if value is None and spec.drawn is not None:
                continue
            if isinstance(value, str | bytes) or not isinstance(value, list | tuple | set | frozenset):
                raise OptionError(name, "list", lang, value=_shown(value))
            allowed = (*spec.allowed(chosen), *spec.unlisted)
            bad = [v for v in value if v not in allowed]
            if bad:
                if not allowed:
                    raise OptionError(name, "none_here", lang, value=_shown(bad[0]))
                raise OptionError(name, "unknown", lang, value=_shown(bad[0]), values=", ".join(map(str, allowed)))
            out[name] = list(value)
            continue
        if spec.kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            raise OptionError(name, "whole", lang, value=_shown(value))
        allowed = spec.allowed(chosen)
        if value not in allowed:
            raise OptionError(name, "unknown", lang, value=_shown(value), values=", ".join(map(str, allowed)))
    return out


def checked_new(start: Callable[..., GameProtocol], schema: Sequence[OptionSpec]) -> Callable[..., GameProtocol]:
    """``start`` (a game's constructor) behind :func:`check_options`: a kind's ``new``."""

    def new(players: int | None = None, seed: int = 0, lang: str = "en", **options: Any) -> GameProtocol:
        checked = check_options(schema, options, lang)
        return start(**({} if players is None else {"players": players}), seed=seed, lang=lang, **checked)

    new.__doc__ = f"A new game (``{getattr(start, '__qualname__', 'game')}``), its options checked against its schema."
    return new


# --- the tutor's adapter ----------------------------------------------------------------------

@dataclass(frozen=True)
class Measure:
    """A number read off a table: ``count(game, seat)``; ``table``: one count for the whole table
    (the seat is ignored)."""

    count: Callable[[Any, int], int]
    table: bool = False


@dataclass(frozen=True)
class Refusal:
    """Why a move is refused, as a game's tutor adapter says it: in words (``texts``, per language), or
    as a move of the wrong kind for the moment (``expected``: the kinds of move that are; the tutor
    words it from the adapter's ``wording``)."""

    texts: Mapping[str, str] = field(default_factory=dict)
    expected: tuple[str, ...] = ()


class ChapterMove(Protocol):
    """A move as a chapter writes it: its seat, its kind, the choice it stands for, and its text."""

    @property
    def p(self) -> int: ...

    @property
    def kind(self) -> str: ...

    def action(self) -> Any: ...


class WordTable(Protocol):
    """Words by key, filled in for a language (a :class:`~importexport.catalog.Table` is one)."""

    def format(self, key: str, lang: str, **args: Any) -> str: ...

    def __contains__(self, key: object) -> bool: ...

    def __iter__(self) -> Iterator[str]: ...


@dataclass(frozen=True)
class TutorKit:
    """What the tutor needs of a game with chapters, given by its kind (:attr:`GameKind.tutor`): where
    its chapters lie, how a chapter's positions are built, how its moves and cards are written, which
    numbers an exercise may measure, and its words."""

    id: str
    """The game's id in :data:`GAMES`."""
    chapter_dir: Path
    """The folder of its chapter files (``NN-slug.yaml``)."""
    folder: str
    """Its notebooks' folder under ``notebooks/<lang>/`` ("": the languages' folders themselves)."""
    scenario: Callable[..., Any]
    """``scenario(spec, lang=...)``: a game at the position a chapter describes."""
    card_id: Callable[[str | int], int]
    """A card by its id or its name in a chapter (a ``ValueError`` names one that is none)."""
    measures_of: Callable[[], dict[str, Measure]]
    """The numbers an exercise may read (loaded when first asked for)."""
    blocks: tuple[str, ...]
    """The kinds of block a chapter of this game may use."""
    read_move: Callable[[dict[str, Any]], ChapterMove] | None
    """``read_move(mapping)``: a move a chapter writes as a mapping (Import/Export's ``{p: 0, kind: load,
    cards: [RICE], target: 0}``; a ``ValueError`` names what is wrong); ``None``: the game's moves are
    written in their text form only (``"p1 take c=12"``, read by the kind's ``parse``)."""
    wording: tuple[WordTable, WordTable, WordTable, WordTable]
    """Its words: what a measure counts, a count after a move, what a kind of move does, what a learner
    is asked to do (keys: the measures, the kinds of move)."""
    card_names: Callable[[], dict[str, int]] = field(default=lambda: {})
    """Folded card names -> ids that the rule lookup finds in a section's text by themselves."""
    points_on_table: bool = False
    """A guided move must be one the drawn table points at (its picture's ``point``), not only the seat's to make."""
    refusal_words: Callable[[Any, Any], Refusal] | None = None
    """``refusal_words(g, a)``: the refusal of ``a`` in the tutor's terms; ``None``: the engine's (:meth:`refusal`)."""
    score_lines: Callable[[Any, str], list[str]] = field(default=lambda _g, _lang: [])
    """``score_lines(g, lang)``: the scores as a chapter's facts print them, one line per seat."""
    card_chip: Callable[[int, str], str] | None = None
    """``card_chip(card, lang)``: a card drawn small (HTML), as the rule lookup shows the cards a section
    concerns; ``None``: the lookup names them (the table kit's ``click_name``)."""

    @property
    def name(self) -> str:
        return GAMES[self.id].name

    def prefix(self) -> str:
        """The path of this game's notebooks under a language's folder: ``""`` or ``"portroyal/"``."""
        return f"{self.folder}/" if self.folder else ""

    def parse(self, text: str) -> Any:
        return GAMES[self.id].parse(text)

    def position(self, spec: dict[str, Any], lang: str = "en") -> Any:
        return self.scenario(dict(spec), lang=lang)

    @cached_property
    def measures(self) -> dict[str, Measure]:
        return self.measures_of()

    def measure(self, g: Any, what: str, seat: int) -> int:
        return self.measures[what].count(g, seat)

    def is_legal(self, g: Any, a: Any) -> bool:
        """Whether the engine allows ``a`` now (also a free choice of a seat not deciding)."""
        return a in g.legal_actions(a.player)

    def refusal(self, g: Any, a: Any) -> Refusal:
        """The refusal of ``a``: :attr:`refusal_words`', else the engine's (its ``IllegalActionError``,
        in each language)."""
        if self.refusal_words is not None:
            return self.refusal_words(g, a)
        out = {}
        for lang in LANGS:
            trial = g.copy()
            trial.lang = lang
            try:
                trial.apply(a)
            except IllegalActionError as exc:
                out[lang] = str(exc)
            else:
                out[lang] = ""
        return Refusal(out)

    def seat_name(self, seat: int, lang: str) -> str:
        return table_kit(self.id).seat_name(seat, lang)


@dataclass(frozen=True)
class GameKind:
    """A game the project plays: its name, how to start one and how to read a saved one."""

    id: str
    name: str
    new: Callable[..., GameProtocol]
    """``new(players=..., seed=..., lang=..., **options)``: a new game."""
    load: Callable[[str], GameProtocol]
    """A game from the text its :meth:`GameProtocol.save` wrote."""
    parse: Callable[[str], Any]
    """A choice from its text form (``str(action)``)."""
    players: tuple[int, int]
    """The fewest and most players (over all its modes)."""
    options: dict[str, tuple[Any, ...]]
    """Per option of ``new`` the values to try in tests (modes, abilities)."""
    heuristic: Callable[..., Any] | None = None
    """``heuristic(seed, weights=None)``: the game's heuristic bot; its ``rank(g, seat, options)``
    lists ``(score, option)`` best first (the search bot ranks and plays out with it)."""
    determinize: Callable[[dict[str, Any], Any], GameProtocol] | None = None
    """``determinize(view, rng)``: a whole game agreeing with ``view(seat)``, the hidden cards dealt
    at random from ``rng`` (a ``random.Random``)."""
    margins: Callable[[GameProtocol], list[float]] | None = None
    """``margins(g)``: per seat, its (estimated, if the game is not over) result against the best other
    seat's; the search bot maximises its seat's."""
    progress: Callable[[GameProtocol], int] | None = None
    """``progress(g)``: a counter that grows as the game goes on (turns); the search bot's ``depth``
    counts in it."""
    search: SearchRules = SearchRules()
    """How the search bot treats this game's decisions."""
    outcome: Callable[[GameProtocol], list[dict[str, Any]]] | None = None
    """``outcome(g)`` of a finished game, per seat: ``score`` (a number), ``won`` (a shared win counts
    for every winner); in team play also ``team`` (True) and ``rank`` (0: the team lost, else 1 for
    the lowest rank and up)."""
    table_kit: Callable[[], TableKit] | None = None
    """``table_kit()``: the game's :class:`TableKit` (loaded when first asked for: the bots need none);
    ``None``: the table draws it with the plain kit, from its views (:func:`table_kit`)."""
    save_format: str = ""
    """The ``"format"`` its save files name (:func:`save_game_id`)."""
    card_sets: tuple[str, ...] = ()
    """The sets its cards come in (``importexport cards --set``)."""
    card_lines: Callable[[str | None], list[str]] | None = None
    """``card_lines(card_set)``: one line per card, of every set (``None``) or one (``importexport cards``)."""
    schema: tuple[OptionSpec, ...] = ()
    """The options of ``new``, ``players`` first (:class:`OptionSpec`): the new-game screen, ``simulate``'s
    flags and the check of ``new`` are made from it."""
    view_words: Callable[[str, Any, str], tuple[str, str] | None] | None = None
    """``view_words(key, value, lang)``: an entry of a seat's view or of a row of the scores in words, its
    name and its value in ``lang``, or ``None`` to leave it off the table; the plain kit draws a game
    without a table kit with it (``None``: each key and value as they are)."""
    tutor: Callable[[], TutorKit] | None = None
    """``tutor()``: the game's tutor adapter (:class:`TutorKit`, loaded when the tutor first asks: the
    app and the bots need none); ``None``: the game has no chapters."""

    def option(self, name: str) -> OptionSpec | None:
        """The schema's option ``name`` (``None``: the game has no such option)."""
        return next((o for o in self.schema if o.name == name), None)

    def player_range(self, chosen: Chosen | None = None) -> tuple[int, int]:
        """The fewest and most players with the options ``chosen`` (the defaults where not given)."""
        spec = self.option("players")
        if spec is None:
            return self.players
        values = spec.allowed({**{o.name: o.default for o in self.schema}, **(chosen or {})})
        return values[0], values[-1]


GROUP = "importexport.games"
"""The entry-point group a game registers its kind in (``pyproject.toml``:
``[project.entry-points."importexport.games"]``, ``<id> = "<package>.kind:KIND"``)."""


class UnknownGameError(ImportExportError, KeyError):
    """A game id that no installed game has; ``known`` lists those there are."""

    def __init__(self, game: object, known: Sequence[str]) -> None:
        self.game, self.known = game, tuple(known)
        super().__init__(f"unknown game {str(game)[:40]!r}: the games are {', '.join(self.known)}")

    def __str__(self) -> str:
        return str(self.args[0])


class GamePluginError(ImportExportError, RuntimeError):
    """A game's plug-in that cannot be used: its entry point fails to load or gives no :class:`GameKind`
    of its own id, or no game is registered at all (the package's metadata lacks the group)."""


class _Games(Mapping[str, GameKind]):
    """The installed games by id, found through the entry points of :data:`GROUP`; each game's kind is
    loaded when first asked for, so importing this module imports no referee."""

    def __init__(self) -> None:
        self._kinds: dict[str, GameKind] = {}
        self._found: dict[str, EntryPoint] | None = None

    def _points(self) -> dict[str, EntryPoint]:
        if self._found is None:
            from importlib.metadata import entry_points

            points = {ep.name: ep for ep in entry_points(group=GROUP)}
            if not points:
                raise GamePluginError(
                    f"no game is registered in the entry-point group {GROUP!r}: the installed metadata of the "
                    "importexport distribution is out of date; reinstall it (pip install -e .)")
            self._found = dict(sorted(points.items()))
        return self._found

    def __getitem__(self, key: str) -> GameKind:
        kind = self._kinds.get(key)
        if kind is not None:
            return kind
        points = self._points()
        if not isinstance(key, str) or key not in points:
            raise UnknownGameError(key, tuple(points))
        point = points[key]
        try:
            kind = point.load()
        except Exception as exc:
            raise GamePluginError(
                f"the game plug-in {key!r} ({point.value}) failed to load: {type(exc).__name__}: {exc}") from exc
        if not isinstance(kind, GameKind) or kind.id != key:
            raise GamePluginError(f"the game plug-in {key!r} ({point.value}) gives no GameKind with the id {key!r}")
        self._kinds[key] = kind
        return kind

    def __contains__(self, key: object) -> bool:
        return key in self._points()

    def __iter__(self) -> Iterator[str]:
        return iter(self._points())

    def __len__(self) -> int:
        return len(self._points())

    def ids(self) -> tuple[str, ...]:
        """The installed games' ids, without loading any of them."""
        return tuple(self._points())

    def name(self, key: str) -> str:
        """A game's name, without loading its referee where the module of its entry point gives it as
        ``NAME`` (Port Royal's does, and builds its kind when first asked for it); else its kind's."""
        if key not in self._kinds:
            points = self._points()
            if key not in points:
                raise UnknownGameError(key, tuple(points))
            from importlib.metadata import EntryPoint

            try:  # (the same module's NAME, through an entry point beside the game's own)
                name = EntryPoint(key, f"{points[key].module}:NAME", GROUP).load()
            except Exception:  # noqa: BLE001  (no NAME, or a plug-in that fails: its kind says why)
                name = None
            if isinstance(name, str):
                return name
        return self[key].name


GAMES = _Games()
"""The installed games by id: ``GAMES["importexport"]``, ``GAMES["portroyal"]``, and any game another
distribution registers in :data:`GROUP`.  Each game's package describes itself in one object, its
:class:`GameKind` (``kind.KIND``), which also gives its table kit."""


# --- at the table ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Drawer:
    """A game's drawing, given by its table kit (:attr:`TableKit.DRAWER`): the source of the ES module
    the board's frame (``widgets/static/board.js``) imports to draw the game's picture, and the
    stylesheet of what it draws (``""``: it needs none beyond the frame's)."""

    module: str
    css: str = ""

    @classmethod
    def files(cls, folder: Path, module: str, css: str | None = None) -> Drawer:
        """The drawing in ``folder`` (a game package's ``static``): its module's file and its stylesheet's."""
        return cls((folder / module).read_text(encoding="utf-8"), (folder / css).read_text(encoding="utf-8") if css else "")


class TableKit(Protocol):
    """What the table component, the session and the app ask of a game beyond :class:`GameProtocol`:
    each game has one module of these names (``importexport.importexport.table_kit``,
    ``importexport.portroyal.table_kit``), found through :func:`table_kit`; a game that brings none is
    given the plain kit (:class:`importexport.plain_kit.PlainKit`, made from the protocol alone).

    ``picture(g, lang, hands, decider, point)`` is the plain JSON the board draws (``changes``
    names what the last move changed, ``pointed`` what on the board a guided move points at); a click on the board is ``(what, id)``, and
    ``click_choices`` lists the legal moves it offers, ``click_name`` names the thing clicked and
    ``click_refusal`` says why it offers nothing.  ``note`` marks a choice that would do nothing,
    ``hint`` names the rule in play, ``sealed``/``bid`` serve secret bids.  ``hidden``/``told``
    let undo be fair: a person may not take a move back once something hidden came to light (what a
    seat's view keeps from it, what the log names).
    ``dump``/``load_session`` write and read a save with who plays each seat and the table's undo
    points; ``result`` is the end screen's content.  ``FITS_WINDOW``: in projector mode the drawn table
    fits the window below a decision kept to one line (the app then keeps it so); ``FITS_NORMAL``: in
    normal mode too.  ``DRAWER`` is the game's drawing (:class:`Drawer`): an ES module whose
    ``draw(model, host, pic, projector, focusSel, shared)`` draws the picture inside the board's shared
    frame (``widgets/static/board.js``, which lends it ``shared``: building elements, clickable
    buttons, the legend, the large-print switch) and whose ``refit(root, pic, change)``, if any, fits
    the table again when the window or what stands above it changes; and its stylesheet.
    """

    GAME: str
    PRIVATE_HANDS: bool
    FITS_WINDOW: bool
    FITS_NORMAL: bool
    FREE_KINDS: frozenset[str]
    STYLE: str
    DRAWER: Drawer

    def seats(self, g: Any) -> int: ...

    def seat_name(self, seat: int, lang: str) -> str: ...

    def picture(self, g: Any, lang: str, hands: set[int] | None = None, decider: int | None = None,
                point: Any = None) -> dict[str, Any]: ...

    def changes(self, before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]: ...

    def pointed(self, point: Any) -> dict[str, list[int]]: ...

    def click_choices(self, g: Any, seat: int, what: str, ident: int) -> list[Any]: ...

    def click_name(self, g: Any, what: str, ident: int, lang: str) -> str: ...

    def click_refusal(self, g: Any, seat: int, what: str, ident: int, lang: str) -> str | None: ...

    def note(self, g: Any, action: Any, lang: str) -> tuple[str, str]: ...

    def hint(self, g: Any, lang: str) -> tuple[str, int, str] | None: ...

    def sealed(self, g: Any) -> list[int] | None: ...

    def bid(self, seat: int, amount: int) -> Any: ...

    def hidden(self, g: Any, seat: int) -> frozenset[Hashable]: ...

    def told(self, g: Any, since: int) -> set[int]: ...

    def dump(self, g: Any, seats: list[str] | None = None, session: Any = None) -> str: ...

    def load_session(self, text: str | bytes) -> tuple[Any, list[str], Any]: ...

    def result(self, g: Any, lang: str) -> dict[str, Any]: ...


def cards_told(log: Sequence[tuple[Any, str, Mapping[str, Any]]], since: int, keys: Sequence[str]) -> set[int]:
    """The cards a game's event log names from its line ``since`` on, under the argument names ``keys``
    (a card or a list of cards each): what everyone reading the log has seen.  Both table kits'
    ``told`` (fair undo)."""
    out: set[int] = set()
    for _turn, _key, args in log[since:]:
        for key in keys:
            value = args.get(key)
            out.update(c for c in (value if isinstance(value, list | tuple) else [value]) if isinstance(c, int))
    return out


def table_kit(game: Any) -> TableKit:
    """The table kit of a game, given the game itself or its id (``"portroyal"``); a game that brings
    none gets the plain kit (:mod:`importexport.plain_kit`); an unknown game raises :class:`UnknownGameError`."""
    gid = game if isinstance(game, str) else getattr(game, "game_id", None)
    kind = GAMES[gid]  # type: ignore[index]
    if kind.table_kit is None:  # (a game without its own: the plain kit, made from the protocol alone)
        from .plain_kit import PlainKit

        return _PLAIN.setdefault(kind.id, PlainKit(kind))  # type: ignore[return-value]
    return kind.table_kit()


_PLAIN: dict[str, Any] = {}
"""The plain table kits made so far, by game id (one per game, as a game's own kit is one module)."""


DEFAULT_GAME = "importexport"
"""The game a save file that names no readable format is given to (its loader then says what is wrong)."""


def save_game_id(text: str | bytes) -> str:
    """Which game a save file holds, by its ``"format"`` field (each game's :attr:`GameKind.save_format`).
    A file that says nothing readable is given to :data:`DEFAULT_GAME`, whose loader then names what is
    wrong with it."""
    import json

    try:
        data = json.loads(text)
    except (ValueError, RecursionError, TypeError):
        return DEFAULT_GAME
    fmt = data.get("format") if isinstance(data, dict) else None
    if isinstance(fmt, str) and fmt:
        for gid in GAMES.ids():
            if GAMES[gid].save_format == fmt:
                return gid
    return DEFAULT_GAME


def random_source(g: Any) -> Any:
    """Where a game's random source stands (``g.state.rng``), or ``None`` for a game that shows none:
    then only what the table kit's ``hidden`` and ``told`` compare tells whether something came to light."""
    return getattr(getattr(g, "state", None), "rng", None)


def came_to_light(g: Any, kit: TableKit, mark: int, everyone: bool = False) -> bool:
    """Whether anything hidden came to light in ``g``'s moves from number ``mark`` on (fair undo).

    The moves are played again from the position before them, and after each one every seat's view
    is compared with its view just before (the kit's ``hidden``), and the cards the log names
    (``told``, read by everyone) with what was hidden: something hidden from a seat, then seen by it
    or named in the log, has come to light; so has anything left to chance (the game's random state
    moved).  At one device (``everyone`` False) only what was hidden from the mover counts: the
    mover's own cards shown by their own move are no news to them, and the others have not had the
    device yet.  In a room (``everyone``) each seat has its own screen: whatever any seat had hidden
    counts, the mover's own hand included."""
    replay = g.copy()
    replay.undo(len(replay.history) - mark)
    if random_source(replay) != random_source(g):  # (a card drawn, dice thrown: whatever it was)
        return True
    mover = g.history[mark].player
    seats = range(kit.seats(g))
    before = [kit.hidden(replay, seat) for seat in seats]
    for a in g.history[mark:]:
        lines = len(replay.log)
        replay.apply(a)
        news = frozenset().union(*before) if everyone else before[mover]
        if kit.told(replay, lines) & news:
            return True
        after = [kit.hidden(replay, seat) for seat in seats]
        if any((hid & news) - now for hid, now in zip(before, after, strict=True)):
            return True
        before = after
    return False
