"""``resistance play [SCENARIO]``: the game at one terminal, hot seat, on the real timer.

The people at the keyboard share it: the screen (play_screen) shows the counters, the
full zones, one line per player and what the current player may do, in the words typed
(``move N-E 5``, ``search``, ``give p2 explosifs``: play_input), taken or refused with its
rule; a choice the book leaves to the players is listed numbered. Bots may take the last
seats; with bots in every seat the game plays itself and prints its transcript. Saves are the engine's (setup, seed and actions,
checked by replaying them); this module does the file I/O.
"""

from __future__ import annotations

import contextlib
import json
import random
import shlex
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click
from rich.console import Console

from authoring.cli.common import EXIT_PROBLEMS, SafePath, decision_pairs
from authoring.cli.play_input import (
    HELP,
    HELP_FR,
    META,
    Command,
    TimedReader,
    number,
    parse,
    typed_action,
    typed_answer,
)
from authoring.cli.play_screen import (
    LANG,
    Screen,
    ability_words,
    action_words,
    choice_lines,
    max_bonus_words,
    screen_lines,
    seat,
    set_lang,
    table,
    tr,
)
from authoring.engine import (
    Action,
    End,
    GameError,
    apply,
    legal_actions,
    new_initial_state,
    why_illegal,
)
from authoring.engine.bots import BOTS, Bot
from authoring.engine.check import load_playable
from authoring.engine.describe import pending_text
from authoring.engine.save import (
    MAX_SAVE_BYTES,
    GameSetup,
    SaveError,
    parse_save,
    play_extra,
    read_setup,
    restore,
    save_data,
)
from authoring.engine.state import Pending
from authoring.engine.view import PublicView
from authoring.io.errors import InputError
from authoring.io.yamlio import atomic_write, read_regular
from authoring.model.rules import DECISIONS, LEVELS, PLAYER_COUNTS, check_decisions
from authoring.model.workspace import default_path

if TYPE_CHECKING:  # the engine is imported when the command runs (fast --help)
    from rich.console import Console

    from authoring.cli.play_input import Command, TimedReader
    from authoring.cli.play_screen import Screen
    from authoring.engine import Action, Game, State
    from authoring.engine.bots import Bot
    from authoring.engine.save import GameSetup

EXIT_INTERRUPTED = 130
DEFAULT_SAVE = "resistance-save.json"
#: D10.1 with bots in every seat: team actions per minute of the scenario's timer
ACTIONS_PER_MINUTE = 4
#: the engine's bots (authoring.engine.bots.BOTS), named here so --help stays light
BOT_NAMES = ("simple", "random", "heuristic", "lookahead", "search")
#: seconds left at which a running timer warns
WARNINGS = (60, 10)
#: the engine's phases as the title of the screen says them (English, French)
PHASES = {"start": ("start of the players' phase", "début de la phase des joueurs"),
          "players": ("players' phase", "phase des joueurs"),
          "players_end": ("end of the players' phase", "fin de la phase des joueurs"),
          "army_start": ("end of the players' phase", "fin de la phase des joueurs"),
          "army_event": ("army phase: event (R8.1)", "phase de l'armée : événement (R8.1)"),
          "army_invasion": ("army phase (R8)", "phase de l'armée (R8)"),
          "reveal": ("reveal (R6.1)", "révélation (R6.1)"),
          "resistance_draw": ("start of the round (R6.2)", "début du tour (R6.2)")}
GAME_OPTIONS = ("players", "difficulty", "characters", "seed", "decision_args")


def _fail(message: str) -> NoReturn:
    click.echo(f"resistance: {message}", err=True)
    sys.exit(EXIT_PROBLEMS)


def _decision_pairs(ctx: click.Context, param: click.Parameter,
                    value: tuple[str, ...]) -> dict[str, str]:
    return decision_pairs(value, "; --decisions lists them")


