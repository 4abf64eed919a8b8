"""Loading files of every kind once, by path, for single and cross-file checks.

A :class:`Workspace` owns the run's :class:`~authoring.io.diagnostics.Report` and a
cache: a scenario that pulls in its board and clue deck, validated beside that
same board, loads and reports the board once. Each file kind registers a loader
``(doc, workspace) -> model | None`` by dotted name in :data:`KINDS`; loaders are
imported lazily so that light commands stay light.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from authoring.io.diagnostics import Report, Span, suggestion
from authoring.io.yamlio import YamlDoc, display_path, load_file

if TYPE_CHECKING:  # what each kind builds (the loaders import this module)
    from authoring.model.board import Board
    from authoring.model.deck import ClueDeck
    from authoring.model.scenario import Scenario
    from authoring.model.schema.content import Manifest

#: kind -> "module:function" of its loader. Later capabilities add their kinds here.
KINDS: dict[str, str] = {
    "board": "authoring.model.board:load_board",
    "deck": "authoring.model.deck:load_deck",
    "scenario": "authoring.model.scenario:load_scenario",
    "characters": "authoring.model.content:load_characters",
    "recruits": "authoring.model.content:load_recruits",
    "items": "authoring.model.content:load_items",
    "special-items": "authoring.model.content:load_special_items",
    "resistance": "authoring.model.content:load_resistance",
    "events": "authoring.model.content:load_events",
    "planning": "authoring.model.content:load_planning",
    "manifest": "authoring.model.content:load_manifest",
}

#: the order findings print in, by cause: a kind's files after those they depend on
#: (a scenario names a board, a deck and a box; a deck names a board)
KIND_RANK: dict[str, int] = {"board": 0, "deck": 1, "manifest": 3, "scenario": 4}
CONTENT_RANK = 2

#: file name stems that identify a kind when the file has no ``kind:`` key
NAME_HINTS: dict[str, str] = {
    "clues": "deck",
    "characters": "characters",
    "recruits": "recruits",
    "items": "items",
    "special-items": "special-items",
    "resistance": "resistance",
    "events": "events",
    "planning": "planning",
    "manifest": "manifest",
}

Loader = Callable[[YamlDoc, "Workspace"], Any]

ROOT = Path(__file__).resolve().parents[2]
SHARE = "share/resistance-authoring"


def default_path(*parts: str) -> Path:
    """A file of the shipped default game (``scenarios/…``, ``cards/…``): in the source
    checkout, else where pip installed the package's data (``share/resistance-authoring``)."""
    here = ROOT.joinpath(*parts)
    if here.exists():
        return here
    import sysconfig

    for scheme in dict.fromkeys([sysconfig.get_default_scheme(), *sysconfig.get_scheme_names()]):
        with contextlib.suppress(KeyError):
            installed = Path(sysconfig.get_path("data", scheme), SHARE, *parts)
            if installed.exists():
                return installed
    return here


def detect_kind(doc: YamlDoc) -> str | None:
    """The kind of a loaded file: its ``kind:`` key, else its name, else its keys."""
    data = doc.data
    if isinstance(data, dict) and isinstance(kind := data.get("kind"), str):
        return kind
    if doc.path is not None:
        stem = doc.path.stem.lower()
        if stem in NAME_HINTS:
            return NAME_HINTS[stem]
        if doc.path.parent.name == "boards":
            return "board"
    return _declared_kind(doc)  # a board by its keys


#: a shipped file of each main kind, for hints
EXAMPLES = {
    "board": "scenarios/boards/island.yaml",
    "deck": "cards/clues.yaml",
    "scenario": "scenarios/scenario-1.yaml",
}


def _declared_kind(doc: YamlDoc) -> str | None:
    """The kind a file says it is beyond doubt: its ``kind:`` key, or a board's keys."""
    data = doc.data
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("kind"), str):
        return str(data["kind"])
    if "zones" in data and "outline" in data:
        return "board"
    return None


