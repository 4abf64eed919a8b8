"""Reading back what the kit printed: circles drawn in a page's content stream,
page boxes in mm, fonts, every string with its printed size. Independent of the
renderer (only pypdf and arithmetic)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pypdf
from pypdf.generic import ByteStringObject, ContentStream, TextStringObject

MM = 72.0 / 25.4
_NUMBER = re.compile(rb"^[-+]?(?:\d+\.?\d*|\.\d+)$")


def mm_box(box: Any) -> tuple[float, ...]:
    return tuple(round(float(v) / MM, 3) for v in (box.left, box.bottom, box.right, box.top))


def _tokens(data: bytes) -> Iterator[bytes]:
    """Content-stream tokens, skipping strings (text) and inline dictionaries."""
    i, n = 0, len(data)
    while i < n:
        ch = data[i:i + 1]
        if ch in b" \t\r\n\f\x00":
            i += 1
        elif ch == b"(":
            depth = 0
            while i < n:
                c = data[i:i + 1]
                if c == b"\\":
                    i += 2
                    continue
                if c == b"(":
                    depth += 1
                elif c == b")":
                    depth -= 1
                    if depth == 0:
                        i += 1
                        break
                i += 1
        elif ch in b"[]":
            i += 1
        elif ch == b"<":
            j = data.find(b">", i)
            i = j + 1 if j >= 0 else n
        else:
            j = i
            while j < n and data[j:j + 1] not in b" \t\r\n\f\x00()[]<":
                j += 1
            yield data[i:j]
            i = j


def _mul(a: Sequence[float], b: Sequence[float]) -> tuple[float, ...]:
    """Matrix product a × b of PDF matrices [a b c d e f]."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def circles(page: pypdf.PageObject) -> list[tuple[float, float, float]]:
    """Every circle painted directly on the page (a subpath of one move and four
    Bézier curves), as (cx, cy, r) in page mm, through the current transformation."""
    stream = page.get_contents()
    assert stream is not None
    data = stream.get_data()
    stack: list[float] = []
    ctm: tuple[float, ...] = (1, 0, 0, 1, 0, 0)
    saved: list[tuple[float, ...]] = []
    subpaths: list[list[tuple[float, float]]] = []
    curves: list[int] = []
    out: list[tuple[float, float, float]] = []
    for tok in _tokens(data):
        if _NUMBER.match(tok):
            stack.append(float(tok))
            continue
        op = tok
        if op == b"q":
            saved.append(ctm)
        elif op == b"Q":
            ctm = saved.pop() if saved else (1, 0, 0, 1, 0, 0)
        elif op == b"cm" and len(stack) >= 6:
            ctm = _mul(stack[-6:], ctm)
        elif op == b"m" and len(stack) >= 2:
            subpaths.append([(stack[-2], stack[-1])])
            curves.append(0)
        elif op == b"c" and len(stack) >= 6 and subpaths:
            subpaths[-1].append((stack[-2], stack[-1]))
            curves[-1] += 1
        elif op in (b"l", b"re"):
            if subpaths:
                curves[-1] = -99
        elif op in (b"f", b"f*", b"S", b"s", b"B", b"B*", b"b", b"b*", b"F"):
            for pts, k in zip(subpaths, curves, strict=True):
                if k != 4:
                    continue
                mapped = [(ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5])
                          for x, y in pts]
                xs = [p[0] for p in mapped]
                ys = [p[1] for p in mapped]
                cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
                out.append((cx / MM, cy / MM, (max(xs) - min(xs)) / 2 / MM))
            subpaths, curves = [], []
        elif op == b"n":
            subpaths, curves = [], []
        stack = []
    return out


