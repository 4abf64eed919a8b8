"""A team that plans on imagined futures: the ``search`` bot.

What it searches: determinized Monte Carlo over the players' information set — a one-step
improvement of the heuristic team, with common random numbers and paired statistics. At
the opening of each round's players' phase (R5.0: the team's counters level at 0, the
action that opens the first layer, R7.1; ``layers`` opens more) it lists a few
candidates: the policy's choice (:class:`~authoring.engine.heuristic.HeuristicBot`) and
the planner's next best (:meth:`HeuristicBot.scored
<authoring.engine.heuristic.HeuristicBot.scored>`: one of another kind first, an
elimination only if it can succeed, R5.6), 6 in all. It then imagines ``budget`` futures
from what the players know (:meth:`PublicView.sample
<authoring.engine.view.PublicView.sample>`: the hidden orders — decks, the invasion bag,
the region piles — reshuffled, a new generator: the real game's draws are never seen nor
touched) and plays every candidate on the same futures: the candidate, then the policy for
the whole team (kept cards and ``choose`` answers included) to the end of the game
(``horizon`` rounds instead: to the end of that many army phases). Each future ends valued
by :func:`value` (a finished game: 1 or 0); the candidate whose paired gain over the
policy's choice is largest is played when that gain is positive and more than ``z``
standard errors (0 by default: the best mean). Other decisions — the later layers of the
round, a player behind the leader acting for free, a kept card, a ``choose``, the end of
the phase — are the policy's (``keeps=True`` searches the kept cards too: 54 % against
61 % without on 150 games of scenario 1 easy, with futures of a round; ``ends=True``
offers ``end`` as a candidate: the round's horizon sees the army it saves, not the time it
loses, and the team stalls).

Why the opening only, to the end of the game (measured on 2026-11-29; scenario 1, 4
players, the games 0–239 of seed 1, paired with the heuristic on the same games, which
wins 152 easy and 132 normal): searched at every level layer with 48 whole-game futures
(about 8 s a game), the team won 171 easy and 144 normal; at the round's opening only,
with 16, 24, 32 and 48 futures, 163, 167, 183 and 178 easy (1.8, 1.2, 0.9 and 0.65 games
a second with both cores busy) and 135 (24), 145 (32), 155 (48) normal. Searching later
layers adds the winner's curse of noisy estimates (below) to decisions where the policy is
rarely wrong; the opening is where the round's plan is set. With 32 futures, the default:
easy 183 of 240 against 152 (won by it alone 43, by the heuristic alone 12), normal 145
against 132 (29 and 16).

What it evaluates (:func:`value`): a won game 1, a lost one 0; a game still on, the chance
the heuristic team wins from there, a logistic model (:data:`WEIGHTS`) over
:func:`features` — the objectives' stages (clues towards an allowed place, the place
revealed, the special item's parts held and in one hand, crafted, carried towards the
place, done), the reserves against the army's pace (R9.1), the officers one army action
would make (R8.3–R8.5), the speed (R8.8), the squads. It was fitted on the heuristic's own
games (``python benchmarks/search.py --fit``: scenario 1 to 3 and initiation, every level,
3 to 5 players; the states at each round's start, labelled with the game's outcome).

How the budget maps to work: ``budget`` = N sampled futures per searched decision — a
team that plans each round's opening on N futures; a searched decision costs
``candidates × N`` rollouts of the rest of the game (about 5 decisions a game of scenario
1 are searched, one a round).
All chance is the bot's own generator (:class:`~authoring.engine.rng.Rng`, from the bot's
seed): a seed plays the same game, whatever process runs it.

What follows was measured before, when the bot searched every level layer with futures
of one round (3 candidates, 8 futures by default). With the heuristic of 2026-11-27
(``kill_value`` 0.6, ``best_behind``; scenario 1, 4 players, ``resistance simulate
--ladder 200``, seed 1): the heuristic wins 58 % [52, 65] of
the easy games and 50 % [43, 56] of the normal ones, this bot at its defaults 63 % [56, 69]
and 52 % [45, 59] (40 games in 11 s on one core: about 4 games a second).

What was measured before (the heuristic of 2026-11-26; scenario 1, 4 players, the games
0–199 of seed 1, the compiled engine; 95 % Wilson intervals): the heuristic wins 122 easy
games (61 %, [54, 68]) and 99 normal ones (50 %); this bot at its defaults 121 easy (3.7
games a second, one core) and 98 normal; ``budget=16, candidates=6`` 126 easy (1.1 games
a second); ``horizon=2`` 113; ``candidates=2, budget=24, horizon=2, z=1`` 126 (0.7 games
a second); choosing the heuristic's ``urgency`` (1.5, 3 or 5) for each round on 24
futures 54 of the first 100 games (the heuristic 58); on 2026-11-27, the policy's choice
against ``end`` alone at every level layer (``candidates=1, ends=True``), on 24 full-game
futures with ``z=1``, 54 of the first 100 easy games (the heuristic 56). None is apart
from the heuristic, and why was measured:

- the imagined futures are fair: a sample differs from the real state only in the hidden
  orders and the face-down tokens (R8.6), and the policy's rollouts from samples at
  round 2 win 59.5 % of 100 games whose real play wins 58 %, calibrated (sampled
  chance 0.2–0.4: 33 % real, 0.8–1: 80 %);
- the policy's choice is rarely beaten: of 72 alternatives (not mere reorderings of the
  layer, which end the same) valued on 150 shared full-game futures each, the mean gain
  was −2.7 points, one was above two standard errors, 16 below; the true gains spread
  about ±4.4 points around −2.7, so the ones worth taking are a few points and need
  hundreds of full-game futures per candidate to be told from noise (the standard error
  at 150 is 3.3 points), far beyond a game a second: with 8 to 32 futures the best mean
  picks noise (the winner's curse) and full-game futures play worse than the policy
  (44 of 88);
- the model's value at the round's end agrees only loosely with the game's end (the
  paired gains correlate 0.53 with those of full games; at two rounds 0.84);
- what a clairvoyant search gains (82 % with the real deck order) is the order itself,
  which the players cannot know.

A race that drops a candidate once it trails by two standard errors (every level layer,
whole-game futures, 8 a batch, up to 64) won 35 of the first 60 easy games, the heuristic
38 (2026-11-29).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from authoring.engine.actions import Action, Eliminate, End
from authoring.engine.api import LazyLegal, apply
from authoring.engine.game import Game
from authoring.engine.heuristic import HeuristicBot, _pool_left, officers_made
from authoring.engine.rng import Rng
from authoring.engine.state import SPECIAL, State
from authoring.engine.view import PublicView

#: futures per searched decision by default: the strongest measured at about a game a
#: second (scenario 1, 4 players, one core, compiled; the module docstring)
DEFAULT_BUDGET = 32
#: the most futures a decision may plan: a game's time grows with the budget (scenario 1,
#: compiled: about 1 s a game at 32, so most of 10 s at this bound; searching every layer,
#: ``layers=None``, about 5 times more); beyond it a study of a few hundred games would
#: take days
MAX_BUDGET = 256
#: the kept cards searched with ``keeps`` (a recruit, a zone or a player is the policy's)
_SEARCHED_KEEPS = frozenset(("keep_search", "keep_investigate", "keep_resistance"))


class SearchBot:
    """See the module docstring. ``budget``: sampled futures per searched decision;
    ``candidates``: the most actions compared per decision (``end`` on top with ``ends``);
    ``horizon``: rounds a future runs ahead (to the end of that many army phases; None: to
    the end of the game); ``layers``: the layers of each round searched, from its opening
    (R5.0: 1, the round's first action; None: every layer where the counters are level);
    ``z``: the standard errors of the paired gain an alternative needs to replace the
    policy's choice; ``keeps``: search the kept cards too; ``ends``: offer ``end`` at level
    counters."""

    name = "search"

    def __init__(self, seed: int = 0, budget: int = DEFAULT_BUDGET, candidates: int = 6,
                 horizon: int | None = None, z: float = 0.0, keeps: bool = False,
                 ends: bool = False, layers: int | None = 1) -> None:
        if not 1 <= budget <= MAX_BUDGET:
            raise ValueError(f"the search budget is futures per decision: 1 to {MAX_BUDGET}, "
                             f"not {budget}")
        if candidates < 1:
            raise ValueError(f"the search compares at least 1 candidate, not {candidates}")
        if horizon is not None and horizon < 1:
            raise ValueError(f"a future runs at least 1 round ahead, not {horizon}")
        if layers is not None and layers < 1:
            raise ValueError(f"the search plans at least 1 layer of a round, not {layers}")
        self.rng = Rng(seed ^ 0x5EA7C4)
        self.policy = HeuristicBot(seed)
        self.budget, self.candidates, self.horizon = budget, candidates, horizon
        self.z, self.keeps, self.ends, self.layers = z, keeps, ends, layers
        self.searched = 0  # decisions searched (a statistic)
        self.switched = 0  # of them, those where an alternative replaced the policy's choice

    # -- the decision -----------------------------------------------------------------
    def act(self, game: Game, view: PublicView, legal: Sequence[Action]) -> Action:
        """The candidate whose futures end best (the policy's choice unless beaten)."""
        if len(legal) == 1:
            return legal[0]
        field = self.field(game, view, legal)
        if len(field) == 1:
            return field[0]
        i = self.best(game, view, field)
        self.switched += i != 0
        return field[i]

    def field(self, game: Game, view: PublicView, legal: Sequence[Action]) -> list[Action]:
        """The candidates of this decision, the policy's choice first (only it when the
        decision is not searched).

        Searched: in the players' phase, when the team's counters are level (R5.0: the
        action chosen opens the next layer, R7.1) and that layer is among the round's first
        ``layers`` — the policy's choice, its next best
        of other kinds (an elimination only if it can succeed, R5.6), then of any kind, up
        to ``candidates``, and with ``ends`` the end of the phase (R10.1); with ``keeps``
        a kept card (an item, a clue, a resistance card: R5.3, R5.4, R6.2)."""
        # (a decision not searched asks the policy for its choice alone: its scored
        # alternatives cost most of a decision, and most decisions are not searched)
        pend = view.pending
        if pend is not None:
            choice = self.policy.act(game, view, legal)
            if not self.keeps or pend[0] not in _SEARCHED_KEEPS:
                return [choice]
            return [choice, *[a for a in legal if a != choice][: self.candidates - 1]]
        players = view.players
        layer = players[0].actions
        if view.phase != "players" or any(p.actions != layer for p in players) or (
                self.layers is not None and layer >= self.layers):
            return [self.policy.act(game, view, legal)]
        scored = self.policy.scored(game, view, legal)
        choice = scored[0][0]
        out = [choice]
        end = End()
        kinds = {choice.kind}
        rest = [a for a, _ in scored[1:] if a != end and a != choice]
        for a in rest:
            if len(out) >= self.candidates:
                break
            if a.kind not in kinds and (not isinstance(a, Eliminate)
                                        or view.effective(a.player, 1, a.zone) > 0):
                out.append(a)
                kinds.add(a.kind)
        for a in rest:
            if len(out) >= self.candidates:
                break
            if a not in out:
                out.append(a)
        if self.ends and end not in out and view.why_illegal(end) is None:
            out.append(end)
        return out

    def best(self, game: Game, view: PublicView, field: Sequence[Action]) -> int:
        """The index of the candidate to play: the one whose mean paired gain over the
        policy's choice (index 0) on the same futures is largest, when it is positive and
        more than ``z`` standard errors; else 0."""
        self.searched += 1
        rounds = view.round + self.horizon if self.horizon is not None else 10 ** 6
        n = self.budget
        values = [[0.0] * n for _ in field]
        for k in range(n):
            base = view.sample(self.rng)
            seed = self.rng.next64() & 0x7FFFFFFF
            for i, a in enumerate(field):
                values[i][k] = self.rollout(game, base.clone(), a, seed, rounds)
        return paired_best(values, self.z)

    def rollout(self, game: Game, state: State, first: Action, seed: int, rounds: int) -> float:
        """``first``, then the policy for the whole team until round ``rounds`` begins
        or the game ends; the :func:`value` of where it ends."""
        apply(game, state, first, checked=False)
        policy = HeuristicBot(seed)  # fresh: no hint of another future …
        policy.share_caches(self.policy)  # … but the tables it reads are the same
        policy._heading = dict(self.policy._heading)  # and the zones the team heads for
        steps = 0
        while state.outcome is None and state.round < rounds and steps < 20000:
            pend = state.pending
            seat = pend.player if pend is not None else 0
            a = policy.act(game, PublicView(game, state, seat), LazyLegal(game, state))
            apply(game, state, a, checked=False)
            steps += 1
        return value(game, state)


def paired_best(values: Sequence[Sequence[float]], z: float = 0.0) -> int:
    """Of candidates valued on the same futures (``values[i][k]``: candidate ``i`` on
    future ``k``; 0 is the policy's choice), the one with the largest mean paired gain
    over candidate 0 when that gain is positive and more than ``z`` standard errors;
    else 0.

    >>> paired_best([[0.5, 0.5], [0.6, 0.7], [0.9, 0.2]])
    1
    >>> paired_best([[0.5, 0.5], [0.6, 0.7]], z=50.0)
    0
    """
    base = values[0]
    n = len(base)
    top, best = 0, 0.0
    for i in range(1, len(values)):
        d = [x - y for x, y in zip(values[i], base, strict=True)]
        mean = sum(d) / n
        if mean <= best:
            continue
        var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
        if mean > z * math.sqrt(var / n):
            top, best = i, mean
    return top


def value(game: Game, state: State) -> float:
    """How good ``state`` is for the team, in [0, 1]: a won game 1, a lost one 0; a game
    still on, the chance the heuristic team wins from there (the logistic model of
    :data:`WEIGHTS` over :func:`features`)."""
    if state.outcome is not None:
        return 1.0 if state.outcome.won else 0.0
    x = sum(w * f for w, f in zip(WEIGHTS, features(game, state), strict=True))
    return 1.0 / (1.0 + math.exp(-x))


#: the names of :func:`features`, in order (``bias`` is the constant 1)
FEATURES = ("bias", "done", "revealed", "clue_near", "crafted", "parts_team", "parts_best",
            "carrier_near", "soldiers_rounds", "soldiers_low", "officers_frac",
            "officers_low", "speed", "round", "full_zones", "board_fill", "recruits",
            "progress_x_officers", "officers_per_action", "officer_danger",
            "soldier_danger")
#: the logistic model's weights, one per feature (``python benchmarks/search.py --fit``:
#: 18,348 round starts of 3,600 heuristic games; held-out log loss 0.513 against 0.631
#: for the base rate)
WEIGHTS = (-2.134, -0.142, 1.346, 0.324, -0.282, 0.671, 1.004, 1.117, 0.777, 0.285, 1.807,
           0.452, -1.551, -0.024, -0.406, -0.414, 0.533, -1.828, -0.915, -1.834, 0.19)


def features(game: Game, state: State) -> list[float]:
    """What :func:`value` reads of a state, each roughly in [0, 1] (names:
    :data:`FEATURES`): per objective (averaged) done, revealed (R6.1) or how near the
    pooled and kept clues are to isolating an allowed place, its special item crafted
    (R5.5) or its parts held by the team and by the best hand (R5.9), the holder's
    closeness to the revealed place (R5.1); the soldier reserve in rounds of the army's
    pace and below one round, the officer reserve (R9.1), the speed (R8.8), the round, full
    zones and the board's fill (R8.4), the squads' recruits (R5.2), progress × officers;
    the officers one army action makes on average over the bag's tokens (R8.3–R8.5), and
    against the officer reserve, the soldiers of a round against the soldier reserve."""
    objectives = game.objectives
    k = len(objectives) or 1
    n = game.zone_count
    dist = game.topo.moves
    done = rev = near = crafted = team = best = carry = 0.0
    players = state.players
    pool = [*state.clue_pool, *state.clues_kept]
    for o in objectives:
        if state.done[o.index] >= o.markers:
            done += 1
            rev += 1
            near += 1
            crafted += 1
            team += 1
            best += 1
            carry += 1
            continue
        places = state.revealed[o.index]
        if len(places) >= o.markers:
            rev += 1
            near += 1
        else:
            near += 1.0 - (_pool_left(game, pool, o.candidates) - 1) / max(1, n - 1)
        if o.item < 0:
            crafted += 1
            team += 1
            best += 1
            carry += 1 if places else 0
            continue
        holders = [ps for ps in players if SPECIAL + o.item in ps.inventory]
        if holders:
            crafted += 1
            team += 1
            best += 1
            if places:
                d = min(dist[ps.at][z] for ps in holders for z in places)
                carry += 1.0 - min(d, 4) / 4
        else:
            recipe = game.recipes[o.item]
            need = sum(c for _, c in recipe) or 1
            hands = [c for ps in players for c in ps.inventory]
            team += sum(min(hands.count(c), m) for c, m in recipe) / need
            best += max(sum(min(ps.inventory.count(c), m) for c, m in recipe)
                        for ps in players) / need
    speed = game.speed_track[state.speed_cell]
    budget = game.action_budget or 4 * len(players)
    # D5.4: a budget beyond the players' counters adds no action (a fast table, D10.1)
    room = sum(game.character_info[ps.character].actions for ps in players)
    if budget > room:
        budget = room
    per_round = max(1.0, budget / 4 * speed * len(players) / 4)  # army soldiers (D8.1)
    soldiers = state.reserve_soldiers + state.eliminated_soldiers  # back at R7.2
    rounds = soldiers / per_round
    officers = state.reserve_officers + state.eliminated_officers
    most, sol, off = game.max_occupation, state.soldiers, state.officers
    full = occ = 0
    for z in range(n):
        here = sol[z] + off[z]
        occ += here
        if here >= most[z] > 0:
            full += 1
    recruits = sum(1 for ps in players for row in ps.squad for x in row if x >= 0)
    slots = sum(len(row) for ps in players for row in ps.squad) or 1
    # R8.3–R8.5: the surplus no neighbour holds (officers) of one army action, on average
    # over the bag's tokens
    occupied = [sol[z] + off[z] for z in range(n)]
    made: dict[int, float] = {}
    total = 0.0
    bag = state.bag
    for z in bag:
        got = made.get(z)
        if got is None:
            got = made[z] = float(officers_made(game, sol, occupied, speed, z))
        total += got
    per_action = total / max(1, len(bag))
    actions = per_round / speed if speed else 5.0
    prog = (done + 0.5 * rev + 0.3 * crafted) / k
    return [1.0, done / k, rev / k, near / k, crafted / k, team / k, best / k, carry / k,
            min(rounds, 3.0) / 3, 1.0 if rounds < 1 else 0.0,
            officers / max(1, game.officers), min(officers, 4) / 4, speed / 6,
            state.round / 10, full / 10, occ / (sum(most) or 1), recruits / slots,
            prog * officers / max(1, game.officers), min(per_action, 3.0) / 3,
            min(3.0, per_action * actions / max(0.5, officers)) / 3,
            min(3.0, speed * actions / max(0.5, soldiers)) / 3]
