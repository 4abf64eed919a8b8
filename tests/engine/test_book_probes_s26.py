"""Rule probes, session 26: the setup (R2.1–R2.9) of every shipped scenario for 3, 4 and 5
players at each difficulty, the box's components (R0.x) and the character sheets (R1.x), the
key concepts (R4.1–R4.3), the squad's reorganisation (R6.3) and the deployment's reach
(R8.4b), written from the French rule book (``seeds/000_…``, the authority) and
``design/rules.md`` by an outside tester who never read the engine's rules code (players.py,
resolve.py, army.py, flow.py, core.py, heuristic.py).

The expected numbers of a setup are computed from the book's words and from the shipped
data the book leaves to the box (``scenarios/boards/island.yaml``: the zones, their sizes
and tags; ``cards/*.yaml``: the card counts), read here with ``yaml`` directly, never from
the engine's tables. Rule situations use the star board and the helpers of
``test_book_probes.py`` (its docstring draws the board).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from authoring.engine import (
    Begin,
    Choose,
    Craft,
    Eliminate,
    End,
    Game,
    Keep,
    Move,
    Plan,
    Reorganise,
    Resistance,
    Search,
    State,
    apply,
    legal_actions,
    new_initial_state,
)
from authoring.engine.actions import slot_code
from authoring.engine.state import EMPTY, PLANNING, SPECIAL
from authoring.model.game import GameModel, load_game

from .test_book_probes import (
    _counters,
    _end_phase,
    _game,
    _item,
    _legal,
    _put,
    _refused,
    _special,
    _z,
)
from .test_book_probes_s23 import _to_start, _token
from .test_book_probes_s25 import _reorganise_start
from .test_situations import _zones

C, M, ENG = 0, 1, 2
ROOT = Path(__file__).resolve().parents[2]
SIZE = {"capital": 3, "town": 2, "village": 1}
BOX_CUBES = 72  # R0.2: "72 cubes Réputation"
BOX_SOLDIERS = 50  # R0.2: "50 pions Soldat"
LEVELS = ("easy", "normal", "hard")


def _yaml(rel: str) -> Any:
    return yaml.safe_load((ROOT / rel).read_text("utf-8"))


def _island() -> dict[str, dict[str, Any]]:
    """The island's zones from the board file: ``"N-O 3"`` → its record (size, tags …)."""
    return {f"{z['region']} {z['number']}": z for z in _yaml("scenarios/boards/island.yaml")["zones"]}


def _size(z: dict[str, Any]) -> int:
    return SIZE[z["size"]]


def _scenario(name: str) -> GameModel:
    return load_game(ROOT / "scenarios" / f"{name}.yaml")


def _by_zone(game: Game, table: list[int]) -> dict[str, int]:
    return {game.zone(z): k for z, k in enumerate(table) if k}


def _tokens(game: Game, tokens: list[int]) -> Counter[str]:
    return Counter(game.zone(z) for z in tokens)


def _keep_first(game: Game, state: State) -> None:
    apply(game, state, next(a for a in legal_actions(game, state)
                            if isinstance(a, Keep) and a.drawn == 0))


def _resistance_ids(players: int) -> set[str]:
    """The ids of the resistance set for this player count (D0.2: one set of 8 each)."""
    sets = _yaml("cards/resistance.yaml")["sets"]
    return {c["id"] for s in sets if s["players"] == players for c in s["cards"]}


def _copies(rel: str, key: str) -> Counter[str]:
    return Counter({c["id"]: int(c.get("copies", 1)) for c in _yaml(rel)[key]})


def _check_common(game: Game, state: State, players: int, *, start: str, timer_min: float,
                  officers_total: int, first_draw: int) -> None:
    """What every setup of the book fixes, whatever the scenario (R2.3, R2.6–R2.9, R0.2–R0.4,
    R6.2 for the first decision)."""
    island = _island()
    # R2.3 / "Placer les pions Joueur": every pawn on the start zone, one sheet each
    assert [game.zone(p.at) for p in state.players] == [start] * players
    assert len({p.character for p in state.players}) == players
    # R2.8: "son pion Compteur d'actions individuel sur la première case"; team and army
    # counters on their first cell
    assert _counters(state) == [0] * players
    assert (state.team_counter, state.army_counter) == (0, 0)
    # R1.1 / R2.3: the squad's slots are empty, the inventory too
    for p in state.players:
        sheet = game.character_info[p.character]
        assert p.squad == [[EMPTY] * len(sheet.slots[s]) for s in range(3)]
        assert p.inventory == []
    # R2.9: "Chaque joueur commence avec autant de cubes réputation que son niveau de
    # réputation"; R0.2 + R2.7: the 72 cubes are the players', the zones' or the supply's
    assert [p.cubes for p in state.players] == [
        game.character_info[p.character].reputation for p in state.players]
    assert state.supply_cubes + sum(p.cubes for p in state.players) + sum(state.cubes) \
        == BOX_CUBES
    # R0.2 + R2.7: the 50 soldiers are on the island or in the reserve; the officers the
    # difficulty allows are on the island or in the reserve; none eliminated yet
    assert sum(state.soldiers) + state.reserve_soldiers == BOX_SOLDIERS
    assert sum(state.officers) + state.reserve_officers == officers_total
    assert (state.eliminated_soldiers, state.eliminated_officers) == (0, 0)
    # R2.6: "Mettre le tas de cartes Objet spécial de côté" (18, R0.3)
    specials = _copies("cards/special-items.yaml", "special_items")
    assert sum(specials.values()) == 18
    assert {game.specials[i].id: k for i, k in enumerate(state.special_left)} == dict(specials)
    # R2.6: "Mélanger les cartes Objet en une pioche" (66, R0.3), nothing discarded
    items = _copies("cards/items.yaml", "items")
    assert sum(items.values()) == 66
    assert Counter(game.items[i].id for i in state.item_pile) == items
    assert state.item_discard == []
    # "Mélanger les cartes Indice en une pioche" (43, R0.3)
    assert len(state.clue_pile) == 43 and state.clue_discard == []
    assert state.clues_kept == [] and state.clue_pool == []
    # "Mélanger les cartes Résistance en une pioche": the set for this player count (D0.2);
    # at the first start R6.2 has drawn as many as the speed, the others stay in the pile
    assert state.pending is not None and state.pending.kind == "keep_resistance"
    drawn = list(state.pending.options)
    assert len(drawn) == first_draw
    ids = [game.resistance_cards[c].id for c in [*drawn, *state.resistance_pile]]
    assert len(ids) == 8 and set(ids) == _resistance_ids(players)
    assert state.resistance == [] and state.resistance_discard == []
    # "Mélanger les cartes Événement en une pioche" (12, R0.4)
    assert len(state.event_pile) == 12 and state.event_discard == []
    assert Counter(game.events[e].id for e in state.event_pile) == _copies(
        "cards/events.yaml", "events")
    # R0.3/R0.4: the recruitment bag holds the 29 secondary characters, 7 of them dummies
    assert len(state.recruit_bag) == 29
    assert sum(1 for t in state.recruit_bag if game.recruits[t].dummy) == 7
    # R2.7: "les jetons Planification/Entraînement près du plateau" (10, R0.3)
    assert state.planning_supply == 10
    # R2.4 / R0.2: the 76 zone tokens are in the bag or in the region piles (one pile per
    # region, its own tokens only); nothing drawn yet
    assert len(state.bag) + sum(len(p) for p in state.piles) == 76
    assert state.drawn == []
    for r, pile in enumerate(state.piles):
        assert {game.zone(z).rsplit(" ", 1)[0] for z in pile} <= {game.topo.regions[r]}
    every = _tokens(game, state.bag) + _tokens(game, [z for p in state.piles for z in p])
    assert every == Counter({zid: _size(z) for zid, z in island.items()})
    # R10.1: "Préparer le sablier ou le minuteur selon les données du scénario"
    assert state.phase_seconds == round(timer_min * 60)
    assert state.budget == -1  # no action budget unless one is asked for (D10.1)
    # nothing revealed, nothing done (R6.1, R9.2); the first round's start (R3.1)
    assert all(r == [] for r in state.revealed) and all(d == 0 for d in state.done)
    assert (state.round, state.phase, state.outcome) == (1, "start", None)


