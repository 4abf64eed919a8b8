"""Many games of a scenario, played by bots, summed up for a designer (balance studies).

A study plays ``games`` games for every difficulty × player count (a *cell*). Each game
is seeded from the study's seed and its index alone (:func:`game_seed`), so the results
are the same for any number of processes and any executor. Time is a team budget of
actions per players' phase (D10.1): the timer's minutes × the table speed (actions per
minute), stated with the results.

Per cell: the win rate with its 95 % Wilson interval, loss causes (they add up to the
losses), the rounds (distribution and survival curve), the round of each objective's
reveal and the investigations it took, officers created, overflows per zone, action and
card usage, and the seeds of notable games (closest win, fastest loss) that
``resistance play --replay`` can show. The results are records
(:mod:`authoring.model.balance`): a :class:`GameRecord` per game, a :class:`CellSummary`
per cell, a :class:`StudySummary` for the study.

>>> wilson(7, 10)
(0.3968, 0.8922)
"""

from __future__ import annotations

import gc
import hashlib
import math
import pickle
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, CancelledError, Executor, Future, wait
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Any

from authoring.engine.actions import SAID, Action
from authoring.engine.api import new_initial_state
from authoring.engine.bots import BOTS, BUDGETED, Bot, play_out
from authoring.engine.game import Game
from authoring.engine.log import tally
from authoring.engine.rng import Rng
from authoring.engine.save import GameSetup, save_data
from authoring.engine.state import State
from authoring.io.wording import count_of, join_and, percent
from authoring.model.balance import (
    CellDifference,
    CellSummary,
    GameRecord,
    LadderRung,
    Notable,
    NotableGame,
    ObjectiveFigures,
    SensitivityRow,
    Strength,
    StudyParameters,
    StudySummary,
    band_text,
    band_verdict,
    best_other,
    paired_step,
    rung_name,
)
from authoring.model.game import GameModel
from authoring.model.rules import DECISIONS, LEVELS, PLAYER_COUNTS, Decision

#: D10.1: actions a minute the whole table takes, by default
TABLE_SPEED = 4.0
BOT_NAMES: tuple[str, ...] = tuple(BOTS)
#: a simulated game with no outcome after this many rounds is cut short
SIM_ROUNDS = 40


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (rounded to 4 places)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a study: a function of the two numbers only."""
    return Rng(state=(seed * 0x9E3779B97F4A7C15 + index * 0xD1B54A32D192ED03) & ((1 << 64) - 1)
               ).next64() & 0x7FFFFFFF


@dataclass(frozen=True)
class Cell:
    difficulty: str
    players: int

    @property
    def key(self) -> str:
        """``difficulty/players``, the cell's name in reports."""
        return f"{self.difficulty}/{self.players}"


@dataclass(frozen=True)
class Study:
    """What to simulate (see the module docstring)."""

    games: int = 200
    difficulties: tuple[str, ...] = LEVELS
    players: tuple[int, ...] = PLAYER_COUNTS
    bot: str = "heuristic"
    seed: int = 1
    table_speed: float = TABLE_SPEED
    decisions: Mapping[str, str] = field(default_factory=dict)
    max_rounds: int = SIM_ROUNDS
    #: futures per decision for a bot that searches (``search``, ``lookahead``); None: its own
    search_budget: int | None = None

    @property
    def cells(self) -> list[Cell]:
        """The study's cells, difficulty first."""
        return [Cell(d, p) for d in self.difficulties for p in self.players]

    def budget(self, model: GameModel, difficulty: str) -> int:
        """D10.1: the team's actions per players' phase."""
        return max(1, round(model.scenario.level(difficulty).timer * self.table_speed))

    def chosen(self, model: GameModel) -> dict[str, str]:
        """The decisions this study plays on ``model`` where it names them: the scenario's
        own (``decisions:`` in its file) with the study's ``--decision`` over them. What
        the study reports and what ``--sensitivity`` tests the alternatives against."""
        return {**model.scenario.spec.decisions, **self.decisions}

    def game(self, model: GameModel, cell: Cell) -> Game:
        """The static game a cell plays (its difficulty, players and decisions)."""
        return Game.create(model, cell.players, cell.difficulty, decisions=self.decisions,
                           action_budget=self.budget(model, cell.difficulty))


#: what each bot of the ladder is, in a designer's words (``{budget}``: its search budget)
BOT_MEANING: Mapping[str, str] = {
    "random": "a team that takes any legal action at random: the floor of the ladder",
    "simple": "a team that follows a short priority list, one action at a time",
    "heuristic": "a scripted team that plans the objectives together, spreads its actions "
                 "and stops its phase when more actions would feed the army",
    "lookahead": "the heuristic team, trying its best alternatives on {budget} sampled "
                 "per decision",
    "search": "a team that plans each round's opening on {budget}, sampled from what the "
              "players know and played to the end of the game",
}


