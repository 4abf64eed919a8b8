"""What a balance study (``resistance simulate``) found, as records.

:mod:`authoring.engine.simulate` plays the games and fills these records;
:mod:`authoring.pdf.balance` draws them and the command prints them. Each record is
frozen plain data whose ``to_json()`` is what ``resistance simulate --json`` prints: its
fields in the order they are declared (which is the JSON's order), a tuple as a list, a
mapping's keys as strings, a record as its own JSON; an optional part not run (None) is
left out where the record says so.

>>> rung = LadderRung("simple", "easy/4", 20, 0.25, (0.1119, 0.4687), 4.5)
>>> rung.to_json()["interval"], rung.win_rate
([0.1119, 0.4687], 0.25)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, fields
from math import comb, exp, lgamma, log
from typing import ClassVar, TypeAlias

from authoring.io.wording import count_of, join_and, percent

#: a value as :func:`json.dumps` writes it
Json: TypeAlias = "str | int | float | bool | None | Sequence[Json] | Mapping[str, Json]"


@dataclass(frozen=True, slots=True)
class Record:
    """A record of a study's results: frozen, its JSON made from its fields."""

    #: the fields left out of the JSON when they are None (an optional part not run)
    OMITTED_WHEN_NONE: ClassVar[frozenset[str]] = frozenset()
    #: the fields never in the JSON (what the figures were computed from)
    NOT_IN_JSON: ClassVar[frozenset[str]] = frozenset()

    def to_json(self) -> dict[str, Json]:
        """The record as plain data (see the module docstring)."""
        return {f.name: plain(value) for f in fields(self)
                if f.name not in self.NOT_IN_JSON
                and ((value := getattr(self, f.name)) is not None
                     or f.name not in self.OMITTED_WHEN_NONE)}


def plain(value: object) -> Json:
    """``value`` as plain data: a record as its JSON, a tuple or a list as a list, a
    mapping with its keys as strings.

    >>> plain({3: (1, None), "a": NotableGame(7, 2)})
    {'3': [1, None], 'a': {'seed': 7, 'round': 2}}
    """
    if value is None or isinstance(value, str | int | float):
        return value
    if isinstance(value, Record):
        return value.to_json()
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    raise TypeError(f"no JSON for a {type(value).__name__}")


@dataclass(frozen=True, slots=True)
class GameRecord(Record):
    """One game of a study, summed up: how it ended, when each objective was revealed
    (None: never) and after how many investigations, and what was used where."""

    seed: int
    won: bool
    #: the name of the game's :class:`~authoring.engine.outcome.Termination`
    termination: str
    round: int
    #: the share of the objectives' markers done (1.0 when the scenario has none)
    progress: float
    #: by objective index: the round of its reveal, or None
    reveal_round: tuple[int | None, ...]
    #: by objective index: the investigations taken before its reveal, or None
    investigations: tuple[int | None, ...]
    officers: int
    #: army overflows (deployments and takeovers) by the zone they started from
    overflows: Mapping[str, int]
    #: actions taken, by kind
    actions: Mapping[str, int]
    #: cards played, by ``kind:id`` (``resistance:ambush-4``, ``event:…``)
    cards: Mapping[str, int]
    #: at the end, every zone held as many reputation cubes as its size: no limited action
    #: (recruit, investigate, search) was left anywhere (R4.4)
    slots_full: bool = False


@dataclass(frozen=True, slots=True)
class ObjectiveFigures(Record):
    """One objective over a cell's games."""

    id: str
    #: the share of the games in which it was revealed
    revealed: float
    reveal_round_mean: float | None
    investigations_mean: float | None
    #: in the lost games that revealed it, the rounds left after its reveal, on average
    rounds_after_reveal_in_losses: float | None


@dataclass(frozen=True, slots=True)
class NotableGame(Record):
    """A game worth replaying (``resistance play --replay``): its seed and last round,
    with the closest loss's progress (the share of objective markers done: 1.0 when the
    last objective was done and that round's army phase still lost, R9.2) or the fastest
    loss's termination."""

    OMITTED_WHEN_NONE = frozenset({"progress", "termination"})

    seed: int
    round: int
    progress: float | None = None
    termination: str | None = None


@dataclass(frozen=True, slots=True)
class Notable(Record):
    """A cell's notable games (None: the cell had no such game)."""

    closest_loss: NotableGame | None
    fastest_loss: NotableGame | None
    quickest_win: NotableGame | None

    def games(self) -> list[tuple[str, NotableGame]]:
        """``(kind, game)`` of each one there is, ``closest_loss`` first."""
        return [(kind, game) for kind, game in (("closest_loss", self.closest_loss),
                                                ("fastest_loss", self.fastest_loss),
                                                ("quickest_win", self.quickest_win))
                if game is not None]