# -- Scenario 1, every player count and difficulty ------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize(("difficulty", "officers"), [("easy", 15), ("normal", 12), ("hard", 10)])
def test_r2_scenario1_setup_every_count(players: int, difficulty: str, officers: int) -> None:
    """Scenario 1's card: "Placer 3 soldats sur les capitales, 2 sur les villes et 1 sur les
    zones 12 et 11 de chaque région." "Placer les jetons Zone sur le plateau dans les zones
    correspondantes (sauf si déjà occupée, mettre de côté). Remettre tous les jetons mis de
    côté dans le sac Invasion" (D2.1: every token of an occupied zone). "Placer les pions
    Joueur dans la zone N-E1." "Chaque joueur commence avec autant de cubes réputation que
    son niveau de réputation." "Placer le marqueur d'invasion sur la 1ère case de vitesse 2."
    "Minuteur : 5'". "Facile : 15 Officiers / Normal : 12 Officiers / Difficile : 10
    Officiers" (R2.7: "le nombre de pions Officier selon le niveau de difficulté"; D0.1: 15
    is above the box's 12, a warning, not a cap). Then every count R2 and R0 fix."""
    game = Game.create(_scenario("scenario-1"), players=players, difficulty=difficulty)
    state = new_initial_state(game, seed=11 + players)
    island = _island()
    want = {zid: (_size(z) if _size(z) >= 2 else (1 if z["number"] in (11, 12) else 0))
            for zid, z in island.items()}
    assert _by_zone(game, state.soldiers) == {k: v for k, v in want.items() if v}
    assert sum(state.soldiers) == 36 and state.reserve_soldiers == 14
    assert _by_zone(game, state.officers) == {}
    assert state.reserve_officers == officers
    assert _by_zone(game, state.cubes) == {}
    assert state.supply_cubes == BOX_CUBES - players
    # D2.1: the bag holds every token of each occupied zone, the piles every other token
    assert _tokens(game, state.bag) == Counter(
        {zid: _size(island[zid]) for zid, k in want.items() if k})
    assert len(state.bag) == 36
    assert _tokens(game, [z for p in state.piles for z in p]) == Counter(
        {zid: _size(island[zid]) for zid, k in want.items() if not k})
    # R2.5: the first cell of speed 2
    assert state.speed_cell == game.speed_track.index(2) == 0
    _check_common(game, state, players, start="N-E 1", timer_min=5, officers_total=officers,
                  first_draw=2)


def test_r24_r26_decks_piles_and_sheets_are_shuffled() -> None:
    """R2.6: "Mélanger les cartes Objet … Indice … Résistance … Événement en une pioche";
    R2.4: "Les jetons Zone restants sont regroupés par région (couleur), puis mélangés";
    scenario 1: "Distribuer des rôles au hasard entre les joueurs". Over 12 seeds, each deck,
    each region pile and the sheets dealt take more than one order; within a game no sheet
    is dealt twice."""
    game = Game.create(_scenario("scenario-1"), players=3)
    seen: dict[str, set[tuple[int, ...]]] = {}
    for seed in range(12):
        s = new_initial_state(game, seed=seed)
        chars = tuple(p.character for p in s.players)
        assert len(set(chars)) == 3 and s.pending is not None
        for name, order in (("items", s.item_pile), ("clues", s.clue_pile),
                            ("events", s.event_pile),
                            ("resistance", s.resistance_pile + s.pending.options),
                            ("sheets", chars),
                            *((f"pile {r}", p) for r, p in enumerate(s.piles))):
            seen.setdefault(name, set()).add(tuple(order))
    assert {k: len(v) > 1 for k, v in seen.items()} == {k: True for k in seen}
    # the dealt sheets are drawn from all 8 (R0.3), not always the same three
    sheets = {c for order in seen["sheets"] for c in order}
    assert len(sheets) > 3


def test_r23_chosen_sheets_take_their_seats() -> None:
    """R2.3: "Chaque joueur choisit une fiche de personnage jouable et une couleur." Sheets
    chosen by name sit in that order, each with its own reputation in cubes (R2.9)."""
    chosen = ["hugo-ferrand", "jenny-adams", "nadia-haddad", "elise-marchand"]
    game = Game.create(_scenario("scenario-2"), players=4, characters=chosen)
    for seed in (1, 2):
        state = new_initial_state(game, seed=seed)
        assert [game.character_info[p.character].id for p in state.players] == chosen


