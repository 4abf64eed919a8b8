"""The kit is written as one set (issue 13): a failure or a kill at any moment leaves
the previous kit whole, and no staging folder behind."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from authoring.cli import main
from authoring.io import fileset
from authoring.io.fileset import STAGING_PREFIX, FileSet, sweep
from authoring.model.workspace import default_path
from authoring.pdf import kit

ARGS = ["--only", "clues,calibration", "--cut-file", "both"]


def _export(out: Path, *extra: str) -> int:
    try:
        main(["export", "-o", str(out), *ARGS, *extra])
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def _no_staging(folder: Path) -> bool:
    return not [p for p in folder.iterdir() if p.name.startswith(STAGING_PREFIX)]


@pytest.fixture
def previous(tmp_path: Path) -> tuple[Path, dict[str, bytes]]:
    """A folder holding a previous kit: the PDF, its cut files, a calibration sheet."""
    out = tmp_path / "kit.pdf"
    assert _export(out) == 0
    before = _snapshot(tmp_path)
    assert {"kit.pdf", "kit-calibration.pdf", "kit-perforations.pdf",
            "kit-perforations-01.svg"} <= set(before)
    return out, before


def test_a_failure_while_drawing_leaves_the_previous_kit(
        previous: tuple[Path, dict[str, bytes]], monkeypatch: pytest.MonkeyPatch) -> None:
    out, before = previous

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the calibration sheet failed")

    monkeypatch.setattr(kit, "_calibration", broken)
    with pytest.raises(RuntimeError):
        _export(out, "--bleed", "2")
    assert _snapshot(out.parent) == before
    assert _no_staging(out.parent)


@pytest.mark.parametrize("fail_at", [1, 2, 4, 6])
def test_a_failure_during_the_swap_puts_the_previous_kit_back(
        previous: tuple[Path, dict[str, bytes]], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], fail_at: int) -> None:
    out, before = previous
    real = os.replace
    calls = {"n": 0}

    def replace(src: object, dst: object) -> None:
        calls["n"] += 1
        if calls["n"] == fail_at:
            raise OSError(28, "No space left on device", str(dst))
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(fileset.os, "replace", replace)
    assert _export(out, "--bleed", "2") == 1
    monkeypatch.setattr(fileset.os, "replace", real)
    assert _snapshot(out.parent) == before
    assert _no_staging(out.parent)
    assert "no space left on device" in capsys.readouterr().err


def test_a_second_export_replaces_the_whole_set(
        previous: tuple[Path, dict[str, bytes]]) -> None:
    out, before = previous
    assert _export(out, "--bleed", "2") == 0
    after = _snapshot(out.parent)
    assert set(after) == set(before)
    assert after["kit.pdf"] != before["kit.pdf"]
    assert _no_staging(out.parent)


KILL_IN_SWAP = textwrap.dedent("""
    import os, sys
    from pathlib import Path
    from authoring.io import fileset
    real, calls = os.replace, [0]
    def replace(src, dst):
        calls[0] += 1
        if calls[0] == int(sys.argv[2]):
            os._exit(137)  # as kill -9 would: no cleanup at all
        real(src, dst)
    fileset.os.replace = replace
    folder = Path(sys.argv[1])
    with fileset.FileSet(folder) as files:
        for name in ("kit.pdf", "kit-cut.svg", "kit-new.pdf"):
            files.add(folder / name, b"new " + name.encode())
        files.remove_on_commit([folder / "kit-cut-04.svg"])
        files.commit()
