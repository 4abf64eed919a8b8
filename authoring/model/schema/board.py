"""Board file format (R0.1, R4, R5.1, D2.2, D8.1, D8.2).

Coordinates are millimetres on the printed board, x to the east, y to the north
(origin at the board's lower-left corner). Zones are referred to as
``"<region> <number>"`` (``N-E 1``); ``N-E1`` and ``NE1`` are accepted too.

Example (abridged)::

    id: island
    name: L'île
    size: [600, 480]
    outline: [[40, 60], [560, 50], [580, 420], [30, 440]]
    regions:
      - {id: N-O, name: Nord-Ouest, colour: "#3f7fbf"}
    zones:
      - {region: N-O, number: 1, city: Brumecôte, size: capital, at: [120, 380], tags: [port]}
    roads:
      - {from: N-O 1, to: N-O 2}
      - {from: N-O 2, to: N-O 3, kind: mountain}
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, field_validator, model_validator

from authoring.model.rules import PLAYER_COUNTS, SPEED_TRACK, TEAM_TRACK_CELLS
from authoring.model.schema.base import COLOUR, Model

Point = Annotated[tuple[float, float], Field(description="[x, y] in mm (x east, y north)")]
CitySize = Literal["capital", "town", "village"]
RoadKind = Literal["road", "mountain"]


class RegionSpec(Model):
    """A region of the island (R0.1)."""

    model_config = ConfigDict(title="Region")  # its name in the JSON Schemas (registry)

    id: str = Field(description="Short id printed on tokens, e.g. 'N-E'.", min_length=1)
    name: str = Field(default="", description="Full name, e.g. 'Nord-Est'.")
    colour: str = Field(
        default="#888888", pattern=COLOUR, description="Tint as #rrggbb."
    )


class ZoneSpec(Model):
    """A zone: its number is unique within its region; it holds one city (R0.1)."""

    model_config = ConfigDict(title="Zone")  # its name in the JSON Schemas (registry)

    region: str = Field(description="Region id.")
    number: int = Field(ge=1, le=999, description="Number unique within the region.")
    city: str = Field(min_length=1, description="City name as printed.")
    size: CitySize = Field(description="capital (3 circles), town (2), village (1) — R4.1.")
    at: Point = Field(description="City position on the board, mm.")
    polygon: list[Point] | None = Field(
        default=None,
        description="Zone outline; default: the city's Voronoi cell clipped to the island.",
    )
    max_occupation: int | None = Field(
        default=None, ge=0, description="Overrides the size's max occupation (R4.3)."
    )
    tags: list[str] = Field(default_factory=list, description="Free tags: port, market, ruins …")


class RoadSpec(Model):
    """A road (solid line) or a mountain path (dotted line) between two cities."""

    model_config = ConfigDict(title="Road")  # its name in the JSON Schemas (registry)

    from_: str = Field(alias="from", description="Zone id, e.g. 'N-E 1'.")
    to: str = Field(description="Zone id.")
    kind: RoadKind = Field(default="road", description="road or mountain (path).")


class Feature(Model):
    """A named piece of terrain: a polygon (mountains, forests, lakes) or a line (rivers)."""

    name: str = Field(min_length=1, description="Printed name, e.g. 'Lac de Vaulne'; clue "
                      "titles use it ('Près de la Vaulne').")
    polygon: list[Point] | None = Field(
        default=None, description="Outline of an area, mm: [[x, y], …] (mountains, forests, lakes).")
    line: list[Point] | None = Field(
        default=None, description="A line, mm: [[x, y], …] (rivers).")
    width: float = Field(default=3.0, gt=0, description="Drawn width of a line feature, mm.")


#: the terrain kinds every board knows (clue titles in French and English built in)
STANDARD_TERRAIN: tuple[str, ...] = ("mountains", "forests", "lakes", "rivers")


class KindTitle(Model):
    """How a clue card names one feature of a new terrain kind, with its article."""

    fr: str = Field(min_length=1, description="e.g. 'un désert' ('Dans un désert').")
    en: str = Field(min_length=1, description="e.g. 'a desert' ('Inside a desert').")


class Terrain(Model):
    """Terrain by kind. Besides mountains, forests, lakes and rivers, any other kind
    (deserts, swamps …) is a list of features too; ``titles`` names a new kind on the
    cards (``titles: {deserts: {fr: un désert, en: a desert}}``)."""

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, list[Feature]] = Field(init=False)

    mountains: list[Feature] = Field(
        default_factory=list, description="Mountain ranges: {name: Monts du Givre, polygon: [...]}.")
    forests: list[Feature] = Field(
        default_factory=list, description="Forests: {name: Forêt de Chantebois, polygon: [...]}.")
    lakes: list[Feature] = Field(
        default_factory=list, description="Lakes: {name: Lac de Vaulne, polygon: [...]}.")
    rivers: list[Feature] = Field(
        default_factory=list, description="Rivers: {name: La Vaulne, line: [...], width: 3}.")
    titles: dict[str, KindTitle] = Field(
        default_factory=dict, description="Clue titles of new terrain kinds."
    )

    @model_validator(mode="after")
    def _kind_names(self) -> Terrain:
        for kind in self.__pydantic_extra__ or {}:
            if not re.fullmatch(r"[a-z][a-z0-9-]*", kind):
                raise ValueError(
                    f"terrain kind '{kind}': a kind is a lower-case word, like deserts or swamps"
                )
        return self

    def kinds(self) -> dict[str, list[Feature]]:
        """Every kind of this board's terrain and its features: the standard four first."""
        out = {k: list(getattr(self, k)) for k in STANDARD_TERRAIN}
        out.update(self.__pydantic_extra__ or {})
        return out


