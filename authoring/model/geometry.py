"""Board geometry with shapely: outline, zone polygons, coast, terrain, mini-map.

Zone polygons are given in the board file or derived as the Voronoi cells of the
city positions clipped to the island outline. A zone is *coastal* when its
polygon shares at least :data:`COAST_MIN_MM` of the coastline. The mini-map maps
board millimetres onto the clue card's window (uniform scale, centred).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.validation import explain_validity

from authoring.io.diagnostics import Report, Span, did_you_mean
from authoring.model.schema.board import STANDARD_TERRAIN

if TYPE_CHECKING:
    from authoring.io.yamlio import YamlDoc
    from authoring.model.board import Board, Zone

#: Shared coastline length (mm) above which a zone counts as coastal.
COAST_MIN_MM = 1.0
TERRAIN_KINDS = STANDARD_TERRAIN


@dataclass(frozen=True)
class MinimapTransform:
    """Board mm → card mm: ``card = offset + scale × board``."""

    scale: float
    dx: float
    dy: float

    def __call__(self, x: float, y: float) -> tuple[float, float]:
        return (self.dx + self.scale * x, self.dy + self.scale * y)


class BoardGeometry:
    """Shapely view of a board. Build with :meth:`of` (cached on the board)."""

    def __init__(self, board: Board, outline: Polygon):
        self.board = board
        self.outline = outline

    @classmethod
    def of(cls, board: Board) -> BoardGeometry:
        poly = Polygon(board.spec.outline)
        if not poly.is_valid:
            poly = shapely.make_valid(poly)
            if not isinstance(poly, Polygon):
                parts = [g for g in getattr(poly, "geoms", []) if isinstance(g, Polygon)]
                poly = max(parts, key=lambda g: g.area) if parts else Polygon()
        return cls(board, poly)

    @cached_property
    def coast(self) -> BaseGeometry:
        return self.outline.boundary

    @cached_property
    def centre(self) -> Point:
        return self.outline.centroid

    @cached_property
    def cities(self) -> dict[str, Point]:
        return {z.id: Point(z.at) for z in self.board.zones}

    @cached_property
    def zone_polygons(self) -> dict[str, BaseGeometry]:
        """Given polygons, else Voronoi cells of the cities clipped to the outline."""
        out: dict[str, BaseGeometry] = {}
        missing = []
        for z, spec in zip(self.board.zones, _zone_specs(self.board), strict=True):
            if spec.polygon:
                out[z.id] = shapely.make_valid(Polygon(spec.polygon))
            else:
                missing.append(z)
        if missing:
            pts = MultiPoint([z.at for z in missing])
            env = self.outline.envelope.buffer(max(self.board.spec.size) + 10)
            cells = shapely.voronoi_polygons(pts, extend_to=env)
            given = shapely.union_all(list(out.values())) if out else None
            for cell in cells.geoms:
                for z in missing:
                    if z.id not in out and cell.covers(Point(z.at)):
                        clipped = cell.intersection(self.outline)
                        if given is not None:
                            clipped = clipped.difference(given)
                        out[z.id] = clipped
                        break
            for z in missing:
                out.setdefault(z.id, Polygon())
        return {z.id: out[z.id] for z in self.board.zones}

    def borders(self) -> list[tuple[str, str]]:
        """Pairs of zones whose areas share a border (D8.2's option for neighbours): a
        common boundary of at least :data:`COAST_MIN_MM`, corners alone do not count."""
        polys = self.zone_polygons
        ids = list(polys)
        out: list[tuple[str, str]] = []
        for i, a in enumerate(ids):
            grown = polys[a].buffer(1e-6)
            for b in ids[i + 1 :]:
                if not grown.intersects(polys[b]):
                    continue
                if grown.intersection(polys[b].boundary).length >= COAST_MIN_MM:
                    out.append((a, b))
        return out

    @cached_property
    def coastal(self) -> frozenset[str]:
        """Zones whose polygon runs along the coast."""
        # a thin buffer: exact line-on-line intersection of clipped cells is not robust
        coast = self.coast.buffer(1e-6)
        return frozenset(
            zid
            for zid, poly in self.zone_polygons.items()
            if not poly.is_empty and poly.boundary.intersection(coast).length >= COAST_MIN_MM
        )

    @cached_property
    def terrain(self) -> dict[str, list[tuple[str, BaseGeometry]]]:
        """Terrain features by kind: (name, polygon or line)."""
        kinds = self.board.spec.terrain.kinds()
        out: dict[str, list[tuple[str, BaseGeometry]]] = {k: [] for k in kinds}
        for kind, features in kinds.items():
            for f in features:
                geom: BaseGeometry
                if f.polygon and len(f.polygon) >= 3:
                    geom = shapely.make_valid(Polygon(f.polygon))
                elif f.line and len(f.line) >= 2:
                    geom = (
                        LineString(f.line).buffer(f.width / 2)
                        if kind != "rivers"
                        else LineString(f.line)
                    )
                else:
                    continue
                out[kind].append((f.name, geom))
        return out

    def feature(self, kind: str, name: str | None = None) -> BaseGeometry:
        """Union of the terrain features of ``kind`` (optionally only the one named)."""
        geoms = [g for n, g in self.terrain.get(kind, []) if name is None or n == name]
        return shapely.union_all(geoms) if geoms else Polygon()

    def link_line(self, a: str, b: str) -> LineString:
        return LineString([self.cities[a], self.cities[b]])

    # -- mini-map -------------------------------------------------------------------
    @cached_property
    def minimap(self) -> MinimapTransform:
        """Uniform scale fitting the island's bounding box into the card window, centred."""
        mm = self.board.spec.minimap
        wx, wy, ww, wh = mm.window
        minx, miny, maxx, maxy = self.outline.bounds if not self.outline.is_empty else (0, 0, 1, 1)
        bw, bh = max(maxx - minx, 1e-9), max(maxy - miny, 1e-9)
        scale = min(ww / bw, wh / bh)
        dx = wx + (ww - bw * scale) / 2 - minx * scale
        dy = wy + (wh - bh * scale) / 2 - miny * scale
        return MinimapTransform(scale, dx, dy)

    def hole_centre(self, zid: str) -> tuple[float, float]:
        """Centre of a zone's perforation on a clue card, mm from its lower-left corner."""
        z = self.board.zone(zid)
        return self.minimap(*z.at)


def _zone_specs(board: Board) -> list:  # type: ignore[type-arg]
    index = {(z.region, z.number): z for z in board.spec.zones}
    return [index[(z.region, z.number)] for z in board.zones]


def check_geometry(board: Board, doc: YamlDoc, report: Report, base: tuple[str | int, ...]) -> None:
    """Located geometry checks: outline validity (with shapely's reason), cities inside
    the island and their zone, zone and terrain polygons, crossing links, mini-map."""

    def at(*path: str | int) -> Span:
        return doc.span((*base, *path))

    spec = board.spec
    raw = Polygon(spec.outline)
    if not raw.is_valid:
        report.error(
            at("outline"),
            "outline-invalid",
            f"the island outline is not a valid polygon: {explain_validity(raw)}",
            "the coastline must not cross itself; list the points in order around the island",
        )
        return
    if raw.area <= 0:
        report.error(at("outline"), "outline-invalid", "the island outline has no area",
                     "list at least three points around the island, in order")
        return
    width, height = spec.size
    minx, miny, maxx, maxy = raw.bounds
    if minx < 0 or miny < 0 or maxx > width or maxy > height:
        report.warning(
            at("outline"),
            "outline-off-board",
            f"the island ({minx:.0f}–{maxx:.0f} × {miny:.0f}–{maxy:.0f} mm) overflows the "
            f"board size {width:g} × {height:g} mm",
            "enlarge size: [width, height], or move the outline inside it",
        )
    specs = _zone_specs(board)
    index_of = {id(s): i for i, s in enumerate(spec.zones)}
    outside = {z.id for z in board.zones if not raw.covers(Point(z.at))}
    for z, zs in zip(board.zones, specs, strict=True):
        i = index_of[id(zs)]
        p = Point(z.at)
        if z.id in outside:
            report.error(
                at("zones", i, "at"),
                "city-outside-island",
                f"city '{z.city}' ({z.id}) at ({z.at[0]:g}, {z.at[1]:g}) is outside the island",
                "move the city inside the outline",
            )
            continue
        if zs.polygon is not None:
            poly = Polygon(zs.polygon)
            if not poly.is_valid:
                report.error(
                    at("zones", i, "polygon"),
                    "zone-polygon-invalid",
                    f"zone {z.id} polygon is invalid: {explain_validity(poly)}",
                    "the zone's border must not cross itself; list its points in order around "
                    "the zone",
                )
            elif not poly.covers(p):
                report.error(
                    at("zones", i, "at"),
                    "city-outside-zone",
                    f"city '{z.city}' ({z.id}) at ({z.at[0]:g}, {z.at[1]:g}) is outside its "
                    "zone polygon",
                    "move the city or fix the zone polygon",
                )
    for i, a in enumerate(board.zones):
        for b in board.zones[i + 1 :]:
            if a.at == b.at:
                report.error(
                    at("zones", index_of[id(specs[b.index])], "at"),
                    "city-overlap",
                    f"cities '{a.city}' ({a.id}) and '{b.city}' ({b.id}) are at the same point",
                    "two cities cannot share a point on the map: move one",
                )
    for kind, features in spec.terrain.kinds().items():
        if kind not in TERRAIN_KINDS:
            close = did_you_mean(kind, TERRAIN_KINDS)
            if close:
                report.warning(
                    doc.span((*base, "terrain", kind), key=True),
                    "terrain-kind-new",
                    f"terrain kind '{kind}' is not one of {', '.join(TERRAIN_KINDS)} "
                    f"(did you mean '{close}'?)",
                    f"a new kind is fine; if you meant {close}, rename the key",
                )
            elif kind not in spec.terrain.titles:
                report.warning(
                    doc.span((*base, "terrain", kind), key=True),
                    "terrain-kind-untitled",
                    f"terrain kind '{kind}' has no title: clue cards will call it '{kind}'",
                    f"add titles: {{{kind}: {{fr: un …, en: a …}}}} under terrain",
                )
        for j, f in enumerate(features):
            if f.polygon is None and f.line is None:
                report.error(
                    at("terrain", kind, j),
                    "terrain-empty",
                    f"{kind[:-1]} '{f.name}' has neither polygon nor line",
                    "give it a polygon (an area: forest, lake, mountain) or a line (a river)",
                )
            elif f.polygon is not None:
                poly = Polygon(f.polygon) if len(f.polygon) >= 3 else None
                if poly is None or not poly.is_valid:
                    why = explain_validity(poly) if poly is not None else "fewer than 3 points"
                    report.error(
                        at("terrain", kind, j, "polygon"),
                        "terrain-invalid",
                        f"{kind[:-1]} '{f.name}' polygon is invalid: {why}",
                        "its border must not cross itself; list at least three points in order",
                    )
                elif not raw.buffer(0.5).covers(poly):
                    report.warning(
                        at("terrain", kind, j, "polygon"),
                        "terrain-off-island",
                        f"{kind[:-1]} '{f.name}' reaches outside the island",
                        "keep the feature inside the island outline (clue cards test places "
                        "against it)",
                    )
    _check_crossings(board, doc, report, base)
    _check_sea_links(board, raw, outside, doc, report, base)
    _check_furniture(board, raw, doc, report, base)
    if not outside:
        check_minimap(board, doc, report, base)


def _check_crossings(
    board: Board, doc: YamlDoc, report: Report, base: tuple[str | int, ...]
) -> None:
    geo = board.geometry
    lines = [(r, geo.link_line(r.a, r.b)) for r in board.roads]
    tree = shapely.STRtree([ln for _, ln in lines])
    for i, (r, ln) in enumerate(lines):
        for j in tree.query(ln, predicate="intersects"):
            if j <= i:
                continue
            other, oln = lines[int(j)]
            # links sharing a city touch there; they cross only if they overlap
            shared = {r.a, r.b} & {other.a, other.b}
            if shared and ln.intersection(oln).length <= 1e-6:
                continue
            name = "mountain path" if r.kind == "mountain" else "road"
            oname = "mountain path" if other.kind == "mountain" else "road"
            report.warning(
                doc.span((*base, "roads", other.index)),
                "roads-cross",
                f"{oname} {other.a} – {other.b} crosses {name} {r.a} – {r.b} (line "
                f"{doc.span((*base, 'roads', r.index)).line}) on the map",
                "crossing lines cannot be printed unambiguously; reroute one of them",
            )


#: how far (mm) a link may leave the coast before it is said to cross the sea: a road
#: drawn along a jagged coast may clip a bay by a hair
SEA_TOLERANCE = 2.0

#: ISO A sheets, portrait (width, height) mm, the largest a print shop commonly offers last
SHEETS = (("A4", 210.0, 297.0), ("A3", 297.0, 420.0), ("A2", 420.0, 594.0),
          ("A1", 594.0, 841.0), ("A0", 841.0, 1189.0))


def _check_sea_links(board: Board, raw: Polygon, outside: set[str], doc: YamlDoc,
                     report: Report, base: tuple[str | int, ...]) -> None:
    """A road or mountain path whose line leaves the island crosses the sea (R5.1 moves
    along links over land): said, with how far it runs over water. Links of a city
    ``outside`` the island are left to that city's own error."""
    geo = board.geometry
    for r in board.roads:
        if r.a in outside or r.b in outside:
            continue
        wet = geo.link_line(r.a, r.b).difference(raw).length
        if wet > SEA_TOLERANCE:
            name = "mountain path" if r.kind == "mountain" else "road"
            report.warning(
                doc.span((*base, "roads", r.index)),
                "road-over-sea",
                f"{name} {r.a} – {r.b} crosses the sea for {wet:.0f} mm (its line leaves "
                "the island)",
                "links are drawn straight between the cities: move a city, or reshape the "
                "coast so the link stays on land",
            )


def _check_furniture(board: Board, raw: Polygon, doc: YamlDoc, report: Report,
                     base: tuple[str | int, ...]) -> None:
    """The eliminated-soldiers box must not be drawn over the island or off the board;
    a board larger than the largest sheet is said, with the sheet it needs."""
    spec = board.spec
    width, height = spec.size
    if spec.eliminated_area is not None:
        x, y, w, h = (float(v) for v in spec.eliminated_area)
        area = shapely.box(x, y, x + w, y + h)
        covered = [z for z in board.zones if area.covers(Point(z.at))]
        over = area.intersection(raw).area
        if covered or over > 1.0:
            cities = ", ".join(f"{z.id} ({z.city})" for z in covered[:4])
            more = " …" if len(covered) > 4 else ""
            report.warning(
                doc.span((*base, "eliminated_area")),
                "eliminated-area-over-island",
                f"the eliminated-soldiers box ({x:g}, {y:g}, {w:g} × {h:g} mm) is drawn over "
                f"the island ({over:.0f} mm² of land"
                + (f", covering {cities}{more})" if covered else ")"),
                "move it to the sea, off the coast (x, y, width, height in mm; or remove the "
                "key and the kit finds a free corner)",
            )
        if x < 0 or y < 0 or x + w > width or y + h > height:
            report.warning(
                doc.span((*base, "eliminated_area")),
                "eliminated-area-off-board",
                f"the eliminated-soldiers box ({x:g}, {y:g}, {w:g} × {h:g} mm) leaves the "
                f"board ({width:g} × {height:g} mm)",
                "keep x + width and y + height within the board's size",
            )
    if smallest_sheet(width, height) is None:
        name, sw, sh = SHEETS[-1]
        report.warning(
            doc.span((*base, "size")),
            "board-larger-than-a0",
            f"the board is {width:g} × {height:g} mm: larger than {name} ({sw:g} × {sh:g} mm), "
            "the largest sheet print shops commonly print",
            "the kit still tiles it over home-printer pages; for one printed sheet keep it "
            f"within {sw:g} × {sh:g} mm (A1 is {SHEETS[-2][1]:g} × {SHEETS[-2][2]:g})",
        )


def smallest_sheet(width: float, height: float) -> str | None:
    """The smallest ISO A sheet the board fits on, either way round.

    >>> smallest_sheet(600, 480), smallest_sheet(200, 150), smallest_sheet(2000, 900)
    ('A1', 'A4', None)
    """
    small, large = sorted((width, height))
    return next((n for n, w, h in SHEETS if small <= w and large <= h), None)


def check_minimap(board: Board, doc: YamlDoc, report: Report, base: tuple[str | int, ...]) -> None:
    """Perforations must fit the card: holes apart by ``min_bridge``, and ``min_edge``
    from the card edge and from the alignment marks. Errors name the two places."""
    mm = board.spec.minimap
    geo = board.geometry
    r = mm.hole_diameter / 2
    cw, ch = mm.card
    index_of = {(z.region, z.number): i for i, z in enumerate(board.spec.zones)}

    def span(z: Zone) -> Span:
        return doc.span((*base, "zones", index_of[(z.region, z.number)], "at"))

    centres = [(z, geo.hole_centre(z.id)) for z in board.zones]
    need = mm.hole_diameter + mm.min_bridge
    pts = [Point(c) for _, c in centres]
    tree = shapely.STRtree(pts)
    for i, (z, c) in enumerate(centres):
        for j in tree.query(pts[i].buffer(need)):
            j = int(j)
            if j <= i:
                continue
            z2, c2 = centres[j]
            d = Point(c).distance(Point(c2))
            if d < need:
                bridge = d - mm.hole_diameter
                what = "overlap" if bridge < 0 else "are too close"
                report.error(
                    span(z2),
                    "minimap-holes",
                    f"clue-card holes of {z.id} ({z.city}) and {z2.id} ({z2.city}) {what}: "
                    f"bridge {bridge:.2f} mm < {mm.min_bridge:g} mm",
                    "move the cities apart on the board, or use a smaller hole_diameter / "
                    "larger minimap window",
                )
        x, y = c
        edge = min(x - r, y - r, cw - x - r, ch - y - r)
        if edge < mm.min_edge:
            report.error(
                span(z),
                "minimap-edge",
                f"clue-card hole of {z.id} ({z.city}) is {edge:.2f} mm from the card edge "
                f"(minimum {mm.min_edge:g} mm)",
                "shrink the minimap window or move it away from the edge",
            )
        for k, mark in enumerate(mm.keys):
            d = Point(c).distance(Point(mark.at)) - r - mark.diameter / 2
            if d < mm.min_bridge:
                report.error(
                    span(z),
                    "minimap-key",
                    f"clue-card hole of {z.id} ({z.city}) is too close to alignment mark "
                    f"{k + 1} ({d:.2f} mm)",
                    "move the city, or move the alignment marks (minimap.keys)",
                )
    for k, mark in enumerate(mm.keys):
        kr = mark.diameter / 2
        x, y = mark.at
        edge = min(x - kr, y - kr, cw - x - kr, ch - y - kr)
        if edge < mm.min_edge:
            report.error(
                doc.span((*base, "minimap", "keys", k)),
                "minimap-key-edge",
                f"alignment mark {k + 1} at ({x:g}, {y:g}) is {edge:.2f} mm from the edge of "
                f"the {cw:g} × {ch:g} mm card (minimum {mm.min_edge:g} mm)",
                "move the mark inward, or set its position in minimap.keys",
            )
    if len(mm.keys) >= 2:
        a, b = mm.keys[0], mm.keys[1]
        ra = (cw - a.at[0], ch - a.at[1])
        if (
            abs(ra[0] - b.at[0]) < 0.5
            and abs(ra[1] - b.at[1]) < 0.5
            and abs(a.diameter - b.diameter) < 0.2
        ):
            report.warning(
                doc.span((*base, "minimap")),
                "minimap-keys-symmetric",
                "the alignment marks are symmetric: a card turned round still lines up",
                "use two marks of different sizes or off-centre positions",
            )
