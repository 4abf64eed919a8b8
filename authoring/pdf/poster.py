"""The board at true size, tiled over A4/Letter pages (R0.1).

The island is drawn from its geometry (:func:`authoring.pdf.boardmap.draw_board`:
zones tinted by region, cities with 1–3 circles, roads and mountain paths, zone
ids, the eliminated-soldiers area and the invasion-speed track) at scale 1, so
1 mm of the board file is 1 mm of paper. :func:`authoring.pdf.layout.tile_poster`
splits it into equal tiles that overlap; each page shows its tile, crop marks to
cut it out, alignment ticks across every seam and its place in the grid. A first
page maps the assembly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from authoring.pdf.boardmap import SEA, View, draw_board, draw_miniature
from authoring.pdf.canvas import (
    FONT_BOLD,
    FONT_CONDENSED,
    FONT_REGULAR,
    MIN_TEXT_PT,
    REGISTRATION_BLACK,
    PdfDocument,
    colour,
    draw_once,
    draw_poster,
    pt,
)
from authoring.pdf.layout import Paper, Rect, tile_poster
from authoring.pdf.section import KitOptions, KitWriter, say
from authoring.pdf.text import draw_fitted, fit_text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from authoring.model.board import Board
    from authoring.pdf.layout import PosterTiling, Tile

OVERLAP = 10.0
MARGIN = 10.0


def tiling_for(board: Board, options: KitOptions) -> PosterTiling:
    """The board's tiles on the kit's paper."""

    w, h = board.spec.size
    return tile_poster(w, h, options.paper, overlap=OVERLAP, margin=MARGIN)


class PosterSection:
    """The board poster: a page map, then one page per tile (single-sided)."""

    part = "board"
    duplex = False

    def __init__(self, board: Board, options: KitOptions) -> None:
        self.board = board
        self.options = options
        self.title = say(options.lang, "Plateau (poster taille réelle)",
                         "Board (true-size poster)")
        self.tiling = tiling_for(board, options)

    def pages(self) -> int:
        return 1 + len(self.tiling.tiles)

    def draw(self, w: KitWriter) -> None:

        first_tile_page = w.pages_written + 2
        self._page_map(w, first_tile_page)
        n = len(self.tiling.tiles)

        def label(tile: Tile) -> str:
            return say(w.lang, f"Plateau {tile.label} ({tile.index + 1}/{n})",
                       f"Board {tile.label} ({tile.index + 1}/{n})")

        draw_poster(w.doc, lambda c, x, y, _w, _h: self._board(c, x, y, 1.0), self.tiling,
                    page_label=label, assembly_page=False, on_tile=self._neighbours)

    # ------------------------------------------------------------------ page map

    def _page_map(self, w: KitWriter, first_tile_page: int) -> None:

        t = self.tiling
        lang = w.lang
        paper = w.paper
        bw, bh = self.board.spec.size
        with w.page(label=say(lang, "Plateau — plan d'assemblage", "Board — page map")) as c:
            c.setFillColor(colour("#1b2a3a"))
            c.setFont(FONT_BOLD, 14)
            c.drawString(pt(15), pt(paper.height - 20),
                         say(lang, "Plateau — plan d'assemblage", "Board — page map"))
            c.setFont(FONT_REGULAR, 8.5)
            c.drawString(pt(15), pt(paper.height - 27), say(
                lang,
                f"{bw:g} × {bh:g} mm à taille réelle sur {len(t.tiles)} pages {t.paper.name} "
                f"({t.rows} × {t.cols}), recouvrement {t.overlap:g} mm.",
                f"{bw:g} × {bh:g} mm at true size on {len(t.tiles)} {t.paper.name} pages "
                f"({t.rows} × {t.cols}), overlap {t.overlap:g} mm."))
            # thumbnail with the tile grid
            box_w, box_h = paper.width - 30, paper.height * 0.45
            scale = min(box_w / bw, box_h / bh)
            x0 = (paper.width - bw * scale) / 2
            y0 = paper.height - 35 - bh * scale
            # drawn anew at its size (not the true-size form scaled down): a
            # miniature sets its labels at 4 pt or leaves them out
            draw_miniature(c, self.board, x0, y0, scale, lang=lang)
            for tile in t.tiles:
                s = tile.source
                c.setStrokeColor(colour("#b33a2f"))
                c.setLineWidth(0.8)
                c.rect(pt(x0 + s.x * scale), pt(y0 + s.y * scale), pt(s.w * scale),
                       pt(s.h * scale), stroke=1, fill=0)
            for tile in t.tiles:
                s = tile.source
                cx, cy = x0 + (s.x + s.w / 2) * scale, y0 + (s.y + s.h / 2) * scale
                c.setFillColor(colour("#ffffff"))
                c.setStrokeColor(colour("#b33a2f"))
                c.circle(pt(cx), pt(cy), pt(6), stroke=1, fill=1)
                c.setFillColor(colour("#b33a2f"))
                c.setFont(FONT_BOLD, 9)
                c.drawCentredString(pt(cx), pt(cy + 0.3), tile.label)
                c.setFont(FONT_CONDENSED, MIN_TEXT_PT)
                c.drawCentredString(pt(cx), pt(cy - 3.3),
                                    f"p. {first_tile_page + tile.index}")
            y = y0 - 8
            steps = say(
                lang,
                "1. Imprimez les pages du plateau à 100 % (vérifiez la barre de 50 mm).\n"
                "2. Découpez chaque page le long des traits de coupe, au bord de l'image.\n"
                "3. Posez chaque page sur ses voisines de gauche et du haut : les repères "
                "(petits traits) doivent se prolonger d'une page à l'autre.\n"
                "4. Collez ; commencez par la page A1 en haut à gauche, ligne par ligne.",
                "1. Print the board pages at 100 % (check the 50 mm bar).\n"
                "2. Cut each page along the crop marks, at the edge of its image.\n"
                "3. Lay each page over its left and upper neighbours: the alignment ticks "
                "must continue from one page to the next.\n"
                "4. Glue; start with page A1 at the top left, row by row.")
            fitted = fit_text(steps, paper.width - 30, 30, max_size=9, min_size=7)
            c.setFillColor(colour("#222222"))
            draw_fitted(c, fitted, 15, y, paper.width - 30)
            y -= fitted.height + 4
            c.setFont(FONT_CONDENSED, 7)
            for tile in t.tiles:
                s = tile.source
                line = say(lang,
                           f"page {first_tile_page + tile.index} = {tile.label} : "
                           f"x {s.left:g}–{s.right:g} mm, y {s.bottom:g}–{s.top:g} mm",
                           f"page {first_tile_page + tile.index} = {tile.label}: "
                           f"x {s.left:g}–{s.right:g} mm, y {s.bottom:g}–{s.top:g} mm")
                col = tile.index % 2
                c.drawString(pt(15 + col * 95), pt(y), line)
                if col == 1 or tile.index == len(t.tiles) - 1:
                    y -= 4

    # ------------------------------------------------------------------ tiles

    def _board(self, c: Canvas, x: float, y: float, scale: float) -> None:
        """The whole board at true size as one form (stored once, drawn on the page
        map and on every tile), placed with its lower-left corner at page mm (x, y)."""

        w, h = self.board.spec.size
        lang = self.options.lang
        def body(cc: Canvas) -> None:
            draw_board(cc, self.board, View(1.0), lang=lang)

        draw_once(c, f"board-{self.board.spec.id}-{lang}", (0, 0, w, h), body, x, y, scale)

    def _neighbours(self, c: Canvas, tile: Tile) -> None:
        """The tile's label in its top margin and arrows naming its neighbours."""

        t = self.tiling
        p = tile.placement
        paper = t.paper
        c.saveState()
        c.setFillColor(REGISTRATION_BLACK)
        c.setFont(FONT_BOLD, 9)
        top = min(paper.height - 6.5, p.top + 3.5)
        c.drawString(pt(p.x + 6), pt(top), tile.label)
        c.setFont(FONT_CONDENSED, 6)
        hints = []
        if tile.col > 0:
            hints.append(f"← {t.tile(tile.row, tile.col - 1).label}")
        if tile.row > 0:
            hints.append(f"↑ {t.tile(tile.row - 1, tile.col).label}")
        if tile.col < t.cols - 1:
            hints.append(f"{t.tile(tile.row, tile.col + 1).label} →")
        if tile.row < t.rows - 1:
            hints.append(f"{t.tile(tile.row + 1, tile.col).label} ↓")
        c.drawString(pt(p.x + 14), pt(top), "   ".join(hints))
        c.restoreState()


def true_size_board(board: Board, options: KitOptions) -> bytes:
    """The board on one sheet at true size, for a large-format printer or a print
    shop: the board is the TrimBox, the sea runs on over the ``--bleed`` around it
    (the page is the BleedBox), no marks, no note."""

    w, h = board.spec.size
    b = options.bleed
    doc = PdfDocument(None, title=f"Project: Resistance — {board.spec.id}",
                      printable_margin=0.0, cmyk=options.cmyk)
    with doc.page(Paper("board", w + 2 * b, h + 2 * b), trim=Rect(b, b, w, h),
                  bleed=Rect(0, 0, w + 2 * b, h + 2 * b), note=False) as c:
        c.setFillColor(SEA)
        c.rect(0, 0, pt(w + 2 * b), pt(h + 2 * b), stroke=0, fill=1)
        c.saveState()
        c.translate(pt(b), pt(b))
        draw_board(c, board, View(1.0), lang=options.lang)
        c.restoreState()
    return doc.to_bytes()
