"""Clue predicates: properties of places, evaluated on a board (R5.3).

A valid clue card names a property of places and is perforated at every place that
has it. A predicate is a YAML mapping with one key (several keys mean ``all`` of
them)::

    where: {coastal: true}                         # "Cité côtière"
    where: {all: [{region: [N-O, N-E]}, {size: [capital, town]}]}
    where: {within: {of: N-E 1, links: 2, by: road}}
    where: {not: {near: {feature: rivers, mm: 25}}}

Every predicate model has ``zones(board)`` (the zone ids with the property),
``explain(board, zone_id)`` (has it, and why — the "why" twin of style.md §2) and
``describe(lang)`` (a default printed title). :func:`parse_where` turns YAML data
into a predicate with located diagnostics; a scenario reuses it for setup rules.
Places are located by their city (the hole of the mini-map sits on the city),
except ``coastal`` and ``river``, which use the zone polygon.
"""

from __future__ import annotations

import contextlib
import difflib
import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Union, cast

from pydantic import Field, model_validator

from authoring.io.diagnostics import Report, did_you_mean, suggestion
from authoring.io.wording import cap, join_or, low
from authoring.model.rules import MOVE_MOUNTAIN_PATHS, MOVE_ROADS
from authoring.model.schema.base import HINT_MARK, Model, validate

if TYPE_CHECKING:
    from authoring.io.yamlio import YamlDoc
    from authoring.model.board import Board, Zone

Lang = Literal["fr", "en"]
CitySize = Literal["capital", "town", "village"]
LinkKind = Literal["road", "mountain", "any"]
#: a terrain kind: mountains, forests, lakes, rivers, or any kind the board defines
TerrainKind = Annotated[str, Field(min_length=1)]
Point = Annotated[tuple[float, float], Field(description="[x, y] in mm (x east, y north)")]
PathKey = tuple[str | int, ...]

_SIZE_FR = {"capital": "capitale", "town": "ville", "village": "village"}
_SIZE_EN = {"capital": "capital", "town": "town", "village": "village"}
_NUM_FR = {1: "une", 2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six"}
_NUM_EN = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_TAG_FR = {
    "port": ("Cité portuaire", "Cité sans port"),
    "market": ("Cité de marché", "Cité sans marché"),
    "fort": ("Cité fortifiée", "Cité sans fort"),
    "mine": ("Cité minière", "Cité sans mine"),
    "abbey": ("Cité d'abbaye", "Cité sans abbaye"),
    "ruins": ("Cité en ruines", "Cité sans ruines"),
}
_TAG_NOUN_FR = {
    "port": "port",
    "market": "marché",
    "fort": "fort",
    "mine": "mine",
    "abbey": "abbaye",
    "ruins": "ruines",
}
_KIND_FR = {
    "mountains": ("une montagne", "les montagnes"),
    "forests": ("une forêt", "une forêt"),
    "lakes": ("un lac", "un lac"),
    "rivers": ("une rivière", "une rivière"),
}
_KIND_EN = {"mountains": "mountains", "forests": "a forest", "lakes": "a lake", "rivers": "a river"}
#: French article after "de" for a feature name starting with a common noun
_DE_FR = {
    "forêt": "de la ",
    "foret": "de la ",
    "rivière": "de la ",
    "riviere": "de la ",
    "montagne": "de la ",
    "bois": "du ",
    "lac": "du ",
    "mont": "du ",
    "marais": "du ",
    "fleuve": "du ",
    "monts": "des ",
    "aiguilles": "des ",
    "collines": "des ",
    "étang": "de l'",
    "échine": "de l'",
}


# -- small text helpers -------------------------------------------------------------
def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else [value]


def _of_fr(name: str) -> str:
    """'de' + a French name with the right article: 'de la Vaulne', 'du Bois-Sombre'."""
    low = name.lower()
    for art, out in (("la ", "de la "), ("le ", "du "), ("les ", "des "), ("l'", "de l'")):
        if low.startswith(art):
            return out + name[len(art) :]
    first = low.replace("-", " ").split(" ")[0]
    if first in _DE_FR:
        return _DE_FR[first] + name
    if low[:1] in "aeiouéèêàâîôûœh":
        return "d'" + name
    return "de " + name


def _zone_label(board: Board, zid: str) -> str:
    z = board.zone(zid)
    return f"{z.id} ({z.city})"


def _number_word(n: int, lang: Lang, feminine: bool = True) -> str:
    if lang == "fr":
        word = _NUM_FR.get(n, str(n))
        return "un" if (word == "une" and not feminine) else word
    return _NUM_EN.get(n, str(n))


def _mm(x: float) -> str:
    return f"{x:.1f} mm"


# -- the base class -----------------------------------------------------------------
class Predicate(Model):
    """A property of places; subclasses have one field named after their YAML key."""

    key: ClassVar[str] = ""

    def zones(self, board: Board) -> frozenset[str]:
        """The ids of the zones that have the property (the card's holes)."""
        return frozenset(z.id for z in board.zones if self.test(board, z))

    def test(self, board: Board, zone: Zone) -> bool:
        return zone.id in self.zones(board)

    def explain(self, board: Board, zone_id: str) -> tuple[bool, list[str]]:
        """Whether ``zone_id`` has the property, and the facts that decide it."""
        z = board.zone(zone_id)
        has = z.id in self.zones(board)
        return has, [self.reason(board, z, has)]

    def reason(self, board: Board, zone: Zone, has: bool) -> str:
        return f"{zone.id} {'has' if has else 'lacks'} the property '{self.describe('en')}'"

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        """A default printed title, in French or English."""
        raise NotImplementedError

    def describe_not(self, lang: Lang, board: Board | None) -> str | None:
        """A natural title for the complement, when there is one."""
        return None

    def check(self, board: Board, doc: YamlDoc, path: PathKey, report: Report) -> Predicate | None:
        """Resolve references against the board: unknown ones become located diagnostics
        (``path`` is the predicate mapping). Returns the canonical predicate or None."""
        return self

    def children(self) -> tuple[Predicate, ...]:
        return ()

    def to_yaml_data(self) -> dict[str, Any]:
        """Plain data as written in a deck file (defaults of nested specs left out)."""
        return {
            f.alias or name: _plain(getattr(self, name))
            for name, f in type(self).model_fields.items()
        }


def _plain(value: Any) -> Any:
    if isinstance(value, Predicate):
        return value.to_yaml_data()
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Model):
        data = value.model_dump(mode="json", by_alias=True, exclude_defaults=True, exclude_none=True)
        return {k: _plain(v) for k, v in data.items()}
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def word_as_predicate(word: str, board: Board) -> tuple[str, str] | None:
    """What a word that is not a zone is on ``board`` — a tag, a region, a terrain kind or
    feature, a city size — and the predicate that selects the places that have it.

    ``('a terrain kind', '{inside: {feature: forests}}')`` for 'forest' on a board with
    forests."""
    w = str(word).strip()
    low = w.casefold()
    tags = {t.casefold(): t for z in board.zones for t in z.tags}
    if low in tags:
        return "a tag", f"{{tag: {tags[low]}}}"
    for r in board.regions:
        if low in (r.id.casefold(), r.name.casefold()):
            return "a region", f"{{region: {r.id}}}"
    terrain = board.geometry.terrain
    for kind in terrain:
        if terrain[kind] and low in (kind.casefold(), kind.casefold().rstrip("s")):
            return "a terrain kind", f"{{inside: {{feature: {kind}}}}}"
        for name, _ in terrain[kind]:
            if low == name.casefold():
                return f"one of the {kind}", f"{{inside: {{feature: {kind}, name: {name}}}}}"
    if low in ("capital", "town", "village"):
        return "a city size", f"{{size: {low}}}"
    for z in board.zones:
        if low == z.city.casefold():
            return "a city", f"'{z.id}' (the zone of {z.city})"
    return None


def zone_id_hint(board: Board) -> str:
    """How zone ids are written, with examples of this board."""
    ids = board.zone_ids
    shown = " or ".join(f"'{z}'" for z in ids[:2]) if ids else "'N-E 1'"
    return f"zone ids are the region and the number, e.g. {shown}"


