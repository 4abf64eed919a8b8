"""Helpers shared by the commands: report printing, exit codes, JSON output."""

from __future__ import annotations

import json
import re
import sys
from typing import Any, NoReturn

import click

from authoring.io.diagnostics import Report, Span
from authoring.io.yamlio import path_problem
from authoring.model.workspace import Workspace

# Ctrl-C (128 + SIGINT), kill (128 + SIGTERM) and the kill's exception: their one home
from authoring.signals import EXIT_INTERRUPTED as EXIT_INTERRUPTED
from authoring.signals import EXIT_TERMINATED as EXIT_TERMINATED
from authoring.signals import Terminated as Terminated

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
strict_option = click.option("--strict", is_flag=True, help="Warnings fail too (exit 1).")


class SafePath(click.Path):
    """A path option or argument that refuses, as a usage error (exit 2), a name no file
    system accepts (a NUL character, a name over 255 bytes) before anything opens it."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        problem = path_problem(value) if isinstance(value, str) else None
        if problem is not None:
            self.fail(problem, param, ctx)
        if isinstance(value, str) and not value.strip():
            self.fail("an empty path names no file", param, ctx)
        if value == "-" and not self.allow_dash:
            self.fail("'-' names no file here (nothing is read from or written to the "
                      "terminal's streams): name a file, e.g. ./-", param, ctx)
        return super().convert(value, param, ctx)


class Number(click.ParamType):
    """A number option read as a designer types it (spaces around it, ``_`` or ``,`` between
    thousands: ``1,000``; a decimal comma for a decimal: ``2,5``); anything else is refused with what the option counts and an
    example, not only "not a valid integer".

    >>> Number("games per cell", "500").convert(" 2,000 ", None, None)
    2000
    >>> Number("actions a minute", "6", decimal=True).convert("7.5", None, None)
    7.5
    >>> Number("actions a minute", "6", decimal=True).convert("2,5", None, None)
    2.5
    """

    def __init__(self, what: str, example: str, *, decimal: bool = False) -> None:
        self.what, self.example, self.decimal = what, example, decimal
        self.name = "decimal" if decimal else "integer"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return value
        text = str(value).strip().replace("_", "")
        if self.decimal and text.count(",") == 1 and "." not in text:
            text = text.replace(",", ".")  # a decimal comma (2,5: two and a half)
        elif _THOUSANDS.fullmatch(text):
            text = text.replace(",", "")  # 1,000 (a comma elsewhere is refused)
        opt = param.opts[0] if param is not None and param.opts else "the option"
        shown = str(value).encode("unicode_escape").decode("ascii")
        shown = shown if len(shown) <= 40 else shown[:37] + "…"
        if len(text) > 100 and text.lstrip("+-").isdigit():
            self.fail(f"'{shown}' is far too large: {self.what} (e.g. {opt} {self.example})",
                      param, ctx)
        try:
            return float(text) if self.decimal else int(text)
        except ValueError:
            kind = "a number" if self.decimal else "a whole number"
            self.fail(f"'{shown}' is not {kind}: {self.what} (e.g. {opt} {self.example})",
                      param, ctx)


#: a whole number written with commas between thousands (1,000 or 12,345,678)
_THOUSANDS = re.compile(r"[+-]?\d{1,3}(,\d{3})+")


def print_report(report: Report, *, as_json: bool = False, err: bool = True,
                 strict: bool = False) -> None:
    """Diagnostics, one per line, then a summary (to stderr unless ``err=False``); in JSON,
    ``ok`` is false when the run fails (errors, or warnings under ``strict``)."""
    if as_json:
        click.echo(report.to_json(strict), err=err)
        return
    if len(report):
        click.echo(report.format(), err=err)


def finish(report: Report, *, strict: bool = False) -> NoReturn:
    """Exit 1 when the report fails (errors, or warnings under --strict), else 0."""
    sys.exit(EXIT_PROBLEMS if report.failed(strict) else EXIT_OK)


def fail_if_errors(report: Report, *, as_json: bool = False, strict: bool = False) -> None:
    """Print the report and exit 1 when it has errors; return (printing warnings) otherwise."""
    if report.failed(strict):
        print_report(report, as_json=as_json, strict=strict)
        click.echo(f"resistance: {report.summary()}", err=True)
        sys.exit(EXIT_PROBLEMS)
    if len(report) and not as_json:
        print_report(report)


def echo_json(data: object) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


#: the hint of a file that could not be loaded (its own diagnostics come first)
LOAD_FAILED_HINT = "the messages above say why; fix them first"


def decision_pairs(values: tuple[str, ...], hint: str = "") -> dict[str, str]:
    """``--decision D…=CHOICE`` options as a mapping (their choices are checked against
    rules.md's decisions by the command): a pair without ``=``, or one decision given two
    choices, is a usage error (``hint`` ends its message).

    >>> decision_pairs(("D4.2=player", " D8.1 = placeholder", "D4.2=player"))
    {'D4.2': 'player', 'D8.1': 'placeholder'}
    """
    out: dict[str, str] = {}
    for item in values:
        key, sep, choice = (part.strip() for part in item.partition("="))
        if not sep or not key or not choice:
            raise click.BadParameter(f"'{item}' is not DECISION=CHOICE (e.g. D4.2=player){hint}",
                                     param_hint="'--decision'")
        if out.get(key, choice) != choice:
            raise click.BadParameter(f"{key} is given twice, '{out[key]}' then '{choice}': "
                                     f"choose one{hint}", param_hint="'--decision'")
        out[key] = choice
    return out


def load_checked(path: str, kind: str, *, as_json: bool = False) -> tuple[Any, Report]:
    """Load and check one file of ``kind``; on errors print them and exit 1. The model and
    its report, whose warnings are left to the caller to print (with its own findings)."""
    ws = Workspace()
    model = ws.load(path, kind)
    if model is None and not ws.report.has_errors:
        ws.report.error(Span(path), "load-failed", f"{path} could not be loaded as a {kind}",
                        LOAD_FAILED_HINT)
    if ws.report.has_errors:
        fail_if_errors(ws.report, as_json=as_json)
    return model, ws.report


def load_or_exit(path: str, kind: str, *, as_json: bool = False) -> Any:
    """Load and check one file of ``kind``; on errors print them and exit 1.
    Warnings go to stderr and the model is returned."""
    model, report = load_checked(path, kind, as_json=as_json)
    fail_if_errors(report, as_json=as_json)
    return model
