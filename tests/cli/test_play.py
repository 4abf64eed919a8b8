"""``resistance play``: a real session through a pseudo-terminal (pexpect), and the
non-interactive paths through click's runner (bots, saves, bad options, broken files)."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner, Result

from authoring.cli import cli

ROOT = Path(__file__).resolve().parents[2]
PROMPT = r"(?:p\d )?play(?: \[(?:\d+:\d\d left|time is up)\])?> "
OUTCOME = re.compile(r"^(VICTORY|DEFEAT|CUT SHORT) in round \d+ — ", re.M)


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, ["play", *args], input=input, catch_exceptions=False)


def spawn(*args: str) -> pexpect.spawn:
    env = {**os.environ, "TERM": "dumb"}  # no colours; rich then uses 80 columns
    return pexpect.spawn(sys.executable, ["-m", "authoring", "play", *args], cwd=str(ROOT),
                         env=env, encoding="utf-8", timeout=20, dimensions=(60, 80))


def through_army(child: pexpect.spawn) -> None:
    """The army phase is told a screen at a time (R8): Enter until the round summary."""
    while child.expect([r"— Enter: the army goes on —",
                        r"— the army phase is over: Enter for round \d+ —"]) == 0:
        child.sendline("")
    child.sendline("")


def finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return int(child.exitstatus if child.exitstatus is not None else -1)


# -- at the terminal ----------------------------------------------------------------------


def test_move_refusal_save_quit_and_load(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = spawn("--no-timer", "--seed", "1", "--players", "3", "--save", str(save))
    child.expect("p1 Élise Marchand chooses: which resistance card to keep")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(r"\[R6\.2\] resistance card '.*' is now available")
    child.expect(PROMPT)
    child.sendline("begin")
    child.expect(r"\[R10\.1\] the timer starts")
    child.expect(PROMPT)
    child.sendline("p1 move N-E 4")  # a move typed in words is taken when legal
    child.expect(r"\[R5\.1\] Élise Marchand moves N-E 1 → N-E 4")
    child.expect(PROMPT)
    child.sendline("move 2 N-E 13")  # and refused with its rule otherwise
    child.expect(r"refused: R5\.1: N-E 13 is not within 3 roads or 1 mountain path of N-E 1")
    child.expect(PROMPT)
    child.sendline("p3 eliminate")
    child.expect(r"refused: R5\.6: no soldier in N-E 1")  # nothing taken: still 3 actions
    child.expect(PROMPT)
    child.sendline("save")
    child.expect(r"saved to\s+\S+game\.json\s+\(3\s+actions\)")  # the line may wrap
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"save before quitting\? \[y/N\] ")
    child.sendline("n")
    assert finish(child) == 0

    data = json.loads(save.read_text("utf-8"))
    assert data["format"] == "resistance-save/1" and len(data["actions"]) == 3
    assert data["actions"][-1] == ["move", 0, data["actions"][-1][2], -1, -1]

    child = spawn("--load", str(save))
    child.expect("resumed after 3 actions: round 1, players' phase")
    child.expect(r"\[R5\.1\] Élise Marchand moves N-E 1 → N-E 4")
    child.expect(r"p1 Élise Marchand +N-E 4 +C2 M1 I2  1c  1/10")  # the same state
    child.expect(r"p1 Élise Marchand · N-E 4 \(Fougerolle\)")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"\[y/N\] ")
    child.sendline("n")
    assert finish(child) == 0


def test_the_timer_ends_the_phase_and_ctrl_c_asks_to_save(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    r = run("--seed", "1", "--players", "3", "--save", str(save),
            input="1\nbegin\np1 move N-E 4\nsave\nquit\nn\n")
    assert r.exit_code == 0, r.output
    data = json.loads(save.read_text("utf-8"))
    data["play"]["time_left"] = 1  # a phase about to run out of time
    save.write_text(json.dumps(data), "utf-8")
    child = spawn("--load", str(save))
    child.expect("the timer runs again: 0:01")
    child.expect(r"time is up: the players' phase ends \(R10\.1\)", timeout=10)
    child.expect(r"\[R8\] — round 1: army phase —")
    through_army(child)
    child.expect(PROMPT)
    child.sendintr()
    child.expect(r"save before quitting\? \[y/N\] ")
    child.sendline("n")
    assert finish(child) == 130


# -- bots, saves and replays ------------------------------------------------------------------


def test_four_bots_play_to_an_outcome_the_same_way_twice() -> None:
    first = run("--bots", "4", "--seed", "3", "--no-timer")
    assert first.exit_code == 0, first.output
    assert "all seats are bots: no timer; each players' phase is a budget of 20" in first.output
    lines = first.output.splitlines()
    assert OUTCOME.match(lines[-1]), lines[-1]
    assert any(ln.startswith("[R8.4] ") for ln in lines)  # the army's steps, with rule ids
    assert run("--bots", "4", "--seed", "3", "--no-timer").output == first.output


def test_a_saved_bot_game_replays_line_for_line(tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    played = run("--players", "3", "--bots", "3", "--seed", "5", "--bot", "random",
                 "--save", str(save))
    assert played.exit_code == 0, played.output
    replayed = run("--replay", str(save), input="\n\nq\n")  # two steps, then stop
    assert replayed.exit_code == 0 and "replay stopped" in replayed.output
    whole = run("--replay", str(save))  # no input: no pause, to the end
    assert whole.exit_code == 0, whole.output

    def body(out: str) -> list[str]:
        lines = (re.sub(r"^\[\d+/\d+\] Enter: next action · q: stop ", "", ln)
                 for ln in out.splitlines())
        return [ln for ln in lines if ln.startswith(("[R", "> ")) or OUTCOME.match(ln)]

    assert body(whole.output) == body(played.output)[: len(body(whole.output))]
    assert OUTCOME.match(whole.output.splitlines()[-1])


def test_a_damaged_or_foreign_save_is_one_clear_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", "utf-8")
    r = run("--load", str(bad))
    assert r.exit_code == 1
    assert f"resistance: {bad} is not a saved game: it is not JSON (" in r.output
    assert "Traceback" not in r.output

    bad.write_text(json.dumps({"format": "something-else"}), "utf-8")
    r = run("--load", str(bad))
    assert r.exit_code == 1 and "not a saved game (expected format 'resistance-save/1')" in r.output

    good = tmp_path / "good.json"
    assert run("--bots", "3", "--players", "3", "--seed", "2", "--save", str(good)).exit_code == 0
    data = json.loads(good.read_text("utf-8"))
    data["actions"][3] = ["move", 0, 59, -1, -1]  # a move that never was legal there
    bad.write_text(json.dumps(data), "utf-8")
    r = run("--replay", str(bad))
    assert r.exit_code == 1 and "action 4 " in r.output and "does not replay" in r.output


# -- options and inputs -----------------------------------------------------------------------


def test_bad_options_exit_2() -> None:
    r = run("--difficulty", "extreme")
    assert r.exit_code == 2 and "'extreme' is not one of 'easy', 'normal', 'hard'" in r.output
    assert run("--players", "6").exit_code == 2
    r = run("--players", "3", "--characters", "elise-marchand,bob,hugo-ferrand")
    assert r.exit_code == 2 and "unknown character 'bob'" in r.output
    r = run("--decision", "D4.2=suply")
    assert r.exit_code == 2 and "did you mean 'supply'" in r.output
    r = run("--decision", "D99=x")
    assert r.exit_code == 2 and "unknown decision 'D99'" in r.output
    r = run("--decision", "D4.2=supply", "--decision", "D4.2=player")  # not the last silently
    assert r.exit_code == 2 and ("D4.2 is given twice, 'supply' then 'player': choose one; "
                                 "--decisions lists them") in r.output
    r = run("--players", "3", "--bots", "4")
    assert r.exit_code == 2


def test_decisions_are_listed_with_their_choices() -> None:
    r = run("--decisions")
    assert r.exit_code == 0
    block = r.output.split("D4.2", 1)[1].split("\nD", 1)[0]
    assert "* supply" in block and "player" in block  # the default first (D4.2, revised)


def test_a_broken_scenario_gives_its_located_problems() -> None:
    r = run("tests/cases/scenario/board-unknown.yaml", "--no-timer")
    assert r.exit_code == 1
    assert re.search(r"tests/cases/scenario/board-unknown\.yaml:\d+:\d+: error: ", r.output)
    assert "Traceback" not in r.output


@pytest.mark.parametrize("line", ["p1 move N-E 99", "fly away", "p7 search"])
def test_typed_mistakes_are_answered_not_raised(line: str) -> None:
    r = run("--seed", "1", "--players", "3", "--no-timer", input=f"1\nbegin\n{line}\nquit\nn\n")
    assert r.exit_code == 0, r.output
    answer = r.output.split(line, 1)[1] if line in r.output else r.output
    assert any(w in answer for w in ("unknown zone", "unknown command", "no player p7"))


# -- two rounds at 80 × 24, typed as a newcomer would ----------------------------------------

SCREEN = re.compile(r"─+ round \d+ · [^\r\n]*─+\r\n(?P<body>(?:.*\r\n)*?)(?P<prompt>p\d play> )")


def wrapped(text: str) -> str:
    """``text`` as a pattern that matches it wrapped at any space."""
    return r"\s+".join(re.escape(w) for w in text.split())


def screen(child: pexpect.spawn) -> str:
    """The next screen (its title rule to the prompt): it must fit the 24 rows, the
    prompt and the title included, so the options are never scrolled away."""
    child.expect(SCREEN)
    body = child.match.group("body")
    rows = body.count("\r\n") + 2  # the title rule and the prompt's row
    assert rows <= 24, f"{rows} rows at 80 × 24:\n{body}"
    assert all(len(row) <= 80 for row in body.split("\r\n")), body
    return str(body)


def test_two_rounds_at_80_by_24_by_short_forms_and_names() -> None:
    child = pexpect.spawn(sys.executable, ["-m", "authoring", "play", "--players", "3",
                                           "--seed", "5", "--no-timer"],
                          cwd=str(ROOT), env={**os.environ, "TERM": "dumb"}, encoding="utf-8",
                          timeout=30, dimensions=(24, 80))
    shown = screen(child)
    assert "p1 Marcel Dubreuil chooses: which resistance card to keep" in shown
    child.sendline("1")
    screen(child)
    child.sendline("begin")
    shown = screen(child)  # the current player's options, in the words to type
    assert "▶ p1 Marcel Dubreuil" in shown
    assert "recruit 4 (C3 + 1 Orator)" in shown  # the ability: one more token, said
    assert "move (3 roads or 1 path; [army]): N-E 2 · N-E 3" in shown
    child.sendline("p3 move rochecor")  # a city's start is its zone
    child.expect(r"\[R5\.1\] Samuel Okafor moves N-E 1 → N-E 6")
    shown = screen(child)
    assert "▶ p3 Samuel Okafor" in shown and "Sharpshooter" in shown
    child.sendline("elim")  # the current player: p3
    child.expect(r"\[R5\.6\] Samuel Okafor eliminates a soldier in N-E 6")
    screen(child)
    child.sendline("move Sante-Aurele")
    child.expect(wrapped("unknown zone or city 'Sante-Aurele' (did you mean 'Sainte-Aurèle' or "
                         "'Sourcelle'?)"))
    child.sendline("move port")
    child.expect(wrapped("'port' could be Port-Ardanne, Port-Ysel, Port-Cormoran, Port-Vaulne, "
                         "Port-Sauvin: type more of the name"))
    child.sendline("p1")
    child.expect("p1 Marcel Dubreuil is the current player")
    screen(child)
    child.sendline("inv")
    shown = screen(child)
    assert "p1 Marcel Dubreuil chooses: which clue to keep (R5.3)" in shown
    child.sendline("keep 2")
    child.expect(r"\[R5\.3\] Marcel Dubreuil keeps the clue")
    screen(child)
    child.sendline("p2 move fougerolle")
    child.expect(r"\[R5\.1\] Nadia Haddad moves N-E 1 → N-E 4")
    screen(child)
    child.sendline("search")  # p2 is the current player now
    shown = screen(child)
    assert "chooses: which item to keep (R5.4)" in shown
    child.sendline("1")
    screen(child)
    child.sendline("end")
    shown = screen(child)  # R7.2: the cube of the eliminated soldier, shared by the players
    assert "the players choose together (p1 types): who gets a reputation cube (R7.2)" in shown
    child.sendline("nadia")
    child.expect(r"\[R7\.2\] Nadia Haddad gets a reputation cube \(now 2\)")
    child.expect(r"\[R8\] — round 1: army phase —")
    through_army(child)
    shown = screen(child)
    assert "round 2 · start of the players' phase" in child.before + child.after
    child.sendline("1")
    screen(child)
    child.sendline("begin")
    screen(child)
    child.sendline("p1 plan c")
    child.expect(r"> Marcel Dubreuil: plan: put a planning token on C")
    screen(child)
    child.sendline("²")
    child.expect(wrapped("'²' is not a number of the list: type one with the digits 0-9"))
    child.sendline("end")
    child.expect(r"\[R8\] — round 2: army phase —")
    through_army(child)
    shown = screen(child)
    assert "p1 Marcel Dubreuil chooses: which resistance card to keep" in shown
    child.sendline("quit")
    child.expect(r"\[y/N\] ")
    child.sendline("n")
    assert finish(child) == 0


def test_lang_fr_shows_the_screen_and_cards_in_french_and_reads_french_verbs() -> None:
    r = run("--seed", "1", "--players", "3", "--no-timer", "--lang", "fr",
            input="1\ndébut\np2 aller fougerolle\naide\nquitter\nn\n")
    assert r.exit_code == 0, r.output
    assert "scenario-1 'Le quartier général'" in r.output  # the card texts in French
    assert "tour 1 · phase des joueurs · sans sablier" in r.output
    assert "aller (3 routes ou 1 chemin; [armée]): N-E 2 · N-E 3" in r.output
    assert "[R5.1] Samuel Okafor moves N-E 1 → N-E 4" in r.output  # the rule log: English
    assert "aller N-E 5 | aller Sainte-Aurèle" in r.output  # the help, in French


def test_bots_beside_a_person_act_again_after_the_person_acts() -> None:
    """Three heuristic bots and one person: a bot that waits for the person behind it (R5.0)
    acts again once the person has acted. It was set aside for the whole phase after its
    first wait: the bots stayed at 1 action and the person, 2 ahead of them, was stuck."""
    child = spawn("--players", "4", "--bots", "3", "--bot", "heuristic", "--difficulty", "easy",
                  "--no-timer", "--seed", "3")
    child.expect("which resistance card to keep")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("begin")
    child.expect(r"> \[bot\] Marcel Dubreuil: ")  # each bot acts once: counters 0 1 1 1
    child.expect(PROMPT)
    child.sendline("investigate")
    child.expect(PROMPT)
    child.sendline("1")  # keep the first clue: the person's first action
    child.expect(r"Rosa Villanueva keeps the clue")
    child.expect(r"> \[bot\] Victor Lenoir: ")  # the bots follow: 1 2 2 2
    child.expect(PROMPT)
    child.sendline("move N-E 2")
    child.expect(r"Rosa Villanueva moves N-E 1 → N-E 2")
    child.expect(r"> \[bot\] Victor Lenoir: ")  # and again: 2 3 3 3
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("save")
    child.sendline("n")
    finish(child)
