"""Card probes, session 26: every shipped card played through the engine's actions and
checked against its printed text, by an outside tester who never read the engine's rules
code (players.py, army.py, flow.py, resolve.py, core.py, heuristic.py).

The printed text of a card is what the print-and-play kit prints from its structured
effects (``authoring.model.effects.render_effects``); each probe quotes its French words,
cites the card id and the rules (``design/rules.md``; the French rule book
``seeds/000_…`` is the authority), arranges a situation, plays the card the way players
do (``Resistance``, ``Use``, a search or a move holding an item; an event is put on top of
the event pile and the army phase is reached by ``End()``), and asserts the exact outcome.

Most probes play on the star test board drawn in ``test_book_probes.py`` (its helpers
``_game``, ``_put`` …), whose deployment orders are::

    A 1 (capital): A 7, B 7 (mountain path), A 3, A 2     A 2 (village): A 1
    A 3 (town):    A 5, A 1                               A 5 (town):    A 3, C 1
    A 7 (village): A 8, A 1                               A 8 (town):    A 7
    B 5 (town):    B 7, C 1                               B 7 (village): B 5, A 1
    C 1 (capital): B 5, A 5, C 2                          C 2 (village): C 1

Roads only: A 8 is 6 roads from C 2 and 7 from B 7 (A 8 - A 7 - A 1 - A 3 - A 5 - C 1 - B 5
- B 7); A 1 - B 7 is the only mountain path. The shipped scenarios (island board) serve
where the star board is too small. An ``xfail(strict=True)`` marks where the engine (or the
card's data) and the printed words part ways.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from authoring.engine import (
    Choose,
    Craft,
    End,
    Game,
    Investigate,
    Keep,
    Move,
    Recruit,
    Resistance,
    Search,
    State,
    Transfer,
    Use,
    apply,
    legal_actions,
    why_illegal,
)
from authoring.engine.actions import slot_code
from authoring.engine.state import EMPTY, SPECIAL
from authoring.model.effects import parse_condition, parse_effect, render_conditions, render_effects
from authoring.model.game import GameModel, load_game

from .conftest import cleared_state
from .test_book_probes import _end_phase, _game, _item, _legal, _put, _refused, _special, _z
from .test_book_probes_s23 import _token
from .test_effects import objectives
from .test_situations import _zones

C, M, ENG = 0, 1, 2


# -- helpers ------------------------------------------------------------------------------------


def _printed(game: Game, kind: str, ident: str) -> str:
    """The French printed text of a shipped card (events, resistance cards) as the kit
    prints it: the probes quote it, this checks the quote is still the card's."""
    cards: list[Any] = list(game.events if kind == "event" else game.resistance_cards)
    return render_effects(next(c for c in cards if c.id == ident).effects, "fr")


def _event_game(model: GameModel, players: list[dict[str, Any]], **kw: Any) -> tuple[Game, State]:
    """The star board with events switched on (R8.1), nothing on the event pile yet."""
    game, state = _game(model, players, **kw)
    return dataclasses.replace(game, no_events_before=0), state


def _event_id(game: Game, ident: str) -> int:
    return next(i for i, e in enumerate(game.events) if e.id == ident)


def _run_event(game: Game, state: State, ident: str, bag: tuple[str, ...] = (),
               answers: list[int] | None = None) -> None:
    """R8.1: the event ``ident`` on top of the pile; the players end their phase; the army
    phase runs; each choice the event asks is answered with the next of ``answers`` (an
    option *value*), by default its first option; stops at the next R6.2 choice."""
    state.event_pile = [_event_id(game, ident)]
    state.event_discard = []
    state.bag = [_z(game, b) for b in bag]
    apply(game, state, End())
    todo = list(answers or [])
    while state.pending is not None and state.pending.kind not in ("keep_resistance",
                                                                   "share_cube"):
        pend = state.pending
        pick = pend.options.index(todo.pop(0)) if todo else 0
        apply(game, state, Choose(pend.player, pick))
    assert state.event_discard == [_event_id(game, ident)]


def _card_id(game: Game, ident: str) -> int:
    return next(i for i, c in enumerate(game.resistance_cards) if c.id == ident)


def _activate(game: Game, state: State, ident: str, actor: int = 0,
              answers: list[int] | None = None) -> None:
    """R5.8: ``ident`` is the only available card; ``actor`` puts its whole cost on it and
    activates it in the same action; choices answered as in :func:`_run_event`; a draw is
    answered by keeping its first card (on its first legal place)."""
    c = _card_id(game, ident)
    state.resistance = [[c, 0]]
    apply(game, state, Resistance(actor, 0, game.resistance_cards[c].cost, 1))
    _answer(game, state, answers)
    assert state.resistance == [] or state.resistance[0][0] != c


def _answer(game: Game, state: State, answers: list[int] | None = None) -> None:
    todo = list(answers or [])
    while state.pending is not None:
        pend = state.pending
        if pend.kind.startswith("keep_"):
            apply(game, state, next(a for a in legal_actions(game, state)
                                    if isinstance(a, Keep) and a.drawn == 0))
            continue
        pick = pend.options.index(todo.pop(0)) if todo else 0
        apply(game, state, Choose(pend.player, pick))


def _holding_special(game: Game, state: State, ident: str, player: int = 0) -> None:
    """Player ``player`` holds the special item ``ident``, taken from the set-aside cards
    (R2.6) as a craft would (R5.5)."""
    s = _special(game, ident)
    state.special_left[s] -= 1
    state.players[player].inventory.append(SPECIAL + s)


def _use(game: Game, state: State, ident: str, use: int = 0, player: int = 0,
         answers: list[int] | None = None) -> None:
    """R5.7: ``player`` uses use number ``use`` of the special item ``ident`` they hold."""
    inv = state.players[player].inventory
    apply(game, state, Use(player, inv.index(SPECIAL + _special(game, ident)), use))
    _answer(game, state, answers)


def _special_text(game: Game, ident: str, use: int) -> str:
    """The printed French text of one use of a special item: conditions -> effects."""
    sp = game.specials[_special(game, ident)]
    uses = sp.use if isinstance(sp.use, list) else [sp.use]
    u = uses[use]
    return (render_conditions([parse_condition(c) if isinstance(c, dict) else c
                               for c in u.requires], "fr") + " : "
            + render_effects([parse_effect(e) if isinstance(e, dict) else e
                              for e in u.effects], "fr"))


def _counters(state: State) -> list[int]:
    return [p.actions for p in state.players]


# ================================================================================================
# Events (R8.1: "Les joueurs piochent une carte du paquet Événement. Ils réalisent l'effet de
# la carte tel qu'il est décrit sur celle-ci.")
# ================================================================================================


def test_event_reinforcements_two_soldiers_in_the_drawn_zone(star_model: GameModel) -> None:
    """R8.1, R8.3, R8.4 — event ``reinforcements``: "Ajoutez 2 soldats dans la zone d'un
    jeton tiré du sac Invasion (déploiement si nécessaire)."

    Speed 3 (the card says 2, not the speed). Bag: C 2 alone; no army action is owed
    (counters 0). The event adds 2 soldiers to C 2 (village, max 1): 1 stays, 1 deploys to
    C 1, its only neighbour; reserve 20 → 18; the token is back in the bag (R8.7)."""
    game, state = _event_game(star_model, [{}, {}, {}, {}], speed=(3, 3))
    assert _printed(game, "event", "reinforcements").startswith("Ajoutez 2 soldats")
    _run_event(game, state, "reinforcements", bag=("C 2",))
    assert _zones(game, state.soldiers) == {"C 2": 1, "C 1": 1}
    assert state.reserve_soldiers == 18
    assert state.bag == [_z(game, "C 2")]


def test_event_reinforcements_short_reserve_is_a_defeat(star_model: GameModel) -> None:
    """``reinforcements`` with R9.1/D9.1 ("tous les soldats … déployés sur l'île"): 1
    soldier left in the reserve; the event places it in A 8 and the game is lost at once
    (the second soldier is not placed)."""
    game, state = _event_game(star_model, [{}, {}, {}, {}], reserve=(1, 6))
    _run_event(game, state, "reinforcements", bag=("A 8",))
    assert _zones(game, state.soldiers) == {"A 8": 1}
    assert state.reserve_soldiers == 0
    assert state.outcome is not None and not state.outcome.won


def test_event_reinforcements_empty_bag_adds_nothing(star_model: GameModel) -> None:
    """``reinforcements`` with D11.1 ("an empty … invasion bag gives nothing"): no token,
    no soldier."""
    game, state = _event_game(star_model, [{}, {}, {}, {}])
    _run_event(game, state, "reinforcements", bag=())
    assert _zones(game, state.soldiers) == {}
    assert state.reserve_soldiers == 20
    assert state.outcome is None


def test_event_curfew_a_cube_on_every_capital_of_scenario1(game1: Game) -> None:
    """R4.4, R8.1 — event ``curfew``: "Placez 1 cube Réputation de la réserve dans chaque
    capitale." Scenario 1's island has 4 capitals (N-O 3, N-E 8, S-E 8, S-O 8). N-E 8
    already holds 2 cubes. After the event: one more cube on each capital and nowhere else,
    the supply 4 cubes lower; a search in N-E 8 (now 3 cubes = its size) is refused (R4.4)."""
    game = dataclasses.replace(game1, no_events_before=0)
    state = cleared_state(game, 3)
    state.players[0].at = _z(game, "N-E 8")
    state.cubes[_z(game, "N-E 8")] = 2
    supply = state.supply_cubes
    assert _printed(game, "event", "curfew") == (
        "Placez 1 cube Réputation de la réserve dans chaque capitale.")
    _run_event(game, state, "curfew")
    assert _zones(game, state.cubes) == {"N-O 3": 1, "N-E 8": 3, "S-E 8": 1, "S-O 8": 1}
    assert state.supply_cubes == supply - 4
    while state.pending is not None:
        apply(game, state, next(a for a in legal_actions(game, state) if isinstance(a, Keep)))
    apply(game, state, legal_actions(game, state)[-1])  # Begin
    _refused(game, state, Search(0), "R4.4")


def test_event_curfew_on_a_full_capital_and_an_empty_supply(star_model: GameModel) -> None:
    """``curfew``: the card puts "1 cube … dans chaque capitale", with no limit: C 1 already
    holds 3 (its size) and gets a 4th; A 1 gets its first. With 1 cube left in the supply
    only one can be placed: exactly 1 cube is placed, none made up."""
    game, state = _event_game(star_model, [{}, {}, {}, {}])
    _put(game, state.cubes, {"C 1": 3})
    _run_event(game, state, "curfew")
    assert _zones(game, state.cubes) == {"A 1": 1, "C 1": 4}
    assert state.supply_cubes == 28
    game, state = _event_game(star_model, [{}, {}, {}, {}], supply=1)
    _run_event(game, state, "curfew")
    assert sum(state.cubes) == 1
    assert state.supply_cubes == 0