def _check_zone_refs(
    refs: Sequence[str],
    board: Board,
    doc: YamlDoc,
    path: PathKey,
    report: Report,
) -> list[str] | None:
    """Canonical ids of zone references; unknown ones reported at their node. A word that
    is a tag, region, terrain or city size of the board gets the predicate that says it."""
    out: list[str] = []
    ok = True
    ids = board.zone_ids
    is_list = isinstance(doc.get(path), list)
    takes_predicate = bool(path) and path[-1] == "of"
    for i, ref in enumerate(refs):
        zid = board.resolve(ref)
        if zid is None:
            where = doc.span((*path, i) if is_list else path)
            meant = word_as_predicate(str(ref), board)
            if meant is None:
                hint = zone_id_hint(board)
            elif meant[0] == "a city":
                hint = f"'{ref}' is a city: write its zone, {meant[1]}"
            elif takes_predicate:
                hint = (f"'{ref}' is {meant[0]} of this board, not a zone: write of: {meant[1]} "
                        "(the nearest place that has it)")
            else:
                hint = (f"'{ref}' is {meant[0]} of this board, not a zone: the places that "
                        f"have it are {meant[1]}")
            report.error(
                where,
                "zone-unknown",
                f"unknown zone '{ref}'{suggestion(str(ref), ids) if meant is None else ''}",
                hint,
            )
            ok = False
        else:
            out.append(zid)
    return out if ok else None


def _squash(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch.isalnum())


def _one_or_list(values: list[Any], original: Any) -> Any:
    return values if isinstance(original, list | tuple) else values[0]


# -- attributes -----------------------------------------------------------------------
class RegionIs(Predicate):
    """Zones of a region, or of any of several regions (R0.1); a region's id or its name.

    ``where: {region: N-E}`` — ``where: {region: [N-O, N-E]}`` (the north)."""

    key: ClassVar[str] = "region"
    region: str | list[str] = Field(description="Region id, or a list of region ids (any of).")

    def zones(self, board: Board) -> frozenset[str]:
        want = set(_as_list(self.region))
        return frozenset(z.id for z in board.zones if z.region in want)

    def reason(self, board: Board, zone: Zone, has: bool) -> str:
        want = " or ".join(_as_list(self.region))
        if has:
            return f"{_zone_label(board, zone.id)} is in region {zone.region}"
        return f"{_zone_label(board, zone.id)} is in region {zone.region}, not {want}"

    def check(self, board: Board, doc: YamlDoc, path: PathKey, report: Report) -> Predicate | None:
        ids = [r.id for r in board.regions]
        names = {_squash(r.name): r.id for r in board.regions if r.name}
        squashed = {_squash(r.id): r.id for r in board.regions}
        out, ok = [], True
        for i, ref in enumerate(_as_list(self.region)):
            key = _squash(str(ref))
            rid = ref if ref in ids else squashed.get(key, names.get(key))
            if rid is None:
                where = (*path, "region", i) if isinstance(self.region, list) else (*path, "region")
                every = ids + [r.name for r in board.regions if r.name]
                report.error(
                    doc.span(where),
                    "region-unknown",
                    f"unknown region '{ref}'{suggestion(str(ref), every)}",
                    "regions of this board: "
                    + ", ".join(f"{r.id} ({r.name})" if r.name else r.id for r in board.regions),
                )
                ok = False
            else:
                out.append(rid)
        return self.model_copy(update={"region": _one_or_list(out, self.region)}) if ok else None

    def _names(self, lang: Lang, board: Board | None) -> list[str]:
        names = []
        for rid in _as_list(self.region):
            name = rid
            if board is not None:
                with contextlib.suppress(KeyError):
                    name = board.region(rid).name or rid
            names.append(name)
        return names

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        names = self._names(lang, board)
        if lang == "fr":
            return ("Région " if len(names) == 1 else "Régions ") + join_or(names, lang)
        return ("Region " if len(names) == 1 else "Regions ") + join_or(names, lang)

    def describe_not(self, lang: Lang, board: Board | None) -> str | None:
        names = self._names(lang, board)
        return ("Hors région " if lang == "fr" else "Outside ") + join_or(names, lang)


class SizeIs(Predicate):
    """Zones whose city has a size: capital (3 circles), town (2), village (1) — R4.1.

    ``where: {size: capital}`` — ``where: {size: [capital, town]}``."""

    key: ClassVar[str] = "size"
    size: CitySize | list[CitySize] = Field(description="City size, or a list (any of).")

    def zones(self, board: Board) -> frozenset[str]:
        want = set(_as_list(self.size))
        return frozenset(z.id for z in board.zones if z.size in want)

    def reason(self, board: Board, zone: Zone, has: bool) -> str:
        want = " or ".join(_as_list(self.size))
        if has:
            return f"{_zone_label(board, zone.id)} is a {zone.size} (R4.1)"
        return f"{_zone_label(board, zone.id)} is a {zone.size}, not a {want} (R4.1)"

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        names = _SIZE_FR if lang == "fr" else _SIZE_EN
        return cap(join_or([names[s] for s in _as_list(self.size)], lang))

    def describe_not(self, lang: Lang, board: Board | None) -> str | None:
        names = _SIZE_FR if lang == "fr" else _SIZE_EN
        others = [s for s in ("capital", "town", "village") if s not in _as_list(self.size)]
        return cap(join_or([names[s] for s in others], lang)) if others else None


class NumberRange(Model):
    """An inclusive range of zone numbers; either bound may be left out."""

    min: int | None = Field(default=None, ge=0)
    max: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _ordered(self) -> NumberRange:
        if self.min is None and self.max is None:
            raise ValueError("give min, max or both")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min {self.min} is larger than max {self.max}")
        return self

    def contains(self, n: int) -> bool:
        return (self.min is None or n >= self.min) and (self.max is None or n <= self.max)

    def text(self, lang: Lang) -> str:
        if self.min is not None and self.max is not None:
            return f"{self.min} à {self.max}" if lang == "fr" else f"{self.min} to {self.max}"
        if self.min is not None:
            return f"{self.min} ou plus" if lang == "fr" else f"{self.min} or more"
        return f"{self.max} ou moins" if lang == "fr" else f"{self.max} or less"


class NumberIs(Predicate):
    """Zones by number within their region (R0.1): one number, a list, or a range.

    ``where: {number: 1}`` — ``where: {number: [11, 12]}`` — ``where: {number: {min: 10}}``."""

    key: ClassVar[str] = "number"
    number: int | list[int] | NumberRange = Field(
        description="A zone number, a list of numbers (any of) or {min, max}."
    )

    def test(self, board: Board, zone: Zone) -> bool:
        if isinstance(self.number, NumberRange):
            return self.number.contains(zone.number)
        return zone.number in _as_list(self.number)

    def _text(self, lang: Lang) -> str:
        if isinstance(self.number, NumberRange):
            return self.number.text(lang)
        return join_or([str(n) for n in _as_list(self.number)], lang)

    def reason(self, board: Board, zone: Zone, has: bool) -> str:
        verb = "is" if has else "is not"
        return f"{_zone_label(board, zone.id)} has number {zone.number}, which {verb} {self._text('en')}"

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        n = self.number
        plural = (isinstance(n, NumberRange) and None not in (n.min, n.max)) or (
            isinstance(n, list) and len(n) > 1
        )
        if lang == "fr":
            return ("Numéros " if plural else "Numéro ") + self._text(lang)
        return ("Numbers " if plural else "Number ") + self._text(lang)

    def describe_not(self, lang: Lang, board: Board | None) -> str | None:
        if lang == "fr":
            return "Hors numéros " + self._text(lang)
        return "Numbers other than " + self._text(lang)


