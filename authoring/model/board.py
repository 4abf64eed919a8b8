"""The island board as a frozen model: zones, regions, roads and their graph.

Built from a validated :class:`authoring.model.schema.board.BoardSpec`. Zones are nodes of a
networkx graph whose edges are roads (``kind='road'``) and mountain paths
(``kind='mountain'``). The clue predicates, the scenario checks, the rules engine
and the PDF export all read this model; none of them re-reads YAML.

>>> b = Board.from_yaml_text('''
... id: tiny
... size: [100, 100]
... outline: [[0, 0], [100, 0], [100, 100], [0, 100]]
... regions: [{id: N}]
... zones:
...   - {region: N, number: 1, city: A, size: capital, at: [20, 20]}
...   - {region: N, number: 2, city: B, size: village, at: [80, 20]}
...   - {region: N, number: 3, city: C, size: town, at: [50, 80]}
... roads: [{from: N 1, to: N 2}, {from: N 2, to: N 3, kind: mountain}]
... ''')
>>> b.neighbours("N 2"), b.total_tokens
(('N 3', 'N 1'), 6)
>>> sorted(b.reach("N 1"))
['N 2']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import networkx as nx

from authoring.io.diagnostics import Diagnostic, Report, Span, suggestion
from authoring.io.errors import InputError, UnknownZone
from authoring.io.yamlio import YamlDoc, load_text
from authoring.model.geometry import BoardGeometry, check_geometry, smallest_sheet
from authoring.model.rules import MOVE_MOUNTAIN_PATHS, MOVE_ROADS, TEAM_TRACK_CELLS, army_actions
from authoring.model.schema import board as schema
from authoring.model.schema.base import Salvaged, root_mapping, validate_salvaged
from authoring.model.topology import Topology, build_topology, within

if TYPE_CHECKING:
    from authoring.model.geometry import BoardGeometry
    from authoring.model.workspace import Workspace



def squash(text: str) -> str:
    """Normalise a zone reference: 'N-E 1', 'N-E1', 'ne1' → 'NE1'."""
    return re.sub(r"[^0-9A-Za-z]", "", text).upper()


@dataclass(frozen=True)
class Zone:
    """One zone of the island and its city (R0.1, R4.1, R4.3)."""

    id: str
    region: str
    number: int
    city: str
    size: str
    value: int
    max_occupation: int
    tokens: int
    at: tuple[float, float]
    tags: frozenset[str]
    index: int

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True)
class Road:
    a: str
    b: str
    kind: str
    index: int


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    colour: str
    order: int


@dataclass(frozen=True)
class Board:
    """A validated island. Build with :func:`build_board` or :meth:`from_yaml_text`."""

    spec: schema.BoardSpec
    zones: tuple[Zone, ...]
    regions: tuple[Region, ...]
    roads: tuple[Road, ...]
    file: str = ""
    _by_id: dict[str, Zone] = field(default_factory=dict, repr=False, compare=False)
    _by_squash: dict[str, str] = field(default_factory=dict, repr=False, compare=False)

    # -- construction -------------------------------------------------------------
    @classmethod
    def from_yaml_text(cls, text: str, file: str = "<board>") -> Board:
        """Build from YAML text; raises InputError with the report when it has errors."""

        report = Report()
        doc = load_text(text, file, report)
        board = build_board(doc, report) if doc is not None else None
        if board is None or report.has_errors:
            raise InputError(report, report.format())
        return board

    # -- lookup -------------------------------------------------------------------
    @property
    def zone_ids(self) -> tuple[str, ...]:
        return tuple(z.id for z in self.zones)

    def zone(self, ref: str) -> Zone:
        """The zone named by ``ref`` ('N-E 1', 'N-E1', 'NE1'); KeyError if none."""
        zid = self.resolve(ref)
        if zid is None:

            raise UnknownZone(f"unknown zone '{ref}'{suggestion(str(ref), self.zone_ids)}")
        return self._by_id[zid]

    def resolve(self, ref: object) -> str | None:
        """The canonical id of a zone reference, or None."""
        if not isinstance(ref, str):
            return None
        if ref in self._by_id:
            return ref
        return self._by_squash.get(squash(ref))

    def __contains__(self, ref: object) -> bool:
        return self.resolve(ref) is not None

    def region(self, rid: str) -> Region:
        """A region by id; KeyError if none."""
        return self._regions[rid]

    @cached_property
    def _regions(self) -> dict[str, Region]:
        return {r.id: r for r in self.regions}

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without its caches (graph, geometry, topology): they are rebuilt on use."""
        return {k: v for k, v in self.__dict__.items() if k in _BOARD_FIELDS}

    @cached_property
    def topology(self) -> Topology:
        """The integer view (R5.1 reach, R8.4/D8.2 deployment order), built once."""
        return self.topology_with()

    def topology_with(self, neighbours: str = "links") -> Topology:
        """The integer view with D8.2's neighbours: ``links`` (roads and mountain paths)
        or ``borders`` (zones whose areas share a border)."""
        index = {z.id: i for i, z in enumerate(self.zones)}
        rindex = {r.id: i for i, r in enumerate(self.regions)}
        border_links = None
        if neighbours == "borders":
            border_links = [(index[a], index[b]) for a, b in self.geometry.borders()]
        elif neighbours != "links":
            raise ValueError(f"unknown neighbours '{neighbours}' (D8.2: links or borders)")
        return build_topology(
            ids=[z.id for z in self.zones],
            regions=[r.id for r in self.regions],
            region_rank=[r.order for r in self.regions],
            region=[rindex[z.region] for z in self.zones],
            number=[z.number for z in self.zones],
            size=[z.value for z in self.zones],
            max_occupation=[z.max_occupation for z in self.zones],
            tokens=[z.tokens for z in self.zones],
            links=[(index[r.a], index[r.b], r.kind) for r in self.roads],
            neighbour_links=border_links,
        )

    def army_column(self, players: int) -> tuple[int, ...]:
        """Cumulative army actions beside each cell of the team track for ``players``
        (R8.2, D8.1): the board's ``action_tracks`` data, by default round(cell x
        players / 4), halves rounded up."""
        track = self.spec.action_tracks.get(players)
        cells = track.cells if track is not None else TEAM_TRACK_CELLS
        if track is not None and track.army:
            return tuple(track.army)
        return tuple(army_actions(t, players) for t in range(1, cells + 1))

    @property
    def total_tokens(self) -> int:
        """Zone tokens in the box: the sizes of all zones added up (R0.2)."""
        return sum(z.tokens for z in self.zones)

    # -- graph ----------------------------------------------------------------------
    @cached_property
    def graph(self) -> nx.Graph:
        """Zones joined by roads and mountain paths (edge attribute ``kind``)."""
        g = nx.Graph()
        for z in self.zones:
            g.add_node(z.id)
        for r in self.roads:
            if g.has_edge(r.a, r.b):
                continue  # duplicate roads are reported by the checks
            g.add_edge(r.a, r.b, kind=r.kind)
        return g

    def subgraph(self, kind: str) -> nx.Graph:
        """The graph of only roads (``'road'``), only mountain paths, or both (``'any'``)."""
        if kind == "any":
            return self.graph
        g = self.graph
        return g.edge_subgraph([(a, b) for a, b, k in g.edges(data="kind") if k == kind])

    def neighbours(self, ref: str) -> tuple[str, ...]:
        """Zones joined to ``ref`` by a road or mountain path (D8.2), in deployment order:
        highest number first (R8.4); equal numbers, ``ref``'s own region first, then the
        board's region order (D8.2b)."""
        t = self.topology
        return tuple(t.ids[j] for j in t.neighbours[t.index[self.zone(ref).id]])

    def reach(
        self, ref: str, roads: int = MOVE_ROADS, paths: int = MOVE_MOUNTAIN_PATHS
    ) -> set[str]:
        """Zones reachable in one move (R5.1): up to ``roads`` roads, or ``paths`` mountain
        paths. The start zone is not included."""
        t = self.topology
        i = t.index[self.zone(ref).id]
        if (roads, paths) == (MOVE_ROADS, MOVE_MOUNTAIN_PATHS):
            return set(t.ids_of(t.reach[i]))
        bits = (within(t.roads, i, roads) | within(t.paths, i, paths)) & ~(1 << i)
        return set(t.ids_of(bits))

    def distance(self, a: str, b: str, kind: str = "any") -> int | None:
        """Number of links on the shortest path (roads, mountain paths or any); None if
        unreachable."""
        za, zb = self.zone(a).id, self.zone(b).id
        g = self.subgraph(kind)
        if za not in g or zb not in g:
            return 0 if za == zb else None
        try:
            return int(nx.shortest_path_length(g, za, zb))
        except nx.NetworkXNoPath:
            return None

    def distances_from(self, ref: str, kind: str = "any") -> dict[str, int]:
        zid = self.zone(ref).id
        g = self.subgraph(kind)
        if zid not in g:
            return {zid: 0}
        return dict(nx.single_source_shortest_path_length(g, zid))

    def degree(self, ref: str, kind: str = "any") -> int:
        zid = self.zone(ref).id
        return sum(1 for _, _, k in self.graph.edges(zid, data="kind") if kind in ("any", k))

    # -- geometry -----------------------------------------------------------------
    @cached_property
    def geometry(self) -> BoardGeometry:

        return BoardGeometry.of(self)

    def coastal(self, ref: str) -> bool:
        return self.zone(ref).id in self.geometry.coastal

    # -- export ---------------------------------------------------------------------
    def info(self) -> dict[str, Any]:
        """What ``resistance board info --json`` prints."""
        coastal = self.geometry.coastal
        return {
            "id": self.spec.id,
            "name": self.spec.name,
            "file": self.file,
            "regions": [
                {
                    "id": r.id,
                    "name": r.name,
                    "colour": r.colour,
                    "zones": sum(1 for z in self.zones if z.region == r.id),
                    "tokens": sum(z.tokens for z in self.zones if z.region == r.id),
                }
                for r in self.regions
            ],
            "zones": [
                {
                    "id": z.id,
                    "region": z.region,
                    "number": z.number,
                    "city": z.city,
                    "size": z.size,
                    "max_occupation": z.max_occupation,
                    "tokens": z.tokens,
                    "coastal": z.id in coastal,
                    "tags": sorted(z.tags),
                    "neighbours": list(self.neighbours(z.id)),
                }
                for z in self.zones
            ],
            "roads": [{"from": r.a, "to": r.b, "kind": r.kind} for r in self.roads],
            "total_zone_tokens": self.total_tokens,
            "size_mm": list(self.spec.size),
            "smallest_sheet": smallest_sheet(*self.spec.size),
        }


