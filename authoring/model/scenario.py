"""A scenario, validated against its board, clue deck and box manifest.

The loader turns a ``kind: scenario`` document into a frozen :class:`Scenario`
whose setup is resolved to exact counts per zone (soldiers, officers, reputation
cubes), and checks everything that would ruin a game night, each as a located
diagnostic with a hint: unknown zones and files, setup above max occupation
(R4.3), more pieces than the box holds (D0.1: a warning), objective places that
no clue combination isolates (R6.1, D6.1), recipes whose parts are missing from
the item deck, start zones cut off from the objectives, special rules outside
the vocabulary.

>>> from authoring.model.workspace import Workspace
>>> ws = Workspace()
>>> s = ws.load("scenarios/scenario-1.yaml")
>>> s.soldiers["N-E 8"], s.level("easy").officers
(3, 15)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

from authoring.io.diagnostics import Diagnostic, Report, Span, did_you_mean, suggestion
from authoring.io.wording import count_of, join_and, text_of
from authoring.io.yamlio import YamlDoc, display_path, dotted, human_path, path_problem
from authoring.model.board import Board, squash
from authoring.model.content import Place, check_effects
from authoring.model.deck import ClueDeck
from authoring.model.effects import check_keys, render_effects
from authoring.model.predicates import parse_where
from authoring.model.rules import (
    BOX_DEFAULTS,
    DECISIONS,
    LEVEL_NAMES_FR,
    LEVELS,
    check_decisions,
)
from authoring.model.schema import scenario as schema
from authoring.model.schema.base import Model, Salvaged, root_mapping, salvage, validate
from authoring.model.schema.content import Content, Manifest
from authoring.model.workspace import KINDS, Workspace, default_path, detect_kind

PathKey = tuple[str | int, ...]


@dataclass(frozen=True)
class Level:
    """The parameters of one difficulty level (R2.2): base values plus overrides."""

    name: str
    officers: int
    speed_cell: int  # 0-based index into the board's speed track
    speed: int
    timer: float


@dataclass(frozen=True)
class Objective:
    """One objective with its candidate places resolved on the board (D6.1)."""

    index: int
    kind: str
    spec: schema.ObjectiveSpec
    candidates: frozenset[str]
    escort_to: frozenset[str] | None = None

    @property
    def item(self) -> str | None:
        return getattr(self.spec, "item", None)

    @property
    def markers(self) -> int:
        """Objective markers it needs on the board (one per base, R6.1)."""
        return int(getattr(self.spec, "count", 1))


@dataclass(frozen=True)
class Scenario:
    """A validated scenario with its setup resolved to counts per zone."""

    spec: schema.ScenarioSpec
    file: str
    path: Path | None
    board: Board
    deck: ClueDeck | None
    manifest: Manifest | None
    content: Content | None
    soldiers: Mapping[str, int]
    officers_on_board: Mapping[str, int]
    reputation: Mapping[str, int]
    max_occupation: Mapping[str, int]
    start: tuple[str, ...]
    objectives: tuple[Objective, ...]
    levels: Mapping[str, Level] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.spec.id

    def level(self, name: str = "normal") -> Level:
        """The parameters of difficulty ``name`` (easy, normal, hard)."""
        return self.levels[name]

    def occupation(self, zid: str) -> int:
        """Army pieces on a zone at setup (D4.1: officers count like soldiers)."""
        return self.soldiers.get(zid, 0) + self.officers_on_board.get(zid, 0)

    @property
    def occupied(self) -> tuple[str, ...]:
        """Zones occupied at setup, in board order."""
        return tuple(z.id for z in self.board.zones if self.occupation(z.id) > 0)

    def invasion_bag(self) -> list[str]:
        """Zone tokens in the invasion bag at setup (R2.4, D2.1), one id per token."""
        bag: list[str] = []
        for zid in self.occupied:
            n = 1
            if self.spec.setup.invasion_bag == "all_tokens_of_occupied_zones":
                n = self.board.zone(zid).tokens
            bag.extend([zid] * n)
        return bag

    def region_piles(self) -> dict[str, list[str]]:
        """The zone tokens not in the bag, one face-down pile per region (R2.4)."""
        left: dict[str, int] = {z.id: z.tokens for z in self.board.zones}
        for zid in self.invasion_bag():
            left[zid] -= 1
        piles: dict[str, list[str]] = {r.id: [] for r in self.board.regions}
        for z in self.board.zones:
            piles[z.region].extend([z.id] * left[z.id])
        return piles


# -- helpers -----------------------------------------------------------------------


def zone_label(board: Board, zid: str) -> str:
    """'N-E 8 (Sainte-Aurèle)': the id and the city, as messages show a zone."""
    return f"{zid} ({board.zone(zid).city})"


def zone_suggestion(ref: object, board: Board) -> str:
    """`` (did you mean 'N-E 3'?)`` for a zone reference, comparing squashed forms so that
    'NE13', 'ne 13' and 'N-E 13' are all near 'N-E 3'."""

    if not isinstance(ref, str):
        return ""
    by_squash = {squash(z.id): z.id for z in board.zones}
    best = did_you_mean(squash(ref), by_squash)
    if best is None:
        return ""
    return f" (did you mean '{by_squash[best]}'?)"


def _listing(board: Board, zones: Iterable[str], limit: int = 8) -> str:
    ordered = sorted(zones, key=lambda z: board.zone(z).index)
    shown = ", ".join(zone_label(board, z) for z in ordered[:limit])
    return shown + (f" and {len(ordered) - limit} more" if len(ordered) > limit else "")


class _Ctx:
    """What the checks share: the document, the report, the board, and what was dropped
    from a scenario with schema errors (``sv``): checks that depend on it are skipped."""

    def __init__(
        self, doc: YamlDoc, report: Report, board: Board | None, sv: Salvaged | None = None
    ):
        self.doc, self.report, self.board = doc, report, board
        self.sv = sv if sv is not None else Salvaged(doc, doc)

    def at(self, *path: str | int, key: bool = False) -> Span:
        return self.doc.span(path, key=key)

    def dotted(self, path: PathKey) -> str:
        """``setup.army #3`` as written (a dropped list element shifts the model's
        indices), entries counted from 1."""
        return human_path(self.sv.raw(path))

    def nth(self, *path: str | int) -> int:
        """The written number (1-based) of a list element: 'objective 2'."""
        return int(self.sv.raw(path)[-1]) + 1

    def zone(self, ref: object, path: PathKey, where: str) -> str | None:
        """The canonical id of a zone reference; an error with did-you-mean when unknown."""
        assert self.board is not None
        zid = self.board.resolve(ref)
        if zid is None:
            self.report.error(
                self.doc.span(path),
                "zone-unknown",
                f"unknown zone '{ref}' in {where}{zone_suggestion(ref, self.board)}",
                f"a zone is its region and number, e.g. '{self.board.zones[0].id}'; "
                f"regions of board '{self.board.spec.id}': "
                f"{', '.join(r.id for r in self.board.regions)}",
            )
        return zid

    def places(
        self, where: dict[str, Any] | None, zones: Sequence[str] | None, path: PathKey
    ) -> frozenset[str] | None:
        """The zones of a ``where`` predicate or ``zones`` list; None when invalid."""
        assert self.board is not None
        if (where is None) == (zones is None):
            if self.sv.hit(*path, "where") or self.sv.hit(*path, "zones"):
                return None  # the dropped part's own error says what is wrong
            both = where is not None
            self.report.error(
                self.doc.span(path),
                "places-ambiguous" if both else "places-missing",
                f"{self.dotted(path)}: give either 'where' or 'zones', not both"
                if both
                else f"{self.dotted(path)} does not say where: give 'where' or 'zones'",
                "where: a predicate such as {size: capital}; zones: a list such as [N-E 1, N-E 2]",
            )
            return None
        if zones is not None:
            return self.zone_list(zones, (*path, "zones"))

        pred = parse_where(where, self.doc, (*path, "where"), self.board, self.report)
        if pred is None:
            return None
        return frozenset(pred.zones(self.board))

    def zone_list(self, zones: Sequence[str], path: PathKey) -> frozenset[str] | None:
        """The zones of an explicit list written at ``path``; None when one is unknown."""
        out: set[str] = set()
        ok = True
        for i, ref in enumerate(zones):
            zid = self.zone(ref, (*path, i), self.dotted(path))
            if zid is None:
                ok = False
            elif zid in out:
                self.report.warning(
                    self.doc.span((*path, i)),
                    "zone-duplicate",
                    f"zone {zid} is listed twice in {self.dotted(path)}",
                    "a zone counts once in a list; remove the repeat",
                )
            else:
                out.add(zid)
        return frozenset(out) if ok else None


# -- the loader --------------------------------------------------------------------


def load_scenario(doc: YamlDoc, ws: Workspace) -> Scenario | None:
    """Workspace loader for the ``scenario`` kind: schema, then every cross-file check.

    Returns None when the scenario has errors (warnings still return it)."""
    report = ws.report
    data = root_mapping(
        doc,
        report,
        "a scenario",
        "id, title, board, setup, objectives …",
        "start the file with 'kind: scenario' and 'id: my-scenario', "
        "see `resistance schema scenario`",
    )
    if data is None:
        return None
    start_errors = len(report.errors)
    spec, sv = _validate(doc, report)
    if spec is None:
        # still report the referenced files' own problems
        for key, kind in (("board", "board"), ("clues", "deck"), ("manifest", "manifest")):
            ref = data.get(key)
            if isinstance(ref, str):
                _load_ref(ws, doc, key, ref, kind)
        return None
    # with schema errors, the rest is still checked on what was left (all problems at
    # once); what depends on a dropped part is not reported again
    board = _load_ref(ws, doc, "board", spec.board, "board")
    got_deck = _load_ref(ws, doc, "clues", spec.clues, "deck")
    deck = got_deck if isinstance(got_deck, ClueDeck) else None
    manifest = _load_manifest(ws, doc, spec)
    if board is None:
        return None
    ctx = _Ctx(sv.doc, report, board, sv)
    content = manifest.content if manifest is not None else None

    ctx.zone_list(spec.setup.start, ("setup", "start"))  # unknown and repeated zones
    start = tuple(
        dict.fromkeys(z for ref in spec.setup.start if (z := board.resolve(ref)) is not None)
    )
    max_occ = _max_occupation(ctx, spec)
    soldiers, officers = _army(ctx, spec, max_occ)
    reputation = _reputation(ctx, spec)
    objectives = _objectives(ctx, spec)
    levels = _levels(ctx, spec, officers)
    box = _box_counts(manifest)
    _check_pieces(ctx, spec, soldiers, officers, reputation, objectives, levels, box)
    _check_timers(ctx, spec, levels, manifest)
    _check_zone_tokens(ctx, spec, board, box)
    _check_reachable(ctx, start, objectives)
    if deck is not None:
        _check_deck(ctx, spec, deck, board, objectives)
    if content is not None:
        _check_items(ctx, spec, objectives, content)
        _check_reserved(ctx, objectives, content)
    _check_rules_content(ctx, spec, content, deck)
    _check_text_rules(ctx, spec)
    _check_story_places(ctx, spec, board)
    _check_decisions(ctx, spec)
    for name, (lo, hi) in spec.balance.items():
        if lo > hi:
            ctx.report.error(
                ctx.at("balance", name),
                "value-invalid",
                f"balance.{name}: the target band [{lo:g}, {hi:g}] has its low above its high",
                f"write [{hi:g}, {lo:g}]: the lowest acceptable win rate first",
            )
    if len(report.errors) > start_errors:
        return None
    return Scenario(
        spec=spec,
        file=doc.file,
        path=doc.path,
        board=board,
        deck=deck,
        manifest=manifest,
        content=content,
        soldiers=soldiers,
        officers_on_board=officers,
        reputation=reputation,
        max_occupation=max_occ,
        start=start,
        objectives=objectives,
        levels=levels,
    )


def _validate(doc: YamlDoc, report: Report) -> tuple[schema.ScenarioSpec | None, Salvaged]:
    """Schema validation. Objectives and special rules are checked one by one against the
    model their ``kind`` / ``rule`` names, so messages point at the right key with the
    right "did you mean" (not at pydantic's union tags); an unknown kind, rule or effect
    gets one clear message. After errors, the scenario salvaged without the parts that hold
    them (None when they sit in required top-level values)."""

    data = doc.data
    # unknown effect keys: one "unknown effect 'x' (did you mean …)" each (content vocabulary)
    bad = [dotted(p) for p in check_keys(schema.ScenarioSpec, data, doc, report)]
    scratch = Report()
    spec = validate(schema.ScenarioSpec, data, doc, scratch, what="scenario")
    handled: list[str] = []
    items_scratch = Report()
    for section, tag, classes, what, code in (
        ("objectives", "kind", _OBJECTIVE_CLASSES, "objective kind", "objective-kind-unknown"),
        ("special_rules", "rule", _RULE_CLASSES, "special rule", "rule-unknown"),
    ):
        items = data.get(section)
        if not isinstance(items, list):
            continue
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                continue
            handled.append(f"{section}.{i}")
            if tag not in item:
                if section == "special_rules":
                    validate(schema.TextRule, item, doc, items_scratch, base=(section, i))
                else:
                    report.error(
                        doc.span((section, i)),
                        "key-missing",
                        f"objective {i + 1} has no 'kind'",
                        f"add 'kind:', one of: {', '.join(classes)}",
                    )
                continue
            cls = classes.get(item[tag]) if isinstance(item[tag], str) else None
            if cls is None:
                report.error(
                    doc.span((section, i, tag)),
                    code,
                    f"unknown {what} '{item[tag]}'{suggestion(str(item[tag]), classes)}",
                    f"one of: {', '.join(classes)}"
                    + ("; or write only 'text:' for a printed rule" if tag == "rule" else ""),
                )
                continue
            validate(cls, item, doc, items_scratch, base=(section, i))

    def under(d: Diagnostic, prefixes: Sequence[str]) -> bool:
        return any(d.path == p or d.path.startswith(p + ".") for p in prefixes)

    found = [
        d
        for d in [*scratch.diagnostics, *items_scratch.diagnostics]
        if not under(d, bad) and (d in items_scratch.diagnostics or not under(d, handled))
    ]
    # 'candidates' is a list or {where/zones}: when the mapping form has errors inside,
    # the "expected a list" of the other form is noise
    inner = {d.path for d in found}
    report.extend(
        [
            d
            for d in found
            if not (
                d.code == "type-invalid"
                and "expected a list" in d.message
                and any(p.startswith(d.path + ".") for p in inner)
            )
        ]
    )
    sv = Salvaged(doc, doc)
    if spec is None or bad:
        spec, sv = salvage(schema.ScenarioSpec, data, doc)
        if spec is None:
            return None, sv

    hook = Place("a scenario rule (no acting player)", lasting=False, actor=False)
    done = Place("an objective done (the player who did it acts)", lasting=False)
    for i, o in enumerate(spec.objectives):
        check_effects(o.on_reveal, ("objectives", i, "on_reveal"), hook, sv.doc, report, sv)
        check_effects(o.on_done, ("objectives", i, "on_done"), done, sv.doc, report, sv)
    for i, r in enumerate(spec.special_rules):
        if isinstance(r, schema.EffectsRule):
            check_effects(r.effects, ("special_rules", i, "effects"), hook, sv.doc, report, sv)
    return spec, sv


_OBJECTIVE_CLASSES: dict[str, type[Model]] = {
    "locate_and_destroy_base": schema.DestroyBaseObjective,
    "locate_and_eliminate_general": schema.EliminateGeneralObjective,
    "craft_strategic_item": schema.CraftStrategicItemObjective,
    "free_character": schema.FreeCharacterObjective,
}
_RULE_CLASSES: dict[str, type[Model]] = {
    "max_occupation": schema.MaxOccupationRule,
    "exclude_cards": schema.ExcludeCardsRule,
    "no_events_before_round": schema.NoEventsRule,
    "effects": schema.EffectsRule,
}


def _load_ref(ws: Workspace, doc: YamlDoc, key: str, ref: str, kind: str) -> Any:
    """Load a referenced file (relative to the scenario); its own problems are reported at
    their own file and line, a missing file at the reference."""
    if path_problem(ref) is not None:
        return None  # the schema reports a name no file system accepts (FileRef)
    path = doc.resolve(ref)
    span = doc.span((key,))
    if not path.exists():

        folder = path.parent
        near = ""
        if folder.is_dir():
            stems = {p.stem: p.name for p in folder.iterdir() if p.suffix in (".yaml", ".yml")}
            best = did_you_mean(path.stem, stems)
            if best:
                near = f" (did you mean '{(Path(ref).parent / stems[best]).as_posix()}'?)"
        ws.report.error(
            span,
            "file-not-found",
            f"{key} file '{ref}' not found{near}",
            f"paths are relative to the scenario file; looked for {display_path(path)}",
        )
        return None
    if not path.is_file():
        what = "a folder" if path.is_dir() else "not a regular file (a pipe, a device or a socket)"
        code = "file-not-found" if path.is_dir() else "file-not-regular"
        ws.report.error(span, code, f"{key} file '{ref}' is {what}", "name a YAML file")
        return None
    if kind not in KINDS:
        ws.report.info(
            span, "kind-unavailable", f"{key} file not checked: no '{kind}' loader installed"
        )
        return None
    return _load_kind(ws, path, kind, span, f"{key} file '{ref}'")


def _load_kind(ws: Workspace, path: Path, kind: str, span: Span, what: str) -> Any:
    """Load ``path`` as ``kind`` unless it plainly is another kind of file (then one error at
    the reference instead of a pile of schema errors in the wrong file)."""
    doc = ws.doc(path)
    if doc is None:
        return None
    found = detect_kind(doc)
    if found is not None and found != kind and not (found == "clues" and kind == "deck"):
        ws.report.error(
            span,
            "kind-mismatch",
            f"{what} is a {found} file, not a {kind} file",
            f"name the {kind} file here",
        )
        return None
    return ws.load(path, kind)


def _load_manifest(ws: Workspace, doc: YamlDoc, spec: schema.ScenarioSpec) -> Manifest | None:
    if spec.manifest is not None:
        got = _load_ref(ws, doc, "manifest", spec.manifest, "manifest")
    else:
        path = default_path("cards", "manifest.yaml")
        if not path.is_file():
            return None
        got = _load_kind(ws, path, "manifest", doc.span(()), "the default manifest")
    return got if isinstance(got, Manifest) else None


# -- setup -------------------------------------------------------------------------


def _max_occupation(ctx: _Ctx, spec: schema.ScenarioSpec) -> dict[str, int]:
    """Max occupation per zone: the board's (R4.3) unless a special rule says otherwise."""
    assert ctx.board is not None
    out = {z.id: z.max_occupation for z in ctx.board.zones}
    for i, rule in enumerate(spec.special_rules):
        if isinstance(rule, schema.MaxOccupationRule):
            zones = ctx.places(rule.where, rule.zones, ("special_rules", i))
            for zid in zones or ():
                out[zid] = rule.value
    return out


def _army(
    ctx: _Ctx, spec: schema.ScenarioSpec, max_occ: Mapping[str, int]
) -> tuple[dict[str, int], dict[str, int]]:
    """Soldiers and officers per zone at setup; each zone within its max occupation."""
    assert ctx.board is not None
    soldiers: dict[str, int] = {}
    officers: dict[str, int] = {}
    last: dict[str, int] = {}
    for i, p in enumerate(spec.setup.army):
        path: PathKey = ("setup", "army", i)
        dropped = ctx.sv.hit(*path)  # e.g. 'soldiers: two': the count is not known
        if p.soldiers == 0 and p.officers == 0 and not dropped:
            ctx.report.warning(
                ctx.at(*path),
                "placement-empty",
                f"{ctx.dotted(path)} places no piece",
                "write 'soldiers: N' and/or 'officers: N'",
            )
        zones = ctx.places(p.where, p.zones, path)
        if zones is None:
            continue
        if not zones and not dropped:
            ctx.report.warning(
                ctx.at(*path),
                "placement-empty",
                f"{ctx.dotted(path)} matches no zone: it places nothing",
                "check the predicate with `resistance board info`",
            )
        for zid in zones:
            if p.soldiers:
                soldiers[zid] = soldiers.get(zid, 0) + p.soldiers
            if p.officers:
                officers[zid] = officers.get(zid, 0) + p.officers
            last[zid] = i
    board = ctx.board
    # a dropped special rule may have raised a max occupation (R4.3)
    capacity_known = not ctx.sv.hit("special_rules")
    for z in board.zones:
        placed = soldiers.get(z.id, 0) + officers.get(z.id, 0)
        if placed > max_occ[z.id] and capacity_known:
            what = f"{placed} pieces" if officers.get(z.id) else f"{placed} soldiers"
            ctx.report.error(
                ctx.at("setup", "army", last[z.id]),
                "setup-over-capacity",
                f"setup puts {what} on {zone_label(board, z.id)}, above its max occupation "
                f"{max_occ[z.id]} ({z.size}, R4.3)",
                "place fewer pieces there, or raise it with a 'max_occupation' special rule",
            )
    order = {z.id: z.index for z in board.zones}
    return (
        dict(sorted(soldiers.items(), key=lambda kv: order[kv[0]])),
        dict(sorted(officers.items(), key=lambda kv: order[kv[0]])),
    )


def _reputation(ctx: _Ctx, spec: schema.ScenarioSpec) -> dict[str, int]:
    """Reputation cubes per zone at setup (R2.1); more than the zone's size is pointless
    (R4.4: limited actions stop at the size)."""
    assert ctx.board is not None
    out: dict[str, int] = {}
    for i, p in enumerate(spec.setup.reputation):
        zones = ctx.places(p.where, p.zones, ("setup", "reputation", i))
        for zid in zones or ():
            out[zid] = out.get(zid, 0) + p.cubes
            z = ctx.board.zone(zid)
            if out[zid] > z.value:
                ctx.report.warning(
                    ctx.at("setup", "reputation", i),
                    "reputation-above-size",
                    f"{out[zid]} reputation cubes on {zone_label(ctx.board, zid)}, more than "
                    f"its size {z.value}",
                    "limited actions stop when the cubes reach the zone's size (R4.4)",
                )
    return out


def _objectives(ctx: _Ctx, spec: schema.ScenarioSpec) -> tuple[Objective, ...]:
    out: list[Objective] = []
    for i, o in enumerate(spec.objectives):
        path: PathKey = ("objectives", i, "candidates")
        assert ctx.board is not None
        if o.candidates is None:
            cands: frozenset[str] | None = frozenset(ctx.board.zone_ids)
        elif isinstance(o.candidates, list):
            cands = ctx.zone_list(o.candidates, path)
        else:
            cands = ctx.places(o.candidates.where, o.candidates.zones, path)
        if cands is None or ctx.sv.hit(*path):
            continue  # a dropped part of the candidates: they are not known
        if not cands:
            ctx.report.error(
                ctx.at(*path),
                "candidates-empty",
                f"objective {ctx.nth('objectives', i)} ({o.kind}) has no candidate place",
                "the predicate matches no zone of the board",
            )
            continue
        markers = getattr(o, "count", 1)
        if markers > len(cands):
            ctx.report.error(
                ctx.at("objectives", i, "count"),
                "candidates-too-few",
                f"objective {ctx.nth('objectives', i)} needs {markers} bases but has "
                f"{len(cands)} candidate "
                f"place{'s' * (len(cands) != 1)}",
                "each base is revealed in a different zone (R6.1)",
            )
        escort = None
        if isinstance(o, schema.FreeCharacterObjective) and o.escort_to is not None:
            escort = ctx.places(
                o.escort_to.where, o.escort_to.zones, ("objectives", i, "escort_to")
            )
            if ctx.sv.hit("objectives", i, "escort_to"):
                escort = None
        out.append(Objective(i, o.kind, o, cands, escort))
    return tuple(out)


def _levels(ctx: _Ctx, spec: schema.ScenarioSpec, officers: Mapping[str, int]) -> dict[str, Level]:
    """Base parameters with each difficulty's overrides (R2.2); the speed start resolved
    on the board's track (R2.5, D2.2)."""
    assert ctx.board is not None
    track = list(ctx.board.spec.speed_track)
    levels: dict[str, Level] = {}
    for name in LEVELS:
        over = spec.difficulty.get(name)  # type: ignore[call-overload]
        speed_start = spec.setup.speed_start
        path: PathKey = ("setup", "speed_start")
        if over is not None and over.speed_start is not None:
            speed_start, path = over.speed_start, ("difficulty", name, "speed_start")
        cell = _speed_cell(ctx, speed_start, path, track)
        levels[name] = Level(
            name=name,
            officers=over.officers
            if over is not None and over.officers is not None
            else spec.setup.officers,
            speed_cell=cell if cell is not None else 0,
            speed=track[cell] if cell is not None else track[0],
            timer=over.timer if over is not None and over.timer is not None else spec.timer,
        )
    return levels


def _speed_cell(ctx: _Ctx, start: schema.SpeedStart, path: PathKey, track: list[int]) -> int | None:
    shown = ", ".join(map(str, track))
    if ctx.sv.hit(*path):
        return None  # 'speed: x' dropped: the cell is not known
    if (start.cell is None) == (start.speed is None):
        ctx.report.error(
            ctx.at(*path),
            "speed-start-invalid",
            f"{ctx.dotted(path)}: give either 'speed' (its first cell) or 'cell', "
            + ("not both" if start.cell is not None else "not neither"),
            "e.g. {speed: 2} for the first cell of speed 2, or {cell: 1} (R2.5)",
        )
        return None
    if start.cell is not None:
        if start.cell > len(track):
            ctx.report.error(
                ctx.at(*path, "cell"),
                "speed-cell-unknown",
                f"speed track cell {start.cell} does not exist: the board's track has "
                f"{len(track)} cells ({shown})",
                "cells are numbered from 1 (R2.5, D2.2)",
            )
            return None
        return start.cell - 1
    if start.speed in track:
        return track.index(start.speed)
    ctx.report.error(
        ctx.at(*path, "speed"),
        "speed-unknown",
        f"no cell of speed {start.speed} on the board's speed track ({shown})",
        f"one of: {', '.join(map(str, sorted(set(track))))} (R2.5, D2.2)",
    )
    return None


# -- box and board checks ----------------------------------------------------------


def _box_counts(manifest: Manifest | None) -> dict[str, int]:
    """Pieces in the box: the manifest's counts (D0.1), R0.2 when no manifest is read."""
    counts = dict(BOX_DEFAULTS)
    if manifest is None:
        return counts
    pieces = getattr(manifest, "pieces", None)
    if isinstance(pieces, Mapping):
        for k, v in pieces.items():
            if isinstance(v, int):
                counts[str(k)] = v
    return counts


def _check_zone_tokens(ctx: _Ctx, spec: schema.ScenarioSpec, board: Board,
                       box: Mapping[str, int]) -> None:
    """R0.2: the zone tokens follow the sizes (3 per capital, 2 per town, 1 per village);
    a board whose sizes add up to more than the box's tokens cannot be set up (R2.4) or
    invaded (R8.3) with them (tokens to spare are left in the box)."""
    need, have = board.total_tokens, box["zone_tokens"]
    if need <= have:
        return
    where = ctx.at("manifest") if spec.manifest is not None else ctx.at("board")
    manifest = spec.manifest or "the default manifest"
    ctx.report.warning(
        where,
        "pieces-zone-tokens",
        f"the board's zones need {need} zone tokens (3 per capital, 2 per town, 1 per "
        f"village: R0.2, the tokens follow the sizes); the box manifest has only {have}",
        f"set zone_tokens: {need} in {manifest} (and make the {need - have} missing "
        "tokens), or make zones smaller",
    )


def _check_pieces(
    ctx: _Ctx,
    spec: schema.ScenarioSpec,
    soldiers: Mapping[str, int],
    officers: Mapping[str, int],
    reputation: Mapping[str, int],
    objectives: Sequence[Objective],
    levels: Mapping[str, Level],
    box: Mapping[str, int],
) -> None:
    """Pieces the scenario needs against the box (D0.1)."""
    placed = sum(soldiers.values())
    if ctx.sv.hit("setup", "army"):
        placed = 0  # a dropped placement: the count is not known
    if placed > box["soldiers"]:
        ctx.report.error(
            ctx.at("setup", "army"),
            "pieces-soldiers",
            f"setup places {placed} soldiers; the box holds {box['soldiers']} (R0.2)",
            "place fewer soldiers, or raise 'soldiers' in the box manifest",
        )
    elif placed == box["soldiers"] and placed:
        ctx.report.warning(
            ctx.at("setup", "army"),
            "pieces-soldiers",
            f"setup places all {placed} soldiers of the box: the game is lost at once (R9.1)",
            "place fewer soldiers",
        )
    on_board = sum(officers.values())
    # a dropped 'eazy:' may have been meant for any level
    misspelt = any(p[0] == "difficulty" and p[1:] and p[1] not in LEVELS for p in ctx.sv.dropped)
    for name, level in levels.items():
        if ctx.sv.hit("difficulty", name) or misspelt:
            continue  # a dropped override: the level's officers are not known
        over = spec.difficulty.get(name)  # type: ignore[call-overload]
        where = (
            ctx.at("difficulty", name, "officers")
            if over is not None and over.officers is not None
            else ctx.at("setup", "officers")
        )
        label = LEVEL_NAMES_FR[name]
        if level.officers > box["officers"]:
            ctx.report.warning(
                where,
                "pieces-officers",
                f"difficulty '{name}' ({label}) asks for {level.officers} officers; the box "
                f"holds {box['officers']} (D0.1)",
                f"players need {level.officers - box['officers']} extra officer pieces "
                "(another colour will do), or lower the count",
            )
        if level.officers == 0:
            ctx.report.error(
                where,
                "pieces-officers",
                f"difficulty '{name}' ({label}) has 0 officers in the reserve: every officer "
                "piece is on the island from the start, and the game is lost at once (R9.1)",
                f"give at least 1 officer (the box holds {box['officers']})",
            )
        elif on_board and on_board >= level.officers:
            ctx.report.error(
                where,
                "pieces-officers",
                f"setup places {on_board} officers but difficulty '{name}' has only "
                f"{level.officers}: every officer would be on the island at once (R9.1)",
                "place fewer officers at setup, or raise the officer count",
            )
    cubes = sum(reputation.values())
    if cubes > box["reputation_cubes"]:
        ctx.report.warning(
            ctx.at("setup", "reputation"),
            "pieces-reputation",
            f"setup puts {cubes} reputation cubes on the island; the box holds "
            f"{box['reputation_cubes']} (R0.2)",
            "place fewer cubes, or raise reputation_cubes in the box manifest",
        )
    markers = sum(o.markers for o in objectives)
    if markers > box["objective_markers"]:
        ctx.report.warning(
            ctx.at("objectives"),
            "pieces-objective-markers",
            f"the objectives need {markers} objective markers; the box holds "
            f"{box['objective_markers']} (R0.2)",
            "fewer objectives, or raise objective_markers in the box manifest",
        )
    starts = len(spec.setup.start)
    if starts > box["player_pawns"]:
        ctx.report.warning(
            ctx.at("setup", "start"),
            "pieces-pawns",
            f"{starts} start zones for at most {box['player_pawns']} players (R0.2)",
            "list at most one start zone per player pawn",
        )


def _check_timers(ctx: _Ctx, spec: schema.ScenarioSpec, levels: Mapping[str, Level],
                  manifest: Manifest | None) -> None:
    """A timer the box's sand timers cannot measure (R0.4: 5', 4', 3'; one of them, or
    up to three turned one after another) is allowed (the book also names a kitchen
    timer, "minuteur") but said, once per length."""
    sand = manifest.box.sand_timers if manifest is not None else None
    if not sand:
        return
    shown = ", ".join(f"{_minutes(t)}'" for t in sand)
    # one sand timer, or two or three turned one after the other (6' = 3' twice)
    measurable = {round(a + b + c, 6) for a in sand for b in [0.0, *sand] for c in [0.0, *sand]}
    said: set[float] = set()
    for name, level in levels.items():
        over = spec.difficulty.get(name)  # type: ignore[call-overload]
        own = over is not None and over.timer is not None
        if (round(level.timer, 6) in measurable or level.timer in said
                or ctx.sv.hit("difficulty", name)):
            continue
        said.add(level.timer)
        ctx.report.warning(
            ctx.at("difficulty", name, "timer") if own else ctx.at("timer"),
            "timer-no-sand-timer",
            f"a players' phase of {_minutes(level.timer)}'{f' ({name})' if own else ''}: "
            "no sand timer of the "
            f"box measures it, alone or turned one after another (the box has {shown}, R0.4)",
            "players will need a kitchen or phone timer (the book allows one), or choose "
            f"one of {shown}",
        )


def _check_reachable(ctx: _Ctx, start: Sequence[str], objectives: Sequence[Objective]) -> None:
    """Every objective candidate (and escort destination) can be reached from every start
    zone along roads and mountain paths (R5.1)."""
    import networkx as nx

    assert ctx.board is not None
    g = ctx.board.graph
    for zid in dict.fromkeys(start):
        reach = nx.node_connected_component(g, zid)
        for o in objectives:
            for what, zones, key in (
                ("candidate", o.candidates, "candidates"),
                ("escort destination", o.escort_to or frozenset(), "escort_to"),
            ):
                cut = zones - reach
                if cut:
                    ctx.report.error(
                        ctx.at("objectives", o.index, key),
                        "objective-unreachable",
                        f"objective {ctx.nth('objectives', o.index)} ({o.kind}): {len(cut)} {what} "
                        f"place{'s' * (len(cut) != 1)} cannot be reached from start zone "
                        f"{zone_label(ctx.board, zid)}: {_listing(ctx.board, cut)}",
                        "no road or mountain path leads there: change the candidates or the "
                        "start zones, or add roads to the board",
                    )


def _check_deck(
    ctx: _Ctx, spec: schema.ScenarioSpec, deck: Any, board: Board, objectives: Sequence[Objective]
) -> None:
    """The deck is drawn on the scenario's board and isolates every candidate (R6.1)."""
    deck_board = getattr(deck, "board", None)
    if deck_board is not None and deck_board is not board:
        same = getattr(getattr(deck_board, "spec", None), "id", None) == board.spec.id and (
            set(getattr(deck_board, "zone_ids", ())) == set(board.zone_ids)
        )
        if not same:
            deck_id = getattr(getattr(deck_board, "spec", None), "id", "?")
            ctx.report.error(
                ctx.at("clues"),
                "deck-board-mismatch",
                f"the clue deck is drawn on board '{deck_id}', the scenario plays on board "
                f"'{board.spec.id}'",
                "use a deck made for this board, or the board the deck names",
            )
            return
    # the exact solver's answer, computed once when the deck was loaded (R6.1)
    result = getattr(deck, "result", None)
    if result is None:
        return
    isolatable = set(result.isolatable_places)
    for o in objectives:
        missing = o.candidates - isolatable
        if missing:
            ordered = sorted(missing, key=lambda z: board.zone(z).index)
            alike = "; ".join(
                f"{z} looks like {', '.join(deck.lookalikes(z)[:4]) or 'nothing'}"
                for z in ordered[:3]
            )
            ctx.report.error(
                ctx.at("objectives", o.index, "candidates"),
                "objective-not-isolatable",
                f"objective {ctx.nth('objectives', o.index)} ({o.kind}): no clue combination isolates "
                f"{len(missing)} candidate place{'s' * (len(missing) != 1)}: "
                f"{_listing(board, missing)}",
                f"every card holding a place also holds its look-alikes ({alike}): add a card "
                "that holds the place but not them (`resistance clues check DECK --suggest` "
                "proposes some), or remove the places from the candidates (R6.1, D6.1)",
            )


# -- content checks ----------------------------------------------------------------


def _check_items(
    ctx: _Ctx, spec: schema.ScenarioSpec, objectives: Sequence[Objective], content: Content | None
) -> None:
    """Every special item an objective needs exists, and its recipe's parts are in the item
    deck in sufficient copies for the crafts the objective needs (R5.5)."""
    specials: Mapping[str, Any] = _by_id(getattr(content, "special_items", ()))
    items: Mapping[str, Any] = _by_id(getattr(content, "items", ()))
    for o in objectives:
        if o.item is None:
            continue
        path: PathKey = ("objectives", o.index, "item")
        special = specials.get(o.item)
        if special is None:
            ctx.report.error(
                ctx.at(*path),
                "item-unknown",
                f"unknown special item '{o.item}'{suggestion(o.item, specials)}",
                f"special items: {', '.join(sorted(specials))}",
            )
            continue
        effect = _ITEM_EFFECT[o.kind]
        if effect is not None and effect not in _use_effects(special):
            ctx.report.error(
                ctx.at(*path),
                "objective-item-effect",
                f"objective {ctx.nth('objectives', o.index)} ({o.kind}) uses '{o.item}', but no use of that "
                f"special item has the '{effect}' effect: the objective could never be done",
                f"add a use with '{effect}: {{}}' to '{o.item}', or name another item",
            )
        crafts = o.markers
        copies = int(getattr(special, "copies", 1) or 1)
        if copies < crafts:
            ctx.report.error(
                ctx.at(*path),
                "item-copies",
                f"objective {ctx.nth('objectives', o.index)} needs {crafts} '{o.item}' cards; the special item "
                f"deck has {copies}",
                "raise the special item's copies, or lower the count",
            )
        for part, qty in _recipe(special):
            need = qty * crafts
            have_item = items.get(part)
            have = int(getattr(have_item, "copies", 1) or 1) if have_item is not None else 0
            if have_item is None:
                ctx.report.error(
                    ctx.at(*path),
                    "recipe-part-missing",
                    f"objective {ctx.nth('objectives', o.index)} needs '{o.item}', whose recipe needs part "
                    f"'{part}'; the item deck has no such card{suggestion(part, items)}",
                    "add the part to the item deck, or change the recipe",
                )
            elif have < need:
                ctx.report.error(
                    ctx.at(*path),
                    "recipe-part-short",
                    f"objective {ctx.nth('objectives', o.index)} needs {need} × '{part}' to craft '{o.item}' "
                    f"{crafts} time{'s' * (crafts != 1)}; the item deck has {have}",
                    "raise the part's copies in the item deck",
                )


#: the effect a special item's use needs for each objective kind to be done with it
_ITEM_EFFECT: dict[str, str | None] = {
    "locate_and_destroy_base": "destroy_base",
    "locate_and_eliminate_general": "eliminate_general",
    "craft_strategic_item": "complete_objective",
    "free_character": "free_prisoner",
}


def _use_effects(special: Any) -> set[str]:
    """Effect keys of every use of a special item."""
    out: set[str] = set()
    uses = getattr(special, "uses", None)
    if uses is None:
        one = getattr(special, "use", None)
        uses = one if isinstance(one, list) else [one] if one is not None else []
    for use in uses:
        for e in getattr(use, "effects", None) or ():
            key = getattr(e, "key", None)
            if isinstance(key, str):
                out.add(key)
    return out


#: the engine's kind of each objective (what ``in_objective_zone`` and
#: ``complete_objective`` name), and the effect that completes that kind only
_KIND_OF = {"locate_and_destroy_base": "base", "locate_and_eliminate_general": "general",
            "free_character": "prisoner", "craft_strategic_item": "strategic"}
_KIND_EFFECT = {"destroy_base": "base", "eliminate_general": "general",
                "free_prisoner": "prisoner"}


def _completes(effect: Any) -> str | None:
    """The objective kind an effect completes ('any' for every kind), or None."""
    key = getattr(effect, "key", None)
    if key in _KIND_EFFECT:
        return _KIND_EFFECT[key]
    if key == "complete_objective":
        return str(getattr(getattr(effect, "payload", None), "objective", "any"))
    return None


def _check_reserved(ctx: _Ctx, objectives: Sequence[Objective], content: Content | None) -> None:
    """An objective that names its item is done by that item alone (R5.7; scenario 1:
    "fabriquer une bombe pour la détruire"): the engine lets no other card complete it,
    so a card whose text says it completes such an objective reads wrong in this
    scenario. Warn at the objective's item, naming the card."""
    cards: list[tuple[str, str, Any]] = []
    for sp in getattr(content, "special_items", ()) or ():
        for use in getattr(sp, "uses", ()) or ():
            for e in getattr(use, "effects", None) or ():
                cards.append(("special item", str(sp.id), e))
    for card in getattr(content, "resistance", ()) or ():
        for e in getattr(card, "effects", None) or ():
            cards.append(("resistance card", str(card.id), e))
    for card in getattr(content, "events", ()) or ():
        for e in getattr(card, "effects", None) or ():
            cards.append(("event", str(card.id), e))
    known = {str(sp.id) for sp in getattr(content, "special_items", ()) or ()}
    for o in objectives:
        if o.item is None or o.item not in known:  # an unknown item is an error already
            continue
        kind = _KIND_OF.get(o.kind)
        warned: set[str] = set()
        for what, cid, effect in cards:
            does = _completes(effect)
            if does is None or does not in ("any", kind) or cid == o.item or cid in warned:
                continue
            warned.add(cid)
            ctx.report.warning(
                ctx.at("objectives", o.index, "item"),
                "objective-item-reserved",
                f"objective {ctx.nth('objectives', o.index)} ({o.kind}) is done with "
                f"'{o.item}' alone, but {what} '{cid}' has '{effect.key}' for "
                f"{'any objective' if does == 'any' else 'the ' + does}: the engine will not "
                "let it complete this objective, while its card says it does",
                f"say which objectives the card completes, e.g. complete_objective: "
                f"{{objective: {'strategic' if kind != 'strategic' else 'base'}}} (R5.7)",
            )


def _by_id(seq: Any) -> dict[str, Any]:
    if isinstance(seq, Mapping):
        return {str(k): v for k, v in seq.items()}
    return {str(getattr(x, "id", "")): x for x in seq or ()}


def _recipe(special: Any) -> list[tuple[str, int]]:
    """(part id, quantity) pairs of a special item's recipe."""
    recipe = getattr(special, "recipe", None) or ()
    out: list[tuple[str, int]] = []
    if isinstance(recipe, Mapping):
        return [(str(k), int(v)) for k, v in recipe.items()]
    for entry in recipe:
        if isinstance(entry, str):
            out.append((entry, 1))
        else:
            out.append((str(getattr(entry, "item", entry)), int(getattr(entry, "count", 1))))
    return out


def _check_decisions(ctx: _Ctx, spec: schema.ScenarioSpec) -> None:
    """Each decision named exists and its choice is one of its options (rules.md D…)."""
    for key, value in spec.decisions.items():
        for problem in check_decisions({key: value}):
            ctx.report.error(
                ctx.at("decisions", key, key=key not in DECISIONS),
                "decision-invalid",
                problem,
                "`resistance play --decisions` lists every decision with its options",
            )


def _check_text_rules(ctx: _Ctx, spec: schema.ScenarioSpec) -> None:
    """A special rule that is only text is printed but not played: the engine and the
    balance figures ignore it, so say so (it may belong in setup.text, or in executable
    form: max_occupation, exclude_cards, no_events_before_round, effects, on_reveal, on_done)."""
    for i, r in enumerate(spec.special_rules):
        if isinstance(r, schema.TextRule):
            ctx.report.warning(
                ctx.at("special_rules", ctx.nth("special_rules", i) - 1),
                "rule-text-only",
                f"special rule {ctx.nth('special_rules', i)} is only text: the rules engine "
                "does not play it",
                "write it with a rule of the vocabulary (max_occupation, exclude_cards, "
                "no_events_before_round, effects) or objective hooks (on_reveal, on_done); "
                "a reminder that changes nothing belongs in setup.text",
            )

    for i, o in enumerate(spec.objectives):  # a free_character's escort: printed only
        if isinstance(o, schema.FreeCharacterObjective) and o.escort_to is not None:
            ctx.report.warning(
                ctx.at("objectives", i, "escort_to"),
                "escort-not-played",
                f"objective {i + 1}: escort_to is printed but not played: the rules engine "
                "counts the objective done as soon as the character is freed, and the "
                "balance figures with it",
                "keep it as a rule for the table, and read the study's win rates as an upper "
                "bound; or drop escort_to",
            )


#: a place's name in a story: capitalised words (hyphenated, or joined by de/du/la …)
#: right after a preposition of place ("débarque à Pierre-Mont", "the port of Finistelle")
_STORY_PLACE = re.compile(
    r"(?:(?<=\s)|^)(?:à|au|aux|de|du|des|d'|d’|en|vers|depuis|sur|at|in|to|from|near|of|on)"
    r"\s*(?<=['’\s])((?:[A-ZÀ-Ý][\w'’]*)(?:-[\w'’]+)*"
    r"(?:\s(?:de|du|des|la|le|les|d'|d’)?\s?[A-ZÀ-Ý][\w'’]*(?:-[\w'’]+)*)*)"
)
#: capitalised words after a preposition that are not places
_NOT_PLACES = frozenset({
    "général", "general", "colonel", "capitaine", "captain", "docteur", "doctor", "madame",
    "monsieur", "l'ennemi", "l'armée", "l'île", "the", "résistance", "resistance",
})
#: compass words of region names, in both languages (a story may say "the South-West")
_COMPASS_WORDS = frozenset({
    "nord", "sud", "est", "ouest", "north", "south", "east", "west", "n", "s", "e", "o", "w",
    "centre", "center",
})


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold())
                   if not unicodedata.combining(c)).replace("’", "'")


