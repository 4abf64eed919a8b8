"""A reproducible ReportLab document in millimetres, with the print furniture every
page of the kit carries.

:class:`PdfDocument` wraps a ReportLab canvas so that the same input gives the
same bytes (``invariant=1``: fixed dates and document id), only the fonts shipped
in ``authoring/fonts`` are used and embedded (DejaVu Sans: French accents, no
system font, no standard-14 font), each page gets its TrimBox/BleedBox and the
"Imprimer à 100 % / Print at 100 %" note with a 50 mm test bar, and the file is
written atomically (temporary file, then rename).

ReportLab has no optional-content (layer/OCG) support, so cut paths never share
a page with artwork: they go on separate pages stroked in the ``CutContour``
spot colour (see :mod:`authoring.pdf.cutfile`).

Example::

    with PdfDocument("output/cards.pdf", title="Cartes") as doc:
        with doc.page(A4, trim=r, bleed=b, obstacles=(b,)) as c:
            c.setFont(FONT_BOLD, 9)
            c.drawString(pt(20), pt(20), "Élan")
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import Any

from reportlab import rl_config
from reportlab.lib.colors import CMYKColor, CMYKColorSep, Color, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from authoring.io.yamlio import atomic_write
from authoring.pdf.layout import (
    NOTE_HEIGHT,
    NOTE_LENGTH,
    PRINTABLE_MARGIN,
    Circle,
    LayoutIssue,
    NoteBand,
    Paper,
    PosterTiling,
    Rect,
    Segment,
    Tile,
    find_note_band,
)

MM = 72.0 / 25.4  # points per millimetre
PT_MM = 25.4 / 72.0  # millimetres per point (a font size in pt → its height in mm)

FONT_REGULAR = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
FONT_CONDENSED = "DejaVuSansCondensed"
FONT_CONDENSED_BOLD = "DejaVuSansCondensed-Bold"
FONT_FILES: dict[str, str] = {
    FONT_REGULAR: "DejaVuSans.ttf",
    FONT_BOLD: "DejaVuSans-Bold.ttf",
    FONT_CONDENSED: "DejaVuSansCondensed.ttf",
    FONT_CONDENSED_BOLD: "DejaVuSansCondensed-Bold.ttf",
}

#: the smallest text printed anywhere in the kit, pt: cards, sheets, aids, tokens,
#: the board and the print notes (legible ink; issue 14)
MIN_TEXT_PT = 6.0
#: a miniature map (a scenario sheet's island, the poster's page map) sets its
#: labels at least this large, and leaves out those it cannot
MINIATURE_TEXT_PT = 4.0

CUT_CONTOUR = "CutContour"
HAIRLINE_MM = 0.01
PRINT_NOTE = "Imprimer à 100 % · Print at 100 %"
BAR_MM = 50.0
PRODUCER = "Project: Resistance authoring toolkit"

DrawFn = Callable[[Canvas, float, float, float, float], None]
"""``draw(canvas, x, y, w, h)``: draw into the box ``(x, y, w, h)`` given in page
mm (origin lower-left); convert with :func:`pt`. The canvas is clipped to the
item's bleed area and restored afterwards."""


def pt(v: float) -> float:
    """Millimetres → PDF points."""
    return v * MM


def pts(*vs: float) -> tuple[float, ...]:
    return tuple(v * MM for v in vs)


def font_path(name: str) -> Path:
    """The shipped TTF file of one of the ``FONT_*`` names."""
    ref = resources.files("authoring") / "fonts" / FONT_FILES[name]
    return Path(str(ref))


_registered = False


def register_fonts() -> None:
    """Register the shipped DejaVu fonts with ReportLab (once per process)."""
    global _registered
    if _registered:
        return
    for name in sorted(FONT_FILES):
        pdfmetrics.registerFont(TTFont(name, str(font_path(name))))
    pdfmetrics.registerFontFamily(FONT_REGULAR, normal=FONT_REGULAR, bold=FONT_BOLD,
                                  italic=FONT_REGULAR, boldItalic=FONT_BOLD)
    pdfmetrics.registerFontFamily(FONT_CONDENSED, normal=FONT_CONDENSED,
                                  bold=FONT_CONDENSED_BOLD, italic=FONT_CONDENSED,
                                  boldItalic=FONT_CONDENSED_BOLD)
    _registered = True


def string_width(text: str, font: str, size: float) -> float:
    """Width of ``text`` in mm at ``size`` pt."""
    register_fonts()
    return float(pdfmetrics.stringWidth(text, font, size) / MM)


