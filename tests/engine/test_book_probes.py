"""Rule probes: situations written from the French rule book (``seeds/000_…``, the
authority) and ``design/rules.md`` by an outside tester who never read the engine's rules
code (players.py, resolve.py, army.py, flow.py, core.py).

Each probe arranges a state on the star test board (``situations/boards/star.yaml``)
through the public API (``apply``, ``why_illegal``, ``legal_actions``) and the State's
fields, then asserts the outcome the book gives, citing the rule ids and the book's words.
The army phase is always reached the way players reach it: ``apply(End())``.

The star board (sizes: capital 3, town 2, village 1):

    A 1 capital — A 7 village, B 7 village (mountain path), A 3 town, A 2 village
    A 7 — A 8 town;  A 3 — A 5 town;  A 5 — C 1 capital;  C 1 — B 5 town, C 2 village
    B 7 — B 5

Events are switched off (``no_events_before``, a scenario parameter) so that the army
phase is only R8.2–R8.8.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from authoring.engine import (
    Choose,
    Craft,
    Eliminate,
    End,
    Game,
    Investigate,
    Keep,
    Move,
    Plan,
    Recruit,
    Resistance,
    Search,
    State,
    Transfer,
    Use,
    apply,
    legal_actions,
    new_initial_state,
    why_illegal,
)
from authoring.engine.actions import slot_code, slot_of
from authoring.engine.game import CharacterInfo, Mods, lasting_mods
from authoring.engine.rng import Rng
from authoring.engine.state import EMPTY, PLANNING, SPECIAL
from authoring.model import effects as fx
from authoring.model.game import GameModel

from .test_situations import _setup, _zones

C, M, ENG = 0, 1, 2  # the skill rows (R1.2): Communication, Military, Engineering
BONUS = (
    lasting_mods([fx.ResistanceDiscount(amount=2)]),  # D1.1: max C
    lasting_mods([fx.EliminateOfficers()]),  # D1.1, R9.6: max M
    lasting_mods([fx.CraftRequirement(delta=-1)]),  # D1.1, R5.5: max I
)


def _sheet(levels: tuple[int, int, int], top: tuple[int, int, int]) -> CharacterInfo:
    """A sheet with these initial levels and maximum levels: the improvement slots of a
    skill are numbered level+1 … max (R1.2); a skill with no slot is at its max (R1.3)."""
    slots = tuple(tuple(range(levels[s] + 1, top[s] + 1)) for s in range(3))
    return CharacterInfo("probe", "P", levels, (slots[0], slots[1], slots[2]), 4, 10, 1,
                         Mods(), BONUS)


def _game(model: GameModel, players: list[dict[str, Any]], *, n: int | None = None,
          speed: tuple[int, ...] = (2,), supply: int = 30,
          decisions: dict[str, str] | None = None, budget: int | None = None,
          reserve: tuple[int, int] = (20, 6)) -> tuple[Game, State]:
    """The star board in its players' phase, the island empty, these players (``at``,
    ``C``/``M``/``I`` levels, ``top`` max levels as a "CMI" dict, ``cubes`` in reserve,
    ``actions`` already taken), the speed track ``speed`` at its first cell, no event."""
    spec: dict[str, Any] = {
        "players": [{"at": p.get("at", "A 1")} for p in players],
        "supply_cubes": supply,
        "reserve": {"soldiers": reserve[0], "officers": reserve[1]},
        "region_piles": {"A": 3, "B": 3, "C": 3},
    }
    if budget is not None:
        spec["budget"] = budget
    game, state = _setup(model, {"players": n or len(players), "state": spec,
                                 "decisions": decisions or {}})
    sheets = []
    for p in players:
        lv = (int(p.get("C", 1)), int(p.get("M", 1)), int(p.get("I", 1)))
        top = p.get("top", {})
        sheets.append(_sheet(lv, (int(top.get("C", lv[0] + 3)), int(top.get("M", lv[1] + 3)),
                                  int(top.get("I", lv[2] + 3)))))
    game = dataclasses.replace(game, character_info=tuple(sheets), speed_track=speed,
                               speed_start=0, no_events_before=99)
    state.speed_cell = 0
    state.event_pile, state.event_discard = [], []
    for i, p in enumerate(players):
        ps = state.players[i]
        ps.squad = [[EMPTY] * len(sheets[i].slots[s]) for s in range(3)]
        ps.cubes = int(p.get("cubes", 0))
        ps.actions = int(p.get("actions", 0))
    return game, state


def _z(game: Game, ref: str) -> int:
    return game.zone_index(ref)


def _put(game: Game, table: list[int], where: dict[str, int]) -> None:
    for ref, k in where.items():
        table[_z(game, ref)] = k


def _refused(game: Game, state: State, action: Any, rule: str) -> None:
    """``action`` is illegal, the reason citing ``rule``, and not among the legal actions."""
    reason = why_illegal(game, state, action)
    assert reason is not None, f"{action} should be refused by {rule}"
    assert rule in reason, (rule, reason)
    assert action not in legal_actions(game, state)


def _legal(game: Game, state: State, action: Any) -> None:
    reason = why_illegal(game, state, action)
    assert reason is None, reason


def _item(game: Game, item_id: str) -> int:
    return next(i for i, it in enumerate(game.items) if it.id == item_id)


def _special(game: Game, special_id: str) -> int:
    return next(i for i, s in enumerate(game.specials) if s.id == special_id)


def _card(game: Game, prefix: str) -> int:
    return next(i for i, c in enumerate(game.resistance_cards) if c.id.startswith(prefix))


def _counters(state: State) -> list[int]:
    return [p.actions for p in state.players]


def _keep(game: Game, state: State) -> None:
    """Answer a pending draw by keeping its first card or token, where the engine allows."""
    assert state.pending is not None and state.pending.kind.startswith("keep_")
    apply(game, state, next(a for a in legal_actions(game, state)
                            if isinstance(a, Keep) and a.drawn == 0))


def _piles(game: Game, state: State) -> dict[str, int]:
    """The size of each region's pile of zone tokens (R2.4, R8.6), by region id."""
    return {rid: len(state.piles[r]) for r, rid in enumerate(game.topo.regions)}


def _end_phase(game: Game, state: State, share_to: int = 0) -> None:
    """R10.1 then R7.2: the players end their phase; any reputation cube is given to
    player ``share_to``; the army phase then runs by itself (R8)."""
    apply(game, state, End())
    while state.pending is not None and state.pending.kind == "share_cube":
        apply(game, state, Choose(state.pending.player, state.pending.options.index(share_to)))


# -- R5.0, D5.4, D10.1, R7.1, D5.3: who may act, and the team counter ------------------------


def test_r50_spread_is_measured_after_the_action(star_model: GameModel) -> None:
    """R5.0: "À tout moment, il ne peut y avoir un différentiel supérieur à deux actions
    entre le joueur actif et celui le plus en retard."

    Counters [2, 0, 0]: player 0 acting would make 3 against 0: refused. Player 1 acts
    ([2, 1, 0]): player 0 still refused (player 2 is at 0). Player 2 acts ([2, 1, 1]):
    player 0 may act (3 against 1). Then [3, 1, 1]: player 0 refused again, players 1 and
    2 (behind) always may act."""
    game, state = _game(star_model, [{"actions": 2}, {}, {}])
    _refused(game, state, Move(0, _z(game, "A 3")), "R5.0")
    apply(game, state, Move(1, _z(game, "A 3")))
    _refused(game, state, Move(0, _z(game, "A 3")), "R5.0")
    apply(game, state, Move(2, _z(game, "A 3")))
    assert _counters(state) == [2, 1, 1]
    apply(game, state, Move(0, _z(game, "A 3")))
    assert _counters(state) == [3, 1, 1]
    _refused(game, state, Move(0, _z(game, "A 1")), "R5.0")
    _legal(game, state, Move(1, _z(game, "A 1")))
    _legal(game, state, Move(2, _z(game, "A 1")))


