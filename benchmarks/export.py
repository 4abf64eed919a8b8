"""Print-and-play export speed: generic card sheets, cut files, layout arithmetic,
and the whole default kit (``resistance export`` of scenario 1; goal < 5 s).

Prints figures and ratios, asserts nothing (timings belong here, not in tests).

    python3 benchmarks/export.py            # 200 cards with backs, A4, long-edge; whole kit
    python3 benchmarks/export.py --cards 600 --repeat 3
    python3 benchmarks/export.py --no-kit   # primitives only
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from authoring.pdf.cards import CardBack, CardFace, CardOptions, render_calibration, render_cards
from authoring.pdf.cutfile import (
    CutSheet,
    Hole,
    default_registration_marks,
    sheet_svg,
    write_cut_pdf,
)
from authoring.pdf.layout import A4, Imposition, place_cards, tile_poster

BODY = ("Gagnez **2** cubes de réputation. Si vous êtes dans une capitale occupée, "
        "piochez une carte « Indice » de plus : défaussez-en une. ")


def faces(n: int) -> list[CardFace]:
    accents = ("#3f6f8f", "#8f3f3f", "#3f8f5f", "#7a5a2f")
    return [
        CardFace(f"Carte {i} — Élan", kind="Objet", body=BODY * (1 + i % 3),
                 icons={"C": i % 4, "M": (i + 1) % 4, "I": (i + 2) % 4}, cost=i % 5 or None,
                 art_caption="Illustration", footer=f"#{i}", accent=accents[i % 4], key=f"c{i}")
        for i in range(n)
    ]


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


KIT_GOAL_S = 5.0


def whole_kit(repeat: int) -> None:
    """The default scenario's whole kit: load, render, write; per-section times from
    the progress callback; and one cold run of the command in a fresh process."""
    from authoring.model.workspace import Workspace, default_path
    from authoring.pdf.kit import export_kit
    from authoring.pdf.section import KitOptions, inputs_from, sibling_scenarios

    scenario = default_path("scenarios", "scenario-1.yaml")
    t0 = time.perf_counter()
    ws = Workspace()
    model = ws.load(scenario, "scenario")
    t_load = time.perf_counter() - t0
    if model is None:
        print(f"whole kit        : skipped, {scenario.name} does not load:\n{ws.report.format()}")
        return
    inputs = inputs_from(model, str(scenario))
    inputs.scenarios = sibling_scenarios(ws, scenario, model)  # as the command does
    stamps: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "kit.pdf"
        result = export_kit(inputs, KitOptions(), out)  # warm: fonts, imports, geometry

        def once() -> None:
            stamps.clear()
            stamps.append(time.perf_counter())
            export_kit(inputs, KitOptions(), out, progress=lambda n: stamps.append(
                time.perf_counter()))

        t_kit = best_of(repeat, once)
        size = sum(f.path.stat().st_size for f in result.files)
        t0 = time.perf_counter()
        cold = subprocess.run([sys.executable, "-m", "authoring", "export", "-o",
                               str(Path(tmp) / "cold.pdf")], capture_output=True, text=True)
        t_cold = time.perf_counter() - t0
    pages = result.pages
    print(f"whole kit        : {pages} pages + {len(result.files) - 1} side files "
          f"({size / 1024:.0f} KiB): load {t_load:.2f} s (once), render+write {t_kit:.2f} s "
          f"→ {pages / t_kit:.1f} pages/s")
    for s in result.sections:
        if len(stamps) > s.last:
            dt = stamps[s.last] - stamps[s.first - 1]
            print(f"  {s.part:<14} p. {s.first:>2}–{s.last:<2} {dt * 1000:7.1f} ms "
                  f"({dt / t_kit * 100:4.1f} %)  {s.title}")
    status = "ok" if cold.returncode == 0 else f"exit {cold.returncode}"
    print(f"cold command     : `resistance export` in a new process {t_cold:.2f} s ({status}); "
          f"goal < {KIT_GOAL_S:g} s → {t_cold / KIT_GOAL_S:.2f} of the budget")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-kit", action="store_true", help="skip the whole-kit timing")
    args = ap.parse_args()
    n = args.cards
    deck = faces(n)
    back = CardBack("Résistance", "Objet")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        result = render_cards(deck, back, out / "warm.pdf")  # fonts, imports
        pages = result.pages
        t_cards = best_of(args.repeat, lambda: render_cards(deck, back, out / "c.pdf"))
        t_front = best_of(args.repeat, lambda: render_cards(deck, None, out / "f.pdf"))
        size = (out / "c.pdf").stat().st_size
        t_cal = best_of(args.repeat, lambda: render_calibration(out / "cal.pdf", CardOptions()))
        holes = tuple(Hole(10 + (k % 38) * 5, 10 + (k // 38) * 5, 2.0) for k in range(1400))
        sheets = [CutSheet(A4, holes, default_registration_marks(A4))] * 5
        t_svg = best_of(args.repeat, lambda: [sheet_svg(s) for s in sheets])
        t_cut = best_of(args.repeat, lambda: write_cut_pdf(sheets, out / "cut.pdf"))
    imp = Imposition(A4)
    t_layout = best_of(args.repeat, lambda: place_cards(n, imp, "long"))
    t_tiles = best_of(args.repeat, lambda: tile_poster(600, 450, A4))

    print(f"cards with backs : {n} cards, {pages} pages, {size / 1024:.0f} KiB, "
          f"{t_cards:.3f} s  → {pages / t_cards:.1f} pages/s, {n / t_cards:.0f} cards/s")
    print(f"fronts only      : {t_front:.3f} s  (backs cost {t_cards / t_front:.2f}× fronts only)")
    print(f"layout only      : {t_layout * 1000:.2f} ms for {n} placements "
          f"({t_layout / t_cards * 100:.2f} % of the render)")
    print(f"calibration      : {t_cal * 1000:.1f} ms (2 pages)")
    print(f"cut files        : 5 sheets × {len(holes)} holes: SVG {t_svg * 1000:.1f} ms, "
          f"CutContour PDF {t_cut * 1000:.1f} ms")
    print(f"poster tiling    : {t_tiles * 1e6:.0f} µs for 600 × 450 mm on A4")
    if not args.no_kit:
        whole_kit(args.repeat)


if __name__ == "__main__":
    main()
