"""The clue deck loader (kind ``deck``): holes per card, solver view, warnings (R0.3, R6.1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from authoring.clues.report import check
from authoring.model.deck import ClueDeck
from authoring.model.solver import solve
from authoring.model.workspace import Workspace

CASES = Path("tests/cases/deck")
DEFAULT = Path("cards/clues.yaml")


def load(path: Path | str, tmp: Path | None = None, text: str | None = None) -> tuple[
    ClueDeck | None, Workspace
]:
    if text is not None:
        assert tmp is not None
        path = tmp / "deck.yaml"
        Path(path).write_text(text, "utf-8")
    ws = Workspace()
    return ws.load(path, "deck"), ws


def test_reference_deck_holes_titles_and_solver_view() -> None:
    deck, ws = load(CASES / "ok-reference.yaml")
    assert deck is not None and not len(ws.report), ws.report.format()
    assert deck.places == ("O 1", "O 2", "O 3", "E 1", "E 2", "E 3")
    assert [(c.id, sorted(c.hole_ids)) for c in deck.cards] == [
        ("ouest", ["O 1", "O 2", "O 3"]),
        ("nord", ["E 2", "E 3", "O 2"]),
        ("lune", ["E 1", "E 2", "E 3"]),
        ("deux", ["E 2", "O 1", "O 2"]),
        ("grandes", ["E 1", "O 1", "O 3"]),
        ("milieu", ["E 1", "E 3", "O 3"]),
        ("echec", []),
    ]
    ouest = deck.card("ouest")
    assert (ouest.title, ouest.title_en, ouest.holes) == ("Région Ouest", "West", 0b000111)
    assert deck.card("echec").title == "Échec" and deck.card("echec").copies == 3
    assert deck.card("milieu").places == ("O 3", "E 1", "E 3")
    assert deck.total_cards == 9 and deck.allowed == deck.places
    sd = deck.solver_deck()
    assert [(c.id, c.holes, c.copies, c.failure) for c in sd.cards][-1] == ("echec", 0, 3, True)
    # the loaded deck answers like the solver's own deck, and duck-types as one
    assert solve(deck.solver_deck()).to_dict() == deck.result.to_dict()
    assert solve(deck).to_dict() == deck.result.to_dict()  # type: ignore[arg-type]
    assert all(r.isolatable for r in deck.result.places)


def test_explain_a_card_at_a_place() -> None:
    deck, _ = load(CASES / "ok-reference.yaml")
    assert deck is not None
    assert deck.explain("lune", "E 2") == (True, ["zone E 2 is crossed by Lune"])
    assert deck.explain("milieu", "O1") == (False, ["O 1 is not in the card's places (O 3, E 1, E 3)"])
    assert deck.explain("echec", "O 1") == (
        False,
        ["'echec' is a failure card ('Échec'): it has no hole (R5.3)"],
    )
    with pytest.raises(KeyError, match="did you mean 'lune'"):
        deck.card("lunes")


def test_default_titles_from_predicates_and_allowed_predicate(tmp_path: Path) -> None:
    board = Path("tests/data/boards/tiny.yaml").resolve()
    deck, ws = load(
        "",
        tmp_path,
        f"kind: deck\nboard: {board}\nallowed: {{region: E}}\nbox_cards: 3\n"
        "cards:\n  - {id: a, where: {coastal: true}}\n  - {id: b, where: {not: {tag: port}}}\n"
        "  - {id: c, where: {region: Est}}\n",
    )
    assert deck is not None, ws.report.format()
    assert [c.title for c in deck.cards] == ["Cité côtière", "Cité sans port", "Région Est"]
    assert [c.title_en for c in deck.cards][0] == "Coastal city"
    assert deck.allowed == ("E 1", "E 2", "E 3")
    result = check(deck)
    assert result.summary["allowed"] == 3
    assert {p.place for p in result.places if p.allowed} == {"E 1", "E 2", "E 3"}
    assert result.to_json()["places"]["E 1"]["allowed"] is True


def test_problems_are_all_reported_at_once(tmp_path: Path) -> None:
    board = Path("tests/data/boards/tiny.yaml").resolve()
    deck, ws = load(
        "",
        tmp_path,
        f"kind: deck\nboard: {board}\ncards:\n"
        "  - {id: a, where: {regoin: O}, copies: 0}\n"
        "  - {id: b, places: [O 7]}\n"
        "  - {id: c, where: {adjacent: E 9}}\n",
    )
    assert deck is None
    assert ws.report.codes() == ["predicate-unknown", "value-invalid", "zone-unknown", "zone-unknown"]


def test_board_with_errors_is_named_at_the_deck(tmp_path: Path) -> None:
    (tmp_path / "b.yaml").write_text("id: x\n", "utf-8")
    deck, ws = load("", tmp_path, "kind: deck\nboard: b.yaml\ncards: [{id: a, places: [A 1]}]\n")
    assert deck is None
    assert "board-invalid" in ws.report.codes() and "key-missing" in ws.report.codes()


def test_default_deck_is_clean_and_isolates_every_place() -> None:
    deck, ws = load(DEFAULT)
    assert deck is not None and not len(ws.report), ws.report.format()
    assert deck.total_cards == 43  # R0.3
    assert sum(c.copies for c in deck.cards if c.failure) == 6
    assert len(deck.places) == 60
    assert deck.result.never_isolatable_allowed == ()
    lo, hi = deck.density_band
    n = len(deck.places)
    for c in deck.cards:
        if not c.failure:
            assert lo <= len(c.hole_ids) / n <= hi, c.id
            assert c.title and c.title_en
    assert len({c.holes for c in deck.cards}) == len(deck.cards)
    assert len({c.title for c in deck.cards}) == len(deck.cards)
