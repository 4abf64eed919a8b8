"""The closed vocabulary of card effects and use conditions (R1, R5, R8, R9.6).

Every effect a designer may write on an item, special item, resistance card, event
or character sheet is one entry of :data:`EFFECTS`: a mapping with a single key, the
effect's name, whose value holds its parameters::

    effects:
      - skill_bonus: {skill: I, amount: 1}
      - remove_soldiers: {count: 2, where: actor_zone}
      - destroy_base: {}

Special items add conditions to their use (:data:`CONDITIONS`), e.g.
``{test: {skill: M, at_least: 3}}``. The rules engine implements exactly these
entries; the print-and-play kit prints them with :func:`render` (French and
English). ``python -m authoring.model.effects`` prints every entry with its example.

Effects are *lasting* (a bonus while a card is held, a character ability, a
max-level bonus: :attr:`EffectPayload.lasting`) or *one-off* (resolved once, when a
resistance card is activated, a special item used or an event drawn).
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, TypeVar, Union

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    Discriminator,
    Field,
    Tag,
    TypeAdapter,
    create_model,
    model_validator,
)

from authoring.io.diagnostics import Report, did_you_mean
from authoring.io.wording import cap, count_of, join_and, low
from authoring.io.yamlio import YamlDoc, human_path
from authoring.model.schema.base import Model

Lang = Literal["fr", "en"]
#: where a text is printed: ``item`` adds "while this card is in your inventory" to
#: lasting effects; ``card`` (resistance, event, special item) and ``sheet``
#: (character sheet) print the effect alone.
Context = Literal["card", "item", "sheet"]
Skill = Literal["C", "M", "I"]
ALL_SKILLS: tuple[Skill, ...] = ("C", "M", "I")
Action = Literal["recruit", "investigate", "search"]
CitySize = Literal["capital", "town", "village"]
ObjectiveKind = Literal["base", "general", "prisoner", "strategic", "any"]
Where = Literal[
    "actor_zone",
    "adjacent_zone",
    "near_zone",
    "any_zone",
    "each_player_zone",
    "each_capital",
    "most_occupied",
    "drawn_zone",
    "objective_zone",
]
Who = Literal["actor", "any_player", "each_player", "players_in_zone", "players_in_occupied_zones"]

SKILL_NAMES: dict[Lang, dict[str, str]] = {
    "fr": {"C": "Communication", "M": "Militaire", "I": "Ingénierie"},
    "en": {"C": "Communication", "M": "Military", "I": "Engineering"},
}

#: noun phrases for :data:`Where`; effects say "dans <np>" / "in <np>"
WHERE_TEXT: dict[Lang, dict[str, str]] = {
    "fr": {
        "actor_zone": "votre zone",
        "adjacent_zone": "une zone voisine de la vôtre",
        "near_zone": "votre zone ou une zone voisine",
        "any_zone": "la zone de votre choix",
        "each_player_zone": "chaque zone où se trouve un joueur",
        "each_capital": "chaque capitale",
        "most_occupied": "la zone la plus occupée",
        "drawn_zone": "la zone d'un jeton tiré du sac Invasion",
        "objective_zone": "la zone d'un objectif révélé",
    },
    "en": {
        "actor_zone": "your zone",
        "adjacent_zone": "a zone next to yours",
        "near_zone": "your zone or a neighbouring one",
        "any_zone": "a zone of your choice",
        "each_player_zone": "every zone holding a player",
        "each_capital": "every capital",
        "most_occupied": "the most occupied zone",
        "drawn_zone": "the zone of a token drawn from the invasion bag",
        "objective_zone": "the zone of a revealed objective",
    },
}
#: places that only make sense when a player acts (not in an event, R8.1)
ACTOR_WHERE = frozenset({"actor_zone", "adjacent_zone", "near_zone"})
ACTOR_WHO = frozenset({"actor", "players_in_zone"})

#: subjects for :data:`Who` other than the actor (who is addressed as "vous"/"you")
WHO_TEXT: dict[Lang, dict[str, str]] = {
    "fr": {
        "any_player": "Un joueur de votre choix",
        "each_player": "Chaque joueur",
        "players_in_zone": "Chaque joueur de votre zone",
        "players_in_occupied_zones": "Chaque joueur se trouvant dans une zone occupée",
    },
    "en": {
        "any_player": "A player of your choice",
        "each_player": "Each player",
        "players_in_zone": "Each player in your zone",
        "players_in_occupied_zones": "Each player in an occupied zone",
    },
}

OBJECTIVE_TEXT: dict[Lang, dict[str, str]] = {
    "fr": {
        "base": "de la base",
        "general": "du général",
        "prisoner": "du prisonnier",
        "strategic": "de l'objectif stratégique",
        "any": "d'un objectif",
    },
    "en": {
        "base": "of the base",
        "general": "of the general",
        "prisoner": "of the prisoner",
        "strategic": "of the strategic objective",
        "any": "of an objective",
    },
}
CITY_TEXT: dict[Lang, dict[str, str]] = {
    "fr": {"capital": "une capitale", "town": "une ville", "village": "un village"},
    "en": {"capital": "a capital", "town": "a town", "village": "a village"},
}

HELD_SUFFIX: dict[Lang, str] = {
    "fr": " tant que cette carte est dans votre inventaire",
    "en": " while this card is in your inventory",
}


def _in(where: str, lang: Lang) -> str:
    return ("dans " if lang == "fr" else "in ") + WHERE_TEXT[lang][where]


def _from(where: str, lang: Lang) -> str:
    np = WHERE_TEXT[lang][where]
    if lang == "en":
        return "from " + np
    return ("d'" if np.startswith(("u", "a", "e", "é", "o", "i")) else "de ") + np


def _upto(count: int, lang: Lang) -> str:
    """``jusqu'à `` before a count above 1 (there may be fewer pieces to take)."""
    if count == 1:
        return ""
    return "jusqu'à " if lang == "fr" else "up to "


def _more(change: int, lang: Lang, fewer: str = "fewer") -> str:
    """``de plus``/``more`` after a count raised by ``change``, ``de moins``/``fewer`` after
    one lowered (English says "less" of a level or a time span)."""
    if lang == "fr":
        return "de plus" if change > 0 else "de moins"
    return "more" if change > 0 else fewer


def _by(who: str, lang: Lang, you: str, they: str) -> str:
    """``you`` when the actor does it, else the players :data:`WHO_TEXT` names then ``they``."""
    return you if who == "actor" else f"{WHO_TEXT[lang][who]} {they}"


# --------------------------------------------------------------------------- base


