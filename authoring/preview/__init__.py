"""The browser preview: the island and its stacking clue cards as one HTML file.

``load_for_preview`` loads a scenario, board or deck as far as it builds;
``render`` writes the self-contained page; ``serve`` keeps it live while the files
are edited (``resistance preview --serve``).
"""

from __future__ import annotations

from authoring.preview.load import Shown, load_for_preview
from authoring.preview.page import render

__all__ = ["Shown", "load_for_preview", "render"]
