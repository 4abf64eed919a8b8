"""Salvage after schema errors (schema.base.salvage): every problem of a file at once.

A file with schema errors is validated again without the smallest parts that hold
them, so that the loaders check the rest; what depends on a dropped part is not
reported again (no cascade).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from authoring.io.diagnostics import Report
from authoring.io.yamlio import YamlDoc, load_text
from authoring.model.schema import board as board_schema
from authoring.model.schema import scenario as scenario_schema
from authoring.model.schema.base import salvage, validate_salvaged
from authoring.model.workspace import Workspace

BOARD = """\
id: t
size: [200, 150]
outline: [[10, 10], [190, 10], [190, 140], [10, 140]]
regions: [{id: O}]
zones:
{zones}
"""


def _zone(n: int, size: str = "town") -> str:
    return f"  - {{region: O, number: {n}, city: C{n}, size: {size}, at: [{20 + n}, 40]}}"


def _doc(text: str) -> YamlDoc:
    doc = load_text(text, "t.yaml", Report())
    assert doc is not None
    return doc


def test_a_bad_optional_key_is_dropped_and_its_default_applies() -> None:
    doc = _doc(BOARD.replace("{zones}", _zone(1)) + "name: 5\n")
    report = Report()
    spec, sv = validate_salvaged(board_schema.BoardSpec, doc.data, doc, report)
    assert report.codes() == ["type-invalid"]
    assert spec is not None and spec.name == ""
    assert sv.dropped == {("name",)}
    assert sv.hit("name") and not sv.hit("zones")


def test_a_bad_list_element_is_dropped_and_later_paths_map_to_their_lines() -> None:
    zones = "\n".join([_zone(1), _zone(2, "huge"), _zone(3, "huge"), _zone(4)])
    doc = _doc(BOARD.replace("{zones}", zones))
    spec, sv = salvage(board_schema.BoardSpec, doc.data, doc)
    assert spec is not None
    assert [z.number for z in spec.zones] == [1, 4]
    assert sv.dropped == {("zones", 1), ("zones", 2)}
    # the salvaged zone 1 is written as zones.3, on line 9
    assert sv.raw(("zones", 1, "city")) == ("zones", 3, "city")
    assert sv.doc.span(("zones", 1)).line == 9
    assert sv.doc.span(("zones", 1)).path == "zones.3"
    assert sv.kept(("zones", 3)) == ("zones", 1)
    assert sv.kept(("zones", 2)) is None
    assert [v["city"] for _, v in sv.dropped_under("zones")] == ["C2", "C3"]


def test_an_unknown_key_is_dropped_alone() -> None:
    doc = _doc(BOARD.replace("{zones}", _zone(1).replace("size:", "sise: x, size:")))
    spec, sv = salvage(board_schema.BoardSpec, doc.data, doc)
    assert spec is not None and len(spec.zones) == 1
    assert sv.dropped == {("zones", 0, "sise")}


def test_a_required_list_emptied_by_drops_is_kept_empty() -> None:
    text = """\
id: s
title: T
board: b.yaml
clues: c.yaml
timer: 5
setup: {start: [3], officers: 2}
objectives: [{kind: destroy, item: bomb}]
"""
    doc = _doc(text)
    spec, sv = salvage(scenario_schema.ScenarioSpec, doc.data, doc)
    assert spec is not None
    assert isinstance(spec, scenario_schema.ScenarioSpec)
    assert spec.objectives == [] and spec.setup.start == []
    assert sv.dropped == {("objectives", 0), ("setup", "start", 0)}


def test_an_error_in_a_required_top_level_value_cannot_be_salvaged() -> None:
    doc = _doc(BOARD.replace("{zones}", _zone(1)).replace("size: [200, 150]", "size: big"))
    spec, sv = salvage(board_schema.BoardSpec, doc.data, doc)
    assert spec is None and not sv


@settings(max_examples=40, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=12))
def test_salvage_drops_exactly_the_bad_zones(bad: list[bool]) -> None:
    zones = "\n".join(_zone(i + 1, "huge" if b else "town") for i, b in enumerate(bad))
    doc = _doc(BOARD.replace("{zones}", zones))
    spec, sv = salvage(board_schema.BoardSpec, doc.data, doc)
    assert spec is not None  # zones may end up empty: its minimum length is not checked again
    assert sv.dropped == {("zones", i) for i, b in enumerate(bad) if b}
    kept = [i for i, b in enumerate(bad) if not b]
    assert [z.number for z in spec.zones] == [i + 1 for i in kept]
    for j, i in enumerate(kept):
        assert sv.raw(("zones", j)) == ("zones", i)
        assert sv.kept(("zones", i)) == ("zones", j)


def _check(tmp_path: Path, name: str, text: str, kind: str) -> list[str]:
    """The diagnostics of one file, as ``line: code`` strings."""
    path = tmp_path / name
    path.write_text(text, "utf-8")
    ws = Workspace()
    assert ws.load(path, kind) is None
    return [f"{d.line}: {d.code}" for d in ws.report.sorted()]


def test_board_roads_to_dropped_zones_and_regions_are_not_unknown(tmp_path: Path) -> None:
    text = """\
