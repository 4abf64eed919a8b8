"""The print-and-play kit: card sizes, clue holes where the deck says, cut files that
match the print, embedded fonts, the print-at-100 % note, reproducible bytes, duplex
page order, true-size poster, tokens (R0.2), and no half-written kit on failure."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from pathlib import Path

import pypdf
import pytest

from authoring.pdf.cards import CardOptions
from authoring.pdf.cutfile import read_svg_holes
from authoring.pdf.kit import KitResult, export_kit, layout_pages
from authoring.pdf.layout import A4, LETTER, Imposition, Paper, Rect
from authoring.pdf.section import (
    DEFAULT_GUTTER,
    PARTS,
    KitInputs,
    KitOptions,
    PrintedClue,
    parse_offset,
    parse_parts,
)

from . import sample
from .pdfcheck import MM, circles, fonts, forms_placed, match, mm_box, text_lines, text_runs

CARD = (63.0, 88.0)


def expanded(clues: Sequence[PrintedClue]) -> list[PrintedClue]:
    return [c for c in clues for _ in range(c.copies)]


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> tuple[KitResult, pypdf.PdfReader, Path]:
    """The sample content, every part, default options (one export for many tests)."""
    out = tmp_path_factory.mktemp("kit") / "sample-kit.pdf"
    result = export_kit(sample.inputs(), KitOptions(singles=True), out)
    return result, pypdf.PdfReader(out), out


# --------------------------------------------------------------------------- options


def test_parts_groups_and_did_you_mean() -> None:
    assert parse_parts(None) == PARTS
    assert parse_parts("clues, board") == ("clues", "board")
    assert parse_parts("sheets") == ("characters", "tracks", "scenario", "aids")
    assert parse_parts("cards") == ("calibration", "items", "special-items", "resistance",
                                    "events", "clues")
    with pytest.raises(ValueError, match=r"unknown part 'tokns' \(did you mean 'tokens'\?\)"):
        parse_parts("cards,tokns")


def test_back_offset_parsing() -> None:
    assert parse_offset("1.5,-0.5") == (1.5, -0.5)
    assert parse_offset(" -2 , 0 ") == (-2.0, 0.0)
    for bad in ("1.5", "a,b", "1,2,3", "30,0"):
        with pytest.raises(ValueError):
            parse_offset(bad)


def test_bleed_that_does_not_fit_is_explained() -> None:
    assert KitOptions(bleed=3).why_invalid() is None
    # the default 2 mm gutter: 264 + 4 + 2 × 5 = 278 ≤ 279.4 mm: three rows on Letter
    assert KitOptions(paper_name="letter", bleed=5).why_invalid() is None
    assert KitOptions(paper_name="letter", bleed=5).card_options().rows == 3
    # a wider bleed takes a row off the sheet rather than failing
    wide = KitOptions(paper_name="letter", bleed=7)
    assert wide.why_invalid() is None
    assert (wide.card_options().rows, wide.card_options().cols) == (2, 3)
    assert KitOptions(bleed=-1).why_invalid() == (
        "--bleed -1: the bleed must be between 0 and 10 mm")


def test_double_sided_sections_start_on_a_recto() -> None:
    class S:
        def __init__(self, n: int, duplex: bool) -> None:
            self.n, self.duplex = n, duplex

        def pages(self) -> int:
            return self.n

    sections = [S(4, True), S(3, False), S(2, True), S(1, False), S(2, True)]
    got = layout_pages(sections, 2)  # type: ignore[arg-type]
    assert got == [(1, 3, 6), (0, 7, 9), (1, 11, 12), (0, 13, 13), (1, 15, 16)]


# --------------------------------------------------------------------------- cards


def test_every_card_is_63_by_88_and_sheets_are_3_by_3(
        kit: tuple[KitResult, pypdf.PdfReader, Path]) -> None:
    result, reader, _ = kit
    imp = Imposition(A4, gap=DEFAULT_GUTTER)
    card_parts = ("items", "special-items", "resistance", "events", "clues")
    sections = [s for s in result.sections if s.part in card_parts]
    assert [s.part for s in sections] == ["items", "special-items", "resistance",
                                          "resistance", "resistance", "events", "clues"]
    for s in sections:
        assert s.duplex and s.first % 2 == 1 and (s.last - s.first + 1) % 2 == 0
        for page in range(s.first, s.last + 1):
            p = reader.pages[page - 1]
            trim, bleed = mm_box(p.trimbox), mm_box(p.bleedbox)
            # the page TrimBox is the 3 × 3 grid of 63 × 88 mm cards with two 2 mm gutters
            # each way, the BleedBox 3 mm more
            assert (round(trim[2] - trim[0], 3), round(trim[3] - trim[1], 3)) == (193.0, 268.0)
            assert (round(bleed[2] - bleed[0], 3), round(bleed[3] - bleed[1], 3)) == (199.0,
                                                                                      274.0)
            if (page - s.first) % 2 == 0:  # fronts: exactly the imposition's grid
                assert trim == imp.grid_trim.box and bleed == imp.grid_bleed.box
    for slot in imp.slots():
        assert (slot.trim.w, slot.trim.h) == CARD


def test_single_cards_file_has_card_trim_boxes(
        kit: tuple[KitResult, pypdf.PdfReader, Path]) -> None:
    """The print-shop file: one card per page, TrimBox 63 × 88 mm, BleedBox + 3 mm."""
    result, _, out = kit
    singles = out.with_name("sample-kit-cards.pdf")
    assert any(f.path == singles for f in result.files)
    reader = pypdf.PdfReader(singles)
    content = sample.content()
    cards = (sum(i.copies for i in content.items) + sum(s.copies for s in content.special_items)
             + sum(c.copies for cs in content.resistance_sets.values() for c in cs)
             + sum(e.copies for e in content.events)
             + sum(c.copies for c in sample.clue_cards(sample.island())))
    assert len(reader.pages) == 2 * cards  # each front followed by its back
    for page in reader.pages:
        assert mm_box(page.trimbox) == (3.0, 3.0, 66.0, 91.0)
        assert mm_box(page.bleedbox) == (0.0, 0.0, 69.0, 94.0)
        assert mm_box(page.mediabox) == (0.0, 0.0, 69.0, 94.0)


def test_backs_are_mirrored_behind_their_fronts_with_the_offset(tmp_path: Path) -> None:
    """Long-edge duplex with a measured offset: the back page's boxes are the front
    grid mirrored left-right, then shifted by the offset."""
    out = tmp_path / "k.pdf"
    opts = KitOptions(parts=("events",), back_offset=(1.5, -0.5))
    result = export_kit(sample.inputs(), opts, out)
    s = result.section("events")
    reader = pypdf.PdfReader(out)
    front, back = reader.pages[s.first - 1], reader.pages[s.first]
    assert mm_box(front.trimbox) == (8.5, 14.5, 201.5, 282.5)  # 193 × 268 mm, centred
    assert mm_box(back.trimbox) == (10.0, 14.0, 203.0, 282.0)


def test_short_edge_and_single_sided(tmp_path: Path) -> None:
    short = export_kit(sample.inputs(), KitOptions(parts=("calibration", "events"), duplex="short"),
                       tmp_path / "s.pdf")
    assert short.section("events").duplex
    simplex = export_kit(sample.inputs(), KitOptions(parts=("calibration", "events"),
                                                     duplex="none"),
                         tmp_path / "n.pdf")
    info = simplex.section("events")
    # single-sided: no blank verso before the section, but the back page stays
    assert not info.duplex and (info.first, info.last) == (2, 3)
    assert not (tmp_path / "n-calibration.pdf").exists()
    assert (tmp_path / "s-calibration.pdf").exists()


def test_fold_over_clue_cards_are_cut_through_both_halves(tmp_path: Path) -> None:
    """--duplex fold: each clue card's back sits right of its front, and the cut file
    holds the front's holes and, mirrored across the fold, the back's."""
    out = tmp_path / "f.pdf"
    result = export_kit(sample.inputs(), KitOptions(parts=("clues",), duplex="fold"), out)
    s = result.section("clues")
    assert not s.duplex
    board = sample.island()
    cards = expanded(sample.clue_cards(board))
    pages = -(-len(cards) // 4)
    assert (s.first, s.last) == (2, 1 + pages)
    options = KitOptions(duplex="fold").card_options()
    imp = options.imposition()
    assert (imp.paper.width, imp.rows, imp.cols) == (297.0, 2, 4)
    cut = result.cut_sheets[0]
    slots = imp.slots()
    want: list[tuple[float, float]] = []
    for k, card in enumerate(cards[:4]):
        row, pair = divmod(k, 2)
        front, back = slots[row * 4 + 2 * pair].trim, slots[row * 4 + 2 * pair + 1].trim
        for z in card.holes:
            hx, hy = board.geometry.hole_centre(z)
            want += [(front.x + hx, front.y + hy), (back.x + back.w - hx, back.y + hy)]
    got = [(h.x, h.y) for h in cut.holes if h.diameter == board.spec.minimap.hole_diameter]
    assert match(got, want, tol=0.001) == ([], [])


def test_text_that_cannot_fit_is_a_warning_naming_the_card(
        kit: tuple[KitResult, pypdf.PdfReader, Path]) -> None:
    result, _, _ = kit
    messages = [d.message for d in result.diagnostics if d.code == "card-title-overflow"]
    assert messages == ["card 'item wordy': title 'Un objet au titre vraiment beaucoup trop "
                        "long pour la carte' is wider than the card at 7 pt"]
    assert all(d.level == "warning" for d in result.diagnostics)


# --------------------------------------------------------------------------- clue cards


def expected_holes(clues: Sequence[PrintedClue], paper: Paper, bleed: float = 3.0,
                   keys: bool = False,
                   gap: float = DEFAULT_GUTTER) -> list[list[tuple[float, float, float]]]:
    """Per clue sheet: every hole in page mm, from the deck's holes mapped through
    geometry.hole_centre and the card's slot (computed here, not by the renderer)."""
    board = sample.island()
    mm = board.spec.minimap
    cards = expanded(clues)
    slots = Imposition(paper, bleed=bleed, gap=gap).slots()
    out: list[list[tuple[float, float, float]]] = []
    for first in range(0, len(cards), 9):
        sheet: list[tuple[float, float, float]] = []
        for k, card in enumerate(cards[first:first + 9]):
            trim = slots[k].trim
            if card.failure:
                continue
            for z in card.holes:
                hx, hy = board.geometry.hole_centre(z)
                sheet.append((trim.x + hx, trim.y + hy, mm.hole_diameter))
            if keys:
                for key in mm.keys:
                    sheet.append((trim.x + key.at[0], trim.y + key.at[1], key.diameter))
        out.append(sheet)
    return out


