"""Rule probes, session 23: more situations written from the French rule book
(``seeds/000_…``, the authority) and ``design/rules.md`` by an outside tester who never read
the engine's rules code (players.py, resolve.py, army.py, flow.py, core.py, heuristic.py).

They cover situations the probes of ``test_book_probes.py`` leave out: the recruit bag and
its dummy tokens, item bonuses "tant que la carte est dans l'inventaire", which actions
are *not* limited, parts held by two players, a resistance card's activation threshold and
its cubes kept from round to round, the planning token's life (a failed test spends it,
another skill does not, the first free slot, the shared supply), reorganisation only at the
start of the phase, the budget's last action and its pending choice, rebuilt decks, an empty
invasion bag, R7.2 happening before the army phase, the event drawn before the invasion,
the setup's counters and reserves, the player count.

The star board and the helpers are those of ``test_book_probes.py`` (its docstring draws
the board). Events are switched off unless a probe switches them on.
"""

from __future__ import annotations

import dataclasses

import pytest

from authoring.engine import (
    Begin,
    Choose,
    Craft,
    Eliminate,
    End,
    Game,
    GameError,
    Investigate,
    Keep,
    Move,
    Plan,
    Recruit,
    Reorganise,
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
from authoring.engine.actions import slot_code
from authoring.engine.state import EMPTY, PLANNING, SPECIAL
from authoring.model.game import GameModel

from .test_book_probes import (
    _card,
    _counters,
    _end_phase,
    _game,
    _item,
    _keep,
    _legal,
    _put,
    _refused,
    _special,
    _z,
)
from .test_situations import _zones

C, M, ENG = 0, 1, 2


def _token(game: Game, letter: str | None) -> int:
    """A recruit token by its letter; ``None``: the first dummy token (R0.3)."""
    if letter is None:
        return next(i for i, r in enumerate(game.recruits) if r.dummy)
    return next(i for i, r in enumerate(game.recruits) if r.letter == letter)


def _to_start(game: Game, state: State) -> None:
    """After the army phase: answer R6.2 (keep the first resistance card offered) and stop
    at the start of the players' phase (R6), before the timer."""
    while state.pending is not None and state.pending.kind == "keep_resistance":
        apply(game, state, next(a for a in legal_actions(game, state)
                                if isinstance(a, Keep) and a.drawn == 0))
    assert state.phase == "start", state.phase


def _event(game: Game, event_id: str) -> int:
    return next(i for i, e in enumerate(game.events) if e.id == event_id)


# -- R5.2: the recruit bag ---------------------------------------------------------------------


def test_r52_d51_a_dummy_token_goes_back_to_the_bag(star_model: GameModel) -> None:
    """R0.3 ("29 jetons Personnage secondaire (dont 7 jetons factice)"), R5.2 ("Le joueur
    en garde un et remet les autres dans le sac"), D5.1 ("A token that fits nowhere may be
    returned"), R4.4 ("La réalisation d'une action limitée demandera au joueur de poser un
    cube").

    The bag holds one dummy token only. Player 0 (C 1, empty A 1) recruits: one token
    drawn, the dummy. It fits no slot (placing it on C is refused), the only way to keep
    is to return it: the bag holds it again, the squad is empty, yet the action is spent
    and A 1 has its cube (the action took place)."""
    game, state = _game(star_model, [{}, {}, {}])
    dummy = _token(game, None)
    state.recruit_bag = [dummy]
    apply(game, state, Recruit(0))
    assert state.pending is not None and state.pending.kind == "keep_recruit"
    assert state.pending.options == [dummy]
    _refused(game, state, Keep(0, 0, slot_code(C, 0)), "R5.2")
    keeps = [a for a in legal_actions(game, state) if isinstance(a, Keep)]
    assert keeps == [Keep(0, 0, -1)]
    apply(game, state, Keep(0, 0, -1))
    assert state.recruit_bag == [dummy]
    assert state.players[0].squad == [[EMPTY] * 3, [EMPTY] * 3, [EMPTY] * 3]
    assert _counters(state) == [1, 0, 0]
    assert _zones(game, state.cubes) == {"A 1": 1}


def test_r52_the_unkept_tokens_go_back_to_the_bag(star_model: GameModel) -> None:
    """R5.2: "Nombre de jetons piochés = niveau de Communication – Malus de l'armée … Le
    joueur en garde un et remet les autres dans le sac."

    Bag A, B, K, T (Communication 4, 3, 4, 4: each fits player 0's C slots 2, 3, 4).
    Player 0 (C 3, empty A 1) draws 3, keeps the first on her first C slot: the bag holds
    3 tokens, the kept one is not among them, it is on her sheet."""
    game, state = _game(star_model, [{"C": 3, "top": {"C": 6}}, {}, {}])
    bag = [_token(game, x) for x in "ABKT"]
    state.recruit_bag = bag[:]
    apply(game, state, Recruit(0))
    assert state.pending is not None and len(state.pending.options) == 3
    kept = state.pending.options[0]
    apply(game, state, Keep(0, 0, slot_code(C, 0)))
    assert len(state.recruit_bag) == 3
    assert kept not in state.recruit_bag
    assert sorted(state.recruit_bag + [kept]) == sorted(bag)
    assert state.players[0].squad[C][0] == kept


# -- item bonuses (R5.4) with elimination (R5.6) and transfer (R5.9) --------------------------


def test_r54_item_bonus_only_while_held(star_model: GameModel) -> None:
    """R5.4: "Certaines cartes donnent des avantages immédiats et augmentent les chances de
    réussir certaines actions. Tant que la carte est dans l'inventaire du joueur, le bonus
    est activé." R5.6: "Réussite si : niveau Militaire > niveau d'Occupation". R5.9: the
    item can be sent to another player in the same place.

    A 1 holds 1 soldier. Player 0 (M 1) holds the pistol (+1 Military) and gives it to
    player 1 (M 1, in A 1): one action. Player 1 eliminates: 1 + 1 = 2 > 1: the soldier
    goes to the eliminated area. A new soldier in A 1; player 0, without the pistol
    (1 > 1 is false), fails: the soldier stays, the action is spent."""
    game, state = _game(star_model, [{}, {}, {}])
    pistol = _item(game, "pistol")
    state.players[0].inventory = [pistol]
    _put(game, state.soldiers, {"A 1": 1})
    apply(game, state, Transfer(0, 1, card=0))
    if state.pending is not None and state.pending.kind == "transfer_more":
        apply(game, state, Choose(0, 0))
    assert state.players[0].inventory == [] and state.players[1].inventory == [pistol]
    apply(game, state, Eliminate(1, _z(game, "A 1"), 0))
    assert state.eliminated_soldiers == 1
    assert _zones(game, state.soldiers) == {}
    _put(game, state.soldiers, {"A 1": 1})
    apply(game, state, Move(2, _z(game, "A 3")))
    apply(game, state, Eliminate(0, _z(game, "A 1"), 0))
    assert state.eliminated_soldiers == 1
    assert _zones(game, state.soldiers) == {"A 1": 1}
    assert _counters(state) == [2, 1, 1]


def test_r53_communication_item_adds_a_clue(star_model: GameModel) -> None:
    """R5.4 ("Tant que la carte est dans l'inventaire du joueur, le bonus est activé") with
    R5.3 ("Nombre cartes piochées = niveau de Communication - Malus de l'armée"): C 1
    holding the address book (+1 Communication) in empty A 1 draws 2 clue cards."""
    game, state = _game(star_model, [{}, {}, {}])
    state.players[0].inventory = [_item(game, "address-book")]
    apply(game, state, Investigate(0))
    assert state.pending is not None and state.pending.kind == "keep_investigate"
    assert len(state.pending.options) == 2


# -- R4.4: which actions are limited; R5.5: crafting ----------------------------------------


def test_r44_craft_and_eliminate_are_not_limited(star_model: GameModel) -> None:
    """R5 lists the limited actions: "Recruter -> Action limitée", "Enquêter -> Action
    limitée", "Fouiller -> Action limitée"; "Fabriquer un Objet Spécial" and "Éliminer un
    soldat ennemi" are not. R4.4 only forbids a limited action in a zone whose cubes are
    not fewer than its size.

    A 2 (village, size 1) already holds 1 cube and 1 soldier. Player 0 (I 5, the bomb's
    parts) crafts: 5 − 1 = 4 ≥ 4, the bomb is made. Player 1 (M 2) eliminates: 2 > 1. A
    search by player 2 (I 2) is refused (R4.4). A 2 still holds exactly 1 cube."""
    game, state = _game(star_model, [{"at": "A 2", "I": 5}, {"at": "A 2", "M": 2},
                                     {"at": "A 2", "I": 2}])
    _put(game, state.cubes, {"A 2": 1})
    _put(game, state.soldiers, {"A 2": 1})
    parts = [_item(game, k) for k in ("explosives", "detonator", "timer")]
    state.players[0].inventory = parts[:]
    bomb = _special(game, "bomb")
    _legal(game, state, Craft(0, bomb))
    apply(game, state, Craft(0, bomb))
    assert state.players[0].inventory == [SPECIAL + bomb]
    apply(game, state, Eliminate(1, _z(game, "A 2"), 0))
    assert state.eliminated_soldiers == 1
    _refused(game, state, Search(2), "R4.4")
    assert _zones(game, state.cubes) == {"A 2": 1}
    assert _counters(state) == [1, 1, 0]


def test_r55_only_the_needed_parts_are_discarded(star_model: GameModel) -> None:
    """R5.5: "Une fois fabriquée, les cartes des différents éléments sont défaussées, et la
    joueuse prend une carte Objet Spécial correspondante … qu'elle ajoute à son
    inventaire." The bomb takes one explosives, one detonator, one timer. Player 0 (I 4,
    empty zone) holds explosives twice, detonator, timer: after crafting she holds one
    explosives and the bomb; the discard gained exactly the three parts used."""
    game, state = _game(star_model, [{"I": 4}, {}, {}])
    ex, det, tim = (_item(game, k) for k in ("explosives", "detonator", "timer"))
    state.players[0].inventory = [ex, ex, det, tim]
    discard = len(state.item_discard)
    bomb = _special(game, "bomb")
    apply(game, state, Craft(0, bomb))
    assert sorted(state.players[0].inventory) == sorted([ex, SPECIAL + bomb])
    assert sorted(state.item_discard[discard:]) == sorted([ex, det, tim])


def test_r55_parts_must_be_held_by_the_crafter(star_model: GameModel) -> None:
    """R5.5: "à condition que le joueur possède les différentes parties nécessaires"; R5.9
    (transfer within the same place). Player 0 (I 4) holds explosives and detonator,
    player 1 (same zone) the timer: neither may craft the bomb. Player 1 gives the timer
    (one action): player 0 may now craft it."""
    game, state = _game(star_model, [{"I": 4}, {"I": 4}, {}])
    ex, det, tim = (_item(game, k) for k in ("explosives", "detonator", "timer"))
    state.players[0].inventory = [ex, det]
    state.players[1].inventory = [tim]
    bomb = _special(game, "bomb")
    _refused(game, state, Craft(0, bomb), "R5.5")
    _refused(game, state, Craft(1, bomb), "R5.5")
    apply(game, state, Transfer(1, 0, card=0))
    if state.pending is not None and state.pending.kind == "transfer_more":
        apply(game, state, Choose(1, 0))
    _legal(game, state, Craft(0, bomb))
    apply(game, state, Craft(0, bomb))
    assert state.players[0].inventory == [SPECIAL + bomb]
    assert _counters(state) == [1, 1, 0]


def test_r59_no_transfer_to_oneself(star_model: GameModel) -> None:
    """R5.9: "Permet d'envoyer des personnages et/ou des objets d'inventaire de son
    escouade … vers l'escouade d'un autre joueur": giving to oneself is not a transfer."""
    game, state = _game(star_model, [{}, {}, {}])
    state.players[0].inventory = [_item(game, "pistol")]
    _refused(game, state, Transfer(0, 0, card=0), "R5.9")


# -- R5.8 / R6.2: resistance cards -------------------------------------------------------------


def test_r58_activation_needs_the_full_cost_on_the_card(star_model: GameModel) -> None:
    """R5.8: "Si le nombre de cubes sur la carte correspond au nombre nécessaire à son
    activation, la carte peut être activée directement (dans la même action) … l'effet de
    la carte est résolu immédiatement, et la carte est défaussée." D11.3: on activation the
    cubes go to the general supply.

    Ambush (cost 4) already holds 3 cubes. Player 0 (no cube) cannot activate it (3 < 4).
    Player 1 (1 cube) puts her cube and activates in the same action: the 2 soldiers of
    A 1 go to the eliminated area, the card is in the resistance discard, no longer
    available, the supply gains 4."""
    game, state = _game(star_model, [{}, {"cubes": 1}, {}, {}])
    amb = _card(game, "ambush")
    state.resistance = [[amb, 3]]
    _put(game, state.soldiers, {"A 1": 2})
    _refused(game, state, Resistance(0, 0, 0, 1), "R5.8")
    supply = state.supply_cubes
    apply(game, state, Resistance(1, 0, 1, 1))
    while state.pending is not None:
        apply(game, state, Choose(state.pending.player, 0))
    assert state.eliminated_soldiers == 2
    assert state.resistance == []
    assert amb in state.resistance_discard
    assert state.supply_cubes == supply + 4
    assert [p.cubes for p in state.players] == [0, 0, 0, 0]
    assert _counters(state) == [0, 1, 0, 0]


def test_r62_available_cards_keep_their_cubes_across_rounds(star_model: GameModel) -> None:
    """R6.2: "Les joueurs piochent autant de cartes Résistance que la vitesse d'invasion
    actuelle, en garde une qu'ils mettent à disposition avec les autres, puis défaussent
    les autres."

    Ambush is available with 3 cubes on it. After the round (speed 2, one army action),
    the start of round 2 offers 2 cards; the first is kept: 2 cards available, Ambush
    still holding its 3 cubes, the new card none; the pile lost 2 cards, the discard
    gained 1."""
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4)
    amb = _card(game, "ambush")
    state.resistance = [[amb, 3]]
    state.resistance_pile = [c for c in state.resistance_pile if c != amb]
    state.resistance_discard = []
    pile = len(state.resistance_pile)
    state.bag = [_z(game, "C 1")]
    _end_phase(game, state)
    assert state.pending is not None and state.pending.kind == "keep_resistance"
    assert len(state.pending.options) == 2
    offered = state.pending.options[0]
    _to_start(game, state)
    assert state.resistance == [[amb, 3], [offered, 0]]
    assert len(state.resistance_pile) == pile - 2
    assert len(state.resistance_discard) == 1


