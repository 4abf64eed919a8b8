"""The action records (actions.py): one per kind, their named fields, the wire list they
travel as (unchanged: saves and golden transcripts hold it), equality across kinds."""

from __future__ import annotations

import copy
import pickle
import re
from typing import Any, get_type_hints

import pytest
from hypothesis import given
from hypothesis import strategies as st

from authoring.engine import players as rules
from authoring.engine.actions import (
    KINDS,
    RECORDS,
    Action,
    Begin,
    Choose,
    Craft,
    Eliminate,
    End,
    Investigate,
    Keep,
    Move,
    Objective,
    Plan,
    Recruit,
    Reorganise,
    Resistance,
    Search,
    Transfer,
    Use,
    option_taken,
    slot_code,
)

ints = st.integers(min_value=-(2**40), max_value=2**40)
wires = st.tuples(st.sampled_from(KINDS), st.lists(ints, max_size=4)).map(
    lambda kw: [kw[0], *kw[1]])


@given(wires)
def test_every_kind_reads_back_as_its_record_and_writes_the_same_list(d: list[Any]) -> None:
    a = Action.from_json(d)
    assert type(a) is RECORDS[d[0]] and a.kind == d[0]
    assert a.to_json() == [*d, *[-1] * (5 - len(d))]
    assert Action.from_json(a.to_json()) == a
    assert type(Action.from_json(a.to_json())) is type(a)


@given(st.sampled_from(KINDS), st.sampled_from(KINDS), st.lists(ints, min_size=4, max_size=4))
def test_records_of_different_kinds_never_compare_equal(k1: str, k2: str, xs: list[int]) -> None:
    a, b = Action.from_json([k1, *xs]), Action.from_json([k2, *xs])
    assert (a == b) == (k1 == k2)
    assert len({a, b}) == (1 if k1 == k2 else 2)


#: each record built by its names, and the list it travels as (today's wire format)
EXAMPLES: list[tuple[Action, list[Any]]] = [
    (Move(0, 12), ["move", 0, 12, -1, -1]),
    (Recruit(1), ["recruit", 1, -1, -1, -1]),
    (Investigate(2), ["investigate", 2, -1, -1, -1]),
    (Search(3), ["search", 3, -1, -1, -1]),
    (Craft(0, 1), ["craft", 0, 1, -1, -1]),
    (Eliminate(1, 7, 0), ["eliminate", 1, 7, 0, -1]),
    (Eliminate(1, 7, 1), ["eliminate", 1, 7, 1, -1]),
    (Use(2, 3, 1), ["use", 2, 3, 1, -1]),
    (Resistance(0, 1, 2, 0), ["resistance", 0, 1, 2, 0]),
    (Resistance(0, 1, 0, 1), ["resistance", 0, 1, 0, 1]),
    (Transfer(0, 2, card=3), ["transfer", 0, 2, 3, -1]),
    (Transfer(0, 1, recruit=slot_code(1, 0), row=2), ["transfer", 0, 1, -17, 2]),
    (Transfer(0, 1, recruit=slot_code(0, 0), row=0), ["transfer", 0, 1, -1, 0]),
    (Plan(3, 2), ["plan", 3, 2, -1, -1]),
    (Objective(1, 0), ["objective", 1, 0, -1, -1]),
    (Reorganise(0, slot_code(0, 1), slot_code(2, 0)), ["reorganise", 0, 1, 32, -1]),
    (Begin(), ["begin", -1, -1, -1, -1]),
    (End(), ["end", -1, -1, -1, -1]),
    (Keep(0, 2), ["keep", 0, 2, -1, -1]),
    (Keep(0, 2, slot_code(1, 3)), ["keep", 0, 2, 19, -1]),
    (Choose(1, 4), ["choose", 1, 4, -1, -1]),
]


@pytest.mark.parametrize(("a", "wire"), EXAMPLES, ids=[repr(a) for a, _ in EXAMPLES])
def test_a_record_travels_as_todays_list(a: Action, wire: list[Any]) -> None:
    assert a.to_json() == wire
    assert Action.from_json(wire) == a and type(Action.from_json(wire)) is type(a)
    assert tuple(a) == tuple(wire)  # the same tuple, so the same hash as before the records


def test_every_kind_has_an_example() -> None:
    assert {type(a) for a, _ in EXAMPLES} == set(RECORDS.values())


@given(st.integers(0, 7), st.integers(0, 7), st.integers(0, 40))
def test_a_transfer_names_the_card_given(p: int, q: int, card: int) -> None:
    t = Transfer(p, q, card=card)
    assert (t.player, t.to, t.card, t.recruit, t.row) == (p, q, card, -1, -1)


@given(st.integers(0, 7), st.integers(0, 7), st.integers(0, 2), st.integers(0, 15),
       st.integers(0, 2))
