"""What a picture file is, without drawing it: its format and size in pixels.

Card art (``art:`` in the content files) is checked with this at validation time,
so that a missing file, a format the printer side cannot draw, or a picture too
small for print is a located warning before any export. PNG and JPEG are read
with Pillow (ReportLab's own image dependency); an SVG is vector art, whose size
is only checked to be a readable ``<svg>`` document.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

ArtFormat = Literal["png", "jpeg", "svg"]

#: the formats card art may use, by file suffix
ART_SUFFIXES: dict[str, ArtFormat] = {".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg",
                                      ".svg": "svg"}


@dataclass(frozen=True)
class ImageFacts:
    """A readable picture: its format and, for a bitmap, its size in pixels
    (``None`` for vector art, which prints sharp at any size)."""

    format: ArtFormat
    pixels: tuple[int, int] | None


class ImageProblem(ValueError):
    """A picture that cannot be used, in the designer's words."""


def image_facts(path: Path) -> ImageFacts:
    """Read what ``path`` is; :class:`ImageProblem` says why it cannot be used.

    >>> image_facts(Path("missing.png"))
    Traceback (most recent call last):
    ...
    authoring.io.images.ImageProblem: no such file
    """
    try:
        is_file, exists = path.is_file(), path.exists()
    except (OSError, ValueError):  # a name too long, a NUL byte
        raise ImageProblem("not a usable file name") from None
    if not is_file:
        raise ImageProblem("not a file" if exists else "no such file")
    fmt = ART_SUFFIXES.get(path.suffix.lower())
    if fmt is None:
        raise ImageProblem(f"'{path.suffix or path.name}' is not a picture format for card art")
    if fmt == "svg":
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError as exc:
            line, col = exc.position
            raise ImageProblem(f"not a readable SVG file (broken XML at line {line}, "
                               f"column {col + 1})") from None
        except (OSError, UnicodeDecodeError):
            raise ImageProblem("not a readable SVG file") from None
        if root.tag.rpartition("}")[2] != "svg":
            raise ImageProblem("not an SVG picture: its first element is not <svg>")
        return ImageFacts("svg", None)
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as im:
            found = (im.format or "").lower()
            size = im.size
    except (UnidentifiedImageError, OSError, ValueError):
        raise ImageProblem(f"the file's content is not a {fmt.upper()} picture") from None
    if found != fmt:
        raise ImageProblem(f"the file is a {found.upper() or 'different'} picture, "
                           f"named like a {fmt.upper()}")
    return ImageFacts(fmt, size)


def print_dpi(pixels: tuple[int, int], box_mm: tuple[float, float]) -> float:
    """The resolution a bitmap prints at when it covers a ``box_mm`` box (scaled
    to fill it, the overflow cut off).

    >>> round(print_dpi((673, 307), (57.0, 26.0)))
    300
    """
    w, h = pixels
    mm_per_px = max(box_mm[0] / w, box_mm[1] / h)
    return 25.4 / mm_per_px
