"""The exact clue solver against hand-made decks and an independent exhaustive search
(R5.3 failures have no hole, R6.1 isolation = AND of holes is one place, D6.1 allowed)."""

from __future__ import annotations

import itertools
import json
import math
import random
from functools import reduce
from operator import and_

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from authoring.io.errors import UnknownZone
from authoring.model import solver
from authoring.model.solver import (
    BitDeck,
    CardSpec,
    isolatable,
    min_distinct_cards,
    min_isolating,
    solve,
    solve_place,
)

# The solver's tuning constants, set so that each path runs alone: branch and bound from
# two cards on (its last two cards card by card, or all pairs at once), enumeration to
# three cards then branch and bound, pair tables in the triangular layout, every
# prefix's places checked together or each alone, places renumbered and tested for
# isolation one by one however few, and a single place enumerated like many (not by
# trying subsets of its few cards).
PATHS = {
    "default": {},
    "branch and bound": {"_ENUMERATE_LIMIT": 0, "_FEW_HOLDERS": 0},
    "branch and bound, pairs": {"_ENUMERATE_LIMIT": 0, "_FEW_HOLDERS": 0, "_PAIR_CHAINS_FROM": 0},
    "enumerate to 3": {"_ENUMERATE_LIMIT": 800, "_FEW_HOLDERS": 0},
    "triangular pairs": {"_SQUARE_UP_TO": 1, "_FEW_HOLDERS": 0},
    "places together": {"_ALONE_UP_TO": 0},
    "places alone": {"_ALONE_UP_TO": 1_000, "_FEW_HOLDERS": 0},
    "renumbered places": {"_RENUMBER_ABOVE": 0, "_FEW_HOLDERS": 0, "_SLOTS_UP_TO": 0},
}
# only full enumeration promises the lexicographically first minimum set
LEX_FIRST = {
    "default",
    "triangular pairs",
    "places together",
    "places alone",
    "renumbered places",
}


@pytest.fixture(params=list(PATHS))
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    for name, value in PATHS[request.param].items():
        monkeypatch.setattr(solver, name, value)
    return str(request.param)


# -- the independent method: every subset, by increasing size ------------------------
def brute_min(deck: BitDeck, p: int) -> tuple[int | None, list[tuple[str, ...]]]:
    """Minimum number of cards isolating place p and every minimum witness, by trying all
    subsets of the cards with a hole at p in increasing size (no pruning, no reduction)."""
    holding = [c for c in deck.cards if not c.failure and c.holes >> p & 1]
    for k in range(1, len(holding) + 1):
        hits = [
            tuple(c.id for c in combo)
            for combo in itertools.combinations(holding, k)
            if reduce(and_, (c.holes for c in combo)) == 1 << p
        ]
        if hits:
            return k, hits
    return None, []


def check_witness(deck: BitDeck, p: int, witness: tuple[str, ...], size: int) -> None:
    """A witness holds p on every card, isolates p, has the minimum size, and no card of it
    can be dropped."""
    holes = [deck.card(cid).holes for cid in witness]
    assert len(set(witness)) == len(witness) == size
    assert all(h >> p & 1 for h in holes)
    assert reduce(and_, holes) == 1 << p
    for i in range(len(holes)):
        rest = holes[:i] + holes[i + 1 :]
        assert not rest or reduce(and_, rest) != 1 << p