@dataclass(frozen=True, slots=True)
class CellSummary(Record):
    """The figures of one difficulty × player count (a *cell*) of a study."""

    difficulty: str
    players: int
    #: D10.1: the team's actions per players' phase (None: the players stop themselves;
    #: not ``budget``, which names a search bot's futures per decision: ``--budget``)
    actions_a_phase: int | None
    #: D8.1: where the army column comes from: ``book``, ``board`` or ``placeholder``
    army_track: str
    games: int
    wins: int
    win_rate: float
    #: the win rate's 95 % Wilson interval
    interval: tuple[float, float]
    #: the losses by termination name (they add up to the losses)
    loss_causes: Mapping[str, int]
    #: games by the round they ended in
    rounds: Mapping[int, int]
    rounds_mean: float
    #: the share of games still going after round 0, 1, 2 …
    survival: tuple[float, ...]
    objectives: tuple[ObjectiveFigures, ...]
    officers_mean: float
    #: every zone of the board, the most overflowing first (0: never)
    overflows: Mapping[str, int]
    actions: Mapping[str, int]
    cards: Mapping[str, int]
    notable: Notable
    #: games cut short at the round cap that ended with every zone's cubes at its size:
    #: the team had no limited action left (R4.4)
    capped_without_slots: int = 0
    #: lost games whose every objective was done: lost in the army phase the win waited
    #: for (R9.2)
    lost_after_done: int = 0
    #: per game, in the study's order, whether it was won (not in the JSON: the skill
    #: ladder compares two bots on the same games with it, :func:`paired_step`)
    won: tuple[bool, ...] = ()

    NOT_IN_JSON = frozenset({"won"})

    @property
    def key(self) -> str:
        """``difficulty/players``, the cell's name in reports."""
        return f"{self.difficulty}/{self.players}"

    @property
    def provisional(self) -> bool:
        """The cell stands on D8.1's placeholder army track (the book prints only the
        4-player column): its figures move with that track (marked ``*`` beside them)."""
        return self.army_track == "placeholder"


@dataclass(frozen=True, slots=True)
class StudyParameters(Record):
    """What was simulated, as the study's JSON states it."""

    games: int
    seed: int
    bot: str
    difficulties: tuple[str, ...]
    players: tuple[int, ...]
    table_speed: float
    decisions: Mapping[str, str]
    max_rounds: int
    search_budget: int | None
    #: D10.1 in a sentence: how time is counted
    time_model: str


@dataclass(frozen=True, slots=True)
class Strength(Record):
    """Who "the players" of a study were: the bot, its search budget (None: it does not
    search), its rank on the skill ladder (1: the weakest; None: not on it) and what
    that means."""

    bot: str
    budget: int | None
    rank: int | None
    of: int
    #: the ladder's bots, weakest first
    ladder: tuple[str, ...]
    #: the bots after this one in the ladder's order (how they are meant to rank, not a
    #: measurement: :attr:`StudySummary.standing` says what was measured)
    stronger: tuple[str, ...]
    meaning: str
    #: this bot and the best other as measured on the shipped scenario 1 (its cell in
    #: :attr:`LadderRung.cell`): what a study that ran no ladder of its own quotes
    #: (:func:`reference_verdict`); empty when that measurement has not this bot
    reference: tuple[LadderRung, ...] = ()
    #: how this study differs from the rules the reference was measured under (its
    #: decisions, its table speed), said after the quoted ladder; empty: it does not
    reference_note: str = ""

    @property
    def below_heuristic(self) -> bool:
        """The bot ranks below the heuristic on the ladder (the order the bots were built
        to): the target bands judge a scenario played well, not by this team."""
        return (self.rank is not None and "heuristic" in self.ladder
                and self.rank <= self.ladder.index("heuristic"))


@dataclass(frozen=True, slots=True)
class CellDifference(Record):
    """One cell's win rate in two studies (``a``, ``b``), their difference b − a and its
    95 % interval; significant when the interval leaves out 0."""

    a: float
    b: float
    difference: float
    interval: tuple[float, float]
    significant: bool


