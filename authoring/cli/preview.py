"""``resistance preview [FILE]``: the island and its clue deck in the browser."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from authoring.cli.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    SafePath,
    echo_json,
    json_option,
    print_report,
    strict_option,
)
from authoring.io.yamlio import atomic_write
from authoring.model.workspace import default_path
from authoring.preview import load_for_preview, render
from authoring.preview.serve import PortInUse, serve_preview


@click.command()
@click.argument("file", required=False, type=SafePath(dir_okay=False))
@click.option("-o", "--output", type=SafePath(dir_okay=False), default="output/preview.html",
              show_default=True, help="The HTML file to write.")
@click.option("--serve", is_flag=True,
              help="Serve the preview on 127.0.0.1 and reload the page within a second of a "
                   "save of any file it shows (Ctrl-C stops).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="Port of --serve (0: any free port).")
@json_option
@strict_option
def preview(file: str | None, output: str, serve: bool, port: int, as_json: bool,
            strict: bool) -> None:
    """Self-contained HTML page of FILE (a scenario, board or clue deck; default: the
    shipped scenario 1): the island at true proportions with the scenario's setup, a
    place's facts on hover or focus, and the clue cards to stack as on the table (only
    the common holes stay open; the solver's minimum witness a click away, R6.1).

    A file with problems still previews what could be loaded, its diagnostics at the top
    of the page. Exit 0 when written (warnings are printed), 1 when the input has
    problems, 2 on a command-line mistake.
    """

    path = Path(file) if file else default_path("scenarios", "scenario-1.yaml")
    if serve:
        try:
            serve_preview(path, port, on_ready=lambda url: click.echo(
                f"serving {url} — the page reloads when a file it shows is saved; "
                "Ctrl-C stops", err=False))
        except PortInUse as exc:
            click.echo(f"resistance: {exc}", err=True)
            sys.exit(EXIT_PROBLEMS)
        sys.exit(EXIT_OK)
    shown = load_for_preview(path)
    with atomic_write(output, "w") as fh:
        fh.write(render(shown))
    if as_json:
        echo_json({"file": output, "places": len(shown.board.zones) if shown.board else 0,
                   "cards": len(shown.deck.cards) if shown.deck else 0,
                   "partial": shown.partial,
                   "diagnostics": [d.to_dict() for d in shown.report.sorted()]})
    else:
        print_report(shown.report)
        click.echo(f"wrote {output}")
        click.echo(f"resistance: {shown.report.summary()}", err=True)
    sys.exit(EXIT_PROBLEMS if shown.report.failed(strict) else EXIT_OK)