@st.composite
def decks(draw: st.DrawFn, max_places: int = 12, max_cards: int = 12) -> BitDeck:
    """Random decks: 1..12 places, 0..12 card types with random densities, duplicate
    hole patterns, failures, cards with no hole or every hole, copies."""
    n = draw(st.integers(1, max_places))
    m = draw(st.integers(0, max_cards))
    full = (1 << n) - 1
    cards: list[CardSpec] = []
    for i in range(m):
        kind = draw(st.sampled_from(["random"] * 6 + ["dup", "failure", "empty", "full"]))
        if kind == "dup" and cards:
            holes = draw(st.sampled_from([c.holes for c in cards if not c.failure] or [0]))
        elif kind == "failure":
            cards.append(CardSpec(f"f{i}", 0, draw(st.integers(1, 3)), failure=True))
            continue
        elif kind == "empty":
            holes = 0
        elif kind == "full":
            holes = full
        else:
            density = draw(st.sampled_from([0.15, 0.3, 0.5, 0.7, 0.9]))
            bits = draw(st.lists(st.floats(0, 1), min_size=n, max_size=n))
            holes = sum(1 << q for q, u in enumerate(bits) if u < density)
        cards.append(CardSpec(f"c{i}", holes, draw(st.integers(1, 3))))
    return BitDeck(tuple(f"P{q}" for q in range(n)), tuple(cards))


def test_solve_matches_exhaustive_search(path: str) -> None:
    """Every path of the solver against all subsets: same minimum for every place, a
    minimum witness, and with full enumeration the first minimum set in deck order."""

    @settings(max_examples=300 if path == "default" else 80, deadline=None)
    @given(decks())
    def check(deck: BitDeck) -> None:
        result = solve(deck)
        for p, place in enumerate(deck.places):
            expected, witnesses = brute_min(deck, p)
            got = result.place(place)
            assert got.isolatable == (expected is not None) == isolatable(deck, place)
            assert got.min_cards == expected
            if expected is None:
                assert got.witness == ()
            else:
                assert got.witness in witnesses
                if path in LEX_FIRST:
                    assert got.witness == witnesses[0]
                check_witness(deck, p, got.witness, expected)
                alone = min_isolating([c.holes for c in deck.cards], p, len(deck.places))
                assert alone is not None and len(alone) == expected
                if path in LEX_FIRST:
                    assert tuple(deck.cards[i].id for i in alone) == got.witness
        assert result.never_isolatable == tuple(
            place for p, place in enumerate(deck.places) if brute_min(deck, p)[0] is None
        )
        json.dumps(result.to_dict())

    check()


@settings(max_examples=100, deadline=None)
@given(decks(), st.data())
def test_allowed_restricts_the_minimum_only(deck: BitDeck, data: st.DataObject) -> None:
    allowed = data.draw(st.sets(st.sampled_from(deck.places)))
    by_ids = solve(deck, allowed)
    by_bits = solve(deck, deck.bits(allowed))
    assert by_ids == by_bits
    full = solve(deck)
    for r in by_ids.places:
        assert r.allowed == (r.place in allowed)
        assert r.isolatable == full.place(r.place).isolatable
        if r.allowed:
            assert r == full.place(r.place)
        else:
            assert (r.min_cards, r.witness) == (None, ())
    assert by_ids.allowed == tuple(p for p in deck.places if p in allowed)


def test_random_decks_against_milp() -> None:
    """A second independent method on bigger decks (20 places, 16 cards): an integer
    program per place (scipy is in the test extra; the package never imports it)."""
    import numpy as np
    from scipy import optimize
    rng = random.Random(7)
    for _ in range(6):
        n, m = 20, 16
        cards = tuple(
            CardSpec(f"c{i}", sum(1 << q for q in range(n) if rng.random() < d))
            for i, d in enumerate(rng.uniform(0.3, 0.6) for _ in range(m))
        )
        deck = BitDeck(tuple(f"P{q}" for q in range(n)), cards)
        result = solve(deck)
        for p in range(n):
            holding = [c for c in cards if c.holes >> p & 1]
            got = result.places[p]
            if not isolatable(deck, p):
                assert got.min_cards is None
                continue
            a = np.array(
                [[0 if c.holes >> q & 1 else 1 for c in holding] for q in range(n) if q != p]
            )
            milp = optimize.milp(
                np.ones(len(holding)),
                constraints=optimize.LinearConstraint(a, lb=1, ub=np.inf),
                integrality=np.ones(len(holding)),
                bounds=optimize.Bounds(0, 1),
            )
            assert milp.status == 0
            assert got.min_cards == round(milp.fun)
            check_witness(deck, p, got.witness, round(milp.fun))


