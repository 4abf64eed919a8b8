"""A team that plans on imagined futures: the ``search`` bot.

What it searches: determinized Monte Carlo over the players' information set (flat
search over sampled futures, with common random numbers). At a decision that matters
(:meth:`SearchBot.field`: a kept card; in the players' phase, when the team's counters
are level — who acts next, whether to end the phase) it lists a few candidates: the
policy's choice and the planner's next best (:meth:`HeuristicBot.scored
<authoring.engine.heuristic.HeuristicBot.scored>`, one of another kind first), and ``end``
when the counters are level. It then imagines ``budget`` futures from what the players
know (:meth:`PublicView.sample <authoring.engine.view.PublicView.sample>`: the hidden
orders reshuffled, a new generator: the real game's draws are never seen nor touched), and
plays every candidate on the same futures: the candidate, then the policy
(:class:`~authoring.engine.heuristic.HeuristicBot`, for the whole team, kept cards and
``choose`` answers included) to the END of the game. The candidate whose futures end best
on average is played; the policy's choice keeps its place unless an alternative beats it
by more than a margin (a quarter of a won game per future by default: a few futures are
noisy, and a choice switched on noise plays worse than the policy). Other decisions (a
recruit kept, a ``choose``, the start of a phase, a move between level counters) are the
policy's.

What it evaluates (:func:`final`): a won future 1, a lost one a tenth of its progress
(:func:`progress`: the objectives' stages — the clue pool's closeness to isolating an
allowed place, the place revealed, the special item's parts held and gathered in one hand,
the item crafted and carried towards the place, done): winning, not surviving, is what
counts. With a ``horizon`` (rounds), futures stop at the end of that round's army phase
and are valued by :func:`evaluate` (progress and the reserves' :func:`safety`).

How the budget maps to work: ``budget`` = N sampled futures per searched decision — a
team that plans N futures per decision; a searched decision costs ``candidates × N``
rollouts of the rest of the game (with one future, no alternative can beat the policy by
more than one won future: budget 1 plays the policy's game). All chance is the bot's own generator
(:class:`~authoring.engine.rng.Rng`, from the bot's seed): a seed plays the same game,
whatever process runs it.
"""

from __future__ import annotations

from collections.abc import Sequence

from authoring.engine.actions import Action
from authoring.engine.api import LazyLegal, apply
from authoring.engine.game import Game
from authoring.engine.rng import Rng
from authoring.engine.state import SPECIAL, State
from authoring.engine.view import PublicView

#: futures per searched decision by default (≥ 1 game/s of scenario 1, 4 players, one core)
DEFAULT_BUDGET = 2
#: the most futures a decision may plan (a guard for command lines)
MAX_BUDGET = 10000
#: the kept cards the search compares (a recruit, a zone or a player is the policy's)
_SEARCHED_KEEPS = frozenset(("keep_search", "keep_investigate", "keep_resistance"))


