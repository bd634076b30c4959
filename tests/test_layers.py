"""The package's layers (``docs/architecture.md``) as import-linter contracts (``pyproject.toml``,
``[tool.importlinter]``): they hold, and a violation of each, planted in a copy of the package, breaks
exactly the contracts it should.  import-linter reads every import (``from M import a, b`` names each
module, ``from importexport import X`` goes through the package's ``__init__``, imports inside
functions count); what it cannot see, a module loaded by a name in a string, the package does not do
(checked here on every module's source)."""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import importexport.importexport as ie
import importexport.portroyal as pr

PACKAGE = Path(ie.__file__).resolve().parents[1]
PYPROJECT = PACKAGE.parent / "pyproject.toml"
CONTRACTS = {c["name"]: c for c in tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]}
REFEREES = {"importexport.importexport": ie.PUBLIC_MODULES, "importexport.portroyal": pr.PUBLIC_MODULES}

CHECKER = """
import copy, importlib.machinery, json, sys
import grimp
import importlinter.api  # noqa: F401  (sets import-linter up)
from importlinter.application.use_cases import create_report, read_user_options
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.independence import IndependenceContract
from importlinter.contracts.layers import LayersContract
from importlinter.contracts.protected import ProtectedContract
from importlinter.domain.contract import registry

for kind, name in ((ForbiddenContract, "forbidden"), (IndependenceContract, "independence"),
                   (LayersContract, "layers"), (ProtectedContract, "protected")):
    registry.register(kind, name)  # what the command lint-imports does first

class Copy:  # finds the package "importexport" in the folder being checked, before any installed one
    root = None

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        return importlib.machinery.PathFinder.find_spec(name, [cls.root]) if name == "importexport" else None

sys.meta_path.insert(0, Copy)
options = read_user_options(sys.argv[1])
package, planted, plants = sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
Copy.root = package
report = create_report(options, cache_dir=None)
out = {"package": {"broken": sorted(c.name for c, check in report.get_contracts_and_checks() if not check.kept),
                   "invalid": sorted(report.invalid_contract_options), "modules": report.module_count,
                   "origin": Copy.find_spec("importexport").origin}}
Copy.root = planted
whole = grimp.build_graph("importexport", include_external_packages=True, cache_dir=None)
real = report.graph
added = {name: sorted((module, m) for m in whole.find_modules_directly_imported_by(module)
                      if module not in real.modules or m not in real.find_modules_directly_imported_by(module))
         for name, module in plants.items()}
for name in plants:
    graph = copy.deepcopy(whole)  # the copy with this violation only
    for other, module in plants.items():
        if other != name:
            if module in real.modules:
                for importer, imported in added[other]:
                    graph.remove_import(importer=importer, imported=imported)
            else:
                graph.remove_module(module)
    broken = []
    for contract in options.contracts_options:
        kind = registry.get_contract_class(contract["type"])
        check = kind(contract["name"], options.session_options, contract).check(copy.deepcopy(graph), verbose=False)
        broken += [] if check.kept else [contract["name"]]
    out[name] = {"broken": broken, "added": added[name], "origin": Copy.find_spec("importexport").origin}
print(json.dumps(out))
"""
"""Runs import-linter's contracts on the package, then on a copy holding every planted violation: its
graph is built once, and each violation is checked on it with the others' imports taken out.  In a
process of its own, which has not imported the package (the copy shares its name)."""

PLANTED: dict[str, tuple[str, str, set[str]]] = {
    "from-names": ("session.py", "from .importexport import engine, rules", {"importexport-internals"}),
    "package-name": ("portroyal/scoring.py", "from importexport import Card", {"layers", "referees"}),
    "upper-order": ("tutor/facts.py", "from ..widgets import lang", {"layers", "widget-libraries"}),
    "siblings": ("tutor/games.py", "from ..session import Session", {"layers"}),
    "in-a-function": ("palette.py", "def f():\n    from .bots import make_bot", {"layers"}),
    "new-module": ("rooms_planted.py", "from . import rng", {"layers"}),  # in no layer
    "referees": ("portroyal/rules.py", "from ..importexport.cards import CARDS", {"layers", "referees"}),
    "portroyal-internals": ("widgets/table.py", "from ..portroyal.state import State", {"portroyal-internals"}),
    # (the rooms run bots: a bot that imports a referee takes the rooms to it as well)
    "bots": ("bots/base.py", "from ..portroyal import game", {"bots", "rooms"}),
    "rooms": ("rooms/store.py", "from ..importexport import engine", {"rooms"}),
    "widget-libraries": ("portroyal/view.py", "import ipywidgets", {"widget-libraries"}),
    # (the abilities may not import the engine even for its types, nor through a module they use)
    "abilities-context": ("importexport/abilities/importing.py", "if TYPE_CHECKING:\n    from ..engine import Game",
                          {"abilities-context"}),
    "abilities-through": ("importexport/tokens.py", "if TYPE_CHECKING:\n    from .engine import Game", {"abilities-context"}),
}
"""Each violation (one per module): the module it is added to in the copy, the import, the contracts
(by id) it must break.  The first three passed the walk this file did before import-linter: it
recorded only ``M`` for ``from M import a, b``, counted ``from importexport import X`` as the core,
and never checked the order of the upper layers."""


