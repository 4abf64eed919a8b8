"""Generic card sheets: faces, backs, crop marks and the duplex calibration page.

Nothing here knows the game's content: a content module turns an item, a
resistance card or a clue into a :class:`CardFace` (title, kind, effect text with
``**bold**``, skill icons C/M/I (R1.2), a cost (R5.8), an art box, or a custom
drawing callback for the clue cards' mini-map) and calls :func:`render_cards`.

Each sheet is a front page and, unless printing single-sided, the matching back
page, laid out by :class:`authoring.pdf.layout.Imposition` so that each back
prints behind its front after a long- or short-edge flip, shifted by the
printer's back offset measured with :func:`render_calibration`.

Problems that still produce a usable PDF (text that does not fit at the
smallest size, crop marks in the unprintable border) come back as warning
diagnostics in :class:`RenderResult`; nothing raises for content.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Literal, TypeVar

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from authoring.io.diagnostics import Diagnostic, Report, Span
from authoring.pdf.canvas import (
    FONT_BOLD,
    FONT_CONDENSED,
    FONT_CONDENSED_BOLD,
    FONT_REGULAR,
    MIN_TEXT_PT,
    REGISTRATION_BLACK,
    DrawFn,
    PdfDocument,
    clip_circle,
    clip_rect,
    colour,
    draw_circle,
    draw_crop_marks,
    draw_rect,
    mix,
    pt,
    register_fonts,
    string_width,
)
from authoring.pdf.cutfile import RegistrationMark, draw_registration_marks, mark_keep_out
from authoring.pdf.layout import (
    MARK_CLEARANCE,
    Duplex,
    Imposition,
    LayoutError,
    LayoutIssue,
    Paper,
    Placement,
    Rect,
    Segment,
    TokenGrid,
    TokenSheetCuts,
    TokenSlot,
    behind,
    behind_point,
    crop_marks_around,
    max_grid,
    place_cards,
    sheet_turn,
)
from authoring.pdf.text import Fonts, draw_fitted, fit_line, fit_text

BackPattern = Literal["plain", "stripes", "dots", "grid"]
Lang = Literal["fr", "en"]
T = TypeVar("T")

SKILL_COLOURS: dict[str, str] = {"C": "#2f6db3", "M": "#b33a2f", "I": "#3a8a3f"}
"""Icon colours of the three skills, Communication, Military, Engineering (R1.2)."""

INK = "#222222"


def _check_hex(value: str, what: str) -> None:
    ok = len(value) == 7 and value.startswith("#")
    try:
        int(value[1:], 16)
    except ValueError:
        ok = False
    if not ok:
        raise ValueError(f"{what} {value!r} is not a #rrggbb colour")


@dataclass(frozen=True)
class CardFace:
    """The front of one card.

    ``icons`` shows skill values or requirements in the given order, e.g.
    ``{"C": 2, "M": 1, "I": 3}``; with ``icons_signed`` they are bonuses or maluses
    and print signed (``+1``, ``−1``). ``cost`` is a number in a badge (reputation
    cubes, R5.8). An ``art`` callback draws the picture in the art box; without
    one, ``glyphs`` (a family symbol, then one per effect) make a generated
    emblem with ``art_caption`` (the flavour text) beside it, and the effect text
    is set a point larger; with neither, a non-empty ``art_caption`` alone gets a
    caption box. No card shows an empty box. ``draw`` replaces the whole standard
    layout (clue cards draw their mini-map this way).
    ``key`` and ``origin`` name the card in warnings.
    """

    title: str
    kind: str = ""
    body: str = ""
    icons: Mapping[str, int] | tuple[tuple[str, int], ...] = ()
    icons_signed: bool = False
    cost: int | None = None
    accent: str = "#3f6f8f"
    art_caption: str | None = None
    art: DrawFn | None = None
    glyphs: tuple[str, ...] = ()
    draw: DrawFn | None = None
    footer: str = ""
    key: str = ""
    origin: Span | None = None

    def __post_init__(self) -> None:
        _check_hex(self.accent, "accent colour")
        if isinstance(self.icons, Mapping):
            object.__setattr__(self, "icons", tuple(self.icons.items()))

    @property
    def icon_items(self) -> tuple[tuple[str, int], ...]:
        """The icons as ``(key, value)`` pairs in display order."""
        if isinstance(self.icons, Mapping):
            return tuple(self.icons.items())
        return tuple(self.icons)

    @property
    def name(self) -> str:
        return self.key or self.title


@dataclass(frozen=True)
class CardBack:
    """The back of a card: a colour to the bleed edge, a pattern, a framed title."""

    title: str = ""
    subtitle: str = ""
    colour: str = "#2f3b4c"
    pattern: BackPattern = "stripes"
    draw: DrawFn | None = None

    def __post_init__(self) -> None:
        _check_hex(self.colour, "back colour")


@dataclass(frozen=True)
class CardOptions(Imposition):
    """How cards are printed: the sheet layout (the :class:`Imposition` fields:
    paper, card size, bleed, gap, rows × cols, crop marks) plus duplex, margins and
    text sizes. Sizes in mm, text sizes in pt; every default is a parameter the
    export command exposes (``--paper``, ``--bleed``, ``--duplex``, ``--back-offset``
    …). ``title`` names the PDF, ``label`` and ``lang`` word the page labels
    (``Cartes — recto 1/2``). A layout that does not fit raises LayoutError."""

    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    rotate_backs: bool | None = None
    safe_margin: float = 3.0
    art_height: float = 26.0
    body_max_pt: float = 9.0
    body_min_pt: float = 6.0
    title_max_pt: float = 11.0
    title_min_pt: float = 7.0
    skill_colours: Mapping[str, str] = field(default_factory=lambda: dict(SKILL_COLOURS))
    title: str = "Cartes"
    label: str = "Cartes"
    lang: Lang = "fr"
    #: one effect-text size for every card of the deck (a family reads alike), pt;
    #: None: each card's text as large as it fits (see :func:`family_body_pt`)
    body_fixed_pt: float | None = None
    #: print the rule ids (R5.4 …) in the card footers: a designer's proof, not
    #: what players need at the table
    designer: bool = False
    #: the registration marks a cutting machine reads on a sheet of this paper
    #: (portrait or landscape); no card's bleed comes near them
    #: (:data:`~authoring.pdf.cutfile.MARK_CLEARANCE`)
    cutter_marks: Callable[[Paper], tuple[RegistrationMark, ...]] | None = field(
        default=None, compare=False)

    def keep_out(self, paper: Paper) -> tuple[Rect, ...]:
        """Where no card may print on ``paper``: around the cutter's marks."""
        return mark_keep_out(self.cutter_marks(paper)) if self.cutter_marks else ()

    def imposition(self) -> Imposition:
        """The sheet layout alone (a plain :class:`Imposition`). With ``duplex``
        ``fold``, front-and-back pairs of cards fill the paper in whichever
        orientation holds more of them, clear of a cutter's marks (one pair a row
        when two pairs would run over them); LayoutError when none fits."""
        base = {f.name: getattr(self, f.name) for f in fields(Imposition)}
        if self.duplex != "fold":
            return Imposition(**base)
        best: tuple[int, Imposition] | None = None
        for paper in (self.paper.portrait(), self.paper.landscape()):
            top_rows, top_pairs = max_grid(paper, 2 * self.card_width + self.gap,
                                           self.card_height, bleed=self.bleed, gap=self.gap,
                                           margin=self.printable_margin)
            keep_out = self.keep_out(paper)
            for rows in range(top_rows, 0, -1):
                for pairs in range(top_pairs, 0, -1):
                    if best is not None and rows * pairs <= best[0]:
                        continue
                    imp = Imposition(**{**base, "paper": paper, "rows": rows,
                                        "cols": 2 * pairs, "fold": True})
                    if not any(imp.grid_bleed.overlaps(k) for k in keep_out):
                        best = (rows * pairs, imp)
        if best is None:
            clear = " clear of the cutter's registration marks" if self.cutter_marks else ""
            raise LayoutError(
                f"a front-and-back pair of {2 * self.card_width:g} × {self.card_height:g} mm "
                f"with {self.bleed:g} mm bleed does not fit on {self.paper.name} inside "
                f"the {self.printable_margin:g} mm margin{clear}")
        return best[1]