def test_r29_starting_cubes_follow_each_sheets_reputation() -> None:
    """R2.9: "Chaque joueur commence avec autant de cubes réputation que son niveau de
    réputation" (R1.1: "Réputation (initiale : 1)" on the sample sheet, but the number is
    the sheet's). Sheets with reputation 3, 1, 2: the players start with 3, 1 and 2 cubes
    and the supply beside the board holds the other 72 − 6 (R0.2)."""
    game = Game.create(_scenario("scenario-1"), players=3,
                       characters=["jenny-adams", "marcel-dubreuil", "elise-marchand"])
    info = list(game.character_info)
    for idx, rep in ((0, 3), (1, 1), (2, 2)):
        info[idx] = dataclasses.replace(info[idx], reputation=rep)
    game = dataclasses.replace(game, character_info=tuple(info))
    state = new_initial_state(game, seed=4)
    assert [p.character for p in state.players] == [0, 1, 2]
    assert [p.cubes for p in state.players] == [3, 1, 2]
    assert state.supply_cubes == BOX_CUBES - 6


def test_r04_the_four_player_track_is_one_to_one_over_45_cells() -> None:
    """R0.4 and the book's drawing of the track ("La piste de Compteur d'Actions commune
    (ex : pour 4 joueurs)": cells "1 / 16 / 31" … "15 / 30 / 45" in the "4 Joueurs" column
    and the same numbers in the "Armée" column): 45 cells, the army's total beside each cell
    equal to the team's (D8.1: the 4-player track is 1:1)."""
    game = Game.create(_scenario("scenario-1"), players=4)
    assert game.army_column == tuple(range(1, 46))


# -- The other shipped scenarios: their own setup clauses (R2.1) -----------------------------------


def _one_token_each(game: Game, state: State, occupied: set[str]) -> None:
    """R2.4: "1 jeton Zone de chaque zone occupée au début du scénario est mis dans le sac
    Invasion. Les jetons Zone restants sont regroupés par région (couleur), puis mélangés":
    the bag holds one token of each occupied zone, the piles all the others."""
    island = _island()
    assert _tokens(game, state.bag) == Counter({zid: 1 for zid in occupied})
    rest = Counter({zid: _size(z) - (zid in occupied) for zid, z in island.items()})
    assert _tokens(game, [z for p in state.piles for z in p]) == +rest


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize(("difficulty", "officers", "cell", "speed", "timer"), [
    ("easy", 12, 0, 2, 5), ("normal", 12, 0, 2, 4), ("hard", 10, 3, 3, 4)])
def test_r21_scenario2_setup(players: int, difficulty: str, officers: int, cell: int,
                             speed: int, timer: int) -> None:
    """Scenario 2's card (R2.1: "Des icônes de pion soldat sur les zones occupées", the
    book's setup places "Les pions Soldat et/ou Officier"): 2 soldiers and 1 officer on each
    capital, 2 soldiers on each town, 1 on zones 9 and 10 of each region; the players in
    S-E 1; "Les officiers placés à la mise en place comptent parmi les officiers de la
    partie" (so the reserve holds 12 − 4, 12 − 4, 10 − 4); the invasion bag by R2.4 (one
    token per occupied zone); the speed marker on cell 1 (Easy), the first cell of speed 2
    (Normal), the first cell of speed 3 (Hard) — R2.1: the difficulty sets "vitesse
    d'invasion au départ, durée d'un tour de jeu"; timer 5' / 4' / 4'. The first R6.2 draw
    is "autant de cartes Résistance que la vitesse d'invasion actuelle": 2, 2, 3."""
    game = Game.create(_scenario("scenario-2"), players=players, difficulty=difficulty)
    state = new_initial_state(game, seed=3 + players)
    island = _island()
    capitals = {zid for zid, z in island.items() if z["size"] == "capital"}
    towns = {zid for zid, z in island.items() if z["size"] == "town"}
    nines = {zid for zid, z in island.items() if z["number"] in (9, 10)}
    assert len(capitals) == 4 and len(towns) == 8 and len(nines) == 8
    assert _by_zone(game, state.soldiers) == {**{z: 2 for z in capitals | towns},
                                              **{z: 1 for z in nines}}
    assert _by_zone(game, state.officers) == {z: 1 for z in capitals}
    assert state.reserve_officers == officers - 4
    assert state.reserve_soldiers == BOX_SOLDIERS - 32
    assert _by_zone(game, state.cubes) == {}
    _one_token_each(game, state, capitals | towns | nines)
    assert state.speed_cell == cell and game.speed_track[cell] == speed
    _check_common(game, state, players, start="S-E 1", timer_min=timer,
                  officers_total=officers, first_draw=speed)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize(("difficulty", "officers", "timer"), [
    ("easy", 12, 6), ("normal", 11, 5), ("hard", 9, 4)])
def test_r21_scenario3_setup(players: int, difficulty: str, officers: int, timer: int) -> None:
    """Scenario 3's card: 3 soldiers on each capital, 2 on each town, 1 on every fortified
    village; R2.1: "Éventuellement, des cubes Réputation déjà en place sur certaines zones"
    — 1 cube on every mining village (the book's setup: "Placer sur le plateau … Les
    éventuels cubes Réputation": they come out of the box's 72, R0.2); the players in
    N-O 1; the bag by R2.4; the first cell of speed 2; officers 12 / 11 / 9; timer 6' / 5'
    / 4'."""
    game = Game.create(_scenario("scenario-3"), players=players, difficulty=difficulty)
    state = new_initial_state(game, seed=5 + players)
    island = _island()
    sized = {zid: _size(z) for zid, z in island.items() if z["size"] != "village"}
    forts = {zid for zid, z in island.items()
             if z["size"] == "village" and "fort" in z.get("tags", [])}
    mines = {zid for zid, z in island.items()
             if z["size"] == "village" and "mine" in z.get("tags", [])}
    assert forts and mines
    assert _by_zone(game, state.soldiers) == {**sized, **{z: 1 for z in forts}}
    assert _by_zone(game, state.officers) == {}
    assert _by_zone(game, state.cubes) == {z: 1 for z in mines}
    assert state.supply_cubes == BOX_CUBES - players - len(mines)
    assert state.reserve_officers == officers
    _one_token_each(game, state, set(sized) | forts)
    assert state.speed_cell == 0 and game.speed_track[0] == 2
    _check_common(game, state, players, start="N-O 1", timer_min=timer,
                  officers_total=officers, first_draw=2)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize(("difficulty", "officers", "cell", "timer"), [
    ("easy", 12, 0, 6), ("normal", 10, 0, 5), ("hard", 8, 3, 5)])
