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
import math
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
from authoring.model.rules import LEVELS, PLAYER_COUNTS

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


#: a save is a few hundred kB at most (a long game's actions and its state): a larger
#: file is not a save (``--load /dev/zero`` must not read without end)
MAX_SAVE_BYTES = 16 << 20
#: a number in a save has at most this many digits (seeds are 64-bit: 20 digits)
MAX_DIGITS = 24
#: the most rounds a saved game may ask for (the engine's cap is :data:`MAX_ROUNDS`)
MAX_SAVED_ROUNDS = 1000
#: the longest players' phase a save may resume with, in seconds (a day)
MAX_TIME_LEFT = 24 * 3600


def _no_constant(name: str) -> Any:
    raise SaveError(f"it holds {name}, which is not a number a save can hold")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise SaveError(f"it holds a number of {len(text.lstrip('-'))} digits (at most "
                        f"{MAX_DIGITS})")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise SaveError(f"it holds {text[:30]}, a number too large")
    return value


def parse_save(raw: bytes | str) -> Any:
    """The JSON data of a save file's bytes, read as hostile input: no ``Infinity`` or
    ``NaN``, no number over :data:`MAX_DIGITS` digits or beyond a float's range, not
    nested without end; :class:`SaveError` says what is wrong.

    >>> parse_save(b'{"seed": Infinity}')
    Traceback (most recent call last):
    ...
    authoring.engine.save.SaveError: it holds Infinity, which is not a number a save can hold
    """
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"it is more than {MAX_SAVE_BYTES >> 20} MB: not a save")
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        return json.loads(text, parse_constant=_no_constant, parse_int=_bounded_int,
                          parse_float=_finite_float)
    except UnicodeDecodeError:
        raise SaveError("it is not UTF-8 text") from None
    except RecursionError:
        raise SaveError("it is nested too deeply to be a save") from None
    except ValueError as e:  # json.JSONDecodeError included
        raise SaveError(f"it is not JSON ({e})") from None  # positions, never the text