@dataclass(frozen=True, slots=True)
class SensitivityRow(Record):
    """One alternative of one decision against the study's own choice: the mean
    difference of win rate over the cells, the cells that differ significantly, the
    mean difference of rounds, and the cells one by one."""

    decision: str
    option: str
    meaning: str
    win_rate_difference: float
    cells_significant: int
    rounds_difference: float
    cells: Mapping[str, CellDifference]
    #: every cell's figures the same as the study's own: the alternative never came up
    #: in these games (a rule the bots never met, or one they play around)
    unchanged: bool = False

    @property
    def unchanged_note(self) -> str:
        """What a report adds to the row's line: that it never came up, or nothing."""
        return " (never came up: every cell the same)" if self.unchanged else ""


@dataclass(frozen=True, slots=True)
class StudySummary(Record):
    """A study: its parameters, who played, the scenario's target bands, the figures per
    cell (``difficulty/players``), the design warnings; with the skill ladder and the
    decisions' sensitivity when they were asked for (None: not run)."""

    scenario: str
    #: stopped before every game was played (Ctrl-C, kill, a lost cluster)
    partial: bool
    study: StudyParameters
    strength: Strength
    #: the scenario's target win rate per difficulty (``balance:``), low and high
    targets: Mapping[str, tuple[float, float]]
    cells: Mapping[str, CellSummary]
    warnings: tuple[str, ...]
    ladder: tuple[LadderRung, ...] | None = None
    sensitivity: tuple[SensitivityRow, ...] | None = None
    #: what stopped a partial study: ``interrupted`` (Ctrl-C), ``terminated`` (a kill),
    #: or the lost Dask scheduler in a sentence (None: not said, or not stopped)
    why_stopped: str | None = None

    OMITTED_WHEN_NONE = frozenset({"ladder", "sensitivity", "why_stopped"})

    @property
    def standing(self) -> str | None:
        """Where the study's bot stands against the strongest other bot, in one sentence:
        on this study's ladder when it ran one (:func:`ladder_verdict`), else on the ladder
        measured on the shipped scenario 1 (:func:`reference_verdict`); None when neither
        measured it. The terminal, the report and the JSON (``standing``) say the same."""
        if self.ladder is not None:
            return ladder_verdict(self.ladder, self.strength.bot,
                                  placeholder=self.ladder_on_placeholder)
        return reference_verdict(self.strength)

    @property
    def ladder_on_placeholder(self) -> bool:
        """The ladder's cell stands on D8.1's placeholder army track (its heading marks it
        ``*``, its sentence says so)."""
        cell = self.cells.get(self.ladder[0].cell) if self.ladder else None
        return cell is not None and cell.provisional

    @property
    def stopped(self) -> str | None:
        """How far a partial study went, cell by cell (None: every game was played): its
        header's "N games per cell" is what was asked, not what was played.

        >>> p = StudyParameters(200, 1, "heuristic", ("easy", "hard"), (4,), 4.0, {}, 40,
        ...                     None, "")
        >>> StudySummary("s", True, p, None, {}, {}, ()).stopped  # type: ignore[arg-type]
        'stopped early, games played of the 200 per cell: easy/4 0, hard/4 0'
        """
        if not self.partial:
            return None
        st = self.study
        played = {key: cell.games if cell is not None else 0
                  for key in (f"{d}/{p}" for d in st.difficulties for p in st.players)
                  for cell in (self.cells.get(key),)}
        if all(n == st.games for n in played.values()):
            return self._stopped_after()
        said = ", ".join(f"{key} {n}" for key, n in played.items())
        return f"stopped early, games played of the {st.games} per cell: {said}"

    def _stopped_after(self) -> str:
        """A stop after every study game, during the ladder or the sensitivity: which
        part stopped and what of it was played in full (a probe read "games played of the
        200 per cell: easy/4 200" under [PARTIAL] and could not tell what was missing)."""
        head = f"after every study game ({self.study.games} per cell)"
        if self.sensitivity is not None:
            done = ", ".join(f"{r.decision}={r.option}" for r in self.sensitivity)
            return (f"stopped early during the decisions' sensitivity, {head}"
                    f"{' and the skill ladder' if self.ladder else ''}: "
                    + (f"alternatives played in full: {done}" if done
                       else "no alternative played in full"))
        if self.ladder is not None:
            done = ", ".join(r.bot for r in self.ladder)
            return (f"stopped early during the skill ladder, {head}: "
                    + (f"bots played in full: {done}" if done else "no bot played in full"))
        return f"stopped early, {head}"

    @property
    def bands(self) -> dict[str, str]:
        """Each cell's place against its difficulty's target band (:func:`band_verdict`;
        a cell whose difficulty has no band is left out)."""
        return {key: band_verdict(c.win_rate, c.interval, self.targets[c.difficulty])
                for key, c in self.cells.items() if c.difficulty in self.targets}

    def band_label(self, key: str) -> str | None:
        """Cell ``key``'s place and its band as the table shows them (``in 60%–90%``);
        None: its difficulty has no band."""
        place = self.bands.get(key)
        if place is None:
            return None
        return f"{place} {band_text(self.targets[self.cells[key].difficulty])}"

    @property
    def verdict(self) -> str:
        """The study's answer in one sentence: are the cells in their target bands? Not
        said for a team that ranks below the heuristic on the skill ladder: the bands
        judge the scenario played well."""
        st = self.strength
        if st.below_heuristic:
            return (f"no verdict: the {st.bot} team ranks below the heuristic on the skill "
                    "ladder, and the target bands judge the scenario played well (--bot "
                    "heuristic or search)")
        return balance_verdict(
            self.bands, bool(self.targets), self.partial,
            {k for k, c in self.cells.items() if c.provisional},
            list(dict.fromkeys(c.difficulty for c in self.cells.values()
                               if c.difficulty not in self.targets)))

    def to_json(self) -> dict[str, Json]:
        """As :meth:`Record.to_json`, with :attr:`standing`, :attr:`bands` and
        :attr:`verdict`, and for a partial study :attr:`stopped` (how far it went: which
        part stopped, what was played)."""
        out = Record.to_json(self)
        out["standing"] = self.standing
        out["bands"] = plain(self.bands)
        out["verdict"] = self.verdict
        if self.partial:
            out["stopped"] = self.stopped
        return out