def test_event_roundup_players_in_occupied_zones_discard_one_item(star_model: GameModel) -> None:
    """R5.4, R8.1 — event ``roundup``: "Chaque joueur se trouvant dans une zone occupée
    défausse 1 carte Objet."

    A 1 holds 1 soldier, C 1 one officer (occupation counts officers, D4.1), A 3 nothing.
    Player 0 (A 1: pistol, toolbox) chooses to discard the toolbox; player 1 (A 3, torch)
    keeps hers; player 2 (C 1, no card) has nothing to lose; player 3 (A 1: address book)
    loses it. The discarded cards go to the item discard pile."""
    game, state = _event_game(star_model, [{}, {}, {}, {}])
    _put(game, state.soldiers, {"A 1": 1})
    _put(game, state.officers, {"C 1": 1})
    pistol, tool, torch, book = (_item(game, k) for k in ("pistol", "toolbox", "torch",
                                                          "address-book"))
    state.players[0].inventory = [pistol, tool]
    state.players[1].at, state.players[1].inventory = _z(game, "A 3"), [torch]
    state.players[2].at = _z(game, "C 1")
    state.players[3].inventory = [book]
    discard = list(state.item_discard)
    _run_event(game, state, "roundup", answers=[1, 0])  # player 0: card 1; player 3: card 0
    assert [p.inventory for p in state.players] == [[pistol], [torch], [], []]
    assert sorted(state.item_discard[len(discard):]) == sorted([tool, book])


def test_event_roundup_does_not_take_a_special_item(star_model: GameModel) -> None:
    """``roundup``: "défausse 1 carte Objet". R0.3 and R5.5 name two kinds of cards:
    "66 cartes Objet", "18 cartes Objet Spécial". Player 0 in occupied A 1 holds only a
    crafted bomb: she has no "carte Objet" and keeps her bomb."""
    game, state = _event_game(star_model, [{}, {}, {}, {}])
    _put(game, state.soldiers, {"A 1": 1})
    _holding_special(game, state, "bomb")
    _run_event(game, state, "roundup")
    assert state.players[0].inventory == [SPECIAL + _special(game, "bomb")]


def test_event_propaganda_each_player_loses_one_cube(star_model: GameModel) -> None:
    """R1.1, R8.1 — event ``propaganda``: "Chaque joueur perd 1 cube Réputation." Reserves
    2, 1, 0, 3 become 1, 0, 0, 2 (nobody goes below 0); the 3 cubes go back to the supply."""
    game, state = _event_game(star_model, [{"cubes": 2}, {"cubes": 1}, {}, {"cubes": 3}])
    assert _printed(game, "event", "propaganda") == "Chaque joueur perd 1 cube Réputation."
    _run_event(game, state, "propaganda")
    assert [p.cubes for p in state.players] == [1, 0, 0, 2]
    assert state.supply_cubes == 33


def test_event_blitz_on_the_last_cell(star_model: GameModel) -> None:
    """R8.8, D2.2 — event ``blitz``: "Avancez le marqueur de vitesse d'invasion de 1 case."
    Track 2, 3 with the marker on its last cell: the marker cannot go further, and the
    intensification cannot either; one army action on C 1 adds 3 soldiers."""
    game, state = _event_game(star_model, [{"actions": 1}] * 4, speed=(2, 3))
    state.speed_cell = 1
    _run_event(game, state, "blitz", bag=("C 1",))
    assert state.speed_cell == 1
    assert _zones(game, state.soldiers) == {"C 1": 3}


def test_event_field_promotion_in_the_most_occupied_zone(star_model: GameModel) -> None:
    """R8.5, R8.6, D4.1, D8.4 — event ``field-promotion``: "Remplacez 1 soldat par un
    officier dans la zone la plus occupée."

    A 1: 2 soldiers; C 1: 2 soldiers and 1 officer (occupation 3, D4.1: officers count);
    A 3: 1 soldier. C 1 is the most occupied: one of its soldiers becomes an officer (the
    soldier piece back to the reserve, 20 → 21; officers 6 → 5), and a token of region C's
    pile goes into the invasion bag (R8.6)."""
    game, state = _event_game(star_model, [{}, {}, {}, {}])
    _put(game, state.soldiers, {"A 1": 2, "C 1": 2, "A 3": 1})
    _put(game, state.officers, {"C 1": 1})
    state.piles = [[_z(game, "C 2")], [_z(game, "B 7")], [_z(game, "A 8")]]
    _run_event(game, state, "field-promotion")
    assert _zones(game, state.soldiers) == {"A 1": 2, "C 1": 1, "A 3": 1}
    assert _zones(game, state.officers) == {"C 1": 2}
    assert (state.reserve_soldiers, state.reserve_officers) == (21, 5)
    assert state.bag == [_z(game, "C 2")]
    assert state.piles[game.topo.regions.index("C")] == []


def test_event_field_promotion_most_occupied_zone_without_soldier(star_model: GameModel) -> None:
    """``field-promotion`` when "la zone la plus occupée" (A 3: 2 officers) holds no
    soldier to replace: nothing changes (A 1's soldier stays a soldier), no officer leaves
    the reserve, no token joins the bag."""
    game, state = _event_game(star_model, [{}, {}, {}, {}])
    _put(game, state.soldiers, {"A 1": 1})
    _put(game, state.officers, {"A 3": 2})
    _run_event(game, state, "field-promotion")
    assert _zones(game, state.soldiers) == {"A 1": 1}
    assert _zones(game, state.officers) == {"A 3": 2}
    assert state.reserve_officers == 6
    assert state.bag == []


def test_event_storm_one_army_action_fewer(star_model: GameModel) -> None:
    """R8.2 — event ``storm``: "Lors de la prochaine invasion, l'armée joue 1 action de
    moins." Counters 2, 1, 0, 0: the team counter reaches 2, the army owes 2 actions (4
    players, 1:1) and plays 1: one token of the bag (C 1, B 5, A 8 — each empty, big
    enough) gets 2 soldiers; the army counter still catches up to 2; nothing is carried
    over."""
    game, state = _event_game(star_model, [{"actions": 2}, {"actions": 1}, {}, {}])
    _run_event(game, state, "storm", bag=("C 1", "B 5", "A 8"))
    assert sum(state.soldiers) == 2 and len(_zones(game, state.soldiers)) == 1
    assert state.army_counter == 2
    assert state.skip_army == 0


def test_event_uprising_one_soldier_in_each_zone_with_a_player(star_model: GameModel) -> None:
    """R5.6, R8.1 — event ``uprising``: "Éliminez 1 soldat dans chaque zone où se trouve un
    joueur."

    Players in A 1, C 1 (two of them) and B 5. A 1: 2 soldiers, C 1: 1, A 3 (nobody): 1,
    B 5: an officer only. One soldier leaves A 1 and one C 1 (once per zone, not per
    player), to the eliminated area; B 5's officer stays (a soldier only); A 3 untouched.
    At the end of the next players' phase the 2 eliminated pieces become 2 cubes (R7.2)."""
    game, state = _event_game(star_model, [{}, {"at": "C 1"}, {"at": "C 1"}, {"at": "B 5"}])
    _put(game, state.soldiers, {"A 1": 2, "C 1": 1, "A 3": 1})
    _put(game, state.officers, {"B 5": 1})
    assert _printed(game, "event", "uprising") == (
        "Éliminez 1 soldat dans chaque zone où se trouve un joueur.")
    _run_event(game, state, "uprising")
    assert _zones(game, state.soldiers) == {"A 1": 1, "A 3": 1}
    assert _zones(game, state.officers) == {"B 5": 1}
    assert state.eliminated_soldiers == 2
    game = dataclasses.replace(game, no_events_before=99)
    while state.pending is not None:
        apply(game, state, next(a for a in legal_actions(game, state) if isinstance(a, Keep)))
    apply(game, state, legal_actions(game, state)[-1])  # Begin
    _end_phase(game, state, share_to=2)
    assert state.players[2].cubes == 2
    assert state.eliminated_soldiers == 0


def test_event_denunciation_discards_an_available_card_and_its_cubes(
        star_model: GameModel) -> None:
    """R5.8, R6.2, D11.3 — event ``denunciation``: "Défaussez 1 carte Résistance disponible ;
    les cubes posés dessus sont perdus." Available: Ambush (3 cubes on it) and Commando
    raid (1 cube). The players choose the Ambush: it goes to the resistance discard with
    its 3 cubes lost to the players (back to the general supply, 30 → 33); the raid stays
    available with its cube."""
    game, state = _event_game(star_model, [{}, {}, {}, {}])
    amb, strike = _card_id(game, "ambush-4"), _card_id(game, "strike-4")
    state.resistance = [[amb, 3], [strike, 1]]
    _run_event(game, state, "denunciation", answers=[0])
    assert state.resistance == [[strike, 1]]
    assert state.resistance_discard == [amb]
    assert state.supply_cubes == 33
    assert [p.cubes for p in state.players] == [0, 0, 0, 0]


def test_event_denunciation_with_no_available_card(star_model: GameModel) -> None:
    """``denunciation`` with no available resistance card: nothing to discard, the
    resistance pile untouched."""
    game, state = _event_game(star_model, [{}, {}, {}, {}])
    state.resistance = []
    pile = list(state.resistance_pile)
    _run_event(game, state, "denunciation")
    assert state.resistance_discard == []
    assert state.supply_cubes == 30
    assert len(state.resistance_pile) <= len(pile)  # only R6.2's draw of the next start


def test_event_patrols_next_phase_one_minute_shorter(star_model: GameModel) -> None:
    """R10.1, D10.1 — event ``patrols``: "La prochaine phase des joueurs dure 1 minute de
    moins." A 5-minute timer and a team budget of 10 actions: the next players' phase
    lasts 4 minutes, 8 actions; the one after is back to 5 minutes, 10 actions."""
    game, state = _event_game(star_model, [{}, {}, {}, {}])
    game = dataclasses.replace(game, action_budget=10)
    assert game.timer_minutes == 5
    _run_event(game, state, "patrols")
    while state.pending is not None:
        apply(game, state, next(a for a in legal_actions(game, state) if isinstance(a, Keep)))
    apply(game, state, legal_actions(game, state)[-1])  # Begin
    assert state.phase == "players"
    assert state.phase_seconds == 240
    assert state.budget == 8
    state.event_pile, state.event_discard = [], []
    game = dataclasses.replace(game, no_events_before=99)
    _end_phase(game, state)
    while state.pending is not None:
        apply(game, state, next(a for a in legal_actions(game, state) if isinstance(a, Keep)))
    apply(game, state, legal_actions(game, state)[-1])
    assert state.phase_seconds == 300
    assert state.budget == 10


