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
from authoring.engine.game import DRAW_ACTIONS, Game
from authoring.engine.players import DRAW_SKILL
from authoring.engine.rng import Rng
from authoring.engine.state import SPECIAL
from authoring.engine.view import PublicView

#: a draw action -> (its skill, its index among the draw bonuses) (R5.2–R5.4)
_DRAWS = {kind: (DRAW_SKILL[kind], i) for i, kind in enumerate(DRAW_ACTIONS)}


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
        self._memo: dict[object, Any] = {}

    def plan(self, game: Game) -> _Plan:
        key = id(game)
        if key not in self._plans:
            self._plans = {key: _Plan(game)}
        return self._plans[key]

    def act(self, game: Game, view: PublicView, legal: Sequence[Action]) -> Action:
        return self.pick(self.scored(game, view, legal))

    def pick(self, scored: Sequence[tuple[Action, float]]) -> Action:
        """The best-scored action; a tie broken by the bot's own generator."""
        best: list[Action] = []
        top = -1e18
        for a, s in scored:
            if s > top:
                top, best = s, [a]
            elif s == top:
                best.append(a)
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]

    def scored(self, game: Game, view: PublicView,
               legal: Sequence[Action]) -> list[tuple[Action, float]]:
        """Every legal action with its score (the moves scored per player in one pass)."""
        plan = self.plan(game)
        self._memo = {}  # what this decision's scores share (targets, the crafter …)
        out: list[tuple[Action, float]] = []
        moves: dict[int, list[Action]] = {}
        for a in legal:
            if a.kind == "move":
                moves.setdefault(a.player, []).append(a)
            else:
                out.append((a, self.score(game, view, plan, a)))
        for p, group in moves.items():
            out.extend(zip(group, self._moves(game, view, plan, p, group), strict=True))
        return out

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
    #: what one army action costs the team, per soldier of the invasion speed (R8.3): the
    #: value an action must beat when it raises the team counter (R7.1, R8.2)
    army_cost = 9.0
    #: what a move costs on top (it spends an action that does nothing by itself)
    move_cost = 12.0

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
        if k == "end":
            # with no budget (D10.1), the team stops once everyone has acted enough
            low = min(p.actions for p in players)
            return 100.0 if game.action_budget is None and low >= self.per_player else 0.0
        return self._standard(game, view, plan, a) - self._cost(game, view, a.player)

    def _cost(self, game: Game, view: PublicView, p: int) -> float:
        """What the action costs in army actions: only the player furthest ahead raises
        the team counter (R7.1), and the army answers cell for cell (R8.2, D8.1)."""
        if "top" not in self._memo:
            self._memo["top"] = max(q.actions for q in view.players)
            self._memo["army"] = self.army_cost * view.speed * len(view.players) / 4 + 1.0
        if view.players[p].actions < self._memo["top"]:
            return 0.5 * (self._memo["top"] - view.players[p].actions)  # tie-break: behind first
        return float(self._memo["army"])

    def _standard(self, game: Game, view: PublicView, plan: _Plan, a: Action) -> float:
        k = a.kind
        p = a.player
        me = view.players[p]
        here = me.at
        if k == "use":
            return 300.0
        if k == "objective":
            o = game.objectives[a.a]
            if o.kind == "general":
                value = view.level(p, 1) - view.malus(p, 1)
                return 250.0 if value >= o.military else -5.0
            return 280.0
        if k == "craft":
            if a.a not in plan.items or self._crafted(view, a.a):
                return -5.0
            return 220.0 if view.effective(p, 2) >= view.craft_need(p) else -5.0
        if k == "move":
            return self._move(game, view, plan, a)
        if k in ("investigate", "search", "recruit"):
            return self._limited(game, view, plan, p, k, here)
        if k == "eliminate":
            return self._eliminate(game, view, p, a.a, a.b)
        if k == "resistance":
            return 70.0 if a.c else -5.0 - a.b
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
            # the planning token (+1, R5.10) makes a craft or a use succeed, or an
            # elimination here (R5.6)
            if a.a == 2 and self._can_craft_with_plan(game, view, plan, p):
                return 140.0
            if a.a == 1 and view.soldiers[here] and view.effective(p, 1) == 0:
                return self._eliminate(game, view, p, here, 0, bonus=1) - self.move_cost
            return -4.0
        return 0.0

    def _eliminate(self, game: Game, view: PublicView, p: int, z: int, officer: int,
                   bonus: int = 0) -> float:
        """R5.6: a success removes a piece, makes room for the next deployment (R8.4) and
        becomes a reputation cube (R7.2); a failure only spends the action (D11.2)."""
        if self._military(view, p, z) + bonus <= 0:
            return -20.0
        full = view.occupation(z) >= game.max_occupation[z]
        soldiers, _ = view.reserve
        danger = 30.0 if soldiers <= 3 * view.speed else 0.0
        return (60.0 if officer else 45.0) + (8.0 if full else 0.0) + danger

    def _limited(self, game: Game, view: PublicView, plan: _Plan, p: int, kind: str,
                 z: int) -> float:
        """What a limited action (R4.4) at ``z`` is worth to the team; it spends a cube, so
        the player who draws most does it (R5.2–R5.4)."""
        n = self._draws(view, p, kind, z)
        if n <= 0:
            return -20.0
        if kind == "investigate":
            return 50.0 + 4 * n if self._unrevealed(game, view) else -5.0
        if kind == "search":
            if not self._missing(view, plan):
                return -2.0
            return 30.0 + 10 * min(n, 4) + (8.0 if not self._unrevealed(game, view) else 0.0)
        # recruit: worth most to a player whose Military cannot yet eliminate (R5.6)
        return (30.0 if view.level(p, 1) <= 2 else 22.0) + 2 * n

    def _unrevealed(self, game: Game, view: PublicView) -> bool:
        if "unrevealed" not in self._memo:
            self._memo["unrevealed"] = any(len(view.revealed[o.index]) < o.markers
                                           for o in game.objectives)
        return bool(self._memo["unrevealed"])

    def _sheet(self, view: PublicView, p: int) -> tuple[tuple[int, int, int], Any]:
        key = ("sheet", p)
        if key not in self._memo:
            self._memo[key] = view.sheet(p)
        return self._memo[key]  # type: ignore[no-any-return]

    def _military(self, view: PublicView, p: int, z: int) -> int:
        """M − the army malus at ``z`` (R4.5, R5.6)."""
        levels, m = self._sheet(view, p)
        return levels[1] - max(0, view.army_malus(z) - m.malus_reduction[1])

    def _draws(self, view: PublicView, p: int, kind: str, z: int) -> int:
        """Cards a draw action would draw at ``z`` (R5.2–R5.4, R4.5), from this decision's
        sheets (as :func:`authoring.engine.players.draw_count` counts them)."""
        levels, m = self._sheet(view, p)
        skill, i = _DRAWS[kind]
        return max(0, levels[skill] - max(0, view.army_malus(z) - m.malus_reduction[skill])
                   + m.draw[i])

    def _missing(self, view: PublicView, plan: _Plan) -> int:
        """Parts of the objectives' items the team still lacks (0 once all are crafted)."""
        if "missing" not in self._memo:
            self._memo["missing"] = 0 if self._all_crafted(view, plan) else sum(
                max(0, need - self._holds(view, item)) for item, need in plan.parts.items())
        return int(self._memo["missing"])

    def _could(self, game: Game, view: PublicView, plan: _Plan, p: int, z: int) -> float:
        """The best a player could do at ``z`` with one more action (no move): it depends
        on the zone only through its soldiers, army malus, free cube slots and fullness."""
        key = ("could", p, self._zone_keys(game, view)[z])
        if key not in self._memo:
            self._memo[key] = self._could_now(game, view, plan, p, z)
        return float(self._memo[key])

    def _zone_keys(self, game: Game, view: PublicView) -> list[tuple[bool, int, bool, bool]]:
        """What a zone offers a player's next action: soldiers to eliminate, the army
        malus (R4.5), a free cube slot (R4.4), fullness (R4.3)."""
        if "zones" not in self._memo:
            size, top = game.topo.size, game.max_occupation
            cubes, soldiers = view.cubes, view.soldiers
            self._memo["zones"] = [
                (soldiers[z] > 0, view.army_malus(z), cubes[z] < size[z],
                 view.occupation(z) >= top[z]) for z in range(game.topo.n)]
        return self._memo["zones"]  # type: ignore[no-any-return]

    def _could_now(self, game: Game, view: PublicView, plan: _Plan, p: int, z: int) -> float:
        me = view.players[p]
        best = 0.0
        if view.soldiers[z] and self._military(view, p, z) > 0:
            best = self._eliminate(game, view, p, z, 0)
        if me.cubes and view.cubes[z] < game.topo.size[z]:
            for kind in ("investigate", "search", "recruit"):
                best = max(best, self._limited(game, view, plan, p, kind, z))
        return best

    def _move(self, game: Game, view: PublicView, plan: _Plan, a: Action) -> float:
        """One move's score, before its cost (see :meth:`_moves`)."""
        return self._moves(game, view, plan, a.player, [a])[0] + self._cost(game, view, a.player)

    def _moves(self, game: Game, view: PublicView, plan: _Plan, p: int,
               group: Sequence[Action]) -> list[float]:
        """The scores of ``p``'s moves (R5.1), after their cost: towards the player's goal,
        else to where it could do more with its next action than where it stands."""
        goal, here_value = self._move_goal(game, view, plan, p)
        here = view.players[p].at
        dist = plan.dist
        cost = self._cost(game, view, p)
        zkeys = self._zone_keys(game, view)
        could: dict[Any, float] = {}
        out = []
        for a in group:
            z = a.a
            s = None
            if goal is not None:
                kind, to = goal
                if kind == "parts" and dist[z][to] < dist[here][to]:
                    s = 90.0 - 10 * dist[z][to]  # bring the parts (R5.9)
                elif kind == "craft" and view.occupation(z) == 0:
                    s = 100.0  # craft where the army gives no malus (R4.5)
                elif kind == "target":
                    after = min(dist[z][t] for t in to)
                    if after < min(dist[here][t] for t in to):
                        s = 200.0 - 10 * after
            if s is None:
                value = could.get(zkeys[z])
                if value is None:
                    value = could[zkeys[z]] = self._could(game, view, plan, p, z)
                gain = value - here_value
                s = gain - self.move_cost if gain > 0 else -10.0
            out.append(s - cost)
        return out

    def _move_goal(self, game: Game, view: PublicView, plan: _Plan, p: int) -> tuple[Any, float]:
        """Where ``p`` should head (the crafter with parts, a zone free of the army to
        craft in, the revealed objective), and what it could do where it stands."""
        key = ("goal", p)
        if key not in self._memo:
            self._memo[key] = self._find_goal(game, view, plan, p)
        return self._memo[key]  # type: ignore[no-any-return]

    def _find_goal(self, game: Game, view: PublicView, plan: _Plan, p: int) -> tuple[Any, float]:
        me = view.players[p]
        here = me.at
        here_value = self._could(game, view, plan, p, here)
        crafter = self._crafter(game, view, plan)
        if crafter is not None and not self._all_crafted(view, plan):
            if p != crafter and self._parts_held(view, plan, p):
                return ("parts", view.players[crafter].at), here_value
            if p == crafter and self._ready(game, view, plan, p) and view.malus(p, 2):
                return ("craft", -1), here_value
        targets = self._targets(game, view)
        carrying = any(c - SPECIAL in plan.items for c in me.inventory if c >= SPECIAL)
        if targets and (carrying or any(game.objectives[o].kind in ("general", "prisoner")
                                        for o in self._open_objectives(game, view))):
            return ("target", targets), here_value
        return None, here_value

    def _parts_held(self, view: PublicView, plan: _Plan, p: int) -> int:
        return sum(1 for c in view.players[p].inventory if c in plan.parts)

    def _all_crafted(self, view: PublicView, plan: _Plan) -> bool:
        if "all_crafted" not in self._memo:
            self._memo["all_crafted"] = all(self._crafted(view, s) for s in plan.items)
        return bool(self._memo["all_crafted"])

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
            inv = view.players[p].inventory
            score = self._card_value(game, view, plan, p, x)
            if a.b == len(inv):  # discard the new card
                score = 0.0
            elif a.b >= 0:
                score -= self._card_value(game, view, plan, p, inv[a.b])
            return score
        if kind == "keep_recruit":
            if a.b < 0:
                return -10.0
            skill, _ = slot_of(a.b)
            return {0: 3.0, 1: 2.0, 2: 4.0}[skill] + game.recruits[x].value("CMI"[skill])  # type: ignore[arg-type]
        if kind == "keep_resistance":
            return -float(game.resistance_cards[x].cost)
        return -float(a.a)

    def _card_value(self, game: Game, view: PublicView, plan: _Plan, p: int, card: int) -> float:
        """What an item card in ``p``'s hand is worth (R5.4): a special item or a part of
        the objectives' items most, a lasting bonus that helps what the player does next."""
        if card >= SPECIAL:
            return 100.0
        if card in plan.parts:
            have = self._holds(view, card)
            return 30.0 if have <= plan.parts[card] else 3.0
        if card in plan.useless:
            return 0.0
        m = game.item_mods[card]
        value = 1.0
        value += 6.0 * m.skill[1] + 5.0 * m.skill[2] + 2.0 * m.skill[0]
        value += 6.0 * m.draw[2] + 2.0 * m.draw[1] + 3.0 * sum(m.malus_reduction)
        value += 4.0 * (-m.craft_delta) + 2.0 * (m.move_roads + m.move_paths) + 3.0 * m.inventory
        return value

    def _closeness(self, game: Game, view: PublicView, card: int) -> float:
        """How close the pool (with this card) comes to isolating an allowed place: the
        fewest places left around any candidate (1 = isolated)."""
        if not game.clue_holes[card]:
            return float(game.topo.n + 1)
        allowed = 0
        for o in game.objectives:
            if len(view.revealed[o.index]) < o.markers:
                allowed |= o.candidates
        return float(_pool_left(game, (*view.clue_pool, *view.clues_kept, card), allowed))


