"""A new game folder in one go (``resistance init``): a generated island, a clue deck
the generator made for it (every place isolatable, R6.1), a scenario with its setup,
objective and three difficulty levels (R2.1, R2.2), a box manifest naming the shipped
content (or copies of it), the JSON Schemas for editors, and a README saying what to
edit first. The folder validates clean and exports at once.

Layout (the shipped game's, so the README's commands read the same)::

    DIR/README.md
    DIR/scenarios/<id>.yaml            the scenario
    DIR/scenarios/boards/island.yaml   the island
    DIR/cards/clues.yaml               the clue deck
    DIR/cards/manifest.yaml            the box and its content files
    DIR/schemas/*.schema.json          for the editor ($schema lines point here)

The folder appears whole or not at all: it is built in a staging folder beside it
and renamed into place (:class:`~authoring.io.fileset.FileSet`).
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml

from authoring.clues.generate import deck_yaml, generate, generated_scores
from authoring.io.fileset import FileSet
from authoring.model.board import Board
from authoring.model.island import IslandSpec, NoRoom, island_yaml, problems
from authoring.model.rules import BOX_CLUE_CARDS
from authoring.model.schema.registry import SCHEMAS, json_schema
from authoring.model.workspace import default_path

ContentMode = Literal["link", "copy"]
FAILURES = 6
SCHEMA_DIR = "schemas"


class InitError(Exception):
    """The folder cannot be made: ``message`` says why, ``hint`` what to do."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.message, self.hint = message, hint


@dataclass(frozen=True)
class NewGame:
    """What ``init`` made: the folder and its main files, relative to it."""

    folder: Path
    scenario: str
    board: str
    deck: str
    manifest: str
    places: int
    isolatable: int


def slug(name: str) -> str:
    """A scenario id from a folder name: 'Ma Partie' -> 'ma-partie'."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "my-game"


def why_not(folder: Path) -> InitError | None:
    """Why a new game cannot go into ``folder`` (it is a file, a non-empty folder, or
    its parent is missing a writable folder), or None."""
    if folder.is_file() or (folder.exists() and not folder.is_dir()):
        return InitError(f"{folder}: is a file, not a folder",
                         "name a new folder, e.g. resistance init my-game")
    if folder.is_dir() and any(folder.iterdir()):
        return InitError(f"{folder}: the folder is not empty; init never overwrites files",
                         "name a new (or empty) folder, e.g. resistance init my-game")
    parent = folder.absolute().parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        return InitError(f"{folder}: a part of the path is a file, not a folder",
                         "name a folder whose parents are folders")
    if not os.access(parent, os.W_OK | os.X_OK):
        return InitError(f"{folder}: cannot write in {parent} (permission denied)",
                         "choose a folder you may write to, e.g. one in your home folder")
    return None


def _modeline(kind: str, depth: int) -> str:
    return f"# yaml-language-server: $schema={'../' * depth}{SCHEMA_DIR}/{kind}.schema.json"


def _flow(value: Any) -> str:
    text: str = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True,
                               width=10_000, sort_keys=False)
    return text.removesuffix("\n...\n").strip()


def _shipped_manifest() -> tuple[Path, dict[str, Any]]:
    path = default_path("cards", "manifest.yaml")
    data = yaml.safe_load(path.read_text("utf-8"))
    return path, data


def _manifest_text(board: Board, content: ContentMode, files: dict[str, str]) -> str:
    _, shipped = _shipped_manifest()
    box = dict(shipped.get("box", {}))
    box["zone_tokens"] = board.total_tokens  # R0.2: the sizes of this island's zones
    box["clue_cards"] = BOX_CLUE_CARDS
    where = ("copies of the shipped content, here: edit them freely" if content == "copy"
             else "the shipped content, where the toolkit is installed; "
                  "`resistance init --content copy` copies it into the folder to edit it")
    lines = [
        _modeline("manifest", 1),
        "kind: manifest",
        "name: {fr: Ma boîte, en: My box}",
        "",
        "# The box inventory (R0.1–R0.4) as data (D0.1): validation compares the content",
        "# files and the scenarios with these numbers.",
        "box:",
        *(f"  {k}: {_flow(v)}" for k, v in box.items()),
        "",
        f"# Content files, relative to this manifest: {where}.",
        "files:",
        *(f"  {k}: {_flow(v)}" for k, v in files.items()),
    ]
    return "\n".join(lines) + "\n"


def _scenario_text(sid: str, board: Board) -> str:
    first = board.zones[0]  # number 1 of the first region: on the coast
    sizes = {z.size for z in board.zones}
    army = "".join(f"    - {{soldiers: {n}, where: {{size: {size}}}}}\n"
                   for n, size in ((2, "capital"), (1, "town")) if size in sizes)
    return f"""\
{_modeline("scenario", 1)}
# Your first scenario: edit the title and the story, then the setup (R2.1) and the
# objective; `resistance vocabulary rules` lists the special rules you may add.
kind: scenario
id: {sid}
title: {{fr: Ma première partie, en: My first game}}
context:
  fr: Une cellule de résistants débarque à {first.city}. Trouvez la base ennemie et détruisez-la.
  en: A resistance cell lands at {first.city}. Find the enemy base and destroy it.
duration: medium
board: boards/island.yaml
clues: ../cards/clues.yaml
manifest: ../cards/manifest.yaml
timer: 5                                    # minutes per players' phase (R10.1)
setup:
  army:                                     # soldiers on the island at the start (R2.1)
{army}  start: [{first.id}]                            # where the players land
  invasion_bag: one_token_per_occupied_zone # D2.1
  officers: 10                              # officers in the reserve (R2.7, R9.1)
  speed_start: {{speed: 2}}                   # the first cell of speed 2 (R2.5)
