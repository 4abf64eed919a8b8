"""The compiled engine (mypyc, ``python -m authoring.engine.build``: profile-guided, the
default) plays exactly the games of its Python sources, and the sources stay the fallback.

The build is made in a copy of the package (a build in the checkout would shadow the
sources of every later test): the same studies (heuristic on every level and table size,
simple, random and search), the golden transcripts and a state's JSON are produced by the
compiled modules and by the sources (``RESISTANCE_PURE=1``) and compared byte for byte.
Then a source changed after the build makes the engine run its sources and say so, and
``--clean`` removes the build.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from authoring.engine.native import COMPILED

ROOT = Path(__file__).resolve().parents[2]

#: run inside the copy: which engine runs, then everything it plays, as JSON lines
PLAY = """
import json, sys
from pathlib import Path
from authoring.cli import main
from authoring.engine.native import running
from authoring.engine import Game
from authoring.engine.state import State
from authoring.engine.transcript import check
from authoring.engine.api import new_initial_state
from authoring.model.game import load_game

root = Path(sys.argv[1])
scenario = "scenarios/scenario-1.yaml"
import authoring
print(json.dumps({"engine": running(), "package": str(Path(authoring.__file__).parent)}))
sys.stdout.flush()
for extra in (["--games", "10", "--difficulty", "easy,hard"],
              ["--games", "10", "--bot", "simple", "--difficulty", "normal", "--players", "4"],
              ["--games", "20", "--bot", "random", "--difficulty", "normal", "--players", "4"],
              ["--games", "2", "--bot", "search", "--budget", "2", "--difficulty", "easy",
               "--players", "4"]):
    try:
        main(["simulate", scenario, "--json", "--seed", "5", *extra])
    except SystemExit as e:
        assert not e.code, e.code
    sys.stdout.flush()
# a finished game is freed as soon as it is dropped: no reference cycle keeps it (a nested
# function did, compiled: mypyc's frame environment and the function point to each other)
import gc
from authoring.engine.simulate import Study, run_study
model = load_game(scenario)  # (loading leaves a few cycles of its own: not counted)
gc.collect()
gc.disable()
run_study(model, Study(games=30, difficulties=("hard",), players=(4,), bot="heuristic"))
print(json.dumps({"cycles_left_by_games": gc.collect()}))
gc.enable()
for golden in sorted((root / "tests" / "golden").glob("*.txt")):
    lines = golden.read_text("utf-8").splitlines()
    model = load_game(Path("scenarios") / f"{golden.stem}.yaml")
    minutes = model.scenario.level("normal").timer
    game = Game.create(model, 4, "normal", action_budget=round(minutes * 4))
    state = check(game, 3, lines)
    print(json.dumps({"golden": golden.stem, "outcome": str(state.outcome)}))
game = Game.create(load_game(scenario), 4, "normal")
state = new_initial_state(game, 7)
print(json.dumps(State.from_json(state.to_json()).to_json(), sort_keys=True))
# the lasting effects (Mods, values) pickle and copy back equal, with the same hashes
import copy, pickle
mods = [i.ability for i in game.character_info] + list(game.item_mods)
back = pickle.loads(pickle.dumps(mods))
print(json.dumps({"pickled": [repr(m) for m in back], "equal": back == mods == copy.deepcopy(mods),
                  "hashes": len({*back, *mods})}))
"""


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A copy of the package with its engine compiled, and the environment that runs it."""
    where = tmp_path_factory.mktemp("compiled")
    shutil.copytree(ROOT / "authoring", where / "authoring", ignore=shutil.ignore_patterns(
        "__pycache__", "*.so", "compiled.json"))
    for game in ("cards", "scenarios", "docs"):  # the shipped game, found beside the package
        shutil.copytree(ROOT / game, where / game)
    env = {k: v for k, v in os.environ.items() if k != "RESISTANCE_PURE"}
    env["PYTHONPATH"] = str(where)
    made = _run([sys.executable, "-m", "authoring.engine.build"], where, env)
    assert made.returncode == 0, made.stdout[-3000:] + made.stderr[-3000:]
    assert made.stdout.splitlines()[0] == (
        f"compiling {len(COMPILED)} engine modules with mypyc (a few minutes: "
        "compiled, trained on a few games, compiled again)…")
    assert made.stdout.splitlines()[1].startswith(f"compiled {len(COMPILED)} engine modules")
    return where, env


