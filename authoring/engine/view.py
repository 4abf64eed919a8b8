"""What a player knows: the state with the hidden parts left out (bag and pile contents,
deck order, the cards another player is choosing among — the team's R6.2 draw is on the
table —, the generator), so that bots
and front ends cannot peek. Plain JSON-able data.

>>> from authoring.model.game import load_game
>>> from authoring.engine import Game, new_initial_state
>>> game = Game.create(load_game("scenarios/scenario-1.yaml"), players=3)
>>> v = player_view(game, new_initial_state(game, seed=2), player=1)
>>> v["bag"], "rng" in v, v["pending"]["kind"], len(v["pending"]["options"])
(36, False, 'keep_resistance', 2)
"""

from __future__ import annotations

from typing import Any

from authoring.engine.actions import Action
from authoring.engine.api import why_illegal
from authoring.engine.core import (
    card_name,
    effective,
    level,
    malus,
    mods,
    occupied,
    player_name,
)
from authoring.engine.game import Game, Mods
from authoring.engine.rng import Rng
from authoring.engine.state import EMPTY, PLANNING, PlayerState, State
from authoring.model.rules import SKILLS


class PublicView:
    """What every player knows, read straight from the state (no copy, for bots on hot
    paths): the island, the players' sheets, counters, revealed objectives, the clue pool
    and the available resistance cards. The bag and piles are only counted; deck order, the
    generator and another player's drawn cards are not reachable through it."""

    __slots__ = ("_game", "_state", "player")

    def __init__(self, game: Game, state: State, player: int) -> None:
        self._game, self._state, self.player = game, state, player

    # the island
    @property
    def soldiers(self) -> list[int]:
        """Soldiers per zone (R4.1), indexed by zone number."""
        return self._state.soldiers

    @property
    def officers(self) -> list[int]:
        """Officers per zone (R4.1), indexed by zone number."""
        return self._state.officers

    @property
    def cubes(self) -> list[int]:
        """Player cubes per zone (limited actions done there, R4.4)."""
        return self._state.cubes

    def occupation(self, z: int) -> int:
        """Soldiers and officers at ``z`` (R4.5's occupation, before D4.1)."""
        return self._state.soldiers[z] + self._state.officers[z]

    # counters
    @property
    def round(self) -> int:
        """The round number, from 1 (R3.1)."""
        return self._state.round

    @property
    def phase(self) -> str:
        """The step of the round the game is at (``start``, ``players``, ``army`` …)."""
        return self._state.phase

    @property
    def speed(self) -> int:
        """The invasion speed: the soldiers each army action adds (R8.3), read at the speed
        marker's cell (R2.5, R8.8)."""
        return self._game.speed_track[self._state.speed_cell]

    @property
    def speed_cell(self) -> int:
        """The speed marker's cell on the track (0 = the first, R2.5, R8.8)."""
        return self._state.speed_cell

    @property
    def skip_army(self) -> int:
        """The army actions the next invasion skips (R8.2: a special item or a card played
        in the open said so)."""
        return self._state.skip_army

    @property
    def reserve(self) -> tuple[int, int]:
        """Soldiers and officers left in the army's reserve (R9.1: none left loses)."""
        return self._state.reserve_soldiers, self._state.reserve_officers

    @property
    def bag_size(self) -> int:
        """Zone tokens left in the bag (its order is hidden, R8.3)."""
        return len(self._state.bag)

    def bag_counts(self) -> dict[int, int]:
        """The invasion bag's zone tokens the players have seen, counted per zone (R8.3);
        those drawn face down from a region pile (R8.6) are left out: nobody knows them."""
        return {z: k for z, k in enumerate(self.bag_seen()) if k > 0}

    def bag_seen(self) -> list[int]:
        """:meth:`bag_counts` as a list: per zone, its tokens in the bag the players have
        seen (R8.3, R8.6)."""
        counts = [0] * len(self._game.max_occupation)  # per zone (a compiled loop)
        for z in self._state.bag:  # (not ``+=``: on a list item, a generic call compiled)
            counts[z] = counts[z] + 1
        for z in self._state.unseen:  # a sub-multiset of the bag
            counts[z] = counts[z] - 1
        return counts

    @property
    def eliminated(self) -> tuple[int, int]:
        """Soldiers and officers in the eliminated area (back to the reserve at R7.2)."""
        return self._state.eliminated_soldiers, self._state.eliminated_officers

    @property
    def team_counter(self) -> int:
        """R7.1: the team counter's cell (the army catches up with it, R8.2)."""
        return self._state.team_counter

    @property
    def army_counter(self) -> int:
        """R8.2: the army actions taken so far this game (it catches up with the team)."""
        return self._state.army_counter

    @property
    def budget(self) -> int:
        """D10.1: the team's actions left this players' phase (-1: no budget)."""
        return self._state.budget

    # players
    @property
    def players(self) -> list[PlayerState]:
        """Every player's sheet, position, hand and counters (public, R1.2)."""
        return self._state.players

    def sample(self, rng: Rng) -> State:
        """A full state consistent with what this player knows (:func:`sample_state`)."""
        return sample_state(self._game, self._state, rng, self.player)

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` cannot be taken now (the engine's check: legality depends only on
        what every player knows), or None: a bot may build its choice and check it instead of
        reading every legal action."""
        return why_illegal(self._game, self._state, action)

    def level(self, p: int, skill: int) -> int:
        """``p``'s level in ``skill`` (0 C, 1 M, 2 I) before the army malus (R1.2)."""
        return level(self._game, self._state, p, skill)

    def malus(self, p: int, skill: int, zone: int | None = None) -> int:
        """The army malus on ``p``'s ``skill`` at ``zone`` (its own zone by default, R4.5)."""
        return malus(self._game, self._state, p, skill, zone=zone)

    def effective(self, p: int, skill: int, zone: int | None = None) -> int:
        """Level − army malus, as a test uses it (R4.5)."""
        return effective(self._game, self._state, p, skill, zone)

    def sheet(self, p: int) -> tuple[tuple[int, int, int], Mods]:
        """The player's three skill levels (C, M, I: R1.2) and lasting effects, at once."""
        m = mods(self._game, self._state, p)
        g, st = self._game, self._state
        return (level(g, st, p, 0, m), level(g, st, p, 1, m), level(g, st, p, 2, m)), m

    def army_malus(self, z: int) -> int:
        """The occupation of ``z`` as the army malus counts it (R4.5, D4.1)."""
        return occupied(self._game, self._state, z)

    def craft_need(self, p: int) -> int:
        """The Engineering a craft needs (R5.5, with craft_requirement effects, D1.1)."""
        return self._game.craft_threshold + mods(self._game, self._state, p).craft_delta

    # clues and objectives
    @property
    def clue_pool(self) -> list[int]:
        """The clue cards laid face up in the common pool (R5.3, R6.1)."""
        return self._state.clue_pool

    @property
    def clues_kept(self) -> list[int]:
        """Clue cards kept this round, pooled at the start of the army phase (R5.3, R8.0)."""
        return self._state.clues_kept

    @property
    def revealed(self) -> list[list[int]]:
        """Per objective, the zones revealed for it (R6.1)."""
        return self._state.revealed

    @property
    def done(self) -> list[int]:
        """Per objective, how many of its markers are completed (R9.2)."""
        return self._state.done

    @property
    def completed(self) -> list[list[int]]:
        """Per objective, the zones where it is done (R9.2)."""
        return self._state.completed

    @property
    def resistance(self) -> list[list[int]]:
        """The resistance cards on offer: ``[card, cubes on it]`` (R5.8, D11.3)."""
        return self._state.resistance

    @property
    def pending(self) -> tuple[str, int, list[int] | None] | None:
        """The choice being made: its kind, who makes it, and the options when it is
        this view's player's (a drawn card is seen only by who drew it) or the team's R6.2
        draw (:func:`seen_by`)."""
        pend = self._state.pending
        if pend is None:
            return None
        return pend.kind, pend.player, (list(pend.options)
                                        if seen_by(self._state, self.player) else None)

    @property
    def pending_note(self) -> str:
        """What the pending choice is for, as the table is told (its note), or ''."""
        pend = self._state.pending
        return pend.note if pend is not None else ""


def sample_state(game: Game, state: State, rng: Rng, player: int | None = None) -> State:
    """A game state as the players could imagine it (information-set sampling), so that a
    search over it (a lookahead bot) cannot peek at the real draws. Every hidden collection
    is drawn from what the players know, never from what it truly holds:

    - the invasion bag and the region piles: the tokens put into the bag at setup and every
      token drawn since are seen, so the bag's seen tokens stay; a token drawn from a region
      pile into the bag goes face down (R8.6), so per region which tokens of (pile ∪ unseen
      ones in the bag) are the unseen ones is uniformly possible: they are redrawn from that
      pool, and the rest, shuffled, is the pile (``state.unseen`` says how many per region);
    - the item, clue, resistance and event decks and the recruitment bag: what they hold is
      public (the box's cards, minus the discards, face up, and what the players hold or
      pooled, known in a cooperative game), only the order is hidden: reshuffled;
    - the cards another player is choosing among (not ``player``'s own pending choice nor
      the team's R6.2 draw, :func:`seen_by`): put back into their deck, which is
      reshuffled, and redrawn;
    - the generator: a new one.

    Each collection is put in a canonical order before it is shuffled, so two states the
    players cannot tell apart give the same samples from the same ``rng``."""
    s = state.clone()
    for pile in (s.item_pile, s.clue_pile, s.resistance_pile, s.event_pile, s.recruit_bag):
        pile.sort()
        rng.shuffle(pile)
    pend = s.pending
    if pend is not None and player is not None and not seen_by(state, player) \
            and pend.kind in _DRAWN_FROM:
        deck = getattr(s, _DRAWN_FROM[pend.kind])
        pool = sorted(deck + pend.options)
        rng.shuffle(pool)
        n = len(pend.options)
        pend.options, deck[:] = pool[:n], pool[n:]
    region = game.topo.region
    seen = list(s.bag)
    hidden: list[list[int]] = [[] for _ in s.piles]
    for z in s.unseen:
        seen.remove(z)
        hidden[region[z]].append(z)
    unseen: list[int] = []
    for r, pile in enumerate(s.piles):
        pool = sorted(pile + hidden[r])
        rng.shuffle(pool)
        k = len(hidden[r])
        unseen.extend(pool[:k])
        s.piles[r] = pool[k:]
    s.bag = sorted(seen) + unseen
    rng.shuffle(s.bag)
    s.unseen = unseen
    s.rng = Rng(state=rng.next64())
    return s


#: a ``keep_*`` choice -> the deck its cards were drawn from (R5.2–R5.4, R6.2)
_DRAWN_FROM = {"keep_recruit": "recruit_bag", "keep_investigate": "clue_pile",
               "keep_search": "item_pile", "keep_resistance": "resistance_pile"}


def seen_by(state: State, player: int) -> bool:
    """Whether ``player`` sees the options of the pending choice: its own draw, or the
    team's resistance draw at the start of the phase (R6.2: "Les joueurs piochent … en
    garde une", the cards on the table; seat 0 answers for the team)."""
    pend = state.pending
    return pend is not None and (pend.player == player or (
        pend.kind == "keep_resistance" and state.phase == "start"))


def player_view(game: Game, state: State, player: int) -> dict[str, Any]:
    """The public state, plus ``player``'s own pending choice (the cards drawn)."""
    t = game.topo
    pend = state.pending
    return {
        "round": state.round,
        "phase": state.phase,
        "speed": game.speed_track[state.speed_cell],
        "speed_cell": state.speed_cell + 1,
        "team_counter": state.team_counter,
        "army_counter": state.army_counter,
        "zones": {
            t.ids[z]: {"soldiers": state.soldiers[z], "officers": state.officers[z],
                       "cubes": state.cubes[z], "max": game.max_occupation[z]}
            for z in range(t.n)
            if state.soldiers[z] or state.officers[z] or state.cubes[z]
        },
        "reserve": {"soldiers": state.reserve_soldiers, "officers": state.reserve_officers},
        "eliminated": {"soldiers": state.eliminated_soldiers,
                       "officers": state.eliminated_officers},
        "supply_cubes": state.supply_cubes,
        "bag": len(state.bag),
        "drawn": [t.ids[z] for z in state.drawn],
        "piles": {t.regions[r]: len(p) for r, p in enumerate(state.piles)},
        "decks": {"items": len(state.item_pile), "clues": len(state.clue_pile),
                  "resistance": len(state.resistance_pile), "events": len(state.event_pile),
                  "recruits": len(state.recruit_bag)},
        "clue_pool": [game.clue_names[c] for c in state.clue_pool],
        "clues_kept": len(state.clues_kept),
        "resistance": [{"card": game.resistance_cards[c].id, "cubes": k,
                        "cost": game.resistance_cards[c].cost} for c, k in state.resistance],
        "objectives": [{"id": o.id, "kind": o.kind,
                        "revealed": [t.ids[z] for z in state.revealed[o.index]],
                        "done": state.done[o.index], "markers": o.markers}
                       for o in game.objectives],
        "players": [
            {"name": player_name(game, state, p), "at": t.ids[ps.at], "actions": ps.actions,
             "cubes": ps.cubes,
             "levels": {SKILLS[s]: level(game, state, p, s) for s in range(3)},
             "malus": malus(game, state, p, 0),
             "squad": {SKILLS[s]: ["." if x == EMPTY else "P" if x == PLANNING else
                                   game.recruits[x].letter or "+" for x in ps.squad[s]]
                       for s in range(3)},
             "inventory": [card_name(game, c) for c in ps.inventory]}
            for p, ps in enumerate(state.players)
        ],
        "pending": None if pend is None else {
            "kind": pend.kind, "player": pend.player, "note": pend.note,
            "options": list(pend.options) if seen_by(state, player) else None,
        },
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }
