"""The army (R8.2–R8.6) and the defeat that can come at any moment (R9.1, D9.1).

An army action draws a zone token from the invasion bag (set aside until the end of the
army phase, R8.7), adds as many soldiers as the invasion speed (R8.3), sends the surplus
to the neighbours in deployment order (R8.4, no cascade R8.4b), turns what none can hold
into officers that replace soldiers, in the activated zone first (R8.5), and draws a
zone token into the bag for each officer placed (R8.6). Every placement is checked for
defeat (D9.1): the game stops at the placement of the last piece of the reserve.
"""

from __future__ import annotations

from typing import Final

from authoring.engine.core import log, occupied, set_pending
from authoring.engine.game import Game
from authoring.engine.outcome import Outcome, Termination
from authoring.engine.state import State


def speed(game: Game, state: State) -> int:
    """The current invasion speed: the value of the marker's cell (R2.5, D2.2)."""
    return game.speed_track[state.speed_cell]


def check_defeat(game: Game, state: State, where: int, what: str) -> bool:
    """R9.1, D9.1: every soldier (or every officer) of the game is on the island: the
    reserve is empty and none is in the eliminated area. Sets the outcome."""
    if state.outcome is not None:
        return True
    if what == "soldiers" and state.reserve_soldiers == 0 and state.eliminated_soldiers == 0:
        term = Termination.SOLDIERS_EXHAUSTED
    elif what == "officers" and state.reserve_officers == 0 and state.eliminated_officers == 0:
        term = Termination.OFFICERS_EXHAUSTED
    else:
        return False
    detail = f"the last {what[:-1]} of the reserve was placed in {game.zone(where)}"
    state.outcome = Outcome(term, state.round, detail)
    state.phase = "over"
    log(state, "defeat", "R9.1", f"DEFEAT: {detail} (D9.1)", cause=term.name,
        zone=game.zone(where))
    return True


def _checked(game: Game, state: State) -> bool:
    """D9.1 option ``end_of_action``: defeat is checked once per army action, not at each
    placement."""
    return game.decisions["D9.1"] == "placement"


def place_soldiers(game: Game, state: State, z: int, k: int, rule: str = "R8.3") -> int:
    """Put up to ``k`` soldiers of the reserve in zone ``z``, one at a time; a soldier
    needed from an empty reserve is not placed (D9.1). Returns how many were placed."""
    placed = 0
    checked = _checked(game, state)
    for _ in range(k):
        if state.reserve_soldiers == 0:
            break
        state.reserve_soldiers -= 1
        state.soldiers[z] += 1
        placed += 1
        # check_defeat can only say yes once the reserve is empty (or the game is over)
        if checked and (state.reserve_soldiers == 0 or state.outcome is not None) \
                and check_defeat(game, state, z, "soldiers"):
            break
    zid = game.zone_ids[z]
    if placed:
        log(state, "soldiers_added", rule, _added_text, placed, zid,
            state.soldiers[z], state.officers[z], game.max_occupation[z],
            zone=zid, count=placed)
    if placed < k and state.outcome is None:
        log(state, "reserve_empty", "D9.1",
            f"{k - placed} soldier{'s' * (k - placed != 1)} not placed: the reserve is empty",
            zone=zid, count=k - placed)
    return placed


def _added_text(placed: int, zone: str, soldiers: int, officers: int, most: int) -> str:
    return (f"{placed} soldier{'s' * (placed != 1)} added to {zone} "
            f"(now {soldiers}+{officers} / max {most})")


def _deployed_text(moved: int, src: str, dst: str) -> str:
    return f"{moved} soldier{'s' * (moved != 1)} deployed from {src} to {dst}"


def deploy(game: Game, state: State, z: int) -> bool:
    """R8.4: soldiers above the max occupation go to the neighbour with the highest number,
    what it cannot hold to the next in decreasing order (D8.2 ties, D8.2b); only to the
    neighbours of the activated zone (R8.4b). What none can hold: takeover (R8.5). The
    occupation is D4.1's: officers count like soldiers, or (``soldiers_only``) not. False
    when the players must first choose where a tie's soldiers go (D8.2b ``players``)."""
    surplus = min(-room(game, state, z), state.soldiers[z])
    if surplus <= 0:
        return True
    return _deploy_from(game, state, z, surplus, 0)