class SizeRule(Model):
    """Per city size: its size value (R4.1), max occupation (R4.3, default: the size)
    and number of zone tokens (R0.2, default: the size)."""

    value: int = Field(ge=0, description="Zone size (R4.1): 3 capital, 2 town, 1 village.")
    max_occupation: int | None = Field(
        default=None, ge=0, description="Most pieces of the army in such a zone (R4.3).")
    tokens: int | None = Field(default=None, ge=0, description="Zone tokens per such zone (R0.2).")


def _default_sizes() -> dict[CitySize, SizeRule]:
    return {
        "capital": SizeRule(value=3),
        "town": SizeRule(value=2),
        "village": SizeRule(value=1),
    }


class ActionTrack(Model):
    """Team action-counter track for one player count (R2.8, R8.2, D8.1)."""

    cells: int = Field(ge=1, description="Cells of the team column.")
    army: list[int] | None = Field(
        default=None,
        description="Army column: cumulative army actions beside each team cell, one per "
        "cell, from 0 up and never falling; default round(cell × players / 4) (D8.1).",
    )

    @model_validator(mode="after")
    def _army_column(self) -> ActionTrack:
        """R8.2: the army catches up with the team counter, cell by cell: one total per
        team cell, none below 0, none below the cell before (the army never goes back)."""
        army = self.army
        if army is None:
            return self
        if len(army) != self.cells:
            raise ValueError(f"army: {len(army)} totals for {self.cells} cells; write one "
                             "army total beside each team cell (R8.2)")
        for i, k in enumerate(army):
            if k < 0:
                raise ValueError(f"army: cell {i + 1} has {k} army actions; a total is 0 or more")
            if i and k < army[i - 1]:
                raise ValueError(f"army: cell {i + 1} has {k} army actions after {army[i - 1]}; "
                                 "the totals are cumulative and never fall (R8.2)")
        return self


def _default_tracks() -> dict[int, ActionTrack]:
    return {n: ActionTrack(cells=TEAM_TRACK_CELLS) for n in PLAYER_COUNTS}


class Mark(Model):
    """A keyed alignment mark on the clue-card mini-map (a hole or a notch)."""

    at: Point = Field(description="Position on the card, mm from the card's lower-left corner.")
    diameter: float = Field(default=2.0, gt=0, description="Mark diameter, mm.")


