"""D8.2b: neighbours of equal number in different regions, in deployment order (R8.4,
R8.5). design/rules.md's D8.2: "the activated zone's own region first, then the board's
region order (option: the players choose, as they 'play to make the army progress')".

On the star board (``test_book_probes.py`` draws it) A 1, a capital, has the neighbours
A 7 and B 7 (villages, both number 7: a tie across regions), then A 3 (town) and A 2
(village). The default sends a tie's pieces to A 7 first (own region); with ``players``
the team (seat 0) is asked — only when the pieces cannot go to every zone of the tie —
and the army action, then the invasion or the effect, goes on after the answer.
"""

from __future__ import annotations

import json
from typing import Any

from authoring.engine import Choose, End, Game, State, apply
from authoring.engine.resolve import enqueue, run_queue, with_effects
from authoring.engine.state import State as StateType
from authoring.model import effects as fx
from authoring.model.game import GameModel

from .test_book_probes import _game, _put, _z
from .test_situations import _zones

PLAYERS = [{"actions": 1} for _ in range(4)]


def _tie_game(model: GameModel, option: str | None, *, speed: int = 1, actions: int = 1,
              held: dict[str, int] | None = None) -> tuple[Game, State]:
    """Four players who took ``actions`` each (the army owes as many actions, R7.1,
    R8.2), the invasion speed ``speed``, the bag A 1 only, the island as ``held``
    (default: A 1 full with 3 soldiers)."""
    decisions = {"D8.2b": option} if option else None
    game, state = _game(model, [{"actions": actions} for _ in range(4)], n=4,
                        speed=(speed,), decisions=decisions)
    _put(game, state.soldiers, held or {"A 1": 3})
    state.bag = [_z(game, "A 1")] * actions
    return game, state


def _answer(game: Game, state: State, zone: str) -> None:
    pend = state.pending
    assert pend is not None and pend.kind == "choose_zone" and pend.player == 0
    apply(game, state, Choose(0, pend.options.index(_z(game, zone))))


def _army_over(state: State) -> bool:
    """The army phase ended (R8.8): round 2 has begun (its first question is R6.2's)."""
    return state.round == 2 and (state.pending is None or state.pending.kind != "choose_zone")


def _texts(state: State) -> list[str]:
    return [e.text for e in state.log]


def test_the_default_sends_a_tie_to_the_own_region_first(star_model: GameModel) -> None:
    """``order`` (the default): A 1 full, 1 soldier added: A 7 (region A) before B 7."""
    game, state = _tie_game(star_model, None)
    apply(game, state, End())
    assert _army_over(state)
    assert _zones(game, state.soldiers) == {"A 1": 3, "A 7": 1}


def test_the_players_choose_where_a_ties_soldier_goes(star_model: GameModel) -> None:
    """``players``: the same army action asks the team (seat 0) between A 7 and B 7 — a
    ``choose_zone`` naming D8.2b — and the soldier goes where they say; then the army
    phase ends by itself (R8.7, R8.8) and the next round starts."""
    game, state = _tie_game(star_model, "players")
    apply(game, state, End())
    pend = state.pending
    assert pend is not None and pend.kind == "choose_zone"
    assert sorted(pend.options) == sorted([_z(game, "A 7"), _z(game, "B 7")])
    assert "D8.2b" in pend.note and state.phase == "army_invasion"
    _answer(game, state, "B 7")
    assert _zones(game, state.soldiers) == {"A 1": 3, "B 7": 1}
    assert _army_over(state)
    assert "1 soldier deployed from A 1 to B 7" in _texts(state)


def test_no_question_when_the_tie_holds_every_piece(star_model: GameModel) -> None:
    """``players``: 2 surplus soldiers, A 7 and B 7 hold 1 each: both fill whatever the
    order, so nobody is asked."""
    game, state = _tie_game(star_model, "players", speed=2)
    apply(game, state, End())
    assert _army_over(state)
    assert _zones(game, state.soldiers) == {"A 1": 3, "A 7": 1, "B 7": 1}


def test_the_invasion_goes_on_after_the_answer(star_model: GameModel) -> None:
    """``players``, two army actions on A 1 (speed 1): the first asks (A 7 or B 7); after
    the answer (A 7) the second action is played: B 7, the only zone of the tie left with
    room, takes its soldier without a question."""
    game, state = _tie_game(star_model, "players", actions=2)
    apply(game, state, End())
    assert state.pending is not None
    assert "army action 2/2 at speed 1" not in _texts(state)
    _answer(game, state, "A 7")
    assert _army_over(state)
    assert "army action 2/2 at speed 1" in _texts(state)
    assert _zones(game, state.soldiers) == {"A 1": 3, "A 7": 1, "B 7": 1}


