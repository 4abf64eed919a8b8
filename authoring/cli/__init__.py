"""The command line: a thin layer over the library (style.md §5).

Only this package knows click. Subcommands live one module each in this package
and are imported lazily, so ``resistance --help`` stays fast (no shapely,
networkx or ReportLab import until a command needs them).

Exit status everywhere: 0 clean, 1 the input has problems, 2 command-line misuse, 130
interrupted (Ctrl-C), 143 terminated (kill).
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import signal
import sys
from typing import Any

import click

from authoring.cli.common import EXIT_INTERRUPTED, EXIT_TERMINATED, Terminated
from authoring.io.yamlio import CREATED_FOLDERS, display_path
from authoring.signals import deferring

# name -> (module, attribute, one-line help shown by --help without importing)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "validate": (
        "authoring.cli.validate",
        "validate",
        "Check board, deck, scenario and content files.",
    ),
    "board": ("authoring.cli.board", "board", "Inspect and preview a board."),
    "clues": ("authoring.cli.clues", "clues", "Prove, simulate and generate clue decks."),
    "export": ("authoring.cli.export", "export", "Print-and-play kit as PDF (+ cut file)."),
    "init": (
        "authoring.cli.init",
        "init",
        "Start a new game: island, clue deck, scenario, schemas, README.",
    ),
    "preview": (
        "authoring.cli.preview",
        "preview",
        "The island and its stacking clue cards in the browser; --serve reloads on save.",
    ),
    "play": ("authoring.cli.play", "play", "Play a scenario at the terminal, hot seat, timed."),
    "rules": (
        "authoring.cli.rules",
        "rules",
        "The numbered rules and decisions (R…, D…): one by its id, or search by word.",
    ),
    "schema": ("authoring.cli.schema", "schema", "JSON Schema of a file kind, for editors."),
    "simulate": (
        "authoring.cli.simulate",
        "simulate",
        "Balance by simulation: bots play many games; win rates with intervals.",
    ),
    "vocabulary": (
        "authoring.cli.vocabulary",
        "vocabulary",
        "The predicate and effect vocabularies, with examples.",
    ),
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported only when invoked."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        spec = COMMANDS.get(cmd_name)
        if spec is None:
            return None
        module = importlib.import_module(spec[0])
        cmd = getattr(module, spec[1])
        assert isinstance(cmd, click.Command)
        return cmd

    def invoke(self, ctx: click.Context) -> Any:
        """Ctrl-C anywhere in a command exits 130 with one word, as SIGINT's convention
        has it (click alone would print "Aborted!" and exit 1: ``preview --serve``'s
        documented way to stop, ``play --replay``, ``export``, a loading ``simulate``)."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("\ninterrupted", err=True)
            raise click.exceptions.Exit(EXIT_INTERRUPTED) from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in sorted(COMMANDS)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="resistance-authoring", prog_name="resistance")
def cli() -> None:
    """Authoring toolkit for the board game Project: Resistance.

    Write the island, cards and scenarios in YAML; validate them with located
    messages; prove the clue deck; print the kit.
    """


def main(argv: list[str] | None = None) -> object:
    """Console-script entry point."""
    _terminate_cleanly()
    try:
        return _run(argv)
    finally:
        _say_created_folders()


def _run(argv: list[str] | None) -> object:
    try:
        return cli.main(args=argv, prog_name="resistance")
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        click.echo("interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except Terminated:  # a kill: said in one word, as a Ctrl-C is
        click.echo("\nterminated", err=True)
        sys.exit(EXIT_TERMINATED)
    except OSError as exc:  # the machine refused a read or a write: say which, no traceback
        click.echo(os_error_message(exc, _output_option(sys.argv[1:] if argv is None else argv)),
                   err=True)
        sys.exit(1)


#: the option that names where a command writes, for the hints of a refused write
#: (``init`` writes into its DIR argument; ``validate``, ``rules`` … write nothing)
OUTPUT_OPTIONS = {"export": "-o", "board": "-o", "preview": "-o", "clues": "-o",
                  "simulate": "--report", "play": "--save", "init": "DIR"}


def _output_option(argv: list[str]) -> str | None:
    """The output option of the command ``argv`` runs (None: it has none).

    >>> _output_option(["simulate", "--report", "/ro/r.pdf"]), _output_option(["--version"])
    ('--report', None)
    """
    command = next((a for a in argv if not a.startswith("-")), None)
    return OUTPUT_OPTIONS.get(command or "")


def _say_created_folders() -> None:
    """A missing output folder is created (like mkdir -p), and said once at the end."""
    for folder in dict.fromkeys(CREATED_FOLDERS):
        if folder.is_dir():
            click.echo(f"note: created the folder {display_path(folder)}", err=True)
    CREATED_FOLDERS.clear()


def _terminate_cleanly() -> None:
    """``kill`` (SIGTERM) unwinds like Ctrl-C: staged files are removed and a swap
    in progress is undone, so nothing is left half-written (exit 143, "terminated")."""

    with contextlib.suppress(ValueError, OSError):  # not the main thread: leave it
        signal.signal(signal.SIGTERM, deferring())


_OS_HINTS = {
    errno.EACCES: "choose a folder you may write to{option}, or change its permissions",
    errno.EPERM: "choose a folder you may write to{option}, or change its permissions",
    errno.EROFS: "the disk is read-only: choose another folder{option}",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EISDIR: "name a file, not a folder",
    errno.ENOSPC: "the disk is full: free some space and run it again",
    errno.ENAMETOOLONG: "use a shorter name",
    errno.ENOENT: "check the path: its folder must exist and hold files (not /proc, /sys)",
}


def os_error_message(exc: OSError, option: str | None = "-o") -> str:
    """An operating-system refusal in a designer's words: the file, why, what to do;
    ``option``: the command's option that names where it writes (None: it has none).

    >>> print(os_error_message(PermissionError(errno.EACCES, "Permission denied", "/ro/kit.pdf")))
    resistance: /ro/kit.pdf: permission denied
        hint: choose a folder you may write to (-o), or change its permissions
    >>> print(os_error_message(FileNotFoundError(errno.ENOENT, "No such file or directory",
    ...                                          "/proc/x.pdf")))
    resistance: /proc/x.pdf: no such file or directory
        hint: check the path: its folder must exist and hold files (not /proc, /sys)
    """
    where = f"{display_path(exc.filename)}: " if exc.filename else ""
    reason = (exc.strerror or str(exc)).lower()
    hint = getattr(exc, "hint", None) or _OS_HINTS.get(exc.errno or 0, "").format(
        option=f" ({option})" if option else "")
    return f"resistance: {where}{reason}" + (f"\n    hint: {hint}" if hint else "")