class _Entry(Model):
    """Parameters of one vocabulary entry, written ``{<key>: <parameters>}``."""

    key: ClassVar[str] = ""
    example: ClassVar[str] = ""
    #: the printed text per language, a ``str.format`` template over the parameters, for
    #: an entry that needs no more than that (the others override :meth:`text`)
    phrases: ClassVar[dict[Lang, str]] = {}

    def text(self, lang: Lang = "fr") -> str:
        return self.phrases[lang].format_map(dict(self))


class EffectPayload(_Entry):
    """Parameters of one effect; subclasses are the vocabulary (:data:`EFFECTS`)."""

    lasting: ClassVar[bool] = False
    #: the effect always concerns the acting player's zone, whatever its parameters
    actor: ClassVar[bool] = False

    def needs_actor(self) -> bool:
        """True when the effect refers to the acting player (impossible in an event)."""
        where = getattr(self, "where", None)
        who = getattr(self, "who", None)
        return self.actor or where in ACTOR_WHERE or who in ACTOR_WHO


class ConditionPayload(_Entry):
    """Parameters of one use condition; subclasses are :data:`CONDITIONS`."""


EFFECTS: dict[str, type[EffectPayload]] = {}
CONDITIONS: dict[str, type[ConditionPayload]] = {}

P = TypeVar("P", bound=EffectPayload)
C = TypeVar("C", bound=ConditionPayload)


def _effect(cls: type[P]) -> type[P]:
    EFFECTS[cls.key] = cls
    return cls


def _condition(cls: type[C]) -> type[C]:
    CONDITIONS[cls.key] = cls
    return cls


Count = Annotated[int, Field(ge=1, le=20, description="How many (1–20).")]


def _nonzero(value: int) -> int:
    if value == 0:
        raise ValueError("must not be 0 (the effect would do nothing)")
    return value


Delta = Annotated[
    int,
    Field(ge=-5, le=5, description="Signed change (−5…5, not 0)."),
    AfterValidator(_nonzero),
]


# ------------------------------------------------------------------ lasting effects


@_effect
class SkillBonus(EffectPayload):
    """Raises (or lowers) a skill level used in every test and draw count (R1.2)."""

    key: ClassVar[str] = "skill_bonus"
    example: ClassVar[str] = "{skill_bonus: {skill: I, amount: 1}}"
    lasting: ClassVar[bool] = True
    skill: Skill = Field(description="C (Communication), M (Military) or I (Engineering).")
    amount: Delta

    def text(self, lang: Lang = "fr") -> str:
        name = SKILL_NAMES[lang][self.skill]
        return f"{self.amount:+d} en {name}" if lang == "fr" else f"{self.amount:+d} {name}"


#: (one, many) of what a Recruit, Investigate or Search action draws (R5.2–R5.4), and of
#: the resistance cards drawn at the start of the players' phase (R6.2)
_PILES: dict[Lang, dict[str, tuple[str, str]]] = {
    "fr": {
        "recruit": ("jeton Personnage secondaire", "jetons Personnage secondaire"),
        "investigate": ("carte Indice", "cartes Indice"),
        "search": ("carte Objet", "cartes Objet"),
        "resistance": ("carte Résistance", "cartes Résistance"),
    },
    "en": {
        "recruit": ("secondary-character token", "secondary-character tokens"),
        "investigate": ("clue card", "clue cards"),
        "search": ("item card", "item cards"),
        "resistance": ("resistance card", "resistance cards"),
    },
}
#: an action as in "when you <verb>"
_ACTING: dict[Lang, dict[str, str]] = {
    "fr": {"recruit": "recrutez", "investigate": "enquêtez", "search": "fouillez"},
    "en": {"recruit": "recruit", "investigate": "investigate", "search": "search"},
}


@_effect
class DrawBonus(EffectPayload):
    """Changes how many tokens or cards a Recruit, Investigate or Search action draws
    (R5.2–R5.4), after the army malus."""

    key: ClassVar[str] = "draw_bonus"
    example: ClassVar[str] = "{draw_bonus: {action: search, amount: 1}}"
    lasting: ClassVar[bool] = True
    action: Action = Field(description="recruit, investigate or search.")
    amount: Delta

    def text(self, lang: Lang = "fr") -> str:
        one, many = _PILES[lang][self.action]
        verb = _ACTING[lang][self.action]
        n, more = abs(self.amount), _more(self.amount, lang)
        if lang == "fr":
            return f"Piochez {count_of(n, one, many)} {more} quand vous {verb}"
        return f"Draw {n} {more} {one if n == 1 else many} when you {verb}"


@_effect
class MoveRange(EffectPayload):
    """Lengthens the Move action: more roads, or more mountain paths (R5.1)."""

    key: ClassVar[str] = "move_range"
    example: ClassVar[str] = "{move_range: {roads: 1, mountain_paths: 1}}"
    lasting: ClassVar[bool] = True
    roads: int = Field(default=0, ge=0, le=5, description="Extra roads per move.")
    mountain_paths: int = Field(default=0, ge=0, le=3, description="Extra mountain paths.")

    @model_validator(mode="after")
    def _check(self) -> MoveRange:
        if self.roads == 0 and self.mountain_paths == 0:
            raise ValueError("give roads or mountain_paths (the effect would do nothing)")
        return self

    def text(self, lang: Lang = "fr") -> str:
        parts = []
        if lang == "fr":
            if self.roads:
                parts.append(f"{count_of(self.roads, 'route')} de plus")
            if self.mountain_paths:
                parts.append(
                    f"{count_of(self.mountain_paths, 'chemin de montagne', 'chemins de montagne')}"
                    " de plus"
                )
            return "Vos déplacements peuvent emprunter " + ", ou ".join(parts)
        if self.roads:
            parts.append(f"{self.roads} more {'road' if self.roads == 1 else 'roads'}")
        if self.mountain_paths:
            word = "mountain path" if self.mountain_paths == 1 else "mountain paths"
            parts.append(f"{self.mountain_paths} more {word}")
        return "Your moves may follow " + ", or ".join(parts)


@_effect
class MalusReduction(EffectPayload):
    """Reduces the army malus (R4.5) on the holder's skills, never below 0."""

    key: ClassVar[str] = "malus_reduction"
    example: ClassVar[str] = "{malus_reduction: {amount: 1}}"
    lasting: ClassVar[bool] = True
    amount: Count
    skills: list[Skill] = Field(
        default_factory=lambda: list(ALL_SKILLS), min_length=1, description="Default: all three."
    )

    def text(self, lang: Lang = "fr") -> str:
        subset = sorted(set(self.skills)) != ["C", "I", "M"]
        names = join_and([SKILL_NAMES[lang][s] for s in self.skills], lang)
        if lang == "fr":
            tail = f" en {names}" if subset else ""
            return f"Le malus de l'armée sur vos actions est réduit de {self.amount}{tail}"
        tail = f" for {names}" if subset else ""
        return f"The army malus on your actions is reduced by {self.amount}{tail}"