#: the skill ladder measured on the shipped scenario 1 at :data:`REFERENCE_CELL` (seed 1,
#: the defaults of rules.md, table speed 4, the compiled engine; the same games for every
#: bot): bot -> (games won, games, rounds on average, search budget or None), measured
#: 2026-11-29 with ``resistance simulate --players 4 --difficulty easy --games 1000 --bot
#: BOT`` (the lookahead: 200 games, at 1.5 a second). A study that runs no ladder of its
#: own quotes it (:attr:`~authoring.model.balance.Strength.reference`); remeasure it when a
#: bot changes (``tests/engine/test_simulate.py`` checks its first games still agree)
LADDER_REFERENCE: Mapping[str, tuple[int, int, float, int | None]] = {
    "random": (0, 1000, 3.532, None),
    "simple": (415, 1000, 3.956, None),
    "lookahead": (123, 200, 5.435, 4),
    "heuristic": (647, 1000, 4.652, None),
    "search": (705, 1000, 4.565, 32),
}
#: the cell of :data:`LADDER_REFERENCE` (``difficulty/players``)
REFERENCE_CELL = "easy/4"


def reference_rungs(bot: str) -> tuple[LadderRung, ...]:
    """``bot`` and the best other bot as :data:`LADDER_REFERENCE` measured them (each at
    its measured budget: the rung says it); empty when it did not measure this bot."""
    rows = [LadderRung(b, REFERENCE_CELL, n, round(w / n, 4), wilson(w, n), rounds, bud)
            for b, (w, n, rounds, bud) in LADDER_REFERENCE.items()]
    me = next((r for r in rows if r.bot == bot), None)
    top = best_other(rows, bot)
    return (me, top) if me is not None and top is not None else ()


def default_budget(bot: str) -> int:
    """The futures per decision a bot that searches (``search``, ``lookahead``) plays when
    no budget is given."""
    made = BOTS[bot](0)
    return int(getattr(made, "budget", 0) or getattr(made, "rollouts", 0))


def played_budget(study: Study) -> int | None:
    """The futures per decision the study's bot plays: ``--budget``, else the bot's own
    default; None for a bot that does not search."""
    if study.search_budget is not None:
        return study.search_budget
    return default_budget(study.bot) if study.bot in BUDGETED else None


def strength(study: Study) -> Strength:
    """Who "the players" of a study were: the bot, its budget, its place on the skill
    ladder (:data:`BOTS`, weakest first) and what that means."""
    ladder = tuple(BOTS)
    budget = played_budget(study)
    rank = ladder.index(study.bot) + 1 if study.bot in ladder else None
    meaning = BOT_MEANING.get(study.bot, study.bot).format(
        budget=count_of(budget, "future") if budget is not None else "")
    differs = [f"{k}={v}" for k, v in sorted(study.decisions.items())
               if v != DECISIONS[k].default]
    if study.table_speed != TABLE_SPEED:
        differs.append(f"{study.table_speed:g} actions a minute (D10.1)")
    note = (f"That ladder was measured with the defaults of rules.md at {TABLE_SPEED:g} "
            f"actions a minute; this study plays {', '.join(differs)}, where the bots may "
            "stand apart differently." if differs else "")
    return Strength(study.bot, budget, rank, len(ladder), ladder,
                    ladder[rank:] if rank else (), meaning, reference_rungs(study.bot), note)


def army_track(model: GameModel, players: int) -> str:
    """D8.1: where a player count's army column comes from: the book's 4-player track
    (1:1), the board's own ``army:`` list, or the placeholder round(cell × N / 4)."""
    track = model.board.spec.action_tracks.get(players)
    if track is not None and track.army:
        return "board"
    return "book" if players == 4 else "placeholder"


def make_bot(name: str, seed: int, budget: int | None = None) -> Bot:
    """The bot ``name`` with its seed; ``budget``: futures per decision for a bot that
    searches (None: the bot's default)."""
    if name not in BOTS:
        raise ValueError(f"unknown bot '{name}'; one of: {', '.join(BOT_NAMES)}")
    if budget is None:
        return BOTS[name](seed)
    if name not in BUDGETED:
        raise ValueError(f"the {name} bot has no search budget; only: {', '.join(sorted(BUDGETED))}")
    return BOTS[name](seed, budget)


def record_game(game: Game, seed: int, bot_name: str, max_rounds: int = SIM_ROUNDS,
                budget: int | None = None) -> tuple[list[Action], State]:
    """One game played by ``bot_name``: its actions and its final state (a game of a
    study, played again from its seed, is the same game: a save of it replays).
    ``budget``: the search budget of a bot that searches (None: its default)."""
    state = new_initial_state(game, seed, max_rounds)
    bot = make_bot(bot_name, seed ^ 0xB07, budget)
    rng = Rng(seed ^ 0xB07)
    taken = play_out(game, state, None if bot_name == "random" else bot, rng, max_rounds)
    return taken, state


