"""``resistance schema KIND``: the JSON Schema of a file kind, for editor completion."""

from __future__ import annotations

from pathlib import Path

import click

from authoring.cli.common import EXIT_USAGE, SafePath, echo_json
from authoring.io.diagnostics import suggestion
from authoring.io.yamlio import display_path
from authoring.model.schema.registry import SCHEMAS, json_schema, write_all


@click.command()
@click.argument("kind", required=False)
@click.option("--list", "list_kinds", is_flag=True, help="List the kinds.")
@click.option("--write", "write_dir", type=SafePath(file_okay=False), default=None,
              metavar="DIR", help="Write every kind's schema into DIR (KIND.schema.json).")
def schema(kind: str | None, list_kinds: bool, write_dir: str | None) -> None:
    """Print the JSON Schema of KIND (board, deck, scenario, items, …).

    Shipped YAML files start with `# yaml-language-server: $schema=…` pointing at
    these schemas (kept in authoring/model/schema/json/), so editors complete and check them.
    """

    if write_dir is not None:
        written = write_all(Path(write_dir))
        click.echo(f"wrote {len(written)} schemas into {display_path(Path(write_dir))}/; "
                   "point a file at one with its first line: "
                   "# yaml-language-server: $schema=<path>/board.schema.json")
        return
    if list_kinds or kind is None:
        for k in sorted(SCHEMAS):
            click.echo(k)
        if kind is None and not list_kinds:
            raise SystemExit(EXIT_USAGE)
        return
    if kind not in SCHEMAS:
        raise click.UsageError(
            f"unknown kind '{kind}'{suggestion(kind, SCHEMAS)}; one of: {', '.join(sorted(SCHEMAS))}"
        )
    echo_json(json_schema(kind))
