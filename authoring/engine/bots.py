"""Players that are programs. A bot sees what its player knows (:func:`player_view`) and
the legal actions, never the state itself, and draws its own chance from its own
generator (the game's draws do not depend on a bot's choices of randomness).

``random``: a uniform legal action (the legal baseline). ``simple``: a short priority
list that plays towards the objectives (use, craft, investigate, search, eliminate,
recruit, move to a revealed objective), keeps what helps, and ends the phase when the
next action would not be worth much. The simulation issue brings stronger bots.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from authoring.engine.actions import Action
from authoring.engine.game import Game
from authoring.engine.rng import Rng


class Bot(Protocol):
    name: str

    def act(self, game: Game, view: dict[str, Any], legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """A uniformly random legal action."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, game: Game, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return legal[self.rng.below(len(legal))]


class SimpleBot:
    """A priority list (see the module docstring); ties broken by its own generator."""

    name = "simple"

    def __init__(self, seed: int = 0, actions_per_player: int = 5) -> None:
        self.rng = Rng(seed)
        self.per_player = actions_per_player

    def act(self, game: Game, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        best: list[Action] = []
        top = -1e9
        for a in legal:
            s = self.score(game, view, a)
            if s > top:
                top, best = s, [a]
            elif s == top:
                best.append(a)
        return best[self.rng.below(len(best))]

    def score(self, game: Game, view: dict[str, Any], a: Action) -> float:
        k = a.kind
        if k in ("begin", "choose"):
            return 0.0 if k == "begin" else -a.a
        if k == "keep":  # the first card drawn; a recruit placed rather than returned
            return -a.a - (0.5 if a.b == -1 and view["pending"]["kind"] == "keep_recruit" else 0)
        if k == "reorganise":
            return -1.0
        players = view["players"]
        if k == "end":
            done = min(p["actions"] for p in players)
            return 3.0 if done >= self.per_player else -5.0
        me = players[a.player]
        low = min(p["actions"] for p in players)
        fairness = -2.0 * (me["actions"] - low)  # spread the actions over the team
        base = {"use": 100, "objective": 90, "craft": 80, "investigate": 30, "search": 28,
                "eliminate": 20, "recruit": 15, "resistance": 6, "plan": 2, "transfer": 1,
                "move": 4}.get(k, 0)
        if k == "investigate" and all(o["revealed"] for o in view["objectives"]):
            base = 3
        if k == "eliminate":
            target = view["zones"].get(game.zone(a.a), {})
            if me["levels"]["M"] - target.get("soldiers", 0) - target.get("officers", 0) <= 0:
                base = -10  # R5.6 would fail: M − the occupation there ≤ 0
            elif a.b == 1:
                base = 25
        if k == "resistance":
            base = 40 if a.c == 1 else 5 - a.b
        if k == "move":
            targets = [z for o in view["objectives"] for z in o["revealed"]
                       if o["done"] < o["markers"]]
            dest = game.zone(a.a)
            if dest in targets:
                base = 60
            zone = view["zones"].get(dest)
            if zone and zone["soldiers"] + zone["officers"] >= 2:
                base -= 3
        return base + fairness


BOTS: dict[str, type[RandomBot] | type[SimpleBot]] = {"random": RandomBot, "simple": SimpleBot}