#: what a pickled board keeps: its fields, not its caches
_BOARD_FIELDS = frozenset(("spec", "zones", "regions", "roads", "file", "_by_id", "_by_squash"))


def zone_id(region: str, number: int) -> str:
    """Displayed and canonical zone id: region, a space, the number ('N-E 1')."""
    return f"{region} {number}"


def build_board(doc: YamlDoc, report: Report, *, base: tuple[str | int, ...] = ()) -> Board | None:
    """Validate a board document and build the model; every problem goes to ``report``.

    Returns None when the board has errors (warnings still return the board)."""
    data = root_mapping(
        doc,
        report,
        "a board",
        "id, outline, regions, zones, roads …",
        "start the file with 'id: my-island' and the other keys, see `resistance schema board`",
        base,
    )
    if data is None:
        return None
    start = len(report.errors)
    spec, sv = validate_salvaged(schema.BoardSpec, data, doc, report, base=base, what="board")
    if spec is None:
        return None
    # with schema errors, the rest of the board is still checked (all problems at once)
    # on what was left, without what depends on the dropped parts
    errors_before = len(report.errors)
    board = _assemble(spec, sv.doc, report, base, sv)
    if board is None:
        return None
    # the geometry of what assembled is checked even when some entries did not (a city
    # outside the coast shows in the same run as a misspelled size); the graph checks
    # (connected island) would be doubtful with zones or roads missing
    assembled = len(report.errors) == errors_before
    found = Report()
    check_geometry(board, sv.doc, found, base)
    if assembled and not (sv.hit(*base, "zones") or sv.hit(*base, "roads")):
        _check_graph(board, sv.doc, found, base)
    report.extend([d for d in found.diagnostics if not _depends_on_dropped(d, sv, base)
                   and (assembled or not d.code.startswith("minimap"))])
    if len(report.errors) > start:
        return None
    return board


