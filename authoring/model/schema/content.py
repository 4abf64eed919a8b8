"""File formats of the game content: characters, recruits, items, special items,
resistance cards, events, planning tokens and the box manifest (R0, R1, R5, R8).

Effects are written in the closed vocabulary of :mod:`authoring.model.effects`. Titles
and texts are French, with English where useful: a text is either a plain string
(French) or ``{fr: …, en: …}``. Ids are kebab-case (``hunting-rifle``).

Example (an item file, abridged)::

    kind: items
    items:
      - id: toolbox
        title: {fr: Caisse à outils, en: Toolbox}
        kind: bonus
        copies: 2
        effects:
          - skill_bonus: {skill: I, amount: 1}
      - id: explosives
        title: Explosifs
        kind: part
        copies: 4
        part_of: [bomb, booby-trap]
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, PrivateAttr, Tag

from authoring.model.effects import Condition, Effect, Skill
from authoring.model.rules import ACTION_COUNTER_MAX, INVENTORY_LIMIT, STARTING_REPUTATION
from authoring.model.schema.base import CARD_ID, LETTER, FileRef, LocalText, Model

Id = Annotated[
    str,
    Field(
        pattern=CARD_ID,
        description="kebab-case id: lower-case letters, digits and dashes (e.g. 'hunting-rifle').",
    ),
]
SKILLS: tuple[Skill, ...] = ("C", "M", "I")


Text = str | LocalText


# ------------------------------------------------------------------- characters


class Ability(Model):
    """A character's special ability (R1.1): a name printed on the sheet and its
    lasting effects."""

    name: Text = Field(description="Printed name, e.g. 'Pisteur'.")
    effects: list[Effect] = Field(min_length=1, description="Lasting effects.")


class SkillTrack(Model):
    """One skill row of a sheet (R1.2): initial level and numbered improvement slots;
    a recruit fits a slot whose number is ≤ its value in the skill (R5.2)."""

    initial: int = Field(ge=0, le=9, description="Filled circles at the start.")
    slots: list[Annotated[int, Field(ge=1, le=9)]] = Field(
        description="Number printed on each improvement slot, in order (e.g. [2, 3, 3, 4])."
    )
    max: int | None = Field(
        default=None, ge=0, description="Max level; must equal initial + number of slots."
    )

    @property
    def max_level(self) -> int:
        return self.initial + len(self.slots)


class Character(Model):
    """A character sheet (R1): skills, special ability, max-level bonuses (R1.3, D1.1),
    starting reputation, inventory size and action counter."""

    id: Id
    name: str = Field(min_length=1, description="Printed name, e.g. 'Jenny Adams'.")
    portrait: Text = Field(description="Caption of the portrait (what the art shows).")
    ability: Ability
    skills: dict[Skill, SkillTrack] = Field(description="C, M and I rows.")
    max_bonus: dict[Skill, list[Effect]] = Field(
        default_factory=dict,
        description="Lasting effects gained when a skill reaches its max level (R1.3, D1.1).",
    )
    reputation: int = Field(default=STARTING_REPUTATION, ge=0, le=9, description="Starting reputation (R1.1).")
    inventory: int = Field(default=INVENTORY_LIMIT, ge=1, le=9, description="Inventory slots (R5.4).")
    actions: int = Field(default=ACTION_COUNTER_MAX, ge=1, le=20, description="Action counter maximum (D5.4).")
    flavour: Text | None = Field(default=None, description="Background text.")


class CharacterFile(Model):
    """``characters.yaml``: the character sheets (R0.3: 8)."""

    kind: Literal["characters"] = "characters"
    characters: list[Character] = Field(min_length=1)


# -------------------------------------------------------------------- recruits


class RecruitToken(Model):
    """A secondary-character token (R5.2): a letter and C/M/I values 1–4, or a dummy
    (no letter, no values) that fits nowhere. The loader checks which is which."""

    letter: str | None = Field(
        default=None, pattern=LETTER, description="Letter printed on the token."
    )
    C: int | None = Field(default=None, ge=1, le=4, description="Communication value.")
    M: int | None = Field(default=None, ge=1, le=4, description="Military value.")
    I: int | None = Field(default=None, ge=1, le=4, description="Engineering value.")  # noqa: E741
    dummy: bool = Field(default=False, description="A dummy token has no use (R5.2).")
    caption: Text | None = Field(default=None, description="Who this is (flavour).")
    copies: int = Field(default=1, ge=1, le=29)

    def value(self, skill: Skill) -> int:
        """The token's value in ``skill`` (0 for a dummy)."""
        v = {"C": self.C, "M": self.M, "I": self.I}[skill]
        return v or 0


