"""Rule probes, session 25: the decisions' options (``D…`` of ``design/rules.md``), each
beside its default, written from rules.md and the French rule book (``seeds/000_…``) by an
outside tester who never read the engine's rules code.

Already covered elsewhere (``test_book_probes.py``, ``test_book_probes_s23.py``,
``test_departures.py``): the defaults of D4.1, D4.2, D5.2, D6.2, D8.2, D9.1, D11.1, D11.2,
D11.5, D2.1 (scenario 1's ``all_tokens_of_occupied_zones``), and the option D4.2 =
``player`` (one search, one refusal). Not covered there, and probed here: D4.1 =
``soldiers_only``, D4.2 = ``player`` against the book's own example, D5.2 = ``wasted``,
D5.5 (both), D6.2 = ``row_level``, D8.2 = ``borders``, D9.1 = ``end_of_action``, D11.1 = ``exhausted``, D11.2 = ``lost``,
D11.5 = ``free``, D2.1 = ``one_token_per_occupied_zone``.

The star board and the helpers are those of ``test_book_probes.py`` (its docstring draws
the board). Events are switched off unless a probe switches them on.
"""

from __future__ import annotations

import dataclasses

import pytest

from authoring.engine import (
    Choose,
    Craft,
    Eliminate,
    Game,
    GameError,
    Investigate,
    Keep,
    Move,
    Plan,
    Recruit,
    Reorganise,
    Search,
    State,
    Transfer,
    Use,
    apply,
    legal_actions,
    new_initial_state,
)
from authoring.engine.actions import slot_code
from authoring.engine.state import EMPTY, PLANNING, SPECIAL
from authoring.model.game import GameModel

from .test_book_probes import (
    _base_revealed_at,
    _counters,
    _end_phase,
    _game,
    _item,
    _keep,
    _legal,
    _piles,
    _put,
    _refused,
    _special,
    _z,
)
from .test_book_probes_s23 import _event, _to_start, _token
from .test_situations import _zones

C, M, ENG = 0, 1, 2


def _transfer_under(game: Game, state: State, give: Transfer, option: str | None) -> bool:
    """D11.5: ``give`` refused citing D11.5 by default (False); under ``free`` legal, played
    and its choices answered (True)."""
    if option is None:
        _refused(game, state, give, "D11.5")
        return False
    _legal(game, state, give)
    apply(game, state, give)
    _finish_transfer(game, state)
    return True


def _finish_transfer(game: Game, state: State) -> None:
    """R5.9: one transfer may give more; give nothing more."""
    if state.pending is not None and state.pending.kind == "transfer_more":
        apply(game, state, Choose(state.pending.player, 0))


# -- D4.1: officers count as occupation (default) / only soldiers count -------------------------


@pytest.mark.parametrize(("option", "drawn"), [(None, 1), ("soldiers_only", 2)])
def test_d41_malus_of_a_draw(star_model: GameModel, option: str | None, drawn: int) -> None:
    """R4.5: "la valeur retenue … est minorée par le niveau d'occupation de la zone";
    the book's R4 defines "Niveau d'occupation d'une zone : nombre de soldats présents";
    D4.1: by default officers count (``counted``), option ``soldiers_only``.

    C 3 in A 1 holding 1 soldier and 1 officer investigates: malus 2 → 1 clue drawn by
    default; malus 1 → 2 clues drawn under ``soldiers_only``."""
    decisions = {"D4.1": option} if option else None
    game, state = _game(star_model, [{"C": 3}, {}, {}], decisions=decisions)
    _put(game, state.soldiers, {"A 1": 1})
    _put(game, state.officers, {"A 1": 1})
    apply(game, state, Investigate(0))
    assert state.pending is not None and state.pending.kind == "keep_investigate"
    assert len(state.pending.options) == drawn


@pytest.mark.parametrize(("option", "success"), [(None, False), ("soldiers_only", True)])
def test_d41_eliminate_test(star_model: GameModel, option: str | None, success: bool) -> None:
    """R5.6: "Réussite si : niveau Militaire > niveau d'Occupation"; D4.1.

    M 2 in A 3 holding 1 soldier and 1 officer eliminates a soldier: 2 > 2 fails by
    default (the soldier stays, the action is spent, D11.2); 2 > 1 succeeds under
    ``soldiers_only`` (the soldier goes to the eliminated area, the officer stays)."""
    decisions = {"D4.1": option} if option else None
    game, state = _game(star_model, [{"at": "A 3", "M": 2}, {}, {}], decisions=decisions)
    _put(game, state.soldiers, {"A 3": 1})
    _put(game, state.officers, {"A 3": 1})
    apply(game, state, Eliminate(0, _z(game, "A 3"), 0))
    assert _counters(state) == [1, 0, 0]
    assert _zones(game, state.officers) == {"A 3": 1}
    if success:
        assert state.eliminated_soldiers == 1
        assert _zones(game, state.soldiers) == {}
    else:
        assert state.eliminated_soldiers == 0
        assert _zones(game, state.soldiers) == {"A 3": 1}


@pytest.mark.parametrize(("option", "success"), [(None, False), ("soldiers_only", True)])
def test_d41_officer_at_max_military(star_model: GameModel, option: str | None,
                                     success: bool) -> None:
    """R9.6: officers can be eliminated "par des personnages avec un niveau max en
    Militaire"; R5.6's test "niveau Militaire > niveau d'Occupation"; D4.1.

    Player 0 at max Military 2 (no M slot) in A 3 holding 2 officers and no soldier
    eliminates an officer: default 2 > 2 fails (both stay); ``soldiers_only`` 2 > 0: one
    officer goes to the eliminated area."""
    decisions = {"D4.1": option} if option else None
    game, state = _game(star_model, [{"at": "A 3", "M": 2, "top": {"M": 2}}, {}, {}],
                        decisions=decisions)
    _put(game, state.officers, {"A 3": 2})
    _legal(game, state, Eliminate(0, _z(game, "A 3"), 1))
    apply(game, state, Eliminate(0, _z(game, "A 3"), 1))
    assert state.eliminated_officers == (1 if success else 0)
    assert _zones(game, state.officers) == {"A 3": 1 if success else 2}