def _board_names(board: Board) -> list[str]:
    """Every name the board gives: cities, regions, the island, its terrain."""
    names: list[str] = [z.city for z in board.zones] + [r.name for r in board.regions]

    def walk(value: Any) -> None:
        if isinstance(value, Mapping):
            for k, v in value.items():
                if k in ("name", "city") and isinstance(v, str):
                    names.append(v)
                else:
                    walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(board.spec.model_dump())
    return names


def _check_story_places(ctx: _Ctx, spec: schema.ScenarioSpec, board: Board) -> None:
    """A place the story names (after "à", "at", "of" …) that the board does not have:
    a city renamed or removed since the story was written."""
    if spec.context is None:
        return
    known = [_fold(n) for n in _board_names(board)]
    cities = sorted({z.city for z in board.zones})
    landing = next((board.resolve(z) for z in spec.setup.start if board.resolve(z)), None)
    example = (f"'{board.zone(landing).city}' ({landing}, where the players land)"
               if landing else f"'{cities[0]}'")
    texts = ([("context",)] if isinstance(spec.context, str)
             else [("context", lang) for lang in ("fr", "en") if getattr(spec.context, lang, None)])
    for path in texts:
        text = text_of(spec.context, path[1]) if len(path) > 1 else str(spec.context)
        for name in dict.fromkeys(m.group(1) for m in _STORY_PLACE.finditer(text)):
            folded = _fold(name)
            words = set(re.split(r"[\s\-']+", folded))
            if (folded in _NOT_PLACES or words <= _COMPASS_WORDS
                    or any(folded in k or k in folded for k in known)):
                continue
            near = did_you_mean(name, cities)
            ctx.report.warning(
                ctx.at(*path),
                "story-place-unknown",
                f"the story names '{name}', which is no city, region or place of this "
                "board: renamed or removed since it was written?",
                (f"did you mean '{near}'? " if near else "")
                + f"name a city of the board, e.g. {example}, or rename it on the board",
            )


