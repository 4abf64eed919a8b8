"""``resistance simulate``: a scenario's balance, measured by bots over many games."""

from __future__ import annotations

import glob
import json
import os
import shlex
import signal
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit

import click

from authoring.cli.common import (
    EXIT_INTERRUPTED,
    EXIT_PROBLEMS,
    EXIT_TERMINATED,
    Number,
    SafePath,
    decision_pairs,
    echo_json,
    json_option,
    print_report,
)
from authoring.engine.bots import BOTS, BUDGETED
from authoring.engine.check import load_playable
from authoring.engine.game import GameError
from authoring.engine.native import running
from authoring.engine.runner import StudyFailed, StudyRunner
from authoring.engine.search import MAX_BUDGET
from authoring.engine.simulate import (
    BOT_NAMES,
    Runner,
    Study,
    alternatives,
    chunk_size,
    compare,
    default_budget,
    notable_saves,
    played_budget,
    run_ladder,
)
from authoring.engine.simulate import sensitivity as decisions_sensitivity
from authoring.io.diagnostics import Report, suggestion
from authoring.io.errors import InputError
from authoring.io.fileset import FileSet
from authoring.io.wording import count_of, percent, signed_points
from authoring.io.yamlio import CREATED_FOLDERS, display_path, ensure_folder, refuse_special
from authoring.model.balance import (
    LADDER_HINT,
    Comparison,
    SensitivityRow,
    Strength,
    StudySummary,
    rung_name,
    steps_not_apart,
)
from authoring.model.game import GameModel
from authoring.model.rules import BOOK_LEVELS, LEVELS, PLAYER_COUNTS, check_decisions
from authoring.model.workspace import default_path
from authoring.signals import handling, raise_for

T = TypeVar("T")


def _list(value: str, allowed: tuple[T, ...], what: str, convert: Callable[[str], T],
          hint: str, aliases: Mapping[str, str] | None = None) -> tuple[T, ...]:
    """The items of a comma list, checked, each once; ``all`` (alone or in the list):
    every allowed item; ``aliases``: other names of items (lower case).

    >>> _list("hard, easy,hard", ("easy", "normal", "hard"), "difficulty", str, "--difficulty")
    ('hard', 'easy')
    >>> _list("easy,all", ("easy", "normal", "hard"), "difficulty", str, "--difficulty")
    ('easy', 'normal', 'hard')
    >>> _list("Facile", ("easy", "normal", "hard"), "difficulty", str, "--difficulty",
    ...       {"facile": "easy"})
    ('easy',)
    """
    raws = [raw.strip().lower() for raw in value.split(",")]
    raws = [(aliases or {}).get(raw, raw) for raw in raws]
    if "all" in raws:
        return allowed
    out = []
    for raw in raws:
        try:
            item = convert(raw)
        except ValueError:
            raise click.BadParameter(f"'{raw}' is not a {what}; one of: "
                                     f"{', '.join(map(str, allowed))}, or all",
                                     param_hint=hint) from None
        if item not in allowed:
            book = (f" (or the book's {', '.join(aliases)})" if aliases else "")
            raise click.BadParameter(f"unknown {what} '{raw}'{suggestion(raw, map(str, allowed))}"
                                     f"; one of: {', '.join(map(str, allowed))}, or all{book}",
                                     param_hint=hint)
        out.append(item)
    return tuple(dict.fromkeys(out))


def _decisions(values: tuple[str, ...]) -> dict[str, str]:

    out = decision_pairs(values)
    problems = check_decisions(out)
    if problems:
        raise click.BadParameter("; ".join(problems), param_hint="'--decision'")
    return out


def _check_cells(model: GameModel, study: Study, path: str) -> None:
    """Every cell of the study can be set up on ``model`` (R2.3: a sheet per player …),
    said before any game is played: each cell that cannot, with why, then exit 1."""
    problems = []
    for cell in study.cells:
        try:
            study.game(model, cell)
        except GameError as e:
            problems.append(f"{cell.key}: {e}")
    if problems:
        for line in problems:
            click.echo(f"error: {line}", err=True)
        click.echo(f"resistance: {display_path(os.path.abspath(path))} cannot play these "
                   "cells; choose others (--players, --difficulty) or add what the box lacks "
                   "(cards/manifest.yaml)", err=True)
        sys.exit(EXIT_PROBLEMS)


