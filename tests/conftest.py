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
