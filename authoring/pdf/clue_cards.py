"""Perforated clue cards (R5.3, R6.1) and their cut file.

A valid clue card shows its title and the island mini-map with a hole drawn at
every place that has the property, exactly where it will be punched: the centre
is :meth:`authoring.model.geometry.BoardGeometry.hole_centre` (card mm from the card's
lower-left corner) and the diameter the board's ``minimap.hole_diameter``. The
keyed alignment marks (``minimap.keys``, asymmetric) are punched too, so a card
turned the wrong way round in a stack shows it at once. Failure cards ("Échec")
carry no hole.

For each printed sheet the same holes, in page millimetres, go into a
:class:`authoring.pdf.cutfile.CutSheet` with registration marks that are also
printed on the sheet, so a cutting machine (or a punching template) lines up
with the print.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from authoring.pdf.boardmap import tint
from authoring.pdf.canvas import (
    FONT_BOLD,
    FONT_CONDENSED,
    FONT_CONDENSED_BOLD,
    MIN_TEXT_PT,
    PT_MM,
    colour,
    draw_once,
    pt,
    string_width,
)
from authoring.pdf.cards import CardBack, CardFace
from authoring.pdf.cutfile import CutSheet, Hole, RegistrationMark, draw_registration_marks
from authoring.pdf.game_cards import card_outlines, draw_kit_cards, form_back, sheet_count
from authoring.pdf.layout import PRINTABLE_MARGIN, Rect
from authoring.pdf.section import KitOptions, KitWriter, Lang, PrintedClue, say
from authoring.pdf.text import Fonts, draw_fitted, fit_text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.pdfgen.pathobject import PDFPathObject

    from authoring.model.board import Board
    from authoring.pdf.cards import CardFace, CardOptions
    from authoring.pdf.cutfile import RegistrationMark
    from authoring.pdf.layout import Imposition, Paper, Placement, Rect
    from authoring.pdf.text import Fitted

#: text on a card stays this far inside its trim (a slightly missed cut)
SAFE_MM = 2.0

LAND = "#f1ecdc"
SEA = "#dcebf4"
HOLE_RING = "#1b2a3a"
KEY = "#000000"


@dataclass(frozen=True)
class CardHole:
    """A perforation on a card, card mm from its lower-left corner; ``zone`` is
    None for an alignment key."""

    x: float
    y: float
    diameter: float
    zone: str | None = None


def clue_holes(card: PrintedClue, board: Board,
               diameter: float | None = None) -> tuple[CardHole, ...]:
    """Every perforation of one clue card: its places (R5.3), ``diameter`` mm
    across (default the board's ``minimap.hole_diameter``), then the keys. A
    failure card has none."""
    if card.failure:
        return ()
    geo = board.geometry
    mm = board.spec.minimap
    d = diameter or mm.hole_diameter
    holes = [CardHole(*geo.hole_centre(z), d, z) for z in card.holes]
    holes.extend(CardHole(k.at[0], k.at[1], k.diameter) for k in mm.keys)
    return tuple(holes)


def registration_marks(imp: Imposition, printable_margin: float = PRINTABLE_MARGIN,
                       size: float = 4.0,
                       clearance: float = 1.0, step: float = 0.5
                       ) -> tuple[RegistrationMark, ...]:
    """Four registration marks as near the paper corners as the printer can print,
    clear of the cards' bleed and of the crop marks: a filled square at the top
    left (which way up), crosses at the other corners."""
    import math


    paper = imp.paper
    bleed = imp.grid_bleed.expand(clearance)
    crops = imp.crop_marks()
    printable = paper.rect.inset(printable_margin)
    half = size / 2

    def free(x: float, y: float, taken: Sequence[Rect]) -> bool:
        r = Rect(x - half, y - half, size, size)
        if not printable.contains(r):
            return False
        grown = r.expand(clearance)
        return (not grown.overlaps(bleed) and not any(s.crosses(grown) for s in crops)
                and not any(grown.overlaps(t) for t in taken))

    lo = printable_margin + half
    corners = ((lo, paper.height - lo, "square"), (paper.width - lo, paper.height - lo, "cross"),
               (lo, lo, "cross"), (paper.width - lo, lo, "cross"))
    marks: list[RegistrationMark] = []
    taken: list[Rect] = []
    n = int(max(paper.width, paper.height) / step)
    for cx, cy, kind in corners:
        sx = 1 if cx < paper.width / 2 else -1
        sy = 1 if cy < paper.height / 2 else -1
        best: tuple[float, float, float] | None = None
        # walk away from the corner along both edges first (nearest first)
        for k in range(n):
            for i in range(k + 1):
                j = k - i
                x, y = cx + sx * i * step, cy + sy * j * step
                if free(x, y, taken):
                    d = math.hypot(x - cx, y - cy)
                    if best is None or d < best[0]:
                        best = (d, x, y)
            if best is not None:
                break
        if best is None:
            continue
        _, x, y = best
        mark = RegistrationMark(round(x, 4), round(y, 4), size, kind)  # type: ignore[arg-type]
        marks.append(mark)
        taken.append(mark.rect)
    return tuple(marks)


class MiniMap:
    """The island drawn on a clue card, precomputed in card mm once per board."""

    def __init__(self, board: Board) -> None:
        self.board = board

    @cached_property
    def outline(self) -> list[tuple[float, float]]:
        geo = self.board.geometry
        return [geo.minimap(x, y) for x, y in geo.outline.exterior.coords]

    @cached_property
    def zones(self) -> list[tuple[str, list[list[tuple[float, float]]]]]:
        """(region colour, rings in card mm) per zone."""
        geo = self.board.geometry
        out = []
        for z in self.board.zones:
            poly = geo.zone_polygons[z.id]
            rings = []
            for p in getattr(poly, "geoms", [poly]):
                if p.geom_type != "Polygon" or p.is_empty:
                    continue
                rings.append([geo.minimap(x, y) for x, y in p.exterior.coords])
            out.append((self.board.region(z.region).colour, rings))
        return out

    @cached_property
    def cities(self) -> dict[str, tuple[float, float]]:
        geo = self.board.geometry
        return {z.id: geo.hole_centre(z.id) for z in self.board.zones}

    def draw(self, c: Canvas, x0: float, y0: float) -> None:
        """The window's sea, the zones tinted light by region, the coast (a form:
        stored once per document, drawn by reference on every card)."""

        cw, ch = self.board.spec.minimap.card
        draw_once(c, f"minimap-{self.board.spec.id}-colour", (0, 0, cw, ch),
                  lambda cc: self._draw(cc, 0, 0), x0, y0)

    def draw_island(self, c: Canvas, x: float, y: float, w: float, h: float) -> None:
        """The island alone, grey, fitted and centred in the box (card mm on the
        page): a failure card's picture (a form, stored once)."""

        xs = [p[0] for p in self.outline]
        ys = [p[1] for p in self.outline]
        bx0, by0, bx1, by1 = min(xs), min(ys), max(xs), max(ys)
        if w <= 0 or h <= 0 or bx1 <= bx0 or by1 <= by0:
            return
        scale = min(1.0, w / (bx1 - bx0), h / (by1 - by0))
        px = x + (w - (bx1 - bx0) * scale) / 2
        py = y + (h - (by1 - by0) * scale) / 2
        draw_once(c, f"minimap-{self.board.spec.id}-island-grey", (bx0, by0, bx1, by1),
                  lambda cc: self._island(cc, 0, 0, grey=True),
                  px - bx0 * scale, py - by0 * scale, scale)

    def _island(self, c: Canvas, x0: float, y0: float, *, grey: bool) -> None:
        c.setLineWidth(pt(0.12))
        c.setStrokeColor(colour("#9a9a9a" if grey else "#7d8a96"))
        for col, rings in self.zones:
            c.setFillColor(tint("#bbbbbb" if grey else col, 0.28))
            for ring in rings:
                c.drawPath(_path(c, ring, x0, y0), stroke=1, fill=1)
        c.setLineWidth(pt(0.35))
        c.setStrokeColor(colour("#777777" if grey else "#2f5b7a"))
        c.drawPath(_path(c, self.outline, x0, y0), stroke=1, fill=0)

    def _draw(self, c: Canvas, x0: float, y0: float) -> None:

        mm = self.board.spec.minimap
        wx, wy, ww, wh = mm.window
        c.setFillColor(colour(SEA))
        c.roundRect(pt(x0 + wx), pt(y0 + wy), pt(ww), pt(wh), pt(1.5), stroke=0, fill=1)
        self._island(c, x0, y0, grey=False)
        # every city as a small dot; a card's holes are drawn over theirs
        c.setFillColor(colour("#6d6d6d"))
        for cx, cy in self.cities.values():
            c.circle(pt(x0 + cx), pt(y0 + cy), pt(0.35), stroke=0, fill=1)


