"""The semantics of the effect vocabulary: one handler per one-off effect class, and the
lasting ones read as :class:`~authoring.engine.game.Mods` (the vocabulary stays data).

One-off effects wait in ``state.queue`` as tasks ``[list, index, actor, zone, progress,
choice]``: the effect list (a resistance card, a special item's use, an event, a hook),
the effect in it, the acting player (-1: nobody, an event R8.1), a zone the effect is
about (the revealed objective's, the drawn token's), a counter for effects taken one
piece at a time, and the answer to the last choice asked. A handler returns True when
its effect is done; False when it asked a player to choose (``state.pending``): the
``choose`` action stores the answer and the queue resumes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import authoring.engine.army as army
from authoring.engine.core import complete_objective, log, player_name, set_pending
from authoring.engine.game import Game
from authoring.engine.players import (
    answer_discard,
    answer_transfer_more,
    discard_card,
    enforce_inventory_limit,
    reach,
    recruit_slots,
    start_draw,
)
from authoring.engine.state import SPECIAL, PendingKind, State, slot_of
from authoring.model import effects as fx
from authoring.model.rules import SKILLS
from authoring.model.schema.content import RecruitToken
from authoring.model.topology import within

Task = list[int]
Handler = Callable[[Game, State, Any, Task], bool]

#: lasting effects: read by :func:`authoring.engine.game.lasting_mods`, never queued
LASTING: Final[tuple[type[fx.EffectPayload], ...]] = (
    fx.SkillBonus, fx.DrawBonus, fx.MoveRange, fx.MalusReduction, fx.CraftRequirement,
    fx.ResistanceDiscount, fx.EliminateOfficers, fx.EliminateRange, fx.InventorySize,
    fx.TransferRange, fx.PlanningTokens,
)
LIST, INDEX, ACTOR, ZONE, PROGRESS, CHOICE = range(6)


# -- choosing zones and players ------------------------------------------------------------


def chooser(task: Task) -> int:
    """Who answers a choice: the acting player, or the team (seat 0) for an event."""
    return task[ACTOR] if task[ACTOR] >= 0 else 0


def ask(state: State, task: Task, kind: PendingKind, options: Sequence[int], note: str) -> bool:
    """Set the choice ``kind`` for the task's chooser; the task waits for the answer."""
    set_pending(state, kind, chooser(task), list(options), [], note)
    return False


def _adjacent(game: Game, z: int) -> list[int]:
    return list(game.topo.neighbours[z])


def zones(game: Game, state: State, where: str, task: Task,
          eligible: Callable[[int], bool] = lambda z: True, note: str = "") -> list[int] | None:
    """The zones an effect's ``where`` names (the vocabulary's Where); None when a player
    must choose first (a pending choice was set)."""
    if task[CHOICE] >= 0:
        return [task[CHOICE]]
    n = game.zone_count
    actor_at = state.players[task[ACTOR]].at if task[ACTOR] >= 0 else -1
    if where == "actor_zone":
        return [actor_at] if actor_at >= 0 else []
    if where == "each_player_zone":
        return sorted({p.at for p in state.players})
    if where == "each_capital":
        return [z for z in range(n) if game.model.board.zones[z].size == "capital"]
    if where == "most_occupied":
        best = max(range(n), key=lambda z: (state.occupation(z), game.topo.number[z],
                                             -game.model.board.regions[game.topo.region[z]].order))
        return [best] if state.occupation(best) else []
    if where == "drawn_zone":
        if task[ZONE] >= 0:
            return [task[ZONE]]
        if not state.bag:
            return []
        token = state.bag[state.rng.below(len(state.bag))]
        army.seen_token(state, token)
        log(state, "token_drawn", "R8.3", f"zone token {game.zone(token)} drawn (and put back)",
            zone=game.zone(token))
        task[ZONE] = token
        return [token]
    if where == "objective_zone":
        if task[ZONE] >= 0:
            return [task[ZONE]]
        options = sorted({z for rs in state.revealed for z in rs})
    elif where == "adjacent_zone":
        options = _adjacent(game, actor_at) if actor_at >= 0 else []
    elif where == "near_zone":
        options = [actor_at, *_adjacent(game, actor_at)] if actor_at >= 0 else []
    else:  # any_zone
        options = list(range(n))
    options = [z for z in options if eligible(z)]
    if len(options) <= 1:
        return options
    ask(state, task, "choose_zone", options, note)
    return None


