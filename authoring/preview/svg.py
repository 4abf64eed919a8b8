"""The island as inline SVG, in board millimetres (y flipped: SVG's y runs south).

Drawn as the printed board draws it (:mod:`authoring.pdf.boardmap`): zones tinted by
region with their borders, terrain, solid roads and dotted mountain paths, cities as
1–3 circles (R0.1, R4.1), and the scenario's setup on top. Every zone is one
``<path class="zone">`` that the page's script opens and shuts as cards are stacked.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from authoring.model.board import Board
    from authoring.model.scenario import Scenario

CITY_SIZE_CIRCLES = {"capital": 3, "town": 2, "village": 1}
TERRAIN_CLASS = {"forests": "forest", "mountains": "mountain", "lakes": "lake"}


def num(v: float) -> str:
    """A coordinate to 0.1 mm, without a trailing '.0' (pages stay small).

    >>> num(12.04), num(3.0), num(-0.06)
    ('12', '3', '-0.1')
    """
    text = f"{round(v, 1):.1f}".removesuffix(".0")
    return "0" if text == "-0" else text


def tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white (amount 0 → white, 1 → colour), as ``#rrggbb``.

    >>> tint("#3f7fbf", 0.5)
    '#9fbfdf'
    """
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    try:
        rgb = [int(c[i:i + 2], 16) for i in (0, 2, 4)]
    except ValueError:
        rgb = [128, 128, 128]
    # above 1 it darkens (labels in the region's colour stay readable on its tint)
    return "#" + "".join(f"{min(255, max(0, round(255 - (255 - v) * amount))):02x}" for v in rgb)


class Drawing:
    """Board millimetres to SVG user units (1 unit = 1 mm, y flipped)."""

    def __init__(self, board: Board):
        self.board = board
        self.width, self.height = (float(v) for v in board.spec.size)
        n = max(len(board.zones), 1)
        # labels and cities shrink on crowded boards (the shipped island: scale 1)
        per_zone = math.sqrt(self.width * self.height * 0.55 / n)
        self.scale = max(0.25, min(1.0, per_zone / 50))

    def pt(self, x: float, y: float) -> str:
        return f"{num(x)} {num(self.height - y)}"

    def rings(self, geom: BaseGeometry) -> str:
        parts: list[str] = []
        for poly in _polygons(geom):
            for ring in [poly.exterior, *poly.interiors]:
                coords = list(ring.coords)[:-1]
                if len(coords) < 3:
                    continue
                parts.append("M" + "L".join(self.pt(x, y) for x, y in coords) + "Z")
        return "".join(parts)

    def line(self, coords: Iterable[tuple[float, float]]) -> str:
        return "M" + "L".join(self.pt(x, y) for x, y in coords)


def _polygons(geom: BaseGeometry) -> list[BaseGeometry]:
    if geom.is_empty:
        return []
    if geom.geom_type == "Polygon":
        return [geom]
    out: list[BaseGeometry] = []
    for g in getattr(geom, "geoms", []):
        out += _polygons(g)
    return out


