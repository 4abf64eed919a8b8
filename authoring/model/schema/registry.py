"""Every file kind's root model, for JSON Schema export and the shipped schema files."""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import CoreModeRef, CoreRef, DefsRef, GenerateJsonSchema

from authoring.io.yamlio import atomic_write

#: kind -> "module:Class" of its root model. Later capabilities add their kinds here.
SCHEMAS: dict[str, str] = {
    "board": "authoring.model.schema.board:BoardSpec",
    "characters": "authoring.model.schema.content:CharacterFile",
    "recruits": "authoring.model.schema.content:RecruitFile",
    "items": "authoring.model.schema.content:ItemFile",
    "special-items": "authoring.model.schema.content:SpecialItemFile",
    "resistance": "authoring.model.schema.content:ResistanceFile",
    "events": "authoring.model.schema.content:EventFile",
    "planning": "authoring.model.schema.content:PlanningFile",
    "manifest": "authoring.model.schema.content:Manifest",
    "deck": "authoring.model.schema.deck:DeckFile",
    "scenario": "authoring.model.schema.scenario:ScenarioSpec",
}

JSON_DIR = Path(__file__).resolve().parent / "json"


def model_for(kind: str) -> type[BaseModel]:
    module, name = SCHEMAS[kind].split(":")
    cls = getattr(importlib.import_module(module), name)
    assert isinstance(cls, type) and issubclass(cls, BaseModel)
    return cls


