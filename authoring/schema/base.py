"""Pydantic base model and the bridge from pydantic errors to located diagnostics.

Every file kind (board, deck, scenario, content, manifest) is a tree of
:class:`Model` classes: strict about unknown keys, frozen, documented. Schema
problems are reported all at once, each at the line and column of the bad node,
with "did you mean …?" for misspelled keys (style.md §1).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable
from typing import Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationError

from authoring.diagnostics import Report, did_you_mean
from authoring.yamlio import YamlDoc

M = TypeVar("M", bound=BaseModel)

SCHEMA_URL = "https://resistance.invalid/schemas"  # editors use the relative path below


class Model(BaseModel):
    """Base of every file model: unknown keys are errors; objects are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """BaseModel classes reachable directly inside an annotation (through
    Optional, Union, list, dict values, Annotated)."""
    found: list[type[BaseModel]] = []
    stack = [annotation]
    while stack:
        a = stack.pop()
        if isinstance(a, type) and issubclass(a, BaseModel):
            found.append(a)
            continue
        origin = get_origin(a)
        if origin is typing.Annotated:
            stack.append(get_args(a)[0])
        elif origin in (Union, types.UnionType, list, tuple, set, frozenset):
            stack.extend(get_args(a))
        elif origin is dict:
            args = get_args(a)
            if len(args) == 2:
                stack.append(args[1])
    return found


def _field_names(model: type[BaseModel]) -> list[str]:
    names = []
    for name, f in model.model_fields.items():
        names.append(f.alias or name)
    return names


def _candidates_at(root: type[BaseModel], data_path: list[str | int]) -> list[str]:
    """Field names of the models that may sit at ``data_path`` under ``root``."""
    level: list[type[BaseModel]] = [root]
    for step in data_path:
        nxt: list[type[BaseModel]] = []
        for m in level:
            if isinstance(step, str):
                f = m.model_fields.get(step)
                if f is None:
                    for fi in m.model_fields.values():
                        if fi.alias == step:
                            f = fi
                if f is not None:
                    nxt.extend(_models_in(f.annotation))
            # an int step (list index / dict value) keeps the element models already found
        if isinstance(step, int) or not nxt:
            nxt = nxt or level if isinstance(step, int) else nxt
        level = list(dict.fromkeys(nxt))
        if not level:
            return []
    out: list[str] = []
    for m in level:
        out.extend(_field_names(m))
    return list(dict.fromkeys(out))


