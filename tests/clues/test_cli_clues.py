"""``resistance clues check|explain|simulate|generate`` through click's runner."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from authoring.cli import cli

DEFAULT = "cards/clues.yaml"
REFERENCE = "tests/cases/deck/ok-reference.yaml"
TINY = "tests/data/boards/tiny.yaml"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def brute_min_cards(holes: dict[str, int], place: int, n: int) -> int | None:
    """Fewest cards whose holes intersect to the place alone, by trying every subset of
    the cards holding it, smallest first (independent of the solver)."""
    holding = sorted({h for h in holes.values() if h >> place & 1})
    for k in range(1, len(holding) + 1):
        for combo in itertools.combinations(holding, k):
            inter = (1 << n) - 1
            for h in combo:
                inter &= h
            if inter == 1 << place:
                return k
    return None


def test_check_json_agrees_with_brute_force_on_the_default_deck() -> None:
    r = run("clues", "check", DEFAULT, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    places = list(data["places"])
    n = len(places)
    index = {z: i for i, z in enumerate(places)}
    holes = {
        c["id"]: sum(1 << index[z] for z in c["holes"]) for c in data["cards"] if not c["failure"]
    }
    assert sum(c["copies"] for c in data["cards"]) == 43
    for z, p in data["places"].items():
        expected = brute_min_cards(holes, index[z], n)
        assert p["isolatable"] == (expected is not None), z
        assert p["min_cards"] == expected, z
        inter = (1 << n) - 1
        for cid in p["witness"]:
            inter &= holes[cid]
        assert len(p["witness"]) == expected and inter == 1 << index[z], z
    assert data["summary"]["isolatable"] == n == 60
    assert data["summary"]["lower_bound"] == 8
    assert data["diagnostics"] == []


def test_check_text_and_allowed_option() -> None:
    r = run("clues", "check", REFERENCE)
    assert r.exit_code == 0, r.output
    assert "6/6 allowed places isolatable" in r.output
    assert "ouest" in r.output and "×3" in r.output
    r = run("clues", "check", REFERENCE, "--json", "--allowed", "O1, E 2")
    data = json.loads(r.output)
    assert [z for z, p in data["places"].items() if p["min_cards"] is not None] == ["O 1", "E 2"]
    r = run("clues", "check", REFERENCE, "--allowed", "O 9")
    assert r.exit_code == 2 and "unknown zone 'O 9' (did you mean 'O 3'?)" in r.output


def test_check_exit_codes() -> None:
    r = run("clues", "check", "tests/cases/deck/place-unknown.yaml")
    assert r.exit_code == 1 and "[zone-unknown]" in r.output and "Traceback" not in r.output
    weak = "tests/cases/deck/weak-deck.yaml"
    assert run("clues", "check", weak).exit_code == 0
    r = run("clues", "check", weak, "--strict")
    assert r.exit_code == 1 and "[card-duplicate-holes]" in r.output
    assert run("clues", "check", "no/such/deck.yaml").exit_code == 1


def test_explain() -> None:
    r = run("clues", "explain", REFERENCE, "lune", "E 2")
    assert r.exit_code == 0
    assert r.output == (
        "card 'lune' (Au bord de la Lune) has a hole at E 2 (Écume)\n"
        "  - zone E 2 is crossed by Lune\n"
    )
    r = run("clues", "explain", DEFAULT, "nord", "S-O 14", "--json")
    assert json.loads(r.output) == {
        "card": "nord",
        "title": "Au nord de l'île",
        "place": "S-O 14",
        "hole": True,
        "reasons": [
            "the city of S-O 14 (y = 264 mm) is north of the island centre (y = 253 mm)"
        ],
    }
    r = run("clues", "explain", REFERENCE, "lunes", "E 2")
    assert r.exit_code == 2 and "did you mean 'lune'" in r.output
    r = run("clues", "explain", REFERENCE, "lune", "E 22")
    assert r.exit_code == 2 and "did you mean 'E 2'" in r.output


def test_generated_deck_passes_the_check(tmp_path: Path) -> None:
    out = tmp_path / "deck.yaml"
    r = run(
        "clues", "generate", TINY, "--cards", "9", "--failures", "3", "--seed", "4",
        "--iterations", "300", "-o", str(out),
    )
    assert r.exit_code == 0, r.output
    assert f"wrote {out}" in r.output and "lower_bound_distinct_cards: 4" in r.output
    r = run("clues", "check", str(out), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["summary"]["isolatable"] == 6
    assert not [d for d in data["diagnostics"] if d["level"] == "error"]
    assert run("validate", str(out)).exit_code == 0


def test_generate_writes_the_same_bytes_from_any_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No run time, no working-folder path in the file (issue 13)."""
    tiny = Path(TINY).resolve()
    (tmp_path / "a" / "b").mkdir(parents=True)
    args = ["--cards", "9", "--failures", "3", "--seed", "4", "--iterations", "100"]
    assert run("clues", "generate", TINY, *args, "-o", str(tmp_path / "one.yaml")).exit_code == 0
    monkeypatch.chdir(tmp_path / "a" / "b")
    assert run("clues", "generate", str(tiny), *args, "-o", "../../two.yaml").exit_code == 0
    one, two = (tmp_path / "one.yaml").read_text("utf-8"), (tmp_path / "two.yaml").read_text("utf-8")
    assert one == two
    assert "seconds" not in one
    assert "(from this file's folder)" in one.splitlines()[2]