def test_d54_ten_actions_per_player_per_phase(star_model: GameModel) -> None:
    """D5.4 (the sheet's counter "0 1 2 … 10"): at most 10 actions per phase. Counters
    [10, 9, 9]: player 0 is within R5.0's spread but refused by D5.4; players 1 and 2 may
    act. At [10, 10, 10] nothing but the end of the phase is left."""
    game, state = _game(star_model, [{"actions": 10}, {"actions": 9}, {"actions": 9}])
    _refused(game, state, Move(0, _z(game, "A 3")), "D5.4")
    apply(game, state, Move(1, _z(game, "A 3")))
    state.bag = []
    apply(game, state, Move(2, _z(game, "A 3")))
    # nobody may act any more: either only End is left, or the phase has ended by itself
    # (R7.1: the team counter then advanced by 10)
    if state.phase == "players" and state.pending is None:
        assert _counters(state) == [10, 10, 10]
        assert legal_actions(game, state) == [End()]
    else:
        assert state.team_counter == 10


def test_d101_team_budget(star_model: GameModel) -> None:
    """D10.1: the timer is a budget of actions for the whole team. Budget 2: two moves
    (players 0 and 1) spend it; then no action is left but the end of the phase."""
    game, state = _game(star_model, [{}, {}, {}], budget=2)
    apply(game, state, Move(0, _z(game, "A 3")))
    state.bag = []
    apply(game, state, Move(1, _z(game, "A 3")))
    # the budget is spent: either only End is left (any action refused citing D10.1), or
    # the phase has ended by itself (R7.1: the team counter then advanced by 1)
    if state.phase == "players" and state.pending is None:
        assert _counters(state) == [1, 1, 0]
        _refused(game, state, Move(2, _z(game, "A 3")), "D10.1")
        assert legal_actions(game, state) == [End()]
    else:
        assert state.team_counter == 1


def test_r71_team_counter_advances_by_the_most_then_d53_reset(star_model: GameModel) -> None:
    """R7.1: "Le jeton de l'équipe sur la piste Compteur d'actions générale est avancé
    d'autant de cases que le joueur en ayant réalisé le plus durant le tour." R8.2 + D8.1
    (4 players, 1:1): "On fait donc avancer le jeton Compteur d'actions de l'armée
    jusqu'à rattraper le jeton Compteur d'actions commun".

    4 players, counters [3, 5, 4, 4], team counter 7, army counter 7. End: team counter
    12 (not 7 + 16), the army catches up to 12 (5 army actions, 5 zone tokens drawn:
    the bag holds A 8, B 5, A 5, C 1, A 3: 2 soldiers each, no deployment). D5.3: the next players' phase starts with the
    individual counters at 0."""
    game, state = _game(star_model, [{"actions": 3}, {"actions": 5}, {"actions": 4},
                                     {"actions": 4}], n=4)
    state.team_counter = state.army_counter = 7
    state.bag = [_z(game, r) for r in ("A 8", "B 5", "A 5", "C 1", "A 3")]
    _end_phase(game, state)
    assert state.team_counter == 12
    assert state.army_counter == 12
    assert _zones(game, state.soldiers) == {"A 8": 2, "B 5": 2, "A 5": 2, "C 1": 2, "A 3": 2}
    assert state.reserve_soldiers == 10
    assert state.round == 2
    assert _counters(state) == [0, 0, 0, 0]


# -- R5.1: movement ------------------------------------------------------------------------


def test_r51_roads_and_mountain_paths(star_model: GameModel) -> None:
    """R5.1: "Le joueur peut emprunter jusqu'à 3 routes normales (traits pleins) ou bien
    1 chemin de montagne (traits pointillés)."

    From A 2: A 5 is 3 roads away (A 2–A 1–A 3–A 5): legal; C 1 is 4 roads: refused;
    B 7 needs a road then a mountain path: refused (not "ou bien"). From A 1: B 7 is one
    mountain path: legal; B 5 is a mountain path then a road: refused."""
    game, state = _game(star_model, [{"at": "A 2"}, {"at": "A 1"}, {"at": "A 1"}])
    _legal(game, state, Move(0, _z(game, "A 5")))
    _refused(game, state, Move(0, _z(game, "C 1")), "R5.1")
    _refused(game, state, Move(0, _z(game, "B 7")), "R5.1")
    _legal(game, state, Move(1, _z(game, "B 7")))
    _refused(game, state, Move(1, _z(game, "B 5")), "R5.1")
    apply(game, state, Move(0, _z(game, "A 5")))
    assert state.players[0].at == _z(game, "A 5")
    assert _counters(state) == [1, 0, 0]


def test_r51_soldiers_do_not_block_movement(star_model: GameModel) -> None:
    """R4.5 ("Pour chaque compétence utilisée …") and R5.1: a move uses no skill, and the
    book sets no condition on soldiers. A player in A 1 holding 3 soldiers moves through
    A 3 (2 soldiers) to A 5 (2 soldiers): legal, one action."""
    game, state = _game(star_model, [{"at": "A 1"}, {}, {}])
    _put(game, state.soldiers, {"A 1": 3, "A 3": 2, "A 5": 2})
    apply(game, state, Move(0, _z(game, "A 5")))
    assert state.players[0].at == _z(game, "A 5")
    assert _counters(state) == [1, 0, 0]


# -- R5.2–R5.4 with R4.5 / D4.1: what a draw draws -------------------------------------------


def test_r52_recruit_draws_c_minus_malus_officers_count(star_model: GameModel) -> None:
    """R5.2: "Nombre de jetons piochés = niveau de Communication – Malus de l'armée";
    R4.5: the malus is "le niveau d'occupation de la zone dans laquelle se trouve le
    personnage"; D4.1: officers count as occupation. C 3 in A 1 holding 1 soldier and 1
    officer: 1 token drawn. The same player elsewhere (C 1, empty) would draw 3."""
    game, state = _game(star_model, [{"C": 3}, {"at": "C 1", "C": 3}, {}])
    _put(game, state.soldiers, {"A 1": 1})
    _put(game, state.officers, {"A 1": 1})
    apply(game, state, Recruit(0))
    assert state.pending is not None and state.pending.kind == "keep_recruit"
    assert len(state.pending.options) == 1
    _keep(game, state)
    apply(game, state, Recruit(1))
    assert state.pending is not None and state.pending.kind == "keep_recruit"
    assert len(state.pending.options) == 3


def test_r53_investigate_and_d52_zero_draw(star_model: GameModel) -> None:
    """R5.3: "Nombre cartes piochées = niveau de Communication - Malus de l'armée";
    D5.2 (default): a draw count ≤ 0 makes the action illegal. C 2 in A 3 holding 1
    soldier: 1 clue drawn. C 1 in A 5 holding 1 soldier: 0 → refused (D5.2), its counter
    unmoved, no cube put in A 5."""
    game, state = _game(star_model, [{"at": "A 3", "C": 2}, {"at": "A 5", "C": 1}, {}])
    _put(game, state.soldiers, {"A 3": 1, "A 5": 1})
    apply(game, state, Investigate(0))
    assert state.pending is not None and state.pending.kind == "keep_investigate"
    assert len(state.pending.options) == 1
    _keep(game, state)
    _refused(game, state, Investigate(1), "D5.2")
    assert _counters(state) == [1, 0, 0]
    assert _zones(game, state.cubes) == {"A 3": 1}


