"""``resistance validate PATH…``: check any mix of board, deck, scenario and content files."""

from __future__ import annotations

from pathlib import Path

import click

from authoring.cli.common import SafePath, finish, json_option, print_report, strict_option
from authoring.engine.check import playability
from authoring.io.diagnostics import Span
from authoring.model.game import GameModel, locate_problems
from authoring.model.scenario import Scenario
from authoring.model.workspace import KINDS, Workspace


def _expand(paths: tuple[str, ...], ws: Workspace) -> list[Path]:
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = sorted([*p.rglob("*.yaml"), *p.rglob("*.yml")])
            if not found:
                ws.report.warning(Span(raw), "no-files", f"no YAML file in folder {raw}",
                                  "give a file, or a folder holding .yaml files")
            out.extend(found)
        else:
            out.append(p)
    return out


def check_path(ws: Workspace, path: Path | str, kind: str | None = None) -> None:
    """What ``resistance validate`` checks of one file: the file and what it names, and
    for a scenario, what the rules engine needs to play it."""
    errors = len(ws.report.errors)
    got = ws.load(path, kind)
    if isinstance(got, Scenario) and len(ws.report.errors) == errors:
        _check_playable(ws, got)


def _check_playable(ws: Workspace, scenario: Scenario) -> None:
    """What the rules engine needs to play the scenario, located in its file (the same
    check play and simulate pass to load_game: one gate)."""

    model = GameModel.of(scenario)
    if model is None:
        return
    locate_problems(ws, scenario, playability(model))


@click.command()
@click.argument("paths", nargs=-1, required=True, type=SafePath())
@json_option
@strict_option
@click.option("--kind", type=click.Choice(sorted(KINDS), case_sensitive=False),
              help="Treat every file as this kind.")
def validate(paths: tuple[str, ...], as_json: bool, strict: bool, kind: str | None) -> None:
    """Check files and print every problem as file:line:col: level: message [code].

    PATHS are files or folders (every *.yaml inside). A scenario pulls in its board
    and decks, so their problems are reported too. Exit 0 when clean, 1 when a file
    has errors (or warnings, with --strict).
    """
    ws = Workspace()
    files = _expand(paths, ws)
    for path in files:
        check_path(ws, path, kind)
    print_report(ws.report, as_json=as_json, err=False, strict=strict)
    if not as_json:
        n = len(files)
        status = "FAILED" if ws.report.failed(strict) else "ok"
        click.echo(f"{n} file{'s' * (n != 1)} checked: {ws.report.summary()} — {status}")
    finish(ws.report, strict=strict)
