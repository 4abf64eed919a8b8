"""Fonts shipped with the package (DejaVu, French accents) and a reproducible canvas.

No system font is ever used: every text is set in a TrueType font from
``authoring/fonts/``, embedded in the PDF.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, BinaryIO

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
CONDENSED = "DejaVuSansCondensed"
CONDENSED_BOLD = "DejaVuSansCondensed-Bold"
_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    CONDENSED: "DejaVuSansCondensed.ttf",
    CONDENSED_BOLD: "DejaVuSansCondensed-Bold.ttf",
}
_registered = False


def register() -> None:
    """Register the shipped fonts with ReportLab (once)."""
    global _registered
    if _registered:
        return
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, file in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, REGULAR)
    addMapping(REGULAR, 1, 1, BOLD)
    _registered = True


def new_canvas(target: str | BinaryIO, pagesize: tuple[float, float], *, title: str = "") -> Any:
    """A ReportLab canvas whose bytes depend only on what is drawn (invariant mode:
    fixed dates and ids), with the shipped fonts registered."""
    from reportlab.pdfgen.canvas import Canvas

    register()
    c = Canvas(target, pagesize=pagesize, invariant=1, pageCompression=1)
    c.setTitle(title)
    c.setAuthor("Project: Resistance authoring toolkit")
    c.setCreator("resistance")
    c.setFont(REGULAR, 10)
    return c
