"""Players that are programs. A bot sees what its player knows (:class:`PublicView`) and
the legal actions, never the state itself, and draws its own chance from its own
generator (the game's draws do not depend on a bot's choices of randomness).

``random``: a uniform legal action (the legal baseline). ``simple``: the heuristic's
players each on their own — the same choices of what to do, none of the team play
(claimed zones, waiting for parts, a finisher first, the soldier reserve watched).
``heuristic`` (:mod:`authoring.engine.heuristic`): a competent team, a scripted planner.
``search`` (:mod:`authoring.engine.search`): the heuristic team planning on sampled futures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from authoring.engine.actions import Action
from authoring.engine.api import LazyLegal, apply, random_action
from authoring.engine.game import Game
from authoring.engine.heuristic import HeuristicBot
from authoring.engine.rng import Rng
from authoring.engine.state import State
from authoring.engine.view import PublicView


class Bot(Protocol):
    """A program that decides: the game, what its player knows, the legal actions."""

    name: str

    def act(self, game: Game, view: PublicView, legal: Sequence[Action]) -> Action:
        """One of ``legal`` for the player ``view`` is seen by (the pending choice's player,
        else seat 0 acting for the team): a team of bots is one cooperative player."""
        ...


class RandomBot:
    """A uniformly random legal action."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, game: Game, view: PublicView, legal: Sequence[Action]) -> Action:
        """A legal action chosen uniformly with the bot's own generator."""
        return legal[self.rng.below(len(legal))]


class SimpleBot(HeuristicBot):
    """The heuristic's roles without its team play (see the module docstring): the same
    per-player choices (investigate, search, craft, carry, eliminate where it cannot
    fail), but no zone is claimed for a teammate, nobody waits for parts or an item nor
    arms the striker with one (R5.9), no finisher is given the phase's budget,
    eliminations are not hurried by a soldier reserve about to run out (R9.1) nor sent
    where the army overflows (R8.4), recruits serve only the craft test (R5.5), and a clue
    is kept for the fewest places left, not for where it reveals the objective (R6.1)."""

    name = "simple"
    coordinate = False
    urgency = 0.0
    pressure_weight = 0.0
    load_weight = 0.0  # nor worth more on an island the army fills (R8.2–R8.5)
    kill_value = 1.8
    kill_value_own_cubes = 1.8
    best_behind = False  # the furthest behind acts first
    cube_price = 1.5
    m_need = 0.0
    m_need_own_cubes = 0.0
    horizon = 0.0
    future_searches = 0.0
    reveal_weight = 0.0  # a clue kept for the fewest places left, wherever they lead (R6.1)


def _heuristic(seed: int) -> Bot:
    from authoring.engine.heuristic import HeuristicBot

    return HeuristicBot(seed)


def _lookahead(seed: int, budget: int | None = None) -> Bot:
    from authoring.engine.heuristic import LookaheadBot

    return LookaheadBot(seed) if budget is None else LookaheadBot(seed, rollouts=budget)


def _search(seed: int, budget: int | None = None) -> Bot:
    from authoring.engine.search import DEFAULT_BUDGET, SearchBot

    return SearchBot(seed, DEFAULT_BUDGET if budget is None else budget)


#: bot name -> a maker taking the bot's seed, weakest first (the lookahead, a flat Monte
#: Carlo over the heuristic, is measured at or below it: scenario 1, 4 players, 200
#: games, easy 56 % against 58 %, normal 45 % against 50 %)
BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "simple": SimpleBot,
                                       "lookahead": _lookahead, "heuristic": _heuristic,
                                       "search": _search}
#: the bots whose maker takes a search budget (futures per decision) after the seed
BUDGETED = frozenset(("search", "lookahead"))


def play_out(game: Game, state: State, bot: Bot | None, rng: Rng, max_rounds: int
             ) -> list[Action]:
    """Play ``state`` to the end of its game, every decision ``bot``'s (the pending
    choice's player sees it, else seat 0 for the team); ``bot`` None: a uniformly random
    legal action drawn with ``rng`` (:func:`~authoring.engine.api.random_action`). The
    actions taken, in order. (A compiled loop: a study's games run here.)"""
    taken: list[Action] = []
    while state.outcome is None:
        if bot is None:
            a = random_action(game, state, rng)
        else:
            pend = state.pending
            seat = pend.player if pend is not None else 0
            a = bot.act(game, PublicView(game, state, seat), LazyLegal(game, state))
        taken.append(a)
        apply(game, state, a, max_rounds, checked=False)
    return taken
