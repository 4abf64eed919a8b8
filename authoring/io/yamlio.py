"""Safe YAML loading where every node remembers its file, line and column.

Only plain data is built (mappings, lists, strings, numbers, booleans, null):
no tag constructs an object. Limits protect the designer's machine from a
runaway file: size, nesting depth, and alias expansion ("billion laughs" files
are refused before anything is expanded). Problems go to a
:class:`~authoring.io.diagnostics.Report`; loading never raises on bad input.

>>> from authoring.io.diagnostics import Report
>>> r = Report()
>>> doc = load_text("zones:\\n  - {region: N-E, number: 1}\\n", "b.yaml", r)
>>> doc.data["zones"][0]["number"], doc.span(("zones", 0, "number"))
(1, Span(file='b.yaml', line=2, col=27, path='zones.0.number'))
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from authoring.io.diagnostics import Report, Span, did_you_mean

PathKey = tuple[str | int, ...]

_STANDARD_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:timestamp",
}
_MERGE_TAG = "tag:yaml.org,2002:merge"
#: libyaml's parser when PyYAML was built with it (several times faster), else pure Python
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Limits:
    """Ceilings for one YAML file. Generous for real content, fatal for bombs."""

    max_bytes: int = 4 * 1024 * 1024
    max_depth: int = 64
    max_nodes: int = 500_000


DEFAULT_LIMITS = Limits()


class _Refused(Exception):
    def __init__(self, code: str, message: str, node: Node | None, hint: str | None = None,
                 at: tuple[int, int] = (1, 1)):
        super().__init__(message)
        self.code, self.message, self.node, self.hint, self.at = code, message, node, hint, at


#: the longest file name (one path component) the usual file systems accept, in bytes
NAME_MAX = 255


def path_problem(path: Path | str) -> str | None:
    """Why ``path`` cannot name a file on any usual system, in a designer's words, or
    None: a NUL character, or a name (one component) longer than 255 bytes.

    >>> path_problem("boards/island.yaml") is None
    True
    >>> path_problem("boards/isl" + chr(0) + "and.yaml")
    'a file name cannot hold a NUL character (\\\\0)'
    >>> path_problem("x" * 300 + ".yaml")
    'the name xxxxxxxxxxxxxxxxxxxxxxxx….yaml is 305 bytes long; a file name has at most 255'
    """
    text = str(path)
    if "\0" in text:
        return "a file name cannot hold a NUL character (\\0)"
    for part in Path(text).parts:
        size = len(os.fsencode(part))
        if size > NAME_MAX:
            shown = f"{part[:24]}…{Path(part).suffix}"
            return f"the name {shown} is {size} bytes long; a file name has at most {NAME_MAX}"
    return None


def display_path(path: Path | str) -> str:
    """A path as the user should read it: relative to the working directory if inside.
    A symbolic link is named as itself, not as the file it points to."""
    p = Path(path)
    try:
        here = Path.cwd()
        try:
            return str(Path(os.path.abspath(p)).relative_to(here))
        except ValueError:
            return str(p.resolve().relative_to(here.resolve()))
    except (ValueError, OSError):
        return str(p)


def dotted(path: Sequence[str | int]) -> str:
    return ".".join(str(p) for p in path)


def human_path(path: Sequence[str | int], data: Any = None) -> str:
    """A written path as a designer reads it: keys dotted, list entries counted from
    1 as ``#n`` (the way the other messages say "zone 7" and "road 2"). With the
    document's ``data``, a number that is a mapping's key (``action_tracks: {3: …}``) is
    written as the key it is, not as an entry.

    >>> human_path(["zones", 3, "at"]), human_path([]), human_path(["roads", 0])
    ('zones #4.at', '', 'roads #1')
    >>> human_path(["action_tracks", 3, "cells"], {"action_tracks": {3: {"cells": 0}}})
    'action_tracks.3.cells'
    """
    out = ""
    node = data
    for step in path:
        keyed = isinstance(node, dict)
        if isinstance(step, int) and not keyed:
            out += f" #{step + 1}"
        else:
            out += f".{step}" if out else str(step)
        if keyed:
            node = node.get(step)
        elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
            node = node[step]
        else:
            node = None
    return out


@dataclass
class YamlDoc:
    """One loaded YAML document: plain ``data`` plus a side table of positions."""

    file: str
    path: Path | None
    data: Any
    locs: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    key_locs: dict[PathKey, tuple[int, int]] = field(default_factory=dict)

    def span(self, path: Sequence[str | int] = (), *, key: bool = False) -> Span:
        """Position of the node at ``path`` (its key with ``key=True``); the nearest
        known ancestor when the node does not exist (a missing field points at its
        parent mapping)."""
        p = tuple(path)
        table = self.key_locs if key else self.locs
        if p in table:
            line, col = table[p]
            return Span(self.file, line, col, dotted(p))
        for i in range(len(p) - 1, -1, -1):
            if p[:i] in self.locs:
                line, col = self.locs[p[:i]]
                return Span(self.file, line, col, dotted(p))
        return Span(self.file, 1, 1, dotted(p))

    def get(self, path: Sequence[str | int], default: Any = None) -> Any:
        cur = self.data
        for k in path:
            try:
                cur = cur[k]
            except (KeyError, IndexError, TypeError):
                return default
        return cur

    def resolve(self, ref: str) -> Path:
        """A file reference resolved relative to this file's folder."""
        base = self.path.parent if self.path is not None else Path.cwd()
        try:
            return (base / ref).resolve()
        except (ValueError, OSError):  # a name no system accepts: checked by path_problem
            return Path(os.path.abspath(base / ref.replace("\0", "")))


