"""What a player can do: one small frozen record per action, JSON-able as a list.

``Action(kind, player, a, b, c)``; the meaning of ``a``, ``b``, ``c`` depends on the kind:

=============  =====================================================================
kind           parameters
=============  =====================================================================
move           a: destination zone (R5.1)
recruit        (R5.2; then a ``keep``)
investigate    (R5.3; then a ``keep``)
search         (R5.4; then a ``keep``)
craft          a: special item (R5.5)
eliminate      a: zone, b: 0 a soldier, 1 an officer (R5.6, R9.6)
use            a: inventory position of the special item, b: which use (R5.7)
resistance     a: available card, b: cubes put on it, c: 1 to activate (R5.8)
transfer       a: receiving player, b: inventory position, or -1 - (skill*16 + slot) for
               a recruit, c: the receiver's skill row for a recruit (R5.9, D11.5); the
               first thing given, then a ``transfer_more`` choice gives more to the same
               player in the same action (option 0: done; R5.9 "personnages et/ou objets")
plan           a: skill 0 C, 1 M, 2 I (R5.10)
objective      a: objective (eliminate the general, free the prisoner in their zone)
reorganise     a: from skill*16 + slot, b: to skill*16 + slot (R6.3, free)
begin          the start of the phase is over: the timer runs (R6, R10.1)
end            the players' phase ends: time is up, or the players stop (R10.1)
keep           a: which drawn card or token, b: where (a recruit's skill*16 + slot; the
               inventory card discarded to make room, or -1)
choose         a: which option of the pending choice (a zone, a player, a card; who
               gets a reputation cube, ``share_cube``, R7.2; what else a transfer gives,
               ``transfer_more``, R5.9)
=============  =====================================================================
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, cast, get_args

#: every kind of action (the table above)
ActionKind = Literal["move", "recruit", "investigate", "search", "craft", "eliminate", "use",
                     "resistance", "transfer", "plan", "objective", "reorganise", "begin",
                     "end", "keep", "choose"]
STANDARD: tuple[ActionKind, ...] = (
    "move", "recruit", "investigate", "search", "craft", "eliminate", "use", "resistance",
    "transfer", "plan", "objective")
#: actions that advance the actor's counter (R5: each standard action)
COUNTED = frozenset(STANDARD)
LIMITED = frozenset(("recruit", "investigate", "search"))  # R4.4
KINDS: tuple[ActionKind, ...] = get_args(ActionKind)


class Action(NamedTuple):
    """An action: a kind and up to four ints (a tuple: cheap to make, hash and compare)."""

    kind: ActionKind
    player: int = -1
    a: int = -1
    b: int = -1
    c: int = -1

    def to_json(self) -> list[Any]:
        """The action as a list (the wire and save format)."""
        return [self.kind, self.player, self.a, self.b, self.c]

    @classmethod
    def from_json(cls, d: Any) -> Action:
        """The action :meth:`to_json` wrote."""
        if (not isinstance(d, list) or not d or d[0] not in KINDS
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in d[1:])
                or len(d) > 5):
            raise ValueError(f"not an action: {d!r}")
        return cls(cast(ActionKind, d[0]), *d[1:])


def slot_code(skill: int, slot: int) -> int:
    """A squad slot as one number: ``skill * 16 + slot``."""
    return skill * 16 + slot


def slot_of(code: int) -> tuple[int, int]:
    """The ``(skill, slot)`` of a :func:`slot_code`."""
    return code // 16, code % 16
