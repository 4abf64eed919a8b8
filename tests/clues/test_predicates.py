"""Clue predicates on the tiny board: exact zone sets, reasons, titles, diagnostics (R5.3)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from authoring.io.diagnostics import Report
from authoring.io.yamlio import load_text
from authoring.model.board import Board
from authoring.model.predicates import PREDICATES, Predicate, parse_where, walk
from authoring.model.workspace import Workspace

TINY = Path("tests/data/boards/tiny.yaml")

# A board with a zone reached only by mountain paths and a city inside a mountain range.
PEAKS = """
id: peaks
size: [100, 100]
outline: [[0, 0], [100, 0], [100, 100], [0, 100]]
regions: [{id: A}, {id: B}]
zones:
  - {region: A, number: 1, city: Bas, size: capital, at: [20, 20]}
  - {region: A, number: 2, city: Col, size: village, at: [50, 80]}
  - {region: B, number: 1, city: Val, size: town, at: [80, 20]}
  - {region: B, number: 2, city: Pic, size: village, at: [80, 80]}
roads:
  - {from: A 1, to: B 1}
  - {from: A 1, to: A 2, kind: mountain}
  - {from: B 1, to: B 2, kind: mountain}
  - {from: A 2, to: B 2, kind: mountain}
terrain:
  mountains:
    - {name: Monts Gris, polygon: [[40, 60], [95, 60], [95, 95], [40, 95]]}
