"""Loaders and checks of the content files (R0, R1, R5, R8, R9.6, D0.1, D1.1).

Each loader has the :data:`authoring.model.workspace.KINDS` signature ``(doc, workspace) ->
model | None``. It validates the file against its schema (unknown effects are
reported by name with "did you mean"), then checks what a schema cannot: unique
ids, effects that fit where they are written (a held item gives lasting bonuses,
an event has no acting player, only resistance cards and special items remove
officers — R9.6).

A content file beside a ``manifest.yaml`` is checked against that box (D0.1):
its counts (a mismatch is a warning naming both numbers and the manifest line),
and its references into the box's other files (recipes need items with enough
copies, ``part_of`` names special items). Loading the manifest checks every file
it lists.

>>> from authoring.model.workspace import Workspace
>>> ws = Workspace()
>>> ws.load("cards/items.yaml") is not None, ws.report.has_errors
(True, False)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from authoring.io.diagnostics import Report, Span, suggestion
from authoring.io.images import ImageProblem, image_facts, print_dpi
from authoring.io.yamlio import YamlDoc, dotted, human_path, path_problem
from authoring.model.effects import EFFECTS, EffectBase, check_keys
from authoring.model.schema.base import Model, Salvaged, salvage, validate
from authoring.model.schema.content import (
    ART_BOX_MM,
    ART_MIN_DPI,
    FILE_KEYS,
    SCHEMAS,
    SKILLS,
    CharacterFile,
    Content,
    EventFile,
    Illustrated,
    ItemFile,
    Manifest,
    PlanningFile,
    RecruitFile,
    ResistanceFile,
    SpecialItemFile,
)

if TYPE_CHECKING:
    from authoring.model.workspace import Workspace

M = TypeVar("M", bound=Model)
DataPath = tuple[str | int, ...]

#: the content kinds this module loads (``clues`` belongs to the clue deck)
CONTENT_KINDS: tuple[str, ...] = (
    "characters",
    "recruits",
    "items",
    "special-items",
    "resistance",
    "events",
    "planning",
)
MANIFEST_NAME = "manifest.yaml"


def validate_content(model: type[M], doc: YamlDoc, report: Report) -> tuple[M | None, Salvaged]:
    """Schema validation with effect and condition keys checked first: an unknown
    effect is reported once, as ``unknown effect 'x' (did you mean …?)``, instead
    of as a pile of union errors. After errors, the model salvaged without the parts that
    hold them, so that the rest of the file is checked too (None when it cannot be)."""
    bad = check_keys(model, doc.data, doc, report)
    scratch = Report()
    result = validate(model, doc.data, doc, scratch)
    prefixes = [dotted(p) for p in bad]
    kept = [
        d
        for d in scratch.diagnostics
        if not any(d.path == p or d.path.startswith(p + ".") for p in prefixes)
    ]
    # a misspelled key is also a missing one: keep the message that names both
    meant = {
        (d.path.rpartition(".")[0], d.message.rpartition("did you mean '")[2].split("'")[0])
        for d in kept
        if d.code == "key-unknown" and "did you mean '" in d.message
    }
    report.extend(
        [
            d
            for d in kept
            if not (
                d.code == "key-missing"
                and (d.path, d.message.partition("key '")[2].split("'")[0]) in meant
            )
        ]
    )
    if result is not None and not bad:
        return result, Salvaged(doc, doc)
    return salvage(model, doc.data, doc)


# ---------------------------------------------------------------- effect context


@dataclass(frozen=True)
class Place:
    """Where effects are written, and what is allowed there."""

    name: str
    lasting: bool
    actor: bool = True
    remove_officer: bool = False
    eliminate_officers: bool = False


HELD = Place("an item card (its effects last while it is held)", lasting=True)
ABILITY = Place("a character ability", lasting=True)
MAX_BONUS = Place("a max-level bonus", lasting=True)
MAX_BONUS_M = Place("a max-level bonus", lasting=True, eliminate_officers=True)
USE = Place("a special item's use", lasting=False, remove_officer=True)
RESISTANCE = Place("a resistance card", lasting=False, remove_officer=True)
EVENT = Place("an event card", lasting=False, actor=False)


def check_effects(
    effects: Sequence[EffectBase],
    path: DataPath,
    place: Place,
    doc: YamlDoc,
    report: Report,
    sv: Salvaged | None = None,
) -> None:
    """Each effect must suit its place: lasting or one-off, with or without an
    acting player, and R9.6 for officers. An effect with a dropped parameter (``sv``) is
    not checked: its default (``who: actor``) may not be what was meant."""
    for j, effect in enumerate(effects):
        if sv is not None and sv.hit(*path, j):
            continue
        key = effect.key
        span = doc.span((*path, j, key), key=True)
        payload = effect.payload
        if key == "eliminate_officers" and not place.eliminate_officers:
            report.error(
                span,
                "effect-context",
                f"'eliminate_officers' is not allowed on {place.name}: only a character at "
                "max Military level eliminates officers (R9.6, D1.1)",
                "write it under max_bonus: M of a character sheet",
            )
        elif key == "remove_officer" and not place.remove_officer:
            report.error(
                span,
                "effect-context",
                f"'remove_officer' is not allowed on {place.name}: officers are eliminated only "
                "by max-Military characters, resistance cards or special items (R9.6)",
                "give remove_officer to a resistance card, a special item or a character at "
                "max Military (R9.6)",
            )
        elif place.lasting and not payload.lasting:
            report.error(
                span,
                "effect-context",
                f"'{key}' is a one-off effect; {place.name} needs lasting effects",
                "lasting effects: " + ", ".join(_keys(lasting=True)),
            )
        elif not place.lasting and payload.lasting:
            report.error(
                span,
                "effect-context",
                f"'{key}' is a lasting effect; {place.name} needs one-off effects",
                "lasting effects belong on items and character sheets",
            )
        elif not place.actor and payload.needs_actor():
            report.error(
                span,
                "effect-context",
                f"'{key}' refers to the acting player, but {place.name} has none (R8.1)",
                "target every player or zone instead (who: each_player, where: "
                "each_player_zone, most_occupied, drawn_zone …)",
            )


def _keys(*, lasting: bool) -> list[str]:

    return [k for k, cls in EFFECTS.items() if cls.lasting == lasting and k != "eliminate_officers"]


def _check_unique(
    ids: Iterable[tuple[str, DataPath]], what: str, doc: YamlDoc, report: Report, code: str
) -> None:
    """Report every repeated id at its second (third …) occurrence."""
    first: dict[str, DataPath] = {}
    for value, path in ids:
        if value in first:
            line = doc.span(first[value]).line
            report.error(
                doc.span(path),
                code,
                f"duplicate {what} '{value}' (first defined at line {line})",
                f"give each {what} its own value",
            )
        else:
            first[value] = path


def _check_ids(key: str, entries: Sequence[Any], what: str, doc: YamlDoc, report: Report) -> None:
    """Every entry of the list ``key`` has its own ``id``."""
    _check_unique(
        ((e.id, (key, i, "id")) for i, e in enumerate(entries)),
        f"{what} id",
        doc,
        report,
        "id-duplicate",
    )


# -------------------------------------------------------------- per-file checks


def _check_characters(m: CharacterFile, doc: YamlDoc, report: Report, sv: Salvaged) -> None:
    _check_ids("characters", m.characters, "character", doc, report)
    _check_unique(
        ((c.name, ("characters", i, "name")) for i, c in enumerate(m.characters)),
        "character name",
        doc,
        report,
        "name-duplicate",
    )
    for i, c in enumerate(m.characters):
        base: DataPath = ("characters", i)
        missing = [s for s in SKILLS if s not in c.skills]
        if missing and not sv.hit(*base, "skills"):
            report.error(
                doc.span((*base, "skills"), key=True),
                "key-missing",
                f"missing skill row {', '.join(missing)} in {human_path(sv.raw((*base, 'skills')))}",
                "a sheet has the three rows C, M and I (R1.2)",
            )
        for skill, track in c.skills.items():
            known = not sv.hit(*base, "skills", skill)
            if track.max is not None and track.max != track.max_level and known:
                report.error(
                    doc.span((*base, "skills", skill, "max")),
                    "skill-max",
                    f"max {track.max} of skill {skill} does not match initial {track.initial} "
                    f"+ {len(track.slots)} slots = {track.max_level}",
                    "max level = initial + improvement slots (R1.2); fix it or remove 'max'",
                )
        check_effects(c.ability.effects, (*base, "ability", "effects"), ABILITY, doc, report, sv)
        for skill, effects in c.max_bonus.items():
            place = MAX_BONUS_M if skill == "M" else MAX_BONUS
            check_effects(effects, (*base, "max_bonus", skill), place, doc, report, sv)


def _check_recruits(m: RecruitFile, doc: YamlDoc, report: Report, sv: Salvaged) -> None:
    _check_unique(
        (
            (t.letter, ("tokens", i, "letter"))
            for i, t in enumerate(m.tokens)
            if t.letter is not None
        ),
        "token letter",
        doc,
        report,
        "letter-duplicate",
    )
    for i, t in enumerate(m.tokens):
        if sv.hit("tokens", i):
            continue  # a dropped value or letter: what the token lacks is not known
        number = int(sv.raw(("tokens", i))[-1]) + 1  # as written
        values = [s for s in SKILLS if t.value(s)]
        if t.dummy and (values or t.letter is not None):
            given = (["letter"] if t.letter is not None else []) + values
            report.error(
                doc.span(("tokens", i)),
                "token-invalid",
                f"dummy token {number} has {', '.join(given)}; a dummy has no letter or values",
                "remove them, or drop 'dummy: true' (R5.2)",
            )
        elif not t.dummy and (len(values) < 3 or t.letter is None):
            lacks = (["letter"] if t.letter is None else []) + [
                s for s in SKILLS if s not in values
            ]
            report.error(
                doc.span(("tokens", i)),
                "token-invalid",
                f"token {t.letter or number} lacks {', '.join(lacks)}",
                "a token has a letter and C, M, I values 1–4, or is 'dummy: true' (R5.2)",
            )
        if t.letter is not None and t.copies > 1:
            report.warning(
                doc.span(("tokens", i, "copies")),
                "copies-lettered",
                f"token '{t.letter}' has {t.copies} copies; lettered tokens are unique",
                "use copies only for dummies",
            )


def _check_art(cards: Iterable[tuple[Illustrated, DataPath]], doc: YamlDoc,
               report: Report) -> None:
    """Each card's ``art:``: a file beside the content file, a picture the kit can
    draw, sharp enough for print. Problems are warnings (the card then gets a
    generated face); a usable file is remembered on the card for the printer."""
    base = doc.path.parent if doc.path is not None else Path(".")
    for card, path in cards:
        art = getattr(card, "art", None)
        if art is None:
            continue
        where = doc.span((*path, "art"))
        file = base / art
        try:
            facts = image_facts(file)
        except ImageProblem as exc:
            hint = ("write a path relative to this file's folder, e.g. art/toolbox.png"
                    if str(exc) == "no such file" else "use a PNG, JPEG or SVG picture")
            report.warning(where, "art-unusable",
                           f"art '{art}' of '{_id(card)}': {exc}; the card gets a "
                           "generated face", hint)
            continue
        card._art_file = file
        if facts.pixels is not None:
            dpi = print_dpi(facts.pixels, ART_BOX_MM)
            if dpi < ART_MIN_DPI:
                w, h = ART_BOX_MM
                report.warning(
                    where, "art-resolution",
                    f"art '{art}' of '{_id(card)}' is {facts.pixels[0]} × {facts.pixels[1]} px: "
                    f"{dpi:.0f} dpi in the {w:g} × {h:g} mm art box, too soft for print",
                    f"use at least {ART_MIN_DPI} dpi ({_px(w, ART_MIN_DPI)} × "
                    f"{_px(h, ART_MIN_DPI)} px); 300 dpi ({_px(w, 300)} × {_px(h, 300)} px) "
                    "is best")


def _id(card: Illustrated) -> str:
    return str(getattr(card, "id", ""))


def _px(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


def _check_items(m: ItemFile, doc: YamlDoc, report: Report, sv: Salvaged) -> None:
    _check_ids("items", m.items, "item", doc, report)
    _check_art(((it, ("items", i)) for i, it in enumerate(m.items)), doc, report)
    for i, it in enumerate(m.items):
        base: DataPath = ("items", i)
        check_effects(it.effects, (*base, "effects"), HELD, doc, report, sv)
        if sv.hit(*base):
            continue  # a dropped effect or part_of: the kind checks would be doubtful
        if it.kind == "bonus" and not it.effects:
            report.error(
                doc.span((*base, "kind")),
                "item-kind",
                f"bonus item '{it.id}' has no effects",
                "add effects, or make it kind: useless",
            )
        if it.kind == "part" and not it.part_of:
            report.error(
                doc.span((*base, "kind")),
                "item-kind",
                f"part '{it.id}' names no special item in part_of",
                "list the special items it helps craft, e.g. part_of: [bomb]",
            )
        if it.kind == "useless" and (it.effects or it.part_of):
            report.error(
                doc.span((*base, "kind")),
                "item-kind",
                f"useless item '{it.id}' has effects or part_of",
                "make it kind: bonus or part, or remove them",
            )


_OBJECTIVE_EFFECTS = {
    "destroy_base": "base",
    "eliminate_general": "general",
    "free_prisoner": "prisoner",
    "complete_objective": "any",
}


def _check_special_items(m: SpecialItemFile, doc: YamlDoc, report: Report, sv: Salvaged) -> None:
    _check_ids("special_items", m.special_items, "special item", doc, report)
    _check_art(((sp, ("special_items", i)) for i, sp in enumerate(m.special_items)), doc,
               report)
    for i, s in enumerate(m.special_items):
        raw_use = doc.get(("special_items", i, "use"))
        known = not sv.hit("special_items", i, "use")  # a dropped use or condition
        if not s.uses and known:
            report.error(
                doc.span(("special_items", i, "use")),
                "use-missing",
                f"special item '{s.id}' has no use",
                "write use: {requires: […], effects: […]} (R5.7)",
            )
        for u, use in enumerate(s.uses):
            base: DataPath = ("special_items", i, "use")
            if isinstance(raw_use, list):
                base = (*base, u)
            check_effects(use.effects, (*base, "effects"), USE, doc, report, sv)
            objectives = {
                str(getattr(c.payload, "objective", ""))
                for c in use.requires
                if c.key == "in_objective_zone"
            }
            for effect in use.effects:
                wanted = _OBJECTIVE_EFFECTS.get(effect.key)
                accepted = {wanted, "any"} if wanted != "any" else objectives | {"any"}
                if wanted is not None and not (accepted & objectives) and known:
                    report.warning(
                        doc.span((*base, "effects")),
                        "use-objective",
                        f"'{effect.key}' in the use of '{s.id}' has no in_objective_zone "
                        f"condition for the {wanted} objective, so it works in any zone (R5.7)",
                        f"add to requires: - in_objective_zone: {{objective: {wanted}}}",
                    )


def _check_resistance(m: ResistanceFile, doc: YamlDoc, report: Report, sv: Salvaged) -> None:
    _check_unique(
        ((str(s.players), ("sets", i, "players")) for i, s in enumerate(m.sets)),
        "resistance set for player count",
        doc,
        report,
        "set-duplicate",
    )
    _check_unique(
        (
            (c.id, ("sets", i, "cards", j, "id"))
            for i, s in enumerate(m.sets)
            for j, c in enumerate(s.cards)
        ),
        "resistance card id",
        doc,
        report,
        "id-duplicate",
    )
    _check_art(((c, ("sets", i, "cards", j)) for i, s in enumerate(m.sets)
                for j, c in enumerate(s.cards)), doc, report)
    for i, s in enumerate(m.sets):
        for j, c in enumerate(s.cards):
            check_effects(
                c.effects, ("sets", i, "cards", j, "effects"), RESISTANCE, doc, report, sv
            )


def _check_events(m: EventFile, doc: YamlDoc, report: Report, sv: Salvaged) -> None:
    _check_ids("events", m.events, "event", doc, report)
    _check_art(((e, ("events", i)) for i, e in enumerate(m.events)), doc, report)
    for i, e in enumerate(m.events):
        check_effects(e.effects, ("events", i, "effects"), EVENT, doc, report, sv)


def _check_planning(m: PlanningFile, doc: YamlDoc, report: Report, sv: Salvaged) -> None:
    """Nothing beyond the schema yet: the tokens are counted against the box."""


_FILE_CHECKS: dict[str, Callable[[Any, YamlDoc, Report, Salvaged], None]] = {
    "characters": _check_characters,
    "recruits": _check_recruits,
    "items": _check_items,
    "special-items": _check_special_items,
    "resistance": _check_resistance,
    "events": _check_events,
    "planning": _check_planning,
}


def parse(kind: str, doc: YamlDoc, report: Report) -> Any:
    """Schema and single-file checks of one content file; None when it has errors."""
    model, sv = salvaged_parse(kind, doc, report)
    return None if sv or model is None else model


def salvaged_parse(kind: str, doc: YamlDoc, report: Report) -> tuple[Any, Salvaged]:
    """Schema and single-file checks of one content file, also on what is left of a file
    with schema errors (``sv`` says what was dropped; no check depends on it). The model
    is None when the file has errors and nothing could be salvaged."""
    before = len(report.errors)
    model, sv = validate_content(SCHEMAS[kind], doc, report)
    if model is None:
        return None, sv
    _FILE_CHECKS[kind](model, sv.doc, report, sv)
    if len(report.errors) > before and not sv:
        return None, sv
    return model, sv


# ----------------------------------------------------------------- the box


@dataclass
class BoxFiles:
    """A manifest and the content files it lists, for the cross-file checks."""

    ws: Workspace
    doc: YamlDoc
    manifest: Manifest
    overrides: dict[str, tuple[YamlDoc, Any]] = field(default_factory=dict)
    #: the kinds whose model was salvaged from a file with schema errors: their counts and
    #: the other files' references into them are not checked (they would be doubtful)
    salvaged: set[str] = field(default_factory=set)

    def path(self, kind: str) -> Path | None:
        rel = getattr(self.manifest.files, FILE_KEYS[kind])
        return self.doc.resolve(rel) if rel and path_problem(rel) is None else None

    def get(self, kind: str) -> tuple[YamlDoc, Any] | None:
        """The doc and model of the box's ``kind`` file; None if absent or broken."""
        if kind in self.overrides:
            return self.overrides[kind]
        p = self.path(kind)
        if p is None or not p.is_file():
            return None
        model = self.ws.load(p, kind)
        doc = self.ws.doc(p)
        return (doc, model) if model is not None and doc is not None else None

    def where(self, *path: str | int) -> str:
        """``cards/manifest.yaml:14``: the manifest line of a box count."""
        span = self.doc.span(("box", *path))
        return f"{span.file}:{span.line}"

    def check_all(self) -> None:
        for kind in CONTENT_KINDS:
            got = self.get(kind)
            if got is not None:
                self.check(kind, *got)

    def check(self, kind: str, doc: YamlDoc, model: Any) -> None:
        """Counts of one file against the box, and its references into the box."""
        report = self.ws.report
        if kind not in self.salvaged:
            _COUNTS[kind](self, model, doc, report)
        if kind == "special-items" and "items" not in self.salvaged:
            items = self.get("items")
            if items is not None:
                _check_recipes(model, doc, items[1], report)
        if kind == "items" and "special-items" not in self.salvaged:
            specials = self.get("special-items")
            if specials is not None:
                _check_part_of(model, doc, specials[1], report, kind in self.salvaged)


