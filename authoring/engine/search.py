"""A team that plans on imagined futures: the ``search`` bot.

Determinized Monte Carlo search over information sets (flat UCT-free "sampled futures"):
at a decision that matters the bot lists a few candidate actions — the policy's choice
and its next best alternatives, obtained by asking the policy again with the choice taken
away (the policy is a black box: ``act(game, view, legal)``), and ``end`` when the team's
counters are level — then imagines ``budget`` futures from what the players know
(:meth:`PublicView.sample <authoring.engine.view.PublicView.sample>`: the hidden orders
reshuffled, a new generator, so the real game's draws are never seen or touched). Every
candidate meets the same futures (common random numbers). In each future the candidate
is played, then the policy (:class:`~authoring.engine.heuristic.HeuristicBot`) plays for
the whole team up to the end of the next army phase (``horizon`` rounds), and the state
reached is valued by :func:`evaluate`. The candidate whose futures end best on average
is played; the policy's choice keeps its place unless an alternative beats it by more
than a small margin (the search refines the team, it does not overrule it on noise).

What it evaluates (:func:`evaluate`): a win 1, a defeat 0; otherwise the objectives'
progress (done, revealed, the clue pool's closeness to isolating an allowed place, the
special items crafted or their parts in hand), and how long the army still needs to win
(the reserves of soldiers and officers left, weighed by the invasion speed still to
come).

How the budget maps to work: ``budget`` = N sampled futures per searched decision (a team
that plans N futures per decision); a searched decision costs about
``candidates × N`` short rollouts of at most ``horizon`` rounds. Decisions with one
legal action, the start of a phase (reorganise, begin), a pending ``choose`` and a kept
recruit are left to the policy. All chance is the bot's own generator (:class:`Rng`,
seeded by the bot's seed): a seed gives the same game, whatever runs it.
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
DEFAULT_BUDGET = 4
#: the most futures a decision may plan (a guard for command lines)
MAX_BUDGET = 10000


class SearchBot:
    """See the module docstring. ``budget``: sampled futures per searched decision;
    ``candidates``: actions compared per decision; ``horizon``: rounds a future runs
    ahead (to the end of that many army phases); ``margin``: how much better on average
    an alternative must end to replace the policy's choice."""

    name = "search"

    def __init__(self, seed: int = 0, budget: int = DEFAULT_BUDGET, candidates: int = 3,
                 horizon: int = 1, margin: float = 0.002, keeps: bool = True,
                 where: str = "all", value: str = "sum") -> None:
        if not 1 <= budget <= MAX_BUDGET:
            raise ValueError(f"the search budget is futures per decision: 1 to {MAX_BUDGET}, "
                             f"not {budget}")
        from authoring.engine.heuristic import HeuristicBot

        self.rng = Rng(seed ^ 0x5EA7C4)
        self.policy = HeuristicBot(seed)
        self.budget, self.candidates, self.horizon = budget, candidates, horizon
        self.margin, self.keeps, self.where, self.value = margin, keeps, where, value
        self._roll = HeuristicBot(seed ^ 0x7011)

    # -- the decision -----------------------------------------------------------------
    def act(self, game: Game, view: PublicView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        field = self.field(game, view, legal)
        if len(field) == 1:
            return field[0]
        return field[self.best(game, view, field)]

    def field(self, game: Game, view: PublicView, legal: Sequence[Action]) -> list[Action]:
        """The candidates of this decision, the policy's choice first (only it when the
        decision is not searched)."""
        choice = self.policy.act(game, view, legal)
        pend = view.pending
        if pend is not None:
            if not self.keeps or pend[0] in ("keep_recruit", "choose_zone", "choose_player",
                                             "choose_card") or not pend[0].startswith("keep"):
                return [choice]
        elif view.phase != "players":
            return [choice]
        out = [choice]
        if self.where == "keeps" and pend is None:
            return out
        if self.where == "macro" and pend is None:
            players = view.players
            level = all(p.actions == players[0].actions for p in players)
            if level and players[0].actions > 0 and choice.kind != "end" and Action("end") in legal:
                out.append(Action("end"))
            return out
        rest = [a for a in legal if a != choice]
        while len(out) < self.candidates and rest:
            nxt = self.policy.act(game, view, rest)
            out.append(nxt)
            rest = [a for a in rest if a != nxt]
        if pend is None:
            end = Action("end")
            players = view.players
            level = all(p.actions == players[0].actions for p in players)
            if level and players[0].actions > 0 and end not in out and end in legal:
                out.append(end)
        return out

    def best(self, game: Game, view: PublicView, field: Sequence[Action]) -> int:
        """The index of the candidate whose futures end best (0, the policy's choice,
        unless another beats it by more than the margin)."""
        totals = [0.0] * len(field)
        rounds = view.round + self.horizon
        for _ in range(self.budget):
            base = view.sample(self.rng)
            seed = self.rng.next64()
            for i, a in enumerate(field):
                totals[i] += self.rollout(game, base.clone(), a, seed, rounds)
        top = max(range(len(field)), key=lambda i: totals[i])
        if top != 0 and totals[top] > totals[0] + self.margin * self.budget:
            return top
        return 0

    def rollout(self, game: Game, state: State, first: Action, seed: int, rounds: int) -> float:
        """``first``, then the policy for the whole team until the end of the army phase of
        round ``rounds - 1`` or of the game; the value of where it ends."""
        apply(game, state, first, checked=False)
        policy = self._roll
        if hasattr(policy, "rng"):
            policy.rng = Rng(seed)
        steps = 0
        while state.outcome is None and state.round < rounds and steps < 3000:
            pend = state.pending
            seat = pend.player if pend is not None else 0
            a = policy.act(game, PublicView(game, state, seat), LazyLegal(game, state))
            apply(game, state, a, checked=False)
            steps += 1
        if self.value == "mult" and state.outcome is None:
            return (0.1 + progress(game, state)) * (0.1 + reserves(game, state)) / 1.21
        return evaluate(game, state)


def evaluate(game: Game, state: State) -> float:
    """How good a state is for the team, in [0, 1]: a win 1, a defeat 0; otherwise the
    objectives' progress and the time the army still needs (see the module docstring)."""
    if state.outcome is not None:
        return 1.0 if state.outcome.won else 0.2 * progress(game, state)
    return 0.05 + 0.65 * progress(game, state) + 0.3 * reserves(game, state)


def reserves(game: Game, state: State) -> float:
    """How far the army is from winning: the reserves of soldiers and officers left."""
    soldiers = state.reserve_soldiers / max(1, game.box_soldiers)
    officers = state.reserve_officers / max(1, game.officers)
    return 0.4 * soldiers + 0.6 * officers


def progress(game: Game, state: State) -> float:
    """The objectives' progress in [0, 1]."""
    from authoring.engine.heuristic import _pool_left

    objectives = game.objectives
    markers = sum(o.markers for o in objectives) or 1
    done = sum(min(state.done[o.index], o.markers) for o in objectives) / markers
    revealed = sum(min(len(state.revealed[o.index]), o.markers) for o in objectives) / markers
    n = game.topo.n
    near = items = 0.0
    open_ = [o for o in objectives if state.done[o.index] < o.markers]
    hands = [c for ps in state.players for c in ps.inventory]
    for o in open_:
        if len(state.revealed[o.index]) < o.markers:
            near += 1.0 - (_pool_left(game, [*state.clue_pool, *state.clues_kept],
                                      o.candidates) - 1) / max(1, n - 1)
        else:
            near += 1.0
        if o.item >= 0:
            if SPECIAL + o.item in hands:
                items += 1.0
            else:
                recipe = game.recipes[o.item]
                need = sum(k for _, k in recipe) or 1
                items += 0.7 * sum(min(hands.count(c), k) for c, k in recipe) / need
        else:
            items += 1.0
    k = len(open_) or 1
    near, items = (near / k, items / k) if open_ else (1.0, 1.0)
    return (0.45 * done + 0.2 * revealed + 0.1 * near + 0.25 * items)