def play_one(game: Game, seed: int, bot_name: str, max_rounds: int = SIM_ROUNDS,
             budget: int | None = None) -> GameRecord:
    """One game, summed up (see :func:`summarise_cell`)."""
    taken, state = record_game(game, seed, bot_name, max_rounds, budget)
    actions: dict[str, int] = {}
    for a in taken:
        actions[a.kind] = actions.get(a.kind, 0) + 1
    outcome = state.outcome
    assert outcome is not None
    reveal_round, investigations_before, officers, overflows, cards = tally(
        state.log, {o.id: o.index for o in game.objectives}, len(game.objectives))
    done = sum(min(state.done[o.index], o.markers) for o in game.objectives)
    markers = sum(o.markers for o in game.objectives)
    size = game.topo.size
    return GameRecord(seed, outcome.won, outcome.termination.name, outcome.round,
                      round(done / markers, 4) if markers else 1.0, tuple(reveal_round),
                      tuple(investigations_before), officers, overflows, actions, cards,
                      all(c >= size[z] for z, c in enumerate(state.cubes)))


#: what a cell's game is made from: the model (its id), the cell, table speed and decisions
_MadeOf = tuple[int, Cell, float, tuple[tuple[str, str], ...]]
#: the games this process made lately (at most :data:`KEPT_GAMES`), with the model each was
#: made from: the next chunk of the same cell, and the summary of a study played here,
#: reuse them (and the tables they have filled) instead of making them again (about 2 ms
#: each: more than 60 random games' play)
_games: dict[_MadeOf, tuple[GameModel, Game]] = {}
#: games kept at most (a default study has 9 cells)
KEPT_GAMES = 16


def _chunk_game(model: GameModel, study: Study, cell: Cell) -> Game:
    """The game ``study`` plays on ``cell`` of ``model``, made once in this process."""
    made_of = (id(model), cell, study.table_speed, tuple(sorted(study.decisions.items())))
    got = _games.get(made_of)
    if got is not None and got[0] is model:
        return got[1]
    game = study.game(model, cell)
    if len(_games) >= KEPT_GAMES:
        del _games[next(iter(_games))]
    _games[made_of] = (model, game)
    return game


#: allocations between two passes of the cycle collector during a chunk of games
#: (Python's default: 700)
YOUNG_COLLECTION = 10_000


@contextmanager
def fewer_collections() -> Iterator[None]:
    """A game makes and drops many small lists and tuples, nearly all freed as soon as
    they are dropped (no cycle holds them); Python's cycle collector would look through
    the newest of them every 700 allocations, and now and then through the loaded
    scenario. During a chunk of games the objects alive before it are set aside
    (``gc.freeze``: not looked through, and back as they were after) and the collector
    passes every :data:`YOUNG_COLLECTION` allocations. It still collects cycles, so the
    memory stays bounded; the games are the same. Measured: 2 % fewer instructions
    (callgrind, 100 games of scenario 1)."""
    threshold = gc.get_threshold()
    ours = gc.get_freeze_count() == 0  # a host that froze objects itself keeps them so
    if ours:
        gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        if ours:
            gc.unfreeze()


@dataclass(frozen=True)
class _Shipped:
    """The model as an executor's task carries it: pickled once where the study runs,
    unpickled once per worker process (:meth:`get`), so every chunk a worker plays reuses
    one model and its game (:func:`_chunk_game`) instead of unpickling the model and
    making its game again for each chunk (measured: a local Dask cluster of one worker
    took 23.6 s for the 1,800 games a default study plays at ``--games 200``, against
    10.1 s in one process; the chunks' own games 37 % slower there, cold)."""

    key: str
    data: bytes

    @classmethod
    def of(cls, model: GameModel) -> _Shipped:
        data = pickle.dumps(model, protocol=pickle.HIGHEST_PROTOCOL)
        return cls(hashlib.sha256(data).hexdigest(), data)

    def get(self) -> GameModel:
        """The model, unpickled on this process's first call for it (the last one kept)."""
        if _received and _received[0][0] == self.key:
            return _received[0][1]
        model: GameModel = pickle.loads(self.data)
        _received[:] = [(self.key, model)]
        return model


#: the last model a worker received (:class:`_Shipped`), with its key
_received: list[tuple[str, GameModel]] = []


#: in a worker process of a pool, asked before each game: True when the study was stopped
#: (:func:`stop_chunks_with`); None elsewhere
_chunk_stop: Callable[[], bool] | None = None


def stop_chunks_with(stopped: Callable[[], bool] | None) -> None:
    """In a worker process: a chunk asks ``stopped()`` before each game and, True, ends
    there with the games it played (a stopped study keeps them)."""
    global _chunk_stop
    _chunk_stop = stopped


