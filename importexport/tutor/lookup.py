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
from functools import cache, cached_property

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


def starts_word(word: str, token: str) -> bool:
    """Whether the text word ``token`` begins with the folded query word ``word`` ("pirat" finds
    "Piraten" and "pirates"; "tie" finds "ties" but not "Partie")."""
    return fold(token).lstrip("\"'«»„“”‚‘’([{*_`").startswith(word)


def excerpt(text: str, words: Sequence[str], width: int = 160) -> str:
    """At most ``width`` characters of ``text`` around the first word that begins with one of ``words``
    (folded, :func:`starts_word`), cut only at spaces, with "…" where text is left out; the start if
    nothing matches.

    About a third of the room goes before the match; a match that does not fit on its own gives "…".
    """
    tokens = text.split()
    if not tokens or width < 1:
        return ""
    n = len(tokens)
    at = next((i for i, t in enumerate(tokens) if any(starts_word(w, t) for w in words)), 0)

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


LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"„“(*]?[A-ZÄÖÜ0-9])")


def sentences(markdown: str) -> list[str]:
    """A section's Markdown as the sentences a reader sees: emphasis, code marks, headings and link
    targets gone, each list item and each table row a sentence of its own (a row's cells joined by
    " · "), paragraphs split after ".", "!" or "?"."""
    out: list[str] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            out.extend(s.strip() for s in SENTENCE_END.split(" ".join(para)) if s.strip())
            para.clear()

    for raw in markdown.split("\n"):
        line = LINK.sub(r"\1", raw).replace("**", "").replace("`", "").replace("\\", "")
        line = re.sub(r"(?<!\w)[*_]|[*_](?!\w)", "", line).strip()
        if not line or set(line) <= set("|-: "):
            flush()
            continue
        if line.startswith("|"):
            flush()
            out.append(" · ".join(cell.strip() for cell in line.strip("|").split("|") if cell.strip()))
        elif line.startswith("#") or ITEM.match(line) or line.startswith(">"):
            flush()
            para.append(ITEM.sub("", line.lstrip("#> ")))
        else:
            para.append(line)
    flush()
    return out


def words_of(text: str) -> list[str]:
    """The folded words of ``text``."""
    return re.findall(r"\w+", fold(text))


@dataclass(frozen=True, eq=False)
class Entry:
    """One section of a chapter: where it is (``notebook``: the notebook's path under either language's
    folder, ``portroyal/02-slug.ipynb`` for Port Royal; ``cell``: the id of its heading's cell there, the
    same in both languages), what it says, and its ``game`` (whose cards ``cards`` are).  Each entry is
    made once (:func:`index`): entries are told apart by identity."""

    chapter: int
    notebook: str
    cell: str
    chapter_title: dict[str, str]
    section: str
    title: dict[str, str]
    text: dict[str, str]
    keywords: dict[str, tuple[str, ...]]
    cards: tuple[int, ...]
    game: str = DEFAULT_GAME

    @cached_property
    def words(self) -> dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]]:
        """Per language, the folded words of the keywords, of the title and of the text."""
        return {lang: (tuple(w for k in self.keywords.get(lang, ()) for w in words_of(k)), tuple(words_of(self.title[lang])),
                       tuple(words_of(self.text[lang]))) for lang in ("en", "de")}


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

    def snippet(self, words: Sequence[str], width: int = 200) -> str:
        """The sentence of the section (as the reader sees it, :func:`sentences`) that holds the first
        match, whole when it fits in ``width`` characters, else cut around the match at word
        boundaries (:func:`excerpt`); the section's first sentence if no word matches in its text."""
        said = sentences(self.entry.text[self.lang])
        if not said:
            return ""
        first = next((s for s in said if any(starts_word(w, t) for t in s.split() for w in words)), said[0])
        return excerpt(first, words, width)


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
            keywords = {lang: tuple(sec.keywords.get(lang, [])) for lang in ("en", "de")}  # type: ignore[call-overload]
            out.append(Entry(
                ch.number, ch.path, cells.get(key, ""), {"en": ch.title.en, "de": ch.title.de}, key,
                {"en": sec.title.en, "de": sec.title.de}, {"en": sec.text.en, "de": sec.text.de},
                keywords, tuple(dict.fromkeys(cards)), game,
            ))
    return tuple(out)


KEYWORD, TITLE, TEXT = 8, 5, 1
"""What a query word weighs where it is a whole word: among a section's keywords (the section that
defines the term), in its title, in its text (counted up to three times); a word that only begins a
word there ("pirat" in "Piraten") weighs half."""
OTHER_LANGUAGE = 4
"""A match in the other language than the page's counts a quarter: the page's own language first."""


def _score(word: str, words: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]) -> int:
    keywords, title, text = words
    score = 0
    for weight, where, most in ((KEYWORD, keywords, 1), (TITLE, title, 1), (TEXT, text, 3)):
        whole = min(most, where.count(word))
        begun = min(most - whole, sum(1 for x in where if x != word and x.startswith(word)))
        score += 2 * weight * whole + weight * begun
    return score


def search(query: str, lang: str | None = None, limit: int = 12, game: str | None = DEFAULT_GAME) -> list[Hit]:
    """Sections of ``game``'s chapters (``None``: of every game) in which every word of ``query``
    begins a word (keywords, title or text, either language), best first.

    Whole words weigh more than beginnings, keywords (the section defining a term) most, then the
    title, then the text (:data:`KEYWORD`); with ``lang`` (the page's language) a match in that language
    counts fully and one in the other a quarter, and the hit shows ``lang``'s text; without it both count
    alike and the hit shows the language the query matched best.
    """
    if game is not None and game not in TUTOR_GAMES:
        raise ValueError(f"unknown game {game!r}: the games are {', '.join(TUTOR_GAMES)}")
    words = query_words(query)
    if not words:
        return []
    hits = []
    for e in (e for g in TUTOR_GAMES if game in (None, g) for e in index(g)):
        per_lang = {"en": 0, "de": 0}
        for word in words:
            found = {lg: _score(word, e.words[lg]) for lg in ("en", "de")}
            if not any(found.values()):
                break
            for lg in found:
                per_lang[lg] += found[lg]
        else:
            if lang in per_lang:
                other = "de" if lang == "en" else "en"
                total = OTHER_LANGUAGE * per_lang[lang] + per_lang[other]
                hits.append(Hit(e, total, lang))
            else:
                shown = "de" if per_lang["de"] > per_lang["en"] else "en"
                hits.append(Hit(e, OTHER_LANGUAGE * max(per_lang.values()), shown))
    order = list(TUTOR_GAMES)
    hits.sort(key=lambda h: (-h.score, order.index(h.entry.game), h.entry.chapter))
    return hits[:limit]
