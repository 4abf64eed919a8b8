"""Which engine runs: the compiled build (mypyc) or the Python sources.

The rules live in the ``.py`` files of this package and nowhere else. ``python -m
authoring.engine.build`` (:mod:`authoring.engine.build`) compiles the engine's modules
(:data:`COMPILED`) with mypyc into extension modules beside them (a few minutes, profile-guided
with GCC; ``--plain``: one compile, about a minute and a half; it needs
``pip install -e ".[fast]"``, a C compiler and the Python headers): the same games, about
four times faster (tests/engine/test_compiled.py plays the same studies both ways and
compares them byte for byte). ``--clean`` removes them; ``--status`` says which engine runs.

The pure-Python engine is always the fallback: with ``RESISTANCE_PURE=1`` in the
environment, or when a source changed after the build (the build records each source's
SHA-256; a stale build would play old rules), the engine imports its ``.py`` files and the
extension modules are left alone. A stale build is said once on standard error.

>>> engine_kind() in ("pure", "compiled", "stale")
True
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

#: the engine modules mypyc compiles (all or none: compiled modules call each other
#: directly, so a mix would run compiled code beside the sources it replaced)
COMPILED = (
    "api", "army", "bots", "check", "core", "describe", "flow", "game",
    "heuristic", "log", "outcome", "players", "resolve", "rng", "search", "state", "view",
)
#: engine modules that stay Python beside a build, the compiled modules being typed against
#: them (a change to one makes the build stale too): the action records, tuple subclasses
#: mypyc does not compile (and reads as fast from Python: their fields are the tuple's
#: item getters)
BESIDE = ("actions",)
#: set to 1 to run the pure-Python engine even where a compiled build is present
PURE_ENV = "RESISTANCE_PURE"

#: the engine's folder and package
HERE = Path(__file__).resolve().parent
PACKAGE = __name__.rpartition(".")[0]  # authoring.engine
#: the sources' SHA-256 at build time, beside the extension modules
STAMP = HERE / "compiled.json"


def digests() -> dict[str, str]:
    """Each compiled module's source SHA-256, and those of :data:`BESIDE` (what the build
    records)."""
    return {m: hashlib.sha256((HERE / f"{m}.py").read_bytes()).hexdigest()
            for m in (*COMPILED, *BESIDE)}


def extensions(module: str) -> list[Path]:
    """The extension modules built for ``module`` (none without a build)."""
    return [p for suffix in importlib.machinery.EXTENSION_SUFFIXES
            for p in [HERE / f"{module}{suffix}"] if p.exists()]


def engine_kind() -> str:
    """``compiled`` when a build matching the sources is present, ``stale`` when one is
    present but a source changed since, ``pure`` otherwise (no build)."""
    if not any(extensions(m) for m in COMPILED):
        return "pure"
    try:
        stamp = json.loads(STAMP.read_text())
    except (OSError, ValueError):
        return "stale"
    return "compiled" if stamp == digests() else "stale"


def running() -> str:
    """Which engine this process runs: ``compiled (mypyc)`` or ``pure Python``."""
    state = sys.modules.get(f"{PACKAGE}.state")
    if state is None:
        state = importlib.import_module(f"{PACKAGE}.state")
    origin = getattr(state, "__file__", "") or ""
    return "pure Python" if origin.endswith(".py") else "compiled (mypyc)"


class _Sources(importlib.abc.MetaPathFinder):
    """Finds the engine's compiled modules as their ``.py`` sources (the fallback); a
    stale build is said once, when the first of them loads."""

    def __init__(self, stale: bool) -> None:
        self.stale = stale

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != PACKAGE or name not in COMPILED and name not in BESIDE:
            return None  # (BESIDE: an older build may have compiled one)
        if self.stale:
            self.stale = False
            print("resistance: the compiled engine is older than its sources: running the "
                  "pure-Python engine (rebuild: python -m authoring.engine.build; remove: "
                  "python -m authoring.engine.build --clean)", file=sys.stderr)
        return importlib.util.spec_from_file_location(fullname, HERE / f"{name}.py")


def choose() -> None:
    """Run the sources when asked (``RESISTANCE_PURE=1``) or when the build is stale;
    called once by the package's ``__init__`` before any engine module loads."""
    kind = engine_kind()
    if kind == "pure" or any(isinstance(f, _Sources) for f in sys.meta_path):
        return
    if kind == "stale" or os.environ.get(PURE_ENV) == "1":
        sys.meta_path.insert(0, _Sources(stale=kind == "stale"))
