"""High card's chapters for importexport's tutor: its tutor adapter, which its kind gives (loaded when
the tutor first asks)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from importexport.protocol import Measure, TutorKit

from .kind import KIND


class Words(dict[str, dict[str, str]]):
    """Words by key, each in English and German, filled in as the tutor asks: ``format(key, lang, **args)``."""

    def format(self, key: str, lang: str, **args: Any) -> str:
        return self[key][lang if lang in self[key] else "en"].format(**args)


WORDING = (Words(tricks={"en": "the tricks {p} has won", "de": "die Stiche, die {p} gewonnen hat"}),
           Words(tricks={"en": "{p}'s tricks now come to {n}", "de": "Stiche von {p} jetzt: {n}"}),
           Words(play={"en": "plays a card", "de": "spielt eine Karte aus"}),
           Words(play={"en": "play a card", "de": "eine Karte ausspielen"}))
"""What a measure counts, a count after a move, what a kind of move does, what a learner is asked to do."""


def card_id(ref: str | int) -> int:
    """A card by its number (1 up to 20, the most a game deals)."""
    if not str(ref).isdigit() or not 1 <= int(ref) <= 20:
        raise ValueError(f"unknown card {str(ref)[:40]!r} (High card's cards are the numbers 1 to 20)")
    return int(ref)


KIT = TutorKit("highcard", Path(__file__).resolve().parent / "chapters", "highcard",
               lambda spec, lang="en": KIND.new(**spec, lang=lang), card_id,
               lambda: {"tricks": Measure(lambda g, seat: g.scores()[seat]["tricks"])},
               ("text", "facts", "exercise"), None, WORDING)
"""One chapter, in ``chapters/``; its notebooks would go to ``notebooks/<lang>/highcard/``."""
