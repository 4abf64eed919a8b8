"""Every bad input file in tests/cases/ with its exact expected diagnostics.

``tests/cases/<folder>/<name>.yaml`` is checked as ``resistance validate`` checks it (as
kind ``<folder>`` when that is a registered kind, otherwise by detection; a scenario also
for what the rules engine needs) and its diagnostics must equal
``<name>.expected`` line for line. Regenerate after a deliberate wording change with
``UPDATE_EXPECTED=1 pytest tests/test_cases.py`` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from authoring.cli.validate import check_path
from authoring.model.workspace import KINDS, Workspace

CASES = Path(__file__).resolve().parent / "cases"
FILES = sorted(p for p in CASES.rglob("*.yaml") if p.parent.parent == CASES)


def _diagnostics(path: Path) -> str:
    folder = path.parent.name
    ws = Workspace()
    check_path(ws, path.relative_to(CASES.parent.parent), folder if folder in KINDS else None)
    return ws.report.format() + "\n" if len(ws.report) else ""


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_case(path: Path) -> None:
    expected_file = path.with_suffix(".expected")
    got = _diagnostics(path)
    if os.environ.get("UPDATE_EXPECTED"):
        expected_file.write_text(got, "utf-8")
    assert expected_file.exists(), f"missing {expected_file.name}: run with UPDATE_EXPECTED=1"
    assert got == expected_file.read_text("utf-8")


def test_every_broken_case_fails_and_the_reference_passes() -> None:
    for path in FILES:
        text = (
            path.with_suffix(".expected").read_text("utf-8")
            if path.with_suffix(".expected").exists()
            else ""
        )
        if path.stem.startswith("ok-"):
            assert ": error:" not in text, path
        else:
            assert text.strip(), f"{path} is a broken case but reports nothing"
