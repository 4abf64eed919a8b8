"""One test per entry of the effect vocabulary (``resistance vocabulary effects``), each
to an exact expected state.

The expectations come from the vocabulary's documentation (the class docstrings of
:mod:`authoring.model.effects`) and ``design/rules.md``, decided before reading the
engine. Four tests first failed that way (a skip carried past the next invasion, a base
destroyed twice in one zone, add_zone_tokens drawing from several regions, join_squad
outside the box's cards); the engine was fixed to the documentation.

Most tests play on the star test board (``situations/boards/star.yaml``, 10 zones) with
neutral character sheets, an empty island and known reserves, so that every number is
known. Its neighbours in deployment order (R8.4, D8.2: roads and mountain paths)::

    A 1 (capital): A 7, B 7 (mountain path), A 3, A 2     A 2 (village): A 1
    A 3 (town):    A 5, A 1                               A 5 (town):    A 3, C 1
    A 7 (village): A 8, A 1                               A 8 (town):    A 7
    B 5 (town):    B 7, C 1                               B 7 (village): B 5, A 1
    C 1 (capital): B 5, A 5, C 2                          C 2 (village): C 1

Region order (D8.2 ties): C, B, A. Lasting effects are tested by giving a player a card
that holds them (a useless item whose lasting effects the test replaces) and checking
their consequence through the public API.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Sequence
from typing import Any

import pytest
import yaml

from authoring.engine import (
    Choose,
    Craft,
    Eliminate,
    Game,
    Keep,
    Move,
    Objective,
    Plan,
    Recruit,
    Resistance,
    Search,
    State,
    Transfer,
    Use,
    apply,
    flow,
    why_illegal,
)
from authoring.engine import players as rules
from authoring.engine.actions import slot_of
from authoring.engine.core import effective, level
from authoring.engine.game import NO_MODS, CharacterInfo, Mods, ObjectiveInfo, lasting_mods
from authoring.engine.outcome import Termination
from authoring.engine.resolve import HANDLERS, LASTING, resolve_effects, with_effects
from authoring.engine.state import EMPTY, PLANNING, SPECIAL
from authoring.model import effects as fx
from authoring.model.game import GameModel, load_game
from authoring.model.schema.content import RecruitToken
from authoring.model.workspace import default_path

from .conftest import cleared_state

#: the useless item a test gives lasting effects to (it is in no recipe)
BONUS_ITEM = "grumpy-hen"
SUPPLY = 30
RESERVE_SOLDIERS = 20
RESERVE_OFFICERS = 5


# -- the table -------------------------------------------------------------------------------


def sheet(name: str, levels: Sequence[int] = (2, 2, 2),
          max_bonus: tuple[Mods, Mods, Mods] = (NO_MODS, NO_MODS, NO_MODS)) -> CharacterInfo:
    """A character sheet with no ability: C, M, I at ``levels``, slots numbered 2, 3 (and
    4 for I), an inventory of 4, 10 actions, reputation 1."""
    return CharacterInfo(name, name, (levels[0], levels[1], levels[2]), ((2, 3), (2, 3), (2, 3, 4)),
                         4, 10, 1, NO_MODS, max_bonus)


def table(model: GameModel, players: int = 3, levels: Sequence[int] = (2, 2, 2),
          seed: int = 1, **changes: Any) -> tuple[Game, State]:
    """A game of ``model`` in the players' phase with an empty island: every player in
    A 1 with 1 cube and an empty inventory, reserves of 20 soldiers and 5 officers, 30
    cubes in the supply, an empty invasion bag and the region piles C: C 2, C 1 /
    B: B 7, B 5 / A: A 8, A 5 (top last). ``changes`` replace fields of the Game."""
    budget = changes.pop("action_budget", None)
    base = Game.create(model, players=players, action_budget=budget)
    chars = changes.pop("character_info", None) or tuple(
        sheet(f"P{i}", levels) for i in range(players))
    game = dataclasses.replace(base, character_info=chars, characters=tuple(range(players)),
                               **changes)
    state = cleared_state(game, seed)
    state.reserve_soldiers = RESERVE_SOLDIERS
    state.reserve_officers = RESERVE_OFFICERS
    state.eliminated_soldiers = state.eliminated_officers = 0
    state.supply_cubes = SUPPLY
    state.bag = []
    state.drawn = []
    z = game.zone_index
    piles = {"C": ["C 2", "C 1"], "B": ["B 7", "B 5"], "A": ["A 8", "A 5"]}
    state.piles = [[z(t) for t in piles[r]] for r in game.topo.regions]
    for ps in state.players:
        ps.at = z("A 1")
        ps.cubes = 1
        ps.inventory = []
        ps.actions = 0
    return game, state


def put(game: Game, tbl: list[int], **where: int) -> None:
    """``put(game, state.soldiers, A1=3, C1=2)``: pieces per zone ("A1" is zone A 1)."""
    for key, k in where.items():
        tbl[game.zone_index(f"{key[0]} {key[1:]}")] = k


def on(game: Game, tbl: list[int]) -> dict[str, int]:
    """The non-empty zones of a per-zone table, by zone id."""
    return {game.zone(z): k for z, k in enumerate(tbl) if k}


def choose(game: Game, state: State, option: int) -> None:
    """Answer the pending choice with the option whose value is ``option``."""
    pend = state.pending
    assert pend is not None and pend.kind.startswith("choose_"), pend
    apply(game, state, Choose(pend.player, pend.options.index(option)))


def zones_offered(game: Game, state: State) -> list[str]:
    assert state.pending is not None and state.pending.kind == "choose_zone", state.pending
    return sorted(game.zone(z) for z in state.pending.options)


def item(game: Game, ident: str) -> int:
    return next(i for i, it in enumerate(game.items) if it.id == ident)


def special(game: Game, ident: str) -> int:
    return next(i for i, s in enumerate(game.specials) if s.id == ident)


def holding(game: Game, *effects: fx.EffectPayload) -> Game:
    """``game`` where the bonus item holds ``effects`` (lasting) and nothing else."""
    mods = list(game.item_mods)
    mods[item(game, BONUS_ITEM)] = lasting_mods(list(effects))
    return dataclasses.replace(game, item_mods=tuple(mods))


def objectives(game: Game, *kinds: str, markers: int = 1) -> Game:
    """``game`` with these objectives (kinds as the engine names them: base, general,
    prisoner, strategic), every place a candidate, no hooks."""
    game, empty = with_effects(game, [])
    infos = tuple(ObjectiveInfo(i, f"{k}-objective", k, (1 << game.topo.n) - 1, markers, -1, 0,
                                empty, empty, k) for i, k in enumerate(kinds))
    return dataclasses.replace(game, objectives=infos)


def events(state: State, kind: str) -> list[Any]:
    return [e for e in state.log if e.kind == kind]


# -- the vocabulary is implemented ------------------------------------------------------------


def test_every_effect_and_condition_has_semantics() -> None:
    """A new vocabulary entry without semantics fails here: every effect is either lasting
    (read by ``lasting_mods``, and changing something there) or has a one-off handler;
    every use condition is handled by the Use action (players.py names its class)."""
    for key, cls in fx.EFFECTS.items():
        assert (cls in LASTING) != (cls in HANDLERS), f"{key}: lasting xor one-off handler"
        assert (cls in LASTING) == cls.lasting, f"{key}: LASTING and the class disagree"
        if cls.lasting:
            example = fx.parse_effect(yaml.safe_load(cls.example))
            assert lasting_mods([example]) != NO_MODS, f"{key}: lasting_mods ignores it"
    assert set(HANDLERS) | set(LASTING) == set(fx.EFFECTS.values())
    source = inspect.getsource(rules)
    for key, cond in fx.CONDITIONS.items():
        assert f"fx.{cond.__name__}" in source, f"condition {key} is not handled by Use"


# -- remove_soldiers, remove_officer (R5.6, R7.2, R9.6) ---------------------------------------


def test_remove_soldiers_actor_zone_to_eliminated_earns_reputation(star_model: GameModel) -> None:
    game, state = table(star_model)
    put(game, state.soldiers, A1=3, A3=2)
    resolve_effects(game, state, [fx.RemoveSoldiers(count=2, where="actor_zone")], actor=0)
    assert on(game, state.soldiers) == {"A 1": 1, "A 3": 2}
    assert state.eliminated_soldiers == 2
    assert state.reserve_soldiers == RESERVE_SOLDIERS
    # R7.2: at the end of the players' phase they become 2 cubes and go back to the reserve
    flow.end_of_players_phase(game, state)
    while state.pending is not None:  # R7.2: shared freely, one cube at a time
        assert state.pending.kind == "share_cube"
        apply(game, state, Choose(0, 0))
    assert sum(p.cubes for p in state.players) == 3 + 2
    assert state.supply_cubes == SUPPLY - 2
    assert (state.eliminated_soldiers, state.reserve_soldiers) == (0, RESERVE_SOLDIERS + 2)


def test_remove_soldiers_up_to_count(star_model: GameModel) -> None:
    game, state = table(star_model)
    put(game, state.soldiers, A1=1)
    resolve_effects(game, state, [fx.RemoveSoldiers(count=3, where="actor_zone")], actor=0)
    assert on(game, state.soldiers) == {}
    assert state.eliminated_soldiers == 1


def test_remove_soldiers_to_reserve_earns_nothing(star_model: GameModel) -> None:
    game, state = table(star_model)
    put(game, state.soldiers, A1=3)
    resolve_effects(game, state, [fx.RemoveSoldiers(count=2, where="actor_zone", to="reserve")],
                    actor=0)
    assert on(game, state.soldiers) == {"A 1": 1}
    assert state.eliminated_soldiers == 0
    assert state.reserve_soldiers == RESERVE_SOLDIERS + 2
    flow.end_of_players_phase(game, state)
    assert sum(p.cubes for p in state.players) == 3
    assert state.supply_cubes == SUPPLY


def test_remove_officer_default_one_to_eliminated(star_model: GameModel) -> None:
    game, state = table(star_model)
    put(game, state.officers, A1=2)
    put(game, state.soldiers, A1=1)
    resolve_effects(game, state, [fx.RemoveOfficer()], actor=0)
    assert on(game, state.officers) == {"A 1": 1}
    assert on(game, state.soldiers) == {"A 1": 1}
    assert (state.eliminated_officers, state.reserve_officers) == (1, RESERVE_OFFICERS)


def test_remove_officer_to_reserve(star_model: GameModel) -> None:
    game, state = table(star_model)
    put(game, state.officers, A1=2)
    resolve_effects(game, state, [fx.RemoveOfficer(count=2, to="reserve")], actor=0)
    assert on(game, state.officers) == {}
    assert (state.eliminated_officers, state.reserve_officers) == (0, RESERVE_OFFICERS + 2)


# -- every `where` ------------------------------------------------------------------------------


def test_where_adjacent_zone_offers_the_neighbours_with_pieces(star_model: GameModel) -> None:
    game, state = table(star_model)
    put(game, state.soldiers, A1=3, A3=2, A7=1, A5=2)  # A 5 is two zones away
    g2 = resolve_effects(game, state, [fx.RemoveSoldiers(count=2, where="adjacent_zone")],
                         actor=0)
    assert zones_offered(game, state) == ["A 3", "A 7"]
    choose(g2, state, game.zone_index("A 3"))
    assert on(game, state.soldiers) == {"A 1": 3, "A 5": 2, "A 7": 1}
    assert state.eliminated_soldiers == 2


def test_where_near_zone_offers_own_zone_and_neighbours(star_model: GameModel) -> None:
    game, state = table(star_model)
    put(game, state.soldiers, A1=3, B7=1, A5=2)
    g2 = resolve_effects(game, state, [fx.RemoveSoldiers(count=2, where="near_zone")], actor=0)
    assert zones_offered(game, state) == ["A 1", "B 7"]  # B 7: a mountain path (D8.2)
    choose(g2, state, game.zone_index("B 7"))
    assert on(game, state.soldiers) == {"A 1": 3, "A 5": 2}
    assert state.eliminated_soldiers == 1


def test_where_any_zone_offers_every_zone_with_pieces(star_model: GameModel) -> None:
    game, state = table(star_model)
    put(game, state.soldiers, A1=1, C2=1, B5=2)
    g2 = resolve_effects(game, state, [fx.RemoveSoldiers(count=2, where="any_zone")], actor=0)
    assert zones_offered(game, state) == ["A 1", "B 5", "C 2"]
    choose(g2, state, game.zone_index("B 5"))
    assert on(game, state.soldiers) == {"A 1": 1, "C 2": 1}


def test_where_any_zone_single_candidate_needs_no_choice(star_model: GameModel) -> None:
    game, state = table(star_model)
    put(game, state.officers, C1=1)
    resolve_effects(game, state, [fx.RemoveOfficer(count=1, where="any_zone")], actor=0)
    assert state.pending is None
    assert on(game, state.officers) == {}
    assert state.eliminated_officers == 1


def test_where_each_player_zone_once_per_zone(star_model: GameModel) -> None:
    game, state = table(star_model)
    state.players[1].at = game.zone_index("C 1")  # players 0 and 2 share A 1
    put(game, state.soldiers, A1=3, C1=3, A3=2)
    resolve_effects(game, state, [fx.RemoveSoldiers(count=1, where="each_player_zone")],
                    actor=0)
    assert on(game, state.soldiers) == {"A 1": 2, "C 1": 2, "A 3": 2}
    assert state.eliminated_soldiers == 2


def test_where_each_capital_place_reputation_cube(star_model: GameModel) -> None:
    """Cubes from the supply on every capital (A 1, C 1), which uses up their limited
    actions (R4.4): a search in A 1 is then refused."""
    game, state = table(star_model)
    put(game, state.cubes, A1=2)
    resolve_effects(game, state, [fx.PlaceReputationCube(count=1, where="each_capital")],
                    actor=0)
    assert on(game, state.cubes) == {"A 1": 3, "C 1": 1}
    assert state.supply_cubes == SUPPLY - 2
    assert [p.cubes for p in state.players] == [1, 1, 1]  # from the supply, not the players
    reason = why_illegal(game, state, Search(0))
    assert reason is not None and reason.startswith("R4.4"), reason


def test_where_each_capital_scenario1(scenario1: GameModel) -> None:
    """The shipped island: exactly its capitals get a cube (and none elsewhere)."""
    game = Game.create(scenario1, players=3)
    state = flow.setup(game, 1)
    state.phase, state.pending = "players", None
    state.queue.clear()
    before, supply = state.cubes[:], state.supply_cubes
    capitals = [z for z in range(game.topo.n) if game.model.board.zones[z].size == "capital"]
    assert len(capitals) == 4  # one per region (R0.1)
    resolve_effects(game, state, [fx.PlaceReputationCube(count=1, where="each_capital")])
    assert [c - b for c, b in zip(state.cubes, before, strict=True)] == [
        1 if z in capitals else 0 for z in range(game.topo.n)]
    assert state.supply_cubes == supply - 4


def test_where_most_occupied_promote_soldiers_with_zone_token(star_model: GameModel) -> None:
    """The most occupied zone is B 5 (officers count, D4.1); one of its soldiers becomes an
    officer from the reserve, the soldier goes back (D8.4) and a token of region B goes
    from its pile into the bag (R8.6)."""
    game, state = table(star_model)
    put(game, state.soldiers, A1=2, B5=1, C1=1)
    put(game, state.officers, B5=2)
    resolve_effects(game, state, [fx.PromoteSoldiers(count=1, where="most_occupied")], actor=0)
    assert on(game, state.soldiers) == {"A 1": 2, "C 1": 1}
    assert on(game, state.officers) == {"B 5": 3}
    assert state.reserve_soldiers == RESERVE_SOLDIERS + 1
    assert state.reserve_officers == RESERVE_OFFICERS - 1
    assert [game.zone(t) for t in state.bag] == ["B 5"]
    b = game.topo.regions.index("B")
    assert [game.zone(t) for t in state.piles[b]] == ["B 7"]


@pytest.mark.parametrize(("soldiers", "expected"), [
    ({"A3": 2, "A5": 2}, "A 5"),  # equal occupation: the highest number (D8.2)
    ({"A1": 3, "C1": 3}, "C 1"),  # equal numbers: the board's region order C, B, A (D8.2)
])
def test_where_most_occupied_ties_by_deployment_order(star_model: GameModel,
                                                      soldiers: dict[str, int],
                                                      expected: str) -> None:
    game, state = table(star_model)
    put(game, state.soldiers, **soldiers)
    resolve_effects(game, state, [fx.PromoteSoldiers(count=2, where="most_occupied")], actor=0)
    assert on(game, state.officers) == {expected: 2}
    assert state.reserve_officers == RESERVE_OFFICERS - 2
    assert len(state.bag) == 2  # one token of the zone's region per officer (R8.6)
    region = game.topo.regions[game.topo.region[game.zone_index(expected)]]
    assert {game.topo.regions[game.topo.region[t]] for t in state.bag} == {region}


def test_promote_soldiers_last_officer_is_a_defeat(star_model: GameModel) -> None:
    game, state = table(star_model)
    put(game, state.soldiers, A1=3)
    state.reserve_officers = 1
    resolve_effects(game, state, [fx.PromoteSoldiers(count=2, where="actor_zone")], actor=0)
    assert on(game, state.officers) == {"A 1": 1}
    assert on(game, state.soldiers) == {"A 1": 2}
    assert state.outcome is not None
    assert state.outcome.termination is Termination.OFFICERS_EXHAUSTED


def test_where_drawn_zone_add_soldiers_with_deployment(star_model: GameModel) -> None:
    """A token drawn from the bag names C 2 (village, max 1): 2 soldiers there, the one
    above its max occupation deploys to its only neighbour C 1 (R8.4)."""
    game, state = table(star_model)
    state.bag = [game.zone_index("C 2")]
    resolve_effects(game, state, [fx.AddSoldiers(count=2, where="drawn_zone")], actor=0)
    assert on(game, state.soldiers) == {"C 1": 1, "C 2": 1}
    assert state.reserve_soldiers == RESERVE_SOLDIERS - 2
    assert len(state.bag) + len(state.drawn) == 1  # the token is not lost


def test_where_objective_zone_given_by_the_hook(star_model: GameModel) -> None:
    """An on_reveal hook is about the revealed zone: the effect acts there."""
    game, state = table(star_model)
    state.revealed[0] = [game.zone_index("A 8")]
    resolve_effects(game, state, [fx.AddSoldiers(count=1, where="objective_zone")],
                    zone=game.zone_index("A 8"))
    assert on(game, state.soldiers) == {"A 8": 1}
    assert state.reserve_soldiers == RESERVE_SOLDIERS - 1


def test_where_objective_zone_choice_among_revealed(star_model: GameModel) -> None:
    game, state = table(star_model)
    game = objectives(game, "base", "general")
    state.revealed = [[game.zone_index("A 8")], [game.zone_index("B 5")]]
    state.done = [0, 0]
    state.completed = [[] for _ in state.done]
    g2 = resolve_effects(game, state, [fx.AddSoldiers(count=1, where="objective_zone")],
                         actor=0)
    assert zones_offered(game, state) == ["A 8", "B 5"]
    choose(g2, state, game.zone_index("B 5"))
    assert on(game, state.soldiers) == {"B 5": 1}


# -- add_soldiers (R8.3–R8.5, D9.1) ---------------------------------------------------------------


def test_add_soldiers_actor_zone_deploys_to_highest_neighbour(star_model: GameModel) -> None:
    """A 1 (capital, max 3) holds 2; 3 more: 2 above max go to A 7 (1, its max), then B 7
    (next in deployment order, R8.4)."""
    game, state = table(star_model)
    put(game, state.soldiers, A1=2)
    resolve_effects(game, state, [fx.AddSoldiers(count=3, where="actor_zone")], actor=0)
    assert on(game, state.soldiers) == {"A 1": 3, "A 7": 1, "B 7": 1}
    assert state.reserve_soldiers == RESERVE_SOLDIERS - 3
    assert state.outcome is None


def test_add_soldiers_takeover_when_no_neighbour_can_hold(star_model: GameModel) -> None:
    """A 2 (village, max 1) whose only neighbour A 1 is full: the surplus becomes officers
    (R8.5) replacing a soldier of A 2, then of A 1; each draws a token of region A (R8.6)."""
    game, state = table(star_model)
    put(game, state.soldiers, A1=3, A2=1)
    state.players[0].at = game.zone_index("A 2")
    resolve_effects(game, state, [fx.AddSoldiers(count=2, where="actor_zone")], actor=0)
    assert on(game, state.soldiers) == {"A 1": 2}
    assert on(game, state.officers) == {"A 1": 1, "A 2": 1}
    # 2 placed, 2 surplus back (R8.5), 2 replaced back (D8.4)
    assert state.reserve_soldiers == RESERVE_SOLDIERS - 2 + 2 + 2
    assert state.reserve_officers == RESERVE_OFFICERS - 2
    assert sorted(game.zone(t) for t in state.bag) == ["A 5", "A 8"]


def test_add_soldiers_empty_reserve_is_a_defeat(star_model: GameModel) -> None:
    game, state = table(star_model)
    state.reserve_soldiers = 1
    resolve_effects(game, state, [fx.AddSoldiers(count=2, where="actor_zone")], actor=0)
    assert on(game, state.soldiers) == {"A 1": 1}
    assert state.reserve_soldiers == 0
    assert state.outcome is not None
    assert state.outcome.termination is Termination.SOLDIERS_EXHAUSTED


# -- move_free (R5.1) ---------------------------------------------------------------------------


def test_move_free_actor_normal_move_spends_no_action(star_model: GameModel) -> None:
    game, state = table(star_model)
    state.players[0].at = game.zone_index("A 2")
    g2 = resolve_effects(game, state, [fx.MoveFree()], actor=0)
    assert state.pending is not None and state.pending.player == 0
    offered = zones_offered(game, state)
    assert "A 5" in offered  # 3 roads (R5.1)
    assert "C 1" not in offered  # 4 roads
    assert "B 7" not in offered  # a road and a mountain path
    choose(g2, state, game.zone_index("A 5"))
    assert [game.zone(p.at) for p in state.players] == ["A 5", "A 1", "A 1"]
    assert [p.actions for p in state.players] == [0, 0, 0]


def test_move_free_players_in_zone_along_roads(star_model: GameModel) -> None:
    """Each player of the actor's zone moves along up to 4 roads (C 1 is 4 roads from
    A 2, B 5 five; B 7 is 6 roads, or a road and a mountain path); a player elsewhere is
    not asked."""
    game, state = table(star_model)
    state.players[0].at = state.players[1].at = game.zone_index("A 2")
    g2 = resolve_effects(game, state, [fx.MoveFree(who="players_in_zone", roads=4)], actor=0)
    assert state.pending is not None and state.pending.player == 0
    assert zones_offered(game, state) == ["A 1", "A 2", "A 3", "A 5", "A 7", "A 8", "C 1"]
    choose(g2, state, game.zone_index("C 1"))
    assert state.pending is not None and state.pending.player == 1
    choose(g2, state, game.zone_index("A 8"))
    assert state.pending is None
    assert [game.zone(p.at) for p in state.players] == ["C 1", "A 8", "A 1"]
    assert [p.actions for p in state.players] == [0, 0, 0]


# -- reputation (R1.1, R5.8) ------------------------------------------------------------------


def test_reputation_gain_actor(star_model: GameModel) -> None:
    game, state = table(star_model)
    resolve_effects(game, state, [fx.Reputation(amount=2)], actor=1)
    assert [p.cubes for p in state.players] == [1, 3, 1]
    assert state.supply_cubes == SUPPLY - 2


def test_reputation_loss_back_to_supply(star_model: GameModel) -> None:
    game, state = table(star_model)
    state.players[0].cubes = 3
    resolve_effects(game, state, [fx.Reputation(amount=-2)], actor=0)
    assert [p.cubes for p in state.players] == [1, 1, 1]
    assert state.supply_cubes == SUPPLY + 2


def test_reputation_each_player(star_model: GameModel) -> None:
    game, state = table(star_model)
    resolve_effects(game, state, [fx.Reputation(amount=2, who="each_player")])
    assert [p.cubes for p in state.players] == [3, 3, 3]
    assert state.supply_cubes == SUPPLY - 6


def test_reputation_any_player_is_chosen(star_model: GameModel) -> None:
    game, state = table(star_model)
    g2 = resolve_effects(game, state, [fx.Reputation(amount=1, who="any_player")], actor=0)
    assert state.pending is not None and state.pending.kind == "choose_player"
    assert state.pending.options == [0, 1, 2]
    choose(g2, state, 2)
    assert [p.cubes for p in state.players] == [1, 1, 2]
    assert state.supply_cubes == SUPPLY - 1


# -- speed (R2.5, R8.8, D2.2) -----------------------------------------------------------------


@pytest.mark.parametrize(("start", "delta", "end"), [
    (3, 1, 4), (3, -2, 1), (0, -1, 0), (10, 5, 11),
])
def test_speed_moves_the_marker_and_stops_at_the_ends(star_model: GameModel, start: int,
                                                      delta: int, end: int) -> None:
    game, state = table(star_model)
    assert len(game.speed_track) == 12
    state.speed_cell = start
    resolve_effects(game, state, [fx.Speed(delta=delta)])
    assert state.speed_cell == end


# -- reputation cubes on zones (R4.4) -----------------------------------------------------------


def test_place_reputation_cube_actor_zone(star_model: GameModel) -> None:
    game, state = table(star_model)
    resolve_effects(game, state, [fx.PlaceReputationCube(count=1, where="actor_zone")], actor=0)
    assert on(game, state.cubes) == {"A 1": 1}
    assert state.supply_cubes == SUPPLY - 1


def test_remove_reputation_cubes_any_zone_frees_limited_actions(star_model: GameModel) -> None:
    game, state = table(star_model)
    put(game, state.cubes, A1=3, A3=1)
    assert why_illegal(game, state, Search(0)) is not None  # R4.4: A 1 is full
    g2 = resolve_effects(game, state, [fx.RemoveReputationCubes(count=2, where="any_zone")],
                         actor=0)
    assert zones_offered(game, state) == ["A 1", "A 3"]
    choose(g2, state, game.zone_index("A 1"))
    assert on(game, state.cubes) == {"A 1": 1, "A 3": 1}
    assert state.supply_cubes == SUPPLY + 2
    assert why_illegal(game, state, Search(0)) is None


def test_remove_reputation_cubes_default_actor_zone_up_to_count(star_model: GameModel) -> None:
    game, state = table(star_model)
    put(game, state.cubes, A1=1, A3=2)
    resolve_effects(game, state, [fx.RemoveReputationCubes(count=2)], actor=0)
    assert on(game, state.cubes) == {"A 3": 2}
    assert state.supply_cubes == SUPPLY + 1


# -- the army: skip_army_action, army_action, army_moves (R8.2–R8.6, R4.3) ------------------


def _invasion_table(star_model: GameModel) -> tuple[Game, State]:
    """Team counter 4 with 3 players: the army owes 3 actions (D8.1); the bag holds A 1,
    C 1 and A 8, each big enough for the 2 soldiers of speed 2."""
    game, state = table(star_model)
    state.speed_cell = 0
    state.team_counter = 4
    state.army_counter = 0
    state.bag = [game.zone_index(z) for z in ("A 1", "C 1", "A 8")]
    assert flow.army_target(game, state) == 3
    return game, state


def test_invasion_without_skip_plays_every_action(star_model: GameModel) -> None:
    game, state = _invasion_table(star_model)
    flow.invasion(game, state)
    assert len(events(state, "army_action")) == 3
    assert sum(state.soldiers) == 6
    assert state.army_counter == 3


def test_skip_army_action_next_invasion_plays_fewer(star_model: GameModel) -> None:
    game, state = _invasion_table(star_model)
    resolve_effects(game, state, [fx.SkipArmyAction(count=1)])
    flow.invasion(game, state)
    assert len(events(state, "army_action")) == 2
    assert sum(state.soldiers) == 4
    assert state.reserve_soldiers == RESERVE_SOLDIERS - 4
    assert len(state.bag) == 1
    assert state.army_counter == 3  # the counter still catches up (R8.2)
    assert state.skip_army == 0


def test_skip_army_action_applies_to_the_next_invasion_only(star_model: GameModel) -> None:
    """Documented: "The army plays ``count`` fewer actions at the next invasion" — a
    skip larger than what the next invasion owes does not reach the invasion after."""
    game, state = _invasion_table(star_model)
    state.team_counter = 1  # 3 players: 1 action owed (D8.1)
    resolve_effects(game, state, [fx.SkipArmyAction(count=2)])
    flow.invasion(game, state)
    assert len(events(state, "army_action")) == 0
    state.team_counter = 2  # the invasion after: 1 more action owed
    flow.invasion(game, state)
    assert len(events(state, "army_action")) == 1


def test_army_action_plays_now_with_deployment(star_model: GameModel) -> None:
    """One army action: the only token names C 2; speed 2 adds 2 soldiers; the one above
    the village's max deploys to C 1 (R8.3, R8.4)."""
    game, state = table(star_model)
    state.speed_cell = 0
    state.bag = [game.zone_index("C 2")]
    resolve_effects(game, state, [fx.ArmyAction(count=1)], actor=0)
    assert on(game, state.soldiers) == {"C 1": 1, "C 2": 1}
    assert state.reserve_soldiers == RESERVE_SOLDIERS - 2
    assert len(state.bag) + len(state.drawn) == 1