def test_holes_drawn_on_each_clue_card_are_its_perforations(
        kit: tuple[KitResult, pypdf.PdfReader, Path]) -> None:
    result, reader, _ = kit
    board = sample.island()
    r = board.spec.minimap.hole_diameter / 2
    s = result.section("clues")
    want = expected_holes(sample.clue_cards(board), A4)
    fronts = list(range(s.first, s.last + 1, 2))
    assert len(fronts) == len(want) == 2
    total = 0
    for page, sheet in zip(fronts, want, strict=True):
        drawn = [(x, y) for x, y, rr in circles(reader.pages[page - 1]) if abs(rr - r) < 0.005]
        extra, missing = match(drawn, [(x, y) for x, y, _ in sheet])
        assert extra == [] and missing == []
        total += len(drawn)
    assert total == sum(len(c.holes) * c.copies for c in sample.clue_cards(board))


def test_cut_files_match_the_printed_holes_and_marks(
        kit: tuple[KitResult, pypdf.PdfReader, Path]) -> None:
    result, reader, out = kit
    want = expected_holes(sample.clue_cards(sample.island()), A4, keys=True)
    svgs = sorted(out.parent.glob("sample-kit-perforations-*.svg"))
    assert [p.name for p in svgs] == ["sample-kit-perforations-01.svg",
                                      "sample-kit-perforations-02.svg"]
    s = result.section("clues")
    assert list(result.cut_pages) == [s.first, s.first + 2]
    for svg, sheet, cut in zip(svgs, want, result.cut_sheets, strict=True):
        text = svg.read_text("utf-8")
        assert 'stroke="#ff0000"' in text and 'stroke-width="0.01"' in text
        assert 'width="210mm" height="297mm" viewBox="0 0 210 297"' in text
        holes = read_svg_holes(text)
        extra, missing = match([(h.x, h.y) for h in holes], [(x, y) for x, y, _ in sheet],
                               tol=0.001)
        assert extra == [] and missing == []
        assert sorted(round(h.diameter, 3) for h in holes) == sorted(
            round(d, 3) for _, _, d in sheet)
        # the registration marks of the cut file are printed on the sheet, clear of cards
        marks = cut.marks
        assert len(marks) == 4 and marks[0].kind == "square"
        grid = Imposition(A4, gap=DEFAULT_GUTTER).grid_bleed
        for m in marks:
            assert not m.rect.overlaps(grid)
            assert m.rect.x >= 4.0 and m.rect.right <= 206.0
    pdf = pypdf.PdfReader(out.with_name("sample-kit-perforations.pdf"))
    assert len(pdf.pages) == 2
    data = pdf.pages[0].get_contents().get_data().decode("latin-1")  # type: ignore[union-attr]
    assert "/CutContour" in str(pdf.pages[0]["/Resources"]) or "CutContour" in data
    got = [(x, y) for x, y, r in circles(pdf.pages[0]) if r > 0.5]
    extra, missing = match(got, [(x, y) for x, y, _ in want[0]])
    assert extra == [] and missing == []