def test_r54_search_draws_i_minus_malus(star_model: GameModel) -> None:
    """R5.4: "Nombre cartes piochées = niveau d'Ingénierie - Malus de l'armée". I 4 in
    A 3 (town) holding 2 soldiers: 2 item cards drawn; the kept one goes to the
    inventory."""
    game, state = _game(star_model, [{"at": "A 3", "I": 4}, {}, {}])
    _put(game, state.soldiers, {"A 3": 2})
    apply(game, state, Search(0))
    assert state.pending is not None and state.pending.kind == "keep_search"
    assert len(state.pending.options) == 2
    _keep(game, state)
    assert len(state.players[0].inventory) == 1


# -- R4.4 / D4.2: the limited-action cube; R5.8: the resistance action's cubes -------------


def test_r44_d42_default_cube_from_the_general_supply(star_model: GameModel) -> None:
    """R4.4: "La réalisation d'une action limitée demandera au joueur de poser un cube
    Réputation dans la zone de l'action"; D4.2 (revised 2026-11-25): by default the cube
    comes from the general supply. Player 0 holds no cube and searches in A 3 (town,
    size 2): A 3 gets 1 cube, the supply 30 → 29, the reserve stays 0. Player 1 then
    investigates in A 3: 2 cubes, supply 28. Player 2's recruit in A 3 is refused
    (R4.4: 2 cubes is not fewer than the size 2)."""
    game, state = _game(star_model, [{"at": "A 3", "I": 2}, {"at": "A 3", "C": 2},
                                     {"at": "A 3", "C": 2, "cubes": 3}])
    apply(game, state, Search(0))
    _keep(game, state)
    assert _zones(game, state.cubes) == {"A 3": 1}
    assert state.supply_cubes == 29
    assert state.players[0].cubes == 0
    apply(game, state, Investigate(1))
    _keep(game, state)
    assert _zones(game, state.cubes) == {"A 3": 2}
    assert state.supply_cubes == 28
    _refused(game, state, Recruit(2), "R4.4")
    assert [p.cubes for p in state.players] == [0, 0, 3]


def test_d42_player_option_cube_from_the_reserve(star_model: GameModel) -> None:
    """D4.2 option ``player``: the cube comes from the acting player's reserve; a player
    with no cube cannot take a limited action. Player 0 (2 cubes) searches in A 3: reserve
    2 → 1, A 3 = 1 cube, the supply unchanged (30). Player 1 (no cube) is refused."""
    game, state = _game(star_model, [{"at": "A 3", "I": 2, "cubes": 2},
                                     {"at": "A 1", "I": 2}, {}],
                        decisions={"D4.2": "player"})
    apply(game, state, Search(0))
    _keep(game, state)
    assert state.players[0].cubes == 1
    assert _zones(game, state.cubes) == {"A 3": 1}
    assert state.supply_cubes == 30
    _refused(game, state, Search(1), "D4.2")


def test_r44_limit_is_the_size_not_the_max_occupation(star_model: GameModel) -> None:
    """R4.4: "ne peut être réalisée que si le nombre de cubes Réputation est inférieur à la
    Taille de la zone" — the size, while R4.3 lets a scenario raise the maximum
    occupation ("sauf cas particuliers spécifiés dans le scénario"). A 2 (village, size 1)
    with its max occupation raised to 3 and 1 cube: a search there is refused (R4.4)."""
    game, state = _game(star_model, [{"at": "A 2", "I": 2}, {}, {}])
    maxo = list(game.max_occupation)
    maxo[_z(game, "A 2")] = 3
    game = dataclasses.replace(game, max_occupation=tuple(maxo))
    _put(game, state.cubes, {"A 2": 1})
    _refused(game, state, Search(0), "R4.4")


def test_r58_resistance_paid_from_the_personal_reserve(star_model: GameModel) -> None:
    """R5.8: "Pour 1 action, la joueuse ajoute le nombre désiré de cubes Réputation sur une
    carte Résistance disponible depuis sa réserve personnelle"; "Une carte ayant
    suffisamment de cubes Réputation et n'ayant pas été activée peut également être activée
    lors d'une action de ce type, même sans poser de cubes"; D11.3: on activation the
    cubes go to the general supply.

    Ambush (cost 4: remove 2 soldiers in the actor's zone). Player 0 (5 cubes) puts 4 on it
    without activating: reserve 1, card 4, supply 30, counters [1, 0, 0]. Putting 2 more
    than she holds is refused. Player 1 (no cube, same zone A 1 with 2 soldiers) activates
    it putting nothing: the 2 soldiers go to the eliminated area, the card leaves the
    available cards, its 4 cubes go to the supply (34)."""
    game, state = _game(star_model, [{"cubes": 5}, {}, {}, {}])
    amb = _card(game, "ambush")
    assert game.resistance_cards[amb].cost == 4
    state.resistance = [[amb, 0]]
    _put(game, state.soldiers, {"A 1": 2})
    apply(game, state, Resistance(0, 0, 4, 0))
    assert state.players[0].cubes == 1
    assert state.resistance == [[amb, 4]]
    assert state.supply_cubes == 30
    assert _counters(state) == [1, 0, 0, 0]
    _refused(game, state, Resistance(0, 0, 2, 0), "R5.8")
    apply(game, state, Resistance(1, 0, 0, 1))
    while state.pending is not None:  # a choice the effect may ask
        apply(game, state, Choose(state.pending.player, 0))
    assert state.resistance == []
    assert _zones(game, state.soldiers) == {}
    assert state.eliminated_soldiers == 2
    assert state.supply_cubes == 34
    assert [p.cubes for p in state.players] == [1, 0, 0, 0]


def test_d11_max_communication_resistance_two_cheaper(star_model: GameModel) -> None:
    """D1.1 from the sample sheet: "Les Actions de Résistance coûtent deux Réputation de
    moins à activer." Player 0 at max C (no C slot) puts 2 cubes on Ambush (cost 4) and
    activates it in the same action: 2 soldiers of A 1 eliminated, reserve 2 → 0."""
    game, state = _game(star_model, [{"C": 3, "top": {"C": 3}, "cubes": 2}, {}, {}, {}])
    amb = _card(game, "ambush")
    assert game.resistance_cards[amb].cost == 4
    state.resistance = [[amb, 0]]
    _put(game, state.soldiers, {"A 1": 2})
    apply(game, state, Resistance(0, 0, 2, 1))
    while state.pending is not None:
        apply(game, state, Choose(state.pending.player, 0))
    assert state.eliminated_soldiers == 2
    assert state.players[0].cubes == 0
    assert state.resistance == []


# -- R5.6, R9.6: elimination ---------------------------------------------------------------


def test_r56_eliminate_success_military_above_occupation(star_model: GameModel) -> None:
    """R5.6: "Réussite si : niveau Militaire > niveau d'Occupation"; "Le soldat éliminé
    est placé dans la Zone des soldats éliminés". M 3 in A 1 holding 2 soldiers: success,
    A 1 keeps 1 soldier, the eliminated area holds 1, the reserve is unchanged (R7.2 comes
    at the end of the phase)."""
    game, state = _game(star_model, [{"M": 3}, {}, {}])
    _put(game, state.soldiers, {"A 1": 2})
    reserve = state.reserve_soldiers
    apply(game, state, Eliminate(0, _z(game, "A 1"), 0))
    assert _zones(game, state.soldiers) == {"A 1": 1}
    assert state.eliminated_soldiers == 1
    assert state.reserve_soldiers == reserve
    assert _counters(state) == [1, 0, 0]


