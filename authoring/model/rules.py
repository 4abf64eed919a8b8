"""Every number and decision of ``docs/rules.md`` that code uses, named after its id
(``resistance rules ID`` prints one).

This is the one home of the rules' constants: validation, the PDF aids and the engine
all read them from here, and a printed aid renders from the same value the engine
plays. A value here is the book's default; where the rules say so, the board (speed
track, action tracks, city sizes), the scenario (max occupation, invasion bag, officers)
or the box manifest (the inventory, D0.1) overrides it.

Decisions (D…) with an alternative are listed in :data:`DECISIONS`, each with its default
and its options; the engine takes ``decisions={"D4.2": "supply"}`` and checks it with
:func:`check_decisions`.

>>> MOVE_ROADS, MOVE_MOUNTAIN_PATHS, INVENTORY_LIMIT, CRAFT_THRESHOLD, ACTION_MARGIN
(3, 1, 4, 4, 2)
>>> army_actions(9, 3), army_actions(9, 5), army_actions(9, 4)
(7, 11, 9)
>>> DECISIONS["D4.2"].default, DECISIONS["D4.2"].options
('supply', ('supply', 'player'))
>>> check_decisions({"D4.2": "suply"})
["D4.2: unknown choice 'suply' (did you mean 'supply'?); one of: supply, player"]
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

# -- R0: the box (defaults of the manifest, D0.1) ----------------------------------------

#: R0.2 pieces and R0.3/R0.4 cards and tokens of the box; the manifest is the reference.
BOX_DEFAULTS: Mapping[str, int] = MappingProxyType(
    {
        "player_pawns": 5,
        "soldiers": 50,
        "officers": 12,
        "reputation_cubes": 72,
        "zone_tokens": 76,
        "objective_markers": 4,
        "character_sheets": 8,
        "recruit_tokens": 29,
        "dummy_recruit_tokens": 7,
        "planning_tokens": 10,
        "item_cards": 66,
        "special_item_cards": 18,
        "clue_cards": 43,
        "resistance_cards_per_set": 8,
        "event_cards": 12,
    }
)
#: R0.3: the clue deck of the box (``box_cards:`` of a deck overrides it).
BOX_CLUE_CARDS = BOX_DEFAULTS["clue_cards"]
#: Useful band of hole density (share of places perforated) on the 60-place island of the
#: box: a deck parameter, not a rule. See :func:`density_band`.
DENSITY_BAND: tuple[float, float] = (0.35, 0.60)
#: the number of places :data:`DENSITY_BAND` was set for (the island of the box)
DENSITY_BAND_PLACES = 60


def density_band(places: int) -> tuple[float, float]:
    """The useful band of hole density for a board of ``places`` places.

    Pooling cards of density d leaves about n·d^k of n places after k cards, so isolating
    one place takes about k = ln n / ln(1/d) cards. The band keeps k where it is on the
    box's island (about 4 to 8 cards for [35 %, 60 %] on 60 places) whatever the board's
    size: d = d₆₀^(ln n / ln 60), then widened to whole holes (a card has a whole number
    of holes). A large board wants sparser cards, a small one denser cards.

    >>> density_band(60), density_band(25), density_band(6), density_band(500)
    ((0.35, 0.6), (0.4, 0.68), (0.5, 0.8333), (0.202, 0.462))
    """
    if places <= 1:
        return DENSITY_BAND
    scale = math.log(places) / math.log(DENSITY_BAND_PLACES)
    lo, hi = (d**scale * places for d in DENSITY_BAND)
    return (round(math.floor(lo + 1e-9) / places, 4), round(math.ceil(hi - 1e-9) / places, 4))


def band_holes(band: tuple[float, float], places: int) -> tuple[int, int]:
    """The fewest and most holes a card may have on ``places`` places to lie in ``band``:
    cards are compared by whole hole counts, and an edge within the band's 4-decimal
    rounding of a whole count is that count (on 108 places the band 29.63 %–56.48 % is
    32 to 61 holes, both edges included).

    >>> band_holes(density_band(108), 108), band_holes((0.35, 0.6), 60), band_holes((0.35, 0.6), 13)
    ((32, 61), (21, 36), (5, 7))
    """
    tolerance = 5e-5 * places + 1e-9

    def whole(x: float, rounding: Callable[[float], int]) -> int:
        return round(x) if abs(x - round(x)) <= tolerance else rounding(x)

    lo, hi = band
    return whole(lo * places, math.ceil), whole(hi * places, math.floor)


#: R0.4 / D0.2: one set of resistance cards per player count; the game is for 3-5 players.
PLAYER_COUNTS: tuple[int, ...] = (3, 4, 5)

# -- R1: the character sheet --------------------------------------------------------------

#: R1.1 starting reputation level (the sheet's value overrides it); R2.9 cubes at start.
STARTING_REPUTATION = 1
#: R5.4 / R1.1 inventory limit (a sheet's ``inventory:`` and held effects change it).
INVENTORY_LIMIT = 4
#: D5.4 the sheet's individual action counter runs 0-10: actions per player per phase.
ACTION_COUNTER_MAX = 10
#: R1.2 the three skills: Communication, Military, Engineering.
SKILLS: tuple[str, ...] = ("C", "M", "I")

# -- R2: setup and difficulty -------------------------------------------------------------

#: R2.2 difficulty levels, in order of difficulty, with their printed names.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
LEVEL_NAMES_FR: Mapping[str, str] = MappingProxyType(
    {"easy": "Facile", "normal": "Normal", "hard": "Difficile"}
)
#: the book's level names, lower case, read as the levels they name (``facile``: easy)
BOOK_LEVELS: Mapping[str, str] = MappingProxyType(
    {name.lower(): level for level, name in LEVEL_NAMES_FR.items()})
#: D2.2 the speed track when a board gives none (a placeholder: the book implies
#: several cells at speed 2).
SPEED_TRACK: tuple[int, ...] = (2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6)
#: R2.4 / D2.1 what goes into the invasion bag at setup.
INVASION_BAG_RULES: tuple[str, ...] = ("one_token_per_occupied_zone", "all_tokens_of_occupied_zones")

# -- R4: key concepts ---------------------------------------------------------------------

#: R4.1 zone size per city size (R0.2: also the zone tokens, R4.3: the max occupation).
CITY_SIZES: Mapping[str, int] = MappingProxyType({"capital": 3, "town": 2, "village": 1})

# -- R5: the players' actions --------------------------------------------------------------

#: R5.0 no player may be more than this many actions ahead of the player furthest behind.
ACTION_MARGIN = 2
#: R5.1 a move follows up to this many roads, or this many mountain paths.
MOVE_ROADS = 3
MOVE_MOUNTAIN_PATHS = 1
#: R5.5 a craft succeeds if I - malus >= this (D1.1: one lower at max Engineering).
CRAFT_THRESHOLD = 4
#: R5.10 active planning tokens per player (the planning file overrides it).
PLANNING_ACTIVE = 1

# -- R7 / R8: the team track and the army ---------------------------------------------------

#: R0.4 the team action-counter track has 45 cells (15 x 3 in the book's picture).
TEAM_TRACK_CELLS = 45
#: D8.1 the 4-player track is 1:1; others scale by players / this.
ARMY_TRACK_PLAYERS = 4


def army_actions(team_cell: int, players: int) -> int:
    """D8.1: cumulative army actions once the team counter reaches ``team_cell``:
    round(cell x players / 4), halves rounded up (the board's ``action_tracks`` override)."""
    return math.floor(team_cell * players / ARMY_TRACK_PLAYERS + 0.5)


# -- R10: the timer --------------------------------------------------------------------------

#: R10.1 the sand timers of the box, in minutes.
TIMERS: tuple[float, ...] = (5.0, 4.0, 3.0)


# -- decisions with alternatives --------------------------------------------------------------


@dataclass(frozen=True)
class Decision:
    """A decision of rules.md where the book is silent: its default and its options."""

    id: str
    text: str
    options: tuple[str, ...]
    default: str
    meaning: Mapping[str, str]


def _decision(id: str, text: str, **meaning: str) -> Decision:
    options = tuple(meaning)
    return Decision(id, text, options, options[0], MappingProxyType(dict(meaning)))


#: Every decision the engine plays with an alternative; the first option is the default.
DECISIONS: Mapping[str, Decision] = MappingProxyType(
    {
        d.id: d
        for d in (
            _decision(
                "D4.1",
                "officers count as occupation",
                counted="officers count like soldiers",
                soldiers_only="only soldiers count",
            ),
            _decision(
                "D4.2",
                "where the cube of a limited action comes from (revised 2026-11-25)",
                supply="the general supply beside the board: the cube marks the zone, it "
                       "is not a price",
                player="the acting player's reserve; no cube, no limited action",
            ),
            _decision(
                "D5.2",
                "a recruit, investigate or search that would draw 0 or fewer",
                illegal="the action is illegal",
                wasted="legal, draws nothing, the action is spent",
            ),
            _decision(
                "D5.5",
                "free actions (a card's \"sans avancer son compteur\", e.g. Nuit blanche): "
                "R5.0's spread and D5.4's end are read on the counters, which they do not "
                "move; they take time at the table, so the team's budget (D10.1) applies",
                outside_counter="outside the R5.0 spread and D5.4: a player may take them "
                                "even 2 actions ahead",
                margin="the R5.0 spread applies as if the counter moved: refused 2 ahead",
            ),
            _decision(
                "D6.2",
                "the reorganisation test (R6.3)",
                slot="a recruit fits a slot whose number is at most its value (R5.2)",
                row_level="the recruit's value is at least the row's level before the move",
            ),
            _decision(
                "D8.2",
                "the neighbours of a zone in deployment (R8.4); equal numbers: D8.2b",
                links="zones joined by a road or a mountain path",
                borders="zones whose areas share a border",
            ),
            _decision(
                "D8.2b",
                "neighbours of equal number in different regions, in deployment order (R8.4, "
                "R8.5)",
                order="the activated zone's own region first, then the board's order of regions",
                players="the players choose which comes first (the team: seat 0 answers), when "
                        "the army's pieces cannot go to all of them",
            ),
            _decision(
                "D9.1",
                "when defeat is checked",
                placement="after every placement: the last piece of the reserve placed",
                end_of_action="at the end of each army action (and of an effect that places pieces)",
            ),
            _decision(
                "D11.1",
                "an empty deck",
                reshuffle="rebuilt from its discard pile and shuffled",
                exhausted="stays empty: nothing is drawn",
            ),
            _decision(
                "D11.2",
                "the parts of a failed craft",
                keep="kept",
                lost="discarded",
            ),
            _decision(
                "D11.5",
                "tests on a transfer",
                checked="the receiver's slot test and inventory limit apply",
                free="anything goes to the receiver's reserve",
            ),
        )
    }
)


#: the decisions of rules.md taken once, with no alternative to choose (``decisions:``,
#: ``--decision``): their titles, and how one is set where it can be
#: (tests/test_rules_doc.py checks that these and :data:`DECISIONS` are every D of
#: rules.md)
FIXED_DECISIONS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "D0.1": ("The box is a manifest", "the box manifest (box:) sets the pieces"),
    "D0.2": ("Resistance cards per player count", ""),
    "D1.1": ("Reading the sample sheet's bonuses", ""),
    "D2.1": ("Scenario 1's invasion bag", "the scenario's setup.invasion_bag sets it"),
    "D2.2": ("The speed track is board data", "the board's speed track sets it"),
    "D5.1": ("A token that fits nowhere", ""),
    "D5.3": ("Individual counters count one phase", ""),
    "D5.4": ("At most 10 actions per phase", "a character's actions: sets the counter"),
    "D6.1": ("Objective candidates", "the objective's candidates: set them"),
    "D8.1": ("The army column of each track",
             "the board's action_tracks: gives each player count its army column"),
    "D8.4": ("Replaced soldiers", ""),
    "D10.1": ("Time in simulation",
              "the scenario's timer and the table speed set it (resistance simulate "
              "--table-speed, actions a minute)"),
    "D11.3": ("Shared resistance cards", ""),
    "D11.4": ("Moving the planning token", ""),
    "D11.6": ("Gained reputation", ""),
})