@pytest.mark.parametrize("seed", range(6))
def test_event_supply_convoy_two_tokens_of_one_random_region(star_model: GameModel,
                                                             seed: int) -> None:
    """R2.4, R8.6 — event ``supply-convoy``: "Piochez 2 jetons Zone dans la pioche d'une
    région tirée au hasard et ajoutez-les au sac Invasion."

    Piles (top last): C: C 2, C 1 / B: B 7, B 5 / A: A 8, A 5, A 3. Whatever region is
    drawn, its two top tokens leave its pile for the bag and the other piles stay whole."""
    from authoring.engine.rng import Rng

    game, state = _event_game(star_model, [{}, {}, {}, {}])
    state.rng = Rng(seed)
    piles = {"C": ["C 2", "C 1"], "B": ["B 7", "B 5"], "A": ["A 8", "A 5", "A 3"]}
    regions = game.topo.regions
    state.piles = [[_z(game, t) for t in piles[r]] for r in regions]
    _run_event(game, state, "supply-convoy")
    changed = [r for i, r in enumerate(regions) if len(state.piles[i]) != len(piles[r])]
    assert len(changed) == 1
    r = changed[0]
    assert sorted(state.bag) == sorted(_z(game, t) for t in piles[r][-2:])
    assert state.piles[regions.index(r)] == [_z(game, t) for t in piles[r][:-2]]


def test_event_forced_march_one_army_action_now(star_model: GameModel) -> None:
    """R8.3, R8.4, R8.7 — event ``forced-march``: "L'armée joue immédiatement 1 action
    d'invasion." No action owed by the catch-up (counters 0): the event alone draws C 2
    and adds the speed (2): C 2 keeps 1, C 1 receives 1. The army counter does not move
    (the action is extra); the token is back in the bag at the end of the phase."""
    game, state = _event_game(star_model, [{}, {}, {}, {}])
    assert _printed(game, "event", "forced-march") == (
        "L'armée joue immédiatement 1 action d'invasion.")
    _run_event(game, state, "forced-march", bag=("C 2",))
    assert _zones(game, state.soldiers) == {"C 2": 1, "C 1": 1}
    assert state.army_counter == 0
    assert state.bag == [_z(game, "C 2")]


def test_event_forced_march_adds_to_the_invasion(star_model: GameModel) -> None:
    """``forced-march`` then the invasion (R8.2: 1 action owed): 2 actions in all; the
    token drawn by the event stays out of the bag until the end of the phase (R8.7: "Les
    jetons Zone piochés sont tous remis … " at the end), so the bag's two zones C 2 and A 8
    each receive exactly one action."""
    game, state = _event_game(star_model, [{"actions": 1}] * 4)
    _run_event(game, state, "forced-march", bag=("C 2", "A 8"))
    assert _zones(game, state.soldiers) == {"C 2": 1, "C 1": 1, "A 8": 2}
    assert state.army_counter == 1
    assert sorted(state.bag) == sorted([_z(game, "C 2"), _z(game, "A 8")])


# ================================================================================================
# Resistance cards (R5.8: "l'effet de la carte est résolu immédiatement, et la carte est
# défaussée"; D11.3: the cubes go to the general supply)
# ================================================================================================


@pytest.mark.parametrize(("ident", "n", "cost", "count"),
                         [("ambush-3", 3, 3, 2), ("ambush-4", 4, 4, 2), ("ambush-5", 5, 4, 3)])
def test_resistance_ambush_soldiers_of_the_actors_zone(star_model: GameModel, ident: str,
                                                       n: int, cost: int, count: int) -> None:
    """R5.8, R9.6 — ``ambush-3/4/5``: "Éliminez jusqu'à 2 soldats dans votre zone" (3 for 5
    players); costs 3, 4, 4.

    A 1 holds 4 soldiers and an officer, A 3 next door 2 soldiers. One cube fewer than the
    cost cannot activate. With the cost: ``count`` soldiers of A 1 go to the eliminated
    area, the officer stays (not a soldier), A 3 is untouched; no army malus, no test; the
    card is discarded, its cubes go to the supply; 1 action."""
    game, state = _game(star_model, [{"cubes": 9}] + [{}] * (n - 1), n=n)
    c = _card_id(game, ident)
    assert game.resistance_cards[c].cost == cost
    assert _printed(game, "resistance", ident) == (
        f"Éliminez jusqu'à {count} soldats dans votre zone.")
    _put(game, state.soldiers, {"A 1": 4, "A 3": 2})
    _put(game, state.officers, {"A 1": 1})
    state.resistance = [[c, 0]]
    assert why_illegal(game, state, Resistance(0, 0, cost - 1, 1)) is not None
    _activate(game, state, ident)
    assert _zones(game, state.soldiers) == {"A 1": 4 - count, "A 3": 2}
    assert _zones(game, state.officers) == {"A 1": 1}
    assert state.eliminated_soldiers == count
    assert state.players[0].cubes == 9 - cost
    assert state.supply_cubes == 30 + cost
    assert state.resistance == [] and state.resistance_discard == [c]
    assert _counters(state) == [1] + [0] * (n - 1)


def test_resistance_ambush_fewer_soldiers_than_the_count(star_model: GameModel) -> None:
    """``ambush-5``: "jusqu'à 3 soldats": only 1 soldier in the actor's zone: it goes, and
    nothing else (A 3's soldiers stay)."""
    game, state = _game(star_model, [{"cubes": 9}] + [{}] * 4, n=5)
    _put(game, state.soldiers, {"A 1": 1, "A 3": 2})
    _activate(game, state, "ambush-5")
    assert _zones(game, state.soldiers) == {"A 3": 2}
    assert state.eliminated_soldiers == 1


@pytest.mark.parametrize(("ident", "n", "cost"), [("uprising-4", 4, 5), ("uprising-5", 5, 6)])
def test_resistance_uprising_each_zone_holding_a_player(star_model: GameModel, ident: str,
                                                        n: int, cost: int) -> None:
    """R5.8 — ``uprising-4/5`` (costs 5, 6): "Éliminez 1 soldat dans chaque zone où se
    trouve un joueur." Players in A 1 (actor), C 1 (two), B 5 (officer only), the others in
    A 1. A 1 loses 1 of its 2 soldiers, C 1 its only soldier; B 5's officer and A 3's soldier
    (no player) stay. 2 soldiers eliminated."""
    at = ["A 1", "C 1", "C 1", "B 5", "A 1"][:n]
    game, state = _game(star_model, [{"at": a} for a in at], n=n)
    state.players[0].cubes = cost
    _put(game, state.soldiers, {"A 1": 2, "C 1": 1, "A 3": 1})
    _put(game, state.officers, {"B 5": 1})
    assert game.resistance_cards[_card_id(game, ident)].cost == cost
    _activate(game, state, ident)
    assert _zones(game, state.soldiers) == {"A 1": 1, "A 3": 1}
    assert _zones(game, state.officers) == {"B 5": 1}
    assert state.eliminated_soldiers == 2
    assert state.players[0].cubes == 0


@pytest.mark.parametrize(("ident", "n", "cost"),
                         [("strike-3", 3, 4), ("strike-4", 4, 5), ("strike-5", 5, 6)])
def test_resistance_strike_an_officer_of_any_zone(star_model: GameModel, ident: str, n: int,
                                                  cost: int) -> None:
    """R9.6 ("sauf … par l'usage d'actions Résistance") — ``strike-3/4/5`` (costs 4, 5, 6):
    "Éliminez 1 officier dans la zone de votre choix." Officers in C 1 (1) and A 3 (2), far
    from the actor (M 1, in A 1 with 2 soldiers): the zones offered are exactly A 3 and
    C 1; choosing A 3 removes one of its officers to the eliminated area; soldiers stay."""
    game, state = _game(star_model, [{"cubes": cost}] + [{}] * (n - 1), n=n)
    _put(game, state.officers, {"C 1": 1, "A 3": 2})
    _put(game, state.soldiers, {"A 1": 2})
    c = _card_id(game, ident)
    assert game.resistance_cards[c].cost == cost
    state.resistance = [[c, 0]]
    apply(game, state, Resistance(0, 0, cost, 1))
    assert state.pending is not None and state.pending.kind == "choose_zone"
    assert sorted(game.zone(z) for z in state.pending.options) == ["A 3", "C 1"]
    _answer(game, state, [_z(game, "A 3")])
    assert _zones(game, state.officers) == {"C 1": 1, "A 3": 1}
    assert _zones(game, state.soldiers) == {"A 1": 2}
    assert state.eliminated_officers == 1


def test_resistance_strike_with_no_officer_on_the_island(star_model: GameModel) -> None:
    """``strike-4`` with no officer anywhere: nothing can be eliminated; whatever the
    engine allows, no piece moves and no officer is counted as eliminated."""
    game, state = _game(star_model, [{"cubes": 5}, {}, {}, {}])
    _put(game, state.soldiers, {"A 1": 2})
    c = _card_id(game, "strike-4")
    state.resistance = [[c, 0]]
    if why_illegal(game, state, Resistance(0, 0, 5, 1)) is None:
        _activate(game, state, "strike-4")
    assert _zones(game, state.soldiers) == {"A 1": 2}
    assert state.eliminated_officers == 0 and state.eliminated_soldiers == 0


@pytest.mark.parametrize(("ident", "n"), [("rail-sabotage-3", 3), ("rail-sabotage-5", 5)])
def test_resistance_rail_sabotage_two_army_actions_fewer(star_model: GameModel, ident: str,
                                                         n: int) -> None:
    """R8.2 — ``rail-sabotage-3/5`` (costs 4, 6): "Lors de la prochaine invasion, l'armée
    joue 2 actions de moins." The team's counters reach 3 (3 players: round(3·3/4) = 2
    army actions; 5 players: round(3·5/4) = 4, D8.1); the army plays 2 fewer: 0 or 2
    actions of 2 soldiers each; the army counter still catches up; nothing carried over."""
    game, state = _game(star_model, [{"cubes": 6, "actions": 2}] + [{"actions": 1}] * (n - 1),
                        n=n)
    c = _card_id(game, ident)
    assert game.resistance_cards[c].cost == (4 if n == 3 else 6)
    _activate(game, state, ident)
    assert state.skip_army == 2
    state.bag = [_z(game, z) for z in ("A 8", "B 5", "C 1", "A 3", "A 5")]
    _end_phase(game, state)
    owed = round(3 * n / 4)
    assert state.army_counter == owed
    assert sum(state.soldiers) == 2 * (owed - 2)
    assert state.skip_army == 0


