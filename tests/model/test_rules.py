"""rules.py is the one home of the rules' numbers: the aids print them, the schemas default
to them, and the decisions check their choices."""

from __future__ import annotations

import pytest

from authoring.model import rules
from authoring.model.schema.board import BoardSpec
from authoring.model.schema.content import Character
from authoring.pdf.sheets import aid_text


def test_army_catch_up_d8_1() -> None:
    """round(t x N / 4), halves up: the 4-player track is 1:1."""
    assert [rules.army_actions(t, 4) for t in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
    assert [rules.army_actions(t, 3) for t in range(1, 8)] == [1, 2, 2, 3, 4, 5, 5]
    assert [rules.army_actions(t, 5) for t in range(1, 8)] == [1, 3, 4, 5, 6, 8, 9]


def test_schemas_default_to_the_rules() -> None:
    spec = BoardSpec.model_validate({
        "id": "x", "size": [10, 10], "outline": [[0, 0], [10, 0], [10, 10]],
        "regions": [{"id": "A"}],
        "zones": [{"region": "A", "number": 1, "city": "a", "size": "village", "at": [3, 3]}],
    })
    assert tuple(spec.speed_track) == rules.SPEED_TRACK
    assert {n: t.cells for n, t in spec.action_tracks.items()} == {
        n: rules.TEAM_TRACK_CELLS for n in rules.PLAYER_COUNTS}
    fields = Character.model_fields
    assert fields["inventory"].default == rules.INVENTORY_LIMIT
    assert fields["reputation"].default == rules.STARTING_REPUTATION
    assert fields["actions"].default == rules.ACTION_COUNTER_MAX


def test_the_aid_prints_the_rules_values(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "ACTION_MARGIN", 3)
    monkeypatch.setattr(rules, "CRAFT_THRESHOLD", 5)
    round_en, actions_en = aid_text("en")
    text = round_en + actions_en
    assert "never more than 3 actions ahead" in text
    assert "succeed if I − malus ≥ 5" in text


def test_decisions_are_checked() -> None:
    assert rules.check_decisions({}) == []
    assert rules.check_decisions({"D4.2": "player", "D5.2": "wasted"}) == []
    assert rules.check_decisions({"D42": "supply"}) == [
        "unknown decision 'D42' (did you mean 'D4.2'?); one of: " + ", ".join(rules.DECISIONS)]
    chosen = rules.resolve_decisions({"D11.2": "lost"})
    assert chosen["D11.2"] == "lost" and chosen["D4.2"] == "supply"
    with pytest.raises(ValueError, match="D5.2: unknown choice 'maybe'"):
        rules.resolve_decisions({"D5.2": "maybe"})
    for d in rules.DECISIONS.values():
        assert d.default == d.options[0] and len(d.options) >= 2 and d.id.startswith("D")