def _count(
    box: BoxFiles,
    report: Report,
    span: Span,
    actual: int,
    expected: int | None,
    what: str,
    field_path: tuple[str | int, ...],
) -> None:
    if expected is None or actual == expected:
        return
    report.warning(
        span,
        "count-mismatch",
        f"{what.format(actual)} but the box manifest says {expected} ({box.where(*field_path)})",
        f"change the file or box.{'.'.join(map(str, field_path))} in the manifest (D0.1)",
    )


def _count_characters(box: BoxFiles, m: CharacterFile, doc: YamlDoc, report: Report) -> None:
    _count(
        box,
        report,
        doc.span(("characters",), key=True),
        len(m.characters),
        box.manifest.box.character_sheets,
        "the character file has {} sheets",
        ("character_sheets",),
    )


def _count_recruits(box: BoxFiles, m: RecruitFile, doc: YamlDoc, report: Report) -> None:
    span = doc.span(("tokens",), key=True)
    total = sum(t.copies for t in m.tokens)
    dummies = sum(t.copies for t in m.tokens if t.dummy)
    b = box.manifest.box
    _count(
        box,
        report,
        span,
        total,
        b.recruit_tokens,
        "the recruitment bag has {} tokens",
        ("recruit_tokens",),
    )
    _count(
        box,
        report,
        span,
        dummies,
        b.dummy_recruit_tokens,
        "the recruitment bag has {} dummy tokens",
        ("dummy_recruit_tokens",),
    )


