"""Pydantic base model and the bridge from pydantic errors to located diagnostics.

Every file kind (board, deck, scenario, content, manifest) is a tree of
:class:`Model` classes: strict about unknown keys, frozen, documented. Schema
problems are reported all at once, each at the line and column of the bad node,
with "did you mean …?" for misspelled keys (style.md §1). After schema errors,
:func:`salvage` validates what is left without the parts that hold them, so that
the loaders check the rest of the file too; :class:`Salvaged` says what was
dropped, for the checks that would only report its consequences.
"""

from __future__ import annotations

import copy
import functools
import math
import re
import types
import typing
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from annotated_types import MinLen
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, create_model
from pydantic.fields import FieldInfo

from authoring.io.diagnostics import Report, Span, did_you_mean
from authoring.io.wording import count_of
from authoring.io.yamlio import YamlDoc, human_path, path_problem
from authoring.model.rules import BOOK_LEVELS

M = TypeVar("M", bound=BaseModel)
DataPath = tuple[str | int, ...]

SCHEMA_URL = "https://resistance.invalid/schemas"  # editors use the relative path below


class Model(BaseModel):
    """Base of every file model: unknown keys are errors; objects are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True,
                              allow_inf_nan=False)


# every file (content, scenario) writes a translated text so; its docstring and field
# descriptions are what the JSON Schemas show


class LocalText(Model):
    """A text in French (the rule book's language) and, optionally, English."""

    fr: str = Field(min_length=1, description="French text (printed by default).")
    en: str | None = Field(default=None, description="English text.")


#: a validator's message may end with this and a hint, printed on the hint line
HINT_MARK = "\nhint: "


def _file_ref(value: str) -> str:
    problem = path_problem(value)
    if problem is not None:
        raise ValueError(f"{problem}{HINT_MARK}write the path of the file, relative to this one")
    return value


#: a file reference written in a file (relative to it): a name a file system accepts
FileRef = Annotated[str, AfterValidator(_file_ref)]


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
    out: list[str] = []
    for m in _models_at(root, data_path):
        out.extend(_field_names(m))
    return list(dict.fromkeys(out))


def _models_at(root: type[BaseModel], data_path: list[str | int],
               keyed: bool = False) -> list[type[BaseModel]]:
    """The models that may sit at ``data_path`` under ``root``; ``keyed``: a name no
    model there has is a mapping's key (``difficulty: {easy: …}``), its values' models."""
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
            nxt = nxt or level if isinstance(step, int) or keyed else nxt
        level = list(dict.fromkeys(nxt))
        if not level:
            return []
    return level


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
        elif isinstance(cur, list) and isinstance(step, int) and last and missing:
            path.append(step)  # a missing item of a fixed-length list: "too few items"
            cur = None
    return path


def _field_at(root: type[BaseModel], data_path: Sequence[str | int]) -> FieldInfo | None:
    """The field of the models under ``root`` that a data path ends in (its last key)."""
    keys = [i for i, step in enumerate(data_path) if isinstance(step, str)]
    if not keys:
        return None
    last = keys[-1]
    name = str(data_path[last])
    for m in _models_at(root, list(data_path[:last]), keyed=True):
        for fname, f in m.model_fields.items():
            if name in (fname, f.alias):
                return f
    return None


#: the text forms the schema asks for (``Field(pattern=…)``), each with its sentence
COLOUR = r"^#[0-9a-fA-F]{6}$"
CARD_ID = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
LETTER = r"^[A-Z]$"
SCENARIO_ID = r"^[a-z0-9][a-z0-9-]*$"
#: the schema's text patterns in a designer's words (the raw regex means nothing to one)
PATTERNS = {
    COLOUR: ("expected a colour as # and six hexadecimal digits",
             "write it like \"#3f7fbf\" (quoted: YAML reads # as a comment)"),
    CARD_ID: ("expected an id of small letters, digits and single dashes",
              "e.g. my-card-2 (no spaces, no accents)"),
    LETTER: ("expected one capital letter", "e.g. A"),
    SCENARIO_ID: ("expected an id of small letters, digits and dashes",
                  "e.g. night-raid (no spaces, no accents)"),
}


def _short(value: Any) -> str:
    if isinstance(value, float) and not math.isfinite(value):
        return ".nan" if math.isnan(value) else ".inf" if value > 0 else "-.inf"  # as written
    if isinstance(value, bool):
        return "true" if value else "false"  # as YAML writes them
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
        above: set[str] = set()  # every proper prefix of a path that holds errors
        for k, errs in by_path.items():
            if errs:
                parts = k.split(".")
                above.update(".".join(parts[:i]) for i in range(1, len(parts)))
        for key in list(by_path):
            if key in above:
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
    "finite_number": "expected a finite number",
    "string_type": "expected text",
    "bool_parsing": "expected true or false",
    "bool_type": "expected true or false",
}


