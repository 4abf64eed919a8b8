"""The rule situations of ``situations/`` — written from rules.md and the book alone by an
author who never read the engine — played by the engine, each to its exact outcome."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
import yaml

from authoring.engine import (
    Action,
    Eliminate,
    Game,
    Move,
    Plan,
    State,
    apply,
    army,
    flow,
    why_illegal,
)
from authoring.engine.actions import DRAWS
from authoring.engine.game import CharacterInfo, Mods, lasting_mods
from authoring.engine.resolve import answer
from authoring.engine.state import EMPTY
from authoring.model import effects as fx
from authoring.model.game import GameModel

from .conftest import cleared_state

HERE = Path(__file__).resolve().parent / "situations"
FILES = sorted(HERE.glob("[0-9]*.yaml"))
D11 = fx.EFFECT_MODELS


def _load(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text("utf-8"))


def _char(spec: dict[str, Any]) -> CharacterInfo:
    """A sheet with the situation's levels: unfillable slots up to its max (or 3 above)."""
    levels = tuple(int(spec.get(s, 1)) for s in "CMI")
    top = spec.get("max", {})
    slots = tuple((9,) * (int(top.get(s, levels[i] + 3)) - levels[i]) for i, s in enumerate("CMI"))
    bonus = (
        lasting_mods([fx.ResistanceDiscount(amount=2)]),
        lasting_mods([fx.EliminateOfficers()]),
        lasting_mods([fx.CraftRequirement(delta=-1)]),
    )
    return CharacterInfo("c", "Player", (levels[0], levels[1], levels[2]),
                         (slots[0], slots[1], slots[2]), 4, 10, 1, Mods(), bonus)


def _setup(model: GameModel, sit: dict[str, Any]) -> tuple[Game, State]:
    players = int(sit.get("players", 4))
    game = Game.create(model, players=players, decisions=sit.get("decisions") or {})
    st = sit.get("state", {})
    chars = tuple(_char(p) for p in st.get("players", [])) or game.character_info
    speed = int(st.get("speed", 2))
    maxo = list(game.max_occupation)
    for z, v in (st.get("max_occupation") or {}).items():
        maxo[game.zone_index(z)] = int(v)
    game = dataclasses.replace(game, character_info=chars, speed_track=(speed,),
                               speed_start=0, max_occupation=tuple(maxo), characters=None)
    state = cleared_state(game, 1)
    for key, table in (("soldiers", state.soldiers), ("officers", state.officers),
                       ("cubes", state.cubes)):
        for z, k in (st.get(key) or {}).items():
            table[game.zone_index(z)] = int(k)
    reserve = st.get("reserve", {})
    state.reserve_soldiers = int(reserve.get("soldiers", 10))
    state.reserve_officers = int(reserve.get("officers", 3))
    elim = st.get("eliminated", {})
    state.eliminated_soldiers = int(elim.get("soldiers", 0))
    state.eliminated_officers = int(elim.get("officers", 0))
    piles = st.get("region_piles") or {}
    state.piles = [
        [game.topo.zones_of_region[r][0]] * int(piles.get(rid, 0))
        for r, rid in enumerate(game.topo.regions)
    ]
    state.bag = []
    if "supply_cubes" in st:
        state.supply_cubes = int(st["supply_cubes"])
    if "budget" in st:
        state.budget = int(st["budget"])
    if st.get("players"):
        state.players = state.players[: len(st["players"])]
        for i, p in enumerate(st["players"]):
            ps = state.players[i]
            ps.character = i
            ps.at = game.zone_index(p.get("at", game.zone(0)))
            ps.actions = int(p.get("actions", 0))
            ps.cubes = int(p.get("reserve_cubes", 0))
            ps.free_actions = int(p.get("free_actions", 0))
            ps.squad = [[EMPTY] * len(chars[i].slots[s]) for s in range(3)]
            ps.inventory = []
    if st.get("objectives_done"):
        state.done = [o.markers for o in game.objectives]
    return game, state


def _zones(game: Game, table: list[int]) -> dict[str, int]:
    return {game.zone(z): k for z, k in enumerate(table) if k}