def _count_deck(
    key: str, box_key: str, deck: str, box: BoxFiles, m: Any, doc: YamlDoc, report: Report
) -> None:
    """The cards of the list ``key`` (copies counted) against ``box.<box_key>``."""
    _count(
        box,
        report,
        doc.span((key,), key=True),
        sum(card.copies for card in getattr(m, key)),
        getattr(box.manifest.box, box_key),
        f"the {deck} deck has {{}} cards (copies counted)",
        (box_key,),
    )


def _count_resistance(box: BoxFiles, m: ResistanceFile, doc: YamlDoc, report: Report) -> None:
    expected = box.manifest.box.resistance_cards
    if expected is None:
        return
    seen = set()
    for i, s in enumerate(m.sets):
        seen.add(s.players)
        span = doc.span(("sets", i, "cards"), key=True)
        n = sum(c.copies for c in s.cards)
        if s.players not in expected:
            report.warning(
                doc.span(("sets", i, "players")),
                "count-mismatch",
                f"the resistance set for {s.players} players is not in the box manifest "
                f"({box.where('resistance_cards')})",
                "add it to box.resistance_cards, or remove the set (D0.2)",
            )
            continue
        _count(
            box,
            report,
            span,
            n,
            expected[s.players],
            f"the resistance set for {s.players} players has {{}} cards",
            ("resistance_cards", s.players),
        )
    for players, n in expected.items():
        if players not in seen:
            report.warning(
                doc.span(("sets",), key=True),
                "count-mismatch",
                f"no resistance set for {players} players, but the box manifest has {n} cards "
                f"for them ({box.where('resistance_cards', players)})",
                "add the set (D0.2)",
            )


