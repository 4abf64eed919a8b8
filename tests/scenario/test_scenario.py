"""Scenario loading: setup resolved to exact counts per zone, difficulty levels, the
invasion bag, and the cross-file checks (R2, R4.3, R6.1, D0.1, D2.1, D6.1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from authoring.cli import cli
from authoring.model.scenario import Scenario, card_text
from authoring.model.workspace import Workspace

DATA = Path(__file__).resolve().parent / "data"
CASES = Path(__file__).resolve().parent.parent / "cases" / "scenario"

HEAD = f"""\
kind: scenario
id: t
title: Essai
duration: short
board: {DATA}/board.yaml
clues: {DATA}/deck.yaml
manifest: {DATA}/manifest.yaml
timer: 4
"""


def load(tmp_path: Path, body: str, head: str = HEAD) -> tuple[Scenario | None, Workspace]:
    path = tmp_path / "s.yaml"
    path.write_text(head + body, "utf-8")
    ws = Workspace()
    return ws.load(path, "scenario"), ws


def own(ws: Workspace) -> list[str]:
    """The scenario file's own diagnostics as 'line:col level code'."""
    return [
        f"{d.line}:{d.col} {d.level} {d.code}"
        for d in ws.report.sorted()
        if d.file.endswith("s.yaml")
    ]


# -- setup --------------------------------------------------------------------------


def test_setup_by_predicate_gives_exact_soldiers_per_zone(tmp_path: Path) -> None:
    s, ws = load(
        tmp_path,
        """\
setup:
  army:
    - {soldiers: 3, where: {size: capital}}
    - {soldiers: 2, where: {size: town}}
    - {soldiers: 1, where: {number: [3, 4], size: village}}
  start: [W 1]
  officers: 6
objectives:
  - {kind: locate_and_eliminate_general, candidates: {where: {size: [capital, town]}}}
""",
    )
    assert ws.report.format() == ""
    assert s is not None
    assert s.soldiers == {
        "W 1": 3,
        "W 2": 2,
        "W 3": 1,
        "W 4": 1,
        "E 1": 3,
        "E 2": 2,
        "E 3": 1,
        "E 4": 1,
    }
    assert s.officers_on_board == {}
    assert s.objectives[0].candidates == {"W 1", "W 2", "E 1", "E 2"}


def test_setup_by_zones_officers_and_reputation(tmp_path: Path) -> None:
    s, ws = load(
        tmp_path,
        """\
setup:
  army:
    - {soldiers: 2, zones: [w1, E 1]}
    - {officers: 1, zones: [W-1]}
  reputation:
    - {cubes: 1, where: {region: E, size: village}}
  start: [W 3]
  officers: 6
objectives:
  - {kind: locate_and_eliminate_general, candidates: [E 1]}
""",
    )
    assert ws.report.format() == ""
    assert s is not None
    assert s.soldiers == {"W 1": 2, "E 1": 2}
    assert s.officers_on_board == {"W 1": 1}
    assert s.occupation("W 1") == 3  # 2 soldiers + 1 officer (D4.1)
    assert s.occupied == ("W 1", "E 1")
    assert s.reputation == {"E 3": 1, "E 4": 1}
    assert s.start == ("W 3",)


def test_setup_over_capacity_names_zone_max_and_count(tmp_path: Path) -> None:
    _, ws = load(
        tmp_path,
        """\
setup:
  army:
    - {soldiers: 2, where: {size: capital}}
    - {officers: 2, zones: [W 1]}
  start: [W 3]
  officers: 6
objectives:
  - {kind: locate_and_eliminate_general, candidates: [E 1]}
""",
    )
    msgs = [d.message for d in ws.report.errors]
    assert msgs == ["setup puts 4 pieces on W 1 (Aube), above its max occupation 3 (capital, R4.3)"]
    assert own(ws) == ["12:7 error setup-over-capacity"]