class RecruitFile(Model):
    """``recruits.yaml``: the recruitment bag (R0.3: 29 tokens, 7 of them dummies)."""

    kind: Literal["recruits"] = "recruits"
    tokens: list[RecruitToken] = Field(min_length=1)


# -------------------------------------------------------------------------- art

#: the art box of a printed card, mm (width × height): where ``art:`` is drawn,
#: scaled to fill it (the PDF's card layout uses the same size)
ART_BOX_MM: tuple[float, float] = (57.0, 26.0)
#: below this a picture prints visibly soft (300 dpi is best)
ART_MIN_DPI = 150


def _art_field() -> Any:
    return Field(
        default=None, min_length=1,
        description="Picture for the card's art box (57 × 26 mm): a PNG, JPEG or SVG file, "
                    "relative to this file, e.g. art/toolbox.png; 300 dpi (673 × 307 px) is "
                    "best. Without it the card gets a generated face.")


class Illustrated(Model):
    """A card that may carry a picture: its ``art:`` field (declared last in each
    card, after ``flavour``) and, once validated, the file it names."""

    _art_file: Path | None = PrivateAttr(default=None)

    @property
    def art_file(self) -> Path | None:
        """The picture file, once validation found it usable (else None)."""
        return self._art_file


# ------------------------------------------------------------------------ items

ItemKind = Literal["bonus", "part", "useless"]


class Item(Illustrated):
    """An item card (R5.4): a lasting bonus while held, a part of special items
    (R5.5), or useless ("Objet inutile")."""

    id: Id
    title: Text
    kind: ItemKind = Field(description="bonus, part or useless.")
    copies: int = Field(default=1, ge=1, le=20, description="Identical cards in the deck.")
    effects: list[Effect] = Field(default_factory=list, description="Lasting, while held.")
    part_of: list[Id] = Field(default_factory=list, description="Special items it helps craft.")
    flavour: Text | None = None
    art: str | None = _art_field()


class ItemFile(Model):
    """``items.yaml``: the item deck (R0.3: 66 cards, copies counted)."""

    kind: Literal["items"] = "items"
    items: list[Item] = Field(min_length=1)


# ---------------------------------------------------------------- special items


class Use(Model):
    """One way to use a special item (R5.7): conditions, all of which must hold
    (a success test among them), then one-off effects."""

    requires: list[Condition] = Field(default_factory=list, description="Conditions and test.")
    effects: list[Effect] = Field(min_length=1, description="One-off effects on success.")
    discard: bool = Field(default=True, description="The card is discarded after a success.")


def _one_or_many(value: Any) -> str:
    return "Many" if isinstance(value, list) else "One"


#: one use (a mapping) or several (a list); the tag keeps errors on the branch written
Uses = Annotated[
    Annotated[list[Use], Tag("Many")] | Annotated[Use, Tag("One")],
    Discriminator(_one_or_many),
]


class SpecialItem(Illustrated):
    """A special item card (R5.7), crafted from item cards (R5.5)."""

    id: Id
    title: Text
    copies: int = Field(default=1, ge=1, le=18)
    recipe: dict[Id, Annotated[int, Field(ge=1, le=9)]] = Field(
        min_length=1, description="Item id -> number of cards needed (R5.5)."
    )
    use: Uses = Field(description="How it is used: one use, or a list meaning 'choose one'.")
    flavour: Text | None = None
    art: str | None = _art_field()

    @property
    def uses(self) -> list[Use]:
        """The uses as a list (a single ``use:`` mapping is one use)."""
        return self.use if isinstance(self.use, list) else [self.use]


class SpecialItemFile(Model):
    """``special-items.yaml``: special items set aside at setup (R0.3: 18, R2.6)."""

    kind: Literal["special-items"] = "special-items"
    special_items: list[SpecialItem] = Field(min_length=1)


# ------------------------------------------------------------------- resistance


