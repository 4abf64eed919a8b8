"""Clue solver and draw statistics: speed against independent exact methods (prints figures).

Run from the repository root: ``python3 benchmarks/clues.py`` (``--quick`` skips the
500-place instance). Figures, not timed assertions: answers are asserted identical, times
are printed with their ratios (R6.1 isolation, R5.3 draws).

Independent methods (no code shared with ``authoring.model.solver``):
- plain iterative deepening: card subsets by increasing size, a running AND, no
  reduction, no bound, no ordering;
- an integer program per place with ``scipy.optimize.milp`` (HiGHS), when installed.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from authoring.clues.draws import exact_first_reveal, simulate
from authoring.model.solver import BitDeck, CardSpec, solve, solve_place


# -- instances --------------------------------------------------------------------------
def synthetic(n: int, m: int, seed: int, *, structured: bool) -> BitDeck:
    """A seeded deck: each random card draws its density in 35–60 % and then each hole.
    ``structured`` adds one card per bit value of the place index (2·⌈log2 n⌉ cards
    among the m), so that every place is isolatable."""
    rng = random.Random(seed)
    cards: list[CardSpec] = []
    if structured:
        for b in range(max(1, math.ceil(math.log2(n)))):
            ones = sum(1 << q for q in range(n) if q >> b & 1)
            cards.append(CardSpec(f"bit{b}=1", ones))
            cards.append(CardSpec(f"bit{b}=0", ((1 << n) - 1) & ~ones))
    while len(cards) < m:
        density = rng.uniform(0.35, 0.60)
        holes = sum(1 << q for q in range(n) if rng.random() < density)
        cards.append(CardSpec(f"r{len(cards)}", holes))
    return BitDeck(tuple(f"P{q}" for q in range(n)), tuple(cards))


# -- independent exact methods ----------------------------------------------------------
def plain_min_cards(holes: list[int], p: int, n: int) -> int | None:
    """Fewest cards isolating p by iterative deepening over card subsets (no pruning
    besides the depth); None when even all the cards holding p leave another hole."""
    cards = [h for h in holes if h >> p & 1]
    target, full = 1 << p, (1 << n) - 1
    everything = full
    for h in cards:
        everything &= h
    if not cards or everything != target:
        return None

    def found(start: int, acc: int, depth: int) -> bool:
        for i in range(start, len(cards)):
            a = acc & cards[i]
            if a == target or (depth > 1 and found(i + 1, a, depth - 1)):
                return True
        return False

    k = 1
    while not found(0, full, k):
        k += 1
    return k


def milp_available() -> bool:
    try:
        import numpy  # noqa: F401
        from scipy.optimize import milp  # noqa: F401
    except ImportError:
        return False
    return True


def milp_min_cards(holes: list[int], p: int, n: int, time_limit: float) -> int | None | str:
    """Fewest cards isolating p as an integer program (minimise the cards taken, every
    other place excluded by one of them); "timeout" past ``time_limit`` seconds."""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp

    cards = [h for h in holes if h >> p & 1]
    if not cards:
        return None
    rows = [q for q in range(n) if q != p]
    if not rows:
        return 1
    a = np.array([[0.0 if h >> q & 1 else 1.0 for h in cards] for q in rows])
    if (a.sum(axis=1) == 0).any():
        return None
    res = milp(
        np.ones(len(cards)),
        constraints=LinearConstraint(a, lb=1, ub=np.inf),
        integrality=np.ones(len(cards)),
        bounds=Bounds(0, 1),
        options={"time_limit": max(time_limit, 0.1)},
    )
    if res.status != 0:
        return "timeout"
    return round(res.fun)


# -- benchmarks -------------------------------------------------------------------------
def best_of(runs: int, fn: Callable[[], object]) -> float:
    """The fastest of ``runs`` calls, in seconds."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def compare_plain(label: str, deck: BitDeck, allowed: Iterable[str] | None = None) -> None:
    """solve() against plain deepening on every allowed place (answers asserted equal).
    The bookkeeping every caller gets (isolation test, per-place and per-card results) is
    timed as solve() with no place allowed; the search is the rest."""
    holes = [c.holes for c in deck.cards]
    n = len(deck.places)
    allowed_bits = deck.allowed_bits(allowed)
    result = solve(deck, allowed)
    ours = best_of(5, lambda: solve(deck, allowed))
    books = best_of(5, lambda: solve(deck, set()))
    search = max(ours - books, 1e-9)
    t = time.perf_counter()
    plain = [plain_min_cards(holes, p, n) if allowed_bits >> p & 1 else None for p in range(n)]
    t_plain = time.perf_counter() - t
    assert [r.min_cards for r in result.places] == plain, f"{label}: solver and plain disagree"
    print(f"{label}: min cards {result.min_cards_histogram}")
    print(
        f"  solver            {ours * 1e3:8.2f} ms  (best of 5: search {search * 1e3:.2f} ms + "
        f"bookkeeping {books * 1e3:.2f} ms)"
    )
    ratio = t_plain / ours
    print(
        f"  plain deepening   {t_plain * 1e3:8.2f} ms  ratio {ratio:6.1f}x (answers identical; "
        f"search alone {t_plain / search:.1f}x)"
    )
    if ratio < 10:
        places = max(1, allowed_bits.bit_count())
        holding = sum((c.holes & allowed_bits).bit_count() for c in deck.cards) / places
        print(
            f"  below 10x: plain deepening answers a place in {t_plain / places * 1e6:.0f} us "
            f"(the pairs of the ~{holding:.0f} cards holding it, then triples up to the first "
            f"hit); 10x would need solve() under {t_plain / 10 * 1e3:.2f} ms, and its "
            f"bookkeeping alone takes {books * 1e3:.2f} ms"
        )