def test_max_occupation_rule_raises_the_capacity(tmp_path: Path) -> None:
    s, ws = load(
        tmp_path,
        """\
setup:
  army:
    - {soldiers: 4, zones: [W 1]}
  start: [W 3]
  officers: 6
objectives:
  - {kind: locate_and_eliminate_general, candidates: [E 1]}
special_rules:
  - {rule: max_occupation, value: 4, zones: [W 1], text: La capitale est une forteresse.}
""",
    )
    assert ws.report.format() == ""
    assert s is not None and s.max_occupation["W 1"] == 4 and s.max_occupation["W 2"] == 2


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=4), min_size=8, max_size=8))
def test_capacity_errors_are_exactly_the_overfull_zones(counts: list[int]) -> None:
    zones = ["W 1", "W 2", "W 3", "W 4", "E 1", "E 2", "E 3", "E 4"]
    maxima = [3, 2, 1, 1, 3, 2, 1, 1]
    army = "".join(
        f"    - {{soldiers: {n}, zones: [{z}]}}\n" for z, n in zip(zones, counts, strict=True) if n
    )
    body = (
        "setup:\n"
        + (f"  army:\n{army}" if army else "")
        + "  start: [W 3]\n  officers: 6\n"
        + "objectives:\n  - {kind: locate_and_eliminate_general, candidates: [E 1]}\n"
    )
    ws = Workspace()
    from authoring.io.yamlio import load_text

    doc = load_text(HEAD + body, str(DATA / "generated.yaml"), ws.report, path=DATA / "gen.yaml")
    assert doc is not None
    from authoring.model.scenario import load_scenario

    s = load_scenario(doc, ws)
    over = {z for z, n, m in zip(zones, counts, maxima, strict=True) if n > m}
    flagged = {
        d.message.split(" on ")[1].split(" (")[0]
        for d in ws.report.errors
        if d.code == "setup-over-capacity"
    }
    assert flagged == over
    assert (s is None) == bool(over)
    if s is not None:
        assert sum(s.soldiers.values()) == sum(counts)


# -- levels, bag, speed ---------------------------------------------------------------


def test_difficulty_levels_are_base_plus_overrides(tmp_path: Path) -> None:
    s, ws = load(tmp_path, (DATA / "zones.yaml").read_text("utf-8").split("timer: 4\n", 1)[1])
    assert s is not None, ws.report.format()
    # board speed track: 2, 2, 3, 3, 4, 5; base {speed: 3} is the third cell
    assert [
        (lv.name, lv.officers, lv.speed_cell, lv.speed, lv.timer) for lv in s.levels.values()
    ] == [
        ("easy", 8, 2, 3, 5.0),
        ("normal", 6, 2, 3, 4.0),
        ("hard", 5, 4, 4, 4.0),
    ]


def test_invasion_bag_rules(tmp_path: Path) -> None:
    body = """\
setup:
  army:
    - {{soldiers: 1, zones: [W 1, W 3, E 2]}}
  start: [W 4]
  officers: 6
  invasion_bag: {rule}
objectives:
  - {{kind: locate_and_eliminate_general, candidates: [E 1]}}
"""
    s, _ = load(tmp_path, body.format(rule="one_token_per_occupied_zone"))
    assert s is not None
    assert s.invasion_bag() == ["W 1", "W 3", "E 2"]  # R2.4: one token per occupied zone
    assert s.region_piles()["W"] == ["W 1", "W 1", "W 2", "W 2", "W 4"]
    s, _ = load(tmp_path, body.format(rule="all_tokens_of_occupied_zones"))
    assert s is not None
    assert s.invasion_bag() == ["W 1", "W 1", "W 1", "W 3", "E 2", "E 2"]  # D2.1 variant
    assert s.region_piles()["W"] == ["W 2", "W 2", "W 4"]


