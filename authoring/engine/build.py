"""``python -m authoring.engine.build [--plain | --clean | --status]``: compile the engine
with mypyc (profile-guided by default, see :func:`build`; ``--plain``: one compile).

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


#: the games that train a profile-guided build: every bot's hot paths on the shipped game
#: (a few seconds, instrumented)
_TRAINING = (
    ["--games", "12"],
    ["--games", "10", "--bot", "random", "--players", "4"],
    ["--games", "1", "--bot", "search", "--budget", "2", "--players", "4", "--difficulty", "easy"],
)
#: the shipped scenario the training plays, beside the package
_TRAINING_SCENARIO = Path("scenarios") / "scenario-1.yaml"


def build(pgo: bool = True) -> list[Path]:
    """Compile :data:`COMPILED` with mypyc into extension modules beside the sources and
    record the sources' digests; returns the files written.

    ``pgo``: profile-guided (GCC only): compile once instrumented, play :data:`_TRAINING`
    (the shipped scenario beside the package), compile again laid out for what ran — about
    8 % faster games, the same games (the C compiler's choices change, not the code's
    meaning). Without GCC, the scenario or a clean training run, the plain build."""
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
            # one folder for both compiles: GCC names a profile after its object file
            cmd.build_temp = cmd.build_lib = tmp
            cmd.force = True
            cmd.ensure_finalized()
            base = [list(m.extra_compile_args or []) for m in modules]
            profile = Path(tmp) / "profile"

            # GCC: one shared library holds every compiled function, and only the modules'
            # init functions are looked up from outside (PyMODINIT_FUNC keeps them
            # visible): calls between the functions go direct and may be inlined, not
            # through the library's linkage table; calls into Python's own library go
            # through its table of addresses without a stub (callgrind, 300 − 100 games of
            # scenario 1: 12.71 M -> 11.98 M instructions a game, the same games)
            gcc = _gcc()
            own = ["-fno-semantic-interposition", "-fvisibility=hidden", "-fno-plt"] if gcc else []

            def compile_with(flags: list[str]) -> None:
                for m, args in zip(modules, base, strict=True):
                    m.extra_compile_args = [*args, *own, *flags]
                    m.extra_link_args = [f for f in flags if f.startswith("-fprofile-generate")]
                cmd.compiler = None  # a name to build_ext, not the compiler object of a run
                try:
                    cmd.run()
                except Exception as e:  # the compiler's or the linker's failure, in its words
                    clean()
                    raise SystemExit(f"{_NOTHING}: the C compiler failed ({e}); the build "
                                     "needs a C compiler and the Python headers (Debian: "
                                     "apt-get install build-essential python3-dev)") from None

            trained = False
            if pgo and gcc and (root / _TRAINING_SCENARIO).is_file():
                try:
                    compile_with([f"-fprofile-generate={profile}"])
                    _stamp(before)  # the instrumented build runs, not the sources
                    trained = _train(root)
                except SystemExit:  # an instrumented compile that failed: the plain build
                    pass
                STAMP.unlink(missing_ok=True)
            compile_with([f"-fprofile-use={profile}", "-fprofile-correction",
                          "-Wno-missing-profile"] if trained else [])
        finally:
            os.chdir(cwd)
    _stamp(before)
    return [p for m in COMPILED for p in extensions(m)]


def _stamp(recorded: dict[str, str]) -> None:
    """Record the sources' digests the build was made from (:data:`STAMP`)."""
    STAMP.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")


def _gcc() -> bool:
    """Whether the C compiler build_ext runs (``CC``, else Python's own) is GCC (its
    profiles are the ones read)."""
    import subprocess
    import sysconfig

    exe = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    try:
        out = subprocess.run([exe[0], "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return out.returncode == 0 and "Free Software Foundation" in out.stdout


def _train(root: Path) -> bool:
    """Play :data:`_TRAINING` with the instrumented build (a fresh process: the modules it
    imports are the build's); whether every run ended well."""
    import subprocess

    env = {k: v for k, v in os.environ.items() if k != "RESISTANCE_PURE"}
    env["PYTHONPATH"] = os.pathsep.join([str(root), *filter(None, [env.get("PYTHONPATH")])])
    for extra in _TRAINING:
        run = subprocess.run(
            [sys.executable, "-c", "from authoring.cli import main; main()",
             "simulate", str(_TRAINING_SCENARIO), "--seed", "1", "--json", *extra],
            cwd=root, env=env, capture_output=True, text=True, timeout=900)
        if run.returncode != 0:
            return False
    return True


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m authoring.engine.build [--plain | --clean | --status]``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args not in ([], ["--plain"], ["--clean"], ["--status"]):
        print("usage: python -m authoring.engine.build [--plain | --clean | --status]",
              file=sys.stderr)
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
    plain = args == ["--plain"]
    how = "about a minute and a half" if plain else \
        "a few minutes: compiled, trained on a few games, compiled again"
    print(f"compiling {len(COMPILED)} engine modules with mypyc ({how})…", flush=True)
    made = build(pgo=not plain)
    print(f"compiled {len(made)} engine modules with mypyc (python -m authoring.engine.build "
          f"--clean removes them; RESISTANCE_PURE=1 runs the sources)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
