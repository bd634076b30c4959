"""The rule lookup: search every chapter section by keyword, in English or German.

Each hit names its chapter (and notebook), the section, a snippet, and the cards it concerns.

>>> hits = search("Gebot")
>>> hits[0].chapter
6
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from ..cards import CARDS
from .chapter import card_id, chapters

FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def fold(text: str) -> str:
    """Lower case, umlauts spelled out, accents dropped: "Güter" and "gueter" match."""
    text = text.lower().translate(FOLD)
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


@dataclass(frozen=True)
class Entry:
    chapter: int
    notebook: str
    chapter_title: dict[str, str]
    section: str
    title: dict[str, str]
    text: dict[str, str]
    keywords: tuple[str, ...]
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Hit:
    entry: Entry
    score: int
    lang: str

    @property
    def chapter(self) -> int:
        return self.entry.chapter

    def snippet(self, words: list[str], width: int = 160) -> str:
        """The part of the section's text around the first match (plain text)."""
        text = re.sub(r"[*_`#|>]", "", self.entry.text[self.lang])
        text = re.sub(r"\s+", " ", text).strip()
        low = fold(text)
        pos = min((low.find(w) for w in words if low.find(w) >= 0), default=0)
        start = max(0, pos - width // 3)
        piece = text[start:start + width]
        return ("…" if start else "") + piece + ("…" if start + width < len(text) else "")


@cache
def index() -> tuple[Entry, ...]:
    names = {fold(n): i for i, n in enumerate(CARDS.names[: len(CARDS)])}
    out = []
    for ch in chapters():
        for key, sec in ch.sections.items():
            cards = [card_id(c) for c in sec.cards]
            body = fold(sec.text.en + " " + sec.text.de)
            words = set(re.findall(r"\w+", body))  # (a card name can only be in the text if all its words are)
            cards += [i for name, i in names.items() if len(name) > 3 and words.issuperset(re.findall(r"\w+", name))
                      and re.search(rf"\b{re.escape(name)}\b", body)]
            keywords = tuple(fold(k) for lang in ("en", "de") for k in sec.keywords.get(lang, []))  # type: ignore[call-overload]
            out.append(Entry(
                ch.number, ch.notebook, {"en": ch.title.en, "de": ch.title.de}, key,
                {"en": sec.title.en, "de": sec.title.de}, {"en": sec.text.en, "de": sec.text.de},
                keywords, tuple(dict.fromkeys(cards)),
            ))
    return tuple(out)


def search(query: str, lang: str | None = None, limit: int = 12) -> list[Hit]:
    """Sections matching every word of ``query`` (either language), best first.

    A keyword match weighs most, then the title, then the text; ``lang`` chooses which
    language's text the hit shows (by default the one the query matched best).
    """
    words = [fold(w) for w in re.findall(r"\w+", query)]
    if not words:
        return []
    hits = []
    for e in index():
        total = 0
        per_lang = {"en": 0, "de": 0}
        for word in words:
            found = 0
            if any(word in k for k in e.keywords):
                found += 6
            for lg in ("en", "de"):
                t = fold(e.title[lg])
                x = fold(e.text[lg])
                score = (3 if word in t else 0) + min(3, x.count(word))
                per_lang[lg] += score
                found += score
            if not found:
                break
            total += found
        else:
            shown = lang or ("de" if per_lang["de"] > per_lang["en"] else "en")
            hits.append(Hit(e, total, shown))
    hits.sort(key=lambda h: (-h.score, h.entry.chapter))
    return hits[:limit]
