"""Rule departures reported by an independent team of bots (issue 29), each fixed at its
cause and tested here to an exact state before and after, citing its rule."""

from __future__ import annotations

import dataclasses

from authoring.engine import Action, Game, apply, why_illegal
from authoring.engine.resolve import run_queue, with_effects
from authoring.engine.state import SPECIAL
from authoring.model import effects as fx
from authoring.model.game import GameModel

from .conftest import cleared_state


def _special(game: Game, sid: str) -> int:
    return next(i for i, s in enumerate(game.specials) if s.id == sid)


# -- 1. an objective that names its item is done by that item alone (R5.7) -------------------


def _at_base(game1: Game) -> tuple[Game, object, int]:
    """Scenario 1, 4 players: the base revealed in seat 0's zone, nothing done."""
    state = cleared_state(game1, 1)
    z = state.players[0].at
    state.revealed = [[z]]
    state.done = [0]
    state.completed = [[]]
    return game1, state, z


def test_r57_the_radio_does_not_complete_scenario_1s_base(game1: Game) -> None:
    """Scenario 1's objective is "Trouver la base, puis fabriquer une bombe pour la
    détruire" (item: bomb). The radio transmitter's first use now says whose objective it
    completes (the strategic one): in the base's zone it is refused (R5.7)."""
    game, state, z = _at_base(game1)
    radio = _special(game, "radio")
    state.players[0].inventory = [SPECIAL + radio]
    reason = why_illegal(game, state, Action("use", 0, 0, 0))
    assert reason is not None and reason.startswith("R5.7:"), reason
    assert "strategic objective" in reason
    assert state.done == [0]


def test_r57_another_items_effect_leaves_a_reserved_objective(game1: Game) -> None:
    """At the cause: whatever its card says, an effect queued by another item's use (here
    a radio whose use would complete any objective) leaves the base (item: bomb) as it
    is; the bomb's own use destroys it (R5.7)."""
    game, state, z = _at_base(game1)
    radio, bomb = _special(game, "radio"), _special(game, "bomb")
    game, lst = with_effects(game, [fx.CompleteObjective()])  # objective: any
    uses = list(game.special_use_effects)
    uses[radio] = (lst, *uses[radio][1:])
    game = dataclasses.replace(game, special_use_effects=tuple(uses))
    state.queue.append([lst, 0, 0, -1, 0, -1])
    run_queue(game, state)
    assert state.done == [0] and state.completed == [[]]
    assert [e.kind for e in state.log[-1:]] == ["objective_reserved"]
    state.queue.append([game.special_use_effects[bomb][0], 0, 0, -1, 0, -1])
    run_queue(game, state)
    assert state.done == [1] and state.completed == [[z]]


def test_r57_a_resistance_card_does_not_complete_a_reserved_objective(game1: Game) -> None:
    """An effect with no item behind it (a resistance card, an event) cannot do an
    objective whose item is named either (R5.7)."""
    game, state, _ = _at_base(game1)
    game, lst = with_effects(game, [fx.DestroyBase()])
    state.queue.append([lst, 0, 0, -1, 0, -1])
    run_queue(game, state)
    assert state.done == [0]


def test_r57_the_bomb_destroys_the_base(game1: Game) -> None:
    game, state, z = _at_base(game1)
    state.players[0].inventory = [SPECIAL + _special(game, "bomb")]
    state.players[0].squad[2] = [0] * len(state.players[0].squad[2])  # I at its max
    assert why_illegal(game, state, Action("use", 0, 0, 0)) is None
    apply(game, state, Action("use", 0, 0, 0))
    assert state.done == [1] and state.completed == [[z]]


def test_complete_objective_says_which_kind(star_model: GameModel) -> None:
    """complete_objective: {objective: strategic} completes the strategic objective only."""
    from .test_effects import objectives, table

    game, state = table(star_model)
    game = objectives(game, "base", "strategic")
    a3 = game.zone_index("A 3")
    state.revealed = [[a3], [a3]]
    state.done = [0, 0]
    state.completed = [[], []]
    state.players[0].at = a3
    game, lst = with_effects(game, [fx.CompleteObjective(objective="strategic")])
    state.queue.append([lst, 0, 0, -1, 0, -1])
    run_queue(game, state)
    assert state.done == [0, 1]
