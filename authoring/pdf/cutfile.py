"""Perforation cut files for the clue cards (R5.3: a clue is perforated at every
place that has its property).

Input is one :class:`CutSheet` per printed sheet: the holes (centre and diameter,
page mm, origin at the lower-left corner like the rest of :mod:`authoring.pdf`)
and the registration marks that are also printed on that sheet. Two outputs:

- SVG in millimetres (``width="210mm"``, ``viewBox`` in mm, y downwards as SVG
  wants): one closed red (``#ff0000``) hairline path per hole, the registration
  marks in their own group, for cutting machines (Cricut, Silhouette, laser);
- PDF: one page per sheet whose hole outlines are stroked in the ``CutContour``
  spot colour (hairline), with the same registration marks, to overlay the
  printed sheet in print-and-cut software.

:func:`read_svg_holes` reads an SVG written here back into holes (round trip).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from authoring.io.yamlio import atomic_write
from authoring.pdf.canvas import REGISTRATION_BLACK, PdfDocument, cut_contour_colour, draw_rect, pt
from authoring.pdf.layout import Paper, Rect, TokenGrid

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

SVG_NS = "http://www.w3.org/2000/svg"
CUT_RED = "#ff0000"
HAIRLINE_MM = 0.01

MarkKind = Literal["square", "cross", "bracket-tr", "bracket-bl"]

#: Silhouette Studio's registration marks (type 1, its defaults): a 5 mm filled
#: square at the top-left corner and two 20 mm L-brackets, 0.5 mm thick, at the
#: top-right and bottom-left corners, each 10 mm in from the paper edges
SILHOUETTE_INSET = 10.0
SILHOUETTE_SQUARE = 5.0
SILHOUETTE_LENGTH = 20.0
SILHOUETTE_THICKNESS = 0.5
#: white kept around every inked part of a cutter's registration mark, mm: its
#: optical sensor must see paper, not a card's bleed, next to the mark
MARK_CLEARANCE = 2.0
#: Cricut Design Space's largest Print Then Cut image, mm (6.75 × 9.25 in); it
#: prints its own frame around it
CRICUT_AREA = (171.45, 234.95)


@dataclass(frozen=True)
class Hole:
    """A round perforation: centre ``(x, y)`` in page mm and its diameter."""

    x: float
    y: float
    diameter: float

    @property
    def radius(self) -> float:
        return self.diameter / 2


@dataclass(frozen=True)
class RegistrationMark:
    """A mark printed on the sheet and repeated in the cut file so the cutter (or
    the person) can align both: a filled ``square`` or a ``cross`` centred on
    ``(x, y)``, ``size`` mm; or an L-shaped ``bracket-tr`` / ``bracket-bl`` whose
    outer corner is ``(x, y)``, arms ``size`` mm long and ``thickness`` thick."""

    x: float
    y: float
    size: float = 5.0
    kind: MarkKind = "cross"
    thickness: float = SILHOUETTE_THICKNESS

    @property
    def rect(self) -> Rect:
        if self.kind == "bracket-tr":
            return Rect(self.x - self.size, self.y - self.size, self.size, self.size)
        if self.kind == "bracket-bl":
            return Rect(self.x, self.y, self.size, self.size)
        h = self.size / 2
        return Rect(self.x - h, self.y - h, self.size, self.size)

    def areas(self) -> tuple[Rect, ...]:
        """What the mark inks: a bracket's two arms, else its square."""
        return self.arms() if self.kind.startswith("bracket") else (self.rect,)

    def arms(self) -> tuple[Rect, Rect]:
        """A bracket's two filled arms (horizontal, vertical)."""
        t, n = self.thickness, self.size
        if self.kind == "bracket-tr":
            return (Rect(self.x - n, self.y - t, n, t), Rect(self.x - t, self.y - n, t, n))
        return (Rect(self.x, self.y, n, t), Rect(self.x, self.y, t, n))


def mark_keep_out(marks: Sequence[RegistrationMark],
                  clearance: float = MARK_CLEARANCE) -> tuple[Rect, ...]:
    """Where nothing may be printed near ``marks``: every inked area grown by
    ``clearance`` mm."""
    return tuple(a.expand(clearance) for m in marks for a in m.areas())


