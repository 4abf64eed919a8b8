"""The board as integers, built once: what the engine and the predicates read on hot paths.

Zones are numbered 0..n-1 in the board's order (like python-chess's squares); string ids
stay for input, output and logs (``ids[i]``, ``index[zone_id]``). Per zone: its region
(an index into ``regions``), number, size value (R4.1), max occupation (R4.3) and zone
tokens (R0.2); its neighbours in deployment order (R8.4, D8.2); the zones one move
reaches (R5.1) as a bitset. No networkx or string work after :func:`build_topology`.

>>> from authoring.model.board import Board
>>> b = Board.from_yaml_text('''
... id: t
... size: [100, 100]
... outline: [[0, 0], [100, 0], [100, 100], [0, 100]]
... regions: [{id: A}, {id: B}]
... region_order: [B, A]
... zones:
...   - {region: A, number: 1, city: a1, size: capital, at: [20, 20]}
...   - {region: A, number: 2, city: a2, size: village, at: [20, 80]}
...   - {region: B, number: 2, city: b2, size: village, at: [80, 80]}
...   - {region: B, number: 1, city: b1, size: town, at: [80, 20]}
... roads: [{from: A 1, to: A 2}, {from: A 1, to: B 2}, {from: A 1, to: B 1},
...         {from: B 2, to: B 1, kind: mountain}]
... ''')
>>> t = b.topology
>>> [t.ids[i] for i in t.neighbours[t.index["A 1"]]]   # A 2 before B 2: own region first
['A 2', 'B 2', 'B 1']
>>> [t.ids[i] for i in t.neighbours[t.index["B 1"]]]
['B 2', 'A 1']
>>> sorted(t.ids_of(t.reach[t.index["B 1"]]))           # 3 roads, or 1 mountain path
['A 1', 'A 2', 'B 2']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from authoring.model.rules import MOVE_MOUNTAIN_PATHS, MOVE_ROADS


@dataclass(frozen=True)
class Topology:
    """Integer view of one board (see the module docstring)."""

    ids: tuple[str, ...]
    index: Mapping[str, int]
    regions: tuple[str, ...]
    region: tuple[int, ...]
    number: tuple[int, ...]
    size: tuple[int, ...]
    max_occupation: tuple[int, ...]
    tokens: tuple[int, ...]
    #: zones joined by a road / by a mountain path, as bitsets
    roads: tuple[int, ...]
    paths: tuple[int, ...]
    #: R8.4, D8.2: neighbours in deployment order
    neighbours: tuple[tuple[int, ...], ...]
    #: R5.1: zones one move reaches (up to 3 roads, or 1 mountain path), start excluded
    reach: tuple[int, ...]
    #: zones of each region, in board order
    zones_of_region: tuple[tuple[int, ...], ...]

    @property
    def n(self) -> int:
        return len(self.ids)

    @cached_property
    def moves(self) -> tuple[tuple[int, ...], ...]:
        """Moves (R5.1) needed from each zone to each zone; 99 when unreachable."""
        n = self.n
        out = []
        for a in range(n):
            d = [99] * n
            d[a] = 0
            frontier, step = [a], 0
            while frontier:
                step += 1
                nxt = []
                for z in frontier:
                    r = self.reach[z]
                    while r:
                        low = r & -r
                        y = low.bit_length() - 1
                        r ^= low
                        if d[y] == 99:
                            d[y] = step
                            nxt.append(y)
                frontier = nxt
            out.append(tuple(d))
        return tuple(out)

    def ids_of(self, bits: int) -> list[str]:
        """Zone ids of a bitset, in board order."""
        return [self.ids[i] for i in range(self.n) if bits >> i & 1]

    def bits(self, zone_ids: Iterable[str]) -> int:
        out = 0
        for z in zone_ids:
            out |= 1 << self.index[z]
        return out

    def adjacent(self, a: int, b: int) -> bool:
        return bool((self.roads[a] | self.paths[a]) >> b & 1)


def deployment_order(
    zone: int,
    candidates: Iterable[int],
    number: Sequence[int],
    region: Sequence[int],
    region_rank: Sequence[int],
) -> tuple[int, ...]:
    """R8.4: highest number first; D8.2: equal numbers, the zone's own region first, then
    the board's region order."""
    own = region[zone]
    return tuple(
        sorted(
            candidates,
            key=lambda j: (-number[j], region[j] != own, region_rank[region[j]], j),
        )
    )


def within(adj: Sequence[int], start: int, steps: int) -> int:
    """Bitset of zones within ``steps`` links of ``start`` over ``adj`` (start included)."""
    seen = frontier = 1 << start
    for _ in range(steps):
        nxt = 0
        f = frontier
        while f:
            low = f & -f
            nxt |= adj[low.bit_length() - 1]
            f ^= low
        frontier = nxt & ~seen
        if not frontier:
            break
        seen |= frontier
    return seen


def build_topology(
    ids: Sequence[str],
    regions: Sequence[str],
    region_rank: Sequence[int],
    region: Sequence[int],
    number: Sequence[int],
    size: Sequence[int],
    max_occupation: Sequence[int],
    tokens: Sequence[int],
    links: Iterable[tuple[int, int, str]],
    neighbour_links: Iterable[tuple[int, int]] | None = None,
    move_roads: int = MOVE_ROADS,
    move_paths: int = MOVE_MOUNTAIN_PATHS,
) -> Topology:
    """Build the integer view. ``links`` are (a, b, 'road'|'mountain'); ``neighbour_links``
    replaces them as the deployment neighbours (D8.2 option: shared borders)."""
    n = len(ids)
    roads = [0] * n
    paths = [0] * n
    for a, b, kind in links:
        table = paths if kind == "mountain" else roads
        table[a] |= 1 << b
        table[b] |= 1 << a
    if neighbour_links is None:
        near = [roads[i] | paths[i] for i in range(n)]
    else:
        near = [0] * n
        for a, b in neighbour_links:
            near[a] |= 1 << b
            near[b] |= 1 << a
    neighbours = tuple(
        deployment_order(i, (j for j in range(n) if near[i] >> j & 1), number, region, region_rank)
        for i in range(n)
    )
    reach = tuple(
        (within(roads, i, move_roads) | within(paths, i, move_paths)) & ~(1 << i)
        for i in range(n)
    )
    return Topology(
        ids=tuple(ids),
        index={z: i for i, z in enumerate(ids)},
        regions=tuple(regions),
        region=tuple(region),
        number=tuple(number),
        size=tuple(size),
        max_occupation=tuple(max_occupation),
        tokens=tuple(tokens),
        roads=tuple(roads),
        paths=tuple(paths),
        neighbours=neighbours,
        reach=reach,
        zones_of_region=tuple(
            tuple(i for i in range(n) if region[i] == r) for r in range(len(regions))
        ),
    )
