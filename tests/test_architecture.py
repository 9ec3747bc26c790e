"""The package's shape: no import cycles, no rendering in the window, and a core that runs without Qt."""
from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "idphoto_gui"
ROOT = PACKAGE.parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """Package modules imported anywhere in a file (top level or inside functions)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(max(node.level - 1, 0)):
                base = base.rpartition(".")[0]
            target = (f"{base}.{node.module}" if node.module else base) if node.level else node.module or ""
            found.add(target)
            found |= {f"{target}.{a.name}" for a in node.names}
    return {m for m in found if m in modules and m != name}


def _graph() -> dict[str, set[str]]:
    files = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: _imports(path, set(files)) for name, path in files.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    return out


def _without_packages(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """A package's __init__ re-exporting its modules is not a cycle with them."""
    return {m: {d for d in deps if not m.startswith(d + ".")} for m, deps in graph.items()}


def test_no_import_cycles():
    assert _cycles(_without_packages(_graph())) == []


# core's rooms, top floor first: a room may import only the rooms below it (and itself).
CORE_ROOMS = ("desktop", "orders", "kiosk", "sheets", "render", "body", "geometry", "analysis", "faces", "matting",
              "imaging", "templates")
FOUNDATION = "foundation"   # the modules directly in core/: errors, paths, numbers, models, findings


def _room(module: str) -> str | None:
    """The core room a module lives in (None outside core)."""
    if not module.startswith("idphoto_gui.core"):
        return None
    parts = module.split(".")
    if len(parts) >= 3 and parts[2] in CORE_ROOMS:
        return parts[2]
    return FOUNDATION


def test_core_rooms_import_only_downwards():
    order = {room: i for i, room in enumerate(CORE_ROOMS + (FOUNDATION,))}
    bad = []
    for module, deps in _graph().items():
        here = _room(module)
        if here is None:
            continue
        for dep in deps:
            there = _room(dep)
            if there is None:
                bad.append(f"{module} -> {dep} (core imports outside core)")
            elif dep != "idphoto_gui.core" and order[there] < order[here]:
                bad.append(f"{module} -> {dep} ({here} may not import {there})")
    assert bad == [], "\n".join(sorted(bad))


def test_core_has_only_rooms_and_foundation():
    core = PACKAGE / "core"
    loose = sorted(p.name for p in core.glob("*.py"))
    assert loose == ["__init__.py", "errors.py", "findings.py", "models.py", "numbers.py", "paths.py"]
    rooms = sorted(p.name for p in core.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert rooms == sorted(CORE_ROOMS)


# qt's rooms, top floor first: a room may import only the floors below it (and itself), so the window and the
# kiosk, which share a floor, never import each other. Below the lowest floor lies the core.
QT_FLOORS = (("app",), ("window", "kiosk"), ("widgets",), ("common",))


def _qt_floor(module: str) -> tuple[str, int] | None:
    """(room, floor) of a module in qt (None outside qt, for the qt package itself and for a loose module)."""
    parts = module.split(".")
    if parts[:2] != ["idphoto_gui", "qt"] or len(parts) < 3:
        return None
    return next(((parts[2], i) for i, rooms in enumerate(QT_FLOORS) if parts[2] in rooms), None)


def test_qt_rooms_import_only_downwards():
    bad = []
    for module, deps in _graph().items():
        here = _qt_floor(module)
        if here is None:
            continue
        for dep in deps:
            there = _qt_floor(dep)
            if there is not None and there[0] != here[0] and there[1] <= here[1]:
                bad.append(f"{module} -> {dep} ({here[0]} may not import {there[0]})")
    assert bad == [], "\n".join(sorted(bad))


def test_qt_has_only_rooms_and_the_app():
    qt = PACKAGE / "qt"
    entries = sorted(p.name for p in qt.iterdir() if p.name != "__pycache__")
    rooms = sorted(room for floor in QT_FLOORS[1:] for room in floor)
    assert entries == sorted(["__init__.py", "app.py", *rooms])
    assert len(entries) <= 14

def test_the_window_does_not_render_or_crop():
    banned = re.compile(r"\b(blend|warp|render_rgba|auto_crop|plan_crop|crop_to_output_matrix|measure|"
                        r"quick_findings|source_findings\(face=)\(")
    hits = [f"{p.relative_to(ROOT)}:{i}" for p in (PACKAGE / "qt").rglob("*.py")
            for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if banned.search(line)]
    assert hits == [], "rendering and crop policy belong to core.session"


def test_core_tests_pass_where_pyside6_cannot_be_imported(tmp_path):
    blocker = tmp_path / "sitecustomize.py"
    blocker.write_text("import sys\nclass _NoQt:\n"
                       "    def find_spec(self, name, path=None, target=None):\n"
                       "        if name == 'PySide6' or name.startswith('PySide6.'):\n"
                       "            raise ImportError('PySide6 is blocked in this test')\n"
                       "sys.meta_path.insert(0, _NoQt())\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    tests = ["tests/core/test_session.py", "tests/core/test_compose.py", "tests/core/test_geometry.py",
             "tests/core/test_desktop_engine.py"]
    run = subprocess.run([sys.executable, "-c", "import PySide6"], env=env, capture_output=True)
    assert run.returncode != 0, "the blocker works"
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:pytest-qt",
                          "-p", "no:qt", *tests], cwd=ROOT, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
