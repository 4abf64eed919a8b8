"""The command line under hostile and careless use (issue 27, items 3, 7 and 8): option
values out of bounds are one-line usage errors (exit 2), Ctrl-C exits 130 and kill 143
everywhere, ``simulate --report`` checks its path before any game and writes its files
as one set."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from authoring.cli import cli
from authoring.model.workspace import default_path

ROOT = Path(__file__).resolve().parents[2]
ONE_CELL = ["--players", "4", "--difficulty", "normal", "--bot", "random"]


def simulate(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(cli, ["simulate", *args])
    return r.exit_code, r.output


@pytest.mark.parametrize(("address", "message"), [
    ("tcp://127.0.0.1", "'tcp://127.0.0.1': no port (a scheduler listens on one, 8786 by "
                        "default); write local or tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786"),
    ("foo://host:1", "'foo://host:1': the scheme 'foo' is not tcp; write local"),
    # a probe's tls:// passed this check, then failed in Dask's words (an ssl_context)
    ("tls://127.0.0.1:1", "'tls://127.0.0.1:1': a TLS scheduler needs certificates (Dask's "
                          "security settings), which this command does not take; use a "
                          "tcp:// address on a trusted network, or local"),
    ("tcp://[::1:1", "'tcp://[::1:1': Invalid IPv6 URL; write local or tcp://HOST:PORT"),
    ("tcp://:8786", "'tcp://:8786': no host;"),
    ("tcp://h:99999", "'tcp://h:99999': Port out of range 0-65535;"),
    ("tcp://h:1/x", "'tcp://h:1/x': an address has no path;"),
    ("cluster", "'cluster': write local or tcp://HOST:PORT"),
])
def test_a_bad_scheduler_address_is_one_usage_line(address: str, message: str) -> None:
    code, text = simulate("--scheduler", address, "--games", "1")
    assert code == 2 and message in text, text
    assert "Traceback" not in text


@settings(max_examples=100, deadline=None)
@given(address=st.text(max_size=30))
def test_any_scheduler_address_is_accepted_or_a_usage_error(address: str) -> None:
    import click

    from authoring.cli.simulate import _scheduler_address

    try:
        got = _scheduler_address(address)
    except click.BadParameter as e:
        assert "\n" not in e.format_message()
        return
    assert got == "local" or got.split("://")[0] == "tcp"


@pytest.mark.parametrize(("args", "message"), [
    (["--games", str(10**12)], f"{10**12}: from 1 to 100,000 games a cell"),
    (["--games", "0"], "0: from 1 to 100,000 games a cell"),
    (["--games", "50000"], "50,000 games × 9 cells: at most 300,000 games a study"),
    (["--jobs", "0"], "0: from 1 to 4096 processes"),
    (["--jobs", str(10**9)], f"{10**9}: from 1 to 4096 processes"),
    (["--ladder", "-1"], "-1: from 1 to 60,000 games a bot (5 bots: at most 300,000 games a "
                         "ladder, as a study; leave --ladder out for no ladder)"),
    (["--ladder", "0"], "0: from 1 to 60,000 games a bot"),
    (["--ladder", "60001"], "60,001: from 1 to 60,000 games a bot"),
    (["--difficulty", "hardd"], "unknown difficulty 'hardd' (did you mean 'hard'?); one of: "
                                "easy, normal, hard, or all"),
    (["--seed", str(2**64 + 1)], f"{2**64 + 1}: from 0 to 2**64 - 1 "
                                 "(18,446,744,073,709,551,615): the games' seeds are made "
                                 "from it modulo 2**64"),
    (["--seed", "-1"], "-1: from 0 to 2**64 - 1"),
])
def test_simulate_bounds_before_anything_runs(args: list[str], message: str) -> None:
    code, text = simulate(*args)
    assert code == 2 and message in text, text


def test_jobs_are_capped_at_the_work() -> None:
    code, text = simulate("--games", "3", "--jobs", "999", *ONE_CELL, "--json")
    assert code == 0, text
    assert "note: --jobs 999: 1 process (the study has 1 chunk of up to 25 games" in text


def test_jobs_are_capped_at_the_ladders_work_too(capsys: pytest.CaptureFixture[str]) -> None:
    # a study of 3 games is one chunk, but each searching bot of a 4-game ladder plays 4
    # chunks of one game: --jobs is not cut to the study's one process
    from authoring.cli.simulate import _capped_jobs
    from authoring.engine.simulate import Study

    study = Study(games=3, difficulties=("easy",), players=(4,))
    cpus = os.cpu_count() or 1
    assert _capped_jobs(999, None, study) == 1
    capsys.readouterr()
    assert _capped_jobs(999, None, study, ladder=4) == min(4, cpus)
    err = capsys.readouterr().err
    assert f"note: --jobs 999: {min(4, cpus)} process" in err, err
    assert "(the ladder's lookahead bot plays 4 chunks of up to 1 game; " in err, err
    assert _capped_jobs(min(4, cpus), None, study, ladder=4) == min(4, cpus)


def test_the_report_path_is_checked_before_the_games(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("x", "utf-8")
    r = subprocess.run([sys.executable, "-m", "authoring", "simulate", *ONE_CELL, "--games",
                        "1", "--report", str(tmp_path / "a-file" / "balance.pdf")],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr
    assert r.stderr == (f"resistance: {tmp_path / 'a-file'}: is a file, not a folder\n"
                        "    hint: a part of the path is a file, not a folder\n")
    fifo = tmp_path / "balance.json"
    os.mkfifo(fifo)
    r = subprocess.run([sys.executable, "-m", "authoring", "simulate", *ONE_CELL, "--games",
                        "1", "--report", str(fifo)],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "games" not in r.stderr, r.stderr
    assert "is a pipe, not a regular file: nothing was written" in r.stderr


@pytest.mark.parametrize("name", ["study.txt", "study", "study.pdf.bak"])
def test_a_report_is_a_pdf_or_a_json_file(name: str, tmp_path: Path) -> None:
    """--report FILE.txt wrote the JSON into a .txt (the help says FILE.pdf or FILE.json):
    refused before any game, the value named, nothing written."""
    code, text = simulate("--games", "1", *ONE_CELL, "--report", str(tmp_path / name))
    assert code == 2 and f"Invalid value for '--report': {tmp_path / name}: a report is " \
        "FILE.pdf (the JSON written beside it) or FILE.json (the JSON only)" in text, text
    assert list(tmp_path.iterdir()) == []


def test_a_report_is_one_set(tmp_path: Path) -> None:
    """A second report in the same place leaves no replay of the first one's cells."""
    out = tmp_path / "study.json"
    code, text = simulate("--games", "2", "--players", "4", "--difficulty", "easy", "--bot",
                          "random", "--report", str(out))
    assert code == 0, text
    first = sorted(p.name for p in tmp_path.iterdir())
    assert any(n.startswith("study-easy-4p-") for n in first), first
    code, text = simulate("--games", "2", "--players", "3", "--difficulty", "hard", "--bot",
                          "random", "--report", str(out))
    assert code == 0, text
    names = sorted(p.name for p in tmp_path.iterdir())
    assert not any(n.startswith("study-easy-") for n in names), names
    assert any(n.startswith("study-hard-3p-") for n in names), names
    assert json.loads(out.read_text("utf-8"))["study"]["difficulties"] == ["hard"]
    assert f"wrote {out}\n" in text  # the JSON alone is said, as the PDF and its JSON are