id: t
size: [200, 150]
outline: [[10, 10], [190, 10], [190, 140], [10, 140]]
regions: [{id: O}, {id: E, colour: red}]
zones:
  - {region: O, number: 1, city: A, size: capital, at: [40, 40]}
  - {region: O, number: two, city: B, size: town, at: [40, 110]}
  - {region: E, number: 1, city: C, size: town, at: [150, 40]}
roads:
  - {from: O 1, to: O 2}
  - {from: O 1, to: E 1}
  - {from: E 1, to: X 9}
"""
    # the number 'two' cannot be read: any 'O n' may have been meant; E keeps its default
    # colour; X 9 names nothing at all
    assert _check(tmp_path, "b.yaml", text, "board") == [
        "4: value-invalid",
        "7: value-invalid",
        "12: zone-unknown",
    ]


def test_board_with_every_zone_dropped_reports_only_the_zones(tmp_path: Path) -> None:
    zones = "\n".join([_zone(1, "huge"), _zone(2, "big")])
    text = BOARD.replace("{zones}", zones) + "roads: [{from: O 1, to: O 2}]\n"
    assert _check(tmp_path, "b.yaml", text, "board") == ["6: value-choice", "7: value-choice"]


def test_board_zones_of_a_dropped_region_are_not_reported(tmp_path: Path) -> None:
    text = BOARD.replace("{zones}", _zone(1)).replace("[{id: O}]", '[{id: ""}]')
    # the region's id cannot be read: its zones (and roads to them) are not checked
    text += "roads: [{from: O 1, to: X 9}]\n"
    assert _check(tmp_path, "b.yaml", text, "board") == ["4: value-invalid"]


CASES = Path(__file__).resolve().parent / "cases"
DATA = Path(__file__).resolve().parent / "scenario" / "data"


def _scenario(a: str, b: str) -> str:
    """The reference test scenario with ``a`` replaced by ``b`` and an unknown start zone
    (an independent problem that must be reported beside the schema error)."""
    text = (CASES / "scenario" / "ok-reference.yaml").read_text("utf-8")
    text = text.replace("../../scenario/data/", f"{DATA.as_posix()}/")
    assert a in text
    return text.replace(a, b).replace("start: [W 1]", "start: [W 9]")


@pytest.mark.parametrize(
    ("a", "b", "codes"),
    [
        # the speed is not known: no "give either speed or cell"
        ("speed_start: {speed: 2}", "speed_start: {speed: x}", ["value-invalid"]),
        # 'eazy' is dropped: no officer check for a level that may have been meant
        ("easy: {officers: 6", "eazy: {officers: 6", ["value-choice"]),
        # the candidates are not all known: no isolation or reachability check on the rest
        ("candidates: {where: {size: [capital, town]}}", "candidates: [W 1, 3]", ["type-invalid"]),
        # a misspelled 'candidates' does not make every place a candidate
        ("candidates: {where", "candidate: {where", ["key-unknown"]),
        # the zones of a placement are not known: no "does not say where"
        ("{soldiers: 1, zones: [W 3, E 3]}", "{soldiers: 1, zones: 5}", ["type-invalid"]),
        # a dropped max_occupation rule: no capacity error on the zones it may have raised
        (
            "  - {rule: no_events_before_round, round: 2, text: Pas d'événement au premier tour.}",
            "  - {rule: max_occupation, value: x, where: {size: village}}",
            ["value-invalid"],
        ),
    ],
)
def test_scenario_reports_the_rest_without_cascades(
    tmp_path: Path, a: str, b: str, codes: list[str]
) -> None:
    got = _check(tmp_path, "s.yaml", _scenario(a, b), "scenario")
    assert sorted(c.split(": ")[1] for c in got) == sorted([*codes, "zone-unknown"])


def test_scenario_capacity_is_still_checked_when_nothing_can_raise_it(tmp_path: Path) -> None:
    text = _scenario("{soldiers: 1, zones: [W 3, E 3]}", "{soldiers: 4, zones: [W 3, E 3]}")
    text = text.replace("timer: 4", "timer: soon")  # a required top-level value: no salvage
    assert [c.split(": ")[1] for c in _check(tmp_path, "s.yaml", text, "scenario")] == [
        "value-invalid"
    ]
    text = text.replace("timer: soon", "timer: 4").replace("duration: short", "duration: 5")
    assert sorted(c.split(": ")[1] for c in _check(tmp_path, "t.yaml", text, "scenario")) == [
        "setup-over-capacity",
        "setup-over-capacity",
        "value-choice",
        "zone-unknown",
    ]


def test_content_file_reports_the_rest_without_cascades(tmp_path: Path) -> None:
    # (tests/cases/content/ holds one problem per case, so this multi case lives here)
    text = """\