def test_a_transfer_names_the_recruit_given_and_the_row(p: int, q: int, skill: int, slot: int,
                                                         row: int) -> None:
    t = Transfer(p, q, recruit=slot_code(skill, slot), row=row)
    assert (t.player, t.to, t.card, t.recruit, t.row) == (p, q, -1, slot_code(skill, slot), row)
    assert Transfer.of_option(p, q, t.option()) == t


def test_a_transfer_more_option_keeps_its_number() -> None:
    """The ``transfer_more`` options are saved in a pending choice: their numbers stay."""
    assert Transfer(0, 1, card=1).option() == 4
    assert Transfer(0, 1, recruit=slot_code(0, 0), row=1).option() == -2
    assert Transfer(0, 1, recruit=slot_code(1, 2), row=0).option() == -75  # (-1 - 18) * 4 + 0 + 1


def test_the_named_fields_read_the_record() -> None:
    assert (Move(1, 5).player, Move(1, 5).zone) == (1, 5)
    assert Craft(0, 2).special == 2
    assert (Eliminate(0, 4, 1).zone, Eliminate(0, 4, 1).officer) == (4, 1)
    assert (Use(0, 3, 1).card, Use(0, 3, 1).use) == (3, 1)
    r = Resistance(2, 1, 3, 1)
    assert (r.player, r.card, r.cubes, r.activate) == (2, 1, 3, 1)
    assert Plan(0, 2).skill == 2 and Objective(0, 1).objective == 1
    assert (Reorganise(0, 16, 33).from_slot, Reorganise(0, 16, 33).to_slot) == (16, 33)
    assert (Keep(0, 2, 17).drawn, Keep(0, 2, 17).where) == (2, 17)
    assert Choose(3, 1).option == 1
    assert [option_taken(a) for a in (Keep(0, 2), Choose(0, 5), Move(0, 1))] == [2, 5, -1]
    match Eliminate(1, 6, 0):  # the names are the match arguments too
        case Eliminate(p, z, officer):
            assert (p, z, officer) == (1, 6, 0)


@pytest.mark.parametrize(("a", "wire"), EXAMPLES[:6], ids=[repr(a) for a, _ in EXAMPLES[:6]])
def test_a_record_is_immutable_hashable_and_small(a: Action, wire: list[Any]) -> None:
    with pytest.raises(AttributeError):
        a.player = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        a.__dict__  # noqa: B018 (no per-instance dict: __slots__ = ())
    assert hash(a) == hash(tuple(wire))
    for again in (copy.copy(a), copy.deepcopy(a), pickle.loads(pickle.dumps(a))):
        assert again == a and type(again) is type(a)


def test_a_record_shows_its_names() -> None:
    assert repr(Transfer(0, 2, card=1)) == "Transfer(player=0, to=2, card=1, recruit=-1, row=-1)"
    assert repr(End()) == "End()" and repr(Move(0, 3)) == "Move(player=0, zone=3)"


@pytest.mark.parametrize("record", list(RECORDS.values()), ids=list(RECORDS))
def test_each_record_cites_its_rules(record: type[Action]) -> None:
    assert record.__doc__ is not None and re.search(r"\bR\d+(\.\d+)?\b", record.__doc__), record


@pytest.mark.parametrize("bad", [
    None, "move", {"kind": "move"}, [], ["fly", 0], ["move", "0"], ["move", 0, True],
    ["move", 0, 1.0], ["move", 0, 1, 2, 3, 4], [3, 0],
])
def test_from_json_refuses_what_is_not_an_action(bad: Any) -> None:
    with pytest.raises(ValueError, match=re.escape(f"not an action: {bad!r}")):
        Action.from_json(bad)


def test_each_check_and_act_takes_its_own_record() -> None:
    """The tables of players.py dispatch by the record's type: each check and act is
    annotated with the record it is filed under (a draw takes any of the three)."""
    assert set(rules.CHECKS) == set(rules.ACTS) == {RECORDS[k] for k in (
        "move", "recruit", "investigate", "search", "craft", "eliminate", "use",
        "resistance", "transfer", "plan", "objective")}
    for table in (rules.CHECKS, rules.ACTS):
        for record, fn in table.items():
            hint = get_type_hints(fn)["a"]
            assert record is hint or record in getattr(hint, "__args__", ()), (record, fn)


def test_a_bare_action_is_refused_with_the_record_to_build(game1: Any) -> None:
    from authoring.engine import new_initial_state, why_illegal

    state = new_initial_state(game1, seed=1)
    assert why_illegal(game1, state, Action("move", 0, 3)) == (
        "not an action record: build Move(…), not Action(…)")


def test_the_records_stay_python_beside_a_build_and_date_it() -> None:
    """mypyc does not compile tuple subclasses: actions.py stays Python beside a compiled
    build, and a change to it makes the build stale (the compiled modules were typed
    against it)."""
    from authoring.engine.native import BESIDE, COMPILED, digests

    assert "actions" in BESIDE and "actions" not in COMPILED
    assert "actions" in digests()
