"""Clue deck generator: choose cards from the predicate vocabulary (R0.3, R5.3, R6.1).

A rich candidate pool is enumerated on the board (regions, sizes, tags, coast,
number ranges, compass sides of the centre and of every city, distances to terrain
and to cities, link counts, and their combinations and complements), kept only when
its hole density lies in the useful band, and deduplicated by hole pattern. A seeded
simulated annealing (``random.Random(seed)``: the same seed gives the same deck) then
picks the valid cards. Its cost is a fast proxy for the draw statistics: with ``s(p, q)``
the number of chosen cards holding place p but not q, a random pool of k cards misses
all of them with probability ``h_k(s) = C(n - s, k) / C(n, k)``; ``conf(p)`` sums that
over q (the places p is still confused with), and the cost adds up ``conf(p)²`` over the
allowed places — low and even, so that every place is isolatable (``s ≥ 1``), isolated
with few cards and early. A second annealing stage counts, per place, the 2- and 3-card
subsets that isolate it (kept up to date card by card) and spreads them evenly, so that
objectives land all over the island; a last greedy repair swaps in cards for any allowed
place still not isolatable. One card per topic (one distance to the Vaulne, not three)
and at most a few cards per family keep the titles varied.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import os
import random
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from authoring.clues.draws import exact_first_reveal
from authoring.io.yamlio import atomic_write
from authoring.model import predicates as P
from authoring.model.rules import BOX_CLUE_CARDS, band_holes, density_band
from authoring.model.schema.registry import JSON_DIR
from authoring.model.solver import BitDeck, CardSpec, min_distinct_cards, solve

if TYPE_CHECKING:
    from authoring.model.board import Board

#: draw counts at which the cost looks at the pool (d = 1 investigations, failures included)
PROXY_POOLS = (6, 10)
#: weight of evenness between places (objectives spread) against plain speed
SPREAD = 8
#: weight of unevenness (n / effective number of places) in the polishing stage
EVENNESS = 1.0
#: price of a card's complexity in the polishing stage (prefer plain, readable clues)
SIMPLE = 0.005
#: largest enumeration for the exact d = 1 expectation in the scores (else Monte Carlo only)
EXACT_LIMIT = 20_000
#: weight of a pair of places no chosen card separates (the place is not isolatable)
UNSEPARATED = 25.0


@dataclass(frozen=True)
class Candidate:
    """A possible card: its predicate, holes (bit i = place i), family and title."""

    predicate: P.Predicate
    holes: int
    family: str
    complexity: int
    title: str

    @property
    def count(self) -> int:
        return self.holes.bit_count()

    @cached_property
    def topic(self) -> str:
        """What the card is about; a deck holds one card per topic (one distance to the
        Vaulne, not three), so that no two titles read alike."""
        return topic(self.predicate)


def topic(pred: P.Predicate) -> str:
    """The subject of a predicate: its feature, its reference place, or its own text."""
    if isinstance(pred, P.Not):
        return topic(pred.not_)
    if isinstance(pred, P.Near):
        n = pred.near
        return f"near:{n.place}" if n.place else f"near:{n.feature}:{n.name}"
    if isinstance(pred, P.Within):
        return f"within:{pred.within.of}:{pred.within.by}"
    if isinstance(pred, P.Degree):
        return "degree"
    return pred.describe("en")


@dataclass
class Generated:
    """The generator's choice and its scores."""

    board: Board
    chosen: list[Candidate]
    failures: int
    seed: int
    allowed: tuple[str, ...]
    pool_size: int
    cost: float
    scores: dict[str, Any] = field(default_factory=dict)

    @property
    def total_cards(self) -> int:
        return len(self.chosen) + self.failures


def lower_bound(places: int) -> int:
    """Fewest distinct cards that can isolate ``places`` places: the smallest r with
    C(r, ⌊r/2⌋) ≥ places (the card sets holding each place form an antichain, Sperner)."""

    return min_distinct_cards(places)


