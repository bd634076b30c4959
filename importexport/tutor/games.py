"""What the tutor needs of each game, in one place: how a chapter's positions are built, how its
moves and cards are written, which numbers an exercise may measure, and why a move is refused.

The chapters of Import/Export live in ``chapters/``; those of Port Royal in ``chapters/portroyal/``
and say ``game: portroyal``.  Everything else (grading, checking, building the notebooks, the rule
lookup) goes through :data:`TUTOR_GAMES` and the game protocol (:mod:`importexport.protocol`).

>>> TUTOR_GAMES["portroyal"].measure(TUTOR_GAMES["portroyal"].position({"players": 2}), "coins", 0)
3
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..catalog import Table
from ..errors import IllegalActionError
from ..protocol import GAMES as PROTOCOL
from ..protocol import table_kit
from .wording import DOES, MEASURE_WORDS, NOW, PR_DOES, PR_MEASURE_WORDS, PR_NOW, PR_WANT, WANT

CHAPTER_DIR = Path(__file__).parent / "chapters"

LANGS = ("en", "de")


@dataclass(frozen=True)
class Measure:
    """A number read off a table: ``count(game, seat)``; ``table``: one count for the whole table
    (the seat is ignored)."""

    count: Callable[[Any, int], int]
    table: bool = False


# --- Import/Export ------------------------------------------------------------------------------

def _ie_measures() -> dict[str, Measure]:
    from ..importexport import fulfilled_count

    def ships(g: Any, seat: int) -> list[Any]:
        return [g.state.ships[i] for i in g.state.players[seat].ships]

    return {
        "credits": Measure(lambda g, s: g.state.players[s].credits),
        "hand": Measure(lambda g, s: len(g.state.players[s].hand)),
        "crew": Measure(lambda g, s: len(g.state.players[s].crew)),
        "goods": Measure(lambda g, s: len(g.state.players[s].goods)),
        "fulfilled": Measure(lambda g, s: fulfilled_count(g, s)),
        "contracts": Measure(lambda g, s: sum(len(x.contracts) for x in ships(g, s))),
        "containers": Measure(lambda g, s: sum(len(x.containers) for x in ships(g, s))),
        "at_sea": Measure(lambda g, s: sum(1 for x in ships(g, s) if x.at_sea)),
        "island": Measure(lambda g, s: len(g.state.island), table=True),
        "deck": Measure(lambda g, s: len(g.state.deck), table=True),
        "discard": Measure(lambda g, s: len(g.state.discard), table=True),
        "score": Measure(lambda g, s: g.scores()[s].total),
    }


# --- Port Royal -----------------------------------------------------------------------------------

def _pr_takes_left(g: Any, seat: int) -> int:
    """Cards ``seat`` may still take now: the allowance left in their chance to take (0 when it is not
    their chance)."""
    stack = g.view(seat)["stack"]
    top = stack[-1] if stack else None
    return int(top["left"]) if top and top["kind"] == "take" and top["seat"] == seat else 0


def _pr_rank(g: Any, seat: int) -> int:
    """Team play: the team's rank as a number, 1 for the lowest (Landlubber) up to 6 (Ruler of all the
    seas); 0 while some contract has no cube (the team has no rank)."""
    from ..portroyal.kind import RANK_ORDER

    rank = g.scores()[0].get("rank")
    return RANK_ORDER.index(rank) + 1 if rank else 0


def _pr_measures() -> dict[str, Measure]:
    """Port Royal's measures, read from what a seat sees (``view``) and the scores: the protocol's answers."""

    def mine(key: str) -> Callable[[Any, int], int]:
        def count(g: Any, seat: int) -> int:
            value = g.view(seat)["table"][seat][key]
            return value if isinstance(value, int) else len(value)
        return count

    def table(key: str) -> Measure:
        def count(g: Any, seat: int) -> int:
            value = g.view(0)[key]
            return value if isinstance(value, int) else len(value)
        return Measure(count, table=True)

    return {
        "coins": Measure(mine("coins")),
        "points": Measure(mine("points")),
        "swords": Measure(mine("swords")),
        "persons": Measure(mine("persons")),
        "expeditions": Measure(mine("expeditions")),
        "cubes": Measure(mine("contracts")),
        "contracts": Measure(mine("contracts")),
        "takes_left": Measure(_pr_takes_left),
        "harbour": table("harbour"),
        "waiting_expeditions": table("expeditions"),
        "deck": table("deck_size"),
        "discard": table("discard_size"),
        "time_pile": table("time_pile_size"),
        "rank": Measure(_pr_rank, table=True),
    }


def _pr_card_id(ref: str | int) -> int:
    """A Port Royal card by id or by its scenario name (``trader:blue``, ``ship:yellow:2:2``): the
    lowest-numbered card of that description (``docs/portroyal-scenarios.md``)."""
    from ..portroyal.cards import CARDS
    from ..portroyal.scenario import cards_named

    if isinstance(ref, int):
        if not 0 <= ref < len(CARDS):
            raise ValueError(f"card id {ref} is out of range (0-{len(CARDS) - 1})")
        return ref
    found = cards_named(ref)
    if found:
        return found[0]
    raise ValueError(f"unknown card {ref!r} (Port Royal cards are named as in docs/portroyal-scenarios.md)")


def _ie_card_id(ref: str | int) -> int:
    from ..importexport.cards import CARDS

    if isinstance(ref, int):
        if not 0 <= ref < len(CARDS):
            raise ValueError(f"card id {ref} is out of range")
        return ref
    try:
        return CARDS.by_name(ref).id
    except Exception:
        raise ValueError(f"unknown card {ref!r}") from None


# --- the games ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TutorGame:
    """One game as the tutor sees it."""

    id: str
    folder: str
    """The chapters' folder under ``chapters/`` and the notebooks' under ``notebooks/<lang>/`` ("" for
    Import/Export)."""
    scenario: Callable[..., Any]
    """``scenario(spec, lang=...)``: a game at the position a chapter describes."""
    card_id: Callable[[str | int], int]
    measures_of: Callable[[], dict[str, Measure]]
    blocks: tuple[str, ...]
    """The kinds of block a chapter of this game may use."""
    text_moves: bool
    """Moves are written in their text form (``"p1 take c=12"``), not as mappings."""
    card_names: Callable[[], dict[str, int]] = field(default=lambda: {})
    """Folded card names -> ids that the rule lookup finds in a section's text by themselves."""
    points_on_table: bool = False
    """A guided move must be one the drawn table points at (its picture's ``point``), not only the seat's to make."""
    refusal_words: Callable[[Any, Any], dict[str, str]] | None = None
    """``refusal_words(g, a)``: the refusal of ``a`` in both languages in the tutor's own words (Import/Export
    names the kinds of move a learner knows); ``None``: the engine's refusal (:meth:`refusal`)."""
    score_lines: Callable[[Any, str], list[str]] = field(default=lambda _g, _lang: [])
    """``score_lines(g, lang)``: the scores as a chapter's facts print them, one line per seat."""
    card_chips: bool = False
    """The rule lookup draws the cards a section concerns small (else it names them)."""
    wording: tuple[Table, ...] = ()
    """Its words (:mod:`importexport.tutor.wording`): what a measure counts, a count after a move, what a
    kind of move does, what a learner is asked to do."""

    @property
    def name(self) -> str:
        return PROTOCOL[self.id].name

    @property
    def chapter_dir(self) -> Path:
        return CHAPTER_DIR / self.folder if self.folder else CHAPTER_DIR

    def prefix(self) -> str:
        """The path of this game's notebooks under a language's folder: ``""`` or ``"portroyal/"``."""
        return f"{self.folder}/" if self.folder else ""

    def parse(self, text: str) -> Any:
        return PROTOCOL[self.id].parse(text)

    def position(self, spec: dict[str, Any], lang: str = "en") -> Any:
        return self.scenario(dict(spec), lang=lang)

    @property
    def measures(self) -> dict[str, Measure]:
        return _measures(self.id)

    def measure(self, g: Any, what: str, seat: int) -> int:
        return self.measures[what].count(g, seat)

    def is_legal(self, g: Any, a: Any) -> bool:
        """Whether the engine allows ``a`` now (for Port Royal also a free choice of a seat not deciding)."""
        return a in g.legal_actions(a.player)

    def refusal(self, g: Any, a: Any) -> dict[str, str]:
        """The refusal of ``a`` in both languages: :attr:`refusal_words`', else the engine's (its
        ``IllegalActionError``)."""
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
        return out

    def seat_name(self, seat: int, lang: str) -> str:
        return table_kit(self.id).seat_name(seat, lang)


