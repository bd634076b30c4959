"""Import/Export as one of the project's games (:class:`~importexport.protocol.GameKind`): how to
start, load and parse it, its player counts and options, and the hooks the shared bots use (its
heuristic player, the dealing of hidden cards from a view, margins, progress, what the search plays
out, the outcome)."""

from __future__ import annotations

from typing import Any

from ..catalog import Table
from ..protocol import GameKind, OptionSpec, SearchRules, TableKit, TutorKit, checked_new
from .actions import Action
from .cards import CARDS
from .constants import MAX_PLAYERS, MIN_PLAYERS
from .determinize import determinized_game
from .engine import Game
from .heuristic import SEARCHED, HeuristicBot, candidates, margins, progress
from .module_info import GROUPS, MODULE_INFO, module_about, module_name
from .savefile import FORMAT, load
from .setup import MODULES


def outcome(g: Any) -> list[dict[str, Any]]:
    """Each seat's score (its credits total) and whether it won (a shared win counts for every winner)."""
    winners = set(g.state.winners)
    return [{"score": sc.total, "won": seat in winners} for seat, sc in enumerate(g.scores())]


CARD_SETS = tuple(sorted({c.set for c in CARDS.cards}, key=lambda name: (name != "base", name)))
"""The base game's set first, then the others by name."""


def card_lines(card_set: str | None) -> list[str]:
    """Each card of ``card_set`` (every card: ``None``): id, name, set, goods, action, level, cargo."""
    return [f"{c.id:3} {c.name:32} {c.set:12} {c.goods:6} {c.action:8} level {c.level} cargo {c.cargo}"
            for c in CARDS.cards if card_set in (None, c.set)]


def table_kit() -> TableKit:
    """The table kit (:mod:`.table_kit`), imported when first asked for: the bots and tools need none."""
    from . import table_kit as kit

    return kit  # type: ignore[return-value]


def tutor() -> TutorKit:
    """The tutor adapter (:mod:`.tutor_kit`), imported when the tutor first asks for it."""
    from .tutor_kit import KIT

    return KIT


WORDS = Table("ie_options", {
    "players": "Players",
    "abilities": "Card abilities",
    "abilities_about": "the text on each card takes effect once its contract is fulfilled",
    "modules": "Expansions and variants",
})
"""The options' names on the new-game screen."""
UNLISTED = ("promo",)
"""Modules ``new`` takes that the new-game screen does not offer."""

SCHEMA = (
    OptionSpec("players", "int", 4, lambda _c: tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
               lambda lang: WORDS.format("players", lang), css="iex-players"),
    OptionSpec("abilities", "bool", False, lambda _c: (False, True), lambda lang: WORDS.format("abilities", lang),
               about=lambda lang: WORDS.format("abilities_about", lang), help="play with card abilities"),
    OptionSpec("modules", "multi", (), lambda _c: tuple(m for m in MODULES if m not in UNLISTED),
               lambda lang: WORDS.format("modules", lang), value_name=module_name, value_about=module_about,
               group=lambda m: str(MODULE_INFO[m]["group"]), group_name=lambda g, lang: GROUPS.format(g, lang),
               needs={"tokens2": ("tokens1",)}, unlisted=UNLISTED, noun="module", css="iex-module",
               help=f"modules ({', '.join(MODULES)}; 'all' for every one), comma- or space-separated"),
)
"""Import/Export's options: 2 to 6 players, card abilities on or off, the expansions and variants."""

KIND = GameKind("importexport", "Import/Export", checked_new(Game, SCHEMA), load, Action.from_text, (MIN_PLAYERS, MAX_PLAYERS),
                {"abilities": (False, True)}, HeuristicBot, determinized_game, margins, progress,
                SearchRules(SEARCHED, candidates), outcome, table_kit, FORMAT,
                CARD_SETS, card_lines, SCHEMA, tutor=tutor)
