"""Exact clue solver: which places a deck isolates, and with how few cards (R5.3, R6.1).

A clue card is a bitset of holes over the deck's places (bit ``i`` is ``places[i]``);
failure cards have no hole. Stacked cards leave their common holes open, so a set of
cards isolates place ``p`` when the AND of their holes is exactly ``1 << p`` (R6.1).
For one place the fewest cards is a minimum set cover: the universe is every other
place ``q``, and a card with a hole at ``p`` covers ``q`` when it has no hole at ``q``.
:func:`solve` answers it exactly for every place at once: sets of 1, 2, 3, ... cards are
enumerated as a prefix in deck order closed by a pair, with bitsets over all pairs of
cards, so that one chain of ANDs serves every place the prefix holds (see
:class:`_Enumeration`); a place is settled at the first size that isolates it, by the
lexicographically first such set. Past a size where the prefixes grow too many, a branch
and bound per place finishes, starting from that size.

>>> deck = BitDeck.from_sets(["a", "b", "c"], {"ab": {"a", "b"}, "ac": {"a", "c"}, "bc": {"b", "c"}})
>>> result = solve(deck)
>>> result.place("a").min_cards, result.place("a").witness
(2, ('ab', 'ac'))
>>> min_distinct_cards(52)
8
"""

from __future__ import annotations

import json
import math
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, reduce
from itertools import compress
from operator import and_, itemgetter
from typing import Any

from authoring.io.diagnostics import suggestion
from authoring.io.errors import UnknownZone

# Sets of k cards are enumerated while the prefixes of k - 2 cards to try, times the
# pairs of cards (the bits each AND of a chain handles), stay within this: about a
# second of work (300 cards: 45,000 prefixes); past it, branch and bound per place.
_ENUMERATE_LIMIT = 3_000_000_000
# Up to this many cards the pair tables are square and built by multiplication; above,
# triangular (half the bits, so half the time per AND) and built through strings.
_SQUARE_UP_TO = 96
# A prefix whose places still open are at most this many checks each alone (one AND per
# step) rather than all together (four ANDs per step).
_ALONE_UP_TO = 2
# Up to this many bytes (places times cards / 8) all places are tested for isolation on
# one int of slots; above, one place at a time (the slots' cost grows as places squared).
_SLOTS_UP_TO = 8192
# Above this many places the enumeration renumbers them most-held first.
_RENUMBER_ABOVE = 128
# One place held by at most this many cards is answered by trying their subsets in deck
# order (no tables to build: the draw simulation asks this of small pools, often).
_FEW_HOLDERS = 12
# Branch and bound: from this many cards on, two cards from the end it checks all pairs
# of cards at once (one chain over pair bitsets) rather than card by card.
_PAIR_CHAINS_FROM = 32
# Branch and bound: above this many places it renumbers cards and places into short
# ints, the places that fewest cards cover first.
_SQUEEZE_ABOVE = 128
# Two cards from the end, the branching place is the best of the first few uncovered
# places (renumbered rarest first) rather than of all: the full scan costs more than
# the branching it saves.
_LAST_PAIR_SCAN = 8

__all__ = [
    "CardFigures",
    "CardSpec",
    "BitDeck",
    "PlaceResult",
    "SolveResult",
    "first_isolating",
    "isolatable",
    "min_distinct_cards",
    "min_isolating",
    "solve",
    "solve_place",
]


# -- the deck ---------------------------------------------------------------------------
@dataclass(frozen=True)
class CardSpec:
    """One card type: its holes (bit i = place i), copies in the deck, failure or not."""

    id: str
    holes: int
    copies: int = 1
    failure: bool = False

    def __post_init__(self) -> None:
        if self.holes < 0:
            raise ValueError(f"card '{self.id}': holes must be a non-negative bitset")
        if self.copies < 1:
            raise ValueError(f"card '{self.id}': copies must be at least 1, got {self.copies}")
        if self.failure and self.holes:
            raise ValueError(f"failure card '{self.id}' has holes; a failure has none (R5.3)")

    @property
    def hole_count(self) -> int:
        return self.holes.bit_count()


