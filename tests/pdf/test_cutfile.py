"""Perforation cut files: SVG in mm (round trip) and the CutContour PDF."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from authoring.pdf.canvas import MM
from authoring.pdf.cutfile import (
    CutSheet,
    Hole,
    default_registration_marks,
    read_svg_holes,
    sheet_svg,
    write_cut_pdf,
    write_svg,
    write_svgs,
)
from authoring.pdf.layout import A4, LETTER

SVG = "{http://www.w3.org/2000/svg}"
HOLES = (Hole(50.0, 60.0, 4.0), Hole(100.25, 200.5, 3.5), Hole(12.3456, 284.9, 2.0))


def content(page: pypdf.PageObject) -> str:
    stream = page.get_contents()
    assert stream is not None
    return stream.get_data().decode("latin-1")


def sheet(paper=A4, holes=HOLES) -> CutSheet:
    return CutSheet(paper, tuple(holes), default_registration_marks(paper), "Indices 1")


def test_svg_is_in_millimetres_with_red_hairline_paths(tmp_path: Path) -> None:
    path = write_svg(sheet(), tmp_path / "cut.svg")
    root = ET.parse(path).getroot()
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == (
        "210mm", "297mm", "0 0 210 297")
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g")}
    cut = groups["cut"]
    assert (cut.get("stroke"), cut.get("stroke-width"), cut.get("fill")) == (
        "#ff0000", "0.01", "none")
    paths = list(cut.iter(f"{SVG}path"))
    assert len(paths) == 3
    assert all(p.get("d", "").endswith("Z") for p in paths)  # closed
    # first hole: centre (50, 60) → SVG y = 297 − 60 = 237, radius 2
    assert paths[0].get("d") == "M 48 237 A 2 2 0 1 0 52 237 A 2 2 0 1 0 48 237 Z"
    marks = groups["registration"]
    assert len(list(marks)) == 4
    square = next(marks.iter(f"{SVG}rect"))
    assert (square.get("x"), square.get("y"), square.get("width")) == ("7.5", "7.5", "5")


def test_svg_round_trip_within_a_hundredth_of_a_mm() -> None:
    back = read_svg_holes(sheet_svg(sheet()))
    assert len(back) == len(HOLES)
    for a, b in zip(HOLES, back, strict=True):
        assert abs(a.x - b.x) < 0.01 and abs(a.y - b.y) < 0.01
        assert abs(a.diameter - b.diameter) < 0.01


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(5, 205), st.floats(5, 270), st.floats(0.5, 8)),
                min_size=1, max_size=20))
def test_svg_round_trip_property(raw: list[tuple[float, float, float]]) -> None:
    holes = [Hole(x, y, d) for x, y, d in raw]
    back = read_svg_holes(sheet_svg(sheet(LETTER, holes)))
    for a, b in zip(holes, back, strict=True):
        assert abs(a.x - b.x) < 0.01 and abs(a.y - b.y) < 0.01
        assert abs(a.diameter - b.diameter) < 0.01


def test_svg_is_deterministic_and_one_file_per_sheet(tmp_path: Path) -> None:
    assert sheet_svg(sheet()) == sheet_svg(sheet())
    paths = write_svgs([sheet(), sheet(LETTER)], tmp_path, "indices")
    assert [p.name for p in paths] == ["indices-01.svg", "indices-02.svg"]
    assert 'width="215.9mm"' in paths[1].read_text()


def test_cut_pdf_uses_the_cutcontour_separation(tmp_path: Path) -> None:
    path = write_cut_pdf([sheet(), sheet(LETTER)], tmp_path / "cut.pdf")
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 2
    for page in reader.pages:
        resources: Any = page["/Resources"]
        space = resources["/ColorSpace"]["/CutContour"].get_object()
        assert space[0] == "/Separation" and space[1] == "/CutContour"
        assert space[2] == "/DeviceCMYK"
        data = content(page)
        assert "/CutContour CS" in data
        assert "Imprimer à 100 %" in page.extract_text()
    # hairline: 0.01 mm in points
    data = content(reader.pages[0])
    assert f"{0.01 * MM:.6f}".rstrip("0").lstrip("0") + " w" in data
    with pytest.raises(ValueError):
        write_cut_pdf([], tmp_path / "none.pdf")
