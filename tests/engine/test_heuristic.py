"""The heuristic team (a scripted planner): it wins where random players never do and more
often than the simple bot, spreads its actions (R7.1), stops when there is nothing left to
gain, finishes an objective first, and answers choices, the R7.2 cube sharing included."""

from __future__ import annotations

import pytest

from authoring.engine import (
    Action,
    Choose,
    Eliminate,
    End,
    Game,
    Keep,
    Move,
    apply,
    new_initial_state,
)
from authoring.engine.api import LazyLegal
from authoring.engine.heuristic import HeuristicBot
from authoring.engine.simulate import Study, run_study
from authoring.engine.state import SPECIAL, Pending, State
from authoring.engine.view import PublicView
from authoring.model.game import GameModel


def _wins(model: GameModel, bot: str, games: int = 60) -> int:
    study = Study(games=games, difficulties=("easy",), players=(4,), bot=bot, seed=5)
    return sum(g.won for g in run_study(model, study)["easy/4"])


def test_the_ladder_reads_random_simple_heuristic(scenario1: GameModel) -> None:
    """60 seeded games of scenario 1, Easy, 4 players (D4.2: the general supply)."""
    heuristic, simple = _wins(scenario1, "heuristic"), _wins(scenario1, "simple")
    assert _wins(scenario1, "random") == 0
    assert heuristic >= 20  # a third of the games at least
    assert simple < heuristic


def _started(game: Game, seed: int = 3) -> State:
    """A state in the first players' phase, the timer running."""
    state = new_initial_state(game, seed=seed)
    while state.phase != "players":
        bot = HeuristicBot(seed)
        seat = state.pending.player if state.pending is not None else 0
        apply(game, state, bot.act(game, PublicView(game, state, seat), LazyLegal(game, state)))
    return state


def _act(game: Game, state: State, bot: HeuristicBot) -> Action:
    seat = state.pending.player if state.pending is not None else 0
    a = bot.act(game, PublicView(game, state, seat), LazyLegal(game, state))
    assert a.kind in ("end", "begin") or PublicView(game, state, seat).why_illegal(a) is None
    return a


def test_actions_are_spread_over_the_team(game1: Game) -> None:
    """R7.1: the team counter advances by the most actions one player took: the first four
    actions of the phase are one per player."""
    game = Game.create(game1.model, players=4, difficulty="easy", action_budget=20)
    state = _started(game)
    bot = HeuristicBot(1)
    for _ in range(4):
        apply(game, state, _act(game, state, bot))
        while state.pending is not None:
            apply(game, state, _act(game, state, bot))
    assert [p.actions for p in state.players] == [1, 1, 1, 1]


def test_the_team_stops_once_every_objective_is_done(game1: Game) -> None:
    """R9.2: victory waits for the end of the army phase; any further action only feeds the
    army (R7.1, R8.2), so the team ends the phase (R10.1) with budget left."""
    game = Game.create(game1.model, players=4, difficulty="easy", action_budget=20)
    state = _started(game)
    state.done = [o.markers for o in game.objectives]
    assert _act(game, state, HeuristicBot(1)) == End()


def test_once_done_the_players_behind_still_eliminate_for_free(game1: Game) -> None:
    """R9.2: the win waits for the army phase, so a player behind the leader (its action
    raises no team counter, R7.1) still eliminates a soldier where it stands (R5.6: one
    fewer to overflow, R8.4); the leader itself ends the phase."""
    game = Game.create(game1.model, players=4, difficulty="easy", action_budget=20)
    state = _started(game)
    state.done = [o.markers for o in game.objectives]
    view = PublicView(game, state, 0)
    p = max(range(1, 4), key=lambda q: view.level(q, 1))
    z = state.players[p].at
    state.soldiers[z], state.officers[z] = 1, 0
    state.players[0].actions = 2
    a = _act(game, state, HeuristicBot(1))
    assert a == Eliminate(a.player, z, 0) and a.player != 0
    assert state.players[a.player].at == z
    state.players[0].actions = 0
    assert _act(game, state, HeuristicBot(1)) == End()