@cache
def _measures(game: str) -> dict[str, Measure]:
    return TUTOR_GAMES[game].measures_of()


def _ie_scenario(spec: dict[str, Any], lang: str = "en") -> Any:
    from ..importexport.scenario import load_scenario

    return load_scenario(spec, lang=lang)


def _pr_scenario(spec: dict[str, Any], lang: str = "en") -> Any:
    from ..portroyal.scenario import load_scenario

    return load_scenario(spec, lang=lang)


def _ie_card_names() -> dict[str, int]:
    from ..importexport.cards import CARDS

    return {n: i for i, n in enumerate(CARDS.names[: len(CARDS)])}


IE_BLOCKS = ("text", "table", "facts", "exercise", "picture", "scores", "lookup", "cards", "lab", "game", "setup",
             "anatomy")
PR_BLOCKS = ("text", "table", "facts", "exercise", "picture", "scores", "lookup")

def _ie_score_lines(g: Any, lang: str) -> list[str]:
    from .facts import ie_score_lines

    return ie_score_lines(g, lang)


def _pr_score_lines(g: Any, lang: str) -> list[str]:
    from .facts import pr_score_lines

    return pr_score_lines(g, lang)


def _ie_refusal_words(g: Any, a: Any) -> dict[str, str]:
    from .exercises import ie_refusal_words

    return ie_refusal_words(g, a)


IMPORT_EXPORT = TutorGame("importexport", "", _ie_scenario, _ie_card_id, _ie_measures, IE_BLOCKS, False,
                          _ie_card_names, True, refusal_words=_ie_refusal_words, score_lines=_ie_score_lines,
                          card_chips=True, wording=(MEASURE_WORDS, NOW, DOES, WANT))
PORT_ROYAL = TutorGame("portroyal", "portroyal", _pr_scenario, _pr_card_id, _pr_measures, PR_BLOCKS, True,
                       score_lines=_pr_score_lines, wording=(PR_MEASURE_WORDS, PR_NOW, PR_DOES, PR_WANT))
TUTOR_GAMES: dict[str, TutorGame] = {tutor.id: tutor for tutor in (IMPORT_EXPORT, PORT_ROYAL)}
"""The games with chapters, by the ids of :data:`importexport.protocol.GAMES`, in contents order."""