# -- hand-made decks with known answers ----------------------------------------------
def test_three_places_two_cards_each() -> None:
    deck = BitDeck.from_sets(["a", "b", "c"], {"ab": {"a", "b"}, "ac": {"a", "c"}, "bc": {"b", "c"}})
    result = solve(deck)
    assert {r.place: (r.min_cards, r.witness) for r in result.places} == {
        "a": (2, ("ab", "ac")),
        "b": (2, ("ab", "bc")),
        "c": (2, ("ac", "bc")),
    }
    assert result.min_cards_histogram == {2: 3}
    assert result.duplicate_patterns == ()
    assert result.min_distinct_cards == 3


def test_binary_code_deck_needs_three_cards_everywhere() -> None:
    """8 places numbered in binary, one card per bit value: a place is the AND of its
    three bit cards and no two cards isolate anything."""
    places = [f"z{k}" for k in range(8)]
    cards = {}
    for b in range(3):
        cards[f"bit{b}=1"] = {f"z{k}" for k in range(8) if k >> b & 1}
        cards[f"bit{b}=0"] = {f"z{k}" for k in range(8) if not k >> b & 1}
    result = solve(BitDeck.from_sets(places, cards))
    for k in range(8):
        r = result.place(f"z{k}")
        assert r.min_cards == 3
        assert set(r.witness) == {f"bit{b}={k >> b & 1}" for b in range(3)}


def test_greedy_is_not_enough() -> None:
    """The classic trap: greedy takes the biggest cover first (3 cards), the optimum is 2."""
    deck = BitDeck.from_sets(
        ["p", "1", "2", "3", "4", "5", "6"],
        {
            "big": {"p", "3", "6"},  # covers 1 2 4 5
            "left": {"p", "4", "5", "6"},  # covers 1 2 3
            "right": {"p", "1", "2", "3"},  # covers 4 5 6
        },
    )
    r = solve(deck).place("p")
    assert (r.min_cards, r.witness) == (2, ("left", "right"))
    assert min_isolating([c.holes for c in deck.cards], 0, 7) == (1, 2)


