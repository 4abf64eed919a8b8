"""The players' actions (R5), the reorganisation (R6.3) and the choices that follow a
draw: each action has its check (a reason citing the rule, or None) and its act.

Checks never change the state; acts assume the check passed. The R5.0 differential, the
sheet's counter (D5.4) and the team budget (D10.1) apply to every standard action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Final, TypeVar

from authoring.engine.actions import (
    COUNTED,
    LIMITED,
    RECORDS,
    Action,
    Choose,
    Craft,
    Draw,
    Eliminate,
    Investigate,
    Keep,
    Move,
    Objective,
    Plan,
    Recruit,
    Reorganise,
    Resistance,
    Search,
    Transfer,
    Use,
    moves_to,
)
from authoring.engine.core import (
    card_name,
    complete_objective,
    draw,
    effective,
    inventory_limit,
    level,
    limited_block,
    limited_refusal,
    log,
    malus,
    malus_of,
    mods,
    num,
    occupied,
    player_name,
    put_limited_cube,
    set_pending,
    use_skill,
)
from authoring.engine.game import DRAW_ACTIONS, SKILL_INDEX, Game, Mods
from authoring.engine.state import (
    EMPTY,
    PLANNING,
    SPECIAL,
    PendingKind,
    PlayerState,
    State,
    slot_code,
    slot_of,
)
from authoring.model import effects as fx
from authoring.model.rules import ACTION_MARGIN, MOVE_MOUNTAIN_PATHS, MOVE_ROADS, SKILLS
from authoring.model.topology import within

#: a check of one kind of action (:data:`CHECKS`: it takes that kind's record)
Check = Callable[[Game, State, Any], "str | None"]
#: an act of one kind of action (:data:`ACTS`: it takes that kind's record)
Act = Callable[[Game, State, Any], None]

# -- R5.0, D5.4, D10.1: may this player act at all? -------------------------------------------


def counter_refusal(game: Game, state: State, p: int) -> str | None:
    """R5.0: nobody more than 2 actions ahead of the player furthest behind; D5.4: the
    sheet's counter ends at 10; D10.1: the team's budget for the phase. A free action
    (D5.5) does not move the counter: by default outside R5.0 and D5.4, never outside
    the budget (it takes time at the table)."""
    ps = state.players[p]
    if state.budget == 0:
        return "D10.1: the team's actions for this players' phase are spent"
    if ps.free_actions > 0:
        if game.decisions["D5.5"] == "outside_counter":
            return None
    else:
        limit = game.character_info[ps.character].actions
        if ps.actions >= limit:
            return f"D5.4: {player_name(game, state, p)} has taken {limit} actions this phase"
    after = ps.actions + 1
    if after - _lowest(state.players) <= _MARGIN:
        return None
    q = _furthest_behind(state.players)
    return (f"R5.0: {player_name(game, state, p)} would be {after - state.players[q].actions} "
            f"actions ahead of {player_name(game, state, q)}")


#: R5.0's margin, read once (a compiled constant: a name imported from a Python module is
#: looked up at each read)
_MARGIN: Final = ACTION_MARGIN


def _furthest_behind(players: list[PlayerState]) -> int:
    """The seat with the lowest action counter (the first of them, R5.0)."""
    q = 0
    for i, ps in enumerate(players):
        if ps.actions < players[q].actions:
            q = i
    return q


def _lowest(players: list[PlayerState]) -> int:
    """The lowest action counter of the team (R5.0)."""
    lo = players[0].actions
    for ps in players:  # (a loop: min() of a list is a call of Python's builtin)
        if ps.actions < lo:
            lo = ps.actions
    return lo


def able_players(game: Game, state: State) -> list[int]:
    """The players :func:`counter_refusal` lets act now, in seat order (the same rules,
    R5.0, D5.4, D10.1, with the team's lowest count worked out once; a player with free
    actions is asked of counter_refusal itself; a test says they agree)."""
    players = state.players
    budget_spent = state.budget == 0
    lo = _lowest(players) + _MARGIN
    info = game.character_info
    out: list[int] = []
    for p, ps in enumerate(players):
        if (counter_refusal(game, state, p) is None if ps.free_actions
                else not budget_spent and ps.actions < info[ps.character].actions
                and ps.actions < lo):
            out.append(p)
    return out


def count_action(game: Game, state: State, p: int) -> None:
    """Count ``p``'s action (R5): a free action (D5.5) spends only the team's budget,
    any other moves ``p``'s counter; the team budget drops by one (D10.1)."""
    ps = state.players[p]
    if ps.free_actions > 0:
        ps.free_actions -= 1  # D5.5: the counter does not move; the time is spent
    else:
        ps.actions += 1
    if state.budget > 0:
        state.budget -= 1


# -- R5.1 move ------------------------------------------------------------------------------


def reach(game: Game, state: State, p: int, m: Mods | None = None) -> int:
    """R5.1: zones one move reaches (up to 3 roads or 1 mountain path, plus bonuses)."""
    return reach_from(game, state.players[p].at,
                      m if m is not None else mods(game, state, p))


def reach_from(game: Game, z: int, m: Mods) -> int:
    """R5.1: zones one move from ``z`` reaches with the move bonuses of ``m`` (a bitset,
    ``z`` excluded)."""
    if not (m.move_roads or m.move_paths):
        return action_table(game)._reach[z]
    key = ("reach", z, m.move_roads, m.move_paths)  # remembered per zone and bonus
    bits = game.memo.get(key)
    if bits is None:
        t = game.topo
        bits = within(t.roads, z, MOVE_ROADS + m.move_roads)
        bits |= within(t.paths, z, MOVE_MOUNTAIN_PATHS + m.move_paths)
        bits = game.memo[key] = bits & ~(1 << z)
    return bits


def check_move(game: Game, state: State, a: Move) -> str | None:
    """R5.1: why ``a`` cannot be taken now, or None."""
    p, dst = a.player, a.zone  # (each field read once: a record's field is an attribute)
    if not 0 <= dst < game.zone_count:
        return "R5.1: no such zone"
    m = mods(game, state, p)
    if not reach(game, state, p, m) >> dst & 1:
        z = state.players[p].at
        roads, paths = MOVE_ROADS + m.move_roads, MOVE_MOUNTAIN_PATHS + m.move_paths
        return (f"R5.1: {game.zone(dst)} is not within {roads} road{'s' * (roads != 1)} or "
                f"{paths} mountain path{'s' * (paths != 1)} of {game.zone(z)}")
    return None


#: the log line's writer, made once (a bound method made at each call is an object
#: more to allocate)
_MOVED: Final = "{} moves {} → {}".format


def do_move(game: Game, state: State, a: Move) -> None:
    """R5.1: the player moves to ``a.zone`` (its check passed)."""
    p, dst = a.player, a.zone
    ps = state.players[p]
    src = ps.at
    ps.at = dst
    ids = game.zone_ids
    log(state, "moved", "R5.1", _MOVED,
        game.character_info[ps.character].name, ids[src], ids[dst],
        player=p, src=ids[src], dst=ids[dst])


# -- R5.2–R5.4 draw and keep ------------------------------------------------------------------

#: the skill a draw action draws with (R5.2–R5.4: C, C, I)
DRAW_SKILL: Final = {"recruit": 0, "investigate": 0, "search": 2}
_DRAW_RULE: Final = {"recruit": "R5.2", "investigate": "R5.3", "search": "R5.4"}
#: the choice a draw asks for (R5.2–R5.4, R6.2)
_KEEP: Final[dict[str, PendingKind]] = {"recruit": "keep_recruit", "investigate": "keep_investigate",
                                 "search": "keep_search", "resistance": "keep_resistance"}