def test_r56_eliminate_fails_when_equal_and_officers_count(star_model: GameModel) -> None:
    """R5.6 ("niveau Militaire > niveau d'Occupation": strictly greater), D4.1 (officers
    are occupation), D11.2 (a failed elimination still spends the action). M 2 in A 1
    holding 2 soldiers: fails, 2 soldiers stay. M 2 in A 3 holding 1 soldier + 1 officer:
    fails too. Counters [1, 1, 0], nothing eliminated."""
    game, state = _game(star_model, [{"M": 2}, {"at": "A 3", "M": 2}, {}])
    _put(game, state.soldiers, {"A 1": 2, "A 3": 1})
    _put(game, state.officers, {"A 3": 1})
    apply(game, state, Eliminate(0, _z(game, "A 1"), 0))
    apply(game, state, Eliminate(1, _z(game, "A 3"), 0))
    assert _zones(game, state.soldiers) == {"A 1": 2, "A 3": 1}
    assert _zones(game, state.officers) == {"A 3": 1}
    assert state.eliminated_soldiers == 0
    assert _counters(state) == [1, 1, 0]


def test_r56_eliminate_only_where_the_player_is(star_model: GameModel) -> None:
    """R5.6: "remove one soldier from the actor's zone". M 4 in A 1 (empty) cannot
    eliminate in A 3 (2 soldiers), and cannot eliminate a soldier in A 1 (none)."""
    game, state = _game(star_model, [{"M": 4}, {}, {}])
    _put(game, state.soldiers, {"A 3": 2})
    assert why_illegal(game, state, Eliminate(0, _z(game, "A 3"), 0)) is not None
    assert why_illegal(game, state, Eliminate(0, _z(game, "A 1"), 0)) is not None


def test_r96_officers_only_at_max_military(star_model: GameModel) -> None:
    """R9.6: "Ces officiers ne peuvent pas être tués, sauf par des personnages avec un
    niveau max en Militaire". A 1 holds 1 officer and no soldier. Player 0 (M 3, max 6)
    is refused (R9.6). Player 1 (M 3 at its max 3) eliminates it (3 > occupation 1): the
    officer goes to the eliminated area."""
    game, state = _game(star_model, [{"M": 3}, {"M": 3, "top": {"M": 3}}, {}])
    _put(game, state.officers, {"A 1": 1})
    _refused(game, state, Eliminate(0, _z(game, "A 1"), 1), "R9.6")
    apply(game, state, Eliminate(1, _z(game, "A 1"), 1))
    assert _zones(game, state.officers) == {}
    assert state.eliminated_officers == 1


def test_r72_eliminated_pieces_become_cubes_at_end_of_phase(star_model: GameModel) -> None:
    """R7.2: "Les pions soldat ou officier présents dans la Zone des soldats éliminés sont
    convertis en autant de cubes Réputation ; les pions soldats et officier sont retournés
    à leur réserve. Les cubes Réputation sont répartis librement entre les joueurs."

    Player 0 (M 4, max M 4) eliminates a soldier then an officer in A 1; player 1 (M 3)
    eliminates a soldier in A 3. No cube is gained during the phase. End: 3 cubes, all
    given to player 2: reserves [0, 0, 3], the supply 30 → 27, the soldier reserve +2,
    the officer reserve +1, the eliminated area empty."""
    game, state = _game(star_model, [{"M": 4, "top": {"M": 4}}, {"at": "A 3", "M": 3}, {}],
                        reserve=(20, 6))
    _put(game, state.soldiers, {"A 1": 1, "A 3": 1})
    _put(game, state.officers, {"A 1": 1})
    apply(game, state, Eliminate(0, _z(game, "A 1"), 0))
    apply(game, state, Eliminate(1, _z(game, "A 3"), 0))
    apply(game, state, Eliminate(0, _z(game, "A 1"), 1))
    assert (state.eliminated_soldiers, state.eliminated_officers) == (2, 1)
    assert [p.cubes for p in state.players] == [0, 0, 0]
    state.bag = []
    _end_phase(game, state, share_to=2)
    assert [p.cubes for p in state.players] == [0, 0, 3]
    assert state.supply_cubes == 27
    assert (state.reserve_soldiers, state.reserve_officers) == (22, 7)
    assert (state.eliminated_soldiers, state.eliminated_officers) == (0, 0)


# -- R5.5: craft; R5.10 / D11.4: planning ----------------------------------------------------


def _bomb_parts(game: Game) -> list[int]:
    return [_item(game, k) for k in ("explosives", "detonator", "timer")]


def test_r55_craft_succeeds_at_four(star_model: GameModel) -> None:
    """R5.5: "Réussite si : niveau d'Ingénierie - Malus de l'armée ≥ 4"; "les cartes des
    différents éléments sont défaussées, et la joueuse prend une carte Objet Spécial …
    qu'elle ajoute à son inventaire". I 4, empty A 1, holding explosives, detonator and
    timer (the bomb): the inventory becomes the bomb alone, the parts in the discard."""
    game, state = _game(star_model, [{"I": 4}, {}, {}])
    parts = _bomb_parts(game)
    bomb = _special(game, "bomb")
    state.players[0].inventory = parts[:]
    discard = len(state.item_discard)
    apply(game, state, Craft(0, bomb))
    assert state.players[0].inventory == [SPECIAL + bomb]
    assert sorted(state.item_discard[discard:]) == sorted(parts)
    assert _counters(state) == [1, 0, 0]


def test_r55_craft_fails_under_malus_and_keeps_the_parts(star_model: GameModel) -> None:
    """R5.5 with R4.5: I 4 in A 1 holding 1 soldier: 4 − 1 = 3 < 4: the craft fails;
    D11.2: the action is spent and the parts are kept."""
    game, state = _game(star_model, [{"I": 4}, {}, {}])
    parts = _bomb_parts(game)
    _put(game, state.soldiers, {"A 1": 1})
    state.players[0].inventory = parts[:]
    apply(game, state, Craft(0, _special(game, "bomb")))
    assert state.players[0].inventory == parts
    assert _counters(state) == [1, 0, 0]


def test_d11_max_engineering_crafts_one_lower(star_model: GameModel) -> None:
    """D1.1 from the sample sheet: "Peut fabriquer des objets quelconques avec un dénivelé
    en moins." I 3 at its max (no I slot), empty zone: 3 ≥ 4 − 1: the bomb is made."""
    game, state = _game(star_model, [{"I": 3, "top": {"I": 3}}, {}, {}])
    state.players[0].inventory = _bomb_parts(game)
    bomb = _special(game, "bomb")
    apply(game, state, Craft(0, bomb))
    assert state.players[0].inventory == [SPECIAL + bomb]


def test_r55_craft_needs_the_parts(star_model: GameModel) -> None:
    """R5.5: "à condition que le joueur possède les différentes parties nécessaires".
    I 5 holding explosives and detonator only: the bomb is refused."""
    game, state = _game(star_model, [{"I": 5}, {}, {}])
    state.players[0].inventory = _bomb_parts(game)[:2]
    assert why_illegal(game, state, Craft(0, _special(game, "bomb"))) is not None


def test_r510_planning_token_helps_once_then_is_spent(star_model: GameModel) -> None:
    """R5.10: "prendre un jeton Planification, et le placer sur la première case libre de
    la compétence de son choix sur sa fiche, augmentant temporairement son niveau de 1. Il
    sera défaussé à la prochaine utilisation de la compétence."

    I 3, holding the bomb's parts, empty zone. Plan on I: the token on the first free I
    slot, one action, the supply of planning tokens 10 → 9. Craft: 3 + 1 = 4 ≥ 4: the
    bomb is made, and the token leaves the sheet (no slot holds it any more)."""
    game, state = _game(star_model, [{"I": 3}, {}, {}])
    state.players[0].inventory = _bomb_parts(game)
    supply = state.planning_supply
    apply(game, state, Plan(0, ENG))
    assert state.players[0].squad[ENG][0] == PLANNING
    assert state.planning_supply == supply - 1
    apply(game, state, Move(1, _z(game, "A 3")))
    apply(game, state, Move(2, _z(game, "A 3")))
    bomb = _special(game, "bomb")
    apply(game, state, Craft(0, bomb))
    assert state.players[0].inventory == [SPECIAL + bomb]
    assert PLANNING not in state.players[0].squad[ENG]
    assert _counters(state) == [2, 1, 1]