# -- R5.10 / D11.4: the planning token -----------------------------------------------------------


def test_r510_a_failed_test_still_spends_the_token(star_model: GameModel) -> None:
    """R5.10: "augmentant temporairement son niveau de 1. Il sera défaussé à la prochaine
    utilisation de la compétence" — the next *use*, successful or not. R5.6 ("niveau
    Militaire > niveau d'Occupation"), D11.2 (a failed elimination spends the action).

    Player 0 (M 1) plans on M (level 2), then tries to eliminate in A 1 holding 2 soldiers:
    2 > 2 is false, the elimination fails, and the token is gone."""
    game, state = _game(star_model, [{}, {}, {}])
    _put(game, state.soldiers, {"A 1": 2})
    apply(game, state, Plan(0, M))
    assert state.players[0].squad[M][0] == PLANNING
    apply(game, state, Eliminate(0, _z(game, "A 1"), 0))
    assert _zones(game, state.soldiers) == {"A 1": 2}
    assert state.eliminated_soldiers == 0
    assert PLANNING not in state.players[0].squad[M]
    assert _counters(state) == [2, 0, 0]


def test_r510_another_skill_does_not_spend_the_token(star_model: GameModel) -> None:
    """R5.10: the token is placed on "la compétence de son choix" and "sera défaussé à la
    prochaine utilisation de la compétence" — of that skill. Player 0 (C 1, M 2) plans on
    C, eliminates the soldier of A 1 with M (2 > 1): the token stays on C. Then she
    investigates in A 1 (now empty): 1 + 1 = 2 clues drawn, and the token is spent."""
    game, state = _game(star_model, [{"M": 2}, {}, {}])
    _put(game, state.soldiers, {"A 1": 1})
    apply(game, state, Plan(0, C))
    apply(game, state, Eliminate(0, _z(game, "A 1"), 0))
    assert state.eliminated_soldiers == 1
    assert state.players[0].squad[C][0] == PLANNING
    apply(game, state, Move(1, _z(game, "A 3")))
    apply(game, state, Move(2, _z(game, "A 3")))
    apply(game, state, Investigate(0))
    assert state.pending is not None and len(state.pending.options) == 2
    assert PLANNING not in state.players[0].squad[C]