@pytest.mark.parametrize("title", ["Échec", "Rumeur"])
def test_failure_cards_have_no_hole(tmp_path: Path, title: str) -> None:
    """A failure card (R5.3) has no hole and says "échec" once (issue 25): in its
    title, or, when the title is another word, large in the map window."""
    board = sample.island()
    clues = [PrintedClue("f", title, 2, True, ())]
    out = tmp_path / "f.pdf"
    result = export_kit(KitInputs(board, clues=clues, name="f"), KitOptions(parts=("clues",)),
                        out)
    reader = pypdf.PdfReader(out)
    page = reader.pages[result.section("clues").first - 1]
    assert [c for c in circles(page) if c[2] > 0.5] == []
    text = page.extract_text()
    assert text.lower().count("échec") == 2  # once on each of the two cards
    assert result.cut_sheets[0].holes == ()
    # the grey island lies inside the card's map window, the word above it and the
    # text below it: nothing overshoots the window, no band cuts the island
    wx, wy, ww, wh = board.spec.minimap.window
    slots = Imposition(A4, gap=DEFAULT_GUTTER).slots()
    islands = [box for name, box in forms_placed(reader, page) if "island-grey" in name]
    assert len(islands) == 2
    runs = text_runs(reader, page)
    for slot, (x0, y0, x1, y1) in zip(slots[:2], islands, strict=True):
        t = slot.trim
        assert t.x + wx + 1.9 <= x0 < x1 <= t.x + wx + ww - 1.9
        assert t.y + wy + 1.9 <= y0 < y1 <= t.y + wy + wh - 1.9
        word = [r for r in runs if r.text == "ÉCHEC" and t.x <= r.x / MM <= t.right]
        note = [r for r in runs if "population" in r.text and t.x <= r.x / MM <= t.right]
        assert note and all(r.y / MM + r.size * 0.75 / 72 * 25.4 < y0 for r in note)
        if title == "Échec":
            assert word == []
            continue
        assert len(word) == 1 and word[0].y / MM > y1
        assert word[0].y / MM + 20 * 0.75 / 72 * 25.4 < t.y + wy + wh


