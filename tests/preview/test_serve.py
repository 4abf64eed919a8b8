"""``resistance preview --serve`` in a real browser: a save reloads the page, a broken
file shows its diagnostics instead of a stale picture, and the page recovers."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    for folder in ("scenarios", "cards"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    proc = subprocess.Popen(
        [sys.executable, "-m", "authoring", "preview", "scenarios/scenario-1.yaml", "--serve",
         "--port", "0"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("serving http://127.0.0.1:"), line + proc.stderr.read()
        yield line.split()[1], tmp_path / "scenarios/boards/island.yaml"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_save_reloads_the_page_and_a_broken_file_shows_its_diagnostics(
        served: tuple[str, Path], open_page: Any) -> None:
    url, board = served
    page = open_page(url)
    assert page.locator("#z15").get_attribute("aria-label") == "N-E 1 Grève-Blanche"
    page.locator('.card[data-c="0"]').click()  # a stack, kept across the reloads
    good = board.read_text(encoding="utf-8")
    board.write_text(good.replace("city: Grève-Blanche", "city: Grève-Noire"), encoding="utf-8")
    page.wait_for_function(
        "document.getElementById('z15').getAttribute('aria-label') === 'N-E 1 Grève-Noire'",
        timeout=5000)
    assert page.locator('.card[data-c="0"]').get_attribute("aria-pressed") == "true"
    board.write_text(good.replace("size: town, at: [507, 257]", "size: twon, at: [507, 257]"),
                     encoding="utf-8")
    page.wait_for_selector("#diagnostics.errors", timeout=5000)
    assert "did you mean 'town'?" in page.locator("#diagnostics").text_content()
    assert page.locator("#map .zone").count() == 59  # what still loads, not a stale picture
    board.write_text(good, encoding="utf-8")
    page.wait_for_selector("#diagnostics.warnings", timeout=5000)  # scenario 1's own warning
    assert page.locator("#map .zone").count() == 60
    assert page.errors == []
