"""All-or-nothing writes of a set of files: a kit is a PDF, cut files, a calibration
sheet and image folders, and a reader must never find a new ``kit.pdf`` beside old
cut files.

Every new file (or folder) is first written in a hidden staging folder *beside* the
outputs (same disk, so a rename is atomic). :meth:`FileSet.commit` then swaps the
whole set in: each previous file is renamed aside, the new one renamed into place.
If a step fails, the steps already done are undone in reverse and the previous set
is back, whole. The staging folder holds a journal of the swap, so even a kill in
the middle of it (``kill -9`` between two renames) is repaired: the next run in that
folder finds the dead writer's journal and puts the previous set back. Staging
folders left by killed writers are removed the same way. Two writers into one folder
take turns (a lock on the folder, held from the first staged file to the end).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     folder = Path(tmp)
...     _ = (folder / "kit.pdf").write_bytes(b"old kit")
...     with FileSet(folder) as files:
...         files.add(folder / "kit.pdf", b"new kit")
...         files.add(folder / "kit-cut.svg", b"<svg/>")
...         _ = files.commit()
...     sorted(p.name for p in folder.iterdir()), (folder / "kit.pdf").read_bytes()
(['kit-cut.svg', 'kit.pdf'], b'new kit')
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path
from types import TracebackType

from authoring.io.yamlio import NotRegularFile, ensure_folder, new_file_mode, special_kind

STAGING_PREFIX = ".resistance-staging-"
JOURNAL = "journal.json"
DONE = "done"
LEGACY_TEMP_PREFIX = "resistance-export-"


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, owned by someone else
        return True
    return True


def _pid_of(name: str) -> int | None:
    rest = name[len(STAGING_PREFIX):]
    head = rest.split("-", 1)[0]
    return int(head) if head.isdigit() else None


def sweep(folder: Path) -> list[Path]:
    """Repair and remove the staging folders that killed writers left in ``folder``;
    returns the folders removed. A swap cut short is rolled back first."""
    removed: list[Path] = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.startswith(STAGING_PREFIX) or not entry.is_dir():
            continue
        pid = _pid_of(entry.name)
        if pid is None or _alive(pid):
            continue
        journal = entry / JOURNAL
        if journal.exists() and not (entry / DONE).exists():
            with suppress(OSError, ValueError):
                steps = json.loads(journal.read_text("utf-8"))
                _undo([(Path(s["final"]), Path(s["staged"]) if s["staged"] else None,
                        Path(s["backup"]) if s["backup"] else None) for s in steps])
        shutil.rmtree(entry, ignore_errors=True)
        removed.append(entry)
    return removed


def sweep_legacy_temp(max_age_s: float = 3600.0) -> None:
    """Older versions staged exports in the system's temporary folder; a killed one
    left a ``resistance-export-*`` folder there. Remove those older than an hour."""
    root = Path(tempfile.gettempdir())
    now = time.time()
    with suppress(OSError):
        for entry in root.glob(f"{LEGACY_TEMP_PREFIX}*"):
            with suppress(OSError):
                if entry.is_dir() and now - entry.stat().st_mtime > max_age_s:
                    shutil.rmtree(entry, ignore_errors=True)


Step = tuple[Path, Path | None, Path | None]  # final, staged new file, backup of the old


def _undo(steps: Iterable[Step]) -> None:
    """Undo swap steps, last first: the new file goes back to staging, the previous
    one comes back in place. A step without a new file (a stale file leaving) only
    restores its backup."""
    for final, staged, backup in reversed(list(steps)):
        with suppress(OSError):
            if (staged is not None and (final.exists() or final.is_symlink())
                    and not staged.exists()):
                os.replace(final, staged)
        with suppress(OSError):
            if backup is not None and (backup.exists() or backup.is_symlink()):
                os.replace(backup, final)


def _naming(exc: OSError, final: Path) -> OSError:
    """``exc`` about the user's ``final`` path instead of our staging folder's."""
    if exc.errno is None or isinstance(exc, NotRegularFile):
        return exc
    return OSError(exc.errno, exc.strerror, str(final))


def _refuse(final: Path, folder: bool) -> None:
    """A file of the set replaces only a regular file, a folder of the set only a
    folder: never a device, a pipe or a symbolic link (as root, renaming over
    ``/dev/null`` would replace the machine's device)."""
    kind = special_kind(final)
    if kind is not None and not (folder and kind == "a folder"):
        raise NotRegularFile(final, kind)


class FileSet:
    """Stage files and folders beside their final place, then swap them all in.

    Use as a context manager; leaving it without :meth:`commit` (an error, Ctrl-C)
    removes what was staged and leaves the folder as it was."""

    def __init__(self, folder: Path | str) -> None:
        self.folder = Path(folder)
        self.entries: list[tuple[Path, Path]] = []  # (final, staged)
        self.stale: list[Path] = []
        self._dir: Path | None = None
        self._count = 0
        self._lock_fd: int | None = None

    def _lock(self) -> None:
        """Hold the folder's lock until the set is swapped in (or dropped): a second
        writer into the same folder waits, so two exports never interleave their swaps,
        nor list the previous set's files while the other replaces them. An advisory
        ``flock`` on the folder itself (no lock file left behind; released by the
        system if the writer dies)."""
        if self._lock_fd is not None:
            return
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows: no lock
            return
        fd = os.open(self.folder, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:  # a file system without locks: carry on as before
            os.close(fd)
            return
        self._lock_fd = fd

    # -- staging
    @property
    def dir(self) -> Path:
        """The staging folder (created on first use; its name carries our pid so a
        later run knows whether its writer is still alive)."""
        if self._dir is None:
            ensure_folder(self.folder)
            self._lock()
            sweep(self.folder)
            try:
                self._dir = Path(tempfile.mkdtemp(prefix=f"{STAGING_PREFIX}{os.getpid()}-",
                                                  dir=self.folder))
            except OSError as exc:  # about the user's folder, not our staging folder's name
                raise _naming(exc, self.folder) from None
        return self._dir

    def scratch(self) -> Path:
        """A private folder inside the staging folder for intermediate files."""
        path = self.dir / "scratch"
        path.mkdir(exist_ok=True)
        return path

    def _slot(self, final: Path, folder: bool = False) -> Path:
        if final.parent.resolve() != self.folder.resolve():
            raise ValueError(f"{final} is not in {self.folder}")
        _refuse(final, folder)
        self._count += 1
        try:
            staging = self.dir
        except OSError as exc:  # the folder refuses our staging folder: say the user's file
            raise _naming(exc, final) from None
        return staging / f"new-{self._count:03d}-{final.name}"

    def add(self, final: Path, data: bytes) -> None:
        """Stage ``data`` to become ``final``."""
        staged = self._slot(final)
        try:
            with open(staged, "wb") as fh:
                fh.write(data)
            os.chmod(staged, new_file_mode())
        except OSError as exc:  # a full disk: say the user's file, not our staged one
            raise _naming(exc, final) from None
        self.entries.append((final, staged))

    def add_folder(self, final: Path, source: Path) -> None:
        """Stage the folder ``source`` (moved, so it should live under :attr:`dir`)
        to become the folder ``final``."""
        staged = self._slot(final, folder=True)
        os.replace(source, staged)
        self.entries.append((final, staged))

    def remove_on_commit(self, paths: Iterable[Path]) -> None:
        """Files of the previous set that the new set no longer has (a fourth cut
        sheet when the new kit has three): they leave with the swap."""
        finals = {f for f, _ in self.entries}
        self.stale.extend(p for p in paths if p not in finals)

    # -- swap
    def commit(self) -> list[Path]:
        """Swap the staged set in; on any failure put the previous set back and
        re-raise. Returns the final paths."""
        if not self.entries and not self.stale:
            return []
        work = self.dir
        plan: list[Step] = []
        for target, new in self.entries:  # again: it may have changed since it was staged
            _refuse(target, new.is_dir() and not new.is_symlink())
        for i, (target, new) in enumerate(self.entries):
            exists = target.exists() or target.is_symlink()
            plan.append((target, new, work / f"old-{i:03d}-{target.name}" if exists else None))
        for j, path in enumerate(self.stale):
            if path.exists() and special_kind(path) in (None, "a folder"):
                plan.append((path, None, work / f"old-stale-{j:03d}"))
        (work / JOURNAL).write_text(json.dumps(
            [{"final": str(f), "staged": str(s) if s else None, "backup": str(b) if b else None}
             for f, s, b in plan]), "utf-8")
        done: list[Step] = []
        final = self.folder
        try:
            for final, staged, backup in plan:
                if backup is not None:
                    os.replace(final, backup)
                done.append((final, staged, backup))
                if staged is not None:
                    os.replace(staged, final)
        except OSError as exc:
            _undo(done)
            raise _naming(exc, final) from None
        except BaseException:
            _undo(done)
            raise
        (work / DONE).write_text("", "utf-8")
        return [f for f, _ in self.entries]

    def __enter__(self) -> FileSet:
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._dir is not None:
            shutil.rmtree(self._dir, ignore_errors=True)
            self._dir = None
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # closing releases the flock
            self._lock_fd = None