def test_r510_token_on_the_first_free_slot_after_a_recruit(star_model: GameModel) -> None:
    """R5.10: "le placer sur la première case libre de la compétence de son choix"; R1.2
    (level = filled circles, recruits and the planning token included).

    Player 0 (C 1, C slots 2, 3, 4) has recruit A (C 4) on her first C slot (level 2).
    Plan on C: the token goes on the second slot (level 3). A recruit in empty A 1 then
    draws 3 tokens."""
    game, state = _game(star_model, [{}, {}, {}])
    tok = _token(game, "A")
    state.recruit_bag = [t for t in state.recruit_bag if t != tok]
    state.players[0].squad[C] = [tok, EMPTY, EMPTY]
    apply(game, state, Plan(0, C))
    assert state.players[0].squad[C] == [tok, PLANNING, EMPTY]
    apply(game, state, Recruit(0))
    assert state.pending is not None and state.pending.kind == "keep_recruit"
    assert len(state.pending.options) == 3


def test_d114_planning_supply_empty(star_model: GameModel) -> None:
    """R0.3 ("10 jetons Planification/Entraînement"), D11.4 ("the 10 planning tokens are a
    shared supply"; moving the token is a Plan action), R5.10 ("il peut déplacer son
    jeton s'il en avait déjà un").

    The supply is empty. Player 0 (no token) cannot plan. Player 1, whose token is on C,
    may still move it to M: one action, the token now on M, the supply still empty."""
    game, state = _game(star_model, [{}, {}, {}])
    state.planning_supply = 0
    state.players[1].squad[C][0] = PLANNING
    _refused(game, state, Plan(0, C), "D11.4")
    apply(game, state, Plan(1, M))
    assert state.players[1].squad[C][0] == EMPTY
    assert state.players[1].squad[M][0] == PLANNING
    assert state.planning_supply == 0
    assert _counters(state) == [0, 1, 0]