@_effect
class CraftRequirement(EffectPayload):
    """Changes the Engineering level a Craft action needs (R5.5: I − malus ≥ 4);
    D1.1 reads the I max-level bonus as ``delta: -1``."""

    key: ClassVar[str] = "craft_requirement"
    example: ClassVar[str] = "{craft_requirement: {delta: -1}}"
    lasting: ClassVar[bool] = True
    delta: Delta

    def text(self, lang: Lang = "fr") -> str:
        n, more = abs(self.delta), _more(self.delta, lang, fewer="less")
        if lang == "fr":
            return f"Fabriquer demande {count_of(n, 'niveau')} d'Ingénierie {more}"
        return f"Crafting needs {count_of(n, 'Engineering level')} {more}"


@_effect
class ResistanceDiscount(EffectPayload):
    """Resistance cards cost the holder fewer reputation cubes (R5.8); D1.1 reads
    the C max-level bonus as ``amount: 2``."""

    key: ClassVar[str] = "resistance_discount"
    example: ClassVar[str] = "{resistance_discount: {amount: 2}}"
    lasting: ClassVar[bool] = True
    amount: Count
    phrases: ClassVar[dict[Lang, str]] = {
        "fr": "Les cartes Résistance vous coûtent {amount} Réputation de moins à activer",
        "en": "Resistance cards cost you {amount} reputation less to activate",
    }


@_effect
class EliminateOfficers(EffectPayload):
    """The Eliminate action may remove officers as if they were soldiers (R9.6);
    D1.1: the M max-level bonus. Only allowed as a max-level bonus."""

    key: ClassVar[str] = "eliminate_officers"
    example: ClassVar[str] = "{eliminate_officers: {}}"
    lasting: ClassVar[bool] = True
    phrases: ClassVar[dict[Lang, str]] = {
        "fr": "Vous pouvez éliminer les officiers comme des soldats",
        "en": "You may eliminate officers as if they were soldiers",
    }


class _Reach(EffectPayload):
    """An action reaches up to ``distance`` zones away: :attr:`phrases` say it with
    ``{where}``, :attr:`reach` gives ``where`` at 1 zone and at ``{distance}`` zones."""

    lasting: ClassVar[bool] = True
    reach: ClassVar[dict[Lang, tuple[str, str]]]
    distance: int = Field(default=1, ge=1, le=2, description="1: neighbouring zones.")

    def text(self, lang: Lang = "fr") -> str:
        near, far = self.reach[lang]
        where = near if self.distance == 1 else far.format(distance=self.distance)
        return self.phrases[lang].format(where=where)


@_effect
class EliminateRange(_Reach):
    """The Eliminate action may target a zone up to ``distance`` zones away; the
    success test uses that zone's occupation (R5.6)."""

    key: ClassVar[str] = "eliminate_range"
    example: ClassVar[str] = "{eliminate_range: {distance: 1}}"
    phrases: ClassVar[dict[Lang, str]] = {
        "fr": "Vous pouvez éliminer un soldat dans {where}",
        "en": "You may eliminate a soldier in {where}",
    }
    reach: ClassVar[dict[Lang, tuple[str, str]]] = {
        "fr": (
            "une zone voisine de la vôtre",
            "une zone située à {distance} zones de la vôtre au plus",
        ),
        "en": ("a zone next to yours", "a zone up to {distance} zones away"),
    }


@_effect
class InventorySize(EffectPayload):
    """Changes how many cards the inventory holds (R5.4: 4)."""

    key: ClassVar[str] = "inventory_size"
    example: ClassVar[str] = "{inventory_size: {delta: 1}}"
    lasting: ClassVar[bool] = True
    delta: Delta

    def text(self, lang: Lang = "fr") -> str:
        n, more = abs(self.delta), _more(self.delta, lang)
        if lang == "fr":
            return f"Votre inventaire compte {count_of(n, 'emplacement')} {more}"
        return f"Your inventory holds {n} {more} {'card' if n == 1 else 'cards'}"


@_effect
class TransferRange(_Reach):
    """The Transfer action reaches players up to ``distance`` zones away (R5.9)."""

    key: ClassVar[str] = "transfer_range"
    example: ClassVar[str] = "{transfer_range: {distance: 1}}"
    phrases: ClassVar[dict[Lang, str]] = {
        "fr": "Vous pouvez transférer avec un joueur {where}",
        "en": "You may transfer to a player {where}",
    }
    reach: ClassVar[dict[Lang, tuple[str, str]]] = {
        "fr": ("d'une zone voisine", "situé à {distance} zones au plus"),
        "en": ("in a neighbouring zone", "up to {distance} zones away"),
    }


@_effect
class PlanningTokens(EffectPayload):
    """More planning tokens may be active at once (R5.10: one)."""

    key: ClassVar[str] = "planning_tokens"
    example: ClassVar[str] = "{planning_tokens: {amount: 1}}"
    lasting: ClassVar[bool] = True
    amount: Count

    def text(self, lang: Lang = "fr") -> str:
        n = self.amount
        if lang == "fr":
            return (
                f"Vous pouvez avoir {count_of(n, 'jeton')} Planification "
                f"{'actif' if n == 1 else 'actifs'} de plus"
            )
        return f"You may keep {n} more active planning {'token' if n == 1 else 'tokens'}"


# ----------------------------------------------------------------- one-off effects

EliminatedTo = Literal["eliminated", "reserve"]


class _Eliminate(EffectPayload):
    """Removes up to ``count`` pieces of one kind (:attr:`piece` names it) from the
    board, to the eliminated area or back to the reserve."""

    piece: ClassVar[dict[Lang, str]]
    count: Count
    where: Where = Field(default="actor_zone", description="Which zone(s).")
    to: EliminatedTo = Field(
        default="eliminated", description="eliminated (earns reputation, R7.2) or reserve."
    )

    def text(self, lang: Lang = "fr") -> str:
        verb, reserve = (
            ("Éliminez", " (ils retournent à la réserve, sans gain de Réputation)")
            if lang == "fr"
            else ("Eliminate", " (they return to the reserve, no reputation)")
        )
        pieces = count_of(self.count, self.piece[lang])
        text = f"{verb} {_upto(self.count, lang)}{pieces} {_in(self.where, lang)}"
        return text + reserve if self.to == "reserve" else text


@_effect
class RemoveSoldiers(_Eliminate):
    """Removes up to ``count`` soldiers; by default they go to the eliminated area
    and earn reputation at the end of the players' phase (R5.6, R7.2)."""

    key: ClassVar[str] = "remove_soldiers"
    example: ClassVar[str] = "{remove_soldiers: {count: 2, where: actor_zone}}"
    piece: ClassVar[dict[Lang, str]] = {"fr": "soldat", "en": "soldier"}