def bench_small() -> None:
    """The box's scale: 52 places × 43 cards, every method on every place."""
    deck = synthetic(52, 43, seed=52, structured=False)
    compare_plain("52 places x 43 cards (random, seed 52)", deck)
    holes = [c.holes for c in deck.cards]
    n = len(deck.places)
    got = [r.min_cards for r in solve(deck).places]
    if milp_available():
        ours = best_of(5, lambda: solve(deck))
        t = time.perf_counter()
        ilp = [milp_min_cards(holes, p, n, 60) for p in range(n)]
        t_ilp = time.perf_counter() - t
        assert got == ilp, "solver and MILP disagree"
        print(
            f"  MILP (HiGHS)      {t_ilp * 1e3:8.1f} ms  ratio {t_ilp / ours:6.1f}x "
            f"(answers identical)"
        )
    else:
        print("  MILP: scipy not installed")


def bench_default_deck() -> None:
    """The shipped deck (cards/clues.yaml) on its allowed places: solve() against plain
    deepening with identical answers."""
    from authoring.model.workspace import Workspace

    root = Path(__file__).resolve().parent.parent
    clue_deck = Workspace().load(root / "cards" / "clues.yaml", "deck")
    if clue_deck is None:
        print("default deck: not available (cards/clues.yaml does not load)")
        return
    deck = clue_deck.solver_deck()
    compare_plain(
        f"default deck ({len(deck.places)} places, {len(deck.cards)} card types)",
        deck,
        clue_deck.allowed,
    )


