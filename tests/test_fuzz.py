"""Mutation fuzz (issue 13): every shipped file, mutated the ways designers and
accidents mutate files, through the loaders and the commands, in-process.

Whatever the mutation, no exception escapes, every diagnostic is located
(``file:line:col``, line and column from 1) with a code and words of ours (no library
wording), and the exit status is 0, 1 or 2.

CI replays the fixed examples below (each a problem once met) and a derandomized
sample; explore locally with more examples, e.g.::

    FUZZ_EXAMPLES=3000 pytest tests/test_fuzz.py
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from authoring.cli import main

ROOT = Path(__file__).resolve().parents[1]
#: the shipped files, by the path they have in the copied tree
SEEDS = (
    "scenarios/boards/island.yaml",
    "cards/clues.yaml",
    "scenarios/scenario-1.yaml",
    "scenarios/initiation.yaml",
    "cards/manifest.yaml",
    "cards/items.yaml",
    "cards/special-items.yaml",
    "cards/characters.yaml",
    "cards/recruits.yaml",
    "cards/resistance.yaml",
    "cards/events.yaml",
    "cards/planning.yaml",
)
#: the commands run on a mutated file, by what the file is
COMMANDS: dict[str, list[list[str]]] = {
    "board": [["validate"], ["board", "info"]],
    "deck": [["validate"], ["clues", "check"]],
    "scenario": [["validate"], ["export", "--only", "scenario"]],
    "content": [["validate"]],
}
#: words that only a library says: a designer must never read them
LEAKS = ("Input should", "validation error", "Traceback", "pydantic", "<class", "NoneType",
         "object has no attribute", "errors.pydantic.dev", "Value error,", "after validation")
LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (error|warning): .+ \[[a-z0-9-]+\]$")

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))


def _kind(seed: str) -> str:
    if "boards/" in seed:
        return "board"
    if seed.endswith("clues.yaml"):
        return "deck"
    if seed.startswith("scenarios/"):
        return "scenario"
    return "content"


@cache
def _text(seed: str) -> str:
    return (ROOT / seed).read_text("utf-8")


@cache
def _data(seed: str) -> Any:
    return yaml.safe_load(_text(seed))


# --------------------------------------------------------------------------- mutations


@dataclass(frozen=True)
class Mutation:
    """One change to one shipped file: on its data (``op`` on the node at ``path``) or
    on its text (``op`` at character ``at``)."""

    seed: str
    op: str
    path: tuple[str | int, ...] = ()
    arg: Any = None
    at: int = 0

    def apply(self) -> str:
        if self.op in TEXT_OPS:
            return TEXT_OPS[self.op](_text(self.seed), self.at, self.arg)
        data = copy.deepcopy(_data(self.seed))
        parent = data
        for step in self.path[:-1]:
            parent = parent[step]
        DATA_OPS[self.op](parent, self.path[-1], self.arg)
        return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def _delete(parent: Any, key: Any, arg: Any) -> None:
    del parent[key]


def _rename(parent: Any, key: Any, arg: Any) -> None:
    if isinstance(parent, dict):
        parent[f"{key}{arg}" if arg else str(key)[:-1] or "x"] = parent.pop(key)
    else:
        parent[key] = {"renamed": parent[key]}


def _retype(parent: Any, key: Any, arg: Any) -> None:
    parent[key] = arg


def _duplicate(parent: Any, key: Any, arg: Any) -> None:
    if isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    else:
        parent[f"{key}_2"] = parent[key]


def _reference(parent: Any, key: Any, arg: Any) -> None:
    parent[key] = arg


DATA_OPS = {"delete": _delete, "rename": _rename, "retype": _retype,
            "duplicate": _duplicate, "reference": _reference}


def _truncate(text: str, at: int, arg: Any) -> str:
    return text[: at % (len(text) + 1)]


def _insert(text: str, at: int, arg: Any) -> str:
    i = at % (len(text) + 1)
    return text[:i] + str(arg) + text[i:]


def _drop_line(text: str, at: int, arg: Any) -> str:
    lines = text.splitlines(keepends=True)
    del lines[at % len(lines)]
    return "".join(lines)


def _double_line(text: str, at: int, arg: Any) -> str:
    lines = text.splitlines(keepends=True)
    i = at % len(lines)
    return "".join(lines[: i + 1] + lines[i:])


def _alias(text: str, at: int, arg: Any) -> str:
    """An anchor on the first mapping value and aliases of it further down."""
    lines = text.splitlines(keepends=True)
    i = at % len(lines)
    return "".join(lines[:i]) + f"x_anchor: &a {arg}\nx_alias: [*a, *a, *a]\n" + "".join(lines[i:])


TEXT_OPS = {"truncate": _truncate, "insert": _insert, "drop-line": _drop_line,
            "double-line": _double_line, "alias": _alias}

#: values a hand or an accident puts where something else was
ODD_VALUES = st.sampled_from([
    None, "", "x", "N-E 99", -1, 0, 1, 430, 1e308, float("inf"), float("nan"), 2.5, True,
    [], [430], [1, 2, 3], {}, {"x": 1}, "\0", "é" * 300, "[unclosed", "*alias", "#3f7fbz",
    [20, 75], {"and": [{"size": "town"}]},
])
ODD_TEXT = st.sampled_from([
    "\t", ": ", "- ", "]", "{", "\"", "'", "&", "*", "!!python/object:os.system ''", "\0",
    "\x07", "---\n", "%YAML 1.1\n", "\n  bad: [", "<<: *nothing\n", "é", "\ufeff", "\r\n",
])
BAD_REFS = st.sampled_from([
    "missing.yaml", "../cards/clues.yaml", "boards/island.yaml", "../cards/items.yaml",
    "x\0y.yaml", "a" * 300 + ".yaml", "/dev/null", "", ".", "../scenarios/scenario-1.yaml",
])


def _paths(data: Any, prefix: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield (*prefix, k)
            yield from _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield (*prefix, i)
            yield from _paths(v, (*prefix, i))


@cache
def _all_paths(seed: str) -> tuple[tuple[str | int, ...], ...]:
    return tuple(_paths(_data(seed)))


@st.composite
def mutations(draw: st.DrawFn) -> Mutation:
    seed = draw(st.sampled_from(SEEDS))
    op = draw(st.sampled_from([*DATA_OPS, *TEXT_OPS]))
    if op in TEXT_OPS:
        arg = draw(ODD_TEXT if op == "insert" else ODD_VALUES.map(json.dumps))
        return Mutation(seed, op, at=draw(st.integers(0, 1 << 20)), arg=arg)
    path = draw(st.sampled_from(_all_paths(seed)))
    if op == "reference":
        refs = [p for p in _all_paths(seed)
                if p and p[-1] in ("board", "clues", "manifest") or p[:1] == ("files",)]
        if refs:
            path = draw(st.sampled_from(refs))
        return Mutation(seed, op, path, draw(BAD_REFS))
    if op == "rename":
        return Mutation(seed, op, path, draw(st.sampled_from(["", "s", "_", "2"])))
    return Mutation(seed, op, path, draw(ODD_VALUES) if op == "retype" else None)


# --------------------------------------------------------------------------- the run


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the shipped scenarios and cards (relative references intact)."""
    root = tmp_path_factory.mktemp("fuzz")
    shutil.copytree(ROOT / "scenarios", root / "scenarios")
    shutil.copytree(ROOT / "cards", root / "cards")
    return root


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(argv)
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return code, out.getvalue(), err.getvalue()


