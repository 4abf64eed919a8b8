"""The static game: a loaded scenario, a player count, a difficulty and the decisions,
turned once into integer tables the rules read on hot paths (OpenSpiel's ``Game``).

A :class:`Game` never changes during play; the live :class:`~authoring.engine.state.State`
holds everything that does. ``Game.create`` checks its arguments (player count R0.4,
difficulty R2.2, characters R2.3, decisions D…) and says what is wrong in the designer's
words (:class:`GameError`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from authoring.io.diagnostics import suggestion
from authoring.io.errors import ResistanceError
from authoring.io.wording import text_of
from authoring.model import effects as fx
from authoring.model.game import GameModel
from authoring.model.rules import (
    ACTION_MARGIN,
    BOX_DEFAULTS,
    CRAFT_THRESHOLD,
    LEVELS,
    PLANNING_ACTIVE,
    PLAYER_COUNTS,
    SKILLS,
    resolve_decisions,
)
from authoring.model.schema import scenario as sc
from authoring.model.schema.content import (
    Character,
    EventCard,
    Item,
    RecruitToken,
    ResistanceCard,
    SpecialItem,
)
from authoring.model.topology import Topology

#: objective kinds as the ``in_objective_zone`` condition names them
OBJECTIVE_KINDS: Mapping[str, str] = {
    "locate_and_destroy_base": "base",
    "locate_and_eliminate_general": "general",
    "free_character": "prisoner",
    "craft_strategic_item": "strategic",
}
SKILL_INDEX: Final[Mapping[str, int]] = {s: i for i, s in enumerate(SKILLS)}
DrawKind = Literal["recruit", "investigate", "search"]
#: the actions that draw (R5.2–R5.4), in the order of draw counts
DRAW_ACTIONS: Final[tuple[DrawKind, ...]] = ("recruit", "investigate", "search")


class GameError(ResistanceError):
    """The game cannot be set up with these arguments (the message says why)."""


class Mods:
    """Lasting effects added up (an item held, an ability, a max-level bonus): R1.2–R1.3,
    R4.5, R5.1–R5.10 as changed by the effect vocabulary. A value: never changed once made
    (its fields are Final), equal and hashed by its fields (a memo key).

    Written out rather than a frozen dataclass: the compiled engine makes and hashes one
    on hot paths, and a dataclass's generated ``__init__``/``__hash__`` run as Python.

    >>> Mods(skill=(1, 0, 0)) + Mods(planning=1) == Mods(skill=(1, 0, 0), planning=1)
    True
    """

    # (the three-int fields are typed tuple[int, ...]: mypyc keeps a fixed-length tuple
    # unboxed and builds a new tuple object at each read of the field)
    def __init__(self, skill: tuple[int, ...] = (0, 0, 0),  # C, M, I
                 draw: tuple[int, ...] = (0, 0, 0),  # recruit, investigate, search
                 move_roads: int = 0, move_paths: int = 0,
                 malus_reduction: tuple[int, ...] = (0, 0, 0),  # C, M, I
                 craft_delta: int = 0, resistance_discount: int = 0,
                 eliminate_officers: bool = False, eliminate_range: int = 0,
                 inventory: int = 0, transfer_range: int = 0, planning: int = 0) -> None:
        self.skill: Final = skill
        self.draw: Final = draw
        self.move_roads: Final = move_roads
        self.move_paths: Final = move_paths
        self.malus_reduction: Final = malus_reduction
        self.craft_delta: Final = craft_delta
        self.resistance_discount: Final = resistance_discount
        self.eliminate_officers: Final = eliminate_officers
        self.eliminate_range: Final = eliminate_range
        self.inventory: Final = inventory
        self.transfer_range: Final = transfer_range
        self.planning: Final = planning

    def _fields(self) -> tuple[Any, ...]:
        return (self.skill, self.draw, self.move_roads, self.move_paths,
                self.malus_reduction, self.craft_delta, self.resistance_discount,
                self.eliminate_officers, self.eliminate_range, self.inventory,
                self.transfer_range, self.planning)

    def __eq__(self, o: object) -> bool:
        if not isinstance(o, Mods):
            return NotImplemented
        return self._fields() == o._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __reduce__(self) -> tuple[type[Mods], tuple[Any, ...]]:
        # (a copy or a pickle: made again from the fields, which the compiled class does
        # not let be set afterwards)
        return Mods, self._fields()

    def __repr__(self) -> str:
        names = ("skill", "draw", "move_roads", "move_paths", "malus_reduction",
                 "craft_delta", "resistance_discount", "eliminate_officers",
                 "eliminate_range", "inventory", "transfer_range", "planning")
        shown = ", ".join(f"{k}={v!r}" for k, v in zip(names, self._fields(), strict=True))
        return f"Mods({shown})"

    def __add__(self, o: Mods) -> Mods:
        def add3(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
            return (a[0] + b[0], a[1] + b[1], a[2] + b[2])

        return Mods(
            add3(self.skill, o.skill),
            add3(self.draw, o.draw),
            self.move_roads + o.move_roads,
            self.move_paths + o.move_paths,
            add3(self.malus_reduction, o.malus_reduction),
            self.craft_delta + o.craft_delta,
            self.resistance_discount + o.resistance_discount,
            self.eliminate_officers or o.eliminate_officers,
            max(self.eliminate_range, o.eliminate_range),
            self.inventory + o.inventory,
            max(self.transfer_range, o.transfer_range),
            self.planning + o.planning,
        )


NO_MODS: Final = Mods()


def lasting_mods(effects: Sequence[Any]) -> Mods:
    """The lasting effects of a list (held item, ability, max-level bonus) as :class:`Mods`;
    one-off effects in the list are not lasting and add nothing here."""
    m = NO_MODS
    for e in effects:
        p = e.payload if isinstance(e, fx.EffectBase) else e
        if isinstance(p, fx.SkillBonus):
            s = [0, 0, 0]
            s[SKILL_INDEX[p.skill]] = p.amount
            m = m + Mods(skill=(s[0], s[1], s[2]))
        elif isinstance(p, fx.DrawBonus):
            d = [0, 0, 0]
            d[DRAW_ACTIONS.index(p.action)] = p.amount
            m = m + Mods(draw=(d[0], d[1], d[2]))
        elif isinstance(p, fx.MoveRange):
            m = m + Mods(move_roads=p.roads, move_paths=p.mountain_paths)
        elif isinstance(p, fx.MalusReduction):
            skills: list[str] = list(p.skills) if p.skills else list(SKILLS)
            r = tuple(p.amount if s in skills else 0 for s in SKILLS)
            m = m + Mods(malus_reduction=(r[0], r[1], r[2]))
        elif isinstance(p, fx.CraftRequirement):
            m = m + Mods(craft_delta=p.delta)
        elif isinstance(p, fx.ResistanceDiscount):
            m = m + Mods(resistance_discount=p.amount)
        elif isinstance(p, fx.EliminateOfficers):
            m = m + Mods(eliminate_officers=True)
        elif isinstance(p, fx.EliminateRange):
            m = m + Mods(eliminate_range=p.distance)
        elif isinstance(p, fx.InventorySize):
            m = m + Mods(inventory=p.delta)
        elif isinstance(p, fx.TransferRange):
            m = m + Mods(transfer_range=p.distance)
        elif isinstance(p, fx.PlanningTokens):
            m = m + Mods(planning=p.amount)
    return m


@dataclass(frozen=True)
class CharacterInfo:
    """A character sheet as numbers (R1): per skill its initial level and slot numbers."""

    id: str
    name: str
    initial: tuple[int, ...]  # C, M, I (typed as Mods' fields are)
    slots: tuple[tuple[int, ...], ...]  # per skill (C, M, I)
    inventory: int
    actions: int
    reputation: int
    ability: Mods
    max_bonus: tuple[Mods, Mods, Mods]

    def max_level(self, skill: int) -> int:
        """The highest level ``skill`` reaches with every slot filled (R1.2)."""
        return self.initial[skill] + len(self.slots[skill])


@dataclass(frozen=True)
class ObjectiveInfo:
    """One scenario objective (R9.2) as the engine plays it."""

    index: int
    id: str
    kind: str  # base, general, prisoner, strategic
    candidates: int  # bitset of allowed places (D6.1)
    markers: int  # places to reveal (a base objective may have several)
    item: int  # special item index, or -1
    military: int  # the general: Military - malus needed (eliminate him in his zone)
    on_reveal: int  # effect list id
    on_done: int  # effect list id
    text: str


@dataclass(frozen=True)
class Game:
    """A scenario ready to play (see the module docstring). Build with :meth:`create`."""

    model: GameModel
    players: int
    difficulty: str
    #: decision id -> the option played (a dict: the rules read it on hot paths)
    decisions: dict[str, str]
    characters: tuple[int, ...] | None  # chosen sheets, or None: dealt at random (R2.3)
    action_budget: int | None  # D10.1: team actions per players' phase; None: players stop
    topo: Topology
    #: the number of zones (``topo.n``, read by every move and elimination check)
    zone_count: int
    #: the zone ids (``topo.ids``, read here by every log line that names a zone: the
    #: topology is a Python class, this tuple a field of the compiled one)
    zone_ids: tuple[str, ...]
    max_occupation: tuple[int, ...]
    speed_track: tuple[int, ...]
    speed_start: int
    timer_minutes: float
    army_column: tuple[int, ...]
    box_soldiers: int
    officers: int
    cubes: int
    setup_soldiers: tuple[int, ...]
    setup_officers: tuple[int, ...]
    setup_cubes: tuple[int, ...]
    start_zones: tuple[int, ...]
    bag: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    character_info: tuple[CharacterInfo, ...]
    items: tuple[Item, ...]
    #: the printed (French) title of each item, special item and resistance card, read
    #: once here for the log lines
    item_titles: tuple[str, ...]
    item_mods: tuple[Mods, ...]
    item_deck: tuple[int, ...]
    specials: tuple[SpecialItem, ...]
    special_titles: tuple[str, ...]
    special_copies: tuple[int, ...]
    recipes: tuple[tuple[tuple[int, int], ...], ...]
    recruits: tuple[RecruitToken, ...]
    recruit_bag: tuple[int, ...]
    joiners: Mapping[tuple[int, int, int], int]  # join_squad values -> their token
    clue_holes: tuple[int, ...]  # per clue card kind, its perforations (R5.3)
    clue_names: tuple[str, ...]
    clue_deck: tuple[int, ...]
    resistance_cards: tuple[ResistanceCard, ...]
    resistance_titles: tuple[str, ...]
    resistance_deck: tuple[int, ...]
    events: tuple[EventCard, ...]
    event_deck: tuple[int, ...]
    planning_tokens: int
    planning_bonus: int
    planning_active: int
    objectives: tuple[ObjectiveInfo, ...]
    effect_lists: tuple[tuple[Any, ...], ...]
    effect_list_names: tuple[str, ...]
    rules_at: Mapping[str, tuple[int, ...]]  # trigger -> effect list ids (special rules)
    no_events_before: int
    special_use_effects: tuple[tuple[int, ...], ...] = ()
    resistance_effects: tuple[int, ...] = ()
    event_effects: tuple[int, ...] = ()
    #: the choices the book leaves to the players that the engine otherwise makes by a
    #: fixed default (which of several isolated places is revealed, R6.1) are asked as
    #: pending choices, answered by people or bots through ``choose``; False (studies,
    #: bots alone): the default, as before
    people_choose: bool = False
    #: memo tables the rules fill on first use (lasting effects per sheet and hand, prebuilt
    #: actions): derived from the fields above, never part of a game's identity
    memo: dict[Any, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    #: the lasting effects per sheet and hand (:func:`~authoring.engine.core.mods`), a memo
    #: read on the hottest path: a field rather than a key of :attr:`memo`
    mods_memo: dict[int, Mods] = field(default_factory=dict, init=False, compare=False,
                                       repr=False)

    # -- names -----------------------------------------------------------------------------
    def zone(self, i: int) -> str:
        """The zone id of zone number ``i`` (``'N-E 1'``)."""
        return self.zone_ids[i]

    def zone_index(self, ref: str) -> int:
        """The zone number of a zone id or city name; :class:`GameError` with a
        did-you-mean when the board has none."""
        zid = self.model.board.resolve(ref)
        if zid is None:
            raise GameError(f"unknown zone '{ref}'{suggestion(ref, self.topo.ids)}")
        return self.topo.index[zid]

    @property
    def scenario_id(self) -> str:
        """The scenario's ``id:`` (it names saves and replays)."""
        return self.model.scenario.id

    @property
    def margin(self) -> int:
        """R5.0: no player more than this many actions ahead of the one furthest behind."""
        return ACTION_MARGIN

    @property
    def craft_threshold(self) -> int:
        """The Engineering a craft needs before any effect (R5.5)."""
        return CRAFT_THRESHOLD

    def decision(self, key: str) -> str:
        """The option this game plays for decision ``key`` (``'D4.2'`` → ``'supply'``)."""
        return self.decisions[key]

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def create(
        cls,
        model: GameModel,
        players: int = 4,
        difficulty: str = "normal",
        characters: Sequence[str] | None = None,
        decisions: Mapping[str, str] | None = None,
        action_budget: int | None = None,
    ) -> Game:
        """A game of ``model`` for ``players`` players at ``difficulty``; ``characters``
        names the sheets chosen in seat order (R2.3), None deals them at random; raises
        :class:`GameError` with what is wrong."""
        content = model.content
        if players not in PLAYER_COUNTS:
            raise GameError(
                f"{players} players: the game is for {', '.join(map(str, PLAYER_COUNTS))} (R0.4)"
            )
        if difficulty not in LEVELS:
            raise GameError(
                f"unknown difficulty '{difficulty}'{suggestion(difficulty, LEVELS)}; one of: "
                + ", ".join(LEVELS)
            )
        try:
            chosen = resolve_decisions({**model.scenario.spec.decisions, **(decisions or {})})
        except ValueError as e:
            raise GameError(str(e)) from None
        sheets = content.characters
        if len(sheets) < players:
            raise GameError(f"the box has {len(sheets)} character sheet"
                            f"{'s' * (len(sheets) != 1)}, one per player is needed (R2.3)")
        picked: tuple[int, ...] | None = None
        if characters is not None:
            ids = [c.id for c in sheets]
            names = {c.id: i for i, c in enumerate(sheets)}
            names.update({c.name.lower(): i for i, c in enumerate(sheets)})
            out: list[int] = []
            for ref in characters:
                key = ref if ref in names else ref.lower()
                if key not in names:
                    raise GameError(f"unknown character '{ref}'{suggestion(ref, ids)}; one of: "
                                    + ", ".join(ids))
                if names[key] in out:
                    raise GameError(f"character '{ref}' is chosen twice (R2.3: one sheet each)")
                out.append(names[key])
            if len(out) != players:
                raise GameError(f"{len(out)} characters for {players} players")
            picked = tuple(out)
        if action_budget is not None and action_budget < 1:
            raise GameError("the action budget per players' phase must be at least 1 (D10.1)")
        return _build(model, players, difficulty, chosen, picked, action_budget)