def draw_count(game: Game, state: State, p: int, kind: str, m: Mods | None = None) -> int:
    """C (or I) − army malus, + draw bonuses (R5.2–R5.4, R4.5); negative is 0 (D5.2)."""
    m = m if m is not None else mods(game, state, p)
    s = DRAW_SKILL[kind]
    n = level(game, state, p, s, m) - malus(game, state, p, s, m) + m.draw[_DRAW_INDEX[kind]]
    return n if n > 0 else 0


#: each draw action's place in DRAW_ACTIONS (the order of draw counts and bonuses)
_DRAW_INDEX: Final[dict[str, int]] = {kind: i for i, kind in enumerate(DRAW_ACTIONS)}


def draw_counts(game: Game, state: State, p: int, m: Mods | None = None
                ) -> tuple[int, int, int]:
    """:func:`draw_count` of recruit, investigate and search at once (C, C, I)."""
    m = m if m is not None else mods(game, state, p)
    occ = occupied(game, state, state.players[p].at)
    c = level(game, state, p, 0, m) - malus_of(occ, m, 0)
    i = level(game, state, p, 2, m) - malus_of(occ, m, 2)
    d = m.draw
    return max(0, c + d[0]), max(0, c + d[1]), max(0, i + d[2])


def check_draw(game: Game, state: State, a: Draw, m: Mods | None = None) -> str | None:
    """R5.2–R5.4, R4.4: why ``a`` (recruit, investigate or search) cannot be taken, or None."""
    p, kind = a.player, a.kind
    refusal = limited_refusal(game, state, p)
    if refusal:
        return refusal
    n = draw_count(game, state, p, kind, m)
    if n <= 0 and game.decisions["D5.2"] == "illegal":
        skill = SKILLS[DRAW_SKILL[kind]]
        return (f"D5.2: {player_name(game, state, p)} would draw {n} ({skill} − army "
                f"malus {malus(game, state, p, DRAW_SKILL[kind])})")
    return None


#: the log line's writer, made once
_LIMITED: Final = "{} {} in {} (cube {}/{})".format


def do_draw(game: Game, state: State, a: Draw) -> None:
    """R5.2–R5.4: a cube in the zone (R4.4, D4.2), then the draw and the choice of what to keep."""
    p, kind = a.player, a.kind
    n = draw_count(game, state, p, kind)
    put_limited_cube(game, state, p)
    use_skill(game, state, p, DRAW_SKILL[kind])
    z = state.players[p].at
    zid = game.zone_ids[z]
    log(state, "limited", "R4.4", _LIMITED,
        player_name(game, state, p), _VERB[kind], zid, state.cubes[z], game.topo.size[z],
        player=p, action=kind, zone=zid)
    start_draw(game, state, p, kind, n, 1)


_VERB: Final = {"recruit": "recruits", "investigate": "investigates", "search": "searches"}


#: the log line's writer, made once
_DRAWN: Final = "{} drawn for {}".format


def start_draw(game: Game, state: State, p: int, kind: str, n: int, keep: int) -> None:
    """Draw ``n`` (recruit tokens, clues, items, resistance cards) and ask to keep ``keep``
    of them (R5.2–R5.4, R6.2); nothing drawn, nothing to keep."""
    if kind == "recruit":
        drawn = [state.rng.pop_random(state.recruit_bag) for _ in range(min(n, len(state.recruit_bag)))]
    elif kind == "investigate":
        drawn = draw(game, state, state.clue_pile, state.clue_discard, n)
    elif kind == "search":
        drawn = draw(game, state, state.item_pile, state.item_discard, n)
    else:
        drawn = draw(game, state, state.resistance_pile, state.resistance_discard, n)
    rule = _DRAW_RULE.get(kind, "R6.2")
    log(state, "drawn", rule, _DRAWN, len(drawn), kind, player=p,
        count=len(drawn))
    if not drawn:
        return
    set_pending(state, _KEEP[kind], p, drawn, [min(keep, len(drawn))])


def keep_options(game: Game, state: State) -> Iterator[Keep]:
    """The ``keep`` actions of the pending draw: each drawn card or token, and where a
    recruit or a card could go (R5.2–R5.4, R6.2)."""
    pend = state.pending
    assert pend is not None
    p = pend.player
    kind = pend.kind[5:]
    table = action_table(game)
    for i, x in enumerate(pend.options):
        if kind == "recruit":
            fits = list(recruit_slots(game, state, p, x))
            for code in fits:
                yield table.keep(p, i, code)
            if not fits:
                yield table.keep(p, i, -1)  # D5.1: fits nowhere, returned
        elif kind == "search":
            inv = state.players[p].inventory
            if len(inv) < inventory_limit(game, state, p):
                yield table.keep(p, i, -1)
            else:
                for j in range(len(inv) + 1):  # discard a held card, or the new one
                    yield table.keep(p, i, j)
        else:
            yield table.keep(p, i, -1)


def token_values(game: Game) -> tuple[tuple[int, ...], ...]:
    """Per recruit token, its values in C, M and I (0 for a dummy), built once per game."""
    values = game.memo.get("token_values")
    if values is None:
        values = game.memo["token_values"] = tuple(
            (t.value("C"), t.value("M"), t.value("I")) for t in game.recruits)
    return values


def recruit_slots(game: Game, state: State, p: int, token: int) -> Iterator[int]:
    """R5.2: free slots whose number is at most the token's value in that skill."""
    values = token_values(game)[token]
    info = game.character_info[state.players[p].character]
    for s in range(3):
        v = values[s]
        row = state.players[p].squad[s]
        for k, number in enumerate(info.slots[s]):
            if row[k] == EMPTY and number <= v:
                yield slot_code(s, k)


def check_keep(game: Game, state: State, a: Keep) -> str | None:
    """Why ``a`` cannot answer the pending draw, or None."""
    pend = state.pending
    if pend is None or not pend.kind.startswith("keep_"):
        return "nothing to keep now"
    if a.player != pend.player:
        return f"{player_name(game, state, pend.player)} chooses what to keep"
    if a not in set(keep_options(game, state)):
        kind = pend.kind[5:]
        if kind == "recruit":
            return "R5.2: the token needs a free slot numbered at most its value in that skill"
        if kind == "search":
            inv = state.players[pend.player].inventory
            if not 0 <= a.drawn < len(pend.options):
                return "no such card to keep"
            if len(inv) < inventory_limit(game, state, pend.player):
                return "R5.4: the inventory has room: keep the card without discarding one"
            if a.where < 0:
                return "R5.4: the inventory is full: discard a card to make room"
            return "R5.4: no such card to discard"
        return "no such card to keep"
    return None


