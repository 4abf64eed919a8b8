"""The ``search`` bot's speed and strength (a benchmark, not a test).

Prints, on scenario 1 with 4 players: the search bot's games per second at its default
budget (one process), the win rates of the heuristic team and of the search team on easy
and normal with their 95 % Wilson intervals (the same seeded games for both), and the
budget sweep (half, once and twice the budget) on easy. Studies run in ``--jobs``
processes (the results are the same for any number). Tune on some seeds, confirm on others
(``--seed``). ``--games 240 --no-sweep`` gives the default's figures of the README's
table (seed 1; ``--budget B`` the other rows of the opening search), in about 10 minutes
on 2 cores.

``--fit`` instead refits the search's evaluation (:data:`authoring.engine.search.WEIGHTS`):
it plays heuristic games of every shipped scenario, level and player count (3–5), takes the
state at the start of each round with the game's outcome, fits the logistic model over
:func:`~authoring.engine.search.features` (Newton's method, a little ridge) and prints the
weights and the held-out log loss (numpy, which shapely brings).

    python benchmarks/search.py [--games N] [--jobs J] [--budget B] [--seed S] [--no-sweep]
    python benchmarks/search.py --fit [--fit-games N] [--jobs J]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from authoring.engine.api import LazyLegal, apply, new_initial_state
from authoring.engine.heuristic import HeuristicBot
from authoring.engine.search import DEFAULT_BUDGET, FEATURES, features
from authoring.engine.simulate import Study, game_seed, run_study, wilson
from authoring.engine.view import PublicView
from authoring.model.game import GameModel, load_game
from authoring.model.workspace import default_path

#: the scenarios the evaluation is fitted on
FIT_SCENARIOS = ("scenario-1", "scenario-2", "scenario-3", "initiation")


def round_starts(job: tuple[str, str, int, int, int]) -> list[tuple[list[float], int]]:
    """The features of every round's first decision of ``games`` heuristic games of one
    cell, each with the game's outcome (1 won)."""
    name, difficulty, players, seed, games = job
    model = load_game(default_path("scenarios", f"{name}.yaml"))
    study = Study(games=1, difficulties=(difficulty,), players=(players,), seed=seed)
    game = study.game(model, study.cells[0])
    out: list[tuple[list[float], int]] = []
    for i in range(games):
        state = new_initial_state(game, game_seed(seed, i), study.max_rounds)
        bot = HeuristicBot(game_seed(seed, i) ^ 0xB07)
        rows, last = [], -1
        while state.outcome is None:
            if state.round != last:
                last = state.round
                rows.append(features(game, state))
            seat = state.pending.player if state.pending is not None else 0
            a = bot.act(game, PublicView(game, state, seat), LazyLegal(game, state))
            apply(game, state, a, study.max_rounds, checked=False)
        out.extend((r, int(state.outcome.won)) for r in rows)
    return out


def fit(games: int, jobs: int) -> None:
    """Refit the evaluation and print its weights (see the module docstring)."""
    import numpy as np

    cells = [(name, d, p) for name in FIT_SCENARIOS for d in ("easy", "normal", "hard")
             for p in (3, 4, 5)]
    work = [(name, d, p, 900 + i, games) for i, (name, d, p) in enumerate(cells)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(round_starts, work))
    else:
        parts = [round_starts(w) for w in work]
    data = [row for part in parts for row in part]
    x = np.array([r for r, _ in data])
    y = np.array([w for _, w in data], dtype=float)

    def newton(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
        w = np.zeros(x.shape[1])
        reg = ridge * len(y) * np.diag(np.r_[0.0, np.ones(x.shape[1] - 1)])
        for _ in range(50):
            p = 1 / (1 + np.exp(-x @ w))
            w = w - np.linalg.solve((x * (p * (1 - p))[:, None]).T @ x + reg,
                                    x.T @ (p - y) + reg @ w)
        return w

    def loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
        p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-6, 1 - 1e-6)
        return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))

    order = np.random.default_rng(0).permutation(len(y))
    cut = int(0.7 * len(y))
    train, test = order[:cut], order[cut:]
    held = newton(x[train], y[train])
    rate = float(y[train].mean())
    base = -float(np.mean(y[test] * np.log(rate) + (1 - y[test]) * np.log(1 - rate)))
    print(f"{len(y)} round starts of {games * len(cells)} heuristic games; held-out log "
          f"loss {loss(x[test], y[test], held):.3f} against {base:.3f} for the base rate")
    w = newton(x, y)
    for name, c in zip(FEATURES, w, strict=True):
        print(f"  {name:<22} {c:+.3f}")
    print("WEIGHTS = (" + ", ".join(f"{c:.3f}" for c in w) + ")")


def rate(model: GameModel, study: Study, executor: Executor | None
         ) -> tuple[int, int, float]:
    """Wins, games and seconds of a one-cell study."""
    t = time.perf_counter()
    records = next(iter(run_study(model, study, executor, chunk=5).values()))
    return sum(r.won for r in records), len(records), time.perf_counter() - t


def line(label: str, wins: int, n: int, secs: float) -> str:
    lo, hi = wilson(wins, n)
    return (f"  {label:<28} win {wins / n:6.1%} [{lo:6.1%}, {hi:6.1%}]  ({n} games, "
            f"{n / secs:6.2f} games/s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games per cell")
    ap.add_argument("--jobs", type=int, default=2, help="processes for the studies")
    ap.add_argument("--budget", type=int, default=DEFAULT_BUDGET,
                    help="the search budget compared (futures per decision)")
    ap.add_argument("--seed", type=int, default=1, help="the studies' seed")
    ap.add_argument("--speed-games", type=int, default=10,
                    help="games timed in one process at the default budget")
    ap.add_argument("--no-sweep", action="store_true", help="skip the budget sweep")
    ap.add_argument("--fit", action="store_true", help="refit the search's evaluation")
    ap.add_argument("--fit-games", type=int, default=120,
                    help="heuristic games per cell for --fit")
    args = ap.parse_args()
    if args.fit:
        fit(args.fit_games, args.jobs)
        return
    model = load_game(default_path("scenarios", "scenario-1.yaml"))
    print(f"search benchmark — scenario 1, 4 players (default budget {DEFAULT_BUDGET} "
          "futures per decision)")
    speed = Study(games=args.speed_games, difficulties=("easy",), players=(4,), bot="search",
                  seed=7)
    _, n, secs = rate(model, speed, None)
    print(f"  search at the default budget: {n / secs:.2f} games/s (one process, {n} games "
          "of easy)")
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    once: tuple[int, int, float] | None = None
    try:
        for difficulty in ("easy", "normal"):
            print(f"{difficulty}, 4 players (seed {args.seed}):")
            for bot, budget in (("heuristic", None), ("search", args.budget)):
                study = Study(games=args.games, difficulties=(difficulty,), players=(4,),
                              bot=bot, seed=args.seed, search_budget=budget)
                label = bot if budget is None else f"{bot} (budget {budget})"
                got = rate(model, study, pool)
                if budget is not None and difficulty == "easy":
                    once = got
                print(line(label, *got), flush=True)
        if not args.no_sweep:
            print(f"budget sweep, easy, 4 players (seed {args.seed}):")
            for budget in sorted({max(1, args.budget // 2), args.budget, args.budget * 2}):
                study = Study(games=args.games, difficulties=("easy",), players=(4,),
                              bot="search", seed=args.seed, search_budget=budget)
                got = once if budget == args.budget and once is not None else rate(
                    model, study, pool)
                print(line(f"search (budget {budget})", *got), flush=True)
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