def _depends_on_dropped(d: Diagnostic, sv: Salvaged, base: tuple[str | int, ...]) -> bool:
    """A geometry finding that a dropped part makes doubtful: about a node with a dropped
    part (a terrain feature without its polygon), the mini-map checked with default sizes,
    crossings of links whose kind fell back to its default."""
    if d.code.startswith("minimap"):
        return sv.hit(*base, "minimap")
    if d.code == "roads-cross":
        return sv.hit(*base, "roads")
    return sv.touches(d.path)


def _assemble(
    spec: schema.BoardSpec,
    doc: YamlDoc,
    report: Report,
    base: tuple[str | int, ...],
    sv: Salvaged | None = None,
) -> Board | None:
    def at(*path: str | int, key: bool = False) -> Span:
        return doc.span((*base, *path), key=key)

    lost = _Lost.of(sv, base)

    def nth(*path: str | int) -> int:
        """The written number (1-based) of a list element of the salvaged board."""
        raw = sv.raw((*base, *path)) if sv is not None else path
        return int(raw[-1]) + 1

    regions: list[Region] = []
    seen_regions: dict[str, int] = {}
    order = spec.region_order or [r.id for r in spec.regions]
    region_ids = [r.id for r in spec.regions]
    for i, name in enumerate(spec.region_order or []):
        if name not in region_ids and not lost.region(name):
            report.error(
                at("region_order", i),
                "region-unknown",
                f"unknown region '{name}' in region_order{suggestion(name, region_ids)}",
                f"regions of this board: {', '.join(region_ids)}",
            )
    for i, r in enumerate(spec.regions):
        if squash(r.id) in seen_regions:
            report.error(
                at("regions", i, "id"),
                "region-duplicate",
                f"duplicate region id '{r.id}' "
                f"(also region {nth('regions', seen_regions[squash(r.id)])})",
                "each region has its own id: rename one (zones name their region by id)",
            )
            continue
        seen_regions[squash(r.id)] = i
        rank = order.index(r.id) if r.id in order else len(order) + i
        regions.append(Region(r.id, r.name or r.id, r.colour, rank))

    zones: list[Zone] = []
    by_id: dict[str, Zone] = {}
    by_squash: dict[str, str] = {}
    numbers: dict[tuple[str, int], int] = {}
    for i, z in enumerate(spec.zones):
        if z.region not in region_ids and lost.region(z.region):
            lost.zones.add(squash(zone_id(z.region, z.number)))
            continue
        if z.region not in region_ids:
            lost.numbers.add(z.number)  # roads to '<a region> <its number>': not unknown
            report.error(
                at("zones", i, "region"),
                "region-unknown",
                f"zone {nth('zones', i)} ({z.city}) names unknown region '{z.region}'"
                f"{suggestion(z.region, region_ids)}",
                f"regions of this board: {', '.join(dict.fromkeys(region_ids))}",
            )
            continue
        key = (z.region, z.number)
        if key in numbers:
            report.error(
                at("zones", i, "number"),
                "zone-number-duplicate",
                f"zone number {z.number} is used twice in region {z.region} "
                f"('{spec.zones[numbers[key]].city}' and '{z.city}')",
                "a zone number is unique within its region (R0.1)",
            )
            continue
        numbers[key] = i
        rule = spec.city_sizes.get(z.size)
        if rule is None and lost.size(z.size):
            lost.zones.add(squash(zone_id(z.region, z.number)))
            continue
        if rule is None:
            lost.zones.add(squash(zone_id(z.region, z.number)))  # no "unknown zone" after
            report.error(
                at("zones", i, "size"), "size-unknown", f"no city_sizes rule for '{z.size}'",
                f"add '{z.size}: {{value: N}}' under city_sizes, or use one of: "
                f"{', '.join(spec.city_sizes)}",
            )
            continue
        zid = zone_id(z.region, z.number)
        maxo = z.max_occupation
        if maxo is None:
            maxo = rule.max_occupation if rule.max_occupation is not None else rule.value
        zone = Zone(
            id=zid,
            region=z.region,
            number=z.number,
            city=z.city,
            size=z.size,
            value=rule.value,
            max_occupation=maxo,
            tokens=rule.tokens if rule.tokens is not None else rule.value,
            at=(float(z.at[0]), float(z.at[1])),
            tags=frozenset(z.tags),
            index=len(zones),
        )
        zones.append(zone)
        by_id[zid] = zone
        by_squash[squash(zid)] = zid
    for reg in regions:
        if not any(z.region == reg.id for z in zones) and not lost.any_zone:
            report.warning(
                at("regions", region_ids.index(reg.id)),
                "region-empty",
                f"region '{reg.id}' has no zone", "give it a zone, or remove the region",
            )

    roads: list[Road] = []
    seen_roads: dict[frozenset[str], int] = {}
    ids = list(by_id)
    for i, rd in enumerate(spec.roads):
        ends: list[str] = []
        for end_key, ref in (("from", rd.from_), ("to", rd.to)):
            zid_or_none = by_id.get(ref) and ref or by_squash.get(squash(ref))
            if zid_or_none is None and lost.zone(ref):
                continue  # a road to a zone dropped for its own error
            if zid_or_none is None:
                report.error(
                    at("roads", i, end_key),
                    "zone-unknown",
                    f"road {nth('roads', i)} goes to unknown zone '{ref}'{suggestion(ref, ids)}",
                    "zone ids are the region and the number, e.g. "
                    + " or ".join(f"'{z}'" for z in list(by_id)[:2]),
                )
            else:
                ends.append(zid_or_none)
        if len(ends) != 2:
            continue
        if ends[0] == ends[1]:
            report.error(
                at("roads", i), "road-loop", f"road {nth('roads', i)} joins {ends[0]} to itself",
                "a road joins two different cities: fix its from or to",
            )
            continue
        pair = frozenset(ends)
        if pair in seen_roads:
            j = seen_roads[pair]
            report.error(
                at("roads", i),
                "road-duplicate",
                f"duplicate road {ends[0]} – {ends[1]} (already road {nth('roads', j)}, line "
                f"{at('roads', j).line})",
                "two cities are joined by at most one road or mountain path",
            )
            continue
        seen_roads[pair] = i
        roads.append(Road(ends[0], ends[1], rd.kind, i))
    return Board(
        spec=spec,
        zones=tuple(zones),
        regions=tuple(sorted(regions, key=lambda r: r.order)),
        roads=tuple(roads),
        file=doc.file,
        _by_id=by_id,
        _by_squash=by_squash,
    )