@pytest.mark.parametrize("option", [
    None,
    "soldiers_only",
])
def test_d41_max_occupation_in_deployment(star_model: GameModel, option: str | None) -> None:
    """R4.3: "Niveau maximum d'occupation : nombre maximum de soldats qui peuvent occuper la
    zone"; R8.4: "Si le niveau d'occupation maximum de la zone est dépassé (c'est-à-dire
    qu'il y a plus de soldats que la zone le permet …), il se produit un déploiement";
    R4.2 + D4.1: the occupation counts officers by default, not under ``soldiers_only``.

    Speed 2; A 1 (capital, size 3) holds 3 officers, its neighbours are empty. One army
    action on A 1. Default: occupation 3 + 2 = 5 > 3: the 2 soldiers go to A 7 then B 7
    (R8.4, D8.2 tie: own region first). ``soldiers_only``: 2 soldiers ≤ 3: they stay in
    A 1, no deployment."""
    decisions = {"D4.1": option} if option else None
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4,
                        decisions=decisions)
    _put(game, state.officers, {"A 1": 3})
    state.bag = [_z(game, "A 1")]
    _end_phase(game, state)
    assert _zones(game, state.officers) == {"A 1": 3}
    if option is None:
        assert _zones(game, state.soldiers) == {"A 7": 1, "B 7": 1}
    else:
        assert _zones(game, state.soldiers) == {"A 1": 2}
    assert state.reserve_soldiers == 18


# -- D4.2: the limited action's cube: the book's own example -------------------------------------


@pytest.mark.parametrize("option", [None, "player"])
def test_d42_the_books_example_move_search_recruit(star_model: GameModel,
                                                    option: str | None) -> None:
    """R5 (the book's example): "une joueuse peut réaliser une action Se déplacer, et faire
    une action Fouiller, puis attendre que les autres joueurs jouent avant d'effectuer une
    action Recruter". R2.9: she starts with 1 cube (her reputation). D4.2 default: the
    limited action's cube comes from the general supply; option ``player``: from her
    reserve, "a player with no cube cannot take a limited action".

    Player 0 (1 cube, C 2, I 2) moves A 1 → A 3, searches there, the others move, she
    recruits in A 3. Default: all three legal, she still holds 1 cube, A 3 holds 2 cubes,
    the supply 30 → 28. ``player``: the search takes her cube (reserve 0, supply 30), the
    recruit is refused citing D4.2."""
    decisions = {"D4.2": option} if option else None
    game, state = _game(star_model, [{"C": 2, "I": 2, "cubes": 1}, {}, {}],
                        decisions=decisions)
    apply(game, state, Move(0, _z(game, "A 3")))
    apply(game, state, Search(0))
    _keep(game, state)
    apply(game, state, Move(1, _z(game, "A 3")))
    apply(game, state, Move(2, _z(game, "A 3")))
    assert _zones(game, state.cubes) == {"A 3": 1}
    if option is None:
        apply(game, state, Recruit(0))
        _keep(game, state)
        assert _zones(game, state.cubes) == {"A 3": 2}
        assert state.players[0].cubes == 1
        assert state.supply_cubes == 28
        assert _counters(state) == [3, 1, 1]
    else:
        assert state.players[0].cubes == 0
        assert state.supply_cubes == 30
        _refused(game, state, Recruit(0), "D4.2")
        assert _counters(state) == [2, 1, 1]


def test_d42_player_option_zone_full_is_r44(star_model: GameModel) -> None:
    """D4.2 = ``player`` adds a condition, it does not replace R4.4 ("ne peut être réalisée
    que si le nombre de cubes Réputation est inférieur à la Taille de la zone"). A 2
    (village, size 1) holds 1 cube; player 0 holds 3 cubes: the search is refused citing
    R4.4, her cubes untouched."""
    game, state = _game(star_model, [{"at": "A 2", "I": 2, "cubes": 3}, {}, {}],
                        decisions={"D4.2": "player"})
    _put(game, state.cubes, {"A 2": 1})
    _refused(game, state, Search(0), "R4.4")
    assert state.players[0].cubes == 3


# -- D5.2: a draw of zero or fewer: illegal (default) / wasted ----------------------------------


def test_d52_wasted_investigate_draws_nothing_but_is_spent(star_model: GameModel) -> None:
    """D5.2 option ``wasted``: "legal but draws nothing (the action is still spent)"; the
    default's reason ("no cube or army action is wasted") says what the option wastes: the
    action (R5: "A chaque action réalisée, le joueur actif fait avancer son pion") and the
    limited action's cube (R4.4, from the supply, D4.2).

    C 1 in A 5 (town) holding 1 soldier: 1 − 1 = 0. Default: refused citing D5.2 (see
    ``test_r53_investigate_and_d52_zero_draw``). ``wasted``: legal; nothing is drawn (the
    clue pile unchanged, nothing to keep, no clue kept), the counter moves to 1, A 5 holds
    a cube, the supply 30 → 29."""
    game, state = _game(star_model, [{"at": "A 5"}, {}, {}], decisions={"D5.2": "wasted"})
    _put(game, state.soldiers, {"A 5": 1})
    pile = len(state.clue_pile)
    _legal(game, state, Investigate(0))
    apply(game, state, Investigate(0))
    assert state.pending is None
    assert len(state.clue_pile) == pile
    assert state.clues_kept == []
    assert _counters(state) == [1, 0, 0]
    assert _zones(game, state.cubes) == {"A 5": 1}
    assert state.supply_cubes == 29


def test_d52_wasted_negative_recruit_and_search(star_model: GameModel) -> None:
    """D5.2: "Negative draw counts are 0"; option ``wasted``. C 1 and I 1 in A 1 holding 3
    soldiers (1 − 3 = −2 → 0): a recruit is legal and draws no token (the bag unchanged,
    the squad empty); after the others act, a search by the same player in A 1 is legal
    and draws no item (the inventory empty). Two actions, two cubes in A 1 (size 3)."""
    game, state = _game(star_model, [{}, {}, {}], decisions={"D5.2": "wasted"})
    _put(game, state.soldiers, {"A 1": 3})
    bag = state.recruit_bag[:]
    items = len(state.item_pile)
    apply(game, state, Recruit(0))
    assert state.pending is None
    assert state.recruit_bag == bag
    assert all(x == EMPTY for row in state.players[0].squad for x in row)
    apply(game, state, Move(1, _z(game, "A 3")))
    apply(game, state, Move(2, _z(game, "A 3")))
    apply(game, state, Search(0))
    assert state.pending is None
    assert len(state.item_pile) == items
    assert state.players[0].inventory == []
    assert _counters(state) == [2, 1, 1]
    assert _zones(game, state.cubes) == {"A 1": 2}


def test_d52_wasted_still_needs_a_free_zone(star_model: GameModel) -> None:
    """D5.2 = ``wasted`` makes the zero draw legal, not the zone test: R4.4 still refuses a
    limited action in A 2 (village, size 1) already holding a cube, even with a zero
    draw (C 1, 1 soldier)."""
    game, state = _game(star_model, [{"at": "A 2"}, {}, {}], decisions={"D5.2": "wasted"})
    _put(game, state.soldiers, {"A 2": 1})
    _put(game, state.cubes, {"A 2": 1})
    _refused(game, state, Investigate(0), "R4.4")