@_effect
class RemoveOfficer(_Eliminate):
    """Removes up to ``count`` officers (R9.6: only resistance cards and special
    items may do this); they go to the eliminated area by default."""

    key: ClassVar[str] = "remove_officer"
    example: ClassVar[str] = "{remove_officer: {count: 1, where: actor_zone}}"
    piece: ClassVar[dict[Lang, str]] = {"fr": "officier", "en": "officer"}
    count: Count = 1


@_effect
class AddSoldiers(EffectPayload):
    """Adds soldiers from the reserve; deployment and takeover apply as in an army
    action (R8.4, R8.5); an empty reserve is a defeat (D9.1)."""

    key: ClassVar[str] = "add_soldiers"
    example: ClassVar[str] = "{add_soldiers: {count: 2, where: drawn_zone}}"
    count: Count
    where: Where = Field(description="Which zone(s).")

    def text(self, lang: Lang = "fr") -> str:
        if lang == "fr":
            return (
                f"Ajoutez {count_of(self.count, 'soldat')} {_in(self.where, lang)}"
                " (déploiement si nécessaire)"
            )
        return f"Add {count_of(self.count, 'soldier')} {_in(self.where, lang)} (deploy if needed)"


@_effect
class PromoteSoldiers(EffectPayload):
    """Replaces soldiers by officers from the reserve; each officer placed draws a
    zone token of its region into the invasion bag (R8.5, R8.6). The most occupied
    zone is chosen by deployment order on ties (D8.2)."""

    key: ClassVar[str] = "promote_soldiers"
    example: ClassVar[str] = "{promote_soldiers: {count: 1, where: most_occupied}}"
    count: Count
    where: Where = Field(description="Which zone(s).")

    def text(self, lang: Lang = "fr") -> str:
        if lang == "fr":
            by = "un officier" if self.count == 1 else "des officiers"
            return f"Remplacez {count_of(self.count, 'soldat')} par {by} {_in(self.where, lang)}"
        word, by = ("soldier", "an officer") if self.count == 1 else ("soldiers", "officers")
        return f"Replace {self.count} {word} with {by} {_in(self.where, lang)}"


@_effect
class MoveFree(EffectPayload):
    """Players move as with the Move action (R5.1), or along up to ``roads`` roads,
    without spending an action."""

    key: ClassVar[str] = "move_free"
    example: ClassVar[str] = "{move_free: {who: players_in_zone, roads: 6}}"
    who: Who = Field(default="actor", description="Who moves.")
    roads: int | None = Field(
        default=None, ge=1, le=12, description="Road limit; default: a normal move (R5.1)."
    )

    def text(self, lang: Lang = "fr") -> str:
        if lang == "fr":
            head = _by(self.who, lang, "Vous pouvez vous déplacer", "peut se déplacer")
            along = f" le long de {self.roads} routes au plus" if self.roads else ""
            return f"{head}{along} sans dépenser d'action"
        head = _by(self.who, lang, "You may move", "may move")
        along = f" along up to {self.roads} roads" if self.roads else ""
        return f"{head}{along} without spending an action"


@_effect
class Reputation(EffectPayload):
    """Gives (or takes) reputation cubes from (to) the general supply (R1.1, R5.8)."""

    key: ClassVar[str] = "reputation"
    example: ClassVar[str] = "{reputation: {amount: 2}}"
    amount: Delta
    who: Who = Field(default="actor", description="Who gains or loses the cubes.")

    def text(self, lang: Lang = "fr") -> str:
        n = abs(self.amount)
        gain = self.amount > 0
        if lang == "fr":
            cubes = count_of(n, "cube Réputation", "cubes Réputation")
            you, they = ("Gagnez", "gagne") if gain else ("Perdez", "perd")
        else:
            cubes = count_of(n, "reputation cube")
            you, they = ("Gain", "gains") if gain else ("Lose", "loses")
        return _by(self.who, lang, f"{you} {cubes}", f"{they} {cubes}")


@_effect
class Speed(EffectPayload):
    """Moves the invasion-speed marker ``delta`` cells along the speed track
    (R2.5, R8.8, D2.2); negative slows the invasion. It stops at the track's ends."""

    key: ClassVar[str] = "speed"
    example: ClassVar[str] = "{speed: {delta: -1}}"
    delta: Delta

    def text(self, lang: Lang = "fr") -> str:
        n = abs(self.delta)
        if lang == "fr":
            verb = "Reculez" if self.delta < 0 else "Avancez"
            return f"{verb} le marqueur de vitesse d'invasion de {count_of(n, 'case')}"
        way = "back" if self.delta < 0 else "forward"
        return f"Move the invasion-speed marker {count_of(n, 'cell')} {way}"


@_effect
class PlaceReputationCube(EffectPayload):
    """Puts reputation cubes from the general supply on zones, which uses up their
    limited actions (R4.4, D4.2)."""

    key: ClassVar[str] = "place_reputation_cube"
    example: ClassVar[str] = "{place_reputation_cube: {count: 1, where: each_capital}}"
    count: Count = 1
    where: Where = Field(description="Which zone(s).")

    def text(self, lang: Lang = "fr") -> str:
        if lang == "fr":
            cubes = count_of(self.count, "cube Réputation", "cubes Réputation")
            return f"Placez {cubes} de la réserve {_in(self.where, lang)}"
        cubes = count_of(self.count, "reputation cube")
        return f"Place {cubes} from the supply {_in(self.where, lang)}"


@_effect
class RemoveReputationCubes(EffectPayload):
    """Takes reputation cubes off zones back to the supply, which frees their limited
    actions again (R4.4)."""

    key: ClassVar[str] = "remove_reputation_cubes"
    example: ClassVar[str] = "{remove_reputation_cubes: {count: 2, where: any_zone}}"
    count: Count
    where: Where = Field(default="actor_zone", description="Which zone(s).")

    def text(self, lang: Lang = "fr") -> str:
        if lang == "fr":
            cubes = count_of(self.count, "cube Réputation", "cubes Réputation")
            return f"Retirez jusqu'à {cubes} {_from(self.where, lang)}"
        return f"Remove up to {count_of(self.count, 'reputation cube')} {_from(self.where, lang)}"


@_effect
class SkipArmyAction(EffectPayload):
    """The army plays ``count`` fewer actions at the next invasion (R8.2)."""

    key: ClassVar[str] = "skip_army_action"
    example: ClassVar[str] = "{skip_army_action: {count: 1}}"
    count: Count

    def text(self, lang: Lang = "fr") -> str:
        if lang == "fr":
            actions = count_of(self.count, "action")
            return f"Lors de la prochaine invasion, l'armée joue {actions} de moins"
        word = "action" if self.count == 1 else "actions"
        return f"At the next invasion, the army plays {self.count} fewer {word}"