class TagIs(Predicate):
    """Zones carrying a tag of the board file (port, market, …), or any of several.

    ``where: {tag: port}`` — ``where: {tag: [fort, ruins]}``."""

    key: ClassVar[str] = "tag"
    tag: str | list[str] = Field(description="A tag, or a list of tags (any of).")

    def zones(self, board: Board) -> frozenset[str]:
        want = set(_as_list(self.tag))
        return frozenset(z.id for z in board.zones if z.tags & want)

    def reason(self, board: Board, zone: Zone, has: bool) -> str:
        want = set(_as_list(self.tag))
        if has:
            return f"{_zone_label(board, zone.id)} has tag '{sorted(zone.tags & want)[0]}'"
        tags = ", ".join(sorted(zone.tags)) or "none"
        shown = " or ".join(f"'{t}'" for t in _as_list(self.tag))
        return f"{_zone_label(board, zone.id)} has no tag {shown} (its tags: {tags})"

    def check(self, board: Board, doc: YamlDoc, path: PathKey, report: Report) -> Predicate | None:
        known = sorted({t for z in board.zones for t in z.tags})
        for i, tag in enumerate(_as_list(self.tag)):
            if tag not in known:
                where = (*path, "tag", i) if isinstance(self.tag, list) else (*path, "tag")
                close = difflib.get_close_matches(tag, known, n=1, cutoff=0.75)
                mean = f" (did you mean '{close[0]}'?)" if close else ""
                report.warning(
                    doc.span(where),
                    "tag-unused",
                    f"no zone of the board has tag '{tag}'{mean}",
                    f"tags of this board: {', '.join(known) or 'none'}"
                    + ("" if close else "; a tag is given to places in the board file "
                       "(tags: [...] on a zone)"),
                )
        return self

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        tags = _as_list(self.tag)
        if lang == "fr":
            if len(tags) == 1 and tags[0] in _TAG_FR:
                return _TAG_FR[tags[0]][0]
            return "Cité avec " + join_or([_TAG_NOUN_FR.get(t, f"« {t} »") for t in tags], lang)
        return "Place with " + join_or([f"'{t}'" for t in tags], lang)

    def describe_not(self, lang: Lang, board: Board | None) -> str | None:
        tags = _as_list(self.tag)
        if lang == "fr":
            if len(tags) == 1 and tags[0] in _TAG_FR:
                return _TAG_FR[tags[0]][1]
            nouns = [_TAG_NOUN_FR.get(t, f"« {t} »") for t in tags]
            return "Cité sans " + ", ".join(nouns[:-1]) + " ni " + nouns[-1]
        return "Place without " + join_or([f"'{t}'" for t in tags], lang)


class Coastal(Predicate):
    """Zones on the coast: the zone polygon runs along the island's coastline.

    ``where: {coastal: true}`` ("Cité côtière") — ``where: {coastal: false}`` (inland)."""

    key: ClassVar[str] = "coastal"
    coastal: bool = Field(default=True, description="true: on the coast; false: inland.")

    def zones(self, board: Board) -> frozenset[str]:
        coast = board.geometry.coastal
        return frozenset(z.id for z in board.zones if (z.id in coast) == self.coastal)

    def reason(self, board: Board, zone: Zone, has: bool) -> str:
        geo = board.geometry
        poly = geo.zone_polygons[zone.id]
        length = poly.boundary.intersection(geo.coast).length if not poly.is_empty else 0.0
        if zone.id in geo.coastal:
            return f"{_zone_label(board, zone.id)} is coastal: its zone runs {_mm(length)} along the coast"
        return f"{_zone_label(board, zone.id)} is inland: its zone does not reach the coast"

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        if lang == "fr":
            return "Cité côtière" if self.coastal else "Cité de l'intérieur"
        return "Coastal city" if self.coastal else "Inland city"

    def describe_not(self, lang: Lang, board: Board | None) -> str | None:
        return Coastal(coastal=not self.coastal).describe(lang, board)


class ZoneIs(Predicate):
    """Explicitly listed zones (for combinations; a card may also use ``places:``).

    ``where: {zone: [N-E 1, N-E 2]}``."""

    key: ClassVar[str] = "zone"
    zone: str | list[str] = Field(description="A zone id, or a list of zone ids.")

    def zones(self, board: Board) -> frozenset[str]:
        return frozenset(z for r in _as_list(self.zone) if (z := board.resolve(r)) is not None)

    def reason(self, board: Board, zone: Zone, has: bool) -> str:
        listed = ", ".join(_as_list(self.zone))
        return f"{zone.id} is {'' if has else 'not '}listed ({listed})"

    def check(self, board: Board, doc: YamlDoc, path: PathKey, report: Report) -> Predicate | None:
        out = _check_zone_refs(_as_list(self.zone), board, doc, (*path, "zone"), report)
        return None if out is None else self.model_copy(update={"zone": _one_or_list(out, self.zone)})

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        return join_or(_as_list(self.zone), lang)


# -- graph relations ------------------------------------------------------------------
class Adjacent(Predicate):
    """Neighbours of a place: joined to it by a road or a mountain path (D8.2). The place
    itself is not included; a list means next to any of them.

    ``where: {adjacent: N-E 1}``."""

    key: ClassVar[str] = "adjacent"
    adjacent: str | list[str] = Field(description="A zone id, or a list (next to any of them).")

    def zones(self, board: Board) -> frozenset[str]:
        out: set[str] = set()
        for ref in _as_list(self.adjacent):
            out |= set(board.neighbours(ref))
        return frozenset(out)

    def reason(self, board: Board, zone: Zone, has: bool) -> str:
        g = board.graph
        for ref in _as_list(self.adjacent):
            p = board.zone(ref).id
            if g.has_edge(p, zone.id):
                link = "mountain path" if g.edges[p, zone.id]["kind"] == "mountain" else "road"
                return f"{zone.id} is joined to {p} by a {link} (D8.2)"
        listed = " or ".join(_as_list(self.adjacent))
        return (
            f"{zone.id} is not a neighbour of {listed}; its neighbours: "
            f"{', '.join(board.neighbours(zone.id)) or 'none'}"
        )

    def check(self, board: Board, doc: YamlDoc, path: PathKey, report: Report) -> Predicate | None:
        out = _check_zone_refs(_as_list(self.adjacent), board, doc, (*path, "adjacent"), report)
        if out is None:
            return None
        return self.model_copy(update={"adjacent": _one_or_list(out, self.adjacent)})

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        places = join_or(_as_list(self.adjacent), lang)
        return f"Voisin de {places}" if lang == "fr" else f"Next to {places}"

    def describe_not(self, lang: Lang, board: Board | None) -> str | None:
        places = join_or(_as_list(self.adjacent), lang)
        return f"Pas voisin de {places}" if lang == "fr" else f"Not next to {places}"


class WithinSpec(Model):
    """Distance on the map graph, in links, from a place or from the nearest place with a
    property."""

    of: Union[str, list[str], PredicateT] = Field(  # noqa: UP007 - a forward reference for pydantic
        description="The zone distances are counted from (N-E 1), a list of zones (from the "
        "nearest of them), or a predicate: from the nearest place that has it, e.g. {tag: port}."
    )
    links: int = Field(ge=0, le=50, description="Largest number of links (inclusive).")
    min: int = Field(default=0, ge=0, description="Smallest number of links (default 0).")
    by: LinkKind = Field(
        default="any", description="Count roads, mountain paths, or any link (default)."
    )

    @model_validator(mode="before")
    @classmethod
    def _zones_listed(cls, data: Any) -> Any:
        """A list of zones is the places listed: ``{zone: [...]}`` (the nearest of them)."""
        if isinstance(data, dict) and isinstance(data.get("of"), list):
            return {**data, "of": {"zone": data["of"]}}
        return data

    @property
    def zone(self) -> str:
        """The zone of ``of`` (when it is not a predicate)."""
        assert isinstance(self.of, str)
        return self.of

    @model_validator(mode="after")
    def _ordered(self) -> WithinSpec:
        if self.min > self.links:
            raise ValueError(
                f"min {self.min} is larger than links {self.links}{HINT_MARK}min is the "
                f"nearest, links the farthest: e.g. min: {self.links}, links: {self.min} "
                f"(places {self.links} to {self.min} links away)")
        return self


_LINK_EN = {"road": "road", "mountain": "mountain-path", "any": ""}


