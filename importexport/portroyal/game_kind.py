"""Port Royal as one of the project's games (:class:`~importexport.protocol.GameKind`): how to start,
load and parse it, its player counts and ways to play, and the hooks the shared bots use (its
heuristic player, the dealing of hidden cards from a view, margins, progress, what the search plays
out, the outcome with the team's rank).  Its entry point, :mod:`.kind`, gives it when first asked for."""

from __future__ import annotations

from typing import Any

from ..catalog import Table
from ..protocol import Chosen, Drawn, GameKind, OptionSpec, TableKit, TutorKit, checked_new
from .actions import Action
from .cards import CARDS
from .determinize import determinize
from .game import PLAYERS, Game
from .heuristic import SEARCH, HeuristicBot, margins, progress
from .kind import NAME
from .rules import EXP, RULES
from .savefile import FORMAT, load
from .words import card_name, contract_name

RANK_ORDER = tuple(r.id for r in EXP.ranks)
"""The team's ranks, lowest first (the project's figures: ``data/expansion.yaml``)."""


def outcome(g: Any) -> list[dict[str, Any]]:
    """Each seat's points and whether it won; in team play also ``team`` and ``rank`` (0: the team
    lost, else 1 for the lowest rank and up)."""
    out: list[dict[str, Any]] = []
    for row in g.scores():
        one = {"score": row["points"], "won": bool(row["won"])}
        if "team_won" in row:
            one.update(team=True, rank=1 + RANK_ORDER.index(row["rank"]) if row["won"] else 0)
        out.append(one)
    return out


CARD_SETS = ("base", "expansion")
"""The base deck and the contracts expansion's additions."""


def card_lines(card_set: str | None) -> list[str]:
    """Each card of ``card_set`` (every card: ``None``): id, name (with its coins or cost), kind, set,
    influence points."""
    out = []
    for c in CARDS:
        in_set = CARD_SETS[c.expansion]
        if card_set in (None, in_set):
            out.append(f"{c.id:3} {card_name(c.id, 'en'):44} {c.kind:10} {in_set:9} points {c.points}")
    return out


def table_kit() -> TableKit:
    """The table kit (:mod:`.table_kit`), imported when first asked for: the bots and tools need none."""
    from . import table_kit as kit

    return kit  # type: ignore[return-value]


def tutor() -> TutorKit:
    """The tutor adapter (:mod:`.tutor_kit`), imported when the tutor first asks for it."""
    from .tutor_kit import KIT

    return KIT


WORDS = Table("pr_options", {
    "players": "Players",
    "mode": "Way to play",
    "mode_competitive": "Competitive: with the contracts expansion",
    "mode_cooperative": "Cooperative: one team against the time pile",
    "mode_solo": "Solo: one player against the time pile",
    "mode_base": "Base game: without contracts",
    "contracts": "Contracts",
    "contracts_random": ("Lay out {n} contract at random", "Lay out {n} contracts at random"),
    "contracts_pick": "or untick and pick them yourself:",
    "contracts_none": "Pick at least one contract, or let them be laid out at random.",
    "no_contracts": "The base game has no contracts.",
})
"""The options' names on the new-game screen."""
MODES: tuple[str, ...] = ("competitive", "cooperative", "solo", "base")
"""The ways to play, as the new-game screen offers them (the expansion's first)."""


def contract_pool(chosen: Chosen) -> tuple[str, ...]:
    """The contracts the chosen way to play may lay out (none in the base game)."""
    mode = chosen["mode"]
    return () if mode == "base" else tuple(c.id for c in EXP.pool(mode))


def contracts_dealt(chosen: Chosen) -> int:
    """How many contracts a new game lays out at random with the chosen way to play and players."""
    mode = chosen["mode"]
    if mode == "base":
        return 0
    lo, hi = PLAYERS[mode]
    players = min(max(int(chosen["players"]), lo), hi)
    if mode == "competitive":
        return int(RULES.competitive.contracts[players])
    return len(EXP.seal_groups_for(mode, players))


SCHEMA = (
    OptionSpec("players", "int", 4, lambda c: tuple(range(PLAYERS[c["mode"]][0], PLAYERS[c["mode"]][1] + 1)),
               lambda lang: WORDS.format("players", lang), depends=("mode",), css="iex-players"),
    OptionSpec("mode", "choice", "competitive", lambda _c: MODES, lambda lang: WORDS.format("mode", lang),
               value_name=lambda m, lang: WORDS.format(f"mode_{m}", lang), css="iex-pr-mode",
               help="competitive (default), base, cooperative or solo"),
    OptionSpec("contracts", "multi", None, contract_pool, lambda lang: WORDS.format("contracts", lang),
               depends=("mode", "players"), value_name=contract_name, noun="contract", css="iex-pr-contract-pick",
               drawn=Drawn(contracts_dealt, lambda n, lang: WORDS.format("contracts_random", lang, n=n),
                           lambda lang: WORDS.format("contracts_pick", lang),
                           lambda lang: WORDS.format("contracts_none", lang),
                           lambda lang: WORDS.format("no_contracts", lang)),
               help="the contract ids to lay out, comma-separated (default: drawn at random)"),
)
"""Port Royal's options: the way to play, the players it allows (solo: one), the contracts (drawn at
random, or picked from the way to play's pool)."""

KIND = GameKind("portroyal", NAME, checked_new(Game, SCHEMA), load, Action.from_text,
                (min(lo for lo, _ in PLAYERS.values()), max(hi for _, hi in PLAYERS.values())), {"mode": tuple(PLAYERS)},
                HeuristicBot, determinize, margins, progress, SEARCH, outcome, table_kit, FORMAT,
                CARD_SETS, card_lines, SCHEMA, tutor=tutor)