def _path(c: Canvas, ring: Sequence[tuple[float, float]], x0: float, y0: float) -> PDFPathObject:

    p = c.beginPath()
    p.moveTo(pt(x0 + ring[0][0]), pt(y0 + ring[0][1]))
    for x, y in ring[1:]:
        p.lineTo(pt(x0 + x), pt(y0 + y))
    p.close()
    return p


def draw_hole(c: Canvas, x: float, y: float, diameter: float) -> None:
    """A place's perforation: white disc, dark ring, centre cross for the punch."""

    r = diameter / 2
    c.setFillColor(colour("#ffffff"))
    c.setStrokeColor(colour(HOLE_RING))
    c.setLineWidth(pt(0.2))
    c.circle(pt(x), pt(y), pt(r), stroke=1, fill=1)
    c.setLineWidth(pt(0.08))
    t = r * 0.45
    c.line(pt(x - t), pt(y), pt(x + t), pt(y))
    c.line(pt(x), pt(y - t), pt(x), pt(y + t))


def punch_problems(board: Board, diameter: float) -> list[str]:
    """Where a punch of ``diameter`` mm leaves less than the board's
    ``minimap.min_bridge`` between two places' holes, or runs over the card's edge
    margin (``min_edge``): one sentence each."""
    from itertools import combinations

    mm = board.spec.minimap
    geo = board.geometry
    centres = [(z, geo.hole_centre(z.id)) for z in board.zones]
    out = []
    for (z1, (x1, y1)), (z2, (x2, y2)) in combinations(centres, 2):
        bridge = ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 - diameter
        if bridge < mm.min_bridge - 1e-9:
            out.append(f"the holes of {z1.id} and {z2.id} leave {bridge:.2f} mm between "
                       f"them (min_bridge {mm.min_bridge:g} mm)")
    cw, ch = mm.card
    r = diameter / 2
    for z, (x, y) in centres:
        if min(x - r, y - r, cw - x - r, ch - y - r) < mm.min_edge - 1e-9:
            out.append(f"the hole of {z.id} comes within {mm.min_edge:g} mm of the card's edge")
    return out


