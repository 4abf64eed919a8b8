"""What `resistance play` shows: actions and choices in words, the screen at the prompt
(:func:`screen_lines`: the counters, the full zones, one line per player, the current
player's options as the words to type) and the table as players know it (``show``: the
island, the sheets, the counters, the clue pool, the resistance cards, the objectives),
as rich renderables built from the engine's public API.

Words describe the state *before* an action (the action still to take). The number of
cards an action draws, and whether a test succeeds, come from trying the action on a
clone of the state (:func:`preview`): the same code the game runs, nothing guessed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from authoring.engine import (
    Action,
    Begin,
    Choose,
    Craft,
    Eliminate,
    End,
    Game,
    IllegalAction,
    Investigate,
    Keep,
    LogEntry,
    Move,
    Objective,
    Plan,
    Recruit,
    Reorganise,
    Resistance,
    Search,
    State,
    Transfer,
    Use,
    apply,
    why_illegal,
)
from authoring.engine.actions import option_taken, slot_of
from authoring.engine.core import level, mods, occupied
from authoring.engine.describe import option_text
from authoring.engine.describe import token_text as token_words
from authoring.engine.describe import zone_name as zone_words
from authoring.engine.flow import army_target
from authoring.engine.players import DRAW_SKILL
from authoring.engine.save import GameSetup
from authoring.engine.state import SPECIAL  # inventory entries: SPECIAL + special item
from authoring.engine.view import player_view
from authoring.io.wording import text_of as _text_of
from authoring.model.effects import render_effects
from authoring.model.rules import MOVE_MOUNTAIN_PATHS, MOVE_ROADS, SKILLS
from authoring.model.solver import min_isolating

_DRAWN = {"recruit": ("recruit token", "recruit tokens"),
          "investigate": ("clue card", "clue cards"),
          "search": ("item card", "item cards")}
#: one kind of action (its record), for :func:`_of`
_R = TypeVar("_R", bound=Action)
RULE_STYLE = "cyan"
Lang = Literal["fr", "en"]


# -- names ----------------------------------------------------------------------------------


#: the language of the card texts shown (``--lang``): a one-item list, set by the session
LANG: list[Lang] = ["en"]


def set_lang(lang: Lang) -> None:
    LANG[0] = lang


def tr(en: str, fr: str) -> str:
    """The interface's words in :data:`LANG`."""
    return fr if LANG[0] == "fr" else en


#: the typed verbs as shown in French (the English ones are accepted too)
VERB_FR = {"move": "aller", "search": "fouiller", "investigate": "enquêter",
           "recruit": "recruter", "eliminate": "éliminer", "craft": "fabriquer",
           "use": "utiliser", "plan": "planifier", "give": "donner", "free": "libérer",
           "reorganise": "réorganiser", "begin": "début", "end": "fin", "officer": "officier",
           "act": "act"}


def verb(word: str) -> str:
    """A typed verb as the screen shows it."""
    return VERB_FR.get(word, word) if LANG[0] == "fr" else word


def text_of(t: object) -> str:
    """A title: a plain string, or a translated text in :data:`LANG` (the French when
    there is no translation)."""
    return _text_of(t, LANG[0])


def city(game: Game, z: int) -> str:
    return str(game.model.board.zones[z].city)


def name(game: Game, state: State, p: int) -> str:
    return game.character_info[state.players[p].character].name


def seat(game: Game, state: State, p: int) -> str:
    """``p1 Élise Marchand``: the seat number people type, and the character."""
    return f"p{p + 1} {name(game, state, p)}"


def card_words(game: Game, card: int) -> str:
    if card >= SPECIAL:
        return f"'{text_of(game.specials[card - SPECIAL].title)}'"
    return f"'{text_of(game.items[card].title)}'"


def resistance_words(game: Game, card: int) -> str:
    c = game.resistance_cards[card]
    return f"'{text_of(c.title)}' (cost {c.cost}): {render_effects(c.effects, LANG[0])}"


def item_use(game: Game, card: int) -> str:
    """What an item card is for: a part (of which special items), a bonus, or nothing."""
    if card >= SPECIAL:
        sp = game.specials[card - SPECIAL]
        return "; ".join(render_effects(u.effects, LANG[0]) for u in sp.uses)
    it = game.items[card]
    uses = []
    if it.part_of:
        names = {s.id: text_of(s.title) for s in game.specials}
        uses.append("a part of " + ", ".join(f"'{names.get(i, i)}'" for i in it.part_of))
    if it.effects:
        uses.append(render_effects(it.effects, LANG[0], "item"))
    return "; ".join(uses) or "no use"


def clue_help(game: Game, state: State, clue: int) -> str:
    """How a clue card would help: its perforations, and what the pool plus it isolates."""
    holes = game.clue_holes[clue]
    n = game.topo.n
    if not holes:
        return "a failure: no information (R5.3)"
    k = bin(holes).count("1")
    pool = [game.clue_holes[c] for c in [*state.clue_pool, *state.clues_kept]] + [holes]
    isolated = [game.zone(z) for z in range(n)
                if holes >> z & 1 and min_isolating(pool, z, n) is not None]
    extra = f"; with the clues already kept it isolates {', '.join(isolated)}" if isolated else ""
    return f"perforated at {k} of {n} places{extra}"


