"""Rendered PDFs: page boxes in mm, embedded fonts only, reproducible bytes,
cards where the layout says, warnings for text that cannot fit, calibration."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pypdf
import pytest

from authoring.pdf.canvas import MM, PdfDocument, font_path, string_width
from authoring.pdf.cards import (
    CardBack,
    CardFace,
    CardOptions,
    RenderResult,
    card_placements,
    render_calibration,
    render_cards,
)
from authoring.pdf.layout import A4, LETTER, Rect, behind_point

STANDARD_14 = {
    "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica",
    "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman", "Times-Bold",
    "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats",
}
FRENCH = "Élan — « œuvre » : ça, à, è, ’ …"


def faces(n: int) -> list[CardFace]:
    out = [
        CardFace(f"Carte {i} {FRENCH[:4]}", kind="Objet", body=f"Gagnez **2** cubes. {FRENCH}",
                 icons={"C": 2, "M": 1, "I": 3}, cost=i % 3 or None, art_caption="Art",
                 footer=f"#{i}", key=f"item-{i}")
        for i in range(n)
    ]
    return out


def render(path: Path, n: int = 11, **kw: Any) -> RenderResult:
    return render_cards(faces(n), CardBack("Résistance", "Objet"), path, CardOptions(**kw))


@pytest.fixture(scope="module")
def a4(tmp_path_factory: pytest.TempPathFactory) -> tuple[RenderResult, pypdf.PdfReader]:
    path = tmp_path_factory.mktemp("pdf") / "cards.pdf"
    result = render(path, back_offset=(1.5, -0.5))
    return result, pypdf.PdfReader(path)


def mm_box(box: pypdf.generic.RectangleObject) -> tuple[float, ...]:
    return tuple(round(float(v) / MM, 3) for v in (box.left, box.bottom, box.right, box.top))


def test_pages_fronts_then_backs(a4: tuple[RenderResult, pypdf.PdfReader]) -> None:
    result, reader = a4
    assert result.pages == 4 == len(reader.pages)
    assert result.placement(9, "front").page == 3 and result.placement(9, "back").page == 4
    assert result.placements == card_placements(11, CardOptions(back_offset=(1.5, -0.5)))
    for page in reader.pages:
        assert mm_box(page.mediabox) == (0.0, 0.0, 210.0, 297.0)


def test_trim_and_bleed_boxes_on_every_card_page(a4: tuple[RenderResult, pypdf.PdfReader]) -> None:
    _, reader = a4
    front, back = reader.pages[0], reader.pages[1]
    assert mm_box(front.trimbox) == (10.5, 16.5, 199.5, 280.5)
    assert mm_box(front.bleedbox) == (7.5, 13.5, 202.5, 283.5)
    # the back page is mirrored (symmetric here) and shifted by the back offset
    assert mm_box(back.trimbox) == (12.0, 16.0, 201.0, 280.0)
    assert mm_box(back.bleedbox) == (9.0, 13.0, 204.0, 283.0)
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page


def content(page: pypdf.PageObject) -> str:
    stream = page.get_contents()
    assert stream is not None
    return stream.get_data().decode("latin-1")


def _clip_rects(page: pypdf.PageObject) -> list[tuple[float, ...]]:
    data = content(page)
    found = re.findall(r"n ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W\* n", data)
    return [tuple(round(float(v) / MM, 2) for v in r) for r in found]


def test_cards_are_drawn_where_the_layout_places_them(
        a4: tuple[RenderResult, pypdf.PdfReader]) -> None:
    """Each card is clipped to its bleed box: the clip rectangles in the page's
    content stream are exactly the placements' bleed boxes, 63 × 88 mm trims."""
    result, reader = a4
    for number, page in enumerate(reader.pages, start=1):
        expected = [p.bleed for p in result.placements if p.page == number]
        got = [Rect(*r) for r in _clip_rects(page)]
        assert got == [Rect(round(b.x, 2), round(b.y, 2), round(b.w, 2), round(b.h, 2))
                       for b in expected]
    front = result.placement(0, "front")
    back = result.placement(0, "back")
    assert front.trim == Rect(10.5, 192.5, 63.0, 88.0)
    assert back.trim == Rect(138.0, 192.0, 63.0, 88.0)  # mirrored + (1.5, -0.5)
    assert behind_point(A4, "long", back.trim.cx - 1.5, back.trim.cy + 0.5) == (
        front.trim.cx, front.trim.cy)


