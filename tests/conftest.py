"""Shared fixtures: the repository root as working directory, so diagnostics show
repository-relative paths exactly as a designer running from the checkout sees them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# CI replays the same examples every run (a submission must not fail on a new random
# draw); local runs keep exploring. The failures they find become explicit tests.
settings.register_profile("ci", derandomize=True, deadline=None, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

ROOT = Path(__file__).resolve().parent.parent

# The suite tests the rules' one home, the engine's Python sources, even where a compiled
# build (python -m authoring.engine.build) sits beside them: tests/engine/test_compiled.py
# builds its own copy and checks that it plays the same games.
os.environ["RESISTANCE_PURE"] = "1"


@pytest.fixture(autouse=True)
def _run_from_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


@pytest.fixture(autouse=True)
def _no_created_folder_notes_left_over() -> None:
    """The command line says "created the folder …" once, at the end of ``main``;
    a test that runs a command through CliRunner (no ``main``) must not leave its
    folders to be announced by the next test's command."""
    from authoring.io.yamlio import CREATED_FOLDERS

    CREATED_FOLDERS.clear()