def room(game: Game, state: State, z: int) -> int:
    """What zone ``z`` can still hold (R4.3; D4.1's occupation); negative: its surplus."""
    return game.max_occupation[z] - occupied(game, state, z)


def _deploy_from(game: Game, state: State, z: int, surplus: int, start: int) -> bool:
    """:func:`deploy`'s surplus sent on from the ``start``-th neighbour of ``z``."""
    choose = game.decisions["D8.2b"] == "players"
    neighbours = game.topo.neighbours[z]
    for i in range(start, len(neighbours)):
        nb = neighbours[i]
        if choose and _tie(game, state, z, surplus, i, DEPLOY):
            return False
        free = room(game, state, nb)
        if free <= 0:
            continue
        surplus -= _deploy_to(game, state, z, nb, min(free, surplus))
        if surplus == 0:
            return True
    return takeover(game, state, z, surplus)


def _deploy_to(game: Game, state: State, z: int, nb: int, k: int) -> int:
    """R8.4: ``k`` soldiers of ``z`` move to its neighbour ``nb``; returns ``k``."""
    state.soldiers[z] -= k
    state.soldiers[nb] += k
    ids = game.zone_ids
    log(state, "deployed", "R8.4", _deployed_text, k, ids[z], ids[nb],
        src=ids[z], dst=ids[nb], count=k)
    return k


def takeover(game: Game, state: State, z: int, k: int) -> bool:
    """R8.5: ``k`` surplus soldiers become officers (the soldier pieces go back to the
    reserve); each officer replaces a soldier of the activated zone, then of the
    neighbours in deployment order (D8.2b); replaced soldiers go back to the reserve
    (D8.4); officers that cannot be placed stay in the reserve. R8.6 for each officer
    placed. False when the players must first choose a tie (D8.2b ``players``)."""
    state.soldiers[z] -= k
    state.reserve_soldiers += k
    zid = game.zone_ids[z]
    log(state, "takeover", "R8.5",
        f"takeover in {zid}: {k} surplus soldier{'s' * (k != 1)} "
        f"{'become officers' if k != 1 else 'becomes an officer'}",
        zone=zid, count=k)
    return _replace_from(game, state, z, k, 0)


def _replace_from(game: Game, state: State, z: int, left: int, start: int) -> bool:
    """:func:`takeover`'s ``left`` officers placed from the ``start``-th of its targets
    (the activated zone, then its neighbours in deployment order)."""
    targets = (z, *game.topo.neighbours[z])
    choose = game.decisions["D8.2b"] == "players"
    for i in range(start, len(targets)):
        target = targets[i]
        if choose and i > 0 and _tie(game, state, z, left, i - 1, TAKEOVER):
            return False
        left = _officers_into(game, state, target, left)
        if state.outcome is not None or not left:
            return True
        if state.soldiers[target] > 0:  # soldiers left to replace: the reserve is empty
            log(state, "reserve_empty", "D9.1",
                f"{left} officer{'s' * (left != 1)} not placed: the reserve is empty",
                count=left)
            return True
    log(state, "officers_back", "R8.5",
        f"{left} officer{'s' * (left != 1)} {'find' if left != 1 else 'finds'} no soldier to "
        f"replace and {'stay' if left != 1 else 'stays'} in the reserve",
        count=left)
    return True


def _officers_into(game: Game, state: State, target: int, left: int) -> int:
    """R8.5: officers of the reserve replace soldiers of ``target``, up to ``left`` (until
    the reserve or the zone's soldiers run out, or the game ends); those still to place."""
    while left and state.soldiers[target] > 0 and state.reserve_officers > 0 \
            and state.outcome is None:
        promote(game, state, target)
        left -= 1
    return left