def colour(hex_or_colour: str | Color) -> Color:
    """``#rrggbb`` → a ReportLab colour (colours pass through)."""
    if isinstance(hex_or_colour, Color):
        return hex_or_colour
    return HexColor(hex_or_colour)


def mix(a: str | Color, b: str | Color, t: float) -> Color:
    """The colour ``t`` of the way from ``a`` to ``b`` (RGB)."""
    ca, cb = colour(a), colour(b)
    return Color(ca.red + (cb.red - ca.red) * t, ca.green + (cb.green - ca.green) * t,
                 ca.blue + (cb.blue - ca.blue) * t)


def cut_contour_colour() -> CMYKColorSep:
    """The ``CutContour`` spot colour (PDF Separation colour space, 100 % magenta
    as its alternate): the name print-and-cut RIPs look for."""
    return CMYKColorSep(0, 1, 0, 0, spotName=CUT_CONTOUR)


REGISTRATION_BLACK = CMYKColor(0, 0, 0, 1)


# --------------------------------------------------------------------------- drawing helpers


def draw_rect(c: Canvas, r: Rect, *, stroke: bool = False, fill: bool = True) -> None:
    c.rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h), stroke=int(stroke), fill=int(fill))


def draw_segment(c: Canvas, s: Segment) -> None:
    c.line(pt(s.x0), pt(s.y0), pt(s.x1), pt(s.y1))


def draw_circle(c: Canvas, circle: Circle, *, stroke: bool = True, fill: bool = False) -> None:
    c.circle(pt(circle.cx), pt(circle.cy), pt(circle.r), stroke=int(stroke), fill=int(fill))


def as_cmyk(value: Any) -> Any:
    """A colour in process CMYK (``--cmyk``): RGB converted with black generation
    from the darkest channel; CMYK and spot colours unchanged.

    >>> as_cmyk(colour("#ff8000")).cmyk()
    (0.0, 0.498039, 1.0, 0.0)
    """
    from reportlab.lib.colors import CMYKColor, toColor

    c = toColor(value)
    if isinstance(c, CMYKColor):
        return c
    r, g, b = c.red, c.green, c.blue
    k = 1.0 - max(r, g, b)
    if k >= 1.0:
        return CMYKColor(0, 0, 0, 1, alpha=c.alpha)
    return CMYKColor(*(round((1.0 - v - k) / (1.0 - k), 6) for v in (r, g, b)), round(k, 6),
                     alpha=c.alpha)


def draw_picture(c: Canvas, path: Path, box: Rect) -> None:
    """Draw the picture at ``path`` (PNG, JPEG or SVG) to fill ``box``: scaled to
    cover it, centred, the overflow clipped. A bitmap is embedded once per
    document however many cards show it (ReportLab keys images by content)."""
    c.saveState()
    clip_rect(c, box)
    if path.suffix.lower() == ".svg":
        from reportlab.graphics import renderPDF
        from svglib.svglib import svg2rlg

        drawing = svg2rlg(str(path))
        if drawing is not None and drawing.width > 0 and drawing.height > 0:
            k = max(pt(box.w) / drawing.width, pt(box.h) / drawing.height)
            c.translate(pt(box.cx) - drawing.width * k / 2, pt(box.cy) - drawing.height * k / 2)
            c.scale(k, k)
            renderPDF.draw(drawing, c, 0, 0)
    else:
        from reportlab.lib.utils import ImageReader

        image = ImageReader(str(path))
        iw, ih = image.getSize()
        k = max(pt(box.w) / iw, pt(box.h) / ih)
        c.drawImage(image, pt(box.cx) - iw * k / 2, pt(box.cy) - ih * k / 2, iw * k, ih * k,
                    mask="auto")
    c.restoreState()


def clip_rect(c: Canvas, r: Rect) -> None:
    """Clip further drawing to ``r`` (call inside ``saveState``/``restoreState``)."""
    p = c.beginPath()
    p.rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h))
    c.clipPath(p, stroke=0, fill=0)


def clip_circle(c: Canvas, cx: float, cy: float, r: float) -> None:
    """Clip further drawing to a disc (call inside ``saveState``/``restoreState``)."""
    p = c.beginPath()
    p.circle(pt(cx), pt(cy), pt(r))
    c.clipPath(p, stroke=0, fill=0)