# --------------------------------------------------------------------------- print furniture


def test_only_shipped_fonts_embedded(kit: tuple[KitResult, pypdf.PdfReader, Path]) -> None:
    _, reader, _ = kit
    found = fonts(reader)
    assert {name.split("+")[-1] for name, _, _ in found} == {
        "DejaVuSans", "DejaVuSans-Bold", "DejaVuSansCondensed", "DejaVuSansCondensed-Bold"}
    assert all(subtype == "/TrueType" and embedded for _, subtype, embedded in found)


def test_print_note_on_every_page(kit: tuple[KitResult, pypdf.PdfReader, Path]) -> None:
    result, reader, _ = kit
    assert result.pages == len(reader.pages)
    for page in reader.pages:
        text = page.extract_text()
        assert "Imprimer à 100 % · Print at 100 %" in text and "50 mm" in text


def test_contents_page_lists_every_section(kit: tuple[KitResult, pypdf.PdfReader, Path]) -> None:
    result, reader, _ = kit
    text = reader.pages[0].extract_text()
    for s in result.sections:
        pages = f"p. {s.first}" if s.first == s.last else f"p. {s.first}–{s.last}"
        assert s.title in text and pages in text


def test_same_input_same_bytes(tmp_path: Path,
                               kit: tuple[KitResult, pypdf.PdfReader, Path]) -> None:
    result, _, _ = kit
    again = export_kit(sample.inputs(), KitOptions(singles=True), tmp_path / "sample-kit.pdf")
    assert [f.path.name for f in again.files] == [f.path.name for f in result.files]
    for a, b in zip(result.files, again.files, strict=True):
        assert a.path.read_bytes() == b.path.read_bytes(), a.path.name


# --------------------------------------------------------------------------- board


def test_board_poster_is_true_size(kit: tuple[KitResult, pypdf.PdfReader, Path]) -> None:
    from authoring.pdf.layout import tile_poster

    result, reader, _ = kit
    board = sample.island()
    w, h = board.spec.size
    tiling = tile_poster(w, h, A4, overlap=10, margin=10)
    s = result.section("board")
    assert s.last - s.first + 1 == 1 + len(tiling.tiles)
    covered = set()
    for tile in tiling.tiles:
        page = reader.pages[s.first + tile.index]  # after the page map
        p = tile.placement
        assert mm_box(page.trimbox) == (p.x, p.y, p.right, p.top)
        # 1 mm of board = 1 mm of paper: the tile shows exactly its source rectangle
        assert (p.w, p.h) == (tile.source.w, tile.source.h)
        covered.add((tile.source.x, tile.source.right, tile.source.y, tile.source.top))
        assert f"{tile.label} (" in page.extract_text()
    xs = sorted({(a, b) for a, b, _, _ in covered})
    assert xs[0][0] == 0 and xs[-1][1] == w


def test_board_furniture_stays_off_the_island() -> None:
    from shapely.geometry import box

    from authoring.pdf.boardmap import board_furniture

    board = sample.island()
    f = board_furniture(board)
    assert f.eliminated == (452.0, 12.0, 134.0, 92.0)  # the board file's eliminated_area
    assert len(f.speed_cells) == len(board.spec.speed_track) == 12
    island = board.geometry.outline
    for x, y, w, h in (*f.speed_cells, f.eliminated):
        assert not box(x, y, x + w, y + h).intersects(island)
        assert x >= 0 and x + w <= board.spec.size[0] and y >= 0 and y + h <= board.spec.size[1]


