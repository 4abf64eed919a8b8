"""R6.1 when the pool isolates several places at once: with people at the table
(``Game.people_choose``) the players choose which gets the objective marker; bots answer
through the same ``choose`` and their first option is the default the engine takes alone
(the fewest cards, then board order), so studies and transcripts play as before."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from authoring.engine import (
    Begin,
    Choose,
    Game,
    Keep,
    apply,
    legal_actions,
    new_initial_state,
)
from authoring.engine.flow import reveal
from authoring.engine.heuristic import HeuristicBot
from authoring.engine.view import PublicView
from authoring.model.game import load_game

ROOT = Path(__file__).resolve().parents[2]
POOL = [0, 1, 2, 8]  # clue kinds of scenario 1 that isolate N-E 14 and S-O 15, 3 cards each


def _game(ask: bool) -> Game:
    game = Game.create(load_game(ROOT / "scenarios" / "scenario-1.yaml"), players=3)
    return dataclasses.replace(game, people_choose=True) if ask else game


def _pooled(game: Game):  # type: ignore[no-untyped-def]
    state = new_initial_state(game, 4)
    apply(game, state, Keep(0, 0))
    apply(game, state, Begin())
    state.clue_pool = list(POOL)
    return state


def test_alone_the_engine_takes_the_fewest_cards_then_board_order() -> None:
    game = _game(False)
    state = _pooled(game)
    reveal(game, state)
    assert state.pending is None
    assert [game.zone(z) for z in state.revealed[0]] == [game.zone(28)]


def test_people_choose_which_isolated_place_is_revealed() -> None:
    game = _game(True)
    state = _pooled(game)
    reveal(game, state)
    assert state.pending is not None and state.pending.kind == "choose_reveal"
    assert state.pending.options == [28, 59]
    assert state.pending.note == "which isolated place gets the objective marker (R6.1)"
    events = apply(game, state, Choose(0, 1))
    assert state.revealed[0] == [59]
    assert any(e.kind == "revealed" and e.rule == "R6.1" and game.zone(59) in e.text
               for e in events)


def test_a_bot_answers_with_the_default() -> None:
    game = _game(True)
    state = _pooled(game)
    reveal(game, state)
    legal = legal_actions(game, state)
    assert HeuristicBot(1).act(game, PublicView(game, state, 0), legal) == Choose(0, 0)


# -- R5.4: a hand above its limit ---------------------------------------------------------------


def _over_limit(game: Game):  # type: ignore[no-untyped-def]
    """p1 holding five cards where four fit (a lost bonus, an event's card): a useful
    part first, a useless card last."""
    state = _pooled(game)
    state.clue_pool = []
    useless = next(i for i, it in enumerate(game.items) if it.kind == "useless")
    parts = [i for i, it in enumerate(game.items) if it.part_of][:4]
    state.players[0].inventory = [*parts, useless]
    return state, useless


def test_alone_the_engine_discards_the_card_of_least_use() -> None:
    from authoring.engine.players import enforce_inventory_limit

    game = _game(False)
    state, useless = _over_limit(game)
    enforce_inventory_limit(game, state, 0)
    assert useless not in state.players[0].inventory and len(state.players[0].inventory) == 4


def test_people_choose_the_card_to_discard_and_a_bot_takes_the_default() -> None:
    from authoring.engine.flow import advance

    game = _game(True)
    state, useless = _over_limit(game)
    advance(game, state, 40)
    pend = state.pending
    assert pend is not None and pend.kind == "discard_excess" and pend.player == 0
    assert pend.options == [4, 0, 1, 2, 3]  # the useless card first: the default
    legal = legal_actions(game, state)
    assert HeuristicBot(1).act(game, PublicView(game, state, 0), legal) == Choose(0, 0)
    kept = state.players[0].inventory[1:]
    first = state.players[0].inventory[0]
    events = apply(game, state, Choose(0, 1))  # people discard the first part
    assert state.pending is None and state.players[0].inventory == kept
    assert first in state.item_discard
    assert [e.rule for e in events if e.kind == "item_discarded"] == ["R5.4"]