class LookaheadBot:
    """Flat Monte Carlo over the heuristic team (the ``lookahead`` bot).

    At each decision of the players' phase it takes the heuristic's choice and its next
    best alternatives, and plays each on the same ``rollouts`` imagined futures (common
    random numbers: the states are sampled once per decision from what the players know,
    :meth:`PublicView.sample` — hidden orders reshuffled, its own generator — and every
    candidate meets the same draws). A future runs ``rounds`` round ends ahead with the
    heuristic deciding inside it and is valued by :func:`_value`. An alternative replaces
    the heuristic's choice only when its futures end better by more than ``margin``: the
    search refines the team, never overrules it on noise. The real game's draws are never
    touched.
    """

    name = "lookahead"

    def __init__(self, seed: int = 0, candidates: int = 3, rollouts: int = 4, rounds: int = 1,
                 margin: float = 0.05) -> None:
        self.rng = Rng(seed ^ 0x1A4EAD)
        self.inner = HeuristicBot(seed)
        self.candidates, self.rollouts, self.rounds = candidates, rollouts, rounds
        self.margin = margin

    def act(self, game: Game, view: PublicView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1 or view.phase != "players" or view.pending is not None:
            return self.inner.act(game, view, legal)
        scored = self.inner.scored(game, view, legal)  # scored once: choice and alternatives
        choice = self.inner.pick(scored)
        ranked = sorted(scored, key=lambda x: -x[1])
        others = [a for a, _ in ranked if a != choice][: self.candidates - 1]
        if not others:
            return choice
        field = [choice, *others]
        totals = [0.0] * len(field)
        for _ in range(self.rollouts):
            base = view.sample(self.rng)
            seed = self.rng.below(1 << 30)
            for i, a in enumerate(field):
                totals[i] += self._rollout(game, base.clone(), a, seed)
        best = max(range(1, len(field)), key=lambda i: totals[i])
        if totals[best] > totals[0] + self.margin * self.rollouts:
            return field[best]
        return choice

    def _rollout(self, game: Game, state: Any, first: Action, seed: int) -> float:
        from authoring.engine.api import apply, legal_actions

        end = state.round + self.rounds
        apply(game, state, first, checked=False)
        policy = HeuristicBot(seed)
        steps = 0
        while state.outcome is None and state.round < end and steps < 2000:
            seat = state.pending.player if state.pending is not None else 0
            a = policy.act(game, PublicView(game, state, seat), legal_actions(game, state))
            apply(game, state, a, checked=False)
            steps += 1
        return _value(game, state)


def _value(game: Game, state: Any) -> float:
    """How good a state is for the team, in [0, 1]: a win 1, a defeat 0; otherwise the
    objectives' progress — done, revealed, how near the clue pool is to isolating an
    allowed place (R6.1), the parts or the special item in hand (R5.5) — and how far the
    reserves are from running out (R9.1)."""
    if state.outcome is not None:
        return 1.0 if state.outcome.won else 0.0
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
            near += 1.0 - (_pool_left(game, state.clue_pool, o.candidates) - 1) / max(1, n - 1)
        else:
            near += 1.0
        if o.item >= 0:
            if SPECIAL + o.item in hands:
                items += 1.0
            else:
                recipe = game.recipes[o.item]
                need = sum(k for _, k in recipe) or 1
                items += sum(min(hands.count(c), k) for c, k in recipe) / need
        else:
            items += 1.0
    k = len(open_) or 1
    near, items = (near / k, items / k) if open_ else (1.0, 1.0)
    soldiers = state.reserve_soldiers / max(1, game.box_soldiers)
    officers = state.reserve_officers / max(1, game.officers)
    return (0.05 + 0.3 * done + 0.15 * revealed + 0.05 * near + 0.1 * items
            + 0.15 * soldiers + 0.2 * officers)


def _pool_left(game: Game, pool: Sequence[int], allowed: int) -> int:
    """The fewest places the pooled clues leave around any allowed place (1 = isolated)."""
    best = game.topo.n
    bits = allowed
    while bits:
        low = bits & -bits
        p = low.bit_length() - 1
        bits ^= low
        inter = -1
        for c in pool:
            h = game.clue_holes[c]
            if h and h >> p & 1:
                inter &= h
        if inter != -1:
            best = min(best, inter.bit_count())
    return best
