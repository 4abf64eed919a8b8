"""Reading back what the kit printed: circles drawn in a page's content stream,
page boxes in mm, fonts. Independent of the renderer (only pypdf and arithmetic)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import pypdf

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
