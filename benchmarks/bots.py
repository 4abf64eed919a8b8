"""Bots' speed (a benchmark, not a test: these machines are noisy).

Whole games of scenario 1 (4 players, D10.1 budget 20 a phase) played the way a balance
study plays them (:func:`authoring.engine.simulate.record_game`: the lazy legal list, the
actions applied unchecked), per bot: games per second of CPU time of this process (other
processes on the machine do not count), and the share of it spent choosing.

    python benchmarks/bots.py [--games N] [--difficulty easy|normal|hard]
"""

from __future__ import annotations

import argparse
import time

from authoring.engine import Game, apply, new_initial_state
from authoring.engine.api import LazyLegal
from authoring.engine.bots import BOTS
from authoring.engine.simulate import game_seed
from authoring.engine.view import PublicView
from authoring.model.game import load_game
from authoring.model.workspace import default_path


def bot_games(game: Game, bot: str, games: int) -> tuple[float, float, int]:
    """Games per CPU second, the share spent choosing, and the games won."""
    choosing = 0.0
    wins = 0
    start = time.process_time()
    for i in range(games):
        seed = game_seed(1, i)
        state = new_initial_state(game, seed)
        player = BOTS[bot](seed ^ 0xB07)
        while state.outcome is None:
            seat = state.pending.player if state.pending is not None else 0
            t = time.process_time()
            a = player.act(game, PublicView(game, state, seat), LazyLegal(game, state))
            choosing += time.process_time() - t
            apply(game, state, a, checked=False)
        wins += state.outcome.won
    total = time.process_time() - start
    return games / total, choosing / total, wins


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--difficulty", default="easy")
    args = ap.parse_args()
    model = load_game(default_path("scenarios", "scenario-1.yaml"))
    game = Game.create(model, players=4, difficulty=args.difficulty, action_budget=20)
    print(f"bots — scenario 1, 4 players, {args.difficulty}, budget 20 a phase, "
          f"{args.games} games (CPU time of this process)")
    for bot in ("simple", "heuristic"):
        rate, share, wins = bot_games(game, bot, args.games)
        print(f"  {bot:10s} {rate:7.0f} games/s  (choosing {share:.0%}; won {wins}/{args.games})")


if __name__ == "__main__":
    main()
