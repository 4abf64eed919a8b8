"""``resistance vocabulary predicates|effects|rules``: the closed vocabularies,
documented."""

from __future__ import annotations

import click

from authoring.model.effects import effects_doc
from authoring.model.predicates import predicates_doc
from authoring.model.scenario import special_rules_doc


@click.command()
@click.argument("which", type=click.Choice(["predicates", "effects", "rules"]))
def vocabulary(which: str) -> None:
    """Print the reference of WHICH vocabulary (Markdown, with an example per entry):
    predicates for `where:` (clue cards, setup rules, candidates), effects for cards,
    characters and special rules; rules for a scenario's special_rules."""
    if which == "predicates":
        click.echo(predicates_doc())
    elif which == "rules":
        click.echo(special_rules_doc())
    else:
        click.echo(effects_doc())