def _play_chunk(model: GameModel | _Shipped, study: Study, cell: Cell, indices: Sequence[int]
                ) -> list[tuple[int, GameRecord]]:
    if isinstance(model, _Shipped):
        model = model.get()
    played: list[tuple[int, GameRecord]] = []
    try:
        for pair in _play_games(model, study, cell, indices, _chunk_stop):
            played.append(pair)
    except KeyboardInterrupt:
        if _chunk_stop is None:  # not the study's stop
            raise
    return played


def _play_games(model: GameModel, study: Study, cell: Cell, indices: Sequence[int],
                stop: Callable[[], bool] | None = None) -> Iterator[tuple[int, GameRecord]]:
    """The games ``indices`` of ``cell``, one by one; ``stop`` (asked before each game)
    True: KeyboardInterrupt, raised here between two games. A stop is never raised inside
    a game: the compiled engine's big-number arithmetic (mypyc) takes any error it meets
    for a failed allocation and aborts the process ("fatal: out of memory", exit 134), and
    CPython's multiplication checks for signals in its loop, so a Ctrl-C raised from the
    signal handler in the middle of a game killed a study 4 times in 6."""
    game = _chunk_game(model, study, cell)
    with fewer_collections():
        for i in indices:
            if stop is not None and stop():
                raise KeyboardInterrupt
            yield i, play_one(game, game_seed(study.seed, i), study.bot, study.max_rounds,
                              study.search_budget)


def chunks(n: int, size: int) -> list[range]:
    """Game indices ``0 … n-1`` cut into ranges of ``size`` (the executor's pieces of work)."""
    return [range(i, min(n, i + size)) for i in range(0, n, size)]


class StudyInterrupted(Exception):
    """Ctrl-C during a study, or the executor lost (a Dask scheduler gone: ``cause``
    says why): ``results`` holds the games finished so far."""

    def __init__(self, results: dict[str, list[GameRecord]],
                 cause: BaseException | None = None) -> None:
        super().__init__("interrupted")
        self.results = results
        self.cause = cause


#: chunks submitted to an executor and not yet finished, at most: the rest are made as
#: these finish, so a study of a million games never holds a million tasks (a Dask
#: client pickles each task's arguments when it is submitted)
IN_FLIGHT = 64
#: what a lost executor raises (a connection closed, a timeout, a cancelled task); an
#: error of the games themselves is not one of them and is raised as it is
LOST = (OSError, TimeoutError, CancelledError)


#: games a chunk of work (what an executor is given at a time) for a bot that does not
#: search: a few ms a game, so a chunk's cost is its games, not its shipping
CHUNK = 25


def chunk_size(study: Study) -> int:
    """Games a chunk of ``study``'s work: :data:`CHUNK`, or one for a bot that searches
    (a second or more a game: 25 of them kept a progress bar still for half a minute and
    ``--jobs 2`` on one process for a study of 4 games). The games are the same either way.

    >>> chunk_size(Study(bot="search")), chunk_size(Study())
    (1, 25)
    """
    return 1 if study.bot in BUDGETED else CHUNK


def run_study(model: GameModel, study: Study, executor: Executor | None = None,
              progress: Callable[[int], None] | None = None, chunk: int | None = None,
              stop: Callable[[], bool] | None = None) -> dict[str, list[GameRecord]]:
    """Every game of the study, by cell and in index order (the same whatever runs it).
    ``executor``: a concurrent.futures executor (None: here, one after the other);
    ``progress`` is called with the number of games just finished; ``stop``, asked
    between two games played here (with an executor: before new chunks are given out, the
    chunks in play ending on their own, :func:`stop_chunks_with`), True stops the study.
    On Ctrl-C (or ``stop``), :class:`StudyInterrupted` carries the games finished so far.
    ``chunk``: games given out at a time (None: :func:`chunk_size`)."""
    if chunk is None:
        chunk = chunk_size(study)
    jobs = ((c, range(i, min(study.games, i + chunk)))
            for c in study.cells for i in range(0, study.games, chunk))
    got: dict[str, dict[int, GameRecord]] = {c.key: {} for c in study.cells}
    try:
        _run_jobs(model, study, executor, progress, jobs, got, stop)
    except KeyboardInterrupt:
        raise StudyInterrupted(_ordered(got)) from None
    except LOST as e:
        if executor is None:
            raise
        raise StudyInterrupted(_ordered(got), e) from None
    return _ordered(got)


def _ordered(got: Mapping[str, Mapping[int, GameRecord]]) -> dict[str, list[GameRecord]]:
    return {key: [by_index[i] for i in sorted(by_index)] for key, by_index in got.items()}


