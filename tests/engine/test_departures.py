"""Rule departures reported by an independent team of bots (issue 29), each fixed at its
cause and tested here to an exact state before and after, citing its rule."""

from __future__ import annotations

import dataclasses

from authoring.engine import (
    Begin,
    Choose,
    Game,
    Keep,
    Move,
    Search,
    Transfer,
    Use,
    apply,
    why_illegal,
)
from authoring.engine.resolve import run_queue, with_effects
from authoring.engine.state import SPECIAL
from authoring.model import effects as fx
from authoring.model.game import GameModel
from authoring.model.schema.content import RecruitToken

from .conftest import cleared_state


def _special(game: Game, sid: str) -> int:
    return next(i for i, s in enumerate(game.specials) if s.id == sid)


# -- 1. an objective that names its item is done by that item alone (R5.7) -------------------


def _at_base(game1: Game) -> tuple[Game, object, int]:
    """Scenario 1, 4 players: the base revealed in seat 0's zone, nothing done."""
    state = cleared_state(game1, 1)
    z = state.players[0].at
    state.revealed = [[z]]
    state.done = [0]
    state.completed = [[]]
    return game1, state, z


def test_r57_the_radio_does_not_complete_scenario_1s_base(game1: Game) -> None:
    """Scenario 1's objective is "Trouver la base, puis fabriquer une bombe pour la
    détruire" (item: bomb). The radio transmitter's first use now says whose objective it
    completes (the strategic one): in the base's zone it is refused (R5.7)."""
    game, state, z = _at_base(game1)
    radio = _special(game, "radio")
    state.players[0].inventory = [SPECIAL + radio]
    reason = why_illegal(game, state, Use(0, 0, 0))
    assert reason is not None and reason.startswith("R5.7:"), reason
    assert "strategic objective" in reason
    assert state.done == [0]


def test_r57_another_items_effect_leaves_a_reserved_objective(game1: Game) -> None:
    """At the cause: whatever its card says, an effect queued by another item's use (here
    a radio whose use would complete any objective) leaves the base (item: bomb) as it
    is; the bomb's own use destroys it (R5.7)."""
    game, state, z = _at_base(game1)
    radio, bomb = _special(game, "radio"), _special(game, "bomb")
    game, lst = with_effects(game, [fx.CompleteObjective()])  # objective: any
    uses = list(game.special_use_effects)
    uses[radio] = (lst, *uses[radio][1:])
    game = dataclasses.replace(game, special_use_effects=tuple(uses))
    state.queue.append([lst, 0, 0, -1, 0, -1])
    run_queue(game, state)
    assert state.done == [0] and state.completed == [[]]
    assert [e.kind for e in state.log[-1:]] == ["objective_reserved"]
    state.queue.append([game.special_use_effects[bomb][0], 0, 0, -1, 0, -1])
    run_queue(game, state)
    assert state.done == [1] and state.completed == [[z]]


def test_r57_a_resistance_card_does_not_complete_a_reserved_objective(game1: Game) -> None:
    """An effect with no item behind it (a resistance card, an event) cannot do an
    objective whose item is named either (R5.7)."""
    game, state, _ = _at_base(game1)
    game, lst = with_effects(game, [fx.DestroyBase()])
    state.queue.append([lst, 0, 0, -1, 0, -1])
    run_queue(game, state)
    assert state.done == [0]


def test_r57_the_bomb_destroys_the_base(game1: Game) -> None:
    game, state, z = _at_base(game1)
    state.players[0].inventory = [SPECIAL + _special(game, "bomb")]
    state.players[0].squad[2] = [0] * len(state.players[0].squad[2])  # I at its max
    assert why_illegal(game, state, Use(0, 0, 0)) is None
    apply(game, state, Use(0, 0, 0))
    assert state.done == [1] and state.completed == [[z]]