def _shown(value: Any) -> str:
    """A value of a save as a message may quote it: short, with control characters
    escaped (a save is shared: its text must not retitle or clear the terminal)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 1 << 64:
        return f"a {value.bit_length()}-bit number"
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in repr(value))
    return text if len(text) <= 60 else text[:57] + "…"


def _int(d: Mapping[str, Any], key: str, lo: int, hi: int, default: Any = None) -> int:
    v = d.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool):
        raise SaveError(f"its setup's {key} is {_shown(v)}, not a whole number")
    if not lo <= v <= hi:
        raise SaveError(f"its setup's {key} is {_shown(v)}, out of range ({lo} to {hi})")
    return v


def _setup_of(d: Any) -> GameSetup:
    if not isinstance(d, dict):
        raise SaveError("its 'setup' is not a mapping")
    scenario = d.get("scenario")
    if not isinstance(scenario, str) or not scenario.strip():
        raise SaveError("its setup names no scenario file")
    if not all(c.isprintable() for c in scenario) or len(scenario) > 4096:
        raise SaveError(f"its scenario path {_shown(scenario)} holds control characters or "
                        "is too long: not a path a save writes")
    difficulty = d.get("difficulty", "normal")
    if difficulty not in LEVELS:
        raise SaveError(f"its setup's difficulty is {_shown(difficulty)}; one of "
                        f"{', '.join(LEVELS)}")
    players = _int(d, "players", min(PLAYER_COUNTS), max(PLAYER_COUNTS))
    chars = d.get("characters")
    if chars is not None and (not isinstance(chars, list) or len(chars) > players
                              or not all(isinstance(c, str) and c.isprintable()
                                         and len(c) <= 100 for c in chars)):
        raise SaveError(f"its setup's characters {_shown(chars)} are not a list of at most "
                        f"{players} names")
    decisions = d.get("decisions")
    decisions = {} if decisions is None else decisions
    if not isinstance(decisions, dict) or not all(
            isinstance(v, str) and len(k) <= 100 and len(v) <= 100 and k.isprintable()
            and v.isprintable() for k, v in decisions.items()):
        raise SaveError(f"its setup's decisions {_shown(decisions)} are not a mapping of "
                        "decision ids to choices")
    budget = d.get("action_budget")
    people = d.get("people_choose", False)
    if not isinstance(people, bool):
        raise SaveError(f"its setup's people_choose {_shown(people)} is not true or false")
    return GameSetup(
        scenario=scenario,
        players=players,
        difficulty=difficulty,
        characters=tuple(chars) if chars else None,
        decisions=dict(decisions),
        seed=_int(d, "seed", -(1 << 63), (1 << 64) - 1),
        action_budget=None if budget is None else _int(d, "action_budget", 1, 1 << 20),
        max_rounds=_int(d, "max_rounds", 1, MAX_SAVED_ROUNDS, MAX_ROUNDS),
        people_choose=people,
    )


def play_extra(data: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The front end's part of a save (``play``: bot seats, bot, timer, time left),
    checked: :class:`SaveError` when it is there but malformed."""
    extra = data.get("play")
    if extra is None:
        return {}
    if not isinstance(extra, dict):
        raise SaveError("its 'play' part is not a mapping")
    bots = extra.get("bots", [])
    if not isinstance(bots, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players for s in bots) \
            or len(set(bots)) != len(bots):
        raise SaveError(f"its bot seats {_shown(bots)} are not seats of its {players} players "
                        "(each once)")
    if not isinstance(extra.get("timer", True), bool):
        raise SaveError(f"its timer {_shown(extra.get('timer'))} is not true or false")
    bot = extra.get("bot")
    from authoring.engine.bots import BOTS  # the bots import the engine this module is part of

    if bot is not None and (not isinstance(bot, str) or bot not in BOTS):
        raise SaveError(f"its bot {_shown(bot)} is not a bot's name; one of "
                        f"{', '.join(BOTS)}")
    left = extra.get("time_left")
    if left is not None and (not isinstance(left, int | float) or isinstance(left, bool)
                             or not 0 <= left <= MAX_TIME_LEFT):
        raise SaveError(f"its time left {_shown(left)} is not a number of seconds from 0 "
                        f"to {MAX_TIME_LEFT}")
    return {"bots": bots, "timer": extra.get("timer", True), "bot": bot, "time_left": left}


def read_setup(data: Any) -> GameSetup:
    """The setup of save data (SaveError when it is not a save)."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"not a saved game (expected format '{SAVE_FORMAT}')")
    version = data.get("engine", 1)
    if not isinstance(version, int) or isinstance(version, bool) \
            or not 1 <= version <= ENGINE_VERSION:
        raise SaveError(f"its engine version {_shown(version)} is not one this toolkit "
                        f"knows (1 to {ENGINE_VERSION}): a newer toolkit wrote it, or the file "
                        "was changed")
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
        if not isinstance(a, list) or len(a) > 5 or not all(
                isinstance(x, str) and len(x) <= 40
                or isinstance(x, int) and abs(x) < 1 << 31 for x in a):
            raise SaveError(f"action {i + 1}: not an action: {_shown(a)}")
        try:
            actions.append(Action.from_json(a))
        except ValueError:
            raise SaveError(f"action {i + 1}: not an action: {_shown(a)}") from None
    try:
        game = make_game(setup)
    except GameError as e:
        raise SaveError(f"its setup is not a game: {e}") from None
    state = new_initial_state(game, setup.seed, setup.max_rounds)
    for i, a in enumerate(actions):
        try:
            apply(game, state, a, setup.max_rounds)
        except IllegalAction as e:
            raise SaveError(f"action {i + 1} {_shown(a.to_json())} does not replay: {e}"
                            ) from None
    saved = data.get("state")
    if saved is not None and saved != json.loads(json.dumps(state.to_json())):
        version = data.get("engine")
        if version != ENGINE_VERSION:
            raise SaveError(f"this save was written by engine version {_shown(version or 1)}, "
                            "which "
                            f"plays differently from this one ({ENGINE_VERSION}): it cannot "
                            "be replayed exactly")
        raise SaveError("the replayed game differs from the state saved in the file (the "
                        "file was changed, or its scenario, board or cards changed since)")
    return setup, actions, state