# -- the candidate pool ------------------------------------------------------------------
def _bits(board: Board, zones: Iterable[str]) -> int:
    index = {z: i for i, z in enumerate(board.zone_ids)}
    return sum(1 << index[z] for z in zones)


def _thresholds(values: Sequence[float], n: int, band: tuple[float, float]) -> list[float]:
    """Distance thresholds (rounded up to whole cm) giving densities across the band."""
    finite = sorted(v for v in values if math.isfinite(v))
    out: set[float] = set()
    lo, hi = band
    steps = 6
    for k in range(steps + 1):
        t = lo + (hi - lo) * k / steps
        i = max(0, min(len(finite) - 1, round(t * n) - 1))
        if finite:
            out.add(max(10.0, math.ceil(finite[i] / 10.0) * 10.0))
    return sorted(out)


def _base_predicates(board: Board, band: tuple[float, float]) -> list[tuple[str, P.Predicate]]:
    """Every simple predicate worth trying on this board, with its family."""
    out: list[tuple[str, P.Predicate]] = []
    n = len(board.zones)
    regions = [r.id for r in board.regions]
    for k in range(1, len(regions)):
        for combo in itertools.combinations(regions, k):
            out.append(("region", P.RegionIs(region=list(combo) if k > 1 else combo[0])))
    sizes = sorted({z.size for z in board.zones})
    for k in range(1, len(sizes)):
        for combo in itertools.combinations(sizes, k):
            out.append(("size", P.SizeIs(size=cast(Any, list(combo) if k > 1 else combo[0]))))
    tags = sorted({t for z in board.zones for t in z.tags})
    for k in range(1, min(3, len(tags)) + 1):
        for combo in itertools.combinations(tags, k):
            out.append(("tag", P.TagIs(tag=list(combo) if k > 1 else combo[0])))
    out.append(("coastal", P.Coastal(coastal=True)))
    out.append(("coastal", P.Coastal(coastal=False)))
    top = max(z.number for z in board.zones)
    for a in range(1, top + 1):
        for b in range(a, top + 1):
            if a == 1 and b == top:
                continue
            rng = P.NumberRange(min=a if a > 1 else None, max=b if b < top else None)
            out.append(("number", P.NumberIs(number=rng)))
    for cls in (P.NorthOf, P.SouthOf, P.EastOf, P.WestOf):
        out.append(("side", cls(**{cls.key: "centre"})))
        for z in board.zones:
            out.append(("side-place", cls(**{cls.key: z.id})))
    geo = board.geometry
    from shapely.geometry import Point

    for kind, feats in geo.terrain.items():
        names: list[str | None] = [None, *[name for name, _ in feats]] if feats else []
        for name in names:
            geom = geo.feature(kind, name)
            dist = [geom.distance(Point(z.at)) for z in board.zones]
            for mm in _thresholds(dist, n, band):
                spec = P.NearSpec(feature=cast(Any, kind), name=name, mm=mm)
                out.append(("near", P.Near(near=spec)))
            if kind == "rivers":
                out.append(("river", P.TouchesRiver(river=name if name else True)))
            else:
                out.append(("inside", P.Inside(inside=P.FeatureRef(feature=cast(Any, kind), name=name))))
    for z in board.zones:
        for by in ("any", "road"):
            for links in range(1, 7):
                spec_w = P.WithinSpec(of=z.id, links=links, by=cast(Any, by))
                out.append(("within", P.Within(within=spec_w)))
        out.append(("reach", P.Reach(reach=z.id)))
        if z.size != "village":
            dist = [math.hypot(o.at[0] - z.at[0], o.at[1] - z.at[1]) for o in board.zones]
            for mm in _thresholds(dist, n, band):
                out.append(("near-place", P.Near(near=P.NearSpec(place=z.id, mm=mm))))
    for k in range(1, 7):
        out.append(("degree", P.Degree(degree=P.DegreeSpec(min=k))))
        out.append(("degree", P.Degree(degree=P.DegreeSpec(max=k))))
    out.append(("mountain", P.MountainOnly(mountain_only=True)))
    return out