def match(got: Iterable[tuple[float, float]], want: Iterable[tuple[float, float]],
          tol: float = 0.005) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Pair points within ``tol`` mm; returns (unmatched got, unmatched want)."""
    left = sorted(got)
    missing: list[tuple[float, float]] = []
    for w in sorted(want):
        for i, g in enumerate(left):
            if abs(g[0] - w[0]) <= tol and abs(g[1] - w[1]) <= tol:
                del left[i]
                break
        else:
            missing.append(w)
    return left, missing


def fonts(reader: pypdf.PdfReader) -> set[tuple[str, str, bool]]:
    """(base font, subtype, embedded) of every font used by a page or a form."""
    found: set[tuple[str, str, bool]] = set()

    def visit(resources: Any, seen: set[int]) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        for ref in (resources.get("/Font") or {}).values():
            font = ref.get_object()
            desc = font.get("/FontDescriptor")
            embedded = desc is not None and any(
                k in desc.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found.add((str(font["/BaseFont"]), str(font["/Subtype"]), embedded))
        for ref in (resources.get("/XObject") or {}).values():
            obj = ref.get_object()
            key = id(obj)
            if key in seen:
                continue
            seen.add(key)
            visit(obj.get("/Resources"), seen)

    for page in reader.pages:
        visit(page.get("/Resources"), set())
    return found


def text_lines(page: Any) -> list[tuple[float, float, str]]:
    """Every text line of a page: baseline height in mm from the bottom, font size
    in pt and the text, in drawing order."""
    out: list[tuple[float, float, str]] = []

    def visit(text: str, cm: Sequence[float], tm: Sequence[float], _font: Any,
              size: float) -> None:
        if text.strip():
            out.append((round((tm[5] * cm[3] + cm[5]) / MM, 2), size, text.strip()))

    page.extract_text(visitor_text=visit)
    return out


# --------------------------------------------------------------------------- text sizes
# pypdf's text visitor leaves out the matrix of a form XObject (a board drawn once
# and placed at a quarter of its size reports its own sizes): this walks the
# content streams itself, forms included.

IDENTITY: tuple[float, ...] = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class TextRun:
    """One shown string: its printed size in points, its text, where it starts
    (points, page coordinates) and the form XObjects it is drawn inside (their
    resource names, outermost first)."""

    size: float
    text: str
    x: float
    y: float
    forms: tuple[str, ...] = ()


def _to_unicode(font: Any) -> dict[int, str]:
    cmap: dict[int, str] = {}
    stream = font.get("/ToUnicode")
    if stream is None:
        return cmap
    data = stream.get_object().get_data().decode("latin-1")
    for block in re.findall(r"beginbfchar(.*?)endbfchar", data, re.S):
        for src, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            cmap[int(src, 16)] = bytes.fromhex(dst).decode("utf-16-be")
    for block in re.findall(r"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi, dst in re.findall(
                r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            start = int(dst, 16)
            for i, code in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                cmap[code] = chr(start + i)
    return cmap


def _raw(part: Any) -> bytes:
    """The bytes of a shown string (a TJ kerning number shows none)."""
    if isinstance(part, ByteStringObject):
        return bytes(part)
    if isinstance(part, TextStringObject):
        return part.get_original_bytes()
    return b""


def _operations(stream: Any, reader: pypdf.PdfReader
                ) -> Iterator[tuple[tuple[float, ...], list[Any], bytes]]:
    """The stream's operations with the current transformation matrix (``q``,
    ``Q`` and ``cm`` applied, not yielded)."""
    ctm: tuple[float, ...] = IDENTITY
    stack: list[tuple[float, ...]] = []
    for operands, op in ContentStream(stream, reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop() if stack else ctm
        elif op == b"cm":
            ctm = _mul([float(v) for v in operands], ctm)
        else:
            yield ctm, operands, op


_Shown = tuple[float, tuple[float, ...], str, tuple[str, ...]]
"""A string as its stream shows it: font size, text-to-stream matrix, text and
the forms (inside this stream) it is drawn through."""


class _Walker:
    """Reads content streams; each form's strings are read once (the board's
    form is placed on every poster tile) and placed by each use's matrix."""

    def __init__(self, reader: pypdf.PdfReader) -> None:
        self.reader = reader
        self._cmaps: dict[int, dict[int, str]] = {}
        self._forms: dict[int, list[_Shown]] = {}

    def cmap(self, font: Any) -> dict[int, str]:
        key = id(font)
        if key not in self._cmaps:
            self._cmaps[key] = _to_unicode(font)
        return self._cmaps[key]

    def form(self, xobj: Any, resources: Any, depth: int) -> list[_Shown]:
        key = id(xobj)
        if key not in self._forms:
            matrix = tuple(float(v) for v in xobj.get("/Matrix", IDENTITY))
            self._forms[key] = [(size, _mul(m, matrix), text, forms) for size, m, text, forms
                                in self.walk(xobj, xobj.get("/Resources", resources), depth)]
        return self._forms[key]

    def walk(self, stream: Any, resources: Any, depth: int = 0) -> list[_Shown]:
        out: list[_Shown] = []
        fonts = resources.get("/Font", {}) if resources else {}
        xobjects = resources.get("/XObject", {}) if resources else {}
        tm = tlm = IDENTITY
        size, leading, rise = 0.0, 0.0, 0.0
        cmap: dict[int, str] = {}
        for ctm, operands, op in _operations(stream, self.reader):
            if op == b"BT":
                tm = tlm = IDENTITY
            elif op == b"Tf":
                cmap = self.cmap(fonts[operands[0]].get_object())
                size = float(operands[1])
            elif op == b"TL":
                leading = float(operands[0])
            elif op == b"Ts":
                rise = float(operands[0])
            elif op == b"Tm":
                tm = tlm = tuple(float(v) for v in operands)
            elif op in (b"Td", b"TD"):
                if op == b"TD":
                    leading = -float(operands[1])
                tm = tlm = _mul((1, 0, 0, 1, float(operands[0]), float(operands[1])), tlm)
            elif op in (b"T*", b"'", b'"'):
                tm = tlm = _mul((1, 0, 0, 1, 0, -leading), tlm)
            if op in (b"Tj", b"TJ", b"'", b'"'):
                parts = operands[-1] if op == b"TJ" else [operands[-1]]
                text = "".join(cmap.get(b, chr(b)) for p in parts for b in _raw(p))
                out.append((size, _mul((1, 0, 0, 1, 0, rise), _mul(tm, ctm)), text, ()))
            elif op == b"Do":
                xobj = xobjects[operands[0]].get_object()
                if xobj.get("/Subtype") == "/Form" and depth < 8:
                    name = str(operands[0])
                    out += [(sz, _mul(m, ctm), text, (name, *forms))
                            for sz, m, text, forms in self.form(xobj, resources, depth + 1)]
        return out


