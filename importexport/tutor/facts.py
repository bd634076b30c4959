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