def test_r510_planning_adds_one_to_a_draw(star_model: GameModel) -> None:
    """R5.10 with R5.2: C 1 + the planning token on C: a recruit in empty A 1 draws 2
    tokens, and the token is spent by that use of C."""
    game, state = _game(star_model, [{"C": 1}, {}, {}])
    apply(game, state, Plan(0, C))
    apply(game, state, Recruit(0))
    assert state.pending is not None and state.pending.kind == "keep_recruit"
    assert len(state.pending.options) == 2
    assert PLANNING not in state.players[0].squad[C]


def test_r510_d114_one_token_moved_by_a_plan_action(star_model: GameModel) -> None:
    """R5.10: "Un joueur ne peut avoir qu'un seul jeton Planification actif à la fois ;
    mais il peut déplacer son jeton s'il en avait déjà un." D11.4: moving it is a Plan
    action. Plan on C, then Plan on M: one token, on M; the supply gave one token only;
    counters [2, …]."""
    game, state = _game(star_model, [{}, {}, {}])
    supply = state.planning_supply
    apply(game, state, Plan(0, C))
    apply(game, state, Move(1, _z(game, "A 3")))
    apply(game, state, Plan(0, M))
    squad = state.players[0].squad
    assert PLANNING not in squad[C]
    assert squad[M][0] == PLANNING
    assert sum(row.count(PLANNING) for row in squad) == 1
    assert state.planning_supply == supply - 1
    assert _counters(state) == [2, 1, 0]


def test_r510_no_free_slot_no_planning(star_model: GameModel) -> None:
    """R5.10: the token goes "sur la première case libre de la compétence": a skill at its
    max level (no free slot: C 2, max 2) cannot take it."""
    game, state = _game(star_model, [{"C": 2, "top": {"C": 2}}, {}, {}])
    assert why_illegal(game, state, Plan(0, C)) is not None
    _legal(game, state, Plan(0, M))


# -- R5.9 / D11.5: transfer ---------------------------------------------------------------------


def test_r59_transfer_to_a_player_in_the_same_place(star_model: GameModel) -> None:
    """R5.9: "Permet d'envoyer des personnages et/ou des objets d'inventaire … vers
    l'escouade d'un autre joueur, s'il est présent dans le même lieu." Player 0 in A 1
    gives its explosives to player 1 (A 1): one action of the giver only; to player 2 (in
    A 3): refused (R5.9). D11.5: a receiver holding 4 cards cannot receive."""
    game, state = _game(star_model, [{}, {}, {"at": "A 3"}])
    ex, det = _item(game, "explosives"), _item(game, "detonator")
    state.players[0].inventory = [ex, det]
    _refused(game, state, Transfer(0, 2, card=0), "R5.9")
    apply(game, state, Transfer(0, 1, card=0))
    if state.pending is not None:
        assert state.pending.kind == "transfer_more"
        apply(game, state, Choose(0, 0))
    assert state.players[0].inventory == [det]
    assert state.players[1].inventory == [ex]
    assert _counters(state) == [1, 0, 0]
    state.players[1].inventory = [ex, ex, ex, ex]
    apply(game, state, Move(2, _z(game, "A 1")))
    _refused(game, state, Transfer(0, 1, card=0), "D11.5")


# -- R8: the army phase -------------------------------------------------------------------------


def test_r82_d81_three_players_catch_up(star_model: GameModel) -> None:
    """R8.2 ("un nombre d'actions proportionnel au nombre d'actions des joueurs") and D8.1
    (3 players: after the team counter reaches t, round(t × 3 / 4) army actions in all).
    Team counter 0 → 4 (counters [4, 3, 2]): 3 army actions, each adding 2 soldiers
    (speed 2) to its drawn zone: the bag holds A 8, B 5 and C 1 (room for 2 each)."""
    game, state = _game(star_model, [{"actions": 4}, {"actions": 3}, {"actions": 2}])
    state.bag = [_z(game, r) for r in ("A 8", "B 5", "C 1")]
    _end_phase(game, state)
    assert state.team_counter == 4
    assert state.army_counter == 3
    assert _zones(game, state.soldiers) == {"A 8": 2, "B 5": 2, "C 1": 2}
    assert state.reserve_soldiers == 14


def test_r84_deploy_to_neighbours_in_decreasing_number(star_model: GameModel) -> None:
    """R8.3 + R8.4: "tous les soldats surnuméraires sont envoyés dans la zone voisine de
    numéro le plus élevé. Si la zone en question ne peut les accueillir tous, les restants
    sont envoyés dans la zone voisine suivante dans l'ordre des numéros décroissants."
    D8.2: equal numbers, the activated zone's region first (A 7 before B 7).

    Speed 4. A 1 (capital) holds 3 soldiers, A 3 (town) 1. One army action on A 1:
    4 surplus → A 7 (village) 1, B 7 (village) 1, A 3 1 (now full at 2), A 2 1."""
    game, state = _game(star_model, [{"actions": 1}, {"actions": 1}, {"actions": 1},
                                     {"actions": 1}], n=4, speed=(4,))
    _put(game, state.soldiers, {"A 1": 3, "A 3": 1})
    state.bag = [_z(game, "A 1")]
    _end_phase(game, state)
    assert _zones(game, state.soldiers) == {"A 1": 3, "A 7": 1, "B 7": 1, "A 3": 2, "A 2": 1}
    assert _zones(game, state.officers) == {}
    assert state.reserve_soldiers == 16


def test_r84b_no_cascade_then_r85_takeover_in_the_activated_zone(star_model: GameModel) -> None:
    """R8.4b: only the neighbours "de la zone initialement activée" receive; A 8 (a
    neighbour of A 7 only) gets nothing. R8.5: "tous les soldats que l'on ne peut plus
    déployer deviennent des officiers et remplacent autant de soldats dans la zone activée
    que possible"; D8.4: the replaced soldiers return to the reserve. R8.6: "Pour chaque
    pion Officier ajouté sur le plateau, un jeton Zone est pioché au hasard parmi les
    jetons de la région correspondante, et ajouté dans le sac Invasion." R8.7: the drawn
    token goes back into the bag.

    Speed 2. A 1 holds 3 soldiers, its neighbours are full (A 7 1, B 7 1, A 3 2, A 2 1).
    One army action on A 1: the 2 surplus become officers replacing 2 of A 1's soldiers:
    A 1 = 1 soldier + 2 officers. The soldier reserve 20 → 22 (8 soldiers on the island
    before, 6 after), the officer reserve 6 → 4; region A's pile 3 → 1; the bag holds the
    A 1 token again plus the 2 pile tokens."""
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4)
    _put(game, state.soldiers, {"A 1": 3, "A 7": 1, "B 7": 1, "A 3": 2, "A 2": 1})
    state.bag = [_z(game, "A 1")]
    pile_a = state.piles[game.topo.regions.index("A")][:]
    _end_phase(game, state)
    assert _zones(game, state.soldiers) == {"A 1": 1, "A 7": 1, "B 7": 1, "A 3": 2, "A 2": 1}
    assert _zones(game, state.officers) == {"A 1": 2}
    assert state.reserve_soldiers == 22
    assert state.reserve_officers == 4
    assert _piles(game, state) == {"A": 1, "B": 3, "C": 3}
    assert sorted(state.bag) == sorted([_z(game, "A 1")] + pile_a[-2:])
    assert state.drawn == []
    assert state.outcome is None