def test_d52_d42_wasted_with_the_player_cube(star_model: GameModel) -> None:
    """D5.2 = ``wasted`` with D4.2 = ``player``: the wasted action still puts its cube, now
    from the player's reserve (R4.4 "demandera au joueur de poser un cube"). C 1 in A 5
    holding 1 soldier, 1 cube: the investigation is legal, draws nothing, her reserve 1 →
    0, A 5 holds the cube. Player 1 (no cube, same situation) is refused citing D4.2."""
    game, state = _game(star_model, [{"at": "A 5", "cubes": 1}, {"at": "A 5"}, {}],
                        decisions={"D5.2": "wasted", "D4.2": "player"})
    _put(game, state.soldiers, {"A 5": 1})
    apply(game, state, Investigate(0))
    assert state.pending is None
    assert state.players[0].cubes == 0
    assert _zones(game, state.cubes) == {"A 5": 1}
    assert state.supply_cubes == 30
    _refused(game, state, Investigate(1), "D4.2")


def test_d52_wasted_spends_the_planning_token(star_model: GameModel) -> None:
    """R5.10: the planning token "sera défaussé à la prochaine utilisation de la
    compétence"; D5.2 = ``wasted``: the zero draw is still an investigation, which uses
    Communication (R5.3: "Nombre cartes piochées = niveau de Communication - Malus").

    Player 0 (C 1) plans on C (level 2), then investigates in A 3 holding 2 soldiers:
    2 − 2 = 0: legal under ``wasted``, nothing drawn, the token is spent; counter 2."""
    game, state = _game(star_model, [{"at": "A 3"}, {}, {}], decisions={"D5.2": "wasted"})
    _put(game, state.soldiers, {"A 3": 2})
    apply(game, state, Plan(0, C))
    assert state.players[0].squad[C][0] == PLANNING
    apply(game, state, Investigate(0))
    assert state.pending is None
    assert PLANNING not in state.players[0].squad[C]
    assert _counters(state) == [2, 0, 0]


def test_d52_wasted_action_feeds_the_army(star_model: GameModel) -> None:
    """D5.2's default is there so that "no … army action is wasted"; under ``wasted`` the
    action counts (R5: each action advances the counter; R7.1: the team counter advances
    by the most actions; R8.2 + D8.1, 4 players 1:1). Player 0's only action is a zero-draw
    investigation (C 1 in A 5 holding 1 soldier): at the end of the phase the team counter
    is 1 and the army plays one action (bag C 1: 2 soldiers there)."""
    game, state = _game(star_model, [{"at": "A 5"}, {}, {}, {}], n=4,
                        decisions={"D5.2": "wasted"})
    _put(game, state.soldiers, {"A 5": 1})
    apply(game, state, Investigate(0))
    state.bag = [_z(game, "C 1")]
    _end_phase(game, state)
    assert state.team_counter == 1 and state.army_counter == 1
    assert _zones(game, state.soldiers) == {"A 5": 1, "C 1": 2}


# -- D5.5: free actions: outside the counter (default) / margin ----------------------------------


@pytest.mark.parametrize("option", [None, "margin"])
def test_d55_free_action_two_ahead(star_model: GameModel, option: str | None) -> None:
    """R5.0: "il ne peut y avoir un différentiel supérieur à deux actions entre le joueur
    actif et celui le plus en retard"; a card's action "sans avancer son compteur"; D5.5
    default ``outside_counter``: a free action is outside R5.0's spread; option
    ``margin``: "the R5.0 spread applies as if the counter moved: refused 2 ahead".

    Counters [2, 0, 0]; player 0 holds 1 free action. Default: her move is legal; after it
    her counter is still 2, her free action spent. ``margin``: refused citing R5.0."""
    decisions = {"D5.5": option} if option else None
    game, state = _game(star_model, [{"actions": 2}, {}, {}], decisions=decisions)
    state.players[0].free_actions = 1
    move = Move(0, _z(game, "A 3"))
    if option is None:
        _legal(game, state, move)
        apply(game, state, move)
        assert state.players[0].at == _z(game, "A 3")
        assert _counters(state) == [2, 0, 0]
        assert state.players[0].free_actions == 0
    else:
        _refused(game, state, move, "R5.0")
        assert state.players[0].free_actions == 1


@pytest.mark.parametrize("option", [None, "margin"])
def test_d55_free_action_one_ahead_is_legal_either_way(star_model: GameModel,
                                                       option: str | None) -> None:
    """D5.5 = ``margin`` only applies the spread: counters [1, 0, 0], player 0 holds a free
    action: as if moved she would be 2 ahead, which R5.0 allows: legal under both
    options, and the counter stays 1 (the action is free)."""
    decisions = {"D5.5": option} if option else None
    game, state = _game(star_model, [{"actions": 1}, {}, {}], decisions=decisions)
    state.players[0].free_actions = 1
    apply(game, state, Move(0, _z(game, "A 3")))
    assert _counters(state) == [1, 0, 0]
    assert state.players[0].free_actions == 0


def test_d55_default_free_action_after_ten(star_model: GameModel) -> None:
    """D5.5 default: free actions are outside D5.4 too ("outside the R5.0 spread and
    D5.4"). Counters [10, 10, 10]: a move by player 0 holding a free action is legal, her
    counter stays 10; player 1 (no free action) is refused citing D5.4."""
    game, state = _game(star_model, [{"actions": 10}, {"actions": 10}, {"actions": 10}])
    state.players[0].free_actions = 1
    state.bag = []
    _refused(game, state, Move(1, _z(game, "A 3")), "D5.4")
    _legal(game, state, Move(0, _z(game, "A 3")))
    apply(game, state, Move(0, _z(game, "A 3")))
    assert state.players[0].at == _z(game, "A 3")
    assert state.players[0].free_actions == 0
    # nobody may act any more: either only End is left, or the phase has ended by itself
    # (R7.1: the team counter then advanced by 10, the free action not counted)
    if state.phase == "players" and state.pending is None:
        assert _counters(state) == [10, 10, 10]
    else:
        assert state.team_counter == 10


# -- D6.2: the reorganisation test: slot (default) / row_level ----------------------------------