def _build(
    model: GameModel,
    players: int,
    difficulty: str,
    decisions: Mapping[str, str],
    characters: tuple[int, ...] | None,
    action_budget: int | None,
) -> Game:
    scen = model.scenario
    board = model.board
    content = model.content
    topo = board.topology_with(decisions["D8.2"])
    n = topo.n
    idx = topo.index
    level = scen.level(difficulty)
    pieces = model.manifest.pieces

    excluded: dict[str, set[str]] = {}
    no_events = 0
    rules_at: dict[str, list[int]] = {}
    effect_lists: list[tuple[Any, ...]] = []
    names: list[str] = []

    def register(name: str, effects: Sequence[Any]) -> int:
        effect_lists.append(tuple(e.payload if isinstance(e, fx.EffectBase) else e
                                  for e in effects))
        names.append(name)
        return len(effect_lists) - 1

    for r in scen.spec.special_rules:
        if isinstance(r, sc.ExcludeCardsRule):
            excluded.setdefault(r.deck, set()).update(r.cards)
        elif isinstance(r, sc.NoEventsRule):
            no_events = max(no_events, r.round)
        elif isinstance(r, sc.EffectsRule):
            rules_at.setdefault(r.when, []).append(register(f"rule:{r.when}", r.effects))

    # characters (R1)
    infos = []
    for ch in content.characters:
        infos.append(_character(ch))

    # items (R5.4), special items (R5.5, R5.7)
    items = tuple(it for it in content.items)
    item_ids = {it.id: i for i, it in enumerate(items)}
    item_deck = tuple(i for i, it in enumerate(items) if it.id not in excluded.get("items", ())
                      for _ in range(it.copies))
    specials = tuple(content.special_items)
    special_ids = {s.id: i for i, s in enumerate(specials)}
    recipes = tuple(tuple((item_ids[p], k) for p, k in s.recipe.items() if p in item_ids)
                    for s in specials)
    special_use_effects = tuple(
        tuple(register(f"special:{s.id}:{u}", use.effects) for u, use in enumerate(s.uses))
        for s in specials
    )
    recruits = tuple(content.recruits)
    recruit_bag = tuple(i for i, t in enumerate(recruits) for _ in range(t.copies))

    # clues (R5.3): one kind per card of the deck, copies expanded in the draw pile
    deck = model.deck
    clue_holes = tuple(0 if c.failure else c.holes for c in deck.cards)
    clue_names = tuple(c.title for c in deck.cards)
    clue_deck = tuple(i for i, c in enumerate(deck.cards)
                      if c.id not in excluded.get("clues", ()) for _ in range(c.copies))

    # resistance cards for this player count (D0.2), events (R8.1)
    res_cards = tuple(content.resistance_sets.get(players, ()))
    resistance_effects = tuple(register(f"resistance:{c.id}", c.effects) for c in res_cards)
    resistance_deck = tuple(i for i, c in enumerate(res_cards)
                            if c.id not in excluded.get("resistance", ())
                            for _ in range(c.copies))
    events = tuple(content.events)
    event_effects = tuple(register(f"event:{e.id}", e.effects) for e in events)
    event_deck = tuple(i for i, e in enumerate(events) if e.id not in excluded.get("events", ())
                       for _ in range(e.copies))

    # objectives (R6.1, R9.2)
    objectives = []
    for o in scen.objectives:
        spec = o.spec
        cand = 0
        for z in o.candidates:
            cand |= 1 << idx[z]
        item = getattr(spec, "item", None)
        objectives.append(ObjectiveInfo(
            index=o.index,
            id=spec.id or f"objective-{o.index + 1}",
            kind=OBJECTIVE_KINDS[o.kind],
            candidates=cand,
            markers=o.markers,
            item=special_ids.get(item, -1) if item else -1,
            military=getattr(spec, "military", 0),
            on_reveal=register(f"reveal:{spec.id or o.index}", spec.on_reveal),
            on_done=register(f"done:{spec.id or o.index}", getattr(spec, "on_done", [])),
            text=text_of(spec.text) if spec.text else o.kind,
        ))

    # the island at setup (R2.1), the bag and the piles (R2.4, D2.1)
    soldiers = [0] * n
    officers = [0] * n
    cubes = [0] * n
    for z, k in scen.soldiers.items():
        soldiers[idx[z]] = k
    for z, k in scen.officers_on_board.items():
        officers[idx[z]] = k
    for z, k in scen.reputation.items():
        cubes[idx[z]] = k
    bag = tuple(idx[z] for z in scen.invasion_bag())
    piles = tuple(tuple(idx[z] for z in scen.region_piles()[r]) for r in topo.regions)
    max_occ = tuple(scen.max_occupation[z] for z in topo.ids)

    # characters who join a squad (join_squad): tokens outside the recruitment bag
    joiners: dict[tuple[int, int, int], int] = {}
    extra: list[RecruitToken] = []
    for lst in effect_lists:
        for e in lst:
            if isinstance(e, fx.JoinSquad) and (e.C, e.M, e.I) not in joiners:
                joiners[(e.C, e.M, e.I)] = len(recruits) + len(extra)
                extra.append(RecruitToken(C=e.C or None, M=e.M or None, I=e.I or None))
    recruits = recruits + tuple(extra)

    planning = content.planning
    return Game(
        model=model,
        players=players,
        difficulty=difficulty,
        decisions=dict(decisions),
        characters=characters,
        action_budget=action_budget,
        topo=topo,
        zone_count=topo.n,
        zone_ids=topo.ids,
        max_occupation=max_occ,
        speed_track=tuple(board.spec.speed_track),
        speed_start=level.speed_cell,
        timer_minutes=level.timer,
        army_column=board.army_column(players),
        box_soldiers=int(pieces.get("soldiers", BOX_DEFAULTS["soldiers"])),
        officers=level.officers,
        cubes=int(pieces.get("reputation_cubes", BOX_DEFAULTS["reputation_cubes"])),
        setup_soldiers=tuple(soldiers),
        setup_officers=tuple(officers),
        setup_cubes=tuple(cubes),
        start_zones=tuple(idx[z] for z in scen.start),
        bag=bag,
        piles=piles,
        character_info=tuple(infos),
        items=items,
        item_titles=tuple(text_of(it.title) for it in items),
        item_mods=tuple(lasting_mods(it.effects) for it in items),
        item_deck=item_deck,
        specials=specials,
        special_titles=tuple(text_of(sp.title) for sp in specials),
        special_copies=tuple(s.copies for s in specials),
        recipes=recipes,
        recruits=recruits,
        recruit_bag=recruit_bag,
        joiners=joiners,
        clue_holes=clue_holes,
        clue_names=clue_names,
        clue_deck=clue_deck,
        resistance_cards=res_cards,
        resistance_titles=tuple(text_of(c.title) for c in res_cards),
        resistance_deck=resistance_deck,
        events=events,
        event_deck=event_deck,
        planning_tokens=planning.tokens if planning else BOX_DEFAULTS["planning_tokens"],
        planning_bonus=planning.level_bonus if planning else 1,
        planning_active=planning.active_per_player if planning else PLANNING_ACTIVE,
        objectives=tuple(objectives),
        effect_lists=tuple(effect_lists),
        effect_list_names=tuple(names),
        rules_at={k: tuple(v) for k, v in rules_at.items()},
        no_events_before=no_events,
        special_use_effects=special_use_effects,
        resistance_effects=resistance_effects,
        event_effects=event_effects,
    )


def _character(ch: Character) -> CharacterInfo:
    initial = tuple(ch.skills[s].initial if s in ch.skills else 0 for s in SKILLS)
    slots = tuple(tuple(ch.skills[s].slots) if s in ch.skills else () for s in SKILLS)
    bonus = tuple(lasting_mods(ch.max_bonus.get(s, [])) for s in SKILLS)  # type: ignore[call-overload]
    return CharacterInfo(
        id=ch.id,
        name=ch.name,
        initial=(initial[0], initial[1], initial[2]),
        slots=(slots[0], slots[1], slots[2]),
        inventory=ch.inventory,
        actions=ch.actions,
        reputation=ch.reputation,
        ability=lasting_mods(ch.ability.effects),
        max_bonus=(bonus[0], bonus[1], bonus[2]),
    )