@pytest.mark.parametrize("ident", ["escape-line-3"])
def test_resistance_escape_line_six_roads_for_each_player_of_the_zone(
        star_model: GameModel, ident: str) -> None:
    """R5.1 — ``escape-line-3`` (cost 2): "Chaque joueur de votre zone peut se déplacer le
    long de 6 routes au plus sans dépenser d'action."

    Players 0 (actor) and 1 in A 8, player 2 in A 7. Each player of A 8 is offered every
    zone within 6 roads (C 2 is exactly 6; B 7 is 7 roads away — the mountain path A 1–B 7
    is not a road): all zones but B 7. Player 0 goes to C 2, player 1 to A 5; player 2
    (another zone) does not move; counters: only the resistance action (1, 0, 0)."""
    game, state = _game(star_model, [{"at": "A 8", "cubes": 2}, {"at": "A 8"}, {"at": "A 7"}],
                        n=3)
    c = _card_id(game, ident)
    assert game.resistance_cards[c].cost == 2
    state.resistance = [[c, 0]]
    apply(game, state, Resistance(0, 0, 2, 1))
    offered = []
    for target in ("C 2", "A 5"):
        pend = state.pending
        assert pend is not None and pend.kind == "choose_zone"
        offered.append((pend.player, sorted(game.zone(z) for z in pend.options)))
        apply(game, state, Choose(pend.player, pend.options.index(_z(game, target))))
    assert state.pending is None
    everywhere_but_b7 = sorted(z for z in game.zone_ids if z != "B 7")
    assert offered == [(0, everywhere_but_b7), (1, everywhere_but_b7)]
    assert [game.zone(p.at) for p in state.players] == ["C 2", "A 5", "A 7"]
    assert _counters(state) == [1, 0, 0]


@pytest.mark.parametrize(("ident", "n", "cost"),
                         [("coded-messages-3", 3, 2), ("coded-messages-4", 4, 3)])
def test_resistance_coded_messages_three_clues_keep_one(star_model: GameModel, ident: str,
                                                        n: int, cost: int) -> None:
    """R5.3, R8.0 — ``coded-messages-3/4`` (costs 2, 3): "Piochez 3 cartes Indice et gardez-en
    1." The actor (C 1) stands in A 1 with 3 soldiers and 3 cubes (an Investigate would be
    refused: C − malus < 1 and R4.4): the card still draws 3 (no malus, not a limited
    action: no cube put); one kept for the pool, 2 discarded."""
    game, state = _game(star_model, [{"cubes": cost}] + [{}] * (n - 1), n=n)
    _put(game, state.soldiers, {"A 1": 3})
    _put(game, state.cubes, {"A 1": 3})
    assert why_illegal(game, state, Investigate(0)) is not None
    pile, discard = len(state.clue_pile), len(state.clue_discard)
    c = _card_id(game, ident)
    state.resistance = [[c, 0]]
    apply(game, state, Resistance(0, 0, cost, 1))
    assert state.pending is not None and state.pending.kind == "keep_investigate"
    drawn = list(state.pending.options)
    assert len(drawn) == 3
    _answer(game, state)
    assert state.clues_kept == [drawn[0]]
    assert len(state.clue_pile) == pile - 3 and len(state.clue_discard) == discard + 2
    assert _zones(game, state.cubes) == {"A 1": 3}


@pytest.mark.parametrize(("ident", "n", "cost"), [("black-market-3", 3, 2), ("black-market-5", 5, 3)])
def test_resistance_black_market_three_items_keep_one(star_model: GameModel, ident: str,
                                                      n: int, cost: int) -> None:
    """R5.4 — ``black-market-3/5`` (costs 2, 3): "Piochez 3 cartes Objet et gardez-en 1."
    Actor I 1 in A 1 with 2 soldiers (a Search would be refused): 3 items drawn, the first
    kept in her inventory, the 2 others on the item discard pile; no cube on the zone."""
    game, state = _game(star_model, [{"cubes": cost}] + [{}] * (n - 1), n=n)
    _put(game, state.soldiers, {"A 1": 2})
    assert why_illegal(game, state, Search(0)) is not None
    discard = len(state.item_discard)
    c = _card_id(game, ident)
    state.resistance = [[c, 0]]
    apply(game, state, Resistance(0, 0, cost, 1))
    assert state.pending is not None and state.pending.kind == "keep_search"
    drawn = list(state.pending.options)
    assert len(drawn) == 3
    _answer(game, state)
    assert state.players[0].inventory == [drawn[0]]
    assert sorted(state.item_discard[discard:]) == sorted(drawn[1:])
    assert _zones(game, state.cubes) == {}


def test_resistance_black_market_into_a_full_inventory(star_model: GameModel) -> None:
    """``black-market-3`` with R5.4 ("Il doit en défausser si nécessaire pour faire de la
    place"): 4 cards held; keeping a drawn card names a card to discard: the inventory
    stays at 4, the new card in it, the named card discarded."""
    game, state = _game(star_model, [{"cubes": 2}, {}, {}], n=3)
    held = [_item(game, k) for k in ("torn-umbrella", "old-newspaper", "sardine-tin",
                                     "accordion")]
    state.players[0].inventory = held[:]
    state.resistance = [[_card_id(game, "black-market-3"), 0]]
    apply(game, state, Resistance(0, 0, 2, 1))
    assert state.pending is not None
    new = state.pending.options[0]
    assert why_illegal(game, state, Keep(0, 0, -1)) is not None
    apply(game, state, Keep(0, 0, 1))
    assert state.players[0].inventory == [held[0], held[2], held[3], new]
    assert held[1] in state.item_discard


@pytest.mark.parametrize(("ident", "n", "cost"),
                         [("disinformation-3", 3, 5), ("disinformation-5", 5, 6)])
def test_resistance_disinformation_speed_one_cell_back(star_model: GameModel, ident: str,
                                                       n: int, cost: int) -> None:
    """R8.8, D2.2 — ``disinformation-3/5`` (costs 5, 6): "Reculez le marqueur de vitesse
    d'invasion de 1 case." Track 2, 3, 4 at cell 2 (speed 4): back to cell 1 (speed 3). On
    the first cell the marker stays."""
    game, state = _game(star_model, [{"cubes": 2 * cost}] + [{"actions": 1}] * (n - 1), n=n,
                        speed=(2, 3, 4))
    state.speed_cell = 2
    _activate(game, state, ident)
    assert state.speed_cell == 1
    state.speed_cell = 0
    _activate(game, state, ident)
    assert state.speed_cell == 0


def test_resistance_safe_house_removes_up_to_two_cubes(star_model: GameModel) -> None:
    """R4.4 — ``safe-house-3`` (cost 2): "Retirez jusqu'à 2 cubes Réputation de la zone de
    votre choix." Cubes: A 2 (1), C 1 (3, full: a search there is refused). Zones offered:
    those holding cubes. Choosing C 1 removes 2 (1 left): a player in C 1 may search again;
    the 2 cubes go back to the supply (30 + 2 from the card + 2)."""
    game, state = _game(star_model, [{"cubes": 2}, {"at": "C 1", "I": 2}, {}], n=3)
    _put(game, state.cubes, {"A 2": 1, "C 1": 3})
    _refused(game, state, Search(1), "R4.4")
    state.resistance = [[_card_id(game, "safe-house-3"), 0]]
    apply(game, state, Resistance(0, 0, 2, 1))
    assert state.pending is not None
    assert sorted(game.zone(z) for z in state.pending.options) == ["A 2", "C 1"]
    _answer(game, state, [_z(game, "C 1")])
    assert _zones(game, state.cubes) == {"A 2": 1, "C 1": 1}
    assert state.supply_cubes == 34
    _legal(game, state, Search(1))


def test_resistance_safe_house_one_cube_only(star_model: GameModel) -> None:
    """``safe-house-3``: "jusqu'à 2": A 2 holds 1 cube: it is removed, A 2 is free again."""
    game, state = _game(star_model, [{"cubes": 2}, {}, {}], n=3)
    _put(game, state.cubes, {"A 2": 1})
    _activate(game, state, "safe-house-3", answers=[_z(game, "A 2")])
    assert _zones(game, state.cubes) == {}
    assert state.supply_cubes == 33


def test_resistance_diversion_up_to_three_soldiers_within_the_max(star_model: GameModel) -> None:
    """R4.3, D4.1, D8.2 — ``diversion-4`` (cost 2): "Déplacez jusqu'à 3 soldats de la zone de
    votre choix vers une zone voisine, sans dépasser son occupation maximale."

    C 1 holds 3 soldiers and an officer; its neighbours: B 5 (town, 1 officer: room 1), A 5
    (town, empty: room 2), C 2 (village). Zones offered to leave: those with soldiers (C 1,
    A 3). From C 1 to A 5: 2 soldiers move (A 5's max is 2), 1 stays with the officer (not a
    soldier)."""
    game, state = _game(star_model, [{"cubes": 2}, {}, {}, {}])
    _put(game, state.soldiers, {"C 1": 3, "A 3": 1})
    _put(game, state.officers, {"C 1": 1, "B 5": 1})
    state.resistance = [[_card_id(game, "diversion-4"), 0]]
    apply(game, state, Resistance(0, 0, 2, 1))
    assert state.pending is not None
    assert sorted(game.zone(z) for z in state.pending.options) == ["A 3", "C 1"]
    apply(game, state, Choose(0, state.pending.options.index(_z(game, "C 1"))))
    assert sorted(game.zone(z) for z in state.pending.options) == ["A 5", "B 5", "C 2"]
    _answer(game, state, [_z(game, "A 5")])
    assert _zones(game, state.soldiers) == {"C 1": 1, "A 5": 2, "A 3": 1}
    assert _zones(game, state.officers) == {"C 1": 1, "B 5": 1}