def do_keep(game: Game, state: State, a: Keep) -> None:
    """Keep the chosen card or token, discard the rest (R5.2–R5.4, R6.2, D5.1)."""
    pend = state.pending
    assert pend is not None
    p, kind = pend.player, pend.kind[5:]
    x = pend.options.pop(a.drawn)
    where = a.where
    left = pend.data[0] - 1
    name = player_name(game, state, p)
    if kind == "recruit":
        if where >= 0:
            s, k = slot_of(where)
            state.players[p].squad[s][k] = x
            log(state, "recruited", "R5.2",
                f"{name} recruits {_token(game, x)} on {SKILLS[s]} slot {k + 1}", player=p)
        else:
            state.recruit_bag.append(x)
            log(state, "recruit_returned", "D5.1",
                f"{name} keeps {_token(game, x)}, which fits nowhere, and returns it", player=p)
    elif kind == "investigate":
        state.clues_kept.append(x)
        log(state, "clue_kept", "R5.3", f"{name} keeps the clue '{game.clue_names[x]}'",
            player=p, clue=game.clue_names[x])
    elif kind == "search":
        inv = state.players[p].inventory
        if where == len(inv):
            state.item_discard.append(x)
            log(state, "item_discarded", "R5.4",
                f"{name} discards the new card '{card_name(game, x)}' (inventory full)", player=p)
        else:
            if where >= 0:
                old = inv.pop(where)
                discard_card(state, old)
                log(state, "item_discarded", "R5.4",
                    f"{name} discards '{card_name(game, old)}' to make room", player=p)
            inv.append(x)
            log(state, "item_kept", "R5.4", f"{name} keeps '{card_name(game, x)}'", player=p,
                item=game.items[x].id)
            enforce_inventory_limit(game, state, p)  # the card discarded may have enlarged the hand
    else:  # resistance (R6.2)
        state.resistance.append([x, 0])
        log(state, "resistance_kept", "R6.2", "resistance card '{}' is now available".format,
            game.resistance_titles[x])
    if left > 0 and pend.options:
        pend.data[0] = left
        return
    for rest in pend.options:  # the others are returned or discarded
        if kind == "recruit":
            state.recruit_bag.append(rest)
        elif kind == "investigate":
            state.clue_discard.append(rest)
        elif kind == "search":
            state.item_discard.append(rest)
        else:
            state.resistance_discard.append(rest)
    state.pending = None


def discard_card(state: State, card: int) -> None:
    """An inventory card to its discard pile (a special item back to the set-aside pile)."""
    if card >= SPECIAL:
        state.special_left[card - SPECIAL] += 1
    else:
        state.item_discard.append(card)


def _token(game: Game, x: int) -> str:
    t = game.recruits[x]
    if t.dummy:
        return "a dummy token"
    return f"{t.letter or '?'} (C{t.C or 0} M{t.M or 0} I{t.I or 0})"


# -- R5.5 craft -----------------------------------------------------------------------------


def has_parts(game: Game, state: State, p: int, special: int) -> bool:
    """Whether ``p`` holds every part of special item ``special`` (R5.5)."""
    inv = state.players[p].inventory
    for item, k in game.recipes[special]:  # noqa: SIM110 (a loop: no generator made)
        if inv.count(item) < k:
            return False
    return True


def craft_need(game: Game, state: State, p: int) -> int:
    """The Engineering ``p`` needs to craft (R5.5, with its effects)."""
    return game.craft_threshold + mods(game, state, p).craft_delta


def check_craft(game: Game, state: State, a: Craft) -> str | None:
    """R5.5: why ``a`` cannot be taken now, or None."""
    p, s = a.player, a.special
    if not 0 <= s < len(game.specials):
        return "R5.5: no such special item"
    title = game.special_titles[s]
    if not has_parts(game, state, p, s):
        return f"R5.5: {player_name(game, state, p)} does not hold the parts of '{title}'"
    if state.special_left[s] <= 0:
        return f"R5.5: no '{title}' card is left to take"
    return None


def do_craft(game: Game, state: State, a: Craft) -> None:
    """R5.5: the Engineering test; on success the parts are discarded and the special
    item comes into the player's hand."""
    p, s = a.player, a.special
    value = effective(game, state, p, 2)
    need = craft_need(game, state, p)
    use_skill(game, state, p, 2)
    title = game.special_titles[s]
    name = player_name(game, state, p)
    if value >= need:
        inv = state.players[p].inventory
        for item, k in game.recipes[s]:
            for _ in range(k):
                inv.remove(item)
                state.item_discard.append(item)
        inv.append(SPECIAL + s)
        state.special_left[s] -= 1
        log(state, "crafted", "R5.5", f"{name} crafts '{title}' (I − malus {num(value)} ≥ {need})",
            player=p, special=game.specials[s].id, success=True)
        enforce_inventory_limit(game, state, p)
        return
    lost = game.decisions["D11.2"] == "lost"
    if lost:
        inv = state.players[p].inventory
        for item, k in game.recipes[s]:
            for _ in range(k):
                inv.remove(item)
                state.item_discard.append(item)
    log(state, "craft_failed", "D11.2",
        f"{name} fails to craft '{title}' (I − malus {num(value)} < {need}); the parts are "
        f"{'lost' if lost else 'kept'}", player=p, special=game.specials[s].id, success=False)


def enforce_inventory_limit(game: Game, state: State, p: int) -> None:
    """R5.4: an inventory above its limit (a lost bonus) discards down to it; with people
    at the table (:attr:`Game.people_choose`) they choose the card (:func:`ask_discard`,
    once the action is done)."""
    if game.people_choose:
        return
    inv = state.players[p].inventory
    while len(inv) > max(inventory_limit(game, state, p), 0) and inv:
        # the card with the least use goes: a useless card first, then the oldest item
        worst = min(range(len(inv)), key=lambda i: (inv[i] >= SPECIAL,
                                                    game.items[inv[i]].kind != "useless"
                                                    if inv[i] < SPECIAL else True, i))
        old = inv.pop(worst)
        discard_card(state, old)
        log(state, "item_discarded", "R5.4",
            f"{player_name(game, state, p)} discards '{card_name(game, old)}' (inventory limit)",
            player=p)


def _discard_order(game: Game, inv: list[int]) -> list[int]:
    """The inventory's indices, the card with the least use first (the one
    :func:`enforce_inventory_limit` discards alone): a useless card, then the oldest item."""
    return sorted(range(len(inv)), key=lambda i: (inv[i] >= SPECIAL,
                                                  game.items[inv[i]].kind != "useless"
                                                  if inv[i] < SPECIAL else True, i))


def ask_discard(game: Game, state: State) -> bool:
    """R5.4 with people at the table: the first player holding more than their limit
    chooses a card to discard (a ``discard_excess`` choice, the default first); True when
    asked."""
    for p, ps in enumerate(state.players):
        limit = max(inventory_limit(game, state, p), 0)
        if len(ps.inventory) > limit:
            set_pending(state, "discard_excess", p, _discard_order(game, ps.inventory), [],
                        f"{player_name(game, state, p)} holds {len(ps.inventory)} cards, "
                        f"{limit} at most (R5.4)")
            return True
    return False


def answer_discard(game: Game, state: State, i: int) -> None:
    """The ``choose`` answer to ``discard_excess``: inventory card ``i`` is discarded."""
    pend = state.pending
    assert pend is not None
    p = pend.player
    state.pending = None
    old = state.players[p].inventory.pop(i)
    discard_card(state, old)
    log(state, "item_discarded", "R5.4",
        f"{player_name(game, state, p)} discards '{card_name(game, old)}' (inventory limit)",
        player=p)


# -- R5.6 eliminate, R9.6 officers ---------------------------------------------------------------


def eliminate_zones(game: Game, state: State, p: int) -> int:
    """The zones ``p`` can eliminate in, as a bitset: its own, or within its range (R5.6)."""
    z = state.players[p].at
    rng = mods(game, state, p).eliminate_range
    if not rng:
        return 1 << z
    return around(game, z, rng)


