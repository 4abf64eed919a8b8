"""Rules engine speed (a benchmark, not a test: these machines are noisy).

Prints, on scenario 1 with 4 players (one process), each figure with its ratio to the
BASELINE below (× > 1: better):
- ``clone()`` in µs (goal ≤ 5 µs), 50 clones held at a time: with Python's default cycle
  collector, and with the collector as a study's process sets it while it plays
  (:func:`authoring.engine.simulate.fewer_collections`, where a search bot clones); and a
  JSON round-trip of the state;
- ``legal_actions``, one player's ``legal_for`` and ``why_illegal`` (on legal actions) in
  µs, on states met in random games;
- random games per second with the engine's cheap random policy
  (:func:`authoring.engine.api.random_action`: a random player, then one of that
  player's legal actions or ``end``, in the compiled loop a study's random games run;
  goal ≥ 5,000), and with every action drawn uniformly from ``legal_actions``; the rate
  timed apart from the shares of setup, choosing and applying (the clock read around each
  step would be a tenth of the time);
- the simple and heuristic bots' games per second, in the loop a study plays them (goal
  for the heuristic bot's whole games: ≥ 1,000);
- the share of time per phase (setup, choosing the action, players' actions, army phase).

The engine measured is the one that runs: the compiled build where one is current
(``python -m authoring.engine.build``), else the Python sources (``RESISTANCE_PURE=1``
forces them).

Actions drawn from the legal ones are applied unchecked (``apply(..., checked=False)``),
as a simulation does; ``why_illegal`` costs a few µs more per action.

    python benchmarks/engine.py [--games N] [--against TREE]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from authoring.engine import (
    Game,
    State,
    apply,
    legal_actions,
    new_initial_state,
    why_illegal,
)
from authoring.engine.api import MAX_ROUNDS, random_action
from authoring.engine.bots import SimpleBot, play_out
from authoring.engine.heuristic import HeuristicBot
from authoring.engine.native import running
from authoring.engine.players import legal_for
from authoring.engine.rng import Rng
from authoring.engine.simulate import fewer_collections
from authoring.model.game import load_game
from authoring.model.workspace import default_path

#: the figures of the engine before the speed work (commit d676916), measured with
#: ``PYTHONPATH=<d676916 tree> python benchmarks/engine.py --games 300`` on 2026-11-25 on
#: this 2-core machine, shared and noisy (the quietest of several runs; legal_for and
#: why_illegal, which that version did not print, timed the same way as below): ratios
#: are against these, and only as good as the machine is quiet
BASELINE = {
    "clone": 10.4e-6, "json": 67.8e-6, "legal_actions": 58.8e-6, "legal_for": 17.6e-6,
    "why_illegal": 1.57e-6, "uniform": 241.0, "cheap": 591.0, "budget": 630.0,
    "simple": 84.0, "heuristic": 37.0,
}


def vs(key: str, value: float, *, rate: bool) -> str:
    """``×r``: how many times better than :data:`BASELINE` (a rate up, a time down)."""
    base = BASELINE[key]
    return f"×{value / base if rate else base / value:.2f}"


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median seconds per call over ``repeat`` calls, in batches."""
    batch = max(1, repeat // 20)
    samples = []
    for _ in range(20):
        t = time.perf_counter()
        for _ in range(batch):
            fn()
        samples.append((time.perf_counter() - t) / batch)
    return statistics.median(samples)


def _without_collector(fn: Callable[[], float]) -> float:
    """``fn()`` with Python's cycle collector paused: what a call costs without the
    collector's passes over the objects it makes (a clone makes about 60)."""
    was = gc.isenabled()
    gc.disable()
    try:
        return fn()
    finally:
        if was:
            gc.enable()


def _in_a_study(fn: Callable[[], float]) -> float:
    """``fn()`` with the cycle collector set as a study's process sets it while it plays
    its games, a search bot's clones among them (:func:`~authoring.engine.simulate.fewer_collections`:
    a pass every 10,000 allocations, the objects alive before set aside)."""
    with fewer_collections():
        return fn()


def sample_states(game: Game, n: int) -> list[State]:
    out: list[State] = []
    seed = 0
    while len(out) < n:
        s = new_initial_state(game, seed)
        r = random.Random(seed)
        while s.outcome is None:
            acts = legal_actions(game, s)
            if s.phase == "players" and s.pending is None and r.random() < 0.2:
                out.append(s.clone())
            apply(game, s, r.choice(acts))
        seed += 1
    return out[:n]


def random_games(game: Game, games: int, policy: str) -> tuple[float, dict[str, float], float]:
    """Games a second with a random policy, the shares of its time (setup, choosing,
    applying) and its actions a game. The rate is timed on a loop that times nothing
    else (``cheap``: the compiled loop a study's random games run,
    :func:`~authoring.engine.bots.play_out`); the shares on a second pass that reads the
    clock around each step (three clock reads an action: about a tenth of a random game's
    time, left out of the rate)."""
    start = time.perf_counter()
    actions = 0
    for seed in range(games):
        s = new_initial_state(game, seed)
        rng = Rng(seed ^ 0x5EED)
        if policy == "uniform":
            while s.outcome is None:
                acts = legal_actions(game, s)
                apply(game, s, acts[rng.below(len(acts))], checked=False)
                actions += 1
        else:
            actions += len(play_out(game, s, None, rng, MAX_ROUNDS))
    rate = games / (time.perf_counter() - start)
    phases = {"setup": 0.0, "choose": 0.0, "apply": 0.0}
    start = time.perf_counter()
    for seed in range(games):
        t0 = time.perf_counter()
        s = new_initial_state(game, seed)
        rng = Rng(seed ^ 0x5EED)
        phases["setup"] += time.perf_counter() - t0
        while s.outcome is None:
            t1 = time.perf_counter()
            if policy == "uniform":
                acts = legal_actions(game, s)
                a = acts[rng.below(len(acts))]
            else:
                a = random_action(game, s, rng)
            t2 = time.perf_counter()
            apply(game, s, a, checked=False)
            phases["choose"] += t2 - t1
            phases["apply"] += time.perf_counter() - t2
    total = time.perf_counter() - start
    return rate, {k: v / total for k, v in phases.items()}, actions / games


def army_share(game: Game, games: int) -> float:
    """Share of ``apply`` time spent after the players' phase ends (army phase and what
    follows up to the next decision)."""
    army = total = 0.0
    for seed in range(games):
        s = new_initial_state(game, seed)
        rng = Rng(seed)
        while s.outcome is None:
            a = random_action(game, s, rng)
            t = time.perf_counter()
            apply(game, s, a)
            dt = time.perf_counter() - t
            total += dt
            if a.kind == "end" or (s.phase == "start" and a.kind != "begin"):
                army += dt
    return army / total if total else 0.0


def bot_games(game: Game, games: int, make: Callable[[int], Any] = SimpleBot) -> float:
    """Whole games a second of a bot, in the loop a study's games run
    (:func:`~authoring.engine.bots.play_out`: the legal actions listed only when the bot
    reads them, :class:`~authoring.engine.api.LazyLegal`)."""
    start = time.perf_counter()
    for seed in range(games):
        play_out(game, new_initial_state(game, seed), make(seed), Rng(seed), MAX_ROUNDS)
    return games / (time.perf_counter() - start)


def figures(games: int) -> dict[str, Any]:
    """Every figure of the benchmark (seconds per call, games per second, shares)."""
    model = load_game(default_path("scenarios", "scenario-1.yaml"))
    game = Game.create(model, players=4, difficulty="normal")
    budget = Game.create(model, players=4, difficulty="normal", action_budget=20)
    states = sample_states(game, 200)
    probes = [(s, a) for s in states[:50] for a in legal_actions(game, s)[::4]]

    def clones() -> float:
        """Seconds per ``clone()``, 50 clones held at a time."""
        return timed(lambda: [s.clone() for s in states[:50]], 200) / 50

    f: dict[str, Any] = {
        "clone": clones(),
        "clone_quiet": _without_collector(clones),
        "clone_study": _in_a_study(clones),
        "json": timed(lambda: [State.from_json(json.loads(json.dumps(s.to_json())))
                               for s in states[:10]], 20) / 10,
        "legal_actions": timed(lambda: [legal_actions(game, s) for s in states[:50]], 100) / 50,
        "legal_for": timed(lambda: [legal_for(game, s, 0) for s in states[:50]], 100) / 50,
        "why_illegal": timed(lambda: [why_illegal(game, s, a) for s, a in probes], 20)
        / len(probes),
        "sizes": statistics.mean(len(legal_actions(game, s)) for s in states),
    }
    for policy in ("cheap", "uniform"):
        f[policy], f[policy + "_shares"], f[policy + "_actions"] = random_games(game, games, policy)
    f["budget"], _, f["budget_actions"] = random_games(budget, games, "cheap")
    f["army"] = army_share(game, games // 4)
    f["simple"] = bot_games(budget, max(20, games // 10))
    f["heuristic"] = bot_games(budget, max(20, games // 10), HeuristicBot)
    return f


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--against", metavar="TREE",
                    help="also measure the engine in TREE (a checkout of another commit) in the "
                         "same run, and give the ratio to it: a fair A/B on a noisy machine")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()
    live: dict[str, Any] | None = None
    if args.against:
        out = subprocess.run([sys.executable, __file__, "--games", str(args.games), "--json"],
                             env={**os.environ, "PYTHONPATH": args.against}, check=True,
                             capture_output=True, text=True).stdout
        live = json.loads(out)
    f = figures(args.games)
    if args.json:
        print(json.dumps(f))
        return

    def ratio(key: str, *, rate: bool) -> str:
        out = vs(key, f[key], rate=rate)
        if live is not None:
            v, b = f[key], live[key]
            out += f" (×{v / b if rate else b / v:.2f} vs {args.against})"
        return out

    print("engine benchmark — scenario 1, 4 players, normal (one process); ×: "
          "ratio to the figures of d676916" + (f", then to {args.against} now" if live else ""))
    print(f"  engine: {running()} (python -m authoring.engine.build compiles it; "
          "RESISTANCE_PURE=1 runs the sources)")
    for key, label, goal in (("clone", "clone()", 5e-6), ("json", "state JSON round-trip", None),
                             ("legal_actions", "legal_actions", None),
                             ("legal_for", "legal_for (one player)", None),
                             ("why_illegal", "why_illegal (legal actions)", None)):
        extra = ""
        if key == "clone" and goal:
            study = f["clone_study"]
            extra = (f"  (goal ≤ 5 µs: {'met' if f[key] <= goal else 'NOT met'} with Python's "
                     f"default collector; {study * 1e6:.1f} µs with the collector as a study's "
                     f"process sets it, {'met' if study <= goal else 'NOT met'}; "
                     f"{f['clone_quiet'] * 1e6:.1f} µs without the collector's passes over the "
                     "copies)")
        if key == "legal_actions":
            extra = f"  ({f['sizes']:.0f} legal actions on average)"
        print(f"  {label:28s} {f[key] * 1e6:8.1f} µs   {ratio(key, rate=False)}{extra}")
    for policy in ("cheap", "uniform"):
        sh = f[policy + "_shares"]
        label = "uniform over legal_actions" if policy == "uniform" else "random_action policy"
        target = (f"; goal ≥ 5,000: {'met' if f[policy] >= 5000 else 'NOT met'}"
                  if policy == "cheap" else "")
        print(f"  random games, {label:27s}{f[policy]:8.0f} games/s {ratio(policy, rate=True)}  "
              f"({f[policy + '_actions']:.0f} actions/game; setup {sh['setup']:.0%}, choosing "
              f"{sh['choose']:.0%}, apply {sh['apply']:.0%}{target})")
    print(f"  random games, D10.1 budget 20 per phase {f['budget']:6.0f} games/s "
          f"{ratio('budget', rate=True)}  ({f['budget_actions']:.0f} actions/game)")
    print(f"  army phase share of apply    {f['army']:8.0%}")
    print(f"  simple bot (budget 20)       {f['simple']:8.0f} games/s {ratio('simple', rate=True)}")
    print(f"  heuristic bot (budget 20)    {f['heuristic']:8.0f} games/s "
          f"{ratio('heuristic', rate=True)}  (goal ≥ 1,000: "
          f"{'met' if f['heuristic'] >= 1000 else 'NOT met'})")


if __name__ == "__main__":
    main()