def test_r21_initiation_setup(players: int, difficulty: str, officers: int, cell: int,
                              timer: int) -> None:
    """The initiation scenario's card: 2 soldiers on each capital, 1 on each town; the
    players in S-O 1; the bag by R2.4; speed marker on cell 1 (first cell of speed 3 in
    Hard); officers 12 / 10 / 8; timer 6' / 5' / 5'."""
    game = Game.create(_scenario("initiation"), players=players, difficulty=difficulty)
    state = new_initial_state(game, seed=7 + players)
    island = _island()
    capitals = {zid for zid, z in island.items() if z["size"] == "capital"}
    towns = {zid for zid, z in island.items() if z["size"] == "town"}
    assert _by_zone(game, state.soldiers) == {**{z: 2 for z in capitals},
                                              **{z: 1 for z in towns}}
    assert state.reserve_soldiers == BOX_SOLDIERS - 16
    assert state.reserve_officers == officers
    _one_token_each(game, state, capitals | towns)
    assert state.speed_cell == cell
    _check_common(game, state, players, start="S-O 1", timer_min=timer,
                  officers_total=officers, first_draw=game.speed_track[cell])


def _idle_round(game: Game, state: State) -> None:
    """A round where nobody acts: keep the first resistance card offered, start the timer,
    end the phase; any choice an event asks is answered with its first option."""
    _to_start(game, state)
    apply(game, state, Begin())
    apply(game, state, End())
    while state.pending is not None and state.pending.kind != "keep_resistance":
        apply(game, state, Choose(state.pending.player, 0))


def test_initiation_no_event_before_round_3_and_r88_with_no_action() -> None:
    """The initiation's special rule: "Ne piochez pas de carte Événement aux deux premiers
    tours." R7.1: the team counter advances "d'autant de cases que le joueur en ayant
    réalisé le plus" — 0 when nobody acts, so the army takes no action (R8.2: it catches
    up with the team counter) and no soldier is added; R8.8: "le marqueur de vitesse
    d'invasion est avancé d'une case" every army phase all the same. Rounds 1 and 2 draw
    no event (12 left); round 3 draws one (11 left)."""
    game = Game.create(_scenario("initiation"), players=3)
    state = new_initial_state(game, seed=2)
    soldiers = state.soldiers[:]
    for rnd, events_left in ((1, 12), (2, 12), (3, 11)):
        assert state.round == rnd
        _idle_round(game, state)
        assert state.round == rnd + 1
        assert len(state.event_pile) == events_left
        assert (state.team_counter, state.army_counter) == (0, 0)
        assert state.speed_cell == rnd
        if rnd < 3:
            assert state.soldiers == soldiers and state.reserve_soldiers == BOX_SOLDIERS - 16


def test_r44_r21_a_scenario_cube_already_fills_a_village() -> None:
    """R2.1: a scenario may have "des cubes Réputation déjà en place sur certaines zones";
    R4.4: "Action limitée : … ne peut être réalisée que si le nombre de cubes Réputation
    est inférieur à la Taille de la zone". Scenario 3 puts a cube on every mining village:
    in the mining village N-O 2 (size 1, 1 cube, no soldier) a search is refused citing
    R4.4; in N-O 1 (the start, no cube, no soldier) the same player may search."""
    game = Game.create(_scenario("scenario-3"), players=3)
    state = new_initial_state(game, seed=1)
    _keep_first(game, state)
    apply(game, state, Begin())
    mine, start = _z(game, "N-O 2"), _z(game, "N-O 1")
    assert (state.cubes[mine], state.occupation(mine), game.topo.size[mine]) == (1, 0, 1)
    assert (state.cubes[start], state.occupation(start)) == (0, 0)
    _legal(game, state, Search(0))
    state.players[0].at = mine
    _refused(game, state, Search(0), "R4.4")


# -- R0.1, R0.2, R4.1, R4.3: the island ------------------------------------------------------------


@pytest.mark.parametrize("name", ["scenario-1", "scenario-2", "scenario-3", "initiation"])
def test_r01_r41_r43_the_island_sizes_and_max_occupation(name: str) -> None:
    """R0.1: "une île divisée en 4 régions : N-O, N-E, S-O et S-E", each zone "possédant un
    numéro (unique dans la région)"; R4.1: "3 pour une capitale … 2 pour une ville … 1 pour
    un village"; R4.3: "Niveau maximum d'occupation … égal à la Taille de la zone (sauf cas
    particuliers spécifiés dans le scénario)" — no shipped scenario says otherwise; R0.2:
    "76 jetons Zone (3 par capitale, 2 par ville et 1 par village)"."""
    game = Game.create(_scenario(name), players=4)
    island = _island()
    assert set(game.topo.regions) == {"N-O", "N-E", "S-O", "S-E"}
    assert sorted(game.zone(z) for z in range(game.topo.n)) == sorted(island)
    for zid, z in island.items():
        i = game.zone_index(zid)
        assert (game.topo.size[i], game.max_occupation[i]) == (_size(z), _size(z)), zid
    for r in game.topo.regions:
        numbers = [z["number"] for z in island.values() if z["region"] == r]
        assert len(numbers) == len(set(numbers))
    assert sum(_size(z) for z in island.values()) == 76


# -- R1: the character sheets -------------------------------------------------------------------------


def test_r11_r03_the_eight_sheets() -> None:
    """R0.3: "8 fiches de personnage jouable"; R1.1 (the sample sheet): "Réputation
    (initiale : 1)", "Compteur d'actions 0 … 10", "INVENTAIRE" (R5.4: "Un joueur ne peut pas
    posséder plus de 4 cartes dans son inventaire"); R1.2: three skills, each with an
    initial level and improvement slots; R1.3: a max-level bonus per skill. The sample
    sheet's name is Jenny Adams, her ability "Pisteur"."""
    game = Game.create(_scenario("scenario-1"), players=4)
    sheets = game.character_info
    assert len(sheets) == 8 and len({s.id for s in sheets}) == 8
    for s in sheets:
        assert (s.inventory, s.actions, s.reputation) == (4, 10, 1), s.id
        assert len(s.initial) == 3 and len(s.slots) == 3 and len(s.max_bonus) == 3
        assert all(s.initial[k] >= 1 for k in range(3)), s.id
    raw = {c["id"]: c for c in _yaml("cards/characters.yaml")["characters"]}
    jenny = raw["jenny-adams"]
    assert jenny["name"] == "Jenny Adams" and jenny["ability"]["name"]["fr"] == "Pisteur"
    assert jenny["reputation"] == 1


