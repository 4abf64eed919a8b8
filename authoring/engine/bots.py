"""Players that are programs. A bot sees what its player knows (:class:`PublicView`) and
the legal actions, never the state itself, and draws its own chance from its own
generator (the game's draws do not depend on a bot's choices of randomness).

``random``: a uniform legal action (the legal baseline). ``simple``: a short priority
list that plays towards the objectives (use, craft, investigate, search, eliminate,
recruit, move to a revealed objective), keeps what helps, and ends the phase when the
next action would not be worth much. ``heuristic``
(:mod:`authoring.engine.heuristic`): a competent team. ``search``
(:mod:`authoring.engine.search`): the heuristic team planning on sampled futures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from authoring.engine.actions import Action
from authoring.engine.game import Game
from authoring.engine.rng import Rng
from authoring.engine.view import PublicView


class Bot(Protocol):
    """A program that decides: the game, what its player knows, the legal actions."""

    name: str

    def act(self, game: Game, view: PublicView, legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """A uniformly random legal action."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, game: Game, view: PublicView, legal: Sequence[Action]) -> Action:
        return legal[self.rng.below(len(legal))]


class SimpleBot:
    """A priority list (see the module docstring); ties broken by its own generator."""

    name = "simple"

    def __init__(self, seed: int = 0, actions_per_player: int = 5) -> None:
        self.rng = Rng(seed)
        self.per_player = actions_per_player

    def act(self, game: Game, view: PublicView, legal: Sequence[Action]) -> Action:
        best: list[Action] = []
        top = -1e9
        for a in legal:
            s = self.score(game, view, a)
            if s > top:
                top, best = s, [a]
            elif s == top:
                best.append(a)
        return best[self.rng.below(len(best))]

    def score(self, game: Game, view: PublicView, a: Action) -> float:
        k = a.kind
        if k in ("begin", "choose"):
            return 0.0 if k == "begin" else -a.a
        if k == "keep":  # the first card drawn; a recruit placed rather than returned
            pend = view.pending
            recruit = pend is not None and pend[0] == "keep_recruit"
            return -a.a - (0.5 if a.b == -1 and recruit else 0)
        if k == "reorganise":
            return -1.0
        players = view.players
        low = min(p.actions for p in players)
        if k == "end":
            return 3.0 if low >= self.per_player else -5.0
        me = players[a.player]
        fairness = -2.0 * (me.actions - low)  # spread the actions over the team
        base = {"use": 100, "objective": 90, "craft": 80, "investigate": 30, "search": 28,
                "eliminate": 20, "recruit": 15, "resistance": 6, "plan": 2, "transfer": 1,
                "move": 4}.get(k, 0)
        open_objectives = [o for o in game.objectives if view.done[o.index] < o.markers]
        if k == "investigate" and all(view.revealed[o.index] for o in game.objectives):
            base = 3
        if k == "eliminate":
            if view.level(a.player, 1) - view.occupation(a.a) <= 0:
                base = -10  # R5.6 would fail: M − the occupation there ≤ 0
            elif a.b == 1:
                base = 25
        if k == "resistance":
            base = 40 if a.c == 1 else 5 - a.b
        if k == "move":
            targets = [z for o in open_objectives for z in view.revealed[o.index]]
            if a.a in targets:
                base = 60
            if view.occupation(a.a) >= 2:
                base -= 3
        return base + fairness


def _heuristic(seed: int) -> Bot:
    from authoring.engine.heuristic import HeuristicBot

    return HeuristicBot(seed)


def _lookahead(seed: int, budget: int | None = None) -> Bot:
    from authoring.engine.heuristic import LookaheadBot

    return LookaheadBot(seed) if budget is None else LookaheadBot(seed, rollouts=budget)


def _search(seed: int, budget: int | None = None) -> Bot:
    from authoring.engine.search import DEFAULT_BUDGET, SearchBot

    return SearchBot(seed, DEFAULT_BUDGET if budget is None else budget)


#: bot name -> a maker taking the bot's seed, weakest first
BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "simple": SimpleBot,
                                       "heuristic": _heuristic, "lookahead": _lookahead,
                                       "search": _search}
#: the bots whose maker takes a search budget (futures per decision) after the seed
BUDGETED = frozenset(("search", "lookahead"))