def check_decisions(chosen: Mapping[str, str]) -> list[str]:
    """Problems with a choice of decisions, each naming the decision and its options (a
    decision of rules.md with no alternative, or a rule, is named as such).

    >>> check_decisions({"d10.1": "fast"})  # doctest: +ELLIPSIS
    ["D10.1 (Time in simulation) has no alternative to choose: the scenario's timer ...]
    >>> check_decisions({"R5.1": "x"})  # doctest: +ELLIPSIS
    ["'R5.1' is a rule of the book, not a decision; the decisions to choose: D4.1, ..."]
    """
    problems: list[str] = []
    for key, value in chosen.items():
        d = DECISIONS.get(key)
        upper = key.upper()
        if d is None and upper in DECISIONS:
            problems.append(f"unknown decision '{key}' (did you mean '{upper}'?); one "
                            f"of: {', '.join(DECISIONS)}")
        elif d is None and upper in FIXED_DECISIONS:
            title, how = FIXED_DECISIONS[upper]
            how = how or f"resistance rules {upper} says what it fixes"
            problems.append(f"{upper} ({title}) has no alternative to choose: {how}; "
                            f"the decisions to choose: {', '.join(DECISIONS)}")
        elif d is None and re.match(r"^R\d", upper):
            problems.append(f"'{key}' is a rule of the book, not a decision; the decisions "
                            f"to choose: {', '.join(DECISIONS)}")
        elif d is None:
            near = difflib.get_close_matches(key, list(DECISIONS), n=1)
            hint = f" (did you mean '{near[0]}'?)" if near else ""
            problems.append(f"unknown decision '{key}'{hint}; one of: {', '.join(DECISIONS)}")
        elif value not in d.options:
            near = difflib.get_close_matches(str(value), list(d.options), n=1)
            hint = f" (did you mean '{near[0]}'?)" if near else ""
            problems.append(
                f"{key}: unknown choice '{value}'{hint}; one of: {', '.join(d.options)}"
            )
    return problems


def resolve_decisions(chosen: Mapping[str, str] | None = None) -> dict[str, str]:
    """Every decision's choice: the defaults with ``chosen`` over them (checked first)."""
    chosen = dict(chosen or {})
    problems = check_decisions(chosen)
    if problems:
        raise ValueError("; ".join(problems))
    return {key: chosen.get(key, d.default) for key, d in DECISIONS.items()}