def test_army_action_count_two(star_model: GameModel) -> None:
    game, state = table(star_model)
    state.speed_cell = 3  # speed 3
    state.bag = [game.zone_index("A 1"), game.zone_index("C 1")]
    resolve_effects(game, state, [fx.ArmyAction(count=2)])
    assert on(game, state.soldiers) == {"A 1": 3, "C 1": 3}
    assert state.reserve_soldiers == RESERVE_SOLDIERS - 6
    assert len(events(state, "token_drawn")) == 2


def test_army_moves_to_one_neighbour_within_its_max(star_model: GameModel) -> None:
    """From A 1 (3 soldiers), count 2: B 7 is full, A 3 (town) holds an officer; only 1
    soldier fits there (occupation counts officers, D4.1); no deployment follows."""
    game, state = table(star_model)
    put(game, state.soldiers, A1=3, B7=1)
    put(game, state.officers, A3=1)
    moves = fx.ArmyMoves.model_validate({"count": 2, "from": "actor_zone"})
    g2 = resolve_effects(game, state, [moves], actor=0)
    assert zones_offered(game, state) == ["A 2", "A 3", "A 7"]
    choose(g2, state, game.zone_index("A 3"))
    assert on(game, state.soldiers) == {"A 1": 2, "A 3": 1, "B 7": 1}
    assert on(game, state.officers) == {"A 3": 1}
    assert state.reserve_soldiers == RESERVE_SOLDIERS


