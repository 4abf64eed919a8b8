"""The game log: one frozen record per thing that happened, each citing its rule.

``Event(kind, rule, text, data)``: ``kind`` is stable for programs (``soldiers_added``,
``deployed``, ``officer_placed``, ``token_drawn``, ``clue_kept``, ``revealed``, ``defeat``
…), ``rule`` the id in rules.md, ``text`` what a person reads in a transcript, ``data``
the numbers (zone ids, counts) as JSON-able values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str
    rule: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def line(self) -> str:
        """One transcript line: ``[R8.4] 2 soldiers deployed from N-E 8 to N-E 13``."""
        return f"[{self.rule}] {self.text}" if self.rule else self.text

    def to_json(self) -> list[Any]:
        return [self.kind, self.rule, self.text, self.data]

    @classmethod
    def from_json(cls, d: list[Any]) -> Event:
        return cls(str(d[0]), str(d[1]), str(d[2]), dict(d[3]))