class ResistanceCard(Illustrated):
    """A resistance card (R5.8): filled with reputation cubes up to its cost, then
    activated for one-off effects."""

    id: Id
    title: Text
    cost: int = Field(ge=1, le=12, description="Reputation cubes needed to activate.")
    effects: list[Effect] = Field(min_length=1)
    copies: int = Field(default=1, ge=1, le=8)
    flavour: Text | None = None
    art: str | None = _art_field()


class ResistanceSet(Model):
    """The resistance cards played with one player count (D0.2)."""

    players: int = Field(ge=1, le=9, description="Player count this set is for.")
    cards: list[ResistanceCard] = Field(min_length=1)


class ResistanceFile(Model):
    """``resistance.yaml``: one set of resistance cards per player count (R0.3, D0.2)."""

    kind: Literal["resistance"] = "resistance"
    sets: list[ResistanceSet] = Field(min_length=1)


# ----------------------------------------------------------------------- events


class EventCard(Illustrated):
    """An event card, drawn at the start of each army phase (R8.1)."""

    id: Id
    title: Text
    effects: list[Effect] = Field(min_length=1)
    copies: int = Field(default=1, ge=1, le=12)
    flavour: Text | None = None
    art: str | None = _art_field()


class EventFile(Model):
    """``events.yaml``: the event deck (R0.4: 12)."""

    kind: Literal["events"] = "events"
    events: list[EventCard] = Field(min_length=1)


# --------------------------------------------------------------------- planning


class PlanningFile(Model):
    """``planning.yaml``: the planning/training tokens and their rule data (R5.10)."""

    kind: Literal["planning"] = "planning"
    title: Text = Field(description="Printed on the token.")
    tokens: int = Field(ge=0, le=50, description="Tokens in the box (R0.3: 10).")
    level_bonus: int = Field(default=1, ge=1, le=3, description="Levels a placed token adds.")
    active_per_player: int = Field(
        default=1, ge=1, le=5, description="Active tokens a player may have (R5.10: 1)."
    )
    text: Text | None = Field(default=None, description="Reminder printed on the player aid.")


# --------------------------------------------------------------------- manifest


class BoxInventory(Model):
    """The box inventory (R0.1–R0.4) as data (D0.1). A count left out is not checked."""

    boards: int | None = Field(default=None, ge=0)
    player_pawns: int | None = Field(default=None, ge=0, description="R0.2: 5.")
    soldiers: int | None = Field(default=None, ge=0, description="R0.2: 50.")
    officers: int | None = Field(default=None, ge=0, description="R0.2: 12.")
    reputation_cubes: int | None = Field(default=None, ge=0, description="R0.2: 72.")
    zone_tokens: int | None = Field(default=None, ge=0, description="R0.2: 76.")
    speed_markers: int | None = Field(default=None, ge=0, description="R0.2: 1.")
    objective_markers: int | None = Field(default=None, ge=0, description="R0.2: 4.")
    character_sheets: int | None = Field(default=None, ge=0, description="R0.3: 8.")
    recruit_tokens: int | None = Field(
        default=None, ge=0, description="R0.3: 29, dummies included."
    )
    dummy_recruit_tokens: int | None = Field(default=None, ge=0, description="R0.3: 7.")
    planning_tokens: int | None = Field(default=None, ge=0, description="R0.3: 10.")
    item_cards: int | None = Field(default=None, ge=0, description="R0.3: 66.")
    special_item_cards: int | None = Field(default=None, ge=0, description="R0.3: 18.")
    clue_cards: int | None = Field(default=None, ge=0, description="R0.3: 43.")
    resistance_cards: dict[int, int] | None = Field(
        default=None, description="Cards per player count (D0.2: {3: 8, 4: 8, 5: 8})."
    )
    event_cards: int | None = Field(default=None, ge=0, description="R0.4: 12.")
    sand_timers: list[float] | None = Field(
        default=None, description="Sand timers, minutes (R0.4: [5, 4, 3])."
    )
    action_tracks: list[int] | None = Field(
        default=None, description="Team action-counter tracks, by player count (R0.4: [3, 4, 5])."
    )
    individual_counters: int | None = Field(default=None, ge=0, description="R0.4: 5.")
    team_counters: int | None = Field(default=None, ge=0, description="R0.4: 1 (white).")
    army_counters: int | None = Field(default=None, ge=0, description="R0.4: 1 (red).")
    recruitment_bags: int | None = Field(default=None, ge=0, description="R0.4: 1 (blue).")
    invasion_bags: int | None = Field(default=None, ge=0, description="R0.4: 1 (red).")
    scenario_cards: int | None = Field(default=None, ge=0, description="R0.4: 3.")
    player_aids: int | None = Field(default=None, ge=0, description="R0.4: 5.")