def test_army_moves_from_any_zone(star_model: GameModel) -> None:
    game, state = table(star_model)
    put(game, state.soldiers, C1=3, A8=2)
    g2 = resolve_effects(game, state, [fx.ArmyMoves(count=2)], actor=0)
    assert zones_offered(game, state) == ["A 8", "C 1"]
    choose(g2, state, game.zone_index("C 1"))
    assert zones_offered(game, state) == ["A 5", "B 5", "C 2"]
    choose(g2, state, game.zone_index("B 5"))
    assert on(game, state.soldiers) == {"A 8": 2, "B 5": 2, "C 1": 1}


# -- objectives (R5.7, R9.2) -----------------------------------------------------------------------


def test_destroy_base_in_actor_zone_victory_waits(star_model: GameModel) -> None:
    game, state = table(star_model)
    game = objectives(game, "base")  # no item named: any card's destroy_base does it (R5.7)
    state.revealed[0] = [game.zone_index("A 3")]
    state.players[0].at = game.zone_index("A 3")
    resolve_effects(game, state, [fx.DestroyBase()], actor=0)
    assert state.done == [1]
    assert state.outcome is None and state.phase == "players"  # R9.2: not yet a win
    state.phase = "army_invasion"  # the rest of the army phase
    flow.advance(game, state, 40)
    assert state.outcome is not None and state.outcome.won


