"""A competent cooperative team: the ``heuristic`` bot.

It reads only a :class:`~authoring.engine.view.PublicView` and the legal actions, and
plays the objectives in the order the game asks for them: investigate until the pooled
clues isolate the objective (keeping the clue that brings the pool closest to isolating
an allowed place, R6.1), search for the parts of the objective's special item (keeping
parts, discarding useless cards, R5.4), hand parts to the player who holds most of the
recipe (R5.9), craft (R5.5), travel to the revealed place (R5.1) and use the item there
(R5.7) — or eliminate the general, or free the prisoner. Meanwhile it fights the army
where an elimination cannot fail (R5.6: Military − malus > 0), preferring full zones,
activates resistance cards when they are paid for, recruits, and spreads its actions
over the team so the army answers as little as possible (R5.0, R7.1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from authoring.engine.actions import Action, slot_of
from authoring.engine.game import Game
from authoring.engine.rng import Rng
from authoring.engine.state import SPECIAL
from authoring.engine.view import PublicView


class _Plan:
    """What a game's tables say once: move distances, the objective items' parts."""

    def __init__(self, game: Game) -> None:
        self.dist = game.topo.moves  # moves needed between zones (R5.1), built once a board
        self.items = {o.item for o in game.objectives if o.item >= 0}
        need: Counter[int] = Counter()
        for s in self.items:
            for item, k in game.recipes[s]:
                need[item] = max(need[item], k)
        self.parts = need
        self.useless = {i for i, it in enumerate(game.items) if it.kind == "useless"}


class HeuristicBot:
    """See the module docstring. ``actions_per_player``: when no budget ends the phase
    (D10.1), the team stops once everyone has taken that many actions."""

    name = "heuristic"

    def __init__(self, seed: int = 0, actions_per_player: int = 5) -> None:
        self.rng = Rng(seed)
        self.per_player = actions_per_player
        self._plans: dict[int, _Plan] = {}
        self._memo: dict[str, Any] = {}

    def plan(self, game: Game) -> _Plan:
        key = id(game)
        if key not in self._plans:
            self._plans = {key: _Plan(game)}
        return self._plans[key]

    def act(self, game: Game, view: PublicView, legal: Sequence[Action]) -> Action:
        plan = self.plan(game)
        self._memo = {}  # what this decision's scores share (targets, the crafter …)
        best: list[Action] = []
        top = -1e18
        for a in legal:
            s = self.score(game, view, plan, a)
            if s > top:
                top, best = s, [a]
            elif s == top:
                best.append(a)
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]

    # -- the team's needs ---------------------------------------------------------------
    def _open_objectives(self, game: Game, view: PublicView) -> list[int]:
        return [o.index for o in game.objectives if view.done[o.index] < o.markers]

    def _targets(self, game: Game, view: PublicView) -> list[int]:
        if "targets" not in self._memo:
            self._memo["targets"] = [z for o in self._open_objectives(game, view)
                                     for z in view.revealed[o]]
        return self._memo["targets"]

    def _holds(self, view: PublicView, card: int) -> int:
        return sum(p.inventory.count(card) for p in view.players)

    def _crafted(self, view: PublicView, special: int) -> bool:
        return self._holds(view, SPECIAL + special) > 0

    # -- scores -------------------------------------------------------------------------
    def score(self, game: Game, view: PublicView, plan: _Plan, a: Action) -> float:
        k = a.kind
        if k == "begin":
            return 0.0
        if k == "reorganise":
            return -1.0
        if k == "keep":
            return self._keep(game, view, plan, a)
        if k == "choose":
            return -float(a.a)
        players = view.players
        low = min(p.actions for p in players)
        if k == "end":
            # every action answers with army actions (R7.1, R8.2): stop when nothing is
            # worth it, or once everyone has acted enough when no budget ends the phase
            return 100.0 if low >= self.per_player else 12.0
        me = players[a.player]
        spread = -6.0 * (me.actions - low)
        return spread + self._standard(game, view, plan, a)

    def _standard(self, game: Game, view: PublicView, plan: _Plan, a: Action) -> float:
        k = a.kind
        p = a.player
        me = view.players[p]
        here = me.at
        targets = self._targets(game, view)
        unrevealed = any(len(view.revealed[o.index]) < o.markers for o in game.objectives)
        if k == "use":
            return 200.0
        if k == "objective":
            o = game.objectives[a.a]
            if o.kind == "general":
                value = view.level(p, 1) - view.malus(p, 1)
                return 150.0 if value >= o.military else -5.0
            return 180.0
        if k == "craft":
            if a.a not in plan.items or self._crafted(view, a.a):
                return -5.0
            return 150.0 if view.effective(p, 2) >= view.craft_need(p) else -5.0
        if k == "move":
            z = a.a
            crafter = self._crafter(game, view, plan)
            if crafter is not None and not self._all_crafted(view, plan):
                holds = self._parts_held(view, plan, p)
                to = view.players[crafter].at
                if p != crafter and holds and plan.dist[z][to] < plan.dist[here][to]:
                    return 90.0 - 10 * plan.dist[z][to]  # bring the parts (R5.9)
                ready = p == crafter and self._ready(game, view, plan, p)
                if ready and view.malus(p, 2) and view.occupation(z) == 0:
                    return 100.0  # craft where the army gives no malus (R4.5)
            carrying = any(c - SPECIAL in plan.items for c in me.inventory if c >= SPECIAL)
            if targets and (carrying or any(game.objectives[o].kind in ("general", "prisoner")
                                            for o in self._open_objectives(game, view))):
                now = min(plan.dist[here][t] for t in targets)
                after = min(plan.dist[z][t] for t in targets)
                if after < now:
                    return 120.0 - 10 * after
            occ = view.occupation(z)
            room = game.topo.size[z] - view.cubes[z]
            stay = game.topo.size[here] - view.cubes[here]
            if stay <= 0 and room > 0:
                return 20.0 - 4 * occ
            return -8.0
        if k == "investigate":
            return 60.0 if unrevealed else -5.0
        if k == "search":
            missing = sum(max(0, need - self._holds(view, item)) for item, need in plan.parts.items())
            crafted_all = all(self._crafted(view, s) for s in plan.items)
            if crafted_all or not plan.items:
                return 5.0
            return 55.0 if missing else 8.0
        if k == "eliminate":
            occ = view.occupation(a.a)
            value = view.level(p, 1) - occ
            if value <= 0:
                return -20.0
            full = occ >= game.max_occupation[a.a]
            # the reserve runs out when the next invasion needs more than it holds (R9.1)
            soldiers, officers = view.reserve
            owed = max(p.actions for p in view.players) * view.speed + 2 * view.speed
            danger = 40.0 if soldiers <= owed else 0.0
            return (45.0 if a.b else 35.0) + (10 if full else 0) + danger
        if k == "recruit":
            return 30.0
        if k == "resistance":
            return 70.0 if a.c else (6.0 - a.b)
        if k == "transfer":
            if a.b < 0:
                return -5.0
            card = me.inventory[a.b]
            if card >= SPECIAL or card not in plan.parts:
                return -5.0
            if a.a == self._crafter(game, view, plan) and a.player != a.a:
                return 95.0  # the parts go to the crafter (R5.9)
            return -5.0
        if k == "plan":
            # the planning token (+1, R5.10) makes a craft or a use succeed
            if a.a == 2 and self._can_craft_with_plan(game, view, plan, p):
                return 140.0
            return 4.0
        return 0.0

    def _parts_held(self, view: PublicView, plan: _Plan, p: int) -> int:
        return sum(1 for c in view.players[p].inventory if c in plan.parts)

    def _all_crafted(self, view: PublicView, plan: _Plan) -> bool:
        return all(self._crafted(view, s) for s in plan.items)

    def _crafter(self, game: Game, view: PublicView, plan: _Plan) -> int | None:
        """The player who should craft: most recipe parts held, then the best Engineering."""
        if "crafter" in self._memo:
            return self._memo["crafter"]
        self._memo["crafter"] = self._find_crafter(view, plan)
        return self._memo["crafter"]

    def _find_crafter(self, view: PublicView, plan: _Plan) -> int | None:
        best = None
        key = (0, 0)
        for p in range(len(view.players)):
            k = (self._parts_held(view, plan, p), view.level(p, 2))
            if k[0] and k > key:
                best, key = p, k
        return best

    def _ready(self, game: Game, view: PublicView, plan: _Plan, p: int) -> bool:
        """``p`` holds every part of an objective item still to craft."""
        inv = view.players[p].inventory
        return any(not self._crafted(view, s)
                   and all(inv.count(item) >= k for item, k in game.recipes[s])
                   for s in plan.items)

    def _can_craft_with_plan(self, game: Game, view: PublicView, plan: _Plan, p: int) -> bool:
        me = view.players[p]
        for s in plan.items:
            if self._crafted(view, s):
                continue
            if all(me.inventory.count(item) >= k for item, k in game.recipes[s]):
                value = view.effective(p, 2)
                return value < view.craft_need(p) <= value + game.planning_bonus
        return False

    def _keep(self, game: Game, view: PublicView, plan: _Plan, a: Action) -> float:
        pend = view.pending
        if pend is None:
            return -float(a.a)
        kind, p, options = pend
        if options is None:
            return -float(a.a)
        x = options[a.a]
        if kind == "keep_investigate":
            return -self._closeness(game, view, x)
        if kind == "keep_search":
            score = 10.0 if x in plan.parts else (0.0 if x in plan.useless else 4.0)
            inv = view.players[p].inventory
            if a.b == len(inv):  # discard the new card
                score -= 3.0 if x in plan.useless else 20.0
            elif a.b >= 0:
                old = inv[a.b]
                score -= 0.0 if old in plan.useless else (15.0 if old in plan.parts
                                                         or old >= SPECIAL else 5.0)
            return score
        if kind == "keep_recruit":
            if a.b < 0:
                return -10.0
            skill, _ = slot_of(a.b)
            return {0: 3.0, 1: 2.0, 2: 4.0}[skill] + game.recruits[x].value("CMI"[skill])  # type: ignore[arg-type]
        if kind == "keep_resistance":
            return -float(game.resistance_cards[x].cost)
        return -float(a.a)

    def _closeness(self, game: Game, view: PublicView, card: int) -> float:
        """How close the pool (with this card) comes to isolating an allowed place: the
        fewest places left around any candidate (1 = isolated)."""
        holes = [game.clue_holes[c] for c in (*view.clue_pool, *view.clues_kept, card)]
        if not game.clue_holes[card]:
            return float(game.topo.n + 1)
        allowed = 0
        for o in game.objectives:
            if len(view.revealed[o.index]) < o.markers:
                allowed |= o.candidates
        best = game.topo.n
        p = 0
        bits = allowed
        while bits:
            low = bits & -bits
            p = low.bit_length() - 1
            bits ^= low
            inter = -1
            hit = False
            for h in holes:
                if h >> p & 1:
                    inter &= h
                    hit = True
            if hit:
                size = inter.bit_count()
                if size < best:
                    best = size
        return float(best)


class LookaheadBot:
    """Flat Monte Carlo over the heuristic team (the ``lookahead`` bot).

    At each decision of the players' phase it takes the heuristic's few best actions, and
    for each plays ``rollouts`` short futures — to the end of the round's army phase —
    on states sampled from what the players know (:meth:`PublicView.sample`: the hidden
    orders reshuffled, its own generator), the heuristic deciding inside them; it keeps
    the action whose futures end best (a win, else the objectives' progress and the
    reserves left before a defeat). The real game's draws are never touched.
    """

    name = "lookahead"

    def __init__(self, seed: int = 0, candidates: int = 2, rollouts: int = 2) -> None:
        self.rng = Rng(seed ^ 0x1A4EAD)
        self.inner = HeuristicBot(seed)
        self.candidates, self.rollouts = candidates, rollouts

    def act(self, game: Game, view: PublicView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1 or view.phase != "players" or view.pending is not None:
            return self.inner.act(game, view, legal)
        plan = self.inner.plan(game)
        ranked = sorted(legal, key=lambda a: -self.inner.score(game, view, plan, a))
        best, top = ranked[0], -1.0
        for a in ranked[: self.candidates]:
            value = sum(self._rollout(game, view, a) for _ in range(self.rollouts))
            if value > top:
                best, top = a, value
        return best

    def _rollout(self, game: Game, view: PublicView, first: Action) -> float:
        from authoring.engine.api import apply, legal_actions

        state = view.sample(self.rng)
        start = state.round
        apply(game, state, first, checked=False)
        policy = HeuristicBot(self.rng.below(1 << 30))
        steps = 0
        while state.outcome is None and state.round == start and steps < 300:
            seat = state.pending.player if state.pending is not None else 0
            a = policy.act(game, PublicView(game, state, seat), legal_actions(game, state))
            apply(game, state, a, checked=False)
            steps += 1
        return _value(game, state)


def _value(game: Game, state: Any) -> float:
    """How good a state is for the team, in [0, 1]: a win 1, a defeat 0; otherwise the
    objectives' progress and how far the reserves are from running out (R9.1)."""
    if state.outcome is not None:
        return 1.0 if state.outcome.won else 0.0
    markers = sum(o.markers for o in game.objectives) or 1
    done = sum(min(state.done[o.index], o.markers) for o in game.objectives) / markers
    revealed = sum(min(len(state.revealed[o.index]), o.markers) for o in game.objectives) / markers
    soldiers = state.reserve_soldiers / max(1, game.box_soldiers)
    officers = state.reserve_officers / max(1, game.officers)
    return 0.1 + 0.35 * done + 0.1 * revealed + 0.2 * soldiers + 0.25 * officers