def _load(path: str) -> GameModel:
    """The scenario, refused with its problems (exit 1) as ``validate`` refuses it; its
    warnings (a count beyond the box's pieces, D0.1 …) said before the study judges it."""
    report = Report()
    try:
        model = load_playable(path, report)
        if len(report):
            print_report(report)
        return model
    except InputError as e:
        if isinstance(e.report, Report):
            print_report(e.report)
        # named as the diagnostics above name it (outside the working folder: absolute)
        click.echo(f"resistance: {display_path(os.path.abspath(path))} has problems; fix them "
                   "first", err=True)
        sys.exit(EXIT_PROBLEMS)


@click.command()
@click.argument("scenario", required=False, type=SafePath())
@click.option("--games", default=200, show_default=True,
              type=Number("games per difficulty and player count", "500"),
              help="Games per difficulty and player count.")
@click.option("--difficulty", "difficulty", default="all", show_default=True,
              help="easy,normal,hard or all.")
@click.option("--players", default="3,4,5", show_default=True,
              help="Player counts, e.g. 3,4,5 or all.")
@click.option("--bot", default="heuristic", show_default=True,
              help="heuristic, simple, random, lookahead (flat Monte Carlo; slow) or search "
                   "(the heuristic planning each round's opening on sampled futures; about "
                   "a game a second compiled, 5 s a game from the sources).")
@click.option("--budget", default=None, metavar="N",
              type=Number("futures per decision of a bot that searches", "16"),
              help="Futures per decision for --bot search / lookahead (default: the bot's own).")
@click.option("--seed", default=1, show_default=True,
              type=Number("the study's seed: its games are made from it", "7"))
@click.option("--jobs", default=1, show_default=True,
              type=Number("processes that play the games", "2"),
              help="Processes (results are the same for any number).")
@click.option("--scheduler", default=None, metavar="local|tcp://HOST:PORT",
              help="Run the games on a Dask cluster (pip install -e '.[distributed]'): "
                   "'local' starts one here with --jobs workers; same results byte for byte.")
@click.option("--table-speed", default=4.0, show_default=True,
              type=Number("actions a minute the whole table takes", "6", decimal=True),
              help="D10.1: actions a minute the table takes; the budget per players' phase is "
                   "the timer's minutes times this.")
@click.option("--decision", "decisions", multiple=True, metavar="D=CHOICE",
              help="Play with a decision's alternative, e.g. D4.2=player (repeatable).")
@click.option("--compare", "compare_with", type=SafePath(),
              help="A second scenario: report the difference of win rate per cell.")
@click.option("--ladder", default=None, metavar="N",
              type=Number("games each bot of the skill ladder plays", "200"),
              help="Also play N games with every bot (random, simple, lookahead, heuristic, "
                   "search) on the study's first cell with a printed army track (4 "
                   "players: the book's, D8.1), else its first: the skill ladder, how strong "
                   "'the players' were.")
@click.option("--sensitivity", is_flag=True,
              help="Also run every alternative of every decision of rules.md and rank them by "
                   "how much they move the win rate.")
@json_option
@click.option("--report", "report_path", type=SafePath(),
              help="FILE.pdf: the balance report (win rates, survival, heat map …) and "
                   "FILE.json beside it; FILE.json: the JSON only.")
