"""The JSON Schemas as an editor shows them to a designer (issue 15): completion labels
and titles are the YAML keys, never a class name; every board key is documented; the
predicates are one mapping of keys, so a misspelt one is a single error."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from pydantic import BaseModel

from authoring.cli import cli
from authoring.model import effects, predicates
from authoring.model.schema import board, content, deck, scenario
from authoring.model.schema.registry import SCHEMAS, json_schema


def class_names() -> set[str]:
    names = set()
    for module in (board, content, deck, scenario, predicates, effects):
        for name, obj in vars(module).items():
            if inspect.isclass(obj) and issubclass(obj, BaseModel):
                names.add(name)
    return names


def walk(node: Any, key: str = ""):
    if isinstance(node, dict):
        yield key, node
        for k, v in node.items():
            yield from walk(v, k)
    elif isinstance(node, list):
        for v in node:
            yield from walk(v, key)


def test_no_title_is_a_class_name() -> None:
    classes = class_names()
    assert {"RegionIs", "SizeIs", "ZoneSpec", "DestroyBase", "DestroyBaseObjective"} <= classes
    for kind in SCHEMAS:
        schema = json_schema(kind)
        titles = [n["title"] for _, n in walk(schema) if isinstance(n.get("title"), str)]
        assert not classes & set(titles), (kind, sorted(classes & set(titles)))


def test_every_definition_has_a_title() -> None:
    """Without one, the YAML language server labels an entry's skeleton (its required
    keys) and names the expected type after the $ref: 'Zone', 'NearSpec'."""
    for kind in SCHEMAS:
        defs = json_schema(kind).get("$defs", {})
        assert [n for n, d in defs.items() if not d.get("title")] == [], kind
    titles = json_schema("board")["$defs"]
    assert (titles["Zone"]["title"], titles["ActionTrack"]["title"]) == ("zone", "action track")
    assert json_schema("deck")["$defs"]["where"]["title"] == "predicate"


def test_every_board_key_has_a_description() -> None:
    schema = json_schema("board")
    missing = [(k, p) for _, n in walk(schema) for k, p in n.get("properties", {}).items()
               if isinstance(p, dict) and not p.get("description")]
    assert missing == []
    top = schema["properties"]
    for key in ("zones", "roads", "terrain", "regions", "id", "region_order"):
        assert len(top[key]["description"]) > 15, key


def test_predicates_are_one_mapping_of_keys() -> None:
    where = json_schema("deck")["$defs"]["where"]
    assert where["additionalProperties"] is False
    assert {"region", "size", "near", "within", "all", "any", "not"} <= set(where["properties"])
    assert "maxProperties" not in where  # several keys: all of them
    effect = json_schema("items")["$defs"]["effect"]
    assert effect["maxProperties"] == 1 and "skill_bonus" in effect["properties"]


def test_schema_write_writes_every_kind(tmp_path: Path) -> None:
    r = CliRunner().invoke(cli, ["schema", "--write", str(tmp_path / "s")])
    assert r.exit_code == 0, r.output
    files = sorted(p.name for p in (tmp_path / "s").iterdir())
    assert files == sorted(f"{k}.schema.json" for k in SCHEMAS)
    assert json.loads((tmp_path / "s" / "board.schema.json").read_text("utf-8"))["$id"] == \
        "board.schema.json"