def test_only_embedded_truetype_fonts(a4: tuple[RenderResult, pypdf.PdfReader]) -> None:
    _, reader = a4
    seen = set()
    for page in reader.pages:
        resources: Any = page["/Resources"]
        fonts = resources["/Font"]
        for ref in fonts.values():
            font = ref.get_object()
            base = str(font["/BaseFont"])
            seen.add(base.split("+")[-1])
            assert base.split("+")[-1].lstrip("/") not in STANDARD_14
            assert font["/Subtype"] == "/TrueType"
            assert "/FontFile2" in font["/FontDescriptor"].get_object()
    assert seen == {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSansCondensed",
                    "DejaVuSansCondensed-Bold"}


def test_french_text_and_print_note_on_every_page(
        a4: tuple[RenderResult, pypdf.PdfReader]) -> None:
    _, reader = a4
    texts = [page.extract_text() for page in reader.pages]
    for text in texts:
        assert "Imprimer à 100 % · Print at 100 %" in text
        assert "50 mm" in text
    assert "« œuvre » : ça, à, è, ’ …" in texts[0]
    assert "Cartes — recto 1/2" in texts[0] and "Cartes — verso 1/2 (bord long)" in texts[1]


def test_same_input_same_bytes(tmp_path: Path) -> None:
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    render(a, n=4)
    render(b, n=4)
    assert a.read_bytes() == b.read_bytes()
    assert b"/CreationDate (D:20000101000000+00'00')" in a.read_bytes()


