"""The ``search`` bot: legal to the end of a game, the same game for the same seed, its
futures drawn from what the players know (the real game untouched), and a budget that
reaches it from a study and the command, refused with a clear message when it is wrong."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor

import pytest
from click.testing import CliRunner

from authoring.cli import cli
from authoring.engine import Action, Game, apply, legal_actions, new_initial_state
from authoring.engine.search import DEFAULT_BUDGET, MAX_BUDGET, SearchBot, evaluate, final, progress
from authoring.engine.simulate import Study, make_bot, record_game, run_study, summarise
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
    apply(game, state, Action("begin"))
    before = json.dumps(state.to_json())
    bot = SearchBot(1, budget=2)
    legal = legal_actions(game, state)
    assert bot.act(game, PublicView(game, state, 0), legal) in legal
    assert json.dumps(state.to_json()) == before


def test_the_field_puts_the_policy_first_and_ends_when_counters_are_level(
        scenario1: GameModel) -> None:
    game = Game.create(scenario1, players=3, action_budget=9)
    state = new_initial_state(game, seed=4)
    apply(game, state, legal_actions(game, state)[0])
    apply(game, state, Action("begin"))
    bot = SearchBot(1, budget=1)
    legal = legal_actions(game, state)
    field = bot.field(game, PublicView(game, state, 0), legal)
    assert 2 <= len(field) <= 4 and len(set(field)) == len(field)
    assert Action("end") not in field and all(a in legal for a in field)  # nobody acted yet
    for p in range(3):  # everyone moves once: the counters are level (R5.0)
        apply(game, state, next(a for a in legal_actions(game, state)
                                if a.kind == "move" and a.player == p))
    field = bot.field(game, PublicView(game, state, 0), legal_actions(game, state))
    assert [ps.actions for ps in state.players] == [1, 1, 1]
    assert field[-1] == Action("end") and len(set(field)) == len(field) >= 3


def test_a_defeat_is_worth_less_than_a_game_still_on(scenario1: GameModel) -> None:
    game = small_game(scenario1)
    state = new_initial_state(game, seed=5)
    value = evaluate(game, state)
    assert 0.0 < value < 1.0
    _, lost = record_game(game, 5, "random")
    assert lost.outcome is not None and not lost.outcome.won
    assert 0.0 <= evaluate(game, lost) < 0.2 < value


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
    with ProcessPoolExecutor(2) as pool:
        pooled = summarise(scenario1, study, run_study(scenario1, study, pool, chunk=1))
    assert json.dumps(here.to_json()) == json.dumps(pooled.to_json())
    assert here.study.search_budget == 1 and here.study.bot == "search"


def run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(cli, ["simulate", *args])
    return r.exit_code, r.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bot", "search", "--budget", "0"], "0: at least 1 future per decision"),
        (["--bot", "search", "--budget", "-2"], "-2: at least 1 future per decision"),
        (["--bot", "search", "--budget", "20000"],
         f"20000: at most {MAX_BUDGET} futures per decision"),
        (["--bot", "heuristic", "--budget", "4"],
         "the heuristic bot does not search: a budget is for --bot lookahead or search"),
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


def test_a_future_played_to_its_end_is_worth_its_outcome(scenario1: GameModel) -> None:
    """By default a future runs to the end of the game: a win is worth 1, a defeat at most
    a tenth (its progress), whatever the reserves."""
    game = small_game(scenario1)
    _, lost = record_game(game, 5, "random")
    assert lost.outcome is not None and not lost.outcome.won
    assert final(game, lost) == pytest.approx(0.1 * progress(game, lost))
    assert final(game, lost) <= 0.1
    bot = SearchBot(1)
    assert bot.horizon is None and bot.budget == DEFAULT_BUDGET
    state = new_initial_state(game, seed=5)
    assert final(game, state) == evaluate(game, state)  # a game still on: the estimate