# -- R6.3: reorganisation --------------------------------------------------------------------------


def test_r63_reorganise_only_at_the_start_and_free(star_model: GameModel) -> None:
    """R6.3, an action "de début de phase": "Permet à un joueur de réorganiser complètement
    son escouade. Il peut changer ses personnages recrutés de ligne, en respectant la
    condition sur les niveaux de compétence"; D6.2: the R5.2 slot test ("Le jeton doit être
    placé sur une case libre indiquant un nombre inférieur ou égal au niveau sur le
    jeton"). The start actions are not standard actions: no counter moves.

    Player 0 (C 2: C slots 3, 4, 5; I 1: I slots 2, 3, 4) has recruit B (C 3, M 2, I 1) on
    her first M slot (numbered 2). During the timed phase, moving it is refused. At the
    start of round 2: moving it to the first C slot (3 ≤ 3) is allowed and free; then
    moving it on to the first I slot (its I 1 < 2) is refused."""
    game, state = _game(star_model, [{"C": 2}, {}, {}, {}], n=4)
    b = _token(game, "B")
    state.recruit_bag = [t for t in state.recruit_bag if t != b]
    state.players[0].squad[M][0] = b
    move = Reorganise(0, slot_code(M, 0), slot_code(C, 0))
    _refused(game, state, move, "R6.3")
    for p in state.players:
        p.actions = 1
    state.bag = [_z(game, "C 1")]
    _end_phase(game, state)
    _to_start(game, state)
    _legal(game, state, move)
    apply(game, state, move)
    assert state.players[0].squad[C][0] == b
    assert state.players[0].squad[M][0] == EMPTY
    assert _counters(state) == [0, 0, 0, 0]
    _refused(game, state, Reorganise(0, slot_code(C, 0), slot_code(ENG, 0)), "D6.2")
    apply(game, state, Begin())
    assert state.phase == "players"
    _refused(game, state, Reorganise(0, slot_code(C, 0), slot_code(M, 0)), "R6.3")


