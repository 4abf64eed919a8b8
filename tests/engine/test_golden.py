"""Golden transcripts (OpenSpiel's playthroughs): for every shipped scenario, a whole game
played by the simple bot with a fixed seed lives in tests/golden/ and is replayed here
line by line. A change of the rules shows as the first line that differs; regenerate with
``UPDATE_GOLDEN=1 python -m pytest tests/engine/test_golden.py`` after a deliberate change
and read the diff."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from authoring.engine import Game
from authoring.engine.bots import SimpleBot
from authoring.engine.transcript import TranscriptMismatch, check, play
from authoring.model.game import load_game
from authoring.model.workspace import default_path

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
SHIPPED = sorted(default_path("scenarios").glob("*.yaml"))
PLAYERS, DIFFICULTY, SEED, TABLE_SPEED = 4, "normal", 3, 4  # D10.1: 4 actions a minute


def _game(path: Path) -> Game:
    model = load_game(path)
    minutes = model.scenario.level(DIFFICULTY).timer
    return Game.create(model, PLAYERS, DIFFICULTY, action_budget=round(minutes * TABLE_SPEED))


def _header(path: Path, game: Game) -> list[str]:
    return [
        f"# {path.stem}: {game.scenario_id}, {PLAYERS} players, {DIFFICULTY}, seed {SEED}, "
        f"simple bot, {game.action_budget} team actions per players' phase (D10.1)",
        "# lines: [rule] event · > who: action  [json action] · = outcome",
    ]


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_transcript_replays(path: Path) -> None:
    game = _game(path)
    golden = GOLDEN / f"{path.stem}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        lines = _header(path, game) + play(game, SEED, SimpleBot(SEED))
        golden.write_text("\n".join(lines) + "\n", "utf-8")
    lines = golden.read_text("utf-8").splitlines()
    state = check(game, SEED, lines)
    assert state.outcome is not None


def test_every_shipped_scenario_has_a_transcript() -> None:
    missing = [p.stem for p in SHIPPED if not (GOLDEN / f"{p.stem}.txt").is_file()]
    assert missing == [], f"no golden transcript for {missing} (UPDATE_GOLDEN=1 makes one)"
    extra = sorted({g.stem for g in GOLDEN.glob("*.txt")} - {p.stem for p in SHIPPED})
    assert extra == [], f"transcripts of no shipped scenario: {extra}"


def test_a_changed_line_is_reported_with_its_number() -> None:
    path = SHIPPED[0]
    game = _game(path)
    lines = (GOLDEN / f"{path.stem}.txt").read_text("utf-8").splitlines()
    i = next(n for n, ln in enumerate(lines) if ln.startswith("[R8.4]"))
    broken = [*lines[:i], lines[i].replace("deployed", "sent"), *lines[i + 1:]]
    with pytest.raises(TranscriptMismatch) as e:
        check(game, SEED, broken)
    assert e.value.line == i + 1
