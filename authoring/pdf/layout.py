"""Print layout in millimetres: paper, card imposition, duplex backs, crop marks,
poster tiles and token grids.

Pure arithmetic (no ReportLab), so every position the kit prints can be tested
with exact numbers. Coordinates are millimetres with the origin at the page's
lower-left corner, x to the right and y up: the PDF convention, and the one the
board file uses (x east, y north).

Defaults chosen here (each is a parameter, never a constant baked into a renderer):

- cards are 63 × 88 mm, 3 × 3 per page, centred, with 3 mm bleed;
- cards are butted (``gap=0``): neighbours share one cut line, the outer edge of
  the grid gets the full bleed, and between cards each card's bleed stops at the
  middle of the gap (so bleed areas never overlap). A 3 × 63 mm row with a full
  bleed between every card (207 mm) would leave no room on A4 for crop marks;
- crop marks sit outside the grid's bleed area, 1 mm away from it, 4 mm long;
- a home printer cannot print the outer 4 mm of the sheet (``printable_margin``).

>>> imp = Imposition(A4)
>>> imp.slots()[0].trim
Rect(x=10.5, y=192.5, w=63.0, h=88.0)
>>> imp.back_slots("long")[0].trim   # behind the top-left card: the top-right slot
Rect(x=136.5, y=192.5, w=63.0, h=88.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Literal

Duplex = Literal["long", "short", "none", "fold"]
"""How card backs are printed: ``long`` / ``short``, the printer turns the sheet on
that edge; ``none``, a printer without duplex: each back page follows its front
page, to print by hand on the same sheet turned over (long edge) or on its own
sheet; ``fold``, front and back side by side with a fold line between them."""
DUPLEX_MODES: tuple[Duplex, ...] = ("long", "short", "none", "fold")


def sheet_turn(duplex: Duplex) -> Duplex:
    """How the sheet turns for a back page: ``none`` prints its back pages as if
    the sheet were turned by hand on its long edge (the usual "manual duplex"), and
    so does ``fold`` for what is not folded (tokens)."""
    return "long" if duplex in ("none", "fold") else duplex
TokenShape = Literal["circle", "square"]

EPS = 1e-9


#: the border (mm) most home printers cannot print; no mark is drawn in it (--margin)
PRINTABLE_MARGIN = 5.0
#: the shortest crop mark worth printing, mm
MIN_MARK = 2.0
#: how far a crop mark drawn over the bleed stays from the card's edge, mm
MARK_CLEARANCE = 0.5


class LayoutError(ValueError):
    """A layout that cannot be printed as asked (does not fit, negative size …)."""


def _r(v: float) -> float:
    """Round away float noise (1e-12) so positions compare and print exactly."""
    out = round(v, 6)
    return 0.0 if out == 0 else out


# --------------------------------------------------------------------------- shapes


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in mm: lower-left corner ``(x, y)``, width, height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def left(self) -> float:
        return self.x

    @property
    def right(self) -> float:
        return _r(self.x + self.w)

    @property
    def bottom(self) -> float:
        return self.y

    @property
    def top(self) -> float:
        return _r(self.y + self.h)

    @property
    def cx(self) -> float:
        return _r(self.x + self.w / 2)

    @property
    def cy(self) -> float:
        return _r(self.y + self.h / 2)

    @property
    def box(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)``: the order PDF page boxes use."""
        return (self.x, self.y, self.right, self.top)

    @classmethod
    def from_box(cls, x0: float, y0: float, x1: float, y1: float) -> Rect:
        return cls(_r(x0), _r(y0), _r(x1 - x0), _r(y1 - y0))

    def expand(self, d: float) -> Rect:
        """Grow by ``d`` mm on every side (shrink when negative)."""
        return self.expand_sides(d, d, d, d)

    def expand_sides(self, left: float, bottom: float, right: float, top: float) -> Rect:
        """Grow by a separate amount on each side."""
        return Rect.from_box(self.x - left, self.y - bottom, self.right + right, self.top + top)

    def inset(self, d: float) -> Rect:
        return self.expand(-d)

    def translate(self, dx: float, dy: float) -> Rect:
        return Rect(_r(self.x + dx), _r(self.y + dy), self.w, self.h)

    def union(self, other: Rect) -> Rect:
        return Rect.from_box(min(self.x, other.x), min(self.y, other.y),
                             max(self.right, other.right), max(self.top, other.top))

    def overlaps(self, other: Rect) -> bool:
        """True when the two interiors share some area (touching edges do not count)."""
        return (self.x < other.right - EPS and other.x < self.right - EPS
                and self.y < other.top - EPS and other.y < self.top - EPS)

    def contains(self, other: Rect) -> bool:
        return (other.x >= self.x - EPS and other.y >= self.y - EPS
                and other.right <= self.right + EPS and other.top <= self.top + EPS)

    def contains_point(self, x: float, y: float) -> bool:
        return self.x - EPS <= x <= self.right + EPS and self.y - EPS <= y <= self.top + EPS