#: a number as a quoted string holds it ("0.6"): the hint says to unquote it
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")

_BOUNDS = {
    "less_than_equal": "expected at most {}",
    "greater_than_equal": "expected at least {}",
    "less_than": "expected less than {}",
    "greater_than": "expected more than {}",
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
    # as written: in a salvaged document, a dropped list element shifts the indices
    written = doc.raw_path(path) if isinstance(doc, SalvagedDoc) else tuple(path)
    where = human_path(written, doc.data) or "(top level)"
    key = (where, kind)
    if key in seen:
        return
    seen.add(key)
    rel = path[len(base) :]
    field = _field_at(model, rel)
    about = _about(rel, field)
    if kind == "extra_forbidden":
        name = str(path[-1]) if path else "?"
        cands = _candidates_at(model, [p for p in rel[:-1]])
        best = did_you_mean(name, cands)
        mean = f" (did you mean '{best}'?)" if best else ""
        hint = f"allowed keys here: {', '.join(cands)}" if cands else None
        report.error(
            doc.span(path, key=True),
            "key-unknown",
            f"unknown key '{name}' in {_parent(list(written))}{mean}",
            hint,
        )
        return
    if kind == "missing" and path and isinstance(path[-1], int):
        # a fixed-length list with too few items (``at: [430]``): the key is there
        given = doc.get(path[:-1])
        got = len(given) if isinstance(given, list) else 0
        want = _arity(field) or path[-1] + 1
        report.error(doc.span(path[:-1]), "value-invalid",
                     f"{human_path(written[:-1])}: expected {_items(want)}, got {got}",
                     about or f"write {want} values in square brackets")
        return
    if kind == "missing":
        name = str(path[-1]) if path else "?"
        report.error(
            doc.span(path[:-1]),
            "key-missing",
            f"missing required key '{name}' in {_parent(list(written))}",
            f"add '{name}: …' here" + (f" ({about})" if about else ""),
        )
        return
    value = err.get("input")
    ctx = err.get("ctx") or {}
    msg = _FRIENDLY.get(kind, err["msg"])
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, ") :]
    msg, _, given_hint = msg.partition(HINT_MARK)
    code = "value-invalid"
    if kind.endswith("_type") or kind in (
        "model_type",
        "model_attributes_type",
        "dict_type",
        "list_type",
    ):
        code = "type-invalid"
    hint = given_hint or None
    if kind == "finite_number":
        hint = ".inf, .nan and numbers too large for the machine (beyond about 1.8e308) mean " \
            "nothing on a table: write an ordinary number"
    elif kind in ("float_type", "int_type") and isinstance(value, bool):
        hint = f"{_short(value)} is yes or no, not a number: write the number"
    elif kind in ("float_type", "int_type") and isinstance(value, str) \
            and _NUMBER.fullmatch(value.strip()):
        hint = f"write {value.strip()} without quotes: quoted, it is text"
    elif kind == "string_pattern_mismatch":
        msg, hint = PATTERNS.get(str(ctx.get("pattern")),
                                 (f"does not have the expected form ({ctx.get('pattern')})", None))
    elif kind in _BOUNDS:
        bound = next((ctx[k] for k in ("le", "ge", "lt", "gt") if k in ctx), "?")
        msg = _BOUNDS[kind].format(f"{bound:g}" if isinstance(bound, float) else bound)
        if kind == "less_than_equal" and bound == 1 and isinstance(value, int | float) \
                and 1 < value <= 100:  # a rate written as a percentage
            hint = "a rate is a fraction of 1, from 0 to 1" + (
                f": write {value / 100:g} for {value:g} %" if value >= 5 else " (0.6 for 60 %)")
    elif kind in ("too_long", "too_short"):
        arity = _arity(field)
        actual = ctx.get("actual_length", len(value) if isinstance(value, list | str) else "?")
        if arity is not None:
            msg = f"expected {_items(arity)}"
        elif kind == "too_long":
            msg = f"expected at most {_items(ctx.get('max_length'))}"
        else:
            msg = f"expected at least {_items(ctx.get('min_length'))}"
        report.error(doc.span(path), code, f"{where}: {msg}, got {actual}", hint or about)
        return
    if kind == "literal_error":
        expected = ctx.get("expected", "")
        choices = [
            c.strip().strip("'") for c in expected.replace(" or ", ",").split(",") if c.strip()
        ]
        best = did_you_mean(str(value), choices) if isinstance(value, str) else None
        book = BOOK_LEVELS.get(str(value).strip().lower()) if isinstance(value, str) else None
        if book in choices:  # the rule book's French level name (Facile …)
            best = book
        mean = f" (did you mean '{best}'?)" if best else ""
        listed = ", ".join(f"'{c}'" for c in choices)
        report.error(
            doc.span(path), "value-choice", f"{where}: {_short(value)} is not one of {listed}{mean}",
            about,
        )
        return
    if kind == "value_error" and (isinstance(value, dict | list) or _short(value) in msg):
        text = f"{where}: {msg}"  # the check's own sentence already shows the value
    elif isinstance(value, dict | list):
        shown = "a mapping" if isinstance(value, dict) else "a list"
        text = f"{where}: {msg}, got {shown}"
    elif value is None:
        text = f"{where}: {msg}, got nothing (the value is empty)"
    else:
        text = f"{where}: {msg}, got {_short(value)}"
    report.error(doc.span(path), code, text, hint or about)


def _about(rel: Sequence[str | int], field: FieldInfo | None) -> str | None:
    """What a field is, from its schema description (the hint of last resort)."""
    if field is None or not field.description:
        return None
    name = next((str(s) for s in reversed(rel) if isinstance(s, str)), "")
    text = field.description.strip().rstrip(".")
    return f"{name}: {text[:1].lower()}{text[1:]}" if name else text


def _arity(field: FieldInfo | None) -> int | None:
    """The fixed number of items of a tuple field (``at: [x, y]`` is 2), if any."""
    if field is None:
        return None
    for a in _flat([field.annotation]):
        args = get_args(a)
        if get_origin(a) is tuple and args and args[-1] is not Ellipsis:
            return len(args)
    return None


def _parent(path: list[str | int]) -> str:
    return human_path(path[:-1]) or "the top level"


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


# -- salvage: check the rest of a file that has schema errors ---------------------------


class SalvagedDoc(YamlDoc):
    """A document without the parts that were dropped to salvage its model: ``data`` is
    what the model was validated from, and ``span`` maps its paths back to the written
    file (a dropped list element shifts the indices after it)."""

    def __init__(self, doc: YamlDoc, data: Any, shifts: dict[DataPath, tuple[int, ...]]):
        super().__init__(doc.file, doc.path, data, doc.locs, doc.key_locs)
        self.shifts = shifts

    def raw_path(self, path: Sequence[str | int]) -> DataPath:
        """The written path of the node at ``path`` in ``data``."""
        return _raw(path, self.shifts)

    def span(self, path: Sequence[str | int] = (), *, key: bool = False) -> Span:
        return super().span(self.raw_path(path), key=key)


@dataclass(frozen=True)
class Salvaged:
    """What was dropped from a document to validate the rest (written paths), and the
    view of the document (``doc``) whose paths match the salvaged model."""

    doc: YamlDoc
    source: YamlDoc
    dropped: frozenset[DataPath] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.dropped)

    def raw(self, path: Sequence[str | int]) -> DataPath:
        """The written path of a path of the salvaged model."""
        return self.doc.raw_path(path) if isinstance(self.doc, SalvagedDoc) else tuple(path)

    def kept(self, raw: Sequence[str | int]) -> DataPath | None:
        """The salvaged model's path of a written path; None when it was dropped."""
        if not isinstance(self.doc, SalvagedDoc):
            return tuple(raw)
        return _kept(raw, self.doc.shifts, self.dropped)

    def hit(self, *path: str | int) -> bool:
        """True when something at, under or above ``path`` (a path of the salvaged model)
        was dropped: a check that depends on it would report a consequence, not a problem."""
        if not self.dropped:
            return False
        raw = self.raw(path)
        return any(d[: len(raw)] == raw or raw[: len(d)] == d for d in self.dropped)

    def touches(self, path: str) -> bool:
        """Whether a diagnostic at the dotted written ``path`` is about a node with a
        dropped part (or inside a dropped node's parent that fell back to a default)."""
        if not self.dropped or not path:
            return False
        for d in self.dropped:
            dp = ".".join(map(str, d))
            if dp == path or dp.startswith(path + ".") or path.startswith(dp + "."):
                return True
        return False

    def dropped_under(self, *raw: str | int) -> list[tuple[DataPath, Any]]:
        """The dropped nodes directly under the written path ``raw``, with their written
        values (e.g. the zones dropped from a board, to know their ids)."""
        return sorted(
            ((d, self.source.get(d)) for d in self.dropped if d[:-1] == raw),
            key=lambda dv: str(dv[0][-1]).zfill(9),
        )