def text_runs(reader: pypdf.PdfReader, page: pypdf.PageObject) -> list[TextRun]:
    """Every string the page shows, with its printed size."""
    return _page_runs(_Walker(reader), page)


def _page_runs(walker: _Walker, page: pypdf.PageObject) -> list[TextRun]:
    contents = page.get_contents()
    shown = walker.walk(contents, page.get("/Resources")) if contents is not None else []
    return [TextRun(size * math.hypot(m[2], m[3]), text, m[4], m[5], forms)
            for size, m, text, forms in shown if text.strip()]


def small_text(reader: pypdf.PdfReader, below: float) -> Iterator[tuple[int, TextRun]]:
    """(page number from 1, run) for every string set below `below` points."""
    walker = _Walker(reader)
    for number, page in enumerate(reader.pages, start=1):
        for run in _page_runs(walker, page):
            if run.size < below - 1e-6:
                yield number, run


def forms_placed(reader: pypdf.PdfReader, page: pypdf.PageObject
                 ) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every form XObject the page draws (directly): its resource name and where
    its bounding box lands, page mm ``(x0, y0, x1, y1)``."""
    out: list[tuple[str, tuple[float, float, float, float]]] = []
    resources = page.get("/Resources") or {}
    xobjects = resources.get("/XObject", {})
    for ctm, operands, op in _operations(page.get_contents(), reader):
        if op == b"Do":
            xobj = xobjects[operands[0]].get_object()
            if xobj.get("/Subtype") != "/Form":
                continue
            m = _mul(tuple(float(v) for v in xobj.get("/Matrix", IDENTITY)), ctm)
            x0, y0, x1, y1 = (float(v) for v in xobj["/BBox"])
            corners = [(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
                       for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
            xs, ys = [p[0] / MM for p in corners], [p[1] / MM for p in corners]
            out.append((str(operands[0]), (min(xs), min(ys), max(xs), max(ys))))
    return out