def test_destroy_base_elsewhere_does_nothing(star_model: GameModel) -> None:
    game, state = table(star_model)
    state.revealed[0] = [game.zone_index("A 3")]
    resolve_effects(game, state, [fx.DestroyBase()], actor=0)  # the actor is in A 1
    assert state.done == [0]


def test_destroy_base_twice_in_the_same_zone_counts_once(star_model: GameModel) -> None:
    """A base objective with two places (markers): destroying the base of A 3 twice
    destroys one base, not two."""
    game, state = table(star_model)
    game = objectives(game, "base", markers=2)
    state.revealed = [[game.zone_index("A 3"), game.zone_index("C 1")]]
    state.done = [0]
    state.completed = [[] for _ in state.done]
    state.players[0].at = game.zone_index("A 3")
    resolve_effects(game, state, [fx.DestroyBase()], actor=0)
    resolve_effects(game, state, [fx.DestroyBase()], actor=0)
    assert state.done == [1]


def test_eliminate_general(star_model: GameModel) -> None:
    game, state = table(star_model)
    game = objectives(game, "base", "general")
    state.revealed = [[game.zone_index("A 3")], [game.zone_index("C 1")]]
    state.done = [0, 0]
    state.completed = [[] for _ in state.done]
    resolve_effects(game, state, [fx.EliminateGeneral()], actor=0)
    assert state.done == [0, 1]
    assert state.outcome is None