# -- D10.1: the budget's last action; D11.1: rebuilt decks, empty bag --------------------------


def test_d101_the_last_budgeted_draw_is_kept(star_model: GameModel) -> None:
    """D10.1 (the timer as a team budget of actions) with R5.4 ("La joueuse en garde une"):
    the choice of the card to keep belongs to the search already paid for. Budget 1:
    player 0 (I 2) searches; she may still keep a card (it reaches her inventory); after
    that no standard action is left."""
    game, state = _game(star_model, [{"I": 2}, {}, {}], budget=1)
    state.bag = []
    apply(game, state, Search(0))
    assert state.pending is not None and state.pending.kind == "keep_search"
    keeps = [a for a in legal_actions(game, state) if isinstance(a, Keep)]
    assert keeps
    apply(game, state, keeps[0])
    assert len(state.players[0].inventory) == 1
    # the budget is spent: either only End is left, or the phase has ended by itself
    # (R7.1: the team counter then advanced by 1)
    if state.phase == "players" and state.pending is None:
        assert _counters(state) == [1, 0, 0]
        assert legal_actions(game, state) == [End()]
        _refused(game, state, Move(1, _z(game, "A 3")), "D10.1")
    else:
        assert state.team_counter == 1


def test_d111_empty_item_pile_is_rebuilt_from_its_discard(star_model: GameModel) -> None:
    """D11.1: "An empty deck (items, clues, resistance, events) is rebuilt from its discard
    pile and shuffled." The item pile is empty, its discard holds pistol, toolbox, timer:
    player 0 (I 2) searches and draws 2 of those 3 cards."""
    game, state = _game(star_model, [{"I": 2}, {}, {}])
    three = [_item(game, k) for k in ("pistol", "toolbox", "timer")]
    state.item_pile = []
    state.item_discard = three[:]
    apply(game, state, Search(0))
    assert state.pending is not None and state.pending.kind == "keep_search"
    assert len(state.pending.options) == 2
    assert set(state.pending.options) <= set(three)


def test_d111_empty_invasion_bag_adds_nothing(star_model: GameModel) -> None:
    """D11.1: "an empty recruitment bag or invasion bag gives nothing"; R8.2 (the army
    counter catches up), R8.8 (the speed marker still advances). 4 players, counters
    [2, 1, 1, 1], the bag empty: the army counter reaches 2, no soldier is placed, the
    reserves are unchanged, the speed cell moves, no outcome."""
    game, state = _game(star_model, [{"actions": 2}, {"actions": 1}, {"actions": 1},
                                     {"actions": 1}], n=4, speed=(2, 3))
    state.bag = []
    _end_phase(game, state)
    assert state.team_counter == 2 and state.army_counter == 2
    assert sum(state.soldiers) == 0 and sum(state.officers) == 0
    assert (state.reserve_soldiers, state.reserve_officers) == (20, 6)
    assert state.speed_cell == 1
    assert state.outcome is None


def test_r54_search_discards_the_others(star_model: GameModel) -> None:
    """R5.4: "Nombre cartes piochées = niveau d'Ingénierie - Malus de l'armée. La joueuse
    en garde une et défausse les autres." I 3 in empty A 1: 3 item cards drawn; after
    keeping one, the pile has lost 3, the discard gained 2, the inventory holds 1."""
    game, state = _game(star_model, [{"I": 3}, {}, {}])
    pile, discard = len(state.item_pile), len(state.item_discard)
    assert pile >= 3
    apply(game, state, Search(0))
    assert state.pending is not None and len(state.pending.options) == 3
    kept = state.pending.options[0]
    _keep(game, state)
    assert len(state.item_pile) == pile - 3
    assert len(state.item_discard) == discard + 2
    assert state.players[0].inventory == [kept]


# -- the order of the round: R7.2 before R8; R8.1 before R8.2 ----------------------------------


def test_r72_pieces_back_to_the_reserve_before_the_army(star_model: GameModel) -> None:
    """R7.2 (end of the players' phase): "Les pions soldat ou officier présents dans la Zone
    des soldats éliminés sont convertis en autant de cubes Réputation ; les pions soldats
    et officier sont retournés à leur réserve." The book's order: "Après que les joueurs
    ont fini leur phase, c'est au tour de l'armée de jouer." R9.1 / D9.1: defeat when the
    last piece of the reserve is placed.

    Soldier reserve 2. Player 0 (M 2) eliminates the only soldier (in A 1): reserve still
    2, eliminated 1. End: the soldier returns (reserve 3) before the army's action adds 2
    soldiers to A 8: reserve 1, no defeat."""
    game, state = _game(star_model, [{"M": 2}, {}, {}, {}], n=4, reserve=(2, 6))
    _put(game, state.soldiers, {"A 1": 1})
    apply(game, state, Eliminate(0, _z(game, "A 1"), 0))
    assert state.reserve_soldiers == 2 and state.eliminated_soldiers == 1
    state.bag = [_z(game, "A 8")]
    _end_phase(game, state)
    assert state.outcome is None
    assert _zones(game, state.soldiers) == {"A 8": 2}
    assert state.reserve_soldiers == 1
    assert state.eliminated_soldiers == 0
    assert state.players[0].cubes == 1


