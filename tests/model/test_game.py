"""load_game: a loaded game is plain, typed, frozen data that pickles and round-trips
through JSON; a broken scenario raises InputError with every located problem."""

from __future__ import annotations

import json
import pickle
from concurrent.futures import ProcessPoolExecutor
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest

from authoring.io.errors import InputError
from authoring.model.board import Board
from authoring.model.deck import ClueDeck
from authoring.model.game import JSON_FORMAT, GameModel, load_game
from authoring.model.scenario import Scenario
from authoring.model.schema.content import Content, Manifest
from authoring.model.workspace import default_path

SHIPPED = sorted(default_path("scenarios").glob("*.yaml"))


def _summary(g: GameModel) -> tuple[object, ...]:
    """What the engine reads of a game, compared across round-trips."""
    return (
        g.scenario.id,
        dict(g.scenario.soldiers),
        dict(g.scenario.officers_on_board),
        g.scenario.start,
        {k: (v.officers, v.speed, v.timer) for k, v in g.scenario.levels.items()},
        [(o.kind, sorted(o.candidates)) for o in g.scenario.objectives],
        g.board.topology,
        [(c.id, c.holes, c.copies, c.failure) for c in g.deck.cards],
        g.deck.allowed,
        g.content,
        g.manifest,
    )


@pytest.fixture(scope="module")
def game() -> GameModel:
    return load_game(default_path("scenarios", "scenario-1.yaml"))


def test_every_seam_is_typed(game: GameModel) -> None:
    assert isinstance(game.scenario, Scenario)
    assert isinstance(game.board, Board) and game.board is game.scenario.board
    assert isinstance(game.deck, ClueDeck)
    assert isinstance(game.manifest, Manifest)
    assert isinstance(game.content, Content)
    assert sum(i.copies for i in game.content.items) == 66  # R0.3
    with pytest.raises(FrozenInstanceError):
        game.board = game.board  # type: ignore[misc]


def test_nothing_of_the_loading_is_kept(game: GameModel) -> None:
    """No workspace, YAML document or report anywhere inside the pickled game."""
    data = pickle.dumps(game)
    for name in (b"Workspace", b"YamlDoc", b"Report", b"authoring.io.yamlio", b"networkx"):
        assert name not in data, name


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_pickle_round_trip(path: Path) -> None:
    g = load_game(path)
    data = pickle.dumps(g)
    assert len(data) < 150_000  # ~118 KB for the shipped scenario 1
    back = pickle.loads(data)
    assert _summary(back) == _summary(g)


def _remote_summary(g: GameModel) -> tuple[str, int, int]:
    return g.scenario.id, g.board.topology.n, g.deck.total_cards


def test_a_process_pool_receives_a_game(game: GameModel) -> None:
    with ProcessPoolExecutor(max_workers=1) as pool:
        assert pool.submit(_remote_summary, game).result() == ("scenario-1", 60, 43)


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_json_round_trip(path: Path) -> None:
    g = load_game(path)
    data = json.loads(json.dumps(g.to_json()))
    assert data["format"] == JSON_FORMAT
    back = GameModel.from_json(data)
    assert _summary(back) == _summary(g)
    assert back.to_json() == data


def test_json_that_is_not_a_game() -> None:
    for bad in ({}, {"format": "other"}, {"format": JSON_FORMAT, "files": {}, "scenario": "x"}):
        with pytest.raises(InputError) as e:
            GameModel.from_json(bad)
        assert "not a game in the 'resistance-game/1' format" in str(e.value)


def test_json_paths_cannot_leave_the_game(game: GameModel) -> None:
    data = game.to_json()
    data["files"]["../../evil.yaml"] = {}
    with pytest.raises(InputError, match="file path '../../evil.yaml' leaves the game"):
        GameModel.from_json(data)


def test_damaged_json_is_reported_like_a_file(game: GameModel) -> None:
    data = json.loads(json.dumps(game.to_json()))
    data["files"][data["scenario"]]["setup"]["start"] = ["N-E 99"]
    with pytest.raises(InputError) as e:
        GameModel.from_json(data)
    assert "unknown zone 'N-E 99' in setup.start" in str(e.value)


def test_a_broken_scenario_raises_with_its_located_problems(tmp_path: Path) -> None:
    text = default_path("scenarios", "scenario-1.yaml").read_text("utf-8")
    text = text.replace("board: boards/island.yaml", f"board: {default_path('scenarios', 'boards', 'island.yaml')}")
    text = text.replace("clues: ../cards/clues.yaml", f"clues: {default_path('cards', 'clues.yaml')}")
    text = text.replace("start: [N-E 1]", "start: [NE99]")
    path = tmp_path / "broken.yaml"
    path.write_text(text, "utf-8")
    with pytest.raises(InputError) as e:
        load_game(path)
    report = e.value.report
    assert [(d.line, d.col, d.code) for d in report.errors] == [(29, 11, "zone-unknown")]
    assert "unknown zone 'NE99' in setup.start (did you mean 'N-E 9'?)" in report.format()