def _jenny_game(seed: int = 1) -> tuple[Game, State]:
    """Scenario 1, Jenny Adams (the sample sheet: C 1 slots 2 3 3, M 2 slots 2 3 4, I 1
    slots 2 3 4) in seat 0, in the players' phase, at N-E 1 (an empty village)."""
    game = Game.create(_scenario("scenario-1"), players=3,
                       characters=["jenny-adams", "marcel-dubreuil", "elise-marchand"])
    state = new_initial_state(game, seed=seed)
    _keep_first(game, state)
    apply(game, state, Begin())
    assert game.character_info[0].id == "jenny-adams"
    return game, state


def _fill(state: State, game: Game, row: int, letters: str) -> None:
    toks = [_token(game, x) for x in letters]
    for t in toks:
        state.recruit_bag.remove(t)
    sq = state.players[0].squad[row]
    sq[: len(toks)] = toks


@pytest.mark.parametrize("full", [True, False])
def test_r13_sample_sheet_max_communication_discount(full: bool) -> None:
    """R1.3 on the sample sheet: "Les Actions de Résistance coûtent deux Réputation de moins
    à activer" (the max-C bonus, D1.1). Jenny Adams with B, G, N (C 3 each) on her three C
    slots (2, 3, 3) is at her max C 4: 1 cube on Ambush (cost 3 for 3 players) activates it
    — 2 soldiers of her zone go, the card is discarded. With only B and G (C 3, one short of
    her max) the activation is refused citing R5.8; putting the cube without activating
    stays legal."""
    game, state = _jenny_game()
    _fill(state, game, C, "BGN" if full else "BG")
    amb = next(i for i, c in enumerate(game.resistance_cards) if c.id == "ambush-3")
    assert game.resistance_cards[amb].cost == 3
    state.resistance = [[amb, 0]]
    here = _z(game, "N-E 1")
    state.soldiers[here] = 2
    state.reserve_soldiers -= 2
    if full:
        apply(game, state, Resistance(0, 0, 1, 1))
        assert state.resistance == [] and amb in state.resistance_discard
        assert state.soldiers[here] == 0 and state.players[0].cubes == 0
        assert _counters(state) == [1, 0, 0]
    else:
        _refused(game, state, Resistance(0, 0, 1, 1), "R5.8")
        _legal(game, state, Resistance(0, 0, 1, 0))


@pytest.mark.parametrize("full", [True, False])
def test_r13_sample_sheet_max_military_officer(full: bool) -> None:
    """R1.3 on the sample sheet: "Peut tirer des officiers connus des soldats" (max-M bonus,
    D1.1; R9.6: "Ces officiers ne peuvent pas être tués, sauf par des personnages avec un
    niveau max en Militaire"). Jenny Adams with D, C, L (M 3, 4, 4) on her M slots (2, 3,
    4) is at her max M 5: she eliminates the officer of her zone (5 > 1, R5.6's test); it
    goes to the eliminated area. With D and C only (M 4) the same elimination is refused
    citing R9.6."""
    game, state = _jenny_game()
    _fill(state, game, M, "DCL" if full else "DC")
    here = _z(game, "N-E 1")
    state.officers[here] = 1
    state.reserve_officers -= 1
    if full:
        apply(game, state, Eliminate(0, here, 1))
        assert state.officers[here] == 0 and state.eliminated_officers == 1
        assert _counters(state) == [1, 0, 0]
    else:
        _refused(game, state, Eliminate(0, here, 1), "R9.6")


@pytest.mark.parametrize(("soldiers", "crafted"), [(1, True), (2, False)])
def test_r13_sample_sheet_max_engineering_craft(soldiers: int, crafted: bool) -> None:
    """R1.3 on the sample sheet: "Peut fabriquer des objets quelconques avec un dénivelé en
    moins" (max-I bonus, D1.1: the craft's requirement one level lower); R5.5: "Réussite
    si : niveau d'Ingénierie − Malus de l'armée ≥ 4". Jenny Adams with H, F, E (I 2, 3, 4)
    on her I slots (2, 3, 4) is at her max I 4, holding explosives, detonator, timer. With
    1 soldier in her zone: 4 − 1 = 3 ≥ 4 − 1: the bomb is made, the parts discarded. With 2
    soldiers: 2 < 3: the craft fails, the parts stay (D11.2), the action is spent."""
    game, state = _jenny_game()
    _fill(state, game, ENG, "HFE")
    here = _z(game, "N-E 1")
    state.soldiers[here] = soldiers
    state.reserve_soldiers -= soldiers
    parts = [_item(game, k) for k in ("explosives", "detonator", "timer")]
    for k in parts:
        state.item_pile.remove(k)
    state.players[0].inventory = parts[:]
    bomb = _special(game, "bomb")
    apply(game, state, Craft(0, bomb))
    if crafted:
        assert state.players[0].inventory == [SPECIAL + bomb]
        assert sorted(state.item_discard) == sorted(parts)
    else:
        assert state.players[0].inventory == parts
    assert _counters(state) == [1, 0, 0]


# -- R6.3: "réorganiser complètement son escouade" ---------------------------------------------------


def _start_of_round_2(star_model: GameModel, tops: dict[str, int],
                      squad: list[list[int]]) -> tuple[Game, State]:
    """The star board at the start of round 2 (R6, before the timer), player 0's sheet with
    C, M, I 1 and maxima ``tops`` (slots numbered 2 … max), her squad ``squad``."""
    return _reorganise_start(star_model, None, dict(enumerate(squad)), {"top": tops})


def _reachable(game: Game, state: State, player: int, depth: int = 4) -> set[tuple[tuple[int, ...], ...]]:
    """Every squad of ``player`` that legal reorganisations (R6.3) reach from ``state``."""
    seen = {tuple(tuple(r) for r in state.players[player].squad)}
    frontier = [state]
    for _ in range(depth):
        nxt = []
        for s in frontier:
            for a in legal_actions(game, s):
                if isinstance(a, Reorganise) and a.player == player:
                    t = s.clone()
                    apply(game, t, a)
                    key = tuple(tuple(r) for r in t.players[player].squad)
                    if key not in seen:
                        seen.add(key)
                        nxt.append(t)
        frontier = nxt
    return seen


def test_r63_exchange_through_a_free_slot(star_model: GameModel) -> None:
    """R6.3: "Permet à un joueur de réorganiser complètement son escouade. Il peut changer
    ses personnages recrutés de ligne, en respectant la condition sur les niveaux de
    compétence" (D6.2: the R5.2 slot test). One slot per skill (numbered 2); H (C 2, M 2,
    I 2) on C, N (C 3, M 3, I 1) on M, the I slot free: H and N can exchange rows (through
    the free I slot, where H fits and N does not), and no counter moves."""
    game, state = _game(star_model, [{}, {}, {}, {}], n=4)
    h, n = _token(game, "H"), _token(game, "N")
    game, state = _start_of_round_2(star_model, {"C": 2, "M": 2, "I": 2},
                                    [[h], [n], [EMPTY]])
    reach = _reachable(game, state, 0)
    assert ((n,), (h,), (EMPTY,)) in reach
    assert ((EMPTY,), (h,), (n,)) not in reach  # N (I 1) never sits on I slot 2
    assert _counters(state) == [0, 0, 0, 0]