def test_free_prisoner_in_actor_zone(star_model: GameModel) -> None:
    game, state = table(star_model)
    game = objectives(game, "prisoner")
    state.revealed = [[game.zone_index("B 5")]]
    state.done = [0]
    state.completed = [[] for _ in state.done]
    resolve_effects(game, state, [fx.FreePrisoner()], actor=0)  # in A 1: not there
    assert state.done == [0]
    state.players[0].at = game.zone_index("B 5")
    resolve_effects(game, state, [fx.FreePrisoner()], actor=0)
    assert state.done == [1]
    assert state.outcome is None


def test_complete_objective_revealed_in_actor_zone(star_model: GameModel) -> None:
    game, state = table(star_model)
    game = objectives(game, "base", "strategic")
    state.revealed = [[game.zone_index("A 3")], [game.zone_index("C 1")]]
    state.done = [0, 0]
    state.completed = [[] for _ in state.done]
    state.players[0].at = game.zone_index("C 1")
    resolve_effects(game, state, [fx.CompleteObjective()], actor=0)
    assert state.done == [0, 1]
    state.players[0].at = game.zone_index("A 3")
    resolve_effects(game, state, [fx.CompleteObjective()], actor=0)
    assert state.done == [1, 1]
    assert state.outcome is None  # R9.2: the victory waits for the end of the army phase
    state.phase = "army_invasion"
    flow.advance(game, state, 40)
    assert state.outcome is not None and state.outcome.won


# -- draws (R5.2–R5.4, R6.2) -----------------------------------------------------------------------


def test_draw_clues_without_limit_or_malus_kept_join_the_pool(star_model: GameModel) -> None:
    """In a zone full of cubes and soldiers (an Investigate would be refused), 3 clues are
    drawn and 1 kept; the kept one waits in clues_kept for the pool (R5.3, R8.0)."""
    game, state = table(star_model, levels=(1, 1, 1))
    put(game, state.soldiers, A1=3)
    put(game, state.cubes, A1=3)
    pile = len(state.clue_pile)
    g2 = resolve_effects(game, state, [fx.DrawClues(draw=3, keep=1)], actor=0)
    pend = state.pending
    assert pend is not None and pend.kind == "keep_investigate" and pend.player == 0
    assert len(pend.options) == 3
    kept = pend.options[1]
    apply(g2, state, Keep(0, 1))
    assert state.pending is None
    assert state.clues_kept == [kept]
    assert len(state.clue_discard) == 2
    assert len(state.clue_pile) == pile - 3
    assert state.players[0].cubes == 1 and on(game, state.cubes) == {"A 1": 3}
    assert state.players[0].actions == 0


def test_draw_clues_keep_two(star_model: GameModel) -> None:
    game, state = table(star_model)
    g2 = resolve_effects(game, state, [fx.DrawClues(draw=3, keep=2)], actor=0)
    apply(g2, state, Keep(0, 0))
    assert state.pending is not None and len(state.pending.options) == 2
    apply(g2, state, Keep(0, 0))
    assert state.pending is None
    assert (len(state.clues_kept), len(state.clue_discard)) == (2, 1)


def test_draw_items_keep_into_actor_inventory(star_model: GameModel) -> None:
    game, state = table(star_model)
    pile = len(state.item_pile)
    g2 = resolve_effects(game, state, [fx.DrawItems(draw=3, keep=1)], actor=1)
    pend = state.pending
    assert pend is not None and pend.kind == "keep_search" and pend.player == 1
    kept = pend.options[2]
    apply(g2, state, Keep(1, 2))
    assert state.players[1].inventory == [kept]
    assert [p.inventory for p in (state.players[0], state.players[2])] == [[], []]
    assert len(state.item_discard) == 2
    assert len(state.item_pile) == pile - 3


def test_draw_recruits_recruit_on_a_fitting_slot(star_model: GameModel) -> None:
    game, state = table(star_model)
    bag = len(state.recruit_bag)
    g2 = resolve_effects(game, state, [fx.DrawRecruits(draw=3, keep=1)], actor=0)
    pend = state.pending
    assert pend is not None and pend.kind == "keep_recruit" and len(pend.options) == 3
    options = list(rules.keep_options(g2, state))
    placed = next(a for a in options if a.where >= 0)  # a real token fits a slot numbered 2
    token = pend.options[placed.drawn]
    apply(g2, state, placed)
    s, k = slot_of(placed.where)
    assert state.players[0].squad[s][k] == token
    assert len(state.recruit_bag) == bag - 1  # 3 drawn, 2 returned
    assert level(game, state, 0, s) == 3


def test_draw_resistance_makes_cards_available(star_model: GameModel) -> None:
    game, state = table(star_model)
    pile = len(state.resistance_pile)
    g2 = resolve_effects(game, state, [fx.DrawResistance(draw=2, keep=1)], actor=0)
    pend = state.pending
    assert pend is not None and pend.kind == "keep_resistance" and len(pend.options) == 2
    card = pend.options[0]
    apply(g2, state, Keep(0, 0))
    assert state.resistance == [[card, 0]]
    assert len(state.resistance_discard) == 1
    assert len(state.resistance_pile) == pile - 2


# -- free_actions (R5.0, R7.1) ---------------------------------------------------------------------