@click.command()
@click.argument("scenario", required=False, type=SafePath(dir_okay=False))
@click.option("--players", type=click.IntRange(min(PLAYER_COUNTS), max(PLAYER_COUNTS)),
              default=4, show_default=True, help="How many players (R0.4).")
@click.option("--difficulty", type=click.Choice(LEVELS), default="normal", show_default=True,
              help="Officers, speed and timer of the scenario's level (R2.2).")
@click.option("--characters", metavar="A,B,…",
              help="Character sheets in seat order, by id or name (default: dealt at random, "
                   "R2.3).")
@click.option("--seed", type=click.IntRange(-(1 << 63), (1 << 64) - 1),
              help="Seed of the game's chance, a 64-bit number as a save keeps it: the same "
                   "seed and the same actions give the same game (default: a random one, "
                   "printed).")
@click.option("--bots", type=click.IntRange(0, max(PLAYER_COUNTS)), default=0, show_default=True,
              help="The last N seats are played by bots; all seats: the game plays itself.")
@click.option("--bot", "bot_name", type=click.Choice(BOT_NAMES), default="simple",
              show_default=True, help="Which bot plays the bot seats.")
@click.option("--no-timer", is_flag=True,
              help="No timer: a players' phase ends when you type `end`.")
@click.option("--decision", "decision_args", multiple=True, metavar="D…=CHOICE",
              callback=_decision_pairs, help="Choose a decision of the rules, e.g. "
                                             "--decision D4.2=player (repeatable).")
@click.option("--decisions", "list_decisions", is_flag=True,
              help="List the decisions with their choices, and exit.")
@click.option("--load", "load_path", type=SafePath(exists=True, dir_okay=False),
              help="Resume a saved game.")
@click.option("--replay", "replay_path", type=SafePath(exists=True, dir_okay=False),
              help="Step through a saved game: Enter for the next action, q to stop.")
@click.option("--lang", type=click.Choice(("en", "fr")), default="en", show_default=True,
              help="The language of card texts, characters and abilities (the content has "
                   "both).")
@click.option("--save", "save_path", type=SafePath(dir_okay=False),
              help=f"Where `save` writes (default: {DEFAULT_SAVE}); the game is also saved "
                   "there when it ends.")
@click.pass_context
def play(ctx: click.Context, scenario: str | None, players: int, difficulty: str,
         characters: str | None, seed: int | None, bots: int, bot_name: str, no_timer: bool,
         decision_args: dict[str, str], list_decisions: bool, load_path: str | None,
         replay_path: str | None, lang: str, save_path: str | None) -> None:
    """Play SCENARIO (default: the shipped scenario 1) at this terminal, hot seat.

    Type an action as the screen shows it (move N-E 5, search), the number of a choice,
    or `help` for the input language. A players' phase
    runs on the scenario's timer; the army phase plays itself, each line citing its
    rule. Exit 0 at the end of the game, 1 when the scenario or a save has problems, 2
    on a command-line mistake, 130 when interrupted.
    """
    if list_decisions:
        _print_decisions()
        return
    if load_path and replay_path:
        raise click.UsageError("--load and --replay: give one of them")
    saved = load_path or replay_path
    if saved:
        given = [p for p in GAME_OPTIONS
                 if ctx.get_parameter_source(p) is not click.core.ParameterSource.DEFAULT]
        if given:
            opt = "--decision" if given[0] == "decision_args" else f"--{given[0]}"
            raise click.UsageError(f"{opt}: the saved game keeps its own setup (drop {opt}, "
                                   f"or start a new game without --{'load' if load_path else 'replay'})")
    if bots > players and not saved:
        raise click.UsageError(f"--bots {bots}: the game has {players} players")


    set_lang("fr" if lang == "fr" else "en")

    console = Console(highlight=False)
    console.soft_wrap = not console.is_terminal  # piped: whole lines, never wrapped
    reader = TimedReader(sys.stdin)
    explicit = {p: ctx.get_parameter_source(p) is not click.core.ParameterSource.DEFAULT
                for p in ("bots", "bot_name", "no_timer")}
    if replay_path:
        sys.exit(_replay(console, reader, replay_path, scenario))
    if load_path:
        session = _load(console, reader, load_path, scenario, bots, bot_name, no_timer,
                        save_path, explicit)
    else:
        session = _new(console, reader, scenario, players, difficulty, characters, seed, bots,
                       bot_name, no_timer, decision_args, save_path)
    sys.exit(session.run())