def test_resistance_diversion_officers_fill_the_target(star_model: GameModel) -> None:
    """``diversion-4`` into B 5 (town) that holds an officer: "sans dépasser son occupation
    maximale" with D4.1 (officers count): only 1 soldier of C 1 moves."""
    game, state = _game(star_model, [{"cubes": 2}, {}, {}, {}])
    _put(game, state.soldiers, {"C 1": 3, "A 8": 1})
    _put(game, state.officers, {"B 5": 1})
    _activate(game, state, "diversion-4", answers=[_z(game, "C 1"), _z(game, "B 5")])
    assert _zones(game, state.soldiers) == {"C 1": 2, "B 5": 1, "A 8": 1}


def test_resistance_diversion_three_soldiers_on_the_island(scenario1: GameModel) -> None:
    """``diversion-4`` moves "jusqu'à 3" soldiers: on scenario 1's island, from a zone of 3
    soldiers to an empty neighbouring capital (max 3) when there is one, else to the
    roomiest neighbour: as many soldiers move as the target's room, at most 3."""
    game = Game.create(scenario1, players=4)
    state = cleared_state(game, 2)
    topo = game.topo
    pairs = [(a, b) for a in range(topo.n) for b in range(topo.n)
             if a != b and game.max_occupation[a] == 3 and game.max_occupation[b] == 3
             and f"{game.zone(b)}" in _neighbours(game, a)]
    if pairs:
        src, dst = pairs[0]
    else:
        src = next(z for z in range(topo.n) if game.max_occupation[z] == 3)
        dst = max((_z(game, n) for n in _neighbours(game, src)),
                  key=lambda z: game.max_occupation[z])
    state.soldiers[src] = 3
    other = next(z for z in range(topo.n) if z != src and z != dst
                 and game.zone(z) not in _neighbours(game, src))
    state.soldiers[other] = 1  # a second zone with soldiers: the source is a choice
    state.players[0].cubes = 2
    _activate(game, state, "diversion-4", answers=[src, dst])
    moved = min(3, game.max_occupation[dst])
    assert state.soldiers[dst] == moved
    assert state.soldiers[src] == 3 - moved


def _neighbours(game: Game, z: int) -> list[str]:
    """The zones joined to ``z`` by a road or a mountain path (D8.2), from the board data."""
    board = game.model.board
    me = game.zone(z)
    out: list[str] = []
    for road in board.roads:
        ends = [str(getattr(road, "from_", None) or getattr(road, "a", "")),
                str(getattr(road, "to", None) or getattr(road, "b", ""))]
        if me in ends:
            out.extend(e for e in ends if e != me)
    return out


def test_resistance_recruitment_three_tokens_recruit_one(star_model: GameModel) -> None:
    """R5.2, D5.1 — ``recruitment-4`` (cost 3): "Piochez 3 jetons Personnage secondaire et
    recrutez-en 1." Actor C 1 in A 1 with 3 soldiers (a Recruit would be refused): the bag
    holds A (C 4 …), E (I 4 …), the dummy and C (M 4): exactly the 3 on top are drawn (no
    malus); the kept one goes on a slot it fits; the 2 others return to the bag; no cube on
    the zone."""
    game, state = _game(star_model, [{"cubes": 3}, {}, {}, {}])
    _put(game, state.soldiers, {"A 1": 3})
    assert why_illegal(game, state, Recruit(0)) is not None
    a, e, dummy, c = (_token(game, x) for x in ("A", "E", None, "C"))
    state.recruit_bag = [a, e, dummy, c]
    state.resistance = [[_card_id(game, "recruitment-4"), 0]]
    apply(game, state, Resistance(0, 0, 3, 1))
    assert state.pending is not None and state.pending.kind == "keep_recruit"
    drawn = list(state.pending.options)
    assert len(drawn) == 3 and set(drawn) <= {a, e, dummy, c}
    if a in drawn:
        keep, where = drawn.index(a), slot_code(C, 0)  # A: C 4 fits the C slot numbered 2
    else:
        keep, where = drawn.index(e), slot_code(ENG, 0)  # E: I 4 fits the I slot numbered 2
    kept = drawn[keep]
    apply(game, state, Keep(0, keep, where))
    s, k = divmod(where, 16)
    assert state.players[0].squad[s][k] == kept
    assert sorted(state.recruit_bag) == sorted(t for t in (a, e, dummy, c) if t != kept)
    assert _zones(game, state.cubes) == {}


@pytest.mark.parametrize(("ident", "n", "cost"),
                         [("sleepless-night-4", 4, 3), ("sleepless-night-5", 5, 4)])
def test_resistance_sleepless_night_two_free_actions_two_ahead(
        star_model: GameModel, ident: str, n: int, cost: int) -> None:
    """R5.0, R7.1, D5.5 — ``sleepless-night-4/5`` (costs 3, 4): "Un joueur de votre choix
    peut réaliser 2 actions sans avancer son compteur d'actions, même avec 2 actions
    d'avance."

    Player 0 (counter 1) activates it (counter 2, the others 0: she is 2 ahead) and chooses
    herself: every player is offered. She then moves twice although 2 ahead; her counter
    stays at 2; a third action is refused by R5.0. The team counter then advances by 2
    (R7.1: the free actions are not on the counter)."""
    game, state = _game(star_model, [{"cubes": cost, "actions": 1}] + [{}] * (n - 1), n=n)
    c = _card_id(game, ident)
    assert game.resistance_cards[c].cost == cost
    state.resistance = [[c, 0]]
    apply(game, state, Resistance(0, 0, cost, 1))
    assert state.pending is not None and state.pending.kind == "choose_player"
    assert sorted(state.pending.options) == list(range(n))
    _answer(game, state, [0])
    assert _counters(state) == [2] + [0] * (n - 1)
    apply(game, state, Move(0, _z(game, "A 3")))
    apply(game, state, Move(0, _z(game, "A 5")))
    assert game.zone(state.players[0].at) == "A 5"
    assert _counters(state) == [2] + [0] * (n - 1)
    _refused(game, state, Move(0, _z(game, "A 3")), "R5.0")
    state.bag = []
    _end_phase(game, state)
    assert state.team_counter == 2


def test_resistance_sleepless_night_for_another_player(star_model: GameModel) -> None:
    """``sleepless-night-4``: "Un joueur de votre choix": player 0 gives them to player 2
    (counter 2 already, the others at most 1): player 2 takes 2 searches (I 2, a town) with
    no counter move; player 0's own counter is the one that moved."""
    game, state = _game(star_model, [{"cubes": 3}, {"actions": 1}, {"actions": 2, "at": "A 3",
                                                                   "I": 2}, {"actions": 1}])
    _refused(game, state, Search(2), "R5.0")
    _activate(game, state, "sleepless-night-4", answers=[2])
    assert _counters(state) == [1, 1, 2, 1]
    apply(game, state, Search(2))
    _answer(game, state)
    apply(game, state, Search(2))
    _answer(game, state)
    assert _counters(state) == [1, 1, 2, 1]
    assert len(state.players[2].inventory) == 2
    assert _zones(game, state.cubes) == {"A 3": 2}


def test_resistance_lost_orders_token_back_to_its_pile(star_model: GameModel) -> None:
    """R2.4, R8.3 — ``lost-orders-4`` (cost 4): "Retirez 1 jeton Zone du sac Invasion et
    remettez-le dans la pioche de sa région." Bag: A 3, C 1, A 3; A's pile holds A 8. The
    zones offered are those in the bag (A 3, C 1); taking A 3 leaves C 1 and one A 3 in the
    bag, and A's pile holds A 8 and A 3; the other piles are unchanged."""
    game, state = _game(star_model, [{"cubes": 4}, {}, {}, {}])
    regions = game.topo.regions
    state.bag = [_z(game, "A 3"), _z(game, "C 1"), _z(game, "A 3")]
    state.piles = [[] for _ in regions]
    state.piles[regions.index("A")] = [_z(game, "A 8")]
    state.resistance = [[_card_id(game, "lost-orders-4"), 0]]
    apply(game, state, Resistance(0, 0, 4, 1))
    assert state.pending is not None
    assert sorted(game.zone(z) for z in state.pending.options) == ["A 3", "C 1"]
    _answer(game, state, [_z(game, "A 3")])
    assert sorted(state.bag) == sorted([_z(game, "C 1"), _z(game, "A 3")])
    assert sorted(state.piles[regions.index("A")]) == sorted([_z(game, "A 8"), _z(game, "A 3")])
    assert state.piles[regions.index("B")] == [] and state.piles[regions.index("C")] == []


def test_resistance_lost_orders_with_an_empty_bag(star_model: GameModel) -> None:
    """``lost-orders-4`` with an empty invasion bag: no token to take out; the piles do not
    change."""
    game, state = _game(star_model, [{"cubes": 4}, {}, {}, {}])
    state.bag = []
    piles = [list(p) for p in state.piles]
    state.resistance = [[_card_id(game, "lost-orders-4"), 0]]
    if why_illegal(game, state, Resistance(0, 0, 4, 1)) is None:
        _activate(game, state, "lost-orders-4")
    assert state.bag == []
    assert state.piles == piles


def test_resistance_network_draw_two_make_one_available_and_a_cube_each(
        star_model: GameModel) -> None:
    """R6.2, D11.3 — ``network-5`` (cost 3): "Piochez 2 cartes Résistance et rendez-en 1
    disponible. Chaque joueur gagne 1 cube Réputation."

    The resistance pile (top last): Ambush, Raid, Uprising. The 2 top cards are offered; the
    kept one joins the available cards with no cube, the other is discarded with the
    network card; each of the 5 players gains 1 cube from the supply (30 + 3 − 5 = 28)."""
    game, state = _game(star_model, [{"cubes": 3}] + [{}] * 4, n=5)
    amb, strike, up = (_card_id(game, k) for k in ("ambush-5", "strike-5", "uprising-5"))
    net = _card_id(game, "network-5")
    state.resistance_pile = [amb, strike, up]
    state.resistance_discard = []
    state.resistance = [[net, 0]]
    apply(game, state, Resistance(0, 0, 3, 1))
    assert state.pending is not None and state.pending.kind == "keep_resistance"
    assert sorted(state.pending.options) == sorted([strike, up])
    kept = state.pending.options[0]
    other = state.pending.options[1]
    _answer(game, state)
    assert state.resistance == [[kept, 0]]
    assert sorted(state.resistance_discard) == sorted([net, other])
    assert state.resistance_pile == [amb]
    assert [p.cubes for p in state.players] == [1, 1, 1, 1, 1]
    assert state.supply_cubes == 28


def test_resistance_network_with_a_short_supply(star_model: GameModel) -> None:
    """``network-5``: "Chaque joueur gagne 1 cube" when the supply (0, then the card's 3
    cubes back in it, D11.3) holds 3 for 5 players: 3 cubes are gained, none made up, the
    supply ends empty."""
    game, state = _game(star_model, [{"cubes": 3}] + [{}] * 4, n=5, supply=0)
    _activate(game, state, "network-5")
    assert sum(p.cubes for p in state.players) == 3
    assert max(p.cubes for p in state.players) == 1
    assert state.supply_cubes == 0


