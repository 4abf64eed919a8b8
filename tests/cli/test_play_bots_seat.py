"""A bot seat at a table with people takes only its own seat's actions (R5: each player
acts for their own character), even when its bot plans for the whole team."""

from __future__ import annotations

from pathlib import Path

import pytest

from authoring.cli.play import seat_choice
from authoring.engine import Game, apply, legal_actions, new_initial_state
from authoring.engine.bots import BOTS
from authoring.engine.check import load_playable
from authoring.engine.view import PublicView

SCENARIO_1 = Path(__file__).parents[2] / "scenarios" / "scenario-1.yaml"


@pytest.mark.parametrize("bot", ["heuristic", "simple", "random"])
def test_a_bot_seat_never_takes_a_persons_action(bot: str) -> None:
    """A game of scenario 1 played by the heuristic team: at each decision of the players'
    phase, the bot of seat 2 is offered seat 2's actions; what it takes is one of them or
    the end of its turn (the heuristic alone would take another seat's action 74 times in
    100 in this game)."""
    game = Game.create(load_playable(SCENARIO_1), players=4, difficulty="normal")
    state = new_initial_state(game, 5)
    team = BOTS["heuristic"](1)
    seat = BOTS[bot](2)
    offered = 0
    for _ in range(300):
        if state.outcome is not None:
            break
        if state.phase == "players" and state.pending is None:
            mine = [a for a in legal_actions(game, state) if a.player == 2]
            if mine:
                offered += 1
                a = seat_choice(seat, game, PublicView(game, state, 2), mine)
                assert a in mine or a.kind == "end"
        who = state.pending.player if state.pending is not None else 0
        view = PublicView(game, state, who)
        apply(game, state, team.act(game, view, legal_actions(game, state)))
    assert offered > 20
