"""Can the engine play this scenario? Problems a designer fixes in the scenario file,
found by setting the game up for every player count and looking at what play needs:
the objective's special item must be craftable from the item deck as the scenario
leaves it (``exclude_cards`` included), every candidate place isolatable by the clue
deck as left, and the players must have a first move.

Problems carry the path of the scenario key they are about; the command line turns them
into located diagnostics (the engine reads no file).

>>> from authoring.model.game import load_game
>>> playability(load_game("scenarios/scenario-1.yaml"))
[]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from authoring.engine.actions import COUNTED
from authoring.engine.api import apply, legal_actions, new_initial_state
from authoring.engine.game import Game, GameError
from authoring.io.diagnostics import Report
from authoring.model.game import GameModel, load_game
from authoring.model.rules import PLAYER_COUNTS
from authoring.model.solver import min_isolating


@dataclass(frozen=True)
class Problem:
    path: tuple[str | int, ...]
    level: str  # error or warning
    code: str
    message: str
    hint: str = ""


def playability(model: GameModel) -> list[Problem]:
    """What the engine needs of a scenario before it plays it (a craftable objective
    item, isolatable places …), one :class:`Problem` per shortfall."""
    out: list[Problem] = []
    games: list[Game] = []
    refused: dict[str, list[int]] = {}
    pawns = int(model.manifest.pieces.get("player_pawns", max(PLAYER_COUNTS)))
    for n in [c for c in PLAYER_COUNTS if c <= pawns] or [min(PLAYER_COUNTS)]:
        try:
            games.append(Game.create(model, players=n))
        except GameError as e:
            refused.setdefault(str(e), []).append(n)
    for why, counts in refused.items():
        out.append(Problem(("setup",), "warning", "engine-setup",
                           f"the rules engine cannot set up a game for "
                           f"{'/'.join(map(str, counts))} players: {why}",
                           "complete the box (manifest files) to play or simulate it"))
    if not games:
        return out
    game = games[0]
    deck = Counter(game.item_deck)
    for o in game.objectives:
        path: tuple[str | int, ...] = ("objectives", o.index)
        if o.item >= 0:
            special = game.specials[o.item]
            for item, k in game.recipes[o.item]:
                if deck[item] < k:
                    title = game.items[item].id
                    out.append(Problem((*path, "item"), "error", "engine-cannot-craft",
                                       f"objective {o.index + 1}: '{special.id}' cannot be "
                                       f"crafted: the item deck as the scenario leaves it has "
                                       f"{deck[item]} '{title}' for {k} needed (R5.5)",
                                       "do not exclude the part (exclude_cards), or add copies"))
        if o.kind == "general" and o.item < 0:
            most = _most_military(game)
            if o.military > most:
                out.append(Problem((*path, "military"), "warning", "engine-general-unbeatable",
                                   f"objective {o.index + 1}: the general needs Military "
                                   f"{o.military}, and no player can reach more than {most} "
                                   "(the best sheet's M row full, the planning token, the "
                                   "best bonuses of the item deck): he cannot be eliminated "
                                   "(R5.6, R9.2)",
                                   f"lower military to {most} or less, or name an item that "
                                   "eliminates him (item:)"))
        holes = [game.clue_holes[c] for c in set(game.clue_deck)]
        n = game.zone_count
        lost = [game.zone(p) for p in range(n) if o.candidates >> p & 1
                and min_isolating(holes, p, n) is None]
        if lost:
            shown = ", ".join(lost[:6]) + (" …" if len(lost) > 6 else "")
            out.append(Problem((*path, "candidates"), "error", "engine-not-isolatable",
                               f"objective {o.index + 1}: the clue deck as the scenario leaves "
                               f"it cannot isolate {len(lost)} candidate place"
                               f"{'s' * (len(lost) != 1)}: {shown} (R6.1)",
                               "keep the clue cards that separate them (exclude_cards)"))
    state = new_initial_state(game, seed=0)
    guard = 0
    while state.outcome is None and state.phase != "players" and guard < 50:
        apply(game, state, legal_actions(game, state)[-1], checked=False)
        guard += 1
    if state.outcome is None and not any(a.kind in COUNTED for a in legal_actions(game, state)):
        out.append(Problem(("setup", "start"), "error", "engine-no-first-move",
                           "the players have no legal first action in their start zone",
                           "check the start zones' roads and the army placed on them"))
    return out


def _most_military(game: Game) -> int:
    """An upper bound of the Military a player can test (R1.2, R4.5): a sheet's M row full,
    its ability and max-level bonuses, the planning token (R5.10), and the best M bonuses
    of the item deck in a hand two cards larger than the sheet's (R5.4); the army malus
    only lowers it."""
    bonuses = sorted((b for i in game.item_deck if (b := game.item_mods[i].skill[1]) > 0),
                     reverse=True)
    best = 0
    for c in game.character_info:
        lasting = max(0, c.ability.skill[1]) + sum(max(0, m.skill[1]) for m in c.max_bonus)
        value = (c.max_level(1) + lasting + game.planning_bonus
                 + sum(bonuses[:c.inventory + 2]))
        best = max(best, value)
    return best


def load_playable(path: Path | str, report: Report | None = None) -> GameModel:
    """The one gate of every command that plays: the scenario and its files loaded and
    validated, then refused (:class:`~authoring.io.errors.InputError`, located
    diagnostics) when :func:`playability` finds an error — what ``resistance validate``
    refuses, ``play`` and ``simulate`` refuse too."""
    return load_game(path, report, check=playability)