def check_eliminate(game: Game, state: State, a: Eliminate) -> str | None:
    """R5.6, R9.6: why ``a`` cannot be taken now, or None."""
    p, z, officer = a.player, a.zone, a.officer
    if not 0 <= z < game.zone_count or officer not in (0, 1):
        return "R5.6: no such target"
    if not eliminate_zones(game, state, p) >> z & 1:
        return f"R5.6: {game.zone(z)} is out of reach (eliminate in your own zone)"
    if officer == 0 and state.soldiers[z] == 0:
        return f"R5.6: no soldier in {game.zone(z)}"
    if officer == 1:
        if state.officers[z] == 0:
            return f"R5.6: no officer in {game.zone(z)}"
        if not mods(game, state, p).eliminate_officers:
            return ("R9.6: officers cannot be eliminated, except by a character at max "
                    "Military, a resistance card or a special item")
    return None


def do_eliminate(game: Game, state: State, a: Eliminate) -> None:
    """R5.6: the Military test (M − occupation > 0); the soldier or officer goes to
    the eliminated area (R7.2)."""
    p, z, officer = a.player, a.zone, a.officer
    value = effective(game, state, p, 1, zone=z)
    use_skill(game, state, p, 1)
    piece = "officer" if officer else "soldier"
    name = player_name(game, state, p)
    zid = game.zone_ids[z]
    if value > 0:
        if officer:
            state.officers[z] -= 1
            state.eliminated_officers += 1
        else:
            state.soldiers[z] -= 1
            state.eliminated_soldiers += 1
        log(state, "eliminated", "R5.6",
            f"{name} eliminates {'an officer' if officer else 'a soldier'} in {zid} "
            f"(M − malus {num(value)} > 0)", player=p, zone=zid, piece=piece, success=True)
    else:
        log(state, "eliminate_failed", "D11.2",
            f"{name} fails to eliminate in {zid} (M − malus {num(value)} ≤ 0); the "
            "action is spent", player=p, zone=zid, piece=piece, success=False)


# -- R5.7 use a special item ---------------------------------------------------------------------


def condition_refusal(game: Game, state: State, p: int, cond: object) -> str | None:
    """A use's condition other than its test: where the actor must stand (R5.7)."""
    z = state.players[p].at
    if isinstance(cond, fx.InObjectiveZone):
        for o in game.objectives:
            if cond.objective not in ("any", o.kind):
                continue
            for r in state.revealed[o.index]:
                if cond.within == 0 and r == z:
                    return None
                if cond.within and around(game, z, cond.within) >> r & 1:
                    return None
        what = {"any": "an objective", "strategic": "the strategic objective"}.get(
            cond.objective, f"the {cond.objective}")
        return f"R5.7: {player_name(game, state, p)} is not in the zone of {what} (revealed)"
    if isinstance(cond, fx.InCity):
        size = game.model.board.zones[z].size
        if size not in cond.sizes:
            return f"R5.7: {game.zone(z)} is a {size}, not a {' or '.join(cond.sizes)}"
    return None


def around(game: Game, z: int, steps: int) -> int:
    """Zones within ``steps`` roads or mountain paths of ``z`` (a bitset, ``z`` included),
    remembered per zone and distance."""
    key = ("around", z, steps)
    bits = game.memo.get(key)
    if bits is None:
        bits = game.memo[key] = within(_adj(game), z, steps)
    return bits


def _adj(game: Game) -> list[int]:
    """Per zone, its neighbours by road or mountain path (a bitset), built once per game."""
    adj = game.memo.get("adj")
    if adj is None:
        t = game.topo
        adj = game.memo["adj"] = [t.roads[i] | t.paths[i] for i in range(t.n)]
    return adj


def check_use(game: Game, state: State, a: Use) -> str | None:
    """R5.7: why ``a`` cannot be taken now, or None."""
    p, i, u = a.player, a.card, a.use
    inv = state.players[p].inventory
    if not 0 <= i < len(inv) or inv[i] < SPECIAL:
        return "R5.7: no special item there"
    uses = use_conditions(game)[inv[i] - SPECIAL]
    if not 0 <= u < len(uses):
        return "R5.7: no such use"
    for cond in uses[u]:
        refusal = condition_refusal(game, state, p, cond)
        if refusal:
            return refusal
    return None


def use_conditions(game: Game) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """Per special item, per use, its conditions (their payloads, R5.7), read once per
    game from the cards (models whose every attribute read is a Python call)."""
    got = game.memo.get("use_conditions")
    if got is None:
        got = game.memo["use_conditions"] = tuple(
            tuple(tuple(c.payload for c in use.requires) for use in special.uses)
            for special in game.specials)
    return got


def do_use(game: Game, state: State, a: Use) -> None:
    """R5.7: the use's tests; on success its effects (an objective completed …)."""
    p, i, u = a.player, a.card, a.use
    inv = state.players[p].inventory
    s = inv[i] - SPECIAL
    special = game.specials[s]
    use = special.uses[u]
    name = player_name(game, state, p)
    ok = True
    for cond in use.requires:
        c = cond.payload
        if isinstance(c, fx.SkillTest):
            k = SKILL_INDEX[c.skill]
            value = effective(game, state, p, k)
            use_skill(game, state, p, k)
            if value < c.at_least:
                ok = False
                log(state, "use_failed", "D11.2",
                    f"{name} fails to use '{game.special_titles[s]}' ({c.skill} − malus {num(value)} "
                    f"< {c.at_least})", player=p, special=special.id, success=False)
    if not ok:
        return
    log(state, "used", "R5.7", f"{name} uses '{game.special_titles[s]}'", player=p,
        special=special.id, success=True)
    if use.discard:
        inv.pop(i)
        state.special_left[s] += 1
    state.queue.append([game.special_use_effects[s][u], 0, p, -1, 0, -1])


# -- R5.8 resistance --------------------------------------------------------------------------


def resistance_cost(game: Game, state: State, p: int, slot: int) -> int:
    """The cubes resistance card ``slot`` costs ``p`` (R5.8, with its discounts)."""
    card = game.resistance_cards[state.resistance[slot][0]]
    return max(0, card.cost - mods(game, state, p).resistance_discount)


def check_resistance(game: Game, state: State, a: Resistance) -> str | None:
    """R5.8, D11.3: why ``a`` cannot be taken, or None."""
    p, i, cubes, activate = a.player, a.card, a.cubes, a.activate
    if not 0 <= i < len(state.resistance):
        return "R5.8: no such available resistance card"
    if cubes < 0 or cubes > state.players[p].cubes:
        have = state.players[p].cubes
        return (f"R5.8: {player_name(game, state, p)} has {have} "
                f"cube{'s' * (have != 1)}")
    if activate not in (0, 1):
        return "R5.8: activate is 0 or 1"
    if cubes == 0 and activate == 0:
        return "R5.8: put at least one cube on the card, or activate it"
    if activate == 1:
        need = resistance_cost(game, state, p, i)
        have = state.resistance[i][1] + cubes
        if have < need:
            return (f"R5.8: the card holds {have} cube{'s' * (have != 1)}; it needs {need} "
                    "to be activated")
    return None


