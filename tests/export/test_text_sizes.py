"""Legible ink (issue 14): every string of every PDF the export writes is
measured as printed — through every page, form and text matrix — and nothing on
cards, sheets, aids, tokens, the board or the print notes is set below 6 pt. A
miniature map (a scenario sheet's island, the poster's page map) sets its labels
at 4 pt at least and leaves out those it cannot."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from authoring.cli import cli
from authoring.model.workspace import default_path
from authoring.pdf.canvas import MIN_TEXT_PT, MINIATURE_TEXT_PT

from .pdfcheck import TextRun, text_runs

SCENARIO_1 = default_path("scenarios", "scenario-1.yaml")


def export(out: Path, *args: str) -> list[Path]:
    r = CliRunner().invoke(cli, ["export", *args, "-o", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return sorted(out.parent.glob("*.pdf"))


def miniature(run: TextRun) -> bool:
    return any(form.startswith("/FormXob.miniature-") for form in run.forms)


def too_small(files: list[Path]) -> tuple[list[str], list[TextRun]]:
    """Strings below the minimum (as ``file p.N: 5.5 pt 'text'``), and every
    string of a miniature map."""
    bad: list[str] = []
    minis: list[TextRun] = []
    for path in files:
        reader = pypdf.PdfReader(path)
        for number, page in enumerate(reader.pages, start=1):
            for run in text_runs(reader, page):
                floor = MINIATURE_TEXT_PT if miniature(run) else MIN_TEXT_PT
                if miniature(run):
                    minis.append(run)
                if run.size < floor - 1e-6:
                    bad.append(f"{path.name} p.{number}: {run.size:.2f} pt {run.text!r}")
    return bad, minis


@pytest.mark.parametrize("args", [
    (),  # A4, French, duplex: the default kit
    ("--lang", "en", "--paper", "letter", "--duplex", "fold", "--cutter", "silhouette"),
], ids=["a4-fr", "letter-en-fold-silhouette"])
def test_nothing_printed_below_6_pt(tmp_path: Path, args: tuple[str, ...]) -> None:
    files = export(tmp_path / "kit.pdf", str(SCENARIO_1), *args)
    assert {p.name for p in files} >= {"kit.pdf", "kit-board.pdf", "kit-perforations.pdf",
                                       "kit-tokens-cut.pdf"}
    bad, minis = too_small(files)
    assert bad == []
    # the scenario sheets and the page map show the island small, with its zone ids
    # (at 4 pt) but without the city names (6 pt × 0.28 would print below 4 pt)
    zone_ids = {run.text for run in minis}
    assert {"N-O 1", "S-E 14"} <= zone_ids
    assert not zone_ids & {"Brumecôte", "Port-Ardanne"}
    assert min(run.size for run in minis) == pytest.approx(MINIATURE_TEXT_PT)


def test_a_new_game_prints_legibly_too(tmp_path: Path) -> None:
    """Another island (generated, other names and minimap), not tuned for."""
    r = CliRunner().invoke(cli, ["init", str(tmp_path / "game"), "--seed", "7"],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    scenario = next((tmp_path / "game" / "scenarios").glob("*.yaml"))
    files = export(tmp_path / "out" / "kit.pdf", str(scenario), "--cut-file", "pdf")
    bad, _ = too_small(files)
    assert bad == []
    assert len(files) >= 3


def test_the_calibration_sheet_too(tmp_path: Path) -> None:
    files = export(tmp_path / "kit.pdf", str(SCENARIO_1), "--only", "calibration")
    assert any(p.name.endswith("calibration.pdf") for p in files)
    bad, _ = too_small(files)
    assert bad == []