#: decks an ``exclude_cards`` rule cannot leave cards of: what the engine would ignore
_NOT_EXCLUDABLE = {
    "special_items": (
        "special items are not a deck: they are set aside (R2.6) and crafted from parts "
        "(R5.5), so excluding one would not change the game",
        "exclude the parts it needs from the items deck (deck: items), or leave it out of "
        "the objectives"),
    "recruits": (
        "recruit tokens have no ids to name: the bag is the tokens of recruits.yaml (R5.2)",
        "change the bag in the recruits content file, or remove this rule"),
}


def _check_rules_content(
    ctx: _Ctx, spec: schema.ScenarioSpec, content: Content | None, deck: ClueDeck | None
) -> None:
    """Card ids in 'exclude_cards' exist in their deck (content files, or the clue deck)."""
    for i, rule in enumerate(spec.special_rules):
        if isinstance(rule, schema.ExcludeCardsRule):
            if rule.deck in _NOT_EXCLUDABLE:
                message, hint = _NOT_EXCLUDABLE[rule.deck]
                ctx.report.error(ctx.at("special_rules", i, "deck"), "exclude-not-a-deck",
                                 message, hint)
                continue
            source = deck if rule.deck == "clues" else content
            if source is None:
                continue
            ids = _by_id(getattr(source, "cards" if rule.deck == "clues" else rule.deck, ()))
            for j, card in enumerate(rule.cards):
                if card not in ids:
                    ctx.report.error(
                        ctx.at("special_rules", i, "cards", j),
                        "card-unknown",
                        f"unknown {rule.deck} card '{card}'{suggestion(card, ids)}",
                        f"card ids are in the {rule.deck} content file",
                    )