def option_words(game: Game, state: State, kind: str, x: int) -> str:
    """One option of a pending choice."""
    if kind == "keep_investigate":
        return f"clue '{game.clue_names[x]}' — {clue_help(game, state, x)}"
    if kind == "keep_search":
        return f"item {card_words(game, x)} — {item_use(game, x)}"
    if kind == "keep_resistance":
        return f"resistance card {resistance_words(game, x)}"
    if kind in ("choose_player", "share_cube"):
        return seat(game, state, x)
    if kind == "discard_excess" and state.pending is not None:
        inv = state.players[state.pending.player].inventory
        if 0 <= x < len(inv):
            return f"discard {card_words(game, inv[x])} — {item_use(game, inv[x])}"
    if kind == "choose_card" and resistance_choice(state):
        if 0 <= x < len(state.resistance):
            return f"'{text_of(game.resistance_cards[state.resistance[x][0]].title)}'"
    elif kind == "choose_card" and state.pending is not None:  # a card held (an event)
        inv = state.players[state.pending.player].inventory
        if 0 <= x < len(inv):
            return f"discard {card_words(game, inv[x])} — {item_use(game, inv[x])}"
    return option_text(game, state, kind, x)


def resistance_choice(state: State) -> bool:
    """A ``choose_card`` choice names an available resistance card (R6.2: an event
    discards one); otherwise a card the chooser holds (an event's discard, R5.4)."""
    pend = state.pending
    return pend is not None and pend.kind == "choose_card" and "resistance" in pend.note


# -- actions in words --------------------------------------------------------------------------


def preview(game: Game, state: State, action: Action) -> list[LogEntry]:
    """The events ``action`` would log, played on a clone (the state is not touched)."""
    try:
        return apply(game, state.clone(), action)
    except IllegalAction:
        return []


def _verdict(events: Iterable[LogEntry]) -> str:
    """`` — succeeds (M − malus 2 > 0)`` from a previewed test, or nothing."""
    for e in events:
        if "success" in e.data:
            why = re.search(r"\(([^()]*)\)", e.text)
            detail = f" ({why.group(1)})" if why else ""
            word = tr("succeeds", "réussit") if e.data["success"] else tr("fails", "échoue")
            return f" — {word}{detail}"
    return ""


def action_words(game: Game, state: State, a: Action, *, who: bool = True) -> str:
    """The action as a person reads it; ``who`` puts the player's name first."""
    if isinstance(a, Begin):
        return "begin the players' phase (R10.1: the timer starts)"
    if isinstance(a, End):
        return "end the players' phase now (then the army plays, R8)"
    n = len(state.players)
    p = a.player
    ps = state.players[p] if 0 <= p < n else None
    prefix = f"{name(game, state, p)}: " if who and ps is not None else ""
    return prefix + _what(game, state, a, ps)


def _raw(a: Action) -> str:
    """``eliminate 3 1 -1``: an action nothing else describes, as its wire list says it."""
    return " ".join(map(str, [a.kind, *a.to_json()[2:]]))


def _what(game: Game, state: State, a: Action, ps: object) -> str:
    pend = state.pending
    match a:
        case Keep(drawn=i, where=where) if pend is not None and 0 <= i < len(pend.options):
            what = option_words(game, state, pend.kind, pend.options[i])
            if pend.kind == "keep_recruit":
                if where >= 0:
                    s, slot = slot_of(where)
                    return f"keep {what} on {SKILLS[s]} slot {slot + 1}"
                return f"keep {what}: it fits no free slot, so it goes back (D5.1)"
            if pend.kind == "keep_search" and where >= 0 and ps is not None:
                inv = state.players[a.player].inventory
                if where == len(inv):
                    return f"keep {what} but discard it at once (inventory full, R5.4)"
                return (f"keep {what}, discarding {card_words(game, inv[where])} "
                        "(inventory full, R5.4)")
            return f"keep {what}"
        case Choose(option=i) if pend is not None and 0 <= i < len(pend.options):
            what = option_words(game, state, pend.kind, pend.options[i])
            return f"choose {what}" + (f" ({pend.note})" if pend.note else "")
    if ps is None:
        return _raw(a)
    p = a.player
    at = state.players[p].at
    inv = state.players[p].inventory
    match a:
        case Move(zone=z):
            return "move to " + _move_words(game, state, z, cities=True)
        case Recruit() | Investigate() | Search():
            return (f"{_draw_words(game, state, a)}, keep 1 (limited: cube "
                    f"{state.cubes[at] + 1}/{game.topo.size[at]} in {game.zone(at)}, R4.4)")
        case Craft(special=s) if 0 <= s < len(game.specials):
            sp = game.specials[s]
            return f"craft '{text_of(sp.title)}'" + _verdict(preview(game, state, a))
        case Eliminate(zone=z, officer=officer):
            piece = "an officer" if officer == 1 else "a soldier"
            return f"eliminate {piece} in {game.zone(z)}" + _verdict(preview(game, state, a))
        case Use(card=i, use=u) if 0 <= i < len(inv) and inv[i] >= SPECIAL:
            sp = game.specials[inv[i] - SPECIAL]
            use = sp.uses[u] if 0 <= u < len(sp.uses) else None
            effects = f": {render_effects(use.effects, LANG[0])}" if use is not None else ""
            return f"use '{text_of(sp.title)}'{effects}{_verdict(preview(game, state, a))}"
        case Resistance(card=i, cubes=put, activate=activate) if 0 <= i < len(state.resistance):
            card, cubes = state.resistance[i]
            c = game.resistance_cards[card]
            parts = []
            if put:
                parts.append(f"put {put} cube{'s' * (put != 1)} on '{text_of(c.title)}' "
                             f"({cubes + put}/{c.cost})")
            if activate:
                parts.append(f"activate '{text_of(c.title)}': {render_effects(c.effects, LANG[0])}"
                             if not put else f"activate it: {render_effects(c.effects, LANG[0])}")
            return " and ".join(parts)
        case Transfer(to=q, card=i) if 0 <= q < len(state.players):
            to = seat(game, state, q)
            if 0 <= i < len(inv):
                return f"give {card_words(game, inv[i])} to {to}"
            if i >= 0:
                return f"give card {i + 1} to {to}"
            s, slot = slot_of(a.recruit)
            row = state.players[p].squad[s % 3]
            tok = token_words(game, row[slot]) if 0 <= slot < len(row) and row[slot] >= 0 else "?"
            return (f"give recruit {tok} from {SKILLS[s % 3]} slot {slot + 1} to {to} "
                    f"(their {SKILLS[a.row % 3]} row)")
        case Plan(skill=s):
            rows = state.players[p].squad
            moving = any(-2 in row for row in rows)
            verb = "move the planning token to" if moving else "put a planning token on"
            return f"plan: {verb} {SKILLS[s % 3]} (+1 until that skill is next used, R5.10)"
        case Objective(objective=i) if 0 <= i < len(game.objectives):
            o = game.objectives[i]
            verb = "eliminate the general" if o.kind == "general" else "free the prisoner"
            return f"{verb} in {game.zone(at)}" + _verdict(preview(game, state, a))
        case Reorganise(from_slot=src, to_slot=dst):
            s0, k0 = slot_of(src)
            s1, k1 = slot_of(dst)
            row = state.players[p].squad[s0 % 3]
            tok = token_words(game, row[k0]) if 0 <= k0 < len(row) and row[k0] >= 0 else "?"
            return (f"move recruit {tok} from {SKILLS[s0 % 3]} slot {k0 + 1} to "
                    f"{SKILLS[s1 % 3]} slot {k1 + 1} (R6.3)")
    return _raw(a)


