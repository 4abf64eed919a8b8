"""The shipped game content (cards/): it loads without a problem, matches the box
inventory of R0 (D0.1, D0.2), and has the pieces the scenarios rely on."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from authoring.io.wording import text_of
from authoring.io.yamlio import display_path
from authoring.model.content import Content
from authoring.model.effects import render_effects
from authoring.model.schema.content import SKILLS, Manifest
from authoring.model.workspace import Workspace

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "cards"
KINDS = {
    "characters.yaml": "characters",
    "recruits.yaml": "recruits",
    "items.yaml": "items",
    "special-items.yaml": "special-items",
    "resistance.yaml": "resistance",
    "events.yaml": "events",
    "planning.yaml": "planning",
    "manifest.yaml": "manifest",
}


def _clean(ws: Workspace) -> list[str]:
    """Diagnostics other than the clue deck being absent (another part writes it)."""
    return [
        d.format()
        for d in ws.report
        if not (d.code == "file-not-found" and "clues" in d.message and d.level == "warning")
    ]


@pytest.fixture(scope="module")
def content() -> Content:
    ws = Workspace()
    manifest = ws.load(CARDS / "manifest.yaml")
    assert isinstance(manifest, Manifest)
    assert _clean(ws) == []
    assert isinstance(manifest.content, Content)
    return manifest.content


@pytest.mark.parametrize("name", sorted(KINDS))
def test_each_shipped_file_loads_alone_without_problems(name: str) -> None:
    ws = Workspace()
    assert ws.load(CARDS / name) is not None
    assert _clean(ws) == []


@pytest.mark.parametrize("name", sorted(KINDS))
def test_each_file_starts_with_its_schema_and_kind(name: str) -> None:
    lines = (CARDS / name).read_text("utf-8").splitlines()
    kind = KINDS[name]
    assert lines[0] == (
        f"# yaml-language-server: $schema=../authoring/model/schema/json/{kind}.schema.json"
    )
    assert lines[1] == f"kind: {kind}"


def test_manifest_holds_the_r0_inventory() -> None:
    ws = Workspace()
    m = ws.load(CARDS / "manifest.yaml")
    assert isinstance(m, Manifest)
    assert m.pieces == {
        "boards": 1,
        "player_pawns": 5,
        "soldiers": 50,
        "officers": 12,
        "reputation_cubes": 72,
        "zone_tokens": 76,
        "speed_markers": 1,
        "objective_markers": 4,
        "character_sheets": 8,
        "recruit_tokens": 29,
        "dummy_recruit_tokens": 7,
        "planning_tokens": 10,
        "item_cards": 66,
        "special_item_cards": 18,
        "clue_cards": 43,
        "event_cards": 12,
        "individual_counters": 5,
        "team_counters": 1,
        "army_counters": 1,
        "recruitment_bags": 1,
        "invasion_bags": 1,
        "scenario_cards": 3,
        "player_aids": 5,
    }
    assert m.box.resistance_cards == {3: 8, 4: 8, 5: 8}
    assert m.box.sand_timers == [5, 4, 3]
    assert m.box.action_tracks == [3, 4, 5]
    assert m.files.clues == "clues.yaml"


def test_counts(content: Content) -> None:
    assert len(content.characters) == 8
    assert sum(t.copies for t in content.recruits) == 29
    assert sum(t.copies for t in content.recruits if t.dummy) == 7
    assert sum(i.copies for i in content.items) == 66
    assert sum(s.copies for s in content.special_items) == 18
    assert {p: len(cards) for p, cards in content.resistance_sets.items()} == {3: 8, 4: 8, 5: 8}
    assert len(content.resistance) == 24
    assert len(content.events) == 12
    assert content.planning is not None and content.planning.tokens == 10


def test_item_deck_mix(content: Content) -> None:
    by_kind: Counter[str] = Counter()
    for item in content.items:
        by_kind[item.kind] += item.copies
    assert by_kind == {"part": 32, "bonus": 14, "useless": 20}


def test_characters(content: Content) -> None:
    jenny = next(c for c in content.characters if c.name == "Jenny Adams")
    assert text_of(jenny.ability.name) == "Pisteur"
    assert jenny.reputation == 1 and jenny.inventory == 4 and jenny.actions == 10
    abilities = {render_effects(c.ability.effects) for c in content.characters}
    assert len(abilities) == 8, "every character has its own specialty"
    for c in content.characters:
        assert sorted(c.skills) == ["C", "I", "M"]
        # D1.1: the sample sheet's max-level bonuses
        assert {s: [e.key for e in effs] for s, effs in c.max_bonus.items()} == {
            "C": ["resistance_discount"],
            "M": ["eliminate_officers"],
            "I": ["craft_requirement"],
        }
        assert all(3 <= t.max_level <= 6 for t in c.skills.values())


def test_recruit_tokens(content: Content) -> None:
    real = [t for t in content.recruits if not t.dummy]
    assert [t.letter for t in real] == [chr(ord("A") + i) for i in range(22)]
    for t in real:
        assert all(1 <= t.value(s) <= 4 for s in SKILLS)


def test_special_items_the_scenarios_use(content: Content) -> None:
    specials = {s.id: s for s in content.special_items}
    items = {i.id: i for i in content.items}
    bomb = specials["bomb"]
    assert text_of(bomb.title) == "Bombe"
    assert bomb.recipe == {"explosives": 1, "detonator": 1, "timer": 1}
    use = bomb.uses[0]
    assert [c.key for c in use.requires] == ["in_objective_zone", "test"]
    assert [e.key for e in use.effects] == ["destroy_base"]
    for sid in ("bomb", "radio", "disguise", "sniper-rifle"):
        for part, need in specials[sid].recipe.items():
            assert items[part].kind == "part" and sid in items[part].part_of
            assert items[part].copies >= need
    # the three bombs can all be crafted
    assert all(items[p].copies >= 3 for p in bomb.recipe)


def test_officers_only_fall_to_resistance_and_special_items(content: Content) -> None:
    """R9.6: remove_officer appears on resistance cards and special items only."""
    on_items = [e.key for i in content.items for e in i.effects]
    on_events = [e.key for ev in content.events for e in ev.effects]
    assert "remove_officer" not in on_items + on_events
    assert any(e.key == "remove_officer" for r in content.resistance for e in r.effects)
    assert any(
        e.key == "remove_officer" for s in content.special_items for u in s.uses for e in u.effects
    )


# ------------------------------------------------------------ cross-file checks


def _box(tmp_path: Path) -> Path:
    for name in KINDS:
        shutil.copy(CARDS / name, tmp_path / name)
    return tmp_path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")


def test_count_mismatch_is_a_warning_naming_both_numbers_and_the_manifest_line(
    tmp_path: Path,
) -> None:
    box = _box(tmp_path)
    _edit(box / "items.yaml", "    copies: 4\n", "    copies: 3\n")
    ws = Workspace()
    assert ws.load(box / "items.yaml") is not None
    items, manifest = display_path(box / "items.yaml"), display_path(box / "manifest.yaml")
    assert [d.format().splitlines()[0] for d in ws.report if d.code != "file-not-found"] == [
        f"{items}:7:1: warning: the item deck has 65 cards (copies counted) but the box "
        f"manifest says 66 ({manifest}:20) [count-mismatch]"
    ]
    assert not ws.report.has_errors


def test_a_missing_clue_deck_is_only_a_warning(tmp_path: Path) -> None:
    box = _box(tmp_path)
    ws = Workspace()
    assert ws.load(box / "manifest.yaml") is not None
    assert [(d.level, d.code) for d in ws.report] == [("warning", "file-not-found")]


def test_a_missing_content_file_is_an_error(tmp_path: Path) -> None:
    box = _box(tmp_path)
    (box / "events.yaml").unlink()
    ws = Workspace()
    ws.load(box / "manifest.yaml")
    assert [d.message for d in ws.report.errors] == [
        "the manifest lists events file 'events.yaml', which does not exist"
    ]


def test_part_of_and_recipes_agree(tmp_path: Path) -> None:
    box = _box(tmp_path)
    _edit(box / "special-items.yaml", "recipe: {radio-set: 1, battery: 1}", "recipe: {battery: 1}")
    ws = Workspace()
    ws.load(box / "special-items.yaml")
    assert [d.message for d in ws.report if d.code == "part-of-mismatch"] == [
        "'radio-set' says it is part of 'jammer', but the recipe of 'jammer' does not use it"
    ]


def test_recipe_needs_enough_copies(tmp_path: Path) -> None:
    box = _box(tmp_path)
    _edit(
        box / "special-items.yaml",
        "recipe: {engine: 1, petrol: 1}",
        "recipe: {engine: 2, petrol: 1}",
    )
    ws = Workspace()
    assert ws.load(box / "special-items.yaml") is None
    assert [d.message for d in ws.report.errors] == [
        "the recipe of 'truck' needs 2 × 'engine' but the item deck has 1"
    ]


def test_unknown_part_of_suggests_the_special_item(tmp_path: Path) -> None:
    box = _box(tmp_path)
    _edit(box / "items.yaml", "part_of: [jammer]", "part_of: [jamer]")
    ws = Workspace()
    assert ws.load(box / "items.yaml") is None
    assert [d.message for d in ws.report.errors] == [
        "unknown special item 'jamer' in part_of of 'battery' (did you mean 'jammer'?)"
    ]
