"""Saves are exchanged between people: hostile input (issue 27, items 5 and 9). Every
file of the corpus ``tests/cases/saves/`` (made by its ``make_corpus.py``) is refused by
``resistance play --load`` with one exact line and exit 1 — no traceback, no hang, no
escape sequence reaching the terminal; hypothesis covers the space of setup values and
of state data (:meth:`State.from_json`)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from authoring.cli import cli
from authoring.engine import Game, apply, legal_actions, new_initial_state
from authoring.engine.save import (
    MAX_SAVE_BYTES,
    SaveError,
    parse_save,
    play_extra,
    read_setup,
    restore,
)
from authoring.engine.state import State, StateDataError
from authoring.io.yamlio import FileTooLarge, NotRegularFile, read_regular
from authoring.model.game import load_game

SAVES = Path("tests/cases/saves")
CORPUS = sorted(SAVES.glob("*.json"))


def _load(path: Path | str) -> Any:
    return CliRunner().invoke(cli, ["play", "--load", str(path)], input="quit\nn\n")


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_every_hostile_save_is_one_exact_line(path: Path) -> None:
    r = _load(path)
    expected = path.with_suffix(".expected")
    if os.environ.get("UPDATE_EXPECTED"):
        expected.write_text(r.stderr, "utf-8")
    assert r.exit_code == 1, r.output
    assert r.stderr == expected.read_text("utf-8")
    assert r.stderr.endswith("\n") and r.stderr[:-1].isprintable()  # one printable line
    assert "\x1b" not in r.output and "\x07" not in r.output and "Traceback" not in r.output


def test_the_corpus_is_whole() -> None:
    assert len(CORPUS) >= 30
    assert all(p.with_suffix(".expected").exists() for p in CORPUS)


def test_the_good_save_of_the_corpus_loads() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_corpus", SAVES / "make_corpus.py")
    assert spec is not None and spec.loader is not None
    corpus = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(corpus)
    good = corpus.good
    data = json.loads(json.dumps(good()))
    model = load_game("scenarios/scenario-1.yaml")
    setup, actions, state = restore(data, lambda s: s.game(model))
    assert len(actions) == 12 and state.phase == "players"
    assert play_extra(data, setup.players)["time_left"] == 120


def test_a_pipe_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)  # nobody writes: a plain open() would wait forever
    r = _load(fifo)
    assert r.exit_code == 1
    assert r.stderr == (f"resistance: {fifo} is not a saved game: is a pipe, not a regular "
                        "file: nothing was read\n")


def test_a_device_is_never_read(tmp_path: Path) -> None:
    zero = tmp_path / "zero"
    try:  # like /dev/zero (1, 5), made in tmp: endless zeros
        os.mknod(zero, stat.S_IFCHR | 0o444, os.makedev(1, 5))
    except OSError:  # no right to make one (not root): the system's own, only ever opened
        zero = Path("/dev/zero")
    with pytest.raises(NotRegularFile):
        read_regular(zero, MAX_SAVE_BYTES)
    r = _load(zero)
    assert r.exit_code == 1 and "is a device, not a regular file: nothing was read" in r.stderr


def test_a_file_larger_than_a_save_is_read_only_to_the_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(MAX_SAVE_BYTES + 10)  # sparse: no disk used
    with pytest.raises(FileTooLarge):
        read_regular(big, MAX_SAVE_BYTES)
    r = _load(big)
    assert r.exit_code == 1
    assert r.stderr == (f"resistance: {big} is not a saved game: is more than "
                        f"{MAX_SAVE_BYTES} bytes: not read\n")


# -- the space of values ------------------------------------------------------------------

def _setup(**kw: Any) -> dict[str, Any]:
    d = {"scenario": "scenarios/scenario-1.yaml", "players": 3, "difficulty": "normal",
         "characters": None, "decisions": {}, "seed": 2, "action_budget": 20,
         "max_rounds": 40}
    d.update(kw)
    return {"format": "resistance-save/1", "setup": d, "actions": []}


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=8)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(["scenario", "players", "difficulty", "characters", "decisions",
                            "seed", "action_budget", "max_rounds"]), value=JSON)
def test_any_setup_value_is_a_setup_or_a_save_error(key: str, value: Any) -> None:
    """Whatever a field holds, reading the setup gives a GameSetup or a SaveError —
    never OverflowError, TypeError … — and an accepted setup is in range."""
    try:
        setup = read_setup(_setup(**{key: value}))
    except SaveError as e:
        assert str(e).isprintable()
        return
    assert setup.players in (3, 4, 5) and 1 <= setup.max_rounds <= 1000
    assert isinstance(setup.seed, int) and -(1 << 63) <= setup.seed < 1 << 64


@settings(max_examples=200)
@given(text=st.text(max_size=60) | st.binary(max_size=60).map(lambda b: b.decode("latin-1")))
def test_any_text_is_data_or_a_save_error(text: str) -> None:
    try:
        parse_save(text.encode("utf-8", "surrogatepass"))
    except SaveError as e:
        assert str(e).isprintable()


@settings(max_examples=200)
@given(left=JSON, bots=JSON, timer=JSON)
def test_any_play_part_is_checked(left: Any, bots: Any, timer: Any) -> None:
    data = {"play": {"time_left": left, "bots": bots, "timer": timer, "bot": "simple"}}
    try:
        extra = play_extra(data, 3)
    except SaveError:
        return
    assert extra["time_left"] is None or 0 <= extra["time_left"] <= 24 * 3600


# -- State.from_json (item 9) ---------------------------------------------------------------

@pytest.fixture(scope="module")
def states() -> list[dict[str, Any]]:
    """States of real games in every phase, as JSON data."""
    model = load_game("scenarios/scenario-1.yaml")
    out = []
    for seed in range(3):
        game = Game.create(model, players=3 + seed)
        state = new_initial_state(game, seed)
        for i in range(400):
            if state.outcome is not None:
                break
            out.append(json.loads(json.dumps(state.to_json())))
            legal = legal_actions(game, state)
            apply(game, state, legal[(i * 7 + seed) % len(legal)])
        out.append(json.loads(json.dumps(state.to_json())))
    return out


def test_real_states_round_trip(states: list[dict[str, Any]]) -> None:
    for d in states:
        assert State.from_json(d).to_json() == d


@pytest.mark.parametrize(("field", "value", "message"), [
    ("soldiers", "abc", "state.soldiers: 'abc' is not a list"),
    ("soldiers", [-1] * 60, "state.soldiers[0]: -1 is out of range (0 to 2147483647)"),
    ("phase", "bogus", "state.phase: 'bogus' is not a phase; one of round_start, reveal, "
                       "resistance_draw, start, players, players_end, army_start, army_event, "
                       "army_invasion, victory, over"),
    ("round", 2.5, "state.round: 2.5 is not a whole number"),
    ("round", True, "state.round: True is not a whole number"),
    ("rng", -1, "state.rng: -1 is out of range (0 to 18446744073709551615)"),
    ("budget", -2, "state.budget: -2 is out of range (-1 to 2147483647)"),
    ("reserve_soldiers", 10**400, "state.reserve_soldiers: a 1329-bit number is out of range "
                                  "(0 to 2147483647)"),
    ("pending", ["keep_search", 9, [], [], ""], "state.pending.player: 9 is out of range (0 to 2)"),
    ("pending", ["keep", 0, [], [], ""],
     "state.pending: 'keep' is not a choice; one of keep_recruit, keep_investigate, "
     "keep_search, keep_resistance, choose_zone, choose_player, choose_card, share_cube, "
     "choose_reveal, discard_excess, transfer_more"),
])
def test_bad_state_data_names_its_field(states: list[dict[str, Any]], field: str,
                                        value: Any, message: str) -> None:
    d = json.loads(json.dumps(states[0]))
    d[field] = value
    with pytest.raises(StateDataError) as info:
        State.from_json(d)
    assert str(info.value) == message


def test_a_player_far_off_the_board_is_refused(states: list[dict[str, Any]]) -> None:
    d = json.loads(json.dumps(states[0]))
    d["players"][0]["at"] = 10**9
    with pytest.raises(StateDataError) as info:
        State.from_json(d)
    assert str(info.value) == "state.players[0].at: 1000000000 is out of range (0 to 59)"


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_field_value_is_a_state_or_a_state_error(states: list[dict[str, Any]],
                                                     data: st.DataObject) -> None:
    d = json.loads(json.dumps(data.draw(st.sampled_from(states))))
    key = data.draw(st.sampled_from(sorted(d)))
    d[key] = data.draw(JSON)
    try:
        State.from_json(d)
    except StateDataError as e:
        assert str(e).isprintable()