"""


@pytest.fixture(scope="module")
def tiny() -> Board:
    ws = Workspace()
    board = ws.load(TINY, "board")
    assert board is not None, ws.report.format()
    return board


@pytest.fixture(scope="module")
def peaks() -> Board:
    return Board.from_yaml_text(PEAKS, "peaks.yaml")


def parse(text: str, board: Board) -> tuple[Predicate | None, Report]:
    report = Report()
    doc = load_text(f"where: {text}\n", "t.yaml", report)
    assert doc is not None
    return parse_where(doc.data["where"], doc, ("where",), board, report), report


def zones(text: str, board: Board) -> list[str]:
    pred, report = parse(text, board)
    assert pred is not None, report.format()
    assert not report.has_errors
    return sorted(pred.zones(board))


CASES = [
    # attributes
    ("{region: O}", ["O 1", "O 2", "O 3"]),
    ("{region: [o, E]}", ["E 1", "E 2", "E 3", "O 1", "O 2", "O 3"]),
    ("{size: capital}", ["O 1"]),
    ("{size: [capital, town]}", ["E 1", "O 1", "O 3"]),
    ("{number: 2}", ["E 2", "O 2"]),
    ("{number: [1, 3]}", ["E 1", "E 3", "O 1", "O 3"]),
    ("{number: {min: 2}}", ["E 2", "E 3", "O 2", "O 3"]),
    ("{number: {min: 2, max: 2}}", ["E 2", "O 2"]),
    ("{tag: port}", ["E 1", "O 1"]),
    ("{tag: [market, port]}", ["E 1", "O 1", "O 3"]),
    ("{coastal: true}", ["E 1", "E 2", "E 3", "O 1", "O 2"]),
    ("{coastal: false}", ["O 3"]),
    ("{zone: [O1, e 2]}", ["E 2", "O 1"]),
    # graph relations (ring O1-O2~E3-E2-E1-O3-O1, '~' the mountain path)
    ("{adjacent: O 3}", ["E 1", "O 1"]),
    ("{adjacent: [O 2, E 2]}", ["E 1", "E 3", "O 1"]),
    ("{within: {of: O 1, links: 2, by: road}}", ["E 1", "O 1", "O 2", "O 3"]),
    ("{within: {of: O 1, links: 2}}", ["E 1", "E 3", "O 1", "O 2", "O 3"]),
    ("{within: {of: O 1, links: 3, min: 2}}", ["E 1", "E 2", "E 3"]),
    ("{within: {of: O 2, links: 1, by: mountain}}", ["E 3", "O 2"]),
    # the distance to the nearest place with a property (ports: O 1, E 1)
    ("{within: {of: {tag: port}, links: 1}}", ["E 1", "E 2", "O 1", "O 2", "O 3"]),
    ("{within: {of: {tag: port}, links: 2, min: 2}}", ["E 3"]),
    ("{within: {of: {size: capital}, links: 1, by: road}}", ["O 1", "O 2", "O 3"]),
    ("{near: {of: {tag: port}, mm: 60}}", ["E 1", "O 1"]),
    ("{not: {within: {of: {tag: market}, links: 1}}}", ["E 2", "E 3", "O 2"]),
    ("{reach: O 2}", ["E 1", "E 3", "O 1", "O 3"]),
    ("{reach: E 2}", ["E 1", "E 3", "O 1", "O 3"]),
    ("{mountain_only: true}", []),
    ("{degree: 2}", ["E 1", "E 2", "E 3", "O 1", "O 2", "O 3"]),
    ("{degree: {max: 1, by: road}}", ["E 3", "O 2"]),
    ("{degree: {min: 1, by: mountain}}", ["E 3", "O 2"]),
    # geometry (island centre (100, 75))
    ("{north_of: centre}", ["E 2", "E 3", "O 2"]),
    ("{south_of: centre}", ["E 1", "O 1"]),
    ("{east_of: centre}", ["E 1", "E 2", "E 3"]),
    ("{west_of: centre}", ["O 1", "O 2", "O 3"]),
    ("{north_of: O 3}", ["E 2", "E 3", "O 2"]),
    ("{east_of: O 3}", ["E 1", "E 2", "E 3"]),
    ("{west_of: [[100, 0], [120, 150]]}", ["O 1", "O 2", "O 3"]),
    ("{north_of: [[0, 30], [200, 130]]}", ["E 2", "E 3", "O 2"]),
    ("{near: {feature: rivers, mm: 30}}", ["E 1", "E 2", "E 3"]),
    ("{near: {feature: rivers, name: Lune, mm: 12}}", ["E 3"]),
    ("{near: {feature: forests, mm: 40}}", ["O 1", "O 3"]),
    ("{near: {place: O 3, mm: 60}}", ["E 3", "O 3"]),
    ("{inside: {feature: forests}}", []),
    ("{river: Lune}", ["E 1", "E 2", "E 3"]),
    ("{river: true}", ["E 1", "E 2", "E 3"]),
    ("{river: false}", ["O 1", "O 2", "O 3"]),
    # combinators
    ("{all: [{coastal: true}, {north_of: centre}]}", ["E 2", "E 3", "O 2"]),
    ("{any: [{size: capital}, {tag: market}]}", ["O 1", "O 3"]),
    ("{not: {region: O}}", ["E 1", "E 2", "E 3"]),
    ("{not: {not: {tag: port}}}", ["E 1", "O 1"]),
    ("{region: E, size: village}", ["E 2", "E 3"]),  # several keys: all of them
]


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[c[0] for c in CASES])
def test_zone_sets(tiny: Board, text: str, expected: list[str]) -> None:
    assert zones(text, tiny) == expected


def test_every_predicate_key_has_a_case_and_a_documented_example(tiny: Board) -> None:
    used = {p.key for text, _ in CASES for p in walk(parse(text, tiny)[0])}  # type: ignore[arg-type]
    assert used >= set(PREDICATES) - {"inside", "mountain_only"}  # those two: test_peaks
    for key, cls in PREDICATES.items():
        doc = cls.__doc__ or ""
        assert f"{{{key}:" in doc, f"{cls.__name__} docstring lacks a YAML example"


def test_mountain_only_and_inside_on_a_board_that_has_them(peaks: Board) -> None:
    assert zones("{mountain_only: true}", peaks) == ["A 2", "B 2"]
    assert zones("{mountain_only: false}", peaks) == ["A 1", "B 1"]
    assert zones("{inside: {feature: mountains}}", peaks) == ["A 2", "B 2"]
    assert zones("{inside: {feature: mountains, name: Monts Gris}}", peaks) == ["A 2", "B 2"]
    assert zones("{reach: A 1}", peaks) == ["A 2", "B 1"]
    pred, _ = parse("{mountain_only: true}", peaks)
    assert pred is not None
    assert pred.explain(peaks, "A 2") == (True, ["A 2 has 2 links, all mountain paths"])
    assert pred.explain(peaks, "B 1") == (False, ["B 1 has a road to A 1"])


def explain(text: str, board: Board, zone: str) -> tuple[bool, list[str]]:
    pred, report = parse(text, board)
    assert pred is not None, report.format()
    return pred.explain(board, zone)


def test_explain_reasons(tiny: Board) -> None:
    assert explain("{size: capital}", tiny, "O 3") == (
        False,
        ["O 3 (Cendre) is a town, not a capital (R4.1)"],
    )
    assert explain("{region: O}", tiny, "O 2") == (True, ["O 2 (Brise) is in region O"])
    assert explain("{tag: port}", tiny, "E 2") == (
        False,
        ["E 2 (Écume) has no tag 'port' (its tags: none)"],
    )
    assert explain("{adjacent: O 2}", tiny, "E 3") == (
        True,
        ["E 3 is joined to O 2 by a mountain path (D8.2)"],
    )
    assert explain("{within: {of: O 1, links: 2, by: road}}", tiny, "E 2") == (
        False,
        ["E 2 is 3 road links from O 1 (not at most 2)"],
    )
    assert explain("{reach: O 2}", tiny, "E 3") == (
        True,
        ["E 3 is one mountain path from O 2 (R5.1: up to 3 roads or 1 mountain path)"],
    )
    assert explain("{reach: O 2}", tiny, "E 2") == (
        False,
        [
            "E 2 is 4 roads away from O 2 and not one mountain path away "
            "(R5.1: up to 3 roads or 1 mountain path)"
        ],
    )
    assert explain("{north_of: centre}", tiny, "E 1") == (
        False,
        ["the city of E 1 (y = 40 mm) is not north of the island centre (y = 75 mm)"],
    )
    assert explain("{near: {place: O 3, mm: 60}}", tiny, "E 1") == (
        False,
        ["the city of E 1 is 69.5 mm from the city of O 3 (> 60 mm)"],
    )
    assert explain("{river: Lune}", tiny, "E 2") == (True, ["zone E 2 is crossed by Lune"])
    has, reasons = explain("{river: Lune}", tiny, "O 1")
    assert not has and reasons[0].startswith("zone O 1 touches no Lune (")
    # all: the failing parts; any: every part when none holds; not: the inner facts
    assert explain("{all: [{coastal: true}, {north_of: centre}]}", tiny, "O 1") == (
        False,
        ["the city of O 1 (y = 40 mm) is not north of the island centre (y = 75 mm)"],
    )
    assert explain("{any: [{size: capital}, {tag: market}]}", tiny, "E 2") == (
        False,
        [
            "E 2 (Écume) is a village, not a capital (R4.1)",
            "E 2 (Écume) has no tag 'market' (its tags: none)",
        ],
    )
    assert explain("{not: {region: O}}", tiny, "E 1") == (
        True,
        ["E 1 (Dune) is in region E, not O"],
    )


@pytest.mark.parametrize(
    ("text", "fr", "en"),
    [
        ("{coastal: true}", "Cité côtière", "Coastal city"),
        ("{not: {coastal: true}}", "Cité de l'intérieur", "Inland city"),
        ("{north_of: centre}", "Au nord de l'île", "North of the island centre"),
        ("{within: {of: O 1, links: 2, by: road}}", "À deux routes de O 1", "Within two roads of O 1"),
        ("{river: Lune}", "Au bord de Lune", "On Lune"),
        ("{near: {feature: forests, mm: 25}}", "Près d'une forêt", "Near a forest"),
        ("{near: {feature: forests, mm: 125}}", "À moins de 12,5 cm d'une forêt", "Within 12.5 cm of a forest"),
        ("{not: {near: {feature: rivers, mm: 30}}}", "Loin d'une rivière", "Away from a river"),
        ("{size: [capital, town]}", "Capitale ou ville", "Capital or town"),
        ("{region: O}", "Région Ouest", "Region Ouest"),
        ("{not: {region: O}}", "Hors région Ouest", "Outside Ouest"),
        ("{tag: port}", "Cité portuaire", "Place with 'port'"),
        ("{tag: [market, port]}", "Cité avec marché ou port", "Place with 'market' or 'port'"),
        ("{reach: O 2}", "À un déplacement de O 2", "One move from O 2"),
        ("{not: {within: {of: O 1, links: 3}}}", "À plus de trois liaisons de O 1", "More than three links from O 1"),
        ("{degree: {min: 3}}", "Cité à 3 liaisons ou plus", "City with 3 links or more"),
        (
            "{within: {of: {tag: port}, links: 1}}",
            "À une liaison d'un lieu « Cité portuaire »",
            "Within one link of a place “Place with 'port'”",
        ),
        (
            "{not: {within: {of: {size: capital}, links: 1, by: road}}}",
            "À plus d'une route d'un lieu « Capitale »",
            "More than one road from a place “Capital”",
        ),
        (
            "{near: {of: {coastal: false}, mm: 50}}",
            "À moins de 5 cm d'un lieu « Cité de l'intérieur »",
            "Within 5 cm of a place “Inland city”",
        ),
        ("{number: {min: 1, max: 4}}", "Numéros 1 à 4", "Numbers 1 to 4"),
        (
            "{all: [{coastal: true}, {north_of: centre}]}",
            "Cité côtière et au nord de l'île",
            "Coastal city and north of the island centre",
        ),
    ],
)
def test_describe(tiny: Board, text: str, fr: str, en: str) -> None:
    pred, _ = parse(text, tiny)
    assert pred is not None
    assert pred.describe("fr", tiny) == fr
    assert pred.describe("en", tiny) == en


def diagnostics(text: str, board: Board) -> list[str]:
    pred, report = parse(text, board)
    if report.has_errors:
        assert pred is None
    return [d.format().splitlines()[0] for d in report.sorted()]


def test_diagnostics_are_located_with_did_you_mean(tiny: Board) -> None:
    assert diagnostics("{regoin: O}", tiny) == [
        "t.yaml:1:9: error: unknown predicate 'regoin' (did you mean 'region'?) "
        "[predicate-unknown]"
    ]
    assert diagnostics("{region: Q}", tiny) == [
        "t.yaml:1:17: error: unknown region 'Q' [region-unknown]"
    ]
    assert diagnostics("{size: huge}", tiny) == [
        "t.yaml:1:15: error: where.size: 'huge' is not one of 'capital', 'town', 'village' "
        "[value-choice]"
    ]
    assert diagnostics("{adjacent: O 9}", tiny) == [
        "t.yaml:1:19: error: unknown zone 'O 9' (did you mean 'O 3'?) [zone-unknown]"
    ]
    assert diagnostics("{any: [{coastal: true}, {within: {of: E 7, links: 1}}]}", tiny) == [
        "t.yaml:1:46: error: unknown zone 'E 7' (did you mean 'E 3'?) [zone-unknown]"
    ]
    assert diagnostics("{tag: prot}", tiny) == [
        "t.yaml:1:14: warning: no zone of the board has tag 'prot' (did you mean 'port'?) "
        "[tag-unused]"
    ]
    assert diagnostics("{inside: {feature: rivers}}", tiny) == [
        "t.yaml:1:27: error: rivers are lines: no city lies inside one [feature-line]"
    ]
    assert diagnostics("{river: Lun}", tiny) == [
        "t.yaml:1:16: error: unknown river 'Lun' (did you mean 'Lune'?) [feature-unknown]"
    ]
    assert diagnostics("{near: {feature: forests, name: Lune, mm: 5}}", tiny) == [
        "t.yaml:1:40: error: unknown forest 'Lune' [feature-unknown]"
    ]
    assert diagnostics("{north_of: [[5, 0], [5, 100]]}", tiny) == [
        "t.yaml:1:19: error: the line (5, 0)–(5, 100) has no north side [line-degenerate]"
    ]
    assert diagnostics("{within: {of: {tag: prot}, links: 1}}", tiny) == [
        "t.yaml:1:28: warning: no zone of the board has tag 'prot' (did you mean 'port'?) "
        "[tag-unused]"
    ]
    assert diagnostics("{within: {of: {regoin: O}, links: 1}}", tiny) == [
        "t.yaml:1:23: error: unknown predicate 'regoin' (did you mean 'region'?) "
        "[predicate-unknown]"
    ]
    assert diagnostics("{near: {of: {tag: port}, place: O 1, mm: 9}}", tiny) == [
        "t.yaml:1:15: error: give one of feature (with an optional name), place or of "
        "[value-invalid]"
    ]
    assert diagnostics("{inside: {feature: forrests}}", tiny) == [
        "t.yaml:1:27: error: unknown terrain kind 'forrests' (did you mean 'forests'?) "
        "[feature-kind-unknown]"
    ]
    assert diagnostics("{within: {of: O 1, links: 1, min: 2}}", tiny) == [
        "t.yaml:1:17: error: where.within: min 2 is larger than links 1 [value-invalid]"
    ]
    assert diagnostics("[{coastal: true}]", tiny) == [
        "t.yaml:1:8: error: a predicate is a mapping like {region: N-E}, got a list "
        "[type-invalid]"
    ]
    assert diagnostics("{all: []}", tiny) == [
        "t.yaml:1:14: error: 'all' takes a non-empty list of predicates [type-invalid]"
    ]


# -- invariants ------------------------------------------------------------------------------
LEAVES = [text for text, _ in CASES if not text.startswith(("{all", "{any", "{not"))]


def _tree(depth: int) -> st.SearchStrategy[str]:
    leaf = st.sampled_from(LEAVES)
    if depth == 0:
        return leaf
    sub = _tree(depth - 1)
    return st.one_of(
        leaf,
        st.builds(lambda a: f"{{not: {a}}}", sub),
        st.builds(lambda a, b: f"{{all: [{a}, {b}]}}", sub, sub),
        st.builds(lambda a, b: f"{{any: [{a}, {b}]}}", sub, sub),
    )


@settings(max_examples=60, deadline=None)
@given(text=_tree(2))
def test_combinators_are_set_algebra_and_explain_agrees(tiny: Board, text: str) -> None:
    pred, report = parse(text, tiny)
    assert pred is not None, report.format()
    got = pred.zones(tiny)
    kids: Any = pred.children()
    if pred.key == "not":
        assert got == frozenset(tiny.zone_ids) - kids[0].zones(tiny)
    elif pred.key == "all":
        assert got == kids[0].zones(tiny) & kids[1].zones(tiny)
    elif pred.key == "any":
        assert got == kids[0].zones(tiny) | kids[1].zones(tiny)
    for z in tiny.zone_ids:
        has, reasons = pred.explain(tiny, z)
        assert has == (z in got) and reasons
    assert pred.describe("fr", tiny) and pred.describe("en")
    # a predicate survives a round trip through its YAML data
    again, _ = parse(yaml.safe_dump(pred.to_yaml_data(), default_flow_style=True).strip(), tiny)
    assert again is not None and again.zones(tiny) == got and again == pred