def do_resistance(game: Game, state: State, a: Resistance) -> None:
    """R5.8: cubes put on the card; when activated, its effects, its cubes to the supply."""
    p, i, cubes = a.player, a.card, a.cubes
    slot = state.resistance[i]
    card = game.resistance_cards[slot[0]]
    name = player_name(game, state, p)
    if cubes:
        state.players[p].cubes -= cubes
        slot[1] += cubes
        log(state, "resistance_prepared", "R5.8",
            f"{name} puts {cubes} cube{'s' * (cubes != 1)} on '{game.resistance_titles[slot[0]]}' "
            f"({slot[1]}/{card.cost})", player=p, card=card.id)
    if a.activate:
        state.resistance.pop(i)
        state.resistance_discard.append(slot[0])
        state.supply_cubes += slot[1]  # D11.3: the cubes go to the general supply
        log(state, "resistance_activated", "R5.8", f"{name} activates '{game.resistance_titles[slot[0]]}'",
            player=p, card=card.id)
        state.queue.append([game.resistance_effects[slot[0]], 0, p, -1, 0, -1])


# -- R5.9 transfer ------------------------------------------------------------------------------


def transfer_zones(game: Game, state: State, p: int) -> int:
    """The zones ``p`` can give to, as a bitset: its own, or within its range (R5.9)."""
    z = state.players[p].at
    rng = mods(game, state, p).transfer_range
    return around(game, z, rng) if rng else 1 << z


def check_transfer(game: Game, state: State, a: Transfer) -> str | None:
    """R5.9, D11.5: why ``a`` cannot be taken now, or None."""
    return transfer_refusal(game, state, a.player, a.to, a.card, a.recruit, a.row)


def transfer_refusal(game: Game, state: State, p: int, q: int, card: int, recruit: int,
                     row: int) -> str | None:
    """:func:`check_transfer` of the transfer of these fields (``p`` gives ``q`` inventory
    card ``card``, or the recruit of slot ``recruit`` onto row ``row``): what the
    generation of transfers asks without building and reading each record."""
    if not 0 <= q < len(state.players) or q == p:
        return "R5.9: give to another player"
    if not transfer_zones(game, state, p) >> state.players[q].at & 1:
        rng = mods(game, state, p).transfer_range
        near = f" nor within {rng} link{'s' * (rng != 1)} of it" if rng else ""
        return (f"R5.9: {player_name(game, state, q)} is not in "
                f"{game.zone(state.players[p].at)}{near}")
    checked = game.decisions["D11.5"] == "checked"
    if card >= 0:
        if card >= len(state.players[p].inventory):
            return "R5.9: no such inventory card"
        if checked and len(state.players[q].inventory) >= inventory_limit(game, state, q):
            return f"D11.5: {player_name(game, state, q)}'s inventory is full (R5.4)"
        return None
    s, k = slot_of(recruit)
    squad_row = state.players[p].squad[s] if 0 <= s < 3 else []
    if not 0 <= k < len(squad_row) or squad_row[k] < 0:
        return "R5.9: no recruit there"
    if not 0 <= row < 3:
        return "R5.9: choose the receiver's skill row"
    if _first_fit(game, state, q, squad_row[k], row, checked) is None:
        return (f"D11.5: no free slot of {player_name(game, state, q)}'s {SKILLS[row]} row "
                "fits this recruit (R5.2)")
    return None


def _first_fit(game: Game, state: State, q: int, token: int, s: int, checked: bool) -> int | None:
    info = game.character_info[state.players[q].character]
    v = token_values(game)[token][s]
    for k, number in enumerate(info.slots[s]):
        if state.players[q].squad[s][k] == EMPTY and (number <= v or not checked):
            return k
    return None


def do_transfer(game: Game, state: State, a: Transfer) -> None:
    """R5.9: "envoyer des personnages et/ou des objets" — one action gives several things.
    The action gives its first thing; then the giver may add more to the same receiver in
    the same action (a ``transfer_more`` choice), or be done."""
    give(game, state, a)
    ask_transfer_more(game, state, a.player, a.to)


def give(game: Game, state: State, t: Transfer) -> None:
    """One thing from ``t.player`` to ``t.to``: inventory card ``t.card``, or the recruit
    of slot ``t.recruit`` onto the receiver's row ``t.row`` (D11.5: the slot test, the
    inventory limit)."""
    p, q = t.player, t.to
    giver, taker = player_name(game, state, p), player_name(game, state, q)
    i = t.card
    if i >= 0:
        card = state.players[p].inventory.pop(i)
        state.players[q].inventory.append(card)
        log(state, "transferred", "R5.9", f"{giver} gives '{card_name(game, card)}' to {taker}",
            player=p, to=q)
        enforce_inventory_limit(game, state, q)
        enforce_inventory_limit(game, state, p)  # the card given may have been what enlarged the hand
        return
    s, k = slot_of(t.recruit)
    row = t.row
    token = state.players[p].squad[s][k]
    state.players[p].squad[s][k] = EMPTY
    slot = _first_fit(game, state, q, token, row, game.decisions["D11.5"] == "checked")
    assert slot is not None
    state.players[q].squad[row][slot] = token
    log(state, "transferred", "R5.9",
        f"{giver} gives recruit {_token(game, token)} to {taker} ({SKILLS[row]} slot {slot + 1})",
        player=p, to=q)


#: the ``transfer_more`` option that ends the transfer (option 0); any other option is a
#: further thing given, :meth:`Transfer.option <authoring.engine.actions.Transfer.option>`
TRANSFER_DONE: Final = 1 << 20


def ask_transfer_more(game: Game, state: State, p: int, q: int) -> None:
    """R5.9: after a thing given, ``p`` may give ``q`` more in the same action: a
    ``transfer_more`` choice, option 0 being done (so a bot that takes the first option
    gives one thing per action), then every further thing that passes the R5.9 check."""
    more = [Transfer(p, to, card, recruit, row).option()
            for to, card, recruit, row in _transfer_fields(game, state, p, q)
            if transfer_refusal(game, state, p, to, card, recruit, row) is None]
    if not more:
        state.pending = None
        return
    set_pending(state, "transfer_more", p, [TRANSFER_DONE, *more], [q],
                f"to {player_name(game, state, q)}")


def answer_transfer_more(game: Game, state: State, x: int) -> None:
    """The ``choose`` answer to ``transfer_more``: done, or one more thing given."""
    pend = state.pending
    assert pend is not None
    p, q = pend.player, pend.data[0]
    state.pending = None
    if x == TRANSFER_DONE:
        return
    give(game, state, Transfer.of_option(p, q, x))
    ask_transfer_more(game, state, p, q)


# -- R5.10 plan ---------------------------------------------------------------------------------


def planning_tokens(state: State, p: int) -> list[int]:
    """The skills (0 C, 1 M, 2 I) where ``p`` has a planning token (R5.10)."""
    sq = state.players[p].squad
    return [s for s in range(3) if PLANNING in sq[s]]


def check_plan(game: Game, state: State, a: Plan, m: Mods | None = None,
               active: list[int] | None = None) -> str | None:
    """R5.10: why ``a`` (a planning token placed) cannot be taken now, or None."""
    p, skill = a.player, a.skill
    if skill not in (0, 1, 2):
        return "R5.10: plan on C, M or I"
    row = state.players[p].squad[skill]
    if EMPTY not in row:
        return f"R5.10: no free slot on {SKILLS[skill]}"
    if active is None:
        active = planning_tokens(state, p)
    m = m if m is not None else mods(game, state, p)
    limit = game.planning_active + m.planning
    if len(active) >= limit:
        if all(s == skill for s in active):
            return f"R5.10: the planning token is already on {SKILLS[skill]}"
        return None  # D11.4: moving the token is a Plan action
    if state.planning_supply <= 0:
        return "D11.4: no planning token left in the supply"
    return None