def _count_planning(box: BoxFiles, m: PlanningFile, doc: YamlDoc, report: Report) -> None:
    _count(
        box,
        report,
        doc.span(("tokens",)),
        m.tokens,
        box.manifest.box.planning_tokens,
        "the planning file has {} tokens",
        ("planning_tokens",),
    )


_COUNTS: dict[str, Callable[[BoxFiles, Any, YamlDoc, Report], None]] = {
    "characters": _count_characters,
    "recruits": _count_recruits,
    "items": functools.partial(_count_deck, "items", "item_cards", "item"),
    "special-items": functools.partial(
        _count_deck, "special_items", "special_item_cards", "special item"
    ),
    "resistance": _count_resistance,
    "events": functools.partial(_count_deck, "events", "event_cards", "event"),
    "planning": _count_planning,
}


def _check_recipes(m: SpecialItemFile, doc: YamlDoc, items: ItemFile, report: Report) -> None:
    """Every recipe part is an item of the box, with enough copies to craft (R5.5)."""
    by_id = {it.id: it for it in items.items}
    for i, s in enumerate(m.special_items):
        for part, need in s.recipe.items():
            path: DataPath = ("special_items", i, "recipe", part)
            item = by_id.get(part)
            if item is None:
                report.error(
                    doc.span(path, key=True),
                    "recipe-part-unknown",
                    f"unknown item '{part}' in the recipe of '{s.id}'{suggestion(part, by_id)}",
                    "recipe parts are item ids of the box's item file",
                )
                continue
            if item.copies < need:
                report.error(
                    doc.span(path),
                    "recipe-part-short",
                    f"the recipe of '{s.id}' needs {need} × '{part}' but the item deck has "
                    f"{item.copies}",
                    f"add copies of '{part}' or lower the recipe count",
                )
            if item.kind != "part":
                report.warning(
                    doc.span(path, key=True),
                    "recipe-part-kind",
                    f"'{part}' is a {item.kind} item, used in the recipe of '{s.id}'",
                    f"make '{part}' kind: part",
                )