# -- log entries ---------------------------------------------------------------------------------


def entry_text(e: LogEntry, game: Game | None = None) -> Text:
    """A log line with its rule id in colour (never parsed as markup); an event card
    (R8.1) with what it does, when ``game`` is given."""
    if e.kind in ("round", "army_phase"):
        return Text(e.line(), style="bold")
    t = Text()
    if e.rule:
        t.append(f"[{e.rule}]", style=RULE_STYLE)
        t.append(" ")
    style = "bold green" if e.kind == "victory" else "bold red" if e.kind == "defeat" else ""
    t.append(e.text, style=style)
    return t


# -- words used by actions ------------------------------------------------------------------


def _move_words(game: Game, state: State, z: int, cities: bool) -> str:
    """``N-E 6 (Rochecorbe) — army 2``; without the city on a narrow terminal."""
    army = state.soldiers[z] + state.officers[z]
    where = zone_words(game, z) if cities else game.zone(z)
    return where + (f" — army {army}" if army else "")


def _draw_words(game: Game, state: State, a: Action) -> str:
    """``investigate: draw 2 clue cards``."""
    drawn = next((e.data.get("count", 0) for e in preview(game, state, a)
                  if e.kind == "drawn"), 0)
    one, many = _DRAWN[a.kind]
    return f"{a.kind} (draw {drawn} {one if drawn == 1 else many})"


# -- the table -------------------------------------------------------------------------------


def may_act(state: State, legal: Sequence[Action]) -> set[int]:
    """Players with a standard action left now (R5.0, D5.4)."""
    return {a.player for a in legal if a.kind not in ("begin", "end", "keep", "choose")}


def players_table(game: Game, state: State, legal: Sequence[Action],
                  bots: Iterable[int] = ()) -> Table:
    """Each player's sheet: levels with the army malus (R4.5), squad, inventory, cubes,
    actions this phase and whether R5.0 lets them act."""
    view = player_view(game, state, 0)
    robots = set(bots)
    t = Table(title=None, show_edge=False, pad_edge=False, box=None, header_style="bold")
    for col in ("", "player", "zone", "C M I", "squad (R1.2)", "inventory", "cubes", "actions"):
        t.add_column(col, overflow="fold")
    low = min(p["actions"] for p in view["players"])
    acting = may_act(state, legal)
    for p, pv in enumerate(view["players"]):
        lv = pv["levels"]
        levels = f"{lv['C']} {lv['M']} {lv['I']}"
        if pv["malus"]:
            levels += f" −{pv['malus']} army"
        squad = " ".join(f"{s}[{''.join(pv['squad'][s])}]" for s in SKILLS)
        inv = ", ".join(pv["inventory"]) or "—"
        limit = game.character_info[state.players[p].character].actions
        acts = f"{pv['actions']}/{limit}"
        if state.phase == "players":
            ahead = pv["actions"] - low
            if p in acting:
                acts += f" (+{ahead})" if ahead else ""
            elif pv["actions"] >= limit:
                acts += " done"
            else:
                acts += f" waits (+{ahead}, R5.0)"
        who = pv["name"] + (" [bot]" if p in robots else "")
        t.add_row(f"p{p + 1}", who, pv["at"], levels, squad, inv, str(pv["cubes"]), acts)
    return t