def test_sperner_bound_is_reached() -> None:
    """min_distinct_cards(n) cards suffice: give each place its own ⌈r/2⌉-subset of cards."""
    assert [min_distinct_cards(n) for n in (0, 1, 2, 3, 4, 6, 7, 10, 11, 20, 21, 35, 36)] == [
        0,
        1,
        2,
        3,
        4,
        4,
        5,
        5,
        6,
        6,
        7,
        7,
        8,
    ]
    assert min_distinct_cards(52) == 8 and min_distinct_cards(70) == 8
    assert min_distinct_cards(71) == 9
    for n in range(1, 40):
        r = min_distinct_cards(n)
        assert math.comb(r, r // 2) >= n
        assert r == 1 or math.comb(r - 1, (r - 1) // 2) < n
        subsets = list(itertools.combinations(range(r), (r + 1) // 2))[:n]
        holes = [sum(1 << k for k, s in enumerate(subsets) if i in s) for i in range(r)]
        deck = BitDeck(
            tuple(f"P{k}" for k in range(n)),
            tuple(CardSpec(f"c{i}", h) for i, h in enumerate(holes)),
        )
        result = solve(deck)
        assert result.never_isolatable == ()
        assert result.distinct_patterns <= r


def test_twins_are_never_isolatable_and_the_rest_still_is() -> None:
    deck = BitDeck.from_sets(
        ["x", "y", "z", "w"],
        {"xy": {"x", "y"}, "xyz": {"x", "y", "z"}, "zw": {"z", "w"}, "w": {"w"}},
        failures={"Échec": 5},
    )
    result = solve(deck)
    assert result.never_isolatable == ("x", "y")
    assert result.place("z").min_cards == 2
    assert result.place("z").witness == ("xyz", "zw")
    assert result.place("w").witness == ("w",)
    assert result.failures == ("Échec",)
    assert not isolatable(deck, "x") and isolatable(deck, 3)


def test_summary_figures() -> None:
    deck = BitDeck.from_sets(
        ["a", "b", "c", "d"],
        {"none": [], "all": ["a", "b", "c", "d"], "ab": ["a", "b"], "ab2": ["b", "a"], "c": ["c"]},
        copies={"ab": 2},
        failures={"Échec": 3},
    )
    result = solve(deck)
    data = result.to_dict()
    assert data["cards"] == [
        {"id": "none", "holes": 0, "density": 0.0, "copies": 1, "failure": False},
        {"id": "all", "holes": 4, "density": 1.0, "copies": 1, "failure": False},
        {"id": "ab", "holes": 2, "density": 0.5, "copies": 2, "failure": False},
        {"id": "ab2", "holes": 2, "density": 0.5, "copies": 1, "failure": False},
        {"id": "c", "holes": 1, "density": 0.25, "copies": 1, "failure": False},
        {"id": "Échec", "holes": 0, "density": 0.0, "copies": 3, "failure": True},
    ]
    assert data["duplicate_patterns"] == [["ab", "ab2"]]
    assert data["no_hole"] == ["none"]
    assert data["every_hole"] == ["all"]
    assert data["failures"] == ["Échec"]
    assert data["never_isolatable"] == ["a", "b", "d"]
    assert data["places"]["c"] == {
        "isolatable": True,
        "allowed": True,
        "min_cards": 1,
        "witness": ["c"],
    }
    assert data["min_cards_histogram"] == {"1": 1}
    assert data["distinct_patterns"] == 3
    assert data["min_distinct_cards"] == 4
    assert deck.total_cards == 9
    assert json.loads(result.to_json()) == data


@pytest.mark.parametrize(
    ("places", "cards", "expected"),
    [
        ((), (), {}),
        ((), (CardSpec("f", 0, failure=True),), {}),
        (("a",), (), {"a": None}),
        (("a",), (CardSpec("f", 0, 2, failure=True),), {"a": None}),
        (("a",), (CardSpec("e", 0), CardSpec("all", 1)), {"a": 1}),
        (("a", "b"), (CardSpec("all", 3), CardSpec("all2", 3)), {"a": None, "b": None}),
        (("a", "b"), (CardSpec("a", 1), CardSpec("a2", 1), CardSpec("ab", 3)), {"a": 1, "b": None}),
    ],
)
def test_degenerate_decks(
    places: tuple[str, ...], cards: tuple[CardSpec, ...], expected: dict[str, int | None]
) -> None:
    result = solve(BitDeck(places, cards))
    assert {r.place: r.min_cards for r in result.places} == expected
    json.dumps(result.to_dict())


def test_solve_place_and_lookups() -> None:
    deck = BitDeck.from_sets(["a", "b"], {"a": ["a"]})
    assert solve_place(deck, "a").witness == ("a",)
    assert solve(deck, set()).place("a").min_cards is None
    with pytest.raises(UnknownZone, match="did you mean 'a'"):
        solve(deck, {"A"})
    with pytest.raises(UnknownZone):
        solve(deck, 0b100)
    with pytest.raises(UnknownZone):
        solve(deck).place("c")
    with pytest.raises(UnknownZone, match="unknown place 'c' in card 'x'"):
        BitDeck.from_sets(["a"], {"x": ["c"]})
    with pytest.raises(KeyError, match="did you mean 'a'"):
        deck.card("A")
    assert deck.ids(0b10) == ("b",) and deck.bits(["b", "a"]) == 0b11


@pytest.mark.parametrize(
    ("places", "cards", "message"),
    [
        (("a", "a"), (), "duplicate place ids: a"),
        (("a",), (CardSpec("x", 1), CardSpec("x", 1)), "duplicate card id 'x'"),
        (("a",), (CardSpec("x", 0b10),), "holes beyond the 1 places"),
    ],
)
def test_bad_decks_are_refused(
    places: tuple[str, ...], cards: tuple[CardSpec, ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        BitDeck(places, cards)


def test_bad_cards_are_refused() -> None:
    with pytest.raises(ValueError, match="failure card 'f' has holes"):
        CardSpec("f", 1, failure=True)
    with pytest.raises(ValueError, match="copies must be at least 1"):
        CardSpec("c", 1, copies=0)
    with pytest.raises(ValueError, match="non-negative"):
        CardSpec("c", -1)


def test_a_deck_of_fifty_places_is_solved_exactly() -> None:
    """A seeded 52-place, 43-card deck (the box's size): every minimum is certified by
    the exhaustive search limited to one card fewer (no smaller set exists), and the
    witness is the first set of that size in deck order that isolates the place."""
    rng = random.Random(3)
    n = 52
    cards = tuple(
        CardSpec(f"c{i}", sum(1 << q for q in range(n) if rng.random() < rng.uniform(0.35, 0.6)))
        for i in range(43)
    )
    deck = BitDeck(tuple(f"P{q}" for q in range(n)), cards)
    result = solve(deck)
    assert result.never_isolatable == ()
    assert result.min_cards_histogram == {3: 36, 4: 16}
    for p, r in enumerate(result.places):
        assert r.min_cards is not None
        check_witness(deck, p, r.witness, r.min_cards)
        holding = [c for c in cards if c.holes >> p & 1]
        assert not any(
            reduce(and_, (c.holes for c in combo)) == 1 << p
            for combo in itertools.combinations(holding, r.min_cards - 1)
        )
        first = next(
            combo
            for combo in itertools.combinations(holding, r.min_cards)
            if reduce(and_, (c.holes for c in combo)) == 1 << p
        )
        assert r.witness == tuple(c.id for c in first)


def test_a_wide_deck_uses_the_renumbered_search_exactly() -> None:
    """150 places (past the renumbering threshold) and 30 cards, 16 of them one per bit
    value of the place index: sampled places are certified like the 52-place deck."""
    rng = random.Random(150)
    n = 150
    cards = [
        CardSpec(f"bit{b}={v}", sum(1 << q for q in range(n) if (q >> b & 1) == v))
        for b in range(8)
        for v in (0, 1)
    ]
    for i in range(14):
        density = rng.uniform(0.35, 0.6)
        cards.append(CardSpec(f"r{i}", sum(1 << q for q in range(n) if rng.random() < density)))
    deck = BitDeck(tuple(f"P{q}" for q in range(n)), tuple(cards))
    sample = list(range(0, n, 15))
    result = solve(deck, {deck.places[p] for p in sample})
    assert result.never_isolatable == ()
    for p in sample:
        r = result.places[p]
        assert r.min_cards is not None
        check_witness(deck, p, r.witness, r.min_cards)
        holding = [c for c in cards if c.holes >> p & 1]
        assert not any(
            reduce(and_, (c.holes for c in combo)) == 1 << p
            for combo in itertools.combinations(holding, r.min_cards - 1)
        )
        first = next(
            combo
            for combo in itertools.combinations(holding, r.min_cards)
            if reduce(and_, (c.holes for c in combo)) == 1 << p
        )
        assert r.witness == tuple(c.id for c in first)


# -- the enumeration's parts -----------------------------------------------------------
@pytest.mark.parametrize("square_up_to", [1_000, 1])
@pytest.mark.parametrize("m", [2, 3, 5, 9])
def test_pair_tables_hold_every_pair_once(
    monkeypatch: pytest.MonkeyPatch, square_up_to: int, m: int
) -> None:
    """Both layouts: has[e] is exactly the pairs whose two cards hold place e, after[a]
    the pairs of usable cards after a, and first() the first pair in deck order."""
    monkeypatch.setattr(solver, "_SQUARE_UP_TO", square_up_to)
    rng = random.Random(m)
    held = [rng.getrandbits(m) for _ in range(8)] + [0, (1 << m) - 1]
    unusable = rng.randrange(m)
    pairs = solver._Pairs(held, m, ((1 << m) - 1) ^ (1 << unusable))

    def decode(bitset: int) -> list[tuple[int, int]]:
        out = []
        while bitset:
            low = bitset & -bitset
            out.append(pairs.first(low))
            bitset ^= low
        return sorted(out)

    every = list(itertools.combinations(range(m), 2))
    usable = [(y, z) for y, z in every if unusable not in (y, z)]
    assert decode(pairs.all) == usable
    for a in range(m):
        assert decode(pairs.after[a]) == [(y, z) for y, z in usable if y > a]
    for e, h in enumerate(held):
        expected = [(y, z) for y, z in every if h >> y & 1 and h >> z & 1]
        assert decode(pairs.has[e]) == expected
        assert decode(pairs.lacks[e]) == [yz for yz in every if yz not in expected]
        if expected:
            assert pairs.first(pairs.has[e]) == expected[0]


@settings(max_examples=150, deadline=None)
@given(decks(), st.sampled_from([0, 10, 100, 1_000, 10_000]))
def test_enumeration_bound_never_exceeds_the_minimum(deck: BitDeck, limit: int) -> None:
    """Whatever the limit, enumerated places get their exact minimum and the size handed
    to branch and bound for the others is a true lower bound on their minimum."""
    holes = [c.holes for c in deck.cards]
    iso = solver._Isolator(holes, len(deck.places))
    targets = iso.isolatable_places
    if not targets:
        return
    enumeration = solver._Enumeration(holes, iso.holders, len(deck.places))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(solver, "_ENUMERATE_LIMIT", limit)
        answers, left, k = enumeration.run(targets)
    assert answers.keys() | set(solver._bits(left)) == set(solver._bits(targets))
    for p, cards in answers.items():
        expected, witnesses = brute_min(deck, p)
        assert tuple(deck.cards[i].id for i in cards) == witnesses[0]
        assert len(cards) == expected and expected < k
    for p in solver._bits(left):
        expected, _ = brute_min(deck, p)
        assert expected is not None and expected >= k


def test_a_deck_of_over_a_hundred_cards_agrees_with_branch_and_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """120 places and 110 cards (triangular pair tables, chains on all places at once):
    the same minimum for every place as the branch and bound alone, and a witness first
    in deck order, so never after the branch and bound's."""
    rng = random.Random(120)
    n = 120
    cards = [
        CardSpec(f"bit{b}={v}", sum(1 << q for q in range(n) if (q >> b & 1) == v))
        for b in range(7)
        for v in (0, 1)
    ]
    for i in range(96):
        density = rng.uniform(0.35, 0.6)
        cards.append(CardSpec(f"r{i}", sum(1 << q for q in range(n) if rng.random() < density)))
    deck = BitDeck(tuple(f"P{q}" for q in range(n)), tuple(cards))
    enumerated = solve(deck)
    monkeypatch.setattr(solver, "_ENUMERATE_LIMIT", 0)
    searched = solve(deck)
    order = {c.id: i for i, c in enumerate(cards)}
    assert enumerated.min_cards_histogram == {3: 21, 4: 99}
    for p, (r, s) in enumerate(zip(enumerated.places, searched.places, strict=True)):
        assert r.min_cards is not None and r.min_cards == s.min_cards
        check_witness(deck, p, r.witness, r.min_cards)
        assert [order[c] for c in r.witness] <= [order[c] for c in s.witness]