def do_plan(game: Game, state: State, a: Plan) -> None:
    """R5.10: the planning token on the first free slot of the skill (+1 level until used)."""
    p, skill = a.player, a.skill
    active = planning_tokens(state, p)
    limit = game.planning_active + mods(game, state, p).planning
    moved_from = None
    if len(active) >= limit:
        moved_from = next(s for s in active if s != skill)
        row = state.players[p].squad[moved_from]
        row[row.index(PLANNING)] = EMPTY
    else:
        state.planning_supply -= 1
    row = state.players[p].squad[skill]
    row[row.index(EMPTY)] = PLANNING
    what = f"moves the planning token from {SKILLS[moved_from]} to" if moved_from is not None \
        else "puts a planning token on"
    log(state, "planned", "R5.10", "{} {} {}".format, player_name(game, state, p), what,
        SKILLS[skill], player=p, skill=SKILLS[skill])


# -- objectives acted on in their zone -------------------------------------------------------------


def check_objective(game: Game, state: State, a: Objective) -> str | None:
    """Why ``a`` (eliminate the general, free the prisoner) cannot be taken, or None."""
    p, i = a.player, a.objective
    if not 0 <= i < len(game.objectives):
        return "R9.2: no such objective"
    o = game.objectives[i]
    z = state.players[p].at
    if o.kind not in ("general", "prisoner"):
        return f"R5.7: the {o.kind} objective is done by using its special item"
    if state.done[i] >= o.markers:
        return "R9.2: this objective is already done"
    if z not in state.revealed[i]:
        return f"R6.1: the {o.kind} is not revealed in {game.zone(z)}"
    if o.kind == "prisoner":
        if state.occupation(z) > 0:
            return f"the prisoner can be freed once {game.zone(z)} has no soldier or officer"
        if o.item >= 0 and SPECIAL + o.item not in state.players[p].inventory:
            return f"freeing the prisoner needs '{game.special_titles[o.item]}'"
    return None


def do_objective(game: Game, state: State, a: Objective) -> None:
    """The objective's test in its zone; on success its marker is completed (R9.2)."""
    p, i = a.player, a.objective
    o = game.objectives[i]
    z = state.players[p].at
    name = player_name(game, state, p)
    if o.kind == "general":
        value = effective(game, state, p, 1)
        use_skill(game, state, p, 1)
        if value < o.military:
            log(state, "objective_failed", "D11.2",
                f"{name} fails to eliminate the general (M − malus {num(value)} < {o.military})",
                player=p)
            return
        log(state, "general_eliminated", "R9.2",
            f"{name} eliminates the general in {game.zone(z)} (M − malus {num(value)} ≥ {o.military})",
            player=p)
    complete_objective(game, state, i, z, p)


# -- R6.3 reorganise -------------------------------------------------------------------------------


def reorganise_fits(game: Game, state: State, p: int, token: int, s: int, k: int,
                    src: tuple[int, int], swap: bool = False) -> bool:
    """Whether ``token`` may move from slot ``src`` to slot ``k`` of row ``s`` (R6.3, D6.2);
    ``swap``: the recruit there goes to ``src`` in exchange."""
    info = game.character_info[state.players[p].character]
    v = token_values(game)[token][s]
    if game.decisions["D6.2"] == "slot":
        return info.slots[s][k] <= v
    # option: the recruit's value at least the row's level before the move, the recruit
    # that leaves the row not counted (the mover itself, or the one it swaps with)
    row_level = info.initial[s] + sum(1 for x in state.players[p].squad[s] if x != EMPTY)
    if src[0] == s or swap:
        row_level -= 1
    return v >= row_level


def check_reorganise(game: Game, state: State, a: Reorganise) -> str | None:
    """R6.3: why ``a`` cannot be taken, or None. "Réorganiser complètement son escouade":
    a recruit moves to a free slot, or two recruits exchange their slots when each fits
    the other's (D6.2) — a full squad can still be reorganised."""
    if state.phase != "start":
        return "R6.3: squads are reorganised at the start of the players' phase"
    p = a.player
    s0, k0 = slot_of(a.from_slot)
    s1, k1 = slot_of(a.to_slot)
    sq = state.players[p].squad
    if not (0 <= s0 < 3 and 0 <= k0 < len(sq[s0]) and sq[s0][k0] >= 0):
        return "R6.3: no recruit there"
    if not (0 <= s1 < 3 and 0 <= k1 < len(sq[s1])):
        return "R6.3: no such slot on the sheet"
    if (s0, k0) == (s1, k1):
        return "R6.3: the recruit is already in that slot"
    other = sq[s1][k1]
    if other == PLANNING:
        return "R6.3: a planning token is in that slot (R5.10): choose a free slot or a recruit"
    misfit = _misfit(game, state, p, s0, k0, s1, k1)
    if misfit == 1:
        return f"D6.2: the recruit's {SKILLS[s1]} value is too low for that slot"
    if misfit == 2:
        return (f"D6.2: the recruit in {SKILLS[s1]} slot {k1 + 1} cannot take "
                f"{SKILLS[s0]} slot {k0 + 1} in exchange (its {SKILLS[s0]} value is too low)")
    return None


def _misfit(game: Game, state: State, p: int, s0: int, k0: int, s1: int, k1: int) -> int:
    """R6.3, D6.2: the recruit of slot ``(s0, k0)`` to slot ``(s1, k1)`` (free, or held by
    a recruit that takes ``(s0, k0)`` in exchange): 0 when it fits, 1 when the mover does
    not fit its new slot, 2 when the recruit it exchanges with does not fit its own."""
    sq = state.players[p].squad
    other = sq[s1][k1]
    if not reorganise_fits(game, state, p, sq[s0][k0], s1, k1, (s0, k0), other >= 0):
        return 1
    if other >= 0 and not reorganise_fits(game, state, p, other, s0, k0, (s1, k1), True):
        return 2
    return 0


def do_reorganise(game: Game, state: State, a: Reorganise) -> None:
    """R6.3: the recruit moves to its new slot, or the two recruits exchange their slots
    (free, at the start of the phase)."""
    p = a.player
    s0, k0 = slot_of(a.from_slot)
    s1, k1 = slot_of(a.to_slot)
    sq = state.players[p].squad
    other = sq[s1][k1]
    sq[s1][k1], sq[s0][k0] = sq[s0][k0], other
    if other >= 0:
        log(state, "reorganised", "R6.3",
            "{} exchanges the recruits of {} slot {} and {} slot {}".format,
            player_name(game, state, p), SKILLS[s0], k0 + 1, SKILLS[s1], k1 + 1, player=p)
        return
    log(state, "reorganised", "R6.3", "{} moves a recruit from {} slot {} to {} slot {}".format,
        player_name(game, state, p), SKILLS[s0], k0 + 1, SKILLS[s1], k1 + 1, player=p)


# -- the table ---------------------------------------------------------------------------------

_R = TypeVar("_R", bound=Action)


def _rule(record: type[_R], check: Callable[[Game, State, _R], str | None],
          act: Callable[[Game, State, _R], None]) -> tuple[type[Action], Check, Act]:
    """A row of the table: the record, its check and its act (both typed for it)."""
    return record, check, act


