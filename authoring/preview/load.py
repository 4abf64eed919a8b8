"""What a preview shows: the board, deck and scenario of a file, as far as they load.

A file with errors still previews what builds (:mod:`authoring.model.partial`), with
every diagnostic of the run beside it; a file that does not even parse previews as
its diagnostics alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from authoring.io.diagnostics import Report, Span
from authoring.io.yamlio import YamlDoc
from authoring.model.board import Board
from authoring.model.deck import ClueDeck
from authoring.model.partial import salvage_board, salvage_deck
from authoring.model.scenario import Scenario
from authoring.model.workspace import Workspace, detect_kind


@dataclass
class Shown:
    """The models a preview draws (each None when nothing of it built), the run's
    diagnostics and the files it read (what ``--serve`` watches)."""

    path: Path
    board: Board | None
    deck: ClueDeck | None
    scenario: Scenario | None
    report: Report
    files: tuple[Path, ...]
    partial: bool = False

    @property
    def title(self) -> str:
        if self.scenario is not None:
            from authoring.io.wording import text_of

            return f"{self.scenario.id} — {text_of(self.scenario.spec.title)}"
        if self.board is not None:
            return self.board.spec.name or self.board.spec.id
        return self.path.name


def load_for_preview(path: Path | str) -> Shown:
    """Load ``path`` (a scenario, a board or a clue deck) for a preview; never raises on
    bad input."""
    p = Path(path)
    ws = Workspace()
    model = ws.load(p)
    board: Board | None = None
    deck: ClueDeck | None = None
    scenario: Scenario | None = None
    partial = False
    if isinstance(model, Scenario):
        scenario, board, deck = model, model.board, model.deck
    elif isinstance(model, ClueDeck):
        deck, board = model, model.board
    elif isinstance(model, Board):
        board = model
    elif model is None:
        partial = True
        board, deck = _Salvage(ws)(p)
    else:
        ws.report.error(Span(str(p)), "preview-kind",
                        f"{p} is not a scenario, a board or a clue deck: nothing to preview",
                        "give a scenario, board or deck file, e.g. scenarios/scenario-1.yaml")
    if model is None and not ws.report.has_errors:
        ws.report.error(Span(str(p)), "load-failed", f"{p} could not be loaded",
                        "the messages above say why; fix them first")
    return Shown(p, board, deck, scenario, ws.report, ws.files, partial)


class _Salvage:
    """What builds of a broken file and the files it names; each board salvaged once
    (a scenario's board and its deck's are then the same object)."""

    def __init__(self, ws: Workspace):
        self.ws = ws
        self.boards: dict[Path, Board | None] = {}

    def __call__(self, path: Path) -> tuple[Board | None, ClueDeck | None]:
        doc = self.ws.doc(path) if path.is_file() else None
        if doc is None or not isinstance(doc.data, dict):
            return None, None
        kind = detect_kind(doc)
        data: dict[str, Any] = doc.data
        if kind == "board":
            return salvage_board(doc), None
        if kind == "deck":
            board = self.board(doc, data.get("board"))
            return board, self.deck(path, board)
        if kind == "scenario":
            board = self.board(doc, data.get("board"))
            clues = data.get("clues")
            deck = None
            if isinstance(clues, str) and (deck_path := doc.resolve(clues)).is_file():
                deck = self.deck(deck_path, board)
            return board, deck
        return None, None

    def board(self, doc: YamlDoc, ref: object) -> Board | None:
        if not isinstance(ref, str) or not ref:
            return None
        path = doc.resolve(ref).resolve()
        if not path.is_file():
            return None
        board = self.ws.load(path, "board")  # already loaded (and reported): cached
        if isinstance(board, Board):
            return board
        if path not in self.boards:
            bdoc = self.ws.doc(path)
            self.boards[path] = salvage_board(bdoc) if bdoc is not None else None
        return self.boards[path]

    def deck(self, path: Path, fallback_board: Board | None) -> ClueDeck | None:
        deck = self.ws.load(path, "deck")
        if isinstance(deck, ClueDeck):
            return deck
        ddoc = self.ws.doc(path)
        if ddoc is None or not isinstance(ddoc.data, dict):
            return None
        board = self.board(ddoc, ddoc.data.get("board")) or fallback_board
        return salvage_deck(ddoc, board) if board is not None else None
