"""Scenario file format (R2, R9, "Scenario 1" in rules.md).

A scenario names its board, clue deck and box manifest (paths relative to the
scenario file), places the army, reputation cubes and players (R2.1), fills the
invasion bag (R2.4, D2.1), puts the speed marker on its cell (R2.5), sets the
timer (R10.1) and the officers in the reserve (R2.7, R9.1) with per-difficulty
overrides (R2.2), and lists objectives and special rules from closed vocabularies.

Example (abridged)::

    kind: scenario
    id: scenario-1
    title: {fr: La base, en: The base}
    board: boards/island.yaml
    clues: ../cards/clues.yaml
    timer: 5
    setup:
      army:
        - {soldiers: 3, where: {size: capital}}
        - {soldiers: 1, zones: [N-O 11, N-O 12]}
      start: [N-E 1]
      officers: 12
      speed_start: {speed: 2}
    objectives:
      - {kind: locate_and_destroy_base, item: bomb, candidates: {where: {size: capital}}}
    difficulty:
      easy: {officers: 15}
      hard: {officers: 10}
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import ConfigDict, Field

from authoring.model.effects import Effect
from authoring.model.schema.base import SCENARIO_ID, FileRef, LocalText, Model

#: the French text is the one printed; English is optional (a plain string is French)
Text = Annotated[
    str | LocalText,
    Field(description="Printed text: a plain (French) string or {fr: …, en: …}."),
]
ZoneRef = Annotated[str, Field(description="A zone id: region and number, e.g. 'N-E 1'.")]
#: an explicit list of places, the alternative to a ``where`` predicate (not both)
ZoneList = Annotated[list[ZoneRef] | None, Field(min_length=1)]
#: how a scenario card names a set of places
PlacesLabel = Annotated[
    Text | None,
    Field(
        description="How the card names these places, e.g. 'les villages fortifiés' "
        "(default: from the predicate or the zone list)."
    ),
]
Predicate = Annotated[
    dict[str, Any],
    Field(
        description="A place predicate in the clue vocabulary, e.g. {size: capital} or "
        "{all: [{region: N-E}, {number: [11, 12]}]} (see `resistance schema deck`)."
    ),
]

Duration = Literal["short", "medium", "long"]
DifficultyName = Literal["easy", "normal", "hard"]
InvasionBagRule = Literal["one_token_per_occupied_zone", "all_tokens_of_occupied_zones"]
Trigger = Literal[
    "game_start",
    "players_phase_start",
    "players_phase_end",
    "army_phase_start",
    "army_phase_end",
    "objective_revealed",
]
Deck = Literal["items", "special_items", "clues", "resistance", "events", "recruits"]


class Places(Model):
    """A set of places: a predicate (``where``) or an explicit list (``zones``), not both
    (checked by the loader, with the place)."""

    where: Predicate | None = None
    zones: ZoneList = None



class ArmyPlacement(Model):
    """Soldiers and/or officers put on every zone of a set at setup (R2.1). Several
    placements on one zone add up; the total must fit its max occupation (R4.3)."""

    soldiers: int = Field(default=0, ge=0, le=99, description="Soldiers on each zone.")
    officers: int = Field(default=0, ge=0, le=99, description="Officers on each zone.")
    where: Predicate | None = None
    zones: ZoneList = None
    label: PlacesLabel = None



class ReputationPlacement(Model):
    """Reputation cubes already on zones at setup (R2.1, R4.4)."""

    cubes: int = Field(ge=1, le=9, description="Cubes on each zone.")
    where: Predicate | None = None
    zones: ZoneList = None
    label: PlacesLabel = None



class SpeedStart(Model):
    """Starting cell of the invasion-speed track (R2.5, D2.2): the first cell of a speed
    value (``{speed: 2}``) or a 1-based cell number (``{cell: 1}``)."""

    speed: int | None = Field(default=None, ge=0, description="First cell with this speed.")
    cell: int | None = Field(default=None, ge=1, description="1-based cell of the track.")


#: the most officers a reserve may hold (the box has 12, R0.2; beyond this a value is a
#: typo, not a design: the army could never run out, R9.1)
MAX_OFFICERS = 999


class Setup(Model):
    """How the island and the reserve are prepared (R2)."""

    army: list[ArmyPlacement] = Field(
        default_factory=list, description="Soldiers and officers on the island (R2.1)."
    )
    reputation: list[ReputationPlacement] = Field(
        default_factory=list, description="Reputation cubes already on zones (R2.1)."
    )
    start: list[ZoneRef] = Field(
        min_length=1, description="Player start zone(s): each player picks one (R2.1)."
    )
    characters: Literal["choice", "random"] = Field(
        default="choice", description="Character sheets chosen (R2.3) or dealt at random."
    )
    invasion_bag: InvasionBagRule = Field(
        default="one_token_per_occupied_zone",
        description="Zone tokens of occupied zones put in the invasion bag (R2.4, D2.1).",
    )
    officers: int = Field(
        ge=0, le=MAX_OFFICERS,
        description="Officers in the reserve, base value (R2.7, R9.1); per difficulty."
    )
    speed_start: SpeedStart = Field(
        default_factory=lambda: SpeedStart(cell=1),
        description="Invasion-speed marker's starting cell (R2.5); per difficulty.",
    )
    text: list[Text] = Field(
        default_factory=list, description="Extra setup lines printed on the scenario card."
    )


# -- objectives (R9.2) -----------------------------------------------------------


class _Objective(Model):
    id: str | None = Field(default=None, description="Short id, for messages and hooks.")
    candidates: list[ZoneRef] | Places | None = Field(
        default=None,
        description="Places allowed to hold the objective (D6.1): a list of zones or "
        "{where: predicate}; default every place. Each must be isolatable by the clue deck "
        "(R6.1).",
    )
    on_reveal: list[Effect] = Field(
        default_factory=list,
        description="One-off effects (the content vocabulary) resolved when the objective is "
        "revealed (R6.1), e.g. {add_soldiers: {count: 1, where: objective_zone}}.",
    )
    on_done: list[Effect] = Field(
        default_factory=list,
        description="One-off effects resolved when the objective is done, with the player "
        "who did it acting, e.g. {join_squad: {C: 2, M: 1, I: 4}} for a freed prisoner.",
    )
    text: Text | None = Field(default=None, description="The objective as printed.")


class DestroyBaseObjective(_Objective):
    """Locate the base(s), then craft the item (a bomb) and use it there (R5.7)."""

    model_config = ConfigDict(title="DestroyBase")  # its name in the JSON Schemas (registry)

    kind: Literal["locate_and_destroy_base"]
    count: int = Field(default=1, ge=1, le=9, description="Bases to destroy.")
    item: str = Field(description="Special item used in the base's zone, e.g. bomb.")


class EliminateGeneralObjective(_Objective):
    """Locate the general, then eliminate him in his zone."""

    model_config = ConfigDict(title="EliminateGeneral")  # its name in the JSON Schemas (registry)

    kind: Literal["locate_and_eliminate_general"]
    military: int = Field(
        default=4,
        ge=1,
        description="Military − army malus needed to eliminate the general (like R5.6).",
    )
    item: str | None = Field(
        default=None, description="Special item that eliminates him instead (R9.6)."
    )


class CraftStrategicItemObjective(_Objective):
    """Find the parts, craft a strategic item (R5.5) and use it at the revealed place."""

    model_config = ConfigDict(title="CraftStrategicItem")  # its name in the JSON Schemas (registry)

    kind: Literal["craft_strategic_item"]
    item: str = Field(description="Special item to craft, e.g. radio.")


class FreeCharacterObjective(_Objective):
    """Locate an important character held prisoner and free him: a player in his zone
    once the zone has no soldier and no officer left."""

    model_config = ConfigDict(title="FreeCharacter")  # its name in the JSON Schemas (registry)

    kind: Literal["free_character"]
    character: Text = Field(description="Who is freed, as printed.")
    item: str | None = Field(
        default=None, description="Special item needed to open the prison (optional)."
    )
    escort_to: Places | None = Field(
        default=None, description="Places where the freed character must then be brought: "
        "printed for the table, not played (the rules engine and the balance figures count "
        "the objective done once the character is freed; validation warns)."
    )


ObjectiveSpec = Annotated[
    DestroyBaseObjective | EliminateGeneralObjective | CraftStrategicItemObjective
    | FreeCharacterObjective,
    Field(discriminator="kind"),
]


# -- difficulty (R2.2) -----------------------------------------------------------


#: a win rate, a fraction of 1 (strict: YAML's true or a quoted "0.6" is not a rate)
Rate = Annotated[float, Field(ge=0, le=1, strict=True)]
#: a target band of win rates [low, high] (the loader checks low ≤ high, located)
Band = tuple[Rate, Rate]


#: the longest players' phase a scenario may set, minutes (the box's are 3 to 5)
MAX_TIMER = 60


class Difficulty(Model):
    """Overrides of the base parameters for one difficulty level (R2.2)."""

    officers: int | None = Field(default=None, ge=0, le=MAX_OFFICERS,
                                 description="Officers in the reserve.")
    speed_start: SpeedStart | None = None
    timer: float | None = Field(default=None, gt=0, le=MAX_TIMER,
                                description="Minutes per players' phase (R10.1).")


# -- special rules ---------------------------------------------------------------


class _Rule(Model):
    text: Text | None = Field(default=None, description="The rule as printed.")


class MaxOccupationRule(_Rule):
    """R4.3 "unless a scenario says otherwise": another max occupation on some zones."""

    example: ClassVar[str] = "{rule: max_occupation, value: 4, where: {size: capital}}"

    rule: Literal["max_occupation"]
    value: int = Field(ge=0, description="The max occupation of those zones.")
    where: Predicate | None = Field(default=None, description="The zones, by a predicate.")
    zones: ZoneList = Field(default=None, description="The zones, listed (or 'where').")



class ExcludeCardsRule(_Rule):
    """Cards of a deck left in the box for this scenario (R2.6)."""

    example: ClassVar[str] = "{rule: exclude_cards, deck: items, cards: [scope]}"

    rule: Literal["exclude_cards"]
    deck: Deck = Field(description="The deck the cards leave.")
    cards: list[str] = Field(min_length=1, description="Card ids (see the content files).")


class NoEventsRule(_Rule):
    """No event card is drawn (R8.1) before this round: a gentler start."""

    example: ClassVar[str] = "{rule: no_events_before_round, round: 3}"

    rule: Literal["no_events_before_round"]
    round: int = Field(ge=2, description="The first round with an event card.")


class EffectsRule(_Rule):
    """One-off effects from the content vocabulary resolved at a moment of the round
    (no acting player, like an event card R8.1)."""

    example: ClassVar[str] = (
        "{rule: effects, when: players_phase_start, "
        "effects: [{reputation: {amount: 1, who: each_player}}]}")

    rule: Literal["effects"]
    when: Trigger = Field(description="The moment of the round they resolve.")
    effects: list[Effect] = Field(min_length=1, description="Effects of the content vocabulary.")


class TextRule(Model):
    """A rule that is only printed (the engine does not play it; validation says so)."""

    example: ClassVar[str] = "{text: {fr: Les ports sont fermés., en: Ports are closed.}}"

    text: Text


SpecialRule = Annotated[
    MaxOccupationRule | ExcludeCardsRule | NoEventsRule | EffectsRule,
    Field(discriminator="rule"),
]


class ScenarioSpec(Model):
    """One scenario card (R2.1)."""

    model_config = ConfigDict(title="Scenario")  # its name in the JSON Schemas (registry)

    kind: Literal["scenario"] | None = Field(default=None, description="File kind marker.")
    id: str = Field(min_length=1, pattern=SCENARIO_ID)
    number: int | None = Field(default=None, ge=0, description="Number on the card.")
    title: Text
    context: Text | None = Field(default=None, description="Story text printed on the card.")
    duration: Duration = Field(default="medium", description="Expected length, as printed (R2.1).")
    board: FileRef = Field(description="Board file, relative to this file.")
    clues: FileRef = Field(description="Clue deck file, relative to this file.")
    manifest: str | None = Field(
        default=None,
        description="Box manifest, relative to this file; default: the shipped cards/manifest.yaml.",
    )
    timer: float = Field(gt=0, le=MAX_TIMER,
                         description="Minutes per players' phase (R10.1), base value.")
    setup: Setup
    objectives: list[ObjectiveSpec] = Field(min_length=1)
    difficulty: dict[DifficultyName, Difficulty] = Field(
        default_factory=dict,
        description="Per-level overrides of setup.officers, setup.speed_start and timer (R2.2).",
    )
    special_rules: list[SpecialRule | TextRule] = Field(default_factory=list)
    balance: dict[DifficultyName, Band] = Field(
        default_factory=dict,
        description="Target win rate per difficulty as [low, high], e.g. {easy: [0.7, 0.9]}: "
        "`resistance simulate` warns when the measured rate is outside the band.",
    )
    decisions: dict[str, str] = Field(
        default_factory=dict,
        description="Where the rule book is silent, this scenario's choices among the "
        "decisions of rules.md, e.g. {D4.2: player} (`resistance play --decisions` lists "
        "them with their options); the others keep their defaults.",
    )


ScenarioSpec.model_rebuild()
