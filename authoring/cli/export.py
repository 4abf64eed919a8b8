"""``resistance export [SCENARIO]``: the print-and-play kit as PDF, cut files and PNGs."""

from __future__ import annotations

import sys
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from authoring.cli.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    LOAD_FAILED_HINT,
    SafePath,
    echo_json,
    json_option,
    print_report,
    strict_option,
)
from authoring.io.diagnostics import Span
from authoring.io.wording import count_of
from authoring.model.board import Board
from authoring.model.scenario import Scenario
from authoring.model.workspace import Workspace, default_path


def _parts(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[str, ...]:
    from authoring.pdf.section import parse_parts

    try:
        return parse_parts(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None


def _offset(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    from authoring.pdf.section import parse_offset

    try:
        return parse_offset(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None


@click.command()
@click.argument("scenario", required=False, type=SafePath(dir_okay=False))
@click.option("-o", "--output", type=SafePath(dir_okay=False),
              help="The kit PDF to write (default: output/<scenario id>-kit.pdf); the cut "
                   "files and images go beside it.")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "legal", "tabloid"],
                                          case_sensitive=False),
              default="a4", show_default=True,
              help="Paper size (cards: 3 × 3 a sheet on A4, Letter and Legal, 4 × 4 on A3 "
                   "and Tabloid).")
@click.option("--lang", type=click.Choice(["fr", "en"]), default="fr", show_default=True,
              help="Language of the printed texts.")
@click.option("--duplex", type=click.Choice(["long", "short", "none", "fold"]),
              default="long", show_default=True,
              help="Card backs: long or short, the edge the printer turns the sheet on; "
                   "none, no duplex printer (each back page follows its front, to print "
                   "on its own or by hand on the back); fold, front and back side by side "
                   "with a fold line.")
@click.option("--back-offset", default="0,0", show_default=True, callback=_offset,
              metavar="X,Y", help="Shift of the card backs in mm, measured with the "
                                  "calibration sheet.")
@click.option("--bleed", type=float, default=3.0, show_default=True,
              help="Bleed around the cards, mm.")
@click.option("--gutter", type=float, default=None,
              help="Space between neighbouring cards, mm, filled with their bleed: a "
                   "slightly missed cut shows the card's own art (0: cards edge to edge, one cut "
                   "between two).  [default: 2, fits A4 and Letter]")
@click.option("--margin", type=float, default=5.0, show_default=True,
              help="Border of the paper your printer cannot print, mm: no crop mark, "
                   "registration mark or test bar is drawn in it.")
@click.option("--only", default=None, callback=_parts, metavar="PARTS",
              help="Comma-separated parts or groups: cards (calibration, items, special-items, "
                   "resistance, events, clues), board, tokens, counters, sheets (characters, "
                   "tracks, scenario, aids).")
@click.option("--cut-file", "cut_file", type=click.Choice(["svg", "pdf", "both", "none"]),
              default="both", show_default=True,
              help="Cut files for the perforations and round tokens: SVG (red hairlines), PDF "
                   "(CutContour spot colour), both or none.")
@click.option("--singles", is_flag=True,
              help="Also write every card on its own page with bleed (TrimBox = card), "
                   "each front followed by its back: the file print shops ask for.")
@click.option("--cutter", type=click.Choice(["none", "silhouette", "cricut"]), default="none",
              show_default=True,
              help="Prepare the card sheets for a cutting machine: silhouette prints its "
                   "registration marks (square and two L-brackets, 10 mm in) and keeps the "
                   "cards clear of them; cricut keeps them inside its Print Then Cut area "
                   "(6.75 × 9.25 in) and writes one image per sheet to upload to Design "
                   "Space (cards cut to their rounded outline on a transparent ground, at "
                   "--dpi). The cut files then hold every card's outline; no crop marks.")
@click.option("--corner-radius", "corner_radius", type=click.FloatRange(0, 10), default=3.0,
              show_default=True, help="Rounded corners of the card outlines in the cut files, mm.")
@click.option("--cmyk", is_flag=True,
              help="Colours of the kit PDF in process CMYK (for print shops that ask for "
                   "it); pictures keep their own colours.")
@click.option("--png", is_flag=True,
              help="Also write one PNG per card with its bleed (69 × 94 mm with 3 mm bleed, "
                   "as print-on-demand shops ask; needs pdftoppm).")
@click.option("--tts", is_flag=True,
              help="Also write a Tabletop Simulator saved object (tts-object.json) and its "
                   "images: deck sheets (10 × 7 cards, ≤ 4096 px wide), the board, every "
                   "token, the counter tracks and sheets.")
@click.option("--punch", type=click.Choice(["board", "3mm", "1/8in"]), default="board",
              show_default=True,
              help="The clue cards' hole size: the board's minimap.hole_diameter, or a "
                   "stock punch (3 mm, or 1/8 in = 3.175 mm); a warning says where a larger "
                   "punch leaves too thin a bridge.")
@click.option("--clues", "clue_mode", type=click.Choice(["holes", "film"]), default="holes",
              show_default=True,
              help="Clue cards to punch, or film: for transparency film on a home "
                   "printer, the mini-map inked and every place of the card left clear "
                   "(nothing to punch; no perforation cut file).")
@click.option("--designer", is_flag=True,
              help="A designer's proof: the rule ids (R5.4 …) printed on the cards.")
@click.option("--tts-url", "tts_url", default=None, metavar="BASE",
              help="With --tts: the address the images will be hosted at (https://…/); "
                   "the saved object names each image BASE/<its file name> instead of "
                   "this machine's file:// path.")
@click.option("--dpi", type=click.IntRange(72, 600), default=300, show_default=True,
              help="Resolution of the --png images (each card with its bleed).")
@json_option
@strict_option
def export(scenario: str | None, output: str | None, paper: str, lang: str, duplex: str,
           back_offset: tuple[float, float], bleed: float, gutter: float | None, margin: float,
           only: tuple[str, ...],
           cut_file: str, singles: bool, cutter: str, corner_radius: float, cmyk: bool, png: bool,
           tts: bool, tts_url: str | None, punch: str, clue_mode: str, designer: bool,
           dpi: int,
           as_json: bool,
           strict: bool) -> None:
    """Print-and-play kit of SCENARIO (default: the shipped scenario 1) as one PDF:
    cards with duplex backs, perforated clue cards, the board as a tiled poster,
    tokens, sheets and player aids; plus the perforation cut files and the duplex
    calibration sheet. Exit 0 when written (warnings are printed), 1 when the input
    has problems, 2 on a command-line mistake.
    """
    from authoring.pdf.kit import default_output, export_kit, summary
    from authoring.pdf.section import KitOptions, inputs_from

    cuts: Any = {"both": ("svg", "pdf"), "none": (), "svg": ("svg",), "pdf": ("pdf",)}[cut_file]
    options = KitOptions(paper_name=paper.lower(), lang=lang,  # type: ignore[arg-type]
                         duplex=duplex,  # type: ignore[arg-type]
                         back_offset=back_offset, bleed=bleed, parts=only, cut_files=cuts,
                         singles=singles, png=png, tts=tts, tts_url=tts_url, png_dpi=dpi,
                         punch={"board": None, "3mm": 3.0, "1/8in": 3.175}[punch],
                         clues=clue_mode,  # type: ignore[arg-type]
                         designer=designer,
                         printable_margin=margin, cmyk=cmyk,
                         cutter=cutter,  # type: ignore[arg-type]
                         corner_radius=corner_radius)
    if gutter is not None:
        options = replace(options, gutter=gutter)
    problem = options.why_invalid()
    if problem is not None:
        raise click.UsageError(problem)

    path = Path(scenario) if scenario else default_path("scenarios", "scenario-1.yaml")
    ws = Workspace()
    model = ws.load(path)
    report = ws.report
    if model is not None and not _printable(model):
        report.error(Span(str(path)), "export-kind",
                     f"{path} is not a scenario or a board: nothing to export",
                     "give a scenario file (kind: scenario), e.g. scenarios/scenario-1.yaml")
        model = None
    if model is None or report.has_errors:
        if not report.has_errors:
                report.error(Span(str(path)), "load-failed", f"{path} could not be loaded",
                         LOAD_FAILED_HINT)
        print_report(report, as_json=as_json)
        click.echo(f"resistance: {report.summary()}; nothing exported", err=True)
        sys.exit(EXIT_PROBLEMS)

    inputs = inputs_from(model, str(path), options.lang)
    if inputs.scenario is not None and "scenario" in options.parts:
        from authoring.pdf.section import sibling_scenarios

        inputs.scenarios = sibling_scenarios(ws, path, model)
    out = Path(output) if output else default_output(inputs)
    with ExitStack() as stack:
        bar: list[Any] = []

        def on_plan(total: int) -> None:
            # a bar only on a terminal: piped output stays clean (click prints the
            # bare label otherwise)
            if not as_json and sys.stderr.isatty():
                bar.append(stack.enter_context(click.progressbar(
                    length=total, label="export", file=sys.stderr, show_pos=True)))

        def progress(n: int) -> None:
            if bar:
                bar[0].update(n)

        result = export_kit(inputs, options, out, report=report, progress=progress,
                            on_plan=on_plan)
    if as_json:
        echo_json({**summary(result), "diagnostics": [d.to_dict() for d in report.sorted()]})
    else:
        print_report(report)
        for f in result.files:
            pages = f" ({f.pages} page{'s' * (f.pages != 1)})" if f.pages else ""
            click.echo(f"wrote {f.path}{pages} — {f.what}")
        click.echo(f"resistance: {count_of(result.pages, 'page')}, {report.summary()}", err=True)
    sys.exit(EXIT_PROBLEMS if report.failed(strict) else EXIT_OK)


def _printable(model: Any) -> bool:

    return isinstance(model, Board | Scenario)