def island_table(game: Game, state: State) -> Table:
    """The zones that matter: an army, cubes, a player or a revealed objective."""
    people: dict[int, list[str]] = {}
    for p, ps in enumerate(state.players):
        people.setdefault(ps.at, []).append(f"p{p + 1}")
    objectives: dict[int, list[str]] = {}
    for obj in game.objectives:
        for i, z in enumerate(state.revealed[obj.index]):
            done = " (done)" if i < state.done[obj.index] else ""
            objectives.setdefault(z, []).append(f"{obj.kind}{done}")
    t = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
    for col, just in (("zone", "left"), ("city", "left"), ("army s+o/max", "right"),
                      ("cubes", "right"), ("players", "left"), ("objective", "left")):
        t.add_column(col, justify=just)  # type: ignore[arg-type]
    for z in range(game.topo.n):
        s, o, c = state.soldiers[z], state.officers[z], state.cubes[z]
        if not (s or o or c or z in people or z in objectives):
            continue
        army = f"{s}+{o}/{game.max_occupation[z]}" if s or o else ""
        style = "red" if s + o >= game.max_occupation[z] and (s or o) else ""
        t.add_row(game.zone(z), city(game, z), Text(army, style=style),
                  f"{c}/{game.topo.size[z]}" if c else "", " ".join(people.get(z, [])),
                  ", ".join(objectives.get(z, [])))
    return t


def counters_lines(game: Game, state: State) -> list[Text]:
    """Round, counters, speed, reserve, bag (R2.5, R2.7, R7.1, R8.2)."""
    speed = game.speed_track[state.speed_cell]
    most = max(ps.actions for ps in state.players) if state.phase == "players" else 0
    team_after = state.team_counter + most
    owed = max(0, army_target(game, state, team_after) - state.army_counter)
    return [
        Text(f"round {state.round} · invasion speed {speed} (cell {state.speed_cell + 1} of "
             f"{len(game.speed_track)}) · team counter {state.team_counter} · army counter "
             f"{state.army_counter} · the army plays {owed} action{'s' * (owed != 1)} at the "
             f"next army phase so far (R7.1, R8.2)"),
        Text(f"reserve: {state.reserve_soldiers} soldiers, {state.reserve_officers} officers "
             f"(defeat when either runs out, R9.1) · eliminated: {state.eliminated_soldiers} "
             f"soldiers, {state.eliminated_officers} officers (R7.2) · invasion bag: "
             f"{len(state.bag)} tokens · general supply: {state.supply_cubes} cubes"),
    ]


def clues_text(game: Game, state: State) -> Text:
    """The pooled clues (R6.1) and the places they isolate; the clues kept this phase."""
    t = Text()
    n = game.topo.n
    if not state.clue_pool:
        t.append("clue pool (R6.1): empty")
    else:
        names = ", ".join(f"'{game.clue_names[c]}'" for c in state.clue_pool)
        t.append(f"clue pool (R6.1): {names}")
        holes = [game.clue_holes[c] for c in state.clue_pool]
        isolated = [z for z in range(n) if min_isolating(holes, z, n) is not None]
        if not isolated:
            t.append(" — isolates no place yet")
        else:
            allowed = 0
            for o in game.objectives:
                if len(state.revealed[o.index]) < o.markers:
                    allowed |= o.candidates
            words = [f"{game.zone(z)}" + ("" if allowed >> z & 1 else " (not a candidate, D6.1)")
                     for z in isolated]
            t.append(" — isolates " + ", ".join(words))
    if state.clues_kept:
        k = len(state.clues_kept)
        t.append(f"; {k} clue{'s' * (k != 1)} kept this phase {'join' if k != 1 else 'joins'} "
                 "the pool at the army phase (R8.0)")
    return t


def resistance_lines(game: Game, state: State) -> list[Text]:
    if not state.resistance:
        return [Text("resistance cards (R5.8): none available")]
    out = [Text("resistance cards (R5.8):")]
    for i, (card, cubes) in enumerate(state.resistance):
        c = game.resistance_cards[card]
        out.append(Text(f"  {i + 1} '{text_of(c.title)}' {cubes}/{c.cost} cubes — "
                        f"{render_effects(c.effects, LANG[0])}"))
    return out


def objective_lines(game: Game, state: State) -> list[Text]:
    out = []
    n = game.topo.n
    for o in game.objectives:
        revealed = state.revealed[o.index]
        if state.done[o.index] >= o.markers:
            status = "done"
        elif revealed:
            status = "revealed in " + ", ".join(zone_words(game, z) for z in revealed)
            if state.done[o.index]:
                status += f" ({state.done[o.index]}/{o.markers} done)"
        else:
            k = bin(o.candidates).count("1")
            where = "any place" if k == n else (
                ", ".join(game.zone(z) for z in range(n) if o.candidates >> z & 1)
                if k <= 8 else f"{k} places")
            status = f"not revealed yet (candidates: {where}, D6.1)"
        out.append(Text(f"objective {o.id} ({o.kind}): {o.text} — {status}"))
    return out


def table(game: Game, state: State, legal: Sequence[Action], bots: Iterable[int] = ()
          ) -> RenderableType:
    """Everything players know, in one renderable (the ``show`` command)."""
    return Group(
        Text("The island (zones with an army, cubes, players or an objective):", style="bold"),
        island_table(game, state),
        Text(""),
        players_table(game, state, legal, bots),
        Text(""),
        *counters_lines(game, state),
        clues_text(game, state),
        *resistance_lines(game, state),
        *objective_lines(game, state),
    )


