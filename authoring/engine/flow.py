"""The round (R3.1): setup (R2), the start of the players' phase (R6), its end (R7), the
army phase (R8) and the victory at its end (R9.2). Everything here runs by itself until a
player must decide (:func:`advance`)."""

from __future__ import annotations

import authoring.engine.army as army
from authoring.engine.core import draw, log, player_name, set_pending
from authoring.engine.game import Game
from authoring.engine.outcome import Outcome, Termination
from authoring.engine.players import ask_discard, start_draw
from authoring.engine.resolve import OWN_ANSWERS, enqueue, run_queue, share_reputation
from authoring.engine.rng import Rng
from authoring.engine.state import EMPTY, PlayerState, State
from authoring.io.wording import text_of
from authoring.model.effects import render_effects
from authoring.model.rules import army_actions
from authoring.model.schema.content import EventCard
from authoring.model.solver import min_isolating

#: the automatic steps, in order; ``start`` and ``players`` wait for the players
STEPS = ("round_start", "reveal", "resistance_draw", "start", "players", "players_end",
         "army_start", "army_event", "army_invasion", "army_end", "victory")


def setup(game: Game, seed: int) -> State:
    """R2: the island, the bag and the piles (R2.4, D2.1), the speed marker (R2.5), the
    shuffled decks (R2.6), the reserve (R2.7), the counters (R2.8), the players' cubes
    (R2.9); characters as chosen, or dealt at random (R2.3). Players start on the start
    zones in seat order (R2.1: each picks one)."""
    rng = Rng(seed)
    sheets = list(range(len(game.character_info)))
    if game.characters is not None:
        chosen = list(game.characters)
    else:
        rng.shuffle(sheets)
        chosen = sheets[: game.players]
    players = []
    for seat, c in enumerate(chosen):
        info = game.character_info[c]
        at = game.start_zones[seat % len(game.start_zones)]
        players.append(PlayerState(c, at, 0, info.reputation,
                                   [[EMPTY] * len(info.slots[s]) for s in range(3)]))
    piles = [list(p) for p in game.piles]
    for pile in piles:
        rng.shuffle(pile)
    decks = [list(d) for d in (game.item_deck, game.clue_deck, game.resistance_deck,
                               game.event_deck)]
    for d in decks:
        rng.shuffle(d)
    on_island_cubes = sum(game.setup_cubes)
    held = sum(p.cubes for p in players)
    state = State(
        rng=rng,
        round=1,
        phase="round_start",
        players=players,
        soldiers=list(game.setup_soldiers),
        officers=list(game.setup_officers),
        cubes=list(game.setup_cubes),
        reserve_soldiers=game.box_soldiers - sum(game.setup_soldiers),
        reserve_officers=game.officers - sum(game.setup_officers),
        eliminated_soldiers=0,
        eliminated_officers=0,
        supply_cubes=max(0, game.cubes - on_island_cubes - held),
        bag=list(game.bag),
        drawn=[],
        piles=piles,
        speed_cell=game.speed_start,
        team_counter=0,
        army_counter=0,
        skip_army=0,
        item_pile=decks[0],
        item_discard=[],
        special_left=list(game.special_copies),
        clue_pile=decks[1],
        clue_discard=[],
        clues_kept=[],
        clue_pool=[],
        recruit_bag=list(game.recruit_bag),
        resistance_pile=decks[2],
        resistance_discard=[],
        resistance=[],
        event_pile=decks[3],
        event_discard=[],
        planning_supply=game.planning_tokens,
        revealed=[[] for _ in game.objectives],
        done=[0 for _ in game.objectives],
        completed=[[] for _ in game.objectives],
    )
    names = ", ".join(f"{player_name(game, state, p)} in {game.zone(ps.at)}"
                      for p, ps in enumerate(state.players))
    log(state, "setup", "R2", f"{game.scenario_id} ({game.difficulty}, {game.players} players, "
        f"seed {seed}): {names}; {sum(state.soldiers)} soldiers and {sum(state.officers)} "
        f"officers on the island, {len(state.bag)} tokens in the bag, speed "
        f"{game.speed_track[state.speed_cell]}", seed=seed)
    for lst in game.rules_at.get("game_start", ()):
        enqueue(state, lst, -1)
    return state


def hooks(game: Game, state: State, when: str) -> None:
    """Queue the scenario's special rules (R2.1) that fire at ``when``."""
    for lst in game.rules_at.get(when, ()):
        enqueue(state, lst, -1)


def reveal(game: Game, state: State) -> None:
    """R6.1: while some pooled clue cards isolate exactly one place allowed for an
    objective still to reveal (D6.1), discard them and put the objective marker there.
    Several such places at once: the players choose which (a ``choose_reveal`` choice,
    when :attr:`Game.people_choose`; its first option is the default otherwise taken:
    the smallest set of cards, then board order). ``on_reveal`` hooks follow."""
    while True:
        found = _isolated(game, state)
        if not found:
            return
        if game.people_choose and len(found) > 1:
            set_pending(state, "choose_reveal", 0, [p for _, p, _ in found], [],
                        "which isolated place gets the objective marker (R6.1)")
            return
        _, p, subset = found[0]
        _reveal_at(game, state, p, subset)
        if state.pending is not None or state.outcome is not None:
            return


