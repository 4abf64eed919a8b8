"""``resistance init``: a new game folder that validates clean, proves its deck and
prints at once (issue 15); bad input gets a message and a hint, and nothing is written."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from authoring.cli import cli
from authoring.clues import newgame
from authoring.model.island import IslandSpec, island_yaml


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_init_validate_check_export(tmp_path: Path) -> None:
    game = tmp_path / "ma-partie"
    r = run("init", str(game), "--json")
    assert r.exit_code == 0, r.output
    made = json.loads(r.output)
    assert made["scenario"] == "scenarios/ma-partie.yaml"
    assert made["isolatable"] == made["places"] == 24
    assert (game / "README.md").read_text("utf-8").startswith("# A new Project: Resistance game")
    assert len(list((game / "schemas").glob("*.schema.json"))) == 11

    r = run("validate", "--strict", str(game))
    assert r.exit_code == 0, r.output
    assert "0 errors, 0 warnings" in r.output

    r = run("clues", "check", str(game / made["deck"]), "--json")
    assert r.exit_code == 0, r.output
    assert all(p["isolatable"] for p in json.loads(r.output)["places"].values())

    out = tmp_path / "out" / "kit.pdf"
    r = run("export", str(game / made["scenario"]), "-o", str(out))
    assert r.exit_code == 0, r.output
    assert out.stat().st_size > 50_000


def test_every_file_points_at_a_schema_in_the_folder(tmp_path: Path) -> None:
    game = tmp_path / "g"
    assert run("init", str(game), "--content", "copy", "--zones", "9", "--regions", "3",
               "--seed", "5").exit_code == 0
    yamls = sorted(game.rglob("*.yaml"))
    assert len(yamls) == 11  # scenario, board, deck, manifest and 7 content files
    for f in yamls:
        first = f.read_text("utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), f
        assert (f.parent / first.split("=", 1)[1]).resolve().is_file(), f
    manifest = (game / "cards/manifest.yaml").read_text("utf-8")
    assert "  items: items.yaml" in manifest and os.sep + "cards" + os.sep not in manifest
    r = run("validate", "--strict", str(game))
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("content", ["link", "copy"])
def test_the_summary_and_the_readme_read_well(tmp_path: Path, content: str) -> None:
    r = run("init", str(tmp_path / "a-long-name"), "--regions", "1", "--zones", "8",
            "--content", content)
    assert r.exit_code == 0, r.output
    assert "an island of 8 zones in 1 region, " in r.output
    readme = (tmp_path / "a-long-name" / "README.md").read_text("utf-8")
    table = readme.split("\n\n")[2].splitlines()  # the files and what they hold
    assert len(table) == 5 and all(len(line) <= 88 for line in table), table
    columns = {m.start(2) for line in table if (m := re.match(r" {4}(\S+) +(\S)", line))}
    assert columns == {35}, table


def test_the_island_is_the_same_for_a_seed_and_another_for_another() -> None:
    a, b = IslandSpec(seed=3), IslandSpec(seed=4)
    assert island_yaml(a) == island_yaml(a) != island_yaml(b)


@pytest.mark.parametrize(("args", "code", "words"), [
    (["--zones", "0"], 2, "--zones 0: the island needs 8 to 60 zones"),
    (["--zones", "61"], 2, "more than 60, the shipped island's count, do not fit apart on the "
                           "clue cards' mini-map"),
    (["--regions", "0"], 2, "--regions 0: an island has 1 to 8 regions"),
    (["--regions", "9", "--zones", "60"], 2, "an island has 1 to 8 regions"),
])
def test_bad_options_say_why_and_how(tmp_path: Path, args: list[str], code: int,
                                     words: str) -> None:
    r = run("init", str(tmp_path / "g"), *args)
    assert r.exit_code == code
    assert words in r.output and "hint: e.g." in r.output
    assert not (tmp_path / "g").exists()


def test_refuses_a_file_a_full_folder_and_a_path_through_a_file(tmp_path: Path) -> None:
    (tmp_path / "f.yaml").write_text("x", "utf-8")
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "mine.yaml").write_text("keep me", "utf-8")
    for target, words in [("f.yaml", "is a file, not a folder"),
                          ("full", "the folder is not empty"),
                          ("f.yaml/g", "a part of the path is a file")]:
        r = run("init", str(tmp_path / target))
        assert r.exit_code == 1 and words in r.output and "hint:" in r.output, r.output
    assert (tmp_path / "full" / "mine.yaml").read_text("utf-8") == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.yaml", "full"]


def test_an_empty_folder_is_filled(tmp_path: Path) -> None:
    (tmp_path / "g").mkdir()
    assert run("init", str(tmp_path / "g"), "--zones", "8", "--regions", "2").exit_code == 0
    assert (tmp_path / "g" / "scenarios" / "g.yaml").is_file()


def test_a_failure_while_writing_leaves_nothing(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: object) -> list[Path]:
        raise PermissionError(13, "Permission denied", str(tmp_path / "g"))

    monkeypatch.setattr(newgame.FileSet, "commit", refuse)
    r = run("init", str(tmp_path / "g"), "--zones", "8", "--regions", "2")
    assert r.exit_code == 1 and "nothing was written" in r.output
    assert list(tmp_path.iterdir()) == []


def test_a_content_file_validated_before_its_scenario_leaves_the_box_whole() -> None:
    """Loading cards/characters.yaml first loads its manifest while the characters are
    still loading; a scenario validated after must still see the 8 sheets."""
    r = run("validate", "cards/characters.yaml", "scenarios/initiation.yaml")
    assert r.exit_code == 0 and "0 warnings" in r.output, r.output
