"""Every file kind's root model, for JSON Schema export and the shipped schema files."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

#: kind -> "module:Class" of its root model. Later capabilities add their kinds here.
SCHEMAS: dict[str, str] = {
    "board": "authoring.model.schema.board:Board",
    "characters": "authoring.model.schema.content:CharacterFile",
    "recruits": "authoring.model.schema.content:RecruitFile",
    "items": "authoring.model.schema.content:ItemFile",
    "special-items": "authoring.model.schema.content:SpecialItemFile",
    "resistance": "authoring.model.schema.content:ResistanceFile",
    "events": "authoring.model.schema.content:EventFile",
    "planning": "authoring.model.schema.content:PlanningFile",
    "manifest": "authoring.model.schema.content:Manifest",
    "deck": "authoring.model.schema.deck:DeckFile",
    "scenario": "authoring.model.schema.scenario:Scenario",
}

JSON_DIR = Path(__file__).resolve().parent / "json"


def model_for(kind: str) -> type[BaseModel]:
    module, name = SCHEMAS[kind].split(":")
    cls = getattr(importlib.import_module(module), name)
    assert isinstance(cls, type) and issubclass(cls, BaseModel)
    return cls


def json_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``kind``, with title and id."""
    schema = model_for(kind).model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"{kind}.schema.json"
    schema.setdefault("title", f"Project: Resistance {kind} file")
    return schema


def write_all(directory: Path = JSON_DIR) -> list[Path]:
    """Regenerate the shipped schema files (tests check they are up to date)."""
    directory.mkdir(parents=True, exist_ok=True)
    out = []
    for kind in sorted(SCHEMAS):
        p = directory / f"{kind}.schema.json"
        p.write_text(json.dumps(json_schema(kind), indent=2, ensure_ascii=False) + "\n", "utf-8")
        out.append(p)
    return out
