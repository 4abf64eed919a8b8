"""One gate (issue 27, item 2): what ``resistance validate`` refuses, ``play`` and
``simulate`` refuse too, with the same located messages and exit 1 — they used to play
a scenario whose bomb could not be crafted (R5.5) or whose base could not be found
(R6.1) and exit 0 without a word."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from authoring.cli import cli
from authoring.engine.check import load_playable
from authoring.io.errors import InputError
from authoring.model.game import GameModel, load_game

CASES = Path("tests/cases/scenario")
REFUSED = ["engine-cannot-craft", "engine-not-isolatable"]


def _expected(name: str) -> str:
    return (CASES / f"{name}.expected").read_text("utf-8")


@pytest.mark.parametrize("name", REFUSED)
def test_simulate_refuses_what_validate_refuses(name: str) -> None:
    r = CliRunner().invoke(cli, ["simulate", str(CASES / f"{name}.yaml"), "--games", "1",
                                 "--players", "4", "--difficulty", "normal"])
    assert r.exit_code == 1, r.output
    assert _expected(name) in r.output
    assert "games" not in r.output.split(_expected(name))[0]  # refused before any game


@pytest.mark.parametrize("name", REFUSED)
def test_play_refuses_what_validate_refuses(name: str) -> None:
    r = CliRunner().invoke(cli, ["play", str(CASES / f"{name}.yaml"), "--players", "3",
                                 "--bots", "3", "--no-timer"])
    assert r.exit_code == 1, r.output
    assert _expected(name) in r.output
    assert "the game cannot start" in r.output


@pytest.mark.parametrize("name", REFUSED)
def test_the_api_gate_raises_input_error(name: str) -> None:
    path = CASES / f"{name}.yaml"
    load_game(path)  # the files alone are fine: the engine's needs are the gate's
    with pytest.raises(InputError) as info:
        load_playable(path)
    assert f"[{name}]" in str(info.value)
    model = load_game(path)
    from authoring.engine.check import playability

    with pytest.raises(InputError):
        GameModel.from_json(model.to_json(), check=playability)


def test_the_shipped_scenario_passes_the_gate() -> None:
    assert load_playable("scenarios/scenario-1.yaml").scenario.id == "scenario-1"
