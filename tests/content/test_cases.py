"""The broken content files of tests/cases/content/, each with exactly one problem.

Top-level cases are single files; a sub-folder holds a small box (its own
``manifest.yaml``) for the cross-file checks: recipes against the item file,
counts against the manifest. ``<name>.expected`` holds the exact report.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from authoring.model.workspace import Workspace

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases" / "content"
EXPECTED = sorted(CASES.rglob("*.expected"))


def _report(path: Path) -> Workspace:
    ws = Workspace()
    ws.load(path.relative_to(ROOT))
    return ws


@pytest.mark.parametrize("expected", EXPECTED, ids=lambda p: str(p.relative_to(CASES)))
def test_case_reports_exactly_its_problem(expected: Path) -> None:
    ws = _report(expected.with_suffix(".yaml"))
    assert ws.report.format() + "\n" == expected.read_text("utf-8")
    assert len(ws.report) == 1, "a case holds exactly one problem"


def test_every_case_has_its_expected_file() -> None:
    helpers = {"manifest.yaml", "items.yaml"}
    cases = [p for p in CASES.rglob("*.yaml") if p.parent == CASES or p.name not in helpers]
    missing = [str(p) for p in cases if not p.with_suffix(".expected").exists()]
    assert missing == []
    assert len(cases) == 25


def test_a_helper_box_reports_only_the_problem_of_its_case() -> None:
    for manifest in CASES.glob("*/manifest.yaml"):
        ws = Workspace()
        assert ws.load(manifest.relative_to(ROOT)) is not None
        expected = "".join(p.read_text("utf-8") for p in manifest.parent.glob("*.expected"))
        got = ws.report.format()
        assert got == "" or got + "\n" == expected