@dataclass(frozen=True)
class RenderResult:
    """A written PDF: its path, page count, where every card side went, and the
    warnings (text overflow, unprintable crop marks …)."""

    path: Path
    pages: int
    placements: tuple[Placement, ...]
    diagnostics: tuple[Diagnostic, ...]

    def placement(self, index: int, side: Literal["front", "back"] = "front") -> Placement:
        for p in self.placements:
            if p.index == index and p.side == side:
                return p
        raise KeyError((index, side))


def card_placements(count: int, options: CardOptions = CardOptions(), *,
                    backs: bool = True) -> tuple[Placement, ...]:
    """Page number and trim/bleed rectangles of every card side, without rendering
    (for rasterising, checking positions, or placing perforation holes)."""
    return place_cards(count, options.imposition(), options.duplex, options.back_offset,
                       backs=backs, rotate_backs=options.rotate_backs)


# --------------------------------------------------------------------------- faces


def family_body_pt(faces: Sequence[CardFace], options: CardOptions) -> float | None:
    """The largest effect-text size at which every face of a deck fits (the
    smallest of their own sizes), or None when no face has generated text."""
    import io

    from reportlab.pdfgen.canvas import Canvas as _Canvas

    register_fonts()
    sizes: list[float] = []
    scratch = _Canvas(io.BytesIO())
    trim = Rect(10, 10, options.card_width, options.card_height)
    seen: set[int] = set()
    for face in faces:
        if id(face) in seen or face.draw is not None or not face.body:
            continue
        seen.add(id(face))
        draw_card_face(scratch, face, trim, trim.expand(options.bleed), options, sizes=sizes)
    return min(sizes) if sizes else None