def validate_salvaged(
    model: type[M],
    data: Any,
    doc: YamlDoc,
    report: Report,
    *,
    base: tuple[str | int, ...] = (),
    what: str = "document",
) -> tuple[M | None, Salvaged]:
    """:func:`validate`, then, when it reported errors, the model of what is left once
    the parts holding them are dropped (see :func:`salvage`), so that the loaders can
    check the rest of the file too (all problems at once)."""
    got = validate(model, data, doc, report, base=base, what=what)
    if got is not None:
        return got, Salvaged(doc, doc)
    return salvage(model, data, doc, base=base)


def salvage(
    model: type[M],
    data: Any,
    doc: YamlDoc,
    *,
    base: tuple[str | int, ...] = (),
    rounds: int = 8,
) -> tuple[M | None, Salvaged]:
    """Validate ``data`` (found at ``base`` in ``doc``) after dropping, for each schema
    error, the smallest part that holds it: the unknown key itself, an optional key (its
    default applies), a list element or a mapping entry. A required list left shorter than
    its minimum by the drops is accepted as it is. Nothing is reported; the model is None
    when the errors sit in required parts up to the top level."""
    dropped: set[DataPath] = set()  # relative to base, written paths
    relaxed: set[DataPath] = set()  # lists allowed below their minimum length
    for _ in range(rounds):
        shifts = _shifts(data, dropped)
        pruned = _prune(data, dropped)
        got, errors = _attempt(model, pruned, relaxed, shifts, dropped)
        if got is not None:
            full = {(*base, *d) for d in dropped}
            view = SalvagedDoc(doc, _prune(doc.data, full), _shifts(doc.data, full))
            return got, Salvaged(view, doc, frozenset(full))
        progress = False
        for path, kind in errors:
            raw = _raw(path, shifts)
            target = _target(model, data, raw, kind, dropped)
            if target is None:
                return None, Salvaged(doc, doc)
            # 'candidate:' was meant as 'candidates:': its default does not say what was meant
            meant = _meant(model, data, raw) if kind == "extra_forbidden" else None
            if meant is not None:
                dropped.add(meant)
            if target[0] == "relax":
                progress |= target[1] not in relaxed
                relaxed.add(target[1])
            else:
                progress |= target[1] not in dropped
                dropped.add(target[1])
        if not progress:
            break
    return None, Salvaged(doc, doc)


