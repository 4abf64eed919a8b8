"""The workspace loads each file once, detects kinds, and reports what it cannot load."""

from __future__ import annotations

from pathlib import Path

from authoring.model.board import Board
from authoring.model.workspace import ROOT, Workspace, default_path, detect_kind

ISLAND = default_path("scenarios", "boards", "island.yaml")


def test_default_path_is_the_repository() -> None:
    assert Path(__file__).resolve().parents[2] == ROOT
    assert ISLAND.is_file()


def test_each_file_is_loaded_once() -> None:
    ws = Workspace()
    board = ws.load(ISLAND)
    assert isinstance(board, Board)
    assert ws.load(ISLAND) is board
    assert ws.load(str(ISLAND.parent / ".." / "boards" / "island.yaml")) is board
    scenario = ws.load(default_path("scenarios", "scenario-1.yaml"))
    assert scenario is not None and scenario.board is board  # the scenario reuses it
    assert not ws.report.has_errors


def test_kinds_from_key_name_or_folder(tmp_path: Path) -> None:
    ws = Workspace()
    for name, text, kind in (
        ("x.yaml", "kind: deck\n", "deck"),
        ("items.yaml", "items: []\n", "items"),
        ("other.yaml", "outline: []\nzones: []\n", "board"),
        ("unknown.yaml", "a: 1\n", None),
    ):
        p = tmp_path / name
        p.write_text(text)
        doc = ws.doc(p)
        assert doc is not None and detect_kind(doc) == kind, name
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "b.yaml").write_text("a: 1\n")
    doc = ws.doc(tmp_path / "boards" / "b.yaml")
    assert doc is not None and detect_kind(doc) == "board"


def test_unknown_kind_and_missing_reference(tmp_path: Path) -> None:
    ws = Workspace()
    p = tmp_path / "what.yaml"
    p.write_text("kind: boaard\n")
    assert ws.load(p) is None
    q = tmp_path / "plain.yaml"
    q.write_text("a: 1\n")
    assert ws.load(q) is None
    messages = ws.report.format()
    assert "what.yaml:1:7: error: unknown kind 'boaard' (did you mean 'board'?) [kind-unknown]" in messages
    assert "plain.yaml:1:1: error: cannot tell what kind of file this is [kind-unknown]" in messages