class SearchBot:
    """See the module docstring. ``budget``: sampled futures per searched decision;
    ``candidates``: the most actions compared per decision (``end`` comes on top when the
    counters are level); ``horizon``: rounds a future runs ahead (to the end of that many
    army phases; None: to the end of the game); ``margin``: how much better per future an
    alternative must end to replace the policy's choice (and by one won future at least);
    ``every``: search every decision of the players' phase, not only the key ones;
    ``moves``: search too when the policy would move."""

    name = "search"

    def __init__(self, seed: int = 0, budget: int = DEFAULT_BUDGET, candidates: int = 2,
                 horizon: int | None = None, margin: float = 0.25, every: bool = False,
                 moves: bool = False) -> None:
        if not 1 <= budget <= MAX_BUDGET:
            raise ValueError(f"the search budget is futures per decision: 1 to {MAX_BUDGET}, "
                             f"not {budget}")
        from authoring.engine.heuristic import HeuristicBot

        self.rng = Rng(seed ^ 0x5EA7C4)
        self.policy = HeuristicBot(seed)
        self.budget, self.candidates, self.horizon = budget, candidates, horizon
        self.margin, self.every, self.moves = margin, every, moves
        self.searched = 0  # decisions searched (a statistic)

    # -- the decision -----------------------------------------------------------------
    def act(self, game: Game, view: PublicView, legal: Sequence[Action]) -> Action:
        """The candidate whose futures end best (the policy's choice unless beaten)."""
        if len(legal) == 1:
            return legal[0]
        field = self.field(game, view, legal)
        if len(field) == 1:
            return field[0]
        return field[self.best(game, view, field)]

    def field(self, game: Game, view: PublicView, legal: Sequence[Action]) -> list[Action]:
        """The candidates of this decision, the policy's choice first (only it when the
        decision is not searched).

        Searched: a kept card (an item, a clue, a resistance card: the policy's choices in
        order, R5.3, R5.4, R6.2), and in the players' phase the key decisions — when the
        team's counters are level (who acts next, and whether to end the phase, R5.0,
        R10.1), and with ``moves`` when the policy would move (a move does nothing by
        itself, R5.1): the policy's choice, its next best of other kinds (an elimination
        only if it can succeed, R5.6), then of any kind, up to ``candidates``, and ``end``
        when the counters are level."""
        scored = self.policy.scored(game, view, legal)
        choice = scored[0][0]
        pend = view.pending
        if pend is not None:
            if pend[0] not in _SEARCHED_KEEPS:
                return [choice]
            return [choice, *[a for a in legal if a != choice][: self.candidates - 1]]
        if view.phase != "players":
            return [choice]
        players = view.players
        level = all(p.actions == players[0].actions for p in players)
        if not (self.every or level or (self.moves and choice.kind == "move")):
            return [choice]
        out = [choice]
        end = Action("end")
        kinds = {choice.kind}
        # the planner's next best actions, one of each kind first (a move, an elimination
        # that can succeed, R5.6, a limited action …), then the next best of any kind
        rest = [a for a, _ in scored[1:] if a != end and a != choice]
        for a in rest:
            if len(out) >= self.candidates:
                break
            if a.kind not in kinds and (a.kind != "eliminate"
                                        or view.effective(a.player, 1, a.a) > 0):
                out.append(a)
                kinds.add(a.kind)
        for a in rest:
            if len(out) >= self.candidates:
                break
            if a not in out:
                out.append(a)
        if level and players[0].actions > 0 and end not in out and view.why_illegal(end) is None:
            out.append(end)
        return out

    def best(self, game: Game, view: PublicView, field: Sequence[Action]) -> int:
        """The index of the candidate whose futures end best (0, the policy's choice,
        unless another beats it by more than ``margin`` per future and at least by one won
        future: a switch on the noise of a few futures plays worse than the policy)."""
        self.searched += 1
        rounds = view.round + self.horizon if self.horizon is not None else 10 ** 6
        futures = []
        for _ in range(self.budget):
            futures.append((view.sample(self.rng), self.rng.next64()))
        # the policy's choice on every future, then each alternative until it can no longer
        # pass the bar (a future is worth 1 at most): a candidate that cannot pass it is
        # never played, so leaving its futures unplayed changes no decision
        bar = sum(self.rollout(game, base.clone(), field[0], seed, rounds)
                  for base, seed in futures) + max(1.0, self.margin * self.budget)
        top, best = 0, bar
        for i in range(1, len(field)):
            total = 0.0
            for k, (base, seed) in enumerate(futures):
                if total + (self.budget - k) <= best:
                    break
                total += self.rollout(game, base.clone(), field[i], seed, rounds)
            else:
                if total > best:
                    top, best = i, total
        return top

    def rollout(self, game: Game, state: State, first: Action, seed: int, rounds: int) -> float:
        """``first``, then the policy for the whole team until the end of the army phase of
        round ``rounds - 1`` or of the game; the value of where it ends."""
        from authoring.engine.heuristic import HeuristicBot

        apply(game, state, first, checked=False)
        policy = HeuristicBot(seed & 0x7FFFFFFF)  # fresh: no hint of another future …
        policy.share_caches(self.policy)  # … but the tables it reads are the same
        steps = 0
        while state.outcome is None and state.round < rounds and steps < 20000:
            pend = state.pending
            seat = pend.player if pend is not None else 0
            a = policy.act(game, PublicView(game, state, seat), LazyLegal(game, state))
            apply(game, state, a, checked=False)
            steps += 1
        if self.horizon is None:
            return final(game, state)
        return evaluate(game, state)