def module_name(where: str) -> str:
    return "importexport." + where.removesuffix(".py").replace("/", ".")


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, object]]:
    """The contracts checked on the package itself and on the planted copy, in one process."""
    tmp = tmp_path_factory.mktemp("planted")
    target = tmp / "importexport"
    shutil.copytree(PACKAGE, target, ignore=shutil.ignore_patterns("__pycache__", "locale", "static", "*.yaml",
                                                                    "*.ipynb", "*.po*"))
    for where, code, _ in PLANTED.values():
        module = target / where
        old = module.read_text(encoding="utf-8") if module.exists() else ""
        module.write_text(f"{old}\n{code}\n", encoding="utf-8")
    plants = {name: module_name(where) for name, (where, _, _) in PLANTED.items()}
    done = subprocess.run([sys.executable, "-c", CHECKER, str(PYPROJECT), str(PACKAGE.parent), str(tmp),
                           json.dumps(plants)], capture_output=True, text=True, check=True, timeout=300)
    found: dict[str, dict[str, object]] = json.loads(done.stdout.strip().splitlines()[-1])
    found["planted"] = {"origin": str(target / "__init__.py")}
    return found


def ids(names: object) -> set[str]:
    return {CONTRACTS[name]["id"] for name in names}  # type: ignore[attr-defined]


def test_the_contracts_hold(results: dict[str, dict[str, object]]) -> None:
    assert results["package"]["invalid"] == [] and results["package"]["broken"] == []
    assert results["package"]["origin"] == str(PACKAGE / "__init__.py")
    assert int(results["package"]["modules"]) > 100  # type: ignore[call-overload]
    assert {c["type"] for c in CONTRACTS.values()} == {"layers", "independence", "protected", "forbidden"}


@pytest.mark.parametrize("name", PLANTED)
def test_a_planted_violation_breaks_exactly_its_contracts(results: dict[str, dict[str, object]], name: str) -> None:
    assert results[name]["origin"] == results["planted"]["origin"]
    assert results[name]["added"], "the planted import is in the graph"
    assert ids(results[name]["broken"]) == PLANTED[name][2]


def test_from_m_import_a_b_records_every_module_it_names(results: dict[str, dict[str, object]]) -> None:
    session = "importexport.session"
    assert results["from-names"]["added"] == [[session, "importexport.importexport.engine"],
                                              [session, "importexport.importexport.rules"]]


def test_the_layers_are_drawn_as_the_architecture_page_draws_them() -> None:
    """Top down, each layer's modules in the page's drawing, a layer's first module on a lower line
    than the layer above's."""
    layers = [re.split(r"\s*[:|]\s*", layer) for layer in next(
        c for c in CONTRACTS.values() if c["id"] == "layers")["layers"]]
    assert [layer[0] for layer in layers] == ["cli", "widgets", "tutor", "bots", "importexport", "protocol"]
    page = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    drawing = page.split("## The layers", 1)[1].split("```")[1].splitlines()
    lines = []
    for layer in layers:
        assert all(re.search(rf"\b{tail}\b", "\n".join(drawing)) for tail in layer), layer
        lines.append(next(i for i, line in enumerate(drawing) if re.search(rf"`{layer[0]}\b", line)))
    assert lines == sorted(set(lines))


@pytest.mark.parametrize("referee", REFEREES)
def test_what_a_referee_protects_is_all_but_its_public_modules(referee: str) -> None:
    contract = next(c for c in CONTRACTS.values() if c["type"] == "protected" and c["allowed_importers"] == [referee])
    folder = PACKAGE.parent / referee.replace(".", "/")
    children = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"} | {
        p.parent.name for p in folder.glob("*/__init__.py")}
    assert set(REFEREES[referee]) <= children
    assert set(contract["protected_modules"]) == {f"{referee}.{m}" for m in children - set(REFEREES[referee])}