def _run_jobs(model: GameModel, study: Study, executor: Executor | None,
              progress: Callable[[int], None] | None, jobs: Iterable[tuple[Cell, range]],
              got: dict[str, dict[int, GameRecord]],
              stop: Callable[[], bool] | None = None) -> None:
    if executor is None:
        for cell, r in jobs:
            for i, rec in _play_games(model, study, cell, r, stop):
                got[cell.key][i] = rec
            if progress:
                progress(len(r))
    else:
        futures: dict[Future[list[tuple[int, GameRecord]]], Cell] = {}
        waiting = iter(jobs)
        shipped = _Shipped.of(model)
        try:
            while True:
                stopped = stop is not None and stop()
                if not stopped:
                    for cell, r in islice(waiting, IN_FLIGHT - len(futures)):
                        futures[executor.submit(_play_chunk, shipped, study, cell,
                                                list(r))] = cell
                if not futures:
                    if stopped:  # every chunk in play has ended, its games kept
                        raise KeyboardInterrupt
                    break
                finished, _ = wait(futures, return_when=FIRST_COMPLETED)
                failed = [f for f in finished if f.cancelled() or f.exception() is not None]
                for fut in finished:  # keep every game finished before raising a failure
                    cell = futures.pop(fut)
                    if fut in failed:
                        continue
                    part = fut.result()
                    for i, rec in part:
                        got[cell.key][i] = rec
                    if progress:
                        progress(len(part))
                if failed:
                    failed[0].result()  # raises its error (CancelledError if cancelled)
        finally:
            for fut in futures:
                fut.cancel()


def summarise_cell(records: Sequence[GameRecord], game: Game) -> CellSummary:
    """The figures of one cell, played as ``game`` (see the module docstring); at least
    one game."""
    if not records:
        raise ValueError("a cell's figures need at least one game")
    n = len(records)
    wins = sum(1 for r in records if r.won)
    causes = Counter(r.termination for r in records if not r.won)
    rounds = Counter(r.round for r in records)
    survival = tuple(round(sum(1 for r in records if r.round > k) / n, 4)
                     for k in range(0, max(rounds) + 1))
    objectives = []
    for o in game.objectives:
        i = o.index
        rr = [x for r in records if (x := r.reveal_round[i]) is not None]
        inv = [x for r in records if (x := r.investigations[i]) is not None]
        left = [r.round - x for r in records if (x := r.reveal_round[i]) is not None and not r.won]
        objectives.append(ObjectiveFigures(
            o.id, round(len(rr) / n, 4),
            round(sum(rr) / len(rr), 3) if rr else None,
            round(sum(inv) / len(inv), 3) if inv else None,
            round(sum(left) / len(left), 3) if left else None))
    # every zone, 0 where the army never overflowed (the heat map's zero)
    overflows: Counter[str] = Counter(dict.fromkeys(game.topo.ids, 0))
    actions: Counter[str] = Counter()
    cards: Counter[str] = Counter()
    for r in records:
        overflows.update(r.overflows)
        actions.update(r.actions)
        cards.update(r.cards)
    losses = [r for r in records if not r.won]
    closest = max(losses, key=lambda r: (r.progress, r.round, -r.seed), default=None)
    fastest = min(losses, key=lambda r: (r.round, r.seed), default=None)
    quickest_win = min((r for r in records if r.won), key=lambda r: (r.round, r.seed),
                       default=None)
    return CellSummary(
        difficulty=game.difficulty, players=game.players, actions_a_phase=game.action_budget,
        army_track=army_track(game.model, game.players),
        games=n, wins=wins, win_rate=round(wins / n, 4), interval=wilson(wins, n),
        loss_causes=dict(sorted(causes.items())),
        rounds={k: rounds[k] for k in sorted(rounds)},
        rounds_mean=round(sum(r.round for r in records) / n, 3),
        survival=survival, objectives=tuple(objectives),
        officers_mean=round(sum(r.officers for r in records) / n, 3),
        overflows=dict(sorted(overflows.items(), key=lambda kv: (-kv[1], kv[0]))),
        actions=dict(sorted(actions.items())), cards=dict(sorted(cards.items())),
        notable=Notable(
            closest_loss=None if closest is None else NotableGame(
                closest.seed, closest.round, progress=closest.progress),
            fastest_loss=None if fastest is None else NotableGame(
                fastest.seed, fastest.round, termination=fastest.termination),
            quickest_win=None if quickest_win is None else NotableGame(
                quickest_win.seed, quickest_win.round)),
        lost_after_done=sum(1 for r in losses if r.progress >= 1.0),
        capped_without_slots=sum(1 for r in records
                                 if r.termination == "ROUND_CAP" and r.slots_full),
        won=tuple(r.won for r in records))


def targets(model: GameModel) -> dict[str, tuple[float, float]]:
    """The scenario's target win rate per difficulty (``balance:``), low and high."""
    return {d: (float(lo), float(hi)) for d, (lo, hi) in model.scenario.spec.balance.items()}