_COMBINABLE = ("region", "size", "tag", "coastal", "side", "near", "river")
_COMPLEXITY = {
    "coastal": 1,
    "side": 1,
    "region": 2,
    "size": 2,
    "near": 2,
    "river": 2,
    "inside": 2,
    "tag": 3,
    "number": 3,
    "side-place": 3,
    "within": 3,
    "near-place": 3,
    "degree": 4,
    "reach": 4,
    "mountain": 4,
    "not": 5,
    "combo": 6,
}


def candidate_pool(
    board: Board, band: tuple[float, float] | None = None
) -> list[Candidate]:
    """Candidates with density in ``band`` (default: the band for the board's size), one
    per hole pattern (the simplest)."""
    n = len(board.zones)
    band = band if band is not None else density_band(n)
    full = (1 << n) - 1
    lo, hi = band_holes(band, n)  # whole hole counts, edges included
    base = _base_predicates(board, band)
    evaluated = [(fam, p, _bits(board, p.zones(board))) for fam, p in base]
    simple = [
        (fam, p, b)
        for fam, p, b in evaluated
        if fam in _COMBINABLE
        and 0.1 * n <= b.bit_count() <= 0.9 * n
        and not any(isinstance(v, list) for v in p.model_dump().values())
    ]
    for (fa, pa, ba), (fb, pb, bb) in itertools.combinations(simple, 2):
        if fa == fb:
            continue
        if lo <= (ba & bb).bit_count() <= hi:
            evaluated.append(("combo", P.All(all=cast(Any, [pa, pb])), ba & bb))
        if lo <= (ba | bb).bit_count() <= hi:
            evaluated.append(("combo", P.AnyOf(any=cast(Any, [pa, pb])), ba | bb))
    for fam, p, b in list(evaluated):
        comp = full & ~b
        if fam not in ("coastal", "side", "combo") and lo <= comp.bit_count() <= hi:
            evaluated.append(("not", P.Not(**{"not": cast(Any, p)}), comp))
    best: dict[int, tuple[int, int, str, P.Predicate]] = {}
    for order, (fam, p, b) in enumerate(evaluated):
        if not lo <= b.bit_count() <= hi:
            continue
        rank = _COMPLEXITY.get(fam, 5)
        if b not in best or (rank, order) < best[b][:2]:
            best[b] = (rank, order, fam, p)
    out = [
        Candidate(p, b, fam, rank, p.describe("fr", board))
        for b, (rank, _order, fam, p) in sorted(best.items(), key=lambda kv: kv[1][1])
    ]
    return out


# -- the search ----------------------------------------------------------------------------
class _State:
    """Incremental s(p, q) and conf(p) under adding / removing one card."""

    def __init__(self, n: int, allowed: Sequence[bool], weight: Sequence[float]):
        self.n = n
        self.allowed = allowed
        self.w = weight
        self.s = [[0] * n for _ in range(n)]
        self.conf = [weight[0] * (n - 1) if allowed[p] else 0.0 for p in range(n)]

    def apply(self, holes: int, delta: int) -> None:
        inside = [i for i in range(self.n) if holes >> i & 1]
        outside = [i for i in range(self.n) if not holes >> i & 1]
        w, s, conf = self.w, self.s, self.conf
        for p in inside:
            row = s[p]
            if not self.allowed[p]:
                for q in outside:
                    row[q] += delta
                continue
            acc = 0.0
            for q in outside:
                old = row[q]
                row[q] = old + delta
                acc += w[old + delta] - w[old]
            conf[p] += acc

    def cost(self) -> float:
        vals = [c for c, a in zip(self.conf, self.allowed, strict=True) if a]
        mean = sum(vals) / len(vals) if vals else 0.0
        return sum(c * c + SPREAD * (c - mean) ** 2 for c in vals)