def _attempt(
    model: type[M],
    pruned: Any,
    relaxed: set[DataPath],
    shifts: dict[DataPath, tuple[int, ...]],
    dropped: set[DataPath],
) -> tuple[M | None, list[tuple[DataPath, str]]]:
    """One validation of the pruned data; the relaxed lists' models are validated first
    with their minimum length lifted and put in place (pydantic keeps a model instance)."""
    errors: list[tuple[DataPath, str]] = []
    groups: dict[DataPath, set[str]] = {}
    for lst in relaxed:
        groups.setdefault(lst[:-1], set()).add(str(lst[-1]))
    top = groups.pop((), None)
    for owner in sorted(groups, key=len, reverse=True):
        at = _kept(owner, shifts, dropped)
        if at is None:
            continue
        cls = _model_at(model, pruned, at)
        value = _get(pruned, at)
        if cls is None or not isinstance(value, dict):
            continue
        try:
            inst = _lenient(cls, frozenset(groups[owner])).model_validate(value)
        except ValidationError as exc:
            errors += [(at + _loc(value, e), e["type"]) for e in exc.errors(include_url=False)]
            continue
        pruned = _set(pruned, at, inst)
    root = _lenient(model, frozenset(top)) if top else model
    try:
        return root.model_validate(pruned), []  # type: ignore[return-value]
    except ValidationError as exc:
        return None, errors + [(_loc(pruned, e), e["type"]) for e in exc.errors(include_url=False)]