def draw_film_window(c: Canvas, x: float, y: float, window: tuple[float, float, float, float],
                     holes: Sequence[CardHole]) -> None:
    """The film variant of the mini-map: the window inked, every place of the card
    and the keys left clear (unprinted film), so that stacked cards show through
    only where every card is clear."""
    wx, wy, ww, wh = window
    path = c.beginPath()
    path.rect(pt(x + wx), pt(y + wy), pt(ww), pt(wh))
    for h in holes:
        path.circle(pt(x + h.x), pt(y + h.y), pt(h.diameter / 2))
    c.setFillColor(colour("#1b2a3a"))
    c.drawPath(path, stroke=0, fill=1, fillMode=0)  # even-odd: the circles stay clear


def draw_key(c: Canvas, x: float, y: float, diameter: float) -> None:
    """A keyed alignment mark: a black disc with a white centre cross (punched too)."""

    r = diameter / 2
    c.setFillColor(colour(KEY))
    c.circle(pt(x), pt(y), pt(r), stroke=0, fill=1)
    c.setStrokeColor(colour("#ffffff"))
    c.setLineWidth(pt(0.1))
    t = r * 0.5
    c.line(pt(x - t), pt(y), pt(x + t), pt(y))
    c.line(pt(x), pt(y - t), pt(x), pt(y + t))