LOADERS = {"import_module", "__import__", "spec_from_file_location", "module_from_spec", "run_module", "run_path",
           "load_module", "exec_module", "SourceFileLoader"}
"""Ways to load a module by a name or path in a string, which no import graph sees."""


def loads_by_name(source: str) -> list[int]:
    """The lines of ``source`` that load a module by a name in a string."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in LOADERS:
                lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.module in ("importlib", "runpy", "importlib.util"):
            lines += [node.lineno for a in node.names if a.name in LOADERS]
    return lines


@pytest.mark.parametrize("planted", [
    "import importlib\nkit = importlib.import_module('importexport.portroyal.table_kit')",
    "from importlib import import_module\nkit = import_module(f'importexport.{game}.table_kit')",
    "kind = __import__('importexport.importexport.kind', fromlist=['KIND'])",
    "import importlib.util\nspec = importlib.util.spec_from_file_location('x', 'x.py')",
    "import runpy\nrunpy.run_module('importexport.cli')",
])
def test_a_module_loaded_by_a_name_in_a_string_is_found(planted: str) -> None:
    assert loads_by_name(planted)


def test_no_module_of_the_package_is_loaded_by_a_name_in_a_string() -> None:
    texts = {str(path.relative_to(PACKAGE)): path.read_text(encoding="utf-8") for path in sorted(PACKAGE.rglob("*.py"))}
    found = {name: lines for name, text in texts.items()
             if any(word in text for word in LOADERS) and (lines := loads_by_name(text))}
    assert found == {}, "load these modules with a plain import (or, a game, through its entry point)"


def game_id_checks(source: str, ids: frozenset[str]) -> list[int]:
    """The lines of ``source`` that test a game's id: a comparison (``==``, ``!=``, ``in``, ``not in``)
    with a game id written as a string (alone, or in a tuple, list or set), a ``match`` case on one, a
    table keyed by one (a dict's key, or a subscript: what differs per game looked up by its name), or
    any use of ``__module__`` (which names the referee a game comes from)."""
    def is_id(node: ast.AST) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in ids
        return isinstance(node, ast.Tuple | ast.List | ast.Set) and any(is_id(e) for e in node.elts)

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(is_id(n) for n in (node.left, *node.comparators)):
            found.append(node.lineno)
        elif isinstance(node, ast.MatchValue) and is_id(node.value):
            found.append(node.lineno)
        elif isinstance(node, ast.Dict) and any(k is not None and is_id(k) for k in node.keys):
            found.append(node.lineno)
        elif isinstance(node, ast.Subscript) and is_id(node.slice):
            found.append(node.lineno)
        elif isinstance(node, ast.Attribute) and node.attr == "__module__":
            found.append(node.lineno)
    return sorted(found)


def test_no_shared_module_tests_a_games_id() -> None:
    """Outside the game packages nothing asks which game it has (issue 30 item 2): what differs between
    games is a field or hook of the game's kind (its option schema, its table kit, its tutor adapter).
    The check itself finds a comparison, a ``match`` and ``__module__`` (planted below)."""
    from importexport.protocol import GAMES

    ids = frozenset(GAMES.ids())
    games = {PACKAGE / part.rsplit(".", 1)[1] for part in REFEREES}
    shared = [p for p in sorted(PACKAGE.rglob("*.py")) if not any(g in p.parents for g in games)]
    assert len(shared) > 50
    found = {str(p.relative_to(PACKAGE.parent)): lines for p in shared
             if (lines := game_id_checks(p.read_text(encoding="utf-8"), ids))}
    assert found == {}
    planted = ('if kit.id != "importexport":\n    pass\nok = game in ("portroyal", "x")\n'
               'match g:\n    case "portroyal":\n        pass\nm = type(g).__module__\nfine = g == "chess"\n'
               'OPTIONS = {"importexport": 1, "x": 2}\nw = WORDING["portroyal"]\nalso_fine = {"chess": 1}["chess"]\n')
    assert game_id_checks(planted, ids) == [1, 3, 5, 7, 9, 10]



def script_game_ids(source: str, ids: frozenset[str]) -> list[int]:
    """The lines of a JavaScript source with a game's id written as a string of its own (``"portroyal"``,
    ``'x'``, a template): what a script tests a game's name with."""
    names = "|".join(map(re.escape, sorted(ids)))
    pattern = re.compile(r"""(["'`])(?:""" + names + r")\1")
    return [n for n, line in enumerate(source.splitlines(), 1) if pattern.search(line)]