objectives:
  - kind: locate_and_destroy_base           # find it with the clues, craft a bomb, use it
    item: bomb
    candidates: {{where: {{not: {{zone: {first.id}}}}}}}
difficulty:                                 # R2.2
  easy: {{officers: 12, timer: 6}}
  normal: {{officers: 10}}
  hard: {{officers: 8, timer: 4}}
"""


def _readme(sid: str, content: ContentMode) -> str:
    cards = ("cards/*.yaml                   copies of the shipped cards, yours to edit"
             if content == "copy" else
             "cards/manifest.yaml            the box: `files:` names the shipped cards")
    return f"""\
# A new Project: Resistance game

Made by `resistance init`. Every file validates and prints as it is; change one thing
at a time and run `resistance validate .` after each change.

    scenarios/boards/island.yaml   the island: regions, zones, roads, terrain
    cards/clues.yaml               the clue deck made for this island
    scenarios/{sid}.yaml{" " * max(1, 16 - len(sid))}the scenario: setup, objective, difficulty
    {cards}
    schemas/                       JSON Schemas: your editor completes and checks

What to edit first:

1. **The island** (`scenarios/boards/island.yaml`): the names of the regions and the
   cities, the city sizes, the roads. Zones are the Voronoi cells of their cities, so
   moving a city (`at:`) moves its zone.
2. **The clue deck**: after changing the island, make a new one and prove it:

       resistance clues generate scenarios/boards/island.yaml --seed 1 -o cards/clues.yaml
       resistance clues check cards/clues.yaml

3. **The scenario** (`scenarios/{sid}.yaml`): title, story, where the army stands, where
   the players land, the objective's candidates and the three difficulty levels.

Then print it:

    resistance validate .
    resistance export scenarios/{sid}.yaml -o output/{sid}-kit.pdf

In an editor with the YAML language server (VS Code's YAML extension, for example),
the first line of each file points at its schema in `schemas/`: keys complete, each key
shows its documentation, mistakes are underlined as you type.
"""


def build(folder: Path, *, regions: int = 4, zones: int = 24, seed: int = 1,
          content: ContentMode = "link", scenario_id: str | None = None) -> NewGame:
    """Make the game folder ``folder`` (all or nothing); raises :class:`InitError`."""
    spec = IslandSpec(regions=regions, zones=zones, seed=seed)
    bad = problems(spec)
    if bad:
        raise InitError(*bad[0])
    refusal = why_not(folder)
    if refusal is not None:
        raise refusal
    sid = scenario_id or slug(folder.absolute().name)

    try:
        board_text = island_yaml(spec)
    except NoRoom as exc:
        raise InitError(str(exc), "try fewer zones (--zones) or another --seed") from exc
    board = Board.from_yaml_text(board_text, "island.yaml")
    gen = generate(board, cards=BOX_CLUE_CARDS, failures=FAILURES, seed=seed)
    gen.scores.update(generated_scores(gen, games=200))
    deck_text = deck_yaml(
        gen, "../scenarios/boards/island.yaml",
        command=f"resistance init --regions {regions} --zones {zones} --seed {seed}",
        schema_ref=f"../{SCHEMA_DIR}/deck.schema.json")

    files: dict[str, bytes] = {
        "README.md": _readme(sid, content).encode(),
        "scenarios/boards/island.yaml": (
            _modeline("board", 2) + "\n"
            f"# Generated by `resistance init --regions {regions} --zones {zones} --seed {seed}`:\n"
            "# millimetres, x east, y north; zone numbers grow from the coast inland (R8.4).\n"
            + board_text).encode(),
        "cards/clues.yaml": deck_text.encode(),
        f"scenarios/{sid}.yaml": _scenario_text(sid, board).encode(),
    }
    manifest_path, shipped = _shipped_manifest()
    listed: dict[str, str] = {}
    for kind, ref in (shipped.get("files") or {}).items():
        if kind == "clues":
            continue
        source = (manifest_path.parent / ref).resolve()
        if content == "copy":
            text = source.read_text("utf-8")
            text = re.sub(r"^# yaml-language-server: \$schema=.*$", _modeline(kind, 1), text,
                          count=1, flags=re.M)
            files[f"cards/{Path(ref).name}"] = text.encode()
            listed[kind] = Path(ref).name
        else:
            listed[kind] = source.as_posix()
    listed["clues"] = "clues.yaml"
    files["cards/manifest.yaml"] = _manifest_text(board, content, listed).encode()
    for kind in sorted(SCHEMAS):
        files[f"{SCHEMA_DIR}/{kind}.schema.json"] = (
            json.dumps(json_schema(kind), indent=2, ensure_ascii=False) + "\n").encode()

    target = folder.absolute()
    try:
        with FileSet(target.parent) as staged:
            root = staged.scratch() / "game"
            for rel, data in files.items():
                p = root / rel
                p.parent.mkdir(parents=True, exist_ok=True)
                p.write_bytes(data)
            if target.is_dir():  # empty (checked above): the new folder takes its place
                target.rmdir()
            staged.add_folder(target, root)
            staged.commit()
    except OSError as exc:
        reason = (exc.strerror or str(exc)).lower()
        raise InitError(f"{folder}: cannot write the game there ({reason}); nothing was written",
                        "choose a folder you may write to, e.g. one in your home folder") from exc
    isolatable = int(str(gen.scores["isolatable"]).split("/")[0])
    return NewGame(target, f"scenarios/{sid}.yaml", "scenarios/boards/island.yaml",
                   "cards/clues.yaml", "cards/manifest.yaml", len(board.zones), isolatable)