def test_same_bytes_in_another_process_with_another_hash_seed(tmp_path: Path) -> None:
    """Nothing depends on set/dict iteration order or the clock."""
    import os
    import subprocess
    import sys

    here = tmp_path / "here.pdf"
    there = tmp_path / "there.pdf"
    render(here, n=4)
    code = (
        "import sys; sys.path.insert(0, 'tests/pdf'); from pathlib import Path; "
        f"from test_render import render; render(Path({str(there)!r}), n=4)"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    subprocess.run([sys.executable, "-c", code], check=True, env=env)
    assert here.read_bytes() == there.read_bytes()


def test_write_is_atomic_and_nothing_written_on_error(tmp_path: Path) -> None:
    target = tmp_path / "out.pdf"
    with pytest.raises(RuntimeError), PdfDocument(target, title="t") as doc:
        with doc.page(A4):
            pass
        raise RuntimeError("boom")
    assert not target.exists()
    assert list(tmp_path.iterdir()) == []


def test_long_text_shrinks_then_warns_naming_the_card(tmp_path: Path) -> None:
    cards = [
        CardFace("Court", body="Une ligne."),
        CardFace("Moyen", body="Un texte moyen qui tient en plus petit. " * 9, key="moyen"),
        CardFace("Absurde", body="Beaucoup trop de texte. " * 200, key="absurde"),
    ]
    result = render_cards(cards, None, tmp_path / "c.pdf")
    assert [d.code for d in result.diagnostics] == ["card-text-overflow"]
    (d,) = result.diagnostics
    assert d.level == "warning" and "card 'absurde'" in d.message
    assert d.path == "cards.2"
    assert "at 6 pt" in d.message and "hint" not in d.message
    assert result.pages == 1  # no backs without a back design


def test_title_overflow_and_no_cards(tmp_path: Path) -> None:
    long_title = render_cards([CardFace("Un titre beaucoup trop long pour une carte")], None,
                              tmp_path / "t.pdf")
    assert [d.code for d in long_title.diagnostics] == ["card-title-overflow"]
    none = render_cards([], None, tmp_path / "none.pdf")
    assert [d.code for d in none.diagnostics] == ["cards-none"]
    assert not (tmp_path / "none.pdf").exists()


def test_bonus_icons_print_signed_requirements_plain(tmp_path: Path) -> None:
    """A skill bonus or malus (R1.2) shows its sign; a requirement or value does not."""
    cards = [CardFace("Bonus", icons={"M": 1, "C": -2}, icons_signed=True),
             CardFace("Seuil", icons={"I": 3})]
    render_cards(cards, None, tmp_path / "i.pdf")
    text = pypdf.PdfReader(tmp_path / "i.pdf").pages[0].extract_text()
    assert text.startswith("Bonus\nM\n+1\nC\n\u22122\nSeuil\nI\n3\n")


def test_letter_short_edge_backs(tmp_path: Path) -> None:
    result = render(tmp_path / "l.pdf", n=2, paper=LETTER, duplex="short")
    assert [d.code for d in result.diagnostics] == []  # marks fit over the bleed (issue 14)
    reader = pypdf.PdfReader(tmp_path / "l.pdf")
    assert mm_box(reader.pages[0].trimbox) == (13.45, 7.7, 202.45, 271.7)
    back = result.placement(0, "back")
    assert back.rotated and back.trim == Rect(13.45, 7.7, 63.0, 88.0)


def test_single_sided_keeps_every_back_on_its_own_page(tmp_path: Path) -> None:
    """--duplex none: no card loses its back; each back page follows its front,
    laid out as if the sheet were turned by hand on its long edge."""
    result = render(tmp_path / "s.pdf", n=10, duplex="none")
    assert result.pages == 4
    backs = [p for p in result.placements if p.side == "back"]
    assert len(backs) == 10 and {p.page for p in backs} == {2, 4}
    long = render(tmp_path / "l.pdf", n=10, duplex="long")
    assert [p.trim for p in backs] == [p.trim for p in long.placements if p.side == "back"]
    labels = [page.extract_text() for page in pypdf.PdfReader(tmp_path / "s.pdf").pages]
    assert "verso 1/2 (à imprimer à part" in labels[1].replace("\n", " ")


def test_fold_over_puts_each_back_beside_its_front(tmp_path: Path) -> None:
    result = render(tmp_path / "f.pdf", n=10, duplex="fold")
    assert result.pages == 3  # 4 cards a sheet, landscape
    for k in range(10):
        front, back = result.placement(k, "front"), result.placement(k, "back")
        assert front.page == back.page and front.trim.right == back.trim.left
    reader = pypdf.PdfReader(tmp_path / "f.pdf")
    assert mm_box(reader.pages[0].mediabox) == (0.0, 0.0, 297.0, 210.0)
    assert "pli" in reader.pages[0].extract_text()


def test_calibration_points_and_rulers(tmp_path: Path) -> None:
    cal = render_calibration(tmp_path / "cal.pdf", CardOptions(back_offset=(0.5, -1.0)))
    assert cal.fronts[0] == (35.0, 262.0) and cal.fronts[2] == (105.0, 148.5)
    assert cal.backs[0] == (175.5, 261.0)  # behind (35, 262) = (175, 262), + offset
    assert cal.backs[2] == (105.5, 147.5)
    reader = pypdf.PdfReader(tmp_path / "cal.pdf")
    assert len(reader.pages) == 2
    assert "--back-offset" in reader.pages[1].extract_text()
    assert cal.diagnostics == ()


def test_fonts_ship_with_the_package() -> None:
    path = font_path("DejaVuSans")
    assert path.is_file() and path.parent.name == "fonts"
    assert (path.parent / "LICENSE-DejaVu.txt").is_file()
    assert string_width("Élan", "DejaVuSans", 10) > 0


def test_custom_face_callback_gets_the_trim_box_in_mm(tmp_path: Path) -> None:
    seen: list[tuple[float, ...]] = []

    def draw(c: Any, x: float, y: float, w: float, h: float) -> None:
        seen.append((x, y, w, h))

    art_seen: list[tuple[float, ...]] = []

    def art(c: Any, x: float, y: float, w: float, h: float) -> None:
        art_seen.append((round(x, 3), round(w, 3), round(h, 3)))

    cards = [CardFace("", draw=draw), CardFace("Objet", art=art)]
    result = render_cards(cards, None, tmp_path / "cb.pdf")
    assert seen == [(10.5, 192.5, 63.0, 88.0)]
    assert result.placement(0).trim == Rect(*seen[0])
    # the art box spans the card inside the 3 mm safe margins, 26 mm high
    assert art_seen == [(76.5, 57.0, 26.0)]


def test_every_pdf_embeds_its_fonts(tmp_path: Path) -> None:
    from authoring.pdf.cutfile import CutSheet, Hole, write_cut_pdf

    render_calibration(tmp_path / "cal.pdf")
    write_cut_pdf([CutSheet(A4, (Hole(50, 50, 3),))], tmp_path / "cut.pdf")
    for name in ("cal.pdf", "cut.pdf"):
        for page in pypdf.PdfReader(tmp_path / name).pages:
            resources: Any = page["/Resources"]
            for ref in resources["/Font"].values():
                font = ref.get_object()
                assert "/FontFile2" in font["/FontDescriptor"].get_object()


def test_poster_pages_clip_each_tile(tmp_path: Path) -> None:
    from authoring.pdf.canvas import render_poster
    from authoring.pdf.layout import tile_poster

    calls: list[tuple[float, ...]] = []

    def board(c: Any, x: float, y: float, w: float, h: float) -> None:
        calls.append((x, y, w, h))

    tiling = tile_poster(600, 450, A4)
    result = render_poster(board, tiling, tmp_path / "board.pdf")
    assert result.pages == 9 and result.issues == ()
    # once per tile, the poster's lower-left corner in page mm: the tile's source
    # corner lands on its placement (A1: x 0, y 220 → page 10, 57)
    assert calls == [(t.placement.x - t.source.x, t.placement.y - t.source.y, 600, 450)
                     for t in tiling.tiles]
    assert calls[0] == (10.0, -163.0, 600, 450)
    assert [page for _, page in result.tile_pages] == list(range(2, 10))
    reader = pypdf.PdfReader(tmp_path / "board.pdf")
    a1 = reader.pages[1]
    assert mm_box(a1.trimbox) == (10.0, 57.0, 167.5, 287.0)
    assert "Plateau — A1 (1/8)" in a1.extract_text()
    assert _clip_rects(a1) == [(10.0, 57.0, 157.5, 230.0)]


def test_token_sheets_fronts_backs_and_cut_file(tmp_path: Path) -> None:
    from authoring.pdf.cards import render_tokens
    from authoring.pdf.cutfile import read_svg_holes, sheet_svg, token_cut_sheets
    from authoring.pdf.layout import TokenGrid

    drawn: list[tuple[str, float, float]] = []

    def face(c: Any, x: float, y: float, w: float, h: float) -> None:
        drawn.append(("front", x, y))

    def back(c: Any, x: float, y: float, w: float, h: float) -> None:
        drawn.append(("back", x, y))

    grid = TokenGrid(A4, size=22)
    result = render_tokens([face] * 3, grid, tmp_path / "t.pdf", backs=back)
    assert result.pages == 2
    assert (grid.rows, grid.cols) == (10, 7)  # 7 × 22 + 6 × 3 = 172 mm, centred: x = 19
    assert result.fronts[0].trim == Rect(19.0, 250.0, 22.0, 22.0)
    # long-edge: behind the top-left token is the top-right slot of the back page
    assert result.backs[0].trim == Rect(169.0, 250.0, 22.0, 22.0)
    assert drawn[:4] == [("front", 19.0, 250.0), ("front", 44.0, 250.0),
                         ("front", 69.0, 250.0), ("back", 169.0, 250.0)]
    (sheet,) = token_cut_sheets(grid, 3)
    holes = read_svg_holes(sheet_svg(sheet))
    assert [(h.x, h.y, h.diameter) for h in holes] == [
        (30.0, 261.0, 22.0), (55.0, 261.0, 22.0), (80.0, 261.0, 22.0)]
    assert all(not m.rect.overlaps(s.bleed) for m in sheet.marks for s in grid.slots(77))


def test_primitives_draw_into_one_open_document(tmp_path: Path) -> None:
    """Cards, tokens, the calibration sheet and a poster share one PdfDocument (as in
    the kit); every finished page reaches ``on_page``; placements count from the
    first page each call draws."""
    from authoring.io.diagnostics import Report
    from authoring.pdf.canvas import draw_poster
    from authoring.pdf.cards import draw_calibration, draw_card_sheets, draw_token_sheets
    from authoring.pdf.layout import TokenGrid, tile_poster

    def nothing(c: Any, x: float, y: float, w: float, h: float) -> None:
        pass

    labels: list[str] = []
    report = Report()
    tiling = tile_poster(300, 200, A4)
    doc = PdfDocument(tmp_path / "all.pdf", title="t", on_page=lambda p: labels.append(p.label))
    with doc:
        draw_card_sheets(doc, faces(1), None, CardOptions(label="Pioche"), report=report)
        placements = draw_card_sheets(doc, faces(2), CardBack("B"),
                                      CardOptions(label="Deck", lang="en"), report=report)
        draw_token_sheets(doc, [nothing] * 3, TokenGrid(A4, size=22), label="Jetons")
        draw_calibration(doc, CardOptions(duplex="none"), report=report, file="cal")
        tiles = draw_poster(doc, nothing, tiling, assembly_page=False,
                            page_label=lambda t: f"Poster {t.label}")
    assert labels == ["Pioche — recto 1/1", "Deck — front 1/1", "Deck — back 1/1 (long edge)",
                      "Jetons 1/1", "Calibration — recto", "Calibration — verso",
                      *(f"Poster {t.label}" for t in tiling.tiles)]
    assert [(p.index, p.side, p.page) for p in placements] == [
        (0, "front", 1), (1, "front", 1), (0, "back", 2), (1, "back", 2)]
    assert [page for _, page in tiles] == list(range(7, 7 + len(tiling.tiles)))
    assert [d.code for d in report.diagnostics] == ["calibration-duplex-none"]
    assert len(pypdf.PdfReader(tmp_path / "all.pdf").pages) == len(labels)