def test_no_shared_script_names_a_game() -> None:
    """The browser's side too (issue 30 item 2): a game's drawing is its own, an ES module its table kit
    gives (``TableKit.DRAWER``), which the board's frame imports; no script outside the game packages
    writes a game's id.  The check finds the test that picked Port Royal's drawing (planted below)."""
    from importexport.protocol import GAMES

    ids = frozenset(GAMES.ids())
    games = {PACKAGE / part.rsplit(".", 1)[1] for part in REFEREES}
    shared = [p for p in sorted(PACKAGE.rglob("*.js")) if not any(g in p.parents for g in games)]
    assert len(shared) >= 8 and {p.name for p in shared} >= {"board.js", "plain.js"}
    found = {str(p.relative_to(PACKAGE.parent)): lines for p in shared
             if (lines := script_game_ids(p.read_text(encoding="utf-8"), ids))}
    assert found == {}
    planted = ('if (pic.game === "portroyal") return drawPortRoyal();\nconst STORE = "importexport.projector";\n'
               "const id = `importexport`;\nif (g === 'chess') x();\n")
    assert script_game_ids(planted, ids) == [1, 3]

def game_classes(frame: str, drawers: dict[str, str]) -> dict[str, set[str]]:
    """Each game's own classes: those its drawer's module (``drawers``: game id -> source) writes that
    neither the frame (``frame``, board.js: the classes it gives elements, not those it only selects)
    nor another game's drawer writes."""
    made = set(re.findall(r"(?<![.\w-])(iex-[\w-]+)", frame))
    named = {game: set(re.findall(r"iex-[\w-]+", source)) for game, source in drawers.items()}
    return {game: names - made - set().union(*(n for g, n in named.items() if g != game)) for game, names in named.items()}


def stylesheet_classes(css: str) -> dict[str, set[str]]:
    """The classes each selector of a stylesheet names (comments and declarations left out)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found: dict[str, set[str]] = {}
    for head in re.findall(r"([^{};]+)\{", css):
        for selector in re.split(r",(?![^(]*\))", head):
            if (classes := set(re.findall(r"\.(iex-[\w-]+)", selector))) and not selector.strip().startswith("@"):
                found[" ".join(selector.split())] = classes
    return found


def test_no_selector_of_the_shared_stylesheet_names_a_games_class() -> None:
    """The frame's stylesheet (widgets/static/board.css) styles what every drawing shares; each game's
    table is styled by the stylesheet its drawer brings (``TableKit.DRAWER.css``).  No selector of the
    shared one names a class only one game's drawer writes (Import/Export's seat panels, Port Royal's
    harbour), and the check finds one that does (planted below)."""
    from importexport.protocol import GAMES, table_kit
    from importexport.widgets.board import STATIC

    drawers = {game: table_kit(game).DRAWER.module for game in GAMES.ids()}
    own = game_classes((STATIC / "board.js").read_text(encoding="utf-8"), drawers)
    assert {"iex-seat-panel", "iex-tile"} <= own["importexport"] and "iex-pr-harbour" in own["portroyal"]
    shared = stylesheet_classes((STATIC / "board.css").read_text(encoding="utf-8"))
    assert len(shared) > 20
    found = {sel: sorted(c & mine) for sel, c in shared.items() for mine in own.values() if c & mine}
    assert found == {}
    for game, kit_css in ((g, table_kit(g).DRAWER.css) for g in drawers):
        assert set().union(*stylesheet_classes(kit_css).values()) & own[game], f"{game}'s drawer brings no stylesheet of its own"
    planted = "/* .iex-tile */\n.iex-clickable:hover,\n.iex-host .iex-seat-panel { color: red; }\n@media (x) { .iex-legend-item { gap: 0; } }"
    assert {s for s, c in stylesheet_classes(planted).items() if c & own["importexport"]} == {".iex-host .iex-seat-panel"}


def test_the_abilities_reach_the_engine_by_no_import_at_run_time() -> None:
    """Issue 30 item 5: the engine drives the card abilities; they never call back into it.  No chain of
    imports made at run time (those under ``TYPE_CHECKING`` serve the annotations alone) leads from an
    ability, or from what it uses (the rules, the turn, the refusals), to ``engine``: the free choices'
    checks reach the refusals through ``flow.FREE_CHECKS``, where the engine registers them."""
    import grimp

    graph = grimp.build_graph("importexport", exclude_type_checking_imports=True, cache_dir=None)
    engine, abilities = "importexport.importexport.engine", "importexport.importexport.abilities"
    assert engine in graph.find_descendants("importexport.importexport")
    found = {m: graph.find_shortest_chain(importer=m, imported=engine)
             for m in graph.find_descendants(abilities) | {abilities}}
    assert {m: chain for m, chain in found.items() if chain} == {}