def test_free_actions_do_not_advance_the_counter(star_model: GameModel) -> None:
    game, state = table(star_model)
    state.players[1].actions = 2  # a third counted action would be 3 ahead (R5.0)
    move = Move(1, game.zone_index("A 3"))
    reason = why_illegal(game, state, move)
    assert reason is not None and reason.startswith("R5.0"), reason
    g2 = resolve_effects(game, state, [fx.FreeActions(count=2, who="any_player")], actor=0)
    choose(g2, state, 1)
    assert state.players[1].free_actions == 2
    apply(game, state, move)
    apply(game, state, Move(1, game.zone_index("A 5")))
    assert [p.actions for p in state.players] == [0, 2, 0]
    assert state.players[1].free_actions == 0
    assert game.zone(state.players[1].at) == "A 5"
    reason = why_illegal(game, state, Move(1, game.zone_index("A 3")))
    assert reason is not None and reason.startswith("R5.0"), reason
    flow.end_of_players_phase(game, state)
    assert state.team_counter == 2  # R7.1: the largest count, free actions not in it


# -- zone tokens (R2.4, R8.3, R8.6) ---------------------------------------------------------------


def test_remove_zone_tokens_back_to_their_pile(star_model: GameModel) -> None:
    game, state = table(star_model)
    a1, c1 = game.zone_index("A 1"), game.zone_index("C 1")
    state.bag = [a1, c1, c1]
    g2 = resolve_effects(game, state, [fx.RemoveZoneTokens(count=1)], actor=0)
    assert zones_offered(game, state) == ["A 1", "C 1"]
    choose(g2, state, c1)
    assert sorted(state.bag) == sorted([a1, c1])
    c = game.topo.regions.index("C")
    assert sorted(game.zone(t) for t in state.piles[c]) == ["C 1", "C 1", "C 2"]


def test_add_zone_tokens_each_region(star_model: GameModel) -> None:
    game, state = table(star_model)
    resolve_effects(game, state, [fx.AddZoneTokens(count=1, region="each")])
    assert sorted(game.zone(t) for t in state.bag) == ["A 5", "B 5", "C 1"]  # the tops
    assert [len(p) for p in state.piles] == [1, 1, 1]


def test_add_zone_tokens_random_region_draws_count_tokens(star_model: GameModel) -> None:
    game, state = table(star_model)
    resolve_effects(game, state, [fx.AddZoneTokens(count=2)])
    assert len(state.bag) == 2
    assert sum(len(p) for p in state.piles) == 6 - 2


def test_add_zone_tokens_random_is_one_region(star_model: GameModel) -> None:
    """Documented: "Draw 2 zone tokens from the pile of a random region" (random: "one
    region drawn at random"): both tokens come from the same pile."""
    for seed in range(12):
        game, state = table(star_model, seed=seed)
        resolve_effects(game, state, [fx.AddZoneTokens(count=2, region="random")])
        assert sorted(len(p) for p in state.piles) == [0, 2, 2], seed


# -- discards (R5.4, R5.8) -------------------------------------------------------------------------


def test_discard_items_players_in_occupied_zones(star_model: GameModel) -> None:
    """Players 0 (A 1, occupied, 2 cards) and 2 (C 1, occupied, no card) are concerned;
    player 1 (A 2, empty zone) keeps its card. Player 0 chooses which card goes."""
    game, state = table(star_model)
    put(game, state.soldiers, A1=1, C1=1)
    a, b, c = item(game, "pistol"), item(game, "torch"), item(game, "accordion")
    state.players[0].inventory = [a, b]
    state.players[1].inventory = [c]
    state.players[1].at = game.zone_index("A 2")
    state.players[2].at = game.zone_index("C 1")
    g2 = resolve_effects(game, state, [fx.DiscardItems(count=1, who="players_in_occupied_zones")])
    pend = state.pending
    assert pend is not None and pend.kind == "choose_card" and pend.player == 0
    apply(g2, state, Choose(0, 1))
    assert state.pending is None
    assert [p.inventory for p in state.players] == [[a], [c], []]
    assert state.item_discard == [b]


def test_discard_items_default_each_player(star_model: GameModel) -> None:
    game, state = table(star_model)
    a, c = item(game, "pistol"), item(game, "accordion")
    state.players[0].inventory = [a]
    state.players[2].inventory = [c, a]
    g2 = resolve_effects(game, state, [fx.DiscardItems()])
    assert state.pending is not None and state.pending.player == 0
    apply(g2, state, Choose(0, 0))
    assert state.pending is not None and state.pending.player == 2
    apply(g2, state, Choose(2, 0))
    assert [p.inventory for p in state.players] == [[], [], [a]]
    assert sorted(state.item_discard) == sorted([a, c])


def test_discard_resistance_cubes_back_to_supply(star_model: GameModel) -> None:
    game, state = table(star_model)
    state.resistance = [[0, 2], [1, 0]]
    g2 = resolve_effects(game, state, [fx.DiscardResistance(count=1)], actor=0)
    pend = state.pending
    assert pend is not None and pend.kind == "choose_card"
    apply(g2, state, Choose(0, 0))
    assert state.resistance == [[1, 0]]
    assert state.resistance_discard == [0]
    assert state.supply_cubes == SUPPLY + 2


# -- timer (R10.1, D10.1) --------------------------------------------------------------------------


@pytest.mark.parametrize(("seconds", "budget"), [(None, 10), (-60, 8), (60, 12)])
def test_timer_scales_the_next_phase_budget(star_model: GameModel, seconds: int | None,
                                            budget: int) -> None:
    """A 5-minute phase and 10 team actions (D10.1): one minute less is 8 actions."""
    game, state = table(star_model, action_budget=10)
    assert game.timer_minutes == 5
    if seconds is not None:
        resolve_effects(game, state, [fx.Timer(seconds=seconds)])
        assert state.timer_delta == seconds
    state.phase = "victory"  # the end of this round; the objective is not done
    flow.advance(game, state, 40)
    assert state.round == 2
    assert state.budget == budget
    assert state.timer_delta == 0


# -- join_squad (R5.2) -----------------------------------------------------------------------------


def _joiner_game(game: Game, values: tuple[int, int, int]) -> Game:
    """``game`` with the token of a join_squad of these values (as a card holding the
    effect would have registered it)."""
    token = RecruitToken(C=values[0] or None, M=values[1] or None, I=values[2] or None)
    return dataclasses.replace(game, recruits=(*game.recruits, token),
                               joiners={**game.joiners, values: len(game.recruits)})


def test_join_squad_first_fitting_slot_c_first(star_model: GameModel) -> None:
    game, state = table(star_model)
    game = _joiner_game(game, (2, 1, 4))
    resolve_effects(game, state, [fx.JoinSquad(C=2, M=1, I=4)], actor=1)
    token = len(game.recruits) - 1
    assert state.players[1].squad == [[token, EMPTY], [EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY]]
    assert level(game, state, 1, 0) == 3
    assert state.players[0].squad == [[EMPTY, EMPTY], [EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY]]


def test_join_squad_skips_rows_where_it_does_not_fit(star_model: GameModel) -> None:
    """C slot 1 taken, C slot 2 is numbered 3 > 2, M slots numbered 2 > 1: the first
    fitting slot is I slot 1 (numbered 2 ≤ 4)."""
    game, state = table(star_model)
    game = _joiner_game(game, (2, 1, 4))
    state.players[0].squad[0][0] = 0
    resolve_effects(game, state, [fx.JoinSquad(C=2, M=1, I=4)], actor=0)
    token = len(game.recruits) - 1
    assert state.players[0].squad == [[0, EMPTY], [EMPTY, EMPTY], [token, EMPTY, EMPTY]]


def test_join_squad_no_fitting_slot_cannot_join(star_model: GameModel) -> None:
    game, state = table(star_model)
    game = _joiner_game(game, (1, 1, 1))  # every slot is numbered 2 or more
    resolve_effects(game, state, [fx.JoinSquad(C=1, M=1, I=1)], actor=0)
    assert state.players[0].squad == [[EMPTY, EMPTY], [EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY]]
    assert len(events(state, "join_failed")) == 1


def test_join_squad_through_resolve_effects_alone(star_model: GameModel) -> None:
    """``with_effects`` is documented "to resolve effects that no card of the box holds
    (tests, a front end trying an effect)": a join_squad of new values must work too."""
    game, state = table(star_model)
    resolve_effects(game, state, [fx.JoinSquad(C=2, M=1, I=4)], actor=0)
    assert state.players[0].squad[0][0] >= 0