def _bomb_next_to_the_base(game: Game) -> tuple[State, int]:
    state = _started(game)
    bomb = next(i for i, s in enumerate(game.specials) if s.id == "bomb")
    here = state.players[0].at
    base = next(z for z in range(game.topo.n)
                if game.topo.moves[here][z] == 1 and game.objectives[0].candidates >> z & 1)
    state.revealed[0] = [base]
    state.soldiers[base] = state.officers[base] = 0  # no army malus on the use's test (R4.5)
    state.players[0].inventory.append(SPECIAL + bomb)
    return state, base


def test_the_bomb_carrier_goes_first_and_the_team_stops_after_it(game1: Game) -> None:
    """The player who can complete the objective this phase acts first: one move to the
    base, the bomb used (R5.7); then nothing is worth an army action: the phase ends with
    the team counter up by 2 only (R7.1)."""
    game = Game.create(game1.model, players=4, difficulty="easy", action_budget=20)
    state, base = _bomb_next_to_the_base(game)
    bot = HeuristicBot(2)
    taken = []
    while state.phase == "players":
        a = _act(game, state, bot)
        taken.append(a)
        apply(game, state, a)
    assert [a.kind for a in taken[:2]] == ["move", "use"] and taken[0] == Move(0, base)
    assert taken[-1] == End()
    assert state.done[0] == 1 and state.team_counter == 2


def test_more_time_is_left_unused_when_nothing_needs_it(game1: Game) -> None:
    """A bigger budget (D10.1) changes nothing once the objective is done: the same two
    actions and the same end."""
    for budget in (20, 28, 40):
        game = Game.create(game1.model, players=4, difficulty="easy", action_budget=budget)
        state, _ = _bomb_next_to_the_base(game)
        bot = HeuristicBot(2)
        while state.phase == "players":
            apply(game, state, _act(game, state, bot))
        assert state.team_counter == 2


@pytest.mark.parametrize(("supply", "expected"), [("supply", 2), ("player", 1)])
def test_reputation_cubes_are_shared_where_they_help(game1: Game, supply: str,
                                                     expected: int) -> None:
    """R7.2 ("répartis librement") asked as a choice of player: with D4.2's general supply
    the cubes go to the player holding most (a resistance card is paid in one action,
    R5.8); when limited actions cost the player's own cube (D4.2 option), to the poorest."""
    game = Game.create(game1.model, players=4, difficulty="easy", action_budget=20,
                       decisions={"D4.2": supply})
    state = _started(game)
    for p, cubes in enumerate((2, 0, 5, 1)):
        state.players[p].cubes = cubes
    state.pending = Pending("choose_player", 0, [0, 1, 2, 3], [],
                            "player who gains the cubes (R7.2)")
    assert _act(game, state, HeuristicBot(1)) == Choose(0, expected)


def test_a_player_who_cannot_eliminate_keeps_a_military_recruit(game1: Game) -> None:
    """R5.6: Military 1 never eliminates in an occupied zone (M − malus > 0), so the
    heuristic keeps the gamekeeper (M 3) on its Military row rather than the postwoman
    (C 4) on Communication (R5.2's slot test); the simple bot, which does not look that
    far, keeps the postwoman."""
    from authoring.engine.bots import SimpleBot

    game = Game.create(game1.model, players=4, difficulty="easy", action_budget=20)
    state = _started(game)
    p = next(q for q, ps in enumerate(state.players) if ps.character == 1)  # C3 M1 I1
    assert PublicView(game, state, p).level(p, 1) == 1
    postwoman, gamekeeper = 0, 3
    assert (game.recruits[postwoman].value("C"), game.recruits[gamekeeper].value("M")) == (4, 3)
    state.pending = Pending("keep_recruit", p, [postwoman, gamekeeper], [], "")
    assert _act(game, state, HeuristicBot(1)) == Keep(p, 1, 1 * 16 + 0)
    assert _act(game, state, SimpleBot(1)) == Keep(p, 0, 0 * 16 + 0)


def test_an_unknown_choice_takes_its_first_option(game1: Game) -> None:
    game = Game.create(game1.model, players=4, difficulty="easy", action_budget=20)
    state = _started(game)
    state.pending = Pending("choose_something_new", 1, [7, 8, 9], [], "")
    view = PublicView(game, state, 1)
    assert HeuristicBot(1).act(game, view, [Choose(1, i) for i in range(3)]) \
        == Choose(1, 0)