def _reorganise_start(star_model: GameModel, option: str | None, squad: dict[int, list[int]],
                      levels: dict[str, object]) -> tuple[Game, State]:
    """Round 2's start (R6), player 0 with ``levels`` and her rows set to ``squad``."""
    decisions = {"D6.2": option} if option else None
    game, state = _game(star_model, [dict(levels), {}, {}, {}], n=4, decisions=decisions)
    for row, slots in squad.items():
        state.players[0].squad[row] = slots[:]
        for t in slots:
            if t >= 0 and t in state.recruit_bag:
                state.recruit_bag.remove(t)
    for p in state.players:
        p.actions = 1
    state.bag = [_z(game, "C 1")]
    _end_phase(game, state)
    _to_start(game, state)
    return game, state


@pytest.mark.parametrize("option", [None, "row_level"])
def test_d62_first_free_slot_one_lower(star_model: GameModel, option: str | None) -> None:
    """R6.3: "en respectant la condition sur les niveaux de compétence (niveau de
    compétence du personnage au moins égal au niveau actuel du joueur)". D6.2 default
    ``slot``: the R5.2 slot test ("une case libre indiquant un nombre inférieur ou égal au
    niveau sur le jeton"); option ``row_level``: "value ≥ the row's level before the move
    (one lower on the first free slot)".

    Player 0 (I 1: I slots numbered 2, 3, 4) has recruit B (C 3, M 2, I 1) on her first M
    slot. Moving B to her first I slot: slot test 1 ≥ 2 fails (refused citing D6.2);
    row_level 1 ≥ 1 (the I row's level) holds: B lands on I slot 1, the M slot empties,
    no counter moves."""
    game, state = _game(star_model, [{}, {}, {}, {}], n=4)
    b = _token(game, "B")
    game, state = _reorganise_start(star_model, option, {M: [b, EMPTY, EMPTY]}, {})
    move = Reorganise(0, slot_code(M, 0), slot_code(ENG, 0))
    if option is None:
        _refused(game, state, move, "D6.2")
    else:
        _legal(game, state, move)
        apply(game, state, move)
        assert state.players[0].squad[ENG][0] == b
        assert state.players[0].squad[M][0] == EMPTY
        assert _counters(state) == [0, 0, 0, 0]


@pytest.mark.parametrize("option", [None, "row_level"])
def test_d62_low_slot_under_a_high_row(star_model: GameModel, option: str | None) -> None:
    """D6.2 the other way round: the row's level can be above a free slot's number.
    Player 0 (C 1: C slots numbered 2, 3, 4) has C slot 1 (numbered 2) free and recruits A
    (C 4) and K (C 4) on C slots 2 and 3 (numbered 3 and 4): her C level is 3. Recruit D
    (C 2, M 3) stands on her first M slot. Moving D to C slot 1 (numbered 2): slot test
    2 ≥ 2 holds (legal); row_level 2 ≥ 3 (the C row's level before the move) fails
    (refused citing D6.2)."""
    game, state = _game(star_model, [{}, {}, {}, {}], n=4)
    a, k, d = _token(game, "A"), _token(game, "K"), _token(game, "D")
    game, state = _reorganise_start(star_model, option,
                                    {C: [EMPTY, a, k], M: [d, EMPTY, EMPTY]}, {})
    move = Reorganise(0, slot_code(M, 0), slot_code(C, 0))
    if option is None:
        _legal(game, state, move)
        apply(game, state, move)
        assert state.players[0].squad[C] == [d, a, k]
    else:
        _refused(game, state, move, "D6.2")
        assert state.players[0].squad[M][0] == d


def test_d62_row_level_leaves_the_recruit_test(star_model: GameModel) -> None:
    """D6.2 is "the reorganisation test (R6.3)": a recruit's placement (R5.2, "Le jeton doit
    être placé sur une case libre indiquant un nombre inférieur ou égal au niveau sur le
    jeton") keeps the slot test under ``row_level``. Player 0 (C 1, I 1: I slots numbered
    2, 3, 4) draws recruit B (C 3, M 2, I 1): keeping it on her first I slot is refused
    (R5.2), on her first C slot (numbered 2) allowed."""
    game, state = _game(star_model, [{}, {}, {}], decisions={"D6.2": "row_level"})
    b = _token(game, "B")
    state.recruit_bag = [b]
    apply(game, state, Recruit(0))
    assert state.pending is not None and state.pending.options == [b]
    _refused(game, state, Keep(0, 0, slot_code(ENG, 0)), "R5.2")
    _legal(game, state, Keep(0, 0, slot_code(C, 0)))


# -- D8.2: neighbours in deployment: links (default) / borders; the tie-break -----------------
#
# The star board's zones are the Voronoi cells of their cities clipped to the outline (no
# polygons are given, README "A board"). Computed independently with shapely, the cells
# sharing a border are: A 8: A 2, A 7; A 1: A 2, A 3, A 5, A 7, B 7, C 1; A 3: A 1, A 2,
# A 5; A 5: A 1, A 3, C 1, C 2; C 1: A 1, A 5, B 5, B 7, C 2 (the links: A 8–A 7 only;
# A 1–A 7, B 7, A 3, A 2).


@pytest.mark.parametrize("option", [None, "borders"])
def test_d82_borders_reach_a_zone_with_no_road(star_model: GameModel, option: str | None) -> None:
    """R8.4: "tous les soldats surnuméraires sont envoyés dans la zone voisine de numéro le
    plus élevé … les restants sont envoyés dans la zone voisine suivante"; R8.5 (the rest
    become officers in the activated zone); D8.2: neighbours by road or path (default) or
    by shared border (``borders``).

    Speed 4; A 8 (town, size 2) empty; one army action on A 8: 2 surplus. Default (A 8's
    only link is A 7): A 7 takes 1, the last becomes an officer replacing a soldier of A 8
    (A 8: 1 soldier + 1 officer; a token of region A's pile into the bag, R8.6).
    ``borders`` (A 7 and A 2): A 7 takes 1, A 2 takes 1, A 8 keeps 2 soldiers, no
    officer."""
    decisions = {"D8.2": option} if option else None
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4, speed=(4,),
                        decisions=decisions)
    state.bag = [_z(game, "A 8")]
    _end_phase(game, state)
    if option is None:
        assert _zones(game, state.soldiers) == {"A 8": 1, "A 7": 1}
        assert _zones(game, state.officers) == {"A 8": 1}
        assert _piles(game, state) == {"A": 2, "B": 3, "C": 3}
    else:
        assert _zones(game, state.soldiers) == {"A 8": 2, "A 7": 1, "A 2": 1}
        assert _zones(game, state.officers) == {}
        assert _piles(game, state) == {"A": 3, "B": 3, "C": 3}


