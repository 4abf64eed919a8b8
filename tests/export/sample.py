"""Sample inputs for the export tests: a few cards of every kind built from the real
content schema (so effects render through the real vocabulary), and clue cards
whose holes are computed here independently of the renderer."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from authoring.model.board import Board
from authoring.model.schema import content as schema
from authoring.model.workspace import Workspace, default_path
from authoring.pdf.section import KitInputs, PrintedClue

ISLAND = default_path("scenarios", "boards", "island.yaml")


@cache
def island() -> Board:
    ws = Workspace()
    board = ws.load(ISLAND, "board")
    assert board is not None, ws.report.format()
    return board


@dataclass
class Content:
    """The shape the kit reads content in (attributes holding lists of models)."""

    items: list[Any] = field(default_factory=list)
    special_items: list[Any] = field(default_factory=list)
    resistance_sets: dict[int, list[Any]] = field(default_factory=dict)
    events: list[Any] = field(default_factory=list)
    characters: list[Any] = field(default_factory=list)
    recruits: list[Any] = field(default_factory=list)
    planning: Any = None


def content() -> Content:
    items = schema.ItemFile.model_validate({"items": [
        {"id": "toolbox", "title": {"fr": "Caisse à outils", "en": "Toolbox"}, "kind": "bonus",
         "copies": 2, "effects": [{"skill_bonus": {"skill": "I", "amount": 1}}]},
        {"id": "explosives", "title": "Explosifs", "kind": "part", "copies": 4,
         "part_of": ["bomb"]},
        {"id": "junk", "title": "Objet inutile", "kind": "useless", "copies": 5},
        {"id": "wordy", "title": "Un objet au titre vraiment beaucoup trop long pour la carte",
         "kind": "bonus", "effects": [{"skill_bonus": {"skill": "C", "amount": 1}}] * 1,
         "flavour": "Lorem ipsum " * 60},
    ]}).items
    specials = schema.SpecialItemFile.model_validate({"special_items": [
        {"id": "bomb", "title": {"fr": "Bombe", "en": "Bomb"}, "copies": 2,
         "recipe": {"explosives": 2},
         "use": {"requires": [{"in_objective_zone": {"objective": "base"}},
                              {"test": {"skill": "I", "at_least": 3}}],
                 "effects": [{"destroy_base": {}}]}},
    ]}).special_items
    resistance = schema.ResistanceFile.model_validate({"sets": [
        {"players": n, "cards": [
            {"id": f"sabotage-{n}", "title": "Sabotage", "cost": 3,
             "effects": [{"skip_army_action": {"count": 1}}], "copies": 2},
            {"id": f"uprising-{n}", "title": "Soulèvement", "cost": 5,
             "effects": [{"remove_soldiers": {"count": 2, "where": "any_zone"}}]},
        ]} for n in (3, 4, 5)
    ]}).sets
    by_players = {s.players: list(s.cards) for s in resistance}
    events = schema.EventFile.model_validate({"events": [
        {"id": "reinforcements", "title": "Renforts", "copies": 2,
         "effects": [{"add_soldiers": {"count": 2, "where": "drawn_zone"}}]},
    ]}).events
    characters = schema.CharacterFile.model_validate({"characters": [
        {"id": "jenny", "name": "Jenny Adams", "portrait": "Une éclaireuse",
         "ability": {"name": "Pisteur", "effects": [{"move_range": {"roads": 1,
                                                                     "mountain_paths": 0}}]},
         "skills": {"C": {"initial": 2, "slots": [2, 3, 3]},
                    "M": {"initial": 1, "slots": [2, 2, 3, 4]},
                    "I": {"initial": 1, "slots": [1, 2, 3]}},
         "max_bonus": {"C": [{"resistance_discount": {"amount": 2}}],
                       "M": [{"eliminate_officers": {}}],
                       "I": [{"craft_requirement": {"delta": -1}}]}},
        {"id": "marc", "name": "Marc Lefort", "portrait": "Un forgeron",
         "ability": {"name": "Bricoleur", "effects": [{"skill_bonus": {"skill": "I",
                                                                        "amount": 1}}]},
         "skills": {"C": {"initial": 1, "slots": [2, 3]},
                    "M": {"initial": 2, "slots": [2, 3, 4]},
                    "I": {"initial": 2, "slots": [3, 3, 4]}}},
    ]}).characters
    recruits = schema.RecruitFile.model_validate({"tokens": [
        {"letter": "A", "C": 2, "M": 1, "I": 3},
        {"letter": "B", "C": 4, "M": 2, "I": 1, "copies": 2},
        {"dummy": True, "copies": 3},
    ]}).tokens
    planning = schema.PlanningFile.model_validate({"title": "Planification", "tokens": 10})
    return Content(list(items), list(specials), by_players, list(events),
                   list(characters), list(recruits), planning)


def clue_cards(board: Board) -> list[PrintedClue]:
    """A small deck: holes by simple attributes, a failure card, copies."""
    coastal = board.geometry.coastal
    ids = [z.id for z in board.zones]
    return [
        PrintedClue("coastal", "Cité côtière", 2, False,
                 tuple(z for z in ids if z in coastal)),
        PrintedClue("big", "Capitale ou ville", 1, False,
                 tuple(z.id for z in board.zones if z.size != "village")),
        PrintedClue("north-east", "Région Nord-Est", 1, False,
                 tuple(z.id for z in board.zones if z.region == "N-E")),
        PrintedClue("odd", "Numéro impair", 1, False,
                 tuple(z.id for z in board.zones if z.number % 2)),
        PrintedClue("failure", "Échec", 3, True, ()),
        PrintedClue("first", "Zone 1", 2, False,
                 tuple(z.id for z in board.zones if z.number == 1)),
    ]


def inputs(*, with_content: bool = True) -> KitInputs:
    board = island()
    return KitInputs(board=board, clues=clue_cards(board),
                     content=content() if with_content else None, name="sample",
                     source=str(ISLAND))