class ContentFiles(Model):
    """Where the content files are, relative to the manifest."""

    characters: FileRef | None = None
    recruits: FileRef | None = None
    items: FileRef | None = None
    special_items: FileRef | None = Field(default=None, alias="special-items")
    resistance: FileRef | None = None
    events: FileRef | None = None
    planning: FileRef | None = None
    clues: FileRef | None = Field(default=None, description="The clue deck (checked by its own kind).")


class Manifest(Model):
    """``manifest.yaml``: the box inventory and the list of content files (D0.1)."""

    kind: Literal["manifest"] = "manifest"
    name: Text | None = None
    box: BoxInventory
    files: ContentFiles = Field(default_factory=ContentFiles)
    _content: Content | None = PrivateAttr(default=None)

    @property
    def pieces(self) -> dict[str, int]:
        """The box counts that are plain numbers (``soldiers``, ``officers`` …)."""
        return {k: v for k, v in self.box.model_dump().items() if isinstance(v, int)}

    @property
    def content(self) -> Content | None:
        """The listed content files, loaded with the manifest; None when the manifest
        was validated on its own (no files read)."""
        return self._content


@dataclass(frozen=True)
class Content:
    """The content files of a box as plain data: each file's model (None when the box
    lists no such file or it has errors), and each card list as a tuple."""

    character_file: CharacterFile | None = None
    recruit_file: RecruitFile | None = None
    item_file: ItemFile | None = None
    special_item_file: SpecialItemFile | None = None
    resistance_file: ResistanceFile | None = None
    event_file: EventFile | None = None
    planning: PlanningFile | None = None

    @property
    def characters(self) -> tuple[Character, ...]:
        return tuple(self.character_file.characters) if self.character_file else ()

    @property
    def recruits(self) -> tuple[RecruitToken, ...]:
        return tuple(self.recruit_file.tokens) if self.recruit_file else ()

    @property
    def items(self) -> tuple[Item, ...]:
        return tuple(self.item_file.items) if self.item_file else ()

    @property
    def special_items(self) -> tuple[SpecialItem, ...]:
        return tuple(self.special_item_file.special_items) if self.special_item_file else ()

    @property
    def resistance(self) -> tuple[ResistanceCard, ...]:
        """Every resistance card, all sets together."""
        sets = self.resistance_file.sets if self.resistance_file else []
        return tuple(c for s in sets for c in s.cards)

    @property
    def resistance_sets(self) -> dict[int, tuple[ResistanceCard, ...]]:
        sets = self.resistance_file.sets if self.resistance_file else []
        return {s.players: tuple(s.cards) for s in sets}

    @property
    def events(self) -> tuple[EventCard, ...]:
        return tuple(self.event_file.events) if self.event_file else ()

    def files(self) -> dict[str, Model]:
        """kind -> the file's model, for the kinds the box has."""
        got: dict[str, Model | None] = {
            "characters": self.character_file,
            "recruits": self.recruit_file,
            "items": self.item_file,
            "special-items": self.special_item_file,
            "resistance": self.resistance_file,
            "events": self.event_file,
            "planning": self.planning,
        }
        return {k: m for k, m in got.items() if m is not None}


#: file kind -> model of the whole file (for ``resistance schema KIND``)
SCHEMAS: dict[str, type[Model]] = {
    "characters": CharacterFile,
    "recruits": RecruitFile,
    "items": ItemFile,
    "special-items": SpecialItemFile,
    "resistance": ResistanceFile,
    "events": EventFile,
    "planning": PlanningFile,
    "manifest": Manifest,
}

#: manifest ``files:`` key (a kind) -> attribute of :class:`ContentFiles`
FILE_KEYS: dict[str, str] = {
    "characters": "characters",
    "recruits": "recruits",
    "items": "items",
    "special-items": "special_items",
    "resistance": "resistance",
    "events": "events",
    "planning": "planning",
    "clues": "clues",
}
