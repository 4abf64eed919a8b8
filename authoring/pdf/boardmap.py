"""Drawing the island on a ReportLab canvas: zones tinted by region, cities with
1–3 circles, solid roads, dotted mountain paths, terrain and zone ids.

One drawing routine serves the one-page preview, the tiled poster and the
scenario sheets: :func:`draw_island` draws board millimetres through a
:class:`View` (scale and offset in points). :func:`draw_board` adds what the
printed board carries around the island: the sea, the eliminated-soldiers area
(R5.6, R7.2), the invasion-speed track (R2.5, R8.8, D2.2), the board's name and
a legend; where they go is computed (:func:`board_furniture`) so that they stay
off the island.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

import authoring.pdf.fonts as fonts
from authoring.io.yamlio import atomic_write
from authoring.pdf.canvas import MIN_TEXT_PT, MINIATURE_TEXT_PT, PT_MM, draw_once

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from authoring.model.board import Board

SEA = HexColor("#d8e9f3")
LAND = HexColor("#f3eedf")
ROAD = HexColor("#3b3530")
RIVER = HexColor("#4a90c2")
FOREST = HexColor("#7fae6a")
MOUNTAIN = HexColor("#a8977f")
LAKE = HexColor("#9ccbe6")
#: terrain kinds a board adds (deserts, swamps …): one neutral tint, hatched by the name
OTHER_TERRAIN = HexColor("#c9b27c")
CITY_SIZE_CIRCLES = {"capital": 3, "town": 2, "village": 1}


def tint(colour: str | Color, amount: float) -> Color:
    """``colour`` mixed with white (amount 0 → white, 1 → colour); opaque, so the PDF
    stays free of transparency groups and prints the same everywhere."""
    c = HexColor(colour) if isinstance(colour, str) else colour
    return Color(1 - (1 - c.red) * amount, 1 - (1 - c.green) * amount, 1 - (1 - c.blue) * amount)


@dataclass(frozen=True)
class View:
    """Board mm → page points: ``page = origin + scale × board`` (scale 1 = true size)."""

    scale: float = 1.0
    ox: float = 0.0
    oy: float = 0.0

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return (self.ox + x * self.scale * mm, self.oy + y * self.scale * mm)

    def len(self, d_mm: float) -> float:
        return float(d_mm * self.scale * mm)


def _geom_path(c: Canvas, geom: BaseGeometry, view: View) -> PDFPathObject:
    path = c.beginPath()
    polys = getattr(geom, "geoms", [geom])
    for poly in polys:
        if poly.geom_type != "Polygon" or poly.is_empty:
            continue
        for ring in [poly.exterior, *poly.interiors]:
            coords = list(ring.coords)
            path.moveTo(*view.pt(*coords[0]))
            for x, y in coords[1:]:
                path.lineTo(*view.pt(x, y))
            path.close()
    return path


def _fill(
    c: Canvas,
    geom: BaseGeometry,
    view: View,
    fill: Color,
    stroke: Color | None = None,
    width: float = 0.5,
) -> None:
    if geom.is_empty:
        return
    c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(width)
    c.drawPath(_geom_path(c, geom, view), fill=1, stroke=int(stroke is not None), fillMode=0)


def _line(c: Canvas, coords: list[tuple[float, float]], view: View) -> None:
    p = c.beginPath()
    p.moveTo(*view.pt(*coords[0]))
    for x, y in coords[1:]:
        p.lineTo(*view.pt(x, y))
    c.drawPath(p, stroke=1, fill=0)


def _link_style(c: Canvas, kind: str, view: View) -> None:
    """The pen of a link: a solid road, or a dotted mountain path (round dots)."""
    c.setStrokeColor(ROAD)
    if kind == "mountain":
        c.setLineWidth(1.1 * view.scale)
        c.setDash([view.len(0.6), view.len(1.6)])
        c.setLineCap(1)
    else:
        c.setLineWidth(1.6 * view.scale)
        c.setDash([])
        c.setLineCap(0)


def _city(c: Canvas, x: float, y: float, circles: int, view: View) -> None:
    """A city at page point ``(x, y)``: a dot inside 1–3 circles (its size, R4.1)."""
    c.setFillColor(HexColor("#ffffff"))
    c.setStrokeColor(ROAD)
    c.setLineWidth(0.7 * view.scale)
    for k in range(circles, 0, -1):
        c.circle(x, y, view.len(1.6 + 1.5 * k), stroke=1, fill=1)
    c.setFillColor(ROAD)
    c.circle(x, y, view.len(1.2), stroke=0, fill=1)


def draw_island(
    c: Canvas,
    board: Board,
    view: View,
    *,
    labels: bool = True,
    city_names: bool = True,
    highlight: dict[str, Color] | None = None,
    label_pt: float | None = None,
) -> None:
    """Draw the whole island: sea, zones, terrain, links, cities, labels (zone ids
    at ``label_pt`` at true size, by default :func:`label_pt_at` the view's scale)."""
    import shapely

    geo = board.geometry
    s = view.scale
    _fill(c, geo.outline, view, LAND)
    for zid, poly in geo.zone_polygons.items():
        region = board.region(board.zone(zid).region)
        colour = (highlight or {}).get(zid) or tint(region.colour, 0.35)
        _fill(c, poly, view, colour, tint("#000000", 0.35), 0.4 * s)
    colours = {"forests": FOREST, "mountains": MOUNTAIN, "lakes": LAKE}
    for kind, features in geo.terrain.items():
        if kind != "rivers":
            for _name, g in features:
                _fill(c, g, view, tint(colours.get(kind, OTHER_TERRAIN), 0.75))
    # zone borders over the terrain too (a forest must not hide where a zone ends)
    c.setStrokeColor(tint("#000000", 0.35))
    c.setLineWidth(0.4 * s)
    for poly in geo.zone_polygons.values():
        c.drawPath(_geom_path(c, poly, view), stroke=1, fill=0)
    c.setStrokeColor(RIVER)
    c.setLineCap(1)
    for f in board.spec.terrain.rivers:
        if f.line:
            c.setLineWidth(view.len(f.width) * 0.6)
            _line(c, list(f.line), view)
    # region borders: thicker lines around each region's union
    for r in board.regions:
        polys = [geo.zone_polygons[z.id] for z in board.zones if z.region == r.id]
        if polys:
            region_geom = shapely.union_all(polys)
            c.setStrokeColor(tint(r.colour, 1.0))
            c.setLineWidth(1.2 * s)
            c.drawPath(_geom_path(c, region_geom, view), stroke=1, fill=0)
    c.setStrokeColor(HexColor("#2f5b7a"))
    c.setLineWidth(1.0 * s)
    c.drawPath(_geom_path(c, geo.outline, view), stroke=1, fill=0)
    # links
    for road in board.roads:
        a, b = board.zone(road.a).at, board.zone(road.b).at
        _link_style(c, road.kind, view)
        _line(c, [a, b], view)
    c.setDash([])
    # cities: a dot inside 1-3 circles
    for z in board.zones:
        x, y = view.pt(*z.at)
        _city(c, x, y, CITY_SIZE_CIRCLES.get(z.size, 1), view)
    if labels:
        # a miniature sets its zone ids at MINIATURE_TEXT_PT at least (placed for
        # that size) and leaves out the city names it would print smaller
        label_pt = label_pt or label_pt_at(s)
        city_names = city_names and city_names_at(s)
        halo = view.len(2 * HALO_MM)
        for lab in zone_labels(board, city_names=city_names, label_pt=label_pt):
            _halo_string(c, view.pt(lab.box[0], lab.box[3] - label_pt * PT_MM * 0.8), lab.zone,
                         fonts.BOLD, label_pt * s, lab.colour, halo)
            if city_names:
                _halo_string(c, view.pt(lab.box[0], lab.box[1] + CITY_PT * PT_MM * 0.25),
                             lab.city, fonts.REGULAR, CITY_PT * s, lab.city_colour, halo)


def _halo_string(c: Canvas, at: tuple[float, float], text: str, font: str, size: float,
                 ink: Color, halo: float) -> None:
    """``text`` in ``ink`` over a white outline ``halo`` points wide, so it reads
    over terrain and region borders."""
    c.saveState()
    t = c.beginText(*at)
    t.setFont(font, size)
    t.setTextRenderMode(1)  # stroke only: the halo
    c.setStrokeColor(HexColor("#ffffff"))
    c.setLineWidth(halo)
    c.setLineJoin(1)
    t.textOut(text)
    c.drawText(t)
    c.restoreState()
    c.setFillColor(ink)
    c.setFont(font, size)
    c.drawString(*at, text)


def _font(c: Canvas, font: str, size: float, view: View) -> bool:
    """Set ``size`` pt (at true size) through the view; False, and nothing set,
    when a miniature would print it below :data:`MINIATURE_TEXT_PT` (the caller
    leaves that text out)."""
    printed = size * view.scale
    if printed < MINIATURE_TEXT_PT - 1e-9:
        return False
    c.setFont(font, printed)
    return True


#: zone label sizes at true size, pt: zone ids read from across a table (issue
#: 25: at least 14 pt), city names below them
LABEL_PT = 14.0
CITY_PT = 8.0
#: white kept around a label (its halo) and between it and roads, rivers and
#: city discs, board mm
LABEL_CLEARANCE = 0.8
#: the white outline drawn around a label's letters, board mm each side
HALO_MM = 0.5
#: WCAG's ratio for small text, which the labels must reach on their ground
MIN_CONTRAST = 4.5


@dataclass(frozen=True)
class ZoneLabel:
    """Where a zone's label goes (board mm box ``x0, y0, x1, y1``), its colours
    and the colour of the ground under it."""

    zone: str
    city: str
    box: tuple[float, float, float, float]
    colour: Color
    city_colour: Color
    ground: Color


def luminance(c: Color) -> float:
    """WCAG relative luminance."""

    def ch(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * ch(c.red) + 0.7152 * ch(c.green) + 0.0722 * ch(c.blue)


def contrast(a: Color, b: Color) -> float:
    """WCAG contrast ratio of two colours (1 to 21).

    >>> round(contrast(HexColor("#000000"), HexColor("#ffffff")), 1)
    21.0
    """
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable(ink: Color, ground: Color, ratio: float = MIN_CONTRAST) -> Color:
    """``ink`` darkened toward black just enough to reach ``ratio`` on ``ground``."""
    for k in range(0, 101):
        t = k / 100
        c = Color(ink.red * (1 - t), ink.green * (1 - t), ink.blue * (1 - t))
        if contrast(c, ground) >= ratio:
            return c
    return Color(0, 0, 0)


def _disc_radius(size: str) -> float:
    """The drawn radius of a city's outer circle, board mm (see :func:`_city`)."""
    return 1.6 + 1.5 * CITY_SIZE_CIRCLES.get(size, 1)


def label_pt_at(scale: float) -> float:
    """The zone ids' size, pt at true size, of the board drawn at ``scale``: a
    miniature sets them at :data:`MINIATURE_TEXT_PT` at least (placed for that
    size)."""
    return LABEL_PT if scale >= 1 else max(LABEL_PT, MINIATURE_TEXT_PT / scale)


def city_names_at(scale: float) -> bool:
    """Whether the board drawn at ``scale`` prints its city names (a miniature
    leaves out what it would print below :data:`MINIATURE_TEXT_PT`)."""
    return CITY_PT * scale >= MINIATURE_TEXT_PT - 1e-9


#: zone labels already placed: (board's id, city names, size) → (board, labels);
#: the board is kept so its id is not reused
_LABELS: dict[tuple[int, bool, float], tuple[Any, list[ZoneLabel]]] = {}


def zone_labels(board: Board, *, city_names: bool = True,
                label_pt: float = LABEL_PT) -> list[ZoneLabel]:
    """:func:`place_zone_labels`, once per board, city names and size."""
    key = (id(board), city_names, round(label_pt, 6))
    if key not in _LABELS:
        if len(_LABELS) > 32:
            _LABELS.clear()
        _LABELS[key] = (board, place_zone_labels(board, city_names=city_names,
                                                 label_pt=label_pt))
    return list(_LABELS[key][1])


def place_zone_labels(board: Board, *, city_names: bool = True,
                      label_pt: float = LABEL_PT) -> list[ZoneLabel]:
    """Each zone's label (its id over its city name) inside its own zone, clear of
    every road, path, river, city disc and other label by :data:`LABEL_CLEARANCE`
    (its halo included), as near its city as that allows; where a zone has no such
    place, the least crossed place around the city. The ink is the region's colour
    darkened to read at :data:`MIN_CONTRAST` on the ground under it."""
    from authoring.pdf.canvas import string_width

    geo = board.geometry
    fixed = board_obstacles(board)
    terrain = [(tint(c, 0.75), g) for kind, c in (("forests", FOREST), ("mountains", MOUNTAIN),
                                                 ("lakes", LAKE))
               for _n, g in geo.terrain.get(kind, ())]
    placed: list[Any] = []
    out: list[ZoneLabel] = []
    for z in board.zones:
        w = string_width(z.id, fonts.BOLD, label_pt)
        if city_names:
            w = max(w, string_width(z.city, fonts.REGULAR, CITY_PT))
        h = (label_pt + (CITY_PT if city_names else 0)) * PT_MM * 1.05
        chosen = free_box(board, z.id, w, h, [fixed, *placed], step=label_pt * PT_MM / 4)
        placed.append(chosen.buffer(LABEL_CLEARANCE))
        region = board.region(z.region)
        ground = tint(region.colour, 0.35)
        if not geo.outline.contains(chosen) and luminance(SEA) < luminance(ground):
            ground = SEA
        for colour_, g in terrain:
            if g.intersects(chosen):
                ground = colour_ if luminance(colour_) < luminance(ground) else ground
        bx0, by0, bx1, by1 = chosen.bounds
        out.append(ZoneLabel(z.id, z.city, (bx0, by0, bx1, by1),
                             readable(tint(region.colour, 1.0), ground),
                             readable(HexColor("#333333"), ground), ground))
    return out


def board_obstacles(board: Board, clearance: float = LABEL_CLEARANCE) -> Any:
    """What a label or mark must stay clear of on the island: every road and
    path, river and city disc, grown by ``clearance`` (board mm), as one geometry."""
    import shapely
    from shapely.geometry import LineString, Point

    lines = [LineString([board.zone(r.a).at, board.zone(r.b).at]).buffer(0.8 + clearance)
             for r in board.roads]
    lines += [LineString(f.line).buffer(f.width / 2 + clearance)
              for f in board.spec.terrain.rivers if f.line]
    discs = [Point(z.at).buffer(_disc_radius(z.size) + clearance) for z in board.zones]
    return shapely.union_all([*lines, *discs])


def free_box(board: Board, zone: str, w: float, h: float, obstacles: Sequence[Any], *,
             step: float = 1.0, fallback: bool = True) -> Any:
    """A ``w`` × ``h`` box (board mm, a shapely polygon) inside ``zone``, clear of
    ``obstacles``, as near the zone's city as that allows (lower-left corners on a
    ``step`` mm grid); where the zone holds no such place, the least crossed place
    around the city (None without ``fallback``)."""
    import numpy as np
    import shapely

    z = board.zone(zone)
    x, y = z.at
    poly = board.geometry.zone_polygons[zone].buffer(-0.3)
    x0, y0, x1, y1 = poly.bounds
    step = max(0.5, step)
    xs = np.arange(x0, x1 - w, step)
    ys = np.arange(y0, y1 - h, step)
    if len(xs) and len(ys):
        gx, gy = (a.ravel() for a in np.meshgrid(xs, ys))
        boxes = shapely.box(gx, gy, gx + w, gy + h)
        ok = shapely.within(boxes, poly)
        if ok.any():
            near = shapely.clip_by_rect(shapely.union_all(list(obstacles)), x0, y0, x1, y1)
            shapely.prepare(near)
            ok[ok] = ~shapely.intersects(boxes[ok], near)
        if ok.any():
            d = np.hypot(gx + w / 2 - x, gy + h / 2 - y)
            d[~ok] = np.inf
            return boxes[int(np.argmin(d))]
    if not fallback:
        return None
    return _least_crossed(z, w, h, list(obstacles), board.geometry.outline)


def _least_crossed(z: Any, w: float, h: float, obstacles: list[Any], outline: Any) -> Any:
    """A ``w`` × ``h`` box around zone ``z``'s city crossing the least of
    ``obstacles`` (eight places on five rings, nearest first; the sea counts)."""
    from shapely.geometry import box

    x, y = z.at
    near = _disc_radius(z.size) + LABEL_CLEARANCE
    best: tuple[float, Any] | None = None
    for gap in (near, near + 2.5, near + 5.0, near + 8.0, near + 12.0):
        d = gap * 0.75
        for sx, sy in ((x + gap, y - h / 2), (x - gap - w, y - h / 2), (x - w / 2, y + gap),
                       (x - w / 2, y - gap - h), (x + d, y + d), (x + d, y - d - h),
                       (x - d - w, y + d), (x - d - w, y - d - h)):
            b = box(sx, sy, sx + w, sy + h)
            hit = sum(b.intersection(g).area for g in obstacles)
            hit += b.difference(outline).area
            if best is None or hit < best[0] - 1e-9:
                best = (hit, b)
            if hit == 0:
                return b
    assert best is not None
    return best[1]


@dataclass(frozen=True)
class Furniture:
    """Where the board's extras go, in board mm ``(x, y, w, h)``: the eliminated
    area, one square per speed-track cell (D2.2), the title and the legend."""

    eliminated: tuple[float, float, float, float]
    speed_cells: tuple[tuple[float, float, float, float], ...]
    title: tuple[float, float, float, float] | None
    legend: tuple[float, float, float, float] | None


def board_furniture(board: Board, margin: float = 12.0) -> Furniture:
    """Place the eliminated area (the board file's ``eliminated_area``, else the
    free lower-right corner), the speed track (a row of cells along the bottom
    or top edge, off the island), the title and the legend (free corners)."""
    from shapely.geometry import box

    w, h = board.spec.size
    island = board.geometry.outline.buffer(3.0)
    taken: list[BaseGeometry] = [island]

    def free(x: float, y: float, bw: float, bh: float) -> bool:
        if x < 0 or y < 0 or x + bw > w or y + bh > h:
            return False
        b = box(x, y, x + bw, y + bh)
        return not any(b.intersects(t) for t in taken)

    if board.spec.eliminated_area is not None:
        elim = tuple(float(v) for v in board.spec.eliminated_area)
    else:
        ew, eh = min(130.0, w / 4), min(90.0, h / 4)
        elim = (w - margin - ew, margin, ew, eh)
    ex, ey, ew_, eh_ = elim
    taken.append(box(ex, ey, ex + ew_, ey + eh_).buffer(4.0))

    n = len(board.spec.speed_track)
    gap, label = 3.0, 7.0
    cells: tuple[tuple[float, float, float, float], ...] = ()
    for y_edge in ("bottom", "top"):
        for x0, x1 in ((margin, ex - margin), (margin, w - margin)):
            avail = x1 - x0
            size = min(18.0, (avail - (n - 1) * gap) / n) if n else 0
            if size < 8:
                continue
            total = n * size + (n - 1) * gap
            start = x0 + (avail - total) / 2
            y = margin if y_edge == "bottom" else h - margin - size - label
            if free(start, y, total, size + label):
                cells = tuple((start + i * (size + gap), y, size, size) for i in range(n))
                taken.append(box(start, y, start + total, y + size + label).buffer(2.0))
                break
        if cells:
            break
    if not cells and n:
        size = min(18.0, (w - 2 * margin - (n - 1) * gap) / n)
        cells = tuple((margin + i * (size + gap), margin, size, size) for i in range(n))

    def corner(bw: float, bh: float) -> tuple[float, float, float, float] | None:
        """The first free spot: a corner, else somewhere along an edge."""
        spots = [(margin, h - margin - bh), (w - margin - bw, h - margin - bh),
                 (margin, margin), (w - margin - bw, margin)]
        steps = max(1, int((w - 2 * margin - bw) // 5))
        for k in range(steps + 1):
            x = margin + k * 5.0
            spots += [(x, h - margin - bh), (x, margin)]
        steps = max(1, int((h - 2 * margin - bh) // 5))
        for k in range(steps + 1):
            y = margin + k * 5.0
            spots += [(margin, y), (w - margin - bw, y)]
        for x, y in spots:
            if free(x, y, bw, bh):
                taken.append(box(x, y, x + bw, y + bh).buffer(2.0))
                return (x, y, bw, bh)
        return None

    title = corner(min(150.0, w / 3), 18.0)
    legend = corner(*legend_size(board))
    return Furniture(elim, cells, title, legend)  # type: ignore[arg-type]


def draw_board(c: Canvas, board: Board, view: View, *, lang: str = "fr",
               speed_marker: int | None = None) -> Furniture:
    """The whole printed board: sea, island, eliminated area, speed track (with the
    marker on cell ``speed_marker``, 0-based, if given), title and legend."""
    bw, bh = board.spec.size
    f = board_furniture(board)
    c.setFillColor(SEA)
    c.rect(*view.pt(0, 0), view.len(bw), view.len(bh), stroke=0, fill=1)
    draw_island(c, board, view)
    fr = lang != "en"
    s = view.scale
    # eliminated soldiers (R5.6) become reputation at the end of the phase (R7.2)
    ex, ey, ew, eh = f.eliminated
    c.setFillColor(tint("#b33a2f", 0.12))
    c.setStrokeColor(HexColor("#b33a2f"))
    c.setLineWidth(1.2 * s)
    c.setDash([view.len(3), view.len(2)])
    c.roundRect(*view.pt(ex, ey), view.len(ew), view.len(eh), view.len(4), stroke=1, fill=1)
    c.setDash([])
    c.setFillColor(HexColor("#7a1f1f"))
    if _font(c, fonts.BOLD, 14, view):
        c.drawCentredString(*view.pt(ex + ew / 2, ey + eh - 12),
                            "Soldats éliminés" if fr else "Eliminated soldiers")
    if _font(c, fonts.REGULAR, 7, view):
        c.drawCentredString(*view.pt(ex + ew / 2, ey + eh - 19),
                            "R5.6 — en fin de phase des joueurs, chaque pion ici" if fr else
                            "R5.6 — at the end of the players' phase, each piece here")
        c.drawCentredString(*view.pt(ex + ew / 2, ey + eh - 23.5),
                            "devient un cube Réputation (R7.2)" if fr else
                            "becomes a reputation cube (R7.2)")
    # invasion-speed track (D2.2)
    if f.speed_cells:
        x0, y0, size, _ = f.speed_cells[0]
        last = f.speed_cells[-1]
        c.setFillColor(HexColor("#3b3530"))
        if _font(c, fonts.BOLD, 9, view):
            c.drawString(*view.pt(x0, y0 + size + 2.2), "Vitesse d'invasion (R2.5, R8.8)"
                         if fr else "Invasion speed (R2.5, R8.8)")
        if _font(c, fonts.REGULAR, MIN_TEXT_PT, view):
            c.drawRightString(*view.pt(last[0] + last[2], y0 + size + 2.2),
                              "+1 case à chaque fin de phase de l'armée →" if fr else
                              "+1 cell at the end of every army phase →")
        for i, ((x, y, sz, _), speed) in enumerate(
            zip(f.speed_cells, board.spec.speed_track, strict=True)
        ):
            c.setFillColor(tint("#b33a2f", 0.15 + 0.12 * min(speed, 6)))
            c.setStrokeColor(HexColor("#3b3530"))
            c.setLineWidth(0.8 * s)
            c.roundRect(*view.pt(x, y), view.len(sz), view.len(sz), view.len(2), stroke=1, fill=1)
            c.setFillColor(HexColor("#ffffff") if speed >= 4 else HexColor("#3b3530"))
            if _font(c, fonts.BOLD, 16 * sz / 18, view):
                c.drawCentredString(*view.pt(x + sz / 2, y + sz / 2 - 2.2 * sz / 18), str(speed))
            if _font(c, fonts.REGULAR, MIN_TEXT_PT, view):
                c.drawString(*view.pt(x + 1.2, y + 1.2), str(i + 1))
            if speed_marker == i:
                c.setStrokeColor(HexColor("#000000"))
                c.setLineWidth(1.6 * s)
                c.circle(*view.pt(x + sz / 2, y + sz / 2), view.len(sz * 0.42), stroke=1, fill=0)
    if f.title is not None:
        tx, ty, tw, th = f.title
        c.setFillColor(HexColor("#1b2a3a"))
        if _font(c, fonts.BOLD, 16, view):
            c.drawString(*view.pt(tx, ty + th - 7), board.spec.name or board.spec.id)
        if _font(c, fonts.REGULAR, 7, view):
            c.drawString(*view.pt(tx, ty + th - 13), "Project: Resistance — " + (
                f"{len(board.zones)} zones, {board.total_tokens} jetons Zone" if fr else
                f"{len(board.zones)} zones, {board.total_tokens} zone tokens"))
    if f.legend is not None and MIN_TEXT_PT * s >= MINIATURE_TEXT_PT:
        # (a miniature too small for the legend's words leaves the legend out)
        _legend(c, board, view, f.legend, fr)
    return f


def draw_miniature(c: Canvas, board: Board, x: float, y: float, scale: float, *,
                   lang: str = "fr", speed_marker: int | None = None) -> View:
    """The board at ``scale`` (< 1) with its lower-left corner at page mm (x, y),
    through a form named ``miniature-…`` (stored once: the scenario sheets share
    it). Drawn at its own size, not the true-size board shrunk: labels are set at
    :data:`MINIATURE_TEXT_PT` at least or left out. Returns the view that places
    board mm on the page (for what goes on top, like a scenario's setup)."""
    bw, bh = board.spec.size

    def draw(cc: Canvas) -> None:
        draw_board(cc, board, View(scale), lang=lang, speed_marker=speed_marker)

    name = f"miniature-{board.spec.id}-{lang}-{scale:.4f}-{speed_marker}"
    draw_once(c, name, (0, 0, bw * scale, bh * scale), draw, x, y)
    return View(scale, x * mm, y * mm)


#: the legend's text size at true size, pt
LEGEND_PT = 8.0


def legend_size(board: Board) -> tuple[float, float]:
    """The legend's width and height, board mm: city sizes, links, terrain and one
    swatch per region (two columns)."""
    return (86.0, 66.0 + 7.0 * -(-len(board.regions) // 2))


def _legend(c: Canvas, board: Board, view: View, area: tuple[float, float, float, float],
            fr: bool) -> None:
    """City sizes (R4.1), roads and mountain paths (R5.1), terrain and the regions'
    colours."""
    x, y, w, h = area
    s = view.scale
    c.setFillColor(HexColor("#ffffff"))
    c.setStrokeColor(HexColor("#8a8a8a"))
    c.setLineWidth(0.5 * s)
    c.roundRect(*view.pt(x, y), view.len(w), view.len(h), view.len(2), stroke=1, fill=1)
    top = y + h
    row = top - 8  # the capital's outer circle (6 mm) clear of the frame
    sizes = (("capital", "Capitale", "Capital"), ("town", "Ville", "Town"),
             ("village", "Village", "Village"))
    for k, (size, f_txt, e_txt) in enumerate(sizes):
        cx = x + 3 + (k + 0.5) * (w - 6) / 3  # three columns, each label centred in its own
        _city(c, *view.pt(cx, row), CITY_SIZE_CIRCLES[size], view)
        c.setFillColor(ROAD)
        if _font(c, fonts.REGULAR, LEGEND_PT, view):
            c.drawCentredString(*view.pt(cx, row - 10), f_txt if fr else e_txt)
            n = CITY_SIZE_CIRCLES[size]
            c.drawCentredString(*view.pt(cx, row - 13.5), f"(taille {n})" if fr else f"(size {n})")
    half = (w - 8) / 2
    for k, (kind, f_txt, e_txt) in enumerate((("road", "Route (R5.1 : jusqu'à 3)",
                                                "Road (R5.1: up to 3)"),
                                               ("mountain", "Chemin de montagne (1)",
                                                "Mountain path (1)"))):
        lx, ly = x + 4, top - 28 - k * 7
        _link_style(c, kind, view)
        p = c.beginPath()
        p.moveTo(*view.pt(lx, ly + 1))
        p.lineTo(*view.pt(lx + 12, ly + 1))
        c.drawPath(p, stroke=1, fill=0)
        c.setDash([])
        c.setFillColor(ROAD)
        if _font(c, fonts.REGULAR, LEGEND_PT, view):
            c.drawString(*view.pt(lx + 14, ly), f_txt if fr else e_txt)
    terrain = ((FOREST, "Forêt", "Forest"), (MOUNTAIN, "Montagne", "Mountain"),
               (LAKE, "Lac", "Lake"), (RIVER, "Rivière", "River"))
    for k, (ink, f_txt, e_txt) in enumerate(terrain):
        r, col = divmod(k, 2)
        lx, ly = x + 4 + col * half, top - 44 - r * 7
        if ink == RIVER:
            c.setStrokeColor(RIVER)
            c.setLineWidth(view.len(1.5))
            c.line(*view.pt(lx, ly + 1.2), *view.pt(lx + 7, ly + 1.2))
        else:
            c.setFillColor(tint(ink, 0.75))
            c.rect(*view.pt(lx, ly - 1), view.len(7), view.len(4.5), stroke=0, fill=1)
        c.setFillColor(ROAD)
        if _font(c, fonts.REGULAR, LEGEND_PT, view):
            c.drawString(*view.pt(lx + 9, ly), f_txt if fr else e_txt)
    for k, region in enumerate(board.regions):
        r, col = divmod(k, 2)
        lx, ly = x + 4 + col * half, top - 61 - r * 7
        c.setFillColor(tint(region.colour, 0.35))
        c.setStrokeColor(tint(region.colour, 1.0))
        c.setLineWidth(1.0 * s)
        c.rect(*view.pt(lx, ly - 1), view.len(7), view.len(4.5), stroke=1, fill=1)
        c.setFillColor(ROAD)
        if _font(c, fonts.REGULAR, LEGEND_PT, view):
            c.drawString(*view.pt(lx + 9, ly), f"{region.id} — {region.name}")


def fit_view(board: Board, x: float, y: float, w: float, h: float) -> View:
    """A view that fits the board's size into the box (points), centred."""
    bw, bh = board.spec.size
    scale = min(w / (bw * mm), h / (bh * mm))
    ox = x + (w - bw * mm * scale) / 2
    oy = y + (h - bh * mm * scale) / 2
    return View(scale, ox, oy)


def preview_pdf(board: Board, output: str | Path) -> None:
    """One page: the island fitted to an A4 landscape page, with a legend line."""
    from reportlab.lib.pagesizes import A4, landscape


    page_w, page_h = landscape(A4)
    with atomic_write(output, "wb") as fh:
        c = fonts.new_canvas(fh, (page_w, page_h), title=f"{board.spec.name or board.spec.id}")
        margin = 10 * mm
        # cropped to the island (and a little sea), not the whole board sheet
        bw, bh = board.spec.size
        ix0, iy0, ix1, iy1 = board.geometry.outline.bounds
        pad = 8.0
        x0, y0 = max(0.0, ix0 - pad), max(0.0, iy0 - pad)
        x1, y1 = min(bw, ix1 + pad), min(bh, iy1 + pad)
        aw, ah = page_w - 2 * margin, page_h - 2 * margin - 16 * mm
        scale = min(aw / ((x1 - x0) * mm), ah / ((y1 - y0) * mm))
        view = View(scale, margin + (aw - (x1 - x0) * mm * scale) / 2 - x0 * mm * scale,
                    margin + 8 * mm + (ah - (y1 - y0) * mm * scale) / 2 - y0 * mm * scale)
        c.saveState()
        clip = c.beginPath()
        clip.rect(*view.pt(x0, y0), view.len(x1 - x0), view.len(y1 - y0))
        c.clipPath(clip, stroke=0, fill=0)
        c.setFillColor(SEA)
        c.rect(*view.pt(x0, y0), view.len(x1 - x0), view.len(y1 - y0), stroke=0, fill=1)
        draw_island(c, board, view)
        c.restoreState()
        c.setFillColor(HexColor("#000000"))
        c.setFont(fonts.BOLD, 12)
        c.drawString(
            margin,
            page_h - margin - 4 * mm,
            f"{board.spec.name or board.spec.id} — aperçu du plateau",
        )
        c.setFont(fonts.REGULAR, 8)
        c.drawString(
            margin,
            margin,
            f"{len(board.zones)} zones, {board.total_tokens} jetons Zone · route : trait plein · "
            f"chemin de montagne : pointillés · échelle 1:{1 / view.scale:.1f}",
        )
        x = page_w - margin
        for r in reversed(board.regions):
            label = f"{r.id} {r.name}"
            tw = c.stringWidth(label, fonts.REGULAR, 8)
            x -= tw + 6 * mm
            c.setFillColor(tint(r.colour, 0.35))
            c.rect(x, margin - 0.5 * mm, 3.5 * mm, 3.5 * mm, stroke=0, fill=1)
            c.setFillColor(HexColor("#000000"))
            c.drawString(x + 4.5 * mm, margin, label)
        c.showPage()
        c.save()
