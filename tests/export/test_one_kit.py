"""The set is the kit (issue 27, item 3): a new export replaces or removes every file a
kit can have, so no A4 perforation file stays beside a Letter kit and no old board or
calibration sheet beside a kit exported with --only clues; two exports into one folder
take turns (a lock) and leave one whole kit."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

from authoring.cli import main
from authoring.io.fileset import FileSet

ROOT = Path(__file__).resolve().parents[2]
FULL = ["--only", "clues,calibration", "--cut-file", "both"]
SMALL = ["--only", "clues", "--cut-file", "svg", "--paper", "letter"]


def _export(out: Path, *args: str) -> int:
    try:
        main(["export", "-o", str(out), *args])
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def _files(folder: Path) -> dict[str, bytes]:
    """Every file of the folder, and the files of its folders (kit-png/…)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def test_a_smaller_kit_leaves_no_companion_of_the_previous_one(tmp_path: Path) -> None:
    assert _export(tmp_path / "kit.pdf", *FULL) == 0
    assert {"kit-calibration.pdf", "kit-perforations.pdf"} <= set(_files(tmp_path))
    (tmp_path / "kit-board.pdf").write_bytes(b"an old board")  # from an older, fuller kit
    (tmp_path / "kit-png").mkdir()
    (tmp_path / "kit-png" / "card.png").write_bytes(b"old")
    (tmp_path / "notes.txt").write_text("not the kit's", "utf-8")
    assert _export(tmp_path / "kit.pdf", *SMALL) == 0
    other = tmp_path.parent / f"{tmp_path.name}-alone"
    other.mkdir()
    assert _export(other / "kit.pdf", *SMALL) == 0
    assert _files(tmp_path) == {**_files(other), "notes.txt": b"not the kit's"}


def test_the_lock_makes_a_second_writer_wait(tmp_path: Path) -> None:
    staged = threading.Event()
    with FileSet(tmp_path) as first:
        first.add(tmp_path / "kit.pdf", b"first")

        def second() -> None:
            with FileSet(tmp_path) as files:
                files.add(tmp_path / "kit.pdf", b"second")
                staged.set()
                files.commit()

        t = threading.Thread(target=second)
        t.start()
        assert not staged.wait(0.5)  # it waits for the first writer's swap
        first.commit()
    t.join(30)
    assert staged.is_set() and (tmp_path / "kit.pdf").read_bytes() == b"second"


def test_two_exports_into_one_folder_leave_one_whole_kit(tmp_path: Path) -> None:
    sets = {}
    for name, args in (("full", FULL), ("small", SMALL)):
        alone = tmp_path / name
        alone.mkdir()
        assert _export(alone / "kit.pdf", *args) == 0
        sets[name] = _files(alone)
    shared = tmp_path / "shared"
    for _ in range(3):
        procs = [subprocess.Popen([sys.executable, "-m", "authoring", "export", "-o",
                                   str(shared / "kit.pdf"), *args], cwd=ROOT,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                 for args in (FULL, SMALL)]
        for p in procs:
            _, err = p.communicate(timeout=300)
            assert p.returncode == 0, err
        assert _files(shared) in (sets["full"], sets["small"])