def silhouette_marks(paper: Paper) -> tuple[RegistrationMark, ...]:
    """Silhouette's type-1 registration marks at their default places on
    ``paper`` (portrait or landscape, as it will be fed)."""
    w, h, i = paper.width, paper.height, SILHOUETTE_INSET
    s = SILHOUETTE_SQUARE / 2
    return (RegistrationMark(i + s, h - i - s, SILHOUETTE_SQUARE, "square"),
            RegistrationMark(w - i, h - i, SILHOUETTE_LENGTH, "bracket-tr"),
            RegistrationMark(i, i, SILHOUETTE_LENGTH, "bracket-bl"))


@dataclass(frozen=True)
class CutSheet:
    """One printed sheet's cuts."""

    paper: Paper
    holes: tuple[Hole, ...]
    marks: tuple[RegistrationMark, ...] = ()
    label: str = ""
    #: card outlines (trim boxes) to cut, with rounded corners of ``corner_radius`` mm
    outlines: tuple[Rect, ...] = ()
    corner_radius: float = 3.0


def default_registration_marks(paper: Paper, inset: float = 10.0,
                               size: float = 5.0) -> tuple[RegistrationMark, ...]:
    """A filled square at the top-left corner (it tells which way up the sheet
    goes) and crosses at the other three, ``inset`` mm from the edges."""
    w, h = paper.width, paper.height
    return (
        RegistrationMark(inset, h - inset, size, "square"),
        RegistrationMark(w - inset, h - inset, size, "cross"),
        RegistrationMark(inset, inset, size, "cross"),
        RegistrationMark(w - inset, inset, size, "cross"),
    )


def token_cut_sheets(grid: TokenGrid, count: int, *, marks: bool = True,
                     inset: float = 7.0, mark_size: float = 4.0) -> list[CutSheet]:
    """Cut sheets for round tokens: one "hole" per token (its outline), with
    registration marks inside the grid's margin."""
    if grid.shape != "circle":
        raise ValueError("only round tokens have a circle cut file; square ones use crop marks")
    slots = grid.slots(count)
    reg = default_registration_marks(grid.paper, inset, mark_size) if marks else ()
    return [
        CutSheet(grid.paper,
                 tuple(Hole(s.trim.cx, s.trim.cy, grid.size) for s in slots if s.page == page),
                 reg, f"Jetons {page + 1}/{grid.pages(count)}")
        for page in range(grid.pages(count))
    ]


def _n(v: float) -> str:
    """A number for SVG: at most 4 decimals, no trailing zeros, no ``-0``."""
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _hole_path(hole: Hole, height: float) -> str:
    """Two half-circle arcs, closed: ``M left A … right A … left Z`` (y flipped)."""
    r = hole.radius
    y = height - hole.y
    return (f"M {_n(hole.x - r)} {_n(y)} A {_n(r)} {_n(r)} 0 1 0 {_n(hole.x + r)} {_n(y)} "
            f"A {_n(r)} {_n(r)} 0 1 0 {_n(hole.x - r)} {_n(y)} Z")


