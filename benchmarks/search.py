"""The ``search`` bot's speed and strength (a benchmark, not a test).

Prints, on scenario 1 with 4 players: the search bot's games per second at its default
budget (one process), the win rates of the heuristic team and of the search team on easy
and normal with their 95 % Wilson intervals (the same seeded games for both), and the
budget sweep (half, once and twice the budget) on easy. Studies run in ``--jobs``
processes (the results are the same for any number). Tune on some seeds, confirm on others
(``--seed``).

    python benchmarks/search.py [--games N] [--jobs J] [--budget B] [--seed S] [--no-sweep]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from authoring.engine.search import DEFAULT_BUDGET
from authoring.engine.simulate import Study, run_study, wilson
from authoring.model.game import GameModel, load_game
from authoring.model.workspace import default_path


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
    args = ap.parse_args()
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