#: D10.1 in a sentence, as the study states it
TIME_MODEL = ("D10.1: per players' phase the team has timer minutes × table speed actions, "
              "one player at a time")


def summarise(model: GameModel, study: Study, results: Mapping[str, Sequence[GameRecord]],
              partial: bool = False) -> StudySummary:
    """The study: its parameters, then the figures of each cell that has games."""
    cells = {cell.key: summarise_cell(records, _chunk_game(model, study, cell))
             for cell in study.cells if (records := results.get(cell.key))}
    return StudySummary(
        scenario=model.scenario.id,
        partial=partial,
        study=StudyParameters(
            games=study.games, seed=study.seed, bot=study.bot,
            difficulties=tuple(study.difficulties), players=tuple(study.players),
            table_speed=study.table_speed, decisions=study.chosen(model),
            max_rounds=study.max_rounds, search_budget=study.search_budget,
            time_model=TIME_MODEL),
        strength=strength(replace(study, decisions=study.chosen(model))),
        targets=targets(model),
        cells=cells,
        warnings=tuple(design_warnings(model, study, cells)),
    )


#: an objective revealed fewer rounds than this before the end of the lost games comes late
LATE_REVEAL = 1.5
#: the share of a cell's losses, lost after every objective was done, from which the study
#: says the last army phase decides the games (R9.2); with at least :data:`LATE_LOSSES_MIN`
LATE_LOSSES = 0.25
LATE_LOSSES_MIN = 10
#: a study without a win reads "may be unwinnable" only when its 95 % interval's top is
#: below this win rate (about 75 games); fewer games say they are too few
UNWINNABLE = 0.05


