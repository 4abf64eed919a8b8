"""The browser preview: export time, page size, stacking time in the browser (prints figures).

Run from the repository root: ``python3 benchmarks/preview.py``. Figures, not timed
assertions. Goals: the shipped scenario exports in < 1 s to a page < 2 MB; stacking a
card updates the map in < 50 ms (measured in headless Chromium on a generated board of
500 places with a deck of 300 cards, when a Chromium is installed).
"""

from __future__ import annotations

import math
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def big_game(folder: Path, places: int = 500, cards: int = 300, seed: int = 1) -> Path:
    """A board of ``places`` zones on a jittered grid (4 regions, roads to the grid
    neighbours, every fifth a mountain path) and a deck of ``cards`` cards with explicit
    places (35–60 % of them, as the density band asks); returns the deck file."""
    rng = random.Random(seed)
    cols = math.ceil(math.sqrt(places * 4 / 3))
    rows = math.ceil(places / cols)
    step = 20.0
    w, h = cols * step + 40, rows * step + 40
    regions = ["N-O", "N-E", "S-E", "S-O"]
    colours = ["#3f7fbf", "#8a5fa8", "#d9a13b", "#5e9a4a"]
    zones, ids = [], {}
    numbers = dict.fromkeys(regions, 0)
    for k in range(places):
        r, c = divmod(k, cols)
        region = regions[(2 if r < rows / 2 else 0) + (1 if c >= cols / 2 else 0)]
        numbers[region] += 1
        x = 30 + c * step + rng.uniform(-5, 5)
        y = 30 + r * step + rng.uniform(-5, 5)
        size = "capital" if numbers[region] == 1 else "town" if numbers[region] % 10 == 0 else "village"
        ids[(r, c)] = f"{region} {numbers[region]}"
        zones.append(f"  - {{region: {region}, number: {numbers[region]}, city: C{k}, "
                     f"size: {size}, at: [{x:.1f}, {y:.1f}]}}")
    roads = []
    for (r, c), zid in ids.items():
        for nb in ((r, c + 1), (r + 1, c)):
            if nb in ids:
                kind = ", kind: mountain" if rng.random() < 0.2 else ""
                roads.append(f"  - {{from: {zid}, to: {ids[nb]}{kind}}}")
    board = [
        "kind: board", "id: big", "name: Big island", f"size: [{w:.0f}, {h:.0f}]",
        f"outline: [[10, 10], [{w - 10:.0f}, 10], [{w - 10:.0f}, {h - 10:.0f}], [10, {h - 10:.0f}]]",
        "regions:", *[f'  - {{id: {r}, name: {r}, colour: "{c}"}}' for r, c in zip(regions, colours, strict=True)],
        "zones:", *zones, "roads:", *roads,
        "minimap: {window: [4, 4, 55, 62], hole_diameter: 0.5, min_bridge: 0.1}",
    ]
    (folder / "board.yaml").write_text("\n".join(board) + "\n", encoding="utf-8")
    all_ids = list(ids.values())
    lines = ["kind: deck", "board: board.yaml", "cards:"]
    for i in range(cards):
        chosen = [z for z in all_ids if rng.random() < rng.uniform(0.35, 0.6)]
        lines.append(f"  - {{id: c{i}, title: Card {i}, places: [{', '.join(chosen)}]}}")
    deck = folder / "deck.yaml"
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return deck


def export(path: Path, out: Path) -> tuple[float, int, int]:
    """Seconds to load and render, page bytes, zones drawn."""
    from authoring.preview import load_for_preview, render

    start = time.perf_counter()
    shown = load_for_preview(path)
    html = render(shown)
    seconds = time.perf_counter() - start
    out.write_text(html, encoding="utf-8")
    return seconds, len(html.encode()), len(shown.board.zones) if shown.board else 0


def _command(path: Path, out: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "authoring", "preview", str(path), "-o", str(out)],
                   check=True, capture_output=True)
    return time.perf_counter() - start


def stacking_ms(page_file: Path, card_ids: list[str]) -> list[tuple[float, float]] | None:
    """Milliseconds to stack 1, 2, … of ``card_ids`` in headless Chromium: the page's
    update, and until the next frame is painted (None: no browser)."""
    chromium = Path("/usr/bin/chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    if not chromium.exists():
        return None
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(chromium), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 950})
        page.goto(page_file.resolve().as_uri())
        times = []
        for k in range(1, len(card_ids) + 1):
            # the update plus the browser's style, layout and paint of the next frame
            times.append(tuple(page.evaluate(
                "ids => new Promise(done => { const t0 = performance.now();"
                " const update = window.previewStack(ids); requestAnimationFrame(() =>"
                " setTimeout(() => done([update, performance.now() - t0]), 0)); })",
                card_ids[:k])))
        browser.close()
        return times


def main() -> None:
    print("preview benchmark — export time, page size, stacking in the browser")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shipped = ROOT / "scenarios" / "scenario-1.yaml"
        command = min(_command(shipped, folder / "cli.html") for _ in range(3))
        export(shipped, folder / "warm.html")
        seconds, size, zones = export(shipped, folder / "shipped.html")
        print(f"  shipped scenario 1: `resistance preview` {command:.2f} s (the whole command, "
              f"imports included), {seconds:.2f} s in a warm process; {size / 1e6:.2f} MB, "
              f"{zones} places (goals < 1 s, < 2 MB)")
        _print_stack(stacking_ms(folder / "shipped.html", ["nord", "cotiere", "montagne"]))
        deck = big_game(folder)
        seconds, size, zones = export(deck, folder / "big.html")
        print(f"  generated board, 500 places, 300 cards: {seconds:.2f} s, {size / 1e6:.2f} MB, "
              f"{zones} places")
        _print_stack(stacking_ms(folder / "big.html", [f"c{i}" for i in range(6)]))


def _print_stack(times: list[tuple[float, float]] | None) -> None:
    if times is None:
        print("    stacking: no browser (apt-get install chromium; pip install playwright)",
              file=sys.stderr)
        return
    update = " / ".join(f"{u:.1f}" for u, _ in times)
    frame = " / ".join(f"{f:.1f}" for _, f in times)
    print(f"    stacking 1..{len(times)} cards: update {update} ms; to the painted frame "
          f"{frame} ms (goal < 50 ms; worst {max(f for _, f in times):.1f})")


if __name__ == "__main__":
    main()
