"""``resistance export``: exit codes, located messages, usage errors with
did-you-mean, the files written, and the shipped default kit."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner, Result

from authoring.cli import cli
from authoring.model.workspace import Workspace, default_path

from . import sample
from .pdfcheck import circles, match

ISLAND = default_path("scenarios", "boards", "island.yaml")
SCENARIO_1 = default_path("scenarios", "scenario-1.yaml")


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["export", *args], catch_exceptions=False)


def binary_deck(path: Path) -> None:
    """A 12-card deck that isolates every place: for each bit of the zone index, the
    places with that bit set and those without (their AND is one place)."""
    board = sample.island()
    ids = [z.id for z in board.zones]
    lines = ["kind: deck", f"board: {ISLAND}", "cards:"]
    for bit in range(6):
        for value in (1, 0):
            places = [z for i, z in enumerate(ids) if (i >> bit) & 1 == value]
            lines.append(f"  - id: bit-{bit}-{value}")
            lines.append(f"    title: Bit {bit + 1} = {value}")
            lines.append(f"    places: [{', '.join(places)}]")
    lines.append("  - {id: echec, failure: true, copies: 2}")
    path.write_text("\n".join(lines) + "\n", "utf-8")


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Scenario 1 on the shipped board and content, with a test clue deck."""
    folder = tmp_path_factory.mktemp("scenario")
    binary_deck(folder / "deck.yaml")
    text = SCENARIO_1.read_text("utf-8")
    text = text.replace("board: boards/island.yaml", f"board: {ISLAND}")
    text = text.replace("clues: ../cards/clues.yaml", "clues: deck.yaml")
    path = folder / "scenario-1.yaml"
    path.write_text(text, "utf-8")
    ws = Workspace()
    assert ws.load(path, "scenario") is not None, ws.report.format()
    return path


# --------------------------------------------------------------------------- usage (exit 2)


@pytest.mark.parametrize(("args", "message"), [
    (["--only", "cards,tokns"],
     "Invalid value for '--only': unknown part 'tokns' (did you mean 'tokens'?)"),
    (["--only", "bogus"], "Invalid value for '--only': unknown part 'bogus'; parts: "),
    (["--back-offset", "1.5"],
     "Invalid value for '--back-offset': '1.5' is not X,Y in mm (e.g. 1.5,-0.5)"),
    (["--back-offset", "1,x"],
     "Invalid value for '--back-offset': '1,x' is not X,Y in mm (e.g. 1.5,-0.5)"),
    (["--bleed", "20"], "--bleed 20: the bleed must be between 0 and 10 mm"),
    (["--bleed", "11", "--paper", "letter"], "--bleed 11: the bleed must be between 0 and 10"),
    (["--paper", "a5"], "Invalid value for '--paper': 'a5' is not one of 'a4', 'letter', 'a3', 'legal', 'tabloid'."),
    (["--duplex", "both"], "Invalid value for '--duplex'"),
])
def test_usage_errors_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    r = CliRunner().invoke(cli, ["export", str(ISLAND), "-o", str(tmp_path / "k.pdf"), *args])
    assert r.exit_code == 2
    assert message in r.output
    assert "Traceback" not in r.output
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------- input (exit 1)


def test_broken_scenario_exits_1_with_located_messages(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: scenario\nid: Bad Id\ntitle: x\n", "utf-8")
    out = tmp_path / "out" / "k.pdf"
    r = run(str(bad), "-o", str(out))
    assert r.exit_code == 1
    assert (f"{bad}:2:5: error: id: expected an id of small letters, digits and dashes"
            in r.output)
    assert "missing required key 'board'" in r.output
    assert "nothing exported" in r.output
    assert not out.parent.exists()


def test_missing_file_and_wrong_kind_exit_1(tmp_path: Path) -> None:
    r = run(str(tmp_path / "nope.yaml"), "-o", str(tmp_path / "k.pdf"))
    assert r.exit_code == 1 and "nothing exported" in r.output
    deck = tmp_path / "deck.yaml"
    binary_deck(deck)
    r = run(str(deck), "-o", str(tmp_path / "k.pdf"))
    assert r.exit_code == 1
    assert "is not a scenario or a board: nothing to export [export-kind]" in r.output
    assert not (tmp_path / "k.pdf").exists()


# --------------------------------------------------------------------------- success (exit 0)


def test_board_only_export_with_parts(tmp_path: Path) -> None:
    out = tmp_path / "board.pdf"
    r = run(str(ISLAND), "-o", str(out), "--only", "tokens,tracks", "--cut-file", "svg")
    assert r.exit_code == 0, r.output
    assert f"wrote {out} (" in r.output
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 1 + 2 + 3  # contents, token pages, 3 tracks
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "board-tokens-cut-01.svg", "board-tokens-cut-02.svg", "board.pdf"]