@dataclass(frozen=True)
class BitDeck:
    """Places (index = position) and card types. Built by the deck loader or :meth:`from_sets`.

    Raises ValueError for duplicate place or card ids and holes outside the places: the
    YAML layer reports such input as diagnostics before it builds a BitDeck.
    """

    places: tuple[str, ...]
    cards: tuple[CardSpec, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "places", tuple(self.places))
        object.__setattr__(self, "cards", tuple(self.cards))
        if len(set(self.places)) != len(self.places):
            dup = sorted({p for p in self.places if self.places.count(p) > 1})
            raise ValueError(f"duplicate place ids: {', '.join(dup)}")
        seen: set[str] = set()
        for card in self.cards:
            if card.id in seen:
                raise ValueError(f"duplicate card id '{card.id}'")
            seen.add(card.id)
            if card.holes >> len(self.places):
                raise ValueError(f"card '{card.id}' has holes beyond the {len(self.places)} places")

    @classmethod
    def from_sets(
        cls,
        places: Iterable[str],
        cards: Mapping[str, Iterable[str]] | Iterable[tuple[str, Iterable[str]]],
        *,
        copies: Mapping[str, int] | None = None,
        failures: Mapping[str, int] | None = None,
    ) -> BitDeck:
        """A deck from place ids: ``cards`` maps a card id to the places it has holes at,
        ``copies`` gives copies per card id (default 1), ``failures`` failure card ids
        with their copies.

        >>> d = BitDeck.from_sets(["x", "y"], {"xs": ["x"]}, failures={"Échec": 2})
        >>> [(c.id, c.holes, c.copies, c.failure) for c in d.cards]
        [('xs', 1, 1, False), ('Échec', 0, 2, True)]
        """
        place_t = tuple(places)
        index = {p: i for i, p in enumerate(place_t)}
        copies = dict(copies or {})
        items = cards.items() if isinstance(cards, Mapping) else cards
        specs: list[CardSpec] = []
        for cid, where in items:
            bits = 0
            for p in where:
                if p not in index:
                    raise UnknownZone(f"unknown place '{p}' in card '{cid}'{suggestion(p, index)}")
                bits |= 1 << index[p]
            specs.append(CardSpec(cid, bits, copies.pop(cid, 1)))
        for cid, count in (failures or {}).items():
            specs.append(CardSpec(cid, 0, count, failure=True))
        if copies:
            raise ValueError(f"copies given for unknown cards: {', '.join(sorted(copies))}")
        return cls(place_t, tuple(specs))

    @property
    def full(self) -> int:
        """The bitset of every place."""
        return (1 << len(self.places)) - 1

    @property
    def total_cards(self) -> int:
        """Physical cards, copies included (R0.3)."""
        return sum(c.copies for c in self.cards)

    @cached_property
    def _index(self) -> dict[str, int]:
        return {p: i for i, p in enumerate(self.places)}

    def index(self, place: str | int) -> int:
        """The index of a place id (an int is checked and returned); UnknownZone otherwise."""
        if isinstance(place, int):
            if 0 <= place < len(self.places):
                return place
            raise UnknownZone(f"place index {place} outside 0..{len(self.places) - 1}")
        try:
            return self._index[place]
        except KeyError:
            raise UnknownZone(f"unknown place '{place}'{suggestion(place, self.places)}") from None

    def bits(self, places: Iterable[str]) -> int:
        """The bitset of some place ids."""
        out = 0
        for p in places:
            out |= 1 << self.index(p)
        return out

    def allowed_bits(self, allowed: Iterable[str] | int | None) -> int:
        """The bitset of the places that may hold an objective (D6.1): place ids, a
        bitset over ``places``, or None for every place. UnknownZone for a stray place."""
        if allowed is None:
            return self.full
        if isinstance(allowed, int):
            if allowed < 0 or allowed >> len(self.places):
                raise UnknownZone(
                    f"allowed bitset {allowed:#x} names places beyond the {len(self.places)} places"
                )
            return allowed
        return self.bits(allowed)

    def ids(self, bits: int) -> tuple[str, ...]:
        """The place ids of a bitset, in deck order."""
        return tuple(self.places[i] for i in _bits(bits))

    def card(self, card_id: str) -> CardSpec:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(f"unknown card '{card_id}'{suggestion(card_id, [c.id for c in self.cards])}")


# -- results ----------------------------------------------------------------------------
@dataclass(frozen=True)
class PlaceResult:
    """One place: can it be isolated (R6.1), and the fewest cards that do it.

    ``min_cards`` and ``witness`` are computed for allowed places only (D6.1: isolating
    another place reveals nothing); they are None and () elsewhere or when not isolatable.
    The witness is a minimum set, hence irredundant: dropping any card opens another hole;
    of all minimum sets, the first in deck order (unless the deck is so large that the
    branch and bound had to finish: then one of them).
    """

    place: str
    isolatable: bool
    allowed: bool = True
    min_cards: int | None = None
    witness: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "isolatable": self.isolatable,
            "allowed": self.allowed,
            "min_cards": self.min_cards,
            "witness": list(self.witness),
        }


@dataclass(frozen=True)
class CardFigures:
    """Summary of one card type: hole count and density over the deck's places."""

    id: str
    holes: int
    density: float
    copies: int
    failure: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "holes": self.holes,
            "density": round(self.density, 4),
            "copies": self.copies,
            "failure": self.failure,
        }


