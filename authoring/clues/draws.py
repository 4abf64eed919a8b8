"""How many Investigate actions players need before the clues place an objective (R5.3, R6.1).

An Investigate draws ``d`` = Communication − malus clue cards (none when d ≤ 0, D5.2),
keeps one and discards the rest; kept cards are pooled. When a subset of the pool
isolates an allowed place (R6.1, D6.1) the players discard those cards and place an
objective there. :func:`simulate` plays this many times (Monte Carlo, seeded) for one
draw size; :func:`exact_first_reveal` gives the exact law of the first reveal for d = 1,
where every investigation keeps the top card of the shuffled deck.

>>> from authoring.model.solver import BitDeck
>>> deck = BitDeck.from_sets(["a", "b"], {"a": ["a"], "b": ["b"]}, failures={"Échec": 2})
>>> exact = exact_first_reveal(deck)
>>> exact.expectation, exact.distribution
(Fraction(5, 3), {1: Fraction(1, 2), 2: Fraction(1, 3), 3: Fraction(1, 6)})
>>> stats = simulate(deck, 1, games=2000, seed=0, reveals=1, keep="first")
>>> round(stats.reveal[0].mean, 2)
1.65
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from authoring.io.diagnostics import suggestion
from authoring.model.solver import BitDeck, isolatable, min_isolating

__all__ = [
    "KEEP_POLICIES",
    "DrawStats",
    "ExactFirstReveal",
    "RevealStats",
    "exact_first_reveal",
    "simulate",
    "simulate_sizes",
]

Keep = Literal["best", "first", "random"]
KEEP_POLICIES: tuple[str, ...] = ("best", "first", "random")


# -- results ----------------------------------------------------------------------------
@dataclass(frozen=True)
class RevealStats:
    """Investigations until the ``order``-th objective is revealed, over all games.

    ``mean`` is over the games that reached it; ``median`` and ``p90`` are nearest-rank
    percentiles over all games with a game that never reached it counted as infinite
    (None when the percentile falls there).
    """

    order: int
    histogram: dict[int, int]
    reached: int
    not_reached: int
    mean: float | None
    median: int | None
    p90: int | None

    @property
    def share_not_reached(self) -> float:
        total = self.reached + self.not_reached
        return self.not_reached / total if total else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "order": self.order,
            "histogram": {str(k): v for k, v in self.histogram.items()},
            "reached": self.reached,
            "not_reached": self.not_reached,
            "share_not_reached": round(self.share_not_reached, 4),
            "mean": None if self.mean is None else round(self.mean, 4),
            "median": self.median,
            "p90": self.p90,
        }


@dataclass(frozen=True)
class DrawStats:
    """Monte Carlo statistics for one draw size: when objectives appear and where."""

    draw_size: int
    games: int
    seed: int
    keep: str
    reveals: int
    cap: int
    allowed: tuple[str, ...]
    reveal: tuple[RevealStats, ...]
    landing: dict[str, int]
    never_reached: tuple[str, ...]
    over_represented: tuple[str, ...]
    over_factor: float

    @property
    def uniform_share(self) -> float:
        """Objectives per allowed place if they landed uniformly."""
        return sum(self.landing.values()) / len(self.landing) if self.landing else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "draw_size": self.draw_size,
            "games": self.games,
            "seed": self.seed,
            "keep": self.keep,
            "reveals": self.reveals,
            "cap": self.cap,
            "allowed": list(self.allowed),
            "reveal": [r.to_dict() for r in self.reveal],
            "landing": dict(self.landing),
            "uniform_share": round(self.uniform_share, 4),
            "never_reached": list(self.never_reached),
            "over_represented": list(self.over_represented),
            "over_factor": self.over_factor,
        }


@dataclass(frozen=True)
class ExactFirstReveal:
    """The exact law of T, the investigations until the first reveal, for d = 1.

    ``survival[k]`` = P(T > k) = P(the first k cards of a shuffled deck isolate no
    allowed place), k = 0..N. When the whole deck isolates nothing, T is infinite
    (``never``) and ``expectation`` is None.
    """

    total_cards: int
    survival: tuple[Fraction, ...]
    type_sets: int

    @property
    def never(self) -> bool:
        return self.survival[-1] > 0

    @property
    def distribution(self) -> dict[int, Fraction]:
        """P(T = k) for the k with a positive probability."""
        s = self.survival
        return {k: s[k - 1] - s[k] for k in range(1, len(s)) if s[k - 1] != s[k]}

    @property
    def expectation(self) -> Fraction | None:
        return None if self.never else sum(self.survival, Fraction(0))

    @property
    def variance(self) -> Fraction | None:
        mean = self.expectation
        if mean is None:
            return None
        return sum((k * k * p for k, p in self.distribution.items()), Fraction(0)) - mean**2

    def to_dict(self) -> dict[str, Any]:
        mean, var = self.expectation, self.variance
        return {
            "total_cards": self.total_cards,
            "never": self.never,
            "expectation": None if mean is None else float(mean),
            "expectation_exact": None if mean is None else str(mean),
            "sd": None if var is None else math.sqrt(var),
            "distribution": {str(k): float(p) for k, p in self.distribution.items()},
            "type_sets": self.type_sets,
        }


# -- Monte Carlo ------------------------------------------------------------------------
def simulate(
    deck: BitDeck,
    draw_size: int,
    *,
    allowed: Iterable[str] | int | None = None,
    games: int = 2000,
    seed: int = 0,
    reveals: int = 2,
    keep: str = "best",
    cap: int = 200,
    over_factor: float = 2.0,
) -> DrawStats:
    """Play ``games`` clue games with ``draw_size`` cards per Investigate (R5.3, R6.1).

    Each game shuffles the deck (copies are separate cards). An investigation draws
    ``draw_size`` cards (reshuffling the discard into the pile when it runs out; nothing
    when ``draw_size`` ≤ 0, D5.2), keeps one by the ``keep`` policy and discards the rest.
    After each investigation, while some subset of the pool isolates an allowed place not
    yet revealed, the place needing the fewest pooled cards (then the lowest index) is
    revealed and a minimum such subset goes to the discard. A game stops after
    ``reveals`` objectives or ``cap`` investigations (the rest count as not reached).

    Keep policies:

    - ``"best"``: for a drawn card c and a target p (an allowed place not yet revealed
      that the whole deck can isolate), let A_p be the AND of the holes of the pooled
      cards plus c that have a hole at p (every place when none has); keep the card
      minimising min_p |A_p| − 1 (the places still to rule out around the nearest
      objective), ties to fewer holes, then the lower card id, then the first drawn.
    - ``"first"``: the first card drawn (the baseline).
    - ``"random"``: a uniformly random drawn card.

    Deterministic for a seed: all chance comes from one ``random.Random(seed)``.
    """
    if keep not in KEEP_POLICIES:
        raise ValueError(f"unknown keep policy '{keep}'{suggestion(keep, KEEP_POLICIES)}")
    if games < 1 or reveals < 1 or cap < 1:
        raise ValueError("games, reveals and cap must be at least 1")
    targets0 = deck.allowed_bits(allowed)
    reachable = sum(1 << p for p in range(len(deck.places)) if isolatable(deck, p))
    rng = random.Random(seed)
    game = _Game(deck, targets0 & reachable, draw_size, keep, rng)
    times: list[list[int | None]] = [[] for _ in range(reveals)]
    landing = [0] * len(deck.places)
    for _ in range(games):
        found = game.play(reveals, cap)
        for i in range(reveals):
            times[i].append(found[i][0] if i < len(found) else None)
        for _, place in found:
            landing[place] += 1
    allowed_idx = [p for p in range(len(deck.places)) if targets0 >> p & 1]
    land = {deck.places[p]: landing[p] for p in allowed_idx}
    total = sum(land.values())
    uniform = total / len(land) if land else 0.0
    return DrawStats(
        draw_size=draw_size,
        games=games,
        seed=seed,
        keep=keep,
        reveals=reveals,
        cap=cap,
        allowed=tuple(land),
        reveal=tuple(_reveal_stats(i + 1, t) for i, t in enumerate(times)),
        landing=land,
        never_reached=tuple(p for p, c in land.items() if c == 0),
        over_represented=tuple(p for p, c in land.items() if total and c > over_factor * uniform),
        over_factor=over_factor,
    )


def simulate_sizes(deck: BitDeck, sizes: Iterable[int], **options: Any) -> tuple[DrawStats, ...]:
    """:func:`simulate` for several draw sizes with the same options (and seed)."""
    return tuple(simulate(deck, d, **options) for d in sizes)


def _reveal_stats(order: int, times: Sequence[int | None]) -> RevealStats:
    reached = sorted(t for t in times if t is not None)
    hist: dict[int, int] = {}
    for t in reached:
        hist[t] = hist.get(t, 0) + 1

    def rank(q: float) -> int | None:
        i = max(math.ceil(q * len(times)) - 1, 0)
        return reached[i] if i < len(reached) else None

    return RevealStats(
        order=order,
        histogram=hist,
        reached=len(reached),
        not_reached=len(times) - len(reached),
        mean=sum(reached) / len(reached) if reached else None,
        median=rank(0.5),
        p90=rank(0.9),
    )


class _Game:
    """One table of clue cards, replayed for each game with the shared generator."""

    def __init__(
        self, deck: BitDeck, targets: int, draw_size: int, keep: str, rng: random.Random
    ) -> None:
        self.holes = [c.holes for c in deck.cards]
        self.n = len(deck.places)
        self.full = deck.full
        self.holders = [0] * self.n  # per place, the card types with a hole there
        for t, h in enumerate(self.holes):
            for p in range(self.n):
                if h >> p & 1:
                    self.holders[p] |= 1 << t
        # tie-break of the "best" policy: fewer holes, then the lower card id
        order = sorted(
            range(len(deck.cards)), key=lambda i: (self.holes[i].bit_count(), deck.cards[i].id)
        )
        self.rank = [0] * len(order)
        for r, i in enumerate(order):
            self.rank[i] = r
        self.cards = [i for i, c in enumerate(deck.cards) for _ in range(c.copies)]
        self.targets0 = targets
        self.draw_size = draw_size
        self.keep = keep
        self.rng = rng

    def play(self, reveals: int, cap: int) -> list[tuple[int, int]]:
        """(investigation, place) of each reveal of one game, in order."""
        if not self.targets0:
            return []  # no allowed place can ever be isolated: nothing to play for
        rng = self.rng
        pile = self.cards[:]
        rng.shuffle(pile)
        discard: list[int] = []
        pool = [0] * len(self.holes)  # physical copies per card type
        pooled = 0  # bitset of the card types in the pool
        and_p = [self.full] * self.n  # AND of the pooled types with a hole at p
        targets = self.targets0
        found: list[tuple[int, int]] = []
        for investigation in range(1, cap + 1):
            drawn: list[int] = []
            for _ in range(self.draw_size):
                if not pile:
                    if not discard:
                        break
                    pile, discard = discard, []
                    rng.shuffle(pile)
                drawn.append(pile.pop())
            if not drawn:
                continue
            kept = drawn.pop(self._choose(drawn, and_p, targets))
            discard.extend(drawn)
            pool[kept] += 1
            if pool[kept] == 1:
                pooled |= 1 << kept
                h = self.holes[kept]
                x = h
                while x:
                    low = x & -x
                    and_p[low.bit_length() - 1] &= h
                    x ^= low
            # only places of the new card can have become isolated (R6.1)
            watch = self.holes[kept]
            while targets & watch and len(found) < reveals:
                reveal = self._reveal(pooled, and_p, targets & watch)
                if reveal is None:
                    break
                place, witness = reveal
                found.append((investigation, place))
                targets &= ~(1 << place)
                gone = 0
                for t in witness:
                    pool[t] -= 1
                    discard.append(t)
                    if not pool[t]:
                        pooled &= ~(1 << t)
                        gone |= self.holes[t]
                self._recompute(pooled, and_p, gone)
            if len(found) >= reveals or not targets:
                break  # done, or no allowed place left to reveal
        return found

    def _choose(self, drawn: list[int], and_p: list[int], targets: int) -> int:
        if self.keep == "first" or len(drawn) == 1:
            return 0
        if self.keep == "random":
            return self.rng.randrange(len(drawn))
        # places still to rule out around each target, nearest first
        near: list[tuple[int, int]] = []
        x = targets
        while x:
            low = x & -x
            near.append((and_p[low.bit_length() - 1].bit_count(), low))
            x ^= low
        near.sort()
        best, best_key = 0, (1 << 30, 0)
        for pos, t in enumerate(drawn):
            h = self.holes[t]
            score = 1 << 30
            for count, low in near:  # the nearest target the card has no hole at
                if not h & low:
                    score = count
                    break
            x = h & targets
            while x:
                low = x & -x
                count = (and_p[low.bit_length() - 1] & h).bit_count()
                if count < score:
                    score = count
                x ^= low
            key = (score, self.rank[t])
            if key < best_key:
                best, best_key = pos, key
        return best

    def _reveal(self, pooled: int, and_p: list[int], targets: int) -> tuple[int, list[int]] | None:
        """The allowed place to reveal now and a minimum witness (card types), or None."""
        ready = []
        x = targets
        while x:
            low = x & -x
            p = low.bit_length() - 1
            if and_p[p] == low:
                ready.append(p)
            x ^= low
        if not ready:
            return None
        best: tuple[int, list[int]] | None = None
        for p in ready:
            held = pooled & self.holders[p]
            types = [t for t in range(len(self.holes)) if held >> t & 1]
            found = min_isolating([self.holes[t] for t in types], p, self.n)
            assert found is not None  # and_p[p] == {p}
            if best is None or len(found) < len(best[1]):
                best = (p, [types[i] for i in found])
        return best

    def _recompute(self, pooled: int, and_p: list[int], places: int) -> None:
        """and_p again for the places of card types that left the pool."""
        x = places
        while x:
            low = x & -x
            p = low.bit_length() - 1
            a = self.full
            y = pooled & self.holders[p]
            while y:
                low_t = y & -y
                a &= self.holes[low_t.bit_length() - 1]
                y ^= low_t
            and_p[p] = a
            x ^= low


# -- exact law for d = 1 ----------------------------------------------------------------
def exact_first_reveal(
    deck: BitDeck,
    allowed: Iterable[str] | int | None = None,
    *,
    limit: int = 2_000_000,
) -> ExactFirstReveal | None:
    """The exact law of the first reveal when every Investigate keeps the top card (d = 1).

    E[T] = Σ_k P(the first k cards isolate no allowed place). The card-type sets that
    isolate nothing are closed under subsets, so they are enumerated depth-first in index
    order, pruned at the first isolating set; copies and inert cards (failures, cards
    without a hole at an allowed place) are counted with the generating function
    Π((1+x)^c_i − 1) × (1+x)^inert. Returns None when more than ``limit`` type sets
    isolate nothing (the enumeration is exponential; use :func:`simulate` then).
    """
    targets = deck.allowed_bits(allowed)
    active = [c for c in deck.cards if c.holes & targets]
    inert = sum(c.copies for c in deck.cards if not c.holes & targets)
    groups = sorted({c.copies for c in active})
    counts = _count_free_sets(
        [c.holes for c in active],
        [groups.index(c.copies) for c in active],
        len(groups),
        targets,
        len(deck.places),
        limit,
    )
    if counts is None:
        return None
    total = deck.total_cards
    free = [0] * (total + 1)  # k-subsets of physical cards that isolate nothing
    base = len(active) + 1
    inert_poly = [math.comb(inert, j) for j in range(inert + 1)]
    for code, how_many in counts.items():
        poly = inert_poly
        for g, copies in enumerate(groups):
            times = code // base**g % base
            some = [0] + [math.comb(copies, j) for j in range(1, copies + 1)]
            for _ in range(times):
                poly = _multiply(poly, some)
        for k, coef in enumerate(poly):
            free[k] += how_many * coef
    survival = tuple(Fraction(free[k], math.comb(total, k)) for k in range(total + 1))
    return ExactFirstReveal(total, survival, sum(counts.values()))


def _multiply(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _count_free_sets(
    holes: list[int], group: list[int], n_groups: int, targets: int, n: int, limit: int
) -> dict[int, int] | None:
    """Type sets that isolate no target place, counted by copies signature: the key is
    Σ (types of copies group g) × base**g with base = len(holes) + 1. None past ``limit``."""
    m = len(holes)
    base = m + 1
    step = [base**g for g in group]
    holders = [0] * n
    for t, h in enumerate(holes):
        x = h
        while x:
            low = x & -x
            holders[low.bit_length() - 1] |= 1 << t
            x ^= low
    all_types = (1 << m) - 1
    excluders = [all_types & ~hp for hp in holders]
    full = (1 << n) - 1
    counts: dict[int, int] = {}
    visited = 0

    cache: list[dict[int, int]] = [{} for _ in range(n)]

    def killers(p: int, a: int) -> int:
        # the types that would isolate p, given the AND a of the set's cards holding p
        # (cached: a takes few distinct values per place)
        got = holders[p]
        rest = a & ~(1 << p)
        while rest and got:
            low = rest & -rest
            got &= excluders[low.bit_length() - 1]
            rest ^= low
        cache[p][a] = got
        return got

    root = all_types
    for p in range(n):
        if targets >> p & 1:
            root &= ~killers(p, full)
    places_of = [[p for p in range(n) if (h & targets) >> p & 1] for h in holes]

    def visit(code: int, cand: int, and_p: list[int]) -> bool:
        nonlocal visited
        visited += 1
        if visited > limit:
            return False
        counts[code] = counts.get(code, 0) + 1
        while cand:
            low_j = cand & -cand
            j = low_j.bit_length() - 1
            cand ^= low_j
            child = cand
            h = holes[j]
            for p in places_of[j]:
                a = and_p[p] & h
                got = cache[p].get(a)
                if got is None:
                    got = killers(p, a)
                child &= ~got
                if not child:
                    break
            if not child:  # a leaf: count it without descending
                visited += 1
                key = code + step[j]
                counts[key] = counts.get(key, 0) + 1
                continue
            below = and_p.copy()
            for p in places_of[j]:
                below[p] &= h
            if not visit(code + step[j], child, below):
                return False
        return True

    return counts if visit(0, root, [full] * n) else None