# -- setting up ------------------------------------------------------------------------------


def _print_decisions() -> None:

    click.echo("Decisions of the rules (docs/rules.md; `resistance rules ID` prints one) and "
               "their choices; the first is the default. Choose one with --decision ID=CHOICE.")
    for d in DECISIONS.values():
        click.echo(f"\n{d.id}  {d.text}")
        for opt in d.options:
            mark = "*" if opt == d.default else " "
            click.echo(f"  {mark} {opt:<14} {d.meaning[opt]}")


def _scenario_path(scenario: str | None) -> Path:

    return Path(scenario) if scenario else default_path("scenarios", "scenario-1.yaml")


def _load_model(path: Path) -> Any:
    """The scenario with everything it names; its located problems and exit 1 if broken."""

    try:
        return load_playable(path)
    except InputError as e:
        report: Any = e.report
        click.echo(report.format(), err=True)
        _fail(f"{path}: {report.summary()}; the game cannot start")


def _new(console: Console, reader: TimedReader, scenario: str | None, players: int,
         difficulty: str, characters: str | None, seed: int | None, bots: int, bot_name: str,
         no_timer: bool, decisions: dict[str, str], save_path: str | None) -> Session:

    problems = check_decisions(decisions)
    if problems:
        raise click.UsageError("--decision " + "; ".join(problems) + " (--decisions lists them)")
    path = _scenario_path(scenario)
    model = _load_model(path)
    chars = tuple(c.strip() for c in characters.split(",") if c.strip()) if characters else None
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    # people at the table are asked the choices the engine otherwise makes alone (R6.1)
    setup = GameSetup(str(path.resolve()), players, difficulty, chars, decisions, seed,
                      people_choose=bots < players)
    try:
        game = setup.game(model)
        if bots == players:  # D10.1: no timer for bots; the phase is an action budget
            setup = replace(setup, action_budget=max(1, round(game.timer_minutes
                                                              * ACTIONS_PER_MINUTE)))
            game = setup.game(model)
    except GameError as e:
        raise click.UsageError(str(e)) from None
    state = new_initial_state(game, setup.seed, setup.max_rounds)
    seats = set(range(players - bots, players))
    return Session(console, reader, game, setup, state, [], seats, bot_name,
                   timer=not no_timer and bots < players,
                   save_path=Path(save_path or DEFAULT_SAVE), autosave=save_path is not None)


def _read_save(path: str) -> Any:
    """A save file's data, read as hostile input (a save is shared): a regular file of
    at most MAX_SAVE_BYTES, strict JSON (engine.save.parse_save)."""

    try:
        return parse_save(read_regular(path, MAX_SAVE_BYTES))
    except SaveError as e:
        _fail(f"{path} is not a saved game: {e}")
    except OSError as e:
        _fail(f"{path} is not a saved game: {(e.strerror or str(e)).lower()}")


def _restore(path: str, scenario: str | None) -> tuple[Any, GameSetup, list[Action], State,
                                                       Game]:

    data = _read_save(path)
    try:
        setup = read_setup(data)
    except SaveError as e:
        _fail(f"cannot load {path}: {e}")
    where = Path(scenario) if scenario else Path(setup.scenario)
    if not where.is_file():
        _fail(f"cannot load {path}: its scenario {where} is not there (give it: resistance "
              f"play SCENARIO --load {shlex.quote(str(path))})")
    model = _load_model(where)
    games: list[Game] = []

    def make(s: GameSetup) -> Game:
        games.append(s.game(model))
        return games[-1]

    try:
        setup, actions, state = restore(data, make)
    except SaveError as e:
        other = scenario is not None and Path(scenario).resolve() != Path(setup.scenario).resolve()
        made = f" (the game was saved playing {setup.scenario}, not {scenario})" if other else ""
        _fail(f"cannot load {path}: {e}{made}")
    return data, replace(setup, scenario=str(where)), actions, state, games[-1]


