"""The classic clue families without listing places (issue 12): the distance to the
nearest place with a property, in links or in mm, and terrain of any kind the board
defines. The distance-to-a-kind predicates must give the same holes as the explicit
``any:`` of one distance clause per such place, on random boards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from authoring.io.diagnostics import Report
from authoring.io.errors import InputError
from authoring.io.yamlio import load_text
from authoring.model.board import Board, build_board
from authoring.model.predicates import Predicate, parse_where

PROPERTIES = ["{tag: port}", "{tag: market}", "{region: A}", "{size: capital}",
              "{not: {tag: port}}", "{number: {min: 3}}"]


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A random island on a grid: cities at jittered grid points, a random subset of the
    grid's links (roads or mountain paths, never crossing), random sizes and tags."""
    cols, rows = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    zones, roads = [], []
    for i in range(cols):
        for j in range(rows):
            k = i * rows + j
            region = "A" if i < cols / 2 else "B"
            size = draw(st.sampled_from(["capital", "town", "village"]))
            tags = draw(st.lists(st.sampled_from(["port", "market"]), max_size=2, unique=True))
            x = 30 + 50 * i + draw(st.integers(-8, 8))
            y = 30 + 50 * j + draw(st.integers(-8, 8))
            zones.append(f"  - {{region: {region}, number: {k + 1}, city: C{k}, size: {size}, "
                         f"at: [{x}, {y}], tags: [{', '.join(tags)}]}}")
    ids = {(i, j): f"{'A' if i < cols / 2 else 'B'} {i * rows + j + 1}"
           for i in range(cols) for j in range(rows)}
    for (i, j), a in ids.items():
        for b in (ids.get((i + 1, j)), ids.get((i, j + 1))):
            if b is not None and draw(st.booleans()):
                kind = draw(st.sampled_from(["road", "road", "mountain"]))
                roads.append(f"  - {{from: {a}, to: {b}, kind: {kind}}}")
    w, h = 50 * cols + 10, 50 * rows + 10
    text = "\n".join([
        "id: random", f"size: [{w}, {h}]", f"outline: [[0, 0], [{w}, 0], [{w}, {h}], [0, {h}]]",
        "regions: [{id: A}, {id: B}]", "zones:", *zones, "roads:" + ("" if roads else " []"),
        *roads, ""])
    return Board.from_yaml_text(text, "random.yaml")


def where(text: str, board: Board) -> Predicate:
    report = Report()
    doc = load_text(f"where: {text}\n", "t.yaml", report)
    assert doc is not None
    pred = parse_where(doc.data["where"], doc, ("where",), board, report)
    assert pred is not None and not report.has_errors, report.format()
    return pred


@settings(max_examples=60, deadline=None)
@given(board=boards(), prop=st.sampled_from(PROPERTIES), links=st.integers(0, 3),
       low=st.integers(0, 2), by=st.sampled_from(["any", "road", "mountain"]),
       mm=st.integers(10, 150))
def test_distance_to_a_kind_is_the_any_of_its_places(board: Board, prop: str, links: int,
                                                     low: int, by: str, mm: int) -> None:
    low = min(low, links)
    sources = sorted(where(prop, board).zones(board))
    near_kind = where(f"{{near: {{of: {prop}, mm: {mm}}}}}", board).zones(board)
    kind = where(f"{{within: {{of: {prop}, links: {links}, min: {low}, by: {by}}}}}", board)
    if not sources:
        assert kind.zones(board) == frozenset() and near_kind == frozenset()
        return
    spelled = where("{any: [" + ", ".join(
        f"{{within: {{of: {z}, links: {links}, by: {by}}}}}" for z in sources) + "]}", board)
    if low == 0:
        assert kind.zones(board) == spelled.zones(board)
    else:  # "at least low links from every such place": nearer than low to none of them
        nearer = where("{any: [" + ", ".join(
            f"{{within: {{of: {z}, links: {low - 1}, by: {by}}}}}" for z in sources) + "]}",
            board)
        assert kind.zones(board) == spelled.zones(board) - nearer.zones(board)
    near_places = where("{any: [" + ", ".join(
        f"{{near: {{place: {z}, mm: {mm}}}}}" for z in sources) + "]}", board)
    assert near_kind == near_places.zones(board)
    # the negation is the complement, and every place is explained
    negated = where(f"{{not: {{within: {{of: {prop}, links: {links}, by: {by}}}}}}}", board)
    assert negated.zones(board) == frozenset(board.zone_ids) - spelled.zones(board)
    for z in board.zone_ids:
        has, reasons = kind.explain(board, z)
        assert has == (z in kind.zones(board)) and reasons