def test_generate_usage_errors() -> None:
    assert run("clues", "generate", TINY, "--cards", "5", "--failures", "5").exit_code == 2
    assert run("clues", "generate", "tests/cases/board/empty.yaml").exit_code == 1


def test_simulate_reports_all_four_draw_sizes_and_the_exact_expectation() -> None:
    r = run("clues", "simulate", REFERENCE, "--games", "400", "--seed", "3", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert [row["d"] for row in data["draws"]] == [1, 2, 3, 4]
    assert data["keep"] == "best" and "closest to isolating" in data["keep_policy"]
    d1 = data["draws"][0]
    # 6 places, 6 valid cards + 3 failures: E[T] = 26/7 exactly (counted by the draws module)
    assert d1["exact_first_fraction"] == "26/7"
    assert abs(d1["first"]["mean"] - 26 / 7) < 0.25  # Monte Carlo agrees, 400 games
    for row in data["draws"]:
        assert row["first"]["never"] == 0.0 and row["second"]["mean"] > row["first"]["mean"]
        assert row["landing"]["allowed"] == 6
        assert sum(row["landing"]["counts"].values()) == 800  # two reveals per game
    means = [row["first"]["mean"] for row in data["draws"]]
    assert means == sorted(means, reverse=True)  # drawing more cards never slows the reveal
    text = run("clues", "simulate", REFERENCE, "--games", "100", "--keep", "first", "--no-exact")
    assert text.exit_code == 0
    for d in (1, 2, 3, 4):
        assert f"d = {d} (cards drawn per Investigate" in text.output
    assert "exact expectation" not in text.output


def test_simulate_usage_errors() -> None:
    assert run("clues", "simulate", REFERENCE, "--draws", "1,x").exit_code == 2
    assert run("clues", "simulate", REFERENCE, "--draws", "0").exit_code == 2
    assert run("clues", "simulate", REFERENCE, "--keep", "worst").exit_code == 2


def test_check_a_deck_that_isolates_nothing(tmp_path: Path) -> None:
    """No allowed place isolatable (one card): a summary that says so, never a traceback."""
    island = Path(__file__).resolve().parents[2] / "scenarios" / "boards" / "island.yaml"
    deck = tmp_path / "one.yaml"
    deck.write_text(f"kind: deck\nboard: {island}\ncards:\n"
                    "  - {id: a, title: A, where: {coastal: true}}\n", "utf-8")
    r = run("clues", "check", str(deck))
    assert "summary: 0/60 allowed places isolatable; no allowed place can be isolated (R6.1)" \
        in r.output
    assert r.exit_code == 0  # warnings only (not --strict)


def test_allowed_that_lists_no_place_is_a_usage_error() -> None:
    r = CliRunner().invoke(cli, ["clues", "check", "cards/clues.yaml", "--allowed", ","])
    assert r.exit_code == 2
    assert "lists no place" in r.output


def test_vocabulary_lists_each_predicate_once() -> None:
    r = run("vocabulary", "predicates")
    heads = [ln for ln in r.output.splitlines() if ln.startswith("## ")]
    assert len(heads) == len(set(heads))
    assert "## `not`" in heads


def test_suggested_cards_pasted_in_make_the_places_isolatable(tmp_path: Path) -> None:
    """On a new board: a weak deck, its look-alikes, the proposals pasted in as written."""
    board = Path(__file__).resolve().parents[1] / "data" / "boards" / "xiii.yaml"
    deck = tmp_path / "weak.yaml"
    deck.write_text(
        f"kind: deck\nboard: {board}\ndensity: [0.05, 0.95]\ncards:\n"
        "  - {id: coast, title: Côte, where: {coastal: true}}\n"
        "  - {id: north, title: Nord, where: {north_of: centre}}\n"
        "  - {id: east, title: Est, where: {east_of: centre}}\n", "utf-8")
    first = json.loads(run("clues", "check", str(deck), "--json", "--suggest").output)
    failing = [z for z, p in first["places"].items() if not p["isolatable"]]
    assert failing
    for z in failing:  # why each fails: the places every card holding it also holds
        assert first["places"][z]["lookalikes"]
    text = run("clues", "check", str(deck), "--suggest").output
    fixable = [z for z in failing if first["suggestions"][z]]
    assert fixable
    block = text[text.index("paste under 'cards:':") + len("paste under 'cards:':"):]
    chosen, seen = [], set()
    lines = block.splitlines()
    for i, ln in enumerate(lines):  # the first card of each place's group
        if ln.startswith("  # isolates "):
            place = ln.split("isolates ")[1].split(":")[0]
            if place not in seen:
                seen.add(place)
                chosen += lines[i + 1:i + 4]
    deck.write_text(deck.read_text("utf-8") + "\n".join(chosen) + "\n", "utf-8")
    after = json.loads(run("clues", "check", str(deck), "--json").output)
    assert all(after["places"][z]["isolatable"] for z in fixable)


def test_explain_a_place_without_a_card() -> None:
    r = run("clues", "explain", DEFAULT, "N-E 3", "--json")
    data = json.loads(r.output)
    assert data["isolatable"] and data["min_cards"] == len(data["witness"]) >= 2
    assert data["lookalikes"] == []
    assert {c["id"] for c in data["cards"] if c["hole"]} >= set(data["witness"])
    text = run("clues", "explain", DEFAULT, "N-E 3").output
    assert text.startswith(f"N-E 3 (Boisjoli) is isolated by {data['min_cards']} cards: ")


def test_extend_repairs_a_deck_and_keeps_its_cards(tmp_path: Path) -> None:
    board = Path(__file__).resolve().parents[1] / "data" / "boards" / "xiii.yaml"
    deck = tmp_path / "weak.yaml"
    original = (f"kind: deck\nboard: {board}\ndensity: [0.05, 0.95]\ncards:\n"
                "  - {id: coast, title: Côte, where: {coastal: true}}\n"
                "  - {id: north, title: Nord, where: {north_of: centre}}\n")
    deck.write_text(original, "utf-8")
    out1, out2 = tmp_path / "a.yaml", tmp_path / "b.yaml"
    r = run("clues", "generate", "--extend", str(deck), "-o", str(out1))
    assert r.exit_code == 0, r.output
    run("clues", "generate", "--extend", str(deck), "-o", str(out2))
    assert out1.read_bytes() == out2.read_bytes()  # reproducible, no date inside
    assert out1.read_text("utf-8").startswith(original)  # the deck's own cards, as written
    after = json.loads(run("clues", "check", str(out1), "--json").output)
    assert after["summary"]["isolatable"] == after["summary"]["allowed"]
    assert "added" in r.output and "isolates" in r.output
    land = re.search(r"objectives land on (\d+)/(\d+) allowed places \(was (\d+)/\2;", r.output)
    assert land is not None and int(land[1]) > int(land[3]), r.output  # the spread improved
    # beyond the box's clue cards, the report says so (R0.3)
    small = tmp_path / "small.yaml"
    small.write_text(original.replace("cards:\n", "box_cards: 3\ncards:\n", 1), "utf-8")
    r = run("clues", "generate", "--extend", str(small), "-o", str(tmp_path / "c.yaml"))
    added = len(json.loads(run("clues", "generate", "--extend", str(small), "--json")
                           .output)["added"])
    assert (f"the deck now has {2 + added} cards, {added - 1} more than the box's 3 (R0.3): "
            "remove copies, or set box_cards:") in r.output


def test_generate_needs_a_board_or_extend() -> None:
    r = CliRunner().invoke(cli, ["clues", "generate"])
    assert r.exit_code == 2 and "--extend DECK" in r.output


def test_allowed_takes_a_predicate_and_the_warnings_follow_it() -> None:
    r = run("clues", "check", DEFAULT, "--allowed", "{region: S-E}", "--json")
    data = json.loads(r.output)
    assert data["summary"]["allowed"] == 15
    assert {z for z, p in data["places"].items() if p["allowed"]} == {
        f"S-E {n}" for n in range(1, 16)}
    bad = CliRunner().invoke(cli, ["clues", "check", DEFAULT, "--allowed", "{regoin: S-E}"])
    assert bad.exit_code == 2 and "unknown predicate 'regoin' (did you mean 'region'?)" in bad.output


def test_never_isolatable_warning_speaks_of_the_allowed_places(tmp_path: Path) -> None:
    island = Path(__file__).resolve().parents[2] / "scenarios" / "boards" / "island.yaml"
    deck = tmp_path / "one.yaml"
    deck.write_text(f"kind: deck\nboard: {island}\ncards:\n"
                    "  - {id: a, title: A, where: {coastal: true}}\n", "utf-8")
    r = run("clues", "check", str(deck), "--allowed", "N-E 1,N-E 2", "--json")
    warnings = [d["message"] for d in json.loads(r.output)["diagnostics"]
                if d["code"] == "place-not-isolatable"]
    assert warnings == ["2 allowed places can never be isolated by any combination of cards "
                        "(R6.1): N-E 1, N-E 2"]


def test_allowed_where_a_property_no_place_has_is_a_usage_error() -> None:
    r = CliRunner().invoke(cli, ["clues", "check", "cards/clues.yaml", "--allowed-where",
                                 "{all: [{region: N-E}, {region: S-O}]}"])
    assert r.exit_code == 2
    assert ("Invalid value for '--allowed': {all: [{region: N-E}, {region: S-O}]}: no place of "
            "island has this property") in r.output
