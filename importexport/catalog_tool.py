"""The catalog's commands: gather every table of the package, rewrite the template and the ``.po``
files from them, or name each problem of the catalogs (``docs/i18n.md``)::

    python -m importexport.catalog_tool extract   # rewrite locale/importexport.pot, update every .po
    python -m importexport.catalog_tool check     # exit status 1 naming each problem of the catalogs

A tool, above every layer: it imports the modules that hold the tables as plain imports (so the
layers' contracts see them), while :mod:`importexport.catalog` itself, in the core, imports none.
"""

from __future__ import annotations

import argparse
import sys
from types import ModuleType

from . import __version__, boundary, catalog, file_words, palette, plain_kit, protocol
from .importexport import coach, constants, describe, explain, i18n, module_info, picture, render
from .importexport import kind as ie_kind
from .importexport import table_kit as ie_table_kit
from .importexport import tutor_kit as ie_tutor_kit
from .portroyal import kind as pr_kind
from .portroyal import table_kit as pr_table_kit
from .portroyal import tutor_kit as pr_tutor_kit
from .portroyal import words
from .rooms import words as rooms_words
from .tutor import build, exercises, facts
from .widgets import anatomy, app, cards, chapter, common, game, guide, lang, lookup, rooms, setup
from .widgets import coach as widgets_coach
from .widgets import exercises as widgets_exercises

SOURCES: tuple[ModuleType, ...] = (
    constants, module_info, facts, chapter, widgets_exercises, lang, i18n, explain, describe, render, picture, coach,
    exercises, build, common, app, widgets_coach, cards, lookup, setup, game, anatomy, guide, words, palette,
    file_words, boundary, ie_table_kit, rooms_words, ie_kind, pr_kind, pr_table_kit, plain_kit, protocol, rooms,
    ie_tutor_kit, pr_tutor_kit,
)
"""The modules whose tables make up the catalog (Import/Export's table kit brings its referee's
``foresight`` and ``hints``, which are that referee's own)."""


def tables() -> dict[str, catalog.Table]:
    """Every table of the catalog, by name."""
    return dict(catalog.TABLES)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m importexport.catalog_tool",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("command", choices=("extract", "check"))
    args = parser.parse_args(argv)
    if args.command == "extract":
        for path in catalog.extract(tables(), __version__):
            print(f"wrote {path.relative_to(catalog.LOCALE_DIR.parent.parent)}")
        return 0
    found = catalog.problems(tables())
    print("\n".join(found) if found else f"ok ({sum(len(t) for t in tables().values())} messages)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
