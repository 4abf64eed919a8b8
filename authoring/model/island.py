"""A small island board, generated: the starting point of a new game (``resistance init``).

The island is a smooth blob; cities are spread over it (each new city the farthest of a
few random candidates from the others, so the clue-card holes stay apart), grouped into
regions by direction from the island's centre, numbered from the coast inland (so
deployment, R8.4, pushes the army inland, as on the shipped island). Roads are the short
edges of the cities' Delaunay triangulation (they never cross), always connected; one
road crosses a mountain range and becomes a mountain path (R5.1). A lake and a river
complete the terrain. Zones are the Voronoi cells of the cities (no polygons written).

>>> text = island_yaml(IslandSpec(regions=2, zones=8, seed=1))
>>> text.count("number:"), "kind: mountain" in text, "lakes:" in text
(8, True, True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from shapely import delaunay_triangles
from shapely.geometry import LineString, MultiPoint, Point, Polygon

#: board size in mm (the shipped island's), the print and mini-map scale with it
WIDTH, HEIGHT = 600.0, 450.0
MIN_ZONES = 8  # fewer places cannot fill a 43-card clue deck with distinct cards
MAX_REGIONS = 8
MAX_ZONES = 60  # the shipped island's; more cities do not fit apart on the clue-card mini-map
#: closest two cities may be on the board: their holes on the clue-card mini-map keep
#: the default bridge (hole 2.8 mm + bridge 1 mm, window 55 × 62 mm) with a margin
MIN_GAP = 1.1 * (2.8 + 1.0) / min(55 / WIDTH, 62 / HEIGHT)

COLOURS = ("#3f7fbf", "#8a5fa8", "#d9a13b", "#5e9a4a", "#c0504d", "#4bacc6", "#9b7b56",
           "#7f7f7f")
#: region ids and names by compass direction from the centre (east = 0, counter-clockwise)
COMPASS = (("E", "Est"), ("N-E", "Nord-Est"), ("N", "Nord"), ("N-O", "Nord-Ouest"),
           ("O", "Ouest"), ("S-O", "Sud-Ouest"), ("S", "Sud"), ("S-E", "Sud-Est"))
_HEADS = ("Roche", "Brume", "Pierre", "Haute", "Val", "Mont", "Clair", "Bois", "Fonte",
          "Morne", "Ker", "Lan", "Belle", "Vieille", "Sable", "Vent", "Source", "Grève")
_TAILS = ("mer", "mont", "ville", "fort", "lande", "rive", "combe", "val", "port", "court",
          "brune", "lieu")


@dataclass(frozen=True)
class IslandSpec:
    """What to generate: ``regions`` regions, ``zones`` zones in all, from ``seed``."""

    regions: int = 4
    zones: int = 24
    seed: int = 1
    id: str = "island"
    name: str = "Mon île"


def problems(spec: IslandSpec) -> list[tuple[str, str]]:
    """What is wrong with ``spec``, as (message, hint) pairs; empty when it can be built."""
    out = []
    if not 1 <= spec.regions <= MAX_REGIONS:
        out.append((f"--regions {spec.regions}: an island has 1 to {MAX_REGIONS} regions",
                    "e.g. --regions 4 (the shipped island has 4, R0.1)"))
    low = max(MIN_ZONES, spec.regions)
    if not low <= spec.zones <= MAX_ZONES:
        out.append((f"--zones {spec.zones}: the island needs {low} to {MAX_ZONES} zones "
                    f"(at least one per region and enough for 43 different clue cards; "
                    f"more than {MAX_ZONES}, the shipped island's count, do not fit apart "
                    f"on the clue cards' mini-map: a 2.8 mm hole and a 1 mm bridge per "
                    f"city in a 55 × 62 mm window)",
                    f"e.g. --zones 24 (a small island) or --zones {MAX_ZONES} (as many as the "
                    "shipped island); for more, draw the board by hand"))
    return out


# -- geometry --------------------------------------------------------------------------------
def _outline(rng: random.Random) -> list[tuple[float, float]]:
    """A smooth star-shaped blob: an ellipse whose radius waves with three random harmonics."""
    cx, cy, rx, ry = WIDTH / 2, HEIGHT / 2, WIDTH * 0.44, HEIGHT * 0.41
    waves = [(k, rng.uniform(0.03, 0.07), rng.uniform(0, 2 * math.pi)) for k in (2, 3, 5)]
    pts: list[tuple[float, float]] = []
    for i in range(48):
        t = 2 * math.pi * i / 48
        r = 1 - 0.12 + sum(a * math.sin(k * t + p) for k, a, p in waves)
        pts.append((round(cx + rx * r * math.cos(t)), round(cy + ry * r * math.sin(t))))
    return pts


def _random_inside(shape: Polygon, rng: random.Random) -> Point:
    x0, y0, x1, y1 = shape.bounds
    while True:
        p = Point(rng.uniform(x0, x1), rng.uniform(y0, y1))
        if shape.contains(p):
            return p


def _spread(shape: Polygon, n: int, rng: random.Random, avoid: list[Point],
            gap: float = 0.0) -> list[Point]:
    """``n`` points in ``shape``, each the farthest of 30 candidates from those before
    (Mitchell's best candidate): evenly spread, but not on a grid; more candidates are
    drawn while the best is closer than ``gap`` to another point."""
    pts: list[Point] = []
    for _ in range(n):
        best, far, tries = None, -1.0, 0
        while tries < 30 or (far < gap and tries < 3000):
            c = _random_inside(shape, rng)
            d = min((c.distance(q) for q in [*pts, *avoid]), default=1e9)
            if d > far:
                best, far = c, d
            tries += 1
        assert best is not None
        pts.append(Point(round(best.x), round(best.y)))
    return pts


def _roads(cities: list[Point], land: Polygon) -> list[tuple[int, int]]:
    """Delaunay edges over land, a minimum spanning tree plus the short others."""
    index = {(p.x, p.y): i for i, p in enumerate(cities)}
    edges = set()
    for line in delaunay_triangles(MultiPoint(cities), only_edges=True).geoms:
        (ax, ay), (bx, by) = line.coords
        i, j = sorted((index[(ax, ay)], index[(bx, by)]))
        edges.add((i, j))
    if len(cities) == 2:
        edges = {(0, 1)}

    def length(e: tuple[int, int]) -> float:
        return float(cities[e[0]].distance(cities[e[1]]))

    def on_land(e: tuple[int, int]) -> bool:
        seg = LineString([cities[e[0]], cities[e[1]]])
        return bool(seg.difference(land).length < 0.1 * seg.length)

    ordered = sorted(edges, key=lambda e: (not on_land(e), length(e), e))
    parent = list(range(len(cities)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    tree = []
    for e in ordered:
        a, b = find(e[0]), find(e[1])
        if a != b:
            parent[a] = b
            tree.append(e)
    limit = 1.1 * max((length(e) for e in tree), default=0.0)
    extra = [e for e in ordered if e not in tree and on_land(e) and length(e) <= limit]
    return sorted(set(tree) | set(extra))


# -- the board -------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Zone:
    region: str
    number: int
    city: str
    size: str
    at: tuple[int, int]
    tags: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.region} {self.number}"


def _regions(n: int) -> list[tuple[str, str]]:
    """Ids and names of ``n`` regions, going round the compass from the north."""
    if n == 1:
        return [("I", "L'île")]
    out = []
    for k in range(n):
        angle = (90 + 360 * k / n) % 360
        out.append(COMPASS[round(angle / 45) % 8])
    return out


def _names(n: int, rng: random.Random) -> list[str]:
    names = [f"{h}{t}" if t[0].islower() and not h.endswith(("e", "r")) else f"{h}-{t.capitalize()}"
             for h in _HEADS for t in _TAILS]
    rng.shuffle(names)
    return names[:n]


class NoRoom(ValueError):
    """No island of this many zones kept its clue-card holes apart (try fewer zones)."""


def island_yaml(spec: IslandSpec) -> str:
    """The board file of a generated island (deterministic for ``spec``): the first of a
    few draws that validates without a problem (cities far enough apart for the holes
    of the clue cards, R6.1)."""
    from authoring.io.diagnostics import Report
    from authoring.io.yamlio import load_text
    from authoring.model.board import build_board

    if problems(spec):
        raise ValueError("; ".join(m for m, _ in problems(spec)))
    for attempt in range(8):
        text = _draw(spec, random.Random(spec.seed * 1000 + attempt))
        report = Report()
        doc = load_text(text, "island.yaml", report)
        if doc is not None and build_board(doc, report) is not None and not len(report):
            return text
    raise NoRoom(f"--zones {spec.zones}: the cities of {spec.zones} zones do not fit apart on "
                 f"the clue cards' mini-map (seed {spec.seed})")


def _draw(spec: IslandSpec, rng: random.Random) -> str:
    outline = _outline(rng)
    land = Polygon(outline)
    centre = land.centroid
    inner = land.buffer(-22)
    lake_at = _spread(land.buffer(-60), 1, rng, [])[0]
    cities = _spread(inner, spec.zones, rng, [lake_at], MIN_GAP)
    lake = lake_at.buffer(13, quad_segs=3)
    cities = [c if not lake.buffer(8).contains(c) else Point(c.x + 30, c.y) for c in cities]

    # regions: cities sorted by direction from the centre, cut into equal groups
    def bearing(p: Point) -> float:
        return (math.degrees(math.atan2(p.y - centre.y, p.x - centre.x)) - 90 + 180 / spec.regions) % 360

    order = sorted(range(len(cities)), key=lambda i: (bearing(cities[i]), i))
    regions = _regions(spec.regions)
    names = _names(len(cities), rng)
    zones: list[_Zone | None] = [None] * len(cities)
    for r, (rid, _) in enumerate(regions):
        group = order[r * len(order) // spec.regions:(r + 1) * len(order) // spec.regions]
        # number 1 on the coast, growing inland (R8.4 then pushes the army inland)
        group.sort(key=lambda i: (land.exterior.distance(cities[i]), i))
        inland = group[len(group) // 2:] or group
        capital = inland[len(inland) // 2]
        towns = set(group[1:2]) if len(group) >= 3 else set()
        for number, i in enumerate(group, start=1):
            size = "capital" if i == capital else "town" if i in towns else "village"
            tags = ("port",) if number == 1 and len(group) > 1 else ("market",) if size == "capital" else ()
            zones[i] = _Zone(rid, number, names[i], size, (int(cities[i].x), int(cities[i].y)), tags)

    roads = _roads(cities, land)
    # the mountain range: across the road nearest the middle length, away from the lake
    lengths = sorted(roads, key=lambda e: (cities[e[0]].distance(cities[e[1]]), e))
    candidates = [e for e in lengths[len(lengths) // 3:]
                  if LineString([cities[e[0]], cities[e[1]]]).distance(lake) > 25] or lengths
    pass_road = candidates[0]
    a, b = cities[pass_road[0]], cities[pass_road[1]]
    mid = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
    along = math.atan2(b.y - a.y, b.x - a.x)
    half = min(a.distance(b) * 0.3, 18)
    ridge = []
    for i in range(10):
        t = 2 * math.pi * i / 10
        u, v = 32 * math.cos(t), half * math.sin(t)  # long across the road, thin along it
        ridge.append((round(mid.x - u * math.sin(along) + v * math.cos(along)),
                      round(mid.y + u * math.cos(along) + v * math.sin(along))))
    mountains = Polygon(ridge).intersection(land.buffer(-4))

    # the river: from the lake to the nearest coast, with a little wander
    coast = land.exterior
    mouth = coast.interpolate(coast.project(lake_at))
    river = [lake_at]
    for k in (1, 2, 3):
        t = k / 4
        river.append(Point(lake_at.x + (mouth.x - lake_at.x) * t + rng.uniform(-8, 8),
                           lake_at.y + (mouth.y - lake_at.y) * t + rng.uniform(-8, 8)))
    river.append(mouth)

    def pts(coords: list[tuple[float, float]] | list[Point]) -> str:
        cs = [(p.x, p.y) if isinstance(p, Point) else p for p in coords]
        return "[" + ", ".join(f"[{round(x)}, {round(y)}]" for x, y in cs) + "]"

    lines = [
        f"id: {spec.id}",
        f"name: {spec.name}",
        f"size: [{WIDTH:g}, {HEIGHT:g}]",
        f"outline: {pts(outline)}",
        "regions:",
        *(f"  - {{id: {rid}, name: {name}, colour: \"{COLOURS[k % len(COLOURS)]}\"}}"
          for k, (rid, name) in enumerate(regions)),
        f"region_order: [{', '.join(r for r, _ in regions)}]   # deployment tie-break (D8.2)",
        "zones:                                # zone id = region + number (R0.1)",
    ]
    for rid, _ in regions:
        for z in sorted((z for z in zones if z is not None and z.region == rid),
                        key=lambda z: z.number):
            tagged = f", tags: [{', '.join(z.tags)}]" if z.tags else ""
            lines.append(f"  - {{region: {z.region}, number: {z.number}, city: {z.city}, "
                         f"size: {z.size}, at: [{z.at[0]}, {z.at[1]}]{tagged}}}")
    lines.append("roads:")
    for i, j in roads:
        za, zb = zones[i], zones[j]
        assert za is not None and zb is not None
        kind = ", kind: mountain" if (i, j) == pass_road else ""
        lines.append(f"  - {{from: {za.id}, to: {zb.id}{kind}}}")
    ridge_coords = list(mountains.exterior.coords)[:-1] if isinstance(mountains, Polygon) else ridge
    lines += [
        "terrain:",
        "  mountains:",
        f"    - {{name: Monts Gris, polygon: {pts(ridge_coords)}}}",
        "  lakes:",
        f"    - {{name: Lac Clair, polygon: {pts(list(lake.exterior.coords)[:-1])}}}",
        "  rivers:",
        f"    - {{name: La Claire, line: {pts(river)}}}",
        "speed_track: [2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6]   # invasion speed per cell (D2.2)",
    ]
    return "\n".join(lines) + "\n"