class Within(Predicate):
    """Zones at most ``links`` links from a place (the place itself is at 0), counting
    roads, mountain paths or any link; ``min`` keeps only the farther ones. ``of`` may
    also be a predicate: the distance is then to the nearest place that has it.

    ``where: {within: {of: N-E 1, links: 2, by: road}}`` ("À deux routes de N-E 1") —
    ``where: {within: {of: {tag: port}, links: 1}}`` ("À une liaison d'un lieu « Cité
    portuaire »")."""

    key: ClassVar[str] = "within"
    within: WithinSpec

    def children(self) -> tuple[Predicate, ...]:
        of = self.within.of
        return (of,) if isinstance(of, Predicate) else ()

    def _dist(self, board: Board) -> dict[str, int]:
        of = self.within.of
        if isinstance(of, Predicate):
            return _links_from(board, of.zones(board), self.within.by)
        return board.distances_from(self.within.zone, self.within.by)

    def zones(self, board: Board) -> frozenset[str]:
        w = self.within
        return frozenset(z for z, d in self._dist(board).items() if w.min <= d <= w.links)

    def _source(self, board: Board, zone_id: str) -> str:
        of = self.within.of
        if not isinstance(of, Predicate):
            return self.within.zone
        nearest = _nearest_by_links(board, of.zones(board), zone_id, self.within.by)
        what = f"the nearest place “{of.describe('en', board)}”"
        return f"{what} ({nearest})" if nearest else what

    def reason(self, board: Board, zone: Zone, has: bool) -> str:
        w = self.within
        kind = _LINK_EN[w.by]
        d = self._dist(board).get(zone.id)
        want = f"{w.min}–{w.links}" if w.min else f"at most {w.links}"
        src = self._source(board, zone.id)
        if d is None:
            return f"{zone.id} cannot be reached from {src} by {kind or 'any'} links"
        links = f"{d} {kind + ' ' if kind else ''}link{'s' * (d != 1)}"
        return f"{zone.id} is {links} from {src} ({'' if has else 'not '}{want})"

    def check(self, board: Board, doc: YamlDoc, path: PathKey, report: Report) -> Predicate | None:
        if isinstance(self.within.of, Predicate):
            return self
        out = _check_zone_refs([self.within.zone], board, doc, (*path, "within", "of"), report)
        if out is None:
            return None
        return self.model_copy(update={"within": self.within.model_copy(update={"of": out[0]})})

    def _of_text(self, lang: Lang, board: Board | None) -> str:
        """'de N-E 1' / 'd'un lieu « Cité portuaire »' (fr); 'N-E 1' / 'a place “…”' (en)."""
        of = self.within.of
        if isinstance(of, Predicate):
            inner = of.describe(lang, board)
            return f"d'un lieu « {inner} »" if lang == "fr" else f"a place “{inner}”"
        return f"de {self.within.zone}" if lang == "fr" else self.within.zone

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        w = self.within
        of = self._of_text(lang, board)
        if lang == "fr":
            noun = {"road": "route", "mountain": "sentier", "any": "liaison"}[w.by]
            fem = w.by != "mountain"
            n = _number_word(w.links, lang, fem)
            plural = "s" if w.links > 1 else ""
            if w.by == "mountain":
                noun = "sentier" + plural + " de montagne"
                plural = ""
            if w.min:
                return f"À {w.min} à {w.links} {noun}{plural or 's'} {of}"
            if w.links == 0:
                return _zero_links(self.within.of, lang, board)
            return f"À {n} {noun}{plural} {of}"
        noun = {"road": "road", "mountain": "mountain path", "any": "link"}[w.by]
        plural = "s" if w.links > 1 else ""
        if w.min:
            return f"{w.min} to {w.links} {noun}s from {of}"
        if w.links == 0:
            return _zero_links(self.within.of, lang, board)
        return f"Within {_number_word(w.links, lang)} {noun}{plural} of {of}"

    def describe_not(self, lang: Lang, board: Board | None) -> str | None:
        w = self.within
        if w.min or w.links == 0:
            return None
        of = self._of_text(lang, board)
        if lang == "fr":
            noun = {"road": "route", "mountain": "sentier", "any": "liaison"}[w.by]
            n = _number_word(w.links, lang, w.by != "mountain")
            plural = "s" if w.links > 1 else ""
            extra = " de montagne" if w.by == "mountain" else ""
            more = "À plus d'" if n[0] in "ua" else "À plus de "
            return f"{more}{n} {noun}{plural}{extra} {of}"
        noun = {"road": "road", "mountain": "mountain path", "any": "link"}[w.by]
        return f"More than {_number_word(w.links, lang)} {noun}{'s' * (w.links > 1)} from {of}"


def _zero_links(of: Any, lang: Lang, board: Board | None) -> str:
    return of.describe(lang, board) if isinstance(of, Predicate) else str(of)


def _links_from(board: Board, sources: Iterable[str], by: str) -> dict[str, int]:
    """Links from each zone to the nearest of ``sources`` (a breadth-first search from all
    of them at once), counting roads, mountain paths or any link."""
    import networkx as nx

    g = board.subgraph(by)
    dist: dict[str, int] = {z: 0 for z in sources}
    starts = [z for z in dist if z in g]
    if starts:
        for z, d in nx.multi_source_dijkstra_path_length(g, starts, weight=None).items():
            dist.setdefault(z, int(d))
    return dist


def _nearest_by_links(board: Board, sources: frozenset[str], zone_id: str, by: str) -> str | None:
    """The source nearest ``zone_id`` (ties: the first in board order), if any is reachable."""
    if zone_id in sources:
        return zone_id
    here = board.distances_from(zone_id, by)
    best = [(d, board.zone_ids.index(z), z) for z, d in here.items() if z in sources]
    return min(best)[2] if best else None


class Reach(Predicate):
    """Zones reachable from a place in one move (R5.1): up to 3 roads, or 1 mountain
    path. The place itself is not included.

    ``where: {reach: N-E 1}``."""

    key: ClassVar[str] = "reach"
    reach: str = Field(description="The zone the move starts from.")

    def zones(self, board: Board) -> frozenset[str]:
        return frozenset(board.reach(self.reach))

    def reason(self, board: Board, zone: Zone, has: bool) -> str:

        rule = f"R5.1: up to {MOVE_ROADS} roads or {MOVE_MOUNTAIN_PATHS} mountain path"
        start = board.zone(self.reach).id
        if zone.id == start:
            return f"{zone.id} is the start of the move itself ({rule})"
        d_road = board.distance(start, zone.id, "road")
        by_path = board.graph.has_edge(start, zone.id) and (
            board.graph.edges[start, zone.id]["kind"] == "mountain"
        )
        if has and by_path:
            return f"{zone.id} is one mountain path from {start} ({rule})"
        if has:
            return f"{zone.id} is {d_road} road{'s' * (d_road != 1)} from {start} ({rule})"
        roads = "no road route" if d_road is None else f"{d_road} roads away"
        return f"{zone.id} is {roads} from {start} and not one mountain path away ({rule})"

    def check(self, board: Board, doc: YamlDoc, path: PathKey, report: Report) -> Predicate | None:
        out = _check_zone_refs([self.reach], board, doc, (*path, "reach"), report)
        return None if out is None else self.model_copy(update={"reach": out[0]})

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        if lang == "fr":
            return f"À un déplacement de {self.reach}"
        return f"One move from {self.reach}"

    def describe_not(self, lang: Lang, board: Board | None) -> str | None:
        if lang == "fr":
            return f"À plus d'un déplacement de {self.reach}"
        return f"More than one move from {self.reach}"


class MountainOnly(Predicate):
    """Zones whose every link is a mountain path (no road reaches them); ``false`` gives
    the zones with at least one road.

    ``where: {mountain_only: true}``."""

    key: ClassVar[str] = "mountain_only"
    mountain_only: bool = Field(default=True)

    def test(self, board: Board, zone: Zone) -> bool:
        kinds = [k for _, _, k in board.graph.edges(zone.id, data="kind")]
        only = bool(kinds) and all(k == "mountain" for k in kinds)
        return only == self.mountain_only

    def reason(self, board: Board, zone: Zone, has: bool) -> str:
        edges = list(board.graph.edges(zone.id, data="kind"))
        roads = [b for _, b, k in edges if k != "mountain"]
        if not edges:
            return f"{zone.id} has no link at all"
        if roads:
            return f"{zone.id} has a road to {', '.join(sorted(roads))}"
        return f"{zone.id} has {len(edges)} link{'s' * (len(edges) != 1)}, all mountain paths"

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        if lang == "fr":
            return "Accessible par la montagne seulement" if self.mountain_only else "Sur la route"
        return "Reached only by mountain paths" if self.mountain_only else "On a road"

    def describe_not(self, lang: Lang, board: Board | None) -> str | None:
        return MountainOnly(mountain_only=not self.mountain_only).describe(lang, board)


class DegreeSpec(Model):
    """Bounds on the number of links of a zone."""

    min: int | None = Field(default=None, ge=0)
    max: int | None = Field(default=None, ge=0)
    by: LinkKind = Field(default="any", description="Count roads, mountain paths or both.")

    @model_validator(mode="after")
    def _ordered(self) -> DegreeSpec:
        if self.min is None and self.max is None:
            raise ValueError("give min, max or both")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min {self.min} is larger than max {self.max}")
        return self


