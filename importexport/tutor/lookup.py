"""The rule lookup: search every chapter section of a game by keyword, in English or German.

Each hit names its chapter, the notebook of the chapter in the hit's language and the section's
anchor in it, a snippet, and the cards it concerns (ids of the hit's game).

>>> hits = search("Gebot")
>>> hits[0].chapter, hits[0].path
(6, 'de/06-import-and-bidding.ipynb')
>>> search("Säbel", game="portroyal")[0].path.startswith("de/portroyal/")
True
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .build import notebook, prose
from .chapter import DEFAULT_GAME, Chapter, card_id, chapters
from .games import TUTOR_GAMES

FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def fold(text: str) -> str:
    """Lower case, umlauts spelled out, accents dropped: "Güter" and "gueter" match."""
    text = text.lower().translate(FOLD)
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def query_words(query: str) -> list[str]:
    """The words of a query, folded: what :func:`search` and the snippets match."""
    return [fold(w) for w in re.findall(r"\w+", query)]


def excerpt(text: str, words: Sequence[str], width: int = 160) -> str:
    """At most ``width`` characters of ``text`` around the first word that contains one of ``words``
    (folded), cut only at spaces, with "…" where text is left out; the start if nothing matches.

    About a third of the room goes before the match; a match that does not fit on its own gives "…".
    """
    tokens = text.split()
    if not tokens or width < 1:
        return ""
    n = len(tokens)
    at = next((i for i, t in enumerate(tokens) if any(w in fold(t) for w in words)), 0)

    def size(start: int, end: int) -> int:
        return sum(len(t) for t in tokens[start:end]) + (end - start - 1) + (start > 0) + (end < n)

    if size(at, at + 1) > width:
        return "…"
    start, end = at, at + 1
    lead = width // 3
    while start > 0 and size(start - 1, end) <= width and size(start - 1, at) <= lead:
        start -= 1
    while end < n and size(start, end + 1) <= width:
        end += 1
    while start > 0 and size(start - 1, end) <= width:  # room left at the end of the text
        start -= 1
    return ("…" if start else "") + " ".join(tokens[start:end]) + ("…" if end < n else "")


@dataclass(frozen=True)
class Entry:
    """One section of a chapter: where it is (``notebook``: the notebook's path under either language's
    folder, ``portroyal/02-slug.ipynb`` for Port Royal; ``cell``: the id of its heading's cell there, the
    same in both languages), what it says, and its ``game`` (whose cards ``cards`` are)."""

    chapter: int
    notebook: str
    cell: str
    chapter_title: dict[str, str]
    section: str
    title: dict[str, str]
    text: dict[str, str]
    keywords: tuple[str, ...]
    cards: tuple[int, ...]
    game: str = DEFAULT_GAME


@dataclass(frozen=True)
class Hit:
    entry: Entry
    score: int
    lang: str

    @property
    def chapter(self) -> int:
        return self.entry.chapter

    @property
    def path(self) -> str:
        """The chapter's notebook in the hit's language, under ``notebooks/``: ``de/06-....ipynb``."""
        return f"{self.lang}/{self.entry.notebook}"

    def snippet(self, words: Sequence[str], width: int = 160) -> str:
        """The section's text around the first match, as plain text cut at word boundaries (:func:`excerpt`)."""
        text = re.sub(r"[*_`#|>]", "", self.entry.text[self.lang])
        return excerpt(text, words, width)


def heading_cells(ch: Chapter) -> dict[str, str]:
    """Section key -> the id of the Markdown cell that starts with its heading in the chapter's
    notebook (as ``build`` writes it; the ids are the same in both languages)."""
    heads = {f"## {prose(sec.title.en)}": key for key, sec in ch.sections.items()}
    out: dict[str, str] = {}
    for cell in notebook(ch, "en")["cells"]:
        source = "".join(cell["source"])
        key = heads.get(source.split("\n", 1)[0]) if cell["cell_type"] == "markdown" else None
        if key is not None:
            out.setdefault(key, cell["id"])
    return out


@cache
def index(game: str = DEFAULT_GAME) -> tuple[Entry, ...]:
    """Every section of ``game``'s chapters."""
    names = {fold(n): i for n, i in TUTOR_GAMES[game].card_names().items()}
    out = []
    for ch in chapters(game):
        cells = heading_cells(ch)
        for key, sec in ch.sections.items():
            cards = [card_id(c, game) for c in sec.cards]
            body = fold(sec.text.en + " " + sec.text.de)
            words = set(re.findall(r"\w+", body))  # (a card name can only be in the text if all its words are)
            cards += [i for name, i in names.items() if len(name) > 3 and words.issuperset(re.findall(r"\w+", name))
                      and re.search(rf"\b{re.escape(name)}\b", body)]
            keywords = tuple(fold(k) for lang in ("en", "de") for k in sec.keywords.get(lang, []))  # type: ignore[call-overload]
            out.append(Entry(
                ch.number, ch.path, cells.get(key, ""), {"en": ch.title.en, "de": ch.title.de}, key,
                {"en": sec.title.en, "de": sec.title.de}, {"en": sec.text.en, "de": sec.text.de},
                keywords, tuple(dict.fromkeys(cards)), game,
            ))
    return tuple(out)


def search(query: str, lang: str | None = None, limit: int = 12, game: str | None = DEFAULT_GAME) -> list[Hit]:
    """Sections of ``game``'s chapters (``None``: of every game) matching every word of ``query``
    (either language), best first.

    A keyword match weighs most, then the title, then the text; ``lang`` chooses which
    language's text the hit shows (by default the one the query matched best).
    """
    if game is not None and game not in TUTOR_GAMES:
        raise ValueError(f"unknown game {game!r}: the games are {', '.join(TUTOR_GAMES)}")
    words = query_words(query)
    if not words:
        return []
    hits = []
    for e in (e for g in TUTOR_GAMES if game in (None, g) for e in index(g)):
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
    order = list(TUTOR_GAMES)
    hits.sort(key=lambda h: (-h.score, order.index(h.entry.game), h.entry.chapter))
    return hits[:limit]