# --------------------------------------------------------------------------- tokens and sheets


def test_tokens_one_per_zone_token_and_cut_files(
        kit: tuple[KitResult, pypdf.PdfReader, Path]) -> None:
    from authoring.pdf.tokens import TokenSection

    result, reader, out = kit
    board = sample.island()
    assert board.total_tokens == 76  # R0.2
    section = TokenSection(sample.inputs(), KitOptions())
    zone = [t for t in section.tokens if t.name.startswith("zone ")]
    assert len(zone) == 76
    for z in board.zones:
        assert sum(t.name == f"zone {z.id}" for t in zone) == z.tokens
    recruits = [t for t in section.tokens if t.name.startswith("recruit ")]
    assert len(recruits) == 1 + 2 + 3  # copies of A, B and the dummies
    assert sum(t.name == "planning" for t in section.tokens) == 10
    assert sum(t.name == "objective" for t in section.tokens) == 4
    svgs = sorted(out.parent.glob("sample-kit-tokens-cut-*.svg"))
    holes = [h for p in svgs for h in read_svg_holes(p.read_text("utf-8"))]
    assert len(holes) == len(section.tokens)
    assert {round(h.diameter, 3) for h in holes} == {20.0}


def test_sheets_characters_tracks_aids(kit: tuple[KitResult, pypdf.PdfReader, Path]) -> None:
    from authoring.pdf.sheets import army_column

    result, reader, _ = kit
    chars = result.section("characters")
    assert chars.last - chars.first + 1 == 2  # one page per character sheet
    text = reader.pages[chars.first - 1].extract_text()
    for word in ("Jenny Adams", "Pisteur", "Communication", "Militaire", "Ingénierie",
                 "Inventaire (max 4 cartes Objet, R5.4)", "Compteur d'actions",
                 "Réserve de cubes Réputation — au départ : 1 cube (R2.9)",
                 "Bonus de niveau max"):
        assert word in text
    tracks = result.section("tracks")
    assert tracks.last - tracks.first + 1 == 3
    board = sample.island()
    assert army_column(board, 4)[:5] == [1, 2, 3, 4, 5]  # the 4-player track is 1:1 (D8.1)
    assert army_column(board, 3)[:6] == [1, 2, 2, 3, 4, 5]  # round(t × 3 / 4), halves up
    assert army_column(board, 5)[-1] == math.floor(45 * 5 / 4 + 0.5)
    t3 = reader.pages[tracks.first - 1].extract_text()
    assert "Compteur d'actions — 3 joueurs" in t3 and "15 / 30 / 45" in t3
    for number in range(tracks.first, tracks.last + 1):
        lines = text_lines(reader.pages[number - 1])
        intro = min(y for y, size, _ in lines if size == 7.5)
        heads = max(y for y, size, _ in lines if size == 10.0)
        assert intro - heads >= 4.0, (number, intro, heads)  # the intro clears the heads
    aids = result.section("aids")
    aid = reader.pages[aids.first - 1].extract_text()
    assert "Aide de jeu — Bleu" in aid and "R8.4" in aid and "Fabriquer (R5.5)" in aid


def test_english_kit(tmp_path: Path) -> None:
    out = tmp_path / "en.pdf"
    export_kit(sample.inputs(), KitOptions(parts=("items", "aids"), lang="en"), out)
    reader = pypdf.PdfReader(out)
    text = "".join(p.extract_text() for p in reader.pages)
    assert "Contents" in text and "Toolbox" in text and "Player aid — Blue" in text
    assert "+1 Engineering while this card is in your inventory" in " ".join(text.split())
    # the bonus icon is signed (R1.2), below the generated emblem (⚒ item, ✚ skill)
    assert "Toolbox\nITEM\n⚒\n✚\nI\n+1\n" in text


def test_letter_paper(tmp_path: Path) -> None:
    out = tmp_path / "l.pdf"
    result = export_kit(sample.inputs(), KitOptions(paper_name="letter", parts=("clues",)), out)
    page = pypdf.PdfReader(out).pages[result.section("clues").first - 1]
    assert mm_box(page.mediabox) == (0.0, 0.0, 215.9, 279.4)
    r = sample.island().spec.minimap.hole_diameter / 2
    want = expected_holes(sample.clue_cards(sample.island()), LETTER)[0]
    drawn = [(x, y) for x, y, rr in circles(page) if abs(rr - r) < 0.005]
    assert match(drawn, [(x, y) for x, y, _ in want]) == ([], [])
    for m in result.cut_sheets[0].marks:
        assert not m.rect.overlaps(Imposition(LETTER, gap=DEFAULT_GUTTER).grid_bleed)