def test_speed_cell_beyond_the_track(tmp_path: Path) -> None:
    _, ws = load(
        tmp_path,
        """\
setup:
  start: [W 3]
  officers: 6
objectives:
  - {kind: locate_and_eliminate_general, candidates: [E 1]}
difficulty:
  hard: {speed_start: {cell: 9}}
""",
    )
    assert [d.message for d in ws.report.errors] == [
        "speed track cell 9 does not exist: the board's track has 6 cells (2, 2, 3, 3, 4, 5)"
    ]


# -- pieces against the box (D0.1) --------------------------------------------------------


def test_officers_on_board_must_stay_below_each_level(tmp_path: Path) -> None:
    _, ws = load(
        tmp_path,
        """\
setup:
  army:
    - {officers: 1, zones: [W 1, E 1, W 2, E 2]}
  start: [W 3]
  officers: 6
objectives:
  - {kind: locate_and_eliminate_general, candidates: [E 1]}
difficulty:
  hard: {officers: 4}
""",
    )
    assert [d.message for d in ws.report.errors] == [
        "setup places 4 officers but difficulty 'hard' has only 4: every officer would be "
        "on the island at once (R9.1)"
    ]


def test_soldiers_above_the_box_is_an_error(tmp_path: Path) -> None:
    # the fixture box holds 20 soldiers; a max_occupation rule lets 21 fit on the island
    _, ws = load(
        tmp_path,
        """\
setup:
  army:
    - {soldiers: 3, where: {region: W}}
    - {soldiers: 3, where: {region: E}}
  start: [W 3]
  officers: 6
objectives:
  - {kind: locate_and_eliminate_general, candidates: [E 1]}
special_rules:
  - {rule: max_occupation, value: 3, where: {size: [town, village]}}
""",
    )
    assert [(d.code, d.message) for d in ws.report.errors] == [
        ("pieces-soldiers", "setup places 24 soldiers; the box holds 20 (R0.2)")
    ]


# -- graph and clue deck ----------------------------------------------------------------


def test_unreachable_candidates_are_named() -> None:
    ws = Workspace()
    assert ws.load(DATA / "rock" / "scenario.yaml") is None
    errors = [d for d in ws.report.errors]
    assert [d.code for d in errors] == ["objective-unreachable"]
    assert errors[0].message == (
        "objective 1 (locate_and_eliminate_general): 1 candidate place cannot be reached "
        "from start zone W 2 (Brise): E 1 (Cendre)"
    )


def test_every_non_isolatable_candidate_is_named(tmp_path: Path) -> None:
    _, ws = load(
        tmp_path,
        """\
setup:
  start: [W 1]
  officers: 6
objectives:
  - {kind: locate_and_eliminate_general}
""",
    )
    # no candidates: every place (D6.1); the fixture deck cannot isolate W 4 nor E 4
    assert [d.message for d in ws.report.errors] == [
        "objective 1 (locate_and_eliminate_general): no clue combination isolates 2 "
        "candidate places: W 4 (Dalle), E 4 (Isle)"
    ]


def test_objective_item_must_do_the_objective(tmp_path: Path) -> None:
    _, ws = load(
        tmp_path,
        """\
setup:
  start: [W 1]
  officers: 6
objectives:
  - {kind: locate_and_destroy_base, item: radio, candidates: [E 1]}
""",
    )
    assert [(d.code, d.message) for d in ws.report.errors] == [
        (
            "objective-item-effect",
            "objective 1 (locate_and_destroy_base) uses 'radio', but no use of that special "
            "item has the 'destroy_base' effect: the objective could never be done",
        )
    ]


def test_unknown_item_and_excluded_card(tmp_path: Path) -> None:
    _, ws = load(
        tmp_path,
        """\
setup:
  start: [W 1]
  officers: 6
objectives:
  - {kind: locate_and_destroy_base, item: bombe, candidates: [E 1]}
special_rules:
  - {rule: exclude_cards, deck: clues, cards: [centre, nord]}
""",
    )
    assert [(d.code, d.message) for d in ws.report.errors] == [
        ("item-unknown", "unknown special item 'bombe' (did you mean 'bomb'?)"),
        ("card-unknown", "unknown clues card 'nord' (did you mean 'north'?)"),
    ]