# -- D8.2b: the players choose between neighbours of equal number ---------------------------

#: a tie's choice is a ``choose_zone`` whose data starts so (other zone choices carry none)
TIE: Final = -82
#: what the pieces of a tie are: soldiers deployed (R8.4), officers placed (R8.5)
DEPLOY: Final = 0
TAKEOVER: Final = 1


def _tie(game: Game, state: State, z: int, pieces: int, i: int, what: int) -> bool:
    """D8.2b ``players``: at the ``i``-th neighbour of ``z``, the first of a run of
    neighbours of equal number ("Equal numbers in different regions"), when the ``pieces``
    left cannot go to all of them (soldiers: their room; officers, as many as the reserve
    still holds, D9.1: their soldiers), the team chooses which comes first (seat 0
    answers, as for an event): a ``choose_zone`` is set and True returned. The army
    action goes on with :func:`answer_tie`."""
    neighbours = game.topo.neighbours[z]
    number = game.topo.number
    if i > 0 and number[neighbours[i - 1]] == number[neighbours[i]]:
        return False  # inside a run: its first neighbour asked already
    placeable = pieces
    if what == TAKEOVER:  # the officers it can still place (D9.1: none, the reserve empty)
        placeable = min(pieces, state.reserve_officers)
        if placeable <= 0:
            return False
    members: list[int] = []
    total = 0
    j = i
    while j < len(neighbours) and number[neighbours[j]] == number[neighbours[i]]:
        nb = neighbours[j]
        here = room(game, state, nb) if what == DEPLOY else state.soldiers[nb]
        if here > 0:
            members.append(nb)
            total += here
        j += 1
    if len(members) < 2 or placeable >= total:
        return False  # one place, or room for all: the order decides nothing
    zid = game.zone_ids[z]
    note = (f"zone the surplus soldiers of {zid} go to first (D8.2b: equal numbers)"
            if what == DEPLOY else
            f"zone an officer of the takeover in {zid} goes to first, replacing a soldier "
            "(D8.2b: equal numbers)")
    set_pending(state, "choose_zone", 0, members, [TIE, what, z, pieces, i], note)
    return True


#: the log line's writer, made once (a bound method made at each call is an object
#: more to allocate)
_OFFICER_PLACED: Final = "an officer replaces a soldier in {}".format


def promote(game: Game, state: State, z: int, rule: str = "R8.5") -> None:
    """One officer of the reserve replaces a soldier of zone ``z`` (the soldier goes back
    to the reserve, D8.4); a zone token of its region goes into the bag (R8.6)."""
    state.soldiers[z] -= 1
    state.reserve_soldiers += 1
    state.reserve_officers -= 1
    state.officers[z] += 1
    zid = game.zone_ids[z]
    log(state, "officer_placed", rule, _OFFICER_PLACED,
        zid, zone=zid)
    region = game.topo.region[z]
    if not token_to_bag(game, state, region):
        log(state, "pile_empty", "D11.1",
            f"the {game.topo.regions[region]} pile is empty: no token added", region=region)
    if _checked(game, state):
        check_defeat(game, state, z, "officers")


def answer_tie(game: Game, state: State, first: int) -> None:
    """The team's answer to a D8.2b tie: ``first`` takes the pieces first (what it can:
    soldiers to its room, R8.4; officers on its soldiers, R8.5), then the army action goes
    on in deployment order (another tie may ask again), then the invasion's next actions
    when the tie came from one (else the effect that placed the soldiers goes on)."""
    pend = state.pending
    assert pend is not None
    data = pend.data
    what, z, pieces, i = data[1], data[2], data[3], data[4]
    resume = data[5:]
    state.pending = None
    if what == DEPLOY:
        moved = _deploy_to(game, state, z, first, min(room(game, state, first), pieces))
        done = pieces == moved or _deploy_from(game, state, z, pieces - moved, i)
    else:
        left = _officers_into(game, state, first, pieces)
        done = (left == 0 or state.outcome is not None
                or _replace_from(game, state, z, left, i + 1))
    if not done:
        _resume_after(state, resume)
        return
    placed(game, state, z)
    if resume and state.outcome is None:
        invade(game, state, resume[0], resume[1])


