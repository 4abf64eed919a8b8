"""``python -m authoring.engine.build [--clean | --status]``: compile the engine with mypyc.

The modules compiled, and how the package chooses between the build and the sources, are
in :mod:`authoring.engine.native` (read its docstring). The build writes extension modules
beside the sources (``authoring/engine/*.so``, never committed) and the sources' digests
(``compiled.json``); ``--clean`` removes both.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from authoring.engine.native import (
    BESIDE,
    COMPILED,
    HERE,
    PACKAGE,
    STAMP,
    digests,
    engine_kind,
    extensions,
)

_NOTHING = "resistance: nothing compiled, the engine runs its Python sources"
#: the shared library every compiled module loads (authoring/engine/native__mypyc…so)
_GROUP = f"{PACKAGE}.native"


def clean() -> list[Path]:
    """Remove the compiled build (the extension modules, the shared library, the stamp;
    those of :data:`BESIDE` an older build compiled)."""
    gone = [p for m in (*COMPILED, *BESIDE) for p in extensions(m)]
    gone += [p for p in HERE.glob(f"{_GROUP.rpartition('.')[2]}__mypyc*") if p.is_file()]
    gone += [STAMP] if STAMP.exists() else []
    for p in gone:
        p.unlink()
    return gone


def build() -> list[Path]:
    """Compile :data:`COMPILED` with mypyc into extension modules beside the sources and
    record the sources' digests; returns the files written."""
    import tempfile

    try:
        from mypyc.build import mypycify
        from setuptools import Distribution
    except ImportError as e:
        raise SystemExit(f"{_NOTHING}: the build needs mypy and setuptools ({e.name} is "
                         "missing): pip install -e \".[fast]\"") from None
    clean()
    root = HERE.parent.parent  # the folder holding the package `authoring`
    before = digests()
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="resistance-build-") as tmp:
        os.chdir(root)
        try:
            sources = [str(Path(*PACKAGE.split("."), f"{m}.py")) for m in COMPILED]
            try:
                modules = mypycify(sources, opt_level="3", target_dir=tmp, group_name=_GROUP)
            except SystemExit:  # mypy printed the type errors
                raise SystemExit(f"{_NOTHING}: the engine's sources do not type-check "
                                 "(mypy's errors above)") from None
            dist = Distribution({"name": "resistance-engine", "ext_modules": modules})
            dist.verbose = False
            cmd = dist.get_command_obj("build_ext")
            cmd.inplace = True
            cmd.build_temp = cmd.build_lib = tmp  # nothing left in the checkout but the modules
            cmd.ensure_finalized()
            try:
                cmd.run()
            except Exception as e:  # the compiler's or the linker's failure, in its words
                clean()
                raise SystemExit(f"{_NOTHING}: the C compiler failed ({e}); the build needs "
                                 "a C compiler and the Python headers (Debian: apt-get "
                                 "install build-essential python3-dev)") from None
        finally:
            os.chdir(cwd)
    STAMP.write_text(json.dumps(before, indent=1, sort_keys=True) + "\n")
    return [p for m in COMPILED for p in extensions(m)]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m authoring.engine.build [--clean | --status]``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args not in ([], ["--clean"], ["--status"]):
        print("usage: python -m authoring.engine.build [--clean | --status]", file=sys.stderr)
        return 2
    if args == ["--status"]:
        kind = engine_kind()
        print({"pure": "no compiled build: the engine runs its Python sources",
               "compiled": "compiled (mypyc): the build matches the sources",
               "stale": "a compiled build older than its sources: the engine runs its "
                        "Python sources (rebuild or --clean)"}[kind])
        return 0
    if args == ["--clean"]:
        gone = clean()
        print(f"removed {len(gone)} files: the engine runs its Python sources")
        return 0
    print(f"compiling {len(COMPILED)} engine modules with mypyc (about a minute)…", flush=True)
    made = build()
    print(f"compiled {len(made)} engine modules with mypyc (python -m authoring.engine.build "
          f"--clean removes them; RESISTANCE_PURE=1 runs the sources)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