_RULES = (
    _rule(Move, check_move, do_move),
    _rule(Recruit, check_draw, do_draw),
    _rule(Investigate, check_draw, do_draw),
    _rule(Search, check_draw, do_draw),
    _rule(Craft, check_craft, do_craft),
    _rule(Eliminate, check_eliminate, do_eliminate),
    _rule(Use, check_use, do_use),
    _rule(Resistance, check_resistance, do_resistance),
    _rule(Transfer, check_transfer, do_transfer),
    _rule(Plan, check_plan, do_plan),
    _rule(Objective, check_objective, do_objective),
)
#: the check of each standard action, by the record's type (R5)
CHECKS: Final[dict[type[Action], Check]] = {record: check for record, check, _ in _RULES}
#: the act of each standard action, by the record's type (R5; its check passed)
ACTS: Final[dict[type[Action], Act]] = {record: act for record, _, act in _RULES}
assert set(CHECKS) == set(ACTS) == {RECORDS[k] for k in COUNTED} >= {RECORDS[k] for k in LIMITED}


def candidates(game: Game, state: State, p: int) -> Iterator[Action]:
    """Every standard action ``p`` might take (each still goes through its check)."""
    ps = state.players[p]
    t = game.topo
    r = reach(game, state, p)
    for z in range(t.n):
        if r >> z & 1:
            yield Move(p, z)
    yield Recruit(p)
    yield Investigate(p)
    yield Search(p)
    for s in range(len(game.specials)):
        if has_parts(game, state, p, s):
            yield Craft(p, s)
    yield from _eliminations(game, state, p, True)
    for i, card in enumerate(ps.inventory):
        if card >= SPECIAL:
            for u in range(len(game.specials[card - SPECIAL].uses)):
                yield Use(p, i, u)
    for slot_i in range(len(state.resistance)):
        for k in range(1, ps.cubes + 1):
            yield Resistance(p, slot_i, k, 0)
        need = max(0, resistance_cost(game, state, p, slot_i) - state.resistance[slot_i][1])
        if need <= ps.cubes:
            yield Resistance(p, slot_i, need, 1)
    yield from _transfers(game, state, p)
    for s in range(3):
        yield Plan(p, s)
    for o in game.objectives:
        if o.kind in ("general", "prisoner") and ps.at in state.revealed[o.index]:
            yield Objective(p, o.index)


def _eliminations(game: Game, state: State, p: int, officers: bool) -> Iterator[Eliminate]:
    ez = eliminate_zones(game, state, p)
    table = action_table(game)
    while ez:
        low = ez & -ez
        z = low.bit_length() - 1
        ez ^= low
        pair = table.eliminate[p][z] or table.eliminations(p, z)
        if state.soldiers[z]:
            yield pair[0]
        if officers and state.officers[z]:
            yield pair[1]


class ActionTable:
    """Actions built once per game (tuples: shared safely): per seat, the moves from each
    zone without a move bonus (R5.1, :attr:`Topology.reach`), the three draws, the three
    plans, the eliminations per zone; ``end``; and, as they are first listed, the cubes
    put on and the activations of resistance cards (R5.8), the keeps (R5.2–R5.4, R6.2),
    the answers to choices and the reorganisations (R6.3)."""

    __slots__ = ("move", "bonus_moves", "draws", "plans", "eliminate", "objectives", "costs",
                 "_put", "_activate", "_keep", "_choose", "_reorganise", "_reach", "_to")

    def __init__(self, game: Game) -> None:
        n = game.zone_count
        seats = range(max(8, game.players))
        #: filled on first use (a study makes a game per chunk of games)
        self.move: list[list[tuple[Move, ...] | None]] = [[None] * n for _ in seats]
        #: with a move bonus: (seat, zone, roads, paths) -> moves
        self.bonus_moves: dict[tuple[int, int, int, int], tuple[Move, ...]] = {}
        #: in the order of DRAW_ACTIONS
        self.draws: list[tuple[Draw, Draw, Draw]] = [
            (Recruit(p), Investigate(p), Search(p)) for p in seats]
        self.plans = [tuple(Plan(p, s) for s in range(3)) for p in seats]
        self.eliminate: list[list[tuple[Eliminate, Eliminate] | None]] = [
            [None] * n for _ in seats]
        self._reach: list[int] = list(game.topo.reach)
        self._to: list[list[Move | None]] = [[None] * n for _ in seats]
        #: objectives acted on in their zone (the general, the prisoner)
        self.objectives = tuple(o.index for o in game.objectives
                                if o.kind in ("general", "prisoner"))
        #: per resistance card, its cost (R5.8)
        self.costs = tuple(c.cost for c in game.resistance_cards)
        #: slot × seats + seat -> the cubes put on that card (R5.8; a number: a tuple key
        #: is made and hashed at each read)
        self._put: dict[int, tuple[Resistance, ...]] = {}
        #: (seat, card slot, cubes) -> the activation with that many cubes (R5.8)
        self._activate: dict[tuple[int, int, int], Resistance] = {}
        #: (seat, option, where) -> the keep (R5.2–R5.4, R6.2); (seat, from, to) -> the
        #: reorganisation (R6.3)
        self._keep: dict[tuple[int, int, int], Keep] = {}
        #: (seat, option) -> the answer to a pending choice
        self._choose: dict[tuple[int, int], Choose] = {}
        self._reorganise: dict[tuple[int, int, int], Reorganise] = {}

    def moves(self, p: int, z: int) -> tuple[Move, ...]:
        """R5.1: the moves from ``z`` without a move bonus."""
        row = self.move[p][z]
        if row is None:
            row = self.move[p][z] = _moves_to(p, self._reach[z])
        return row

    def to(self, p: int, z: int) -> Move:
        """R5.1: ``p``'s move to ``z``."""
        a = self._to[p][z]
        if a is None:
            a = self._to[p][z] = Move(p, z)
        return a

    def eliminations(self, p: int, z: int) -> tuple[Eliminate, Eliminate]:
        """R5.6: a soldier, an officer in ``z``."""
        pair = self.eliminate[p][z]
        if pair is None:
            pair = self.eliminate[p][z] = (Eliminate(p, z, 0), Eliminate(p, z, 1))
        return pair

    def activate(self, p: int, slot: int, cubes: int) -> Resistance:
        """R5.8: activate the available card ``slot`` with ``cubes`` more cubes."""
        key = (p, slot, cubes)
        a = self._activate.get(key)
        if a is None:
            a = self._activate[key] = Resistance(p, slot, cubes, 1)
        return a

    def keep(self, p: int, drawn: int, where: int) -> Keep:
        """R5.2–R5.4, R6.2: keep option ``drawn`` of the pending draw, put ``where``."""
        key = (p, drawn, where)
        a = self._keep.get(key)
        if a is None:
            a = self._keep[key] = Keep(p, drawn, where)
        return a

    def choose(self, p: int, option: int) -> Choose:
        """``p`` answers the pending choice with its option number ``option``."""
        key = (p, option)
        a = self._choose.get(key)
        if a is None:
            a = self._choose[key] = Choose(p, option)
        return a

    def reorganise(self, p: int, from_slot: int, to_slot: int) -> Reorganise:
        """R6.3: move the recruit in ``from_slot`` to ``to_slot``."""
        key = (p, from_slot, to_slot)
        a = self._reorganise.get(key)
        if a is None:
            a = self._reorganise[key] = Reorganise(p, from_slot, to_slot)
        return a

    def put(self, p: int, slot: int, cubes: int) -> tuple[Resistance, ...]:
        """R5.8: put 1 … ``cubes`` cubes on the available card ``slot``."""
        key = slot * len(self.draws) + p
        row = self._put.get(key)
        if row is None or len(row) < cubes:
            row = self._put[key] = tuple(
                Resistance(p, slot, k, 0) for k in range(1, cubes + 17))
        return row[:cubes]