#: where a cell stands against its target band (:func:`band_verdict`), and what it means
BAND_PLACES = {
    "in": "in the band",
    "near": "near the band",  # the rate outside, the 95 % interval reaching into it
    "below": "below the band",  # the whole interval below: too hard
    "above": "above the band",  # the whole interval above: too easy
}


def band_text(band: tuple[float, float]) -> str:
    """A target band as a designer wrote it, in percent (not rounded to whole ones: a
    band from 0.634 read "63%" beside a win rate of 63 % outside it).

    >>> band_text((0.6, 0.9)), band_text((0.634, 1.0))
    ('60%–90%', '63.4%–100%')
    """
    return "–".join(f"{round(x * 100, 2):g}%" for x in band)


def band_verdict(win_rate: float, interval: tuple[float, float],
                 band: tuple[float, float]) -> str:
    """Where a cell stands against its difficulty's target band (``balance:``, R2.2): ``in``
    (the win rate inside it), ``below`` or ``above`` (the whole 95 % interval outside:
    more games would not bring it in), else ``near`` (the rate outside, the interval
    reaching into it: more games tell).

    >>> band_verdict(0.63, (0.56, 0.69), (0.6, 0.9))
    'in'
    >>> band_verdict(0.55, (0.48, 0.62), (0.6, 0.9)), band_verdict(0.3, (0.24, 0.37), (0.6, 0.9))
    ('near', 'below')
    """
    lo, hi = band
    if lo <= win_rate <= hi:
        return "in"
    if interval[1] < lo:
        return "below"
    if interval[0] > hi:
        return "above"
    return "near"