def sheet_svg(sheet: CutSheet) -> str:
    """The SVG text of one sheet (deterministic: same sheet, same text)."""
    w, h = sheet.paper.width, sheet.paper.height
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="{SVG_NS}" version="1.1" width="{_n(w)}mm" height="{_n(h)}mm" '
        f'viewBox="0 0 {_n(w)} {_n(h)}">',
        f"  <title>{_escape(sheet.label or 'perforations')}</title>",
        f'  <g id="cut" fill="none" stroke="{CUT_RED}" stroke-width="{_n(HAIRLINE_MM)}">',
    ]
    for i, hole in enumerate(sheet.holes):
        out.append(f'    <path id="hole-{i}" d="{_hole_path(hole, h)}"/>')
    for i, r in enumerate(sheet.outlines):
        rx = _n(min(sheet.corner_radius, r.w / 2, r.h / 2))
        out.append(f'    <rect id="card-{i}" x="{_n(r.x)}" y="{_n(h - r.top)}" '
                   f'width="{_n(r.w)}" height="{_n(r.h)}" rx="{rx}" ry="{rx}"/>')
    out.append("  </g>")
    out.append('  <g id="registration" fill="#000000" stroke="#000000" stroke-width="0.3">')
    for i, m in enumerate(sheet.marks):
        y = h - m.y
        s = m.size / 2
        if m.kind == "square":
            out.append(f'    <rect id="mark-{i}" x="{_n(m.x - s)}" y="{_n(y - s)}" '
                       f'width="{_n(m.size)}" height="{_n(m.size)}" stroke="none"/>')
        elif m.kind.startswith("bracket"):
            for k, arm in enumerate(m.arms()):
                out.append(f'    <rect id="mark-{i}-{k}" x="{_n(arm.x)}" y="{_n(h - arm.top)}" '
                           f'width="{_n(arm.w)}" height="{_n(arm.h)}" stroke="none"/>')
        else:
            out.append(f'    <path id="mark-{i}" fill="none" d="M {_n(m.x - s)} {_n(y)} '
                       f'H {_n(m.x + s)} M {_n(m.x)} {_n(y - s)} V {_n(y + s)}"/>')
    out.append("  </g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


_ARC = re.compile(
    r"M\s*(?P<x0>[-\d.]+)[ ,](?P<y0>[-\d.]+)\s*A\s*(?P<r>[-\d.]+)[ ,][-\d.]+\s+0\s+1\s+0\s+"
    r"(?P<x1>[-\d.]+)[ ,](?P<y1>[-\d.]+)"
)


def read_svg_holes(text: str) -> tuple[Hole, ...]:
    """The holes of an SVG written by :func:`sheet_svg`, in page mm (y up again)."""
    root = ET.fromstring(text)
    view = root.get("viewBox", "0 0 0 0").split()
    height = float(view[3])
    holes = []
    for g in root.iter(f"{{{SVG_NS}}}g"):
        if g.get("id") != "cut":
            continue
        for path in g.iter(f"{{{SVG_NS}}}path"):
            m = _ARC.match(path.get("d", "").strip())
            if m is None:
                continue
            x0, x1, r = float(m["x0"]), float(m["x1"]), float(m["r"])
            holes.append(Hole((x0 + x1) / 2, height - float(m["y0"]), 2 * r))
    return tuple(holes)


def write_svg(sheet: CutSheet, path: Path | str) -> Path:
    """Write one sheet's SVG (atomically)."""
    out = Path(path)
    with atomic_write(out, "w") as fh:
        fh.write(sheet_svg(sheet))
    return out


def write_svgs(sheets: Sequence[CutSheet], directory: Path | str, stem: str) -> list[Path]:
    """One SVG per sheet: ``<stem>-01.svg``, ``<stem>-02.svg`` …"""
    base = Path(directory)
    return [write_svg(s, base / f"{stem}-{i:02d}.svg") for i, s in enumerate(sheets, start=1)]


def draw_registration_marks(c: Canvas, marks: Sequence[RegistrationMark]) -> None:
    """Print the marks on a ReportLab canvas (registration black) so the printed
    sheet and the cut file share them."""

    c.saveState()
    c.setFillColor(REGISTRATION_BLACK)
    c.setStrokeColor(REGISTRATION_BLACK)
    c.setLineWidth(pt(0.3))
    for m in marks:
        if m.kind == "square":
            draw_rect(c, m.rect)
        elif m.kind.startswith("bracket"):
            for arm in m.arms():
                draw_rect(c, arm)
        else:
            s = m.size / 2
            c.line(pt(m.x - s), pt(m.y), pt(m.x + s), pt(m.y))
            c.line(pt(m.x), pt(m.y - s), pt(m.x), pt(m.y + s))
    c.restoreState()


def write_cut_pdf(sheets: Sequence[CutSheet], path: Path | str, *,
                  title: str = "Perforations — CutContour") -> Path:
    """One PDF page per sheet: holes stroked in the ``CutContour`` spot colour at
    hairline width, plus the registration marks and the print-at-100 % note."""

    if not sheets:
        raise ValueError("a cut file needs at least one sheet")
    out = Path(path)
    with PdfDocument(out, title=title) as doc:
        for n, sheet in enumerate(sheets, start=1):
            label = sheet.label or f"Perforations {n}/{len(sheets)}"
            keep = tuple(m.rect.expand(1) for m in sheet.marks) + tuple(
                Rect(h.x - h.radius, h.y - h.radius, h.diameter, h.diameter) for h in sheet.holes)
            with doc.page(sheet.paper, label=label, obstacles=keep) as c:
                draw_registration_marks(c, sheet.marks)
                c.saveState()
                c.setStrokeColor(cut_contour_colour())
                c.setLineWidth(pt(HAIRLINE_MM))
                for hole in sheet.holes:
                    c.circle(pt(hole.x), pt(hole.y), pt(hole.radius), stroke=1, fill=0)
                for r in sheet.outlines:
                    rad = min(sheet.corner_radius, r.w / 2, r.h / 2)
                    c.roundRect(pt(r.x), pt(r.y), pt(r.w), pt(r.h), pt(rad), stroke=1, fill=0)
                c.restoreState()
    return out
