"""runtime/ is layered (docs/runtime-layers.md): each module imports only its own layer and
those below, with no import cycle, counting imports inside functions too. Only type-only
imports (`if TYPE_CHECKING:`) may reach up, and only to the interpreter's two types."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

RUNTIME = Path(__file__).resolve().parents[2] / "runtime"

# Bottom up. A module new to runtime/ goes into the lowest layer its imports allow.
LAYERS: dict[str, frozenset[str]] = {
    "core": frozenset({
        "runtime", "runtime.errors", "runtime.rng", "runtime.state", "runtime.frames",
        "runtime.hooks", "runtime.variables", "runtime.zones", "runtime.uses", "runtime.seats",
        "runtime.tallies",
    }),
    "domains": frozenset({
        "runtime.board", "runtime.dice", "runtime.selectors", "runtime.targets",
        "runtime.shares", "runtime.picking", "runtime.entering", "runtime.deal",
    }),
    "rules": frozenset({
        "runtime.ops", "runtime.ops.advance", "runtime.ops.board", "runtime.ops.cards",
        "runtime.ops.combat", "runtime.ops.defence", "runtime.ops.dice", "runtime.ops.flow",
        "runtime.ops.game", "runtime.ops.order", "runtime.ops.pieces", "runtime.ops.terrain",
        "runtime.ops.terrain_moves", "runtime.ops.turns", "runtime.ops.variables",
        "runtime.ops.piece_stats", "runtime.ops.piece_turns", "runtime.collisions",
        "runtime.ops.terrain_attack", "runtime.ops.viability",
        "runtime.weapons", "runtime.windows", "runtime.options", "runtime.respond",
        "runtime.between", "runtime.turns", "runtime.conditions", "runtime.effects",
        "runtime.interactions", "runtime.battle", "runtime.story", "runtime.story_hits",
        "runtime.env", "runtime.located", "runtime.guards", "runtime.rule_modules",
        "runtime.specialise", "runtime.written", "runtime.stepping", "runtime.written_lists",
        "runtime.written_turn", "runtime.written_windows",
    }),
    "interpreter": frozenset({"runtime.program", "runtime.machine"}),
    "play": frozenset({
        "runtime.views", "runtime.render", "runtime.audit", "runtime.log", "runtime.saves",
        "runtime.session", "runtime.replay", "runtime.match", "runtime.loading",
        "runtime.simulate", "runtime.sweep", "runtime.dask_run", "runtime.results",
        "runtime.figures", "runtime.agents", "runtime.agents.board_view",
        "runtime.agents.evaluation", "runtime.agents.heuristic", "runtime.agents.human",
        "runtime.agents.lookahead", "runtime.agents.mcts", "runtime.agents.random",
        "runtime.agents.scripted", "runtime.report", "runtime.report.charts",
        "runtime.agents.rerolls",
    }),
}
LEVEL = {module: level for level, modules in enumerate(LAYERS.values()) for module in modules}
NAMES = list(LAYERS)
# what a type-only import may reach up to: the interpreter's types, named in annotations
TYPES_ABOVE = frozenset({"runtime.machine", "runtime.program"})


def modules(root: Path) -> dict[str, Path]:
    """Every module of the package at `root`, by dotted name (a package by its own name)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(tree: ast.AST, type_only: bool = False):
    """(dotted name, imported name or None, line, type-only) for every absolute import at any
    depth (in functions too)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _type_checking(node):
            for inner in node.body:
                yield from imports(ast.Module(body=[inner], type_ignores=[]), True)
            for inner in node.orelse:
                yield from imports(ast.Module(body=[inner], type_ignores=[]), type_only)
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None, node.lineno, type_only
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                yield node.module, alias.name, node.lineno, type_only
        yield from imports(node, type_only)


def import_graph(root: Path, type_only: bool = False) -> nx.DiGraph:
    """Which module of the package at `root` imports which: an edge per importing module and
    module imported (`where`: file and line of the first such import). An import runs the
    packages above the module too, so it counts as importing them (but for those the importing
    module is in). Type-only imports count only with `type_only`."""
    found = modules(root)
    graph = nx.DiGraph()
    graph.add_nodes_from(found)
    for name, path in found.items():
        for module, member, line, typed in imports(ast.parse(path.read_text(), str(path))):
            if typed and not type_only:
                continue
            target = f"{module}.{member}" if f"{module}.{member}" in found else module
            parts = target.split(".")
            for i in range(1, len(parts) + 1):  # the module and every package above it
                reached = ".".join(parts[:i])
                # (a package the importing module is in was run before it anyway)
                above = reached != target and name.startswith(reached + ".")
                if reached in found and reached != name and not above \
                        and not graph.has_edge(name, reached):
                    graph.add_edge(name, reached, where=f"{path.relative_to(root.parent)}:{line}")
    return graph


def cycle_text(graph: nx.DiGraph) -> str | None:
    """One import cycle, each step with the file and line of its import, or None."""
    try:
        cycle = nx.find_cycle(graph)
    except nx.NetworkXNoCycle:
        return None
    return " -> ".join(f"{a} ({graph.edges[a, b]['where']})" for a, b, *_ in cycle) + \
        f" -> {cycle[0][0]}"


def test_no_import_cycle_in_runtime():
    found = cycle_text(import_graph(RUNTIME))
    assert found is None, f"import cycle: {found}"


def test_every_runtime_module_has_a_layer():
    unplaced = sorted(set(modules(RUNTIME)) - set(LEVEL))
    assert not unplaced, f"modules in no layer of {__name__}.LAYERS: {unplaced}"
    gone = sorted(set(LEVEL) - set(modules(RUNTIME)))
    assert not gone, f"layers name modules that are gone: {gone}"


def test_no_runtime_import_reaches_a_layer_above():
    graph = import_graph(RUNTIME)
    upward = [f"{a} ({NAMES[LEVEL[a]]}) imports {b} ({NAMES[LEVEL[b]]}) at {graph.edges[a, b]['where']}"
              for a, b in graph.edges if LEVEL.get(b, 0) > LEVEL.get(a, 0)]
    assert not upward, "\n".join(upward)


def test_core_imports_nothing_outside_the_core():
    graph = import_graph(RUNTIME)
    core = LAYERS["core"]
    outside = sorted(f"{a} imports {b}" for a, b in graph.edges if a in core and b not in core)
    assert not outside, outside


def test_type_only_imports_reach_up_only_for_the_interpreters_types():
    graph = import_graph(RUNTIME, type_only=True)
    upward = [f"{a} imports {b} at {graph.edges[a, b]['where']}" for a, b in graph.edges
              if LEVEL.get(b, 0) > LEVEL.get(a, 0) and b not in TYPES_ABOVE]
    assert not upward, "\n".join(upward)


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """A package whose cycle hides in a function, with a type-only import that makes none."""
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "low.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.high import H\n"
        "def f():\n    from pkg.sub import mid\n    return mid\n")
    (root / "sub" / "__init__.py").write_text("")
    (root / "sub" / "mid.py").write_text("import pkg.high\n")
    (root / "high.py").write_text("class H:\n    pass\n")
    return root


def test_a_cycle_through_a_function_level_import_is_found_and_named(planted: Path):
    assert cycle_text(import_graph(planted)) is None
    assert cycle_text(import_graph(planted, type_only=True)) is None
    (planted / "high.py").write_text("def g():\n    from pkg import low\n    return low\n")
    found = cycle_text(import_graph(planted))
    assert found is not None
    assert "pkg.low (pkg/low.py:5)" in found and "pkg.sub.mid (pkg/sub/mid.py:1)" in found
    assert "pkg.high (pkg/high.py:2)" in found


def test_type_only_imports_count_only_when_asked(planted: Path):
    (planted / "high.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                     "    from pkg.low import f\n")
    assert cycle_text(import_graph(planted)) is None
    assert "pkg.high (pkg/high.py:3)" in cycle_text(import_graph(planted, type_only=True))


REGISTERING = frozenset({"handler", "implements", "on_pieces", "hook", "specialises",
                         "specialises_check"})


def _registers(path: Path) -> bool:
    """Whether a module registers something with a decorator of the core's registries."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        for decorator in getattr(node, "decorator_list", ()):
            called = decorator.func if isinstance(decorator, ast.Call) else decorator
            if isinstance(called, ast.Name) and called.id in REGISTERING:
                return True
    return False


def test_rule_modules_imports_every_module_that_registers():
    graph = import_graph(RUNTIME)
    registering = {name for name, path in modules(RUNTIME).items() if _registers(path)}
    assert registering, "no module registers anything: the decorators were renamed"
    missing = sorted(registering - set(graph.successors("runtime.rule_modules")))
    assert not missing, f"add to runtime/rule_modules.py, or they never register: {missing}"
