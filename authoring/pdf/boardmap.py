"""Drawing the island on a ReportLab canvas: zones tinted by region, cities with
1–3 circles, solid roads, dotted mountain paths, terrain and zone ids.

One drawing routine serves the one-page preview, the tiled poster and the
scenario sheets: :func:`draw_island` draws board millimetres through a
:class:`View` (scale and offset in points).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm

from authoring.pdf import fonts

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from authoring.board import Board

SEA = HexColor("#d8e9f3")
LAND = HexColor("#f3eedf")
ROAD = HexColor("#3b3530")
RIVER = HexColor("#4a90c2")
FOREST = HexColor("#7fae6a")
MOUNTAIN = HexColor("#a8977f")
LAKE = HexColor("#9ccbe6")
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
        return d_mm * self.scale * mm


def _geom_path(c: Any, geom: BaseGeometry, view: View) -> Any:
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
    c: Any,
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


def _line(c: Any, coords: list[tuple[float, float]], view: View) -> None:
    p = c.beginPath()
    p.moveTo(*view.pt(*coords[0]))
    for x, y in coords[1:]:
        p.lineTo(*view.pt(x, y))
    c.drawPath(p, stroke=1, fill=0)


def draw_island(
    c: Any,
    board: Board,
    view: View,
    *,
    labels: bool = True,
    city_names: bool = True,
    highlight: dict[str, Color] | None = None,
) -> None:
    """Draw the whole island: sea, zones, terrain, links, cities, labels."""
    import shapely

    geo = board.geometry
    s = view.scale
    _fill(c, geo.outline, view, LAND)
    for zid, poly in geo.zone_polygons.items():
        region = board.region(board.zone(zid).region)
        colour = (highlight or {}).get(zid) or tint(region.colour, 0.35)
        _fill(c, poly, view, colour, tint("#000000", 0.35), 0.4 * s)
    for kind, colour in (("forests", FOREST), ("mountains", MOUNTAIN), ("lakes", LAKE)):
        for _name, g in geo.terrain[kind]:
            _fill(c, g, view, tint(colour, 0.75))
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
        c.setStrokeColor(ROAD)
        if road.kind == "mountain":
            c.setLineWidth(1.1 * s)
            c.setDash([view.len(0.6), view.len(1.6)])
            c.setLineCap(1)
        else:
            c.setLineWidth(1.6 * s)
            c.setDash([])
            c.setLineCap(0)
        _line(c, [a, b], view)
    c.setDash([])
    # cities: a dot inside 1-3 circles
    for z in board.zones:
        x, y = view.pt(*z.at)
        n = CITY_SIZE_CIRCLES.get(z.size, 1)
        c.setFillColor(HexColor("#ffffff"))
        c.setStrokeColor(ROAD)
        c.setLineWidth(0.7 * s)
        for k in range(n, 0, -1):
            c.circle(x, y, view.len(1.6 + 1.5 * k), stroke=1, fill=1)
        c.setFillColor(ROAD)
        c.circle(x, y, view.len(1.2), stroke=0, fill=1)
        if labels:
            region = board.region(z.region)
            c.setFillColor(tint(region.colour, 1.0))
            c.setFont(fonts.BOLD, 7.5 * s)
            c.drawString(x + view.len(7.0), y + view.len(0.5), z.id)
            if city_names:
                c.setFillColor(HexColor("#333333"))
                c.setFont(fonts.REGULAR, 5.5 * s)
                c.drawString(x + view.len(7.0), y - view.len(2.6), z.city)


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

    from authoring.yamlio import atomic_write

    page_w, page_h = landscape(A4)
    with atomic_write(output, "wb") as fh:
        c = fonts.new_canvas(fh, (page_w, page_h), title=f"{board.spec.name or board.spec.id}")
        margin = 10 * mm
        view = fit_view(
            board, margin, margin + 8 * mm, page_w - 2 * margin, page_h - 2 * margin - 16 * mm
        )
        bw, bh = board.spec.size
        c.setFillColor(SEA)
        c.rect(*view.pt(0, 0), view.len(bw), view.len(bh), stroke=0, fill=1)
        draw_island(c, board, view)
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
