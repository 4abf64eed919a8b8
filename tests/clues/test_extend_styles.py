"""``clues generate --extend`` repairs a deck written in any YAML style: the cards are
added in the file's own layout, every byte of the file stays where it was, and the result
is a valid deck whose every allowed place is isolatable (R6.1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from authoring.cli import cli
from authoring.clues.yamledit import EditError, append_items

BOARD = Path(__file__).resolve().parents[1] / "data" / "boards" / "xiii.yaml"

#: the same two cards, as PyYAML writes them and as people do
STYLES = {
    "shipped (indented block list, flow values, comments and blank lines)": """\
# yaml-language-server: $schema=../deck.schema.json
kind: deck
board: {board}
density: [0.05, 0.95]
cards:
  # -- coast
  - id: coast  # 7/13
    title: {{fr: Côte, en: Coast}}
    where: {{coastal: true}}

  # -- halves
  - id: north
    title: {{fr: Nord, en: North}}
    where: {{north_of: centre}}
""",
    "block list at its key's column, comment between entries, a key after it": """\
kind: deck
board: {board}
cards:
- id: coast
  title: Côte
  where:
    coastal: true
# the north half
- id: north
  title: Nord
  where:
    north_of: centre
density: [0.05, 0.95]
""",
    "flow list on one line": """\
{{kind: deck, board: {board}, density: [0.05, 0.95], cards: [{{id: coast, title: Côte, where: {{coastal: true}}}}, {{id: north, title: Nord, where: {{north_of: centre}}}}]}}
""",
    "flow list over lines, trailing comma, comments inside": """\
kind: deck
board: {board}
cards: [
    {{id: coast, title: Côte, where: {{coastal: true}}}},  # the sea
    {{id: north, title: Nord, where: {{north_of: centre}}}},
]
density: [0.05, 0.95]
""",
    "four-space block mappings, quoted scalars, document markers": """\
---
"kind": 'deck'
"board": "{board}"
"density": [0.05, 0.95]
"cards":
    -   "id": "coast"
        "title":
            "fr": "Côte"
            "en": "Coast"
        "where":
            "coastal": true
    -   "id": "north"   # last
        "title": |
            Nord
        "where": {{"north_of": "centre"}}
# end of the deck
...
""",
    "PyYAML's own dump (block list at the key's column, nested blocks)": None,
}


def _deck(style: str | None) -> str:
    if style is None:
        return yaml.safe_dump({"kind": "deck", "board": str(BOARD), "density": [0.05, 0.95],
                               "cards": [{"id": "coast", "title": "Côte",
                                          "where": {"coastal": True}},
                                         {"id": "north", "title": "Nord",
                                          "where": {"north_of": "centre"}}]},
                              allow_unicode=True, sort_keys=False)
    return style.format(board=BOARD)


def _only_inserted(original: str, edited: str) -> bool:
    """``edited`` is ``original`` with one piece of text inserted somewhere."""
    head = 0
    while head < len(original) and original[head] == edited[head]:
        head += 1
    tail = 0
    while tail < len(original) - head and original[-1 - tail] == edited[-1 - tail]:
        tail += 1
    return head + tail == len(original)


@pytest.mark.parametrize("style", list(STYLES))
def test_extend_keeps_the_deck_as_written_and_adds_valid_cards(style: str, tmp_path: Path) -> None:
    original = _deck(STYLES[style])
    deck, out = tmp_path / "deck.yaml", tmp_path / "out.yaml"
    deck.write_text(original, "utf-8")
    r = CliRunner().invoke(cli, ["clues", "generate", "--extend", str(deck), "-o", str(out)])
    assert r.exit_code == 0, r.output
    edited = out.read_text("utf-8")
    assert _only_inserted(original, edited), edited
    before, after = yaml.safe_load(original), yaml.safe_load(edited)
    assert after["cards"][:2] == before["cards"] and len(after["cards"]) > 2
    assert {k: v for k, v in after.items() if k != "cards"} == \
        {k: v for k, v in before.items() if k != "cards"}
    check = CliRunner().invoke(cli, ["clues", "check", str(out), "--json"])
    summary = json.loads(check.output)["summary"]
    assert summary["isolatable"] == summary["allowed"], edited


def test_a_block_list_takes_the_layout_of_its_last_entry() -> None:
    text = "cards:\n    -   id: a\n        where: {coastal: true}\n        # a's own note\n# the end\n"
    edited = append_items(text, "cards", [("isolates X: 3 holes", {"id": "b", "where": {"tag": "x"}})],
                          header="added")
    assert edited == ("cards:\n    -   id: a\n        where: {coastal: true}\n        # a's own note\n"
                      "    # added\n    # isolates X: 3 holes\n    -   id: b\n        where: {tag: x}\n"
                      "# the end\n")


def test_a_literal_block_last_and_windows_line_ends() -> None:
    text = "cards:\r\n- id: a\r\n  title: |\r\n    A\r\n\r\nother: 1\r\n"
    edited = append_items(text, "cards", [(None, {"id": "b"})])
    assert edited == "cards:\r\n- id: a\r\n  title: |\r\n    A\r\n- id: b\r\n\r\nother: 1\r\n"


def test_an_empty_list_is_filled() -> None:
    assert append_items("cards:\nx: 1\n", "cards", [("c", {"id": "b"})]) == \
        "cards:\n  # c\n  - {id: b}\nx: 1\n"
    assert append_items("cards: []  # none\n", "cards", [("c", {"id": "b"})]) == \
        "cards: [{id: b}]  # none\n"


def test_what_cannot_take_entries_says_so() -> None:
    with pytest.raises(EditError, match="no 'cards:' list"):
        append_items("kind: deck\n", "cards", [(None, {"id": "b"})])
    with pytest.raises(EditError, match="'cards:' is not a list"):
        append_items("cards: {a: 1}\n", "cards", [(None, {"id": "b"})])


def test_a_list_shared_through_an_alias_is_not_edited() -> None:
    # appending to the anchored list would change the other key too: refused, not written
    text = "mine: &mine [{id: a}]\ncards: *mine\n"
    with pytest.raises(EditError, match="could not be added in the file's own layout"):
        append_items(text, "cards", [(None, {"id": "b"})])
