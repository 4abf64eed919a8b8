"""The integer topology agrees with the board's graph (networkx) on every zone of every
board we have: one-move reach (R5.1), neighbours in deployment order (R8.4, D8.2)."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

from authoring.io.diagnostics import Report
from authoring.io.yamlio import load_file
from authoring.model.board import Board, build_board
from authoring.model.rules import MOVE_MOUNTAIN_PATHS, MOVE_ROADS
from authoring.model.workspace import default_path

ROOT = Path(__file__).resolve().parents[2]
BOARDS = [
    default_path("scenarios", "boards", "island.yaml"),
    ROOT / "tests" / "data" / "boards" / "tiny.yaml",
    ROOT / "tests" / "data" / "boards" / "xiii.yaml",
    ROOT / "tests" / "engine" / "situations" / "boards" / "star.yaml",
]


def _board(path: Path) -> Board:
    report = Report()
    doc = load_file(path, report)
    assert doc is not None
    board = build_board(doc, report)
    assert board is not None, report.format()
    return board


@pytest.fixture(scope="module", params=BOARDS, ids=[p.stem for p in BOARDS])
def board(request: pytest.FixtureRequest) -> Board:
    return _board(request.param)


def test_reach_is_three_roads_or_one_mountain_path(board: Board) -> None:
    g = board.graph
    roads = g.edge_subgraph([(a, b) for a, b, k in g.edges(data="kind") if k == "road"])
    paths = g.edge_subgraph([(a, b) for a, b, k in g.edges(data="kind") if k == "mountain"])
    t = board.topology
    for z in board.zones:
        expect: set[str] = set()
        if z.id in roads:
            expect |= set(nx.single_source_shortest_path_length(roads, z.id, cutoff=MOVE_ROADS))
        if z.id in paths:
            expect |= set(
                nx.single_source_shortest_path_length(paths, z.id, cutoff=MOVE_MOUNTAIN_PATHS)
            )
        expect.discard(z.id)
        assert set(t.ids_of(t.reach[t.index[z.id]])) == expect, z.id
        assert board.reach(z.id) == expect


def test_neighbours_in_deployment_order(board: Board) -> None:
    """Highest number first; equal numbers: own region first, then the region order."""
    t = board.topology
    for z in board.zones:
        got = board.neighbours(z.id)
        assert set(got) == set(board.graph.neighbors(z.id))
        keys = [
            (-board.zone(n).number, board.zone(n).region != z.region,
             board.region(board.zone(n).region).order)
            for n in got
        ]
        assert keys == sorted(keys), (z.id, got)
        assert [t.ids[j] for j in t.neighbours[t.index[z.id]]] == list(got)


def test_star_board_tie_breaks() -> None:
    """The situations' board: A 7 and B 7 tie on 7; A 1's own region first (D8.2).
    From C 1, neither 5 is its own region: the board's region order (C, B, A) decides."""
    star = _board(BOARDS[3])
    assert star.neighbours("A 1") == ("A 7", "B 7", "A 3", "A 2")
    assert star.neighbours("C 1") == ("B 5", "A 5", "C 2")


def test_region_and_zone_tables(board: Board) -> None:
    t = board.topology
    for i, z in enumerate(board.zones):
        assert t.ids[i] == z.id and t.index[z.id] == i
        assert t.regions[t.region[i]] == z.region
        assert (t.number[i], t.size[i], t.max_occupation[i], t.tokens[i]) == (
            z.number, z.value, z.max_occupation, z.tokens)
        assert i in t.zones_of_region[t.region[i]]
    assert sum(t.tokens) == board.total_tokens


def test_borders_option_uses_shared_borders() -> None:
    """D8.2's option: neighbours are zones whose areas share a border."""
    island = _board(BOARDS[0])
    t = island.topology_with("borders")
    polys = island.geometry.zone_polygons
    for i, zid in enumerate(t.ids):
        for j in t.neighbours[i]:
            shared = polys[zid].buffer(1e-6).intersection(polys[t.ids[j]].boundary).length
            assert shared >= 1.0
    with pytest.raises(ValueError, match="D8.2"):
        island.topology_with("corners")