def _load(console: Console, reader: TimedReader, path: str, scenario: str | None, bots: int,
          bot_name: str, no_timer: bool, save_path: str | None,
          explicit: dict[str, bool]) -> Session:

    data, setup, actions, state, game = _restore(path, scenario)
    n = setup.players
    try:
        extra = play_extra(data, n)
    except SaveError as e:
        _fail(f"cannot load {path}: {e}")
    if explicit["bots"]:
        if bots > n:
            raise click.UsageError(f"--bots {bots}: the saved game has {n} players")
        seats = set(range(n - bots, n))
    else:
        seats = set(extra.get("bots", ()))
    if not explicit["bot_name"] and extra.get("bot") in BOT_NAMES:
        bot_name = extra["bot"]
    timer = not no_timer if explicit["no_timer"] else bool(extra.get("timer", True))
    left = extra.get("time_left")
    session = Session(console, reader, game, setup, state, actions, seats, bot_name,
                      timer=timer and len(seats) < n, save_path=Path(save_path or path),
                      autosave=save_path is not None)
    session.resumed_left = float(left) if isinstance(left, int | float) else None
    session.resumed = True
    return session


# -- replay ---------------------------------------------------------------------------------


def _replay(console: Console, reader: TimedReader, path: str, scenario: str | None) -> int:

    _, setup, actions, _, game = _restore(path, scenario)
    state = new_initial_state(game, setup.seed, setup.max_rounds)
    view = Screen(console, game)
    view.header(setup, game, state, set(), f"replay of {path}: {len(actions)} actions")
    view.entries(state.log)
    pausing = True
    for i, a in enumerate(actions):
        if pausing:
            console.print(f"[{i + 1}/{len(actions)}] Enter: next action · q: stop ",
                          end="", markup=False)
            try:
                line = reader.readline()
            except EOFError:
                pausing = False
                console.print()
                line = ""
            if line is not None and line.strip().lower() in ("q", "quit"):
                console.print("replay stopped", markup=False)
                return 0
        view.action(action_words(game, state, a), bot=False)
        view.entries(apply(game, state, a, setup.max_rounds))
    if state.outcome is not None:
        view.outcome(state.outcome.line())
    else:
        console.print(f"(the save ends here: round {state.round}, {_phase_words(state)})",
                      markup=False)
    return 0


def _phase_words(state: State) -> str:
    return {"start": "start of the players' phase", "players": "players' phase"}.get(
        state.phase, state.phase)


def seat_choice(bot: Bot, game: Game, view: PublicView, mine: list[Action]) -> Action:
    """What the bot at ``view``'s seat does among its own actions ``mine``, or ``End()``
    (it passes). A team planner (the heuristic, the search) chooses for the whole team (a
    team of bots is one cooperative player): at a table with people its choice may be
    another seat's; the bot then takes its own best-scored action, never a person's."""
    a = bot.act(game, view, [*mine, End()])
    if a.kind == "end" or a in mine:
        return a
    scored = getattr(bot, "scored", None)
    if scored is None:
        return End()
    return next((x for x, _ in scored(game, view, [*mine, End()]) if x in mine), End())


# -- the session ------------------------------------------------------------------------------