# -- printed text ------------------------------------------------------------------

_DURATION = {
    "fr": {"short": "Courte", "medium": "Moyenne", "long": "Longue"},
    "en": {"short": "Short", "medium": "Medium", "long": "Long"},
}
_LEVEL_LABEL = {
    "fr": {"easy": "Facile", "normal": "Normal", "hard": "Difficile"},
    "en": {"easy": "Easy", "normal": "Normal", "hard": "Hard"},
}
_SIZE_PLURAL = {
    "fr": {"capital": "les capitales", "town": "les villes", "village": "les villages"},
    "en": {"capital": "every capital", "town": "every town", "village": "every village"},
}


@dataclass(frozen=True)
class CardText:
    """What the scenario card prints, in one language, as the book lays it out."""

    lang: str
    title: str
    context: str
    duration: str
    setup: tuple[str, ...]
    rules: tuple[str, ...]

    def format(self) -> str:
        """Plain text, one item per line, with the book's headings."""
        fr = self.lang == "fr"
        lines = [self.title, ""]
        if self.context:
            lines += [self.context, ""]
        lines.append(self.duration)
        lines.append("")
        lines.append("Mise en place :" if fr else "Setup:")
        lines += [f"- {s}" for s in self.setup]
        lines.append("")
        lines.append("Règles spéciales :" if fr else "Special rules:")
        lines += [f"- {r}" for r in self.rules]
        return "\n".join(lines)


