"""The four shipped scenarios load on the default board, clue deck and box with exactly
the expected diagnostics: only scenario 1's officers warning (D0.1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from authoring.cli import cli
from authoring.model.scenario import Scenario, card_text
from authoring.model.workspace import Workspace

ROOT = Path(__file__).resolve().parent.parent.parent
SHIPPED = ["initiation", "scenario-1", "scenario-2", "scenario-3"]
SCHEMA_LINE = "# yaml-language-server: $schema=../authoring/model/schema/json/scenario.schema.json"
OFFICERS_WARNING = (
    "scenarios/scenario-1.yaml:42:20: warning: difficulty 'easy' (Facile) asks for 15 "
    "officers; the box holds 12 (D0.1) [pieces-officers]\n"
    "    hint: players need 3 extra officer pieces (another colour will do), or lower the count"
)


def load(name: str) -> tuple[Scenario | None, Workspace]:
    ws = Workspace()
    return ws.load(f"scenarios/{name}.yaml"), ws


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_scenario_has_its_schema_line(name: str) -> None:
    first = (ROOT / "scenarios" / f"{name}.yaml").read_text("utf-8").splitlines()[0]
    assert first == SCHEMA_LINE


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_scenario_diagnostics(name: str) -> None:
    s, ws = load(name)
    assert s is not None, ws.report.format()
    assert ws.report.format() == (OFFICERS_WARNING if name == "scenario-1" else "")


def test_scenario_1_is_the_book() -> None:
    s, _ = load("scenario-1")
    assert s is not None
    board = s.board
    # 3 soldiers on every capital, 2 on every town, 1 on zones 12 and 11 of each region
    for z in board.zones:
        want = {"capital": 3, "town": 2}.get(z.size, 1 if z.number in (11, 12) else 0)
        assert s.soldiers.get(z.id, 0) == want, z.id
    assert sum(s.soldiers.values()) == 36 and s.officers_on_board == {}
    assert s.start == ("N-E 1",)
    assert s.spec.setup.characters == "random"
    assert s.spec.setup.invasion_bag == "all_tokens_of_occupied_zones"  # D2.1
    assert [(lv.officers, lv.speed, lv.speed_cell, lv.timer) for lv in s.levels.values()] == [
        (15, 2, 0, 5.0),
        (12, 2, 0, 5.0),
        (10, 2, 0, 5.0),
    ]
    assert [(o.kind, o.item, o.markers) for o in s.objectives] == [
        ("locate_and_destroy_base", "bomb", 1)
    ]
    assert s.objectives[0].candidates == frozenset(board.zone_ids)
    assert len(s.occupied) == 20
    assert len(s.invasion_bag()) == 4 * 3 + 8 * 2 + 8 * 1  # D2.1: every token of an occupied zone
    text = card_text(s)
    assert text.setup[0] == (
        "Placer 3 soldats sur les capitales, 2 sur les villes et 1 sur les zones 11 et 12 "
        "de chaque région."
    )
    assert text.rules[0] == "Minuteur : 5'"
    assert text.rules[2:5] == (
        "Facile : 15 Officiers",
        "Normal : 12 Officiers",
        "Difficile : 10 Officiers",
    )


def test_other_scenarios_use_other_objectives_and_start_zones() -> None:
    kinds, starts = set(), set()
    for name in SHIPPED:
        s, _ = load(name)
        assert s is not None
        kinds |= {o.kind for o in s.objectives}
        starts |= set(s.start)
    assert kinds == {
        "locate_and_destroy_base",
        "locate_and_eliminate_general",
        "craft_strategic_item",
        "free_character",
    }
    assert starts == {"N-E 1", "S-O 1", "S-E 1", "N-O 1"}


def test_validate_scenarios_and_cards_exits_0_with_the_officers_warning() -> None:
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "scenarios").glob("*.yaml"))
    files += sorted(str(p.relative_to(ROOT)) for p in (ROOT / "cards").glob("*.yaml"))
    r = CliRunner().invoke(cli, ["validate", *files])
    assert r.exit_code == 0, r.output
    assert OFFICERS_WARNING in r.output
