"""Issue 25, a kit that survives a playtest table: each printed defect measured on
what is written (cut files, drawn boxes, slot sizes), not on pixels."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from authoring.pdf.cutfile import MARK_CLEARANCE, SVG_NS
from authoring.pdf.kit import export_kit
from authoring.pdf.layout import Paper, Rect
from authoring.pdf.section import KitOptions

from . import sample


def _svg_rects(path: Path) -> tuple[list[Rect], list[Rect]]:
    """The card outlines (group ``cut``) and the inked registration marks (group
    ``registration``) of a cut SVG, in page mm with y up."""
    root = ET.fromstring(path.read_text("utf-8"))
    height = float(root.get("viewBox", "0 0 0 0").split()[3])
    found: dict[str, list[Rect]] = {"cut": [], "registration": []}
    for g in root.iter(f"{{{SVG_NS}}}g"):
        if g.get("id") in found:
            for r in g.iter(f"{{{SVG_NS}}}rect"):
                w, h = float(r.get("width", 0)), float(r.get("height", 0))
                found[g.get("id", "")].append(
                    Rect(float(r.get("x", 0)), height - float(r.get("y", 0)) - h, w, h))
    return found["cut"], found["registration"]


def _gap(a: Rect, b: Rect) -> float:
    """The distance between two rectangles (0 when they touch or overlap)."""
    dx = max(b.x - a.right, a.x - b.right, 0.0)
    dy = max(b.y - a.top, a.y - b.top, 0.0)
    return float((dx * dx + dy * dy) ** 0.5)


@pytest.mark.parametrize("paper,duplex", [("letter", "fold"), ("a4", "fold"),
                                          ("letter", "long"), ("a4", "long")])
def test_silhouette_marks_keep_white_around_them(tmp_path: Path, paper: str,
                                                 duplex: str) -> None:
    """Broken 1: with --cutter silhouette no card's bleed comes within
    MARK_CLEARANCE (2 mm) of an inked registration mark, measured in the cut file
    (the outlines grown by the bleed against the marks' rectangles); on Letter a
    fold-over sheet holds one pair a row (two pairs ran over the bracket)."""
    out = tmp_path / "k.pdf"
    opts = KitOptions(paper_name=paper, duplex=duplex,  # type: ignore[arg-type]
                      parts=("events", "items"), cutter="silhouette")
    export_kit(sample.inputs(), opts, out)
    svgs = sorted(tmp_path.glob("k-perforations-*.svg"))
    assert svgs
    for svg in svgs:
        outlines, marks = _svg_rects(svg)
        assert outlines and len(marks) == 5  # the square and two brackets' two arms
        for card in outlines:
            for mark in marks:
                assert _gap(card.expand(opts.bleed), mark) >= MARK_CLEARANCE - 1e-6, (
                    svg.name, card, mark)
    if duplex == "fold":
        imp = opts.card_options().imposition()
        assert imp.fold and imp.cards_per_page >= 2


def test_a_fold_layout_that_cannot_clear_the_marks_is_refused() -> None:
    """Broken 1: when no fold-over pair fits clear of the marks (here a mark in the
    middle of the sheet, where every centred grid runs), the layout is refused with
    a message instead of printing over them."""
    from authoring.pdf.cards import CardOptions
    from authoring.pdf.cutfile import RegistrationMark
    from authoring.pdf.layout import LayoutError

    def middle(paper: Paper) -> tuple[RegistrationMark, ...]:
        return (RegistrationMark(paper.width / 2, paper.height / 2, 5.0, "square"),)

    with pytest.raises(LayoutError, match="clear of the cutter's registration marks"):
        CardOptions(duplex="fold", gap=2.0, cutter_marks=middle).imposition()


@pytest.mark.parametrize("duplex,cutter,wanted,unwanted", [
    ("fold", "silhouette", ["pliez", "Type 1", "20 mm", "0,5 mm", "10 mm"], ["bord long"]),
    ("fold", "none", ["pliez", "Pas de calibration"], ["bord long", "Silhouette"]),
    ("long", "none", ["recto-verso (bord long)", "--back-offset"], ["pliez"]),
    ("short", "none", ["recto-verso (bord court)"], ["pliez"]),
    ("none", "none", ["remettez les feuilles", "dos à dos"], ["recto-verso (", "pliez"]),
    ("long", "cricut", ["Design Space", "k-cricut"], ["pliez"]),
])
def test_each_card_layout_gets_its_own_instructions(tmp_path: Path, duplex: str, cutter: str,
                                                    wanted: list[str],
                                                    unwanted: list[str]) -> None:
    """Broken 2: the contents page tells how to print and finish the cards of this
    layout: a fold kit how to fold (not "recto-verso bord long"), a cutter its
    settings."""
    import pypdf

    out = tmp_path / "k.pdf"
    opts = KitOptions(duplex=duplex, cutter=cutter,  # type: ignore[arg-type]
                      parts=("events",), cut_files=())
    export_kit(sample.inputs(), opts, out)
    text = " ".join(pypdf.PdfReader(out).pages[0].extract_text().split())
    for w in wanted:
        assert w in text, w
    for w in unwanted:
        assert w not in text, w
