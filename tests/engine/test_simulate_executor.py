"""A study on an executor (issue 27, item 7): chunks are submitted a few at a time
(``--games 10**6`` on a Dask cluster built every task up front, each pickling the game),
and an executor lost mid-study (a Dask scheduler killed) keeps the games finished, as
partial results, instead of a traceback that threw them away."""

from __future__ import annotations

import threading
from concurrent.futures import Executor, Future
from dataclasses import replace
from typing import Any

import pytest

from authoring.engine import simulate
from authoring.engine.simulate import IN_FLIGHT, Study, StudyInterrupted, run_study
from authoring.model.game import GameModel, load_game


@pytest.fixture(scope="module")
def model() -> GameModel:
    return load_game("scenarios/scenario-1.yaml")


class Lazy(Executor):
    """Futures left pending; a helper thread finishes the oldest one at a time (each a
    chunk of no games), so the study's own bound on pending tasks shows."""

    def __init__(self, stop_after: int) -> None:
        self.pending: list[Future[Any]] = []
        self.most = 0
        self.submitted = 0
        self.stop_after = stop_after
        self.lock = threading.Lock()
        self.done = threading.Event()
        threading.Thread(target=self._finish, daemon=True).start()

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self.submitted >= self.stop_after:
            raise KeyboardInterrupt
        fut: Future[Any] = Future()
        with self.lock:
            self.pending.append(fut)
            self.most = max(self.most, len(self.pending))
        self.submitted += 1
        return fut

    def _finish(self) -> None:
        while not self.done.wait(0.0005):
            with self.lock:
                fut = self.pending.pop(0) if self.pending else None
            if fut is not None and fut.set_running_or_notify_cancel():
                fut.set_result([])


def test_a_huge_study_submits_a_few_chunks_at_a_time(model: GameModel) -> None:
    ex = Lazy(stop_after=300)
    study = Study(games=1_000_000, difficulties=("normal",), players=(4,), bot="random")
    try:
        with pytest.raises(StudyInterrupted):
            run_study(model, study, ex)
    finally:
        ex.done.set()
    assert ex.submitted == 300 and ex.most <= IN_FLIGHT


class Failing(Executor):
    """Plays chunks here; after ``good`` chunks the connection is lost."""

    def __init__(self, good: int) -> None:
        self.good = good

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        fut: Future[Any] = Future()
        if self.good > 0:
            self.good -= 1
            fut.set_result(fn(*args, **kwargs))
        else:
            fut.set_exception(ConnectionResetError(104, "Connection reset by peer"))
        return fut


def test_a_lost_executor_keeps_the_games_finished(model: GameModel) -> None:
    study = Study(games=100, difficulties=("normal",), players=(4,), bot="random")
    with pytest.raises(StudyInterrupted) as info:
        run_study(model, study, Failing(good=2), chunk=25)
    assert isinstance(info.value.cause, ConnectionResetError)
    assert len(info.value.results["normal/4"]) == 50
    alone = run_study(model, Study(games=50, difficulties=("normal",), players=(4,),
                                   bot="random"))
    assert info.value.results == alone  # the same games, whatever ran them