def _resume_after(state: State, resume: list[int]) -> None:
    """The invasion's next action and its count (``resume``, or nothing for an effect's
    soldiers) carried by the tie the players now choose, for :func:`answer_tie`."""
    pend = state.pending
    assert pend is not None and pend.data[0] == TIE
    pend.data.extend(resume)


def add_soldiers(game: Game, state: State, z: int, k: int, rule: str = "R8.3") -> bool:
    """Soldiers added to a zone, then deployment and takeover (R8.3–R8.5). False when the
    players must first choose a tie (D8.2b): :func:`answer_tie` finishes it."""
    place_soldiers(game, state, z, k, rule)
    if state.outcome is None and not deploy(game, state, z):
        return False
    placed(game, state, z)
    return True


def placed(game: Game, state: State, z: int) -> None:
    """D9.1 option ``end_of_action``: the defeat checked once an army action, or an
    effect that places pieces (an event's promotion), has placed them all (``z``: where
    it acted). Under the default every placement was checked already."""
    if state.outcome is None and not _checked(game, state):
        check_defeat(game, state, z, "soldiers") or check_defeat(game, state, z, "officers")


#: the log line's writer, made once
_TOKEN_DRAWN: Final = "zone token {} drawn".format


#: the log line's writer, made once (a bound method made at each call is an object
#: more to allocate)
_ARMY_ACTION: Final = "army action {}/{} at speed {}".format


def invade(game: Game, state: State, first: int, total: int) -> None:
    """R8.2: the army actions ``first`` to ``total`` (from 1) of this invasion, until the
    game ends or the players must choose a tie (D8.2b: the choice's data then ends with
    the next action and ``total``, for :func:`answer_tie` to go on)."""
    for i in range(first, total + 1):
        log(state, "army_action", "R8.3", _ARMY_ACTION, i, total, speed(game, state))
        if not army_action(game, state):
            _resume_after(state, [i + 1, total])
            return
        if state.outcome is not None:
            return


def army_action(game: Game, state: State) -> bool:
    """R8.3: one army action. The token drawn is set aside until the end of the army
    phase (R8.7); an empty bag gives nothing (D11.1). False when the players must first
    choose a tie (D8.2b)."""
    if not state.bag:
        log(state, "bag_empty", "D11.1", "the invasion bag is empty: the army action does nothing")
        return True
    token = state.rng.pop_random(state.bag)
    seen_token(state, token, drawn=True)
    state.drawn.append(token)
    zid = game.zone_ids[token]
    log(state, "token_drawn", "R8.3", _TOKEN_DRAWN, zid, zone=zid)
    return add_soldiers(game, state, token, speed(game, state))


#: the log line's writer, made once
_TOKEN_TO_BAG: Final = "a zone token of region {} goes into the invasion bag".format


def token_to_bag(game: Game, state: State, region: int) -> bool:
    """R8.6: the top token of a region's pile goes into the invasion bag, face down
    (nobody sees which: ``state.unseen``); False when the pile is empty."""
    pile = state.piles[region]
    if not pile:
        return False
    token = pile.pop()
    state.bag.append(token)
    state.unseen.append(token)
    name = game.topo.regions[region]
    log(state, "token_to_bag", "R8.6", _TOKEN_TO_BAG,
        name, region=name)
    return True


def seen_token(state: State, token: int, drawn: bool = False) -> None:
    """A bag token is seen (drawn at R8.3, or looked at): when the bag holds no copy of
    it that was seen before, it was one of the unseen tokens (R8.6), which now counts as
    seen; otherwise it counts as a seen copy (copies of a zone look alike, and what the
    players know decides, never which copy it truly was). ``drawn``: already out of it."""
    if token in state.unseen and state.bag.count(token) + drawn <= state.unseen.count(token):
        state.unseen.remove(token)