def test_r81_one_event_drawn_before_the_invasion(star_model: GameModel) -> None:
    """R8: "La phase de l'armée se découpe en 3 parties : Événement, Invasion,
    Intensification"; R8.1: "Les joueurs piochent une carte du paquet Événement. Ils
    réalisent l'effet de la carte" — one card per army phase. R8.3: soldiers added =
    "la vitesse d'invasion courante".

    Events on; the event pile holds the Lightning offensive twice (its effect: the speed
    marker one cell on). Speed track 2, 3, 4 at its first cell; one army action on C 1
    (empty capital). The event comes first: the army adds 3 soldiers (not 2); then the
    intensification: cell 2 (speed 4). Exactly one event card was drawn."""
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4, speed=(2, 3, 4))
    game = dataclasses.replace(game, no_events_before=0)
    blitz = _event(game, "blitz")
    state.event_pile = [blitz, blitz]
    state.event_discard = []
    state.bag = [_z(game, "C 1")]
    _end_phase(game, state)
    assert _zones(game, state.soldiers) == {"C 1": 3}
    assert state.speed_cell == 2
    assert len(state.event_pile) == 1
    assert state.event_discard == [blitz]


# -- setup (R2) and the player count -------------------------------------------------------------


@pytest.mark.parametrize(("difficulty", "officers"), [("normal", 12), ("hard", 10)])
def test_r2_setup_counters_reserves_first_resistance_draw(scenario1: GameModel, difficulty: str,
                                                          officers: int) -> None:
    """Scenario 1: "Normal : 12 Officiers", "Difficile : 10 Officiers" (R2.7: "le nombre de
    pions Officier selon le niveau de difficulté"); R0.2: 50 soldiers in the box, those not
    on the island in the reserve; R2.8: the team counter "sur la case en bas à gauche", the
    army counter "sur la case en bas à droite", each player's counter "sur la première
    case"; R6.2 at the first start: "Les joueurs piochent autant de cartes Résistance que la
    vitesse d'invasion actuelle (2), en garde une … puis défaussent les autres."

    After setup: officers in reserve 12 / 10, soldiers 50 on island + reserve, counters 0;
    the first decision offers 2 resistance cards; keeping one leaves it available with no
    cube, the other discarded; then the timer can start."""
    game = Game.create(scenario1, players=4, difficulty=difficulty)
    state = new_initial_state(game, seed=2)
    assert state.reserve_officers == officers
    assert sum(state.officers) == 0
    assert state.reserve_soldiers + sum(state.soldiers) == 50
    assert state.team_counter == 0 and state.army_counter == 0
    assert _counters(state) == [0, 0, 0, 0]
    assert state.round == 1 and state.phase == "start"
    assert state.pending is not None and state.pending.kind == "keep_resistance"
    assert len(state.pending.options) == 2
    kept = state.pending.options[0]
    other = state.pending.options[1]
    apply(game, state, next(a for a in legal_actions(game, state)
                            if isinstance(a, Keep) and a.drawn == 0))
    assert state.resistance == [[kept, 0]]
    assert other in state.resistance_discard and len(state.resistance_discard) == 1
    apply(game, state, Begin())
    assert state.phase == "players"


@pytest.mark.parametrize("players", [2, 6])
def test_player_count_three_to_five(star_model: GameModel, players: int) -> None:
    """The book: "Nb de joueurs : 3-5"; R0.3/R0.4: resistance cards and team action-counter
    tracks exist "pour 3, 4 et 5 joueurs" only. A game for 2 or 6 players is refused."""
    with pytest.raises(GameError):
        Game.create(star_model, players=players)


# -- more: officers by a resistance card, item bonus in a craft, defeat during the event, the
#    order of the start of the phase --------------------------------------------------------


def test_r96_resistance_card_removes_an_officer_then_r72_cube(star_model: GameModel) -> None:
    """R9.6: "Ces officiers ne peuvent pas être tués, sauf par des personnages avec un niveau
    max en Militaire ou par l'usage d'actions Résistance ou objets spéciaux." R7.2: "Les
    pions soldat ou officier présents dans la Zone des soldats éliminés sont convertis en
    autant de cubes Réputation ; les pions … officier sont retournés à leur réserve."

    Commando raid (cost 5: an officer of any zone to the eliminated area). Player 0
    (M 1, far from max; 5 cubes; in C 1) may not eliminate the officer of C 1 herself
    (R9.6), but activates the card on it: C 1 is empty, one
    officer eliminated. At the end of the phase it becomes 1 cube (given to player 1) and
    the officer reserve regains it (6 → 7)."""
    game, state = _game(star_model, [{"at": "C 1", "cubes": 5}, {}, {}, {}], n=4,
                        reserve=(20, 6))
    strike = _card(game, "strike")
    assert game.resistance_cards[strike].cost == 5
    state.resistance = [[strike, 0]]
    _put(game, state.officers, {"C 1": 1})
    _refused(game, state, Eliminate(0, _z(game, "C 1"), 1), "R9.6")
    apply(game, state, Resistance(0, 0, 5, 1))
    while state.pending is not None:
        pend = state.pending
        pick = pend.options.index(_z(game, "C 1")) if _z(game, "C 1") in pend.options else 0
        apply(game, state, Choose(pend.player, pick))
    assert _zones(game, state.officers) == {}
    assert state.eliminated_officers == 1
    assert state.players[0].cubes == 0
    state.bag = []
    _end_phase(game, state, share_to=1)
    assert state.players[1].cubes == 1
    assert state.reserve_officers == 7
    assert state.eliminated_officers == 0