def test_a_failure_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from authoring.pdf import sheets

    def boom(self: object, w: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(sheets.AidSection, "draw", boom)
    with pytest.raises(RuntimeError):
        export_kit(sample.inputs(), KitOptions(parts=("clues", "aids")), tmp_path / "x.pdf")
    assert list(tmp_path.iterdir()) == []


def test_card_options_follow_the_kit_options() -> None:
    opts = KitOptions(paper_name="letter", bleed=2, duplex="short", back_offset=(1, 2))
    c = opts.card_options()
    assert c == CardOptions(paper=LETTER, bleed=2, duplex="short", back_offset=(1, 2),
                            gap=DEFAULT_GUTTER, title="Cartes", label="Cartes")


def test_clue_cards_from_a_deck_use_its_hole_ids() -> None:
    from authoring.pdf.section import clue_cards_of

    board = sample.island()

    class Card:
        def __init__(self, cid: str, holes: frozenset[str], failure: bool = False) -> None:
            self.id, self.title, self.title_en = cid, "Titre", "Title"
            self.copies, self.failure, self.hole_ids = 2, failure, holes
            self.holes = 0b101  # a bitset: never read when hole_ids is there

    class Deck:
        cards = (Card("a", frozenset({"N-E 1", "N-O 3"})), Card("f", frozenset(), True))

    got = clue_cards_of(Deck(), board, "en")
    # in English a card is named by its English title's words
    assert got == [PrintedClue("a", "Title", 2, False, ("N-O 3", "N-E 1"), printed_id="title"),
                   PrintedClue("f", "Title", 2, True, (), printed_id="title")]


def test_json_summary_is_serialisable(kit: tuple[KitResult, pypdf.PdfReader, Path]) -> None:
    from authoring.pdf.kit import summary

    result, _, _ = kit
    data = json.loads(json.dumps(summary(result)))
    assert data["pages"] == result.pages
    assert re.match(r".*sample-kit\.pdf$", data["files"][0]["path"])


def test_warnings_point_at_the_card_in_its_yaml_file(tmp_path: Path) -> None:
    """A title too long for the card is reported at its line in the content file."""
    from authoring.pdf.section import Locator

    items = tmp_path / "items.yaml"
    items.write_text(
        "kind: items\n"
        "items:\n"
        "  - id: toolbox\n"
        "    title: Caisse à outils\n"
        "    kind: bonus\n"
        "  - id: wordy\n"
        "    title: Un objet au titre vraiment beaucoup trop long pour la carte\n"
        "    kind: bonus\n", "utf-8")
    locate = Locator({"items": items})
    span = locate("item wordy")
    assert span is not None and (span.line, span.col) == (7, 12)
    assert locate("item nowhere") is None and locate("event wordy") is None
    inputs = sample.inputs()
    inputs.locate = locate
    result = export_kit(inputs, KitOptions(parts=("items",)), tmp_path / "k.pdf")
    d = next(d for d in result.diagnostics if d.code == "card-title-overflow")
    assert d.format().startswith(f"{span.file}:7:12: warning: card 'item wordy': title ")


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
def test_a_gutter_leaves_bleed_between_all_cards_and_holes_follow(
        tmp_path: Path, paper: Paper) -> None:
    """Issue 14: ``--gutter 3`` puts 3 mm between neighbouring cards, filled with their
    bleed (1.5 mm each), and the perforations move with the cards."""
    out = tmp_path / "g.pdf"
    options = KitOptions(gutter=3.0, parts=("clues",), cut_files=(),
                         paper_name=paper.name.lower())
    result = export_kit(sample.inputs(), options, out)
    imp = options.card_options().imposition()
    assert imp.gap == 3.0 and imp.inner_bleed == 1.5
    slots = imp.slots()
    for a in slots:
        for b in slots:
            if a.row == b.row and b.col == a.col + 1:
                assert round(b.trim.left - a.trim.right, 6) == 3.0
                assert a.bleed.right == b.bleed.left == a.trim.right + 1.5
            if a.col == b.col and b.row == a.row + 1:
                assert round(a.trim.bottom - b.trim.top, 6) == 3.0
    reader = pypdf.PdfReader(out)
    assert (round(mm_box(reader.pages[2].trimbox)[2] - mm_box(reader.pages[2].trimbox)[0], 3)
            == 3 * 63 + 2 * 3)
    board = sample.island()
    r = board.spec.minimap.hole_diameter / 2
    s = result.section("clues")
    want = expected_holes(sample.clue_cards(board), paper, gap=3.0)
    for page, sheet in zip(range(s.first, s.last + 1, 2), want, strict=True):
        drawn = [(x, y) for x, y, rr in circles(reader.pages[page - 1]) if abs(rr - r) < 0.005]
        extra, missing = match(drawn, [(x, y) for x, y, _ in sheet])
        assert extra == [] and missing == []


# --------------------------------------------------------------------------- card faces


def test_every_shipped_card_has_a_picture_or_a_generated_face() -> None:
    """No card face shows an empty art box: the shipped cards have no ``art:``, so
    each gets a generated emblem (its family symbol first)."""
    from authoring.model.workspace import Workspace, default_path
    from authoring.pdf.game_cards import DECK_PARTS, FAMILY_GLYPHS, decks_for

    ws = Workspace()
    scenario = ws.load(default_path("scenarios", "scenario-1.yaml"))
    content = scenario.content  # type: ignore[union-attr]
    faces = 0
    for part in DECK_PARTS:
        for deck in decks_for(part, content, "fr"):
            for face in deck.faces:
                assert face.art is not None or face.glyphs[0] == FAMILY_GLYPHS[part], face
                faces += 1
    assert faces == 120  # items, special items, the resistance sets, events


def test_card_art_fills_the_art_box(tmp_path: Path) -> None:
    """``art:`` pictures (JPEG and SVG) are drawn in the art box, scaled to cover
    it; the JPEG is embedded once for its two copies."""
    import shutil

    from authoring.model.workspace import Workspace
    from authoring.pdf.cards import CardOptions, render_cards
    from authoring.pdf.game_cards import item_deck

    art = Path(__file__).resolve().parents[1] / "cases" / "content" / "art"
    shutil.copytree(art, tmp_path / "art")
    (tmp_path / "items.yaml").write_text(
        "kind: items\nitems:\n"
        "  - {id: knife, title: Couteau, kind: useless, copies: 2, art: art/sharp.jpg}\n"
        "  - {id: toolbox, title: Boîte, kind: useless, art: art/toolbox.svg}\n", "utf-8")
    ws = Workspace()
    items = ws.load(tmp_path / "items.yaml")
    assert not ws.report.diagnostics
    deck = item_deck(items.items, "fr")  # type: ignore[union-attr]
    assert deck is not None
    result = render_cards(deck.faces, deck.back, tmp_path / "c.pdf", CardOptions())
    page = pypdf.PdfReader(tmp_path / "c.pdf").pages[0]
    xobjects = page["/Resources"]["/XObject"]  # type: ignore[index]
    images = [k for k in xobjects if xobjects[k]["/Subtype"] == "/Image"]
    assert len(images) == 1  # one JPEG, drawn on two cards
    data = page.get_contents().get_data().decode("latin-1")  # type: ignore[union-attr]
    assert data.count(f"{images[0]} Do") == 2
    # the SVG's brown box is drawn as vector paths in the third card's art box
    assert "0.541176 0.427451 0.231373 rg" in data or ".541176 .427451 .231373 rg" in data
    assert result.pages == 2


@pytest.mark.parametrize(("paper", "size", "grid"), [
    ("a3", (297.0, 420.0), (4, 4)), ("legal", (215.9, 355.6), (3, 3)),
    ("tabloid", (279.4, 431.8), (4, 4))])
def test_larger_papers_hold_more_cards(tmp_path: Path, paper: str,
                                       size: tuple[float, float], grid: tuple[int, int]) -> None:
    opts = KitOptions(paper_name=paper, parts=("events",))
    c = opts.card_options()
    assert (c.rows, c.cols) == grid
    out = tmp_path / "k.pdf"
    result = export_kit(sample.inputs(), opts, out)
    page = pypdf.PdfReader(out).pages[result.section("events").first - 1]
    assert mm_box(page.mediabox) == (0.0, 0.0, *size)
    assert not [d for d in result.diagnostics if d.code.startswith("crop")]


def test_cmyk_kit_sets_no_rgb_colour(tmp_path: Path) -> None:
    """--cmyk: every colour operator of the kit is CMYK (k/K), none RGB (rg/RG)."""
    out = tmp_path / "k.pdf"
    export_kit(sample.inputs(), KitOptions(parts=("events", "tokens"), cmyk=True), out)
    rgb = cmyk = 0
    for page in pypdf.PdfReader(out).pages:
        data = page.get_contents().get_data().decode("latin-1")  # type: ignore[union-attr]
        rgb += len(re.findall(r"(?:^|\s)(?:[\d.]+ ){3}(?:rg|RG)\b", data))
        cmyk += len(re.findall(r"(?:^|\s)(?:[\d.]+ ){4}(?:k|K)\b", data))
    assert rgb == 0 and cmyk > 50


def test_the_board_also_comes_true_size_on_one_sheet(tmp_path: Path) -> None:
    out = tmp_path / "k.pdf"
    result = export_kit(sample.inputs(), KitOptions(parts=("board",)), out)
    sheet = out.with_name("k-board.pdf")
    assert any(f.path == sheet for f in result.files)
    reader = pypdf.PdfReader(sheet)
    w, h = sample.island().spec.size
    assert len(reader.pages) == 1
    page = reader.pages[0]
    # the board is the TrimBox; the sea runs on over the 3 mm bleed (issue 25)
    assert mm_box(page.trimbox) == (3, 3, w + 3, h + 3)
    assert mm_box(page.mediabox) == mm_box(page.bleedbox) == (0, 0, w + 6, h + 6)


def test_silhouette_marks_at_their_places_and_card_outlines_in_the_cut_file(
        tmp_path: Path) -> None:
    """--cutter silhouette: the type-1 marks 10 mm in from the edges (a 5 mm square
    top-left, 20 × 0.5 mm L-brackets top-right and bottom-left), every card's bleed
    MARK_CLEARANCE from them (on A4, 3 × 2 portrait: 2 × 4 landscape came within
    1.5 mm of the square), no crop marks, and each card's rounded outline in the
    cut SVG."""
    import xml.etree.ElementTree as ET

    from authoring.pdf.cutfile import MARK_CLEARANCE, SVG_NS

    out = tmp_path / "k.pdf"
    opts = KitOptions(parts=("events", "clues"), cutter="silhouette", corner_radius=3.0)
    result = export_kit(sample.inputs(), opts, out)
    imp = opts.card_options().imposition()
    assert (imp.paper.width, imp.paper.height, imp.rows, imp.cols) == (210.0, 297.0, 3, 2)
    assert imp.crop_marks() == ()
    for sheet in result.cut_sheets:
        square, tr, bl = sheet.marks
        assert (square.kind, square.rect) == ("square", Rect(10.0, 282.0, 5.0, 5.0))
        assert tr.kind == "bracket-tr" and tr.arms() == (Rect(180.0, 286.5, 20.0, 0.5),
                                                        Rect(199.5, 267.0, 0.5, 20.0))
        assert bl.kind == "bracket-bl" and bl.arms() == (Rect(10.0, 10.0, 20.0, 0.5),
                                                        Rect(10.0, 10.0, 0.5, 20.0))
        for card in sheet.outlines:
            assert (card.w, card.h) == (63.0, 88.0)
            for m in sheet.marks:
                for arm in m.areas():
                    assert not card.expand(3.0).overlaps(arm.expand(MARK_CLEARANCE))
    events, clues = result.section("events"), result.section("clues")
    assert [s.label.split(" — ")[0] for s in result.cut_sheets].count("Cartes Événement") == 1
    assert events.first in result.cut_pages and clues.first in result.cut_pages
    svg = out.with_name("k-perforations-01.svg").read_text("utf-8")
    root = ET.fromstring(svg)
    cut = next(g for g in root.iter(f"{{{SVG_NS}}}g") if g.get("id") == "cut")
    rects = [r for r in cut.iter(f"{{{SVG_NS}}}rect")]
    assert len(rects) == 2  # the two event cards of the sample
    assert {(r.get("width"), r.get("height"), r.get("rx")) for r in rects} == {("63", "88", "3")}


def test_board_labels_read_at_4_5_to_1_and_cross_no_road() -> None:
    """Every zone label reaches WCAG's 4.5:1 on the ground under it (the region's
    tint, terrain or sea), and none crosses a road or mountain path."""
    from shapely.geometry import LineString, box

    from authoring.model.workspace import Workspace, default_path
    from authoring.pdf.boardmap import contrast, zone_labels

    ws = Workspace()
    board = ws.load(default_path("scenarios", "boards", "island.yaml"))
    labels = zone_labels(board)  # type: ignore[arg-type]
    assert len(labels) == len(board.zones)  # type: ignore[union-attr]
    for lab in labels:
        assert contrast(lab.colour, lab.ground) >= 4.5, lab.zone
        assert contrast(lab.city_colour, lab.ground) >= 4.5, lab.zone
    roads = [LineString([board.zone(r.a).at, board.zone(r.b).at])  # type: ignore[union-attr]
             for r in board.roads]  # type: ignore[union-attr]
    crossed = [lab.zone for lab in labels if any(box(*lab.box).intersects(r) for r in roads)]
    assert crossed == []


def test_english_kit_titles_and_card_names_are_english(tmp_path: Path) -> None:
    """--lang en: the scenario's English title on the contents page and in the PDF
    metadata; clue cards name themselves by their English title, not the file's
    French ids."""
    from authoring.model.workspace import Workspace, default_path
    from authoring.pdf.section import inputs_from

    ws = Workspace()
    path = default_path("scenarios", "scenario-1.yaml")
    scenario = ws.load(path)
    out = tmp_path / "en.pdf"
    export_kit(inputs_from(scenario, str(path), "en"), KitOptions(parts=("clues",), lang="en"),
               out)
    reader = pypdf.PdfReader(out)
    title = scenario.spec.title.en  # type: ignore[union-attr]
    assert reader.metadata is not None and reader.metadata.title == f"Project: Resistance — {title}"
    assert f"Print-and-play kit — {title}" in reader.pages[0].extract_text()
    words = " ".join(p.extract_text() for p in reader.pages[1:])
    assert "north-of-the-island" in words
    assert not re.search(r"\bnord\b", words)