def players_of(game: Game, state: State, who: str, task: Task, note: str = "") -> list[int] | None:
    """The players a ``who`` names; None when a player of choice must be chosen first."""
    everyone = list(range(len(state.players)))
    if who == "actor":
        return [task[ACTOR]] if task[ACTOR] >= 0 else everyone[:1]
    if who == "each_player":
        return everyone
    if who == "players_in_zone":
        z = state.players[task[ACTOR]].at if task[ACTOR] >= 0 else -1
        return [p for p in everyone if state.players[p].at == z]
    if who == "players_in_occupied_zones":
        return [p for p in everyone if state.occupation(state.players[p].at) > 0]
    if task[CHOICE] >= 0:
        return [task[CHOICE]]
    ask(state, task, "choose_player", everyone, note)
    return None


# -- pieces ------------------------------------------------------------------------------------


def _remove(game: Game, state: State, e: fx._Eliminate, task: Task, officers: bool) -> bool:
    pieces = state.officers if officers else state.soldiers
    name = "officer" if officers else "soldier"
    got = zones(game, state, e.where, task, lambda z: pieces[z] > 0,
                f"zone to remove {name}s from")
    if got is None:
        return False
    for z in got:
        k = min(e.count, pieces[z])
        if not k:
            continue
        pieces[z] -= k
        if e.to == "eliminated":
            if officers:
                state.eliminated_officers += k
            else:
                state.eliminated_soldiers += k
        elif officers:
            state.reserve_officers += k
        else:
            state.reserve_soldiers += k
        rule = "R9.6" if officers else "R5.6"
        log(state, "removed", rule, f"{k} {name}{'s' * (k != 1)} removed from {game.zone(z)} "
            f"to the {'eliminated area' if e.to == 'eliminated' else 'reserve'}",
            zone=game.zone(z), count=k, piece=name)
    return True


def remove_soldiers(game: Game, state: State, e: fx.RemoveSoldiers, task: Task) -> bool:
    """The ``remove_soldiers`` effect: soldiers back to the reserve (R5.8)."""
    return _remove(game, state, e, task, officers=False)


def remove_officer(game: Game, state: State, e: fx.RemoveOfficer, task: Task) -> bool:
    """The ``remove_officer`` effect: an officer back to the reserve (R5.8)."""
    return _remove(game, state, e, task, officers=True)


def add_soldiers(game: Game, state: State, e: fx.AddSoldiers, task: Task) -> bool:
    """The ``add_soldiers`` effect: soldiers from the reserve onto the island."""
    got = zones(game, state, e.where, task, note="zone to add soldiers to")
    if got is None:
        return False
    for k in range(task[PROGRESS], len(got)):  # (PROGRESS: the zones done, D8.2b)
        task[PROGRESS] = k + 1
        if not army.add_soldiers(game, state, got[k], e.count, rule="R8.3"):
            return False  # a tie the team chooses (D8.2b): army.answer_tie finishes it
        if state.outcome is not None:
            break
    return True


def promote_soldiers(game: Game, state: State, e: fx.PromoteSoldiers, task: Task) -> bool:
    """The ``promote_soldiers`` effect: soldiers in a zone become officers (R8.5)."""
    got = zones(game, state, e.where, task, lambda z: state.soldiers[z] > 0,
                "zone where soldiers become officers")
    if got is None:
        return False
    for z in got:
        for _ in range(min(e.count, state.soldiers[z])):
            if state.reserve_officers == 0 or state.outcome is not None:
                break
            army.promote(game, state, z)
        army.placed(game, state, z)  # D9.1 end_of_action: checked once the effect placed
        if state.outcome is not None or state.reserve_officers == 0:
            break
    return True


