"""The engine's public API: check, ask, act (style.md §2).

>>> from authoring.model.game import load_game
>>> game = Game.create(load_game("scenarios/scenario-1.yaml"), players=4)
>>> state = new_initial_state(game, seed=3)
>>> state.phase, len(state.players), sum(state.soldiers)
('start', 4, 36)
>>> why_illegal(game, state, Begin())       # R6.2 first: keep a resistance card
'first, Rosa Villanueva must choose: which resistance card to keep available (R6.2)'
>>> entries = apply(game, state, Keep(0, 0))
>>> why_illegal(game, state, Move(0, game.zone_index("S-O 1")))
'R5.1: the timer has not started: begin the phase first'
>>> entries = apply(game, state, Begin())
>>> why_illegal(game, state, Move(0, game.zone_index("S-O 1")))
'R5.1: S-O 1 is not within 3 roads or 1 mountain path of N-E 1'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final, cast, overload

import authoring.engine.players as rules
from authoring.engine.actions import (
    RECORDS,
    Action,
    Begin,
    Choose,
    Draw,
    Eliminate,
    End,
    Investigate,
    Keep,
    Move,
    Recruit,
    Reorganise,
    Search,
)
from authoring.engine.core import IllegalAction, log, player_name
from authoring.engine.describe import pending_text
from authoring.engine.flow import advance, setup
from authoring.engine.game import Game
from authoring.engine.log import LogEntry
from authoring.engine.players import ACTS, CHECKS
from authoring.engine.resolve import answer
from authoring.engine.rng import Rng
from authoring.engine.state import State

#: the two actions without parameters, made once
END: Final = End()
BEGIN: Final = Begin()
#: a game with no outcome after this many rounds is cut short (not a rule: a guard)
MAX_ROUNDS: Final = 40


def new_initial_state(game: Game, seed: int = 0, max_rounds: int = MAX_ROUNDS) -> State:
    """R2 setup with the game's one generator seeded by ``seed``, run up to the first
    decision (the resistance card to keep, R6.2)."""
    state = setup(game, seed)
    if game.action_budget is not None:
        state.budget = game.action_budget
    advance(game, state, max_rounds)
    return state


def why_illegal(game: Game, state: State, action: Action) -> str | None:
    """Why ``action`` cannot be taken now, citing the rule; None when it is legal."""
    if state.outcome is not None:
        return f"the game is over: {state.outcome.line()}"
    kind = type(action)
    if kind is _ACTION:  # the base of the records, not a record
        record = RECORDS.get(action.kind)
        return (f"not an action record: build {record.__name__}(…), not Action(…)"
                if record is not None else f"unknown action '{action.kind}'")
    pend = state.pending
    if pend is not None:
        if isinstance(action, Keep):
            return rules.check_keep(game, state, action)
        if isinstance(action, Choose):
            if action.player != pend.player:
                return f"{player_name(game, state, pend.player)} chooses now"
            if not 0 <= action.option < len(pend.options):
                return "no such option"
            return None
        return f"first, {player_name(game, state, pend.player)} must choose: {pending_text(pend.kind, pend.note)}"
    check = CHECKS.get(kind)
    if check is None:  # not a standard action (R5)
        if isinstance(action, (Keep, Choose)):
            return "nothing to choose now"
        if isinstance(action, Begin):
            return None if state.phase == "start" else "the players' phase has already begun"
        if isinstance(action, Reorganise):
            if not 0 <= action.player < len(state.players):
                return "no such player"
            return rules.check_reorganise(game, state, action)
        if isinstance(action, End):
            return None if state.phase == "players" else "R10.1: the timer has not started"
        return f"unknown action '{action.kind}'"
    p = action.player
    if not 0 <= p < len(state.players):
        return "no such player"
    if state.phase != "players":
        return "R5.1: the timer has not started: begin the phase first" \
            if kind is _MOVE else "R6: the timer has not started: begin the phase first"
    refusal = rules.counter_refusal(game, state, p)
    if refusal:
        return refusal
    # the most frequent checks called directly (a compiled call; the table's is a Python one)
    if kind is _MOVE:
        return rules.check_move(game, state, cast(Move, action))
    if kind is _RECRUIT or kind is _INVESTIGATE or kind is _SEARCH:
        return rules.check_draw(game, state, cast(Draw, action))
    if kind is _ELIMINATE:
        return rules.check_eliminate(game, state, cast(Eliminate, action))
    return check(game, state, action)


#: record types read as compiled constants (a name imported from a Python module, as the
#: records' is, is looked up at each read)
_ACTION: Final = Action
_MOVE: Final = Move
_RECRUIT: Final = Recruit
_INVESTIGATE: Final = Investigate
_SEARCH: Final = Search
_ELIMINATE: Final = Eliminate


def legal_actions(game: Game, state: State) -> list[Action]:
    """Every action legal now (for every player: the active player is the players'
    choice, R5.0), ``end`` last."""
    if state.outcome is not None:
        return []
    pend = state.pending
    if pend is not None:
        if pend.kind.startswith("keep_"):
            return list(rules.keep_options(game, state))
        table = rules.action_table(game)  # (the records made once)
        return [table.choose(pend.player, i) for i in range(len(pend.options))]
    out: list[Action]
    if state.phase == "start":
        out = [a for p in range(len(state.players)) for a in rules.reorganise_for(game, state, p)]
        out.append(BEGIN)
        return out
    out = []
    for p in rules.able_players(game, state):
        out.extend(rules.legal_for(game, state, p))
    out.append(END)
    return out


class LazyLegal(Sequence[Action]):
    """:func:`legal_actions`, listed only when first read: a bot that builds its choice
    and checks it (:meth:`PublicView.why_illegal <authoring.engine.view.PublicView.why_illegal>`)
    never pays for the whole list. Read it before the state changes.

    >>> from authoring.model.game import load_game
    >>> game = Game.create(load_game("scenarios/scenario-1.yaml"), players=4)
    >>> state = new_initial_state(game, seed=3)
    >>> legal = LazyLegal(game, state)
    >>> legal._list is None, len(legal) == len(legal_actions(game, state)), legal[0].kind
    (True, True, 'keep')
    """

    __slots__ = ("_game", "_state", "_list")

    def __init__(self, game: Game, state: State) -> None:
        self._game, self._state = game, state
        self._list: list[Action] | None = None

    def _all(self) -> list[Action]:
        if self._list is None:
            self._list = legal_actions(self._game, self._state)
        return self._list

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | list[Action]:
        return self._all()[i]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Any:
        return iter(self._all())

    def __contains__(self, a: object) -> bool:
        return a in self._all()


def apply(game: Game, state: State, action: Action, max_rounds: int = MAX_ROUNDS,
          *, checked: bool = True) -> list[LogEntry]:
    """Take ``action`` (checked first: :class:`IllegalAction` with the reason), then run the
    game until a player must decide; returns the entries it appended to the log.
    ``checked=False`` skips the check for an action taken from :func:`legal_actions` or
    :func:`random_action` (a simulation's hot loop)."""
    if checked:
        reason = why_illegal(game, state, action)
        if reason is not None:
            raise IllegalAction(reason)
    start = len(state.log)
    kind = type(action)
    act = ACTS.get(kind)
    if act is not None:  # a standard action (R5)
        rules.count_action(game, state, action.player)
        # the most frequent acts called directly (a compiled call; the table's is a Python one)
        if kind is _MOVE:
            rules.do_move(game, state, cast(Move, action))
        elif kind is _RECRUIT or kind is _INVESTIGATE or kind is _SEARCH:
            rules.do_draw(game, state, cast(Draw, action))
        elif kind is _ELIMINATE:
            rules.do_eliminate(game, state, cast(Eliminate, action))
        else:
            act(game, state, action)
    elif isinstance(action, Keep):
        rules.do_keep(game, state, action)
    elif isinstance(action, Choose):
        answer(game, state, state.pending.options[action.option])  # type: ignore[union-attr]
    elif isinstance(action, Begin):
        state.phase = "players"
        log(state, "timer_started", "R10.1", "the timer starts")
    elif isinstance(action, End):
        state.phase = "players_end"
        log(state, "phase_ended", "R10.1", "the players' phase ends")
    elif isinstance(action, Reorganise):
        rules.do_reorganise(game, state, action)
    else:
        raise IllegalAction(why_illegal(game, state, action) or f"unknown action {action!r}")
    advance(game, state, max_rounds)
    return state.log[start:]


def replay(game: Game, seed: int, actions: Iterable[Action], max_rounds: int = MAX_ROUNDS) -> State:
    """Seed + actions reproduce a game exactly."""
    state = new_initial_state(game, seed, max_rounds)
    for a in actions:
        apply(game, state, a, max_rounds)
    return state


def random_action(game: Game, state: State, rng: Rng) -> Action:
    """A random legal action, cheaply: during the players' phase a random player who may
    act, then one of that player's legal actions or ``end``, uniformly (not uniform over
    every legal action of the team: a baseline policy for benchmarks and fuzzing)."""
    if state.pending is not None or state.phase != "players":
        acts = legal_actions(game, state)
        return acts[rng.below(len(acts))]
    able = rules.able_players(game, state)
    if not able:
        return END
    p = able[rng.below(len(able))]
    acts = rules.legal_for(game, state, p)  # the player's moves, then the other actions
    k = rng.below(len(acts) + 1)
    return acts[k] if k < len(acts) else END
