"""docs/rules.md, the project's own numbered rules: every id cited anywhere exists in it,
every decision the engine plays is documented with the same default and options, the
package ships it, and ``resistance rules`` prints and searches it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from click.testing import CliRunner

from authoring.cli import cli
from authoring.cli.rules import find, load_rules, parse_rules, rules_path
from authoring.model.rules import DECISIONS, FIXED_DECISIONS

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r"\b[RD]\d+(?:\.\d+b?)?\b")
#: ids written wrong on purpose, to test the message about an unknown decision
DELIBERATELY_UNKNOWN = {"D9.9"}


def _documented() -> dict[str, object]:
    return {e.id: e for e in load_rules()}


def _citing_files() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "tests" / "golden").glob("*.txt"))]
    files += sorted((ROOT / "tests" / "cases").rglob("*.expected"))
    for folder, patterns in (("authoring", ("*.py", "*.json", "*.js")),
                             ("cards", ("*.yaml",)), ("scenarios", ("*.yaml",)),
                             ("benchmarks", ("*.py",))):
        for pattern in patterns:
            files += sorted((ROOT / folder).rglob(pattern))
    return files


def test_the_document_is_found_where_the_package_looks() -> None:
    assert rules_path() == ROOT / "docs" / "rules.md"


def test_every_id_cited_in_code_messages_readme_and_golden_is_in_docs_rules() -> None:
    documented = _documented()
    missing: dict[str, str] = {}
    files = _citing_files()
    assert len(files) > 100
    for path in files:
        for rule_id in CITED.findall(path.read_text("utf-8", errors="replace")):
            if rule_id not in documented and rule_id not in DELIBERATELY_UNKNOWN:
                missing.setdefault(rule_id, str(path.relative_to(ROOT)))
    assert missing == {}


def test_every_engine_decision_is_documented_with_its_default_and_options() -> None:
    documented = _documented()
    for key, decision in DECISIONS.items():
        entry = documented[key]
        choices = entry.choices()  # type: ignore[attr-defined]
        assert choices[0] == ("Default", decision.default, decision.meaning[decision.default])
        assert [name for _, name, _ in choices] == list(decision.options), key
        assert [kind for kind, _, _ in choices] == ["Default"] + ["Option"] * (len(choices) - 1)
        assert {name: meaning for _, name, meaning in choices} == dict(decision.meaning), key


def test_a_decision_documented_with_options_is_one_the_engine_plays() -> None:
    with_options = [e.id for e in load_rules() if e.choices()]
    assert sorted(with_options) == sorted(DECISIONS)


def test_every_other_decision_is_known_as_one_without_alternative() -> None:
    """The decisions of docs/rules.md without options are FIXED_DECISIONS, by their titles:
    a scenario or --decision naming one is told so (D10.1 read "unknown decision 'D10.1'
    (did you mean 'D11.1'?)")."""
    fixed = {e.id: e.title for e in load_rules()
             if e.level == 3 and e.id.startswith("D") and e.id not in DECISIONS}
    assert fixed == {k: title for k, (title, _) in FIXED_DECISIONS.items()}


def test_ids_are_unique_and_every_part_of_the_book_is_there() -> None:
    ids = [e.id for e in load_rules()]
    assert len(ids) == len(set(ids))
    assert [e.id for e in load_rules() if e.level == 2] == [f"R{n}" for n in range(11)] + ["D11"]
    # the French term beside the English one: every rule of the book has one
    rules = [e for e in load_rules() if e.id.startswith("R") and e.level == 3]
    assert [e.id for e in rules if "*" not in e.title + e.body] == []


def test_the_package_ships_docs_rules() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    data_files = config["tool"]["setuptools"]["data-files"]
    assert data_files["share/resistance-authoring/docs"] == ["docs/rules.md"]


def test_resistance_rules_prints_a_decision_with_its_default() -> None:
    r = CliRunner().invoke(cli, ["rules", "D4.2"])
    assert r.exit_code == 0, r.output
    assert r.output.startswith("D4.2 Where the cube of a limited action comes from\n"
                               "Default: `supply` — the general supply beside the board")
    assert "Option: `player`" in r.output
    lower = CliRunner().invoke(cli, ["rules", "d4.2"])
    assert lower.output == r.output


def test_resistance_rules_prints_a_part_with_its_entries() -> None:
    r = CliRunner().invoke(cli, ["rules", "R8"])
    assert r.exit_code == 0
    printed = [line.split()[0] for line in r.output.splitlines()
               if re.match(r"^[RD]\d", line)]
    assert printed == ["R8", "R8.0", "R8.1", "R8.2", "D8.1", "R8.3", "R8.4", "R8.4b", "D8.2",
                       "D8.2b", "R8.5", "D8.4", "R8.6", "R8.7", "R8.8"]


def test_resistance_rules_searches_english_and_french_without_accents() -> None:
    r = CliRunner().invoke(cli, ["rules", "eliminer"])
    assert r.exit_code == 0
    assert r.output.startswith("R5.6 Eliminate — *Éliminer*\n")
    many = CliRunner().invoke(cli, ["rules", "officer"])
    assert many.exit_code == 0
    assert many.output.splitlines()[-1] == "15 rules mention 'officer': `resistance rules ID` prints one"


def test_resistance_rules_says_what_it_does_not_know() -> None:
    r = CliRunner().invoke(cli, ["rules", "R4.9"])
    assert r.exit_code == 2
    assert "no rule or decision R4.9" in r.output
    nothing = CliRunner().invoke(cli, ["rules", "xyzzy"])
    assert nothing.exit_code == 1
    assert "nothing in the rules mentions 'xyzzy'" in nothing.output


def test_the_list_names_every_entry_once() -> None:
    r = CliRunner().invoke(cli, ["rules"])
    assert r.exit_code == 0
    assert len(r.output.splitlines()) == len(load_rules())


def test_find_a_part_by_id_and_words_together() -> None:
    doc = parse_rules("## R4 Key\nIntro.\n### R4.1 Size — *Taille*\nA capital is 3.\n")
    assert [e.id for e in find(doc, "R4")] == ["R4", "R4.1"]
    assert [e.id for e in find(doc, "capital 3")] == ["R4.1"]
    assert find(doc, "capital 5") == []