def _check_part_of(
    m: ItemFile, doc: YamlDoc, specials: SpecialItemFile, report: Report, salvaged: bool = False
) -> None:
    """``part_of`` names special items of the box, and agrees with their recipes (not
    checked when the item file was salvaged: a dropped part_of entry would show)."""
    by_id = {s.id: s for s in specials.special_items}
    for i, it in enumerate(m.items):
        for j, sid in enumerate(it.part_of):
            special = by_id.get(sid)
            path: DataPath = ("items", i, "part_of", j)
            if special is None:
                report.error(
                    doc.span(path),
                    "part-of-unknown",
                    f"unknown special item '{sid}' in part_of of '{it.id}'{suggestion(sid, by_id)}",
                    "part_of lists ids of the box's special-items file",
                )
            elif it.id not in special.recipe:
                report.warning(
                    doc.span(path),
                    "part-of-mismatch",
                    f"'{it.id}' says it is part of '{sid}', but the recipe of '{sid}' "
                    "does not use it",
                    f"remove '{sid}' from part_of, or add '{it.id}' to the recipe",
                )
        for s in specials.special_items:
            if it.id in s.recipe and s.id not in it.part_of and not salvaged:
                report.warning(
                    doc.span(("items", i, "id")),
                    "part-of-mismatch",
                    f"'{it.id}' is used by the recipe of '{s.id}' but its part_of does not "
                    "list it (the card would not say so)",
                    f"add '{s.id}' to part_of",
                )