class ClueFaces:
    """Draws clue-card faces (the ``draw`` callback of a :class:`CardFace`)."""

    def __init__(self, board: Board, options: CardOptions, lang: Lang, *,
                 punch: float | None = None, film: bool = False) -> None:
        self.board = board
        self.options = options
        #: the holes' diameter (a stock punch), None for the board's
        self.punch = punch
        #: print for transparency film: the window inked, the places left clear
        self.film = film
        self.lang = lang
        self.map = MiniMap(board)

    def face(self, card: PrintedClue, copy: int) -> CardFace:

        def draw(c: Canvas, x: float, y: float, w: float, h: float) -> None:
            self.draw(c, card, x, y, w, h)

        return CardFace(title=card.title, kind="Indice", draw=draw, key=f"clue {card.id}",
                        accent="#2f4f7f")

    def fit_title(self, title: str, w: float, h: float) -> tuple[Fitted, float, float]:
        """The title shrunk to fit the band above the mini-map, clear of the keys, on
        a ``w`` × ``h`` mm card: the fitted text, its side margin and box height."""

        mm = self.board.spec.minimap
        top_band = mm.window[1] + mm.window[3] + 1.0
        margin = max([8.0] + [min(k.at[0], w - k.at[0]) + 3.0 for k in mm.keys])
        box_h = h - 6.5 - top_band - 0.5
        fitted = fit_text(f"**{title}**", w - 2 * margin, box_h, max_size=10, min_size=6.5,
                          step=0.5, fonts=Fonts(FONT_BOLD, FONT_BOLD))
        return fitted, margin, box_h

    def draw(self, c: Canvas, card: PrintedClue, x: float, y: float, w: float, h: float) -> None:

        b = self.options.bleed
        lang = self.lang
        accent = "#7a1f1f" if card.failure else "#2f4f7f"
        c.setFillColor(colour("#fbfaf5"))
        ground = c.beginPath()
        ground.rect(pt(x - b), pt(y - b), pt(w + 2 * b), pt(h + 2 * b))
        if self.film:  # the film stays clear at every place of the card
            for hole in clue_holes(card, self.board, self.punch):
                if hole.zone is not None:  # the keys are for punching only
                    ground.circle(pt(x + hole.x), pt(y + hole.y), pt(hole.diameter / 2))
        c.drawPath(ground, stroke=0, fill=1, fillMode=0)
        mm = self.board.spec.minimap
        wx, wy, ww, wh = mm.window
        top_band = wy + wh + 1.0
        c.setFillColor(colour("#e6ebf2" if not card.failure else "#f2e4e4"))
        c.rect(pt(x - b), pt(y + top_band), pt(w + 2 * b), pt(h - top_band + b), stroke=0, fill=1)
        c.setFillColor(colour(accent))
        c.setFont(FONT_CONDENSED_BOLD, MIN_TEXT_PT)
        c.drawCentredString(pt(x + w / 2), pt(y + h - 5.2), say(lang, "INDICE", "CLUE"))
        title = say(lang, "Échec", "Failure") if card.failure and not card.title else card.title
        fitted, margin, box_h = self.fit_title(title, w, h)
        c.setFillColor(colour("#1b2a3a"))
        top = y + top_band + (box_h + fitted.height) / 2 + 0.3
        draw_fitted(c, fitted, x + margin, top, w - 2 * margin, fonts=Fonts(FONT_BOLD, FONT_BOLD),
                    align="center")
        if card.failure:
            self.draw_failure(c, card, x, y)
            return
        if self.film:
            draw_film_window(c, x, y, mm.window, [h for h in clue_holes(
                card, self.board, self.punch) if h.zone is not None])
            c.setStrokeColor(colour("#8fa3b5"))  # the coast, to turn the card the right way
            c.setLineWidth(pt(0.3))
            c.drawPath(_path(c, self.map.outline, x, y), stroke=1, fill=0)
            return
        self.map.draw(c, x, y)
        for hole in clue_holes(card, self.board, self.punch):
            if hole.zone is None:
                draw_key(c, x + hole.x, y + hole.y, hole.diameter)
            else:
                draw_hole(c, x + hole.x, y + hole.y, hole.diameter)
        n = len(card.holes)
        count = say(lang, f"{n} lieu{'x' * (n != 1)}", f"{n} place{'s' * (n != 1)}")
        spots = self.footer_spots(w, h, (card.label, count))
        if spots is not None:
            c.setFillColor(colour("#5f5f5f"))
            c.setFont(FONT_CONDENSED, MIN_TEXT_PT)
            (lx, ly), (rx, ry) = spots
            c.drawString(pt(x + lx), pt(y + ly), card.label)
            c.drawRightString(pt(x + rx), pt(y + ry), count)

    def footer_spots(self, w: float, h: float, texts: tuple[str, str]
                     ) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """Where the card's id (left) and its number of places (right) go, card mm
        (baselines; the right one is the text's end), at :data:`MIN_TEXT_PT`: in the
        window's bottom corners when the island leaves room there, else under the
        window, else its top corners; None when no place is free (they are left out
        rather than printed smaller or over the island, where a hole may cut them)."""

        from shapely.geometry import Point, Polygon, box

        mm = self.board.spec.minimap
        wx, wy, ww, wh = mm.window
        island = Polygon(self.map.outline).buffer(0.6)
        keys = [Point(k.at).buffer(k.diameter / 2 + 0.6) for k in mm.keys]
        tall = MIN_TEXT_PT * PT_MM
        widths = [string_width(t, FONT_CONDENSED, MIN_TEXT_PT) for t in texts]
        safe = box(SAFE_MM, SAFE_MM, w - SAFE_MM, h - SAFE_MM)

        def fits(baseline: float) -> bool:
            boxes = [box(wx + 1.0, baseline - 0.25 * tall, wx + 1.0 + widths[0], baseline + tall),
                     box(wx + ww - 1.0 - widths[1], baseline - 0.25 * tall, wx + ww - 1.0,
                         baseline + tall)]
            return (widths[0] + widths[1] + 3.0 <= ww
                    and all(safe.contains(b) for b in boxes)
                    and not any(b.intersects(o) for b in boxes for o in (island, *keys)))

        for baseline in (wy + 1.2, wy - 0.3 - tall, wy + wh - 1.0 - tall):
            if fits(baseline):
                return (wx + 1.0, baseline), (wx + ww - 1.0, baseline)
        return None

    def draw_failure(self, c: Canvas, card: PrintedClue, x: float, y: float) -> None:
        """A failure card (R5.3): no hole; the island grey and smaller, framed by
        the word and the card's text, all inside the window."""

        lang = self.lang
        wx, wy, ww, wh = self.board.spec.minimap.window
        c.setFillColor(colour("#eeeeee"))
        c.roundRect(pt(x + wx), pt(y + wy), pt(ww), pt(wh), pt(1.5), stroke=0, fill=1)
        msg = card.text or say(lang, "La population ne sait rien… ou ne veut rien dire.",
                               "The people know nothing… or won't say.")
        word = say(lang, "ÉCHEC", "FAILURE")
        # the word once on the card: in the window only when the title does not say it
        if _plain(card.title or word) == _plain(word):
            word = ""
        word_pt = min(20.0, (ww - 6) / max(string_width(word or "X", FONT_BOLD, 1.0), 1e-6))
        if not word:
            word_pt = 0.0
        note = fit_text(msg, ww - 6, max(wh * 0.3, 8.0), max_size=7.5, min_size=MIN_TEXT_PT)
        top = y + wy + wh - 2.5 - word_pt * PT_MM * 0.75   # the word's baseline
        bottom = y + wy + 2.5 + note.height                 # the note's first line top
        if word:
            c.setFillColor(colour("#7a1f1f"))
            c.setFont(FONT_BOLD, word_pt)
            c.drawCentredString(pt(x + wx + ww / 2), pt(top), word)
        c.setFillColor(colour("#333333"))
        draw_fitted(c, note, x + wx + 3, bottom, ww - 6, align="center")
        # the island between them, as large as the room allows
        self.map.draw_island(c, x + wx + 2, bottom + 2.0, ww - 4, top - 3.0 - bottom - 2.0)