@dataclass(frozen=True)
class Segment:
    """A straight line from ``(x0, y0)`` to ``(x1, y1)`` in mm (a crop mark, a cut line)."""

    x0: float
    y0: float
    x1: float
    y1: float
    #: drawn over the outer bleed (no room outside it within the printable margin):
    #: printed with a white halo so it shows on dark art; it is cut away with the bleed
    over_art: bool = False

    @property
    def length(self) -> float:
        return _r(math.hypot(self.x1 - self.x0, self.y1 - self.y0))

    def translate(self, dx: float, dy: float) -> Segment:
        return Segment(_r(self.x0 + dx), _r(self.y0 + dy), _r(self.x1 + dx), _r(self.y1 + dy),
                       self.over_art)

    def clipped(self, rect: Rect) -> Segment | None:
        """The part of the segment inside ``rect`` (closed), or None (Liang–Barsky)."""
        dx, dy = self.x1 - self.x0, self.y1 - self.y0
        t0, t1 = 0.0, 1.0
        for p, q in ((-dx, self.x0 - rect.x), (dx, rect.right - self.x0),
                     (-dy, self.y0 - rect.y), (dy, rect.top - self.y0)):
            if abs(p) < EPS:
                if q < -EPS:
                    return None
                continue
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1 + EPS:
                return None
        return Segment(_r(self.x0 + t0 * dx), _r(self.y0 + t0 * dy),
                       _r(self.x0 + t1 * dx), _r(self.y0 + t1 * dy), self.over_art)

    def crosses(self, rect: Rect) -> bool:
        """True when some stretch of the segment lies in the open interior of ``rect``."""
        part = self.clipped(rect)
        if part is None:
            return False
        mx, my = (part.x0 + part.x1) / 2, (part.y0 + part.y1) / 2
        return rect.x + EPS < mx < rect.right - EPS and rect.y + EPS < my < rect.top - EPS


@dataclass(frozen=True)
class Circle:
    """A circle in mm: centre and radius (a round token's cut line)."""

    cx: float
    cy: float
    r: float


# --------------------------------------------------------------------------- paper


@dataclass(frozen=True)
class Paper:
    """A sheet size in mm, portrait unless its width exceeds its height."""

    name: str
    width: float
    height: float

    @property
    def rect(self) -> Rect:
        return Rect(0.0, 0.0, self.width, self.height)

    @property
    def is_landscape(self) -> bool:
        return self.width > self.height

    def landscape(self) -> Paper:
        if self.is_landscape:
            return self
        return Paper(self.name, self.height, self.width)

    def portrait(self) -> Paper:
        if not self.is_landscape:
            return self
        return Paper(self.name, self.height, self.width)


A4 = Paper("A4", 210.0, 297.0)
LETTER = Paper("Letter", 215.9, 279.4)
A3 = Paper("A3", 297.0, 420.0)
LEGAL = Paper("Legal", 215.9, 355.6)
TABLOID = Paper("Tabloid", 279.4, 431.8)
PAPERS: dict[str, Paper] = {"a4": A4, "letter": LETTER, "a3": A3, "legal": LEGAL,
                            "tabloid": TABLOID}


def paper_named(name: str) -> Paper | None:
    """The paper called ``name`` (case-insensitive: ``a4``, ``letter``, ``a3``,
    ``legal``, ``tabloid``), or None."""
    return PAPERS.get(name.strip().lower())


# --------------------------------------------------------------------------- duplex


def behind(paper: Paper, duplex: Duplex, rect: Rect,
           offset: tuple[float, float] | None = None) -> Rect:
    """The rectangle of the back page that prints on the other side of ``rect``,
    shifted by ``offset`` (the printer's back offset, mm) when given.

    Long-edge duplex turns the sheet over its long edge: on a portrait page
    (like a book) x is mirrored. Short-edge duplex turns it over its short edge
    (like a wall calendar): y is mirrored. On a landscape page the long edge is
    the horizontal one, so the two swap. The map is its own inverse. ``none`` has
    no back.

    >>> page = Rect(10, 20, 63, 88)
    >>> behind(A4, "long", page), behind(A4.landscape(), "long", page)
    (Rect(x=137.0, y=20, w=63, h=88), Rect(x=10, y=102.0, w=63, h=88))
    """
    if _mirrors_x(paper, duplex):
        out = Rect(_r(paper.width - rect.right), rect.y, rect.w, rect.h)
    else:
        out = Rect(rect.x, _r(paper.height - rect.top), rect.w, rect.h)
    return out if offset is None else out.translate(*offset)


def behind_point(paper: Paper, duplex: Duplex, x: float, y: float) -> tuple[float, float]:
    """The point of the back page on the other side of ``(x, y)`` (see :func:`behind`)."""
    if _mirrors_x(paper, duplex):
        return (_r(paper.width - x), y)
    return (x, _r(paper.height - y))


def _mirrors_x(paper: Paper, duplex: Duplex) -> bool:
    """Whether turning the sheet over for ``duplex`` mirrors the page's x axis."""
    if duplex not in ("long", "short"):
        raise LayoutError("single-sided printing (duplex 'none') has no back page")
    return (duplex == "long") != paper.is_landscape


# --------------------------------------------------------------------------- issues