@dataclass
class Screen:
    """Printing: the header, events, actions, the outcome (never parsed as markup: rule
    ids are written [R…])."""

    console: Console
    game: Game

    def header(self, setup: GameSetup, game: Game, state: State, bots: set[int],
               timing: str) -> None:
        sc = game.model.scenario
        c = self.console
        c.print(f"Project: Resistance — {sc.id} '{text_of(sc.spec.title)}', {game.difficulty}, "
                f"{game.players} players, seed {setup.seed}", style="bold", markup=False)
        seats = ", ".join(seat(game, state, p) + (" (bot)" if p in bots else "")
                          for p in range(len(state.players)))
        c.print(f"seats: {seats}", markup=False)
        if timing:
            c.print(timing, markup=False)

    def entries(self, entries: Sequence[LogEntry]) -> None:
        for e in entries:
            self.console.print(entry_text(e, self.game))

    def action(self, words: str, bot: bool) -> None:
        t = Text("> ", style="bold")
        if bot:
            t.append("[bot] ", style="dim")
        t.append(words, style="bold")
        self.console.print(t)

    def outcome(self, line: str) -> None:
        self.console.print(line, style="bold", markup=False)


# -- the screen at the prompt: labels a person types ----------------------------------------


def _character(game: Game, state: State, p: int) -> object | None:
    """The character sheet of the content (ability and max-level bonuses with their names)."""
    cid = game.character_info[state.players[p].character].id
    return next((c for c in game.model.content.characters if c.id == cid), None)


def ability_words(game: Game, state: State, p: int) -> str:
    """``Tracker: your moves may follow 1 more road, or 1 more mountain path``."""
    ch = _character(game, state, p)
    ab = getattr(ch, "ability", None)
    if ab is None:
        return ""
    effects = render_effects(ab.effects, LANG[0]).rstrip(".")
    return f"{text_of(ab.name)}: {effects[:1].lower()}{effects[1:]}"


def max_bonus_words(game: Game, state: State, p: int) -> list[str]:
    """Each skill's max-level bonus (R1.3), said reached or not."""
    ch = _character(game, state, p)
    bonus = getattr(ch, "max_bonus", None) or {}
    sq = state.players[p].squad
    out = []
    for s, skill in enumerate(SKILLS):
        effects = bonus.get(skill)
        if not effects:
            continue
        reached = -1 not in sq[s]  # every slot filled: the level is at its maximum
        mark = tr("max level reached", "niveau max atteint") if reached else \
            tr("at max level", "au niveau max")
        text = render_effects(effects, LANG[0]).rstrip(".")
        out.append(f"{skill} ({mark}): {text[:1].lower()}{text[1:]}")
    return out


def _reach_words(game: Game, state: State, p: int) -> str:
    """R5.1 with the bonuses that change it: ``3 roads or 1 path (+1 road, +1 path:
    Tracker)``."""

    m = mods(game, state, p)
    ab = game.character_info[state.players[p].character].ability
    roads, paths = MOVE_ROADS + m.move_roads, MOVE_MOUNTAIN_PATHS + m.move_paths
    text = tr(f"{roads} road{'s' * (roads != 1)} or {paths} path{'s' * (paths != 1)}",
              f"{roads} route{'s' * (roads != 1)} ou {paths} chemin{'s' * (paths != 1)}")
    if m.move_roads or m.move_paths:
        why = [tr(f"+{m.move_roads} road", f"+{m.move_roads} route") if m.move_roads else "",
               tr(f"+{m.move_paths} path", f"+{m.move_paths} chemin") if m.move_paths else ""]
        named = getattr(_character(game, state, p), "ability", None)
        own = text_of(named.name) if named is not None else tr("ability", "capacité")
        src = own if (ab.move_roads, ab.move_paths) == (m.move_roads, m.move_paths) \
            else tr("bonuses", "bonus")
        text += f" ({', '.join(w for w in why if w)}: {src})"
    return text


def _draw_breakdown(game: Game, state: State, p: int, kind: str) -> str:
    """``C3 − army 2 + 1 Unseen + 1 Orator``: where a draw count comes from (R5.2–R5.4,
    R4.5), an ability named by its name."""

    s = DRAW_SKILL[kind]
    m = mods(game, state, p)
    info = game.character_info[state.players[p].character]
    i = ("recruit", "investigate", "search").index(kind)
    ab = getattr(_character(game, state, p), "ability", None)
    ab_name = text_of(ab.name) if ab is not None else tr("ability", "capacité")
    parts = [f"{SKILLS[s]}{level(game, state, p, s, m)}"]
    occ = occupied(game, state, state.players[p].at)
    if occ:
        parts.append(tr(f"− army {occ}", f"− armée {occ}"))
        red = min(occ, m.malus_reduction[s])
        if red:
            own = info.ability.malus_reduction[s] >= red
            parts.append(f"+ {red} {ab_name if own else tr('bonus', 'bonus')}")
    d = m.draw[i]
    if d:
        parts.append(f"+ {d} {ab_name if info.ability.draw[i] == d else tr('bonus', 'bonus')}")
    return " ".join(parts)