def _isolated(game: Game, state: State) -> list[tuple[int, int, tuple[int, ...]]]:
    """The places the pool isolates that an open objective may hold (D6.1), as (number of
    cards, place, the cards' indices in the pool), the fewest cards first, then board order."""
    n = game.zone_count
    open_objs = [o for o in game.objectives if len(state.revealed[o.index]) < o.markers]
    taken = 0
    for rs in state.revealed:
        for z in rs:
            taken |= 1 << z
    allowed = 0
    for o in open_objs:
        allowed |= o.candidates
    allowed &= ~taken
    if not allowed or not state.clue_pool:
        return []
    holes = [game.clue_holes[c] for c in state.clue_pool]
    covered = 0
    for h in holes:
        covered |= h
    allowed &= covered  # a place no pooled card has cannot be isolated
    found = []
    while allowed:  # the allowed places in board order
        alone = allowed & -allowed
        allowed ^= alone
        p = alone.bit_length() - 1
        inter = -1
        for h in holes:
            if h & alone:
                inter &= h
                if inter == alone:  # the cards still to come keep it so
                    break
        if inter != alone:
            continue
        # only cards with a hole at p can isolate it: the solver is given those alone
        # (in pool order, so its first minimum set is the same)
        held = [i for i, h in enumerate(holes) if h & alone]
        subset = min_isolating([holes[i] for i in held], p, n)
        if subset is not None:
            found.append((len(subset), p, tuple(held[j] for j in subset)))
    found.sort(key=lambda f: (f[0], f[1]))
    return found


def _reveal_at(game: Game, state: State, p: int, subset: tuple[int, ...]) -> None:
    open_objs = [o for o in game.objectives if len(state.revealed[o.index]) < o.markers]
    used = [state.clue_pool[i] for i in subset]
    for i in sorted(subset, reverse=True):
        state.clue_discard.append(state.clue_pool.pop(i))
    o = next(o for o in open_objs if o.candidates >> p & 1)
    state.revealed[o.index].append(p)
    cards = ", ".join(f"'{game.clue_names[c]}'" for c in used)
    log(state, "revealed", "R6.1", f"objective '{o.id}' revealed in {game.zone(p)} by "
        f"{cards}", objective=o.id, zone=game.zone(p), cards=[game.clue_names[c] for c in used])
    enqueue(state, o.on_reveal, -1, p)
    run_queue(game, state)


def answer_reveal(game: Game, state: State, p: int) -> None:
    """The ``choose`` answer to ``choose_reveal``: the marker goes to place ``p``; the
    pool is looked at again (R6.1: while sets isolate places)."""
    state.pending = None
    subset = next(s for _, q, s in _isolated(game, state) if q == p)
    _reveal_at(game, state, p, subset)
    if state.pending is None and state.outcome is None:
        reveal(game, state)


OWN_ANSWERS["choose_reveal"] = answer_reveal


def end_of_players_phase(game: Game, state: State) -> None:
    """R7.1: the team counter advances by the largest count; R7.2: the pieces in the
    eliminated area become as many reputation cubes, which the players share freely (a
    ``share_cube`` choice per cube, :func:`~authoring.engine.resolve.share_reputation`;
    D11.6: into their reserves), and go back to the reserve."""
    most = max(p.actions for p in state.players)
    state.team_counter += most
    log(state, "team_counter", "R7.1", f"the team counter advances by {most} to "
        f"{state.team_counter}", team_counter=state.team_counter)
    k = state.eliminated_soldiers + state.eliminated_officers
    if k:
        gained = min(k, state.supply_cubes)
        state.reserve_soldiers += state.eliminated_soldiers
        state.reserve_officers += state.eliminated_officers
        state.eliminated_soldiers = state.eliminated_officers = 0
        log(state, "reputation_gained", "R7.2", f"{k} eliminated piece{'s' * (k != 1)} "
            f"{'become' if k != 1 else 'becomes'} {gained} reputation cube{'s' * (gained != 1)}; "
            f"{'the pieces go' if k != 1 else 'the piece goes'} back to the reserve",
            count=gained)
        share_reputation(game, state, gained)


def army_target(game: Game, state: State, team: int | None = None) -> int:
    """R8.2, D8.1: cumulative army actions owed at the team counter's cell (or at ``team``)."""
    return army_owed(game, state.team_counter if team is None else team)


def army_owed(game: Game, t: int) -> int:
    """R8.2, D8.1: cumulative army actions owed once the team counter reaches cell ``t``:
    the board's army column for the game's player count, past its end the placeholder."""
    if t <= 0:
        return 0
    if t <= len(game.army_column):
        return game.army_column[t - 1]
    return army_actions(t, game.players)