# ================================================================================================
# Special items (R5.7: "Réussite selon indication sur la carte Objet Spécial"; R4.5: the army
# malus; a successful use discards the card unless it says otherwise; D11.2: a failed use
# spends the action)
# ================================================================================================


@pytest.mark.parametrize(("ident", "skill", "need", "count"),
                         [("booby-trap", "I", 2, 3), ("molotov", "M", 1, 2)])
def test_special_soldier_killers_test_and_count(star_model: GameModel, ident: str, skill: str,
                                                need: int, count: int) -> None:
    """R5.7, R4.5 — ``booby-trap``: "Réussite si Ingénierie − malus ≥ 2 : Éliminez jusqu'à 3
    soldats dans votre zone"; ``molotov``: "Réussite si Militaire − malus ≥ 1 : Éliminez
    jusqu'à 2 soldats dans votre zone".

    The actor in A 1 with 3 soldiers and 1 officer (malus 4). Skill need + 3 (one short):
    the use fails, nothing removed, the card kept, 1 action spent. Skill need + 4: ``count``
    soldiers of A 1 eliminated (the officer stays, A 3's soldier too), the card discarded
    back to the special items set aside (R2.6)."""
    s = _special(game_ := Game.create(star_model, players=4), ident)
    assert _special_text(game_, ident, 0).startswith(
        f"Réussite si {'Ingénierie' if skill == 'I' else 'Militaire'} − malus ≥ {need}")
    for level, ok in ((need + 3, False), (need + 4, True)):
        game, state = _game(star_model, [{skill: level}, {}, {}, {}])
        _put(game, state.soldiers, {"A 1": 3, "A 3": 1})
        _put(game, state.officers, {"A 1": 1})
        _holding_special(game, state, ident)
        left = state.special_left[s]
        _use(game, state, ident)
        assert _counters(state) == [1, 0, 0, 0]
        if not ok:
            assert _zones(game, state.soldiers) == {"A 1": 3, "A 3": 1}
            assert state.players[0].inventory == [SPECIAL + s]
        else:
            assert _zones(game, state.soldiers) == ({"A 1": 3 - count, "A 3": 1} if count < 3
                                                    else {"A 3": 1})
            assert _zones(game, state.officers) == {"A 1": 1}
            assert state.eliminated_soldiers == count
            assert state.players[0].inventory == []
            assert state.special_left[s] == left + 1


def test_special_grenade_an_officer_of_the_actors_zone(star_model: GameModel) -> None:
    """R9.6, R5.7 — ``grenade``: "Réussite si Militaire − malus ≥ 2 : Éliminez 1 officier
    dans votre zone." M 4 in A 1 holding 1 soldier and 2 officers (malus 3): 1 < 2, fails.
    M 5: 2 ≥ 2: one officer goes to the eliminated area, the soldier and the other officer
    stay."""
    game, state = _game(star_model, [{"M": 4}, {}, {}, {}])
    _put(game, state.soldiers, {"A 1": 1})
    _put(game, state.officers, {"A 1": 2})
    _holding_special(game, state, "grenade")
    _use(game, state, "grenade")
    assert _zones(game, state.officers) == {"A 1": 2}
    assert state.players[0].inventory == [SPECIAL + _special(game, "grenade")]
    game, state = _game(star_model, [{"M": 5}, {}, {}, {}])
    _put(game, state.soldiers, {"A 1": 1})
    _put(game, state.officers, {"A 1": 2})
    _holding_special(game, state, "grenade")
    _use(game, state, "grenade")
    assert _zones(game, state.officers) == {"A 1": 1}
    assert _zones(game, state.soldiers) == {"A 1": 1}
    assert state.eliminated_officers == 1
    assert state.players[0].inventory == []


def test_special_grenade_does_not_reach_a_neighbour(star_model: GameModel) -> None:
    """``grenade``: "dans votre zone": the only officer is in A 3 next door; the actor's A 1
    is empty: A 3's officer is not touched."""
    game, state = _game(star_model, [{"M": 3}, {}, {}, {}])
    _put(game, state.officers, {"A 3": 1})
    _holding_special(game, state, "grenade")
    if why_illegal(game, state, Use(0, 0, 0)) is None:
        _use(game, state, "grenade")
    assert _zones(game, state.officers) == {"A 3": 1}
    assert state.eliminated_officers == 0


def test_special_sniper_rifle_officer_in_a_neighbouring_zone(star_model: GameModel) -> None:
    """R9.6, R4.5 — ``sniper-rifle``, second use: "Réussite si Militaire − malus ≥ 2 :
    Éliminez 1 officier dans votre zone ou une zone voisine."

    Actor in A 1 (1 soldier: malus 1); officers in A 3 (neighbour) and A 5 (two roads away).
    M 2: 1 < 2, fails, the rifle is kept. M 3: the zones offered are A 3 only (A 5 is not a
    neighbour); A 3's officer is eliminated; the rifle is discarded."""
    game, state = _game(star_model, [{"M": 2}, {}, {}, {}])
    _put(game, state.soldiers, {"A 1": 1})
    _put(game, state.officers, {"A 3": 1, "A 5": 1})
    _holding_special(game, state, "sniper-rifle")
    _use(game, state, "sniper-rifle", use=1)
    assert _zones(game, state.officers) == {"A 3": 1, "A 5": 1}
    assert state.players[0].inventory == [SPECIAL + _special(game, "sniper-rifle")]
    game, state = _game(star_model, [{"M": 3}, {}, {}, {}])
    _put(game, state.soldiers, {"A 1": 1})
    _put(game, state.officers, {"A 3": 1, "A 5": 1})
    _holding_special(game, state, "sniper-rifle")
    apply(game, state, Use(0, 0, 1))
    if state.pending is not None:
        assert [game.zone(z) for z in state.pending.options] == ["A 3"]
        _answer(game, state, [_z(game, "A 3")])
    assert _zones(game, state.officers) == {"A 5": 1}
    assert state.eliminated_officers == 1
    assert state.players[0].inventory == []


def test_special_sniper_rifle_the_general_in_scenario2() -> None:
    """R5.7 — ``sniper-rifle``, first use: "Dans la zone du général ou une zone voisine ;
    réussite si Militaire − malus ≥ 3 : Éliminez le général ennemi." Scenario 2's general
    revealed in a zone Z; the actor stands in a neighbour of Z with M 3 (no soldier there):
    the objective is done (victory waits for the army phase, R9.2); from a zone two steps
    away the use is refused."""
    model = load_game("scenarios/scenario-2.yaml")
    game = Game.create(model, players=4)
    state = cleared_state(game, 4)
    gen = next(o.index for o in game.objectives if o.kind == "general")
    z = next(i for i in range(game.topo.n) if game.max_occupation[i] == 3)
    near = _neighbours(game, z)
    state.revealed[gen] = [z]
    nb = _z(game, near[0])
    far = next(i for i in range(game.topo.n)
               if i != z and game.zone(i) not in near
               and all(game.zone(z) not in _neighbours(game, i) for _ in [0]))
    info = game.character_info[state.players[0].character]
    state.players[0].squad = [[EMPTY] * len(info.slots[s]) for s in range(3)]
    game = dataclasses.replace(game, character_info=tuple(
        dataclasses.replace(ci, initial=(1, 3, 1)) if i == state.players[0].character else ci
        for i, ci in enumerate(game.character_info)))
    _holding_special(game, state, "sniper-rifle")
    state.players[0].at = far
    _refused(game, state, Use(0, 0, 0), "R5.7")
    state.players[0].at = nb
    _use(game, state, "sniper-rifle", use=0)
    assert state.done[gen] == 1
    assert state.outcome is None


def test_special_radio_strategic_objective_in_its_zone(star_model: GameModel) -> None:
    """R5.7 — ``radio``, first use: "Dans la zone de l'objectif stratégique ; réussite si
    Communication − malus ≥ 2 : Accomplissez l'objectif stratégique de cette zone." The
    strategic objective revealed in A 3 (1 soldier: malus 1). C 2 in A 3: 1 < 2, fails,
    the radio kept, nothing done. C 3: done; the radio discarded. From A 1: refused."""
    for level, ok in ((2, False), (3, True)):
        game, state = _game(star_model, [{"at": "A 3", "C": level}, {}, {}, {}])
        game = objectives(game, "strategic")
        state.revealed, state.done, state.completed = [[_z(game, "A 3")]], [0], [[]]
        _put(game, state.soldiers, {"A 3": 1})
        _holding_special(game, state, "radio")
        state.players[0].at = _z(game, "A 1")
        _refused(game, state, Use(0, 0, 0), "R5.7")
        state.players[0].at = _z(game, "A 3")
        _use(game, state, "radio", use=0)
        assert state.done == [1 if ok else 0]
        assert state.players[0].inventory == ([] if ok else [SPECIAL + _special(game, "radio")])


@pytest.mark.parametrize(("ident", "use", "draw"), [("radio", 1, 3), ("disguise", 1, 2)])
def test_special_clue_draws_with_the_malus_test(star_model: GameModel, ident: str, use: int,
                                                draw: int) -> None:
    """R5.3, R5.7, R4.5 — ``radio`` second use: "Réussite si Communication − malus ≥ 1 :
    Piochez 3 cartes Indice et gardez-en 1"; ``disguise`` second use: "… Piochez 2 cartes
    Indice et gardez-en 1".

    C 2 in A 1 with 2 soldiers: 0 < 1, fails (nothing drawn, the card kept). C 3: the draw
    is the printed number (not C − malus), 1 clue kept for the pool (R8.0), the others
    discarded, no cube on the zone (not a limited action); the card discarded."""
    for level, ok in ((2, False), (3, True)):
        game, state = _game(star_model, [{"C": level}, {}, {}, {}])
        _put(game, state.soldiers, {"A 1": 2})
        _holding_special(game, state, ident)
        pile, discard = len(state.clue_pile), len(state.clue_discard)
        apply(game, state, Use(0, 0, use))
        if not ok:
            assert state.pending is None
            assert len(state.clue_pile) == pile
            assert state.players[0].inventory == [SPECIAL + _special(game, ident)]
            continue
        assert state.pending is not None and state.pending.kind == "keep_investigate"
        drawn = list(state.pending.options)
        assert len(drawn) == draw
        _answer(game, state)
        assert state.clues_kept == [drawn[0]]
        assert len(state.clue_pile) == pile - draw
        assert len(state.clue_discard) == discard + draw - 1
        assert state.players[0].inventory == []
        assert _zones(game, state.cubes) == {}


