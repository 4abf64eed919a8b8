"""The rules engine: a static :class:`Game`, a plain-data :class:`State`, and check-then-act
actions (R1–R10 of ``design/rules.md``).

>>> from authoring.model.game import load_game
>>> game = Game.create(load_game("scenarios/scenario-1.yaml"), players=4, difficulty="normal")
>>> state = new_initial_state(game, seed=1)
>>> state.round, state.phase
(1, 'start')
"""

import os

if os.environ.get("RESISTANCE_COMPILED"):  # an optional compiled build: see .compiled
    from authoring.engine.compiled import enable

    enable(__path__, os.environ["RESISTANCE_COMPILED"])

from authoring.engine.actions import Action  # noqa: E402
from authoring.engine.api import apply, legal_actions, new_initial_state, replay, why_illegal  # noqa: E402
from authoring.engine.core import IllegalAction  # noqa: E402
from authoring.engine.game import Game, GameError  # noqa: E402
from authoring.engine.log import Event  # noqa: E402
from authoring.engine.outcome import Outcome, Termination  # noqa: E402
from authoring.engine.state import State  # noqa: E402

__all__ = [
    "Action", "Event", "Game", "GameError", "IllegalAction", "Outcome", "State", "Termination",
    "apply", "legal_actions", "new_initial_state", "replay", "why_illegal",
]
