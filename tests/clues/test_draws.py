"""Draw statistics: the exact law for d = 1 against every permutation, Monte Carlo against
the exact law, and hand-made games with certain outcomes (R5.3, R6.1, D5.2, D6.1)."""

from __future__ import annotations

import itertools
import json
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from authoring.clues.draws import exact_first_reveal, simulate, simulate_sizes
from authoring.model.solver import BitDeck, CardSpec


# -- the independent method: every order of the physical cards ----------------------
def brute_law(deck: BitDeck, allowed: int) -> dict[int | None, Fraction]:
    """P(T = k) for d = 1 by trying every order of the physical cards (copies distinct);
    None stands for "never". A prefix reveals when, for an allowed place p, the cards
    with a hole at p intersect to p alone."""
    physical = [c.holes for c in deck.cards for _ in range(c.copies)]
    law: dict[int | None, int] = {}
    orders = 0
    for order in itertools.permutations(range(len(physical))):
        orders += 1
        first = None
        for k in range(1, len(order) + 1):
            prefix = [physical[i] for i in order[:k]]
            if any(_isolates(prefix, p) for p in range(len(deck.places)) if allowed >> p & 1):
                first = k
                break
        law[first] = law.get(first, 0) + 1
    return {k: Fraction(v, orders) for k, v in law.items()}


def _isolates(cards: list[int], p: int) -> bool:
    inter, held = -1, False
    for h in cards:
        if h >> p & 1:
            inter &= h
            held = True
    return held and inter == 1 << p


@st.composite
def tiny_decks(draw: st.DrawFn) -> tuple[BitDeck, int]:
    n = draw(st.integers(1, 4))
    cards: list[CardSpec] = []
    budget = 6
    for i in range(draw(st.integers(0, 4))):
        copies = draw(st.integers(1, 2))
        if copies > budget:
            break
        budget -= copies
        cards.append(CardSpec(f"c{i}", draw(st.integers(0, (1 << n) - 1)), copies))
    failures = min(draw(st.integers(0, 2)), budget)
    if failures:
        cards.append(CardSpec("Échec", 0, failures, failure=True))
    allowed = draw(st.integers(0, (1 << n) - 1))
    return BitDeck(tuple(f"P{q}" for q in range(n)), tuple(cards)), allowed


@settings(max_examples=80, deadline=None)
@given(tiny_decks())
def test_exact_law_matches_every_permutation(case: tuple[BitDeck, int]) -> None:
    deck, allowed = case
    exact = exact_first_reveal(deck, allowed)
    assert exact is not None
    brute = brute_law(deck, allowed)
    never = brute.pop(None, Fraction(0))
    assert exact.never == (never == 1)
    assert never in (0, 1)  # the whole deck isolates or it does not
    assert exact.distribution == brute
    if never == 0:
        assert exact.expectation == sum(
            (k * p for k, p in brute.items() if k is not None), Fraction(0)
        )
    else:
        assert exact.expectation is None
    json.dumps(exact.to_dict())


def test_exact_law_on_a_seven_card_deck() -> None:
    deck = BitDeck.from_sets(
        ["a", "b", "c"],
        {"ab": ["a", "b"], "ac": ["a", "c"], "bc": ["b", "c"]},
        copies={"ab": 2},
        failures={"Échec": 3},
    )
    exact = exact_first_reveal(deck)
    assert exact is not None
    brute = brute_law(deck, deck.full)
    assert exact.distribution == brute
    # by hand: N_k = [x^k] (1+x)^3 (1 + (2x + x²) + 2x), over C(7, k)
    assert exact.survival == (
        1,
        1,
        Fraction(16, 21),
        Fraction(16, 35),
        Fraction(1, 5),
        Fraction(1, 21),
        0,
        0,
    )
    assert exact.expectation == Fraction(52, 15)
    assert (exact.total_cards, exact.type_sets) == (7, 4)


