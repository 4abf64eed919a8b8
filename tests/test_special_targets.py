"""Writers never replace a special file (issue 27, item 1): a target that exists and is
not a regular file — a device, a pipe, a symbolic link, a folder — is refused before
anything is created beside it, by :func:`atomic_write`, by :class:`FileSet` and so by
every command that writes (``preview -o``, ``export -o``, ``simulate --report``, ``play``'s
``save``). As root, renaming a file over ``-o /dev/null`` would replace the machine's
device. No test touches the real ``/dev``: the device here is made in a temporary folder
(skipped where the container may not make one)."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from authoring.cli import main, os_error_message
from authoring.io.fileset import STAGING_PREFIX, FileSet
from authoring.io.yamlio import NotRegularFile, atomic_write


def _fifo(folder: Path) -> Path:
    p = folder / "out.pdf"
    os.mkfifo(p)
    return p


def _symlink(folder: Path) -> Path:
    victim = folder / "precious.txt"
    victim.write_text("keep me", "utf-8")
    p = folder / "out.pdf"
    p.symlink_to(victim)
    return p


def _dangling(folder: Path) -> Path:
    p = folder / "out.pdf"
    p.symlink_to(folder / "nowhere")
    return p


def _device(folder: Path) -> Path:
    """A character device like /dev/null (major 1, minor 3), made in tmp. Without the
    right to make one (not root), the system's own /dev/null: a process without that
    right cannot replace it either, so a broken refusal fails the test, harmlessly."""
    p = folder / "null"
    try:
        os.mknod(p, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (OSError, AttributeError):
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            pytest.fail("root may not make a device node in tmp")
        return Path("/dev/null")
    return p


def _folder(folder: Path) -> Path:
    p = folder / "out.pdf"
    p.mkdir()
    (p / "inside.txt").write_text("x", "utf-8")
    return p


MAKERS: dict[str, tuple[Callable[[Path], Path], str]] = {
    "fifo": (_fifo, "a pipe"),
    "symlink": (_symlink, "a symbolic link"),
    "dangling-symlink": (_dangling, "a symbolic link"),
    "device": (_device, "a device"),
    "folder": (_folder, "a folder"),
}


def _fingerprint(folder: Path) -> dict[str, tuple[int, int, str]]:
    """Every entry's mode, inode and link target: a replaced node changes its inode."""
    out = {}
    for p in folder.iterdir():
        st = os.lstat(p)
        out[p.name] = (st.st_mode, st.st_ino, os.readlink(p) if p.is_symlink() else "")
    return out


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_atomic_write_refuses_a_special_target(tmp_path: Path, kind: str) -> None:
    make, said = MAKERS[kind]
    target = make(tmp_path)
    before = _fingerprint(tmp_path), os.lstat(target).st_ino
    with pytest.raises(NotRegularFile) as info, atomic_write(target, "w") as fh:
        fh.write("new")
    assert (_fingerprint(tmp_path), os.lstat(target).st_ino) == before  # nothing replaced
    assert info.value.filename == str(target) and info.value.kind == said
    assert os_error_message(info.value).startswith(
        f"resistance: {target}: is {said}, not a regular file: nothing was written\n"
        "    hint: name a new file or an existing regular file")
    if kind == "symlink":
        assert (tmp_path / "precious.txt").read_text("utf-8") == "keep me"


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_a_file_set_refuses_a_special_target(tmp_path: Path, kind: str) -> None:
    make, said = MAKERS[kind]
    target = make(tmp_path)
    folder = target.parent  # tmp, or /dev for the system's device
    before = _fingerprint(tmp_path), os.lstat(target).st_ino
    with pytest.raises(NotRegularFile), FileSet(folder) as files:
        if folder == tmp_path:
            files.add(tmp_path / "other.pdf", b"fine")
        files.add(target, b"new")
        files.commit()
    assert (_fingerprint(tmp_path), os.lstat(target).st_ino) == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(STAGING_PREFIX)]


def test_a_file_set_checks_again_at_commit(tmp_path: Path) -> None:
    """A target that became a pipe between staging and the swap is still refused, and
    the files already staged are not swapped in (all or nothing)."""
    with pytest.raises(NotRegularFile), FileSet(tmp_path) as files:
        files.add(tmp_path / "a.pdf", b"a")
        files.add(tmp_path / "b.pdf", b"b")
        os.mkfifo(tmp_path / "b.pdf")
        files.commit()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.pdf"]
    assert stat.S_ISFIFO(os.lstat(tmp_path / "b.pdf").st_mode)


