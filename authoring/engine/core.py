"""What every rule module reads: skill levels (R1.2), the army malus (R4.5), lasting
effects, limited actions (R4.4), decks that run out (D11.1), the log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from authoring.engine.game import NO_MODS, Game, Mods
from authoring.engine.log import LogEntry
from authoring.engine.state import EMPTY, PLANNING, SPECIAL, Pending, PendingKind, State
from authoring.model.rules import SKILLS


class IllegalAction(Exception):
    """``apply`` was given an action that :func:`why_illegal` refuses; the message is the
    reason, citing its rule."""


def log(state: State, kind: str, rule: str, text: str | Callable[..., str], *args: Any,
        **data: Any) -> LogEntry:
    """Append a log entry: ``text`` is the line, or a function written with ``args`` when the
    line is first read (plain values taken now: the text says what happened then)."""
    e = LogEntry(kind, rule, text, data, args)
    state.log.append(e)
    return e


# -- players' sheets ---------------------------------------------------------------------


def filled(state: State, p: int, skill: int) -> int:
    """Slots of a skill row holding a recruit or the planning token (R1.2)."""
    row = state.players[p].squad[skill]
    return len(row) - row.count(EMPTY)


def mods(game: Game, state: State, p: int) -> Mods:
    """The player's lasting effects: ability, max-level bonuses, items held (R1.3, R5.4);
    worked out once per sheet, full rows and hand (:func:`_mods_of`), then remembered
    under one number (:func:`_mods_key`: no tuple made)."""
    ps = state.players[p]
    sq = ps.squad
    open0, open1, open2 = _has_empty(sq[0]), _has_empty(sq[1]), _has_empty(sq[2])
    inv = ps.inventory
    known = game.mods_memo
    key = _mods_key(game, ps.character * 8 + (1 if open0 else 0) + (2 if open1 else 0)
                    + (4 if open2 else 0), inv)
    m = known.get(key)
    if m is None:
        m = known[key] = _mods_of(game, ps.character, (open0, open1, open2), inv)
    return m


def _mods_key(game: Game, sheet: int, inventory: list[int]) -> int:
    """One number per sheet (``sheet``: the character and its open rows, below
    8 × characters) and hand (the cards in order, each a digit from 1 up: items, then
    special items), distinct for distinct pairs."""
    n_items = len(game.item_titles)
    width = n_items + len(game.special_titles) + 1
    n = 0
    for card in inventory:
        n = n * width + (card + 1 if card < SPECIAL else n_items + 1 + card - SPECIAL)
    return n * (8 * len(game.character_info)) + sheet


def _has_empty(row: list[int]) -> bool:
    """``EMPTY in row``, in a compiled loop (``in`` on a list is a generic call there)."""
    return any(x == EMPTY for x in row)  # compiled to a loop


def _mods_of(game: Game, character: int, open_rows: tuple[bool, ...], inventory: list[int]
             ) -> Mods:
    info = game.character_info[character]
    m = info.ability
    for s in range(3):
        if info.max_bonus[s] is not NO_MODS and not open_rows[s]:
            m = m + info.max_bonus[s]
    item_mods = game.item_mods
    for card in inventory:
        if card < SPECIAL and item_mods[card] is not NO_MODS:
            m = m + item_mods[card]
    return m


def level(game: Game, state: State, p: int, skill: int, m: Mods | None = None) -> int:
    """R1.2: initial level + recruits placed + the planning token, + lasting bonuses."""
    ps = state.players[p]
    planned = recruits = 0
    for x in ps.squad[skill]:  # (a compiled loop: list.count is a generic call)
        if x == PLANNING:
            planned += 1
        elif x != EMPTY:
            recruits += 1
    plan = game.planning_bonus if planned else 0
    m = m if m is not None else mods(game, state, p)
    return game.character_info[ps.character].initial[skill] + recruits + plan + m.skill[skill]


def occupied(game: Game, state: State, z: int) -> int:
    """R4.2 with D4.1: the occupation of a zone (officers counted unless D4.1 says not),
    as the army malus (R4.5), the elimination test (R5.6) and the room a zone has for
    soldiers (R4.3) read it."""
    if game.decisions["D4.1"] == "soldiers_only":
        return state.soldiers[z]
    return state.soldiers[z] + state.officers[z]


def malus(game: Game, state: State, p: int, skill: int, m: Mods | None = None,
          zone: int | None = None) -> int:
    """R4.5: the army malus on a skill used by ``p`` (in its zone, or ``zone``)."""
    m = m if m is not None else mods(game, state, p)
    z = state.players[p].at if zone is None else zone
    return malus_of(occupied(game, state, z), m, skill)


def malus_of(occupation: int, m: Mods, skill: int) -> int:
    """R4.5: the occupation less the player's malus reduction on that skill, at least 0."""
    return max(0, occupation - m.malus_reduction[skill])


