"""Game.create: arguments checked in the designer's words; decisions from the defaults,
the scenario and the caller, in that order; the setup of R2 as the tables say."""

from __future__ import annotations

import dataclasses
import re

import pytest

from authoring.engine import Game, GameError, new_initial_state
from authoring.model.game import GameModel
from authoring.model.rules import DECISIONS


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 6}, "6 players: the game is for 3, 4, 5 (R0.4)"),
        ({"difficulty": "hardest"}, "unknown difficulty 'hardest' (did you mean 'hard'?)"),
        ({"characters": ["nobody", "x", "y"], "players": 3}, "unknown character 'nobody'"),
        ({"decisions": {"D4.2": "bank"}}, "D4.2: unknown choice 'bank'; one of: supply, player"),
        ({"action_budget": 0}, "at least 1 (D10.1)"),
    ],
)
def test_bad_arguments_say_what_is_wrong(scenario1: GameModel, kwargs: dict, message: str) -> None:
    with pytest.raises(GameError, match=re.escape(message)):
        Game.create(scenario1, **kwargs)


def test_characters_by_id_or_name_and_twice(scenario1: GameModel) -> None:
    sheets = scenario1.content.characters
    g = Game.create(scenario1, players=3, characters=[sheets[2].id, sheets[0].name, sheets[5].id])
    s = new_initial_state(g, seed=1)
    assert [p.character for p in s.players] == [2, 0, 5]
    with pytest.raises(GameError, match="chosen twice"):
        Game.create(scenario1, players=3, characters=[sheets[0].id] * 3)


def test_decisions_defaults_then_scenario_then_caller(scenario1: GameModel) -> None:
    assert Game.create(scenario1).decisions == {k: d.default for k, d in DECISIONS.items()}
    spec = scenario1.scenario.spec.model_copy(update={"decisions": {"D4.2": "player",
                                                                    "D5.2": "wasted"}})
    model = dataclasses.replace(scenario1, scenario=dataclasses.replace(scenario1.scenario,
                                                                        spec=spec))
    g = Game.create(model, decisions={"D5.2": "illegal"})
    assert (g.decisions["D4.2"], g.decisions["D5.2"]) == ("player", "illegal")


def test_setup_of_scenario_1(game1: Game) -> None:
    """R2: 36 soldiers on the island (3 per capital, 2 per town, 1 on zones 11 and 12),
    the rest of the 50 in the reserve; 12 officers (Normal); D2.1: every token of an
    occupied zone in the bag (36), the other 40 in the region piles; the speed marker
    on the first cell of speed 2; players in N-E 1 with their reputation in cubes (R2.9)."""
    s = new_initial_state(game1, seed=7)
    assert sum(s.soldiers) == 36 and s.reserve_soldiers == 14
    assert sum(s.officers) == 0 and s.reserve_officers == 12
    assert len(s.bag) == 36 and sum(len(p) for p in s.piles) == 40
    assert game1.speed_track[s.speed_cell] == 2 and s.speed_cell == 0
    assert {game1.zone(p.at) for p in s.players} == {"N-E 1"}
    assert [p.cubes for p in s.players] == [
        game1.character_info[p.character].reputation for p in s.players]
    assert (s.round, s.phase, s.team_counter, s.army_counter) == (1, "start", 0, 0)
    assert s.pending is not None and s.pending.kind == "keep_resistance"  # R6.2 first
    assert len(s.pending.options) == 2  # as many as the speed


def test_same_seed_same_game(game1: Game) -> None:
    a, b = new_initial_state(game1, seed=11), new_initial_state(game1, seed=11)
    assert a.to_json() == b.to_json()
    assert new_initial_state(game1, seed=12).to_json() != a.to_json()


def test_a_move_out_of_reach_says_the_reach_with_its_bonus(scenario1: GameModel) -> None:
    """R5.1: 3 roads or 1 mountain path; Jenny Adams's Tracker ability (move_range +1 road,
    +1 path) makes it 4 roads or 2 paths, and the refusal says so."""
    from authoring.engine import Move
    from authoring.engine.players import check_move

    sheets = [c.id for c in scenario1.content.characters]
    others = [c for c in sheets if c != "jenny-adams"][:3]
    for who, words in (("jenny-adams", "4 roads or 2 mountain paths"),
                       (others[0], "3 roads or 1 mountain path")):
        rest = [c for c in others if c != who][:2]
        g = Game.create(scenario1, players=3, characters=[who, *rest])
        s = new_initial_state(g, seed=1)
        far = g.zone_index("S-O 1")
        assert check_move(g, s, Move(0, far)) == (
            f"R5.1: S-O 1 is not within {words} of {g.zone(s.players[0].at)}")


def test_a_transfer_out_of_reach_says_the_givers_range(scenario1: GameModel) -> None:
    """R5.9: a transfer is to a player in the giver's zone; the Smuggler's ability
    (transfer_range 1) reaches the zones next to it too, and the refusal says so."""
    from authoring.engine import Transfer
    from authoring.engine.players import check_transfer

    g = Game.create(scenario1, players=3,
                    characters=["rosa-villanueva", "jenny-adams", "elise-marchand"])
    s = new_initial_state(g, seed=1)
    s.players[0].at, s.players[1].at = g.zone_index("N-E 2"), g.zone_index("N-E 5")
    s.players[0].inventory = [0]
    assert check_transfer(g, s, Transfer(0, 1, card=0)) == (
        "R5.9: Jenny Adams is not in N-E 2 nor within 1 link of it")
    s.players[1].at = g.zone_index("N-E 1")  # a neighbour: within reach
    assert check_transfer(g, s, Transfer(0, 1, card=0)) is None
