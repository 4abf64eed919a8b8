"""``resistance schema KIND``: the JSON Schema of a file kind, for editor completion."""

from __future__ import annotations

import click

from authoring.cli.common import EXIT_USAGE, echo_json


@click.command()
@click.argument("kind", required=False)
@click.option("--list", "list_kinds", is_flag=True, help="List the kinds.")
def schema(kind: str | None, list_kinds: bool) -> None:
    """Print the JSON Schema of KIND (board, deck, scenario, items, …).

    Shipped YAML files start with `# yaml-language-server: $schema=…` pointing at
    these schemas (kept in authoring/model/schema/json/), so editors complete and check them.
    """
    from authoring.model.schema.registry import SCHEMAS, json_schema

    if list_kinds or kind is None:
        for k in sorted(SCHEMAS):
            click.echo(k)
        if kind is None and not list_kinds:
            raise SystemExit(EXIT_USAGE)
        return
    if kind not in SCHEMAS:
        from authoring.io.diagnostics import suggestion

        raise click.UsageError(
            f"unknown kind '{kind}'{suggestion(kind, SCHEMAS)}; one of: {', '.join(sorted(SCHEMAS))}"
        )
    echo_json(json_schema(kind))