def test_a_refused_report_names_the_report_option_in_its_hint() -> None:
    """simulate has no -o: the hint of a write the machine refuses names --report."""
    from authoring.cli import _output_option, os_error_message

    refused = PermissionError(13, "Permission denied", "/ro/study.pdf")
    assert os_error_message(refused, _output_option(["simulate", "--report", "/ro/study.pdf"])
                            ) == ("resistance: /ro/study.pdf: permission denied\n"
                                  "    hint: choose a folder you may write to (--report), or "
                                  "change its permissions")
    assert "(-o)" in os_error_message(refused, _output_option(["export", "-o", "/ro/k.pdf"]))
    assert "folder you may write to, or" in os_error_message(refused, None)


def test_the_study_gives_its_verdict_against_the_bands(tmp_path: Path) -> None:
    """The table placed each cell against its target band only in the PDF; the terminal
    and the JSON said nothing when every cell was in it: now a column, a last line and
    the JSON's ``bands`` and ``verdict`` say it (one home: model.balance.band_verdict). The
    scenario's own warnings (the box's pieces, D0.1) come first."""
    text = (ROOT / "scenarios" / "scenario-1.yaml").read_text("utf-8")
    text = text.replace("board: boards/", f"board: {ROOT / 'scenarios' / 'boards'}/").replace(
        "clues: ../cards/", f"clues: {ROOT / 'cards'}/")
    text = text.replace("  easy: [0.6, 0.9]", "  easy: [0.95, 1.0]").replace(
        "  hard: [0.2, 0.5]", "  hard: [0.0, 0.1]")
    variant = tmp_path / "variant.yaml"
    variant.write_text(text, "utf-8")
    r = subprocess.run([sys.executable, "-m", "authoring", "simulate", str(variant), "--games",
                        "30", "--players", "4", "--difficulty", "easy,normal,hard"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "asks for 15 officers; the box holds 12 (D0.1) [pieces-officers]" in r.stderr
    lines = r.stdout.splitlines()
    assert any(ln.startswith("easy/4 ") and "below 95%–100%" in ln for ln in lines), r.stdout
    assert any(ln.startswith("normal/4 ") and "in 40%–70%" in ln for ln in lines), r.stdout
    assert lines[-1] == ("verdict, as the heuristic bot plays it: not balanced: 2 of 3 cells "
                         "are outside their target band (too easy: hard/4; too hard: easy/4)")
    j = subprocess.run([sys.executable, "-m", "authoring", "simulate", "--games", "30",
                        "--players", "4", "--difficulty", "easy,hard", "--json"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    data = json.loads(j.stdout)
    assert data["bands"] == {"easy/4": "near", "hard/4": "in"}
    assert data["verdict"] == ("undecided: easy/4 is near its target band, its interval "
                               "reaching in (more games tell); the other cell is in its band")


def test_a_report_named_like_a_stopped_studys_is_refused_and_a_new_folder_said_first(
        tmp_path: Path) -> None:
    """FILE.partial.pdf is where a stopped study writes (and a whole study removes): a
    designer's own report of that name was deleted by the next study. A folder --report
    makes is said before the games (it was the last line, after the verdict)."""
    code, text = simulate("--games", "1", *ONE_CELL, "--report",
                          str(tmp_path / "x.partial.pdf"))
    assert code == 2 and "FILE.partial.pdf is where a stopped study's report goes" in text
    r = subprocess.run([sys.executable, "-m", "authoring", "simulate", "--games", "2",
                        *ONE_CELL, "--report", str(tmp_path / "new" / "r.json")],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    err = r.stderr.splitlines()
    made = err.index(f"note: created the folder {tmp_path / 'new'} for the report")
    assert made < next(i for i, ln in enumerate(err) if ln.startswith("engine: "))
    assert "created the folder" not in "".join(err[made + 1:])


@pytest.mark.parametrize(("args", "said"), [
    (["--games", "abc"], "Invalid value for '--games': 'abc' is not a whole number: games per "
                         "difficulty and player count (e.g. --games 500)"),
    (["--bot", "search", "--budget", "1.5"], "Invalid value for '--budget': '1.5' is not a "
     "whole number: futures per decision of a bot that searches (e.g. --budget 16)"),
    (["--table-speed", "fast"], "Invalid value for '--table-speed': 'fast' is not a number: "
                                "actions a minute the whole table takes (e.g. --table-speed 6)"),
])
def test_a_word_for_a_number_says_what_the_option_counts(args: list[str], said: str) -> None:
    """click said only "'abc' is not a valid integer", where every other message of the
    command says what it wants and gives an example."""
    code, text = simulate(*args)
    assert code == 2 and said in " ".join(text.split()), text


def test_numbers_are_read_as_a_designer_types_them() -> None:
    """Thousands with commas, spaces around, a decimal comma for a decimal (2,5 was read
    as 25, "1,00" as 100 games: a comma stands only between thousands of a whole number)."""
    r = CliRunner().invoke(cli, ["simulate", "--games", " 1,000 ", "--table-speed", "2,5",
                                 *ONE_CELL, "--json"])
    assert r.exit_code == 0, r.output
    study = json.loads(r.stdout)["study"]
    assert (study["games"], study["table_speed"]) == (1000, 2.5)
    code, text = simulate("--games", "1,00", *ONE_CELL)
    assert code == 2 and "'1,00' is not a whole number" in text


def test_many_notable_games_are_named_by_their_pattern_not_listed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A study of many cells wrote a replay command per notable game (27 lines for a
    default study, above its table): past a few, they are counted and named by their
    pattern, with one command to copy."""
    monkeypatch.chdir(tmp_path)
    code, text = simulate("--games", "2", "--players", "3,4,5", "--difficulty", "easy,hard",
                          "--bot", "random", "--report", "r.json")
    assert code == 0, text
    assert "12 notable games (per cell: the closest loss, the fastest loss, the quickest " \
           "win, those there were) beside it, r-*-*p-*.json; replay one with:" in text
    assert [ln.strip() for ln in text.splitlines() if "--replay" in ln] == [
        "resistance play --replay r-easy-3p-closest-loss.json"]
    assert len(list(tmp_path.glob("r-*-*p-*.json"))) == 12


def test_the_replay_hint_is_a_command_that_works_when_copied(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each notable game is printed as the whole command, its path quoted and as seen from
    here (a folder with a space in its name), and that command replays it."""
    import shlex

    monkeypatch.chdir(tmp_path)
    (tmp_path / "my reports").mkdir()
    code, text = simulate("--games", "3", "--players", "4", "--difficulty", "easy", "--bot",
                          "random", "--report", str(tmp_path / "my reports" / "s.json"))
    assert code == 0, text
    lines = [ln.strip() for ln in text.splitlines() if "--replay" in ln]
    assert lines and lines[0] == "resistance play --replay 'my reports/s-easy-4p-closest-loss.json'"
    for line in lines:
        args = shlex.split(line)[1:]
        r = CliRunner().invoke(cli, args, input="q\n")
        assert r.exit_code == 0, (line, r.output)


# -- Ctrl-C and kill -----------------------------------------------------------------------

def test_ctrl_c_in_any_command_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    from authoring.cli import validate

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(validate, "check_path", interrupted)
    r = CliRunner().invoke(cli, ["validate", "scenarios/scenario-1.yaml"])
    assert r.exit_code == 130
    assert "interrupted" in r.output and "Aborted" not in r.output


#: a command whose first act is to import a module that takes Ctrl-C in the middle of its
#: loading and turns the KeyboardInterrupt into another error, as numpy does (shapely imports
#: it the first time a command reads a board)
_INTERRUPTED_IMPORT = """
import os, signal, sys, time
sys.path.insert(0, sys.argv[1])
import authoring.cli
def main():
    import slow_module
    print("imported whole", flush=True)
    time.sleep(5)
authoring.cli.main = main
from authoring.__main__ import main as entry
entry()
"""
_SLOW_MODULE = """
import os, signal, time
os.kill(os.getpid(), signal.SIGINT)
try:
    for _ in range(20):
        time.sleep(0.01)
except KeyboardInterrupt:
    raise ImportError("multiarray failed to import") from None
"""


@pytest.mark.parametrize(("sig", "code", "word"), [("SIGINT", 130, "interrupted"),
                                                   ("SIGTERM", 143, "terminated")])
def test_a_signal_while_a_command_loads_its_modules_is_one_word(
        tmp_path: Path, sig: str, code: int, word: str) -> None:
    """A Ctrl-C (or a kill: pydantic turned one into a SchemaError traceback, exit 1)."""
    (tmp_path / "slow_module.py").write_text(_SLOW_MODULE.replace("SIGINT", sig), "utf-8")
    run = subprocess.run([sys.executable, "-c", _INTERRUPTED_IMPORT, str(tmp_path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == code, run.stderr
    assert run.stdout == "imported whole\n"  # the signal waited for the import's end
    assert run.stderr == f"\n{word}\n"


_FINALIZER = """
import os, signal, sys, time
from authoring.signals import deferring
signal.signal(signal.SIGINT, deferring())
class Held:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(20):
            time.sleep(0.01)
        print("finalized whole", flush=True)
try:
    Held()
    time.sleep(5)
except KeyboardInterrupt:
    print("interrupted after it", flush=True)
"""


_WEAK_CALLBACK = _FINALIZER.replace("""class Held:
    def __del__(self):""", """import weakref
class Held:
    pass
def gone():""").replace("    Held()\n", "    weakref.finalize(Held(), gone)\n")


@pytest.mark.parametrize("script", [_FINALIZER, _WEAK_CALLBACK], ids=["__del__", "weakref"])
def test_a_ctrl_c_in_a_finalizer_is_not_lost(script: str) -> None:
    """Raised inside a __del__ or a weak reference's callback, the KeyboardInterrupt was
    printed as "Exception ignored" and the command ran on (a probe: a study played to its
    end after a Ctrl-C during the scenario's loading): it is raised after the finalizer."""
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=False)
    assert run.stdout == "finalized whole\ninterrupted after it\n", run.stderr
    assert "Exception ignored" not in run.stderr


def test_a_signal_while_the_results_are_written_lets_them_finish(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Once the games are played, a kill (or a Ctrl-C) lets the results be written whole
    and is said; the command then exits 143 (130). A second one abandons them."""
    from authoring.cli.common import Terminated
    from authoring.cli.simulate import _finishing

    before = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    with _finishing() as late:
        os.kill(os.getpid(), signal.SIGTERM)
        written = "the report"
    assert late == [signal.SIGTERM] and written == "the report"
    assert capsys.readouterr().err == ("\nterminated: the games are played; the results are "
                                       "being written, whole (again to abandon them)\n")
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)) == before
    with pytest.raises(KeyboardInterrupt), _finishing() as late:
        os.kill(os.getpid(), signal.SIGINT)
        os.kill(os.getpid(), signal.SIGINT)
    assert late == [signal.SIGINT]
    with pytest.raises(Terminated), _finishing():
        os.kill(os.getpid(), signal.SIGINT)
        os.kill(os.getpid(), signal.SIGTERM)
    # after a Ctrl-C stopped the games, one while writing is the second: it abandons them
    with pytest.raises(KeyboardInterrupt), _finishing(stopped=True):
        os.kill(os.getpid(), signal.SIGINT)
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)) == before


def test_a_study_stopped_before_any_game_says_it_has_no_figures(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Stopped before a game ended, the header named "no action budget" above an empty
    table: it now says no game was played."""
    from dataclasses import replace

    from authoring.cli.simulate import _print
    from authoring.engine.simulate import Study, summarise
    from authoring.model.game import load_game

    study = Study(games=50, difficulties=("easy", "normal"), players=(4,), bot="heuristic")
    _print(replace(summarise(load_game(default_path("scenarios", "scenario-1.yaml")), study,
                             {}, partial=True), why_stopped="interrupted"))
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("scenario-1: 50 games per cell, bot heuristic, seed 1, table speed 4 "
                      "actions/min  [PARTIAL]")
    assert out[1] == "stopped early, games played of the 50 per cell: easy/4 0, normal/4 0"
    assert out[-1] == "no game was played to its end before the stop: no figures"


def _spawn(*args: str, ignoring: bool = False) -> subprocess.Popen[str]:
    """``resistance ARGS``; ``ignoring``: started with Ctrl-C ignored (as a script's
    background job is)."""
    return subprocess.Popen([sys.executable, "-m", "authoring", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=(lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
                            if ignoring else None)


def _wait_for(proc: subprocess.Popen[str], stream: str, text: str) -> str:
    """Read ``stream`` until ``text`` shows (the process is then where the test wants)."""
    pipe = proc.stdout if stream == "out" else proc.stderr
    assert pipe is not None
    seen = ""
    while text not in seen:
        ch = pipe.read(1)
        if not ch:
            break
        seen += ch
    return seen


def _signalled(args: list[str], waits: list[str], delay: float, *signals: signal.Signals,
               ignoring: bool = False) -> tuple[int, str, str]:
    """Run ``resistance ARGS`` (``ignoring``: see :func:`_spawn`), wait for each of
    ``waits`` on stderr in turn, then ``delay`` seconds, then send ``signals`` 0.05 s
    apart: its exit code, stdout, stderr."""
    proc = _spawn(*args, ignoring=ignoring)
    try:
        for text in waits:
            _wait_for(proc, "err", text)
        time.sleep(delay)
        for i, sig in enumerate(signals):
            if i:
                time.sleep(0.05)
            proc.send_signal(sig)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    return proc.returncode, out, err


def test_ctrl_c_stops_the_preview_server_with_130() -> None:
    proc = _spawn("preview", "--serve", "--port", "0")
    try:
        assert "serving http://" in _wait_for(proc, "out", "serving http://")
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "Aborted" not in err and "Traceback" not in err


def test_kill_stops_a_study_with_a_partial_report_and_143(tmp_path: Path) -> None:
    """The part played goes to FILE.partial.json: the whole study's FILE.json there
    before (a rerun stopped by a Ctrl-C) is kept as it was."""
    out = tmp_path / "study.json"
    out.write_text('{"whole": true}\n', "utf-8")
    proc = _spawn("simulate", "--games", "100000", *ONE_CELL, "--bot", "heuristic",
                  "--report", str(out))
    try:
        _wait_for(proc, "err", "games")
        time.sleep(4)  # a few chunks of games finish (on a busy host too)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 143, err
    assert "terminated: the results below are partial" in err and "Traceback" not in err
    partial = tmp_path / "study.partial.json"
    assert f"its report is {partial}; {out}, a whole study's, is left as it was" in err
    data = json.loads(partial.read_text("utf-8"))
    assert data["partial"] is True and 0 < data["cells"]["normal/4"]["games"] < 100000
    assert out.read_text("utf-8") == '{"whole": true}\n'
    # the whole study that follows replaces the stopped one's set
    code, text = simulate("--games", "2", *ONE_CELL, "--report", str(out))
    assert code == 0, text
    assert not partial.exists() and json.loads(out.read_text("utf-8"))["partial"] is False
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "study-normal-4p-closest-loss.json", "study-normal-4p-fastest-loss.json", "study.json"]


def test_a_study_started_ignoring_ctrl_c_plays_on_through_one() -> None:
    """A study a script starts in the background inherits Ctrl-C ignored (as ``nohup``
    and ``&`` in a script leave it): it plays on, whole, as it did before its games began
    (a probe saw it stop on a Ctrl-C 0.6 s in, once its handler was set, exit 130)."""
    code, out, err = _signalled(["simulate", "--games", "400", *ONE_CELL, "--json"],
                                ["400 games"], 0.3, signal.SIGINT, ignoring=True)
    assert code == 0, err
    data = json.loads(out)
    assert data["partial"] is False and data["cells"]["normal/4"]["games"] == 400


def test_kill_during_the_ladder_keeps_the_bots_played_and_exits_143() -> None:
    """A kill while the ladder runs (after the study): the study and the bots played in
    full are reported, the whole as partial; the other bots are not started."""
    code, out, err = _signalled(
        ["simulate", "--games", "5", *ONE_CELL, "--ladder", "60000", "--json"],
        ["games", "60000 games"], 1.5, signal.SIGTERM)  # (the study, the ladder's first bot)
    assert code == 143, err
    assert "Traceback" not in err and "terminated: the results below are partial" in err
    data = json.loads(out)
    assert data["partial"] is True and data["cells"]["normal/4"]["games"] == 5
    assert data["ladder"] in (None, [])  # stopped during its first bot: no rung


@pytest.mark.parametrize("twice", [False, True], ids=["once", "twice"])
def test_ctrl_c_on_a_search_study_here_stops_after_the_game_or_at_once(twice: bool) -> None:
    """Played here, a study stops at the end of the game in progress (a Ctrl-C raised
    inside the compiled engine's arithmetic aborted it: "fatal: out of memory", exit 134,
    4 times in 6 during a lookahead ladder); a second Ctrl-C ends it at once, by the
    signal, nothing printed."""
    code, out, err = _signalled(
        ["simulate", "--games", "1000", *ONE_CELL[:4], "--bot", "search", "--json"],
        [": 1000 games"], 3, *[signal.SIGINT] * (2 if twice else 1))
    assert "fatal" not in err and "Traceback" not in err, err
    if twice:  # at once, by the signal (or, when the game in progress ended before the
        # second Ctrl-C came, the usual "interrupted" of any command: exit 130)
        assert code in (-signal.SIGINT, 130), err
        assert out == "" or json.loads(out)["partial"] is True
    else:
        assert code == 130, err
        assert "interrupted: the results below are partial" in err
        assert json.loads(out)["partial"] is True


@pytest.mark.parametrize(("where", "sig"), [
    (["--jobs", "2"], signal.SIGINT), (["--scheduler", "local", "--jobs", "2"], signal.SIGINT),
    (["--jobs", "2"], signal.SIGTERM)], ids=["process-pool", "dask-local", "pool-group-kill"])
def test_ctrl_c_on_a_study_in_processes_is_one_word_and_130(where: list[str],
                                                            sig: signal.Signals) -> None:
    """Ctrl-C at a terminal reaches the whole process group: the workers leave it to
    the study (no traceback from each), which keeps the games finished (exit 130). A kill
    of the group too (143): forked workers ran the study's SIGTERM handler, a traceback
    each, or "fatal: out of memory" from inside a compiled game."""
    proc = subprocess.Popen([sys.executable, "-m", "authoring", "simulate", "--games", "100000",
                             *ONE_CELL, "--bot", "heuristic", "--json", *where], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        seen = _wait_for(proc, "err", ": 100000 games")  # the progress bar's label
        time.sleep(6)  # workers started, some chunks finished
        os.killpg(proc.pid, sig)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    killed = sig == signal.SIGTERM
    assert proc.returncode == (143 if killed else 130), err
    assert "Traceback" not in err and "WARNING" not in err and "fatal" not in err, err
    assert f"{'terminated' if killed else 'interrupted'}: the results below are partial" in err
    assert json.loads(out)["partial"] is True
    # a local cluster is said (the engine line read the same with or without Dask)
    assert ("; the games run on a local Dask cluster of 2 workers" in seen) == ("local" in where)


def test_ctrl_c_twice_on_a_study_in_processes_ends_it() -> None:
    """A second Ctrl-C while the pool was shut down left the process waiting at exit for
    idle workers that ignore Ctrl-C, for ever (a probe, 3 times in 3): the stopped
    study's workers are ended at once."""
    proc = subprocess.Popen([sys.executable, "-m", "authoring", "simulate", "--games", "100000",
                             *ONE_CELL, "--bot", "heuristic", "--jobs", "2"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        _wait_for(proc, "err", ": 100000 games")
        time.sleep(4)
        os.killpg(proc.pid, signal.SIGINT)
        time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode in (130, -signal.SIGINT), err
    assert "Traceback" not in err and "fatal" not in err, err


def test_a_garbage_server_at_the_scheduler_address_is_one_line() -> None:
    """A peer that is not a Dask scheduler (it answers noise) is one line and exit 1."""
    import socket
    import threading

    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def answer() -> None:
        for _ in range(3):
            try:
                conn, _ = server.accept()
            except OSError:
                return
            with conn:
                conn.sendall(b"\xff" * 64 + b"garbage" * 100)

    threading.Thread(target=answer, daemon=True).start()
    try:
        r = subprocess.run([sys.executable, "-m", "authoring", "simulate", "--games", "2",
                            *ONE_CELL, "--scheduler", f"tcp://127.0.0.1:{port}"], cwd=ROOT,
                           capture_output=True, text=True, timeout=120)
    finally:
        server.close()
    assert r.returncode == 1, r.stderr
    assert f"resistance: the Dask scheduler tcp://127.0.0.1:{port} failed (" in r.stderr
    assert "Traceback" not in r.stderr


def test_play_refuses_a_seed_a_save_could_not_keep() -> None:
    """A save keeps a 64-bit seed (and --load refuses any other): play takes no more."""
    r = CliRunner().invoke(cli, ["play", "--seed", str(1 << 64), "--bots", "4"])
    assert r.exit_code == 2
    assert "Invalid value for '--seed'" in r.output and str(1 << 64) in r.output


def test_a_saved_game_is_resumed_by_a_command_that_is_safe_to_paste(tmp_path: Path) -> None:
    """The resume command quotes the save's path (a path with a space and a ';' is one
    argument, not two commands); a typed path in quotes is read as a shell would; an empty
    one is asked again."""
    target = tmp_path / "a b;echo PWNED.json"
    lines = f'1\nsave ""\nsave "{target}"\nquit\nn\n'
    r = subprocess.run([sys.executable, "-m", "authoring", "play", "--players", "3",
                        "--no-timer", "--seed", "2"], input=lines, capture_output=True,
                       text=True, cwd=tmp_path, timeout=120, check=False)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "save where? e.g. save my-game.json" in r.stdout
    assert f"resume with: resistance play --load '{target}'" in r.stdout
    assert target.is_file() and sorted(p.name for p in tmp_path.iterdir()) == [target.name]


@pytest.mark.parametrize("args", [["preview", "-o", "-"], ["export", "-o", "-"],
                                  ["simulate", "--games", "1", "--report", "-"]])
def test_a_dash_is_no_file_name(args: list[str], tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    """'-' is refused as a usage error (exit 2) before anything runs; it once became a
    file named '-' in the working folder."""
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2, r.output
    assert "'-' names no file here" in r.output
    assert list(tmp_path.iterdir()) == []


def test_a_save_loaded_with_another_scenario_says_which_it_was_made_with(
        tmp_path: Path) -> None:
    """--load with another scenario than the save's: the failed replay says which scenario
    the game was saved with."""
    save = tmp_path / "g.json"
    r = subprocess.run([sys.executable, "-m", "authoring", "play", "--players", "3", "--bots",
                        "3", "--seed", "5", "--save", str(save)], capture_output=True,
                       text=True, timeout=300, check=False, stdin=subprocess.DEVNULL)
    assert save.is_file(), r.stdout + r.stderr
    other = default_path("scenarios", "scenario-2.yaml")
    r2 = CliRunner().invoke(cli, ["play", "--load", str(save), str(other)])
    assert r2.exit_code == 1
    assert "(the game was saved playing " in r2.output and f"not {other})" in r2.output


def test_a_bad_scenario_outside_the_folder_is_named_one_way(tmp_path: Path) -> None:
    """A reviewer's run: the diagnostic named the file by its absolute path and the last
    line by the relative path typed (``../../tmp/…``); both now read the same."""
    bad = tmp_path / "s.yaml"
    bad.write_text("scenario: [\n", "utf-8")
    typed = os.path.relpath(bad, ROOT)
    r = subprocess.run([sys.executable, "-m", "authoring", "simulate", typed, "--games", "1"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr
    lines = r.stderr.splitlines()
    first, last = next(line for line in lines if ": error: " in line), lines[-1]
    shown = first.split(":")[0]
    assert shown == str(bad.resolve()) or shown == str(bad), first
    assert last == f"resistance: {shown} has problems; fix them first", r.stderr
    assert "Traceback" not in r.stderr


def test_a_phase_shorter_than_one_action_each_is_warned() -> None:
    """D10.1: a reviewer's timer of 0.001 minutes (or --table-speed 0.001) ran 28 rounds of
    one action and lost every game without a word; the study now says why."""
    code, text = simulate("--games", "2", *ONE_CELL, "--table-speed", "0.001")
    assert code == 0, text
    assert ("warning: normal: the players' phase allows 1 action (timer 5 min × 0.001 "
            "actions a minute, D10.1): fewer than one each for 4 players; check the timer "
            "or --table-speed") in " ".join(text.split()), text


def test_a_broken_compare_file_stops_the_study_before_any_game(tmp_path: Path) -> None:
    """A reviewer's run: --compare's file was read only after the first scenario's whole
    study (minutes with --bot search); it is now read first."""
    bad = tmp_path / "broken.yaml"
    bad.write_text("scenario: [\n", "utf-8")
    r = subprocess.run([sys.executable, "-m", "authoring", "simulate", *ONE_CELL, "--games",
                        "1", "--compare", str(bad)],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr
    assert "games" not in r.stdout + r.stderr, r.stderr
    assert r.stderr.splitlines()[-1] == f"resistance: {bad} has problems; fix them first"


def test_no_scheduler_at_the_address_is_one_plain_line() -> None:
    """Nothing listens at the address: one line in the designer's words, at once (it
    named Dask's OSError after 30 s, then said it after Dask's 10 s timeout)."""
    import socket

    with socket.create_server(("127.0.0.1", 0)) as s:  # a port nobody listens on after
        port = s.getsockname()[1]
    r = subprocess.run([sys.executable, "-m", "authoring", "simulate", "--games", "2",
                        *ONE_CELL, "--scheduler", f"tcp://127.0.0.1:{port}"], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr
    assert "" not in r.stderr.splitlines()  # in a pipe no empty line ends a progress bar
    assert r.stderr.splitlines()[-1] == (
        f"resistance: no Dask scheduler at tcp://127.0.0.1:{port}: nothing listens on port "
        f"{port} of 127.0.0.1 (the connection was refused); start one there (dask "
        "scheduler, then dask worker on each machine) or use --scheduler local")


@pytest.mark.parametrize("games", ["3", "100"])
def test_no_win_of_a_weak_team_never_says_unwinnable(games: str) -> None:
    """A reviewer's 3 games read "may be unwinnable" with an interval up to 56 %; a
    designer's 400 random games read it too, under the line saying the random team judges
    nothing (the heuristic won 56 % of those cells). With the heuristic, the games decide
    (tests/engine/test_simulate.py)."""
    code, text = simulate("--games", games, *ONE_CELL)
    assert code == 0, text
    flat = " ".join(text.split())
    assert (f"warning: the random team never won in {games} games: a team this weak says "
            "nothing of whether the scenario can be won") in flat, text
    assert "unwinnable" not in flat and "too few to tell" not in flat


def test_one_game_is_one_game_in_the_progress_label() -> None:
    """The progress bar's label agrees with its count ('1 game', it said '1 games')."""
    r = subprocess.run([sys.executable, "-m", "authoring", "simulate", "--games", "1",
                        *ONE_CELL, "--json"], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert "scenario-1, bot random, normal/4: 1 game" in r.stderr.splitlines()


def test_a_command_of_many_studies_says_its_games_and_names_each_part() -> None:
    """A ladder, the sensitivity and --compare are studies of their own: the command says
    first how many games it plays in all, part by part, and each progress bar names its
    bot, the decision it changes and its cell (a probe saw ten identical labels)."""
    r = subprocess.run([sys.executable, "-m", "authoring", "simulate", "--games", "2",
                        *ONE_CELL, "--ladder", "1", "--sensitivity", "--compare",
                        "scenarios/scenario-1.yaml", "--json"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    lines = r.stderr.splitlines()
    assert ("this command plays 31 games: 2 for the study, 2 for --compare, 5 for the ladder "
            "(5 bots × 1), 22 for the sensitivity (11 alternatives × 2)") in lines
    assert "scenario-1, bot search (budget 32), normal/4: 1 game" in lines  # its default
    assert "scenario-1, bot random, D4.2=player, normal/4: 2 games" in lines


def test_a_folder_where_a_replay_goes_is_refused_before_any_game(tmp_path: Path) -> None:
    """A folder named like a notable game's replay (``study-normal-4p-closest-loss.json``)
    was found only once every game was played, and the study was lost: refused first."""
    (tmp_path / "study-normal-4p-closest-loss.json").mkdir()
    r = subprocess.run([sys.executable, "-m", "authoring", "simulate", *ONE_CELL, "--games",
                        "2", "--report", str(tmp_path / "study.json")],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "2 games" not in r.stderr, r.stderr
    assert "study-normal-4p-closest-loss.json: is a folder, not a regular file: nothing was " \
        "written" in r.stderr, r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["study-normal-4p-closest-loss.json"]


def test_the_table_speed_is_shown_as_the_actions_it_plays() -> None:
    """D10.1 rounds the timer × the table speed to whole actions: 4.1 actions a minute plays
    the 20 actions of 4.0 on scenario 1's 5-minute phase. The study's first line says how
    many it played (the JSON's ``budget`` said it; the text did not)."""
    code, text = simulate("--games", "1", *ONE_CELL, "--table-speed", "4.1")
    assert code == 0, text
    assert "table speed 4.1 actions/min (D10.1: 20 actions a phase)" in text, text


def test_the_compared_scenario_is_not_told_to_add_a_ladder_that_would_not_measure_it() -> None:
    """--ladder measures the first scenario of --compare: the second's section said "Add
    --ladder N to measure the ladder on this scenario", which would not."""
    code, text = simulate("--games", "2", "--players", "4", "--difficulty", "easy", "--bot",
                          "random", "--compare", "scenarios/scenario-2.yaml")
    assert code == 0, text
    assert text.count("Add --ladder N to measure the ladder on this scenario.") == 1
    assert text.count("To measure the ladder on this scenario, run it alone with --ladder N "
                      "(with --compare, --ladder measures the first scenario).") == 1


def test_a_stop_during_the_compared_study_leaves_the_first_one_whole() -> None:
    """--compare: a Ctrl-C while the second scenario plays marked the first, played in
    full, [PARTIAL] too; the comparison's JSON had no top-level "partial"."""
    code, out, err = _signalled(
        ["simulate", "--games", "50000", "--players", "4", "--difficulty", "easy", "--bot",
         "random", "--compare", "scenarios/scenario-2.yaml", "--json"],
        ["scenario-1, bot random", "scenario-2, bot random"], 0.5, signal.SIGINT)
    assert code == 130, err
    data = json.loads(out)
    assert data["partial"] is True
    assert data["a"]["partial"] is False and data["a"]["cells"]["easy/4"]["games"] == 50000
    assert data["b"]["partial"] is True and data["b"]["why_stopped"] == "interrupted"


def test_a_partial_study_names_only_the_cards_of_the_player_counts_it_played() -> None:
    """Stopped before any 5-player game, the warning of cards never activated listed the
    5-player deck's cards too."""
    from authoring.engine.simulate import Study, run_study, summarise
    from authoring.model.game import load_game

    model = load_game(default_path("scenarios", "scenario-1.yaml"))
    both = Study(games=3, difficulties=("easy",), players=(4, 5), bot="random")
    played = run_study(model, Study(games=3, difficulties=("easy",), players=(4,),
                                    bot="random"))
    said = " ".join(summarise(model, both, played, partial=True).warnings)
    assert "-4" in said and "-5" not in said, said


def test_a_bot_name_is_read_as_the_lists_are() -> None:
    """--difficulty " EASY " was read and --bot " Random " refused: both are trimmed and
    read whatever their case."""
    code, text = simulate("--games", "1", "--players", "4", "--difficulty", " EASY ",
                          "--bot", " Random ")
    assert code == 0, text
    assert "bot random" in text
