"""One headless Chromium for every browser test of the preview (a session fixture).

Chromium is Debian's ``chromium`` (``.ci/run`` installs it with apt when it is
missing), driven by Playwright with that executable; ``RESISTANCE_CHROMIUM`` names
another. Without a browser, or without Playwright, the browser tests skip and say
how to install one.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
HOW = ("no Chromium for the browser tests: install one with `apt-get install chromium` "
       "(Debian; .ci/run does it) and `pip install -e \".[test]\"` (Playwright), or name a "
       "Chrome/Chromium executable in RESISTANCE_CHROMIUM")
#: where the screenshots go for a person to look at (git-ignored)
SHOTS = Path(__file__).resolve().parents[2] / "output" / "preview-tests"


def chromium_path() -> str | None:
    for candidate in (os.environ.get("RESISTANCE_CHROMIUM"), "/usr/bin/chromium",
                      shutil.which("chromium"), shutil.which("chromium-browser"),
                      shutil.which("google-chrome")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


def _missing() -> None:
    """No browser: a failure that says how to install one (.ci/run does), never a skip:
    a skipped test does not run."""
    pytest.fail(f"no browser for the preview tests: {HOW}")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing()
    exe = chromium_path()
    if exe is None:
        _missing()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def open_page(browser: Any) -> Iterator[Any]:
    """``open_page(url, width=1400, height=950)`` → a page that records console errors in
    ``page.errors``; closed after the test."""
    pages: list[Any] = []

    def opener(url: str, width: int = 1400, height: int = 950) -> Any:
        page = browser.new_page(viewport={"width": width, "height": height})
        page.errors = []
        page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.goto(url)
        pages.append(page)
        return page

    yield opener
    for page in pages:
        page.close()
