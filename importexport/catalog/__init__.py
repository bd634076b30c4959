"""Every user-facing sentence as a gettext message: English in the code, other languages in ``.po`` files.

A module keeps its sentences in a :class:`Table`: ``key -> English``, where a message that names a
count is an ``(English singular, English plural)`` pair, chosen by the count ``n`` (or the argument
the table names for that key).  Each message's gettext context is ``"<table>.<key>"``, so the same
English in two tables may be translated differently.  The translations live in
``importexport/locale/<lang>/LC_MESSAGES/importexport.po``; they are read with Babel, compiled in
memory once, and looked up with ``pgettext`` / ``npgettext`` (:func:`text`).

A table looks like the ``{key: {"en": ..., "de": ...}}`` dictionaries it replaces:
``TABLE[key][lang]`` is the template in ``lang`` (for a plural message: its form for several),
``TABLE[key].format(lang, **args)`` fills it in, choosing the plural form by the count.

The commands that gather every table (:mod:`importexport.catalog_tool`, a tool above every layer
that holds a table; see ``docs/i18n.md``)::

    python -m importexport.catalog_tool extract   # rewrite locale/importexport.pot, update every .po
    python -m importexport.catalog_tool check     # exit status 1 naming each problem of the catalogs
"""

from __future__ import annotations

import io
import re
import string
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog
    from babel.support import Translations

DOMAIN = "importexport"
SOURCE_LANG = "en"
LANGS: tuple[str, ...] = ("en", "de")
"""The languages of the project: English (the source language, in the code) and one ``.po`` file each."""
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
TEMPLATE_FILE = LOCALE_DIR / f"{DOMAIN}.pot"

Source = str | tuple[str, str]
"""A message in English: one text, or ``(singular, plural)`` for a message that names a count."""

FORBIDDEN = re.compile(r"\w\((?:s|es|n|en|e|er|in|innen)\)")
"""A plural written with a bracket ("card(s)", "Karte(n)", "Aktion(en)"): use a plural message instead."""

TABLES: dict[str, Table] = {}
"""Every table made so far, by name (the first part of its messages' context)."""


def po_file(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _read(path: Path, lang: str | None = None) -> Catalog:
    from babel.messages.pofile import read_po

    with path.open("rb") as fp:
        return read_po(fp, locale=lang, domain=DOMAIN)


@cache
def translations(lang: str) -> Translations | None:
    """The compiled catalog of ``lang`` (None for English, and for a language without a ``.po`` file)."""
    path = po_file(lang)
    if lang == SOURCE_LANG or not path.exists():
        return None
    from babel.messages.mofile import write_mo
    from babel.support import Translations

    po = _read(path, lang)
    for m in list(po):  # an untranslated plural would come out empty: leave it to the English
        if m.id and isinstance(m.id, tuple) and not all(m.string):
            po.delete(m.id, m.context)
    buffer = io.BytesIO()
    write_mo(buffer, po)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


def text(context: str, message: Source, lang: str, n: int | None = None) -> str:
    """The template of ``message`` in ``lang``; a plural message needs the count ``n``.

    English (and any language without a catalog, or a message it does not translate) gives the
    English text, with the plural form chosen by ``n``."""
    tr = translations(lang)
    if isinstance(message, tuple):
        if n is None:
            raise ValueError(f"{context}: a plural message needs a count")
        if tr is None:
            return message[0] if n == 1 else message[1]
        return tr.npgettext(context, message[0], message[1], n)
    return message if tr is None else tr.pgettext(context, message)


class Entry(Mapping[str, str]):
    """One message of a table: ``entry[lang]`` is its template (a plural message's form for several),
    ``entry.format(lang, **args)`` the filled-in text, its form chosen by the argument ``count``."""

    __slots__ = ("context", "source", "count", "_seen")

    def __init__(self, context: str, source: Source, count: str = "n") -> None:
        self.context, self.source, self.count = context, source, count
        self._seen: dict[tuple[str, int | None], str] = {}  # (lang, count) -> template, once looked up

    @property
    def plural(self) -> bool:
        return isinstance(self.source, tuple)

    def text(self, lang: str, n: int | None = None) -> str:
        found = self._seen.get((lang, n))
        if found is None:
            found = self._seen[lang, n] = text(self.context, self.source, lang, n)
        return found

    def forms(self, lang: str) -> tuple[str, ...]:
        """Every form of the template in ``lang`` (one, or the forms for one and for several)."""
        return (self.text(lang, 1), self.text(lang, 2)) if self.plural else (self.text(lang),)

    def format(self, lang: str, **args: Any) -> str:
        return self.text(lang, args.get(self.count) if isinstance(self.source, tuple) else None).format(**args)

    def __getitem__(self, lang: str) -> str:
        if lang not in LANGS:
            raise KeyError(lang)
        return self.text(lang, 2 if self.plural else None)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)

    def __repr__(self) -> str:
        return f"Entry({self.context!r}, {self.source!r})"


