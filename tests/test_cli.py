"""The command line through click's runner: exit codes, output formats, no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from authoring.cli import cli
from authoring.model.schema.registry import JSON_DIR, SCHEMAS, json_schema

TINY = "tests/data/boards/tiny.yaml"
BROKEN = sorted(Path("tests/cases/board").glob("*.yaml"))


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_validate_clean_board_exits_0() -> None:
    r = run("validate", TINY)
    assert r.exit_code == 0, r.output
    assert r.output.strip() == "1 file checked: 0 errors, 0 warnings — ok"


def test_validate_every_broken_board_exits_1_with_a_location() -> None:
    for path in BROKEN:
        r = run("validate", "--kind", "board", str(path))
        warned = ("island-disconnected", "roads-cross", "road-over-sea",
                  "eliminated-area-over-island", "board-larger-than-a0")
        if path.stem.startswith("ok-") or path.stem in warned:
            assert r.exit_code == 0, (path, r.output)
            continue
        assert r.exit_code == 1, (path, r.output)
        assert f"{path}:" in r.output and "Traceback" not in r.output


def test_strict_makes_warnings_fail() -> None:
    path = "tests/cases/board/roads-cross.yaml"
    assert run("validate", path).exit_code == 0
    r = run("validate", "--strict", path)
    assert r.exit_code == 1 and "FAILED" in r.output


def test_validate_json() -> None:
    r = run("validate", "--json", "--kind", "board", "tests/cases/board/road-unknown-zone.yaml")
    assert r.exit_code == 1
    data = json.loads(r.output)
    assert data["errors"] == 1
    d = data["diagnostics"][0]
    assert (d["line"], d["col"], d["code"], d["path"]) == (16, 21, "zone-unknown", "roads.3.to")


def test_validate_several_files_reports_all() -> None:
    r = run(
        "validate",
        "--kind",
        "board",
        "tests/cases/board/empty.yaml",
        "tests/cases/board/road-duplicate.yaml",
        TINY,
    )
    assert r.exit_code == 1
    assert "3 files checked: 2 errors, 0 warnings — FAILED" in r.output


def test_usage_errors_exit_2() -> None:
    assert run("validate").exit_code == 2
    assert run("nope").exit_code == 2
    r = run("schema", "bord")
    assert r.exit_code == 2 and "did you mean 'board'" in r.output


def test_board_info_text_and_json() -> None:
    r = run("board", "info", TINY, "--json")
    assert r.exit_code == 0
    info = json.loads(r.output)
    assert len(info["regions"]) == 2 and info["total_zone_tokens"] == 10
    r = run("board", "info", TINY)
    assert "2 regions, 6 zones, 6 links, 10 zone tokens" in r.output


def test_board_info_on_a_broken_board_exits_1() -> None:
    r = CliRunner().invoke(cli, ["board", "info", "tests/cases/board/empty.yaml"])
    assert r.exit_code == 1 and "file is empty [empty-file]" in r.output


def test_board_preview_writes_a_one_page_pdf(tmp_path: Path) -> None:
    from pypdf import PdfReader

    out = tmp_path / "p.pdf"
    r = run("board", "preview", TINY, "-o", str(out))
    assert r.exit_code == 0, r.output
    assert len(PdfReader(out).pages) == 1
    assert not list(tmp_path.glob(".*.tmp"))


def test_shipped_json_schemas_are_up_to_date() -> None:
    for kind in SCHEMAS:
        shipped = JSON_DIR / f"{kind}.schema.json"
        assert shipped.exists(), (
            "run: python -c 'from authoring.model.schema.registry import write_all; write_all()'"
        )
        assert json.loads(shipped.read_text("utf-8")) == json_schema(kind), kind


def test_schema_command_prints_json_schema() -> None:
    r = run("schema", "board")
    assert r.exit_code == 0
    assert "zones" in json.loads(r.output)["properties"]


def test_python_dash_m_and_help_are_light() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, authoring.cli; "
            "print(any(m in sys.modules for m in ('shapely', 'networkx', 'reportlab', 'pydantic')))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "False"
    r = subprocess.run(
        [sys.executable, "-m", "authoring", "--help"], capture_output=True, text=True
    )
    assert r.returncode == 0 and "validate" in r.stdout


def test_every_shipped_yaml_points_at_an_existing_schema() -> None:
    """Editors find the JSON Schema named on the first line of every shipped file."""
    shipped = sorted([*Path("scenarios").rglob("*.yaml"), *Path("cards").glob("*.yaml")])
    assert shipped
    for path in shipped:
        first = path.read_text("utf-8").splitlines()[0]
        prefix = "# yaml-language-server: $schema="
        assert first.startswith(prefix), path
        target = (path.parent / first[len(prefix):]).resolve()
        assert target.is_file(), f"{path}: {target} does not exist"


def test_vocabulary_lists_every_predicate_and_effect_with_an_example() -> None:
    from authoring.model.effects import EFFECTS
    from authoring.model.predicates import Predicate

    r = run("vocabulary", "predicates")
    assert r.exit_code == 0
    for key in ("region", "size", "coastal", "within", "reach", "north_of", "near", "not"):
        assert f"## `{key}`" in r.output
    assert r.output.count("where: {") >= len(Predicate.__subclasses__())
    r = run("vocabulary", "effects")
    assert r.exit_code == 0
    assert all(f"`{name}`" in r.output for name in EFFECTS)


def _main(*args: str) -> tuple[int, str]:
    """The console entry point itself (its last-resort handlers included), in-process."""
    import contextlib
    import io

    from authoring.cli import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            main(list(args))
        except SystemExit as exc:
            return int(exc.code or 0), err.getvalue()
    return 0, err.getvalue()


def test_a_path_no_file_system_accepts_is_a_usage_error() -> None:
    r = CliRunner().invoke(cli, ["validate", "x" * 300 + ".yaml"])
    assert r.exit_code == 2
    assert ("Invalid value for 'PATHS...': the name xxxxxxxxxxxxxxxxxxxxxxxx….yaml is 305 bytes "
            "long; a file name has at most 255") in r.output
    r = CliRunner().invoke(cli, ["clues", "check", "boards/de" + chr(0) + "ck.yaml"])
    assert r.exit_code == 2 and "a file name cannot hold a NUL character" in r.output
    r = CliRunner().invoke(cli, ["export", "-o", ""])
    assert r.exit_code == 2 and "an empty path names no file" in r.output


def test_a_pipe_or_a_device_is_refused_not_read(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "deck.yaml"
    os.mkfifo(fifo)  # reading it would wait for a writer for ever
    for args in (["validate", str(fifo)], ["clues", "check", str(fifo)],
                 ["validate", "/dev/zero"]):
        r = run(*args)
        assert r.exit_code == 1, r.output
        assert "is not a regular file (a pipe, a device or a socket) [file-not-regular]" \
            in r.output


def test_nan_options_are_refused() -> None:
    r = CliRunner().invoke(cli, ["export", "--bleed", "nan"])
    assert r.exit_code == 2 and "--bleed nan: the bleed must be between 0 and 10 mm" in r.output
    r = CliRunner().invoke(cli, ["export", "--back-offset", "nan,0"])
    assert r.exit_code == 2 and "nan and inf are no measure" in r.output
    r = CliRunner().invoke(cli, ["simulate", "--table-speed", "inf"])
    assert r.exit_code == 2 and "actions a minute must be above 0 and below 1000" in r.output


def test_writing_under_a_file_says_which_file_without_a_traceback(tmp_path: Path) -> None:
    blocker = tmp_path / "kit"
    blocker.write_text("not a folder")
    for args in (["board", "preview", TINY, "-o", str(blocker / "board.pdf")],
                 ["export", "--only", "calibration", "-o", str(blocker / "sub" / "kit.pdf")]):
        code, err = _main(*args)
        assert code == 1, err
        assert err == f"resistance: {blocker}: is a file, not a folder\n" \
                      "    hint: a part of the path is a file, not a folder\n"


def test_an_unknown_kind_is_a_usage_error() -> None:
    code, out = _main("validate", "--kind", "bogus", "cards/clues.yaml")
    assert code == 2 and "Invalid value for '--kind': 'bogus' is not one of 'board'" in out


def test_every_meant_predicate_exists() -> None:
    from authoring.model.predicates import MEANT, PREDICATES

    assert set(MEANT.values()) <= set(PREDICATES)
    assert MEANT["and"] == "all" and MEANT["or"] == "any"


def test_vocabulary_rules_lists_every_special_rule_and_its_example_plays(tmp_path: Path) -> None:
    """Issue 13: special rules were in no help text. Each example, added to scenario 1,
    validates (an example that rots fails here)."""
    import re

    r = run("vocabulary", "rules")
    assert r.exit_code == 0
    names = re.findall(r"^## `([a-z_]+)`", r.output, re.M)
    assert names == ["max_occupation", "exclude_cards", "no_events_before_round", "effects"]
    examples = re.findall(r"^  - (\{.*\})$", r.output, re.M)
    assert len(examples) == 5
    text = Path("scenarios/scenario-1.yaml").read_text("utf-8")
    text = text.replace("board: boards/", f"board: {Path('scenarios/boards').resolve()}/")
    text = text.replace("clues: ../cards/", f"clues: {Path('cards').resolve()}/")
    text += "special_rules:\n" + "".join(f"  - {e}\n" for e in examples)
    scenario = tmp_path / "s.yaml"
    scenario.write_text(text, "utf-8")
    r = run("validate", str(scenario))
    assert ": error:" not in r.output, r.output
    assert "[rule-text-only]" in r.output or "not played" in r.output, r.output


def test_a_missing_output_folder_is_created_and_said(tmp_path: Path) -> None:
    """Issue 13: a typo in -o made a folder silently; it is still made, and said."""
    out = tmp_path / "outptu" / "deep" / "kit.pdf"
    code, err = _main("export", "--only", "calibration", "-o", str(out))
    assert code == 0 and out.exists()
    assert err.rstrip().endswith(f"note: created the folder {tmp_path / 'outptu'}")
    code, err = _main("export", "--only", "calibration", "-o", str(out))
    assert "created the folder" not in err


def test_the_player_aid_follows_the_scenarios_d42(tmp_path: Path) -> None:
    """Issue 23: the printed aid says where a limited action's cube comes from as the
    scenario decides it (D4.2: the general supply by default, the player's own reserve as
    the option); it printed the default whatever the scenario chose."""
    import shutil

    import pypdf

    root = Path(__file__).resolve().parent.parent
    shutil.copytree(root / "scenarios", tmp_path / "scenarios")
    shutil.copytree(root / "cards", tmp_path / "cards")
    scenario = tmp_path / "scenarios" / "scenario-1.yaml"
    texts = {}
    for choice in ("supply", "player"):
        scenario.write_text(scenario.read_text(encoding="utf-8").split("\ndecisions:")[0]
                            + f"\ndecisions: {{D4.2: {choice}}}\n", encoding="utf-8")
        out = tmp_path / f"{choice}.pdf"
        code, err = _main("export", str(scenario), "--only", "aids", "-o", str(out))
        assert code == 0, err
        texts[choice] = " ".join(" ".join(p.extract_text() for p in
                                          pypdf.PdfReader(out).pages).split())
    assert "cube de la réserve générale (D4.2)" in texts["supply"]
    assert "cube de votre réserve personnelle (D4.2)" in texts["player"]
    assert "réserve générale (D4.2)" not in texts["player"]