def places_text(
    where: Mapping[str, Any] | None, zones: Sequence[str] | None, board: Board, lang: str = "fr"
) -> str:
    """A set of places as the book writes it: 'les capitales', 'les zones 11 et 12 de chaque
    région', 'la zone N-E 1'; other predicates by their clue title."""
    if zones is not None:
        ids = [board.resolve(z) or z for z in zones]
        if lang == "fr":
            return ("la zone " if len(ids) == 1 else "les zones ") + join_and(ids, lang)
        return ("zone " if len(ids) == 1 else "zones ") + join_and(ids, lang)
    where = dict(where or {})
    if set(where) == {"size"}:
        sizes = where["size"] if isinstance(where["size"], list) else [where["size"]]
        return join_and([_SIZE_PLURAL[lang].get(str(s), str(s)) for s in sizes], lang)
    if set(where) == {"number"} and isinstance(where["number"], int | list):
        nums = where["number"] if isinstance(where["number"], list) else [where["number"]]
        shown = join_and([str(n) for n in nums], lang)
        if lang == "fr":
            return f"{'la zone' if len(nums) == 1 else 'les zones'} {shown} de chaque région"
        return f"{'zone' if len(nums) == 1 else 'zones'} {shown} of each region"

    scratch = Report()
    pred = parse_where(where, YamlDoc("<text>", None, where), (), board, scratch)
    title = pred.describe("fr" if lang == "fr" else "en", board) if pred is not None else "?"
    return f"chaque zone « {title} »" if lang == "fr" else f"every zone '{title}'"