def test_complete_objective_says_which_kind(star_model: GameModel) -> None:
    """complete_objective: {objective: strategic} completes the strategic objective only."""
    from .test_effects import objectives, table

    game, state = table(star_model)
    game = objectives(game, "base", "strategic")
    a3 = game.zone_index("A 3")
    state.revealed = [[a3], [a3]]
    state.done = [0, 0]
    state.completed = [[], []]
    state.players[0].at = a3
    game, lst = with_effects(game, [fx.CompleteObjective(objective="strategic")])
    state.queue.append([lst, 0, 0, -1, 0, -1])
    run_queue(game, state)
    assert state.done == [0, 1]


# -- 2. one transfer gives several things (R5.9, D11.5) --------------------------------------


def test_r59_one_transfer_gives_several_items_and_a_recruit(star_model: GameModel) -> None:
    """R5.9: "envoyer des personnages et/ou des objets" to a player in the same zone, in
    one action. Seat 0 (counters [0, 0, 0]) gives card 0 to seat 1: the action is counted
    ([1, 0, 0]), then seat 0 may add more to seat 1 at no further action: option 0 is done,
    then each further card, then the recruit onto each of seat 1's rows it fits (R5.2,
    D11.5). Seat 0 adds a card and the recruit (onto M), then is done."""
    from authoring.engine.actions import slot_code
    from authoring.engine.players import TRANSFER_DONE
    from authoring.engine.state import EMPTY

    from .test_effects import table

    game, state = table(star_model)
    state.players[0].inventory = [0, 1, 2]
    game = dataclasses.replace(game, recruits=(*game.recruits, RecruitToken(C=4, M=4, I=4)))
    token = len(game.recruits) - 1  # fits any slot (R5.2)
    state.players[0].squad[0][0] = token
    apply(game, state, Transfer(0, 1, card=0))
    assert [p.actions for p in state.players] == [1, 0, 0]
    assert state.players[0].inventory == [1, 2] and state.players[1].inventory == [0]
    pend = state.pending
    assert pend is not None and (pend.kind, pend.player, pend.data) == ("transfer_more", 0, [1])
    def more(card: int = -1, recruit: int = -1, row: int = -1) -> int:
        return Transfer(0, 1, card, recruit, row).option()

    recruit = slot_code(0, 0)  # C slot 1
    assert pend.options == [TRANSFER_DONE, more(card=0), more(card=1),
                            more(recruit=recruit, row=0), more(recruit=recruit, row=1),
                            more(recruit=recruit, row=2)]
    assert why_illegal(game, state, Move(0, game.zone_index("A 3"))) is not None
    apply(game, state, Choose(0, pend.options.index(more(card=1))))
    assert state.players[0].inventory == [1] and state.players[1].inventory == [0, 2]
    apply(game, state, Choose(0, state.pending.options.index(  # type: ignore[union-attr]
        more(recruit=recruit, row=1))))
    assert state.players[0].squad[0][0] == EMPTY and state.players[1].squad[1][0] == token
    apply(game, state, Choose(0, 0))  # done
    assert state.pending is None
    assert [p.actions for p in state.players] == [1, 0, 0]  # one action for it all
    assert state.players[0].inventory == [1] and state.players[1].inventory == [0, 2]


def test_d115_the_receivers_limit_ends_a_transfer(star_model: GameModel) -> None:
    """D11.5: the inventory limit (R5.4) holds for every thing given: seat 1 holds 3 of
    4 cards; once seat 0's first card fills it, nothing more can follow (no choice asked)."""
    from .test_effects import table

    game, state = table(star_model)
    state.players[0].inventory = [0, 1]
    state.players[1].inventory = [2, 3, 4]
    apply(game, state, Transfer(0, 1, card=0))
    assert state.pending is None
    assert state.players[0].inventory == [1] and state.players[1].inventory == [2, 3, 4, 0]
    assert [p.actions for p in state.players] == [1, 0, 0]


# -- 4. a sampled state knows what the players know (R8.6) -------------------------------------


def _hidden_state(game1: Game) -> tuple[object, int, int]:
    """Scenario 1 after one officer placed in a region: R8.6 drew a token of its pile into
    the bag face down. Returns the state, the unseen token and another token of the same
    pile (of another zone)."""
    from authoring.engine import army, new_initial_state

    state = new_initial_state(game1, seed=5)
    z = next(z for z in range(game1.topo.n) if state.soldiers[z] > 0)
    army.promote(game1, state, z)
    assert len(state.unseen) == 1
    u = state.unseen[0]
    r = game1.topo.region[u]
    other = next(t for t in state.piles[r] if t != u)
    return state, u, other


