"""Issue 30 item 5: the card abilities reach the game through a narrow typed context.

Every hook and helper in ``importexport/importexport/abilities`` receives the game as
``context.RulesContext`` and uses nothing of it but the protocol's members; no abilities module imports
the engine, not even for its types, nor a module that does; and the engine's ``Game`` has every member
with the protocol's signature.  Each check is also run on a planted violation, which it must find.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterator
from pathlib import Path

import grimp
import pytest

from importexport.importexport.context import RefusalContext, RulesContext
from importexport.importexport.engine import Game

ABILITIES = Path(__file__).resolve().parents[1] / "importexport" / "importexport" / "abilities"
CONTEXT = "RulesContext"
WHOLE_GAME = {"Game", "Referee", "RefusalContext"}  # annotations that would hand an ability more than the context
HOOKS = ("modify_", "on_", "watch_", "options_", "answer_", "describe_", "then_", "anytime_", "ask")
HOOK_NAMES = {"score", "wins", "at_end", "lent", "copy_of", "held_row", "keep_row", "used", "note_use"}
ENGINE = "importexport.importexport.engine"


def members(protocol: type) -> set[str]:
    """The members a protocol declares (its own and inherited): fields, properties, methods."""
    found: set[str] = set()
    for klass in protocol.__mro__:
        if klass.__module__ != protocol.__module__:
            continue
        found |= set(inspect.get_annotations(klass))
        found |= {n for n, v in vars(klass).items() if not n.startswith("_") and (callable(v) or isinstance(v, property))}
    return found


MEMBERS = members(RulesContext)


def functions(tree: ast.AST) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef, bool]]:
    """Every function in ``tree`` (nested ones too), its qualified name, and whether it is a method."""
    def walk(node: ast.AST, prefix: str, in_class: bool) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                yield from walk(child, f"{prefix}{child.name}.", True)
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                static = any(ast.unparse(d) == "staticmethod" for d in child.decorator_list)
                yield f"{prefix}{child.name}", child, in_class and not static
                yield from walk(child, f"{prefix}{child.name}.", False)
            else:
                yield from walk(child, prefix, in_class)
    yield from walk(tree, "", False)


def annotation(arg: ast.arg) -> str:
    return "" if arg.annotation is None else ast.unparse(arg.annotation).strip("'\"")


def is_hook(name: str) -> bool:
    return name.startswith(HOOKS) or name in HOOK_NAMES


def context_misuse(source: str, where: str) -> list[str]:
    """What the functions of ``source`` do with the game beyond the context: a hook whose first
    parameter is not a ``RulesContext``, a parameter typed as the whole game, a use of a context
    parameter (however named, or a plain alias of it) that is no member of the protocol."""
    found: list[str] = []
    for qualname, fn, method in functions(ast.parse(source)):
        args = fn.args.posonlyargs + fn.args.args
        params = args[1:] if method else args
        if method and is_hook(fn.name) and params and annotation(params[0]) != CONTEXT:
            found.append(f"{where}:{qualname} receives {annotation(params[0]) or 'an unannotated game'}, not the context")
        every = params + fn.args.kwonlyargs + [a for a in (fn.args.vararg, fn.args.kwarg) if a is not None]
        found += [f"{where}:{qualname} takes {a.arg}: {annotation(a)}" for a in every if annotation(a) in WHOLE_GAME]
        names = {a.arg for a in every if annotation(a) == CONTEXT}
        if method and is_hook(fn.name) and params:
            names.add(params[0].arg)
        found += [f"{where}:{qualname} uses {name}.{attr}" for name, attr in uses(fn, names) if attr not in MEMBERS]
    return found


def uses(fn: ast.AST, names: set[str]) -> list[tuple[str, str]]:
    """Every ``name.attr`` (and ``getattr(name, "attr")``) in ``fn`` for ``names`` and their plain aliases."""
    names = set(names)
    for node in ast.walk(fn):  # (an alias: ``t = g``)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id in names:
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    out: list[tuple[str, str]] = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in names:
            out.append((node.value.id, node.attr))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in {"getattr", "setattr", "hasattr"}
              and len(node.args) > 1 and isinstance(node.args[0], ast.Name) and node.args[0].id in names):
            attr = node.args[1]
            out.append((node.args[0].id, attr.value if isinstance(attr, ast.Constant) else "<a name in a variable>"))
    return out


def engine_imports(source: str, where: str) -> list[str]:
    """The imports in ``source`` (an abilities module) that reach the engine directly, wherever they
    stand: at the top, under ``TYPE_CHECKING``, inside a function."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            module = ("." * node.level) + (node.module or "")
            named = {a.name for a in node.names}
            if module.endswith("engine") or "engine" in named or module in {"..", "importexport.importexport"} and "Game" in named:
                found.append(f"{where}:{node.lineno} {ast.unparse(node)}")
        elif isinstance(node, ast.Import) and any(a.name == ENGINE for a in node.names):
            found.append(f"{where}:{node.lineno} {ast.unparse(node)}")
    return found