def simulate(scenario: str | None, games: int, difficulty: str, players: str, bot: str,
             budget: int | None, seed: int, jobs: int, scheduler: str | None, table_speed: float, decisions: tuple[str, ...], compare_with: str | None,
             ladder: int | None, sensitivity: bool, as_json: bool, report_path: str | None) -> None:
    """Play SCENARIO (default: the shipped scenario 1) many times with bots and report win
    rates with 95 % intervals, loss causes, rounds, reveals, overflows and usage, per
    difficulty and player count."""

    if not 1 <= games <= MAX_GAMES:
        raise click.BadParameter(f"{games}: from 1 to {MAX_GAMES:,} games a cell (every "
                                 "game's record is kept to summarise the cell)",
                                 param_hint="'--games'")
    if not 0 <= seed <= MAX_SEED:
        raise click.BadParameter(f"{seed}: from 0 to 2**64 - 1 ({MAX_SEED:,}): the games' "
                                 "seeds are made from it modulo 2**64, so a larger or "
                                 "negative one would replay another seed's games",
                                 param_hint="'--seed'")
    if not 1 <= jobs <= MAX_JOBS:
        raise click.BadParameter(f"{jobs}: from 1 to {MAX_JOBS} processes",
                                 param_hint="'--jobs'")
    most = MAX_STUDY // len(BOT_NAMES)
    if ladder is not None and not 1 <= ladder <= most:
        raise click.BadParameter(f"{ladder:,}: from 1 to {most:,} games a bot ({len(BOT_NAMES)} "
                                 f"bots: at most {MAX_STUDY:,} games a ladder, as a study; "
                                 "leave --ladder out for no ladder)", param_hint="'--ladder'")
    if scheduler is not None:
        scheduler = _scheduler_address(scheduler)
    if not 0 < table_speed < 1000:  # also refuses nan and inf
        raise click.BadParameter(f"{table_speed:g}: actions a minute must be above 0 and "
                                 "below 1000",
                                 param_hint="'--table-speed'")
    bot = bot.strip().lower()  # as the lists are read (" Random " is the random bot)
    if bot not in BOT_NAMES:
        raise click.BadParameter(f"unknown bot '{bot}'{suggestion(bot, BOT_NAMES)}; one of: "
                                 f"{', '.join(BOT_NAMES)}", param_hint="'--bot'")
    if budget is not None:
        if bot not in BUDGETED:
            chosen = click.get_current_context().get_parameter_source("bot")
            which = (" (the study's bot when --bot is not given)"
                     if chosen is click.core.ParameterSource.DEFAULT else "")
            ladder_too = (" (with --ladder too: the budget is the study's bot's, the "
                          "ladder's other bots play at their own)" if ladder else "")
            raise click.BadParameter(f"the {bot} bot{which} does not search: a budget is for "
                                     f"--bot {' or '.join(sorted(BUDGETED))}{ladder_too}",
                                     param_hint="'--budget'")
        if budget < 1:
            raise click.BadParameter(f"{budget}: at least 1 future per decision (the {bot} "
                                     f"bot's default is {default_budget(bot)})",
                                     param_hint="'--budget'")
        if budget > MAX_BUDGET:
            raise click.BadParameter(f"{budget}: at most {MAX_BUDGET} futures per decision "
                                     f"(a game's time grows with the budget: {MAX_BUDGET} "
                                     "already takes tens of seconds a game; the "
                                     f"{bot} bot's default is "
                                     f"{default_budget(bot)})",
                                     param_hint="'--budget'")
    if report_path is not None and Path(report_path).stem.lower().endswith(".partial"):
        raise click.BadParameter(f"{report_path}: FILE.partial.pdf is where a stopped study's "
                                 "report goes (the next whole study removes it); choose "
                                 "another name", param_hint="'--report'")
    if report_path is not None and Path(report_path).suffix.lower() not in (".pdf", ".json"):
        raise click.BadParameter(f"{report_path}: a report is FILE.pdf (the JSON written "
                                 "beside it) or FILE.json (the JSON only)",
                                 param_hint="'--report'")
    study = Study(
        games=games,
        difficulties=_list(difficulty, LEVELS, "difficulty", str, hint="'--difficulty'",
                           aliases=BOOK_LEVELS),
        players=_list(players, PLAYER_COUNTS, "player count", int, hint="'--players'"),
        bot=bot, seed=seed, table_speed=table_speed, decisions=_decisions(decisions),
        search_budget=budget,
    )
    if games * len(study.cells) > MAX_STUDY:
        raise click.BadParameter(
            f"{games:,} games × {len(study.cells)} cells: at most {MAX_STUDY:,} games a study "
            "(each game's record, a few kB, is kept to summarise its cell); choose fewer "
            "games or cells (--difficulty, --players)", param_hint="'--games'")
    if scheduler is not None:
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise click.BadParameter("Dask is not installed: pip install -e '.[distributed]'",
                                     param_hint="'--scheduler'") from None
    if report_path:
        _check_report_path(Path(report_path))
    runner = StudyRunner(_capped_jobs(jobs, scheduler, study, ladder), scheduler)
    run = _shown(runner)
    path = scenario or str(default_path("scenarios", "scenario-1.yaml"))
    model = _load(path)
    # the second scenario is read before any game: a broken file must not wait for the
    # first study to end
    other = _load(compare_with) if compare_with else None
    for m, where in ((model, path), (other, compare_with)):
        if m is not None and where is not None:
            _check_cells(m, study, where)
    if compare_with and Path(compare_with).resolve() == Path(path).resolve():
        click.echo(f"note: --compare names {display_path(Path(path))} itself: the same games "
                   "twice, every difference 0", err=True)
    plan = _games_planned(model, study, other is not None, ladder, sensitivity)
    if plan:
        click.echo(plan, err=True)
    summaries = [run(model, study)]
    if other is not None and runner.stopped is None:
        summaries.append(run(other, study))
    first = summaries[0]
    # the ladder and the sensitivity are the first scenario's (with --compare too)
    if ladder and runner.stopped is None:
        first = replace(first, ladder=run_ladder(model, study, ladder, run))
    if sensitivity and runner.stopped is None:
        first = replace(first, sensitivity=decisions_sensitivity(model, study, summaries[0],
                                                                 run))
    if (runner.stopped is not None and not first.partial
            and not any(s.partial for s in summaries[1:])):
        # stopped during the ladder or the sensitivity (not the compared study): what was
        # played in full is kept, and the whole report says it is partial
        first = replace(first, partial=True, why_stopped=runner.stopped)
    summaries[0] = first
    data = (first if len(summaries) == 1 else
            Comparison(first, summaries[1], compare(summaries[0], summaries[1])))
    # what the terminal and the PDF show: a variant copied from the scenario keeps its id,
    # so the two sides are named by their files there (the JSON keeps the ids)
    shown = data
    if isinstance(data, Comparison) and data.a.scenario == data.b.scenario:
        a, b = (replace(s, scenario=f"{s.scenario} ({display_path(Path(p))})")
                for s, p in ((data.a, path), (data.b, str(compare_with))))
        shown = replace(data, a=a, b=b)
    with _finishing(runner.stopped is not None) as late:
        if report_path:
            if data.partial:
                part = _partial_path(Path(report_path))
                _write_report(part, data, path, model, shown)
                kept = Path(report_path)
                click.echo(f"note: the study stopped before its end: its report is "
                           f"{display_path(part)}"
                           + (f"; {display_path(kept)}, a whole study's, is left as it was"
                              if kept.is_file() else ""), err=True)
            else:
                _write_report(Path(report_path), data, path, model, shown)
        if as_json:
            echo_json(data.to_json())
        else:
            # the ladder and the sensitivity under the first scenario's table: theirs
            for i, s in enumerate((shown.a, shown.b) if isinstance(shown, Comparison)
                                  else (shown,)):
                _print(s, compared=i == 1)
                if s.ladder:
                    _print_ladder(s)
                if s.sensitivity:
                    _print_sensitivity(s.sensitivity)
            if isinstance(shown, Comparison):
                _print_compare(shown)
    runner.close()
    if any(s.partial for s in summaries):
        sys.exit(EXIT_PROBLEMS if runner.lost else
                 EXIT_TERMINATED if runner.terminated else EXIT_INTERRUPTED)
    if late:
        sys.exit(EXIT_TERMINATED if late[0] == signal.SIGTERM else EXIT_INTERRUPTED)