def _loc(data: Any, err: Any) -> DataPath:
    """The data path of a pydantic error (union tags left out); a missing key stays last."""
    return tuple(_data_path(data, err["loc"], [], err["type"] == "missing"))


def _target(
    model: type[BaseModel], data: Any, raw: DataPath, kind: str, dropped: set[DataPath]
) -> tuple[str, DataPath] | None:
    """What to drop (or relax) for one error at the written path ``raw``; None when the
    error holds the whole document."""
    if kind == "extra_forbidden" and raw:
        return ("drop", raw)
    if raw and not _has(data, raw):
        raw = raw[:-1]  # a missing key: its mapping holds the error
    kinds, _ = _walk(model, data, raw)
    if (
        kind == "too_short"
        and raw
        and kinds[-1] == "required"
        and any(d[:-1] == raw for d in dropped)
        and _model_at(model, data, raw[:-1]) is not None
    ):
        return ("relax", raw)
    for k in range(len(raw), 0, -1):
        if kinds[k - 1] in ("optional", "item", "entry"):
            return ("drop", raw[:k])
    return None


def _meant(model: type[BaseModel], data: Any, raw: DataPath) -> DataPath | None:
    """The absent key an unknown key was probably meant as (a misspelling), if any."""
    value = _get(data, raw[:-1])
    if not isinstance(value, dict):
        return None
    _, level = _walk(model, data, raw[:-1])
    names = [
        f.alias or name
        for m in _pick([a for a in _flat(level) if _is_model(a)], value)
        for name, f in m.model_fields.items()
    ]
    best = did_you_mean(str(raw[-1]), names)
    return (*raw[:-1], best) if best is not None and best not in value else None