def test_an_error_of_the_games_is_not_taken_for_a_lost_executor(
        model: GameModel, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:
        raise IndexError("a bug in the engine")

    monkeypatch.setattr(simulate, "_play_chunk", broken)
    study = Study(games=10, difficulties=("normal",), players=(4,), bot="random")
    with pytest.raises(IndexError):
        run_study(model, study, Failing(good=5))


def test_a_runner_gives_the_same_study_here_and_in_a_pool(model: GameModel) -> None:
    """engine.runner.StudyRunner: one process or two, the same summary; a progress
    callback hears of every game."""
    from authoring.engine.runner import StudyRunner

    study = Study(games=6, difficulties=("easy",), players=(3, 4), bot="random", seed=4)
    heard: list[int] = []
    with StudyRunner() as here, StudyRunner(jobs=2) as pool:
        one = here.run(model, study, heard.append)
        two = pool.run(model, study)
    assert one == two and not one.partial and here.stopped is None
    assert sum(heard) == 12 and one.cells["easy/4"].games == 6


def test_a_runner_stops_after_the_games_in_play_on_a_cluster_at_a_chunk() -> None:
    """Ctrl-C (StudyRunner.interrupt): here and in a pool, a request, answered between two
    games (a KeyboardInterrupt raised from the signal handler inside the compiled engine
    could abort the process; a pool's workers end their chunks there); on a Dask cluster a
    request, raised in the study's own loop; a second one at once."""
    from authoring.engine.runner import StudyRunner

    here = StudyRunner()
    here.interrupt()
    assert here.stop_asked and not here.terminated
    pool = StudyRunner(2)
    pool.interrupt(terminated=True)
    assert pool.stop_asked and pool.terminated
    with pytest.raises(KeyboardInterrupt):
        pool.interrupt()
    remote = StudyRunner(scheduler="tcp://127.0.0.1:1")
    remote.interrupt(terminated=True)
    assert remote.stop_asked and remote.terminated
    with pytest.raises(KeyboardInterrupt):
        remote.interrupt()


def test_a_runner_here_stops_between_games_and_keeps_those_played(model: GameModel) -> None:
    """A stop asked while a study is played here ends it after the game in progress, the
    games of the unfinished chunk kept."""
    from authoring.engine.runner import StudyRunner

    study = Study(games=100, difficulties=("normal",), players=(4,), bot="random")
    runner = StudyRunner()
    seen = []

    def progress(n: int) -> None:
        seen.append(n)
        runner.interrupt()

    summary = runner.run(model, study, progress)
    assert summary.partial and runner.stopped == "interrupted"
    assert seen == [25] and summary.cells["normal/4"].games == 25
    data = summary.to_json()  # the JSON says how far it went and why it stopped
    assert data["why_stopped"] == "interrupted"
    assert data["stopped"] == "stopped early, games played of the 100 per cell: normal/4 25"
    assert "why_stopped" not in runner.run(model, replace(study, games=2)).to_json()


def test_a_stop_after_the_last_game_leaves_the_study_whole(model: GameModel) -> None:
    """A stop that lands when every game is played (on a cluster it is raised at the next
    finished chunk, which may be the last) is no partial study."""
    from authoring.engine.runner import StudyRunner

    study = Study(games=30, difficulties=("normal",), players=(4,), bot="random")
    runner = StudyRunner()
    seen: list[int] = []

    def progress(n: int) -> None:
        seen.append(n)
        if sum(seen) == study.games:
            raise KeyboardInterrupt

    summary = runner.run(model, study, progress)
    assert not summary.partial and runner.stopped is None
    assert summary.cells["normal/4"].games == 30


def test_a_runner_keeps_the_games_finished_before_a_stop(
        model: GameModel, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopped mid-study, the runner sums up what finished, as a partial study, and says
    why in StudyRunner.stopped."""
    from authoring.engine.runner import StudyRunner

    study = Study(games=100, difficulties=("normal",), players=(4,), bot="random")
    runner = StudyRunner()

    def progress(n: int) -> None:
        runner.terminated = True
        raise KeyboardInterrupt

    summary = runner.run(model, study, progress)
    assert summary.partial and runner.stopped == "terminated"
    assert summary.cells["normal/4"].games == 25  # the first chunk


class Pickling(Executor):
    """Runs each task here, its function and arguments pickled and unpickled first, as a
    process pool or a Dask cluster sends them to a worker."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        import pickle

        fn, args = pickle.loads(pickle.dumps((fn, args)))
        fut: Future[Any] = Future()
        fut.set_result(fn(*args))
        return fut


def test_a_worker_unpickles_the_model_and_makes_its_game_once_for_all_its_chunks(
        model: GameModel, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each chunk carried the whole model: a worker unpickled it and made the cell's game
    again for every chunk of 25 games (a local Dask cluster took twice as long as one
    process). Now the model travels pickled once, and a worker keeps the last it got."""
    made: list[GameModel] = []
    game = Study.game

    def counted(self: Study, m: GameModel, cell: simulate.Cell) -> Any:
        made.append(m)
        return game(self, m, cell)

    monkeypatch.setattr(Study, "game", counted)
    monkeypatch.setattr(simulate, "_received", [], raising=False)
    monkeypatch.setattr(simulate, "_games", {})
    study = Study(games=60, difficulties=("normal",), players=(4,), bot="random")
    got = run_study(model, study, Pickling(), chunk=10)
    assert len(made) == 1 and made[0] is not model  # one game, of the model received
    assert got == run_study(model, study)  # the same games as here


def test_a_study_played_here_makes_each_cells_game_once_summary_included(
        model: GameModel, monkeypatch: pytest.MonkeyPatch) -> None:
    """The summary read each cell's game again (and the warnings the first level's): about
    2 ms a game made, a sixth of a 60-game random study. Now the games this process made
    are kept (a few): a study played and summarised here makes each once."""
    made: list[str] = []
    game = Study.game

    def counted(self: Study, m: GameModel, cell: simulate.Cell) -> Any:
        made.append(cell.key)
        return game(self, m, cell)

    monkeypatch.setattr(Study, "game", counted)
    monkeypatch.setattr(simulate, "_games", {})
    study = Study(games=3, difficulties=("easy", "hard"), players=(3, 4), bot="random")
    summary = simulate.summarise(model, study, run_study(model, study))
    assert sorted(made) == ["easy/3", "easy/4", "hard/3", "hard/4"]
    assert list(summary.cells) == ["easy/3", "easy/4", "hard/3", "hard/4"]
    # another study's decisions or table speed make another game
    simulate.summarise(model, replace(study, table_speed=6.0),
                       run_study(model, replace(study, table_speed=6.0)))
    assert len(made) == 8 and len(simulate._games) <= simulate.KEPT_GAMES


def test_a_stop_asked_here_ends_the_study_between_two_games(model: GameModel) -> None:
    """A study played here is stopped between two games (``stop``, asked before each),
    never inside one: raised inside the compiled engine, a KeyboardInterrupt could abort
    the process. The games played before the stop are kept, chunk or not."""
    asked = []

    def stop() -> bool:
        asked.append(True)
        return len(asked) > 3

    study = Study(games=10, difficulties=("normal",), players=(4,), bot="random")
    with pytest.raises(StudyInterrupted) as got:
        run_study(model, study, stop=stop)
    assert [r.seed for r in got.value.results["normal/4"]] == [
        r.seed for r in run_study(model, replace(study, games=3))["normal/4"]]
    assert len(asked) == 4


def test_a_stopped_study_keeps_the_games_its_chunks_in_play_played(model: GameModel) -> None:
    """A stop on an executor gives out no new chunk, and each chunk in play ends after its
    game in play and sends back the games it played (a pool kept only the chunks finished
    before the stop: a small study stopped with --jobs 2 reported no game). One worker, so
    the order is known: the stop comes before the eighth game."""
    from concurrent.futures import ThreadPoolExecutor

    study = Study(games=40, difficulties=("normal",), players=(4,), bot="random")
    asked: list[int] = []

    def stopped() -> bool:
        asked.append(1)
        return len(asked) > 7

    simulate.stop_chunks_with(stopped)
    try:
        with ThreadPoolExecutor(1) as pool, pytest.raises(StudyInterrupted) as got:
            run_study(model, study, pool, chunk=5, stop=lambda: len(asked) > 7)
    finally:
        simulate.stop_chunks_with(None)
    kept = got.value.results["normal/4"]
    assert [r.seed for r in kept] == [
        r.seed for r in run_study(model, replace(study, games=7))["normal/4"]]
    assert kept == run_study(model, replace(study, games=7))["normal/4"]


def test_a_pool_worker_leaves_ctrl_c_and_a_group_kill_to_the_study() -> None:
    """A forked worker inherits the study's handlers: a kill of the process group ran the
    SIGTERM one in each worker (a traceback from an idle one, "fatal: out of memory" from
    one inside a compiled game). The worker ignores both; the study stops them."""
    import subprocess
    import sys

    code = ("import signal; from authoring.engine.runner import _quiet_worker; "
            "import multiprocessing; "
            "signal.signal(signal.SIGTERM, lambda *a: None); "
            "_quiet_worker(multiprocessing.Event()); "
            "print(signal.getsignal(signal.SIGINT) is signal.SIG_IGN, "
            "signal.getsignal(signal.SIGTERM) is signal.SIG_IGN)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["True", "True"]