def missing_members(game: type, protocol: type) -> list[str]:
    """The protocol's members ``game`` lacks, or has with another signature."""
    hints: dict[str, object] = {}
    for klass in reversed(game.__mro__):
        hints |= inspect.get_annotations(klass)
    found = []
    for name in sorted(members(protocol)):
        wanted = inspect.getattr_static(protocol, name, None)
        has = inspect.getattr_static(game, name, None)
        if has is None and name not in hints:
            found.append(f"{game.__name__} has no {name}")
        elif callable(wanted) and not isinstance(wanted, property):
            if not callable(has):
                found.append(f"{game.__name__}.{name} is no method")
            elif params(has) != params(wanted):
                found.append(f"{game.__name__}.{name}{inspect.signature(has)} is not {name}{inspect.signature(wanted)}")
    return found


def params(fn: object) -> list[tuple[str, object, bool]]:
    """A method's parameters as the protocol compares them: name, kind, whether it has a default."""
    return [(p.name, p.kind, p.default is not p.empty) for p in inspect.signature(fn).parameters.values()]  # type: ignore[arg-type]


SOURCES = {p.name: p.read_text(encoding="utf-8") for p in sorted(ABILITIES.glob("*.py"))}


def test_the_abilities_use_only_the_contexts_members() -> None:
    assert len(SOURCES) > 10 and {"registry.py", "__init__.py"} <= set(SOURCES)
    assert [m for name, source in SOURCES.items() for m in context_misuse(source, name)] == []
    hooks = sum(is_hook(fn.name) for source in SOURCES.values() for _, fn, method in functions(ast.parse(source)) if method)
    assert hooks > 300  # (the check saw the hooks)


def test_no_abilities_module_imports_the_engine() -> None:
    assert [m for name, source in SOURCES.items() for m in engine_imports(source, name)] == []


def test_no_chain_of_imports_leads_from_the_abilities_to_the_engine_not_even_for_types() -> None:
    """Nor through a module the abilities use (the rules, the turn, the refusals): the contract
    ``abilities-context`` of ``pyproject.toml``, asked here of the graph itself."""
    graph = grimp.build_graph("importexport", cache_dir=None)
    abilities = "importexport.importexport.abilities"
    assert ENGINE in graph.find_descendants("importexport.importexport")
    sources = graph.find_descendants(abilities) | {abilities, "importexport.importexport.context"}
    assert {m: c for m in sources if (c := graph.find_shortest_chain(importer=m, imported=ENGINE))} == {}


@pytest.mark.parametrize("protocol", [RulesContext, RefusalContext])
def test_the_game_has_every_member_of_the_context(protocol: type) -> None:
    assert missing_members(Game, protocol) == []
    assert {"state", "emit", "notify", "mod", "working_memo"} <= MEMBERS


# --- planted violations: each check must find them ------------------------------------------------

PLANTED_HOOKS = {
    "private field": "class A(Ability):\n    def on_draw(self, g: RulesContext, holder: int, data: dict) -> None:\n        g._work = None\n",
    "decision interface": "class A(Ability):\n    def wins(self, g: RulesContext, seat: int) -> bool:\n        return bool(g.legal_actions())\n",
    "another name": "def helper(table: RulesContext, seat: int) -> None:\n    table.apply(None)\n",
    "an alias": "def helper(g: RulesContext) -> None:\n    t = g\n    t.undo()\n",
    "by name in a string": "def helper(g: RulesContext) -> None:\n    getattr(g, 'history_of_all')\n",
    "the whole game": "class A(Ability):\n    def score(self, g: Game, seat: int) -> int:\n        return 0\n",
    "an unannotated hook": "class A(Ability):\n    def modify_hand_size(self, g, seat, value):\n        return g.view(seat)\n",
}


@pytest.mark.parametrize("name", PLANTED_HOOKS)
def test_a_hook_reaching_past_the_context_is_found(name: str) -> None:
    source = SOURCES["instant.py"] + "\n\n" + PLANTED_HOOKS[name]
    assert context_misuse(source, "instant.py"), name


def test_an_engine_import_under_type_checking_is_found() -> None:
    planted = SOURCES["importing.py"] + "\nif TYPE_CHECKING:\n    from ..engine import Game\n"
    inner = SOURCES["importing.py"] + "\ndef f() -> None:\n    from .. import engine\n"
    assert engine_imports(planted, "importing.py") and engine_imports(inner, "importing.py")


def test_a_game_lacking_a_member_is_found() -> None:
    class Lacking(Game):
        notify = 0  # type: ignore[assignment]

        def seat_order(self) -> list[int]:  # type: ignore[override]
            return []

    found = missing_members(Lacking, RulesContext)
    assert found[0] == "Lacking.notify is no method" and found[1].startswith("Lacking.seat_order(self) ")
    assert len(found) == 2
    assert "Bare has no working_memo" in missing_members(type("Bare", (), {}), RulesContext)