def final(game: Game, state: State) -> float:
    """The value of a future played to its end: a win 1, a defeat a tenth of its progress
    (a game cut short by the step guard is valued by :func:`evaluate`)."""
    if state.outcome is None:
        return evaluate(game, state)
    return 1.0 if state.outcome.won else 0.1 * progress(game, state)


def evaluate(game: Game, state: State) -> float:
    """How good a state is for the team, in [0, 1]: a win 1; a defeat less than any game
    still on (a fifth of its progress); otherwise the objectives' progress
    (:func:`progress`) and how safe the reserves are from the coming army phases
    (:func:`safety`)."""
    if state.outcome is not None:
        return 1.0 if state.outcome.won else 0.2 * progress(game, state)
    return 0.05 + 0.7 * progress(game, state) + 0.25 * safety(game, state)


def safety(game: Game, state: State) -> float:
    """How safe the team is from the next army phases, in [0, 1]: the reserves of soldiers
    and officers as rounds of the army at the current invasion speed, two rounds and more
    counting as safe (R8.3, R9.1)."""
    speed = game.speed_track[state.speed_cell]
    budget = game.action_budget or 4 * len(state.players)
    per_round = max(1.0, budget / 4 * speed)  # army actions a full phase brings (D8.1)
    soldiers = min(2.0, state.reserve_soldiers / per_round) / 2
    officers = min(2.0, state.reserve_officers / 4) / 2
    return 0.5 * soldiers + 0.5 * officers


def progress(game: Game, state: State) -> float:
    """The objectives' progress in [0, 1], stage by stage: revealed (R6.1) or how near the
    clue pool is to isolating an allowed place; the parts of the objective's special item
    held by the team and gathered in one hand (R5.9), the item crafted (R5.5), its holder's
    distance to the revealed place (R5.1); done."""
    from authoring.engine.heuristic import _pool_left

    objectives = game.objectives
    if not objectives:
        return 1.0
    dist = game.topo.moves
    total = 0.0
    for o in objectives:
        if state.done[o.index] >= o.markers:
            total += 1.0
            continue
        places = state.revealed[o.index]
        if len(places) >= o.markers:
            found = 1.0
        else:
            n = game.topo.n
            left = _pool_left(game, [*state.clue_pool, *state.clues_kept], o.candidates)
            found = 0.5 * (1.0 - (left - 1) / max(1, n - 1))
        if o.item < 0:
            total += 0.3 * found + 0.2 * (len(places) / max(1, o.markers))
            continue
        holders = [ps for ps in state.players if SPECIAL + o.item in ps.inventory]
        if holders:
            item = 1.0
            if places:
                d = min(dist[ps.at][z] for ps in holders for z in places)
                item += 0.5 * (1.0 - min(d, 4) / 4)
        else:
            recipe = game.recipes[o.item]
            need = sum(k for _, k in recipe) or 1
            hands = [c for ps in state.players for c in ps.inventory]
            team = sum(min(hands.count(c), k) for c, k in recipe) / need
            best = max(sum(min(ps.inventory.count(c), k) for c, k in recipe)
                       for ps in state.players) / need
            item = 0.4 * team + 0.4 * best
        total += 0.3 * found + 0.4 * item / 1.5
    return total / len(objectives)
