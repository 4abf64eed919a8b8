"""Rule situations from the French rule book, for the rules changed on 2026-11-25 (D4.2,
R5.9, R7.2, R5.0 + D5.5, R5.7 on scenario 1, R6.1/R8.0, R8.6/R8.7).

Written by an independent tester from the book (``seeds/000_…``, the authority) and
``design/rules.md`` alone, never from the engine's implementation: each test builds a
state through the public API (``apply``, ``why_illegal``, ``legal_actions``, the pending
choice's ``kind``/``options`` and ``describe.option_text``) and asserts the exact state
before and after, citing the rule ids and the book's words."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from authoring.engine import (
    Choose,
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
    new_initial_state,
    why_illegal,
)
from authoring.engine.actions import slot_code
from authoring.engine.describe import option_text
from authoring.engine.game import CharacterInfo, Mods, lasting_mods
from authoring.engine.simulate import record_game
from authoring.engine.state import SPECIAL
from authoring.model import effects as fx
from authoring.model.game import GameModel, load_game
from authoring.model.workspace import default_path

from .conftest import cleared_state
from .test_situations import _setup

BONUS = (
    lasting_mods([fx.ResistanceDiscount(amount=2)]),
    lasting_mods([fx.EliminateOfficers()]),
    lasting_mods([fx.CraftRequirement(delta=-1)]),
)


def _sheet(c: int = 1, m: int = 1, i: int = 1) -> CharacterInfo:
    """A sheet with real improvement slots numbered 2, 3, 4 in every skill (R1.2, R5.2)."""
    return CharacterInfo("c", "P", (c, m, i), ((2, 3, 4), (2, 3, 4), (2, 3, 4)), 4, 10, 1,
                         Mods(), BONUS)


def _star(model: GameModel, players: list[dict[str, Any]], *, n: int | None = None,
          supply: int = 20, decisions: dict[str, str] | None = None,
          budget: int | None = None) -> tuple[Game, State]:
    """The star board (tests/engine/situations/boards) with these players, in the players'
    phase, nothing on the island, ``supply`` cubes in the general supply."""
    state_spec: dict[str, Any] = {"players": players, "supply_cubes": supply}
    if budget is not None:
        state_spec["budget"] = budget
    game, state = _setup(model, {"players": n or len(players), "state": state_spec,
                                 "decisions": decisions or {}})
    sheets = tuple(_sheet(int(p.get("C", 1)), int(p.get("M", 1)), int(p.get("I", 1)))
                   for p in players)
    game = dataclasses.replace(game, character_info=sheets)
    return game, state


def _z(game: Game, ref: str) -> int:
    return game.zone_index(ref)


def _cubes(game: Game, state: State) -> dict[str, int]:
    return {game.zone(z): k for z, k in enumerate(state.cubes) if k}


def _all_cubes(state: State) -> int:
    """Every reputation cube of the box: supply + zones + reserves + resistance cards."""
    on_cards = sum(sum(card[1:]) for card in state.resistance)
    return state.supply_cubes + sum(state.cubes) + sum(p.cubes for p in state.players) + on_cards


def _keep_first(game: Game, state: State) -> None:
    """Answer a keep_* pending by keeping the first drawn thing (returned if it fits
    nowhere, D5.1)."""
    assert state.pending is not None and state.pending.kind.startswith("keep")
    keeps = [a for a in legal_actions(game, state) if isinstance(a, Keep) and a.drawn == 0]
    apply(game, state, keeps[0])


# -- D4.2 / R4.4: the cube of a limited action -------------------------------------------------


def test_book_example_move_search_wait_recruit_with_one_cube(star_model: GameModel) -> None:
    """D4.2 (revised 2026-11-25), R4.4, R5.0, R2.9. The book's example of one player's
    phase: "une joueuse peut réaliser une action Se déplacer, et faire une action Fouiller,
    puis attendre que les autres joueurs jouent avant d'effectuer une action Recruter".
    She starts with 1 cube (reputation 1, R2.9). The limited action's cube "indiquant
    ainsi le nombre d'actions déjà réalisées" comes from the GENERAL SUPPLY (default).

    Before: 3 players at A 1, reserves [1, 1, 1], counters [0, 0, 0], supply 10, no cube.
    Move A 1 -> A 3: counters [1, 0, 0]. Search in A 3 (town, size 2; 0 < 2): A 3 = 1
    cube, supply 9, reserves [1, 1, 1], counters [2, 0, 0]. Recruit now: refused by R5.0
    (she would be 3 ahead). The others play (each a move): [2, 1, 1]. Recruit in A 3
    (1 < 2): A 3 = 2 cubes, supply 8, reserves still [1, 1, 1], counters [3, 1, 1].
    A third limited action in A 3 is refused by R4.4 (2 cubes = size 2). The box's cubes
    are conserved (R0.2)."""
    game, state = _star(star_model, [
        {"at": "A 1", "reserve_cubes": 1, "C": 2, "I": 2},
        {"at": "A 1", "reserve_cubes": 1},
        {"at": "A 1", "reserve_cubes": 1},
    ], supply=10)
    total = _all_cubes(state)
    apply(game, state, Move(0, _z(game, "A 3")))
    apply(game, state, Search(0))
    _keep_first(game, state)
    assert _cubes(game, state) == {"A 3": 1}
    assert state.supply_cubes == 9
    assert [p.cubes for p in state.players] == [1, 1, 1]
    assert [p.actions for p in state.players] == [2, 0, 0]
    assert len(state.players[0].inventory) == 1
    reason = why_illegal(game, state, Recruit(0))
    assert reason is not None and reason.startswith("R5.0:"), reason
    apply(game, state, Move(1, _z(game, "A 2")))
    apply(game, state, Move(2, _z(game, "A 7")))
    assert why_illegal(game, state, Recruit(0)) is None
    apply(game, state, Recruit(0))
    _keep_first(game, state)
    assert _cubes(game, state) == {"A 3": 2}
    assert state.supply_cubes == 8
    assert [p.cubes for p in state.players] == [1, 1, 1]
    assert [p.actions for p in state.players] == [3, 1, 1]
    apply(game, state, Move(1, _z(game, "A 1")))
    apply(game, state, Move(2, _z(game, "A 1")))
    reason = why_illegal(game, state, Investigate(0))
    assert reason is not None and reason.startswith("R4.4:"), reason
    assert _all_cubes(state) == total


def test_book_example_impossible_under_player_option(star_model: GameModel) -> None:
    """D4.2 option `player` (the acting player's reserve): the same player, 1 cube, A 3.
    Search: her cube goes to A 3 (reserves [0, 1, 1]), the supply stays 10. The others
    move; her recruit in A 3 (1 < 2 by R4.4) is refused citing D4.2: she holds no cube —
    exactly why rules.md says the book's example could not happen under this reading."""
    game, state = _star(star_model, [
        {"at": "A 3", "reserve_cubes": 1, "C": 2, "I": 2},
        {"at": "A 1", "reserve_cubes": 1},
        {"at": "A 1", "reserve_cubes": 1},
    ], supply=10, decisions={"D4.2": "player"})
    apply(game, state, Search(0))
    _keep_first(game, state)
    assert _cubes(game, state) == {"A 3": 1}
    assert state.supply_cubes == 10
    assert [p.cubes for p in state.players] == [0, 1, 1]
    apply(game, state, Move(1, _z(game, "A 2")))
    apply(game, state, Move(2, _z(game, "A 2")))
    reason = why_illegal(game, state, Recruit(0))
    assert reason is not None and reason.startswith("D4.2:"), reason


def test_zone_full_by_size(star_model: GameModel) -> None:
    """R4.4: "ne peut être réalisée que si le nombre de cubes Réputation est inférieur à
    la Taille de la zone". A 2 (village, size 1) holding 1 cube: investigate refused
    (R4.4). A 1 (capital, size 3) holding 2 cubes: allowed, A 1 -> 3 cubes, supply 5 -> 4;
    then a second player's search in A 1 is refused (R4.4), although the supply has cubes."""
    game, state = _star(star_model, [
        {"at": "A 2", "reserve_cubes": 0, "C": 2, "I": 2},
        {"at": "A 1", "reserve_cubes": 0, "C": 2, "I": 2},
        {"at": "A 1", "reserve_cubes": 0, "C": 2, "I": 2},
    ], supply=5)
    state.cubes[_z(game, "A 2")] = 1
    state.cubes[_z(game, "A 1")] = 2
    reason = why_illegal(game, state, Investigate(0))
    assert reason is not None and reason.startswith("R4.4:"), reason
    apply(game, state, Investigate(1))
    _keep_first(game, state)
    assert _cubes(game, state) == {"A 1": 3, "A 2": 1}
    assert state.supply_cubes == 4
    reason = why_illegal(game, state, Search(2))
    assert reason is not None and reason.startswith("R4.4:"), reason


def test_supply_runs_out(star_model: GameModel) -> None:
    """D4.2 (default): the cube comes from the general supply; when the supply is empty
    no zone can be marked. Supply 1. Player 0 searches in A 3: A 3 = 1 cube, supply 0.
    Player 1 (2 cubes of their own) then wants to recruit in A 1 (capital, 0 cubes, R4.4
    passes): refused citing D4.2. Their own cubes stay theirs: a resistance action (R5.8,
    "depuis sa réserve personnelle") is not a limited action and is unaffected."""
    game, state = _star(star_model, [
        {"at": "A 3", "reserve_cubes": 0, "C": 2, "I": 2},
        {"at": "A 1", "reserve_cubes": 2, "C": 2, "I": 2},
        {"at": "A 1", "reserve_cubes": 0, "C": 2, "I": 2},
    ], supply=1)
    apply(game, state, Search(0))
    _keep_first(game, state)
    assert state.supply_cubes == 0
    assert _cubes(game, state) == {"A 3": 1}
    for draw in (Recruit(1), Investigate(1), Search(1)):
        reason = why_illegal(game, state, draw)
        assert reason is not None and reason.startswith("D4.2:"), (draw, reason)
        assert draw not in legal_actions(game, state)
    assert [p.cubes for p in state.players] == [0, 2, 0]
    assert [p.actions for p in state.players] == [1, 0, 0]


# -- R5.9 / D11.5: one transfer, several things --------------------------------------------


def _options(game: Game, state: State) -> list[str]:
    assert state.pending is not None
    return [option_text(game, state, state.pending.kind, x) for x in state.pending.options]


def _choose(game: Game, state: State, text: str) -> None:
    assert state.pending is not None
    texts = _options(game, state)
    hits = [i for i, t in enumerate(texts) if text in t]
    assert len(hits) == 1, (text, texts)
    apply(game, state, Choose(state.pending.player, hits[0]))


def _item(game: Game, item_id: str) -> int:
    return next(i for i, it in enumerate(game.items) if it.id == item_id)


def _title(game: Game, item: int, texts: list[str]) -> str:
    """The item's title as the option texts spell it (French or English)."""
    t = game.items[item].title
    return t.fr if any(t.fr in x for x in texts) else t.en


def _token(game: Game, letter: str) -> int:
    return next(i for i, r in enumerate(game.recruits) if r.letter == letter)


def test_transfer_several_things_in_one_action(star_model: GameModel) -> None:
    """R5.9: "Permet d'envoyer des personnages et/ou des objets d'inventaire de son escouade
    … vers l'escouade d'un autre joueur, s'il est présent dans le même lieu" — one action.

    Before: players 0 and 1 in A 1, player 2 in A 3; counters [0, 0, 0]. Player 0 holds
    explosives, detonator, timer and the recruit A (C 4, M 1, I 1) on C slot 1; player 1
    holds bottles and no recruit (slots numbered 2, 3, 4). Player 0 gives explosives
    (the action: counters [1, 0, 0]); the pending ``transfer_more`` (R5.9) offers "done"
    first, then each remaining card, then the recruit onto each row of player 1 where it
    fits (D11.5, R5.2: C (4 >= 2) only: M 1 < 2, I 1 < 2). Player 0 adds the detonator,
    then the recruit onto C, then is done. After: player 0 holds the timer, no recruit;
    player 1 holds bottles, explosives, detonator and A on its first C slot (C level
    1 -> 2); counters still [1, 0, 0]; nothing pending. Player 2 (A 3) could not receive
    (R5.9: same place)."""
    game, state = _star(star_model, [
        {"at": "A 1", "reserve_cubes": 1},
        {"at": "A 1", "reserve_cubes": 1},
        {"at": "A 3", "reserve_cubes": 1},
    ])
    ex, det, tim, bot = (_item(game, k) for k in ("explosives", "detonator", "timer", "bottles"))
    rec = _token(game, "A")
    state.players[0].inventory = [ex, det, tim]
    state.players[0].squad[0][0] = rec
    state.players[1].inventory = [bot]
    reason = why_illegal(game, state, Transfer(0, 2, card=0))
    assert reason is not None and reason.startswith("R5.9:"), reason
    apply(game, state, Transfer(0, 1, card=0))
    assert [p.actions for p in state.players] == [1, 0, 0]
    assert state.pending is not None and state.pending.kind == "transfer_more"
    assert state.pending.player == 0
    texts = _options(game, state)
    assert texts[0] == "nothing more: the transfer is done"
    assert len(texts) == 4, texts  # done, detonator, timer, the recruit onto C
    assert sum("recruit" in t for t in texts) == 1, texts
    _choose(game, state, _title(game, det, texts))
    assert state.pending is not None and state.pending.kind == "transfer_more"
    _choose(game, state, "recruit")
    assert state.pending is not None and state.pending.kind == "transfer_more"
    apply(game, state, Choose(0, 0))  # option 0: done
    assert state.pending is None
    assert state.players[0].inventory == [tim]
    assert sorted(state.players[1].inventory) == sorted([bot, ex, det])
    assert state.players[0].squad[0] == [-1, -1, -1]
    assert state.players[1].squad[0][0] == rec
    assert [p.actions for p in state.players] == [1, 0, 0]


def test_transfer_receiver_inventory_limit(star_model: GameModel) -> None:
    """D11.5 + R5.4 ("Un joueur ne peut pas posséder plus de 4 cartes dans son
    inventaire"). Player 1 holds 3 cards; player 0 holds 3 (explosives, detonator, timer)
    in the same zone. Player 0 gives explosives: player 1 now holds 4; the transfer_more
    choice then offers only "done" (no more card fits, no recruit held). With player 1
    holding 4 cards, a transfer of a card is refused (D11.5).

    Open question for rules.md (not a departure of the current text): R5.4 says "max 4
    cards; discard to make room" and the book says it generally ("Il doit en défausser si
    nécessaire pour faire de la place"); D11.5 applies "the inventory limit" without
    saying whether the receiver may discard to make room. This test follows D11.5's
    plain words: refused."""
    game, state = _star(star_model, [
        {"at": "A 1", "reserve_cubes": 1},
        {"at": "A 1", "reserve_cubes": 1},
        {"at": "A 1", "reserve_cubes": 1},
    ])
    ex, det, tim, bot = (_item(game, k) for k in ("explosives", "detonator", "timer", "bottles"))
    state.players[0].inventory = [ex, det, tim]
    state.players[1].inventory = [bot, bot, bot]
    apply(game, state, Transfer(0, 1, card=0))
    assert len(state.players[1].inventory) == 4
    if state.pending is not None:
        assert state.pending.kind == "transfer_more"
        assert _options(game, state) == ["nothing more: the transfer is done"]
        apply(game, state, Choose(0, 0))
    assert state.pending is None
    assert state.players[0].inventory == [det, tim]
    reason = why_illegal(game, state, Transfer(0, 1, card=0))
    assert reason is not None and reason.startswith("D11.5:"), reason
    apply(game, state, Move(2, _z(game, "A 3")))  # keep R5.0's spread
    reason = why_illegal(game, state, Transfer(0, 1, card=0))
    assert reason is not None and reason.startswith("D11.5:"), reason


def test_transfer_receiver_slot_test(star_model: GameModel) -> None:
    """D11.5 + R5.2 ("Le jeton doit être placé sur une case libre indiquant un nombre
    inférieur ou égal au niveau sur le jeton dans cette compétence"). The recruit C
    (C 1, M 4, I 1) on player 0's M slot 1; player 1's first free slots are numbered 2.
    Onto player 1's C row (1 < 2): refused, D11.5. Onto the M row (4 >= 2): legal, one
    action, the recruit moves to player 1's first M slot."""
    game, state = _star(star_model, [
        {"at": "A 1", "reserve_cubes": 1},
        {"at": "A 1", "reserve_cubes": 1},
        {"at": "A 1", "reserve_cubes": 1},
    ])
    rec = _token(game, "C")
    state.players[0].squad[1][0] = rec
    code = slot_code(1, 0)  # a recruit on M slot 1
    reason = why_illegal(game, state, Transfer(0, 1, recruit=code, row=0))
    assert reason is not None and reason.startswith("D11.5:"), reason
    for row in (0, 2):
        assert Transfer(0, 1, recruit=code, row=row) not in legal_actions(game, state)
    assert why_illegal(game, state, Transfer(0, 1, recruit=code, row=1)) is None
    apply(game, state, Transfer(0, 1, recruit=code, row=1))
    if state.pending is not None:
        assert _options(game, state) == ["nothing more: the transfer is done"]
        apply(game, state, Choose(0, 0))
    assert state.players[0].squad[1] == [-1, -1, -1]
    assert state.players[1].squad[1][0] == rec
    assert [p.actions for p in state.players] == [1, 0, 0]


# -- R7.2: reputation "répartis librement" ------------------------------------------------


def test_reputation_shared_by_choice_in_play(star_model: GameModel) -> None:
    """R7.2: "Les pions soldat ou officier présents dans la Zone des soldats éliminés sont
    convertis en autant de cubes Réputation … Les cubes Réputation sont répartis librement
    entre les joueurs." D11.6: into the reserves.

    Before: 2 soldiers + 1 officer eliminated, reserves [0, 2, 1], counters [1, 1, 1],
    team counter 0. The players end the phase: a ``share_cube`` choice per cube, options
    the players, fewest cubes first: [0, 2, 1]. They give all three to player 1 (the
    options then [0, 2, 1], [0, 2, 1]). After: reserves [0, 5, 1]; the pieces are back
    in the reserve (soldiers +2, officers +1), the eliminated area is empty, the team
    counter is 1 (R7.1), and the army phase did not start before the last cube."""
    game, state = _star(star_model, [
        {"at": "A 1", "reserve_cubes": 0},
        {"at": "A 1", "reserve_cubes": 2},
        {"at": "A 1", "reserve_cubes": 1},
    ])
    state.eliminated_soldiers, state.eliminated_officers = 2, 1
    state.reserve_soldiers, state.reserve_officers = 10, 2
    for p in state.players:
        p.actions = 1
    offered = []
    apply(game, state, End())
    while state.pending is not None and state.pending.kind == "share_cube":
        offered.append(list(state.pending.options))
        if len(offered) == 1:
            assert state.team_counter == 1
            assert state.army_counter == 0  # R8 not begun: the shares come first (R7.2)
        apply(game, state, Choose(state.pending.player, state.pending.options.index(1)))
    assert offered == [[0, 2, 1], [0, 2, 1], [0, 2, 1]]
    assert [p.cubes for p in state.players] == [0, 5, 1]
    assert (state.eliminated_soldiers, state.eliminated_officers) == (0, 0)


# -- R5.0 + Nuit blanche (D5.5) ---------------------------------------------------------


def _sleepless(game: Game) -> int:
    return next(i for i, c in enumerate(game.resistance_cards) if c.id.startswith("sleepless"))


def test_sleepless_night_actions_outside_the_spread(star_model: GameModel) -> None:
    """R5.8 + Nuit blanche (cost 3 for 4 players: "peut réaliser 2 actions sans avancer son
    compteur d'actions, même avec 2 actions d'avance"), R5.0, D5.5 default, R7.1, R4.4.

    4 players in A 1; counters [0, 0, 2, 0]; player 0 holds 3 cubes; the card is
    available with no cube. Player 0 puts 3 cubes and activates it (1 action: counters
    [1, 0, 2, 0], reserve 3 -> 0, the cubes leave the card, D11.3) and gives the 2 free
    actions to player 2. Player 2, 2 ahead of players 1 and 3, may not take a counted
    action (R5.0) but takes both free ones: a move A 1 -> A 3 and a search in A 3 (R4.4:
    A 3 gets its cube from the supply). Counters stay [1, 0, 2, 0], free actions 0. A
    third action of player 2 is refused (R5.0). Ending the phase, the team counter
    advances by 2, the largest counter (R7.1): the free actions do not count."""
    players = [{"at": "A 1", "reserve_cubes": 3, "C": 2, "I": 2} for _ in range(4)]
    game, state = _star(star_model, players, n=4, supply=20)
    for p in state.players:
        p.cubes = 0
    state.players[0].cubes = 3
    state.players[2].actions = 2
    card = _sleepless(game)
    state.resistance = [[card, 0]]
    assert game.resistance_cards[card].cost == 3
    total = _all_cubes(state)
    reason = why_illegal(game, state, Move(2, _z(game, "A 3")))
    assert reason is not None and reason.startswith("R5.0:"), reason
    apply(game, state, Resistance(0, 0, 3, 1))
    assert state.pending is not None  # "who: any_player": every player may take them
    assert sorted(state.pending.options) == [0, 1, 2, 3]
    apply(game, state, Choose(state.pending.player, state.pending.options.index(2)))
    assert state.pending is None
    assert [p.free_actions for p in state.players] == [0, 0, 2, 0]
    assert [p.actions for p in state.players] == [1, 0, 2, 0]
    assert state.players[0].cubes == 0
    assert state.resistance == [] and card in state.resistance_discard  # "la carte est défaussée"
    assert why_illegal(game, state, Move(2, _z(game, "A 3"))) is None
    assert Move(2, _z(game, "A 3")) in legal_actions(game, state)
    apply(game, state, Move(2, _z(game, "A 3")))
    apply(game, state, Search(2))
    _keep_first(game, state)
    assert [p.actions for p in state.players] == [1, 0, 2, 0]
    assert [p.free_actions for p in state.players] == [0, 0, 0, 0]
    assert _cubes(game, state) == {"A 3": 1}
    assert _all_cubes(state) == total
    reason = why_illegal(game, state, Move(2, _z(game, "A 1")))
    assert reason is not None and reason.startswith("R5.0:"), reason
    team = state.team_counter
    apply(game, state, End())
    assert state.team_counter == team + 2


def test_free_action_past_the_counters_end(star_model: GameModel) -> None:
    """D5.4 (the counter runs 0-10) with D5.5 default: a free action does not move the
    counter, so a player at 10 may still take it. Counters [10, 10, 10]: player 0's
    counted move is refused (D5.4); with 2 free actions the move is legal, counters stay
    [10, 10, 10], free 2 -> 1, still in round 1's players' phase (with the last free
    action spent nobody could act and the phase would end by itself)."""
    game, state = _star(star_model, [
        {"at": "A 1", "reserve_cubes": 1},
        {"at": "A 1", "reserve_cubes": 1},
        {"at": "A 1", "reserve_cubes": 1},
    ])
    for p in state.players:
        p.actions = 10
    reason = why_illegal(game, state, Move(0, _z(game, "A 3")))
    assert reason is not None and reason.startswith("D5.4:"), reason
    state.players[0].free_actions = 2
    assert why_illegal(game, state, Move(0, _z(game, "A 3"))) is None
    apply(game, state, Move(0, _z(game, "A 3")))
    assert (state.round, state.phase) == (1, "players")
    assert [p.actions for p in state.players] == [10, 10, 10]
    assert state.players[0].free_actions == 1
    assert game.zone(state.players[0].at) == "A 3"


# -- R5.7: scenario 1's objective and the radio ------------------------------------------


def test_radio_cannot_complete_scenario_1_bomb_objective(game1: Game) -> None:
    """R5.7 on the shipped scenario 1 ("Objectifs : Trouver la base, puis fabriquer une
    bombe pour la détruire"; scenario-1.yaml: locate_and_destroy_base, item bomb). The
    radio transmitter's first use completes a *strategic* objective only
    (cards/special-items.yaml): scenario 1 has none. Élise (C 2) stands with a radio and
    a bomb in the revealed base's zone N-E 5, no soldier (malus 0). The radio's
    objective use is refused citing R5.7 and is not among the legal actions; its other
    use (draw clues) is legal. The bomb (I 2 - 0 >= 1) destroys the base: the objective
    is done (state.done [1]) but the game is not won before the end of the army phase
    (R9.2: "Ils NE gagnent donc PAS dès qu'ils accomplissent leur dernier objectif")."""
    game = game1
    state = cleared_state(game, 1)
    base = game.zone_index("N-E 5")
    state.revealed = [[base]]
    for p in state.players:
        p.at = base
    radio = next(i for i, s in enumerate(game.specials) if s.id == "radio")
    bomb = next(i for i, s in enumerate(game.specials) if s.id == "bomb")
    state.players[0].inventory = [SPECIAL + radio, SPECIAL + bomb]
    assert game.objectives[0].kind == "base"
    reason = why_illegal(game, state, Use(0, 0, 0))
    assert reason is not None and reason.startswith("R5.7:"), reason
    assert Use(0, 0, 0) not in legal_actions(game, state)
    assert why_illegal(game, state, Use(0, 0, 1)) is None
    assert state.done == [0]
    apply(game, state, Use(0, 1, 0))
    assert state.done == [1]
    assert state.outcome is None


# -- R6.1 / R8.0: clues pooled, then revealed -------------------------------------------


def _pairs(game: Game, places: int) -> tuple[int, int, int]:
    """Two clues whose perforations share exactly ``places`` places (1: they isolate
    it), and the shared place's zone when ``places`` is 1."""
    holes = game.clue_holes
    for i, j in itertools.combinations(range(len(holes)), 2):
        both = holes[i] & holes[j]
        if holes[i] and holes[j] and bin(both).count("1") == places:
            return i, j, both.bit_length() - 1
    raise AssertionError(places)


def _to_next_start(game: Game, state: State) -> None:
    state.event_pile, state.event_discard = [], []
    apply(game, state, End())
    while state.pending is not None and state.pending.kind == "share_cube":
        apply(game, state, Choose(state.pending.player, 0))
    assert state.phase == "start" and state.round == 2, (state.phase, state.round)


def test_clues_pooled_at_army_phase_then_revealed(game1: Game) -> None:
    """R5.3 / R8.0 / R6.1 on scenario 1 (every place a candidate). The book: the kept
    clues "seront mises en commun entre tous les joueurs au début de la phase de l'armée";
    at the start of the players' phase, if combined cards "isoler un unique lieu", the
    players "devront … défausser toutes les cartes Indices combinées pour poser un jeton
    Objectif … dans la zone correspondante".

    Two clues whose perforations share exactly one place Z, kept this phase: they are
    not yet in the pool, nothing is revealed. After the army phase, at the start of
    round 2: the base's marker is in Z (revealed [[Z]]), the two cards are discarded, the
    pool no longer holds them."""
    game = game1
    state = cleared_state(game, 1)
    i, j, zone = _pairs(game, 1)
    state.clues_kept = [i, j]
    state.clue_pool = []
    assert state.revealed == [[]]
    start = len(state.log)
    _to_next_start(game, state)
    assert state.revealed == [[zone]], (game.zone(zone), state.revealed)
    kinds = [e.kind for e in state.log[start:]]
    # pooled in the army phase (R8.0), revealed only at the next start (R6.1)
    assert kinds.index("clues_pooled") < kinds.index("intensification") < kinds.index("revealed")
    assert i in state.clue_discard and j in state.clue_discard
    assert i not in state.clue_pool and j not in state.clue_pool
    assert state.clues_kept == []


def test_clues_that_leave_two_places_reveal_nothing(game1: Game) -> None:
    """R6.1: two clues sharing exactly two places isolate nothing: after the army phase
    (R8.0) both are in the pool, nothing is revealed, nothing discarded."""
    game = game1
    state = cleared_state(game, 1)
    i, j, _ = _pairs(game, 2)
    state.clues_kept = [i, j]
    state.clue_pool = []
    _to_next_start(game, state)
    assert state.revealed == [[]]
    assert sorted(state.clue_pool) == sorted([i, j])
    assert i not in state.clue_discard and j not in state.clue_discard


def test_investigate_keeps_the_clue_until_army_phase(star_model: GameModel) -> None:
    """R5.3 / R8.0: a clue kept by Investigate waits with the players' kept clues; it is
    pooled only "au début de la phase de l'armée": right after the keep, the pool is
    unchanged and the card is among the kept ones."""
    game, state = _star(star_model, [
        {"at": "A 1", "reserve_cubes": 0, "C": 2},
        {"at": "A 1", "reserve_cubes": 0},
        {"at": "A 1", "reserve_cubes": 0},
    ])
    pool = list(state.clue_pool)
    apply(game, state, Investigate(0))
    _keep_first(game, state)
    assert state.clue_pool == pool
    assert len(state.clues_kept) == 1


# -- R8.6 / R8.7: the invasion bag over an army phase ---------------------------------------


def test_drawn_tokens_return_to_the_bag(star_model: GameModel) -> None:
    """R8.3 / R8.7 ("Les jetons Zone piochés sont tous remis dans le sac Invasion") /
    R8.6. The bag holds A 7, B 5 and C 2 tokens (each a village or town with room); the
    team counter goes 0 -> 2 (4 players, 1:1 track: 2 army actions, R8.2). Two tokens are
    drawn, 2 soldiers added each (speed 2: a village deploys 1 to its neighbour), no
    officer placed (so no pile token, R8.6). At the start of round 2, the bag again holds
    exactly the three tokens, none left drawn."""
    players = [{"at": "A 1", "reserve_cubes": 0} for _ in range(4)]
    game, state = _star(star_model, players, n=4)
    a7, b5, c2 = (_z(game, r) for r in ("A 7", "B 5", "C 2"))
    state.bag = [a7, b5, c2]
    state.drawn = []
    state.reserve_soldiers, state.reserve_officers = 30, 5
    state.players[0].actions = 2
    state.players[1].actions = 1
    state.players[2].actions = 1
    state.players[3].actions = 1
    piles = [list(p) for p in state.piles]
    _to_next_start(game, state)
    assert state.team_counter == 2 and state.army_counter == 2
    assert sorted(state.bag) == sorted([a7, b5, c2])
    assert state.drawn == []
    assert sum(state.soldiers) == 4 and sum(state.officers) == 0
    assert state.piles == piles


# -- more situations: the supply at setup, R7.2 with a short supply, R8.6 in the same phase ---


def test_setup_supply_and_reserves(game1: Game) -> None:
    """R0.2 (72 cubes), R2.7 ("Placer la réserve de cubes Réputation … près du plateau"),
    R2.9 ("Chaque joueur commence avec autant de cubes réputation que son niveau de
    réputation"). Scenario 1, 4 players (reputation 1 each), no cube on the island: the
    reserves are [1, 1, 1, 1] and the general supply holds the other 68."""
    state = new_initial_state(game1, seed=1)
    levels = [game1.character_info[p.character].reputation for p in state.players]
    assert [p.cubes for p in state.players] == levels == [1, 1, 1, 1]
    assert sum(state.cubes) == 0
    assert state.supply_cubes == 72 - 4 == 68


def test_reputation_share_with_a_short_supply(star_model: GameModel) -> None:
    """R7.2 with the box's finite cubes (R0.2, D4.2: the supply beside the board). 3
    soldiers eliminated, reserves [0, 0, 0], but the general supply holds 1 cube: one
    ``share_cube`` choice only (options [0, 1, 2]); player 0 gets it; the supply is 0; the
    3 soldiers are back in the reserve anyway. No cube is created (the total stays 1).
    rules.md does not say this (R7.2 "as many reputation cubes"; D11 is silent on a short
    supply): the test records the engine's reading, the physical one."""
    game, state = _star(star_model, [
        {"at": "A 1", "reserve_cubes": 0},
        {"at": "A 1", "reserve_cubes": 0},
        {"at": "A 1", "reserve_cubes": 0},
    ], supply=1)
    state.eliminated_soldiers, state.reserve_soldiers = 3, 10
    apply(game, state, End())
    offered = []
    while state.pending is not None and state.pending.kind == "share_cube":
        offered.append(list(state.pending.options))
        apply(game, state, Choose(state.pending.player, 0))
    assert offered == [[0, 1, 2]]
    assert [p.cubes for p in state.players] == [1, 0, 0]
    assert state.supply_cubes == 0
    assert state.eliminated_soldiers == 0


def test_pile_token_can_be_drawn_in_the_same_phase(star_model: GameModel) -> None:
    """R8.6 ("un jeton Zone est pioché … et ajouté dans le sac Invasion"), D11.1 (an
    empty pile adds nothing), R8.7. 4 players, team counter 0 -> 2: 2 army actions
    (R8.2). Bag [A 1]; pile A holds one token, A 5; speed 2. A 1 (capital) has 3 soldiers,
    its neighbours A 7, B 7, A 2 (villages, 1 soldier) and A 3 (town, 2) are full.
    Action 1 draws A 1: 5 soldiers, surplus 2, no room: 2 officers replace 2 soldiers of
    A 1 (1 soldier + 2 officers, R8.5). 2 officers in region A: pile A gives its only
    token, A 5, to the bag; the second draw finds the pile empty. Action 2 draws from
    the bag, which now holds only A 5: A 5 (town, empty) gets 2 soldiers. At the end of
    the phase both drawn tokens go back: the bag is [A 1, A 5], nothing drawn, pile A
    empty."""
    game, state = _star(star_model, [{"at": "A 2", "reserve_cubes": 0} for _ in range(4)], n=4)
    for ref, k in (("A 1", 3), ("A 7", 1), ("B 7", 1), ("A 2", 1), ("A 3", 2)):
        state.soldiers[_z(game, ref)] = k
    a1, a5 = _z(game, "A 1"), _z(game, "A 5")
    state.bag, state.drawn = [a1], []
    ra = list(game.topo.regions).index("A")
    state.piles = [[a5] if r == ra else [] for r in range(len(game.topo.regions))]
    state.reserve_soldiers, state.reserve_officers = 20, 5
    state.players[0].actions = 2
    for p in state.players[1:]:
        p.actions = 1
    _to_next_start(game, state)
    assert state.army_counter == 2
    assert {game.zone(z): k for z, k in enumerate(state.officers) if k} == {"A 1": 2}
    assert {game.zone(z): k for z, k in enumerate(state.soldiers) if k} == {
        "A 1": 1, "A 7": 1, "B 7": 1, "A 2": 1, "A 3": 2, "A 5": 2}
    assert sorted(state.bag) == sorted([a1, a5])
    assert state.drawn == []
    assert state.piles == [[], [], []]
    assert state.reserve_officers == 3


def test_three_clues_isolate_together(game1: Game) -> None:
    """R6.1: "en combinant plusieurs cartes, à isoler un lieu unique (par superposition
    des cartes)": three clues whose perforations pairwise share at least 2 places but
    together exactly one place Z. Pooled at the army phase (R8.0), they reveal the base
    in Z at the start of round 2, and all three are discarded."""
    game = game1
    holes = game.clue_holes

    def count(x: int) -> int:
        return bin(x).count("1")

    i, j, k = next(
        t for t in itertools.combinations(range(len(holes)), 3)
        if all(count(holes[a] & holes[b]) >= 2 for a, b in itertools.combinations(t, 2))
        and count(holes[t[0]] & holes[t[1]] & holes[t[2]]) == 1
    )
    zone = (holes[i] & holes[j] & holes[k]).bit_length() - 1
    state = cleared_state(game, 1)
    state.clues_kept, state.clue_pool = [i, j, k], []
    _to_next_start(game, state)
    assert state.revealed == [[zone]]
    assert {i, j, k} <= set(state.clue_discard)
    assert not {i, j, k} & set(state.clue_pool)


def test_bomb_only_in_the_revealed_base_zone(game1: Game) -> None:
    """R5.7 ("utiliser une bombe permet de détruire une base ennemie"; the bomb card: in the
    base's zone, I >= 1). Scenario 1, Élise holds a bomb in N-E 5, no soldier. The base
    not yet revealed: the use is refused (R5.7). The base revealed in N-E 6: still
    refused (R5.7, not its zone). Revealed in N-E 5: legal."""
    game = game1
    state = cleared_state(game, 1)
    here = game.zone_index("N-E 5")
    for p in state.players:
        p.at = here
    bomb = next(i for i, s in enumerate(game.specials) if s.id == "bomb")
    state.players[0].inventory = [SPECIAL + bomb]
    reason = why_illegal(game, state, Use(0, 0, 0))
    assert reason is not None and reason.startswith("R5.7:"), reason
    state.revealed = [[game.zone_index("N-E 6")]]
    reason = why_illegal(game, state, Use(0, 0, 0))
    assert reason is not None and reason.startswith("R5.7:"), reason
    state.revealed = [[here]]
    assert why_illegal(game, state, Use(0, 0, 0)) is None


def test_transfer_a_special_item_and_a_card_one_step_of_budget(star_model: GameModel) -> None:
    """R5.9 ("objets d'inventaire": a crafted special item is an inventory card, R5.5) and
    D10.1 (the team's budget counts actions: one transfer is one action whatever it
    carries). Budget 5; player 0 gives the bomb then the timer card to player 1 in A 1,
    then is done: player 1 holds [bomb, timer] (any order), player 0 nothing; counters
    [1, 0, 0]; budget 4."""
    game, state = _star(star_model, [
        {"at": "A 1", "reserve_cubes": 1},
        {"at": "A 1", "reserve_cubes": 1},
        {"at": "A 1", "reserve_cubes": 1},
    ], budget=5)
    bomb = next(i for i, s in enumerate(game.specials) if s.id == "bomb")
    tim = _item(game, "timer")
    state.players[0].inventory = [SPECIAL + bomb, tim]
    apply(game, state, Transfer(0, 1, card=0))
    assert state.pending is not None and state.pending.kind == "transfer_more"
    texts = _options(game, state)
    assert len(texts) == 2, texts
    apply(game, state, Choose(0, 1))
    if state.pending is not None:
        assert _options(game, state) == ["nothing more: the transfer is done"]
        apply(game, state, Choose(0, 0))
    assert state.pending is None
    assert state.players[0].inventory == []
    assert sorted(state.players[1].inventory) == sorted([SPECIAL + bomb, tim])
    assert [p.actions for p in state.players] == [1, 0, 0]
    assert state.budget == 4


def test_reveal_discards_only_the_combined_cards(game1: Game) -> None:
    """R6.1: "défausser toutes les cartes Indices combinées": only the cards combined.
    Pool: clues i and j, which together isolate Z, and a third valid clue k that does not
    hold Z and isolates nothing with them (k shares 0 or >= 2 places with each; i, j, k
    share none). At the start of round 2: the base is revealed in Z, i and j are
    discarded, k stays in the pool."""
    game = game1
    holes = game.clue_holes
    i, j, zone = _pairs(game, 1)

    def count(x: int) -> int:
        return bin(x).count("1")

    k = next(c for c in range(len(holes)) if c not in (i, j) and holes[c]
             and not holes[c] >> zone & 1
             and count(holes[c] & holes[i]) != 1 and count(holes[c] & holes[j]) != 1)
    state = cleared_state(game, 1)
    state.clues_kept, state.clue_pool = [i, j, k], []
    _to_next_start(game, state)
    assert state.revealed == [[zone]]
    assert {i, j} <= set(state.clue_discard)
    assert state.clue_pool == [k]
    assert k not in state.clue_discard


def test_transfer_recruit_needs_the_receivers_next_slot(star_model: GameModel) -> None:
    """D11.5 + R5.2 + R1.2 (a skill's level is its filled circles: a recruit takes the
    row's first free slot). Player 1's C row has its slot numbered 2 taken (recruit A); its
    next free slot is numbered 3. Player 0's recruit G (C 3) fits there (3 >= 3): legal;
    recruit H (C 2) does not (2 < 3): refused, D11.5."""
    game, state = _star(star_model, [
        {"at": "A 1", "reserve_cubes": 1},
        {"at": "A 1", "reserve_cubes": 1},
        {"at": "A 1", "reserve_cubes": 1},
    ])
    state.players[1].squad[0][0] = _token(game, "A")
    state.players[0].squad[2][0] = _token(game, "H")  # C 2, M 2, I 2
    state.players[0].squad[2][1] = _token(game, "G")  # C 3, M 1, I 2
    h_code, g_code = slot_code(2, 0), slot_code(2, 1)
    reason = why_illegal(game, state, Transfer(0, 1, recruit=h_code, row=0))
    assert reason is not None and reason.startswith("D11.5:"), reason
    assert why_illegal(game, state, Transfer(0, 1, recruit=g_code, row=0)) is None


# -- properties over whole games (scenario 1, the heuristic team) ------------------------------


def test_cubes_and_tokens_over_whole_games(scenario1: GameModel) -> None:
    """R0.2 (72 cubes in the box: never created nor lost, D4.2 and R7.2 take them from the
    supply, D11.3 returns activated cards' cubes to it), R8.7 (at the start of every
    players' phase no zone token is left out of the bag: ``drawn`` is empty), R7.2 (each
    ``share_cube`` choice offers every player, fewest cubes first, seat order on ties).
    Scenario 1 played by the heuristic team, 3, 4 and 5 players, two seeds each, checked
    after every action."""
    for players in (3, 4, 5):
        game = Game.create(scenario1, players=players)
        for seed in (0, 1):
            actions, _ = record_game(game, seed, "heuristic")
            state = new_initial_state(game, seed=seed)
            assert _all_cubes(state) == 72
            for action in actions:
                apply(game, state, action)
                assert _all_cubes(state) == 72, (players, seed, action)
                if state.phase == "start":
                    assert state.drawn == [], (players, seed, action)
                pend = state.pending
                if pend is not None and pend.kind == "share_cube":
                    order = sorted(range(players), key=lambda p: (state.players[p].cubes, p))
                    assert pend.options == order, (players, seed, pend.options)


def _fill_rows(game: Game, state: State, p: int, rows: tuple[int, ...]) -> None:
    dummy = next(i for i, r in enumerate(game.recruits) if r.dummy)
    for s in rows:
        state.players[p].squad[s] = [dummy] * len(state.players[p].squad[s])


def test_transfer_more_reads_the_receivers_updated_row(star_model: GameModel) -> None:
    """R5.9 + D11.5 + R5.2: within one transfer, each further recruit takes the receiver's
    next free slot, so its test reads the row as the earlier gifts left it. Player 1's M and
    I rows are full, its C slots are numbered 2, 3, 4 and free. Player 0 holds recruits
    K (C 4) and H (C 2).
    (a) K first: onto C slot "2" (4 >= 2); the next free C slot is "3"; H (2 < 3) is not
    offered: the only option is "done".
    (b) H first: onto slot "2" (2 >= 2); then K onto slot "3" (4 >= 3) is offered; taking
    it, player 1's C row is [H, K, free], one action in all."""
    for first, second, offered in (("K", "H", False), ("H", "K", True)):
        game, state = _star(star_model, [
            {"at": "A 1", "reserve_cubes": 1},
            {"at": "A 1", "reserve_cubes": 1},
            {"at": "A 1", "reserve_cubes": 1},
        ])
        _fill_rows(game, state, 1, (1, 2))
        one, two = _token(game, first), _token(game, second)
        state.players[0].squad[0][0] = one
        state.players[0].squad[0][1] = two
        apply(game, state, Transfer(0, 1, recruit=slot_code(0, 0), row=0))
        assert state.players[1].squad[0] == [one, -1, -1]
        if not offered:
            if state.pending is not None:
                assert _options(game, state) == ["nothing more: the transfer is done"]
                apply(game, state, Choose(0, 0))
            assert state.players[0].squad[0][1] == two
            assert state.players[1].squad[0] == [one, -1, -1]
        else:
            assert state.pending is not None and state.pending.kind == "transfer_more"
            texts = _options(game, state)
            assert len(texts) == 2 and "recruit" in texts[1], texts
            apply(game, state, Choose(0, 1))
            if state.pending is not None:
                apply(game, state, Choose(0, 0))
            assert state.players[1].squad[0] == [one, two, -1]
        assert state.pending is None
        assert [p.actions for p in state.players] == [1, 0, 0]


def test_event_officer_also_draws_a_region_token(star_model: GameModel) -> None:
    """R8.6 reads "Pour chaque pion Officier ajouté sur le plateau" — any officer, not
    only a takeover's. R8.1: the event "Promotion sur le terrain" (replace 1 soldier with
    an officer in the most occupied zone). B 5 holds 2 soldiers, A 3 one: B 5 is the most
    occupied; its soldier is replaced (B 5 = 1 soldier + 1 officer, the soldier back in
    the reserve, D8.4). Region B's pile holds one token (B 7): it goes into the bag. No
    army action (team counter 0), so at the start of round 2 the bag is [B 7], the piles
    are empty, officers in reserve 5 -> 4."""
    game, state = _star(star_model, [{"at": "A 2", "reserve_cubes": 0} for _ in range(4)], n=4)
    promotion = next(i for i, e in enumerate(game.events) if e.id == "field-promotion")
    state.event_pile, state.event_discard = [promotion], []
    state.soldiers[_z(game, "B 5")] = 2
    state.soldiers[_z(game, "A 3")] = 1
    state.reserve_soldiers, state.reserve_officers = 20, 5
    rb = list(game.topo.regions).index("B")
    state.piles = [[_z(game, "B 7")] if r == rb else [] for r in range(len(game.topo.regions))]
    state.bag, state.drawn = [], []
    apply(game, state, End())
    assert (state.round, state.phase) == (2, "start")
    assert {game.zone(z): k for z, k in enumerate(state.officers) if k} == {"B 5": 1}
    assert {game.zone(z): k for z, k in enumerate(state.soldiers) if k} == {"B 5": 1, "A 3": 1}
    assert state.bag == [_z(game, "B 7")]
    assert state.piles == [[], [], []]
    assert (state.reserve_soldiers, state.reserve_officers) == (21, 4)


def test_candidates_restrict_the_reveal() -> None:
    """R6.1 + D6.1 on the shipped initiation scenario (the depot is in S-O: its
    candidates are the 15 zones of S-O). Two clues isolating one place outside S-O reveal
    nothing (D6.1: "a combination isolating a non-candidate reveals nothing"): both stay
    in the pool. Two clues isolating one S-O place reveal the depot there and are
    discarded."""
    game = Game.create(load_game(default_path("scenarios", "initiation.yaml")), players=4)
    holes, cand = game.clue_holes, game.objectives[0].candidates
    pairs = [(i, j, holes[i] & holes[j]) for i, j in itertools.combinations(range(len(holes)), 2)
             if bin(holes[i] & holes[j]).count("1") == 1]
    outside = next(p for p in pairs if not p[2] & cand)
    inside = next(p for p in pairs if p[2] & cand)
    assert game.zone(outside[2].bit_length() - 1)[:4] != "S-O "
    assert game.zone(inside[2].bit_length() - 1)[:4] == "S-O "
    for (i, j, place), revealed in ((outside, False), (inside, True)):
        state = cleared_state(game, 1)
        state.clues_kept, state.clue_pool = [i, j], []
        _to_next_start(game, state)
        if revealed:
            assert state.revealed == [[place.bit_length() - 1]]
            assert {i, j} <= set(state.clue_discard) and state.clue_pool == []
        else:
            assert state.revealed == [[]]
            assert sorted(state.clue_pool) == sorted([i, j])