def test_join_squad_scenario3_prisoner_freed_joins() -> None:
    """Scenario 3: freeing the engineer (objective action) runs its on_done join_squad."""
    model = load_game(default_path("scenarios", "scenario-3.yaml"))
    game = Game.create(model, players=3)
    game = dataclasses.replace(game, character_info=tuple(sheet(f"P{i}") for i in range(3)),
                               characters=(0, 1, 2))
    state = flow.setup(game, 1)
    state.phase, state.pending = "players", None
    state.queue.clear()
    z = state.players[2].at
    state.soldiers[z] = state.officers[z] = 0
    prisoner = next(o.index for o in game.objectives if o.kind == "prisoner")
    state.revealed[prisoner] = [z]
    apply(game, state, Objective(2, prisoner))
    assert state.done[prisoner] == 1
    token = game.joiners[(2, 1, 4)]
    assert state.players[2].squad[0] == [token, EMPTY]


# -- lasting effects, through a card held ---------------------------------------------------------


def test_skill_bonus_raises_level_and_tests(star_model: GameModel) -> None:
    game, state = table(star_model)
    game = holding(game, fx.SkillBonus(skill="M", amount=1))
    put(game, state.soldiers, A1=1)
    assert (level(game, state, 0, 1), effective(game, state, 0, 1)) == (2, 1)
    state.players[0].inventory = [item(game, BONUS_ITEM)]
    assert (level(game, state, 0, 1), effective(game, state, 0, 1)) == (3, 2)
    assert level(game, state, 0, 0) == 2  # other skills unchanged


def test_skill_bonus_negative(star_model: GameModel) -> None:
    game, state = table(star_model)
    game = holding(game, fx.SkillBonus(skill="C", amount=-1))
    state.players[0].inventory = [item(game, BONUS_ITEM)]
    assert level(game, state, 0, 0) == 1


def test_draw_bonus_search_draws_one_more(star_model: GameModel) -> None:
    game, state = table(star_model)  # I 2, empty zone: a search draws 2
    game = holding(game, fx.DrawBonus(action="search", amount=1))
    state.players[0].inventory = [item(game, BONUS_ITEM)]
    apply(game, state, Search(0))
    assert state.pending is not None and state.pending.kind == "keep_search"
    assert len(state.pending.options) == 3
    assert (state.players[0].cubes, on(game, state.cubes)) == (1, {"A 1": 1})  # R4.4; D4.2: from the supply


def test_draw_bonus_applies_after_the_malus(star_model: GameModel) -> None:
    """C 2, 2 soldiers in the zone: C − malus = 0, a recruit is illegal (D5.2); +1 recruit
    draws 1 token."""
    game, state = table(star_model)
    game = holding(game, fx.DrawBonus(action="recruit", amount=1))
    put(game, state.soldiers, A1=2)
    reason = why_illegal(game, state, Recruit(0))
    assert reason is not None and reason.startswith("D5.2"), reason
    state.players[0].inventory = [item(game, BONUS_ITEM)]
    apply(game, state, Recruit(0))
    assert state.pending is not None and len(state.pending.options) == 1


def test_move_range_one_more_road(star_model: GameModel) -> None:
    game, state = table(star_model)
    game = holding(game, fx.MoveRange(roads=1))
    state.players[0].at = game.zone_index("A 2")
    to_c1 = Move(0, game.zone_index("C 1"))  # 4 roads
    reason = why_illegal(game, state, to_c1)
    assert reason is not None and reason.startswith("R5.1"), reason
    state.players[0].inventory = [item(game, BONUS_ITEM)]
    assert why_illegal(game, state, to_c1) is None
    apply(game, state, to_c1)
    assert game.zone(state.players[0].at) == "C 1"
    assert state.players[0].actions == 1


def test_malus_reduction_never_below_zero(star_model: GameModel) -> None:
    game, state = table(star_model)  # C, M, I at 2
    game = holding(game, fx.MalusReduction(amount=1))
    state.players[0].inventory = [item(game, BONUS_ITEM)]
    put(game, state.soldiers, A1=2)
    assert [effective(game, state, 0, s) for s in range(3)] == [1, 1, 1]
    state.soldiers = [0] * game.topo.n
    assert [effective(game, state, 0, s) for s in range(3)] == [2, 2, 2]


def test_malus_reduction_on_some_skills(star_model: GameModel) -> None:
    game, state = table(star_model)
    game = holding(game, fx.MalusReduction(amount=2, skills=["M"]))
    state.players[0].inventory = [item(game, BONUS_ITEM)]
    put(game, state.soldiers, A1=2)
    assert [effective(game, state, 0, s) for s in range(3)] == [0, 2, 0]


@pytest.mark.parametrize("held", [False, True])
def test_craft_requirement_one_level_lower(star_model: GameModel, held: bool) -> None:
    """I 3 in an empty zone: a bomb needs I − malus ≥ 4 (R5.5); ≥ 3 with delta −1."""
    game, state = table(star_model, levels=(2, 2, 3))
    game = holding(game, fx.CraftRequirement(delta=-1))
    bomb = special(game, "bomb")
    parts = [item(game, p) for p in ("explosives", "detonator", "timer")]
    bonus = item(game, BONUS_ITEM)
    state.players[0].inventory = [bonus, *parts] if held else list(parts)
    left = state.special_left[bomb]
    apply(game, state, Craft(0, bomb))
    assert state.players[0].actions == 1
    if held:
        assert state.players[0].inventory == [bonus, SPECIAL + bomb]
        assert sorted(state.item_discard) == sorted(parts)
        assert state.special_left[bomb] == left - 1
    else:  # D11.2: a failed craft keeps its parts
        assert state.players[0].inventory == parts
        assert state.special_left[bomb] == left


def test_resistance_discount_activates_with_fewer_cubes(star_model: GameModel) -> None:
    """Ambush (cost 3) activated with 1 cube when the discount is 2; its effect resolves:
    2 soldiers of the actor's zone are eliminated; the cube goes to the supply (D11.3)."""
    game, state = table(star_model)
    game = holding(game, fx.ResistanceDiscount(amount=2))
    card = next(i for i, c in enumerate(game.resistance_cards) if c.id == "ambush-3")
    assert game.resistance_cards[card].cost == 3
    state.resistance = [[card, 0]]
    put(game, state.soldiers, A1=3)
    activate = Resistance(0, 0, 1, 1)
    reason = why_illegal(game, state, activate)
    assert reason is not None and reason.startswith("R5.8"), reason
    state.players[0].inventory = [item(game, BONUS_ITEM)]
    assert why_illegal(game, state, activate) is None
    apply(game, state, activate)
    assert state.resistance == []
    assert state.resistance_discard == [card]
    assert state.players[0].cubes == 0
    assert state.supply_cubes == SUPPLY + 1
    assert on(game, state.soldiers) == {"A 1": 1}
    assert state.eliminated_soldiers == 2


def test_eliminate_officers_as_max_military_bonus(star_model: GameModel) -> None:
    """D1.1: at max Military the Eliminate action may remove an officer (R9.6)."""
    bonus = (NO_MODS, lasting_mods([fx.EliminateOfficers()]), NO_MODS)
    chars = tuple(sheet(f"P{i}", max_bonus=bonus) for i in range(3))
    game, state = table(star_model, character_info=chars)
    put(game, state.officers, A1=1)
    target = Eliminate(0, game.zone_index("A 1"), 1)
    reason = why_illegal(game, state, target)
    assert reason is not None and reason.startswith("R9.6"), reason
    state.players[0].squad[1] = [0, 1]  # two recruits: M at its max level, 4
    assert why_illegal(game, state, target) is None
    apply(game, state, target)  # M 4 − malus 1 > 0
    assert on(game, state.officers) == {}
    assert (state.eliminated_officers, state.reserve_officers) == (1, RESERVE_OFFICERS)


