"""The German texts keep to docs/glossary.md: one word per game term, none of the rejected variants."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REJECTED = {
    r"\b[Kk]aper\w*|\bgekapert\w*": "plündern",
    r"\bRaubz[uü]g\w*": "Plünderung",
    r"\bWarenart\w*": "Güterart",
    r"\bWaren\b": "Güter",
    r"\bWarenfarbe\w*": "Güterart",
    r"\b[Rr]aub(?:e|en|st|t|te|ten)?\b|\bgeraubt\w*": "plündern",
    r"\bZieh-Aktion\w*": "nachziehen",
}


def german_texts() -> list[tuple[str, str]]:
    """(place, text) for every file that holds German words: the package's code and data, the chapters,
    the catalogs (``locale/*/LC_MESSAGES/*.po``) and the German notebooks, and the docs."""
    files = [*(ROOT / "importexport").rglob("*.py"), *(ROOT / "importexport").rglob("*.yaml"),
             *(ROOT / "importexport" / "locale").rglob("*.po"),
             *(ROOT / "notebooks" / "de").glob("*.ipynb"), *(ROOT / "docs").glob("*.md"), ROOT / "README.md"]
    return [(str(f.relative_to(ROOT)), f.read_text(encoding="utf-8")) for f in files if f.name != "glossary.md"]


def test_the_glossary_lists_the_rejected_words() -> None:
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    for wanted in REJECTED.values():
        assert f"| {wanted}" in glossary or f", {wanted}" in glossary


def test_german_texts_use_the_glossarys_words() -> None:
    found = [f"{place}: {m.group(0)!r} (say {wanted!r})" for place, text in german_texts()
             for pattern, wanted in REJECTED.items() for m in re.finditer(pattern, text)]
    assert found == []


PORT_ROYAL_REJECTED = {
    r"\bMademoiselles?\b": "Señorita",
    r"\bExpedition(?:en)?\b": "Expeditionsaufruf",
    r"\bFeld(?:er|ern|es)?\b": "Ablagefeld",
    r"\bSolospiel\w*": "Solo-Spiel",
}
"""Port Royal's German keeps to the expansion text's words where it has them (docs/glossary.md, "Port
Royal"): the rejected word, and the expansion's word to say instead."""


def port_royal_german() -> list[tuple[str, str]]:
    """(place, text) for Port Royal's German: the German catalog's Port Royal messages and the German
    Port Royal notebooks (their cells and printed outputs)."""
    from babel.messages.pofile import read_po

    with open(ROOT / "importexport" / "locale" / "de" / "LC_MESSAGES" / "importexport.po", "rb") as po:
        catalog = read_po(po)
    out = [(f"catalog {m.context}", " ".join([m.string] if isinstance(m.string, str) else m.string))
           for m in catalog if m.context and (m.context.startswith("pr_") or m.context.startswith("files.pr_"))]
    for path in sorted((ROOT / "notebooks" / "de" / "portroyal").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts = ["".join(c["source"]) for c in cells] + ["".join(o.get("text", "")) for c in cells
                                                         for o in c.get("outputs", ())]
        out.append((str(path.relative_to(ROOT)), "\n".join(texts)))
    return out


def test_port_royal_german_uses_the_expansions_words() -> None:
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    assert all(f"| {wanted} |" in glossary for wanted in PORT_ROYAL_REJECTED.values())
    found = [f"{place}: {m.group(0)!r} (say {wanted!r})" for place, text in port_royal_german()
             for pattern, wanted in PORT_ROYAL_REJECTED.items() for m in re.finditer(pattern, text)]
    assert len(port_royal_german()) > 100 and found == []


def test_the_check_finds_a_rejected_word() -> None:
    assert re.search(next(iter(REJECTED)), "Spieler 1 kapert einen Container")