def _flat(level: Iterable[Any]) -> list[Any]:
    """The annotations a value may have: Annotated, Optional and unions unwrapped."""
    out: list[Any] = []
    stack = list(level)
    while stack:
        a = stack.pop()
        origin = get_origin(a)
        if origin is typing.Annotated:
            stack.append(get_args(a)[0])
        elif origin in (Union, types.UnionType):
            stack.extend(get_args(a))
        else:
            out.append(a)
    return out


def _is_model(a: Any) -> bool:
    return isinstance(a, type) and issubclass(a, BaseModel)


def _entity(a: Any) -> bool:
    """Whether list elements of this type stand on their own (a mapping, a name)."""
    return _is_model(a) or a is str or get_origin(a) in (dict, Literal)


def _pick(models: list[type[BaseModel]], value: dict[Any, Any]) -> list[type[BaseModel]]:
    """The union members a mapping is meant for: those whose tag fields (required
    literals, e.g. ``kind``) it matches; else those without a tag; else all."""

    def tags(m: type[BaseModel]) -> list[tuple[str, tuple[Any, ...]]]:
        return [
            (f.alias or name, get_args(f.annotation))
            for name, f in m.model_fields.items()
            if f.is_required() and get_origin(f.annotation) is Literal
        ]

    matched = [m for m in models if tags(m) and all(value.get(k) in args for k, args in tags(m))]
    return matched or [m for m in models if not tags(m)] or models


def _field(m: type[BaseModel], key: Any) -> Any:
    for name, f in m.model_fields.items():
        if key in (name, f.alias):
            return f
    return None


def _walk(root: type[BaseModel], data: Any, path: DataPath) -> tuple[list[str], list[Any]]:
    """Along ``path`` in ``data``: what each step is (``required`` / ``optional`` key of a
    model, list ``item``, mapping ``entry``, ``fixed`` tuple place, ``unknown``), and the
    annotations of the node reached."""
    kinds: list[str] = []
    level: list[Any] = [root]
    cur = data
    for step in path:
        anns = _flat(level)
        kind, nxt = "unknown", []
        if isinstance(cur, dict):
            models = _pick([a for a in anns if _is_model(a)], cur)
            fields = [f for m in models if (f := _field(m, step)) is not None]
            if fields:
                kind = "optional" if not any(f.is_required() for f in fields) else "required"
                nxt = [f.annotation for f in fields]
            else:
                maps = [get_args(a) for a in anns if get_origin(a) is dict]
                if maps:
                    kind, nxt = "entry", [args[1] for args in maps if len(args) == 2]
        elif isinstance(cur, list) and isinstance(step, int):
            seqs = [get_args(a) for a in anns if get_origin(a) in (list, set, frozenset)]
            tuples = [get_args(a) for a in anns if get_origin(a) is tuple]
            if seqs:
                nxt = [args[0] for args in seqs if args]
                # cards, zones, ids are dropped one by one; not a point of an outline or a
                # cell of a track (the rest would mean something else)
                kind = "item" if any(_entity(a) for a in _flat(nxt)) else "fixed"
            elif tuples:
                kind = "fixed"
                nxt = [a[0] if a[-1] is Ellipsis else a[step] for a in tuples if step < len(a)]
        kinds.append(kind)
        level = nxt
        try:
            cur = cur[step]
        except (KeyError, IndexError, TypeError):
            cur = None
    return kinds, level


def _model_at(root: type[BaseModel], data: Any, path: DataPath) -> type[BaseModel] | None:
    """The one model class the mapping at ``path`` is validated as, or None if unsure."""
    _, level = _walk(root, data, path)
    value = _get(data, path)
    if not isinstance(value, dict):
        return None
    models = _pick([a for a in _flat(level) if _is_model(a)], value)
    return models[0] if len(models) == 1 else None