def test_r85_takeover_overflows_into_neighbours(star_model: GameModel) -> None:
    """R8.5: "Si des officiers sont toujours en trop, ils remplacent alors des soldats dans
    les zones voisines, en suivant les règles de déploiement (numéro le plus grand en
    priorité)." R8.6: a token of each officer's region.

    Speed 2. A 1 holds 3 officers (no soldier to replace), its neighbours are full of
    soldiers (A 7 1, B 7 1, A 3 2, A 2 1). One army action on A 1: the 2 officers replace
    the soldiers of A 7 then B 7. Officers: A 1 3, A 7 1, B 7 1; the soldier reserve
    20 → 22; one token from region A's pile and one from region B's into the bag."""
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4)
    _put(game, state.soldiers, {"A 7": 1, "B 7": 1, "A 3": 2, "A 2": 1})
    _put(game, state.officers, {"A 1": 3})
    state.bag = [_z(game, "A 1")]
    _end_phase(game, state)
    assert _zones(game, state.officers) == {"A 1": 3, "A 7": 1, "B 7": 1}
    assert _zones(game, state.soldiers) == {"A 3": 2, "A 2": 1}
    assert state.reserve_soldiers == 22
    assert state.reserve_officers == 4
    assert _piles(game, state) == {"A": 2, "B": 2, "C": 3}
    assert len(state.bag) == 3


def test_r85_officers_that_cannot_be_placed_return(star_model: GameModel) -> None:
    """R8.5: "Enfin, si tous les pions officiers ne peuvent être déployés, les pions
    restants sont remis dans la réserve." A 1 and all its neighbours hold only officers
    (A 1 3, A 7 1, B 7 1, A 3 2, A 2 1). An army action on A 1 at speed 2: nothing
    changes on the island, both reserves are as before, no pile token is drawn (R8.6
    counts officers "ajouté sur le plateau"), no defeat."""
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4,
                        reserve=(20, 6))
    before = {"A 1": 3, "A 7": 1, "B 7": 1, "A 3": 2, "A 2": 1}
    _put(game, state.officers, before)
    state.bag = [_z(game, "A 1")]
    _end_phase(game, state)
    assert _zones(game, state.officers) == before
    assert _zones(game, state.soldiers) == {}
    assert (state.reserve_soldiers, state.reserve_officers) == (20, 6)
    assert _piles(game, state) == {"A": 3, "B": 3, "C": 3}
    assert state.outcome is None


def test_r88_intensification_after_the_invasion(star_model: GameModel) -> None:
    """R8.8: "Pour terminer la phase de l'armée, le marqueur de vitesse d'invasion est
    avancé d'une case" — after the invasion: this phase's army actions use the old speed.
    R8.7: "Les jetons Zone piochés sont tous remis dans le sac Invasion." R6.2: the next
    phase starts by drawing "autant de cartes Résistance que la vitesse d'invasion
    actuelle".

    Speed track 2, 3. Two army actions (team counter 0 → 2, 4 players), bag A 8, B 5:
    each town gets 2 soldiers (not 3: no deployment). Then the speed cell is 1 (speed 3),
    the bag holds A 8 and B 5 again, and the resistance draw offers 3 cards."""
    game, state = _game(star_model, [{"actions": 2}, {}, {}, {}], n=4, speed=(2, 3))
    state.players[1].actions = state.players[2].actions = state.players[3].actions = 1
    state.bag = [_z(game, "A 8"), _z(game, "B 5")]
    _end_phase(game, state)
    assert _zones(game, state.soldiers) == {"A 8": 2, "B 5": 2}
    assert state.speed_cell == 1
    assert sorted(state.bag) == sorted([_z(game, "A 8"), _z(game, "B 5")])
    assert state.drawn == []
    assert state.pending is not None and state.pending.kind == "keep_resistance"
    assert len(state.pending.options) == 3


def test_r88_intensification_even_without_army_actions(star_model: GameModel) -> None:
    """R3.1 (every round has its army phase) and R8.8 ("Pour terminer la phase de
    l'armée"): the players take no action; the army takes none (R8.2: nothing to catch
    up), nothing is added, but the speed marker still moves one cell."""
    game, state = _game(star_model, [{}, {}, {}, {}], n=4, speed=(2, 3))
    state.bag = [_z(game, "A 8")]
    _end_phase(game, state)
    assert state.team_counter == 0 and state.army_counter == 0
    assert _zones(game, state.soldiers) == {}
    assert state.speed_cell == 1


# -- R9.1 / D9.1: defeat; R9.2: victory --------------------------------------------------------


def test_r91_defeat_when_the_last_soldier_is_placed(star_model: GameModel) -> None:
    """R9.1: "L'armée gagne si tous les soldats ou officiers sont déployés sur l'île à
    n'importe quel moment de la partie"; D9.1: the defeat is the moment the last piece of
    the reserve is placed. Soldier reserve 2, speed 2, two army actions due (bag A 8,
    B 5): the first places the last 2 soldiers: defeat; the second is never played (one
    town holds 2, the other none); no further action is legal."""
    game, state = _game(star_model, [{"actions": 2}, {"actions": 1}, {"actions": 1},
                                     {"actions": 1}], n=4, reserve=(2, 6))
    state.bag = [_z(game, "A 8"), _z(game, "B 5")]
    _end_phase(game, state)
    assert state.outcome is not None and not state.outcome.won
    assert state.outcome.termination.name == "SOLDIERS_EXHAUSTED"
    assert state.reserve_soldiers == 0
    assert sorted(_zones(game, state.soldiers).values()) == [2]
    assert legal_actions(game, state) == []


def test_r91_defeat_when_the_last_officer_is_placed(star_model: GameModel) -> None:
    """R9.1 with the officers (their count set by difficulty, R2.7): officer reserve 1; a
    takeover of 2 officers in A 1 (3 soldiers, neighbours full): placing the first (and
    last) officer is the defeat."""
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4, reserve=(20, 1))
    _put(game, state.soldiers, {"A 1": 3, "A 7": 1, "B 7": 1, "A 3": 2, "A 2": 1})
    state.bag = [_z(game, "A 1")]
    _end_phase(game, state)
    assert state.outcome is not None and not state.outcome.won
    assert state.outcome.termination.name == "OFFICERS_EXHAUSTED"
    assert state.reserve_officers == 0
    assert sum(state.officers) == 1


def _base_revealed_at(game: Game, state: State, ref: str) -> None:
    base = next(o.index for o in game.objectives if o.kind == "base")
    state.revealed[base] = [_z(game, ref)]


def test_r92_victory_only_at_the_end_of_the_army_phase(star_model: GameModel) -> None:
    """R9.2: "Les joueurs gagnent si à la fin du tour de l'armée, aucune condition de
    défaite n'est remplie, et que tous les objectifs à accomplir l'ont été. ⚠ Ils NE
    gagnent donc PAS dès qu'ils accomplissent leur dernier objectif !"; R5.7 ("utiliser
    une bombe permet de détruire une base ennemie").

    The base is revealed in A 3; player 0 (I 2) stands there with a bomb and uses it: the
    base is destroyed, yet the game goes on (no outcome, the others may still act). The
    phase ends, the army plays its 2 actions (bag A 8, C 1): then the players win."""
    game, state = _game(star_model, [{"at": "A 3", "I": 2}, {}, {}, {}], n=4)
    _base_revealed_at(game, state, "A 3")
    state.players[0].inventory = [SPECIAL + _special(game, "bomb")]
    apply(game, state, Use(0, 0, 0))
    while state.pending is not None:
        apply(game, state, Choose(state.pending.player, 0))
    assert state.done == [1]
    assert state.outcome is None
    _legal(game, state, Move(1, _z(game, "A 3")))
    apply(game, state, Move(1, _z(game, "A 3")))
    state.bag = [_z(game, "A 8"), _z(game, "C 1")]
    _end_phase(game, state)
    assert state.army_counter == 1
    assert state.outcome is not None and state.outcome.won