""")


@pytest.mark.parametrize("killed_at", [1, 2, 3, 4, 5, 6])
def test_a_kill_in_the_middle_of_the_swap_is_undone_by_the_next_run(
        tmp_path: Path, killed_at: int) -> None:
    for name in ("kit.pdf", "kit-cut.svg", "kit-cut-04.svg"):
        (tmp_path / name).write_bytes(b"old " + name.encode())
    before = _snapshot(tmp_path)
    script = tmp_path.parent / f"kill-{killed_at}.py"
    script.write_text(KILL_IN_SWAP, "utf-8")
    done = subprocess.run([sys.executable, str(script), str(tmp_path), str(killed_at)],
                          check=False)
    assert done.returncode == 137
    assert not _no_staging(tmp_path)  # the dead writer's staging folder is there
    removed = sweep(tmp_path)
    assert len(removed) == 1
    assert _snapshot(tmp_path) == before
    assert _no_staging(tmp_path)


TERM_WHILE_DRAWING = textwrap.dedent("""
    import os, signal, sys
    from authoring.pdf import kit
    from authoring.cli import main
    real = kit._calibration
    def calibration(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGTERM)
        return real(*args, **kwargs)
    kit._calibration = calibration
    main(sys.argv[1:])
""")


def test_kill_while_drawing_leaves_the_previous_kit_and_cleans_up(
        previous: tuple[Path, dict[str, bytes]]) -> None:
    out, before = previous
    script = out.parent.parent / "term.py"
    script.write_text(TERM_WHILE_DRAWING, "utf-8")
    done = subprocess.run([sys.executable, str(script), "export", "-o", str(out), *ARGS,
                           "--bleed", "2"], check=False, capture_output=True, text=True)
    assert done.returncode == 128 + signal.SIGTERM, done.stderr
    assert "Traceback" not in done.stderr
    assert _snapshot(out.parent) == before
    assert _no_staging(out.parent)


def test_stale_cut_sheets_leave_with_the_new_set(tmp_path: Path) -> None:
    for i in (1, 2, 3):
        (tmp_path / f"kit-perforations-{i:02d}.svg").write_text("old", "utf-8")
    (tmp_path / "notes-perforations-01.svg").write_text("not ours", "utf-8")
    with FileSet(tmp_path) as files:
        files.add(tmp_path / "kit-perforations-01.svg", b"new")
        files.remove_on_commit(kit._previous_kit(tmp_path / "kit.pdf", tmp_path / "kit"))
        files.commit()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "kit-perforations-01.svg", "notes-perforations-01.svg"]


def test_a_live_writers_staging_folder_is_left_alone(tmp_path: Path) -> None:
    live = tmp_path / f"{STAGING_PREFIX}{os.getpid()}-abc"
    live.mkdir()
    (live / fileset.JOURNAL).write_text(json.dumps([]), "utf-8")
    assert sweep(tmp_path) == []
    assert live.exists()


def test_two_exports_from_two_folders_give_the_same_bytes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Same input, same bytes, wherever it runs (issue 13)."""
    scenario = default_path("scenarios", "scenario-1.yaml")
    args = ["--only", "clues,scenario,calibration"]
    (tmp_path / "one").mkdir()
    (tmp_path / "x" / "y").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "one")
    main_ok(["export", str(scenario), "-o", "kit.pdf", *args])
    monkeypatch.chdir(tmp_path / "x" / "y")
    main_ok(["export", os.path.relpath(scenario), "-o", "../../two/kit.pdf", *args])
    assert _snapshot(tmp_path / "one") == _snapshot(tmp_path / "two")


def main_ok(argv: list[str]) -> None:
    try:
        main(argv)
    except SystemExit as exc:
        assert not exc.code, exc.code


def test_a_folder_that_refuses_the_staging_names_the_users_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An OS error while staging names the folder or file the user gave, never our hidden
    staging folder (a /proc path said '/proc/.resistance-staging-…')."""
    import errno
    import tempfile

    def refuse(*args: object, **kwargs: object) -> str:
        raise OSError(errno.ENOSPC, "No space left on device",
                      str(tmp_path / ".resistance-staging-1-abc"))

    monkeypatch.setattr(tempfile, "mkdtemp", refuse)
    with pytest.raises(OSError) as info, FileSet(tmp_path) as files:
        files.add(tmp_path / "kit.pdf", b"x")
    assert info.value.filename == str(tmp_path / "kit.pdf")
    with pytest.raises(OSError) as info, FileSet(tmp_path) as files:
        files.scratch()
    assert info.value.filename == str(tmp_path)
