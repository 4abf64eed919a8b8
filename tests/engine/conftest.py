"""Shared fixtures of the engine tests: the shipped scenarios and the star test scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from authoring.engine import Game, State, flow
from authoring.model.game import GameModel, load_game
from authoring.model.workspace import default_path

HERE = Path(__file__).resolve().parent
STAR = HERE / "data" / "star-scenario.yaml"
SHIPPED = sorted(default_path("scenarios").glob("*.yaml"))


@pytest.fixture(scope="session")
def star_model() -> GameModel:
    return load_game(STAR)


@pytest.fixture(scope="session")
def scenario1() -> GameModel:
    return load_game(default_path("scenarios", "scenario-1.yaml"))


@pytest.fixture(scope="session")
def game1(scenario1: GameModel) -> Game:
    return Game.create(scenario1, players=4, difficulty="normal")


def cleared_state(game: Game, seed: int) -> State:
    """The setup of ``game`` in its players' phase with nothing pending and an empty
    island (no soldier, officer or cube): a test then puts exactly what it needs."""
    state = flow.setup(game, seed)
    n = game.topo.n
    state.phase = "players"
    state.pending = None
    state.queue.clear()
    state.soldiers = [0] * n
    state.officers = [0] * n
    state.cubes = [0] * n
    return state
