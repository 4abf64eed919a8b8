"""``GameModel.from_json`` is documented to raise InputError on bad data (issue 27,
item 9): it raised TypeError, ValueError, FileExistsError and OSError for file paths and
contents a sender controls."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from authoring.io.errors import InputError
from authoring.model.game import GameModel, load_game


@pytest.fixture(scope="module")
def good() -> dict[str, Any]:
    return load_game("scenarios/scenario-1.yaml").to_json()


def _with(good: dict[str, Any], *extra: tuple[Any, Any], first: bool = False) -> dict[str, Any]:
    files = dict(extra) | good["files"] if first else good["files"] | dict(extra)
    return {**good, "files": files}


@pytest.mark.parametrize(("extra", "message"), [
    ([(5, {})], "file path 5 is not text"),
    ([("a\0b.yaml", {})], "file path 'a\\x00b.yaml': a file name cannot hold a NUL "
                          "character (\\0)"),
    ([("a", {}), ("a/b.yaml", {})], "file path 'a/b.yaml' cannot be a file of the game "
                                    "(file exists)"),
    ([("a/b.yaml", {}), ("a", {})], "file path 'a' cannot be a file of the game "
                                    "(is a directory)"),
    ([("x" * 300 + ".yaml", {})], "file path '" + "x" * 80 + "': the name "
                                  "xxxxxxxxxxxxxxxxxxxxxxxx….yaml is 305 bytes long; a file "
                                  "name has at most 255"),
    ([("/".join(["d"] * 3000) + ".yaml", {})], "cannot be a file of the game (file name "
                                               "too long)"),
    ([("z.yaml", object())], "file 'z.yaml' is not JSON data (Object of type object is not "
                             "JSON serializable)"),
    ([("z.yaml", float("nan"))], "file 'z.yaml' is not JSON data (Out of range float "
                                 "values are not JSON compliant"),
    ([("../x.yaml", {})], "file path '../x.yaml' leaves the game"),
])
def test_bad_files_are_input_errors(good: dict[str, Any], extra: list[tuple[Any, Any]],
                                    message: str) -> None:
    with pytest.raises(InputError) as info:
        GameModel.from_json(_with(good, *extra))
    assert message in str(info.value)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(name=st.text(max_size=20) | st.integers() | st.none(),
       content=st.recursive(st.none() | st.booleans() | st.floats() | st.text(max_size=5),
                            lambda inner: st.lists(inner, max_size=3), max_leaves=5))
def test_any_extra_file_is_a_game_or_an_input_error(good: dict[str, Any], name: Any,
                                                    content: Any) -> None:
    with contextlib.suppress(InputError):  # anything else fails the test
        GameModel.from_json(_with(good, (name, content), first=True))