def _weights(total: int, pools: Sequence[int]) -> list[float]:
    """w[s] = Σ_k C(total - s, k) / C(total, k): chance a k-card pool misses s cards."""
    w = []
    for s in range(total + 1):
        v = sum(math.comb(total - s, k) / math.comb(total, k) for k in pools if k <= total)
        w.append(v)
    w[0] = UNSEPARATED
    return w


def generate(
    board: Board,
    *,
    cards: int = BOX_CLUE_CARDS,
    failures: int = 6,
    seed: int = 0,
    allowed: Sequence[str] | None = None,
    band: tuple[float, float] | None = None,
    iterations: int = 4000,
    polish: int = 4000,
    pool: list[Candidate] | None = None,
    keep: Sequence[Candidate] = (),
    caps: dict[str, int] | None = None,
) -> Generated:
    """Choose ``cards - failures`` distinct valid cards for ``board`` (deterministic for
    ``seed``). ``allowed``: places that may hold an objective (D6.1), default all;
    ``pool``: the candidates to choose from (default :func:`candidate_pool`); ``keep``:
    cards the deck must hold (a designer's favourites), the rest is chosen around them;
    ``caps``: most cards per candidate family (default about a sixth of the deck each)."""
    rng = random.Random(seed)
    n = len(board.zones)
    want = cards - failures
    allowed_ids = tuple(allowed) if allowed is not None else board.zone_ids
    allowed_set = set(allowed_ids)
    pool = candidate_pool(board, band) if pool is None else pool
    kept = {c.holes for c in keep}
    pool = [*keep, *(c for c in pool if c.holes not in kept)]
    fixed = set(range(len(keep)))
    if want <= 0 or not pool:
        return Generated(board, [], failures, seed, allowed_ids, len(pool), 0.0)
    want = min(want, len(pool))
    cap = {fam: max(3, want // 6) for fam in _COMPLEXITY}
    cap["combo"] = max(2, want // 8)
    cap["not"] = max(2, want // 8)
    cap.update(caps or {})
    weight = _weights(cards, PROXY_POOLS)
    flags = [z in allowed_set for z in board.zone_ids]
    state = _State(n, flags, weight)
    family_count: dict[str, int] = {}
    chosen: list[int] = []
    in_use: set[int] = set()

    topics: Counter[str] = Counter()
    titles: Counter[str] = Counter()

    def fits(i: int) -> bool:
        c = pool[i]
        return (
            family_count.get(c.family, 0) < cap.get(c.family, want)
            and not titles[c.title]
            and not topics[c.topic]
        )

    def add(i: int) -> None:
        state.apply(pool[i].holes, +1)
        family_count[pool[i].family] = family_count.get(pool[i].family, 0) + 1
        titles[pool[i].title] += 1
        topics[pool[i].topic] += 1
        chosen.append(i)
        in_use.add(i)

    def remove(i: int) -> None:
        state.apply(pool[i].holes, -1)
        family_count[pool[i].family] -= 1
        titles[pool[i].title] -= 1
        topics[pool[i].topic] -= 1
        chosen.remove(i)
        in_use.discard(i)

    for i in sorted(fixed)[:want]:
        add(i)
    # greedy start: among a sample of candidates, add the one that lowers the cost most
    sample = min(len(pool), 48)
    while len(chosen) < want:
        options = [i for i in rng.sample(range(len(pool)), sample) if i not in in_use and fits(i)]
        if not options:
            options = [i for i in range(len(pool)) if i not in in_use]
        best_i, best_cost = options[0], math.inf
        for i in options:
            add(i)
            c = state.cost() + 0.02 * pool[i].complexity
            remove(i)
            if c < best_cost:
                best_i, best_cost = i, c
        add(best_i)

    def total_cost() -> float:
        return state.cost() + 0.02 * sum(pool[i].complexity for i in chosen)

    current = total_cost()
    best_cost, best_set = current, list(chosen)
    t0 = max(current * 0.01, 1e-6)
    for it in range(iterations):
        temp = t0 * (1 - it / iterations) ** 2
        out_i = chosen[rng.randrange(len(chosen))]
        in_i = rng.randrange(len(pool))
        if in_i in in_use or out_i in fixed:
            continue
        remove(out_i)
        if not fits(in_i):
            add(out_i)
            continue
        add(in_i)
        new = total_cost()
        if new <= current or (temp > 0 and rng.random() < math.exp((current - new) / temp)):
            current = new
            if new < best_cost:
                best_cost, best_set = new, list(chosen)
        else:
            remove(in_i)
            add(out_i)
    best_set, best_cost = _polish(pool, best_set, flags, cards, cap, rng, polish, fixed)
    best_set = _repair(pool, best_set, flags, fixed)
    picked = sorted(best_set, key=lambda i: (pool[i].complexity, -pool[i].count, i))
    return Generated(
        board=board,
        chosen=[pool[i] for i in picked],
        failures=failures,
        seed=seed,
        allowed=allowed_ids,
        pool_size=len(pool),
        cost=best_cost,
    )


class _Subsets:
    """For each place, how many 2- and 3-card subsets of the chosen cards isolate it
    (their holes intersect to that place alone), kept up to date card by card."""

    def __init__(self, n: int, allowed_mask: int):
        self.n = n
        self.mask = allowed_mask
        self.a2 = [0] * n
        self.a3 = [0] * n
        self.cards: list[int] = []

    def _count(self, h: int, others: Sequence[int], delta: int) -> None:
        mask, a2, a3 = self.mask, self.a2, self.a3
        for k, x in enumerate(others):
            i = h & x
            if not i:
                continue
            if not i & (i - 1) and i & mask:
                a2[i.bit_length() - 1] += delta
            for y in others[k + 1 :]:
                j = i & y
                if j and not j & (j - 1) and j & mask:
                    a3[j.bit_length() - 1] += delta

    def add(self, h: int) -> None:
        self._count(h, self.cards, +1)
        self.cards.append(h)

    def remove(self, h: int) -> None:
        self.cards.remove(h)
        self._count(h, self.cards, -1)

    def isolatable(self) -> int:
        """Allowed places the chosen cards isolate (R6.1)."""
        full = (1 << self.n) - 1
        count = 0
        for p in range(self.n):
            bit = 1 << p
            if not bit & self.mask:
                continue
            if self.a2[p] or self.a3[p]:
                count += 1
                continue
            inter, held = full, False
            for h in self.cards:
                if h & bit:
                    inter &= h
                    held = True
            count += held and inter == bit
        return count

    def score(self, c2: float, c3: float) -> float:
        """Mean of -log(isolating subsets expected in a typical pool) over the places (all
        must be reached, the weak ones count most) + unevenness (mean square of the shares
        relative to the average) + a heavy price per place that cannot be isolated."""
        lp = [self.a2[p] * c2 + self.a3[p] * c3 for p in range(self.n) if self.mask >> p & 1]
        if not lp:
            return math.inf
        mean = sum(lp) / len(lp)
        if mean <= 0:
            return math.inf
        eps = c3 / 2
        speed = -sum(math.log(v + eps) for v in lp) / len(lp)
        uneven = sum((v / mean) ** 2 for v in lp) / len(lp)
        missing = len(lp) - self.isolatable()
        return speed + EVENNESS * uneven + 10.0 * missing


def _polish(
    pool: list[Candidate],
    start: list[int],
    flags: Sequence[bool],
    total_cards: int,
    cap: dict[str, int],
    rng: random.Random,
    iterations: int,
    fixed: set[int],
) -> tuple[list[int], float]:
    """Swap cards to spread the isolating 2- and 3-card subsets evenly over the places
    (so objectives land everywhere) while keeping many of them (early reveals)."""
    n = len(flags)
    mask = sum(1 << p for p, a in enumerate(flags) if a)
    k0 = min(PROXY_POOLS[0], total_cards)

    def inside(j: int) -> float:
        """Chance that j given cards all lie in a random pool of k0 cards."""
        if k0 < j:
            return 0.0
        return math.comb(total_cards - j, k0 - j) / math.comb(total_cards, k0)

    c2, c3 = inside(2), inside(3)
    subsets = _Subsets(n, mask)
    chosen = list(start)
    for i in chosen:
        subsets.add(pool[i].holes)
    family: dict[str, int] = {}
    titles: Counter[str] = Counter()
    topics: Counter[str] = Counter()
    for i in chosen:
        family[pool[i].family] = family.get(pool[i].family, 0) + 1
        titles[pool[i].title] += 1
        topics[pool[i].topic] += 1
    complexity = sum(pool[i].complexity for i in chosen)
    current = subsets.score(c2, c3) + SIMPLE * complexity
    best, best_set = current, list(chosen)
    t0 = 0.05
    for it in range(iterations):
        temp = t0 * (1 - it / iterations) ** 2
        k = rng.randrange(len(chosen))
        out_i, in_i = chosen[k], rng.randrange(len(pool))
        cand = pool[in_i]
        out_c = pool[out_i]
        if in_i in chosen or out_i in fixed or (titles[cand.title] and cand.title != out_c.title):
            continue
        if topics[cand.topic] and cand.topic != out_c.topic:
            continue
        if cand.family != pool[out_i].family and family.get(cand.family, 0) >= cap.get(
            cand.family, len(chosen)
        ):
            continue
        subsets.remove(pool[out_i].holes)
        subsets.add(cand.holes)
        new = subsets.score(c2, c3) + SIMPLE * (complexity - out_c.complexity + cand.complexity)
        if new <= current or (temp > 0 and rng.random() < math.exp((current - new) / temp)):
            current = new
            complexity += cand.complexity - out_c.complexity
            family[pool[out_i].family] -= 1
            family[cand.family] = family.get(cand.family, 0) + 1
            titles[out_c.title] -= 1
            titles[cand.title] += 1
            topics[out_c.topic] -= 1
            topics[cand.topic] += 1
            chosen[k] = in_i
            if new < best:
                best, best_set = new, list(chosen)
        else:
            subsets.remove(cand.holes)
            subsets.add(pool[out_i].holes)
    return best_set, best


def _isolated(holes: Sequence[int], n: int, mask: int) -> tuple[int, int]:
    """How many allowed places (``mask``) the cards isolate (R6.1), and minus the number
    of look-alikes the others keep (so that progress towards isolation counts too)."""
    full = (1 << n) - 1
    inter = [full] * n
    for h in holes:
        x = h
        while x:
            low = x & -x
            p = low.bit_length() - 1
            inter[p] &= h
            x ^= low
    done = confused = 0
    for p in range(n):
        if mask >> p & 1:
            if inter[p] == 1 << p:
                done += 1
            else:
                confused += inter[p].bit_count()
    return done, -confused


def _repair(
    pool: list[Candidate], chosen: list[int], flags: Sequence[bool], fixed: set[int]
) -> list[int]:
    """When the search left allowed places that no combination isolates, swap in the
    candidates that cut those places' look-alikes the most (a last, greedy resort)."""
    n = len(flags)
    mask = sum(1 << p for p, a in enumerate(flags) if a)
    chosen = list(chosen)
    full = (1 << n) - 1
    for _ in range(3 * n):
        holes = [pool[i].holes for i in chosen]
        current = _isolated(holes, n, mask)
        if current[0] == mask.bit_count():
            break
        p = inter = 0
        for p in range(n):
            inter = full
            for h in holes:
                if h >> p & 1:
                    inter &= h
            if mask >> p & 1 and inter != 1 << p:
                break
        titles = {pool[i].title for i in chosen}
        options = sorted(
            (i for i, c in enumerate(pool) if c.holes >> p & 1 and i not in chosen),
            key=lambda i: ((inter & pool[i].holes).bit_count(), i),
        )[:30]
        best, move = current, None
        for i in options:
            if pool[i].title in titles:
                continue
            for k, out in enumerate(chosen):
                if out in fixed:
                    continue
                got = _isolated([*holes[:k], *holes[k + 1 :], pool[i].holes], n, mask)
                if got > best:
                    best, move = got, (k, i)
        if move is None:
            break
        chosen[move[0]] = move[1]
    return chosen


# -- scores --------------------------------------------------------------------------------
def first_reveals(
    holes: Sequence[int], n: int, allowed_mask: int, *, games: int = 2000, seed: int = 1
) -> tuple[float, list[int]]:
    """Monte Carlo of d = 1 investigations (each keeps the one card drawn, R5.3): the mean
    number until the pool first isolates an allowed place, and per place how often that
    first objective lands there (ties drawn at random). ``holes`` lists every physical
    card, failures as 0."""
    rng = random.Random(seed)
    full = (1 << n) - 1
    land = [0] * n
    total = 0
    for _ in range(games):
        order = list(holes)
        rng.shuffle(order)
        inter = [full] * n
        when = len(order) + 1
        for k, h in enumerate(order, 1):
            hit = []
            x = h
            while x:
                low = x & -x
                p = low.bit_length() - 1
                x ^= low
                inter[p] &= h
                if inter[p] == low and low & allowed_mask:
                    hit.append(p)
            if hit:
                when = k
                land[hit[rng.randrange(len(hit))]] += 1
                break
        total += when
    return total / games if games else 0.0, land


def generated_scores(gen: Generated, *, games: int = 2000) -> dict[str, Any]:
    """The generated deck's figures: isolation (exact solver), fewest cards per place,
    densities, investigations until the first reveal at d = 1 and where it lands."""

    board = gen.board
    n = len(board.zones)
    specs = [CardSpec(f"c{i}", c.holes) for i, c in enumerate(gen.chosen)]
    if gen.failures:
        specs.append(CardSpec("echec", 0, gen.failures, failure=True))
    result = solve(BitDeck(board.zone_ids, tuple(specs)), gen.allowed)
    mins = [r.min_cards for r in result.places if r.min_cards is not None]
    allowed_mask = sum(1 << i for i, z in enumerate(board.zone_ids) if z in set(gen.allowed))
    physical = [c.holes for c in gen.chosen] + [0] * gen.failures
    mean, land = first_reveals(physical, n, allowed_mask, games=games, seed=gen.seed)
    allowed_idx = [i for i in range(n) if allowed_mask >> i & 1]
    expected = games / len(allowed_idx) if allowed_idx else 0.0
    densities = [c.count / n for c in gen.chosen]

    law = exact_first_reveal(BitDeck(board.zone_ids, tuple(specs)), gen.allowed, limit=EXACT_LIMIT)
    exact = None if law is None or law.expectation is None else round(float(law.expectation), 3)
    return {
        "cards": f"{gen.total_cards} ({len(gen.chosen)} distinct valid + {gen.failures} failures)",
        "lower_bound_distinct_cards": lower_bound(len(gen.allowed)),
        "isolatable": f"{sum(1 for r in result.places if r.allowed and r.isolatable)}"
        f"/{len(gen.allowed)}",
        "min_cards": ", ".join(f"{k}: {v}" for k, v in result.min_cards_histogram.items())
        + (f" (mean {sum(mins) / len(mins):.2f}, max {max(mins)})" if mins else ""),
        "density": f"{min(densities):.0%}–{max(densities):.0%}" if densities else "-",
        "d1_first_reveal_exact": exact if exact is not None else "too many sets, see MC",
        "d1_first_reveal_mc": round(mean, 2),
        "first_reveal_never": sum(1 for i in allowed_idx if land[i] == 0),
        "first_reveal_over_2x": sum(1 for i in allowed_idx if land[i] > 2 * expected),
        "candidate_pool": gen.pool_size,
    }


# -- writing ---------------------------------------------------------------------------------
def _slug(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "carte"


def _flow(data: Any) -> str:
    import yaml

    text: str = yaml.safe_dump(
        data, default_flow_style=True, allow_unicode=True, width=10_000, sort_keys=False
    )
    return text.removesuffix("\n...\n").strip()


def deck_yaml(
    gen: Generated,
    board_ref: str,
    *,
    command: str = "",
    schema_ref: str = "../authoring/model/schema/json/deck.schema.json",
) -> str:
    """The generated deck as an editable, commented YAML text."""
    n = len(gen.board.zones)
    lines = [
        f"# yaml-language-server: $schema={schema_ref}",
        "# Clue deck generated by the toolkit; edit freely (titles are French, R5.3).",
    ]
    if command:
        lines.append(f"# {command}")
    for key, value in gen.scores.items():
        if key != "seconds":  # the run time would make each run's file differ
            lines.append(f"#   {key}: {value}")
    lines += ["kind: deck", f"board: {_flow(board_ref)}"]
    if tuple(gen.allowed) != gen.board.zone_ids:
        lines.append(f"allowed: {_flow(list(gen.allowed))}")
    lines.append("cards:")
    used: set[str] = set()
    for c in gen.chosen:
        cid = _slug(c.title)[:40].rstrip("-")
        base, k = cid, 2
        while cid in used:
            cid, k = f"{base}-{k}", k + 1
        used.add(cid)
        lines.append(f"  # {c.family}: {c.count}/{n} places ({c.count / n:.0%})")
        lines.append(f"  - id: {_flow(cid)}")
        lines.append(f"    title: {_flow(c.title)}")
        lines.append(f"    where: {_flow(c.predicate.to_yaml_data())}")
    if gen.failures:
        lines.append("  # failures: no hole, no information (R5.3)")
        lines.append(
            f"  - {{id: echec, title: Échec, failure: true, copies: {gen.failures}}}"
        )
    return "\n".join(lines) + "\n"


#: in :func:`write_deck`'s ``command``, replaced by the board path as the deck names it
BOARD_REF = "{board}"


_MODELINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)", re.MULTILINE)


def schema_ref_for(out: Path, kind: str = "deck") -> str:
    """The ``$schema`` of a deck written to ``out``: the one the file already names (a
    regenerated deck keeps its game's), else the ``schemas/`` folder of the game it is in
    (``resistance init``'s layout, in a parent folder), else the toolkit's own schema."""
    with contextlib.suppress(OSError, UnicodeDecodeError):
        found = _MODELINE.search(out.read_text("utf-8")[:2000])
        if found:
            return found[1]
    here = out.resolve().parent
    for folder in (here, *here.parents):
        if (folder / "schemas" / f"{kind}.schema.json").is_file():
            target = folder / "schemas" / f"{kind}.schema.json"
            return os.path.relpath(target, here).replace(os.sep, "/")
    return os.path.relpath(JSON_DIR / f"{kind}.schema.json", here).replace(os.sep, "/")


def write_deck(gen: Generated, board_path: Path, out: Path, *, command: str = "") -> None:
    """Write the deck atomically; the board path is written relative to the deck (also
    where ``command`` says :data:`BOARD_REF`, so the file is the same from any folder)."""

    here = out.resolve().parent
    ref = os.path.relpath(board_path.resolve(), here).replace(os.sep, "/")
    schema = schema_ref_for(out)
    text = deck_yaml(gen, ref, command=command.replace(BOARD_REF, ref), schema_ref=schema)
    with atomic_write(out, "w") as fh:
        fh.write(text)