@_effect
class ArmyAction(EffectPayload):
    """The army plays ``count`` invasion actions at once (R8.3–R8.6)."""

    key: ClassVar[str] = "army_action"
    example: ClassVar[str] = "{army_action: {count: 1}}"
    count: Count

    def text(self, lang: Lang = "fr") -> str:
        if lang == "fr":
            actions = count_of(self.count, "action d'invasion", "actions d'invasion")
            return f"L'armée joue immédiatement {actions}"
        return f"The army immediately plays {count_of(self.count, 'invasion action')}"


@_effect
class ArmyMoves(EffectPayload):
    """Moves up to ``count`` soldiers from a zone to one neighbouring zone, without
    exceeding its max occupation (R4.3, D8.2 neighbours); no deployment follows."""

    key: ClassVar[str] = "army_moves"
    example: ClassVar[str] = "{army_moves: {count: 2, from: any_zone}}"
    count: Count
    from_: Where = Field(default="any_zone", alias="from", description="Source zone.")

    def text(self, lang: Lang = "fr") -> str:
        if lang == "fr":
            return (
                f"Déplacez jusqu'à {count_of(self.count, 'soldat')} {_from(self.from_, lang)} "
                "vers une zone voisine, sans dépasser son occupation maximale"
            )
        return (
            f"Move up to {count_of(self.count, 'soldier')} {_from(self.from_, lang)} to a neighbouring zone,"
            " within its max occupation"
        )

    def needs_actor(self) -> bool:
        return self.from_ in ACTOR_WHERE


@_effect
class DestroyBase(EffectPayload):
    """Destroys the enemy base in the actor's zone: the scenario's base objective is
    done (R5.7). Write it with an ``in_objective_zone`` condition."""

    key: ClassVar[str] = "destroy_base"
    example: ClassVar[str] = "{destroy_base: {}}"
    actor: ClassVar[bool] = True
    phrases: ClassVar[dict[Lang, str]] = {
        "fr": "Détruisez la base ennemie de cette zone",
        "en": "Destroy the enemy base in this zone",
    }


@_effect
class EliminateGeneral(EffectPayload):
    """Eliminates the enemy general: the scenario's general objective is done."""

    key: ClassVar[str] = "eliminate_general"
    example: ClassVar[str] = "{eliminate_general: {}}"
    actor: ClassVar[bool] = True
    phrases: ClassVar[dict[Lang, str]] = {
        "fr": "Éliminez le général ennemi",
        "en": "Eliminate the enemy general",
    }


@_effect
class FreePrisoner(EffectPayload):
    """Frees the prisoner held in the actor's zone: the scenario's prisoner
    objective is done."""

    key: ClassVar[str] = "free_prisoner"
    example: ClassVar[str] = "{free_prisoner: {}}"
    actor: ClassVar[bool] = True
    phrases: ClassVar[dict[Lang, str]] = {"fr": "Libérez le prisonnier", "en": "Free the prisoner"}


@_effect
class CompleteObjective(EffectPayload):
    """Completes the scenario objective of this kind revealed in the actor's zone, e.g. a
    strategic item used at its place; victory still waits for the end of the army phase
    (R9.2). An objective that names its item (``item: bomb``) is done by that item
    alone: another card's effect leaves it as it is (validation warns, as the card would
    read otherwise). Say which objectives the card completes with ``objective``."""

    key: ClassVar[str] = "complete_objective"
    example: ClassVar[str] = "{complete_objective: {objective: strategic}}"
    actor: ClassVar[bool] = True
    objective: ObjectiveKind = Field(
        default="any",
        description="Which objectives it completes: base, general, prisoner, strategic or "
        "any (an objective that names another item stays reserved to it).",
    )

    def text(self, lang: Lang = "fr") -> str:
        k = self.objective
        if lang == "fr":
            if k == "any":
                return "Accomplissez l'objectif de cette zone"
            if k == "strategic":
                return "Accomplissez l'objectif stratégique de cette zone"
            return f"Accomplissez l'objectif de cette zone (celui {OBJECTIVE_TEXT[lang][k]})"
        if k == "any":
            return "Complete the objective in this zone"
        if k == "strategic":
            return "Complete the strategic objective in this zone"
        return f"Complete the objective in this zone (the one {OBJECTIVE_TEXT[lang][k]})"


@_effect
class JoinSquad(EffectPayload):
    """A freed character joins the actor's squad as a secondary character: on the first
    free slot whose number is at most its value in that skill (R5.2), C then M then I;
    with no such slot it cannot join. E.g. scenario 3's engineer, once freed."""

    key: ClassVar[str] = "join_squad"
    example: ClassVar[str] = "{join_squad: {C: 2, M: 1, I: 4}}"
    actor: ClassVar[bool] = True
    C: int = Field(ge=0, le=4, description="Communication value.")
    M: int = Field(ge=0, le=4, description="Military value.")
    I: int = Field(ge=0, le=4, description="Engineering value.")  # noqa: E741

    def text(self, lang: Lang = "fr") -> str:
        values = f"C {self.C}, M {self.M}, I {self.I}"
        if lang == "fr":
            return f"Le personnage libéré rejoint votre escouade ({values})"
        return f"The freed character joins your squad ({values})"


class _DrawKeep(EffectPayload):
    """Draws ``draw`` cards or tokens of :attr:`pile` (:data:`_PILES`) and keeps
    ``keep``; :attr:`phrases` say it with ``{cards}``, ``{keep}`` and ``{s}`` (plural)."""

    pile: ClassVar[str]
    phrases: ClassVar[dict[Lang, str]] = {
        "fr": "Piochez {cards} et gardez-en {keep}",
        "en": "Draw {cards} and keep {keep}",
    }
    draw: Count
    keep: Count = 1

    @model_validator(mode="after")
    def _check(self) -> _DrawKeep:
        if self.keep > self.draw:
            raise ValueError(f"keep ({self.keep}) cannot exceed draw ({self.draw})")
        return self

    def text(self, lang: Lang = "fr") -> str:
        cards = count_of(self.draw, *_PILES[lang][self.pile])
        return self.phrases[lang].format(cards=cards, keep=self.keep, s="s" * (self.keep > 1))


@_effect
class DrawClues(_DrawKeep):
    """Draws clue cards and keeps some, like Investigate without its limit or
    malus; kept clues join the pool (R5.3)."""

    key: ClassVar[str] = "draw_clues"
    example: ClassVar[str] = "{draw_clues: {draw: 3, keep: 1}}"
    pile: ClassVar[str] = "investigate"


@_effect
class DrawItems(_DrawKeep):
    """Draws item cards and keeps some in the actor's inventory, like Search
    without its limit or malus (R5.4)."""

    key: ClassVar[str] = "draw_items"
    example: ClassVar[str] = "{draw_items: {draw: 3, keep: 1}}"
    actor: ClassVar[bool] = True
    pile: ClassVar[str] = "search"