def test_a_stale_symlink_is_not_removed_by_a_swap(tmp_path: Path) -> None:
    (tmp_path / "keep").write_text("x", "utf-8")
    link = tmp_path / "kit-perforations-04.svg"
    link.symlink_to(tmp_path / "keep")
    with FileSet(tmp_path) as files:
        files.add(tmp_path / "kit.pdf", b"k")
        files.remove_on_commit([link])
        files.commit()
    assert link.is_symlink()


def test_a_folder_of_the_set_replaces_a_folder_but_not_a_link(tmp_path: Path) -> None:
    (tmp_path / "kit-png").mkdir()
    with FileSet(tmp_path) as files:
        src = files.scratch() / "png"
        src.mkdir()
        (src / "a.png").write_bytes(b"png")
        files.add_folder(tmp_path / "kit-png", src)
        files.commit()
    assert (tmp_path / "kit-png" / "a.png").read_bytes() == b"png"
    (tmp_path / "real").mkdir()
    (tmp_path / "kit-tts").symlink_to(tmp_path / "real")
    with pytest.raises(NotRegularFile), FileSet(tmp_path) as files:
        src = files.scratch() / "tts"
        src.mkdir()
        files.add_folder(tmp_path / "kit-tts", src)
    assert (tmp_path / "kit-tts").is_symlink()


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, capsys.readouterr().err


@pytest.mark.parametrize("kind", ["fifo", "symlink", "device"])
def test_preview_output_refuses_a_special_file(tmp_path: Path, kind: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    target = MAKERS[kind][0](tmp_path)
    before = _fingerprint(tmp_path)
    code, err = _cli(capsys, "preview", "-o", str(target))
    assert code == 1 and "Traceback" not in err
    assert f"{target}: is {MAKERS[kind][1]}, not a regular file: nothing was written" in err
    assert _fingerprint(tmp_path) == before


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_export_output_refuses_a_special_file(tmp_path: Path, kind: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    target = MAKERS[kind][0](tmp_path)
    before = _fingerprint(tmp_path)
    code, err = _cli(capsys, "export", "-o", str(target), "--only", "calibration")
    assert code == 1 and "Traceback" not in err, err
    assert "not a regular file: nothing was written" in err
    assert _fingerprint(tmp_path) == before


def test_an_os_error_names_the_users_file_not_our_temporary_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 10: a full disk at the rename said ``.balance.json.y0bg….tmp``."""
    target = tmp_path / "balance.json"

    def full(src: str, dst: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", src, dst)

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError) as info, atomic_write(target, "w") as fh:
        fh.write("{}")
    assert info.value.filename == str(target) and info.value.errno == errno.ENOSPC
    assert os_error_message(info.value) == (
        f"resistance: {target}: no space left on device\n"
        "    hint: the disk is full: free some space and run it again")
    assert list(tmp_path.iterdir()) == []


def test_a_pipe_named_as_a_board_is_said_to_be_one(tmp_path: Path) -> None:
    """Item 10: a FIFO (or /dev/zero) as ``board:`` was "a folder"; it is never opened."""
    from authoring.cli.validate import check_path
    from authoring.model.workspace import Workspace

    fifo = tmp_path / "board.yaml"
    os.mkfifo(fifo)
    source = Path("tests/cases/scenario/engine-cannot-craft.yaml").read_text("utf-8")
    data = Path("tests/scenario/data").resolve()
    scenario = tmp_path / "scenario.yaml"
    scenario.write_text(source.replace("../../scenario/data/board.yaml", str(fifo))
                        .replace("../../scenario/data/", f"{data}/"), "utf-8")
    ws = Workspace()
    check_path(ws, scenario)
    assert [(d.code, d.message) for d in ws.report.errors] == [
        ("file-not-regular", f"board file '{fifo}' is not a regular file (a pipe, a device "
                             "or a socket)")]


def test_a_file_set_error_names_the_users_file(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 10 for the kit: a failed swap named the staged file in the hidden folder."""
    from authoring.io import fileset

    def full(src: str, dst: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", src, dst)

    with pytest.raises(OSError) as info, FileSet(tmp_path) as files:
        files.add(tmp_path / "kit.pdf", b"k")
        monkeypatch.setattr(fileset.os, "replace", full)
        files.commit()
    assert info.value.filename == str(tmp_path / "kit.pdf")