def bench_large(sample: int, milp_budget: float) -> None:
    """500 places × 300 cards: the whole solve; plain deepening on the first ``sample``
    places (about a second each, too slow for all 500) against solve() per place and
    solve_place(); MILP on the first place needing 4 cards within ``milp_budget`` s."""
    deck = synthetic(500, 300, seed=500, structured=True)
    holes = [c.holes for c in deck.cards]
    n = len(deck.places)
    t = time.perf_counter()
    result = solve(deck)
    total = time.perf_counter() - t
    print(
        f"500 places x 300 cards (seed 500, 18 structured): min cards "
        f"{result.min_cards_histogram}, never isolatable {len(result.never_isolatable)}"
    )
    print(f"  solver            {total:8.2f} s   ({total / n * 1e3:.2f} ms per place)")
    single, plain = 0.0, 0.0
    for p in range(sample):
        t = time.perf_counter()
        mine = solve_place(deck, p)
        single += time.perf_counter() - t
        t = time.perf_counter()
        theirs = plain_min_cards(holes, p, n)
        plain += time.perf_counter() - t
        assert mine.min_cards == theirs == result.places[p].min_cards, f"disagree at {p}"
    print(
        f"  plain deepening on places 0..{sample - 1}: {plain:.2f} s, answers identical; "
        f"all 500 would take ~{plain / sample * n / 60:.0f} min: ratio ~"
        f"{plain / sample * n / total:.0f}x against solve() ({plain / single:.1f}x against "
        f"solve_place() one place at a time, {single / sample * 1e3:.0f} ms each)"
    )
    if not milp_available():
        print("  MILP: scipy not installed")
        return
    p = next(r for r, place in enumerate(result.places) if place.min_cards == 4)
    t = time.perf_counter()
    ilp = milp_min_cards(holes, p, n, milp_budget)
    spent = time.perf_counter() - t
    t = time.perf_counter()
    mine = solve_place(deck, p)
    ours = time.perf_counter() - t
    if ilp == "timeout":
        print(
            f"  MILP on place {p}: no answer within {milp_budget:.0f} s; solve_place "
            f"{ours * 1e3:.0f} ms: ratio > {spent / ours:.0f}x; solve() per place "
            f"{total / n * 1e3:.1f} ms: ratio > {spent / (total / n):.0f}x"
        )
    else:
        assert ilp == mine.min_cards, f"MILP disagrees at place {p}"
        print(
            f"  MILP on place {p}: {spent:.1f} s vs solve_place {ours * 1e3:.0f} ms: ratio "
            f"{spent / ours:.0f}x; vs solve() per place {total / n * 1e3:.1f} ms: ratio "
            f"{spent / (total / n):.0f}x (answers identical)"
        )


def bench_draws() -> None:
    """Exact law of the first reveal (d = 1) against Monte Carlo with keep="first"."""
    rng = random.Random(11)
    n = 10
    cards = [
        CardSpec(f"c{i}", sum(1 << q for q in range(n) if rng.random() < 0.45), rng.randint(1, 2))
        for i in range(9)
    ]
    deck = BitDeck(tuple(f"P{q}" for q in range(n)), (*cards, CardSpec("Échec", 0, 4, failure=True)))
    t = time.perf_counter()
    exact = exact_first_reveal(deck)
    t_exact = time.perf_counter() - t
    assert exact is not None and exact.expectation is not None and exact.variance is not None
    mean, sd = float(exact.expectation), math.sqrt(exact.variance)
    print(
        f"draws: {n} places, {deck.total_cards} cards: exact E[T] = {mean:.4f} "
        f"(sd {sd:.3f}, {exact.type_sets} type sets, {t_exact * 1e3:.1f} ms)"
    )
    games = 20000
    zs = []
    for seed in range(3):
        t = time.perf_counter()
        stats = simulate(deck, 1, games=games, seed=seed, reveals=1, keep="first")
        elapsed = time.perf_counter() - t
        mc = stats.reveal[0].mean
        assert mc is not None
        z = (mc - mean) / (sd / math.sqrt(games))
        zs.append(z)
        print(
            f"  seed {seed}: Monte Carlo {mc:.4f} over {games} games ({elapsed:.2f} s), "
            f"z = {z:+.2f}"
        )
    print(
        f"  largest |z| {max(abs(z) for z in zs):.2f} (a standard error is "
        f"{sd / math.sqrt(games):.4f})"
    )


