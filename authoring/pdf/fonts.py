"""Fonts shipped with the package (DejaVu, French accents) and a reproducible canvas.

No system font is ever used: every text is set in a TrueType font from
``authoring/fonts/``, embedded in the PDF. The font names and their registration
live in :mod:`authoring.pdf.canvas` (the kit's document); this module keeps the
short names the board preview uses and a bare reproducible canvas.
"""

from __future__ import annotations

from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from authoring.pdf.canvas import FONT_BOLD as BOLD
from authoring.pdf.canvas import FONT_CONDENSED as CONDENSED
from authoring.pdf.canvas import FONT_CONDENSED_BOLD as CONDENSED_BOLD
from authoring.pdf.canvas import FONT_REGULAR as REGULAR
from authoring.pdf.canvas import register_fonts

__all__ = ["BOLD", "CONDENSED", "CONDENSED_BOLD", "REGULAR", "new_canvas", "register"]


def register() -> None:
    """Register the shipped fonts with ReportLab (once; see :func:`register_fonts`)."""
    register_fonts()


def new_canvas(target: str | BinaryIO, pagesize: tuple[float, float], *, title: str = "") -> Canvas:
    """A ReportLab canvas whose bytes depend only on what is drawn (invariant mode:
    fixed dates and ids), with the shipped fonts registered."""
    register()
    c = Canvas(target, pagesize=pagesize, invariant=1, pageCompression=1)
    c.setTitle(title)
    c.setAuthor("Project: Resistance authoring toolkit")
    c.setCreator("resistance")
    c.setFont(REGULAR, 10)
    return c