class Degree(Predicate):
    """Zones by number of links (roads and/or mountain paths): a crossroads or a dead end.

    ``where: {degree: {min: 4}}`` — ``where: {degree: 2}`` (exactly 2 links)."""

    key: ClassVar[str] = "degree"
    degree: int | DegreeSpec = Field(description="Exact number of links, or {min, max, by}.")

    def _spec(self) -> DegreeSpec:
        if isinstance(self.degree, DegreeSpec):
            return self.degree
        return DegreeSpec(min=self.degree, max=self.degree)

    def test(self, board: Board, zone: Zone) -> bool:
        s = self._spec()
        d = board.degree(zone.id, s.by)
        return (s.min is None or d >= s.min) and (s.max is None or d <= s.max)

    def _want(self, lang: Lang, noun: str = "") -> str:
        s = self._spec()
        noun = f" {noun}" if noun else ""
        if s.min is not None and s.max is not None:
            if s.min == s.max:
                return f"{s.min}{noun}"
            return f"{s.min} à {s.max}{noun}" if lang == "fr" else f"{s.min} to {s.max}{noun}"
        if s.min is not None:
            return f"{s.min}{noun} ou plus" if lang == "fr" else f"{s.min}{noun} or more"
        return f"{s.max}{noun} ou moins" if lang == "fr" else f"{s.max}{noun} or fewer"

    def reason(self, board: Board, zone: Zone, has: bool) -> str:
        s = self._spec()
        d = board.degree(zone.id, s.by)
        kind = {"road": "road", "mountain": "mountain-path", "any": ""}[s.by]
        links = f"{d} {kind + ' ' if kind else ''}link{'s' * (d != 1)}"
        return f"{zone.id} has {links} ({'' if has else 'not '}{self._want('en')})"

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        s = self._spec()
        top = s.max if s.max is not None else s.min or 0
        if lang == "fr":
            if s.min == 1 and s.max is None:
                return {
                    "road": "Sur une route",
                    "mountain": "Sur un sentier de montagne",
                    "any": "Cité reliée",
                }[s.by]
            if s.max is not None and s.min is None and s.max <= 1:
                return "Cul-de-sac" if s.by != "mountain" else "Sans sentier de montagne"
            noun = {"road": "route", "mountain": "sentier", "any": "liaison"}[s.by]
            return f"Cité à {self._want(lang, noun + 's' * (top > 1))}"
        noun = {"road": "road", "mountain": "mountain path", "any": "link"}[s.by]
        return f"City with {self._want(lang, noun + 's' * (top != 1))}"


# -- geometry -------------------------------------------------------------------------
SideRef = Literal["centre"] | str | Annotated[list[Point], Field(min_length=2, max_length=2)]

_DIR = {
    "north_of": (1, 1, "north", "au nord"),
    "south_of": (1, -1, "south", "au sud"),
    "east_of": (0, 1, "east", "à l'est"),
    "west_of": (0, -1, "west", "à l'ouest"),
}


class _Side(Predicate):
    """Shared logic of the four compass predicates (city position against a reference:
    the island centre, a place's city, or the line through two points)."""

    def _ref(self) -> Any:
        return getattr(self, self.key)

    def _measure(self, board: Board, zone: Zone) -> tuple[float, float]:
        """(the zone's coordinate, the reference's coordinate) along the axis."""
        axis, _, _, _ = _DIR[self.key]
        ref = self._ref()
        x, y = zone.at
        if isinstance(ref, list | tuple):
            (x1, y1), (x2, y2) = ref
            if axis == 1:  # y of the line at the city's x
                return y, y1 + (y2 - y1) * (x - x1) / (x2 - x1)
            return x, x1 + (x2 - x1) * (y - y1) / (y2 - y1)
        if ref == "centre":
            c = board.geometry.centre
            return (y, c.y) if axis == 1 else (x, c.x)
        p = board.zone(ref).at
        return (y, p[1]) if axis == 1 else (x, p[0])

    def test(self, board: Board, zone: Zone) -> bool:
        _, sign, _, _ = _DIR[self.key]
        mine, ref = self._measure(board, zone)
        return (mine - ref) * sign > 0

    def _ref_text(self, lang: Lang) -> str:
        ref = self._ref()
        if isinstance(ref, list | tuple):
            (x1, y1), (x2, y2) = ref
            line = f"({x1:g}, {y1:g})–({x2:g}, {y2:g})"
            return f"de la ligne {line}" if lang == "fr" else f"the line {line}"
        if ref == "centre":
            return "de l'île" if lang == "fr" else "the island centre"
        return f"de {ref}" if lang == "fr" else str(ref)

    def reason(self, board: Board, zone: Zone, has: bool) -> str:
        axis, _, word, _ = _DIR[self.key]
        mine, ref = self._measure(board, zone)
        c = "y" if axis == 1 else "x"
        side = word if has else {"north": "not north", "south": "not south"}.get(
            word, f"not {word}"
        )
        return (
            f"the city of {zone.id} ({c} = {mine:.0f} mm) is {side} of "
            f"{self._ref_text('en')} ({c} = {ref:.0f} mm)"
        )

    def check(self, board: Board, doc: YamlDoc, path: PathKey, report: Report) -> Predicate | None:
        ref = self._ref()
        axis, _, word, _ = _DIR[self.key]
        if isinstance(ref, list | tuple):
            (x1, y1), (x2, y2) = ref
            if (axis == 1 and x1 == x2) or (axis == 0 and y1 == y2):
                other = "east_of/west_of" if axis == 1 else "north_of/south_of"
                report.error(
                    doc.span((*path, self.key)),
                    "line-degenerate",
                    f"the line ({x1:g}, {y1:g})–({x2:g}, {y2:g}) has no {word} side",
                    f"use {other} with this line, or tilt it",
                )
                return None
            return self
        if ref == "centre":
            return self
        zid = board.resolve(ref)
        if zid is None:
            report.error(
                doc.span((*path, self.key)),
                "zone-unknown",
                f"unknown zone '{ref}'{suggestion(str(ref), [*board.zone_ids, 'centre'])}",
                "a compass predicate takes 'centre', a zone id or a line [[x1, y1], [x2, y2]]",
            )
            return None
        return self.model_copy(update={self.key: zid})

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        _, _, word, fr = _DIR[self.key]
        if lang == "fr":
            return f"{cap(fr)} {self._ref_text(lang)}"
        return f"{cap(word)} of {self._ref_text(lang)}"


class NorthOf(_Side):
    """Zones whose city lies north of the island centre (``centre``), of a place's city,
    or of the line through two points (extended).

    ``where: {north_of: centre}`` ("Au nord de l'île") — ``where: {north_of: N-O 3}`` —
    ``where: {north_of: [[0, 200], [600, 260]]}``."""

    key: ClassVar[str] = "north_of"
    north_of: SideRef = Field(description="'centre', a zone id, or a line [[x1, y1], [x2, y2]].")


class SouthOf(_Side):
    """Zones whose city lies south of the island centre, a place or a line.

    ``where: {south_of: centre}`` ("Au sud de l'île")."""

    key: ClassVar[str] = "south_of"
    south_of: SideRef = Field(description="'centre', a zone id, or a line [[x1, y1], [x2, y2]].")


class EastOf(_Side):
    """Zones whose city lies east of the island centre, a place or a line.

    ``where: {east_of: centre}`` ("À l'est de l'île")."""

    key: ClassVar[str] = "east_of"
    east_of: SideRef = Field(description="'centre', a zone id, or a line [[x1, y1], [x2, y2]].")


class WestOf(_Side):
    """Zones whose city lies west of the island centre, a place or a line.

    ``where: {west_of: [[300, 0], [260, 450]]}``."""

    key: ClassVar[str] = "west_of"
    west_of: SideRef = Field(description="'centre', a zone id, or a line [[x1, y1], [x2, y2]].")


class FeatureRef(Model):
    """A terrain feature of the board: a kind and, optionally, one feature's name."""

    feature: TerrainKind = Field(
        description="mountains, forests, lakes, rivers, or a kind the board defines (deserts …)."
    )
    name: str | None = Field(default=None, description="One feature's name; default: any.")