def test_r63_exchange_when_every_slot_is_full(star_model: GameModel) -> None:
    """R6.3 as above, the I slot holding E (I 4): H (C 2, M 2) on C and N (C 3, M 3) on M
    both fit the other's slot (numbered 2), so the arrangement N on C, H on M respects the
    book's condition; the squad is rearranged "complètement" at the start of the phase."""
    game, state = _game(star_model, [{}, {}, {}, {}], n=4)
    h, n, e = _token(game, "H"), _token(game, "N"), _token(game, "E")
    game, state = _start_of_round_2(star_model, {"C": 2, "M": 2, "I": 2}, [[h], [n], [e]])
    assert ((n,), (h,), (e,)) in _reachable(game, state, 0)


def test_r63_an_exchange_needs_both_recruits_to_fit(star_model: GameModel) -> None:
    """R6.3 "en respectant la condition sur les niveaux de compétence", for both recruits of
    an exchange (D6.2, the slot test; slots numbered 2). H (C 2, M 2, I 2) on C, N (C 3,
    M 3, I 1) on M, E (C 1, M 1, I 4) on I: H and N exchange (each fits the other's
    slot); E cannot go to M (M 1); H could go to I but E cannot take C in exchange (C 1).
    The refusals name the recruit that does not fit; the exchange is logged as one."""
    game, state = _game(star_model, [{}, {}, {}, {}], n=4)
    h, n, e = _token(game, "H"), _token(game, "N"), _token(game, "E")
    game, state = _start_of_round_2(star_model, {"C": 2, "M": 2, "I": 2}, [[h], [n], [e]])
    _refused(game, state, Reorganise(0, slot_code(ENG, 0), slot_code(M, 0)),
             "D6.2: the recruit's M value is too low for that slot")
    _refused(game, state, Reorganise(0, slot_code(C, 0), slot_code(ENG, 0)),
             "D6.2: the recruit in I slot 1 cannot take C slot 1 in exchange")
    swap = Reorganise(0, slot_code(C, 0), slot_code(M, 0))
    assert [a for a in legal_actions(game, state) if isinstance(a, Reorganise)] == [
        swap, Reorganise(0, slot_code(M, 0), slot_code(C, 0))]
    apply(game, state, swap)
    assert state.players[0].squad == [[n], [h], [e]]
    assert state.log[-1].text.endswith("exchanges the recruits of C slot 1 and M slot 1")
    assert _counters(state) == [0, 0, 0, 0]


def test_r63_no_exchange_with_a_planning_token(star_model: GameModel) -> None:
    """R6.3 reorganises "ses personnages recrutés": a planning token (R5.10) is not one, so
    a recruit cannot take its slot in exchange (refused citing R6.3)."""
    game, state = _game(star_model, [{}, {}, {}, {}], n=4)
    h = _token(game, "H")
    game, state = _start_of_round_2(star_model, {"C": 2, "M": 2, "I": 2},
                                    [[h], [PLANNING], [EMPTY]])
    _refused(game, state, Reorganise(0, slot_code(C, 0), slot_code(M, 0)), "R6.3: a planning")
    assert state.players[0].squad == [[h], [PLANNING], [EMPTY]]


def test_r63_the_planning_token_is_not_a_recruit(star_model: GameModel) -> None:
    """R6.3 moves "ses personnages recrutés"; the planning token (R5.10: "Il sera défaussé à
    la prochaine utilisation de la compétence") is not one: a planning token placed on C in
    round 1 and unused is still on C at round 2's start, and a reorganisation cannot carry
    it to M (refused citing R6.3); moving it is a Plan action (D11.4)."""
    game, state = _game(star_model, [{}, {}, {}, {}], n=4)
    apply(game, state, Plan(0, C))
    for p in state.players:
        p.actions = 1
    state.bag = [_z(game, "C 1")]
    _end_phase(game, state)
    _to_start(game, state)
    assert state.players[0].squad[C][0] == PLANNING
    _refused(game, state, Reorganise(0, slot_code(C, 0), slot_code(M, 0)), "R6.3")
    assert legal_actions(game, state) == [Begin()]


# -- R8.4b with R8.5: the takeover's officers reach no further than the deployment ------------------


def test_r84b_r85_takeover_officers_stop_at_the_activated_zones_neighbours(
        star_model: GameModel) -> None:
    """R8.5: "Si des officiers sont toujours en trop, ils remplacent alors des soldats dans
    les zones voisines, en suivant les règles de déploiement … Enfin, si tous les pions
    officiers ne peuvent être déployés, les pions restants sont remis dans la réserve";
    R8.4b: the deployment's zones are the neighbours "de la zone initialement activée".

    Speed 4. A 8 (town, its only neighbour A 7) holds 2 soldiers, A 7 1 soldier (full),
    A 1 (a neighbour of A 7, not of A 8) 3 soldiers. One army action on A 8: 6, surplus 4,
    A 7 full: 4 officers. 2 replace A 8's soldiers, 1 replaces A 7's, the 4th goes back to
    the reserve — A 1 keeps its 3 soldiers. Soldier reserve 20 − 4 + 4 + 3 = 23; officer
    reserve 6 − 3 = 3; 3 officers placed in region A: 3 tokens of pile A into the bag."""
    game, state = _game(star_model, [{"actions": 1} for _ in range(4)], n=4, speed=(4,))
    _put(game, state.soldiers, {"A 8": 2, "A 7": 1, "A 1": 3})
    state.reserve_soldiers = 20
    state.bag = [_z(game, "A 8")]
    _end_phase(game, state)
    assert _zones(game, state.soldiers) == {"A 1": 3}
    assert _zones(game, state.officers) == {"A 8": 2, "A 7": 1}
    assert (state.reserve_soldiers, state.reserve_officers) == (23, 3)
    assert {rid: len(state.piles[r]) for r, rid in enumerate(game.topo.regions)} == {
        "A": 0, "B": 3, "C": 3}
    assert len(state.bag) == 4 and state.outcome is None


# -- R6.2 with R2.5 and R8.8 over several rounds ------------------------------------------------------


