"""An optional compiled build of the engine's hot modules (mypyc), used only when asked.

The Python sources stay the one home of every rule: a build is a translation of exactly
these files, made by ``python -m authoring.engine.compiled build [DIR]`` (default
``build/compiled``; needs mypyc, installed with mypy, and a C compiler), and used when
``RESISTANCE_COMPILED=DIR`` is set before the engine is imported. A build made from other
sources (a rule changed since) or for another Python is refused with a warning, and the
pure-Python engine runs: it is always the fallback. Results are identical either way
(tests/engine/test_compiled.py plays the same games both ways when a build exists).

Nothing here is imported unless the variable is set (:mod:`authoring.engine` asks first).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import warnings
from collections.abc import MutableSequence
from pathlib import Path

#: the modules compiled: the rules' hot paths (the random generator, lasting effects and
#: limited actions, the players' actions, the round, the army, the public API)
MODULES = ("rng", "log", "core", "players", "army", "resolve", "flow", "api", "view")
ENV = "RESISTANCE_COMPILED"
HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent  # authoring/
MANIFEST = "manifest.json"


def fingerprint() -> dict[str, str]:
    """What a build must match: the sources of :data:`MODULES` and the Python."""
    out = {m: hashlib.sha256((HERE / f"{m}.py").read_bytes()).hexdigest() for m in MODULES}
    out["python"] = f"{sys.implementation.cache_tag}-{sys.platform}"
    return out


def build(dest: Path) -> Path:
    """Compile :data:`MODULES` into ``dest`` (replaced), from a copy of the package."""
    dest = dest.resolve()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        shutil.copytree(PACKAGE, work / "authoring",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        files = [f"authoring/engine/{m}.py" for m in MODULES]
        subprocess.run([sys.executable, "-m", "mypyc", *files], cwd=work, check=True,
                       stdout=subprocess.DEVNULL)
        if dest.exists():
            shutil.rmtree(dest)
        (dest / "authoring" / "engine").mkdir(parents=True)
        for so in work.glob("*.so"):  # the shared runtime module mypyc makes
            shutil.copy2(so, dest / so.name)
        for m in MODULES:
            for so in (work / "authoring" / "engine").glob(f"{m}.*.so"):
                shutil.copy2(so, dest / "authoring" / "engine" / so.name)
    (dest / MANIFEST).write_text(json.dumps(fingerprint(), indent=1) + "\n")
    return dest


def enable(engine_path: MutableSequence[str], where: str) -> bool:
    """Put the build in ``where`` ahead of the sources of :mod:`authoring.engine` if it
    was made from these very sources; otherwise warn and leave the pure-Python engine."""
    root = Path(where)
    try:
        made = json.loads((root / MANIFEST).read_text())
    except (OSError, ValueError):
        warnings.warn(f"{ENV}={where}: no compiled build there; the pure-Python engine runs",
                      stacklevel=3)
        return False
    if made != fingerprint():
        warnings.warn(f"{ENV}={where}: the build was made from other sources (or another "
                      "Python); the pure-Python engine runs (rebuild: python -m "
                      "authoring.engine.compiled build)", stacklevel=3)
        return False
    sys.path.insert(0, str(root))
    engine_path.insert(0, str(root / "authoring" / "engine"))
    return True


def active() -> bool:
    """Whether the compiled modules are the ones running."""
    from authoring.engine import players

    return not str(getattr(players, "__file__", "")).endswith(".py")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in ("build", "check"):
        print("usage: python -m authoring.engine.compiled build|check [DIR]", file=sys.stderr)
        return 2
    where = Path(args[1] if len(args) > 1 else os.environ.get(ENV) or "build/compiled")
    if args[0] == "build":
        print(f"compiled {', '.join(MODULES)} into {build(where)}; use it with {ENV}={where}")
        return 0
    try:
        ok = json.loads((where / MANIFEST).read_text()) == fingerprint()
    except (OSError, ValueError):
        ok = False
    print(f"{where}: {'matches these sources' if ok else 'missing or made from other sources'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
