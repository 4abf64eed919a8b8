"""``benchmarks/monotone.py`` (whether more help ever costs the team games): its drop flag
reads paired games, and its settings reach the games it plays (a benchmark that measured
the same game at every setting would report a flat series and no drop)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from authoring.model.game import load_game
from authoring.model.workspace import default_path

ROOT = Path(__file__).resolve().parents[2]


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_monotone", ROOT / "benchmarks/monotone.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_a_drop_is_paired_games_lost_beyond_noise() -> None:
    bench = _bench()
    before = [True] * 30 + [False] * 30
    worse = [False] * 20 + [True] * 10 + [False] * 30  # 20 seeds lost, none won: z = -4.5
    noisy = [False, False] + [True] * 28 + [True] + [False] * 29  # 2 lost, 1 won
    line, drops = bench.series_line("x", ["a", "b"], [before, worse])
    assert drops == 1 and line.endswith("DROP")
    line, drops = bench.series_line("x", ["a", "b"], [before, noisy])
    assert drops == 0 and line.endswith("lower")
    line, drops = bench.series_line("x", ["a", "b"], [before, before])
    assert drops == 0 and "DROP" not in line and "lower" not in line


def test_the_settings_reach_the_game() -> None:
    bench = _bench()
    model = load_game(default_path("scenarios", "scenario-1.yaml"))
    base = bench.game_for(model, "normal", "speed", 4.0)
    assert bench.game_for(model, "normal", "officers", 2.0).officers == base.officers + 2
    assert bench.game_for(model, "normal", "officers", -99.0).officers == 1
    fast = bench.game_for(model, "normal", "speed", 8.0)
    assert fast.action_budget == 2 * base.action_budget  # D10.1: timer × actions a minute