def content_of(box: BoxFiles) -> Content:
    """The box's content files as plain data (no workspace kept): each kind's model, or
    None when the box lists no such file or it has errors."""

    def model(kind: str, cls: type[M]) -> M | None:
        got = box.get(kind)
        return got[1] if got is not None and isinstance(got[1], cls) else None

    return Content(
        character_file=model("characters", CharacterFile),
        recruit_file=model("recruits", RecruitFile),
        item_file=model("items", ItemFile),
        special_item_file=model("special-items", SpecialItemFile),
        resistance_file=model("resistance", ResistanceFile),
        event_file=model("events", EventFile),
        planning=model("planning", PlanningFile),
    )


# ----------------------------------------------------------------------- loaders


def _box_for(doc: YamlDoc, ws: Workspace) -> BoxFiles | None:
    """The box of the manifest beside ``doc``, if there is one and it is valid."""
    if doc.path is None:
        return None
    p = doc.path.parent / MANIFEST_NAME
    if not p.is_file() or p.resolve() == doc.path.resolve():
        return None
    manifest = ws.load(p, "manifest")
    mdoc = ws.doc(p)
    if not isinstance(manifest, Manifest) or mdoc is None:
        return None
    return BoxFiles(ws, mdoc, manifest)


def _errors_in(report: Report, doc: YamlDoc) -> int:
    return sum(1 for d in report.errors if d.file == doc.file)


