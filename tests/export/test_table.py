"""Issue 25, a kit that survives a playtest table: each printed defect measured on
what is written (cut files, drawn boxes, slot sizes), not on pixels."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from authoring.pdf.cutfile import MARK_CLEARANCE, SVG_NS
from authoring.pdf.kit import export_kit
from authoring.pdf.layout import Paper, Rect
from authoring.pdf.section import KitOptions

from . import sample


def _svg_rects(path: Path) -> tuple[list[Rect], list[Rect]]:
    """The card outlines (group ``cut``) and the inked registration marks (group
    ``registration``) of a cut SVG, in page mm with y up."""
    root = ET.fromstring(path.read_text("utf-8"))
    height = float(root.get("viewBox", "0 0 0 0").split()[3])
    found: dict[str, list[Rect]] = {"cut": [], "registration": []}
    for g in root.iter(f"{{{SVG_NS}}}g"):
        if g.get("id") in found:
            for r in g.iter(f"{{{SVG_NS}}}rect"):
                w, h = float(r.get("width", 0)), float(r.get("height", 0))
                found[g.get("id", "")].append(
                    Rect(float(r.get("x", 0)), height - float(r.get("y", 0)) - h, w, h))
    return found["cut"], found["registration"]


def _gap(a: Rect, b: Rect) -> float:
    """The distance between two rectangles (0 when they touch or overlap)."""
    dx = max(b.x - a.right, a.x - b.right, 0.0)
    dy = max(b.y - a.top, a.y - b.top, 0.0)
    return float((dx * dx + dy * dy) ** 0.5)


@pytest.mark.parametrize("paper,duplex", [("letter", "fold"), ("a4", "fold"),
                                          ("letter", "long"), ("a4", "long")])
def test_silhouette_marks_keep_white_around_them(tmp_path: Path, paper: str,
                                                 duplex: str) -> None:
    """Broken 1: with --cutter silhouette no card's bleed comes within
    MARK_CLEARANCE (2 mm) of an inked registration mark, measured in the cut file
    (the outlines grown by the bleed against the marks' rectangles); on Letter a
    fold-over sheet holds one pair a row (two pairs ran over the bracket)."""
    out = tmp_path / "k.pdf"
    opts = KitOptions(paper_name=paper, duplex=duplex,  # type: ignore[arg-type]
                      parts=("events", "items"), cutter="silhouette")
    export_kit(sample.inputs(), opts, out)
    svgs = sorted(tmp_path.glob("k-perforations-*.svg"))
    assert svgs
    for svg in svgs:
        outlines, marks = _svg_rects(svg)
        assert outlines and len(marks) == 5  # the square and two brackets' two arms
        for card in outlines:
            for mark in marks:
                assert _gap(card.expand(opts.bleed), mark) >= MARK_CLEARANCE - 1e-6, (
                    svg.name, card, mark)
    if duplex == "fold":
        imp = opts.card_options().imposition()
        assert imp.fold and imp.cards_per_page >= 2


def test_a_fold_layout_that_cannot_clear_the_marks_is_refused() -> None:
    """Broken 1: when no fold-over pair fits clear of the marks (here a mark in the
    middle of the sheet, where every centred grid runs), the layout is refused with
    a message instead of printing over them."""
    from authoring.pdf.cards import CardOptions
    from authoring.pdf.cutfile import RegistrationMark
    from authoring.pdf.layout import LayoutError

    def middle(paper: Paper) -> tuple[RegistrationMark, ...]:
        return (RegistrationMark(paper.width / 2, paper.height / 2, 5.0, "square"),)

    with pytest.raises(LayoutError, match="clear of the cutter's registration marks"):
        CardOptions(duplex="fold", gap=2.0, cutter_marks=middle).imposition()


@pytest.mark.parametrize("duplex,cutter,wanted,unwanted", [
    ("fold", "silhouette", ["pliez", "Type 1", "20 mm", "0,5 mm", "10 mm"], ["bord long"]),
    ("fold", "none", ["pliez", "Pas de calibration"], ["bord long", "Silhouette"]),
    ("long", "none", ["recto-verso (bord long)", "--back-offset"], ["pliez"]),
    ("short", "none", ["recto-verso (bord court)"], ["pliez"]),
    ("none", "none", ["remettez les feuilles", "dos à dos"], ["recto-verso (", "pliez"]),
    ("long", "cricut", ["Design Space", "k-cricut"], ["pliez"]),
])
def test_each_card_layout_gets_its_own_instructions(tmp_path: Path, duplex: str, cutter: str,
                                                    wanted: list[str],
                                                    unwanted: list[str]) -> None:
    """Broken 2: the contents page tells how to print and finish the cards of this
    layout: a fold kit how to fold (not "recto-verso bord long"), a cutter its
    settings."""
    import pypdf

    out = tmp_path / "k.pdf"
    opts = KitOptions(duplex=duplex, cutter=cutter,  # type: ignore[arg-type]
                      parts=("events",), cut_files=())
    export_kit(sample.inputs(), opts, out)
    text = " ".join(pypdf.PdfReader(out).pages[0].extract_text().split())
    for w in wanted:
        assert w in text, w
    for w in unwanted:
        assert w not in text, w


def _island() -> Any:
    from authoring.model.workspace import Workspace, default_path

    return Workspace().load(default_path("scenarios", "boards", "island.yaml"))


def _scenarios() -> list[Any]:
    from authoring.model.workspace import Workspace, default_path

    ws = Workspace()
    folder = default_path("scenarios", "scenario-1.yaml").parent
    return [ws.load(p) for p in sorted(folder.glob("scenario-*.yaml"))]


def test_zone_labels_are_large_and_clear_of_city_discs() -> None:
    """Broken 7 and "reads at a glance": zone ids at 14 pt at least; no label
    (id and city name) runs under a city's disc (its outer circle as drawn), over
    a road or path, or over another label; all but a few sit inside their own
    zone."""
    from shapely.geometry import LineString, Point, box

    from authoring.pdf.boardmap import (
        CITY_PT,
        LABEL_PT,
        PT_MM,
        _disc_radius,
        zone_labels,
    )

    assert LABEL_PT >= 14 and CITY_PT >= 8
    board = _island()
    labels = zone_labels(board)
    assert [lab.zone for lab in labels] == [z.id for z in board.zones]
    discs = [Point(z.at).buffer(_disc_radius(z.size)) for z in board.zones]
    roads = [LineString([board.zone(r.a).at, board.zone(r.b).at]) for r in board.roads]
    boxes = [box(*lab.box) for lab in labels]
    for lab, b in zip(labels, boxes, strict=True):
        assert lab.box[3] - lab.box[1] >= (LABEL_PT + CITY_PT) * PT_MM
        assert not any(b.intersects(d) for d in discs), lab.zone
        assert not any(b.intersects(r) for r in roads), lab.zone
    overlaps = [(a.zone, c.zone) for i, (a, ba) in enumerate(zip(labels, boxes, strict=True))
                for c, bc in zip(labels[i + 1:], boxes[i + 1:], strict=True) if ba.intersects(bc)]
    assert overlaps == []
    outside = [lab.zone for lab, b in zip(labels, boxes, strict=True)
               if not board.geometry.zone_polygons[lab.zone].contains(b)]
    assert len(outside) <= 2, outside


@pytest.mark.parametrize("scale", [182.0 / 600, 0.5])
def test_setup_badges_sit_in_their_zone_clear_of_labels_and_roads(scale: float) -> None:
    """Broken 3: on every shipped scenario's map, each zone's setup badges (the
    start star among them) sit inside that zone, over no road, city disc, zone
    label (as the miniature places it) or other zone's badges."""
    from shapely.geometry import LineString, Point, box

    from authoring.pdf.boardmap import _disc_radius, city_names_at, label_pt_at, zone_labels
    from authoring.pdf.sheets import setup_marks

    for sc in _scenarios():
        board = sc.board
        labels = [box(*lab.box) for lab in zone_labels(
            board, city_names=city_names_at(scale), label_pt=label_pt_at(scale))]
        discs = [Point(z.at).buffer(_disc_radius(z.size)) for z in board.zones]
        roads = [LineString([board.zone(r.a).at, board.zone(r.b).at]) for r in board.roads]
        marks = setup_marks(sc, scale)
        assert {m.zone for m in marks if ("start", 0) in m.items} == set(sc.start)
        boxes = [box(*m.box) for m in marks]
        for m, b in zip(marks, boxes, strict=True):
            assert board.geometry.zone_polygons[m.zone].contains(b), (sc.id, m.zone)
            for what, shapes in (("label", labels), ("disc", discs), ("road", roads)):
                assert not any(b.intersects(s) for s in shapes), (sc.id, m.zone, what)
        assert not any(a.intersects(c) for i, a in enumerate(boxes) for c in boxes[i + 1:])


def _word_boxes(pdf: Path) -> list[list[tuple[float, float, float, float, str]]]:
    """Every word of every page as pdftotext places it (its font's full height),
    page mm with y up: ``(x0, y0, x1, y1, word)``."""
    import re
    import shutil
    import subprocess

    tool = shutil.which("pdftotext")
    if tool is None:
        pytest.fail("pdftotext is missing: apt-get install -y poppler-utils (.ci/run does)")
    html = subprocess.run([tool, "-bbox", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    mm = 72 / 25.4
    pages = []
    for page in html.split("<page ")[1:]:
        found = re.search(r'height="([\d.]+)"', page)
        assert found is not None
        height = float(found.group(1))
        pages.append([(float(a) / mm, (height - float(d)) / mm, float(c) / mm,
                       (height - float(b)) / mm, w)
                      for a, b, c, d, w in re.findall(
                          r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
                          r'yMax="([\d.]+)">([^<]*)</word>', page)])
    return pages


def test_token_text_keeps_1_5_mm_from_the_cut(tmp_path: Path) -> None:
    """Broken 6: on every round token (planning tokens among them) each word's box,
    its font's full height, stays 1.5 mm inside the cut circle of the cut file."""
    from authoring.pdf.cutfile import read_svg_holes
    from authoring.pdf.tokens import CUT_SAFE

    assert CUT_SAFE >= 1.5
    out = tmp_path / "k.pdf"
    result = export_kit(sample.inputs(), KitOptions(parts=("tokens",), cut_files=("svg",)), out)
    tokens = result.section("tokens")
    pages = _word_boxes(out)
    svgs = sorted(tmp_path.glob("k-tokens-cut-*.svg"))
    assert len(svgs) == tokens.last - tokens.first + 1
    planning = 0
    for svg, words in zip(svgs, pages[tokens.first - 1:tokens.last], strict=True):
        holes = read_svg_holes(svg.read_text("utf-8"))
        for x0, y0, x1, y1, word in words:
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            hole = next((h for h in holes if (cx - h.x) ** 2 + (cy - h.y) ** 2 < h.radius ** 2),
                        None)
            if hole is None:
                continue  # the page's own notes
            far = max(((px - hole.x) ** 2 + (py - hole.y) ** 2) ** 0.5
                      for px in (x0, x1) for py in (y0, y1))
            assert hole.radius - far >= 1.5 - 1e-6, (svg.name, word, hole.radius - far)
            planning += word.startswith("Planification")
    assert planning > 0


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_character_sheet_slots_hold_their_pieces(paper_name: str) -> None:
    """Broken 4: a character sheet is a play mat: every skill slot holds a 20 mm
    recruit or planning token, every action-counter cell the 20 mm counter, every
    inventory box a 63 × 88 mm item card, and the reputation reserve ten 12 mm
    cubes; nothing overlaps and all of it is on the page."""
    from authoring.model.workspace import Workspace, default_path
    from authoring.pdf.layout import paper_named
    from authoring.pdf.sheets import character_layout, characters_of
    from authoring.pdf.tokens import ROUND_SIZE, SQUARE_SIZE

    content = Workspace().load(default_path("cards", "characters.yaml"))
    characters = characters_of(content) or list(getattr(content, "characters", []))
    assert len(characters) == 8
    paper = paper_named(paper_name).landscape()  # type: ignore[union-attr]
    for ch in characters:
        lay = character_layout(paper, ch)
        circles = [c for skill in "CMI" for c in lay.slots[skill]]
        assert len(circles) == sum(len(ch.skills[s].slots) for s in "CMI")
        assert all(d >= ROUND_SIZE for _x, _y, d in circles)
        assert all(min(r.w, r.h) >= ROUND_SIZE for r in lay.counter)
        assert len(lay.counter) == ch.actions + 1
        assert len(lay.inventory) == 4
        assert all(r.w >= 63 and r.h >= 88 for r in lay.inventory)
        assert lay.reserve.w * lay.reserve.h >= 10 * SQUARE_SIZE ** 2
        assert lay.reserve.h >= SQUARE_SIZE
        boxes = [Rect(x - d / 2, y - d / 2, d, d) for x, y, d in circles]
        boxes += [*lay.counter, lay.reserve, *lay.inventory]
        for i, a in enumerate(boxes):
            assert paper.rect.inset(5).contains(a), (ch.id, a)
            for b in boxes[i + 1:]:
                assert not a.overlaps(b), (ch.id, a, b)


def test_every_zone_is_in_the_overflows_with_its_zero() -> None:
    """Broken 5: a cell's overflows name every zone of the board, 0 where the army
    never overflowed, and the study carries the scenario's target bands."""
    from authoring.engine.game import Game
    from authoring.engine.simulate import summarise_cell
    from authoring.model.balance import GameRecord
    from authoring.model.game import load_game
    from authoring.model.workspace import default_path

    model = load_game(default_path("scenarios", "scenario-1.yaml"))
    game = Game.create(model, players=4, difficulty="normal")
    record = GameRecord(seed=1, won=False, termination="ROUND_CAP", round=3, progress=0.0,
                        reveal_round=(None,) * len(game.objectives),
                        investigations=(None,) * len(game.objectives), officers=0,
                        overflows={game.topo.ids[0]: 2}, actions={}, cards={})
    cell = summarise_cell([record], game)
    assert set(cell.overflows) == set(game.topo.ids)
    assert cell.overflows[game.topo.ids[0]] == 2
    assert sum(cell.overflows.values()) == 2


@pytest.fixture(scope="module")
def balance(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    """A small study's JSON and its report (2 games a cell, three difficulties)."""
    import json

    from click.testing import CliRunner

    from authoring.cli import cli

    out = tmp_path_factory.mktemp("balance") / "balance.pdf"
    result = CliRunner().invoke(cli, ["simulate", "--games", "2", "--difficulty",
                                      "easy,normal,hard", "--players", "4", "--bot", "simple",
                                      "--report", str(out)])
    assert result.exit_code == 0, result.output
    return json.loads(out.with_suffix(".json").read_text("utf-8")), out


def test_heat_map_colours_every_zone_on_the_ramp_with_a_key(
        balance: tuple[dict[str, Any], Path]) -> None:
    """Broken 5: every zone of the board is on the heat map's ramp, those with no
    overflow at its zero (white), not in their region's colour; the page has the
    colour key (0 … peak); its zone ids are printed at 6 pt at least."""
    import pypdf

    from authoring.pdf.balance import _heat, _ramp

    from .pdfcheck import small_text, text_runs

    data, pdf = balance
    board = _island()
    zones = [z.id for z in board.zones]
    total = {z: sum(c["overflows"][z] for c in data["cells"].values()) for z in zones}
    colours = _heat(total, max(total.values()), zones)
    assert set(colours) == set(zones)
    assert any(n == 0 for n in total.values())
    for z, n in total.items():
        if n == 0:
            assert colours[z] == _ramp(0.0), z
    reader = pypdf.PdfReader(pdf)
    page = reader.pages[3]
    text = page.extract_text()
    assert "overflows from the zone" in text and str(max(total.values())) in text
    ids = [r for r in text_runs(reader, page) if r.text in zones]
    assert {r.text for r in ids} == set(zones)  # (each twice: its halo, then its ink)
    assert not [r for n, r in small_text(reader, 6.0) if n == 4 and r.text in zones]


def test_report_shades_the_target_bands_and_draws_a_survival_panel_per_difficulty(
        balance: tuple[dict[str, Any], Path]) -> None:
    """The balance report: the study carries the scenario's bands (balance:), the
    win-rate page says what the shaded band is, the survival page has one panel
    per difficulty, the usage page names the actions."""
    import pypdf

    data, pdf = balance
    assert data["targets"] == {"easy": [0.6, 0.9], "normal": [0.4, 0.7], "hard": [0.2, 0.5]}
    pages = [p.extract_text() for p in pypdf.PdfReader(pdf).pages]
    assert "target band" in pages[1]
    assert all(level in pages[2] for level in ("easy", "normal", "hard"))
    # the usage page names actions and cards, not their ids
    assert "Move (R5.1)" in pages[4]
    assert "\nmove\n" not in f"\n{pages[4]}\n"


def test_the_one_sheet_board_reads_from_across_the_table(tmp_path: Path) -> None:
    """Reads at a glance: on the true-size board every zone id is printed at 14 pt
    at least and every city name at 8 pt (each drawn twice: the white halo, then
    the ink); the legend names the terrain and the regions."""
    import pypdf

    from .pdfcheck import text_runs

    out = tmp_path / "k.pdf"
    export_kit(sample.inputs(), KitOptions(parts=("board",)), out)
    reader = pypdf.PdfReader(out.with_name("k-board.pdf"))
    runs = text_runs(reader, reader.pages[0])
    board = sample.island()
    for z in board.zones:
        ids = [r for r in runs if r.text == z.id]
        cities = [r for r in runs if r.text == z.city]
        assert len(ids) == 2 and all(r.size >= 14 for r in ids), z.id
        assert len(cities) == 2 and all(r.size >= 8 for r in cities), z.city
    words = {r.text for r in runs}
    assert {"Forêt", "Montagne", "Lac", "Rivière"} <= words
    assert all(f"{r.id} — {r.name}" in words for r in board.regions)


def _urls(node: Any) -> list[str]:
    if isinstance(node, dict):
        return [v for k, v in node.items() if k.endswith("URL") and v] + [
            u for v in node.values() for u in _urls(v)]
    if isinstance(node, list):
        return [u for v in node for u in _urls(v)]
    return []


def test_tts_url_names_the_images_where_they_will_be_hosted(tmp_path: Path) -> None:
    """--tts-url BASE: every image of the saved object is BASE + its file's name (a
    file written beside it), not this machine's file:// path; a BASE that is no
    address is refused (exit 2)."""
    import json

    from click.testing import CliRunner

    from authoring.cli import cli

    out = tmp_path / "k.pdf"
    base = "https://example.org/resistance"
    r = CliRunner().invoke(cli, ["export", "-o", str(out), "--tts", "--tts-url", base,
                                 "--only", "events,counters"])
    assert r.exit_code == 0, r.output
    folder = tmp_path / "k-tts"
    urls = _urls(json.loads((folder / "tts-object.json").read_text("utf-8")))
    assert urls
    for url in urls:
        assert url.startswith(base + "/") and "file:" not in url
        assert (folder / url[len(base) + 1:]).is_file(), url
    bad = CliRunner().invoke(cli, ["export", "-o", str(out), "--tts", "--tts-url", "my site"])
    assert bad.exit_code == 2 and "--tts-url" in bad.output


def test_officers_and_reputation_cubes_do_not_look_alike() -> None:
    """Reads at a glance: the black officer counters and the reputation cubes differ
    by more than their letter (a contrast of 3:1 at least between their grounds)."""
    from reportlab.lib.colors import HexColor

    from authoring.pdf.boardmap import contrast
    from authoring.pdf.section import KitOptions
    from authoring.pdf.tokens import OFFICER, REPUTATION, counters

    assert contrast(HexColor(OFFICER), HexColor(REPUTATION)) >= 3.0
    fills = {t.name: t.fill for t in counters(sample.inputs(), KitOptions())}
    assert fills["officer"] == OFFICER and fills["reputation"] == REPUTATION


@pytest.mark.parametrize("punch", [None, 3.0, 3.175])
def test_clue_holes_take_the_stock_punch(tmp_path: Path, punch: float | None) -> None:
    """--punch 3mm / 1/8in: every place hole of the clue cards, printed and in the
    cut file, has the punch's diameter (the board's minimap.hole_diameter without
    it); a punch that leaves too thin a bridge is a warning naming two places."""
    from authoring.io.diagnostics import Report
    from authoring.pdf.clue_cards import punch_problems
    from authoring.pdf.cutfile import read_svg_holes

    board = sample.island()
    out = tmp_path / "k.pdf"
    report = Report()
    export_kit(sample.inputs(), KitOptions(parts=("clues",), punch=punch, cut_files=("svg",)),
               out, report=report)
    keys = {round(k.diameter, 3) for k in board.spec.minimap.keys}
    sizes = {round(h.diameter, 3) for p in tmp_path.glob("k-perforations-*.svg")
             for h in read_svg_holes(p.read_text("utf-8"))}
    assert sizes - keys == {round(punch or board.spec.minimap.hole_diameter, 3)}
    warned = [d for d in report.sorted() if d.code == "clue-punch"]
    assert bool(warned) == bool(punch and punch_problems(board, punch))


def test_film_clue_cards_have_nothing_to_punch(tmp_path: Path) -> None:
    """--clues film: the clue cards for transparency film: no perforation cut file
    (nothing to punch), the section and the contents page say film; each place of
    a card is left unprinted (white when rendered)."""
    import shutil
    import subprocess
    from dataclasses import replace

    import pypdf

    from authoring.pdf.clue_cards import clue_holes

    out = tmp_path / "k.pdf"
    result = export_kit(sample.inputs(), KitOptions(parts=("clues",), clues="film"), out)
    assert list(tmp_path.glob("k-perforations*")) == []
    section = result.section("clues")
    assert "film" in section.title
    assert "Rien à percer" in " ".join(pypdf.PdfReader(out).pages[0].extract_text().split())
    tool = shutil.which("pdftoppm")
    if tool is None:
        pytest.fail("pdftoppm is missing: apt-get install -y poppler-utils (.ci/run does)")
    # the first card's places: white pixels at their centres on the rendered page
    dpi = 100
    subprocess.run([tool, "-r", str(dpi), "-gray", "-f", str(section.first), "-l",
                    str(section.first), str(out), str(tmp_path / "p")], check=True)
    pgm = next(tmp_path.glob("p-*.pgm")).read_bytes()
    header = pgm.split(b"\n", 3)
    width, height = (int(v) for v in header[1].split())
    pixels = header[3]
    card = next(c for c in sample.inputs().clues if not c.failure)
    board = sample.island()
    mw, mh = board.spec.minimap.card
    copt = KitOptions(parts=("clues",)).card_options()
    slot = replace(copt, card_width=mw, card_height=mh).imposition().slots()[0].trim

    def pixel(x: float, y: float) -> int:
        """The grey level at page mm (x, y)."""
        return pixels[round(height - y / 25.4 * dpi) * width + round(x / 25.4 * dpi)]

    for h in clue_holes(card, board):
        if h.zone is not None:
            assert pixel(slot.x + h.x, slot.y + h.y) > 240, h.zone  # clear film
    wx, wy, _, _ = board.spec.minimap.window
    assert pixel(slot.x + wx + 1.5, slot.y + wy + 1.5) < 100  # the inked window


@pytest.mark.parametrize("designer", [False, True])
def test_rule_ids_on_cards_only_for_designers(tmp_path: Path, designer: bool) -> None:
    """Card faces: the footers' rule ids (R5.4, R8.1 …) are a designer's proof,
    printed only with --designer; the players' words stay."""
    import re

    import pypdf

    out = tmp_path / "k.pdf"
    result = export_kit(sample.inputs(), KitOptions(parts=("items", "events"),
                                                    designer=designer), out)
    reader = pypdf.PdfReader(out)
    text = " ".join(reader.pages[n - 1].extract_text()
                    for s in result.sections for n in range(s.first, s.last + 1))
    assert bool(re.search(r"\bR\d+\.\d+", text)) == designer
    assert "Phase de l'armée" in text


def test_player_aid_draws_the_round_as_a_diagram_with_a_symbol_key(tmp_path: Path) -> None:
    """Player aids: the round as two phase bands of three step boxes each, joined
    top to bottom inside the column, and a key of the card symbols and skill
    badges."""
    import pypdf
    from reportlab.pdfgen.canvas import Canvas

    from authoring.pdf.sheets import round_diagram, round_steps

    class _W:  # the writer's warn is all the diagram needs
        warnings: list[str] = []

        def warn(self, code: str, message: str, *_: Any, **__: Any) -> None:
            self.warnings.append(message)

    from authoring.pdf.canvas import register_fonts

    register_fonts()
    w = _W()
    area = Rect(10, 20, 90, 115)
    boxes = round_diagram(w, Canvas(str(tmp_path / "d.pdf")), area, "fr")  # type: ignore[arg-type]
    assert len(boxes) == sum(len(steps) for _, steps in round_steps("fr")) == 6
    assert all(area.contains(b) for b in boxes) and w.warnings == []
    assert all(a.y > b.top for a, b in zip(boxes, boxes[1:], strict=False))  # top to bottom
    out = tmp_path / "k.pdf"
    result = export_kit(sample.inputs(), KitOptions(parts=("aids",)), out)
    text = pypdf.PdfReader(out).pages[result.section("aids").first - 1].extract_text()
    for word in ("1. Phase des joueurs", "2. Phase de l'armée (R8)", "Invasion (R8.2)", "R8.4",
                 "Symboles des cartes", "réputation", "Ingénierie"):
        assert word in text, word


def test_a_card_family_shares_one_text_size(tmp_path: Path) -> None:
    """Card faces: every card of a deck sets its effect text at one size, the
    largest at which all of them fit (no overflow warning)."""
    import pypdf

    from authoring.io.diagnostics import Report
    from authoring.model.workspace import Workspace, default_path
    from authoring.pdf.section import inputs_from

    from .pdfcheck import text_runs

    path = default_path("scenarios", "scenario-1.yaml")
    inputs = inputs_from(Workspace().load(path), str(path), "fr")
    out = tmp_path / "k.pdf"
    report = Report()
    result = export_kit(inputs, KitOptions(parts=("items",)), out, report=report)
    assert not [d for d in report.sorted() if d.code == "card-text-overflow"]
    reader = pypdf.PdfReader(out)
    items = result.section("items")
    sizes = {round(r.size, 2) for n in range(items.first, items.last + 1)
             for r in text_runs(reader, reader.pages[n - 1]) if r.text.startswith("Pièce pour")}
    assert len(sizes) == 1


def test_square_counters_have_a_bleed(tmp_path: Path) -> None:
    """Tokens: the small square counters (soldiers, officers, pawns, cubes) are
    printed with a 1 mm bleed in a 2 mm gap, so a missed guillotine cut shows the
    counter's own colour."""
    from authoring.pdf.tokens import CounterSection

    section = CounterSection(sample.inputs(), KitOptions())
    grid = section.grid
    assert grid.bleed >= 1.0 and grid.gap >= 2 * grid.bleed
    for slot in grid.slots(10):
        assert slot.bleed.w >= slot.trim.w + 2.0 - 1e-9


def test_tts_objects_are_spaced_by_their_sizes_off_the_board() -> None:
    """Tabletop Simulator: the character and other sheets do not overlap, and no
    deck, marker, bag or sheet spawns on the board (BOARD_HALF around the centre)."""
    from authoring.pdf.png import BOARD_HALF, TtsSheet, TtsToken, tts_saved_object

    sheets = [TtsSheet(f"Fiche {k}", f"s{k}.png", (297.0, 210.0)) for k in range(12)]
    tokens = [TtsToken(f"objective {k}", "Objectif", "o.png", "b.png", "circle", 20.0)
              for k in range(17)]
    manifest = [{"deck": "events", "title": "Events", "cards": 1,
                 "sheets": [{"file": "e.png", "cards": 1}], "back": "b.png", "card_ids": [0]}]
    saved = tts_saved_object(manifest, "https://x/", "board.png", (600.0, 450.0),
                             tokens=tokens, sheets=sheets)
    boxes = []
    for o in saved["ObjectStates"]:
        t = o["Transform"]
        if o["Name"] == "Custom_Board":
            continue
        # a tile of scale 1 is two units across; a deck or a bag about 3 × 4
        half = (t["scaleX"], t["scaleZ"]) if o["Name"] == "Custom_Tile" else (1.5, 2.0)
        x, z = t["posX"], t["posZ"]
        assert abs(x) - half[0] >= BOARD_HALF[0] or abs(z) - half[1] >= BOARD_HALF[1], o[
            "Nickname"]
        boxes.append((o["Nickname"], x - half[0], z - half[1], x + half[0], z + half[1]))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = a[3] <= b[1] or b[3] <= a[1] or a[4] <= b[2] or b[4] <= a[2]
            assert apart, (a, b)


def test_no_shipped_city_name_is_shortened_on_its_zone_token(tmp_path: Path) -> None:
    """With text 1.5 mm inside the cut, every city of the shipped island still
    prints whole on its zone token (on two lines where it must)."""
    import pypdf

    from authoring.model.workspace import Workspace, default_path
    from authoring.pdf.section import inputs_from

    path = default_path("scenarios", "scenario-1.yaml")
    inputs = inputs_from(Workspace().load(path), str(path), "fr")
    out = tmp_path / "k.pdf"
    result = export_kit(inputs, KitOptions(parts=("tokens",), cut_files=()), out)
    tokens = result.section("tokens")
    reader = pypdf.PdfReader(out)
    text = "".join(reader.pages[n - 1].extract_text()
                   for n in range(tokens.first, tokens.last + 1))
    assert "…" not in text
