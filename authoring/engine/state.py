"""The live game: plain data, a hand-written :meth:`State.clone`, and JSON.

Everything that changes during play is here, as ints and lists of ints indexed like the
:class:`~authoring.engine.game.Game`'s tables (zones, cards, tokens); the chance of the
game is the one generator inside (``rng``), so a seed and the actions replay a game.

Phases (R3.1): ``start`` (R6: reveal, new resistance cards, reorganisation), ``players``
(R5, the timed actions), then the end of the players' phase (R7) and the army phase (R8)
run by themselves, up to the next ``start`` or the end of the game. ``pending`` is a
choice a player must make before anything else (keep one of the cards drawn, a zone for
an effect …).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Literal, cast, get_args

from authoring.engine.rng import Rng
from authoring.io.errors import ResistanceError

#: where the round is (R3.1): the steps of :mod:`~authoring.engine.flow`, in order
Phase = Literal["round_start", "reveal", "resistance_draw", "start", "players", "players_end",
                "army_start", "army_event", "army_invasion", "victory", "over"]
#: the choices a player can be asked (:class:`Pending`): a drawn card or token to keep,
#: an effect's zone, player or card, a cube to share (R7.2), a place to reveal (R6.1), a
#: card to discard (R5.4), more to give (R5.9)
PendingKind = Literal["keep_recruit", "keep_investigate", "keep_search", "keep_resistance",
                      "choose_zone", "choose_player", "choose_card", "share_cube",
                      "choose_reveal", "discard_excess", "transfer_more"]

_new = object.__new__

#: a squad slot holding nothing, or the planning token (R5.10)
EMPTY: Final = -1
PLANNING: Final = -2
#: inventory entries at or above this are special items (R5.5): SPECIAL + index
SPECIAL: Final = 1000


def slot_code(skill: int, slot: int) -> int:
    """A squad slot as one number: ``skill * 16 + slot`` (the wire of the actions that
    name a slot, :mod:`~authoring.engine.actions`; here, compiled with the rules that
    read it).

    >>> slot_code(1, 2), slot_of(18)
    (18, (1, 2))
    """
    return skill * 16 + slot


def slot_of(code: int) -> tuple[int, int]:
    """The ``(skill, slot)`` of a :func:`slot_code`."""
    return code // 16, code % 16


@dataclass
class Pending:
    """A choice a player must make now: ``kind`` says which (keep a drawn card, choose a
    zone for an effect …); ``options`` are ints whose meaning the kind gives; ``data``
    carries what the resolution needs (the drawn cards, the effect being resolved)."""

    kind: PendingKind
    player: int
    options: list[int]
    data: list[int] = field(default_factory=list)
    note: str = ""

    def __init__(self, kind: PendingKind, player: int, options: list[int],
                 data: list[int] | None = None, note: str = "") -> None:
        # written out (the dataclass's own __init__ is interpreted code under mypyc):
        # the fields above, in order (tests/engine/test_fast_paths.py checks)
        self.kind = kind
        self.player = player
        self.options = options
        self.data = data if data is not None else []
        self.note = note

    def copy(self) -> Pending:
        """An independent copy."""
        return Pending(self.kind, self.player, self.options[:], self.data[:], self.note)

    def to_json(self) -> list[Any]:
        """The choice as a list (saves)."""
        return [self.kind, self.player, self.options, self.data, self.note]

    @classmethod
    def from_json(cls, d: list[Any]) -> Pending:
        """The choice :meth:`to_json` wrote (checked by :meth:`State.from_json`)."""
        kind = cast(PendingKind, str(d[0]))  # checked by State.from_json
        return cls(kind, int(d[1]), [int(x) for x in d[2]], [int(x) for x in d[3]], str(d[4]))


@dataclass
class PlayerState:
    """One player's sheet, squad, inventory and counters (R1, R5)."""

    character: int
    at: int
    actions: int = 0  # this players' phase (D5.3)
    cubes: int = 0  # reputation cubes in the personal reserve (R1.1, R2.9)
    squad: list[list[int]] = field(default_factory=lambda: [[], [], []])  # per skill, per slot
    inventory: list[int] = field(default_factory=list)
    free_actions: int = 0  # actions that do not advance the counter (free_actions effect)

    def __init__(self, character: int, at: int, actions: int = 0, cubes: int = 0,
                 squad: list[list[int]] | None = None, inventory: list[int] | None = None,
                 free_actions: int = 0) -> None:
        # written out, as Pending's
        self.character = character
        self.at = at
        self.actions = actions
        self.cubes = cubes
        self.squad = squad if squad is not None else [[], [], []]
        self.inventory = inventory if inventory is not None else []
        self.free_actions = free_actions

    def copy(self) -> PlayerState:
        """An independent copy (its lists copied)."""
        sq = self.squad
        return PlayerState(self.character, self.at, self.actions, self.cubes,
                           [sq[0][:], sq[1][:], sq[2][:]], self.inventory[:], self.free_actions)

    def to_json(self) -> dict[str, Any]:
        """The player's state as plain data (saves)."""
        return {"character": self.character, "at": self.at, "actions": self.actions,
                "cubes": self.cubes, "squad": self.squad, "inventory": self.inventory,
                "free_actions": self.free_actions}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> PlayerState:
        """The player's state :meth:`to_json` wrote."""
        return cls(int(d["character"]), int(d["at"]), int(d["actions"]), int(d["cubes"]),
                   [[int(x) for x in row] for row in d["squad"]],
                   [int(x) for x in d["inventory"]], int(d["free_actions"]))