def test_the_compiled_engine_plays_the_same_games_as_its_sources(
        built: tuple[Path, dict[str, str]]) -> None:
    where, env = built
    compiled = _run([sys.executable, "-c", PLAY, str(ROOT)], where, env)
    pure = _run([sys.executable, "-c", PLAY, str(ROOT)], where,
                {**env, "RESISTANCE_PURE": "1"})
    assert compiled.returncode == 0, compiled.stderr[-3000:]
    assert pure.returncode == 0, pure.stderr[-3000:]
    first_c, *games_c = compiled.stdout.splitlines()
    first_p, *games_p = pure.stdout.splitlines()
    assert json.loads(first_c) == {"engine": "compiled (mypyc)",
                                   "package": str(where / "authoring")}
    assert json.loads(first_p) == {"engine": "pure Python", "package": str(where / "authoring")}
    goldens = len(list((ROOT / "tests" / "golden").glob("*.txt")))
    assert sum(line.startswith('{"golden": ') for line in games_c) == goldens
    assert sum(line == '  "scenario": "scenario-1",' for line in games_c) == 4  # 4 studies
    for c, p in zip(games_c, games_p, strict=True):
        assert c == p
    assert len(games_c) == len(games_p)
    assert '{"cycles_left_by_games": 0}' in games_c and '{"cycles_left_by_games": 0}' in games_p
    assert '"equal": true' in games_c[-1]  # pickled and copied, the Mods compare equal
    assert "stale" not in compiled.stderr + pure.stderr


def test_a_source_changed_after_the_build_runs_the_sources(
        built: tuple[Path, dict[str, str]]) -> None:
    where, env = built
    which = [sys.executable, "-c",
             "from authoring.engine.native import running; print(running())"]
    assert _run(which, where, env).stdout == "compiled (mypyc)\n"
    rng = where / "authoring" / "engine" / "rng.py"
    source = rng.read_text("utf-8")
    try:
        rng.write_text(source + "# changed after the build\n", "utf-8")
        got = _run(which, where, env)
        assert got.stdout == "pure Python\n"
        assert got.stderr == (
            "resistance: the compiled engine is older than its sources: running the "
            "pure-Python engine (rebuild: python -m authoring.engine.build; remove: "
            "python -m authoring.engine.build --clean)\n")
        status = _run([sys.executable, "-m", "authoring.engine.build", "--status"], where, env)
        assert status.stdout.startswith("a compiled build older than its sources")
    finally:
        rng.write_text(source, "utf-8")
    gone = _run([sys.executable, "-m", "authoring.engine.build", "--clean"], where, env)
    assert gone.returncode == 0, gone.stderr
    assert not list((where / "authoring").rglob("*.so"))
    assert _run(which, where, env).stdout == "pure Python\n"
    assert _run([sys.executable, "-m", "authoring.engine.build", "--status"], where,
                env).stdout == "no compiled build: the engine runs its Python sources\n"


def test_a_failed_build_says_why_and_leaves_the_sources_running(
        built: tuple[Path, dict[str, str]]) -> None:
    where, env = built
    failed = _run([sys.executable, "-m", "authoring.engine.build"], where,
                  {**env, "CC": str(where / "no-such-compiler")})
    assert failed.returncode == 1
    assert failed.stderr.splitlines()[-1].startswith(
        "resistance: nothing compiled, the engine runs its Python sources: the C compiler "
        "failed (")
    assert "build-essential python3-dev" in failed.stderr and "Traceback" not in failed.stderr
    assert not list((where / "authoring").rglob("*.so"))
    assert _run([sys.executable, "-m", "authoring.engine.build", "--status"], where,
                env).stdout == "no compiled build: the engine runs its Python sources\n"