def invasion(game: Game, state: State) -> None:
    """R8.2: the army counter catches up with the team counter; one army action per cell
    (minus skipped actions)."""
    target = army_target(game, state)
    owed = max(0, target - state.army_counter)
    skipped = min(owed, state.skip_army)
    state.skip_army = 0  # "fewer actions at the next invasion": what is not used is lost
    state.army_counter = max(state.army_counter, target)
    log(state, "invasion", "R8.2", _invasion_text, target, owed, skipped,
        actions=owed - skipped)
    army.invade(game, state, 1, owed - skipped)


def _invasion_text(target: int, owed: int, skipped: int) -> str:
    return (f"invasion: the army catches up to {target}: {owed} action{'s' * (owed != 1)}"
            + (f", {skipped} skipped" if skipped else ""))


def _event_text(card: EventCard) -> str:
    return f"event: '{text_of(card.title)}' — {render_effects(card.effects, 'en')}"


def advance(game: Game, state: State, max_rounds: int) -> None:
    """Run the automatic steps until a player must decide or the game ends."""
    while True:
        if state.queue:
            run_queue(game, state)
        if state.pending is not None or state.outcome is not None:
            return
        if game.people_choose and ask_discard(game, state):  # R5.4: people choose
            return
        phase = state.phase
        if phase == "players":  # the most frequent: after each action
            if _players_done(game, state):
                state.phase = "players_end"
            else:
                return
        elif phase == "round_start":
            for ps in state.players:
                ps.actions = 0  # D5.3
            base = round(game.timer_minutes * 60)
            state.phase_seconds = max(0, base + state.timer_delta)
            if game.action_budget is not None and state.round > 1:
                scale = state.phase_seconds / base if base else 1.0
                state.budget = max(1, round(game.action_budget * scale))
            state.timer_delta = 0
            log(state, "round", "R3.1", "— round {}: players' phase —".format, state.round,
                round=state.round, seconds=state.phase_seconds)
            hooks(game, state, "players_phase_start")
            state.phase = "reveal"
        elif phase == "reveal":
            state.phase = "resistance_draw"
            reveal(game, state)
        elif phase == "resistance_draw":
            state.phase = "start"
            n = army.speed(game, state)
            start_draw(game, state, 0, "resistance", n, 1)
        elif phase == "start":
            return
        elif phase == "players_end":
            end_of_players_phase(game, state)
            hooks(game, state, "players_phase_end")
            state.phase = "army_start"
        elif phase == "army_start":
            log(state, "army_phase", "R8", "— round {}: army phase —".format, state.round)
            if state.clues_kept:
                n_kept = len(state.clues_kept)
                log(state, "clues_pooled", "R8.0", f"{n_kept} clue{'s' * (n_kept != 1)} kept "
                    f"this phase {'join' if n_kept != 1 else 'joins'} the pool",
                    count=len(state.clues_kept))
            state.clue_pool.extend(state.clues_kept)
            state.clues_kept.clear()
            hooks(game, state, "army_phase_start")
            state.phase = "army_event"
            if state.round >= game.no_events_before:
                got = draw(game, state, state.event_pile, state.event_discard, 1)
                if got:
                    e = got[0]
                    state.event_discard.append(e)
                    card = game.events[e]
                    log(state, "event", "R8.1", _event_text, card, event=card.id)
                    enqueue(state, game.event_effects[e], -1)
            else:
                log(state, "no_event", "R8.1", f"no event before round {game.no_events_before}")
        elif phase == "army_event":
            state.phase = "army_invasion"
            invasion(game, state)
        elif phase == "army_invasion":
            state.bag.extend(state.drawn)  # R8.7
            state.drawn.clear()
            before = state.speed_cell
            state.speed_cell = min(state.speed_cell + 1, len(game.speed_track) - 1)
            log(state, "intensification", "R8.8", "intensification: speed cell {} → {} (speed "
                "{}); the drawn zone tokens go back into the bag (R8.7)".format, before + 1,
                state.speed_cell + 1, game.speed_track[state.speed_cell])
            hooks(game, state, "army_phase_end")
            state.phase = "victory"
        elif phase == "victory":
            if all(state.done[o.index] >= o.markers for o in game.objectives):
                state.outcome = Outcome(Termination.OBJECTIVES_DONE, state.round,
                                        "every objective done at the end of the army phase")
                state.phase = "over"
                log(state, "victory", "R9.2", "VICTORY: every objective is done at the end of "
                    "the army phase")
                return
            if state.round >= max_rounds:
                state.outcome = Outcome(Termination.ROUND_CAP, state.round,
                                        f"no outcome after {max_rounds} rounds")
                state.phase = "over"
                return
            state.round += 1
            state.phase = "round_start"
        else:  # over
            return


def _players_done(game: Game, state: State) -> bool:
    """The phase ends by itself when the team budget is spent (D10.1) or every counter is
    at its end (D5.4)."""
    if state.budget == 0:
        return True
    info = game.character_info
    for ps in state.players:  # noqa: SIM110 (a loop: no generator made)
        if ps.actions < info[ps.character].actions or ps.free_actions:
            return False
    return True