#: the fields saved as they are (JSON); ``rng``, ``players`` and ``pending`` are saved by
#: their own ``to_json``, the log and the outcome beside the state
PLAIN: tuple[str, ...] = (
    "round", "phase", "soldiers", "officers", "cubes", "reserve_soldiers",
    "reserve_officers", "eliminated_soldiers", "eliminated_officers", "supply_cubes",
    "bag", "drawn", "piles", "speed_cell", "team_counter", "army_counter", "skip_army",
    "item_pile", "item_discard", "special_left", "clue_pile", "clue_discard",
    "clues_kept", "clue_pool", "recruit_bag", "resistance_pile", "resistance_discard",
    "resistance", "event_pile", "event_discard", "planning_supply", "revealed", "done",
    "completed", "queue", "budget", "timer_delta", "phase_seconds",
)


@dataclass
class State:
    """Everything that changes during a game (see the module docstring)."""

    rng: Rng
    round: int
    phase: Phase
    players: list[PlayerState]
    soldiers: list[int]
    officers: list[int]
    cubes: list[int]  # reputation cubes on zones (R4.4)
    reserve_soldiers: int
    reserve_officers: int
    eliminated_soldiers: int
    eliminated_officers: int
    supply_cubes: int  # the general supply of reputation cubes
    bag: list[int]  # the invasion bag (zone tokens)
    drawn: list[int]  # tokens drawn this army phase, set aside until its end (R8.7)
    piles: list[list[int]]  # per region, face-down, top last
    speed_cell: int
    team_counter: int
    army_counter: int
    skip_army: int
    item_pile: list[int]
    item_discard: list[int]
    special_left: list[int]  # special item cards still set aside (R2.6)
    clue_pile: list[int]
    clue_discard: list[int]
    clues_kept: list[int]  # kept this players' phase, pooled at the army phase (R5.3, R8.0)
    clue_pool: list[int]
    recruit_bag: list[int]
    resistance_pile: list[int]
    resistance_discard: list[int]
    resistance: list[list[int]]  # available cards: [card, cubes on it] (R5.8, R6.2)
    event_pile: list[int]
    event_discard: list[int]
    planning_supply: int
    revealed: list[list[int]]  # per objective, the zones revealed (R6.1)
    done: list[int]  # per objective, how many markers are done
    completed: list[list[int]]  # per objective, the zones where it was done
    pending: Pending | None = None
    queue: list[list[int]] = field(default_factory=list)  # effects left to resolve
    budget: int = -1  # D10.1: team actions left this phase; -1 unlimited
    timer_delta: int = 0  # seconds added to the next players' phase (timer effect)
    phase_seconds: int = 0  # this players' phase's timer: the scenario's + timer_delta (R10.1)
    outcome: Any = None
    log: list[Any] = field(default_factory=list)
    #: the bag's tokens nobody has seen: drawn face down from a region pile (R8.6), a
    #: sub-multiset of ``bag`` (what :func:`~authoring.engine.view.sample_state` resamples)
    unseen: list[int] = field(default_factory=list)

    def __init__(
        self, rng: Rng, round: int, phase: Phase, players: list[PlayerState],
        soldiers: list[int], officers: list[int], cubes: list[int], reserve_soldiers: int,
        reserve_officers: int, eliminated_soldiers: int, eliminated_officers: int,
        supply_cubes: int, bag: list[int], drawn: list[int], piles: list[list[int]],
        speed_cell: int, team_counter: int, army_counter: int, skip_army: int,
        item_pile: list[int], item_discard: list[int], special_left: list[int],
        clue_pile: list[int], clue_discard: list[int], clues_kept: list[int],
        clue_pool: list[int], recruit_bag: list[int], resistance_pile: list[int],
        resistance_discard: list[int], resistance: list[list[int]], event_pile: list[int],
        event_discard: list[int], planning_supply: int, revealed: list[list[int]],
        done: list[int], completed: list[list[int]], pending: Pending | None = None,
        queue: list[list[int]] | None = None, budget: int = -1, timer_delta: int = 0,
        phase_seconds: int = 0, outcome: Any = None, log: list[Any] | None = None,
        unseen: list[int] | None = None,
    ) -> None:
        # written out, as Pending's: a clone is a call of this
        self.rng = rng
        self.round = round
        self.phase = phase
        self.players = players
        self.soldiers = soldiers
        self.officers = officers
        self.cubes = cubes
        self.reserve_soldiers = reserve_soldiers
        self.reserve_officers = reserve_officers
        self.eliminated_soldiers = eliminated_soldiers
        self.eliminated_officers = eliminated_officers
        self.supply_cubes = supply_cubes
        self.bag = bag
        self.drawn = drawn
        self.piles = piles
        self.speed_cell = speed_cell
        self.team_counter = team_counter
        self.army_counter = army_counter
        self.skip_army = skip_army
        self.item_pile = item_pile
        self.item_discard = item_discard
        self.special_left = special_left
        self.clue_pile = clue_pile
        self.clue_discard = clue_discard
        self.clues_kept = clues_kept
        self.clue_pool = clue_pool
        self.recruit_bag = recruit_bag
        self.resistance_pile = resistance_pile
        self.resistance_discard = resistance_discard
        self.resistance = resistance
        self.event_pile = event_pile
        self.event_discard = event_discard
        self.planning_supply = planning_supply
        self.revealed = revealed
        self.done = done
        self.completed = completed
        self.pending = pending
        self.queue = queue if queue is not None else []
        self.budget = budget
        self.timer_delta = timer_delta
        self.phase_seconds = phase_seconds
        self.outcome = outcome
        self.log = log if log is not None else []
        self.unseen = unseen if unseen is not None else []

    # -- derived ---------------------------------------------------------------------------
    def occupation(self, z: int) -> int:
        """Soldiers and officers at ``z`` (R4.5's occupation, before D4.1)."""
        return self.soldiers[z] + self.officers[z]

    @property
    def is_over(self) -> bool:
        """True once the game has its outcome (R9)."""
        return self.outcome is not None

    # -- copy ------------------------------------------------------------------------------

    def clone(self, *, log: bool = False) -> State:
        """An independent copy (hand-written: lists are copied one level, rows two). The
        log is shared unless ``log``: a search clone does not need the game's history."""
        # every field in order, written out (a native class under mypyc has no __dict__
        # to copy; tests/engine/test_fast_paths.py checks that no list is shared)
        return State(
            self.rng.copy(), self.round, self.phase,
            [p.copy() for p in self.players],
            self.soldiers[:], self.officers[:], self.cubes[:],
            self.reserve_soldiers, self.reserve_officers, self.eliminated_soldiers,
            self.eliminated_officers, self.supply_cubes,
            self.bag[:], self.drawn[:], [r[:] for r in self.piles],
            self.speed_cell, self.team_counter, self.army_counter, self.skip_army,
            self.item_pile[:], self.item_discard[:], self.special_left[:],
            self.clue_pile[:], self.clue_discard[:], self.clues_kept[:], self.clue_pool[:],
            self.recruit_bag[:], self.resistance_pile[:], self.resistance_discard[:],
            [r[:] for r in self.resistance], self.event_pile[:], self.event_discard[:],
            self.planning_supply, [r[:] for r in self.revealed], self.done[:],
            [r[:] for r in self.completed],
            self.pending.copy() if self.pending is not None else None,
            [r[:] for r in self.queue], self.budget, self.timer_delta, self.phase_seconds,
            self.outcome, self.log[:] if log else [], self.unseen[:])

    # -- JSON ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The state as JSON data (the log and the outcome are saved beside it)."""
        out: dict[str, Any] = {k: getattr(self, k) for k in PLAIN}
        out["rng"] = self.rng.state
        out["players"] = [p.to_json() for p in self.players]
        out["pending"] = self.pending.to_json() if self.pending is not None else None
        out["unseen"] = self.unseen
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> State:
        """The state of :meth:`to_json` data, checked first: every field of the right
        type and in range (:class:`StateDataError` names the first one that is not), so
        data from a file never becomes a state the engine would trip on."""
        _check_state(d)
        kw = {k: d[k] for k in PLAIN}
        return cls(
            rng=Rng(state=int(d["rng"])),
            players=[PlayerState.from_json(p) for p in d["players"]],
            pending=Pending.from_json(d["pending"]) if d["pending"] is not None else None,
            unseen=[int(x) for x in d.get("unseen", ())],  # saves before it: all seen
            **kw,
        )