def draw_crop_marks(c: Canvas, marks: Sequence[Segment], width_mm: float = 0.15) -> None:
    """Crop marks in registration black (they must show on every separation); a mark
    over the bleed's art gets a white halo so it shows on dark colours."""
    c.saveState()
    halo = [m for m in marks if m.over_art]
    if halo:
        c.setStrokeColorRGB(1, 1, 1)
        c.setLineWidth(pt(width_mm + 0.5))
        for m in halo:
            draw_segment(c, m)
    c.setStrokeColor(REGISTRATION_BLACK)
    c.setLineWidth(pt(width_mm))
    for m in marks:
        draw_segment(c, m)
    c.restoreState()


def _enter_band(c: Canvas, band: NoteBand) -> None:
    """Move the canvas into ``band``'s frame: origin at its start, x along it, y
    across it (a side band's text runs upwards: origin at its lower-right corner)."""
    r = band.rect
    if band.rotation == 90:
        c.translate(pt(r.right), pt(r.bottom))
        c.rotate(90)
    else:
        c.translate(pt(r.x), pt(r.y))


def draw_print_note(c: Canvas, band: NoteBand, text: str = PRINT_NOTE) -> None:
    """The note and a 50 mm test bar inside ``band`` (5 × 52 mm): the user checks
    the bar with a ruler to know that the printer did not scale the page."""
    c.saveState()
    _enter_band(c, band)
    length, thick = band.length, band.thickness
    x0 = (length - BAR_MM) / 2
    c.setFillColor(REGISTRATION_BLACK)
    c.setStrokeColor(REGISTRATION_BLACK)
    c.setFont(FONT_CONDENSED, MIN_TEXT_PT)
    c.drawString(pt(x0), pt(thick - 2.0), text)
    c.setFont(FONT_CONDENSED_BOLD, MIN_TEXT_PT)
    c.drawRightString(pt(x0 + BAR_MM), pt(thick - 2.0), "50 mm")
    # the bar: 0.8 mm thick, ticks every 10 mm
    c.rect(pt(x0), pt(0.6), pt(BAR_MM), pt(0.8), stroke=0, fill=1)
    c.setLineWidth(pt(0.15))
    for k in range(6):
        x = x0 + k * 10
        c.line(pt(x), pt(0.0), pt(x), pt(2.0))
    c.restoreState()


# --------------------------------------------------------------------------- document


@dataclass(frozen=True)
class PageInfo:
    """What one written page is: 1-based number, paper, boxes, label, note band."""

    number: int
    paper: Paper
    trim: Rect | None
    bleed: Rect | None
    label: str
    note: NoteBand | None