# -- printed text ----------------------------------------------------------------------


def test_card_text_reads_like_the_book(tmp_path: Path) -> None:
    s, ws = load(
        tmp_path,
        """\
setup:
  army:
    - {soldiers: 3, where: {size: capital}}
    - {soldiers: 2, where: {size: town}}
    - {soldiers: 1, where: {number: [3, 4]}}
  start: [W 3]
  characters: random
  officers: 6
  speed_start: {speed: 3}
objectives:
  - {kind: locate_and_destroy_base, item: bomb, candidates: [E 1, E 2]}
difficulty:
  easy: {officers: 8}
  hard: {officers: 5}
""",
    )
    assert s is not None, ws.report.format()
    text = card_text(s, "fr")
    assert text.setup == (
        "Placer 3 soldats sur les capitales, 2 sur les villes et 1 sur les zones 3 et 4 de "
        "chaque région.",
        "Placer les jetons Zone sur le plateau dans les zones correspondantes (sauf si déjà "
        "occupée, mettre de côté).",
        "Remettre tous les jetons mis de côté dans le sac Invasion.",
        "Placer les pions Joueur dans la zone W 3 de la carte.",
        "Distribuer des rôles au hasard entre les joueurs.",
        "Chaque joueur commence avec autant de cubes réputation que son niveau de réputation.",
        "Placer le marqueur d'invasion sur la 1ère case de vitesse 3.",
    )
    assert text.rules == (
        "Minuteur : 4'",
        "Objectif : Trouver la base, puis fabriquer l'objet « Bombe » pour la détruire.",
        "Facile : 8 Officiers",
        "Normal : 6 Officiers",
        "Difficile : 5 Officiers",
    )
    assert card_text(s, "en").rules[1] == (
        "Objectives: Find the base, then craft the item 'Bomb' to destroy it."
    )


# -- the command line --------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(CASES.glob("*.yaml")), ids=lambda p: p.stem)
def test_validate_exit_status_and_location(path: Path) -> None:
    r = CliRunner().invoke(cli, ["validate", str(path.relative_to(Path.cwd()))])
    assert "Traceback" not in r.output
    expected = path.with_suffix(".expected").read_text("utf-8")
    if ": error:" in expected:
        assert r.exit_code == 1, r.output
        first = expected.splitlines()[0]
        assert first.split(": ")[0].count(":") == 2  # file:line:col
        assert "    hint: " in expected
    else:
        assert r.exit_code == 0, r.output


# -- robustness: bad values never raise -------------------------------------------------


def _paths(node: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*prefix, i))
    return out


_REFERENCE = (CASES / "ok-reference.yaml").read_text("utf-8")
_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-5, max_value=99),
    st.sampled_from(["", "W 1", "E 9", "capital", "bomb", "x" * 80, "locate_and_destroy_base"]),
    st.lists(st.sampled_from(["W 1", "E 2", 3, None]), max_size=3),
    st.dictionaries(st.sampled_from(["where", "zones", "size", "kind", "zz"]), st.integers(0, 3)),
)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_any_wrong_value_is_reported_not_raised(data: st.DataObject) -> None:
    import copy

    import yaml

    from authoring.io.yamlio import load_text
    from authoring.model.scenario import load_scenario

    base = yaml.safe_load(_REFERENCE)
    paths = [p for p in _paths(base) if p]
    target = data.draw(st.sampled_from(paths))
    value = data.draw(_VALUES)
    mutated = copy.deepcopy(base)
    node = mutated
    for step in target[:-1]:
        node = node[step]
    node[target[-1]] = value
    ws = Workspace()
    path = CASES / "mutated.yaml"  # references resolve like the reference case's
    doc = load_text(yaml.safe_dump(mutated, allow_unicode=True), str(path), ws.report, path=path)
    assert doc is not None
    s = load_scenario(doc, ws)
    assert s is not None or ws.report.has_errors