def _army_line(placements: Sequence[schema.ArmyPlacement], board: Board, lang: str) -> str:
    parts: list[str] = []
    for i, p in enumerate(placements):
        pieces: list[str] = []
        soldier = ("soldat", "soldats") if lang == "fr" else ("soldier", "soldiers")
        officer = ("officier", "officiers") if lang == "fr" else ("officer", "officers")
        if p.soldiers:
            pieces.append(
                count_of(p.soldiers, *soldier) if i == 0 or p.officers else str(p.soldiers)
            )
        if p.officers:
            pieces.append(count_of(p.officers, *officer))
        on = " sur " if lang == "fr" else " on "
        where = text_of(p.label, lang) if p.label is not None else None
        parts.append(
            join_and(pieces, lang) + on + (where or places_text(p.where, p.zones, board, lang))
        )
    verb = "Placer " if lang == "fr" else "Place "
    return verb + join_and(parts, lang) + "."


def _objective_text(o: Objective, lang: str, items: Mapping[str, Any]) -> str:
    spec = o.spec
    if spec.text is not None:
        return text_of(spec.text, lang)
    text = _default_objective_text(o, lang, items)
    if spec.on_reveal:
        lead = " Quand il est révélé : " if lang == "fr" else " When it is revealed: "
        text += lead + render_effects(spec.on_reveal, "fr" if lang == "fr" else "en")
    if spec.on_done:
        lead = " Une fois accompli : " if lang == "fr" else " Once done: "
        text += lead + render_effects(spec.on_done, "fr" if lang == "fr" else "en")
    return text