def json_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``kind``, with title and id, for people:
    see :func:`for_people`."""
    schema = model_for(kind).model_json_schema(by_alias=True, schema_generator=_ByTitle)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"{kind}.schema.json"
    schema["title"] = f"Project: Resistance {kind} file"
    return for_people(schema)


class _ByTitle(GenerateJsonSchema):
    """Definitions named by their model's title, its class name unless the model sets
    one: a schema class named for the code (``ZoneSpec``, the file as written, beside the
    model's ``Zone``) keeps the definition name the shipped schemas have (``Zone``)."""

    def get_defs_ref(self, core_mode_ref: CoreModeRef) -> DefsRef:
        ref, mode = core_mode_ref
        return super().get_defs_ref((CoreRef(re.sub(r"([\w.]+)\.(\w+)(?=:\d)", _titled, ref)), mode))


def _titled(m: re.Match[str]) -> str:
    cls = getattr(sys.modules.get(m[1]), m[2], None)
    title = cls.model_config.get("title") if isinstance(cls, type) and issubclass(
        cls, BaseModel) else None
    return f"{m[1]}.{title or m[2]}"


def for_people(schema: dict[str, Any]) -> dict[str, Any]:
    """What an editor shows a designer, from pydantic's schema: a union of one-key
    mappings (the ``where:`` predicates, the card effects) becomes one mapping whose
    keys are the alternatives, so completion offers ``region``, ``near`` … and a
    misspelt key is one error ("nearr is not allowed"), not one per alternative;
    titles are the keys a designer types, or what they hold in the designer's words
    (``zone``, ``action track``, ``predicate``), never a class name; a key without a
    description takes the one of what it holds."""
    defs: dict[str, Any] = schema.get("$defs", {})

    def target(node: Any) -> dict[str, Any] | None:
        if isinstance(node, dict) and isinstance(node.get("$ref"), str):
            found = defs.get(node["$ref"].rsplit("/", 1)[-1])
            return found if isinstance(found, dict) else None
        return None

    def one_key(d: dict[str, Any] | None) -> str | None:
        props = (d or {}).get("properties", {})
        if len(props) == 1 and (d or {}).get("additionalProperties") is False:
            return str(next(iter(props)))
        return None

    def merged(alternatives: list[Any]) -> dict[str, Any] | None:
        targets = [target(a) for a in alternatives]
        keys = [one_key(t) for t in targets]
        if len(alternatives) < 3 or None in keys:
            return None
        props = {}
        for key, t in zip(keys, targets, strict=True):
            assert key is not None and t is not None
            prop = dict(t["properties"][key])
            if t.get("description"):
                prop["description"] = t["description"]
            props[key] = prop
        out: dict[str, Any] = {"type": "object", "properties": props,
                               "additionalProperties": False, "minProperties": 1}
        if "all" not in props:  # predicates: several keys are all of them; effects: one
            out["maxProperties"] = 1
        out["title"] = next((t for k, t in _MERGED_TITLES.items() if k in props),
                            "one of " + ", ".join(props))
        return out

    def described(node: dict[str, Any]) -> str | None:
        for inner in [node, node.get("items"), *node.get("anyOf", []),
                      *(node.get("items") or {}).get("anyOf", [])]:
            t = target(inner)
            if t is not None and t.get("description"):
                return str(t["description"])
            if isinstance(inner, dict) and inner is not node and inner.get("description"):
                return str(inner["description"])
        return None

    def visit(node: Any) -> Any:
        if isinstance(node, list):
            return [visit(n) for n in node]
        if not isinstance(node, dict):
            return node
        union = "anyOf" if isinstance(node.get("anyOf"), list) else "oneOf"
        if isinstance(node.get(union), list):
            m = merged(node[union])
            if m is not None:  # one shared definition: the unions are recursive (all: …)
                keys = m["properties"]
                name = ("where" if "all" in keys else "effect" if "skill_bonus" in keys
                        else "one-of-" + "-".join(sorted(keys))[:60])
                if name not in defs:
                    defs[name] = m
                    merged_names.add(name)
                    todo.append(name)
                node = {"$ref": f"#/$defs/{name}",
                        **{k: v for k, v in node.items() if k not in (union, "discriminator")}}
        node = {k: visit(v) for k, v in node.items()}
        if isinstance(node.get("properties"), dict):
            for key, prop in node["properties"].items():
                if not isinstance(prop, dict):
                    continue
                prop["title"] = key
                if "description" not in prop:
                    found = described(prop)
                    if found:
                        prop["description"] = found
                    elif key == "kind":
                        prop["description"] = "What this file is; optional when its name says it."
        return node

    todo: list[str] = list(defs)
    merged_names: set[str] = set()
    out: dict[str, Any] = visit({k: v for k, v in schema.items() if k != "$defs"})
    done: set[str] = set()
    while todo:
        name = todo.pop(0)
        if name not in done:
            done.add(name)
            defs[name] = visit(defs[name])
    if defs:
        out["$defs"] = dict(sorted(defs.items()))
    for name, d in out.get("$defs", {}).items():
        # an editor labels a definition by its title, else by the name its $ref ends
        # with (a class name): the skeleton of an entry's required keys ("Zone"), the
        # type in "Incorrect type. Expected …"; so it is titled in a designer's words
        if name not in merged_names:
            d["title"] = people_name(name)
    # drop the definitions the merged unions no longer use
    while True:
        text = json.dumps({k: v for k, v in out.items() if k != "$defs"}) + json.dumps(
            list(out.get("$defs", {}).values()))
        unused = [k for k in out.get("$defs", {}) if f'"#/$defs/{k}"' not in text]
        if not unused:
            break
        for k in unused:
            del out["$defs"][k]
    return out


#: the title of a merged union, by a key only it has: what an editor calls it
_MERGED_TITLES = {"all": "predicate", "skill_bonus": "effect"}


def people_name(definition: str) -> str:
    """A definition's name in a designer's words: ``Zone`` → ``zone``, ``ActionTrack`` →
    ``action track``, ``NearSpec`` → ``near``, ``authoring__model__effects__DestroyBase``
    → ``destroy base`` (pydantic's name for a class two modules define)."""
    name = definition.rsplit("__", 1)[-1]
    words = re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+", name) or [name]
    if len(words) > 1 and words[-1] in ("Spec", "Ref"):
        words.pop()
    return " ".join(w.lower() for w in words)


def write_all(directory: Path = JSON_DIR) -> list[Path]:
    """Regenerate the shipped schema files (tests check they are up to date)."""
    directory.mkdir(parents=True, exist_ok=True)
    out = []
    for kind in sorted(SCHEMAS):
        p = directory / f"{kind}.schema.json"
        with atomic_write(p, "w") as fh:
            fh.write(json.dumps(json_schema(kind), indent=2, ensure_ascii=False) + "\n")
        out.append(p)
    return out
