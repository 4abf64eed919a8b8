"""Board geometry: zone cells, coastal zones, borders and the mini-map transform."""

from __future__ import annotations

import pytest

from authoring.model.board import Board

SQUARE = """
id: sq
size: [100, 100]
outline: [[0, 0], [100, 0], [100, 100], [0, 100]]
regions: [{id: A}]
zones:
  - {region: A, number: 1, city: west, size: village, at: [25, 50]}
  - {region: A, number: 2, city: east, size: village, at: [75, 50]}
  - {region: A, number: 3, city: middle, size: town, at: [50, 50],
     polygon: [[40, 40], [60, 40], [60, 60], [40, 60]]}
roads: [{from: A 1, to: A 2}]
minimap: {window: [0, 0, 50, 50]}
"""


@pytest.fixture(scope="module")
def board() -> Board:
    return Board.from_yaml_text(SQUARE)


def test_cells_cover_the_island_without_overlap(board: Board) -> None:
    polys = board.geometry.zone_polygons
    assert list(polys) == ["A 1", "A 2", "A 3"]
    assert sum(p.area for p in polys.values()) == pytest.approx(100 * 100)
    assert polys["A 3"].area == pytest.approx(400)  # the given polygon
    assert polys["A 1"].intersection(polys["A 2"]).area == pytest.approx(0)
    assert polys["A 1"].contains(board.geometry.cities["A 1"])


def test_coastal_and_borders(board: Board) -> None:
    assert board.geometry.coastal == frozenset({"A 1", "A 2"})  # the middle square is inland
    assert board.coastal("A 1") and not board.coastal("A 3")
    assert sorted(board.geometry.borders()) == [("A 1", "A 2"), ("A 1", "A 3"), ("A 2", "A 3")]


def test_minimap_maps_the_board_into_the_window(board: Board) -> None:
    """Uniform scale, centred: the 100 mm square fills the 50 mm window."""
    x0, y0 = board.geometry.hole_centre("A 1")
    x3, y3 = board.geometry.hole_centre("A 3")
    assert (x3 - x0, y3 - y0) == pytest.approx((12.5, 0.0))
