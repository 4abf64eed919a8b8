"""Diagnostics: located, sorted, every problem kept once; JSON and text forms agree."""

from __future__ import annotations

import json

from authoring.io.diagnostics import Report, Span, did_you_mean, suggestion


def test_report_sorts_by_place_and_level() -> None:
    r = Report()
    r.warning(Span("b.yaml", 1, 1), "w", "later file")
    r.error(Span("a.yaml", 9, 2, "zones.3"), "e2", "second line", "fix it")
    r.error(Span("a.yaml", 2, 5), "e1", "first line")
    r.info(Span("a.yaml", 2, 5), "i", "same place, info after error")
    assert r.codes() == ["e1", "i", "e2", "w"]
    assert r.format().splitlines() == [
        "a.yaml:2:5: error: first line [e1]",
        "a.yaml:2:5: info: same place, info after error [i]",
        "a.yaml:9:2: error: second line [e2]",
        "    hint: fix it",
        "b.yaml:1:1: warning: later file [w]",
    ]
    assert r.summary() == "2 errors, 1 warning"
    assert r.failed() and r.failed(strict=True)


def test_extend_keeps_each_problem_once() -> None:
    a, b = Report(), Report()
    a.error(Span("x", 1, 1), "c", "m")
    b.error(Span("x", 1, 1), "c", "m")
    b.warning(Span("x", 2, 1), "w", "n")
    a.extend(b)
    assert len(a) == 2
    only_warnings = Report()
    only_warnings.extend(b.warnings)
    assert not only_warnings.failed() and only_warnings.failed(strict=True)


def test_json_form() -> None:
    r = Report()
    r.error(Span("a.yaml", 3, 4, "timer"), "value-invalid", "timer: expected a number", "5")
    data = json.loads(r.to_json())
    assert data["ok"] is False and data["errors"] == 1 and data["warnings"] == 0
    assert data["diagnostics"] == [{
        "file": "a.yaml", "line": 3, "col": 4, "path": "timer", "level": "error",
        "code": "value-invalid", "message": "timer: expected a number", "hint": "5"}]


def test_did_you_mean() -> None:
    assert did_you_mean("capitol", ["capital", "town", "village"]) == "capital"
    assert did_you_mean("zzz", ["capital", "town"]) is None
    assert suggestion("capitol", ["capital"]) == " (did you mean 'capital'?)"
    assert suggestion("zzz", ["capital"]) == ""
