"""Readable game transcripts (OpenSpiel's playthroughs): a header, every entry of the log
as ``[rule] text``, every action as ``> who: what  [json]``, and the outcome line.

A transcript replays: :func:`check` plays its actions again on the same game and seed and
compares every line, so a change in the rules shows as the first line that differs.

>>> from authoring.model.game import load_game
>>> from authoring.engine import Game
>>> from authoring.engine.bots import SimpleBot
>>> game = Game.create(load_game("scenarios/scenario-1.yaml"), players=3, action_budget=12)
>>> lines = play(game, seed=4, bot=SimpleBot(4))
>>> lines[-1].startswith("= ")
True
>>> final = check(game, 4, lines)   # replays line by line; TranscriptMismatch if not
>>> final.outcome is not None
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from authoring.engine.actions import Action
from authoring.engine.api import MAX_ROUNDS, apply, legal_actions, new_initial_state
from authoring.engine.bots import Bot
from authoring.engine.describe import describe
from authoring.engine.game import Game
from authoring.engine.log import LogEntry
from authoring.engine.state import State
from authoring.engine.view import PublicView


class TranscriptMismatch(AssertionError):
    """A transcript line that the replay does not reproduce (1-based line number)."""

    def __init__(self, line: int, expected: str, got: str) -> None:
        super().__init__(f"line {line}:\n  expected: {expected}\n  got:      {got}")
        self.line, self.expected, self.got = line, expected, got


def action_line(game: Game, state: State, a: Action) -> str:
    """One transcript line for an action taken."""
    return f"> {describe(game, state, a)}  {json.dumps(a.to_json())}"


def entry_lines(entries: Sequence[LogEntry]) -> list[str]:
    """One transcript line per entry of the log."""
    return [e.line() for e in entries]


def play(game: Game, seed: int, bot: Bot, max_rounds: int = MAX_ROUNDS) -> list[str]:
    """A whole game with ``bot`` deciding for the team, as transcript lines."""
    state = new_initial_state(game, seed, max_rounds)
    lines = entry_lines(state.log)
    while state.outcome is None:
        legal = legal_actions(game, state)
        seat = state.pending.player if state.pending is not None else 0
        a = bot.act(game, PublicView(game, state, seat), legal)
        lines.append(action_line(game, state, a))
        lines.extend(entry_lines(apply(game, state, a, max_rounds)))
    lines.append(f"= {state.outcome.line()}")
    return lines


def check(game: Game, seed: int, lines: Sequence[str], max_rounds: int = MAX_ROUNDS) -> State:
    """Replay a transcript and compare it line by line (header lines ``#`` skipped)."""
    body = [(i + 1, ln) for i, ln in enumerate(lines) if not ln.startswith("#")]
    state = new_initial_state(game, seed, max_rounds)
    got = entry_lines(state.log)
    pos = 0

    def expect(text: str) -> None:
        nonlocal pos
        if pos >= len(body):
            raise TranscriptMismatch(len(lines) + 1, "(end of transcript)", text)
        n, want = body[pos]
        if want != text:
            raise TranscriptMismatch(n, want, text)
        pos += 1

    for text in got:
        expect(text)
    while pos < len(body) and body[pos][1].startswith("> "):
        n, ln = body[pos]
        a = Action.from_json(json.loads(ln[ln.rindex("  [") + 2:]))
        expect(action_line(game, state, a))
        for text in entry_lines(apply(game, state, a, max_rounds)):
            expect(text)
    final = f"= {state.outcome.line()}" if state.outcome is not None else "= (no outcome)"
    expect(final)
    if pos != len(body):
        n, want = body[pos]
        raise TranscriptMismatch(n, want, "(the replay ended here)")
    return state