def island_svg(board: Board, scenario: Scenario | None = None) -> str:
    """The whole map as one ``<svg>`` element."""
    import shapely

    d = Drawing(board)
    geo = board.geometry
    s = d.scale
    out: list[str] = [
        f'<svg id="map" viewBox="0 0 {num(d.width)} {num(d.height)}" role="group" '
        f'aria-label="{escape(board.spec.name or board.spec.id)}: {len(board.zones)} places" '
        f'style="--s:{s:.3f}">',
        f'<rect class="sea" width="{num(d.width)}" height="{num(d.height)}"/>',
        f'<path class="land" d="{d.rings(geo.outline)}"/>',
        '<g id="zones">',
    ]
    polys = geo.zone_polygons
    for z in board.zones:
        colour = board.region(z.region).colour
        out.append(
            f'<path class="zone" id="z{z.index}" data-i="{z.index}" tabindex="0" '
            f'role="button" aria-label="{escape(z.id)} {escape(z.city)}" '
            f'style="--fill:{tint(colour, 0.35)}" d="{d.rings(polys.get(z.id, geo.outline))}"/>'
        )
    out.append("</g>")
    out.append('<g class="terrain" aria-hidden="true">')
    for kind, features in geo.terrain.items():
        if kind == "rivers":
            continue
        cls = TERRAIN_CLASS.get(kind, "other")
        for name, g in features:
            out.append(f'<path class="{cls}" d="{d.rings(g)}"><title>{escape(name)}</title></path>')
    for f in board.spec.terrain.rivers:
        if f.line and len(f.line) >= 2:
            out.append(f'<path class="river" style="stroke-width:{num(max(f.width * 0.6, 1))}" '
                       f'd="{d.line(f.line)}"/>')
    out.append("</g>")
    out.append('<g class="borders" aria-hidden="true">')
    for r in board.regions:
        region_polys = [polys[z.id] for z in board.zones if z.region == r.id and z.id in polys]
        if region_polys:
            out.append(f'<path stroke="{escape(r.colour)}" '
                       f'd="{d.rings(shapely.union_all(region_polys))}"/>')
    out.append(f'<path class="coast" d="{d.rings(geo.outline)}"/>')
    out.append("</g>")
    out.append('<g class="links" aria-hidden="true">')
    for road in board.roads:
        a, b = board.zone(road.a).at, board.zone(road.b).at
        cls = "mountain-path" if road.kind == "mountain" else "road"
        out.append(f'<path class="{cls}" d="{d.line([a, b])}"/>')
    out.append("</g>")
    out.append('<g class="cities" aria-hidden="true">')
    for z in board.zones:
        x, y = z.at
        cx, cy = num(x), num(d.height - y)
        circles = CITY_SIZE_CIRCLES.get(z.size, min(max(z.value, 1), 3))
        rings = "".join(f'<circle r="{num((1.6 + 1.5 * k) * s)}"/>' for k in range(circles, 0, -1))
        out.append(
            f'<g class="city" id="c{z.index}" transform="translate({cx} {cy})">{rings}'
            f'<circle class="dot" r="{num(1.2 * s)}"/>'
            f'<text class="label" x="{num(7 * s)}" y="{num(2.5 * s)}" '
            f'style="fill:{tint(board.region(z.region).colour, 1.3)}">{escape(z.id)}</text></g>'
        )
    out.append("</g>")
    if scenario is not None:
        out.append(_setup(d, board, scenario))
    out.append("</svg>")
    return "".join(out)


def _setup(d: Drawing, board: Board, scenario: Scenario) -> str:
    """Soldiers (red), officers (black), reputation cubes (white), start zones (a
    flag) and objective candidates (a gold ring, when they are not every place)."""
    s = d.scale
    out = ['<g class="setup" aria-hidden="true">']
    candidates: set[str] = set()
    for o in scenario.objectives:
        candidates |= o.candidates
    every = candidates >= set(board.zone_ids)
    start = set(scenario.start)
    for z in board.zones:
        x, y = z.at
        cx, cy = x, d.height - y
        badges = _badges(scenario.soldiers, scenario.officers_on_board, scenario.reputation, z.id)
        for k, (cls, count) in enumerate(badges):
            bx, by = cx - 7 * s - k * 7.5 * s, cy - 6 * s
            out.append(f'<g class="{cls}" transform="translate({num(bx)} {num(by)})">'
                       f'<rect x="{num(-3.2 * s)}" y="{num(-3.2 * s)}" width="{num(6.4 * s)}" '
                       f'height="{num(6.4 * s)}" rx="{num(1.2 * s)}"/>'
                       f'<text y="{num(2 * s)}">{count}</text></g>')
        if z.id in start:
            out.append(f'<path class="start" transform="translate({num(cx)} {num(cy)})" '
                       f'd="M0 {num(-5 * s)}V{num(-15 * s)}l{num(8 * s)} {num(3 * s)}'
                       f'l{num(-8 * s)} {num(3 * s)}"/>')
        if z.id in candidates and not every:
            out.append(f'<circle class="candidate" cx="{num(cx)}" cy="{num(cy)}" '
                       f'r="{num(8.5 * s)}"/>')
    out.append("</g>")
    return "".join(out)


def _badges(soldiers: Mapping[str, int], officers: Mapping[str, int],
            cubes: Mapping[str, int], zid: str) -> list[tuple[str, int]]:
    return [(cls, n) for cls, n in (("soldiers", soldiers.get(zid, 0)),
                                    ("officers", officers.get(zid, 0)),
                                    ("cubes", cubes.get(zid, 0))) if n]