def status_line(game: Game, state: State) -> Text:
    """Round, counters, what the army owes, the reserve: one line (R7.1, R8.2, R9.1)."""
    speed = game.speed_track[state.speed_cell]
    most = max(ps.actions for ps in state.players) if state.phase == "players" else 0
    owed = max(0, army_target(game, state, state.team_counter + most) - state.army_counter)
    low = min(ps.actions for ps in state.players)
    plural = "s" * (owed != 1)
    return Text(tr(f"speed {speed} · army: {owed} action{plural} next (R8.2) · reserve "
                   f"{state.reserve_soldiers}s {state.reserve_officers}o (R9.1) · R5.0: "
                   f"≤{low + game.margin}",
                   f"vitesse {speed} · armée : {owed} action{plural} (R8.2) · réserve "
                   f"{state.reserve_soldiers}s {state.reserve_officers}o (R9.1) · R5.0 : "
                   f"≤{low + game.margin}"))


def pressure_line(game: Game, state: State, width: int) -> Text:
    """The zones where the next army action overflows (at their max occupation, R8.4),
    players' zones first, and the objectives' state."""
    full = [z for z in range(game.topo.n)
            if state.soldiers[z] + state.officers[z] >= game.max_occupation[z] > 0
            or state.soldiers[z] + state.officers[z] > game.max_occupation[z]]
    near = {ps.at for ps in state.players}
    full.sort(key=lambda z: (z not in near, -(state.soldiers[z] + state.officers[z]), z))
    t = Text(tr("full: ", "pleines : "), style="bold")
    words = [f"{game.zone(z)} {state.soldiers[z]}+{state.officers[z]}/{game.max_occupation[z]}"
             for z in full]
    room = width - 40
    shown: list[str] = []
    for w in words:
        if sum(len(x) + 2 for x in shown) + len(w) > room:
            break
        shown.append(w)
    t.append(", ".join(shown) or tr("no zone", "aucune zone"), style="red")
    if len(shown) < len(words):
        t.append(tr(f" +{len(words) - len(shown)} more", f" +{len(words) - len(shown)} autres"))
    for o in game.objectives:
        rev = state.revealed[o.index]
        where = tr("done", "fait") if state.done[o.index] >= o.markers else (
            ", ".join(game.zone(z) for z in rev) if rev else tr("not found", "à trouver"))
        t.append(f" · {o.kind}: {where}")
    return t


def roster_line(game: Game, state: State, p: int, current: int | None, acting: set[int],
                low: int, width: int, bots: Iterable[int] = ()) -> Text:
    """``▶ p2 Nadia Haddad  N-E 4  C2 M2 I1 −1  1 cube  2/10  waits (R5.0)``."""
    ps = state.players[p]
    view = player_view(game, state, p)["players"][p]
    lv = view["levels"]
    t = Text("▶ " if p == current else "  ", style="bold")
    t.append(f"p{p + 1} {name(game, state, p):<17}", style="bold" if p == current else "")
    where = zone_words(game, ps.at) if width >= 100 else game.zone(ps.at)
    t.append(f" {where:<{24 if width >= 100 else 7}}")
    t.append(f" C{lv['C']} M{lv['M']} I{lv['I']}")
    if view["malus"]:
        t.append(f" −{view['malus']}", style="red")
    t.append(f"  {ps.cubes}c")
    if state.phase == "players":
        limit = game.character_info[ps.character].actions
        t.append(f"  {ps.actions}/{limit}")
        if p in set(bots):
            t.append(" bot", style="dim")
        if p not in acting and state.pending is None:
            if ps.actions >= limit:
                t.append(tr(" done (D5.4)", " fini (D5.4)"), style="yellow")
            else:
                t.append(tr(f" waits (R5.0: +{ps.actions - low})",
                            f" attend (R5.0 : +{ps.actions - low})"), style="yellow")
    if width >= 100 and view["inventory"]:
        t.append(tr("  holds ", "  tient ") + ", ".join(view["inventory"]), style="dim")
    return t


def _label(t: Text, words: str, detail: str = "") -> None:
    t.append(words, style="bold")
    if detail:
        t.append(f" {detail}", style="dim")


def _joined(indent: str, head: str, pieces: list[tuple[str, str]], width: int) -> list[Text]:
    """``  head: piece · piece …`` wrapped at ``width`` (each piece a label + detail)."""
    out: list[Text] = []
    line = Text(indent)
    if head:
        line.append(f"{head}: ", style="")
    pad = " " * (len(indent) + 2)
    first = True
    for label, detail in pieces:
        size = len(label) + (len(detail) + 1 if detail else 0) + (0 if first else 3)
        if not first and len(line) + size > width - 1:
            out.append(line)
            line = Text(pad)
            first = True
        if not first:
            line.append(" · ", style="dim")
        _label(line, label, detail)
        first = False
    out.append(line)
    return out


