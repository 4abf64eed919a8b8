"""Clue deck file format (R0.3, R5.3, R6.1, D6.1).

A deck names its board (a path relative to the deck file), the places that may hold
an objective (default: all), and its cards. A valid clue card is perforated at every
place that has its property (``where:``) or at an explicit list of places
(``places:``); a failure card ("Échec") has no hole. Copies count towards the 43
clue cards of the box (R0.3).

Example::

    # yaml-language-server: $schema=../authoring/model/schema/json/deck.schema.json
    kind: deck
    board: ../scenarios/boards/island.yaml
    cards:
      - id: cotiere
        title: {fr: Cité côtière, en: Coastal city}
        where: {coastal: true}
      - id: nord
        title: Au nord de l'île
        where: {north_of: centre}
      - id: trio
        title: Trois cités
        places: [N-E 1, N-E 2, S-O 4]
      - {id: echec, failure: true, copies: 6}
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from authoring.model.predicates import PredicateT
from authoring.model.rules import BOX_CLUE_CARDS, DENSITY_BAND
from authoring.model.schema.base import HINT_MARK, FileRef, Model


class Title(Model):
    """A printed title in French, with an optional English text."""

    fr: str = Field(min_length=1, description="French title, as printed.")
    en: str | None = Field(default=None, description="English text (optional).")


class Card(Model):
    """One clue card: a property (``where``), an explicit list of places (``places``),
    or a failure (``failure: true``, no hole)."""

    id: str = Field(min_length=1, description="Unique id within the deck, e.g. 'cotiere'.")
    title: str | Title | None = Field(
        default=None,
        description="Printed title: a string (French) or {fr, en}. Default: generated from "
        "the predicate; 'Échec' for a failure.",
    )
    where: PredicateT | None = Field(
        default=None, description="The property of the places that get a hole."
    )
    places: list[str] | None = Field(
        default=None, description="Explicit zone ids that get a hole (instead of where)."
    )
    copies: int = Field(default=1, ge=1, le=43, description="Identical copies in the deck.")
    failure: bool = Field(default=False, description="A failure card: no hole, no information.")
    note: str | None = Field(default=None, description="Designer's note (not printed).")


class DeckFile(Model):
    """A clue deck for one board (R5.3)."""

    kind: Literal["deck"] | None = Field(default=None, description="File kind marker.")
    board: FileRef = Field(min_length=1, description="Board file, relative to this file.")
    allowed: list[str] | PredicateT | None = Field(
        default=None,
        description="Places that may hold an objective (D6.1): zone ids or a predicate; "
        "default all.",
    )
    box_cards: int = Field(
        default=BOX_CLUE_CARDS,
        ge=1,
        description="Clue cards the box holds (R0.3); a warning names both counts when the "
        "deck differs.",
    )
    density: tuple[float, float] = Field(
        default=DENSITY_BAND,
        description="Useful band of hole density [low, high] (share of places); cards "
        "outside it are warned about. Default: [0.35, 0.60] on a 60-place board, scaled "
        "with the number of places (d^(ln n / ln 60): [0.44, 0.67] on 25 places).",
    )
    cards: list[Card] = Field(min_length=1)

    @field_validator("density")
    @classmethod
    def _band(cls, v: tuple[float, float]) -> tuple[float, float]:
        lo, hi = v
        if 1 < hi <= 100 and 0 <= lo <= hi:
            raise ValueError(
                f"[{lo:g}, {hi:g}] reads as percentages; density is a share of the places, "
                f"between 0 and 1{HINT_MARK}write [{lo / 100:.2f}, {hi / 100:.2f}] "
                f"({hi:g} % is {hi / 100:.2f})")
        if not 0 <= lo <= hi <= 1:
            raise ValueError(
                f"[{lo:g}, {hi:g}] is not a band: low and high are shares between 0 and 1, "
                f"low first{HINT_MARK}e.g. [0.35, 0.60]: cards with 35 % to 60 % of the places "
                f"as holes")
        return v