def _action(game: Game, state: State, spec: dict[str, Any]) -> Action:
    p = int(spec["player"])
    kind = spec["type"]
    if kind == "move":
        return Move(p, game.zone_index(spec["to"]))
    if kind == "eliminate":  # in the player's zone
        return Eliminate(p, state.players[p].at, 1 if spec.get("target") == "officer" else 0)
    if kind == "plan":
        return Plan(p, "CMI".index(spec["skill"]))
    return DRAWS[kind](p)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_situation(path: Path, star_model: GameModel) -> None:
    sit = _load(path)
    kind = sit["kind"]
    expect = sit["expect"]
    if kind == "catch_up":
        game, state = _setup(star_model, {"players": sit["players"]})
        state.team_counter = sit["team_counter"]["after"]
        state.army_counter = sit["army_counter_before"]
        assert flow.army_target(game, state) - state.army_counter == expect["army_actions"]
        return
    game, state = _setup(star_model, sit)
    if kind == "army":
        piles_before = [len(p) for p in state.piles]
        for token in sit["draws"]:
            if state.outcome is not None:
                break
            state.bag = [game.zone_index(token)]
            army.army_action(game, state)
        if state.outcome is None and sit["state"].get("objectives_done"):
            state.phase = "victory"
            flow.advance(game, state, max_rounds=99)
        assert _zones(game, state.soldiers) == expect["soldiers"]
        assert _zones(game, state.officers) == (expect.get("officers") or {})
        assert state.reserve_soldiers == expect["reserve"]["soldiers"]
        assert state.reserve_officers == expect["reserve"]["officers"]
        moved = {rid: piles_before[r] - len(state.piles[r])
                 for r, rid in enumerate(game.topo.regions) if piles_before[r] - len(state.piles[r])}
        assert moved == (expect.get("tokens_to_bag") or {})
        defeat = expect.get("defeat")
        if defeat is None:
            assert state.outcome is None or state.outcome.won
        else:
            assert state.outcome is not None
            assert state.outcome.termination.name == f"{defeat.upper()}_EXHAUSTED"
        if "victory" in expect:
            assert (state.outcome is not None and state.outcome.won) == expect["victory"]
        if "eliminated" in expect:
            assert state.eliminated_soldiers == expect["eliminated"]["soldiers"]
            assert state.eliminated_officers == expect["eliminated"]["officers"]
        return
    if kind == "end_of_players_phase":
        state.team_counter = sit["team_counter_before"]
        for ps, spec in zip(state.players, sit["state"]["players"], strict=False):
            ps.actions = int(spec["actions"])
        cubes_before = sum(p.cubes for p in state.players)
        flow.end_of_players_phase(game, state)
        shares = list(sit.get("shares", []))  # R7.2: who gets each cube (seats), in order
        offered = []
        while state.pending is not None:
            assert state.pending.kind == "share_cube"
            offered.append(list(state.pending.options))
            seat = shares.pop(0) if shares else state.pending.options[0]
            answer(game, state, seat)
        assert not shares
        if "offered" in expect:
            assert offered == expect["offered"]
        if "reserve_cubes" in expect:
            assert [p.cubes for p in state.players] == expect["reserve_cubes"]
        assert state.team_counter == expect["team_counter"]
        assert sum(p.cubes for p in state.players) - cubes_before == expect["reputation_gained"]
        assert state.reserve_soldiers == expect["reserve"]["soldiers"]
        assert state.reserve_officers == expect["reserve"]["officers"]
        assert (state.eliminated_soldiers, state.eliminated_officers) == (
            expect["eliminated"]["soldiers"], expect["eliminated"]["officers"])
        return
    assert kind == "action"
    action = _action(game, state, sit["action"])
    reason = why_illegal(game, state, action)
    if not expect["legal"]:
        assert reason is not None and reason.startswith(expect["rule"] + ":"), reason
        return
    assert reason is None, reason
    log_before = len(state.log)
    apply(game, state, action)
    events = state.log[log_before:]
    if "success" in expect:
        flags = [e.data["success"] for e in events if "success" in e.data]
        assert flags == [expect["success"]]
    for key, table in (("soldiers", state.soldiers), ("officers", state.officers),
                       ("cubes", state.cubes)):
        if key in expect:
            assert _zones(game, table) == (expect[key] or {}), key
    if "eliminated" in expect:
        assert state.eliminated_soldiers == expect["eliminated"].get("soldiers", 0)
        assert state.eliminated_officers == expect["eliminated"].get("officers", 0)
    if "actions" in expect:
        assert [p.actions for p in state.players] == expect["actions"]
    if "reserve_cubes" in expect:
        assert [p.cubes for p in state.players] == expect["reserve_cubes"]
    if "at" in expect:
        assert [game.zone(p.at) for p in state.players] == expect["at"]
    if "supply_cubes" in expect:
        assert state.supply_cubes == expect["supply_cubes"]
    if "free_actions" in expect:
        assert [p.free_actions for p in state.players] == expect["free_actions"]
    if "budget" in expect:
        assert state.budget == expect["budget"]