@_effect
class DrawRecruits(_DrawKeep):
    """Draws secondary-character tokens and recruits some, like Recruit without its
    limit or malus (R5.2)."""

    key: ClassVar[str] = "draw_recruits"
    example: ClassVar[str] = "{draw_recruits: {draw: 3, keep: 1}}"
    actor: ClassVar[bool] = True
    pile: ClassVar[str] = "recruit"
    phrases: ClassVar[dict[Lang, str]] = {
        "fr": "Piochez {cards} et recrutez-en {keep}",
        "en": "Draw {cards} and recruit {keep}",
    }


@_effect
class DrawResistance(_DrawKeep):
    """Draws resistance cards and makes some available, as at the start of the
    players' phase (R6.2)."""

    key: ClassVar[str] = "draw_resistance"
    example: ClassVar[str] = "{draw_resistance: {draw: 2, keep: 1}}"
    pile: ClassVar[str] = "resistance"
    phrases: ClassVar[dict[Lang, str]] = {
        "fr": "Piochez {cards} et rendez-en {keep} disponible{s}",
        "en": "Draw {cards} and make {keep} available",
    }


@_effect
class FreeActions(EffectPayload):
    """Players take actions without advancing their action counter, so the army does not
    answer them (R7.1) and, the counters not moving, they stay outside R5.0's 2-action
    spread (D5.5); they still take time: the team's budget counts them (D10.1)."""

    key: ClassVar[str] = "free_actions"
    example: ClassVar[str] = "{free_actions: {count: 2, who: any_player}}"
    count: Count
    who: Who = Field(default="actor", description="Who acts.")

    def text(self, lang: Lang = "fr") -> str:
        acts = count_of(self.count, "action")
        if lang == "fr":
            return _by(
                self.who,
                lang,
                f"Vous pouvez réaliser {acts} sans avancer votre compteur d'actions, même "
                "avec 2 actions d'avance",
                f"peut réaliser {acts} sans avancer son compteur d'actions, même avec 2 "
                "actions d'avance",
            )
        return _by(
            self.who,
            lang,
            f"You may take {acts} without advancing your action counter, even 2 actions "
            "ahead",
            f"may take {acts} without advancing their action counter, even 2 actions ahead",
        )


@_effect
class RemoveZoneTokens(EffectPayload):
    """Takes zone tokens (the players' choice) out of the invasion bag and puts them
    back on their region's pile (R2.4, R8.3)."""

    key: ClassVar[str] = "remove_zone_tokens"
    example: ClassVar[str] = "{remove_zone_tokens: {count: 1}}"
    count: Count

    def text(self, lang: Lang = "fr") -> str:
        if lang == "fr":
            if self.count == 1:
                return (
                    "Retirez 1 jeton Zone du sac Invasion et remettez-le dans la pioche"
                    " de sa région"
                )
            return (
                f"Retirez {self.count} jetons Zone du sac Invasion et remettez-les dans la"
                " pioche de leur région"
            )
        if self.count == 1:
            return "Take 1 zone token out of the invasion bag and put it back on its region's pile"
        return (
            f"Take {self.count} zone tokens out of the invasion bag and put them back on their"
            " regions' piles"
        )


@_effect
class AddZoneTokens(EffectPayload):
    """Draws zone tokens from region piles into the invasion bag (as R8.6 does)."""

    key: ClassVar[str] = "add_zone_tokens"
    example: ClassVar[str] = "{add_zone_tokens: {count: 2, region: random}}"
    count: Count
    region: Literal["random", "each"] = Field(
        default="random", description="random: one region drawn at random; each: every region."
    )

    def text(self, lang: Lang = "fr") -> str:
        if lang == "fr":
            pile = (
                "la pioche d'une région tirée au hasard"
                if self.region == "random"
                else "la pioche de chaque région"
            )
            them = "ajoutez-le" if self.count == 1 and self.region == "random" else "ajoutez-les"
            return (
                f"Piochez {count_of(self.count, 'jeton Zone', 'jetons Zone')} dans {pile} et {them}"
                " au sac Invasion"
            )
        pile = "the pile of a random region" if self.region == "random" else "every region's pile"
        them = "it" if self.count == 1 and self.region == "random" else "them"
        tokens = count_of(self.count, "zone token")
        return f"Draw {tokens} from {pile} and add {them} to the invasion bag"


@_effect
class DiscardItems(EffectPayload):
    """Players discard item cards of their choice from their inventory (R5.4), never a
    crafted special item (R5.7)."""

    key: ClassVar[str] = "discard_items"
    example: ClassVar[str] = "{discard_items: {count: 1, who: players_in_occupied_zones}}"
    count: Count = 1
    who: Who = Field(default="each_player", description="Who discards.")

    def text(self, lang: Lang = "fr") -> str:
        if lang == "fr":
            cards = count_of(self.count, "carte Objet", "cartes Objet")
            return _by(self.who, lang, f"Défaussez {cards}", f"défausse {cards}")
        cards = count_of(self.count, "item card")
        return _by(self.who, lang, f"Discard {cards}", f"discards {cards}")


@_effect
class DiscardResistance(EffectPayload):
    """Discards available resistance cards (the players' choice); cubes on them go
    back to the supply (R5.8)."""

    key: ClassVar[str] = "discard_resistance"
    example: ClassVar[str] = "{discard_resistance: {count: 1}}"
    count: Count = 1

    def text(self, lang: Lang = "fr") -> str:
        if lang == "fr":
            cards = count_of(
                self.count, "carte Résistance disponible", "cartes Résistance disponibles"
            )
            return f"Défaussez {cards} ; les cubes posés dessus sont perdus"
        return f"Discard {count_of(self.count, 'available resistance card')}; cubes on it are lost"