def test_r92_no_victory_when_the_army_phase_ends_in_defeat(star_model: GameModel) -> None:
    """R9.2 ("aucune condition de défaite n'est remplie") with R9.1: the objective is done
    during the players' phase, but the army's action places the last soldier: defeat."""
    game, state = _game(star_model, [{"at": "A 3", "I": 2}, {}, {}, {}], n=4, reserve=(2, 6))
    _base_revealed_at(game, state, "A 3")
    state.players[0].inventory = [SPECIAL + _special(game, "bomb")]
    apply(game, state, Use(0, 0, 0))
    while state.pending is not None:
        apply(game, state, Choose(state.pending.player, 0))
    assert state.done == [1]
    state.bag = [_z(game, "A 8")]
    _end_phase(game, state)
    assert state.outcome is not None and not state.outcome.won


def test_r71_d53_counters_restart_each_phase(star_model: GameModel) -> None:
    """D5.3: "Individual action counters count the actions of the current players' phase
    and return to 0 at its start", so R5.0's spread restarts too: a player 2 ahead at the
    end of a phase may act first in the next one."""
    game, state = _game(star_model, [{"actions": 2}, {}, {}, {}])
    state.bag = [_z(game, "C 1")] * 2
    _end_phase(game, state)
    while state.pending is not None:  # R6.2: keep a resistance card
        keeps = [a for a in legal_actions(game, state) if isinstance(a, Keep)]
        apply(game, state, keeps[0])
    apply(game, state, legal_actions(game, state)[-1])  # Begin
    assert state.phase == "players"
    assert _counters(state) == [0, 0, 0, 0]
    _legal(game, state, Move(0, _z(game, "A 3")))


# -- more: the details a reader of the book checks ------------------------------------------


def test_r85_officers_replace_every_soldier_of_a_neighbour_in_order(star_model: GameModel) -> None:
    """R8.5 "en suivant les règles de déploiement": a neighbour takes as many officers as
    it has soldiers before the next one is used. Speed 3; A 1 holds 3 officers; A 7 and
    B 7 hold an officer each (no soldier to replace), A 3 holds 2 soldiers, A 2 one.
    The 3 officers replace both soldiers of A 3, then the one of A 2."""
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4, speed=(3,))
    _put(game, state.officers, {"A 1": 3, "A 7": 1, "B 7": 1})
    _put(game, state.soldiers, {"A 3": 2, "A 2": 1})
    state.bag = [_z(game, "A 1")]
    _end_phase(game, state)
    assert _zones(game, state.officers) == {"A 1": 3, "A 7": 1, "B 7": 1, "A 3": 2, "A 2": 1}
    assert _zones(game, state.soldiers) == {}
    assert state.reserve_officers == 3
    assert _piles(game, state) == {"A": 0, "B": 3, "C": 3}


@pytest.mark.parametrize("seed", range(6))
def test_r87_a_drawn_token_is_not_drawn_again_in_the_phase(star_model: GameModel,
                                                           seed: int) -> None:
    """R8.3 ("Pioche d'un jeton Zone dans le sac Invasion") and R8.7 ("Fin de phase de
    l'armée : Les jetons Zone piochés sont tous remis dans le sac Invasion"): a token
    drawn stays out of the bag until the end of the phase. Bag C 2, A 8, B 5; three army
    actions: each zone is drawn exactly once, whatever the draw order (C 2, a village,
    sends its surplus soldier to C 1); then all three tokens are back in the bag."""
    game, state = _game(star_model, [{"actions": 3}, {"actions": 2}, {"actions": 2},
                                     {"actions": 2}], n=4)
    state.rng = Rng(seed)
    tokens = [_z(game, r) for r in ("C 2", "A 8", "B 5")]
    state.bag = tokens[:]
    _end_phase(game, state)
    assert _zones(game, state.soldiers) == {"C 2": 1, "C 1": 1, "A 8": 2, "B 5": 2}
    assert sorted(state.bag) == sorted(tokens)


def test_r44_zone_cubes_stay_from_round_to_round(star_model: GameModel) -> None:
    """R4.4: the cube put by a limited action marks the zone, "indiquant ainsi le nombre
    d'actions déjà réalisées"; the book never removes it (no end-of-phase step does). A
    search in A 2 (village, size 1); after a whole round, A 2 still holds its cube and
    a new search there is refused (R4.4)."""
    game, state = _game(star_model, [{"at": "A 2", "I": 2}, {}, {}, {}], n=4)
    apply(game, state, Search(0))
    _keep(game, state)
    state.bag = [_z(game, "B 5")]
    _end_phase(game, state)
    while state.pending is not None:  # R6.2: keep a resistance card
        apply(game, state, next(a for a in legal_actions(game, state) if isinstance(a, Keep)))
    apply(game, state, legal_actions(game, state)[-1])  # Begin (R10.1)
    assert state.round == 2 and state.phase == "players"
    assert _zones(game, state.cubes) == {"A 2": 1}
    _refused(game, state, Search(0), "R4.4")


def test_r54_full_inventory_discards_to_make_room(star_model: GameModel) -> None:
    """R5.4: "Un joueur ne peut pas posséder plus de 4 cartes dans son inventaire. Il doit
    en défausser si nécessaire pour faire de la place." Player 0 holds 4 cards and
    searches (I 2): every way to keep names a card to discard; keeping the first drawn
    card and discarding the explosives leaves 4 cards: the 3 others and the new one."""
    game, state = _game(star_model, [{"I": 2}, {}, {}])
    held = [_item(game, k) for k in ("explosives", "detonator", "timer", "bottles")]
    state.players[0].inventory = held[:]
    apply(game, state, Search(0))
    assert state.pending is not None and state.pending.kind == "keep_search"
    new = state.pending.options[0]
    keeps = [a for a in legal_actions(game, state) if isinstance(a, Keep)]
    assert keeps and all(a.where >= 0 for a in keeps)
    assert why_illegal(game, state, Keep(0, 0, -1)) is not None
    apply(game, state, Keep(0, 0, 0))
    assert len(state.players[0].inventory) == 4
    assert sorted(state.players[0].inventory) == sorted(held[1:] + [new])


def test_r52_recruit_slot_test_and_new_level(star_model: GameModel) -> None:
    """R5.2: "Le joueur en garde un et remet les autres dans le sac. Ce jeton est ajouté
    sur une case libre d'une compétence … Le jeton doit être placé sur une case libre
    indiquant un nombre inférieur ou égal au niveau sur le jeton dans cette compétence";
    R1.2: the level is the filled circles.

    Player 0 (C 2, M 1; slots numbered 2, 3, 4) in empty A 1 draws 2 tokens from a bag of
    C (C 1, M 4, I 1) and A (C 4, M 1, I 1). Keeping C: only M slots are offered (its C 1
    and I 1 are below 2); the bag then holds A alone. Her M level is 2: in A 3 (1
    soldier) she eliminates it (2 > 1), which M 1 could not."""
    game, state = _game(star_model, [{"C": 2}, {}, {}])
    tok_c = next(i for i, r in enumerate(game.recruits) if r.letter == "C")
    tok_a = next(i for i, r in enumerate(game.recruits) if r.letter == "A")
    state.recruit_bag = [tok_c, tok_a]
    apply(game, state, Recruit(0))
    assert state.pending is not None and sorted(state.pending.options) == sorted([tok_c, tok_a])
    drawn = state.pending.options.index(tok_c)
    keeps = [a for a in legal_actions(game, state) if isinstance(a, Keep) and a.drawn == drawn]
    assert keeps and all(slot_of(a.where)[0] == M for a in keeps)
    _refused(game, state, Keep(0, drawn, slot_code(C, 0)), "R5.2")
    apply(game, state, Keep(0, drawn, slot_code(M, 0)))
    assert state.recruit_bag == [tok_a]
    assert state.players[0].squad[M][0] == tok_c
    _put(game, state.soldiers, {"A 3": 1})
    apply(game, state, Move(1, _z(game, "A 3")))
    apply(game, state, Move(2, _z(game, "A 3")))
    apply(game, state, Move(0, _z(game, "A 3")))
    apply(game, state, Eliminate(0, _z(game, "A 3"), 0))
    assert state.eliminated_soldiers == 1


