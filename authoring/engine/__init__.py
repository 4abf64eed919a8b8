"""The rules engine: a static :class:`Game`, a plain-data :class:`State`, and check-then-act
actions (R1–R10 of ``design/rules.md``).

>>> from authoring.model.game import load_game
>>> game = Game.create(load_game("scenarios/scenario-1.yaml"), players=4, difficulty="normal")
>>> state = new_initial_state(game, seed=1)
>>> state.round, state.phase
(1, 'start')
"""

from authoring.engine.actions import Action
from authoring.engine.api import apply, legal_actions, new_initial_state, replay, why_illegal
from authoring.engine.core import IllegalAction
from authoring.engine.game import Game, GameError
from authoring.engine.log import Event
from authoring.engine.outcome import Outcome, Termination
from authoring.engine.state import State

__all__ = [
    "Action", "Event", "Game", "GameError", "IllegalAction", "Outcome", "State", "Termination",
    "apply", "legal_actions", "new_initial_state", "replay", "why_illegal",
]