@dataclass
class _Lost:
    """The regions, zones and city sizes dropped from a board with schema errors: what
    refers to them is not reported again (the drop's own error says what is wrong)."""

    regions: set[str] = field(default_factory=set)
    sizes: set[str] = field(default_factory=set)
    zones: set[str] = field(default_factory=set)  # squashed ids
    vague: set[str] = field(default_factory=set)  # squashed regions of zones with no number
    numbers: set[int] = field(default_factory=set)  # numbers of zones with no region
    anywhere: bool = False  # a dropped region, or a zone with neither region nor number
    any_zone: bool = False

    @classmethod
    def of(cls, sv: Salvaged | None, base: tuple[str | int, ...]) -> _Lost:
        lost = cls()
        if not sv:
            return lost
        for _, r in sv.dropped_under(*base, "regions"):
            rid = r.get("id") if isinstance(r, dict) else None
            if isinstance(rid, str) and rid:
                lost.regions.add(squash(rid))
            else:
                lost.anywhere = True
        for path, _ in sv.dropped_under(*base, "city_sizes"):
            lost.sizes.add(str(path[-1]))
        for _, z in sv.dropped_under(*base, "zones"):
            lost.any_zone = True
            region = z.get("region") if isinstance(z, dict) else None
            number = z.get("number") if isinstance(z, dict) else None
            if not (isinstance(number, int) and not isinstance(number, bool) and number >= 1):
                number = None
            if isinstance(region, str) and number is not None:
                lost.zones.add(squash(zone_id(region, number)))
            elif isinstance(region, str):
                lost.vague.add(squash(region))
            elif number is not None:
                lost.numbers.add(number)
            else:
                lost.anywhere = True
        lost.any_zone |= sv.hit(*base, "zones")
        return lost

    def region(self, rid: str) -> bool:
        return self.anywhere or squash(rid) in self.regions

    def size(self, size: str) -> bool:
        return size in self.sizes

    def zone(self, ref: str) -> bool:
        """Whether ``ref`` may name a dropped zone."""
        key = squash(ref)
        if self.anywhere or key in self.zones:
            return True
        digits = len(key) - len(key.rstrip("0123456789"))
        if digits and int(key[-digits:]) in self.numbers:
            return True
        return any(key.startswith(r) and key[len(r) :].isdigit() for r in self.vague)


