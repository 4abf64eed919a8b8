"""The engine's fast paths agree with the rules they shortcut: ``legal_for`` is the
candidates filtered through their checks (R5.1–R5.10), ``able_players`` is the players
``counter_refusal`` lets act (R5.0, D5.4, D10.1), every listed action passes
``why_illegal``, remembered lasting effects equal fresh ones, and a lazy log line reads
as the text it stands for."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from authoring.engine import Game, apply, legal_actions, new_initial_state, why_illegal
from authoring.engine import players as rules
from authoring.engine.api import random_action
from authoring.engine.core import _mods_of, mods
from authoring.engine.rng import Rng
from authoring.engine.state import EMPTY, Pending, PlayerState, State
from authoring.model.game import load_game
from authoring.model.workspace import default_path

SCENARIOS = sorted(default_path("scenarios").glob("*.yaml"))


def _states(game: Game, games: int, phase: str = "players") -> list:  # type: ignore[type-arg]
    out = []
    for seed in range(games):
        s = new_initial_state(game, seed)
        rng = Rng(seed)
        while s.outcome is None:
            if s.phase == phase and s.pending is None:
                out.append(s.clone())
            apply(game, s, random_action(game, s, rng), checked=False)
    return out


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
@pytest.mark.parametrize("decisions", [{}, {"D5.2": "wasted", "D4.2": "player", "D11.5": "free",
                                          "D6.2": "row_level"}],
                         ids=["defaults", "options"])
def test_fast_paths_agree_with_the_checks(path, decisions) -> None:  # type: ignore[no-untyped-def]
    game = Game.create(load_game(path), players=4, decisions=decisions)
    for s in _states(game, 6)[::3]:
        free = s.clone()
        free.players[1].free_actions = 1  # a free_actions effect (resolve.py)
        for t in (s, free):
            assert rules.able_players(game, t) == [p for p in range(len(t.players))
                                                   if rules.counter_refusal(game, t, p) is None]
        for p in range(len(s.players)):
            slow = [a for a in rules.candidates(game, s, p)
                    if rules.CHECKS[type(a)](game, s, a) is None]
            assert rules.legal_for(game, s, p) == slow
            ps = s.players[p]
            fresh = _mods_of(game, ps.character, tuple(EMPTY in row for row in ps.squad),
                             ps.inventory)
            assert mods(game, s, p) == fresh
        for a in legal_actions(game, s):
            assert why_illegal(game, s, a) is None, a
    for s in _states(game, 6, "start"):  # R6.3, D6.2
        for p in range(len(s.players)):
            slow = [a for a in rules.reorganise_candidates(game, s, p)
                    if rules.check_reorganise(game, s, a) is None]
            assert rules.reorganise_for(game, s, p) == slow


def test_clone_copies_every_list_field() -> None:
    """State.clone writes every field out; a list field it passes on without copying
    would be shared between a state and its clones."""
    game = Game.create(load_game(SCENARIOS[0]), players=4)
    s = _states(game, 1)[0]
    c = s.clone()
    for f in dataclasses.fields(State):
        k, v = f.name, getattr(s, f.name)
        if isinstance(v, list) and k != "log":
            assert getattr(c, k) is not v, k
            assert getattr(c, k) == v, k
            for x, y in zip(getattr(c, k), v, strict=True):
                assert not isinstance(x, list) or x is not y, k
    for p, q in zip(s.players, c.players, strict=True):
        assert p == q and p is not q
        assert p.inventory is not q.inventory
        assert all(r1 is not r2 for r1, r2 in zip(p.squad, q.squad, strict=True))


@pytest.mark.parametrize("cls", [State, PlayerState, Pending], ids=lambda c: c.__name__)
def test_written_out_init_takes_every_field_in_order(cls) -> None:  # type: ignore[no-untyped-def]
    """State, PlayerState and Pending write their ``__init__`` out (the dataclass's own is
    interpreted code under mypyc): it takes the dataclass's fields, in order, with their
    defaults, and sets each."""
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        has_default = f.default is not dataclasses.MISSING or \
            f.default_factory is not dataclasses.MISSING
        assert (p.default is not inspect.Parameter.empty) == has_default, f.name
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default, f.name
    required = {p.name: object() for p in params if p.default is inspect.Parameter.empty}
    made = cls(**required)
    for f in fields:
        got = getattr(made, f.name)
        if f.name in required:
            assert got is required[f.name], f.name
        elif f.default_factory is not dataclasses.MISSING:
            assert got == f.default_factory(), f.name
        else:
            assert got == f.default, f.name