@functools.cache
def _lenient(cls: type[BaseModel], names: frozenset[str]) -> type[BaseModel]:
    """A subclass of ``cls`` whose list fields ``names`` have no minimum length."""
    fields: dict[str, Any] = {}
    for name in names:
        f = cls.model_fields.get(name) or _field(cls, name)
        if f is None:
            continue
        g = copy.copy(f)
        g.metadata = [m for m in f.metadata if not isinstance(m, MinLen)]
        key = next(n for n, fi in cls.model_fields.items() if fi is f)
        fields[key] = (f.annotation, g)
    return create_model(
        cls.__name__, __base__=cls, __module__=cls.__module__, **fields
    )


def _get(data: Any, path: Sequence[str | int]) -> Any:
    cur = data
    for k in path:
        try:
            cur = cur[k]
        except (KeyError, IndexError, TypeError):
            return None
    return cur


def _has(data: Any, path: Sequence[str | int]) -> bool:
    cur = data
    for k in path:
        ok = (
            k in cur if isinstance(cur, dict) else isinstance(cur, list) and 0 <= _int(k) < len(cur)
        )
        if not ok:
            return False
        cur = cur[k]
    return True


def _int(k: str | int) -> int:
    return k if isinstance(k, int) else -1


def _set(data: Any, path: DataPath, value: Any) -> Any:
    """``data`` with the node at ``path`` replaced (copies along the path only)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, head: _set(data[head], rest, value)}
    out = list(data)
    assert isinstance(head, int)
    out[head] = _set(out[head], rest, value)
    return out


def _prune(data: Any, dropped: Iterable[DataPath]) -> Any:
    """A copy of ``data`` without the nodes at ``dropped`` (copies along their paths only)."""
    gone = set(dropped)
    inner = {d[:i] for d in gone for i in range(len(d))}

    def walk(node: Any, at: DataPath) -> Any:
        if at not in inner:
            return node
        if isinstance(node, dict):
            return {k: walk(v, (*at, k)) for k, v in node.items() if (*at, k) not in gone}
        if isinstance(node, list):
            return [walk(v, (*at, i)) for i, v in enumerate(node) if (*at, i) not in gone]
        return node

    return walk(data, ())


def _shifts(data: Any, dropped: Iterable[DataPath]) -> dict[DataPath, tuple[int, ...]]:
    """Per written list, the indices of its dropped elements (sorted)."""
    out: dict[DataPath, list[int]] = {}
    for d in dropped:
        if d and isinstance(d[-1], int) and isinstance(_get(data, d[:-1]), list):
            out.setdefault(d[:-1], []).append(d[-1])
    return {k: tuple(sorted(v)) for k, v in out.items()}


def _raw(path: Sequence[str | int], shifts: dict[DataPath, tuple[int, ...]]) -> DataPath:
    """The written path of a path in the pruned data."""
    out: list[str | int] = []
    for step in path:
        gone = shifts.get(tuple(out))
        if gone and isinstance(step, int):
            for d in gone:
                if d <= step:
                    step += 1
        out.append(step)
    return tuple(out)


def _kept(
    raw: Sequence[str | int], shifts: dict[DataPath, tuple[int, ...]], dropped: Iterable[DataPath]
) -> DataPath | None:
    """The pruned data's path of a written path; None when it (or a parent) was dropped."""
    gone = set(dropped)
    out: list[str | int] = []
    for i, step in enumerate(raw):
        if tuple(raw[: i + 1]) in gone:
            return None
        skipped = shifts.get(tuple(raw[:i]))
        if skipped and isinstance(step, int):
            step -= sum(1 for d in skipped if d < step)
        out.append(step)
    return tuple(out)


def _items(n: object) -> str:
    """``1 item`` / ``3 items`` (a bound pydantic gives as a number, or ``?``).

    >>> _items(1), _items(3), _items("?")
    ('1 item', '3 items', '? items')
    """
    return count_of(n, "item") if isinstance(n, int) else f"{n} items"