def _check_graph(board: Board, doc: YamlDoc, report: Report, base: tuple[str | int, ...]) -> None:
    g = board.graph
    if g.number_of_nodes() and not nx.is_connected(g):
        parts = sorted(nx.connected_components(g), key=len, reverse=True)
        cut_off = sorted(z for part in parts[1:] for z in part)
        shown = ", ".join(cut_off[:8]) + (" …" if len(cut_off) > 8 else "")
        report.warning(
            doc.span((*base, "roads")),
            "island-disconnected",
            f"the island is not connected: {len(parts)} separate parts; cut off from the "
            f"largest: {shown}",
            "add roads or mountain paths so every zone can be reached",
        )
    for z in board.zones:
        if g.degree(z.id) == 0 and len(board.zones) > 1:
            report.warning(
                doc.span((*base, "zones", _zone_index(board, z))),
                "zone-isolated",
                f"zone {z.id} ({z.city}) has no road and no mountain path",
                "add a road or a mountain path to it: a place no one can reach cannot hold "
                "an objective",
            )


def _zone_index(board: Board, zone: Zone) -> int:
    for i, z in enumerate(board.spec.zones):
        if z.region == zone.region and z.number == zone.number:
            return i
    return 0


def load_board(doc: YamlDoc, ws: Workspace) -> Board | None:
    """Workspace loader for the ``board`` kind."""
    return build_board(doc, ws.report)
