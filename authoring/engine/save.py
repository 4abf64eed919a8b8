"""Saved games: the scenario, the game's options, the seed and the actions taken.

A save replays (seed + actions reproduce the game exactly, chance included), so the
file stays small and is checked on load: the replay must reach the state saved beside
it. Damaged or foreign data is a :class:`SaveError` whose message says what is wrong.
Reading and writing the file is the front end's business (the engine does no I/O).

>>> from authoring.model.game import load_game
>>> from authoring.engine import Game, new_initial_state, apply, legal_actions
>>> setup = GameSetup("scenarios/scenario-1.yaml", players=3, seed=5)
>>> model = load_game(setup.scenario)
>>> game = setup.game(model)
>>> state = new_initial_state(game, setup.seed)
>>> taken = [legal_actions(game, state)[0]]
>>> _ = apply(game, state, taken[0])
>>> data = save_data(setup, taken, state)
>>> setup2, actions, final = restore(data, lambda s: s.game(model))
>>> final.to_json() == state.to_json()
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from authoring.engine.actions import Action
from authoring.engine.api import MAX_ROUNDS, apply, new_initial_state
from authoring.engine.core import IllegalAction
from authoring.engine.game import Game, GameError
from authoring.engine.state import State
from authoring.io.errors import ResistanceError
from authoring.model.game import GameModel

SAVE_FORMAT = "resistance-save/1"
#: changes whenever the engine plays a seed + actions differently: a save replays exactly
#: only on the engine version that wrote it
ENGINE_VERSION = 2


class SaveError(ResistanceError):
    """A save file that cannot be played back (the message says why)."""


@dataclass(frozen=True)
class GameSetup:
    """Everything that makes a game besides its actions."""

    scenario: str
    players: int = 4
    difficulty: str = "normal"
    characters: tuple[str, ...] | None = None
    decisions: Mapping[str, str] = field(default_factory=dict)
    seed: int = 0
    action_budget: int | None = None
    max_rounds: int = MAX_ROUNDS
    people_choose: bool = False  # Game.people_choose: people at the table are asked

    def game(self, model: GameModel) -> Game:
        """The game of this setup on the loaded scenario (GameError)."""
        game = Game.create(model, self.players, self.difficulty, self.characters,
                           self.decisions, self.action_budget)
        return dataclasses.replace(game, people_choose=True) if self.people_choose else game

    def to_json(self) -> dict[str, Any]:
        """The save as plain data."""
        return {"scenario": self.scenario, "players": self.players,
                "difficulty": self.difficulty,
                "characters": list(self.characters) if self.characters else None,
                "decisions": dict(self.decisions), "seed": self.seed,
                "action_budget": self.action_budget, "max_rounds": self.max_rounds,
                **({"people_choose": True} if self.people_choose else {})}


def save_data(setup: GameSetup, actions: Sequence[Action], state: State) -> dict[str, Any]:
    """A save file's data: its format and engine versions, the setup (scenario, players,
    seed …), the actions played and the state they led to."""
    return {"format": SAVE_FORMAT, "engine": ENGINE_VERSION, "setup": setup.to_json(),
            "actions": [a.to_json() for a in actions], "state": state.to_json()}


def _setup_of(d: Any) -> GameSetup:
    if not isinstance(d, dict):
        raise SaveError("its 'setup' is not a mapping")
    try:
        chars = d.get("characters")
        return GameSetup(
            scenario=str(d["scenario"]),
            players=int(d["players"]),
            difficulty=str(d["difficulty"]),
            characters=tuple(str(c) for c in chars) if chars else None,
            decisions={str(k): str(v) for k, v in (d.get("decisions") or {}).items()},
            seed=int(d["seed"]),
            action_budget=None if d.get("action_budget") is None else int(d["action_budget"]),
            max_rounds=int(d.get("max_rounds", MAX_ROUNDS)),
            people_choose=bool(d.get("people_choose", False)),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise SaveError(f"its setup is incomplete or malformed ({e})") from None


def read_setup(data: Any) -> GameSetup:
    """The setup of save data (SaveError when it is not a save)."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"not a saved game (expected format '{SAVE_FORMAT}')")
    return _setup_of(data.get("setup"))


def restore(
    data: Any, make_game: Callable[[GameSetup], Game]
) -> tuple[GameSetup, list[Action], State]:
    """Check and replay save data: the setup, the actions, and the state they reach.
    ``make_game`` builds the game of a setup (the caller loads the scenario)."""
    setup = read_setup(data)
    raw = data.get("actions")
    if not isinstance(raw, list):
        raise SaveError("its 'actions' is not a list")
    actions = []
    for i, a in enumerate(raw):
        try:
            actions.append(Action.from_json(a))
        except ValueError as e:
            raise SaveError(f"action {i + 1}: {e}") from None
    try:
        game = make_game(setup)
    except GameError as e:
        raise SaveError(f"its setup is not a game: {e}") from None
    state = new_initial_state(game, setup.seed, setup.max_rounds)
    for i, a in enumerate(actions):
        try:
            apply(game, state, a, setup.max_rounds)
        except IllegalAction as e:
            raise SaveError(f"action {i + 1} {a.to_json()} does not replay: {e}") from None
    saved = data.get("state")
    if saved is not None and saved != json.loads(json.dumps(state.to_json())):
        version = data.get("engine")
        if version != ENGINE_VERSION:
            raise SaveError(f"this save was written by engine version {version or 1}, which "
                            f"plays differently from this one ({ENGINE_VERSION}): it cannot "
                            "be replayed exactly")
        raise SaveError("the replayed game differs from the state saved in the file (the "
                        "file was changed, or its scenario, board or cards changed since)")
    return setup, actions, state