def test_r86_a_token_drawn_into_the_bag_is_unseen(game1: Game) -> None:
    """R8.6: the token goes into the bag face down; R8.3: drawn, it is seen (no copy seen
    before in the bag); with a copy seen before in the bag, the draw may be that copy:
    it stays counted unseen."""
    from authoring.engine import army
    from authoring.engine.rng import Rng

    state, u, _ = _hidden_state(game1)
    assert state.bag.count(u) == 1 + game1.bag.count(u)
    state.bag = [u]
    state.drawn = []
    army.army_action(game1, state)
    assert state.unseen == [] and state.drawn == [u]
    state, u, _ = _hidden_state(game1)
    state.bag = [u, u]  # one seen copy, one unseen
    state.unseen = [u]
    state.rng = Rng(1)
    army.army_action(game1, state)
    assert state.unseen == [u] and state.drawn == [u] and state.bag == [u]


def test_r86_indistinguishable_states_sample_alike(game1: Game) -> None:
    """Two states that differ only in which token of a region's pile went face down into
    the bag (R8.6) — the players cannot tell them apart — give exactly the same samples
    from the same generator; and over the samples the unseen token is each of the pool's
    tokens in turn, never only the true one."""
    from collections import Counter

    from authoring.engine.rng import Rng
    from authoring.engine.view import sample_state

    a, u, other = _hidden_state(game1)
    b = a.clone()
    r = game1.topo.region[u]
    b.bag[b.bag.index(u)] = other  # the other token in the bag, u in the pile instead
    b.unseen = [other]
    pile = b.piles[r]
    pile[pile.index(other)] = u
    assert sorted(a.bag) != sorted(b.bag)
    hits: Counter[int] = Counter()
    pool = len(a.piles[r]) + 1
    for seed in range(300):
        sa, sb = sample_state(game1, a, Rng(seed)), sample_state(game1, b, Rng(seed))
        assert sa.to_json() == sb.to_json()
        assert len(sa.unseen) == 1 and game1.topo.region[sa.unseen[0]] == r
        assert sorted(sa.piles[r] + sa.unseen) == sorted(a.piles[r] + [u])
        hits[sa.unseen[0]] += 1
    assert len(hits) > pool // 2  # the unseen token is redrawn from the whole pool
    assert hits[u] < 300 // 4


def test_sample_keeps_what_is_seen(game1: Game) -> None:
    """The bag's seen tokens and the public counts stay; the team's resistance draw is on
    the table (R6.2: "Les joueurs piochent …") and stays for every player; another
    player's drawn cards (a search, R5.4) are redrawn from their deck, the drawer's own
    stay."""
    from authoring.engine.rng import Rng
    from authoring.engine.view import sample_state

    state, u, _ = _hidden_state(game1)
    seen = list(state.bag)
    seen.remove(u)
    s = sample_state(game1, state, Rng(3))
    rest = list(s.bag)
    rest.remove(s.unseen[0])
    assert sorted(rest) == sorted(seen)
    assert [len(p) for p in s.piles] == [len(p) for p in state.piles]
    pend = state.pending
    assert pend is not None and pend.kind == "keep_resistance" and pend.player == 0
    for p in range(len(state.players)):
        team = sample_state(game1, state, Rng(3), player=p).pending
        assert team is not None and team.options == pend.options
    # a search by player 0: the cards drawn are hers alone
    apply(game1, state, Keep(0, 0))
    apply(game1, state, Begin())
    apply(game1, state, Search(0))
    pend = state.pending
    assert pend is not None and pend.kind == "keep_search" and pend.player == 0
    mine = sample_state(game1, state, Rng(3), player=0).pending
    assert mine is not None and mine.options == pend.options
    theirs = [sample_state(game1, state, Rng(k), player=1).pending for k in range(20)]
    assert any(t is not None and t.options != pend.options for t in theirs)
    for t in theirs:
        assert t is not None
        assert len(t.options) == len(pend.options)