def draw_card_face(c: Canvas, face: CardFace, trim: Rect, bleed: Rect,
                   options: CardOptions = CardOptions(), *, report: Report | None = None,
                   span: Span | None = None, sizes: list[float] | None = None) -> None:
    """Draw one card front with its trim box at ``trim`` (page mm), clipped to
    ``bleed``; text that does not fit becomes a warning in ``report``."""
    c.saveState()
    clip_rect(c, bleed)
    full = trim.expand(options.bleed)
    if face.draw is not None:
        face.draw(c, trim.x, trim.y, trim.w, trim.h)
        c.restoreState()
        return
    accent = colour(face.accent)
    c.setFillColor(mix(face.accent, "#ffffff", 0.88))
    draw_rect(c, full)
    m = options.safe_margin
    band_h = 14.0 if face.kind else 11.0
    band = Rect.from_box(full.left, trim.top - band_h, full.right, full.top)
    c.setFillColor(accent)
    draw_rect(c, band)
    # white panel for the text, inside the safe area below the band
    panel = Rect.from_box(trim.left + m - 1, trim.bottom + m - 1, trim.right - m + 1,
                          trim.top - band_h - 1.5)
    c.setFillColor(white)
    c.roundRect(pt(panel.x), pt(panel.y), pt(panel.w), pt(panel.h), pt(1.5), stroke=0, fill=1)

    where = span or face.origin or Span("<cards>")
    badge = 0.0
    if face.cost is not None:
        badge = 9.0
        _cost_badge(c, face.cost, trim.right - m - 3.8, trim.top - m - 3.6, accent)
    title_w = trim.w - 2 * m - badge
    size, ok = fit_line(face.title, title_w, FONT_BOLD, max_size=options.title_max_pt,
                        min_size=options.title_min_pt)
    if not ok and report is not None:
        report.warning(where, "card-title-overflow",
                       f"card '{face.name}': title {face.title!r} is wider than the card "
                       f"at {options.title_min_pt:g} pt",
                       "shorten the title")
    c.setFillColor(white)
    c.setFont(FONT_BOLD, size)
    c.drawString(pt(trim.left + m), pt(trim.top - m - 4.3), face.title)
    if face.kind:
        c.setFillColor(mix(white, face.accent, 0.15))
        c.setFont(FONT_CONDENSED_BOLD, 6.5)
        c.drawString(pt(trim.left + m), pt(trim.top - band_h + 2.2), face.kind.upper())

    # the art box first, at the same place on every card; the skill icons below it
    cursor = panel.top - 1.0
    body_max = options.body_max_pt
    art = Rect.from_box(trim.left + m, cursor - options.art_height, trim.right - m, cursor)
    if face.art is None and face.glyphs:
        _emblem(c, face, art)
        body_max += 1.0  # no picture: the effect text a point larger
        cursor = art.bottom - 1.5
    elif face.art is not None or face.art_caption:
        _art_box(c, face, art, accent)
        cursor = art.bottom - 1.5
    icons = face.icon_items
    if icons:
        cursor = _icons_row(c, icons, trim, cursor, options, signed=face.icons_signed)
    footer = face.footer if options.designer else without_rule_ids(face.footer)
    bottom = trim.bottom + m + (FOOTER_PT * 0.5 if footer else 0.0)
    body_box = Rect.from_box(trim.left + m + 0.8, bottom, trim.right - m - 0.8, cursor - 0.8)
    if face.body:
        fixed = options.body_fixed_pt
        fitted = fit_text(face.body, body_box.w, max(body_box.h, 0.0),
                          max_size=fixed or body_max, min_size=fixed or options.body_min_pt)
        if sizes is not None:
            sizes.append(fitted.size)
        if not fitted.fits and report is not None:
            room = len(fitted.lines)
            report.warning(
                where, "card-text-overflow",
                f"card '{face.name}': effect text does not fit at {fitted.size:g} pt "
                f"({fitted.needed_lines} lines needed, room for {room})",
                f"shorten the text or lower the smallest size (now {options.body_min_pt:g} pt)",
            )
        c.setFillColor(colour(INK))
        draw_fitted(c, fitted, body_box.x, body_box.top, body_box.w)
    if footer:
        c.setFillColor(colour("#666666"))
        size, _ = fit_line(footer, trim.w - 2 * m, FONT_CONDENSED, max_size=FOOTER_PT,
                           min_size=MIN_TEXT_PT)
        c.setFont(FONT_CONDENSED, size)
        c.drawCentredString(pt(trim.cx), pt(trim.bottom + m + 0.2), footer)
    c.restoreState()


_RULE_IDS = re.compile(r"\s*\((?:[RD]\d+(?:\.\d+)*(?:\s*[·,]\s*)?)+\)"
                       r"|(?:[RD]\d+(?:\.\d+)*(?:\s*[·,]\s*)?)+")


def without_rule_ids(text: str) -> str:
    """``text`` without its rule ids (``R5.4 · R5.5``, ``(R5.8)``): what a card shows
    players; the ids stay for ``--designer`` proofs.

    >>> without_rule_ids("coût en Réputation (R5.8)"), without_rule_ids("R5.4 · R5.5")
    ('coût en Réputation', '')
    """
    return _RULE_IDS.sub("", text).strip(" ·,")


#: the footer line of a card (its rule references), pt
FOOTER_PT = 6.0


def _emblem(c: Canvas, face: CardFace, box: Rect) -> None:
    """A card's generated face: its family symbol in a disc, one small disc per
    kind of effect, the flavour text beside them."""
    c.saveState()
    c.setFillColor(mix(face.accent, "#ffffff", 0.82))
    c.roundRect(pt(box.x), pt(box.y), pt(box.w), pt(box.h), pt(1.5), stroke=0, fill=1)
    family, *effects = face.glyphs
    r = min(box.h / 2 - 2.0, 9.0)
    cx, cy = box.left + 2.0 + r, box.cy
    c.setFillColor(colour(face.accent))
    c.circle(pt(cx), pt(cy), pt(r), stroke=0, fill=1)
    c.setFillColor(white)
    size = r * 2.6  # pt: the symbol fills about two thirds of the disc
    c.setFont(FONT_REGULAR, size)
    c.drawCentredString(pt(cx), pt(cy) - size * 0.36, family)
    x0 = cx + r + 2.5
    room = box.right - 1.5 - x0
    dark = mix(face.accent, "#000000", 0.35)
    small = 2.8
    if effects:
        gy = box.bottom + 1.5 + small if face.art_caption else cy
        x = x0 + small
        for g in effects[:6]:
            c.setFillColor(white)
            c.setStrokeColor(colour(face.accent))
            c.setLineWidth(pt(0.4))
            c.circle(pt(x), pt(gy), pt(small), stroke=1, fill=1)
            c.setFillColor(dark)
            c.setFont(FONT_REGULAR, 8.5)
            c.drawCentredString(pt(x), pt(gy) - 3.0, g)
            x += 2 * small + 1.4
    if face.art_caption:
        top = box.top - 1.5
        bottom = box.bottom + (2 * small + 2.5 if effects else 1.5)
        condensed = Fonts(FONT_CONDENSED, FONT_CONDENSED_BOLD)
        fitted = fit_text(face.art_caption, room, top - bottom, max_size=7.5,
                          min_size=MIN_TEXT_PT, fonts=condensed)
        c.setFillColor(dark)
        draw_fitted(c, fitted, x0, top, room, fonts=condensed)
    c.restoreState()