@dataclass
class Session:
    """One game at the terminal: humans at the keyboard, bots in ``bot_seats``."""

    console: Console
    reader: TimedReader
    game: Game
    setup: GameSetup
    state: State
    actions: list[Action]
    bot_seats: set[int]
    bot_name: str
    timer: bool
    save_path: Path
    autosave: bool = False
    resumed_left: float | None = None
    deadline: float | None = None
    warned: set[int] = field(default_factory=set)
    #: bots that passed since the last person's action: asked again after it (a bot that
    #: waits for a person behind it, R5.0, acts once that person has acted)
    passed: set[int] = field(default_factory=set)
    shown: int = 0
    bots: dict[int, Bot] = field(default_factory=dict)
    screen: Screen | None = None
    phase_key: tuple[int, str] = (0, "")
    turn: int = 0
    resumed: bool = False
    humans: list[int] = field(default_factory=list)
    current: int | None = None

    def __post_init__(self) -> None:

        kind = BOTS[self.bot_name]
        # each bot draws from its own generator, from the game's seed and the actions so
        # far: the same command (or the same save) plays the same way
        base = self.setup.seed * 1009 + len(self.actions)
        self.bots = {p: kind(base * 7 + p) for p in sorted(self.bot_seats)}
        self.screen = Screen(self.console, self.game)
        self.humans = [p for p in range(len(self.state.players)) if p not in self.bot_seats]
        self.current = self.humans[0] if self.humans else None

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> int:
        try:
            self._intro()
            while self.state.outcome is None:
                self._sync_timer()
                if self._automatic():
                    continue
                if self._prompt() == "quit":
                    return 0
        except KeyboardInterrupt:
            return self._interrupted()
        except EOFError:
            self.console.print("\nend of input: the game stops here (save it with `save` next "
                               "time)", markup=False)
            return 0
        assert self.screen is not None
        self.screen.outcome(self.state.outcome.line())
        if self.autosave:  # said on stderr: a piped transcript ends with its outcome
            self._save(self.save_path, err=True)
        return 0

    def _intro(self) -> None:
        assert self.screen is not None
        g, st = self.game, self.state
        if not self.humans:
            timing = (f"all seats are bots: no timer; each players' phase is a budget of "
                      f"{self.setup.action_budget} team actions (D10.1: {ACTIONS_PER_MINUTE} "
                      f"actions a minute × {g.timer_minutes:g}')")
        elif self.timer:
            timing = (f"timer: {_clock(self._phase_seconds(full=True))} per players' phase "
                      "(R10.1); type `help` for the input language")
        else:
            timing = ("no timer: a players' phase ends when you choose `end`; type `help` for "
                      "the input language")
        self.screen.header(self.setup, g, st, self.bot_seats, timing)
        if self.actions:
            self.console.print(f"resumed after {len(self.actions)} actions: round {st.round}, "
                               f"{_phase_words(st)}; the last events:", markup=False)
            self.screen.entries(st.log[-8:])
        else:
            self.screen.entries(st.log)

    def _automatic(self) -> bool:
        """A bot's move, or the end of a phase whose time is up: True when something was
        done (the loop looks again)."""

        g, st = self.game, self.state
        key = (st.round, st.phase)
        if key != self.phase_key:
            self.phase_key = key
            self.passed.clear()
        pend = st.pending
        if pend is not None:
            if pend.player in self.bots:
                legal = legal_actions(g, st)
                self._take(self.bots[pend.player].act(g, PublicView(g, st, pend.player), legal),
                           bot=True)
                return True
            return False
        if st.phase == "start" and not self.humans:
            legal = legal_actions(g, st)
            self._take(self.bots[0].act(g, PublicView(g, st, 0), legal), bot=True)
            return True
        if st.phase != "players":
            return False
        if self._time_up():
            self.reader.discard_typed()
            self._take(End(), bot=False,
                       words="time is up: the players' phase ends (R10.1)")
            return True
        legal = legal_actions(g, st)
        order = sorted(self.bots)
        k = len(order)
        for i in range(k):  # bots take turns: the one after the last to act goes first
            p = order[(self.turn + i) % k]
            if p in self.passed:
                continue
            mine = [a for a in legal if a.player == p]
            if not mine:
                continue
            a = seat_choice(self.bots[p], g, PublicView(g, st, p), mine)
            if a.kind == "end":  # nothing for this bot until a person acts
                self.passed.add(p)
                continue
            self._take(a, bot=True)
            self.turn = (self.turn + i + 1) % k
            return True
        if not self.humans:
            self._take(End(), bot=True)
            return True
        return False

    def _take(self, a: Action, bot: bool, words: str = "") -> None:

        assert self.screen is not None
        words = words or action_words(self.game, self.state, a)
        events = apply(self.game, self.state, a, self.setup.max_rounds)
        self.actions.append(a)
        if not bot:
            self.passed.clear()
        self.screen.action(words, bot and bool(self.humans))  # [bot] only beside people
        army = next((i for i, e in enumerate(events) if e.kind == "army_phase"), None)
        if army is None or not self.humans or not self.console.is_terminal:
            self.screen.entries(events)
            return
        self.screen.entries(events[:army])
        self._narrate(events[army:])

    def _narrate(self, events: list[Any]) -> None:
        """The army phase step by step (R8): as many steps as the screen holds, then a
        key to go on; a last key before the round summary."""
        assert self.screen is not None
        room = max(4, self.console.height - 3)
        steps: list[list[Any]] = []
        tail: list[Any] = []
        for i, e in enumerate(events):
            if e.kind == "round":  # the next round begins: after the pause
                tail = events[i:]
                break
            starts = e.rule in ("R8.1", "R8.3", "R8.8") and (
                not steps or steps[-1][0].rule != e.rule or "army action" in e.text)
            if starts or not steps:
                steps.append([e])
            else:
                steps[-1].append(e)
        used = 0
        for step in steps:
            if used and used + len(step) > room:
                self._wait("— Enter: the army goes on —")
                used = 0
            self.screen.entries(step)
            used += len(step)
        if steps and self.state.outcome is None:
            self._wait(f"— the army phase is over: Enter for round {self.state.round} —")
        self.screen.entries(tail)

    def _wait(self, text: str) -> None:
        self.console.print(text, style="dim", markup=False, end="")
        with contextlib.suppress(EOFError):
            self.reader.readline()
        self.console.print()

    # -- the timer ---------------------------------------------------------------------------
    def _phase_seconds(self, full: bool = False) -> float:
        """The length of this players' phase: the scenario's timer at this difficulty, plus
        the seconds effects added since the previous phase began (R10.1)."""
        base = self.game.timer_minutes * 60
        if full or not self.state.phase_seconds:
            return base
        return float(self.state.phase_seconds)

    def _sync_timer(self) -> None:
        if not self.timer or self.state.phase != "players":
            self.deadline = None
            return
        if self.deadline is None:
            seconds = self.resumed_left if self.resumed_left is not None else self._phase_seconds()
            self.resumed_left = None
            self.deadline = time.monotonic() + seconds
            self.warned = {w for w in WARNINGS if w >= seconds}
            again = "runs again" if self.resumed else "runs"
            self.resumed = False
            self.console.print(f"the timer {again}: {_clock(seconds)} for this players' phase",
                               style="bold", markup=False)

    def _time_up(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def _left(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    # -- the prompt --------------------------------------------------------------------------
    def _prompt(self) -> str:

        g, st = self.game, self.state
        c = self.console
        legal = legal_actions(g, st)
        width, height = max(40, c.width), max(10, c.height)
        if st.round != self.shown:  # a new round: the whole table on a tall terminal
            self.shown = st.round
            if height >= 40:
                self._show(legal)
        pend = st.pending
        if self.current not in self.humans and self.humans:
            self.current = self.humans[0]
        c.rule(self._title(), style="dim")
        for row in screen_lines(g, st, legal, self.current, self.humans, self.bot_seats,
                                width, height):
            c.print(row, overflow="fold")
        if pend is not None:
            who = (tr(f"the players choose together (p{pend.player + 1} types)",
                      f"les joueurs choisissent ensemble (p{pend.player + 1} tape)")
                   if pend.kind in ("share_cube", "choose_reveal")
                   else f"{seat(g, st, pend.player)} {tr('chooses', 'choisit')}")
            c.print(f"{who}: {_pending_words(pend)}", style="bold", markup=False)
            for row in choice_lines(g, st, legal, width):
                c.print(row, overflow="fold")
            if self._time_up():
                c.print("time is up (R10.1): finish this choice, then the players' "
                        "phase ends", style="bold yellow", markup=False)
        elif st.phase == "start" and any(a.kind == "reorganise" for a in legal):
            c.print("Start of the round (R6): reorganise squads if you wish (R6.3), then "
                    "`begin` begins the players' phase (and its timer, if any).", markup=False)
        while True:
            c.print(self._prompt_text(), end="", markup=False)
            line = self.reader.readline(self._wake_at())
            if line is None:  # the timer: a warning, or time is up
                left = self._left()
                c.print()
                if left is None or left <= 0:
                    return "timeout"
                c.print(f"{_clock(left)} left", style="bold yellow", markup=False)
                continue
            got = parse(line)
            if got is None:
                continue
            if isinstance(got, str):
                c.print(got, markup=False)
                continue
            if isinstance(got, int):
                if pend is None:
                    c.print("numbers answer a choice; now type an action, e.g. `search` or "
                            "`move N-E 5` (help lists them)", markup=False)
                    continue
                got = Command("keep", None, (str(got),))  # `2` is `keep 2`
            outcome = self._command(got, legal)
            if outcome in ("acted", "quit", "redraw"):
                return outcome

    def _title(self) -> str:
        st = self.state

        phase = tr(*PHASES[st.phase]) if st.phase in PHASES else st.phase
        left = self._left()
        clock = tr(f" · {_clock(left)} left", f" · reste {_clock(left)}") if left is not None \
            else (tr(" · no timer", " · sans sablier") if st.phase == "players" else "")
        return f"{tr('round', 'tour')} {st.round} · {phase}{clock}"

    def _prompt_text(self) -> str:
        who = ""
        if self.state.pending is not None:
            who = f"p{self.state.pending.player + 1} "
        elif self.current is not None and self.humans:
            who = f"p{self.current + 1} "

        left = self._left()
        if left is None:
            return f"{who}play> "
        return f"{who}play [{tr('time is up', 'temps écoulé')}]> " if left <= 0 else \
            f"{who}play [{tr(f'{_clock(left)} left', f'reste {_clock(left)}')}]> "

    def _wake_at(self) -> float | None:
        """When the reader must give up waiting: the next warning, or the end of time
        (none once time is up: a choice still asked is finished first)."""
        if self.deadline is None or self._time_up():
            return None
        left = self.deadline - time.monotonic()
        for w in sorted(WARNINGS, reverse=True):
            if w not in self.warned and left > w:
                return self.deadline - w
            if w not in self.warned and left <= w:
                self.warned.add(w)
        return self.deadline

    def _show(self, legal: list[Action]) -> None:

        self.console.print()
        self.console.print(table(self.game, self.state, legal, self.bot_seats))

    # -- typed commands ----------------------------------------------------------------------
    def _command(self, cmd: Command, legal: list[Action]) -> str:

        c = self.console
        verb = cmd.verb
        answer = typed_answer(self.game, self.state, cmd, legal)
        if isinstance(answer, str):
            c.print(answer, markup=False)
            return "asked"
        if answer is not None:
            self._take(answer, bot=False)
            return "acted"
        if verb == "" and cmd.seat is not None and 0 <= cmd.seat < len(self.state.players) \
                and self.state.pending is None:
            if cmd.seat in self.bot_seats:
                c.print(f"p{cmd.seat + 1} is a bot's seat", markup=False)
                return "asked"
            self.current = cmd.seat
            c.print(f"{seat(self.game, self.state, cmd.seat)} is the current player",
                    markup=False)
            return "redraw"
        if verb == "abilities":
            self._abilities()
        elif verb == "help":
            c.print(HELP_FR if LANG[0] == "fr" else HELP, markup=False)
        elif verb == "show":
            self._show(legal)
            return "redraw"
        elif verb == "log":
            n = (number(cmd.args[0]) if cmd.args else None) or 20
            assert self.screen is not None
            self.screen.entries(self.state.log[-n:])
        elif verb == "time":
            left = self._left()
            c.print(f"{_clock(left)} left in this players' phase" if left is not None else
                    "no timer is running", markup=False)
        elif verb == "save":
            typed = " ".join(cmd.args)
            if len(typed) >= 2 and typed[0] == typed[-1] and typed[0] in "'\"":
                typed = typed[1:-1]  # a path typed in quotes, as in a shell
            if cmd.args and not typed.strip():
                c.print("save where? e.g. save my-game.json (or save alone: "
                        f"{self.save_path})", markup=False)
            else:
                path = Path(typed) if typed else self.save_path
                if self._save(path):
                    self.save_path = path
        elif verb == "quit":
            self._ask_save()
            c.print("bye", markup=False)
            return "quit"
        elif verb in META.values():
            pass
        else:
            got = typed_action(self.game, self.state, cmd, self._default_seat, self.bot_seats)
            if isinstance(got, str):
                c.print(got, markup=False)
                return "asked"
            reason = why_illegal(self.game, self.state, got)
            if reason is not None:
                c.print(f"refused: {reason}", style="red", markup=False)
                return "refused"
            self._take(got, bot=False)
            if cmd.seat is not None and got.player in self.humans:
                self.current = got.player  # `p2 search`: p2 is now the current player
            return "acted"
        return "asked"

    def _default_seat(self, verb: str) -> int | str:
        """The player a typed action without pK is for: the one choosing, else the current
        player (``p2`` alone changes it)."""
        st = self.state
        if st.pending is not None:
            return st.pending.player
        if self.current is not None:
            return self.current
        return f"which player? write e.g. p1 {verb} …"

    def _abilities(self) -> None:

        for p in range(len(self.state.players)):
            self.console.print(f"{seat(self.game, self.state, p)}: "
                               f"{ability_words(self.game, self.state, p) or 'no ability'}",
                               markup=False)
            for line in max_bonus_words(self.game, self.state, p):
                self.console.print(f"    max level {line}", markup=False)

    # -- saving and quitting ---------------------------------------------------------------
    def _save(self, path: Path, err: bool = False) -> bool:

        data = save_data(self.setup, self.actions, self.state)
        left = self._left()
        data["play"] = {"bots": sorted(self.bot_seats), "bot": self.bot_name,
                        "timer": self.timer, "time_left": None if left is None else round(left)}
        try:
            with atomic_write(path, "w") as fh:
                fh.write(json.dumps(data, ensure_ascii=False) + "\n")
        except (OSError, ValueError) as e:  # ValueError: a name the system refuses
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            self._say(f"could not save to {str(path)[:80]!r}: {why}", err)
            return False
        how = "replay it with: resistance play --replay" if self.state.outcome is not None \
            else "resume with: resistance play --load"
        self._say(f"saved to {path} ({len(self.actions)} actions); {how} "
                  f"{shlex.quote(str(path))}", err)
        return True

    def _say(self, text: str, err: bool) -> None:
        if err:
            click.echo(f"resistance: {text}", err=True)
        else:
            self.console.print(text, markup=False)

    def _ask_save(self) -> None:
        self.console.print("save before quitting? [y/N] ", end="", markup=False)
        try:
            answer = self.reader.readline()
        except EOFError:
            answer = ""
        if answer and answer.strip().lower() in ("y", "yes", "o", "oui"):
            self._save(self.save_path)

    def _interrupted(self) -> int:
        self.console.print()
        try:
            self._ask_save()
        except (KeyboardInterrupt, EOFError):
            self.console.print()
        self.console.print("interrupted", markup=False)
        return EXIT_INTERRUPTED


def _pending_words(pend: Pending) -> str:

    return pending_text(pend.kind, pend.note, LANG[0])


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "--:--"
    s = max(0, int(seconds + 0.999))
    return f"{s // 60}:{s % 60:02d}"