def design_warnings(model: GameModel, study: Study, cells: Mapping[str, CellSummary]
                    ) -> list[str]:
    """What a designer should look at: difficulty order broken, a win rate outside the
    scenario's target band, a player count far off the others, actions or cards never
    used, an objective rarely revealed, many losses after every objective was done."""
    out: list[str] = []
    weak = strength(study).below_heuristic
    if weak:
        out.append(f"the {study.bot} team ranks below the heuristic on the skill ladder "
                   "(the order the bots were built to: measured apart or not, the line above "
                   "says): the target bands and the warnings below judge the scenario when "
                   "the strongest team plays it (--bot heuristic, or search)")
    levels = [d for d in study.difficulties if d in LEVELS]
    if len(levels) > 1 and not model.scenario.spec.difficulty:
        out.append(f"the scenario has no difficulty: block (R2.2): {join_and(levels, 'en')} "
                   "play the same game")
    for d in study.difficulties:  # D10.1: a phase shorter than a layer of actions (R7.1)
        timer = model.scenario.level(d).timer
        budget = study.budget(model, d)
        few = [p for p in study.players if budget < p]
        if few:
            out.append(f"{d}: the players' phase allows {count_of(budget, 'action')} "
                       f"(timer {timer:g} min × "
                       f"{study.table_speed:g} actions a minute, D10.1): fewer than one "
                       f"each for {', '.join(map(str, few))} players; check the timer or "
                       "--table-speed")
    order = [d for d in LEVELS if d in study.difficulties]
    for p in study.players:
        rates = [(d, cells[f"{d}/{p}"]) for d in order if f"{d}/{p}" in cells]
        for (d1, c1), (d2, c2) in zip(rates, rates[1:], strict=False):
            if c1.interval[1] < c2.interval[0]:
                out.append(f"difficulty order broken for {p} players: {d1} wins "
                           f"{percent(c1.win_rate)}, {d2} {percent(c2.win_rate)} "
                           "(intervals apart)")
    bands = targets(model)
    for key, c in cells.items():
        band = bands.get(c.difficulty)
        if band is not None and band_verdict(c.win_rate, c.interval, band) in ("above",
                                                                               "below"):
            out.append(f"{key}: win rate {percent(c.win_rate)} "
                       f"[{percent(c.interval[0])}, {percent(c.interval[1])}] is "
                       f"outside the target band {band_text(band)} (balance: in the scenario)"
                       + _provisional(c))
        for o in c.objectives:
            if o.revealed < 0.5:
                out.append(f"{key}: objective '{o.id}' is revealed in only "
                           f"{percent(o.revealed)} of the games")
            late = o.rounds_after_reveal_in_losses
            if late is not None and late < LATE_REVEAL and c.loss_causes:
                shown = math.floor(late * 100) / 100  # (floored: 1.496 never reads 1.5)
                out.append(f"{key}: objective '{o.id}' is revealed too late to be reached: "
                           f"lost games end {shown:g} round{'s' * (shown != 1)} after "
                           "its reveal on average")
    after: list[str] = []
    for key, c in cells.items():
        done, lost = c.lost_after_done, c.games - c.wins
        if done >= LATE_LOSSES_MIN and done >= LATE_LOSSES * lost:
            after.append(f"{key} {done} of {lost} ({percent(done / lost)})")
    if after:  # R9.2: the win waits for the end of the army phase
        out.append("losses that came after every objective was done, in the army phase the "
                   f"win waits for (R9.2): {', '.join(after)}; the army's pace at that point "
                   "(the speed track, the reserves left) decides these games, not the "
                   "objectives")
    for key, c in cells.items():  # no outcome: neither side could end the game
        capped = c.loss_causes.get("ROUND_CAP", 0)
        if capped:
            why = ""
            if c.capped_without_slots:
                why = (f"; {c.capped_without_slots} of them ended with every zone holding as "
                       "many reputation cubes as its size: no recruit, investigation or "
                       "search was left anywhere (R4.4: the cubes never leave the zones): "
                       "more or bigger zones give the players room")
            out.append(f"{key}: {capped} of {count_of(c.games, 'game')} reached the round "
                       f"cap ({study.max_rounds}) with no outcome: neither the {study.bot} team nor "
                       f"the army won{why}")
    games = sum(c.games for c in cells.values())
    if cells and not any(c.wins for c in cells.values()):
        hi = wilson(0, games)[1]
        if weak:  # (the first warning says why this team judges nothing)
            out.append(f"the {study.bot} team never won in {count_of(games, 'game')}: a "
                       "team this weak says nothing of whether the scenario can be won")
        elif hi > UNWINNABLE:  # too few games to say so
            out.append(f"the {study.bot} team never won in {count_of(games, 'game')}, too few to tell: "
                       f"a win rate up to {percent(hi)} fits them; play more (--games)")
        else:
            out.append(f"the {study.bot} team never won in {count_of(games, 'game')}: as played, the "
                       "scenario may be unwinnable — --sensitivity shows which decision of "
                       "the book matters, --compare measures a change")
    used: Counter[str] = Counter()
    for c in cells.values():
        used.update(c.actions)
    never = [SAID[k] for k in ("move", "recruit", "investigate", "search", "craft",
                               "eliminate", "use", "resistance", "transfer", "plan")
             if not used[k]]
    if never and cells:
        out.append(f"actions never taken by the {study.bot} bot: {', '.join(never)}")
    if cells:
        cards: Counter[str] = Counter()
        for c in cells.values():
            cards.update(c.cards)
        # the cards of the decks the games drew from (a card the scenario leaves out,
        # ``exclude_cards``, was never there to activate)
        dealt = set()
        for n in dict.fromkeys(c.players for c in cells.values()):  # the counts played
            g = _chunk_game(model, study, Cell(study.difficulties[0], n))
            dealt |= {g.resistance_cards[i].id for i in g.resistance_deck}
        idle = sorted(dealt - {
            k.split(":", 1)[1] for k in cards if k.startswith("resistance:")})
        if idle:
            out.append(f"resistance cards never activated in {count_of(games, 'game')}: {', '.join(idle)} "
                       "(too dear, or not worth their cubes to the bot)")
    for d in order:
        by_count = {p: cells[f"{d}/{p}"].win_rate for p in study.players
                    if f"{d}/{p}" in cells}
        if len(by_count) >= 3:
            for p, r in by_count.items():
                # more than 25 points from every other count, and its interval apart from
                # theirs (a few games a cell spread widely by chance alone)
                others = {q: x for q, x in by_count.items() if q != p}
                lo, hi = cells[f"{d}/{p}"].interval
                spans = [cells[f"{d}/{q}"].interval for q in others]
                if (min(abs(r - x) for x in others.values()) > 0.25
                        and (lo > max(h for _, h in spans) or hi < min(lo_ for lo_, _ in spans))):
                    said = " and ".join(f"{q} players {percent(x)}" for q, x in others.items())
                    out.append(f"{d}: {p} players win {percent(r)}, far from the other counts "
                               f"({said})" + _provisional(cells[f"{d}/{p}"]))
    return out


def _provisional(cell: CellSummary) -> str:
    """What a warning about ``cell`` adds when the cell stands on D8.1's placeholder army
    track (the book prints only the 4-player one): a designer must not balance on it."""
    if not cell.provisional:
        return ""
    return (f" — on the placeholder army track for {cell.players} players (D8.1): "
            "provisional until the board prints that column")


def compare(a: StudySummary, b: StudySummary) -> dict[str, CellDifference]:
    """Win-rate differences per cell of two studies (the cells of ``a`` that ``b`` has
    too), with a 95 % interval (Newcombe's hybrid score method from the two Wilson
    intervals)."""
    out = {}
    for key, ca in a.cells.items():
        cb = b.cells.get(key)
        if cb is None:
            continue
        p1, p2 = ca.win_rate, cb.win_rate
        l1, u1 = ca.interval
        l2, u2 = cb.interval
        d = p2 - p1
        lo = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
        hi = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
        out[key] = CellDifference(p1, p2, round(d, 4), (round(lo, 4), round(hi, 4)),
                                  lo > 0 or hi < 0)
    return out