def _check_output(argv: list[str], code: int, out: str, err: str) -> None:
    assert code in (0, 1, 2), (argv, code, err)
    text = out + err
    for leak in LEAKS:
        assert leak not in text, (argv, leak, text[-2000:])
    for line in text.splitlines():
        if ": error: " in line or ": warning: " in line:
            m = LOCATED.match(line)
            assert m is not None, (argv, line)
            assert int(m["line"]) >= 1 and int(m["col"]) >= 1, (argv, line)


def _json_diagnostics(path: Path) -> None:
    code, out, err = _run(["validate", "--json", str(path)])
    assert code in (0, 1), err
    for d in json.loads(out)["diagnostics"]:
        assert d["line"] >= 1 and d["col"] >= 1 and d["code"] and d["message"], d
        assert not any(leak in d["message"] for leak in LEAKS), d


@settings(max_examples=EXAMPLES, deadline=None, derandomize="FUZZ_EXAMPLES" not in os.environ,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(mutations())
# problems once met (issue 13), replayed every run
@example(Mutation("scenarios/boards/island.yaml", "retype", ("zones", 3, "at", 0), float("inf")))
@example(Mutation("scenarios/boards/island.yaml", "retype", ("zones", 3, "at"), [430]))
@example(Mutation("scenarios/boards/island.yaml", "retype", ("zones", 3, "at"), [1, 2, 3]))
@example(Mutation("scenarios/boards/island.yaml", "retype", ("regions", 0, "colour"), "#3f7fbz"))
@example(Mutation("scenarios/boards/island.yaml", "retype", ("zones", 0, "size"), None))
@example(Mutation("scenarios/scenario-1.yaml", "reference", ("board",), "x\0y.yaml"))
@example(Mutation("scenarios/scenario-1.yaml", "reference", ("clues",), "a" * 300 + ".yaml"))
@example(Mutation("scenarios/scenario-1.yaml", "reference", ("clues",), "boards/island.yaml"))
@example(Mutation("scenarios/scenario-1.yaml", "retype", ("timer",), 1e308))
@example(Mutation("scenarios/scenario-1.yaml", "retype", ("setup", "officers"), 0))
@example(Mutation("cards/clues.yaml", "retype", ("density",), [20, 75]))
@example(Mutation("cards/clues.yaml", "retype", ("cards", 0, "where"), {"and": [{"size": "town"}]}))
@example(Mutation("cards/manifest.yaml", "reference", ("files", "items"), "x\0y.yaml"))
@example(Mutation("cards/items.yaml", "truncate", at=2000))
@example(Mutation("cards/clues.yaml", "alias", at=12, arg="[1, 2]"))
@example(Mutation("scenarios/boards/island.yaml", "insert", at=400, arg="\t"))
def test_a_mutated_shipped_file_is_reported_never_raised(tree: Path, m: Mutation) -> None:
    target = tree / m.seed
    original = target.read_text("utf-8")
    try:
        target.write_text(m.apply(), "utf-8")
        for argv in COMMANDS[_kind(m.seed)]:
            argv = [*argv, str(target)]
            if argv[0] == "export":
                argv += ["-o", str(tree / "out" / "kit.pdf")]
            _check_output(argv, *_run(argv))
        _json_diagnostics(target)
    finally:
        target.write_text(original, "utf-8")


# --------------------------------------------------------------------------- misuse

OPTION_VALUES = st.sampled_from(["", "nan", "inf", "-1", "0", "1e308", "x", "a4", "5", "3",
                                 "easy", "both", "1,2", "ç", "\t", "--json", "a" * 300])


@settings(max_examples=EXAMPLES, deadline=None, derandomize="FUZZ_EXAMPLES" not in os.environ)
@given(st.sampled_from([
    ["export", "--only", "calibration", "--bleed"], ["export", "--only", "calibration", "--paper"],
    ["export", "--only", "calibration", "--back-offset"], ["export", "--only"],
    ["export", "--only", "calibration", "--duplex"], ["clues", "simulate", "--games"],
    ["validate", "--kind"], ["clues", "check", "--allowed"], ["board", "info"],
    ["simulate", "--games", "1", "--players"], ["simulate", "--games", "1", "--difficulty"],
    ["clues", "generate", "--cards"],
]), OPTION_VALUES)
def test_command_line_misuse_is_exit_2_or_a_clear_refusal(tmp_path_factory: pytest.TempPathFactory,
                                                          argv: list[str], value: str) -> None:
    out = tmp_path_factory.getbasetemp() / "misuse" / "kit.pdf"
    args = [*argv, value]
    if args[0] == "export":
        args += ["-o", str(out)]
    code, stdout, stderr = _run(args)
    _check_output(args, code, stdout, stderr)