def _moves_to(p: int, reach_bits: int) -> tuple[Move, ...]:
    """``p``'s moves to the zones of a reach bitset, in zone order (R5.1)."""
    return moves_to(p, [d for d in range(reach_bits.bit_length()) if reach_bits >> d & 1])


def action_table(game: Game) -> ActionTable:
    """The game's prebuilt actions (:class:`ActionTable`), made once per game."""
    table = game.memo.get("actions")
    if table is None:
        table = game.memo["actions"] = ActionTable(game)
    return table


def move_actions(game: Game, state: State, p: int, m: Mods | None = None
                 ) -> tuple[Move, ...]:
    """R5.1: ``p``'s moves, in zone order (prebuilt when no bonus changes the reach)."""
    m = m if m is not None else mods(game, state, p)
    z = state.players[p].at
    table = action_table(game)
    if m.move_roads or m.move_paths:
        key = (p, z, m.move_roads, m.move_paths)
        row = table.bonus_moves.get(key)
        if row is None:
            row = table.bonus_moves[key] = _moves_to(p, reach(game, state, p, m))
        return row
    return table.move[p][z] or table.moves(p, z)


def legal_for(game: Game, state: State, p: int, moves: bool = True) -> list[Action]:
    """The standard actions ``p`` may take now (the counter rules already passed): the
    same as filtering :func:`candidates` through the checks (a test says so), with the
    player's lasting effects computed once, prebuilt actions (:class:`ActionTable`) and
    the checks that generation already guarantees skipped. ``moves=False`` leaves the
    moves out (see :func:`reach`)."""
    ps = state.players[p]
    m = mods(game, state, p)
    table = action_table(game)
    out: list[Action] = []
    if moves:
        out.extend(move_actions(game, state, p, m))
    if not limited_block(game, state, p):
        if game.decisions["D5.2"] != "illegal":
            out.extend(table.draws[p])
        else:
            draw_r, draw_i, draw_s = table.draws[p]
            n_r, n_i, n_s = draw_counts(game, state, p, m)
            if n_r > 0:  # (written out: zip() is a call of Python's builtin)
                out.append(draw_r)
            if n_i > 0:
                out.append(draw_i)
            if n_s > 0:
                out.append(draw_s)
    inv = ps.inventory
    if inv:
        for s in range(len(game.specials)):
            if state.special_left[s] > 0 and has_parts(game, state, p, s):
                out.append(Craft(p, s))
    if m.eliminate_range:
        out.extend(_eliminations(game, state, p, m.eliminate_officers))
    else:  # R5.6: in the player's own zone
        z = ps.at
        pair = table.eliminate[p][z] or table.eliminations(p, z)
        if state.soldiers[z]:
            out.append(pair[0])
        if m.eliminate_officers and state.officers[z]:
            out.append(pair[1])
    if inv:
        for i, card in enumerate(inv):
            if card >= SPECIAL:
                for u in range(len(use_conditions(game)[card - SPECIAL])):
                    use = Use(p, i, u)
                    if check_use(game, state, use) is None:
                        out.append(use)
    if state.resistance:  # R5.8 as check_resistance says
        cubes = ps.cubes
        costs = table.costs
        discount = m.resistance_discount
        for slot_i, (card, on_card) in enumerate(state.resistance):
            if cubes:
                out.extend(table.put(p, slot_i, cubes))
            need = max(0, max(0, costs[card] - discount) - on_card)
            if need <= cubes:
                out.append(table.activate(p, slot_i, need))
    # R5.9: without a transfer range, only to a player in the same zone (transfer_zones)
    here = ps.at
    if m.transfer_range or any(o.at == here and o is not ps for o in state.players):
        for q, card, recruit, row in _transfer_fields(game, state, p):
            if transfer_refusal(game, state, p, q, card, recruit, row) is None:
                out.append(Transfer(p, q, card, recruit, row))
    # R5.10 as check_plan says: a free slot, and a token from the supply (D11.4), or the
    # one on another skill moved once the player has all theirs out
    sq = ps.squad
    active = planning_tokens(state, p)
    if len(active) >= game.planning_active + m.planning:
        for s, plan in enumerate(table.plans[p]):
            if EMPTY in sq[s] and any(x != s for x in active):
                out.append(plan)
    elif state.planning_supply > 0:
        for s, plan in enumerate(table.plans[p]):
            if EMPTY in sq[s]:
                out.append(plan)
    for o in table.objectives:
        if ps.at in state.revealed[o]:
            act = Objective(p, o)
            if check_objective(game, state, act) is None:
                out.append(act)
    return out


def _transfers(game: Game, state: State, p: int) -> Iterator[Transfer]:
    for q, card, recruit, row in _transfer_fields(game, state, p):
        yield Transfer(p, q, card, recruit, row)


def _transfer_fields(game: Game, state: State, p: int, only: int = -1
                     ) -> Iterator[tuple[int, int, int, int]]:
    """The transfers ``p`` might make (to ``only``, if given) as their fields ``(to, card,
    recruit, row)``: each inventory card, each recruit onto each row (R5.9)."""
    ps = state.players[p]
    tz = transfer_zones(game, state, p)
    for q, other in enumerate(state.players):
        if q == p or not tz >> other.at & 1 or only >= 0 and q != only:
            continue
        for i in range(len(ps.inventory)):
            yield q, i, -1, -1
        for s in range(3):
            for k, x in enumerate(ps.squad[s]):
                if x >= 0:
                    for s2 in range(3):
                        yield q, -1, slot_code(s, k), s2


def reorganise_for(game: Game, state: State, p: int) -> list[Reorganise]:
    """The R6.3 moves ``p`` may make at the start of the players' phase: the same as
    filtering :func:`reorganise_candidates` through :func:`check_reorganise` (a test says
    so): each recruit to a free slot, or in exchange with another recruit, where it fits."""
    sq = state.players[p].squad
    out: list[Reorganise] = []
    table = action_table(game)
    for s0 in range(3):
        for k0, x in enumerate(sq[s0]):
            if x < 0:
                continue
            for s1 in range(3):
                for k1, y in enumerate(sq[s1]):
                    if (y == EMPTY or (y >= 0 and (s1 != s0 or k1 != k0))) \
                            and _misfit(game, state, p, s0, k0, s1, k1) == 0:
                        out.append(table.reorganise(p, slot_code(s0, k0), slot_code(s1, k1)))
    return out


def reorganise_candidates(game: Game, state: State, p: int) -> Iterator[Reorganise]:
    """Every ``reorganise`` ``p`` could try: each recruit to each other slot, free or held
    by a recruit to exchange with (R6.3)."""
    sq = state.players[p].squad
    for s0 in range(3):
        for k0, x in enumerate(sq[s0]):
            if x < 0:
                continue
            for s1 in range(3):
                for k1, y in enumerate(sq[s1]):
                    if y == EMPTY or (y >= 0 and (s1 != s0 or k1 != k0)):
                        yield Reorganise(p, slot_code(s0, k0), slot_code(s1, k1))