def test_json_output(tmp_path: Path) -> None:
    out = tmp_path / "t.pdf"
    r = run(str(ISLAND), "-o", str(out), "--only", "tracks", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["pages"] == 4
    assert data["sections"] == [{"part": "tracks", "title": "Pistes Compteur d'actions",
                                 "first": 2, "last": 4, "duplex": False}]
    assert data["diagnostics"] == []


def assert_holes_match_clues_check(pdf: Path, sections: list[dict], deck_file: Path) -> None:
    """Every clue card's printed holes are the ones ``resistance clues check --json``
    reports for its deck (the acceptance of issue 5)."""
    from authoring.pdf.layout import Imposition
    from authoring.pdf.section import DEFAULT_GUTTER

    check = CliRunner().invoke(cli, ["clues", "check", str(deck_file), "--json"])
    cards = json.loads(check.stdout)["cards"]
    board = sample.island()
    clues = next(s for s in sections if s["part"] == "clues")
    reader = pypdf.PdfReader(pdf)
    deck = [c for c in cards for _ in range(c["copies"])]
    slots = Imposition(gap=DEFAULT_GUTTER).slots()
    r_hole = board.spec.minimap.hole_diameter / 2
    fronts = list(range(clues["first"], clues["last"] + 1, 2))
    assert len(fronts) == -(-len(deck) // 9)
    for sheet, page in enumerate(fronts):
        want = []
        for k, card in enumerate(deck[sheet * 9:sheet * 9 + 9]):
            assert card["failure"] == (card["holes"] == [])
            for z in card["holes"]:
                hx, hy = board.geometry.hole_centre(z)
                want.append((slots[k].trim.x + hx, slots[k].trim.y + hy))
        drawn = [(x, y) for x, y, rr in circles(reader.pages[page - 1])
                 if abs(rr - r_hole) < 0.005]
        assert match(drawn, want) == ([], [])


def test_scenario_kit_holes_match_clues_check(scenario: Path, tmp_path: Path) -> None:
    out = tmp_path / "kit.pdf"
    r = run(str(scenario), "-o", str(out), "--only", "clues,scenario", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert_holes_match_clues_check(out, data["sections"], scenario.parent / "deck.yaml")
    reader = pypdf.PdfReader(out)
    text = reader.pages[data["sections"][-1]["first"] - 1].extract_text()
    assert "Le quartier général" in text and "Difficulté (R2.2)" in text


def test_default_kit_exports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The acceptance run: no argument, the shipped scenario 1, the whole kit; the
    printed holes match ``resistance clues check --json`` of the shipped deck; the
    contents page names the scenario as the user reads it (relative path)."""
    ws = Workspace()
    assert ws.load(SCENARIO_1, "scenario") is not None, ws.report.format()
    monkeypatch.chdir(SCENARIO_1.parent.parent)
    out = tmp_path / "default.pdf"
    r = run("-o", str(out), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    cover = pypdf.PdfReader(out).pages[0].extract_text()
    assert "\nscenario-1.yaml  ·  A4" in cover and str(SCENARIO_1) not in cover
    parts = [s["part"] for s in data["sections"]]
    assert parts[:2] == ["items", "special-items"] and parts[-1] == "aids"
    for part in ("resistance", "events", "clues", "board", "tokens", "counters", "characters",
                 "tracks", "scenario"):
        assert part in parts
    chars = next(s for s in data["sections"] if s["part"] == "characters")
    assert chars["last"] - chars["first"] + 1 == 8  # R0.3: 8 character sheets
    shipped = [p for p in SCENARIO_1.parent.glob("*.yaml")
               if p.read_text("utf-8").count("kind: scenario")]
    sheets = next(s for s in data["sections"] if s["part"] == "scenario")
    assert sheets["last"] - sheets["first"] + 1 == len(shipped)  # every scenario card (R0.4)
    assert (tmp_path / "default-perforations.pdf").exists()
    assert (tmp_path / "default-calibration.pdf").exists()
    assert_holes_match_clues_check(out, data["sections"], default_path("cards", "clues.yaml"))


# --------------------------------------------------------------------------- images


def png_size(path: Path) -> tuple[int, int]:
    w, h = struct.unpack(">II", path.read_bytes()[16:24])
    return w, h


def test_png_and_tts(tmp_path: Path) -> None:
    from authoring.pdf.kit import export_kit
    from authoring.pdf.section import KitOptions

    out = tmp_path / "img.pdf"
    result = export_kit(sample.inputs(), KitOptions(parts=("events", "clues"), png=True,
                                                    tts=True, png_dpi=100), out)
    assert not [d for d in result.diagnostics if d.code.startswith("png")]
    pngs = sorted(p.name for p in (tmp_path / "img-png").glob("*.png"))
    assert pngs == ["clues-01-coastal.png", "clues-02-big.png", "clues-03-north-east.png",
                    "clues-04-odd.png", "clues-05-failure.png", "clues-06-first.png",
                    "clues-back.png", "events-01-reinforcements.png", "events-back.png"]
    # each card with its 3 mm bleed: 69 × 94 mm at 100 dpi
    assert png_size(tmp_path / "img-png" / "events-back.png") == (272, 371)
    index = json.loads((tmp_path / "img-png" / "index.json").read_text("utf-8"))
    assert {e["file"]: e["copies"] for e in index}["clues-01-coastal.png"] == 2
    tts = json.loads((tmp_path / "img-tts" / "tts.json").read_text("utf-8"))
    assert [(d["deck"], d["cards"]) for d in tts] == [("events", 2), ("clues", 10)]
    for d in tts:
        sheet = tmp_path / "img-tts" / d["sheets"][0]["file"]
        w, h = png_size(sheet)
        assert w <= 4096 and (w, h) == (4090, 3997)  # 10 × 7 cards of 409 × 571 px
        assert png_size(tmp_path / "img-tts" / d["back"]) == (409, 571)
    # the saved object: a custom deck per deck with every copy, the back hidden, the board
    saved = json.loads((tmp_path / "img-tts" / "tts-object.json").read_text("utf-8"))
    decks = [o for o in saved["ObjectStates"] if o["Name"] == "DeckCustom"]
    assert [(o["Description"], len(o["DeckIDs"]), len(o["ContainedObjects"])) for o in decks] \
        == [("events", 2, 2), ("clues", 10, 10)]
    for o in decks:
        (number, sheet), = o["CustomDeck"].items()
        assert all(cid // 100 == int(number) for cid in o["DeckIDs"])
        assert sheet["FaceURL"].startswith("file://") and sheet["BackIsHidden"]
        assert sheet["FaceURL"].endswith(f"img-tts/{o['Description']}-sheet-1.png")
        assert sheet["BackURL"].endswith(f"img-tts/{o['Description']}-back.png")
    assert [o["Name"] for o in saved["ObjectStates"]].count("Custom_Board") == 0  # no board part


def test_tts_object_holds_tokens_in_bags_and_the_sheets(tmp_path: Path) -> None:
    """The Tabletop Simulator saved object of the shipped game: every token as a
    tile with its own picture (zone tokens, recruits, soldiers … in bags, as many
    as the box holds), the counter tracks and other sheets as flat tiles of their
    page's proportions; every picture it names exists."""
    out = tmp_path / "tts.pdf"
    r = run(str(SCENARIO_1), "-o", str(out), "--tts", "--only",
            "tokens,counters,tracks,characters,board")
    assert r.exit_code == 0, r.output
    folder = tmp_path / "tts-tts"
    saved = json.loads((folder / "tts-object.json").read_text("utf-8"))
    objects = saved["ObjectStates"]
    bags = {o["Nickname"]: o["ContainedObjects"] for o in objects if o["Name"] == "Bag"}
    board = sample.island()
    assert {k: len(v) for k, v in bags.items()} == {
        "Jetons Zone": sum(z.tokens for z in board.zones),  # R0.2
        "Recrues": 29, "Jetons Planification": 10,
        "Soldats": 50, "Officiers": 12, "Cubes Réputation": 72}  # R0.2–R0.4
    zone = bags["Jetons Zone"][0]
    assert zone["Name"] == "Custom_Tile" and zone["CustomImage"]["CustomTile"]["Type"] == 2
    assert zone["Nickname"] == f"{board.zones[0].id} {board.zones[0].city}"
    assert bags["Soldats"][0]["CustomImage"]["CustomTile"]["Type"] == 0  # square counters
    tiles = [o for o in objects if o["Name"] == "Custom_Tile"]
    names = [t["Nickname"] for t in tiles]
    assert names.count("Marqueur Objectif") == 4 and names.count("Marqueur de vitesse") == 1
    assert sum(n.startswith("Pion ") for n in names) == 5
    tracks = [t for t in tiles if t["Nickname"].startswith("Pistes Compteur")]
    characters = [t for t in tiles if t["Nickname"].startswith("Fiches de personnage")]
    assert len(tracks) == 3 and len(characters) == 8
    for t in tracks:
        tr = t["Transform"]
        assert tr["scaleX"] / tr["scaleZ"] == pytest.approx(210 / 297, abs=1e-3)
        image = Path(t["CustomImage"]["ImageURL"].removeprefix("file://"))
        w, h = png_size(image)
        assert h == 1600 and abs(w - 1600 * 210 / 297) <= 1
    # every picture named is there, the tokens at 256 px
    urls = {u for o in objects for u in _urls(o)}
    assert urls and all(Path(u.removeprefix("file://")).is_file() for u in urls)
    face = Path(zone["CustomImage"]["ImageURL"].removeprefix("file://"))
    assert png_size(face) == (256, 256)
    # a recruit and a dummy look alike face down (R0.3)
    recruits = bags["Recrues"]
    backs = {o["CustomImage"]["ImageSecondaryURL"] for o in recruits}
    assert len(backs) == 1 and len({o["CustomImage"]["ImageURL"] for o in recruits}) > 1


def _urls(o: dict) -> list[str]:
    found = [v for k, v in o.get("CustomImage", {}).items() if k.endswith("URL") and v]
    for inner in o.get("ContainedObjects", []):
        found += _urls(inner)
    return found


def png_alpha(path: Path) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of alpha values) of an 8-bit RGBA PNG (decoded here:
    zlib and the five row filters)."""
    import zlib

    data = path.read_bytes()
    w, h = struct.unpack(">II", data[16:24])
    assert data[24:26] == b"\x08\x06"  # 8 bits, RGBA
    pos, chunks = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            chunks += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(chunks)
    stride, bpp = w * 4, 4
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line[3::4]))
        prev = line
    return w, h, rows


def test_cricut_print_then_cut_images(tmp_path: Path) -> None:
    """--cutter cricut: one image per card sheet to upload to Design Space, the
    Print Then Cut area (6.75 × 9.25 in) at --dpi, each card opaque inside its
    rounded outline and the ground transparent, so Design Space finds every card."""
    from authoring.pdf.kit import export_kit
    from authoring.pdf.section import KitOptions

    out = tmp_path / "c.pdf"
    result = export_kit(sample.inputs(), KitOptions(parts=("events",), cutter="cricut",
                                                    png_dpi=100), out)
    assert not [d for d in result.diagnostics if d.code.startswith("png")]
    images = sorted((tmp_path / "c-cricut").glob("*.png"))
    assert [p.name for p in images] == ["events-sheet-01.png"]
    w, h, alpha = png_alpha(images[0])
    assert (w, h) == (675, 925)  # 6.75 × 9.25 in at 100 dpi
    imp = KitOptions(cutter="cricut").card_options().imposition()
    ox, oy = (imp.paper.width - 171.45) / 2, (imp.paper.height - 234.95) / 2
    px = 100 / 25.4
    for slot in imp.slots()[:2]:  # the sample has two event cards
        t = slot.trim.translate(-ox, -oy)
        cx, cy = round((t.x + t.w / 2) * px), round(h - (t.y + t.h / 2) * px)
        assert alpha[cy][cx] == 255  # the card
        corner_x, corner_y = round((t.x + 0.3) * px), round(h - (t.top - 0.3) * px)
        assert alpha[corner_y][corner_x] == 0  # cut away by the rounded corner
        assert alpha[cy][round((t.x - 0.8) * px)] == 0  # the ground beside it
    assert alpha[5][5] == 0 and alpha[h - 5][w - 5] == 0