def _check_feature(
    ref: FeatureRef, board: Board, doc: YamlDoc, path: PathKey, report: Report
) -> bool:
    terrain = board.geometry.terrain
    if ref.feature not in terrain:
        kinds = list(terrain)
        report.error(
            doc.span((*path, "feature")),
            "feature-kind-unknown",
            f"unknown terrain kind '{ref.feature}'{suggestion(ref.feature, kinds)}",
            f"terrain kinds of this board: {', '.join(kinds)} (a board may add its own, "
            "like deserts: [...] under terrain)",
        )
        return False
    names = [n for n, _ in terrain.get(ref.feature, [])]
    if ref.name is None:
        if not names:
            report.warning(
                doc.span((*path, "feature")),
                "feature-none",
                f"the board has no {ref.feature}: no place is near one",
                "add the feature under terrain in the board, or use another predicate",
            )
        return True
    if ref.name not in names:
        every = [n for ns in board.geometry.terrain.values() for n, _ in ns]
        other = [k for k, ns in board.geometry.terrain.items() for n, _ in ns if n == ref.name]
        hint = (
            f"'{ref.name}' is one of the {other[0]}: write feature: {other[0]}"
            if other
            else f"{ref.feature} of this board: {', '.join(names) or 'none'}"
        )
        report.error(
            doc.span((*path, "name")),
            "feature-unknown",
            f"unknown {ref.feature[:-1]} '{ref.name}'{suggestion(ref.name, names or every)}",
            hint,
        )
        return False
    return True


def _kind_title(kind: str, lang: Lang, board: Board | None, plural: bool = False) -> str:
    """One feature of a kind, with its article: 'une forêt' / 'a forest'; a kind the
    board defines is named by its ``titles`` (else by its key)."""
    if kind in _KIND_FR:
        return _KIND_FR[kind][plural] if lang == "fr" else _KIND_EN[kind]
    title = board.spec.terrain.titles.get(kind) if board is not None else None
    if title is None:
        return kind
    return title.fr if lang == "fr" else title.en


def _feature_text(ref: FeatureRef, lang: Lang, board: Board | None = None) -> str:
    """'de la Vaulne' / 'd'une rivière' (fr) or 'La Vaulne' / 'a river' (en)."""
    if lang == "fr":
        if ref.name:
            return _of_fr(ref.name)
        title = _kind_title(ref.feature, lang, board)
        if title.startswith(("un ", "une ")):
            return "d'" + title
        return _of_fr(title)
    return ref.name or _kind_title(ref.feature, lang, board)


class NearSpec(Model):
    """Distance in mm on the board from the city to a terrain feature or another city."""

    feature: TerrainKind | None = Field(
        default=None, description="A terrain kind (mountains, forests, lakes, rivers): the "
        "distance to the nearest feature of that kind.")
    name: str | None = Field(default=None, description="One feature's name, with feature: "
                             "the distance to that feature only.")
    place: str | None = Field(default=None, description="A zone id: the distance between "
                              "the two cities, e.g. place: N-E 1.")
    of: Union[PredicateT, None] = Field(  # noqa: UP007 - a forward reference for pydantic
        default=None,
        description="A predicate, e.g. {tag: port}: the distance to the nearest city of a "
        "place that has it (for one zone, write place:).",
    )
    mm: float = Field(gt=0, description="Largest distance, mm on the printed board.")

    @model_validator(mode="after")
    def _one_target(self) -> NearSpec:
        given = sum(x is not None for x in (self.feature, self.place, self.of))
        if self.name is not None and self.feature is None and given == 0:
            raise ValueError(
                "name needs feature (mountains, forests, lakes or rivers)"
                f"{HINT_MARK}name one feature of a kind, e.g. near: {{feature: lakes, "
                f"name: {self.name}, mm: {self.mm:g}}}")
        if given != 1:
            raise ValueError(
                "give one of feature (with an optional name), place or of"
                f"{HINT_MARK}near measures millimetres to a terrain feature "
                "({feature: lakes}), a zone's city ({place: N-E 1}) or the nearest city of "
                "a place with a property ({of: {tag: port}})")
        if self.name is not None and self.feature is None:
            raise ValueError(
                "name needs feature (mountains, forests, lakes or rivers)"
                f"{HINT_MARK}name one feature of a kind, e.g. near: {{feature: lakes, "
                f"name: {self.name}, mm: {self.mm:g}}}")
        return self


#: up to this distance (mm) a feature is "près de" in a title; beyond, the title says cm
NEAR_MM = 40.0


class Near(Predicate):
    """Zones whose city is within ``mm`` millimetres of a terrain feature (any of a kind,
    or one by name; 0 inside it), of another place's city, or of the nearest city of a
    place with a property (``of``).

    ``where: {near: {feature: rivers, name: La Vaulne, mm: 30}}`` ("Près de la Vaulne") —
    ``where: {near: {place: S-E 8, mm: 80}}`` — ``where: {near: {of: {size: capital}, mm:
    60}}`` (the nearest city of a place that has the property: "À moins de 6 cm d'un lieu
    « Capitale »")."""

    key: ClassVar[str] = "near"
    near: NearSpec

    def children(self) -> tuple[Predicate, ...]:
        return (self.near.of,) if self.near.of is not None else ()

    def _distances(self, board: Board) -> dict[str, float]:
        from shapely.geometry import Point as SPoint

        n = self.near
        if n.of is not None:
            cities = [board.zone(z).at for z in n.of.zones(board)]
            return {z.id: min((math.hypot(z.at[0] - x, z.at[1] - y) for x, y in cities),
                              default=math.inf) for z in board.zones}
        if n.place is not None:
            px, py = board.zone(n.place).at
            return {z.id: math.hypot(z.at[0] - px, z.at[1] - py) for z in board.zones}
        assert n.feature is not None
        geom = board.geometry.feature(n.feature, n.name)
        if geom.is_empty:
            return {z.id: math.inf for z in board.zones}
        return {z.id: geom.distance(SPoint(z.at)) for z in board.zones}

    def zones(self, board: Board) -> frozenset[str]:
        return frozenset(z for z, d in self._distances(board).items() if d <= self.near.mm)

    def _target(self, board: Board | None = None) -> str:
        n = self.near
        if n.of is not None:
            return f"the nearest city of a place “{n.of.describe('en', board)}”"
        if n.place is not None:
            return f"the city of {n.place}"
        return n.name or f"any of the {n.feature}"

    def reason(self, board: Board, zone: Zone, has: bool) -> str:
        d = self._distances(board)[zone.id]
        cmp = "≤" if has else ">"
        if math.isinf(d):
            if self.near.of is not None:
                return f"no place is “{self.near.of.describe('en', board)}”"
            return f"the board has no {self.near.feature}"
        return (f"the city of {zone.id} is {_mm(d)} from {self._target(board)} "
                f"({cmp} {self.near.mm:g} mm)")

    def check(self, board: Board, doc: YamlDoc, path: PathKey, report: Report) -> Predicate | None:
        n = self.near
        if n.of is not None:
            return self
        if n.place is not None:
            out = _check_zone_refs([n.place], board, doc, (*path, "near", "place"), report)
            if out is None:
                return None
            return self.model_copy(update={"near": n.model_copy(update={"place": out[0]})})
        assert n.feature is not None
        ok = _check_feature(
            FeatureRef(feature=n.feature, name=n.name), board, doc, (*path, "near"), report
        )
        return self if ok else None

    def _far(self, lang: Lang, negate: bool, board: Board | None = None) -> str:
        n = self.near
        if n.of is not None:
            inner = n.of.describe(lang, board)
            target = f"d'un lieu « {inner} »" if lang == "fr" else f"a place “{inner}”"
        elif n.place is not None:
            target = f"de {n.place}" if lang == "fr" else n.place
        else:
            ref = FeatureRef(feature=n.feature or "rivers", name=n.name)
            target = _feature_text(ref, lang, board)
        if n.mm <= NEAR_MM and n.place is None and n.of is None:
            if lang == "fr":
                return ("Loin " if negate else "Près ") + target
            return ("Away from " if negate else "Near ") + target
        cm = f"{n.mm / 10:g} cm"
        if lang == "fr":
            cm = cm.replace(".", ",")
        if lang == "fr":
            return f"À plus de {cm} {target}" if negate else f"À moins de {cm} {target}"
        return f"More than {cm} from {target}" if negate else f"Within {cm} of {target}"

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        return self._far(lang, negate=False, board=board)

    def describe_not(self, lang: Lang, board: Board | None) -> str | None:
        return self._far(lang, negate=True, board=board)


