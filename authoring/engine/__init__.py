"""The rules engine: a static :class:`Game`, a plain-data :class:`State`, and check-then-act
actions (R1–R10 of ``docs/rules.md``: ``resistance rules R5`` prints them).

>>> from authoring.model.game import load_game
>>> game = Game.create(load_game("scenarios/scenario-1.yaml"), players=4, difficulty="normal")
>>> state = new_initial_state(game, seed=1)
>>> state.round, state.phase
(1, 'start')
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from authoring.engine.native import choose

choose()  # the compiled engine when built and current, else the Python sources (build.py)

if TYPE_CHECKING:  # the names below, for type checkers; loaded on first use at run time
    from authoring.engine.actions import (
        Action,
        Begin,
        Choose,
        Craft,
        Eliminate,
        End,
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
    )
    from authoring.engine.api import apply, legal_actions, new_initial_state, replay, why_illegal
    from authoring.engine.core import IllegalAction
    from authoring.engine.game import Game, GameError
    from authoring.engine.log import LogEntry
    from authoring.engine.outcome import Outcome, Termination
    from authoring.engine.state import State

#: where each public name lives: importing one module of the engine (``engine.rng``, say)
#: loads that module alone, not the package's every module (PEP 562)
_HOME = {
    "Action": "actions", "apply": "api", "legal_actions": "api", "new_initial_state": "api",
    "replay": "api", "why_illegal": "api", "IllegalAction": "core", "Game": "game",
    "GameError": "game", "LogEntry": "log", "Outcome": "outcome", "Termination": "outcome",
    "State": "state",
    # the action records, one per kind (actions.py)
    "Begin": "actions", "Choose": "actions", "Craft": "actions", "Eliminate": "actions",
    "End": "actions", "Investigate": "actions", "Keep": "actions", "Move": "actions",
    "Objective": "actions", "Plan": "actions", "Recruit": "actions", "Reorganise": "actions",
    "Resistance": "actions", "Search": "actions", "Transfer": "actions", "Use": "actions",
}

__all__ = [
    "Action", "Game", "GameError", "IllegalAction", "LogEntry", "Outcome", "State", "Termination",
    "apply", "legal_actions", "new_initial_state", "replay", "why_illegal",
    "Begin", "Choose", "Craft", "Eliminate", "End", "Investigate", "Keep", "Move", "Objective",
    "Plan", "Recruit", "Reorganise", "Resistance", "Search", "Transfer", "Use",
]


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})