class PdfDocument:
    """A PDF being written: pages are added with :meth:`page`; leaving the ``with``
    block writes the file atomically (nothing is written if an exception escapes).

    ``issues`` collects layout problems found while writing (a page without room
    for the print note); renderers turn them into warning diagnostics. ``on_page``
    is called with each finished page (the kit's progress bar). With no ``path``
    nothing is written: :meth:`to_bytes` gives the file.
    """

    def __init__(self, path: Path | str | None, *, title: str, subject: str = "",
                 printable_margin: float = PRINTABLE_MARGIN,
                 on_page: Callable[[PageInfo], None] | None = None, cmyk: bool = False) -> None:
        register_fonts()
        self.path = Path(path) if path is not None else None
        self.printable_margin = printable_margin
        self._buffer = io.BytesIO()
        self.canvas = Canvas(self._buffer, invariant=1, pageCompression=1,
                             initialFontName=FONT_REGULAR, initialFontSize=9)
        if cmyk:
            # every colour set from here on is converted (spot colours stay spots)
            self.canvas._enforceColorSpace = as_cmyk
        self.canvas.setTitle(title)
        self.canvas.setAuthor(PRODUCER)
        self.canvas.setCreator(PRODUCER)
        if subject:
            self.canvas.setSubject(subject)
        self.pages: list[PageInfo] = []
        self.issues: list[LayoutIssue] = []
        self.data: bytes | None = None
        self.on_page = on_page

    def __enter__(self) -> PdfDocument:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc_type is None:
            self.close()

    @contextmanager
    def page(self, paper: Paper, *, trim: Rect | None = None, bleed: Rect | None = None,
             label: str = "", note: bool = True, obstacles: Sequence[Rect] = (),
             segments: Sequence[Segment] = (),
             over_bleed: Sequence[Rect] | None = None) -> Iterator[Canvas]:
        """One page of ``paper``: yields the canvas (points, origin lower-left); on
        exit sets TrimBox/BleedBox, draws the print note in a free band found
        around ``obstacles`` and ``segments``, and the page label beside it.
        ``over_bleed`` (the trims alone) lets the note sit over the outer bleed,
        on a white ground, when the printable area has no other room (Letter)."""
        c = self.canvas
        c.setPageSize((pt(paper.width), pt(paper.height)))
        c.setTrimBox(_box(trim))
        c.setBleedBox(_box(bleed))
        yield c
        band = None
        if note:
            band = find_note_band(paper, obstacles, segments,
                                  printable_margin=self.printable_margin)
            if band is None and over_bleed is not None:
                band = find_note_band(paper, over_bleed, segments,
                                      printable_margin=self.printable_margin)
                if band is not None:
                    obstacles = over_bleed
                    c.saveState()
                    c.setFillColorRGB(1, 1, 1)
                    r = band.rect
                    c.rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h), stroke=0, fill=1)
                    c.restoreState()
            if band is None:
                n = len(self.pages) + 1
                self.issues.append(LayoutIssue(
                    "pdf-note-no-room",
                    f"page {n} ({label or paper.name}) has no free band for the "
                    "print-at-100 % note; it overlaps the artwork",
                    "use a larger paper or fewer items per page",
                ))
                band = NoteBand(Rect((paper.width - NOTE_LENGTH) / 2, self.printable_margin,
                                     NOTE_LENGTH, NOTE_HEIGHT), 0)
            draw_print_note(c, band)
            if label:
                self._draw_label(c, paper, band, label, obstacles, segments)
        info = PageInfo(len(self.pages) + 1, paper, trim, bleed, label, band)
        self.pages.append(info)
        c.showPage()
        if self.on_page is not None:
            self.on_page(info)

    def _draw_label(self, c: Canvas, paper: Paper, band: NoteBand, label: str,
                    obstacles: Sequence[Rect], segments: Sequence[Segment]) -> None:
        """The page label (``Recto 1/3``) in a second free band, if there is one."""
        size = 6.0
        length = string_width(label, FONT_CONDENSED_BOLD, size) + 2
        spot = find_note_band(paper, (*obstacles, band.rect), segments, length=length,
                              height=3.0, printable_margin=self.printable_margin)
        if spot is None:
            return
        c.saveState()
        _enter_band(c, spot)
        c.setFillColor(REGISTRATION_BLACK)
        c.setFont(FONT_CONDENSED_BOLD, size)
        c.drawCentredString(pt(spot.length / 2), pt(0.8), label)
        c.restoreState()

    def to_bytes(self) -> bytes:
        """Finish the document and return its bytes (idempotent)."""
        if self.data is None:
            if not self.pages:
                raise ValueError("a PDF needs at least one page")
            # plain Flate streams: smaller and faster than ReportLab's default
            # ASCII85 wrapping, which only matters for 7-bit transports
            saved = rl_config.useA85
            rl_config.useA85 = 0
            try:
                self.canvas.save()
            finally:
                rl_config.useA85 = saved
            self.data = self._buffer.getvalue()
        return self.data

    def close(self) -> None:
        """Finish the document and write it (temporary file, then rename)."""
        data = self.to_bytes()
        if self.path is not None:
            with atomic_write(self.path) as fh:
                fh.write(data)


def _box(r: Rect | None) -> Any:
    return None if r is None else tuple(round(pt(v), 4) for v in r.box)


# --------------------------------------------------------------------------- posters


@dataclass(frozen=True)
class PosterResult:
    """A written tiled poster: the page number of every tile and the warnings."""

    path: Path
    pages: int
    tile_pages: tuple[tuple[Tile, int], ...]
    issues: tuple[LayoutIssue, ...]


TICK_MM = 0.3
"""Line width of the alignment ticks across a poster's seams."""