@_effect
class Timer(EffectPayload):
    """Lengthens or shortens the next players' phase (R10.1); in simulation the
    action budget scales in proportion (D10.1)."""

    key: ClassVar[str] = "timer"
    example: ClassVar[str] = "{timer: {seconds: -60}}"
    seconds: Annotated[int, AfterValidator(_nonzero)] = Field(
        ge=-300, le=300, description="Signed change, seconds."
    )

    def text(self, lang: Lang = "fr") -> str:
        s, more = abs(self.seconds), _more(self.seconds, lang, fewer="less")
        if lang == "fr":
            span = count_of(s // 60, "minute") if s % 60 == 0 else count_of(s, "seconde")
            return f"La prochaine phase des joueurs dure {span} {more}"
        span = count_of(s // 60, "minute") if s % 60 == 0 else count_of(s, "second")
        return f"The next players' phase lasts {span} {more}"


# --------------------------------------------------------------------- conditions


@_condition
class SkillTest(ConditionPayload):
    """Success test of a use: skill − army malus ≥ ``at_least`` (R4.5, R5.7)."""

    key: ClassVar[str] = "test"
    example: ClassVar[str] = "{test: {skill: M, at_least: 3}}"
    skill: Skill = Field(description="C, M or I.")
    at_least: int = Field(ge=0, le=9, description="Level needed after the army malus.")

    def text(self, lang: Lang = "fr") -> str:
        name = SKILL_NAMES[lang][self.skill]
        if lang == "fr":
            return f"Réussite si {name} − malus ≥ {self.at_least}"
        return f"Succeeds if {name} − malus ≥ {self.at_least}"


@_condition
class InObjectiveZone(ConditionPayload):
    """The actor stands in the zone of a revealed objective of this kind (R6.1), or
    up to ``within`` zones away."""

    key: ClassVar[str] = "in_objective_zone"
    example: ClassVar[str] = "{in_objective_zone: {objective: base}}"
    objective: ObjectiveKind = Field(description="base, general, prisoner or any.")
    within: int = Field(default=0, ge=0, le=2, description="0: that very zone.")

    def text(self, lang: Lang = "fr") -> str:
        of = OBJECTIVE_TEXT[lang][self.objective]
        if lang == "fr":
            near = {0: "", 1: " ou une zone voisine"}.get(
                self.within, f" ou à {self.within} zones au plus"
            )
            return f"Dans la zone {of}{near}"
        near = {0: "", 1: " or a neighbouring one"}.get(
            self.within, f" or up to {self.within} zones away"
        )
        return f"In the zone {of}{near}"


@_condition
class InCity(ConditionPayload):
    """The actor stands in a city of one of these sizes (R0.1, R4.1)."""

    key: ClassVar[str] = "in_city"
    example: ClassVar[str] = "{in_city: {sizes: [capital, town]}}"
    sizes: list[CitySize] = Field(min_length=1, description="capital, town, village.")

    def text(self, lang: Lang = "fr") -> str:
        names = [CITY_TEXT[lang][s] for s in self.sizes]
        joined = (" ou " if lang == "fr" else " or ").join(names)
        return f"{'Dans' if lang == 'fr' else 'In'} {joined}"


# ------------------------------------------------------------ single-key wrappers


class _OneKey(Model):
    """A written entry: a mapping with one key, the entry's name (a generated field)."""

    @property
    def key(self) -> str:
        return next(iter(type(self).model_fields))


class EffectBase(_OneKey):
    """One written effect: ``{<key>: <parameters>}`` (a generated subclass per key)."""

    @model_validator(mode="before")
    @classmethod
    def _bare_key(cls, data: Any) -> Any:
        # ``- destroy_base:`` (no value) means "no parameters"
        if isinstance(data, dict) and len(data) == 1:
            k, v = next(iter(data.items()))
            if v is None:
                return {k: {}}
        return data

    @property
    def payload(self) -> EffectPayload:
        value = getattr(self, self.key)
        assert isinstance(value, EffectPayload)
        return value

    def text(self, lang: Lang = "fr", context: Context = "card") -> str:
        return render(self, lang, context)


class ConditionBase(_OneKey):
    """One written condition: ``{<key>: <parameters>}``."""

    @property
    def payload(self) -> ConditionPayload:
        value = getattr(self, self.key)
        assert isinstance(value, ConditionPayload)
        return value

    def text(self, lang: Lang = "fr") -> str:
        return self.payload.text(lang)


def _first_line(doc: str | None) -> str:
    return " ".join((doc or "").split())


def _wrappers(
    registry: dict[str, type[Any]], base: type[BaseModel], suffix: str
) -> dict[str, type[Any]]:
    out: dict[str, type[Any]] = {}
    for key, payload in registry.items():
        out[key] = create_model(  # type: ignore[call-overload]
            payload.__name__ + suffix,
            __base__=base,
            __doc__=payload.__doc__,
            __module__=__name__,
            **{key: (payload, Field(description=_first_line(payload.__doc__)))},
        )
        # a module attribute under its own name, so that pickle finds the class
        globals()[out[key].__name__] = out[key]
    return out


EFFECT_MODELS: dict[str, type[EffectBase]] = _wrappers(EFFECTS, EffectBase, "Effect")
CONDITION_MODELS: dict[str, type[ConditionBase]] = _wrappers(CONDITIONS, ConditionBase, "Condition")
_TAGS = {key: EFFECTS[key].__name__ for key in EFFECTS}
_CTAGS = {key: CONDITIONS[key].__name__ for key in CONDITIONS}


def _tag_of(tags: dict[str, str], base: type[BaseModel]) -> Callable[[Any], str | None]:
    def tag(value: Any) -> str | None:
        if isinstance(value, base):
            return tags.get(next(iter(type(value).model_fields)))
        if isinstance(value, dict) and len(value) == 1:
            return tags.get(next(iter(value)))
        return None

    return tag


class _Mark:
    """Marks the Effect / Condition annotations so :func:`check_keys` finds them."""

    def __init__(self, what: str):
        self.what = what

    def __repr__(self) -> str:
        return f"<{self.what}>"


EFFECT_MARK = _Mark("effect")
CONDITION_MARK = _Mark("condition")

if TYPE_CHECKING:
    Effect = EffectBase
    Condition = ConditionBase
else:
    Effect = Annotated[
        Union[tuple(Annotated[m, Tag(_TAGS[k])] for k, m in EFFECT_MODELS.items())],  # noqa: UP007
        Discriminator(_tag_of(_TAGS, EffectBase)),
        EFFECT_MARK,
    ]
    Condition = Annotated[
        Union[tuple(Annotated[m, Tag(_CTAGS[k])] for k, m in CONDITION_MODELS.items())],  # noqa: UP007
        Discriminator(_tag_of(_CTAGS, ConditionBase)),
        CONDITION_MARK,
    ]


def make_effect(key: str, **params: Any) -> EffectBase:
    """Build an effect in code: ``make_effect("reputation", amount=2)``."""
    return EFFECT_MODELS[key].model_validate({key: params})


@functools.cache
def _adapters() -> tuple[TypeAdapter[EffectBase], TypeAdapter[ConditionBase]]:
    return TypeAdapter(Effect), TypeAdapter(Condition)


def parse_effect(data: Any) -> EffectBase:
    """Validate one effect written as data (raises pydantic's ValidationError)."""
    return _adapters()[0].validate_python(data)


def parse_condition(data: Any) -> ConditionBase:
    """Validate one condition written as data (raises pydantic's ValidationError)."""
    return _adapters()[1].validate_python(data)


# ---------------------------------------------------------------------- rendering


def render(effect: EffectBase | EffectPayload, lang: Lang = "fr", context: Context = "card") -> str:
    """The printed text of one effect, without final full stop.

    >>> render(make_effect("skill_bonus", skill="I", amount=1), "fr", "item")
    '+1 en Ingénierie tant que cette carte est dans votre inventaire'
    """
    payload = effect.payload if isinstance(effect, EffectBase) else effect
    text = payload.text(lang)
    if context == "item" and payload.lasting:
        text += HELD_SUFFIX[lang]
    return text


def render_effects(
    effects: Iterable[EffectBase | EffectPayload], lang: Lang = "fr", context: Context = "card"
) -> str:
    """The printed text of a list of effects, as sentences. On an item card the
    lasting effects share one "while held" ending."""
    payloads = [e.payload if isinstance(e, EffectBase) else e for e in effects]
    if context == "item":
        lasting = [p.text(lang) for p in payloads if p.lasting]
        once = [p.text(lang) for p in payloads if not p.lasting]
        parts = []
        if lasting:
            parts.append(", ".join(lasting) + HELD_SUFFIX[lang] + ".")
        parts.extend(t + "." for t in once)
        return " ".join(parts)
    return " ".join(render(p, lang, context) + "." for p in payloads)


def render_conditions(conditions: Iterable[ConditionBase], lang: Lang = "fr") -> str:
    """``Dans la zone de la base ; réussite si Ingénierie − malus ≥ 1``."""
    texts = [c.payload.text(lang) for c in conditions]
    if not texts:
        return ""
    sep = " ; " if lang == "fr" else "; "
    joined = texts[0] + "".join(sep + low(t) for t in texts[1:])
    return cap(joined)


# ----------------------------------------------------------------- documentation


def _example_text(cls: type[EffectPayload] | type[ConditionPayload], lang: Lang) -> str:
    data = yaml.safe_load(cls.example)
    if issubclass(cls, EffectPayload):
        return render(parse_effect(data), lang)
    return parse_condition(data).text(lang)


def effects_doc() -> str:
    """Every effect and condition with its meaning, example and printed text
    (Markdown, for the README and the schema docs)."""
    lines = ["# Effect vocabulary", ""]
    lines += [
        "An effect is a mapping with one key, its name: `- reputation: {amount: 2}`.",
        "Lasting effects apply while an item is held, or always on a character sheet;",
        "one-off effects resolve once (resistance card, special item, event).",
        "",
    ]
    for title, registry in (("Effects", EFFECTS), ("Conditions (special-item use)", CONDITIONS)):
        lines += [f"## {title}", ""]
        for key, cls in registry.items():
            kind = ""
            if issubclass(cls, EffectPayload):
                kind = " (lasting)" if cls.lasting else " (one-off)"
            lines.append(f"### `{key}`{kind}")
            lines.append("")
            lines.append(_first_line(cls.__doc__))
            lines.append("")
            params = [
                f"`{f.alias or name}`" + ("" if f.is_required() else " (optional)")
                for name, f in cls.model_fields.items()
            ]
            if params:
                lines.append("Parameters: " + ", ".join(params) + ".")
                lines.append("")
            lines.append("```yaml")
            lines.append(f"- {cls.example[1:-1]}")
            lines.append("```")
            lines.append("")
            lines.append(f"- fr: {_example_text(cls, 'fr')}")
            lines.append(f"- en: {_example_text(cls, 'en')}")
            lines.append("")
    return "\n".join(lines)


# ------------------------------------------------------------ located key checks

DataPath = tuple[str | int, ...]
_LIST_HINT = "run `python -m authoring.model.effects` for the whole vocabulary"


def check_keys(
    model: type[BaseModel], data: Any, doc: YamlDoc, report: Report, base: DataPath = ()
) -> list[DataPath]:
    """Report every effect or condition whose key is not in the vocabulary (or that
    is not a one-key mapping), at its place, with "did you mean"; return their paths
    so that the schema errors pydantic raises for the same nodes can be dropped."""
    bad: list[DataPath] = []
    _walk(model, data, base, doc, report, bad)
    return bad


def _check_entry(
    what: str,
    registry: dict[str, Any],
    value: Any,
    path: DataPath,
    doc: YamlDoc,
    report: Report,
    bad: list[DataPath],
) -> None:
    example = next(iter(registry.values())).example
    if not isinstance(value, dict) or not value:
        shown = "a list" if isinstance(value, list) else repr(value)
        report.error(
            doc.span(path),
            f"{what}-shape",
            f"{human_path(path)}: an {what} is a mapping with one key, its name; got {shown}",
            f"for example: {example}",
        )
        bad.append(path)
        return
    if len(value) > 1:
        names = ", ".join(f"'{k}'" for k in value)
        report.error(
            doc.span(path),
            f"{what}-shape",
            f"{human_path(path)}: an {what} has exactly one key, got {len(value)}: {names}",
            f"write each {what} as its own list item",
        )
        bad.append(path)
        return
    key = next(iter(value))
    if key not in registry:
        best = did_you_mean(str(key), registry)
        mean = f" (did you mean '{best}'?)" if best else ""
        report.error(
            doc.span((*path, key), key=True),
            f"{what}-unknown",
            f"unknown {what} '{key}'{mean}",
            _LIST_HINT,
        )
        bad.append(path)
        return
    _walk(registry[key], value[key], (*path, key), doc, report, bad)


def _walk(
    annotation: Any,
    data: Any,
    path: DataPath,
    doc: YamlDoc,
    report: Report,
    bad: list[DataPath],
    metadata: Sequence[Any] = (),
) -> None:
    if data is None:
        return
    if EFFECT_MARK in metadata:
        _check_entry("effect", EFFECTS, data, path, doc, report, bad)
        return
    if CONDITION_MARK in metadata:
        _check_entry("condition", CONDITIONS, data, path, doc, report, bad)
        return
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is Annotated:
        _walk(args[0], data, path, doc, report, bad, annotation.__metadata__)
    elif origin in (Union, types.UnionType):
        for arg in args:
            _walk(arg, data, path, doc, report, bad)
    elif origin in (list, set, frozenset) and isinstance(data, list) and args:
        for i, item in enumerate(data):
            _walk(args[0], item, (*path, i), doc, report, bad)
    elif origin is dict and isinstance(data, dict) and len(args) == 2:
        for k, item in data.items():
            _walk(args[1], item, (*path, k), doc, report, bad)
    elif (
        isinstance(annotation, type)
        and issubclass(annotation, BaseModel)
        and isinstance(data, dict)
    ):
        for name, f in annotation.model_fields.items():
            key = f.alias or name
            if key in data:
                _walk(f.annotation, data[key], (*path, key), doc, report, bad, f.metadata)


if __name__ == "__main__":  # pragma: no cover - documentation printer
    print(effects_doc())