def army_moves(game: Game, state: State, e: fx.ArmyMoves, task: Task) -> bool:
    """Choose a source zone (if the ``from`` leaves a choice), then a neighbour with room."""
    if task[PROGRESS] == 0:
        got = zones(game, state, e.from_, task, lambda z: state.soldiers[z] > 0,
                    "zone the soldiers leave")
        if got is None:
            return False
        if not got:
            return True
        task[ZONE], task[PROGRESS], task[CHOICE] = got[0], 1, -1
    src = task[ZONE]
    if task[CHOICE] < 0:
        options = [nb for nb in game.topo.neighbours[src] if army.room(game, state, nb) > 0]
        if not options:
            return True
        if len(options) > 1:
            return ask(state, task, "choose_zone", options, f"zone the soldiers of "
                       f"{game.zone(src)} go to")
        task[CHOICE] = options[0]
    dst = task[CHOICE]
    k = min(e.count, state.soldiers[src], army.room(game, state, dst))
    state.soldiers[src] -= k
    state.soldiers[dst] += k
    log(state, "army_moved", "R4.3", f"{k} soldier{'s' * (k != 1)} move from {game.zone(src)} "
        f"to {game.zone(dst)}", src=game.zone(src), dst=game.zone(dst), count=k)
    return True


# -- players -------------------------------------------------------------------------------------


def _players_once(game: Game, state: State, who: str, task: Task, note: str
                  ) -> list[int] | None:
    """The players a ``who`` names, chosen once for an effect they act in one after the
    other: kept as a bitset in the task's ZONE (above 2^20, so it is not a zone); None
    while a player of choice is being chosen."""
    if task[ZONE] < 0:
        chosen = players_of(game, state, who, task, note)
        if chosen is None:
            return None
        task[ZONE] = sum(1 << p for p in chosen) | (1 << 20)
        task[CHOICE] = -1
    return [p for p in range(len(state.players)) if task[ZONE] >> p & 1]


def move_free(game: Game, state: State, e: fx.MoveFree, task: Task) -> bool:
    """Each player named moves in turn (a choice of zone each, staying is allowed)."""
    movers = _players_once(game, state, e.who, task, "player who moves")
    if movers is None:
        return False
    while task[PROGRESS] < len(movers):
        p = movers[task[PROGRESS]]
        if task[CHOICE] < 0:
            if e.roads:
                bits = within(game.topo.roads, state.players[p].at, e.roads)
            else:
                bits = reach(game, state, p)
            options = [state.players[p].at] + [z for z in range(game.zone_count)
                                                 if bits >> z & 1 and z != state.players[p].at]
            set_pending(state, "choose_zone", p, options, [],
                        f"where {player_name(game, state, p)} moves (free)")
            return False
        src, dst = state.players[p].at, task[CHOICE]
        state.players[p].at = dst
        if dst != src:
            log(state, "moved", "R5.1", f"{player_name(game, state, p)} moves {game.zone(src)} → "
                f"{game.zone(dst)} (free)", player=p, src=game.zone(src), dst=game.zone(dst))
        task[PROGRESS] += 1
        task[CHOICE] = -1
    return True


def reputation(game: Game, state: State, e: fx.Reputation, task: Task) -> bool:
    """The ``reputation`` effect: cubes from the supply to a player (a negative amount
    takes them back)."""
    who = players_of(game, state, e.who, task, "player who gains the cubes")
    if who is None:
        return False
    for p in who:
        ps = state.players[p]
        k = min(e.amount, state.supply_cubes) if e.amount > 0 else -min(-e.amount, ps.cubes)
        if not k:
            continue
        ps.cubes += k
        state.supply_cubes -= k
        log(state, "reputation", "R1.1", f"{player_name(game, state, p)} "
            f"{'gains' if k >= 0 else 'loses'} {abs(k)} reputation cube{'s' * (abs(k) != 1)}",
            player=p, amount=k)
    return True


def free_actions(game: Game, state: State, e: fx.FreeActions, task: Task) -> bool:
    """The ``free_actions`` effect: actions that move no counter (D5.5)."""
    who = players_of(game, state, e.who, task, "player who acts for free")
    if who is None:
        return False
    for p in who:
        state.players[p].free_actions += e.count
        log(state, "free_actions", "R5.0", f"{player_name(game, state, p)} may take "
            f"{e.count} action{'s' * (e.count != 1)} without advancing the counter", player=p)
    return True


