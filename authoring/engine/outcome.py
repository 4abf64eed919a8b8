"""How a game ended, and why (python-chess's ``Outcome(termination, winner)``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any


class Termination(Enum):
    """Why the game ended: R9.2 victory, R9.1 defeats, or the simulation's round cap."""

    OBJECTIVES_DONE = "objectives done"  # R9.2
    SOLDIERS_EXHAUSTED = "soldiers exhausted"  # R9.1: every soldier on the island
    OFFICERS_EXHAUSTED = "officers exhausted"  # R9.1: every officer on the island
    ROUND_CAP = "round cap"  # not a rule: a game cut short (simulation, stuck game)


@dataclass(frozen=True)
class Outcome:
    termination: Termination
    round: int
    detail: str = ""

    @property
    def won(self) -> bool:
        """True when the players won (R9.2)."""
        return self.termination is Termination.OBJECTIVES_DONE

    @property
    def rule(self) -> str:
        """The rule id that ended the game (``R9.1`` …; empty for the round cap)."""
        return {
            Termination.OBJECTIVES_DONE: "R9.2",
            Termination.SOLDIERS_EXHAUSTED: "R9.1",
            Termination.OFFICERS_EXHAUSTED: "R9.1",
            Termination.ROUND_CAP: "",
        }[self.termination]

    def line(self) -> str:
        """The outcome line a transcript ends with."""
        verdict = "VICTORY" if self.won else ("CUT SHORT" if self.termination is
                                              Termination.ROUND_CAP else "DEFEAT")
        rule = f" ({self.rule})" if self.rule else ""
        detail = f": {self.detail}" if self.detail else ""
        return f"{verdict} in round {self.round} — {self.termination.value}{rule}{detail}"

    def to_json(self) -> dict[str, Any]:
        """Plain data for saves and study records."""
        return {"termination": self.termination.name, "round": self.round,
                "detail": self.detail, "won": self.won}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Outcome:
        """The outcome :meth:`to_json` wrote."""
        return cls(Termination[d["termination"]], int(d["round"]), str(d.get("detail", "")))