def _plain(text: str) -> str:
    """``text`` without case or accents, to compare words (« Échec » = « ÉCHEC »)."""
    import unicodedata

    return "".join(ch for ch in unicodedata.normalize("NFD", text.casefold())
                   if not unicodedata.combining(ch))


class ClueSection:
    """The clue cards in the kit (double-sided), and their cut sheets."""

    part = "clues"
    duplex: bool

    def __init__(self, clues: Sequence[PrintedClue], board: Board, options: KitOptions) -> None:

        self.clues = list(clues)
        self.board = board
        self.options = options
        lang = options.lang
        self.film = options.clues == "film"
        self.title = (say(lang, "Cartes Indice (film transparent)", "Clue cards (transparency film)")
                      if self.film else say(lang, "Cartes Indice (perforées)",
                                            "Clue cards (perforated)"))
        card_options = options.card_options(self.title, say(lang, "Indices", "Clues"))
        # the holes are placed for the card size of the board's mini-map: print that size
        mw, mh = board.spec.minimap.card
        self.card_options = dataclasses.replace(card_options, card_width=mw, card_height=mh)
        self.duplex = options.printer_duplex
        self.faces_maker = ClueFaces(board, self.card_options, lang, punch=options.punch,
                                     film=self.film)
        self.cards: list[PrintedClue] = [card for card in self.clues
                                      for _ in range(max(1, card.copies))]
        self.faces: list[CardFace] = [self.faces_maker.face(card, 0) for card in self.cards]
        self.back = CardBack(say(lang, "Indice", "Clue"), "Project: Resistance", "#1d3354",
                             "dots")
        imp = self.card_options.imposition()
        self.marks = (options.cutter_marks(imp.paper) if options.cutter != "none"
                      else registration_marks(imp, options.printable_margin))

    def pages(self) -> int:

        return sheet_count(len(self.faces), self.card_options)

    def draw(self, w: KitWriter) -> None:

        imp = self.card_options.imposition()
        sheets = -(-len(self.faces) // imp.cards_per_page)
        paper: Paper = imp.paper
        lang = w.lang

        def on_front(c: Canvas, sheet: int, items: Sequence[Placement]) -> None:
            draw_registration_marks(c, self.marks)
            holes: list[Hole] = []
            for p in items if not self.film else ():  # a film card has nothing to punch
                # a fold-over back is cut with its front folded onto it: its holes
                # are the front's mirrored across the fold
                mirror = p.side == "back"
                for h in clue_holes(self.cards[p.index], self.board, self.options.punch):
                    hx = p.trim.w - h.x if mirror else h.x
                    holes.append(Hole(round(p.trim.x + hx, 4), round(p.trim.y + h.y, 4),
                                      h.diameter))
            page = w.pages_written + 1
            outlines = card_outlines(items, w.options)
            if self.film and w.options.cutter == "none":
                return  # film: nothing to cut but the cards, by hand
            label = say(lang, f"Indices — recto {sheet}/{sheets} (page {page} du kit)",
                        f"Clues — front {sheet}/{sheets} (kit page {page})")
            w.cut_sheets.append(CutSheet(paper, tuple(holes), self.marks, label, outlines,
                                         w.options.corner_radius))
            w.cut_pages.append(page)

        mark_rects = tuple(m.rect.expand(1.0) for m in self.marks)
        back = form_back(self.back, "clues", self.card_options)
        draw_kit_cards(w, self.faces, back, self.card_options, on_front=on_front,
                       front_obstacles=mark_rects)
        self._check_titles(w)
        if self.options.punch and not self.film:
            problems = punch_problems(self.board, self.options.punch)
            if problems:
                w.warn("clue-punch", f"a {self.options.punch:g} mm punch on the clue cards: "
                       + "; ".join(problems[:3])
                       + (f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""),
                       "use the board's hole size (no --punch), a smaller punch, or move the "
                       "cities apart / enlarge the minimap window")

    def _check_titles(self, w: KitWriter) -> None:
        copt = self.card_options
        for card in self.clues:
            fitted, _, _ = self.faces_maker.fit_title(card.title, copt.card_width,
                                                      copt.card_height)
            if not fitted.fits:
                w.warn("card-title-overflow",
                       f"clue card '{card.id}': title {card.title!r} does not fit above the "
                       "mini-map at 6.5 pt", "shorten the title", key=f"clue {card.id}")