def discard_items(game: Game, state: State, e: fx.DiscardItems, task: Task) -> bool:
    """Each player named discards ``count`` item cards of their choice, one choice at a
    time: "cartes Objet", the item deck's (R5.4), never a crafted special item (the book
    counts "66 cartes Objet" and "18 cartes Objet Spécial" apart, R0, R5.7); a player with
    none discards nothing."""
    movers = _players_once(game, state, e.who, task, "player who discards")
    if movers is None:
        return False
    while task[PROGRESS] < len(movers) * e.count:
        p = movers[task[PROGRESS] // e.count]
        inv = state.players[p].inventory
        cards = [i for i, c in enumerate(inv) if c < SPECIAL]
        if not cards:
            task[PROGRESS] += e.count - task[PROGRESS] % e.count
            continue
        if task[CHOICE] < 0:
            set_pending(state, "choose_card", p, cards, [],
                        f"card {player_name(game, state, p)} discards")
            return False
        card = inv.pop(task[CHOICE])
        discard_card(state, card)
        log(state, "item_discarded", "R5.4",
            f"{player_name(game, state, p)} discards a card", player=p)
        enforce_inventory_limit(game, state, p)
        task[PROGRESS] += 1
        task[CHOICE] = -1
    return True


def join_squad(game: Game, state: State, e: fx.JoinSquad, task: Task) -> bool:
    """A freed character joins the actor's squad as a recruit would (R5.2 slot test): the
    first free slot that fits, C then M then I; nowhere to fit, nowhere to join."""
    p = chooser(task)
    token = game.joiners[(e.C, e.M, e.I)]
    slot = next(recruit_slots(game, state, p, token), None)
    if slot is None:
        log(state, "join_failed", "R5.2", f"the freed character finds no free slot in "
            f"{player_name(game, state, p)}'s squad", player=p)
        return True
    s, k = slot_of(slot)
    state.players[p].squad[s][k] = token
    log(state, "joined", "R5.2", f"the freed character joins {player_name(game, state, p)}'s "
        f"squad ({SKILLS[s]} slot {k + 1})", player=p)
    return True


# -- the island -----------------------------------------------------------------------------------


def speed_effect(game: Game, state: State, e: fx.Speed, task: Task) -> bool:
    """The ``speed`` effect: the invasion-speed marker moves (R2.5, R8.8)."""
    before = state.speed_cell
    state.speed_cell = max(0, min(len(game.speed_track) - 1, before + e.delta))
    log(state, "speed", "R8.8", f"the invasion-speed marker moves {before + 1} → "
        f"{state.speed_cell + 1} (speed {game.speed_track[state.speed_cell]})",
        cell=state.speed_cell + 1)
    return True


def place_cube(game: Game, state: State, e: fx.PlaceReputationCube, task: Task) -> bool:
    """The ``place_cube`` effect: a reputation cube in a zone (R4.4)."""
    got = zones(game, state, e.where, task, lambda z: state.cubes[z] < game.topo.size[z],
                "zone that gets a reputation cube")
    if got is None:
        return False
    for z in got:
        k = min(e.count, state.supply_cubes)
        state.cubes[z] += k
        state.supply_cubes -= k
        if k:
            log(state, "cube_placed", "R4.4", f"{k} reputation cube{'s' * (k != 1)} put on "
                f"{game.zone(z)}", zone=game.zone(z), count=k)
    return True


def remove_cubes(game: Game, state: State, e: fx.RemoveReputationCubes, task: Task) -> bool:
    """The ``remove_cubes`` effect: reputation cubes back to the supply."""
    got = zones(game, state, e.where, task, lambda z: state.cubes[z] > 0,
                "zone that loses reputation cubes")
    if got is None:
        return False
    for z in got:
        k = min(e.count, state.cubes[z])
        state.cubes[z] -= k
        state.supply_cubes += k
        if k:
            log(state, "cube_removed", "R4.4", f"{k} reputation cube{'s' * (k != 1)} taken off "
                f"{game.zone(z)}", zone=game.zone(z), count=k)
    return True


def skip_army(game: Game, state: State, e: fx.SkipArmyAction, task: Task) -> bool:
    """The ``skip_army`` effect: the army skips its next actions (R8.2)."""
    state.skip_army += e.count
    log(state, "skip_army", "R8.2", f"the army will play {e.count} action"
        f"{'s' * (e.count != 1)} fewer", count=e.count)
    return True


def army_now(game: Game, state: State, e: fx.ArmyAction, task: Task) -> bool:
    """The ``army_now`` effect: army actions at once (R8.3)."""
    for k in range(task[PROGRESS], e.count):  # (PROGRESS: the actions done, D8.2b)
        task[PROGRESS] = k + 1
        if not army.army_action(game, state):
            return False  # a tie the team chooses (D8.2b): army.answer_tie finishes it
        if state.outcome is not None:
            break
    return True


def remove_zone_tokens(game: Game, state: State, e: fx.RemoveZoneTokens, task: Task) -> bool:
    """The players choose the tokens to take out: they look into the bag, so every token
    in it is seen from then on."""
    state.unseen.clear()
    while task[PROGRESS] < e.count and state.bag:
        if task[CHOICE] < 0:
            options = sorted(set(state.bag))
            if len(options) > 1:
                return ask(state, task, "choose_zone", options,
                           "zone token taken out of the invasion bag")
            task[CHOICE] = options[0]
        z = task[CHOICE]
        state.bag.remove(z)
        state.piles[game.topo.region[z]].insert(0, z)
        log(state, "token_removed", "R2.4", f"zone token {game.zone(z)} goes back to its pile",
            zone=game.zone(z))
        task[PROGRESS] += 1
        task[CHOICE] = -1
    return True


def add_zone_tokens(game: Game, state: State, e: fx.AddZoneTokens, task: Task) -> bool:
    """The ``add_zone_tokens`` effect: zone tokens into the invasion bag (R8.3)."""
    if e.region == "each":
        regions = list(range(len(state.piles)))
    else:  # one region drawn at random, among those with a pile left
        full = [r for r, pile in enumerate(state.piles) if pile]
        regions = [full[state.rng.below(len(full))]] if full else []
    for _ in range(e.count):
        for r in regions:
            army.token_to_bag(game, state, r)
    return True


def discard_resistance(game: Game, state: State, e: fx.DiscardResistance, task: Task) -> bool:
    """The ``discard_resistance`` effect: an available resistance card discarded (R6.2)."""
    while task[PROGRESS] < e.count and state.resistance:
        if task[CHOICE] < 0:
            if len(state.resistance) > 1:
                return ask(state, task, "choose_card", list(range(len(state.resistance))),
                           "resistance card discarded")
            task[CHOICE] = 0
        card, cubes = state.resistance.pop(task[CHOICE])
        state.resistance_discard.append(card)
        state.supply_cubes += cubes
        log(state, "resistance_discarded", "R5.8", "an available resistance card is discarded")
        task[PROGRESS] += 1
        task[CHOICE] = -1
    return True


def timer(game: Game, state: State, e: fx.Timer, task: Task) -> bool:
    """The ``timer`` effect: seconds added to or taken from the next players' phase (R10.1)."""
    state.timer_delta += e.seconds
    log(state, "timer_changed", "R10.1", f"the next players' phase is {abs(e.seconds)} s "
        f"{'longer' if e.seconds > 0 else 'shorter'}", seconds=e.seconds)
    return True


# -- draws ------------------------------------------------------------------------------------------


def _draw_keep(kind: str) -> Handler:
    def handler(game: Game, state: State, e: Any, task: Task) -> bool:
        p = chooser(task)
        start_draw(game, state, p, kind, e.draw, e.keep)
        return True

    handler.__name__ = f"draw_{kind}"
    return handler


# -- objectives ----------------------------------------------------------------------------------


def source_item(game: Game, task: Task) -> int:
    """The special item whose use queued ``task`` (R5.7), or -1: a resistance card, an
    event, a hook."""
    for s, lists in enumerate(game.special_use_effects):
        if task[LIST] in lists:
            return s
    return -1


def _objective_here(kind: str) -> Handler:
    """destroy_base, free_prisoner, complete_objective: the objective revealed in the
    actor's zone is done; eliminate_general: the general, wherever he is revealed.
    complete_objective's ``objective`` says which kinds it completes. An objective that
    names its item (``item: bomb``) is done by that item alone (R5.7: "a bomb used in the
    base's zone destroys the base"; scenario 1's text: "fabriquer une bombe pour la
    détruire"): another item, a resistance card or an event leaves it as it is."""

    def handler(game: Game, state: State, e: Any, task: Task) -> bool:
        at = state.players[task[ACTOR]].at if task[ACTOR] >= 0 else -1
        want = e.objective if kind == "any" else kind
        src = source_item(game, task)
        reserved = None
        for o in game.objectives:
            if want != "any" and o.kind != want:
                continue
            if state.done[o.index] >= o.markers:
                continue
            zs = [z for z in state.revealed[o.index] if z not in state.completed[o.index]]
            if not (zs if kind == "general" else at in zs):
                continue
            if o.item >= 0 and o.item != src:
                reserved = o
                continue
            complete_objective(game, state, o.index, zs[-1] if kind == "general" else at,
                               task[ACTOR])
            return True
        if reserved is not None:
            item = game.specials[reserved.item]
            title = item.title if isinstance(item.title, str) else item.title.fr
            log(state, "objective_reserved", "R5.7", f"objective '{reserved.id}' is done with "
                f"'{title}' alone: this effect leaves it as it is", objective=reserved.id)
            return True
        log(state, "no_objective", "R5.7", "no objective of that kind is revealed here")
        return True

    handler.__name__ = f"objective_{kind}"
    return handler


HANDLERS: Final[dict[type[fx.EffectPayload], Handler]] = {
    fx.RemoveSoldiers: remove_soldiers,
    fx.RemoveOfficer: remove_officer,
    fx.AddSoldiers: add_soldiers,
    fx.PromoteSoldiers: promote_soldiers,
    fx.MoveFree: move_free,
    fx.Reputation: reputation,
    fx.Speed: speed_effect,
    fx.PlaceReputationCube: place_cube,
    fx.RemoveReputationCubes: remove_cubes,
    fx.SkipArmyAction: skip_army,
    fx.ArmyAction: army_now,
    fx.ArmyMoves: army_moves,
    fx.DestroyBase: _objective_here("base"),
    fx.EliminateGeneral: _objective_here("general"),
    fx.FreePrisoner: _objective_here("prisoner"),
    fx.CompleteObjective: _objective_here("any"),
    fx.DrawClues: _draw_keep("investigate"),
    fx.DrawItems: _draw_keep("search"),
    fx.DrawRecruits: _draw_keep("recruit"),
    fx.DrawResistance: _draw_keep("resistance"),
    fx.FreeActions: free_actions,
    fx.RemoveZoneTokens: remove_zone_tokens,
    fx.AddZoneTokens: add_zone_tokens,
    fx.DiscardItems: discard_items,
    fx.DiscardResistance: discard_resistance,
    fx.Timer: timer,
    fx.JoinSquad: join_squad,
}


def enqueue(state: State, effect_list: int, actor: int, zone: int = -1) -> None:
    """Queue effect list ``effect_list`` for ``actor`` (−1: the team) at ``zone``."""
    state.queue.append([effect_list, 0, actor, zone, 0, -1])


def run_queue(game: Game, state: State) -> None:
    """Resolve queued effects in order until one asks a choice or the game ends."""
    while state.queue and state.pending is None and state.outcome is None:
        task = state.queue[0]
        effects = game.effect_lists[task[LIST]]
        if task[INDEX] >= len(effects):
            state.queue.pop(0)
            continue
        payload = effects[task[INDEX]]
        handler = HANDLERS.get(type(payload))
        done = True if handler is None else handler(game, state, payload, task)
        if done:
            task[INDEX] += 1
            task[ZONE] = task[ZONE] if task[INDEX] == 0 else _keep_zone(task)
            task[PROGRESS], task[CHOICE] = 0, -1


def _keep_zone(task: Task) -> int:
    """The zone an effect list is about (an objective's, a drawn token's) stays for the
    next effects of the list; player bitsets (above 2^20) do not."""
    return task[ZONE] if task[ZONE] < (1 << 20) else -1


# -- R7.2 the reputation gained, shared freely -------------------------------------------------


def share_reputation(game: Game, state: State, k: int) -> None:
    """R7.2: "les cubes Réputation sont répartis librement entre les joueurs": ``k`` cubes
    of the supply go to the players' reserves (D11.6) one at a time, the team choosing who
    gets each (a ``share_cube`` choice, answered by seat 0 as for an event). The options
    are the players, those holding fewest cubes first (seat order on ties): a bot that
    takes the first option evens the reserves out."""
    if k <= 0:
        return
    if len(state.players) == 1:
        for _ in range(k):
            _give_cube(game, state, 0)
        return
    _ask_share(game, state, k)


def _ask_share(game: Game, state: State, left: int) -> None:
    players = state.players
    order: list[int] = []  # the poorest first, seat order on ties (an insertion sort:
    for p, ps in enumerate(players):  # sorted() with a key is a generic call)
        k = len(order)
        while k > 0 and players[order[k - 1]].cubes > ps.cubes:
            k -= 1
        order.insert(k, p)
    set_pending(state, "share_cube", 0, order, [left],
                f"a reputation cube to give, {left} left to share (R7.2)")


def _give_cube(game: Game, state: State, p: int) -> None:
    state.supply_cubes -= 1
    state.players[p].cubes += 1
    log(state, "cube_shared", "R7.2", f"{player_name(game, state, p)} gets a reputation cube "
        f"(now {state.players[p].cubes})", player=p)


def answer_share(game: Game, state: State, p: int) -> None:
    """The ``choose`` answer to ``share_cube``: player ``p`` gets the cube."""
    pend = state.pending
    assert pend is not None
    left = pend.data[0] - 1
    state.pending = None
    _give_cube(game, state, p)
    if left > 0:
        _ask_share(game, state, left)


#: the choices no queued effect asked (the queue waits for them): kind -> their answer
OWN_ANSWERS: Final[dict[str, Callable[[Game, State, int], None]]] = {
    "share_cube": answer_share,
    "transfer_more": answer_transfer_more,
    "discard_excess": answer_discard,
}


def answer(game: Game, state: State, option: int) -> None:
    """The ``choose`` action: the answer goes to the task that asked (or, for a choice of
    :data:`OWN_ANSWERS`, to its own answer)."""
    pend = state.pending
    if pend is not None and pend.kind == "share_cube":  # the most frequent, called directly
        answer_share(game, state, option)
        run_queue(game, state)
        return
    own = OWN_ANSWERS.get(pend.kind) if pend is not None else None
    if own is not None:
        own(game, state, option)
        run_queue(game, state)
        return
    if pend is not None and pend.data and pend.data[0] == army.TIE:  # D8.2b: the army's
        army.answer_tie(game, state, option)
        run_queue(game, state)
        return
    state.pending = None
    state.queue[0][CHOICE] = option
    run_queue(game, state)



def with_effects(game: Game, effects: Sequence[Any]) -> tuple[Game, int]:
    """``game`` with one more effect list (effects written in the vocabulary, or their
    payloads), and its id: to resolve effects that no card of the box holds (tests, a
    front end trying an effect)."""
    import dataclasses

    payloads = tuple(e.payload if isinstance(e, fx.EffectBase) else e for e in effects)
    lists = (*game.effect_lists, payloads)
    names = (*game.effect_list_names, "extra")
    recruits, joiners = game.recruits, dict(game.joiners)
    for e in payloads:  # a character joining a squad is a token outside the bag
        if isinstance(e, fx.JoinSquad) and (e.C, e.M, e.I) not in joiners:
            joiners[(e.C, e.M, e.I)] = len(recruits)
            recruits = (*recruits, RecruitToken(C=e.C or None, M=e.M or None, I=e.I or None))
    extended = dataclasses.replace(game, effect_lists=lists, effect_list_names=names,
                                   recruits=recruits, joiners=joiners)
    return extended, len(lists) - 1


def resolve_effects(game: Game, state: State, effects: Sequence[Any], actor: int = -1,
                    zone: int = -1) -> Game:
    """Queue ``effects`` as if a card held them (``actor`` acting, about ``zone``) and
    resolve them up to the first choice; returns the game to pass to ``apply`` for the
    ``choose`` answers."""
    game, lst = with_effects(game, effects)
    enqueue(state, lst, actor, zone)
    run_queue(game, state)
    return game