def test_r53_investigate_discards_the_others(star_model: GameModel) -> None:
    """R5.3: "La joueuse active en garde une et défausse les autres." C 3 in empty A 1:
    3 clue cards drawn; after keeping one, the discard pile has grown by 2 and the clue
    pile shrunk by 3; the kept card waits for the army phase (R8.0)."""
    game, state = _game(star_model, [{"C": 3}, {}, {}])
    pile, discard = len(state.clue_pile), len(state.clue_discard)
    apply(game, state, Investigate(0))
    assert state.pending is not None and len(state.pending.options) == 3
    _keep(game, state)
    assert len(state.clue_pile) == pile - 3
    assert len(state.clue_discard) == discard + 2
    assert len(state.clues_kept) == 1


def test_r88_the_marker_stays_on_the_last_cell(star_model: GameModel) -> None:
    """R8.8 with D2.2 (the track is a list of cells): at the last cell (speed 3 of the
    track 2, 3) the marker cannot advance: the next phase still draws 3 resistance cards
    (R6.2) and the army still adds 3 per action."""
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4, speed=(2, 3))
    state.speed_cell = 1
    state.bag = [_z(game, "C 1")]
    _end_phase(game, state)
    assert _zones(game, state.soldiers) == {"C 1": 3}
    assert state.speed_cell == 1
    assert state.pending is not None and state.pending.kind == "keep_resistance"
    assert len(state.pending.options) == 3


def test_r96_r12_max_military_reached_by_the_planning_token(star_model: GameModel) -> None:
    """R9.6 ("sauf par des personnages avec un niveau max en Militaire") with R1.2 ("Skill
    level = filled circles: initial + tokens placed (… planning token R5.10)") and R5.10
    ("augmentant temporairement son niveau de 1"): M 3 of max 4 may not eliminate the
    officer of A 1; with the planning token on M (its last free slot) the level is 4, the
    max: the officer may be eliminated (4 > 1), and the token is spent by that use."""
    game, state = _game(star_model, [{"M": 3, "top": {"M": 4}}, {}, {}])
    _put(game, state.officers, {"A 1": 1})
    _refused(game, state, Eliminate(0, _z(game, "A 1"), 1), "R9.6")
    apply(game, state, Plan(0, M))
    apply(game, state, Move(1, _z(game, "A 3")))
    apply(game, state, Move(2, _z(game, "A 3")))
    apply(game, state, Eliminate(0, _z(game, "A 1"), 1))
    assert state.eliminated_officers == 1
    assert PLANNING not in state.players[0].squad[M]


def test_r96_max_military_reached_by_a_recruit(star_model: GameModel) -> None:
    """R9.6 with R5.2 and R1.2: M 2 of max 3 (C 2: one token drawn despite the officer's
    malus 1); the recruit C (M 4) kept on the M slot (numbered 3) brings the level to 3,
    the max: the officer of A 1 may now be eliminated."""
    game, state = _game(star_model, [{"C": 2, "M": 2, "top": {"M": 3}}, {}, {}])
    _put(game, state.officers, {"A 1": 1})
    _refused(game, state, Eliminate(0, _z(game, "A 1"), 1), "R9.6")
    state.recruit_bag = [next(i for i, r in enumerate(game.recruits) if r.letter == "C")]
    apply(game, state, Recruit(0))
    apply(game, state, Keep(0, 0, slot_code(M, 0)))
    _legal(game, state, Eliminate(0, _z(game, "A 1"), 1))


def test_r510_a_move_does_not_spend_the_planning_token(star_model: GameModel) -> None:
    """R5.10: the token "sera défaussé à la prochaine utilisation de la compétence"; a move
    uses no skill (R5.1, R4.5 "Pour chaque compétence utilisée"): after Plan on C and a
    move, the token is still on the C row."""
    game, state = _game(star_model, [{}, {}, {}])
    apply(game, state, Plan(0, C))
    apply(game, state, Move(1, _z(game, "A 3")))
    apply(game, state, Move(0, _z(game, "A 3")))
    assert state.players[0].squad[C][0] == PLANNING


def test_scenario1_setup_d21_r25_r29(game1: Game) -> None:
    """Scenario 1's setup: "Placer 3 soldats sur les capitales, 2 sur les villes et 1 sur
    les zones 12 et 11 de chaque région"; "Placer les jetons Zone sur le plateau dans les
    zones correspondantes (sauf si déjà occupée, mettre de côté). Remettre tous les jetons
    mis de côté dans le sac Invasion." (D2.1: every token of an occupied zone in the bag,
    the others form the region piles); "Placer le marqueur d'invasion sur la 1ère case de
    vitesse 2" (R2.5); "Chaque joueur commence avec autant de cubes réputation que son
    niveau de réputation" (R2.9); R0.2: 76 zone tokens, 3 per capital, 2 per town, 1 per
    village."""
    state = new_initial_state(game1, seed=5)
    topo = game1.topo
    tokens_in_piles = [z for pile in state.piles for z in pile]
    assert len(state.bag) + len(tokens_in_piles) == 76
    for z in range(topo.n):
        size = topo.size[z]
        want = size if size >= 2 else (1 if topo.number[z] in (11, 12) else 0)
        assert state.soldiers[z] == want, game1.zone(z)
        if want:
            assert (state.bag.count(z), tokens_in_piles.count(z)) == (size, 0), game1.zone(z)
        else:
            assert (state.bag.count(z), tokens_in_piles.count(z)) == (0, size), game1.zone(z)
    for r, pile in enumerate(state.piles):
        assert all(topo.region[z] == r for z in pile)
    assert game1.speed_track[state.speed_cell] == 2
    assert state.speed_cell == game1.speed_track.index(2)
    assert state.officers == [0] * topo.n
    assert [p.cubes for p in state.players] == [
        game1.character_info[p.character].reputation for p in state.players]
    assert all(p.at == game1.zone_index("N-E 1") for p in state.players)


def test_r57_r45_a_bomb_under_army_malus_fails(star_model: GameModel) -> None:
    """R5.7 ("Réussite selon indication sur la carte Objet Spécial": the bomb asks I ≥ 1)
    with R4.5 ("Pour chaque compétence utilisée, la valeur retenue … est minorée par le
    niveau d'occupation"): I 1 in the revealed base's zone A 3 holding 1 soldier: 1 − 1 = 0:
    the bomb fails, the base stands (nothing done), the action is spent (D11.2)."""
    game, state = _game(star_model, [{"at": "A 3", "I": 1}, {}, {}, {}])
    _base_revealed_at(game, state, "A 3")
    _put(game, state.soldiers, {"A 3": 1})
    state.players[0].inventory = [SPECIAL + _special(game, "bomb")]
    apply(game, state, Use(0, 0, 0))
    assert state.done == [0]
    assert _counters(state) == [1, 0, 0, 0]
    assert state.outcome is None