def balance_verdict(bands: Mapping[str, str], has_targets: bool, partial: bool,
                    provisional: Collection[str] = (), unjudged: Sequence[str] = ()) -> str:
    """The study's answer in one sentence, from :func:`band_verdict` per cell:
    ``not balanced`` when a cell's whole interval is outside its band, else ``undecided``
    when a cell is only near it (more games tell), else ``balanced``; ``provisional``: the
    cells on D8.1's placeholder army track (marked ``*``); ``unjudged``: the difficulties
    played that have no band (said after it).

    >>> balance_verdict({"easy/4": "in", "hard/4": "in"}, True, False)
    'balanced: every cell is in its target band'
    >>> balance_verdict({"easy/4": "in", "hard/4": "near"}, True, False, unjudged=["normal"])
    'undecided: hard/4 is near its target band, its interval reaching in (more games tell); the other cell is in its band; normal has no band'
    >>> balance_verdict({"easy/4": "above", "normal/4": "in", "hard/4": "below"}, True, False)
    'not balanced: 2 of 3 cells are outside their target band (too easy: easy/4; too hard: hard/4)'
    >>> balance_verdict({"hard/3": "above", "hard/4": "in"}, True, False, {"hard/3"})
    'not balanced: 1 of 2 cells is outside its target band (too easy: hard/3 *); * on the placeholder army track of D8.1: provisional'
    >>> balance_verdict({}, False, False)
    'no verdict: the scenario sets no target band (balance: easy: [0.6, 0.9] …)'
    """
    if not has_targets:
        return "no verdict: the scenario sets no target band (balance: easy: [0.6, 0.9] …)"
    if not bands:
        return "no verdict: no cell of a difficulty with a target band was played"
    by: dict[str, list[str]] = {}
    for key, place in bands.items():
        by.setdefault(place, []).append(key + " *" * (key in provisional))
    part = " (a partial study: the cells played so far)" if partial else ""
    rest = f"; {join_and(list(unjudged), 'en')} {'has' if len(unjudged) == 1 else 'have'} " \
           "no band" if unjudged else ""
    if "above" in by or "below" in by:
        out = len(by.get("above", ())) + len(by.get("below", ()))
        said = "; ".join(f"{what}: {', '.join(by[k])}" for k, what in
                         (("above", "too easy"), ("below", "too hard")) if k in by)
        star = any(k.endswith(" *") for k in (*by.get("above", ()), *by.get("below", ())))
        return (f"not balanced{part}: {out} of {count_of(len(bands), 'cell')} "
                f"{'is' if out == 1 else 'are'} outside {'its' if out == 1 else 'their'} "
                f"target band ({said})"
                + ("; * on the placeholder army track of D8.1: provisional" if star else "")
                + rest)
    near = by.get("near")
    if near:
        inside = len(by.get("in", ()))
        others = (f"; the other {'cell is' if inside == 1 else f'{inside} cells are'} in "
                  f"{'its' if inside == 1 else 'their'} band" if inside else "")
        return (f"undecided{part}: {', '.join(near)} {'is' if len(near) == 1 else 'are'} near "
                f"{'its' if len(near) == 1 else 'their'} target band, "
                f"{'its interval' if len(near) == 1 else 'their intervals'} reaching in (more "
                f"games tell){others}{rest}")
    return (f"balanced{part}: every cell is in its target band" + rest)


@dataclass(frozen=True, slots=True)
class Comparison(Record):
    """Two studies of the same cells (``--compare``) and their difference per cell."""

    a: StudySummary
    b: StudySummary
    difference: Mapping[str, CellDifference]

    def to_json(self) -> dict[str, Json]:
        """As :meth:`Record.to_json`, with ``partial`` first, as a study's: either side
        stopped before every game was played."""
        return {"partial": self.partial, **Record.to_json(self)}

    @property
    def partial(self) -> bool:
        """Either study stopped before every game was played (as a study's ``partial``)."""
        return self.a.partial or self.b.partial


@dataclass(frozen=True, slots=True)
class LadderRung(Record):
    """One bot of the skill ladder on its cell (the study's first on a printed army
    track, D8.1, else its first)."""

    bot: str
    #: the cell's key, ``difficulty/players``
    cell: str
    games: int
    win_rate: float
    interval: tuple[float, float]
    rounds_mean: float
    #: futures per decision of a bot that searches (None: a bot that does not)
    budget: int | None = None
    #: this bot against the rung before it on the same games (None: the first rung, or
    #: not the same games)
    paired: PairedStep | None = None
    #: per game, in order, whether this bot won it (not in the JSON: see ``paired``)
    won: tuple[bool, ...] = ()

    OMITTED_WHEN_NONE = frozenset({"paired"})
    NOT_IN_JSON = frozenset({"won"})