class Table(Mapping[str, Entry]):
    """A module's messages: ``key -> English`` (``(singular, plural)`` for a count), named ``name``.

    ``counts`` names, for the keys whose count is not the argument ``n``, the argument that is."""

    def __init__(self, name: str, entries: Mapping[str, Source], counts: Mapping[str, str] | None = None) -> None:
        unknown = set(counts or ()) - set(entries)
        if unknown:
            raise KeyError(f"{name}: counts for unknown keys {sorted(unknown)}")
        for key, source in entries.items():
            if not isinstance(source, str) and not (
                isinstance(source, tuple) and len(source) == 2 and all(isinstance(s, str) for s in source)
            ):
                raise TypeError(
                    f"{name}.{key}: write the English only (a text, or a (singular, plural) pair); the other "
                    "languages go into locale/<lang>/LC_MESSAGES/importexport.po (docs/i18n.md)"
                )
        self.name = name
        self._entries = {
            key: Entry(f"{name}.{key}", source, (counts or {}).get(key, "n")) for key, source in entries.items()
        }
        TABLES[name] = self

    def __getitem__(self, key: str) -> Entry:
        return self._entries[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def format(self, key: str, lang: str, **args: Any) -> str:
        """The message ``key`` in ``lang``, filled in with ``args``."""
        return self._entries[key].format(lang, **args)


# --- extract and check -----------------------------------------------------------------------

def template(tables: Mapping[str, Table], version: str) -> Catalog:
    """The catalog template: every message of ``tables``, in English, untranslated, in the order of
    :func:`_ordered`."""
    from babel.messages.catalog import Catalog

    pot = Catalog(domain=DOMAIN, fuzzy=False)
    _label(pot, "Template of the texts", version)
    for entry in _ordered(tables):
        pot.add(entry.source, ("", "") if entry.plural else "", context=entry.context)
    return pot


def _ordered(tables: Mapping[str, Table]) -> list[Entry]:
    """Every entry of ``tables``, the messages the template already has in its order and a new one
    right after the message before it in its table (the order modules happen to be imported in does
    not reorder the files, whose diffs stay small)."""
    known = {m.context: i for i, m in enumerate(_read(TEMPLATE_FILE) if TEMPLATE_FILE.exists() else ()) if m.id}
    keyed: list[tuple[tuple[float, int], Entry]] = []
    for table in tables.values():
        key: tuple[float, int] = (float("inf"), len(keyed))
        for entry in table.values():
            key = (known[entry.context], 0) if entry.context in known else (key[0], key[1] + 1)
            keyed.append((key, entry))
    return [entry for _, entry in sorted(keyed, key=lambda pair: pair[0])]


def _label(catalog: Catalog, title: str, version: str) -> None:
    """The header: what the file is and who keeps it (instead of gettext's placeholders)."""
    from datetime import UTC, datetime

    catalog.header_comment = (
        f"# {title} of importexport, the rules tutor and app for Import/Export.\n"
        "# The English lives in the code; see docs/i18n.md before editing."
    )
    catalog.project, catalog.version = DOMAIN, version
    catalog.copyright_holder, catalog.msgid_bugs_address = "the importexport authors", ""
    catalog.last_translator = "the importexport project"
    catalog.revision_date = datetime.now(UTC)
    catalog.language_team = (catalog.locale.english_name or str(catalog.locale)) if catalog.locale else ""


def _write(catalog: Catalog, path: Path) -> None:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def extract(tables: Mapping[str, Table], version: str) -> list[Path]:
    """Rewrite the template from ``tables`` (every table of the package: :func:`importexport.catalog_tool.tables`)
    and update every language's ``.po`` (translations kept; new messages untranslated, changed ones marked
    fuzzy, messages no table has any more dropped)."""
    pot = template(tables, version)
    if len(pot) < 2:  # a broken import would otherwise empty every catalog
        raise RuntimeError("no tables found: is every module of catalog_tool.SOURCES importable?")
    _write(pot, TEMPLATE_FILE)
    written = [TEMPLATE_FILE]
    for lang in LANGS:
        path = po_file(lang)
        if lang == SOURCE_LANG or not path.exists():
            continue
        po = _read(path, lang)
        po.update(pot)
        _label(po, f"{po.locale.english_name if po.locale else lang} texts", version)
        _write(po, path)
        written.append(path)
    translations.cache_clear()
    for table in TABLES.values():
        for entry in table.values():
            entry._seen.clear()
    return written


def fields(template_text: str) -> set[str]:
    """The names of a template's ``{placeholders}`` (without format specs)."""
    return {re.split(r"[.\[!:]", f, maxsplit=1)[0] for _, f, _, _ in string.Formatter().parse(template_text) if f}


def problems(tables: Mapping[str, Table]) -> list[str]:
    """Everything wrong with the catalogs against ``tables`` (every table of the package:
    :func:`importexport.catalog_tool.tables`), one line each (empty: all is well)."""
    found: list[str] = []
    wanted = {(entry.context, entry.source) for table in tables.values() for entry in table.values()}
    for table in tables.values():
        for entry in table.values():
            for form in (entry.source if entry.plural else (entry.source,)):
                if FORBIDDEN.search(form):
                    found.append(f"en {entry.context}: bracket plural in {form!r} (use a plural message)")
    if not TEMPLATE_FILE.exists():
        found.append(f"{TEMPLATE_FILE.name} is missing: run python -m importexport.catalog_tool extract")
    else:
        pot = _read(TEMPLATE_FILE)
        have = {(m.context, m.id) for m in pot if m.id}
        if have != wanted:
            found.append(f"{TEMPLATE_FILE.name} is out of date: run python -m importexport.catalog_tool extract")
    for lang in LANGS:
        if lang != SOURCE_LANG:
            found += _po_problems(lang, wanted)
    return found


def _po_problems(lang: str, wanted: set[tuple[str, Source]]) -> list[str]:
    path = po_file(lang)
    if not path.exists():
        return [f"{lang}: {path} is missing"]
    po = _read(path, lang)
    found: list[str] = []
    if po.plural_forms != "nplurals=2; plural=(n != 1);":
        found.append(f"{lang}: unexpected Plural-Forms {po.plural_forms!r}")
    seen: set[tuple[str, Source]] = set()
    for m in po:
        if not m.id:
            continue
        ctx = m.context or "(no context)"
        key = (m.context or "", m.id)
        seen.add(key)
        if key not in wanted:
            found.append(f"{lang} {ctx}: stale message {m.id!r} (no table has it: run extract)")
        sources = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy:
            found.append(f"{lang} {ctx}: fuzzy translation (review it, then remove the fuzzy flag)")
        if isinstance(m.id, tuple) and (len(strings) != 2 or not all(strings)):
            found.append(f"{lang} {ctx}: a plural message needs both forms")
        elif not all(strings):
            found.append(f"{lang} {ctx}: untranslated")
        for i, translated in enumerate(strings):
            if not translated:
                continue
            english = sources[min(i, len(sources) - 1)]
            if fields(translated) != fields(english):
                found.append(
                    f"{lang} {ctx}: placeholders {sorted(fields(translated))} differ from the English {sorted(fields(english))}"
                )
            if FORBIDDEN.search(translated):
                found.append(f"{lang} {ctx}: bracket plural in {translated!r} (use the plural forms)")
    for ctx, source in sorted(wanted - seen, key=lambda x: x[0]):
        found.append(f"{lang} {ctx}: missing from the catalog ({source!r}): run extract, then translate")
    return found