def test_r62_each_start_draws_the_current_speed_and_keeps_one() -> None:
    """R6.2: "Les joueurs piochent autant de cartes Résistance que la vitesse d'invasion
    actuelle, en garde une qu'ils mettent à disposition avec les autres, puis défaussent
    les autres"; R2.5: scenario 1 starts on the first cell of speed 2; R8.8: one cell on per
    army phase (the track 2, 2, 2, 3, 3 …, D2.2). Scenario 1 for 4 players, events off,
    nobody acting (the army takes no action, R7.1/R8.2): the starts of rounds 1–5 offer 2,
    2, 2, 3, 3 cards, and the available cards grow by one a round (0 … 4)."""
    game = Game.create(_scenario("scenario-1"), players=4)
    game = dataclasses.replace(game, no_events_before=99)
    state = new_initial_state(game, seed=9)
    offered, available = [], []
    for rnd in range(1, 6):
        assert state.round == rnd and state.pending is not None
        offered.append(len(state.pending.options))
        available.append(len(state.resistance))
        assert game.speed_track[state.speed_cell] == offered[-1]
        kept = state.pending.options[0]
        _idle_round(game, state)
        assert kept in [c for c, _ in state.resistance]
    assert offered == [2, 2, 2, 3, 3]
    assert available == [0, 1, 2, 3, 4]
    assert len(state.resistance) == 5
    assert all(cubes == 0 for _, cubes in state.resistance)


@pytest.mark.parametrize("players", [3, 5])
def test_d81_the_three_and_five_player_tracks(players: int) -> None:
    """R0.4: "3 pistes Compteur d'actions d'équipe (pour 3, 4 ou 5 joueurs)", 45 cells
    each ("15 / 30 / 45"); R8.2: "l'armée joue un nombre d'actions proportionnel au nombre
    d'actions des joueurs"; D8.1: after the team counter reaches cell t the army has taken
    round(t × N / 4) actions in all. Every total is within ½ of t × N / 4 and none falls."""
    game = Game.create(_scenario("scenario-1"), players=players)
    col = game.army_column
    assert len(col) == 45
    assert all(abs(k - t * players / 4) <= 0.5 for t, k in enumerate(col, start=1))
    assert all(a <= b for a, b in zip(col, col[1:], strict=False))
    assert col[-1] == round(45 * players / 4)


# -- R8.3–R8.6 on the shipped island, from scenario 1's setup ---------------------------------------


def _links() -> dict[str, set[str]]:
    """D8.2 default: the neighbours are the zones joined by a road or a mountain path (the
    board file's ``roads``)."""
    out: dict[str, set[str]] = {zid: set() for zid in _island()}
    for r in _yaml("scenarios/boards/island.yaml")["roads"]:
        out[r["from"]].add(r["to"])
        out[r["to"]].add(r["from"])
    return out


def _deploy_order(zid: str) -> list[str]:
    """R8.4: "la zone voisine de numéro le plus élevé … dans l'ordre des numéros
    décroissants"; D8.2b default: equal numbers, the activated zone's own region first,
    then the board's region order."""
    island = _island()
    order = _yaml("scenarios/boards/island.yaml")["region_order"]
    own = island[zid]["region"]
    return sorted(_links()[zid], key=lambda n: (-island[n]["number"],
                                                island[n]["region"] != own,
                                                order.index(island[n]["region"])))


def _predict(soldiers: dict[str, int], zid: str, speed: int) -> tuple[dict[str, int],
                                                                      dict[str, int], int]:
    """One army action on ``zid`` (R8.3–R8.5, R8.4b, D8.4) from an island with soldiers
    only: the soldiers, the officers, and how many soldier pieces go back to the reserve
    beyond the ``speed`` taken out of it."""
    island = _island()
    sold = Counter(soldiers)
    off: Counter[str] = Counter()
    back = 0
    sold[zid] += speed
    surplus = max(0, sold[zid] - _size(island[zid]))
    sold[zid] -= surplus
    for n in _deploy_order(zid):
        k = min(surplus, max(0, _size(island[n]) - sold[n] - off[n]))
        sold[n] += k
        surplus -= k
    if surplus:
        back += surplus  # the soldiers that become officers (R8.5)
        for n in [zid, *_deploy_order(zid)]:
            k = min(surplus, sold[n])
            sold[n] -= k
            off[n] += k
            back += k  # D8.4: the replaced soldiers return to the reserve
            surplus -= k
    return +sold, +off, back


def _scenario1_one_action(zid: str, speed: int = 2) -> tuple[Game, State, dict[str, int]]:
    """Scenario 1 for 4 players as set up, events off, the speed track ``(speed,)``: one
    player took 1 action, the bag holds ``zid`` only; the players' phase ends."""
    game = Game.create(_scenario("scenario-1"), players=4)
    game = dataclasses.replace(game, no_events_before=99, speed_track=(speed,), speed_start=0)
    state = new_initial_state(game, seed=21)
    _keep_first(game, state)
    apply(game, state, Begin())
    before = _by_zone(game, state.soldiers)
    state.players[0].actions = 1
    state.bag = [_z(game, zid)]
    apply(game, state, End())
    return game, state, before


@pytest.mark.parametrize("speed", [2, 5])
@pytest.mark.parametrize("zid", sorted(
    zid for zid, z in _island().items()
    if z["size"] != "village" or z["number"] in (11, 12)))
def test_r84_r85_first_army_action_on_each_occupied_zone(zid: str, speed: int) -> None:
    """Scenario 1's island as set up (every token in the bag is of a full zone, D2.1), one
    army action (R7.1: one player took 1 action; R8.2, the 4-player track 1:1) on ``zid``
    at speed 2 (and 5): "ajoutent à celle-ci autant de soldats que la vitesse d'invasion"; the
    surplus "envoyés dans la zone voisine de numéro le plus élevé … dans l'ordre des
    numéros décroissants" (R8.4), only the activated zone's neighbours (R8.4b); what none
    can hold becomes officers replacing soldiers of the activated zone first, then of the
    neighbours in the same order, the rest back to the reserve (R8.5, D8.4); R8.6: one
    token of the officer's region per officer placed. Predicted from the board file."""
    game, state, before = _scenario1_one_action(zid, speed)
    sold, off, back = _predict(before, zid, speed)
    assert _by_zone(game, state.soldiers) == dict(sold)
    assert _by_zone(game, state.officers) == dict(off)
    assert state.reserve_soldiers == 14 - speed + back
    assert state.reserve_officers == 12 - sum(off.values())
    regions = Counter(_island()[z]["region"] for z in Counter(off).elements())
    got = Counter(game.zone(t).rsplit(" ", 1)[0] for t in state.bag if game.zone(t) != zid)
    assert got == regions
    assert (state.team_counter, state.army_counter, state.speed_cell) == (1, 1, 0)