def test_special_disguise_frees_the_prisoner_of_scenario3() -> None:
    """R5.7 — ``disguise``, first use: "Dans la zone du prisonnier ; réussite si
    Communication − malus ≥ 2 : Libérez le prisonnier." Scenario 3: Clara Vasseur revealed
    in a zone Z with no soldier; the actor (C ≥ 2) in Z uses the disguise: the prisoner
    objective is done and its on_done hook runs: she joins the actor's squad as a
    secondary character (C 2, M 1, I 4) — one more recruit in the squad."""
    model = load_game("scenarios/scenario-3.yaml")
    game = Game.create(model, players=4)
    state = cleared_state(game, 6)
    pri = next(o.index for o in game.objectives if o.kind == "prisoner")
    z = next(i for i in range(game.topo.n) if (game.objectives[pri].candidates >> i) & 1)
    state.revealed[pri] = [z]
    ps = state.players[0]
    ps.at = z
    ci = game.character_info[ps.character]
    if ci.initial[C] < 2:
        game = dataclasses.replace(game, character_info=tuple(
            dataclasses.replace(c, initial=(2, c.initial[1], c.initial[2]))
            if i == ps.character else c for i, c in enumerate(game.character_info)))
    before = sum(1 for row in ps.squad for x in row if x >= 0)
    _holding_special(game, state, "disguise")
    _use(game, state, "disguise", use=0)
    assert state.done[pri] == 1
    assert sum(1 for row in state.players[0].squad for x in row if x >= 0) == before + 1
    assert state.players[0].inventory == []


def test_special_disguise_outside_the_prisoners_zone_refused(star_model: GameModel) -> None:
    """``disguise`` first use "Dans la zone du prisonnier": from A 1 while the prisoner is
    in A 3, refused (R5.7); the second use (clues) stays possible."""
    game, state = _game(star_model, [{"C": 2}, {}, {}, {}])
    game = objectives(game, "prisoner")
    state.revealed, state.done, state.completed = [[_z(game, "A 3")]], [0], [[]]
    _holding_special(game, state, "disguise")
    _refused(game, state, Use(0, 0, 0), "R5.7")
    _legal(game, state, Use(0, 0, 1))


def test_special_press_two_cubes_each_in_a_capital_or_town(star_model: GameModel) -> None:
    """R1.1, R5.7 — ``press``: "Dans une capitale ou une ville ; réussite si Communication −
    malus ≥ 1 : Chaque joueur gagne 2 cubes Réputation." In A 2 (a village): refused. In A 3
    (town) with C 1 and an empty zone: each of the 4 players gains 2 cubes from the supply
    (30 → 22); the press is discarded."""
    game, state = _game(star_model, [{"at": "A 2"}, {"cubes": 1}, {}, {}])
    _holding_special(game, state, "press")
    _refused(game, state, Use(0, 0, 0), "R5.7")
    state.players[0].at = _z(game, "A 3")
    _use(game, state, "press")
    assert [p.cubes for p in state.players] == [2, 3, 2, 2]
    assert state.supply_cubes == 22
    assert state.players[0].inventory == []


def test_special_press_with_a_short_supply(star_model: GameModel) -> None:
    """``press`` when the supply holds 5 cubes for 4 players × 2: 5 cubes are gained (no
    more), nobody gains more than 2, the supply is empty."""
    game, state = _game(star_model, [{"at": "A 3"}, {}, {}, {}], supply=5)
    _holding_special(game, state, "press")
    _use(game, state, "press")
    assert sum(p.cubes for p in state.players) == 5
    assert max(p.cubes for p in state.players) == 2
    assert state.supply_cubes == 0


def test_special_press_fails_under_the_malus(star_model: GameModel) -> None:
    """``press``: C 1 in A 3 with 1 soldier: 1 − 1 = 0 < 1: no cube, the press kept."""
    game, state = _game(star_model, [{"at": "A 3"}, {}, {}, {}])
    _put(game, state.soldiers, {"A 3": 1})
    _holding_special(game, state, "press")
    _use(game, state, "press")
    assert [p.cubes for p in state.players] == [0, 0, 0, 0]
    assert state.players[0].inventory == [SPECIAL + _special(game, "press")]


def test_special_jammer_speed_one_cell_back(star_model: GameModel) -> None:
    """R8.8 — ``jammer``: "Réussite si Ingénierie − malus ≥ 3 : Reculez le marqueur de
    vitesse d'invasion de 1 case." Track 2, 3, 4 at cell 2. I 3 in A 1 with 1 soldier: 2 <
    3, fails, the marker stays. I 4: cell 1."""
    for level, cell in ((3, 2), (4, 1)):
        game, state = _game(star_model, [{"I": level}, {}, {}, {}], speed=(2, 3, 4))
        state.speed_cell = 2
        _put(game, state.soldiers, {"A 1": 1})
        _holding_special(game, state, "jammer")
        _use(game, state, "jammer")
        assert state.speed_cell == cell


def test_special_sabotage_charge_two_army_actions_fewer(star_model: GameModel) -> None:
    """R8.2 — ``sabotage-charge``: "Réussite si Ingénierie − malus ≥ 2 : Lors de la
    prochaine invasion, l'armée joue 2 actions de moins." I 2 in an empty zone; counters
    reach 3 (4 players: 3 army actions owed); the army plays 1: one zone of the bag gets 2
    soldiers; the army counter reaches 3."""
    game, state = _game(star_model, [{"I": 2, "actions": 2}, {"actions": 1}, {"actions": 1},
                                     {"actions": 1}])
    _holding_special(game, state, "sabotage-charge")
    _use(game, state, "sabotage-charge")
    assert state.skip_army == 2
    state.bag = [_z(game, z) for z in ("A 8", "B 5", "C 1")]
    _end_phase(game, state)
    assert sum(state.soldiers) == 2
    assert state.army_counter == 3


def test_special_truck_free_six_roads_and_the_truck_stays(star_model: GameModel) -> None:
    """R5.1, R5.7 — ``truck`` (``discard: false``): "Réussite si Ingénierie − malus ≥ 1 :
    Chaque joueur de votre zone peut se déplacer le long de 6 routes au plus sans dépenser
    d'action." Players 0 (I 1) and 1 in A 8, player 2 in A 7. Each of A 8's players is
    offered every zone but B 7 (7 roads); player 0 goes to C 2, player 1 stays in A 8;
    player 2 does not move; one action spent (the use); the truck stays in the inventory
    and can be used again from C 2."""
    game, state = _game(star_model, [{"at": "A 8"}, {"at": "A 8"}, {"at": "A 7"}])
    _holding_special(game, state, "truck")
    apply(game, state, Use(0, 0, 0))
    offered = []
    for who, target in ((0, "C 2"), (1, "A 8")):
        pend = state.pending
        assert pend is not None and pend.player == who
        offered.append(sorted(game.zone(z) for z in pend.options))
        apply(game, state, Choose(who, pend.options.index(_z(game, target))))
    assert offered[0] == offered[1] == sorted(z for z in game.zone_ids if z != "B 7")
    assert [game.zone(p.at) for p in state.players] == ["C 2", "A 8", "A 7"]
    assert _counters(state) == [1, 0, 0]
    assert state.players[0].inventory == [SPECIAL + _special(game, "truck")]
    apply(game, state, Move(1, _z(game, "A 7")))
    apply(game, state, Move(2, _z(game, "A 1")))
    _legal(game, state, Use(0, 0, 0))


def test_special_truck_fails_under_the_malus(star_model: GameModel) -> None:
    """``truck``: I 1 in A 8 with 1 soldier: 0 < 1: nobody moves, the action is spent."""
    game, state = _game(star_model, [{"at": "A 8"}, {"at": "A 8"}, {}])
    _put(game, state.soldiers, {"A 8": 1})
    _holding_special(game, state, "truck")
    apply(game, state, Use(0, 0, 0))
    assert state.pending is None
    assert [game.zone(p.at) for p in state.players] == ["A 8", "A 8", "A 1"]
    assert _counters(state) == [1, 0, 0]


def test_special_bomb_destroys_the_base_of_scenario1(game1: Game) -> None:
    """R5.7 — ``bomb``: "Dans la zone de la base ; réussite si Ingénierie − malus ≥ 1 :
    Détruisez la base ennemie de cette zone." Scenario 1: the base revealed in N-E 8 (a
    capital with 1 soldier); a player of I ≥ 2 there uses the bomb: the objective is done,
    the bomb discarded; no victory before the end of the army phase (R9.2)."""
    state = cleared_state(game1, 8)
    base = next(o.index for o in game1.objectives if o.kind == "base")
    state.revealed[base] = [_z(game1, "N-E 8")]
    state.soldiers[_z(game1, "N-E 8")] = 1
    ps = state.players[0]
    ps.at = _z(game1, "N-E 8")
    game = game1
    if game.character_info[ps.character].initial[ENG] < 2:
        game = dataclasses.replace(game1, character_info=tuple(
            dataclasses.replace(c, initial=(c.initial[0], c.initial[1], 2))
            if i == ps.character else c for i, c in enumerate(game1.character_info)))
    _holding_special(game, state, "bomb")
    _use(game, state, "bomb")
    assert state.done[base] == 1
    assert state.players[0].inventory == []
    assert state.outcome is None


# ================================================================================================
# Item bonuses (R5.4: "Tant que la carte est dans l'inventaire du joueur, le bonus est
# activé"), the shipped cards not yet played by the other probes
# ================================================================================================