def test_r55_engineering_item_helps_the_craft_and_stays(star_model: GameModel) -> None:
    """R5.4 ("Tant que la carte est dans l'inventaire du joueur, le bonus est activé") with
    R5.5 ("Réussite si : niveau d'Ingénierie - Malus de l'armée ≥ 4"; only "les cartes des
    différents éléments sont défaussées"). I 3 holding the toolbox (+1 Engineering) and
    the bomb's parts, empty zone: 3 + 1 = 4: the bomb is made; the toolbox stays."""
    game, state = _game(star_model, [{"I": 3}, {}, {}])
    tool = _item(game, "toolbox")
    parts = [_item(game, k) for k in ("explosives", "detonator", "timer")]
    state.players[0].inventory = [tool, *parts]
    bomb = _special(game, "bomb")
    apply(game, state, Craft(0, bomb))
    assert sorted(state.players[0].inventory) == sorted([tool, SPECIAL + bomb])


def test_r91_defeat_during_the_event_stops_the_invasion(star_model: GameModel) -> None:
    """R9.1: "L'armée gagne si tous les soldats ou officiers sont déployés sur l'île à
    n'importe quel moment de la partie"; D9.1 (the defeat is the moment the last piece of
    the reserve is placed); R8: "Événement" comes before "Invasion".

    Events on: the Field promotion (a soldier of the most occupied zone becomes an
    officer). A 1 holds 3 soldiers; 1 officer left in the reserve. The event places it:
    defeat at once; the invasion (bag A 8) never adds its soldiers."""
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4, reserve=(20, 1))
    game = dataclasses.replace(game, no_events_before=0)
    promo = _event(game, "field-promotion")
    state.event_pile = [promo]
    state.event_discard = []
    _put(game, state.soldiers, {"A 1": 3})
    state.bag = [_z(game, "A 8")]
    _end_phase(game, state)
    while state.pending is not None and state.outcome is None:
        apply(game, state, Choose(state.pending.player, 0))
    assert state.outcome is not None and not state.outcome.won
    assert state.outcome.termination.name == "OFFICERS_EXHAUSTED"
    assert _zones(game, state.officers) == {"A 1": 1}
    assert _zones(game, state.soldiers) == {"A 1": 2}
    assert state.reserve_officers == 0


def test_r6_reveal_comes_before_the_new_resistance_cards(game1: Game) -> None:
    """R6 lists the start actions in order: "Révéler un objectif", then "Nouvelles cartes
    Résistance", then "Réorganiser". R6.1: "Si les joueurs ont réussi, en combinant des
    cartes Indice, à isoler un unique lieu de la carte, ils doivent défausser ces cartes et
    ajouter un jeton Objectif au-dit lieu."

    Scenario 1: two clues kept this phase whose perforations share exactly one place Z.
    After the army phase, when the players are asked which resistance card to keep, the
    base's marker is already in Z."""
    from .conftest import cleared_state
    from .test_book_situations import _pairs

    state = cleared_state(game1, 1)
    i, j, zone = _pairs(game1, 1)
    state.clues_kept = [i, j]
    state.clue_pool = []
    state.event_pile, state.event_discard = [], []
    apply(game1, state, End())
    while state.pending is not None and state.pending.kind == "share_cube":
        apply(game1, state, Choose(state.pending.player, 0))
    assert state.round == 2
    assert state.pending is not None and state.pending.kind == "keep_resistance"
    assert state.revealed == [[zone]]


def test_r510_the_planning_token_outlives_the_round(star_model: GameModel) -> None:
    """R5.10: the token is "défaussé à la prochaine utilisation de la compétence" — the book
    gives no other end to it (no end-of-phase step removes it, R7). Player 0 (C 1) plans
    on C in round 1 and does not use C. In round 2 the token is still on her C row, and
    her investigation in empty A 1 draws 1 + 1 = 2 clue cards, spending it."""
    game, state = _game(star_model, [{}, {}, {}, {}], n=4)
    apply(game, state, Plan(0, C))
    state.bag = [_z(game, "C 1")]
    _end_phase(game, state)
    _to_start(game, state)
    apply(game, state, Begin())
    assert state.round == 2 and state.phase == "players"
    assert state.players[0].squad[C][0] == PLANNING
    apply(game, state, Investigate(0))
    assert state.pending is not None and state.pending.kind == "keep_investigate"
    assert len(state.pending.options) == 2
    assert PLANNING not in state.players[0].squad[C]