def test_the_players_choose_where_a_takeovers_officer_goes(star_model: GameModel) -> None:
    """R8.5 with ``players``: A 1 holds 3 officers (full, D4.1), its neighbours are full
    (A 7 1, B 7 1, A 3 2, A 2 1 soldiers). 1 soldier added: no room, so it becomes an
    officer; A 1 has no soldier to replace, so it replaces one of a neighbour, in
    deployment order — A 7 and B 7 tie, 1 officer for 2 soldiers: the team chooses B 7."""
    held = {"A 7": 1, "B 7": 1, "A 3": 2, "A 2": 1}
    game, state = _tie_game(star_model, "players", held=held)
    state.officers[_z(game, "A 1")] = 3
    state.reserve_officers -= 3
    apply(game, state, End())
    pend = state.pending
    assert pend is not None and "takeover" in pend.note
    assert sorted(pend.options) == sorted([_z(game, "A 7"), _z(game, "B 7")])
    _answer(game, state, "B 7")
    assert _zones(game, state.officers) == {"A 1": 3, "B 7": 1}
    assert _zones(game, state.soldiers) == {"A 7": 1, "A 3": 2, "A 2": 1}
    assert _army_over(state)


def test_an_effects_soldiers_ask_too_and_the_effect_goes_on(star_model: GameModel) -> None:
    """An effect that adds soldiers (as an event's: deployment as in an army action, R8.4)
    on A 1 (full), then another on a zone to choose: the tie of A 1's soldier is asked;
    after the answer the effect list goes on (A 8 chosen) — A 1's soldier is not added
    twice."""
    game, state = _tie_game(star_model, "players")
    game, fx_id = with_effects(game, [
        fx.AddSoldiers(count=1, where="any_zone"), fx.AddSoldiers(count=1, where="any_zone")])
    state.phase = "army_event"  # as an event would be resolved
    state.bag = []  # and no army action after it (D11.1)
    enqueue(state, fx_id, -1)
    task = state.queue[0]
    task[5] = _z(game, "A 1")  # the zone the effect names (CHOICE)
    run_queue(game, state)
    assert state.pending is not None and "D8.2b" in state.pending.note
    _answer(game, state, "A 7")
    pend = state.pending  # the effect's second soldiers: the zone they go to
    assert pend is not None and pend.note == "zone to add soldiers to"
    _answer(game, state, "A 8")
    assert not state.queue and _army_over(state)
    assert _zones(game, state.soldiers) == {"A 1": 3, "A 7": 1, "A 8": 1}


def test_a_saved_game_waits_for_the_tie_and_goes_on_the_same(star_model: GameModel) -> None:
    """The question is part of the state: saved (JSON) and loaded at the question, the
    game answered the same way ends the same."""
    game, state = _tie_game(star_model, "players", actions=2)
    apply(game, state, End())
    data: dict[str, Any] = json.loads(json.dumps(state.to_json()))  # as a file holds it
    loaded = StateType.from_json(data)
    for s in (state, loaded):
        _answer(game, s, "B 7")
    assert loaded.to_json() == state.to_json()
    assert _zones(game, loaded.soldiers) == {"A 1": 3, "A 7": 1, "B 7": 1}


def test_no_question_for_officers_the_reserve_cannot_give(star_model: GameModel) -> None:
    """D9.1 ``end_of_action`` (the defeat waits for the end of the action) with
    ``players``: A 1 holds 1 officer and 2 soldiers, its neighbours are full, speed 3,
    2 officers left. The takeover needs 3 officers: 2 replace A 1's soldiers, the third
    is "needed from an empty reserve" and not placed — so the A 7 / B 7 tie that would
    come next is not asked (it was asked again after every answer, and the game never
    ended): the same defeat as the default's."""
    held = {"A 1": 2, "A 7": 1, "B 7": 1, "A 3": 2, "A 2": 1}
    outcomes = []
    for option in (None, "players"):
        decisions = {"D9.1": "end_of_action", **({"D8.2b": option} if option else {})}
        game, state = _game(star_model, PLAYERS, n=4, speed=(3,), decisions=decisions,
                            reserve=(20, 3))
        _put(game, state.soldiers, held)
        state.officers[_z(game, "A 1")] = 1
        state.reserve_officers = 2
        state.bag = [_z(game, "A 1")]
        apply(game, state, End())
        assert state.pending is None and state.outcome is not None
        assert "1 officer not placed: the reserve is empty" in _texts(state)
        outcomes.append(state.outcome.line())
    assert outcomes[0] == outcomes[1]
    assert "officers exhausted" in outcomes[0]


def test_an_army_action_effect_waits_for_its_tie(star_model: GameModel) -> None:
    """An effect of two army actions at once (``{army_action: {count: 2}}``, R8.3) on A 1
    (full), speed 1: the first action's tie (A 7 / B 7) is asked before the second action
    is played; answered A 7, the second action's soldier goes to B 7 — as in the default
    order, and nothing is deployed twice."""
    game, state = _tie_game(star_model, "players")
    game, fx_id = with_effects(game, [fx.ArmyAction(count=2)])
    state.phase = "army_event"
    state.bag = [_z(game, "A 1"), _z(game, "A 1")]
    enqueue(state, fx_id, -1)
    run_queue(game, state)
    assert state.pending is not None and "D8.2b" in state.pending.note
    assert sum(t.startswith("zone token A 1 drawn") for t in _texts(state)) == 1
    _answer(game, state, "A 7")
    assert _zones(game, state.soldiers) == {"A 1": 3, "A 7": 1, "B 7": 1}
    assert [t for t in _texts(state) if "deployed" in t] == [
        "1 soldier deployed from A 1 to A 7", "1 soldier deployed from A 1 to B 7"]