def _data_path(
    doc_data: Any, loc: Iterable[str | int], base: list[str | int], missing: bool = False
) -> list[str | int]:
    """Keep the loc elements that exist in the data (pydantic inserts union member
    names and function tags that are not keys)."""
    path: list[str | int] = list(base)
    cur = doc_data
    for step in base:
        try:
            cur = cur[step]
        except (KeyError, IndexError, TypeError):
            cur = None
    steps = list(loc)
    for i, step in enumerate(steps):
        last = i == len(steps) - 1
        if (
            isinstance(cur, dict)
            and step in cur
            or isinstance(cur, list)
            and isinstance(step, int)
            and 0 <= step < len(cur)
        ):
            path.append(step)
            cur = cur[step]  # type: ignore[index]
        elif (
            isinstance(cur, dict)
            and isinstance(step, str)
            and step not in cur
            and last
            and missing
            and not step[:1].isupper()
            and "[" not in step
            and "(" not in step
        ):
            # a missing key: keep it so the message names it, stop descending
            path.append(step)
            cur = None
    return path


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def validate(
    model: type[M],
    data: Any,
    doc: YamlDoc,
    report: Report,
    *,
    base: tuple[str | int, ...] = (),
    what: str = "document",
) -> M | None:
    """Validate ``data`` (found at ``base`` in ``doc``) against ``model``; report
    every problem at its place; return the model or None."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        seen: set[tuple[str, str]] = set()
        by_path: dict[str, list[dict[str, Any]]] = {}
        for detail in exc.errors(include_url=False):
            err: dict[str, Any] = dict(detail)
            path = _data_path(doc.data, err["loc"], list(base), err["type"] == "missing")
            by_path.setdefault(".".join(map(str, path)), []).append({**err, "_path": path})
        # a misspelled key is also a missing one: the unknown-key message names both
        meant: set[tuple[str, str]] = set()
        for errs in by_path.values():
            for e in errs:
                if e["type"] == "extra_forbidden" and e["_path"]:
                    p = e["_path"]
                    cands = _candidates_at(model, list(p[len(base) : -1]))
                    best = did_you_mean(str(p[-1]), cands)
                    if best:
                        meant.add((".".join(map(str, p[:-1])), best))
        for key in list(by_path):
            errs = [
                e
                for e in by_path[key]
                if not (
                    e["type"] == "missing"
                    and (".".join(map(str, e["_path"][:-1])), str(e["_path"][-1])) in meant
                )
            ]
            by_path[key] = errs
        # a union member that wanted a plain value (``title: text``) beside errors inside
        # the mapping that was given: the deeper errors say what is wrong
        for key in list(by_path):
            deeper = any(k.startswith(key + ".") and by_path[k] for k in by_path if k != key)
            if deeper:
                by_path[key] = [
                    e for e in by_path[key] if not isinstance(e.get("input"), dict | list)
                ]
        for errs in by_path.values():
            if not errs:
                continue
            # a union that failed every member yields one error per member: keep the
            # most informative (an unknown key or a literal choice beats a type error)
            errs.sort(key=lambda e: _rank(e["type"]))
            for err in errs[:1] if len({e["type"] for e in errs}) > 1 else errs:
                _report_one(model, doc, report, err, base, seen)
        return None


_FRIENDLY = {
    "model_type": "expected a mapping (key: value lines)",
    "model_attributes_type": "expected a mapping (key: value lines)",
    "dict_type": "expected a mapping (key: value lines)",
    "list_type": "expected a list",
    "tuple_type": "expected a list",
    "int_parsing": "expected a whole number",
    "int_type": "expected a whole number",
    "int_from_float": "expected a whole number",
    "float_parsing": "expected a number",
    "float_type": "expected a number",
    "string_type": "expected text",
    "bool_parsing": "expected true or false",
    "bool_type": "expected true or false",
}


def _rank(kind: str) -> int:
    order = ["extra_forbidden", "missing", "literal_error", "enum", "value_error"]
    return order.index(kind) if kind in order else len(order)


def _report_one(
    model: type[BaseModel],
    doc: YamlDoc,
    report: Report,
    err: dict[str, Any],
    base: tuple[str | int, ...],
    seen: set[tuple[str, str]],
) -> None:
    path: list[str | int] = err["_path"]
    kind = err["type"]
    where = ".".join(map(str, path)) or "(top level)"
    key = (where, kind)
    if key in seen:
        return
    seen.add(key)
    rel = path[len(base) :]
    if kind == "extra_forbidden":
        name = str(path[-1]) if path else "?"
        cands = _candidates_at(model, [p for p in rel[:-1]])
        best = did_you_mean(name, cands)
        mean = f" (did you mean '{best}'?)" if best else ""
        hint = f"allowed keys here: {', '.join(cands)}" if cands else None
        report.error(
            doc.span(path, key=True),
            "key-unknown",
            f"unknown key '{name}' in {_parent(path)}{mean}",
            hint,
        )
        return
    if kind == "missing":
        name = str(path[-1]) if path else "?"
        report.error(
            doc.span(path[:-1]),
            "key-missing",
            f"missing required key '{name}' in {_parent(path)}",
            f"add '{name}: …' here",
        )
        return
    value = err.get("input")
    msg = _FRIENDLY.get(kind, err["msg"])
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, ") :]
    code = "value-invalid"
    if kind.endswith("_type") or kind in (
        "model_type",
        "model_attributes_type",
        "dict_type",
        "list_type",
    ):
        code = "type-invalid"
    hint = None
    if kind == "literal_error":
        expected = err.get("ctx", {}).get("expected", "")
        choices = [
            c.strip().strip("'") for c in expected.replace(" or ", ",").split(",") if c.strip()
        ]
        best = did_you_mean(str(value), choices) if isinstance(value, str) else None
        mean = f" (did you mean '{best}'?)" if best else ""
        listed = ", ".join(f"'{c}'" for c in choices)
        report.error(
            doc.span(path), "value-choice", f"{where}: {_short(value)} is not one of {listed}{mean}"
        )
        return
    if isinstance(value, dict | list):
        shown = "a mapping" if isinstance(value, dict) else "a list"
        text = f"{where}: {msg}, got {shown}"
    else:
        text = f"{where}: {msg}, got {_short(value)}"
    report.error(doc.span(path), code, text, hint)


def _parent(path: list[str | int]) -> str:
    parent = ".".join(map(str, path[:-1]))
    return parent or "the top level"


def root_mapping(
    doc: YamlDoc, report: Report, what: str, keys: str, hint: str, base: tuple[str | int, ...] = ()
) -> dict[str, Any] | None:
    """The document's mapping at ``base``, or None after reporting that ``what`` (a
    board, a clue deck …) must be a mapping of ``keys``."""
    data = doc.get(base) if base else doc.data
    if isinstance(data, dict):
        return data
    shown = "a list" if isinstance(data, list) else repr(data)
    report.error(
        doc.span(base),
        "type-invalid",
        f"{what} must be a mapping of keys ({keys}), got {shown}",
        hint,
    )
    return None


def schema_line(kind: str, relative_to: str = "") -> str:
    """The editor hint line shipped at the top of every YAML file."""
    return f"# yaml-language-server: $schema={relative_to}schemas/{kind}.schema.json"
