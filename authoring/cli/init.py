"""``resistance init DIR``: a new game folder that validates and prints at once."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from authoring.cli.common import EXIT_PROBLEMS, EXIT_USAGE, SafePath, echo_json, json_option
from authoring.clues.newgame import InitError, build, why_not
from authoring.io.wording import count_of
from authoring.io.yamlio import display_path
from authoring.model.island import IslandSpec, problems


@click.command()
@click.argument("folder", metavar="DIR", type=SafePath())
@click.option("--regions", type=int, default=4, show_default=True,
              help="Regions of the island (1 to 8).")
@click.option("--zones", type=int, default=24, show_default=True,
              help="Zones of the island in all, shared between the regions.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Another seed, another island and deck (the same seed, the same files).")
@click.option("--content", type=click.Choice(["link", "copy"]), default="link",
              show_default=True,
              help="link: the manifest names the shipped cards (characters, items …); "
                   "copy: copies them into DIR/cards to edit.")
@json_option
def init(folder: str, regions: int, zones: int, seed: int, content: str, as_json: bool) -> None:
    """Start a new game in DIR: a generated island, a clue deck proved for it, a scenario
    with three difficulty levels, the box manifest, the JSON Schemas for your editor and
    a README saying what to edit first. DIR must be new or empty; it appears whole or
    not at all.

    \b
    resistance init my-game
    resistance validate my-game
    resistance export my-game/scenarios/my-game.yaml
    """


    bad = problems(IslandSpec(regions=regions, zones=zones, seed=seed))
    if bad:
        for message, hint in bad:
            click.echo(f"resistance: {message}\n    hint: {hint}", err=True)
        sys.exit(EXIT_USAGE)
    try:
        refusal = why_not(Path(folder))
        if refusal is not None:
            raise refusal
        game = build(Path(folder), regions=regions, zones=zones, seed=seed,
                     content="copy" if content == "copy" else "link")
    except InitError as exc:
        click.echo(f"resistance: {exc.message}\n    hint: {exc.hint}", err=True)
        sys.exit(EXIT_PROBLEMS)
    where = display_path(game.folder)
    if as_json:
        echo_json({"folder": str(game.folder), "scenario": game.scenario, "board": game.board,
                   "deck": game.deck, "manifest": game.manifest, "places": game.places,
                   "isolatable": game.isolatable})
        return
    click.echo(f"made {where}/: an island of {count_of(game.places, 'zone')} in "
               f"{count_of(regions, 'region')}, "
               f"a clue deck that isolates {game.isolatable}/{game.places} places, a scenario")
    click.echo(f"  {where}/README.md says what to edit first; then:")
    click.echo(f"  resistance validate {where}")
    click.echo(f"  resistance clues check {where}/{game.deck}")
    click.echo(f"  resistance export {where}/{game.scenario}")