@pytest.mark.parametrize("option", [None, "borders"])
def test_d82_borders_change_the_order(star_model: GameModel, option: str | None) -> None:
    """R8.4 ("numéro le plus élevé") with D8.2. Speed 1; A 1 (capital) holds 3 soldiers,
    A 7 and B 7 (villages) 1 each: one army action on A 1, 1 surplus. Default (links: A 7,
    B 7, A 3, A 2): it goes to A 3. ``borders`` (A 7, B 7, A 5, A 3, A 2, C 1): it goes to
    A 5, the highest-numbered neighbour with room."""
    decisions = {"D8.2": option} if option else None
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4, speed=(1,),
                        decisions=decisions)
    _put(game, state.soldiers, {"A 1": 3, "A 7": 1, "B 7": 1})
    state.bag = [_z(game, "A 1")]
    _end_phase(game, state)
    got = "A 3" if option is None else "A 5"
    assert _zones(game, state.soldiers) == {"A 1": 3, "A 7": 1, "B 7": 1, got: 1}


@pytest.mark.parametrize("option", [None, "borders"])
def test_d82_borders_in_the_takeover(star_model: GameModel, option: str | None) -> None:
    """R8.5: "Si des officiers sont toujours en trop, ils remplacent alors des soldats dans
    les zones voisines, en suivant les règles de déploiement"; "si tous les pions officiers
    ne peuvent être déployés, les pions restants sont remis dans la réserve"; R8.6 (a token
    per officer placed); D8.2: the same neighbours as the deployment.

    Speed 2; A 8 (town) holds 2 officers, A 7 and A 2 (villages) 1 soldier each. One army
    action on A 8: 2 surplus, no room → 2 officers, no soldier of A 8 to replace. Default
    (A 8's neighbour: A 7): one officer replaces A 7's soldier, the other goes back to the
    reserve (officers 6 → 5, one token of A's pile). ``borders`` (A 7, A 2): A 7's then
    A 2's soldier replaced (officers 6 → 4, two tokens of A's pile)."""
    decisions = {"D8.2": option} if option else None
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4,
                        decisions=decisions)
    _put(game, state.officers, {"A 8": 2})
    _put(game, state.soldiers, {"A 7": 1, "A 2": 1})
    state.bag = [_z(game, "A 8")]
    _end_phase(game, state)
    if option is None:
        assert _zones(game, state.officers) == {"A 8": 2, "A 7": 1}
        assert _zones(game, state.soldiers) == {"A 2": 1}
        assert state.reserve_officers == 5
        assert _piles(game, state) == {"A": 2, "B": 3, "C": 3}
    else:
        assert _zones(game, state.officers) == {"A 8": 2, "A 7": 1, "A 2": 1}
        assert _zones(game, state.soldiers) == {}
        assert state.reserve_officers == 4
        assert _piles(game, state) == {"A": 1, "B": 3, "C": 3}


def test_d82_borders_do_not_change_moves(star_model: GameModel) -> None:
    """D8.2 is about "Neighbours in deployment" only; R5.1 ("jusqu'à 3 routes normales
    (traits pleins) ou bien 1 chemin de montagne") still moves along links. Under
    ``borders``: A 7 and B 7 share a border but are joined only through A 1 by a road and
    a mountain path: the move is refused (R5.1); A 1 → B 7 (one mountain path) is legal."""
    game, state = _game(star_model, [{"at": "A 7"}, {"at": "A 1"}, {}],
                        decisions={"D8.2": "borders"})
    _refused(game, state, Move(0, _z(game, "B 7")), "R5.1")
    _legal(game, state, Move(1, _z(game, "B 7")))


def test_d82_borders_tie_own_region_first(star_model: GameModel) -> None:
    """D8.2 (tie-break, both neighbour options): "Equal numbers in different regions: the
    activated zone's own region first, then the board's region order" (star: C, B, A).
    ``borders``: C 1's bordering zones are A 1, A 5, B 5, B 7, C 2. Speed 3, C 1 (capital)
    holds 3 soldiers, B 7 and B 5 are empty (room 1 and 2), C 2 is full. The 3 surplus:
    numbers 7 (B 7), 5 (B 5 before A 5: neither is C's region, B before A in the board's
    order), then 2 (C 2, full), 1 (A 1). B 7 takes 1, B 5 takes 2."""
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4, speed=(3,),
                        decisions={"D8.2": "borders"})
    _put(game, state.soldiers, {"C 1": 3, "C 2": 1})
    state.bag = [_z(game, "C 1")]
    _end_phase(game, state)
    assert _zones(game, state.soldiers) == {"C 1": 3, "C 2": 1, "B 7": 1, "B 5": 2}


# -- D9.1: when defeat is checked: placement (default) / end_of_action ---------------------------


@pytest.mark.parametrize("option", [None, "end_of_action"])
def test_d91_takeover_gives_soldiers_back_before_the_end(star_model: GameModel,
                                                         option: str | None) -> None:
    """R9.1: "L'armée gagne si tous les soldats ou officiers sont déployés sur l'île";
    D9.1 default ``placement``: the defeat is the moment the last piece of the reserve is
    placed; option ``end_of_action``: checked at the end of each army action. R8.5 + D8.4:
    in a takeover the surplus soldiers become officers that replace soldiers, which go
    back to the reserve.

    Soldier reserve 2, speed 2; A 1 holds 3 soldiers, its neighbours are full (A 7 1, B 7
    1, A 3 2, A 2 1). One army action on A 1. Default: the 2 soldiers placed empty the
    reserve: defeat (SOLDIERS_EXHAUSTED), A 1 holding 5 at that moment. ``end_of_action``:
    the action runs to its end: A 1 = 1 soldier + 2 officers, the soldier reserve 4 (10
    pieces, 6 on the island), officers 6 → 4: no defeat, round 2."""
    decisions = {"D9.1": option} if option else None
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4, reserve=(2, 6),
                        decisions=decisions)
    _put(game, state.soldiers, {"A 1": 3, "A 7": 1, "B 7": 1, "A 3": 2, "A 2": 1})
    state.bag = [_z(game, "A 1")]
    _end_phase(game, state)
    if option is None:
        assert state.outcome is not None and not state.outcome.won
        assert state.outcome.termination.name == "SOLDIERS_EXHAUSTED"
        assert state.reserve_soldiers == 0
        assert _zones(game, state.soldiers)["A 1"] == 5
    else:
        assert state.outcome is None
        assert _zones(game, state.soldiers) == {"A 1": 1, "A 7": 1, "B 7": 1, "A 3": 2, "A 2": 1}
        assert _zones(game, state.officers) == {"A 1": 2}
        assert (state.reserve_soldiers, state.reserve_officers) == (4, 4)
        assert state.round == 2