def _a(kind: str) -> str:
    """'a deck', 'a board', 'an items file'."""
    noun = {"deck": "clue deck", "manifest": "manifest"}.get(kind, kind)
    if kind not in ("board", "deck", "scenario", "manifest"):
        noun = f"{kind} file"
    return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}"


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Loading builds many small objects and frees them in bulk; Python's cycle
    collector would scan the growing heap again and again (validation time grew
    faster than the file). Paused while a file loads, then back as it was."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class Workspace:
    """The files of one run, each loaded and checked once."""

    def __init__(self, report: Report | None = None):
        self.report = report if report is not None else Report()
        self._docs: dict[Path, YamlDoc | None] = {}
        self._models: dict[tuple[str, Path], Any] = {}

    @property
    def files(self) -> tuple[Path, ...]:
        """Every file this run read or tried to read, resolved, in the order it did
        (what a watcher of the run's input watches)."""
        return tuple(self._docs)

    def doc(self, path: Path | str) -> YamlDoc | None:
        p = Path(path).resolve()
        if p not in self._docs:
            self._docs[p] = load_file(p, self.report)
        return self._docs[p]

    @overload
    def load(self, path: Path | str, kind: Literal["board"], *,
             ref: Span | None = None) -> Board | None: ...
    @overload
    def load(self, path: Path | str, kind: Literal["deck"], *,
             ref: Span | None = None) -> ClueDeck | None: ...
    @overload
    def load(self, path: Path | str, kind: Literal["scenario"], *,
             ref: Span | None = None) -> Scenario | None: ...
    @overload
    def load(self, path: Path | str, kind: Literal["manifest"], *,
             ref: Span | None = None) -> Manifest | None: ...
    @overload
    def load(self, path: Path | str, kind: str | None = None, *,
             ref: Span | None = None) -> Any: ...

    def load(self, path: Path | str, kind: str | None = None, *, ref: Span | None = None) -> Any:
        """Load, validate and build the model of ``path``; None when it has errors.

        ``kind`` forces the kind (a scenario's ``board:`` is a board); ``ref`` is where
        the reference was written, used when the file does not exist."""
        p = Path(path).resolve()
        if ref is not None and not p.exists():
            self.report.error(
                ref,
                "file-not-found",
                f"referenced file not found: {p}",
                "paths are relative to the file that names them",
            )
            return None
        if kind is not None:  # a file that does not even parse still prints in its place
            self.report.rank_file(display_path(p), KIND_RANK.get(kind, CONTENT_RANK))
        doc = self.doc(p)
        if doc is None:
            return None
        k = kind or detect_kind(doc)
        found = _declared_kind(doc)
        if kind is not None and found is not None and found != kind and found in KINDS:
            # a scenario given where a deck is wanted: one sentence, not 20 schema errors
            data = doc.data if isinstance(doc.data, dict) else {}
            where = ref or (doc.span(("kind",)) if "kind" in data else Span(doc.file, 1, 1))
            self.report.error(
                where,
                "kind-wrong",
                f"{display_path(p)} is {_a(found)}; {_a(kind)} is wanted here",
                f"give {_a(kind)} file" + (f", e.g. {EXAMPLES[kind]}" if kind in EXAMPLES else ""),
            )
            return None
        if k is None:
            self.report.error(
                Span(doc.file, 1, 1),
                "kind-unknown",
                "cannot tell what kind of file this is",
                f"add a 'kind:' line, one of: {', '.join(sorted(KINDS))}",
            )
            return None
        if k not in KINDS:
            data = doc.data if isinstance(doc.data, dict) else {}
            span = doc.span(("kind",)) if "kind" in data else Span(doc.file, 1, 1)
            self.report.error(
                span,
                "kind-unknown",
                f"unknown kind '{k}'{suggestion(k, KINDS)}",
                f"one of: {', '.join(sorted(KINDS))}",
            )
            return None
        self.report.rank_file(doc.file, KIND_RANK.get(k, CONTENT_RANK))
        key = (k, p)
        if key not in self._models:
            self._models[key] = None  # guards against reference cycles
            module_name, func = KINDS[k].split(":")
            loader: Loader = getattr(importlib.import_module(module_name), func)
            with _no_cycle_collection():
                self._models[key] = loader(doc, self)
        return self._models[key]
