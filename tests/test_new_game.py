"""A designer's whole path on a board the toolkit never shipped: generate a deck,
write a scenario from the README's example, validate it, prove the deck, print the kit.
The XIII board has one region and 33 places, so nothing here may assume the default
island's four regions."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from authoring.cli import cli

ROOT = Path(__file__).resolve().parent.parent

SCENARIO = """\
kind: scenario
id: complot
title: Le complot
board: boards/xiii.yaml
clues: clues.yaml
manifest: {manifest}
timer: 4
setup:
  army:
    - {{soldiers: 1, where: {{tag: hospital}}}}
  start: [XIII 1]
  officers: 8
  speed_start: {{cell: 1}}
objectives:
  - {{kind: locate_and_eliminate_general, candidates: {{where: {{number: {{min: 20}}}}}}}}
difficulty:
  easy: {{officers: 10}}
  hard: {{officers: 6, timer: 3}}
"""


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_a_new_game_from_board_to_printed_kit(tmp_path: Path) -> None:
    (tmp_path / "boards").mkdir()
    shutil.copy(ROOT / "tests/data/boards/xiii.yaml", tmp_path / "boards/xiii.yaml")
    deck = tmp_path / "clues.yaml"
    r = run("clues", "generate", str(tmp_path / "boards/xiii.yaml"), "--cards", "43",
            "--failures", "5", "--seed", "3", "-o", str(deck))
    assert r.exit_code == 0, r.output
    assert "board: boards/xiii.yaml" in deck.read_text("utf-8")

    scenario = tmp_path / "complot.yaml"
    scenario.write_text(SCENARIO.format(manifest=ROOT / "cards/manifest.yaml"), "utf-8")
    r = run("validate", str(scenario))
    assert r.exit_code == 0, r.output

    r = run("clues", "check", str(deck), "--json")
    assert r.exit_code == 0, r.output
    places = json.loads(r.output)["places"]
    assert len(places) == 33 and all(p["isolatable"] for p in places.values())

    out = tmp_path / "out" / "complot.pdf"
    r = run("export", str(scenario), "-o", str(out), "--only", "clues,board,tokens,scenario")
    assert r.exit_code == 0, r.output
    assert out.stat().st_size > 10_000
    assert sorted(p.name for p in out.parent.glob("*perforations*.svg"))