@pytest.mark.parametrize("option", [None, "end_of_action"])
def test_d91_an_emptied_reserve_still_loses(star_model: GameModel, option: str | None) -> None:
    """D9.1 either way: soldier reserve 2, speed 2, two army actions due (bag A 8, B 5,
    empty towns). The first action places the last 2 soldiers, and ends with the reserve
    empty: defeat under both options; the second action is never played (2 soldiers on
    the island in all)."""
    decisions = {"D9.1": option} if option else None
    game, state = _game(star_model, [{"actions": 2}, {"actions": 1}, {"actions": 1},
                                     {"actions": 1}], n=4, reserve=(2, 6), decisions=decisions)
    state.bag = [_z(game, "A 8"), _z(game, "B 5")]
    _end_phase(game, state)
    assert state.outcome is not None and not state.outcome.won
    assert state.outcome.termination.name == "SOLDIERS_EXHAUSTED"
    assert sorted(_zones(game, state.soldiers).values()) == [2]


def test_d91_end_of_action_needed_piece_not_placed(star_model: GameModel) -> None:
    """D9.1 ``end_of_action`` with "A soldier or officer needed from an empty reserve is not
    placed": soldier reserve 1, speed 2, one action on empty A 8 (town): only 1 soldier is
    placed; at the end of the action the reserve is empty: defeat."""
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4, reserve=(1, 6),
                        decisions={"D9.1": "end_of_action"})
    state.bag = [_z(game, "A 8")]
    _end_phase(game, state)
    assert _zones(game, state.soldiers) == {"A 8": 1}
    assert state.outcome is not None and not state.outcome.won
    assert state.outcome.termination.name == "SOLDIERS_EXHAUSTED"


def test_d91_end_of_action_last_officer(star_model: GameModel) -> None:
    """R9.1 with the officers, D9.1 = ``end_of_action``: officer reserve 1; speed 2, A 1
    holds 3 soldiers and its neighbours are full (A 7 1, B 7 1, A 3 2, A 2 1): the takeover
    needs 2 officers, one is placed, the other is "needed from an empty reserve" and not
    placed. At the end of the action every officer is on the island: defeat
    (OFFICERS_EXHAUSTED), with 1 officer in A 1."""
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4, reserve=(20, 1),
                        decisions={"D9.1": "end_of_action"})
    _put(game, state.soldiers, {"A 1": 3, "A 7": 1, "B 7": 1, "A 3": 2, "A 2": 1})
    state.bag = [_z(game, "A 1")]
    _end_phase(game, state)
    assert state.outcome is not None and not state.outcome.won
    assert state.outcome.termination.name == "OFFICERS_EXHAUSTED"
    assert state.reserve_officers == 0
    assert _zones(game, state.officers) == {"A 1": 1}


def _promotion_round(star_model: GameModel, option: str | None, *, base_done: bool,
                     army_actions: int) -> tuple[Game, State]:
    """Events on, the event pile all Field promotions (a soldier of the most occupied zone
    becomes an officer); officer reserve 1; A 1 holds 3 soldiers. With ``base_done``,
    player 0 (I 2, in the base's zone A 3, revealed) destroys the base with a bomb as a
    free action (her counter does not move). ``army_actions``: 0 (nobody acted) or 1
    (player 0's counter at 1; bag A 8). Then the players' phase ends."""
    decisions = {"D9.1": option} if option else None
    game, state = _game(star_model, [{"at": "A 3", "I": 2}, {}, {}, {}], n=4,
                        reserve=(20, 1), decisions=decisions)
    game = dataclasses.replace(game, no_events_before=0)
    promo = _event(game, "field-promotion")
    state.event_pile = [promo, promo, promo]
    state.event_discard = []
    if base_done:
        _base_revealed_at(game, state, "A 3")
        state.players[0].inventory = [SPECIAL + _special(game, "bomb")]
        state.players[0].free_actions = 1
        apply(game, state, Use(0, 0, 0))
        while state.pending is not None:
            apply(game, state, Choose(state.pending.player, 0))
        assert state.done == [1] and _counters(state) == [0, 0, 0, 0]
    state.players[0].actions = army_actions
    _put(game, state.soldiers, {"A 1": 3})
    state.bag = [_z(game, "A 8")] if army_actions else []
    _end_phase(game, state)
    while state.pending is not None and state.outcome is None and state.phase != "start":
        apply(game, state, Choose(state.pending.player, 0))
    return game, state


@pytest.mark.parametrize("option", [
    None,
    "end_of_action",
])
def test_d91_no_victory_with_every_officer_on_the_island(star_model: GameModel,
                                                         option: str | None) -> None:
    """R9.2: "Les joueurs gagnent si à la fin du tour de l'armée, aucune condition de
    défaite n'est remplie, et que tous les objectifs à accomplir l'ont été"; R9.1: "si tous
    les soldats ou tous les officiers sont déployés sur l'île à n'importe quel moment";
    D9.1 only moves the moment the defeat is checked (each placement / the end of each
    army action), it cannot make a defeat condition that holds at the end of the army
    phase a victory.

    The base is destroyed during the players' phase (by a free action: no counter moves,
    so the army has no action to play). The army phase's event (Field promotion) places
    the last officer. Expected under both options: defeat (OFFICERS_EXHAUSTED), never a
    victory."""
    game, state = _promotion_round(star_model, option, base_done=True, army_actions=0)
    assert state.reserve_officers == 0 and _zones(game, state.officers) == {"A 1": 1}
    assert state.outcome is not None and not state.outcome.won
    assert state.outcome.termination.name == "OFFICERS_EXHAUSTED"


@pytest.mark.parametrize("option", [
    None,
    "end_of_action",
])
def test_d91_event_defeat_without_army_action(star_model: GameModel,
                                              option: str | None) -> None:
    """R9.1 ("à n'importe quel moment de la partie") with D9.1: the players take no
    action, so the army has none (R8.2); the event (Field promotion) places the last
    officer. The defeat condition holds from then on: it must be found at the latest at
    the end of that army phase (R9.2 reads the defeat conditions there). Expected under
    both options: defeat in round 1, no players' phase of round 2."""
    game, state = _promotion_round(star_model, option, base_done=False, army_actions=0)
    assert state.reserve_officers == 0
    assert state.outcome is not None and not state.outcome.won
    assert state.outcome.termination.name == "OFFICERS_EXHAUSTED"
    assert state.round == 1


@pytest.mark.parametrize("option", [
    None,
    "end_of_action",
])
def test_d91_defeat_names_where_the_last_officer_went(star_model: GameModel,
                                                      option: str | None) -> None:
    """D9.1, the outcome's words: the event puts the last officer in A 1; the army's one
    action then adds 2 soldiers to A 8. Both options lose (OFFICERS_EXHAUSTED); the
    defeat's detail, when it names a zone for the last officer, names A 1, not A 8."""
    game, state = _promotion_round(star_model, option, base_done=False, army_actions=1)
    assert state.outcome is not None and not state.outcome.won
    assert state.outcome.termination.name == "OFFICERS_EXHAUSTED"
    assert "A 8" not in state.outcome.detail