#: games a cell at most, and a study (every cell) at most: each game's record (~7 kB)
#: stays in memory until the study is summarised
MAX_GAMES, MAX_STUDY = 100_000, 300_000
#: the largest study seed: game seeds are made from it modulo 2**64 (``game_seed``)
MAX_SEED = (1 << 64) - 1
#: processes at most (``--jobs``), before the cap at the work and the machine's CPUs
MAX_JOBS = 4096
#: the schemes of a Dask scheduler's address (``tls://`` needs Dask's security settings,
#: certificates this command does not take: refused, said)
SCHEMES = ("tcp",)


def _scheduler_address(value: str) -> str:
    """``local``, or a Dask address ``tcp://HOST:PORT`` checked whole:
    a scheme, a host and a port from 1 to 65535 (a usage error, one line, otherwise).

    >>> _scheduler_address("tcp://[::1]:8786"), _scheduler_address(" local ")
    ('tcp://[::1]:8786', 'local')
    """

    text = value.strip()
    if text == "local":
        return text
    how = "write local or tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786"
    shown = text.encode("unicode_escape").decode("ascii")[:80]
    if "://" not in text:
        raise click.BadParameter(f"'{shown}': {how}", param_hint="'--scheduler'")
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as e:
        raise click.BadParameter(f"'{shown}': {e}; {how}", param_hint="'--scheduler'") from None
    if parts.scheme == "tls":
        raise click.BadParameter(f"'{shown}': a TLS scheduler needs certificates (Dask's "
                                 "security settings), which this command does not take; use "
                                 "a tcp:// address on a trusted network, or local",
                                 param_hint="'--scheduler'")
    if parts.scheme not in SCHEMES:
        raise click.BadParameter(f"'{shown}': the scheme '{parts.scheme}' is not "
                                 f"{' or '.join(SCHEMES)}; {how}", param_hint="'--scheduler'")
    if not parts.hostname:
        raise click.BadParameter(f"'{shown}': no host; {how}", param_hint="'--scheduler'")
    if port is None or port == 0:
        raise click.BadParameter(f"'{shown}': no port (a scheduler listens on one, 8786 by "
                                 f"default); {how}", param_hint="'--scheduler'")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise click.BadParameter(f"'{shown}': an address has no path; {how}",
                                 param_hint="'--scheduler'")
    return text