def test_exact_law_known_values() -> None:
    deck = BitDeck.from_sets(["a", "b"], {"a": ["a"], "b": ["b"]}, failures={"Échec": 2})
    exact = exact_first_reveal(deck)
    assert exact is not None
    assert exact.survival == (1, Fraction(1, 2), Fraction(1, 6), 0, 0)
    assert exact.expectation == Fraction(5, 3)
    assert exact.variance == Fraction(5, 9)
    # only b may hold an objective (D6.1): card a becomes as useless as a failure
    only_b = exact_first_reveal(deck, {"b"})
    assert only_b is not None and only_b.expectation == Fraction(5, 2)
    assert only_b.to_dict() == {
        "total_cards": 4,
        "never": False,
        "expectation": 2.5,
        "expectation_exact": "5/2",
        "sd": math.sqrt(5 / 4),
        "distribution": {"1": 0.25, "2": 0.25, "3": 0.25, "4": 0.25},
        "type_sets": 1,
    }


def test_exact_law_when_nothing_isolates_and_past_the_limit() -> None:
    twins = BitDeck.from_sets(["a", "b"], {"ab": ["a", "b"]}, failures={"Échec": 1})
    exact = exact_first_reveal(twins)
    assert exact is not None
    assert exact.never and exact.expectation is None and exact.distribution == {}
    assert exact.to_dict()["expectation"] is None
    assert exact_first_reveal(BitDeck(("a",), ())) is not None
    rng = random.Random(5)
    wide = BitDeck(
        tuple(f"P{q}" for q in range(30)),
        tuple(CardSpec(f"c{i}", rng.getrandbits(30)) for i in range(20)),
    )
    assert exact_first_reveal(wide, limit=50) is None


# -- Monte Carlo against the exact law -----------------------------------------------
def _small_deck() -> BitDeck:
    rng = random.Random(11)
    n = 8
    cards = [
        CardSpec(f"c{i}", sum(1 << q for q in range(n) if rng.random() < 0.45), rng.randint(1, 2))
        for i in range(7)
    ]
    return BitDeck(tuple(f"P{q}" for q in range(n)), (*cards, CardSpec("Échec", 0, 3, failure=True)))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_monte_carlo_agrees_with_the_exact_law(seed: int) -> None:
    """keep="first", d = 1: the mean lies within 4 standard errors of E[T] (the standard
    deviation from the exact law), and so does every P(T = k)."""
    deck = _small_deck()
    exact = exact_first_reveal(deck)
    assert exact is not None and exact.expectation is not None and exact.variance is not None
    games = 4000
    stats = simulate(deck, 1, games=games, seed=seed, reveals=1, keep="first")
    first = stats.reveal[0]
    assert first.not_reached == 0
    assert first.mean is not None
    se = math.sqrt(exact.variance / games)
    assert abs(first.mean - float(exact.expectation)) <= 4 * se
    for k, p in exact.distribution.items():
        share = first.histogram.get(k, 0) / games
        assert abs(share - float(p)) <= 4 * math.sqrt(float(p * (1 - p)) / games) + 1e-9
    assert set(first.histogram) <= set(exact.distribution)


def test_keep_policies_agree_when_one_card_is_drawn() -> None:
    deck = _small_deck()
    runs = [simulate(deck, 1, games=300, seed=4, keep=k).to_dict() for k in ("best", "first")]
    runs.append(simulate(deck, 1, games=300, seed=4, keep="random").to_dict())
    for r in runs:
        r.pop("keep")
    assert runs[0] == runs[1] == runs[2]


# -- hand-made games with certain outcomes -------------------------------------------
def test_witness_cards_are_discarded_and_reshuffled() -> None:
    """Three cards, each pair isolates one place: the first two cards reveal a place
    (investigation 2) and are discarded; the third card and a reshuffled one reveal
    another place at investigation 4 — never the revealed one again (R6.1)."""
    deck = BitDeck.from_sets(["a", "b", "c"], {"ab": ["a", "b"], "ac": ["a", "c"], "bc": ["b", "c"]})
    stats = simulate(deck, 1, games=200, seed=3, reveals=2)
    assert stats.reveal[0].histogram == {2: 200}
    assert stats.reveal[1].histogram == {4: 200}
    assert sum(stats.landing.values()) == 400
    assert (stats.reveal[0].median, stats.reveal[0].p90, stats.reveal[1].mean) == (2, 2, 4.0)


