"""Board model and geometry (R0.1, R4, R5.1, D8.2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from authoring.io.diagnostics import Report
from authoring.io.errors import InputError, UnknownZone
from authoring.io.yamlio import load_text
from authoring.model.board import Board, build_board, squash
from authoring.model.workspace import Workspace

TINY = Path("tests/data/boards/tiny.yaml")


@pytest.fixture()
def tiny() -> Board:
    ws = Workspace()
    b = ws.load(TINY, "board")
    assert b is not None, ws.report.format()
    return b


def test_zone_ids_and_references(tiny: Board) -> None:
    assert tiny.zone_ids == ("O 1", "O 2", "O 3", "E 1", "E 2", "E 3")
    assert tiny.resolve("O1") == tiny.resolve("o 1") == tiny.resolve("O 1") == "O 1"
    assert squash("N-E 12") == "NE12"
    with pytest.raises(UnknownZone, match="did you mean 'O 3'"):
        tiny.zone("O 4")


def test_sizes_tokens_and_max_occupation(tiny: Board) -> None:
    z = tiny.zone("O 1")
    assert (z.size, z.value, z.max_occupation, z.tokens) == ("capital", 3, 3, 3)
    assert tiny.total_tokens == 3 + 1 + 2 + 2 + 1 + 1


def test_a_partial_city_sizes_changes_only_the_sizes_it_lists() -> None:
    """Issue 13: listing only ``village`` kept no rule for capitals and towns (24 false
    errors); the sizes not listed keep their defaults (R4.1)."""
    text = TINY.read_text("utf-8").replace(
        "regions:", "city_sizes:\n  village: {value: 1, max_occupation: 2}\nregions:")
    board = Board.from_yaml_text(text)
    sizes = {z.size: (z.value, z.max_occupation) for z in board.zones}
    assert sizes == {"capital": (3, 3), "town": (2, 2), "village": (1, 2)}


def test_neighbours_in_deployment_order(tiny: Board) -> None:
    # R8.4: highest number first; D8.2: equal numbers by region order (O before E)
    assert tiny.neighbours("O 3") == ("O 1", "E 1")
    assert tiny.neighbours("E 2") == ("E 3", "E 1")
    assert tiny.neighbours("O 2") == ("E 3", "O 1")


def test_move_reach_r5_1(tiny: Board) -> None:
    # up to 3 roads: O 2 - O 1 - O 3 - E 1; or 1 mountain path: O 2 - E 3
    assert tiny.reach("O 2") == {"O 1", "O 3", "E 1", "E 3"}
    assert tiny.reach("O 1") == {"O 2", "O 3", "E 1", "E 2"}
    assert tiny.reach("O 1", roads=1) == {"O 2", "O 3"}


def test_distances(tiny: Board) -> None:
    assert tiny.distance("O 1", "E 2") == 3
    assert tiny.distance("O 1", "E 3", "road") == 4
    assert tiny.distance("O 2", "E 3", "mountain") == 1
    assert tiny.distance("O 1", "E 1", "mountain") is None
    assert tiny.degree("O 2") == 2 and tiny.degree("O 2", "mountain") == 1


def test_coastal_zones_from_voronoi_cells(tiny: Board) -> None:
    # every zone of the tiny island touches the square coast except the centre town
    assert tiny.geometry.coastal == frozenset({"O 1", "O 2", "E 1", "E 2", "E 3"})
    polys = tiny.geometry.zone_polygons
    assert abs(sum(p.area for p in polys.values()) - tiny.geometry.outline.area) < 1e-6


def test_minimap_fits_the_window(tiny: Board) -> None:
    x, y = tiny.geometry.hole_centre("O 1")
    wx, wy, ww, wh = tiny.spec.minimap.window
    assert wx <= x <= wx + ww and wy <= y <= wy + wh


def test_info_shape(tiny: Board) -> None:
    info = tiny.info()
    assert [r["id"] for r in info["regions"]] == ["O", "E"]
    assert info["total_zone_tokens"] == 10
    z = info["zones"][2]
    assert z == {
        "id": "O 3",
        "region": "O",
        "number": 3,
        "city": "Cendre",
        "size": "town",
        "max_occupation": 2,
        "tokens": 2,
        "coastal": False,
        "tags": ["market"],
        "neighbours": ["O 1", "E 1"],
    }


def test_from_yaml_text_raises_with_the_report() -> None:
    with pytest.raises(InputError) as exc:
        Board.from_yaml_text("id: x\n")
    assert "missing required key 'size'" in str(exc.value)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_random_boards_report_never_raise(data: st.DataObject) -> None:
    """Random mutations of a valid board give a report, never an exception."""
    text = TINY.read_text("utf-8")
    lines = text.splitlines()
    i = data.draw(st.integers(0, len(lines) - 1))
    junk = data.draw(
        st.sampled_from(
            [
                "",
                "  - {region: O, number: 1}",
                "zones: 3",
                "roads: [[1, 2]]",
                "  - {from: X, to: O 1}",
                "outline: [[0, 0], [1, 1]]",
                "size: [0, 0]",
                "  -",
                ": :",
                "regions: {}",
            ]
        )
    )
    lines[i] = junk
    r = Report()
    doc = load_text("\n".join(lines), "m.yaml", r)
    if doc is not None:
        build_board(doc, r)


def test_a_second_game_board_fits_the_same_format() -> None:
    """XIII – Le Complot (seeds/003): one region, 33 numbered places, coloured-circle tags."""
    ws = Workspace()
    b = ws.load("tests/data/boards/xiii.yaml")
    assert b is not None and not ws.report.has_errors, ws.report.format()
    assert len(b.zones) == 33 and [r.id for r in b.regions] == ["XIII"]
    assert b.resolve("xiii12") == "XIII 12"
    assert {t for z in b.zones for t in z.tags} == {
        "recruitment", "hospital", "action", "autonomy"
    }
    # deployment order inside one region is simply decreasing numbers (R8.4)
    assert list(b.neighbours("XIII 8")) == sorted(b.neighbours("XIII 8"),
                                                 key=lambda z: -b.zone(z).number)
