"""The package's layers (``docs/architecture.md``), checked on every module's imports: the shared core
imports no game; each game's referee imports the core and itself, nothing of another game, the
bots, the tutor, the widgets or the app; the bots import no referee; and code outside a referee's
package imports only the modules that referee names public (``PUBLIC_MODULES``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import importexport.importexport as ie
import importexport.portroyal as pr

PACKAGE = Path(ie.__file__).resolve().parents[1]
ENGINES = {"importexport.importexport": set(ie.PUBLIC_MODULES), "importexport.portroyal": set(pr.PUBLIC_MODULES)}
CORE = {"importexport", "importexport.protocol", "importexport.errors", "importexport.rng", "importexport.bounds",
        "importexport.catalog", "importexport.saves", "importexport.scenario_text", "importexport.palette",
        "importexport.boundary", "importexport.file_words"}
UPPER = ("importexport.bots", "importexport.tutor", "importexport.widgets", "importexport.app", "importexport.session",
         "importexport.cli", "importexport.simulate", "importexport.bench", "importexport.docs", "importexport.rooms")


def modules() -> dict[str, list[str]]:
    """Every module of the package with the modules it imports from (relative imports resolved)."""
    out: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        package = name if parts[-1] == "__init__" else name.rsplit(".", 1)[0]
        found = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                    found += [target] if node.module else [f"{target}.{a.name}" for a in node.names]
                else:
                    found.append(node.module or "")
            elif isinstance(node, ast.Import):
                found += [a.name for a in node.names]
        out[name] = found
    return out


MODULES = modules()


def in_core(name: str) -> bool:
    return name in CORE or any(name.startswith(c + ".") for c in CORE - {"importexport"})


def engine_of(name: str) -> str | None:
    return next((e for e in ENGINES if name == e or name.startswith(e + ".")), None)


def test_the_walk_sees_the_whole_package() -> None:
    assert "importexport.importexport.engine" in MODULES and "importexport.portroyal.game" in MODULES
    assert "importexport.importexport.abilities.piracy" in MODULES and len(MODULES) > 100


@pytest.mark.parametrize("name", sorted(n for n in MODULES if in_core(n)))
def test_the_core_imports_no_game_and_no_upper_layer(name: str) -> None:
    bad = [m for m in MODULES[name] if engine_of(m) or m.startswith(UPPER)]
    if name == "importexport":  # the package re-exports Import/Export's main names, for short
        bad = [m for m in bad if m != "importexport.importexport"]
    assert not bad, f"{name} imports {bad}"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if engine_of(n)))
def test_a_referee_imports_only_the_core_and_itself(name: str) -> None:
    own = engine_of(name)
    bad = [m for m in MODULES[name] if m.startswith("importexport") and not (
        in_core(m) or engine_of(m) == own)]
    assert not bad, f"{name} imports {bad}"
    assert not any(m.startswith(("ipywidgets", "anywidget", "IPython")) for m in MODULES[name]), name


@pytest.mark.parametrize("name", sorted(n for n in MODULES if not engine_of(n)))
def test_outside_a_referee_only_its_public_modules_are_imported(name: str) -> None:
    bad = []
    for m in MODULES[name]:
        engine = engine_of(m)
        if engine and m != engine and m.removeprefix(engine + ".").split(".")[0] not in ENGINES[engine]:
            bad.append(m)
    assert not bad, f"{name} imports the referee's own modules {bad}"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n.startswith("importexport.bots")))
def test_the_bots_reach_the_games_only_through_the_protocol(name: str) -> None:
    bad = [m for m in MODULES[name] if engine_of(m)]
    assert not bad, f"{name} imports {bad}"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n.startswith("importexport.rooms")))
def test_the_rooms_import_no_widget_and_no_referee(name: str) -> None:
    bad = [m for m in MODULES[name] if engine_of(m) or m.startswith(("importexport.widgets", "importexport.app",
                                                                       "importexport.tutor", "ipywidgets", "anywidget"))]
    assert not bad, f"{name} imports {bad}"
