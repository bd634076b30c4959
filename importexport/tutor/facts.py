"""The chapters' ``facts`` blocks: plain text about a position, the same on every run, so that
nbval can check the notebooks' stored output against the engine."""

from __future__ import annotations

from typing import Any

from ..catalog import Table
from .chapter import GAME, Chapter, Facts, play_moves

HEAD = Table("facts", {
    "choices": "{p} may choose:",
    "log": "What happens:",
    "scores": "Scores:",
})
"""The first line of each kind of facts block."""
PR_SCORES = Table("pr_facts", {
    "row": "{p}: influence points {points}, coins {coins}, cubes {cubes}",
    "won": "won",
})
"""A Port Royal score line."""


def _facts(chapter: Chapter, value: Any) -> Facts:
    """A facts block read as its chapter's game (its moves are that game's)."""
    token = GAME.set(chapter.game_id)
    try:
        return Facts.model_validate(value)
    finally:
        GAME.reset(token)


def facts_text(chapter: Chapter, value: Any, langs: tuple[str, ...] = ("en", "de")) -> str:
    """The text of a ``facts`` block in each of ``langs`` (by default English first, then German)."""
    seat_name = chapter.kit.seat_name
    facts = value if isinstance(value, Facts) else _facts(chapter, value)
    g = chapter.game(facts.position)
    mark = len(g.log)
    play_moves(g, facts.after, f"{chapter.notebook}: facts {facts.position!r}, after")
    parts: list[str] = []
    for lang in langs:
        if facts.show == "choices":
            for seat in g.deciders():
                parts.append(HEAD.format("choices", lang, p=seat_name(seat, lang)))
                parts.extend(f"  - {g.describe(a, lang)}" for a in g.legal_actions(seat))
        elif facts.show == "log":
            parts.append(HEAD.format("log", lang))
            parts.extend(f"  {line}" for line in g.narrate(lang)[mark:])
        else:
            parts.append(HEAD.format("scores", lang))
            parts.extend(f"  {line}" for line in chapter.kit.score_lines(g, lang))
        parts.append("")
    return "\n".join(parts).rstrip()



def pr_score_lines(g: Any, lang: str) -> list[str]:
    """Port Royal's scores, a line per seat: influence points, coins, cubes, and who won."""
    seat_name = chapter_seat("portroyal")
    return [PR_SCORES.format("row", lang, p=seat_name(row["seat"], lang), points=row["points"], coins=row["coins"],
                             cubes=row["cubes"]) + (f" ({PR_SCORES.format('won', lang)})" if row["won"] else "")
            for row in g.scores()]


def ie_score_lines(g: Any, lang: str) -> list[str]:
    """Import/Export's scores, a line per seat: credits, each line of the scoring, the total."""
    from ..importexport.i18n import score_line_name

    seat_name = chapter_seat("importexport")
    out = []
    for sc in g.scores():
        lines = ", ".join(f"{score_line_name(key, lang)} {amount:+d}" for key, amount in sc.lines if amount)
        out.append(f"{seat_name(sc.seat, lang)}: {sc.credits} {score_line_name('credits', lang)}, {lines or '–'} = {sc.total}")
    return out


def chapter_seat(game: str) -> Any:
    """The seat names of ``game`` (its table kit's)."""
    from ..protocol import table_kit

    return table_kit(game).seat_name