def _cost_badge(c: Canvas, cost: int, cx: float, cy: float, accent: Color) -> None:
    c.setFillColor(white)
    c.setStrokeColor(accent)
    c.setLineWidth(pt(0.5))
    c.circle(pt(cx), pt(cy), pt(3.6), stroke=1, fill=1)
    c.setFillColor(accent)
    c.setFont(FONT_BOLD, 10)
    c.drawCentredString(pt(cx), pt(cy) - 3.6, str(cost))


def _icons_row(c: Canvas, icons: Sequence[tuple[str, int]], trim: Rect, top: float,
               options: CardOptions, *, signed: bool = False) -> float:
    """A centred row of skill badges (letter in a disc, value beside it; a bonus
    or malus with its sign)."""
    r = 2.4
    texts = [_signed(v) if signed else str(v) for _, v in icons]
    value_w = [string_width(t, FONT_BOLD, 9) for t in texts]
    widths = [2 * r + 1.0 + vw for vw in value_w]
    total = sum(widths) + 3.5 * (len(icons) - 1)
    x = trim.cx - total / 2
    cy = top - r - 0.6
    for (key, _), text, w in zip(icons, texts, widths, strict=True):
        col = colour(options.skill_colours.get(key, "#666666"))
        c.setFillColor(col)
        c.circle(pt(x + r), pt(cy), pt(r), stroke=0, fill=1)
        c.setFillColor(white)
        c.setFont(FONT_BOLD, 7.5 if len(key) == 1 else MIN_TEXT_PT)
        c.drawCentredString(pt(x + r), pt(cy) - 2.7, key)
        c.setFillColor(colour(INK))
        c.setFont(FONT_BOLD, 9)
        c.drawString(pt(x + 2 * r + 1.0), pt(cy) - 3.2, text)
        x += w + 3.5
    return top - 2 * r - 1.8


def _art_box(c: Canvas, face: CardFace, art: Rect, accent: Color) -> None:
    c.saveState()
    if face.art is not None:
        clip_rect(c, art)
        face.art(c, art.x, art.y, art.w, art.h)
    else:
        c.setFillColor(mix(face.accent, "#ffffff", 0.75))
        draw_rect(c, art)
        if face.art_caption:
            c.setFillColor(mix(face.accent, "#000000", 0.35))
            size, _ = fit_line(face.art_caption, art.w - 4, FONT_CONDENSED, max_size=7,
                               min_size=MIN_TEXT_PT)
            c.setFont(FONT_CONDENSED, size)
            c.drawCentredString(pt(art.cx), pt(art.cy) - size * 0.35, face.art_caption)
    c.restoreState()
    c.setStrokeColor(accent)
    c.setLineWidth(pt(0.3))
    draw_rect(c, art, stroke=True, fill=False)


# --------------------------------------------------------------------------- backs


def draw_card_back(c: Canvas, back: CardBack, trim: Rect, bleed: Rect,
                   options: CardOptions = CardOptions(), *, rotated: bool = False) -> None:
    """Draw one card back at ``trim`` clipped to ``bleed``; ``rotated`` turns it
    by 180° about the card centre (short-edge duplex)."""
    c.saveState()
    clip_rect(c, bleed)
    if rotated:
        c.translate(pt(trim.cx), pt(trim.cy))
        c.rotate(180)
        c.translate(-pt(trim.cx), -pt(trim.cy))
    if back.draw is not None:
        back.draw(c, trim.x, trim.y, trim.w, trim.h)
        c.restoreState()
        return
    full = trim.expand(options.bleed)
    c.setFillColor(colour(back.colour))
    draw_rect(c, full)
    _pattern(c, back, full)
    # full bleed, no frame near the trim (a frame shows every duplex drift): the
    # title on a medallion in the middle, far from every edge
    r = min(trim.w, trim.h) * 0.36
    c.setFillColor(mix(back.colour, "#000000", 0.25))
    c.setStrokeColor(mix(back.colour, "#ffffff", 0.6))
    c.setLineWidth(pt(0.6))
    c.circle(pt(trim.cx), pt(trim.cy), pt(r), stroke=1, fill=1)
    if back.title:
        size, _ = fit_line(back.title, 2 * r - 4, FONT_BOLD, max_size=16, min_size=8)
        c.setFillColor(white)
        c.setFont(FONT_BOLD, size)
        c.drawCentredString(pt(trim.cx), pt(trim.cy) - size * 0.35, back.title)
    if back.subtitle:
        c.setFillColor(mix(back.colour, "#ffffff", 0.8))
        c.setFont(FONT_CONDENSED, 7)
        c.drawCentredString(pt(trim.cx), pt(trim.cy - 7), back.subtitle)
    c.restoreState()