def test_discards_come_back_when_the_pile_runs_out() -> None:
    """With d = 2 one card of each draw is discarded; only the reshuffle brings a needed
    card back, and every game still reaches the reveal."""
    deck = BitDeck.from_sets(
        ["a", "b", "c"], {"ab": ["a", "b"], "ac": ["a", "c"]}, failures={"Échec": 3}
    )
    stats = simulate(deck, 2, games=300, seed=8, reveals=1, keep="first")
    assert stats.reveal[0].not_reached == 0
    assert max(stats.reveal[0].histogram) > 3  # more investigations than one pass
    assert stats.landing == {"a": 300, "b": 0, "c": 0}
    assert stats.never_reached == ("b", "c")


@pytest.mark.parametrize("draw_size", [0, -2])
def test_no_draw_no_reveal(draw_size: int) -> None:
    """D5.2: a draw count ≤ 0 draws nothing; the game reaches the cap."""
    deck = BitDeck.from_sets(["a"], {"a": ["a"]})
    stats = simulate(deck, draw_size, games=5, cap=7)
    first = stats.reveal[0]
    assert (first.reached, first.not_reached, first.share_not_reached) == (0, 5, 1.0)
    assert (first.mean, first.median, first.p90, first.histogram) == (None, None, None, {})
    assert stats.never_reached == ("a",)


def test_allowed_places_and_over_representation() -> None:
    """D6.1: an isolated place outside ``allowed`` reveals nothing; six copies of one
    card make its place land far above the uniform share."""
    deck = BitDeck.from_sets(
        ["a", "b", "c", "d", "e"],
        {"a": ["a"], "b": ["b"], "c": ["c"], "d": ["d"], "e": ["e"]},
        copies={"a": 6},
    )
    stats = simulate(deck, 1, games=400, seed=2, reveals=1, allowed={"a", "b", "c", "d"})
    assert set(stats.landing) == {"a", "b", "c", "d"}
    assert sum(stats.landing.values()) == 400
    assert stats.over_represented == ("a",)
    assert stats.never_reached == ()
    assert stats.uniform_share == 100.0
    # e is isolated by its card, yet no objective is placed there
    only_e = simulate(deck, 1, games=50, seed=2, reveals=1, allowed={"e"})
    assert only_e.landing == {"e": 50}
    never = simulate(deck, 1, games=50, seed=2, reveals=2, allowed={"e"})
    assert never.reveal[1].not_reached == 50 and never.reveal[1].median is None


def test_best_keeps_what_narrows_the_nearest_place() -> None:
    """With d ≥ 2 the "best" policy needs fewer investigations than keeping the first
    card, and it is deterministic for a seed."""
    rng = random.Random(21)
    n = 20
    deck = BitDeck(
        tuple(f"P{q}" for q in range(n)),
        tuple(
            CardSpec(f"c{i}", sum(1 << q for q in range(n) if rng.random() < 0.45))
            for i in range(16)
        ),
    )
    best = simulate(deck, 3, games=300, seed=5, keep="best")
    first = simulate(deck, 3, games=300, seed=5, keep="first")
    rand = simulate(deck, 3, games=300, seed=5, keep="random")
    assert best.reveal[0].mean is not None and first.reveal[0].mean is not None
    assert rand.reveal[0].mean is not None
    assert best.reveal[0].mean < first.reveal[0].mean
    assert best.reveal[0].mean < rand.reveal[0].mean
    assert best.to_dict() == simulate(deck, 3, games=300, seed=5, keep="best").to_dict()
    assert best.to_dict() != simulate(deck, 3, games=300, seed=6, keep="best").to_dict()
    sizes = simulate_sizes(deck, [1, 2], games=50, seed=1)
    assert [s.draw_size for s in sizes] == [1, 2]
    json.dumps(best.to_dict())


def test_bad_options_are_refused() -> None:
    deck = BitDeck.from_sets(["a"], {"a": ["a"]})
    with pytest.raises(ValueError, match="did you mean 'best'"):
        simulate(deck, 1, keep="bets")
    with pytest.raises(ValueError, match="at least 1"):
        simulate(deck, 1, games=0)
