"""The located YAML loader: positions, duplicate keys, limits, and never an exception."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from authoring.io.diagnostics import Report
from authoring.io.yamlio import Limits, load_file, load_text


def load(text: str | bytes, limits: Limits | None = None):
    r = Report()
    doc = load_text(text, "f.yaml", r, limits=limits or Limits())
    return doc, r


def test_every_node_keeps_line_and_column() -> None:
    doc, r = load("a:\n  b: [1, {c: x}]\n  d: yes\n")
    assert not len(r)
    assert doc is not None
    assert doc.data == {"a": {"b": [1, {"c": "x"}], "d": True}}
    assert (doc.span(("a", "b", 1, "c")).line, doc.span(("a", "b", 1, "c")).col) == (2, 14)
    assert doc.span(("a", "d"), key=True).col == 3
    # a missing node points at its nearest ancestor, with the full dotted path
    missing = doc.span(("a", "zzz"))
    assert (missing.line, missing.path) == (2, "a.zzz")


def test_duplicate_keys_are_reported_with_both_lines() -> None:
    _, r = load("x: 1\ny: 2\nx: 3\n")
    assert [d.format().splitlines()[0] for d in r] == [
        "f.yaml:3:1: error: duplicate key 'x' (first defined at line 1) [duplicate-key]"
    ]


def test_billion_laughs_is_refused_quickly() -> None:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 12):
        refs = ", ".join([f"*a{i - 1}"] * 9)
        lines.append(f"a{i}: &a{i} [{refs}]")
    start = time.process_time()
    doc, r = load("\n".join(lines))
    assert doc is None and r.codes() == ["alias-expansion"]
    assert time.process_time() - start < 5  # generous: the point is "not 9^11 nodes"


def test_a_big_file_without_aliases_is_not_an_alias_bomb() -> None:
    """Issue 13: a 3.9 MB deck of plain cards was refused as an 'alias bomb'. Only
    what aliases add counts against the limit; the written size has its own."""
    plain = "\n".join(f"- {{id: c{i}, n: {i}}}" for i in range(100))
    doc, r = load(plain, Limits(max_nodes=50))
    assert doc is not None and not len(r)
    aliased = "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nb: [" + ", ".join(["*a"] * 10) + "]"
    doc, r = load(aliased, Limits(max_nodes=50))
    assert doc is None and r.codes() == ["alias-expansion"]
    assert (r.diagnostics[0].line, r.diagnostics[0].col) == (1, 4)  # the &a anchor


def test_deep_nesting_and_size_limits() -> None:
    _, r = load("[" * 200 + "]" * 200)
    assert r.codes() == ["too-deep"]
    assert (r.diagnostics[0].line, r.diagnostics[0].col) == (1, 65)  # where it goes too deep
    _, r = load("a: " + "x" * 200, Limits(max_bytes=100))
    assert r.codes() == ["file-too-large"]


def test_no_object_construction() -> None:
    doc, r = load("a: !!python/object/apply:os.system ['echo pwned']\n")
    assert r.codes() == ["yaml-tag"]
    assert doc is not None and doc.data == {"a": ["echo pwned"]}


def test_merge_keys_and_anchors_expand_as_plain_data() -> None:
    doc, r = load("base: &b {size: town, n: 1}\nz:\n  <<: *b\n  n: 2\n")
    assert not len(r) and doc is not None
    assert doc.data["z"] == {"size": "town", "n": 2}


def test_missing_file_and_folder(tmp_path) -> None:
    r = Report()
    assert load_file(tmp_path / "nope.yaml", r) is None
    assert load_file(tmp_path, r) is None
    assert r.codes() == ["file-not-found", "file-not-found"]


def test_references_resolve_relative_to_the_referencing_file(tmp_path) -> None:
    (tmp_path / "sub").mkdir()
    f = tmp_path / "sub" / "s.yaml"
    f.write_text("board: ../boards/b.yaml\n")
    doc = load_file(f, Report())
    assert doc is not None
    assert doc.resolve(doc.data["board"]) == (tmp_path / "boards" / "b.yaml").resolve()


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_give_a_report_never_an_exception(data: bytes) -> None:
    doc, r = load(data)
    assert doc is not None or r.has_errors


yaml_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=20)
)
yaml_docs = st.recursive(
    yaml_scalars,
    lambda kids: st.one_of(
        st.lists(kids, max_size=5), st.dictionaries(st.text(max_size=10), kids, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abz019:-[]{},&*!#'\"\n \t|>?%@`", max_size=200))
def test_random_yaml_like_text_never_raises(text: str) -> None:
    doc, r = load(text)
    assert doc is not None or r.has_errors


def test_a_symbolic_link_is_shown_as_itself(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """display_path names a link as the user typed it, not the file it points to (a
    refused '-o link' said 'target: is a symbolic link')."""
    from authoring.io.yamlio import display_path

    (tmp_path / "target").write_text("x")
    (tmp_path / "link").symlink_to(tmp_path / "target")
    monkeypatch.chdir(tmp_path)
    assert display_path(tmp_path / "link") == "link"
    assert display_path("link") == "link"
    assert display_path(tmp_path / "target") == "target"
    assert display_path("/elsewhere/x.yaml") == "/elsewhere/x.yaml"