@dataclass(frozen=True)
class LayoutIssue:
    """Something printable but doubtful about a layout; renderers turn it into a
    warning diagnostic with this code."""

    code: str
    message: str
    hint: str | None = None


# --------------------------------------------------------------------------- cards


@dataclass(frozen=True)
class Slot:
    """One card position on a sheet: ``row`` 0 is the top row, ``col`` 0 the left
    column, ``index`` counts row by row from the top-left."""

    index: int
    row: int
    col: int
    trim: Rect
    bleed: Rect


@dataclass(frozen=True)
class Imposition:
    """Cards of one size laid out ``rows`` × ``cols``, centred on the paper.

    ``gap`` is the distance between neighbouring trim boxes; ``bleed`` is printed
    around the outside of the grid and, between cards, up to the middle of the gap.

    ``fold``: the columns go in pairs, a card's front in the left column and its
    back in the right one, touching at a fold line (no gap, no cut, no bleed
    there); ``gap`` separates the pairs.
    """

    paper: Paper = A4
    card_width: float = 63.0
    card_height: float = 88.0
    bleed: float = 3.0
    gap: float = 0.0
    rows: int = 3
    cols: int = 3
    mark_offset: float = 1.0
    mark_length: float = 4.0
    printable_margin: float = PRINTABLE_MARGIN
    fold: bool = False
    #: crop marks (off when a cutting machine cuts the cards out)
    crop: bool = True

    def __post_init__(self) -> None:
        problem = self.why_invalid()
        if problem is not None:
            raise LayoutError(problem)

    def why_invalid(self) -> str | None:
        """Why this imposition cannot be printed, or None."""
        if self.card_width <= 0 or self.card_height <= 0:
            return f"card size {self.card_width} × {self.card_height} mm must be positive"
        if self.bleed < 0 or self.gap < 0 or self.mark_offset < 0 or self.mark_length < 0:
            return "bleed, gap and crop-mark sizes must not be negative"
        if self.rows < 1 or self.cols < 1:
            return f"a sheet needs at least one row and one column, not {self.rows} × {self.cols}"
        if self.fold and self.cols % 2:
            return f"a fold-over sheet needs an even number of columns, not {self.cols}"
        w, h = self._grid_size()
        if w + 2 * self.bleed > self.paper.width + EPS or h + 2 * self.bleed > self.paper.height + EPS:
            return (
                f"{self.rows} × {self.cols} cards of {self.card_width:g} × {self.card_height:g} mm "
                f"with {self.bleed:g} mm bleed and {self.gap:g} mm gap need "
                f"{w + 2 * self.bleed:g} × {h + 2 * self.bleed:g} mm; "
                f"{self.paper.name} is {self.paper.width:g} × {self.paper.height:g} mm"
            )
        return None

    def _grid_size(self) -> tuple[float, float]:
        return (
            _r(self.cols * self.card_width + self._gaps_before(self.cols - 1) * self.gap),
            _r(self.rows * self.card_height + (self.rows - 1) * self.gap),
        )

    def _gaps_before(self, col: int) -> int:
        """Gaps left of column ``col`` (with ``fold``, only between pairs)."""
        return col // 2 if self.fold else col

    def _folds_after(self, col: int) -> bool:
        """Whether column ``col`` meets the next one at a fold line."""
        return self.fold and col % 2 == 0

    @property
    def per_page(self) -> int:
        """Card positions on a sheet (with ``fold``, two per card)."""
        return self.rows * self.cols

    @property
    def cards_per_page(self) -> int:
        """Cards on a sheet: every position, or with ``fold`` one pair per card."""
        return self.per_page // 2 if self.fold else self.per_page

    def fold_lines(self) -> tuple[float, ...]:
        """The x of every fold line (the right edge of each front column)."""
        if not self.fold:
            return ()
        x0 = self.grid_trim.x
        return tuple(_r(x0 + (c + 1) * self.card_width + self._gaps_before(c) * self.gap)
                     for c in range(0, self.cols, 2))

    @property
    def grid_trim(self) -> Rect:
        """The trim boxes of all cards together (the page's TrimBox)."""
        w, h = self._grid_size()
        return Rect(_r((self.paper.width - w) / 2), _r((self.paper.height - h) / 2), w, h)

    @property
    def grid_bleed(self) -> Rect:
        """The grid's trim grown by the bleed (the page's BleedBox)."""
        return self.grid_trim.expand(self.bleed)

    @property
    def inner_bleed(self) -> float:
        """Bleed between neighbouring cards: at most half the gap."""
        return min(self.bleed, self.gap / 2)

    def slots(self, occupied: int | None = None) -> tuple[Slot, ...]:
        """Every card position of a front page, row by row from the top-left.

        With ``occupied`` (a partly filled last sheet holding the first
        ``occupied`` slots), a card whose neighbour slot stays empty gets the full
        bleed on that side, since no other card's art is there.
        """
        g = self.grid_trim
        inner = self.inner_bleed
        used = self.per_page if occupied is None else occupied

        def side(row: int, col: int) -> float:
            """Bleed toward the slot at (row, col): full bleed at the grid edge or
            beside an empty slot, half the gap beside another card."""
            if not (0 <= row < self.rows and 0 <= col < self.cols):
                return self.bleed
            return inner if row * self.cols + col < used else self.bleed

        def across(row: int, col: int, toward: int) -> float:
            """Bleed from (row, col) toward column ``toward``: none over a fold."""
            if self._folds_after(min(col, toward)):
                return 0.0
            return side(row, toward)

        out: list[Slot] = []
        for row in range(self.rows):
            for col in range(self.cols):
                x = _r(g.x + col * self.card_width + self._gaps_before(col) * self.gap)
                y = _r(g.top - self.card_height - row * (self.card_height + self.gap))
                trim = Rect(x, y, self.card_width, self.card_height)
                bleed = trim.expand_sides(across(row, col, col - 1), side(row + 1, col),
                                          across(row, col, col + 1), side(row - 1, col))
                out.append(Slot(len(out), row, col, trim, bleed))
        return tuple(out)

    def back_slots(self, duplex: Duplex, offset: tuple[float, float] = (0.0, 0.0),
                   occupied: int | None = None) -> tuple[Slot, ...]:
        """The back-page slots: ``back_slots(...)[i]`` prints behind ``slots()[i]``.

        ``offset`` (mm, x right and y up as seen on the back page) shifts the whole
        back page to compensate a printer that does not register both sides.
        """
        return tuple(replace(s, trim=behind(self.paper, duplex, s.trim, offset),
                             bleed=behind(self.paper, duplex, s.bleed, offset))
                     for s in self.slots(occupied))

    def back_grid(self, duplex: Duplex, offset: tuple[float, float] = (0.0, 0.0)) -> tuple[Rect, Rect]:
        """TrimBox and BleedBox of the back page."""
        return (behind(self.paper, duplex, self.grid_trim, offset),
                behind(self.paper, duplex, self.grid_bleed, offset))

    def cut_lines(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The distinct x of vertical cuts and y of horizontal cuts, ascending."""
        xs: set[float] = set()
        ys: set[float] = set()
        for s in self.slots():
            xs.update((s.trim.left, s.trim.right))
            ys.update((s.trim.bottom, s.trim.top))
        return tuple(sorted(xs - set(self.fold_lines()))), tuple(sorted(ys))

    def crop_marks(self) -> tuple[Segment, ...]:
        """Crop marks: every cut line extended outside the grid's bleed area, starting
        ``mark_offset`` from it, ``mark_length`` long, cut short at the paper edge.
        They never cross any card (the grid bleed holds every card's bleed)."""
        if not self.crop:
            return ()
        return crop_marks_around(self.grid_bleed, *self.cut_lines(), paper=self.paper,
                                 offset=self.mark_offset, length=self.mark_length,
                                 margin=self.printable_margin, trim=self.grid_trim)

    def issues(self, min_visible: float = MIN_MARK) -> tuple[LayoutIssue, ...]:
        """Doubtful but printable: a side of the sheet left without crop marks, since
        none fits in the printable area (within ``printable_margin`` of the edge)."""
        if not self.crop:
            return ()
        return crop_mark_issues(self.crop_marks(), self.paper, self.printable_margin,
                                min_visible, self.bleed)

    def obstacles(self) -> tuple[Rect, ...]:
        """Areas a page note must avoid (for :func:`find_note_band`)."""
        return (self.grid_bleed,)


def crop_marks_around(area: Rect, xs: Iterable[float], ys: Iterable[float], *, paper: Paper,
                      offset: float = 1.0, length: float = 4.0, margin: float = 0.0,
                      trim: Rect | None = None) -> tuple[Segment, ...]:
    """Crop marks for cut lines at ``xs`` (vertical) and ``ys`` (horizontal), placed
    outside ``area``: below and above it for each x, left and right of it for each y.

    No mark enters the ``margin`` mm border a printer cannot print. Where a mark
    outside ``area`` would keep less than :data:`MIN_MARK` there (Letter leaves 4.7 mm
    above three rows of cards), it moves into the outer bleed, stopping
    :data:`MARK_CLEARANCE` short of ``trim`` (it is cut away with the bleed, and
    drawn with a white halo: ``over_art``); with no room for that either, the mark is
    left out (:func:`crop_mark_issues` says so)."""
    printable = paper.rect.inset(margin)
    marks: list[Segment] = []

    def add(outside: Segment, inside: Segment | None) -> None:
        part = outside.clipped(printable)
        if part is not None and part.length >= MIN_MARK - EPS:
            marks.append(part)
            return
        if inside is None:
            return
        part = inside.clipped(printable)
        if part is not None and part.length >= MIN_MARK - EPS:
            marks.append(part)

    def inner(x0: float, y0: float, x1: float, y1: float) -> Segment | None:
        return Segment(_r(x0), _r(y0), _r(x1), _r(y1), over_art=True) if trim else None

    t = trim or area
    c = MARK_CLEARANCE
    for x in sorted(set(xs)):
        lo, hi = area.bottom - offset, area.top + offset
        add(Segment(x, _r(lo), x, _r(lo - length)), inner(x, t.bottom - c, x, t.bottom - c - length))
        add(Segment(x, _r(hi), x, _r(hi + length)), inner(x, t.top + c, x, t.top + c + length))
    for y in sorted(set(ys)):
        lo, hi = area.left - offset, area.right + offset
        add(Segment(_r(lo), y, _r(lo - length), y), inner(t.left - c, y, t.left - c - length, y))
        add(Segment(_r(hi), y, _r(hi + length), y), inner(t.right + c, y, t.right + c + length, y))
    return tuple(m for m in marks if m.length > EPS)


def crop_mark_issues(marks: Sequence[Segment], paper: Paper, printable_margin: float,
                     min_visible: float, bleed: float) -> tuple[LayoutIssue, ...]:
    """One issue per paper side whose crop marks are missing or mostly unprintable."""
    printable = paper.rect.inset(printable_margin)
    worst: dict[str, float] = {}
    for m in marks:
        if abs(m.x0 - m.x1) < EPS:
            side = "bottom" if m.y0 < paper.height / 2 else "top"
        else:
            side = "left" if m.x0 < paper.width / 2 else "right"
        part = m.clipped(printable)
        seen = part.length if part is not None else 0.0
        worst[side] = min(worst.get(side, math.inf), seen)
    for side in ("bottom", "top", "left", "right"):
        worst.setdefault(side, 0.0)
    bad = [s for s in ("bottom", "top", "left", "right") if worst[s] < min_visible - EPS]
    if not bad:
        return ()
    shown = ", ".join(bad)
    return (LayoutIssue(
        "pdf-crop-marks-unprintable",
        f"on {paper.name}, no crop mark fits on the {shown} side{'s' * (len(bad) > 1)} "
        f"outside the {printable_margin:g} mm border most printers cannot print",
        f"use a smaller --bleed (now {bleed:g} mm) or --margin, another paper size, "
        f"or cut along the card edges",
    ),)


def max_grid(paper: Paper, width: float, height: float, *, bleed: float = 3.0, gap: float = 0.0,
             margin: float = 10.0) -> tuple[int, int]:
    """``(rows, cols)``: how many ``width`` × ``height`` items fit on ``paper`` inside
    ``margin`` (room for crop marks) with ``bleed`` outside the grid and ``gap`` between."""
    room_w = paper.width - 2 * margin - 2 * bleed + gap
    room_h = paper.height - 2 * margin - 2 * bleed + gap
    return (max(0, math.floor(room_h / (height + gap) + EPS)),
            max(0, math.floor(room_w / (width + gap) + EPS)))


# --------------------------------------------------------------------------- note band


@dataclass(frozen=True)
class NoteBand:
    """Where a page note goes: ``rect`` on the page; ``rotation`` 90 means the text
    runs upwards along a side edge (its length is then ``rect.h``)."""

    rect: Rect
    rotation: Literal[0, 90]

    @property
    def length(self) -> float:
        return self.rect.w if self.rotation == 0 else self.rect.h

    @property
    def thickness(self) -> float:
        return self.rect.h if self.rotation == 0 else self.rect.w


NOTE_LENGTH = 52.0
NOTE_HEIGHT = 5.0


def find_note_band(paper: Paper, obstacles: Sequence[Rect] = (), segments: Sequence[Segment] = (),
                   *, length: float = NOTE_LENGTH, height: float = NOTE_HEIGHT,
                   printable_margin: float = PRINTABLE_MARGIN, clearance: float = 1.0,
                   step: float = 0.5) -> NoteBand | None:
    """A free band for the print-at-100 % note, or None when the page has no room.

    Tries the bottom edge, then the top, then the left and right edges (text
    rotated), each time from the middle of the edge outwards in ``step`` mm, and
    keeps the first band that stays ``clearance`` away from every obstacle and
    segment and inside the printable area. Results are cached: pages of one
    layout ask the same question.
    """
    return _find_note_band(paper, tuple(obstacles), tuple(segments), length, height,
                           printable_margin, clearance, step)


@lru_cache(maxsize=256)
def _find_note_band(paper: Paper, obstacles: tuple[Rect, ...], segments: tuple[Segment, ...],
                    length: float, height: float, printable_margin: float, clearance: float,
                    step: float) -> NoteBand | None:
    pm = printable_margin

    def free(r: Rect) -> bool:
        if not paper.rect.inset(pm).contains(r):
            return False
        grown = r.expand(clearance)
        return (not any(grown.overlaps(o) for o in obstacles)
                and not any(s.crosses(grown) for s in segments))

    def slide(span: float, along: float) -> list[float]:
        """Start positions from the centred one outwards."""
        start = (along - span) / 2
        lo, hi = pm, along - pm - span
        if hi < lo - EPS:
            return []
        out = [_r(start)]
        k = 1
        while start - k * step >= lo - EPS or start + k * step <= hi + EPS:
            for cand in (start - k * step, start + k * step):
                if lo - EPS <= cand <= hi + EPS:
                    out.append(_r(cand))
            k += 1
        return out

    for y in (pm, paper.height - pm - height):
        for x in slide(length, paper.width):
            r = Rect(x, _r(y), length, height)
            if free(r):
                return NoteBand(r, 0)
    for x in (pm, paper.width - pm - height):
        for y in slide(length, paper.height):
            r = Rect(_r(x), y, height, length)
            if free(r):
                return NoteBand(r, 90)
    return None


# --------------------------------------------------------------------------- posters


@dataclass(frozen=True)
class Tile:
    """One page of a tiled poster: ``source`` is the part of the poster (poster mm,
    origin at its lower-left corner) printed at ``placement`` on the page.
    ``row`` 0 is the top row; the label is row letter + column number (``A1``)."""

    index: int
    row: int
    col: int
    label: str
    source: Rect
    placement: Rect

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        """Poster point → page point on this tile (may fall outside the placement)."""
        return (_r(x - self.source.x + self.placement.x), _r(y - self.source.y + self.placement.y))


@dataclass(frozen=True)
class PosterTiling:
    """A large poster (the board) spread over pages that overlap by ``overlap`` mm.

    Assembly: cut every page along the edge of its printed image, then lay each
    page over its left and upper neighbours so the alignment ticks continue
    across the seams, and glue.
    """

    paper: Paper
    width: float
    height: float
    overlap: float
    margin: float
    rows: int
    cols: int
    tiles: tuple[Tile, ...]
    tick: float = 5.0

    def tile(self, row: int, col: int) -> Tile:
        return self.tiles[row * self.cols + col]

    def seams(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Poster x of vertical seams and y of horizontal seams: the left edge of
        every tile right of another and the top edge of every tile below another."""
        xs = tuple(self.tile(0, c).source.left for c in range(1, self.cols))
        ys = tuple(self.tile(r, 0).source.top for r in range(1, self.rows))
        return xs, ys

    def alignment_marks(self, tile: Tile) -> tuple[Segment, ...]:
        """Short ticks, in page mm, across each seam this tile takes part in: on the
        tile that lies below the seam they end at the seam, on the tile laid over it
        they start there, so the two halves form one line once glued. Three ticks
        per seam: at a quarter, half and three quarters of the shared edge."""
        marks: list[Segment] = []
        s, t = tile.source, self.tick
        xs, ys = self.seams()
        for x in xs:
            if s.left - EPS <= x <= s.right + EPS and not abs(x - s.left) < EPS:
                # this tile lies under the seam: ticks end at the seam, left of it
                for y in _thirds(s.bottom, s.top):
                    marks.append(_page_seg(tile, x - t, y, x, y))
            if abs(x - s.left) < EPS:
                for y in _thirds(s.bottom, s.top):
                    marks.append(_page_seg(tile, x, y, x + t, y))
        for y in ys:
            if s.bottom - EPS <= y <= s.top + EPS and not abs(y - s.top) < EPS:
                for x in _thirds(s.left, s.right):
                    marks.append(_page_seg(tile, x, y + t, x, y))
            if abs(y - s.top) < EPS:
                for x in _thirds(s.left, s.right):
                    marks.append(_page_seg(tile, x, y, x, y - t))
        return tuple(marks)

    def crop_marks(self, tile: Tile, offset: float = 1.0, length: float = 4.0) -> tuple[Segment, ...]:
        """Marks outside the printed image at its four corners, to cut it out."""
        p = tile.placement
        return crop_marks_around(p, (p.left, p.right), (p.bottom, p.top), paper=self.paper,
                                 offset=offset, length=length)

    def page_map(self) -> str:
        """A plain-text description of the assembly, for the first page or a README."""
        lines = [
            f"{self.width:g} × {self.height:g} mm on {len(self.tiles)} {self.paper.name} pages "
            f"({'landscape' if self.paper.is_landscape else 'portrait'}), "
            f"{self.rows} row(s) × {self.cols} column(s), overlap {self.overlap:g} mm.",
        ]
        header = "    " + " ".join(f"{c + 1:^4}" for c in range(self.cols))
        lines.append(header.rstrip())
        for r in range(self.rows):
            cells = " ".join(f"{self.tile(r, c).label:^4}" for c in range(self.cols))
            lines.append(f"{chr(65 + r):>3} {cells}".rstrip())
        for t in self.tiles:
            s = t.source
            lines.append(
                f"page {t.index + 1} = {t.label}: x {s.left:g}–{s.right:g} mm, "
                f"y {s.bottom:g}–{s.top:g} mm"
            )
        lines.append(
            "Cut each page along the edge of its image; lay it over its left and upper "
            "neighbours so the alignment ticks continue across the seam; glue."
        )
        return "\n".join(lines)


def _thirds(a: float, b: float) -> tuple[float, float, float]:
    return (_r(a + (b - a) / 4), _r((a + b) / 2), _r(a + 3 * (b - a) / 4))


def _page_seg(tile: Tile, x0: float, y0: float, x1: float, y1: float) -> Segment:
    ax, ay = tile.to_page(x0, y0)
    bx, by = tile.to_page(x1, y1)
    return Segment(ax, ay, bx, by)


def _row_label(row: int) -> str:
    label = ""
    n = row + 1
    while n:
        n, rem = divmod(n - 1, 26)
        label = chr(65 + rem) + label
    return label


def tile_poster(width: float, height: float, paper: Paper = A4, *, overlap: float = 10.0,
                margin: float = 10.0, orientation: Literal["auto", "portrait", "landscape"] = "auto"
                ) -> PosterTiling:
    """Spread a ``width`` × ``height`` mm poster over pages with ``margin`` mm free
    around each image and ``overlap`` mm shared between neighbours.

    Every tile has the same size (the poster is split evenly). ``auto`` picks the
    orientation needing fewer pages (portrait on a tie).

    >>> t = tile_poster(600, 450, A4)
    >>> (t.rows, t.cols, t.paper.is_landscape, t.tiles[1].source)
    (2, 4, False, Rect(x=147.5, y=220.0, w=157.5, h=230.0))
    """
    if width <= 0 or height <= 0:
        raise LayoutError(f"poster size {width:g} × {height:g} mm must be positive")
    if overlap < 0 or margin < 0:
        raise LayoutError("overlap and margin must not be negative")
    choices = {"portrait": [paper.portrait()], "landscape": [paper.landscape()],
               "auto": [paper.portrait(), paper.landscape()]}[orientation]
    best: PosterTiling | None = None
    for p in choices:
        tiling = _tile_on(width, height, p, overlap, margin)
        if tiling is not None and (best is None or len(tiling.tiles) < len(best.tiles)):
            best = tiling
    if best is None:
        raise LayoutError(
            f"{paper.name} with {margin:g} mm margins has no room for {overlap:g} mm of overlap"
        )
    return best


def _tile_on(width: float, height: float, paper: Paper, overlap: float,
             margin: float) -> PosterTiling | None:
    room_w, room_h = paper.width - 2 * margin, paper.height - 2 * margin
    if room_w <= overlap + EPS or room_h <= overlap + EPS:
        return None
    cols = max(1, math.ceil((width - overlap) / (room_w - overlap) - EPS))
    rows = max(1, math.ceil((height - overlap) / (room_h - overlap) - EPS))
    tw = _r((width + (cols - 1) * overlap) / cols) if cols > 1 else _r(width)
    th = _r((height + (rows - 1) * overlap) / rows) if rows > 1 else _r(height)
    tiles: list[Tile] = []
    for r in range(rows):
        for c in range(cols):
            sx = _r(c * (tw - overlap))
            sy = _r(height - th - r * (th - overlap))
            source = Rect(sx, sy, tw, th)
            placement = Rect(_r(margin), _r(paper.height - margin - th), tw, th)
            tiles.append(Tile(len(tiles), r, c, f"{_row_label(r)}{c + 1}", source, placement))
    return PosterTiling(paper, width, height, overlap, margin, rows, cols, tuple(tiles))


# --------------------------------------------------------------------------- tokens


@dataclass(frozen=True)
class TokenSlot:
    """One token: ``page`` (0-based) and its trim square (the circle's bounding box
    for round tokens) and bleed square on that page."""

    index: int
    page: int
    row: int
    col: int
    shape: TokenShape
    trim: Rect
    bleed: Rect

    @property
    def centre(self) -> tuple[float, float]:
        return (self.trim.cx, self.trim.cy)


@dataclass(frozen=True)
class TokenSheetCuts:
    """Cut lines of one token page: circles for round tokens, straight guillotine
    lines (across the whole grid) for square ones, plus crop marks."""

    circles: tuple[Circle, ...]
    lines: tuple[Segment, ...]
    crop_marks: tuple[Segment, ...]


@dataclass(frozen=True)
class TokenGrid:
    """Tokens of one size (``size`` = diameter or side, mm) in a centred grid, as
    many per page as fit inside ``margin``."""

    paper: Paper = A4
    size: float = 20.0
    shape: TokenShape = "circle"
    bleed: float = 1.5
    gap: float = 3.0
    margin: float = 12.0
    mark_offset: float = 1.0
    mark_length: float = 4.0
    grid: tuple[int, int] = field(init=False)

    def __post_init__(self) -> None:
        if self.size <= 0 or self.bleed < 0 or self.gap < 0 or self.margin < 0:
            raise LayoutError("token size must be positive; bleed, gap and margin not negative")
        rows, cols = max_grid(self.paper, self.size, self.size, bleed=self.bleed, gap=self.gap,
                              margin=self.margin)
        if rows < 1 or cols < 1:
            raise LayoutError(
                f"a {self.size:g} mm token does not fit on {self.paper.name} "
                f"inside {self.margin:g} mm margins"
            )
        object.__setattr__(self, "grid", (rows, cols))

    @property
    def rows(self) -> int:
        return self.grid[0]

    @property
    def cols(self) -> int:
        return self.grid[1]

    @property
    def per_page(self) -> int:
        return self.rows * self.cols

    def pages(self, count: int) -> int:
        return max(0, math.ceil(count / self.per_page))

    def _imposition(self, rows: int, cols: int) -> Imposition:
        return Imposition(self.paper, self.size, self.size, self.bleed, self.gap, rows, cols,
                          self.mark_offset, self.mark_length)

    def slots(self, count: int) -> tuple[TokenSlot, ...]:
        """``count`` tokens, page after page; every page uses the full grid
        geometry, so partly filled pages keep the same positions."""
        imp = self._imposition(self.rows, self.cols)
        base = imp.slots()
        out: list[TokenSlot] = []
        for i in range(count):
            page, k = divmod(i, self.per_page)
            s = base[k]
            bleed = s.bleed
            if self.shape == "circle":
                bleed = s.trim.expand(min(self.bleed, self.gap / 2))
            out.append(TokenSlot(i, page, s.row, s.col, self.shape, s.trim, bleed))
        return tuple(out)

    def back_slots(self, count: int, duplex: Duplex,
                   offset: tuple[float, float] = (0.0, 0.0)) -> tuple[TokenSlot, ...]:
        """Where each token's back prints: behind its front on the back page,
        shifted by the printer's back ``offset`` (as :meth:`Imposition.back_slots`)."""
        return tuple(replace(s, trim=behind(self.paper, duplex, s.trim, offset),
                             bleed=behind(self.paper, duplex, s.bleed, offset))
                     for s in self.slots(count))

    def cuts(self, page_slots: Sequence[TokenSlot]) -> TokenSheetCuts:
        """Cut lines for the tokens of one page."""
        imp = self._imposition(self.rows, self.cols)
        if self.shape == "circle":
            circles = tuple(Circle(s.trim.cx, s.trim.cy, _r(self.size / 2)) for s in page_slots)
            return TokenSheetCuts(circles, (), imp.crop_marks())
        xs, ys = imp.cut_lines()
        g = imp.grid_trim
        lines = tuple(Segment(x, g.bottom, x, g.top) for x in xs) + tuple(
            Segment(g.left, y, g.right, y) for y in ys)
        return TokenSheetCuts((), lines, imp.crop_marks())

    def obstacles(self) -> tuple[Rect, ...]:
        return (self._imposition(self.rows, self.cols).grid_bleed,)


def with_paper(imp: Imposition, paper: Paper) -> Imposition:
    """The same imposition on another paper (re-centred, re-checked)."""
    return replace(imp, paper=paper)


# --------------------------------------------------------------------------- placements


@dataclass(frozen=True)
class Placement:
    """Where one side of one card is printed: 1-based ``page``, the sheet ``slot``,
    its trim and bleed boxes in page mm; ``rotated`` backs are drawn upside down."""

    index: int
    side: Literal["front", "back"]
    page: int
    slot: int
    trim: Rect
    bleed: Rect
    rotated: bool = False


def place_cards(count: int, imposition: Imposition, duplex: Duplex = "long",
                offset: tuple[float, float] = (0.0, 0.0), *, backs: bool = True,
                rotate_backs: bool | None = None) -> tuple[Placement, ...]:
    """Every card's front (and back) placement, in the page order the card renderer
    writes: a front page, then (when ``backs`` and duplex is not ``none``) the
    matching back page. Short-edge backs are rotated by default so that a card
    turned over like a book shows its back upright.

    >>> p = place_cards(10, Imposition(A4), "long")
    >>> [(q.index, q.side, q.page, q.slot) for q in p if q.index in (0, 9)]
    [(0, 'front', 1, 0), (0, 'back', 2, 0), (9, 'front', 3, 0), (9, 'back', 4, 0)]
    """
    if imposition.fold:
        return _fold_cards(count, imposition, backs)
    with_backs = backs
    turn = sheet_turn(duplex)
    rotated = (turn == "short") if rotate_backs is None else rotate_backs
    per = imposition.per_page
    pages_per_sheet = 2 if with_backs else 1
    out: list[Placement] = []
    for first in range(0, count, per):
        used = min(per, count - first)
        occupied = None if used == per else used
        fronts = imposition.slots(occupied)
        rear = imposition.back_slots(turn, offset, occupied) if with_backs else ()
        page = (first // per) * pages_per_sheet + 1
        for k in range(used):
            out.append(Placement(first + k, "front", page, k, fronts[k].trim, fronts[k].bleed))
            if with_backs:
                out.append(Placement(first + k, "back", page + 1, k, rear[k].trim,
                                     rear[k].bleed, rotated))
    out.sort(key=lambda p: (p.page, p.slot))
    return tuple(out)


def _fold_cards(count: int, imposition: Imposition, backs: bool) -> tuple[Placement, ...]:
    """Fold-over placements: card ``k`` of a sheet takes the ``k``-th pair of
    columns, front on the left of the fold, back (upright) on the right."""
    per = imposition.cards_per_page
    half = imposition.cols // 2
    out: list[Placement] = []
    for first in range(0, count, per):
        used = min(per, count - first)
        slots = imposition.slots()
        page = first // per + 1
        for k in range(used):
            row, pair = divmod(k, half)
            front = slots[row * imposition.cols + 2 * pair]
            out.append(Placement(first + k, "front", page, front.index, front.trim, front.bleed))
            if backs:
                back = slots[front.index + 1]
                out.append(Placement(first + k, "back", page, back.index, back.trim, back.bleed))
    out.sort(key=lambda p: (p.page, p.slot))
    return tuple(out)