#: how a study is run and summarised (:func:`run_study` then :func:`summarise`, on the
#: caller's executor, with its progress and its way to stop)
Runner = Callable[[GameModel, Study], StudySummary]


def sensitivity(model: GameModel, study: Study, base: StudySummary, run: Runner
                ) -> tuple[SensitivityRow, ...]:
    """Every alternative of every decision against the study's own choices (``base``, its
    summary; the scenario's ``decisions:`` with the ``--decision`` flags over them): the
    mean difference of win rate over the cells, how many cells differ significantly, the
    rounds' difference; the decisions that matter most first. A run stopped early (Ctrl-C, a kill, a lost cluster: a partial summary) ends it with the
    alternatives played in full so far."""
    rows = []
    for d, option in alternatives(model, study):
        other = run(model, replace(study, decisions={**study.decisions, d.id: option}))
        if other.partial:
            break
        diff = compare(base, other)
        mean = sum(x.difference for x in diff.values()) / max(1, len(diff))
        rounds = [other.cells[k].rounds_mean - base.cells[k].rounds_mean for k in diff]
        rows.append(SensitivityRow(
            d.id, option, d.meaning[option], round(mean, 4),
            sum(1 for x in diff.values() if x.significant),
            round(sum(rounds) / max(1, len(rounds)), 3), diff,
            all(other.cells[k] == base.cells[k] for k in diff)))
    order = list(DECISIONS)
    rows.sort(key=lambda r: (-abs(r.win_rate_difference), -r.cells_significant,
                             -abs(r.rounds_difference), order.index(r.decision)))
    return tuple(rows)


def alternatives(model: GameModel, study: Study) -> list[tuple[Decision, str]]:
    """The decisions' options :func:`sensitivity` plays, in rules.md's order: every
    option of every decision but the study's own choice (the scenario's ``decisions:``
    with the ``--decision`` flags over them)."""
    chosen = study.chosen(model)
    return [(d, o) for d in DECISIONS.values() for o in d.options
            if o != chosen.get(d.id, d.default)]


def ladder_cell(model: GameModel, study: Study) -> Cell:
    """The cell the skill ladder is played on: the study's first cell whose army track is
    printed (the book's 4-player track or the board's own, D8.1), else its first cell (on
    the placeholder track, said beside it). A default study starts with easy/3, on the
    placeholder: its ladder would measure the bots on a track the book does not have."""
    cells = study.cells
    return next((c for c in cells if army_track(model, c.players) != "placeholder"), cells[0])


def run_ladder(model: GameModel, study: Study, games: int, run: Runner
               ) -> tuple[LadderRung, ...]:
    """Every bot of :data:`~authoring.engine.bots.BOTS` on the study's :func:`ladder_cell`,
    weakest first: the skill ladder. The study's own bot plays at the study's budget (its
    rung is the study's player); every other bot at its own default (``--budget`` is the
    study bot's: a search budget of the lookahead's would starve the search). A run
    stopped early (Ctrl-C, a kill, a lost cluster: a partial summary) ends it with the bots
    played in full so far."""
    cell = ladder_cell(model, study)
    rows: list[LadderRung] = []
    for bot in BOTS:
        one = replace(study, games=games, bot=bot, difficulties=(cell.difficulty,),
                      players=(cell.players,),
                      search_budget=study.search_budget if bot == study.bot else None)
        got = run(model, one)
        c = got.cells.get(cell.key)
        if got.partial or c is None:
            break
        # every bot plays the same games (the study's seeds): each step is also measured
        # on them, game by game (the games one bot won and the other lost)
        step = paired_step(c.won, rows[-1].won, rung_name(rows[-1])) if rows else None
        rows.append(LadderRung(bot, cell.key, games, c.win_rate, c.interval, c.rounds_mean,
                               strength(one).budget if bot in BUDGETED else None,
                               step, c.won))
    return tuple(rows)


def notable_saves(model: GameModel, scenario: str, summary: StudySummary
                  ) -> list[tuple[str, str, dict[str, Any]]]:
    """Each cell's notable games (closest loss, fastest loss, quickest win) played again
    from their seeds: ``(cell key, kind, save)``, the save (:func:`~authoring.engine.save.
    save_data`) naming ``scenario``, the path ``resistance play --replay`` loads."""
    st = summary.study
    out = []
    for key, cell in summary.cells.items():
        for kind, notable in cell.notable.games():
            setup = GameSetup(scenario, cell.players, cell.difficulty, None, st.decisions,
                              notable.seed, cell.actions_a_phase, st.max_rounds)
            actions, state = record_game(setup.game(model), notable.seed, st.bot,
                                         st.max_rounds, st.search_budget)
            out.append((key, kind, save_data(setup, actions, state)))
    return out