def draw_poster(doc: PdfDocument, draw: DrawFn, tiling: PosterTiling, *,
                label: str = "Plateau", page_label: Callable[[Tile], str] | None = None,
                assembly_page: bool = True,
                on_tile: Callable[[Canvas, Tile], None] | None = None
                ) -> tuple[tuple[Tile, int], ...]:
    """Draw a large drawing (the board) into ``doc`` over several pages.

    ``draw(canvas, x, y, width, height)`` draws the whole poster with its
    lower-left corner at page mm ``(x, y)``; it is called once per tile, clipped
    so that only that tile's part lands on the page. Each page gets crop marks at
    the image corners, alignment ticks across its seams, its label (``page_label``
    of the tile, else ``Plateau — A1 (1/8)``) and whatever ``on_tile`` adds; the
    optional first page shows the assembly map. Returns each tile's page number.
    """
    if assembly_page:
        _assembly_page(doc, tiling, label)
    pages: list[tuple[Tile, int]] = []
    n = len(tiling.tiles)
    for tile in tiling.tiles:
        p, s = tile.placement, tile.source
        marks = tiling.crop_marks(tile)
        ticks = tiling.alignment_marks(tile)
        text = page_label(tile) if page_label is not None else \
            f"{label} — {tile.label} ({tile.index + 1}/{n})"
        with doc.page(tiling.paper, trim=p, bleed=p, label=text, obstacles=(p,),
                      segments=marks) as c:
            c.saveState()
            clip_rect(c, p)
            draw(c, p.x - s.x, p.y - s.y, tiling.width, tiling.height)
            c.restoreState()
            draw_crop_marks(c, marks)
            draw_crop_marks(c, ticks, width_mm=TICK_MM)
            if on_tile is not None:
                on_tile(c, tile)
        pages.append((tile, len(doc.pages)))
    return tuple(pages)


def render_poster(draw: DrawFn, tiling: PosterTiling, path: Path | str, *,
                  title: str = "Plateau", label: str = "Plateau",
                  assembly_page: bool = True) -> PosterResult:
    """Write a tiled poster to ``path`` (see :func:`draw_poster`)."""
    with PdfDocument(path, title=title) as doc:
        pages = draw_poster(doc, draw, tiling, label=label, assembly_page=assembly_page)
    return PosterResult(Path(path), len(doc.pages), pages, tuple(doc.issues))


def _assembly_page(doc: PdfDocument, tiling: PosterTiling, label: str) -> None:
    """A map of the tiles (poster scaled to the page) and the assembly text."""
    paper = tiling.paper
    lines = tiling.page_map().splitlines()
    # the text grid (lines 1..rows+1) needs a monospaced font: the drawing replaces it
    text = [lines[0], *lines[tiling.rows + 2:]]
    room = Rect(20, 30 + 4.2 * len(text), paper.width - 40, paper.height - 60 - 4.2 * len(text))
    scale = min(room.w / tiling.width, room.h / tiling.height)
    ox = room.x + (room.w - tiling.width * scale) / 2
    oy = room.top - tiling.height * scale
    with doc.page(paper, label=f"{label} — assemblage / assembly",
                  obstacles=(Rect(15, 25, paper.width - 30, paper.height - 40),)) as c:
        c.setFillColor(REGISTRATION_BLACK)
        c.setFont(FONT_BOLD, 12)
        c.drawString(pt(20), pt(paper.height - 20), f"{label} — assemblage / assembly")
        c.setLineWidth(pt(0.3))
        for t in tiling.tiles:
            s = t.source
            c.setStrokeColor(REGISTRATION_BLACK)
            c.setFillColor(Color(0.93, 0.93, 0.93))
            c.rect(pt(ox + s.x * scale), pt(oy + s.y * scale), pt(s.w * scale), pt(s.h * scale),
                   stroke=1, fill=0)
            c.setFillColor(REGISTRATION_BLACK)
            c.setFont(FONT_BOLD, 10)
            c.drawCentredString(pt(ox + s.cx * scale), pt(oy + s.cy * scale), t.label)
        c.setFont(FONT_CONDENSED, 7)
        y = 26 + 4.2 * len(text)
        for line in text:
            c.drawString(pt(20), pt(y), line)
            y -= 4.2


def draw_once(c: Canvas, name: str, box: tuple[float, float, float, float],
              draw: Callable[[Canvas], None], x: float, y: float, scale: float = 1.0) -> None:
    """Draw ``draw`` (in its own mm frame) at page mm ``(x, y)``, scaled, through a
    PDF form XObject defined on first use: a card back, a mini-map or the board
    repeated on many pages is stored once in the file and drawn by reference."""

    defined: set[str] = c.__dict__.setdefault("_resistance_forms", set())
    if name not in defined:
        x0, y0, x1, y1 = box
        c.beginForm(name, lowerx=pt(x0), lowery=pt(y0), upperx=pt(x1), uppery=pt(y1))
        draw(c)
        c.endForm()
        defined.add(name)
    c.saveState()
    c.translate(pt(x), pt(y))
    if scale != 1.0:
        c.scale(scale, scale)
    c.doForm(name)
    c.restoreState()