@dataclass(frozen=True, slots=True)
class PairedStep(Record):
    """Two bots of the ladder on the same games (the same seeds, so the same decks and
    draws at the start): the games only one of them won. Where one team is better, it
    wins more of those; the exact sign test says how likely so uneven a split would be
    between two teams of equal strength. It tells apart bots whose intervals overlap:
    most games are won or lost by both, and only the others tell them apart.

    >>> PairedStep("heuristic", 1000, 117, 67, sign_test(117, 67)).p_value
    0.0003
    """

    #: the other bot, as its row names it (:func:`rung_name`)
    against: str
    games: int
    #: games this bot won and the other lost
    won_alone: int
    #: games the other won and this bot lost
    lost_alone: int
    #: the exact two-sided sign test of ``won_alone`` against ``lost_alone`` (rounded to
    #: 4 places)
    p_value: float

    @property
    def apart(self) -> bool:
        """The split is uneven at the 5 % level: one bot measured better on these games."""
        return self.p_value < 0.05

    def sentence(self, bot: str) -> str:
        """The step in words, ``bot`` being this rung's name.

        >>> PairedStep("heuristic", 1000, 117, 67, 0.0003).sentence("search (budget 64)")
        ... # doctest: +NORMALIZE_WHITESPACE
        'on the same 1000 games search (budget 64) won 117 that heuristic lost and lost 67
        that it won — sign test p = 0.0003: search (budget 64) plays better'
        """
        said = (f"on the same {count_of(self.games, 'game')} {bot} won {self.won_alone} "
                f"that {self.against} lost and lost {self.lost_alone} that it won — sign test "
                f"{self.p}")
        if not self.apart:
            return f"{said}, not told apart"
        return f"{said}: {self.better(bot)} plays better"

    def better(self, bot: str) -> str:
        """The bot that won more of the games the other lost, ``bot`` being this rung's."""
        return bot if self.won_alone > self.lost_alone else self.against

    @property
    def p(self) -> str:
        """``p = …`` as said: below the 4 places kept, ``p < 0.0001``.

        >>> PairedStep("random", 1000, 300, 0, 0.0).p, PairedStep("x", 9, 6, 0, 0.0312).p
        ('p < 0.0001', 'p = 0.0312')
        """
        return "p < 0.0001" if self.p_value == 0 else f"p = {self.p_value:.4g}"

    @property
    def line(self) -> str:
        """The step as a rung's second line says it.

        >>> PairedStep("heuristic", 200, 25, 13, 0.0725).line
        'the same games as heuristic: won 25 it lost, lost 13 it won (sign test p = 0.0725)'
        """
        return (f"the same games as {self.against}: won {self.won_alone} it lost, lost "
                f"{self.lost_alone} it won (sign test {self.p})")


#: splits of at most this many games are tested with exact binomials (a few ms; a tie at 4
#: places, 6 against 0 = 0.03125, rounds as exact); larger ones in floats
_EXACT_SIGN_TEST = 1000


def sign_test(a: int, b: int) -> float:
    """The two-sided sign test (binomial, one half) of ``a`` against ``b``: how likely a
    split at least as uneven is between equals, rounded to 4 places (exact binomials up to
    :data:`_EXACT_SIGN_TEST` games, floats beyond).

    >>> sign_test(117, 67), sign_test(10, 10), sign_test(0, 0), sign_test(6, 0)
    (0.0003, 1.0, 1.0, 0.0312)
    """
    n = a + b
    if n == 0:
        return 1.0
    k = min(a, b)
    if n <= _EXACT_SIGN_TEST:
        return round(min(1.0, 2 * sum(comb(n, i) for i in range(k + 1)) / (1 << n)), 4)
    # beyond: P(X = k) in logs, then the terms below it by their ratio, the largest first,
    # until they no longer count at 4 places (exact, 10,000 against 9,000 took 33 s)
    term = lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1) - n * log(2)
    total, ratio = 1.0, 1.0
    for i in range(k, 0, -1):
        ratio *= i / (n - i + 1)
        total += ratio
        if ratio < 1e-12 * total:
            break
    return round(min(1.0, 2 * exp(term) * total), 4)


def paired_step(stronger: Sequence[bool], weaker: Sequence[bool], against: str
                ) -> PairedStep | None:
    """The :class:`PairedStep` of two bots' results on the same games, in order (None when
    the two did not play the same number of games).

    >>> paired_step([True, True, False], [False, True, True], "simple")
    PairedStep(against='simple', games=3, won_alone=1, lost_alone=1, p_value=1.0)
    """
    if not stronger or len(stronger) != len(weaker):
        return None
    up = sum(1 for x, y in zip(stronger, weaker, strict=True) if x and not y)
    down = sum(1 for x, y in zip(stronger, weaker, strict=True) if y and not x)
    return PairedStep(against, len(stronger), up, down, sign_test(up, down))


def measured_above(a: LadderRung, b: LadderRung) -> bool:
    """Whether ``a`` was measured stronger than ``b``: its 95 % interval wholly above
    ``b``'s (what the ladder's lines and the standing call apart)."""
    return a.interval[0] > b.interval[1]