class Inside(Predicate):
    """Zones whose city lies inside a terrain polygon: any of a kind, or one by name
    (rivers are lines: use ``river`` or ``near``).

    ``where: {inside: {feature: forests}}`` — ``where: {inside: {feature: mountains,
    name: Monts du Givre}}``."""

    key: ClassVar[str] = "inside"
    inside: FeatureRef

    def zones(self, board: Board) -> frozenset[str]:
        from shapely.geometry import Point as SPoint

        geom = board.geometry.feature(self.inside.feature, self.inside.name)
        return frozenset(z.id for z in board.zones if geom.covers(SPoint(z.at)))

    def reason(self, board: Board, zone: Zone, has: bool) -> str:
        from shapely.geometry import Point as SPoint

        geom = board.geometry.feature(self.inside.feature, self.inside.name)
        what = self.inside.name or f"any of the {self.inside.feature}"
        if has:
            return f"the city of {zone.id} lies inside {what}"
        d = geom.distance(SPoint(zone.at)) if not geom.is_empty else math.inf
        return f"the city of {zone.id} is {_mm(d)} outside {what}"

    def check(self, board: Board, doc: YamlDoc, path: PathKey, report: Report) -> Predicate | None:
        kind = self.inside.feature
        features = board.spec.terrain.kinds().get(kind, [])
        if kind == "rivers" or (features and all(f.polygon is None for f in features)):
            report.error(
                doc.span((*path, "inside", "feature")),
                "feature-line",
                f"{kind} are lines: no city lies inside one",
                f"use {{near: {{feature: {kind}, mm: …}}}}"
                + (" or {river: NAME} (the zone touches it)" if kind == "rivers" else ""),
            )
            return None
        return self if _check_feature(self.inside, board, doc, (*path, "inside"), report) else None

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        ref = self.inside
        if lang == "fr":
            if ref.name:
                return "Dans " + _in_fr(ref.name)
            return "Dans " + _kind_title(ref.feature, lang, board, plural=True)
        return "Inside " + (ref.name or _kind_title(ref.feature, lang, board))

    def describe_not(self, lang: Lang, board: Board | None) -> str | None:
        ref = self.inside
        if lang == "fr":
            return "Hors " + (_in_fr(ref.name) if ref.name
                              else _kind_title(ref.feature, lang, board, plural=True))
        return "Outside " + (ref.name or _kind_title(ref.feature, lang, board))


def _in_fr(name: str) -> str:
    """'la Forêt de Chantebois', 'le Bois-Sombre', 'les Monts du Givre' after 'Dans'."""
    of = _of_fr(name)
    for src, dst in (("de la ", "la "), ("du ", "le "), ("des ", "les "), ("de l'", "l'")):
        if of.startswith(src):
            return dst + of[len(src) :]
    return of[2:] if of.startswith("d'") else name


class TouchesRiver(Predicate):
    """Zones touched by a river: the zone polygon meets the river's line. ``true`` means
    any river; a name picks one.

    ``where: {river: La Vaulne}`` ("Près de la Vaulne") — ``where: {river: true}``."""

    key: ClassVar[str] = "river"
    river: bool | str = Field(description="true (any river), or a river's name.")

    def _geom(self, board: Board) -> Any:
        name = None if isinstance(self.river, bool) else self.river
        return board.geometry.feature("rivers", name)

    def zones(self, board: Board) -> frozenset[str]:
        geom = self._geom(board)
        polys = board.geometry.zone_polygons
        hit = frozenset(z.id for z in board.zones if polys[z.id].intersects(geom))
        if self.river is False:
            return frozenset(board.zone_ids) - hit
        return hit

    def reason(self, board: Board, zone: Zone, has: bool) -> str:
        poly = board.geometry.zone_polygons[zone.id]
        what = "a river" if isinstance(self.river, bool) else self.river
        for name, line in board.geometry.terrain.get("rivers", []):
            if (isinstance(self.river, bool) or name == self.river) and poly.intersects(line):
                return f"zone {zone.id} is crossed by {name}"
        geom = self._geom(board)
        d = poly.distance(geom) if not geom.is_empty else math.inf
        return f"zone {zone.id} touches no {'river' if what == 'a river' else what} ({_mm(d)} away)"

    def check(self, board: Board, doc: YamlDoc, path: PathKey, report: Report) -> Predicate | None:
        if isinstance(self.river, bool):
            if not board.geometry.terrain.get("rivers"):
                report.warning(
                    doc.span((*path, "river")), "feature-none", "the board has no river",
                    "add a river under terrain.rivers in the board, or use another predicate",
                )
            return self
        ok = _check_feature(
            FeatureRef(feature="rivers", name=self.river), board, doc, (*path, "river"), report
        )
        return self if ok else None

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        if self.river is False:
            return "Loin des rivières" if lang == "fr" else "Away from rivers"
        if lang == "fr":
            return "Au bord " + (
                "d'une rivière" if isinstance(self.river, bool) else _of_fr(self.river)
            )
        return "On " + ("a river" if isinstance(self.river, bool) else self.river)

    def describe_not(self, lang: Lang, board: Board | None) -> str | None:
        if self.river is False:
            return TouchesRiver(river=True).describe(lang, board)
        if lang == "fr":
            return "Loin " + ("des rivières" if self.river is True else _of_fr(str(self.river)))
        return "Away from " + ("rivers" if self.river is True else str(self.river))


# -- combinators ----------------------------------------------------------------------
def _chain(parts: Sequence[Predicate], word: str, lang: Lang, board: Board | None) -> str:
    """The titles of ``parts`` joined by ``word`` (" et ", " or "…), lower-cased after the first."""
    texts = [p.describe(lang, board) for p in parts]
    return texts[0] + "".join(word + low(t) for t in texts[1:])


class All(Predicate):
    """Zones with every one of the listed properties.

    ``where: {all: [{coastal: true}, {north_of: centre}]}`` ("Cité côtière du nord")."""

    key: ClassVar[str] = "all"
    all: list[PredicateT] = Field(min_length=1)

    def children(self) -> tuple[Predicate, ...]:
        return tuple(self.all)

    def zones(self, board: Board) -> frozenset[str]:
        out = frozenset(board.zone_ids)
        for p in self.all:
            out &= p.zones(board)
        return out

    def explain(self, board: Board, zone_id: str) -> tuple[bool, list[str]]:
        parts = [p.explain(board, zone_id) for p in self.all]
        has = all(h for h, _ in parts)
        reasons = [r for h, rs in parts if has or not h for r in rs]
        return has, reasons

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        return _chain(self.all, (" et " if lang == "fr" else " and "), lang, board)


class AnyOf(Predicate):
    """Zones with at least one of the listed properties.

    ``where: {any: [{size: capital}, {tag: port}]}`` ("Capitale ou cité portuaire")."""

    key: ClassVar[str] = "any"
    any: list[PredicateT] = Field(min_length=1)

    def children(self) -> tuple[Predicate, ...]:
        return tuple(self.any)

    def zones(self, board: Board) -> frozenset[str]:
        out: frozenset[str] = frozenset()
        for p in self.any:
            out |= p.zones(board)
        return out

    def explain(self, board: Board, zone_id: str) -> tuple[bool, list[str]]:
        parts = [p.explain(board, zone_id) for p in self.any]
        has = any(h for h, _ in parts)
        reasons = [r for h, rs in parts if h or not has for r in rs]
        return has, reasons

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        return _chain(self.any, (" ou " if lang == "fr" else " or "), lang, board)


class Not(Predicate):
    """Zones without the property (the complement on the board).

    ``where: {not: {region: N-E}}`` ("Hors Nord-Est")."""

    key: ClassVar[str] = "not"
    not_: PredicateT = Field(alias="not")

    def children(self) -> tuple[Predicate, ...]:
        return (self.not_,)

    def zones(self, board: Board) -> frozenset[str]:
        return frozenset(board.zone_ids) - self.not_.zones(board)

    def explain(self, board: Board, zone_id: str) -> tuple[bool, list[str]]:
        has, reasons = self.not_.explain(board, zone_id)
        return not has, reasons

    def describe(self, lang: Lang = "fr", board: Board | None = None) -> str:
        natural = self.not_.describe_not(lang, board)
        if natural is not None:
            return natural
        inner = low(self.not_.describe(lang, board))
        return ("Pas " if lang == "fr" else "Not ") + inner

    def describe_not(self, lang: Lang, board: Board | None) -> str | None:
        return self.not_.describe(lang, board)


#: every predicate, in the order of the schema's union (and of the documentation)
_CLASSES: tuple[type[Predicate], ...] = (
    RegionIs,
    SizeIs,
    NumberIs,
    TagIs,
    Coastal,
    ZoneIs,
    Adjacent,
    Within,
    Reach,
    MountainOnly,
    Degree,
    NorthOf,
    SouthOf,
    EastOf,
    WestOf,
    Near,
    Inside,
    TouchesRiver,
    All,
    AnyOf,
    Not,
)
PREDICATES: dict[str, type[Predicate]] = {cls.key: cls for cls in _CLASSES}

