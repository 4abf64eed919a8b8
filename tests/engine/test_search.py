"""The ``search`` bot: legal to the end of a game, the same game for the same seed, its
futures drawn from what the players know (the real game untouched), and a budget that
reaches it from a study and the command, refused with a clear message when it is wrong."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

import pytest
from click.testing import CliRunner

from authoring.cli import cli
from authoring.engine import Begin, End, Game, apply, legal_actions, new_initial_state
from authoring.engine.outcome import Termination
from authoring.engine.search import (
    DEFAULT_BUDGET,
    FEATURES,
    MAX_BUDGET,
    WEIGHTS,
    SearchBot,
    features,
    paired_best,
    value,
)
from authoring.engine.simulate import (
    Study,
    make_bot,
    record_game,
    run_study,
    strength,
    summarise,
)
from authoring.engine.view import PublicView
from authoring.model.game import GameModel

#: a short game: 3 players, a small action budget per phase (D10.1)
BUDGET = 6


def small_game(model: GameModel) -> Game:
    return Game.create(model, players=3, difficulty="easy", action_budget=BUDGET)


def test_plays_legal_actions_to_the_end_of_a_game(scenario1: GameModel) -> None:
    game = small_game(scenario1)
    state = new_initial_state(game, seed=11)
    bot = SearchBot(3, budget=1)
    steps = 0
    while state.outcome is None:
        legal = legal_actions(game, state)
        seat = state.pending.player if state.pending is not None else 0
        a = bot.act(game, PublicView(game, state, seat), legal)
        assert a in legal, (a, steps)
        apply(game, state, a)  # checked: an illegal action would raise
        steps += 1
    assert state.outcome.round >= 1 and steps > 10


def test_the_same_seed_plays_the_same_game(scenario1: GameModel) -> None:
    game = small_game(scenario1)
    one = record_game(game, 21, "search", budget=1)
    two = record_game(game, 21, "search", budget=1)
    assert one[0] == two[0]
    assert json.dumps(one[1].to_json()) == json.dumps(two[1].to_json())


def test_its_futures_never_touch_the_real_game(scenario1: GameModel) -> None:
    """The futures are sampled from the public view with the bot's own generator: the real
    state, its generator and hidden orders included, is left as it was."""
    game = Game.create(scenario1, players=3, action_budget=9)
    state = new_initial_state(game, seed=4)
    apply(game, state, legal_actions(game, state)[0])
    apply(game, state, Begin())
    before = json.dumps(state.to_json())
    bot = SearchBot(1, budget=2)
    legal = legal_actions(game, state)
    assert bot.act(game, PublicView(game, state, 0), legal) in legal
    assert json.dumps(state.to_json()) == before


def test_the_field_is_searched_only_at_level_counters_the_policy_first(
        scenario1: GameModel) -> None:
    """At level counters (R5.0: the action opens a new layer, R7.1) the policy's choice
    comes first and its alternatives follow, all legal and distinct; a player behind the
    leader acts for free: the policy's choice alone; a later layer is searched only with
    ``layers`` reaching it; ``end`` only with ``ends``."""
    game = Game.create(scenario1, players=3, action_budget=9)
    state = new_initial_state(game, seed=4)
    apply(game, state, legal_actions(game, state)[0])
    apply(game, state, Begin())
    bot = SearchBot(1, budget=1)
    legal = legal_actions(game, state)
    view = PublicView(game, state, 0)
    field = bot.field(game, view, legal)
    assert 2 <= len(field) <= 6 and len(set(field)) == len(field)
    assert field[0] == bot.policy.scored(game, view, legal)[0][0]
    assert End() not in field and all(a in legal for a in field)
    apply(game, state, next(a for a in legal_actions(game, state)
                            if a.kind == "move" and a.player == 0))
    assert [ps.actions for ps in state.players] == [1, 0, 0]  # not level: not searched
    assert len(bot.field(game, PublicView(game, state, 0), legal_actions(game, state))) == 1
    for p in (1, 2):  # everyone moved once: the counters are level again
        apply(game, state, next(a for a in legal_actions(game, state)
                                if a.kind == "move" and a.player == p))
    level = PublicView(game, state, 0)
    assert len(bot.field(game, level, legal_actions(game, state))) == 1  # layer 1: not searched
    assert len(SearchBot(1, budget=1, layers=2).field(game, level, legal_actions(game, state))) >= 2
    ender = SearchBot(1, budget=1, ends=True, layers=None)
    field = ender.field(game, PublicView(game, state, 0), legal_actions(game, state))
    assert field[-1] == End() and len(set(field)) == len(field) >= 2


def test_the_searched_choice_is_the_best_paired_gain() -> None:
    """The policy's choice stays unless an alternative gains on the same futures: the
    largest mean paired gain, beyond ``z`` standard errors of it."""
    assert paired_best([[0.5, 0.5, 0.5], [0.4, 0.4, 0.4]]) == 0  # worse: kept
    assert paired_best([[0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]) == 0  # a tie: kept
    assert paired_best([[0.0, 1.0], [0.5, 1.0], [1.0, 0.5]]) == 1  # 0.25 and 0.25: the first
    assert paired_best([[0.0, 0.0, 0.0, 0.0], [1.0, -0.9, 1.0, -0.9]]) == 1  # mean 0.05 > 0
    assert paired_best([[0.0, 0.0, 0.0, 0.0], [1.0, -0.9, 1.0, -0.9]], z=1.0) == 0  # noise
    assert paired_best([[0.1, 0.2, 0.3], [0.2, 0.3, 0.4]], z=10.0) == 1  # no variance


def test_searching_counts_its_decisions_and_switches(scenario1: GameModel) -> None:
    game = small_game(scenario1)
    state = new_initial_state(game, seed=11)
    bot = SearchBot(3, budget=2)
    while state.outcome is None and state.round < 3:
        seat = state.pending.player if state.pending is not None else 0
        apply(game, state, bot.act(game, PublicView(game, state, seat),
                                   legal_actions(game, state)))
    assert 0 <= bot.switched <= bot.searched and bot.searched >= 2


def test_a_game_over_is_worth_its_outcome_a_game_on_its_chance(scenario1: GameModel) -> None:
    """A won game is worth 1, a lost one 0 (R9), a game still on the model's chance of a
    win, strictly between; the features are those the weights are for."""
    game = small_game(scenario1)
    state = new_initial_state(game, seed=5)
    assert len(features(game, state)) == len(WEIGHTS) == len(FEATURES)
    assert 0.0 < value(game, state) < 1.0
    _, lost = record_game(game, 5, "random")
    assert lost.outcome is not None and not lost.outcome.won
    assert value(game, lost) == 0.0
    won = lost.clone()
    won.outcome = replace(lost.outcome, termination=Termination.OBJECTIVES_DONE)
    assert value(game, won) == 1.0


def test_the_chance_grows_with_the_objectives_and_the_officers(scenario1: GameModel) -> None:
    """The model reads what wins: the place revealed (R6.1) and more officers left in the
    reserve (R9.1) make a state better, fewer worse."""
    game = small_game(scenario1)
    state = new_initial_state(game, seed=5)
    v = value(game, state)
    revealed = state.clone()
    revealed.revealed[0] = [next(iter(z for z in range(game.topo.n)
                                      if game.objectives[0].candidates >> z & 1))]
    assert value(game, revealed) > v
    fewer = state.clone()
    fewer.reserve_officers = 1
    assert value(game, fewer) < v


@pytest.mark.parametrize("budget", [0, -3, MAX_BUDGET + 1])
def test_a_budget_out_of_range_is_refused(budget: int) -> None:
    with pytest.raises(ValueError, match=f"futures per decision: 1 to {MAX_BUDGET}, not "
                                         f"{budget}"):
        SearchBot(1, budget=budget)


def test_make_bot_passes_the_budget_and_refuses_it_to_a_bot_that_does_not_search() -> None:
    assert make_bot("search", 1, 7).budget == 7  # type: ignore[attr-defined]
    assert make_bot("lookahead", 1, 5).rollouts == 5  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="the heuristic bot has no search budget"):
        make_bot("heuristic", 1, 3)


def test_a_study_gives_the_same_json_for_one_process_or_two(scenario1: GameModel) -> None:
    study = Study(games=2, difficulties=("easy",), players=(3,), bot="search", seed=2,
                  table_speed=1.2, search_budget=1)
    here = summarise(scenario1, study, run_study(scenario1, study))
    ticks: list[int] = []
    with ProcessPoolExecutor(2) as pool:  # a search study's chunks are one game each
        pooled = summarise(scenario1, study, run_study(scenario1, study, pool, ticks.append))
    assert json.dumps(here.to_json()) == json.dumps(pooled.to_json())
    assert here.study.search_budget == 1 and here.study.bot == "search"
    # the progress moves game by game (a chunk of 25 search games kept it still for half a
    # minute, and --jobs 2 on one process for a study of fewer than 26 games)
    assert ticks == [1, 1]


def run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(cli, ["simulate", *args])
    return r.exit_code, r.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bot", "search", "--budget", "0"],
         "0: at least 1 future per decision (the search bot's default is 32)"),
        (["--bot", "search", "--budget", "-2"], "-2: at least 1 future per decision"),
        (["--bot", "search", "--budget", "20000"],
         f"20000: at most {MAX_BUDGET} futures per decision"),
        # absurd: a reviewer's --budget 10000 was accepted and ran for hours a game
        (["--bot", "lookahead", "--budget", "10000"],
         "10000: at most 256 futures per decision (a game's time grows with the budget: 256 "
         "already takes tens of seconds a game; the lookahead bot's default is 4)"),
        (["--bot", "heuristic", "--budget", "4"],
         "the heuristic bot does not search: a budget is for --bot lookahead or search"),
        # a probe's --budget 4 alone: which heuristic bot? the study's, by default
        (["--budget", "4"], "the heuristic bot (the study's bot when --bot is not given) "
                            "does not search: a budget is for --bot lookahead or search"),
        (["--budget", "4", "--ladder", "1"],
         "search (with --ladder too: the budget is the study's bot's, the ladder's other "
         "bots play at their own)"),
    ],
)
def test_bad_budgets_exit_2(args: list[str], message: str) -> None:
    code, text = run("--games", "1", *args)
    assert code == 2 and message in " ".join(text.split()), text


def test_the_budget_reaches_the_study_json() -> None:
    code, text = run("--games", "1", "--difficulty", "easy", "--players", "3", "--bot",
                     "search", "--budget", "1", "--table-speed", "1.2", "--json")
    assert code == 0, text
    data = json.loads(text[text.index("{"):])
    assert data["study"]["search_budget"] == 1
    assert data["cells"]["easy/3"]["games"] == 1


def test_the_defaults_and_bad_parameters(scenario1: GameModel) -> None:
    bot = SearchBot(1)
    assert (bot.budget, bot.horizon, bot.candidates, bot.layers, bot.z) == (
        DEFAULT_BUDGET, None, 6, 1, 0.0)
    with pytest.raises(ValueError, match="at least 1 candidate, not 0"):
        SearchBot(1, candidates=0)
    with pytest.raises(ValueError, match="at least 1 round ahead, not 0"):
        SearchBot(1, horizon=0)
    with pytest.raises(ValueError, match="at least 1 layer of a round, not 0"):
        SearchBot(1, layers=0)


def test_a_future_to_the_end_of_the_game_plays_it_out(scenario1: GameModel) -> None:
    """With no horizon a rollout plays the policy to the end of the game: its value is
    the outcome, 1 or 0."""
    game = small_game(scenario1)
    state = new_initial_state(game, seed=5)
    bot = SearchBot(1, budget=1, horizon=None)
    got = bot.rollout(game, state.clone(), Begin(), 3, 10 ** 6)
    assert got in (0.0, 1.0)


def test_only_each_rounds_opening_is_searched(scenario1: GameModel) -> None:
    """By default the bot searches one decision a round at most: the players' phase's
    opening, the team's counters level at 0 (R5.0, R7.1); ``layers=None`` searches every
    level layer, so more of them; the study's strength says what the bot plans."""

    def searched(bot: SearchBot) -> tuple[int, int]:
        game = small_game(scenario1)
        state = new_initial_state(game, seed=11)
        while state.outcome is None:
            seat = state.pending.player if state.pending is not None else 0
            apply(game, state, bot.act(game, PublicView(game, state, seat),
                                       legal_actions(game, state)))
        return bot.searched, state.outcome.round

    opening, rounds = searched(SearchBot(3, budget=1, horizon=1))
    assert 1 <= opening <= rounds
    every, _ = searched(SearchBot(3, budget=1, horizon=1, layers=None))
    assert every > rounds
    assert strength(Study(bot="search")).meaning == (
        f"a team that plans each round's opening on {DEFAULT_BUDGET} futures, sampled from "
        "what the players know and played to the end of the game")
