"""The package's layers only point down (io <- model <- clues | engine | pdf <- cli) and no
module imports one that imports it back: import-linter's contract in pyproject.toml, and a
cycle check over the import graph. Both are shown to fail on a deliberately added upward
import in a copy of the package."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import networkx as nx

ROOT = Path(__file__).resolve().parent.parent


def cycles(package: str = "authoring") -> list[list[str]]:
    """Groups of modules that import each other at run time (type-checking imports aside)."""
    graph = grimp.build_graph(package, exclude_type_checking_imports=True, cache_dir=None)
    g = nx.DiGraph()
    for m in graph.modules:
        for imported in graph.find_modules_directly_imported_by(m):
            g.add_edge(m, imported)
    return sorted(sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1)


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """Run import-linter on the package found in ``root`` with the project's contract."""
    return subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()",
         "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": ""},
        capture_output=True,
        text=True,
        check=False,
    )


def test_layers_point_down() -> None:
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2 kept, 0 broken" in run.stdout


def test_no_import_cycles() -> None:
    assert cycles() == []


def test_an_upward_import_breaks_the_contract(tmp_path: Path) -> None:
    copy = tmp_path / "authoring"
    shutil.copytree(ROOT / "authoring", copy, ignore=shutil.ignore_patterns("__pycache__", "*.ttf", "json"))
    target = copy / "model" / "board.py"
    target.write_text(target.read_text("utf-8") + "\nfrom authoring.pdf import layout  # upward\n", "utf-8")
    run = lint_imports(tmp_path)
    assert run.returncode != 0
    assert "authoring.model is not allowed to import authoring.pdf" in run.stdout
    assert "authoring.model.board -> authoring.pdf.layout" in run.stdout


def test_a_cycle_is_found(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    pkg = tmp_path / "loopy"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from loopy import b\n")
    (pkg / "b.py").write_text("import typing\nif typing.TYPE_CHECKING:\n    from loopy import c\nfrom loopy import a\n")
    (pkg / "c.py").write_text("from loopy import b\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert cycles("loopy") == [["loopy.a", "loopy.b"]]


def self_imports(root: Path = ROOT / "authoring") -> list[str]:
    """``file:line: import`` where a module of ``authoring.X`` imports its own package
    ``authoring.X`` (``from authoring.X import name``, ``import authoring.X``): such a line
    runs the package's ``__init__`` from inside it, a loop import-linter resolves away."""
    found = []
    for path in sorted(root.rglob("*.py")):
        package = ".".join(path.relative_to(root.parent).with_suffix("").parts[:2])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names if a.asname is None]
            if package != "authoring.__init__" and package in names:
                found.append(f"{path.relative_to(root.parent)}:{node.lineno}: {package}")
    return found


def test_no_module_imports_its_own_package() -> None:
    assert self_imports() == []


def test_the_self_import_check_sees_one(tmp_path: Path) -> None:
    pkg = tmp_path / "authoring" / "engine"
    pkg.mkdir(parents=True)
    (pkg / "flow.py").write_text("from authoring.engine import army\nimport authoring.engine.army as a\n")
    assert self_imports(tmp_path / "authoring") == ["authoring/engine/flow.py:1: authoring.engine"]


def test_one_engine_module_loads_alone() -> None:
    """Importing ``engine.rng`` loads neither the rest of the engine nor shapely (the
    package's names are loaded on first use); only ``engine.native``, which chooses between
    the compiled build and the sources, runs first."""
    code = ("import sys, authoring.engine.rng; "
            "print(sorted(m for m in sys.modules if m.startswith(('authoring', 'shapely'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    assert out.strip() == ("['authoring', 'authoring.engine', 'authoring.engine.native', "
                           "'authoring.engine.rng']")
