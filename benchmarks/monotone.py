"""Whether more help ever costs the team games (a benchmark, not a test: it plays
thousands of games).

A study's bot should never win less when the players are given more: more time (D10.1's
table speed: actions a minute), more officers in the army's reserve (R9.1: the pieces
the army may place before the players lose), an easier level. This plays the same seeds
for every setting of each series, per scenario and level (4 players, the defaults of
rules.md), and prints each series' win rates with 95 % Wilson intervals. A step is
flagged ``DROP`` when the paired games (the same seed with more help) are lost more
often than won by more than two standard errors of a sign test (z < −2), ``lower``
when the rate falls inside that noise.

    python benchmarks/monotone.py [SCENARIO ...] [--games N] [--bot BOT] [--jobs N]

Without a scenario: the shipped scenario 1, initiation, 2 and 3. The last line counts
the drops; a designer's scenario that shows one is a finding about the bot (the team
spends what it is given rather than stopping early), to read before its study.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from authoring.engine.game import Game
from authoring.engine.native import running
from authoring.engine.simulate import TABLE_SPEED, Cell, Study, game_seed, play_one, wilson
from authoring.model.game import GameModel, load_game
from authoring.model.workspace import default_path

#: table speeds tried (actions a minute, D10.1): the default 4 among them
SPEEDS = (3.0, 4.0, 6.0, 8.0, 12.0)
#: officers added to the level's reserve (R9.1)
OFFICERS = (-2, 0, 2, 4)
LEVELS = ("easy", "normal", "hard")
PLAYERS = 4
SHIPPED = ("scenario-1.yaml", "initiation.yaml", "scenario-2.yaml", "scenario-3.yaml")

#: one chunk of games: scenario path, level, series, setting, first game, games, bot
_Task = tuple[str, str, str, float, int, int, str]
_models: dict[str, GameModel] = {}


def game_for(model: GameModel, level: str, series: str, setting: float) -> Game:
    """The game a series' setting plays: the table speed, or officers added."""
    speed = setting if series == "speed" else TABLE_SPEED
    game = Study(table_speed=speed).game(model, Cell(level, PLAYERS))
    if series == "officers":
        game = dataclasses.replace(game, officers=max(1, game.officers + int(setting)))
    return game


def play(task: _Task) -> tuple[_Task, list[bool]]:
    """Each game's outcome, in seed order."""
    path, level, series, setting, start, n, bot = task
    model = _models.get(path)
    if model is None:
        model = _models[path] = load_game(path)
    game = game_for(model, level, series, setting)
    return task, [play_one(game, game_seed(1, i), bot).won for i in range(start, start + n)]


def paired_z(before: Sequence[bool], after: Sequence[bool]) -> float:
    """Sign test of ``after`` against ``before`` on the same seeds (> 0: after wins more).

    >>> round(paired_z([True, False, False, False], [True, True, True, False]), 3)
    1.414
    """
    up = sum(1 for a, b in zip(before, after, strict=True) if b and not a)
    down = sum(1 for a, b in zip(before, after, strict=True) if a and not b)
    return (up - down) / math.sqrt(up + down) if up + down else 0.0


def series_line(label: str, settings: Sequence[str], runs: Sequence[list[bool]]) -> tuple[str, int]:
    """One series as a line (rates, intervals, flags) and its count of drops."""
    parts, drops = [], 0
    for i, (s, won) in enumerate(zip(settings, runs, strict=True)):
        lo, hi = wilson(sum(won), len(won))
        flag = ""
        if i:
            z = paired_z(runs[i - 1], won)
            if z < -2:
                flag, drops = " DROP", drops + 1
            elif sum(won) < sum(runs[i - 1]):
                flag = " lower"
        parts.append(f"{s}: {sum(won) / len(won):4.0%} [{lo:.0%}, {hi:.0%}]{flag}")
    return f"  {label:<17}" + "  ".join(parts), drops


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scenarios", nargs="*", help="scenario files (default: the shipped four)")
    ap.add_argument("--games", type=int, default=400, help="games per setting")
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    paths = args.scenarios or [str(default_path("scenarios", f)) for f in SHIPPED]
    print(f"monotonicity benchmark — bot {args.bot}, {PLAYERS} players, {args.games} games "
          f"a setting, the same seeds — engine: {running()}")
    chunk = max(1, args.games // (4 * max(1, args.jobs)))
    tasks: list[_Task] = []
    for path in paths:
        for level in LEVELS:
            for series, values in (("speed", SPEEDS), ("officers", OFFICERS)):
                for v in values:
                    if series == "officers" and v == 0:
                        continue  # the games of the default table speed (:func:`runs`)
                    for s in range(0, args.games, chunk):
                        tasks.append((path, level, series, float(v), s,
                                      min(chunk, args.games - s), args.bot))
    got: dict[tuple[str, str, str, float], list[bool]] = {}

    def runs(path: str, level: str, series: str, values: Sequence[float]) -> list[list[bool]]:
        """A series' games per setting (no officer added: the default speed's games)."""
        return [got[(path, level, "speed", TABLE_SPEED) if series == "officers" and v == 0
                    else (path, level, series, float(v))] for v in values]

    t = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for task, won in pool.map(play, tasks):
            got.setdefault(task[:4], []).extend(won)
    total = 0
    for path in paths:
        print(path)
        for level in LEVELS:
            line, d = series_line(f"{level} speed", [f"{v:g}/min" for v in SPEEDS],
                                  runs(path, level, "speed", SPEEDS))
            print(line)
            total += d
            line, d = series_line(f"{level} officers", [f"{v:+d}" for v in OFFICERS],
                                  runs(path, level, "officers", OFFICERS))
            print(line)
            total += d
        line, d = series_line("levels (4/min)", ["hard", "normal", "easy"],
                              [runs(path, lv, "speed", (TABLE_SPEED,))[0]
                               for lv in ("hard", "normal", "easy")])
        print(line)
        total += d
    print(f"{total} drop{'s' * (total != 1)} (z < -2 on the same seeds); "
          f"{sum(len(v) for v in got.values())} games in "
          f"{time.perf_counter() - t:.0f} s")


if __name__ == "__main__":
    main()
