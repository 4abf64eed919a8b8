"""The optional compiled engine (:mod:`authoring.engine.compiled`): a build made from other
sources is refused and the pure-Python engine runs; a build that matches plays the very
same games (every legal-action list, every log line, every final state) as the sources.
The last test runs only where a build exists (``python -m authoring.engine.compiled
build``): building takes a minute."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from authoring.engine import compiled

ROOT = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get(compiled.ENV) or ROOT / "build" / "compiled")

DIGEST = """
import hashlib, json
from authoring.engine import Game, apply, legal_actions, new_initial_state
from authoring.engine.api import random_action
from authoring.engine.compiled import active
from authoring.engine.rng import Rng
from authoring.model.game import load_game
from authoring.model.workspace import default_path
h = hashlib.sha256()
for name in ("scenario-1", "scenario-2", "scenario-3", "initiation"):
    game = Game.create(load_game(default_path("scenarios", name + ".yaml")), players=4)
    for seed in range(8):
        s = new_initial_state(game, seed)
        rng = Rng(seed)
        while s.outcome is None:
            legal = legal_actions(game, s)
            a = legal[rng.below(len(legal))] if seed % 2 else random_action(game, s, rng)
            h.update(repr((legal, a, [e.line() for e in apply(game, s, a)])).encode())
        h.update(json.dumps([s.to_json(), [e.to_json() for e in s.log]]).encode())
print(json.dumps([active(), h.hexdigest()]))
"""


def _play(env_value: str | None) -> tuple[bool, str]:
    env = {k: v for k, v in os.environ.items() if k != compiled.ENV}
    if env_value is not None:
        env[compiled.ENV] = env_value
    out = subprocess.run([sys.executable, "-c", DIGEST], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout
    used, digest = json.loads(out)
    return used, digest


def test_a_build_from_other_sources_is_refused(tmp_path: Path) -> None:
    made = compiled.fingerprint()
    made["players"] = "0" * 64  # a rule changed since the build
    (tmp_path / compiled.MANIFEST).write_text(json.dumps(made))
    path: list[str] = ["engine"]
    with pytest.warns(UserWarning, match="made from other sources"):
        assert not compiled.enable(path, str(tmp_path))
    assert path == ["engine"]


def test_no_build_there_is_refused(tmp_path: Path) -> None:
    path: list[str] = ["engine"]
    with pytest.warns(UserWarning, match="no compiled build there"):
        assert not compiled.enable(path, str(tmp_path / "missing"))
    assert path == ["engine"]


@pytest.mark.skipif(
    not (BUILD / compiled.MANIFEST).exists()
    or json.loads((BUILD / compiled.MANIFEST).read_text()) != compiled.fingerprint(),
    reason="no compiled build of these sources (python -m authoring.engine.compiled build)")
def test_the_compiled_engine_plays_the_same_games() -> None:
    pure_used, pure = _play(None)
    fast_used, fast = _play(str(BUILD))
    assert (pure_used, fast_used) == (False, True)
    assert fast == pure