kind: items
items:
  - {id: pistol, title: Pistolet, kind: bonus, copies: two,
     effects: [{skill_bonus: {skill: M, amount: 1}}]}
  - {id: toolbox, title: Caisse, kind: bonus, effects: [{skil_bonus: {skill: I, amount: 1}}]}
  - {id: charm, title: Porte-bonheur, kind: bonus, effects: [{reputation: {amount: 2}}]}
  - {id: pistol, title: Pistolet, kind: bonus, effects: [{skill_bonus: {skill: C, amount: 1}}]}
"""
    # the toolbox's only effect is unknown: it is not also "a bonus item with no effects"
    assert _check(tmp_path, "items.yaml", text, "items") == [
        "3: value-invalid",
        "5: effect-unknown",
        "6: effect-context",
        "7: id-duplicate",
    ]


def test_content_recruit_token_with_a_dropped_value_is_not_also_lacking_it(
    tmp_path: Path,
) -> None:
    text = """\
kind: recruits
tokens:
  - {letter: A, C: 2, M: x, I: 1}
  - {letter: A, C: 1, M: 1, I: 1}
"""
    assert _check(tmp_path, "recruits.yaml", text, "recruits") == [
        "3: value-invalid",
        "4: letter-duplicate",
    ]


def _messages(tmp_path: Path, name: str, text: str, kind: str) -> list[str]:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    ws = Workspace()
    assert ws.load(path, kind) is None
    return [f"{d.line}: {d.path}: {d.message}" for d in ws.report.sorted()]


def test_messages_number_list_elements_as_written_from_1(tmp_path: Path) -> None:
    board = BOARD.replace("{zones}", _zone(1))
    board += "roads:\n  - {from: O 1}\n  - {from: O 1, to: X 9}\n  - {from: O 1, to: O 1}\n"
    assert _messages(tmp_path, "b.yaml", board, "board")[1:] == [
        "9: roads.1.to: road 2 goes to unknown zone 'X 9'",
        "10: roads.2: road 3 joins O 1 to itself",
    ]
    text = _scenario(
        "  - {kind: locate_and_destroy_base",
        "  - {kind: nope}\n  - {kind: locate_and_destroy_base, item: bomb, candidates: [E 9]}\n"
        "  - {kind: locate_and_destroy_base, count: 2",
    ).replace("{soldiers: 3, where: {size: capital}}", "{soldiers: x}\n    - {soldiers: 1}")
    # (a placement with no place at all is its own problem, whatever its counts)
    assert _messages(tmp_path, "s.yaml", text, "scenario") == [
        "11: setup.army.0: setup.army #1 does not say where: give 'where' or 'zones'",
        "11: setup.army.0.soldiers: setup.army #1.soldiers: expected a whole number, got 'x'",
        "12: setup.army.1: setup.army #2 does not say where: give 'where' or 'zones'",
        "17: setup.start.0: unknown zone 'W 9' in setup.start",
        "21: objectives.0.kind: unknown objective kind 'nope'",
        "22: objectives.1.candidates.0: unknown zone 'E 9' in objectives #2.candidates",
        "23: objectives.2.item: objective 3 needs 2 × 'powder' to craft 'bomb' 2 times; "
        "the item deck has 1",
    ]


def test_an_effect_with_a_dropped_parameter_is_not_checked_with_its_default(
    tmp_path: Path,
) -> None:
    text = """\
kind: events
events:
  - {id: raid, title: Raid, effects: [{reputation: {amount: -1, who: nobody}}]}
  - {id: purge, title: Purge, effects: [{reputation: {amount: -1}}]}
"""
    # who: nobody is dropped; its default (the acting player) would not suit an event
    assert _check(tmp_path, "events.yaml", text, "events") == [
        "3: value-choice",
        "4: effect-context",
    ]