# -- R5.1 on the shipped island -----------------------------------------------------------------------


def _reach(start: str, roads: int, paths: int) -> set[str]:
    """R5.1: "Le joueur peut emprunter jusqu'à 3 routes normales (traits pleins) ou bien 1
    chemin de montagne (traits pointillés)": the zones within ``roads`` solid roads, or
    within ``paths`` mountain paths (no mixing), from the board file."""
    solid: dict[str, set[str]] = {zid: set() for zid in _island()}
    dotted: dict[str, set[str]] = {zid: set() for zid in _island()}
    for r in _yaml("scenarios/boards/island.yaml")["roads"]:
        table = dotted if r.get("kind") == "mountain" else solid
        table[r["from"]].add(r["to"])
        table[r["to"]].add(r["from"])
    out: set[str] = set()
    for table, depth in ((solid, roads), (dotted, paths)):
        frontier = {start}
        for _ in range(depth):
            frontier = {n for z in frontier for n in table[z]}
            out |= frontier
    return out - {start}


def test_r51_moves_on_the_island_from_every_zone() -> None:
    """R5.1 on the shipped island, for a sheet with no move ability (Marcel Dubreuil,
    "Orateur"): from every zone, the legal moves go exactly to the zones within 3 roads or
    1 mountain path (computed from the board file). The island has mountain paths."""
    game = Game.create(_scenario("scenario-1"), players=3,
                       characters=["marcel-dubreuil", "elise-marchand", "hugo-ferrand"])
    state = new_initial_state(game, seed=3)
    _keep_first(game, state)
    apply(game, state, Begin())
    assert any(r.get("kind") == "mountain"
               for r in _yaml("scenarios/boards/island.yaml")["roads"])
    for zid in sorted(_island()):
        state.players[0].at = _z(game, zid)
        got = {game.zone(a.zone) for a in legal_actions(game, state)
               if isinstance(a, Move) and a.player == 0}
        assert got == _reach(zid, 3, 1), zid


def test_r12_r96_an_item_bonus_is_not_a_filled_circle(star_model: GameModel) -> None:
    """R1.2: "Niveau de compétence : correspond au nombre de cercles remplis (de base +
    jetons ajoutés par la suite)"; R9.6: officers "ne peuvent pas être tués, sauf par des
    personnages avec un niveau max en Militaire". M 3 of max 4 holding a pistol (R5.4: a
    bonus "tant que la carte est dans l'inventaire", +1 M): the pistol fills no circle, so
    the officer of her zone still cannot be eliminated (R9.6); a soldier can (R5.6)."""
    game, state = _game(star_model, [{"M": 3, "top": {"M": 4}}, {}, {}])
    state.players[0].inventory = [_item(game, "pistol")]
    state.item_pile.remove(_item(game, "pistol"))
    _put(game, state.officers, {"A 1": 1})
    _refused(game, state, Eliminate(0, _z(game, "A 1"), 1), "R9.6")
    _put(game, state.soldiers, {"A 1": 1})
    _legal(game, state, Eliminate(0, _z(game, "A 1"), 0))


# -- What the table sees at setup (R2.4: face down; R6.2: the team's draw) -------------------------


def test_r24_the_piles_and_the_bag_are_face_down_in_a_players_view() -> None:
    """R2.4: the remaining zone tokens are "mélangés et regroupés en pioche, face cachée";
    the invasion bag is drawn from blind (R8.3 "Pioche d'un jeton Zone dans le sac
    Invasion"). A player's view of scenario 1's setup counts the bag (36) and each region's
    pile (the other 40 tokens, their own region's), shows the island, the reserves
    (14 soldiers, 12 officers) and the supply (72 − 4), and no order of any deck."""
    from authoring.engine.view import player_view

    game = Game.create(_scenario("scenario-1"), players=4)
    state = new_initial_state(game, seed=6)
    v = player_view(game, state, player=2)
    assert v["bag"] == 36 and sum(v["piles"].values()) == 40
    assert v["piles"] == {game.topo.regions[r]: len(p) for r, p in enumerate(state.piles)}
    assert v["reserve"] == {"soldiers": 14, "officers": 12}
    assert v["supply_cubes"] == BOX_CUBES - 4
    assert v["decks"] == {"items": 66, "clues": 43, "resistance": 6, "events": 12,
                          "recruits": 29}
    assert sum(z["soldiers"] for z in v["zones"].values()) == 36
    assert (v["speed"], v["speed_cell"], v["team_counter"], v["army_counter"]) == (2, 1, 0, 0)


def test_r62_the_teams_resistance_draw_is_seen_by_every_player() -> None:
    """R6.2: the players (all of them, "Les joueurs") draw the resistance cards and keep
    one together. At scenario 1's first start the 2 cards drawn are on the table: every
    player's view shows which they are."""
    from authoring.engine.view import player_view

    game = Game.create(_scenario("scenario-1"), players=4)
    state = new_initial_state(game, seed=6)
    assert state.pending is not None and state.pending.kind == "keep_resistance"
    for p in range(4):
        assert player_view(game, state, player=p)["pending"]["options"] == \
            list(state.pending.options), p


def test_r63_a_recruit_may_change_slot_within_its_row(star_model: GameModel) -> None:
    """R6.3: "réorganiser complètement son escouade"; D6.2 (the R5.2 slot test: "une case
    libre indiquant un nombre inférieur ou égal au niveau sur le jeton"). C slots numbered
    2, 3, 4 with A (C 4) on the slot numbered 4: at the start of round 2 she may move A to
    the slot numbered 2 of the same row (4 ≥ 2); her C level stays 2 (one filled circle
    more than the initial 1, R1.2), and no counter moves."""
    game, state = _game(star_model, [{}, {}, {}, {}], n=4)
    a = _token(game, "A")
    game, state = _start_of_round_2(star_model, {"C": 4, "M": 4, "I": 4},
                                    [[EMPTY, EMPTY, a], [EMPTY] * 3, [EMPTY] * 3])
    move = Reorganise(0, slot_code(C, 2), slot_code(C, 0))
    _legal(game, state, move)
    apply(game, state, move)
    assert state.players[0].squad[C] == [a, EMPTY, EMPTY]
    assert _counters(state) == [0, 0, 0, 0]
