"""What a player can do: one small frozen record per kind of action, JSON-able as a list.

Each kind has its record, with its parameters named in the words of the rules; the
engine dispatches on the record's type (``isinstance``, ``match``, or a table keyed by
the type):

=============  ==============================================  ==========================
kind           record                                          rules
=============  ==============================================  ==========================
move           ``Move(player, zone)``                          R5.1
recruit        ``Recruit(player)``, then a ``Keep``            R5.2
investigate    ``Investigate(player)``, then a ``Keep``        R5.3
search         ``Search(player)``, then a ``Keep``             R5.4
craft          ``Craft(player, special)``                      R5.5
eliminate      ``Eliminate(player, zone, officer)``            R5.6, R9.6
use            ``Use(player, card, use)``                      R5.7
resistance     ``Resistance(player, card, cubes, activate)``   R5.8, D11.3
transfer       ``Transfer(player, to, card, recruit, row)``    R5.9, D11.5
plan           ``Plan(player, skill)``                         R5.10, D11.4
objective      ``Objective(player, objective)``                R9.2
reorganise     ``Reorganise(player, from_slot, to_slot)``      R6.3 (free)
begin          ``Begin()``: the timer runs                     R6, R10.1
end            ``End()``: the players' phase ends              R10.1
keep           ``Keep(player, drawn, where)``                  R5.2–R5.4, R6.2, D5.1
choose         ``Choose(player, option)``                      (a pending choice)
=============  ==============================================  ==========================

Each record's docstring says what its fields mean. A squad slot is one number,
:func:`slot_code` (``skill * 16 + slot``).

Every record is a tuple ``(kind, player, a, b, c)`` (the common base :class:`Action`):
cheap to make, hash and compare; records of different kinds never compare equal (the
kind comes first). That tuple is the wire and save format, :meth:`Action.to_json`
(``["move", 0, 12, -1, -1]``); ``a``, ``b``, ``c`` are the wire's slots, read only here:
the rest of the code reads the records' named fields.

>>> Move(0, 12).to_json()
['move', 0, 12, -1, -1]
>>> Action.from_json(['transfer', 1, 2, -18, 0])
Transfer(player=1, to=2, card=-1, recruit=17, row=0)
>>> Plan(0, 1) == Craft(0, 1), Plan(0, 1) == Plan(0, 1)
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Literal, NamedTuple, get_args

# a squad slot's number (the wire's slot fields): its home is the state's squad
from authoring.engine.state import slot_code as slot_code
from authoring.engine.state import slot_of as slot_of

#: every kind of action (the table above)
ActionKind = Literal["move", "recruit", "investigate", "search", "craft", "eliminate", "use",
                     "resistance", "transfer", "plan", "objective", "reorganise", "begin",
                     "end", "keep", "choose"]
STANDARD: tuple[ActionKind, ...] = (
    "move", "recruit", "investigate", "search", "craft", "eliminate", "use", "resistance",
    "transfer", "plan", "objective")
#: the standard actions a player chooses, in a designer's words with their rule
SAID: dict[ActionKind, str] = {
    "move": "move (R5.1)", "recruit": "recruit (R5.2)", "investigate": "investigate (R5.3)",
    "search": "search (R5.4)", "craft": "craft a special item (R5.5)",
    "eliminate": "eliminate (R5.6)", "use": "use a special item (R5.7)",
    "resistance": "play a resistance card (R5.8)", "transfer": "transfer (R5.9)",
    "plan": "place the planning token (R5.10)", "objective": "complete an objective (R9.2)"}
#: actions that advance the actor's counter (R5: each standard action)
COUNTED = frozenset(STANDARD)
LIMITED = frozenset(("recruit", "investigate", "search"))  # R4.4
KINDS: tuple[ActionKind, ...] = get_args(ActionKind)

_new = tuple.__new__


class Action(NamedTuple):
    """Any action: its kind, its player and the wire's three ints (-1 when unused). Build
    and read the records of the kinds (:class:`Move` …), never this base itself."""

    kind: ActionKind
    player: int = -1
    a: int = -1
    b: int = -1
    c: int = -1

    def to_json(self) -> list[Any]:
        """The action as a list ``[kind, player, a, b, c]`` (the wire and save format)."""
        return [self.kind, self.player, self.a, self.b, self.c]

    @classmethod
    def from_json(cls, d: Any) -> Action:
        """The record :meth:`to_json` wrote (the record of its kind; ints left out are -1)."""
        if (not isinstance(d, list) or not d or d[0] not in KINDS
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in d[1:])
                or len(d) > 5):
            raise ValueError(f"not an action: {d!r}")
        got: Action = _new(RECORDS[d[0]], (*d, *_UNUSED[len(d):]))
        return got

    def __reduce__(self) -> tuple[Any, ...]:
        # copy and pickle rebuild the tuple as it is (a record's __new__ takes its names)
        return _new, (type(self), tuple(self))


_UNUSED = ("", -1, -1, -1, -1)


def _names_repr(self: Action) -> str:
    """``Move(player=0, zone=12)``: a record in its own words."""
    names: tuple[str, ...] = self.__match_args__
    return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in names)})"


# Named fields are the tuple's own item getters (Action.a is the getter of item 2): reading
# one costs what reading ``a`` did.


class Move(Action):
    """R5.1: ``player`` moves to ``zone`` (up to 3 roads or 1 mountain path, plus bonuses)."""

    __slots__ = ()
    __match_args__: ClassVar = ("player", "zone")
    __repr__ = _names_repr
    zone = Action.a

    def __new__(cls, player: int, zone: int) -> Move:
        """The move of ``player`` to ``zone``."""
        return _new(cls, ("move", player, zone, -1, -1))


class Recruit(Action):
    """R5.2: ``player`` draws recruit tokens (C − army malus) and keeps one (a :class:`Keep`)."""

    __slots__ = ()
    __match_args__: ClassVar = ("player",)
    __repr__ = _names_repr

    def __new__(cls, player: int) -> Recruit:
        """``player`` recruits."""
        return _new(cls, ("recruit", player, -1, -1, -1))


class Investigate(Action):
    """R5.3: ``player`` draws clues (C − army malus) and keeps one (a :class:`Keep`)."""

    __slots__ = ()
    __match_args__: ClassVar = ("player",)
    __repr__ = _names_repr

    def __new__(cls, player: int) -> Investigate:
        """``player`` investigates."""
        return _new(cls, ("investigate", player, -1, -1, -1))


class Search(Action):
    """R5.4: ``player`` draws items (I − army malus) and keeps one (a :class:`Keep`)."""

    __slots__ = ()
    __match_args__: ClassVar = ("player",)
    __repr__ = _names_repr

    def __new__(cls, player: int) -> Search:
        """``player`` searches."""
        return _new(cls, ("search", player, -1, -1, -1))


#: the three draw actions (R5.2–R5.4)
Draw = Recruit | Investigate | Search


class Craft(Action):
    """R5.5: ``player`` crafts special item ``special`` (its index in the game) from the
    parts they hold."""

    __slots__ = ()
    __match_args__: ClassVar = ("player", "special")
    __repr__ = _names_repr
    special = Action.a

    def __new__(cls, player: int, special: int) -> Craft:
        """``player`` crafts ``special``."""
        return _new(cls, ("craft", player, special, -1, -1))


class Eliminate(Action):
    """R5.6, R9.6: ``player`` eliminates in ``zone`` a soldier (``officer`` 0) or an
    officer (``officer`` 1)."""

    __slots__ = ()
    __match_args__: ClassVar = ("player", "zone", "officer")
    __repr__ = _names_repr
    zone = Action.a
    officer = Action.b

    def __new__(cls, player: int, zone: int, officer: int = 0) -> Eliminate:
        """``player`` eliminates a soldier (``officer=0``) or an officer in ``zone``."""
        return _new(cls, ("eliminate", player, zone, officer, -1))


class Use(Action):
    """R5.7: ``player`` uses the special item at inventory position ``card``, its use
    number ``use`` (from 0)."""

    __slots__ = ()
    __match_args__: ClassVar = ("player", "card", "use")
    __repr__ = _names_repr
    card = Action.a
    use = Action.b

    def __new__(cls, player: int, card: int, use: int = 0) -> Use:
        """``player`` uses use ``use`` of their inventory card ``card``."""
        return _new(cls, ("use", player, card, use, -1))


class Resistance(Action):
    """R5.8, D11.3: ``player`` puts ``cubes`` reputation cubes on the available resistance
    card ``card`` (its position among the available cards), and ``activate`` (1) it or
    not (0)."""

    __slots__ = ()
    __match_args__: ClassVar = ("player", "card", "cubes", "activate")
    __repr__ = _names_repr
    card = Action.a
    cubes = Action.b
    activate = Action.c

    def __new__(cls, player: int, card: int, cubes: int, activate: int = 0) -> Resistance:
        """``player`` puts ``cubes`` on available card ``card`` and activates it or not."""
        return _new(cls, ("resistance", player, card, cubes, activate))


class Transfer(Action):
    """R5.9, D11.5: ``player`` gives player ``to`` either the inventory card at position
    ``card``, or the recruit of squad slot ``recruit`` (a :func:`slot_code`) onto the
    receiver's skill row ``row`` (0 C, 1 M, 2 I); the field not given is -1. The first
    thing given: then a ``transfer_more`` choice gives more to the same player in the same
    action (R5.9 "personnages et/ou objets").

    On the wire a recruit is ``b = -1 - recruit`` (a card is ``b = card``): read the fields.
    """

    __slots__ = ()
    __match_args__: ClassVar = ("player", "to", "card", "recruit", "row")
    __repr__ = _names_repr
    to = Action.a
    row = Action.c

    def __new__(cls, player: int, to: int, card: int = -1, recruit: int = -1,
                row: int = -1) -> Transfer:
        """``player`` gives ``to`` inventory card ``card``, or the recruit of slot
        ``recruit`` onto row ``row``."""
        return _new(cls, ("transfer", player, to, -1 - recruit if recruit >= 0 else card, row))

    @property
    def card(self) -> int:
        """The inventory position of the card given, or -1 (a recruit is given)."""
        b: int = self[3]
        return b if b >= 0 else -1

    @property
    def recruit(self) -> int:
        """The squad slot (:func:`slot_code`) of the recruit given, or -1 (a card is given)."""
        b: int = self[3]
        return -1 - b if b < 0 else -1

    def option(self) -> int:
        """This transfer as a ``transfer_more`` option (one int; :meth:`of_option` reads it)."""
        return self[3] * 4 + self[4] + 1

    @classmethod
    def of_option(cls, player: int, to: int, x: int) -> Transfer:
        """The transfer a ``transfer_more`` option ``x`` stands for (:meth:`option`)."""
        return _new(cls, ("transfer", player, to, x // 4, x % 4 - 1))


class Plan(Action):
    """R5.10, D11.4: ``player`` puts a planning token on skill ``skill`` (0 C, 1 M, 2 I)."""

    __slots__ = ()
    __match_args__: ClassVar = ("player", "skill")
    __repr__ = _names_repr
    skill = Action.a

    def __new__(cls, player: int, skill: int) -> Plan:
        """``player`` plans on ``skill``."""
        return _new(cls, ("plan", player, skill, -1, -1))


class Objective(Action):
    """R9.2: ``player`` acts on objective ``objective`` (its index) in their zone: eliminates
    the general, frees the prisoner."""

    __slots__ = ()
    __match_args__: ClassVar = ("player", "objective")
    __repr__ = _names_repr
    objective = Action.a

    def __new__(cls, player: int, objective: int) -> Objective:
        """``player`` acts on ``objective``."""
        return _new(cls, ("objective", player, objective, -1, -1))


class Reorganise(Action):
    """R6.3 (free, at the start of the players' phase): ``player`` moves the recruit of
    squad slot ``from_slot`` to the slot ``to_slot`` (both :func:`slot_code`): a free one,
    or one whose recruit takes ``from_slot`` in exchange (each fitting its new slot, D6.2)."""

    __slots__ = ()
    __match_args__: ClassVar = ("player", "from_slot", "to_slot")
    __repr__ = _names_repr
    from_slot = Action.a
    to_slot = Action.b

    def __new__(cls, player: int, from_slot: int, to_slot: int) -> Reorganise:
        """``player`` moves a recruit from ``from_slot`` to ``to_slot``."""
        return _new(cls, ("reorganise", player, from_slot, to_slot, -1))


class Begin(Action):
    """R6, R10.1: the start of the players' phase is over: the timer runs."""

    __slots__ = ()
    __match_args__: ClassVar = ()
    __repr__ = _names_repr

    def __new__(cls) -> Begin:
        """The timer starts."""
        return _new(cls, ("begin", -1, -1, -1, -1))


class End(Action):
    """R10.1: the players' phase ends (time is up, or the players stop)."""

    __slots__ = ()
    __match_args__: ClassVar = ()
    __repr__ = _names_repr

    def __new__(cls) -> End:
        """The players' phase ends."""
        return _new(cls, ("end", -1, -1, -1, -1))


class Keep(Action):
    """R5.2–R5.4, R6.2: ``player`` keeps drawn card or token ``drawn`` (its position among
    the pending draw's options) and puts it ``where``: for a recruit, the squad slot
    (:func:`slot_code`; -1: it fits nowhere and is returned, D5.1); for an item with a full
    inventory, the inventory card discarded to make room (the inventory's length: the new
    card itself is discarded; -1: room enough); otherwise -1."""

    __slots__ = ()
    __match_args__: ClassVar = ("player", "drawn", "where")
    __repr__ = _names_repr
    drawn = Action.a
    where = Action.b

    def __new__(cls, player: int, drawn: int, where: int = -1) -> Keep:
        """``player`` keeps option ``drawn`` of the pending draw, put ``where``."""
        return _new(cls, ("keep", player, drawn, where, -1))


class Choose(Action):
    """``player`` answers the pending choice with its option number ``option`` (a zone, a
    player, a card; who gets a reputation cube, ``share_cube``, R7.2; what else a transfer
    gives, ``transfer_more``, R5.9)."""

    __slots__ = ()
    __match_args__: ClassVar = ("player", "option")
    __repr__ = _names_repr
    option = Action.a

    def __new__(cls, player: int, option: int) -> Choose:
        """``player`` chooses option number ``option``."""
        return _new(cls, ("choose", player, option, -1, -1))


#: the record of each kind (:meth:`Action.from_json`)
RECORDS: dict[str, type[Action]] = {
    "move": Move, "recruit": Recruit, "investigate": Investigate, "search": Search,
    "craft": Craft, "eliminate": Eliminate, "use": Use, "resistance": Resistance,
    "transfer": Transfer, "plan": Plan, "objective": Objective, "reorganise": Reorganise,
    "begin": Begin, "end": End, "keep": Keep, "choose": Choose,
}
assert tuple(RECORDS) == KINDS
#: the draw records by kind (R5.2–R5.4)
DRAWS: dict[str, type[Recruit] | type[Investigate] | type[Search]] = {
    "recruit": Recruit, "investigate": Investigate, "search": Search}


def moves_to(player: int, zones: Iterable[int]) -> tuple[Move, ...]:
    """``Move(player, z)`` for each of ``zones`` in order, each built as its tuple directly
    (a game's table of moves: the records :class:`Move` makes, without a call of it per
    zone).

    >>> moves_to(0, [3, 5]) == (Move(0, 3), Move(0, 5))
    True
    """
    return tuple([_new(Move, ("move", player, z, -1, -1)) for z in zones])


def option_taken(a: Action) -> int:
    """The option of the pending choice ``a`` takes: a :class:`Keep`'s drawn card or token,
    a :class:`Choose`'s option; -1 for any other action.

    >>> option_taken(Keep(0, 2, -1)), option_taken(Choose(1, 0)), option_taken(End())
    (2, 0, -1)
    """
    if isinstance(a, Keep):
        return a.drawn
    return a.option if isinstance(a, Choose) else -1