def _mark(node: Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _expanded_size(node: Node, memo: dict[int, int], depth: int, limits: Limits,
                   reused: dict[int, Node] | None = None) -> int:
    """Nodes the data would hold once aliases are expanded (memoised, so linear)."""
    reused = {} if reused is None else reused
    if depth > limits.max_depth:
        raise _Refused(
            "too-deep",
            f"nesting deeper than {limits.max_depth} levels",
            node,
            "flatten the structure; no board, deck or scenario needs this depth",
        )
    key = id(node)
    if key in memo:
        reused[key] = node  # an anchor used again through an alias
        return memo[key]
    memo[key] = 1  # a recursive alias counts once while being measured
    total = 1
    if isinstance(node, SequenceNode):
        for child in node.value:
            total += _expanded_size(child, memo, depth + 1, limits, reused)
    elif isinstance(node, MappingNode):
        for k, v in node.value:
            total += _expanded_size(k, memo, depth + 1, limits, reused)
            total += _expanded_size(v, memo, depth + 1, limits, reused)
    memo[key] = total
    if depth == 0 and total - len(memo) > limits.max_nodes:
        # what the aliases add beyond the written nodes: a big plain file adds nothing
        # (its size is bounded by max_bytes), a 'billion laughs' adds billions
        raise _Refused(
            "alias-expansion",
            f"the aliases (*name) expand the document by more than {limits.max_nodes} values "
            "(the biggest anchor they repeat starts here)",
            max(reused.values(), key=lambda n: memo[id(n)], default=node),
            "this looks like an alias bomb ('billion laughs'); remove the nested aliases",
        )
    return total


class _Builder:
    def __init__(self, doc: YamlDoc, report: Report, constructor: yaml.SafeLoader) -> None:
        self.doc, self.report, self.constructor = doc, report, constructor
        self.active: set[int] = set()

    def span_of(self, node: Node, path: PathKey) -> Span:
        line, col = _mark(node)
        return Span(self.doc.file, line, col, dotted(path))

    def build(self, node: Node, path: PathKey) -> Any:
        self.doc.locs.setdefault(path, _mark(node))
        if isinstance(node, ScalarNode):
            return self.scalar(node, path)
        standard = (
            "tag:yaml.org,2002:seq" if isinstance(node, SequenceNode) else "tag:yaml.org,2002:map"
        )
        if node.tag not in (standard, "tag:yaml.org,2002:omap"):
            self.report.error(
                self.span_of(node, path),
                "yaml-tag",
                f"tag '{node.tag}' is not allowed",
                "only plain data is read: remove the '!' tag",
            )
        if id(node) in self.active:
            raise _Refused("alias-recursive", "an alias refers to its own ancestor", node)
        self.active.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                return [self.build(child, (*path, i)) for i, child in enumerate(node.value)]
            if isinstance(node, MappingNode):
                return self.mapping(node, path)
        finally:
            self.active.discard(id(node))
        raise _Refused("yaml-node", f"unsupported YAML node {type(node).__name__}", node)

    def scalar(self, node: ScalarNode, path: PathKey) -> Any:
        if node.tag not in _STANDARD_SCALAR_TAGS:
            self.report.error(
                self.span_of(node, path),
                "yaml-tag",
                f"tag '{node.tag}' is not allowed",
                "only plain data is read: remove the '!' tag",
            )
            return node.value
        value = self.constructor.construct_object(node, deep=True)
        if node.tag == "tag:yaml.org,2002:timestamp":
            return str(node.value)
        return value

    def mapping(self, node: MappingNode, path: PathKey) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        merged: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG:
                sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
                for src in sources:
                    got = self.build(src, path)
                    if isinstance(got, dict):
                        for k, v in got.items():
                            merged.setdefault(k, v)
                    else:
                        self.report.error(
                            self.span_of(src, path), "yaml-merge", "'<<' must merge a mapping",
                            "<<: *anchor merges a mapping defined with &anchor",
                        )
                continue
            if not isinstance(key_node, ScalarNode):
                self.report.error(
                    self.span_of(key_node, path),
                    "key-not-scalar",
                    "a mapping key must be a plain word, not a list or mapping",
                    "write keys as plain words (region: N-E), not lists or mappings",
                )
                continue
            key = self.scalar(key_node, path)
            if key is None or isinstance(key, bool):
                key = key_node.value
            if not isinstance(key, str | int | float):
                key = str(key)
            child = (*path, key)
            if key in out:
                first = self.doc.key_locs.get(child, (0, 0))
                self.report.error(
                    self.span_of(key_node, child),
                    "duplicate-key",
                    f"duplicate key '{key}' (first defined at line {first[0]})",
                    "keep one of the two; YAML would silently keep only the last",
                )
                continue
            self.doc.key_locs[child] = _mark(key_node)
            out[key] = self.build(value_node, child)
        for k, v in merged.items():
            out.setdefault(k, v)
        return out


def _check_depth(text: str, limits: Limits) -> None:
    """Refuse deep nesting from the event stream (iterative) before composing
    (recursive), so a '[[[[…' file fails fast instead of exhausting the stack."""
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > limits.max_depth:
                mark = event.start_mark
                line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
                raise _Refused(
                    "too-deep",
                    f"nesting deeper than {limits.max_depth} levels",
                    None,
                    "flatten the structure; no board, deck or scenario needs this depth",
                    (line, col),
                )
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _char_at(text: str, line: int, col: int) -> str:
    lines = text.splitlines()
    if 1 <= line <= len(lines) and 1 <= col <= len(lines[line - 1]):
        return lines[line - 1][col - 1]
    return ""


def load_text(
    text: str | bytes,
    file: str,
    report: Report,
    *,
    path: Path | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> YamlDoc | None:
    """Parse ``text`` as one YAML document; None (with diagnostics) when it cannot."""
    where = Span(file, 1, 1)
    if isinstance(text, bytes):
        if len(text) > limits.max_bytes:
            report.error(
                where,
                "file-too-large",
                f"file is {len(text)} bytes, more than the limit of {limits.max_bytes}",
                _TOO_LARGE,
            )
            return None
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            report.error(
                where,
                "encoding",
                f"file is not UTF-8 text (byte 0x{text[exc.start]:02x} at offset {exc.start})",
                "save the file as UTF-8",
            )
            return None
    if len(text) > limits.max_bytes:
        report.error(where, "file-too-large", f"file is larger than {limits.max_bytes} bytes",
                     _TOO_LARGE)
        return None
    doc = YamlDoc(file=file, path=path, data=None)
    loader: yaml.SafeLoader | None = None
    try:
        _check_depth(text, limits)
        loader = _Loader(text)
        root = loader.get_single_node()
        if root is None:
            report.error(
                where, "empty-file", "file is empty", "write the document, or remove the file"
            )
            return None
        _expanded_size(root, {}, 0, limits)
        doc.data = _Builder(doc, report, loader).build(root, ())
        return doc
    except _Refused as exc:
        line, col = _mark(exc.node) if exc.node is not None else exc.at
        report.error(Span(file, line, col), exc.code, exc.message, exc.hint)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        if "expected a single document" in str(exc):
            problem = "the file holds more than one YAML document ('---')"
        hint = "check indentation and quoting near this point"
        ctx = exc.context_mark
        if exc.problem and exc.context and ctx is not None and ctx.line + 1 != line:
            problem += f" ({exc.context} opened at line {ctx.line + 1}, column {ctx.column + 1})"
            hint = "a bracket or quote opened there is not closed"
        if _char_at(text, line, col) == "\t":
            problem = "a tab character cannot indent YAML"
            hint = "YAML forbids tabs for indentation: use spaces"
        report.error(Span(file, line, col), "yaml-syntax", f"YAML syntax error: {problem}", hint)
    except yaml.YAMLError as exc:
        text_ = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        hint = None
        if isinstance(exc, yaml.reader.ReaderError):
            text_ = f"character #x{exc.character:04x} is not allowed in YAML"
            hint = "remove control characters; is this really a YAML text file?"
        report.error(where, "yaml-syntax", f"YAML error: {text_}", hint)
    except RecursionError:
        report.error(
            where,
            "too-deep",
            "nesting too deep to read",
            "flatten the structure; no board, deck or scenario needs this depth",
        )
    except (ValueError, TypeError, OverflowError) as exc:
        report.error(where, "yaml-value", f"unreadable value: {exc}",
                     "check this value: quote it if it is meant as text")
    finally:
        if loader is not None:
            loader.dispose()
    return None


_TOO_LARGE = ("a board, deck or scenario is a few hundred kB at most: is this the right "
              "file? (split a big content file in several, listed in the manifest)")


def _near(path: Path) -> str:
    """A hint for a missing file: the YAML files of its folder that resemble it."""
    try:
        names = sorted(p.name for p in path.parent.iterdir() if p.suffix in (".yaml", ".yml"))
    except OSError:
        return "check the folder: it does not exist (paths are relative to the current folder)"
    best = did_you_mean(path.name, names)
    if best:
        return f"did you mean {display_path(path.parent / best)}?"
    return "check the name and the folder (paths are relative to the current folder)"


def load_file(
    path: Path | str, report: Report, *, limits: Limits = DEFAULT_LIMITS
) -> YamlDoc | None:
    """Load one YAML file; None (with diagnostics) when it cannot be read."""
    p = Path(path)
    file = display_path(p)
    problem = path_problem(p)
    if problem is not None:
        report.error(Span(file.replace("\0", "\\0")), "file-name-invalid",
                     f"cannot read this file: {problem}", "check the path")
        return None
    try:
        st = p.stat()
        if not stat.S_ISREG(st.st_mode) and not stat.S_ISDIR(st.st_mode):
            report.error(Span(file), "file-not-regular",
                         f"{file} is not a regular file (a pipe, a device or a socket)",
                         "give the path of a YAML file")
            return None
        size = st.st_size
        if size > limits.max_bytes:
            report.error(
                Span(file),
                "file-too-large",
                f"file is {size} bytes, more than the limit of {limits.max_bytes}",
                _TOO_LARGE,
            )
            return None
        with open(p, "rb") as fh:  # never more than the limit, whatever the size said
            raw = fh.read(limits.max_bytes + 1)
        if len(raw) > limits.max_bytes:
            report.error(Span(file), "file-too-large",
                         f"file is more than the limit of {limits.max_bytes} bytes", _TOO_LARGE)
            return None
    except FileNotFoundError:
        report.error(Span(file), "file-not-found", f"no such file: {file}", _near(p))
        return None
    except IsADirectoryError:
        report.error(Span(file), "file-not-found", f"{file} is a folder, not a file",
                     "name a YAML file inside it (resistance validate also takes a folder)")
        return None
    except OSError as exc:
        report.error(Span(file), "file-unreadable", f"cannot read {file}: {exc.strerror}",
                     "check the file's permissions (can you open it in your editor?)")
        return None
    return load_text(raw, file, report, path=p.resolve(), limits=limits)


#: folders this run created for its outputs (the command line says so at the end: a
#: typo in ``-o outptu/kit.pdf`` must not go unnoticed)
CREATED_FOLDERS: list[Path] = []


def ensure_folder(folder: Path) -> None:
    """Create ``folder`` and its parents if missing, and remember the top one created
    (:data:`CREATED_FOLDERS`); a file in the way is an error that names it (mkdir alone
    would say "file exists", which misleads)."""
    missing: Path | None = None
    for f in (folder, *folder.parents):
        if f.exists():
            if not f.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, "Is a file, not a folder", str(f))
            break
        missing = f
    folder.mkdir(parents=True, exist_ok=True)
    if missing is not None:
        CREATED_FOLDERS.append(missing)


def new_file_mode() -> int:
    """The mode a plain ``open()`` would give a new file (0o666 less the umask)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


class NotRegularFile(OSError):
    """A write refused because its target exists and is not a regular file: a device
    (``/dev/null``), a pipe, a socket, a folder or a symbolic link. Renaming a new file
    over it would replace the device itself (as root, for every program of the
    machine), so nothing is written. ``hint`` says what to do instead."""

    hint = "name a new file or an existing regular file: this one is left as it is"

    def __init__(self, path: Path | str, kind: str, *, reading: bool = False) -> None:
        said = "nothing was read" if reading else "nothing was written"
        super().__init__(errno.EEXIST, f"is {kind}, not a regular file: {said}", str(path))
        self.kind = kind
        if reading:
            self.hint = "name a regular file"


def special_kind(path: Path | str) -> str | None:
    """What ``path`` is when it exists and is not a regular file ("a symbolic link",
    "a device", "a pipe", "a socket", "a folder"); None when it is a regular file
    or absent. A symbolic link counts as one whatever it points to.

    >>> special_kind("/nonexistent/kit.pdf") is None, special_kind("/")
    (True, 'a folder')
    """
    try:
        mode = os.lstat(path).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "a special file"


def refuse_special(path: Path | str) -> None:
    """Raise :class:`NotRegularFile` when ``path`` exists and is not a regular file."""
    kind = special_kind(path)
    if kind is not None:
        raise NotRegularFile(path, kind)


class FileTooLarge(OSError):
    """A file read with a limit (:func:`read_regular`) that is larger."""

    hint = "is this the right file?"


def read_regular(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them: a pipe, a
    device or a folder is refused without waiting on it (:class:`NotRegularFile`; a FIFO
    with no writer would hang a plain ``open``), a larger file too
    (:class:`FileTooLarge`: ``/dev/zero`` or a huge file is never read to its end)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    with open(fd, "rb") as fh:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = ("a folder" if stat.S_ISDIR(mode) else "a pipe" if stat.S_ISFIFO(mode)
                    else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                    else "a special file")
            raise NotRegularFile(path, kind, reading=True)
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(errno.EFBIG, f"is more than {limit} bytes: not read", str(path))
    return data


@contextmanager
def atomic_write(path: Path | str, mode: str = "wb") -> Iterator[Any]:
    """Write to a temporary file beside ``path`` and rename it into place on success,
    so a failure never leaves a half-written file. A target that exists and is not a
    regular file (a device, a pipe, a symbolic link, a folder) is refused before
    anything is created (:class:`NotRegularFile`), and checked again just before the
    rename. An operating-system error names ``path``, never the temporary file."""
    target = Path(path)
    refuse_special(target)
    ensure_folder(target.parent)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                   dir=target.parent)
    except OSError as exc:
        raise _about(exc, target, exc.filename) from None
    try:
        os.chmod(tmp, new_file_mode())  # mkstemp makes it private; a written file is not
        encoding = None if "b" in mode else "utf-8"
        try:
            with open(fd, mode, encoding=encoding) as fh:
                yield fh
        except OSError as exc:
            raise _about(exc, target, tmp) from None
        refuse_special(target)
        try:
            os.replace(tmp, target)
        except OSError as exc:
            raise _about(exc, target, tmp) from None
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


def _about(exc: OSError, target: Path, tmp: str | None = None) -> OSError:
    """``exc`` naming the user's ``target`` instead of our temporary file (an error
    raised by the writer's own code about another file is left as it is)."""
    if isinstance(exc, NotRegularFile) or exc.errno is None:
        return exc
    if exc.filename is None or exc.filename in (tmp, str(target.parent)) or (
            tmp is not None and exc.filename2 == str(target)):
        return OSError(exc.errno, exc.strerror, str(target))
    return exc