def effective(game: Game, state: State, p: int, skill: int, zone: int | None = None) -> int:
    """A skill value as a test or a draw count uses it: level − army malus (R4.5)."""
    m = mods(game, state, p)
    return level(game, state, p, skill, m) - malus(game, state, p, skill, m, zone)


def use_skill(game: Game, state: State, p: int, skill: int) -> None:
    """R5.10: the planning token on this skill is spent at its next use."""
    row = state.players[p].squad[skill]
    if PLANNING in row:
        row[row.index(PLANNING)] = EMPTY
        state.planning_supply += 1
        log(state, "planning_spent", "R5.10",
            f"{player_name(game, state, p)}'s planning token on {SKILLS[skill]} is spent",
            player=p, skill=SKILLS[skill])


def inventory_limit(game: Game, state: State, p: int) -> int:
    """The cards ``p``'s hand holds (R5.4, with its effects)."""
    info = game.character_info[state.players[p].character]
    return max(0, info.inventory + mods(game, state, p).inventory)


def player_name(game: Game, state: State, p: int) -> str:
    """``p``'s character's name."""
    return game.character_info[state.players[p].character].name


def card_name(game: Game, card: int) -> str:
    """An item or special item card's name (the French title)."""
    if card >= SPECIAL:
        return game.special_titles[card - SPECIAL]
    return game.item_titles[card]


# -- limited actions (R4.4, D4.2) -----------------------------------------------------------


def limited_block(game: Game, state: State, p: int) -> int:
    """What stops ``p``'s limited action (R4.4, D4.2): 0 nothing, 1 the zone holds as many
    cubes as its size, 2 the player has no cube (D4.2 option), 3 the supply is empty."""
    z = state.players[p].at
    if state.cubes[z] >= game.topo.size[z]:
        return 1
    if game.decisions["D4.2"] == "player":
        if state.players[p].cubes < 1:
            return 2
    elif state.supply_cubes < 1:
        return 3
    return 0


def limited_refusal(game: Game, state: State, p: int) -> str | None:
    """:func:`limited_block` in words, citing the rule."""
    block = limited_block(game, state, p)
    if not block:
        return None
    if block == 1:
        z = state.players[p].at
        return (f"R4.4: {game.zone(z)} already holds {state.cubes[z]} reputation "
                f"cube{'s' * (state.cubes[z] != 1)}, its size is {game.topo.size[z]}")
    if block == 2:
        return f"D4.2: {player_name(game, state, p)} has no reputation cube to put in the zone"
    return "D4.2: the general supply has no reputation cube left"


def put_limited_cube(game: Game, state: State, p: int) -> None:
    """The limited action's cube in ``p``'s zone (R4.4), from the general supply or,
    with D4.2's ``player`` option, from ``p``'s reserve."""
    z = state.players[p].at
    if game.decisions["D4.2"] == "player":
        state.players[p].cubes -= 1
    else:
        state.supply_cubes -= 1
    state.cubes[z] += 1


# -- decks (D11.1) ------------------------------------------------------------------------------


def draw(game: Game, state: State, pile: list[int], discard: list[int], n: int) -> list[int]:
    """Up to ``n`` cards from the top of ``pile``; an empty pile is rebuilt from its
    discard pile and shuffled (D11.1), unless D11.1 says decks stay empty."""
    out: list[int] = []
    for _ in range(n):
        if not pile:
            if game.decisions["D11.1"] != "reshuffle" or not discard:
                break
            pile.extend(discard)
            discard.clear()
            state.rng.shuffle(pile)
        out.append(pile.pop())
    return out


def set_pending(state: State, kind: PendingKind, player: int, options: list[int],
                data: list[int] | None = None, note: str = "") -> None:
    """Ask ``player`` to choose (:class:`~authoring.engine.state.Pending`): the game
    waits for a ``keep`` or ``choose`` answer."""
    state.pending = Pending(kind, player, options, data or [], note)


# -- objectives (R9.2) ----------------------------------------------------------------------------


def complete_objective(game: Game, state: State, o: int, zone: int, actor: int) -> None:
    """One marker of objective ``o`` is done (a base destroyed, the general eliminated …);
    its ``on_done`` hooks follow. Victory still waits for the end of the army phase (R9.2)."""
    info = game.objectives[o]
    if zone in state.completed[o]:
        log(state, "objective_already_done", "R9.2",
            f"objective '{info.id}' is already done in {game.zone(zone)}", objective=info.id)
        return
    state.completed[o].append(zone)
    state.done[o] += 1
    left = info.markers - state.done[o]
    log(state, "objective_done", "R9.2",
        f"objective '{info.id}' done in {game.zone(zone)}"
        + (f" ({left} to go)" if left > 0 else " — victory waits for the end of the army phase"),
        objective=info.id, zone=game.zone(zone))
    state.queue.append([info.on_done, 0, actor, zone, 0, -1])


def num(v: int) -> str:
    """A number as printed: a negative one with the minus sign (−2), like the cards."""
    return f"−{-v}" if v < 0 else str(v)