def test_eliminate_range_uses_the_target_zone_occupation(star_model: GameModel) -> None:
    """M 2 in A 1 (2 soldiers: M − malus would be 0 there); A 3 next door holds 1 soldier:
    2 − 1 > 0, the elimination succeeds. A 5 is two zones away."""
    game, state = table(star_model)
    game = holding(game, fx.EliminateRange(distance=1))
    put(game, state.soldiers, A1=2, A3=1, A5=1)
    target = Eliminate(0, game.zone_index("A 3"), 0)
    reason = why_illegal(game, state, target)
    assert reason is not None and reason.startswith("R5.6"), reason
    state.players[0].inventory = [item(game, BONUS_ITEM)]
    assert why_illegal(game, state, target) is None
    far = why_illegal(game, state, Eliminate(0, game.zone_index("A 5"), 0))
    assert far is not None and far.startswith("R5.6"), far
    apply(game, state, target)
    assert on(game, state.soldiers) == {"A 1": 2, "A 5": 1}
    assert state.eliminated_soldiers == 1


def test_inventory_size_fifth_card_kept(star_model: GameModel) -> None:
    game, state = table(star_model)
    game = holding(game, fx.InventorySize(delta=1))
    bonus = item(game, BONUS_ITEM)
    others = [item(game, i) for i in ("torn-umbrella", "old-newspaper", "sardine-tin")]
    state.players[0].inventory = [bonus, *others]
    g2 = resolve_effects(game, state, [fx.DrawItems(draw=1, keep=1)], actor=0)
    assert state.pending is not None
    drawn = state.pending.options[0]
    assert why_illegal(g2, state, Keep(0, 0, -1)) is None
    apply(g2, state, Keep(0, 0, -1))
    assert state.players[0].inventory == [bonus, *others, drawn]


def test_inventory_full_without_the_bonus(star_model: GameModel) -> None:
    game, state = table(star_model)
    four = [item(game, i) for i in ("torn-umbrella", "old-newspaper", "sardine-tin", "accordion")]
    state.players[0].inventory = list(four)
    g2 = resolve_effects(game, state, [fx.DrawItems(draw=1, keep=1)], actor=0)
    reason = why_illegal(g2, state, Keep(0, 0, -1))
    assert reason is not None and reason.startswith("R5.4"), reason


def test_transfer_range_to_a_neighbouring_zone(star_model: GameModel) -> None:
    game, state = table(star_model)
    game = holding(game, fx.TransferRange(distance=1))
    bonus, gift = item(game, BONUS_ITEM), item(game, "pistol")
    state.players[0].inventory = [gift]
    state.players[1].at = game.zone_index("A 3")  # next to A 1
    state.players[2].at = game.zone_index("A 5")  # two zones away
    give = Transfer(0, 1, card=0)
    reason = why_illegal(game, state, give)
    assert reason is not None and reason.startswith("R5.9"), reason
    state.players[0].inventory = [gift, bonus]
    assert why_illegal(game, state, give) is None
    far = why_illegal(game, state, Transfer(0, 2, card=0))
    assert far is not None and far.startswith("R5.9"), far
    apply(game, state, give)
    assert [p.inventory for p in state.players] == [[bonus], [gift], []]


@pytest.mark.parametrize("held", [False, True])
def test_planning_tokens_a_second_active_token(star_model: GameModel, held: bool) -> None:
    game, state = table(star_model)
    game = holding(game, fx.PlanningTokens(amount=1))
    if held:
        state.players[0].inventory = [item(game, BONUS_ITEM)]
    supply = state.planning_supply
    apply(game, state, Plan(0, 0))
    apply(game, state, Plan(0, 1))
    squad = state.players[0].squad
    if held:  # two tokens active: C and M
        assert (squad[0], squad[1]) == ([PLANNING, EMPTY], [PLANNING, EMPTY])
        assert state.planning_supply == supply - 2
        assert (level(game, state, 0, 0), level(game, state, 0, 1)) == (3, 3)
    else:  # R5.10: one active token, moved from C to M (D11.4)
        assert (squad[0], squad[1]) == ([EMPTY, EMPTY], [PLANNING, EMPTY])
        assert state.planning_supply == supply - 1


# -- use conditions (R5.7) -----------------------------------------------------------------------


def test_use_in_objective_zone_and_test_success(star_model: GameModel) -> None:
    """The bomb (in the base's zone; I − malus ≥ 1) used in A 3 where the base is
    revealed: the base is destroyed, the bomb goes back to the set-aside cards."""
    game, state = table(star_model)
    bomb = special(game, "bomb")
    state.revealed[0] = [game.zone_index("A 3")]
    state.players[0].at = game.zone_index("A 3")
    state.players[0].inventory = [SPECIAL + bomb]
    left = state.special_left[bomb]
    use = Use(0, 0, 0)
    assert why_illegal(game, state, use) is None
    apply(game, state, use)
    assert state.done == [1]
    assert state.players[0].inventory == []
    assert state.special_left[bomb] == left + 1
    assert state.players[0].actions == 1
    assert [e.data["success"] for e in state.log if "success" in e.data] == [True]


def test_use_outside_the_objective_zone_refused(star_model: GameModel) -> None:
    game, state = table(star_model)
    state.revealed[0] = [game.zone_index("A 3")]
    state.players[0].inventory = [SPECIAL + special(game, "bomb")]  # the player is in A 1
    reason = why_illegal(game, state, Use(0, 0, 0))
    assert reason is not None and reason.startswith("R5.7"), reason


def test_use_failed_test_spends_the_action(star_model: GameModel) -> None:
    """I 2 − malus 2 < 1: the use fails (logged), the action is spent (D11.2), the base
    stands."""
    game, state = table(star_model)
    bomb = special(game, "bomb")
    z = game.zone_index("A 3")
    state.revealed[0] = [z]
    state.players[0].at = z
    state.soldiers[z] = 2
    state.players[0].inventory = [SPECIAL + bomb]
    apply(game, state, Use(0, 0, 0))
    assert state.done == [0]
    assert state.players[0].actions == 1
    failed = events(state, "use_failed")
    assert len(failed) == 1 and failed[0].rule == "D11.2"
    assert failed[0].data["success"] is False
    assert on(game, state.soldiers) == {"A 3": 2}


@pytest.mark.parametrize(("at", "legal"), [("A 3", True), ("A 1", True), ("A 2", False)])
def test_use_in_objective_zone_within(star_model: GameModel, at: str, legal: bool) -> None:
    """The sniper rifle: within 1 zone of the revealed general (A 3), M − malus ≥ 3."""
    game, state = table(star_model, levels=(2, 3, 2))
    game = objectives(game, "base", "general")
    state.revealed = [[], [game.zone_index("A 3")]]
    state.done = [0, 0]
    state.completed = [[] for _ in state.done]
    state.players[0].at = game.zone_index(at)
    state.players[0].inventory = [SPECIAL + special(game, "sniper-rifle")]
    use = Use(0, 0, 0)
    reason = why_illegal(game, state, use)
    if not legal:
        assert reason is not None and reason.startswith("R5.7"), reason
        return
    assert reason is None
    apply(game, state, use)
    assert state.done == [0, 1]


@pytest.mark.parametrize(("at", "legal"), [("A 2", False), ("A 3", True), ("C 1", True)])
def test_use_in_city(star_model: GameModel, at: str, legal: bool) -> None:
    """The press: in a capital or a town, C − malus ≥ 1: every player gains 2 cubes."""
    game, state = table(star_model)
    state.players[0].at = game.zone_index(at)
    state.players[0].inventory = [SPECIAL + special(game, "press")]
    use = Use(0, 0, 0)
    reason = why_illegal(game, state, use)
    if not legal:
        assert reason is not None and reason.startswith("R5.7") and "village" in reason, reason
        return
    assert reason is None
    apply(game, state, use)
    assert [p.cubes for p in state.players] == [3, 3, 3]
    assert state.supply_cubes == SUPPLY - 6