def _default_objective_text(o: Objective, lang: str, items: Mapping[str, Any]) -> str:
    spec = o.spec
    fr = lang == "fr"
    item = text_of(getattr(items.get(o.item or ""), "title", None), lang) or (o.item or "")
    if isinstance(spec, schema.DestroyBaseObjective):
        if spec.count == 1:
            return (
                f"Trouver la base, puis fabriquer l'objet « {item} » pour la détruire."
                if fr
                else f"Find the base, then craft the item '{item}' to destroy it."
            )
        return (
            f"Trouver les {spec.count} bases, puis fabriquer l'objet « {item} » pour les détruire."
            if fr
            else f"Find the {spec.count} bases, then craft the item '{item}' to destroy them."
        )
    if isinstance(spec, schema.EliminateGeneralObjective):
        return (
            f"Trouver le général, puis l'éliminer dans sa zone (Militaire − malus ≥ {spec.military})."
            if fr
            else f"Find the general, then eliminate him in his zone (Military − malus ≥ "
            f"{spec.military})."
        )
    if isinstance(spec, schema.CraftStrategicItemObjective):
        return (
            f"Trouver le lieu, puis y fabriquer et utiliser l'objet « {item} »."
            if fr
            else f"Find the place, then craft and use the item '{item}' there."
        )
    who = text_of(getattr(spec, "character", None), lang)
    return f"Trouver {who}, puis le libérer." if fr else f"Find {who}, then free them."