# -- D11.1: an empty deck: reshuffle (default) / exhausted ---------------------------------------


@pytest.mark.parametrize("option", [None, "exhausted"])
def test_d111_item_pile_runs_out_mid_draw(star_model: GameModel, option: str | None) -> None:
    """D11.1: "An empty deck (items, clues, resistance, events) is rebuilt from its discard
    pile and shuffled" (default ``reshuffle``); option ``exhausted``: "stays empty:
    nothing is drawn". R5.4: draw I − malus item cards.

    The item pile holds only the pistol, its discard the toolbox and the timer. Player 0
    (I 2, empty A 1) searches. Default: 2 cards drawn, the pistol and one of the discard.
    ``exhausted``: only the pistol is drawn; the discard stays as it was."""
    decisions = {"D11.1": option} if option else None
    game, state = _game(star_model, [{"I": 2}, {}, {}], decisions=decisions)
    pistol, tool, timer = (_item(game, k) for k in ("pistol", "toolbox", "timer"))
    state.item_pile = [pistol]
    state.item_discard = [tool, timer]
    apply(game, state, Search(0))
    assert state.pending is not None and state.pending.kind == "keep_search"
    if option is None:
        assert len(state.pending.options) == 2
        assert pistol in state.pending.options
        assert set(state.pending.options) <= {pistol, tool, timer}
    else:
        assert state.pending.options == [pistol]
        assert state.item_discard == [tool, timer]


@pytest.mark.parametrize("option", [None, "exhausted"])
def test_d111_event_deck(star_model: GameModel, option: str | None) -> None:
    """D11.1 for the event deck; R8.1: "Les joueurs piochent une carte du paquet Événement".
    Events on; the event pile is empty, its discard holds the Lightning offensive (the
    speed marker one cell on). Speed track 2, 3, 4; one army action on C 1 (empty capital).
    Default: the discard is rebuilt, the event drawn: 3 soldiers added, then the
    intensification: cell 2. ``exhausted``: no event: 2 soldiers, cell 1."""
    decisions = {"D11.1": option} if option else None
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4, speed=(2, 3, 4),
                        decisions=decisions)
    game = dataclasses.replace(game, no_events_before=0)
    blitz = _event(game, "blitz")
    state.event_pile = []
    state.event_discard = [blitz]
    state.bag = [_z(game, "C 1")]
    _end_phase(game, state)
    if option is None:
        assert _zones(game, state.soldiers) == {"C 1": 3}
        assert state.speed_cell == 2
    else:
        assert _zones(game, state.soldiers) == {"C 1": 2}
        assert state.speed_cell == 1


@pytest.mark.parametrize("option", [None, "exhausted"])
def test_d111_resistance_deck(star_model: GameModel, option: str | None) -> None:
    """D11.1 for the resistance deck; R6.2: "Les joueurs piochent autant de cartes
    Résistance que la vitesse d'invasion actuelle, en garde une". Speed 2; the resistance
    pile holds one card, its discard two others. At the start of round 2: default, 2
    cards offered (the pile's, then one from the rebuilt discard); ``exhausted``: the
    pile's card alone."""
    decisions = {"D11.1": option} if option else None
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4,
                        decisions=decisions)
    cards = list(range(len(game.resistance_cards)))
    state.resistance = []
    state.resistance_pile = [cards[0]]
    state.resistance_discard = [cards[1], cards[2]]
    state.bag = [_z(game, "C 1")]
    _end_phase(game, state)
    assert state.pending is not None and state.pending.kind == "keep_resistance"
    if option is None:
        assert len(state.pending.options) == 2
        assert cards[0] in state.pending.options
    else:
        assert state.pending.options == [cards[0]]


# -- D11.2: the parts of a failed craft: keep (default) / lost ------------------------------------


@pytest.mark.parametrize("option", [None, "lost"])
def test_d112_failed_craft_parts(star_model: GameModel, option: str | None) -> None:
    """R5.5: "Réussite si : niveau d'Ingénierie - Malus de l'armée ≥ 4"; D11.2: "A failed
    Craft … still spends the action"; default ``keep``: the parts are kept; option
    ``lost``: discarded.

    Player 0 (I 3, empty A 1) holds explosives, detonator, timer and crafts the bomb:
    3 < 4 fails, no bomb, counter 1. Default: she still holds the 3 parts. ``lost``: her
    inventory is empty and the item discard gained exactly those 3 cards."""
    decisions = {"D11.2": option} if option else None
    game, state = _game(star_model, [{"I": 3}, {}, {}], decisions=decisions)
    parts = [_item(game, k) for k in ("explosives", "detonator", "timer")]
    state.players[0].inventory = parts[:]
    discard = len(state.item_discard)
    bomb = _special(game, "bomb")
    apply(game, state, Craft(0, bomb))
    assert SPECIAL + bomb not in state.players[0].inventory
    assert _counters(state) == [1, 0, 0]
    if option is None:
        assert sorted(state.players[0].inventory) == sorted(parts)
        assert len(state.item_discard) == discard
    else:
        assert state.players[0].inventory == []
        assert sorted(state.item_discard[discard:]) == sorted(parts)


def test_d112_lost_a_successful_craft_is_unchanged(star_model: GameModel) -> None:
    """D11.2 = ``lost`` is about a *failed* craft: I 4 with the parts succeeds (R5.5) and
    the bomb is in her inventory, as under the default."""
    game, state = _game(star_model, [{"I": 4}, {}, {}], decisions={"D11.2": "lost"})
    state.players[0].inventory = [_item(game, k) for k in ("explosives", "detonator", "timer")]
    bomb = _special(game, "bomb")
    apply(game, state, Craft(0, bomb))
    assert state.players[0].inventory == [SPECIAL + bomb]


def test_d112_lost_only_the_recipes_parts(star_model: GameModel) -> None:
    """D11.2 = ``lost``: "what becomes of the parts of a failed craft" — the parts the
    recipe needs (R5.5: "les cartes des différents éléments"), not the whole hand. Player 0
    (I 3) holds explosives twice, detonator, timer and fails the bomb (3 < 4): she keeps
    one explosives; the discard gained one explosives, the detonator and the timer."""
    game, state = _game(star_model, [{"I": 3}, {}, {}], decisions={"D11.2": "lost"})
    ex, det, tim = (_item(game, k) for k in ("explosives", "detonator", "timer"))
    state.players[0].inventory = [ex, ex, det, tim]
    discard = len(state.item_discard)
    apply(game, state, Craft(0, _special(game, "bomb")))
    assert state.players[0].inventory == [ex]
    assert sorted(state.item_discard[discard:]) == sorted([ex, det, tim])