def _load(kind: str, doc: YamlDoc, ws: Workspace) -> Any:
    """Schema and file checks, then the box checks; a file with schema errors is checked
    on what could be salvaged (all problems at once) and yields no model."""
    before = _errors_in(ws.report, doc)
    model, sv = salvaged_parse(kind, doc, ws.report)
    if model is None:
        return None
    box = _box_for(doc, ws)
    if box is not None:
        box.overrides[kind] = (sv.doc, model)
        if sv:
            box.salvaged.add(kind)
        listed = box.path(kind)
        if listed is not None and doc.path is not None and listed == doc.path.resolve():
            box.check_all()
        else:
            box.check(kind, sv.doc, model)
    if _errors_in(ws.report, doc) > before:
        return None
    if box is not None and box.manifest.content is not None:
        # the manifest was loaded while this file was (its cycle guard gave it None):
        # its content gets this file, or a scenario validated after it has no characters
        box.manifest._content = content_of(box)
    return model


#: the loaders :data:`authoring.model.workspace.KINDS` names, one per content kind
load_characters = functools.partial(_load, "characters")
load_recruits = functools.partial(_load, "recruits")
load_items = functools.partial(_load, "items")
load_special_items = functools.partial(_load, "special-items")
load_resistance = functools.partial(_load, "resistance")
load_events = functools.partial(_load, "events")
load_planning = functools.partial(_load, "planning")