def _pattern(c: Canvas, back: CardBack, area: Rect) -> None:
    if back.pattern == "plain":
        return
    c.setStrokeColor(mix(back.colour, "#ffffff", 0.18))
    c.setFillColor(mix(back.colour, "#ffffff", 0.18))
    c.setLineWidth(pt(0.8))
    step = 4.0
    if back.pattern == "stripes":
        k = -area.h
        while k < area.w:
            c.line(pt(area.x + k), pt(area.y), pt(area.x + k + area.h), pt(area.top))
            k += step
    elif back.pattern == "dots":
        y = area.y + step / 2
        while y < area.top:
            x = area.x + step / 2
            while x < area.right:
                c.circle(pt(x), pt(y), pt(0.6), stroke=0, fill=1)
                x += step
            y += step
    elif back.pattern == "grid":
        c.setLineWidth(pt(0.3))
        x = area.x
        while x <= area.right:
            c.line(pt(x), pt(area.y), pt(x), pt(area.top))
            x += step
        y = area.y
        while y <= area.top:
            c.line(pt(area.x), pt(y), pt(area.right), pt(y))
            y += step


# --------------------------------------------------------------------------- sheets

SIDE_WORDS: dict[str, dict[str, str]] = {
    "fr": {"front": "recto", "back": "verso", "long": "bord long", "short": "bord court",
           "none": "à imprimer à part, ou au dos à la main en retournant la feuille "
                   "sur le bord long",
           "fold": "recto | verso, pliez sur les pointillés", "fold-word": "pli"},
    "en": {"front": "front", "back": "back", "long": "long edge", "short": "short edge",
           "none": "print on its own, or by hand on the back, turning the sheet on its "
                   "long edge",
           "fold": "front | back, fold on the dashes", "fold-word": "fold"},
}
"""Page-label words for each side of a sheet and each duplex mode, by language."""

FrontHook = Callable[[Canvas, int, Sequence[Placement]], None]
"""``on_front(canvas, sheet, placements)``: adds to a front page (1-based sheet)."""


def _issue(report: Report, file: str, issue: LayoutIssue) -> None:
    report.warning(Span(file), issue.code, issue.message, issue.hint)


def _each(value: T | Sequence[T] | None, n: int, is_one: Callable[[object], bool],
          what: str) -> list[T] | None:
    """``value`` for each of ``n`` faces: None stays None, a single value serves
    them all, a sequence must give exactly one per face."""
    if value is None:
        return None
    if is_one(value):
        return [value] * n  # type: ignore[list-item]
    out = list(value)  # type: ignore[arg-type]
    if len(out) != n:
        raise ValueError(f"{len(out)} {what} for {n} faces")
    return out