def options_lines(game: Game, state: State, legal: Sequence[Action], p: int,
                  width: int) -> list[Text]:
    """What ``p`` may do now, as the words to type, grouped by kind (stable labels: the
    same action keeps its words while it stays legal)."""
    mine = [a for a in legal if a.player == p and a.kind not in ("begin", "end")]
    ps = state.players[p]
    head = Text(f"{seat(game, state, p)}", style="bold")
    head.append(f" · {zone_words(game, ps.at)}")
    ability = ability_words(game, state, p)
    if ability:
        head.append(f" · {ability}", style="dim")
    out = [head]
    if ps.inventory:  # in the screen's language, as the `give` options name them
        out.append(Text(tr("  holds: ", "  tient : ")
                        + ", ".join(card_words(game, c) for c in ps.inventory), style="dim"))
    if not mine:
        if state.phase == "players":
            reason = why_illegal(game, state, Move(p, ps.at))
            out.append(Text(tr("  nothing now: ", "  rien pour l'instant : ")
                            + (reason or tr("no legal action", "aucune action légale")),
                            style="yellow"))
            others = sorted({a.player for a in legal if a.player != p
                             and a.kind not in ("begin", "end")})
            if others:
                names = tr(" or ", " ou ").join(f"p{q + 1}" for q in others)
                first = names.split()[0]
                out.append(Text(tr(f"  {names} may act: type {first} to switch",
                                   f"  {names} peut agir : tapez {first} pour changer"),
                                style="yellow"))
        return out
    draws = [a for a in mine if a.kind in _DRAWN]
    if draws:
        at = ps.at
        pieces = []
        for a in draws:
            n = next((e.data.get("count", 0) for e in preview(game, state, a)
                      if e.kind == "drawn"), 0)
            why = _draw_breakdown(game, state, p, a.kind)
            pieces.append((verb(a.kind), f"{n} ({why})" if width >= 100 or "+" in why
                           or "−" in why else str(n)))
        cube = f"{state.cubes[at] + 1}/{game.topo.size[at]}"
        out += _joined("  ", tr(f"draw, cube {cube}", f"pioche, cube {cube}"), pieces, width)
    elif state.phase == "players":
        reason = why_illegal(game, state, Search(p))
        if reason:
            out.append(Text(tr("  no draw: ", "  pas de pioche : ") + reason, style="dim"))
    moves = _of(mine, Move)
    if moves:
        pieces = []
        for a in moves:
            z = a.zone
            army = state.soldiers[z] + state.officers[z]
            label = game.zone(z)
            detail = " ".join(x for x in (city(game, z) if width >= 120 else "",
                                           f"[{army}]" if army else "") if x)
            pieces.append((label, detail))
        out += _joined("  ", f"{verb('move')} ({_reach_words(game, state, p)}; "
                       f"[{tr('army', 'armée')}])", pieces, width)
    other: list[tuple[str, str]] = []
    for e in _of(mine, Eliminate):
        piece = verb("officer") + " " if e.officer == 1 else ""
        where = "" if e.zone == ps.at else f" {game.zone(e.zone)}"
        other.append((f"{verb('eliminate')} {piece}{where}".replace("  ", " ").strip(),
                      _verdict(preview(game, state, e)).replace(" — ", "")))
    for c in _of(mine, Craft):
        other.append((f"{verb('craft')} {_short(text_of(game.specials[c.special].title))}",
                      _verdict(preview(game, state, c)).replace(" — ", "")))
    for u in _of(mine, Use):
        sp = game.specials[ps.inventory[u.card] - SPECIAL]
        other.append((f"{verb('use')} {_short(text_of(sp.title))}" + (f" {u.use + 1}" if u.use
                                                                        else ""),
                      _verdict(preview(game, state, u)).replace(" — ", "")))
    for o in _of(mine, Objective):
        other.append((verb("free"), _verdict(preview(game, state, o)).replace(" — ", "")))
    res: dict[int, list[Resistance]] = {}
    for r in _of(mine, Resistance):
        res.setdefault(r.card, []).append(r)
    for i, acts in res.items():
        card, cubes = state.resistance[i]
        rc = game.resistance_cards[card]
        ks = sorted(r.cubes for r in acts if r.cubes and not r.activate)
        label = f"res {i + 1} +{ks[0]}" + (f"..{ks[-1]}" if len(ks) > 1 else "") if ks else ""
        act = next((r for r in acts if r.activate), None)
        if act is not None:
            label = (label + " | " if label else "") + f"res {i + 1} act" + (
                f" (+{act.cubes})" if act.cubes else "")
        other.append((label, f"'{_short(text_of(rc.title))}' {cubes}/{rc.cost}"))
    gives: dict[int, list[str]] = {}
    for t in _of(mine, Transfer):
        if t.card >= 0:
            held = ps.inventory[t.card]
            what = _short(text_of(game.specials[held - SPECIAL].title if held >= SPECIAL
                                  else game.items[held].title))
        else:
            s, k = slot_of(t.recruit)
            what = f"{SKILLS[s % 3]}{k + 1}"
        if what not in gives.setdefault(t.to, []):
            gives[t.to].append(what)
    for q, whats in gives.items():
        other.append((f"{verb('give')} p{q + 1}", "|".join(whats)))
    plans = _of(mine, Plan)
    if plans:
        other.append((verb("plan") + " " + "|".join(SKILLS[a.skill % 3] for a in plans),
                      "(+1, R5.10)"))
    reorg = _of(mine, Reorganise)
    for ro in reorg[:6]:
        s0, k0 = slot_of(ro.from_slot)
        s1, k1 = slot_of(ro.to_slot)
        other.append((f"{verb('reorganise')} {SKILLS[s0 % 3]}{k0 + 1} {SKILLS[s1 % 3]}{k1 + 1}", ""))
    if len(reorg) > 6:
        other.append((tr(f"+{len(reorg) - 6} more", f"+{len(reorg) - 6} autres"), ""))
    if other:
        out += _joined("  ", "", other, width)
    return out


