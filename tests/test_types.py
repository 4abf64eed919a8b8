"""The engine, the model and the clue solver type-check under ``mypy --strict`` (the rest
of the package under the project's own mypy settings): no ``Any`` leaks out of their
seams unannounced; the benchmarks type-check under the project's settings. Run here so
that CI holds it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _mypy(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """mypy run on ``args`` from the project's root (its settings), a fresh cache."""
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), *args],
        cwd=ROOT, capture_output=True, text=True, check=False)


def test_engine_model_and_clues_pass_mypy_strict(tmp_path: Path) -> None:
    r = _mypy(tmp_path, "--strict", "authoring/engine", "authoring/model", "authoring/clues")
    assert r.returncode == 0, r.stdout + r.stderr


def test_benchmarks_pass_mypy(tmp_path: Path) -> None:
    """The benchmarks import what the package still has (a benchmark that stops with an
    ImportError measures nothing: benchmarks/clues.py once did, unnoticed)."""
    r = _mypy(tmp_path, "benchmarks")
    assert r.returncode == 0, r.stdout + r.stderr
