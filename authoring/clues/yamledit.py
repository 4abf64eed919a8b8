"""Append entries to a list of a YAML file as the file writes it: its comments, order,
indentation and flow or block style kept, every byte of the file left where it was.

The list is found with the parser's own positions (PyYAML's composed nodes), the new
entries are written in the layout of the list's last entry (a block entry at the same
dash and content columns, a flow entry after the last one, on its own line when the
list spans lines), and the result is parsed again: it must read as the old document with
the new entries at the end of the list, or :class:`EditError` is raised (nothing is
written). ``clues generate --extend`` repairs decks with it.

>>> text = "cards:\\n- id: a  # first\\n  where: {coastal: true}\\nfailures: 2\\n"
>>> print(append_items(text, "cards", [("new", {"id": "b", "where": {"region": "N-E"}})]),
...       end="")
cards:
- id: a  # first
  where: {coastal: true}
# new
- id: b
  where: {region: N-E}
failures: 2
>>> print(append_items("cards: [{id: a}]\\n", "cards", [("new", {"id": "b"})]), end="")
cards: [{id: a}, {id: b}]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode


class EditError(ValueError):
    """The file's layout could not take the entries without changing what it says."""


def flow(data: Any) -> str:
    """``data`` as one line of flow YAML (quoted only where YAML needs it)."""
    text: str = yaml.safe_dump(
        data, default_flow_style=True, allow_unicode=True, width=10**9, sort_keys=False
    )
    return text.removesuffix("\n...\n").strip()


def append_items(text: str, key: str, items: Sequence[tuple[str | None, Mapping[str, Any]]],
                 header: str | None = None) -> str:
    """``text`` with ``items`` (each a comment, or None, and a mapping) appended to the
    list under the top-level ``key``; ``header`` a comment before the first of them.
    Comments are written in a block list, and in a flow list that spans lines."""
    if not items:
        return text
    crlf = "\r\n" in text
    plain = text.replace("\r\n", "\n")
    root = yaml.compose(plain, Loader=yaml.SafeLoader)
    if not isinstance(root, MappingNode):
        raise EditError("the file is not a mapping of keys")
    found = [(k, v) for k, v in root.value if isinstance(k, ScalarNode) and k.value == key]
    if not found:
        raise EditError(f"the file has no '{key}:' list")
    key_node, value = found[0]
    if isinstance(value, SequenceNode) and value.flow_style:
        edited = _append_flow(plain, value, items, header)
    elif isinstance(value, SequenceNode) and value.value:
        edited = _append_block(plain, value, items, header)
    elif isinstance(value, ScalarNode) and value.tag.endswith(":null"):
        edited = _fill_empty(plain, key_node, items, header)
    else:
        raise EditError(f"'{key}:' is not a list")
    _check(plain, edited, key, items)
    return edited.replace("\n", "\r\n") if crlf else edited


def _lines_of(comment: str | None, indent: str) -> str:
    return "".join(f"{indent}# {line}".rstrip() + "\n"
                   for line in (comment or "").splitlines()) if comment else ""


def _append_flow(text: str, seq: SequenceNode, items: Sequence[tuple[str | None, Mapping[str, Any]]],
                 header: str | None) -> str:
    if seq.value:
        last = seq.value[-1]
        at = last.end_mark.index
        multiline = seq.start_mark.line != seq.end_mark.line and last.start_mark.line != seq.start_mark.line
        column = last.start_mark.column
    else:  # cards: [] — just after the bracket
        at = seq.start_mark.index + 1
        multiline, column = False, 0
    pieces: list[str] = []
    for n, (comment, data) in enumerate(items):
        first = n == 0 and not seq.value
        if multiline:
            notes = _lines_of(header if n == 0 else None, " " * column)
            notes += _lines_of(comment, " " * column)
            pieces.append(",\n" + notes + " " * column + flow(dict(data)))
        else:
            pieces.append(("" if first else ", ") + flow(dict(data)))
    return text[:at] + "".join(pieces) + text[at:]


def _last_line(node: Node, text_lines: list[str]) -> int:
    """The last line holding the node's own text (a block scalar's end mark is on the
    next line's start, after its blank lines)."""
    while isinstance(node, (MappingNode, SequenceNode)) and node.value and not node.flow_style:
        last = node.value[-1]
        node = last[1] if isinstance(node, MappingNode) else last
    end = node.end_mark
    line = end.line - 1 if end.column == 0 and end.line > node.start_mark.line else end.line
    while line > node.start_mark.line and not text_lines[line].strip():
        line -= 1
    return line


def _append_block(text: str, seq: SequenceNode, items: Sequence[tuple[str | None, Mapping[str, Any]]],
                  header: str | None) -> str:
    lines = text.split("\n")
    last = seq.value[-1]
    dash_at = text.rfind("-", 0, last.start_mark.index)
    dash_col = dash_at - (text.rfind("\n", 0, dash_at) + 1)
    content_col = last.start_mark.column if last.start_mark.line == _line_of(text, dash_at) \
        else dash_col + 2
    line = _last_line(last, lines)
    # comments just below the last entry, deeper than its dash, are its own
    while line + 1 < len(lines) and lines[line + 1].lstrip().startswith("#") and \
            len(lines[line + 1]) - len(lines[line + 1].lstrip()) > dash_col:
        line += 1
    dash = " " * dash_col + "-" + " " * max(1, content_col - dash_col - 1)
    inner = " " * max(content_col, dash_col + 2)
    block = _lines_of(header, " " * dash_col)
    for comment, data in items:
        block += _lines_of(comment, " " * dash_col)
        if isinstance(last, MappingNode) and not last.flow_style and data:
            entries = [f"{flow({k: v})[1:-1]}" for k, v in data.items()]
            block += dash + entries[0] + "\n" + "".join(f"{inner}{e}\n" for e in entries[1:])
        else:
            block += dash + flow(dict(data)) + "\n"
    head = "\n".join(lines[: line + 1]) + "\n"
    rest = "\n".join(lines[line + 1:])
    return head + block + rest


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index)


def _fill_empty(text: str, key: Node, items: Sequence[tuple[str | None, Mapping[str, Any]]],
                header: str | None) -> str:
    """``cards:`` with nothing: a block list below the key."""
    lines = text.split("\n")
    line = key.start_mark.line
    start = " " * (key.start_mark.column + 2)
    block = _lines_of(header, start)
    for comment, data in items:
        block += _lines_of(comment, start) + start + "- " + flow(dict(data)) + "\n"
    return "\n".join(lines[: line + 1]) + "\n" + block + "\n".join(lines[line + 1:])


def _check(before: str, after: str, key: str, items: Sequence[tuple[str | None, Mapping[str, Any]]]) -> None:
    old, new = yaml.safe_load(before), yaml.safe_load(after)
    want = dict(old)
    want[key] = list(old.get(key) or []) + [dict(d) for _, d in items]
    if new != want:
        raise EditError("the entries could not be added in the file's own layout")