# -- D11.5: tests on a transfer: checked (default) / free ----------------------------------------


@pytest.mark.parametrize("option", [None, "free"])
def test_d115_item_to_a_full_inventory(star_model: GameModel, option: str | None) -> None:
    """R5.9: "Permet d'envoyer des personnages et/ou des objets d'inventaire"; R5.4: "Un
    joueur ne peut pas posséder plus de 4 cartes"; D11.5 default ``checked``: the
    receiver's inventory limit applies; option ``free``: "anything goes to the receiver".

    Player 1 (same zone) holds 4 cards; player 0 gives the pistol. Default: refused
    citing D11.5. ``free``: legal, one action; the pistol has left player 0 and is now
    player 1's."""
    decisions = {"D11.5": option} if option else None
    game, state = _game(star_model, [{}, {}, {}], decisions=decisions)
    pistol = _item(game, "pistol")
    state.players[0].inventory = [pistol]
    held = [_item(game, k) for k in ("explosives", "detonator", "timer", "bottles")]
    state.players[1].inventory = held[:]
    discard = len(state.item_discard)
    give = Transfer(0, 1, card=0)
    if _transfer_under(game, state, give, option):
        assert state.players[0].inventory == []
        assert pistol in state.players[1].inventory
        assert _counters(state) == [1, 0, 0]
        # whatever R5.4 then asks of the receiver, no card is created or lost
        gained = state.item_discard[discard:]
        assert sorted(state.players[1].inventory + gained) == sorted(held + [pistol])


@pytest.mark.parametrize("option", [None, "free"])
def test_d115_recruit_to_a_row_it_does_not_fit(star_model: GameModel, option: str | None) -> None:
    """R5.2's slot test ("une case libre indiquant un nombre inférieur ou égal au niveau
    sur le jeton"); D11.5 default ``checked``: the receiver's slot test applies to a
    transferred character; ``free``: it does not.

    Player 0 has recruit B (C 3, M 2, I 1) on her first M slot; player 1 (I 1: I slots
    numbered 2, 3, 4) is in the same zone. Giving B onto player 1's I row (1 < 2): refused
    citing D11.5 by default; legal under ``free``: B leaves player 0's sheet and is with
    player 1."""
    decisions = {"D11.5": option} if option else None
    game, state = _game(star_model, [{}, {}, {}], decisions=decisions)
    b = _token(game, "B")
    state.recruit_bag = [t for t in state.recruit_bag if t != b]
    state.players[0].squad[M][0] = b
    give = Transfer(0, 1, recruit=slot_code(M, 0), row=ENG)
    if _transfer_under(game, state, give, option):
        assert state.players[0].squad[M][0] == EMPTY
        assert any(b in row for row in state.players[1].squad)


def test_d115_free_still_needs_the_same_place(star_model: GameModel) -> None:
    """D11.5 = ``free`` lifts the receiver's tests, not R5.9's place: "vers l'escouade d'un
    autre joueur, s'il est présent dans le même lieu". Player 1 is in A 3, player 0 in
    A 1: giving the pistol is refused citing R5.9."""
    game, state = _game(star_model, [{}, {"at": "A 3"}, {}], decisions={"D11.5": "free"})
    state.players[0].inventory = [_item(game, "pistol")]
    _refused(game, state, Transfer(0, 1, card=0), "R5.9")


# -- D2.1: the invasion bag at setup: one token per occupied zone (R2.4) ---------------------------


def test_d21_one_token_per_occupied_zone(scenario1: GameModel) -> None:
    """R2.4 (the book's general setup): "1 jeton Zone de chaque zone occupée au début du
    scénario est mis dans le sac Invasion. Les jetons Zone restants sont regroupés par
    région (couleur), puis mélangés et regroupés en pioche". D2.1: a scenario chooses
    ``one_token_per_occupied_zone`` (R2.4) under ``setup: invasion_bag:``.

    Scenario 1 set to that rule: the bag holds exactly one token of each occupied zone
    (the zones with soldiers at setup), each region's pile holds the rest of its region's
    tokens (3 per capital, 2 per town, 1 per village, minus the one in the bag): 76 in
    all."""
    setup = scenario1.scenario.spec.setup.model_copy(
        update={"invasion_bag": "one_token_per_occupied_zone"})
    spec = scenario1.scenario.spec.model_copy(update={"setup": setup})
    model = dataclasses.replace(scenario1, scenario=dataclasses.replace(scenario1.scenario,
                                                                        spec=spec))
    game = Game.create(model, players=4)
    state = new_initial_state(game, seed=3)
    topo = game.topo
    occupied = sorted(z for z in range(topo.n) if state.soldiers[z] > 0)
    assert sum(state.soldiers) == 36
    assert sorted(state.bag) == occupied
    in_piles = [z for pile in state.piles for z in pile]
    assert len(state.bag) + len(in_piles) == 76
    for z in range(topo.n):
        assert in_piles.count(z) == topo.size[z] - (1 if z in occupied else 0), game.zone(z)
    for r, pile in enumerate(state.piles):
        assert all(topo.region[z] == r for z in pile)


def test_d21_unknown_invasion_bag_rule_is_refused(scenario1: GameModel) -> None:
    """D2.1: the two rules are ``one_token_per_occupied_zone`` and
    ``all_tokens_of_occupied_zones``; a D2.1 through ``decisions:`` is not the way (it is
    set by the scenario's setup): Game.create refuses it with a GameError."""
    with pytest.raises(GameError):
        Game.create(scenario1, decisions={"D2.1": "one_token_per_occupied_zone"})


# -- the registry: every option of rules.md is selectable ------------------------------------------


@pytest.mark.parametrize(("decision", "option"), [
    ("D4.1", "soldiers_only"), ("D4.2", "player"), ("D5.2", "wasted"), ("D5.5", "margin"),
    ("D6.2", "row_level"), ("D8.2", "borders"), ("D9.1", "end_of_action"),
    ("D11.1", "exhausted"), ("D11.2", "lost"), ("D11.5", "free")])
def test_every_documented_option_is_accepted(star_model: GameModel, decision: str,
                                             option: str) -> None:
    """docs/rules.md: "where it has options, a scenario chooses one under ``decisions:``";
    each option is accepted and the game reports it, the others staying at their
    defaults."""
    game = Game.create(star_model, players=3, decisions={decision: option})
    assert game.decision(decision) == option
    assert legal_actions(game, new_initial_state(game, seed=1))