SWAMPS = """
id: marsh
size: [200, 100]
outline: [[0, 0], [200, 0], [200, 100], [0, 100]]
regions: [{id: A}]
zones:
  - {region: A, number: 1, city: Vase, size: town, at: [30, 50]}
  - {region: A, number: 2, city: Roseau, size: village, at: [100, 50]}
  - {region: A, number: 3, city: Sec, size: village, at: [170, 50]}
roads:
  - {from: A 1, to: A 2}
  - {from: A 2, to: A 3}
terrain:
  swamps:
    - {name: Marais Noir, polygon: [[10, 20], [120, 20], [120, 80], [10, 80]]}
  titles:
    swamps: {fr: un marais, en: a swamp}
"""


def test_a_terrain_kind_the_board_defines() -> None:
    board = Board.from_yaml_text(SWAMPS, "marsh.yaml")
    inside = where("{inside: {feature: swamps}}", board)
    assert sorted(inside.zones(board)) == ["A 1", "A 2"]
    assert inside.describe("fr", board) == "Dans un marais"
    assert inside.describe("en", board) == "Inside a swamp"
    assert where("{not: {inside: {feature: swamps}}}", board).describe("fr", board) == (
        "Hors un marais")
    named = where("{inside: {feature: swamps, name: Marais Noir}}", board)
    assert named.describe("fr", board) == "Dans le Marais Noir"
    near = where("{near: {feature: swamps, mm: 40}}", board)
    assert sorted(near.zones(board)) == ["A 1", "A 2"]
    assert near.describe("fr", board) == "Près d'un marais"
    assert near.describe("en", board) == "Near a swamp"


def _board_messages(text: str) -> list[str]:
    try:
        Board.from_yaml_text(text, "marsh.yaml")
    except InputError as e:
        return [d.format().splitlines()[0] for d in e.report.sorted()]  # type: ignore[attr-defined]
    return []


def test_terrain_kind_names_are_checked() -> None:
    # a typo of a standard kind, and a new kind without a title: warnings (the board loads)
    typo = SWAMPS.replace("  swamps:\n", "  montains:\n").replace("    swamps: {fr", "    x: {fr")
    report = Report()
    doc = load_text(typo, "marsh.yaml", report)


    assert doc is not None and build_board(doc, report) is not None
    assert [d.format().splitlines()[0] for d in report.sorted()] == [
        "marsh.yaml:14:3: warning: terrain kind 'montains' is not one of mountains, forests, "
        "lakes, rivers (did you mean 'mountains'?) [terrain-kind-new]",
    ]
    untitled = SWAMPS.split("  titles:")[0]
    report = Report()
    doc = load_text(untitled, "marsh.yaml", report)
    assert doc is not None and build_board(doc, report) is not None
    assert [d.format().splitlines()[0] for d in report.sorted()] == [
        "marsh.yaml:14:3: warning: terrain kind 'swamps' has no title: clue cards will call "
        "it 'swamps' [terrain-kind-untitled]",
    ]
    bad = SWAMPS.replace("  swamps:\n", "  Swamps:\n")
    assert _board_messages(bad)[0].startswith("marsh.yaml:")
    assert "terrain kind 'Swamps': a kind is a lower-case word" in _board_messages(bad)[0]


@pytest.mark.parametrize("text", ["{any: []}", "{all: []}"])
def test_empty_combinators_say_so(text: str) -> None:
    board = Board.from_yaml_text(SWAMPS, "marsh.yaml")
    report = Report()
    doc = load_text(f"where: {text}\n", "t.yaml", report)
    assert doc is not None
    assert parse_where(doc.data["where"], doc, ("where",), board, report) is None
    key = text[1:4]
    assert [d.format().splitlines()[0] for d in report.sorted()] == [
        f"t.yaml:1:14: error: '{key}' takes a non-empty list of predicates [type-invalid]"]