def ladder_verdict(ladder: Sequence[LadderRung], bot: str, where: str = "",
                   placeholder: bool = False) -> str | None:
    """Where the study's ``bot`` stands on the ladder, in one sentence: against the bot
    that won most of the others (None: the ladder did not run this bot and another). A
    difference is stated only when the two intervals are apart. ``where``: what the cell
    is of, before its key (a ladder measured elsewhere than on the study's scenario);
    ``placeholder``: the cell stands on D8.1's placeholder army track (said beside it).

    >>> me = LadderRung("heuristic", "easy/4", 200, 0.58, (0.52, 0.65), 4.8)
    >>> ladder_verdict([me, LadderRung("search", "easy/4", 200, 0.63, (0.56, 0.69), 4.7, 8)],
    ...                "heuristic")  # doctest: +NORMALIZE_WHITESPACE
    'On easy/4 (200 games each) this bot, heuristic, wins 58% [52%, 65%] and the best
    other, search (budget 8), 63% [56%, 69%]: the intervals overlap, so these games do not
    tell the two bots apart.'
    >>> ladder_verdict([me, LadderRung("random", "easy/4", 200, 0.0, (0.0, 0.02), 2.0)],
    ...                "heuristic")  # doctest: +NORMALIZE_WHITESPACE
    'On easy/4 (200 games each) this bot, heuristic, wins 58% [52%, 65%], more than any
    other bot of the ladder: these figures are the best play measured.'
    >>> ladder_verdict([me, LadderRung("search", "easy/4", 100, 0.7, (0.6, 0.78), 4.7, 8)],
    ...                "heuristic")  # doctest: +NORMALIZE_WHITESPACE
    'On easy/4 (200 games for this bot, 100 for the other) this bot, heuristic, wins 58%
    [52%, 65%] and the best other, search (budget 8), 70% [60%, 78%]: the intervals
    overlap, so these games do not tell the two bots apart.'
    >>> a = LadderRung("heuristic", "easy/4", 20, 0.25, (0.11, 0.47), 4.8, won=(True,) * 5
    ...                + (False,) * 15)
    >>> b = LadderRung("search", "easy/4", 20, 0.6, (0.39, 0.78), 4.7, 8, won=(True,) * 12
    ...                + (False,) * 8)
    >>> ladder_verdict([a, b], "heuristic")  # doctest: +NORMALIZE_WHITESPACE
    'On easy/4 (20 games each) this bot, heuristic, wins 25% [11%, 47%] and the best other,
    search (budget 8), 60% [39%, 78%]: the intervals overlap, but on the same 20 games
    search (budget 8) won 7 that heuristic lost and lost 0 that it won — sign test p =
    0.0156: search (budget 8) plays better.'
    >>> three = LadderRung("heuristic", "easy/3", 200, 0.58, (0.52, 0.65), 4.8)
    >>> ladder_verdict([three, LadderRung("random", "easy/3", 200, 0.0, (0.0, 0.02), 2.0)],
    ...                "heuristic", placeholder=True)  # doctest: +NORMALIZE_WHITESPACE
    'On easy/3 (on the placeholder army track of D8.1, 200 games each) this bot, heuristic,
    wins 58% [52%, 65%], more than any other bot of the ladder: these figures are the best
    play measured.'
    """
    me = next((r for r in ladder if r.bot == bot), None)
    top = best_other(ladder, bot)
    if me is None or top is None:
        return None
    games = (f"{count_of(me.games, 'game')} each" if me.games == top.games
             else f"{count_of(me.games, 'game')} for this bot, {top.games} for the other")
    if placeholder:
        games = f"on the placeholder army track of D8.1, {games}"
    said = (f"On {where}{me.cell} ({games}) this bot, {rung_name(me)}, wins "
            f"{percent(me.win_rate)} [{percent(me.interval[0])}, {percent(me.interval[1])}]")
    if measured_above(me, top):
        return f"{said}, more than any other bot of the ladder: these figures are the best " \
               "play measured."
    said += (f" and the best other, {rung_name(top)}, {percent(top.win_rate)} "
             f"[{percent(top.interval[0])}, {percent(top.interval[1])}]")
    if measured_above(top, me):
        gap = round(100 * (top.win_rate - me.win_rate))
        return f"{said}: stronger players would win about {gap} points more."
    step = paired_step(top.won, me.won, rung_name(me))
    if step is not None and step.apart:
        return (f"{said}: the intervals overlap, but {step.sentence(rung_name(top))}.")
    return f"{said}: the intervals overlap, so these games do not tell the two bots apart."