# -- checking state data ---------------------------------------------------------------------

#: the phases of :mod:`~authoring.engine.flow`'s round, in order (:data:`Phase`)
PHASES: tuple[Phase, ...] = get_args(Phase)
PENDING_KINDS: tuple[PendingKind, ...] = get_args(PendingKind)
#: no count, index or card id of a game comes near this: a larger number is damage
BOUND = 1 << 31


class StateDataError(ResistanceError, ValueError):
    """State data (:meth:`State.from_json`) with a field of the wrong type or out of range;
    the message names the field."""


def _shown(value: Any) -> str:
    """A value as a message may quote it: short, control characters escaped."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= BOUND:
        return f"a {value.bit_length()}-bit number"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _int(d: Any, key: str | int, where: str, lo: int = 0, hi: int = BOUND) -> int:
    v = d[key]
    if not isinstance(v, int) or isinstance(v, bool):
        raise StateDataError(f"{where}: {_shown(v)} is not a whole number")
    if not lo <= v < hi:
        raise StateDataError(f"{where}: {_shown(v)} is out of range ({lo} to {hi - 1})")
    return v


def _ints(d: Any, key: str | int, where: str, lo: int = 0) -> list[int]:
    v = d[key]
    if not isinstance(v, list):
        raise StateDataError(f"{where}: {_shown(v)} is not a list")
    for i in range(len(v)):
        _int(v, i, f"{where}[{i}]", lo, BOUND)
    return v


def _rows(d: Any, key: str, where: str, lo: int = 0) -> None:
    v = d[key]
    if not isinstance(v, list):
        raise StateDataError(f"{where}: {_shown(v)} is not a list")
    for i in range(len(v)):
        _ints(v, i, f"{where}[{i}]", lo)


_COUNTS = ("round", "reserve_soldiers", "reserve_officers", "eliminated_soldiers",
           "eliminated_officers", "supply_cubes", "speed_cell", "team_counter", "army_counter",
           "skip_army", "planning_supply", "phase_seconds")
_ID_LISTS = ("bag", "drawn", "item_pile", "item_discard", "special_left", "clue_pile",
             "clue_discard", "clues_kept", "clue_pool", "recruit_bag", "resistance_pile",
             "resistance_discard", "event_pile", "event_discard", "done")


def _check_state(d: Any) -> None:
    if not isinstance(d, dict):
        raise StateDataError(f"state: {_shown(d)} is not a mapping")
    missing = [k for k in (*PLAIN, "rng", "players", "pending") if k not in d]
    if missing:
        raise StateDataError(f"state: {', '.join(missing[:5])} missing")
    _int(d, "rng", "state.rng", 0, 1 << 64)
    if d["phase"] not in PHASES:
        raise StateDataError(f"state.phase: {_shown(d['phase'])} is not a phase; one of "
                             f"{', '.join(PHASES)}")
    for k in _COUNTS:
        _int(d, k, f"state.{k}")
    _int(d, "budget", "state.budget", -1)
    _int(d, "timer_delta", "state.timer_delta", -BOUND)
    zones = len(_ints(d, "soldiers", "state.soldiers"))
    for k in ("officers", "cubes"):
        if len(_ints(d, k, f"state.{k}")) != zones:
            raise StateDataError(f"state.{k}: {len(d[k])} zones, but state.soldiers has {zones}")
    for k in _ID_LISTS:
        _ints(d, k, f"state.{k}")
    if "unseen" in d:
        _ints(d, "unseen", "state.unseen")
    for k in ("piles", "revealed", "completed"):
        _rows(d, k, f"state.{k}")
    _rows(d, "resistance", "state.resistance")
    _rows(d, "queue", "state.queue", -BOUND)
    players = d["players"]
    if not isinstance(players, list) or not 1 <= len(players) <= 8:
        raise StateDataError(f"state.players: {_shown(players)} is not a list of 1 to 8 players")
    for n, p in enumerate(players):
        where = f"state.players[{n}]"
        if not isinstance(p, dict):
            raise StateDataError(f"{where}: {_shown(p)} is not a mapping")
        lack = [k for k in ("character", "at", "actions", "cubes", "squad", "inventory",
                            "free_actions") if k not in p]
        if lack:
            raise StateDataError(f"{where}: {', '.join(lack)} missing")
        for k in ("character", "actions", "cubes", "free_actions"):
            _int(p, k, f"{where}.{k}")
        _int(p, "at", f"{where}.at", 0, max(zones, 1))
        _ints(p, "inventory", f"{where}.inventory")
        squad = p["squad"]
        if not isinstance(squad, list) or len(squad) != 3:
            raise StateDataError(f"{where}.squad: {_shown(squad)} is not 3 rows (C, M, I)")
        for i in range(3):
            _ints(squad, i, f"{where}.squad[{i}]", PLANNING)
    pending = d["pending"]
    if pending is not None:
        if (not isinstance(pending, list) or len(pending) != 5
                or not isinstance(pending[0], str) or not isinstance(pending[4], str)):
            raise StateDataError(f"state.pending: {_shown(pending)} is not "
                                 "[kind, player, options, data, note]")
        if pending[0] not in PENDING_KINDS:
            raise StateDataError(f"state.pending: {_shown(pending[0])} is not a choice; one of "
                                 f"{', '.join(PENDING_KINDS)}")
        _int(pending, 1, "state.pending.player", 0, len(players))
        _ints(pending, 2, "state.pending.options", -BOUND)
        _ints(pending, 3, "state.pending.data", -BOUND)