def test_r59_giving_a_recruit_lowers_the_givers_level(star_model: GameModel) -> None:
    """R5.9: "Permet d'envoyer des personnages … de son escouade (sa fiche de personnage)
    vers l'escouade d'un autre joueur"; R1.2: the level is the filled circles; R5.6:
    "Réussite si : niveau Militaire > niveau d'Occupation".

    Player 0 (M 1) has recruit C (M 4) on her first M slot: level 2. A 1 holds 1 soldier.
    She gives C to player 1 (M 1, same zone) onto his M row (slot numbered 2 ≤ 4). Player
    0's elimination now fails (1 > 1 is false); player 1's succeeds (2 > 1)."""
    game, state = _game(star_model, [{}, {}, {}])
    tok = _token(game, "C")
    state.recruit_bag = [t for t in state.recruit_bag if t != tok]
    state.players[0].squad[M][0] = tok
    _put(game, state.soldiers, {"A 1": 1})
    apply(game, state, Transfer(0, 1, recruit=slot_code(M, 0), row=M))
    if state.pending is not None and state.pending.kind == "transfer_more":
        apply(game, state, Choose(0, 0))
    assert state.players[0].squad[M][0] == EMPTY
    assert state.players[1].squad[M][0] == tok
    apply(game, state, Eliminate(0, _z(game, "A 1"), 0))
    assert state.eliminated_soldiers == 0
    apply(game, state, Eliminate(1, _z(game, "A 1"), 0))
    assert state.eliminated_soldiers == 1
    assert _counters(state) == [2, 1, 0]


def test_r92_every_base_must_be_destroyed(star_model: GameModel) -> None:
    """Victoire: "trouver et détruire une ou plusieurs bases"; R9.2: "Les joueurs gagnent
    si à la fin du tour de l'armée, aucune condition de défaite n'est remplie, et que tous
    les objectifs à accomplir l'ont été."

    The star's base objective made of 2 bases, revealed in A 3 and A 5. Player 0 (I 2)
    destroys the one in A 3 with a bomb. At the end of the army phase one base still
    stands: no victory, round 2 begins."""
    game, state = _game(star_model, [{"at": "A 3", "I": 2}, {}, {}, {}], n=4)
    base = next(o for o in game.objectives if o.kind == "base")
    game = dataclasses.replace(game, objectives=tuple(
        dataclasses.replace(o, markers=2) if o.index == base.index else o
        for o in game.objectives))
    state.revealed[base.index] = [_z(game, "A 3"), _z(game, "A 5")]
    state.players[0].inventory = [SPECIAL + _special(game, "bomb")]
    apply(game, state, Use(0, 0, 0))
    while state.pending is not None:
        apply(game, state, Choose(state.pending.player, 0))
    assert state.done[base.index] == 1
    state.bag = [_z(game, "C 1")]
    _end_phase(game, state)
    assert state.outcome is None
    assert state.round == 2


def test_r52_d51_a_token_that_fits_must_be_kept(star_model: GameModel) -> None:
    """R5.2: "Le joueur en garde un et remet les autres dans le sac. Ce jeton est ajouté sur
    une case libre d'une compétence"; D5.1: only "A token that fits nowhere may be
    returned". Bag: A (C 4). Player 0 (C 1, C slots 2, 3, 4) draws it: returning it is
    refused; placing it on her first C slot is allowed."""
    game, state = _game(star_model, [{}, {}, {}])
    tok = _token(game, "A")
    state.recruit_bag = [tok]
    apply(game, state, Recruit(0))
    assert state.pending is not None and state.pending.options == [tok]
    _refused(game, state, Keep(0, 0, -1), "R5.2")
    _legal(game, state, Keep(0, 0, slot_code(C, 0)))


def test_r54_discard_only_when_needed(star_model: GameModel) -> None:
    """R5.4: "Un joueur ne peut pas posséder plus de 4 cartes dans son inventaire. Il doit
    en défausser si nécessaire pour faire de la place." Player 0 (I 2) holds one card
    (the pistol) and searches: keeping the new card while discarding the pistol is not
    needed, so refused; keeping it with room enough leaves 2 cards."""
    game, state = _game(star_model, [{"I": 2}, {}, {}])
    pistol = _item(game, "pistol")
    state.players[0].inventory = [pistol]
    apply(game, state, Search(0))
    assert state.pending is not None and state.pending.kind == "keep_search"
    new = state.pending.options[0]
    _refused(game, state, Keep(0, 0, 0), "R5.4")
    # the reason given is the one that holds (it said "the inventory is full")
    assert why_illegal(game, state, Keep(0, 0, 0)) == (
        "R5.4: the inventory has room: keep the card without discarding one")
    apply(game, state, Keep(0, 0, -1))
    assert sorted(state.players[0].inventory) == sorted([pistol, new])


def test_r54_a_full_inventory_says_what_to_discard(star_model: GameModel) -> None:
    """R5.4: with 4 cards held, keeping the new one needs a discard; a discard of a card
    not held is refused as such."""
    game, state = _game(star_model, [{"I": 2}, {}, {}])
    state.players[0].inventory = list(state.item_pile[:4])
    del state.item_pile[:4]
    apply(game, state, Search(0))
    assert state.pending is not None and state.pending.kind == "keep_search"
    assert why_illegal(game, state, Keep(0, 0, -1)) == (
        "R5.4: the inventory is full: discard a card to make room")
    assert why_illegal(game, state, Keep(0, 0, 7)) == "R5.4: no such card to discard"
    assert why_illegal(game, state, Keep(0, 9, 0)) == "no such card to keep"
    assert why_illegal(game, state, Keep(0, 0, 4)) is None  # the new card itself goes