def _of(actions: Iterable[Action], record: type[_R]) -> list[_R]:
    """The actions of one kind (its record), in their order."""
    return [a for a in actions if isinstance(a, record)]


def _short(title: str) -> str:
    """A card title as typed: its first word, lower case, when that is enough."""
    return title


def choice_lines(game: Game, state: State, legal: Sequence[Action], width: int) -> list[Text]:
    """A pending choice: its options numbered (the numbers hold while the choice lasts);
    a card that can be kept several ways (a recruit's slots, R5.2; a held card to discard,
    R5.4) is one line, its ways named."""
    pend = state.pending
    assert pend is not None
    out = []
    keeping = pend.kind.startswith("keep_")
    ways: dict[int, list[Action]] = {}
    for a in legal:  # keeps and choices, by the option they take
        ways.setdefault(option_taken(a), []).append(a)
    full = False
    for i, x in enumerate(pend.options):
        acts = ways.get(i, [])
        if not acts:
            continue
        t = Text(f"{i + 1:>3} ", style="bold")
        if acts[0].kind == "choose":
            t.append(option_words(game, state, pend.kind, x))
            if pend.kind in ("share_cube", "choose_player"):
                cubes = state.players[x].cubes
                t.append(tr(f" (holds {cubes} cube{'s' * (cubes != 1)})",
                            f" (a {cubes} cube{'s' * (cubes != 1)})"), style="dim")
        elif keeping and len(acts) > 1:
            t.append(tr("keep ", "garder ") + option_words(game, state, pend.kind, x))
            if pend.kind == "keep_recruit":
                slots = [f"{SKILLS[s % 3]}{k + 1}" for s, k in
                         (slot_of(a.where) for a in _of(acts, Keep) if a.where >= 0)]
                t.append(tr(" → slot ", " → case ") + " | ".join(slots), style="bold")
            else:
                full = True
        else:
            t.append(action_words(game, state, acts[0], who=False))
        out.append(t)
    if full:
        inv = state.players[pend.player].inventory
        held = " · ".join(card_words(game, c) for c in inv)
        out.append(Text(tr(f"    inventory full (R5.4): keep N and the card to discard: {held} "
                           "· new (the card drawn)",
                           f"    inventaire plein (R5.4) : keep N et la carte à défausser : "
                           f"{held} · new (la carte piochée)"), style="dim"))
        out.append(Text(tr("    e.g. keep 1 new", "    p. ex. keep 1 new"), style="dim"))
    elif pend.kind == "keep_recruit" and any(len(v) > 1 for v in ways.values()):
        out.append(Text(tr("    keep N SLOT, e.g. keep 1 C2", "    keep N CASE, p. ex. keep 1 C2"),
                        style="dim"))
    if pend.kind in ("share_cube", "choose_player"):
        out.append(Text(tr("    the number, or the player: p2, or a name",
                           "    le numéro, ou le joueur : p2, ou un nom"), style="dim"))
    elif pend.kind in ("choose_zone", "choose_reveal"):
        out.append(Text(tr("    the number, or the zone or city",
                           "    le numéro, ou la zone ou la ville"), style="dim"))
    elif pend.kind == "discard_excess":
        out.append(Text(tr("    the number, or the card's name", "    le numéro, ou le nom de la "
                           "carte"), style="dim"))
    elif pend.kind == "transfer_more":
        out.append(Text(tr("    the number, or done", "    le numéro, ou done"), style="dim"))
    return out


def screen_lines(game: Game, state: State, legal: Sequence[Action], current: int | None,
                 humans: Sequence[int], bots: Iterable[int], width: int, height: int
                 ) -> list[Text]:
    """The screen under the events: the counters and the pressure points, one line per
    player, and the options of the current player (of every person who may act, on a
    tall terminal); a pending choice lists its options instead."""
    acting = may_act(state, legal)
    low = min(ps.actions for ps in state.players)
    robots = set(bots)
    pend = state.pending
    if pend is not None and height < 40:  # a choice: room for its options
        return [status_line(game, state),
                roster_line(game, state, pend.player, pend.player, acting, low, width, robots)]
    out = [status_line(game, state), pressure_line(game, state, width)]
    if height >= 40:
        out.append(clues_text(game, state))
        out += resistance_lines(game, state)
    out += [roster_line(game, state, p, current, acting, low, width, robots)
            for p in range(len(state.players))]
    if pend is not None:
        return out
    if current is not None:
        out += options_lines(game, state, legal, current, width)
    if height >= 40 and width >= 100:  # room for the others who may act, while it lasts
        for p in humans:
            if p != current and p in acting:
                block = options_lines(game, state, legal, p, width)
                if len(out) + len(block) + 3 > height:
                    break
                out += block
    if state.phase == "start":
        out.append(Text(verb("begin"), style="bold") +
                   Text(tr(" begins the players' phase and its timer, if any (R10.1)",
                           " commence la phase des joueurs et son sablier, s'il y en a (R10.1)"),
                        style="dim"))
    elif state.phase == "players":
        n = len(state.players)
        out.append(Text(verb("end"), style="bold") +
                   Text(tr(f" ends the players' phase · p1..p{n}: switch player · help",
                           f" termine la phase des joueurs · p1..p{n} : changer de joueur · "
                           "aide"), style="dim"))
    return out
