"""Validation time against the number of bad entries: it must grow linearly (prints figures).

Run from the repository root: ``python3 benchmarks/validate.py``. An item file of N cards,
each with two mistakes (a misspelled kind and an unknown key), is validated in-process as
``resistance validate`` does; the figure is the time for 1k, 4k and 16k cards and the
ratio 16k/4k (linear growth: about 4; the goal is at most 5).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from authoring.io.diagnostics import Report
from authoring.model.workspace import Workspace

ROOT = Path(__file__).resolve().parent.parent


def bad_items(n: int) -> str:
    lines = ["kind: items", "items:"]
    for i in range(n):
        lines += [f"  - id: card-{i}", "    title: {fr: Carte, en: Card}",
                  "    kind: uselss", "    copies: 1", "    colour: red"]
    return "\n".join(lines) + "\n"


def time_validate(folder: Path, n: int) -> tuple[float, int]:
    path = folder / "items.yaml"
    path.write_text(bad_items(n), encoding="utf-8")
    start = time.perf_counter()
    report = Report()
    Workspace(report=report).load(path, "items")
    return time.perf_counter() - start, len(report.errors)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "cards"
        shutil.copytree(ROOT / "cards", folder)
        print("validation benchmark — an item file with two mistakes per card")
        times = {}
        for n in (1000, 4000, 16000):
            seconds, errors = time_validate(folder, n)
            times[n] = seconds
            print(f"  {n:>6} cards: {seconds:6.2f} s, {errors} errors")
        print(f"  ratio 16k/4k: {times[16000] / times[4000]:.2f} (linear: about 4; goal ≤ 5)")


if __name__ == "__main__":
    main()
