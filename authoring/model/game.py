"""A loaded game as plain, typed, frozen data: what the engine and the simulation stand on.

:func:`load_game` reads a scenario with everything it names (board, clue deck, box
manifest and its content files), validates all of it, and returns a :class:`GameModel`
that holds no workspace, YAML document or report: it pickles (a process pool or a Dask
worker receives it whole) and it round-trips through JSON (:meth:`GameModel.to_json`,
:meth:`GameModel.from_json`, which validates the files again like any input).

>>> g = load_game("scenarios/scenario-1.yaml")
>>> g.scenario.id, len(g.board.zones), g.deck.total_cards, len(g.content.characters)
('scenario-1', 60, 43, 8)
>>> import pickle
>>> pickle.loads(pickle.dumps(g)).scenario.start
('N-E 1',)
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from authoring.io.diagnostics import Report, Span
from authoring.io.errors import InputError
from authoring.io.yamlio import path_problem
from authoring.model.board import Board
from authoring.model.deck import ClueDeck
from authoring.model.scenario import Scenario
from authoring.model.schema.base import Model
from authoring.model.schema.content import FILE_KEYS, Content, Manifest
from authoring.model.workspace import Workspace, default_path

#: the ``format`` of :meth:`GameModel.to_json`
JSON_FORMAT = "resistance-game/1"


@dataclass(frozen=True)
class GameModel:
    """A validated scenario with its board, clue deck, box manifest and content.

    The third of a scenario's four shapes: the file as written
    (:class:`authoring.model.schema.scenario.ScenarioSpec`), validated with its setup
    resolved per zone (:class:`authoring.model.scenario.Scenario`), with every file it
    names (this), and the engine's tables for one table of players
    (:class:`authoring.engine.game.Game`)."""

    scenario: Scenario
    board: Board
    deck: ClueDeck
    manifest: Manifest
    content: Content

    @classmethod
    def of(cls, scenario: Scenario) -> GameModel | None:
        """The game of a loaded scenario; None when it lacks a clue deck or a box."""
        if scenario.deck is None or scenario.manifest is None or scenario.content is None:
            return None
        return cls(scenario, scenario.board, scenario.deck, scenario.manifest, scenario.content)

    # -- JSON ----------------------------------------------------------------------------
    def files(self) -> dict[Path, tuple[str, Model]]:
        """Every file of the game: absolute path -> (kind, validated model)."""
        sc = self.scenario
        if sc.path is None:
            raise ValueError("a game built without a scenario file has no files")
        base = sc.path.parent
        manifest_path = (
            (base / sc.spec.manifest).resolve()
            if sc.spec.manifest is not None
            else default_path("cards", "manifest.yaml")
        )
        out: dict[Path, tuple[str, Model]] = {
            sc.path.resolve(): ("scenario", sc.spec),
            (base / sc.spec.board).resolve(): ("board", self.board.spec),
            (base / sc.spec.clues).resolve(): ("deck", self.deck.spec),
            manifest_path: ("manifest", self.manifest),
        }
        for kind, model in self.content.files().items():
            rel = getattr(self.manifest.files, FILE_KEYS[kind])
            if rel is not None:
                out[(manifest_path.parent / rel).resolve()] = (kind, model)
        return out

    def to_json(self) -> dict[str, Any]:
        """The game as JSON data: each file's validated content under its path relative to
        the files' common folder (the scenario's manifest named explicitly)."""
        files = self.files()
        root = Path(os.path.commonpath([p.parent for p in files]))
        assert self.scenario.path is not None
        scenario_path = self.scenario.path.resolve()
        out: dict[str, Any] = {}
        for path, (kind, model) in files.items():
            data = model.model_dump(mode="json", by_alias=True, exclude_unset=True)
            data["kind"] = kind
            if kind == "deck":  # the deck keeps its parsed predicates beside the schema
                where = {c.id: c.predicate for c in self.deck.cards if c.predicate is not None}
                for card in data["cards"]:
                    if card["id"] in where:
                        card["where"] = where[card["id"]].model_dump(
                            mode="json", by_alias=True, exclude_unset=True
                        )
            if path == scenario_path:
                manifest = next(p for p, (k, _) in files.items() if k == "manifest")
                data["manifest"] = Path(os.path.relpath(manifest, path.parent)).as_posix()
            out[path.relative_to(root).as_posix()] = data
        return {
            "format": JSON_FORMAT,
            "scenario": scenario_path.relative_to(root).as_posix(),
            "files": out,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], report: Report | None = None, *,
                  check: GameCheck | None = None) -> GameModel:
        """Rebuild a game from :meth:`to_json` data: the files are written to a temporary
        folder and loaded like any input (validated again). Raises InputError."""
        report = report if report is not None else Report()
        files = data.get("files") if isinstance(data, Mapping) else None
        scenario = data.get("scenario") if isinstance(data, Mapping) else None
        if (
            not isinstance(data, Mapping)
            or data.get("format") != JSON_FORMAT
            or not isinstance(files, Mapping)
            or not isinstance(scenario, str)
            or scenario not in files
        ):
            report.error(
                Span("<game>", 1, 1),
                "game-json",
                f"not a game in the '{JSON_FORMAT}' format",
                "write it with GameModel.to_json()",
            )
            raise InputError(report, report.format())
        def refuse(message: str) -> NoReturn:
            report.error(Span("<game>", 1, 1), "game-json", message,
                         "a saved game lists its files by paths inside it: was it edited by "
                         "hand?")
            raise InputError(report, report.format())

        with tempfile.TemporaryDirectory(prefix="resistance-game-") as tmp:
            root = Path(tmp)
            for rel, content in files.items():
                if not isinstance(rel, str):
                    refuse(f"file path {rel!r} is not text")
                shown = rel.encode("unicode_escape").decode("ascii")[:80]
                problem = path_problem(rel)
                if problem is not None:
                    refuse(f"file path '{shown}': {problem}")
                target = (root / rel).resolve()
                if root.resolve() not in target.parents:
                    refuse(f"file path '{shown}' leaves the game")
                try:
                    text = json.dumps(content, ensure_ascii=False, allow_nan=False)
                except (TypeError, ValueError) as e:
                    refuse(f"file '{shown}' is not JSON data ({e})")
                try:
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_text(text, "utf-8")
                except OSError as e:  # a file and a folder of one name, a path too long …
                    refuse(f"file path '{shown}' cannot be a file of the game "
                           f"({(e.strerror or str(e)).lower()})")
            return load_game(root / scenario, report, check=check)


#: a check of what a game needs beyond its files (the rules engine's
#: :func:`~authoring.engine.check.playability`): problems with ``path`` (keys in the
#: scenario file), ``level``, ``code``, ``message`` and ``hint`` attributes
GameCheck = Callable[["GameModel"], Iterable[Any]]


def locate_problems(ws: Workspace, scenario: Scenario, problems: Iterable[Any]) -> None:
    """Add a check's problems to ``ws.report``, located at their key of the scenario."""
    doc = ws.doc(scenario.path) if scenario.path is not None else None
    for p in problems:
        span = doc.span(p.path) if doc is not None else Span(scenario.file, 1, 1)
        add = ws.report.error if p.level == "error" else ws.report.warning
        add(span, p.code, p.message, p.hint or None)


def load_game(path: Path | str, report: Report | None = None, *,
              check: GameCheck | None = None) -> GameModel:
    """Load and validate a scenario with every file it names; raises
    :class:`~authoring.io.errors.InputError` (its ``report`` holds every problem) when
    anything has errors or the scenario lacks a clue deck or a box. ``check``: what the
    game also needs (the engine passes its playability: the one gate that validate, play
    and simulate share), its errors refused the same way."""
    ws = Workspace(report)
    got = ws.load(path, "scenario")
    rep = ws.report
    if isinstance(got, Scenario) and not rep.has_errors:
        if got.deck is None:
            rep.error(Span(got.file, 1, 1), "game-incomplete", "the scenario has no clue deck",
                      "name one with 'clues:'")
        if got.manifest is None or got.content is None:
            rep.error(Span(got.file, 1, 1), "game-incomplete", "the scenario has no box manifest",
                      "name one with 'manifest:' (default: cards/manifest.yaml)")
    if not isinstance(got, Scenario) or rep.has_errors:
        raise InputError(rep, rep.format())
    model = GameModel.of(got)
    assert model is not None
    if check is not None:
        locate_problems(ws, got, check(model))
        if rep.has_errors:
            raise InputError(rep, rep.format())
    return model