# == DECK HELPER: fill in ===============================================================
def default_deck_figures() -> None:
    """Figures for the shipped deck (cards/clues.yaml): load and check times, fewest cards
    per place (R6.1), the exact d = 1 expectation, draws for d = 1..4 with where the
    objectives land (R5.3), and the generator's scores on the island against the lower
    bound on distinct cards. Times are printed, never asserted."""
    from authoring.clues.generate import generate, generated_scores, lower_bound
    from authoring.clues.report import check, simulate_data
    from authoring.model.workspace import Workspace

    root = Path(__file__).resolve().parent.parent
    t = time.perf_counter()
    ws = Workspace()
    deck = ws.load(root / "cards" / "clues.yaml", "deck")
    t_load = time.perf_counter() - t
    if deck is None:
        print("default deck: not available (cards/clues.yaml does not load)")
        return
    runs = []
    for _ in range(5):
        t = time.perf_counter()
        data = check(deck, deck.allowed).to_json()  # a fresh solve each time
        runs.append(time.perf_counter() - t)
    s = data["summary"]
    print(
        f"default deck: {s['places']} places, {s['cards_total']} cards ({s['cards_distinct']} "
        f"distinct, {s['failures']} failures); load with board and predicates "
        f"{t_load * 1e3:.0f} ms, exact check {min(runs) * 1e3:.1f} ms (best of 5)"
    )
    print(
        f"  isolatable {s['isolatable']}/{s['allowed']}; fewest cards per place "
        f"{s['min_cards_distribution']} (mean {s['min_cards_mean']}, lower bound on distinct "
        f"cards {s['lower_bound']}); densities {s['density_min']:.0%}–{s['density_max']:.0%}"
    )
    t = time.perf_counter()
    sim = simulate_data(deck, [1, 2, 3, 4], games=2000, seed=1, keep="best")
    t_sim = time.perf_counter() - t
    for row in sim["draws"]:
        first, second, land = row["first"], row["second"], row["landing"]
        exact = (
            f", exact {row['exact_first']:.3f}" if row.get("exact_first") is not None else ""
        )
        print(
            f"  d = {row['d']}: 1st reveal mean {first['mean']:.2f}{exact} (median "
            f"{first['median']}, p90 {first['p90']}); 2nd mean {second['mean']:.2f}; landed on "
            f"{land['reached']}/{land['allowed']}, never {land['never'] or '-'}, "
            f"over-represented {len(land['over'])}"
        )
    print(f"  simulate d = 1..4, 2000 games each + exact d = 1: {t_sim:.1f} s")
    board = deck.board
    t = time.perf_counter()
    gen = generate(board, cards=43, failures=6, seed=1)
    t_gen = time.perf_counter() - t
    scores = generated_scores(gen)
    print(
        f"generator on {board.spec.id} (seed 1, {t_gen:.1f} s): {scores['cards']}, lower bound "
        f"{lower_bound(len(board.zones))} distinct cards; isolatable {scores['isolatable']}; "
        f"min cards {scores['min_cards']}; d = 1 first reveal {scores['d1_first_reveal_mc']} "
        f"(Monte Carlo); never {scores['first_reveal_never']}, over 2x "
        f"{scores['first_reveal_over_2x']}"
    )