def best_other(ladder: Sequence[LadderRung], bot: str) -> LadderRung | None:
    """The rung of the ladder other than ``bot``'s that won most; on a tie the last, the
    strongest by the ladder's order (weakest first); None when there is no other.

    >>> rungs = [LadderRung(b, "easy/4", 1, 0.0, (0.0, 0.79), 3.0) for b in ("a", "b", "c")]
    >>> best_other(rungs, "a").bot
    'c'
    """
    others = [r for r in ladder if r.bot != bot]
    return max(reversed(others), key=lambda r: r.win_rate) if others else None


def reference_verdict(strength: Strength) -> str | None:
    """Where the study's bot stands on the ladder measured on the shipped scenario 1
    (:attr:`Strength.reference`), for a study that ran no ladder of its own (None: not
    measured for this bot).

    >>> me = LadderRung("heuristic", "easy/4", 1000, 0.62, (0.59, 0.65), 4.8)
    >>> top = LadderRung("search", "easy/4", 1000, 0.64, (0.61, 0.67), 4.7, 8)
    >>> st = Strength("heuristic", None, 4, 5, ("heuristic", "search"), ("search",), "…",
    ...               (me, top))
    >>> reference_verdict(st)  # doctest: +NORMALIZE_WHITESPACE
    'On the shipped scenario 1, easy/4 (1000 games each) this bot, heuristic, wins 62%
    [59%, 65%] and the best other, search (budget 8), 64% [61%, 67%]: the intervals
    overlap, so these games do not tell the two bots apart. Add --ladder N to measure
    the ladder on this scenario.'
    """
    said = ladder_verdict(strength.reference, strength.bot, "the shipped scenario 1, ")
    if said is None:
        return None
    measured = strength.reference[0].budget
    if measured != strength.budget:
        said += (f" (That ladder played it at budget {measured}; this study plays "
                 f"{strength.budget}.)")
    if strength.reference_note:
        said += f" ({strength.reference_note})"
    return f"{said} {LADDER_HINT}"


#: how a study measures the ladder on its own scenario (the end of :func:`reference_verdict`)
LADDER_HINT = "Add --ladder N to measure the ladder on this scenario."


def steps_not_apart(ladder: Sequence[LadderRung]) -> str | None:
    """The ladder's steps (each bot against the next, weakest first) whose 95 % intervals
    overlap, in one sentence: those games do not order them (None: every step apart). A
    ladder of a few games says so rather than seem to contradict the order the bots were
    built to (a probe's ``--ladder 1``: the heuristic 0 %, the lookahead 67 %).

    >>> rungs = [LadderRung("random", "easy/4", 200, 0.0, (0.0, 0.02), 3.5),
    ...          LadderRung("heuristic", "easy/4", 200, 0.63, (0.56, 0.69), 4.5),
    ...          LadderRung("search", "easy/4", 200, 0.68, (0.61, 0.74), 4.5, 32)]
    >>> steps_not_apart(rungs)  # doctest: +NORMALIZE_WHITESPACE
    'not told apart at 200 games a bot (their intervals overlap: more games tell):
    heuristic and search (budget 32)'
    >>> steps_not_apart(rungs[:2]) is None
    True

    A step the games tell apart one by one (every bot of a ladder plays the same games)
    says so:

    >>> paired = PairedStep("heuristic", 200, 31, 12, sign_test(31, 12))
    >>> rungs[2] = LadderRung("search", "easy/4", 200, 0.68, (0.61, 0.74), 4.5, 32, paired)
    >>> steps_not_apart(rungs)  # doctest: +NORMALIZE_WHITESPACE
    'not told apart at 200 games a bot (their intervals overlap: more games tell):
    heuristic and search (budget 32) (but game by game search (budget 32) plays better:
    sign test p = 0.0054)'
    """
    pairs = [f"{rung_name(a)} and {rung_name(b)}"
             + (f" (but game by game {b.paired.better(rung_name(b))} plays better: sign test "
                f"{b.paired.p})" if b.paired is not None and b.paired.apart
                else "")
             for a, b in zip(ladder, ladder[1:], strict=False)
             if not measured_above(a, b) and not measured_above(b, a)]
    if not pairs:
        return None
    return (f"not told apart at {count_of(ladder[0].games, 'game')} a bot (their intervals "
            f"overlap: more games tell): {'; '.join(pairs)}")


def rung_name(rung: LadderRung) -> str:
    """A ladder bot as a row names it: with its budget when it searches.

    >>> rung_name(LadderRung("search", "easy/4", 200, 0.63, (0.56, 0.69), 4.7, 8))
    'search (budget 8)'
    """
    return rung.bot + (f" (budget {rung.budget})" if rung.budget is not None else "")