def card_text(scenario: Scenario, lang: str = "fr") -> CardText:
    """The scenario card's printed text (R2.1), laid out like "Scénario 1" in the book."""
    spec, board, fr = scenario.spec, scenario.board, lang == "fr"
    setup: list[str] = []
    if spec.setup.army:
        setup.append(_army_line(spec.setup.army, board, lang))
    for p in spec.setup.reputation:
        cube = ("cube Réputation", "cubes Réputation") if fr else ("reputation cube", "cubes")
        named = text_of(p.label, lang) if p.label is not None else ""
        setup.append(
            ("Placer " if fr else "Place ")
            + count_of(p.cubes, *cube)
            + (" sur " if fr else " on ")
            + (named or places_text(p.where, p.zones, board, lang))
            + "."
        )
    if spec.setup.invasion_bag == "one_token_per_occupied_zone":
        setup += (
            [
                "Placer les jetons Zone sur le plateau dans les zones correspondantes (sauf si "
                "déjà occupée, mettre de côté).",
                "Remettre tous les jetons mis de côté dans le sac Invasion.",
            ]
            if fr
            else [
                "Put the zone tokens on their zones on the board (set one aside if the zone is "
                "occupied).",
                "Put every token set aside into the invasion bag.",
            ]
        )
    else:
        setup.append(
            "Mettre tous les jetons Zone des zones occupées dans le sac Invasion ; les autres "
            "forment une pioche par région."
            if fr
            else "Put every zone token of the occupied zones into the invasion bag; the others "
            "make one pile per region."
        )
    starts = list(scenario.start)
    if len(starts) == 1:
        setup.append(
            f"Placer les pions Joueur dans la zone {starts[0]} de la carte."
            if fr
            else f"Put the player pawns in zone {starts[0]}."
        )
    else:
        setup.append(
            f"Chaque joueur place son pion dans l'une des zones {join_and(starts, lang)}."
            if fr
            else f"Each player puts their pawn in one of zones {join_and(starts, lang)}."
        )
    if spec.setup.characters == "random":
        setup.append(
            "Distribuer des rôles au hasard entre les joueurs."
            if fr
            else "Deal the roles at random between the players."
        )
    else:
        setup.append(
            "Chaque joueur choisit une fiche de personnage et une couleur."
            if fr
            else "Each player picks a character sheet and a colour."
        )
    setup.append(
        "Chaque joueur commence avec autant de cubes réputation que son niveau de réputation."
        if fr
        else "Each player starts with as many reputation cubes as their reputation level."
    )
    normal = scenario.level("normal")
    setup.append(_speed_text(spec.setup.speed_start, normal, lang))
    setup += [text_of(t, lang) for t in spec.setup.text]

    rules: list[str] = [
        (f"Minuteur : {_minutes(spec.timer)}'" if fr else f"Timer: {_minutes(spec.timer)}'")
    ]
    items = _by_id(getattr(scenario.content, "special_items", ()))
    texts = [_objective_text(o, lang, items) for o in scenario.objectives]
    label = ("Objectif : " if len(texts) == 1 else "Objectifs : ") if fr else "Objectives: "
    rules.append(label + " ".join(texts))
    for name in LEVELS:
        level = scenario.level(name)
        extra: list[str] = []
        over = spec.difficulty.get(name)  # type: ignore[call-overload]
        if over is not None and over.timer is not None:
            extra.append(
                f"minuteur {_minutes(level.timer)}'" if fr else f"timer {_minutes(level.timer)}'"
            )
        if over is not None and over.speed_start is not None:
            extra.append(
                f"marqueur d'invasion sur la case {level.speed_cell + 1} (vitesse {level.speed})"
                if fr
                else f"invasion marker on cell {level.speed_cell + 1} (speed {level.speed})"
            )
        head = f"{_LEVEL_LABEL[lang][name]} : " if fr else f"{_LEVEL_LABEL[lang][name]}: "
        officers = (
            count_of(level.officers, "Officier", "Officiers")
            if fr
            else count_of(level.officers, "officer", "officers")
        )
        rules.append(head + ", ".join([officers, *extra]))
    for rule in spec.special_rules:
        if rule.text is not None:
            rules.append(text_of(rule.text, lang))
    return CardText(
        lang=lang,
        title=text_of(spec.title, lang),
        context=" ".join(text_of(spec.context, lang).split()),
        duration=(
            f"Durée : {_DURATION['fr'][spec.duration]}"
            if fr
            else f"Length: {_DURATION['en'][spec.duration]}"
        ),
        setup=tuple(setup),
        rules=tuple(rules),
    )


def _minutes(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _speed_text(start: schema.SpeedStart, level: Level, lang: str) -> str:
    if start.speed is not None:
        nth = "1ère" if lang == "fr" else "first"
        return (
            f"Placer le marqueur d'invasion sur la {nth} case de vitesse {start.speed}."
            if lang == "fr"
            else f"Put the invasion marker on the {nth} cell of speed {start.speed}."
        )
    return (
        f"Placer le marqueur d'invasion sur la case {level.speed_cell + 1} de l'échelle de "
        f"vitesse (vitesse {level.speed})."
        if lang == "fr"
        else f"Put the invasion marker on cell {level.speed_cell + 1} of the speed track "
        f"(speed {level.speed})."
    )


def special_rules_doc() -> str:
    """The special rules a scenario may set (``special_rules:``), each with its meaning,
    parameters and an example (Markdown, for ``resistance vocabulary rules``)."""
    lines = ["# Special rules", ""]
    lines += [
        "A scenario's `special_rules:` is a list. Each entry names its `rule:` and may",
        "carry the `text:` printed on the scenario card (fr/en). The engine plays each",
        "rule below; an entry with only `text:` is printed, not played (a warning says so).",
        "",
    ]
    classes: list[type[Model]] = [*get_args(get_args(schema.SpecialRule)[0]), schema.TextRule]
    for cls in classes:
        fields = cls.model_fields
        rule = fields.get("rule")
        name = get_args(rule.annotation)[0] if rule is not None else "(text only)"
        lines += [f"## `{name}`", "", " ".join((cls.__doc__ or "").split()), ""]
        for key, f in fields.items():
            if key == "rule":
                continue
            what = f.description or ""
            if key == "when":
                what += " One of: " + ", ".join(f"`{t}`" for t in get_args(schema.Trigger)) + "."
            if key == "deck":
                what += " One of: " + ", ".join(f"`{t}`" for t in get_args(schema.Deck)) + "."
            optional = "" if f.is_required() else " (optional)"
            lines.append(f"- `{f.alias or key}`{optional}: {what}".rstrip(": "))
        example = getattr(cls, "example", "")
        lines += ["", "```yaml", "special_rules:", f"  - {example}", "```", ""]
    return "\n".join(lines)