def bench_doctor() -> None:
    """``clues check --suggest`` and ``clues generate --extend`` (issue 12): on the shipped
    deck, on the shipped deck cut to its first 8 cards (places fail), and on a 500-place
    board with 300 cards. Times are printed, never asserted."""
    import tempfile

    from authoring.clues.doctor import extend, suggestions
    from authoring.clues.generate import candidate_pool
    from authoring.model.workspace import Workspace

    root = Path(__file__).resolve().parent.parent

    def run(label: str, deck: Any) -> None:
        t = time.perf_counter()
        failing = [z for z in deck.allowed if z in deck.result.never_isolatable]
        props = suggestions(deck, failing)
        t_suggest = time.perf_counter() - t
        t = time.perf_counter()
        added, unfixed = extend(deck)
        t_extend = time.perf_counter() - t
        print(f"{label}: {len(failing)} places failing; --suggest {t_suggest:.2f} s "
              f"({sum(map(len, props.values()))} proposals); --extend {t_extend:.2f} s "
              f"(+{len(added)} cards, {len(unfixed)} left unfixed)")

    ws = Workspace()
    deck = ws.load(root / "cards" / "clues.yaml", "deck")
    if deck is None:
        print("doctor: cards/clues.yaml does not load")
        return
    run("doctor, shipped deck", deck)
    with tempfile.TemporaryDirectory() as tmp:
        text = (root / "cards" / "clues.yaml").read_text("utf-8")
        head, cards = text.split("\ncards:\n", 1)
        kept = "\n  - id:".join(cards.split("\n  - id:")[:9])
        cut = Path(tmp) / "cut.yaml"
        cut.write_text(head.replace("board: ../", f"board: {root}/", 1) + "\ncards:\n" + kept
                       + "\n", "utf-8")
        small = Workspace().load(cut, "deck")
        if small is not None:
            run("doctor, shipped deck cut to 8 cards", small)
        rng = random.Random(500)
        cols, rows = 25, 20
        zones, roads = [], []
        for i in range(cols):
            for j in range(rows):
                region = ("A", "B", "C", "D")[(i >= cols // 2) * 2 + (j >= rows // 2)]
                size = rng.choice(["capital", "town", "village", "village"])
                tags = rng.sample(["port", "market", "fort", "mine"], rng.randint(0, 2))
                zones.append(f"  - {{region: {region}, number: {i * rows + j + 1}, city: C{i}x{j}, "
                             f"size: {size}, at: [{20 + 40 * i + rng.randint(-8, 8)}, "
                             f"{20 + 40 * j + rng.randint(-8, 8)}], tags: [{', '.join(tags)}]}}")
        ids = {(i, j): f"{('A', 'B', 'C', 'D')[(i >= cols // 2) * 2 + (j >= rows // 2)]} "
                       f"{i * rows + j + 1}" for i in range(cols) for j in range(rows)}
        for (i, j), a in ids.items():
            for b in (ids.get((i + 1, j)), ids.get((i, j + 1))):
                if b is not None and (rng.random() < 0.8 or j == 0):
                    roads.append(f"  - {{from: {a}, to: {b}}}")
        w, h = 40 * cols + 20, 40 * rows + 20
        board_file = Path(tmp) / "big.yaml"
        board_file.write_text("\n".join([
            "id: big", f"size: [{w}, {h}]", f"outline: [[0, 0], [{w}, 0], [{w}, {h}], [0, {h}]]",
            "regions: [{id: A}, {id: B}, {id: C}, {id: D}]",
            "minimap: {hole_diameter: 0.4, min_bridge: 0}",  # 500 holes: a synthetic card
            "zones:", *zones, "roads:", *roads, ""]), "utf-8")
        bws = Workspace()
        board = bws.load(board_file, "board")
        if board is None:
            print("doctor, 500 places: the synthetic board does not load:\n" + bws.report.format())
            return
        t = time.perf_counter()
        pool = candidate_pool(board)
        t_pool = time.perf_counter() - t
        picks = rng.sample(pool, min(300, len(pool)))
        import yaml as _yaml

        deck_file = Path(tmp) / "big-deck.yaml"
        deck_file.write_text(_yaml.safe_dump({
            "kind": "deck", "board": "big.yaml", "box_cards": 300,
            "cards": [{"id": f"c{k}", "where": c.predicate.to_yaml_data()}
                      for k, c in enumerate(picks)]}, allow_unicode=True), "utf-8")
        t = time.perf_counter()
        big = Workspace().load(deck_file, "deck")
        t_load = time.perf_counter() - t
        if big is None:
            print("doctor, 500 places: the synthetic deck does not load")
            return
        print(f"doctor, 500 places: candidate pool {len(pool)} cards in {t_pool:.1f} s; "
              f"300-card deck loaded and solved in {t_load:.1f} s")
        run("doctor, 500 places x 300 cards", big)


# == end DECK HELPER ====================================================================


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 500-place instance")
    parser.add_argument(
        "--milp-budget", type=float, default=15.0, help="seconds of MILP on the 500-place instance"
    )
    parser.add_argument(
        "--sample", type=int, default=6, help="places of the 500 checked by plain deepening"
    )
    args = parser.parse_args()
    start = time.perf_counter()
    bench_small()
    bench_default_deck()
    if not args.quick:
        bench_large(args.sample, args.milp_budget)
    bench_draws()
    default_deck_figures()
    bench_doctor()
    print(f"total {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
