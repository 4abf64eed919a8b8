"""Located diagnostics: every problem of every input file, with a place and a fix.

A :class:`Report` collects :class:`Diagnostic` objects instead of stopping at the
first problem (style.md §1). Each diagnostic carries the file, 1-based line and
column, the dotted path of the offending node (``zones.3.size``), a level, a
stable code (``zone-unknown``), a message that quotes the bad value, and a hint.

>>> r = Report()
>>> r.error(Span("island.yaml", 3, 5, "zones.0.size"), "value-invalid", "bad size 'huge'")
>>> r.format().splitlines()[0]
"island.yaml:3:5: error: bad size 'huge' [value-invalid]"
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Literal

Level = Literal["error", "warning", "info"]
_LEVEL_ORDER = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True)
class Span:
    """Where something is: file, 1-based line and column, dotted data path."""

    file: str
    line: int = 0
    col: int = 0
    path: str = ""


@dataclass(frozen=True)
class Diagnostic:
    file: str
    line: int
    col: int
    path: str
    level: Level
    code: str
    message: str
    hint: str | None = None

    def format(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}:{self.col}"
        text = f"{where}: {self.level}: {self.message} [{self.code}]"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def did_you_mean(word: str, candidates: Iterable[str], *, n: int = 1) -> str | None:
    """The closest candidate to ``word`` (case-insensitive), or None.

    >>> did_you_mean("sise", ["size", "city", "number"])
    'size'
    """
    pool = [c for c in candidates if isinstance(c, str)]
    if not pool or not isinstance(word, str):
        return None
    lowered = {c.lower(): c for c in pool}
    if word.lower() in lowered:
        return lowered[word.lower()]
    squashed = {"".join(ch for ch in c.lower() if ch.isalnum()): c for c in pool}
    key = "".join(ch for ch in word.lower() if ch.isalnum())
    if key and key in squashed:
        return squashed[key]
    hits = difflib.get_close_matches(word.lower(), list(lowered), n=n, cutoff=0.6)
    return lowered[hits[0]] if hits else None


def suggestion(word: str, candidates: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` or an empty string."""
    best = did_you_mean(word, candidates)
    return f" (did you mean '{best}'?)" if best is not None and best != word else ""


#: findings that follow from another one reported beside them (a card with no hole after
#: the misspelt tag that empties it, a deck's "board has errors" after the board's own):
#: printed after the other findings of their line
CONSEQUENCES = frozenset({"card-no-hole", "board-invalid", "place-not-isolatable"})


@dataclass
class Report:
    """All diagnostics of one run, in the order found; sorted when printed: by cause — a
    file after the files it depends on (see :meth:`rank_file`: the board before the
    deck that names it), then by line and column, a consequence after its cause."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    _file_rank: dict[str, int] = field(default_factory=dict, init=False, repr=False,
                                       compare=False)
    _seen: set[Diagnostic] = field(default_factory=set, init=False, repr=False, compare=False)
    _seen_of: list[Diagnostic] | None = field(default=None, init=False, repr=False,
                                              compare=False)

    def add(
        self, span: Span, level: Level, code: str, message: str, hint: str | None = None
    ) -> None:
        # a finding about a whole file (not found, too large, not a scenario) sits at its
        # start: every line reads file:line:col, the form editors and CI tools parse
        self._append(Diagnostic(span.file, span.line or 1, span.col or 1, span.path, level,
                                code, message, hint))

    def _append(self, d: Diagnostic) -> None:
        """Add ``d`` unless it is already there, in constant time (a set beside the list,
        rebuilt if someone replaced the list)."""
        if self._seen_of is not self.diagnostics or len(self._seen) != len(self.diagnostics):
            self._seen = set(self.diagnostics)
            self._seen_of = self.diagnostics
        if d not in self._seen:
            self._seen.add(d)
            self.diagnostics.append(d)

    def error(self, span: Span, code: str, message: str, hint: str | None = None) -> None:
        self.add(span, "error", code, message, hint)

    def warning(self, span: Span, code: str, message: str, hint: str | None = None) -> None:
        self.add(span, "warning", code, message, hint)

    def info(self, span: Span, code: str, message: str, hint: str | None = None) -> None:
        self.add(span, "info", code, message, hint)

    def extend(self, other: Report | Sequence[Diagnostic]) -> None:
        items = other.diagnostics if isinstance(other, Report) else other
        for d in list(items):
            self._append(d)

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(self.sorted())

    def __len__(self) -> int:
        return len(self.diagnostics)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.level == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.level == "warning"]

    @property
    def has_errors(self) -> bool:
        return any(d.level == "error" for d in self.diagnostics)

    def failed(self, strict: bool = False) -> bool:
        """True when the run must exit 1: errors, or warnings under ``--strict``."""
        return self.has_errors or (strict and bool(self.warnings))

    def codes(self) -> list[str]:
        return [d.code for d in self.sorted()]

    def rank_file(self, file: str, rank: int) -> None:
        """Print ``file``'s findings before those of files of a higher rank (its kind's
        place among the layers: board 0, deck 1, content 2, scenario 3)."""
        self._file_rank[file] = min(rank, self._file_rank.get(file, rank))

    def sorted(self) -> list[Diagnostic]:
        """Files in cause order (ranked files first, by rank), then each file's findings
        by line and column (a consequence after the other findings of its line).

        >>> r = Report()
        >>> r.error(Span("a-deck.yaml", 2, 8), "board-invalid", "the board has errors")
        >>> r.error(Span("z-board.yaml", 5, 1), "value-choice", "size: 'villag'")
        >>> r.rank_file("z-board.yaml", 0); r.rank_file("a-deck.yaml", 1)
        >>> [d.file for d in r.sorted()]
        ['z-board.yaml', 'a-deck.yaml']
        """
        ranks = self._file_rank
        return sorted(
            self.diagnostics,
            key=lambda d: (ranks.get(d.file, len(ranks) + 9), d.file, d.line,
                           d.code in CONSEQUENCES, d.col, _LEVEL_ORDER[d.level]),
        )

    def summary(self) -> str:
        e, w = len(self.errors), len(self.warnings)
        return f"{e} error{'s' * (e != 1)}, {w} warning{'s' * (w != 1)}"

    def format(self) -> str:
        return "\n".join(d.format() for d in self.sorted())

    def to_json(self, strict: bool = False) -> str:
        """The report as JSON; ``ok`` says what the exit status says (under ``strict``,
        a warning fails too)."""
        return json.dumps(
            {
                "ok": not self.failed(strict),
                "errors": len(self.errors),
                "warnings": len(self.warnings),
                "diagnostics": [d.to_dict() for d in self.sorted()],
            },
            indent=2,
            ensure_ascii=False,
        )
