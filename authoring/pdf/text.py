"""Card text: ``**bold**`` runs, word wrapping and shrink-to-fit with the shipped fonts.

Box sizes are in mm, font sizes in points. :func:`fit_text` tries sizes from the
largest down and reports whether the text fits at all, so the caller can warn
(the card renderer names the card in a diagnostic) instead of letting text run
off the card.

>>> parse_markup("Gagnez **2** cubes.\\nPuis défaussez.")[0]
[Run(text='Gagnez ', bold=False), Run(text='2', bold=True), Run(text=' cubes.', bold=False)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from authoring.pdf.canvas import FONT_BOLD, FONT_REGULAR, pt, string_width

ELLIPSIS = "…"


@dataclass(frozen=True)
class Run:
    """A piece of text in one weight."""

    text: str
    bold: bool = False


@dataclass(frozen=True)
class Line:
    """One wrapped line: its runs and width in mm."""

    runs: tuple[Run, ...]
    width: float

    @property
    def text(self) -> str:
        return "".join(r.text for r in self.runs)


@dataclass(frozen=True)
class Fitted:
    """Text laid out in a box: the size used (pt), the lines, and whether every
    line fits (``fits`` is False when even the smallest size overflows; the
    lines are then cut and the last one ends with an ellipsis)."""

    size: float
    leading: float
    lines: tuple[Line, ...]
    fits: bool
    needed_lines: int

    @property
    def height(self) -> float:
        """Height of the laid-out lines, mm."""
        return len(self.lines) * self.leading / 72 * 25.4


@dataclass(frozen=True)
class Fonts:
    """The regular and bold faces used for one text."""

    regular: str = FONT_REGULAR
    bold: str = FONT_BOLD

    def of(self, run: Run) -> str:
        return self.bold if run.bold else self.regular


def parse_markup(text: str) -> list[list[Run]]:
    """Paragraphs (split on newlines) of runs; ``**`` toggles bold. An unpaired
    ``**`` is kept as literal text."""
    paragraphs = []
    for para in text.split("\n"):
        parts = para.split("**")
        if len(parts) % 2 == 0:  # odd number of markers: the last one is literal
            parts = [*parts[:-2], parts[-2] + "**" + parts[-1]]
        runs = [Run(p, bool(i % 2)) for i, p in enumerate(parts) if p]
        paragraphs.append(runs)
    return paragraphs


def _words(runs: Sequence[Run]) -> list[list[Run]]:
    """Split runs into words (each a list of runs, so a word may mix weights);
    the separating spaces are dropped."""
    words: list[list[Run]] = [[]]
    for run in runs:
        pieces = run.text.split(" ")
        for k, piece in enumerate(pieces):
            if k > 0:
                words.append([])
            if piece:
                words[-1].append(Run(piece, run.bold))
    return _glue_french([w for w in words if w])


_STICK_TO_NEXT = {"«", "‹", "—"}
_STICK_TO_PREVIOUS = {"»", "›", ":", ";", "!", "?", "…"}
#: signs kept on one line with both neighbours: ``2 × Pièce``, ``Ingénierie − malus``
_STICK_BOTH = {"×", "−", "≥", "≤", "="}


def _glue_french(words: list[list[Run]]) -> list[list[Run]]:
    """Keep French spaced punctuation on the line of its word: ``«`` with the
    next word, ``»``, ``:``, ``;``, ``!``, ``?`` with the previous one, and the
    signs ``×``, ``−``, ``≥`` between their two words (the space becomes part of
    the word, like a non-breaking space).

    >>> [''.join(r.text for r in w) for w in _words([Run("2 × Détonateur − malus ≥ 4")])]
    ['2 × Détonateur − malus ≥ 4']
    """
    out: list[list[Run]] = []
    pending: list[Run] | None = None
    for word in words:
        text = "".join(r.text for r in word)
        if pending is not None:
            word = _join(pending, word)
            pending = None
        if text in _STICK_TO_PREVIOUS and out:
            out[-1] = _join(out[-1], word)
        elif text in _STICK_BOTH:
            pending = _join(out.pop(), word) if out else word
        elif text in _STICK_TO_NEXT:
            pending = word
        else:
            out.append(word)
    if pending is not None:
        out.append(pending)
    return out


def _width(runs: Sequence[Run], fonts: Fonts, size: float) -> float:
    return sum(string_width(r.text, fonts.of(r), size) for r in runs)


def _join(a: list[Run], b: list[Run]) -> list[Run]:
    """``a`` + space + ``b``, merging neighbouring runs of the same weight (the
    space is bold only between two bold words)."""
    out = list(a)
    space = [Run(" ", a[-1].bold and b[0].bold)] if a else []
    for piece in space + b:
        if out and out[-1].bold == piece.bold:
            out[-1] = Run(out[-1].text + piece.text, piece.bold)
        else:
            out.append(piece)
    return out


Measured = list[list[tuple[list[Run], float]]]
"""Paragraphs of words, each word with its width in mm at 1 pt (widths scale
linearly with the size, so a text is measured once for every size tried)."""


def measure(text: str, fonts: Fonts = Fonts()) -> Measured:
    return [[(word, _width(word, fonts, 1.0)) for word in _words(para)]
            for para in parse_markup(text)]


def _wrap_measured(measured: Measured, width: float, size: float,
                   fonts: Fonts) -> tuple[list[Line], bool]:
    lines: list[Line] = []
    ok = True
    space = string_width(" ", fonts.regular, size)
    for para in measured:
        current: list[Run] = []
        current_w = 0.0
        for word, unit in para:
            ww = unit * size
            if ww > width + 1e-6:
                ok = False
            if current and current_w + space + ww > width + 1e-6:
                lines.append(Line(tuple(current), current_w))
                current, current_w = [], 0.0
            current_w = current_w + (space if current else 0.0) + ww
            current = _join(current, word)
        lines.append(Line(tuple(current), current_w))
    return lines, ok


def wrap(text: str, width: float, size: float, fonts: Fonts = Fonts()) -> tuple[list[Line], bool]:
    """Lines of ``text`` at ``size`` pt within ``width`` mm, and whether no single
    word was wider than the box (such a word is put on its own line and overflows)."""
    return _wrap_measured(measure(text, fonts), width, size, fonts)


def fit_text(text: str, width: float, height: float, *, max_size: float = 9.0,
             min_size: float = 6.0, step: float = 0.5, leading: float = 1.2,
             fonts: Fonts = Fonts()) -> Fitted:
    """The largest size from ``max_size`` down to ``min_size`` (by ``step``) at which
    ``text`` fits ``width`` × ``height`` mm; at ``min_size`` when nothing fits,
    with the overflowing lines cut (``fits=False``)."""
    measured = measure(text, fonts)
    size = max_size
    while True:
        lines, ok = _wrap_measured(measured, width, size, fonts)
        lead = size * leading
        room = int((pt(height) + 1e-6) // lead)
        if ok and len(lines) <= room:
            return Fitted(size, lead, tuple(lines), True, len(lines))
        if size - step < min_size - 1e-9:
            break
        size = round(size - step, 4)
    kept = lines[:max(room, 0)]
    if kept and len(kept) < len(lines):
        last = kept[-1]
        runs = [*last.runs[:-1], Run(last.runs[-1].text.rstrip() + ELLIPSIS, last.runs[-1].bold)] \
            if last.runs else [Run(ELLIPSIS)]
        while len(runs) > 0 and _width(runs, fonts, size) > width and len(runs[-1].text) > 1:
            tail = runs[-1]
            runs[-1] = Run(tail.text[:-2].rstrip() + ELLIPSIS, tail.bold)
        kept[-1] = Line(tuple(runs), _width(runs, fonts, size))
    return Fitted(size, lead, tuple(kept), False, len(lines))


def fit_line(text: str, width: float, font: str, *, max_size: float, min_size: float,
             step: float = 0.5) -> tuple[float, bool]:
    """The largest size at which one line of ``text`` fits ``width`` mm, and
    whether it fits at all (at ``min_size``)."""
    size = max_size
    while string_width(text, font, size) > width + 1e-6:
        if size - step < min_size - 1e-9:
            return size, False
        size = round(size - step, 4)
    return size, True


def shorten_line(text: str, width: float, font: str, size: float) -> str:
    """``text`` as is if it fits ``width`` mm at ``size`` pt, else cut short with
    an ellipsis until it does (for a label that cannot shrink or wrap).

    >>> shorten_line("Anse-aux-Loups", 8.0, FONT_REGULAR, 6.0)
    'Anse…'
    """
    if string_width(text, font, size) <= width:
        return text
    while len(text) > 1 and string_width(text.rstrip(" -") + ELLIPSIS, font, size) > width:
        text = text[:-1]
    return text.rstrip(" -") + ELLIPSIS


def draw_fitted(c: Canvas, fitted: Fitted, x: float, top: float, width: float, *,
                fonts: Fonts = Fonts(), align: str = "left") -> None:
    """Draw the lines with their first baseline one ascent below ``top`` (mm)."""
    y = pt(top) - fitted.size * 0.93
    for line in fitted.lines:
        cx = pt(x) + (pt(width) - pt(line.width)) / 2 if align == "center" else pt(x)
        for run in line.runs:
            font = fonts.of(run)
            c.setFont(font, fitted.size)
            c.drawString(cx, y, run.text)
            cx += pt(string_width(run.text, font, fitted.size))
        y -= fitted.leading
