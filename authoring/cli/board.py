"""``resistance board info|preview``: inspect an island."""

from __future__ import annotations

import click

from authoring.cli.common import SafePath, echo_json, json_option, load_or_exit


@click.group()
def board() -> None:
    """Inspect and preview a board file."""


@board.command()
@click.argument("board_file", metavar="BOARD", type=SafePath())
@json_option
def info(board_file: str, as_json: bool) -> None:
    """Regions, zones (size, coastal, neighbours), roads and zone-token total."""
    b = load_or_exit(board_file, "board", as_json=as_json)
    data = b.info()
    if as_json:
        echo_json(data)
        return
    click.echo(f"{data['id']}: {data['name']}  ({data['file']})")
    click.echo(
        f"{len(data['regions'])} regions, {len(data['zones'])} zones, "
        f"{len(data['roads'])} links, {data['total_zone_tokens']} zone tokens (R0.2)"
    )
    w, h = data["size_mm"]
    sheet = data["smallest_sheet"]
    click.echo(f"{w:g} × {h:g} mm: " + (f"one {sheet} sheet at a print shop, or tiled at home"
                                         if sheet else "larger than A0; tiled at home"))
    for r in data["regions"]:
        click.echo(f"\n{r['id']} — {r['name']} ({r['zones']} zones, {r['tokens']} tokens)")
        for z in data["zones"]:
            if z["region"] != r["id"]:
                continue
            flags = ("coastal " if z["coastal"] else "") + " ".join(z["tags"])
            click.echo(
                f"  {z['id']:<7} {z['city']:<22} {z['size']:<8} "
                f"→ {', '.join(z['neighbours']) or '-'}"
                + (f"   [{flags.strip()}]" if flags.strip() else "")
            )
    mountain = sum(1 for r in data["roads"] if r["kind"] == "mountain")
    click.echo(f"\nroads: {len(data['roads']) - mountain}, mountain paths: {mountain}")


@board.command()
@click.argument("board_file", metavar="BOARD", type=SafePath())
@click.option(
    "-o", "--output", required=True, type=SafePath(dir_okay=False), help="PDF file to write."
)
def preview(board_file: str, output: str) -> None:
    """One-page PDF of the island: zones by region, cities, roads, paths, ids."""
    b = load_or_exit(board_file, "board")
    from authoring.pdf.boardmap import preview_pdf

    preview_pdf(b, output)
    click.echo(f"wrote {output}")
