"""Balance-study speed (a benchmark, not a test).

Prints, on scenario 1 (one process unless said): heuristic-bot games per second, the
simple and random bots' for the skill ladder, the time of the default study's cells at
the given game count, and the speed-up of ``--jobs 2`` and of a Dask ``LocalCluster``
(2 workers) over one process, with a check that all give the same JSON. Each figure
comes with its ratio to the BASELINE below (× > 1: better); the goal for the heuristic
bot's whole games is ≥ 1,000 games/s per core.

The engine measured is the one that runs: the compiled build where one is current
(``python -m authoring.engine.build``), else the Python sources (``RESISTANCE_PURE=1``).

    python benchmarks/simulate.py [--games N]
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor

from authoring.engine.native import running
from authoring.engine.simulate import Study, run_study, summarise
from authoring.model.game import load_game
from authoring.model.workspace import default_path

#: the figures before the engine's speed work (commit d676916), measured with
#: ``PYTHONPATH=<d676916 tree> python benchmarks/simulate.py`` (60 games a cell) on
#: 2026-11-25 on this 2-core machine (shared: ± 20 %); ratios below are against these
BASELINE = {"heuristic": 48.0, "simple": 84.0, "random": 604.0, "lookahead": 0.36,
            "heuristic_supply": 49.0, "study_s": 10.5}


def vs(key: str, value: float, *, rate: bool = True) -> str:
    """``×r``: how many times better than :data:`BASELINE` (a rate up, a time down)."""
    base = BASELINE[key]
    return f"×{value / base if rate else base / value:.2f}"


def timed_study(model, study, executor=None):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    data = summarise(model, study, run_study(model, study, executor))
    return time.perf_counter() - t, json.dumps(data.to_json())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=60, help="games per cell")
    args = ap.parse_args()
    model = load_game(default_path("scenarios", "scenario-1.yaml"))
    print(f"simulation benchmark — scenario 1 — engine: {running()} "
          "(python -m authoring.engine.build compiles it; RESISTANCE_PURE=1 runs the sources)")
    # the cheap bots play more games: 60 random games take about 12 ms, a time the study's
    # own fixed costs and the clock's noise would make most of
    for bot, times in (("heuristic", 1), ("simple", 4), ("random", 10)):
        n = args.games * times
        study = Study(games=n, difficulties=("normal",), players=(4,), bot=bot)
        secs, data = timed_study(model, study)
        rate = json.loads(data)["cells"]["normal/4"]["win_rate"]
        print(f"  {bot:<9} bot: {n / secs:7.0f} games/s {vs(bot, n / secs)} "
              f"(one process, {n} games), win rate {rate:.0%} on normal, 4 players")
    look = max(2, args.games // 20)
    study = Study(games=look, difficulties=("normal",), players=(4,), bot="lookahead")
    secs, data = timed_study(model, study)
    print(f"  lookahead bot: {look / secs:7.2f} games/s {vs('lookahead', look / secs)} (one "
          f"process, {look} games)")
    study = Study(games=args.games, difficulties=("easy",), players=(4,), bot="heuristic",
                  decisions={"D4.2": "supply"})
    secs, data = timed_study(model, study)
    rate = json.loads(data)["cells"]["easy/4"]["win_rate"]
    print(f"  heuristic on easy (D4.2 = supply, the default): {args.games / secs:7.0f} games/s "
          f"{vs('heuristic_supply', args.games / secs)}, win rate {rate:.0%} on easy, 4 players")
    full = Study(games=args.games, bot="heuristic")
    one, ref = timed_study(model, full)
    cells = len(full.cells)
    print(f"  default study, {cells} cells × {args.games} games: {one:.1f} s with one process "
          f"{vs('study_s', one * 60 / args.games, rate=False)} (goal: 9 × 2,000 games in under a "
          f"minute, about {one * 2000 / args.games:.0f} s at this rate)")
    with ProcessPoolExecutor(2) as pool:
        two, data2 = timed_study(model, full, pool)
    print(f"  --jobs 2:        {two:.1f} s  (speed-up {one / two:.2f}×; same JSON: "
          f"{data2 == ref})")
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("  Dask: not installed (pip install -e '.[distributed]')")
        return
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        dask_s, data3 = timed_study(model, full, client.get_executor())
    print(f"  Dask LocalCluster (2 workers): {dask_s:.1f} s  (speed-up {one / dask_s:.2f}×; "
          f"same JSON: {data3 == ref})")


if __name__ == "__main__":
    main()
