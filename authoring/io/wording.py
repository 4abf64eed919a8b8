"""Small French/English wording helpers shared by the printed texts of effects, clue
predicates and scenario cards: lists joined with "et"/"ou", counts with their noun."""

from __future__ import annotations

import math
from collections.abc import Sequence


def text_of(text: object, lang: str = "fr") -> str:
    """What to print of a text field: a plain string as it is (the French), a translated
    text (``fr``/``en``) in ``lang`` or else in French, nothing as ''. The one home of that
    reading for every title, card text and scenario text.

    >>> from types import SimpleNamespace as T
    >>> text_of("Radio"), text_of(T(fr="Radio", en=None), "en"), text_of(None)
    ('Radio', 'Radio', '')
    """
    if text is None:
        return ""
    if isinstance(text, str):
        return text
    got = getattr(text, lang, None) or getattr(text, "fr", None)
    return str(got) if got is not None else str(text)


def cap(text: str) -> str:
    """The text with its first letter upper-cased (the rest untouched)."""
    return text[:1].upper() + text[1:]


def low(text: str) -> str:
    """The text with its first letter lower-cased (the rest untouched)."""
    return text[:1].lower() + text[1:]


def count_of(count: int, one: str, many: str | None = None) -> str:
    """``1 soldat`` / ``2 soldats``: a count with its noun agreed (default plural: + s)."""
    word = one if abs(count) == 1 else (many if many is not None else one + "s")
    return f"{count} {word}"


def _joined(items: Sequence[str], last: str) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + last + items[-1]


def join_and(items: Sequence[str], lang: str) -> str:
    """``a, b et c`` (``a, b and c`` in English)."""
    return _joined(items, " et " if lang == "fr" else " and ")


def join_or(items: Sequence[str], lang: str) -> str:
    """``a, b ou c`` (``a, b or c`` in English)."""
    return _joined(items, " ou " if lang == "fr" else " or ")


def signed_points(x: float) -> str:
    """A difference of two rates in percentage points, signed, to one decimal (the caller
    says "points" once): +8.0 means 52 % against 44 %, not 8 % more. A bound of an interval
    that is not 0 never reads as 0 (one more decimal), so an interval called significant
    does not seem to touch 0.

    >>> signed_points(0.08), signed_points(0.0004), signed_points(-0.077), signed_points(0.0)
    ('+8.0', '+0.04', '-7.7', '+0.0')
    """
    if x and abs(x) < 0.0005:
        return f"{x * 100:+.2f}"
    return f"{x * 100:+.1f}"


def percent(rate: float) -> str:
    """A rate as a percentage a designer reads: whole percents, one decimal under 10 %
    so that a rare win does not round to a misleading 1 % or 0 %. Halves round up, as on
    paper: 121 wins of 200 (60.5 %) read 61 %, never 60 % (binary floats put 0.605 just
    under the half).

    >>> percent(0.0), percent(0.0075), percent(0.0046), percent(0.05), percent(0.123)
    ('0%', '0.8%', '0.5%', '5%', '12%')
    >>> percent(121 / 200), percent(127 / 200), percent(0.0125), percent(1.0)
    ('61%', '64%', '1.3%', '100%')
    """
    if rate < 0.1:
        tenths = math.floor(rate * 1000 + 0.5 + 1e-9)
        return f"{tenths // 10}%" if tenths % 10 == 0 else f"{tenths / 10:.1f}%"
    return f"{math.floor(rate * 100 + 0.5 + 1e-9)}%"