class Minimap(Model):
    """The clue-card mini-map: where the island is drawn on a card and how holes are cut."""

    card: tuple[float, float] = Field(default=(63.0, 88.0), description="Card trim size, mm.")
    window: tuple[float, float, float, float] = Field(
        default=(4.0, 4.0, 55.0, 62.0),
        description="x, y, width, height of the map window on the card, mm from lower-left.",
    )
    hole_diameter: float = Field(default=2.8, gt=0, description="Perforation diameter, mm.")
    min_bridge: float = Field(default=1.0, ge=0, description="Minimum material between holes.")
    min_edge: float = Field(default=2.0, ge=0, description="Minimum material hole–card edge.")
    keys: list[Mark] = Field(
        default_factory=lambda: [Mark(at=(6.0, 84.0)), Mark(at=(57.0, 84.0), diameter=3.5)],
        description="Alignment marks, placed asymmetrically so cards stack one way round.",
    )


class BoardSpec(Model):
    """An island board (R0.1)."""

    model_config = ConfigDict(title="Board")  # its name in the JSON Schemas (registry)

    kind: Literal["board"] | None = Field(default=None, description="File kind marker.")
    id: str = Field(min_length=1, description="Short id of the board, e.g. 'island'.")
    name: str = Field(default="", description="Printed name, e.g. 'Île de Mornevent'.")
    size: tuple[float, float] = Field(description="Printed board width and height, mm.")
    outline: list[Point] = Field(min_length=3, description="Island coastline polygon, mm.")
    regions: list[RegionSpec] = Field(
        min_length=1,
        description="The regions (R0.1): - {id: N-O, name: Nord-Ouest, colour: \"#3f7fbf\"}.")
    region_order: list[str] | None = Field(
        default=None,
        description="Tie-break between equal zone numbers in deployment (D8.2b), e.g. "
        "[N-O, N-E, S-E, S-O]; default: the order of 'regions'.",
    )
    city_sizes: dict[CitySize, SizeRule] = Field(
        default_factory=_default_sizes,
        description="Rules per city size (R4.1); a size not listed keeps its default "
        "(capital 3, town 2, village 1).",
    )
    zones: list[ZoneSpec] = Field(
        min_length=1,
        description="The zones, one city each (R0.1); zone id = region + number ('N-O 1'): "
        "- {region: N-O, number: 1, city: Brumecôte, size: capital, at: [120, 380], tags: [port]}.")
    roads: list[RoadSpec] = Field(
        default_factory=list,
        description="Links between cities (R5.1): - {from: N-O 1, to: N-O 2} (a road) or "
        "- {from: N-O 2, to: N-O 3, kind: mountain} (a dotted mountain path).")
    terrain: Terrain = Field(
        default_factory=Terrain,
        description="Named terrain by kind, for the map and the clues: "
        "{mountains: [...], forests: [...], lakes: [...], rivers: [{name: Lune, line: [...]}]}.")
    speed_track: list[int] = Field(
        default_factory=lambda: list(SPEED_TRACK),
        min_length=1,
        description="Invasion-speed track: one speed value per cell (D2.2).",
    )
    action_tracks: dict[int, ActionTrack] = Field(
        default_factory=_default_tracks,
        description="Team action-counter tracks per player count (R0.4, D8.1); a count "
        "not listed keeps the default track.",
    )
    eliminated_area: tuple[float, float, float, float] | None = Field(
        default=None, description="x, y, width, height of the eliminated-soldiers box, mm."
    )
    minimap: Minimap = Field(
        default_factory=Minimap,
        description="The island on the clue cards: {window: [4, 4, 55, 62], hole_diameter: 2.8, "
        "min_bridge: 1.0}.")

    @field_validator("city_sizes")
    @classmethod
    def _sizes_over_defaults(cls, v: dict[CitySize, SizeRule]) -> dict[CitySize, SizeRule]:
        """Listing one size changes that size only: the others keep their rule."""
        return {**_default_sizes(), **v}

    @field_validator("action_tracks")
    @classmethod
    def _tracks_over_defaults(cls, v: dict[int, ActionTrack]) -> dict[int, ActionTrack]:
        for n in v:
            if n not in PLAYER_COUNTS:
                counts = ", ".join(str(c) for c in PLAYER_COUNTS)
                raise ValueError(f"a track for {n} players: the game is for {counts} "
                                 "players (R0.4)")
        return {**_default_tracks(), **v}

    @field_validator("speed_track")
    @classmethod
    def _positive_speeds(cls, v: list[int]) -> list[int]:
        if any(s < 0 for s in v):
            raise ValueError("invasion speeds must be ≥ 0")
        return v