@dataclass(frozen=True)
class SolveResult:
    """The solver's answer for a deck: per place, per card, and the deck's weak spots."""

    places: tuple[PlaceResult, ...]
    cards: tuple[CardFigures, ...]
    allowed: tuple[str, ...]
    duplicate_patterns: tuple[tuple[str, ...], ...]
    no_hole: tuple[str, ...]
    every_hole: tuple[str, ...]
    failures: tuple[str, ...]
    never_isolatable: tuple[str, ...]
    distinct_patterns: int
    min_distinct_cards: int
    _by_place: dict[str, PlaceResult] = field(default_factory=dict, repr=False, compare=False)

    def place(self, place_id: str) -> PlaceResult:
        if not self._by_place:
            self._by_place.update((r.place, r) for r in self.places)
        try:
            return self._by_place[place_id]
        except KeyError:
            raise UnknownZone(
                f"unknown place '{place_id}'{suggestion(place_id, self._by_place)}"
            ) from None

    @property
    def isolatable_places(self) -> tuple[str, ...]:
        return tuple(r.place for r in self.places if r.isolatable)

    @property
    def never_isolatable_allowed(self) -> tuple[str, ...]:
        """Allowed places no combination isolates: the deck cannot place an objective there."""
        return tuple(r.place for r in self.places if r.allowed and not r.isolatable)

    @property
    def min_cards_histogram(self) -> dict[int, int]:
        """How many allowed places need k cards, for each k."""
        hist: dict[int, int] = {}
        for r in self.places:
            if r.min_cards is not None:
                hist[r.min_cards] = hist.get(r.min_cards, 0) + 1
        return dict(sorted(hist.items()))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (``json.dumps`` accepts it as is)."""
        return {
            "places": {r.place: r.to_dict() for r in self.places},
            "cards": [c.to_dict() for c in self.cards],
            "allowed": list(self.allowed),
            "min_cards_histogram": {str(k): v for k, v in self.min_cards_histogram.items()},
            "duplicate_patterns": [list(g) for g in self.duplicate_patterns],
            "no_hole": list(self.no_hole),
            "every_hole": list(self.every_hole),
            "failures": list(self.failures),
            "never_isolatable": list(self.never_isolatable),
            "never_isolatable_allowed": list(self.never_isolatable_allowed),
            "distinct_patterns": self.distinct_patterns,
            "min_distinct_cards": self.min_distinct_cards,
        }

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)


# -- public functions -------------------------------------------------------------------
def min_distinct_cards(n: int) -> int:
    """Fewest distinct card patterns that can isolate each of ``n`` places.

    Place p is isolatable iff its set of cards is not contained in any other place's
    set, so the n sets form an antichain and Sperner's theorem gives the smallest r with
    C(r, ⌊r/2⌋) ≥ n. One place still needs one card, hence 1 for n = 1.
    """
    if n <= 0:
        return 0
    r = 1
    while math.comb(r, r // 2) < n:
        r += 1
    return r


def isolatable(deck: BitDeck, place: str | int) -> bool:
    """R6.1: the AND of every card with a hole at the place is that place alone."""
    p = deck.index(place)
    inter, held = deck.full, False
    for c in deck.cards:
        if c.holes >> p & 1:
            inter &= c.holes
            held = True
    return held and inter == 1 << p


def min_isolating(holes: Sequence[int], place: int, n_places: int) -> tuple[int, ...] | None:
    """Indices into ``holes`` of a minimum set of cards that isolates ``place``, or None:
    the first such set in index order (as :func:`solve`'s witness).

    The low-level entry point (also used by the draw simulation on the pooled cards):
    ``holes`` are bitsets over ``n_places`` places; zeros (failures) never help.

    >>> min_isolating([0b011, 0b101, 0b110], 0, 3)
    (0, 1)
    """
    target = 1 << place
    held = [i for i, h in enumerate(holes) if h & target]
    if len(held) <= _FEW_HOLDERS:  # what _Isolator.minimum does then, without its tables
        inter = -1
        for i in held:
            inter &= holes[i]
        if inter != target:  # R6.1: not isolatable
            return None
        return tuple(held[j] for j in first_isolating([holes[i] for i in held], target))
    return _Isolator(holes, n_places).minimum(place)


def first_isolating(holes: Sequence[int], target: int) -> tuple[int, ...]:
    """Indices into ``holes`` of the first set whose AND is ``target`` among sets of 1, 2, …
    cards in index order (a minimum set, the lexicographically first), or () when no set
    is: a running AND, no tables — for few cards (those holding one place, R6.1).

    >>> first_isolating([0b011, 0b101, 0b110], 0b001)
    (0, 1)
    """
    chosen: list[int] = []
    for size in range(1, len(holes) + 1):
        if _extend(holes, target, chosen, 0, size, -1):
            return tuple(reversed(chosen))
    return ()


def _extend(holes: Sequence[int], target: int, chosen: list[int], start: int, left: int,
            inter: int) -> bool:
    """:func:`first_isolating`'s step: ``left`` more cards from ``start`` on, the AND so far
    ``inter``; the cards of a set found are appended to ``chosen``, last first. (A module
    function, not a nested one: a nested function that calls itself is a reference cycle,
    left to the cycle collector at every call.)"""
    for j in range(start, len(holes) - left + 1):
        here = inter & holes[j]
        if left == 1:
            if here == target:
                chosen.append(j)
                return True
        elif _extend(holes, target, chosen, j + 1, left - 1, here):
            chosen.append(j)
            return True
    return False


def solve_place(deck: BitDeck, place: str | int) -> PlaceResult:
    """The exact answer for one place (as if it were allowed)."""
    p = deck.index(place)
    iso = _Isolator([c.holes for c in deck.cards], len(deck.places))
    return _place_result(deck, iso, p, True, iso.minima(1 << p))


def solve(deck: BitDeck, allowed: Iterable[str] | int | None = None) -> SolveResult:
    """Isolatable places, exact minimum cards and a minimum witness per allowed place.

    ``allowed`` (D6.1) is a set of place ids or a bitset over ``deck.places``; None
    allows every place. Every place gets ``isolatable``; only allowed places get the
    (costlier) minimum and witness.
    """
    n = len(deck.places)
    allowed_bits = deck.allowed_bits(allowed)
    iso = _Isolator([c.holes for c in deck.cards], n)
    isolatable_places = iso.isolatable_places  # every place's, in one pass
    minima = iso.minima(allowed_bits & isolatable_places)
    results = tuple(
        _place_result(deck, iso, p, bool(allowed_bits >> p & 1), minima) for p in range(n)
    )
    return SolveResult(
        places=results,
        cards=tuple(
            CardFigures(c.id, c.hole_count, c.hole_count / n if n else 0.0, c.copies, c.failure)
            for c in deck.cards
        ),
        allowed=deck.ids(allowed_bits),
        duplicate_patterns=_duplicates(deck),
        no_hole=tuple(c.id for c in deck.cards if not c.failure and not c.holes),
        every_hole=tuple(c.id for c in deck.cards if n and not c.failure and c.holes == deck.full),
        failures=tuple(c.id for c in deck.cards if c.failure),
        never_isolatable=tuple(r.place for r in results if not r.isolatable),
        distinct_patterns=len({c.holes for c in deck.cards if c.holes}),
        min_distinct_cards=min_distinct_cards(n),
    )


def _place_result(
    deck: BitDeck, iso: _Isolator, p: int, allowed: bool, minima: dict[int, tuple[int, ...]]
) -> PlaceResult:
    place = deck.places[p]
    found = minima.get(p)
    if found is not None:
        return PlaceResult(place, True, allowed, len(found), tuple(deck.cards[i].id for i in found))
    return PlaceResult(place, iso.isolatable(p), allowed)


def _duplicates(deck: BitDeck) -> tuple[tuple[str, ...], ...]:
    """Groups of valid card types with the same holes (one pattern printed twice)."""
    groups: dict[int, list[str]] = {}
    for c in deck.cards:
        if not c.failure:
            groups.setdefault(c.holes, []).append(c.id)
    return tuple(tuple(g) for g in groups.values() if len(g) > 1)


# -- the exact search -------------------------------------------------------------------
def _bits(x: int) -> Iterator[int]:
    """Indices of the set bits of ``x``, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


class _Isolator:
    """Cards as bitsets plus their transpose (per place, the cards with a hole there).

    :meth:`minima` answers many places at once by enumeration (:class:`_Enumeration`);
    past its limit, :meth:`_branch_and_bound` answers one place at a time."""

    def __init__(self, holes: Sequence[int], n_places: int) -> None:
        self.holes = list(holes)
        self.n = n_places
        self.full = (1 << n_places) - 1
        m = len(self.holes)
        all_cards = (1 << m) - 1
        self.holders = _transpose(self.holes, n_places)
        # per place q, the cards without a hole at q: with p held, they cover q
        self.excluders = [all_cards & ~h for h in self.holders]
        self._card_format = f"0{m}b"
        self._isolatable: int | None = None
        self._enumeration: _Enumeration | None = None

    def isolatable(self, p: int) -> bool:
        """R6.1: the AND of the cards with a hole at p is p alone."""
        if self._isolatable is not None:
            return bool(self._isolatable >> p & 1)
        held = self.holders[p]
        if not held:
            return False
        chosen = map("1".__eq__, format(held, self._card_format)[::-1])
        return reduce(and_, compress(self.holes, chosen), self.full) == 1 << p

    @property
    def isolatable_places(self) -> int:
        """The bitset of every isolatable place."""
        if self._isolatable is None:
            n, m = self.n, len(self.holes)
            if n * (m + 8) // 8 <= _SLOTS_UP_TO:
                self._isolatable = self._isolatable_by_slots()
            else:
                self._isolatable = sum(1 << p for p in range(n) if self.isolatable(p))
        return self._isolatable

    def _isolatable_by_slots(self) -> int:
        """Every isolatable place, n ANDs on one int of n slots: place p is isolatable when
        no other place q is held by every card holding p, that is when the cards of p
        without a hole at q (slot q) are never none but for q = p. A slot has a guard bit
        above the cards; adding all ones below it sets the guard unless the slot is zero."""
        m = len(self.holes)
        width = (m + 8) // 8
        n = self.n
        every = (1 << m) - 1
        lacking = int.from_bytes(
            b"".join((every & ~h).to_bytes(width, "little") for h in self.holders), "little"
        )
        ones = int.from_bytes(every.to_bytes(width, "little") * n, "little")
        guards = int.from_bytes((1 << m).to_bytes(width, "little") * n, "little")
        out = 0
        for p, h in enumerate(self.holders):
            if h:
                outside = int.from_bytes(h.to_bytes(width, "little") * n, "little") & lacking
                inside = guards & ~(outside + ones)  # the guards of the zero slots
                if not inside & (inside - 1):  # slot p alone
                    out |= 1 << p
        return out

    def minima(self, places: int) -> dict[int, tuple[int, ...]]:
        """For each isolatable place of the bitset ``places``, the card indices (ascending)
        of the lexicographically first minimum isolating set; past the enumeration limit,
        of a minimum set found by branch and bound."""
        if places & (places - 1):
            targets = places & self.isolatable_places
        else:
            targets = places if places and self.isolatable(places.bit_length() - 1) else 0
        if not targets:
            return {}
        if not targets & (targets - 1):
            p = targets.bit_length() - 1
            if self.holders[p].bit_count() <= _FEW_HOLDERS:
                return {p: self._first_minimum(p)}
        if self._enumeration is None:
            self._enumeration = _Enumeration(self.holes, self.holders, self.n)
        found, left, k = self._enumeration.run(targets)
        for p in _bits(left):
            found[p] = self._branch_and_bound(p, k)
        return found

    def minimum(self, p: int) -> tuple[int, ...] | None:
        """Card indices (ascending) of a minimum isolating set for place p, or None."""
        return self.minima(1 << p).get(p)

    def _first_minimum(self, p: int) -> tuple[int, ...]:
        """The first minimum isolating set in deck order for place p (isolatable) among
        few cards: sets of 1, 2, ... of the cards holding p, a running AND, no tables."""
        cards = list(_bits(self.holders[p]))
        return tuple(cards[j] for j in first_isolating([self.holes[i] for i in cards], 1 << p))

    def _branch_and_bound(self, p: int, lower: int) -> tuple[int, ...]:
        """A minimum isolating set for place p (isolatable), known to need ``lower`` cards
        at least."""
        held = self.holders[p]
        others = self.full ^ (1 << p)
        if not others:
            return ((held & -held).bit_length() - 1,)
        cov = [others & ~h for h in self.holes]
        greedy = _greedy(others, held, cov)
        if len(greedy) <= lower:  # as few as the bound: done before renumbering anything
            return tuple(sorted(greedy))
        return tuple(sorted(_min_cover(others, held, cov, self.excluders, lower)))


class _Enumeration:
    """Every place's fewest cards, for k = 1, 2, ... cards, all places at once (R6.1).

    A set of k cards is a prefix of k - 2 cards (in deck order) and a pair of later cards;
    it isolates place p when the prefix's AND and the pair's AND meet at p alone. For a
    prefix with AND ``X``, a chain over the places of X keeps, as bitsets over the pairs
    of later cards, those meeting none of the places seen so far (``zero``) and those
    meeting at most one, still open (``most``); it stops when both are empty, and the
    pairs of ``most`` but not ``zero`` at the end isolate one open place each. Where X
    holds one or two open places, each gets a chain of its own (pairs holding it and
    meeting nothing else). Prefixes in deck order, closed by the first pair in deck
    order, make every answer the lexicographically first minimum set. On large decks
    the places are renumbered most-held first (a chain then empties sooner). Cards keep
    their numbers; duplicates and cards without holes are left out (no minimum set holds
    them): they hold no place here and the masks of usable pairs exclude them."""

    def __init__(self, holes: Sequence[int], holders: Sequence[int], n: int) -> None:
        seen: set[int] = set()
        usable = 0
        for i, h in enumerate(holes):
            if h and h not in seen:
                seen.add(h)
                usable |= 1 << i
        m = len(holes)
        renumber = n > _RENUMBER_ABOVE
        self.n = n
        self.order = (
            sorted(range(n), key=lambda q: (-holders[q].bit_count(), q))
            if renumber
            else list(range(n))
        )
        self.rank = [0] * n
        for j, q in enumerate(self.order):
            self.rank[q] = j
        self.held = [holders[q] & usable for q in self.order]
        if renumber:
            self.cards = _transpose(self.held, m)
        else:
            self.cards = [h if usable >> i & 1 else 0 for i, h in enumerate(holes)]
        self.usable = usable.bit_count()
        self.pairs = _Pairs(self.held, m, usable) if self.usable >= 2 else None

    def run(self, targets: int) -> tuple[dict[int, tuple[int, ...]], int, int]:
        """Minimum sets for the places of ``targets`` (all isolatable), in deck numbering:
        the answers, the places left past the enumeration limit, and the size k from
        which those need a search (none smaller isolates them)."""
        rank = self.rank
        open_ = 0
        for p in _bits(targets):
            open_ |= 1 << rank[p]
        found: dict[int, tuple[int, ...]] = {}
        for c, h in enumerate(self.cards):  # one card
            if h & open_ and not h & (h - 1):
                found[h.bit_length() - 1] = (c,)
                open_ ^= h
        k = 2
        while open_ and k <= self.usable and self._work(k - 2, open_) <= _ENUMERATE_LIMIT:
            open_ = self._level(k - 2, open_, found)
            k += 1
        order = self.order
        answers = {order[e]: cards for e, cards in found.items()}
        return answers, sum(1 << order[e] for e in _bits(open_)), k

    def _work(self, s: int, open_: int) -> int:
        """The prefixes of s cards that may hold an open place in their AND (at most),
        times the pairs of cards."""
        pairs = math.comb(self.usable, 2)
        every = math.comb(self.usable, s)
        if every * pairs <= _ENUMERATE_LIMIT:
            return every * pairs
        return pairs * min(every, sum(math.comb(self.held[e].bit_count(), s) for e in _bits(open_)))

    def _level(self, s: int, open_: int, found: dict[int, tuple[int, ...]]) -> int:
        """Sets of s + 2 cards: prefixes of s cards in deck order (their AND must hold an
        open place), each closed by the first pair of later cards that isolates an open
        place. Records the answers in ``found``; returns the places still open."""
        pairs = self.pairs
        assert pairs is not None
        cards = self.cards
        has, lacks, after, first = pairs.has, pairs.lacks, pairs.after, pairs.first
        m = len(cards)

        def close(inter: int, prefix: tuple[int, ...], below: int) -> None:
            nonlocal open_
            live = inter & open_
            if live.bit_count() <= _ALONE_UP_TO:
                for e in _bits(live):
                    zero = has[e] & below  # pairs holding e and nothing else of inter yet
                    x = inter ^ (1 << e)
                    while x and zero:
                        low = x & -x
                        zero &= lacks[low.bit_length() - 1]
                        x ^= low
                    if zero:
                        found[e] = prefix + first(zero)
                        open_ ^= 1 << e
                return
            # zero: the pairs meeting no place seen; most: those meeting at most one, an
            # open one (a pair meeting a closed place can isolate no open place)
            zero = most = below
            x = inter
            while x and zero:
                low = x & -x
                lack = lacks[low.bit_length() - 1]
                most = (most & lack) | zero if low & live else most & lack
                zero &= lack
                x ^= low
            while x and most:
                low = x & -x
                most &= lacks[low.bit_length() - 1]
                x ^= low
            one = most & ~zero
            for e in _bits(live if one else 0):
                hits = one & has[e]
                if hits:
                    found[e] = prefix + first(hits)
                    open_ ^= 1 << e

        def extend(start: int, depth: int, inter: int, prefix: tuple[int, ...]) -> None:
            # leave room for the rest of the prefix and the closing pair
            for a in range(start, m - s + depth - 1):
                here = inter & cards[a]
                if here & open_:
                    if depth + 1 == s:
                        close(here, (*prefix, a), after[a])
                    else:
                        extend(a + 1, depth + 1, here, (*prefix, a))

        if s == 0:
            close((1 << self.n) - 1, (), pairs.all)
        else:
            extend(0, 0, (1 << self.n) - 1, ())
        return open_


class _Pairs:
    """Every pair of cards y < z as one bit. Row r holds card y = m - 1 - r with each
    later card z, so that the pairs of cards all after card a are the bits below
    ``start[m - 1 - a]`` and the first pair in deck order lies in the top row.
    ``has[e]``: the pairs whose two cards hold place e; ``lacks[e]``: the others;
    ``all`` and ``after[a]``: the pairs of usable cards (the bitset ``usable``)."""

    def __init__(self, held: Sequence[int], m: int, usable: int) -> None:
        self.m = m
        both: Callable[[int], int]
        if m <= _SQUARE_UP_TO:
            # row r at r*m, column z at bit z (only z > y = m - 1 - r makes a pair): row r
            # of h * rep is h; (that & anti) << 1 moves bit y of row r to column y + 1,
            # and times m - 1 ones it fills columns y + 1 .. m - 1, the spill landing in
            # columns of the next row that are no pair (no carry: the runs are disjoint)
            self.start = [r * m for r in range(m + 1)]
            self.base = [0] * (m + 1)
            valid = sum(((1 << r) - 1) << (r * m + m - r) for r in range(m))
            rep = sum(1 << (r * m) for r in range(m))
            anti = sum(1 << (r * m + m - 1 - r) for r in range(1, m))
            fill = (1 << (m - 1)) - 1

            def both(h: int) -> int:
                cols = h * rep
                return cols & ((cols & anti) << 1) * fill & valid

        else:
            # row r (r bits, cards z = m - r .. m - 1) at r(r-1)/2, written as a string:
            # the top r characters of h's bits when card y holds the place, else zeros
            self.start = [r * (r - 1) // 2 for r in range(m + 1)]
            self.base = [m - r for r in range(m + 1)]
            valid = (1 << self.start[m]) - 1
            zeros = ["0" * r for r in range(m)]
            fmt = f"0{m}b"

            def both(h: int) -> int:
                s = format(h, fmt)
                rows = [s[:r] if s[r] == "1" else zeros[r] for r in range(m - 1, 0, -1)]
                return int("".join(rows), 2)

        self.has = [both(h) for h in held]
        self.lacks = [valid ^ h for h in self.has]
        self.all = both(usable)
        self.after = [self.all & ((1 << self.start[m - 1 - a]) - 1) for a in range(m)]

    def first(self, pairs: int) -> tuple[int, int]:
        """The first pair (y, z) in deck order among the bitset ``pairs`` (not empty)."""
        r = bisect_right(self.start, pairs.bit_length() - 1) - 1
        row = pairs >> self.start[r]
        return self.m - 1 - r, self.base[r] + (row & -row).bit_length() - 1


def _min_cover(
    universe: int, cards: int, cov: list[int], excluders: list[int], lower: int = 0
) -> list[int]:
    """A minimum set of card indices, among the bitset ``cards``, whose covers include
    ``universe`` (known coverable) and known to need ``lower`` cards at least.
    ``cov[i]`` is the set of places card i covers and ``excluders[q]`` a bitset of cards
    that includes all those covering place q."""
    cards, elements, k_of = _dedup(universe, cards, cov, excluders)
    cov = [c & elements for c in cov]
    card_ids: list[int] | None = None
    if elements.bit_length() > _SQUEEZE_ABOVE:
        # renumber: kept cards 0..m-1, kept places 0..d-1 with the rarest-covered first,
        # so the search works on short ints and its card-bitset ANDs empty out early
        card_ids = list(_bits(cards))
        places = sorted(_bits(elements), key=lambda q: (k_of[q].bit_count(), q))
        squeeze_cards = _squeezer(card_ids, len(cov))
        squeeze_places = _squeezer(places, len(excluders))
        k_of = [squeeze_cards(k_of[q]) for q in places]
        cov = [squeeze_places(cov[i]) for i in card_ids]
        cards = (1 << len(card_ids)) - 1
        elements = (1 << len(places)) - 1
    best = _greedy(elements, cards, cov)
    lower = max(lower, _lower_bound(elements, cards, cov, k_of))
    if len(best) > lower:
        search = _Search(cov, k_of, max(cov[i].bit_count() for i in _bits(cards)), cards)
        limit = len(best) - 1
        while limit >= lower:
            found = search.run(elements, limit, cards)
            if found is None:
                break
            best = found
            limit = len(found) - 1
    return best if card_ids is None else [card_ids[j] for j in best]


def _transpose(rows: Sequence[int], width: int) -> list[int]:
    """Column j of the bit matrix whose row i is ``rows[i]`` (``width`` columns), as a
    bitset over the rows; through strings, at C speed for hundreds of rows."""
    if not rows:
        return [0] * width
    if not width:
        return []
    text = [format(r, f"0{width}b")[::-1] for r in rows]
    return [int("".join(col)[::-1], 2) for col in zip(*text, strict=True)]


def _squeezer(positions: list[int], width: int) -> Callable[[int], int]:
    """A function mapping a bitset over ``width`` bits to the bitset over ``positions``
    (new bit j = old bit positions[j]), through strings at C speed."""
    if not positions:
        return lambda x: 0
    if len(positions) == 1:
        only = positions[0]
        return lambda x: x >> only & 1
    pick = itemgetter(*reversed(positions))
    fmt = f"0{width}b"

    def squeeze(x: int) -> int:
        s = format(x, fmt)[::-1]
        return int("".join(pick(s)), 2)

    return squeeze


def _dedup(
    universe: int, cards: int, cov: list[int], excluders: list[int]
) -> tuple[int, int, list[int]]:
    """One card per distinct non-empty cover and one place per distinct set of covering
    cards (the lowest index stays): exact, as twins are interchangeable in any cover.
    Returns the cards kept, the places kept, and per place the kept cards covering it.

    Dominance (a cover inside another, a covering set inside another) is also exact but
    measured slower than the search time it saves, on random and on shipped decks.
    """

    def distinct_cards(elements: int, among: int) -> int:
        seen: set[int] = set()
        kept = 0
        x = among
        while x:
            low = x & -x
            c = cov[low.bit_length() - 1] & elements
            if c and c not in seen:
                seen.add(c)
                kept |= low
            x ^= low
        return kept

    cards = distinct_cards(universe, cards)
    k_of = [0] * len(excluders)
    seen: set[int] = set()
    elements = 0
    x = universe
    while x:
        low = x & -x
        q = low.bit_length() - 1
        k = excluders[q] & cards
        if k not in seen:
            seen.add(k)
            k_of[q] = k
            elements |= low
        x ^= low
    fewer = distinct_cards(elements, cards)
    if fewer != cards:  # covers that differed only on twin places
        cards = fewer
        x = elements
        while x:
            low = x & -x
            k_of[low.bit_length() - 1] &= cards
            x ^= low
    return cards, elements, k_of


def _greedy(elements: int, cards: int, cov: list[int]) -> list[int]:
    """The classic greedy cover (largest new coverage, lowest index on ties): an upper bound."""
    left, chosen = elements, []
    pool = list(_bits(cards))
    while left:
        best, gain = -1, 0
        for j in pool:
            g = (cov[j] & left).bit_count()
            if g > gain:
                best, gain = j, g
        chosen.append(best)
        left &= ~cov[best]
    return chosen


def _lower_bound(elements: int, cards: int, cov: list[int], k_of: list[int]) -> int:
    """Places no two of which share a covering card each need their own card; and no
    card covers more than the largest cover."""
    if not elements:
        return 0
    used, independent = 0, 0
    for q in sorted(_bits(elements), key=lambda q: k_of[q].bit_count()):
        if not k_of[q] & used:
            used |= k_of[q]
            independent += 1
    biggest = max(cov[i].bit_count() for i in _bits(cards))
    return max(independent, -(-elements.bit_count() // biggest))


class _Search:
    """Depth-first search for a cover of at most r cards. Branches on the uncovered place
    with the fewest covering cards; a card tried in one branch is forbidden in its later
    siblings, so each set is met once. The last two levels run inline on card bitsets,
    or, with many cards, as one chain over the pairs of cards (those covering every
    place left) when two cards remain."""

    def __init__(self, cov: list[int], k_of: list[int], max_cover: int, cards: int) -> None:
        self.cov = cov
        self.k_of = k_of
        self.max_cover = max_cover
        self.cards = cards
        self.by_pairs = cards.bit_count() >= max(2, _PAIR_CHAINS_FROM)
        self._pairs: _Pairs | None = None

    def _pair(self, left: int) -> list[int] | None:
        """Two cards (any, siblings' exclusions aside) that cover ``left``, or None."""
        if self._pairs is None:
            uncovering = [self.cards & ~k for k in self.k_of]
            self._pairs = _Pairs(uncovering, len(self.cov), self.cards)
        covering = self._pairs.lacks  # pairs not both uncovering: covering the place
        alive = self._pairs.all
        while left:
            low = left & -left
            alive &= covering[low.bit_length() - 1]
            if not alive:
                return None
            left ^= low
        return list(self._pairs.first(alive))

    def run(self, elements: int, r: int, cards: int) -> list[int] | None:
        return self._dfs(elements, r, cards)

    def _dfs(self, left: int, r: int, allowed: int) -> list[int] | None:
        if not left:
            return []
        if r <= 0 or left.bit_count() > r * self.max_cover:
            return None
        k_of = self.k_of
        if r == 1:
            c = allowed
            x = left
            while x:
                low = x & -x
                c &= k_of[low.bit_length() - 1]
                if not c:
                    return None
                x ^= low
            return [(c & -c).bit_length() - 1]
        if r == 2 and self.by_pairs:
            return self._pair(left)
        # the uncovered place with the fewest allowed covering cards
        best_q, best_n = -1, 1 << 30
        x = left
        budget = 1 << 30 if r > 2 else _LAST_PAIR_SCAN
        while x and budget:
            budget -= 1
            low = x & -x
            q = low.bit_length() - 1
            count = (k_of[q] & allowed).bit_count()
            if count < best_n:
                best_q, best_n = q, count
                if count <= 1:
                    break
            x ^= low
        if best_n == 0:
            return None
        branch = k_of[best_q] & allowed
        cov = self.cov
        if r == 2:
            while branch:
                low_a = branch & -branch
                a = low_a.bit_length() - 1
                branch ^= low_a
                allowed ^= low_a
                rest = left & ~cov[a]
                if not rest:
                    return [a]
                c = allowed
                while rest:
                    low = rest & -rest
                    c &= k_of[low.bit_length() - 1]
                    if not c:
                        break
                    rest ^= low
                else:
                    return [a, (c & -c).bit_length() - 1]
            return None
        order = sorted(_bits(branch), key=lambda i: (-(cov[i] & left).bit_count(), i))
        for a in order:
            found = self._dfs(left & ~cov[a], r - 1, allowed & ~(1 << a))
            if found is not None:
                return [a, *found]
            allowed &= ~(1 << a)
        return None
