"""Write the hostile save corpus of this folder (issue 27, item 5): a good save of an
unfinished game, then each file a careless or hostile sender could make of it. Run from
the repository root: ``python tests/cases/saves/make_corpus.py``; then
``UPDATE_EXPECTED=1 pytest tests/engine/test_saves.py`` writes each ``.expected`` (the
exact message of ``resistance play --load FILE``), to review."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def good() -> dict[str, Any]:
    from authoring.engine import apply, legal_actions, new_initial_state
    from authoring.engine.save import GameSetup, save_data
    from authoring.model.game import load_game

    setup = GameSetup("scenarios/scenario-1.yaml", players=3, seed=2, action_budget=20)
    game = setup.game(load_game(setup.scenario))
    state = new_initial_state(game, setup.seed, setup.max_rounds)
    taken = []
    for _ in range(12):
        a = legal_actions(game, state)[0]
        apply(game, state, a)
        taken.append(a)
    data = save_data(setup, taken, state)
    data["play"] = {"bots": [1, 2], "bot": "simple", "timer": True, "time_left": 120}
    return data


def variants(base: dict[str, Any]) -> dict[str, bytes]:
    text = json.dumps(base)

    def setup(**kw: Any) -> bytes:
        d = json.loads(text)
        d["setup"].update(kw)
        return json.dumps(d).encode()

    def play(**kw: Any) -> bytes:
        d = json.loads(text)
        d["play"].update(kw)
        return json.dumps(d).encode()

    def raw(key: str, value: str) -> bytes:
        d = json.loads(text)
        d["setup"][key] = "@@"
        return json.dumps(d).replace('"@@"', value).encode()

    def top(**kw: Any) -> bytes:
        d = json.loads(text)
        d.update(kw)
        return json.dumps(d).encode()

    tampered = json.loads(text)
    tampered["state"]["soldiers"][0] += 1
    return {
        "seed-infinity": raw("seed", "Infinity"),
        "seed-nan": raw("seed", "NaN"),
        "seed-1e400": raw("seed", "1e400"),
        "seed-5000-digits": raw("seed", "9" * 5000),
        "seed-float": raw("seed", "2.5"),
        "seed-text": setup(seed="abc"),
        "seed-true": setup(seed=True),
        "players-1e400": raw("players", "1e400"),
        "players-infinity": raw("players", "-Infinity"),
        "players-nine": setup(players=9),
        "max-rounds-zero": setup(max_rounds=0),
        "max-rounds-negative": setup(max_rounds=-1),
        "max-rounds-huge": raw("max_rounds", "1" + "0" * 20),
        "difficulty-unknown": setup(difficulty="extreme"),
        "characters-too-many": setup(characters=["a", "b", "c", "d", "e"]),
        "decisions-a-list": setup(decisions=["D4.2", "supply"]),
        "scenario-escapes": setup(scenario="\x1b]0;owned\x07\x1b[2J\x1b[Hscenario.yaml"),
        "scenario-missing": setup(scenario="scenarios/no-such-scenario.yaml"),
        "setup-missing": top(setup=None),
        "time-left-1e12": play(time_left=10**12),
        "time-left-infinity": json.dumps(base).replace('"time_left": 120',
                                                       '"time_left": Infinity').encode(),
        "time-left-negative": play(time_left=-5),
        "time-left-text": play(time_left="soon"),
        "bots-out-of-range": play(bots=[7]),
        "nested-brackets": b"[" * 100_000 + b"]" * 100_000,
        "nested-in-actions": text.replace('"actions": [',
                                          '"actions": [' + "[" * 50_000 + "]" * 50_000 + ",",
                                          1).encode(),
        "action-huge-number": top(actions=[["move", 0, 10**30, -1, -1]]),
        "action-unknown": top(actions=[["\x1b[2Jexplode", 0]]),
        "actions-not-a-list": top(actions={"move": 1}),
        "engine-version-escapes": json.dumps({**json.loads(json.dumps(tampered)),
                                              "engine": "\x1b[31m99"}).encode(),
        "state-tampered": json.dumps(tampered).encode(),
        "truncated": text[: len(text) // 2].encode(),
        "empty": b"",
        "not-utf8": b"\xff\xfe" + text.encode("utf-16-le"),
        "not-a-save": json.dumps({"format": "something-else"}).encode(),
        "a-list": b"[1, 2, 3]",
    }


def main() -> None:
    base = good()
    for name, data in variants(base).items():
        (HERE / f"{name}.json").write_bytes(data)


if __name__ == "__main__":
    main()