#: words a designer writes for a predicate that is spelt otherwise here: the closest
#: spelling would mislead ('and' is one letter from 'any', the opposite meaning)
MEANT: dict[str, str] = {
    "and": "all", "both": "all", "every": "all", "intersection": "all",
    "or": "any", "either": "any", "some": "any", "union": "any",
    "no": "not", "none": "not", "neither": "not", "except": "not", "without": "not",
    "neighbour": "adjacent", "neighbor": "adjacent", "next_to": "adjacent",
    "coast": "coastal", "sea": "coastal",
    "city_size": "size", "tags": "tag", "regions": "region",
}

if TYPE_CHECKING:
    PredicateT = Predicate
else:
    PredicateT = Annotated[
        Union[_CLASSES],  # noqa: UP007 - a runtime union of classes for pydantic and the JSON Schema
        Field(description="A property of places: a mapping with one predicate key."),
    ]

for _cls in (All, AnyOf, Not, WithinSpec, Within, NearSpec, Near):
    _cls.model_rebuild()


# -- parsing --------------------------------------------------------------------------
def parse_where(
    data: Any, doc: YamlDoc, path: Sequence[str | int], board: Board, report: Report
) -> Predicate | None:
    """Turn YAML data found at ``path`` in ``doc`` into a predicate checked against
    ``board``; every problem is reported at its place. None when it has errors.

    A mapping with several keys means ``all`` of them (``{region: N-E, size: capital}``).
    """
    base = tuple(path)
    if not isinstance(data, dict):
        shown = "a list" if isinstance(data, list) else repr(data)
        report.error(
            doc.span(base),
            "type-invalid",
            f"a predicate is a mapping like {{region: N-E}}, got {shown}",
            "combine several with {all: [...]} or {any: [...]}",
        )
        return None
    if not data:
        report.error(
            doc.span(base),
            "predicate-empty",
            "empty predicate",
            f"write one of: {', '.join(PREDICATES)}",
        )
        return None
    parts: list[Predicate] = []
    ok = True
    for key, value in data.items():
        got = _parse_one(str(key), value, doc, base, board, report)
        if got is None:
            ok = False
        else:
            parts.append(got)
    if not ok:
        return None
    return parts[0] if len(parts) == 1 else All(all=cast(Any, parts))


def _parse_one(
    key: str, value: Any, doc: YamlDoc, base: PathKey, board: Board, report: Report
) -> Predicate | None:
    cls = PREDICATES.get(key)
    if cls is None:
        best = MEANT.get(key.lower()) or did_you_mean(key, PREDICATES)
        mean = f" (did you mean '{best}'?)" if best else ""
        report.error(
            doc.span((*base, key), key=True),
            "predicate-unknown",
            f"unknown predicate '{key}'{mean}",
            f"predicates: {', '.join(PREDICATES)}",
        )
        return None
    if cls in (All, AnyOf):
        if not isinstance(value, list) or not value:
            report.error(
                doc.span((*base, key)),
                "type-invalid",
                f"'{key}' takes a non-empty list of predicates",
                f"e.g. {key}: [{{coastal: true}}, {{size: capital}}]",
            )
            return None
        kids = [parse_where(v, doc, (*base, key, i), board, report) for i, v in enumerate(value)]
        if any(k is None for k in kids):
            return None
        return cls(**{key: cast(Any, kids)})
    if cls is Not:
        kid = parse_where(value, doc, (*base, key), board, report)
        return None if kid is None else Not(**{"not": cast(Any, kid)})
    if cls in (Within, Near) and isinstance(value, dict):
        checked = _distance_form(key, value, doc, base, board, report)
        if checked is None:
            return None
        value = checked
    if cls in (Within, Near) and isinstance(value, dict) and isinstance(value.get("of"), dict):
        # a distance to the nearest place with a property: the property is a predicate
        inner = parse_where(value["of"], doc, (*base, key, "of"), board, report)
        if cls is Near and ("place" in value or "feature" in value):
            report.error(
                doc.span((*base, key)),
                "value-invalid",
                "give one of feature (with an optional name), place or of",
                "near: {of: {tag: port}, mm: 40} measures to the nearest such city",
            )
            return None
        spec = {**value, "of": board.zone_ids[0]} if cls is Within else {
            **{k: v for k, v in value.items() if k != "of"}, "place": board.zone_ids[0]}
        model = validate(cls, {key: spec}, doc, report, base=base)
        if model is None or inner is None:
            return None
        field = cast(Any, getattr(model, key))
        update = {"of": inner} if cls is Within else {"of": inner, "place": None}
        return model.model_copy(update={key: field.model_copy(update=update)})
    model = validate(cls, {key: value}, doc, report, base=base)
    if model is None:
        return None
    return model.check(board, doc, base, report)


def _example_of(value: dict[str, Any], board: Board) -> str:
    of = value.get("of", value.get("place"))
    return of if isinstance(of, str) else (board.zone_ids[0] if board.zone_ids else "N-E 1")


def _distance_form(key: str, value: dict[str, Any], doc: YamlDoc, base: PathKey,
                   board: Board, report: Report) -> dict[str, Any] | None:
    """``within`` counts links on the map, ``near`` millimetres on the board: a key of the
    other form says which form it belongs to; a list under ``of:`` is zones (the nearest of
    them), as ``adjacent:`` takes; ``near: {of: N-E 1}`` means ``place:``."""
    at = _example_of(value, board)
    name = value.get("name")
    if key == "near" and isinstance(name, str) and "feature" not in value:
        kinds = [k for k, ns in board.geometry.terrain.items() for n, _ in ns if n == name]
        every = [n for ns in board.geometry.terrain.values() for n, _ in ns]
        close = did_you_mean(name, every)
        if kinds:
            hint = f"'{name}' is one of the {kinds[0]}: add feature: {kinds[0]}"
        elif close:
            hint = (f"did you mean '{close}'? it is one of the "
                    f"{next(k for k, ns in board.geometry.terrain.items() for n, _ in ns if n == close)}")
        else:
            hint = ("features of this board: " + (", ".join(every) or "none")
                    + "; name one with its kind, e.g. {feature: lakes, name: …}")
        report.error(
            doc.span((*base, key, "name"), key=True),
            "value-invalid",
            f"near: name '{name}' needs feature (the kind: mountains, forests, lakes or rivers)",
            hint,
        )
        return None
    if key == "within" and "mm" in value:
        report.error(
            doc.span((*base, key, "mm"), key=True),
            "key-unknown",
            "unknown key 'mm' in within: mm belongs to near (millimetres on the board); "
            "within counts links on the map",
            f"write within: {{of: {at}, links: 2}}, or near: {{place: {at}, "
            f"mm: {value['mm']}}} for a distance in mm",
        )
        return None
    if key == "near" and "links" in value:
        report.error(
            doc.span((*base, key, "links"), key=True),
            "key-unknown",
            "unknown key 'links' in near: links belongs to within (links on the map); near "
            "measures millimetres on the board",
            f"write near: {{place: {at}, mm: 40}}, or within: {{of: {at}, links: "
            f"{value['links']}}} to count links",
        )
        return None
    of = value.get("of")
    if isinstance(of, list):  # zones: from the nearest of them
        return {**value, "of": {"zone": of}}
    if key == "near" and isinstance(of, str):
        report.error(
            doc.span((*base, key, "of")),
            "type-invalid",
            f"near: of: takes a property of places, got the zone '{of}'",
            f"for one zone's city write near: {{place: {of}, mm: {value.get('mm', 40)}}}; "
            "of: {tag: port} measures to the nearest city that has the property",
        )
        return None
    return value


def walk(pred: Predicate) -> Iterable[Predicate]:
    """The predicate and all its sub-predicates, depth first."""
    yield pred
    for child in pred.children():
        yield from walk(child)


def predicates_doc() -> str:
    """Markdown reference of every predicate key, from the classes' docstrings
    (``resistance vocabulary predicates``)."""
    import inspect

    lines = [
        "# Predicate vocabulary",
        "",
        "A `where:` predicate selects the places (zones) that have a property: the holes",
        "of a clue card (R5.3), the zones of a scenario's setup rule, the candidates of an",
        "objective. A mapping with several keys means all of them.",
        "",
    ]
    for key in sorted(PREDICATES):  # one entry per key of the vocabulary
        doc = inspect.getdoc(PREDICATES[key]) or ""
        lines += [f"## `{key}`", "", doc, ""]
    return "\n".join(lines)