def _capped_jobs(jobs: int, scheduler: str | None, study: Study,
                 ladder: int | None = None) -> int:
    """``--jobs`` capped at the work (the chunks of the command's largest run: the study,
    or a bot of ``--ladder``, which plays that many games of one cell) and, for the
    processes started here, at this machine's CPUs: 999 jobs for 3 chunks start 3."""

    size = chunk_size(study)
    work, what = len(study.cells) * -(-study.games // size), "the study has"
    for bot in BOTS if ladder else ():
        one = chunk_size(replace(study, bot=bot))
        chunks = -(-(ladder or 0) // one)
        if chunks > work:
            size, work, what = one, chunks, f"the ladder's {bot} bot plays"
    cpus = os.cpu_count() or 1
    cap = work if scheduler is not None and scheduler != "local" else min(work, cpus)
    if jobs > max(cap, 1):
        click.echo(f"note: --jobs {jobs}: {count_of(max(cap, 1), 'process', 'processes')} "
                   f"({what} {count_of(work, 'chunk')} of up to {count_of(size, 'game')}; "
                   f"this machine has {count_of(cpus, 'CPU')})", err=True)
        return max(cap, 1)
    return jobs


def _report_files(path: Path) -> tuple[Path, Path | None]:
    """The JSON and the PDF (or None) of ``--report FILE``."""
    pdf = path.suffix.lower() == ".pdf"
    return (path.with_suffix(".json") if pdf else path), (path if pdf else None)


def _partial_path(path: Path) -> Path:
    """Where a stopped study's report goes: ``FILE.partial.pdf`` beside ``FILE.pdf``, so
    a Ctrl-C on a rerun never replaces a whole study's report (and its notable games)
    with the part played.

    >>> _partial_path(Path("out/r.pdf")).as_posix(), _partial_path(Path("r.json")).name
    ('out/r.partial.pdf', 'r.partial.json')
    """
    return path.with_name(f"{path.stem}.partial{path.suffix}")


def _replays_glob(path: Path) -> str:
    """The names of the notable games' replays written beside ``--report FILE``
    (:func:`_notable`: ``FILE-easy-4p-closest-loss.json``)."""
    return f"{glob.escape(path.stem)}-*-[0-9]p-*.json"


def _check_report_path(path: Path) -> None:
    """Before any game is played: the report's files can be written there (a folder
    that is or can be made, where a file can be created; no special file in the way).
    A bad path found after an hour of games threw the study away."""
    for where in (path, _partial_path(path)):  # (a stopped study writes the second)
        for target in _report_files(where):
            if target is not None:
                refuse_special(target)
        if path.parent.is_dir():  # the notable games' replays beside it (a folder in the way)
            for old in sorted(path.parent.glob(_replays_glob(where))):
                refuse_special(old)
    ensure_folder(path.parent)
    for folder in dict.fromkeys(CREATED_FOLDERS):  # said now, before the games (not at exit)
        click.echo(f"note: created the folder {display_path(folder)} for the report", err=True)
    CREATED_FOLDERS.clear()
    try:
        with tempfile.TemporaryFile(dir=path.parent, prefix=".resistance-probe-"):
            pass
    except OSError as exc:  # about the user's path, not our probe's name
        raise OSError(exc.errno, exc.strerror, str(path)) from None


def _write_report(path: Path, data: StudySummary | Comparison, scenario: str,
                  model: GameModel, shown: StudySummary | Comparison | None = None) -> None:
    """FILE.pdf: the balance report and FILE.json beside it; FILE.json: the JSON only;
    and the notable games beside them. One set (FileSet): staged, then swapped in
    together, the previous report's replays that this one has not leaving with it, and
    a stopped study's FILE.partial set with a whole study's. ``shown``: the data as the
    PDF names it (None: ``data``)."""
    target, pdf = _report_files(path)
    main = data.a if isinstance(data, Comparison) else data
    shown = data if shown is None else shown
    shown_main = shown.a if isinstance(shown, Comparison) else shown
    with FileSet(path.parent) as files:
        files.add(target, (json.dumps(data.to_json(), indent=2, ensure_ascii=False)
                           + "\n").encode())
        saves = _notable(path, main, scenario, model)
        for out, blob in saves:
            files.add(out, blob)
        if pdf is not None:
            from authoring.pdf.balance import render_balance  # reportlab: only for a PDF

            files.add(pdf, render_balance(shown_main, model.board,
                                          shown if isinstance(shown, Comparison) else None))
        files.remove_on_commit(sorted(path.parent.glob(_replays_glob(path))))
        if not path.stem.endswith(".partial"):  # a whole study replaces a stopped one's
            part = _partial_path(path)
            files.remove_on_commit([f for f in (part.with_suffix(".pdf"),
                                                part.with_suffix(".json")) if f.is_file()]
                                   + sorted(path.parent.glob(_replays_glob(part))))
        files.commit()
    click.echo(f"wrote {path} and {target}" if pdf is not None else f"wrote {target}",
               err=True)
    if len(saves) > LISTED_REPLAYS:  # (27 lines for a default study hid the table)
        pattern = path.with_name(f"{path.stem}-*-*p-*.json")
        click.echo(f"{count_of(len(saves), 'notable game')} (per cell: the closest loss, "
                   f"the fastest loss, the quickest win, those there were) beside it, "
                   f"{display_path(pattern)}; replay one with:", err=True)
        click.echo(f"  resistance play --replay {shlex.quote(display_path(saves[0][0]))}",
                   err=True)
    elif saves:
        click.echo("notable games, each replayed by the command beside it:", err=True)
        for out, _ in saves:
            click.echo(f"  resistance play --replay {shlex.quote(display_path(out))}", err=True)


#: the notable games' replay commands listed one by one up to this many (a study of one
#: or two cells); more are named by their pattern and one example
LISTED_REPLAYS = 6


def _notable(path: Path, data: StudySummary, scenario: str, model: GameModel
             ) -> list[tuple[Path, bytes]]:
    """Each cell's closest loss, fastest loss and quickest win as saves (the engine's
    save format) to write beside the report: ``REPORT-easy-4p-fastest-loss.json``."""
    return [(path.with_name(f"{path.stem}-{key.replace('/', '-')}p-{kind.replace('_', '-')}"
                            ".json"),
             (json.dumps(save, ensure_ascii=False) + "\n").encode())
            for key, kind, save in notable_saves(model, str(Path(scenario).resolve()), data)]


def _after_bar() -> str:
    """What ends the progress bar's line before a message: on a terminal the bar is drawn
    on its own line without an end; in a pipe click prints the label once, whole."""
    return "\n" if sys.stderr.isatty() else ""


@contextmanager
def _stoppable(runner: StudyRunner) -> Iterator[None]:
    """While games run, Ctrl-C and ``kill`` (SIGTERM) stop the study
    (:meth:`StudyRunner.interrupt`): the games finished so far are summarised and
    reported as partial (exit 130, or 143 for a kill). A second Ctrl-C stops at once."""

    def stop(signum: int) -> None:
        if not runner.stop_asked:  # said at once: a search game can take many seconds
            word = "terminated" if signum == signal.SIGTERM else "interrupted"
            click.echo(f"{_after_bar()}{word}: stopping after the games in play (again to "
                       "stop at once, losing them)", err=True)
        runner.interrupt(terminated=signum == signal.SIGTERM)

    with handling(stop):
        yield


@contextmanager
def _finishing(stopped: bool = False) -> Iterator[list[int]]:
    """While the played study is written (the report, the tables, the JSON), a Ctrl-C or a
    kill does not throw the games away: the output is finished, then the command exits 130
    (143 for a kill). The signal is in the list yielded. A second one abandons the output,
    as anywhere else (nothing half-written is left); ``stopped``: the games were stopped
    by a first one, so this one is the second."""
    late: list[int] = []

    def note(signum: int) -> None:
        word = "terminated" if signum == signal.SIGTERM else "interrupted"
        if late or stopped:
            click.echo(f"\n{word} again: the results are abandoned (a file is written "
                       "whole or not at all)", err=True)
            raise_for(signum)
        late.append(signum)
        click.echo(f"\n{word}: the games are played; the results are being written, "
                   "whole (again to abandon them)", err=True)

    with handling(note):
        yield late


def _engine_line() -> str:
    """Which engine plays the study's games here (the compiled build is about 4× faster)."""
    kind = running()
    if kind.startswith("compiled"):
        return f"engine: {kind}"
    return (f"engine: {kind} (python -m authoring.engine.build compiles it: about 4× faster, "
            "the same results)")


def _games_planned(model: GameModel, study: Study, compared: bool, ladder: int | None,
                   sensitivity: bool) -> str | None:
    """The games the whole command plays, part by part, when it is more than the study
    (a ladder, the sensitivity, a second scenario): what the time goes to, said before
    the first game. The :data:`MAX_STUDY` cap is a study's (its records are held in
    memory together); each part is a study of its own."""
    one = study.games * len(study.cells)
    parts = [(one, "for the study")]
    if compared:
        parts.append((one, "for --compare"))
    if ladder:
        parts.append((len(BOTS) * ladder, f"for the ladder ({len(BOTS)} bots × {ladder:,})"))
    if sensitivity:
        n = len(alternatives(model, study))
        parts.append((n * one, f"for the sensitivity ({count_of(n, 'alternative')} × {one:,})"))
    if len(parts) == 1:
        return None
    return (f"this command plays {sum(g for g, _ in parts):,} games: "
            + ", ".join(f"{g:,} {what}" for g, what in parts))


def _progress_label(model: GameModel, study: Study, total: int) -> str:
    """What a progress bar plays: the scenario, the bot (the budget of one that searches,
    its default included), the decisions changed and the cell when there is one — so a
    ladder's rungs and the sensitivity's alternatives are told apart while they run, and a
    stop names its part.

    >>> from types import SimpleNamespace as N
    >>> m = N(scenario=N(id="scenario-1"))
    >>> _progress_label(m, Study(games=10, difficulties=("easy",), players=(4,),
    ...                 decisions={"D4.2": "player"}), 10)  # type: ignore[arg-type]
    'scenario-1, bot heuristic, D4.2=player, easy/4: 10 games'
    >>> _progress_label(m, Study(games=5, bot="search", search_budget=2), 45)  # type: ignore[arg-type]
    'scenario-1, bot search (budget 2): 45 games'
    >>> _progress_label(m, Study(games=5, bot="lookahead"), 45)  # type: ignore[arg-type]
    'scenario-1, bot lookahead (budget 4): 45 games'
    """
    budget = played_budget(study)
    parts = [model.scenario.id, f"bot {study.bot}"
             + (f" (budget {budget})" if budget is not None else "")]
    parts += [f"{k}={v}" for k, v in study.decisions.items()]
    if len(study.cells) == 1:
        parts.append(study.cells[0].key)
    return ", ".join(parts) + f": {count_of(total, 'game')}"


def _shown(runner: StudyRunner) -> Runner:
    """A study run on ``runner`` with a progress bar (stderr), stopped by Ctrl-C or a
    kill (partial results, said in a line); a failed Dask cluster exits 1."""

    said: list[bool] = []  # the engine is named once a command (a ladder runs many studies)

    def run(model: GameModel, study: Study) -> StudySummary:
        total = study.games * len(study.cells)
        if not said:
            said.append(True)
            line = _engine_line()
            if runner.scheduler not in (None, "local"):  # remote workers run their own
                line = f"engine: the Dask workers' own; here: {line.removeprefix('engine: ')}"
            elif runner.scheduler == "local":
                line += (f"; the games run on a local Dask cluster of "
                         f"{count_of(runner.jobs, 'worker')}")
            click.echo(line, err=True)
        with _stoppable(runner), click.progressbar(
                length=total,
                label=_progress_label(model, study, total),
                file=sys.stderr) as bar:
            try:
                summary = runner.run(model, study, bar.update)
            except StudyFailed as e:
                click.echo(f"{_after_bar()}resistance: {e}", err=True)
                runner.close()
                sys.exit(EXIT_PROBLEMS)
            if runner.stopped is not None:
                again = {"interrupted": " (a second Ctrl-C abandons them)",
                         "terminated": " (a second kill abandons them)"}
                click.echo(f"{_after_bar()}{runner.stopped}: the results below are partial"
                           f"{again.get(runner.stopped, '')}", err=True)
        return summary

    return run


def _print_ladder(s: StudySummary) -> None:
    rows = s.ladder or ()
    mark = " *" if s.ladder_on_placeholder else ""
    click.echo(f"skill ladder on {rows[0].cell}{mark} ({count_of(rows[0].games, 'game')} per "
               "bot, weakest first):")
    for r in rows:
        lo, hi = r.interval
        click.echo(f"  {rung_name(r):<21} win {percent(r.win_rate)} "
                   f"[{percent(lo)}, {percent(hi)}], {r.rounds_mean:.1f} rounds on average")
        if r.paired is not None:
            click.echo(f"  {'':<21} {r.paired.line}")
    overlap = steps_not_apart(rows)
    if overlap is not None:
        click.echo(f"  {overlap}")
    said = s.standing
    if said is not None:
        click.echo(said)


def _print_sensitivity(rows: tuple[SensitivityRow, ...]) -> None:
    click.echo("decisions of rules.md, by how much their alternative moves the win rate "
               "(percentage points):")
    for r in rows:
        click.echo(f"  {r.decision:<6} {r.option:<14} win {signed_points(r.win_rate_difference)} points "
                   f"({count_of(r.cells_significant, 'cell')} significant), rounds "
                   f"{r.rounds_difference:+.1f} — {r.meaning}"
                   + r.unchanged_note)


def _phases(s: StudySummary) -> str:
    """The team's actions a players' phase per difficulty (D10.1: the timer's minutes ×
    the table speed, rounded to whole actions): what a study's table speed plays."""
    per: dict[str, int] = {}
    for c in s.cells.values():
        if c.actions_a_phase is not None:
            per.setdefault(c.difficulty, c.actions_a_phase)
    if not per:  # no game played: the header says no budget
        return ""
    if len(set(per.values())) == 1:
        return f"{count_of(next(iter(per.values())), 'action')} a phase"
    return ", ".join(f"{d} {k}" for d, k in per.items()) + " actions a phase"


#: what the second scenario of ``--compare`` says for :data:`LADDER_HINT` (``--ladder``
#: measures the first scenario only)
COMPARED_LADDER_HINT = ("To measure the ladder on this scenario, run it alone with --ladder "
                        "N (with --compare, --ladder measures the first scenario).")


def _print(s: StudySummary, compared: bool = False) -> None:
    """A study's table and lines; ``compared``: the second scenario of ``--compare``
    (the ladder is the first scenario's: adding ``--ladder`` does not measure this one)."""
    st = s.study
    phases = _phases(s)
    click.echo(f"{s.scenario}: {count_of(st.games, 'game')} per cell, bot {st.bot}, seed "
               f"{st.seed}, table speed {st.table_speed:g} actions/min"
               + (f" (D10.1: {phases})" if phases else "")
               + (", decisions " + " ".join(f"{k}={v}" for k, v in st.decisions.items())
                  if st.decisions else "")
               + ("  [PARTIAL]" if s.partial else ""))
    if s.stopped is not None:
        click.echo(s.stopped)
    click.echo("the players: " + strength_line(s.strength))
    if s.ladder is None and s.standing is not None:  # (with a ladder: after it)
        click.echo(s.standing.replace(LADDER_HINT, COMPARED_LADDER_HINT) if compared
                   else s.standing)
    if not s.cells:
        click.echo("no game was played to its end before the stop: no figures")
    else:
        click.echo(f"{'cell':<10} {'win':>5}  {'95% interval':<15} {'target band':<16}"
                   f"{'mean rounds':>11}  loss causes")
    placeholder = False
    for key, c in s.cells.items():
        lo, hi = c.interval
        causes = ", ".join(f"{k.lower().replace('_', ' ')} {v}" for k, v in c.loss_causes.items())
        interval = f"[{percent(lo)}, {percent(hi)}]"
        mark = " *" if c.provisional else ""
        placeholder = placeholder or bool(mark)
        band = s.band_label(key) or "–"
        click.echo(f"{key + mark:<10} {percent(c.win_rate):>5}  {interval:<16}{band:<16}"
                   f"{c.rounds_mean:>11.1f}  {causes}")
    if placeholder:
        click.echo("* army track for this player count is a placeholder (D8.1: the book gives "
                   "only the 4-player track; round(cell × players / 4) until the board has one)")
    for w in s.warnings:
        click.echo(f"warning: {w}")
    if s.cells:
        said = s.verdict
        click.echo(said if said.startswith("no verdict")
                   else f"verdict, as the {s.study.bot} bot plays it: {said}")


def strength_line(st: Strength) -> str:
    """The study's bot in one line: name, budget, ladder position, meaning."""
    budget = f" (budget {st.budget})" if st.budget is not None else ""
    rank = (f", {st.rank} of {st.of} on the skill ladder "
            f"({' < '.join(st.ladder)})") if st.rank else ""
    return f"bot {st.bot}{budget}{rank}: {st.meaning}"


def _print_compare(both: Comparison) -> None:
    click.echo(f"difference in win rate, {both.b.scenario} (--compare) − {both.a.scenario}, "
               "in percentage points:")
    placeholder = False
    for key, d in both.difference.items():
        lo, hi = d.interval
        mark = " (significant)" if d.significant else ""
        cell = both.a.cells.get(key)
        star = " *" if cell is not None and cell.provisional else ""
        placeholder = placeholder or bool(star)
        click.echo(f"  {key + star:<10} {signed_points(d.difference)} "
                   f"[{signed_points(lo)}, {signed_points(hi)}]{mark}")
    if placeholder:
        click.echo("  * on D8.1's placeholder army track (as above): a difference there "
                   "moves with that track")
