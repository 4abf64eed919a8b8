"""Bad content never raises: any node of a shipped file replaced by a wrong value
gives located diagnostics, never a traceback."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from authoring.model.workspace import Workspace

CARDS = Path(__file__).resolve().parents[2] / "cards"
FILES = [
    "characters.yaml",
    "recruits.yaml",
    "items.yaml",
    "special-items.yaml",
    "resistance.yaml",
    "events.yaml",
    "planning.yaml",
    "manifest.yaml",
]
DATA = {name: yaml.safe_load((CARDS / name).read_text("utf-8")) for name in FILES}
ODD = st.sampled_from([None, 0, -3, 99, "", "zzz", [], {}, [1, 2], {"x": 1}, True, 1.5])


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*path, i))
    return out


PATHS = [(name, p) for name in FILES for p in _paths(DATA[name])]


def _replace(node: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(node, dict):
        return {k: (_replace(v, rest, value) if k == head else v) for k, v in node.items()}
    return [(_replace(v, rest, value) if i == head else v) for i, v in enumerate(node)]


@settings(max_examples=80, deadline=None)
@given(where=st.sampled_from(PATHS), value=ODD)
def test_any_wrong_value_is_reported_not_raised(
    where: tuple[str, tuple[Any, ...]], value: Any
) -> None:
    name, path = where
    data = _replace(DATA[name], path, value)
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / name
        target.write_text(yaml.safe_dump(data, allow_unicode=True), "utf-8")
        ws = Workspace()
        ws.load(target)  # no sibling manifest: single-file checks only
        for d in ws.report:
            assert d.line >= 1 and d.code and d.message
