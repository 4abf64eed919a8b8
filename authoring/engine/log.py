"""The game log: one record per thing that happened, each citing its rule.

``LogEntry(kind, rule, text, data)``: ``kind`` is stable for programs (``soldiers_added``,
``deployed``, ``officer_placed``, ``token_drawn``, ``clue_kept``, ``revealed``, ``defeat``
…), ``rule`` the id in rules.md, ``text`` what a person reads in a transcript, ``data``
the numbers (zone ids, counts) as JSON-able values. An entry of the log, not an event
card (R8.1: ``Game.events``, ``cards/events.yaml``), whose drawing the log records as one.

The text may be given as a function and its arguments (plain values taken when the thing
happened): it is written the first time it is read, so a simulation that reads only
``kind`` and ``data`` never formats a line.

>>> e = LogEntry("moved", "R5.1", "{} moves".format, {"player": 0}, ("Rosa",))
>>> e.line(), e == LogEntry("moved", "R5.1", "Rosa moves", {"player": 0})
('[R5.1] Rosa moves', True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class LogEntry:
    """One thing that happened (see the module docstring); read-only by convention."""

    __slots__ = ("kind", "rule", "data", "_text", "_args")

    def __init__(self, kind: str, rule: str, text: str | Callable[..., str],
                 data: dict[str, Any] | None = None, args: tuple[Any, ...] = ()) -> None:
        self.kind = kind
        self.rule = rule
        self.data = {} if data is None else data
        self._text = text
        self._args = args

    @property
    def text(self) -> str:
        """The entry as one line of English (made when read, not when played)."""
        t = self._text
        if not isinstance(t, str):
            t = self._text = t(*self._args)
            self._args = ()
        return t

    def line(self) -> str:
        """One transcript line: ``[R8.4] 2 soldiers deployed from N-E 8 to N-E 13``."""
        return f"[{self.rule}] {self.text}" if self.rule else self.text

    def to_json(self) -> list[Any]:
        """Plain data for saves."""
        return [self.kind, self.rule, self.text, self.data]

    @classmethod
    def from_json(cls, d: list[Any]) -> LogEntry:
        """The entry :meth:`to_json` wrote."""
        return cls(str(d[0]), str(d[1]), str(d[2]), dict(d[3]))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogEntry):
            return NotImplemented
        return (self.kind, self.rule, self.text, self.data) == (
            other.kind, other.rule, other.text, other.data)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LogEntry(kind={self.kind!r}, rule={self.rule!r}, text={self.text!r}, data={self.data!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return LogEntry, (self.kind, self.rule, self.text, self.data)


def tally(log: list[LogEntry], objective_index: dict[str, int], objectives: int
          ) -> tuple[list[int | None], list[int | None], int, dict[str, int], dict[str, int]]:
    """What a study records of a game from its log, read from ``kind`` and ``data`` only
    (no text made): per objective (``objective_index``: id -> index) the round it was
    revealed (R6.1) and the investigations before it (R5.3); the officers placed (R8.3);
    the army's overflows per zone they left (R8.4, R8.5); the cards played, as
    ``resistance:``, ``special:``, ``crafted:`` and ``event:`` + id (R5.8, R5.10, R5.9,
    R8.1). Counts keep the order things first happened.

    >>> log = [LogEntry("round", "", "", {"round": 2}),
    ...        LogEntry("limited", "R5.3", "", {"action": "investigate"}),
    ...        LogEntry("revealed", "R6.1", "", {"objective": "base"}),
    ...        LogEntry("deployed", "R8.4", "", {"src": "N-E 8", "zone": "N-E 13"})]
    >>> tally(log, {"base": 0}, 1)
    ([2], [1], 0, {'N-E 8': 1}, {})
    """
    reveal_round: list[int | None] = [None] * objectives
    before: list[int | None] = [None] * objectives
    overflows: dict[str, int] = {}
    cards: dict[str, int] = {}
    investigations = officers = 0
    rnd = 1
    for e in log:
        k = e.kind
        if k == "round":
            rnd = e.data["round"]
        elif k == "limited":
            if e.data.get("action") == "investigate":
                investigations += 1
        elif k == "revealed":
            i = objective_index[e.data["objective"]]
            if reveal_round[i] is None:
                reveal_round[i] = rnd
                before[i] = investigations
        elif k == "officer_placed":
            officers += 1
        elif k == "deployed" or k == "takeover":
            zone: str = e.data.get("src") or e.data["zone"]
            overflows[zone] = overflows.get(zone, 0) + 1
        else:
            card = ""
            if k == "resistance_activated":
                card = "resistance:" + e.data["card"]
            elif k == "used":
                card = "special:" + e.data["special"]
            elif k == "crafted":
                card = "crafted:" + e.data["special"]
            elif k == "event":
                card = "event:" + e.data["event"]
            if card:
                cards[card] = cards.get(card, 0) + 1
    return reveal_round, before, officers, overflows, cards

