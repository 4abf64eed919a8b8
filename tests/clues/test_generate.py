"""The deck generator: candidates in the density band, seeded determinism, isolation,
an editable deck that loads cleanly (R0.3, R5.3, R6.1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from authoring.clues.generate import (
    candidate_pool,
    deck_yaml,
    first_reveals,
    generate,
    generated_scores,
    lower_bound,
    write_deck,
)
from authoring.model.board import Board
from authoring.model.workspace import Workspace

TINY = Path("tests/data/boards/tiny.yaml")


@pytest.fixture(scope="module")
def tiny() -> Board:
    ws = Workspace()
    board = ws.load(TINY, "board")
    assert board is not None
    return board


def test_lower_bound_is_sperner() -> None:
    # smallest r with C(r, r // 2) >= places
    assert [lower_bound(n) for n in (1, 2, 3, 6, 7, 20, 21, 60, 70, 71)] == [
        1, 2, 3, 4, 5, 6, 7, 8, 8, 9,
    ]


def test_candidates_are_in_the_band_and_distinct(tiny: Board) -> None:
    pool = candidate_pool(tiny, (0.35, 0.60))
    assert pool
    assert all(c.count == 3 for c in pool)  # 6 places: only 3 holes lie in 35–60 %
    assert len({c.holes for c in pool}) == len(pool)
    for c in pool:
        assert c.holes == sum(1 << i for i, z in enumerate(tiny.zone_ids) if z in c.predicate.zones(tiny))
        assert c.title == c.predicate.describe("fr", tiny)


def test_generation_is_deterministic_and_isolates_every_place(tiny: Board) -> None:
    a = generate(tiny, cards=9, failures=3, seed=7, iterations=300, polish=300)
    b = generate(tiny, cards=9, failures=3, seed=7, iterations=300, polish=300)
    assert [c.holes for c in a.chosen] == [c.holes for c in b.chosen]
    assert len(a.chosen) == 6 and a.total_cards == 9
    assert len({c.title for c in a.chosen}) == 6
    scores = generated_scores(a, games=200)
    assert scores["isolatable"] == "6/6"
    assert scores["lower_bound_distinct_cards"] == 4
    assert scores["cards"] == "9 (6 distinct valid + 3 failures)"


def test_allowed_places_only_need_to_be_isolatable(tiny: Board) -> None:
    gen = generate(
        tiny, cards=5, failures=1, seed=3, allowed=["O 1", "E 2"], iterations=300, polish=300
    )
    assert generated_scores(gen, games=100)["isolatable"] == "2/2"


def test_written_deck_loads_without_errors(tiny: Board, tmp_path: Path) -> None:
    gen = generate(tiny, cards=9, failures=3, seed=1, iterations=300, polish=300)
    out = tmp_path / "sub" / "deck.yaml"
    write_deck(gen, TINY, out, command="resistance clues generate …")
    text = out.read_text("utf-8")
    assert text.startswith("# yaml-language-server: $schema=")
    assert "kind: deck" in text and "{id: echec, title: Échec, failure: true, copies: 3}" in text
    ws = Workspace()
    deck = ws.load(out, "deck")
    assert deck is not None and not ws.report.has_errors, ws.report.format()
    assert [c.holes for c in deck.cards if not c.failure] == [c.holes for c in gen.chosen]
    assert deck.result.never_isolatable_allowed == ()
    assert deck_yaml(gen, "b.yaml").count("  - id: ") == 6
    assert not list(out.parent.glob(".*.tmp"))


def test_first_reveals_monte_carlo_on_a_known_deck() -> None:
    # two places, one card with a hole at place 0 only: the first draw of it reveals place 0
    mean, land = first_reveals([0b01, 0], 2, 0b11, games=400, seed=2)
    assert land == [400, 0]
    assert 1.0 <= mean <= 2.0
    # a card holding both places isolates nothing: never revealed (counted as deck + 1)
    mean, land = first_reveals([0b11], 2, 0b11, games=10, seed=2)
    assert (mean, land) == (2.0, [0, 0])


def test_a_pool_smaller_than_the_deck_is_used_whole(tiny: Board) -> None:
    pool = candidate_pool(tiny)
    gen = generate(tiny, cards=30, failures=2, seed=5, iterations=100, polish=100)
    assert sorted(c.holes for c in gen.chosen) == sorted(c.holes for c in pool)