def test_item_hunting_rifle_military_while_held_then_crafted_away(star_model: GameModel) -> None:
    """R5.4, R5.5, R5.6 — ``hunting-rifle`` (a part of the sniper rifle): "+1 en Militaire
    tant que cette carte est dans votre inventaire." M 1 in A 1 with 1 soldier: eliminating
    is legal with the rifle (2 > 1). Crafted into a sniper rifle (I 4, with the scope) the
    part is discarded and the bonus gone: the elimination is refused again (R5.6)."""
    game, state = _game(star_model, [{"I": 4}, {}, {}, {}])
    _put(game, state.soldiers, {"A 1": 1})
    rifle, scope = _item(game, "hunting-rifle"), _item(game, "scope")
    from authoring.engine import Eliminate

    apply(game, state, Eliminate(0, _z(game, "A 1"), 0))  # 1 − 1 = 0: fails (D11.2)
    assert state.eliminated_soldiers == 0
    state.players[0].inventory = [rifle, scope]
    apply(game, state, Move(1, _z(game, "A 3")))
    apply(game, state, Move(2, _z(game, "A 3")))
    apply(game, state, Move(3, _z(game, "A 3")))
    apply(game, state, Eliminate(0, _z(game, "A 1"), 0))  # 2 − 1 = 1 > 0
    assert state.eliminated_soldiers == 1 and state.soldiers[_z(game, "A 1")] == 0
    apply(game, state, Craft(0, _special(game, "sniper-rifle")))  # I 4 in an empty zone
    assert state.players[0].inventory == [SPECIAL + _special(game, "sniper-rifle")]
    state.soldiers[_z(game, "A 1")] = 1
    for p in (1, 2, 3):
        apply(game, state, Move(p, _z(game, "A 1")))
    apply(game, state, Eliminate(0, _z(game, "A 1"), 0))  # the bonus is gone: fails
    assert state.eliminated_soldiers == 1 and state.soldiers[_z(game, "A 1")] == 1


@pytest.mark.parametrize(("ident", "action", "skill"),
                         [("binoculars", Investigate, "C"), ("fine-wine", Recruit, "C"),
                          ("torch", Search, "I")])
def test_item_draw_bonus_one_more(star_model: GameModel, ident: str, action: Any,
                                  skill: str) -> None:
    """R5.2–R5.4 — ``binoculars``: "Piochez 1 carte Indice de plus quand vous enquêtez";
    ``fine-wine``: "Piochez 1 jeton Personnage secondaire de plus quand vous recrutez";
    ``torch``: "Piochez 1 carte Objet de plus quand vous fouillez" (each "tant que cette
    carte est dans votre inventaire"). Skill 3 in A 1 with 1 soldier: 2 drawn without the
    card, 3 with it."""
    for held, drawn in ((False, 2), (True, 3)):
        game, state = _game(star_model, [{skill: 3}, {}, {}, {}])
        _put(game, state.soldiers, {"A 1": 1})
        if held:
            state.players[0].inventory = [_item(game, ident)]
        apply(game, state, action(0))
        assert state.pending is not None and state.pending.kind.startswith("keep_")
        assert len(state.pending.options) == drawn


def test_item_binoculars_not_on_a_resistance_draw(star_model: GameModel) -> None:
    """``binoculars``: "quand vous enquêtez" — the Coded messages card (R5.8) is not an
    Investigate action (R5.3): with the binoculars it still draws the printed 3."""
    game, state = _game(star_model, [{"cubes": 3}, {}, {}, {}])
    state.players[0].inventory = [_item(game, "binoculars")]
    state.resistance = [[_card_id(game, "coded-messages-4"), 0]]
    apply(game, state, Resistance(0, 0, 3, 1))
    assert state.pending is not None and len(state.pending.options) == 3


def test_item_bicycle_one_more_road(star_model: GameModel) -> None:
    """R5.1 — ``bicycle``: "Vos déplacements peuvent emprunter 1 route de plus." From A 2,
    C 1 is 4 roads away: refused without, legal with the bicycle (one action); C 2 (5 roads)
    stays refused."""
    game, state = _game(star_model, [{"at": "A 2"}, {}, {}, {}])
    _refused(game, state, Move(0, _z(game, "C 1")), "R5.1")
    state.players[0].inventory = [_item(game, "bicycle")]
    _refused(game, state, Move(0, _z(game, "C 2")), "R5.1")
    apply(game, state, Move(0, _z(game, "C 1")))
    assert game.zone(state.players[0].at) == "C 1"
    assert _counters(state) == [1, 0, 0, 0]


def test_item_staff_map_two_mountain_paths(tmp_path: Any) -> None:
    """R5.1 — ``staff-map``: "Vos déplacements peuvent emprunter 1 chemin de montagne de
    plus." No shipped board has a zone that only two mountain paths in a row reach (every
    such chain of scenario 1's island ends within 3 roads), so the star board gets one more
    path, B 7 – C 2: from A 1, C 2 is 2 paths away (A 1 – B 7 – C 2) and 4 roads away.
    Without the map: refused (R5.1); with it: legal; B 5 (a path then a road) stays refused:
    the map adds a path, it does not mix paths and roads ("3 routes normales ou bien 1
    chemin de montagne")."""
    here = Path(__file__).resolve().parent
    board = (here / "situations" / "boards" / "star.yaml").read_text("utf-8").replace(
        "  - {from: B 7, to: B 5}", "  - {from: B 7, to: B 5}\n  - {from: B 7, to: C 2, kind: mountain}")
    (tmp_path / "board.yaml").write_text(board, "utf-8")
    scenario = (here / "data" / "star-scenario.yaml").read_text("utf-8").replace(
        "board: ../situations/boards/star.yaml", "board: board.yaml").replace(
        "clues: star-deck.yaml", f"clues: {here / 'data' / 'star-deck.yaml'}")
    (tmp_path / "scenario.yaml").write_text(scenario, "utf-8")
    game, state = _game(load_game(tmp_path / "scenario.yaml"), [{}, {}, {}, {}])
    _refused(game, state, Move(0, _z(game, "C 2")), "R5.1")
    state.players[0].inventory = [_item(game, "staff-map")]
    _refused(game, state, Move(0, _z(game, "B 5")), "R5.1")
    apply(game, state, Move(0, _z(game, "C 2")))
    assert game.zone(state.players[0].at) == "C 2"
    assert _counters(state) == [1, 0, 0, 0]


def test_item_red_cross_armband_on_a_special_item(star_model: GameModel) -> None:
    """R4.5, R5.7 — ``red-cross-armband``: "Le malus de l'armée sur vos actions est réduit de
    1." M 1 in A 1 with 1 soldier: the Molotov cocktails (M − malus ≥ 1) fail without it
    (0); with the armband: 1 − 0 = 1: the soldier is eliminated."""
    game, state = _game(star_model, [{}, {}, {}, {}])
    _put(game, state.soldiers, {"A 1": 1})
    _holding_special(game, state, "molotov")
    _use(game, state, "molotov")
    assert _zones(game, state.soldiers) == {"A 1": 1}
    state.players[0].inventory.append(_item(game, "red-cross-armband"))
    apply(game, state, Move(1, _z(game, "A 3")))
    _use(game, state, "molotov")
    assert _zones(game, state.soldiers) == {}
    assert state.players[0].inventory == [_item(game, "red-cross-armband")]


def test_item_red_cross_armband_on_a_draw(star_model: GameModel) -> None:
    """``red-cross-armband`` on a Search (R5.4): I 2 in A 1 with 2 soldiers: 0 drawn, the
    search refused (D5.2); with the armband 2 − 1 = 1 card drawn."""
    game, state = _game(star_model, [{"I": 2}, {}, {}, {}])
    _put(game, state.soldiers, {"A 1": 2})
    _refused(game, state, Search(0), "D5.2")
    state.players[0].inventory = [_item(game, "red-cross-armband")]
    apply(game, state, Search(0))
    assert state.pending is not None and len(state.pending.options) == 1


def test_item_saboteur_manual_crafts_one_level_lower(star_model: GameModel) -> None:
    """R5.5 — ``saboteur-manual``: "Fabriquer demande 1 niveau d'Ingénierie de moins." I 3,
    empty zone, the Molotov's parts (bottles, petrol): 3 < 4, the craft fails and keeps the
    parts (D11.2); with the manual 3 ≥ 3: the Molotov is made, the parts discarded, the
    manual stays."""
    game, state = _game(star_model, [{"I": 3}, {}, {}, {}])
    parts = [_item(game, "bottles"), _item(game, "petrol")]
    state.players[0].inventory = parts[:]
    apply(game, state, Craft(0, _special(game, "molotov")))
    assert sorted(state.players[0].inventory) == sorted(parts)
    manual = _item(game, "saboteur-manual")
    state.players[0].inventory.append(manual)
    apply(game, state, Move(1, _z(game, "A 3")))
    apply(game, state, Craft(0, _special(game, "molotov")))
    assert sorted(state.players[0].inventory) == sorted([manual, SPECIAL + _special(game,
                                                                                    "molotov")])


def test_item_backpack_six_cards(star_model: GameModel) -> None:
    """R5.4 — ``backpack``: "Votre inventaire compte 2 emplacements de plus" (flavour: "Il
    prend une place, il en donne deux"): with the backpack and 4 other cards (5 held) a
    search keeps a 6th card without discarding; at 6, keeping a 7th names a card to
    discard."""
    game, state = _game(star_model, [{"I": 2}, {}, {}, {}])
    bp = _item(game, "backpack")
    junk = [_item(game, k) for k in ("torn-umbrella", "old-newspaper", "sardine-tin",
                                     "accordion")]
    state.players[0].inventory = [bp, *junk]
    apply(game, state, Search(0))
    assert state.pending is not None
    new = state.pending.options[0]
    _legal(game, state, Keep(0, 0, -1))
    apply(game, state, Keep(0, 0, -1))
    assert state.players[0].inventory == [bp, *junk, new]
    apply(game, state, Search(0))
    assert why_illegal(game, state, Keep(0, 0, -1)) is not None
    apply(game, state, Keep(0, 0, 1))
    assert len(state.players[0].inventory) == 6


def test_item_backpack_given_away_leaves_four_chosen_cards(star_model: GameModel) -> None:
    """``backpack`` "tant que cette carte est dans votre inventaire" with R5.4 ("Il doit en
    défausser si nécessaire pour faire de la place"): a player holding the backpack and 5
    other cards gives the backpack to a player of the same zone (R5.9): she is left with 5
    cards for 4 slots and must discard one — which one is hers to choose (people choose):
    4 cards remain, the receiver holds the backpack."""
    game, state = _game(star_model, [{}, {}, {}, {}])
    game = dataclasses.replace(game, people_choose=True)
    bp = _item(game, "backpack")
    junk = [_item(game, k) for k in ("torn-umbrella", "old-newspaper", "sardine-tin",
                                     "accordion", "left-shoe")]
    state.players[0].inventory = [bp, *junk]
    apply(game, state, Transfer(0, 1, card=0))
    seen = []
    while state.pending is not None:
        seen.append(state.pending.kind)
        if state.pending.kind == "discard_excess":
            apply(game, state, Choose(0, state.pending.options.index(4)))  # the left shoe
        else:
            apply(game, state, Choose(state.pending.player, 0))  # transfer_more: done
    assert "discard_excess" in seen
    assert state.players[1].inventory == [bp]
    assert state.players[0].inventory == junk[:4]