def draw_card_sheets(doc: PdfDocument, faces: Sequence[CardFace],
                     backs: CardBack | Sequence[CardBack] | None,
                     options: CardOptions = CardOptions(), *, report: Report,
                     file: str = "<cards>", span_of: Callable[[int, CardFace], Span] | None = None,
                     front_obstacles: Sequence[Rect] = (),
                     on_front: FrontHook | None = None) -> tuple[Placement, ...]:
    """Draw ``faces`` as card sheets into ``doc``: per sheet a front page with crop
    marks and, when ``backs`` is given and duplex is not ``none``, the back page
    with every back behind its front. One back serves all cards; a sequence gives
    one back per face. Warnings go to ``report`` at ``file`` (a card's at its
    ``origin``, else at ``span_of(index, face)``, else at ``cards.<index>``);
    ``front_obstacles`` keep the page note off what ``on_front`` adds. Returns the
    placements, pages counted from 1 at the first page drawn here."""
    back_list = _each(backs, len(faces), lambda b: isinstance(b, CardBack), "backs")
    imp = options.imposition()
    for issue in imp.issues():
        _issue(report, file, issue)
    with_backs = back_list is not None
    placements = card_placements(len(faces), options, backs=with_backs)
    marks = imp.crop_marks()
    folds = fold_marks(imp)
    sheets = -(-len(faces) // imp.cards_per_page)
    separate_backs = with_backs and not imp.fold
    back_trim, back_bleed = (imp.back_grid(sheet_turn(options.duplex), options.back_offset)
                             if separate_backs else (imp.grid_trim, imp.grid_bleed))
    words = SIDE_WORDS[options.lang]
    by_page: dict[int, list[Placement]] = {}
    for p in placements:
        by_page.setdefault(p.page, []).append(p)
    for page in sorted(by_page):
        items = by_page[page]
        sheet = (page - 1) // (2 if separate_backs else 1) + 1
        if items[0].side == "front":
            label = (f"{options.label} — {words['fold']} {sheet}/{sheets}" if imp.fold
                     else f"{options.label} — {words['front']} {sheet}/{sheets}")
            with doc.page(imp.paper, trim=imp.grid_trim, bleed=imp.grid_bleed, label=label,
                          obstacles=(*imp.obstacles(), *front_obstacles),
                          segments=(*marks, *folds),
                          over_bleed=(imp.grid_trim.expand(MARK_CLEARANCE), *front_obstacles)
                          ) as c:
                for p in items:
                    if p.side == "back":  # fold-over: the back beside its front
                        assert back_list is not None
                        draw_card_back(c, back_list[p.index], p.trim, p.bleed, options)
                        continue
                    face = faces[p.index]
                    span = face.origin or (span_of(p.index, face) if span_of is not None
                                           else Span(file, path=f"cards.{p.index}"))
                    draw_card_face(c, face, p.trim, p.bleed, options, report=report, span=span)
                draw_crop_marks(c, marks)
                draw_fold_marks(c, folds, words["fold-word"])
                if on_front is not None:
                    on_front(c, sheet, items)
        else:
            assert back_list is not None
            label = (f"{options.label} — {words['back']} {sheet}/{sheets} "
                     f"({words[options.duplex]})")
            with doc.page(imp.paper, trim=back_trim, bleed=back_bleed, label=label,
                          obstacles=(back_bleed,),
                          over_bleed=(back_trim.expand(MARK_CLEARANCE),)) as c:
                for p in items:
                    draw_card_back(c, back_list[p.index], p.trim, p.bleed, options,
                                   rotated=p.rotated)
    return placements


def fold_marks(imp: Imposition) -> tuple[Segment, ...]:
    """Where a fold-over sheet folds: a mark above and below the grid at every fold
    line, like a crop mark but to be folded on, not cut."""
    return crop_marks_around(imp.grid_bleed, imp.fold_lines(), (), paper=imp.paper,
                             offset=imp.mark_offset, length=imp.mark_length + 2,
                             margin=imp.printable_margin)


def draw_fold_marks(c: Canvas, folds: Sequence[Segment], word: str) -> None:
    """Fold marks dashed, each with the word for "fold" beside it."""
    if not folds:
        return
    c.saveState()
    c.setStrokeColor(REGISTRATION_BLACK)
    c.setFillColor(REGISTRATION_BLACK)
    c.setLineWidth(pt(0.2))
    c.setDash(pt(1.0), pt(0.8))
    c.setFont(FONT_CONDENSED, 6)
    for f in folds:
        c.line(pt(f.x0), pt(f.y0), pt(f.x1), pt(f.y1))
        c.drawString(pt(f.x0 + 0.8), pt(min(f.y0, f.y1) + 0.5), word)
    c.restoreState()


def render_cards(faces: Sequence[CardFace], backs: CardBack | Sequence[CardBack] | None,
                 path: Path | str, options: CardOptions = CardOptions()) -> RenderResult:
    """Write ``faces`` as card sheets to ``path`` (see :func:`draw_card_sheets`).
    Returns placements and warnings; with no faces nothing is written and the
    result carries a ``cards-none`` warning."""
    out = Path(path)
    report = Report()
    file = str(out)
    if not faces:
        report.warning(Span(file), "cards-none", "no cards to print; nothing written",
                       "choose parts that hold cards (--only cards, clues)")
        return RenderResult(out, 0, (), tuple(report.diagnostics))
    doc = PdfDocument(out, title=options.title, printable_margin=options.printable_margin)
    with doc:
        placements = draw_card_sheets(doc, faces, backs, options, report=report, file=file)
    for issue in doc.issues:
        _issue(report, file, issue)
    return RenderResult(out, len(doc.pages), placements, tuple(report.diagnostics))


# --------------------------------------------------------------------------- tokens


@dataclass(frozen=True)
class TokenResult:
    """A written token sheet file: the front slots, the back slots (page numbers
    are 0-based sheet numbers, as in :class:`TokenGrid`), and warnings."""

    path: Path
    pages: int
    fronts: tuple[TokenSlot, ...]
    backs: tuple[TokenSlot, ...]
    diagnostics: tuple[Diagnostic, ...]


def token_backs(grid: TokenGrid, count: int, duplex: Duplex,
                offset: tuple[float, float] = (0.0, 0.0)) -> tuple[TokenSlot, ...]:
    """Where each token's back prints: behind its front on the back page."""
    return grid.back_slots(count, duplex, offset)


def draw_token_sheets(doc: PdfDocument, faces: Sequence[DrawFn], grid: TokenGrid, *,
                      backs: DrawFn | Sequence[DrawFn] | None = None, duplex: Duplex = "long",
                      back_offset: tuple[float, float] = (0.0, 0.0), label: str = "Jetons",
                      lang: Lang = "fr", fills: Sequence[str] | None = None,
                      registration: Sequence[RegistrationMark] = ()
                      ) -> tuple[tuple[TokenSlot, ...], tuple[TokenSlot, ...]]:
    """Draw token sheets into ``doc``: each face callback draws one token into its
    trim square, clipped to its bleed (a disc for round tokens), over its colour
    from ``fills`` when given. Every token gets a thin grey outline on its cut
    line; square tokens get crop marks on their guillotine lines (none beside the
    empty rows of a partly filled sheet); round ones are cut along their outline
    (or with the cut file of :func:`authoring.pdf.cutfile.token_cut_sheets`, whose
    ``registration`` marks are printed on every front page). With ``backs`` and a
    duplex mode, each sheet is followed by its back page. Returns the front and
    back slots."""
    n = len(faces)
    duplex = sheet_turn(duplex)
    back_fns = _each(backs, n, callable, "token backs")
    fronts = grid.slots(n)
    rear = grid.back_slots(n, duplex, back_offset) if back_fns is not None else ()
    obstacles = grid.obstacles()
    keep = (*obstacles, *(m.rect.expand(1.0) for m in registration))
    sheets = grid.pages(n)
    words = SIDE_WORDS[lang]
    for sheet in range(sheets):
        on_sheet = [s for s in fronts if s.page == sheet]
        cuts = grid.cuts(on_sheet)
        marks = cuts.crop_marks if grid.shape == "square" else ()
        if marks and on_sheet:
            lo = min(s.trim.bottom for s in on_sheet) - 1e-6
            hi = max(s.trim.top for s in on_sheet) + 1e-6
            marks = tuple(m for m in marks if m.x0 == m.x1 or lo <= m.y0 <= hi)
        side = f" — {words['front']}" if back_fns is not None else ""
        with doc.page(grid.paper, label=f"{label}{side} {sheet + 1}/{sheets}", obstacles=keep,
                      segments=marks) as c:
            for s in on_sheet:
                _draw_token(c, faces[s.index], s, fills[s.index] if fills is not None else None)
            _draw_cut_guides(c, grid, cuts, on_sheet)
            draw_crop_marks(c, marks)
            draw_registration_marks(c, registration)
        if back_fns is not None:
            behind_sheet = [s for s in rear if s.page == sheet]
            back_obstacles = tuple(behind(grid.paper, duplex, o) for o in obstacles)
            with doc.page(grid.paper, label=f"{label} — {words['back']} {sheet + 1}/{sheets}",
                          obstacles=back_obstacles) as c:
                for s in behind_sheet:
                    _draw_token(c, back_fns[s.index], s,
                                fills[s.index] if fills is not None else None)
    return fronts, rear


def render_tokens(faces: Sequence[DrawFn], grid: TokenGrid, path: Path | str, *,
                  backs: DrawFn | Sequence[DrawFn] | None = None, duplex: Duplex = "long",
                  back_offset: tuple[float, float] = (0.0, 0.0), title: str = "Jetons",
                  label: str = "Jetons",
                  registration: Sequence[RegistrationMark] = ()) -> TokenResult:
    """Write token sheets to ``path`` (see :func:`draw_token_sheets`); with no
    faces nothing is written and the result carries a ``tokens-none`` warning."""
    out = Path(path)
    report = Report()
    if not faces:
        report.warning(Span(str(out)), "tokens-none", "no tokens to print; nothing written",
                       "choose parts that hold tokens (--only tokens)")
        return TokenResult(out, 0, (), (), tuple(report.diagnostics))
    with PdfDocument(out, title=title) as doc:
        fronts, rear = draw_token_sheets(doc, faces, grid, backs=backs, duplex=duplex,
                                         back_offset=back_offset, label=label,
                                         registration=registration)
    for issue in doc.issues:
        _issue(report, str(out), issue)
    return TokenResult(out, len(doc.pages), fronts, rear, tuple(report.diagnostics))


def _draw_token(c: Canvas, draw: DrawFn, slot: TokenSlot, fill: str | None) -> None:
    """One token side clipped to its bleed, on its background colour when given."""
    c.saveState()
    if fill is not None:
        c.setFillColor(colour(fill))
    if slot.shape == "circle":
        clip_circle(c, slot.trim.cx, slot.trim.cy, slot.bleed.w / 2)
        if fill is not None:
            c.circle(pt(slot.trim.cx), pt(slot.trim.cy), pt(slot.bleed.w / 2), stroke=0, fill=1)
    else:
        clip_rect(c, slot.bleed)
        if fill is not None:
            draw_rect(c, slot.bleed)
    draw(c, slot.trim.x, slot.trim.y, slot.trim.w, slot.trim.h)
    c.restoreState()


def _draw_cut_guides(c: Canvas, grid: TokenGrid, cuts: TokenSheetCuts,
                     slots: Sequence[TokenSlot]) -> None:
    """Thin grey outlines on the tokens' cut lines (for scissors)."""
    c.saveState()
    c.setStrokeColor(colour("#7f7f7f"))
    c.setLineWidth(pt(0.15))
    for circle in cuts.circles:
        draw_circle(c, circle)
    for s in slots if grid.shape == "square" else ():
        draw_rect(c, s.trim, stroke=True, fill=False)
    c.restoreState()


# --------------------------------------------------------------------------- calibration


@dataclass(frozen=True)
class Calibration:
    """The calibration sheet: the front crosses (page mm) and, on the back page,
    the ruler origins printed behind them (including the current offset)."""

    path: Path
    fronts: tuple[tuple[float, float], ...]
    backs: tuple[tuple[float, float], ...]
    diagnostics: tuple[Diagnostic, ...]


def calibration_points(paper: Paper, inset: float = 35.0) -> tuple[tuple[float, float], ...]:
    """Five known points: the four corners ``inset`` mm in, and the centre."""
    w, h = paper.width, paper.height
    return ((inset, h - inset), (w - inset, h - inset), (w / 2, h / 2), (inset, inset),
            (w - inset, inset))


CALIBRATION_TITLE = "Calibration recto-verso"


def draw_calibration(doc: PdfDocument, options: CardOptions = CardOptions(), *,
                     report: Report | None = None, file: str = "<calibration>"
                     ) -> tuple[tuple[tuple[float, float], ...], tuple[tuple[float, float], ...]]:
    """Draw the two-page sheet that measures the printer's back offset into
    ``doc``: crosses at known places on the front, and behind each one (for the
    chosen duplex mode and the current ``back_offset``) an X and a Y ruler
    graduated in mm. Held against the light, the front cross lines cross the
    rulers at the correction to add. Returns the front points and the ruler
    origins behind them; duplex ``none`` is measured as ``long`` (a warning)."""
    duplex: Duplex = options.duplex if options.duplex in ("long", "short") else "long"
    if options.duplex not in ("long", "short") and report is not None:
        report.warning(Span(file), "calibration-duplex-none",
                       f"duplex '{options.duplex}' has no printer-turned back page; the "
                       "calibration sheet assumes 'long' (turning the sheet by hand)",
                       "print it the way you will print the backs")
    paper = options.paper
    fronts = calibration_points(paper)
    dx, dy = options.back_offset
    backs = tuple(
        (round(bx + dx, 6), round(by + dy, 6))
        for bx, by in (behind_point(paper, duplex, x, y) for x, y in fronts)
    )
    keep = tuple(Rect(x - 14, y - 14, 28, 28) for x, y in fronts)
    with doc.page(paper, label="Calibration — recto", obstacles=keep) as c:
        _calibration_text(c, paper, [
            "CALIBRATION RECTO-VERSO — recto / front",
            "Imprimez cette page et la suivante en recto-verso, à 100 %, "
            f"bord {'long' if duplex == 'long' else 'court'}.",
            "Print this page and the next one double-sided at 100 %, "
            f"{duplex}-edge.",
        ])
        for n, (x, y) in enumerate(fronts, start=1):
            _cross(c, x, y, f"{n}", paper)
    with doc.page(paper, label="Calibration — verso", obstacles=keep) as c:
        _calibration_text(c, paper, [
            "CALIBRATION — verso / back",
            "À contre-jour, verso face à vous : lisez où les traits de la croix du recto "
            "coupent les règles X et Y (en mm).",
            "Against the light, back side facing you: read where the front cross "
            "lines cross the X and Y rulers (mm).",
            f"Décalage actuel / current offset: {dx:g}, {dy:g} mm → "
            "--back-offset (actuel + lecture) / (current + reading), e.g. "
            f"{dx + 1.5:g},{dy - 0.5:g} for a reading of X = +1.5, Y = −0.5.",
            "Lisez la croix 3 (centre) ; les autres montrent un biais ou une échelle. "
            "Read cross 3 (centre); the others show skew or scaling.",
        ])
        for n, (x, y) in enumerate(backs, start=1):
            _rulers(c, x, y, f"{n}")
    return fronts, backs


def render_calibration(path: Path | str, options: CardOptions = CardOptions()) -> Calibration:
    """Write the duplex calibration sheet to ``path`` (see :func:`draw_calibration`)."""
    out = Path(path)
    report = Report()
    with PdfDocument(out, title=CALIBRATION_TITLE,
                     printable_margin=options.printable_margin) as doc:
        fronts, backs = draw_calibration(doc, options, report=report, file=str(out))
    return Calibration(out, fronts, backs, tuple(report.diagnostics))


def _calibration_text(c: Canvas, paper: Paper, lines: Sequence[str]) -> None:
    c.setFillColor(REGISTRATION_BLACK)
    y = paper.height / 2 + 40
    for k, line in enumerate(lines):
        font, size = (FONT_BOLD, 10) if k == 0 else (FONT_CONDENSED, 7.5)
        size_fit, _ = fit_line(line, paper.width - 40, font, max_size=size,
                               min_size=MIN_TEXT_PT)
        c.setFont(font, size_fit)
        c.drawCentredString(pt(paper.width / 2), pt(y), line)
        y -= 5.5 if k == 0 else 4.2


def _cross(c: Canvas, x: float, y: float, name: str, paper: Paper) -> None:
    c.saveState()
    c.setStrokeColor(REGISTRATION_BLACK)
    c.setFillColor(REGISTRATION_BLACK)
    c.setLineWidth(pt(0.2))
    c.line(pt(x - 12), pt(y), pt(x + 12), pt(y))
    c.line(pt(x), pt(y - 12), pt(x), pt(y + 12))
    c.circle(pt(x), pt(y), pt(1.5), stroke=1, fill=0)
    c.setFont(FONT_BOLD, 8)
    c.drawString(pt(x + 2), pt(y + 2), name)
    c.setFont(FONT_CONDENSED, MIN_TEXT_PT)
    text = f"{x:g} mm du bord gauche · from left, {paper.height - y:g} mm du bord haut · from top"
    if x > paper.width / 2:
        c.drawRightString(pt(x - 2), pt(y - 4.5), text)
    else:
        c.drawString(pt(x + 2), pt(y - 4.5), text)
    c.restoreState()


def _rulers(c: Canvas, x: float, y: float, name: str) -> None:
    """An X ruler 8 mm above the point and a Y ruler 8 mm right of it, graduated
    −5…+5 mm (0.5 mm ticks, every 2 mm numbered), ticks and figures twice the size
    of a plain ruler's so they read at arm's length; value v sits at v mm from the
    point on the back page."""
    c.saveState()
    c.setStrokeColor(REGISTRATION_BLACK)
    c.setFillColor(REGISTRATION_BLACK)
    c.setLineWidth(pt(0.18))
    ry, rx = y + 8, x + 8
    c.line(pt(x - 5), pt(ry), pt(x + 5), pt(ry))
    c.line(pt(rx), pt(y - 5), pt(rx), pt(y + 5))
    c.setFont(FONT_CONDENSED_BOLD, 7)
    for k in range(-10, 11):
        v = k / 2
        long_tick = k % 2 == 0
        t = 3.2 if long_tick else 1.8
        c.line(pt(x + v), pt(ry), pt(x + v), pt(ry + t))
        c.line(pt(rx), pt(y + v), pt(rx + t), pt(y + v))
        if k % 4 == 0:
            # every 2 mm, on two staggered rows: 7 pt figures are wider than 2 mm
            far = k % 8 != 0
            c.drawCentredString(pt(x + v), pt(ry + (8.2 if far else 4.0)), _signed(v))
            c.drawString(pt(rx + (9.6 if far else 4.0)), pt(y + v) - 2.0, _signed(v))
    c.setFont(FONT_BOLD, 9)
    c.drawString(pt(x - 10), pt(ry + 1), "X")
    c.drawString(pt(rx - 1.2), pt(y - 9.5), "Y")
    c.setFont(FONT_BOLD, 10)
    c.drawString(pt(x - 10), pt(y - 10), name)
    c.restoreState()


def _signed(v: float) -> str:
    """``+2``, ``0``, ``−2`` (a true minus sign)."""
    return "0" if v == 0 else (f"+{v:g}" if v > 0 else f"\u2212{-v:g}")