def load_manifest(doc: YamlDoc, ws: Workspace) -> Manifest | None:
    """Loader of ``kind: manifest``: the box inventory, then every listed file
    (loaded and checked against the box). A missing clue deck is a warning only:
    the clue deck is checked by its own kind."""
    report = ws.report
    model, sv = validate_content(Manifest, doc, report)
    if model is None:
        return None
    b = model.box
    if (
        b.recruit_tokens is not None
        and b.dummy_recruit_tokens is not None
        and b.dummy_recruit_tokens > b.recruit_tokens
    ):
        report.error(
            doc.span(("box", "dummy_recruit_tokens")),
            "value-invalid",
            f"{b.dummy_recruit_tokens} dummy tokens but only {b.recruit_tokens} recruit tokens",
            "recruit_tokens counts the dummies too (R0.3)",
        )
    for kind, attr in FILE_KEYS.items():
        rel = getattr(model.files, attr)
        if rel is None or path_problem(rel) is not None:  # the schema reports a bad name
            continue
        p = doc.resolve(rel)
        if not p.is_file():
            key = "special-items" if kind == "special-items" else attr
            add = report.warning if kind == "clues" else report.error
            add(
                sv.doc.span(("files", key)),
                "file-not-found",
                f"the manifest lists {kind} file '{rel}', which does not exist",
                "paths are relative to the manifest",
            )
    box = BoxFiles(ws, sv.doc, model)
    box.check_all()
    if sv:
        return None  # a salvaged manifest: its listed files were checked, no model
    model._content = content_of(box)
    return model
